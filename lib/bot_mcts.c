/*
 * bot_mcts.c - UCT Monte Carlo tree search, for the mcts, solver and
 * strong bots (bot.h).  It knows no game: it works through the game table.
 *
 * Memory: mg__mcts_alloc makes, on the first choose for a game, the node
 * pool and its tables; the search then runs in the pool and allocates
 * nothing.
 *
 * Each node stores the action that leads to it and the seat that
 * chose it; its children (one per legal action) are allocated together
 * when it is first expanded.  A node is two records in two arrays of the
 * pool: what UCT reads of every child (visits, value, prior: 16 bytes,
 * four children a cache line) and the rest (action, children, chooser,
 * and how many children are still unvisited, so a node whose children
 * have all been tried skips the scan for an unvisited one).  The priors
 * of an expansion come from the game's gains op where it has one (China:
 * one labelling of the mover's groups for all the children; with
 * playout=policy, since 1.6, the game's policy_priors op where it has
 * one: the ranking its theory gives), else they
 * are measured on a private copy of the leaf through the game's ops
 * (apply, winner, score, and undo or a copy back for small positions: no
 * per-call checks, no history).  The tables of 1/v, 1/sqrt(v) and
 * sqrt(ln v) grow as the visits do.  An iteration copies the root position
 * into a work state, descends by UCT (unvisited children first, largest
 * prior first, then in action order), expands one node, finishes with
 * mg_state_playout_result (a rollout that keeps no history and leaves the
 * work state at the leaf; with playout=policy the game's knowledge
 * playout, mg__state_policy_result), and backs the result up: 2 half-points for a
 * win of the node's chooser, 1 for a draw.  With reuse, the next call
 * keeps the subtree of the position it is asked about when that position
 * continues the previous root's history; the pool is not compacted, so
 * the tree is rebuilt once it is half full.
 *
 * No libm: the logarithm and square root UCT needs are computed here
 * (integer decomposition and Newton steps), so results are the same on
 * every IEEE-754 machine and the library links nothing but libc.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "bot.h"
#include "eval.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TABLE 4096           /* visits with tabulated 1/v, 1/sqrt(v), ln */
#define POOL_TIME (1 << 20)  /* nodes when only time limits the search */
#define POOL_MAX (1 << 22)
#define PLAYOUT_CAP 10000    /* actions, for games without a length bound */
#define COPY_MAX 512         /* priors: positions copied back, not undone */

typedef mg__node node;
typedef mg__link link;

/* ---------------------------------------------------------------- maths */

/* Natural logarithm of n >= 1: n = m 2^e with m in [1, 2), and
 * ln m = 2 atanh((m - 1)/(m + 1)) by its series (|t| < 1/3: 12 terms
 * give full double precision). */
static double ln_u32(uint32_t n)
{
    double m = (double)n, t, t2, p, sum = 0;
    int e = 0, k;
    while (m >= 2.0) {
        m *= 0.5;
        e++;
    }
    t = (m - 1) / (m + 1);
    t2 = t * t;
    p = t;
    for (k = 1; k <= 23; k += 2) {
        sum += p / k;
        p *= t2;
    }
    return 2 * sum + e * 0.69314718055994530942;
}

/* The starting guess of sqrt_pos: the exponent halved. */
static double sqrt_guess(double x)
{
    uint64_t b;
    double y;
    memcpy(&b, &x, sizeof b);
    b = (b >> 1) + (0x3FF0000000000000ULL >> 1);
    memcpy(&y, &b, sizeof y);
    return y;
}

/* Square root of x > 0: Newton's method from an exponent-halving guess. */
static double sqrt_pos(double x)
{
    double y = sqrt_guess(x);
    int k;
    for (k = 0; k < 5; k++)
        y = 0.5 * (y + x / y);
    return y;
}

/* sqrt_pos of x and of z at once (the same steps, the two chains of
 * dependent divisions interleaved). */
static void sqrt_pos2(double x, double z, double *rx, double *rz)
{
    double y = sqrt_guess(x), w = sqrt_guess(z);
    int k;
    for (k = 0; k < 5; k++) {
        y = 0.5 * (y + x / y);
        w = 0.5 * (w + z / w);
    }
    *rx = y;
    *rz = w;
}

/* ------------------------------------------------------------- buffers */

/* Pool size: every expansion adds at most max_legal nodes. */
static int32_t pool_size(const mg_bot *b, const mg_game *g)
{
    int64_t iter = b->o.v[OPT_ITER], n;
    if (iter == 0)
        return POOL_TIME;
    n = 1 + (iter + 1) * (int64_t)g->max_legal;
    return n > POOL_MAX ? POOL_MAX : n < 1024 ? 1024 : (int32_t)n;
}

