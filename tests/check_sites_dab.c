/*
 * check_sites_dab.c - the position of Dots and Boxes (since 1.3) by
 * hand-built positions: the sites (the lines, site = action id, rules
 * §3.4; then the boxes, bottom row first), their names and neighbours on
 * every grid (rules §3.1), their places against the SVG, who holds each
 * site after known moves (rules §3.2) and under the borders (rules §3.3),
 * the observation planes of known positions, and the symmetries (their
 * number per board, and that they map legal sets onto legal sets).
 *
 * The places are checked against this file's own model of the dots
 * (mindgames-games(7)): square dot (x, y) at (x, H - y); triangle dot
 * (q, r) at (q + r/2, (R - r) sqrt(3)/2); honeycomb dot (x, y) at
 * (x sqrt(3)/2, Ymax - 3y/2 - h/2), h = 1 for the dots where a vertical
 * line goes up (x + y of the parity of size - 1, rules §3.1); x shifted
 * so the leftmost dot is at 0.  A line is at its dots' middle, a box at
 * its dots' centroid; the SVG draws the dots at 30 px + 48 px (28 px on
 * the honeycomb) x the place, within a pixel.
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

#define HALF_SQRT3 0.86602540378443864676
#define MAXS 4096 /* sites of the largest board tested here */

/* Apply space-separated notation; every action must be legal. */
static void play(mg_state *s, const char *moves)
{
    char buf[1024], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        int32_t a = -1;
        char err[128];
        int rc = mg_state_action_from_string(s, tok, &a, err, sizeof err);
        ck_assert_msg(rc == MG_OK, "parse %s: %s", tok, err);
        rc = mg_state_apply(s, a);
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

static mg_state *start(mg_game **g, const char *spec)
{
    mg_state *s = NULL;
    MG_GAME(*g, spec);
    ck_assert_int_eq(mg_state_new(&s, *g), MG_OK);
    return s;
}

static void done(mg_game *g, mg_state *s)
{
    mg_state_free(s);
    mg_game_free(g);
}

static void name_of(const mg_game *g, int32_t site, char *buf, size_t cap)
{
    size_t need = 0;
    int rc = mg_game_site_name(g, site, buf, cap, &need);
    MG_REQUIRE(rc == MG_OK, "site %d: name: %d", (int)site, rc);
}

/* The site named `name`; fails the test when there is none. */
static int32_t site_named(const mg_game *g, const char *name)
{
    int32_t s, n = mg_game_num_sites(g);
    char buf[64];
    for (s = 0; s < n; s++) {
        name_of(g, s, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return s;
    }
    ck_abort_msg("no site %s", name);
    return -1;
}

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

static int32_t num_lines(const mg_game *g)
{
    return mg_game_num_actions(g); /* rules §3.4: one action per line */
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

/* ---------------------------------------------------- places and SVG */

typedef struct dot {
    char name[16];
    double x, y;   /* the model's place */
    double sx, sy; /* the SVG's, pixels */
    int in_svg;
} dot;

typedef struct layout {
    int grid; /* 0 square, 1 triangle, 2 honeycomb */
    int size;
    int32_t ndots;
    dot dots[MAXS];
} layout;

/* "a1" -> column 0, row 0 (rules §0: letters in bijective base 26). */
static void parse_dot(const char *name, int *col, int *row)
{
    int v = 0;
    while (*name >= 'a' && *name <= 'z')
        v = v * 26 + (*name++ - 'a' + 1);
    *col = v - 1;
    *row = atoi(name) - 1;
}

static int32_t find_dot(layout *L, const char *name, size_t n)
{
    int32_t i;
    for (i = 0; i < L->ndots; i++)
        if (strlen(L->dots[i].name) == n &&
            strncmp(L->dots[i].name, name, n) == 0)
            return i;
    MG_REQUIRE(L->ndots < MAXS && n < sizeof L->dots[0].name, "dot %.*s",
               (int)n, name);
    memcpy(L->dots[L->ndots].name, name, n);
    L->dots[L->ndots].name[n] = '\0';
    L->dots[L->ndots].in_svg = 0;
    return L->ndots++;
}

/* The dots of a site's name ("a1-b1", "a1-b1-a2-b2") into idx. */
static int dots_of(layout *L, const char *name, int32_t *idx)
{
    int n = 0;
    while (*name) {
        size_t len = strcspn(name, "-");
        idx[n++] = find_dot(L, name, len);
        name += len + (name[len] == '-');
    }
    return n;
}

/* The model's place of every dot, then shifted: leftmost x 0, highest
 * y 0 (y downwards). */
static void place_dots(layout *L)
{
    double minx = 1e9, maxup = -1e9;
    int32_t i;
    for (i = 0; i < L->ndots; i++) {
        dot *d = &L->dots[i];
        int col, row;
        double x, up;
        parse_dot(d->name, &col, &row);
        if (L->grid == 0) {
            x = col;
            up = row;
        } else if (L->grid == 1) {
            x = col + row / 2.0;
            up = row * HALF_SQRT3;
        } else { /* a vertical line goes up from (x, y): it is raised */
            int raised = (col + row) % 2 == (L->size - 1) % 2;
            x = col * HALF_SQRT3;
            up = 1.5 * row + (raised ? 0.5 : 0.0);
        }
        d->x = x;
        d->y = up;
        if (x < minx)
            minx = x;
        if (up > maxup)
            maxup = up;
    }
    for (i = 0; i < L->ndots; i++) {
        L->dots[i].x -= minx;
        L->dots[i].y = maxup - L->dots[i].y;
    }
}

static double num_attr(const char *tag, const char *end, const char *key)
{
    const char *p = strstr(tag, key);
    double v = 0;
    MG_REQUIRE(p && p < end && sscanf(p + strlen(key), "\"%lf\"", &v) == 1,
               "no %s in the SVG element", key);
    return v;
}

/* The text between <title> and </title> after p, into t. */
static const char *title_of(const char *p, char *t, size_t cap)
{
    const char *a = strstr(p, "<title>"), *b;
    size_t n;
    MG_REQUIRE(a != NULL, "no title");
    a += 7;
    b = strstr(a, "</title>");
    MG_REQUIRE(b != NULL && (size_t)(b - a) < cap, "no end of the title");
    n = (size_t)(b - a);
    memcpy(t, a, n);
    t[n] = '\0';
    return b;
}

static char *render_svg(const mg_state *s)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 0, &need),
                     MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, buf, need, NULL), MG_OK);
    return buf;
}

