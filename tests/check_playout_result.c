/*
 * check_playout_result.c - mg_state_playout_result (1.5): the result of a
 * uniformly random playout, the state left as it was.
 *
 * For every TS_PROPERTY spec of the shared table (game_specs.h), at
 * positions along random games (drawn with the tests' own PRNG through
 * legal_actions + apply):
 *   - the state is unchanged afterwards: hash, history, sites, player;
 *   - max_actions = 1 (and 2 when at most 40 actions are legal) is
 *     checked against an independent model: the result must be that of
 *     one of the sequences of legal actions (winner and scores as
 *     mg_state_apply + mg_state_winner + mg_state_score give them at its
 *     end), and exactly that of the one action when only one is legal;
 *   - the count and the winner agree with max_actions: fewer actions
 *     than asked only at the end (a decided winner), MG_NOBODY only when
 *     stopped by max_actions (exactly that many played);
 *   - the same seed gives the same result;
 *   - in this version every game but Dots and Boxes draws the same
 *     actions as mg_state_playout for the same seed (the core runs the
 *     game's playout op on its copy), so the result equals that of
 *     mg_state_playout on a clone (same_draws).  The contract does not
 *     promise this: Dots and Boxes' own op draws another sequence, and is
 *     held to the statistical check below and to the model above.
 * The statistical check (disjoint seeds): on small boards the mean score
 * margin and seat 0's win rate of playout_result and of mg_state_playout
 * agree within 5 standard errors.  Dots and Boxes boards of several
 * words of lines (check_big): one action against the model, a whole
 * playout owning every cell.  The China games' op against a replay of
 * its sequence with mg_state_apply on several boards and options
 * (check_china).  And the edges: a NULL state, a
 * finished game (0 actions, its result), max_actions 0, NULL outputs.
 */
#include "game_specs.h"
#include "test_rng.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MAX_BUF 4096
#define CAP_UNBOUNDED 5000 /* max_actions for games that may not end */
#define MAX_STEPS 400      /* actions per random game */

static int bounded(const char *spec)
{
    return mg_test_spec_is(spec, "dots_and_boxes") ||
           strncmp(spec, "china", 5) == 0;
}

/* Everything the call must leave alone. */
typedef struct snap {
    uint64_t hash;
    int player;
    size_t hlen, nsites;
    int32_t hist[MAX_BUF];
    int8_t sites[MAX_BUF];
} snap;

static void take(const mg_state *s, snap *p)
{
    ck_assert_int_eq(mg_state_history(s, p->hist, MAX_BUF, &p->hlen), MG_OK);
    ck_assert_int_eq(mg_state_sites(s, p->sites, MAX_BUF, &p->nsites),
                     MG_OK);
    p->hash = mg_state_hash(s);
    p->player = mg_state_current_player(s);
}

static void same(const snap *a, const snap *b, const char *spec)
{
    MG_REQUIRE(a->hash == b->hash && a->player == b->player &&
                   a->hlen == b->hlen && a->nsites == b->nsites &&
                   memcmp(a->hist, b->hist, a->hlen * sizeof a->hist[0]) ==
                       0 &&
                   memcmp(a->sites, b->sites, a->nsites) == 0,
               "%s: mg_state_playout_result changed the state", spec);
}

/* How many sequences of at most `depth` legal actions from s (stopping
 * at the end) give the result (rc actions, w, sc): the model replays
 * them all with mg_state_apply and reads mg_state_winner and
 * mg_state_score. */
static long reachable(mg_state *s, int depth, int played, int rc, int32_t w,
                      const int32_t *sc)
{
    int32_t legal[MAX_BUF], s0, s1;
    size_t n, i;
    long hits = 0;
    mg_state_legal_actions(s, legal, MAX_BUF, &n);
    if (depth == 0 || n == 0) {
        mg_state_score(s, 0, &s0);
        mg_state_score(s, 1, &s1);
        return played == rc && mg_state_winner(s) == w && s0 == sc[0] &&
               s1 == sc[1];
    }
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(mg_state_apply(s, legal[i]), MG_OK);
        hits += reachable(s, depth - 1, played + 1, rc, w, sc);
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
    }
    return hits;
}

/* max_actions = 1 (and 2 where n is small) against apply: the result
 * must be that of a sequence of legal actions; with one legal action,
 * exactly its result. */
