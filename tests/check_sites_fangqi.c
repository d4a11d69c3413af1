/*
 * check_sites_fangqi.c - the position of Fangqi (since 1.3) by hand-built
 * positions (doc/rules.md §4; sections cited per test): the sites (the
 * points, site = y * width + x = the PLACE id, rules §4.1, §4.3), their
 * names (rules §0), neighbours and places, the places against the SVG,
 * the sites of actions, who holds each point after the square removals
 * (rules §4.2 items 3-4) and after an encirclement (§4.2 variant
 * options), the twelve observation planes of known positions and against
 * this file's own model in random games, and the symmetries (their
 * number per board, and that they map legal sets, holders and
 * observations onto those of the replayed image).
 *
 * The model of the places (mindgames-games(7)): point (x, y) at
 * (x, height - 1 - y), y downwards; the SVG draws it at 40 px x that
 * place + (30 px + dx, 30 px), dx the centring shift of a grid narrower
 * than the status's 320 px.
 */
#include "fangqi_test.h"
#include "game_specs.h"
#include "test_rng.h"

enum { PL_OWN, PL_OPP, PL_EMPTY, PL_OWN_PROT, PL_OPP_PROT, PL_REMOVABLE,
       PL_PENDING, PL_PLACING, PL_REMOVING, PL_MOVING, PL_QUIET, PL_TO_MOVE,
       NPL };

static const char *const plane_names[NPL] = {
    "own",       "opponent", "empty",   "own_protected", "opponent_protected",
    "removable", "pending",  "placing", "removing",      "moving",
    "quiet",     "to_move"};

#define FQ_MAXA (2 * FQ_MAXP + FQ_MAXP * 36) /* 19 x 19: P = 361, S = 36 */

/* The 4x4 full board of check_fangqi_rules.c (rules §4.2.1-4):
 *   4  O O X X      X squares a1-b2, b1-c2 (Q0 = 2); O square a3-b4
 *   3  O O O O      (Q1 = 1)
 *   2  X X X O
 *   1  X X X O                                                          */
static const char *const full_4x4 =
    "a1 a3 b1 b3 c1 c3 a2 d3 b2 a4 c2 b4 c4 d1 d4 d2";

/* The 4x4 encirclement board of check_fangqi_rules.c (§4.2 options):
 *   4  O X O O      after xd3, xb4 and X's b3-b4, a4 has no liberty
 *   3  X X X O
 *   2  O O X X
 *   1  X O X O                                                          */
static const char *const enc_4x4 =
    "b4 a4 a3 c4 b3 d4 c3 d3 c2 a2 d2 b2 a1 b1 c1 d1";

/* The 4x3 board of check_fangqi_rules.c: X a 3x2 block (two squares),
 *   3  O O O O
 *   2  X X X O
 *   1  X X X O                                                          */
static const char *const block_4x3 = "a1 d1 b1 d2 c1 a3 a2 b3 b2 c3 c2 d3";

/* ------------------------------------------------------------ helpers */

static int32_t sites_of(const mg_state *s)
{
    return mg_game_num_sites(mg_state_game(s));
}

/* The observation of `player` into o (NPL x sites floats). */
static void observe(const mg_state *s, int player, float *o)
{
    size_t count = 0, n = (size_t)sites_of(s);
    ck_assert_int_eq(mg_state_observation(s, player, o, NPL * n, &count),
                     MG_OK);
    ck_assert_uint_eq(count, NPL * n);
}

/* Plane `plane` of player's observation is 1 on the points listed (space
 * separated names) and 0 elsewhere. */
static void expect_plane(const mg_state *s, int player, int plane,
                         const char *points)
{
    static float o[NPL * FQ_MAXP];
    unsigned char want[FQ_MAXP] = {0};
    char buf[1024], *tok, *save = NULL;
    int32_t i, n = sites_of(s);
    snprintf(buf, sizeof buf, "%s", points);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save))
        want[parse(s, tok)] = 1; /* PLACE(p) = p: the point's site */
    observe(s, player, o);
    for (i = 0; i < n; i++)
        MG_REQUIRE(o[plane * n + i] == (float)want[i],
                   "player %d, plane %s, site %d: %g, want %d", player,
                   plane_names[plane], (int)i, (double)o[plane * n + i],
                   want[i]);
}

