/*
 * board.c - transcendental boards (doc/rules.md §1.1, 1.2, 2.1, 2.2): building
 * and validating a board from tile positions, the text format, cell
 * queries, pattern classes and the fingerprint.  The search that finds
 * new boards is board_search.c; the renderings are board_render.c.
 */
#include "board.h"
#include "board_search.h"

#include <stdlib.h>
#include <string.h>

#define MAX_SIDE MG__BOARD_MAX_SIDE

static const int8_t sq_dx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int8_t sq_dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int8_t hx_dx[6] = {1, 0, -1, -1, 0, 1};
static const int8_t hx_dy[6] = {0, 1, 1, 0, -1, -1};

int mg__board_tiles(int kind)
{
    return kind == MG_BOARD_OCTOPUSZLE ? 256 : kind == MG_BOARD_LABYRINTH ? 64
                                                                          : 0;
}

int mg__board_dirs(int kind, const int8_t **dx, const int8_t **dy)
{
    if (kind == MG_BOARD_OCTOPUSZLE) {
        *dx = sq_dx;
        *dy = sq_dy;
        return 8;
    }
    *dx = hx_dx;
    *dy = hx_dy;
    return 6;
}

static const char *kind_title(int kind)
{
    return kind == MG_BOARD_OCTOPUSZLE ? "an Octopuszle" : "a China Labyrinth";
}

const char *mg__board_kind_title(int kind)
{
    return kind_title(kind);
}

/* ------------------------------------------------------------ classes */

static unsigned rotate(unsigned m, int k, int nd)
{
    unsigned full = (1u << nd) - 1;
    return ((m << k) | (m >> (nd - k))) & full;
}

static unsigned reflect(unsigned m, int nd)
{
    unsigned r = 0;
    int i;
    for (i = 0; i < nd; i++)
        if (m & (1u << i))
            r |= 1u << ((nd - i) % nd);
    return r;
}

/* pattern_class (below) of every mask, tabulated: a board asks it of
 * each of its cells. */
static const uint8_t class8[256] = {
    0, 1, 1, 3, 1, 5, 3, 7, 1, 9, 5, 11, 3, 11, 7, 15, 1, 17, 9, 19, 5, 21,
    11, 23, 3, 19, 11, 27, 7, 23, 15, 31, 1, 9, 17, 19, 9, 37, 19, 39, 5, 37,
    21, 43, 11, 45, 23, 47, 3, 19, 19, 51, 11, 43, 27, 55, 7, 39, 23, 55, 15,
    47, 31, 63, 1, 5, 9, 11, 17, 21, 19, 23, 9, 37, 37, 45, 19, 43, 39, 47, 5,
    21, 37, 43, 21, 85, 43, 87, 11, 43, 45, 91, 23, 87, 47, 95, 3, 11, 19, 27,
    19, 43, 51, 55, 11, 45, 43, 91, 27, 91, 55, 111, 7, 23, 39, 55, 23, 87,
    55, 119, 15, 47, 47, 111, 31, 95, 63, 127, 1, 3, 5, 7, 9, 11, 11, 15, 17,
    19, 21, 23, 19, 27, 23, 31, 9, 19, 37, 39, 37, 43, 45, 47, 19, 51, 43, 55,
    39, 55, 47, 63, 5, 11, 21, 23, 37, 45, 43, 47, 21, 43, 85, 87, 43, 91, 87,
    95, 11, 27, 43, 55, 45, 91, 91, 111, 23, 55, 87, 119, 47, 111, 95, 127, 3,
    7, 11, 15, 19, 23, 27, 31, 19, 39, 43, 47, 51, 55, 55, 63, 11, 23, 45, 47,
    43, 87, 91, 95, 27, 55, 91, 111, 55, 119, 111, 127, 7, 15, 23, 31, 39, 47,
    55, 63, 23, 47, 87, 95, 55, 111, 119, 127, 15, 31, 47, 63, 47, 95, 111,
    127, 31, 63, 95, 127, 63, 127, 127, 255,
};
static const uint8_t class6[64] = {
    0, 1, 1, 3, 1, 5, 3, 7, 1, 9, 5, 11, 3, 11, 7, 15, 1, 5, 9, 11, 5, 21, 11,
    23, 3, 11, 11, 27, 7, 23, 15, 31, 1, 3, 5, 7, 9, 11, 11, 15, 5, 11, 21,
    23, 11, 27, 23, 31, 3, 7, 11, 15, 11, 23, 27, 31, 7, 15, 23, 31, 15, 31,
    31, 63,
};

