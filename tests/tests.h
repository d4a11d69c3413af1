/*
 * tests.h - the Check suites of libmindgames and small shared helpers.
 * Each tests/check_<area>.c defines one suite; run_api.c (linked with the
 * shared library) and run_internal.c (static library) run them.  Shared
 * without Check: test_rng.h (the one PRNG) and game_specs.h (the one table
 * of game specs); the files of one area share <area>_test.h.
 */
#ifndef MG_TESTS_H
#define MG_TESTS_H

#include <check.h>
#include <mindgames.h>

#include <stdlib.h>

Suite *mg_core_suite(void);          /* check_core.c: the public contract */
Suite *mg_spec_suite(void);          /* check_spec.c: spec strings */
Suite *mg_dab_suite(void);           /* check_dots_and_boxes.c: rules §3 */
Suite *mg_record_suite(void);        /* check_record.c: save/load, notation */
Suite *mg_errors_null_suite(void);     /* check_errors_null.c: NULL args */
Suite *mg_errors_range_suite(void);    /* check_errors_range.c: bad ids */
Suite *mg_errors_buffers_suite(void);  /* check_errors_buffers.c: buffers */
Suite *mg_errors_copy_suite(void);     /* check_errors_copy.c: bad copies */
Suite *mg_errors_spec_suite(void);     /* check_errors_spec.c: bad specs */
Suite *mg_errors_notation_suite(void); /* check_errors_notation.c: notation */
Suite *mg_errors_record_suite(void);   /* check_errors_record.c: records */
Suite *mg_board_suite(void);         /* check_board.c: rules §1.1-§2.2 */
Suite *mg_china_options_suite(void); /* check_china_options.c: options, text */
Suite *mg_china_turns_suite(void);   /* check_china_turns.c: one turn */
Suite *mg_china_games_suite(void);   /* check_china_games.c: whole games */
Suite *mg_fangqi_rules_suite(void);  /* check_fangqi_rules.c: rules §4.2 */
Suite *mg_fangqi_text_suite(void);   /* check_fangqi_text.c: options, text */
Suite *mg_fangqi_games_suite(void);  /* check_fangqi_games.c: random games */
Suite *mg_chains_rules_suite(void);  /* check_chains_rules.c: rules §5.2 */
Suite *mg_chains_options_suite(void); /* check_chains_options.c: options */
Suite *mg_chains_boards_suite(void);  /* check_chains_boards.c: boards */
Suite *mg_chains_games_suite(void);   /* check_chains_games.c: games */
Suite *mg_bot_suite(void);           /* check_bot.c: bots, playouts */
Suite *mg_svg_suite(void);           /* check_svg.c: the SVG status */
Suite *mg_position_suite(void);      /* check_position.c: sites, symmetries */
Suite *mg_sites_fangqi_points_suite(void);     /* check_sites_fangqi_points.c */
Suite *mg_sites_fangqi_held_suite(void);       /* check_sites_fangqi_held.c */
Suite *mg_sites_fangqi_symmetries_suite(void); /* ..._fangqi_symmetries.c */
Suite *mg_options_suite(void);       /* check_options.c: option introspection */
Suite *mg_sites_dab_names_suite(void);      /* check_sites_dab_names.c */
Suite *mg_sites_dab_places_suite(void);     /* check_sites_dab_places.c */
Suite *mg_sites_dab_held_suite(void);       /* check_sites_dab_held.c */
Suite *mg_sites_dab_symmetries_suite(void); /* check_sites_dab_symmetries.c */
Suite *mg_sites_chains_suite(void);  /* check_sites_chains.c: CoT sites */
Suite *mg_solver_suite(void);        /* check_solver.c: the solver */
Suite *mg_solver_values_suite(void); /* check_solver_values.c: known values */
Suite *mg_internal_suite(void);      /* check_internal.c: properties */
Suite *mg_images_suite(void);        /* check_internal_images.c: images */
Suite *mg_reasons_suite(void);       /* check_reasons.c: the contract, every game */
Suite *mg_reasons_dab_suite(void);    /* check_reasons_dab.c: rules §3 */
Suite *mg_reasons_china_suite(void);  /* check_reasons_china.c: rules §1-2 */
Suite *mg_reasons_fangqi_suite(void); /* check_reasons_fangqi.c: rules §4 */
Suite *mg_reasons_chains_suite(void); /* check_reasons_chains.c: rules §5 */
Suite *mg_batch_suite(void);    /* check_batch.c: n games at once */
Suite *mg_queries_suite(void);  /* check_queries.c: bounds, length, masks */
Suite *mg_playout_result_suite(void); /* check_playout_result.c (1.5) */

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
