/*
 * bench.c - speed figures through the public API (make bench).
 *
 * Each figure is measured in RUNS windows of about WINDOW seconds after a
 * warm-up; the table shows the median and the spread, and one
 * machine-readable line per figure follows:
 *   bench <name> median=<value> min=<value> max=<value> unit=<unit>
 * Board generation: every seed of 0 .. 999 once per kind, timed one by one
 * in thread CPU time: boards/s, median, p99 and maximum milliseconds.
 * Usage: bench [games|boards|all] [SECONDS_PER_WINDOW (default 0.5)]
 */
#define _POSIX_C_SOURCE 199309L
#include <mindgames.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RUNS 7

static double window = 0.5;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of this thread: per-board times are short enough that a
 * preemption by another process (4 ms slices) would dominate wall time. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef double (*bench_fn)(mg_game *g, mg_state *s, int32_t *buf);

/* Random games with the caller's own loop: legal_actions + apply. */
static double games_loop(mg_game *g, mg_state *s, int32_t *buf)
{
    static uint64_t rng = 1;
    size_t cap = (size_t)mg_game_max_legal_actions(g), n;
    double t0 = now(), t;
    long games = 0;
    do {
        int k;
        for (k = 0; k < 64; k++) {
            while (mg_state_undo(s) == MG_OK)
                ;
            while (mg_state_legal_actions(s, buf, cap, &n) == MG_OK && n)
                mg_state_apply(s, buf[rng_next(&rng) % n]);
            games++;
        }
        t = now() - t0;
    } while (t < window);
    return (double)games / t;
}

/* Random games with mg_state_playout. */
static double games_playout(mg_game *g, mg_state *s, int32_t *buf)
{
    static uint64_t seed = 1;
    double t0 = now(), t;
    long games = 0;
    (void)g;
    (void)buf;
    do {
        int k;
        for (k = 0; k < 64; k++) {
            while (mg_state_undo(s) == MG_OK)
                ;
            mg_state_playout(s, seed++, -1);
            games++;
        }
        t = now() - t0;
    } while (t < window);
    return (double)games / t;
}

/* Nanoseconds per apply+undo pair in the start position. */
static double apply_undo_ns(mg_game *g, mg_state *s, int32_t *buf)
{
    size_t n, i = 0;
    double t0, t;
    long pairs = 0;
    while (mg_state_undo(s) == MG_OK)
        ;
    mg_state_legal_actions(s, buf, (size_t)mg_game_max_legal_actions(g), &n);
    t0 = now();
    do {
        int k;
        for (k = 0; k < 1024; k++) {
            mg_state_apply(s, buf[i]);
            mg_state_undo(s);
            if (++i == n)
                i = 0;
        }
        pairs += 1024;
        t = now() - t0;
    } while (t < window);
    return t * 1e9 / (double)pairs;
}

/* Nanoseconds per legal_actions call in the start position. */
static double legal_ns(mg_game *g, mg_state *s, int32_t *buf)
{
    size_t n, cap = (size_t)mg_game_max_legal_actions(g);
    double t0, t;
    long calls = 0;
    while (mg_state_undo(s) == MG_OK)
        ;
    t0 = now();
    do {
        int k;
        for (k = 0; k < 1024; k++)
            mg_state_legal_actions(s, buf, cap, &n);
        calls += 1024;
        t = now() - t0;
    } while (t < window);
    return t * 1e9 / (double)calls;
}

typedef struct {
    const char *name, *spec, *unit;
    bench_fn fn;
} bench;

static const bench benches[] = {
    {"dab5x5_games_loop", "dots_and_boxes(rows=5,cols=5)", "games/s",
     games_loop},
    {"dab5x5_playout", "dots_and_boxes(rows=5,cols=5)", "games/s",
     games_playout},
    {"dab5x5_apply_undo", "dots_and_boxes(rows=5,cols=5)", "ns", apply_undo_ns},
    {"dab5x5_legal", "dots_and_boxes(rows=5,cols=5)", "ns", legal_ns},
    {"dab10x10_playout", "dots_and_boxes(rows=10,cols=10)", "games/s",
     games_playout},
    {"squares_games_loop", "china_squares", "games/s", games_loop},
    {"squares_asc_games_loop", "china_squares(order=ascending)", "games/s",
     games_loop},
    {"octangle_games_loop", "china_octangle", "games/s", games_loop},
    {"tangle_games_loop", "china_tangle", "games/s", games_loop},
    {"tangle_asc_games_loop", "china_tangle(order=ascending)", "games/s",
     games_loop},
    {"grove_games_loop", "china_grove", "games/s", games_loop},
    {"fangqi_games_loop", "fangqi", "games/s", games_loop},
    {"fangqi_playout", "fangqi", "games/s", games_playout},
    {"squares_apply_undo", "china_squares", "ns", apply_undo_ns},
    {"squares_legal", "china_squares", "ns", legal_ns},
};

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
    size_t b;
    char lines[sizeof benches / sizeof benches[0]][256];
    const char *what = argc > 1 ? argv[1] : "all";
    if (argc > 2)
        window = atof(argv[2]) > 0 ? atof(argv[2]) : window;
    if (strcmp(what, "games") && strcmp(what, "boards") && strcmp(what, "all")) {
        fprintf(stderr, "usage: bench [games|boards|all] [seconds]\n");
        return 2;
    }
    if (strcmp(what, "games"))
        bench_boards();
    if (!strcmp(what, "boards"))
        return 0;
    printf("libmindgames %s, %d windows of %.2f s per figure (median, min, max)\n\n",
           mg_version_string(), RUNS, window);
    printf("%-22s %14s %14s %14s  %s\n", "figure", "median", "min", "max",
           "unit");
    for (b = 0; b < sizeof benches / sizeof benches[0]; b++) {
        const bench *bn = &benches[b];
        mg_game *g = NULL;
        mg_state *s = NULL;
        int32_t *buf;
        double v[RUNS];
        int r;
        char err[256];
        if (mg_game_new(&g, bn->spec, err, sizeof err) ||
            mg_state_new(&s, g)) {
            fprintf(stderr, "bench %s: %s\n", bn->name, err);
            return 1;
        }
        buf = malloc((size_t)mg_game_max_legal_actions(g) * sizeof *buf);
        bn->fn(g, s, buf); /* warm-up */
        for (r = 0; r < RUNS; r++)
            v[r] = bn->fn(g, s, buf);
        qsort(v, RUNS, sizeof v[0], cmp_double);
        printf("%-22s %14.1f %14.1f %14.1f  %s\n", bn->name, v[RUNS / 2], v[0],
               v[RUNS - 1], bn->unit);
        snprintf(lines[b], sizeof lines[b],
                 "bench %s median=%.1f min=%.1f max=%.1f unit=%s", bn->name,
                 v[RUNS / 2], v[0], v[RUNS - 1], bn->unit);
        free(buf);
        mg_state_free(s);
        mg_game_free(g);
    }
    printf("\n");
    for (b = 0; b < sizeof benches / sizeof benches[0]; b++)
        puts(lines[b]);
    return 0;
}
