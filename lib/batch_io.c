/*
 * batch_io.c - what a batch (batch.c) gives out: the players to move,
 * rewards, flags, legal masks and observations of every game into the
 * caller's arrays, and an action for every game, random or a bot's.
 * Nothing here allocates (a bot may, on its first choice for a game).
 */
#include "batch.h"

#include <string.h>

/* b and buf given, and cap >= need. */
static int out_ok(const mg_batch *b, const void *buf, size_t cap,
                  size_t per_game)
{
    if (!b || !buf)
        return MG_EINVAL;
    return cap < (size_t)b->n * per_game ? MG_ENOBUFS : MG_OK;
}

int mg_batch_to_move(const mg_batch *b, int32_t *buf, size_t cap)
{
    int32_t i;
    int rc = out_ok(b, buf, cap, 1);
    if (rc)
        return rc;
    for (i = 0; i < b->n; i++)
        buf[i] = mg__state_player(mg__batch_at(b, i));
    return MG_OK;
}

int mg_batch_rewards(const mg_batch *b, float *buf, size_t cap)
{
    int rc = out_ok(b, buf, cap, 2);
    if (rc)
        return rc;
    memcpy(buf, b->rew, 2 * (size_t)b->n * sizeof(float));
    return MG_OK;
}

int mg_batch_terminated(const mg_batch *b, uint8_t *buf, size_t cap)
{
    int rc = out_ok(b, buf, cap, 1);
    if (rc)
        return rc;
    memcpy(buf, b->term, (size_t)b->n);
    return MG_OK;
}

int mg_batch_truncated(const mg_batch *b, uint8_t *buf, size_t cap)
{
    int rc = out_ok(b, buf, cap, 1);
    if (rc)
        return rc;
    memcpy(buf, b->trunc, (size_t)b->n);
    return MG_OK;
}

int mg_batch_legal_masks(const mg_batch *b, uint8_t *buf, size_t cap)
{
    const mg_game *g;
    size_t na;
    int32_t i, k, n;
    int rc = out_ok(b, buf, cap, b ? (size_t)b->g->num_actions : 0);
    if (rc)
        return rc;
    g = b->g;
    na = (size_t)g->num_actions;
    memset(buf, 0, na * (size_t)b->n);
    for (i = 0; i < b->n; i++) {
        const mg_state *s = mg__batch_at(b, i);
        const void *st = mg__state_position(s);
        uint8_t *row = buf + (size_t)i * na;
        if (g->ops->current_player(g, st) == MG_NOBODY)
            continue;
        n = g->ops->legal(g, st, s->scratch);
        for (k = 0; k < n; k++)
            row[s->scratch[k]] = 1;
    }
    return MG_OK;
}

/* The seat whose view `player` asks for in game i (the position st,
 * whose last mover is `last`). */
static int view(const mg_batch *b, const void *st, int player, int last)
{
    int p;
    if (player != MG_BATCH_MOVER)
        return player;
    p = b->g->ops->current_player(b->g, st);
    if (p == MG_NOBODY)
        p = last;
    return p == MG_NOBODY ? 0 : p;
}

static int obs_args(const mg_batch *b, const void *buf, size_t cap,
                    int player)
{
    int rc = out_ok(b, buf, cap, b ? b->obs_size : 0);
    if (rc)
        return rc;
    if (player != MG_BATCH_MOVER && player != 0 && player != 1)
        return MG_EINVAL;
    return MG_OK;
}

int mg_batch_observations(const mg_batch *b, int player, float *buf,
                          size_t cap)
{
    int32_t i;
    int rc = obs_args(b, buf, cap, player);
    if (rc)
        return rc;
    for (i = 0; i < b->n; i++) {
        const void *st = mg__state_position(mg__batch_at(b, i));
        b->g->ops->observe(b->g, st, view(b, st, player, b->last_mover[i]),
                           buf + (size_t)i * b->obs_size);
    }
    return MG_OK;
}

/* o[k] = round((in[k] - lo) * sc), in[k] within the plane's bounds (so
 * 0 .. 255.5 before the cut); restrict: the bytes do not alias the
 * floats, so the loop vectorises. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("tree-vectorize", "vect-cost-model=dynamic")))
#endif
static void to_bytes(const float *restrict in, uint8_t *restrict o,
                     size_t n, float lo, float sc)
{
    size_t k;
    for (k = 0; k < n; k++)
        o[k] = (uint8_t)(int32_t)((in[k] - lo) * sc + 0.5f);
}

int mg_batch_observations_u8(mg_batch *b, int player, uint8_t *buf,
                             size_t cap)
{
    const mg_game *g;
    float scale[MG__MAX_PLANES];
    size_t sites;
    int32_t i, p;
    int rc = obs_args(b, buf, cap, player);
    if (rc)
        return rc;
    g = b->g;
    sites = (size_t)g->pos->n;
    for (p = 0; p < g->num_planes; p++)
        scale[p] = g->plane_hi[p] > g->plane_lo[p]
                       ? 255.0f / (g->plane_hi[p] - g->plane_lo[p])
                       : 0.0f;
    for (i = 0; i < b->n; i++) {
        const void *st = mg__state_position(mg__batch_at(b, i));
        uint8_t *row = buf + (size_t)i * b->obs_size;
        g->ops->observe(g, st, view(b, st, player, b->last_mover[i]), b->obs);
        for (p = 0; p < g->num_planes; p++)
            to_bytes(b->obs + (size_t)p * sites, row + (size_t)p * sites,
                     sites, g->plane_lo[p], scale[p]);
    }
    return MG_OK;
}

int mg_batch_final_observations(const mg_batch *b, int player, float *buf,
                                size_t cap)
{
    int32_t i;
    int rc = obs_args(b, buf, cap, player);
    if (rc)
        return rc;
    for (i = 0; i < b->n; i++) {
        float *row = buf + (size_t)i * b->obs_size;
        const void *st;
        if (!b->final_ok[i]) {
            memset(row, 0, b->obs_size * sizeof(float));
            continue;
        }
        st = b->final + (size_t)i * b->g->state_size;
        b->g->ops->observe(b->g, st, view(b, st, player, b->final_mover[i]),
                           row);
    }
    return MG_OK;
}

int mg_batch_random_actions(mg_batch *b, uint64_t seed, int32_t *actions)
{
    const mg_game *g;
    int32_t i, n;
    if (!b || !actions)
        return MG_EINVAL;
    g = b->g;
    for (i = 0; i < b->n; i++) {
        const mg_state *s = mg__batch_at(b, i);
        const void *st = mg__state_position(s);
        uint64_t rng = seed ^ ((uint64_t)i * 0xD1B54A32D192ED03ULL);
        if (b->done[i] || g->ops->current_player(g, st) == MG_NOBODY) {
            actions[i] = -1;
            continue;
        }
        n = g->ops->legal(g, st, s->scratch);
        actions[i] = s->scratch[mg__rand_below(&rng, (uint32_t)n)];
    }
    return MG_OK;
}

int mg_batch_bot_actions(mg_batch *b, mg_bot *bot, int32_t *actions)
{
    int32_t i;
    int rc;
    if (!b || !bot || !actions)
        return MG_EINVAL;
    for (i = 0; i < b->n; i++) {
        const mg_state *s = mg__batch_at(b, i);
        actions[i] = -1;
        if (b->done[i] || mg__state_player(s) == MG_NOBODY)
            continue;
        if ((rc = mg_bot_choose(bot, s, &actions[i])) != MG_OK)
            return rc;
    }
    return MG_OK;
}
