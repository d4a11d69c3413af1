/* run_api.c - every public-API suite (suites.h), linked against the shared
 * library so that a symbol missing from the exports fails to link. */
#include "tests.h"

int main(void)
{
    SRunner *sr = srunner_create(NULL);
    int failed;
#define MG_API_SUITE(area) srunner_add_suite(sr, mg_##area##_suite());
#include "suites.h"
#undef MG_API_SUITE
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
