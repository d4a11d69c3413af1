/*
 * check_chains_boards.c - Chains of Thought on its ten boards (doc/rules.md
 * §0, §5; sections cited per test): every board against a construction
 * written here (points, order, adjacency, degree histograms, the drawn
 * geometry); Ludii's site order pinned by a few points of each board; every
 * action id's notation, printed and parsed back.
 *
 * The boards built here: chains_boards_test.h.  The rest:
 * check_chains_options.c and check_chains_games.c.
 */
#include "chains_boards_test.h"

/* ------------------------------------------------------------ helpers */

static double fabs_(double v)
{
    return v < 0 ? -v : v;
}

/* The library's neighbour of f in slot k, read off the notation of the
 * step id P + f*D + k ("d4-e5", or "d4-slot5" for a slot f lacks): the
 * point index, or -1. */
static int lib_neighbour(const mg_state *s, int P, int D, int f, int k)
{
    char nm[64], err[128];
    const char *dash;
    int32_t t = -1;
    ck_assert_int_eq(mg_state_action_to_string(s, P + f * D + k, nm,
                                               sizeof nm, NULL),
                     MG_OK);
    dash = strchr(nm, '-');
    ck_assert_ptr_nonnull(dash);
    if (strncmp(dash + 1, "slot", 4) == 0)
        return -1;
    ck_assert_int_eq(mg_state_action_from_string(s, dash + 1, &t, err,
                                                 sizeof err),
                     MG_OK);
    ck_assert_int_lt(t, P);
    return t;
}

/* ----------------------------------------------------------- boards */

/* §5.1: point counts, degree histograms and the adjacency itself, against
 * the boards built here, for all ten boards; adjacency is symmetric. */
START_TEST(board_points_and_adjacency)
{
    static tgeo t;
    const struct board_case *bc = &boards[_i];
    char spec[128];
    mg_game *g;
    mg_state *s;
    int hist[9] = {0}, f, k, d, P;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
    s = start(&g, spec);
    geo_of(&t, bc);
    ck_assert_int_eq(t.P, bc->P);
    P = bc->P;
    ck_assert_int_eq(mg_game_num_actions(g), P + P * bc->D);
    for (f = 0; f < P; f++) {
        int deg = 0;
        for (k = 0; k < bc->D; k++) {
            int to = lib_neighbour(s, P, bc->D, f, k), j, back = 0;
            if (to < 0)
                continue;
            deg++;
            ck_assert_msg(t_adjacent(&t, f, to),
                          "%s: #%d-#%d is not an edge here", bc->name, f, to);
            for (j = 0; j < bc->D; j++)
                back |= lib_neighbour(s, P, bc->D, to, j) == f;
            ck_assert_msg(back, "%s: #%d-#%d one way only", bc->name, f, to);
        }
        ck_assert_msg(deg == t.deg[f], "%s #%d: degree %d, here %d", bc->name,
                      f, deg, t.deg[f]);
        hist[deg]++;
    }
    for (d = 0; d < 9; d++)
        ck_assert_msg(hist[d] == bc->hist[d], "%s: %d points of degree %d, "
                      "want %d", bc->name, hist[d], d, bc->hist[d]);
    done(g, s);
}
END_TEST

/* §0, §5.1, §5.3: indices bottom row first, left to right; names from the
 * minimum column and row; #index everywhere; trisquare names are #index. */
