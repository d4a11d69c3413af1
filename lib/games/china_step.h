/*
 * china_step.h - the inline steps the rules (china.c: legal, apply) and
 * the playouts (china_playout.c) share: cell sets read by rank, the cells
 * open to a turn's next stone, and one action applied.  Never installed.
 */
#ifndef MG_CHINA_STEP_H
#define MG_CHINA_STEP_H

#include "china.h"

/* ------------------------------------------------------------ cell sets */

/* Byte prefix counts of x: byte i of the result counts the set bits of
 * bytes 0 .. i of x (so the top byte is the count of x). */
static inline uint64_t byte_prefix(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return x * 0x0101010101010101ULL;
}

/* The r-th (0-based) set bit of x (r below its count), p = byte_prefix(x):
 * the first byte whose prefix count passes r, then the byte's table. */
static inline int32_t select_word(const china *c, uint64_t x, uint64_t p,
                                  uint32_t r)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = ones << 7;
    uint64_t t = ((p | highs) - (uint64_t)(r + 1) * ones) & highs;
    int32_t b = mg__ctz64(t) >> 3;
    uint32_t before = (uint32_t)(((p << 8) >> (8 * b)) & 0xFF);
    return 8 * b + c->sel8[(x >> (8 * b)) & 0xFF][r - before];
}

/* The r-th (0-based) cell of set m in index order (r below its count). */
static inline int32_t select_cell(const china *c, const uint64_t *m,
                                  uint32_t r)
{
    int w;
    for (w = 0;; w++) {
        uint64_t p = byte_prefix(m[w]);
        uint32_t count = (uint32_t)(p >> 56);
        if (r < count)
            return 64 * w + select_word(c, m[w], p, r);
        r -= count;
    }
}

/* ---------------------------------------------------------------- turns */

/* apply_action is the playout's inner step: GCC would keep it a call. */
#if defined(__GNUC__)
#define CHINA_INLINE static inline __attribute__((always_inline))
#else
#define CHINA_INLINE static inline
#endif

/* Set bits of a small class's vacancy mask (16 bits). */
static inline int32_t count16(const china *c, uint32_t m)
{
    return c->pc8[m & 0xFF] + c->pc8[m >> 8];
}

/* The r-th (0-based) set bit of 16-bit m (r below its count). */
static inline int32_t select16(const china *c, uint32_t m, uint32_t r)
{
    uint32_t lo = m & 0xFF, n = c->pc8[lo];
    return r < n ? c->sel8[lo][r] : 8 + c->sel8[m >> 8][r - n];
}

/* Of `avail` cells open to the turn's next stone, how many, lowest first,
 * are legal: with order=ascending and a mandatory turn the highest are
 * kept for the rest of the quota (cell_legal: a cell is legal when enough
 * vacant cells of its class lie above it, true of all but the top
 * `need`). */
static inline int32_t next_legal(const china *c, const cstate *s,
                                 int32_t avail)
{
    int32_t need;
    if (!c->ascending || may_stop(c, s))
        return avail;
    need = s->quota - s->placed - 1;
    if (need > 0)
        avail -= need;
    return avail > 0 ? avail : 0;
}

/* The cells open to the turn's next stone (placed > 0): the vacant cells
 * of the turn's class, above the last stone with order=ascending, as
 * places in the class's list (small classes, kvac) into *m; returns how
 * many of them, lowest first, are legal. */
static inline int32_t next_small(const china *c, const cstate *s,
                                 uint32_t *m)
{
    uint32_t v = s->kvac[s->klass];
    if (!c->ascending) {
        *m = v;
        return s->vacant[s->klass];
    }
    v &= ~((2U << c->kpos[s->last]) - 1);
    *m = v;
    return next_legal(c, s, count16(c, v));
}

/* The same as a cell set (any classes). */
static inline int32_t next_cells(const china *c, const cstate *s, uint64_t *m)
{
    int32_t k = s->klass, n = 0;
    int w;
    for (w = 0; w < CW; w++)
        m[w] = s->vac[w] & c->kbits[k][w];
    if (!c->ascending)
        return s->vacant[k];
    for (w = 0; w < c->nw; w++) {
        m[w] &= above_mask(w, s->last);
        n += bits_count(m[w]);
    }
    return next_legal(c, s, n);
}

/* order=ascending, a mandatory turn's first stone in class k: the class's
 * first vacant cells, leaving room above for the rest of the quota, into
 * ok (a set of CW words); returns their number (cell_legal with placed =
 * 0).  They are the class's vacant cells up to its allowed-th (the
 * classes list their cells ascending). */
