/* run_api.c - every public-API suite, linked against the shared library so
 * that a symbol missing from the exports fails to link. */
#include "tests.h"

int main(void)
{
    SRunner *sr = srunner_create(mg_core_suite());
    int failed;
    srunner_add_suite(sr, mg_spec_suite());
    srunner_add_suite(sr, mg_dab_suite());
    srunner_add_suite(sr, mg_record_suite());
    srunner_add_suite(sr, mg_errors_calls_suite());
    srunner_add_suite(sr, mg_errors_text_suite());
    srunner_add_suite(sr, mg_board_suite());
    srunner_add_suite(sr, mg_china_options_suite());
    srunner_add_suite(sr, mg_china_turns_suite());
    srunner_add_suite(sr, mg_china_games_suite());
    srunner_add_suite(sr, mg_fangqi_rules_suite());
    srunner_add_suite(sr, mg_fangqi_text_suite());
    srunner_add_suite(sr, mg_fangqi_games_suite());
    srunner_add_suite(sr, mg_chains_rules_suite());
    srunner_add_suite(sr, mg_chains_boards_suite());
    srunner_add_suite(sr, mg_bot_suite());
    srunner_add_suite(sr, mg_svg_suite());
    srunner_add_suite(sr, mg_position_suite());
    srunner_add_suite(sr, mg_sites_fangqi_suite());
    srunner_add_suite(sr, mg_options_suite());
    srunner_add_suite(sr, mg_sites_dab_suite());
    srunner_add_suite(sr, mg_sites_chains_suite());
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
