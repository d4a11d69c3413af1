/*
 * solver.c - mg_solver_*: exact values and best actions (since 1.4).
 *
 * The public face of the solver: the one block of memory (solver.h), the
 * budget and its clock, solve, values and bounds.  A game's value and its
 * exact engine, when it has one, come through its op `solver`; without
 * an engine the generic search of solver_search.c solves it.  This file
 * names no game.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "solver.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COUNTDOWN 1024      /* nodes between two looks at the clock */
#define MIN_ENTRIES 1024    /* the smallest generic table */
#define MAX_PLIES 4096      /* the generic search's deepest path */
#define UNBOUNDED_PLIES 1024
#define MIN_STACK_PLIES 16

/* ------------------------------------------------------------ the budget */

static int64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void mg__budget_start(mg__budget *b, uint64_t max_nodes, uint32_t time_ms)
{
    b->nodes = 0;
    b->max_nodes = max_nodes;
    b->time_ms = time_ms;
    b->countdown = COUNTDOWN;
    b->over = 0;
    b->start_ns = time_ms ? now_ns() : 0;
}

int mg__budget_clock(mg__budget *b)
{
    b->countdown = COUNTDOWN;
    if (b->time_ms &&
        now_ns() - b->start_ns >= (int64_t)b->time_ms * 1000000)
        b->over = 1;
    return b->over;
}

/* --------------------------------------------------- games with a score */

static int32_t score_margin(const mg_game *g, const void *st, int player)
{
    return g->ops->score(g, st, player) - g->ops->score(g, st, 1 - player);
}

const mg__solver_ops mg__solver_score_margin = {
    .value = MG__VALUE_MARGIN,
    .margin = score_margin,
};

/* ------------------------------------------------------------- creation */

static size_t r64(size_t n)
{
    return (n + 63) & ~(size_t)63;
}

/* Where everything goes in the block. */
typedef struct plan {
    size_t hcap, state, legal, engine; /* offsets */
    size_t engine_bytes;
    size_t history, img, inv, stack, tt;
    size_t stack_cap, minimum;
    int32_t nsym;
} plan;

static size_t plies(const mg_game *g)
{
    if (g->max_length <= 0)
        return UNBOUNDED_PLIES;
    return g->max_length < MAX_PLIES ? (size_t)g->max_length : MAX_PLIES;
}

static void make_plan(const mg_game *g, size_t bytes, plan *p)
{
    const mg__solver_ops *ops = g->ops->solver;
    size_t need = ops && ops->engine_min ? ops->engine_min(g) : 0, at, fixed;
    memset(p, 0, sizeof *p);
    p->hcap = plies(g);
    p->state = r64(sizeof(mg_solver));
    p->legal = p->state + r64(mg__state_bytes(g, p->hcap));
    at = p->legal + r64((size_t)g->max_legal * sizeof(int32_t));
    if (need > 0) {
        p->engine = at;
        p->minimum = at + need;
        p->engine_bytes = bytes > at ? bytes - at : 0;
        return;
    }
    p->nsym = ops && (ops->sym_position || ops->sym_keys) && g->pos &&
                      g->pos->nsym <= 32
                  ? g->pos->nsym
                  : 1;
    p->history = at;
    p->img = p->history + r64((size_t)g->num_actions * sizeof(uint32_t));
    p->inv = p->img + (p->nsym > 1 ? 2 * r64(g->state_size) : 0);
    p->stack = p->inv + r64((size_t)p->nsym * sizeof(int32_t));
    fixed = p->stack;
    p->stack_cap = (size_t)g->max_legal * p->hcap;
    if (bytes > fixed && p->stack_cap * 4 > (bytes - fixed) / 8)
        p->stack_cap = (bytes - fixed) / 8 / 4;
    if (p->stack_cap < (size_t)g->max_legal * MIN_STACK_PLIES)
        p->stack_cap = (size_t)g->max_legal * MIN_STACK_PLIES;
    p->tt = p->stack + r64(p->stack_cap * sizeof(int32_t));
    p->minimum = p->tt + MIN_ENTRIES * sizeof(mg__gentry);
}

static void inverses(mg_solver *sv)
{
    const mg__position *pos = sv->g->pos;
    int32_t s, t, i;
    sv->inv[0] = 0;
    for (s = 1; s < sv->nsym; s++)
        for (t = 0; t < sv->nsym; t++) {
            const int32_t *a = pos->sym_site + (size_t)s * pos->n;
            const int32_t *b = pos->sym_site + (size_t)t * pos->n;
            for (i = 0; i < pos->n && b[a[i]] == i; i++)
                ;
            if (i == pos->n) {
                sv->inv[s] = t;
                break;
            }
        }
}