/* Plane `plane` of player's observation is v on every site. */
static void expect_fill(const mg_state *s, int player, int plane, float v)
{
    static float o[NPL * FQ_MAXP];
    int32_t i, n = sites_of(s);
    observe(s, player, o);
    for (i = 0; i < n; i++)
        MG_REQUIRE(o[plane * n + i] == v,
                   "player %d, plane %s, site %d: %g, want %g", player,
                   plane_names[plane], (int)i, (double)o[plane * n + i],
                   (double)v);
}

/* The constant planes of both players: the phase one-hot (placing,
 * removing, moving; -1 for none: over), the mover's pending removals, the
 * quiet fraction. */
static void expect_turn(const mg_state *s, int phase, int mover, int pending,
                        float quiet)
{
    int p, k;
    for (p = 0; p < 2; p++) {
        for (k = 0; k < 3; k++)
            expect_fill(s, p, PL_PLACING + k, (float)(k == phase));
        expect_fill(s, p, PL_TO_MOVE, (float)(p == mover));
        expect_fill(s, p, PL_PENDING, p == mover ? (float)pending : 0.0f);
        expect_fill(s, p, PL_QUIET, quiet);
    }
    ck_assert_int_eq(mg_state_current_player(s), mover);
}

/* mg_state_sites() and mg_state_site() are `want`, rows from the top
 * (like the text picture): 'X' seat 0, 'O' seat 1, '.' nobody. */
static void expect_sites(const mg_state *s, const char *const *rows)
{
    const mg_game *g = mg_state_game(s);
    int8_t held[FQ_MAXP];
    size_t count = 0;
    int32_t n = mg_game_num_sites(g), i, h = 0, w;
    while (rows[h])
        h++;
    w = (int32_t)strlen(rows[0]);
    ck_assert_int_eq(n, w * h);
    ck_assert_int_eq(mg_state_sites(s, held, FQ_MAXP, &count), MG_OK);
    ck_assert_uint_eq(count, (size_t)n);
    for (i = 0; i < n; i++) {
        char c = rows[h - 1 - i / w][i % w];
        int want = c == 'X' ? 0 : c == 'O' ? 1 : MG_NOBODY;
        MG_REQUIRE(held[i] == want, "site %d: held by %d, want %d", (int)i,
                   held[i], want);
        MG_REQUIRE(mg_state_site(s, i) == want, "site %d: mg_state_site %d",
                   (int)i, mg_state_site(s, i));
    }
}

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

/* ------------------------------------------------- who holds a point */

/* Rules §4.2 items 1-4 on full_4x4: who holds each point after placing,
 * after the initial removal (xd1, xd4) and after the square removal (Q0 =
 * 2: xd2 xd3; Q1 = 1: xc4); the planes on the way (§4.1 protection,
 * §4.2.5 the removable stones, the removals pending, the phase). */
