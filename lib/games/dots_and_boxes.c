/*
 * dots_and_boxes.c - Dots and Boxes (RULES.md §3) on square, triangle and
 * hexagon (honeycomb) grids, with standard, Swedish and Icelandic borders
 * and misère.
 *
 * Every board is built as a plane graph from its cells (polygons of dot
 * coordinates): dots sorted bottom row first, lines sorted by their dots'
 * indices (so a line's index is its action id, RULES §3.4), and for every
 * line the one or two cells it borders.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { GRID_SQUARE, GRID_TRIANGLE, GRID_HEXAGON };
enum { SHAPE_TRIANGLE, SHAPE_HEXAGON };
enum { BORDER_NONE, BORDER_SWEDISH, BORDER_ICELANDIC };
enum { OPT_GRID, OPT_ROWS, OPT_COLS, OPT_SIZE, OPT_SHAPE, OPT_BORDER,
       OPT_MISERE, N_OPTS };

static const char *const grid_names[] = {"square", "triangle", "hexagon",
                                         NULL};
static const char *const shape_names[] = {"triangle", "hexagon", NULL};
static const char *const border_names[] = {"none", "swedish", "icelandic",
                                           NULL};

static const mg__option options[N_OPTS] = {
    {"grid", MG__OPT_ENUM, 0, 0, grid_names, GRID_SQUARE},
    {"rows", MG__OPT_INT, 1, 32, NULL, 4},
    {"cols", MG__OPT_INT, 1, 32, NULL, 4},
    {"size", MG__OPT_INT, 1, 16, NULL, 3},
    {"shape", MG__OPT_ENUM, 0, 0, shape_names, SHAPE_TRIANGLE},
    {"border", MG__OPT_ENUM, 0, 0, border_names, BORDER_NONE},
    {"misere", MG__OPT_BOOL, 0, 1, NULL, 0},
};

#define MAX_SIDES 6
#define MAX_DOT_LINES 6

/* Screen directions of the text rendering: line from a dot to its
 * neighbour at (+1,0), (0,+1) or (-1,+1). */
enum { DIR_E, DIR_N, DIR_NW, N_DIRS };

typedef struct dab {
    int grid, border, misere;
    int32_t ndots, nlines, ncells, moves;
    int32_t w, h;             /* extent of normalised dot coordinates */
    int32_t *dot_x, *dot_y;   /* normalised: minimum 0 */
    int32_t *dot_at;          /* w*h -> dot or -1 */
    int32_t *dot_lines;       /* ndots * MAX_DOT_LINES, -1 padded */
    int32_t *dot_dir;         /* ndots * N_DIRS: line towards dir or -1 */
    int32_t *line_dots;       /* nlines * 2, lower index first */
    int32_t *line_cells;      /* nlines * 2, -1 padded */
    unsigned char *predrawn;  /* per line */
    int32_t *cell_nsides;
    int32_t *play_cells;      /* line_cells with the spare cell for -1 */
    int32_t *play_nsides;     /* cell_nsides, then -1 for the spare cell */
    int32_t *cell_dots;       /* ncells * MAX_SIDES, polygon order */
    int32_t *cell_lines;      /* ncells * MAX_SIDES */
    int32_t *mark_order;      /* cells sorted by text mark (row, col) */
    int32_t *mark_row, *mark_col;
    int32_t *svg_x, *svg_y;   /* per dot, pixels */
    int32_t svg_w, svg_h;
    uint64_t *zline, *zcell;  /* zcell: ncells * 2 */
    uint64_t zturn, zturn0;
} dab;

/* The state blob: a header, then drawn[nlines], sides[ncells + 1],
 * owner[ncells + 1] (signed char, -1 = nobody).  The spare cell ncells
 * stands for "no cell" on border lines in the playout, which so needs no
 * branch; between calls its side count is 0 and its owner -1. */
typedef struct dab_state {
    uint64_t hash;
    int32_t player;           /* 0, 1, or MG_NOBODY when over */
    int32_t remaining;        /* lines still undrawn */
    int32_t score[2];
} dab_state;

