/*
 * check_errors_copy.c - bad copies: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * mg_state_copy between states of different games, of games with the same
 * spec, and onto itself.
 *
 * Every refused call must return the exact documented code, never crash,
 * set **out to NULL, and leave the object it was refused on unchanged
 * (hash, history and text rendering compared before and after:
 * errors_test.h).  The other bad calls: check_errors_null.c,
 * check_errors_range.c and check_errors_buffers.c; bad text:
 * check_errors_spec.c, check_errors_notation.c, check_errors_record.c.
 */
#include "errors_test.h"

/* ================================================================ copy */

/* dst is an exact copy of src. */
static void same_state(const mg_state *dst, const mg_state *src)
{
    snapshot a;
    snap_take(&a, src);
    snap_same(&a, dst, "mg_state_copy");
    snap_free(&a);
    ck_assert_ptr_eq(mg_state_game(dst), mg_state_game(src));
    ck_assert_int_eq(mg_state_winner(dst), mg_state_winner(src));
}

START_TEST(copy_between_games)
{
    mg_game *g2, *g3, *gt;
    mg_state *a, *b, *c, *fresh;
    snapshot sb;
    int32_t s0, s1;

    MG_GAME(g2, "dots_and_boxes(rows=2,cols=2)");
    MG_GAME(g3, "dots_and_boxes(rows=3,cols=3)");
    a = new_state(g2);
    b = new_state(g3);
    ck_assert_int_eq(mg_state_playout(a, 1, 5), 5);
    ck_assert_int_eq(mg_state_playout(b, 2, 11), 11);
    snap_take(&sb, b);

    /* small := big: dst grows to the 3x3 game, src untouched */
    ck_assert_int_eq(mg_state_copy(a, b), MG_OK);
    same_state(a, b);
    snap_same(&sb, b, "being copied from");
    /* dst is a working state of the 3x3 game: finish it, then undo all */
    ck_assert_int_gt(mg_state_playout(a, 3, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(a), 1);
    ck_assert_int_eq(mg_state_score(a, 0, &s0), MG_OK);
    ck_assert_int_eq(mg_state_score(a, 1, &s1), MG_OK);
    ck_assert_int_eq(s0 + s1, 9);
    while (mg_state_undo(a) == MG_OK)
        ;
    fresh = new_state(g3);
    ck_assert_uint_eq(mg_state_hash(a), mg_state_hash(fresh));
    mg_state_free(fresh);
    snap_same(&sb, b, "playing on the copy");
    snap_free(&sb);

    /* big := small: dst shrinks to the 2x2 game */
    c = new_state(g2);
    ck_assert_int_eq(mg_state_playout(c, 4, 7), 7);
    ck_assert_int_eq(mg_state_copy(b, c), MG_OK);
    same_state(b, c);
    ck_assert_int_eq(mg_game_num_actions(mg_state_game(b)), 12);

    /* a different grid and state size altogether */
    MG_GAME(gt, "dots_and_boxes(grid=hexagon,size=2,border=swedish)");
    fresh = new_state(gt);
    ck_assert_int_eq(mg_state_playout(fresh, 5, 4), 4);
    ck_assert_int_eq(mg_state_copy(c, fresh), MG_OK);
    same_state(c, fresh);
    ck_assert_int_eq(mg_state_copy(fresh, a), MG_OK); /* and back */
    same_state(fresh, a);

    mg_state_free(fresh);
    mg_state_free(a);
    mg_state_free(b);
    mg_state_free(c);
    mg_game_free(gt);
    mg_game_free(g2);
    mg_game_free(g3);
}
END_TEST

START_TEST(copy_same_spec_other_game)
{
    /* two game objects of one spec, and a finished game over a fresh one */
    mg_game *g, *h;
    mg_state *a, *b;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=3,misere=true)");
    MG_GAME(h, "dots_and_boxes(misere=true,cols=3,rows=2)");
    a = new_state(g);
    b = new_state(h);
    ck_assert_int_gt(mg_state_playout(a, 6, -1), 0);
    ck_assert_int_eq(mg_state_copy(b, a), MG_OK);
    same_state(b, a);
    ck_assert_int_eq(mg_state_apply(b, 0), MG_EOVER);
    mg_state_free(a);
    mg_state_free(b);
    mg_game_free(g);
    mg_game_free(h);
}
END_TEST

START_TEST(copy_onto_itself)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 12, 9), 9);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_copy(s, s), MG_OK);
    snap_same(&sn, s, "copy onto itself");
    ck_assert_int_eq(mg_state_copy(s, NULL), MG_EINVAL);
    snap_same(&sn, s, "a refused copy");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_errors_copy_suite(void)
{
    Suite *su = suite_create("errors_copy");
    TCase *tc;

    tc = tcase_create("copy");
    tcase_add_test(tc, copy_between_games);
    tcase_add_test(tc, copy_same_spec_other_game);
    tcase_add_test(tc, copy_onto_itself);
    suite_add_tcase(su, tc);

    return su;
}
