/*
 * chains_removal.c - the removals of Chains of Thought (rules §5.2), one
 * function per value of the removal option (removal=none removes
 * nothing), called by apply() with the chains of the position after the
 * action.
 */
#include "chains_of_thought.h"

/* Removals (rules §5.2): rounds until none; the mover's chains stay as
 * they are, so only the sizes of the opponent's change between rounds. */
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
        for (i = 0; i < n; i++) {
            p = gone[i];
            take(c, cell, cnt, (int)p, opp);
            h->hash ^= c->zstone[p][opp];
            removed[p >> 3] |= (unsigned char)(1u << (p & 7));
        }
        assert(h->stones[opp] >= n);
        h->stones[opp] = (int16_t)(h->stones[opp] - n);
        mg__cot_label_chains(c, cell, sc);
    }
}
