/*
 * chains_analysis.c - the chains of a Chains of Thought position and what
 * they decide (rules §5.2): the labelling of the chains (a flood fill) and
 * their copy in the state, a check of that copy, and the legal
 * placements and steps.
 *
 * Placements are decided from the neighbour counts where they suffice,
 * else from the chains next to the point.  For steps, one depth-first
 * search per chain that may step (Tarjan's low points) tells, for every
 * stone f, into which pieces its chain falls without f and how large they
 * are; a step f -> t is then decided from t's neighbours.
 */
#include "chains_of_thought.h"

#include <string.h>

/* -------------------------------------------------------------- chains */

/* Chains are numbered in the order of their lowest point. */
void mg__cot_label_chains(const cot *c, const int8_t *cell, scan *sc)
{
    int16_t stack[MAXP];
    int32_t p;
    sc->nch = 0;
    sc->big[0] = sc->big[1] = 0;
    sc->nbig[0] = sc->nbig[1] = 0;
    sc->bigid[0] = sc->bigid[1] = -1;
    for (p = 0; p < c->P; p++)
        sc->label[p] = -1;
    for (p = 0; p < c->P; p++) {
        int colour = cell[p], sp = 0, n = 0, id;
        if (colour < 0 || sc->label[p] >= 0)
            continue;
        id = sc->nch++;
        sc->label[p] = (int16_t)id;
        stack[sp++] = (int16_t)p;
        while (sp) {
            int e = stack[--sp], k, d = c->b.deg[e];
            const int16_t *nb = c->b.adj[e];
            n++;
            for (k = 0; k < d; k++) {
                int q = nb[k];
                if (cell[q] == colour && sc->label[q] < 0) {
                    sc->label[q] = (int16_t)id;
                    stack[sp++] = (int16_t)q;
                }
            }
        }
        sc->size[id] = (int16_t)n;
        sc->owner[id] = (int8_t)colour;
        if (n > sc->big[colour]) {
            sc->big[colour] = (int16_t)n;
            sc->nbig[colour] = 1;
            sc->bigid[colour] = (int16_t)id;
        } else if (n == sc->big[colour]) {
            sc->nbig[colour]++;
            sc->bigid[colour] = (int16_t)id;
        }
    }
}

/* The copy in the state (cache_off(), chains_of_thought.h). */
void mg__cot_store_chains(const cot *c, void *st, const scan *sc)
{
    unsigned char *q = (unsigned char *)st + cache_off(c);
    int16_t meta[8];
    meta[0] = sc->nch;
    meta[1] = sc->big[0];
    meta[2] = sc->big[1];
    meta[3] = sc->nbig[0];
    meta[4] = sc->nbig[1];
    meta[5] = sc->bigid[0];
    meta[6] = sc->bigid[1];
    meta[7] = 0;
    memcpy(q, meta, sizeof meta);
    memcpy(q + 16, sc->label, (size_t)c->P * 2);
    memcpy(q + 16 + 2 * (size_t)c->P, sc->size, (size_t)sc->nch * 2);
    memset(q + 16 + 2 * (size_t)c->P + 2 * (size_t)sc->nch, 0,
           2 * (size_t)(c->P - sc->nch));
    memcpy(q + 16 + 4 * (size_t)c->P, sc->owner, (size_t)sc->nch);
    memset(q + 16 + 4 * (size_t)c->P + (size_t)sc->nch, 0,
           (size_t)(c->P - sc->nch));
}

/* The chains of the position in st, read back. */
void mg__cot_get_chains(const cot *c, const void *st, scan *sc)
{
    const unsigned char *q = (const unsigned char *)st + cache_off(c);
    int16_t meta[8];
    memcpy(meta, q, sizeof meta);
    assert(meta[0] >= 0 && meta[0] <= c->P);
    sc->nch = meta[0];
    sc->big[0] = meta[1];
    sc->big[1] = meta[2];
    sc->nbig[0] = meta[3];
    sc->nbig[1] = meta[4];
    sc->bigid[0] = meta[5];
    sc->bigid[1] = meta[6];
    memcpy(sc->label, q + 16, (size_t)c->P * 2);
    memcpy(sc->size, q + 16 + 2 * (size_t)c->P, (size_t)sc->nch * 2);
    memcpy(sc->owner, q + 16 + 4 * (size_t)c->P, (size_t)sc->nch);
}

