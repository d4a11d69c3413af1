/*
 * check_solver.c - the solver (mg_solver_*, since 1.4) against an
 * independent brute-force minimax (solver_test.h) on positions small
 * enough for it, on every Dots and Boxes grid and border (the engine of
 * boards up to 64 lines, misere's plain search, the generic search of
 * larger boards) and on the other games (the generic search: win/draw/
 * loss, the China margin, multi-action turns); consistency of values
 * with the children's; solved moves played out against brute-force and
 * random opponents; budgets (bounds that contain the value); bad input;
 * the solver bot against mcts.
 */
#include "solver_test.h"

#define MB ((size_t)1 << 20)

static mg_solver *new_solver(const mg_game *g, size_t bytes)
{
    mg_solver *sv = NULL;
    char err[256];
    int rc = mg_solver_new(&sv, g, bytes, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "mg_solver_new: %d %s", rc, err);
    return sv;
}

/* ------------------------------------------------------------ bad input */

START_TEST(bad_input)
{
    mg_game *g, *h;
    mg_state *s, *t;
    mg_solver *sv = (mg_solver *)&sv;
    char err[256];
    int32_t v = 7, a = 7, vals[64], lo, hi;
    size_t n = 99;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    MG_GAME(h, "dots_and_boxes(rows=2,cols=3)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, h), MG_OK);
    ck_assert_int_eq(mg_solver_new(NULL, g, MB, err, sizeof err), MG_EINVAL);
    ck_assert_int_eq(mg_solver_new(&sv, NULL, MB, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(sv);
    ck_assert_int_eq(mg_solver_new(&sv, g, 0, err, sizeof err), MG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "at least"));
    ck_assert_int_eq(mg_solver_new(&sv, g, 1000, NULL, 0), MG_EINVAL);
    ck_assert_ptr_null(sv);
    mg_solver_free(NULL);
    sv = new_solver(g, MB);
    ck_assert_int_eq(mg_solver_bounds(sv, &lo, &hi), MG_EINVAL);
    ck_assert_int_eq(mg_solver_bounds(NULL, &lo, &hi), MG_EINVAL);
    ck_assert_int_eq(mg_solver_solve(NULL, s, 0, 0, &v, &a, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_solver_solve(sv, NULL, 0, 0, &v, &a, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_solver_solve(sv, t, 0, 0, &v, &a, NULL),
                     MG_EMISMATCH);
    ck_assert_int_eq(v, 7); /* untouched on error */
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 64, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, NULL, 4, &n), MG_EINVAL);
    ck_assert_int_eq(mg_solver_values(sv, t, 0, 0, vals, 64, &n),
                     MG_EMISMATCH);
    /* the size query and a short buffer search nothing */
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, NULL, 0, &n), MG_ENOBUFS);
    ck_assert_uint_eq(n, 12);
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 3, &n), MG_ENOBUFS);
    ck_assert_int_eq(mg_solver_bounds(sv, &lo, &hi), MG_EINVAL);
    /* outputs may be NULL */
    ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, NULL, NULL, NULL), MG_OK);
    ck_assert_int_eq(mg_solver_bounds(sv, NULL, NULL), MG_OK);
    ck_assert_int_eq(mg_solver_bounds(sv, &lo, &hi), MG_OK);
    ck_assert_int_eq(lo, 2);
    ck_assert_int_eq(hi, 2);
    /* a finished game */
    mg_state_playout(s, 1, -1);
    ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, &a, NULL), MG_EOVER);
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 64, &n), MG_EOVER);
    ck_assert_str_eq(mg_strerror(MG_EBUDGET), "search budget exhausted");
    mg_solver_free(sv);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
    mg_game_free(h);
}
END_TEST

/* Every game's solver fits in 1 MiB (the header's promise), with the
 * default spec and the largest boards. */
static const char *const all_games[] = {
    "dots_and_boxes",
    "dots_and_boxes(rows=32,cols=32)",
    "dots_and_boxes(grid=hexagon,size=16,misere=true)",
    "china_squares",
    "china_octangle",
    "china_tangle",
    "china_grove",
    "fangqi",
    "fangqi(width=19,height=19)",
    "chains_of_thought",
    "chains_of_thought(board=square19)",
    "chains_of_thought(board=hex11,removal=none)",
};

