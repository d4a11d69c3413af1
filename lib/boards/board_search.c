/*
 * board_search.c - the search behind mg_board_generate() (doc/rules.md §1.1,
 * 2.1): a group of 255 square cells (63 hex cells) whose neighbour masks are
 * exactly the non-zero masks, each once.
 *
 * A constructive depth-first search with restarts.
 *
 * State.  Every cell of a fixed grid is unknown, required (a placed tile
 * beams at it, so it will hold a tile), occupied (holds a tile, its mask
 * fixed) or forbidden (a placed tile's blank side faces it, or the rim).
 * A required cell c keeps must(c), the directions of its required or
 * occupied neighbours, and mnot(c), those of its forbidden neighbours.  Its
 * candidates are the unused masks m with must(c) within m and no bit of
 * mnot(c): the AND of three 256-bit sets, two of them read from tables
 * indexed by must and mnot.
 *
 * Search.  Start with the full tile on the centre cell, then repeatedly
 * pick a required cell and try its candidates.  Placing mask m at c turns
 * every unknown neighbour required (bit set) or forbidden (bit clear), so
 * the group stays connected and is complete exactly when no required cell
 * is left and every mask is used.
 * - Cell order: a cell with a single candidate first; else the required
 *   cell nearest the centre (rings of squared distance; random within a
 *   ring), so the group grows as a disc.
 * - Value order: densest first (most new required cells); among equals, a
 *   mask that fits no other required cell first, else random.  The dense
 *   tiles go early while the frontier is wide, the sparse ones are left to
 *   close it.  The Labyrinth's order is noisier (neighbouring densities
 *   mix), which keeps its boards varied.
 * - Pruning: a required cell without candidates; more unused masks that
 *   fit no required cell than cells still to be created (U - R, with U
 *   unused masks and R required cells); R > U; R = 0 with masks left; and
 *   a beam count: the unused masks' beams P minus the open beams B
 *   (occupied cell -> required neighbour) is twice the number of
 *   adjacencies among the tiles still to place, which is at least E (pairs
 *   of adjacent required cells) + U - R (every new cell hangs on to the
 *   frontier).
 * - Restarts: after `thrash` failed placements in one try, the search jumps
 *   back to depth `jumpd` (or `jumpb` levels up when the try died before
 *   that depth) and retries with fresh random orders, `jumpm` times; then
 *   it starts afresh from the next PRNG stream derived from the seed.
 *
 * Speed.  Per placement the work is one pass over the required cells
 * (bs_next: their sets, the single-candidate test, the masks that fit one
 * cell, the order key), in SSE2 where the compiler targets x86-64 and in
 * portable C elsewhere (the same boards); the state changes and their
 * undo avoid data-dependent branches.  Keeping each required cell's set in
 * its req[] slot and updating only the cells a placement changes (its new
 * cells, their required neighbours, the cells its mask fitted) halves the
 * pass but costs as much again in upkeep and undo, and ran slower in CPU
 * time (twice now: per-mask counts before, per-slot sets with undo logs).
 *
 * Everything is integer arithmetic on one heap workspace; the PRNG is the
 * library's splitmix64, so a (kind, seed) pair gives the same board on
 * every platform.
 */
#include "board_search.h"

#include <stdlib.h>
#include <string.h>

/* SSE2 for the pass over the required cells where the compiler targets
 * it on x86-64 (the 64-bit moves out of a vector need x86-64); portable C
 * elsewhere.  Both give the same boards. */
#if defined(__SSE2__) && (defined(__x86_64__) || defined(_M_X64))
#include <emmintrin.h>
#define BS_SSE2 1
#else
#define BS_SSE2 0
#endif

#define BS_LOG 6
#define BS_W (1 << BS_LOG)       /* grid side; the group stays well inside */
#define BS_N (BS_W * BS_W)
#define BS_RIM 2                 /* forbidden border, keeps indices inside */
#define BS_CENTRE ((BS_W / 2) * BS_W + BS_W / 2)
#define BS_MAXREQ 512
#define BS_MAXTRAIL (256 * 10)   /* at most 9 state changes per placement */
#define BS_MAXCAND 64            /* candidates kept per level */

enum { S_UNK = 0, S_REQ = 1, S_OCC = 2, S_FORB = 3 };

typedef struct bs_params {
    int ring;   /* squared distances per ring of the growth order */
    int noise;  /* random part of the value order; 64 = one density step */
    int thrash; /* failed placements allowed per try */
    int jumpd;  /* depth a retry starts from */
    int jumpm;  /* retries before a fresh start */
    int jumpb;  /* levels a retry backs up when the try died above jumpd */
} bs_params;

