/*
 * china_score.c - the scoring of the four China games (doc/rules.md
 * §1.3.6 and §0): the group count of a colour's stones on bit
 * sets, stones - P x groups (Squares, Grove), and the cascade of group
 * sizes (Octangle, Tangle).
 */
#include "china.h"

#if defined(__GNUC__)
#define CHINA_SCORE_INLINE static inline __attribute__((always_inline))
#else
#define CHINA_SCORE_INLINE static inline
#endif

/* The groups of cell set `set` (through the board's neighbours: 8 on the
 * Octopuszle, so diagonal cross-cuts connect; 6 on the hex board): their
 * number; their sizes, unsorted, into sizes unless it is NULL; each
 * cell's group (its index in sizes) into label unless it is NULL; the
 * number of groups of each size added into hist unless it is NULL (zero
 * at 1 .. the largest size), and the largest size into *top.  A flood
 * fill over bit sets held in registers, the frontier a set too (no stack,
 * no loop over a cell's neighbours): a frontier cell taken moves its
 * neighbours still left into the frontier, a word at a time; a group's
 * size counts the cells taken.  Inlined: each caller's NULLs drop their
 * parts. */
CHINA_SCORE_INLINE int32_t groups_of(const china *c, const uint64_t *set,
                                     int32_t *sizes, uint8_t *label,
                                     uint8_t *hist, int32_t *top)
{
    int32_t groups = 0, most = 0;
    if (c->nw == 1) { /* the Labyrinth: 63 cells */
        uint64_t left = set[0];
        while (left) {
            uint64_t front = left & (~left + 1), grown = front;
            int32_t size = 0;
            left &= left - 1;
            while (front) {
                uint64_t f = c->nbits[mg__ctz64(front)][0] & left;
                front &= front - 1;
                left &= ~f;
                front |= f;
                size++;
                if (label)
                    grown |= f;
            }
            if (sizes)
                sizes[groups] = size;
            if (hist) {
                hist[size]++;
                most = size > most ? size : most;
            }
            for (; label && grown; grown &= grown - 1)
                label[mg__ctz64(grown)] = (uint8_t)groups;
            groups++;
        }
    } else { /* the Octopuszle: 255 cells, four words */
        uint64_t l0 = set[0], l1 = set[1], l2 = set[2], l3 = set[3];
        while (l0 | l1 | l2 | l3) {
            uint64_t f0 = 0, f1 = 0, f2 = 0, f3 = 0, g0, g1, g2, g3;
            int32_t size;
            if (l0)
                f0 = l0 & (~l0 + 1);
            else if (l1)
                f1 = l1 & (~l1 + 1);
            else if (l2)
                f2 = l2 & (~l2 + 1);
            else
                f3 = l3 & (~l3 + 1);
            l0 &= ~f0;
            l1 &= ~f1;
            l2 &= ~f2;
            l3 &= ~f3;
            g0 = f0, g1 = f1, g2 = f2, g3 = f3;
            size = 0;
            for (;;) {
                const uint64_t *nb;
                uint64_t n0, n1, n2, n3;
                if (f0) {
                    nb = c->nbits[mg__ctz64(f0)];
                    f0 &= f0 - 1;
                } else if (f1) {
                    nb = c->nbits[64 + mg__ctz64(f1)];
                    f1 &= f1 - 1;
                } else if (f2) {
                    nb = c->nbits[128 + mg__ctz64(f2)];
                    f2 &= f2 - 1;
                } else if (f3) {
                    nb = c->nbits[192 + mg__ctz64(f3)];
                    f3 &= f3 - 1;
                } else {
                    break;
                }
                size++;
                n0 = nb[0] & l0;
                n1 = nb[1] & l1;
                n2 = nb[2] & l2;
                n3 = nb[3] & l3;
                l0 &= ~n0;
                l1 &= ~n1;
                l2 &= ~n2;
                l3 &= ~n3;
                f0 |= n0;
                f1 |= n1;
                f2 |= n2;
                f3 |= n3;
                g0 |= n0;
                g1 |= n1;
                g2 |= n2;
                g3 |= n3;
            }
            if (sizes)
                sizes[groups] = size;
            if (hist) {
                hist[size]++;
                most = size > most ? size : most;
            }
            if (label) {
                const uint64_t gw[4] = {g0, g1, g2, g3};
                int w;
                for (w = 0; w < 4; w++) {
                    uint64_t x = gw[w];
                    for (; x; x &= x - 1)
                        label[64 * w + mg__ctz64(x)] = (uint8_t)groups;
                }
            }
            groups++;
        }
    }
    if (top)
        *top = most;
    return groups;
}

static int32_t set_groups(const china *c, const uint64_t *set, int32_t *sizes,
                          uint8_t *label)
{
    return groups_of(c, set, sizes, label, NULL, NULL);
}

/* Group sizes of `colour`, unsorted, into sizes; returns their number. */
int32_t mg__china_group_sizes(const mg_game *g, const cstate *s, int colour,
                              int32_t *sizes)
{
    return set_groups(C(g), s->own[colour], sizes, NULL);
}

int32_t mg__china_score_colour(const mg_game *g, const cstate *s, int colour)
{
    const china *c = C(g);
    int32_t sizes[MAXC], i, best = 0, n;
    if (c->symple) /* rules §1.3.6: stones - P x groups */
        return s->stones[colour] -
               c->penalty * set_groups(c, s->own[colour], NULL, NULL);
    n = set_groups(c, s->own[colour], sizes, NULL);
    for (i = 0; i < n; i++)
        if (sizes[i] > best)
            best = sizes[i];
    return best;
}

