/*
 * china.c - the rules of the four China games on transcendental boards
 * (doc/rules.md §1, §2):
 * China Squares and China Octangle on Octopuszle boards, China Tangle and
 * China Grove on China Labyrinth boards.  One protocol with two switches:
 *
 *   game        board        turn                     scoring
 *   squares     octopuszle   mandatory and maximal    stones - P x groups
 *   octangle    octopuszle   may stop (`done`)        largest group, cascading
 *   tangle      labyrinth    may stop (`done`)        largest group, cascading
 *   grove       labyrinth    mandatory and maximal    stones - P x groups
 *
 * A turn: a stone on any vacant cell c0 fixes the turn's class K (pattern
 * class, or beam count with mode=number) and its quota min(9 - n or 7 - n,
 * vacant cells of K); further stones go on vacant cells of K.  Stones are
 * kept by colour (White moves first); `swap` exchanges which seat plays
 * which colour.  Actions: cell index, then DONE = N, SWAP = N + 1 (1.5).
 */
#include "china_step.h"

#include <stdlib.h>

/* -------------------------------------------------------------- options */

static const char *const mode_names[] = {"pattern", "number", NULL};
static const char *const order_names[] = {"free", "ascending", NULL};

#define OPT_BOARD {"board", MG__OPT_SEED, 0, 0, NULL, 1}
#define OPT_PENALTY {"penalty", MG__OPT_INT, 2, 8, NULL, 4}
#define OPT_MODE {"mode", MG__OPT_ENUM, 0, 0, mode_names, MODE_PATTERN}
#define OPT_ORDER {"order", MG__OPT_ENUM, 0, 0, order_names, ORDER_FREE}

static const mg__option squares_opts[] = {OPT_BOARD, OPT_PENALTY, OPT_ORDER};
static const mg__option octangle_opts[] = {OPT_BOARD, OPT_MODE, OPT_ORDER};
static const mg__option tangle_opts[] = {OPT_BOARD, OPT_MODE, OPT_ORDER};
static const mg__option grove_opts[] = {OPT_BOARD, OPT_MODE, OPT_PENALTY,
                                        OPT_ORDER};

/* The value of option `key`, or dflt when this game has no such key. */
static int64_t opt(const mg_game *g, const char *key, int64_t dflt)
{
    int i;
    for (i = 0; i < g->ops->n_options; i++)
        if (!strcmp(g->ops->options[i].key, key))
            return g->opts.v[i];
    return dflt;
}

/* -------------------------------------------------------------- create */

/* Classes: pattern classes (or beam counts), numbered in order of their
 * smallest mask; cells listed ascending within each. */
static void build_classes(china *c, const mg_board *b)
{
    int32_t i, k, count[MAXK] = {0};
    c->nk = 0;
    for (i = 0; i < c->n; i++) {
        int key = 0, m = mg_board_cell_mask(b, i);
        for (; m; m &= m - 1)
            key++;
        c->beams[i] = (uint8_t)key;
        if (!c->number)
            key = mg_board_cell_class(b, i);
        for (k = 0; k < c->nk && c->kmask[k] != key; k++)
            ;
        if (k == c->nk)
            c->kmask[c->nk++] = (int16_t)key;
        c->klass[i] = (uint8_t)k;
        count[k]++;
    }
    c->kstart[0] = 0;
    for (k = 0; k < c->nk; k++)
        c->kstart[k + 1] = c->kstart[k] + count[k];
    memset(count, 0, sizeof count);
    for (i = 0; i < c->n; i++) {
        k = c->klass[i];
        c->kcells[c->kstart[k] + count[k]++] = (int16_t)i;
    }
}

/* The cell sets: each class's cells, each cell's neighbours; and the
 * select table of bytes. */
