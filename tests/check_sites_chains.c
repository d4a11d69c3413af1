/*
 * check_sites_chains.c - the position (since 1.3) of Chains of Thought
 * (doc/rules.md §5; sections cited per test): sites are the points
 * (site = point = PLACE id, §5.3), their names, neighbours and positions
 * (pinned points of each kind of board; every board's SVG an affine
 * image of the positions), the actions' sites, who holds each point
 * after removals and steps, the observation planes of a known position,
 * and the symmetries: their number on every board, and the legal set,
 * holders and planes of known positions mapped by each.
 */
#include "chains_test.h"

#define NBOARDS 10

static const char *const board_names[NBOARDS] = {
    "hex4",     "hex7",       "hex11",      "square6",   "square9",
    "square13", "square19",   "trisquare4", "trisquare6", "trisquare8"};

static double fabs_(double v)
{
    return v < 0 ? -v : v;
}

/* Apply space-separated notation; every action must be legal. */
static void play(mg_state *s, const char *moves)
{
    char buf[4096], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        int rc = mg_state_apply(s, parse(s, tok));
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

/* mg_state_sites() and mg_state_site() are exactly: Black (seat 0, X in
 * the picture) on the points named in x, White (seat 1, O) on those in o,
 * nobody elsewhere. */
static void expect_sites(const mg_state *s, const char *x, const char *o)
{
    const mg_game *g = mg_state_game(s);
    int32_t n = mg_game_num_sites(g), i;
    int8_t want[CT_MAXP], got[CT_MAXP];
    size_t count = 0;
    int seat;
    for (i = 0; i < n; i++)
        want[i] = MG_NOBODY;
    for (seat = 0; seat < 2; seat++) {
        char buf[1024], *tok, *save = NULL;
        snprintf(buf, sizeof buf, "%s", seat ? o : x);
        for (tok = strtok_r(buf, " ", &save); tok;
             tok = strtok_r(NULL, " ", &save))
            want[parse(s, tok)] = (int8_t)seat; /* PLACE(p) = p = site */
    }
    ck_assert_int_eq(mg_state_sites(s, got, CT_MAXP, &count), MG_OK);
    ck_assert_int_eq((int)count, n);
    for (i = 0; i < n; i++) {
        ck_assert_msg(got[i] == want[i], "site %d held by %d, want %d", i,
                      got[i], want[i]);
        ck_assert_int_eq(mg_state_site(s, i), want[i]);
    }
}

/* §5.2 removal and STEP: who holds the points after a cascade of removals
 * (two rounds, square6: f3-e4 makes c5-d5-e4, which takes b4, then a3),
 * after a step, after removal=ludii's passes (hex4: all of O's stones),
 * and after undo. */
START_TEST(sites_after_removals_and_steps)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    expect_sites(s, "", "");
    play(s, "b1 c2 b3 e2 d5 b4 b3-a2 a3 c5 a6 f3 f6");
    expect_sites(s, "b1 a2 c5 d5 f3", "a3 b4 e2 a6 f6");
    play(s, "f3-e4");
    expect_sites(s, "b1 a2 c5 d5 e4", "e2 a6 f6");
    play(s, "a4");
    expect_sites(s, "b1 a2 c5 d5 e4", "e2 a6 f6 a4");
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    expect_sites(s, "b1 a2 c5 d5 f3", "a3 b4 e2 a6 f6");
    done(g, s);

    /* rules §5.2 removal=ludii: c3 goes, then a4 and c5, then d4 */
    s = start(&g, "chains_of_thought(removal=ludii)");
    play(s, "c7 d4 b4 c6 a7 c6-c5 e5 c3 d5 a4");
    expect_sites(s, "b4 a7 c7 d5 e5", "d4 c5 c3 a4");
    play(s, "b5");
    expect_sites(s, "b4 b5 a7 c7 d5 e5", "");
    done(g, s);

    /* trisquare4: X's step #5-#1 joins #1 and #11 (neighbours #5, #6,
     * #11 of #1: rules §5.3) */
    s = start(&g, "chains_of_thought(board=trisquare4)");
    play(s, "#5 #97 #11 #96");
    expect_sites(s, "#5 #11", "#97 #96");
    play(s, "#5-#1");
    expect_sites(s, "#1 #11", "#97 #96");
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    expect_sites(s, "#5 #11", "#97 #96");
    done(g, s);
}
END_TEST

