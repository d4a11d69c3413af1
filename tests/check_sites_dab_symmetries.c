/*
 * check_sites_dab_symmetries.c - the position of Dots and Boxes (since 1.3)
 * by hand-built positions: the symmetries (their number per board, the
 * reflection of the Icelandic border, and that they map legal sets onto
 * legal sets).
 *
 * The rest of the position: check_sites_dab_names.c,
 * check_sites_dab_places.c, check_sites_dab_held.c.
 */
#include "sites_dab_test.h"

/* ------------------------------------------------------- symmetries */

static const struct {
    const char *spec;
    int nsym;
} sym_specs[] = {
    {"dots_and_boxes(rows=1,cols=1)", 8},
    {"dots_and_boxes(rows=2,cols=2)", 8},
    {"dots_and_boxes(rows=3,cols=3)", 8},
    {"dots_and_boxes", 8},
    {"dots_and_boxes(rows=2,cols=3)", 4},
    {"dots_and_boxes(rows=1,cols=4)", 4},
    {"dots_and_boxes(rows=5,cols=2)", 4},
    {"dots_and_boxes(grid=triangle,size=1)", 6},
    {"dots_and_boxes(grid=triangle,size=2)", 6},
    {"dots_and_boxes(grid=triangle,size=4)", 6},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=1)", 12},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=3)", 12},
    {"dots_and_boxes(grid=hexagon,size=1)", 12},
    {"dots_and_boxes(grid=hexagon,size=2)", 12},
    {"dots_and_boxes(grid=hexagon,size=4)", 12},
    /* the Swedish border keeps them all */
    {"dots_and_boxes(rows=1,cols=1,border=swedish)", 8},
    {"dots_and_boxes(rows=3,cols=3,border=swedish)", 8},
    {"dots_and_boxes(rows=2,cols=3,border=swedish)", 4},
    {"dots_and_boxes(grid=triangle,size=3,border=swedish)", 6},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=2,border=swedish)", 12},
    {"dots_and_boxes(grid=hexagon,size=3,border=swedish)", 12},
    /* the Icelandic one: the identity, and on n x n the reflection that
     * swaps the left and bottom sides */
    {"dots_and_boxes(rows=1,cols=1,border=icelandic)", 2},
    {"dots_and_boxes(rows=3,cols=3,border=icelandic)", 2},
    {"dots_and_boxes(rows=4,cols=4,border=icelandic)", 2},
    {"dots_and_boxes(rows=2,cols=3,border=icelandic)", 1},
    {"dots_and_boxes(rows=3,cols=2,border=icelandic)", 1},
    {"dots_and_boxes(rows=1,cols=1,misere=true)", 8},
};

START_TEST(symmetry_counts)
{
    mg_game *g;
    MG_GAME(g, sym_specs[_i].spec);
    ck_assert_msg(mg_game_num_symmetries(g) == sym_specs[_i].nsym,
                  "%s: %d symmetries, want %d", sym_specs[_i].spec,
                  mg_game_num_symmetries(g), sym_specs[_i].nsym);
    mg_game_free(g);
}
END_TEST

static int32_t image(const mg_game *g, int32_t sym, const char *name)
{
    int32_t img = -1;
    ck_assert_int_eq(mg_game_symmetry_site(g, sym, site_named(g, name), &img),
                     MG_OK);
    return img;
}

/* Icelandic 3 x 3: symmetry 1 reflects in the diagonal a1-d4, dot (x, y)
 * to (y, x): the left side onto the bottom one. */
START_TEST(icelandic_reflection)
{
    mg_game *g;
    int32_t img;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3,border=icelandic)");
    ck_assert_int_eq(mg_game_num_symmetries(g), 2);
    ck_assert_int_eq(image(g, 1, "a1-a2"), site_named(g, "a1-b1"));
    ck_assert_int_eq(image(g, 1, "a3-a4"), site_named(g, "c1-d1"));
    ck_assert_int_eq(image(g, 1, "c1-d1"), site_named(g, "a3-a4"));
    ck_assert_int_eq(image(g, 1, "d3-d4"), site_named(g, "c4-d4"));
    ck_assert_int_eq(image(g, 1, "a1-b1-a2-b2"), site_named(g, "a1-b1-a2-b2"));
    ck_assert_int_eq(image(g, 1, "c1-d1-c2-d2"), site_named(g, "a3-b3-a4-b4"));
    ck_assert_int_eq(
        mg_game_symmetry_action(g, 1, site_named(g, "b2-c2"), &img), MG_OK);
    ck_assert_int_eq(img, site_named(g, "b2-b3"));
    mg_game_free(g);
}
END_TEST