/* Tuned by search-node counts over seeds 0..999; the optimum is flat
 * around these values. */
static const bs_params bs_octopuszle = {8, 32, 60, 140, 5, 50};
static const bs_params bs_labyrinth = {3, 300, 10, 25, 3, 10};

typedef struct bs_frame {
    int32_t cell;
    int32_t tmark;         /* trail length before this level's placement */
    int32_t B, P, U, E;    /* counters before it */
    int16_t ncand, pos;    /* candidates, and how many were tried */
    int16_t placed;        /* 1 while a candidate is placed on cell */
    uint8_t cand[BS_MAXCAND];
} bs_frame;

typedef struct bs_ws {
    bs_params par;
    uint32_t ringmul;      /* ceil(2^16 / par.ring) */
    int ndir, nmask, nw, ntiles;
    int off[8];
    int opp[8];
    uint64_t rng;
    int32_t B;             /* open beams: occupied cell -> required cell */
    int32_t P;             /* beams of the unused masks */
    int32_t U;             /* unused masks */
    int32_t E;             /* pairs of adjacent required cells */
    int32_t nreq;
    int32_t ntrail;
    uint64_t unused[4];
    uint8_t pc8[256];      /* popcounts */
    uint8_t state[BS_N];
    uint8_t mm[2][BS_N];   /* must, mnot */
    int16_t rpos[BS_N];    /* index in req[] of a required cell */
    int32_t order[BS_N];   /* growth-order key of a required cell */
    int32_t req[BS_MAXREQ];
    uint64_t reqkey[BS_MAXREQ]; /* order[req[j]] * 2^32 + j, read in req[]
                                 * order */
    int32_t trail[BS_MAXTRAIL]; /* cell * 4 + previous state */
    uint64_t s6[64];       /* 6-bit masks containing s, as bits */
    uint64_t d6[64];       /* 6-bit masks disjoint from s */
    uint64_t sup[256][4];  /* masks containing s */
    uint64_t dis[256][4];  /* masks disjoint from s */
    bs_frame st[256];
} bs_ws;

/* The search's steps are written once for both grids and instantiated
 * twice (bs_attempt8, bs_attempt6) with the directions `nd` and the words
 * of a mask set `nw` constant, so the loops over directions unroll and the
 * offsets are immediates. */
#if defined(__GNUC__)
#define BS_INLINE static inline __attribute__((always_inline))
#else
#define BS_INLINE static inline
#endif

/* Growth-order key of a new required cell c: its ring of squared distance
 * from the centre, then a random draw (which varies the boards' cores far
 * more than an age order would, at the same speed). */
BS_INLINE int32_t bs_order_key(bs_ws *w, int c)
{
    int x = (c & (BS_W - 1)) - BS_W / 2, y = (c >> BS_LOG) - BS_W / 2;
    int r2 = w->ndir == 8 ? x * x + y * y : x * x + x * y + y * y;
    /* r2 / ring without a division: the product with ceil(2^16 / ring)
     * is exact while r2 * (ring - 1) < 2^16 (here r2 <= 2700, ring <= 8) */
    return (int32_t)(((uint32_t)r2 * w->ringmul) >> 16) * 65536 +
           (int32_t)mg__rand_below(&w->rng, 65536);
}

/* X(i) for each direction i, written out: GCC does not always honour the
 * unroll pragma once the steps are inlined into the search's loops. */
#define BS_EACH(nd, X)                                                     \
    do {                                                                   \
        X(0) X(1) X(2) X(3) X(4) X(5)                                      \
        if ((nd) == 8) { X(6) X(7) }                                       \
    } while (0)

static const int bs_off8[8] = {1,  1 + BS_W,  BS_W,  -1 + BS_W,
                               -1, -1 - BS_W, -BS_W, 1 - BS_W};
static const int bs_off6[6] = {1, BS_W, -1 + BS_W, -1, -BS_W, 1 - BS_W};

/* The neighbour of c in direction i, and the direction back. */
BS_INLINE int bs_off(int nd, int i)
{
    return nd == 8 ? bs_off8[i] : bs_off6[i];
}

BS_INLINE int bs_opp(int nd, int i)
{
    return i < nd / 2 ? i + nd / 2 : i - nd / 2;
}