int mg__mcts_alloc(mg_bot *b, const mg_game *g)
{
    b->cap = pool_size(b, g);
    b->pathcap = g->max_length > 0 ? g->max_length + 2 : 4096;
    b->seen_cap = g->max_length > 0 ? (size_t)g->max_length : 0;
    /* one block, hot records first (16-byte aligned by malloc) */
    b->pool = malloc((size_t)b->cap * (sizeof *b->pool + sizeof *b->cold));
    b->cold = b->pool ? (link *)(void *)(b->pool + b->cap) : NULL;
    b->leaf = malloc(mg__state_position_size(b->work));
    b->rec = malloc(g->undo_size ? g->undo_size : 1);
    b->gain = malloc(((size_t)g->max_legal + 1) * sizeof *b->gain);
    b->path = malloc((size_t)b->pathcap * sizeof *b->path);
    b->seen = malloc((b->seen_cap ? b->seen_cap : 1) * sizeof *b->seen);
    b->tab = malloc(TABLE * sizeof *b->tab);
    if (!b->pool || !b->cold || !b->leaf || !b->rec || !b->gain ||
        !b->path || !b->seen || !b->tab)
        return MG_ENOMEM;
    b->tab[0][0] = b->tab[0][1] = 0;
    b->tab[0][2] = sqrt_pos(ln_u32(1) + 1e-300); /* as for 1 visit */
    b->tabn = 1; /* the rest as visits reach them (extend_table) */
    return MG_OK;
}

/* -------------------------------------------------------------- search */

static void new_tree(mg_bot *b)
{
    node *r = &b->pool[0];
    link *l = &b->cold[0];
    l->action = -1;
    l->player = MG_NOBODY;
    l->first = -1;
    l->nchild = 0;
    l->unvisited = 0;
    r->visits = 0;
    r->value = 0;
    r->prior = 0;
    b->root = 0;
    b->used = 1;
    b->have_tree = 1;
}

/* The child of node n reached by action a, or -1. */
static int32_t child_by_action(const mg_bot *b, int32_t n, int32_t a)
{
    const link *p = &b->cold[n];
    int32_t i;
    for (i = 0; i < p->nchild; i++)
        if (b->cold[p->first + i].action == a)
            return p->first + i;
    return -1;
}

/* Keep the subtree of s's position when s continues the last root's
 * history; otherwise start afresh.  Then remember s's history. */
static void set_root(mg_bot *b, const mg_state *s)
{
    int32_t n = -1;
    size_t i, hlen;
    const int32_t *hist = mg__state_moves(s, &hlen);
    if (b->o.v[OPT_REUSE] && b->have_tree && b->used <= b->cap / 2 &&
        hlen >= b->seen_len && hlen <= b->seen_cap &&
        memcmp(hist, b->seen, b->seen_len * sizeof *b->seen) == 0) {
        n = b->root;
        for (i = b->seen_len; i < hlen && n >= 0; i++)
            n = child_by_action(b, n, hist[i]);
    }
    if (n >= 0)
        b->root = n;
    else
        new_tree(b);
    if (hlen <= b->seen_cap) {
        memcpy(b->seen, hist, hlen * sizeof *b->seen);
        b->seen_len = hlen;
    } else {
        b->have_tree = 0; /* too long to compare next time */
    }
}

/* greedy_value on a raw position of g, through the ops (the same value:
 * mg_state_winner and mg_state_score call these ops; me is 0 or 1). */
static int64_t ops_value(const mg_game *g, const void *st, int me)
{
    int wn = g->ops->winner(g, st);
    int64_t d = (int64_t)g->ops->score(g, st, me) -
                g->ops->score(g, st, 1 - me);
    if (wn == me)
        return d + ((int64_t)1 << 40);
    if (wn == 1 - me)
        return d - ((int64_t)1 << 40);
    return d;
}

/* Progressive bias: each child's immediate gain for its chooser, from
 * the game's score (mover minus opponent) and a decided result, scaled
 * to [-1, 1] among the siblings.  Measured on b->leaf, a copy of the
 * leaf's position: the game's gains op, else (and where it leaves one
 * out) apply, value, undo per child.  Returns the first child of the
 * largest prior (select_child's pick among the unvisited). */
