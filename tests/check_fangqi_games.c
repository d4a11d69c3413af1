/*
 * check_fangqi_games.c - random Fangqi games (doc/rules.md §0, §4) checked
 * action by action against a model of the rules written here: the exact
 * legal set (which also pins who acts, the phase and the pending
 * removals), the player to move, the end and the winner, scores and
 * chains; then the rendering, save/load and undo to the start.  And
 * mg_state_playout: reaching the end on the default board, and drawing
 * exactly the actions of the generic loop (legal actions ascending, one
 * draw of the library's splitmix64 stream each) for every option and on
 * boards of every kind of line (the playout op's table path for lines of
 * at most 8 points, its bit scans for longer ones).
 */
#include "fangqi_test.h"
#include "model_diff.h"
#include "test_rng.h"

/* ------------------------------------------------------------- model */

enum { PH_PLACE, PH_INIT, PH_SQUARE, PH_MOVE, PH_OVER };

typedef struct {
    int w, h, P, S;
    int rook, extra, cop, ko, enc, lose_below, limit;
} fq_opts;

typedef struct {
    fq_opts o;
    signed char b[FQ_MAXP]; /* -1 empty, 0, 1 */
    int phase, turn, pending, placed, noncap, winner, last_to;
    int q[2];
    int kosq[2][4], nko[2];
} fq_model;

static int spec_bool(const char *spec, const char *key)
{
    char k[64];
    snprintf(k, sizeof k, "%s=true", key);
    return strstr(spec, k) != NULL;
}

static void m_init(fq_model *m, const mg_game *g)
{
    char spec[512];
    int i;
    memset(m, 0, sizeof *m);
    spec_of(g, spec, sizeof spec);
    m->o.w = spec_int(spec, "width=");
    m->o.h = spec_int(spec, "height=");
    m->o.P = m->o.w * m->o.h;
    m->o.S = m->o.w + m->o.h - 2;
    m->o.rook = strstr(spec, "movement=rook") != NULL;
    m->o.extra = spec_bool(spec, "extra_removal");
    m->o.cop = spec_bool(spec, "capture_on_placement");
    m->o.ko = spec_bool(spec, "ko");
    m->o.enc = spec_bool(spec, "encirclement");
    m->o.lose_below = spec_int(spec, "lose_below=");
    m->o.limit = spec_int(spec, "no_capture_limit=");
    for (i = 0; i < m->o.P; i++)
        m->b[i] = -1;
    m->phase = PH_PLACE;
    m->winner = MG_NOBODY;
    m->last_to = -1;
}

static int m_count(const fq_model *m, int c)
{
    int i, n = 0;
    for (i = 0; i < m->o.P; i++)
        n += m->b[i] == c;
    return n;
}

/* Square with lower-left corner (cx, cy) held by colour c. */
static int m_sq(const fq_model *m, int cx, int cy, int c)
{
    int w = m->o.w, p = cy * w + cx;
    return m->b[p] == c && m->b[p + 1] == c && m->b[p + w] == c &&
           m->b[p + w + 1] == c;
}

/* Squares of colour c through point p, as corner indices into out[4]. */
static int m_squares_at(const fq_model *m, int p, int c, int *out)
{
    int x = p % m->o.w, y = p / m->o.w, dx, dy, n = 0;
    for (dy = -1; dy <= 0; dy++)
        for (dx = -1; dx <= 0; dx++) {
            int cx = x + dx, cy = y + dy;
            if (cx < 0 || cy < 0 || cx > m->o.w - 2 || cy > m->o.h - 2)
                continue;
            if (m_sq(m, cx, cy, c))
                out[n++] = cy * m->o.w + cx;
        }
    return n;
}

static int m_all_squares(const fq_model *m, int c)
{
    int cx, cy, n = 0;
    for (cy = 0; cy + 1 < m->o.h; cy++)
        for (cx = 0; cx + 1 < m->o.w; cx++)
            n += m_sq(m, cx, cy, c);
    return n;
}

static int m_protected(const fq_model *m, int p)
{
    int tmp[4];
    return m->b[p] >= 0 && m_squares_at(m, p, m->b[p], tmp) > 0;
}

