/*
 * chains_boards.c - the ten boards of Chains of Thought (rules §5.1),
 * built once when a game is created.
 *
 *   hexN       hexagon of side N on the triangular lattice, axial (q, r)
 *   squareN    N x N, eight neighbours
 *   trisquareN the 3.3.4.3.4 (snub square) tiling as Ludii builds it
 *
 * Point indices run bottom row first, left to right (rules §0), and are
 * Ludii's site numbers on all ten boards.  The evidence, from Ludii's
 * sources (Chains of Thought.lud, versions 1.3.5 and 1.3.10; Ludii's
 * Core/src/game/...; the research notes of this change):
 *   - the boards are the .lud's option items, lines 249-258: (square n),
 *     (tri Hexagon n) and (renumber (rotate 135 (tiling T33434 n)));
 *     line 183 puts the stones on the graph's vertices (use:Vertex), and
 *     Board.createTopology() makes graph vertex i site i;
 *   - Graph.reorder() sorts the vertices by y * 100 + x (ItemScore:
 *     exact comparison, a stable sort): bottom row first, left to right,
 *     whenever the rows are further apart than a hundredth of the board's
 *     width;
 *   - square: RectangleOnSquare.eval() adds (col, row) for each vertex
 *     (lines 78-79) and reorders (line 140): site row * n + col, as here;
 *   - hex: HexagonOnTri.eval() adds Tri.xy(row, col) = (col - row/2,
 *     row sqrt(3)/2) for the hexagon's vertices (lines 73-75) and reorders
 *     (line 128): rows 0.866 apart, at most 20 wide;
 *   - trisquare: below; rows at least 0.2588 apart (25.88 > 16.68, the
 *     width of trisquare8).
 *
 * TriSquare.  Ludii's board is (renumber (rotate 135 (tiling T33434 n)))
 * (.lud lines 256-258).  The construction below follows Ludii's Java
 * source:
 *   - Tiling33434.eval(): for r, c in 0..n-1 the reference point
 *     xy(r, c) = (h * (c - r), h * (r + c)) with h = (1 + sqrt 3) / 2, plus
 *     the 14 offsets of Tiling33434.ref (u2 = 1/2, u3 = sqrt(3)/2); a point
 *     closer than 0.1 to one already listed is the same point (the first
 *     position is kept);
 *   - BaseGraphFunction.createGraphFromVertexList(): an edge joins every
 *     two points whose distance is within 0.01 of the unit;
 *   - Graph.rotate(135) (operators/Rotate.java): anticlockwise about the
 *     centre of the bounding box, x' = x cos - y sin, y' = y cos + x sin.
 *     Rotate.eval() does not reorder (its graph.reorder() is commented
 *     out) and Tiling33434.eval() reordered before the rotation, but the
 *     `renumber` around it does: Renumber.eval() calls reorder() on the
 *     rotated graph (line 88), which gives the final site numbers.
 * This gives 98, 194 and 322 points for n = 4, 6, 8.  The site order is
 * the rule documented in rules §5.1: rows by y (points within 0.001 share
 * a row), bottom first, and left to right in a row by x; Graph.reorder()'s
 * y * 100 + x gives this same order on the rotated points, since rows are
 * at least 0.25 apart and the boards are less than 17 units wide.  A
 * re-implementation of Ludii's code (float coordinates included) gives
 * the same point at every index of all ten boards, and the same
 * neighbours on the trisquare boards; check_chains_boards.c pins a few
 * points of each board.
 *
 * Only double arithmetic without libm: the constants are written out and
 * neighbours are ordered by angle with cross products.
 */
#include "chains_boards.h"

#include <stdlib.h>
#include <string.h>

#define SQRT3 1.7320508075688772935
#define SQRT1_2 0.70710678118654752440 /* cos 45 = sin 45 */

const char *const mg__cot_board_names[MG__COT_NBOARDS + 1] = {
    "hex4",     "hex7",     "hex11",      "square6",    "square9", "square13",
    "square19", "trisquare4", "trisquare6", "trisquare8", NULL};

