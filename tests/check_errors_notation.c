/*
 * check_errors_notation.c - bad notation: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * mg_state_action_from_string (doc/rules.md §0 "Cells and names", §3.4):
 * malformed names, names off the board, huge numbers, overlong text, the
 * forms that are accepted, and random bytes.
 *
 * Every refused notation must give the exact documented code, never crash,
 * leave *action and the state it was parsed on unchanged, and write a
 * one-line ASCII message into `err, errcap` that names the offending part
 * and is always NUL-terminated and cut to fit (errors_test.h: text_fails).
 * The other text: check_errors_spec.c and check_errors_record.c.
 */
#include "errors_test.h"
#include "test_rng.h"

/* ------------------------------------------------------------ helpers */

static int call_parse(const void *ctx, const char *text, char *err,
                      size_t errcap)
{
    int32_t a = 12345;
    int rc = mg_state_action_from_string(ctx, text, &a, err, errcap);
    if (rc != MG_OK)
        ck_assert_msg(a == 12345, "failed parse (%d) changed *action to %d",
                      rc, (int)a);
    else
        ck_assert(a >= 0 && a < mg_game_num_actions(mg_state_game(ctx)));
    return rc;
}

/* Notation refused on s, and s unchanged by the refusal. */
static void notation_fails(const mg_state *s, const char *text, int code,
                           const char *needle)
{
    snapshot sn;
    snap_take(&sn, s);
    text_fails(call_parse, s, "mg_state_action_from_string", text, code,
               needle);
    snap_same(&sn, s, "a refused parse");
    snap_free(&sn);
}

/* ============================================================ notation */

