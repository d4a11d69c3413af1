/*
 * check_fangqi.c - Fangqi (RULES.md §0, §4), sections cited per test.
 * Hand-built positions on small boards (placement orders chosen here, so
 * the full board, the squares and the removals are known), and random games
 * checked action by action against a model of the rules written here: the
 * exact legal set (which also pins who acts, the phase and the pending
 * removals), the player to move, the end and the winner, scores and chains.
 */
#include "tests.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define FQ_MAXP 361 /* 19 x 19 */

/* ------------------------------------------------------------ helpers */

static uint64_t rnd(uint64_t *x) /* splitmix64 */
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int32_t rnd_below(uint64_t *x, int32_t n)
{
    return (int32_t)(rnd(x) % (uint64_t)n);
}

static mg_state *start(mg_game **g, const char *spec)
{
    mg_state *s = NULL;
    MG_GAME(*g, spec);
    ck_assert_int_eq(mg_state_new(&s, *g), MG_OK);
    return s;
}

static void done(mg_game *g, mg_state *s)
{
    mg_state_free(s);
    mg_game_free(g);
}

static int32_t parse(const mg_state *s, const char *text)
{
    int32_t a = -1;
    char err[128] = "";
    int rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "parse %s: %d %s", text, rc, err);
    return a;
}

/* Apply space-separated notation; every action must be legal. */
static void play(mg_state *s, const char *moves)
{
    char buf[2048], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int32_t a = parse(s, tok);
        int rc = mg_state_apply(s, a);
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

/* The action is refused with `want` and the state is unchanged. */
static void refused(mg_state *s, const char *text, int want)
{
    int32_t a = parse(s, text);
    uint64_t h = mg_state_hash(s);
    size_t n0 = 0, n1 = 0;
    mg_state_history(s, NULL, 0, &n0);
    ck_assert_msg(mg_state_is_legal(s, a) == 0, "%s should be illegal", text);
    ck_assert_msg(mg_state_apply(s, a) == want, "%s: want %d", text, want);
    mg_state_history(s, NULL, 0, &n1);
    ck_assert_uint_eq(n0, n1);
    ck_assert_uint_eq(h, mg_state_hash(s));
}

static int32_t score(const mg_state *s, int p)
{
    int32_t v = -1;
    ck_assert_int_eq(mg_state_score(s, p, &v), MG_OK);
    return v;
}

static size_t legal(const mg_state *s, int32_t *buf, size_t cap)
{
    size_t n = 0;
    int rc = mg_state_legal_actions(s, buf, cap, &n);
    ck_assert(rc == MG_OK || (buf == NULL && rc == MG_ENOBUFS));
    return n;
}

/* Like play(), checking that the seats alternate from seat 0. */
static void play_alternating(mg_state *s, const char *moves)
{
    char buf[2048], *tok, *save = NULL;
    int i = 0;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save), i++) {
        int rc;
        ck_assert_int_eq(mg_state_current_player(s), i % 2);
        rc = mg_state_apply(s, parse(s, tok));
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* The legal actions are exactly the space-separated list `want`. */
static void expect_legal(const mg_state *s, const char *want)
{
    static int32_t got[20000], exp[20000];
    char buf[2048], *tok, *save = NULL;
    size_t n = legal(s, got, 20000), m = 0, i;
    snprintf(buf, sizeof buf, "%s", want);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        exp[m++] = parse(s, tok);
    qsort(exp, m, sizeof *exp, cmp_i32);
    for (i = 0; i < n && i < m; i++)
        if (got[i] != exp[i])
            break;
    if (n != m || i < n) {
        char names[4096] = "";
        for (i = 0; i < n; i++) {
            char nm[32];
            mg_state_action_to_string(s, got[i], nm, sizeof nm, NULL);
            strncat(names, nm, sizeof names - strlen(names) - 2);
            strcat(names, " ");
        }
        ck_abort_msg("legal actions: got [%s] want [%s]", names, want);
    }
}

/* Number of legal actions and whether all of them are REMOVE ids. */
static int all_removals(const mg_state *s, int32_t P)
{
    static int32_t got[20000];
    size_t n = legal(s, got, 20000), i;
    for (i = 0; i < n; i++)
        if (got[i] < P || got[i] >= 2 * P)
            return 0;
    return n > 0;
}

static int all_moves(const mg_state *s, int32_t P)
{
    static int32_t got[20000];
    size_t n = legal(s, got, 20000), i;
    for (i = 0; i < n; i++)
        if (got[i] < 2 * P)
            return 0;
    return n > 0;
}

static void spec_of(const mg_game *g, char *buf, size_t cap)
{
    ck_assert_int_eq(mg_game_spec(g, buf, cap, NULL), MG_OK);
}

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

/* Options read back from the canonical spec (RULES 4.2 keys). */
static int spec_int(const char *spec, const char *key)
{
    const char *p = strstr(spec, key);
    ck_assert_msg(p != NULL, "%s lacks %s", spec, key);
    return atoi(p + strlen(key));
}

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
 * square-completing move of the mover (RULES 4.2 ko)? */
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

/* RULES 4.2.7: the stone count (both below: draw). */
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

/* RULES 4.2 encirclement: opponent chains next to the moved stone without
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

/* Stones counted from the text rendering's grid (lines "<row> ..."). */
static void render_counts(const mg_state *s, int *x, int *o)
{
    static char buf[65536];
    const char *line = buf;
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    *x = *o = 0;
    while (*line) {
        const char *end = strchr(line, '\n'), *c = line;
        if (!end)
            end = line + strlen(line);
        while (c < end && *c == ' ')
            c++;
        if (c < end && isdigit((unsigned char)*c)) {
            while (c < end && isdigit((unsigned char)*c))
                c++;
            for (; c < end; c++) {
                *x += *c == 'X';
                *o += *c == 'O';
            }
        }
        line = *end ? end + 1 : end;
    }
}

/* --------------------------------------------------------- options */

static void check_spec(const char *in, const char *want)
{
    mg_game *g, *g2;
    char buf[512];
    MG_GAME(g, in);
    spec_of(g, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    MG_GAME(g2, buf);
    spec_of(g2, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    mg_game_free(g2);
    mg_game_free(g);
}

/* §4.1, §4.2 keys, §0 spec strings: defaults, variants, overrides. */
START_TEST(options_and_canonical_spec)
{
    mg_game *g;
    check_spec("fangqi",
               "fangqi(variant=ningxia,width=8,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi()",
               "fangqi(variant=ningxia,width=8,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(variant=xinjiang)",
               "fangqi(variant=xinjiang,width=7,height=7,movement=rook,"
               "extra_removal=true,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi( VARIANT = Xinjiang , extra_removal = FALSE )",
               "fangqi(variant=xinjiang,width=7,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(width=9)",
               "fangqi(variant=ningxia,width=9,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(variant=xinjiang,width=9,height=2)",
               "fangqi(variant=xinjiang,width=9,height=2,movement=rook,"
               "extra_removal=true,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(no_capture_limit=0,lose_below=0,movement=step,ko=true,"
               "encirclement=true,capture_on_placement=true,"
               "extra_removal=true,height=19,width=19)",
               "fangqi(variant=ningxia,width=19,height=19,movement=step,"
               "extra_removal=true,capture_on_placement=true,ko=true,"
               "encirclement=true,lose_below=0,no_capture_limit=0)");
    check_spec("fangqi(width=2,height=2,lose_below=2,no_capture_limit=100000)",
               "fangqi(variant=ningxia,width=2,height=2,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=2,no_capture_limit=100000)");
    check_spec("fangqi(lose_below=28)",
               "fangqi(variant=ningxia,width=8,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=28,no_capture_limit=100)");
    /* §4.3 action ids: 2P + P*S; default 56 points, S = 13 */
    MG_GAME(g, "fangqi");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 56 + 56 * 13);
    ck_assert_str_eq(mg_game_id(g), "fangqi");
    mg_game_free(g);
    MG_GAME(g, "fangqi(variant=xinjiang)");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 49 + 49 * 12);
    mg_game_free(g);
    MG_GAME(g, "fangqi(width=19,height=2)");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 38 + 38 * 19);
    mg_game_free(g);
}
END_TEST

