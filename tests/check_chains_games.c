/*
 * check_chains_games.c - Chains of Thought on its ten boards (doc/rules.md
 * §0, §5; sections cited per test): random games on every board checked
 * action by action against a model of the rules written here (plain flood
 * fills and a brute-force step: make it, count again), with each option and
 * each removal (removal=ludii on all ten boards), Ludii's scores against
 * the result, playouts that end, and bots' games.
 *
 * The boards built here: chains_boards_test.h.  The rest:
 * check_chains_options.c and check_chains_boards.c.
 */
#include "chains_boards_test.h"
#include "model_diff.h"
#include "test_rng.h"

/* ------------------------------------------------------------- model */

/* rules §5.2 as plainly as possible: chains by flood fill; a step is made
 * on a copy and the chains counted again. */
typedef struct model {
    const tgeo *t;
    int P, D;
    int sum_equal, except_largest, largest;
    int removal; /* 0 none, 1 adjacent, 2 ludii */
    int32_t step_id[CT_MAXP][CT_MAXD]; /* by the model's neighbour order */
    signed char b[CT_MAXP];
    int me, over, winner;
} model;

static int m_chains(const model *m, const signed char *b, int colour,
                    int *lab, int *sizes)
{
    int i, n = 0, stack[CT_MAXP];
    for (i = 0; i < m->P; i++)
        lab[i] = -1;
    for (i = 0; i < m->P; i++) {
        int sp = 0;
        if (b[i] != colour || lab[i] >= 0)
            continue;
        sizes[n] = 0;
        lab[i] = n;
        stack[sp++] = i;
        while (sp) {
            int e = stack[--sp], k;
            sizes[n]++;
            for (k = 0; k < m->t->deg[e]; k++) {
                int f = m->t->nb[e][k];
                if (b[f] == colour && lab[f] < 0) {
                    lab[f] = n;
                    stack[sp++] = f;
                }
            }
        }
        n++;
    }
    return n;
}

static int m_adjacent(const model *m, int a, int b)
{
    return t_adjacent(m->t, a, b);
}

static int m_place_ok(const model *m, int s)
{
    int lab0[CT_MAXP], sz0[CT_MAXP], lab1[CT_MAXP], sz1[CT_MAXP];
    int *lm, *sm, *lo, *so, k, i, f = 0, e = 0, any = 0;
    char seenm[CT_MAXP] = {0}, seeno[CT_MAXP] = {0};
    m_chains(m, m->b, 0, lab0, sz0);
    m_chains(m, m->b, 1, lab1, sz1);
    lm = m->me ? lab1 : lab0;
    sm = m->me ? sz1 : sz0;
    lo = m->me ? lab0 : lab1;
    so = m->me ? sz0 : sz1;
    (void)i;
    for (k = 0; k < m->t->deg[s]; k++) {
        int w = m->t->nb[s][k];
        if (m->b[w] < 0)
            continue;
        any = 1;
        if (m->b[w] == m->me) {
            if (!m->sum_equal)
                return 0; /* not_self_adjacent */
            if (!seenm[lm[w]]) {
                seenm[lm[w]] = 1;
                f += sm[lm[w]];
            }
        } else {
            if (!m->sum_equal && so[lo[w]] != 1)
                return 0;
            if (!seeno[lo[w]]) {
                seeno[lo[w]] = 1;
                e += so[lo[w]];
            }
        }
    }
    return !m->sum_equal || !any || 1 + f == e;
}

