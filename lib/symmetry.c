/*
 * symmetry.c - the symmetries of a game's board, computed (not assumed)
 * from its sites when the game is created.
 *
 * Every rotation by a multiple of 30 degrees and every reflection in an
 * axis at a multiple of 15 degrees through the centroid of the sites is
 * tried (these include the symmetries of the square and the hexagonal
 * lattices); a candidate is a symmetry when it maps every site onto a site
 * (centres within EPS) of the same kind and label, keeps the neighbour
 * relation, and maps every action onto an action (the one whose sites are
 * the images of its sites; actions without sites, such as swap and done,
 * onto themselves).  The rules of every game depend only on these
 * relations, so a symmetry maps a legal action to a legal action of the
 * image position; a game whose rules also depend on the order of the
 * indices (g->ordered) keeps the identity only.  Symmetry 0 is the
 * identity; the others follow in the order tried, duplicates dropped.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define EPS 1e-4
#define CANDIDATES 24 /* 12 rotations, 12 reflections */
#define HALF_SQRT3 0.86602540378443864676

/* cos and sin of k x 30 degrees */
static const double cos30[12] = {1,  HALF_SQRT3,  0.5,  0, -0.5, -HALF_SQRT3,
                                 -1, -HALF_SQRT3, -0.5, 0, 0.5,  HALF_SQRT3};
static const double sin30[12] = {0, 0.5,  HALF_SQRT3,  1,  HALF_SQRT3,  0.5,
                                 0, -0.5, -HALF_SQRT3, -1, -HALF_SQRT3, -0.5};

typedef struct finder {
    const mg__position *p;
    int32_t *order; /* sites sorted by x */
} finder;

static double fabs_(double v)
{
    return v < 0 ? -v : v;
}

/* The site at (x, y), or -1: binary search for x - EPS, then a scan. */
static int32_t find_site(const finder *f, double x, double y)
{
    const mg__position *p = f->p;
    int32_t lo = 0, hi = p->n;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (p->x[f->order[mid]] < x - EPS)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < p->n && p->x[f->order[lo]] <= x + EPS; lo++)
        if (fabs_(p->y[f->order[lo]] - y) <= EPS)
            return f->order[lo];
    return -1;
}

/* Sort the sites by x (a merge sort, tmp as scratch). */
static void sort_by_x(const mg__position *p, int32_t *v, int32_t *tmp,
                      int32_t n)
{
    int32_t mid = n / 2, i = 0, j, k = 0;
    if (n < 2)
        return;
    sort_by_x(p, v, tmp, mid);
    sort_by_x(p, v + mid, tmp, n - mid);
    j = mid;
    while (i < mid && j < n)
        tmp[k++] = p->x[v[j]] < p->x[v[i]] ? v[j++] : v[i++];
    while (i < mid)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, (size_t)n * sizeof *v);
}

/* Candidate t as a site map into img; 1 when it is a symmetry of the
 * sites (kinds, labels, neighbours). */
static int map_sites(const mg_game *g, const finder *f, double cx, double cy,
                     int t, int32_t *img)
{
    const mg__position *p = f->p;
    int32_t s, k;
    int reflect = t >= 12, r = t % 12;
    for (s = 0; s < p->n; s++) {
        double dx = p->x[s] - cx, dy = p->y[s] - cy, x, y;
        if (!reflect) { /* rotation by r x 30 degrees */
            x = dx * cos30[r] - dy * sin30[r];
            y = dx * sin30[r] + dy * cos30[r];
        } else { /* reflection in the axis at r x 15 degrees */
            x = dx * cos30[r] + dy * sin30[r];
            y = dx * sin30[r] - dy * cos30[r];
        }
        img[s] = find_site(f, cx + x, cy + y);
        if (img[s] < 0 || p->kind[img[s]] != p->kind[s])
            return 0;
        if (g->ops->site_label &&
            g->ops->site_label(g, img[s]) != g->ops->site_label(g, s))
            return 0;
    }
    for (s = 0; s < p->n; s++) /* neighbours go to neighbours */
        for (k = p->nbr_start[s]; k < p->nbr_start[s + 1]; k++) {
            int32_t u = img[p->nbr[k]], i, a = img[s], found = 0;
            for (i = p->nbr_start[a]; i < p->nbr_start[a + 1]; i++)
                found |= p->nbr[i] == u;
            if (!found)
                return 0;
        }
    return 1;
}