/* §0: out-of-range values, unknown and repeated keys are errors. */
START_TEST(option_refusals)
{
    static const struct { const char *spec; int rc; } bad[] = {
        {"fangqi(width=1)", MG_EVALUE},
        {"fangqi(width=20)", MG_EVALUE},
        {"fangqi(height=1)", MG_EVALUE},
        {"fangqi(height=20)", MG_EVALUE},
        {"fangqi(width=0)", MG_EVALUE},
        {"fangqi(movement=fly)", MG_EVALUE},
        {"fangqi(variant=beijing)", MG_EVALUE},
        {"fangqi(lose_below=-1)", MG_EVALUE},
        {"fangqi(lose_below=362)", MG_EVALUE},
        {"fangqi(no_capture_limit=-1)", MG_EVALUE},
        {"fangqi(no_capture_limit=100001)", MG_EVALUE},
        {"fangqi(ko=maybe)", MG_EVALUE},
        {"fangqi(extra_removal=1)", MG_EVALUE},
        {"fangqi(width=abc)", MG_EVALUE},
        {"fangqi(size=5)", MG_EOPTION},
        {"fangqi(rows=5)", MG_EOPTION},
        {"fangqi(width=5,width=6)", MG_EOPTION},
        {"fangqi(ko=true,ko=true)", MG_EOPTION},
        {"fangqi(width=5", MG_ESYNTAX},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mg_game *g = (mg_game *)1;
        char err[256] = "";
        int rc = mg_game_new(&g, bad[i].spec, err, sizeof err);
        ck_assert_msg(rc == bad[i].rc, "%s: got %d (%s), want %d", bad[i].spec,
                      rc, err, bad[i].rc);
        ck_assert_ptr_null(g);
        ck_assert_msg(err[0] != '\0', "%s: no message", bad[i].spec);
    }
}
END_TEST

/* ----------------------------------------------------------- rules */

/* 4x4, every square of the full board known (placement order below):
 *   4  O O X X
 *   3  O O O O
 *   2  X X X O
 *   1  X X X O
 *      a b c d
 * X squares a1-b2 and b1-c2 overlap (share b1, b2) and count twice: Q0 = 2;
 * O holds a3-b4 only: Q1 = 1. */
static const char *const full_4x4 =
    "a1 a3 b1 b3 c1 c3 a2 d3 b2 a4 c2 b4 c4 d1 d4 d2";

/* §4.2.1-4: placement until full, the initial removal (seat 0 then seat 1,
 * one each), the square removal (Q0 then Q1) with overlapping squares
 * counting twice, then movement with seat 0; §4.2.5 protection. */
