/*
 * check_sites_dab_held.c - the position of Dots and Boxes (since 1.3) by
 * hand-built positions: who holds each site after known moves (rules §3.2)
 * and under the borders (rules §3.3), and the observation planes of known
 * positions.
 *
 * The rest of the position: check_sites_dab_names.c,
 * check_sites_dab_places.c, check_sites_dab_symmetries.c.
 */
#include "sites_dab_test.h"

/* -------------------------------------------------- who holds a site */

static int8_t held(const mg_state *s, const char *name)
{
    return (int8_t)mg_state_site(s, site_named(mg_state_game(s), name));
}

/* Rules §3.3: the Swedish border draws every border line (a line with
 * one box) before the game: they are neutral, every other site nobody's;
 * as many as §3.1's table says.  Except where a cell's every side is a
 * border line (1 x 1, triangle of size 1, honeycomb of size 1): nothing
 * is drawn. */
START_TEST(swedish_border)
{
    static const struct {
        const char *spec;
        int border_lines, neutral;
    } t[] = {
        {"dots_and_boxes(rows=3,cols=3,border=swedish)", 12, 12},
        {"dots_and_boxes(rows=1,cols=3,border=swedish)", 8, 8},
        {"dots_and_boxes(rows=2,cols=4,border=swedish)", 12, 12},
        {"dots_and_boxes(grid=triangle,size=3,border=swedish)", 9, 9},
        {"dots_and_boxes(grid=triangle,shape=hexagon,size=1,border=swedish)", 6,
         6},
        {"dots_and_boxes(grid=triangle,shape=hexagon,size=2,border=swedish)",
         12, 12},
        {"dots_and_boxes(grid=hexagon,size=2,border=swedish)", 18, 18},
        {"dots_and_boxes(grid=hexagon,size=3,border=swedish)", 30, 30},
        /* decided: a cell of border lines only keeps its sides undrawn */
        {"dots_and_boxes(rows=1,cols=1,border=swedish)", 4, 0},
        {"dots_and_boxes(grid=triangle,size=1,border=swedish)", 3, 0},
        {"dots_and_boxes(grid=hexagon,size=1,border=swedish)", 6, 0},
    };
    int k;
    for (k = 0; k < (int)(sizeof t / sizeof t[0]); k++) {
        mg_game *g;
        mg_state *s = start(&g, t[k].spec);
        int32_t n = mg_game_num_sites(g), nl = num_lines(g), i, nb[8];
        int border = 0, neutral = 0;
        for (i = 0; i < n; i++) {
            size_t c = 0;
            int v = mg_state_site(s, i);
            if (i >= nl) {
                ck_assert_int_eq(v, MG_NOBODY);
                continue;
            }
            mg_game_site_neighbors(g, i, nb, 8, &c);
            border += c == 1;
            neutral += v == MG_NEUTRAL;
            if (t[k].neutral)
                ck_assert_int_eq(v, c == 1 ? MG_NEUTRAL : MG_NOBODY);
            else
                ck_assert_int_eq(v, MG_NOBODY);
        }
        ck_assert_msg(border == t[k].border_lines && neutral == t[k].neutral,
                      "%s: %d border lines, %d neutral", t[k].spec, border,
                      neutral);
        done(g, s);
    }
}
END_TEST

/* Rules §3.3: the Icelandic border draws the left (x = 0) and bottom
 * (y = 0) border lines, R + C of them. */
START_TEST(icelandic_border)
{
    static const char *const left_bottom[] = {"a1-a2", "a2-a3", "a1-b1",
                                              "b1-c1", "c1-d1"};
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=2,cols=3,border=icelandic)");
    int32_t i, n = mg_game_num_sites(g), neutral = 0;
    for (i = 0; i < 5; i++)
        ck_assert_int_eq(held(s, left_bottom[i]), MG_NEUTRAL);
    for (i = 0; i < n; i++)
        neutral += mg_state_site(s, i) == MG_NEUTRAL;
    ck_assert_int_eq(neutral, 2 + 3);
    ck_assert_int_eq(held(s, "d1-d2"), MG_NOBODY); /* the right side */
    ck_assert_int_eq(held(s, "a3-b3"), MG_NOBODY); /* the top side */
    ck_assert_int_eq(held(s, "b1-b2"), MG_NOBODY);
    done(g, s);
    s = start(&g, "dots_and_boxes(rows=1,cols=1,border=icelandic)");
    ck_assert_int_eq(held(s, "a1-b1"), MG_NEUTRAL);
    ck_assert_int_eq(held(s, "a1-a2"), MG_NEUTRAL);
    ck_assert_int_eq(held(s, "b1-b2"), MG_NOBODY);
    ck_assert_int_eq(held(s, "a2-b2"), MG_NOBODY);
    play(s, "b1-b2 a2-b2"); /* seat 1 closes the box (rules §3.2.2) */
    ck_assert_int_eq(held(s, "b1-b2"), 0);
    ck_assert_int_eq(held(s, "a2-b2"), 1);
    ck_assert_int_eq(held(s, "a1-b1"), MG_NEUTRAL);
    ck_assert_int_eq(held(s, "a1-b1-a2-b2"), 1);
    done(g, s);
}
END_TEST

