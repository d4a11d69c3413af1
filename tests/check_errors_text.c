/*
 * check_errors_text.c - bad text everywhere: the error contract of
 * include/mindgames.h ("Conventions used by every function below") for
 * the functions that parse text (check_errors_calls.c has the others).
 *
 * Every refused text must give the exact documented code, never crash,
 * set **out to NULL, leave the state it was parsed on unchanged, and
 * write a one-line ASCII message into `err, errcap` that names the
 * offending part and is always NUL-terminated and cut to fit.
 *
 * Groups:
 *   spec      malformed spec strings (doc/rules.md §0 "Spec strings"), fuzz
 *   notation  malformed notation (doc/rules.md §0 "Cells and names", §3.4)
 *   record    malformed records for mg_state_load, truncations, mutations
 */
#include "errors_test.h"
#include "test_rng.h"

/* ------------------------------------------------------------ helpers */

/* 1 when rc is one of the n codes. */
static int is_code(int rc, const int *codes, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (rc == codes[i])
            return 1;
    return 0;
}

/* ------------------------------------------------- text input failures */

/* One text-parsing call: returns its code, checks its own out-params. */
typedef int (*text_fn)(const void *ctx, const char *text, char *err,
                       size_t errcap);

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

/* `text` is refused with `code`; the message is non-empty, printable,
 * names `needle` (when not NULL), and is cut to fit small errcaps without
 * writing past them; err may be NULL/0. */
static void text_fails(text_fn fn, const void *ctx, const char *what,
                       const char *text, int code, const char *needle)
{
    static const size_t caps[] = {1, 2, 8, 24};
    char full[512], buf[64];
    size_t n, i;
    int rc;

    memset(full, CANARY, sizeof full);
    rc = fn(ctx, text, full, sizeof full);
    ck_assert_msg(rc == code, "%s(\"%s\") = %d (%s), want %d (%s); err: %.200s",
                  what, text, rc, mg_strerror(rc), code, mg_strerror(code),
                  rc == MG_OK ? "" : full);
    n = check_msg(full, sizeof full);
    ck_assert_msg(n > 0, "%s(\"%s\"): empty error message", what, text);
    if (needle)
        ck_assert_msg(strstr(full, needle) != NULL,
                      "%s(\"%s\"): message \"%s\" does not name \"%s\"", what,
                      text, full, needle);

    /* no message buffer at all */
    ck_assert_int_eq(fn(ctx, text, NULL, 0), code);
    ck_assert_int_eq(fn(ctx, text, NULL, 100), code);
    memset(buf, CANARY, sizeof buf);
    ck_assert_int_eq(fn(ctx, text, buf, 0), code);
    ck_assert_msg(buf[0] == CANARY, "%s: errcap 0 but err written", what);

    /* small buffers: the same message, cut to fit */
    for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        size_t cap = caps[i], m, want = n < cap - 1 ? n : cap - 1;
        memset(buf, CANARY, sizeof buf);
        ck_assert_int_eq(fn(ctx, text, buf, cap), code);
        m = check_msg(buf, cap);
        ck_assert_msg(m == want, "%s(\"%s\"), errcap %lu: length %lu, want %lu",
                      what, text, (unsigned long)cap, (unsigned long)m,
                      (unsigned long)want);
        ck_assert_msg(memcmp(buf, full, m) == 0,
                      "%s: errcap %lu message is not a prefix", what,
                      (unsigned long)cap);
        check_untouched(buf, cap, sizeof buf, what);
    }
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

static void record_fails(const char *record, int code, const char *needle)
{
    text_fails(call_load, NULL, "mg_state_load", record, code, needle);
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

Suite *mg_errors_text_suite(void)
{
    Suite *su = suite_create("errors_text");
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

    tc = tcase_create("notation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, notation_malformed);
    tcase_add_test(tc, notation_out_of_range);
    tcase_add_test(tc, notation_huge_numbers);
    tcase_add_test(tc, notation_overlong);
    tcase_add_test(tc, notation_accepted_forms);
    tcase_add_test(tc, notation_random_bytes);
    suite_add_tcase(su, tc);

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