START_TEST(square_removals)
{
    static const char *const placed[] = {"OOXX", "OOOO", "XXXO", "XXXO",
                                         NULL};
    static const char *const removed[] = {"OO..", "OOO.", "XXX.", "XXX.",
                                          NULL};
    static const char *const xs = "a1 b1 c1 a2 b2 c2";
    static const char *const os = "a3 b3 a4 b4";
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    /* before any stone: placing, seat 0 to move, every point empty */
    expect_turn(s, 0, 0, 0, 0.0f);
    expect_plane(s, 0, PL_EMPTY,
                 "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4");
    expect_plane(s, 1, PL_OWN, "");
    play(s, full_4x4);
    expect_sites(s, placed);
    /* the initial removal: seat 0 removes one unprotected O stone */
    expect_turn(s, 1, 0, 1, 0.0f);
    expect_plane(s, 0, PL_OWN, "a1 b1 c1 a2 b2 c2 c4 d4");
    expect_plane(s, 0, PL_OPP, "d1 d2 a3 b3 c3 d3 a4 b4");
    expect_plane(s, 0, PL_OWN_PROT, xs);
    expect_plane(s, 0, PL_OPP_PROT, os);
    expect_plane(s, 1, PL_OWN_PROT, os);
    expect_plane(s, 1, PL_OPP_PROT, xs);
    expect_plane(s, 0, PL_REMOVABLE, "d1 d2 c3 d3");
    expect_plane(s, 1, PL_REMOVABLE, "");
    play(s, "xd1");
    expect_turn(s, 1, 1, 1, 0.0f);
    expect_plane(s, 1, PL_REMOVABLE, "c4 d4");
    expect_plane(s, 0, PL_REMOVABLE, "");
    play(s, "xd4");
    /* the square removal: Q0 = 2 for seat 0, then Q1 = 1 for seat 1 */
    expect_turn(s, 1, 0, 2, 0.0f);
    expect_plane(s, 0, PL_REMOVABLE, "d2 c3 d3");
    play(s, "xd2");
    expect_turn(s, 1, 0, 1, 0.0f);
    expect_plane(s, 0, PL_REMOVABLE, "c3 d3");
    play(s, "xd3");
    expect_turn(s, 1, 1, 1, 0.0f);
    expect_plane(s, 1, PL_REMOVABLE, "c4");
    play(s, "xc4");
    /* movement, seat 0 first */
    expect_sites(s, removed);
    expect_turn(s, 2, 0, 0, 0.0f);
    expect_plane(s, 0, PL_OWN_PROT, xs);
    expect_plane(s, 0, PL_OPP_PROT, os); /* c3 in no square */
    expect_plane(s, 0, PL_REMOVABLE, "");
    expect_plane(s, 1, PL_EMPTY, "d1 d2 d3 c4 d4");
    done(g, s);
}
END_TEST

/* Rules §4.2 encirclement: after xd3, xb4 and X's b3-b4, the O stone on
 * a4 (next to b4, no empty neighbour) is removed, and the removal counts
 * for no_capture_limit (§4.2.8: quiet stays 0); without the option a4
 * stays and the move is a quiet ply.  No squares: nothing is protected. */
START_TEST(encirclement_sites)
{
    static const char *const before[] = {"O.OO", "XXX.", "OOXX", "XOXO",
                                         NULL};
    static const char *const after[] = {".XOO", "X.X.", "OOXX", "XOXO",
                                        NULL};
    static const char *const kept[] = {"OXOO", "X.X.", "OOXX", "XOXO",
                                       NULL};
    int enc;
    for (enc = 0; enc <= 1; enc++) {
        mg_game *g;
        mg_state *s = start(&g, enc ? "fangqi(width=4,height=4,encirclement="
                                      "true,no_capture_limit=4)"
                                    : "fangqi(width=4,height=4,"
                                      "no_capture_limit=4)");
        play(s, enc_4x4);
        play(s, "xd3 xb4");
        expect_sites(s, before);
        expect_turn(s, 2, 0, 0, 0.0f);
        play(s, "b3-b4");
        expect_sites(s, enc ? after : kept);
        expect_turn(s, 2, 1, 0, enc ? 0.0f : 0.25f);
        expect_plane(s, 0, PL_OWN_PROT, "");
        expect_plane(s, 1, PL_OWN_PROT, "");
        expect_plane(s, 1, PL_REMOVABLE, "");
        if (enc) {
            expect_plane(s, 1, PL_EMPTY, "b3 d3 a4");
            play(s, "d4-d3"); /* encloses nothing: a quiet ply */
            expect_turn(s, 2, 0, 0, 0.25f);
        }
        done(g, s);
    }
}
END_TEST