START_TEST(square_counting_and_removal_order)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    const int32_t P = 16;
    play_alternating(s, full_4x4);
    ck_assert_int_eq(score(s, 0), 8);
    ck_assert_int_eq(score(s, 1), 8);
    /* §4.2.3: seat 0 removes one unprotected O stone (a3 b3 a4 b4 are in
     * O's square) */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc3 xd3 xd1 xd2");
    refused(s, "xa3", MG_EILLEGAL);
    refused(s, "xb4", MG_EILLEGAL);
    refused(s, "xa1", MG_EILLEGAL); /* own stone */
    refused(s, "d4-d3", MG_EILLEGAL);
    play(s, "xd1");
    /* seat 1 removes one unprotected X stone: c4 or d4 */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xc4 xd4");
    refused(s, "xb2", MG_EILLEGAL);
    play(s, "xd4");
    /* §4.2.4: seat 0 removes Q0 = 2 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc3 xd3 xd2");
    play(s, "xd2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc3 xd3");
    play(s, "xd3");
    /* seat 1 removes Q1 = 1 */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xc4");
    play(s, "xc4");
    /* §4.2.6: movement, seat 0 first */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, P));
    ck_assert_int_eq(score(s, 0), 6);
    ck_assert_int_eq(score(s, 1), 5);
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* 4x3, X holds a 3x2 block (two overlapping squares, every X stone
 * protected), O the rest:
 *   3  O O O O
 *   2  X X X O
 *   1  X X X O
 * §4.2.5: every opponent stone protected -> any may be taken; protection
 * is recomputed after each single removal.  §4.2.3 extra_removal. */
static const char *const block_4x3 =
    "a1 d1 b1 d2 c1 a3 a2 b3 b2 c3 c2 d3";

START_TEST(all_protected_fallback_and_recount)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,extra_removal=true)");
    const int32_t P = 12;
    play(s, block_4x3);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xd1 xd2 xa3 xb3 xc3 xd3");
    play(s, "xd3");
    /* seat 1 removes 2 (extra_removal); all X protected: any */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xa1 xb1 xc1 xa2 xb2 xc2");
    play(s, "xa1");
    /* a1 gone: square a1-b2 broken, a2 unprotected, b1-c2 still whole */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xa2");
    refused(s, "xb2", MG_EILLEGAL);
    play(s, "xa2");
    /* square removal: seat 0 removes Q0 = 2, seat 1 removes Q1 = 0 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xd1 xd2 xa3 xb3 xc3");
    play(s, "xa3 xb3");
    /* movement:  3  . . O .
     *            2  . X X O
     *            1  . X X O      */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, P));
    ck_assert_int_eq(score(s, 0), 4);
    ck_assert_int_eq(score(s, 1), 3);
    done(g, s);
}
END_TEST

/* Same position without extra_removal: seat 1 removes only one. */
START_TEST(single_removal_without_extra)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3)");
    play(s, block_4x3);
    play(s, "xd3 xa1");
    /* seat 1 is done: square removal, seat 0 removes 2 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xd1 xd2 xa3 xb3 xc3");
    done(g, s);
}
END_TEST

/* §4.2.3 Xinjiang: seat 1 removes two in the initial removal (the variant
 * sets extra_removal on any board size); Ningxia removes one. */
START_TEST(xinjiang_extra_removal)
{
    static const char *const order = "a1 b1 c1 a2 b2 c2 a3 b3 c3";
    /*   3  X O X
     *   2  O X O
     *   1  X O X      no squares: movement follows the initial removal */
    mg_game *g;
    mg_state *s = start(&g, "fangqi(variant=xinjiang,width=3,height=3)");
    play(s, order);
    ck_assert_int_eq(score(s, 0), 5);
    ck_assert_int_eq(score(s, 1), 4);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "xb1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    play(s, "xa1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    ck_assert(all_removals(s, 9));
    play(s, "xc1");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    ck_assert_int_eq(score(s, 0), 3);
    done(g, s);
    s = start(&g, "fangqi(width=3,height=3)");
    play(s, order);
    play(s, "xb1 xa1");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    ck_assert_int_eq(score(s, 0), 4);
    done(g, s);
    /* the full Xinjiang board: 25 and 24 stones */
    s = start(&g, "fangqi(variant=xinjiang)");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 49 + 49 * 12);
    {
        int i;
        for (i = 0; i < 49; i++) {
            int32_t buf[64];
            ck_assert_int_eq(mg_state_current_player(s), i % 2);
            ck_assert_uint_eq(legal(s, buf, 64), (size_t)(49 - i));
            ck_assert_int_eq(mg_state_apply(s, buf[0]), MG_OK);
        }
    }
    ck_assert_int_eq(score(s, 0), 25);
    ck_assert_int_eq(score(s, 1), 24);
    ck_assert(all_removals(s, 49));
    done(g, s);
}
END_TEST

/* §4.2.6 rook movement over empty points only; step movement one point.
 * Position (4x3, from all_protected_fallback_and_recount):
 *   3  . . O .
 *   2  . X X O
 *   1  . X X O                                                      */
