/*
 * bot.c - computer players (mg_bot_*): the kinds and their specs,
 * creation, the buffers, random and greedy, and choose.  The searches
 * are in bot_mcts.c (UCT Monte Carlo tree search) and bot_strong.c (the
 * solver bot, the strong bot and the levels); bot.h has what they share.
 * A bot knows no game: it works through the game table.
 *
 * Memory: mg_bot_new allocates the bot; the first mg_bot_choose for a game
 * allocates the buffers that game needs (a private state, the legal-action
 * list, and for the searches the node pool and its tables, and the
 * solver).  Later calls for the same game allocate nothing.
 *
 * A bot keeps no pointer to a game between calls: it recognises the game
 * of a state by its identity (canonical spec and board), so it works on
 * after the game it last played is freed, and continues its tree on
 * another object of the same game.
 */
#include "bot.h"
#include "eval.h"

#include <stdlib.h>
#include <string.h>

static const char *const playout_names[] = {"random", "policy", NULL};

/* Defaults tuned by matches against greedy on Dots and Boxes 3x3 and
 * China Tangle (mg_bot_new(3)): c, bias and margin in thousandths. */
const mg__option mg__mcts_options[N_MCTS_OPTS] = {
    {"iterations", MG__OPT_INT, 0, 100000000, NULL, 1000},
    {"time_ms", MG__OPT_INT, 0, 86400000, NULL, 0},
    {"c", MG__OPT_MILLI, 0, 100000, NULL, 300},
    {"bias", MG__OPT_MILLI, 0, 1000000, NULL, 10000},
    {"margin", MG__OPT_MILLI, 0, 1000, NULL, 500},
    {"reuse", MG__OPT_BOOL, 0, 1, NULL, 1},
    {"playout", MG__OPT_ENUM, 0, 0, playout_names, PLAYOUT_RANDOM},
    /* 1.6: the share of a leaf's value that comes from the network
     * set by mg_bot_set_eval (0: playouts only, as before; 1: the
     * network only, no playout) */
    {"net", MG__OPT_MILLI, 0, 1000, NULL, 0},
};

/* The solver bot: the solve's budget and memory, and the iterations of
 * the mcts it falls back on (with mcts's other defaults; 0: as many as
 * the time left allows, since 1.6). */
static const mg__option solver_options[N_SOLVER_OPTS] = {
    {"nodes", MG__OPT_INT, 0, 1000000000000, NULL, 1000000},
    {"time_ms", MG__OPT_INT, 0, 86400000, NULL, 0},
    {"memory_mb", MG__OPT_INT, 1, 1048576, NULL, 64},
    {"iterations", MG__OPT_INT, 0, 100000000, NULL, 1000},
};

static const mg__option level_options[1] = {
    {"n", MG__OPT_INT, 1, MG__LEVELS, NULL, 4},
};

typedef struct bot_kind {
    const char *name;
    const mg__option *options;
    int n_options;
} bot_kind;

static const bot_kind kinds[N_KINDS] = {
    {"random", NULL, 0},
    {"greedy", NULL, 0},
    {"mcts", mg__mcts_options, N_MCTS_OPTS},
    {"solver", solver_options, N_SOLVER_OPTS},
    {"strong", mg__strong_options, N_STRONG_OPTS},
    {"level", level_options, 1},
};

/* ------------------------------------------------------------ creation */

static const void *find_kind(const char *id, size_t n,
                             const mg__option **options, int *n_options,
                             const char **name)
{
    int i;
    for (i = 0; i < N_KINDS; i++)
        if (strlen(kinds[i].name) == n && mg__strncaseeq(id, kinds[i].name, n)) {
            *options = kinds[i].options;
            *n_options = kinds[i].n_options;
            *name = kinds[i].name;
            return &kinds[i];
        }
    return NULL;
}

/* The options a spec gave, completed (since 1.6: a time limit given
 * alone means "search this long"), and checked; MG_OK or an error. */
