/*
 * chains_of_thought.c - Chains of Thought (RULES.md 5): stones on the
 * points of one of ten boards; a turn places a stone (the equal-sum rule)
 * or steps one to merge chains, then removes every enemy stone next to a
 * larger friendly chain until nothing changes; whoever cannot act ends
 * the game, won by the largest chain, cascading.
 *
 * Actions (P points, D neighbour slots per point, chains_boards.h):
 * PLACE(s) = s ("d4"), STEP(f, slot) = P + f * D + slot ("d4-e5"), where
 * the step goes to the neighbour in that slot.
 *
 * Besides the stones the state keeps, per seat, how many of its stones
 * touch each point (most placements are decided from these two numbers)
 * and the chains of the position (labels and sizes, found by a flood fill
 * in apply(), which needs them for the removals and to see whether the
 * next player can act; legal() reads them back).  For steps, one
 * depth-first search per chain that may step (Tarjan's low points) tells,
 * for every stone f, into which pieces its chain falls without f and how
 * large they are; a step f -> t is then decided from t's neighbours.
 *
 * Game length.  With removal=none no stone ever leaves the board, so there
 * are at most P placements; each step lowers the mover's chain count by at
 * least one and only the mover's own placements raise it (by at most one),
 * so each seat steps at most as often as it places: at most 2P actions.
 * With removals, stones can come back after being removed and no bound is
 * proven here (none of the potentials tried is monotone: a stone may leave
 * a large chain to join two small ones), so such games are unbounded
 * (max_length 0).  Exhaustive searches of all the positions reachable
 * on small boards (king moves on 3x3, 4x3, 5x2, 6x2, 5x3 and 4x4, the
 * hexagon of side 2) found no cycle, and random games stay short.
 */
#include "chains_boards.h"

#include <stdlib.h>
#include <string.h>

#define MAXP MG__COT_MAXP
#define MAXD MG__COT_MAXD

enum { OPT_BOARD, OPT_GOAL, OPT_PLACEMENT, OPT_MOVEMENT, OPT_REMOVAL,
       N_OPTS };
enum { GOAL_LARGEST, GOAL_STALEMATE };
enum { PLACE_SUM_EQUAL, PLACE_NOT_SELF_ADJACENT };
enum { MOVE_EXCEPT_LARGEST, MOVE_MUST_MERGE };
enum { REMOVE_ADJACENT, REMOVE_NONE };

static const char *const board_names[] = {
    "hex4",     "hex7",     "hex11",      "square6",    "square9", "square13",
    "square19", "trisquare4", "trisquare6", "trisquare8", NULL};
static const char *const goal_names[] = {"largest", "stalemate", NULL};
static const char *const placement_names[] = {"sum_equal",
                                              "not_self_adjacent", NULL};
static const char *const movement_names[] = {"merge_except_largest",
                                             "must_merge", NULL};
static const char *const removal_names[] = {"adjacent", "none", NULL};

static const mg__option options[N_OPTS] = {
    {"board", MG__OPT_ENUM, 0, 0, board_names, MG__COT_HEX4},
    {"goal", MG__OPT_ENUM, 0, 0, goal_names, GOAL_LARGEST},
    {"placement", MG__OPT_ENUM, 0, 0, placement_names, PLACE_SUM_EQUAL},
    {"movement", MG__OPT_ENUM, 0, 0, movement_names, MOVE_EXCEPT_LARGEST},
    {"removal", MG__OPT_ENUM, 0, 0, removal_names, REMOVE_ADJACENT},
};

typedef struct cot {
    mg__cot_board b;
    int which; /* the board option */
    int goal, placement, movement, removal;
    int32_t P, D;
    uint64_t zstone[MAXP][2];
    uint64_t zside;
} cot;

