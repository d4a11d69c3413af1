/*
 * chains_analysis.c - what the chains of a Chains of Thought position
 * decide (rules §5.2): the legal placements and steps, read off the
 * chains the position keeps (chains_of_thought.h); the position's derived
 * data computed from its stones, and a check of it; the chains as a list
 * for the pictures.
 *
 * Placements come out of the bit sets: an empty point with no stone next
 * to it is legal, one with only the mover's stones next to it is not, one
 * next to a single enemy stone and nothing else is legal when that stone
 * is a chain of one; only points next to stones of both seats add up
 * chain sizes (1 + F = E).
 *
 * Steps f -> t: t must be empty with two of the mover's stones next to it
 * (f and another: rule 1), and not next to the frozen chain (rule 2).
 * Rule 3 compares the pieces f's chain falls into without f (k) with the
 * units t touches after the step (m: pieces and other chains): m > k.
 * Most stones need no search for their pieces: a single stone leaves
 * none, and a stone whose own neighbours are connected through each
 * other (a table per point, by the mask of its neighbour slots) leaves
 * one, the rest of its chain; only the others flood their chain without
 * them.  Rule 4 then compares 1 + the units' sizes with the enemy chains
 * next to t.
 */
#include "chains_of_thought.h"

/* ------------------------------------------------- chains, as a list */

/* Chains are numbered in the order of their lowest point. */
void mg__cot_label_chains(const cot *c, const int8_t *cell, scan *sc)
{
    int16_t stack[MAXP];
    int32_t p;
    sc->nch = 0;
    for (p = 0; p < c->P; p++)
        sc->label[p] = -1;
    for (p = 0; p < c->P; p++) {
        int colour = cell[p], sp = 0, n = 0, id;
        if (colour < 0 || sc->label[p] >= 0)
            continue;
        id = sc->nch++;
        sc->label[p] = (int16_t)id;
        stack[sp++] = (int16_t)p;
        while (sp) {
            int e = stack[--sp], k, d = c->b.deg[e];
            const int16_t *nb = c->b.adj[e];
            n++;
            for (k = 0; k < d; k++) {
                int q = nb[k];
                if (cell[q] == colour && sc->label[q] < 0) {
                    sc->label[q] = (int16_t)id;
                    stack[sp++] = (int16_t)q;
                }
            }
        }
        sc->size[id] = (int16_t)n;
        sc->owner[id] = (int8_t)colour;
    }
}

int32_t mg__cot_seat_sizes(const scan *sc, int seat, int32_t *out)
{
    int32_t i, n = 0;
    for (i = 0; i < sc->nch; i++)
        if (sc->owner[i] == seat)
            out[n++] = sc->size[i];
    return n;
}

/* ------------------------------------------ the derived data, checked */

void mg__cot_derive(const cot *c, void *st)
{
    chdr *h = st;
    int8_t *cell = cells(st);
    int8_t keep[MAXP];
    int32_t p;
    int seat, W = c->W;
    size_t end = c->off_hist + 2 * (size_t)(c->P + 1);
    memcpy(keep, cell, (size_t)c->P);
    memset(cell, -1, (size_t)c->P);
    memset(nmasks(c, st), 0, end - (HDR + (size_t)c->P));
    for (p = 0; p < c->P; p++)
        reps(c, st)[p] = -1;
    h->big[0] = h->big[1] = 0;
    for (p = 0; p < c->P; p++)
        if (keep[p] >= 0)
            put(c, st, (int)p, keep[p], W);
    for (seat = 0; seat < 2; seat++) {
        uint64_t all[MAXW];
        memcpy(all, cbits(c, st, B_STONES + seat, W), 8 * (size_t)W);
        rebuild(c, st, seat, all, W);
    }
    for (p = 0; p < c->P; p++) {
        refresh_values(c, st, (int)p, 0);
        refresh_values(c, st, (int)p, 1);
        refresh_bits(c, st, (int)p, W);
    }
}

int mg__cot_consistent(const cot *c, const void *st)
{
    uint64_t buf[MG__COT_STATE_MAX / 8 + 1];
    const chdr *h = st;
    const int8_t *cell = ccells(st);
    uint64_t hash = h->player ? c->zside : 0;
    int32_t p, stones[2] = {0, 0};
    size_t size = c->off_hist + 2 * (size_t)(c->P + 1);
    if (size > sizeof buf)
        return 0;
    for (p = 0; p < c->P; p++)
        if (cell[p] >= 0) {
            stones[cell[p]]++;
            hash ^= c->zstone[p][cell[p]];
        }
    if (stones[0] != h->stones[0] || stones[1] != h->stones[1] ||
        hash != h->hash)
        return 0;
    memcpy(buf, st, size);
    mg__cot_derive(c, buf);
    return memcmp(buf, st, size) == 0;
}