static const int board_kind[MG__COT_NBOARDS] = {
    MG__COT_HEX,       MG__COT_HEX,       MG__COT_HEX,
    MG__COT_SQUARE,    MG__COT_SQUARE,    MG__COT_SQUARE,
    MG__COT_SQUARE,    MG__COT_TRISQUARE, MG__COT_TRISQUARE,
    MG__COT_TRISQUARE};
static const int board_size[MG__COT_NBOARDS] = {4, 7, 11, 6, 9, 13, 19, 4, 6, 8};

/* Working storage for the trisquare construction (heap, freed at once). */
typedef struct work {
    double x[MG__COT_MAXP], y[MG__COT_MAXP];
    double rx[MG__COT_MAXP], ry[MG__COT_MAXP]; /* rotated */
    int32_t order[MG__COT_MAXP];
    int32_t rank[MG__COT_MAXP]; /* row (then column) rank by point */
} work;

static long round_half(double v)
{
    return v >= 0 ? (long)(v + 0.5) : -(long)(-v + 0.5);
}

/* ------------------------------------------------------------ drawing */

/* Pixel positions and the picture size from the site positions b->x,
 * b->y (y down, the smallest x and y 0). */
static void set_pixels(mg__cot_board *b)
{
    double x1 = 0, y1 = 0;
    int32_t i;
    for (i = 0; i < b->P; i++) {
        if (b->x[i] > x1) x1 = b->x[i];
        if (b->y[i] > y1) y1 = b->y[i];
        b->px[i] = MG__COT_MARGIN_PX +
                   (int32_t)round_half(b->x[i] * MG__COT_UNIT_PX);
        b->py[i] = MG__COT_MARGIN_PX +
                   (int32_t)round_half(b->y[i] * MG__COT_UNIT_PX);
    }
    b->width =
        2 * MG__COT_MARGIN_PX + (int32_t)round_half(x1 * MG__COT_UNIT_PX);
    b->height =
        2 * MG__COT_MARGIN_PX + (int32_t)round_half(y1 * MG__COT_UNIT_PX);
}

/* ---------------------------------------------------- lattice boards */

/* Point (q, r) at x = q + r/2, y = r sqrt(3)/2 (y up), shifted and turned
 * y down: x + n - 1 and (n - 1 - r) sqrt(3)/2. */
static int hex_board(mg__cot_board *b)
{
    static const int dq[6] = {1, 0, -1, -1, 0, 1}, dr[6] = {0, 1, 1, 0, -1, -1};
    int n = b->n, q, r, k, m = n - 1;
    int32_t p = 0;
    b->D = 6;
    b->named = 1;
    b->cols = b->rows = 2 * n - 1;
    for (k = 0; k < b->cols * b->rows; k++)
        b->at[k] = -1;
    for (r = -m; r <= m; r++)
        for (q = -m; q <= m; q++) {
            if (q + r < -m || q + r > m)
                continue;
            b->col[p] = (int16_t)(q + m);
            b->row[p] = (int16_t)(r + m);
            b->at[(r + m) * b->cols + q + m] = (int16_t)p;
            b->x[p] = q + r / 2.0 + m;
            b->y[p] = (m - r) * (SQRT3 / 2);
            p++;
        }
    b->P = p;
    for (p = 0; p < b->P; p++)
        for (k = 0; k < 6; k++) {
            int cq = b->col[p] + dq[k], cr = b->row[p] + dr[k];
            b->nbr[p][k] = (int16_t)((cq < 0 || cr < 0 || cq >= b->cols ||
                                      cr >= b->rows)
                                         ? -1
                                         : b->at[cr * b->cols + cq]);
        }
    /* Text: a point at 2q + r; column q's letter continues its up-right
     * line one row below the bottom row. */
    for (p = 0; p < b->P; p++) {
        b->tline[p] = b->row[p];
        b->tcol[p] = (int16_t)(2 * b->col[p] + b->row[p]);
    }
    for (k = 0; k < b->cols; k++)
        b->label_col[k] = (int16_t)(2 * k - 1);
    return MG_OK;
}