static int32_t m_move_id(const fq_model *m, int from, int to)
{
    int w = m->o.w, fx = from % w, fy = from / w, tx = to % w, ty = to / w;
    int slot;
    if (fy == ty)
        slot = tx < fx ? tx : tx - 1;
    else
        slot = (w - 1) + (ty < fy ? ty : ty - 1);
    return 2 * m->o.P + from * m->o.S + slot;
}

/* Would moving from -> to complete a square of the previous
 * square-completing move of the mover (rules §4.2 ko)? */
static int m_ko_blocked(fq_model *m, int from, int to)
{
    int t = m->turn, sq[4], n, i, j, hit = 0;
    if (!m->o.ko || m->nko[t] == 0)
        return 0;
    m->b[to] = (signed char)t;
    m->b[from] = -1;
    n = m_squares_at(m, to, t, sq);
    m->b[from] = (signed char)t;
    m->b[to] = -1;
    for (i = 0; i < n; i++)
        for (j = 0; j < m->nko[t]; j++)
            hit |= sq[i] == m->kosq[t][j];
    return hit;
}

static const int dxs[4] = {1, -1, 0, 0}, dys[4] = {0, 0, 1, -1};

/* Legal actions of the model, ascending; returns the count. */
static int m_legal(fq_model *m, int32_t *out)
{
    int n = 0, p, P = m->o.P, w = m->o.w, h = m->o.h;
    int t = m->turn, opp = 1 - m->turn;
    if (m->phase == PH_OVER)
        return 0;
    if (m->pending > 0) {
        int any_unprot = 0;
        for (p = 0; p < P; p++)
            if (m->b[p] == opp && !m_protected(m, p))
                any_unprot = 1;
        for (p = 0; p < P; p++)
            if (m->b[p] == opp && (!any_unprot || !m_protected(m, p)))
                out[n++] = P + p;
        return n;
    }
    if (m->phase == PH_PLACE) {
        for (p = 0; p < P; p++)
            if (m->b[p] < 0)
                out[n++] = p;
        return n;
    }
    ck_assert_int_eq(m->phase, PH_MOVE);
    for (p = 0; p < P; p++) {
        int d;
        if (m->b[p] != t)
            continue;
        for (d = 0; d < 4; d++) {
            int x = p % w, y = p / w, k;
            for (k = 1;; k++) {
                int nx = x + dxs[d] * k, ny = y + dys[d] * k, q;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h)
                    break;
                q = ny * w + nx;
                if (m->b[q] >= 0 || (!m->o.rook && k > 1))
                    break;
                if (!m_ko_blocked(m, p, q))
                    out[n++] = m_move_id(m, p, q);
            }
        }
    }
    qsort(out, (size_t)n, sizeof *out, cmp_i32);
    return n;
}

static int m_has_move(fq_model *m)
{
    static int32_t buf[20000];
    return m_legal(m, buf) > 0;
}

/* rules §4.2.7: the stone count (both below: draw). */
static void m_count_check(fq_model *m)
{
    int c0 = m_count(m, 0) < m->o.lose_below;
    int c1 = m_count(m, 1) < m->o.lose_below;
    if (c0 || c1) {
        m->winner = c0 && c1 ? MG_DRAW : c0 ? 1 : 0;
        m->phase = PH_OVER;
    }
}

static void m_start_movement(fq_model *m)
{
    m->phase = PH_MOVE;
    m->turn = 0;
    m->pending = 0;
    m->noncap = 0;
    m_count_check(m);
    if (m->phase == PH_OVER)
        return;
    if (!m_has_move(m)) {
        m->winner = 1;
        m->phase = PH_OVER;
    }
}

/* rules §4.2 encirclement: opponent chains next to the moved stone without
 * an empty orthogonal neighbour are removed; returns stones removed. */
