/*
 * check_errors_range.c - out of range: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * out-of-range action ids, illegal actions (a line drawn twice, pre-drawn
 * border lines), actions after the end, nothing to undo, bad players and
 * groups, and bad render formats.
 *
 * Every refused call must return the exact documented code, never crash,
 * set **out to NULL, and leave the object it was refused on unchanged
 * (hash, history and text rendering compared before and after:
 * errors_test.h).  The other bad calls: check_errors_null.c,
 * check_errors_buffers.c and check_errors_copy.c; bad text:
 * check_errors_spec.c, check_errors_notation.c, check_errors_record.c.
 */
#include "errors_test.h"

/* =============================================================== range */

START_TEST(range_action_ids)
{
    /* rules §0: every action id is in 0 … num_actions-1 */
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t n, ids[6];
    char buf[64];
    size_t need = 0, i;

    MG_GAME(g, "dots_and_boxes(rows=3,cols=2)");
    n = mg_game_num_actions(g);
    ck_assert_int_eq(n, 2 * 3 * 2 + 3 + 2); /* rules §3.1: 2RC+R+C */
    ids[0] = -1;
    ids[1] = n;
    ids[2] = n + 1;
    ids[3] = INT32_MAX;
    ids[4] = INT32_MIN;
    ids[5] = INT32_MIN + 1;
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 3, 4), 4);
    snap_take(&sn, s);
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        int32_t a = ids[i];
        ck_assert_msg(mg_state_apply(s, a) == MG_ERANGE, "apply(%d)", (int)a);
        ck_assert_msg(mg_state_is_legal(s, a) == 0, "is_legal(%d)", (int)a);
        ck_assert_int_eq(mg_state_action_to_string(s, a, buf, sizeof buf,
                                                    &need),
                         MG_ERANGE);
        ck_assert_int_eq(mg_state_action_to_string(s, a, NULL, 0, &need),
                         MG_ERANGE);
        snap_same(&sn, s, "an out-of-range id");
    }
    /* the ends of the range are fine */
    ck_assert_int_eq(mg_state_action_to_string(s, 0, buf, sizeof buf, &need),
                     MG_OK);
    ck_assert_int_eq(mg_state_action_to_string(s, n - 1, buf, sizeof buf,
                                               &need),
                     MG_OK);
    snap_free(&sn);

    /* the same on a finished game: range is checked, not "game over" */
    ck_assert_int_gt(mg_state_playout(s, 3, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_apply(s, -1), MG_ERANGE);
    ck_assert_int_eq(mg_state_apply(s, n), MG_ERANGE);
    ck_assert_int_eq(mg_state_is_legal(s, n), 0);
    snap_same(&sn, s, "an out-of-range id after the end");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_line_drawn_twice)
{
    /* rules §3.2.1: a move draws one undrawn line */
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t a, b;

    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    a = act(s, "a1-b1");
    b = act(s, "c3-c4");
    ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    ck_assert_int_eq(mg_state_apply(s, b), MG_OK);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_is_legal(s, a), 0);
    ck_assert_int_eq(mg_state_apply(s, a), MG_EILLEGAL);
    snap_same(&sn, s, "drawing a1-b1 twice");
    ck_assert_int_eq(mg_state_apply(s, b), MG_EILLEGAL);
    snap_same(&sn, s, "drawing c3-c4 twice");
    ck_assert_int_eq(mg_state_apply(s, act(s, "b1-a1")), MG_EILLEGAL);
    snap_same(&sn, s, "drawing b1-a1 (= a1-b1)");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Every pre-drawn line is illegal and refused; returns how many. */
static int32_t refuse_predrawn(mg_state *s)
{
    snapshot sn;
    int32_t a, n = mg_game_num_actions(mg_state_game(s)), refused = 0;
    snap_take(&sn, s);
    for (a = 0; a < n; a++) {
        if (mg_state_is_legal(s, a))
            continue;
        ck_assert_int_eq(mg_state_apply(s, a), MG_EILLEGAL);
        refused++;
    }
    snap_same(&sn, s, "drawing a pre-drawn line");
    snap_free(&sn);
    return refused;
}