/* The arrays after the header; the C* forms for a read-only state. */
#define DRAWN(d, st) ((unsigned char *)(st) + sizeof(dab_state))
#define SIDES(d, st) (DRAWN(d, st) + (d)->nlines)
#define OWNER(d, st) ((signed char *)(SIDES(d, st) + (d)->ncells + 1))
#define CDRAWN(d, st) ((const unsigned char *)(st) + sizeof(dab_state))
#define COWNER(d, st)                                                         \
    ((const signed char *)(CDRAWN(d, st) + (d)->nlines + (d)->ncells + 1))

static const dab *D(const mg_game *g)
{
    return (const dab *)g->data;
}

/* ------------------------------------------------------------- options */

static const char *dab_applies(int i, const mg__optvals *o)
{
    int grid = (int)o->v[OPT_GRID];
    switch (i) {
    case OPT_ROWS:
    case OPT_COLS:
        return grid == GRID_SQUARE ? NULL
                                   : "rows and cols apply to grid=square "
                                     "only (use size)";
    case OPT_SIZE:
        return grid != GRID_SQUARE ? NULL
                                   : "size applies to grid=triangle and "
                                     "grid=hexagon only (use rows and cols)";
    case OPT_SHAPE:
        return grid == GRID_TRIANGLE ? NULL
                                     : "shape applies to grid=triangle only";
    default:
        return NULL;
    }
}

/* ------------------------------------------------------------ geometry */

typedef struct { int32_t x, y; } pt;

typedef struct {
    int32_t ncells;
    int32_t *nsides;  /* per cell */
    pt *poly;         /* ncells * MAX_SIDES */
} cells_raw;

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
    return MG_OK;
}

static int cmp_pt(const void *a, const void *b)
{
    const pt *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (p->x > q->x) - (p->x < q->x);
}

typedef struct { int32_t a, b, cell; } edge;

static int cmp_edge(const void *x, const void *y)
{
    const edge *e = x, *f = y;
    if (e->a != f->a)
        return e->a < f->a ? -1 : 1;
    if (e->b != f->b)
        return e->b < f->b ? -1 : 1;
    return (e->cell > f->cell) - (e->cell < f->cell);
}

static void dab_destroy(mg_game *g)
{
    dab *d = g->data;
    if (!d)
        return;
    free(d->dot_x);
    free(d->dot_y);
    free(d->dot_at);
    free(d->dot_lines);
    free(d->dot_dir);
    free(d->line_dots);
    free(d->line_cells);
    free(d->predrawn);
    free(d->cell_nsides);
    free(d->play_cells);
    free(d->play_nsides);
    free(d->cell_dots);
    free(d->cell_lines);
    free(d->mark_order);
    free(d->mark_row);
    free(d->mark_col);
    free(d->svg_x);
    free(d->svg_y);
    free(d->zline);
    free(d->zcell);
    free(d);
    g->data = NULL;
}

/* Round a/b to the nearest integer (b > 0, a >= 0). */
static int32_t div_round(int64_t a, int64_t b)
{
    return (int32_t)((2 * a + b) / (2 * b));
}

/* Pixel positions for the SVG rendering, from raw coordinates. */
static void svg_layout(dab *d, const pt *raw, int grid)
{
    int32_t i, minx = INT32_MAX, maxy = INT32_MIN, maxx = INT32_MIN;
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
        if (py > maxy) maxy = py;
    }
    {
        int32_t miny = INT32_MAX;
        for (i = 0; i < d->ndots; i++)
            if (d->svg_y[i] < miny)
                miny = d->svg_y[i];
        for (i = 0; i < d->ndots; i++) {
            d->svg_x[i] = margin + d->svg_x[i] - minx;
            d->svg_y[i] = margin + maxy - d->svg_y[i];
        }
        d->svg_w = 2 * margin + maxx - minx;
        d->svg_h = 2 * margin + maxy - miny + 24;
    }
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void *zalloc(int64_t n, size_t size)
{
    return calloc(n > 0 ? (size_t)n : 1, size);
}

#define ALLOC(p, n) ((p) = zalloc((n), sizeof *(p)))