START_TEST(point_order_and_names)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought");
    char nm[32], err[160];
    int32_t a;
    /* hex4: bottom row r = -3 holds q = 0..3, columns d..g */
    ck_assert_int_eq(parse(s, "d1"), 0);
    ck_assert_int_eq(parse(s, "g1"), 3);
    ck_assert_int_eq(parse(s, "c2"), 4);
    ck_assert_int_eq(parse(s, "a4"), 15);
    ck_assert_int_eq(parse(s, "d4"), 18); /* the centre */
    ck_assert_int_eq(parse(s, "a7"), 33);
    ck_assert_int_eq(parse(s, "d7"), 36);
    ck_assert_int_eq(parse(s, "D4"), 18);
    ck_assert_int_eq(parse(s, "#18"), 18);
    ck_assert_int_eq(parse(s, " #36 "), 36);
    mg_state_action_to_string(s, 18, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "d4");
    /* hex slots E NE NW W SW SE (rules §0): d4 -> e4 is slot 0 */
    ck_assert_int_eq(parse(s, "d4-e4"), 37 + 18 * 6 + 0);
    ck_assert_int_eq(parse(s, "d4-d5"), 37 + 18 * 6 + 1);
    ck_assert_int_eq(parse(s, "d4-c5"), 37 + 18 * 6 + 2);
    ck_assert_int_eq(parse(s, "d4-c4"), 37 + 18 * 6 + 3);
    ck_assert_int_eq(parse(s, "d4-d3"), 37 + 18 * 6 + 4);
    ck_assert_int_eq(parse(s, "d4-e3"), 37 + 18 * 6 + 5);
    ck_assert_int_eq(parse(s, "#18-#19"), parse(s, "d4-e4"));
    mg_state_action_to_string(s, 37 + 0 * 6 + 3, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "d1-slot3"); /* d1 has no west neighbour */
    ck_assert_int_eq(parse(s, "D1-SLOT3"), 37 + 3);
    /* points that do not exist */
    ck_assert_int_eq(mg_state_action_from_string(s, "a1", &a, err, sizeof err),
                     MG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err, "a1"));
    ck_assert_int_eq(mg_state_action_from_string(s, "h4", &a, err, sizeof err),
                     MG_ERANGE);
    ck_assert_int_eq(mg_state_action_from_string(s, "#37", &a, err, sizeof err),
                     MG_ERANGE);
    done(g, s);

    s = start(&g, "chains_of_thought(board=square6)");
    ck_assert_int_eq(parse(s, "a1"), 0);
    ck_assert_int_eq(parse(s, "f1"), 5);
    ck_assert_int_eq(parse(s, "a2"), 6);
    ck_assert_int_eq(parse(s, "f6"), 35);
    /* square slots E NE N NW W SW S SE */
    ck_assert_int_eq(parse(s, "b2-c3"), 36 + 7 * 8 + 1);
    ck_assert_int_eq(parse(s, "b2-a1"), 36 + 7 * 8 + 5);
    done(g, s);

    s = start(&g, "chains_of_thought(board=trisquare4)");
    mg_state_action_to_string(s, 0, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "#0");
    mg_state_action_to_string(s, 97, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "#97");
    ck_assert_int_eq(parse(s, "#97"), 97);
    ck_assert_int_eq(mg_state_action_from_string(s, "a1", &a, err, sizeof err),
                     MG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err, "#0..#97"));
    ck_assert_int_eq(mg_state_action_from_string(s, "#98", &a, err, sizeof err),
                     MG_ERANGE);
    done(g, s);
}
END_TEST

/* §5.1: on every board the SVG draws each point where its coordinates put
 * it: indices rise along rows (one pixel tolerance), rows upwards, and one
 * line per edge. */
START_TEST(drawn_geometry)
{
    static char svg[600000];
    static tgeo t;
    const struct board_case *bc = &boards[_i];
    char spec[128];
    mg_game *g;
    mg_state *s;
    const char *p;
    int i, prevx = -1, prevy = 1 << 30, lines = 0, edges = 0;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
    s = start(&g, spec);
    geo_of(&t, bc);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg, NULL),
                     MG_OK);
    p = svg;
    for (i = 0; i < bc->P; i++) {
        int x, y;
        p = strstr(p, "<circle class=\"point\"");
        ck_assert_ptr_nonnull(p);
        ck_assert_int_eq(sscanf(p, "<circle class=\"point\" cx=\"%d\" cy=\"%d\"",
                                &x, &y),
                         2);
        if (y < prevy - 1) { /* a new row, higher up */
            prevx = -1;
        } else {
            ck_assert_msg(y <= prevy + 1 && x > prevx,
                          "%s #%d at (%d,%d) after (%d,%d)", bc->name, i, x, y,
                          prevx, prevy);
        }
        prevx = x;
        prevy = y;
        p++;
    }
    for (p = svg; (p = strstr(p, "<line ")) != NULL; p++)
        lines++;
    for (i = 0; i < t.P; i++)
        edges += t.deg[i];
    ck_assert_int_eq(lines, edges / 2);
    done(g, s);
}
END_TEST

