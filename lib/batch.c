/*
 * batch.c - mg_batch_*: n games of one game object stepped together
 * (1.5), for learning: the batch, its reset and step.  The outputs and
 * the actions chosen for every game are in batch_io.c.
 *
 * Layout: n placed states (mg__state_place) in one block, game i at
 * mem + i * stride, each with room for `room` actions: the game's
 * max_length when it is bounded (or the max_steps set, when smaller),
 * else max_steps or MG__BATCH_UNBOUNDED, where such a game is truncated.
 * The history is kept whole, so a state handed out by mg_batch_state()
 * saves, clones and undoes like any other.  Per game the batch keeps the
 * last step's status, rewards and flags, whether it waits for its reset
 * (done), who moved last, and the score margin of seat 0 (reward mode
 * SCORE).  With MG_AUTORESET_SAME_STEP the position a game ended in is
 * kept (final) for mg_batch_final_observations.  Every array is
 * allocated by mg_batch_new (and mg_batch_set_max_steps); stepping,
 * resetting and the outputs allocate nothing.
 */
#include "batch.h"

#include <stdlib.h>
#include <string.h>

static size_t room_for(const mg_game *g, int32_t max_steps)
{
    if (g->max_length > 0)
        return (size_t)(max_steps > 0 && max_steps < g->max_length
                            ? max_steps
                            : g->max_length);
    return (size_t)(max_steps > 0 ? max_steps : MG__BATCH_UNBOUNDED);
}

static void reset_one(mg_batch *b, int32_t i)
{
    mg_state *s = mg__state_place(b->g, b->mem + (size_t)i * b->stride,
                                  b->room);
    b->done[i] = 0;
    b->last_mover[i] = (int8_t)MG_NOBODY;
    if (b->reward_mode == MG_BATCH_REWARD_SCORE)
        b->margin[i] = mg__batch_margin(b, s);
}

/* Lay out the states for b->room (mem allocated) and reset them all. */
static void reset_all(mg_batch *b)
{
    int32_t i;
    for (i = 0; i < b->n; i++) {
        reset_one(b, i);
        b->status[i] = MG_BATCH_OK;
        b->term[i] = b->trunc[i] = b->final_ok[i] = 0;
        b->rew[2 * i] = b->rew[2 * i + 1] = 0.0f;
    }
}

int32_t mg__batch_margin(const mg_batch *b, const mg_state *s)
{
    const mg_game *g = b->g;
    const void *st = mg__state_position(s);
    return g->ops->score(g, st, 0) - g->ops->score(g, st, 1);
}

static int alloc_states(mg_batch *b, int32_t max_steps)
{
    size_t room = room_for(b->g, max_steps);
    size_t stride = mg__state_bytes(b->g, room);
    unsigned char *mem;
    if (stride > SIZE_MAX / (size_t)b->n)
        return MG_ENOMEM;
    mem = malloc(stride * (size_t)b->n);
    if (!mem)
        return MG_ENOMEM;
    free(b->mem);
    b->mem = mem;
    b->room = room;
    b->stride = stride;
    b->max_steps = max_steps;
    return MG_OK;
}

void mg_batch_free(mg_batch *b)
{
    if (!b)
        return;
    free(b->mem);
    free(b->final);
    free(b->obs);
    free(b->rew);
    free(b->margin);
    free(b->status);
    free(b);
}

int mg_batch_new(mg_batch **out, const mg_game *g, int32_t n, int autoreset)
{
    mg_batch *b;
    size_t un;
    if (!out)
        return MG_EINVAL;
    *out = NULL;
    if (!g || n < 1 || autoreset < MG_AUTORESET_NONE ||
        autoreset > MG_AUTORESET_SAME_STEP)
        return MG_EINVAL;
    if (!g->pos || g->num_planes < 1)
        return MG_EUNSUPPORTED;
    b = calloc(1, sizeof *b);
    if (!b)
        return MG_ENOMEM;
    un = (size_t)n;
    b->g = g;
    b->n = n;
    b->autoreset = autoreset;
    b->reward_mode = MG_BATCH_REWARD_RESULT;
    b->obs_size = (size_t)g->num_planes * (size_t)g->pos->n;
    /* the byte arrays in one block: status, done, last_mover, term,
     * trunc, final_ok, final_mover */
    b->status = malloc(7 * un);
    b->rew = malloc(2 * un * sizeof(float));
    b->margin = malloc(un * sizeof(int32_t));
    b->obs = malloc(b->obs_size * sizeof(float));
    if (autoreset == MG_AUTORESET_SAME_STEP)
        b->final = malloc(un * (g->state_size ? g->state_size : 1));
    if (!b->status || !b->rew || !b->margin || !b->obs ||
        (autoreset == MG_AUTORESET_SAME_STEP && !b->final) ||
        alloc_states(b, 0) != MG_OK) {
        mg_batch_free(b);
        return MG_ENOMEM;
    }
    b->done = (uint8_t *)b->status + un;
    b->last_mover = (int8_t *)b->status + 2 * un;
    b->term = (uint8_t *)b->status + 3 * un;
    b->trunc = (uint8_t *)b->status + 4 * un;
    b->final_ok = (uint8_t *)b->status + 5 * un;
    b->final_mover = (int8_t *)b->status + 6 * un;
    reset_all(b);
    *out = b;
    return MG_OK;
}