static int complete(int kind, mg__optvals *o, char *err, size_t errcap)
{
    switch (kind) {
    case BOT_MCTS:
        if (o->given[OPT_TIME] && !o->given[OPT_ITER])
            o->v[OPT_ITER] = 0;
        if (o->v[OPT_ITER] == 0 && o->v[OPT_TIME] == 0)
            return mg__err(err, errcap, MG_EVALUE, "iterations=0 and "
                           "time_ms=0: the search needs a limit");
        break;
    case BOT_SOLVER:
        if (o->given[SOPT_TIME] && !o->given[SOPT_NODES])
            o->v[SOPT_NODES] = 0;
        if (o->given[SOPT_TIME] && !o->given[SOPT_ITER])
            o->v[SOPT_ITER] = 0;
        if (o->v[SOPT_NODES] == 0 && o->v[SOPT_TIME] == 0)
            return mg__err(err, errcap, MG_EVALUE,
                           "nodes=0 and time_ms=0: the solver needs a limit");
        if (o->v[SOPT_ITER] == 0 && o->v[SOPT_TIME] == 0)
            return mg__err(err, errcap, MG_EVALUE,
                           "iterations=0 and time_ms=0: the search the "
                           "solver falls back on needs a limit");
        break;
    case BOT_STRONG:
        if (o->given[XOPT_ITER] && !o->given[XOPT_TIME])
            o->v[XOPT_TIME] = 0;
        if (o->v[XOPT_ITER] == 0 && o->v[XOPT_TIME] == 0)
            return mg__err(err, errcap, MG_EVALUE, "iterations=0 and "
                           "time_ms=0: the search needs a limit");
        break;
    default:
        break;
    }
    return MG_OK;
}

int mg_bot_new(mg_bot **out, const char *spec, uint64_t seed, char *err,
               size_t errcap)
{
    const void *found = NULL;
    mg__optvals o;
    mg_bot *b;
    int rc, kind, level = 0, i;
    if (err && errcap)
        err[0] = '\0';
    if (!out)
        return mg__err(err, errcap, MG_EINVAL, "out is NULL");
    *out = NULL;
    if (!spec)
        return mg__err(err, errcap, MG_EINVAL, "spec is NULL");
    rc = mg__spec_parse_table(spec, "bot", find_kind, &found, &o, err,
                              errcap);
    if (rc)
        return rc;
    kind = (int)((const bot_kind *)found - kinds);
    if (kind == BOT_LEVEL) { /* the level's own spec, always valid */
        level = (int)o.v[0];
        rc = mg__spec_parse_table(mg__level_spec(level), "bot", find_kind,
                                  &found, &o, err, errcap);
        if (rc)
            return rc;
        kind = (int)((const bot_kind *)found - kinds);
    }
    rc = complete(kind, &o, err, errcap);
    if (rc)
        return rc;
    b = calloc(1, sizeof *b);
    if (!b)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    b->kind = kind;
    b->level = level;
    b->o = o;
    if (kind == BOT_SOLVER || kind == BOT_STRONG) {
        /* the search: mcts's defaults; its budget is set per choice */
        b->so = o;
        memset(&b->o, 0, sizeof b->o);
        for (i = 0; i < N_MCTS_OPTS; i++)
            b->o.v[i] = mg__mcts_options[i].def;
        b->o.v[OPT_ITER] = kind == BOT_SOLVER ? o.v[SOPT_ITER]
                                              : o.v[XOPT_ITER];
        b->o.v[OPT_TIME] = 0;
        if (kind == BOT_STRONG) /* the game's knowledge, where it has it */
            b->o.v[OPT_PLAYOUT] = PLAYOUT_POLICY;
    }
    b->rng = seed;
    *out = b;
    return MG_OK;
}

static void drop_buffers(mg_bot *b)
{
    mg_solver_free(b->sv);
    b->sv = NULL;
    mg_state_free(b->work);
    free(b->root_st);
    free(b->legal);
    free(b->pool); /* cold shares its block */
    free(b->leaf);
    free(b->rec);
    free(b->gain);
    free(b->path);
    free(b->seen);
    free(b->tab);
    mg_eval_free(b->own_ev);
    b->own_ev = NULL;
    b->ev = NULL;
    b->work = NULL;
    b->root_st = NULL;
    b->legal = b->path = b->seen = NULL;
    b->pool = NULL;
    b->cold = NULL; /* in pool's block */
    b->leaf = b->rec = NULL;
    b->gain = NULL;
    b->tab = NULL;
    b->have_game = 0;
    b->have_tree = 0;
}

