/*
 * check_errors_calls.c - bad calls everywhere: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * everything but text input (check_errors_text.c has that).
 *
 * Every refused call must return the exact documented code, never crash,
 * set **out to NULL, and leave the object it was refused on unchanged
 * (hash, history and text rendering compared before and after).
 *
 * Groups:
 *   null      NULL pointers to every public function, *_free(NULL)
 *   range     out-of-range ids, illegal actions, game over, nothing to undo,
 *             bad players and render formats
 *   buffers   size queries and too-small buffers for every buffer function
 *   copy      mg_state_copy between states of different games
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

Suite *mg_errors_calls_suite(void)
{
    Suite *su = suite_create("errors_calls");
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

    tc = tcase_create("range");
    tcase_add_test(tc, range_action_ids);
    tcase_add_test(tc, range_line_drawn_twice);
    tcase_add_test(tc, range_predrawn_border_lines);
    tcase_add_test(tc, range_apply_after_end);
    tcase_add_test(tc, range_undo_at_start);
    tcase_add_test(tc, range_players_and_groups);
    tcase_add_test(tc, range_render_format);
    suite_add_tcase(su, tc);

    tc = tcase_create("buffers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, buffers_strings);
    tcase_add_test(tc, buffers_strings_extreme_boards);
    tcase_add_test(tc, buffers_legal_actions);
    tcase_add_test(tc, buffers_history);
    suite_add_tcase(su, tc);

    tc = tcase_create("copy");
    tcase_add_test(tc, copy_between_games);
    tcase_add_test(tc, copy_same_spec_other_game);
    tcase_add_test(tc, copy_onto_itself);
    suite_add_tcase(su, tc);

    return su;
}
