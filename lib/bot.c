/*
 * bot.c - computer players (mg_bot_*): random, greedy, UCT Monte Carlo
 * tree search, and the solver bot (since 1.4: exact play through an
 * mg_solver when the position is solved within its budget, else mcts).
 * A bot knows no game: it works through the game table.
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
 * when it is first expanded.  A node is two records in two arrays of the
 * pool: what UCT reads of every child (visits, value, prior: 16 bytes,
 * four children a cache line) and the rest (action, children, chooser,
 * and how many children are still unvisited, so a node whose children
 * have all been tried skips the scan for an unvisited one).  The priors
 * of an expansion come from the game's gains op where it has one (China:
 * one labelling of the mover's groups for all the children), else they
 * are measured on a private copy of the leaf through the game's ops
 * (apply, winner, score, and undo or a copy back for small positions: no
 * per-call checks, no history).  The tables of 1/v, 1/sqrt(v) and
 * sqrt(ln v) grow as the visits do.  An iteration copies the root position
 * into a work state, descends by UCT (unvisited children first, largest
 * prior first, then in action order), expands one node, finishes with
 * mg_state_playout_result (a rollout that keeps no history and leaves the
 * work state at the leaf), and backs the result up: 2 half-points for a win of the node's chooser, 1 for a draw.  With
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

enum { BOT_RANDOM, BOT_GREEDY, BOT_MCTS, BOT_SOLVER, N_KINDS };
enum { OPT_ITER, OPT_TIME, OPT_C, OPT_BIAS, OPT_MARGIN, OPT_REUSE,
       N_MCTS_OPTS };
enum { SOPT_NODES, SOPT_TIME, SOPT_MEMORY, SOPT_ITER, N_SOLVER_OPTS };

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

/* The solver bot: the solve's budget and memory, and the iterations of
 * the mcts it falls back on (with mcts's other defaults). */
static const mg__option solver_options[N_SOLVER_OPTS] = {
    {"nodes", MG__OPT_INT, 0, 1000000000000, NULL, 1000000},
    {"time_ms", MG__OPT_INT, 0, 86400000, NULL, 0},
    {"memory_mb", MG__OPT_INT, 1, 1048576, NULL, 64},
    {"iterations", MG__OPT_INT, 1, 100000000, NULL, 1000},
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
    {"solver", solver_options, N_SOLVER_OPTS},
};

#define TABLE 4096           /* visits with tabulated 1/v, 1/sqrt(v), ln */
#define POOL_TIME (1 << 20)  /* nodes when only time limits the search */
#define POOL_MAX (1 << 22)
#define PLAYOUT_CAP 10000    /* actions, for games without a length bound */
#define COPY_MAX 512         /* priors: positions copied back, not undone */

/* What UCT reads of each child (b->pool) ... */
typedef struct node {
    double value;     /* sum of the playout rewards for `player` */
    uint32_t visits;
    float prior;      /* immediate gain for `player`, in [-1, 1] */
} node;

/* ... and the rest (b->cold, the same block), at the same index. */
typedef struct link {
    int32_t action;   /* the action leading here (root: -1) */
    int32_t player;   /* the seat that chose it */
    int32_t first;    /* first child, -1 while not expanded */
    int32_t nchild;
    int32_t unvisited; /* children not visited yet */
} link;