/* §0, §5.1, §5.3: kind, name, neighbours and position of pinned points
 * (positions: the SVG's plane, y down, neighbouring points 1 apart, the
 * smallest x and y 0); then on every board: names are the PLACE
 * notation, neighbours ascending and symmetric, hex and trisquare
 * neighbours 1 apart, square ones 1 or sqrt 2, the smallest x and y 0. */
START_TEST(pinned_sites)
{
    static const struct {
        const char *board, *name;
        int32_t site;
        double x, y;
        int nn;
        int32_t nb[8];
    } pin[] = {
        {"hex4", "d1", 0, 1.5, 5.196152422706632, 3, {1, 4, 5}},
        {"hex4", "d4", 18, 3, 2.598076211353316, 6, {11, 12, 17, 19, 24, 25}},
        {"hex4", "a4", 15, 0, 2.598076211353316, 3, {9, 16, 22}},
        {"hex4", "d7", 36, 4.5, 0, 3, {31, 32, 35}},
        {"hex11", "k11", 165, 10, 8.660254037844386, 6,
         {144, 145, 164, 166, 185, 186}},
        {"square6", "a1", 0, 0, 5, 3, {1, 6, 7}},
        {"square6", "b2", 7, 1, 4, 8, {0, 1, 2, 6, 8, 12, 13, 14}},
        {"square6", "f6", 35, 5, 0, 3, {28, 29, 34}},
        {"square19", "j10", 180, 9, 9, 8,
         {160, 161, 162, 179, 181, 198, 199, 200}},
        /* (1 + sqrt 3)/sqrt 2 = 1.93185..., the width 8.95215...; #19,
         * #78 and #97 are #0's images under the mirrors and the half
         * turn (their neighbours the images of #0's) */
        {"trisquare4", "#0", 0, 1.9318516525781366, 8.952151481890109, 3,
         {4, 5, 10}},
        {"trisquare4", "#19", 19, 0, 7.020299829311972, 3, {9, 24, 29}},
        {"trisquare4", "#78", 78, 8.952151481890109, 1.9318516525781366, 3,
         {68, 73, 88}},
        {"trisquare4", "#97", 97, 7.020299829311972, 0, 3, {87, 92, 93}},
        {"trisquare4", "#49", 49, 0.2588190451025208, 4.122522350141577, 4,
         {39, 44, 54, 59}},
    };
    size_t i;
    for (i = 0; i < sizeof pin / sizeof pin[0]; i++) {
        char spec[64], nm[32];
        mg_game *g;
        int32_t nb[8];
        size_t cnt = 0, k, need = 0;
        double x, y;
        snprintf(spec, sizeof spec, "chains_of_thought(board=%s)",
                 pin[i].board);
        MG_GAME(g, spec);
        ck_assert_int_eq(mg_game_site_kind(g, pin[i].site), MG_SITE_POINT);
        ck_assert_int_eq(mg_game_site_name(g, pin[i].site, nm, sizeof nm,
                                           &need),
                         MG_OK);
        ck_assert_str_eq(nm, pin[i].name);
        ck_assert_uint_eq(need, strlen(nm) + 1);
        ck_assert_int_eq(mg_game_site_position(g, pin[i].site, &x, &y),
                         MG_OK);
        ck_assert_msg(fabs_(x - pin[i].x) < 1e-9 && fabs_(y - pin[i].y) < 1e-9,
                      "%s %s at (%.12f, %.12f)", pin[i].board, nm, x, y);
        ck_assert_int_eq(mg_game_site_neighbors(g, pin[i].site, nb, 8, &cnt),
                         MG_OK);
        ck_assert_int_eq((int)cnt, pin[i].nn);
        for (k = 0; k < cnt; k++)
            ck_assert_int_eq(nb[k], pin[i].nb[k]);
        mg_game_free(g);
    }
}
END_TEST