static void check_short(mg_state *s, size_t n, uint64_t seed,
                        const char *spec)
{
    int depth;
    for (depth = 1; depth <= (n <= 40 ? 2 : 1); depth++) {
        int32_t w = 7, sc[2] = {-7, -7};
        int rc = mg_state_playout_result(s, seed, depth, &w, sc);
        MG_REQUIRE(rc >= 1 && rc <= depth, "%s: max %d played %d", spec,
                   depth, rc);
        MG_REQUIRE(reachable(s, depth, 0, rc, w, sc) > 0,
                   "%s: max %d gave %d actions, winner %d, scores %d %d, "
                   "which no legal sequence gives",
                   spec, depth, rc, w, sc[0], sc[1]);
    }
}

/* Does this game's op draw the same actions as mg_state_playout for a
 * seed?  In this version every game's but Dots and Boxes' (whose op takes
 * two draws from each number of the generator). */
static int same_draws(const char *spec)
{
    return !mg_test_spec_is(spec, "dots_and_boxes");
}

static void check_position(mg_state *s, size_t n, uint64_t *x,
                           const char *spec)
{
    static snap before, after;
    uint64_t seed = mg_test_rand(x);
    int32_t max = bounded(spec) ? -1 : CAP_UNBOUNDED, w, w2, sc[2], sc2[2];
    int32_t lim = (int32_t)(1 + mg_test_rand_below(x, 12)), cw, csc[2];
    int rc, rc2;
    mg_state *c = NULL;
    take(s, &before);
    rc = mg_state_playout_result(s, seed, max, &w, sc);
    take(s, &after);
    same(&before, &after, spec);
    MG_REQUIRE(rc >= 1, "%s: %d actions from a position not over", spec, rc);
    MG_REQUIRE(max >= 0 || (w == 0 || w == 1 || w == MG_DRAW),
               "%s: no limit, winner %d", spec, w);
    MG_REQUIRE(w != MG_NOBODY || rc == max, "%s: MG_NOBODY after %d of %d",
               spec, rc, max);
    /* determinism */
    rc2 = mg_state_playout_result(s, seed, max, &w2, sc2);
    MG_REQUIRE(rc2 == rc && w2 == w && sc2[0] == sc[0] && sc2[1] == sc[1],
               "%s: seed %llu gave two results", spec,
               (unsigned long long)seed);
    /* this version: the same draws as mg_state_playout (see the top) */
    ck_assert_int_eq(mg_state_clone(&c, s), MG_OK);
    rc2 = mg_state_playout(c, seed, max);
    cw = mg_state_winner(c);
    mg_state_score(c, 0, &csc[0]);
    mg_state_score(c, 1, &csc[1]);
    MG_REQUIRE(!same_draws(spec) ||
                   (rc2 == rc && cw == w && csc[0] == sc[0] &&
                    csc[1] == sc[1]),
               "%s: seed %llu: %d actions, winner %d, %d-%d; "
               "mg_state_playout: %d, %d, %d-%d",
               spec, (unsigned long long)seed, rc, w, sc[0], sc[1], rc2, cw,
               csc[0], csc[1]);
    /* a limit: stopped there, or the end before it */
    mg_state_copy(c, s);
    rc = mg_state_playout_result(s, seed, lim, &w, sc);
    MG_REQUIRE(rc >= 1 && rc <= lim, "%s: %d actions for max %d", spec, rc,
               lim);
    MG_REQUIRE((rc == lim) || (w != MG_NOBODY),
               "%s: stopped after %d of %d with no winner", spec, rc, lim);
    rc2 = mg_state_playout(c, seed, lim);
    MG_REQUIRE(!same_draws(spec) || (rc2 == rc && mg_state_winner(c) == w),
               "%s: max %d: %d actions, winner %d; mg_state_playout %d, %d",
               spec, lim, rc, w, rc2, mg_state_winner(c));
    mg_state_free(c);
    check_short(s, n, seed ^ 0x5A5A, spec);
    take(s, &after);
    same(&before, &after, spec);
}

