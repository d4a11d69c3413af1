/*
 * check_errors_buffers.c - buffers too small: the error contract of
 * include/mindgames.h ("Conventions used by every function below",
 * "Buffers") for every function that fills a buffer: size queries, buffers
 * one byte short, of one byte, NULL with a size, on ordinary and extreme
 * boards; the legal actions and the history alike.
 *
 * Every refused call must return the exact documented code, never crash,
 * set **out to NULL, and leave the object it was refused on unchanged
 * (hash, history and text rendering compared before and after:
 * errors_test.h).  The other bad calls: check_errors_null.c,
 * check_errors_range.c and check_errors_copy.c; bad text:
 * check_errors_spec.c, check_errors_notation.c, check_errors_record.c.
 */
#include "errors_test.h"

/* ---------------------------------------------- strings out of buffers */

/* Header "Buffers": size query, cap = needed - 1, cap = 1, cap = needed,
 * buf NULL with cap > 0, needed NULL. */
static void check_string_buffer(str_fn f, const void *obj, int arg,
                                const char *what)
{
    size_t need = 0, n2 = 0, i;
    char *full, *buf;
    int rc;

    rc = f(obj, arg, NULL, 0, &need);
    ck_assert_msg(rc == MG_ENOBUFS, "%s: size query gave %d", what, rc);
    ck_assert_msg(need >= 2, "%s: needed %lu for a non-empty string", what,
                  (unsigned long)need);

    full = malloc(need + 16);
    buf = malloc(need + 16);
    ck_assert_ptr_nonnull(full);
    ck_assert_ptr_nonnull(buf);

    /* cap == needed: the whole string, NUL included, nothing beyond */
    memset(full, CANARY, need + 16);
    n2 = 0;
    rc = f(obj, arg, full, need, &n2);
    ck_assert_msg(rc == MG_OK, "%s: cap == needed gave %d", what, rc);
    ck_assert_uint_eq(n2, need);
    ck_assert_msg(strlen(full) + 1 == need, "%s: strlen %lu + 1 != %lu", what,
                  (unsigned long)strlen(full), (unsigned long)need);
    check_untouched(full, need, need + 16, what);

    /* cap == needed - 1: refused, empty string, size still stored */
    memset(buf, CANARY, need + 16);
    n2 = 0;
    rc = f(obj, arg, buf, need - 1, &n2);
    ck_assert_msg(rc == MG_ENOBUFS, "%s: cap == needed-1 gave %d", what, rc);
    ck_assert_uint_eq(n2, need);
    ck_assert_msg(buf[0] == '\0', "%s: partial result left in buf", what);
    check_untouched(buf, need - 1, need + 16, what);

    /* cap == 1: only room for the NUL */
    memset(buf, CANARY, need + 16);
    n2 = 0;
    ck_assert_int_eq(f(obj, arg, buf, 1, &n2), MG_ENOBUFS);
    ck_assert_uint_eq(n2, need);
    ck_assert(buf[0] == '\0');
    check_untouched(buf, 1, need + 16, what);

    /* a larger buffer gives the same string and size */
    {
        char *big = malloc(need + 100);
        ck_assert_ptr_nonnull(big);
        n2 = 0;
        ck_assert_int_eq(f(obj, arg, big, need + 100, &n2), MG_OK);
        ck_assert_uint_eq(n2, need);
        ck_assert_str_eq(big, full);
        /* needed is optional (check_spec.c passes NULL too) */
        ck_assert_int_eq(f(obj, arg, big, need + 100, NULL), MG_OK);
        ck_assert_str_eq(big, full);
        free(big);
    }

    /* buf NULL with cap > 0 is MG_EINVAL */
    for (i = 1; i <= need + 1; i += need) {
        rc = f(obj, arg, NULL, i, &n2);
        ck_assert_msg(rc == MG_EINVAL, "%s: NULL buf, cap %lu gave %d", what,
                      (unsigned long)i, rc);
    }
    free(full);
    free(buf);
}

/* ============================================================= buffers */

/* Every string-returning function of one game/state. */
static void check_all_strings(const mg_game *g, const mg_state *s)
{
    snapshot sn;
    int32_t n = mg_game_num_actions(g);
    snap_take(&sn, s);
    check_string_buffer(fn_spec, g, 0, "mg_game_spec");
    check_string_buffer(fn_render, s, MG_RENDER_TEXT, "render text");
    check_string_buffer(fn_render, s, MG_RENDER_SVG, "render svg");
    check_string_buffer(fn_save, s, 0, "mg_state_save");
    check_string_buffer(fn_action, s, 0, "action_to_string(0)");
    check_string_buffer(fn_action, s, n / 2, "action_to_string(n/2)");
    check_string_buffer(fn_action, s, n - 1, "action_to_string(n-1)");
    snap_same(&sn, s, "string buffer calls");
    snap_free(&sn);
}