void mg_bot_free(mg_bot *b)
{
    if (!b)
        return;
    drop_buffers(b);
    free(b->ev_scratch);
    free(b);
}

/* The spec of what b plays as: its kind and options. */
static int plays(const mg_bot *b, char *buf, size_t cap, size_t *needed)
{
    const bot_kind *k = &kinds[b->kind];
    mg__sb sb;
    int i;
    mg__sb_init(&sb, buf, cap);
    mg__sb_puts(&sb, k->name);
    for (i = 0; i < k->n_options; i++) {
        mg__sb_putc(&sb, i ? ',' : '(');
        mg__sb_puts(&sb, k->options[i].key);
        mg__sb_putc(&sb, '=');
        mg__option_format(&k->options[i],
                          b->kind == BOT_SOLVER || b->kind == BOT_STRONG
                              ? b->so.v[i]
                              : b->o.v[i],
                          &sb);
    }
    if (k->n_options)
        mg__sb_putc(&sb, ')');
    return mg__sb_finish(&sb, needed);
}

int mg_bot_spec(const mg_bot *b, char *buf, size_t cap, size_t *needed)
{
    mg__sb sb;
    if (!b || (!buf && cap))
        return MG_EINVAL;
    if (!b->level)
        return plays(b, buf, cap, needed);
    mg__sb_init(&sb, buf, cap);
    mg__sb_puts(&sb, "level(n=");
    mg__sb_putc(&sb, (char)('0' + b->level));
    mg__sb_putc(&sb, ')');
    return mg__sb_finish(&sb, needed);
}

int mg_bot_plays(const mg_bot *b, char *buf, size_t cap, size_t *needed)
{
    if (!b || (!buf && cap))
        return MG_EINVAL;
    return plays(b, buf, cap, needed);
}

/* The buffers for game g (first call, or a different game). */
int mg__bot_prepare(mg_bot *b, const mg_game *g)
{
    if (b->have_game && b->identity == g->identity) {
        /* the same game, maybe another object of it */
        mg__state_rebind(b->work, g);
        if (b->sv)
            mg__solver_rebind(b->sv, g);
        return MG_OK;
    }
    drop_buffers(b);
    if (mg_state_new(&b->work, g) != MG_OK)
        goto fail;
    b->root_st = malloc(mg__state_position_size(b->work));
    b->legal = malloc(((size_t)g->max_legal + 1) * sizeof *b->legal);
    if (!b->root_st || !b->legal)
        goto fail;
    if ((b->kind == BOT_SOLVER || b->kind == BOT_STRONG) &&
        mg_solver_new(&b->sv, g,
                      (size_t)b->so.v[b->kind == BOT_SOLVER ? SOPT_MEMORY
                                                            : XOPT_MEMORY]
                          << 20,
                      NULL, 0) != MG_OK)
        goto fail;
    if ((b->kind == BOT_MCTS || b->kind == BOT_SOLVER ||
         b->kind == BOT_STRONG) &&
        mg__mcts_alloc(b, g) != MG_OK)
        goto fail;
    if (mg__bot_pick_eval(b, g) != MG_OK)
        goto fail;
    b->have_game = 1;
    b->identity = g->identity;
    return MG_OK;
fail:
    drop_buffers(b);
    return MG_ENOMEM;
}
/* ---------------------------------------------- the learned evaluation */

int mg__bot_pick_eval(mg_bot *b, const mg_game *g)
{
    const mg_eval *ev = NULL;
    b->ev = NULL;
    if (b->kind != BOT_MCTS && b->kind != BOT_SOLVER && b->kind != BOT_STRONG)
        return MG_OK;
    if (b->user_ev && b->user_ev->game->identity == g->identity)
        ev = b->user_ev;
    else if (!b->user_ev && b->kind == BOT_STRONG &&
             b->so.v[XOPT_EVAL] == 0) { /* eval=auto: the shipped one */
        if (!b->own_ev || b->own_ev->game->identity != g->identity) {
            mg_eval_free(b->own_ev);
            b->own_ev = NULL;
            if (mg_eval_builtin(&b->own_ev, g) == MG_ENOMEM)
                return MG_ENOMEM;
        }
        ev = b->own_ev;
    }
    if (ev && ev->scratch > b->ev_scratch_n) {
        float *p = realloc(b->ev_scratch, ev->scratch * sizeof *p);
        if (!p)
            return MG_ENOMEM;
        b->ev_scratch = p;
        b->ev_scratch_n = ev->scratch;
    }
    b->ev = ev;
    if (b->kind == BOT_STRONG) /* a network, when it has one: half */
        b->o.v[OPT_NET] = ev ? 500 : 0;
    return MG_OK;
}

