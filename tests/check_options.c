/*
 * check_options.c - option introspection (since 1.4): for every game and
 * a few specs of each, what mg_game_option_* say agrees with what
 * mg_game_new() accepts and mg_game_spec() prints (doc/rules.md §0 "Spec
 * strings", and each game's option list in §1-§5).
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

/* Specs whose options are read back: every id, and variants that change
 * what applies or which defaults hold. */
static const char *const specs[] = {
    "dots_and_boxes",
    "dots_and_boxes(grid=triangle,shape=hexagon)",
    "dots_and_boxes(grid=hexagon,size=5,border=swedish)",
    "china_squares",
    "china_octangle(mode=number)",
    "china_tangle(board=7,order=ascending)",
    "china_grove(penalty=8)",
    "fangqi",
    "fangqi(variant=xinjiang)",
    "fangqi(variant=xinjiang,width=9)",
    "chains_of_thought(board=trisquare6,removal=none)",
};

/* The value the canonical spec of `spec` gives `key`, or "" when absent. */
static void canonical_value(const char *spec, const char *key, char *out,
                            size_t cap)
{
    mg_game *g;
    char buf[1024], want[64];
    const char *p;
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, NULL), MG_OK);
    mg_game_free(g);
    snprintf(want, sizeof want, "%s=", key);
    out[0] = '\0';
    for (p = strchr(buf, '('); p && *p; p++) {
        if ((p[-1] == '(' || p[-1] == ',') &&
            strncmp(p, want, strlen(want)) == 0) {
            size_t n = strcspn(p + strlen(want), ",)");
            snprintf(out, cap, "%.*s", (int)n, p + strlen(want));
            return;
        }
    }
}

static char err[256]; /* the message of the last accepts() */

/* mg_game_new of `spec` with key=value added, or replacing the spec's
 * own value of key. */
static int accepts(const char *spec, const char *key, const char *value)
{
    char s[1200], items[512];
    const char *open = strchr(spec, '('), *p;
    size_t klen = strlen(key), n = 0;
    mg_game *g = NULL;
    int rc;
    items[0] = '\0';
    if (open) { /* the spec's items other than key */
        for (p = open + 1; *p && *p != ')';) {
            size_t len = strcspn(p, ",)");
            if (!(strncmp(p, key, klen) == 0 && p[klen] == '='))
                n += (size_t)snprintf(items + n, sizeof items - n, ",%.*s",
                                      (int)len, p);
            p += len + (p[len] == ',');
        }
    }
    snprintf(s, sizeof s, "%.*s(%s=%s%s)",
             (int)(open ? (size_t)(open - spec) : strlen(spec)), spec, key,
             value, items);
    rc = mg_game_new(&g, s, err, sizeof err);
    mg_game_free(g);
    /* the value is fine but makes another key of the spec inapplicable
     * (grid=square with shape=...) */
    if (rc == MG_EOPTION && strstr(err, "does not apply") &&
        strncmp(err + strlen("option '"), key, klen) != 0)
        return MG_OK;
    return rc;
}

