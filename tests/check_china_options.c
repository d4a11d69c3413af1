/*
 * check_china_options.c - the four China games' options and text
 * (doc/rules.md §0, §1.1, §1.3-§1.5, §2.1, §2.3, §2.4; sections cited per
 * test): spec strings, defaults, canonical forms and refusals; games on an
 * explicit board (mg_game_new_with_board); cell names and the notation of
 * actions; records with and without a board section.
 */
#include "china_test.h"

/* ------------------------------------------------------------ options */

static void expect_spec(const char *spec, const char *canonical)
{
    mg_game *g = NULL, *g2 = NULL;
    char buf[256];
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, canonical);
    MG_GAME(g2, buf); /* the canonical spec gives the same game */
    ck_assert_int_eq(mg_game_spec(g2, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, canonical);
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(g)),
                      mg_board_fingerprint(mg_game_board(g2)));
    mg_game_free(g2);
    mg_game_free(g);
}

static void expect_refusal(const char *spec, int code)
{
    mg_game *g = (mg_game *)&g;
    char err[256] = "";
    int rc = mg_game_new(&g, spec, err, sizeof err);
    ck_assert_msg(rc == code, "%s: %d (%s), want %d", spec, rc, err, code);
    ck_assert_ptr_null(g);
    ck_assert_msg(err[0] != '\0', "%s: no message", spec);
}

/* rules §2.3, 2.4 (Options), §0 spec strings; 1.3 and 1.4 refusals that
 * need no Octopuszle board. */
START_TEST(options_labyrinth_and_refusals)
{
    expect_spec("china_tangle",
                "china_tangle(board=1,mode=pattern,order=free)");
    expect_spec("china_grove",
                "china_grove(board=1,mode=pattern,penalty=4,order=free)");
    expect_spec("china_grove()",
                "china_grove(board=1,mode=pattern,penalty=4,order=free)");
    expect_spec(" china_grove ( ORDER = Ascending , penalty=8, Mode=NUMBER ,"
                "board=77 )",
                "china_grove(board=77,mode=number,penalty=8,order=ascending)");
    expect_spec("china_tangle(mode=number,board=18446744073709551615)",
                "china_tangle(board=18446744073709551615,mode=number,"
                "order=free)");
    expect_spec("china_grove(penalty=2)",
                "china_grove(board=1,mode=pattern,penalty=2,order=free)");
    expect_spec("china_grove(penalty=6)",
                "china_grove(board=1,mode=pattern,penalty=6,order=free)");
    /* rules §1.3.6: P in {2, 4, 6, 8} */
    expect_refusal("china_grove(penalty=3)", MG_EVALUE);
    expect_refusal("china_grove(penalty=7)", MG_EVALUE);
    expect_refusal("china_grove(penalty=10)", MG_EVALUE);
    expect_refusal("china_grove(penalty=0)", MG_EVALUE);
    expect_refusal("china_squares(penalty=10)", MG_EVALUE);
    expect_refusal("china_squares(penalty=-4)", MG_EVALUE);
    /* keys that do not apply (§0) */
    expect_refusal("china_squares(mode=number)", MG_EOPTION);
    expect_refusal("china_squares(mode=pattern)", MG_EOPTION);
    expect_refusal("china_tangle(penalty=4)", MG_EOPTION);
    expect_refusal("china_octangle(penalty=4)", MG_EOPTION);
    expect_refusal("china_tangle(size=3)", MG_EOPTION);
    expect_refusal("china_tangle(mode=number,mode=pattern)", MG_EOPTION);
    /* values (§0, 1.5) */
    expect_refusal("china_tangle(order=random)", MG_EVALUE);
    expect_refusal("china_squares(order=random)", MG_EVALUE);
    expect_refusal("china_grove(mode=shape)", MG_EVALUE);
    expect_refusal("china_tangle(board=-1)", MG_EVALUE);
    expect_refusal("china_squares(board=-1)", MG_EVALUE);
    expect_refusal("china_grove(board=x)", MG_EVALUE);
    expect_refusal("china_grove(board=18446744073709551616)", MG_EVALUE);
}
END_TEST

