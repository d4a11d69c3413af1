/*
 * bench.c - speed figures through the public API (make bench).
 *
 * Games: one row per game at its defaults and a few larger variants (the
 * TS_BENCH entries of the shared table, game_specs.h); each figure is the
 * median of RUNS windows of WINDOW seconds after a warm-up: random
 * playouts/s and actions/s (mg_state_playout from a copy of the start
 * position, as Ludii's PlayoutsPerSec counts them), ns per apply+undo pair
 * and per legal_actions call (over positions sampled from random games),
 * MCTS iterations/s, the caller's loop (legal_actions + apply from a copy
 * of the start position to the end, drawing uniformly with the test PRNG,
 * as a bot writer's own loop runs: playouts/s and ns per action), and ns
 * per mg_state_sites and mg_state_observation call (and per observation
 * float) over the sample positions, and playouts/s and actions/s of
 * mg_state_playout_result from the start position (1.5).  Machine-readable lines follow:
 *   bench <row> <metric> median=<v> min=<v> max=<v> unit=<u> spec=<spec>
 * Limit: the library against the limit kernels, alternately
 * (bench_limit.c).  Boards: every seed of 0 .. 999 once per kind, timed
 * one by one in thread CPU time: boards/s, median, p99 and maximum ms.
 * Batch: env-steps/s of mg_batch (bench_batch.c).
 * Windows are timed in wall time, or thread CPU time with MG_BENCH_CPU=1.
 * Usage: bench [games|limit|boards|batch|all] [SECONDS_PER_WINDOW (0.3)]
 *              [ROW,ROW,... (only these rows: the games' names, or the
 *              limit section's, such as dab5x5_playout)]
 */
#define _POSIX_C_SOURCE 199309L
#include <mindgames.h>

#include "bench.h"
#include "game_specs.h"
#include "test_rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double bench_window = 0.3;
int bench_cpu = 0;

#define window bench_window

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of this thread: per-board times are short enough that a
 * preemption by another process (4 ms slices) would dominate wall time. */
double bench_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

#define cmp_double bench_cmp_double
#define cpu_now bench_cpu_now