static const struct {
    const char *spec, *moves;
} image_positions[] = {
    {"dots_and_boxes(rows=3,cols=3)", "a1-b1 b1-b2 a1-a2 a2-b2 c3-c4 d1-d2"},
    {"dots_and_boxes(rows=2,cols=3)", "a1-b1 b1-b2 a1-a2 a2-b2 c2-d2"},
    {"dots_and_boxes(rows=3,cols=3,border=swedish)", "b1-b2 a2-b2 c2-c3"},
    {"dots_and_boxes(rows=3,cols=3,border=icelandic)", "b1-b2 a2-b2 d3-d4"},
    {"dots_and_boxes(grid=triangle,size=3)", "a1-b1 a1-a2 b1-a2 b2-c2"},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=2)",
     "c1-d1 c1-c2 d1-c2 c3-d3"},
    {"dots_and_boxes(grid=hexagon,size=2)", "c2-d2 a2-a3 b1-c1 c1-d1"},
    {"dots_and_boxes(grid=hexagon,size=3,border=swedish)", "e3-f3 f3-g3"},
};

/* Under every symmetry the image of a known position's legal set is the
 * legal set of the image position (its history mapped action by action),
 * and every site's holder and observation values are its image's. */
START_TEST(symmetry_images)
{
    mg_game *g;
    mg_state *s = start(&g, image_positions[_i].spec);
    int32_t nsym, k, i, n, hist[256], legal[MAXS], ilegal[MAXS];
    size_t hn = 0, ln = 0, in = 0, cnt = 0;
    int8_t hold[MAXS], ihold[MAXS];
    play(s, image_positions[_i].moves);
    n = mg_game_num_sites(g);
    nsym = mg_game_num_symmetries(g);
    ck_assert_int_ge(nsym, 1);
    ck_assert_int_eq(mg_state_history(s, hist, 256, &hn), MG_OK);
    ck_assert_int_eq(mg_state_legal_actions(s, legal, MAXS, &ln), MG_OK);
    ck_assert_int_eq(mg_state_sites(s, hold, MAXS, &cnt), MG_OK);
    for (k = 0; k < nsym; k++) {
        mg_state *t;
        unsigned char *in_set = calloc((size_t)n, 1);
        size_t c0, c1;
        float *o = observe(s, 0, &c0), *io;
        int player = mg_state_current_player(s);
        ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
        for (i = 0; i < (int32_t)hn; i++) {
            int32_t a;
            ck_assert_int_eq(mg_game_symmetry_action(g, k, hist[i], &a), MG_OK);
            ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
        }
        ck_assert_int_eq(mg_state_current_player(t), player);
        ck_assert_int_eq(mg_state_legal_actions(t, ilegal, MAXS, &in), MG_OK);
        ck_assert_uint_eq(in, ln);
        for (i = 0; i < (int32_t)in; i++)
            in_set[ilegal[i]] = 1;
        for (i = 0; i < (int32_t)ln; i++) {
            int32_t a;
            mg_game_symmetry_action(g, k, legal[i], &a);
            ck_assert_msg(in_set[a], "%s: symmetry %d: image of %d illegal",
                          image_positions[_i].spec, k, legal[i]);
        }
        ck_assert_int_eq(mg_state_sites(t, ihold, MAXS, &cnt), MG_OK);
        io = observe(t, 0, &c1);
        for (i = 0; i < n; i++) {
            int32_t img, p;
            mg_game_symmetry_site(g, k, i, &img);
            ck_assert_int_eq(ihold[img], hold[i]);
            for (p = 0; p < 6; p++)
                ck_assert(io[p * n + img] == o[p * n + i]);
        }
        free(o);
        free(io);
        free(in_set);
        mg_state_free(t);
    }
    done(g, s);
}
END_TEST

Suite *mg_sites_dab_symmetries_suite(void)
{
    Suite *s = suite_create("sites_dab_symmetries");
    TCase *sym = tcase_create("symmetries");
    tcase_add_loop_test(sym, symmetry_counts, 0,
                        (int)(sizeof sym_specs / sizeof sym_specs[0]));
    tcase_add_test(sym, icelandic_reflection);
    tcase_add_loop_test(
        sym, symmetry_images, 0,
        (int)(sizeof image_positions / sizeof image_positions[0]));
    suite_add_tcase(s, sym);
    return s;
}
