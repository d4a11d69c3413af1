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
 * Besides the stones a position keeps its chains and what the legal
 * actions and the removals are decided from, up to date after every
 * action (chains_of_thought.h): apply and undo rebuild only the chains
 * next to the points they change, and legal() reads the actions off bit
 * sets instead of searching the board.
 *
 * Game length (rules §5.2, "Length of a game").  With removal=none no
 * stone ever leaves the board, so there are at most P placements; each
 * step lowers the mover's chain count by at least one and only the
 * mover's own placements raise it (by at most one), so each seat steps at
 * most as often as it places: at most 2P actions (max_length).  With
 * removals (adjacent or ludii) stones can come back after being removed,
 * and no bound is proven: no potential tried is monotone.  The nearest,
 * with removal=adjacent, is the cascade's order on the chain sizes of both
 * seats, sorted largest first.  After a turn no enemy stone is next to a
 * larger chain of the mover's (the removals ran until none was); the
 * opponent's placement then only grows its chains and its removals only
 * shrink the mover's, so only its step can leave its stones next to a
 * larger chain of ours: the pieces of the chain it stepped from.  A
 * placement makes a chain of m stones out of smaller ones, and its
 * removals take chains smaller than m, except such pieces: so it raises
 * the order unless it takes a piece of m stones or more.  A step lowers
 * it when a stone leaves a chain of k stones for one of fewer than k
 * (rule 2 allows that when an enemy chain has k stones or more;
 * must_merge always).  In 576,000 random turns on hex4 the order fell 69
 * times (37 placements, 32 steps).  removal=ludii can also take chains
 * larger than m (it compares with a sum of chains).  No cycle is known
 * either: exhaustive searches of all the positions reachable on small
 * boards with removal=adjacent (king moves on 3x3, 4x3, 5x2, 6x2, 5x3 and
 * 4x4, the hexagon of side 2) found none, and random games repeated no
 * position and lasted at most 1.43P actions (20,000 in each of nine
 * option combinations on hex4, square6 and trisquare4, and 3,000 more
 * avoiding the end whenever an action allowed; 1,000 on each board with
 * either removal).  So these games are unbounded (max_length 0): the
 * history grows, and the core calls the playout op in chunks the history
 * has room for.  The op draws exactly the actions of the core's generic
 * loop (the k-th of the ascending legal list, k = mg__rand_below over
 * their number), choosing the k-th without writing the list out.
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

/* lconn (chains_of_thought.h): for each mask of p's neighbour slots,
 * whether those neighbours are connected through each other. */
static void local_connectivity(cot *c)
{
    int32_t p;
    for (p = 0; p < c->P; p++) {
        int d = c->b.deg[p], i, j;
        unsigned m, near[MAXD];
        for (i = 0; i < d; i++) {
            near[i] = 0;
            for (j = 0; j < d; j++) {
                int k, a = c->b.adj[p][i], b = c->b.adj[p][j];
                for (k = 0; k < c->b.deg[a]; k++)
                    if (c->b.adj[a][k] == b)
                        near[i] |= 1u << j;
            }
        }
        for (i = 0; i < d; i++) {
            int q = c->b.adj[p][i], k;
            for (k = 0; k < c->b.deg[q]; k++)
                if (c->b.adj[q][k] == p)
                    c->rslot[p][i] = (uint8_t)k;
            c->lower[p][i] = (uint8_t)(near[i] & ((1u << i) - 1));
            for (k = 0; k < c->b.D; k++)
                if (c->b.nbr[q][k] == p)
                    c->toslot[p][i] = (uint8_t)k;
        }
        for (m = 0; m < (1u << d); m++) {
            unsigned reach = m & (0u - m), prev = 0;
            while (reach != prev) {
                prev = reach;
                for (i = 0; i < d; i++)
                    if (reach >> i & 1)
                        reach |= near[i] & m;
            }
            if (reach == m)
                c->lconn[p][m >> 6] |= (uint64_t)1 << (m & 63);
        }
    }
}

