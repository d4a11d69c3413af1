/*
 * check_fangqi_text.c - Fangqi's options and text (doc/rules.md §0, §4.1,
 * §4.2 keys, §4.3; sections cited per test): defaults, variants,
 * overrides and refusals of the spec; the id and notation of every
 * action; scores, groups and hashes; the text and SVG renderings.
 */
#include "fangqi_test.h"

/* --------------------------------------------------------- options */

static void check_spec(const char *in, const char *want)
{
    mg_game *g, *g2;
    char buf[512];
    MG_GAME(g, in);
    spec_of(g, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    MG_GAME(g2, buf);
    spec_of(g2, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    mg_game_free(g2);
    mg_game_free(g);
}

/* §4.1, §4.2 keys, §0 spec strings: defaults, variants, overrides. */
START_TEST(options_and_canonical_spec)
{
    mg_game *g;
    check_spec("fangqi",
               "fangqi(variant=ningxia,width=8,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi()",
               "fangqi(variant=ningxia,width=8,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(variant=xinjiang)",
               "fangqi(variant=xinjiang,width=7,height=7,movement=rook,"
               "extra_removal=true,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi( VARIANT = Xinjiang , extra_removal = FALSE )",
               "fangqi(variant=xinjiang,width=7,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(width=9)",
               "fangqi(variant=ningxia,width=9,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(variant=xinjiang,width=9,height=2)",
               "fangqi(variant=xinjiang,width=9,height=2,movement=rook,"
               "extra_removal=true,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=1,no_capture_limit=100)");
    check_spec("fangqi(no_capture_limit=0,lose_below=0,movement=step,ko=true,"
               "encirclement=true,capture_on_placement=true,"
               "extra_removal=true,height=19,width=19)",
               "fangqi(variant=ningxia,width=19,height=19,movement=step,"
               "extra_removal=true,capture_on_placement=true,ko=true,"
               "encirclement=true,lose_below=0,no_capture_limit=0)");
    check_spec("fangqi(width=2,height=2,lose_below=2,no_capture_limit=100000)",
               "fangqi(variant=ningxia,width=2,height=2,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=2,no_capture_limit=100000)");
    check_spec("fangqi(lose_below=28)",
               "fangqi(variant=ningxia,width=8,height=7,movement=rook,"
               "extra_removal=false,capture_on_placement=false,ko=false,"
               "encirclement=false,lose_below=28,no_capture_limit=100)");
    /* §4.3 action ids: 2P + P*S; default 56 points, S = 13 */
    MG_GAME(g, "fangqi");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 56 + 56 * 13);
    ck_assert_str_eq(mg_game_id(g), "fangqi");
    mg_game_free(g);
    MG_GAME(g, "fangqi(variant=xinjiang)");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 49 + 49 * 12);
    mg_game_free(g);
    MG_GAME(g, "fangqi(width=19,height=2)");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 38 + 38 * 19);
    mg_game_free(g);
}
END_TEST

/* §0: out-of-range values, unknown and repeated keys are errors. */
START_TEST(option_refusals)
{
    static const struct { const char *spec; int rc; } bad[] = {
        {"fangqi(width=1)", MG_EVALUE},
        {"fangqi(width=20)", MG_EVALUE},
        {"fangqi(height=1)", MG_EVALUE},
        {"fangqi(height=20)", MG_EVALUE},
        {"fangqi(width=0)", MG_EVALUE},
        {"fangqi(movement=fly)", MG_EVALUE},
        {"fangqi(variant=beijing)", MG_EVALUE},
        {"fangqi(lose_below=-1)", MG_EVALUE},
        {"fangqi(lose_below=362)", MG_EVALUE},
        {"fangqi(no_capture_limit=-1)", MG_EVALUE},
        {"fangqi(no_capture_limit=100001)", MG_EVALUE},
        {"fangqi(ko=maybe)", MG_EVALUE},
        {"fangqi(extra_removal=1)", MG_EVALUE},
        {"fangqi(width=abc)", MG_EVALUE},
        {"fangqi(size=5)", MG_EOPTION},
        {"fangqi(rows=5)", MG_EOPTION},
        {"fangqi(width=5,width=6)", MG_EOPTION},
        {"fangqi(ko=true,ko=true)", MG_EOPTION},
        {"fangqi(width=5", MG_ESYNTAX},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mg_game *g = (mg_game *)1;
        char err[256] = "";
        int rc = mg_game_new(&g, bad[i].spec, err, sizeof err);
        ck_assert_msg(rc == bad[i].rc, "%s: got %d (%s), want %d", bad[i].spec,
                      rc, err, bad[i].rc);
        ck_assert_ptr_null(g);
        ck_assert_msg(err[0] != '\0', "%s: no message", bad[i].spec);
    }
}
END_TEST