static int square_board(mg__cot_board *b)
{
    static const int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1},
                     dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int n = b->n, x, y, k;
    b->D = 8;
    b->named = 1;
    b->cols = b->rows = n;
    b->P = n * n;
    for (y = 0; y < n; y++)
        for (x = 0; x < n; x++) {
            int p = y * n + x;
            b->col[p] = (int16_t)x;
            b->row[p] = (int16_t)y;
            b->at[p] = (int16_t)p;
            b->x[p] = x;
            b->y[p] = n - 1 - y;
            for (k = 0; k < 8; k++) {
                int ex = x + dx[k], ey = y + dy[k];
                b->nbr[p][k] = (int16_t)((ex < 0 || ey < 0 || ex >= n ||
                                          ey >= n)
                                             ? -1
                                             : ey * n + ex);
            }
            b->tline[p] = (int16_t)y;
            b->tcol[p] = (int16_t)(2 * x);
        }
    for (k = 0; k < n; k++)
        b->label_col[k] = (int16_t)(2 * k);
    return MG_OK;
}

/* ---------------------------------------------------------- trisquare */

/* Ludii's Tiling33434.ref: the 14 points around each reference point. */
#define U2 0.5
#define U3 (SQRT3 / 2)
static const double tref[14][2] = {
    {-1 * U2 + 0 * U3, -1 * U2 - 1 * U3}, {1 * U2 + 0 * U3, -1 * U2 - 1 * U3},
    {-1 * U2 - 1 * U3, 0 * U2 - 1 * U3},  {1 * U2 + 1 * U3, 0 * U2 - 1 * U3},
    {0 * U2 + 0 * U3, -1 * U2 + 0 * U3},  {-2 * U2 - 1 * U3, 0 * U2 + 0 * U3},
    {0 * U2 - 1 * U3, 0 * U2 + 0 * U3},   {0 * U2 + 1 * U3, 0 * U2 + 0 * U3},
    {2 * U2 + 1 * U3, 0 * U2 + 0 * U3},   {0 * U2 + 0 * U3, 1 * U2 + 0 * U3},
    {-1 * U2 - 1 * U3, 0 * U2 + 1 * U3},  {1 * U2 + 1 * U3, 0 * U2 + 1 * U3},
    {-1 * U2 + 0 * U3, 1 * U2 + 1 * U3},  {1 * U2 + 0 * U3, 1 * U2 + 1 * U3},
};

/* A sort record: two keys, then the index (qsort has no context). */
typedef struct keyed {
    double k1, k2;
    int32_t i;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->k1 != y->k1)
        return x->k1 < y->k1 ? -1 : 1;
    if (x->k2 != y->k2)
        return x->k2 < y->k2 ? -1 : 1;
    return (x->i > y->i) - (x->i < y->i);
}

/* Ranks of v[0..n) where values within `tol` of the previous one share a
 * rank; returns the number of ranks. */
static int32_t ranks(const double *v, int32_t n, double tol, int32_t *rank)
{
    keyed k[MG__COT_MAXP];
    int32_t i, r = 0;
    for (i = 0; i < n; i++) {
        k[i].k1 = v[i];
        k[i].k2 = 0;
        k[i].i = i;
    }
    qsort(k, (size_t)n, sizeof *k, cmp_keyed);
    for (i = 0; i < n; i++) {
        if (i > 0 && k[i].k1 - k[i - 1].k1 > tol)
            r++;
        rank[k[i].i] = r;
    }
    return n ? r + 1 : 0;
}

/* Angle order of two direction vectors, counter-clockwise from east. */
static int half_plane(double dx, double dy)
{
    return dy < 0 || (dy == 0 && dx < 0);
}

