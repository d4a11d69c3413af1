/*
 * check_core.c - the public contract of include/mindgames.h: version,
 * error strings, the registry, buffers and the state life cycle.
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

START_TEST(version_header_matches_library)
{
    char want[32];
    ck_assert_uint_eq(mg_version_number(), MG_VERSION_NUMBER);
    ck_assert_uint_eq(MG_VERSION_NUMBER, MG_VERSION_MAJOR * 10000 +
                                             MG_VERSION_MINOR * 100 +
                                             MG_VERSION_PATCH);
    snprintf(want, sizeof want, "%d.%d.%d", MG_VERSION_MAJOR, MG_VERSION_MINOR,
             MG_VERSION_PATCH);
    ck_assert_str_eq(mg_version_string(), want);
    ck_assert_str_eq(MG_VERSION_STRING, want);
}
END_TEST

START_TEST(error_codes_fixed_and_described)
{
    /* fixed values that bindings rely on */
    int code;
    ck_assert_int_eq(MG_OK, 0);
    ck_assert_int_eq(MG_NOBODY, -1);
    ck_assert_int_eq(MG_DRAW, 2);
    ck_assert_int_eq(MG_RENDER_TEXT, 1);
    ck_assert_int_eq(MG_RENDER_SVG, 2);
    ck_assert_int_eq(MG_BOARD_OCTOPUSZLE, 1);
    ck_assert_int_eq(MG_BOARD_LABYRINTH, 2);
    ck_assert_int_eq(MG_EINVAL, -2);
    ck_assert_int_eq(MG_EUNSUPPORTED, -14);
    for (code = MG_EUNSUPPORTED; code <= MG_EINVAL; code++) {
        const char *s = mg_strerror(code);
        ck_assert_ptr_nonnull(s);
        ck_assert_str_ne(s, "unknown error");
        ck_assert_int_gt((int)strlen(s), 3);
    }
    ck_assert_str_eq(mg_strerror(MG_OK), "success");
    ck_assert_str_eq(mg_strerror(-1), "unknown error");
    ck_assert_str_eq(mg_strerror(1), "unknown error");
    ck_assert_str_eq(mg_strerror(-1000), "unknown error");
}
END_TEST

START_TEST(registry_lists_games)
{
    int i, n = mg_game_count(), found = 0;
    ck_assert_int_ge(n, 1);
    for (i = 0; i < n; i++) {
        mg_game *g = NULL;
        const char *id = mg_game_id_at(i);
        ck_assert_ptr_nonnull(id);
        found |= strcmp(id, "dots_and_boxes") == 0;
        MG_GAME(g, id); /* every game has defaults for every key */
        ck_assert_str_eq(mg_game_id(g), id);
        ck_assert_int_gt(mg_game_num_actions(g), 0);
        ck_assert_int_gt(mg_game_max_legal_actions(g), 0);
        ck_assert_int_le(mg_game_max_legal_actions(g), mg_game_num_actions(g));
        mg_game_free(g);
    }
    ck_assert(found);
    ck_assert_ptr_null(mg_game_id_at(n));
    ck_assert_ptr_null(mg_game_id_at(-1));
}
END_TEST

START_TEST(new_state_is_start)
{
    mg_game *g = NULL;
    mg_state *s = NULL;
    size_t n = 99;
    int32_t legal[64];
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_ptr_eq(mg_state_game(s), g);
    ck_assert_int_eq(mg_state_current_player(s), 0); /* rules §0 */
    ck_assert_int_eq(mg_state_is_terminal(s), 0);
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    ck_assert_int_eq(mg_state_history(s, NULL, 0, &n), MG_OK);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(mg_state_legal_actions(s, legal, 64, &n), MG_OK);
    ck_assert_uint_eq(n, 12);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(clone_and_copy_are_independent)
{
    mg_game *g = NULL;
    mg_state *a = NULL, *b = NULL, *c = NULL;
    uint64_t h0;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    ck_assert_int_eq(mg_state_new(&a, g), MG_OK);
    ck_assert_int_eq(mg_state_apply(a, 0), MG_OK);
    ck_assert_int_eq(mg_state_clone(&b, a), MG_OK);
    ck_assert_uint_eq(mg_state_hash(a), mg_state_hash(b));
    h0 = mg_state_hash(a);
    ck_assert_int_eq(mg_state_apply(b, 5), MG_OK);
    ck_assert_uint_eq(mg_state_hash(a), h0); /* source untouched */
    ck_assert_int_eq(mg_state_is_legal(a, 5), 1);
    ck_assert_int_eq(mg_state_new(&c, g), MG_OK);
    ck_assert_int_eq(mg_state_copy(c, b), MG_OK);
    ck_assert_uint_eq(mg_state_hash(c), mg_state_hash(b));
    ck_assert_int_eq(mg_state_undo(c), MG_OK);
    ck_assert_int_eq(mg_state_undo(c), MG_OK);
    ck_assert_int_eq(mg_state_undo(c), MG_EEMPTY);
    ck_assert_int_eq(mg_state_is_legal(b, 5), 0); /* copy independent */
    mg_state_free(a);
    mg_state_free(b);
    mg_state_free(c);
    mg_game_free(g);
}
END_TEST

START_TEST(playout_reaches_end_and_is_deterministic)
{
    mg_game *g = NULL;
    mg_state *a = NULL, *b = NULL;
    int n;
    MG_GAME(g, "dots_and_boxes(rows=5,cols=5)");
    ck_assert_int_eq(mg_state_new(&a, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&b, g), MG_OK);
    n = mg_state_playout(a, 42, -1);
    ck_assert_int_eq(n, 60); /* every line of 5x5 (rules §3.1: 2RC+R+C) */
    ck_assert_int_eq(mg_state_is_terminal(a), 1);
    ck_assert_int_eq(mg_state_playout(b, 42, 10), 10);
    ck_assert_int_eq(mg_state_playout(b, 43, 0), 0);
    ck_assert_int_eq(mg_state_is_terminal(b), 0);
    while (mg_state_undo(b) == MG_OK)
        ;
    ck_assert_int_eq(mg_state_playout(b, 42, -1), 60);
    ck_assert_uint_eq(mg_state_hash(a), mg_state_hash(b));
    ck_assert_int_eq(mg_state_playout(a, 1, -1), 0); /* already over */
    mg_state_free(a);
    mg_state_free(b);
    mg_game_free(g);
}
END_TEST

Suite *mg_core_suite(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("contract");
    tcase_add_test(tc, version_header_matches_library);
    tcase_add_test(tc, error_codes_fixed_and_described);
    tcase_add_test(tc, registry_lists_games);
    tcase_add_test(tc, new_state_is_start);
    tcase_add_test(tc, clone_and_copy_are_independent);
    tcase_add_test(tc, playout_reaches_end_and_is_deterministic);
    suite_add_tcase(s, tc);
    return s;
}
