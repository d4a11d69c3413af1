/*
 * chains_boards_test.h - the ten boards of Chains of Thought built in the
 * tests (doc/rules.md §5.1), shared by check_chains_options.c,
 * check_chains_boards.c and check_chains_games.c over chains_test.h: each
 * board's points, coordinates and adjacency written here independently of
 * the library, and the table of the ten boards (kind, size, points, slots,
 * degree histogram).
 */
#ifndef MG_CHAINS_BOARDS_TEST_H
#define MG_CHAINS_BOARDS_TEST_H

#include "chains_test.h"

/* ------------------------------------------------- boards built here */

typedef struct tgeo {
    int P;
    int deg[CT_MAXP];
    int nb[CT_MAXP][CT_MAXD];
    double x[CT_MAXP], y[CT_MAXP];
} tgeo;

static inline void link_pair(tgeo *t, int a, int b)
{
    t->nb[a][t->deg[a]++] = b;
}

/* Hexagon of side n, axial (q, r), bottom row first (rules §5.1, §0). */
static inline void geo_hex(tgeo *t, int n)
{
    int q, r, i, j;
    memset(t, 0, sizeof *t);
    for (r = 1 - n; r <= n - 1; r++)
        for (q = 1 - n; q <= n - 1; q++)
            if (q + r >= 1 - n && q + r <= n - 1) {
                t->x[t->P] = q;
                t->y[t->P] = r;
                t->P++;
            }
    for (i = 0; i < t->P; i++)
        for (j = 0; j < t->P; j++) {
            int dq = (int)(t->x[j] - t->x[i]), dr = (int)(t->y[j] - t->y[i]);
            if ((dq == 1 && dr == 0) || (dq == -1 && dr == 0) ||
                (dq == 0 && dr == 1) || (dq == 0 && dr == -1) ||
                (dq == 1 && dr == -1) || (dq == -1 && dr == 1))
                link_pair(t, i, j);
        }
}