/* The smallest image of mask under the rotations and reflections. */
static unsigned pattern_class(unsigned mask, int nd)
{
    unsigned best = mask, f = reflect(mask, nd);
    int k;
    for (k = 0; k < nd; k++) {
        unsigned a = rotate(mask, k, nd), b = rotate(f, k, nd);
        if (a < best)
            best = a;
        if (b < best)
            best = b;
    }
    return (int)best;
}

int mg__pattern_class(unsigned mask, int nd)
{
    if (nd == 8 && mask < 256)
        return class8[mask];
    if (nd == 6 && mask < 64)
        return class6[mask];
    return (int)pattern_class(mask, nd);
}

/* -------------------------------------------------------- fingerprint */

/* Symmetry t applied to (x, y): square t < 8 (4 rotations x reflection),
 * hex t < 12 (6 rotations by 60 degrees in axial coordinates x reflection
 * across q = r). */
static void symmetry(int kind, int t, int32_t *x, int32_t *y)
{
    int32_t a = *x, b = *y, r;
    if (t & 1) { /* reflect first */
        int32_t tmp = a;
        a = b;
        b = tmp;
    }
    for (r = 0; r < t / 2; r++) {
        int32_t na, nb;
        if (kind == MG_BOARD_OCTOPUSZLE) { /* 90 degrees */
            na = -b;
            nb = a;
        } else { /* 60 degrees */
            na = -b;
            nb = a + b;
        }
        a = na;
        b = nb;
    }
    *x = a;
    *y = b;
}

/* Stable counting sort of idx[0 .. n) by key[idx[i]] (0 <= key < range)
 * into out. */
static void count_sort(const int32_t *key, int32_t range, const int16_t *idx,
                       int32_t n, int16_t *out)
{
    int32_t count[2 * MAX_SIDE + 1], i, sum = 0;
    memset(count, 0, (size_t)range * sizeof count[0]);
    for (i = 0; i < n; i++)
        count[key[idx[i]]]++;
    for (i = 0; i < range; i++) {
        int32_t c = count[i];
        count[i] = sum;
        sum += c;
    }
    for (i = 0; i < n; i++)
        out[count[key[idx[i]]]++] = idx[i];
}

/* The smallest over the symmetries of a hash of the cells sorted by
 * (y, x) after the symmetry, shifted to the minimum 0.  The sort is two
 * stable counting sorts (by x, then by y): the images' coordinates span
 * less than 2 MAX_SIDE (a 60-degree turn adds the two sides).  The hash
 * chains of the symmetries run side by side (each is a chain of
 * dependent multiplications). */