/* The position: this header, then one byte per point (-1 empty, else the
 * seat), then for each seat and point the number of that seat's stones
 * next to the point (P bytes per seat), then the chains of the position
 * as label_chains() finds them (apply() needs them anyway; legal() reads
 * them back; undo() counts them again).  All of it is a function of the
 * stones, so equal positions have equal bytes.  An undo record is the
 * header followed by a bitset of the points whose stones the action
 * removed. */
typedef struct chdr {
    uint64_t hash;    /* stones, and the side key when seat 1 is to move */
    int8_t player;    /* to move; when over, the seat that could not */
    int8_t over;
    int8_t winner;    /* when over: 0, 1 or MG_DRAW */
    int8_t pad;
    int16_t stones[2];
} chdr;

#define HDR sizeof(chdr)

static const cot *C(const mg_game *g)
{
    return (const cot *)g->data;
}

static int8_t *cells(void *st)
{
    return (int8_t *)st + HDR;
}

static const int8_t *ccells(const void *st)
{
    return (const int8_t *)st + HDR;
}

/* Neighbour counts: seat 0's at [0, P), seat 1's at [P, 2P). */
static uint8_t *counts(const cot *c, void *st)
{
    return (uint8_t *)st + HDR + c->P;
}

static const uint8_t *ccounts(const cot *c, const void *st)
{
    return (const uint8_t *)st + HDR + c->P;
}

/* Put a stone of `seat` on p, or take it away, keeping the counts. */
static void put(const cot *c, int8_t *cell, uint8_t *cnt, int p, int seat)
{
    uint8_t *n = cnt + seat * c->P;
    int k;
    cell[p] = (int8_t)seat;
    for (k = 0; k < c->b.deg[p]; k++)
        n[c->b.adj[p][k]]++;
}

static void take(const cot *c, int8_t *cell, uint8_t *cnt, int p, int seat)
{
    uint8_t *n = cnt + seat * c->P;
    int k;
    cell[p] = -1;
    for (k = 0; k < c->b.deg[p]; k++)
        n[c->b.adj[p][k]]--;
}

static size_t round8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

/* ------------------------------------------------------------- chains */

typedef struct scan {
    int16_t label[MAXP]; /* chain of each stone; -1 on empty points */
    int16_t size[MAXP];  /* by chain */
    int8_t owner[MAXP];  /* by chain */
    int16_t nch;         /* chains of both seats */
    int16_t big[2];      /* largest chain per seat, 0 when none */
    int16_t nbig[2];     /* how many chains have that size */
    int16_t bigid[2];    /* the last of them */
} scan;

static void label_chains(const cot *c, const int8_t *cell, scan *sc)
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

/* The chains in the state: 8 int16 (nch, big, nbig, bigid), then label[P]
 * and size[P] (int16), then owner[P]; entries past nch are zero. */
static size_t cache_off(const cot *c)
{
    return (HDR + 3 * (size_t)c->P + 1) & ~(size_t)1;
}

static size_t cache_size(const cot *c)
{
    return 16 + 5 * (size_t)c->P;
}