/* Set bits of x (a SWAR count: the generic build has no instruction). */
static inline int bs_count(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

#if BS_SSE2
/* Set bits of two 128-bit words (SWAR counts per byte, at most 8 in
 * each word, 16 for both; the sums of absolute differences add them). */
static inline int bs_count256(__m128i a, __m128i b)
{
    const __m128i m1 = _mm_set1_epi8(0x55), m2 = _mm_set1_epi8(0x33),
                  m4 = _mm_set1_epi8(0x0F);
    __m128i s;
    a = _mm_sub_epi8(a, _mm_and_si128(_mm_srli_epi64(a, 1), m1));
    b = _mm_sub_epi8(b, _mm_and_si128(_mm_srli_epi64(b, 1), m1));
    a = _mm_add_epi8(_mm_and_si128(a, m2),
                     _mm_and_si128(_mm_srli_epi64(a, 2), m2));
    b = _mm_add_epi8(_mm_and_si128(b, m2),
                     _mm_and_si128(_mm_srli_epi64(b, 2), m2));
    a = _mm_and_si128(_mm_add_epi8(a, _mm_srli_epi64(a, 4)), m4);
    b = _mm_and_si128(_mm_add_epi8(b, _mm_srli_epi64(b, 4)), m4);
    s = _mm_sad_epu8(_mm_add_epi8(a, b), _mm_setzero_si128());
    return (int)_mm_cvtsi128_si64(_mm_add_epi64(s, _mm_unpackhi_epi64(s, s)));
}
#endif

/* The state changes.  unknown -> required and unknown -> forbidden go on
 * the trail (cell * 2 + 1 when forbidden); required -> occupied is the
 * level's own placement, undone from its frame (bs_unoccupy). */
BS_INLINE void bs_require(bs_ws *w, int c, const int nd)
{
    int e = 0, n = w->nreq;
    w->trail[w->ntrail++] = c * 2;
    w->state[c] = S_REQ;
    { /* base pointers: the neighbours at constant displacements */
        const uint8_t *sc = w->state + c;
        uint8_t *mc = w->mm[0] + c;
#define BS_REQ1(i)                                                         \
    e += sc[bs_off(nd, i)] == S_REQ;                                       \
    mc[bs_off(nd, i)] |= (uint8_t)(1u << bs_opp(nd, i));
        BS_EACH(nd, BS_REQ1);
    }
#undef BS_REQ1
    w->E += e;
    w->order[c] = bs_order_key(w, c);
    w->rpos[c] = (int16_t)n;
    w->req[n] = c;
    w->reqkey[n] = (uint64_t)w->order[c] << 32 | (uint32_t)n;
    w->nreq = n + 1;
}

BS_INLINE void bs_forbid(bs_ws *w, int c, const int nd)
{
    w->trail[w->ntrail++] = c * 2 + 1;
    w->state[c] = S_FORB;
    {
        uint8_t *mc = w->mm[1] + c;
#define BS_FORB1(i) mc[bs_off(nd, i)] |= (uint8_t)(1u << bs_opp(nd, i));
        BS_EACH(nd, BS_FORB1);
    }
#undef BS_FORB1
}

/* A neighbour in direction i in state s, counted: required (bits 0-3),
 * occupied (bits 4-7), unknown (bit 8 + i). */
#define BS_NBR(i) {1u << (8 + i), 1, 16, 0}
static const uint32_t bs_nbr[8][4] = {BS_NBR(0), BS_NBR(1), BS_NBR(2),
                                      BS_NBR(3), BS_NBR(4), BS_NBR(5),
                                      BS_NBR(6), BS_NBR(7)};
#undef BS_NBR

/* c required -> occupied; returns its occupied neighbours and sets *unk
 * to the directions of its unknown ones. */
BS_INLINE int bs_occupy(bs_ws *w, int c, int *unk, const int nd)
{
    int n = w->nreq - 1, p = w->rpos[c], last = w->req[n], e, o, u;
    uint32_t acc = 0;
    w->nreq = n;
    w->state[c] = S_OCC;
    w->req[p] = last; /* swap it out of req[] */
    w->reqkey[p] = (w->reqkey[n] & ~0xFFFFFFFFULL) | (uint32_t)p;
    w->rpos[last] = (int16_t)p;
    w->rpos[c] = (int16_t)p; /* where to put it back */
    {
        const uint8_t *sc = w->state + c;
#define BS_OCC1(i) acc += bs_nbr[i][sc[bs_off(nd, i)]];
        BS_EACH(nd, BS_OCC1);
    }
#undef BS_OCC1
    e = (int)(acc & 15);
    o = (int)((acc >> 4) & 15);
    u = (int)(acc >> 8);
    w->E -= e;
    *unk = u;
    return o;
}

/* Occupied c back to required, in its old place in req[] (after the
 * cells its placement required are gone from req[]). */
static inline void bs_unoccupy(bs_ws *w, int c)
{
    int p = w->rpos[c], moved = w->req[p], n = w->nreq;
    w->state[c] = S_REQ;
    w->req[n] = moved;
    w->reqkey[n] = (w->reqkey[p] & ~0xFFFFFFFFULL) | (uint32_t)n;
    w->rpos[moved] = (int16_t)n;
    w->req[p] = c;
    w->reqkey[p] = (uint64_t)w->order[c] << 32 | (uint32_t)p;
    w->nreq = n + 1;
}

/* Undo the trail back to length `mark`: cells back to unknown, without
 * branches (a required cell is last in req[]). */
BS_INLINE void bs_undo(bs_ws *w, int mark, const int nd)
{
    int nt = w->ntrail, n = w->nreq; /* locals: the byte stores below
                                          * may alias any field */
    while (nt > mark) {
        int e = w->trail[--nt], c = e >> 1, forb = e & 1;
        uint8_t *bits = w->mm[forb] + c;
        w->state[c] = S_UNK;
        n -= 1 - forb;
#define BS_UNDO1(i) bits[bs_off(nd, i)] &= (uint8_t) ~(1u << bs_opp(nd, i));
        BS_EACH(nd, BS_UNDO1);
#undef BS_UNDO1
    }
    w->ntrail = nt;
    w->nreq = n;
}

/* Place mask m on the required cell c.  Returns 0 when the counts show the
 * position cannot be completed (the caller undoes).  The unknown
 * neighbours turn forbidden, then required in direction order (the order
 * of the PRNG draws). */
BS_INLINE int bs_place(bs_ws *w, int c, int m, const int nd)
{
    int occn, pc = w->pc8[m], unk, nf, nr;
    occn = bs_occupy(w, c, &unk, nd);
    w->unused[m >> 6] &= ~(1ULL << (m & 63));
    w->U--;
    w->P -= pc;
    w->B += pc - 2 * occn;
    nf = unk & ~m;
    nr = unk & m;
    while (nf) {
        bs_forbid(w, c + bs_off(nd, mg__ctz64((uint64_t)nf)), nd);
        nf &= nf - 1;
    }
    while (nr) {
        bs_require(w, c + bs_off(nd, mg__ctz64((uint64_t)nr)), nd);
        nr &= nr - 1;
    }
    if (w->nreq > w->U) return 0;
    if (w->nreq == 0 && w->U > 0) return 0;
    if (w->P - w->B < 2 * (w->E + w->U - w->nreq)) return 0;
    return 1;
}

/* Open level f for its cell with candidate set v: densest first, masks in
 * `pref` (may be NULL) first among equals, else random. */
BS_INLINE void bs_order(bs_ws *w, bs_frame *f, const uint64_t *v,
                        const uint64_t *pref, const int nw)
{
    static const uint64_t none[4] = {0, 0, 0, 0};
    int c = f->cell, k, n = 0, i, j;
    int freeb = ~(w->mm[0][c] | w->mm[1][c]) & (w->nmask - 1);
    int32_t key[256];
    uint8_t cand[256];
    uint64_t w0 = v[0], w1 = nw > 1 ? v[1] : 0, w2 = nw > 1 ? v[2] : 0,
             w3 = nw > 1 ? v[3] : 0;
    if (!pref) pref = none;
    /* the candidates in increasing order, one loop: the first non-zero
     * word chosen without branches */
    while (w0 | w1 | w2 | w3) {
        int m, q;
        int32_t r;
        uint64_t bq, low;
        k = w0 ? 0 : w1 ? 1 : w2 ? 2 : 3;
        bq = k == 0 ? w0 : k == 1 ? w1 : k == 2 ? w2 : w3;
        low = bq & (0 - bq);
        m = k * 64 + mg__ctz64(bq);
        w0 ^= low & (0 - (uint64_t)(k == 0));
        w1 ^= low & (0 - (uint64_t)(k == 1));
        w2 ^= low & (0 - (uint64_t)(k == 2));
        w3 ^= low & (0 - (uint64_t)(k == 3));
        r = (int32_t)mg__rand_below(&w->rng, (uint32_t)w->par.noise);
        q = -64 * w->pc8[m & freeb] + r -
            32 * (int)((pref[m >> 6] >> (m & 63)) & 1);
        key[n] = q * 256 + n; /* distinct keys: a total order */
        cand[n] = (uint8_t)m;
        n++;
    }
    if (n <= 16) { /* most levels: place each by its rank among a fixed
                    * number of keys (the rest above all), no branches */
        int nn = n <= 4 ? 4 : n <= 8 ? 8 : 16;
        uint8_t out[16];
        for (i = n; i < nn; i++) key[i] = INT32_MAX;
#define BS_RANKS(N)                                                        \
    for (i = 0; i < n; i++) {                                              \
        int rank = 0;                                                      \
        for (j = 0; j < (N); j++) rank += key[j] < key[i];                 \
        out[rank] = cand[i];                                               \
    }
        if (nn == 4)
            BS_RANKS(4)
        else if (nn == 8)
            BS_RANKS(8)
        else
            BS_RANKS(16)
#undef BS_RANKS
        memcpy(f->cand, out, sizeof out); /* a fixed size: no call */
        f->ncand = (int16_t)n;
        f->pos = 0;
        return;
    }
    for (i = 1; i < n; i++) { /* insertion sort */
        int32_t kk = key[i];
        uint8_t mm = cand[i];
        for (j = i; j > 0 && key[j - 1] > kk; j--) {
            key[j] = key[j - 1];
            cand[j] = cand[j - 1];
        }
        key[j] = kk;
        cand[j] = mm;
    }
    if (n > BS_MAXCAND) n = BS_MAXCAND;
    memcpy(f->cand, cand, (size_t)n);
    f->ncand = (int16_t)n;
    f->pos = 0;
}

static void bs_save(const bs_ws *w, bs_frame *f)
{
    f->tmark = w->ntrail;
    f->placed = 0;
    f->B = w->B;
    f->P = w->P;
    f->U = w->U;
    f->E = w->E;
}

BS_INLINE void bs_restore(bs_ws *w, bs_frame *f, const int nd)
{
    bs_undo(w, f->tmark, nd);
    if (f->placed) bs_unoccupy(w, f->cell);
    f->placed = 0;
    w->B = f->B;
    w->P = f->P;
    w->U = f->U;
    w->E = f->E;
}

static void bs_unuse(bs_ws *w, int m)
{
    w->unused[m >> 6] |= 1ULL << (m & 63);
}

#if BS_SSE2
/* bs_words[must bits 6-7 | mnot bits 6-7 << 2]: the words of a set of
 * 8-bit masks that such a cell allows (word k: masks k * 64 ...). */
#define BS_W4(a, b, c, d) {a ? ~0ULL : 0, b ? ~0ULL : 0, c ? ~0ULL : 0, d ? ~0ULL : 0}
static const uint64_t bs_words[16][4] = {
    BS_W4(1, 1, 1, 1), BS_W4(0, 1, 0, 1), BS_W4(0, 0, 1, 1), BS_W4(0, 0, 0, 1),
    BS_W4(1, 0, 1, 0), BS_W4(0, 0, 0, 0), BS_W4(0, 0, 1, 0), BS_W4(0, 0, 0, 0),
    BS_W4(1, 1, 0, 0), BS_W4(0, 1, 0, 0), BS_W4(0, 0, 0, 0), BS_W4(0, 0, 0, 0),
    BS_W4(1, 0, 0, 0), BS_W4(0, 0, 0, 0), BS_W4(0, 0, 0, 0), BS_W4(0, 0, 0, 0)};
#undef BS_W4
#endif

/* Pick the next cell.  Returns 0 on a dead end, else opens level f.  One
 * pass over the required cells: their candidate sets (dead end when one
 * is empty), the masks that fit one of them only, and the cell first in
 * the order (a cell with a single candidate before any other; among equal
 * keys the first in req[]: the minimum of key * 2^32 + j, without
 * branches). */
BS_INLINE int bs_next(bs_ws *w, bs_frame *f, const int nw)
{
    int j, k, nz = 0, best;
    uint64_t once[4], twice[4], bv[4], bkey = ~0ULL;
#if BS_SSE2
    if (nw == 4) {
        /* A cell's set is its low word L (masks' bits 0-5) in each word k
         * (bits 6-7) that its must and mnot allow, ANDed with unused: so
         * its OR is L & uor[k6] and its bits in two words L & utw[k6],
         * k6 = its must and mnot bits 6-7.  once and twice are gathered
         * before the AND with unused: they are read through it below. */
        const uint64_t u0 = w->unused[0], u1 = w->unused[1],
                       u2 = w->unused[2], u3 = w->unused[3];
        uint64_t uor[16], utw[16];
        __m128i olo = _mm_setzero_si128(), ohi = olo, tlo = olo, thi = olo;
        /* the words allowed: all; {1,3}; {2,3}; {3}; {0,2}; {0,1}; {0};
         * {1}; {2} (index must bits | mnot bits << 2) */
        uor[0] = u0 | u1 | u2 | u3;
        utw[0] = (u0 & u1) | (u2 & u3) | ((u0 | u1) & (u2 | u3));
        uor[1] = u1 | u3, utw[1] = u1 & u3;
        uor[2] = u2 | u3, utw[2] = u2 & u3;
        uor[3] = u3, utw[3] = 0;
        uor[4] = u0 | u2, utw[4] = u0 & u2;
        uor[8] = u0 | u1, utw[8] = u0 & u1;
        uor[12] = u0, utw[12] = 0;
        uor[9] = u1, utw[9] = 0;
        uor[6] = u2, utw[6] = 0;
        uor[5] = uor[7] = uor[10] = uor[11] = uor[13] = uor[14] = uor[15] = 0;
        utw[5] = utw[7] = utw[10] = utw[11] = utw[13] = utw[14] = utw[15] = 0;
        for (j = 0; j < w->nreq; j++) {
            int c = w->req[j], ms = w->mm[0][c], mn = w->mm[1][c],
                k6 = (ms >> 6) | (mn >> 6) << 2;
            uint64_t L = w->s6[ms & 63] & w->d6[mn & 63], x = L & uor[k6],
                     multi = (x & (x - 1)) | (L & utw[k6]), key;
            const __m128i *vm = (const __m128i *)bs_words[k6];
            __m128i lb = _mm_set1_epi64x((long long)L),
                    vlo = _mm_and_si128(lb, _mm_loadu_si128(vm)),
                    vhi = _mm_and_si128(lb, _mm_loadu_si128(vm + 1));
            tlo = _mm_or_si128(tlo, _mm_and_si128(olo, vlo));
            thi = _mm_or_si128(thi, _mm_and_si128(ohi, vhi));
            olo = _mm_or_si128(olo, vlo);
            ohi = _mm_or_si128(ohi, vhi);
            if (!x) return 0;
            key = w->reqkey[j] | (uint64_t)(multi != 0) << 62;
            bkey = key < bkey ? key : bkey;
        }
        _mm_storeu_si128((__m128i *)once, olo);
        _mm_storeu_si128((__m128i *)once + 1, ohi);
        _mm_storeu_si128((__m128i *)twice, tlo);
        _mm_storeu_si128((__m128i *)twice + 1, thi);
    } else
#endif
    {
        /* the words as scalars (nw is 1 or 4): once, twice and the unused
         * set stay in registers */
        uint64_t u0 = w->unused[0], u1 = nw > 1 ? w->unused[1] : 0,
                 u2 = nw > 1 ? w->unused[2] : 0,
                 u3 = nw > 1 ? w->unused[3] : 0;
        uint64_t o0 = 0, o1 = 0, o2 = 0, o3 = 0, t0 = 0, t1 = 0, t2 = 0,
                 t3 = 0;
        for (j = 0; j < w->nreq; j++) {
            int c = w->req[j];
            const uint64_t *a = w->sup[w->mm[0][c]], *b = w->dis[w->mm[1][c]];
            uint64_t v0 = u0 & a[0] & b[0],
                     v1 = nw > 1 ? u1 & a[1] & b[1] : 0,
                     v2 = nw > 1 ? u2 & a[2] & b[2] : 0,
                     v3 = nw > 1 ? u3 & a[3] & b[3] : 0, x01 = v0 | v1,
                     x23 = v2 | v3, x = x01 | x23, multi, key;
            t0 |= o0 & v0;
            t1 |= o1 & v1;
            t2 |= o2 & v2;
            t3 |= o3 & v3;
            o0 |= v0;
            o1 |= v1;
            o2 |= v2;
            o3 |= v3;
            if (!x) return 0;
            /* more than one candidate: two bits in the OR of the words,
             * or one bit in two words */
            multi = (x & (x - 1)) | (v0 & v1) | (v2 & v3) | (x01 & x23);
            /* order keys are below 2^27; bit 62: more than one candidate */
            key = w->reqkey[j] | (uint64_t)(multi != 0) << 62;
            bkey = key < bkey ? key : bkey;
        }
        once[0] = o0, once[1] = o1, once[2] = o2, once[3] = o3;
        twice[0] = t0, twice[1] = t1, twice[2] = t2, twice[3] = t3;
    }
    if (w->nreq == 0) return 0;
    best = w->req[(uint32_t)bkey];
#if BS_SSE2
    if (nw == 4) { /* unused masks that fit no required cell, counted */
        const __m128i *u = (const __m128i *)w->unused,
                      *o = (const __m128i *)once;
        nz = bs_count256(_mm_andnot_si128(_mm_loadu_si128(o), _mm_loadu_si128(u)),
                         _mm_andnot_si128(_mm_loadu_si128(o + 1),
                                          _mm_loadu_si128(u + 1)));
    } else
#endif
        for (k = 0; k < nw; k++) nz += bs_count(w->unused[k] & ~once[k]);
    for (k = 0; k < nw; k++) {
        once[k] &= ~twice[k]; /* masks that fit one required cell only */
        bv[k] = w->unused[k] & w->sup[w->mm[0][best]][k] &
                w->dis[w->mm[1][best]][k];
    }
    if (nz > w->U - w->nreq) return 0;
    f->cell = best;
    bs_save(w, f);
    if (!(bkey >> 62)) { /* a single candidate: its draw, no order */
        int m;
        if (nw == 1) {
            m = mg__ctz64(bv[0]);
        } else { /* its word, without branches */
            int hi = (bv[0] | bv[1]) == 0, odd;
            uint64_t lo = hi ? bv[2] : bv[0], up = hi ? bv[3] : bv[1];
            odd = lo == 0;
            m = (hi * 2 + odd) * 64 + mg__ctz64(odd ? up : lo);
        }
        mg__rand_below(&w->rng, (uint32_t)w->par.noise);
        f->cand[0] = (uint8_t)m;
        f->ncand = 1;
        f->pos = 0;
        return 1;
    }
    bs_order(w, f, bv, once, nw);
    return 1;
}

/* One attempt from scratch with the current PRNG stream; 1 on success
 * (the group is the occupied cells). */
BS_INLINE int bs_attempt(bs_ws *w, const int nd, const int nw)
{
    int d = 0, i, tries = 0;
    long fails = 0;
    bs_frame *f;
    bs_undo(w, 0, nd);
    w->nreq = 0;
    w->E = 0;
    w->B = 0;
    w->U = w->ntiles;
    w->P = w->ndir << (w->ndir - 1);
    memset(w->unused, 0, sizeof w->unused);
    for (i = 1; i < w->nmask; i++) bs_unuse(w, i);
    bs_require(w, BS_CENTRE, nd);
    f = &w->st[0];
    f->cell = BS_CENTRE;
    bs_save(w, f);
    f->ncand = 1;
    f->pos = 0;
    f->cand[0] = (uint8_t)(w->nmask - 1); /* the full tile first */
    for (;;) {
        f = &w->st[d];
        bs_restore(w, f, nd);
        if (f->pos > 0) bs_unuse(w, f->cand[f->pos - 1]);
        if (f->pos >= f->ncand) { /* level exhausted: back up */
            if (d == 0) return 0;
            d--;
            fails++;
            continue;
        }
        if (fails > w->par.thrash) {
            int dj, k;
            uint64_t v[4];
            if (tries >= w->par.jumpm) {
                while (d > 0) bs_restore(w, &w->st[--d], nd); /* unwind */
                return 0;
            }
            tries++;
            fails = 0;
            dj = d < w->par.jumpd ? d - w->par.jumpb : w->par.jumpd;
            if (dj < 1) dj = 1;
            for (; d > dj; d--) { /* level by level: the placements */
                bs_frame *g = &w->st[d - 1];
                bs_restore(w, g, nd);
                bs_unuse(w, g->cand[g->pos - 1]);
            }
            f = &w->st[d];
            bs_restore(w, f, nd);
            for (k = 0; k < nw; k++)
                v[k] = w->unused[k] & w->sup[w->mm[0][f->cell]][k] &
                       w->dis[w->mm[1][f->cell]][k];
            bs_order(w, f, v, NULL, nw);
            continue;
        }
        f->placed = 1;
        if (!bs_place(w, f->cell, f->cand[f->pos++], nd)) {
            fails++;
            continue;
        }
        if (w->U == 0) return 1;
        if (!bs_next(w, &w->st[d + 1], nw)) {
            fails++;
            continue;
        }
        d++;
    }
}

static int bs_attempt8(bs_ws *w)
{
    return bs_attempt(w, 8, 4);
}

static int bs_attempt6(bs_ws *w)
{
    return bs_attempt(w, 6, 1);
}

/* Bit j of bs_lowbits[i] is bit i of j. */
static const uint64_t bs_lowbits[6] = {
    0xAAAAAAAAAAAAAAAAULL, 0xCCCCCCCCCCCCCCCCULL, 0xF0F0F0F0F0F0F0F0ULL,
    0xFF00FF00FF00FF00ULL, 0xFFFF0000FFFF0000ULL, 0xFFFFFFFF00000000ULL};

static void bs_init(bs_ws *w, int kind)
{
    static const int sq[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int hx[6][2] = {{1, 0},  {0, 1},  {-1, 1},
                                 {-1, 0}, {0, -1}, {1, -1}};
    uint64_t has[8][4];
    int i, k, m, s, x, y;
    if (kind == MG_BOARD_OCTOPUSZLE) {
        w->par = bs_octopuszle;
        w->ndir = 8;
        for (i = 0; i < 8; i++) w->off[i] = sq[i][0] + sq[i][1] * BS_W;
    } else {
        w->par = bs_labyrinth;
        w->ndir = 6;
        for (i = 0; i < 6; i++) w->off[i] = hx[i][0] + hx[i][1] * BS_W;
    }
    w->ringmul = (65536u + (uint32_t)w->par.ring - 1) / (uint32_t)w->par.ring;
    w->nmask = 1 << w->ndir;
    w->ntiles = w->nmask - 1;
    w->nw = (w->nmask + 63) / 64;
    for (i = 0; i < w->ndir; i++) w->opp[i] = (i + w->ndir / 2) % w->ndir;
    w->pc8[0] = 0;
    for (m = 1; m < 256; m++) w->pc8[m] = (uint8_t)(w->pc8[m >> 1] + (m & 1));
    /* sup[s] = sup[s minus its lowest bit] & has[that bit]; likewise dis.
     * has[i]: the masks with bit i, by words of 64 masks (bits 0-5 within
     * a word, 6 and 7 choose the word). */
    for (i = 0; i < w->ndir; i++)
        for (k = 0; k < 4; k++)
            has[i][k] = k * 64 >= w->nmask ? 0
                        : i < 6            ? bs_lowbits[i]
                        : (k >> (i - 6)) & 1 ? ~0ULL
                                             : 0;
    for (k = 0; k < 4; k++) {
        w->sup[0][k] = 0;
        for (m = 64 * k; m < 64 * k + 64 && m < w->nmask; m++)
            w->sup[0][k] |= 1ULL << (m & 63);
        w->dis[0][k] = w->sup[0][k];
    }
    for (s = 1; s < w->nmask; s++) {
        int low = mg__ctz64((uint64_t)s), rest = s & (s - 1);
        for (k = 0; k < 4; k++) {
            w->sup[s][k] = w->sup[rest][k] & has[low][k];
            w->dis[s][k] = w->dis[rest][k] & ~has[low][k];
        }
    }
    for (s = 0; s < 64; s++) {
        w->s6[s] = w->sup[s][0];
        w->d6[s] = w->dis[s][0];
    }
    memset(w->state, S_UNK, sizeof w->state);
    memset(w->mm, 0, sizeof w->mm);
    w->ntrail = 0;
    w->nreq = 0;
    /* the rim is forbidden for good: it lies below trail mark 0 */
    for (y = 0; y < BS_W; y++)
        for (x = 0; x < BS_W; x++) {
            int c = y * BS_W + x;
            if (x >= BS_RIM && y >= BS_RIM && x < BS_W - BS_RIM &&
                y < BS_W - BS_RIM) {
                x = BS_W - BS_RIM - 1; /* skip the inside of this row */
                continue;
            }
            w->state[c] = S_FORB;
            /* the inner layer of the rim tells its inner neighbours; the
             * rim's own mnot is never read (rim cells are never required) */
            if (x >= BS_RIM - 1 && y >= BS_RIM - 1 && x <= BS_W - BS_RIM &&
                y <= BS_W - BS_RIM)
                for (i = 0; i < w->ndir; i++)
                    w->mm[1][c + w->off[i]] |= (uint8_t)(1u << w->opp[i]);
        }
}

int mg__board_search(int kind, uint64_t seed, int32_t *x, int32_t *y)
{
    bs_ws *w;
    uint64_t stream;
    int i, n = 0;
    if (kind != MG_BOARD_OCTOPUSZLE && kind != MG_BOARD_LABYRINTH)
        return MG_EINVAL;
    if (!x || !y) return MG_EINVAL;
    w = (bs_ws *)malloc(sizeof *w);
    if (!w) return MG_ENOMEM;
    bs_init(w, kind);
    /* attempt j uses the j-th output of a splitmix64 stream on the seed */
    stream = seed ^ ((uint64_t)kind << 56);
    do
        w->rng = mg__splitmix64(&stream);
    while (!(w->ndir == 8 ? bs_attempt8(w) : bs_attempt6(w)));
    for (i = 0; i < BS_N; i += 8) { /* by y, then x; 8 cells at a time */
        uint64_t v, occ;
        int j;
        memcpy(&v, w->state + i, 8);
        v ^= 0x0101010101010101ULL * S_OCC; /* occupied: a zero byte */
        occ = (v - 0x0101010101010101ULL) & ~v & 0x8080808080808080ULL;
        if (!occ)
            continue;
        for (j = 0; j < 8; j++)
            if (w->state[i + j] == S_OCC) {
                x[n] = ((i + j) & (BS_W - 1)) - BS_W / 2;
                y[n] = ((i + j) >> BS_LOG) - BS_W / 2;
                n++;
            }
    }
    free(w);
    return MG_OK;
}
