/*
 * dots_and_boxes_position.c - the sites and observations of Dots and
 * Boxes (doc/rules.md §3; since 1.3).
 *
 * Sites: the lines first (site = line index = action id, rules §3.4),
 * then the boxes by centre, bottom row first, left to right (on the
 * triangle grid a row's up-pointing triangles come before its
 * down-pointing ones, whose centres are higher): box site nlines + i is
 * cell d->box_cell[i].  A line is at its middle, a box at the centroid of
 * its dots, in the SVG's plane (x right, y down) with neighbouring dots 1
 * apart: square dot (x, y) at (x, H - y); triangle dot (q, r) at
 * (q + r/2, (R - r) sqrt(3)/2); honeycomb brick dot (X, Y) at
 * (X sqrt(3)/2, Ymax - 3Y/2 - [X + Y even]/2), the pointy-top hexagons of
 * side 1; x shifted so that the leftmost dot is at 0, y so that the
 * highest is at 0.  The SVG draws a dot at 30 px + s x the position (s =
 * 48 px, 28 px on the honeycomb), within its rounding to whole pixels,
 * plus the centring shift of a body narrower than the status.
 *
 * A line's neighbours are its one or two boxes, a box's its lines; a
 * line is named by its notation, a box by its dots in index order joined
 * by '-'.  A line drawn before the game (rules §3.3) carries the label 1,
 * which symmetries keep, and belongs to MG_NEUTRAL.
 *
 * Observation planes (mindgames-games(7)), for `player`:
 *   own       lines player drew, boxes player claimed
 *   opponent  the same for the other seat
 *   empty     undrawn lines, unclaimed boxes
 *   neutral   lines drawn before the game
 *   sides     on a box, its drawn sides (those drawn before the game
 *             included) over its number of sides; 0 on lines
 *   to_move   every site: 1 when player is to move
 */
#include "dots_and_boxes.h"

#define HALF_SQRT3 0.86602540378443864676

const char *const mg__dab_planes[MG__DAB_PLANES + 1] = {
    "own", "opponent", "empty", "neutral", "sides", "to_move", NULL};

/* The plane's units per step of dot_kx and dot_ky (see plane_layout in
 * dots_and_boxes_geometry.c), per grid. */
static const double unit_x[3] = {1.0, 0.5, HALF_SQRT3};
static const double unit_y[3] = {1.0, HALF_SQRT3, 0.5};

int32_t mg__dab_num_sites(const mg_game *g)
{
    const dab *d = D(g);
    return d->nlines + d->ncells;
}

/* The cell of a box site (site >= nlines). */
static int32_t site_cell(const dab *d, int32_t site)
{
    assert(site >= d->nlines && site < d->nlines + d->ncells);
    return d->box_cell[site - d->nlines];
}

/* The mean place of n dots. */
static void dots_centre(const dab *d, const int32_t *dots, int n, double *x,
                        double *y)
{
    int64_t sx = 0, sy = 0;
    int k;
    for (k = 0; k < n; k++) {
        sx += d->dot_kx[dots[k]];
        sy += d->ky_max - d->dot_ky[dots[k]];
    }
    *x = (double)sx * unit_x[d->grid] / n;
    *y = (double)sy * unit_y[d->grid] / n;
}

void mg__dab_site_info(const mg_game *g, int32_t site, int *kind, double *x,
                       double *y)
{
    const dab *d = D(g);
    if (site < d->nlines) {
        *kind = MG_SITE_LINE;
        dots_centre(d, d->line_dots + 2 * site, 2, x, y);
    } else {
        int32_t c = site_cell(d, site);
        *kind = MG_SITE_BOX;
        dots_centre(d, d->cell_dots + c * MAX_SIDES, (int)d->cell_nsides[c], x,
                    y);
    }
}

/* Insert v into the ascending list nbrs[0..n). */
static int insert(int32_t *nbrs, int n, int32_t v)
{
    int i;
    for (i = n; i > 0 && nbrs[i - 1] > v; i--)
        nbrs[i] = nbrs[i - 1];
    nbrs[i] = v;
    return n + 1;
}

int mg__dab_site_neighbors(const mg_game *g, int32_t site, int32_t *nbrs)
{
    const dab *d = D(g);
    int n = 0, k;
    if (site < d->nlines) {
        for (k = 0; k < 2; k++) {
            int32_t c = d->line_cells[2 * site + k];
            if (c >= 0)
                n = insert(nbrs, n, d->nlines + d->cell_box[c]);
        }
    } else {
        int32_t c = site_cell(d, site);
        for (k = 0; k < d->cell_nsides[c]; k++)
            n = insert(nbrs, n, d->cell_lines[c * MAX_SIDES + k]);
    }
    return n;
}

void mg__dab_site_name(const mg_game *g, int32_t site, mg__sb *sb)
{
    const dab *d = D(g);
    int32_t c, dots[MAX_SIDES];
    int n = 0, k;
    if (site < d->nlines) {
        mg__dab_action_name(g, site, sb);
        return;
    }
    c = site_cell(d, site);
    for (k = 0; k < d->cell_nsides[c]; k++)
        n = insert(dots, n, d->cell_dots[c * MAX_SIDES + k]);
    for (k = 0; k < n; k++) {
        if (k)
            mg__sb_putc(sb, '-');
        mg__dab_dot_name(d, dots[k], sb);
    }
}

void mg__dab_action_sites(const mg_game *g, int32_t action, int32_t *from,
                          int32_t *to)
{
    (void)g;
    *from = -1; /* every action draws a line: its site */
    *to = action;
}

int mg__dab_site_label(const mg_game *g, int32_t site)
{
    const dab *d = D(g);
    return site < d->nlines && d->predrawn[site];
}

int mg__dab_site_owner(const mg_game *g, const void *st, int32_t site)
{
    const dab *d = D(g);
    if (site < d->nlines)
        return CDRAWN(d, st)[site] - 1;
    return COWNER(d, st)[site_cell(d, site)];
}

void mg__dab_site_owners(const mg_game *g, const void *st, int8_t *buf)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    int32_t i;
    for (i = 0; i < d->nlines; i++)
        buf[i] = (int8_t)(drawn[i] - 1);
    for (i = 0; i < d->ncells; i++)
        buf[d->nlines + i] = owner[d->box_cell[i]];
}

void mg__dab_observe(const mg_game *g, const void *st, int player, float *buf)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st), *sides = CSIDES(d, st);
    const signed char *owner = COWNER(d, st);
    int32_t n = d->nlines + d->ncells, i;
    float *own = buf, *opp = buf + n, *empty = buf + 2 * n,
          *neutral = buf + 3 * n, *closed = buf + 4 * n, *turn = buf + 5 * n;
    float to_move = (float)(((const dab_state *)st)->player == player);
    for (i = 0; i < d->nlines; i++) {
        int v = drawn[i];
        own[i] = (float)(v == player + 1);
        opp[i] = (float)(v == 2 - player);
        empty[i] = (float)(v == 0);
        neutral[i] = (float)(v == DRAWN_BEFORE);
        closed[i] = 0.0f;
    }
    for (i = 0; i < d->ncells; i++) {
        int32_t c = d->box_cell[i], s = d->nlines + i;
        int v = owner[c];
        own[s] = (float)(v == player);
        opp[s] = (float)(v == 1 - player);
        empty[s] = (float)(v < 0);
        neutral[s] = 0.0f;
        closed[s] = (float)sides[c] / (float)d->cell_nsides[c];
    }
    for (i = 0; i < n; i++)
        turn[i] = to_move;
}