static void store_chains(const cot *c, void *st, const scan *sc)
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
static void get_chains(const cot *c, const void *st, scan *sc)
{
    const unsigned char *q = (const unsigned char *)st + cache_off(c);
    int16_t meta[8];
    memcpy(meta, q, sizeof meta);
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

/* Rule 2 (RULES 5.2): the mover's unique largest chain when it is larger
 * than every opponent chain, else -1. */
static int frozen_chain(const cot *c, const scan *sc, int me)
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

/* Is STEP f -> t legal (t an empty neighbour of f), RULES 5.2 (1)-(4)?
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

/* Is PLACE s legal (s empty)? */
static int place_ok(const cot *c, const int8_t *cell, const scan *sc, int s,
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

/* The legal actions of `me` ascending into buf (NULL: stop at the first
 * and return 1 when there is one).  Placements are decided from the
 * neighbour counts where they suffice (no stone around; only own stones;
 * one enemy stone), else as place_ok() does.  A step needs a target next
 * to another own stone (rule 1): at least two own neighbours. */
static int32_t list_actions(const cot *c, const int8_t *cell,
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
    frozen = frozen_chain(c, sc, me);
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

/* The chain sizes of `seat` into out; returns their number. */
static int32_t seat_sizes(const scan *sc, int seat, int32_t *out)
{
    int32_t i, n = 0;
    for (i = 0; i < sc->nch; i++)
        if (sc->owner[i] == seat)
            out[n++] = sc->size[i];
    return n;
}

/* ------------------------------------------------------------ protocol */

static int cot_create(mg_game *g, const mg__optvals *o, char *err,
                      size_t errcap)
{
    cot *c = calloc(1, sizeof *c);
    int32_t p;
    int rc;
    if (!c)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    c->which = (int)o->v[OPT_BOARD];
    rc = mg__cot_board_build(&c->b, c->which);
    if (rc != MG_OK) {
        free(c);
        return mg__err(err, errcap, rc, "board=%s could not be built",
                       board_names[(int)o->v[OPT_BOARD]]);
    }
    c->goal = (int)o->v[OPT_GOAL];
    c->placement = (int)o->v[OPT_PLACEMENT];
    c->movement = (int)o->v[OPT_MOVEMENT];
    c->removal = (int)o->v[OPT_REMOVAL];
    c->P = c->b.P;
    c->D = c->b.D;
    for (p = 0; p < c->P; p++) {
        c->zstone[p][0] = mg__zobrist_key(0xC07A, (uint64_t)(2 * p));
        c->zstone[p][1] = mg__zobrist_key(0xC07A, (uint64_t)(2 * p + 1));
    }
    c->zside = mg__zobrist_key(0xC07B, 0);
    g->data = c;
    g->num_actions = c->P + c->P * c->D;
    g->max_legal = c->P * c->D; /* empty points + own stones x D */
    g->max_length = c->removal == REMOVE_NONE ? 2 * c->P : 0;
    g->state_size = round8(cache_off(c) + cache_size(c));
    g->undo_size = round8(HDR + (size_t)(c->P + 7) / 8);
    return MG_OK;
}

static void cot_destroy(mg_game *g)
{
    free(g->data);
    g->data = NULL;
}

static void cot_init(const mg_game *g, void *st)
{
    chdr *h = st;
    scan sc;
    memset(st, 0, g->state_size);
    h->player = 0;
    memset(cells(st), -1, (size_t)C(g)->P);
    label_chains(C(g), cells(st), &sc);
    store_chains(C(g), st, &sc);
}

static int cot_current(const mg_game *g, const void *st)
{
    const chdr *h = st;
    (void)g;
    return h->over ? MG_NOBODY : h->player;
}

static int cot_winner(const mg_game *g, const void *st)
{
    const chdr *h = st;
    (void)g;
    return h->over ? h->winner : MG_NOBODY;
}

static int32_t cot_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const chdr *h = st;
    scan sc;
    if (h->over)
        return 0;
    get_chains(C(g), st, &sc);
    return list_actions(C(g), ccells(st), ccounts(C(g), st), &sc, h->player,
                        buf);
}

static int cot_is_legal(const mg_game *g, const void *st, int32_t a)
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
        get_chains(c, st, &sc);
        return place_ok(c, cell, &sc, (int)a, me);
    } else {
        int f = (int)((a - c->P) / c->D), slot = (int)((a - c->P) % c->D);
        int t = c->b.nbr[f][slot], frozen;
        dfs d;
        pieces pc;
        if (cell[f] != me || t < 0 || cell[t] >= 0)
            return 0;
        get_chains(c, st, &sc);
        frozen = frozen_chain(c, &sc, me);
        if (sc.label[f] == frozen)
            return 0;
        d.time = -1;
        pieces_of(c, cell, &sc, &d, f, &pc);
        return step_ok(c, cell, &sc, &d, &pc, f, t, frozen);
    }
}

