/*
 * bot.c - computer players (mg_bot_*): random, greedy, and UCT Monte Carlo
 * tree search.  A bot knows no game: it works through the game table.
 *
 * Memory: mg_bot_new allocates the bot; the first mg_bot_choose for a game
 * allocates the buffers that game needs (a private state, the legal-action
 * list, and for mcts the node pool and its tables).  Later calls for the
 * same game allocate nothing; the search runs in the pool.
 *
 * A bot keeps no pointer to a game between calls: it recognises the game
 * of a state by its identity (canonical spec and board), so it works on
 * after the game it last played is freed, and continues its tree on
 * another object of the same game.
 *
 * MCTS: each node stores the action that leads to it and the seat that
 * chose it; its children (one per legal action) are allocated together
 * when it is first expanded.  An iteration copies the root position into a
 * work state, descends by UCT (unvisited children first, in action order),
 * expands one node, finishes with mg_state_playout, and backs the result
 * up: 2 half-points for a win of the node's chooser, 1 for a draw.  With
 * reuse, the next call keeps the subtree of the position it is asked
 * about when that position continues the previous root's history; the
 * pool is not compacted, so the tree is rebuilt once it is half full.
 *
 * No libm: the logarithm and square root UCT needs are computed here
 * (integer decomposition and Newton steps), so results are the same on
 * every IEEE-754 machine and the library links nothing but libc.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BOT_RANDOM, BOT_GREEDY, BOT_MCTS, N_KINDS };
enum { OPT_ITER, OPT_TIME, OPT_C, OPT_BIAS, OPT_MARGIN, OPT_REUSE,
       N_MCTS_OPTS };

/* Defaults tuned by matches against greedy on Dots and Boxes 3x3 and
 * China Tangle (mg_bot_new(3)): c, bias and margin in thousandths. */
static const mg__option mcts_options[N_MCTS_OPTS] = {
    {"iterations", MG__OPT_INT, 0, 100000000, NULL, 1000},
    {"time_ms", MG__OPT_INT, 0, 86400000, NULL, 0},
    {"c", MG__OPT_MILLI, 0, 100000, NULL, 300},
    {"bias", MG__OPT_MILLI, 0, 1000000, NULL, 10000},
    {"margin", MG__OPT_MILLI, 0, 1000, NULL, 500},
    {"reuse", MG__OPT_BOOL, 0, 1, NULL, 1},
};

typedef struct bot_kind {
    const char *name;
    const mg__option *options;
    int n_options;
} bot_kind;

static const bot_kind kinds[N_KINDS] = {
    {"random", NULL, 0},
    {"greedy", NULL, 0},
    {"mcts", mcts_options, N_MCTS_OPTS},
};

#define TABLE 4096           /* visits with tabulated 1/v and 1/sqrt(v) */
#define POOL_TIME (1 << 20)  /* nodes when only time limits the search */
#define POOL_MAX (1 << 22)
#define PLAYOUT_CAP 10000    /* actions, for games without a length bound */

typedef struct node {
    int32_t action;   /* the action leading here (root: -1) */
    int32_t player;   /* the seat that chose it */
    int32_t first;    /* first child, -1 while not expanded */
    int32_t nchild;
    uint32_t visits;
    float prior;      /* immediate gain for `player`, in [-1, 1] */
    double value;     /* sum of the playout rewards for `player` */
} node;

struct mg_bot {
    int kind;
    mg__optvals o;
    uint64_t rng;
    /* buffers for one game (by identity: the same spec and board), made
     * on the first choose for it; the bot keeps no pointer to the game */
    int have_game;
    uint64_t identity;
    mg_state *work;          /* private state: search and greedy scratch */
    unsigned char *root_st;  /* the position being searched */
    int32_t *legal;          /* max_legal */
    /* mcts */
    node *pool;
    int32_t cap, used, root;
    int32_t *path;           /* nodes of the current descent */
    int32_t pathcap;
    int32_t *seen;           /* the root's history, for reuse */
    size_t seen_len, seen_cap;
    int have_tree;
    double *inv, *inv_sqrt;  /* TABLE entries each */
};

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

/* Square root of x > 0: Newton's method from an exponent-halving guess. */
static double sqrt_pos(double x)
{
    uint64_t b;
    double y;
    int k;
    memcpy(&b, &x, sizeof b);
    b = (b >> 1) + (0x3FF0000000000000ULL >> 1);
    memcpy(&y, &b, sizeof y);
    for (k = 0; k < 5; k++)
        y = 0.5 * (y + x / y);
    return y;
}

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

int mg_bot_new(mg_bot **out, const char *spec, uint64_t seed, char *err,
               size_t errcap)
{
    const void *found = NULL;
    mg__optvals o;
    mg_bot *b;
    int rc;
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
    if (found == &kinds[BOT_MCTS] && o.v[OPT_ITER] == 0 && o.v[OPT_TIME] == 0)
        return mg__err(err, errcap, MG_EVALUE,
                       "iterations=0 and time_ms=0: the search needs a limit");
    b = calloc(1, sizeof *b);
    if (!b)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    b->kind = (int)((const bot_kind *)found - kinds);
    b->o = o;
    b->rng = seed;
    *out = b;
    return MG_OK;
}