/* Rules §3.2: a line belongs to the seat that drew it, a box to the seat
 * that drew its last side; after a box the same seat moves again. */
START_TEST(owners_after_moves)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=2)");
    int8_t buf[16];
    size_t count = 0;
    int32_t i;
    play(s, "a1-b1 a2-b2 a1-a2 b1-c1"); /* seats 0 1 0 1 */
    ck_assert_int_eq(held(s, "a1-b1"), 0);
    ck_assert_int_eq(held(s, "a2-b2"), 1);
    ck_assert_int_eq(held(s, "a1-a2"), 0);
    ck_assert_int_eq(held(s, "b1-c1"), 1);
    ck_assert_int_eq(held(s, "b1-b2"), MG_NOBODY);
    ck_assert_int_eq(held(s, "a1-b1-a2-b2"), MG_NOBODY);
    play(s, "b1-b2"); /* seat 0 closes the left box, moves again */
    ck_assert_int_eq(held(s, "b1-b2"), 0);
    ck_assert_int_eq(held(s, "a1-b1-a2-b2"), 0);
    ck_assert_int_eq(held(s, "b1-c1-b2-c2"), MG_NOBODY);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "c1-c2 b2-c2"); /* seat 0, then seat 1 closes the right box */
    ck_assert_int_eq(held(s, "c1-c2"), 0);
    ck_assert_int_eq(held(s, "b2-c2"), 1);
    ck_assert_int_eq(held(s, "b1-c1-b2-c2"), 1);
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_sites(s, buf, sizeof buf, &count), MG_OK);
    ck_assert_uint_eq(count, 7 + 2);
    {
        static const int8_t want[9] = {0, 0, 1, 0, 0, 1, 1, 0, 1};
        for (i = 0; i < 9; i++)
            ck_assert_int_eq(buf[i], want[i]);
    }
    /* undo gives the lines back to nobody */
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    ck_assert_int_eq(held(s, "b2-c2"), MG_NOBODY);
    ck_assert_int_eq(held(s, "b1-c1-b2-c2"), MG_NOBODY);
    done(g, s);

    /* Swedish 2 x 2 (rules §3.3): neutral sides count towards a box; the
     * box goes to the seat that draws its last side */
    s = start(&g, "dots_and_boxes(rows=2,cols=2,border=swedish)");
    play(s, "b1-b2 a2-b2"); /* seat 1 closes the bottom-left box */
    ck_assert_int_eq(held(s, "a1-b1-a2-b2"), 1);
    ck_assert_int_eq(held(s, "b1-b2"), 0);
    ck_assert_int_eq(held(s, "a2-b2"), 1);
    ck_assert_int_eq(held(s, "a1-b1"), MG_NEUTRAL);
    play(s, "b2-c2"); /* seat 1 again: the bottom-right box, not above */
    ck_assert_int_eq(held(s, "b1-c1-b2-c2"), 1);
    ck_assert_int_eq(held(s, "b2-c2-b3-c3"), MG_NOBODY);
    play(s, "b2-b3"); /* seat 1 again: the last line closes both */
    ck_assert_int_eq(held(s, "a2-b2-a3-b3"), 1);
    ck_assert_int_eq(held(s, "b2-c2-b3-c3"), 1);
    done(g, s);
}
END_TEST

/* ---------------------------------------------------------- planes */

/* The planes x sites values against want (row per plane). */
static void check_planes(const mg_state *s, int player, const float *want,
                         int32_t sites)
{
    size_t count = 0, k;
    float *o = observe(s, player, &count);
    ck_assert_uint_eq(count, 6 * (size_t)sites);
    for (k = 0; k < count; k++)
        ck_assert_msg(o[k] == want[k],
                      "player %d, plane %d, site %d: %g, want %g", player,
                      (int)(k / (size_t)sites), (int)(k % (size_t)sites),
                      (double)o[k], (double)want[k]);
    free(o);
}

START_TEST(plane_names)
{
    static const char *const names[6] = {"own",     "opponent", "empty",
                                         "neutral", "sides",    "to_move"};
    mg_game *g;
    int32_t planes = 0, sites = 0, k;
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2)");
    ck_assert_int_eq(mg_game_observation_shape(g, &planes, &sites), MG_OK);
    ck_assert_int_eq(planes, 6);
    ck_assert_int_eq(sites, 37);
    for (k = 0; k < 6; k++)
        ck_assert_str_eq(mg_game_observation_plane(g, k), names[k]);
    ck_assert_ptr_null(mg_game_observation_plane(g, 6));
    mg_game_free(g);
}
END_TEST

