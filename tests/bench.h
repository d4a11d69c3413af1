/*
 * bench.h - what the bench's files share (make bench): bench.c has the
 * per-game rows and the boards, bench_limit.c the runs against the limit
 * kernels (../shared/limit).
 */
#ifndef MG_BENCH_H
#define MG_BENCH_H

#include <mindgames.h>

#include <stdint.h>

#define RUNS 5

/* Seconds per timing window (argument 2). */
extern double bench_window;
/* 1: the library's windows are timed in thread CPU time, else wall. */
extern int bench_cpu;

double bench_now(void);      /* CLOCK_MONOTONIC */
double bench_cpu_now(void);  /* CLOCK_THREAD_CPUTIME_ID */
int bench_cmp_double(const void *a, const void *b);
/* Sort v[0 .. n) and return its median (lo, hi: the extremes). */
double bench_median(double *v, int n, double *lo, double *hi);

/* One window of random playouts (mg_state_playout from a copy of start,
 * seeds counting up from *seed): playouts/s and actions/s. */
void bench_playouts(const mg_state *start, mg_state *work, uint64_t *seed,
                    double *per_s, double *actions_per_s);
/* The same with mg_state_playout_result (work: a copy of start). */
void bench_results(const mg_state *start, mg_state *work, uint64_t *seed,
                   double *per_s, double *actions_per_s);
/* One window of the caller's loop (legal_actions + apply from a copy of
 * start until the end, drawing uniformly with the test PRNG *x):
 * playouts/s and ns per action.  buf holds max_legal actions. */
void bench_loop(const mg_state *start, mg_state *work, uint64_t *x,
                int32_t *buf, size_t cap, double *per_s, double *ns);

/* Is name in only (NULL: all; else a comma-separated list)? */
int bench_listed(const char *only, const char *name);

/* The runs against the limit kernels (bench_limit.c); only: as above. */
void bench_limit(const char *only);

/* The batch's env-steps/s (bench_batch.c); only: as above (dab5x5,
 * china_squares, cot_hex4). */
void bench_batch(const char *only);

#endif /* MG_BENCH_H */