int32_t mg__cot_seat_sizes(const scan *sc, int seat, int32_t *out)
{
    int32_t i, n = 0;
    for (i = 0; i < sc->nch; i++)
        if (sc->owner[i] == seat)
            out[n++] = sc->size[i];
    return n;
}

/* A scan, and nothing else, as it is stored (entries past nch zero). */
static int same_chains(const cot *c, const scan *a, const scan *b)
{
    int32_t p;
    if (a->nch != b->nch || a->big[0] != b->big[0] ||
        a->big[1] != b->big[1] || a->nbig[0] != b->nbig[0] ||
        a->nbig[1] != b->nbig[1] || a->bigid[0] != b->bigid[0] ||
        a->bigid[1] != b->bigid[1])
        return 0;
    for (p = 0; p < c->P; p++)
        if (a->label[p] != b->label[p])
            return 0;
    for (p = 0; p < a->nch; p++)
        if (a->size[p] != b->size[p] || a->owner[p] != b->owner[p])
            return 0;
    return 1;
}

int mg__cot_consistent(const cot *c, const void *st)
{
    const chdr *h = st;
    const int8_t *cell = ccells(st);
    const uint8_t *cnt = ccounts(c, st);
    uint64_t hash = h->player ? c->zside : 0;
    int32_t p, stones[2] = {0, 0};
    scan stored, fresh;
    for (p = 0; p < c->P; p++) {
        int seat, k;
        if (cell[p] >= 0) {
            stones[cell[p]]++;
            hash ^= c->zstone[p][cell[p]];
        }
        for (seat = 0; seat < 2; seat++) {
            int n = 0;
            for (k = 0; k < c->b.deg[p]; k++)
                n += cell[c->b.adj[p][k]] == seat;
            if (cnt[seat * c->P + p] != n)
                return 0;
        }
    }
    if (stones[0] != h->stones[0] || stones[1] != h->stones[1] ||
        hash != h->hash)
        return 0;
    mg__cot_get_chains(c, st, &stored);
    mg__cot_label_chains(c, cell, &fresh);
    return same_chains(c, &stored, &fresh);
}

/* ------------------------------------------------------ legal actions */

int mg__cot_frozen_chain(const cot *c, const scan *sc, int me)
{
    if (c->movement != MOVE_EXCEPT_LARGEST || sc->nbig[me] != 1 ||
        sc->big[me] <= sc->big[1 - me])
        return -1;
    return sc->bigid[me];
}

/* Depth-first search over one chain of the mover's: preorder numbers (a
 * subtree is the interval disc .. disc + sub - 1), low points, parents.
 * Run lazily, only on the chains whose stones might step. */
typedef struct dfs {
    int16_t disc[MAXP], low[MAXP], par[MAXP], sub[MAXP];
    int32_t time;  /* next preorder number; -1 until reset */
} dfs;

static void search_chain(const cot *c, const int8_t *cell, int root, dfs *d)
{
    int16_t stack[MAXP];
    uint8_t next[MAXP];
    int me = cell[root], sp = 0;
    if (d->time < 0) {
        memset(d->disc, 0xff, (size_t)c->P * sizeof d->disc[0]);
        d->time = 0;
    }
    d->disc[root] = d->low[root] = (int16_t)d->time++;
    d->par[root] = -1;
    next[root] = 0;
    stack[sp++] = (int16_t)root;
    while (sp) {
        int v = stack[sp - 1];
        if (next[v] < c->b.deg[v]) {
            int w = c->b.adj[v][next[v]++];
            if (cell[w] != me)
                continue;
            if (d->disc[w] < 0) {
                d->disc[w] = d->low[w] = (int16_t)d->time++;
                d->par[w] = (int16_t)v;
                next[w] = 0;
                stack[sp++] = (int16_t)w;
            } else if (w != d->par[v] && d->disc[w] < d->low[v]) {
                d->low[v] = d->disc[w];
            }
        } else {
            int u = d->par[v];
            sp--;
            d->sub[v] = (int16_t)(d->time - d->disc[v]);
            if (u >= 0 && d->low[v] < d->low[u])
                d->low[u] = d->low[v];
        }
    }
}

