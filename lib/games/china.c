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
#include "china.h"

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
    make_keys(c);

    g->data = c;
    g->planes = mg__china_planes;
    g->num_planes = MG__CHINA_PLANES;
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
static uint64_t turn_keys(const china *c, const cstate *s)
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

/* ---------------------------------------------------------------- rules */

static void init(const mg_game *g, void *st)
{
    const china *c = C(g);
    cstate *s = st;
    int32_t k;
    memset(s->cell, -1, sizeof s->cell);
    for (k = 0; k < c->n; k++)
        s->vac[k >> 6] |= 1ULL << (k & 63);
    for (k = 0; k < c->nk; k++)
        s->vacant[k] = (int16_t)(c->kstart[k + 1] - c->kstart[k]);
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

static int32_t legal(const mg_game *g, const void *st, int32_t *buf)
{
    const china *c = C(g);
    const cstate *s = st;
    int32_t n = 0, i, k;
    if (s->placed > 0) {
        k = s->klass;
        for (i = c->kstart[k]; i < c->kstart[k + 1]; i++)
            if (cell_legal(c, s, c->kcells[i]))
                buf[n++] = c->kcells[i];
        if (may_stop(c, s))
            buf[n++] = c->done_action;
        return n;
    }
    if (!c->ascending || may_stop(c, s)) { /* every vacant cell */
        int w;
        for (w = 0; w < 4; w++) {
            uint64_t v = s->vac[w];
            while (v) {
                buf[n++] = w * 64 + mg__ctz64(v);
                v &= v - 1;
            }
        }
    } else { /* ascending, mandatory: the first vacant cells of each
                class, leaving room above for the rest of the quota */
        uint64_t ok[4] = {0, 0, 0, 0};
        int w;
        for (k = 0; k < c->nk; k++) {
            int32_t v = s->vacant[k], q, allowed, seen = 0;
            if (v == 0)
                continue;
            q = c->base - c->beams[c->kcells[c->kstart[k]]];
            allowed = v - (q < v ? q : v) + 1;
            for (i = c->kstart[k]; i < c->kstart[k + 1] && seen < allowed;
                 i++) {
                int32_t cell = c->kcells[i];
                if (s->cell[cell] < 0) {
                    ok[cell >> 6] |= 1ULL << (cell & 63);
                    seen++;
                }
            }
        }
        for (w = 0; w < 4; w++)
            for (; ok[w]; ok[w] &= ok[w] - 1)
                buf[n++] = w * 64 + mg__ctz64(ok[w]);
    }
    if (s->turn == 1 && !s->swapped)
        buf[n++] = c->swap_action;
    return n;
}

/* Is any placement left in this turn? */
static int turn_can_go_on(const china *c, const cstate *s)
{
    int32_t k = s->klass, i;
    if (s->placed >= s->quota)
        return 0;
    if (!c->ascending)
        return s->vacant[k] > 0;
    for (i = c->kstart[k]; i < c->kstart[k + 1]; i++)
        if (s->cell[c->kcells[i]] < 0 &&
            (!c->ascending || c->kcells[i] > s->last))
            return 1;
    return 0;
}

static void end_turn(cstate *s)
{
    s->turn++;
    s->colour ^= 1;
    s->placed = 0;
    s->quota = s->klass = s->last = 0;
}

static void apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const china *c = C(g);
    cstate *s = st;
    uint64_t h = s->hash ^ turn_keys(c, s);
    memcpy(undo, s, HEADER_SIZE);
    if (a == c->swap_action) {
        s->swapped = 1; /* 0: the same colour moves, now played by seat 0 */
    } else if (a == c->done_action) {
        end_turn(s);
    } else {
        int32_t k = c->klass[a];
        if (s->placed == 0) {
            s->klass = (int16_t)k;
            s->quota = (int16_t)quota_of(c, s, a);
        }
        s->placed++;
        s->last = (int16_t)a;
        s->cell[a] = s->colour;
        s->vac[a >> 6] &= ~(1ULL << (a & 63));
        h ^= c->zstone[a][s->colour];
        s->stones[(int)s->colour]++;
        s->vacant[k]--;
        s->vacant_total--;
        if (s->vacant_total == 0) {
            s->colour = -1; /* rules §1.3.5 / 2.3.4: a full board ends it */
        } else if (!turn_can_go_on(c, s)) {
            end_turn(s);
        }
    }
    s->hash = h ^ turn_keys(c, s);
}

static void undo(const mg_game *g, void *st, int32_t a, const void *rec)
{
    const china *c = C(g);
    cstate *s = st;
    if (a < c->n) { /* the rest (counts, turn, hash) is in the header */
        s->cell[a] = -1;
        s->vac[a >> 6] |= 1ULL << (a & 63);
        s->vacant[c->klass[a]]++;
    }
    memcpy(s, rec, HEADER_SIZE);
}

/* ------------------------------------------------------------- playout */

/* The r-th (0-based) vacant cell in index order. */
static int32_t nth_vacant(const cstate *s, uint32_t r)
{
    int w = 0;
    uint64_t v;
    for (;;) {
        uint32_t pc = (uint32_t)mg__popcount64(s->vac[w]);
        if (r < pc)
            break;
        r -= pc;
        w++;
    }
    for (v = s->vac[w]; r; r--)
        v &= v - 1;
    return w * 64 + mg__ctz64(v);
}

