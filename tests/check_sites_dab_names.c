/*
 * check_sites_dab_names.c - the position of Dots and Boxes (since 1.3) by
 * hand-built positions: the sites (the lines, site = action id, rules §3.4;
 * then the boxes, bottom row first), their names and neighbours on every
 * grid (rules §3.1).
 *
 * The rest of the position: check_sites_dab_places.c,
 * check_sites_dab_held.c, check_sites_dab_symmetries.c.
 */
#include "sites_dab_test.h"

/* The neighbours of site as "a b c" (ascending, as returned). */
static const char *nbrs_text(const mg_game *g, int32_t site, char *buf,
                             size_t cap)
{
    int32_t nb[8];
    size_t n = 0, k, len = 0;
    ck_assert_int_eq(mg_game_site_neighbors(g, site, nb, 8, &n), MG_OK);
    buf[0] = '\0';
    for (k = 0; k < n; k++)
        len += (size_t)snprintf(buf + len, cap - len, k ? " %d" : "%d",
                                (int)nb[k]);
    return buf;
}

/* ------------------------------------------------------- sites, names */

/* Rules §3.4 (the 2 x 2 example table): the sites are the lines, site =
 * action id, named by their notation, then the four boxes. */
START_TEST(lines_then_boxes)
{
    static const char *const boxes[4] = {"a1-b1-a2-b2", "b1-c1-b2-c2",
                                         "a2-b2-a3-b3", "b2-c2-b3-c3"};
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=2,cols=2)");
    int32_t i, from, to;
    char name[64], act[64];
    size_t need;
    ck_assert_int_eq(mg_game_num_sites(g), 12 + 4);
    for (i = 0; i < 12; i++) {
        ck_assert_int_eq(mg_game_site_kind(g, i), MG_SITE_LINE);
        name_of(g, i, name, sizeof name);
        ck_assert_int_eq(
            mg_state_action_to_string(s, i, act, sizeof act, &need), MG_OK);
        ck_assert_str_eq(name, act);
        ck_assert_int_eq(mg_game_action_sites(g, i, &from, &to), MG_OK);
        ck_assert_int_eq(from, -1);
        ck_assert_int_eq(to, i);
    }
    name_of(g, 7, name, sizeof name);
    ck_assert_str_eq(name, "b2-c2"); /* the table: id 7 */
    for (i = 0; i < 4; i++) {
        ck_assert_int_eq(mg_game_site_kind(g, 12 + i), MG_SITE_BOX);
        name_of(g, 12 + i, name, sizeof name);
        ck_assert_str_eq(name, boxes[i]);
    }
    done(g, s);
}
END_TEST

/* Rules §3.1: names and neighbours of a few lines and boxes per grid: a
 * line's neighbours are its one or two boxes, a box's its lines. */
START_TEST(names_and_neighbours)
{
    mg_game *g;
    char t[64];
    /* square 2 x 2: a box's four sides, an inner line's two boxes */
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_str_eq(nbrs_text(g, 0, t, sizeof t), "12");    /* a1-b1 */
    ck_assert_str_eq(nbrs_text(g, 3, t, sizeof t), "12 13"); /* b1-b2 */
    ck_assert_str_eq(nbrs_text(g, 8, t, sizeof t), "14 15"); /* b2-b3 */
    ck_assert_str_eq(nbrs_text(g, 12, t, sizeof t), "0 1 3 5");
    ck_assert_str_eq(nbrs_text(g, 15, t, sizeof t), "7 8 9 11");
    mg_game_free(g);

    /* triangle, size 2: dots a1 b1 c1 / a2 b2 / a3; lines in dot order
     * a1-b1 a1-a2 b1-c1 b1-a2 b1-b2 c1-b2 a2-b2 a2-a3 b2-a3 */
    MG_GAME(g, "dots_and_boxes(grid=triangle,size=2)");
    ck_assert_int_eq(mg_game_num_sites(g), 9 + 4);
    name_of(g, 3, t, sizeof t);
    ck_assert_str_eq(t, "b1-a2");
    ck_assert_str_eq(nbrs_text(g, 3, t, sizeof t), "9 11");
    ck_assert_int_eq(site_named(g, "b1-a2-b2"), 11); /* the down triangle */
    ck_assert_str_eq(nbrs_text(g, 11, t, sizeof t), "3 4 6");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "a2-b2-a3"), t, sizeof t),
                     "6 7 8");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "c1-b2"), t, sizeof t), "10");
    mg_game_free(g);

    /* triangle, shape=hexagon, size 1: six triangles around b2 */
    MG_GAME(g, "dots_and_boxes(grid=triangle,shape=hexagon,size=1)");
    ck_assert_int_eq(mg_game_num_sites(g), 12 + 6);
    ck_assert_str_eq(nbrs_text(g, site_named(g, "b1-b2"), t, sizeof t),
                     "12 13");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "b1-c1"), t, sizeof t), "12");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "b2-b3"), t, sizeof t),
                     "16 17");
    ck_assert_int_eq(site_named(g, "b2-a3-b3"), 17);
    mg_game_free(g);

    /* honeycomb, size 1: the cell's six dots (rules §3.1) and sides */
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=1)");
    ck_assert_int_eq(mg_game_num_sites(g), 6 + 1);
    name_of(g, 6, t, sizeof t);
    ck_assert_str_eq(t, "a1-b1-c1-a2-b2-c2");
    ck_assert_int_eq(mg_game_site_kind(g, 6), MG_SITE_BOX);
    ck_assert_str_eq(nbrs_text(g, 6, t, sizeof t), "0 1 2 3 4 5");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "c1-c2"), t, sizeof t), "6");
    mg_game_free(g);

    /* honeycomb, size 2: seven cells, 30 lines; the centre cell's six
     * sides are all inner lines */
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2)");
    ck_assert_int_eq(mg_game_num_sites(g), 30 + 7);
    ck_assert_int_eq(site_named(g, "c2-d2-e2-c3-d3-e3"), 33);
    ck_assert_str_eq(nbrs_text(g, site_named(g, "c2-d2"), t, sizeof t),
                     "30 33");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "e2-e3"), t, sizeof t),
                     "33 34");
    ck_assert_str_eq(nbrs_text(g, site_named(g, "a2-a3"), t, sizeof t), "32");
    {
        int32_t nb[8], k;
        size_t n = 0;
        ck_assert_int_eq(mg_game_site_neighbors(g, 33, nb, 8, &n), MG_OK);
        ck_assert_uint_eq(n, 6);
        for (k = 0; k < 6; k++) {
            size_t two = 0;
            int32_t tmp[8];
            mg_game_site_neighbors(g, nb[k], tmp, 8, &two);
            ck_assert_uint_eq(two, 2);
        }
    }
    mg_game_free(g);
}
END_TEST

