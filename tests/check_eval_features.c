/*
 * check_eval_features.c - the features of MG_EVAL_FEATURES (1.6;
 * doc/eval-format.md): Dots and Boxes' chains, loops, safe lines and
 * parities.
 *   - positions whose features are counted by hand: a 3-chain, a
 *     4-loop, the empty board, a capturable box beside a 2-chain;
 *   - the simple loony endgame value against the exact solver, on every
 *     such position met in random games on small boards (the features'
 *     chain and loop walk and the solver's own analysis agree);
 *   - invariants on random games of every Dots and Boxes property spec:
 *     the counts add up, fractions in [0, 1], flags 0 or 1, the state
 *     unchanged;
 *   - mg_eval_value allocates nothing (a 256-32-1 network on 5x5).
 */
#include "eval_test.h"
#include "game_specs.h"
#include "test_rng.h"
#include "tests.h"

#include <math.h>
#include <string.h>

enum {
    F_LINES, F_OPEN, F_MARGIN, F_CAPTURABLE, F_SAFE, F_NO_SAFE,
    F_LONG, F_ONE, F_TWO, F_LOOPS, F_LONG_CELLS, F_LOOP_CELLS,
    F_PARITY_LB, F_PARITY_LONG, F_RULE, F_LOONY, F_LOONY_VALUE, F_FREE,
    N_FEATURES
};

/* The features of s (the last N_FEATURES inputs). */
static void features(const mg_state *s, float *f)
{
    static float x[40000];
    size_t n;
    ck_assert_int_eq(mg_eval_inputs(s, MG_EVAL_FEATURES, x, 40000, &n), MG_OK);
    ck_assert_uint_ge(n, N_FEATURES);
    memcpy(f, x + n - N_FEATURES, N_FEATURES * sizeof *f);
}

static void play(mg_state *s, const char *const *lines)
{
    for (; *lines; lines++) {
        int32_t a;
        char err[200];
        ck_assert_msg(mg_state_action_from_string(s, *lines, &a, err,
                                                  sizeof err) == MG_OK,
                      "%s: %s", *lines, err);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
}

#define EQ(f, i, v) ck_assert_msg(fabs((f)[i] - (v)) < 1e-6, \
                                  "feature %d: %g, want %g", i, (f)[i], \
                                  (double)(v))

