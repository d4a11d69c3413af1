/*
 * chains_of_thought.h - what the files of Chains of Thought (rules §5)
 * share; never installed: the game's data (cot), the layout of a position
 * (chdr, the arrays and bit sets after it), the inline primitives that
 * keep a position's chains up to date (stones put and taken, chains
 * dissolved and rebuilt), and the functions each file gives the others.
 *
 *   chains_of_thought.c  options, create, the op table, apply and undo
 *   chains_analysis.c    the legal actions, the chains for the pictures,
 *                        the check of a position against its stones
 *   chains_removal.c     the removals after an action
 *   chains_notation.c    action names and their parsing
 *   chains_render.c      the text and SVG pictures
 *   chains_position.c    the sites and observations (1.3)
 *   chains_boards.c      the ten boards (chains_boards.h)
 *   chains_policy.c      the priors of mcts(playout=policy) (since 1.6.1)
 *
 * Actions (rules §5.3; P points, D neighbour slots per point,
 * chains_boards.h):
 * PLACE(s) = s ("d4"), STEP(f, slot) = P + f * D + slot ("d4-e5"), where
 * the step goes to the neighbour in that slot.
 *
 * Speed.  A position keeps, besides its stones, everything the legal
 * actions and the removals are decided from, up to date after every
 * action: per seat the stones as a bit set of W = ceil(P / 64) words, the
 * points next to at least one and at least two of its stones (bit sets,
 * with the counts they come from), its single stones (chains of one), and
 * per point the chain through it (its representative, the chain's lowest
 * point, and its size), with per seat a histogram of the chain sizes and
 * the largest.  An action changes only the chains next to the points it
 * changes: those are dissolved (taken out of the histogram) and rebuilt
 * (flood fills over the neighbour bit sets, within the region they
 * covered), and so are the opponent's chains a removal touches.  Every
 * byte of it is a function of the stones (representatives are lowest
 * points), so undo rebuilds the same bytes and equal positions have equal
 * bytes.  The hot functions are written once over W and compiled twice,
 * for W = 1 (hex4, square6: one 64-bit word) and for any W (the inline
 * helpers below take W as a parameter that the one-word callers fix).
 */
#ifndef MG_CHAINS_OF_THOUGHT_H
#define MG_CHAINS_OF_THOUGHT_H

#include "chains_boards.h"

#include <string.h>

#define MAXP MG__COT_MAXP
#define MAXD MG__COT_MAXD
#define MAXW ((MAXP + 63) / 64) /* 6 words for square19 */

/* Helpers that must be inlined into each caller, so that W is a
 * constant in the one-word copies. */
#if defined(__GNUC__)
#  define CT_INLINE static inline __attribute__((always_inline))
#else
#  define CT_INLINE static inline
#endif

/* Values of the options goal, placement, movement and removal, in
 * option-table order. */
enum { GOAL_LARGEST, GOAL_STALEMATE };
enum { PLACE_SUM_EQUAL, PLACE_NOT_SELF_ADJACENT };
enum { MOVE_EXCEPT_LARGEST, MOVE_MUST_MERGE };
enum { REMOVE_ADJACENT, REMOVE_NONE, REMOVE_LUDII };

/* The game's immutable data (g->data). */
typedef struct cot {
    mg__cot_board b;
    int which; /* the board option */
    int goal, placement, movement, removal;
    int32_t P, D;
    int32_t W;           /* 64-bit words per bit set of points */
    uint64_t valid[MAXW]; /* the points 0 .. P-1 */
    size_t off_bits;     /* where the bit sets start in a position */
    size_t off_rep, off_sz, off_val, off_hist;
    uint64_t zstone[MAXP][2];
    uint64_t zside;
    /* nbm[p]: p's neighbours as a bit set; lconn[p]: bit m (m < 2^deg)
     * is 1 when the neighbours of p in the slots of m (adj order) are
     * connected through each other, without p. */
    uint64_t nbm[MAXP][MAXW];
    uint64_t lconn[MAXP][4];
    /* rslot[p][k]: the slot of p among the neighbours of adj[p][k];
     * lower[p][k]: the slots below k (adj order) whose points are next
     * to the point in slot k. */
    uint8_t rslot[MAXP][MAXD];
    uint8_t lower[MAXP][MAXD];
    /* toslot[t][j]: the slot (STEP's, nbr order) of t seen from its
     * neighbour adj[t][j]. */
    uint8_t toslot[MAXP][MAXD];
} cot;