/* ------------------------------------------------------------ planes */

/* Rules §4.2.5: when every opponent stone is protected any may be taken;
 * protection is judged afresh before every removal.  block_4x3 with
 * extra_removal (§4.2.3): seat 1 removes two of X's stones, all of them
 * protected at first; after xa1 only a2 is unprotected. */
START_TEST(all_protected)
{
    static const char *const xs = "a1 b1 c1 a2 b2 c2";
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,extra_removal=true)");
    play(s, block_4x3);
    expect_plane(s, 0, PL_REMOVABLE, "d1 d2 a3 b3 c3 d3");
    play(s, "xd3");
    expect_turn(s, 1, 1, 2, 0.0f);
    expect_plane(s, 1, PL_OPP_PROT, xs);
    expect_plane(s, 0, PL_OWN_PROT, xs);
    expect_plane(s, 1, PL_REMOVABLE, xs);
    play(s, "xa1");
    expect_turn(s, 1, 1, 1, 0.0f);
    expect_plane(s, 1, PL_OPP_PROT, "b1 c1 b2 c2");
    expect_plane(s, 1, PL_REMOVABLE, "a2");
    done(g, s);
}
END_TEST

/* Rules §4.2.6: a move completing two squares gives two removals; the
 * removals after a move keep the phase "moving".  §4.2 capture on
 * placement: those while placing keep "placing". */
START_TEST(removals_in_other_phases)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    expect_turn(s, 2, 0, 0, 0.0f);
    play(s, "b3-b2");
    /* 4 O O O .      X: a1 b1 c1 a2 b2 c2 in two squares, O in none
     * 3 O . O X
     * 2 X X X O
     * 1 X X X O */
    expect_turn(s, 2, 0, 2, 0.01f);
    expect_plane(s, 0, PL_OWN_PROT, "a1 b1 c1 a2 b2 c2");
    expect_plane(s, 0, PL_OPP_PROT, "");
    expect_plane(s, 0, PL_REMOVABLE, "d1 d2 a3 c3 a4 b4 c4");
    expect_plane(s, 1, PL_REMOVABLE, "");
    play(s, "xa3"); /* §4.2.8: a removal resets the count */
    expect_turn(s, 2, 0, 1, 0.0f);
    play(s, "xc4");
    expect_turn(s, 2, 1, 0, 0.0f);
    done(g, s);

    s = start(&g, "fangqi(width=3,height=3,capture_on_placement=true)");
    play(s, "a1 c1 a2 c2 b1 c3 b2"); /* b2 completes a1-b2 */
    expect_turn(s, 0, 0, 1, 0.0f);
    expect_plane(s, 0, PL_OWN_PROT, "a1 b1 a2 b2");
    expect_plane(s, 0, PL_REMOVABLE, "c1 c2 c3");
    expect_plane(s, 0, PL_EMPTY, "a3 b3");
    play(s, "xc2");
    expect_turn(s, 0, 1, 0, 0.0f);
    done(g, s);
}
END_TEST

/* Once the game is over (here the no-capture draw of §4.2.8 after one
 * quiet ply) no phase plane is set and nobody is to move; quiet is 1;
 * with no_capture_limit=0 quiet is always 0. */
START_TEST(game_over)
{
    int limit;
    for (limit = 0; limit <= 1; limit++) {
        mg_game *g;
        mg_state *s = start(&g, limit ? "fangqi(width=4,height=4,"
                                        "no_capture_limit=1)"
                                      : "fangqi(width=4,height=4,"
                                        "no_capture_limit=0)");
        play(s, enc_4x4);
        play(s, "xd3 xb4 b3-b4");
        if (limit) {
            ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
            expect_turn(s, -1, MG_NOBODY, 0, 1.0f);
        } else {
            expect_turn(s, 2, 1, 0, 0.0f);
        }
        expect_plane(s, 0, PL_OWN, "a1 c1 c2 d2 a3 c3 b4");
        expect_plane(s, 1, PL_OWN, "b1 d1 a2 b2 a4 c4 d4");
        done(g, s);
    }
}
END_TEST

