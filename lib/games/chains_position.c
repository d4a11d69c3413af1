/*
 * chains_position.c - the sites and observations of Chains of Thought
 * (1.3; rules §5).
 *
 * Sites are the points in their index order (rules §5.1: Ludii's site
 * order), site s = point s = the action PLACE(s), all of kind
 * MG_SITE_POINT.  A site's position is the point's centre in the SVG's
 * plane (x right, y down) with neighbouring points 1 apart and the
 * smallest x and y 0, kept as doubles from the board's construction
 * (chains_boards.c): hex (q, r) at (q + r/2 + n - 1, (n - 1 - r) sqrt(3)/2),
 * square (x, y) at (x, n - 1 - y), trisquare the rotated Tiling33434
 * points, y flipped.  The SVG draws point s at MG__COT_MARGIN_PX +
 * MG__COT_UNIT_PX * position (30 + 40 x, 30 + 40 y pixels, rounded), in
 * the body that the SVG writer may shift right to centre it under a wide
 * status.  Neighbours are the board's adjacency, ascending; names the
 * notation ("d4", "#12").  PLACE(s) concerns (-1, s), STEP(f, slot)
 * (f, t), t the neighbour in the slot, and the id of a slot the point
 * lacks (-1, -1).  A site is held by the seat whose stone is on it.
 *
 * Observation planes (mindgames-games(7)), for `player`, one float per
 * point each:
 *   0 own             1 on player's stones
 *   1 opponent        1 on the other seat's stones
 *   2 empty           1 on empty points
 *   3 own_chain       on each of player's stones the size of its chain,
 *                     else 0
 *   4 opponent_chain  the same for the other seat's stones
 *   5 placeable       1 on the empty points where player may place by the
 *                     game's placement rule (rules §5.2 PLACE, or
 *                     placement=not_self_adjacent) in this position,
 *                     whoever is to move and even once the game is over
 *   6 frozen          1 on player's stones of the chain that STEP rule (2)
 *                     keeps from stepping and from being stepped next to
 *                     (player's unique largest chain, when larger than
 *                     every opponent chain; never with movement=
 *                     must_merge), as it would apply to player now
 *   7 to_move         1 everywhere when player is to move, else 0
 * so the planes describe the position for either player whoever moves.
 *
 * The solver (1.4) is the core's generic search, valued win/draw/loss; it
 * reduces by the board's symmetries through the images' keys below.
 */
#include "chains_of_thought.h"

const char *const mg__cot_planes[MG__COT_PLANES + 1] = {
    "own",       "opponent", "empty",  "own_chain", "opponent_chain",
    "placeable", "frozen",   "to_move", NULL};

int32_t mg__cot_num_sites(const mg_game *g)
{
    return C(g)->P;
}

void mg__cot_site_info(const mg_game *g, int32_t site, int *kind, double *x,
                       double *y)
{
    const cot *c = C(g);
    *kind = MG_SITE_POINT;
    *x = c->b.x[site];
    *y = c->b.y[site];
}

int mg__cot_site_neighbors(const mg_game *g, int32_t site, int32_t *nbrs)
{
    const cot *c = C(g);
    int k, i, d = c->b.deg[site];
    for (k = 0; k < d; k++) { /* ascending */
        int32_t e = c->b.adj[site][k];
        for (i = k; i > 0 && nbrs[i - 1] > e; i--)
            nbrs[i] = nbrs[i - 1];
        nbrs[i] = e;
    }
    return d;
}

void mg__cot_site_name(const mg_game *g, int32_t site, mg__sb *sb)
{
    mg__cot_point_name(C(g), (int)site, sb);
}

void mg__cot_action_sites(const mg_game *g, int32_t action, int32_t *from,
                          int32_t *to)
{
    const cot *c = C(g);
    if (action < c->P) {
        *from = -1;
        *to = action;
    } else {
        int32_t f = (action - c->P) / c->D;
        int32_t t = c->b.nbr[f][(action - c->P) % c->D];
        *from = t < 0 ? -1 : f; /* a slot the point lacks: no sites */
        *to = t;
    }
}

int mg__cot_site_owner(const mg_game *g, const void *st, int32_t site)
{
    int v = ccells(st)[site];
    (void)g;
    return v < 0 ? MG_NOBODY : v;
}

void mg__cot_site_owners(const mg_game *g, const void *st, int8_t *buf)
{
    const int8_t *cell = ccells(st);
    int32_t i;
    for (i = 0; i < C(g)->P; i++) /* -1 (empty) is MG_NOBODY */
        buf[i] = cell[i] < 0 ? (int8_t)MG_NOBODY : cell[i];
}

void mg__cot_observe(const mg_game *g, const void *st, int player, float *buf)
{
    const cot *c = C(g);
    const chdr *h = st;
    const int8_t *cell = ccells(st);
    const int16_t *rep = creps(c, st), *sz = csizes(c, st);
    int32_t n = c->P, i;
    int frozen, opp = 1 - player;
    float to_move = (float)(!h->over && h->player == player);
    frozen = mg__cot_frozen_chain(c, st, player);
    for (i = 0; i < n; i++) {
        int v = cell[i];
        float size = (float)sz[i];
        buf[i] = (float)(v == player);
        buf[n + i] = (float)(v == opp);
        buf[2 * n + i] = (float)(v < 0);
        buf[3 * n + i] = v == player ? size : 0.0f;
        buf[4 * n + i] = v == opp ? size : 0.0f;
        buf[5 * n + i] =
            (float)(v < 0 && mg__cot_place_ok(c, st, (int)i, player));
        buf[6 * n + i] =
            (float)(v == player && frozen >= 0 && rep[i] == frozen);
        buf[7 * n + i] = to_move;
    }
}

/* ------------------------------------------------------------ the solver */

/* The keys of the position's images under every symmetry, for the
 * generic search: the Zobrist hash of the stones moved to the images of
 * their points and the side to move (hash_full's, so [0] is hash_full),
 * and a second hash, the sum of the same keys mixed.  Nothing but the
 * stones and the side to move decides what may happen next (rules §5.2:
 * no count of moves, no history). */
static void cot_sym_keys(const mg_game *g, const void *st, uint64_t *hash,
                         uint64_t *verify)
{
    const cot *c = C(g);
    const mg__position *pos = g->pos;
    const int8_t *cell = ccells(st);
    const int32_t ns = pos->nsym;
    const size_t n = (size_t)pos->n;
    const int player = ((const chdr *)st)->player;
    int32_t s, p;
    for (s = 0; s < ns; s++) {
        hash[s] = player ? c->zside : 0;
        verify[s] = player ? 0x9E3779B97F4A7C15ULL : 0;
    }
    for (p = 0; p < c->P; p++) {
        const int32_t *img = pos->sym_site + p;
        int v = cell[p];
        if (v < 0)
            continue;
        for (s = 0; s < ns; s++) {
            uint64_t z = c->zstone[img[(size_t)s * n]][v], x = z;
            hash[s] ^= z;
            verify[s] += mg__splitmix64(&x);
        }
    }
}

const mg__solver_ops mg__cot_solver = {
    .value = MG__VALUE_WDL,
    .sym_keys = cot_sym_keys,
};
