/*
 * dots_and_boxes_solver.c - what Dots and Boxes tells the solver (since
 * 1.4): its value (the future margin of the player to move: boxes still
 * to win less the opponent's; misere the opponent's less its own), the
 * image of a position under a symmetry (for the generic search on boards
 * of more than 64 lines), and its exact engine for boards of at most 64
 * lines: the tables, and the root driver, MTD(f) with null windows and
 * parity steps (dots_and_boxes_solver.h).
 */
#include "dots_and_boxes_solver.h"

#include <string.h>

#define BIT(i) ((uint64_t)1 << (i))
#define MIN_ENTRIES 1024

static size_t round_up(size_t n, size_t a)
{
    return (n + a - 1) / a * a;
}

static int engine_nsym(const mg_game *g)
{
    int n = g->pos ? g->pos->nsym : 1;
    return n > DSV_MAXSYM ? DSV_MAXSYM : n;
}

/* The engine's fixed part: the struct (its symmetry tables included). */
static size_t fixed_bytes(void)
{
    return round_up(sizeof(dsv), 64);
}

static size_t dsv_min(const mg_game *g)
{
    const dab *d = D(g);
    if (d->nlines > DSV_MAXL || d->ncells > DSV_MAXC || !g->pos)
        return 0;
    return fixed_bytes() + 64 + MIN_ENTRIES * 2 * sizeof(uint64_t);
}

/* Lines in order of their distance from the centre of the board. */
static void centre_order(dsv *e)
{
    const mg__position *p = e->g->pos;
    double cx = 0, cy = 0, dist[DSV_MAXL];
    int l, i, j;
    for (l = 0; l < e->nl; l++) {
        cx += p->x[l];
        cy += p->y[l];
    }
    cx /= e->nl;
    cy /= e->nl;
    for (l = 0; l < e->nl; l++) {
        double dx = p->x[l] - cx, dy = p->y[l] - cy;
        dist[l] = dx * dx + dy * dy;
        e->order[l] = (uint8_t)l;
    }
    for (i = 1; i < e->nl; i++) { /* insertion sort: stable */
        uint8_t t = e->order[i];
        for (j = i; j > 0 && dist[e->order[j - 1]] > dist[t] + 1e-9; j--)
            e->order[j] = e->order[j - 1];
        e->order[j] = t;
    }
}

static void incidence(dsv *e)
{
    const dab *d = e->d;
    int l, c, k;
    for (l = 0; l < e->nl; l++) {
        e->lcell[l][0] = (int8_t)d->line_cells[2 * l];
        e->lcell[l][1] = (int8_t)d->line_cells[2 * l + 1];
    }
    e->nmulti = 0;
    e->pairs = 1;
    for (c = 0; c < e->nc; c++) {
        uint64_t g = 0, acc = 0;
        e->cmask[c] = 0;
        for (k = 0; k < d->cell_nsides[c]; k++) {
            int32_t l2 = d->cell_lines[c * MAX_SIDES + k];
            e->cmask[c] |= BIT(l2);
            if (d->line_cells[2 * l2 + 1] < 0)
                g |= BIT(l2);
        }
        e->ground[c] = 0;
        if (mg__popcount64(g) < 2)
            continue;
        e->ground[c] = g;
        e->multi[e->nmulti++] = (uint8_t)c;
        if (mg__popcount64(g) != 2)
            e->pairs = 0;
        e->firstk[c][0] = 0;
        for (k = 1; g; k++, g &= g - 1) {
            acc |= g & (0 - g);
            e->firstk[c][k] = acc;
        }
    }
}

static void symmetries(dsv *e)
{
    const mg__position *p = e->g->pos;
    int s, t, l;
    for (s = 0; s < e->nsym; s++)
        for (l = 0; l < e->nl; l++)
            e->symline[s][l] =
                (uint8_t)p->sym_action[(size_t)s * e->g->num_actions + l];
    for (s = 0; s < e->nsym; s++) {
        e->invsym[s] = 0;
        for (t = 0; t < e->nsym; t++) {
            for (l = 0; l < e->nl && e->symline[t][e->symline[s][l]] == l; l++)
                ;
            if (l == e->nl) {
                e->invsym[s] = (uint8_t)t;
                break;
            }
        }
        for (l = 0; l < e->nl; l++)
            e->lsym[l][s] = BIT(e->symline[s][l]);
    }
}