/* The test's own model of the planes, in random games of every Fangqi
 * spec of the property suite (game_specs.h): protection from the squares
 * of mg_state_sites() (§4.1), removable = the legal REMOVE actions of the
 * player to move (§4.2.5), pending > 0 exactly when the legal actions are
 * removals, and one removal takes one off it (while more are due and the
 * opponent has stones); the phase one-hot (all 0 once over), quiet in
 * [0, 1], to_move; every constant plane constant. */
static void model_check(const mg_state *s, const int32_t *acts, size_t nl,
                        float *o)
{
    int8_t held[FQ_MAXP];
    unsigned char prot[FQ_MAXP];
    size_t count;
    int32_t n = sites_of(s), w = 0, h, x, y, i;
    int mover = mg_state_current_player(s), p, k;
    int over = mg_state_winner(s) != MG_NOBODY;
    double px, py;
    mg_game_site_position(mg_state_game(s), 0, &px, &py);
    h = (int32_t)py + 1;
    w = n / h;
    ck_assert_int_eq(mg_state_sites(s, held, FQ_MAXP, &count), MG_OK);
    memset(prot, 0, sizeof prot);
    for (y = 0; y + 1 < h; y++)
        for (x = 0; x + 1 < w; x++) {
            int32_t b = y * w + x;
            int8_t c = held[b];
            if (c >= 0 && held[b + 1] == c && held[b + w] == c &&
                held[b + w + 1] == c)
                prot[b] = prot[b + 1] = prot[b + w] = prot[b + w + 1] = 1;
        }
    for (p = 0; p < 2; p++) {
        float pend, phase = 0;
        observe(s, p, o);
        for (i = 0; i < n; i++) {
            int rem = p == mover && mg_state_is_legal(s, n + i) == 1;
            MG_REQUIRE(o[PL_OWN_PROT * n + i] == (float)(held[i] == p &&
                                                         prot[i]) &&
                           o[PL_OPP_PROT * n + i] ==
                               (float)(held[i] == 1 - p && prot[i]),
                       "player %d: site %d: protected planes", p, (int)i);
            MG_REQUIRE(o[PL_REMOVABLE * n + i] == (float)rem,
                       "player %d: site %d: removable %g, legal %d", p,
                       (int)i, (double)o[PL_REMOVABLE * n + i], rem);
            for (k = PL_PENDING; k < NPL; k++)
                MG_REQUIRE(o[k * n + i] == o[k * n], "plane %s not constant",
                           plane_names[k]);
        }
        for (k = PL_PLACING; k <= PL_MOVING; k++) {
            MG_REQUIRE(o[k * n] == 0 || o[k * n] == 1, "phase plane %s",
                       plane_names[k]);
            phase += o[k * n];
        }
        MG_REQUIRE(phase == (over ? 0 : 1), "phase planes sum to %g",
                   (double)phase);
        MG_REQUIRE(o[PL_TO_MOVE * n] == (float)(p == mover), "to_move");
        MG_REQUIRE(o[PL_QUIET * n] >= 0 && o[PL_QUIET * n] <= 1, "quiet %g",
                   (double)o[PL_QUIET * n]);
        pend = o[PL_PENDING * n];
        if (p != mover) {
            MG_REQUIRE(pend == 0, "pending %g off turn", (double)pend);
        } else {
            int removals = nl > 0;
            size_t j;
            for (j = 0; j < nl; j++)
                removals &= acts[j] >= n && acts[j] < 2 * n;
            MG_REQUIRE((pend > 0) == removals && pend == (float)(int)pend,
                       "pending %g, legal removals %d", (double)pend,
                       removals);
            if (o[PL_REMOVING * n] == 1)
                MG_REQUIRE(pend > 0, "removing without removals");
            if (o[PL_MOVING * n] == 1 && pend == 0) /* moves only */
                MG_REQUIRE(nl > 0 && acts[0] >= 2 * n, "moving: %d",
                           (int)acts[0]);
        }
    }
}