START_TEST(rook_and_step_movement)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,extra_removal=true)");
    play(s, block_4x3);
    play(s, "xd3 xa1 xa2 xa3 xb3");
    expect_legal(s, "b1-a1 b2-a2 b2-b3");
    refused(s, "c1-a1", MG_EILLEGAL); /* over b1 */
    refused(s, "c2-c3", MG_EILLEGAL); /* onto a stone */
    refused(s, "d2-d3", MG_EILLEGAL); /* not seat 0's stone */
    play(s, "b2-a2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "c3-b3 c3-a3 c3-d3 d2-d3");
    /* over b3 (now empty) and c3 is rook's */
    play(s, "c3-a3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    /*   3  O . . .
     *   2  X . X O
     *   1  . X X O     a2 up is blocked by a3, c2 up goes to c3 only */
    expect_legal(s, "a2-a1 a2-b2 b1-a1 b1-b2 b1-b3 c2-b2 c2-c3");
    refused(s, "a2-c2", MG_EILLEGAL);
    done(g, s);

    s = start(&g, "fangqi(width=4,height=3,extra_removal=true,movement=step)");
    play(s, block_4x3);
    play(s, "xd3 xa1 xa2 xa3 xb3");
    expect_legal(s, "b1-a1 b2-a2 b2-b3");
    play(s, "b2-a2");
    expect_legal(s, "c3-b3 c3-d3 d2-d3");
    refused(s, "c3-a3", MG_EILLEGAL);
    play(s, "c3-b3");
    /*   3  . O . .
     *   2  X . X O
     *   1  . X X O     b1 cannot go to b3 in one step */
    expect_legal(s, "a2-a1 a2-b2 a2-a3 b1-a1 b1-b2 c2-b2 c2-c3");
    refused(s, "b1-b3", MG_EILLEGAL);
    done(g, s);
}
END_TEST

/* 4x4 position for one move completing two squares:
 *   4  O X O O          after xb2 (seat 0) and xd4 (seat 1):
 *   3  O X O X          4  O O O .
 *   2  X O X O          3  O X O X
 *   1  X X X O          2  X . X O
 *                       1  X X X O
 * Placement makes no square (Q0 = Q1 = 0).                          */
static const char *const two_sq_4x4 =
    "a1 b2 b1 d2 c1 d1 a2 a3 c2 c3 b3 a4 d3 b4 d4 c4";

/* §4.2.6: a move completing two squares gives two removals, one action
 * each, by the mover; the turn passes after the last. */
START_TEST(move_completing_two_squares)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    const int32_t P = 16;
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, P));
    play(s, "b3-b2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    /* no O square: every O stone may be taken */
    expect_legal(s, "xa3 xc3 xa4 xb4 xc4 xd1 xd2");
    play(s, "xa3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_removals(s, P));
    /* the new squares protect a1 b1 c1 a2 b2 c2 */
    play(s, "xc4");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    ck_assert(all_moves(s, P));
    ck_assert_int_eq(score(s, 0), 7);
    ck_assert_int_eq(score(s, 1), 5);
    done(g, s);
}
END_TEST

/* §4.2.7 lose_below: checked after every single removal. */
START_TEST(lose_below)
{
    mg_game *g;
    mg_state *s;
    /* 7: O has 7 after the initial removal; the first of the two removals
     * leaves 6 -> seat 0 wins at once, the second removal never comes */
    s = start(&g, "fangqi(width=4,height=4,lose_below=7)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xa3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_winner(s), 0);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_uint_eq(legal(s, NULL, 0), 0);
    refused(s, "xc4", MG_EOVER);
    done(g, s);
    /* 6: after both removals (O 5) */
    s = start(&g, "fangqi(width=4,height=4,lose_below=6)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2 xa3");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xc4");
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
    /* 8: after the very first removal O has 7 < 8, X 8 -> seat 0 wins */
    s = start(&g, "fangqi(width=4,height=4,lose_below=8)");
    play(s, two_sq_4x4);
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xb2");
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
    /* both below at one check: a draw.  With capture_on_placement both
     * lose a stone while placing (no count check then); 4x4:
     *   4  O . O O
     *   3  X O O O      X 7, O 7 < 8 once placing is over
     *   2  X X O .
     *   1  X X . X                                                      */
    s = start(&g, "fangqi(width=4,height=4,capture_on_placement=true,"
                  "lose_below=8)");
    play(s, "a1 c3 b1 d3 a2 c4 b2");
    expect_legal(s, "xc3 xd3 xc4");
    play(s, "xc4 c4 c1 d4");
    expect_legal(s, "xc1"); /* a1 b1 a2 b2 are protected */
    play(s, "xc1 c1 a4 d1 b3 a3 c2");
    ck_assert_int_eq(score(s, 0), 7);
    ck_assert_int_eq(score(s, 1), 7);
    if (!mg_state_is_terminal(s)) {
        ck_assert_int_eq(mg_state_current_player(s), 0);
        play(s, "xc2");
    }
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    done(g, s);
    /* 0: nobody ever loses by count */
    s = start(&g, "fangqi(width=4,height=4,lose_below=0)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2 xa3 xc4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* §4.2.7: a player to move with no legal move loses (here at the start of
 * movement).  2x3:   3  X O      after xb3, xa3:   3  . .
 *                    2  O O                        2  O O
 *                    1  X X                        1  X X            */
START_TEST(no_legal_move_loses)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=2,height=3)");
    play(s, "a1 a2 b1 b2 a3 b3");
    play(s, "xb3");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xa3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_winner(s), 1);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_uint_eq(legal(s, NULL, 0), 0);
    refused(s, "a1-a2", MG_EOVER);
    done(g, s);
}
END_TEST

/* §4.2.6: a walk through rook moves on 2x3, legal sets by hand. */
START_TEST(small_board_moves)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=2,height=3)");
    play(s, "a1 b3 a2 b2 b1 a3 xa3 xb1");
    /*   3  . O
     *   2  X O
     *   1  X .      X to move                                           */
    expect_legal(s, "a1-b1 a2-a3");
    play(s, "a2-a3");
    /*   3  X O
     *   2  . O
     *   1  X .                                                           */
    expect_legal(s, "b2-a2 b2-b1");
    play(s, "b2-a2");
    /*   3  X O
     *   2  O .
     *   1  X .      a3 is walled in by a2 and b3                         */
    expect_legal(s, "a1-b1");
    play(s, "a1-b1");
    expect_legal(s, "a2-a1 a2-b2 b3-b2");
    play(s, "a2-b2");
    /*   3  X O
     *   2  . O
     *   1  . X      a3 slides two points down (rook)                     */
    expect_legal(s, "a3-a2 a3-a1 b1-a1");
    play(s, "b1-a1 b2-b1 a1-a2 b1-a1");
    /*   3  X O
     *   2  X .
     *   1  O .                                                           */
    expect_legal(s, "a2-b2");
    play(s, "a2-b2 a1-a2");
    /*   3  X O
     *   2  O X
     *   1  . .                                                           */
    expect_legal(s, "b2-b1");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* §4.2.8: a draw after no_capture_limit movement plies without a
 * removal; 0 turns it off.  2x3 with two stones each: no square can form.
 *   3  . O
 *   2  X O
 *   1  . X                                                              */
