/*
 * check_errors_spec.c - bad spec strings: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * mg_game_new, on malformed specs (doc/rules.md §0 "Spec strings"): syntax,
 * unknown games, options and values, overlong text and bad bytes, every
 * truncation of a valid spec, and random bytes.
 *
 * Every refused spec must give the exact documented code, never crash, set
 * *out to NULL, and write a one-line ASCII message into `err, errcap` that
 * names the offending part and is always NUL-terminated and cut to fit
 * (errors_test.h: text_fails).  The other text: check_errors_notation.c and
 * check_errors_record.c.
 */
#include "errors_test.h"
#include "test_rng.h"

/* ------------------------------------------------------------ helpers */

static int call_game_new(const void *ctx, const char *text, char *err,
                         size_t errcap)
{
    mg_game *g = SENTINEL;
    int rc = mg_game_new(&g, text, err, errcap);
    (void)ctx;
    if (rc == MG_OK) {
        ck_assert_ptr_nonnull(g);
        ck_assert(g != SENTINEL);
        mg_game_free(g);
    } else {
        ck_assert_msg(g == NULL, "mg_game_new failed (%d) but *out != NULL",
                      rc);
    }
    return rc;
}

static void spec_fails(const char *spec, int code, const char *needle)
{
    text_fails(call_game_new, NULL, "mg_game_new", spec, code, needle);
}

static void spec_ok(const char *spec)
{
    char err[256];
    ck_assert_msg(call_game_new(NULL, spec, err, sizeof err) == MG_OK,
                  "mg_game_new(\"%s\") refused: %s", spec, err);
}

/* ================================================================ spec */

START_TEST(spec_syntax_errors)
{
    /* rules §0 "Spec strings": `id` or `id(key=value,...)` */
    spec_fails("", MG_ESYNTAX, "empty");
    spec_fails("   ", MG_ESYNTAX, "empty");
    spec_fails(" \t\r\n ", MG_ESYNTAX, "empty");
    spec_fails("dots_and_boxes(", MG_ESYNTAX, "ends early");
    spec_fails("dots_and_boxes(rows)", MG_ESYNTAX, "')' at position 20");
    spec_fails("dots_and_boxes(rows=)", MG_ESYNTAX, "')' at position 21");
    spec_fails("dots_and_boxes(rows=4,)", MG_ESYNTAX, "')' at position 23");
    spec_fails("dots_and_boxes(rows=4))", MG_ESYNTAX, "')' at position 23");
    spec_fails("dots_and_boxes x", MG_ESYNTAX, "'x' at position 16");
    spec_fails("dots_and_boxes(rows=4", MG_ESYNTAX, "ends early");
    spec_fails("dots_and_boxes(rows=4 cols=4)", MG_ESYNTAX,
               "'c' at position 23");
    spec_fails("dots_and_boxes(,)", MG_ESYNTAX, "',' at position 16");
    spec_fails("dots_and_boxes(=4)", MG_ESYNTAX, "'=' at position 16");
    spec_fails("dots_and_boxes(rows==4)", MG_ESYNTAX, "'=' at position 21");
    spec_fails("dots_and_boxes(rows=4)(cols=4)", MG_ESYNTAX,
               "'(' at position 23");
    spec_fails("dots_and_boxes)", MG_ESYNTAX, "')' at position 15");
    spec_fails("(rows=4)", MG_ESYNTAX, "'(' at position 1");
    spec_fails("dots_and_boxes;", MG_ESYNTAX, "';' at position 15");
    spec_fails("dots_and_boxes(rows:4)", MG_ESYNTAX, "':' at position 20");
}
END_TEST

START_TEST(spec_unknown_game)
{
    spec_fails("chess", MG_ENOGAME, "chess");
    spec_fails("chess(rows=4)", MG_ENOGAME, "chess");
    spec_fails("dots_and_boxe", MG_ENOGAME, "dots_and_boxe");
    spec_fails("dots_and_boxes_", MG_ENOGAME, "dots_and_boxes_");
    spec_fails("dots-and-boxes", MG_ENOGAME, "dots-and-boxes");
}
END_TEST

START_TEST(spec_option_errors)
{
    /* rules §0: unknown key, repeated key, key that does not apply */
    spec_fails("dots_and_boxes(colour=red)", MG_EOPTION, "colour");
    spec_fails("dots_and_boxes(rows=3,nope=1)", MG_EOPTION, "nope");
    spec_fails("dots_and_boxes(rows=3,rows=4)", MG_EOPTION, "rows");
    spec_fails("dots_and_boxes(rows=3,ROWS=3)", MG_EOPTION, "ROWS");
    spec_fails("dots_and_boxes(border=none,misere=false,border=none)",
               MG_EOPTION, "border");
    /* rules §3.1: size applies to triangle/hexagon grids, rows and cols
     * to the square grid, shape to the triangle grid only */
    spec_fails("dots_and_boxes(size=3)", MG_EOPTION, "size");
    spec_fails("dots_and_boxes(grid=square,size=3)", MG_EOPTION, "size");
    spec_fails("dots_and_boxes(grid=triangle,rows=3)", MG_EOPTION, "rows");
    spec_fails("dots_and_boxes(grid=hexagon,cols=3)", MG_EOPTION, "cols");
    spec_fails("dots_and_boxes(grid=hexagon,shape=hexagon)", MG_EOPTION,
               "shape");
    spec_fails("dots_and_boxes(shape=triangle)", MG_EOPTION, "shape");
    /* and an unknown key is unknown wherever it stands */
    spec_fails("dots_and_boxes(grid=hexagon,size=2,foo=bar)", MG_EOPTION,
               "foo");
}
END_TEST