/* The pieces of f's chain without f: the subtrees of f's children that
 * hang on f alone, and (unless f is the root) the rest, which holds f's
 * parent.  A single stone leaves no piece. */
typedef struct pieces {
    int k;                     /* number of pieces */
    int nsep;                  /* separate child subtrees */
    int16_t lo[MAXD], sz[MAXD];
    int16_t rest;              /* size of the rest, -1 when f is the root */
} pieces;

static void pieces_of(const cot *c, const int8_t *cell, const scan *sc,
                      dfs *d, int f, pieces *pc)
{
    int k, sum = 0, root;
    pc->nsep = 0;
    if (sc->size[sc->label[f]] == 1) {
        pc->rest = -1;
        pc->k = 0;
        return;
    }
    if (d->time < 0 || d->disc[f] < 0)
        search_chain(c, cell, f, d);
    root = d->par[f] < 0;
    for (k = 0; k < c->b.deg[f]; k++) {
        int w = c->b.adj[f][k];
        if (cell[w] != cell[f] || d->par[w] != f)
            continue;
        if (root || d->low[w] >= d->disc[f]) {
            pc->lo[pc->nsep] = d->disc[w];
            pc->sz[pc->nsep] = d->sub[w];
            sum += d->sub[w];
            pc->nsep++;
        }
    }
    pc->rest = (int16_t)(root ? -1 : sc->size[sc->label[f]] - 1 - sum);
    pc->k = pc->nsep + !root;
}

/* Is STEP f -> t legal (t an empty neighbour of f), rules §5.2 (1)-(4)?
 * `frozen` is rule 2's chain or -1.  The chains next to t after the step
 * are the unchanged chains other than f's, and the pieces of f's chain;
 * (3) holds iff they outnumber the pieces, which also gives (1). */
static int step_ok(const cot *c, const int8_t *cell, const scan *sc,
                   const dfs *d, const pieces *pc, int f, int t, int frozen)
{
    int me = cell[f], k, m = 0, i;
    int32_t key[MAXD], total = 1;
    int fl = sc->label[f];
    for (k = 0; k < c->b.deg[t]; k++) {
        int w = c->b.adj[t][k], l;
        int32_t kk, size;
        if (w == f || cell[w] != me)
            continue;
        l = sc->label[w];
        if (l == frozen)
            return 0;
        if (l != fl) {
            kk = l;
            size = sc->size[l];
        } else {
            int dw = d->disc[w];
            kk = MAXP + MAXD; /* the rest */
            size = pc->rest;
            for (i = 0; i < pc->nsep; i++)
                if (dw >= pc->lo[i] && dw < pc->lo[i] + pc->sz[i]) {
                    kk = MAXP + i;
                    size = pc->sz[i];
                    break;
                }
        }
        for (i = 0; i < m && key[i] != kk; i++)
            ;
        if (i == m) {
            key[m++] = kk;
            total += size;
        }
    }
    if (m <= pc->k)
        return 0;
    for (k = 0; k < c->b.deg[t]; k++) {
        int w = c->b.adj[t][k];
        if (cell[w] == 1 - me && sc->size[sc->label[w]] > total)
            return 0;
    }
    return 1;
}

int mg__cot_place_ok(const cot *c, const int8_t *cell, const scan *sc, int s,
                     int me)
{
    int32_t seen[MAXD], f = 0, e = 0;
    int k, i, n = 0, any = 0;
    const int16_t *nb = c->b.adj[s];
    int d = c->b.deg[s];
    if (c->placement == PLACE_NOT_SELF_ADJACENT) {
        for (k = 0; k < d; k++) {
            int w = nb[k];
            if (cell[w] < 0)
                continue;
            if (cell[w] == me || sc->size[sc->label[w]] != 1)
                return 0;
        }
        return 1;
    }
    for (k = 0; k < d; k++) {
        int w = nb[k], l;
        if (cell[w] < 0)
            continue;
        any = 1;
        l = sc->label[w];
        for (i = 0; i < n && seen[i] != l; i++)
            ;
        if (i < n)
            continue;
        seen[n++] = l;
        if (cell[w] == me)
            f += sc->size[l];
        else
            e += sc->size[l];
    }
    return !any || 1 + f == e;
}