START_TEST(no_capture_limit_draw)
{
    static const char *const setup = "a1 b3 a2 b2 b1 a3 xa3 xa1";
    static const char *const plies[] = {"a2-a3", "b2-a2", "b1-b2", "a2-a1"};
    int lim;
    for (lim = 0; lim <= 5; lim++) {
        mg_game *g;
        mg_state *s;
        char spec[96];
        int i;
        snprintf(spec, sizeof spec, "fangqi(width=2,height=3,no_capture_limit=%d)",
                 lim);
        s = start(&g, spec);
        play(s, setup);
        ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
        for (i = 0; i < 4; i++) {
            play(s, plies[i]);
            if (lim > 0 && i + 1 >= lim) {
                ck_assert_msg(mg_state_winner(s) == MG_DRAW,
                              "limit %d: ply %d should draw", lim, i + 1);
                break;
            }
            ck_assert_msg(mg_state_winner(s) == MG_NOBODY,
                          "limit %d: ply %d ended the game", lim, i + 1);
            ck_assert_int_eq(mg_state_current_player(s), (i + 1) % 2);
        }
        done(g, s);
    }
}
END_TEST

/* §4.2.8: a removal resets the count (here: the two-square move). */
START_TEST(no_capture_limit_reset_by_removal)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4,no_capture_limit=2)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    /* 1 ply without removal: O moves a4?  First X plays a neutral move */
    play(s, "d3-d4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    /*   4  O O O X
     *   3  O X O .
     *   2  X . X O
     *   1  X X X O      O: c3-d3, d2-d3                                 */
    play(s, "d2-d3");
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    done(g, s);
    s = start(&g, "fangqi(width=4,height=4,no_capture_limit=2)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2 xa3 xc4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    /* one ply since the removals */
    play(s, "a4-a3");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* §4.2 capture_on_placement: a stone completing a square while placing
 * gives a removal at once; placing ends after the allotments (5 and 4 on
 * 3x3) although the board is not full; the initial removal follows and
 * the square removal is skipped. */
START_TEST(capture_on_placement)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=3,height=3,capture_on_placement=true)");
    play(s, "a1 c1 a2 c2 b1 c3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b2"); /* completes a1-b2 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc1 xc2 xc3");
    play(s, "xc2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "a3 b3 c2");
    play(s, "c2");   /* seat 1's fourth and last stone */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b3");   /* seat 0's fifth and last stone; a3 stays empty */
    /*   3  . X O
     *   2  X X O
     *   1  X X O     initial removal: seat 0 one, seat 1 one */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc1 xc2 xc3");
    play(s, "xc3");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    /* X stones a1 b1 a2 b2 protected, b3 not */
    expect_legal(s, "xb3");
    play(s, "xb3");
    /* Q0 = 1 on this board, but the square removal is skipped */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    ck_assert_int_eq(score(s, 0), 4);
    ck_assert_int_eq(score(s, 1), 2);
    done(g, s);
    /* without the option, the same placements are just placements */
    s = start(&g, "fangqi(width=3,height=3)");
    play(s, "a1 c1 a2 c2 b1 c3 b2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "a3 b3");
    play(s, "a3 b3");
    /*   3  O X O
     *   2  X X O
     *   1  X X O     Q0 = 1: initial removal, then one square removal */
    play(s, "xc1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xb3");
    play(s, "xb3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xa3 xc2 xc3");
    play(s, "xa3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    done(g, s);
}
END_TEST

/* §4.2 capture_on_placement: a stone completing two squares while placing
 * removes two. 4x3, X: a1 b1 c1 a2 c2 then b2 */
START_TEST(capture_on_placement_two_squares)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,capture_on_placement=true)");
    play(s, "a1 d1 b1 d2 c1 d3 a2 a3 c2 b3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b2");
    expect_legal(s, "xd1 xd2 xd3 xa3 xb3");
    play(s, "xd1");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "xd2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    /* seat 1 has placed 5 of 6: empties c3 d1 d2 */
    expect_legal(s, "c3 d1 d2");
    done(g, s);
}
END_TEST

/* §4.2 ko: after the two-square move b3-b2 and its removals, X steps out
 * (b2-b3) and back: with ko every move into b2 re-forms a square of X's
 * previous square-completing move and is refused; without ko it is legal
 * and removes two again. */