/* ------------------------------------ notation, scores and renderings */

/* §0, §4.3: ids and notation of every action, printed and parsed back;
 * upper case, x#p, #p-#q. */
START_TEST(notation_all_actions)
{
    static const char *const specs[] = {
        "fangqi", "fangqi(width=2,height=2)", "fangqi(width=3,height=5)",
        "fangqi(width=19,height=19)", "fangqi(width=19,height=2)",
    };
    size_t k;
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mg_game *g;
        mg_state *s = start(&g, specs[k]);
        char spec[512];
        int w, h, P, S;
        int32_t a, n;
        spec_of(g, spec, sizeof spec);
        w = spec_int(spec, "width=");
        h = spec_int(spec, "height=");
        P = w * h;
        S = w + h - 2;
        n = mg_game_num_actions(g);
        ck_assert_int_eq(n, 2 * P + P * S);
        ck_assert_int_ge(mg_game_max_legal_actions(g), P);
        for (a = 0; a < n; a++) {
            char buf[32], want[32], up[32], alt[32];
            int32_t back = -1;
            int from, slot, to, i;
            if (a < 2 * P) {
                int p = a % P;
                snprintf(want, sizeof want, "%s%c%d", a < P ? "" : "x",
                         'a' + p % w, p / w + 1);
                snprintf(alt, sizeof alt, "%s#%d", a < P ? "" : "x", p);
            } else {
                from = (a - 2 * P) / S;
                slot = (a - 2 * P) % S;
                if (slot < w - 1)
                    to = (from / w) * w + (slot < from % w ? slot : slot + 1);
                else {
                    int j = slot - (w - 1);
                    to = (j < from / w ? j : j + 1) * w + from % w;
                }
                snprintf(want, sizeof want, "%c%d-%c%d", 'a' + from % w,
                         from / w + 1, 'a' + to % w, to / w + 1);
                snprintf(alt, sizeof alt, "#%d-#%d", from, to);
            }
            MG_REQUIRE(mg_state_action_to_string(s, a, buf, sizeof buf, NULL) ==
                           MG_OK && strcmp(buf, want) == 0,
                       "%s: action %d printed %s, want %s", specs[k], a, buf,
                       want);
            MG_REQUIRE(mg_state_action_from_string(s, buf, &back, NULL, 0) ==
                           MG_OK && back == a,
                       "%s: %s parsed %d, want %d", specs[k], buf, back, a);
            for (i = 0; buf[i]; i++)
                up[i] = (char)toupper((unsigned char)buf[i]);
            up[i] = '\0';
            back = -1;
            MG_REQUIRE(mg_state_action_from_string(s, up, &back, NULL, 0) ==
                           MG_OK && back == a,
                       "%s: %s parsed %d, want %d", specs[k], up, back, a);
            back = -1;
            MG_REQUIRE(mg_state_action_from_string(s, alt, &back, NULL, 0) ==
                           MG_OK && back == a,
                       "%s: %s parsed %d, want %d", specs[k], alt, back, a);
        }
        /* out of range */
        {
            char buf[8];
            ck_assert_int_eq(mg_state_action_to_string(s, n, buf, sizeof buf,
                                                       NULL), MG_ERANGE);
            ck_assert_int_eq(mg_state_action_to_string(s, -1, buf, sizeof buf,
                                                       NULL), MG_ERANGE);
            ck_assert_int_eq(mg_state_apply(s, n), MG_ERANGE);
        }
        done(g, s);
    }
}
END_TEST

/* §4.3: names off the board, moves that are no action (diagonal, not in
 * line, onto itself) and garbage are refused. */
START_TEST(notation_refusals)
{
    static const struct { const char *text; int rc; } bad[] = {
        {"i1", MG_ERANGE},  {"a8", MG_ERANGE},   {"xa8", MG_ERANGE},
        {"#56", MG_ERANGE}, {"x#56", MG_ERANGE}, {"a1-b2", MG_ERANGE},
        {"a1-a1", MG_ERANGE}, {"a1-i1", MG_ERANGE},
        {"", MG_ESYNTAX},   {"1a", MG_ESYNTAX},  {"a1-", MG_ESYNTAX},
        {"y", MG_ESYNTAX},
    };
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int32_t a = 12345;
        char err[128] = "";
        int rc = mg_state_action_from_string(s, bad[i].text, &a, err, sizeof err);
        ck_assert_msg(rc == bad[i].rc || (bad[i].rc == MG_ESYNTAX &&
                                          rc == MG_ERANGE) ||
                          (bad[i].rc == MG_ERANGE && rc == MG_ESYNTAX),
                      "'%s': got %d (%s), want %d", bad[i].text, rc, err,
                      bad[i].rc);
        ck_assert_int_ne(rc, MG_OK);
    }
    {
        int32_t a = -1;
        ck_assert_int_eq(mg_state_action_from_string(s, " H7 ", &a, NULL, 0),
                         MG_OK);
        ck_assert_int_eq(a, 55);
        ck_assert_int_eq(mg_state_action_from_string(s, "Xh7", &a, NULL, 0),
                         MG_OK);
        ck_assert_int_eq(a, 56 + 55);
    }
    done(g, s);
}
END_TEST