/* Actions by (from, to): key order. */
typedef struct akey {
    int64_t key;
    int32_t action;
} akey;

static int cmp_akey(const void *a, const void *b)
{
    int64_t x = ((const akey *)a)->key, y = ((const akey *)b)->key;
    return (x > y) - (x < y);
}

static int64_t key_of(const mg__position *p, int32_t from, int32_t to)
{
    return (int64_t)(from + 1) * (p->n + 1) + (to + 1);
}

/* The action images of site map img into out; 0 when some action has no
 * image (then img is no symmetry of the game). */
static int map_actions(const mg_game *g, const mg__position *p,
                       const akey *keys, int32_t nkeys, const int32_t *img,
                       int32_t *out)
{
    int32_t a;
    for (a = 0; a < g->num_actions; a++) {
        int32_t f = p->act_from[a], t = p->act_to[a], lo = 0, hi = nkeys;
        int64_t want;
        if (f < 0 && t < 0) {
            out[a] = a;
            continue;
        }
        want = key_of(p, f < 0 ? -1 : img[f], t < 0 ? -1 : img[t]);
        while (lo < hi) {
            int32_t mid = lo + (hi - lo) / 2;
            if (keys[mid].key < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == nkeys || keys[lo].key != want)
            return 0;
        out[a] = keys[lo].action;
    }
    return 1;
}

int mg__symmetries_build(mg_game *g, mg__position *p)
{
    int32_t n = p->n, A = g->num_actions, nkeys = 0, s, a, nsym = 1;
    int32_t *perm = NULL, *order = NULL, *tmp = NULL, *acts = NULL;
    akey *keys = NULL;
    double cx = 0, cy = 0;
    finder f;
    int t, rc = MG_ENOMEM;

    perm = malloc((size_t)CANDIDATES * (size_t)n * sizeof *perm);
    acts = malloc((size_t)CANDIDATES * (size_t)A * sizeof *acts);
    order = malloc((size_t)n * sizeof *order);
    tmp = malloc((size_t)n * sizeof *tmp);
    keys = malloc((size_t)(A ? A : 1) * sizeof *keys);
    if (!perm || !acts || !order || !tmp || !keys)
        goto out;
    for (s = 0; s < n; s++) {
        perm[s] = s; /* symmetry 0: the identity */
        order[s] = s;
        cx += p->x[s];
        cy += p->y[s];
    }
    for (a = 0; a < A; a++)
        acts[a] = a;
    cx /= n;
    cy /= n;
    sort_by_x(p, order, tmp, n);
    f.p = p;
    f.order = order;
    for (a = 0; a < A; a++)
        if (p->act_from[a] >= 0 || p->act_to[a] >= 0) {
            keys[nkeys].key = key_of(p, p->act_from[a], p->act_to[a]);
            keys[nkeys++].action = a;
        }
    qsort(keys, (size_t)nkeys, sizeof *keys, cmp_akey);
    for (t = 1; t < CANDIDATES && !g->ordered; t++) {
        int32_t *img = perm + (size_t)nsym * n, k;
        int dup = 0;
        if (!map_sites(g, &f, cx, cy, t, img))
            continue;
        for (k = 0; k < nsym && !dup; k++)
            dup =
                memcmp(perm + (size_t)k * n, img, (size_t)n * sizeof *img) == 0;
        if (dup ||
            !map_actions(g, p, keys, nkeys, img, acts + (size_t)nsym * A))
            continue;
        nsym++;
    }
    p->nsym = nsym;
    p->sym_site = malloc((size_t)nsym * (size_t)n * sizeof *p->sym_site);
    p->sym_action =
        malloc((size_t)nsym * (size_t)(A ? A : 1) * sizeof *p->sym_action);
    if (!p->sym_site || !p->sym_action)
        goto out;
    memcpy(p->sym_site, perm, (size_t)nsym * (size_t)n * sizeof *perm);
    memcpy(p->sym_action, acts, (size_t)nsym * (size_t)A * sizeof *acts);
    rc = MG_OK;
out:
    free(perm);
    free(acts);
    free(order);
    free(tmp);
    free(keys);
    return rc;
}
