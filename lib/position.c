/*
 * position.c - reading the position (since 1.3): the sites of a game,
 * who holds them, observations, and the symmetries' public face.
 *
 * The core asks the game's site ops once, when the game is created, and
 * keeps the answers (kinds, centres, neighbours, every action's sites,
 * the symmetry tables of symmetry.c) in g->pos, so that the queries below
 * are table look-ups; only who holds a site and the observation ask the
 * game, on the state.  None of the public functions allocates.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The game answers every position op, or none (then the position
 * functions report MG_EUNSUPPORTED). */
static int has_position(const mg_game *g)
{
    return g->pos != NULL;
}

void mg__position_free(mg_game *g)
{
    mg__position *p = g->pos;
    if (!p)
        return;
    free(p->kind);
    free(p->x);
    free(p->y);
    free(p->nbr_start);
    free(p->nbr);
    free(p->act_from);
    free(p->act_to);
    free(p->sym_site);
    free(p->sym_action);
    free(p);
    g->pos = NULL;
}

/* The neighbours of every site, packed. */
static int build_neighbours(const mg_game *g, mg__position *p)
{
    int32_t s, k, total = 0, tmp[MG__MAX_SITE_NBRS];
    p->nbr_start = malloc(((size_t)p->n + 1) * sizeof *p->nbr_start);
    if (!p->nbr_start)
        return MG_ENOMEM;
    for (s = 0; s < p->n; s++) {
        int d = g->ops->site_neighbors(g, s, tmp);
        assert(d >= 0 && d <= MG__MAX_SITE_NBRS);
        p->nbr_start[s] = total;
        total += d;
    }
    p->nbr_start[p->n] = total;
    p->nbr = malloc((size_t)(total ? total : 1) * sizeof *p->nbr);
    if (!p->nbr)
        return MG_ENOMEM;
    for (s = 0; s < p->n; s++) {
        int d = g->ops->site_neighbors(g, s, p->nbr + p->nbr_start[s]);
        for (k = 1; k < d; k++) /* ascending, as documented */
            assert(p->nbr[p->nbr_start[s] + k - 1] <
                   p->nbr[p->nbr_start[s] + k]);
        (void)k;
        (void)d;
    }
    return MG_OK;
}

int mg__position_build(mg_game *g)
{
    const mg__game_ops *o = g->ops;
    mg__position *p;
    int32_t s, a;
    int rc;
    if (!o->num_sites || !o->site_info || !o->site_neighbors || !o->site_name ||
        !o->action_sites || !o->site_owner || !o->site_owners || !o->observe)
        return MG_OK; /* no position: the queries say MG_EUNSUPPORTED */
    p = calloc(1, sizeof *p);
    if (!p)
        return MG_ENOMEM;
    g->pos = p;
    p->n = o->num_sites(g);
    assert(p->n >= 1);
    p->kind = malloc((size_t)p->n);
    p->x = malloc((size_t)p->n * sizeof *p->x);
    p->y = malloc((size_t)p->n * sizeof *p->y);
    p->act_from = malloc((size_t)g->num_actions * sizeof *p->act_from);
    p->act_to = malloc((size_t)g->num_actions * sizeof *p->act_to);
    if (!p->kind || !p->x || !p->y || !p->act_from || !p->act_to)
        goto nomem;
    for (s = 0; s < p->n; s++) {
        int kind = 0;
        o->site_info(g, s, &kind, &p->x[s], &p->y[s]);
        assert(kind >= MG_SITE_CELL && kind <= MG_SITE_BOX);
        p->kind[s] = (uint8_t)kind;
    }
    for (a = 0; a < g->num_actions; a++) {
        o->action_sites(g, a, &p->act_from[a], &p->act_to[a]);
        assert(p->act_from[a] >= -1 && p->act_from[a] < p->n);
        assert(p->act_to[a] >= -1 && p->act_to[a] < p->n);
    }
    if (build_neighbours(g, p) != MG_OK)
        goto nomem;
    rc = mg__symmetries_build(g, p);
    if (rc != MG_OK)
        goto nomem;
    return MG_OK;
nomem:
    mg__position_free(g);
    return MG_ENOMEM;
}

/* -------------------------------------------------------------- sites */

int32_t mg_game_num_sites(const mg_game *g)
{
    if (!g)
        return MG_EINVAL;
    return has_position(g) ? g->pos->n : MG_EUNSUPPORTED;
}

/* The common checks of a site query. */
static int site_ok(const mg_game *g, int32_t site)
{
    if (!g)
        return MG_EINVAL;
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    if (site < 0 || site >= g->pos->n)
        return MG_ERANGE;
    return MG_OK;
}

int mg_game_site_kind(const mg_game *g, int32_t site)
{
    int rc = site_ok(g, site);
    return rc ? rc : g->pos->kind[site];
}

int mg_game_site_position(const mg_game *g, int32_t site, double *x, double *y)
{
    int rc;
    if (!x || !y)
        return MG_EINVAL;
    if ((rc = site_ok(g, site)) != MG_OK)
        return rc;
    *x = g->pos->x[site];
    *y = g->pos->y[site];
    return MG_OK;
}

