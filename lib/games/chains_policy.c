/*
 * chains_policy.c - the priors of Chains of Thought (rules §5.2;
 * ops->policy_priors, since 1.6.1), for mcts(playout=policy) and the
 * strong bot.  The game has no knowledge playout: its playouts stay
 * uniformly random.
 *
 * Each action is applied to a copy of the position and ranked by what
 * the removal rule (§5.2 Removal) makes of it: 4 per opponent stone it
 * removes; with removal=adjacent, -4 per stone of the mover's left next
 * to a larger opponent chain (the removal after any action of the
 * opponent's takes it); and the change of the two largest chains (the
 * goal, §5.2 End: +1 per stone the mover's grows, -1 per stone the
 * opponent's does); a decided game +-1000.  Nothing here allocates.
 */
#include "chains_of_thought.h"

#define WIN 1000

void mg__cot_policy_priors(const mg_game *g, const void *st,
                           const int32_t *actions, int32_t n, int64_t *out)
{
    const cot *c = C(g);
    const chdr *h0 = st;
    uint64_t w[(MG__COT_STATE_MAX + 7) / 8], rec[(HDR + 8 * MAXW + 7) / 8];
    const chdr *h = (const chdr *)(const void *)w;
    const int me = h0->player, opp = 1 - me;
    int32_t i;
    for (i = 0; i < n; i++) {
        int64_t v;
        memcpy(w, st, g->state_size);
        g->ops->apply(g, w, actions[i], rec);
        if (h->over) {
            v = h->winner == me ? WIN : h->winner == opp ? -WIN : 0;
        } else {
            v = 4 * (int64_t)(h0->stones[opp] - h->stones[opp]) +
                (h->big[me] - h0->big[me]) - (h->big[opp] - h0->big[opp]);
            if (c->removal == REMOVE_ADJACENT)
                v -= 4 * bs_count(cbits(c, w, B_THREAT + me, c->W), c->W);
        }
        out[i] = v;
    }
}