static void *dsv_init(const mg_game *g, void *mem, size_t bytes)
{
    dsv *e = mem;
    unsigned char *p = mem;
    size_t fixed = fixed_bytes(), n;
    memset(e, 0, sizeof *e);
    e->g = g;
    e->d = D(g);
    e->nl = e->d->nlines;
    e->nc = e->d->ncells;
    e->misere = e->d->misere;
    e->nsym = engine_nsym(g);
    e->all = e->nl == 64 ? ~(uint64_t)0 : BIT(e->nl) - 1;
    incidence(e);
    centre_order(e);
    symmetries(e);
    p += fixed;
    p += (64 - ((uintptr_t)p & 63)) & 63;
    n = (bytes - (size_t)(p - (unsigned char *)mem)) /
        (DSV_BUCKET * sizeof(uint64_t));
    if (n > 0xFFFFFFFFu)
        n = 0xFFFFFFFFu;
    e->tt = (uint64_t *)(void *)p; /* 0 from calloc: empty, untouched */
    e->nbuckets = n;
    e->shift = (e->nl + 1) / 2;
    e->topshift = e->nl - 32; /* negative: h is shifted left */
    {
        /* a bucket's run of h: at most ceil(2^32 / n) values of the top
         * 32 bits, each 2^(nl - 32) values of h below them */
        int k = 0;
        uint64_t run = (((uint64_t)1 << 32) + n - 1) / n;
        while (((uint64_t)1 << k) < run)
            k++;
        k += e->nl > 32 ? e->nl - 32 : 0;
        if (k > e->nl)
            k = e->nl;
        e->tagmask = k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
        e->compact = k <= DSV_TAGBITS;
    }
    e->g = NULL; /* the engine outlives the game object it was made for */
    e->d = NULL;
    return e;
}

static int parity_fix(int n, int v, int up)
{
    if ((v - n) & 1)
        return up ? v + 1 : v - 1;
    return v;
}

static int first_undrawn(const dsv *e)
{
    uint64_t u = e->all & ~e->m;
    return u ? mg__ctz64(u) : -1;
}

/* MTD(f) over null windows: a test "V >= t" at the parity of the open
 * cells, moved by each fail-soft answer. */
static int dsv_solve(void *engine, const void *st, mg__budget *b,
                     int32_t *lo, int32_t *hi, int32_t *best)
{
    dsv *e = engine;
    const unsigned char *drawn = CDRAWN(e->d, st);
    uint64_t m = 0;
    int l, n, L, H, t, bestl = -1;
    for (l = 0; l < e->nl; l++)
        if (drawn[l])
            m |= BIT(l);
    mg__dsv_set(e, m);
    e->b = b;
    e->abort = 0;
    e->reduce = !e->misere;
    n = e->nlive;
    L = -n;
    H = n;
    t = parity_fix(n, 0, 1);
    while (L < H) {
        int v, mv = -1;
        if (t <= L)
            t = L + 2;
        if (t > H)
            t = H;
        v = mg__dsv_search(e, t - 1, t, &mv);
        if (e->abort)
            break;
        if (v >= t) {
            L = parity_fix(n, v, 1);
            bestl = mv;
            t = L + 2;
        } else {
            H = parity_fix(n, v, 0);
            t = H;
        }
    }
    mg__dsv_set(e, m);
    *lo = L;
    *hi = H;
    *best = bestl >= 0 ? bestl : first_undrawn(e);
    return L == H ? MG_OK : MG_EBUDGET;
}

/* ------------------------------------------------- for the generic search */

/* The image under sym, for the generic search's keys only: who drew a
 * line, who owns a box, the scores and the turn are forgotten (the
 * future gain of the player to move depends on the lines alone: the
 * search keeps gains in its table), and the hash field is left 0. */
static void dab_sym_position(const mg_game *g, int32_t sym, const void *st,
                             void *out)
{
    const dab *d = D(g);
    const mg__position *p = g->pos;
    const int32_t *sl = p->sym_site + (size_t)sym * p->n;
    const unsigned char *drawn = CDRAWN(d, st), *sides = CSIDES(d, st);
    const signed char *owner = COWNER(d, st);
    unsigned char *od = DRAWN(d, out), *os = SIDES(d, out);
    signed char *oo = OWNER(d, out);
    int32_t l, c;
    /* every byte defined (the keys read the whole blob): what is not
     * written below, such as the game's own caches, stays 0 */
    memset(out, 0, g->state_size);
    memcpy(out, st, sizeof(dab_state));
    ((dab_state *)out)->hash = 0;
    ((dab_state *)out)->player = 0;
    ((dab_state *)out)->score[0] = ((dab_state *)out)->score[1] = 0;
    for (l = 0; l < d->nlines; l++)
        od[sl[l]] = drawn[l] == 1 || drawn[l] == 2 ? 1 : drawn[l];
    for (c = 0; c < d->ncells; c++) {
        int32_t img = d->box_cell[sl[d->nlines + d->cell_box[c]] - d->nlines];
        os[img] = sides[c];
        oo[img] = owner[c] >= 0 ? 0 : owner[c];
    }
    os[d->ncells] = sides[d->ncells];
    oo[d->ncells] = owner[d->ncells] >= 0 ? 0 : owner[d->ncells];
    mg__dab_sync_undrawn(d, out); /* the image is a position like any other */
}

static int32_t dab_margin(const mg_game *g, const void *st, int player)
{
    const dab_state *s = st;
    int32_t m = s->score[player] - s->score[1 - player];
    return D(g)->misere ? -m : m;
}

static int32_t dab_spread(const mg_game *g, const void *st)
{
    const dab_state *s = st;
    return D(g)->ncells - s->score[0] - s->score[1];
}

const mg__solver_ops mg__dab_solver = {
    .value = MG__VALUE_GAIN,
    .margin = dab_margin,
    .spread = dab_spread,
    .sym_position = dab_sym_position,
    .engine_min = dsv_min,
    .engine_init = dsv_init,
    .engine_solve = dsv_solve,
};
