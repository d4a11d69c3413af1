/*
 * dots_and_boxes_geometry.c - the boards of Dots and Boxes (doc/rules.md
 * §3.1): the cells of a square, triangle or hexagon (honeycomb) grid as
 * polygons of dot coordinates, and from them the plane graph in struct
 * dab, phase by phase: the dots (with their SVG layout), the cells and
 * their sides, the text marks, the lines (rules §3.4: a line's index is
 * its action id), each cell's lines, the lines a border draws before the
 * first move (rules §3.3), and the order of the boxes among the sites.
 */
#include "dots_and_boxes.h"

#include <string.h>

typedef struct { int32_t x, y; } pt;

typedef struct {
    int32_t ncells;
    int32_t *nsides;  /* per cell */
    pt *poly;         /* ncells * MAX_SIDES */
} cells_raw;

/* A cell's side, lower dot first. */
typedef struct { int32_t a, b, cell; } edge;

/* ------------------------------------------------------------- the cells */

static int in_hex(int32_t q, int32_t r, int32_t n)
{
    return q >= -n && q <= n && r >= -n && r <= n && q + r >= -n && q + r <= n;
}

static int in_tri(int32_t q, int32_t r, int32_t n)
{
    return q >= 0 && r >= 0 && q + r <= n;
}

static void add_cell(cells_raw *c, const pt *p, int k)
{
    assert(k >= 3 && k <= MAX_SIDES);
    memcpy(c->poly + (size_t)c->ncells * MAX_SIDES, p, (size_t)k * sizeof *p);
    c->nsides[c->ncells++] = k;
}

/* The cells of the chosen board as polygons of raw dot coordinates. */
static int build_cells(int grid, int shape, int32_t rows, int32_t cols,
                       int32_t n, cells_raw *c)
{
    int32_t max = grid == GRID_SQUARE ? rows * cols
                  : grid == GRID_HEXAGON ? 3 * n * n - 3 * n + 1
                  : shape == SHAPE_TRIANGLE ? n * n : 6 * n * n;
    int32_t x, y;
    c->ncells = 0;
    c->nsides = malloc((size_t)max * sizeof *c->nsides);
    c->poly = malloc((size_t)max * MAX_SIDES * sizeof *c->poly);
    if (!c->nsides || !c->poly)
        return MG_ENOMEM;
    if (grid == GRID_SQUARE) {
        for (y = 0; y < rows; y++)
            for (x = 0; x < cols; x++) {
                pt p[4] = {{x, y}, {x + 1, y}, {x + 1, y + 1}, {x, y + 1}};
                add_cell(c, p, 4);
            }
    } else if (grid == GRID_TRIANGLE) {
        for (y = -n; y <= n; y++)
            for (x = -n; x <= n; x++) {
                int (*in)(int32_t, int32_t, int32_t) =
                    shape == SHAPE_TRIANGLE ? in_tri : in_hex;
                if (in(x, y, n) && in(x + 1, y, n) && in(x, y + 1, n)) {
                    pt up[3] = {{x, y}, {x + 1, y}, {x, y + 1}};
                    add_cell(c, up, 3);
                }
                if (in(x + 1, y, n) && in(x + 1, y + 1, n) &&
                    in(x, y + 1, n)) {
                    pt dn[3] = {{x + 1, y}, {x + 1, y + 1}, {x, y + 1}};
                    add_cell(c, dn, 3);
                }
            }
    } else { /* honeycomb as a brick wall: hex (q,r) -> brick at (2q+r, r) */
        for (y = -(n - 1); y <= n - 1; y++)
            for (x = -(n - 1); x <= n - 1; x++) {
                if (in_hex(x, y, n - 1)) {
                    int32_t bx = 2 * x + y, by = y;
                    pt p[6] = {{bx, by},         {bx + 1, by},
                               {bx + 2, by},     {bx + 2, by + 1},
                               {bx + 1, by + 1}, {bx, by + 1}};
                    add_cell(c, p, 6);
                }
            }
    }
    assert(c->ncells == max);
    return MG_OK;
}

/* ---------------------------------------------------------- comparisons */

static int cmp_pt(const void *a, const void *b)
{
    const pt *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (p->x > q->x) - (p->x < q->x);
}