START_TEST(spec_value_errors)
{
    /* rules §3.1 ranges: rows, cols 1…32; size 1…16 */
    spec_fails("dots_and_boxes(rows=0)", MG_EVALUE, "rows='0'");
    spec_fails("dots_and_boxes(rows=33)", MG_EVALUE, "rows='33'");
    spec_fails("dots_and_boxes(cols=33)", MG_EVALUE, "cols='33'");
    spec_fails("dots_and_boxes(rows=-1)", MG_EVALUE, "rows='-1'");
    spec_fails("dots_and_boxes(grid=triangle,size=17)", MG_EVALUE,
               "size='17'");
    spec_fails("dots_and_boxes(grid=hexagon,size=0)", MG_EVALUE, "size='0'");
    spec_fails("dots_and_boxes(rows=abc)", MG_EVALUE, "rows='abc'");
    spec_fails("dots_and_boxes(rows=4x)", MG_EVALUE, "rows='4x'");
    spec_fails("dots_and_boxes(rows=+)", MG_EVALUE, "rows='+'");
    spec_fails("dots_and_boxes(rows=99999999999999999999)", MG_EVALUE,
               "rows=");
    spec_fails("dots_and_boxes(rows=-9223372036854775808)", MG_EVALUE,
               "rows=");
    spec_fails("dots_and_boxes(rows=18446744073709551616)", MG_EVALUE,
               "rows=");
    /* rules §0: booleans true/false */
    spec_fails("dots_and_boxes(misere=yes)", MG_EVALUE, "misere='yes'");
    spec_fails("dots_and_boxes(misere=1)", MG_EVALUE, "misere='1'");
    /* enums: rules §3.3 borders, §3.1 grids and shapes */
    spec_fails("dots_and_boxes(border=german)", MG_EVALUE, "border='german'");
    spec_fails("dots_and_boxes(grid=cube)", MG_EVALUE, "grid='cube'");
    spec_fails("dots_and_boxes(grid=triangle,shape=square)", MG_EVALUE,
               "shape='square'");
    /* §3.3: border=icelandic is for the square grid only */
    spec_fails("dots_and_boxes(grid=triangle,border=icelandic)", MG_EVALUE,
               "icelandic");
    spec_fails("dots_and_boxes(grid=hexagon,border=icelandic)", MG_EVALUE,
               "icelandic");
    /* the valid neighbours of those values are accepted */
    spec_ok("dots_and_boxes(rows=1,cols=32)");
    spec_ok("dots_and_boxes(grid=triangle,size=16,border=swedish)");
    spec_ok("dots_and_boxes(misere=TRUE,border=Icelandic)");
}
END_TEST

START_TEST(spec_overlong_and_bad_bytes)
{
    char *big = malloc(5001);
    ck_assert_ptr_nonnull(big);
    /* a spec that is valid but for its length: spaces are allowed */
    memset(big, ' ', 5000);
    memcpy(big, "dots_and_boxes(rows=4", 21);
    big[4999] = ')';
    big[5000] = '\0';
    spec_fails(big, MG_ESYNTAX, "longer than");
    /* 5000 letters */
    memset(big, 'a', 5000);
    spec_fails(big, MG_ESYNTAX, "longer than");
    free(big);

    /* non-ASCII and control bytes are reported by position, as '?' */
    spec_fails("dots_and_boxes(rows=\xc3\xa9)", MG_ESYNTAX, "position 21");
    spec_fails("dots_and_boxes\xc3\xa9", MG_ESYNTAX, "position 15");
    spec_fails("\xff", MG_ESYNTAX, "position 1");
    spec_fails("dots_and_boxes(rows=4\x01)", MG_ESYNTAX, "position 22");
    spec_fails("dots_and_boxes(\x1b[31mrows=4)", MG_ESYNTAX, "position 16");
    spec_fails("dots_and_boxes\x7f", MG_ESYNTAX, "position 15");
    spec_fails("dots_and_boxes(border=sw\xe9" "dish)", MG_EVALUE, "border=");
    /* a key of non-ASCII bytes is unexpected, not an unknown key */
    spec_fails("dots_and_boxes(\xe2\x80\x8brows=4)", MG_ESYNTAX,
               "position 16");
}
END_TEST