START_TEST(agree_with_specs)
{
    const char *spec = specs[_i];
    int32_t n = mg_game_option_count(spec), i;
    ck_assert_int_ge(n, 1);
    ck_assert_ptr_null(mg_game_option_key(spec, n));
    for (i = 0; i < n; i++) {
        const char *key = mg_game_option_key(spec, i);
        char value[64], canon[64];
        int type = mg_game_option_type(spec, i);
        int applies = mg_game_option_applies(spec, i);
        int64_t lo = 0, hi = 0;
        size_t need = 0;
        ck_assert_ptr_nonnull(key);
        ck_assert_int_eq(mg_game_option_value(spec, i, value, sizeof value,
                                              &need),
                         MG_OK);
        ck_assert_uint_eq(need, strlen(value) + 1);
        canonical_value(spec, key, canon, sizeof canon);
        ck_assert(applies == 0 || applies == 1);
        /* §0: a key that applies is in the canonical spec with that value
         * (a China game's board seed always is), one that does not is
         * left out */
        if (applies)
            ck_assert_str_eq(value, canon);
        else
            ck_assert_str_eq(canon, "");
        if (!applies) {
            ck_assert_int_eq(accepts(spec, key, value), MG_EOPTION);
            continue;
        }
        switch (type) {
        case MG_OPTION_ENUM: {
            int64_t v;
            ck_assert_int_eq(mg_game_option_range(spec, i, &lo, &hi), MG_OK);
            ck_assert_int_eq(lo, 0);
            for (v = lo; v <= hi; v++) {
                const char *name = mg_game_option_value_name(spec, i,
                                                             (int32_t)v);
                ck_assert_ptr_nonnull(name);
                int rc = accepts(spec, key, name);
                /* accepted, or refused only in combination with another
                 * key (border=icelandic with grid=hexagon) */
                ck_assert_msg(rc == MG_OK || (rc == MG_EVALUE &&
                                              !strstr(err, "expected one")),
                              "%s: %s=%s: %d %s", spec, key, name, rc, err);
            }
            ck_assert_ptr_null(mg_game_option_value_name(spec, i,
                                                         (int32_t)hi + 1));
            ck_assert_ptr_null(mg_game_option_value_name(spec, i, -1));
            ck_assert_int_eq(accepts(spec, key, "no_such_value"), MG_EVALUE);
            break;
        }
        case MG_OPTION_BOOL:
            ck_assert_int_eq(mg_game_option_range(spec, i, &lo, &hi), MG_OK);
            ck_assert(lo == 0 && hi == 1);
            ck_assert_str_eq(mg_game_option_value_name(spec, i, 1), "true");
            ck_assert_str_eq(mg_game_option_value_name(spec, i, 0), "false");
            ck_assert_int_eq(accepts(spec, key, "true"), MG_OK);
            ck_assert_int_eq(accepts(spec, key, "maybe"), MG_EVALUE);
            break;
        case MG_OPTION_INT: {
            char b[32];
            int rc;
            ck_assert_int_eq(mg_game_option_range(spec, i, &lo, &hi), MG_OK);
            ck_assert_int_le(lo, hi);
            ck_assert_ptr_null(mg_game_option_value_name(spec, i, 0));
            snprintf(b, sizeof b, "%lld", (long long)lo - 1);
            ck_assert_int_eq(accepts(spec, key, b), MG_EVALUE);
            snprintf(b, sizeof b, "%lld", (long long)hi + 1);
            ck_assert_int_eq(accepts(spec, key, b), MG_EVALUE);
            /* the extremes parse (some combinations are refused later:
             * penalty must be even, lose_below at most a seat's stones) */
            snprintf(b, sizeof b, "%lld", (long long)hi);
            rc = accepts(spec, key, b);
            ck_assert(rc == MG_OK || rc == MG_EVALUE);
            break;
        }
        case MG_OPTION_SEED:
            ck_assert_int_eq(mg_game_option_range(spec, i, &lo, &hi),
                             MG_EUNSUPPORTED);
            ck_assert_int_eq(accepts(spec, key, "18446744073709551615"),
                             MG_OK);
            break;
        case MG_OPTION_DECIMAL:
            ck_assert_int_eq(mg_game_option_range(spec, i, &lo, &hi), MG_OK);
            break;
        default:
            ck_abort_msg("%s: option %s has type %d", spec, key, type);
        }
    }
}
END_TEST