/* The position (state_size bytes):
 *   chdr                     header (also the head of an undo record)
 *   int8   cell[P]           -1 empty, else the seat
 *   uint8  nmask[2][P]       per seat and point, which of the point's
 *                            neighbours (bits in adj order) hold its
 *                            stones
 *   (8-aligned) uint64 bits[14][W]: per seat (k = 2 * set + seat) its
 *                            stones (set 0), the points with >= 1 of its
 *                            stones next to them (1), >= 2 (2), its
 *                            single stones (3), the empty points where
 *                            it may place (4), the empty points next to
 *                            two of its chains or more, where its steps
 *                            may go (5), its stones next to a larger
 *                            enemy chain (6); bits past P are 0
 *   int16  rep[P]            the lowest point of p's chain, -1 empty
 *   int16  sz[P]             the size of p's chain, 0 empty
 *   uint32 val[2][P]         per seat and point (empty or not), the
 *                            seat's different chains next to the point:
 *                            their total size (bits 0-9), the largest
 *                            (10-19, 0: none) and how many (20-23)
 *   uint8  hist[2][P+1]      per seat, how many chains have each size
 * An undo record is the header followed by W words: the points whose
 * stones the action removed. */
typedef struct chdr {
    uint64_t hash;    /* stones, and the side key when seat 1 is to move */
    int8_t player;    /* to move; when over, the seat that could not */
    int8_t over;
    int8_t winner;    /* when over: 0, 1 or MG_DRAW */
    int8_t pad;
    int16_t stones[2];
    int16_t big[2];   /* per seat its largest chain, 0 when none */
    int16_t pad2[4];
} chdr;

#define HDR sizeof(chdr)

/* The largest position (square19), for a copy on the stack. */
#define MG__COT_STATE_MAX                                                    \
    (HDR + 8 + 3 * MAXP + 8 * B_SETS_MAX * MAXW + 12 * MAXP + 2 * MAXP + 16)
#define B_SETS_MAX 14

enum { B_STONES = 0, B_NEAR1 = 2, B_NEAR2 = 4, B_SINGLE = 6, B_PLACE = 8,
       B_TARGET = 10, B_THREAT = 12, B_SETS = 14 };

static inline const cot *C(const mg_game *g)
{
    return (const cot *)g->data;
}

static inline int8_t *cells(void *st)
{
    return (int8_t *)st + HDR;
}

static inline const int8_t *ccells(const void *st)
{
    return (const int8_t *)st + HDR;
}

/* Neighbour masks, seat 0's at [0, P), seat 1's at [P, 2P): bit k of
 * point q's is set when q's neighbour adj[q][k] holds a stone of the
 * seat. */
static inline uint8_t *nmasks(const cot *c, void *st)
{
    return (uint8_t *)st + HDR + c->P;
}

static inline const uint8_t *cnmasks(const cot *c, const void *st)
{
    return (const uint8_t *)st + HDR + c->P;
}

/* Bit set k (B_* + seat) of the position, W words. */
CT_INLINE uint64_t *bits(const cot *c, void *st, int k, const int W)
{
    return (uint64_t *)(void *)((unsigned char *)st + c->off_bits) + k * W;
}

CT_INLINE const uint64_t *cbits(const cot *c, const void *st, int k,
                                const int W)
{
    return (const uint64_t *)(const void *)((const unsigned char *)st +
                                            c->off_bits) +
           k * W;
}

static inline int16_t *reps(const cot *c, void *st)
{
    return (int16_t *)(void *)((unsigned char *)st + c->off_rep);
}

static inline const int16_t *creps(const cot *c, const void *st)
{
    return (const int16_t *)(const void *)((const unsigned char *)st +
                                           c->off_rep);
}

static inline int16_t *sizes(const cot *c, void *st)
{
    return (int16_t *)(void *)((unsigned char *)st + c->off_sz);
}

static inline const int16_t *csizes(const cot *c, const void *st)
{
    return (const int16_t *)(const void *)((const unsigned char *)st +
                                           c->off_sz);
}

/* Per seat P values (val[], above). */
#define V_SUM(v) ((int)((v) & 1023))
#define V_MAX(v) ((int)((v) >> 10 & 1023))
#define V_CNT(v) ((int)((v) >> 20))
#define V_MAKE(sum, mx, n)                                                   \
    ((uint32_t)(sum) | (uint32_t)(mx) << 10 | (uint32_t)(n) << 20)

