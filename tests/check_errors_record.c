/*
 * check_errors_record.c - bad records: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * mg_state_load: malformed headers, game lines, counts and actions, an
 * action after the end, the variants that load, every truncation of a valid
 * record, and random mutations of it.
 *
 * Every refused record must give the exact documented code, never crash,
 * set both outs to NULL, and write a one-line ASCII message into `err,
 * errcap` that names the offending part (and line) and is always
 * NUL-terminated and cut to fit (errors_test.h: text_fails, call_load). The
 * other text: check_errors_spec.c and check_errors_notation.c.
 */
#include "errors_test.h"
#include "test_rng.h"

/* ------------------------------------------------------------ helpers */

static void record_fails(const char *record, int code, const char *needle)
{
    text_fails(call_load, NULL, "mg_state_load", record, code, needle);
}

/* ============================================================== record */

/* A finished game of 2x3 (17 actions over two lines), saved. */
static char *valid_record(void)
{
    mg_game *g;
    mg_state *s;
    char *rec;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=3)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 77, -1), 17);
    rec = str_alloc(fn_save, s, 0);
    mg_state_free(s);
    mg_game_free(g);
    return rec;
}

#define HDR "mindgames-record 1\n"
#define GAME1 "game dots_and_boxes(rows=1,cols=1)\n"

START_TEST(record_empty_and_header)
{
    record_fails("", MG_ESYNTAX, "line 1");
    record_fails("\n", MG_ESYNTAX, "line 1");
    record_fails("   ", MG_ESYNTAX, "line 1");
    record_fails("mindgames-record", MG_ESYNTAX, "line 1");
    record_fails("mindgame-record 1\n" GAME1 "actions 0\n", MG_ESYNTAX,
                 "line 1");
    record_fails("mindgames-recordx 1\n" GAME1 "actions 0\n", MG_ESYNTAX,
                 "line 1");
    record_fails("game dots_and_boxes\nactions 0\n", MG_ESYNTAX, "line 1");
    record_fails("\xef\xbb\xbfmindgames-record 1\n" GAME1 "actions 0\n",
                 MG_ESYNTAX, "line 1");
    /* a later version: understood as a record, not supported */
    record_fails("mindgames-record 2\n" GAME1 "actions 0\n", MG_EUNSUPPORTED,
                 "line 1");
    record_fails("mindgames-record 10\n" GAME1 "actions 0\n",
                 MG_EUNSUPPORTED, "line 1");
}
END_TEST

START_TEST(record_bad_game_line)
{
    record_fails(HDR, MG_ESYNTAX, "line 2");
    record_fails(HDR "actions 0\n", MG_ESYNTAX, "line 2");
    record_fails(HDR "\n" GAME1 "actions 0\n", MG_ESYNTAX, "line 2");
    record_fails(HDR "game\nactions 0\n", MG_ESYNTAX, "line 2");
    record_fails(HDR "games dots_and_boxes\nactions 0\n", MG_ESYNTAX,
                 "line 2");
    /* the spec's own error codes, with its message (rules §0) */
    record_fails(HDR "game chess\nactions 0\n", MG_ENOGAME, "chess");
    record_fails(HDR "game dots_and_boxes(colour=red)\nactions 0\n",
                 MG_EOPTION, "colour");
    record_fails(HDR "game dots_and_boxes(rows=3,rows=3)\nactions 0\n",
                 MG_EOPTION, "rows");
    record_fails(HDR "game dots_and_boxes(size=3)\nactions 0\n", MG_EOPTION,
                 "size");
    record_fails(HDR "game dots_and_boxes(rows=0)\nactions 0\n", MG_EVALUE,
                 "rows='0'");
    record_fails(HDR "game dots_and_boxes(border=german)\nactions 0\n",
                 MG_EVALUE, "german");
    record_fails(HDR "game dots_and_boxes(rows=4\nactions 0\n", MG_ESYNTAX,
                 "line 2");
    {
        /* a 5000-character game line */
        char *rec = malloc(5100);
        ck_assert_ptr_nonnull(rec);
        strcpy(rec, HDR "game dots_and_boxes(rows=4");
        memset(rec + strlen(rec), ' ', 5000);
        strcpy(rec + strlen(HDR "game dots_and_boxes(rows=4") + 5000,
               ")\nactions 0\n");
        record_fails(rec, MG_ESYNTAX, "line 2");
        free(rec);
    }
}
END_TEST