static int m_step_ok(const model *m, int f, int t)
{
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    int lab2[CT_MAXP], sz2[CT_MAXP];
    signed char b2[CT_MAXP];
    int n, n2, i, big = 0, nbig = 0, bigid = -1, obig = 0, k;
    if (m->b[f] != m->me || m->b[t] >= 0 || !m_adjacent(m, f, t))
        return 0;
    /* (1) t next to another own stone */
    for (k = 0, i = 0; k < m->t->deg[t]; k++) {
        int w = m->t->nb[t][k];
        i |= w != f && m->b[w] == m->me;
    }
    if (!i)
        return 0;
    n = m_chains(m, m->b, m->me, lab, sz);
    m_chains(m, m->b, 1 - m->me, olab, osz);
    for (i = 0; i < m->P; i++)
        if (olab[i] >= 0 && osz[olab[i]] > obig)
            obig = osz[olab[i]];
    for (i = 0; i < n; i++) {
        if (sz[i] > big) {
            big = sz[i];
            nbig = 1;
            bigid = i;
        } else if (sz[i] == big) {
            nbig++;
        }
    }
    /* (2) not next to the unique largest chain larger than all of the
     * opponent's (f itself counts as next to t) */
    if (m->except_largest && nbig == 1 && big > obig)
        for (k = 0; k < m->t->deg[t]; k++) {
            int w = m->t->nb[t][k];
            if (m->b[w] == m->me && lab[w] == bigid)
                return 0;
        }
    memcpy(b2, m->b, (size_t)m->P);
    b2[f] = -1;
    b2[t] = (signed char)m->me;
    n2 = m_chains(m, b2, m->me, lab2, sz2);
    if (n2 >= n) /* (3) */
        return 0;
    for (k = 0; k < m->t->deg[t]; k++) { /* (4) */
        int w = m->t->nb[t][k];
        if (m->b[w] == 1 - m->me && osz[olab[w]] > sz2[lab2[t]])
            return 0;
    }
    return 1;
}

static int m_legal(const model *m, int32_t *out)
{
    int n = 0, s, f, k;
    for (s = 0; s < m->P; s++)
        if (m->b[s] < 0 && m_place_ok(m, s))
            out[n++] = s;
    for (f = 0; f < m->P; f++)
        for (k = 0; k < m->t->deg[f]; k++)
            if (m_step_ok(m, f, m->t->nb[f][k]))
                out[n++] = m->step_id[f][k];
    qsort(out, (size_t)n, sizeof *out, cmp_i32);
    return n;
}

static void m_settle(model *m)
{
    int32_t buf[CT_MAXP * CT_MAXD];
    if (m_legal(m, buf) > 0)
        return;
    m->over = 1;
    if (!m->largest) {
        m->winner = 1 - m->me;
    } else {
        int lab[CT_MAXP], a[CT_MAXP], b[CT_MAXP], na, nb, i;
        na = m_chains(m, m->b, 0, lab, a);
        nb = m_chains(m, m->b, 1, lab, b);
        qsort(a, (size_t)na, sizeof *a, cmp_i32);
        qsort(b, (size_t)nb, sizeof *b, cmp_i32);
        m->winner = MG_DRAW;
        for (i = 0; i < na || i < nb; i++) {
            int x = i < na ? a[na - 1 - i] : 0, y = i < nb ? b[nb - 1 - i] : 0;
            if (x != y) {
                m->winner = x > y ? 0 : 1;
                break;
            }
        }
    }
}

/* removal=adjacent (rules §5.2): rounds until none, each removing every
 * opponent stone next to a larger chain of the mover's. */
static void m_remove_adjacent(model *m)
{
    int me = m->me, opp = 1 - me;
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    m_chains(m, m->b, me, lab, sz);
    for (;;) {
        int gone[CT_MAXP], n = 0, p, k, i;
        m_chains(m, m->b, opp, olab, osz);
        for (p = 0; p < m->P; p++) {
            if (m->b[p] != opp)
                continue;
            for (k = 0; k < m->t->deg[p]; k++) {
                int w = m->t->nb[p][k];
                if (m->b[w] == me && sz[lab[w]] > osz[olab[p]]) {
                    gone[n++] = p;
                    break;
                }
            }
        }
        if (!n)
            break;
        for (i = 0; i < n; i++)
            m->b[gone[i]] = -1;
    }
}

/* removal=ludii (rules §5.2, steps 1-3): C the mover's chain through
 * `last`; R the opponent stones touching C in chains smaller than |C|,
 * ascending; for each r: take it if there, then mark every opponent stone
 * touching the mover whose chain is smaller than the sum of the different
 * mover chains touching it, and take the marked ones. */