START_TEST(minimum_memory)
{
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    int32_t v, a;
    MG_GAME(g, all_games[_i]);
    sv = new_solver(g, MB);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    /* one node: a budget answer with sound bounds and a legal action */
    ck_assert_int_eq(mg_solver_solve(sv, s, 1, 0, &v, &a, NULL), MG_EBUDGET);
    ck_assert_int_eq(mg_state_is_legal(s, a), 1);
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ------------------------------------------------- against brute force */

typedef struct config {
    const char *spec;
    int left;  /* D&B: undrawn lines; others: actions undone from the end */
    int count; /* positions */
} config;

static const config dab_configs[] = {
    {"dots_and_boxes(rows=3,cols=3)", 13, 40},
    /* 12 or more undrawn lines below the root: the enhanced transposition
     * cutoffs; misere's coins (solver_search.c) in both */
    {"dots_and_boxes(rows=3,cols=3)", 17, 8},
    {"dots_and_boxes(rows=3,cols=3,misere=true)", 16, 8},
    {"dots_and_boxes(rows=4,cols=4)", 13, 40},
    {"dots_and_boxes(rows=5,cols=5)", 12, 25},
    {"dots_and_boxes(rows=2,cols=6,border=icelandic)", 13, 25},
    {"dots_and_boxes(rows=4,cols=5,border=swedish)", 13, 25},
    {"dots_and_boxes(rows=1,cols=8)", 13, 20},
    {"dots_and_boxes(rows=3,cols=4,misere=true)", 12, 25},
    {"dots_and_boxes(rows=4,cols=4,border=swedish,misere=true)", 12, 20},
    {"dots_and_boxes(grid=triangle,size=4)", 13, 30},
    {"dots_and_boxes(grid=triangle,size=5,border=swedish)", 13, 20},
    {"dots_and_boxes(grid=triangle,size=2,shape=hexagon)", 13, 25},
    {"dots_and_boxes(grid=triangle,size=3,misere=true)", 12, 20},
    {"dots_and_boxes(grid=hexagon,size=2)", 13, 30},
    {"dots_and_boxes(grid=hexagon,size=2,border=swedish)", 13, 20},
    {"dots_and_boxes(grid=hexagon,size=3)", 11, 15},  /* 72 lines: generic */
    {"dots_and_boxes(rows=5,cols=6)", 11, 15},        /* 71 lines: generic */
    {"dots_and_boxes(rows=5,cols=6,misere=true)", 10, 10},
};

/* Compare solve, its best action and every value with brute force. */
static void check_position(mg_solver *sv, bf_ctx *c, mg_state *s,
                           const char *spec, int k)
{
    int32_t v, best, vals[4096], acts[4096], bv, top = INT32_MIN;
    size_t n, m, i;
    int found = 0;
    bf_clear(c);
    bv = bf_value(c, s);
    ck_assert_msg(mg_solver_solve(sv, s, 0, 0, &v, &best, NULL) == MG_OK,
                  "%s #%d: not solved", spec, k);
    ck_assert_msg(v == bv, "%s #%d: solver %d, brute force %d", spec, k,
                  (int)v, (int)bv);
    ck_assert_int_eq(mg_state_legal_actions(s, acts, 4096, &m), MG_OK);
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 4096, &n), MG_OK);
    ck_assert_uint_eq(n, m);
    for (i = 0; i < n; i++) {
        int32_t want = bf_action(c, s, acts[i]);
        ck_assert_msg(vals[i] == want, "%s #%d: action %d: solver %d, "
                      "brute force %d", spec, k, (int)acts[i], (int)vals[i],
                      (int)want);
        if (vals[i] > top)
            top = vals[i];
        if (acts[i] == best) {
            found = 1;
            ck_assert_msg(vals[i] == v, "%s #%d: best action worth %d, not %d",
                          spec, k, (int)vals[i], (int)v);
        }
    }
    ck_assert_msg(found, "%s #%d: best action %d not legal", spec, k,
                  (int)best);
    ck_assert_int_eq(top, v);
}

