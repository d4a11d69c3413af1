/*
 * bench_strength.c - playing strength measured against exact values (make
 * bench-strength); nothing here is asserted, every figure has an interval.
 *
 *   perfect    N games (seats alternating) of each BOT against perfect
 *              play: the exact solver (mg_solver_values, no budget) picks
 *              uniformly among the optimal moves.  Reports the boxes (the
 *              game's value units) the bot lost per game -- the value of
 *              the start for its seat less its final margin, which is the
 *              sum of its moves' value drops -- with a 95% interval, and
 *              its wins, draws and losses, and the games it lost nothing
 *              in (no move dropped the value).  Default game: Dots and Boxes
 *              3x3, where the solver is instant.  --opening K: each pair
 *              of games (the bot in both seats) starts from K random
 *              quiet lines (no box given a third side), e.g. 4x4 from 6-8
 *              lines drawn, where the perfect side's moves solve in
 *              seconds.
 *   positions  each BOT chooses a move in every position of a labelled set
 *              (default tests/data/strength/dab5x5.txt), SEEDS seeds each:
 *              the share of moves that keep the best value and the mean
 *              value lost per move, each with a 95% interval over the
 *              positions (a position's seeds are averaged first: they are
 *              not independent).
 *   gen        write a labelled set to standard output: COUNT quiet
 *              positions (random lines that give no box a third side)
 *              with LO..HI lines left, seeded, every legal move's exact
 *              value from mg_solver_values (bench_strength_set.c).
 *
 * Usage:
 *   bench_strength perfect [-n GAMES] [-s SPEC] [-j JOBS] [--seed N]
 *                  [--opening K] [--memory-mb M (each worker's solver: 64)]
 *                  BOT...
 *   bench_strength positions [-f FILE] [--seeds K] [-j JOBS] [--seed N]
 *                  BOT...
 *   bench_strength gen [-s SPEC] [--seed N] [--count N] [--left LO-HI]
 *                  [--memory-mb M]
 * Machine-readable lines follow each table:
 *   bench-strength <mode> <metric> value=<v> lo=<l> hi=<h> bot=<spec>
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_strength.h"
#include "test_rng.h"
#include "stats.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double bs_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

mg_game *bs_game(const char *spec)
{
    mg_game *g = NULL;
    char err[256];
    if (mg_game_new(&g, spec, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_strength: %s: %s\n", spec, err);
        exit(2);
    }
    return g;
}

mg_solver *bs_solver(const mg_game *g, size_t bytes)
{
    mg_solver *sv = NULL;
    char err[256];
    if (mg_solver_new(&sv, g, bytes, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_strength: mg_solver_new: %s\n", err);
        exit(2);
    }
    return sv;
}

mg_state *bs_state(const mg_game *g)
{
    mg_state *s = NULL;
    if (mg_state_new(&s, g) != MG_OK) {
        fprintf(stderr, "bench_strength: out of memory\n");
        exit(2);
    }
    return s;
}

static mg_bot *new_bot(const char *spec, uint64_t seed)
{
    mg_bot *b = NULL;
    char err[256];
    if (mg_bot_new(&b, spec, seed, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_strength: bot %s: %s\n", spec, err);
        exit(2);
    }
    return b;
}

static const char *canon_bot(const char *spec, char *buf, size_t cap)
{
    mg_bot *b = new_bot(spec, 1);
    if (mg_bot_spec(b, buf, cap, NULL) != MG_OK)
        snprintf(buf, cap, "%s", spec);
    mg_bot_free(b);
    return buf;
}

/* ------------------------------------------------ a pool of workers */

typedef struct job job;
struct job {
    long n, next;
    pthread_mutex_t lock;
    void (*run)(job *j, long i, void *worker);
    void *(*worker_new)(job *j);
    void (*worker_free)(void *worker);
    void *ctx;
};

static void *job_thread(void *arg)
{
    job *j = arg;
    void *w = j->worker_new(j);
    for (;;) {
        long i;
        pthread_mutex_lock(&j->lock);
        i = j->next++;
        pthread_mutex_unlock(&j->lock);
        if (i >= j->n)
            break;
        j->run(j, i, w);
    }
    j->worker_free(w);
    return NULL;
}