START_TEST(planes_model)
{
    static float o[NPL * FQ_MAXP], after[NPL * FQ_MAXP];
    static int32_t lg[FQ_MAXA];
    const mg_test_spec *ts = NULL;
    int i, k = _i, game, games = mg_test_games(1000) / 100;
    for (i = 0; i < MG_N_TEST_SPECS; i++)
        if ((mg_test_specs[i].uses & TS_PROPERTY) &&
            mg_test_spec_is(mg_test_specs[i].spec, "fangqi") && k-- == 0)
            ts = &mg_test_specs[i];
    ck_assert_ptr_nonnull(ts);
    for (game = 0; game < (games < 2 ? 2 : games); game++) {
        uint64_t rng = 77u + (uint64_t)_i * 1000u + (uint64_t)game;
        mg_game *g;
        mg_state *s = start(&g, ts->spec);
        int32_t n = mg_game_num_sites(g);
        int steps;
        for (steps = 0; steps < 3000; steps++) {
            size_t nl = legal(s, lg, FQ_MAXA);
            int mover = mg_state_current_player(s);
            float pend;
            int32_t a;
            model_check(s, lg, nl, o);
            if (nl == 0)
                break;
            observe(s, mover, o);
            pend = o[PL_PENDING * n];
            a = lg[mg_test_rand_below(&rng, nl)];
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
            if (pend > 1 && mg_state_winner(s) == MG_NOBODY &&
                score(s, 1 - mover) > 0) {
                observe(s, mover, after);
                MG_REQUIRE(mg_state_current_player(s) == mover &&
                               after[PL_PENDING * n] == pend - 1,
                           "%s: pending %g, after a removal %g", ts->spec,
                           (double)pend, (double)after[PL_PENDING * n]);
            }
        }
        done(g, s);
    }
}
END_TEST

static int n_fangqi_property(void)
{
    int i, n = 0;
    for (i = 0; i < MG_N_TEST_SPECS; i++)
        n += (mg_test_specs[i].uses & TS_PROPERTY) &&
             mg_test_spec_is(mg_test_specs[i].spec, "fangqi");
    return n;
}

/* -------------------------------------------------------- symmetries */

/* The core finds the rotations and reflections of the grid (no rule
 * depends on the order of the points, rules §4.2): 8 on a square grid
 * (the 2 x 2 one too), 4 otherwise; options do not change them. */
START_TEST(symmetry_counts)
{
    static const struct {
        const char *spec;
        int32_t nsym;
    } known[] = {
        {"fangqi", 4},
        {"fangqi(variant=xinjiang)", 8},
        {"fangqi(width=4,height=4)", 8},
        {"fangqi(width=2,height=2)", 8},
        {"fangqi(width=3,height=2)", 4},
        {"fangqi(width=5,height=4)", 4},
        {"fangqi(width=2,height=19)", 4},
        {"fangqi(width=19,height=19)", 8},
        {"fangqi(ko=true,encirclement=true,capture_on_placement=true)", 4},
        {"fangqi(variant=xinjiang,movement=step,ko=true)", 8},
    };
    size_t k;
    for (k = 0; k < sizeof known / sizeof known[0]; k++) {
        mg_game *g;
        MG_GAME(g, known[k].spec);
        ck_assert_msg(mg_game_num_symmetries(g) == known[k].nsym,
                      "%s: %d symmetries, want %d", known[k].spec,
                      (int)mg_game_num_symmetries(g), (int)known[k].nsym);
        mg_game_free(g);
    }
}
END_TEST

/* Where the corners and b1 go: on 8 x 7, a1 to the four corners; on
 * 4 x 4, a1 to the four corners (twice each) and b1 to all eight points
 * next to a corner. */