/* Known answers, rules §3.1 and §4.2. */
START_TEST(known_options)
{
    char v[32];
    int64_t lo, hi;
    ck_assert_int_eq(mg_game_option_count("dots_and_boxes"), 7);
    ck_assert_str_eq(mg_game_option_key("dots_and_boxes", 0), "grid");
    ck_assert_int_eq(mg_game_option_type("dots_and_boxes", 1), MG_OPTION_INT);
    ck_assert_int_eq(mg_game_option_range("dots_and_boxes", 1, &lo, &hi),
                     MG_OK);
    ck_assert(lo == 1 && hi == 32);
    ck_assert_int_eq(mg_game_option_applies("dots_and_boxes", 3), 0);
    ck_assert_int_eq(mg_game_option_applies("dots_and_boxes(grid=hexagon)", 3),
                     1);
    ck_assert_int_eq(mg_game_option_applies("dots_and_boxes(grid=hexagon)", 1),
                     0);
    ck_assert_str_eq(mg_game_option_value_name("dots_and_boxes", 5, 2),
                     "icelandic");
    ck_assert_int_eq(mg_game_option_value("fangqi", 1, v, sizeof v, NULL),
                     MG_OK);
    ck_assert_str_eq(v, "8");
    ck_assert_int_eq(mg_game_option_value("fangqi(variant=xinjiang)", 1, v,
                                          sizeof v, NULL),
                     MG_OK);
    ck_assert_str_eq(v, "7");
    ck_assert_int_eq(mg_game_option_value("fangqi(variant=xinjiang)", 4, v,
                                          sizeof v, NULL),
                     MG_OK);
    ck_assert_str_eq(v, "true"); /* extra_removal */
    ck_assert_int_eq(mg_game_option_type("china_tangle", 0), MG_OPTION_SEED);
}
END_TEST

START_TEST(bad_input)
{
    char v[4];
    size_t need = 0;
    int64_t lo, hi;
    ck_assert_int_eq(mg_game_option_count(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_option_count("nosuch"), MG_ENOGAME);
    ck_assert_int_eq(mg_game_option_count("dots_and_boxes(rows="), MG_ESYNTAX);
    ck_assert_int_eq(mg_game_option_count("dots_and_boxes(rows=99)"),
                     MG_EVALUE);
    ck_assert_int_eq(mg_game_option_count("dots_and_boxes(size=2)"),
                     MG_EOPTION);
    ck_assert_ptr_null(mg_game_option_key(NULL, 0));
    ck_assert_ptr_null(mg_game_option_key("dots_and_boxes", -1));
    ck_assert_ptr_null(mg_game_option_key("nosuch", 0));
    ck_assert_int_eq(mg_game_option_type("dots_and_boxes", 7), MG_ERANGE);
    ck_assert_int_eq(mg_game_option_type("dots_and_boxes", -1), MG_ERANGE);
    ck_assert_int_eq(mg_game_option_range("dots_and_boxes", 0, NULL, &hi),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_option_range("dots_and_boxes", 0, &lo, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_option_range("dots_and_boxes", 99, &lo, &hi),
                     MG_ERANGE);
    ck_assert_int_eq(mg_game_option_applies("dots_and_boxes", 99), MG_ERANGE);
    ck_assert_int_eq(mg_game_option_applies(NULL, 0), MG_EINVAL);
    ck_assert_ptr_null(mg_game_option_value_name("dots_and_boxes", 1, 0));
    /* buffers: "square" needs 7 */
    ck_assert_int_eq(mg_game_option_value("dots_and_boxes", 0, NULL, 0, &need),
                     MG_ENOBUFS);
    ck_assert_uint_eq(need, 7);
    ck_assert_int_eq(mg_game_option_value("dots_and_boxes", 0, v, sizeof v,
                                          &need),
                     MG_ENOBUFS);
    ck_assert_str_eq(v, "");
    ck_assert_int_eq(mg_game_option_value("dots_and_boxes", 0, NULL, 4,
                                          &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_option_value("dots_and_boxes", 9, v, sizeof v,
                                          &need),
                     MG_ERANGE);
}
END_TEST

Suite *mg_options_suite(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_add_loop_test(tc, agree_with_specs, 0,
                        (int)(sizeof specs / sizeof specs[0]));
    tcase_add_test(tc, known_options);
    tcase_add_test(tc, bad_input);
    suite_add_tcase(s, tc);
    return s;
}
