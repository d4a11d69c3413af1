/*
 * check_spec.c - spec strings (doc/rules.md §0 "Spec strings"): defaults for
 * omitted keys, the canonical form, and every error with its code.
 */
#include "tests.h"

#include <string.h>

static void canon_is(const char *spec, const char *want)
{
    mg_game *g = NULL;
    char buf[512];
    size_t need = 0;
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, &need), MG_OK);
    ck_assert_str_eq(buf, want);
    ck_assert_uint_eq(need, strlen(want) + 1);
    mg_game_free(g);
    /* the canonical form names the same game */
    MG_GAME(g, want);
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, want);
    mg_game_free(g);
}

START_TEST(defaults_fill_omitted_keys)
{
    /* rules §3.1: square 4x4 by default; size 3 on triangle and hexagon;
     * shape=triangle; §3.3 border=none; §3.2 misere=false */
    const char *dflt = "dots_and_boxes(grid=square,rows=4,cols=4,"
                       "border=none,misere=false)";
    canon_is("dots_and_boxes", dflt);
    canon_is("dots_and_boxes()", dflt);
    canon_is("  dots_and_boxes ( ) ", dflt);
    canon_is("dots_and_boxes(grid=triangle)",
             "dots_and_boxes(grid=triangle,size=3,shape=triangle,"
             "border=none,misere=false)");
    canon_is("dots_and_boxes(grid=hexagon)",
             "dots_and_boxes(grid=hexagon,size=3,border=none,misere=false)");
}
END_TEST

START_TEST(canonical_form_is_normalised)
{
    /* case-insensitive keys and values, spaces ignored, any key order */
    canon_is("DOTS_AND_BOXES( MISERE = TRUE , cols=7,Rows= 2,border=Swedish)",
             "dots_and_boxes(grid=square,rows=2,cols=7,border=swedish,"
             "misere=true)");
    canon_is("dots_and_boxes(border=icelandic,rows=32,cols=1)",
             "dots_and_boxes(grid=square,rows=32,cols=1,border=icelandic,"
             "misere=false)");
    canon_is("dots_and_boxes(size=16,grid=triangle,shape=hexagon)",
             "dots_and_boxes(grid=triangle,size=16,shape=hexagon,"
             "border=none,misere=false)");
    canon_is("dots_and_boxes(rows=+3)",
             "dots_and_boxes(grid=square,rows=3,cols=4,border=none,"
             "misere=false)");
}
END_TEST

typedef struct {
    const char *spec;
    int code;
    const char *in_message; /* a part the message must name */
} bad_spec;

static const bad_spec bad[] = {
    {"", MG_ESYNTAX, "empty"},
    {"   ", MG_ESYNTAX, "empty"},
    {"(rows=3)", MG_ESYNTAX, "'('"},
    {"chess", MG_ENOGAME, "'chess'"},
    {"dots_and_boxes(", MG_ESYNTAX, "ends early"},
    {"dots_and_boxes(rows", MG_ESYNTAX, "'='"},
    {"dots_and_boxes(rows=", MG_ESYNTAX, "value"},
    {"dots_and_boxes(rows=3", MG_ESYNTAX, "')'"},
    {"dots_and_boxes(rows=3,)", MG_ESYNTAX, "key"},
    {"dots_and_boxes(rows=3))", MG_ESYNTAX, "')'"},
    {"dots_and_boxes(rows==3)", MG_ESYNTAX, "'='"},
    {"dots_and_boxes rows=3", MG_ESYNTAX, "'r'"},
    {"dots_and_boxes(rows=3;cols=3)", MG_ESYNTAX, "';'"},
    {"dots_and_boxes(colour=red)", MG_EOPTION, "'colour'"},
    {"dots_and_boxes(rows=3,ROWS=4)", MG_EOPTION, "twice"},
    {"dots_and_boxes(size=3)", MG_EOPTION, "size"},
    {"dots_and_boxes(grid=triangle,rows=3)", MG_EOPTION, "rows"},
    {"dots_and_boxes(grid=hexagon,shape=hexagon)", MG_EOPTION, "shape"},
    {"dots_and_boxes(rows=0)", MG_EVALUE, "1..32"},
    {"dots_and_boxes(rows=33)", MG_EVALUE, "1..32"},
    {"dots_and_boxes(rows=-1)", MG_EVALUE, "rows"},
    {"dots_and_boxes(rows=abc)", MG_EVALUE, "'abc'"},
    {"dots_and_boxes(rows=99999999999999999999)", MG_EVALUE, "rows"},
    {"dots_and_boxes(grid=triangle,size=0)", MG_EVALUE, "1..16"},
    {"dots_and_boxes(grid=hexagon,size=17)", MG_EVALUE, "1..16"},
    {"dots_and_boxes(misere=yes)", MG_EVALUE, "true or false"},
    {"dots_and_boxes(border=german)", MG_EVALUE, "swedish"},
    {"dots_and_boxes(grid=round)", MG_EVALUE, "'round'"},
    {"dots_and_boxes(grid=triangle,border=icelandic)", MG_EVALUE,
     "icelandic"},
    {"dots_and_boxes(rows=\xc3\xa9)", MG_ESYNTAX, "non-ASCII"},
    {"dots_and_boxes(rows=3)\x01", MG_ESYNTAX, "control"},
};

START_TEST(errors_have_codes_and_messages)
{
    const bad_spec *b = &bad[_i];
    mg_game *g = (mg_game *)&g; /* must be reset to NULL */
    char err[256];
    int rc = mg_game_new(&g, b->spec, err, sizeof err);
    ck_assert_msg(rc == b->code, "%s: got %d (%s) want %d", b->spec, rc, err,
                  b->code);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, b->in_message) != NULL,
                  "%s: message '%s' lacks '%s'", b->spec, err, b->in_message);
}
END_TEST

START_TEST(overlong_spec_refused)
{
    char *spec = malloc(5001);
    mg_game *g = NULL;
    char err[128];
    memset(spec, 'a', 5000);
    spec[5000] = '\0';
    ck_assert_int_eq(mg_game_new(&g, spec, err, sizeof err), MG_ESYNTAX);
    ck_assert_ptr_nonnull(strstr(err, "longer"));
    free(spec);
}
END_TEST

START_TEST(spec_size_query)
{
    mg_game *g = NULL;
    size_t need = 0;
    char small[8] = "xxxxxxx";
    MG_GAME(g, "dots_and_boxes");
    ck_assert_int_eq(mg_game_spec(g, NULL, 0, &need), MG_ENOBUFS);
    ck_assert_uint_eq(need, strlen("dots_and_boxes(grid=square,rows=4,cols=4,"
                                   "border=none,misere=false)") + 1);
    ck_assert_int_eq(mg_game_spec(g, small, sizeof small, &need), MG_ENOBUFS);
    ck_assert_str_eq(small, ""); /* no partial result */
    mg_game_free(g);
}
END_TEST

Suite *mg_spec_suite(void)
{
    Suite *s = suite_create("spec");
    TCase *tc = tcase_create("spec");
    tcase_add_test(tc, defaults_fill_omitted_keys);
    tcase_add_test(tc, canonical_form_is_normalised);
    tcase_add_loop_test(tc, errors_have_codes_and_messages, 0,
                        (int)(sizeof bad / sizeof bad[0]));
    tcase_add_test(tc, overlong_spec_refused);
    tcase_add_test(tc, spec_size_query);
    suite_add_tcase(s, tc);
    return s;
}