static double absd(double v)
{
    return v < 0 ? -v : v;
}

/* The distance of two dots in the model (svg 0) or in the SVG (1),
 * squared's root by Newton (no libm). */
static double dist(const dot *p, const dot *q, int svg)
{
    double dx = svg ? p->sx - q->sx : p->x - q->x;
    double dy = svg ? p->sy - q->sy : p->y - q->y, d2 = dx * dx + dy * dy;
    double r = d2 > 1 ? d2 : 1;
    int k;
    for (k = 0; k < 60; k++)
        r = 0.5 * (r + d2 / r);
    return d2 > 0 ? r : 0;
}

/* exact: where the SVG draws dots without rounding: every dot on the
 * square grid (-1), the triangle grid's row (name row - 1) of r = 0 of
 * rules §3.1, the honeycomb's column (name column) of x = 0. */
static const struct {
    const char *spec;
    int grid, size, exact;
} place_specs[] = {
    {"dots_and_boxes(rows=1,cols=1)", 0, 0, -1},
    {"dots_and_boxes(rows=3,cols=5)", 0, 0, -1},
    {"dots_and_boxes(rows=12,cols=7,border=icelandic)", 0, 0, -1},
    {"dots_and_boxes(grid=triangle,size=1)", 1, 1, 0},
    {"dots_and_boxes(grid=triangle,size=5)", 1, 5, 0},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=1)", 1, 1, 1},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=4)", 1, 4, 4},
    {"dots_and_boxes(grid=triangle,shape=hexagon,size=16)", 1, 16, 16},
    {"dots_and_boxes(grid=hexagon,size=1)", 2, 1, 0},
    {"dots_and_boxes(grid=hexagon,size=2)", 2, 2, 2},
    {"dots_and_boxes(grid=hexagon,size=5,border=swedish)", 2, 5, 8},
    {"dots_and_boxes(grid=hexagon,size=16)", 2, 16, 30},
};

/* Whether the SVG draws dot d without rounding (place_specs' exact). */
static int drawn_exactly(const dot *d, int grid, int exact)
{
    int col, row;
    parse_dot(d->name, &col, &row);
    return grid == 0 || (grid == 1 ? row : col) == exact;
}

/* Every site is where the model puts it, and the SVG draws every dot,
 * line middle and (claimed) box centre at one scale and offset of these
 * places (fitted from two dots), within a pixel: 30 px + 48 px x the
 * place (28 px on the honeycomb), shifted right by the centring of a body
 * narrower than the status. */