static void build_sets(china *c)
{
    int32_t i, d, b, r;
    c->nw = (c->n + 63) / 64;
    for (i = 0; i < c->n; i++) {
        c->kbits[c->klass[i]][i >> 6] |= 1ULL << (i & 63);
        for (d = 0; d < 8; d++) {
            int32_t e = c->nbr[i][d];
            if (e >= 0)
                c->nbits[i][e >> 6] |= 1ULL << (e & 63);
        }
    }
    for (b = 0; b < 256; b++) {
        for (i = 0, r = 0; i < 8; i++)
            if (b >> i & 1)
                c->sel8[b][r++] = (uint8_t)i;
        c->pc8[b] = (uint8_t)r;
    }
    c->small = 1;
    for (b = 0; b < c->nk; b++) {
        for (i = c->kstart[b]; i < c->kstart[b + 1]; i++)
            c->kpos[c->kcells[i]] = (uint8_t)(i - c->kstart[b]);
        if (c->kstart[b + 1] - c->kstart[b] > 16)
            c->small = 0; /* mode=number: kvac unused */
    }
}

static void make_keys(china *c)
{
    int32_t i, k;
    for (i = 0; i < c->n; i++) {
        c->zstone[i][0] = mg__zobrist_key(0xC41A, (uint64_t)(2 * i));
        c->zstone[i][1] = mg__zobrist_key(0xC41A, (uint64_t)(2 * i + 1));
        c->zlast[i] = mg__zobrist_key(0xC41B, (uint64_t)i);
    }
    for (k = 0; k < MAXK; k++)
        c->zklass[k] = mg__zobrist_key(0xC41C, (uint64_t)k);
    for (k = 0; k < 16; k++)
        c->zplaced[k] = mg__zobrist_key(0xC41D, (uint64_t)k);
    for (k = 0; k < 3; k++)
        c->zturn[k] = mg__zobrist_key(0xC41E, (uint64_t)k);
    c->zcolour[0] = mg__zobrist_key(0xC41F, 0);
    c->zcolour[1] = mg__zobrist_key(0xC41F, 1);
    c->zswapped = mg__zobrist_key(0xC420, 0);
}

static int create(mg_game *g, int variant, char *err, size_t errcap)
{
    const mg_board *b = g->board;
    china *c;
    int32_t i;

    c = calloc(1, sizeof *c);
    if (!c)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    c->variant = variant;
    c->maximal = variant == V_SQUARES || variant == V_GROVE;
    c->symple = c->maximal;
    c->penalty = (int)opt(g, "penalty", 4);
    c->ascending = opt(g, "order", ORDER_FREE) == ORDER_ASCENDING;
    c->number = opt(g, "mode", MODE_PATTERN) == MODE_NUMBER;
    if (c->penalty % 2) {
        int p = c->penalty;
        free(c);
        return mg__err(err, errcap, MG_EVALUE,
                       "penalty=%d: expected 2, 4, 6 or 8", p);
    }
    c->n = mg_board_cell_count(b);
    c->kind = mg_board_kind(b);
    c->base = c->kind == MG_BOARD_OCTOPUSZLE ? 9 : 7;
    for (i = 0; i < c->n; i++) {
        mg_board_cell_position(b, i, &c->x[i], &c->y[i]);
        mg__board_cell_nbrs(b, i, c->nbr[i]);
        if (c->y[i] > c->maxy)
            c->maxy = c->y[i];
    }
    c->done_action = c->n;
    c->swap_action = c->n + 1;
    build_classes(c, b);
    build_sets(c);
    make_keys(c);

    g->data = c;
    mg__china_set_planes(g); /* the planes and their bounds */
    g->ordered = c->ascending; /* the order of the cells is a rule */
    g->num_actions = c->n + 2;
    g->max_legal = c->n + 1;
    g->max_length = 2 * c->n + 1; /* stones, a `done` per turn, a swap */
    g->state_size = sizeof(cstate);
    g->undo_size = HEADER_SIZE;
    return MG_OK;
}

static int squares_create(mg_game *g, const mg__optvals *o, char *e, size_t n)
{
    (void)o;
    return create(g, V_SQUARES, e, n);
}
static int octangle_create(mg_game *g, const mg__optvals *o, char *e, size_t n)
{
    (void)o;
    return create(g, V_OCTANGLE, e, n);
}
static int tangle_create(mg_game *g, const mg__optvals *o, char *e, size_t n)
{
    (void)o;
    return create(g, V_TANGLE, e, n);
}
static int grove_create(mg_game *g, const mg__optvals *o, char *e, size_t n)
{
    (void)o;
    return create(g, V_GROVE, e, n);
}