static void job_go(job *j, int jobs)
{
    pthread_t th[64];
    int k;
    if (jobs < 1)
        jobs = 1;
    if (jobs > 64)
        jobs = 64;
    j->next = 0;
    pthread_mutex_init(&j->lock, NULL);
    for (k = 0; k < jobs; k++)
        if (pthread_create(&th[k], NULL, job_thread, j) != 0) {
            fprintf(stderr, "bench_strength: pthread_create failed\n");
            exit(2);
        }
    for (k = 0; k < jobs; k++)
        pthread_join(th[k], NULL);
    pthread_mutex_destroy(&j->lock);
}

/* ------------------------------------------- games against perfect play */

typedef struct {
    const char *spec, *bot;
    mg_game *game;
    uint64_t seed;
    int opening;
    size_t memory_mb;
    int *seat, *margin, *start, *drops, *result, *failed;
    double *think;
    long *moves;
} perfect_ctx;

typedef struct {
    mg_solver *sv;
    mg_state *s;
} perfect_worker;

static void *perfect_new(job *j)
{
    perfect_ctx *c = j->ctx;
    perfect_worker *w = calloc(1, sizeof *w);
    if (!w)
        exit(2);
    w->sv = bs_solver(c->game, c->memory_mb * BS_MB);
    w->s = bs_state(c->game);
    return w;
}

static void perfect_free(void *p)
{
    perfect_worker *w = p;
    mg_solver_free(w->sv);
    mg_state_free(w->s);
    free(w);
}

/* Every legal action's exact value; the best into *best. */
static size_t exact_values(mg_solver *sv, const mg_state *s, int32_t *acts,
                           int32_t *vals, int32_t *best)
{
    size_t n = 0, k;
    if (mg_solver_values(sv, s, 0, 0, vals, BS_MAX_ACTIONS, &n) != MG_OK ||
        mg_state_legal_actions(s, acts, BS_MAX_ACTIONS, &n) != MG_OK) {
        fprintf(stderr, "bench_strength: the solver failed\n");
        exit(2);
    }
    *best = vals[0];
    for (k = 1; k < n; k++)
        if (vals[k] > *best)
            *best = vals[k];
    return n;
}

static void perfect_game(job *j, long i, void *wp)
{
    perfect_ctx *c = j->ctx;
    perfect_worker *w = wp;
    uint64_t rng = c->seed ^ (0x5851F42D4C957F2DULL * (uint64_t)(i + 1));
    mg_bot *bot = new_bot(c->bot, c->seed + (uint64_t)i);
    int32_t acts[BS_MAX_ACTIONS], vals[BS_MAX_ACTIONS], best, a, mine, other;
    int seat = (int)(i % 2), first = 1, drops = 0;
    double think = 0;
    long moves = 0;
    mg_state_free(w->s);
    w->s = bs_state(c->game);
    if (c->opening > 0) { /* the pair's opening: random quiet lines */
        uint64_t orng = c->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)(i / 2);
        int k;
        for (k = 0; k < c->opening && !mg_state_is_terminal(w->s); k++) {
            size_t n, q, m = 0;
            mg_state_legal_actions(w->s, acts, BS_MAX_ACTIONS, &n);
            for (q = 0; q < n; q++)
                if (bs_quiet_move(w->s, acts[q]))
                    vals[m++] = acts[q];
            mg_state_apply(w->s, m ? vals[mg_test_rand_below(&orng, m)]
                                   : acts[mg_test_rand_below(&orng, n)]);
        }
    }
    while (!mg_state_is_terminal(w->s)) {
        int p = mg_state_current_player(w->s);
        size_t n = exact_values(w->sv, w->s, acts, vals, &best), k, m = 0;
        if (first)
            c->start[i] = p == seat ? best : -best;
        first = 0;
        if (p == seat) {
            double t0 = bs_now();
            if (mg_bot_choose(bot, w->s, &a) != MG_OK) {
                c->failed[i] = 1;
                break;
            }
            think += bs_now() - t0;
            moves++;
            for (k = 0; k < n && acts[k] != a; k++)
                ;
            drops += best - vals[k];
        } else {
            for (k = 0; k < n; k++) /* uniformly among the optimal */
                if (vals[k] == best)
                    acts[m++] = acts[k];
            a = acts[mg_test_rand_below(&rng, m)];
        }
        mg_state_apply(w->s, a);
    }
    mg_state_score(w->s, seat, &mine);
    mg_state_score(w->s, 1 - seat, &other);
    c->seat[i] = seat;
    c->margin[i] = mine - other;
    c->drops[i] = drops;
    c->result[i] = mine > other ? 1 : mine < other ? -1 : 0;
    {
        int win = mg_state_winner(w->s);
        if (win == 0 || win == 1)
            c->result[i] = win == seat ? 1 : -1;
    }
    c->think[i] = think;
    c->moves[i] = moves;
    mg_bot_free(bot);
}

