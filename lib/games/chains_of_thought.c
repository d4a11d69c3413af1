/*
 * chains_of_thought.c - Chains of Thought (rules §5): the options, the
 * game's data, the op table and the protocol around a position: apply,
 * undo, hashes, scores.  Stones go on the points of one of ten boards; a
 * turn places a stone (the equal-sum rule) or steps one to merge chains,
 * then removes every enemy stone next to a larger friendly chain until
 * nothing changes (removal=ludii: as Ludii's implementation does it,
 * chains_removal.c); whoever cannot act ends the game, won by the largest
 * chain, cascading.  The other files are listed in chains_of_thought.h.
 *
 * Besides the stones the state keeps, per seat, how many of its stones
 * touch each point (most placements are decided from these two numbers)
 * and the chains of the position (labels and sizes, found by a flood fill
 * in apply(), which needs them for the removals and to see whether the
 * next player can act; legal() reads them back).
 *
 * Game length.  With removal=none no stone ever leaves the board, so there
 * are at most P placements; each step lowers the mover's chain count by at
 * least one and only the mover's own placements raise it (by at most one),
 * so each seat steps at most as often as it places: at most 2P actions.
 * With removals (adjacent or ludii), stones can come back after being
 * removed and no bound is proven here (none of the potentials tried is
 * monotone: a stone may leave a large chain to join two small ones), so
 * such games are unbounded (max_length 0).  Exhaustive searches of all
 * the positions reachable on small boards with removal=adjacent (king
 * moves on 3x3, 4x3, 5x2, 6x2, 5x3 and 4x4, the hexagon of side 2) found
 * no cycle, and random games stay short, with either removal.
 */
#include "chains_of_thought.h"

#include <stdlib.h>
#include <string.h>

enum { OPT_BOARD, OPT_GOAL, OPT_PLACEMENT, OPT_MOVEMENT, OPT_REMOVAL,
       N_OPTS };

static const char *const goal_names[] = {"largest", "stalemate", NULL};
static const char *const placement_names[] = {"sum_equal",
                                              "not_self_adjacent", NULL};
static const char *const movement_names[] = {"merge_except_largest",
                                             "must_merge", NULL};
static const char *const removal_names[] = {"adjacent", "none", "ludii",
                                            NULL};

static const mg__option options[N_OPTS] = {
    {"board", MG__OPT_ENUM, 0, 0, mg__cot_board_names, MG__COT_HEX4},
    {"goal", MG__OPT_ENUM, 0, 0, goal_names, GOAL_LARGEST},
    {"placement", MG__OPT_ENUM, 0, 0, placement_names, PLACE_SUM_EQUAL},
    {"movement", MG__OPT_ENUM, 0, 0, movement_names, MOVE_EXCEPT_LARGEST},
    {"removal", MG__OPT_ENUM, 0, 0, removal_names, REMOVE_ADJACENT},
};

static size_t round8(size_t n)
{
    return (n + 7) & ~(size_t)7;
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
                       mg__cot_board_names[(int)o->v[OPT_BOARD]]);
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
    g->planes = mg__cot_planes;
    g->num_planes = MG__COT_PLANES;
    /* removal=ludii visits its removals in point order, and the order can
     * decide what is removed (chains_removal.c) */
    g->ordered = c->removal == REMOVE_LUDII;
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
    mg__cot_label_chains(C(g), cells(st), &sc);
    mg__cot_store_chains(C(g), st, &sc);
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

/* Play the action, then the removals of the removal option, then see
 * whether the opponent can act, and who won if not (rules §5.2, §0). */
static void cot_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const cot *c = C(g);
    chdr *h = st;
    int8_t *cell = cells(st);
    uint8_t *cnt = counts(c, st);
    unsigned char *removed = (unsigned char *)undo + HDR;
    int me = h->player, opp = 1 - me, last;
    scan sc;
    memcpy(undo, h, HDR);
    memset(removed, 0, (size_t)(c->P + 7) / 8);
    if (a < c->P) {
        last = (int)a;
        put(c, cell, cnt, last, me);
        h->hash ^= c->zstone[a][me];
        assert(h->stones[me] < c->P);
        h->stones[me]++;
    } else {
        int f = (int)((a - c->P) / c->D);
        int t = c->b.nbr[f][(a - c->P) % c->D];
        take(c, cell, cnt, f, me);
        put(c, cell, cnt, t, me);
        h->hash ^= c->zstone[f][me] ^ c->zstone[t][me];
        last = t;
    }
    mg__cot_label_chains(c, cell, &sc);
    switch (c->removal) {
    case REMOVE_ADJACENT:
        mg__cot_remove_adjacent(c, h, cell, cnt, me, removed, &sc);
        break;
    case REMOVE_LUDII:
        mg__cot_remove_ludii(c, h, cell, cnt, me, last, removed, &sc);
        break;
    default: /* REMOVE_NONE */
        break;
    }
    h->player = (int8_t)opp;
    h->hash ^= c->zside;
    mg__cot_store_chains(c, st, &sc);
    if (!mg__cot_list_actions(c, cell, cnt, &sc, opp, NULL)) {
        h->over = 1;
        if (c->goal == GOAL_STALEMATE) {
            h->winner = (int8_t)me;
        } else {
            int32_t a0[MAXP], a1[MAXP];
            int32_t n0 = mg__cot_seat_sizes(&sc, 0, a0);
            int32_t n1 = mg__cot_seat_sizes(&sc, 1, a1);
            h->winner = (int8_t)mg__cascade(a0, n0, a1, n1);
        }
    }
    MG__ASSERT_SLOW(mg__cot_consistent(c, st));
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
    mg__cot_label_chains(c, cell, &sc);
    mg__cot_store_chains(c, st, &sc);
    MG__ASSERT_SLOW(mg__cot_consistent(c, st));
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
    mg__cot_get_chains(C(g), st, &sc);
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

const mg__game_ops mg__chains_of_thought_ops = {
    .id = "chains_of_thought",
    .options = options,
    .n_options = N_OPTS,
    .board_kind = 0,
    .board_opt = -1,
    .defaults = NULL,
    .applies = NULL,
    .create = cot_create,
    .destroy = cot_destroy,
    .init = cot_init,
    .current_player = cot_current,
    .winner = cot_winner,
    .legal = mg__cot_legal,
    .is_legal = mg__cot_is_legal,
    .apply = cot_apply,
    .undo = cot_undo,
    .hash = cot_hash,
    .hash_full = cot_hash_full,
    .score = cot_score,
    .groups = cot_groups,
    .action_name = mg__cot_action_name,
    .action_parse = mg__cot_action_parse,
    .render = mg__cot_render,
    .playout = NULL, /* the core's loop of legal + apply */
    .num_sites = mg__cot_num_sites,
    .site_info = mg__cot_site_info,
    .site_neighbors = mg__cot_site_neighbors,
    .site_name = mg__cot_site_name,
    .action_sites = mg__cot_action_sites,
    .site_label = NULL,
    .site_owner = mg__cot_site_owner,
    .site_owners = mg__cot_site_owners,
    .observe = mg__cot_observe,
};