static int build(dab *d, const cells_raw *c, int grid)
{
    int32_t nv = 0, i, k, minx, miny, maxx, maxy;
    pt *verts = NULL;
    edge *edges = NULL;
    int32_t nedges = 0;
    int rc = MG_ENOMEM;

    verts = malloc((size_t)c->ncells * MAX_SIDES * sizeof *verts);
    edges = malloc((size_t)c->ncells * MAX_SIDES * sizeof *edges);
    if (!verts || !edges)
        goto out;
    for (i = 0; i < c->ncells; i++)
        for (k = 0; k < c->nsides[i]; k++)
            verts[nv++] = c->poly[i * MAX_SIDES + k];
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
        !ALLOC(d->svg_y, d->ndots) ||
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
    svg_layout(d, verts, grid);

    /* cells: polygon dots, then edges */
    d->ncells = c->ncells;
    if (!ALLOC(d->cell_nsides, d->ncells) ||
        !ALLOC(d->cell_dots, d->ncells * MAX_SIDES) ||
        !ALLOC(d->cell_lines, d->ncells * MAX_SIDES) ||
        !ALLOC(d->mark_order, d->ncells) || !ALLOC(d->mark_row, d->ncells) ||
        !ALLOC(d->mark_col, d->ncells))
        goto out;
    for (i = 0; i < d->ncells; i++) {
        int64_t sr = 0, sc = 0;
        int32_t ns = c->nsides[i];
        d->cell_nsides[i] = ns;
        for (k = 0; k < ns; k++) {
            pt p = c->poly[i * MAX_SIDES + k];
            int32_t dot = d->dot_at[(p.y - miny) * d->w + (p.x - minx)];
            d->cell_dots[i * MAX_SIDES + k] = dot;
            sc += 4 * d->dot_x[dot];
            sr += 2 * (d->h - 1 - d->dot_y[dot]);
        }
        d->mark_row[i] = div_round(sr, ns);
        d->mark_col[i] = div_round(sc, ns);
        for (k = 0; k < ns; k++) {
            int32_t a = d->cell_dots[i * MAX_SIDES + k];
            int32_t b = d->cell_dots[i * MAX_SIDES + (k + 1) % ns];
            edges[nedges].a = a < b ? a : b;
            edges[nedges].b = a < b ? b : a;
            edges[nedges].cell = i;
            nedges++;
        }
    }
    /* text marks in reading order: sort (row, col, cell) keys */
    {
        int64_t *keys = malloc((size_t)d->ncells * sizeof *keys);
        if (!keys)
            goto out;
        for (i = 0; i < d->ncells; i++)
            keys[i] = ((int64_t)d->mark_row[i] << 40) |
                      ((int64_t)d->mark_col[i] << 20) | i;
        qsort(keys, (size_t)d->ncells, sizeof *keys, cmp_i64);
        for (i = 0; i < d->ncells; i++)
            d->mark_order[i] = (int32_t)(keys[i] & 0xFFFFF);
        free(keys);
    }

    /* lines: distinct edges in (a, b) order */
    qsort(edges, (size_t)nedges, sizeof *edges, cmp_edge);
    d->nlines = 0;
    for (i = 0; i < nedges; i++)
        if (i == 0 || edges[i].a != edges[i - 1].a ||
            edges[i].b != edges[i - 1].b)
            d->nlines++;
    if (!ALLOC(d->line_dots, d->nlines * 2) ||
        !ALLOC(d->line_cells, d->nlines * 2) ||
        !ALLOC(d->predrawn, d->nlines))
        goto out;
    for (i = 0; i < d->ndots * MAX_DOT_LINES; i++)
        d->dot_lines[i] = -1;
    for (i = 0; i < d->ndots * N_DIRS; i++)
        d->dot_dir[i] = -1;
    {
        int32_t l = -1;
        for (i = 0; i < nedges; i++) {
            if (i == 0 || edges[i].a != edges[i - 1].a ||
                edges[i].b != edges[i - 1].b) {
                int32_t a = edges[i].a, b = edges[i].b, dx, dy, dir = -1;
                l++;
                d->line_dots[2 * l] = a;
                d->line_dots[2 * l + 1] = b;
                d->line_cells[2 * l] = edges[i].cell;
                d->line_cells[2 * l + 1] = -1;
                for (k = 0; k < MAX_DOT_LINES; k++)
                    if (d->dot_lines[a * MAX_DOT_LINES + k] < 0) {
                        d->dot_lines[a * MAX_DOT_LINES + k] = l;
                        break;
                    }
                for (k = 0; k < MAX_DOT_LINES; k++)
                    if (d->dot_lines[b * MAX_DOT_LINES + k] < 0) {
                        d->dot_lines[b * MAX_DOT_LINES + k] = l;
                        break;
                    }
                /* b comes after a: same row to the right, or a row up */
                dx = d->dot_x[b] - d->dot_x[a];
                dy = d->dot_y[b] - d->dot_y[a];
                if (dx == 1 && dy == 0) dir = DIR_E;
                else if (dx == 0 && dy == 1) dir = DIR_N;
                else if (dx == -1 && dy == 1) dir = DIR_NW;
                if (dir >= 0)
                    d->dot_dir[a * N_DIRS + dir] = l;
            } else {
                d->line_cells[2 * l + 1] = edges[i].cell;
            }
        }
    }
    /* each cell's lines, in polygon order */
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
        }
    }
    rc = MG_OK;
