/*
 * check_sites_fangqi_points.c - the position of Fangqi (since 1.3) by
 * hand-built positions (doc/rules.md §4; sections cited per test): the
 * sites (the points, site = y * width + x = the PLACE id, rules §4.1,
 * §4.3), their names (rules §0), neighbours and places, the places against
 * the SVG, and the sites of actions.
 *
 * The model of the places (mindgames-games(7)): point (x, y) at
 * (x, height - 1 - y), y downwards; the SVG draws it at 40 px x that
 * place + (30 px + dx, 30 px), dx the centring shift of a grid narrower
 * than the status's 320 px.
 *
 * The rest of the position: check_sites_fangqi_held.c and
 * check_sites_fangqi_symmetries.c.
 */
#include "sites_fangqi_test.h"

/* ------------------------------------------------------------ helpers */

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

static double absd(double v)
{
    return v < 0 ? -v : v;
}

/* ---------------------------------------------- sites, names, places */

/* Rules §4.1, §0: site p = y * width + x, named as the PLACE action, at
 * (x, height - 1 - y); the orthogonal neighbours, ascending. */
START_TEST(points)
{
    static const struct {
        const char *name;
        int32_t site;
        double x, y;
        const char *nbrs;
    } known[] = {
        {"a1", 0, 0, 6, "1 8"},   {"h1", 7, 7, 6, "6 15"},
        {"a7", 48, 0, 0, "40 49"}, {"h7", 55, 7, 0, "47 54"},
        {"e1", 4, 4, 6, "3 5 12"}, {"a4", 24, 0, 3, "16 25 32"},
        {"d4", 27, 3, 3, "19 26 28 35"}, {"e5", 36, 4, 2, "28 35 37 44"},
    };
    static const char *const specs[] = {
        "fangqi", "fangqi(variant=xinjiang)", "fangqi(width=2,height=2)",
        "fangqi(width=19,height=19)", "fangqi(width=3,height=5)"};
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    char t[64], act[64];
    size_t k, need;
    ck_assert_int_eq(mg_game_num_sites(g), 56);
    for (k = 0; k < sizeof known / sizeof known[0]; k++) {
        double x = -1, y = -1;
        ck_assert_int_eq(parse(s, known[k].name), known[k].site);
        ck_assert_int_eq(mg_game_site_name(g, known[k].site, t, sizeof t,
                                           &need),
                         MG_OK);
        ck_assert_str_eq(t, known[k].name);
        ck_assert_int_eq(
            mg_game_site_position(g, known[k].site, &x, &y), MG_OK);
        ck_assert(x == known[k].x && y == known[k].y);
        ck_assert_str_eq(nbrs_text(g, known[k].site, t, sizeof t),
                         known[k].nbrs);
    }
    done(g, s);
    /* every point of several boards, against the model */
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        int32_t n, p, w = 0, h = 0;
        s = start(&g, specs[k]);
        n = mg_game_num_sites(g);
        for (p = 0; p < n; p++) { /* the widest and highest x, y */
            double x, y;
            mg_game_site_position(g, p, &x, &y);
            if ((int32_t)x + 1 > w)
                w = (int32_t)x + 1;
            if ((int32_t)y + 1 > h)
                h = (int32_t)y + 1;
        }
        ck_assert_int_eq(w * h, n);
        for (p = 0; p < n; p++) {
            int32_t px = p % w, py = p / w, nb[8], m = 0, want[4];
            size_t cnt = 0, i;
            double x, y;
            ck_assert_int_eq(mg_game_site_kind(g, p), MG_SITE_POINT);
            mg_game_site_position(g, p, &x, &y);
            MG_REQUIRE(x == px && y == h - 1 - py, "%s: site %d at (%g, %g)",
                       specs[k], (int)p, x, y);
            mg_game_site_name(g, p, t, sizeof t, &need);
            mg_state_action_to_string(s, p, act, sizeof act, &need);
            MG_REQUIRE(strcmp(t, act) == 0, "%s: site %d named %s, PLACE %s",
                       specs[k], (int)p, t, act);
            if (py > 0)
                want[m++] = p - w;
            if (px > 0)
                want[m++] = p - 1;
            if (px + 1 < w)
                want[m++] = p + 1;
            if (py + 1 < h)
                want[m++] = p + w;
            ck_assert_int_eq(mg_game_site_neighbors(g, p, nb, 8, &cnt),
                             MG_OK);
            MG_REQUIRE(cnt == (size_t)m, "%s: site %d has %d neighbours",
                       specs[k], (int)p, (int)cnt);
            for (i = 0; i < cnt; i++)
                MG_REQUIRE(nb[i] == want[i], "%s: site %d neighbour %d",
                           specs[k], (int)p, (int)i);
        }
        done(g, s);
    }
    /* the corners of 19 x 19: "s19" is the last point */
    s = start(&g, "fangqi(width=19,height=19)");
    ck_assert_int_eq(mg_game_site_name(g, 360, t, sizeof t, &need), MG_OK);
    ck_assert_str_eq(t, "s19");
    ck_assert_str_eq(nbrs_text(g, 360, t, sizeof t), "341 359");
    ck_assert_str_eq(nbrs_text(g, 18, t, sizeof t), "17 37");
    done(g, s);
}
END_TEST