START_TEST(sites_every_board)
{
    int b;
    for (b = 0; b < NBOARDS; b++) {
        char spec[64];
        mg_game *g;
        mg_state *s;
        int32_t n, p, nb[8], nb2[8];
        double minx = 1e9, miny = 1e9;
        snprintf(spec, sizeof spec, "chains_of_thought(board=%s)",
                 board_names[b]);
        s = start(&g, spec);
        n = mg_game_num_sites(g);
        for (p = 0; p < n; p++) {
            char nm[32], an[32];
            size_t cnt = 0, k, c2, j;
            double x, y;
            ck_assert_int_eq(mg_game_site_name(g, p, nm, sizeof nm, NULL),
                             MG_OK);
            ck_assert_int_eq(mg_state_action_to_string(s, p, an, sizeof an,
                                                       NULL),
                             MG_OK);
            ck_assert_str_eq(nm, an);
            mg_game_site_position(g, p, &x, &y);
            minx = x < minx ? x : minx;
            miny = y < miny ? y : miny;
            mg_game_site_neighbors(g, p, nb, 8, &cnt);
            for (k = 0; k < cnt; k++) {
                int found = 0;
                double u, v, d2;
                if (k)
                    ck_assert_int_lt(nb[k - 1], nb[k]);
                mg_game_site_neighbors(g, nb[k], nb2, 8, &c2);
                for (j = 0; j < c2; j++)
                    found |= nb2[j] == p;
                ck_assert(found);
                mg_game_site_position(g, nb[k], &u, &v);
                d2 = (u - x) * (u - x) + (v - y) * (v - y);
                ck_assert_msg(fabs_(d2 - 1) < 1e-9 ||
                                  (b >= 3 && b <= 6 && fabs_(d2 - 2) < 1e-9),
                              "%s: %s and its neighbour %d are %g^0.5 apart",
                              board_names[b], nm, (int)nb[k], d2);
            }
        }
        ck_assert(fabs_(minx) < 1e-12 && fabs_(miny) < 1e-12);
        done(g, s);
    }
}
END_TEST

/* §5.3 the sites of every action: PLACE(s) (-1, s); STEP(f, slot) (f, t)
 * with t the neighbour the notation names; a slot the point lacks
 * (-1, -1). */
START_TEST(action_sites)
{
    int b;
    for (b = 0; b < NBOARDS; b++) {
        char spec[64];
        mg_game *g;
        mg_state *s;
        int32_t n, a, f, t, P;
        snprintf(spec, sizeof spec, "chains_of_thought(board=%s)",
                 board_names[b]);
        s = start(&g, spec);
        n = mg_game_num_actions(g);
        P = mg_game_num_sites(g);
        for (a = 0; a < n; a++) {
            char nm[64];
            const char *dash;
            ck_assert_int_eq(mg_game_action_sites(g, a, &f, &t), MG_OK);
            mg_state_action_to_string(s, a, nm, sizeof nm, NULL);
            dash = strchr(nm, '-');
            if (a < P) {
                ck_assert(f == -1 && t == a && !dash);
            } else if (strstr(nm, "-slot")) {
                ck_assert(f == -1 && t == -1);
            } else {
                char from[32];
                ck_assert_ptr_nonnull(dash);
                snprintf(from, sizeof from, "%.*s", (int)(dash - nm), nm);
                ck_assert_int_eq(f, parse(s, from));
                ck_assert_int_eq(t, parse(s, dash + 1));
                ck_assert_int_eq(f, (a - P) / ((n - P) / P));
            }
        }
        done(g, s);
    }
}
END_TEST

/* The position of every point against the SVG (rules §5.1): the circles
 * of class "point" (one per point, in point order, inside the body's
 * translate) are an affine image of the positions with one scale and one
 * offset, within a pixel: 40 px per unit, 30 px of margin, plus the
 * body's shift. */
