/* run_internal.c - white-box suites, linked against the static library so
 * they can reach hidden mg__ helpers (hash recomputation, the solver's
 * symmetry images). */
#include "tests.h"

int main(void)
{
    SRunner *sr = srunner_create(mg_internal_suite());
    srunner_add_suite(sr, mg_images_suite());
    srunner_add_suite(sr, mg_policy_suite());
    srunner_add_suite(sr, mg_policy_fangqi_suite());
    srunner_add_suite(sr, mg_policy_chains_suite());
    int failed;
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
