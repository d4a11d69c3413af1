/*
 * cascade.c - the cascade comparison of RULES.md section 0, shared by the
 * games decided on group sizes (China Tangle, China Octangle, Chains of
 * Thought).
 */
#include "internal.h"

void mg__sort_desc(int32_t *v, int32_t n)
{
    int32_t i, j;
    for (i = 1; i < n; i++) { /* insertion sort: n is at most a few hundred */
        int32_t x = v[i];
        for (j = i; j > 0 && v[j - 1] < x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

int mg__cascade(int32_t *a, int32_t na, int32_t *b, int32_t nb)
{
    int32_t i;
    mg__sort_desc(a, na);
    mg__sort_desc(b, nb);
    for (i = 0; i < na || i < nb; i++) {
        int32_t x = i < na ? a[i] : 0, y = i < nb ? b[i] : 0;
        if (x != y)
            return x > y ? 0 : 1;
    }
    return MG_DRAW;
}
