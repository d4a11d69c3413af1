/*
 * chains_removal.c - the removals of Chains of Thought (rules §5.2), one
 * function per value of the removal option (removal=none removes
 * nothing), called by apply() once the action's stones and chains are in
 * place.  Only the opponent's stones are removed, so the mover's chains
 * (and their sizes) stay as they are throughout; the opponent's are
 * measured again after each removal step (the chains a removal touches
 * are rebuilt, chains_of_thought.h).
 */
#include "chains_of_thought.h"

/* Take the opponent's stones `gone` off together: their chains are
 * dissolved, the stones taken (hash, stone count, the undo record's
 * bits) and what is left of the chains rebuilt. */
CT_INLINE void remove_set(const cot *c, void *st, int opp,
                          const uint64_t *gone, uint64_t *removed,
                          const int W)
{
    chdr *h = st;
    uint64_t region[MAXW], left[MAXW], big = 0;
    const uint64_t *sg = cbits(c, st, B_SINGLE + opp, W);
    int i;
    for (i = 0; i < W; i++)
        big |= gone[i] & ~sg[i];
    if (!big) { /* chains of one only: no chain is left in pieces */
        BS_FOR(p, gone, W)
        {
            take(c, st, p, opp, W);
            single_removed(c, st, p, opp, W);
            h->hash ^= c->zstone[p][opp];
            assert(h->stones[opp] > 0);
            h->stones[opp]--;
        }
        for (i = 0; i < W; i++)
            removed[i] |= gone[i];
        fix_big(c, st, opp);
        return;
    }
    flood(c, gone, cbits(c, st, B_STONES + opp, W), region, W);
    dissolve(c, st, opp, region, W);
    BS_FOR(p, gone, W)
    {
        take(c, st, p, opp, W);
        h->hash ^= c->zstone[p][opp];
        assert(h->stones[opp] > 0);
        h->stones[opp]--;
    }
    for (i = 0; i < W; i++) {
        removed[i] |= gone[i];
        left[i] = region[i] & ~gone[i];
    }
    rebuild(c, st, opp, left, W);
    fix_big(c, st, opp);
    refresh(c, st, region, opp, W);
}

/* removal=adjacent (rules §5.2): rounds until none, each removing at once
 * every opponent stone next to a larger chain of the mover's: the
 * opponent's threatened stones, which the position keeps up to date. */
CT_INLINE void remove_adjacent(const cot *c, void *st, int me,
                               uint64_t *removed, const int W)
{
    const int opp = 1 - me;
    const uint64_t *th = cbits(c, st, B_THREAT + opp, W);
    for (;;) {
        uint64_t gone[MAXW];
        int i;
        for (i = 0; i < W; i++)
            gone[i] = th[i];
        if (!bs_any(gone, W))
            return;
        remove_set(c, st, opp, gone, removed, W);
    }
}

void mg__cot_remove_adjacent_1(const cot *c, void *st, int me,
                               uint64_t *removed)
{
    remove_adjacent(c, st, me, removed, 1);
}

void mg__cot_remove_adjacent_n(const cot *c, void *st, int me,
                               uint64_t *removed)
{
    remove_adjacent(c, st, me, removed, c->W);
}

/* ------------------------------------------------------- removal=ludii */

/* Ludii's secondary pass (rules §5.2 removal=ludii, step 2) on the
 * position as it stands: mark every opponent stone touching a stone of
 * the mover's whose chain is smaller than the sum of the mover's chains
 * touching it (the position keeps that sum), then remove the marked
 * stones together. */
static void secondary_pass(const cot *c, void *st, int me, uint64_t *removed)
{
    const int W = c->W, opp = 1 - me;
    const int16_t *sz = csizes(c, st);
    const uint32_t *val = cvals(c, st, me);
    const uint64_t *so = cbits(c, st, B_STONES + opp, W);
    uint64_t gone[MAXW] = {0}, any = 0;
    BS_FOR(p, so, W)
    {
        if (V_SUM(val[p]) > sz[p]) {
            gone[p >> 6] |= (uint64_t)1 << (p & 63);
            any = 1;
        }
    }
    if (any)
        remove_set(c, st, opp, gone, removed, W);
}

/* removal=ludii (rules §5.2), as Ludii's "ThenCaptures" runs it (.lud
 * lines 5-43): C is the mover's chain through `last`; R the opponent
 * stones touching C whose chains are smaller than |C|, sizes before any
 * removal, in ascending point order (Ludii's regions are bitsets).  For
 * each r of R: remove r if it is still there, then one secondary pass
 * (even when r was already gone).  Nothing at all when R is empty.  The
 * order of R can decide the outcome (a secondary pass sees the stones of
 * R not yet removed), so this mode keeps no symmetry but the identity
 * (cot_create sets g->ordered; check_chains_rules.c shows an example). */
void mg__cot_remove_ludii(const cot *c, void *st, int me, int last,
                          uint64_t *removed)
{
    const int W = c->W, opp = 1 - me;
    const int8_t *cell = ccells(st);
    const int16_t *rep = creps(c, st), *sz = csizes(c, st);
    const uint64_t *so = cbits(c, st, B_STONES + opp, W);
    const uint64_t *near = cbits(c, st, B_NEAR1 + me, W);
    int cl = rep[last];
    int32_t csize = sz[last], nr = 0, i;
    int16_t r[MAXP];
    uint64_t cand[MAXW];
    assert(cell[last] == me);
    for (i = 0; i < W; i++)
        cand[i] = so[i] & near[i];
    BS_FOR(p, cand, W)
    {
        int k;
        if (sz[p] >= csize)
            continue;
        for (k = 0; k < c->b.deg[p]; k++)
            if (rep[c->b.adj[p][k]] == cl) {
                r[nr++] = (int16_t)p;
                k = c->b.deg[p];
            }
    }
    for (i = 0; i < nr; i++) {
        if (cell[r[i]] == opp) {
            uint64_t one[MAXW];
            bs_zero(one, W);
            bs_set(one, r[i]);
            remove_set(c, st, opp, one, removed, W);
        }
        secondary_pass(c, st, me, removed);
    }
}