/* Rules §4.3: PLACE(p) (-1, p), REMOVE(p) (p, -1), MOVE(from, slot)
 * (from, to); no two actions share a pair. */
START_TEST(action_sites)
{
    static const char *const specs[] = {"fangqi", "fangqi(variant=xinjiang)",
                                        "fangqi(width=4,height=4)",
                                        "fangqi(width=2,height=3)"};
    static int64_t keys[FQ_MAXA];
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    int32_t from, to, a;
    size_t k;
    /* P = 56, S = 13: d4 is 27, xd4 56 + 27, d4-d7 2P + 27 S + 12 */
    ck_assert_int_eq(mg_game_action_sites(g, parse(s, "d4"), &from, &to),
                     MG_OK);
    ck_assert_int_eq(from, -1);
    ck_assert_int_eq(to, 27);
    ck_assert_int_eq(parse(s, "xd4"), 83);
    ck_assert_int_eq(mg_game_action_sites(g, 83, &from, &to), MG_OK);
    ck_assert_int_eq(from, 27);
    ck_assert_int_eq(to, -1);
    ck_assert_int_eq(parse(s, "d4-d7"), 112 + 27 * 13 + 12);
    ck_assert_int_eq(mg_game_action_sites(g, 475, &from, &to), MG_OK);
    ck_assert_int_eq(from, 27);
    ck_assert_int_eq(to, 51);
    ck_assert_int_eq(mg_game_action_sites(g, parse(s, "d4-a4"), &from, &to),
                     MG_OK);
    ck_assert_int_eq(from, 27);
    ck_assert_int_eq(to, 24);
    ck_assert_int_eq(mg_game_action_sites(g, parse(s, "h7-h1"), &from, &to),
                     MG_OK);
    ck_assert_int_eq(from, 55);
    ck_assert_int_eq(to, 7);
    done(g, s);
    /* the example of §4.3: a1-c1 is id 33 on 4 x 4 */
    s = start(&g, "fangqi(width=4,height=4)");
    ck_assert_int_eq(mg_game_action_sites(g, 33, &from, &to), MG_OK);
    ck_assert_int_eq(from, 0);
    ck_assert_int_eq(to, 2);
    done(g, s);
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        int32_t A, n, i, S;
        s = start(&g, specs[k]);
        A = mg_game_num_actions(g);
        n = mg_game_num_sites(g);
        S = A / n - 2; /* rules §4.3: A = 2P + P S */
        ck_assert_int_le(A, FQ_MAXA);
        for (a = 0; a < A; a++) {
            double fx, fy, tx, ty;
            ck_assert_int_eq(mg_game_action_sites(g, a, &from, &to), MG_OK);
            if (a < n) {
                MG_REQUIRE(from == -1 && to == a, "%s: PLACE %d", specs[k],
                           (int)a);
            } else if (a < 2 * n) {
                MG_REQUIRE(from == a - n && to == -1, "%s: REMOVE %d",
                           specs[k], (int)a);
            } else { /* along a row or a column */
                MG_REQUIRE(from == (a - 2 * n) / S && to >= 0 && to != from,
                           "%s: MOVE %d: %d-%d", specs[k], (int)a, (int)from,
                           (int)to);
                mg_game_site_position(g, from, &fx, &fy);
                mg_game_site_position(g, to, &tx, &ty);
                MG_REQUIRE(fx == tx || fy == ty, "%s: MOVE %d: %d-%d",
                           specs[k], (int)a, (int)from, (int)to);
            }
            keys[a] = (int64_t)(from + 1) * (n + 1) + (to + 1);
        }
        for (a = 0; a < A; a++) /* distinct pairs */
            for (i = a + 1; i < A; i++)
                MG_REQUIRE(keys[a] != keys[i], "%s: actions %d and %d share "
                           "their sites", specs[k], (int)a, (int)i);
        done(g, s);
    }
}
END_TEST