/* 1 x 2 (lines a1-b1 a1-a2 b1-c1 b1-b2 c1-c2 a2-b2 b2-c2, boxes left,
 * right): after a1-b1 a2-b2 a1-a2 b1-c1 b1-b2 seat 0 has closed the left
 * box and moves again (rules §3.2.2). */
START_TEST(planes_of_a_position)
{
    /* clang-format off */
    static const float seat0[6 * 9] = {
        1, 1, 0, 1, 0, 0, 0, 1, 0,          /* own */
        0, 0, 1, 0, 0, 1, 0, 0, 0,          /* opponent */
        0, 0, 0, 0, 1, 0, 1, 0, 1,          /* empty */
        0, 0, 0, 0, 0, 0, 0, 0, 0,          /* neutral */
        0, 0, 0, 0, 0, 0, 0, 1, 0.5f,       /* sides */
        1, 1, 1, 1, 1, 1, 1, 1, 1};         /* to_move */
    static const float seat1[6 * 9] = {
        0, 0, 1, 0, 0, 1, 0, 0, 0,          /* own */
        1, 1, 0, 1, 0, 0, 0, 1, 0,          /* opponent */
        0, 0, 0, 0, 1, 0, 1, 0, 1,          /* empty */
        0, 0, 0, 0, 0, 0, 0, 0, 0,          /* neutral */
        0, 0, 0, 0, 0, 0, 0, 1, 0.5f,       /* sides */
        0, 0, 0, 0, 0, 0, 0, 0, 0};         /* to_move */
    /* clang-format on */
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=2)");
    play(s, "a1-b1 a2-b2 a1-a2 b1-c1 b1-b2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    check_planes(s, 0, seat0, 9);
    check_planes(s, 1, seat1, 9);
    done(g, s);
}
END_TEST

/* Swedish 2 x 2 after b1-b2 (seat 0; rules §3.3): the eight border
 * lines neutral; the bottom boxes have three sides of four, the top ones
 * two; seat 1 to move. */
START_TEST(planes_swedish)
{
    /* lines a1-b1 a1-a2 b1-c1 b1-b2 c1-c2 a2-b2 a2-a3 b2-c2 b2-b3 c2-c3
     * a3-b3 b3-c3, then the boxes */
    /* clang-format off */
    static const float seat1[6 * 16] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1,
        1, 1, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.75f, 0.75f, 0.5f, 0.5f,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    /* clang-format on */
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=2,cols=2,border=swedish)");
    play(s, "b1-b2");
    check_planes(s, 1, seat1, 16);
    done(g, s);
}
END_TEST

/* Swedish triangle of size 2 at the start: the six border lines
 * neutral; each corner triangle has two sides of three, the middle one
 * none. */
START_TEST(planes_triangle)
{
    const float third2 = (float)2 / (float)3;
    mg_game *g;
    mg_state *s =
        start(&g, "dots_and_boxes(grid=triangle,size=2,border=swedish)");
    size_t count = 0;
    float *o = observe(s, 0, &count);
    int32_t n = 13, i;
    static const int neutral[9] = {1, 1, 1, 0, 0, 1, 0, 1, 1};
    for (i = 0; i < 9; i++) {
        ck_assert(o[3 * n + i] == (float)neutral[i]);
        ck_assert(o[2 * n + i] == (float)!neutral[i]);
        ck_assert(o[4 * n + i] == 0);
    }
    ck_assert(o[4 * n + 9] == third2);  /* a1-b1-a2 */
    ck_assert(o[4 * n + 10] == third2); /* b1-c1-b2 */
    ck_assert(o[4 * n + 11] == 0);      /* b1-a2-b2, the middle */
    ck_assert(o[4 * n + 12] == third2); /* a2-b2-a3 */
    for (i = 0; i < n; i++)
        ck_assert(o[5 * n + i] == 1);
    free(o);
    done(g, s);
}
END_TEST

Suite *mg_sites_dab_held_suite(void)
{
    Suite *s = suite_create("sites_dab_held");
    TCase *held_tc = tcase_create("held");
    tcase_add_test(held_tc, swedish_border);
    tcase_add_test(held_tc, icelandic_border);
    tcase_add_test(held_tc, owners_after_moves);
    tcase_add_test(held_tc, plane_names);
    tcase_add_test(held_tc, planes_of_a_position);
    tcase_add_test(held_tc, planes_swedish);
    tcase_add_test(held_tc, planes_triangle);
    suite_add_tcase(s, held_tc);
    return s;
}