START_TEST(dab_brute_force)
{
    const config *cf = &dab_configs[_i];
    mg_game *g;
    mg_solver *sv;
    bf_ctx c;
    uint64_t rng = 0x5EEDull + (uint64_t)_i;
    int k, count = sv_count(cf->count);
    MG_GAME(g, cf->spec);
    sv = new_solver(g, 16 * MB);
    bf_init(&c, cf->spec, (size_t)1 << 20);
    for (k = 0; k < count; k++) {
        mg_state *s;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        random_until(s, &rng, (size_t)cf->left);
        if (!mg_state_is_terminal(s))
            check_position(sv, &c, s, cf->spec, k);
        mg_state_free(s);
    }
    bf_free(&c);
    mg_solver_free(sv);
    mg_game_free(g);
}
END_TEST

/* The generic search on the other games: positions near the end of
 * random games, as many actions back as the brute force affords. */
static const config generic_configs[] = {
    {"china_grove", 6, 6},
    {"china_grove(penalty=2,mode=number)", 7, 6},
    {"china_tangle", 6, 6},
    {"china_squares", 5, 4},
    {"china_octangle(order=ascending)", 6, 4},
    {"fangqi(width=3,height=2,no_capture_limit=6)", 12, 8},
    {"fangqi(width=3,height=3,movement=step,no_capture_limit=4)", 8, 6},
    {"fangqi(width=4,height=4,capture_on_placement=true,"
     "no_capture_limit=3)", 6, 6},
    {"chains_of_thought(removal=none)", 7, 8},
    {"chains_of_thought(board=square6)", 6, 8},
    {"chains_of_thought(board=trisquare4,goal=stalemate)", 6, 6},
};

/* The brute force's nodes for one position of generic_brute_force. */
#define BF_LIMIT (sv_light() ? 5000 : 20000)

START_TEST(generic_brute_force)
{
    const config *cf = &generic_configs[_i];
    mg_game *g;
    mg_solver *sv;
    bf_ctx c;
    int k, done = 0, count = sv_count(cf->count);
    MG_GAME(g, cf->spec);
    sv = new_solver(g, 8 * MB);
    bf_init(&c, cf->spec, 0);
    for (k = 0; k < 4 * count && done < count; k++) {
        mg_state *s = NULL;
        int back;
        /* the most actions back that the brute force reads in its limit */
        for (back = 1; back <= cf->left; back++) {
            mg_state *t;
            ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
            random_end(t, 77 + (uint64_t)k, back);
            c.limit = BF_LIMIT;
            bf_clear(&c);
            if (mg_state_is_terminal(t) == 0)
                bf_value(&c, t);
            if (c.over || mg_state_is_terminal(t)) {
                mg_state_free(t);
                break;
            }
            mg_state_free(s);
            s = t;
        }
        c.limit = 0;
        if (s) {
            check_position(sv, &c, s, cf->spec, k);
            done++;
        }
        mg_state_free(s);
    }
    ck_assert_int_gt(done, 0);
    bf_free(&c);
    mg_solver_free(sv);
    mg_game_free(g);
}
END_TEST

/* -------------------------------------------------------- consistency */

/* Positions too large for brute force: the value equals the best of the
 * children's, each child's own solve with the sign flipped only when
 * the seat changes, plus what the action itself takes. */