START_TEST(record_bad_count)
{
    record_fails(HDR GAME1, MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions \n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions x\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions -1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions +1\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions 1x\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions 1 2\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions 99999999999999999999\n", MG_ESYNTAX,
                 "line 3");
    record_fails(HDR GAME1 "action 1\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "a1-b1\n", MG_ESYNTAX, "line 3");
}
END_TEST

START_TEST(record_count_mismatch)
{
    /* fewer actions than announced */
    record_fails(HDR GAME1 "actions 1\n", MG_ESYNTAX, "0 of the 1");
    record_fails(HDR GAME1 "actions 3\na1-b1 a1-a2\n", MG_ESYNTAX,
                 "2 of the 3");
    record_fails(HDR GAME1 "actions 999999999\na1-b1\n", MG_ESYNTAX,
                 "1 of the 999999999");
    /* more than announced */
    record_fails(HDR GAME1 "actions 0\na1-b1\n", MG_ESYNTAX, "more actions");
    record_fails(HDR GAME1 "actions 1\na1-b1 a1-a2\n", MG_ESYNTAX,
                 "more actions");
    record_fails(HDR GAME1 "actions 1\na1-b1\n\n\na1-a2\n", MG_ESYNTAX,
                 "line 7");
}
END_TEST

START_TEST(record_bad_actions)
{
    /* an action that does not exist: the parser's MG_ERANGE, named */
    record_fails(HDR GAME1 "actions 1\nz9-a1\n", MG_ERANGE, "z9");
    record_fails(HDR GAME1 "actions 2\na1-b1 a1-c1\n", MG_ERANGE, "c1");
    record_fails(HDR GAME1 "actions 1\n#4-#0\n", MG_ERANGE, "#4");
    /* malformed notation: MG_ESYNTAX, with line and token */
    record_fails(HDR GAME1 "actions 1\na1b1\n", MG_ESYNTAX, "a1b1");
    record_fails(HDR GAME1 "actions 2\na1-b1\na0-a1\n", MG_ESYNTAX,
                 "line 5");
    record_fails(HDR GAME1 "actions 1\n\xc3\xa9\n", MG_ESYNTAX, "line 4");
    /* a line drawn twice (rules §3.2.1): MG_EILLEGAL, line and token */
    record_fails(HDR GAME1 "actions 2\na1-b1 b1-a1\n", MG_EILLEGAL, "b1-a1");
    record_fails(HDR GAME1 "actions 2\na1-b1 b1-a1\n", MG_EILLEGAL,
                 "line 4");
    /* a pre-drawn Swedish border line (rules §3.3) */
    record_fails(HDR "game dots_and_boxes(rows=2,cols=2,border=swedish)\n"
                     "actions 1\na1-b1\n",
                 MG_EILLEGAL, "a1-b1");
    /* a token longer than any notation */
    {
        char rec[600];
        size_t n;
        strcpy(rec, HDR GAME1 "actions 1\n");
        n = strlen(rec);
        memset(rec + n, 'a', 400);
        strcpy(rec + n + 400, "\n");
        record_fails(rec, MG_ESYNTAX, "line 4");
    }
}
END_TEST

START_TEST(record_action_after_end)
{
    /* An action after the end of the game: mg_state_load passes on
     * mg_state_apply's MG_EOVER (documented in the header) and names it. */
    record_fails(HDR GAME1 "actions 5\na1-b1 a1-a2 b1-b2 a2-b2 a1-b1\n",
                 MG_EOVER, "a1-b1");
}
END_TEST

START_TEST(record_valid_variants_load)
{
    /* control: what the format allows is accepted */
    char err[256];
    ck_assert_int_eq(call_load(NULL, HDR GAME1 "actions 0\n", err,
                               sizeof err),
                     MG_OK);
    ck_assert_int_eq(call_load(NULL, HDR GAME1 "actions 0", err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(call_load(NULL,
                               "mindgames-record 1\r\n"
                               "game dots_and_boxes(rows=1,cols=1)\r\n"
                               "actions 2\r\nA1-B1 #2-#3\r\n",
                               err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(call_load(NULL, HDR GAME1 "actions 4\n"
                                               "a1-b1\n\na1-a2  b1-b2\t"
                                               "a2-b2",
                               err, sizeof err),
                     MG_OK);
}
END_TEST

static const int load_codes[] = {MG_ESYNTAX, MG_ENOGAME,  MG_EOPTION,
                                 MG_EVALUE,  MG_ERANGE,   MG_EILLEGAL,
                                 MG_EUNSUPPORTED};
#define N_LOAD_CODES (sizeof load_codes / sizeof load_codes[0])

/* Load text; on success it re-saves to a record that loads to the same
 * record.  Returns the code. */
static int load_and_resave(const char *text, char *err, size_t errcap)
{
    mg_state *s = SENTINEL;
    mg_game *g = SENTINEL;
    int rc = mg_state_load(&s, &g, text, err, errcap);
    check_msg(err, errcap);
    if (rc == MG_OK) {
        char *a, *b;
        mg_state *s2 = NULL;
        mg_game *g2 = NULL;
        char err2[256];
        ck_assert(s != NULL && s != SENTINEL && g != NULL && g != SENTINEL);
        a = str_alloc(fn_save, s, 0);
        ck_assert_msg(mg_state_load(&s2, &g2, a, err2, sizeof err2) == MG_OK,
                      "re-saved record does not load: %s\n%s", err2, a);
        b = str_alloc(fn_save, s2, 0);
        ck_assert_str_eq(a, b);
        ck_assert_uint_eq(mg_state_hash(s), mg_state_hash(s2));
        free(a);
        free(b);
        mg_state_free(s2);
        mg_game_free(g2);
        mg_state_free(s);
        mg_game_free(g);
    } else {
        ck_assert_msg(s == NULL && g == NULL, "code %d but outs not NULL",
                      rc);
        ck_assert_msg(is_code(rc, load_codes, N_LOAD_CODES),
                      "unexpected code %d (%s): %s", rc, mg_strerror(rc),
                      errcap > 1 ? err : "");
        if (errcap > 1)
            ck_assert_msg(err[0] != '\0', "code %d, empty message", rc);
    }
    return rc;
}

START_TEST(record_truncations)
{
    char *rec = valid_record(), *buf, err[256];
    size_t len = strlen(rec), k;
    buf = malloc(len + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(rec[len - 1], '\n');
    for (k = 0; k <= len; k++) {
        int rc;
        memcpy(buf, rec, k);
        buf[k] = '\0';
        memset(err, CANARY, sizeof err);
        rc = load_and_resave(buf, err, sizeof err);
        /* only the whole record, with or without its last newline, is
         * complete: every shorter prefix loses an action or a line */
        if (k >= len - 1)
            ck_assert_msg(rc == MG_OK, "whole record refused: %s", err);
        else
            ck_assert_msg(rc != MG_OK, "prefix of %lu bytes accepted:\n%s",
                          (unsigned long)k, buf);
    }
    free(buf);
    free(rec);
}
END_TEST

START_TEST(record_mutations)
{
    static const size_t caps[] = {1, 2, 8, 256};
    static const char useful[] = " \n-#0123456789abcdz=(),";
    char *rec = valid_record(), *buf, err[300];
    size_t len = strlen(rec);
    uint64_t rng = 0x5eed0003;
    int i, ok = 0;
    buf = malloc(len + 8);
    ck_assert_ptr_nonnull(buf);
    for (i = 0; i < 1000; i++) {
        size_t n = len, edits = 1 + mg_test_rand_below(&rng, 3), e;
        size_t cap = caps[mg_test_rand_below(&rng, 4)];
        memcpy(buf, rec, len + 1);
        for (e = 0; e < edits && n > 0; e++) {
            size_t at = mg_test_rand_below(&rng, (uint32_t)n);
            switch (mg_test_rand_below(&rng, 4)) {
            case 0: /* flip a bit */
                buf[at] = (char)(buf[at] ^ (1 << mg_test_rand_below(&rng, 8)));
                if (!buf[at])
                    buf[at] = 1;
                break;
            case 1: /* replace a byte */
                buf[at] = (char)(1 + mg_test_rand_below(&rng, 255));
                break;
            case 2: /* insert a byte */
                memmove(buf + at + 1, buf + at, n - at + 1);
                buf[at] =
                    mg_test_rand_below(&rng, 2)
                        ? useful[mg_test_rand_below(&rng, sizeof useful - 1)]
                        : (char)(1 + mg_test_rand_below(&rng, 255));
                n++;
                break;
            default: /* delete a byte */
                memmove(buf + at, buf + at + 1, n - at);
                n--;
                break;
            }
        }
        memset(err, CANARY, sizeof err);
        if (load_and_resave(buf, err, cap) == MG_OK)
            ok++;
        check_untouched(err, cap, sizeof err, "record err");
    }
    /* some mutations are harmless (case, spaces) */
    ck_assert_int_gt(ok, 0);
    free(buf);
    free(rec);
}
END_TEST

Suite *mg_errors_record_suite(void)
{
    Suite *su = suite_create("errors_record");
    TCase *tc;

    tc = tcase_create("record");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, record_empty_and_header);
    tcase_add_test(tc, record_bad_game_line);
    tcase_add_test(tc, record_bad_count);
    tcase_add_test(tc, record_count_mismatch);
    tcase_add_test(tc, record_bad_actions);
    tcase_add_test(tc, record_action_after_end);
    tcase_add_test(tc, record_valid_variants_load);
    tcase_add_test(tc, record_truncations);
    tcase_add_test(tc, record_mutations);
    suite_add_tcase(su, tc);

    return su;
}
