/*
 * fangqi_position.c - the sites and observations of Fangqi (doc/rules.md
 * §4; since 1.3).
 *
 * Sites are the points in their index order, site p = y * width + x =
 * the action id of PLACE(p) (rules §4.1, §4.3): the bottom row first, left
 * to right.  Kind MG_SITE_POINT.  Point (x, y) is at (x, height - 1 - y)
 * in the SVG's plane (x right, y down, neighbouring points 1 apart), so
 * a1 is at (0, height - 1) and the top-left point at (0, 0); the SVG draws
 * a point at 40 px x its place + (30 px + dx, 30 px), dx = max(0, 150 -
 * 20 width) px centring a grid narrower than the status's 320 px.  No rule
 * depends on the order of the points (g->ordered = 0): the core finds the
 * grid's 8 symmetries when width = height, else 4.  A point's neighbours
 * are the orthogonal ones (rules §4.1), ascending: below, left, right,
 * above.  Its name is its notation ("d4").  Action sites: PLACE(p)
 * (-1, p), REMOVE(p) (p, -1), MOVE(from, slot) (from, its target); the
 * slots of a point are distinct targets, so no two actions share a pair.
 * A point belongs to the seat whose stone is on it, or to MG_NOBODY.
 *
 * Observation planes (mindgames-games(7)), for `player`:
 *   0 own                 player's stones
 *   1 opponent            the other seat's stones
 *   2 empty               the empty points
 *   3 own_protected       player's stones in one of player's squares
 *                         (rules §4.1: a 2 x 2 block of one colour)
 *   4 opponent_protected  the same for the other seat
 *   5 removable           the opponent stones player may remove now: 1
 *                         where REMOVE is legal for player (rules §4.2.5),
 *                         so 0 everywhere unless player is to move with
 *                         removals pending
 *   6 pending             every site: the removals player still makes this
 *                         turn (a count, not scaled); 0 unless player is to
 *                         move
 *   7 placing             every site: 1 while placing (rules §4.2.1; the
 *                         removals of capture_on_placement included)
 *   8 removing            every site: 1 in the initial and square removals
 *                         after placing (rules §4.2.3-4)
 *   9 moving              every site: 1 in movement (rules §4.2.6; the
 *                         removals after a move included); 7-9 are the
 *                         one-hot phase, all 0 once the game is over
 *  10 quiet               every site: the movement plies since the last
 *                         removal over no_capture_limit (rules §4.2.8; 1
 *                         when the limit draws); 0 when the limit is off
 *  11 to_move             every site: 1 when player is to move
 *
 * The observation reads the stones' bit masks by rows (fangqi.h); the
 * squares of a row pair are two ANDs and a shift, and the protected
 * stones of a row the squares of the pairs above and below it, and their
 * right neighbours: a few word operations per row instead of a look at
 * the blocks of every point.  No allocation.
 */
#include "fangqi.h"

#include <string.h>

const char *const mg__fq_planes[MG__FQ_PLANES + 1] = {
    "own",       "opponent", "empty",   "own_protected", "opponent_protected",
    "removable", "pending",  "placing", "removing",      "moving",
    "quiet",     "to_move",  NULL};

int32_t mg__fq_num_sites(const mg_game *g)
{
    return F(g)->P;
}

void mg__fq_site_info(const mg_game *g, int32_t site, int *kind, double *x,
                      double *y)
{
    const fq *f = F(g);
    *kind = MG_SITE_POINT;
    *x = X(f, site);
    *y = f->h - 1 - Y(f, site);
}

int mg__fq_site_neighbors(const mg_game *g, int32_t site, int32_t *nbrs)
{
    const fq *f = F(g);
    int x = X(f, site), y = Y(f, site), n = 0;
    if (y > 0)
        nbrs[n++] = site - f->w;
    if (x > 0)
        nbrs[n++] = site - 1;
    if (x + 1 < f->w)
        nbrs[n++] = site + 1;
    if (y + 1 < f->h)
        nbrs[n++] = site + f->w;
    return n;
}

void mg__fq_site_name(const mg_game *g, int32_t site, mg__sb *sb)
{
    mg__fq_action_name(g, site, sb); /* PLACE(site): the point's name */
}

void mg__fq_action_sites(const mg_game *g, int32_t action, int32_t *from,
                         int32_t *to)
{
    const fq *f = F(g);
    if (action < f->P) { /* PLACE */
        *from = -1;
        *to = action;
    } else if (action < 2 * f->P) { /* REMOVE */
        *from = action - f->P;
        *to = -1;
    } else { /* MOVE */
        int m = action - 2 * f->P;
        *from = m / f->S;
        *to = slot_target(f, *from, m % f->S);
    }
}

int mg__fq_site_owner(const mg_game *g, const void *st, int32_t site)
{
    int c = cell_at(F(g), st, site);
    return c < 0 ? MG_NOBODY : c;
}

void mg__fq_site_owners(const mg_game *g, const void *st, int8_t *buf)
{
    /* -1 (MG_NOBODY) or the seat, as cell_at gives them */
    const fq *f = F(g);
    int p;
    for (p = 0; p < f->P; p++)
        buf[p] = (int8_t)cell_at(f, st, p);
}