static int perfect(const char *spec, const char *bot, long games, int jobs,
                   uint64_t seed, int opening, size_t memory_mb)
{
    perfect_ctx c;
    job j;
    double *loss = malloc((size_t)games * sizeof *loss), mean, half, t0;
    double tsum = 0, lo, hi;
    long i, w = 0, d = 0, l = 0, moves = 0, bad = 0, flawless = 0;
    char canon[512];
    memset(&c, 0, sizeof c);
    c.spec = spec;
    c.bot = bot;
    c.seed = seed;
    c.opening = opening;
    c.memory_mb = memory_mb;
    c.game = bs_game(spec);
    c.seat = calloc((size_t)games, sizeof *c.seat);
    c.margin = calloc((size_t)games, sizeof *c.margin);
    c.start = calloc((size_t)games, sizeof *c.start);
    c.drops = calloc((size_t)games, sizeof *c.drops);
    c.result = calloc((size_t)games, sizeof *c.result);
    c.failed = calloc((size_t)games, sizeof *c.failed);
    c.think = calloc((size_t)games, sizeof *c.think);
    c.moves = calloc((size_t)games, sizeof *c.moves);
    if (!loss || !c.seat || !c.margin || !c.start || !c.drops || !c.result ||
        !c.failed || !c.think || !c.moves)
        exit(2);
    memset(&j, 0, sizeof j);
    j.n = games;
    j.run = perfect_game;
    j.worker_new = perfect_new;
    j.worker_free = perfect_free;
    j.ctx = &c;
    t0 = bs_now();
    job_go(&j, jobs);
    for (i = 0; i < games; i++) {
        if (c.failed[i]) {
            fprintf(stderr, "bench_strength: game %ld: the bot failed\n", i);
            return 1;
        }
        /* the perfect side never drops value: the bot's drops are the
         * whole gap between the start's value and the final margin */
        if (c.start[i] - c.margin[i] != c.drops[i])
            bad++;
        loss[i] = c.drops[i];
        flawless += c.drops[i] == 0;
        w += c.result[i] > 0;
        d += c.result[i] == 0;
        l += c.result[i] < 0;
        tsum += c.think[i];
        moves += c.moves[i];
    }
    stats_mean_interval(loss, (unsigned long)games, &mean, &half);
    canon_bot(bot, canon, sizeof canon);
    printf("%-58s %6.2f +- %4.2f  %3ld-%ld-%ld  %4ld  %8.2f ms/move\n", canon,
           mean, half, w, d, l, flawless,
           moves ? 1e3 * tsum / (double)moves : 0.0);
    stats_wilson((double)w / (double)games, (double)games, &lo, &hi);
    printf("bench-strength perfect boxes_lost value=%.3f lo=%.3f hi=%.3f "
           "bot=%s spec=%s games=%ld\n", mean, mean - half, mean + half, canon,
           spec, games);
    printf("bench-strength perfect wins value=%ld lo=%.3f hi=%.3f bot=%s "
           "draws=%ld losses=%ld flawless=%ld\n", w, lo * (double)games,
           hi * (double)games, canon, d, l, flawless);
    if (bad)
        printf("WARNING: %ld games where the bot's drops differ from start "
               "less margin: the perfect side was not perfect\n", bad);
    fflush(stdout);
    fprintf(stderr, "  (%.1f s)\n", bs_now() - t0);
    mg_game_free(c.game);
    free(loss);
    free(c.seat);
    free(c.margin);
    free(c.start);
    free(c.drops);
    free(c.result);
    free(c.failed);
    free(c.think);
    free(c.moves);
    return bad ? 1 : 0;
}

/* ------------------------------------------ moves in labelled positions */

typedef struct {
    const bs_set *set;
    const char *bot;
    mg_game *game;
    uint64_t seed;
    int seeds;
    double *loss, *keep, *think; /* by position * seeds + k */
    int *failed;
} pos_ctx;

static void *pos_new(job *j)
{
    (void)j;
    return NULL;
}

static void pos_free(void *w)
{
    (void)w;
}