START_TEST(ko_rule)
{
    int ko;
    for (ko = 0; ko <= 1; ko++) {
        mg_game *g;
        mg_state *s = start(&g, ko ? "fangqi(width=4,height=4,ko=true)"
                                   : "fangqi(width=4,height=4)");
        int32_t a;
        play(s, two_sq_4x4);
        play(s, "xb2 xd4 b3-b2 xa3 xc4");
        /*   4  O O . .
         *   3  . . O X
         *   2  X X X O
         *   1  X X X O                                                   */
        play(s, "c3-c4 b2-b3 c4-c3");
        /*   4  O O . .
         *   3  . X O X
         *   2  X . X O
         *   1  X X X O                                                   */
        a = parse(s, "b3-b2");
        if (ko)
            expect_legal(s, "b1-b2 a2-a3 b3-a3 d3-d4");
        else
            expect_legal(s, "b1-b2 a2-b2 a2-a3 c2-b2 b3-b2 b3-a3 d3-d4");
        if (ko) {
            refused(s, "b3-b2", MG_EILLEGAL);
            refused(s, "a2-b2", MG_EILLEGAL); /* re-forms b1-c2 */
            refused(s, "c2-b2", MG_EILLEGAL); /* re-forms a1-b2 */
            /* b1-b2 empties b1: it completes no square and stays legal */
            ck_assert_int_eq(mg_state_is_legal(s, parse(s, "b1-b2")), 1);
        } else {
            ck_assert_int_eq(mg_state_is_legal(s, a), 1);
            play(s, "b3-b2");
            ck_assert_int_eq(mg_state_current_player(s), 0);
            ck_assert(all_removals(s, 16));
        }
        done(g, s);
    }
}
END_TEST

/* §4.2 ko: before any square-completing move in movement nothing is
 * blocked (squares formed while placing do not count). */
START_TEST(ko_first_completion_free)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4,ko=true)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    /* X's first square-completing move: nothing to block yet */
    expect_legal(s, "b1-b2 a2-b2 c2-b2 b3-b2 d3-d4");
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "b3-b2")), 1);
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "a2-b2")), 1);
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "c2-b2")), 1);
    done(g, s);
}
END_TEST

/* §4.2 ko: squares completed while placing (capture_on_placement) do not
 * count: re-forming a1-b2 is X's first square-completing move.
 *   3  . . .
 *   2  X X O
 *   1  X X O     (the position of the capture_on_placement test)        */
START_TEST(ko_ignores_placement_squares)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=3,height=3,capture_on_placement=true,"
                            "ko=true)");
    play(s, "a1 c1 a2 c2 b1 c3 b2 xc2 c2 b3 xc3 xb3");
    play(s, "a2-a3 c2-c3");
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "a3-a2")), 1);
    play(s, "a3-a2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc1 xc3");
    done(g, s);
}
END_TEST

/* §4.2 encirclement.  4x4 full board (no squares):
 *   4  O X O O      xd3 (seat 0), xb4 (seat 1)     4  O . O O
 *   3  X X X O      ->                             3  X X X .
 *   2  O O X X                                     2  O O X X
 *   1  X O X O                                     1  X O X O
 * X b3-b4: a4 (next to b4, no liberty) is removed; c4-d4 next to b4 keeps
 * d3; {a2 b2 b1} and d1 have no liberty but are not next to b4 (b2 even
 * gets b3).  The removal counts as one for no_capture_limit. */
static const char *const enc_4x4 =
    "b4 a4 a3 c4 b3 d4 c3 d3 c2 a2 d2 b2 a1 b1 c1 d1";

START_TEST(encirclement)
{
    int enc;
    for (enc = 0; enc <= 1; enc++) {
        mg_game *g;
        mg_state *s;
        int32_t grp[16];
        size_t n = 0;
        char spec[128];
        snprintf(spec, sizeof spec,
                 "fangqi(width=4,height=4,encirclement=%s,no_capture_limit=1)",
                 enc ? "true" : "false");
        s = start(&g, spec);
        play(s, enc_4x4);
        play(s, "xd3 xb4");
        ck_assert_int_eq(mg_state_current_player(s), 0);
        ck_assert_int_eq(score(s, 1), 7);
        play(s, "b3-b4");
        if (enc) {
            ck_assert_int_eq(score(s, 1), 6);
            ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
            ck_assert_int_eq(mg_state_current_player(s), 1);
            /* O chains: {a2 b2 b1} 3, {c4 d4} 2, {d1} 1 */
            ck_assert_int_eq(mg_state_groups(s, 1, grp, 16, &n), MG_OK);
            ck_assert_uint_eq(n, 3);
            ck_assert_int_eq(grp[0], 3);
            ck_assert_int_eq(grp[1], 2);
            ck_assert_int_eq(grp[2], 1);
            expect_legal(s, "b2-b3 d4-d3"); /* nothing reaches a4 */
        } else {
            ck_assert_int_eq(score(s, 1), 7);
            ck_assert_int_eq(mg_state_winner(s), MG_DRAW); /* 1 ply */
        }
        done(g, s);
    }
}
END_TEST

/* §4.2 encirclement with lose_below: the encircled stones count. */
START_TEST(encirclement_loses_by_count)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4,encirclement=true,"
                            "lose_below=7)");
    play(s, enc_4x4);
    play(s, "xd3 xb4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "b3-b4");
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
}
END_TEST

/* §0, §4.3: ids and notation of every action, printed and parsed back;
 * upper case, x#p, #p-#q. */