int32_t mg_batch_size(const mg_batch *b)
{
    return b ? b->n : MG_EINVAL;
}

int mg_batch_set_max_steps(mg_batch *b, int32_t max_steps)
{
    int rc;
    if (!b || max_steps < 0)
        return MG_EINVAL;
    if (room_for(b->g, max_steps) != b->room &&
        (rc = alloc_states(b, max_steps)) != MG_OK)
        return rc;
    b->max_steps = max_steps;
    reset_all(b);
    return MG_OK;
}

int mg_batch_set_reward_mode(mg_batch *b, int mode)
{
    int32_t i;
    if (!b || (mode != MG_BATCH_REWARD_RESULT &&
               mode != MG_BATCH_REWARD_SCORE))
        return MG_EINVAL;
    b->reward_mode = mode;
    if (mode == MG_BATCH_REWARD_SCORE)
        for (i = 0; i < b->n; i++)
            b->margin[i] = mg__batch_margin(b, mg__batch_at(b, i));
    return MG_OK;
}

int mg_batch_reset(mg_batch *b, const uint64_t *seeds, const uint8_t *which)
{
    int32_t i;
    (void)seeds; /* the start is fixed: see the header */
    if (!b)
        return MG_EINVAL;
    for (i = 0; i < b->n; i++) {
        if (which && !which[i])
            continue;
        reset_one(b, i);
        b->status[i] = MG_BATCH_OK;
        b->term[i] = b->trunc[i] = b->final_ok[i] = 0;
        b->rew[2 * i] = b->rew[2 * i + 1] = 0.0f;
    }
    return MG_OK;
}

/* The end of game i's step that ended it: rewards of the result, the
 * flags, and the reset of the same step or the wait for the next. */
static void ended(mg_batch *b, int32_t i, mg_state *s, int over)
{
    const mg_game *g = b->g;
    b->status[i] = MG_BATCH_OVER;
    b->term[i] = (uint8_t)over;
    b->trunc[i] = (uint8_t)!over;
    if (over && b->reward_mode == MG_BATCH_REWARD_RESULT) {
        int w = g->ops->winner(g, mg__state_position(s));
        if (w == 0 || w == 1) {
            b->rew[2 * i + w] = 1.0f;
            b->rew[2 * i + (1 - w)] = -1.0f;
        }
    }
    if (b->autoreset == MG_AUTORESET_SAME_STEP) {
        memcpy(b->final + (size_t)i * g->state_size, mg__state_position(s),
               g->state_size);
        b->final_ok[i] = 1;
        b->final_mover[i] = b->last_mover[i];
        reset_one(b, i);
    } else {
        b->done[i] = 1;
    }
}

int mg_batch_step(mg_batch *b, const int32_t *actions, int8_t *status)
{
    const mg_game *g;
    int32_t i;
    if (!b || !actions)
        return MG_EINVAL;
    g = b->g;
    for (i = 0; i < b->n; i++) {
        mg_state *s = mg__batch_at(b, i);
        const void *st = mg__state_position(s);
        int32_t a = actions[i];
        int mover;
        size_t len;
        b->term[i] = b->trunc[i] = b->final_ok[i] = 0;
        b->rew[2 * i] = b->rew[2 * i + 1] = 0.0f;
        if (b->done[i]) {
            if (b->autoreset == MG_AUTORESET_NEXT_STEP) {
                reset_one(b, i);
                b->status[i] = MG_BATCH_RESET;
            } else {
                b->status[i] = MG_BATCH_IDLE;
            }
            continue;
        }
        mover = g->ops->current_player(g, st);
        if (a < 0 || a >= g->num_actions || mover == MG_NOBODY ||
            !g->ops->is_legal(g, st, a)) {
            b->status[i] = MG_BATCH_ILLEGAL;
            continue;
        }
        (void)mg__state_push(s, a); /* room: truncated before it is full */
        b->last_mover[i] = (int8_t)mover;
        if (b->reward_mode == MG_BATCH_REWARD_SCORE) {
            int32_t m = mg__batch_margin(b, s), d = m - b->margin[i];
            b->margin[i] = m;
            b->rew[2 * i] = (float)d;
            b->rew[2 * i + 1] = (float)-d;
        }
        mg__state_moves(s, &len);
        if (g->ops->current_player(g, st) == MG_NOBODY)
            ended(b, i, s, 1);
        else if (len >= b->room ||
                 (b->max_steps > 0 && len >= (size_t)b->max_steps))
            ended(b, i, s, 0);
        else
            b->status[i] = MG_BATCH_OK;
    }
    if (status)
        memcpy(status, b->status, (size_t)b->n);
    return MG_OK;
}

const mg_state *mg_batch_state(const mg_batch *b, int32_t i)
{
    if (!b || i < 0 || i >= b->n)
        return NULL;
    return mg__batch_at(b, i);
}