static void pos_move(job *j, long i, void *w)
{
    pos_ctx *c = j->ctx;
    const bs_position *p = &c->set->pos[i / c->seeds];
    long k = i % c->seeds;
    mg_bot *bot = new_bot(c->bot, c->seed + 1000003u * (uint64_t)k +
                                      (uint64_t)(i / c->seeds));
    mg_state *s = bs_position_state(c->game, p);
    int32_t a, best = p->val[0];
    size_t m;
    double t0 = bs_now();
    (void)w;
    if (mg_bot_choose(bot, s, &a) != MG_OK) {
        c->failed[i] = 1;
    } else {
        c->think[i] = bs_now() - t0;
        for (m = 1; m < p->nlegal; m++)
            if (p->val[m] > best)
                best = p->val[m];
        for (m = 0; m < p->nlegal && p->act[m] != a; m++)
            ;
        if (m == p->nlegal) {
            c->failed[i] = 1;
        } else {
            c->loss[i] = best - p->val[m];
            c->keep[i] = p->val[m] == best;
        }
    }
    mg_state_free(s);
    mg_bot_free(bot);
}

/* The same figures by lines left (without intervals: a handful of
 * positions each). */
static void by_left(const bs_set *set, const double *pk, const double *pl)
{
    int lo = set->pos[0].left, hi = lo, left;
    size_t q;
    for (q = 1; q < set->n; q++) {
        if (set->pos[q].left < lo)
            lo = set->pos[q].left;
        if (set->pos[q].left > hi)
            hi = set->pos[q].left;
    }
    if (lo == hi)
        return;
    printf("  by lines left:");
    for (left = lo; left <= hi; left++) {
        double k = 0, l = 0;
        int n = 0;
        for (q = 0; q < set->n; q++)
            if (set->pos[q].left == left) {
                k += pk[q];
                l += pl[q];
                n++;
            }
        if (n)
            printf("  %d: %.0f%% %.2f (%d)", left, 100 * k / n, l / n, n);
    }
    printf("\n");
}

static int positions(const bs_set *set, const char *bot, int seeds, int jobs,
                     uint64_t seed)
{
    pos_ctx c;
    job j;
    long n = (long)set->n * seeds, i, q;
    double *pl = malloc(set->n * sizeof *pl), *pk = malloc(set->n * sizeof *pk);
    double lm, lh, km, kh, tsum = 0, t0;
    char canon[512];
    memset(&c, 0, sizeof c);
    c.set = set;
    c.bot = bot;
    c.seed = seed;
    c.seeds = seeds;
    c.game = bs_game(set->spec);
    c.loss = calloc((size_t)n, sizeof *c.loss);
    c.keep = calloc((size_t)n, sizeof *c.keep);
    c.think = calloc((size_t)n, sizeof *c.think);
    c.failed = calloc((size_t)n, sizeof *c.failed);
    if (!pl || !pk || !c.loss || !c.keep || !c.think || !c.failed)
        exit(2);
    memset(&j, 0, sizeof j);
    j.n = n;
    j.run = pos_move;
    j.worker_new = pos_new;
    j.worker_free = pos_free;
    j.ctx = &c;
    t0 = bs_now();
    job_go(&j, jobs);
    for (q = 0; q < (long)set->n; q++) {
        pl[q] = pk[q] = 0;
        for (i = q * seeds; i < (q + 1) * seeds; i++) {
            if (c.failed[i]) {
                fprintf(stderr, "bench_strength: position %ld: the bot "
                                "failed or chose an unlabelled move\n", q + 1);
                return 1;
            }
            pl[q] += c.loss[i] / seeds;
            pk[q] += c.keep[i] / seeds;
            tsum += c.think[i];
        }
    }
    stats_mean_interval(pk, (unsigned long)set->n, &km, &kh);
    stats_mean_interval(pl, (unsigned long)set->n, &lm, &lh);
    canon_bot(bot, canon, sizeof canon);
    printf("%-58s %5.1f%% +- %4.1f  %5.2f +- %4.2f  %8.2f ms/move\n", canon,
           100 * km, 100 * kh, lm, lh, 1e3 * tsum / (double)n);
    printf("bench-strength positions keep_best value=%.4f lo=%.4f hi=%.4f "
           "bot=%s positions=%lu seeds=%d\n", km, km - kh, km + kh, canon,
           (unsigned long)set->n, seeds);
    printf("bench-strength positions value_lost value=%.3f lo=%.3f hi=%.3f "
           "bot=%s\n", lm, lm - lh, lm + lh, canon);
    by_left(set, pk, pl);
    fflush(stdout);
    fprintf(stderr, "  (%.1f s)\n", bs_now() - t0);
    mg_game_free(c.game);
    free(pl);
    free(pk);
    free(c.loss);
    free(c.keep);
    free(c.think);
    free(c.failed);
    return 0;
}