START_TEST(svg_is_affine_image)
{
    static char svg[600000];
    static double cx[CT_MAXP], cy[CT_MAXP], px[CT_MAXP], py[CT_MAXP];
    char spec[64];
    mg_game *g;
    mg_state *s;
    int32_t n, p;
    double dx = 0, dy = 0, xmin = 1e9, xmax = -1e9, cmin = 1e9, cmax = -1e9;
    double scale, ox = 0, oy = 0;
    const char *q;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)",
             board_names[_i]);
    s = start(&g, spec);
    n = mg_game_num_sites(g);
    play(s, mg_game_num_sites(g) > 40 ? "#40" : "#3");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg, NULL),
                     MG_OK);
    q = strstr(svg, "<g transform=\"translate(");
    if (q)
        ck_assert_int_eq(sscanf(q, "<g transform=\"translate(%lf %lf)", &dx,
                                &dy),
                         2);
    q = svg;
    for (p = 0; p < n; p++) {
        q = strstr(q, "<circle class=\"point\"");
        ck_assert_ptr_nonnull(q);
        ck_assert_int_eq(sscanf(q, "<circle class=\"point\" cx=\"%lf\" "
                                   "cy=\"%lf\"",
                                &cx[p], &cy[p]),
                         2);
        cx[p] += dx;
        cy[p] += dy;
        mg_game_site_position(g, p, &px[p], &py[p]);
        if (px[p] < xmin) {
            xmin = px[p];
            cmin = cx[p];
        }
        if (px[p] > xmax) {
            xmax = px[p];
            cmax = cx[p];
        }
        q++;
    }
    ck_assert_ptr_null(strstr(q, "<circle class=\"point\""));
    scale = (cmax - cmin) / (xmax - xmin);
    for (p = 0; p < n; p++) {
        ox += (cx[p] - scale * px[p]) / n;
        oy += (cy[p] - scale * py[p]) / n;
    }
    for (p = 0; p < n; p++)
        ck_assert_msg(fabs_(cx[p] - (scale * px[p] + ox)) <= 1 &&
                          fabs_(cy[p] - (scale * py[p] + oy)) <= 1,
                      "%s #%d drawn at (%g, %g), the fit says (%g, %g)",
                      board_names[_i], (int)p, cx[p], cy[p],
                      scale * px[p] + ox, scale * py[p] + oy);
    /* the documented scale and offset */
    ck_assert_msg(fabs_(scale - 40) < 0.05, "scale %g", scale);
    for (p = 0; p < n; p++)
        ck_assert(fabs_(cx[p] - (40 * px[p] + 30 + dx)) <= 0.5 &&
                  fabs_(cy[p] - (40 * py[p] + 30 + dy)) <= 0.5);
    done(g, s);
}
END_TEST

/* ------------------------------------------------------------ planes */

/* rules §5.2 PLACE (placement=sum_equal) on the sites, by flood fill:
 * 1 when `me` may place on the empty site p. */
static int t_chain(const mg_game *g, const int8_t *held, int32_t p,
                   char *in)
{
    int32_t stack[CT_MAXP], nb[8];
    int sp = 0, n = 0;
    size_t k, c;
    if (in[p])
        return 0;
    in[p] = 1;
    stack[sp++] = p;
    while (sp) {
        int32_t e = stack[--sp];
        n++;
        mg_game_site_neighbors(g, e, nb, 8, &c);
        for (k = 0; k < c; k++)
            if (held[nb[k]] == held[p] && !in[nb[k]]) {
                in[nb[k]] = 1;
                stack[sp++] = nb[k];
            }
    }
    return n;
}

static int t_chain_size(const mg_game *g, const int8_t *held, int32_t p)
{
    char in[CT_MAXP];
    memset(in, 0, sizeof in);
    return t_chain(g, held, p, in);
}

static int t_placeable(const mg_game *g, const int8_t *held, int me,
                       int32_t p)
{
    char in[CT_MAXP];
    int32_t nb[8];
    size_t k, c;
    int f = 0, e = 0, any = 0;
    if (held[p] != MG_NOBODY)
        return 0;
    memset(in, 0, sizeof in);
    mg_game_site_neighbors(g, p, nb, 8, &c);
    for (k = 0; k < c; k++) {
        if (held[nb[k]] == MG_NOBODY)
            continue;
        any = 1;
        if (held[nb[k]] == me)
            f += t_chain(g, held, nb[k], in); /* 0 when counted already */
        else
            e += t_chain(g, held, nb[k], in);
    }
    return !any || 1 + f == e;
}