START_TEST(consistency)
{
    static const char *const specs[] = {
        "dots_and_boxes(rows=4,cols=4)",
        "dots_and_boxes(rows=5,cols=5)",
        "dots_and_boxes(grid=hexagon,size=2,misere=true)",
    };
    mg_game *g;
    mg_solver *sv;
    uint64_t rng = 99 + (uint64_t)_i;
    int k;
    MG_GAME(g, specs[_i]);
    sv = new_solver(g, 64 * MB);
    for (k = 0; k < sv_count(4); k++) {
        mg_state *s;
        int32_t v, best, vals[128], acts[128], top = INT32_MIN;
        size_t n, i;
        int p, misere = _i == 2;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        random_until(s, &rng, _i == 1 ? 21 : 19);
        ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, &best, NULL),
                         MG_OK);
        ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 128, &n), MG_OK);
        mg_state_legal_actions(s, acts, 128, &n);
        p = mg_state_current_player(s);
        for (i = 0; i < n; i++) {
            int32_t s0, s1, t0, t1, cv = 0, gain;
            int q;
            mg_state_score(s, p, &s0);
            mg_state_score(s, 1 - p, &s1);
            mg_state_apply(s, acts[i]);
            mg_state_score(s, p, &t0);
            mg_state_score(s, 1 - p, &t1);
            gain = (t0 - s0) - (t1 - s1);
            q = mg_state_current_player(s);
            if (q != MG_NOBODY)
                ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &cv, NULL, NULL),
                                 MG_OK);
            ck_assert_int_eq(vals[i], (misere ? -gain : gain) +
                                          (q == p ? cv : -cv));
            mg_state_undo(s);
            if (vals[i] > top)
                top = vals[i];
        }
        ck_assert_int_eq(top, v);
        mg_state_free(s);
    }
    mg_solver_free(sv);
    mg_game_free(g);
}
END_TEST

/* ---------------------------------------------------------- play it out */

/* From positions brute force can read, the side that follows the
 * solver's moves ends at least as well as the value said, against a
 * brute-force opponent (who picks its best action, the first of equals)
 * and a random one. */
START_TEST(best_moves_hold)
{
    static const char *const specs[] = {
        "dots_and_boxes(rows=3,cols=3)",
        "dots_and_boxes(grid=triangle,size=3,misere=true)",
        "china_grove",
    };
    const char *spec = specs[_i / 2];
    mg_game *g;
    mg_solver *sv;
    bf_ctx c;
    uint64_t rng = 7 + (uint64_t)_i;
    int k, random_opponent = _i % 2;
    MG_GAME(g, spec);
    sv = new_solver(g, 8 * MB);
    bf_init(&c, spec, (size_t)1 << 18);
    for (k = 0; k < sv_count(6); k++) {
        mg_state *s;
        int32_t v, start0, start1, end0, end1, got;
        int me;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        if (_i / 2 == 2)
            random_end(s, rng + (uint64_t)k, 5);
        else
            random_until(s, &rng, 12);
        me = mg_state_current_player(s);
        ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, NULL, NULL), MG_OK);
        mg_state_score(s, me, &start0);
        mg_state_score(s, 1 - me, &start1);
        while (!mg_state_is_terminal(s)) {
            int32_t a, acts[512], bestv = INT32_MIN;
            size_t n, i;
            if (mg_state_current_player(s) == me) {
                ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, NULL, &a, NULL),
                                 MG_OK);
            } else {
                mg_state_legal_actions(s, acts, 512, &n);
                a = acts[mg_test_rand_below(&rng, n)];
                for (i = 0; i < n && !random_opponent; i++) {
                    int32_t w;
                    bf_clear(&c);
                    w = bf_action(&c, s, acts[i]);
                    if (w > bestv) {
                        bestv = w;
                        a = acts[i];
                    }
                }
            }
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        }
        mg_state_score(s, me, &end0);
        mg_state_score(s, 1 - me, &end1);
        if (c.kind == BF_GAIN)
            got = (c.misere ? -1 : 1) * ((end0 - start0) - (end1 - start1));
        else
            got = end0 - end1;
        ck_assert_msg(got >= v, "%s #%d: got %d, value %d", spec, k, (int)got,
                      (int)v);
        if (!random_opponent)
            ck_assert_int_eq(got, v);
        mg_state_free(s);
    }
    bf_free(&c);
    mg_solver_free(sv);
    mg_game_free(g);
}
END_TEST

/* -------------------------------------------------------------- budgets */