/* ---------------------------------------------------------------- main */

static int usage(const char *what)
{
    if (what)
        fprintf(stderr, "bench_strength: %s\n", what);
    fprintf(stderr,
            "usage: bench_strength perfect [-n GAMES] [-s SPEC] [-j JOBS] "
            "[--seed N] [--opening K] [--memory-mb M] BOT...\n"
            "       bench_strength positions [-f FILE] [--seeds K] [-j JOBS] "
            "[--seed N] BOT...\n"
            "       bench_strength gen [-s SPEC] [--seed N] [--count N] "
            "[--left LO-HI] [--memory-mb M]\n");
    return 2;
}

static long num(const char *s, long lo, long hi, const char *opt)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || *end || end == s || v < lo || v > hi) {
        fprintf(stderr, "bench_strength: %s wants a number from %ld to %ld\n",
                opt, lo, hi);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    const char *mode, *spec = NULL, *file = "tests/data/strength/dab5x5.txt";
    const char *bots[64];
    long games = 100, count = 40, left_lo = 38, left_hi = 42, mem = 1024;
    long opening = 0, mem_given = 0;
    uint64_t seed = 1;
    int jobs = 2, seeds = 3, nbots = 0, i, rc = 0;
    char command[1024] = "bench_strength";
    if (argc < 2)
        return usage(NULL);
    mode = argv[1];
    for (i = 1; i < argc; i++) {
        size_t len = strlen(command);
        snprintf(command + len, sizeof command - len, " %s", argv[i]);
    }
    for (i = 2; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "-n"))
            games = num(v, 1, 1000000, o), i++;
        else if (!strcmp(o, "-s"))
            spec = v, i++;
        else if (!strcmp(o, "-f"))
            file = v, i++;
        else if (!strcmp(o, "-j"))
            jobs = (int)num(v, 1, 64, o), i++;
        else if (!strcmp(o, "--seed"))
            seed = (uint64_t)num(v, 0, 2147483647L, o), i++;
        else if (!strcmp(o, "--opening"))
            opening = num(v, 0, BS_MAX_ACTIONS, o), i++;
        else if (!strcmp(o, "--seeds"))
            seeds = (int)num(v, 1, 1000, o), i++;
        else if (!strcmp(o, "--count"))
            count = num(v, 1, 100000, o), i++;
        else if (!strcmp(o, "--memory-mb"))
            mem = num(v, 1, 1 << 20, o), mem_given = 1, i++;
        else if (!strcmp(o, "--left")) {
            if (!v || sscanf(v, "%ld-%ld", &left_lo, &left_hi) != 2 ||
                left_lo < 1 || left_hi < left_lo)
                return usage("--left wants LO-HI, 1 <= LO <= HI");
            i++;
        } else if (o[0] == '-')
            return usage(o);
        else if (nbots < 64)
            bots[nbots++] = o;
    }
    if (!strcmp(mode, "gen")) {
        if (nbots)
            return usage("gen takes no bots");
        return bs_generate(spec ? spec : "dots_and_boxes(rows=5,cols=5)", seed,
                           (int)count, (int)left_lo, (int)left_hi,
                           (size_t)mem, command);
    }
    if (!nbots)
        return usage("no bot given");
    if (!strcmp(mode, "perfect")) {
        if (!spec)
            spec = "dots_and_boxes(rows=3,cols=3)";
        printf("against perfect play: %s, %ld games a bot, seats alternating"
               "%s\n%-58s %s\n", spec, games,
               opening ? ", from an opening of quiet lines a pair" : "", "bot",
               "boxes lost/game (95%)  W-D-L  no loss  bot's time");
        for (i = 0; i < nbots; i++)
            rc |= perfect(spec, bots[i], games, jobs, seed, (int)opening,
                          (size_t)(mem_given ? mem : 64));
    } else if (!strcmp(mode, "positions")) {
        bs_set set;
        if (bs_set_read(&set, file) != 0)
            return 2;
        printf("%s: %lu positions of %s, %d seeds each\n"
               "%-58s %s\n", file, (unsigned long)set.n, set.spec, seeds,
               "bot", "keeps best (95%)  lost/move (95%)  bot's time");
        for (i = 0; i < nbots; i++)
            rc |= positions(&set, bots[i], seeds, jobs, seed);
        bs_set_free(&set);
    } else {
        return usage("unknown mode");
    }
    return rc;
}