START_TEST(spec_truncations)
{
    static const char spec[] = "dots_and_boxes(grid=triangle, size = 5,"
                               "shape=hexagon,border=swedish,misere=true)";
    static const int codes[] = {MG_ESYNTAX, MG_ENOGAME, MG_EOPTION,
                                MG_EVALUE};
    size_t len = strlen(spec), k;
    char *buf = malloc(len + 1);
    ck_assert_ptr_nonnull(buf);
    for (k = 0; k <= len; k++) {
        char err[128];
        int rc;
        memcpy(buf, spec, k);
        buf[k] = '\0';
        memset(err, CANARY, sizeof err);
        rc = call_game_new(NULL, buf, err, sizeof err);
        check_msg(err, sizeof err);
        /* only the bare id and the whole spec are complete specs */
        if (k == 14 || k == len) {
            ck_assert_msg(rc == MG_OK, "\"%s\": %d %s", buf, rc, err);
        } else {
            ck_assert_msg(is_code(rc, codes, 4), "\"%s\": code %d", buf, rc);
            ck_assert_msg(err[0] != '\0', "\"%s\": no message", buf);
        }
    }
    free(buf);
}
END_TEST

/* Random spec text: raw bytes, or spec-like words glued together. */
static size_t random_spec(uint64_t *rng, char *out, size_t max)
{
    static const char *const words[] = {
        "dots_and_boxes", "(", ")", "=", ",", " ", "rows", "cols", "size",
        "grid", "shape", "border", "misere", "square", "triangle", "hexagon",
        "none", "swedish", "icelandic", "true", "false", "0", "1", "3",
        "16", "32", "33", "-", "+", "\xff", "\x01", "chess", "\t", "ROWS",
        "99999999999999999999"};
    size_t n = 0, len = mg_test_rand_below(rng, 40);
    int mode = (int)mg_test_rand_below(rng, 2);
    while (n < len && n + 24 < max) {
        if (mode == 0) {
            out[n++] = (char)(1 + mg_test_rand_below(rng, 255)); /* no NUL */
        } else {
            const char *w = words[mg_test_rand_below(rng, sizeof words /
                                                     sizeof words[0])];
            size_t wl = strlen(w);
            memcpy(out + n, w, wl);
            n += wl;
        }
    }
    out[n] = '\0';
    return n;
}

START_TEST(spec_random_bytes)
{
    static const size_t caps[] = {1, 2, 8, 64, 256};
    static const int codes[] = {MG_ESYNTAX, MG_ENOGAME, MG_EOPTION,
                                MG_EVALUE};
    uint64_t rng = 0x5eed0001;
    char spec[1100], err[300];
    int i, ok = 0;
    for (i = 0; i < 2000; i++) {
        size_t cap = caps[mg_test_rand_below(&rng, 5)];
        mg_game *g = SENTINEL;
        int rc;
        if (i % 4 == 0) { /* give the word soup a valid prefix */
            memcpy(spec, "dots_and_boxes(", 15);
            random_spec(&rng, spec + 15, sizeof spec - 15);
        } else {
            random_spec(&rng, spec, sizeof spec);
        }
        memset(err, CANARY, sizeof err);
        rc = mg_game_new(&g, spec, err, cap);
        check_msg(err, cap);
        check_untouched(err, cap, sizeof err, "spec err");
        if (rc == MG_OK) {
            char canon[512], canon2[512];
            mg_game *g2 = NULL;
            ok++;
            ck_assert(g != NULL && g != SENTINEL);
            /* what was accepted has a canonical form naming the same game */
            ck_assert_int_eq(mg_game_spec(g, canon, sizeof canon, NULL),
                             MG_OK);
            MG_GAME(g2, canon);
            ck_assert_int_eq(mg_game_spec(g2, canon2, sizeof canon2, NULL),
                             MG_OK);
            ck_assert_str_eq(canon, canon2);
            mg_game_free(g2);
            mg_game_free(g);
        } else {
            ck_assert_msg(g == NULL, "spec #%d: *out not NULL", i);
            ck_assert_msg(is_code(rc, codes, 4), "spec #%d: code %d", i, rc);
            if (cap > 1)
                ck_assert_msg(err[0] != '\0', "spec #%d: empty message", i);
        }
    }
    /* the generator must reach past the parser now and then */
    ck_assert_int_gt(ok, 0);
}
END_TEST

Suite *mg_errors_spec_suite(void)
{
    Suite *su = suite_create("errors_spec");
    TCase *tc;

    tc = tcase_create("spec");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, spec_syntax_errors);
    tcase_add_test(tc, spec_unknown_game);
    tcase_add_test(tc, spec_option_errors);
    tcase_add_test(tc, spec_value_errors);
    tcase_add_test(tc, spec_overlong_and_bad_bytes);
    tcase_add_test(tc, spec_truncations);
    tcase_add_test(tc, spec_random_bytes);
    suite_add_tcase(su, tc);

    return su;
}