static void drop_buffers(mg_bot *b)
{
    mg_state_free(b->work);
    free(b->root_st);
    free(b->legal);
    free(b->pool);
    free(b->path);
    free(b->seen);
    free(b->inv);
    free(b->inv_sqrt);
    b->work = NULL;
    b->root_st = NULL;
    b->legal = b->path = b->seen = NULL;
    b->pool = NULL;
    b->inv = b->inv_sqrt = NULL;
    b->have_game = 0;
    b->have_tree = 0;
}

void mg_bot_free(mg_bot *b)
{
    if (!b)
        return;
    drop_buffers(b);
    free(b);
}

int mg_bot_spec(const mg_bot *b, char *buf, size_t cap, size_t *needed)
{
    const bot_kind *k;
    mg__sb sb;
    int i;
    if (!b || (!buf && cap))
        return MG_EINVAL;
    k = &kinds[b->kind];
    mg__sb_init(&sb, buf, cap);
    mg__sb_puts(&sb, k->name);
    for (i = 0; i < k->n_options; i++) {
        mg__sb_putc(&sb, i ? ',' : '(');
        mg__sb_puts(&sb, k->options[i].key);
        mg__sb_putc(&sb, '=');
        mg__option_format(&k->options[i], b->o.v[i], &sb);
    }
    if (k->n_options)
        mg__sb_putc(&sb, ')');
    return mg__sb_finish(&sb, needed);
}

/* Pool size: every expansion adds at most max_legal nodes. */
static int32_t pool_size(const mg_bot *b, const mg_game *g)
{
    int64_t iter = b->o.v[OPT_ITER], n;
    if (iter == 0)
        return POOL_TIME;
    n = 1 + (iter + 1) * (int64_t)g->max_legal;
    return n > POOL_MAX ? POOL_MAX : n < 1024 ? 1024 : (int32_t)n;
}