static void fill(float *p, int32_t n, float v)
{
    int32_t i;
    for (i = 0; i < n; i++)
        p[i] = v;
}

/* Plane `out` from one mask per row. */
static void plane_of(const fq *f, const uint32_t *rows, float *out)
{
    int x, y;
    for (y = 0; y < f->h; y++) {
        uint32_t r = rows[y];
        float *o = out + y * f->w;
        for (x = 0; x < f->w; x++)
            o[x] = (float)((r >> x) & 1u);
    }
}

void mg__fq_observe(const mg_game *g, const void *st, int player, float *buf)
{
    const fq *f = F(g);
    const fstate *s = st;
    const int32_t n = f->P;
    const int over = s->phase == PH_OVER;
    const int to_move = !over && s->player == player;
    const uint32_t *mine = s->row[player], *theirs = s->row[1 - player];
    uint32_t empty[MAXW], pmine[MAXW], ptheirs[MAXW], rem[MAXW];
    int y;
    for (y = 0; y < f->h; y++)
        empty[y] = ~occ_row(s, y) & f->wmask;
    protected_rows(f, s, player, pmine);
    protected_rows(f, s, 1 - player, ptheirs);
    /* rules §4.2.5: an unprotected stone, or any when all are protected;
     * the player to move with removals pending (pending is 0 once over) */
    if (to_move && s->pending > 0)
        removable_rows(f, s, 1 - player, rem);
    else
        memset(rem, 0, sizeof rem);
    plane_of(f, mine, buf);
    plane_of(f, theirs, buf + n);
    plane_of(f, empty, buf + 2 * n);
    plane_of(f, pmine, buf + 3 * n);
    plane_of(f, ptheirs, buf + 4 * n);
    plane_of(f, rem, buf + 5 * n);
    fill(buf + 6 * n, n, to_move ? (float)s->pending : 0.0f);
    fill(buf + 7 * n, n, (float)(s->phase == PH_PLACE));
    fill(buf + 8 * n, n, (float)(s->phase == PH_REMOVE));
    fill(buf + 9 * n, n, (float)(s->phase == PH_MOVE));
    fill(buf + 10 * n, n,
         f->limit ? (float)s->quiet / (float)f->limit : 0.0f);
    fill(buf + 11 * n, n, (float)to_move);
}

/* ------------------------------------------------------------ the solver */

/* The least point (bottom-left) of the image of the 2 x 2 block whose
 * least point is b, under the point map `map`. */
static int16_t block_image(const fq *f, const int32_t *map, int b)
{
    int pts[4], k, x = MAXW, y = MAXW;
    pts[0] = b;
    pts[1] = b + 1;
    pts[2] = b + f->w;
    pts[3] = b + f->w + 1;
    for (k = 0; k < 4; k++) {
        int q = (int)map[pts[k]];
        if (X(f, q) < x)
            x = X(f, q);
        if (Y(f, q) < y)
            y = Y(f, q);
    }
    return (int16_t)(y * f->w + x);
}

/* The keys of the position's images under every symmetry, for the
 * generic search: the stones moved to the images of their points, and
 * so the stone moved this turn and the blocks of the ko rule; the counts,
 * phase and turn kept.  hash: hash_full's (the stones' Zobrist keys and
 * the header's hash), so [0] is hash_full; verify: the sum of the same
 * keys mixed.  Nothing else decides what may happen next (rules §4.2). */
static void fq_sym_keys(const mg_game *g, const void *st, uint64_t *hash,
                        uint64_t *verify)
{
    const fq *f = F(g);
    const mg__position *pos = g->pos;
    const fstate *s = st;
    const int32_t ns = pos->nsym;
    const size_t n = (size_t)pos->n;
    fstate head;
    int32_t k;
    int p, seat, i;
    memcpy(&head, st, HEADER);
    for (k = 0; k < ns; k++) {
        const int32_t *map = pos->sym_site + (size_t)k * n;
        uint64_t h, x;
        if (s->last_to >= 0)
            head.last_to = (int16_t)map[s->last_to];
        for (seat = 0; seat < 2; seat++)
            for (i = 0; i < s->nko[seat]; i++)
                head.ko[seat][i] = block_image(f, map, s->ko[seat][i]);
        h = mg__fq_header_hash(&head);
        x = h ^ 0xFA04;
        hash[k] = h;
        verify[k] = mg__splitmix64(&x);
    }
    for (p = 0; p < f->P; p++) {
        const int32_t *img = pos->sym_site + p;
        int c = cell_at(f, s, p);
        if (c < 0)
            continue;
        for (k = 0; k < ns; k++) {
            uint64_t z = f->zcell[img[(size_t)k * n]][c], x = z;
            hash[k] ^= z;
            verify[k] += mg__splitmix64(&x);
        }
    }
}

const mg__solver_ops mg__fq_solver = {
    .value = MG__VALUE_WDL,
    .sym_keys = fq_sym_keys,
};