/* §5.1 point order = Ludii's site order, pinned on every board by a few
 * points with Ludii's own coordinates (y up; float32 in Ludii), the
 * library's name, drawing position (SVG body pixels) and neighbours.  The
 * coordinates come from a re-implementation of Ludii's board code:
 * Chains of Thought.lud lines 249-258 (the boards: (square n), (tri
 * Hexagon n), (renumber (rotate 135 (tiling T33434 n)))), line 183
 * (use:Vertex), RectangleOnSquare.eval() lines 78-79 and 140,
 * HexagonOnTri.eval() lines 73-75 and 128, Tiling33434.eval() lines
 * 108-118 and 132-135, Rotate.eval() line 70, Renumber.eval() line 88,
 * Graph.reorder() (sorted by y * 100 + x), Board.createTopology() (graph
 * vertex i = site i).  Positions are compared as offsets from the
 * board's site 0, y flipped. */
static const struct pin {
    int board, index;
    const char *name;
    double lx, ly; /* Ludii */
    int px, py;    /* the library's drawing */
    int nn, nb[8];
} pins[] = {
    /* hex4 */
    {0, 0, "d1", 0.000000, 0.000000, 90, 238, 3, {1, 4, 5}},
    {0, 1, "e1", 1.000000, 0.000000, 130, 238, 4, {0, 2, 5, 6}},
    {0, 18, "d4", 1.500000, 2.598076, 150, 134, 6, {11, 12, 17, 19, 24, 25}},
    {0, 35, "c7", 2.000000, 5.196152, 170, 30, 4, {30, 31, 34, 36}},
    {0, 36, "d7", 3.000000, 5.196152, 210, 30, 3, {31, 32, 35}},
    /* hex7 */
    {1, 0, "g1", 0.000000, 0.000000, 150, 446, 3, {1, 7, 8}},
    {1, 1, "h1", 1.000000, 0.000000, 190, 446, 4, {0, 2, 8, 9}},
    {1, 63, "g7", 3.000000, 5.196152, 270, 238, 6, {50, 51, 62, 64, 75, 76}},
    {1, 125, "f13", 5.000000, 10.392305, 350, 30, 4, {117, 118, 124, 126}},
    {1, 126, "g13", 6.000000, 10.392305, 390, 30, 3, {118, 119, 125}},
    /* hex11 */
    {2, 0, "k1", 0.000000, 0.000000, 230, 723, 3, {1, 11, 12}},
    {2, 1, "l1", 1.000000, 0.000000, 270, 723, 4, {0, 2, 12, 13}},
    {2, 165, "k11", 5.000000, 8.660254, 430, 376, 6,
     {144, 145, 164, 166, 185, 186}},
    {2, 329, "j21", 9.000000, 17.320508, 590, 30, 4, {317, 318, 328, 330}},
    {2, 330, "k21", 10.000000, 17.320508, 630, 30, 3, {318, 319, 329}},
    /* square6 */
    {3, 0, "a1", 0.000000, 0.000000, 30, 230, 3, {1, 6, 7}},
    {3, 1, "b1", 1.000000, 0.000000, 70, 230, 5, {0, 2, 6, 7, 8}},
    {3, 18, "a4", 0.000000, 3.000000, 30, 110, 5, {12, 13, 19, 24, 25}},
    {3, 34, "e6", 4.000000, 5.000000, 190, 30, 5, {27, 28, 29, 33, 35}},
    {3, 35, "f6", 5.000000, 5.000000, 230, 30, 3, {28, 29, 34}},
    /* square9 */
    {4, 0, "a1", 0.000000, 0.000000, 30, 350, 3, {1, 9, 10}},
    {4, 1, "b1", 1.000000, 0.000000, 70, 350, 5, {0, 2, 9, 10, 11}},
    {4, 40, "e5", 4.000000, 4.000000, 190, 190, 8,
     {30, 31, 32, 39, 41, 48, 49, 50}},
    {4, 79, "h9", 7.000000, 8.000000, 310, 30, 5, {69, 70, 71, 78, 80}},
    {4, 80, "i9", 8.000000, 8.000000, 350, 30, 3, {70, 71, 79}},
    /* square13 */
    {5, 0, "a1", 0.000000, 0.000000, 30, 510, 3, {1, 13, 14}},
    {5, 1, "b1", 1.000000, 0.000000, 70, 510, 5, {0, 2, 13, 14, 15}},
    {5, 84, "g7", 6.000000, 6.000000, 270, 270, 8,
     {70, 71, 72, 83, 85, 96, 97, 98}},
    {5, 167, "l13", 11.000000, 12.000000, 470, 30, 5,
     {153, 154, 155, 166, 168}},
    {5, 168, "m13", 12.000000, 12.000000, 510, 30, 3, {154, 155, 167}},
    /* square19 */
    {6, 0, "a1", 0.000000, 0.000000, 30, 750, 3, {1, 19, 20}},
    {6, 1, "b1", 1.000000, 0.000000, 70, 750, 5, {0, 2, 19, 20, 21}},
    {6, 180, "j10", 9.000000, 9.000000, 390, 390, 8,
     {160, 161, 162, 179, 181, 198, 199, 200}},
    {6, 359, "r19", 17.000000, 18.000000, 710, 30, 5,
     {339, 340, 341, 358, 360}},
    {6, 360, "s19", 18.000000, 18.000000, 750, 30, 3, {340, 341, 359}},
    /* trisquare4 */
    {7, 0, "#0", -2.544224, -0.378000, 107, 388, 3, {4, 5, 10}},
    {7, 1, "#1", -0.612372, -0.378000, 185, 388, 3, {5, 6, 11}},
    {7, 4, "#4", -3.510150, -0.119181, 69, 378, 3, {0, 9, 14}},
    {7, 49, "#49", -4.217257, 4.451629, 40, 195, 4, {39, 44, 54, 59}},
    {7, 96, "#96", 0.612372, 8.574152, 234, 30, 3, {86, 91, 92}},
    {7, 97, "#97", 2.544224, 8.574152, 311, 30, 3, {87, 92, 93}},
    /* trisquare6 */
    {8, 0, "#0", -4.476076, 0.422200, 107, 543, 3, {6, 7, 14}},
    {8, 1, "#1", -2.544224, 0.422199, 185, 543, 3, {7, 8, 15}},
    {8, 6, "#6", -5.442002, 0.681019, 69, 532, 3, {0, 13, 20}},
    {8, 97, "#97", -6.149109, 7.183680, 40, 272, 4, {83, 90, 104, 111}},
    {8, 192, "#192", 2.544224, 13.238054, 388, 30, 3, {178, 185, 186}},
    {8, 193, "#193", 4.476076, 13.238054, 465, 30, 3, {179, 186, 187}},
    /* trisquare8 */
    {9, 0, "#0", -6.407927, 1.222399, 107, 697, 3, {8, 9, 18}},
    {9, 1, "#1", -4.476075, 1.222399, 185, 697, 3, {9, 10, 19}},
    {9, 8, "#8", -7.373853, 1.481218, 69, 687, 3, {0, 17, 26}},
    {9, 161, "#161", -8.080960, 9.915731, 40, 349, 4, {143, 152, 170, 179}},
    {9, 320, "#320", 4.476076, 17.901957, 543, 30, 3, {302, 311, 312}},
    {9, 321, "#321", 6.407927, 17.901957, 620, 30, 3, {303, 312, 313}},
};
#define N_PINS ((int)(sizeof pins / sizeof pins[0]))