static inline int32_t class_first(const china *c, const cstate *s, int32_t k,
                                  uint64_t *ok)
{
    int32_t v = s->vacant[k], q, allowed, cut;
    int w;
    for (w = 0; w < CW; w++)
        ok[w] = 0;
    if (v == 0)
        return 0;
    q = c->base - c->beams[c->kcells[c->kstart[k]]];
    allowed = v - (q < v ? q : v) + 1;
    if (c->small) {
        cut = c->kcells[c->kstart[k] +
                        select16(c, s->kvac[k], (uint32_t)allowed - 1)];
    } else {
        uint64_t m[CW];
        for (w = 0; w < CW; w++)
            m[w] = s->vac[w] & c->kbits[k][w];
        cut = select_cell(c, m, (uint32_t)allowed - 1);
    }
    for (w = 0; w < cut >> 6; w++)
        ok[w] = s->vac[w] & c->kbits[k][w];
    ok[w] = s->vac[w] & c->kbits[k][w] & (~0ULL >> (63 - (cut & 63)));
    return allowed;
}

/* Is any placement left in this turn (after a stone)? */
static inline int turn_can_go_on(const china *c, const cstate *s)
{
    int32_t k = s->klass;
    int w;
    if (s->placed >= s->quota)
        return 0;
    if (!c->ascending)
        return s->vacant[k] > 0;
    if (c->small)
        return (s->kvac[k] >> c->kpos[s->last]) > 1;
    for (w = s->last >> 6; w < c->nw; w++)
        if (s->vac[w] & c->kbits[k][w] & above_mask(w, s->last))
            return 1;
    return 0;
}

static inline void end_turn(cstate *s)
{
    s->turn++;
    s->colour ^= 1;
    s->placed = 0;
    s->quota = s->klass = s->last = s->first = 0;
}

/* apply without the undo record.  The hash changes by the keys of what
 * changes (turn_keys before and after, hash_full).  full (a constant at
 * each call): 1 keeps the whole position, 0 (mg_state_playout_result's
 * copy, china_playout.c) leaves the hash, cell[] and `first` behind: only
 * what the playout and the scoring read changes (the hash's keys are then
 * dead loads the compiler drops). */
CHINA_INLINE void step_action(const china *c, cstate *s, int32_t a,
                              const int full)
{
    uint64_t h = s->hash, bit;
    int col = s->colour, t = s->turn < 2 ? s->turn : 2;
    int32_t k;
    if (a >= c->n) {
        if (a == c->swap_action) { /* the same colour moves, now seat 0 */
            s->swapped = 1;
            if (full)
                s->hash = h ^ c->zswapped;
            return;
        }
        h ^= c->zklass[s->klass] ^ c->zplaced[s->placed & 15]; /* done */
        if (c->ascending)
            h ^= c->zlast[s->last];
        end_turn(s);
        if (full)
            s->hash = h ^ c->zcolour[col] ^ c->zcolour[col ^ 1] ^
                      c->zturn[t] ^ c->zturn[s->turn < 2 ? s->turn : 2];
        return;
    }
    k = c->klass[a];
    bit = 1ULL << (a & 63);
    h ^= c->zstone[a][col];
    if (s->placed == 0) { /* the turn's first stone fixes its class */
        s->klass = (int16_t)k;
        if (full)
            s->first = (int16_t)a;
        s->quota = (int16_t)quota_of(c, s, a);
        h ^= c->zklass[k];
    } else {
        h ^= c->zplaced[s->placed & 15];
        if (c->ascending)
            h ^= c->zlast[s->last];
    }
    s->placed++;
    s->last = (int16_t)a;
    if (full)
        s->cell[a] = (int8_t)col;
    s->vac[a >> 6] &= ~bit;
    s->own[col][a >> 6] |= bit;
    if (c->small)
        s->kvac[k] &= (uint16_t)~(1U << c->kpos[a]);
    s->stones[col]++;
    s->vacant[k]--;
    s->vacant_total--;
    if (s->vacant_total == 0) { /* rules §1.3.5 / 2.3.4: a full board */
        s->colour = -1;
        h ^= c->zklass[k] ^ c->zcolour[col] ^ c->zturn[t] ^ c->zturn[2];
    } else if (!turn_can_go_on(c, s)) {
        end_turn(s);
        h ^= c->zklass[k] ^ c->zcolour[col] ^ c->zcolour[col ^ 1] ^
             c->zturn[t] ^ c->zturn[s->turn < 2 ? s->turn : 2];
    } else {
        h ^= c->zplaced[s->placed & 15];
        if (c->ascending)
            h ^= c->zlast[a];
    }
    if (full)
        s->hash = h;
}

static inline void apply_action(const china *c, cstate *s, int32_t a)
{
    step_action(c, s, a, 1);
}

#endif