START_TEST(notation_all_actions)
{
    static const char *const specs[] = {
        "fangqi", "fangqi(width=2,height=2)", "fangqi(width=3,height=5)",
        "fangqi(width=19,height=19)", "fangqi(width=19,height=2)",
    };
    size_t k;
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mg_game *g;
        mg_state *s = start(&g, specs[k]);
        char spec[512];
        int w, h, P, S;
        int32_t a, n;
        spec_of(g, spec, sizeof spec);
        w = spec_int(spec, "width=");
        h = spec_int(spec, "height=");
        P = w * h;
        S = w + h - 2;
        n = mg_game_num_actions(g);
        ck_assert_int_eq(n, 2 * P + P * S);
        ck_assert_int_ge(mg_game_max_legal_actions(g), P);
        for (a = 0; a < n; a++) {
            char buf[32], want[32], up[32], alt[32];
            int32_t back = -1;
            int from, slot, to, i;
            if (a < 2 * P) {
                int p = a % P;
                snprintf(want, sizeof want, "%s%c%d", a < P ? "" : "x",
                         'a' + p % w, p / w + 1);
                snprintf(alt, sizeof alt, "%s#%d", a < P ? "" : "x", p);
            } else {
                from = (a - 2 * P) / S;
                slot = (a - 2 * P) % S;
                if (slot < w - 1)
                    to = (from / w) * w + (slot < from % w ? slot : slot + 1);
                else {
                    int j = slot - (w - 1);
                    to = (j < from / w ? j : j + 1) * w + from % w;
                }
                snprintf(want, sizeof want, "%c%d-%c%d", 'a' + from % w,
                         from / w + 1, 'a' + to % w, to / w + 1);
                snprintf(alt, sizeof alt, "#%d-#%d", from, to);
            }
            MG_REQUIRE(mg_state_action_to_string(s, a, buf, sizeof buf, NULL) ==
                           MG_OK && strcmp(buf, want) == 0,
                       "%s: action %d printed %s, want %s", specs[k], a, buf,
                       want);
            MG_REQUIRE(mg_state_action_from_string(s, buf, &back, NULL, 0) ==
                           MG_OK && back == a,
                       "%s: %s parsed %d, want %d", specs[k], buf, back, a);
            for (i = 0; buf[i]; i++)
                up[i] = (char)toupper((unsigned char)buf[i]);
            up[i] = '\0';
            back = -1;
            MG_REQUIRE(mg_state_action_from_string(s, up, &back, NULL, 0) ==
                           MG_OK && back == a,
                       "%s: %s parsed %d, want %d", specs[k], up, back, a);
            back = -1;
            MG_REQUIRE(mg_state_action_from_string(s, alt, &back, NULL, 0) ==
                           MG_OK && back == a,
                       "%s: %s parsed %d, want %d", specs[k], alt, back, a);
        }
        /* out of range */
        {
            char buf[8];
            ck_assert_int_eq(mg_state_action_to_string(s, n, buf, sizeof buf,
                                                       NULL), MG_ERANGE);
            ck_assert_int_eq(mg_state_action_to_string(s, -1, buf, sizeof buf,
                                                       NULL), MG_ERANGE);
            ck_assert_int_eq(mg_state_apply(s, n), MG_ERANGE);
        }
        done(g, s);
    }
}
END_TEST

/* §4.3: names off the board, moves that are no action (diagonal, not in
 * line, onto itself) and garbage are refused. */
START_TEST(notation_refusals)
{
    static const struct { const char *text; int rc; } bad[] = {
        {"i1", MG_ERANGE},  {"a8", MG_ERANGE},   {"xa8", MG_ERANGE},
        {"#56", MG_ERANGE}, {"x#56", MG_ERANGE}, {"a1-b2", MG_ERANGE},
        {"a1-a1", MG_ERANGE}, {"a1-i1", MG_ERANGE},
        {"", MG_ESYNTAX},   {"1a", MG_ESYNTAX},  {"a1-", MG_ESYNTAX},
        {"y", MG_ESYNTAX},
    };
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int32_t a = 12345;
        char err[128] = "";
        int rc = mg_state_action_from_string(s, bad[i].text, &a, err, sizeof err);
        ck_assert_msg(rc == bad[i].rc || (bad[i].rc == MG_ESYNTAX &&
                                          rc == MG_ERANGE) ||
                          (bad[i].rc == MG_ERANGE && rc == MG_ESYNTAX),
                      "'%s': got %d (%s), want %d", bad[i].text, rc, err,
                      bad[i].rc);
        ck_assert_int_ne(rc, MG_OK);
    }
    {
        int32_t a = -1;
        ck_assert_int_eq(mg_state_action_from_string(s, " H7 ", &a, NULL, 0),
                         MG_OK);
        ck_assert_int_eq(a, 55);
        ck_assert_int_eq(mg_state_action_from_string(s, "Xh7", &a, NULL, 0),
                         MG_OK);
        ck_assert_int_eq(a, 56 + 55);
    }
    done(g, s);
}
END_TEST

/* §0 mg_state_score = stones on the board, mg_state_groups = chain sizes
 * descending; RULES 4.3 placement legality; hash of transpositions. */