static void destroy(mg_game *g)
{
    free(g->data);
    g->data = NULL;
}

/* ---------------------------------------------------------------- hash */

/* Everything but the stones: who moves, the swap, the turn in progress. */
static inline uint64_t turn_keys(const china *c, const cstate *s)
{
    uint64_t h = 0;
    if (s->colour < 0)
        return c->zturn[2] ^ (s->swapped ? c->zswapped : 0);
    h ^= c->zcolour[s->colour];
    h ^= s->swapped ? c->zswapped : 0;
    h ^= c->zturn[s->turn < 2 ? s->turn : 2];
    if (s->placed > 0) {
        h ^= c->zklass[s->klass] ^ c->zplaced[s->placed & 15];
        if (c->ascending)
            h ^= c->zlast[s->last];
    }
    return h;
}

static uint64_t hash_full(const mg_game *g, const void *st)
{
    const china *c = C(g);
    const cstate *s = st;
    uint64_t h = turn_keys(c, s);
    int32_t i;
    for (i = 0; i < c->n; i++)
        if (s->cell[i] >= 0)
            h ^= c->zstone[i][s->cell[i]];
    return h;
}

static uint64_t hash(const mg_game *g, const void *st)
{
    (void)g;
    return ((const cstate *)st)->hash;
}

/* ------------------------------------------------------------ cell sets */

/* The first `cap` cells of set m ascending into buf; their number. */
static int32_t list_cells(const china *c, const uint64_t *m, int32_t cap,
                          int32_t *buf)
{
    int32_t n = 0;
    int w;
    for (w = 0; w < c->nw; w++) {
        uint64_t v = m[w];
        for (; v && n < cap; v &= v - 1)
            buf[n++] = w * 64 + mg__ctz64(v);
    }
    return n;
}

/* ---------------------------------------------------------------- rules */

static void init(const mg_game *g, void *st)
{
    const china *c = C(g);
    cstate *s = st;
    int32_t k;
    memset(s->cell, -1, sizeof s->cell);
    for (k = 0; k < c->n; k++)
        s->vac[k >> 6] |= 1ULL << (k & 63);
    for (k = 0; k < c->nk; k++) {
        s->vacant[k] = (int16_t)(c->kstart[k + 1] - c->kstart[k]);
        if (c->small)
            s->kvac[k] = (uint16_t)((1UL << s->vacant[k]) - 1);
    }
    s->vacant_total = (int16_t)c->n;
    s->colour = 0;
    s->hash = hash_full(g, st);
}

static int current(const mg_game *g, const void *st)
{
    const cstate *s = st;
    (void)g;
    return s->colour < 0 ? MG_NOBODY : s->colour ^ s->swapped;
}

static int is_legal(const mg_game *g, const void *st, int32_t a)
{
    const china *c = C(g);
    const cstate *s = st;
    if (a < c->n)
        return cell_legal(c, s, a);
    if (a == c->done_action)
        return s->placed > 0 && may_stop(c, s);
    return s->turn == 1 && s->placed == 0 && !s->swapped; /* swap */
}

/* The same for every class at once (the classes are disjoint). */
static int32_t first_cells(const china *c, const cstate *s, uint64_t *ok)
{
    int32_t k, n = 0;
    int w;
    for (w = 0; w < CW; w++)
        ok[w] = 0;
    for (k = 0; k < c->nk; k++) {
        uint64_t m[CW];
        n += class_first(c, s, k, m);
        for (w = 0; w < CW; w++)
            ok[w] |= m[w];
    }
    return n;
}