START_TEST(buffers_strings)
{
    mg_game *g;
    mg_state *s;

    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    check_all_strings(g, s); /* start: empty history */
    ck_assert_int_eq(mg_state_playout(s, 21, 13), 13);
    check_all_strings(g, s); /* the record spans two action lines */
    ck_assert_int_gt(mg_state_playout(s, 21, -1), 0);
    check_all_strings(g, s); /* the end: "game over" status */
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(buffers_strings_extreme_boards)
{
    /* the smallest and largest boards of every grid (rules §3.1 ranges) */
    static const char *const specs[] = {
        "dots_and_boxes(rows=1,cols=1)",
        "dots_and_boxes(rows=1,cols=1,border=swedish)",
        "dots_and_boxes(rows=32,cols=32,border=icelandic)",
        "dots_and_boxes(rows=1,cols=32)",
        "dots_and_boxes(rows=32,cols=1,misere=true)",
        "dots_and_boxes(grid=triangle,size=1)",
        "dots_and_boxes(grid=triangle,size=16)",
        "dots_and_boxes(grid=triangle,size=1,shape=hexagon,border=swedish)",
        "dots_and_boxes(grid=triangle,size=16,shape=hexagon)",
        "dots_and_boxes(grid=hexagon,size=1,border=swedish)",
        "dots_and_boxes(grid=hexagon,size=16)",
    };
    size_t i;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        mg_game *g;
        mg_state *s;
        MG_GAME(g, specs[i]);
        s = new_state(g);
        check_all_strings(g, s);
        mg_state_playout(s, 1000 + i, mg_game_num_actions(g) / 2);
        check_all_strings(g, s);
        ck_assert_int_ge(mg_state_playout(s, 2000 + i, -1), 0);
        ck_assert_int_eq(mg_state_is_terminal(s), 1);
        check_all_strings(g, s);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

START_TEST(buffers_legal_actions)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t *buf, max;
    size_t count, cap, i;

    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    max = mg_game_max_legal_actions(g);
    ck_assert_int_eq(max, 40);
    buf = malloc((size_t)(max + 8) * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    snap_take(&sn, s);

    /* size query */
    count = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 40);
    /* every short cap: MG_ENOBUFS, count set, buf not written */
    for (cap = 1; cap < 40; cap++) {
        for (i = 0; i < (size_t)max + 8; i++)
            buf[i] = -7;
        count = 0;
        ck_assert_int_eq(mg_state_legal_actions(s, buf, cap, &count),
                         MG_ENOBUFS);
        ck_assert_uint_eq(count, 40);
        for (i = 0; i < (size_t)max + 8; i++)
            MG_REQUIRE(buf[i] == -7, "cap %lu: buf[%lu] written",
                       (unsigned long)cap, (unsigned long)i);
    }
    /* cap == count: all of them, ascending, nothing beyond */
    for (i = 0; i < (size_t)max + 8; i++)
        buf[i] = -7;
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 40, &count), MG_OK);
    ck_assert_uint_eq(count, 40);
    for (i = 0; i < 40; i++)
        ck_assert_int_eq(buf[i], (int32_t)i);
    for (i = 40; i < (size_t)max + 8; i++)
        ck_assert_int_eq(buf[i], -7);
    snap_same(&sn, s, "legal_actions");
    snap_free(&sn);

    /* after 10 moves: exactly 30 fit, 29 do not */
    ck_assert_int_eq(mg_state_playout(s, 4, 10), 10);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 30);
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 29, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 30);
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 30, &count), MG_OK);
    ck_assert_uint_eq(count, 30);
    for (i = 0; i < 30; i++) {
        ck_assert_int_eq(mg_state_is_legal(s, buf[i]), 1);
        if (i)
            ck_assert_int_lt(buf[i - 1], buf[i]);
    }
    ck_assert_int_eq(mg_state_legal_actions(s, buf, SIZE_MAX, &count),
                     MG_OK);
    ck_assert_uint_eq(count, 30);
    snap_same(&sn, s, "legal_actions after moves");
    snap_free(&sn);
    free(buf);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(buffers_history)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t buf[16], played[5];
    size_t count = 99, i;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    s = new_state(g);
    /* empty history: the size query succeeds with 0 */
    ck_assert_int_eq(mg_state_history(s, NULL, 0, &count), MG_OK);
    ck_assert_uint_eq(count, 0);
    played[0] = act(s, "a1-b1");
    played[1] = act(s, "c3-b3");
    played[2] = act(s, "#4-#5");
    played[3] = act(s, "a2-a3");
    played[4] = act(s, "C1-C2");
    for (i = 0; i < 5; i++)
        ck_assert_int_eq(mg_state_apply(s, played[i]), MG_OK);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_history(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 5);
    for (i = 0; i < 16; i++)
        buf[i] = -7;
    count = 0;
    ck_assert_int_eq(mg_state_history(s, buf, 4, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 5);
    for (i = 0; i < 16; i++)
        ck_assert_int_eq(buf[i], -7);
    ck_assert_int_eq(mg_state_history(s, buf, 5, &count), MG_OK);
    ck_assert_uint_eq(count, 5);
    for (i = 0; i < 5; i++)
        ck_assert_int_eq(buf[i], played[i]);
    for (i = 5; i < 16; i++)
        ck_assert_int_eq(buf[i], -7);
    snap_same(&sn, s, "history");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_errors_buffers_suite(void)
{
    Suite *su = suite_create("errors_buffers");
    TCase *tc;

    tc = tcase_create("buffers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, buffers_strings);
    tcase_add_test(tc, buffers_strings_extreme_boards);
    tcase_add_test(tc, buffers_legal_actions);
    tcase_add_test(tc, buffers_history);
    suite_add_tcase(su, tc);

    return su;
}
