/*
 * dots_and_boxes_solver.h - the exact engine of Dots and Boxes (since
 * 1.4), shared by its two files; never installed.
 *
 *   dots_and_boxes_solver.c         the hooks (mg__dab_solver), the
 *                                   engine's tables, the root driver
 *                                   (MTD(f) with null windows), the
 *                                   symmetry image for the generic search
 *   dots_and_boxes_solver_search.c  the alpha-beta search and its table
 *   dots_and_boxes_solver_loony.c   the simple loony endgame evaluator
 *
 * The engine takes boards of at most 64 lines (a position is a 64-bit
 * mask of drawn lines, the pre-drawn border lines included); larger
 * boards are solved by the core's generic search.  The value is the
 * future margin of the player to move (Wilson's and Barker-Korf's): the
 * boxes it will still win less those the opponent will; for misere the
 * opponent's less its own.  Normal play uses the capture reduction
 * (Berlekamp; Medworth, "loonyoptions", "freecoins") and the evaluator
 * of simple loony endgames (Buzzard and Ciere, INTEGERS 14 (2014) G08);
 * misere plays the plain search (both are theorems of normal play).
 */
#ifndef MG_DOTS_AND_BOXES_SOLVER_H
#define MG_DOTS_AND_BOXES_SOLVER_H

#include "dots_and_boxes.h"

#define DSV_MAXL 64
#define DSV_MAXC 64
#define DSV_MAXSYM 24
#define DSV_BUCKET 8 /* words per bucket: one cache line */

/* The table: buckets of one cache line, 8 words, 0 empty (the table is
 * zero pages from calloc, never cleared).  A position's key, the
 * canonical mask of drawn lines, is mixed by a bijection of nl-bit
 * integers into h; its bucket is the top 32 bits of h scaled to the
 * buckets, (top * nbuckets) >> 32 (no division), so a bucket's keys
 * are one run of consecutive h shorter than 2^tagbits, and the low
 * tagbits bits of h, which with the bucket give back the key (exact: no
 * false hits), are the tag.  Compact (8 entries a bucket) when the tag
 * fits in 38 bits:
 * one word, tag << 26 | data; else wide (4 a bucket): the complement
 * of the key (never 0: the full board is never stored), then the data.
 * The data, 26 bits: the bounds lo <= value <= hi as (lo + n) / 2 and
 * (hi + n) / 2, 7 bits each (n the open cells: values have its parity),
 * the best line in the canonical orientation (7 bits, 127: none) and
 * the log2 of the work below it (5 bits, never 0 in a stored entry). */
#define DSV_TAGBITS 38
#define DSV_DATABITS 26

typedef struct dsv {
    const mg_game *g;
    const dab *d;
    int nl, nc, misere, nsym, nmulti;
    uint64_t all;                   /* every line */
    uint64_t cmask[DSV_MAXC];       /* the lines of a cell */
    int8_t lcell[DSV_MAXL][2];      /* the cells of a line; -1: ground */
    uint64_t ground[DSV_MAXC];      /* border lines, of cells with >= 2 */
    uint8_t multi[DSV_MAXC];        /* those cells */
    uint64_t firstk[DSV_MAXC][MAX_SIDES + 1];
    uint8_t order[DSV_MAXL];        /* lines, the centre first */
    uint8_t symline[DSV_MAXSYM][DSV_MAXL];
    uint8_t invsym[DSV_MAXSYM];
    uint64_t lsym[DSV_MAXL][DSV_MAXSYM]; /* a line's image bit per sym */
    int pairs;                      /* every multi cell has 2 border lines */
    uint64_t *tt;
    uint64_t nbuckets;
    uint64_t tagmask;               /* the low tagbits bits of h */
    int compact, shift;             /* the table's format; the mix's */
    int topshift;                   /* h's top 32 bits: h >> or << it */
    /* the search */
    uint64_t m;                     /* drawn lines */
    uint64_t img[DSV_MAXSYM];       /* their image under each symmetry */
    int8_t cnt[DSV_MAXC];           /* undrawn sides per cell */
    uint64_t c1, c2, live;          /* cells with 1, 2, > 0 undrawn */
    int nlive;
    int reduce;                     /* normal play: the reductions */
    int abort;
    mg__budget *b;
} dsv;

/* The other cell of line l than c (-1: the ground). */
static inline int mg__dsv_other(const dsv *e, int l, int c)
{
    return e->lcell[l][0] == c ? e->lcell[l][1] : e->lcell[l][0];
}

/* dots_and_boxes_solver_search.c */
MG_HIDDEN void mg__dsv_set(dsv *e, uint64_t m);
MG_HIDDEN int mg__dsv_search(dsv *e, int alpha, int beta, int *move);

/* dots_and_boxes_solver_loony.c: every open cell has two undrawn sides
 * and none is capturable: the mover's value (simple loony endgames). */
MG_HIDDEN int mg__dsv_loony_value(const dsv *e);
/* The simple loony endgame value for the controller (the player not to
 * move) of chains and loops given by size (exposed for the tests'
 * vectors through the engine's position analysis). */
MG_HIDDEN int mg__dsv_controlled(const uint8_t *chains, int nch,
                                 const uint8_t *loops, int nlp);

#endif /* MG_DOTS_AND_BOXES_SOLVER_H */