static uint64_t fingerprint(const mg_board *b)
{
    uint64_t best = 0, h[12], key[12][MG__BOARD_MAX_CELLS];
    int t, nt = b->kind == MG_BOARD_OCTOPUSZLE ? 8 : 12;
    int32_t i;
    int16_t idx[MG__BOARD_MAX_CELLS], byx[MG__BOARD_MAX_CELLS],
        sorted[MG__BOARD_MAX_CELLS];
    for (i = 0; i < b->n; i++)
        idx[i] = (int16_t)i;
    for (t = 0; t < nt; t++) {
        int32_t minx = INT32_MAX, miny = INT32_MAX, maxx = INT32_MIN,
                maxy = INT32_MIN, xs[MG__BOARD_MAX_CELLS],
                ys[MG__BOARD_MAX_CELLS], ax = 1, ay = 0, bx = 0, by = 1;
        symmetry(b->kind, t, &ax, &ay); /* linear: the images of the */
        symmetry(b->kind, t, &bx, &by); /* unit vectors say it all */
        for (i = 0; i < b->n; i++) {
            xs[i] = b->x[i] * ax + b->y[i] * bx;
            ys[i] = b->x[i] * ay + b->y[i] * by;
            if (xs[i] < minx)
                minx = xs[i];
            if (ys[i] < miny)
                miny = ys[i];
            if (xs[i] > maxx)
                maxx = xs[i];
            if (ys[i] > maxy)
                maxy = ys[i];
        }
        for (i = 0; i < b->n; i++) {
            xs[i] -= minx;
            ys[i] -= miny;
        }
        count_sort(xs, maxx - minx + 1, idx, b->n, byx);
        count_sort(ys, maxy - miny + 1, byx, b->n, sorted);
        for (i = 0; i < b->n; i++) {
            int32_t c = sorted[i];
            key[t][i] = ((uint64_t)(uint32_t)ys[c] << 32) | (uint32_t)xs[c];
        }
        h[t] = 0x6d67626f617264ULL ^ (uint64_t)b->kind;
    }
    for (i = 0; i < b->n; i++)
        for (t = 0; t < nt; t++) {
            uint64_t s = h[t] ^ key[t][i];
            h[t] = mg__splitmix64(&s);
        }
    for (t = 0; t < nt; t++)
        if (t == 0 || h[t] < best)
            best = h[t];
    return best;
}

/* ------------------------------------------------------------ building */

typedef struct { int32_t x, y; } pos;

static int cmp_pos(const void *a, const void *b)
{
    const pos *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (p->x > q->x) - (p->x < q->x);
}

static void cell_label(const mg_board *b, int32_t i, mg__sb *sb)
{
    mg__sb_printf(sb, "%d (", (int)i);
    mg__sb_column(sb, b->x[i]);
    mg__sb_printf(sb, "%d)", (int)b->y[i] + 1);
}

/* Report the first violation, naming cells by index and name. */
static int violation(const mg_board *b, char *err, size_t errcap,
                     const char *what, int32_t c1, int32_t c2, unsigned m)
{
    char msg[160];
    mg__sb sb;
    mg__sb_init(&sb, msg, sizeof msg);
    if (c2 >= 0) {
        mg__sb_puts(&sb, "cells ");
        cell_label(b, c1, &sb);
        mg__sb_puts(&sb, " and ");
        cell_label(b, c2, &sb);
        mg__sb_printf(&sb, " %s", what);
        if (m) {
            static const char hex[] = "0123456789abcdef";
            mg__sb_printf(&sb, " 0x%c%c", hex[(m >> 4) & 15], hex[m & 15]);
        }
    } else {
        mg__sb_puts(&sb, "cell ");
        cell_label(b, c1, &sb);
        mg__sb_printf(&sb, " %s", what);
    }
    mg__sb_finish(&sb, NULL);
    return mg__err(err, errcap, MG_EBOARD, "%s", msg);
}

/* The cells sorted (rules §0 order) into cells[], checked for their
 * number, duplicates and extent; their bounding box. */
