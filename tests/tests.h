/*
 * tests.h - the Check suites of libmindgames and small shared helpers.
 * Each tests/check_<area>.c defines one suite; run_api.c (linked with the
 * shared library) and run_internal.c (static library) run them.
 */
#ifndef MG_TESTS_H
#define MG_TESTS_H

#include <check.h>
#include <mindgames.h>

#include <stdlib.h>

Suite *mg_core_suite(void);       /* check_core.c: version, errors, registry */
Suite *mg_spec_suite(void);       /* check_spec.c: spec strings */
Suite *mg_dab_suite(void);        /* check_dots_and_boxes.c: RULES §3 */
Suite *mg_record_suite(void);     /* check_record.c: save/load, notation */
Suite *mg_errors_suite(void);     /* check_errors.c: bad input everywhere */
Suite *mg_board_suite(void);      /* check_board.c: RULES 1.1, 1.2, 2.1, 2.2 */
Suite *mg_china_suite(void);      /* check_china.c: RULES 0, 1.2-2.4 */
Suite *mg_fangqi_suite(void);     /* check_fangqi.c: RULES §4 */
Suite *mg_chains_suite(void);     /* check_chains.c: RULES §5 */
Suite *mg_bot_suite(void);        /* check_bot.c: bots, playouts */
Suite *mg_internal_suite(void);   /* check_internal.c: white-box properties */

/* Number of random games for property tests: MG_TEST_GAMES, default dflt. */
static inline int mg_test_games(int dflt)
{
    const char *e = getenv("MG_TEST_GAMES");
    int n = e ? atoi(e) : 0;
    return n > 0 ? n : dflt;
}

/* An assertion for hot loops: Check's ck_assert_* record a checkpoint
 * (a write to its log) even when they pass, which dominates tight
 * property loops; this fails the same way but costs nothing on success. */
#define MG_REQUIRE(expr, ...)                                                 \
    do {                                                                      \
        if (!(expr))                                                          \
            ck_abort_msg(__VA_ARGS__);                                        \
    } while (0)

/* New game from spec or fail the test with the library's message. */
#define MG_GAME(g, spec)                                                      \
    do {                                                                      \
        char err_[256];                                                       \
        int rc_ = mg_game_new(&(g), (spec), err_, sizeof err_);               \
        ck_assert_msg(rc_ == MG_OK, "mg_game_new(%s): %d %s", (spec), rc_,    \
                      err_);                                                  \
    } while (0)

#endif