/* The box order: bottom row first, left to right; on the triangle grid a
 * row's up-pointing triangles (centres lower) before its down-pointing
 * ones. */
START_TEST(box_order)
{
    static const char *const tri[4] = {"a1-b1-a2", "b1-c1-b2", "b1-a2-b2",
                                       "a2-b2-a3"};
    static const char *const hex[7] = {"b1-c1-d1-b2-c2-d2", "d1-e1-f1-d2-e2-f2",
                                       "a2-b2-c2-a3-b3-c3", "c2-d2-e2-c3-d3-e3",
                                       "e2-f2-g2-e3-f3-g3", "b3-c3-d3-b4-c4-d4",
                                       "d3-e3-f3-d4-e4-f4"};
    static const char *const trihex[6] = {"b1-c1-b2", "b1-a2-b2", "c1-b2-c2",
                                          "a2-b2-a3", "b2-c2-b3", "b2-a3-b3"};
    static const char *const specs[] = {
        "dots_and_boxes(rows=3,cols=4)", "dots_and_boxes(grid=triangle,size=4)",
        "dots_and_boxes(grid=triangle,shape=hexagon,size=3)",
        "dots_and_boxes(grid=hexagon,size=4)"};
    mg_game *g;
    char t[64];
    int32_t i, k;
    MG_GAME(g, "dots_and_boxes(grid=triangle,size=2)");
    for (i = 0; i < 4; i++) {
        name_of(g, 9 + i, t, sizeof t);
        ck_assert_str_eq(t, tri[i]);
    }
    mg_game_free(g);
    MG_GAME(g, "dots_and_boxes(grid=triangle,shape=hexagon,size=1)");
    for (i = 0; i < 6; i++) {
        name_of(g, 12 + i, t, sizeof t);
        ck_assert_str_eq(t, trihex[i]);
    }
    mg_game_free(g);
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2)");
    for (i = 0; i < 7; i++) {
        name_of(g, 30 + i, t, sizeof t);
        ck_assert_str_eq(t, hex[i]);
    }
    mg_game_free(g);
    /* in general: centres by y (downwards: decreasing), then x */
    for (k = 0; k < (int32_t)(sizeof specs / sizeof specs[0]); k++) {
        int32_t n, L;
        double px = 0, py = 0;
        MG_GAME(g, specs[k]);
        n = mg_game_num_sites(g);
        L = num_lines(g);
        for (i = L; i < n; i++) {
            double x, y;
            ck_assert_int_eq(mg_game_site_kind(g, i), MG_SITE_BOX);
            mg_game_site_position(g, i, &x, &y);
            if (i > L)
                ck_assert_msg(y < py - 1e-9 || (y < py + 1e-9 && x > px),
                              "%s: box %d at (%g, %g) after (%g, %g)", specs[k],
                              i, x, y, px, py);
            px = x;
            py = y;
        }
        mg_game_free(g);
    }
}
END_TEST

Suite *mg_sites_dab_names_suite(void)
{
    Suite *s = suite_create("sites_dab_names");
    TCase *sites = tcase_create("sites");
    tcase_set_timeout(sites, 120);
    tcase_add_test(sites, lines_then_boxes);
    tcase_add_test(sites, names_and_neighbours);
    tcase_add_test(sites, box_order);
    suite_add_tcase(s, sites);
    return s;
}