/* The observation of `player` (planes x sites). */
static void observe(const mg_state *s, int player, float *o, int32_t n)
{
    size_t count = 0;
    ck_assert_int_eq(mg_state_observation(s, player, o, 8 * (size_t)n,
                                          &count),
                     MG_OK);
    ck_assert_uint_eq(count, 8 * (size_t)n);
}

/* The planes of a known position (square6, rules §5.2 PLACE and STEP
 * (2)): after
 *   a1 f6 c1 f4 a1-b1 d6 a3 a6
 *   6  O . . O . O
 *   5  . . . . . .
 *   4  . . . . . O
 *   3  X . . . . .
 *   2  . . . . . .
 *   1  . X X . . .
 * X (to move) has b1-c1 (2, its unique largest and larger than every O
 * chain: frozen) and a3; O four single stones.  The planes against the
 * test's own reading of the rules at every point, for both players, and
 * by hand at a few.  After X's e1 and O's f6-f5 (O's f4-f5 ties X's b1-c1)
 * nothing is frozen; with movement=must_merge nothing ever is; at the end
 * of a game (hex4, rules §5.2 end) nobody is to move. */
START_TEST(planes_known_position)
{
    static const char *const names[8] = {
        "own",       "opponent", "empty",  "own_chain", "opponent_chain",
        "placeable", "frozen",   "to_move"};
    static float o[2][8 * CT_MAXP];
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    int32_t n = mg_game_num_sites(g), planes = 0, sites = 0, p, legal[400];
    int8_t held[CT_MAXP];
    size_t cnt = 0, nl = 0, k;
    int pl, i;
    ck_assert_int_eq(mg_game_observation_shape(g, &planes, &sites), MG_OK);
    ck_assert_int_eq(planes, 8);
    ck_assert_int_eq(sites, 36);
    for (i = 0; i < 8; i++)
        ck_assert_str_eq(mg_game_observation_plane(g, i), names[i]);
    ck_assert_ptr_null(mg_game_observation_plane(g, 8));
    play(s, "a1 f6 c1 f4 a1-b1 d6 a3 a6");
    ck_assert_int_eq(mg_state_sites(s, held, CT_MAXP, &cnt), MG_OK);
    for (pl = 0; pl < 2; pl++) {
        for (k = 0; k < 8 * (size_t)n; k++)
            o[pl][k] = -1.0f;
        observe(s, pl, o[pl], n);
    }
    /* the planes by hand at a few points, seat 0's view */
    ck_assert(o[0][parse(s, "b1")] == 1 && o[0][n + parse(s, "b1")] == 0);
    ck_assert(o[0][n + parse(s, "d6")] == 1 &&
              o[0][2 * n + parse(s, "d6")] == 0);
    ck_assert(o[0][3 * n + parse(s, "c1")] == 2 &&
              o[0][3 * n + parse(s, "a3")] == 1 &&
              o[0][3 * n + parse(s, "d6")] == 0);
    ck_assert(o[0][4 * n + parse(s, "f4")] == 1 &&
              o[0][4 * n + parse(s, "c1")] == 0);
    ck_assert(o[0][5 * n + parse(s, "c4")] == 1 && /* nothing around */
              o[1][5 * n + parse(s, "c4")] == 1 &&
              o[0][5 * n + parse(s, "b2")] == 0 && /* X: own stones only */
              o[1][5 * n + parse(s, "b2")] == 0 && /* O: 1 + 0 != 2 + 1 */
              o[0][5 * n + parse(s, "e3")] == 1 && /* X: 1 + 0 = 1 (f4) */
              o[1][5 * n + parse(s, "e3")] == 0 && /* O: own stones only */
              o[0][5 * n + parse(s, "a4")] == 0 && /* X: own stones only */
              o[1][5 * n + parse(s, "a4")] == 1 && /* O: 1 + 0 = 1 (a3) */
              o[0][5 * n + parse(s, "e5")] == 0 && /* X: 1 + 0 != 3 */
              o[0][5 * n + parse(s, "a6")] == 0);  /* occupied */
    ck_assert(o[0][6 * n + parse(s, "b1")] == 1 &&
              o[0][6 * n + parse(s, "c1")] == 1 &&
              o[0][6 * n + parse(s, "a3")] == 0);
    for (p = 0; p < n; p++) {
        for (pl = 0; pl < 2; pl++) {
            const float *v = o[pl];
            int own = held[p] == pl, opp = held[p] == 1 - pl;
            float size = held[p] == MG_NOBODY
                             ? 0.0f
                             : (float)t_chain_size(g, held, p);
            ck_assert(v[p] == own && v[n + p] == opp &&
                      v[2 * n + p] == (held[p] == MG_NOBODY));
            ck_assert(v[3 * n + p] == (own ? size : 0.0f));
            ck_assert(v[4 * n + p] == (opp ? size : 0.0f));
            ck_assert_msg(v[5 * n + p] == t_placeable(g, held, pl, p),
                          "seat %d, site %d: placeable %g", pl, (int)p,
                          v[5 * n + p]);
            ck_assert(v[6 * n + p] == (pl == 0 && own && size == 2));
            ck_assert(v[7 * n + p] == (pl == 0));
        }
    }
    /* the placements of the player to move are its legal PLACE actions */
    ck_assert_int_eq(mg_state_legal_actions(s, legal, 400, &nl), MG_OK);
    for (p = 0, k = 0; p < n; p++) {
        int is_legal = k < nl && legal[k] == p;
        ck_assert(o[0][5 * n + p] == is_legal);
        k += is_legal;
    }
    /* O ties X's largest (f6-f5 against b1-c1): the restriction is off */
    play(s, "e1 f6-f5");
    observe(s, 0, o[0], n);
    observe(s, 1, o[1], n);
    for (p = 0; p < n; p++)
        ck_assert(o[0][6 * n + p] == 0 && o[1][6 * n + p] == 0);
    done(g, s);

    /* movement=must_merge: no chain is ever frozen */
    s = start(&g, "chains_of_thought(board=square6,movement=must_merge)");
    play(s, "a1 f6 c1 f4 a1-b1 d6 a3 a6");
    observe(s, 0, o[0], n);
    for (p = 0; p < n; p++)
        ck_assert(o[0][6 * n + p] == 0);
    done(g, s);

    /* the end (rules §5.2): nobody is to move */
    s = start(&g, "chains_of_thought");
    n = mg_game_num_sites(g);
    play(s, "e4 g2 e2 d3 c4 c7 g4 e6 e4-f4 c7-d6 a4 b6 a4-b4 c5 g1 d2 e2-f2 "
            "c3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    for (pl = 0; pl < 2; pl++) {
        observe(s, pl, o[pl], n);
        for (p = 0; p < n; p++)
            ck_assert(o[pl][7 * n + p] == 0);
    }
    done(g, s);
}
END_TEST