START_TEST(places_match_svg)
{
    static layout L;
    mg_game *g;
    mg_state *s = start(&g, place_specs[_i].spec);
    int32_t n = mg_game_num_sites(g), nl = num_lines(g), i, a, b, idx[8];
    double scale, ox, oy, dx = 0, want = place_specs[_i].grid == 2 ? 28 : 48;
    int corners = place_specs[_i].grid == 0   ? 4
                  : place_specs[_i].grid == 1 ? 3
                                              : 6; /* a box's dots */
    char *svg, t[64], name[64];
    const char *p;
    int k, nd, matched = 0;

    L.grid = place_specs[_i].grid;
    L.size = place_specs[_i].size;
    L.ndots = 0;
    ck_assert_int_le(n, MAXS);
    for (i = 0; i < n; i++) {
        name_of(g, i, name, sizeof name);
        dots_of(&L, name, idx);
    }
    place_dots(&L);
    /* the sites: a line at its dots' middle, a box at their centroid */
    for (i = 0; i < n; i++) {
        double x, y, mx = 0, my = 0;
        name_of(g, i, name, sizeof name);
        nd = dots_of(&L, name, idx);
        MG_REQUIRE(mg_game_site_kind(g, i) ==
                           (i < nl ? MG_SITE_LINE : MG_SITE_BOX) &&
                       nd == (i < nl ? 2 : corners),
                   "site %s: kind or dots", name);
        for (k = 0; k < nd; k++) {
            mx += L.dots[idx[k]].x / nd;
            my += L.dots[idx[k]].y / nd;
        }
        MG_REQUIRE(mg_game_site_position(g, i, &x, &y) == MG_OK, "place");
        MG_REQUIRE(absd(x - mx) < 1e-9 && absd(y - my) < 1e-9,
                   "%s: site %s at (%.6f, %.6f), the model (%.6f, %.6f)",
                   place_specs[_i].spec, name, x, y, mx, my);
    }
    /* the SVG's dots */
    mg_state_playout(s, 7, -1); /* every box claimed: drawn as a polygon */
    svg = render_svg(s);
    if ((p = strstr(svg, "<g transform=\"translate(")) != NULL)
        ck_assert_int_eq(sscanf(p + 24, "%lf", &dx), 1);
    for (p = svg; (p = strstr(p, "<circle ")) != NULL;) {
        const char *end = strchr(p, '>');
        double cx = num_attr(p, end, " cx="), cy = num_attr(p, end, " cy=");
        int32_t d, known = L.ndots;
        p = title_of(p, t, sizeof t);
        d = find_dot(&L, t, strlen(t));
        MG_REQUIRE(L.ndots == known, "dot %s of no site", t);
        L.dots[d].sx = cx + dx;
        L.dots[d].sy = cy;
        L.dots[d].in_svg = 1;
    }
    for (i = 0; i < L.ndots; i++)
        MG_REQUIRE(L.dots[i].in_svg, "dot %s not drawn", L.dots[i].name);
    /* the scale and offset from two dots the SVG draws without rounding
     * (the SVG rounds the others to whole pixels): the first and the one
     * farthest from it */
    for (a = 0; a < L.ndots &&
                !drawn_exactly(&L.dots[a], L.grid, place_specs[_i].exact);
         a++)
        ;
    ck_assert_int_lt(a, L.ndots);
    b = a;
    for (i = 0; i < L.ndots; i++)
        if (drawn_exactly(&L.dots[i], L.grid, place_specs[_i].exact) &&
            dist(&L.dots[i], &L.dots[a], 0) > dist(&L.dots[b], &L.dots[a], 0))
            b = i;
    ck_assert_int_ne(a, b);
    scale = dist(&L.dots[b], &L.dots[a], 1) / dist(&L.dots[b], &L.dots[a], 0);
    ox = L.dots[a].sx - scale * L.dots[a].x;
    oy = L.dots[a].sy - scale * L.dots[a].y;
    ck_assert_msg(absd(scale - want) < 0.01, "%s: scale %g",
                  place_specs[_i].spec, scale);
    ck_assert_msg(absd(ox - dx - 30) <= 1 && absd(oy - 30) <= 1,
                  "%s: offset (%g, %g), the body shifted by %g",
                  place_specs[_i].spec, ox, oy, dx);
    for (i = 0; i < L.ndots; i++) {
        const dot *d = &L.dots[i];
        MG_REQUIRE(absd(ox + scale * d->x - d->sx) <= 1 &&
                       absd(oy + scale * d->y - d->sy) <= 1,
                   "%s: dot %s drawn at (%g, %g), not (%g, %g)",
                   place_specs[_i].spec, d->name, d->sx, d->sy,
                   ox + scale * d->x, oy + scale * d->y);
    }
    /* the lines' middles (drawn in line order) */
    for (i = 0, p = svg; (p = strstr(p, "<line ")) != NULL; i++) {
        const char *end = strchr(p, '>');
        double mx = (num_attr(p, end, " x1=") + num_attr(p, end, " x2=")) / 2,
               my = (num_attr(p, end, " y1=") + num_attr(p, end, " y2=")) / 2,
               x, y;
        p = title_of(p, t, sizeof t);
        name_of(g, i, name, sizeof name);
        MG_REQUIRE(strcmp(t, name) == 0, "line %d drawn as %s", (int)i, t);
        mg_game_site_position(g, i, &x, &y);
        MG_REQUIRE(absd(ox + scale * x - (mx + dx)) <= 1 &&
                       absd(oy + scale * y - my) <= 1,
                   "%s: line %s", place_specs[_i].spec, t);
    }
    ck_assert_int_eq(i, nl);
    /* the boxes' centres: each polygon's mean corner is one box's place */
    for (p = svg; (p = strstr(p, "<polygon ")) != NULL; p++) {
        const char *q = strstr(p, "points=\"") + 8;
        double mx = 0, my = 0, x, y;
        int corners = 0, found = 0;
        while (*q != '"') {
            double u, v;
            int used = 0;
            MG_REQUIRE(sscanf(q, "%lf,%lf%n", &u, &v, &used) == 2, "points");
            mx += u;
            my += v;
            corners++;
            q += used;
            while (*q == ' ')
                q++;
        }
        mx = mx / corners + dx;
        my /= corners;
        for (i = nl; i < n && !found; i++) {
            mg_game_site_position(g, i, &x, &y);
            found = absd(ox + scale * x - mx) <= 1 &&
                    absd(oy + scale * y - my) <= 1;
        }
        ck_assert_msg(found, "%s: a box drawn at (%g, %g) is no box site",
                      place_specs[_i].spec, mx, my);
        matched++;
    }
    ck_assert_int_eq(matched, n - nl);
    free(svg);
    done(g, s);
}
END_TEST