/* Placements are decided from the neighbour counts where they suffice
 * (no stone around; only own stones; one enemy stone), else as
 * mg__cot_place_ok() does.  A step needs a target next to another own
 * stone (rule 1): at least two own neighbours. */
int32_t mg__cot_list_actions(const cot *c, const int8_t *cell,
                             const uint8_t *cnt, const scan *sc, int me,
                             int32_t *buf)
{
    const uint8_t *mine = cnt + me * c->P, *theirs = cnt + (1 - me) * c->P;
    int32_t n = 0, s, i;
    int frozen, f, sum = c->placement == PLACE_SUM_EQUAL;
    int16_t stamp[MAXP];
    dfs d;
    for (i = 0; i < sc->nch; i++)
        stamp[i] = -1;
    for (s = 0; s < c->P; s++) {
        const int16_t *nb = c->b.adj[s];
        int k, own = mine[s], oth = theirs[s], ok, deg = c->b.deg[s];
        if (cell[s] >= 0)
            continue;
        if (!oth) {
            ok = !own;
        } else if (!sum) { /* not_self_adjacent */
            ok = !own;
            for (k = 0; k < deg && ok; k++) {
                int w = nb[k];
                ok = cell[w] != 1 - me || sc->size[sc->label[w]] == 1;
            }
        } else if (!own) { /* 1 + 0 = E: one enemy stone, alone */
            ok = 0;
            if (oth == 1)
                for (k = 0; k < deg; k++)
                    if (cell[nb[k]] == 1 - me)
                        ok = sc->size[sc->label[nb[k]]] == 1;
        } else { /* 1 + F = E, each chain counted once */
            int32_t fs = 0, es = 0;
            for (k = 0; k < deg; k++) {
                int w = nb[k], l;
                if (cell[w] < 0)
                    continue;
                l = sc->label[w];
                if (stamp[l] == s)
                    continue;
                stamp[l] = (int16_t)s;
                if (cell[w] == me)
                    fs += sc->size[l];
                else
                    es += sc->size[l];
            }
            ok = 1 + fs == es;
        }
        if (ok) {
            if (!buf)
                return 1;
            buf[n++] = s;
        }
    }
    if (sc->big[me] == 0)
        return n;
    frozen = mg__cot_frozen_chain(c, sc, me);
    d.time = -1;
    for (f = 0; f < c->P; f++) {
        pieces pc;
        int k, have = 0;
        if (cell[f] != me || sc->label[f] == frozen)
            continue;
        for (k = 0; k < c->D; k++) {
            int t = c->b.nbr[f][k];
            if (t < 0 || cell[t] >= 0 || mine[t] < 2)
                continue;
            if (!have) {
                pieces_of(c, cell, sc, &d, f, &pc);
                have = 1;
            }
            if (step_ok(c, cell, sc, &d, &pc, f, t, frozen)) {
                if (!buf)
                    return 1;
                buf[n++] = c->P + f * c->D + k;
            }
        }
    }
    return n;
}

int32_t mg__cot_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const chdr *h = st;
    scan sc;
    if (h->over)
        return 0;
    mg__cot_get_chains(C(g), st, &sc);
    return mg__cot_list_actions(C(g), ccells(st), ccounts(C(g), st), &sc,
                                h->player, buf);
}

int mg__cot_is_legal(const mg_game *g, const void *st, int32_t a)
{
    const cot *c = C(g);
    const chdr *h = st;
    const int8_t *cell = ccells(st);
    int me = h->player;
    scan sc;
    if (h->over)
        return 0;
    if (a < c->P) {
        if (cell[a] >= 0)
            return 0;
        mg__cot_get_chains(c, st, &sc);
        return mg__cot_place_ok(c, cell, &sc, (int)a, me);
    } else {
        int f = (int)((a - c->P) / c->D), slot = (int)((a - c->P) % c->D);
        int t = c->b.nbr[f][slot], frozen;
        dfs d;
        pieces pc;
        if (cell[f] != me || t < 0 || cell[t] >= 0)
            return 0;
        mg__cot_get_chains(c, st, &sc);
        frozen = mg__cot_frozen_chain(c, &sc, me);
        if (sc.label[f] == frozen)
            return 0;
        d.time = -1;
        pieces_of(c, cell, &sc, &d, f, &pc);
        return step_ok(c, cell, &sc, &d, &pc, f, t, frozen);
    }
}