START_TEST(range_predrawn_border_lines)
{
    /* rules §3.3, §3.4: pre-drawn lines are never legal */
    mg_game *g;
    mg_state *s;
    size_t count = 0;

    MG_GAME(g, "dots_and_boxes(border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a1-b1")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a1-a2")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "e4-e5")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "b2-c2")), 1);
    ck_assert_int_eq(refuse_predrawn(s), 2 * (4 + 4)); /* 2(R+C) */
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count),
                     MG_ENOBUFS);
    ck_assert_uint_eq(count, 24); /* §3.3: 4x4 Swedish has 24 moves */
    mg_state_free(s);
    mg_game_free(g);

    /* §3.3 Icelandic: only the left and bottom border lines */
    MG_GAME(g, "dots_and_boxes(border=icelandic)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a1-b1")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a4-a5")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "e1-e2")), 1);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a5-b5")), 1);
    ck_assert_int_eq(refuse_predrawn(s), 8);
    mg_state_free(s);
    mg_game_free(g);

    /* Swedish on the triangle and hexagon grids (§3.1 border lines) */
    MG_GAME(g, "dots_and_boxes(grid=triangle,size=3,border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(refuse_predrawn(s), 3 * 3);
    mg_state_free(s);
    mg_game_free(g);
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2,border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(refuse_predrawn(s), 12 * 2 - 6);
    mg_state_free(s);
    mg_game_free(g);

    /* §3.3 decided: a 1x1 Swedish board keeps all four sides undrawn */
    MG_GAME(g, "dots_and_boxes(rows=1,cols=1,border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(refuse_predrawn(s), 0);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_apply_after_end)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t a, n;
    size_t count = 99;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2,border=swedish)");
    s = new_state(g);
    ck_assert_int_gt(mg_state_playout(s, 11, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_int_ne(mg_state_winner(s), MG_NOBODY);
    snap_take(&sn, s);
    n = mg_game_num_actions(g);
    for (a = 0; a < n; a++) {
        ck_assert_int_eq(mg_state_is_legal(s, a), 0);
        ck_assert_msg(mg_state_apply(s, a) == MG_EOVER, "apply(%d)", (int)a);
    }
    snap_same(&sn, s, "apply after the end");
    /* nothing legal, and that is not a buffer error */
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count), MG_OK);
    ck_assert_uint_eq(count, 0);
    ck_assert_int_eq(mg_state_playout(s, 5, -1), 0);
    ck_assert_int_eq(mg_state_playout(s, 5, 10), 0);
    snap_same(&sn, s, "playout after the end");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_undo_at_start)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    uint64_t h0;
    int i;

    MG_GAME(g, "dots_and_boxes(border=swedish)");
    s = new_state(g);
    h0 = mg_state_hash(s);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    snap_same(&sn, s, "undo at the start");
    ck_assert_int_eq(mg_state_playout(s, 9, 6), 6);
    for (i = 0; i < 6; i++)
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    ck_assert_uint_eq(mg_state_hash(s), h0);
    snap_same(&sn, s, "undo back past the start");
    /* playout of 0 actions changes nothing either */
    ck_assert_int_eq(mg_state_playout(s, 9, 0), 0);
    snap_same(&sn, s, "playout(0)");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_players_and_groups)
{
    static const int bad[] = {2, -1, 3, MG_NOBODY, MG_DRAW, INT_MAX, INT_MIN};
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t v = 99, ibuf[16];
    size_t count = 99, i;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 5, 7), 7);
    snap_take(&sn, s);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mg_state_score(s, bad[i], &v) == MG_ERANGE,
                      "score(player %d)", bad[i]);
        ck_assert_msg(mg_state_groups(s, bad[i], ibuf, 16, &count) ==
                          MG_ERANGE,
                      "groups(player %d)", bad[i]);
        ck_assert_int_eq(mg_state_groups(s, bad[i], NULL, 0, &count),
                         MG_ERANGE);
    }
    /* Dots and Boxes has no groups (header: MG_EUNSUPPORTED) */
    ck_assert_int_eq(mg_state_groups(s, 0, ibuf, 16, &count),
                     MG_EUNSUPPORTED);
    ck_assert_int_eq(mg_state_groups(s, 1, ibuf, 16, &count),
                     MG_EUNSUPPORTED);
    ck_assert_int_eq(mg_state_groups(s, 0, NULL, 0, &count),
                     MG_EUNSUPPORTED);
    /* valid players still score */
    ck_assert_int_eq(mg_state_score(s, 0, &v), MG_OK);
    ck_assert_int_eq(mg_state_score(s, 1, &v), MG_OK);
    snap_same(&sn, s, "bad players / groups");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_render_format)
{
    static const int bad[] = {0, 3, -1, 4, MG_RENDER_TEXT | MG_RENDER_SVG,
                              INT_MAX, INT_MIN};
    mg_game *g;
    mg_state *s;
    snapshot sn;
    char buf[4096];
    size_t need = 0, i;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=3)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 1, 5), 5);
    snap_take(&sn, s);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mg_state_render(s, bad[i], buf, sizeof buf, &need) ==
                          MG_EINVAL,
                      "render(format %d)", bad[i]);
        ck_assert_msg(mg_state_render(s, bad[i], NULL, 0, &need) == MG_EINVAL,
                      "render(format %d) size query", bad[i]);
    }
    snap_same(&sn, s, "render with a bad format");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_errors_range_suite(void)
{
    Suite *su = suite_create("errors_range");
    TCase *tc;

    tc = tcase_create("range");
    tcase_add_test(tc, range_action_ids);
    tcase_add_test(tc, range_line_drawn_twice);
    tcase_add_test(tc, range_predrawn_border_lines);
    tcase_add_test(tc, range_apply_after_end);
    tcase_add_test(tc, range_undo_at_start);
    tcase_add_test(tc, range_players_and_groups);
    tcase_add_test(tc, range_render_format);
    suite_add_tcase(su, tc);

    return su;
}