/* ------------------------------------------------------- symmetries */

/* The number of symmetries the core finds (rules §5.1 geometry): 12 on
 * the hexagons, 8 on the squares, 4 on the trisquare boards (the
 * snub-square patch has the symmetries of a rectangle: the half turn and
 * the two diagonal mirrors of its square outline; no quarter turn, which
 * the 3.3.4.3.4 tiling has only about the centres of its squares, while
 * this patch is centred on an edge between two triangles), the same with
 * every other option, and 1 with removal=ludii, whose order of removals
 * follows the point indices. */
START_TEST(symmetry_counts)
{
    static const int want[NBOARDS] = {12, 12, 12, 8, 8, 8, 8, 4, 4, 4};
    static const char *const opts[4] = {
        "", ",goal=stalemate,placement=not_self_adjacent",
        ",movement=must_merge,removal=none", ",removal=ludii"};
    int b, k;
    for (b = 0; b < NBOARDS; b++)
        for (k = 0; k < 4; k++) {
            char spec[160];
            mg_game *g;
            snprintf(spec, sizeof spec, "chains_of_thought(board=%s%s)",
                     board_names[b], opts[k]);
            MG_GAME(g, spec);
            ck_assert_msg(mg_game_num_symmetries(g) == (k == 3 ? 1 : want[b]),
                          "%s: %d symmetries", spec,
                          mg_game_num_symmetries(g));
            mg_game_free(g);
        }
}
END_TEST