/* The SVG draws each stone at one scale and one offset of its site's
 * place: fitted from a1 and the last point, every stone within 1 px;
 * the scale is 40 px and the offset (30 px + dx, 30 px). */
static void stone_centre(const mg_state *s, double *cx, double *cy)
{
    static char svg[1 << 16];
    static const char shift[] = "<g transform=\"translate(";
    const char *c, *t;
    double dx = 0;
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg, NULL),
                     MG_OK);
    t = strstr(svg, shift);
    if (t)
        ck_assert_int_eq(sscanf(t + strlen(shift), "%lf", &dx), 1);
    c = strstr(svg, "<circle class=\"stone");
    ck_assert_ptr_nonnull(c);
    ck_assert_ptr_null(strstr(c + 1, "<circle")); /* one stone */
    ck_assert(t == NULL || t < c);
    ck_assert_int_eq(sscanf(strstr(c, " cx=") + 4, "\"%lf\"", cx), 1);
    ck_assert_int_eq(sscanf(strstr(c, " cy=") + 4, "\"%lf\"", cy), 1);
    *cx += dx;
}

START_TEST(svg_places)
{
    static const char *const specs[] = {
        "fangqi", "fangqi(variant=xinjiang)", "fangqi(width=4,height=4)",
        "fangqi(width=2,height=2)", "fangqi(width=19,height=19)",
        "fangqi(width=19,height=2)", "fangqi(width=3,height=8)"};
    static double px[FQ_MAXP], py[FQ_MAXP], sx[FQ_MAXP], sy[FQ_MAXP];
    size_t k;
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mg_game *g;
        mg_state *s = start(&g, specs[k]);
        int32_t n = mg_game_num_sites(g), p, w;
        double scale, scale_y, ox, oy, body, dx;
        for (p = 0; p < n; p++) {
            mg_state *t;
            ck_assert_int_eq(mg_game_site_position(g, p, &px[p], &py[p]),
                             MG_OK);
            ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
            ck_assert_int_eq(mg_state_apply(t, p), MG_OK); /* PLACE(p) */
            stone_centre(t, &sx[p], &sy[p]);
            mg_state_free(t);
        }
        scale = (sx[n - 1] - sx[0]) / (px[n - 1] - px[0]);
        scale_y = (sy[n - 1] - sy[0]) / (py[n - 1] - py[0]);
        ck_assert_msg(absd(scale - scale_y) < 1e-9, "%s: scales %g and %g",
                      specs[k], scale, scale_y);
        ox = sx[0] - scale * px[0];
        oy = sy[0] - scale * py[0];
        for (p = 0; p < n; p++)
            MG_REQUIRE(absd(ox + scale * px[p] - sx[p]) <= 1 &&
                           absd(oy + scale * py[p] - sy[p]) <= 1,
                       "%s: site %d at (%g, %g), drawn at (%g, %g)", specs[k],
                       (int)p, px[p], py[p], sx[p], sy[p]);
        /* mindgames-games(7): 40 px, offset 30 px, centred in 320 px */
        w = (int32_t)px[n - 1] + 1;
        body = 40.0 * w + 20;
        dx = body < 320 ? (320 - body) / 2 : 0;
        ck_assert_msg(absd(scale - 40) < 1e-9, "%s: scale %g", specs[k],
                      scale);
        ck_assert_msg(absd(ox - (30 + dx)) < 1e-9 && absd(oy - 30) < 1e-9,
                      "%s: offset (%g, %g)", specs[k], ox, oy);
        done(g, s);
    }
}
END_TEST

Suite *mg_sites_fangqi_points_suite(void)
{
    Suite *s = suite_create("sites_fangqi_points");
    TCase *tc = tcase_create("sites_fangqi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, points);
    tcase_add_test(tc, action_sites);
    tcase_add_test(tc, svg_places);
    suite_add_tcase(s, tc);
    return s;
}