out:
    free(verts);
    free(edges);
    return rc;
}

/* RULES §3.3: which lines are drawn before the first move. */
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

enum { ZD_LINE = 0xD0B1, ZD_CELL = 0xD0B2, ZD_TURN = 0xD0B3 };

static int dab_create(mg_game *g, const mg__optvals *o, char *err,
                      size_t errcap)
{
    dab *d;
    cells_raw c = {0, NULL, NULL};
    int32_t i;
    int grid = (int)o->v[OPT_GRID], rc;

    if (o->v[OPT_BORDER] == BORDER_ICELANDIC && grid != GRID_SQUARE)
        return mg__err(err, errcap, MG_EVALUE,
                       "border=icelandic applies to grid=square only");
    d = calloc(1, sizeof *d);
    if (!d)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    g->data = d;
    d->grid = grid;
    d->border = (int)o->v[OPT_BORDER];
    d->misere = (int)o->v[OPT_MISERE];
    rc = build_cells(grid, (int)o->v[OPT_SHAPE], (int32_t)o->v[OPT_ROWS],
                     (int32_t)o->v[OPT_COLS], (int32_t)o->v[OPT_SIZE], &c);
    if (rc == MG_OK)
        rc = build(d, &c, grid);
    free(c.nsides);
    free(c.poly);
    if (rc == MG_OK &&
        (!ALLOC(d->zline, d->nlines) || !ALLOC(d->zcell, 2 * d->ncells + 2) ||
         !ALLOC(d->play_cells, 2 * d->nlines) ||
         !ALLOC(d->play_nsides, d->ncells + 1)))
        rc = MG_ENOMEM;
    if (rc) {
        dab_destroy(g);
        return mg__err(err, errcap, rc, "out of memory");
    }
    predraw(d);
    for (i = 0; i < d->nlines; i++)
        d->zline[i] = mg__zobrist_key(ZD_LINE, (uint64_t)i);
    for (i = 0; i < 2 * d->ncells; i++)
        d->zcell[i] = mg__zobrist_key(ZD_CELL, (uint64_t)i);
    d->zturn = mg__zobrist_key(ZD_TURN, 1);
    d->zturn0 = mg__zobrist_key(ZD_TURN, 0);
    for (i = 0; i < 2 * d->nlines; i++)
        d->play_cells[i] = d->line_cells[i] >= 0 ? d->line_cells[i]
                                                 : d->ncells;
    for (i = 0; i < d->ncells; i++)
        d->play_nsides[i] = d->cell_nsides[i];
    d->play_nsides[d->ncells] = -1; /* never closes */

    g->num_actions = d->nlines;
    g->max_legal = d->moves;
    g->max_length = d->moves;
    g->state_size = sizeof(dab_state) + (size_t)d->nlines +
                    2 * (size_t)d->ncells + 2;
    g->undo_size = 1;
    return MG_OK;
}

/* --------------------------------------------------------------- rules */

/* The side-to-move part of the hash; seat 0's key is nonzero too, so no
 * position hashes to 0 (which mg_state_hash(NULL) returns). */
static uint64_t turn_key(const dab *d, int player)
{
    return player == 1 ? d->zturn : player == 0 ? d->zturn0 : 0;
}