static int32_t set_priors(mg_bot *b, const mg_game *g, const mg_state *w,
                          int32_t first, int32_t k, int player)
{
    node *ch = &b->pool[first];
    const link *cl = &b->cold[first];
    void *st = b->leaf;
    int64_t before, most = 0;
    int32_t i, pick = 0;
    int known = 0;
    const int copy = g->state_size <= COPY_MAX;
    mg__state_snapshot(w, st);
    before = ops_value(g, st, player);
    if (b->o.v[OPT_PLAYOUT] == PLAYOUT_POLICY && g->ops->policy_priors) {
        g->ops->policy_priors(g, st, b->legal, k, b->gain); /* theory's */
        known = 1;
    } else if (g->ops->gains) {
        g->ops->gains(g, st, b->legal, k, b->gain); /* the children's */
        known = 1;
    }
    for (i = 0; i < k; i++) {
        int64_t d = known ? b->gain[i] : MG__GAIN_UNKNOWN;
        if (d == MG__GAIN_UNKNOWN) {
            g->ops->apply(g, st, cl[i].action, b->rec);
            d = ops_value(g, st, player) - before;
            if (copy) /* the same position as undo gives, cheaper */
                memcpy(st, mg__state_position(w), g->state_size);
            else
                g->ops->undo(g, st, cl[i].action, b->rec);
        }
        ch[i].prior = (float)d; /* scaled below */
        if (d > most || -d > most)
            most = d > 0 ? d : -d;
    }
    if (most == 0)
        return first; /* all 0 */
    for (i = 0; i < k; i++) {
        ch[i].prior = (float)(ch[i].prior / (double)most);
        if (ch[i].prior > ch[pick].prior)
            pick = i;
    }
    return first + pick;
}

/* UCT with progressive bias: unvisited children first (largest prior
 * first, then action order), then the largest
 * mean + c sqrt(ln N / n) + prior / (n + 1). */
static int32_t select_child(const mg_bot *b, const node *p, const link *l)
{
    const node *ch = &b->pool[l->first];
    double c = (double)b->o.v[OPT_C] / 1000.0, best = -1e300, explore;
    double bias = (double)b->o.v[OPT_BIAS] / 1000.0;
    int32_t i, pick = -1, n = l->nchild;
    if (l->unvisited > 0) {
        float top = 0;
        for (i = 0; i < n; i++)
            if (ch[i].visits == 0 && (pick < 0 || ch[i].prior > top)) {
                pick = i;
                top = ch[i].prior;
            }
        return l->first + pick;
    }
    explore = c * (p->visits < TABLE ? b->tab[p->visits][2]
                                     : sqrt_pos(ln_u32(p->visits) + 1e-300));
    for (i = 0; i < n; i++) {
        uint32_t v = ch[i].visits;
        double inv = v < TABLE ? b->tab[v][0] : 1.0 / v;
        double isq = v < TABLE ? b->tab[v][1] : 1.0 / sqrt_pos((double)v);
        double u = ch[i].value * inv + explore * isq +
                   bias * ch[i].prior / (v + 1.0);
        if (u > best) {
            best = u;
            pick = i;
        }
    }
    return l->first + pick;
}

/* A node's visits reached v = tabn: the table's entry v (the entries
 * are the same whenever they are made; every node's visits stay below
 * tabn, or at TABLE and above). */
static void extend_table(mg_bot *b, uint32_t v)
{
    double r, l;
    sqrt_pos2((double)v, ln_u32(v) + 1e-300, &r, &l);
    b->tab[v][0] = 1.0 / v;
    b->tab[v][1] = 1.0 / r;
    b->tab[v][2] = l;
    b->tabn = v + 1;
}

static int elapsed_over(const struct timespec *t0, int64_t ms)
{
    struct timespec t;
    int64_t d;
    clock_gettime(CLOCK_MONOTONIC, &t);
    d = (int64_t)(t.tv_sec - t0->tv_sec) * 1000 +
        (t.tv_nsec - t0->tv_nsec) / 1000000;
    return d >= ms;
}