/* rules §1.1 ("or supplied as text"), 2.1: mg_game_new_with_board. */
START_TEST(game_on_explicit_board)
{
    mg_board *b = NULL, *lb = NULL;
    mg_game *g = NULL, *dab = NULL;
    char spec[256], err[256], *text, *text2;
    size_t need = 0;
    china t;
    int rc;

    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_LABYRINTH, 9), MG_OK);
    ck_assert_int_eq(mg_board_format(b, NULL, 0, &need), MG_ENOBUFS);
    text = malloc(need);
    text2 = malloc(need);
    ck_assert_int_eq(mg_board_format(b, text, need, NULL), MG_OK);

    ck_assert_int_eq(
        mg_game_new_with_board(&g, "china_tangle", b, err, sizeof err), MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_tangle(mode=pattern,order=free)");
    ck_assert_ptr_ne(mg_game_board(g), b); /* its own copy */
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(g)),
                      mg_board_fingerprint(b));
    mg_game_free(g);

    ck_assert_int_eq(mg_game_new_with_board(&g,
                                            "china_grove(penalty=6,"
                                            "order=ascending)",
                                            b, err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec,
                     "china_grove(mode=pattern,penalty=6,order=ascending)");
    mg_game_free(g);

    /* refusals; *out is NULL after each */
    g = (mg_game *)&g;
    rc = mg_game_new_with_board(&g, "china_squares", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_EMISMATCH);
    ck_assert_ptr_null(g);
    ck_assert(err[0] != '\0');
    rc = mg_game_new_with_board(&g, "china_octangle(mode=number)", b, err,
                                sizeof err);
    ck_assert_int_eq(rc, MG_EMISMATCH);
    rc = mg_game_new_with_board(&g, "dots_and_boxes", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_EUNSUPPORTED);
    ck_assert_ptr_null(g);
    rc =
        mg_game_new_with_board(&g, "china_tangle(board=9)", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_EOPTION);
    ck_assert_ptr_null(g);
    ck_assert(err[0] != '\0');
    g = (mg_game *)&g;
    rc = mg_game_new_with_board(&g, "china_tangle", NULL, err, sizeof err);
    ck_assert_int_eq(rc, MG_EINVAL);
    ck_assert_ptr_null(g);
    rc = mg_game_new_with_board(&g, "china_grove(penalty=3)", b, err,
                                sizeof err);
    ck_assert_int_eq(rc, MG_EVALUE);
    ck_assert_ptr_null(g);
    rc = mg_game_new_with_board(&g, "china_tangle(penalty=2)", b, err,
                                sizeof err);
    ck_assert_int_eq(rc, MG_EOPTION);
    rc = mg_game_new_with_board(&g, "no_such_game", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_ENOGAME);
    /* games without a board have none */
    MG_GAME(dab, "dots_and_boxes");
    ck_assert_ptr_null(mg_game_board(dab));
    mg_game_free(dab);
    ck_assert_ptr_null(mg_game_board(NULL));

    /* the game keeps its own copy: free the caller's board, then play */
    rc = mg_game_new_with_board(&t.g, "china_grove", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_OK);
    mg_board_free(b);
    b = NULL;
    setup(&t);
    ck_assert_int_eq(mg_board_format(t.b, text2, need, NULL), MG_OK);
    ck_assert_str_eq(text2, text);
    model_game(&t, 99);
    /* and the board seed 9 gives the same game as the explicit copy */
    ck_assert_int_eq(mg_board_generate(&lb, MG_BOARD_LABYRINTH, 9), MG_OK);
    ck_assert_uint_eq(mg_board_fingerprint(lb), mg_board_fingerprint(t.b));
    mg_board_free(lb);
    close_game(&t);
    free(text);
    free(text2);
}
END_TEST

/* rules §1.3 and 1.4 Options (defaults, canonical specs) and 1.1: board=S
 * is the board mg_board_generate(kind, S) returns; refusals needing an
 * Octopuszle board (penalty=3 on China Squares, a Labyrinth game on it). */
START_TEST(options_octopuszle)
{
    mg_game *sq = NULL, *oc = NULL, *g = NULL;
    char spec[256], err[256];
    MG_GAME(sq, "china_squares");
    ck_assert_int_eq(mg_game_spec(sq, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_squares(board=1,penalty=4,order=free)");
    MG_GAME(oc, "china_octangle");
    ck_assert_int_eq(mg_game_spec(oc, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_octangle(board=1,mode=pattern,order=free)");
    ck_assert_int_eq(mg_board_kind(mg_game_board(sq)), MG_BOARD_OCTOPUSZLE);
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(sq)),
                      mg_board_fingerprint(mg_game_board(oc)));

    ck_assert_int_eq(mg_game_new_with_board(&g,
                                            "china_squares(penalty=8,"
                                            "order=ascending)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_squares(penalty=8,order=ascending)");
    mg_game_free(g);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_octangle(mode=number)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_octangle(mode=number,order=free)");
    mg_game_free(g);
    ck_assert_int_eq(
        mg_game_new(&g, "china_squares(penalty=3)", err, sizeof err),
        MG_EVALUE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_squares(penalty=3)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_EVALUE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_squares(mode=number)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_EOPTION);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_tangle",
                                            mg_game_board(sq), err, sizeof err),
                     MG_EMISMATCH);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_grove(penalty=4)",
                                            mg_game_board(oc), err, sizeof err),
                     MG_EMISMATCH);
    ck_assert_ptr_null(g);
    mg_game_free(oc);
    mg_game_free(sq);
}
END_TEST