/* Removals (RULES 5.2): rounds until none; the mover's chains stay as
 * they are, so only the sizes of the opponent's change between rounds.
 * Leaves sc labelling the final position. */
static void remove_stones(const cot *c, chdr *h, int8_t *cell, uint8_t *cnt,
                          int me, unsigned char *removed, scan *sc)
{
    int opp = 1 - me;
    int16_t gone[MAXP];
    for (;;) {
        int32_t p, n = 0, i;
        for (p = 0; p < c->P; p++) {
            int k, own;
            if (cell[p] != opp)
                continue;
            own = sc->size[sc->label[p]];
            for (k = 0; k < c->b.deg[p]; k++) {
                int w = c->b.adj[p][k];
                if (cell[w] == me && sc->size[sc->label[w]] > own) {
                    gone[n++] = (int16_t)p;
                    break;
                }
            }
        }
        if (!n)
            return;
        for (i = 0; i < n; i++) {
            p = gone[i];
            take(c, cell, cnt, (int)p, opp);
            h->hash ^= c->zstone[p][opp];
            removed[p >> 3] |= (unsigned char)(1u << (p & 7));
        }
        h->stones[opp] = (int16_t)(h->stones[opp] - n);
        label_chains(c, cell, sc);
    }
}

static void cot_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const cot *c = C(g);
    chdr *h = st;
    int8_t *cell = cells(st);
    uint8_t *cnt = counts(c, st);
    unsigned char *removed = (unsigned char *)undo + HDR;
    int me = h->player, opp = 1 - me;
    scan sc;
    memcpy(undo, h, HDR);
    memset(removed, 0, (size_t)(c->P + 7) / 8);
    if (a < c->P) {
        put(c, cell, cnt, (int)a, me);
        h->hash ^= c->zstone[a][me];
        h->stones[me]++;
    } else {
        int f = (int)((a - c->P) / c->D);
        int t = c->b.nbr[f][(a - c->P) % c->D];
        take(c, cell, cnt, f, me);
        put(c, cell, cnt, t, me);
        h->hash ^= c->zstone[f][me] ^ c->zstone[t][me];
    }
    label_chains(c, cell, &sc);
    if (c->removal == REMOVE_ADJACENT)
        remove_stones(c, h, cell, cnt, me, removed, &sc);
    h->player = (int8_t)opp;
    h->hash ^= c->zside;
    store_chains(c, st, &sc);
    if (!list_actions(c, cell, cnt, &sc, opp, NULL)) {
        h->over = 1;
        if (c->goal == GOAL_STALEMATE) {
            h->winner = (int8_t)me;
        } else {
            int32_t a0[MAXP], a1[MAXP];
            int32_t n0 = seat_sizes(&sc, 0, a0), n1 = seat_sizes(&sc, 1, a1);
            h->winner = (int8_t)mg__cascade(a0, n0, a1, n1);
        }
    }
}

static void cot_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const cot *c = C(g);
    const chdr *u = undo;
    const unsigned char *removed = (const unsigned char *)undo + HDR;
    int8_t *cell = cells(st);
    uint8_t *cnt = counts(c, st);
    int me = u->player, opp = 1 - me, i;
    scan sc;
    if (a < c->P) {
        take(c, cell, cnt, (int)a, me);
    } else {
        int f = (int)((a - c->P) / c->D);
        int t = c->b.nbr[f][(a - c->P) % c->D];
        take(c, cell, cnt, t, me);
        put(c, cell, cnt, f, me);
    }
    for (i = 0; i < (c->P + 7) / 8; i++) {
        unsigned bits = removed[i];
        while (bits) {
            int b = mg__ctz64(bits);
            put(c, cell, cnt, 8 * i + b, opp);
            bits &= bits - 1;
        }
    }
    memcpy(st, undo, HDR);
    label_chains(c, cell, &sc);
    store_chains(c, st, &sc);
}