static int cot_create(mg_game *g, const mg__optvals *o, char *err,
                      size_t errcap)
{
    cot *c = calloc(1, sizeof *c);
    int32_t p;
    int rc, k;
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
    c->W = (c->P + 63) / 64;
    for (p = 0; p < c->P; p++) {
        c->zstone[p][0] = mg__zobrist_key(0xC07A, (uint64_t)(2 * p));
        c->zstone[p][1] = mg__zobrist_key(0xC07A, (uint64_t)(2 * p + 1));
        bs_set(c->valid, p);
        for (k = 0; k < c->b.deg[p]; k++)
            bs_set(c->nbm[p], c->b.adj[p][k]);
    }
    local_connectivity(c);
    c->zside = mg__zobrist_key(0xC07B, 0);
    c->off_bits = round8(HDR + 3 * (size_t)c->P);
    c->off_rep = c->off_bits + 8 * B_SETS * (size_t)c->W;
    c->off_sz = c->off_rep + 2 * (size_t)c->P;
    c->off_val = (c->off_sz + 2 * (size_t)c->P + 3) & ~(size_t)3;
    c->off_hist = c->off_val + 8 * (size_t)c->P;
    g->data = c;
    g->num_actions = c->P + c->P * c->D;
    g->max_legal = c->P * c->D; /* empty points + own stones x D */
    g->max_length = c->removal == REMOVE_NONE ? 2 * c->P : 0;
    g->state_size = round8(c->off_hist + 2 * (size_t)(c->P + 1));
    assert(g->state_size <= MG__COT_STATE_MAX);
    g->undo_size = HDR + 8 * (size_t)c->W;
    g->planes = mg__cot_planes;
    g->num_planes = MG__COT_PLANES;
    mg__planes_unit(g);
    /* own_chain, opponent_chain: a chain has at most every point (a safe
     * bound; chains_position.c) */
    g->plane_hi[3] = g->plane_hi[4] = (float)c->P;
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
    memset(st, 0, g->state_size);
    h->player = 0;
    memset(cells(st), -1, (size_t)C(g)->P);
    mg__cot_derive(C(g), st);
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

/* The cascade of rules §0 on the chain sizes: from the largest size
 * down, the first size the seats have different numbers of chains of
 * decides (more wins); 0, 1 or MG_DRAW. */
static int cascade(const cot *c, const void *st)
{
    const uint8_t *h0 = chists(c, st, 0), *h1 = chists(c, st, 1);
    int32_t s;
    for (s = c->P; s > 0; s--)
        if (h0[s] != h1[s])
            return h0[s] > h1[s] ? 0 : 1;
    return MG_DRAW;
}

/* PLACE s by `me`: the stone, and its chain (a new chain of one, or the
 * chains next to s merged). */
CT_INLINE void place_stone(const cot *c, void *st, int s, int me,
                           const int W)
{
    chdr *h = st;
    const uint64_t *sm = cbits(c, st, B_STONES + me, W);
    uint64_t seed[MAXW] = {0}, region[MAXW] = {0};
    int i;
    for (i = 0; i < W; i++)
        seed[i] = c->nbm[s][i] & sm[i];
    if (bs_any(seed, W)) {
        flood(c, seed, sm, region, W);
        dissolve(c, st, me, region, W);
        put(c, st, s, me, W);
        bs_set(region, s);
        rebuild_one(c, st, me, region, W);
        refresh(c, st, region, me, W);
    } else { /* a new chain of one */
        put(c, st, s, me, W);
        single_added(c, st, s, me, W);
    }
    h->hash ^= c->zstone[s][me];
    assert(h->stones[me] < c->P);
    h->stones[me]++;
}

/* Move `me`'s stone from f to t, the chains at both ends rebuilt: STEP
 * f -> t (fix = 1), and its undo, t -> f (fix = 0: the header, which
 * fix_big keeps, comes back from the undo record). */
CT_INLINE void move_stone(const cot *c, void *st, int f, int t, int me,
                          const int fix, const int W)
{
    const uint64_t *sm = cbits(c, st, B_STONES + me, W);
    uint64_t seed[MAXW] = {0}, region[MAXW] = {0};
    int i;
    for (i = 0; i < W; i++)
        seed[i] = c->nbm[t][i] & sm[i];
    bs_set(seed, f);
    flood(c, seed, sm, region, W);
    dissolve(c, st, me, region, W);
    take(c, st, f, me, W);
    put(c, st, t, me, W);
    bs_clr(region, f);
    bs_set(region, t);
    rebuild(c, st, me, region, W);
    if (fix)
        fix_big(c, st, me);
    bs_set(region, f);
    refresh(c, st, region, me, W);
}

/* Play the action, then the removals of the removal option, then see
 * whether the opponent can act, and who won if not (rules §5.2, §0). */
CT_INLINE void apply_body(const cot *c, void *st, int32_t a, void *undo,
                          const int W)
{
    chdr *h = st;
    uint64_t *removed = (uint64_t *)(void *)((unsigned char *)undo + HDR);
    int me = h->player, opp = 1 - me, last;
    memcpy(undo, h, HDR);
    bs_zero(removed, W);
    if (a < c->P) {
        last = (int)a;
        place_stone(c, st, last, me, W);
    } else {
        int f = (int)((a - c->P) / c->D);
        last = c->b.nbr[f][(a - c->P) % c->D];
        move_stone(c, st, f, last, me, 1, W);
        h->hash ^= c->zstone[f][me] ^ c->zstone[last][me];
    }
    switch (c->removal) {
    case REMOVE_ADJACENT:
        if (W == 1)
            mg__cot_remove_adjacent_1(c, st, me, removed);
        else
            mg__cot_remove_adjacent_n(c, st, me, removed);
        break;
    case REMOVE_LUDII:
        mg__cot_remove_ludii(c, st, me, last, removed);
        break;
    default: /* REMOVE_NONE */
        break;
    }
    h->player = (int8_t)opp;
    h->hash ^= c->zside;
    if (!(W == 1 ? mg__cot_list_1(c, st, opp, NULL)
                 : mg__cot_list_n(c, st, opp, NULL))) {
        h->over = 1;
        h->winner = (int8_t)(c->goal == GOAL_STALEMATE ? me : cascade(c, st));
    }
    MG__ASSERT_SLOW(mg__cot_consistent(c, st));
}

/* Undo: put back the opponent's stones in `removed` (not empty), their
 * chains rebuilt with the chains next to them. */
CT_INLINE void put_back(const cot *c, void *st, int opp,
                        const uint64_t *removed, const int W)
{
    const uint64_t *so = cbits(c, st, B_STONES + opp, W);
    uint64_t seed[MAXW] = {0}, region[MAXW] = {0};
    int i;
    bs_zero(seed, W);
    BS_FOR(p, removed, W)
    {
        for (i = 0; i < W; i++)
            seed[i] |= c->nbm[p][i];
    }
    for (i = 0; i < W; i++)
        seed[i] &= so[i];
    if (bs_any(seed, W)) {
        flood(c, seed, so, region, W);
        dissolve(c, st, opp, region, W);
    } else {
        bs_zero(region, W);
    }
    for (i = 0; i < W; i++) {
        uint64_t x;
        for (x = removed[i]; x; x &= x - 1)
            put(c, st, 64 * i + mg__ctz64(x), opp, W);
        region[i] |= removed[i];
    }
    rebuild(c, st, opp, region, W);
    refresh(c, st, region, opp, W);
}

/* Undo PLACE s by `me`: the stone taken, its chain split again. */
CT_INLINE void unplace_stone(const cot *c, void *st, int s, int me,
                             const int W)
{
    uint64_t seed[MAXW] = {0}, region[MAXW] = {0};
    if (csizes(c, st)[s] == 1) { /* a chain of one */
        take(c, st, s, me, W);
        single_removed(c, st, s, me, W);
        fix_big(c, st, me);
        return;
    }
    bs_zero(seed, W);
    bs_set(seed, s);
    flood(c, seed, cbits(c, st, B_STONES + me, W), region, W);
    dissolve(c, st, me, region, W);
    take(c, st, s, me, W);
    bs_clr(region, s);
    rebuild(c, st, me, region, W);
    bs_set(region, s);
    refresh(c, st, region, me, W);
}

/* Put back the stones the action removed, then take back the action;
 * the header comes back from the record. */
CT_INLINE void undo_body(const cot *c, void *st, int32_t a, const void *undo,
                         const int W)
{
    const chdr *u = undo;
    const uint64_t *removed =
        (const uint64_t *)(const void *)((const unsigned char *)undo + HDR);
    int me = u->player;
    if (bs_any(removed, W))
        put_back(c, st, 1 - me, removed, W);
    if (a < c->P) {
        unplace_stone(c, st, (int)a, me, W);
    } else {
        int f = (int)((a - c->P) / c->D);
        move_stone(c, st, c->b.nbr[f][(a - c->P) % c->D], f, me, 0, W);
    }
    memcpy(st, undo, HDR);
    MG__ASSERT_SLOW(mg__cot_consistent(c, st));
}

static void cot_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const cot *c = C(g);
    if (c->W == 1)
        apply_body(c, st, a, undo, 1);
    else
        apply_body(c, st, a, undo, c->W);
}