static void dab_init(const mg_game *g, void *st)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *drawn = DRAWN(d, st), *sides = SIDES(d, st);
    signed char *owner = OWNER(d, st);
    int32_t l;
    memset(owner, -1, (size_t)d->ncells + 1);
    for (l = 0; l < d->nlines; l++)
        if (d->predrawn[l]) {
            drawn[l] = 1;
            sides[d->line_cells[2 * l]]++;
            if (d->line_cells[2 * l + 1] >= 0)
                sides[d->line_cells[2 * l + 1]]++;
        }
    s->player = 0;
    s->remaining = d->moves;
    s->hash = turn_key(d, 0);
}

static int dab_current(const mg_game *g, const void *st)
{
    (void)g;
    return ((const dab_state *)st)->player;
}

static int dab_winner(const mg_game *g, const void *st)
{
    const dab_state *s = st;
    int32_t a = s->score[0], b = s->score[1];
    if (s->player != MG_NOBODY)
        return MG_NOBODY;
    if (a == b)
        return MG_DRAW;
    return ((a > b) != (D(g)->misere != 0)) ? 0 : 1;
}

static int32_t dab_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    int32_t l, n = 0;
    for (l = 0; l < d->nlines; l++)
        if (!drawn[l])
            buf[n++] = l;
    return n;
}

static int dab_is_legal(const mg_game *g, const void *st, int32_t a)
{
    (void)g;
    return !CDRAWN(D(g), st)[a];
}

static void dab_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *sides = SIDES(d, st);
    signed char *owner = OWNER(d, st);
    int mover = s->player, next, closed = 0, k;

    *(unsigned char *)undo = (unsigned char)mover;
    DRAWN(d, st)[a] = 1;
    s->hash ^= d->zline[a];
    s->remaining--;
    for (k = 0; k < 2; k++) {
        int32_t c = d->line_cells[2 * a + k];
        if (c >= 0 && ++sides[c] == d->cell_nsides[c]) {
            owner[c] = (signed char)mover;
            s->score[mover]++;
            s->hash ^= d->zcell[2 * c + mover];
            closed = 1;
        }
    }
    /* RULES §3.2.2: move again after closing, unless no line is left */
    next = s->remaining == 0 ? MG_NOBODY : closed ? mover : 1 - mover;
    s->hash ^= turn_key(d, mover) ^ turn_key(d, next);
    s->player = next;
}

static void dab_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *sides = SIDES(d, st);
    signed char *owner = OWNER(d, st);
    int mover = *(const unsigned char *)undo, k;

    for (k = 0; k < 2; k++) {
        int32_t c = d->line_cells[2 * a + k];
        if (c < 0)
            continue;
        if (sides[c] == d->cell_nsides[c]) {
            owner[c] = -1;
            s->score[mover]--;
            s->hash ^= d->zcell[2 * c + mover];
        }
        sides[c]--;
    }
    DRAWN(d, st)[a] = 0;
    s->hash ^= d->zline[a];
    s->remaining++;
    s->hash ^= turn_key(d, s->player) ^ turn_key(d, mover);
    s->player = mover;
}

/* Uniformly random playout: the undrawn lines in scratch, one drawn at
 * random and swapped out per action; apply inlined. */