static int sort_cells(int kind, const int32_t *xs, const int32_t *ys,
                      int32_t count, pos *cells, int32_t *minx, int32_t *miny,
                      int32_t *maxx, int32_t *maxy, char *err, size_t errcap)
{
    int32_t want = mg__board_tiles(kind) - 1, i;
    if (count != want || count < 1)
        return mg__err(err, errcap, MG_EBOARD,
                       "board has %d cells; %s board has %d and the blank",
                       (int)count, kind_title(kind), (int)want);
    for (i = 0; i < count; i++) {
        cells[i].x = xs[i];
        cells[i].y = ys[i];
    }
    for (i = 1; i < count && cmp_pos(&cells[i - 1], &cells[i]) < 0; i++)
        ; /* the search's cells come sorted */
    if (i < count)
        qsort(cells, (size_t)count, sizeof cells[0], cmp_pos);
    *minx = *maxx = cells[0].x;
    *miny = cells[0].y;
    *maxy = cells[count - 1].y;
    for (i = 0; i < count; i++) {
        if (i && cmp_pos(&cells[i - 1], &cells[i]) == 0)
            return mg__err(err, errcap, MG_EBOARD, "two cells at one place");
        if (cells[i].x < *minx)
            *minx = cells[i].x;
        if (cells[i].x > *maxx)
            *maxx = cells[i].x;
    }
    if (*maxx - *minx >= MAX_SIDE || *maxy - *miny >= MAX_SIDE)
        return mg__err(err, errcap, MG_EBOARD,
                       "the group spans more than %d cells", MAX_SIDE);
    return MG_OK;
}

/* A board holding the sorted cells, shifted so the minimum is 0. */
static mg_board *place_cells(int kind, const pos *cells, int32_t count,
                             int32_t minx, int32_t miny, int32_t maxx,
                             int32_t maxy, int32_t bx, int32_t by)
{
    const int8_t *dx, *dy;
    mg_board *b = calloc(1, sizeof *b);
    int32_t i;
    if (!b)
        return NULL;
    b->kind = kind;
    b->n = count;
    b->nd = mg__board_dirs(kind, &dx, &dy);
    b->w = maxx - minx + 1;
    b->h = maxy - miny + 1;
    b->bx = bx - minx;
    b->by = by - miny;
    b->at = malloc((size_t)b->w * (size_t)b->h * sizeof *b->at);
    if (!b->at) {
        free(b);
        return NULL;
    }
    for (i = 0; i < b->w * b->h; i++)
        b->at[i] = -1;
    for (i = 0; i < count; i++) {
        b->x[i] = cells[i].x - minx;
        b->y[i] = cells[i].y - miny;
        b->at[b->y[i] * b->w + b->x[i]] = (int16_t)i;
    }
    return b;
}

/* Masks, classes and neighbours; the blank must be isolated and every
 * cell have a neighbour. */
static int link_cells(mg_board *b, char *err, size_t errcap)
{
    const int8_t *dx, *dy;
    int nd = mg__board_dirs(b->kind, &dx, &dy), d;
    int32_t i;
    if (mg__board_cell_at(b, b->bx, b->by) >= 0)
        return mg__err(err, errcap, MG_EBOARD,
                       "the blank lies on a playing cell");
    for (d = 0; d < nd; d++) {
        int32_t c = mg__board_cell_at(b, b->bx + dx[d], b->by + dy[d]);
        if (c >= 0)
            return violation(b, err, errcap,
                             "touches the blank: the blank must be isolated",
                             c, -1, 0);
    }
    for (i = 0; i < b->n; i++) {
        unsigned m = 0;
        for (d = 0; d < nd; d++) {
            int32_t c = mg__board_cell_at(b, b->x[i] + dx[d], b->y[i] + dy[d]);
            b->nbr[i][d] = (int16_t)c;
            if (c >= 0)
                m |= 1u << d;
        }
        b->mask[i] = (uint8_t)m;
        b->cls[i] = (uint8_t)mg__pattern_class(m, nd);
    }
    for (i = 0; i < b->n; i++)
        if (b->mask[i] == 0)
            return violation(b, err, errcap,
                             "has no neighbour: only the blank may stand "
                             "alone",
                             i, -1, 0);
    return MG_OK;
}

/* One connected group, and the pattern bijection: distinct (so all)
 * non-zero masks. */
