/*
 * china_position.c - the China games' sites and observations (1.3).
 *
 * Sites are the playing cells in their index order (rules §1.5: site =
 * cell = the placement's action id), at their centres in the SVG's plane
 * with neighbouring cells 1 apart: (x, maxy - y) on the Octopuszle's
 * square grid, (x + y/2, (maxy - y) sqrt(3)/2) on the Labyrinth's hexagons
 * (axial x, y).  A cell's stone belongs to its colour's seat: after a
 * swap, seat = colour ^ 1.
 *
 * Observation planes (mindgames-games(7)), for `player`:
 *   own, opponent, empty  the stones of player, of the other seat, vacancy
 *   open        cells where player may place now (0 unless to move)
 *   turn_class  vacant cells of this turn's class once it has begun
 *   to_place    every site: stones still to place this turn at most
 *               (quota - placed; 0 before the turn's first stone), in
 *               0 .. max_to_place (below), an exact bound
 *   may_stop    every site: 1 when `done` is legal for player now
 *   swap        every site: 1 when `swap` is legal for player now
 *   to_move     every site: 1 when player is to move
 */
#include "china.h"

#define HALF_SQRT3 0.86602540378443864676

const char *const mg__china_planes[MG__CHINA_PLANES + 1] = {
    "own",      "opponent", "empty", "open",    "turn_class",
    "to_place", "may_stop", "swap",  "to_move", NULL};

int32_t mg__china_num_sites(const mg_game *g)
{
    return C(g)->n;
}

void mg__china_site_info(const mg_game *g, int32_t site, int *kind, double *x,
                         double *y)
{
    const china *c = C(g);
    double up = (double)(c->maxy - c->y[site]);
    *kind = MG_SITE_CELL;
    if (c->kind == MG_BOARD_OCTOPUSZLE) {
        *x = c->x[site];
        *y = up;
    } else {
        *x = c->x[site] + 0.5 * c->y[site];
        *y = up * HALF_SQRT3;
    }
}

int mg__china_site_neighbors(const mg_game *g, int32_t site, int32_t *nbrs)
{
    const china *c = C(g);
    int d, n = 0, i;
    for (d = 0; d < 8; d++) {
        int32_t e = c->nbr[site][d];
        if (e < 0)
            continue;
        for (i = n; i > 0 && nbrs[i - 1] > e; i--) /* ascending */
            nbrs[i] = nbrs[i - 1];
        nbrs[i] = e;
        n++;
    }
    return n;
}

void mg__china_site_name(const mg_game *g, int32_t site, mg__sb *sb)
{
    mg__china_action_name(g, site, sb);
}

void mg__china_action_sites(const mg_game *g, int32_t action, int32_t *from,
                            int32_t *to)
{
    *from = -1;
    *to = action < C(g)->n ? action : -1; /* done, swap: no site */
}

int mg__china_site_owner(const mg_game *g, const void *st, int32_t site)
{
    const cstate *s = st;
    (void)g;
    return s->cell[site] < 0 ? MG_NOBODY : s->cell[site] ^ s->swapped;
}

void mg__china_site_owners(const mg_game *g, const void *st, int8_t *buf)
{
    const cstate *s = st;
    int32_t i, n = C(g)->n;
    int8_t sw = s->swapped;
    for (i = 0; i < n; i++) /* -1 stays -1; a colour becomes its seat */
        buf[i] = (int8_t)(s->cell[i] < 0 ? -1 : s->cell[i] ^ sw);
}

static void fill(float *p, int32_t n, float v)
{
    int32_t i;
    for (i = 0; i < n; i++)
        p[i] = v;
}

/* The greatest to_place (the bound of its plane): a turn's quota less its first
 * stone, largest at the start of the game (every class vacant) on a cell
 * of the fewest beams.  Reached by the first stone there. */
static int32_t max_to_place(const china *c)
{
    int32_t i, k, most = 0;
    for (i = 0; i < c->n; i++) {
        int32_t q = c->base - c->beams[i];
        k = c->klass[i];
        if (c->kstart[k + 1] - c->kstart[k] < q)
            q = c->kstart[k + 1] - c->kstart[k];
        if (q - 1 > most)
            most = q - 1;
    }
    return most;
}

void mg__china_set_planes(mg_game *g)
{
    g->planes = mg__china_planes;
    g->num_planes = MG__CHINA_PLANES;
    mg__planes_unit(g);
    g->plane_hi[5] = (float)max_to_place(C(g));
}

void mg__china_observe(const mg_game *g, const void *st, int player, float *buf)
{
    const china *c = C(g);
    const cstate *s = st;
    int32_t n = c->n, i;
    int mine = player ^ s->swapped; /* player's colour */
    int to_move = s->colour >= 0 && (s->colour ^ s->swapped) == player;
    float *own = buf, *opp = buf + n, *empty = buf + 2 * n, *open = buf + 3 * n,
          *klass = buf + 4 * n;
    for (i = 0; i < n; i++) {
        int8_t v = s->cell[i];
        own[i] = (float)(v == mine);
        opp[i] = (float)(v == (mine ^ 1));
        empty[i] = (float)(v < 0);
        open[i] = (float)(to_move && v < 0 && cell_legal(c, s, i));
        klass[i] = (float)(s->colour >= 0 && s->placed > 0 && v < 0 &&
                           c->klass[i] == s->klass);
    }
    fill(buf + 5 * n, n,
         (float)(s->colour >= 0 && s->placed > 0 ? s->quota - s->placed : 0));
    fill(buf + 6 * n, n, (float)(to_move && s->placed > 0 && may_stop(c, s)));
    fill(buf + 7 * n, n,
         (float)(to_move && s->turn == 1 && s->placed == 0 && !s->swapped));
    fill(buf + 8 * n, n, (float)to_move);
}