/* §0 mg_state_score = stones on the board, mg_state_groups = chain sizes
 * descending; rules §4.3 placement legality; hash of transpositions. */
START_TEST(scores_groups_hash)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=3,height=3)"), *t = NULL;
    int32_t grp[9];
    size_t n = 0;
    ck_assert_int_eq(mg_state_groups(s, 0, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 0);
    play(s, "a1 c3 b1 b3 c1 a3 a2");
    /*   3  O O O
     *   2  X . .
     *   1  X X X      */
    ck_assert_int_eq(score(s, 0), 4);
    ck_assert_int_eq(score(s, 1), 3);
    refused(s, "a1", MG_EILLEGAL);
    refused(s, "xa3", MG_EILLEGAL);
    ck_assert_int_eq(mg_state_groups(s, 0, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(grp[0], 4);
    play(s, "c2");
    /*   3  O O O
     *   2  X . O
     *   1  X X X      */
    ck_assert_int_eq(mg_state_groups(s, 1, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(grp[0], 4);
    ck_assert_int_eq(mg_state_groups(s, 0, NULL, 0, &n), MG_ENOBUFS);
    ck_assert_uint_eq(n, 1);
    {
        int32_t v;
        ck_assert_int_eq(mg_state_score(s, 2, &v), MG_ERANGE);
        ck_assert_int_eq(mg_state_groups(s, -1, grp, 9, &n), MG_ERANGE);
    }
    /* transposition: same stones by another order hash equal */
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    play(t, "a2 a3 c1 b3 b1 c3 a1 c2");
    ck_assert_uint_eq(mg_state_hash(s), mg_state_hash(t));
    play(s, "b2");
    ck_assert_uint_ne(mg_state_hash(s), mg_state_hash(t));
    mg_state_free(t);
    /* 3  O O O      a1 b1 c1 a2 b2: X; one chain of 5 */
    ck_assert_int_eq(mg_state_groups(s, 0, grp, 9, &n), MG_OK);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(grp[0], 5);
    done(g, s);
}
END_TEST

/* Text rendering: X and O on the grid, the phase and pending removals. */
START_TEST(text_rendering)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    char buf[2048];
    int x, o;
    play(s, two_sq_4x4);
    render_counts(s, &x, &o);
    ck_assert_int_eq(x, 8);
    ck_assert_int_eq(o, 8);
    play(s, "xb2 xd4 b3-b2");
    render_counts(s, &x, &o);
    ck_assert_int_eq(x, 7);
    ck_assert_int_eq(o, 7);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "4 O O O .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "2 X X X O\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "  a b c d\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "remove 2") != NULL, "%s", buf); /* pending */
    play(s, "xa3");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "remove 1") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "3 . . O X\n") != NULL, "%s", buf);
    {
        size_t need = 0;
        char *svg;
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 0, &need),
                         MG_ENOBUFS);
        svg = malloc(need);
        ck_assert_ptr_nonnull(svg);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, need, NULL),
                         MG_OK);
        ck_assert_uint_eq(strlen(svg) + 1, need);
        ck_assert(strncmp(svg, "<svg", 4) == 0 || strncmp(svg, "<?xml", 5) == 0);
        free(svg);
    }
    ck_assert_int_eq(mg_state_render(s, 99, buf, sizeof buf, NULL), MG_EINVAL);
    done(g, s);
}
END_TEST

Suite *mg_fangqi_text_suite(void)
{
    Suite *s = suite_create("fangqi_text");
    TCase *opts = tcase_create("options");
    TCase *rules = tcase_create("rules");
    tcase_add_test(opts, options_and_canonical_spec);
    tcase_add_test(opts, option_refusals);
    tcase_add_test(rules, notation_all_actions);
    tcase_add_test(rules, notation_refusals);
    tcase_add_test(rules, scores_groups_hash);
    tcase_add_test(rules, text_rendering);
    tcase_set_timeout(rules, 60);
    suite_add_tcase(s, opts);
    suite_add_tcase(s, rules);
    return s;
}