/* ------------------------------------------------------------ notation */

static void expect_parse_error(const china *t, const char *text, int code)
{
    char err[256] = "";
    int32_t a = 4242;
    int rc = mg_state_action_from_string(t->s, text, &a, err, sizeof err);
    ck_assert_msg(rc == code, "\"%s\": %d (%s), want %d", text, rc, err, code);
    ck_assert_msg(err[0] != '\0', "\"%s\": no message", text);
    ck_assert_int_eq(a, 4242);
}

/* rules §0 (names, "#index", case) and 1.5 (ids, "done", "swap"); bad
 * text refused with MG_ESYNTAX / MG_ERANGE and a message. */
START_TEST(notation)
{
    china t;
    int32_t a = -1, bx, by, x, y, maxx = 0, maxy = 0, i;
    char buf[32], col[16], name[48];
    open_spec(&t, "china_tangle(board=12)");
    check_names(&t);
    ck_assert_int_eq(mg_state_action_from_string(t.s, "done", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.n);
    ck_assert_int_eq(mg_state_action_from_string(t.s, " DONE ", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.done);
    ck_assert_int_eq(mg_state_action_from_string(t.s, "swap", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.n + 1);
    ck_assert_int_eq(mg_state_action_from_string(t.s, "Swap", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.swap);
    ck_assert_int_eq(
        mg_state_action_to_string(t.s, t.n + 2, buf, sizeof buf, NULL),
        MG_ERANGE);
    expect_parse_error(&t, "", MG_ESYNTAX);
    expect_parse_error(&t, "   ", MG_ESYNTAX);
    expect_parse_error(&t, "f", MG_ESYNTAX);
    expect_parse_error(&t, "7f", MG_ESYNTAX);
    expect_parse_error(&t, "f7x", MG_ESYNTAX);
    expect_parse_error(&t, "a0", MG_ESYNTAX);
    expect_parse_error(&t, "dome", MG_ESYNTAX);
    expect_parse_error(&t, "done swap", MG_ESYNTAX);
    expect_parse_error(&t, "#", MG_ESYNTAX);
    expect_parse_error(&t, "#x", MG_ESYNTAX);
    expect_parse_error(&t, "#-1", MG_ESYNTAX);
    expect_parse_error(&t, "#63", MG_ERANGE);
    expect_parse_error(&t, "#99999999999", MG_ERANGE);
    expect_parse_error(&t, "zzz1", MG_ERANGE);
    expect_parse_error(&t, "a9999", MG_ERANGE);
    /* a name inside the frame where there is no playing cell */
    for (i = 0; i < t.n; i++) {
        mg_board_cell_position(t.b, i, &x, &y);
        maxx = x > maxx ? x : maxx;
        maxy = y > maxy ? y : maxy;
    }
    for (y = 0, i = 0; y <= maxy && !i; y++)
        for (x = 0; x <= maxx && !i; x++)
            if (mg_board_cell_at(t.b, x, y) < 0) {
                column_name(x, col);
                snprintf(name, sizeof name, "%s%d", col, (int)y + 1);
                expect_parse_error(&t, name, MG_ERANGE);
                i = 1;
            }
    ck_assert_int_eq(i, 1);
    /* the blank is no playing cell */
    ck_assert_int_eq(mg_board_blank_position(t.b, &bx, &by), MG_OK);
    if (bx >= 0 && by >= 0) {
        column_name(bx, col);
        snprintf(name, sizeof name, "%s%d", col, (int)by + 1);
        expect_parse_error(&t, name, MG_ERANGE);
    }
    close_game(&t);
}
END_TEST

/* ------------------------------------------------------------- records */

static char *save(const mg_state *s)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_state_save(s, NULL, 0, &need), MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_int_eq(mg_state_save(s, buf, need, NULL), MG_OK);
    ck_assert_uint_eq(strlen(buf) + 1, need);
    return buf;
}

static char *board_text(const mg_board *b)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_board_format(b, NULL, 0, &need), MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_int_eq(mg_board_format(b, buf, need, NULL), MG_OK);
    return buf;
}

static void check_reload(const china *t, const char *rec)
{
    mg_state *s2 = NULL;
    mg_game *g2 = NULL;
    char err[256] = "", s1[256], s2s[256];
    int32_t h1[2 * MAXN + 8], h2[2 * MAXN + 8];
    size_t n1 = 0, n2 = 0;
    int rc = mg_state_load(&s2, &g2, rec, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "load: %d %s", rc, err);
    ck_assert_uint_eq(mg_state_hash(s2), mg_state_hash(t->s));
    ck_assert_int_eq(mg_state_current_player(s2), player(t));
    ck_assert_int_eq(mg_game_spec(t->g, s1, sizeof s1, NULL), MG_OK);
    ck_assert_int_eq(mg_game_spec(g2, s2s, sizeof s2s, NULL), MG_OK);
    ck_assert_str_eq(s1, s2s);
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(g2)),
                      mg_board_fingerprint(t->b));
    ck_assert_int_eq(mg_state_history(t->s, h1, 2 * MAXN + 8, &n1), MG_OK);
    ck_assert_int_eq(mg_state_history(s2, h2, 2 * MAXN + 8, &n2), MG_OK);
    ck_assert_uint_eq(n1, n2);
    ck_assert(!memcmp(h1, h2, n1 * sizeof *h1));
    mg_state_free(s2);
    mg_game_free(g2);
}