static int angle_before(double ax, double ay, double bx, double by)
{
    int ha = half_plane(ax, ay), hb = half_plane(bx, by);
    if (ha != hb)
        return ha < hb;
    return ax * by - ay * bx > 0;
}

/* Tiling33434.eval(): the reference points, each with the 14 offsets; a
 * point closer than 0.1 to one already listed is that point.  Returns the
 * number of points, -1 when there are too many. */
static int32_t tiling_points(int n, double *x, double *y)
{
    const double h = (1 + SQRT3) / 2;
    int32_t np = 0, r, c, i, t;
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            for (t = 0; t < 14; t++) {
                double px = h * (c - r) + tref[t][0];
                double py = h * (r + c) + tref[t][1];
                for (i = 0; i < np; i++) {
                    double dx = x[i] - px, dy = y[i] - py;
                    if (dx * dx + dy * dy < 0.1 * 0.1)
                        break;
                }
                if (i < np)
                    continue;
                if (np == MG__COT_MAXP)
                    return -1;
                x[np] = px;
                y[np] = py;
                np++;
            }
    return np;
}

/* Graph.rotate(135): anticlockwise about the centre of the bounding box,
 * (x, y) into (rx, ry). */
static void rotate_135(int32_t n, const double *x, const double *y,
                       double *rx, double *ry)
{
    double x0 = x[0], x1 = x[0], y0 = y[0], y1 = y[0], cx, cy;
    int32_t i;
    for (i = 1; i < n; i++) {
        if (x[i] < x0) x0 = x[i];
        if (x[i] > x1) x1 = x[i];
        if (y[i] < y0) y0 = y[i];
        if (y[i] > y1) y1 = y[i];
    }
    cx = x0 + (x1 - x0) / 2;
    cy = y0 + (y1 - y0) / 2;
    for (i = 0; i < n; i++) {
        double dx = x[i] - cx, dy = y[i] - cy;
        /* cos 135 = -sqrt(1/2), sin 135 = sqrt(1/2) */
        rx[i] = cx - dx * SQRT1_2 - dy * SQRT1_2;
        ry[i] = cy - dy * SQRT1_2 + dx * SQRT1_2;
    }
}

/* The site order (Renumber: Graph.reorder() after the rotation): rows by
 * y, bottom first, points within 0.001 sharing a row, then by x.  Writes
 * the points in that order, y up, into (x, y), and each one's row into
 * b->tline. */
static void order_points(mg__cot_board *b, work *w, int32_t n, double *x,
                         double *y)
{
    keyed k[MG__COT_MAXP];
    int32_t i;
    ranks(w->ry, n, 1e-3, w->rank);
    for (i = 0; i < n; i++) {
        k[i].k1 = w->rank[i];
        k[i].k2 = w->rx[i];
        k[i].i = i;
    }
    qsort(k, (size_t)n, sizeof *k, cmp_keyed);
    for (i = 0; i < n; i++) {
        w->order[i] = k[i].i;
        b->tline[i] = (int16_t)w->rank[k[i].i];
    }
    for (i = 0; i < n; i++) {
        x[i] = w->rx[w->order[i]];
        y[i] = w->ry[w->order[i]];
    }
}

/* BaseGraphFunction.createGraphFromVertexList(): an edge where the
 * distance is within 0.01 of 1; each point's slots in angle order,
 * counter-clockwise from east (rules §5.3).  Sets b->D, the largest
 * degree; MG_EVALUE past MG__COT_MAXD. */