static int m_encircle(fq_model *m)
{
    int w = m->o.w, h = m->o.h, opp = 1 - m->turn, d, removed = 0;
    int to = m->last_to;
    for (d = 0; d < 4; d++) {
        int x = to % w + dxs[d], y = to / w + dys[d];
        static int stack[FQ_MAXP], chain[FQ_MAXP];
        static char seen[FQ_MAXP];
        int sp = 0, nc = 0, lib = 0, i;
        if (x < 0 || y < 0 || x >= w || y >= h || m->b[y * w + x] != opp)
            continue;
        memset(seen, 0, sizeof seen);
        stack[sp++] = y * w + x;
        seen[y * w + x] = 1;
        while (sp > 0) {
            int p = stack[--sp], e;
            chain[nc++] = p;
            for (e = 0; e < 4; e++) {
                int ex = p % w + dxs[e], ey = p / w + dys[e], q;
                if (ex < 0 || ey < 0 || ex >= w || ey >= h)
                    continue;
                q = ey * w + ex;
                if (m->b[q] < 0)
                    lib = 1;
                else if (m->b[q] == opp && !seen[q]) {
                    seen[q] = 1;
                    stack[sp++] = q;
                }
            }
        }
        if (!lib)
            for (i = 0; i < nc; i++) {
                m->b[chain[i]] = -1;
                removed++;
            }
    }
    return removed;
}

static void m_settle(fq_model *m);

/* The current seat's run (placement or move plus removals) is complete. */
static void m_end_run(fq_model *m)
{
    switch (m->phase) {
    case PH_PLACE:
        if (m->placed == m->o.P) {
            m->q[0] = m_all_squares(m, 0);
            m->q[1] = m_all_squares(m, 1);
            m->phase = PH_INIT;
            m->turn = 0;
            m->pending = 1;
            m_settle(m);
        } else {
            m->turn = 1 - m->turn;
        }
        return;
    case PH_INIT:
        if (m->turn == 0) {
            m->turn = 1;
            m->pending = m->o.extra ? 2 : 1;
            m_settle(m);
        } else if (m->o.cop) {
            m_start_movement(m);
        } else {
            m->phase = PH_SQUARE;
            m->turn = 0;
            m->pending = m->q[0];
            m_settle(m);
        }
        return;
    case PH_SQUARE:
        if (m->turn == 0) {
            m->turn = 1;
            m->pending = m->q[1];
            m_settle(m);
        } else {
            m_start_movement(m);
        }
        return;
    case PH_MOVE:
        if (m->o.enc && m_encircle(m) > 0) {
            m->noncap = 0;
            m_count_check(m);
            if (m->phase == PH_OVER)
                return;
        }
        if (m->o.limit > 0 && m->noncap >= m->o.limit) {
            m->winner = MG_DRAW;
            m->phase = PH_OVER;
            return;
        }
        m->turn = 1 - m->turn;
        if (!m_has_move(m)) {
            m->winner = 1 - m->turn;
            m->phase = PH_OVER;
        }
        return;
    default:
        ck_abort_msg("model: end of run in phase %d", m->phase);
    }
}

/* Pending removals wait for actions unless the opponent has no stone. */
static void m_settle(fq_model *m)
{
    if (m->phase == PH_OVER)
        return;
    if (m->pending > 0 && m_count(m, 1 - m->turn) > 0)
        return;
    m->pending = 0;
    m_end_run(m);
}

static void m_apply(fq_model *m, int32_t a)
{
    int P = m->o.P;
    if (a < P) { /* PLACE */
        int sq[4];
        m->b[a] = (signed char)m->turn;
        m->placed++;
        m->pending = m->o.cop ? m_squares_at(m, a, m->turn, sq) : 0;
        m_settle(m);
    } else if (a < 2 * P) { /* REMOVE */
        m->b[a - P] = -1;
        m->pending--;
        if (m->phase == PH_MOVE)
            m->noncap = 0;
        if (m->placed == P) {
            m_count_check(m);
            if (m->phase == PH_OVER)
                return;
        }
        m_settle(m);
    } else { /* MOVE */
        int r = a - 2 * P, from = r / m->o.S, slot = r % m->o.S, to;
        int w = m->o.w, fx = from % w, fy = from / w, sq[4], n;
        if (slot < w - 1)
            to = fy * w + (slot < fx ? slot : slot + 1);
        else {
            int j = slot - (w - 1);
            to = (j < fy ? j : j + 1) * w + fx;
        }
        m->b[to] = m->b[from];
        m->b[from] = -1;
        m->last_to = to;
        m->noncap++;
        n = m_squares_at(m, to, m->turn, sq);
        if (m->o.ko && n > 0) {
            memcpy(m->kosq[m->turn], sq, sizeof sq);
            m->nko[m->turn] = n;
        }
        m->pending = n;
        m_settle(m);
    }
}