static void m_remove_ludii(model *m, int last)
{
    int me = m->me, opp = 1 - me, p, k, i, nr = 0, r[CT_MAXP];
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    m_chains(m, m->b, me, lab, sz);
    m_chains(m, m->b, opp, olab, osz);
    for (p = 0; p < m->P; p++) {
        int touches = 0;
        for (k = 0; k < m->t->deg[p]; k++)
            touches |= lab[m->t->nb[p][k]] == lab[last];
        if (m->b[p] == opp && touches && osz[olab[p]] < sz[lab[last]])
            r[nr++] = p;
    }
    for (i = 0; i < nr; i++) {
        int marked[CT_MAXP], n = 0, j;
        m->b[r[i]] = -1; /* if already gone, nothing happens */
        m_chains(m, m->b, opp, olab, osz);
        for (p = 0; p < m->P; p++) {
            int seen[CT_MAXD], ns = 0, sum = 0;
            if (m->b[p] != opp)
                continue;
            for (k = 0; k < m->t->deg[p]; k++) {
                int w = m->t->nb[p][k];
                if (m->b[w] != me)
                    continue;
                for (j = 0; j < ns && seen[j] != lab[w]; j++)
                    ;
                if (j == ns) {
                    seen[ns++] = lab[w];
                    sum += sz[lab[w]];
                }
            }
            if (ns && sum > osz[olab[p]])
                marked[n++] = p;
        }
        for (j = 0; j < n; j++)
            m->b[marked[j]] = -1;
    }
}

static void m_apply(model *m, int32_t a)
{
    int me = m->me, last = -1;
    if (a < m->P) {
        m->b[a] = (signed char)me;
        last = (int)a;
    } else {
        int f, k;
        for (f = 0; f < m->P && last < 0; f++)
            for (k = 0; k < m->t->deg[f]; k++)
                if (m->step_id[f][k] == a) {
                    m->b[f] = -1;
                    last = m->t->nb[f][k];
                    m->b[last] = (signed char)me;
                    break;
                }
        ck_assert(last >= 0);
    }
    if (m->removal == 1)
        m_remove_adjacent(m);
    else if (m->removal == 2)
        m_remove_ludii(m, last);
    m->me = 1 - me;
    m_settle(m);
}

/* Options read back from the canonical spec. */
static void m_init(model *m, const tgeo *t, const mg_state *s,
                   const mg_game *g)
{
    char spec[512];
    int f, k;
    spec_of(g, spec, sizeof spec);
    memset(m, 0, sizeof *m);
    m->t = t;
    m->P = t->P;
    m->D = (mg_game_num_actions(g) - t->P) / t->P;
    m->sum_equal = strstr(spec, "placement=sum_equal") != NULL;
    m->except_largest = strstr(spec, "movement=merge_except_largest") != NULL;
    m->removal = strstr(spec, "removal=adjacent") ? 1
                 : strstr(spec, "removal=ludii")  ? 2
                                                  : 0;
    m->largest = strstr(spec, "goal=largest") != NULL;
    for (f = 0; f < t->P; f++)
        for (k = 0; k < t->deg[f]; k++) {
            char nm[32];
            snprintf(nm, sizeof nm, "#%d-#%d", f, t->nb[f][k]);
            m->step_id[f][k] = parse(s, nm);
        }
    memset(m->b, -1, sizeof m->b);
    m->winner = MG_NOBODY;
}

/* ------------------------------------------------------ random games */

/* Random games compared with the model after every action: the legal
 * set, player, end and winner, scores and chains; at the end Ludii's
 * scores against the winner (goal=largest); then undo to start. */