START_TEST(test_every_spec)
{
    static int32_t legal[MAX_BUF];
    int i, games = mg_test_games_upto(2), k;
    uint64_t x = 0x9E5u;
    for (i = 0; i < MG_N_TEST_SPECS; i++) {
        const mg_test_spec *e = &mg_test_specs[i];
        mg_game *g = NULL;
        if (!(e->uses & TS_PROPERTY))
            continue;
        MG_GAME(g, e->spec);
        ck_assert_int_le(mg_game_max_legal_actions(g), MAX_BUF);
        for (k = 0; k < games; k++) {
            mg_state *s = NULL;
            int step;
            size_t n;
            ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
            for (step = 0; step < MAX_STEPS; step++) {
                ck_assert_int_eq(mg_state_legal_actions(s, legal, MAX_BUF, &n),
                                 MG_OK);
                if (n == 0)
                    break;
                /* every position when one action is legal, else 1 in 5 */
                if (n == 1 || mg_test_rand_below(&x, 5) == 0)
                    check_position(s, n, &x, e->spec);
                ck_assert_int_eq(
                    mg_state_apply(s, legal[mg_test_rand_below(&x, n)]),
                    MG_OK);
            }
            mg_state_free(s);
        }
        mg_game_free(g);
    }
}
END_TEST

/* Both calls are uniform random playouts: over disjoint seeds, the mean
 * margin and seat 0's win rate agree within 5 standard errors. */
static void compare_stats(const char *spec)
{
    const int N = 4000;
    double m[2] = {0, 0}, m2[2] = {0, 0}, win[2] = {0, 0};
    mg_game *g = NULL;
    mg_state *s = NULL, *c = NULL;
    int i, k;
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&c, g), MG_OK);
    for (i = 0; i < N; i++) {
        int32_t w, sc[2];
        double d;
        mg_state_playout_result(s, (uint64_t)i, CAP_UNBOUNDED, &w, sc);
        d = sc[0] - sc[1];
        m[0] += d;
        m2[0] += d * d;
        win[0] += w == 0;
        mg_state_copy(c, s);
        mg_state_playout(c, (uint64_t)(N + i), CAP_UNBOUNDED);
        mg_state_score(c, 0, &sc[0]);
        mg_state_score(c, 1, &sc[1]);
        d = sc[0] - sc[1];
        m[1] += d;
        m2[1] += d * d;
        win[1] += mg_state_winner(c) == 0;
    }
    for (k = 0; k < 2; k++) {
        m[k] /= N;
        m2[k] = m2[k] / N - m[k] * m[k]; /* the variance */
        win[k] /= N;
    }
    {
        double se = sqrt((m2[0] + m2[1]) / N + 1e-12);
        double pw = (win[0] + win[1]) / 2;
        double sew = sqrt(2 * pw * (1 - pw) / N + 1e-12);
        ck_assert_msg(fabs(m[0] - m[1]) <= 5 * se,
                      "%s: mean margins %.3f and %.3f (s.e. %.3f)", spec,
                      m[0], m[1], se);
        ck_assert_msg(fabs(win[0] - win[1]) <= 5 * sew,
                      "%s: seat 0 wins %.3f and %.3f (s.e. %.3f)", spec,
                      win[0], win[1], sew);
    }
    mg_state_free(s);
    mg_state_free(c);
    mg_game_free(g);
}

START_TEST(test_statistics)
{
    compare_stats("dots_and_boxes(rows=2,cols=3)");
    compare_stats("dots_and_boxes(grid=triangle,size=2)");
    compare_stats("dots_and_boxes(rows=3,cols=3,border=swedish,misere=true)");
    compare_stats("dots_and_boxes(grid=hexagon,size=2)");
    compare_stats("chains_of_thought(board=hex4)");
    compare_stats("fangqi(width=4,height=4)");
}
END_TEST

/* A finished Dots and Boxes 5x5 (rules §3.2: every line drawn; the boxes
 * are all owned, so the scores sum to 25). */
