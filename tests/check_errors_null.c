/*
 * check_errors_null.c - NULL everywhere: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for NULL
 * pointers to every public function, *_free(NULL), the registry out of
 * range, and the distinct error codes.
 *
 * Every refused call must return the exact documented code, never crash,
 * set **out to NULL, and leave the object it was refused on unchanged
 * (hash, history and text rendering compared before and after:
 * errors_test.h).  The other bad calls: check_errors_range.c,
 * check_errors_buffers.c and check_errors_copy.c; bad text:
 * check_errors_spec.c, check_errors_notation.c, check_errors_record.c.
 */
#include "errors_test.h"

/* ================================================================ null */

START_TEST(null_error_codes_are_distinct)
{
    /* header: -1 is MG_NOBODY, never an error, so a function returning a
     * player can also return MG_EINVAL unambiguously */
    ck_assert_int_eq(MG_EINVAL, -2);
    ck_assert_int_eq(MG_NOBODY, -1);
    ck_assert_int_ne(MG_EINVAL, MG_NOBODY);
    ck_assert_int_ne(MG_EINVAL, MG_DRAW);
    ck_assert_int_eq(mg_state_current_player(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_is_terminal(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_winner(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_is_legal(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_state_is_legal(NULL, -1), MG_EINVAL);
    ck_assert_uint_eq(mg_state_hash(NULL), 0);
    ck_assert_ptr_null(mg_state_game(NULL));
    /* strerror never returns NULL, even for non-codes */
    ck_assert_ptr_nonnull(mg_strerror(MG_NOBODY));
    ck_assert_ptr_nonnull(mg_strerror(1));
    ck_assert_ptr_nonnull(mg_strerror(-1000));
    ck_assert_ptr_nonnull(mg_strerror(INT_MIN));
    ck_assert_ptr_nonnull(mg_strerror(INT_MAX));
}
END_TEST

START_TEST(null_free_is_noop)
{
    mg_game_free(NULL);
    mg_state_free(NULL);
    mg_game_free(NULL);
    mg_state_free(NULL);
}
END_TEST

START_TEST(null_registry)
{
    int n = mg_game_count();
    ck_assert_int_ge(n, 1);
    ck_assert_ptr_nonnull(mg_game_id_at(0));
    ck_assert_ptr_nonnull(mg_game_id_at(n - 1));
    ck_assert_ptr_null(mg_game_id_at(-1));
    ck_assert_ptr_null(mg_game_id_at(n));
    ck_assert_ptr_null(mg_game_id_at(n + 1));
    ck_assert_ptr_null(mg_game_id_at(INT_MAX));
    ck_assert_ptr_null(mg_game_id_at(INT_MIN));
}
END_TEST

START_TEST(null_game_functions)
{
    mg_game *g = SENTINEL;
    char err[128], buf[256];
    size_t need = 777;

    /* mg_game_new: out NULL, spec NULL */
    ck_assert_int_eq(mg_game_new(NULL, "dots_and_boxes", err, sizeof err),
                     MG_EINVAL);
    ck_assert_uint_gt(check_msg(err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "out"));
    ck_assert_int_eq(mg_game_new(NULL, NULL, NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_game_new(&g, NULL, err, sizeof err), MG_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err, "spec"));
    g = SENTINEL;
    ck_assert_int_eq(mg_game_new(&g, NULL, NULL, 0), MG_EINVAL);
    ck_assert_ptr_null(g);

    ck_assert_ptr_null(mg_game_id(NULL));
    ck_assert_int_eq(mg_game_num_actions(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_max_legal_actions(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(NULL, buf, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(NULL, NULL, 0, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(NULL, NULL, 0, NULL), MG_EINVAL);

    MG_GAME(g, "dots_and_boxes");
    ck_assert_int_eq(mg_game_spec(g, NULL, 1, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(g, NULL, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(g, NULL, SIZE_MAX, NULL), MG_EINVAL);
    /* the game still works */
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, &need), MG_OK);
    ck_assert_str_eq(mg_game_id(g), "dots_and_boxes");
    mg_game_free(g);
}
END_TEST

START_TEST(null_state_constructors)
{
    mg_game *g;
    mg_state *s, *c = SENTINEL;
    snapshot sn;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_state_new(NULL, g), MG_EINVAL);
    ck_assert_int_eq(mg_state_new(NULL, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_new(&c, NULL), MG_EINVAL);
    ck_assert_ptr_null(c);

    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 42, 3), 3);
    snap_take(&sn, s);

    c = SENTINEL;
    ck_assert_int_eq(mg_state_clone(&c, NULL), MG_EINVAL);
    ck_assert_ptr_null(c);
    ck_assert_int_eq(mg_state_clone(NULL, s), MG_EINVAL);
    ck_assert_int_eq(mg_state_clone(NULL, NULL), MG_EINVAL);

    ck_assert_int_eq(mg_state_copy(NULL, s), MG_EINVAL);
    ck_assert_int_eq(mg_state_copy(s, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_copy(NULL, NULL), MG_EINVAL);
    snap_same(&sn, s, "refused clone/copy");

    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(null_state_queries)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t ibuf[64], v = 99, a = 12345;
    char buf[256], err[128];
    size_t count = 777, need = 777;

    /* s == NULL everywhere */
    ck_assert_int_eq(mg_state_legal_actions(NULL, ibuf, 64, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_actions(NULL, NULL, 0, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_apply(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_state_apply(NULL, -1), MG_EINVAL);
    ck_assert_int_eq(mg_state_undo(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(NULL, ibuf, 64, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(NULL, NULL, 0, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(NULL, 0, &v), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(NULL, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_groups(NULL, 0, ibuf, 64, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_action_to_string(NULL, 0, buf, sizeof buf,
                                               &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_action_to_string(NULL, 0, NULL, 0, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(NULL, MG_RENDER_TEXT, buf, sizeof buf,
                                     &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(NULL, MG_RENDER_SVG, NULL, 0, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_save(NULL, buf, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_state_save(NULL, NULL, 0, &need), MG_EINVAL);
    ck_assert_int_eq(mg_state_playout(NULL, 1, -1), MG_EINVAL);
    ck_assert_int_eq(mg_state_playout(NULL, 1, 0), MG_EINVAL);

    ck_assert_int_eq(mg_state_action_from_string(NULL, "a1-b1", &a, err,
                                                 sizeof err),
                     MG_EINVAL);
    ck_assert_int_eq(a, 12345);
    ck_assert_uint_gt(check_msg(err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "state"));

    /* a real state with the other pointers NULL */
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 7, 5), 5);
    snap_take(&sn, s);

    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 5, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_actions(s, ibuf, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(s, NULL, 5, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(s, ibuf, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(s, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(s, 1, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_groups(s, 0, NULL, 5, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_groups(s, 0, ibuf, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_action_to_string(s, 0, NULL, 5, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, NULL, 5, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 5, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_save(s, NULL, 5, &need), MG_EINVAL);

    ck_assert_int_eq(mg_state_action_from_string(s, NULL, &a, err,
                                                 sizeof err),
                     MG_EINVAL);
    ck_assert_int_eq(a, 12345);
    ck_assert_ptr_nonnull(strstr(err, "text"));
    ck_assert_int_eq(mg_state_action_from_string(s, "a1-b1", NULL, err,
                                                 sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "action"));
    ck_assert_int_eq(mg_state_action_from_string(s, NULL, NULL, NULL, 0),
                     MG_EINVAL);

    snap_same(&sn, s, "calls with NULL pointers");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(null_load_outs)
{
    static const char rec[] = "mindgames-record 1\n"
                              "game dots_and_boxes(rows=1,cols=1)\n"
                              "actions 1\n"
                              "a1-b1\n";
    mg_state *s = SENTINEL;
    mg_game *g = SENTINEL;
    char err[128];

    ck_assert_int_eq(mg_state_load(NULL, &g, rec, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err, "out"));
    ck_assert_int_eq(mg_state_load(&s, NULL, rec, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(err, "game_out"));
    s = SENTINEL;
    g = SENTINEL;
    ck_assert_int_eq(mg_state_load(&s, &g, NULL, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(s);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err, "record"));
    ck_assert_int_eq(mg_state_load(NULL, NULL, NULL, NULL, 0), MG_EINVAL);
    /* and the record itself is fine */
    ck_assert_int_eq(call_load(NULL, rec, err, sizeof err), MG_OK);
}
END_TEST

Suite *mg_errors_null_suite(void)
{
    Suite *su = suite_create("errors_null");
    TCase *tc;

    tc = tcase_create("null");
    tcase_add_test(tc, null_error_codes_are_distinct);
    tcase_add_test(tc, null_free_is_noop);
    tcase_add_test(tc, null_registry);
    tcase_add_test(tc, null_game_functions);
    tcase_add_test(tc, null_state_constructors);
    tcase_add_test(tc, null_state_queries);
    tcase_add_test(tc, null_load_outs);
    suite_add_tcase(su, tc);

    return su;
}
