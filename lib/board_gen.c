/*
 * board_gen.c - the search behind mg_board_generate() (RULES.md 1.1, 2.1).
 *
 * A constructive search: tiles are placed one at a time on cells next to
 * the group.  Every empty cell is unknown, required (a placed tile beams
 * at it) or forbidden (a placed tile's blank side faces it).  Each step
 * fills the most constrained required cell: the one with the fewest unused
 * masks that beam exactly at its occupied and required neighbours and at
 * none of its forbidden ones (bitsets over the 256 masks make that an AND
 * of four words).  Branches die on a required cell with no candidate, on
 * more required cells than tiles left, and on beam-count parity: the beams
 * of the unused tiles, less those that must answer beams already pointing
 * into required cells, pair up among themselves, so the difference is even
 * and not negative.
 *
 * Value order is what makes it fast.  Candidates are tried by a key that
 * favours many beams (dense tiles belong inside the group; left for the
 * end they find no place) plus a per-mask weight measured once offline:
 * how often a mask was among those left over when a search failed, so
 * awkward tiles (one orthogonal and one diagonal beam, say) go in while
 * the frontier can still take them; small random noise breaks ties.  A run
 * that spends its node budget restarts from scratch with the same stream.
 *
 * Deterministic in (kind, seed): integer arithmetic and splitmix64 only.
 * No global mutable state; one workspace of about 420 KiB per call.
 */
#include "board_search.h"

#include <stdlib.h>
#include <string.h>

#define GW 128            /* the search grid, GW x GW; the group stays far
                             from its edges (an attempt that nears them is
                             abandoned) */
#define GN (GW * GW)
#define MAX_TRAIL 32768

enum { S_UNK, S_REQ, S_OCC, S_FORB };

/* Offline weights: 60 x (how often the mask was left unused when a search
 * failed) / (failed searches), over 300 seeds with adaptive weights. */
static const uint8_t weight8[256] = {
     0, 14, 12, 12, 14, 10, 12, 10, 12,  4,  5,  2, 12,  3,  9,  3,
    14,  6,  4,  2,  9,  2,  3,  1, 11,  2,  2,  0, 10,  1,  3,  2,
    11,  5,  4,  2,  4,  1,  2,  1,  5,  1,  1,  0,  2,  0,  0,  0,
    12,  2,  2,  0,  3,  0,  0,  0,  8,  0,  0,  0,  3,  0,  1,  0,
    14,  9,  5,  3,  6,  2,  2,  1,  5,  1,  1,  0,  2,  0,  0,  0,
     9,  2,  1,  0,  2,  3,  0,  1,  3,  0,  0,  0,  1,  2,  0,  0,
    12,  3,  2,  0,  2,  0,  0,  0,  3,  0,  0,  0,  0,  0,  0,  0,
    10,  1,  1,  0,  1,  1,  0,  0,  3,  0,  0,  0,  2,  0,  0,  0,
    12, 12,  6,  8,  5,  3,  2,  3,  4,  2,  1,  0,  2,  0,  0,  1,
     5,  2,  1,  0,  1,  0,  0,  0,  2,  0,  0,  0,  1,  0,  0,  0,
     6,  2,  1,  0,  1,  0,  0,  0,  1,  0,  0,  0,  0,  0,  0,  0,
     2,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
    12, 10,  2,  3,  2,  1,  0,  2,  2,  1,  0,  0,  0,  0,  0,  0,
     3,  1,  0,  0,  0,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
     8,  3,  0,  1,  0,  0,  0,  0,  1,  0,  0,  0,  0,  0,  0,  0,
     3,  2,  0,  0,  0,  0,  0,  0,  1,  0,  0,  0,  0,  0,  0,  0,
};
static const uint8_t weight6[64] = {
     0,  9,  9,  9, 10,  0,  9,  2,  9,  1,  0,  0,  8,  0,  2,  0,
     9,  1,  1,  0,  1,  0,  0,  0, 10,  0,  0,  0,  2,  0,  1,  0,
     9,  9,  0,  3,  1,  0,  0,  0,  1,  0,  0,  0,  0,  0,  0,  0,
     9,  3,  0,  1,  0,  0,  0,  0,  2,  0,  0,  0,  2,  0,  0,  0,
};

#define DENSE_KEY 10 /* key per beam */
#ifndef OCTO_NOISE
#define OCTO_NOISE 4 /* random part of the key */
#endif
#ifndef LAB_NOISE
#define LAB_NOISE 8 /* more: the small board needs it for variety */
#endif
#ifndef OCTO_BUDGET
#define OCTO_BUDGET 800 /* nodes before a restart */
#endif
#ifndef LAB_BUDGET
#define LAB_BUDGET 300
#endif

typedef struct frame {
    int32_t cell, mark, popen, brem;
    int16_t n, i;
    uint8_t list[256];
} frame;