static void model_games(const char *spec, const struct board_case *bc,
                        int games, uint64_t seed)
{
    static int32_t lib[CT_MAXP * CT_MAXD], mod[CT_MAXP * CT_MAXD];
    static tgeo t;
    static model m;
    mg_game *g;
    mg_state *s = start(&g, spec);
    int gi;
    geo_of(&t, bc);
    for (gi = 0; gi < games; gi++) {
        uint64_t h0 = mg_state_hash(s);
        int steps = 0;
        m_init(&m, &t, s, g);
        for (;;) {
            size_t n = 0;
            int nm, c;
            int32_t a;
            MG_REQUIRE(mg_state_legal_actions(s, lib, CT_MAXP * CT_MAXD, &n) ==
                           MG_OK,
                       "legal actions");
            nm = m.over ? 0 : m_legal(&m, mod);
            MG_REQUIRE(mg_state_current_player(s) ==
                           (m.over ? MG_NOBODY : m.me),
                       "%s game %d step %d: player", spec, gi, steps);
            MG_REQUIRE(mg_state_winner(s) == (m.over ? m.winner : MG_NOBODY),
                       "%s game %d step %d: winner %d, model %d", spec, gi,
                       steps, mg_state_winner(s), m.winner);
            if ((size_t)nm != n || memcmp(lib, mod, n * sizeof *lib) != 0) {
                diff_report(s, lib, n, mod, (size_t)nm);
                ck_abort_msg("%s game %d step %d: %d legal, model %d", spec, gi,
                             steps, (int)n, nm);
            }
            for (c = 0; c < 2 && (steps % 5 == 0 || n == 0); c++) {
                int lab[CT_MAXP], sz[CT_MAXP], k, i, big = 0;
                int32_t gl[CT_MAXP];
                size_t cnt = 0;
                k = m_chains(&m, m.b, c, lab, sz);
                qsort(sz, (size_t)k, sizeof *sz, cmp_i32);
                MG_REQUIRE(mg_state_groups(s, c, gl, CT_MAXP, &cnt) == MG_OK &&
                               (int)cnt == k,
                           "%s: chains of %d", spec, c);
                for (i = 0; i < k; i++)
                    MG_REQUIRE(gl[i] == sz[k - 1 - i], "%s: chain sizes", spec);
                big = k ? sz[k - 1] : 0;
                MG_REQUIRE(score(s, c) == big, "%s: score of %d", spec, c);
            }
            if (n == 0)
                break;
            a = lib[mg_test_rand(&seed) % n];
            MG_REQUIRE(mg_state_apply(s, a) == MG_OK, "apply");
            m_apply(&m, a);
            steps++;
        }
        MG_REQUIRE(mg_state_is_terminal(s) == 1, "terminal");
        if (m.largest) { /* Ludii's scores rank as the cascade does */
            int32_t ls[2];
            ludii_scores(s, ls);
            MG_REQUIRE(m.winner == (ls[0] > ls[1]   ? 0
                                    : ls[1] > ls[0] ? 1
                                                    : MG_DRAW),
                       "%s game %d: Ludii's scores %d, %d, winner %d", spec,
                       gi, ls[0], ls[1], m.winner);
        }
        while (mg_state_undo(s) == MG_OK)
            ;
        MG_REQUIRE(mg_state_hash(s) == h0 && mg_state_current_player(s) == 0,
                   "%s game %d: undo to the start", spec, gi);
    }
    done(g, s);
}

/* Every board with the default options; games scaled down on the large
 * boards (the model is slow there, on purpose). */
START_TEST(random_games_every_board)
{
    static const int base[N_BOARDS] = {200, 20, 2, 200, 40, 6, 1, 30, 6, 2};
    char spec[128];
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)",
             boards[_i].name);
    model_games(spec, &boards[_i],
                (int)(base[_i] * (int64_t)mg_test_games(1000) / 1000) + 1,
                (uint64_t)_i * 977 + 5);
}
END_TEST

/* removal=ludii (rules §5.2) on every board, against the model's own
 * reading of Ludii's steps 1-3. */
START_TEST(random_games_ludii)
{
    static const int base[N_BOARDS] = {200, 20, 2, 200, 40, 6, 1, 30, 6, 2};
    char spec[128];
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,removal=ludii)",
             boards[_i].name);
    model_games(spec, &boards[_i],
                (int)(base[_i] * (int64_t)mg_test_games(1000) / 1000) + 1,
                (uint64_t)_i * 1913 + 11);
}
END_TEST