static int check_group(const mg_board *b, char *err, size_t errcap)
{
    int32_t seen[256], stack[MG__BOARD_MAX_CELLS], sp = 0, reached = 1, i;
    /* visited[e + 1]: no neighbour (-1) counts as visited, so the walk
     * pushes without branches */
    unsigned char visited[MG__BOARD_MAX_CELLS + 1];
    int d;
    memset(visited, 0, sizeof visited);
    visited[0] = 1;
    visited[1] = 1;
    stack[sp++] = 0;
    while (sp) {
        int32_t c = stack[--sp];
        for (d = 0; d < b->nd; d++) {
            int32_t e = b->nbr[c][d], fresh = !visited[e + 1];
            visited[e + 1] = 1;
            stack[sp] = e;
            sp += fresh;
            reached += fresh;
        }
    }
    if (reached != b->n) {
        for (i = 0; visited[i + 1]; i++)
            ;
        return violation(b, err, errcap,
                         "are not connected: the group falls apart", 0, i, 0);
    }
    for (i = 0; i < 256; i++)
        seen[i] = -1;
    for (i = 0; i < b->n; i++) {
        unsigned m = b->mask[i];
        if (seen[m] >= 0)
            return violation(b, err, errcap, "share pattern", seen[m], i, m);
        seen[m] = i;
    }
    return MG_OK;
}

int mg__board_build(mg_board **out, int kind, const int32_t *xs,
                    const int32_t *ys, int32_t count, int32_t bx, int32_t by,
                    char *err, size_t errcap)
{
    pos cells[MG__BOARD_MAX_CELLS];
    int32_t minx = 0, miny = 0, maxx = 0, maxy = 0;
    mg_board *b;
    int rc;

    *out = NULL;
    rc = sort_cells(kind, xs, ys, count, cells, &minx, &miny, &maxx, &maxy,
                    err, errcap);
    if (rc)
        return rc;
    b = place_cells(kind, cells, count, minx, miny, maxx, maxy, bx, by);
    if (!b)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    if ((rc = link_cells(b, err, errcap)) != MG_OK ||
        (rc = check_group(b, err, errcap)) != MG_OK) {
        mg_board_free(b);
        return rc;
    }
    b->fingerprint = fingerprint(b);
    *out = b;
    return MG_OK;
}

int32_t mg__board_cell_at(const mg_board *b, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || x >= b->w || y >= b->h)
        return -1;
    return b->at[y * b->w + x];
}

void mg__board_cell_nbrs(const mg_board *b, int32_t cell, int16_t nbr[8])
{
    int d;
    for (d = 0; d < 8; d++)
        nbr[d] = d < b->nd ? b->nbr[cell][d] : -1;
}

void mg__board_cell_name(const mg_board *b, int32_t cell, mg__sb *sb)
{
    mg__sb_column(sb, b->x[cell]);
    mg__sb_int(sb, b->y[cell] + 1);
}

/* FNV-1a over the kind, the blank and the cells in their order. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    size_t i;
    for (i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x100000001B3ULL;
    return h;
}

uint64_t mg__board_identity(const mg_board *b)
{
    uint64_t h = 0xCBF29CE484222325ULL;
    h = fnv(h, &b->kind, sizeof b->kind);
    h = fnv(h, &b->bx, sizeof b->bx);
    h = fnv(h, &b->by, sizeof b->by);
    h = fnv(h, b->x, (size_t)b->n * sizeof b->x[0]);
    return fnv(h, b->y, (size_t)b->n * sizeof b->y[0]);
}

/* ------------------------------------------------------------ public API */

