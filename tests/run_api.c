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
    srunner_add_suite(sr, mg_errors_null_suite());
    srunner_add_suite(sr, mg_errors_range_suite());
    srunner_add_suite(sr, mg_errors_buffers_suite());
    srunner_add_suite(sr, mg_errors_copy_suite());
    srunner_add_suite(sr, mg_errors_spec_suite());
    srunner_add_suite(sr, mg_errors_notation_suite());
    srunner_add_suite(sr, mg_errors_record_suite());
    srunner_add_suite(sr, mg_board_suite());
    srunner_add_suite(sr, mg_china_options_suite());
    srunner_add_suite(sr, mg_china_turns_suite());
    srunner_add_suite(sr, mg_china_games_suite());
    srunner_add_suite(sr, mg_fangqi_rules_suite());
    srunner_add_suite(sr, mg_fangqi_text_suite());
    srunner_add_suite(sr, mg_fangqi_games_suite());
    srunner_add_suite(sr, mg_chains_rules_suite());
    srunner_add_suite(sr, mg_chains_options_suite());
    srunner_add_suite(sr, mg_chains_boards_suite());
    srunner_add_suite(sr, mg_chains_games_suite());
    srunner_add_suite(sr, mg_bot_suite());
    srunner_add_suite(sr, mg_svg_suite());
    srunner_add_suite(sr, mg_position_suite());
    srunner_add_suite(sr, mg_sites_fangqi_points_suite());
    srunner_add_suite(sr, mg_sites_fangqi_held_suite());
    srunner_add_suite(sr, mg_sites_fangqi_symmetries_suite());
    srunner_add_suite(sr, mg_options_suite());
    srunner_add_suite(sr, mg_sites_dab_names_suite());
    srunner_add_suite(sr, mg_sites_dab_places_suite());
    srunner_add_suite(sr, mg_sites_dab_held_suite());
    srunner_add_suite(sr, mg_sites_dab_symmetries_suite());
    srunner_add_suite(sr, mg_sites_chains_suite());
    srunner_add_suite(sr, mg_solver_suite());
    srunner_add_suite(sr, mg_solver_values_suite());
    srunner_add_suite(sr, mg_reasons_suite());
    srunner_add_suite(sr, mg_reasons_dab_suite());
    srunner_add_suite(sr, mg_reasons_china_suite());
    srunner_add_suite(sr, mg_reasons_fangqi_suite());
    srunner_add_suite(sr, mg_reasons_chains_suite());
    srunner_add_suite(sr, mg_queries_suite());
    srunner_add_suite(sr, mg_batch_suite());
    srunner_add_suite(sr, mg_playout_result_suite());
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