/* --------------------------------------------------------- the rules */

/* The point of `seat`'s with a chain of `size`, the first (one exists). */
CT_INLINE int find_size(const cot *c, const void *st, int seat, int size,
                        const int W)
{
    const uint64_t *s = cbits(c, st, B_STONES + seat, W);
    const int16_t *sz = csizes(c, st);
    int i;
    for (i = 0; i < W; i++) {
        uint64_t x;
        for (x = s[i]; x; x &= x - 1) {
            int p = 64 * i + mg__ctz64(x);
            if (sz[p] == size)
                return p;
        }
    }
    assert(0);
    return -1;
}

CT_INLINE int frozen_rep(const cot *c, const void *st, int me, const int W)
{
    const chdr *h = st;
    int b = h->big[me];
    if (c->movement != MOVE_EXCEPT_LARGEST || b <= h->big[1 - me] ||
        chists(c, st, me)[b] != 1)
        return -1;
    return creps(c, st)[find_size(c, st, me, b, W)];
}

int mg__cot_frozen_chain(const cot *c, const void *st, int me)
{
    return frozen_rep(c, st, me, c->W);
}

int mg__cot_place_ok(const cot *c, const void *st, int s, int me)
{
    assert(ccells(st)[s] < 0);
    return bs_has(cbits(c, st, B_PLACE + me, c->W), s);
}

/* The pieces of f's chain without f: none for a single stone; with
 * `local` set, one, the rest of the chain (f's own neighbours are
 * connected through each other); else as flooded, at most one per own
 * neighbour of f. */
typedef struct pieces {
    int k;       /* their number */
    int local;   /* 1: the rest of the chain, size[0] */
    int16_t size[MAXD];
    uint64_t set[MAXD][MAXW];
} pieces;

CT_INLINE void pieces_of(const cot *c, const void *st, int f, int me,
                         pieces *pc, const int W)
{
    const int16_t *sz = csizes(c, st);
    const int16_t *nb = c->b.adj[f];
    unsigned om = cnmasks(c, st)[me * c->P + f];
    int k, d = c->b.deg[f];
    uint64_t one[MAXW] = {0}, chain[MAXW];
    if (sz[f] == 1) {
        pc->k = 0;
        pc->local = 0;
        return;
    }
    if (c->lconn[f][om >> 6] >> (om & 63) & 1) {
        pc->k = 1;
        pc->local = 1;
        pc->size[0] = (int16_t)(sz[f] - 1);
        return;
    }
    pc->k = 0;
    pc->local = 0;
    bs_zero(one, W);
    bs_set(one, f);
    flood(c, one, cbits(c, st, B_STONES + me, W), chain, W);
    bs_clr(chain, f);
    for (k = 0; k < d; k++) {
        int w = nb[k], i;
        if (!(om >> k & 1))
            continue;
        for (i = 0; i < pc->k && !bs_has(pc->set[i], w); i++)
            ;
        if (i < pc->k)
            continue;
        bs_zero(one, W);
        bs_set(one, w);
        flood(c, one, chain, pc->set[pc->k], W);
        pc->size[pc->k] = (int16_t)bs_count(pc->set[pc->k], W);
        pc->k++;
    }
}

/* Is STEP f -> t legal (t an empty neighbour of f), rules §5.2 (1)-(4)?
 * zrep is rule 2's chain or -1.  The units next to t after the step are
 * the unchanged chains other than f's and the pieces of f's chain; (3)
 * holds iff they outnumber the pieces, which also gives (1). */