START_TEST(ludii_point_order)
{
    static char svg[600000];
    int i;
    for (i = 0; i < N_PINS; i++) {
        const struct pin *pn = &pins[i], *p0 = pn;
        const struct board_case *bc = &boards[pn->board];
        char spec[128], nm[32];
        mg_game *g;
        mg_state *s;
        int32_t nb[8];
        size_t cnt = 0, k;
        double x, y, x0, y0, cx, cy;
        const char *q = svg;
        while (p0 > pins && (p0 - 1)->board == pn->board)
            p0--;
        ck_assert_int_eq(p0->index, 0);
        snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
        s = start(&g, spec);
        ck_assert_int_eq(mg_state_action_to_string(s, pn->index, nm,
                                                   sizeof nm, NULL),
                         MG_OK);
        ck_assert_msg(strcmp(nm, pn->name) == 0, "%s #%d: %s, want %s",
                      bc->name, pn->index, nm, pn->name);
        ck_assert_int_eq(parse(s, pn->name), pn->index);
        ck_assert_int_eq(mg_game_site_neighbors(g, pn->index, nb, 8, &cnt),
                         MG_OK);
        ck_assert_int_eq((int)cnt, pn->nn);
        for (k = 0; k < cnt; k++)
            ck_assert_msg(nb[k] == pn->nb[k], "%s #%d: neighbour %d is %d",
                          bc->name, pn->index, (int)k, (int)nb[k]);
        ck_assert_int_eq(mg_game_site_position(g, pn->index, &x, &y), MG_OK);
        ck_assert_int_eq(mg_game_site_position(g, 0, &x0, &y0), MG_OK);
        ck_assert_msg(fabs_(x - x0 - (pn->lx - p0->lx)) < 1e-5 &&
                          fabs_(y - y0 + (pn->ly - p0->ly)) < 1e-5,
                      "%s #%d: at (%f, %f) from #0, Ludii (%f, %f)", bc->name,
                      pn->index, x - x0, y - y0, pn->lx - p0->lx,
                      p0->ly - pn->ly);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg,
                                         NULL),
                         MG_OK);
        for (k = 0; k <= (size_t)pn->index; k++) {
            q = strstr(k ? q + 1 : q, "<circle class=\"point\"");
            ck_assert_ptr_nonnull(q);
        }
        ck_assert_int_eq(sscanf(q, "<circle class=\"point\" cx=\"%lf\" "
                                   "cy=\"%lf\"",
                                &cx, &cy),
                         2);
        ck_assert_msg(cx == pn->px && cy == pn->py,
                      "%s #%d drawn at (%g, %g), want (%d, %d)", bc->name,
                      pn->index, cx, cy, pn->px, pn->py);
        done(g, s);
    }
}
END_TEST