static int32_t dab_playout(const mg_game *g, void *st, uint64_t *rng,
                           int32_t max, int32_t *hist, unsigned char *undo,
                           size_t stride, int32_t *scratch)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *const drawn = DRAWN(d, st), *const sides = SIDES(d, st);
    signed char *const owner = OWNER(d, st);
    const int32_t *const lc = d->play_cells, *const ns = d->play_nsides;
    const uint64_t *const zline = d->zline, *const zcell = d->zcell;
    /* locals, not pointers: the byte stores below may alias anything */
    uint64_t h = s->hash, x = *rng;
    int32_t n = 0, l, done = 0, sc0 = s->score[0], sc1 = s->score[1];
    int mover = s->player;

    if (mover == MG_NOBODY)
        return 0;
    for (l = 0; n < s->remaining; l++) { /* n < remaining <= max_legal */
        scratch[n] = l;
        n += !drawn[l];
    }
    h ^= turn_key(d, mover);
    while (n > 0 && done != max) {
        /* branch-free: closing a box is a coin flip the predictor loses */
        uint32_t i = mg__rand_below(&x, (uint32_t)n);
        int32_t a = scratch[i], c0 = lc[2 * a], c1 = lc[2 * a + 1];
        int f0, f1, f;
        scratch[i] = scratch[--n];
        hist[done] = a;
        undo[(size_t)done * stride] = (unsigned char)mover;
        done++;
        drawn[a] = 1;
        h ^= zline[a];
        /* an open cell's owner is -1: write it whether or not it closes
         * (the spare cell's zcell keys are 0, its owner stays -1) */
        f0 = ++sides[c0] == ns[c0];
        owner[c0] = (signed char)(f0 * (mover + 1) - 1);
        h ^= zcell[2 * c0 + mover] & (0 - (uint64_t)f0);
        f1 = ++sides[c1] == ns[c1];
        owner[c1] = (signed char)(f1 * (mover + 1) - 1);
        h ^= zcell[2 * c1 + mover] & (0 - (uint64_t)f1);
        f = f0 + f1;
        sc0 += mover ? 0 : f;
        sc1 += mover ? f : 0;
        /* RULES §3.2.2: move again after closing a box */
        mover ^= !f;
    }
    if (n == 0)
        mover = MG_NOBODY;
    sides[d->ncells] = 0;
    *rng = x;
    s->player = mover;
    s->remaining -= done;
    s->score[0] = sc0;
    s->score[1] = sc1;
    s->hash = h ^ turn_key(d, mover);
    return done;
}

static uint64_t dab_hash(const mg_game *g, const void *st)
{
    (void)g;
    return ((const dab_state *)st)->hash;
}

static uint64_t dab_hash_full(const mg_game *g, const void *st)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    uint64_t h = turn_key(d, ((const dab_state *)st)->player);
    int32_t i;
    for (i = 0; i < d->nlines; i++)
        if (drawn[i] && !d->predrawn[i])
            h ^= d->zline[i];
    for (i = 0; i < d->ncells; i++)
        if (owner[i] >= 0)
            h ^= d->zcell[2 * i + owner[i]];
    return h;
}

static int32_t dab_score(const mg_game *g, const void *st, int player)
{
    (void)g;
    return ((const dab_state *)st)->score[player];
}

/* ------------------------------------------------------------ notation */

static void dot_name(const dab *d, int32_t dot, mg__sb *sb)
{
    mg__sb_column(sb, d->dot_x[dot]);
    mg__sb_int(sb, d->dot_y[dot] + 1);
}

static void dab_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const dab *d = D(g);
    dot_name(d, d->line_dots[2 * a], sb);
    mg__sb_putc(sb, '-');
    dot_name(d, d->line_dots[2 * a + 1], sb);
}

static int parse_dot(const dab *d, const char *t, size_t n, int32_t *dot,
                     char *err, size_t errcap)
{
    int32_t col, row, idx;
    char q[MG__QUOTE_CAP];
    int rc = mg__parse_place(t, n, "dot", d->ndots, &idx, &col, &row, err,
                             errcap);
    if (rc)
        return rc;
    if (idx < 0) {
        if (col >= d->w || row >= d->h ||
            (idx = d->dot_at[row * d->w + col]) < 0)
            return mg__err(err, errcap, MG_ERANGE, "no dot %s on this board",
                           mg__quote(q, t, n));
    }
    *dot = idx;
    return MG_OK;
}