static int cmp_edge(const void *x, const void *y)
{
    const edge *e = x, *f = y;
    if (e->a != f->a)
        return e->a < f->a ? -1 : 1;
    if (e->b != f->b)
        return e->b < f->b ? -1 : 1;
    return (e->cell > f->cell) - (e->cell < f->cell);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Round a/b to the nearest integer (b > 0, a >= 0). */
static int32_t div_round(int64_t a, int64_t b)
{
    return (int32_t)((2 * a + b) / (2 * b));
}

/* ------------------------------------------------------------- the dots */

/* Positions for the SVG rendering, from raw coordinates: laid out in
 * whole pixels, stored in tenths (the SVG writer's unit).  The body has
 * no room for the status: the writer adds it. */
static void svg_layout(dab *d, const pt *raw, int grid)
{
    int32_t i, minx = INT32_MAX, miny = INT32_MAX, maxy = INT32_MIN,
               maxx = INT32_MIN;
    const int32_t margin = 30;
    for (i = 0; i < d->ndots; i++) {
        int32_t x = raw[i].x, y = raw[i].y, px, py;
        if (grid == GRID_SQUARE) {
            px = 48 * x;
            py = 48 * y;
        } else if (grid == GRID_TRIANGLE) { /* side 48 */
            px = 24 * (2 * x + y);
            py = y * 4157 / 100;
        } else { /* hexagon side 28: pointy-top honeycomb */
            px = x * 2425 / 100;
            py = 42 * y + (((x + y) % 2 == 0) ? 14 : 0);
        }
        d->svg_x[i] = px;
        d->svg_y[i] = py;
        if (px < minx) minx = px;
        if (px > maxx) maxx = px;
        if (py < miny) miny = py;
        if (py > maxy) maxy = py;
    }
    for (i = 0; i < d->ndots; i++) {
        d->svg_x[i] = 10 * (margin + d->svg_x[i] - minx);
        d->svg_y[i] = 10 * (margin + maxy - d->svg_y[i]);
    }
    d->svg_w = 10 * (2 * margin + maxx - minx);
    d->svg_h = 10 * (2 * margin + maxy - miny);
}

/* The dots in the plane of the position (rules-free geometry for the
 * sites, dots_and_boxes_position.c), as integers proportional to the
 * plane's x (right) and y (up), from raw coordinates; normalised to a
 * minimum of 0.  Square: (x, y).  Triangle: (2q + r, r), the plane being
 * (q + r/2, r sqrt(3)/2).  Honeycomb brick (X, Y): (X, 3Y + [X + Y even]),
 * the plane being (X sqrt(3)/2, 3Y/2 + [X + Y even]/2): the pointy-top
 * hexagons of side 1 that svg_layout draws with side 28 px. */
static void plane_layout(dab *d, const pt *raw, int grid)
{
    int32_t i, minx = INT32_MAX, miny = INT32_MAX, maxy = INT32_MIN;
    for (i = 0; i < d->ndots; i++) {
        int32_t x = raw[i].x, y = raw[i].y, kx, ky;
        if (grid == GRID_SQUARE) {
            kx = x;
            ky = y;
        } else if (grid == GRID_TRIANGLE) {
            kx = 2 * x + y;
            ky = y;
        } else {
            kx = x;
            ky = 3 * y + ((x + y) % 2 == 0);
        }
        d->dot_kx[i] = kx;
        d->dot_ky[i] = ky;
        if (kx < minx) minx = kx;
        if (ky < miny) miny = ky;
        if (ky > maxy) maxy = ky;
    }
    for (i = 0; i < d->ndots; i++) {
        d->dot_kx[i] -= minx;
        d->dot_ky[i] -= miny;
    }
    d->ky_max = maxy - miny;
}

/* Phase 1: every polygon corner once, bottom row first, left to right, as
 * the dots; their normalised coordinates, the dot at each place, the SVG
 * and the plane layouts.  *minx and *miny get the raw minimum, for the
 * cells to find their dots. */
static int build_dots(dab *d, const cells_raw *c, int32_t *minx_out,
                      int32_t *miny_out)
{
    int32_t nv = 0, i, k, minx, miny, maxx, maxy;
    pt *verts = malloc((size_t)c->ncells * MAX_SIDES * sizeof *verts);
    int rc = MG_ENOMEM;

    if (!verts)
        return MG_ENOMEM;
    for (i = 0; i < c->ncells; i++)
        for (k = 0; k < c->nsides[i]; k++)
            verts[nv++] = c->poly[i * MAX_SIDES + k];
    assert(nv > 0);
    qsort(verts, (size_t)nv, sizeof *verts, cmp_pt);
    for (i = 0, k = 0; i < nv; i++)
        if (k == 0 || cmp_pt(&verts[k - 1], &verts[i]) != 0)
            verts[k++] = verts[i];
    d->ndots = k;

    minx = maxx = verts[0].x;
    miny = verts[0].y;
    maxy = verts[d->ndots - 1].y;
    for (i = 0; i < d->ndots; i++) {
        if (verts[i].x < minx) minx = verts[i].x;
        if (verts[i].x > maxx) maxx = verts[i].x;
    }
    d->w = maxx - minx + 1;
    d->h = maxy - miny + 1;
    if (!ALLOC(d->dot_x, d->ndots) || !ALLOC(d->dot_y, d->ndots) ||
        !ALLOC(d->dot_at, d->w * d->h) || !ALLOC(d->svg_x, d->ndots) ||
        !ALLOC(d->svg_y, d->ndots) || !ALLOC(d->dot_kx, d->ndots) ||
        !ALLOC(d->dot_ky, d->ndots) ||
        !ALLOC(d->dot_lines, d->ndots * MAX_DOT_LINES) ||
        !ALLOC(d->dot_dir, d->ndots * N_DIRS))
        goto out;
    for (i = 0; i < d->w * d->h; i++)
        d->dot_at[i] = -1;
    for (i = 0; i < d->ndots; i++) {
        d->dot_x[i] = verts[i].x - minx;
        d->dot_y[i] = verts[i].y - miny;
        d->dot_at[d->dot_y[i] * d->w + d->dot_x[i]] = i;
    }
    svg_layout(d, verts, d->grid);
    plane_layout(d, verts, d->grid);
    *minx_out = minx;
    *miny_out = miny;
    rc = MG_OK;
out:
    free(verts);
    return rc;
}

/* ------------------------------------------------------------ the cells */

/* Phase 2: each cell's dots in polygon order, the place of its text mark
 * (the mean of its dots on the text grid: 4 columns and 2 rows per dot
 * step), and its sides into edges (*nedges of them). */
static int build_cell_sides(dab *d, const cells_raw *c, int32_t minx,
                            int32_t miny, edge *edges, int32_t *nedges)
{
    int32_t i, k, ne = 0;

    d->ncells = c->ncells;
    if (!ALLOC(d->cell_nsides, d->ncells) ||
        !ALLOC(d->cell_dots, d->ncells * MAX_SIDES) ||
        !ALLOC(d->cell_lines, d->ncells * MAX_SIDES) ||
        !ALLOC(d->mark_order, d->ncells) || !ALLOC(d->mark_row, d->ncells) ||
        !ALLOC(d->mark_col, d->ncells))
        return MG_ENOMEM;
    for (i = 0; i < d->ncells; i++) {
        int64_t sr = 0, sc = 0;
        int32_t ns = c->nsides[i];
        d->cell_nsides[i] = ns;
        for (k = 0; k < ns; k++) {
            pt p = c->poly[i * MAX_SIDES + k];
            int32_t dot = d->dot_at[(p.y - miny) * d->w + (p.x - minx)];
            assert(dot >= 0);
            d->cell_dots[i * MAX_SIDES + k] = dot;
            sc += 4 * d->dot_x[dot];
            sr += 2 * (d->h - 1 - d->dot_y[dot]);
        }
        d->mark_row[i] = div_round(sr, ns);
        d->mark_col[i] = div_round(sc, ns);
        for (k = 0; k < ns; k++) {
            int32_t a = d->cell_dots[i * MAX_SIDES + k];
            int32_t b = d->cell_dots[i * MAX_SIDES + (k + 1) % ns];
            edges[ne].a = a < b ? a : b;
            edges[ne].b = a < b ? b : a;
            edges[ne].cell = i;
            ne++;
        }
    }
    *nedges = ne;
    return MG_OK;
}

/* Phase 3: the text marks in reading order, sorting (row, col, cell)
 * keys. */
static int build_marks(dab *d)
{
    int64_t *keys = malloc((size_t)d->ncells * sizeof *keys);
    int32_t i;
    if (!keys)
        return MG_ENOMEM;
    for (i = 0; i < d->ncells; i++) {
        assert(i <= 0xFFFFF && d->mark_col[i] >= 0 &&
               d->mark_col[i] <= 0xFFFFF);
        keys[i] = ((int64_t)d->mark_row[i] << 40) |
                  ((int64_t)d->mark_col[i] << 20) | i;
    }
    qsort(keys, (size_t)d->ncells, sizeof *keys, cmp_i64);
    for (i = 0; i < d->ncells; i++)
        d->mark_order[i] = (int32_t)(keys[i] & 0xFFFFF);
    free(keys);
    return MG_OK;
}

/* ------------------------------------------------------------ the lines */

/* Put line l in the first free slot of dot's line list. */
static void dot_add_line(dab *d, int32_t dot, int32_t l)
{
    int32_t k;
    for (k = 0; k < MAX_DOT_LINES; k++)
        if (d->dot_lines[dot * MAX_DOT_LINES + k] < 0) {
            d->dot_lines[dot * MAX_DOT_LINES + k] = l;
            break;
        }
    assert(k < MAX_DOT_LINES);
}

/* Line l, first met as edge e: its dots and first cell, a slot in both
 * dots' lists, and the text direction it is drawn in from its lower dot,
 * if any. */
static void add_line(dab *d, int32_t l, const edge *e)
{
    int32_t a = e->a, b = e->b, dx, dy, dir = -1;
    d->line_dots[2 * l] = a;
    d->line_dots[2 * l + 1] = b;
    d->line_cells[2 * l] = e->cell;
    d->line_cells[2 * l + 1] = -1;
    dot_add_line(d, a, l);
    dot_add_line(d, b, l);
    /* b comes after a: same row to the right, or a row up */
    dx = d->dot_x[b] - d->dot_x[a];
    dy = d->dot_y[b] - d->dot_y[a];
    if (dx == 1 && dy == 0) dir = DIR_E;
    else if (dx == 0 && dy == 1) dir = DIR_N;
    else if (dx == -1 && dy == 1) dir = DIR_NW;
    if (dir >= 0)
        d->dot_dir[a * N_DIRS + dir] = l;
}

/* Phase 4: the lines, the distinct edges in (a, b) order, each with the
 * one or two cells it borders. */
static int build_lines(dab *d, edge *edges, int32_t nedges)
{
    int32_t i, l = -1;

    qsort(edges, (size_t)nedges, sizeof *edges, cmp_edge);
    d->nlines = 0;
    for (i = 0; i < nedges; i++)
        if (i == 0 || edges[i].a != edges[i - 1].a ||
            edges[i].b != edges[i - 1].b)
            d->nlines++;
    if (!ALLOC(d->line_dots, d->nlines * 2) ||
        !ALLOC(d->line_cells, d->nlines * 2) ||
        !ALLOC(d->predrawn, d->nlines))
        return MG_ENOMEM;
    for (i = 0; i < d->ndots * MAX_DOT_LINES; i++)
        d->dot_lines[i] = -1;
    for (i = 0; i < d->ndots * N_DIRS; i++)
        d->dot_dir[i] = -1;
    for (i = 0; i < nedges; i++) {
        if (i == 0 || edges[i].a != edges[i - 1].a ||
            edges[i].b != edges[i - 1].b) {
            add_line(d, ++l, &edges[i]);
        } else {
            assert(d->line_cells[2 * l + 1] < 0); /* two cells at most */
            d->line_cells[2 * l + 1] = edges[i].cell;
        }
    }
    assert(l + 1 == d->nlines);
    return MG_OK;
}

/* Phase 5: each cell's lines, in polygon order. */
static void build_cell_lines(dab *d)
{
    int32_t i, k;
    for (i = 0; i < d->ncells; i++) {
        int32_t ns = d->cell_nsides[i];
        for (k = 0; k < ns; k++) {
            int32_t a = d->cell_dots[i * MAX_SIDES + k];
            int32_t b = d->cell_dots[i * MAX_SIDES + (k + 1) % ns];
            int32_t j;
            for (j = 0; j < MAX_DOT_LINES; j++) {
                int32_t l = d->dot_lines[a * MAX_DOT_LINES + j];
                if (l >= 0 && (d->line_dots[2 * l] == b ||
                               d->line_dots[2 * l + 1] == b)) {
                    d->cell_lines[i * MAX_SIDES + k] = l;
                    break;
                }
            }
            assert(j < MAX_DOT_LINES); /* every side is a line */
        }
    }
}

/* Phase 6, rules §3.3: which lines are drawn before the first move, and
 * so how many moves the game has. */
static void predraw(dab *d)
{
    int32_t l, k;
    for (l = 0; l < d->nlines; l++) {
        int32_t c = d->line_cells[2 * l];
        int border = d->line_cells[2 * l + 1] < 0;
        if (!border || d->border == BORDER_NONE)
            continue;
        if (d->border == BORDER_ICELANDIC) {
            /* left (x == 0, vertical) and bottom (y == 0, horizontal) */
            int32_t a = d->line_dots[2 * l], b = d->line_dots[2 * l + 1];
            if ((d->dot_x[a] == 0 && d->dot_x[b] == 0) ||
                (d->dot_y[a] == 0 && d->dot_y[b] == 0))
                d->predrawn[l] = 1;
            continue;
        }
        /* Swedish: every border line, except the sides of a cell whose
         * every side is a border line (it would close by itself). */
        for (k = 0; k < d->cell_nsides[c]; k++)
            if (d->line_cells[2 * d->cell_lines[c * MAX_SIDES + k] + 1] >= 0)
                break;
        if (k < d->cell_nsides[c])
            d->predrawn[l] = 1;
    }
    d->moves = 0;
    for (l = 0; l < d->nlines; l++)
        d->moves += !d->predrawn[l];
}

/* Phase 7: the order of the boxes among the sites, by centre in the
 * plane, bottom row first, left to right (sums of the plane layout's
 * integers over a cell's dots, compared as means). */
typedef struct { int64_t sx, sy; int32_t n, cell; } box_key;

static int cmp_box(const void *x, const void *y)
{
    const box_key *a = x, *b = y;
    int64_t ay = a->sy * b->n, by = b->sy * a->n;
    int64_t ax = a->sx * b->n, bx = b->sx * a->n;
    if (ay != by)
        return ay < by ? -1 : 1;
    if (ax != bx)
        return ax < bx ? -1 : 1;
    return (a->cell > b->cell) - (a->cell < b->cell);
}

static int build_box_order(dab *d)
{
    box_key *keys = malloc((size_t)d->ncells * sizeof *keys);
    int32_t i, k;
    if (!keys || !ALLOC(d->box_cell, d->ncells) ||
        !ALLOC(d->cell_box, d->ncells)) {
        free(keys);
        return MG_ENOMEM;
    }
    for (i = 0; i < d->ncells; i++) {
        keys[i].sx = keys[i].sy = 0;
        keys[i].n = d->cell_nsides[i];
        keys[i].cell = i;
        for (k = 0; k < d->cell_nsides[i]; k++) {
            int32_t dot = d->cell_dots[i * MAX_SIDES + k];
            keys[i].sx += d->dot_kx[dot];
            keys[i].sy += d->dot_ky[dot];
        }
    }
    qsort(keys, (size_t)d->ncells, sizeof *keys, cmp_box);
    for (i = 0; i < d->ncells; i++) {
        d->box_cell[i] = keys[i].cell;
        d->cell_box[keys[i].cell] = i;
    }
    free(keys);
    return MG_OK;
}

/* --------------------------------------------------------------- build */

int mg__dab_build(dab *d, int shape, int32_t rows, int32_t cols,
                  int32_t size)
{
    cells_raw c = {0, NULL, NULL};
    edge *edges = NULL;
    int32_t minx = 0, miny = 0, nedges = 0;
    int rc = build_cells(d->grid, shape, rows, cols, size, &c);

    if (rc == MG_OK &&
        !(edges = malloc((size_t)c.ncells * MAX_SIDES * sizeof *edges)))
        rc = MG_ENOMEM;
    if (rc == MG_OK)
        rc = build_dots(d, &c, &minx, &miny);
    if (rc == MG_OK)
        rc = build_cell_sides(d, &c, minx, miny, edges, &nedges);
    if (rc == MG_OK)
        rc = build_marks(d);
    if (rc == MG_OK)
        rc = build_lines(d, edges, nedges);
    if (rc == MG_OK) {
        build_cell_lines(d);
        predraw(d);
        rc = build_box_order(d);
    }
    free(edges);
    free(c.nsides);
    free(c.poly);
    return rc;
}