static uint64_t cot_hash(const mg_game *g, const void *st)
{
    (void)g;
    return ((const chdr *)st)->hash;
}

static uint64_t cot_hash_full(const mg_game *g, const void *st)
{
    const cot *c = C(g);
    const int8_t *cell = ccells(st);
    uint64_t h = ((const chdr *)st)->player ? c->zside : 0;
    int32_t p;
    for (p = 0; p < c->P; p++)
        if (cell[p] >= 0)
            h ^= c->zstone[p][cell[p]];
    return h;
}

static int32_t cot_score(const mg_game *g, const void *st, int player)
{
    scan sc;
    get_chains(C(g), st, &sc);
    return sc.big[player];
}

static int cot_groups(const mg_game *g, const void *st, int player,
                      int32_t *buf, size_t cap, size_t *count)
{
    const cot *c = C(g);
    int32_t sizes[MAXP];
    int32_t n = mg__group_sizes(c->P, ccells(st), player, &c->b.nbr[0][0],
                                MAXD, sizes);
    return mg__groups_out(sizes, n, buf, cap, count);
}

/* ------------------------------------------------------------ notation */

static void point_name(const cot *c, int p, mg__sb *sb)
{
    if (c->b.named) {
        mg__sb_column(sb, c->b.col[p]);
        mg__sb_int(sb, c->b.row[p] + 1);
    } else {
        mg__sb_putc(sb, '#');
        mg__sb_int(sb, p);
    }
}

static void cot_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const cot *c = C(g);
    if (a < c->P) {
        point_name(c, (int)a, sb);
    } else {
        int f = (int)((a - c->P) / c->D);
        int t = c->b.nbr[f][(a - c->P) % c->D];
        point_name(c, f, sb);
        mg__sb_putc(sb, '-');
        if (t >= 0) {
            point_name(c, t, sb);
        } else { /* an id for a slot this point lacks: never legal */
            mg__sb_puts(sb, "slot");
            mg__sb_int(sb, (a - c->P) % c->D);
        }
    }
}

static int parse_point(const cot *c, const char *t, size_t n, int *p,
                       char *err, size_t errcap)
{
    int32_t col, row, idx;
    char q[MG__QUOTE_CAP];
    int rc = mg__parse_place(t, n, "point", c->P, &idx, &col, &row, err,
                             errcap);
    if (rc)
        return rc;
    if (idx < 0) {
        if (!c->b.named)
            return mg__err(err, errcap, MG_ERANGE,
                           "no point %s: points of board=%s are named #0.."
                           "#%d",
                           mg__quote(q, t, n), board_names[c->which],
                           (int)c->P - 1);
        if (col >= c->b.cols || row >= c->b.rows ||
            c->b.at[row * c->b.cols + col] < 0)
            return mg__err(err, errcap, MG_ERANGE,
                           "no point %s on board=%s", mg__quote(q, t, n),
                           board_names[c->which]);
        idx = c->b.at[row * c->b.cols + col];
    }
    *p = idx;
    return MG_OK;
}