/* Each non-default option, and all of them, on small boards. */
START_TEST(random_games_options)
{
    static const struct {
        const char *opts;
        int board;
    } cases[] = {
        {"goal=stalemate", 0},
        {"placement=not_self_adjacent", 0},
        {"movement=must_merge", 0},
        {"removal=none", 0},
        {"goal=stalemate,placement=not_self_adjacent,movement=must_merge,"
         "removal=none",
         3},
        {"movement=must_merge", 3},
        {"placement=not_self_adjacent", 7},
        {"removal=none,movement=must_merge", 7},
        {"removal=ludii,goal=stalemate", 0},
        {"removal=ludii,placement=not_self_adjacent", 3},
        {"removal=ludii,movement=must_merge", 7},
    };
    char spec[256];
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,%s)",
             boards[cases[_i].board].name, cases[_i].opts);
    model_games(spec, &boards[cases[_i].board],
                (int)(30 * (int64_t)mg_test_games(1000) / 1000) + 1,
                (uint64_t)_i * 131 + 7);
}
END_TEST

/* Random playouts end on every board with each removal value, within 2P
 * actions with removal=none (rules §5.2: every step is paid for by a
 * placement). */
START_TEST(playouts_end)
{
    static const char *const removal[3] = {"adjacent", "none", "ludii"};
    char spec[128];
    mg_game *g;
    mg_state *s;
    int k, n = mg_test_games(1000) / 100 + 1;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,removal=%s)",
             boards[_i / 3].name, removal[_i % 3]);
    s = start(&g, spec);
    for (k = 0; k < n; k++) {
        int r = mg_state_playout(s, (uint64_t)k + 1, -1);
        int w = mg_state_winner(s);
        ck_assert_int_gt(r, 0);
        ck_assert_int_eq(mg_state_is_terminal(s), 1);
        ck_assert(w == 0 || w == 1 || w == MG_DRAW);
        if (_i % 3 == 1)
            ck_assert_int_le(r, 2 * boards[_i / 3].P);
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

/* Since 1.4 mg_state_playout runs the game's playout op, which draws
 * without listing the actions: it must draw exactly the actions of the
 * generic loop (legal actions ascending, one draw of the library's
 * splitmix64 stream each; rules §5.2 decides what is legal), so that a
 * seed plays the same game as before.  From positions along a random
 * game on every board with each removal value (and other options on
 * hex4), a playout (whole, or cut at a random length) against that loop
 * replayed through the API with the same draws: the same number of
 * actions, history, position hash and winner. */
static const char *const loop_opts[] = {
    "removal=adjacent", "removal=none", "removal=ludii",
    "goal=stalemate,placement=not_self_adjacent",
    "movement=must_merge,removal=ludii"};
#define N_LOOP_OPTS 5

START_TEST(playout_is_generic_loop)
{
    int b = _i / N_LOOP_OPTS, o = _i % N_LOOP_OPTS;
    char spec[160];
    mg_game *g;
    mg_state *s;
    int32_t *buf, *h1, *h2;
    size_t cap;
    uint64_t rng = 2024 + (uint64_t)_i;
    int step, steps = (int)(40 * (int64_t)mg_test_games(1000) / 1000) + 2;
    if (o >= 3 && b != 0) /* the other options on the first board only */
        return;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,%s)",
             boards[b].name, loop_opts[o]);
    s = start(&g, spec);
    cap = (size_t)mg_game_max_legal_actions(g);
    buf = malloc(cap * sizeof *buf);
    h1 = malloc(65536 * sizeof *h1);
    h2 = malloc(65536 * sizeof *h2);
    ck_assert(buf && h1 && h2);
    for (step = 0; step < steps; step++) {
        mg_state *p = NULL, *r = NULL;
        uint64_t x = mg_test_rand(&rng), x2 = x;
        int32_t max = (mg_test_rand(&rng) & 1)
                          ? -1
                          : (int32_t)(mg_test_rand(&rng) % 40);
        int32_t k = 0;
        size_t n, n1 = 0, n2 = 0;
        int done_;
        ck_assert_int_eq(mg_state_clone(&p, s), MG_OK);
        ck_assert_int_eq(mg_state_clone(&r, s), MG_OK);
        done_ = mg_state_playout(p, x, max);
        while ((max < 0 || k < max) && !mg_state_is_terminal(r) &&
               k < 60000) {
            ck_assert_int_eq(mg_state_legal_actions(r, buf, cap, &n), MG_OK);
            if (n == 0)
                break;
            ck_assert_int_eq(mg_state_apply(r, buf[lib_draw(&x2, (uint32_t)n)]),
                             MG_OK);
            k++;
        }
        ck_assert_msg(done_ == k, "%s step %d: playout %d actions, loop %d",
                      spec, step, done_, (int)k);
        ck_assert_uint_eq(mg_state_hash(p), mg_state_hash(r));
        ck_assert_int_eq(mg_state_winner(p), mg_state_winner(r));
        ck_assert_int_eq(mg_state_history(p, h1, 65536, &n1), MG_OK);
        ck_assert_int_eq(mg_state_history(r, h2, 65536, &n2), MG_OK);
        ck_assert_uint_eq(n1, n2);
        ck_assert(memcmp(h1, h2, n1 * sizeof *h1) == 0);
        mg_state_free(p);
        mg_state_free(r);
        if (mg_state_is_terminal(s))
            break;
        ck_assert_int_eq(mg_state_legal_actions(s, buf, cap, &n), MG_OK);
        ck_assert_int_eq(
            mg_state_apply(s, buf[mg_test_rand_below(&rng, n)]), MG_OK);
    }
    free(buf);
    free(h1);
    free(h2);
    done(g, s);
}
END_TEST

