/*
 * dots_and_boxes_features.c - the features of a Dots and Boxes position
 * for a learned evaluation (1.6; ops->features, doc/eval-format.md): what
 * the long-chain rule and the loony endgame theory read off a board
 * (Berlekamp, "The Dots and Boxes Game", 2000): the safe lines, the
 * chains and loops of open boxes with two undrawn sides, their counts and
 * the parities that decide control, and, in a simple loony endgame, its
 * exact value by the solver's evaluator (mg__dsv_controlled, Buzzard and
 * Ciere).  Every board of the game; nothing allocated.
 */
#include "dots_and_boxes_solver.h"

enum {
    F_LINES, F_OPEN, F_MARGIN, F_CAPTURABLE, F_SAFE, F_NO_SAFE,
    F_LONG, F_ONE, F_TWO, F_LOOPS, F_LONG_CELLS, F_LOOP_CELLS,
    F_PARITY_LB, F_PARITY_LONG, F_RULE, F_LOONY, F_LOONY_VALUE, F_FREE,
    N_FEATURES
};

#define MAX_CELLS 4096 /* more than any board of the options has */

int32_t mg__dab_num_features(const mg_game *g)
{
    (void)g;
    return N_FEATURES;
}

/* The undrawn sides of open cell c (closed cells: 0). */
static int undrawn(const dab *d, const unsigned char *sides, int32_t c)
{
    return d->cell_nsides[c] - sides[c];
}

/* From cell c, leaving it by undrawn line `from` (-1: by its first),
 * follow boxes with two undrawn sides; mark them in seen, count them in
 * *len.  Returns 1 when the walk comes back to `start` (a loop). */
static int walk(const dab *d, const unsigned char *drawn,
                const unsigned char *sides, int32_t start, int32_t from,
                uint64_t *seen, int32_t *len)
{
    int32_t c = start, prev = from;
    for (;;) {
        int32_t k, l = -1, next;
        for (k = 0; k < d->cell_nsides[c]; k++) {
            int32_t m = d->cell_lines[c * MAX_SIDES + k];
            if (!drawn[m] && m != prev) {
                l = m;
                break;
            }
        }
        assert(l >= 0);
        next = d->line_cells[2 * l] == c ? d->line_cells[2 * l + 1]
                                         : d->line_cells[2 * l];
        if (next == start)
            return 1;
        if (next < 0 || undrawn(d, sides, next) != 2 ||
            (seen[next >> 6] >> (next & 63) & 1))
            return 0;
        seen[next >> 6] |= (uint64_t)1 << (next & 63);
        ++*len;
        c = next;
        prev = l;
    }
}

void mg__dab_features(const mg_game *g, const void *st, int player,
                      float *f)
{
    const dab *d = D(g);
    const dab_state *s = st;
    const unsigned char *drawn = CDRAWN(d, st), *sides = CSIDES(d, st);
    const signed char *owner = COWNER(d, st);
    uint64_t seen[MAX_CELLS / 64];
    uint8_t chains[DSV_MAXC], loops[DSV_MAXC];
    int32_t c, l, open = 0, capt = 0, free_cells = 0, safe = 0;
    int32_t nlong = 0, n1 = 0, n2 = 0, nloop = 0, long_cells = 0;
    int32_t loop_cells = 0, nch = 0, nlp = 0, others = 0, fits = 1;
    int64_t small_loops = 0, i;
    float nc = (float)d->ncells;
    assert(d->ncells <= MAX_CELLS);
    memset(seen, 0, sizeof seen);
    memset(f, 0, N_FEATURES * sizeof *f);
    for (l = 0; l < d->nlines; l++) {
        int32_t c0 = d->line_cells[2 * l], c1 = d->line_cells[2 * l + 1];
        if (drawn[l])
            continue;
        if (undrawn(d, sides, c0) >= 3 &&
            (c1 < 0 || undrawn(d, sides, c1) >= 3))
            safe++;
    }
    for (c = 0; c < d->ncells; c++) {
        int u;
        if (owner[c] >= 0)
            continue;
        open++;
        u = undrawn(d, sides, c);
        if (u == 1)
            capt++;
        else if (u >= 3)
            free_cells++;
    }
    for (c = 0; c < d->ncells; c++) {
        int32_t len = 1;
        if (owner[c] >= 0 || undrawn(d, sides, c) != 2 ||
            (seen[c >> 6] >> (c & 63) & 1))
            continue;
        seen[c >> 6] |= (uint64_t)1 << (c & 63);
        if (walk(d, drawn, sides, c, -1, seen, &len)) {
            nloop++;
            loop_cells += len;
            if (nlp < DSV_MAXC && len <= 255)
                loops[nlp++] = (uint8_t)len;
            else
                fits = 0;
            continue;
        }
        {   /* the other way: the line the first walk did not leave by */
            int32_t k, first = -1, second = -1;
            for (k = 0; k < d->cell_nsides[c]; k++) {
                int32_t m = d->cell_lines[c * MAX_SIDES + k];
                if (!drawn[m]) {
                    if (first < 0)
                        first = m;
                    else
                        second = m;
                }
            }
            assert(second >= 0);
            (void)second;
            (void)walk(d, drawn, sides, c, first, seen, &len);
        }
        if (len >= 3) {
            nlong++;
            long_cells += len;
        } else if (len == 2)
            n2++;
        else
            n1++;
        if (nch < DSV_MAXC && len <= 255)
            chains[nch++] = (uint8_t)len;
        else
            fits = 0;
    }
    others = open - long_cells - loop_cells - 2 * n2 - n1;
    f[F_LINES] = (float)s->remaining / (float)d->nlines;
    f[F_OPEN] = (float)open / nc;
    f[F_MARGIN] = (float)(s->score[player] - s->score[1 - player]) / nc;
    f[F_CAPTURABLE] = (float)capt / nc;
    f[F_SAFE] = (float)safe / (float)d->nlines;
    f[F_NO_SAFE] = (float)(safe == 0);
    f[F_LONG] = (float)nlong;
    f[F_ONE] = (float)n1;
    f[F_TWO] = (float)n2;
    f[F_LOOPS] = (float)nloop;
    f[F_LONG_CELLS] = (float)long_cells / nc;
    f[F_LOOP_CELLS] = (float)loop_cells / nc;
    f[F_PARITY_LB] = (float)((s->remaining - open) & 1);
    f[F_PARITY_LONG] = (float)(nlong & 1);
    f[F_RULE] = (float)((s->remaining - open + nlong) & 1);
    f[F_FREE] = (float)free_cells / nc;
    /* A simple loony endgame: every open box has two undrawn sides (so
     * the chains run from the ground to the ground), normal play, and
     * the evaluator's memo holds it (its recursion stays small). */
    for (i = 0; i < nlp; i++)
        small_loops += loops[i] <= 3;
    if (!d->misere && open > 0 && others == 0 && capt == 0 &&
        free_cells == 0 && fits &&
        (int64_t)(n1 + 1) * (n2 + 1) * (nlong + 1) * (small_loops + 1) *
                (nlp - small_loops + 1) <= 4096) {
        f[F_LOONY] = 1.0f;
        f[F_LOONY_VALUE] =
            (float)-mg__dsv_controlled(chains, nch, loops, nlp) / nc;
    }
    (void)player;
}