int mg_game_site_name(const mg_game *g, int32_t site, char *buf, size_t cap,
                      size_t *needed)
{
    mg__sb sb;
    int rc;
    if (!buf && cap)
        return MG_EINVAL;
    if ((rc = site_ok(g, site)) != MG_OK)
        return rc;
    mg__sb_init(&sb, buf, cap);
    g->ops->site_name(g, site, &sb);
    return mg__sb_finish(&sb, needed);
}

int mg_game_site_neighbors(const mg_game *g, int32_t site, int32_t *buf,
                           size_t cap, size_t *count)
{
    int32_t n;
    int rc;
    if (!count || (!buf && cap))
        return MG_EINVAL;
    if ((rc = site_ok(g, site)) != MG_OK)
        return rc;
    n = g->pos->nbr_start[site + 1] - g->pos->nbr_start[site];
    *count = (size_t)n;
    if ((size_t)n > cap)
        return MG_ENOBUFS;
    if (n)
        memcpy(buf, g->pos->nbr + g->pos->nbr_start[site],
               (size_t)n * sizeof *buf);
    return MG_OK;
}

int mg_game_action_sites(const mg_game *g, int32_t action, int32_t *from,
                         int32_t *to)
{
    if (!g || !from || !to)
        return MG_EINVAL;
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    if (action < 0 || action >= g->num_actions)
        return MG_ERANGE;
    *from = g->pos->act_from[action];
    *to = g->pos->act_to[action];
    return MG_OK;
}

int mg_state_site(const mg_state *s, int32_t site)
{
    const mg_game *g;
    int rc;
    if (!s)
        return MG_EINVAL;
    g = mg_state_game(s);
    if ((rc = site_ok(g, site)) != MG_OK)
        return rc;
    return g->ops->site_owner(g, mg__state_position(s), site);
}

int mg_state_sites(const mg_state *s, int8_t *buf, size_t cap, size_t *count)
{
    const mg_game *g;
    if (!s || !count || (!buf && cap))
        return MG_EINVAL;
    g = mg_state_game(s);
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    *count = (size_t)g->pos->n;
    if ((size_t)g->pos->n > cap)
        return MG_ENOBUFS;
    g->ops->site_owners(g, mg__state_position(s), buf);
    return MG_OK;
}

/* -------------------------------------------------------- observation */

int mg_game_observation_shape(const mg_game *g, int32_t *planes, int32_t *sites)
{
    if (!g)
        return MG_EINVAL;
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    if (planes)
        *planes = g->num_planes;
    if (sites)
        *sites = g->pos->n;
    return MG_OK;
}

const char *mg_game_observation_plane(const mg_game *g, int32_t plane)
{
    if (!g || !has_position(g) || plane < 0 || plane >= g->num_planes)
        return NULL;
    return g->planes[plane];
}

void mg__planes_unit(mg_game *g)
{
    int32_t i;
    for (i = 0; i < g->num_planes; i++) {
        g->plane_lo[i] = 0.0f;
        g->plane_hi[i] = 1.0f;
    }
}

int mg_game_observation_bounds(const mg_game *g, int32_t plane, float *lo,
                               float *hi)
{
    if (!g)
        return MG_EINVAL;
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    if (plane < 0 || plane >= g->num_planes)
        return MG_ERANGE;
    if (lo)
        *lo = g->plane_lo[plane];
    if (hi)
        *hi = g->plane_hi[plane];
    return MG_OK;
}

int mg_state_observation(const mg_state *s, int player, float *buf, size_t cap,
                         size_t *count)
{
    const mg_game *g;
    size_t need;
    if (!s || !count || (!buf && cap))
        return MG_EINVAL;
    g = mg_state_game(s);
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    if (player != 0 && player != 1)
        return MG_ERANGE;
    need = (size_t)g->num_planes * (size_t)g->pos->n;
    *count = need;
    if (need > cap)
        return MG_ENOBUFS;
    g->ops->observe(g, mg__state_position(s), player, buf);
    return MG_OK;
}

/* --------------------------------------------------------- symmetries */

int32_t mg_game_num_symmetries(const mg_game *g)
{
    if (!g)
        return MG_EINVAL;
    return has_position(g) ? g->pos->nsym : MG_EUNSUPPORTED;
}

int mg_game_symmetry_site(const mg_game *g, int32_t sym, int32_t site,
                          int32_t *image)
{
    int rc;
    if (!image)
        return MG_EINVAL;
    if ((rc = site_ok(g, site)) != MG_OK)
        return rc;
    if (sym < 0 || sym >= g->pos->nsym)
        return MG_ERANGE;
    *image = g->pos->sym_site[(size_t)sym * (size_t)g->pos->n + (size_t)site];
    return MG_OK;
}

int mg_game_symmetry_action(const mg_game *g, int32_t sym, int32_t action,
                            int32_t *image)
{
    if (!g || !image)
        return MG_EINVAL;
    if (!has_position(g))
        return MG_EUNSUPPORTED;
    if (sym < 0 || sym >= g->pos->nsym || action < 0 ||
        action >= g->num_actions)
        return MG_ERANGE;
    *image =
        g->pos
            ->sym_action[(size_t)sym * (size_t)g->num_actions + (size_t)action];
    return MG_OK;
}