static void iterate(mg_bot *b, const mg_game *g)
{
    mg_state *w = b->work;
    int32_t n = b->root, depth = 0, i, s0, s1, sc[2], winner;
    double mw = (double)b->o.v[OPT_MARGIN] / 1000.0, total, r0, rn = 0.5;
    double net = (double)b->o.v[OPT_NET] / 1000.0;
    int mover;
    mg__state_restore(w, b->root_st);
    b->path[depth++] = n;
    /* descend through expanded nodes */
    while (b->cold[n].first >= 0 && b->cold[n].nchild > 0 &&
           depth < b->pathcap) {
        n = select_child(b, &b->pool[n], &b->cold[n]);
        if (mg__state_push(w, b->cold[n].action) != MG_OK)
            break;
        b->path[depth++] = n;
    }
    /* expand a leaf that is not terminal, while the pool has room */
    if (b->cold[n].first < 0 && depth < b->pathcap) {
        int player = mg_state_current_player(w);
        int32_t k = player == MG_NOBODY ? 0 : mg__state_legal(w, b->legal);
        if (b->used + k <= b->cap) {
            link *p = &b->cold[n];
            p->first = b->used;
            p->nchild = k;
            p->unvisited = k;
            for (i = 0; i < k; i++) {
                node *c = &b->pool[b->used + i];
                link *cl = &b->cold[b->used + i];
                cl->action = b->legal[i];
                cl->player = player;
                cl->first = -1;
                cl->nchild = 0;
                cl->unvisited = 0;
                c->visits = 0;
                c->value = 0;
                c->prior = 0;
            }
            b->used += k;
            if (k > 0) {
                n = set_priors(b, g, w, p->first, k, player);
                if (mg__state_push(w, b->cold[n].action) == MG_OK)
                    b->path[depth++] = n;
            }
        }
    }
    /* the network's value of the leaf (1.6), as seat 0's reward */
    mover = mg_state_current_player(w);
    if (b->ev && net > 0 && mover >= 0) {
        float v = mg__eval_position(b->ev, mg__state_position(w), mover,
                                    b->ev_scratch);
        rn = 0.5 * (1.0 + (mover == 0 ? v : -v));
    } else
        net = 0;
    if (net >= 1.0) {
        r0 = rn; /* the network alone: no playout */
    } else {
        /* the rollout: its result only, w left at the leaf (1.5); with
         * playout=policy the game's theory plays it (1.6) */
        if (b->o.v[OPT_PLAYOUT] == PLAYOUT_POLICY)
            mg__state_policy_result(w, mg__splitmix64(&b->rng),
                                    g->max_length > 0 ? -1 : PLAYOUT_CAP,
                                    &winner, sc);
        else
            mg_state_playout_result(w, mg__splitmix64(&b->rng),
                                    g->max_length > 0 ? -1 : PLAYOUT_CAP,
                                    &winner, sc);
        s0 = sc[0];
        s1 = sc[1];
        /* reward for seat 0: (1 - margin) x result + margin x score
         * share; then (1 - net) x that + net x the network's */
        total = (double)(s0 < 0 ? -(int64_t)s0 : s0) +
                (double)(s1 < 0 ? -(int64_t)s1 : s1);
        r0 = (1 - mw) * (winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5) +
             mw * 0.5 * (1.0 + (total > 0 ? ((double)s0 - s1) / total : 0.0));
        r0 = (1 - net) * r0 + net * rn;
    }
    for (i = 0; i < depth; i++) {
        int32_t m = b->path[i];
        node *p = &b->pool[m];
        if (p->visits == 0 && i > 0) /* a first visit: one fewer left */
            b->cold[b->path[i - 1]].unvisited--;
        p->visits++;
        p->value += b->cold[m].player == 1 ? 1.0 - r0 : r0;
        if (p->visits == b->tabn && p->visits < TABLE)
            extend_table(b, p->visits);
    }
}

int32_t mg__mcts_choose(mg_bot *b, const mg_game *g, const mg_state *s,
                        int64_t iter, int64_t ms)
{
    int64_t it;
    struct timespec t0;
    const link *r;
    const node *ch;
    int32_t i, best = 0;
    set_root(b, s);
    mg__state_snapshot(s, b->root_st);
    if (ms > 0)
        clock_gettime(CLOCK_MONOTONIC, &t0);
    for (it = 0; iter == 0 || it < iter; it++) {
        if (ms > 0 && (it & 15) == 0 && it > 0 && elapsed_over(&t0, ms))
            break;
        iterate(b, g);
    }
    r = &b->cold[b->root];
    if (r->first < 0 || r->nchild == 0) /* no expansion fitted */
        return b->legal[mg__rand_below(
            &b->rng, (uint32_t)mg__state_legal(s, b->legal))];
    ch = &b->pool[r->first];
    for (i = 1; i < r->nchild; i++)
        if (ch[i].visits > ch[best].visits ||
            (ch[i].visits == ch[best].visits && ch[i].value > ch[best].value))
            best = i;
    return b->cold[r->first + best].action;
}