static inline uint32_t *vals(const cot *c, void *st, int seat)
{
    return (uint32_t *)(void *)((unsigned char *)st + c->off_val) +
           seat * c->P;
}

static inline const uint32_t *cvals(const cot *c, const void *st, int seat)
{
    return (const uint32_t *)(const void *)((const unsigned char *)st +
                                            c->off_val) +
           seat * c->P;
}

/* Per seat P + 1 counters. */
static inline uint8_t *hists(const cot *c, void *st, int seat)
{
    return (uint8_t *)st + c->off_hist + (size_t)seat * (size_t)(c->P + 1);
}

static inline const uint8_t *chists(const cot *c, const void *st, int seat)
{
    return (const uint8_t *)st + c->off_hist +
           (size_t)seat * (size_t)(c->P + 1);
}

/* ------------------------------------------------------------ bit sets */

CT_INLINE int bs_has(const uint64_t *a, int p)
{
    return (int)(a[p >> 6] >> (p & 63) & 1);
}

CT_INLINE void bs_set(uint64_t *a, int p)
{
    a[p >> 6] |= (uint64_t)1 << (p & 63);
}

CT_INLINE void bs_clr(uint64_t *a, int p)
{
    a[p >> 6] &= ~((uint64_t)1 << (p & 63));
}

CT_INLINE void bs_zero(uint64_t *a, const int W)
{
    int i;
    for (i = 0; i < W; i++)
        a[i] = 0;
}

CT_INLINE int bs_any(const uint64_t *a, const int W)
{
    uint64_t x = 0;
    int i;
    for (i = 0; i < W; i++)
        x |= a[i];
    return x != 0;
}

CT_INLINE int bs_any_and(const uint64_t *a, const uint64_t *b, const int W)
{
    uint64_t x = 0;
    int i;
    for (i = 0; i < W; i++)
        x |= a[i] & b[i];
    return x != 0;
}

/* A population count that is inline whatever the target (the default
 * build has no popcnt instruction, and __builtin_popcountll is then a
 * library call). */