CT_INLINE int step_ok(const cot *c, const void *st, int f, int t, int me,
                      int zrep, const pieces *pc)
{
    const int8_t *cell = ccells(st);
    const int16_t *rep = creps(c, st), *sz = csizes(c, st);
    const int16_t *nb = c->b.adj[t];
    int32_t key[MAXD], total = 1;
    int k, i, m = 0, d = c->b.deg[t], fr = rep[f];
    for (k = 0; k < d; k++) {
        int w = nb[k], r;
        int32_t kk, size;
        if (w == f || cell[w] != me)
            continue;
        r = rep[w];
        if (r == zrep)
            return 0;
        if (r != fr) {
            kk = r;
            size = sz[w];
        } else if (pc->local || pc->k == 1) {
            kk = MAXP;
            size = pc->size[0];
        } else {
            for (i = 0; i < pc->k - 1 && !bs_has(pc->set[i], w); i++)
                ;
            kk = MAXP + i;
            size = pc->size[i];
        }
        for (i = 0; i < m && key[i] != kk; i++)
            ;
        if (i == m) {
            key[m++] = kk;
            total += size;
        }
    }
    if (m <= pc->k)
        return 0;
    for (k = 0; k < d; k++) {
        int w = nb[k];
        if (cell[w] == 1 - me && sz[w] > total)
            return 0;
    }
    return 1;
}

/* How many of the mover's stones next to t are in the chain r. */
CT_INLINE int count_in(const cot *c, const void *st, int t, int me, int r)
{
    const int16_t *rep = creps(c, st), *nb = c->b.adj[t];
    unsigned m = cnmasks(c, st)[me * c->P + t];
    int n = 0;
    for (; m; m &= m - 1)
        n += rep[nb[mg__ctz64(m)]] == r;
    return n;
}

/* STEP f -> t, t a step target of the mover's (empty, next to two of its
 * chains at least: rule 1, and a necessary condition of rule 3, since t
 * must touch a chain other than f's) not next to the frozen chain, f not
 * in it.  A single stone leaves no piece: legal when no enemy chain next
 * to t is larger than 1 + the other chains (rule 4).  A stone whose
 * chain stays whole without it (`local`) leaves one piece, which t joins
 * when it touches another stone of the chain.  The others: step_ok(). */
CT_INLINE int step_legal(const cot *c, const void *st, int f, int t, int me,
                         int zrep, const int W)
{
    const int16_t *rep = creps(c, st), *sz = csizes(c, st);
    uint32_t vm = cvals(c, st, me)[t];
    int fs = sz[f], total, same, n = V_CNT(vm);
    int big = V_MAX(cvals(c, st, 1 - me)[t]);
    int other = V_SUM(vm) - fs; /* the other chains' size */
    unsigned om;
    pieces pc;
    if (fs == 1)
        return big <= 1 + other;
    om = cnmasks(c, st)[me * c->P + f];
    if (!(c->lconn[f][om >> 6] >> (om & 63) & 1)) {
        pieces_of(c, st, f, me, &pc, W);
        return step_ok(c, st, f, t, me, zrep, &pc);
    }
    same = count_in(c, st, t, me, rep[f]) >= 2;
    total = 1 + other + same * (fs - 1);
    return n - 1 + same >= 2 && big <= total;
}

/* The steps of `me`: to the step targets, less those next to the frozen
 * chain, from the mover's stones next to them (none of the frozen chain:
 * a stone of it is next to its targets), collected target by target into
 * acts, a bit set of step ids (zeroed here), which then reads them in
 * ascending order; their number.  acts NULL: 1 at the first legal step,
 * else 0. */
CT_INLINE int32_t step_scan(const cot *c, const void *st, int me,
                            uint64_t *acts, const int W)
{
    const uint64_t *tg = cbits(c, st, B_TARGET + me, W);
    const uint8_t *nm = cnmasks(c, st) + me * c->P;
    int32_t n = 0;
    int i, zrep = frozen_rep(c, st, me, W), nw = (c->P * c->D + 63) / 64;
    if (acts)
        for (i = 0; i < nw; i++)
            acts[i] = 0;
    BS_FOR(t, tg, W)
    {
        const int16_t *nb = c->b.adj[t];
        unsigned m;
        if (zrep >= 0 && count_in(c, st, t, me, zrep))
            continue;
        for (m = nm[t]; m; m &= m - 1) {
            int j = mg__ctz64(m), f = nb[j], id;
            if (!step_legal(c, st, f, t, me, zrep, W))
                continue;
            if (!acts)
                return 1;
            id = f * c->D + c->toslot[t][j];
            acts[id >> 6] |= (uint64_t)1 << (id & 63);
            n++;
        }
    }
    return n;
}

/* Are any of the W words of v set? */
CT_INLINE int any_of(const uint64_t *v, const int W)
{
    uint64_t any = 0;
    int i;
    for (i = 0; i < W; i++)
        any |= v[i];
    return any != 0;
}