START_TEST(scores_groups_hash)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=3,height=3)"), *t = NULL;
    int32_t grp[9];
    size_t n = 0;
    ck_assert_int_eq(mg_state_groups(s, 0, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 0);
    play(s, "a1 c3 b1 b3 c1 a3 a2");
    /*   3  O O O
     *   2  X . .
     *   1  X X X      */
    ck_assert_int_eq(score(s, 0), 4);
    ck_assert_int_eq(score(s, 1), 3);
    refused(s, "a1", MG_EILLEGAL);
    refused(s, "xa3", MG_EILLEGAL);
    ck_assert_int_eq(mg_state_groups(s, 0, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(grp[0], 4);
    play(s, "c2");
    /*   3  O O O
     *   2  X . O
     *   1  X X X      */
    ck_assert_int_eq(mg_state_groups(s, 1, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(grp[0], 4);
    ck_assert_int_eq(mg_state_groups(s, 0, NULL, 0, &n), MG_ENOBUFS);
    ck_assert_uint_eq(n, 1);
    {
        int32_t v;
        ck_assert_int_eq(mg_state_score(s, 2, &v), MG_ERANGE);
        ck_assert_int_eq(mg_state_groups(s, -1, grp, 9, &n), MG_ERANGE);
    }
    /* transposition: same stones by another order hash equal */
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    play(t, "a2 a3 c1 b3 b1 c3 a1 c2");
    ck_assert_uint_eq(mg_state_hash(s), mg_state_hash(t));
    play(s, "b2");
    ck_assert_uint_ne(mg_state_hash(s), mg_state_hash(t));
    mg_state_free(t);
    /* 3  O O O      a1 b1 c1 a2 b2: X; one chain of 5 */
    ck_assert_int_eq(mg_state_groups(s, 0, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(grp[0], 5);
    done(g, s);
}
END_TEST

/* Text rendering: X and O on the grid, the phase and pending removals. */
START_TEST(text_rendering)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    char buf[2048];
    int x, o;
    play(s, two_sq_4x4);
    render_counts(s, &x, &o);
    ck_assert_int_eq(x, 8);
    ck_assert_int_eq(o, 8);
    play(s, "xb2 xd4 b3-b2");
    render_counts(s, &x, &o);
    ck_assert_int_eq(x, 7);
    ck_assert_int_eq(o, 7);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "4 O O O .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "2 X X X O\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "  a b c d\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "remove 2") != NULL, "%s", buf); /* pending */
    play(s, "xa3");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "remove 1") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "3 . . O X\n") != NULL, "%s", buf);
    {
        size_t need = 0;
        char *svg;
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 0, &need),
                         MG_ENOBUFS);
        svg = malloc(need);
        ck_assert_ptr_nonnull(svg);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, need, NULL),
                         MG_OK);
        ck_assert_uint_eq(strlen(svg) + 1, need);
        ck_assert(strncmp(svg, "<svg", 4) == 0 || strncmp(svg, "<?xml", 5) == 0);
        free(svg);
    }
    ck_assert_int_eq(mg_state_render(s, 99, buf, sizeof buf, NULL), MG_EINVAL);
    done(g, s);
}
END_TEST

/* ------------------------------------------------------ random games */

/* On a disagreement with the model: the record and both differences. */
static void diff_report(const mg_state *s, const int32_t *lib, size_t n,
                        const int32_t *mod, size_t nm)
{
    static char rec[200000];
    size_t i, j;
    char nm_[32];
    if (mg_state_save(s, rec, sizeof rec, NULL) == MG_OK)
        fprintf(stderr, "%s", rec);
    if (mg_state_render(s, MG_RENDER_TEXT, rec, sizeof rec, NULL) == MG_OK)
        fprintf(stderr, "%s", rec);
    fprintf(stderr, "library only:");
    for (i = 0; i < n; i++) {
        for (j = 0; j < nm && mod[j] != lib[i]; j++)
            ;
        if (j == nm && mg_state_action_to_string(s, lib[i], nm_, sizeof nm_,
                                                 NULL) == MG_OK)
            fprintf(stderr, " %s", nm_);
    }
    fprintf(stderr, "\nmodel only:");
    for (j = 0; j < nm; j++) {
        for (i = 0; i < n && lib[i] != mod[j]; i++)
            ;
        if (i == n && mg_state_action_to_string(s, mod[j], nm_, sizeof nm_,
                                                NULL) == MG_OK)
            fprintf(stderr, " %s", nm_);
    }
    fprintf(stderr, "\n");
}

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
            a = lib[rnd_below(&seed, (int32_t)n)];
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
    model_games(specs[_i], mg_test_games(40), (uint64_t)_i * 977 + 1, 3000);
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
    model_games(specs[_i], mg_test_games(40), (uint64_t)_i * 131 + 7, 3000);
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
    model_games(specs[_i], mg_test_games(_i == 4 ? 2 : 8),
                (uint64_t)_i * 31 + 3, 20000);
}
END_TEST

/* mg_state_playout reaches the end on the default board (limit 100). */
START_TEST(playouts_end)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    int k, n = mg_test_games(20);
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

Suite *mg_fangqi_suite(void)
{
    Suite *s = suite_create("fangqi");
    TCase *opts = tcase_create("options");
    TCase *rules = tcase_create("rules");
    TCase *games = tcase_create("games");
    tcase_add_test(opts, options_and_canonical_spec);
    tcase_add_test(opts, option_refusals);
    tcase_add_test(rules, square_counting_and_removal_order);
    tcase_add_test(rules, all_protected_fallback_and_recount);
    tcase_add_test(rules, single_removal_without_extra);
    tcase_add_test(rules, xinjiang_extra_removal);
    tcase_add_test(rules, rook_and_step_movement);
    tcase_add_test(rules, move_completing_two_squares);
    tcase_add_test(rules, lose_below);
    tcase_add_test(rules, no_legal_move_loses);
    tcase_add_test(rules, small_board_moves);
    tcase_add_test(rules, no_capture_limit_draw);
    tcase_add_test(rules, no_capture_limit_reset_by_removal);
    tcase_add_test(rules, capture_on_placement);
    tcase_add_test(rules, capture_on_placement_two_squares);
    tcase_add_test(rules, ko_rule);
    tcase_add_test(rules, ko_first_completion_free);
    tcase_add_test(rules, ko_ignores_placement_squares);
    tcase_add_test(rules, encirclement);
    tcase_add_test(rules, encirclement_loses_by_count);
    tcase_add_test(rules, notation_all_actions);
    tcase_add_test(rules, notation_refusals);
    tcase_add_test(rules, scores_groups_hash);
    tcase_add_test(rules, text_rendering);
    tcase_add_loop_test(games, random_games_small_boards, 0, 20);
    tcase_add_loop_test(games, random_games_capture_on_placement, 0, 7);
    tcase_add_loop_test(games, random_games_full_boards, 0, 5);
    tcase_add_test(games, playouts_end);
    tcase_set_timeout(rules, 60);
    tcase_set_timeout(games, 300);
    suite_add_tcase(s, opts);
    suite_add_tcase(s, rules);
    suite_add_tcase(s, games);
    return s;
}