static void lay_out(mg_solver *sv, const plan *p)
{
    unsigned char *base = (unsigned char *)sv;
    const mg_game *g = sv->g;
    sv->work = mg__state_place(g, base + p->state, p->hcap);
    sv->legal = (int32_t *)(void *)(base + p->legal);
    if (p->engine_bytes) {
        sv->engine = g->ops->solver->engine_init(g, base + p->engine,
                                                 p->engine_bytes);
        return;
    }
    sv->nsym = p->nsym;
    sv->history = (uint32_t *)(void *)(base + p->history);
    sv->img = p->nsym > 1 ? base + p->img : NULL;
    sv->img2 = p->nsym > 1 ? base + p->img + r64(g->state_size) : NULL;
    sv->inv = (int32_t *)(void *)(base + p->inv);
    sv->stack = (int32_t *)(void *)(base + p->stack);
    sv->stack_cap = p->stack_cap;
    sv->tt = (mg__gentry *)(void *)(base + p->tt);
    sv->nbuckets = (sv->bytes - p->tt) / (MG__GWAYS * sizeof(mg__gentry));
    if (sv->nbuckets > 0xFFFFFFFFu)
        sv->nbuckets = 0xFFFFFFFFu;
    if (sv->nsym > 1)
        inverses(sv);
    else
        sv->inv[0] = 0;
    /* the table and the history are 0 from calloc: empty */
}

int mg_solver_new(mg_solver **out, const mg_game *g, size_t bytes, char *err,
                  size_t errcap)
{
    mg_solver *sv;
    plan p;
    if (err && errcap)
        err[0] = '\0';
    if (!out)
        return mg__err(err, errcap, MG_EINVAL, "out is NULL");
    *out = NULL;
    if (!g)
        return mg__err(err, errcap, MG_EINVAL, "game is NULL");
    make_plan(g, bytes, &p);
    if (bytes < p.minimum)
        return mg__err(err, errcap, MG_EINVAL,
                       "a solver of this game needs at least %u bytes "
                       "(%u KiB), got %u",
                       (unsigned)p.minimum,
                       (unsigned)((p.minimum + 1023) / 1024),
                       (unsigned)(bytes > 0xFFFFFFFFu ? 0xFFFFFFFFu : bytes));
    /* calloc: a large block is fresh anonymous pages, zero without being
     * written; the tables' empty entries are 0 and are never cleared
     * here, so that the pages cost nothing until the search uses them */
    sv = calloc(1, bytes);
    if (!sv)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory (%u MiB)",
                       (unsigned)(bytes >> 20));
    mg__advise_huge(sv, bytes); /* before the tables are first touched */
    sv->g = g;
    sv->identity = g->identity;
    sv->bytes = bytes;
    sv->ops = g->ops->solver;
    sv->kind = sv->ops ? sv->ops->value : MG__VALUE_WDL;
    sv->nsym = 1;
    lay_out(sv, &p);
    *out = sv;
    return MG_OK;
}

void mg_solver_free(mg_solver *sv)
{
    free(sv);
}

void mg__solver_rebind(mg_solver *sv, const mg_game *g)
{
    sv->g = g;
    mg__state_rebind(sv->work, g);
}

/* --------------------------------------------------------------- solving */

static int check(const mg_solver *sv, const mg_state *s)
{
    if (!sv || !s)
        return MG_EINVAL;
    if (mg_state_game(s)->identity != sv->identity)
        return MG_EMISMATCH;
    if (mg__state_player(s) == MG_NOBODY)
        return MG_EOVER;
    return MG_OK;
}

static int32_t margin_now(const mg_solver *sv, int player)
{
    if (sv->kind == MG__VALUE_WDL)
        return 0;
    return sv->ops->margin(sv->g, mg__state_position(sv->work), player);
}

/* Solve the position in sv->work (not over): bounds in value units for
 * its player to move; MG_OK when exact, MG_EBUDGET. */
static int solve_work(mg_solver *sv, int32_t remaining, int32_t *lo,
                      int32_t *hi, int32_t *best)
{
    int rc;
    if (sv->engine)
        return sv->ops->engine_solve(sv->engine,
                                     mg__state_position(sv->work),
                                     &sv->budget, lo, hi, best);
    rc = mg__generic_solve(sv, remaining, lo, hi, best);
    if (sv->kind == MG__VALUE_GAIN) {
        int32_t m = margin_now(sv, mg__state_player(sv->work));
        *lo -= m;
        *hi -= m;
    }
    return rc;
}

