/*
 * china_features.c - the features of a China position for a learned
 * evaluation (1.6; ops->features, doc/eval-format.md): each side's
 * groups, which decide the result (rules §0's cascade of group sizes,
 * or the score): their number, the largest two and the stones, as
 * `player` sees them (own first).  Nothing allocated.
 */
#include "china.h"

#define N_FEATURES 8

int32_t mg__china_num_features(const mg_game *g)
{
    (void)g;
    return N_FEATURES;
}

void mg__china_features(const mg_game *g, const void *st, int player,
                        float *f)
{
    const cstate *s = st;
    float cells = (float)C(g)->n;
    int side;
    for (side = 0; side < 2; side++) {
        int32_t sizes[MAXC], n, i, first = 0, second = 0, stones = 0;
        n = mg__china_group_sizes(g, s, (player ^ side) ^ s->swapped, sizes);
        for (i = 0; i < n; i++) {
            stones += sizes[i];
            if (sizes[i] > first) {
                second = first;
                first = sizes[i];
            } else if (sizes[i] > second)
                second = sizes[i];
        }
        f[side] = (float)n / cells;          /* 0 own, 1 opponent's groups */
        f[2 + side] = (float)first / cells;  /* the largest group */
        f[4 + side] = (float)second / cells; /* the second largest */
        f[6 + side] = (float)stones / cells; /* the stones */
    }
}