/* Bots play removal=ludii games to the end (rules §5.2): every choice is
 * legal, the record saved at the end loads back to the same position, and
 * undo returns to the start. */
START_TEST(bots_play_ludii)
{
    static const char *const specs[3] = {
        "chains_of_thought(removal=ludii)",
        "chains_of_thought(board=square6,removal=ludii)",
        "chains_of_thought(board=trisquare4,removal=ludii)"};
    static const char *const bots[2] = {"mcts(iterations=60)", "greedy"};
    static char rec[65536];
    mg_game *g, *g2;
    mg_state *s = start(&g, specs[_i]), *s2;
    mg_bot *b[2];
    int k, moves = 0;
    uint64_t h0 = mg_state_hash(s);
    char err[256];
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(mg_bot_new(&b[k], bots[k], 7 + (uint64_t)k, err,
                                    sizeof err),
                         MG_OK);
    while (!mg_state_is_terminal(s) && moves < 2000) {
        int32_t a = -1;
        int who = mg_state_current_player(s);
        ck_assert_int_eq(mg_bot_choose(b[moves % 2], s, &a), MG_OK);
        ck_assert_int_eq(mg_state_is_legal(s, a), 1);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        ck_assert(who == 0 || who == 1);
        moves++;
    }
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_save(s, rec, sizeof rec, NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(rec, "removal=ludii"));
    ck_assert_int_eq(mg_state_load(&s2, &g2, rec, err, sizeof err), MG_OK);
    ck_assert_uint_eq(mg_state_hash(s2), mg_state_hash(s));
    ck_assert_int_eq(mg_state_winner(s2), mg_state_winner(s));
    mg_state_free(s2);
    mg_game_free(g2);
    while (mg_state_undo(s) == MG_OK)
        ;
    ck_assert_uint_eq(mg_state_hash(s), h0);
    for (k = 0; k < 2; k++)
        mg_bot_free(b[k]);
    done(g, s);
}
END_TEST

Suite *mg_chains_games_suite(void)
{
    Suite *s = suite_create("chains_games");
    TCase *games = tcase_create("games");
    tcase_add_loop_test(games, random_games_every_board, 0, N_BOARDS);
    tcase_add_loop_test(games, random_games_ludii, 0, N_BOARDS);
    tcase_add_loop_test(games, random_games_options, 0, 11);
    tcase_add_loop_test(games, playouts_end, 0, 3 * N_BOARDS);
    tcase_add_loop_test(games, bots_play_ludii, 0, 3);
    tcase_add_loop_test(games, playout_is_generic_loop, 0,
                        N_BOARDS * N_LOOP_OPTS);
    tcase_set_timeout(games, 600);
    suite_add_tcase(s, games);
    return s;
}