START_TEST(symmetry_images)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    int32_t k, img, seen[64] = {0};
    for (k = 0; k < 4; k++) {
        ck_assert_int_eq(mg_game_symmetry_site(g, k, 0, &img), MG_OK);
        seen[img]++;
    }
    ck_assert(seen[0] == 1 && seen[7] == 1 && seen[48] == 1 && seen[55] == 1);
    done(g, s);
    s = start(&g, "fangqi(width=4,height=4)");
    memset(seen, 0, sizeof seen);
    for (k = 0; k < 8; k++) {
        ck_assert_int_eq(mg_game_symmetry_site(g, k, 0, &img), MG_OK);
        seen[img] += 10;
        ck_assert_int_eq(mg_game_symmetry_site(g, k, 1, &img), MG_OK);
        seen[img]++;
    }
    ck_assert(seen[0] == 20 && seen[3] == 20 && seen[12] == 20 &&
              seen[15] == 20);
    /* b1 c1 a2 d2 a3 d3 b4 c4 once each */
    ck_assert(seen[1] == 1 && seen[2] == 1 && seen[4] == 1 && seen[7] == 1 &&
              seen[8] == 1 && seen[11] == 1 && seen[13] == 1 &&
              seen[14] == 1);
    done(g, s);
}
END_TEST

/* For every symmetry: the history mapped action by action replays, and
 * the image position has the image legal set, the image holders, the
 * same player to move and result, and the observations of both players
 * moved site by site (every plane). */
static void check_symmetric(const mg_state *s)
{
    static int32_t hist[1 << 14], lg[FQ_MAXA], ilg[FQ_MAXA], want[FQ_MAXA];
    static float o[NPL * FQ_MAXP], io[NPL * FQ_MAXP];
    const mg_game *g = mg_state_game(s);
    int32_t nsym = mg_game_num_symmetries(g), n = mg_game_num_sites(g), k, i;
    size_t hn = 0, nl, inl, j;
    int8_t held[FQ_MAXP], iheld[FQ_MAXP];
    int p, pl;
    ck_assert_int_eq(mg_state_history(s, hist, 1 << 14, &hn), MG_OK);
    nl = legal(s, lg, FQ_MAXA);
    ck_assert_int_eq(mg_state_sites(s, held, FQ_MAXP, &j), MG_OK);
    for (k = 0; k < nsym; k++) {
        mg_state *t;
        int32_t img;
        ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
        for (j = 0; j < hn; j++) {
            ck_assert_int_eq(mg_game_symmetry_action(g, k, hist[j], &img),
                             MG_OK);
            MG_REQUIRE(mg_state_apply(t, img) == MG_OK,
                       "symmetry %d: image of history action %d illegal",
                       (int)k, (int)j);
        }
        inl = legal(t, ilg, FQ_MAXA);
        for (j = 0; j < nl; j++)
            mg_game_symmetry_action(g, k, lg[j], &want[j]);
        qsort(want, nl, sizeof *want, cmp_i32);
        MG_REQUIRE(inl == nl, "symmetry %d: %d legal, image %d", (int)k,
                   (int)nl, (int)inl);
        for (j = 0; j < nl; j++)
            MG_REQUIRE(ilg[j] == want[j], "symmetry %d: legal sets differ",
                       (int)k);
        ck_assert_int_eq(mg_state_current_player(t),
                         mg_state_current_player(s));
        ck_assert_int_eq(mg_state_winner(t), mg_state_winner(s));
        ck_assert_int_eq(mg_state_sites(t, iheld, FQ_MAXP, &j), MG_OK);
        for (p = 0; p < 2; p++) {
            observe(s, p, o);
            observe(t, p, io);
            for (i = 0; i < n; i++) {
                mg_game_symmetry_site(g, k, i, &img);
                if (p == 0)
                    MG_REQUIRE(iheld[img] == held[i],
                               "symmetry %d: site %d held by %d, image %d "
                               "by %d",
                               (int)k, (int)i, held[i], (int)img, iheld[img]);
                for (pl = 0; pl < NPL; pl++)
                    MG_REQUIRE(io[pl * n + img] == o[pl * n + i],
                               "symmetry %d, player %d, plane %s: site %d "
                               "%g, image %d %g",
                               (int)k, p, plane_names[pl], (int)i,
                               (double)o[pl * n + i], (int)img,
                               (double)io[pl * n + img]);
            }
        }
        mg_state_free(t);
    }
}