static int m_current(const fq_model *m)
{
    return m->phase == PH_OVER ? MG_NOBODY : m->turn;
}

/* Chain sizes of colour c, descending. */
static int m_groups(const fq_model *m, int c, int32_t *out)
{
    static char seen[FQ_MAXP];
    static int stack[FQ_MAXP];
    int w = m->o.w, h = m->o.h, p, n = 0;
    memset(seen, 0, sizeof seen);
    for (p = 0; p < m->o.P; p++) {
        int sp = 0, size = 0;
        if (m->b[p] != c || seen[p])
            continue;
        seen[p] = 1;
        stack[sp++] = p;
        while (sp > 0) {
            int q = stack[--sp], e;
            size++;
            for (e = 0; e < 4; e++) {
                int ex = q % w + dxs[e], ey = q / w + dys[e], r;
                if (ex < 0 || ey < 0 || ex >= w || ey >= h)
                    continue;
                r = ey * w + ex;
                if (m->b[r] == c && !seen[r]) {
                    seen[r] = 1;
                    stack[sp++] = r;
                }
            }
        }
        out[n++] = size;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_i32);
    for (p = 0; p < n / 2; p++) { /* descending */
        int32_t t = out[p];
        out[p] = out[n - 1 - p];
        out[n - 1 - p] = t;
    }
    return n;
}

/* ------------------------------------------------------ random games */

/* Play random games, comparing the library with the model after every
 * action; check undo, save/load and the text rendering at the end. */