/* The legal actions ascending: the placements (kept in the position),
 * then the steps. */
CT_INLINE int32_t list_actions(const cot *c, const void *st, int me,
                               int32_t *buf, const int W)
{
    const uint64_t *pl = cbits(c, st, B_PLACE + me, W);
    const uint64_t *tg = cbits(c, st, B_TARGET + me, W);
    uint64_t acts[(MAXP * MAXD + 63) / 64];
    int32_t n = 0;
    int i, nw = (c->P * c->D + 63) / 64;
    if (!buf)
        return any_of(pl, W) || (any_of(tg, W) && step_scan(c, st, me, NULL, W));
    for (i = 0; i < W; i++) {
        uint64_t y;
        for (y = pl[i]; y; y &= y - 1)
            buf[n++] = 64 * i + mg__ctz64(y);
    }
    if (!any_of(tg, W) || !step_scan(c, st, me, acts, W))
        return n;
    for (i = 0; i < nw; i++) {
        uint64_t y;
        for (y = acts[i]; y; y &= y - 1)
            buf[n++] = c->P + 64 * i + mg__ctz64(y);
    }
    return n;
}

int32_t mg__cot_list_1(const cot *c, const void *st, int me, int32_t *buf)
{
    return list_actions(c, st, me, buf, 1);
}

int32_t mg__cot_list_n(const cot *c, const void *st, int me, int32_t *buf)
{
    return list_actions(c, st, me, buf, c->W);
}

/* Bit k (counted from 0) of those set in v. */
CT_INLINE int select_bit(const uint64_t *v, int32_t k)
{
    int i = 0, b;
    uint64_t x;
    while (k >= (b = mg__popcount64(v[i]))) {
        k -= b;
        i++;
    }
    for (x = v[i]; k > 0; k--)
        x &= x - 1;
    return 64 * i + mg__ctz64(x);
}

/* The generic loop's draw without the list: the k-th legal action of the
 * ascending list, k = mg__rand_below(rng, n) over their number n; -1 (and
 * no draw) when there is none. */
CT_INLINE int32_t pick_action(const cot *c, const void *st, int me,
                              uint64_t *rng, const int W)
{
    const uint64_t *pl = cbits(c, st, B_PLACE + me, W);
    const uint64_t *tg = cbits(c, st, B_TARGET + me, W);
    uint64_t acts[(MAXP * MAXD + 63) / 64];
    int32_t npl = 0, nst = 0, k;
    int i;
    for (i = 0; i < W; i++)
        npl += mg__popcount64(pl[i]);
    if (any_of(tg, W))
        nst = step_scan(c, st, me, acts, W);
    if (npl + nst == 0)
        return -1;
    k = (int32_t)mg__rand_below(rng, (uint32_t)(npl + nst));
    return k < npl ? select_bit(pl, k) : c->P + select_bit(acts, k - npl);
}

int32_t mg__cot_pick_1(const cot *c, const void *st, int me, uint64_t *rng)
{
    return pick_action(c, st, me, rng, 1);
}

int32_t mg__cot_pick_n(const cot *c, const void *st, int me, uint64_t *rng)
{
    return pick_action(c, st, me, rng, c->W);
}

int32_t mg__cot_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const cot *c = C(g);
    const chdr *h = st;
    if (h->over)
        return 0;
    return c->W == 1 ? mg__cot_list_1(c, st, h->player, buf)
                     : mg__cot_list_n(c, st, h->player, buf);
}

int mg__cot_is_legal(const mg_game *g, const void *st, int32_t a)
{
    const cot *c = C(g);
    const chdr *h = st;
    const int8_t *cell = ccells(st);
    int me = h->player, W = c->W;
    if (h->over)
        return 0;
    if (a < c->P) {
        return cell[a] < 0 && mg__cot_place_ok(c, st, (int)a, me);
    } else {
        int f = (int)((a - c->P) / c->D), slot = (int)((a - c->P) % c->D);
        int t = c->b.nbr[f][slot], zrep;
        if (cell[f] != me || t < 0 || cell[t] >= 0 ||
            !bs_has(cbits(c, st, B_TARGET + me, W), t))
            return 0;
        zrep = frozen_rep(c, st, me, W);
        if (zrep >= 0 &&
            (creps(c, st)[f] == zrep || count_in(c, st, t, me, zrep)))
            return 0;
        return step_legal(c, st, f, t, me, zrep, W);
    }
}
