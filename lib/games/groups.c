/*
 * groups.c - groups of like-coloured stones and the cascade comparison of
 * doc/rules.md §0, shared by the games that count groups (the China
 * games, Fangqi, Chains of Thought).
 */
#include "internal.h"

#include <string.h>

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

int32_t mg__group_sizes(int32_t n, const int8_t *cell, int colour,
                        const int16_t *nbr, int stride, int32_t *sizes)
{
    unsigned char seen[MG__MAX_SITES];
    int16_t stack[MG__MAX_SITES];
    int32_t i, groups = 0;
    memset(seen, 0, (size_t)n);
    for (i = 0; i < n; i++) {
        int32_t size = 0, sp = 0;
        if (cell[i] != colour || seen[i])
            continue;
        seen[i] = 1;
        stack[sp++] = (int16_t)i;
        while (sp) {
            int32_t e = stack[--sp], d;
            size++;
            for (d = 0; d < stride; d++) {
                int32_t f = nbr[e * stride + d];
                if (f >= 0 && !seen[f] && cell[f] == colour) {
                    seen[f] = 1;
                    stack[sp++] = (int16_t)f;
                }
            }
        }
        sizes[groups++] = size;
    }
    return groups;
}

int mg__groups_out(int32_t *sizes, int32_t n, int32_t *buf, size_t cap,
                   size_t *count)
{
    *count = (size_t)n;
    if ((size_t)n > cap)
        return MG_ENOBUFS;
    mg__sort_desc(sizes, n);
    if (n)
        memcpy(buf, sizes, (size_t)n * sizeof *sizes);
    return MG_OK;
}
