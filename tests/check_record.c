/*
 * check_record.c - game records (mg_state_save / mg_state_load): the exact
 * format, round trips, and replay to the same position.
 */
#include "tests.h"

#include <string.h>

START_TEST(record_format_exact)
{
    mg_game *g = NULL;
    mg_state *s = NULL;
    char buf[1024];
    size_t need = 0;
    int i;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=3,border=swedish)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_save(s, buf, sizeof buf, &need), MG_OK);
    ck_assert_str_eq(buf, "mindgames-record 1\n"
                          "game dots_and_boxes(grid=square,rows=2,cols=3,"
                          "border=swedish,misere=false)\n"
                          "actions 0\n");
    ck_assert_uint_eq(need, strlen(buf) + 1);
    for (i = 0; i < 7; i++) {
        size_t n;
        int32_t legal[32];
        ck_assert_int_eq(mg_state_legal_actions(s, legal, 32, &n), MG_OK);
        ck_assert_int_eq(mg_state_apply(s, legal[0]), MG_OK);
    }
    ck_assert_int_eq(mg_state_save(s, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, "mindgames-record 1\n"
                          "game dots_and_boxes(grid=square,rows=2,cols=3,"
                          "border=swedish,misere=false)\n"
                          "actions 7\n"
                          "b1-b2 c1-c2 a2-b2 b2-c2 b2-b3 c2-d2 c2-c3\n");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(load_replays_to_same_position)
{
    mg_game *g = NULL, *g2 = NULL;
    mg_state *s = NULL, *t = NULL;
    char a[8192], b[8192], err[256];
    MG_GAME(g, "dots_and_boxes(grid=triangle,shape=hexagon,size=3,misere=true)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_gt(mg_state_playout(s, 77, 40), 0);
    ck_assert_int_eq(mg_state_save(s, a, sizeof a, NULL), MG_OK);
    ck_assert_int_eq(mg_state_load(&t, &g2, a, err, sizeof err), MG_OK);
    ck_assert_uint_eq(mg_state_hash(t), mg_state_hash(s));
    ck_assert_int_eq(mg_state_current_player(t), mg_state_current_player(s));
    ck_assert_int_eq(mg_state_save(t, b, sizeof b, NULL), MG_OK);
    ck_assert_str_eq(a, b);
    /* the loaded history undoes back to the start like the original */
    while (mg_state_undo(t) == MG_OK)
        ;
    while (mg_state_undo(s) == MG_OK)
        ;
    ck_assert_uint_eq(mg_state_hash(t), mg_state_hash(s));
    mg_state_free(t);
    mg_game_free(g2);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(load_accepts_crlf_case_and_spacing)
{
    const char *rec = "MINDGAMES-RECORD 1\r\n"
                      "game  Dots_And_Boxes( rows=1 , cols=1 )\r\n"
                      "actions 2\r\n"
                      "A1-B1\r\n   #2-#3  \r\n";
    mg_game *g = NULL;
    mg_state *s = NULL;
    size_t n;
    int32_t h[4];
    char err[128];
    ck_assert_int_eq(mg_state_load(&s, &g, rec, err, sizeof err), MG_OK);
    ck_assert_int_eq(mg_state_history(s, h, 4, &n), MG_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_int_eq(h[0], 0); /* a1-b1 */
    ck_assert_int_eq(h[1], 3); /* a2-b2 */
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(load_names_the_bad_line)
{
    const char *rec = "mindgames-record 1\n"
                      "game dots_and_boxes(rows=1,cols=1)\n"
                      "actions 3\n"
                      "a1-b1 a2-b2\n"
                      "a1-b1\n";
    mg_game *g = (mg_game *)&g;
    mg_state *s = (mg_state *)&s;
    char err[256];
    ck_assert_int_eq(mg_state_load(&s, &g, rec, err, sizeof err), MG_EILLEGAL);
    ck_assert_ptr_null(s);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, "line 5") && strstr(err, "action 3") &&
                      strstr(err, "a1-b1"),
                  "message: %s", err);
}
END_TEST

/* Notation: white space around the text is ignored, however long. */
START_TEST(notation_surrounding_space)
{
    mg_game *g = NULL;
    mg_state *s = NULL;
    char text[400];
    int32_t a = -1;
    MG_GAME(g, "dots_and_boxes(rows=1,cols=1)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_action_from_string(s, "\r\n\ta2-b2 \n", &a, NULL,
                                                 0), MG_OK);
    ck_assert_int_eq(a, 3);
    memset(text, ' ', sizeof text);
    memcpy(text + 50, "b1-b2", 5);
    text[sizeof text - 1] = '\0';
    ck_assert_int_eq(mg_state_action_from_string(s, text, &a, NULL, 0), MG_OK);
    ck_assert_int_eq(a, 2);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* A record version that is not a number is a syntax error; a number other
 * than 1 is a version this library does not read. */
START_TEST(record_version_line)
{
    mg_game *g = NULL;
    mg_state *s = NULL;
    char err[128];
    ck_assert_int_eq(mg_state_load(&s, &g, "mindgames-record x\n", err,
                                   sizeof err), MG_ESYNTAX);
    ck_assert_ptr_nonnull(strstr(err, "line 1"));
    ck_assert_int_eq(mg_state_load(&s, &g, "mindgames-record 2\n", err,
                                   sizeof err), MG_EUNSUPPORTED);
    ck_assert_ptr_nonnull(strstr(err, "version"));
}
END_TEST

Suite *mg_record_suite(void)
{
    Suite *s = suite_create("record");
    TCase *tc = tcase_create("record");
    tcase_add_test(tc, record_format_exact);
    tcase_add_test(tc, load_replays_to_same_position);
    tcase_add_test(tc, load_accepts_crlf_case_and_spacing);
    tcase_add_test(tc, load_names_the_bad_line);
    tcase_add_test(tc, notation_surrounding_space);
    tcase_add_test(tc, record_version_line);
    suite_add_tcase(s, tc);
    return s;
}