static int32_t legal(const mg_game *g, const void *st, int32_t *buf)
{
    const china *c = C(g);
    const cstate *s = st;
    uint64_t m[CW];
    int32_t n;
    if (s->placed > 0) {
        if (c->small) {
            const int16_t *kc = c->kcells + c->kstart[s->klass];
            uint32_t v;
            int32_t left = next_small(c, s, &v);
            for (n = 0; n < left; v &= v - 1)
                buf[n++] = kc[mg__ctz64(v)];
        } else {
            n = list_cells(c, m, next_cells(c, s, m), buf);
        }
        if (may_stop(c, s))
            buf[n++] = c->done_action;
        return n;
    }
    if (!c->ascending || may_stop(c, s)) /* every vacant cell */
        n = list_cells(c, s->vac, MAXC, buf);
    else
        n = list_cells(c, m, first_cells(c, s, m), buf);
    if (s->turn == 1 && !s->swapped)
        buf[n++] = c->swap_action;
    return n;
}

static void apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    memcpy(undo, st, HEADER_SIZE);
    apply_action(C(g), st, a);
}

static void undo(const mg_game *g, void *st, int32_t a, const void *rec)
{
    const china *c = C(g);
    cstate *s = st;
    if (a < c->n) { /* the rest (counts, turn, hash) is in the header */
        uint64_t bit = 1ULL << (a & 63);
        s->own[0][a >> 6] &= ~bit;
        s->own[1][a >> 6] &= ~bit;
        s->cell[a] = -1;
        s->vac[a >> 6] |= bit;
        s->vacant[c->klass[a]]++;
        if (c->small)
            s->kvac[c->klass[a]] |= (uint16_t)(1U << c->kpos[a]);
    }
    memcpy(s, rec, HEADER_SIZE);
}

/* ---------------------------------------------------------------- tables */

/* The four games share every op but create; each has its option table
 * and board kind. */
#define CHINA_OPS(name, opts, kind, create_fn, solver_ops)                    \
    {                                                                         \
        .id = name, .options = opts,                                          \
        .n_options = (int)(sizeof opts / sizeof opts[0]), .board_kind = kind, \
        .board_opt = 0, .defaults = NULL, .applies = NULL,                    \
        .create = create_fn, .destroy = destroy, .init = init,                \
        .current_player = current, .winner = mg__china_winner,                \
        .legal = legal,                                                       \
        .is_legal = is_legal, .apply = apply, .undo = undo, .hash = hash,     \
        .hash_full = hash_full, .score = mg__china_score,                     \
        .groups = mg__china_groups,                                           \
        .action_name = mg__china_action_name,                               \
        .action_parse = mg__china_action_parse, .render = mg__china_render,  \
        .playout = mg__china_playout,                                         \
        .playout_result = mg__china_playout_result,                           \
        .num_sites = mg__china_num_sites,                                     \
        .site_info = mg__china_site_info,                                     \
        .site_neighbors = mg__china_site_neighbors,                           \
        .site_name = mg__china_site_name,                                     \
        .action_sites = mg__china_action_sites, .result = mg__china_result,  \
        .site_owner = mg__china_site_owner,                                   \
        .site_owners = mg__china_site_owners, .observe = mg__china_observe,   \
        .gains = mg__china_gains, .illegal_reason = mg__china_illegal_reason, \
        .end_reason = mg__china_end_reason,                                   \
        .num_features = mg__china_num_features,                               \
        .features = mg__china_features,                                       \
        .solver = solver_ops,                                                 \
    }

const mg__game_ops mg__china_squares_ops = CHINA_OPS(
    "china_squares", squares_opts, MG_BOARD_OCTOPUSZLE, squares_create,
    &mg__solver_score_margin);
const mg__game_ops mg__china_octangle_ops = CHINA_OPS("china_octangle",
    octangle_opts, MG_BOARD_OCTOPUSZLE, octangle_create, NULL);
const mg__game_ops mg__china_tangle_ops = CHINA_OPS("china_tangle",
    tangle_opts, MG_BOARD_LABYRINTH, tangle_create, NULL);
const mg__game_ops mg__china_grove_ops = CHINA_OPS(
    "china_grove", grove_opts, MG_BOARD_LABYRINTH, grove_create,
    &mg__solver_score_margin);