static int dab_action_parse(const mg_game *g, const char *t, size_t n,
                            int32_t *action, char *err, size_t errcap)
{
    const dab *d = D(g);
    size_t dash = 0, i, nd = 0;
    int32_t a, b, k;
    int rc;
    for (i = 0; i < n; i++)
        if (t[i] == '-') {
            dash = i;
            nd++;
        }
    if (nd != 1 || dash == 0 || dash == n - 1) {
        char q[MG__QUOTE_CAP];
        mg__quote(q, t, n);
        return mg__err(err, errcap, MG_ESYNTAX,
                       "%s is not a line: expected two dots like a1-b1", q);
    }
    if ((rc = parse_dot(d, t, dash, &a, err, errcap)) != MG_OK ||
        (rc = parse_dot(d, t + dash + 1, n - dash - 1, &b, err, errcap)) !=
            MG_OK)
        return rc;
    if (a > b) {
        int32_t tmp = a;
        a = b;
        b = tmp;
    }
    for (k = 0; k < MAX_DOT_LINES; k++) {
        int32_t l = d->dot_lines[a * MAX_DOT_LINES + k];
        if (l >= 0 && d->line_dots[2 * l + 1] == b) {
            *action = l;
            return MG_OK;
        }
    }
    {
        char m[96];
        mg__sb sb;
        mg__sb_init(&sb, m, sizeof m);
        dot_name(d, a, &sb);
        mg__sb_puts(&sb, a == b ? " is the same dot twice" : " and ");
        if (a != b) {
            dot_name(d, b, &sb);
            mg__sb_puts(&sb, " are not joined by a line");
        }
        mg__sb_finish(&sb, NULL);
        return mg__err(err, errcap, MG_ERANGE, "%s", m);
    }
}

/* ------------------------------------------------------------ rendering */

static const char mark_char[2] = {'A', 'B'};

static int digits(int32_t v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

static void render_status(const dab *d, const dab_state *s, mg__sb *sb,
                          const mg_game *g)
{
    int w;
    mg__sb_printf(sb, "A (seat 0): %d  B (seat 1): %d  ", (int)s->score[0],
                  (int)s->score[1]);
    if (s->player != MG_NOBODY) {
        mg__sb_printf(sb, "%c to move, %d line%s left", mark_char[s->player],
                      (int)s->remaining, s->remaining == 1 ? "" : "s");
        return;
    }
    w = dab_winner(g, s);
    if (w == MG_DRAW)
        mg__sb_puts(sb, "game over: draw");
    else
        mg__sb_printf(sb, "game over: %c wins%s", mark_char[w],
                      d->misere ? " (misere)" : "");
}

/* Widest text row: honeycomb size 16 spans 63 dot columns. */
#define MAX_TEXT_COLS 4 * 64

static void render_text(const mg_game *g, const void *st, mg__sb *sb)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    int32_t rows = 2 * (d->h - 1) + 1, cols = 4 * (d->w - 1) + 1;
    int32_t r, c, x, mi = 0;
    int lw = digits(d->h);
    char line[MAX_TEXT_COLS + 1];

    for (r = 0; r < rows; r++) {
        int32_t y = d->h - 1 - (r + 1) / 2; /* dot row, or the one below */
        int32_t end = cols;
        memset(line, ' ', (size_t)cols);
        for (x = 0; x < d->w; x++) {
            int32_t dot = d->dot_at[y * d->w + x], l;
            if (dot < 0)
                continue;
            if (r % 2 == 0) {
                line[4 * x] = '+';
                l = d->dot_dir[dot * N_DIRS + DIR_E];
                if (l >= 0 && drawn[l])
                    memcpy(line + 4 * x + 1, "---", 3);
            } else {
                l = d->dot_dir[dot * N_DIRS + DIR_N];
                if (l >= 0 && drawn[l])
                    line[4 * x] = '|';
                l = d->dot_dir[dot * N_DIRS + DIR_NW];
                if (l >= 0 && drawn[l])
                    line[4 * x - 2] = '\\';
            }
        }
        for (; mi < d->ncells && d->mark_row[d->mark_order[mi]] == r; mi++) {
            int32_t cell = d->mark_order[mi];
            if (owner[cell] >= 0)
                line[d->mark_col[cell]] = mark_char[(int)owner[cell]];
        }
        while (end > 0 && line[end - 1] == ' ')
            end--;
        if (r % 2 == 0) {
            int pad;
            for (pad = digits(d->h - r / 2); pad < lw; pad++)
                mg__sb_putc(sb, ' ');
            mg__sb_int(sb, d->h - r / 2);
            mg__sb_putc(sb, ' ');
        } else if (end > 0) {
            for (c = 0; c <= lw; c++)
                mg__sb_putc(sb, ' ');
        }
        mg__sb_putn(sb, line, (size_t)end);
        mg__sb_putc(sb, '\n');
    }
    /* column letters under the dots */
    for (c = 0; c <= lw; c++)
        mg__sb_putc(sb, ' ');
    for (x = 0; x < d->w; x++) {
        size_t before = sb->len;
        mg__sb_column(sb, x);
        if (x + 1 < d->w)
            for (c = (int32_t)(sb->len - before); c < 4; c++)
                mg__sb_putc(sb, ' ');
    }
    mg__sb_putc(sb, '\n');
    render_status(d, (const dab_state *)st, sb, g);
    mg__sb_putc(sb, '\n');
}