int mg_bot_set_eval(mg_bot *bot, const mg_eval *ev)
{
    if (!bot)
        return MG_EINVAL;
    if (ev && ev->scratch > bot->ev_scratch_n) {
        float *p = realloc(bot->ev_scratch, ev->scratch * sizeof *p);
        if (!p)
            return MG_ENOMEM;
        bot->ev_scratch = p;
        bot->ev_scratch_n = ev->scratch;
    }
    bot->user_ev = ev;
    bot->ev = NULL;
    bot->have_tree = 0; /* the tree's values came from another network */
    bot->have_game = 0; /* pick again on the next choose */
    return MG_OK;
}

/* -------------------------------------------------------- random, greedy */

static uint32_t rand_below(mg_bot *b, uint32_t n)
{
    return mg__rand_below(&b->rng, n);
}

/* Value of the position for `me`: a finished game beats any score. */
static int64_t greedy_value(const mg_state *w, int me)
{
    int wn = mg_state_winner(w);
    int32_t mine = 0, theirs = 0;
    int64_t d;
    mg_state_score(w, me, &mine);
    mg_state_score(w, 1 - me, &theirs);
    d = (int64_t)mine - theirs;
    if (wn == me)
        return d + ((int64_t)1 << 40);
    if (wn == 1 - me)
        return d - ((int64_t)1 << 40);
    return d;
}

static int32_t choose_greedy(mg_bot *b, const mg_state *s, int32_t n)
{
    mg_state *w = b->work;
    int me = mg_state_current_player(s);
    int64_t best = 0;
    int32_t i, pick = b->legal[0], ties = 0;
    mg__state_snapshot(s, b->root_st);
    mg__state_restore(w, b->root_st);
    for (i = 0; i < n; i++) {
        int32_t a = b->legal[i];
        int64_t v;
        if (mg__state_push(w, a) != MG_OK)
            break;
        v = greedy_value(w, me);
        mg__state_pop(w);
        if (ties == 0 || v > best) {
            best = v;
            pick = a;
            ties = 1;
        } else if (v == best && rand_below(b, (uint32_t)++ties) == 0) {
            pick = a; /* reservoir: each of the tied equally likely */
        }
    }
    return pick;
}

/* ---------------------------------------------------------------- choose */

int mg_bot_choose(mg_bot *b, const mg_state *s, int32_t *action)
{
    const mg_game *g;
    int32_t n;
    int rc;
    if (!b || !s || !action)
        return MG_EINVAL;
    g = mg_state_game(s);
    if (mg_state_current_player(s) == MG_NOBODY)
        return MG_EOVER;
    rc = mg__bot_prepare(b, g);
    if (rc)
        return rc;
    n = mg__state_legal(s, b->legal);
    if (n <= 0)
        return MG_EOVER;
    if (n == 1) { /* nothing to choose (mcts: the tree follows later) */
        *action = b->legal[0];
        return MG_OK;
    }
    switch (b->kind) {
    case BOT_RANDOM:
        *action = b->legal[rand_below(b, (uint32_t)n)];
        break;
    case BOT_GREEDY:
        *action = choose_greedy(b, s, n);
        break;
    case BOT_SOLVER:
        *action = mg__solver_bot_choose(b, g, s);
        break;
    case BOT_STRONG:
        *action = mg__strong_choose(b, g, s);
        break;
    default:
        *action = mg__mcts_choose(b, g, s, b->o.v[OPT_ITER], b->o.v[OPT_TIME]);
        break;
    }
    return MG_OK;
}