START_TEST(symmetry_legal_sets)
{
    static const struct {
        const char *spec, *before, *moves;
    } known[] = {
        /* §4.2 ko: the moves into b2 are banned (check_fangqi_rules.c) */
        {"fangqi(width=4,height=4,ko=true)", NULL,
         "xb2 xd4 b3-b2 xa3 xc4 c3-c4 b2-b3 c4-c3"},
        /* §4.2.6: two removals due after a move */
        {"fangqi(width=4,height=4)", NULL, "xb2 xd4 b3-b2"},
        /* §4.2.3: the initial removal; §4.2 encirclement */
        {"fangqi(width=4,height=4)", "full", "xd1"},
        {"fangqi(width=4,height=4,encirclement=true,no_capture_limit=4)",
         "enc", "xd3 xb4 b3-b4"},
        /* §4.2 capture on placement: a removal while placing */
        {"fangqi(width=3,height=3,capture_on_placement=true)", "",
         "a1 c1 a2 c2 b1 c3 b2"},
    };
    static const struct {
        const char *spec;
        int plies;
    } seeded[] = {
        {"fangqi", 30},   {"fangqi", 57},    {"fangqi", 90},
        {"fangqi(variant=xinjiang)", 50},    {"fangqi(variant=xinjiang)", 80},
        {"fangqi(movement=step,ko=true,encirclement=true)", 120},
        {"fangqi(width=5,height=4,capture_on_placement=true)", 15},
        {"fangqi(width=2,height=2)", 5},
    };
    static int32_t lg[FQ_MAXA];
    size_t k;
    for (k = 0; k < sizeof known / sizeof known[0]; k++) {
        mg_game *g;
        mg_state *s = start(&g, known[k].spec);
        const char *b = known[k].before;
        play(s, !b ? two_sq_4x4 : strcmp(b, "full") == 0 ? full_4x4
                              : strcmp(b, "enc") == 0    ? enc_4x4
                                                         : "");
        play(s, known[k].moves);
        ck_assert_int_eq(mg_game_num_symmetries(g), 8); /* square */
        check_symmetric(s);
        done(g, s);
    }
    for (k = 0; k < sizeof seeded / sizeof seeded[0]; k++) {
        uint64_t rng = 4242u + k;
        mg_game *g;
        mg_state *s = start(&g, seeded[k].spec);
        int i;
        for (i = 0; i < seeded[k].plies; i++) {
            size_t nl = legal(s, lg, FQ_MAXA);
            if (nl == 0)
                break;
            ck_assert_int_eq(
                mg_state_apply(s, lg[mg_test_rand_below(&rng, nl)]), MG_OK);
        }
        check_symmetric(s);
        done(g, s);
    }
}
END_TEST

Suite *mg_sites_fangqi_suite(void)
{
    Suite *s = suite_create("sites_fangqi");
    TCase *tc = tcase_create("sites_fangqi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, points);
    tcase_add_test(tc, action_sites);
    tcase_add_test(tc, svg_places);
    tcase_add_test(tc, square_removals);
    tcase_add_test(tc, encirclement_sites);
    tcase_add_test(tc, all_protected);
    tcase_add_test(tc, removals_in_other_phases);
    tcase_add_test(tc, game_over);
    tcase_add_loop_test(tc, planes_model, 0, n_fangqi_property());
    tcase_add_test(tc, symmetry_counts);
    tcase_add_test(tc, symmetry_images);
    tcase_add_test(tc, symmetry_legal_sets);
    suite_add_tcase(s, tc);
    return s;
}
