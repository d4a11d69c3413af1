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
    srunner_add_suite(sr, mg_errors_suite());
    srunner_add_suite(sr, mg_board_suite());
    srunner_add_suite(sr, mg_china_suite());
    srunner_add_suite(sr, mg_fangqi_suite());
    srunner_add_suite(sr, mg_chains_suite());
    srunner_add_suite(sr, mg_bot_suite());
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