START_TEST(test_whole_game)
{
    mg_game *g = NULL;
    mg_state *s = NULL;
    int32_t w, sc[2];
    int rc;
    MG_GAME(g, "dots_and_boxes(rows=5,cols=5)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    rc = mg_state_playout_result(s, 42, -1, &w, sc);
    ck_assert_int_eq(rc, 60);
    ck_assert_int_eq(sc[0] + sc[1], 25);
    ck_assert_int_eq(w, sc[0] > sc[1] ? 0 : 1);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Boards whose undrawn lines fill several 64-bit words, the last one in
 * part (Dots and Boxes' op lists them a byte of the bit set at a time):
 * at positions along a random game, one action is that of one legal line
 * (the model: apply + score), and a whole playout draws every line
 * left and gives every cell to a seat (rules §3.2 items 2-3), with the
 * winner the scores give (item 4, misere: the fewer cells win). */
static void check_big(const char *spec, int cells, int misere)
{
    int32_t legal[MAX_BUF], w, sc[2];
    mg_game *g = NULL;
    mg_state *s = NULL;
    uint64_t x = 0xB16;
    size_t n;
    int step = 0, rc;
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    while (mg_state_legal_actions(s, legal, MAX_BUF, &n) == MG_OK && n > 0) {
        if (step++ % 37 == 0) {
            uint64_t seed = mg_test_rand(&x);
            rc = mg_state_playout_result(s, seed, 1, &w, sc);
            MG_REQUIRE(rc == 1 && reachable(s, 1, 0, rc, w, sc) > 0,
                       "%s: one action gave %d, %d-%d, no legal line's",
                       spec, w, sc[0], sc[1]);
            rc = mg_state_playout_result(s, seed, -1, &w, sc);
            MG_REQUIRE(rc == (int)n && sc[0] + sc[1] == cells,
                       "%s: %d actions of %d, boxes %d + %d of %d", spec, rc,
                       (int)n, sc[0], sc[1], cells);
            MG_REQUIRE(w == (sc[0] == sc[1]          ? MG_DRAW
                             : (sc[0] > sc[1]) != misere ? 0
                                                         : 1),
                       "%s: winner %d at %d-%d", spec, w, sc[0], sc[1]);
        }
        ck_assert_int_eq(mg_state_apply(s, legal[mg_test_rand_below(&x, n)]),
                         MG_OK);
    }
    mg_state_free(s);
    mg_game_free(g);
}

START_TEST(test_big_boards)
{
    check_big("dots_and_boxes(rows=12,cols=12)", 144, 0); /* 312 lines */
    check_big("dots_and_boxes(rows=32,cols=32,border=icelandic,misere=true)",
              1024, 1);
    check_big("dots_and_boxes(grid=hexagon,size=7,border=swedish)", 127, 0);
}
END_TEST

/* The China games' own op (china_playout.c: the playout on a copy with
 * no history, hash or cell array, scored once) against a replay with
 * mg_state_apply: at positions along random games (mid-turn ones too),
 * for no limit and a random limit, mg_state_playout on a clone gives the
 * sequence for the seed (this version promises the China result draws
 * the same one, see the top); each of its actions must be accepted by
 * mg_state_apply on a second clone (rules 1.3, 1.4, 2.3, 2.4: the turn's
 * class and quota, order=ascending, `done`, `swap`), and the result must
 * be the count and what mg_state_winner and mg_state_score give at the
 * end of the replay (rules 1.3.6, 0: stones - P x groups, the cascade).
 * The specs reach each path of the op: small classes with a turn that
 * may stop (Tangle, Octangle) or not (Squares, Grove), order=ascending
 * (the first-stone cache), mode=number (classes of more than 16 cells:
 * cell sets), on several boards of both kinds. */
static void check_china(const char *spec, uint64_t x)
{
    static int32_t legal[MAX_BUF], hist[MAX_BUF];
    mg_game *g = NULL;
    int k;
    MG_GAME(g, spec);
    for (k = 0; k < 2; k++) {
        mg_state *s = NULL, *c = NULL, *r = NULL;
        size_t n, h0, h1, i;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        ck_assert_int_eq(mg_state_new(&c, g), MG_OK);
        ck_assert_int_eq(mg_state_new(&r, g), MG_OK);
        while (mg_state_legal_actions(s, legal, MAX_BUF, &n) == MG_OK &&
               n > 0) {
            int t;
            for (t = 0; t < 2 && mg_test_rand_below(&x, 3) == 0; t++) {
                uint64_t seed = mg_test_rand(&x);
                int32_t lim = t == 0 ? -1
                                     : (int32_t)(1 + mg_test_rand_below(&x,
                                                                        30));
                int32_t w, sc[2], rs[2];
                int rc = mg_state_playout_result(s, seed, lim, &w, sc), rc2;
                mg_state_copy(c, s);
                mg_state_copy(r, s);
                mg_state_history(c, NULL, 0, &h0);
                rc2 = mg_state_playout(c, seed, lim);
                ck_assert_int_eq(mg_state_history(c, hist, MAX_BUF, &h1),
                                 MG_OK);
                MG_REQUIRE(rc2 == rc && h1 == h0 + (size_t)rc,
                           "%s: seed %llu max %d: %d actions, the playout "
                           "%d",
                           spec, (unsigned long long)seed, lim, rc, rc2);
                for (i = h0; i < h1; i++)
                    MG_REQUIRE(mg_state_apply(r, hist[i]) == MG_OK,
                               "%s: seed %llu: action %d of the sequence "
                               "refused by apply",
                               spec, (unsigned long long)seed,
                               (int)(i - h0));
                mg_state_score(r, 0, &rs[0]);
                mg_state_score(r, 1, &rs[1]);
                MG_REQUIRE(mg_state_winner(r) == w && rs[0] == sc[0] &&
                               rs[1] == sc[1],
                           "%s: seed %llu max %d: winner %d, %d-%d; the "
                           "replay %d, %d-%d",
                           spec, (unsigned long long)seed, lim, w, sc[0],
                           sc[1], mg_state_winner(r), rs[0], rs[1]);
                MG_REQUIRE(lim < 0 ? w != MG_NOBODY
                                   : (w == MG_NOBODY) == (rc == lim &&
                                                          mg_state_current_player(
                                                              r) != MG_NOBODY),
                           "%s: max %d, %d actions, winner %d", spec, lim,
                           rc, w);
            }
            ck_assert_int_eq(
                mg_state_apply(s, legal[mg_test_rand_below(&x, n)]), MG_OK);
        }
        mg_state_free(s);
        mg_state_free(c);
        mg_state_free(r);
    }
    mg_game_free(g);
}

START_TEST(test_china)
{
    static const char *const specs[] = {
        "china_squares", "china_squares(board=3,penalty=2)",
        "china_squares(board=5,order=ascending)",
        "china_octangle(board=2)", "china_octangle(board=4,mode=number)",
        "china_octangle(board=6,mode=number,order=ascending)",
        "china_tangle", "china_tangle(board=7)",
        "china_tangle(board=3,mode=number,order=ascending)",
        "china_grove(board=2,penalty=8)",
        "china_grove(board=9,mode=number)",
        "china_grove(board=4,order=ascending)",
    };
    size_t i;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++)
        check_china(specs[i], 0xC41A + i);
}
END_TEST

START_TEST(test_edges)
{
    mg_game *g = NULL;
    mg_state *s = NULL;
    int32_t w = 7, sc[2] = {7, 7}, f0, f1;
    MG_GAME(g, "dots_and_boxes(rows=1,cols=2)");
    ck_assert_int_eq(mg_state_playout_result(NULL, 1, -1, &w, sc), MG_EINVAL);
    ck_assert_int_eq(w, 7);
    ck_assert_int_eq(sc[0], 7);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    /* outputs may be NULL */
    ck_assert_int_eq(mg_state_playout_result(s, 1, -1, NULL, NULL), 7);
    /* max_actions 0: nothing played, the game goes on */
    ck_assert_int_eq(mg_state_playout_result(s, 1, 0, &w, sc), 0);
    ck_assert_int_eq(w, MG_NOBODY);
    ck_assert_int_eq(sc[0], 0);
    ck_assert_int_eq(sc[1], 0);
    /* a finished game: 0 actions, its own result */
    mg_state_playout(s, 3, -1);
    mg_state_score(s, 0, &f0);
    mg_state_score(s, 1, &f1);
    ck_assert_int_eq(mg_state_playout_result(s, 1, -1, &w, sc), 0);
    ck_assert_int_eq(w, mg_state_winner(s));
    ck_assert_int_eq(sc[0], f0);
    ck_assert_int_eq(sc[1], f1);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_playout_result_suite(void)
{
    Suite *s = suite_create("playout_result");
    TCase *tc = tcase_create("playout_result");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_every_spec);
    tcase_add_test(tc, test_statistics);
    tcase_add_test(tc, test_whole_game);
    tcase_add_test(tc, test_big_boards);
    tcase_add_test(tc, test_china);
    tcase_add_test(tc, test_edges);
    suite_add_tcase(s, tc);
    return s;
}