static int32_t remaining_of(const mg_solver *sv, const mg_state *s, int more)
{
    size_t hlen;
    mg__state_moves(s, &hlen);
    if (sv->g->max_length <= 0)
        return 0;
    hlen += (size_t)more;
    return hlen >= (size_t)sv->g->max_length
               ? 1
               : (int32_t)((size_t)sv->g->max_length - hlen);
}

int mg_solver_solve(mg_solver *sv, const mg_state *s, uint64_t max_nodes,
                    uint32_t time_ms, int32_t *value, int32_t *best_action,
                    uint64_t *nodes)
{
    int32_t lo, hi, best;
    int rc = check(sv, s);
    if (rc)
        return rc;
    mg__budget_start(&sv->budget, max_nodes, time_ms);
    mg__state_restore(sv->work, mg__state_position(s));
    rc = solve_work(sv, remaining_of(sv, s, 0), &lo, &hi, &best);
    mg__state_restore(sv->work, mg__state_position(s));
    /* a stopped engine's best achieves lo once lo is above -spread (the
     * engine_solve contract); the generic search's does not promise it */
    sv->proven = rc == MG_OK ||
                 (sv->engine && sv->kind == MG__VALUE_GAIN &&
                  sv->ops->spread &&
                  lo > -sv->ops->spread(sv->g, mg__state_position(s)));
    sv->have = 1;
    sv->lo = lo;
    sv->hi = hi;
    sv->best = best;
    if (value)
        *value = lo;
    if (best_action)
        *best_action = best;
    if (nodes)
        *nodes = sv->budget.nodes;
    return rc;
}

int mg__solver_proven(const mg_solver *sv, int32_t *action)
{
    if (!sv->have || !sv->proven)
        return 0;
    *action = sv->best;
    return 1;
}

int mg_solver_bounds(const mg_solver *sv, int32_t *lower, int32_t *upper)
{
    if (!sv || !sv->have)
        return MG_EINVAL;
    if (lower)
        *lower = sv->lo;
    if (upper)
        *upper = sv->hi;
    return MG_OK;
}

/* The bounds of action a's value for p (the position is restored). */
static int value_of(mg_solver *sv, const mg_state *s, int p, int32_t m0,
                    int32_t a, int32_t *lo, int32_t *hi)
{
    int q, rc = MG_OK;
    int32_t clo, chi, best, off = 0;
    mg__state_restore(sv->work, mg__state_position(s));
    if (mg__state_push(sv->work, a) != MG_OK)
        return MG_ENOMEM;
    q = mg__state_player(sv->work);
    if (sv->kind == MG__VALUE_GAIN)
        off = margin_now(sv, p) - m0;
    if (q == MG_NOBODY) {
        clo = chi = sv->kind == MG__VALUE_GAIN ? 0 : mg__solver_terminal(sv, p);
        q = p;
    } else {
        rc = solve_work(sv, remaining_of(sv, s, 1), &clo, &chi, &best);
    }
    *lo = off + (q == p ? clo : -chi);
    *hi = off + (q == p ? chi : -clo);
    return rc;
}

int mg_solver_values(mg_solver *sv, const mg_state *s, uint64_t max_nodes,
                     uint32_t time_ms, int32_t *values, size_t cap,
                     size_t *count)
{
    int32_t *legal, n, i, m0, rlo = INT32_MIN, rhi = INT32_MIN, p;
    int rc = check(sv, s), all = MG_OK;
    if (rc)
        return rc;
    if (!count || (!values && cap))
        return MG_EINVAL;
    mg__state_restore(sv->work, mg__state_position(s));
    legal = sv->legal;
    n = mg__state_legal(sv->work, legal);
    *count = (size_t)n;
    if ((size_t)n > cap)
        return MG_ENOBUFS;
    p = mg__state_player(sv->work);
    m0 = margin_now(sv, p);
    mg__budget_start(&sv->budget, max_nodes, time_ms);
    for (i = 0; i < n; i++) {
        int32_t lo, hi;
        rc = value_of(sv, s, p, m0, legal[i], &lo, &hi);
        if (rc == MG_ENOMEM)
            return rc;
        values[i] = rc == MG_OK && lo == hi ? lo : MG_SOLVER_UNKNOWN;
        if (values[i] == MG_SOLVER_UNKNOWN)
            all = MG_EBUDGET;
        if (lo > rlo)
            rlo = lo;
        if (hi > rhi)
            rhi = hi;
    }
    mg__state_restore(sv->work, mg__state_position(s));
    sv->have = 1;
    sv->proven = 0;
    sv->lo = rlo;
    sv->hi = rhi;
    return all;
}