double bench_median(double *v, int n, double *lo, double *hi)
{
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    *lo = v[0];
    *hi = v[n - 1];
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The clock of the library's windows. */
static double now(void)
{
    return bench_cpu ? bench_cpu_now() : bench_now();
}

/* ------------------------------------------------------------- games */

/* Playouts the way Ludii's PlayoutsPerSec measures them: a warm-up, then
 * playouts from the start position (a copy of it) until the window ends,
 * seeds counting up from a fixed one; playouts/s and actions/s. */
void bench_playouts(const mg_state *start, mg_state *work, uint64_t *seed,
                    double *per_s, double *actions_per_s)
{
    double t0 = now(), t;
    long games = 0, actions = 0;
    do {
        int k;
        for (k = 0; k < 16; k++) {
            mg_state_copy(work, start);
            actions += mg_state_playout(work, (*seed)++, -1);
            games++;
        }
        t = now() - t0;
    } while (t < window);
    *per_s = (double)games / t;
    *actions_per_s = (double)actions / t;
}

#define playouts bench_playouts

/* The same with mg_state_playout_result (1.5): from work, a copy of
 * start that the calls leave as it is. */
void bench_results(const mg_state *start, mg_state *work, uint64_t *seed,
                   double *per_s, double *actions_per_s)
{
    double t0 = now(), t;
    long games = 0, actions = 0;
    int32_t w, sc[2];
    mg_state_copy(work, start);
    do {
        int k;
        for (k = 0; k < 16; k++) {
            actions += mg_state_playout_result(work, (*seed)++, -1, &w, sc);
            games++;
        }
        t = now() - t0;
    } while (t < window);
    *per_s = (double)games / t;
    *actions_per_s = (double)actions / t;
}

/* The caller's loop: what a bot writer's own search runs. */
void bench_loop(const mg_state *start, mg_state *work, uint64_t *x,
                int32_t *buf, size_t cap, double *per_s, double *ns)
{
    double t0 = now(), t;
    long games = 0, actions = 0;
    do {
        int k;
        for (k = 0; k < 4; k++) {
            size_t n;
            mg_state_copy(work, start);
            while (mg_state_legal_actions(work, buf, cap, &n) == MG_OK &&
                   n > 0) {
                /* uniform in [0, n): multiply-shift, as the library draws */
                uint64_t r = mg_test_rand(x) >> 32;
                mg_state_apply(work, buf[(r * (uint64_t)n) >> 32]);
                actions++;
            }
            games++;
        }
        t = now() - t0;
    } while (t < window);
    *per_s = (double)games / t;
    *ns = t * 1e9 / (double)(actions ? actions : 1);
}

#define SAMPLES 64

/* Positions along random games: SAMPLES states, each after a random
 * number of actions of a random game (not finished). */
static int sample_positions(mg_game *g, mg_state **pos)
{
    uint64_t x = 12345;
    int i;
    for (i = 0; i < SAMPLES; i++) {
        mg_state *s = NULL;
        int n;
        if (mg_state_new(&s, g))
            return -1;
        n = mg_state_playout(s, mg_test_rand(&x), -1);
        while (mg_state_undo(s) == MG_OK)
            ;
        mg_state_playout(s, mg_test_rand(&x) - 1,
                         n > 1 ? (int32_t)(mg_test_rand(&x) % (uint64_t)n)
                               : 0);
        if (mg_state_is_terminal(s))
            mg_state_undo(s);
        pos[i] = s;
    }
    return 0;
}

/* ns per apply+undo pair: every legal action of every sample position. */
static double apply_undo_ns(mg_state **pos, int32_t *buf, size_t cap)
{
    double t0 = now(), t;
    long pairs = 0;
    do {
        int i;
        for (i = 0; i < SAMPLES; i++) {
            size_t n, j;
            mg_state_legal_actions(pos[i], buf, cap, &n);
            for (j = 0; j < n; j++) {
                mg_state_apply(pos[i], buf[j]);
                mg_state_undo(pos[i]);
            }
            pairs += (long)n;
        }
        t = now() - t0;
    } while (t < window);
    return t * 1e9 / (double)(pairs ? pairs : 1);
}

/* ns per legal_actions call over the sample positions. */
static double legal_ns(mg_state **pos, int32_t *buf, size_t cap)
{
    double t0 = now(), t;
    long calls = 0;
    do {
        int i, k;
        size_t n;
        for (k = 0; k < 16; k++)
            for (i = 0; i < SAMPLES; i++)
                mg_state_legal_actions(pos[i], buf, cap, &n);
        calls += 16 * SAMPLES;
        t = now() - t0;
    } while (t < window);
    return t * 1e9 / (double)calls;
}

/* ns per mg_state_sites call over the sample positions (NaN when the
 * game has no sites). */
static double sites_ns(mg_state **pos, int8_t *buf, size_t cap)
{
    double t0 = now(), t;
    long calls = 0;
    size_t n;
    if (mg_state_sites(pos[0], buf, cap, &n) != MG_OK)
        return 0.0 / 0.0;
    do {
        int i, k;
        for (k = 0; k < 16; k++)
            for (i = 0; i < SAMPLES; i++)
                mg_state_sites(pos[i], buf, cap, &n);
        calls += 16 * SAMPLES;
        t = now() - t0;
    } while (t < window);
    return t * 1e9 / (double)calls;
}

/* ns per mg_state_observation call (of the player to move, or seat 0)
 * over the sample positions; NaN when the game has none. */
static double observation_ns(mg_state **pos, float *buf, size_t cap)
{
    double t0 = now(), t;
    long calls = 0;
    size_t n;
    if (mg_state_observation(pos[0], 0, buf, cap, &n) != MG_OK)
        return 0.0 / 0.0;
    do {
        int i, k;
        for (k = 0; k < 4; k++)
            for (i = 0; i < SAMPLES; i++) {
                int p = mg_state_current_player(pos[i]);
                mg_state_observation(pos[i], p == 1, buf, cap, &n);
            }
        calls += 4 * SAMPLES;
        t = now() - t0;
    } while (t < window);
    return t * 1e9 / (double)calls;
}

#define MCTS_ITER 1000

/* MCTS iterations/s: mcts(iterations=1000) choosing the first action
 * (a new bot each time, so no tree is reused). */
static double mcts_rate(const mg_state *start, uint64_t *seed)
{
    double t0 = now(), t;
    long calls = 0;
    do {
        mg_bot *b = NULL;
        int32_t a;
        if (mg_bot_new(&b, "mcts(iterations=1000,reuse=false)", (*seed)++,
                       NULL, 0) == MG_OK)
            mg_bot_choose(b, start, &a);
        mg_bot_free(b);
        calls++;
        t = now() - t0;
    } while (t < window);
    return (double)calls * MCTS_ITER / t;
}

/* The rows: the entries of the shared table (game_specs.h) marked
 * TS_BENCH, in table order. */
static const mg_test_spec *rows[MG_N_TEST_SPECS];
static int n_rows;

/* only: NULL, or a comma-separated list of row names. */
int bench_listed(const char *only, const char *name)
{
    size_t n = strlen(name);
    const char *p = only;
    if (!only)
        return 1;
    while ((p = strstr(p, name)) != NULL) {
        if ((p == only || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
            return 1;
        p += n;
    }
    return 0;
}

static void pick_rows(const char *only)
{
    int i;
    for (i = 0; i < MG_N_TEST_SPECS; i++)
        if ((mg_test_specs[i].uses & TS_BENCH) &&
            bench_listed(only, mg_test_specs[i].name))
            rows[n_rows++] = &mg_test_specs[i];
}

enum { M_PLAYOUTS, M_ACTIONS, M_APPLY, M_LEGAL, M_MCTS, M_LOOP, M_LOOP_NS,
       M_SITES, M_OBS, M_OBS_FLOAT, M_RESULTS, M_RESULT_ACTIONS, N_METRICS };
static const char *const metric_name[N_METRICS] = {
    "playouts", "actions", "apply_undo", "legal", "mcts", "loop",
    "loop_action", "sites", "observation", "observation_float",
    "playout_result", "playout_result_actions"};
static const char *const metric_unit[N_METRICS] = {
    "playouts/s", "actions/s", "ns", "ns", "iterations/s", "playouts/s",
    "ns", "ns", "ns", "ns", "playouts/s", "actions/s"};

static double median_of(double *v, double *lo, double *hi)
{
    return bench_median(v, RUNS, lo, hi);
}

static void bench_games(void)
{
    static double med[MG_N_TEST_SPECS][N_METRICS],
        lo[MG_N_TEST_SPECS][N_METRICS], hi[MG_N_TEST_SPECS][N_METRICS];
    static int ok[MG_N_TEST_SPECS];
    int r, m;
    printf("libmindgames %s: each figure the median of %d windows of %.2f s "
           "after a warm-up\n(playouts from a copy of the start position, "
           "seeds counting up from 1; apply+undo and\nlegal_actions over %d "
           "positions sampled from random games; mcts(iterations=%d)\nfrom the "
           "start position; the caller's loop: legal_actions + apply from a copy "
           "of the start\nposition to the end; sites and observation over "
           "the sample positions; result/s: mg_state_playout_result from "
           "the start position)\n\n",
           mg_version_string(), RUNS, window, SAMPLES, MCTS_ITER);
    printf("%-16s %11s %11s %9s %9s %10s %10s %8s %8s %9s %7s %11s\n",
           "game", "playouts/s", "actions/s", "apply+undo", "legal",
           "mcts it/s", "loop/s", "loop", "sites", "observ.", "obs.",
           "result/s");
    printf("%-16s %11s %11s %9s %9s %10s %10s %8s %8s %9s %7s %11s\n", "",
           "", "", "ns", "ns", "", "", "ns/act", "ns", "ns", "ns/flt", "");
    for (r = 0; r < n_rows; r++) {
        mg_game *g = NULL;
        mg_state *start = NULL, *work = NULL, *pos[SAMPLES];
        int32_t *buf;
        int8_t *sbuf;
        float *obuf;
        size_t cap, scap, ocap;
        int32_t planes = 0, nsites = 0;
        double v[N_METRICS][RUNS];
        uint64_t seed = 1, bseed = 1, lseed = 1, rseed = 1;
        int k;
        char err[256];
        if (mg_game_new(&g, rows[r]->spec, err, sizeof err)) {
            printf("%-16s (not available: %s)\n", rows[r]->name, err);
            continue;
        }
        if (mg_state_new(&start, g) || mg_state_new(&work, g) ||
            sample_positions(g, pos)) {
            fprintf(stderr, "bench: out of memory\n");
            exit(1);
        }
        cap = (size_t)mg_game_max_legal_actions(g);
        buf = malloc(cap * sizeof *buf);
        scap = mg_game_num_sites(g) > 0 ? (size_t)mg_game_num_sites(g) : 1;
        mg_game_observation_shape(g, &planes, &nsites);
        ocap = planes > 0 && nsites > 0 ? (size_t)planes * (size_t)nsites : 1;
        sbuf = malloc(scap);
        obuf = malloc(ocap * sizeof *obuf);
        if (!buf || !sbuf || !obuf) {
            fprintf(stderr, "bench: out of memory\n");
            exit(1);
        }
        playouts(start, work, &seed, &v[0][0], &v[1][0]); /* warm-up */
        for (k = 0; k < RUNS; k++) {
            playouts(start, work, &seed, &v[M_PLAYOUTS][k], &v[M_ACTIONS][k]);
            v[M_APPLY][k] = apply_undo_ns(pos, buf, cap);
            v[M_LEGAL][k] = legal_ns(pos, buf, cap);
            v[M_MCTS][k] = mcts_rate(start, &bseed);
            bench_loop(start, work, &lseed, buf, cap, &v[M_LOOP][k],
                       &v[M_LOOP_NS][k]);
            v[M_SITES][k] = sites_ns(pos, sbuf, scap);
            v[M_OBS][k] = observation_ns(pos, obuf, ocap);
            v[M_OBS_FLOAT][k] = v[M_OBS][k] / (double)ocap;
            bench_results(start, work, &rseed, &v[M_RESULTS][k],
                          &v[M_RESULT_ACTIONS][k]);
        }
        for (m = 0; m < N_METRICS; m++)
            med[r][m] = median_of(v[m], &lo[r][m], &hi[r][m]);
        ok[r] = 1;
        printf("%-16s %11.0f %11.0f %9.1f %9.1f %10.0f %10.0f %8.1f %8.1f "
               "%9.1f %7.2f %11.0f\n",
               rows[r]->name, med[r][M_PLAYOUTS], med[r][M_ACTIONS],
               med[r][M_APPLY], med[r][M_LEGAL], med[r][M_MCTS],
               med[r][M_LOOP], med[r][M_LOOP_NS], med[r][M_SITES],
               med[r][M_OBS], med[r][M_OBS_FLOAT], med[r][M_RESULTS]);
        fflush(stdout);
        for (k = 0; k < SAMPLES; k++)
            mg_state_free(pos[k]);
        free(buf);
        free(sbuf);
        free(obuf);
        mg_state_free(start);
        mg_state_free(work);
        mg_game_free(g);
    }
    printf("\n");
    for (r = 0; r < n_rows; r++)
        for (m = 0; ok[r] && m < N_METRICS; m++)
            if (med[r][m] == med[r][m]) /* not NaN: measured */
                printf(m == M_OBS_FLOAT
                           ? "bench %s %s median=%.3f min=%.3f max=%.3f "
                             "unit=%s spec=%s\n"
                           : "bench %s %s median=%.1f min=%.1f max=%.1f "
                             "unit=%s spec=%s\n",
                       rows[r]->name, metric_name[m], med[r][m], lo[r][m],
                       hi[r][m], metric_unit[m], rows[r]->spec);
    printf("\n");
}

#define BOARD_SEEDS 1000

static void bench_boards(void)
{
    static double t[BOARD_SEEDS];
    char lines[2][4][160];
    int k;
    printf("%-22s %10s %10s %10s %10s  (%d seeds, CPU ms per board)\n", "board",
           "boards/s", "median", "p99", "max", BOARD_SEEDS);
    for (k = 0; k < 2; k++) {
        int kind = k == 0 ? MG_BOARD_OCTOPUSZLE : MG_BOARD_LABYRINTH, i;
        const char *name = k == 0 ? "octopuszle" : "labyrinth";
        double total = 0, med, p99, max;
        for (i = 0; i < BOARD_SEEDS; i++) {
            mg_board *b = NULL;
            double t0 = cpu_now();
            if (mg_board_generate(&b, kind, (uint64_t)i) != MG_OK) {
                fprintf(stderr, "bench: board %s seed %d failed\n", name, i);
                exit(1);
            }
            t[i] = (cpu_now() - t0) * 1e3;
            total += t[i];
            mg_board_free(b);
        }
        qsort(t, BOARD_SEEDS, sizeof t[0], cmp_double);
        med = (t[BOARD_SEEDS / 2 - 1] + t[BOARD_SEEDS / 2]) / 2;
        p99 = t[BOARD_SEEDS * 99 / 100 - 1];
        max = t[BOARD_SEEDS - 1];
        printf("%-22s %10.1f %10.3f %10.3f %10.3f\n", name,
               BOARD_SEEDS / (total / 1e3), med, p99, max);
        snprintf(lines[k][0], sizeof lines[k][0],
                 "bench board_%s_rate value=%.1f unit=boards/s", name,
                 BOARD_SEEDS / (total / 1e3));
        snprintf(lines[k][1], sizeof lines[k][1],
                 "bench board_%s_median value=%.4f unit=ms", name, med);
        snprintf(lines[k][2], sizeof lines[k][2],
                 "bench board_%s_p99 value=%.4f unit=ms", name, p99);
        snprintf(lines[k][3], sizeof lines[k][3],
                 "bench board_%s_max value=%.4f unit=ms", name, max);
    }
    printf("\n");
    for (k = 0; k < 2; k++) {
        int j;
        for (j = 0; j < 4; j++)
            puts(lines[k][j]);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    int all;
    if (argc > 2)
        window = atof(argv[2]) > 0 ? atof(argv[2]) : window;
    if (strcmp(what, "games") && strcmp(what, "boards") &&
        strcmp(what, "limit") && strcmp(what, "batch") &&
        strcmp(what, "all")) {
        fprintf(stderr, "usage: bench [games|limit|boards|batch|all] "
                        "[seconds] [row,row,...]\n");
        return 2;
    }
    all = !strcmp(what, "all");
    /* MG_BENCH_CPU=1: the games' windows in thread CPU time (a loaded
     * machine), not wall time */
    bench_cpu = getenv("MG_BENCH_CPU") && atoi(getenv("MG_BENCH_CPU")) > 0;
    pick_rows(argc > 3 ? argv[3] : NULL);
    if (all || !strcmp(what, "games"))
        bench_games();
    if (all || !strcmp(what, "limit"))
        bench_limit(argc > 3 ? argv[3] : NULL);
    if (all || !strcmp(what, "boards"))
        bench_boards();
    if (all || !strcmp(what, "batch"))
        bench_batch(argc > 3 ? argv[3] : NULL);
    return 0;
}