/* Records (mindgames(7)): a game on an explicit board (rules §1.1 "or
 * supplied as text") carries the board and replays to the same hash; a
 * seeded game's record names its seed and has no board section.  The
 * actions are in the notation of 1.5, `swap` included. */
START_TEST(records)
{
    mg_board *b = NULL;
    china t;
    char *rec, *bt, *p, want[512];
    int32_t cells[MAXN];
    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_LABYRINTH, 11), MG_OK);
    bt = board_text(b);
    open_board(&t, "china_grove(penalty=6)", b);
    mg_board_free(b);
    ck_assert_int_gt(legal_cells(&t, cells), 0);
    act(&t, cells[0]);
    act(&t, t.done);
    act(&t, t.swap);
    ck_assert_int_gt(mg_state_playout(t.s, 5, 12), 0);
    rec = save(t.s);
    snprintf(want, sizeof want,
             "mindgames-record 1\ngame china_grove("
             "mode=pattern,penalty=6,order=free)\nboard\n");
    ck_assert_msg(!strncmp(rec, want, strlen(want)), "record:\n%s", rec);
    p = rec + strlen(want);
    ck_assert_msg(!strncmp(p, bt, strlen(bt)), "board text:\n%s", rec);
    p += strlen(bt);
    ck_assert_msg(!strncmp(p, "actions ", 8), "record:\n%s", rec);
    ck_assert_ptr_nonnull(strstr(p, " swap"));
    check_reload(&t, rec);
    free(rec);
    /* the finished game too */
    ck_assert_int_ge(mg_state_playout(t.s, 6, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(t.s), 1);
    rec = save(t.s);
    check_reload(&t, rec);
    free(rec);
    close_game(&t);
    free(bt);

    open_spec(&t, "china_tangle(board=11,mode=number)");
    ck_assert_int_gt(mg_state_playout(t.s, 8, 30), 0);
    rec = save(t.s);
    ck_assert_msg(!strncmp(rec,
                           "mindgames-record 1\ngame china_tangle("
                           "board=11,mode=number,order=free)\nactions ",
                           strlen("mindgames-record 1\ngame china_tangle("
                                  "board=11,mode=number,order=free)\n"
                                  "actions ")),
                  "record:\n%s", rec);
    ck_assert_ptr_null(strstr(rec, "\nboard"));
    ck_assert_ptr_null(strstr(rec, "mindgames-board"));
    check_reload(&t, rec);
    free(rec);
    close_game(&t);
}
END_TEST

Suite *mg_china_options_suite(void)
{
    Suite *s = suite_create("china_options");
    TCase *opts = tcase_create("options");
    TCase *rules = tcase_create("rules");
    TCase *octo = tcase_create("octopuszle");
    tcase_add_test(opts, options_labyrinth_and_refusals);
    tcase_add_test(opts, game_on_explicit_board);
    tcase_add_test(rules, notation);
    tcase_add_test(rules, records);
    tcase_add_test(octo, options_octopuszle);
    tcase_set_timeout(rules, 60);
    tcase_set_timeout(octo, 600);
    suite_add_tcase(s, opts);
    suite_add_tcase(s, rules);
    suite_add_tcase(s, octo);
    return s;
}