CT_INLINE int popcount(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

CT_INLINE int bs_count(const uint64_t *a, const int W)
{
    int i, n = 0;
    for (i = 0; i < W; i++)
        n += popcount(a[i]);
    return n;
}

/* The lowest point of a (not empty). */
CT_INLINE int bs_first(const uint64_t *a, const int W)
{
    int i;
    for (i = 0; i < W - 1 && !a[i]; i++)
        ;
    return 64 * i + mg__ctz64(a[i]);
}

/* Iterate the points of a bit set in ascending order: BS_FOR(p, set, W)
 * { ... }, p an int declared by the loop.  Each word is read when the
 * loop reaches it.  No `break` in the body (it would only end the word),
 * and no BS_FOR inside another in one function (the names would clash). */
#define BS_FOR(p, set, W)                                                    \
    for (int bs_i_ = 0, p = 0; bs_i_ < (W); bs_i_++)                         \
        for (uint64_t bs_x_ = (set)[bs_i_];                                  \
             bs_x_ && ((p = 64 * bs_i_ + mg__ctz64(bs_x_)), 1);             \
             bs_x_ &= bs_x_ - 1)

/* out = the points of `within` connected to `seed` through `within`
 * (seed within `within`); out may not alias the inputs. */
CT_INLINE void flood(const cot *c, const uint64_t *seed,
                     const uint64_t *within, uint64_t *out, const int W)
{
    uint64_t front[MAXW], next[MAXW];
    int i, any;
    for (i = 0; i < W; i++)
        out[i] = front[i] = seed[i];
    do {
        for (i = 0; i < W; i++)
            next[i] = 0;
        BS_FOR(p, front, W)
        {
            const uint64_t *nb = c->nbm[p];
            for (i = 0; i < W; i++)
                next[i] |= nb[i];
        }
        any = 0;
        for (i = 0; i < W; i++) {
            front[i] = next[i] & within[i] & ~out[i];
            out[i] |= front[i];
            any |= front[i] != 0;
        }
    } while (any);
}

/* ------------------------------------------------ stones and chains */

/* Put a stone of `seat` on the empty point p, or take `seat`'s stone
 * away from p: the cell, the stone bit, the neighbour masks and the bit
 * sets of points next to one and to two stones (the chains are the
 * callers' business). */
CT_INLINE void put(const cot *c, void *st, int p, int seat, const int W)
{
    int8_t *cell = cells(st);
    uint8_t *nm = nmasks(c, st) + seat * c->P;
    uint64_t *n1 = bits(c, st, B_NEAR1 + seat, W);
    uint64_t *n2 = bits(c, st, B_NEAR2 + seat, W);
    int k, d = c->b.deg[p];
    const int16_t *adj = c->b.adj[p];
    const uint8_t *rs = c->rslot[p];
    assert(p >= 0 && p < c->P && cell[p] < 0);
    cell[p] = (int8_t)seat;
    bs_set(bits(c, st, B_STONES + seat, W), p);
    for (k = 0; k < d; k++) {
        int q = adj[k];
        unsigned old = nm[q];
        nm[q] = (uint8_t)(old | 1u << rs[k]);
        if (!old)
            bs_set(n1, q);
        else if (!(old & (old - 1)))
            bs_set(n2, q);
    }
}

CT_INLINE void take(const cot *c, void *st, int p, int seat, const int W)
{
    int8_t *cell = cells(st);
    uint8_t *nm = nmasks(c, st) + seat * c->P;
    uint64_t *n1 = bits(c, st, B_NEAR1 + seat, W);
    uint64_t *n2 = bits(c, st, B_NEAR2 + seat, W);
    int k, d = c->b.deg[p];
    const int16_t *adj = c->b.adj[p];
    const uint8_t *rs = c->rslot[p];
    assert(p >= 0 && p < c->P && cell[p] == seat);
    cell[p] = -1;
    bs_clr(bits(c, st, B_STONES + seat, W), p);
    reps(c, st)[p] = -1;
    sizes(c, st)[p] = 0;
    for (k = 0; k < d; k++) {
        int q = adj[k];
        unsigned now = nm[q] & ~(1u << rs[k]);
        nm[q] = (uint8_t)now;
        if (!now)
            bs_clr(n1, q);
        else if (!(now & (now - 1)))
            bs_clr(n2, q);
    }
}

/* Take the chains of `seat` that make up `region` (whole chains) out of
 * the histogram and the single stones, before their stones change. */
CT_INLINE void dissolve(const cot *c, void *st, int seat,
                        const uint64_t *region, const int W)
{
    const int16_t *rep = creps(c, st), *sz = csizes(c, st);
    uint8_t *hist = hists(c, st, seat);
    uint64_t *single = bits(c, st, B_SINGLE + seat, W);
    int i;
    BS_FOR(p, region, W)
    {
        if (rep[p] == p) {
            assert(hist[sz[p]] > 0);
            hist[sz[p]]--;
        }
    }
    for (i = 0; i < W; i++)
        single[i] &= ~region[i];
}

/* Label the chains of `seat` that make up `region` (whole chains, after
 * the change): representative, size, histogram, single stones, largest.
 * The largest is only raised here; fix_big() lowers it. */
CT_INLINE void rebuild(const cot *c, void *st, int seat,
                       const uint64_t *region, const int W)
{
    int16_t *rep = reps(c, st), *sz = sizes(c, st);
    uint8_t *hist = hists(c, st, seat);
    uint64_t *single = bits(c, st, B_SINGLE + seat, W);
    chdr *h = st;
    uint64_t left[MAXW], one[MAXW], comp[MAXW];
    int i;
    for (i = 0; i < W; i++)
        left[i] = region[i];
    while (bs_any(left, W)) {
        int p = bs_first(left, W), n;
        bs_zero(one, W);
        bs_set(one, p);
        flood(c, one, left, comp, W);
        n = bs_count(comp, W);
        BS_FOR(q, comp, W)
        {
            rep[q] = (int16_t)p;
            sz[q] = (int16_t)n;
        }
        assert(hist[n] < 255);
        hist[n]++;
        if (n == 1)
            bs_set(single, p);
        if (n > h->big[seat])
            h->big[seat] = (int16_t)n;
        for (i = 0; i < W; i++)
            left[i] &= ~comp[i];
    }
}

/* rebuild() of a region known to be one chain (a placement's). */
CT_INLINE void rebuild_one(const cot *c, void *st, int seat,
                           const uint64_t *chain, const int W)
{
    int16_t *rep = reps(c, st), *sz = sizes(c, st);
    uint8_t *hist = hists(c, st, seat);
    chdr *h = st;
    int p = bs_first(chain, W), n = bs_count(chain, W);
    BS_FOR(q, chain, W)
    {
        rep[q] = (int16_t)p;
        sz[q] = (int16_t)n;
    }
    assert(hist[n] < 255);
    hist[n]++;
    if (n == 1)
        bs_set(bits(c, st, B_SINGLE + seat, W), p);
    if (n > h->big[seat])
        h->big[seat] = (int16_t)n;
}

/* After chains of `seat` were dissolved: its largest size again. */
CT_INLINE void fix_big(const cot *c, void *st, int seat)
{
    chdr *h = st;
    const uint8_t *hist = chists(c, st, seat);
    int b = h->big[seat];
    while (b > 0 && !hist[b])
        b--;
    h->big[seat] = (int16_t)b;
}

/* What a point's neighbours are, from the chains: per seat its
 * different chains next to p (how many, their total and largest size).
 * A neighbour next to a lower neighbour (adj order) of the same colour is
 * in its chain and is skipped; the others are told apart by their
 * representatives. */
CT_INLINE void refresh_values(const cot *c, void *st, int p, int seat)
{
    const int16_t *rep = creps(c, st), *sz = csizes(c, st);
    const int16_t *nb = c->b.adj[p];
    const uint8_t *low = c->lower[p];
    unsigned m = cnmasks(c, st)[seat * c->P + p], rest;
    int16_t seen[MAXD];
    int n = 0, sm = 0, mx = 0;
    for (rest = m; rest; rest &= rest - 1) {
        int k = mg__ctz64(rest), r, z, i;
        if (low[k] & m)
            continue;
        r = rep[nb[k]];
        for (i = 0; i < n && seen[i] != r; i++)
            ;
        if (i < n)
            continue;
        seen[n++] = (int16_t)r;
        z = sz[nb[k]];
        sm += z;
        if (z > mx)
            mx = z;
    }
    vals(c, st, seat)[p] = V_MAKE(sm, mx, n);
}

/* The bits of p that follow from the values: the placements, the step
 * targets (empty, next to two chains of the seat's or more) and the
 * threatened stones (next to a larger enemy chain). */
CT_INLINE void refresh_bits(const cot *c, void *st, int p, const int W)
{
    const int v = ccells(st)[p];
    const uint64_t bit = (uint64_t)1 << (p & 63);
    const uint32_t a = cvals(c, st, 0)[p], b = cvals(c, st, 1)[p];
    const int s0 = V_SUM(a), s1 = V_SUM(b), n0 = V_CNT(a), n1 = V_CNT(b);
    const int z = csizes(c, st)[p], e = v < 0;
    uint64_t *w = bits(c, st, 0, W) + (p >> 6);
    int p0, p1;
    if (c->placement == PLACE_SUM_EQUAL) {
        int none = (n0 | n1) == 0;
        p0 = e & (none | (1 + s0 == s1));
        p1 = e & (none | (1 + s1 == s0));
    } else {
        p0 = e & (n0 == 0) & (V_MAX(b) <= 1);
        p1 = e & (n1 == 0) & (V_MAX(a) <= 1);
    }
#define CT_PUT(k, cond)                                                      \
    (w[(k) * W] = (w[(k) * W] & ~bit) | (((uint64_t)0 - (uint64_t)(cond)) & bit))
    CT_PUT(B_PLACE, p0);
    CT_PUT(B_PLACE + 1, p1);
    CT_PUT(B_TARGET, e & (n0 >= 2));
    CT_PUT(B_TARGET + 1, e & (n1 >= 2));
    CT_PUT(B_THREAT, (v == 0) & (V_MAX(b) > z));
    CT_PUT(B_THREAT + 1, (v == 1) & (V_MAX(a) > z));
#undef CT_PUT
}

/* After the chains of `seat` in `region` (a union of old and new
 * chains, and the points that changed) changed: the values of `seat` and
 * the bits of the region and the points next to it (no other point's
 * neighbourhood changed). */
CT_INLINE void refresh(const cot *c, void *st, const uint64_t *region,
                       int seat, const int W)
{
    uint64_t d[MAXW];
    int i;
    for (i = 0; i < W; i++)
        d[i] = region[i];
    BS_FOR(p, region, W)
    {
        const uint64_t *nb = c->nbm[p];
        for (i = 0; i < W; i++)
            d[i] |= nb[i];
    }
    BS_FOR(q, d, W)
    {
        refresh_values(c, st, q, seat);
        refresh_bits(c, st, q, W);
    }
}

/* A stone of `seat` was put on s with none of its own next to it: a new
 * chain of one.  Labels it, and updates the values of the points next to
 * it (one more chain of size 1) without looking at their neighbours. */
CT_INLINE void single_added(const cot *c, void *st, int s, int seat,
                            const int W)
{
    uint32_t *val = vals(c, st, seat);
    uint8_t *hist = hists(c, st, seat);
    const int16_t *nb = c->b.adj[s];
    chdr *h = st;
    int k, d = c->b.deg[s];
    reps(c, st)[s] = (int16_t)s;
    sizes(c, st)[s] = 1;
    assert(hist[1] < 255);
    hist[1]++;
    bs_set(bits(c, st, B_SINGLE + seat, W), s);
    if (h->big[seat] < 1)
        h->big[seat] = 1;
    for (k = 0; k < d; k++) {
        int q = nb[k];
        uint32_t x = val[q];
        /* one more chain, of size 1, and the largest at least 1 */
        val[q] = x + V_MAKE(1, V_MAX(x) == 0, 1);
        refresh_bits(c, st, q, W);
    }
    refresh_bits(c, st, s, W);
}

/* The stone of `seat` on s, a chain of one, was taken (take() done): the
 * reverse, with the same shortcut (when the points next to it had chains
 * of one only, they still have, or none). */
CT_INLINE void single_removed(const cot *c, void *st, int s, int seat,
                              const int W)
{
    uint32_t *val = vals(c, st, seat);
    uint8_t *hist = hists(c, st, seat);
    const int16_t *nb = c->b.adj[s];
    int k, d = c->b.deg[s];
    assert(hist[1] > 0);
    hist[1]--;
    bs_clr(bits(c, st, B_SINGLE + seat, W), s);
    for (k = 0; k < d; k++) {
        int q = nb[k];
        uint32_t x = val[q] - V_MAKE(1, 0, 1);
        /* the largest was 1 and no chain is left: none */
        val[q] = x - V_MAKE(0, V_MAX(x) == 1 && V_CNT(x) == 0, 0);
        refresh_bits(c, st, q, W);
    }
    refresh_bits(c, st, s, W);
}

/* ------------------------------------------------ chains_analysis.c */

/* The chains of a position as a flat list, for the pictures (a flood
 * fill over the cells; not used by the rules). */
typedef struct scan {
    int16_t label[MAXP]; /* chain of each stone; -1 on empty points */
    int16_t size[MAXP];  /* by chain */
    int8_t owner[MAXP];  /* by chain */
    int16_t nch;         /* chains of both seats */
} scan;

MG_HIDDEN void mg__cot_label_chains(const cot *c, const int8_t *cell,
                                    scan *sc);
/* The chain sizes of `seat` into out (room for P); returns their number. */
MG_HIDDEN int32_t mg__cot_seat_sizes(const scan *sc, int seat,
                                     int32_t *out);
/* Everything a position keeps besides the header and the stones,
 * computed from the cells (init and the check below). */
MG_HIDDEN void mg__cot_derive(const cot *c, void *st);
/* For MG__ASSERT_SLOW: 1 when everything st keeps besides the stones is
 * what the stones give. */
MG_HIDDEN int mg__cot_consistent(const cot *c, const void *st);
/* Rule 2 (rules §5.2, movement=merge_except_largest): the representative
 * of the chain of `me`'s that may not step nor be stepped next to (its
 * unique largest, when larger than every opponent chain), else -1. */
MG_HIDDEN int mg__cot_frozen_chain(const cot *c, const void *st, int me);
/* Is PLACE s legal for `me` (s empty), by the placement option? */
MG_HIDDEN int mg__cot_place_ok(const cot *c, const void *st, int s, int me);
/* The legal actions of `me` ascending into buf (NULL: 1 when there is
 * one, else 0); W = 1 or any. */
MG_HIDDEN int32_t mg__cot_list_1(const cot *c, const void *st, int me,
                                 int32_t *buf);
MG_HIDDEN int32_t mg__cot_list_n(const cot *c, const void *st, int me,
                                 int32_t *buf);
/* A uniform draw among the legal actions of `me`, as the generic loop of
 * mg_state_playout draws: the k-th of the ascending list, k =
 * mg__rand_below(rng, their number); -1, and no draw, when there is none.
 * W = 1 or any. */
MG_HIDDEN int32_t mg__cot_pick_1(const cot *c, const void *st, int me,
                                 uint64_t *rng);
MG_HIDDEN int32_t mg__cot_pick_n(const cot *c, const void *st, int me,
                                 uint64_t *rng);
/* The ops legal and is_legal. */
/* ops->policy_priors (chains_policy.c): what the removals make of each
 * action, and the largest chains. */
MG_HIDDEN void mg__cot_policy_priors(const mg_game *g, const void *st,
                                     const int32_t *actions, int32_t n,
                                     int64_t *out);
MG_HIDDEN int32_t mg__cot_legal(const mg_game *g, const void *st,
                                int32_t *buf);
MG_HIDDEN int mg__cot_is_legal(const mg_game *g, const void *st, int32_t a);

/* ------------------------------------------------- chains_removal.c */

/* removal=adjacent (rules §5.2): after `me` acted, rounds of removals of
 * the opponent's stones next to a larger chain of `me`'s, until none;
 * updates everything the position keeps and marks the points in
 * `removed` (W words).  removal=ludii: Ludii's procedure, `last` being
 * the stone placed or the step's target.  _1: W = 1; _n: any W. */
MG_HIDDEN void mg__cot_remove_adjacent_1(const cot *c, void *st, int me,
                                         uint64_t *removed);
MG_HIDDEN void mg__cot_remove_adjacent_n(const cot *c, void *st, int me,
                                         uint64_t *removed);
MG_HIDDEN void mg__cot_remove_ludii(const cot *c, void *st, int me,
                                    int last, uint64_t *removed);

/* ------------------------------------------------ chains_notation.c */

/* The point's name (rules §0, §5.3: "d4", or "#12" on the trisquare
 * boards). */
MG_HIDDEN void mg__cot_point_name(const cot *c, int p, mg__sb *sb);
/* The ops action_name and action_parse. */
MG_HIDDEN void mg__cot_action_name(const mg_game *g, int32_t a, mg__sb *sb);
MG_HIDDEN int mg__cot_action_parse(const mg_game *g, const char *t, size_t n,
                                   int32_t *action, char *err,
                                   size_t errcap);

/* ------------------------------------------------ chains_position.c */

/* The observation planes (their names, NULL-terminated). */
#define MG__COT_PLANES 8
MG_HIDDEN extern const char *const mg__cot_planes[MG__COT_PLANES + 1];
/* The solver's hooks: win/draw/loss, the symmetry image. */
MG_HIDDEN extern const mg__solver_ops mg__cot_solver;
/* The position ops (internal.h): sites are the points. */
MG_HIDDEN int32_t mg__cot_num_sites(const mg_game *g);
MG_HIDDEN void mg__cot_site_info(const mg_game *g, int32_t site, int *kind,
                                 double *x, double *y);
MG_HIDDEN int mg__cot_site_neighbors(const mg_game *g, int32_t site,
                                     int32_t *nbrs);
MG_HIDDEN void mg__cot_site_name(const mg_game *g, int32_t site, mg__sb *sb);
MG_HIDDEN void mg__cot_action_sites(const mg_game *g, int32_t action,
                                    int32_t *from, int32_t *to);
MG_HIDDEN int mg__cot_site_owner(const mg_game *g, const void *st,
                                 int32_t site);
MG_HIDDEN void mg__cot_site_owners(const mg_game *g, const void *st,
                                   int8_t *buf);
MG_HIDDEN void mg__cot_observe(const mg_game *g, const void *st, int player,
                               float *buf);

/* -------------------------------------------------- chains_render.c */

/* The op render. */
MG_HIDDEN void mg__cot_render(const mg_game *g, const void *st, int format,
                              mg__sb *sb);

/* Why an action is refused, why the game ended (1.5; chains_explain.c; see
 * ops->illegal_reason and ops->end_reason in internal.h). */
MG_HIDDEN void mg__cot_illegal_reason(const mg_game *g, const void *st,
                                   int32_t action, mg__sb *sb);
MG_HIDDEN void mg__cot_end_reason(const mg_game *g, const void *st,
                               mg__sb *sb);

#endif