static int cot_action_parse(const mg_game *g, const char *t, size_t n,
                            int32_t *action, char *err, size_t errcap)
{
    const cot *c = C(g);
    size_t dash;
    int f, to, rc, k;
    char q[MG__QUOTE_CAP];
    for (dash = 0; dash < n && t[dash] != '-'; dash++)
        ;
    if (dash == n) {
        if ((rc = parse_point(c, t, n, &f, err, errcap)) != MG_OK)
            return rc;
        *action = f;
        return MG_OK;
    }
    if ((rc = parse_point(c, t, dash, &f, err, errcap)) != MG_OK)
        return rc;
    if (n - dash > 5 && mg__strncaseeq(t + dash + 1, "slot", 4)) {
        /* "d4-slot5": the id of a slot the point lacks (never legal) */
        size_t i;
        k = 0;
        for (i = dash + 5; i < n && k < MAXD; i++) {
            if (t[i] < '0' || t[i] > '9')
                break;
            k = 10 * k + (t[i] - '0');
        }
        if (i < n || k >= c->D || c->b.nbr[f][k] >= 0)
            return mg__err(err, errcap, MG_ERANGE,
                           "%s: not a missing neighbour slot (0..%d)",
                           mg__quote(q, t, n), (int)c->D - 1);
        *action = c->P + f * c->D + k;
        return MG_OK;
    }
    if ((rc = parse_point(c, t + dash + 1, n - dash - 1, &to, err, errcap)) !=
        MG_OK)
        return rc;
    for (k = 0; k < c->D; k++)
        if (c->b.nbr[f][k] == to) {
            *action = c->P + f * c->D + k;
            return MG_OK;
        }
    return mg__err(err, errcap, MG_ERANGE,
                   "%s: a step goes from a point to an adjacent point",
                   mg__quote(q, t, n));
}

/* ------------------------------------------------------------ rendering */

static const char stone_char[2] = {'X', 'O'};

static void chains_line(const scan *sc, int seat, mg__sb *sb)
{
    int32_t sizes[MAXP], n = seat_sizes(sc, seat, sizes), i, stones = 0;
    mg__sort_desc(sizes, n);
    for (i = 0; i < n; i++)
        stones += sizes[i];
    mg__sb_printf(sb, "%c (seat %d): %d stone%s", stone_char[seat], seat,
                  (int)stones, stones == 1 ? "" : "s");
    if (n) {
        mg__sb_puts(sb, ", chains");
        for (i = 0; i < n; i++)
            mg__sb_printf(sb, " %d", (int)sizes[i]);
    }
}

static void result_line(const chdr *h, mg__sb *sb)
{
    if (!h->over) {
        mg__sb_printf(sb, "%c (seat %d) to move", stone_char[(int)h->player],
                      (int)h->player);
        return;
    }
    mg__sb_printf(sb, "game over, %c (seat %d) cannot move: ",
                  stone_char[(int)h->player], (int)h->player);
    if (h->winner == MG_DRAW)
        mg__sb_puts(sb, "draw");
    else
        mg__sb_printf(sb, "%c (seat %d) wins", stone_char[(int)h->winner],
                      (int)h->winner);
}

static void pad_to(mg__sb *sb, int32_t *at, int32_t col)
{
    while (*at < col) {
        mg__sb_putc(sb, ' ');
        (*at)++;
    }
}

static void render_text(const cot *c, const chdr *h, const int8_t *cell,
                        mg__sb *sb)
{
    const mg__cot_board *b = &c->b;
    int32_t line, p, lw = 1, k;
    char tmp[16];
    scan sc;
    /* label width: row numbers, or "#index" of each line's first point */
    if (b->named) {
        lw = b->rows >= 10 ? 2 : 1;
    } else {
        int32_t last = 0;
        for (p = 0; p < b->P; p++)
            if (p == 0 || b->tline[p] != b->tline[p - 1])
                last = p;
        lw = 2 + (last >= 10) + (last >= 100);
    }
    for (line = b->tlines - 1; line >= 0; line--) {
        int32_t at = 0, first = -1, len;
        for (p = 0; p < b->P; p++)
            if (b->tline[p] == line) {
                first = p;
                break;
            }
        if (b->named) {
            len = 0;
            for (k = line + 1; k; k /= 10)
                tmp[len++] = (char)('0' + k % 10);
        } else {
            len = 0;
            for (k = first; len == 0 || k; k /= 10)
                tmp[len++] = (char)('0' + k % 10);
            tmp[len++] = '#';
        }
        for (k = len; k < lw; k++)
            mg__sb_putc(sb, ' ');
        while (len)
            mg__sb_putc(sb, tmp[--len]);
        mg__sb_putc(sb, ' ');
        for (p = first; p >= 0 && p < b->P && b->tline[p] == line; p++) {
            pad_to(sb, &at, b->tcol[p]);
            mg__sb_putc(sb, cell[p] < 0 ? '.' : stone_char[(int)cell[p]]);
            at++;
        }
        mg__sb_putc(sb, '\n');
    }
    if (b->named) {
        int32_t at = 0;
        for (k = 0; k <= lw; k++)
            mg__sb_putc(sb, ' ');
        for (k = 0; k < b->cols; k++) {
            pad_to(sb, &at, b->label_col[k]);
            mg__sb_column(sb, k);
            at++;
        }
        mg__sb_putc(sb, '\n');
    }
    label_chains(c, cell, &sc);
    chains_line(&sc, 0, sb);
    mg__sb_putc(sb, '\n');
    chains_line(&sc, 1, sb);
    mg__sb_putc(sb, '\n');
    result_line(h, sb);
    mg__sb_putc(sb, '\n');
}