/* Uniformly random playout without listing the legal actions: a turn's
 * first stone is the r-th vacant cell (or the swap), a later one the r-th
 * vacant cell of the turn's class (or `done`).  order=ascending restricts
 * the cells in ways this shortcut does not model; it lists them. */
static int32_t playout(const mg_game *g, void *st, uint64_t *rng, int32_t max,
                       int32_t *hist, unsigned char *rec, size_t stride,
                       int32_t *scratch)
{
    const china *c = C(g);
    cstate *s = st;
    int32_t done = 0;
    while (s->colour >= 0 && done != max) {
        int32_t a;
        if (c->ascending) {
            int32_t n = legal(g, st, scratch);
            a = scratch[mg__rand_below(rng, (uint32_t)n)];
        } else if (s->placed == 0) {
            int swap = s->turn == 1 && !s->swapped;
            uint32_t r = mg__rand_below(
                rng, (uint32_t)s->vacant_total + (uint32_t)swap);
            a = r == (uint32_t)s->vacant_total ? c->swap_action
                                               : nth_vacant(s, r);
        } else {
            int32_t k = s->klass, i;
            uint32_t v = (uint32_t)s->vacant[k];
            uint32_t r = mg__rand_below(rng, v + (uint32_t)may_stop(c, s));
            if (r == v) {
                a = c->done_action;
            } else {
                for (i = c->kstart[k];; i++)
                    if (s->cell[c->kcells[i]] < 0 && r-- == 0)
                        break;
                a = c->kcells[i];
            }
        }
        apply(g, st, a, rec + (size_t)done * stride);
        hist[done++] = a;
    }
    return done;
}

/* -------------------------------------------------------------- scoring */

/* Group sizes of `colour`, unsorted, into sizes; returns their number.
 * Groups join through the board's neighbours (8 on the Octopuszle, so
 * diagonal cross-cuts connect; 6 on the hex board). */
int32_t mg__china_group_sizes(const mg_game *g, const cstate *s, int colour,
                              int32_t *sizes)
{
    return mg__group_sizes(C(g)->n, s->cell, colour, &C(g)->nbr[0][0], 8,
                           sizes);
}

int32_t mg__china_score_colour(const mg_game *g, const cstate *s, int colour)
{
    const china *c = C(g);
    int32_t sizes[MAXC], i, best = 0;
    int32_t n = mg__china_group_sizes(g, s, colour, sizes);
    if (c->symple) /* rules §1.3.6: stones - P x groups */
        return s->stones[colour] - c->penalty * n;
    for (i = 0; i < n; i++)
        if (sizes[i] > best)
            best = sizes[i];
    return best;
}

static int32_t score(const mg_game *g, const void *st, int player)
{
    const cstate *s = st;
    return mg__china_score_colour(g, s, player ^ s->swapped);
}

static int groups(const mg_game *g, const void *st, int player, int32_t *buf,
                  size_t cap, size_t *count)
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
    int32_t a[MAXC], b[MAXC], na, nb;
    if (s->colour >= 0)
        return MG_NOBODY;
    if (c->symple) {
        int32_t s0 = score(g, st, 0), s1 = score(g, st, 1);
        return s0 == s1 ? MG_DRAW : s0 > s1 ? 0 : 1;
    }
    /* rules §0, cascade: group sizes descending, a missing entry is 0 */
    na = mg__china_group_sizes(g, s, 0 ^ s->swapped, a);
    nb = mg__china_group_sizes(g, s, 1 ^ s->swapped, b);
    return mg__cascade(a, na, b, nb);
}

/* ---------------------------------------------------------------- tables */

/* The four games share every op but create; each has its option table
 * and board kind. */
#define CHINA_OPS(name, opts, kind, create_fn)                                \
    {                                                                         \
        .id = name, .options = opts,                                          \
        .n_options = (int)(sizeof opts / sizeof opts[0]), .board_kind = kind, \
        .board_opt = 0, .defaults = NULL, .applies = NULL,                    \
        .create = create_fn, .destroy = destroy, .init = init,                \
        .current_player = current, .winner = mg__china_winner,                \
        .legal = legal,                                                       \
        .is_legal = is_legal, .apply = apply, .undo = undo, .hash = hash,     \
        .hash_full = hash_full, .score = score, .groups = groups,             \
        .action_name = mg__china_action_name,                               \
        .action_parse = mg__china_action_parse, .render = mg__china_render,  \
        .playout = playout, .num_sites = mg__china_num_sites,                 \
        .site_info = mg__china_site_info,                                     \
        .site_neighbors = mg__china_site_neighbors,                           \
        .site_name = mg__china_site_name,                                     \
        .action_sites = mg__china_action_sites, .site_label = NULL,           \
        .site_owner = mg__china_site_owner,                                   \
        .site_owners = mg__china_site_owners, .observe = mg__china_observe,   \
    }

const mg__game_ops mg__china_squares_ops = CHINA_OPS(
    "china_squares", squares_opts, MG_BOARD_OCTOPUSZLE, squares_create);
const mg__game_ops mg__china_octangle_ops = CHINA_OPS(
    "china_octangle", octangle_opts, MG_BOARD_OCTOPUSZLE, octangle_create);
const mg__game_ops mg__china_tangle_ops = CHINA_OPS(
    "china_tangle", tangle_opts, MG_BOARD_LABYRINTH, tangle_create);
const mg__game_ops mg__china_grove_ops = CHINA_OPS(
    "china_grove", grove_opts, MG_BOARD_LABYRINTH, grove_create);