/* No two sites share a place. */
START_TEST(places_distinct)
{
    mg_game *g;
    int32_t n, i, j;
    static double x[MAXS], y[MAXS];
    MG_GAME(g, place_specs[_i].spec);
    n = mg_game_num_sites(g);
    for (i = 0; i < n; i++)
        mg_game_site_position(g, i, &x[i], &y[i]);
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            MG_REQUIRE(absd(x[i] - x[j]) > 1e-6 || absd(y[i] - y[j]) > 1e-6,
                       "%s: sites %d and %d at one place", place_specs[_i].spec,
                       (int)i, (int)j);
    mg_game_free(g);
}
END_TEST

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

static float *observe(const mg_state *s, int player, size_t *count)
{
    int32_t planes = 0, sites = 0;
    size_t need, k;
    float *o;
    ck_assert_int_eq(
        mg_game_observation_shape(mg_state_game(s), &planes, &sites), MG_OK);
    need = (size_t)planes * (size_t)sites;
    o = malloc(need * sizeof *o);
    ck_assert_ptr_nonnull(o);
    for (k = 0; k < need; k++)
        o[k] = -7.0f; /* every float is written */
    ck_assert_int_eq(mg_state_observation(s, player, o, need, count), MG_OK);
    ck_assert_uint_eq(*count, need);
    for (k = 0; k < need; k++)
        ck_assert(o[k] != -7.0f);
    return o;
}

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

Suite *mg_sites_dab_suite(void)
{
    Suite *s = suite_create("sites_dab");
    TCase *sites = tcase_create("sites");
    TCase *held_tc = tcase_create("held");
    TCase *sym = tcase_create("symmetries");
    tcase_set_timeout(sites, 120);
    tcase_add_test(sites, lines_then_boxes);
    tcase_add_test(sites, names_and_neighbours);
    tcase_add_test(sites, box_order);
    tcase_add_loop_test(sites, places_match_svg, 0,
                        (int)(sizeof place_specs / sizeof place_specs[0]));
    tcase_add_loop_test(sites, places_distinct, 0,
                        (int)(sizeof place_specs / sizeof place_specs[0]));
    tcase_add_test(held_tc, swedish_border);
    tcase_add_test(held_tc, icelandic_border);
    tcase_add_test(held_tc, owners_after_moves);
    tcase_add_test(held_tc, plane_names);
    tcase_add_test(held_tc, planes_of_a_position);
    tcase_add_test(held_tc, planes_swedish);
    tcase_add_test(held_tc, planes_triangle);
    tcase_add_loop_test(sym, symmetry_counts, 0,
                        (int)(sizeof sym_specs / sizeof sym_specs[0]));
    tcase_add_test(sym, icelandic_reflection);
    tcase_add_loop_test(
        sym, symmetry_images, 0,
        (int)(sizeof image_positions / sizeof image_positions[0]));
    suite_add_tcase(s, sites);
    suite_add_tcase(s, held_tc);
    suite_add_tcase(s, sym);
    return s;
}