/* §5.3: every action id prints and parses back; refusals name the part. */
START_TEST(notation_round_trip)
{
    const struct board_case *bc = &boards[_i];
    char spec[128];
    mg_game *g;
    mg_state *s;
    int32_t a, n;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
    s = start(&g, spec);
    n = mg_game_num_actions(g);
    for (a = 0; a < n; a++) {
        char nm[64], up[64], err[128];
        int32_t back = -1;
        size_t i;
        ck_assert_int_eq(mg_state_action_to_string(s, a, nm, sizeof nm, NULL),
                         MG_OK);
        MG_REQUIRE(mg_state_action_from_string(s, nm, &back, err, sizeof err) ==
                           MG_OK &&
                       back == a,
                   "%s: %d -> %s -> %d (%s)", bc->name, (int)a, nm, (int)back,
                   err);
        for (i = 0; nm[i]; i++) /* parsers ignore case */
            up[i] = (char)(nm[i] >= 'a' && nm[i] <= 'z' ? nm[i] - 32 : nm[i]);
        up[i] = '\0';
        MG_REQUIRE(mg_state_action_from_string(s, up, &back, err, sizeof err) ==
                           MG_OK &&
                       back == a,
                   "%s: %s", bc->name, up);
    }
    done(g, s);
}
END_TEST

Suite *mg_chains_boards_suite(void)
{
    Suite *s = suite_create("chains_boards");
    TCase *geo = tcase_create("boards");
    tcase_add_loop_test(geo, board_points_and_adjacency, 0, N_BOARDS);
    tcase_add_test(geo, point_order_and_names);
    tcase_add_test(geo, ludii_point_order);
    tcase_add_loop_test(geo, drawn_geometry, 0, N_BOARDS);
    tcase_add_loop_test(geo, notation_round_trip, 0, N_BOARDS);
    tcase_set_timeout(geo, 120);
    suite_add_tcase(s, geo);
    return s;
}