typedef struct ws {
    int nd, nmask, ntiles;
    int32_t off[8];
    const uint8_t *weight;
    int noise;
    uint64_t rng;
    uint64_t sup[256][4], dis[256][4]; /* masks containing / avoiding m */
    uint64_t unused[4];
    int32_t placed, popen, brem, nreq;
    int32_t req[GN / 4];
    int32_t ntrail;
    int32_t trail[MAX_TRAIL];          /* cell << 2 | previous state */
    int32_t reqpos[GN];
    uint8_t st[GN], tile[GN];
    frame stack[257];
} ws;

static void req_remove(ws *w, int32_t c)
{
    int32_t p = w->reqpos[c];
    w->req[p] = w->req[--w->nreq];
    w->reqpos[w->req[p]] = p;
}

static void req_add(ws *w, int32_t c)
{
    w->reqpos[c] = w->nreq;
    w->req[w->nreq++] = c;
}

/* Change a cell's state, remembering the old one. */
static int set_state(ws *w, int32_t c, int s)
{
    if (w->ntrail == MAX_TRAIL)
        return 0;
    w->trail[w->ntrail++] = c << 2 | w->st[c];
    if (w->st[c] == S_REQ)
        req_remove(w, c);
    w->st[c] = (uint8_t)s;
    if (s == S_REQ)
        req_add(w, c);
    return 1;
}

static void undo_to(ws *w, int32_t mark)
{
    while (w->ntrail > mark) {
        int32_t t = w->trail[--w->ntrail], c = t >> 2;
        if (w->st[c] == S_REQ)
            req_remove(w, c);
        w->st[c] = (uint8_t)(t & 3);
        if ((t & 3) == S_REQ)
            req_add(w, c);
    }
}

/* The unused masks that fit required cell c. */
static int candidates(const ws *w, int32_t c, uint64_t out[4])
{
    int m1 = 0, m0 = 0, d;
    for (d = 0; d < w->nd; d++) {
        int s = w->st[c + w->off[d]];
        if (s == S_OCC || s == S_REQ)
            m1 |= 1 << d;
        else if (s == S_FORB)
            m0 |= 1 << d;
    }
    for (d = 0; d < 4; d++)
        out[d] = w->unused[d] & w->sup[m1][d] & w->dis[m0][d];
    return mg__popcount64(out[0]) + mg__popcount64(out[1]) + mg__popcount64(out[2]) +
           mg__popcount64(out[3]);
}

/* Put tile m on required cell c. */
static int place(ws *w, int32_t c, int m)
{
    int d;
    if (!set_state(w, c, S_OCC))
        return 0;
    w->tile[c] = (uint8_t)m;
    w->unused[m >> 6] &= ~(1ULL << (m & 63));
    w->placed++;
    w->brem -= mg__popcount64((uint64_t)m);
    for (d = 0; d < w->nd; d++) {
        int32_t e = c + w->off[d];
        if (w->st[e] == S_OCC)
            w->popen--; /* its beam into c is answered */
    }
    for (d = 0; d < w->nd; d++) {
        int32_t e = c + w->off[d];
        if (m >> d & 1) {
            if (w->st[e] == S_UNK && !set_state(w, e, S_REQ))
                return 0;
            if (w->st[e] == S_REQ)
                w->popen++;
        } else if (w->st[e] == S_UNK && !set_state(w, e, S_FORB)) {
            return 0;
        }
    }
    return 1;
}

/* Take the last placement of the top frame back. */
static void unplace(ws *w, const frame *f)
{
    int m = w->tile[f->cell];
    undo_to(w, f->mark);
    w->popen = f->popen;
    w->brem = f->brem;
    w->placed--;
    w->unused[m >> 6] |= 1ULL << (m & 63);
}

/* Push a frame for cell c with its candidates in trial order. */
static void push(ws *w, int sp, int32_t c, const uint64_t cand[4])
{
    frame *f = &w->stack[sp];
    int key[256], n = 0, i, j, k;
    uint64_t noise = (uint64_t)w->noise;
    f->cell = c;
    f->mark = w->ntrail;
    f->popen = w->popen;
    f->brem = w->brem;
    for (k = 0; k < 4; k++) {
        uint64_t v = cand[k];
        while (v) {
            int m = k * 64 + mg__ctz64(v);
            v &= v - 1;
            key[n] = DENSE_KEY * mg__popcount64((uint64_t)m) + w->weight[m] +
                     (int)(mg__splitmix64(&w->rng) % noise);
            f->list[n++] = (uint8_t)m;
        }
    }
    for (i = 1; i < n; i++) { /* insertion sort, highest key first */
        int kk = key[i];
        uint8_t m = f->list[i];
        for (j = i; j > 0 && key[j - 1] < kk; j--) {
            key[j] = key[j - 1];
            f->list[j] = f->list[j - 1];
        }
        key[j] = kk;
        f->list[j] = m;
    }
    f->n = (int16_t)n;
    f->i = 0;
}