static void render_svg(const cot *c, const chdr *h, const int8_t *cell,
                       mg__sb *sb)
{
    const mg__cot_board *b = &c->b;
    int32_t p, k, hpx = b->height + 24;
    int r = b->kind == MG__COT_TRISQUARE ? 14 : 16;
    mg__sb_printf(sb,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                  "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n"
                  "<rect width=\"100%%\" height=\"100%%\" fill=\"#e8c98e\"/>\n",
                  (int)b->width, (int)hpx, (int)b->width, (int)hpx);
    mg__sb_puts(sb, "<g stroke=\"black\" stroke-width=\"1.5\">\n");
    for (p = 0; p < b->P; p++)
        for (k = 0; k < c->D; k++) {
            int q = b->nbr[p][k];
            if (q > p)
                mg__sb_printf(sb,
                              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                              (int)b->px[p], (int)b->py[p], (int)b->px[q],
                              (int)b->py[q]);
        }
    mg__sb_puts(sb, "</g>\n");
    for (p = 0; p < b->P; p++) {
        int s = cell[p];
        mg__sb_printf(sb, "<circle class=\"point\" cx=\"%d\" cy=\"%d\" r=\"3\">"
                          "<title>",
                      (int)b->px[p], (int)b->py[p]);
        point_name(c, (int)p, sb);
        mg__sb_puts(sb, "</title></circle>\n");
        if (s >= 0)
            mg__sb_printf(sb,
                          "<circle class=\"stone p%d\" cx=\"%d\" cy=\"%d\" "
                          "r=\"%d\" fill=\"%s\" stroke=\"black\"/>\n",
                          s, (int)b->px[p], (int)b->py[p], r,
                          s ? "white" : "black");
    }
    mg__sb_printf(sb,
                  "<text x=\"10\" y=\"%d\" font-family=\"sans-serif\" "
                  "font-size=\"14\">",
                  (int)hpx - 8);
    result_line(h, sb);
    mg__sb_puts(sb, "</text>\n</svg>\n");
}

static void cot_render(const mg_game *g, const void *st, int format,
                       mg__sb *sb)
{
    if (format == MG_RENDER_SVG)
        render_svg(C(g), st, ccells(st), sb);
    else
        render_text(C(g), st, ccells(st), sb);
}

const mg__game_ops mg__chains_of_thought_ops = {
    "chains_of_thought", options,       N_OPTS,         0,
    -1,                  NULL,          NULL,           cot_create,
    cot_destroy,         cot_init,      cot_current,    cot_winner,
    cot_legal,           cot_is_legal,  cot_apply,      cot_undo,
    cot_hash,            cot_hash_full, cot_score,      cot_groups,
    cot_action_name,     cot_action_parse, cot_render,
    NULL, /* playout: the core's loop of legal + apply */
};