static void model_games(const char *spec, int games, uint64_t seed,
                        int max_actions)
{
    static int32_t lib[20000], mod[20000];
    mg_game *g;
    mg_state *s;
    fq_model m;
    int gi;
    int32_t maxl;
    s = start(&g, spec);
    maxl = mg_game_max_legal_actions(g);
    for (gi = 0; gi < games; gi++) {
        uint64_t h0 = mg_state_hash(s);
        int steps = 0;
        m_init(&m, g);
        for (;;) {
            size_t n = 0;
            int nm, cur = mg_state_current_player(s);
            int32_t a;
            MG_REQUIRE(mg_state_legal_actions(s, lib, 20000, &n) == MG_OK,
                       "legal actions");
            nm = m_legal(&m, mod);
            MG_REQUIRE(cur == m_current(&m),
                       "%s game %d step %d: player %d, model %d (phase %d)",
                       spec, gi, steps, cur, m_current(&m), m.phase);
            MG_REQUIRE(mg_state_winner(s) == m.winner,
                       "%s game %d step %d: winner %d, model %d", spec, gi,
                       steps, mg_state_winner(s), m.winner);
            if ((size_t)nm != n || memcmp(lib, mod, n * sizeof *lib) != 0) {
                diff_report(s, lib, n, mod, (size_t)nm);
                ck_abort_msg("%s game %d step %d: %d legal, model %d (phase %d"
                             " pending %d turn %d)", spec, gi, steps, (int)n,
                             nm, m.phase, m.pending, m.turn);
            }
            MG_REQUIRE((int32_t)n <= maxl, "more legal than the maximum");
            MG_REQUIRE(mg_state_is_terminal(s) == (n == 0),
                       "terminal iff no legal action");
            {
                int32_t v0 = -1, v1 = -1;
                mg_state_score(s, 0, &v0);
                mg_state_score(s, 1, &v1);
                MG_REQUIRE(v0 == m_count(&m, 0) && v1 == m_count(&m, 1),
                           "%s game %d step %d: scores %d %d, model %d %d", spec,
                           gi, steps, v0, v1, m_count(&m, 0), m_count(&m, 1));
            }
            if ((steps & 7) == 0) {
                int c;
                for (c = 0; c < 2; c++) {
                    static int32_t gl[FQ_MAXP], gm[FQ_MAXP];
                    size_t cnt = 0;
                    int k = m_groups(&m, c, gm);
                    MG_REQUIRE(mg_state_groups(s, c, gl, FQ_MAXP, &cnt) == MG_OK &&
                                   (int)cnt == k &&
                                   !memcmp(gl, gm, cnt * sizeof *gl),
                               "%s game %d step %d: groups of %d", spec, gi,
                               steps, c);
                }
            }
            if (n == 0 || steps >= max_actions)
                break;
            a = lib[mg_test_rand_below(&seed, (int32_t)n)];
            MG_REQUIRE(mg_state_apply(s, a) == MG_OK, "apply");
            m_apply(&m, a);
            steps++;
        }
        /* the rendering shows the stones */
        {
            int x, o;
            render_counts(s, &x, &o);
            MG_REQUIRE(x == m_count(&m, 0) && o == m_count(&m, 1),
                       "%s game %d: rendering shows %d X %d O", spec, gi, x, o);
        }
        /* save / load gives the same position and result */
        {
            static char rec[200000];
            mg_state *s2 = NULL;
            mg_game *g2 = NULL;
            char err[256] = "";
            int rc = mg_state_save(s, rec, sizeof rec, NULL);
            MG_REQUIRE(rc == MG_OK, "save: %d", rc);
            rc = mg_state_load(&s2, &g2, rec, err, sizeof err);
            MG_REQUIRE(rc == MG_OK, "load: %d %s", rc, err);
            MG_REQUIRE(mg_state_hash(s2) == mg_state_hash(s) &&
                           mg_state_winner(s2) == mg_state_winner(s) &&
                           mg_state_current_player(s2) ==
                               mg_state_current_player(s),
                       "%s game %d: loaded record differs", spec, gi);
            mg_state_free(s2);
            mg_game_free(g2);
        }
        /* undo to the start */
        while (mg_state_undo(s) == MG_OK)
            ;
        MG_REQUIRE(mg_state_hash(s) == h0 && mg_state_current_player(s) == 0 &&
                       mg_state_winner(s) == MG_NOBODY,
                   "%s game %d: undo to the start", spec, gi);
    }
    done(g, s);
}

START_TEST(random_games_small_boards)
{
    static const char *const specs[] = {
        "fangqi(width=2,height=2)",
        "fangqi(width=2,height=3)",
        "fangqi(width=3,height=2,extra_removal=true)",
        "fangqi(width=3,height=3)",
        "fangqi(width=3,height=3,movement=step)",
        "fangqi(width=3,height=3,lose_below=0)",
        "fangqi(width=3,height=3,lose_below=2,no_capture_limit=3)",
        "fangqi(width=4,height=3)",
        "fangqi(width=4,height=3,no_capture_limit=1)",
        "fangqi(width=3,height=4,movement=step,extra_removal=true)",
        "fangqi(width=4,height=4)",
        "fangqi(width=4,height=4,ko=true)",
        "fangqi(width=4,height=4,encirclement=true)",
        "fangqi(width=4,height=4,encirclement=true,lose_below=0)",
        "fangqi(width=5,height=5,ko=true,encirclement=true)",
        "fangqi(width=5,height=4,lose_below=3,no_capture_limit=10)",
        "fangqi(width=2,height=19,no_capture_limit=0)",
        "fangqi(width=6,height=2,movement=step,no_capture_limit=0)",
        "fangqi(width=3,height=4,lose_below=0,no_capture_limit=0)",
        "fangqi(width=4,height=4,lose_below=0,no_capture_limit=0,"
        "encirclement=true)",
    };
    model_games(specs[_i], mg_test_scaled(40, 2), (uint64_t)_i * 977 + 1,
                3000);
}
END_TEST

