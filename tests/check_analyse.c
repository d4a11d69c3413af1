/*
 * check_analyse.c - mg_bot_analyse (mindgames.h "analysis"): exact values
 * where the bot's solver proves them, the search's estimates elsewhere,
 * its buffer protocol and errors.
 */
#include "tests.h"

#include <string.h>

static mg_bot *bot(const char *spec)
{
    mg_bot *b = NULL;
    char err[256];
    int rc = mg_bot_new(&b, spec, 7, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "mg_bot_new(%s): %d %s", spec, rc, err);
    return b;
}

static mg_state *start(const char *spec, mg_game **g)
{
    mg_state *s = NULL;
    ck_assert_int_eq(mg_game_new(g, spec, NULL, 0), MG_OK);
    ck_assert_int_eq(mg_state_new(&s, *g), MG_OK);
    return s;
}

/* Dots and Boxes 2x2 from the start (Winning Ways: +2): the 8 outside
 * lines keep the 2 boxes, the 4 inside lines give them away (0). */
START_TEST(exact_on_2x2)
{
    mg_game *g;
    mg_state *s = start("dots_and_boxes(rows=2,cols=2)", &g);
    mg_bot *b = bot("strong(iterations=200)");
    mg_action_value v[16];
    int32_t legal[16];
    size_t n = 0, m = 0, i;
    int twos = 0, zeros = 0;
    ck_assert_int_eq(mg_bot_analyse(b, s, v, 16, &n), MG_OK);
    ck_assert_int_eq(mg_state_legal_actions(s, legal, 16, &m), MG_OK);
    ck_assert_uint_eq(n, 12);
    ck_assert_uint_eq(m, 12);
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(v[i].action, legal[i]);
        ck_assert_int_eq(v[i].kind, MG_VALUE_EXACT);
        ck_assert_uint_eq(v[i].visits, 0);
        ck_assert_int_eq(v[i].reserved, 0);
        twos += v[i].value == 2.0;
        zeros += v[i].value == 0.0;
    }
    ck_assert_int_eq(twos, 8);
    ck_assert_int_eq(zeros, 4);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* An mcts bot only estimates: every action searched, means in [0, 1],
 * the visits summing to at most the iterations; the plain search's
 * preference agrees with the solver on 2x2 (an outside line). */
START_TEST(estimates_from_the_search)
{
    mg_game *g;
    mg_state *s = start("dots_and_boxes(rows=3,cols=3)", &g);
    mg_bot *b = bot("mcts(iterations=3000,reuse=false)");
    mg_action_value v[32];
    size_t n = 0, i;
    uint64_t sum = 0;
    ck_assert_int_eq(mg_bot_analyse(b, s, v, 32, &n), MG_OK);
    ck_assert_uint_eq(n, 24);
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(v[i].kind, MG_VALUE_ESTIMATE);
        ck_assert_uint_gt(v[i].visits, 0);
        ck_assert(v[i].value >= 0.0 && v[i].value <= 1.0);
        sum += v[i].visits;
    }
    ck_assert_uint_le(sum, 3000);
    ck_assert_uint_ge(sum, 2900);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* A position too big to prove in a tiny node budget: the strong bot's
 * solver proves nothing, its search estimates every action. */
START_TEST(strong_falls_back_on_the_search)
{
    mg_game *g;
    mg_state *s = start("dots_and_boxes(rows=5,cols=5)", &g);
    mg_bot *b = bot("strong(iterations=500,nodes=10)");
    mg_action_value v[64];
    size_t n = 0, i, est = 0;
    ck_assert_int_eq(mg_bot_analyse(b, s, v, 64, &n), MG_OK);
    ck_assert_uint_eq(n, 60);
    for (i = 0; i < n; i++) {
        ck_assert_int_ne(v[i].kind, MG_VALUE_EXACT);
        est += v[i].kind == MG_VALUE_ESTIMATE;
        if (v[i].kind == MG_VALUE_UNKNOWN)
            ck_assert_uint_eq(v[i].visits, 0);
    }
    ck_assert_uint_gt(est, 0);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(errors)
{
    mg_game *g;
    mg_state *s = start("dots_and_boxes(rows=2,cols=2)", &g);
    mg_bot *b = bot("strong(iterations=50)"), *r = bot("random"),
           *l = bot("level(n=2)");
    mg_action_value v[16];
    size_t n = 99;
    int32_t a;
    ck_assert_int_eq(mg_bot_analyse(NULL, s, v, 16, &n), MG_EINVAL);
    ck_assert_int_eq(mg_bot_analyse(b, NULL, v, 16, &n), MG_EINVAL);
    ck_assert_int_eq(mg_bot_analyse(b, s, v, 16, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_bot_analyse(b, s, NULL, 16, &n), MG_EINVAL);
    ck_assert_int_eq(mg_bot_analyse(r, s, v, 16, &n), MG_EUNSUPPORTED);
    ck_assert_int_eq(mg_bot_analyse(l, s, v, 16, &n), MG_EUNSUPPORTED);
    /* the buffer protocol: the size, nothing written */
    memset(v, 0x5a, sizeof v);
    ck_assert_int_eq(mg_bot_analyse(b, s, v, 3, &n), MG_ENOBUFS);
    ck_assert_uint_eq(n, 12);
    ck_assert_int_eq(v[0].reserved, 0x5a5a5a5a);
    ck_assert_int_eq(mg_bot_analyse(b, s, NULL, 0, &n), MG_ENOBUFS);
    /* a finished game */
    while (mg_state_current_player(s) != MG_NOBODY) {
        ck_assert_int_eq(mg_bot_choose(r, s, &a), MG_OK);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
    ck_assert_int_eq(mg_bot_analyse(b, s, v, 16, &n), MG_EOVER);
    mg_bot_free(l);
    mg_bot_free(r);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_analyse_suite(void)
{
    Suite *s = suite_create("analyse");
    TCase *tc = tcase_create("analyse");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, exact_on_2x2);
    tcase_add_test(tc, estimates_from_the_search);
    tcase_add_test(tc, strong_falls_back_on_the_search);
    tcase_add_test(tc, errors);
    suite_add_tcase(s, tc);
    return s;
}