START_TEST(test_hand_positions)
{
    static const char *const chain[] = {"a2-b2", "b2-c2", "c2-d2", "a1-b1",
                                        "b1-c1", "c1-d1", NULL};
    static const char *const loop[] = {"a1-b1", "b1-c1", "a3-b3", "b3-c3",
                                       "a1-a2", "a2-a3", "c1-c2", "c2-c3",
                                       NULL};
    static const char *const capt[] = {"a1-b1", "a2-b2", "a1-a2", NULL};
    mg_game *g;
    mg_state *s;
    float f[N_FEATURES];
    /* 1x3: top and bottom drawn, a chain of 3 from the ground to the
     * ground; the mover must open it and the other takes all 3 */
    MG_GAME(g, "dots_and_boxes(rows=1,cols=3)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    play(s, chain);
    features(s, f);
    EQ(f, F_LINES, 4.0 / 10);
    EQ(f, F_OPEN, 1);
    EQ(f, F_MARGIN, 0);
    EQ(f, F_CAPTURABLE, 0);
    EQ(f, F_SAFE, 0);
    EQ(f, F_NO_SAFE, 1);
    EQ(f, F_LONG, 1);
    EQ(f, F_ONE, 0);
    EQ(f, F_TWO, 0);
    EQ(f, F_LOOPS, 0);
    EQ(f, F_LONG_CELLS, 1);
    EQ(f, F_LOOP_CELLS, 0);
    EQ(f, F_PARITY_LB, 1); /* 4 lines - 3 boxes */
    EQ(f, F_PARITY_LONG, 1);
    EQ(f, F_RULE, 0);      /* 4 - 3 + 1 even: the mover loses control */
    EQ(f, F_LOONY, 1);
    EQ(f, F_LOONY_VALUE, -1); /* -3 boxes of 3 */
    EQ(f, F_FREE, 0);
    mg_state_free(s);
    mg_game_free(g);
    /* 2x2, the border drawn: a loop of 4 through the centre lines */
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    play(s, loop);
    features(s, f);
    EQ(f, F_LINES, 4.0 / 12);
    EQ(f, F_LONG, 0);
    EQ(f, F_LOOPS, 1);
    EQ(f, F_LOOP_CELLS, 1);
    EQ(f, F_LONG_CELLS, 0);
    EQ(f, F_RULE, 0);
    EQ(f, F_LOONY, 1);
    EQ(f, F_LOONY_VALUE, -1); /* the opener gives all 4 */
    /* the empty board: every line safe, every box free */
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    while (mg_state_undo(s) == MG_OK)
        ;
    features(s, f);
    EQ(f, F_LINES, 1);
    EQ(f, F_OPEN, 1);
    EQ(f, F_SAFE, 1);
    EQ(f, F_NO_SAFE, 0);
    EQ(f, F_FREE, 1);
    EQ(f, F_LONG, 0);
    EQ(f, F_LOOPS, 0);
    EQ(f, F_LOONY, 0);
    EQ(f, F_LOONY_VALUE, 0);
    EQ(f, F_PARITY_LB, 0); /* 12 lines - 4 boxes */
    /* a1's box with 3 sides drawn: capturable; its neighbour b1 (one
     * side drawn, a1-b1... ) and a2 keep three */
    play(s, capt);
    features(s, f);
    EQ(f, F_CAPTURABLE, 0.25);
    EQ(f, F_FREE, 0.75);
    EQ(f, F_LOONY, 0);
    /* the safe lines: those of b1, a2 and b2 not touching a1's box:
     * b1-c1, c1-c2, b2-c2, c2-c3, b3-c3, a3-b3, a2-a3, b2-b3 (b1-b2
     * and a2-b2... are a1's), 8 of 12 */
    EQ(f, F_SAFE, 8.0 / 12);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Every simple loony endgame met on small boards: the feature's value
 * (times the boxes) is the solver's exact value. */
START_TEST(test_loony_against_solver)
{
    static const char *const specs[] = {
        "dots_and_boxes(rows=1,cols=4)", "dots_and_boxes(rows=2,cols=3)",
        "dots_and_boxes(rows=3,cols=3)", "dots_and_boxes(rows=2,cols=4)",
        "dots_and_boxes(grid=triangle,size=2)",
        "dots_and_boxes(rows=3,cols=3,border=swedish)"};
    int met = 0, games = mg_test_games_upto(150), k, t;
    for (k = 0; k < (int)(sizeof specs / sizeof specs[0]); k++) {
        mg_game *g;
        mg_solver *sv;
        mg_state *s;
        int32_t boxes;
        MG_GAME(g, specs[k]);
        boxes = mg_game_num_sites(g) - mg_game_num_actions(g);
        ck_assert_int_eq(mg_solver_new(&sv, g, (size_t)16 << 20, NULL, 0),
                         MG_OK);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        for (t = 0; t < games; t++) {
            uint64_t rng = (uint64_t)t * 977 + (uint64_t)k;
            while (mg_state_undo(s) == MG_OK)
                ;
            while (mg_state_current_player(s) >= 0) {
                float f[N_FEATURES];
                int32_t acts[256], safe[256], v;
                size_t na, ns = 0, i;
                features(s, f);
                if (f[F_LOONY] == 1.0f) {
                    ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, NULL,
                                                     NULL), MG_OK);
                    ck_assert_msg(fabs(f[F_LOONY_VALUE] * boxes - v) < 1e-4,
                                  "%s game %d: feature %g x %d, solver %d",
                                  specs[k], t, f[F_LOONY_VALUE], boxes, v);
                    met++;
                }
                /* mostly lines that hand out nothing, to reach endgames */
                mg_state_legal_actions(s, acts, 256, &na);
                for (i = 0; i < na; i++) {
                    float h[N_FEATURES];
                    mg_state_apply(s, acts[i]);
                    features(s, h);
                    if (h[F_CAPTURABLE] == 0.0f)
                        safe[ns++] = acts[i];
                    mg_state_undo(s);
                }
                if (ns && mg_test_rand_below(&rng, 8))
                    mg_state_apply(s, safe[mg_test_rand_below(&rng, ns)]);
                else
                    mg_state_apply(s, acts[mg_test_rand_below(&rng, na)]);
            }
        }
        mg_state_free(s);
        mg_solver_free(sv);
        mg_game_free(g);
    }
    ck_assert_msg(met >= games, "only %d loony endgames met", met);
}
END_TEST

