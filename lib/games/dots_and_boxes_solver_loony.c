/*
 * dots_and_boxes_solver_loony.c - the engine's evaluator of simple loony
 * endgames (see dots_and_boxes_solver.h): positions where every open
 * cell has two undrawn sides, a set of independent chains and loops,
 * valued exactly by the recursion of Buzzard and Ciere (INTEGERS 14
 * (2014) G08), extended to 1- and 2-chains and 3-loops.
 */
#include "dots_and_boxes_solver.h"

#include <string.h>

#define BIT(i) ((uint64_t)1 << (i))
#define ctz mg__ctz64
#define other_cell mg__dsv_other

/* ------------------------------------------------- simple loony endgames */

typedef struct lctx {
    int n1, n2, n3, nc, nl;
    const uint8_t *lc, *ll; /* long chains, long loops: ascending */
    int8_t *memo;
} lctx;

static int absi(int v)
{
    return v < 0 ? -v : v;
}

/* The controller's value of what is left (Buzzard and Ciere's v, with
 * 1-chains 1 - w, 2-chains 2 - w, 3-loops 3 - w): the opener picks the
 * component; among long chains (and among long loops) only the smallest
 * (Medworth, "opensmallest"). */
static int lvalue(const lctx *x, int a, int b, int c, int i, int j)
{
    size_t at = 0;
    int best = 1000, w;
    if (!a && !b && !c && i == x->nc && j == x->nl)
        return 0;
    if (x->memo) {
        at = ((((size_t)a * (x->n2 + 1) + b) * (x->n3 + 1) + c) *
                  (x->nc + 1) + i) * (x->nl + 1) + j;
        if (x->memo[at] != -128)
            return x->memo[at];
    }
    if (a && (w = 1 - lvalue(x, a - 1, b, c, i, j)) < best)
        best = w;
    if (b && (w = 2 - lvalue(x, a, b - 1, c, i, j)) < best)
        best = w;
    if (c && (w = 3 - lvalue(x, a, b, c - 1, i, j)) < best)
        best = w;
    if (i < x->nc) {
        w = lvalue(x, a, b, c, i + 1, j);
        w = x->lc[i] - 2 + absi(w - 2);
        if (w < best)
            best = w;
    }
    if (j < x->nl) {
        w = lvalue(x, a, b, c, i, j + 1);
        w = x->ll[j] - 4 + absi(w - 4);
        if (w < best)
            best = w;
    }
    if (x->memo)
        x->memo[at] = (int8_t)best;
    return best;
}

static void sort_u8(uint8_t *v, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        uint8_t t = v[i];
        for (j = i; j > 0 && v[j - 1] > t; j--)
            v[j] = v[j - 1];
        v[j] = t;
    }
}

int mg__dsv_controlled(const uint8_t *chains, int nch, const uint8_t *loops,
                       int nlp)
{
    uint8_t lc[DSV_MAXC], ll[DSV_MAXC];
    int8_t memo[4096];
    lctx x;
    int i;
    size_t size;
    memset(&x, 0, sizeof x);
    for (i = 0; i < nch; i++) {
        if (chains[i] == 1)
            x.n1++;
        else if (chains[i] == 2)
            x.n2++;
        else
            lc[x.nc++] = chains[i];
    }
    for (i = 0; i < nlp; i++) {
        if (loops[i] <= 3)
            x.n3++;
        else
            ll[x.nl++] = loops[i];
    }
    sort_u8(lc, x.nc);
    sort_u8(ll, x.nl);
    x.lc = lc;
    x.ll = ll;
    size = (size_t)(x.n1 + 1) * (x.n2 + 1) * (x.n3 + 1) * (x.nc + 1) *
           (x.nl + 1);
    if (size <= sizeof memo) {
        memset(memo, -128, size);
        x.memo = memo;
    }
    return lvalue(&x, x.n1, x.n2, x.n3, 0, 0);
}

/* Every open cell has two undrawn sides and none is capturable: split
 * into chains (through the ground) and loops; the mover's value. */
int mg__dsv_loony_value(const dsv *e)
{
    uint8_t chains[DSV_MAXC], loops[DSV_MAXC];
    int nch = 0, nlp = 0;
    uint64_t u = e->all & ~e->m, seen = 0, g, rest;
    for (g = u; g; g &= g - 1) {
        int l = ctz(g), c = e->lcell[l][0], prev = l, len = 0;
        if (e->lcell[l][1] >= 0 || (seen & BIT(c)))
            continue;
        while (c >= 0) {
            int f = ctz(e->cmask[c] & u & ~BIT(prev));
            seen |= BIT(c);
            len++;
            prev = f;
            c = other_cell(e, f, c);
        }
        chains[nch++] = (uint8_t)len;
    }
    rest = e->live & ~seen;
    while (rest) {
        int c0 = ctz(rest), prev = ctz(e->cmask[c0] & u),
            c = other_cell(e, prev, c0), len = 1;
        seen |= BIT(c0);
        while (c != c0) {
            int f = ctz(e->cmask[c] & u & ~BIT(prev));
            seen |= BIT(c);
            len++;
            prev = f;
            c = other_cell(e, f, c);
        }
        loops[nlp++] = (uint8_t)len;
        rest = e->live & ~seen;
    }
    return -mg__dsv_controlled(chains, nch, loops, nlp);
}