START_TEST(random_games_capture_on_placement)
{
    static const char *const specs[] = {
        "fangqi(width=2,height=2,capture_on_placement=true)",
        "fangqi(width=3,height=3,capture_on_placement=true)",
        "fangqi(width=3,height=3,capture_on_placement=true,lose_below=0)",
        "fangqi(width=4,height=3,capture_on_placement=true,extra_removal=true)",
        "fangqi(width=4,height=4,capture_on_placement=true,ko=true,"
        "encirclement=true)",
        "fangqi(width=5,height=5,capture_on_placement=true,movement=step)",
        "fangqi(width=3,height=5,capture_on_placement=true,lose_below=2)",
    };
    model_games(specs[_i], mg_test_scaled(40, 2), (uint64_t)_i * 131 + 7,
                3000);
}
END_TEST

START_TEST(random_games_full_boards)
{
    static const char *const specs[] = {
        "fangqi",
        "fangqi(variant=xinjiang)",
        "fangqi(movement=step,ko=true,encirclement=true)",
        "fangqi(variant=xinjiang,capture_on_placement=true,encirclement=true)",
        "fangqi(width=19,height=19,no_capture_limit=20)",
    };
    model_games(specs[_i], mg_test_scaled(_i == 4 ? 2 : 8, 1),
                (uint64_t)_i * 31 + 3, 20000);
}
END_TEST

/* mg_state_playout reaches the end on the default board (limit 100). */
START_TEST(playouts_end)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    int k, n = mg_test_scaled(20, 20); /* fewer miss a branch */
    for (k = 0; k < n; k++) {
        int r = mg_state_playout(s, (uint64_t)k, -1);
        int w = mg_state_winner(s);
        int32_t v0 = score(s, 0), v1 = score(s, 1);
        ck_assert_int_gt(r, 56);
        ck_assert_int_eq(mg_state_is_terminal(s), 1);
        ck_assert(w == 0 || w == 1 || w == MG_DRAW);
        /* lose_below = 1: a player with no stone lost */
        if (v0 == 0)
            ck_assert_int_eq(w, v1 == 0 ? MG_DRAW : 1);
        if (v1 == 0 && v0 > 0)
            ck_assert_int_eq(w, 0);
        while (mg_state_undo(s) == MG_OK)
            ;
    }
    done(g, s);
}
END_TEST

/* The generic loop's draw: mg__rand_below over the splitmix64 stream
 * (test_rng.h's step is the library's). */
static uint32_t lib_draw(uint64_t *x, uint32_t n)
{
    return (uint32_t)(((mg_test_rand(x) >> 32) * (uint64_t)n) >> 32);
}

/* From positions along a random game of `spec`: mg_state_playout (whole,
 * or cut at a random length) against the generic loop replayed through
 * the API with the same draws: the same actions, position hash, winner and
 * history; undo returns to where the playout began. */