START_TEST(test_invariants)
{
    int games = mg_test_games_upto(20), ti;
    for (ti = 0; ti < MG_N_TEST_SPECS; ti++) {
        const mg_test_spec *t = &mg_test_specs[ti];
        mg_game *g;
        mg_state *s;
        int32_t boxes, lines;
        int n;
        if (!(t->uses & TS_PROPERTY) ||
            !mg_test_spec_is(t->spec, "dots_and_boxes"))
            continue;
        MG_GAME(g, t->spec);
        lines = mg_game_num_actions(g);
        boxes = mg_game_num_sites(g) - lines;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        for (n = 0; n < games; n++) {
            uint64_t rng = (uint64_t)n + 5;
            while (mg_state_undo(s) == MG_OK)
                ;
            for (;;) {
                float f[N_FEATURES];
                int32_t acts[4096];
                size_t na, i;
                uint64_t h = mg_state_hash(s);
                double open, cells;
                features(s, f);
                MG_REQUIRE(mg_state_hash(s) == h, "state changed");
                for (i = 0; i < N_FEATURES; i++)
                    MG_REQUIRE(isfinite(f[i]), "feature %zu", i);
                open = f[F_OPEN] * boxes;
                cells = f[F_LONG_CELLS] * boxes + f[F_LOOP_CELLS] * boxes +
                        f[F_ONE] + 2 * f[F_TWO] + f[F_CAPTURABLE] * boxes +
                        f[F_FREE] * boxes;
                MG_REQUIRE(cells <= open + 1e-3, "%s: cells %g > open %g",
                           t->spec, cells, open);
                MG_REQUIRE(f[F_LONG_CELLS] * boxes >= 3 * f[F_LONG] - 1e-3,
                           "long chains");
                /* (3 hexagons around a dot make a loop of 3) */
                MG_REQUIRE(f[F_LOOP_CELLS] * boxes >= 3 * f[F_LOOPS] - 1e-3,
                           "%s: loops", t->spec);
                MG_REQUIRE(f[F_SAFE] >= 0 && f[F_SAFE] <= 1 &&
                               f[F_LINES] >= 0 && f[F_LINES] <= 1,
                           "fractions");
                MG_REQUIRE((f[F_SAFE] == 0) == (f[F_NO_SAFE] == 1), "no safe");
                MG_REQUIRE(f[F_RULE] == (float)(((int)f[F_PARITY_LB] +
                                                 (int)f[F_PARITY_LONG]) & 1),
                           "rule parity");
                MG_REQUIRE(f[F_LOONY] == 0 || f[F_LOONY] == 1, "loony");
                MG_REQUIRE(fabs(f[F_LOONY_VALUE]) <= f[F_OPEN] + 1e-6,
                           "value within the open boxes");
                MG_REQUIRE(fabs(f[F_LINES] * lines -
                                floor(f[F_LINES] * lines + 0.5)) < 1e-3,
                           "lines");
                if (mg_state_current_player(s) < 0)
                    break;
                mg_state_legal_actions(s, acts, 4096, &na);
                mg_state_apply(s, acts[mg_test_rand_below(&rng, na)]);
            }
        }
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

/* China (8 features): each side's groups against mg_state_groups, which
 * lists them (descending) through another path, along random games of
 * the four games. */
START_TEST(test_china_groups)
{
    static const char *const specs[] = {"china_squares", "china_tangle",
                                        "china_octangle", "china_grove"};
    static float x[40000];
    int games = mg_test_games_upto(6), k, t, swaps = 0;
    int32_t sw;
    for (k = 0; k < 4; k++) {
        mg_game *g;
        mg_state *s;
        int32_t cells;
        MG_GAME(g, specs[k]);
        cells = mg_game_num_sites(g);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        for (t = 0; t < games; t++) {
            uint64_t rng = (uint64_t)t * 31 + (uint64_t)k;
            while (mg_state_undo(s) == MG_OK)
                ;
            for (;;) {
                int32_t acts[4096], grp[4096];
                size_t n, na, ng, i;
                int p = mg_state_current_player(s), side;
                float *f;
                ck_assert_int_eq(mg_eval_inputs(s, MG_EVAL_FEATURES, x,
                                                40000, &n), MG_OK);
                f = x + n - 8;
                for (side = 0; side < 2; side++) {
                    int64_t stones = 0;
                    int viewer = p >= 0 ? p : 0;
                    ck_assert_int_eq(mg_state_groups(s, viewer ^ side, grp,
                                                     4096, &ng), MG_OK);
                    for (i = 0; i < ng; i++)
                        stones += grp[i];
                    MG_REQUIRE(fabs(f[side] * cells - (double)ng) < 1e-3,
                               "%s: groups %g, want %zu", specs[k],
                               f[side] * cells, ng);
                    MG_REQUIRE(fabs(f[2 + side] * cells -
                                    (ng ? grp[0] : 0)) < 1e-3, "largest");
                    MG_REQUIRE(fabs(f[4 + side] * cells -
                                    (ng > 1 ? grp[1] : 0)) < 1e-3, "second");
                    MG_REQUIRE(fabs(f[6 + side] * cells - (double)stones) <
                                   1e-3, "stones");
                }
                if (p < 0)
                    break;
                /* every other game takes the swap when it is offered */
                if ((t & 1) && mg_state_action_from_string(s, "swap", &sw,
                                                           NULL, 0) == MG_OK &&
                    mg_state_is_legal(s, sw) == 1) {
                    mg_state_apply(s, sw);
                    swaps++;
                    continue;
                }
                mg_state_legal_actions(s, acts, 4096, &na);
                mg_state_apply(s, acts[mg_test_rand_below(&rng, na)]);
            }
        }
        mg_state_free(s);
        mg_game_free(g);
    }
    ck_assert_int_gt(swaps, 0);
}
END_TEST

/* mg_eval_value allocates nothing, features or not. */
START_TEST(test_value_without_malloc)
{
    static const uint32_t out[3] = {256, 32, 1};
    static const int kinds[2] = {MG_EVAL_OBSERVATION, MG_EVAL_FEATURES};
    char spec[512];
    mg_game *g;
    mg_state *s;
    size_t n, nw, i;
    int k;
    long before;
    uint64_t rng = 9;
    MG_GAME(g, "dots_and_boxes(rows=5,cols=5)");
    mg_game_spec(g, spec, sizeof spec, &n);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    before = mg_test_allocations();
    mg_state_free(s);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    if (before < 0 || mg_test_allocations() == before) {
        mg_state_free(s);
        mg_game_free(g);
        return; /* not counted here (sanitizers, valgrind) */
    }
    for (k = 0; k < 2; k++) {
        float *w, v, sum = 0;
        ev_buf b;
        mg_eval *ev;
        int32_t acts[128];
        size_t na;
        int rc = MG_OK, t;
        mg_eval_inputs(s, kinds[k], NULL, 0, &n);
        nw = ev_count((uint32_t)n, 3, out);
        w = malloc(nw * sizeof *w);
        for (i = 0; i < nw; i++)
            w[i] = (float)mg_test_rand_below(&rng, 200) / 1000.0f - 0.1f;
        ev_file(&b, spec, (uint32_t)kinds[k], (uint32_t)n, 3, out, w, nw);
        ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, NULL, 0), MG_OK);
        free(b.p);
        free(w);
        before = mg_test_allocations();
        for (t = 0; t < 300; t++) { /* no Check call: it allocates */
            if (mg_state_current_player(s) < 0)
                while (mg_state_undo(s) == MG_OK)
                    ;
            rc |= mg_eval_value(ev, s, &v);
            sum += v;
            rc |= mg_state_legal_actions(s, acts, 128, &na);
            rc |= mg_state_apply(s, acts[mg_test_rand_below(&rng, na)]);
        }
        ck_assert_int_eq(mg_test_allocations(), before);
        ck_assert_int_eq(rc, MG_OK);
        ck_assert(sum == sum);
        mg_eval_free(ev);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_eval_features_suite(void)
{
    Suite *s = suite_create("eval_features");
    TCase *tc = tcase_create("eval_features");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_hand_positions);
    tcase_add_test(tc, test_loony_against_solver);
    tcase_add_test(tc, test_invariants);
    tcase_add_test(tc, test_china_groups);
    tcase_add_test(tc, test_value_without_malloc);
    suite_add_tcase(s, tc);
    return s;
}