static int link_edges(mg__cot_board *b, int32_t n, const double *x,
                      const double *y)
{
    int32_t i, j, t;
    b->D = 0;
    for (i = 0; i < n; i++) {
        int d = 0;
        for (j = 0; j < n; j++) {
            double dx = x[j] - x[i], dy = y[j] - y[i], dd = dx * dx + dy * dy;
            if (j == i || dd <= 0.99 * 0.99 || dd >= 1.01 * 1.01)
                continue;
            if (d == MG__COT_MAXD)
                return MG_EVALUE;
            /* insert j keeping the slots in angle order */
            for (t = d; t > 0; t--) {
                int16_t o = b->nbr[i][t - 1];
                if (!angle_before(dx, dy, x[o] - x[i], y[o] - y[i]))
                    break;
                b->nbr[i][t] = o;
            }
            b->nbr[i][t] = (int16_t)j;
            d++;
        }
        b->deg[i] = (uint8_t)d;
        if (d > b->D)
            b->D = d;
        for (t = d; t < MG__COT_MAXD; t++)
            b->nbr[i][t] = -1;
    }
    return MG_OK;
}

/* Ludii's (renumber (rotate 135 (tiling T33434 n))): the points, turned,
 * ordered, joined; site positions y down from the top left. */
static int trisquare_board(mg__cot_board *b, work *w)
{
    double *x = w->x, *y = w->y, x0, y1;
    int32_t n = tiling_points(b->n, x, y), i, xrank[MG__COT_MAXP];
    int rc;
    if (n < 0)
        return MG_EVALUE;
    rotate_135(n, x, y, w->rx, w->ry);
    order_points(b, w, n, x, y);
    b->P = n;
    if ((rc = link_edges(b, n, x, y)) != MG_OK)
        return rc;
    x0 = x[0];
    y1 = y[0];
    for (i = 1; i < n; i++) {
        if (x[i] < x0) x0 = x[i];
        if (y[i] > y1) y1 = y[i];
    }
    for (i = 0; i < n; i++) {
        b->x[i] = x[i] - x0;
        b->y[i] = y1 - y[i];
    }
    /* Text picture: row rank by line, x rank (0.001 tolerance) by column */
    b->named = 0;
    ranks(x, n, 1e-3, xrank);
    for (i = 0; i < n; i++)
        b->tcol[i] = (int16_t)xrank[i];
    return MG_OK;
}

/* -------------------------------------------------------------- build */

int mg__cot_board_build(mg__cot_board *b, int which)
{
    work *w;
    int rc;
    int32_t p, k, lo = 0, hi = 0, hix = 0;
    if (which < 0 || which >= MG__COT_NBOARDS)
        return MG_EVALUE;
    w = calloc(1, sizeof *w);
    if (!w)
        return MG_ENOMEM;
    memset(b, 0, sizeof *b);
    b->kind = board_kind[which];
    b->n = board_size[which];
    rc = b->kind == MG__COT_HEX      ? hex_board(b)
         : b->kind == MG__COT_SQUARE ? square_board(b)
                                     : trisquare_board(b, w);
    if (rc == MG_OK) {
        for (p = 0; p < b->P; p++) {
            int d = 0;
            for (k = 0; k < b->D; k++)
                if (b->nbr[p][k] >= 0)
                    b->adj[p][d++] = b->nbr[p][k];
            b->deg[p] = (uint8_t)d;
            for (k = b->D; k < MG__COT_MAXD; k++)
                b->nbr[p][k] = -1;
        }
        set_pixels(b);
        /* text columns start at 0 */
        if (b->named)
            for (k = 0; k < b->cols; k++)
                if (b->label_col[k] < lo)
                    lo = b->label_col[k];
        for (p = 0; p < b->P; p++) {
            if (b->tcol[p] < lo)
                lo = b->tcol[p];
            if (b->tline[p] > hi)
                hi = b->tline[p];
        }
        for (p = 0; p < b->P; p++) {
            b->tcol[p] = (int16_t)(b->tcol[p] - lo);
            if (b->tcol[p] > hix)
                hix = b->tcol[p];
        }
        if (b->named)
            for (k = 0; k < b->cols; k++) {
                b->label_col[k] = (int16_t)(b->label_col[k] - lo);
                if (b->label_col[k] > hix)
                    hix = b->label_col[k];
            }
        b->tlines = hi + 1;
        b->twidth = hix + 1;
    }
    free(w);
    return rc;
}