/* n x n, eight neighbours. */
static inline void geo_square(tgeo *t, int n)
{
    int i, j;
    memset(t, 0, sizeof *t);
    t->P = n * n;
    for (i = 0; i < t->P; i++) {
        t->x[i] = i % n;
        t->y[i] = i / n;
    }
    for (i = 0; i < t->P; i++)
        for (j = 0; j < t->P; j++) {
            int dx = i % n - j % n, dy = i / n - j / n;
            if (i != j && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
                link_pair(t, i, j);
        }
}

/* Ludii's (tiling T33434 n) rotated by 135 degrees (rules §5.1): reference
 * points h(c - r, r + c), h = (1 + sqrt 3) / 2, each with 14 offsets made
 * of 1/2 and sqrt(3)/2; points closer than 0.1 merged; the rotation about
 * the centre of the bounding box; unit-length edges.  Sorted here by rows
 * of equal y (to 1e-6), bottom first, then by x. */
static inline int cmp_pt(const tgeo *t, int a, int b)
{
    double dy = t->y[a] - t->y[b];
    if (dy < -1e-6 || dy > 1e-6)
        return dy < 0 ? -1 : 1;
    return t->x[a] < t->x[b] ? -1 : t->x[a] > t->x[b];
}

static inline void geo_trisquare(tgeo *t, int n)
{
    const double s3 = 1.7320508075688772935, u2 = 0.5, u3 = s3 / 2;
    const double h = (1 + s3) / 2, c45 = 0.70710678118654752440;
    const double off[14][2] = {
        {-u2, -u2 - u3}, {u2, -u2 - u3}, {-u2 - u3, -u3}, {u2 + u3, -u3},
        {0, -u2},        {-2 * u2 - u3, 0}, {-u3, 0},     {u3, 0},
        {2 * u2 + u3, 0}, {0, u2},       {-u2 - u3, u3},  {u2 + u3, u3},
        {-u2, u2 + u3},  {u2, u2 + u3}};
    static tgeo tmp;
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9, cx, cy;
    int r, c, k, i, j;
    memset(&tmp, 0, sizeof tmp);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            for (k = 0; k < 14; k++) {
                double px = h * (c - r) + off[k][0], py = h * (r + c) + off[k][1];
                for (i = 0; i < tmp.P; i++)
                    if ((tmp.x[i] - px) * (tmp.x[i] - px) +
                            (tmp.y[i] - py) * (tmp.y[i] - py) <
                        0.01)
                        break;
                if (i == tmp.P) {
                    tmp.x[tmp.P] = px;
                    tmp.y[tmp.P] = py;
                    tmp.P++;
                }
            }
    for (i = 0; i < tmp.P; i++) {
        x0 = tmp.x[i] < x0 ? tmp.x[i] : x0;
        x1 = tmp.x[i] > x1 ? tmp.x[i] : x1;
        y0 = tmp.y[i] < y0 ? tmp.y[i] : y0;
        y1 = tmp.y[i] > y1 ? tmp.y[i] : y1;
    }
    cx = (x0 + x1) / 2;
    cy = (y0 + y1) / 2;
    for (i = 0; i < tmp.P; i++) {
        double dx = tmp.x[i] - cx, dy = tmp.y[i] - cy;
        tmp.x[i] = cx - c45 * dx - c45 * dy;
        tmp.y[i] = cy - c45 * dy + c45 * dx;
    }
    /* selection sort into t: small, and obviously right */
    memset(t, 0, sizeof *t);
    {
        static int used[CT_MAXP];
        memset(used, 0, sizeof used);
        for (k = 0; k < tmp.P; k++) {
            int best = -1;
            for (i = 0; i < tmp.P; i++)
                if (!used[i] && (best < 0 || cmp_pt(&tmp, i, best) < 0))
                    best = i;
            used[best] = 1;
            t->x[k] = tmp.x[best];
            t->y[k] = tmp.y[best];
        }
    }
    t->P = tmp.P;
    for (i = 0; i < t->P; i++)
        for (j = 0; j < t->P; j++) {
            double d2 = (t->x[i] - t->x[j]) * (t->x[i] - t->x[j]) +
                        (t->y[i] - t->y[j]) * (t->y[i] - t->y[j]);
            if (i != j && d2 > 0.99 * 0.99 && d2 < 1.01 * 1.01)
                link_pair(t, i, j);
        }
}

static inline int t_adjacent(const tgeo *t, int a, int b)
{
    int k;
    for (k = 0; k < t->deg[a]; k++)
        if (t->nb[a][k] == b)
            return 1;
    return 0;
}

static const struct board_case {
    const char *name;
    int kind, n; /* 0 hex, 1 square, 2 trisquare */
    int P, D;
    int hist[9]; /* points by degree */
} boards[] = {
    {"hex4", 0, 4, 37, 6, {0, 0, 0, 6, 12, 0, 19, 0, 0}},
    {"hex7", 0, 7, 127, 6, {0, 0, 0, 6, 30, 0, 91, 0, 0}},
    {"hex11", 0, 11, 331, 6, {0, 0, 0, 6, 54, 0, 271, 0, 0}},
    {"square6", 1, 6, 36, 8, {0, 0, 0, 4, 0, 16, 0, 0, 16}},
    {"square9", 1, 9, 81, 8, {0, 0, 0, 4, 0, 28, 0, 0, 49}},
    {"square13", 1, 13, 169, 8, {0, 0, 0, 4, 0, 44, 0, 0, 121}},
    {"square19", 1, 19, 361, 8, {0, 0, 0, 4, 0, 68, 0, 0, 289}},
    {"trisquare4", 2, 4, 98, 5, {0, 0, 0, 22, 12, 64, 0, 0, 0}},
    {"trisquare6", 2, 6, 194, 5, {0, 0, 0, 30, 20, 144, 0, 0, 0}},
    {"trisquare8", 2, 8, 322, 5, {0, 0, 0, 38, 28, 256, 0, 0, 0}},
};
#define N_BOARDS ((int)(sizeof boards / sizeof boards[0]))

static inline void geo_of(tgeo *t, const struct board_case *b)
{
    if (b->kind == 0)
        geo_hex(t, b->n);
    else if (b->kind == 1)
        geo_square(t, b->n);
    else
        geo_trisquare(t, b->n);
}

#endif
