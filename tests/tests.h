/*
 * tests.h - the Check suites of libmindgames and small shared helpers.
 * Each tests/check_<area>.c defines one suite, listed once in suites.h;
 * run_api.c (linked with the shared library) and run_internal.c (static
 * library) run them.  Shared
 * without Check: test_rng.h (the one PRNG) and game_specs.h (the one table
 * of game specs); the files of one area share <area>_test.h.
 */
#ifndef MG_TESTS_H
#define MG_TESTS_H

#include <check.h>
#include <mindgames.h>

#include <stdint.h>
#include <stdlib.h>

/* The public API's suites (suites.h: one line each) and the white-box
 * ones (run_internal.c, linked with the static library). */
#define MG_API_SUITE(area) Suite *mg_##area##_suite(void);
#include "suites.h"
#undef MG_API_SUITE
Suite *mg_internal_suite(void); /* check_internal.c: properties */
Suite *mg_images_suite(void);   /* check_internal_images.c: images */
Suite *mg_policy_suite(void);   /* check_internal_policy.c: D&B policy */
Suite *mg_policy_fangqi_suite(void); /* ..._policy_fangqi.c: Fangqi's */
Suite *mg_policy_chains_suite(void); /* ..._policy_chains.c: CoT's priors */

/* For the suites that check every action of every position of their
 * games (the reasons, the queries, playout_result): their default number
 * of games, or MG_TEST_GAMES when it is smaller (make memcheck sets 100
 * to make the other suites' thousands cheaper; these stay as cheap as
 * by default).  Defined after mg_test_games below. */
static inline int mg_test_games_upto(int dflt);

/* Number of random games for property tests: MG_TEST_GAMES, default dflt. */
static inline int mg_test_games(int dflt)
{
    const char *e = getenv("MG_TEST_GAMES");
    int n = e ? atoi(e) : 0;
    return n > 0 ? n : dflt;
}

static inline int mg_test_games_upto(int dflt)
{
    int n = mg_test_games(dflt);
    return n < dflt ? n : dflt;
}

/* For counts other than a thousand games (positions, seeds, a suite's own
 * few games): n by default, in proportion to MG_TEST_GAMES / 1000 when it
 * is set (make memcheck's 100: a tenth), never below least (or n).  The same
 * code and assertions run on fewer random cases; mg_test_games(n) with a
 * small n would instead run MG_TEST_GAMES of them, more than by default. */
static inline int mg_test_scaled(int n, int least)
{
    int64_t k = (int64_t)n * mg_test_games(1000) / 1000;
    if (k < least)
        k = least < n ? least : n;
    return (int)k;
}

/* The game of `spec`; the test fails with the library's message when it
 * is refused. */
static inline mg_game *mg_test_game(const char *spec)
{
    mg_game *g = NULL;
    char err[256];
    ck_assert_msg(mg_game_new(&g, spec, err, sizeof err) == MG_OK, "%s: %s",
                  spec, err);
    return g;
}

/* The action of s named `name` in the game's notation; the test fails
 * with the library's message when it is not one. */
static inline int32_t mg_test_action(const mg_state *s, const char *name)
{
    int32_t a = -1;
    char err[128];
    ck_assert_msg(mg_state_action_from_string(s, name, &a, err, sizeof err) ==
                      MG_OK,
                  "%s: %s", name, err);
    return a;
}

/* An assertion for hot loops: Check's ck_assert_* record a checkpoint
 * (a write to its log) even when they pass, which dominates tight
 * property loops; this fails the same way but costs nothing on success. */
#define MG_REQUIRE(expr, ...)                                                 \
    do {                                                                      \
        if (!(expr))                                                          \
            ck_abort_msg(__VA_ARGS__);                                        \
    } while (0)

/* The calls to malloc, calloc and realloc so far (check_batch.c counts
 * them: glibc, no sanitizer), or -1 where they are not counted. */
long mg_test_allocations(void);

/* New game from spec or fail the test with the library's message. */
#define MG_GAME(g, spec)                                                      \
    do {                                                                      \
        char err_[256];                                                       \
        int rc_ = mg_game_new(&(g), (spec), err_, sizeof err_);               \
        ck_assert_msg(rc_ == MG_OK, "mg_game_new(%s): %d %s", (spec), rc_,    \
                      err_);                                                  \
    } while (0)

#endif
