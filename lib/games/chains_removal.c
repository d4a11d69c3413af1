/*
 * chains_removal.c - the removals of Chains of Thought (rules §5.2), one
 * function per value of the removal option (removal=none removes
 * nothing), called by apply() with the chains of the position after the
 * action.  Only the opponent's stones are removed, so the mover's chains
 * (and their sizes) stay as they are throughout; the opponent's are
 * measured again after each removal step.
 */
#include "chains_of_thought.h"

/* Take the opponent's stone off p: the counts, the hash, the stone count
 * and the undo record's bit. */
static void remove_stone(const cot *c, chdr *h, int8_t *cell, uint8_t *cnt,
                         int opp, int p, unsigned char *removed)
{
    take(c, cell, cnt, p, opp);
    h->hash ^= c->zstone[p][opp];
    removed[p >> 3] |= (unsigned char)(1u << (p & 7));
    assert(h->stones[opp] > 0);
    h->stones[opp]--;
}

/* removal=adjacent (rules §5.2): rounds until none, each removing at once
 * every opponent stone next to a larger chain of the mover's. */
void mg__cot_remove_adjacent(const cot *c, chdr *h, int8_t *cell,
                             uint8_t *cnt, int me, unsigned char *removed,
                             scan *sc)
{
    int opp = 1 - me;
    int16_t gone[MAXP];
    for (;;) {
        int32_t p, n = 0, i;
        for (p = 0; p < c->P; p++) {
            int k, own;
            if (cell[p] != opp)
                continue;
            own = sc->size[sc->label[p]];
            for (k = 0; k < c->b.deg[p]; k++) {
                int w = c->b.adj[p][k];
                if (cell[w] == me && sc->size[sc->label[w]] > own) {
                    gone[n++] = (int16_t)p;
                    break;
                }
            }
        }
        if (!n)
            return;
        for (i = 0; i < n; i++)
            remove_stone(c, h, cell, cnt, opp, gone[i], removed);
        mg__cot_label_chains(c, cell, sc);
    }
}

/* ------------------------------------------------------- removal=ludii */

/* The sum of the sizes of the different chains of `me` touching p. */
static int32_t mover_sum(const cot *c, const int8_t *cell, const scan *sc,
                         int me, int p)
{
    int16_t seen[MAXD];
    int k, i, n = 0;
    int32_t sum = 0;
    for (k = 0; k < c->b.deg[p]; k++) {
        int w = c->b.adj[p][k], l;
        if (cell[w] != me)
            continue;
        l = sc->label[w];
        for (i = 0; i < n && seen[i] != l; i++)
            ;
        if (i < n)
            continue;
        seen[n++] = (int16_t)l;
        sum += sc->size[l];
    }
    return sum;
}

/* Ludii's secondary pass (rules §5.2 removal=ludii, step 2) on the
 * position as it stands: mark every opponent stone touching a stone of
 * the mover's whose chain is smaller than the sum of the mover's chains
 * touching it, then remove the marked stones together.  Returns how many
 * (sc is then out of date). */
static int32_t secondary_pass(const cot *c, chdr *h, int8_t *cell,
                              uint8_t *cnt, int me, unsigned char *removed,
                              const scan *sc)
{
    const uint8_t *mine = cnt + me * c->P;
    int opp = 1 - me;
    int16_t gone[MAXP];
    int32_t p, n = 0, i;
    for (p = 0; p < c->P; p++)
        if (cell[p] == opp && mine[p] &&
            mover_sum(c, cell, sc, me, p) > sc->size[sc->label[p]])
            gone[n++] = (int16_t)p;
    for (i = 0; i < n; i++)
        remove_stone(c, h, cell, cnt, opp, gone[i], removed);
    return n;
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
void mg__cot_remove_ludii(const cot *c, chdr *h, int8_t *cell, uint8_t *cnt,
                          int me, int last, unsigned char *removed, scan *sc)
{
    const uint8_t *mine = cnt + me * c->P;
    int opp = 1 - me, cl = sc->label[last];
    int32_t csize = sc->size[cl], p, nr = 0, i;
    int16_t r[MAXP];
    assert(cell[last] == me);
    for (p = 0; p < c->P; p++) {
        int k;
        if (cell[p] != opp || !mine[p] || sc->size[sc->label[p]] >= csize)
            continue;
        for (k = 0; k < c->b.deg[p]; k++)
            if (sc->label[c->b.adj[p][k]] == cl) {
                r[nr++] = (int16_t)p;
                break;
            }
    }
    for (i = 0; i < nr; i++) {
        if (cell[r[i]] == opp) {
            remove_stone(c, h, cell, cnt, opp, r[i], removed);
            mg__cot_label_chains(c, cell, sc);
        }
        if (secondary_pass(c, h, cell, cnt, me, removed, sc))
            mg__cot_label_chains(c, cell, sc);
    }
}