static void render_svg(const mg_game *g, const void *st, mg__sb *sb)
{
    static const char *const fill[2] = {"#9ec5fe", "#f5b7b1"};
    const dab *d = D(g);
    const dab_state *s = st;
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    int32_t i, k;

    mg__sb_printf(sb,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
                  (int)d->svg_w, (int)d->svg_h, (int)d->svg_w, (int)d->svg_h);
    mg__sb_puts(sb, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    for (i = 0; i < d->ncells; i++) {
        int32_t cx = 0, cy = 0, ns = d->cell_nsides[i];
        if (owner[i] < 0)
            continue;
        mg__sb_printf(sb, "<polygon class=\"cell p%d\" fill=\"%s\" points=\"",
                      (int)owner[i], fill[(int)owner[i]]);
        for (k = 0; k < ns; k++) {
            int32_t dot = d->cell_dots[i * MAX_SIDES + k];
            mg__sb_printf(sb, "%s%d,%d", k ? " " : "", (int)d->svg_x[dot],
                          (int)d->svg_y[dot]);
            cx += d->svg_x[dot];
            cy += d->svg_y[dot];
        }
        mg__sb_printf(sb,
                      "\"/>\n<text x=\"%d\" y=\"%d\" font-family=\"sans-serif\" "
                      "font-size=\"14\" text-anchor=\"middle\" "
                      "dominant-baseline=\"central\">%c</text>\n",
                      (int)(cx / ns), (int)(cy / ns), mark_char[(int)owner[i]]);
    }
    for (i = 0; i < d->nlines; i++) {
        int32_t a = d->line_dots[2 * i], b = d->line_dots[2 * i + 1];
        const char *style =
            d->predrawn[i] ? "stroke=\"#555\" stroke-width=\"3\""
            : drawn[i]     ? "stroke=\"black\" stroke-width=\"4\""
                           : "stroke=\"#ccc\" stroke-width=\"1\" "
                             "stroke-dasharray=\"4 4\"";
        mg__sb_printf(sb,
                      "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
                      "y2=\"%d\" %s><title>",
                      drawn[i] ? "drawn" : "open", (int)d->svg_x[a],
                      (int)d->svg_y[a], (int)d->svg_x[b], (int)d->svg_y[b],
                      style);
        dab_action_name(g, i, sb);
        mg__sb_puts(sb, "</title></line>\n");
    }
    for (i = 0; i < d->ndots; i++) {
        mg__sb_printf(sb,
                      "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"black\">"
                      "<title>",
                      (int)d->svg_x[i], (int)d->svg_y[i]);
        dot_name(d, i, sb);
        mg__sb_puts(sb, "</title></circle>\n");
    }
    mg__sb_printf(sb,
                  "<text x=\"10\" y=\"%d\" font-family=\"sans-serif\" "
                  "font-size=\"14\">",
                  (int)d->svg_h - 10);
    render_status(d, s, sb, g);
    mg__sb_puts(sb, "</text>\n</svg>\n");
}

static void dab_render(const mg_game *g, const void *st, int format,
                       mg__sb *sb)
{
    if (format == MG_RENDER_SVG)
        render_svg(g, st, sb);
    else
        render_text(g, st, sb);
}

const mg__game_ops mg__dots_and_boxes_ops = {
    "dots_and_boxes",
    options,
    N_OPTS,
    0,
    -1,
    NULL,
    dab_applies,
    dab_create,
    dab_destroy,
    dab_init,
    dab_current,
    dab_winner,
    dab_legal,
    dab_is_legal,
    dab_apply,
    dab_undo,
    dab_hash,
    dab_hash_full,
    dab_score,
    NULL,
    dab_action_name,
    dab_action_parse,
    dab_render,
    dab_playout,
};
