/*
 * check_sites_dab_places.c - the position of Dots and Boxes (since 1.3) by
 * hand-built positions: the places of the sites on every grid (rules §3.1)
 * against the SVG, and that no two sites share a place.
 *
 * The places are checked against this file's own model of the dots
 * (mindgames-games(7)): square dot (x, y) at (x, H - y); triangle dot
 * (q, r) at (q + r/2, (R - r) sqrt(3)/2); honeycomb dot (x, y) at
 * (x sqrt(3)/2, Ymax - 3y/2 - h/2), h = 1 for the dots where a vertical
 * line goes up (x + y of the parity of size - 1, rules §3.1); x shifted
 * so the leftmost dot is at 0.  A line is at its dots' middle, a box at
 * its dots' centroid; the SVG draws the dots at 30 px + 48 px (28 px on
 * the honeycomb) x the place, within a pixel.
 *
 * The rest of the position: check_sites_dab_names.c,
 * check_sites_dab_held.c, check_sites_dab_symmetries.c.
 */
#include "sites_dab_test.h"

#define HALF_SQRT3 0.86602540378443864676

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

Suite *mg_sites_dab_places_suite(void)
{
    Suite *s = suite_create("sites_dab_places");
    TCase *sites = tcase_create("sites");
    tcase_set_timeout(sites, 120);
    tcase_add_loop_test(sites, places_match_svg, 0,
                        (int)(sizeof place_specs / sizeof place_specs[0]));
    tcase_add_loop_test(sites, places_distinct, 0,
                        (int)(sizeof place_specs / sizeof place_specs[0]));
    suite_add_tcase(s, sites);
    return s;
}