static void cot_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const cot *c = C(g);
    if (c->W == 1)
        undo_body(c, st, a, undo, 1);
    else
        undo_body(c, st, a, undo, c->W);
}

/* The op playout: the generic loop's actions (the k-th legal action,
 * k = mg__rand_below(rng, their number), until the end or `max`; max < 0:
 * no limit), drawn without listing them. */
CT_INLINE int32_t playout_body(const cot *c, void *st, uint64_t *rng,
                               int32_t max, int32_t *hist,
                               unsigned char *undo, size_t stride,
                               const int W)
{
    chdr *h = st;
    int32_t done = 0;
    while ((max < 0 || done < max) && !h->over) {
        int32_t a = W == 1 ? mg__cot_pick_1(c, st, h->player, rng)
                           : mg__cot_pick_n(c, st, h->player, rng);
        if (a < 0)
            break;
        apply_body(c, st, a, undo + (size_t)done * stride, W);
        hist[done++] = a;
    }
    return done;
}

static int32_t cot_playout(const mg_game *g, void *st, uint64_t *rng,
                           int32_t max, int32_t *hist, unsigned char *undo,
                           size_t stride, int32_t *scratch)
{
    const cot *c = C(g);
    (void)scratch;
    if (c->W == 1)
        return playout_body(c, st, rng, max, hist, undo, stride, 1);
    return playout_body(c, st, rng, max, hist, undo, stride, c->W);
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
    (void)g;
    return ((const chdr *)st)->big[player];
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
    .playout = cot_playout,
    .policy_priors = mg__cot_policy_priors,
    .num_sites = mg__cot_num_sites,
    .site_info = mg__cot_site_info,
    .site_neighbors = mg__cot_site_neighbors,
    .site_name = mg__cot_site_name,
    .action_sites = mg__cot_action_sites,
    .site_label = NULL,
    .site_owner = mg__cot_site_owner,
    .site_owners = mg__cot_site_owners,
    .observe = mg__cot_observe,
    .solver = &mg__cot_solver,
    .illegal_reason = mg__cot_illegal_reason,
    .end_reason = mg__cot_end_reason,
};
