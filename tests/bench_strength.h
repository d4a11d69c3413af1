/*
 * bench_strength.h - the parts of the strength bench (make bench-strength,
 * tests/bench_strength.c): the shared helpers, the position set's file
 * (tests/bench_strength_set.c) and the statistics of its reports.
 */
#ifndef BENCH_STRENGTH_H
#define BENCH_STRENGTH_H

#include <mindgames.h>

#include <stddef.h>
#include <stdint.h>

#define BS_MAX_ACTIONS 512
#define BS_MB ((size_t)1 << 20)

/* One labelled position: the actions from the start, and every legal
 * action's exact value (mg_solver_values: the mover's point of view). */
typedef struct {
    int left;              /* lines (actions) left */
    size_t nhist, nlegal;
    int32_t hist[BS_MAX_ACTIONS];
    int32_t act[BS_MAX_ACTIONS], val[BS_MAX_ACTIONS];
} bs_position;

typedef struct {
    char spec[256];
    size_t n;
    bs_position *pos;
} bs_set;

/* bench_strength.c */
double bs_now(void);
mg_game *bs_game(const char *spec);   /* exits with a message on error */
mg_solver *bs_solver(const mg_game *g, size_t bytes);
mg_state *bs_state(const mg_game *g);

/* bench_strength_set.c */
/* 1 when action a completes no box and gives no box a third side (the
 * opponent then has no capture); s is left as it was. */
int bs_quiet_move(mg_state *s, int32_t a);
/* gen: write a labelled set to stdout; the exit status. */
int bs_generate(const char *spec, uint64_t seed, int count, int left_lo,
                int left_hi, size_t memory_mb, const char *command);
/* Read a set; 0, or -1 with a message naming the file and line. */
int bs_set_read(bs_set *set, const char *path);
void bs_set_free(bs_set *set);
/* The position's state, replayed from the start (exits on a bad set). */
mg_state *bs_position_state(const mg_game *g, const bs_position *p);

#endif