/* The buffers for game g (first call, or a different game). */
static int prepare(mg_bot *b, const mg_game *g)
{
    int32_t i;
    if (b->have_game && b->identity == g->identity) {
        /* the same game, maybe another object of it */
        mg__state_rebind(b->work, g);
        return MG_OK;
    }
    drop_buffers(b);
    if (mg_state_new(&b->work, g) != MG_OK)
        goto fail;
    b->root_st = malloc(mg__state_position_size(b->work));
    b->legal = malloc(((size_t)g->max_legal + 1) * sizeof *b->legal);
    if (!b->root_st || !b->legal)
        goto fail;
    if (b->kind == BOT_MCTS) {
        b->cap = pool_size(b, g);
        b->pathcap = g->max_length > 0 ? g->max_length + 2 : 4096;
        b->seen_cap = g->max_length > 0 ? (size_t)g->max_length : 0;
        b->pool = malloc((size_t)b->cap * sizeof *b->pool);
        b->path = malloc((size_t)b->pathcap * sizeof *b->path);
        b->seen = malloc((b->seen_cap ? b->seen_cap : 1) * sizeof *b->seen);
        b->inv = malloc(TABLE * sizeof *b->inv);
        b->inv_sqrt = malloc(TABLE * sizeof *b->inv_sqrt);
        if (!b->pool || !b->path || !b->seen || !b->inv || !b->inv_sqrt)
            goto fail;
        b->inv[0] = b->inv_sqrt[0] = 0;
        for (i = 1; i < TABLE; i++) {
            b->inv[i] = 1.0 / i;
            b->inv_sqrt[i] = 1.0 / sqrt_pos((double)i);
        }
    }
    b->have_game = 1;
    b->identity = g->identity;
    return MG_OK;
fail:
    drop_buffers(b);
    return MG_ENOMEM;
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

/* ----------------------------------------------------------------- mcts */

static void new_tree(mg_bot *b)
{
    node *r = &b->pool[0];
    r->action = -1;
    r->player = MG_NOBODY;
    r->first = -1;
    r->nchild = 0;
    r->visits = 0;
    r->value = 0;
    b->root = 0;
    b->used = 1;
    b->have_tree = 1;
}

/* The child of node n reached by action a, or -1. */
static int32_t child_by_action(const mg_bot *b, int32_t n, int32_t a)
{
    const node *p = &b->pool[n];
    int32_t i;
    for (i = 0; i < p->nchild; i++)
        if (b->pool[p->first + i].action == a)
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

/* Progressive bias: each child's immediate gain for its chooser, from
 * the game's score (mover minus opponent) and a decided result, scaled
 * to [-1, 1] among the siblings. */
static void set_priors(mg_bot *b, mg_state *w, int32_t first, int32_t k,
                       int player)
{
    node *ch = &b->pool[first];
    int64_t before = greedy_value(w, player), most = 0;
    int32_t i;
    for (i = 0; i < k; i++) {
        int64_t d;
        if (mg__state_push(w, ch[i].action) != MG_OK)
            return;
        d = greedy_value(w, player) - before;
        mg__state_pop(w);
        ch[i].prior = (float)d; /* scaled below */
        if (d > most || -d > most)
            most = d > 0 ? d : -d;
    }
    if (most == 0)
        return;
    for (i = 0; i < k; i++)
        ch[i].prior = (float)(ch[i].prior / (double)most);
}

/* UCT with progressive bias: unvisited children first (largest prior
 * first, then action order), then the largest
 * mean + c sqrt(ln N / n) + prior / (n + 1). */
static int32_t select_child(const mg_bot *b, const node *p)
{
    const node *ch = &b->pool[p->first];
    double c = (double)b->o.v[OPT_C] / 1000.0, best = -1e300, explore;
    double bias = (double)b->o.v[OPT_BIAS] / 1000.0;
    int32_t i, pick = -1;
    for (i = 0; i < p->nchild; i++)
        if (ch[i].visits == 0 && (pick < 0 || ch[i].prior > ch[pick].prior))
            pick = i;
    if (pick >= 0)
        return p->first + pick;
    explore = c * sqrt_pos(ln_u32(p->visits > 0 ? p->visits : 1) + 1e-300);
    for (i = 0; i < p->nchild; i++) {
        uint32_t v = ch[i].visits;
        double inv = v < TABLE ? b->inv[v] : 1.0 / v;
        double isq = v < TABLE ? b->inv_sqrt[v] : 1.0 / sqrt_pos((double)v);
        double u = ch[i].value * inv + explore * isq +
                   bias * ch[i].prior / (v + 1.0);
        if (u > best) {
            best = u;
            pick = i;
        }
    }
    return p->first + pick;
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
    int32_t n = b->root, depth = 0, i, s0, s1;
    int winner;
    double mw = (double)b->o.v[OPT_MARGIN] / 1000.0, total, r0;
    mg__state_restore(w, b->root_st);
    b->path[depth++] = n;
    /* descend through expanded nodes */
    while (b->pool[n].first >= 0 && b->pool[n].nchild > 0 &&
           depth < b->pathcap) {
        n = select_child(b, &b->pool[n]);
        if (mg__state_push(w, b->pool[n].action) != MG_OK)
            break;
        b->path[depth++] = n;
    }
    /* expand a leaf that is not terminal, while the pool has room */
    if (b->pool[n].first < 0 && depth < b->pathcap) {
        int player = mg_state_current_player(w);
        int32_t k = player == MG_NOBODY ? 0 : mg__state_legal(w, b->legal);
        if (b->used + k <= b->cap) {
            node *p = &b->pool[n];
            p->first = b->used;
            p->nchild = k;
            for (i = 0; i < k; i++) {
                node *c = &b->pool[b->used + i];
                c->action = b->legal[i];
                c->player = player;
                c->first = -1;
                c->nchild = 0;
                c->visits = 0;
                c->value = 0;
                c->prior = 0;
            }
            b->used += k;
            if (k > 0) {
                set_priors(b, w, p->first, k, player);
                n = select_child(b, p);
                if (mg__state_push(w, b->pool[n].action) == MG_OK)
                    b->path[depth++] = n;
            }
        }
    }
    mg_state_playout(w, mg__splitmix64(&b->rng),
                     g->max_length > 0 ? -1 : PLAYOUT_CAP);
    /* reward for seat 0: (1 - margin) x result + margin x score share */
    winner = mg_state_winner(w);
    mg_state_score(w, 0, &s0);
    mg_state_score(w, 1, &s1);
    total = (double)(s0 < 0 ? -(int64_t)s0 : s0) +
            (double)(s1 < 0 ? -(int64_t)s1 : s1);
    r0 = (1 - mw) * (winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5) +
         mw * 0.5 * (1.0 + (total > 0 ? ((double)s0 - s1) / total : 0.0));
    for (i = 0; i < depth; i++) {
        node *p = &b->pool[b->path[i]];
        p->visits++;
        p->value += p->player == 1 ? 1.0 - r0 : r0;
    }
}

static int32_t choose_mcts(mg_bot *b, const mg_game *g, const mg_state *s)
{
    int64_t iter = b->o.v[OPT_ITER], ms = b->o.v[OPT_TIME], it;
    struct timespec t0;
    const node *r, *ch;
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
    r = &b->pool[b->root];
    if (r->first < 0 || r->nchild == 0) /* no expansion fitted */
        return b->legal[rand_below(b, (uint32_t)mg__state_legal(s, b->legal))];
    ch = &b->pool[r->first];
    for (i = 1; i < r->nchild; i++)
        if (ch[i].visits > ch[best].visits ||
            (ch[i].visits == ch[best].visits && ch[i].value > ch[best].value))
            best = i;
    return ch[best].action;
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
    rc = prepare(b, g);
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
    default:
        *action = choose_mcts(b, g, s);
        break;
    }
    return MG_OK;
}