static void playout_is_generic_loop(const char *spec, int games, uint64_t seed)
{
    mg_game *g;
    mg_state *s = start(&g, spec);
    size_t cap = (size_t)mg_game_max_legal_actions(g);
    int32_t *buf = malloc(cap * sizeof *buf), *rbuf = malloc(cap * sizeof *rbuf);
    int32_t *hist = NULL;
    size_t hcap = 0;
    uint64_t rng = seed;
    int gi;
    ck_assert(buf != NULL && rbuf != NULL);
    for (gi = 0; gi < games; gi++) {
        int step;
        for (step = 0; step < 4000; step++) {
            size_t n = legal(s, buf, cap), h0 = 0, h1 = 0, i;
            mg_state *p = NULL, *r = NULL;
            uint64_t x = mg_test_rand(&rng), hash0 = mg_state_hash(s);
            int32_t max = (mg_test_rand(&rng) & 1)
                              ? -1
                              : (int32_t)(mg_test_rand(&rng) % 40);
            int done_;
            if (step % 9 == 0) {
                ck_assert_int_eq(mg_state_clone(&p, s), MG_OK);
                ck_assert_int_eq(mg_state_clone(&r, s), MG_OK);
                mg_state_history(p, NULL, 0, &h0);
                done_ = mg_state_playout(p, x, max);
                mg_state_history(p, NULL, 0, &h1);
                ck_assert_int_eq((int)(h1 - h0), done_);
                if (h1 > hcap) {
                    free(hist);
                    hcap = 2 * h1;
                    hist = malloc(hcap * sizeof *hist);
                    ck_assert(hist != NULL);
                }
                ck_assert_int_eq(mg_state_history(p, hist, hcap, &h1), MG_OK);
                for (i = 0; max < 0 || (int32_t)i < max; i++) {
                    size_t m = legal(r, rbuf, cap);
                    int32_t a;
                    if (m == 0)
                        break;
                    a = rbuf[lib_draw(&x, (uint32_t)m)];
                    ck_assert_msg(h0 + i < h1 && hist[h0 + i] == a,
                                  "%s game %d step %d: playout action %d "
                                  "is not the generic loop's %d",
                                  spec, gi, step, (int)i,
                                  h0 + i < h1 ? (int)hist[h0 + i] : -1);
                    ck_assert_int_eq(mg_state_apply(r, a), MG_OK);
                }
                ck_assert_int_eq((int)i, done_);
                ck_assert_uint_eq(mg_state_hash(p), mg_state_hash(r));
                ck_assert_int_eq(mg_state_winner(p), mg_state_winner(r));
                ck_assert_int_eq(mg_state_current_player(p),
                                 mg_state_current_player(r));
                for (i = 0; i < (size_t)done_; i++)
                    ck_assert_int_eq(mg_state_undo(p), MG_OK);
                ck_assert_uint_eq(mg_state_hash(p), hash0);
                mg_state_free(p);
                mg_state_free(r);
            }
            if (n == 0)
                break;
            ck_assert_int_eq(
                mg_state_apply(s, buf[mg_test_rand_below(&rng, n)]), MG_OK);
        }
        while (mg_state_undo(s) == MG_OK)
            ;
    }
    free(buf);
    free(rbuf);
    free(hist);
    done(g, s);
}

START_TEST(playouts_are_the_generic_loop)
{
    static const char *const specs[] = {
        "fangqi",
        "fangqi(variant=xinjiang)",
        "fangqi(movement=step)",
        "fangqi(ko=true)",
        "fangqi(encirclement=true,lose_below=4)",
        "fangqi(capture_on_placement=true,ko=true,encirclement=true)",
        "fangqi(width=2,height=2)",
        "fangqi(width=3,height=2,no_capture_limit=4)",
        "fangqi(width=8,height=8,movement=step,no_capture_limit=30)",
        "fangqi(width=9,height=8)",
        "fangqi(width=8,height=9,ko=true)",
        "fangqi(width=10,height=10,capture_on_placement=true,"
        "no_capture_limit=30)",
        "fangqi(width=19,height=2,movement=step)",
        "fangqi(width=2,height=19,encirclement=true)",
        "fangqi(width=13,height=11,ko=true,extra_removal=true,"
        "no_capture_limit=25)",
        "fangqi(width=19,height=19,no_capture_limit=15)",
        "fangqi(width=19,height=17,movement=step,capture_on_placement=true,"
        "encirclement=true,lose_below=3,no_capture_limit=10)",
        /* unbounded (since 1.4 the core runs the op in chunks) */
        "fangqi(width=4,height=4,no_capture_limit=0)",
        "fangqi(width=6,height=5,ko=true,movement=step,no_capture_limit=0)",
    };
    /* 3 games each at the default MG_TEST_GAMES (1000), 1 under memcheck */
    int games = (int)(3 * (int64_t)mg_test_games(1000) / 1000);
    playout_is_generic_loop(specs[_i], (_i >= 15 && _i < 17) || games < 1 ? 1 : games,
                            (uint64_t)_i * 7 + 11);
}
END_TEST

Suite *mg_fangqi_games_suite(void)
{
    Suite *s = suite_create("fangqi_games");
    TCase *games = tcase_create("games");
    tcase_add_loop_test(games, random_games_small_boards, 0, 20);
    tcase_add_loop_test(games, random_games_capture_on_placement, 0, 7);
    tcase_add_loop_test(games, random_games_full_boards, 0, 5);
    tcase_add_test(games, playouts_end);
    tcase_add_loop_test(games, playouts_are_the_generic_loop, 0, 19);
    tcase_set_timeout(games, 300);
    suite_add_tcase(s, games);
    return s;
}