struct mg_bot {
    int kind;
    mg__optvals o;           /* the kind's options; the solver bot: mcts's */
    mg__optvals so;          /* the solver bot's own options */
    mg_solver *sv;           /* the solver bot's solver, per game */
    uint64_t rng;
    /* buffers for one game (by identity: the same spec and board), made
     * on the first choose for it; the bot keeps no pointer to the game */
    int have_game;
    uint64_t identity;
    mg_state *work;          /* private state: search and greedy scratch */
    unsigned char *root_st;  /* the position being searched */
    int32_t *legal;          /* max_legal */
    /* mcts */
    node *pool;              /* cap entries each */
    link *cold;
    unsigned char *leaf;     /* the expanded leaf's position, for priors */
    unsigned char *rec;      /* an undo record, for priors */
    int64_t *gain;           /* max_legal: ops->gains, for priors */
    int32_t cap, used, root;
    int32_t *path;           /* nodes of the current descent */
    int32_t pathcap;
    int32_t *seen;           /* the root's history, for reuse */
    size_t seen_len, seen_cap;
    int have_tree;
    double (*tab)[3];        /* TABLE entries: 1/v, 1/sqrt(v), sqrt(ln v) */
    uint32_t tabn;           /* entries filled (above every child's visits) */
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
    if (found == &kinds[BOT_SOLVER] && o.v[SOPT_NODES] == 0 &&
        o.v[SOPT_TIME] == 0)
        return mg__err(err, errcap, MG_EVALUE,
                       "nodes=0 and time_ms=0: the solver needs a limit");
    b = calloc(1, sizeof *b);
    if (!b)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    b->kind = (int)((const bot_kind *)found - kinds);
    b->o = o;
    if (b->kind == BOT_SOLVER) {
        int i;
        b->so = o;
        memset(&b->o, 0, sizeof b->o);
        for (i = 0; i < N_MCTS_OPTS; i++)
            b->o.v[i] = mcts_options[i].def;
        b->o.v[OPT_ITER] = o.v[SOPT_ITER];
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
        mg__option_format(&k->options[i],
                          b->kind == BOT_SOLVER ? b->so.v[i] : b->o.v[i], &sb);
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
    if (b->kind == BOT_SOLVER &&
        mg_solver_new(&b->sv, g, (size_t)b->so.v[SOPT_MEMORY] << 20, NULL,
                      0) != MG_OK)
        goto fail;
    if (b->kind == BOT_MCTS || b->kind == BOT_SOLVER) {
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
            !b->path ||
            !b->seen || !b->tab)
            goto fail;
        b->tab[0][0] = b->tab[0][1] = 0;
        b->tab[0][2] = sqrt_pos(ln_u32(1) + 1e-300); /* as for 1 visit */
        b->tabn = 1; /* the rest as visits reach them (extend_table) */
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
    const int copy = g->state_size <= COPY_MAX;
    mg__state_snapshot(w, st);
    before = ops_value(g, st, player);
    if (g->ops->gains)
        g->ops->gains(g, st, b->legal, k, b->gain); /* the children's */
    for (i = 0; i < k; i++) {
        int64_t d = g->ops->gains ? b->gain[i] : MG__GAIN_UNKNOWN;
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
    double mw = (double)b->o.v[OPT_MARGIN] / 1000.0, total, r0;
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
    /* the rollout: its result only, w left at the leaf (1.5) */
    mg_state_playout_result(w, mg__splitmix64(&b->rng),
                            g->max_length > 0 ? -1 : PLAYOUT_CAP, &winner,
                            sc);
    s0 = sc[0];
    s1 = sc[1];
    /* reward for seat 0: (1 - margin) x result + margin x score share */
    total = (double)(s0 < 0 ? -(int64_t)s0 : s0) +
            (double)(s1 < 0 ? -(int64_t)s1 : s1);
    r0 = (1 - mw) * (winner == 0 ? 1.0 : winner == 1 ? 0.0 : 0.5) +
         mw * 0.5 * (1.0 + (total > 0 ? ((double)s0 - s1) / total : 0.0));
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

static int32_t choose_mcts(mg_bot *b, const mg_game *g, const mg_state *s)
{
    int64_t iter = b->o.v[OPT_ITER], ms = b->o.v[OPT_TIME], it;
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
        return b->legal[rand_below(b, (uint32_t)mg__state_legal(s, b->legal))];
    ch = &b->pool[r->first];
    for (i = 1; i < r->nchild; i++)
        if (ch[i].visits > ch[best].visits ||
            (ch[i].visits == ch[best].visits && ch[i].value > ch[best].value))
            best = i;
    return b->cold[r->first + best].action;
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
    case BOT_SOLVER: {
        int32_t a = -1;
        if (mg_solver_solve(b->sv, s, (uint64_t)b->so.v[SOPT_NODES],
                            (uint32_t)b->so.v[SOPT_TIME], NULL, &a,
                            NULL) == MG_OK &&
            a >= 0) {
            *action = a;
            break;
        }
        *action = choose_mcts(b, g, s);
        break;
    }
    default:
        *action = choose_mcts(b, g, s);
        break;
    }
    return MG_OK;
}