int32_t mg__china_score(const mg_game *g, const void *st, int player)
{
    const cstate *s = st;
    return mg__china_score_colour(g, s, player ^ s->swapped);
}

int mg__china_groups(const mg_game *g, const void *st, int player,
                      int32_t *buf, size_t cap, size_t *count)
{
    const cstate *s = st;
    int32_t sizes[MAXC];
    int32_t n = mg__china_group_sizes(g, s, player ^ s->swapped, sizes);
    return mg__groups_out(sizes, n, buf, cap, count);
}

int mg__china_winner(const mg_game *g, const void *st)
{
    const china *c = C(g);
    const cstate *s = st;
    int32_t a[MAXC], na, i, top = 0, size;
    uint8_t count[2][MAXC + 1];
    int p;
    if (s->colour >= 0)
        return MG_NOBODY;
    if (c->symple) {
        int32_t s0 = mg__china_score(g, st, 0),
                s1 = mg__china_score(g, st, 1);
        return s0 == s1 ? MG_DRAW : s0 > s1 ? 0 : 1;
    }
    /* rules §0, cascade: group sizes descending, a missing entry is 0 --
     * decided on the counts of groups of each size: at the largest size
     * whose counts differ, the seat with more such groups has the larger
     * entry first (no sorting) */
    for (p = 0; p < 2; p++) {
        na = set_groups(c, s->own[p ^ s->swapped], a, NULL);
        for (i = 0; i < na; i++)
            if (a[i] > top)
                top = a[i];
        memset(count[p], 0, (size_t)c->n + 1);
        for (i = 0; i < na; i++)
            count[p][a[i]]++;
    }
    for (size = top; size > 0; size--)
        if (count[0][size] != count[1][size])
            return count[0][size] > count[1][size] ? 0 : 1;
    return MG_DRAW;
}

/* The winner op and the score op of both seats in one pass (ops->result,
 * 1.5): each colour's groups found once (the three ops apart find them
 * four times), counted by size as they are found. */
void mg__china_result(const mg_game *g, const void *st, int32_t *winner,
                      int32_t *scores)
{
    const china *c = C(g);
    const cstate *s = st;
    uint8_t count[2][MAXC + 1];
    int32_t size;
    int p;
    if (c->symple) { /* rules §1.3.6: stones - P x groups */
        for (p = 0; p < 2; p++) {
            int colour = p ^ s->swapped;
            scores[p] = s->stones[colour] -
                        c->penalty * groups_of(c, s->own[colour], NULL,
                                               NULL, NULL, NULL);
        }
        *winner = s->colour >= 0         ? MG_NOBODY
                  : scores[0] == scores[1] ? MG_DRAW
                  : scores[0] > scores[1]  ? 0
                                           : 1;
        return;
    }
    /* the largest group; the cascade as mg__china_winner decides it, on
     * the counts of groups of each size */
    for (p = 0; p < 2; p++) {
        memset(count[p], 0, (size_t)c->n + 1);
        groups_of(c, s->own[p ^ s->swapped], NULL, NULL, count[p],
                  &scores[p]);
    }
    if (s->colour >= 0) {
        *winner = MG_NOBODY;
        return;
    }
    *winner = MG_DRAW;
    for (size = scores[0] > scores[1] ? scores[0] : scores[1]; size > 0;
         size--)
        if (count[0][size] != count[1][size]) {
            *winner = count[0][size] > count[1][size] ? 0 : 1;
            break;
        }
}

/* mcts's priors (ops->gains): a stone of the mover's colour on cell a
 * joins its k distinct neighbouring groups of that colour into one of
 * 1 + their sizes, so score(mover) changes by 1 - P (1 - k) (stones -
 * P x groups) or by how far that group passes the largest (the largest
 * group); the other's score stays.  One labelling of the mover's groups
 * serves every action.  Left to the generic measure: `done`, `swap`, and
 * the stone that fills the board (the game is decided). */
void mg__china_gains(const mg_game *g, const void *st, const int32_t *actions,
                     int32_t n, int64_t *out)
{
    const china *c = C(g);
    const cstate *s = st;
    int col = s->colour;
    int32_t sizes[MAXC], ng, best = 0, i;
    uint8_t label[MAXC];
    ng = set_groups(c, s->own[col], c->symple ? NULL : sizes, label);
    for (i = 0; !c->symple && i < ng; i++)
        if (sizes[i] > best)
            best = sizes[i];
    for (i = 0; i < n; i++) {
        int32_t a = actions[i], seen[8], k = 0, merged = 1, d, j;
        if (a >= c->n || s->vacant_total <= 1) {
            out[i] = MG__GAIN_UNKNOWN;
            continue;
        }
        for (d = 0; d < 8; d++) {
            int32_t e = c->nbr[a][d], l;
            if (e < 0 || s->cell[e] != col)
                continue;
            l = label[e];
            for (j = 0; j < k && seen[j] != l; j++)
                ;
            if (j == k) {
                seen[k++] = l;
                if (!c->symple)
                    merged += sizes[l];
            }
        }
        if (c->symple)
            out[i] = 1 - (int64_t)c->penalty * (1 - k);
        else
            out[i] = merged > best ? merged - best : 0;
    }
}