int mg_board_generate(mg_board **out, int kind, uint64_t seed)
{
    int32_t xs[MG__BOARD_MAX_CELLS], ys[MG__BOARD_MAX_CELLS], n, i, maxx, miny;
    int rc;
    if (!out)
        return MG_EINVAL;
    *out = NULL;
    if (!mg__board_tiles(kind))
        return MG_EINVAL;
    rc = mg__board_search(kind, seed, xs, ys);
    if (rc)
        return rc;
    n = mg__board_tiles(kind) - 1;
    maxx = xs[0];
    miny = ys[0];
    for (i = 1; i < n; i++) {
        if (xs[i] > maxx)
            maxx = xs[i];
        if (ys[i] < miny)
            miny = ys[i];
    }
    /* the blank two columns right of the group, on its bottom row: no
     * neighbour in any direction of either grid */
    rc = mg__board_build(out, kind, xs, ys, n, maxx + 2, miny, NULL, 0);
    return rc == MG_EBOARD ? MG_EINVAL : rc; /* EBOARD: a search bug */
}

mg_board *mg__board_clone(const mg_board *b)
{
    mg_board *c = malloc(sizeof *c);
    size_t cells = (size_t)b->w * (size_t)b->h;
    if (!c)
        return NULL;
    *c = *b;
    c->at = malloc(cells * sizeof *c->at);
    if (!c->at) {
        free(c);
        return NULL;
    }
    memcpy(c->at, b->at, cells * sizeof *c->at);
    return c;
}

void mg_board_free(mg_board *b)
{
    if (!b)
        return;
    free(b->at);
    free(b);
}

int mg_board_kind(const mg_board *b)
{
    return b ? b->kind : MG_EINVAL;
}

int mg_board_cell_count(const mg_board *b)
{
    return b ? b->n : MG_EINVAL;
}

int mg_board_cell_position(const mg_board *b, int32_t cell, int32_t *x,
                           int32_t *y)
{
    if (!b || !x || !y)
        return MG_EINVAL;
    if (cell < 0 || cell >= b->n)
        return MG_ERANGE;
    *x = b->x[cell];
    *y = b->y[cell];
    return MG_OK;
}

int mg_board_blank_position(const mg_board *b, int32_t *x, int32_t *y)
{
    if (!b || !x || !y)
        return MG_EINVAL;
    *x = b->bx;
    *y = b->by;
    return MG_OK;
}

int mg_board_cell_at(const mg_board *b, int32_t x, int32_t y)
{
    int32_t c;
    if (!b)
        return MG_EINVAL;
    c = mg__board_cell_at(b, x, y);
    return c >= 0 ? c : MG_ERANGE;
}

int mg_board_cell_mask(const mg_board *b, int32_t cell)
{
    if (!b)
        return MG_EINVAL;
    return (cell >= 0 && cell < b->n) ? b->mask[cell] : MG_ERANGE;
}

int mg_board_cell_class(const mg_board *b, int32_t cell)
{
    if (!b)
        return MG_EINVAL;
    return (cell >= 0 && cell < b->n) ? b->cls[cell] : MG_ERANGE;
}

int mg_board_cell_name(const mg_board *b, int32_t cell, char *buf, size_t cap,
                       size_t *needed)
{
    mg__sb sb;
    if (!b || (!buf && cap))
        return MG_EINVAL;
    if (cell < 0 || cell >= b->n)
        return MG_ERANGE;
    mg__sb_init(&sb, buf, cap);
    mg__board_cell_name(b, cell, &sb);
    return mg__sb_finish(&sb, needed);
}

int mg_board_cell_neighbors(const mg_board *b, int32_t cell, int32_t *buf,
                            size_t cap, size_t *count)
{
    size_t n = 0;
    int d;
    if (!b || !count || (!buf && cap))
        return MG_EINVAL;
    if (cell < 0 || cell >= b->n)
        return MG_ERANGE;
    for (d = 0; d < b->nd; d++)
        n += b->nbr[cell][d] >= 0;
    *count = n;
    if (n > cap)
        return MG_ENOBUFS;
    n = 0;
    for (d = 0; d < b->nd; d++)
        if (b->nbr[cell][d] >= 0)
            buf[n++] = b->nbr[cell][d];
    return MG_OK;
}

uint64_t mg_board_fingerprint(const mg_board *b)
{
    return b ? b->fingerprint : 0;
}