/* For every symmetry of a known position's game (rules §5.2: the rules
 * see only the adjacency): the history mapped action by action replays
 * legally, the image position's legal set is the image of the legal set,
 * its holders and every observation plane are the images. */
static void check_images(const char *spec, const char *moves, int32_t extra,
                         int want_sym)
{
    static int32_t hist[2000], legal[4000], ilegal[4000], img[4000];
    static float o[8 * CT_MAXP], io[8 * CT_MAXP];
    mg_game *g;
    mg_state *s = start(&g, spec);
    int32_t nsym, k, i, n = mg_game_num_sites(g), A = mg_game_num_actions(g);
    size_t hn = 0, nl = 0, inl = 0, j;
    int8_t held[CT_MAXP], iheld[CT_MAXP];
    play(s, moves);
    if (extra > 0)
        ck_assert_int_ge(mg_state_playout(s, 99, extra), 0);
    ck_assert_int_eq(mg_state_history(s, hist, 2000, &hn), MG_OK);
    ck_assert_int_eq(mg_state_legal_actions(s, legal, 4000, &nl), MG_OK);
    ck_assert_uint_gt(nl, 0);
    ck_assert_int_eq(mg_state_sites(s, held, CT_MAXP, &j), MG_OK);
    observe(s, 0, o, n);
    nsym = mg_game_num_symmetries(g);
    ck_assert_int_eq(nsym, want_sym);
    for (k = 0; k < nsym; k++) {
        mg_state *t;
        ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
        for (i = 0; i < A; i++)
            ck_assert_int_eq(mg_game_symmetry_action(g, k, i, &img[i]),
                             MG_OK);
        for (j = 0; j < hn; j++)
            ck_assert_msg(mg_state_apply(t, img[hist[j]]) == MG_OK,
                          "%s, symmetry %d: image of action %d", spec, k,
                          (int)j);
        ck_assert_int_eq(mg_state_legal_actions(t, ilegal, 4000, &inl),
                         MG_OK);
        ck_assert_uint_eq(inl, nl);
        for (j = 0; j < nl; j++) /* image of the legal set = its legal set */
            ck_assert_int_eq(mg_state_is_legal(t, img[legal[j]]), 1);
        mg_state_sites(t, iheld, CT_MAXP, &inl);
        observe(t, 0, io, n);
        for (i = 0; i < n; i++) {
            int32_t im, pl;
            ck_assert_int_eq(mg_game_symmetry_site(g, k, i, &im), MG_OK);
            ck_assert_int_eq(iheld[im], held[i]);
            for (pl = 0; pl < 8; pl++)
                ck_assert(io[pl * n + im] == o[pl * n + i]);
        }
        mg_state_free(t);
    }
    done(g, s);
}

START_TEST(symmetric_legal_sets)
{
    check_images("chains_of_thought", "c7 d4 b4 c6 a7 c6-c5 e5 c3 d5 a4", 0,
                 12);
    check_images("chains_of_thought(board=square6)",
                 "b1 c2 b3 e2 d5 b4 b3-a2 a3 c5 a6 f3 f6", 0, 8);
    check_images("chains_of_thought(board=square6)",
                 "a1 f6 c1 f4 a1-b1 d6 a3 a6", 0, 8); /* rule (2) */
    check_images("chains_of_thought(board=trisquare4)", "#5 #97 #11", 40, 4);
    check_images("chains_of_thought(board=hex7,removal=ludii)", "g7", 30, 1);
}
END_TEST

Suite *mg_sites_chains_suite(void)
{
    Suite *s = suite_create("sites_chains");
    TCase *tc = tcase_create("sites");
    tcase_add_test(tc, sites_after_removals_and_steps);
    tcase_add_test(tc, pinned_sites);
    tcase_add_test(tc, sites_every_board);
    tcase_add_test(tc, action_sites);
    tcase_add_loop_test(tc, svg_is_affine_image, 0, NBOARDS);
    tcase_add_test(tc, planes_known_position);
    tcase_add_test(tc, symmetry_counts);
    tcase_add_test(tc, symmetric_legal_sets);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}
