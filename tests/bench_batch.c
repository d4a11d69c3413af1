/*
 * bench_batch.c - the batch's figures (make bench, section "batch"):
 * env-steps/s of mg_batch_step for n = 1, 64, 1024, 4096 games of Dots
 * and Boxes 5x5, China Squares and Chains of Thought (hex4), with the
 * actions chosen in C (mg_batch_random_actions) and, per step, the legal
 * masks only, the masks and the float observations, or the masks and the
 * byte observations.  Then two batches of 1024 on two threads against
 * one: the threads are the bench's (the library has none), so the ratio
 * is timed in wall time whatever MG_BENCH_CPU says.  Each figure is the
 * median of RUNS windows; the machine-readable lines are
 *   bench batch_<row>_<what>_n<N> env_steps median=... unit=steps/s
 */
#define _POSIX_C_SOURCE 199309L
#include <mindgames.h>

#include "bench.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MASKS, FLOATS, BYTES, N_WHAT };
static const char *const what_name[N_WHAT] = {"masks", "obs_f32", "obs_u8"};

typedef struct job {
    mg_batch *b;
    int what;
    uint8_t *mask;
    float *obs;
    uint8_t *obs8;
    int32_t *actions;
    size_t mcap, ocap;
    uint64_t seed;
    double seconds; /* the window */
    double wall;    /* 1: time in wall time */
    double steps;   /* env-steps done */
    double elapsed;
} job;

static double clock_of(const job *j)
{
    return j->wall || !bench_cpu ? bench_now() : bench_cpu_now();
}

/* Steps until the window is over (checked every 16 steps). */
static void run(job *j)
{
    int32_t n = mg_batch_size(j->b);
    double t0 = clock_of(j), t;
    long steps = 0;
    do {
        int k;
        for (k = 0; k < 16; k++) {
            mg_batch_random_actions(j->b, j->seed++, j->actions);
            mg_batch_step(j->b, j->actions, NULL);
            mg_batch_legal_masks(j->b, j->mask, j->mcap);
            if (j->what == FLOATS)
                mg_batch_observations(j->b, MG_BATCH_MOVER, j->obs, j->ocap);
            else if (j->what == BYTES)
                mg_batch_observations_u8(j->b, MG_BATCH_MOVER, j->obs8,
                                         j->ocap);
        }
        steps += 16;
        t = clock_of(j);
    } while (t - t0 < j->seconds);
    j->steps = (double)steps * (double)n;
    j->elapsed = t - t0;
}

static void *run_thread(void *p)
{
    run(p);
    return NULL;
}

static int job_new(job *j, const mg_game *g, int32_t n, int what)
{
    int32_t planes, sites;
    memset(j, 0, sizeof *j);
    mg_game_observation_shape(g, &planes, &sites);
    j->what = what;
    j->mcap = (size_t)n * (size_t)mg_game_num_actions(g);
    j->ocap = (size_t)n * (size_t)planes * (size_t)sites;
    j->mask = malloc(j->mcap);
    j->obs = malloc(j->ocap * sizeof(float));
    j->obs8 = malloc(j->ocap);
    j->actions = malloc((size_t)n * sizeof(int32_t));
    j->seconds = bench_window;
    if (!j->mask || !j->obs || !j->obs8 || !j->actions ||
        mg_batch_new(&j->b, g, n, MG_AUTORESET_SAME_STEP) != MG_OK)
        return -1;
    return 0;
}

static void job_free(job *j)
{
    mg_batch_free(j->b);
    free(j->mask);
    free(j->obs);
    free(j->obs8);
    free(j->actions);
}

static void print_row(const char *row, const char *what, int32_t n,
                      double *v, const char *spec)
{
    double lo, hi, med = bench_median(v, RUNS, &lo, &hi);
    printf("  %-14s %-8s n=%-5d %12.0f env-steps/s  (%.0f .. %.0f)\n", row,
           what, (int)n, med, lo, hi);
    printf("bench batch_%s_%s_n%d env_steps median=%.0f min=%.0f max=%.0f "
           "unit=steps/s spec=%s\n",
           row, what, (int)n, med, lo, hi, spec);
}

static const struct {
    const char *name, *spec;
} games[] = {{"dab5x5", "dots_and_boxes(rows=5,cols=5)"},
             {"china_squares", "china_squares"},
             {"cot_hex4", "chains_of_thought(board=hex4)"}};

/* Two batches of n on two threads and one alone, alternately, in wall
 * time: env-steps/s of each and the ratio. */
static void two_threads(const mg_game *g, const char *row, const char *spec,
                        int32_t n)
{
    double one[RUNS], two[RUNS], ratio[RUNS];
    job j[2];
    int r, k;
    if (job_new(&j[0], g, n, MASKS) || job_new(&j[1], g, n, MASKS)) {
        printf("  %s: out of memory\n", row);
        return;
    }
    for (r = -1; r < RUNS; r++) { /* run -1: the warm-up */
        pthread_t t[2];
        for (k = 0; k < 2; k++)
            j[k].wall = 1;
        run(&j[0]);
        if (r >= 0)
            one[r] = j[0].steps / j[0].elapsed;
        for (k = 0; k < 2; k++)
            pthread_create(&t[k], NULL, run_thread, &j[k]);
        for (k = 0; k < 2; k++)
            pthread_join(t[k], NULL);
        if (r >= 0) {
            two[r] = j[0].steps / j[0].elapsed + j[1].steps / j[1].elapsed;
            ratio[r] = two[r] / one[r];
        }
    }
    print_row(row, "1thread", n, one, spec);
    print_row(row, "2threads", n, two, spec);
    {
        double lo, hi, med = bench_median(ratio, RUNS, &lo, &hi);
        printf("  %-14s 2 threads / 1 = %.2fx (%.2f .. %.2f)\n", row, med,
               lo, hi);
        printf("bench batch_%s_2threads_ratio n%d median=%.3f min=%.3f "
               "max=%.3f unit=x spec=%s\n",
               row, (int)n, med, lo, hi, spec);
    }
    job_free(&j[0]);
    job_free(&j[1]);
}

void bench_batch(const char *only)
{
    static const int32_t sizes[] = {1, 64, 1024, 4096};
    size_t gi, si;
    int w, r;
    printf("Batch (mg_batch, autoreset same_step, random actions in C; "
           "%s time):\n",
           bench_cpu ? "thread CPU" : "wall");
    for (gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        mg_game *g;
        if (!bench_listed(only, games[gi].name))
            continue;
        if (mg_game_new(&g, games[gi].spec, NULL, 0) != MG_OK)
            continue;
        for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
            for (w = 0; w < N_WHAT; w++) {
                double v[RUNS];
                job j;
                if (job_new(&j, g, sizes[si], w)) {
                    printf("  %s n=%d: out of memory\n", games[gi].name,
                           (int)sizes[si]);
                    job_free(&j);
                    continue;
                }
                run(&j); /* warm-up */
                for (r = 0; r < RUNS; r++) {
                    run(&j);
                    v[r] = j.steps / j.elapsed;
                }
                print_row(games[gi].name, what_name[w], sizes[si], v,
                          games[gi].spec);
                job_free(&j);
            }
        two_threads(g, games[gi].name, games[gi].spec, 1024);
        mg_game_free(g);
    }
    printf("\n");
}