/* One depth-first run from a fresh start; 1 when the group is complete. */
static int attempt(ws *w, long budget)
{
    int sp = 0;
    long nodes = 0;
    int32_t start = (GW / 2) * GW + GW / 2;
    int m;

    undo_to(w, 0);
    w->nreq = 0;
    w->placed = w->popen = 0;
    w->brem = 0;
    memset(w->unused, 0, sizeof w->unused);
    for (m = 1; m < w->nmask; m++) {
        w->unused[m >> 6] |= 1ULL << (m & 63);
        w->brem += mg__popcount64((uint64_t)m);
    }
    set_state(w, start, S_REQ);

    for (;;) {
        int32_t best = -1, k;
        int bestn = 1 << 30, dead = 0;
        uint64_t bc[4] = {0, 0, 0, 0};
        if (w->nreq == 0) {
            if (w->placed == w->ntiles)
                return 1;
            dead = 1; /* closed before every tile found a place */
        } else if (w->nreq > w->ntiles - w->placed ||
                   w->brem < w->popen || ((w->brem - w->popen) & 1)) {
            dead = 1;
        } else {
            for (k = 0; k < w->nreq; k++) {
                uint64_t b[4];
                int32_t c = w->req[k], x = c % GW, y = c / GW, n;
                if (x < 2 || y < 2 || x >= GW - 2 || y >= GW - 2)
                    return 0; /* drifting to the edge: start again */
                n = candidates(w, c, b);
                if (n < bestn) {
                    bestn = n;
                    best = c;
                    memcpy(bc, b, sizeof bc);
                    if (n == 0)
                        break;
                }
            }
            if (bestn == 0)
                dead = 1;
            else
                push(w, sp++, best, bc);
        }
        if (dead) {
            if (sp == 0)
                return 0;
            unplace(w, &w->stack[sp - 1]);
        }
        /* the next candidate of the top frame, popping exhausted ones */
        for (;;) {
            frame *f;
            if (++nodes > budget || sp == 0)
                return 0;
            f = &w->stack[sp - 1];
            if (f->i < f->n) {
                if (!place(w, f->cell, f->list[f->i++]))
                    return 0;
                break;
            }
            sp--;
            if (sp == 0)
                return 0;
            unplace(w, &w->stack[sp - 1]);
        }
    }
}

int mg__board_search(int kind, uint64_t seed, int32_t *x, int32_t *y)
{
    static const int8_t sq[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                    {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int8_t hx[6][2] = {{1, 0},  {0, 1},  {-1, 1},
                                    {-1, 0}, {0, -1}, {1, -1}};
    ws *w;
    int d, a, b;
    long budget, tries;
    int32_t c, n = 0;

    if ((kind != MG_BOARD_OCTOPUSZLE && kind != MG_BOARD_LABYRINTH) || !x ||
        !y)
        return MG_EINVAL;
    w = calloc(1, sizeof *w);
    if (!w)
        return MG_ENOMEM;
    w->nd = kind == MG_BOARD_OCTOPUSZLE ? 8 : 6;
    w->nmask = 1 << w->nd;
    w->ntiles = w->nmask - 1;
    w->weight = kind == MG_BOARD_OCTOPUSZLE ? weight8 : weight6;
    w->noise = kind == MG_BOARD_OCTOPUSZLE ? OCTO_NOISE : LAB_NOISE;
    budget = kind == MG_BOARD_OCTOPUSZLE ? OCTO_BUDGET : LAB_BUDGET;
    for (d = 0; d < w->nd; d++) {
        const int8_t *v = kind == MG_BOARD_OCTOPUSZLE ? sq[d] : hx[d];
        w->off[d] = v[0] + v[1] * GW;
    }
    for (a = 0; a < w->nmask; a++)
        for (b = 0; b < w->nmask; b++) {
            if ((b & a) == a)
                w->sup[a][b >> 6] |= 1ULL << (b & 63);
            if ((b & a) == 0)
                w->dis[a][b >> 6] |= 1ULL << (b & 63);
        }
    w->rng = seed ^ (kind == MG_BOARD_OCTOPUSZLE ? 0x6f63746f70757a7aULL
                                                : 0x6c61627972696e74ULL);
    /* restarts; the budget grows slowly so that no seed can be stuck */
    for (tries = 1; !attempt(w, budget); tries++)
        if (tries % 64 == 0)
            budget += budget / 4;
    for (c = 0; c < GN; c++)
        if (w->st[c] == S_OCC) {
            x[n] = c % GW - GW / 2;
            y[n] = c / GW - GW / 2;
            n++;
        }
    free(w);
    return MG_OK;
}