START_TEST(budget_bounds)
{
    /* 3 x 3 from the start is -3 (Wilson; check_solver_values.c) */
    static const uint64_t budgets[] = {1, 10, 100, 1000, 10000, 100000};
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    int32_t v, a, lo, hi;
    uint64_t nodes;
    int rc;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    sv = new_solver(g, 4 * MB);
    rc = mg_solver_solve(sv, s, budgets[_i], 0, &v, &a, &nodes);
    ck_assert(rc == MG_OK || rc == MG_EBUDGET);
    ck_assert_int_eq(mg_solver_bounds(sv, &lo, &hi), MG_OK);
    ck_assert_int_le(lo, -3);
    ck_assert_int_ge(hi, -3);
    ck_assert_int_eq(v, lo);
    ck_assert_int_eq(mg_state_is_legal(s, a), 1);
    ck_assert_uint_le(nodes, budgets[_i] + 1);
    if (rc == MG_OK)
        ck_assert_int_eq(lo, hi);
    else
        ck_assert_int_lt(lo, hi);
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* A solve stopped by its budget with a lower bound above the worst
 * outcome (-(boxes left)) names an action that achieves at least that
 * bound (mindgames.h, mg_solver_solve; the engine's last null-window
 * test that failed high), checked against brute force.  Counts that the
 * cases occur: the test cannot pass empty. */
START_TEST(budget_proven_action)
{
    /* random lines reach captures early: lines left where a few dozen
     * nodes do not solve every position, and brute force reads it */
    static const char *const spec = "dots_and_boxes(rows=4,cols=4)";
    static const uint64_t budgets[] = {20, 200, 60};
    static const size_t left[] = {19, 18};
    mg_game *g;
    bf_ctx c;
    uint64_t rng = 0xB0D5ull + (uint64_t)_i;
    int k, count = sv_count(30) + 2, proven = 0;
    MG_GAME(g, spec);
    bf_init(&c, spec, (size_t)1 << 21);
    for (k = 0; k < count; k++) {
        mg_state *s;
        size_t j;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        random_until(s, &rng, left[_i]);
        bf_clear(&c); /* its memo serves the position's budgets */
        for (j = 0; j < 3 && !mg_state_is_terminal(s); j++) {
            mg_solver *fresh = new_solver(g, 4 * MB);
            int32_t v, a, lo, hi, s0 = 0, s1 = 0;
            int rc;
            mg_state_score(s, 0, &s0);
            mg_state_score(s, 1, &s1);
            rc = mg_solver_solve(fresh, s, budgets[j], 0, &v, &a, NULL);
            ck_assert_int_eq(mg_solver_bounds(fresh, &lo, &hi), MG_OK);
            mg_solver_free(fresh);
            if (rc != MG_EBUDGET || lo <= -(16 - s0 - s1))
                continue;
            ck_assert_msg(bf_action(&c, s, a) >= lo,
                          "#%d: action %d below the bound %d", k, (int)a,
                          (int)lo);
            proven++;
        }
        mg_state_free(s);
    }
    ck_assert_int_gt(proven, 0);
    bf_free(&c);
    mg_game_free(g);
}
END_TEST

/* The strong bot plays the action its stopped solve proved (since
 * 1.7): position 1 of tests/data/strength/dab5x5.txt (quiet 5x5, 38
 * lines left, value 3), where 200,000 nodes stop the solve after its
 * test "value >= 1" failed high with line 39 (value 1); 1.6's strong bot
 * then searched 100 iterations and played line 25 (value -3) with seeds
 * 2 and 4.  The lines worth at least 1 are the set's exact values
 * (mg_solver_values without a budget). */
START_TEST(strong_plays_proven)
{
    static const int32_t hist[] = {0,  15, 58, 14, 3,  51, 46, 4,
                                   37, 6,  57, 33, 43, 27, 17, 45,
                                   10, 16, 42, 20, 38, 2};
    static const int32_t good[] = {1,  8,  11, 19, 21, 22, 23,
                                   30, 31, 32, 35, 36, 39, 41,
                                   44, 47, 52, 54, 59};
    mg_game *g;
    mg_state *s;
    size_t i;
    uint64_t seed;
    char err[256];
    if (sv_light()) /* 800,000 nodes: about a second, more under them */
        return;
    MG_GAME(g, "dots_and_boxes(rows=5,cols=5)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (i = 0; i < sizeof hist / sizeof hist[0]; i++)
        ck_assert_int_eq(mg_state_apply(s, hist[i]), MG_OK);
    for (seed = 2; seed <= 4; seed += 2) {
        mg_bot *b;
        int32_t a;
        int ok = 0;
        ck_assert_int_eq(mg_bot_new(&b, "strong(time_ms=0,iterations=100,"
                                        "nodes=200000)",
                                    seed, err, sizeof err),
                         MG_OK);
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        for (i = 0; i < sizeof good / sizeof good[0]; i++)
            ok |= good[i] == a;
        ck_assert_msg(ok, "seed %d: line %d is worth less than 1",
                      (int)seed, (int)a);
        mg_bot_free(b);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* A time budget stops the search near its time; the bounds hold the
 * published values (4 x 4: 0, Wilson) or at least the game's range. */
START_TEST(time_budget)
{
    static const char *const specs[] = {
        "dots_and_boxes(rows=4,cols=4)", "dots_and_boxes(rows=5,cols=5)",
        "fangqi(width=5,height=5)", "chains_of_thought",
        "dots_and_boxes(rows=8,cols=8)", "china_grove"};
    /* China Grove's margin has no bound the solver knows: the bounds
     * may be the search's whole range (2^24) */
    static const int32_t range[] = {16, 25, 1, 1, 64, 1 << 24};
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    int32_t v, a, lo, hi;
    int rc;
    MG_GAME(g, specs[_i]);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    sv = new_solver(g, 8 * MB);
    rc = mg_solver_solve(sv, s, 0, 40, &v, &a, NULL);
    ck_assert_int_eq(rc, MG_EBUDGET);
    ck_assert_int_eq(mg_solver_bounds(sv, &lo, &hi), MG_OK);
    ck_assert_int_le(lo, _i == 0 ? 0 : range[_i]);
    ck_assert_int_ge(hi, _i == 0 ? 0 : -range[_i]);
    ck_assert_int_ge(lo, -range[_i]);
    ck_assert_int_le(hi, range[_i]);
    ck_assert_int_eq(mg_state_is_legal(s, a), 1);
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* A solver serves every game object of its spec, keeps its table
 * between calls, and refuses other games. */
START_TEST(same_game_objects)
{
    mg_game *g, *h;
    mg_state *s;
    mg_solver *sv;
    int32_t v, a;
    uint64_t n1, n2;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    MG_GAME(h, "dots_and_boxes( rows = 3, cols = 3 )");
    sv = new_solver(g, 4 * MB);
    ck_assert_int_eq(mg_state_new(&s, h), MG_OK);
    ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, &a, &n1), MG_OK);
    ck_assert_int_eq(v, -3);
    ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, &a, &n2), MG_OK);
    ck_assert_int_eq(v, -3);
    ck_assert_uint_lt(n2, n1); /* the table remembers */
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
    mg_game_free(h);
}
END_TEST

/* ------------------------------------------------------------------ bot */

START_TEST(solver_bot_spec)
{
    mg_bot *b;
    char buf[256], err[256];
    ck_assert_int_eq(mg_bot_new(&b, "solver", 1, err, sizeof err), MG_OK);
    ck_assert_int_eq(mg_bot_spec(b, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, "solver(nodes=1000000,time_ms=0,memory_mb=64,"
                          "iterations=1000)");
    mg_bot_free(b);
    ck_assert_int_eq(mg_bot_new(&b, "Solver( NODES=0, time_ms=5, "
                                    "memory_mb=2,iterations=7)",
                                1, err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_bot_spec(b, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, "solver(nodes=0,time_ms=5,memory_mb=2,"
                          "iterations=7)");
    mg_bot_free(b);
    ck_assert_int_eq(mg_bot_new(&b, "solver(nodes=0)", 1, err, sizeof err),
                     MG_EVALUE);
    ck_assert_ptr_nonnull(strstr(err, "limit"));
    ck_assert_int_eq(mg_bot_new(&b, "solver(memory_mb=0)", 1, err,
                                sizeof err),
                     MG_EVALUE);
    ck_assert_int_eq(mg_bot_new(&b, "solver(iterations=0)", 1, err,
                                sizeof err),
                     MG_EVALUE);
    ck_assert_int_eq(mg_bot_new(&b, "solver(c=1)", 1, err, sizeof err),
                     MG_EOPTION);
}
END_TEST

/* Never worse than mcts in endgames: on random Dots and Boxes endgames,
 * the exact value of the solver bot's move is the position's value and
 * at least that of mcts's move; a budget too small falls back to mcts
 * and still plays legal moves to the end. */
START_TEST(solver_bot_vs_mcts)
{
    static const char *const specs[] = {"dots_and_boxes(rows=3,cols=3)",
                                        "dots_and_boxes(rows=4,cols=4)"};
    mg_game *g;
    mg_bot *sb, *mb, *tiny;
    mg_solver *sv;
    uint64_t rng = 31 + (uint64_t)_i;
    int k, count = sv_count(12) + 1;
    char err[256];
    MG_GAME(g, specs[_i]);
    sv = new_solver(g, 32 * MB);
    ck_assert_int_eq(mg_bot_new(&sb, "solver(memory_mb=16)", 1, err,
                                sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_bot_new(&mb, "mcts(iterations=300)", 2, err,
                                sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_bot_new(&tiny, "solver(nodes=1,iterations=50)", 3,
                                err, sizeof err),
                     MG_OK);
    for (k = 0; k < count; k++) {
        mg_state *s;
        int32_t acts[64], vals[64], v, a1, a2, v1 = 0, v2 = 0;
        size_t n, i;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        random_until(s, &rng, _i ? 18 : 14);
        ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, NULL, NULL), MG_OK);
        ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 64, &n), MG_OK);
        mg_state_legal_actions(s, acts, 64, &n);
        ck_assert_int_eq(mg_bot_choose(sb, s, &a1), MG_OK);
        ck_assert_int_eq(mg_bot_choose(mb, s, &a2), MG_OK);
        for (i = 0; i < n; i++) {
            if (acts[i] == a1)
                v1 = vals[i];
            if (acts[i] == a2)
                v2 = vals[i];
        }
        ck_assert_int_eq(v1, v);
        ck_assert_int_ge(v1, v2);
        while (!mg_state_is_terminal(s)) { /* the fallback plays on */
            ck_assert_int_eq(mg_bot_choose(tiny, s, &a1), MG_OK);
            ck_assert_int_eq(mg_state_apply(s, a1), MG_OK);
        }
        mg_state_free(s);
    }
    mg_bot_free(sb);
    mg_bot_free(mb);
    mg_bot_free(tiny);
    mg_solver_free(sv);
    mg_game_free(g);
}
END_TEST

Suite *mg_solver_suite(void)
{
    Suite *s = suite_create("solver");
    TCase *tc = tcase_create("solver");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, bad_input);
    tcase_add_loop_test(tc, minimum_memory, 0,
                        (int)(sizeof all_games / sizeof all_games[0]));
    tcase_add_loop_test(tc, dab_brute_force, 0,
                        (int)(sizeof dab_configs / sizeof dab_configs[0]));
    tcase_add_loop_test(tc, generic_brute_force, 0,
                        (int)(sizeof generic_configs /
                              sizeof generic_configs[0]));
    tcase_add_loop_test(tc, consistency, 0, 3);
    tcase_add_loop_test(tc, best_moves_hold, 0, 6);
    tcase_add_loop_test(tc, budget_bounds, 0, 6);
    tcase_add_loop_test(tc, budget_proven_action, 0, 2);
    tcase_add_test(tc, strong_plays_proven);
    tcase_add_loop_test(tc, time_budget, 0, 6);
    tcase_add_test(tc, same_game_objects);
    tcase_add_test(tc, solver_bot_spec);
    tcase_add_loop_test(tc, solver_bot_vs_mcts, 0, 2);
    suite_add_tcase(s, tc);
    return s;
}
