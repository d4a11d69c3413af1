/*
 * analyse.c - mg_bot_analyse: the value of every legal action of a
 * position, for reviewing a game (mg-analyse(1), Python's
 * mindgames.analyse, the page's review).
 *
 * The plan is the bot's own (bot_strong.c): a bot that solves asks its
 * solver first, here for every action (mg_solver_values) within the
 * bot's nodes and half of its time; the tree search of bot_mcts.c then
 * runs for the rest of the budget and its root's children give the
 * actions left unproven their mean reward and visits.  Everything used
 * is the bot's (mg__bot_prepare): nothing is allocated here.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "bot.h"

#include <time.h>

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The budget of b's choose: the solver's nodes (solve: 1) and the
 * search's iterations and time. */
static void budget(const mg_bot *b, int *solve, int64_t *nodes,
                   int64_t *iter, int64_t *ms)
{
    *solve = 0;
    *nodes = 0;
    if (b->kind == BOT_SOLVER) {
        *solve = 1;
        *nodes = b->so.v[SOPT_NODES];
        *ms = b->so.v[SOPT_TIME];
        *iter = b->so.v[SOPT_ITER];
    } else if (b->kind == BOT_STRONG) {
        *solve = 1;
        *ms = b->so.v[XOPT_TIME];
        *iter = b->so.v[XOPT_ITER];
        *nodes = b->so.v[XOPT_NODES];
        if (*ms == 0 && *nodes == 0)
            *nodes = 200 * *iter; /* as mg__strong_choose */
    } else {
        *iter = b->o.v[OPT_ITER];
        *ms = b->o.v[OPT_TIME];
    }
}

/* The search's values of the actions not proven: the root's children. */
static void read_tree(const mg_bot *b, mg_action_value *out, int32_t n)
{
    const mg__link *r = &b->cold[b->root];
    int32_t i, j;
    if (r->first < 0)
        return; /* no expansion fitted */
    for (i = 0; i < r->nchild; i++) {
        const mg__node *c = &b->pool[r->first + i];
        int32_t a = b->cold[r->first + i].action;
        for (j = 0; j < n && out[j].action != a; j++)
            ;
        if (j == n || out[j].kind == MG_VALUE_EXACT || c->visits == 0)
            continue;
        out[j].kind = MG_VALUE_ESTIMATE;
        out[j].visits = c->visits;
        out[j].value = c->value / c->visits;
    }
}

int mg_bot_analyse(mg_bot *b, const mg_state *s, mg_action_value *out,
                   size_t cap, size_t *count)
{
    const mg_game *g;
    int64_t nodes, iter, ms, t0 = 0, left = 0;
    int32_t n, i, proven = 0;
    int solve, rc;
    if (!b || !s || !count || (!out && cap))
        return MG_EINVAL;
    if (b->kind != BOT_MCTS && b->kind != BOT_SOLVER && b->kind != BOT_STRONG)
        return MG_EUNSUPPORTED;
    if (mg_state_current_player(s) == MG_NOBODY)
        return MG_EOVER;
    g = mg_state_game(s);
    rc = mg__bot_prepare(b, g);
    if (rc)
        return rc;
    n = mg__state_legal(s, b->legal);
    if (n <= 0)
        return MG_EOVER;
    *count = (size_t)n;
    if (cap < (size_t)n)
        return MG_ENOBUFS;
    for (i = 0; i < n; i++) {
        out[i].value = 0;
        out[i].action = b->legal[i];
        out[i].kind = MG_VALUE_UNKNOWN;
        out[i].visits = 0;
        out[i].reserved = 0;
    }
    budget(b, &solve, &nodes, &iter, &ms);
    if (ms > 0)
        t0 = now_ms();
    if (solve) {
        /* b->legal is scratch for the values (the same order, as many) */
        size_t got = 0;
        rc = mg_solver_values(b->sv, s, (uint64_t)nodes,
                              (uint32_t)(ms > 0 ? (ms + 1) / 2 : 0),
                              b->legal, (size_t)n, &got);
        if (rc != MG_OK && rc != MG_EBUDGET)
            return rc;
        for (i = 0; i < n; i++) {
            if (b->legal[i] != MG_SOLVER_UNKNOWN) {
                out[i].kind = MG_VALUE_EXACT;
                out[i].value = b->legal[i];
                proven++;
            }
            b->legal[i] = out[i].action;
        }
    }
    if (proven == n || n < 2)
        return MG_OK;
    if (ms > 0) {
        left = ms - (now_ms() - t0);
        if (left < 1)
            left = 1;
    }
    mg__mcts_choose(b, g, s, iter, left);
    read_tree(b, out, n);
    return MG_OK;
}