START_TEST(notation_malformed)
{
    /* rules §3.4: a line is two dots `a1-b1`; §0: names are letters then
     * a row number without leading zeros, or `#index` */
    mg_game *g;
    mg_state *s;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 8, 3), 3);
    notation_fails(s, "", MG_ESYNTAX, "empty");
    notation_fails(s, "   ", MG_ESYNTAX, "empty");
    notation_fails(s, "\t \t", MG_ESYNTAX, "empty");
    notation_fails(s, "a1", MG_ESYNTAX, "'a1'");
    notation_fails(s, "a1-", MG_ESYNTAX, "'a1-'");
    notation_fails(s, "-b1", MG_ESYNTAX, "'-b1'");
    notation_fails(s, "-", MG_ESYNTAX, "'-'");
    notation_fails(s, "a1--b1", MG_ESYNTAX, "'a1--b1'");
    notation_fails(s, "a1-b1-c1", MG_ESYNTAX, "'a1-b1-c1'");
    notation_fails(s, "a0-b1", MG_ESYNTAX, "'a0'");
    notation_fails(s, "a1-b0", MG_ESYNTAX, "'b0'");
    notation_fails(s, "a01-b1", MG_ESYNTAX, "'a01'");
    notation_fails(s, "1a-b1", MG_ESYNTAX, "'1a'");
    notation_fails(s, "a-b1", MG_ESYNTAX, "'a'");
    notation_fails(s, "a1-b1x", MG_ESYNTAX, "'b1x'");
    notation_fails(s, "a 1-b1", MG_ESYNTAX, "'a 1'");
    notation_fails(s, "a1 b1", MG_ESYNTAX, "'a1 b1'");
    notation_fails(s, "#-#1", MG_ESYNTAX, "'#'");
    notation_fails(s, "#1-#", MG_ESYNTAX, "'#'");
    notation_fails(s, "#a-#1", MG_ESYNTAX, "'#a'");
    notation_fails(s, "#-1-#1", MG_ESYNTAX, NULL);
    notation_fails(s, "a1-b\xc3\xa9", MG_ESYNTAX, "'b\?\?'");
    notation_fails(s, "\xff\xfe-a1", MG_ESYNTAX, "'\?\?'");
    notation_fails(s, "a1-\x01", MG_ESYNTAX, "'?'");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_out_of_range)
{
    /* well-formed names that name no dot or no line: MG_ERANGE */
    mg_game *g;
    mg_state *s;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    notation_fails(s, "a1-a1", MG_ERANGE, "a1");
    notation_fails(s, "#0-a1", MG_ERANGE, "a1");
    notation_fails(s, "a1-c1", MG_ERANGE, "c1");
    notation_fails(s, "a1-b2", MG_ERANGE, "b2");
    notation_fails(s, "z99-a1", MG_ERANGE, "z99");
    notation_fails(s, "a1-f1", MG_ERANGE, "f1");
    notation_fails(s, "a6-a5", MG_ERANGE, "a6");
    notation_fails(s, "#999-#1", MG_ERANGE, "#999");
    notation_fails(s, "#0-#25", MG_ERANGE, "#25");
    mg_state_free(s);
    mg_game_free(g);

    /* hexagon grid: dots only where the honeycomb has them */
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2)");
    s = new_state(g);
    notation_fails(s, "a1-b1", MG_ERANGE, "a1");
    notation_fails(s, "#24-#1", MG_ERANGE, "#24"); /* 6n^2 = 24 dots */
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_huge_numbers)
{
    /* Well-formed names far outside the board ("a1000001", five letters,
     * "#999999999", twenty digits) name no dot: MG_ERANGE, not a syntax
     * error, and no overflow on the way. */
    mg_game *g;
    mg_state *s;
    char err[128];
    int32_t a = 12345;
    static const char *const huge[] = {"a1000001-b1", "aaaaa1-b1",
                                       "#999999999-#1",
                                       "a99999999999999999999-b1"};
    size_t i;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    for (i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        int rc = mg_state_action_from_string(s, huge[i], &a, err, sizeof err);
        ck_assert_msg(rc == MG_ERANGE, "%s: %d", huge[i], rc);
        ck_assert_int_eq(a, 12345);
        ck_assert_uint_gt(check_msg(err, sizeof err), 0);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_overlong)
{
    mg_game *g;
    mg_state *s;
    char text[301];
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    memset(text, 'a', 300);
    text[300] = '\0';
    notation_fails(s, text, MG_ESYNTAX, "longer");
    memcpy(text, "a1-", 3); /* "a1-bbbb…" */
    memset(text + 3, 'b', 297);
    notation_fails(s, text, MG_ESYNTAX, NULL);
    memset(text, '#', 300);
    notation_fails(s, text, MG_ESYNTAX, NULL);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_accepted_forms)
{
    /* rules §0: parsers accept any case and `#index`; §3.4: either order;
     * header: surrounding spaces ignored */
    static const char *const same[] = {"a1-b1", "A1-B1", "a1-B1", "b1-a1",
                                       "B1-A1", "#0-#1", "#1-#0", "#0-b1",
                                       "a1-#1", "  a1-b1  ", "\ta1-b1\t",
                                       "a1-b1\n", "a1-b1\r\n"};
    mg_game *g;
    mg_state *s;
    size_t i;
    char name[16];
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    /* §3.4: lines sorted by first dot, then second: a1-b1 is line 0 */
    ck_assert_int_eq(act(s, "a1-b1"), 0);
    for (i = 0; i < sizeof same / sizeof same[0]; i++)
        ck_assert_msg(act(s, same[i]) == 0, "'%s'", same[i]);
    ck_assert_int_eq(act(s, "a1-a2"), act(s, "#0-#5"));
    ck_assert_int_eq(act(s, "E5-D5"), mg_game_num_actions(g) - 1);
    /* the printer emits the canonical lower-case form */
    ck_assert_int_eq(mg_state_action_to_string(s, act(s, "B1-A1"), name,
                                               sizeof name, NULL),
                     MG_OK);
    ck_assert_str_eq(name, "a1-b1");
    mg_state_free(s);
    mg_game_free(g);

    /* a pre-drawn line still parses (its id is returned whether or not it
     * is legal), but is not legal (rules §3.3) */
    MG_GAME(g, "dots_and_boxes(border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(act(s, "a1-b1"), 0);
    ck_assert_int_eq(mg_state_is_legal(s, 0), 0);
    ck_assert_int_eq(mg_state_apply(s, 0), MG_EILLEGAL);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_random_bytes)
{
    static const char alphabet[] = "abcdezABZ0123456789#-- \t";
    static const size_t caps[] = {1, 2, 8, 64, 256};
    static const int codes[] = {MG_ESYNTAX, MG_ERANGE};
    mg_game *g;
    mg_state *s;
    snapshot sn;
    uint64_t rng = 0x5eed0002;
    char text[64], err[300], back[32];
    int i, ok = 0;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 2, 6), 6);
    snap_take(&sn, s);
    for (i = 0; i < 2000; i++) {
        size_t n = mg_test_rand_below(&rng, 12), k;
        size_t cap = caps[mg_test_rand_below(&rng, 5)];
        int32_t a = 12345;
        int rc;
        if (i % 3 == 2) {
            /* two random dot names (or indices) on or near the board */
            n = 0;
            for (k = 0; k < 2; k++) {
                if (k)
                    text[n++] = '-';
                if (mg_test_rand_below(&rng, 4) == 0) {
                    n +=
                        (size_t)sprintf(text + n, "#%u",
                                        (unsigned)mg_test_rand_below(&rng, 30));
                } else {
                    text[n++] = "abcdefABCDEF"[mg_test_rand_below(&rng, 12)];
                    n += (size_t)sprintf(text + n, "%u",
                                         (unsigned)mg_test_rand_below(&rng, 7));
                }
            }
        } else {
            for (k = 0; k < n; k++)
                text[k] = (i % 3) ? alphabet[mg_test_rand_below(
                                        &rng, sizeof alphabet - 1)]
                                  : (char)(1 + mg_test_rand_below(&rng, 255));
        }
        text[n] = '\0';
        memset(err, CANARY, sizeof err);
        rc = mg_state_action_from_string(s, text, &a, err, cap);
        check_msg(err, cap);
        check_untouched(err, cap, sizeof err, "notation err");
        if (rc == MG_OK) {
            int32_t b = -1;
            ok++;
            ck_assert(a >= 0 && a < mg_game_num_actions(g));
            /* round trip through the printer */
            ck_assert_int_eq(mg_state_action_to_string(s, a, back,
                                                       sizeof back, NULL),
                             MG_OK);
            ck_assert_int_eq(mg_state_action_from_string(s, back, &b, NULL,
                                                         0),
                             MG_OK);
            ck_assert_int_eq(a, b);
        } else {
            ck_assert_msg(is_code(rc, codes, 2), "'%s': code %d", text, rc);
            ck_assert_int_eq(a, 12345);
            if (cap > 1)
                ck_assert_msg(err[0] != '\0', "'%s': empty message", text);
        }
    }
    ck_assert_int_gt(ok, 0);
    snap_same(&sn, s, "random notation");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_errors_notation_suite(void)
{
    Suite *su = suite_create("errors_notation");
    TCase *tc;

    tc = tcase_create("notation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, notation_malformed);
    tcase_add_test(tc, notation_out_of_range);
    tcase_add_test(tc, notation_huge_numbers);
    tcase_add_test(tc, notation_overlong);
    tcase_add_test(tc, notation_accepted_forms);
    tcase_add_test(tc, notation_random_bytes);
    suite_add_tcase(su, tc);

    return su;
}
