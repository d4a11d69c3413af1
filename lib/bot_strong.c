/*
 * bot_strong.c - the bots that solve, then search (bot.h): the solver
 * bot (1.4), the strong bot and the eight levels (1.6).
 *
 * Both first ask the exact solver (mg_solver_solve) for the position,
 * with a share of the budget; when it proves the value they play an
 * optimal action, otherwise the tree search of bot_mcts.c chooses with
 * the rest.  With a time limit the whole choice takes about that long:
 * the solve stops at half of it when it has not finished, and the search
 * runs for the time left (since 1.6; the solver bot used to search
 * `iterations` iterations after a solve of the whole time).
 *
 * The strong bot is the library's strongest player of every game: the
 * same plan, with the search's defaults chosen for strength.  A level is
 * a name for one bot spec; the levels go from a beginner's (random) to
 * the strongest.
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "bot.h"

#include <time.h>

/* strong(time_ms=1000,iterations=0,nodes=0,memory_mb=64,eval=none):
 * eval=auto adds the network shipped for the game, which is not the
 * default because it has not been measured to help (Dots and Boxes 4x4,
 * 60 games at 100 ms a move: -29 Elo [-116, +58] against eval=none). */
static const char *const eval_names[] = {"auto", "none", NULL};

const mg__option mg__strong_options[N_STRONG_OPTS] = {
    {"time_ms", MG__OPT_INT, 0, 86400000, NULL, 1000},
    {"iterations", MG__OPT_INT, 0, 100000000, NULL, 0},
    {"nodes", MG__OPT_INT, 0, 1000000000000, NULL, 0},
    {"memory_mb", MG__OPT_INT, 1, 1048576, NULL, 64},
    {"eval", MG__OPT_ENUM, 0, 0, eval_names, 1}, /* none: see bot.c */
};

/* The levels, weakest first (mg_bot_new(3) lists them with what they
 * play as, the README their measured ratings: make bench-levels).  After
 * 1.6.0 levels 3-5 play with the game's knowledge (playout=policy; random
 * playouts where a game has none): with random playouts 100 iterations
 * were no stronger than greedy on Dots and Boxes 4x4 (11-1-8 for greedy) and lost more
 * boxes against perfect play on 3x3 than greedy did (5.60 against 5.30),
 * so level 3 was not above level 2.  Level 5 searches at most 125 ms, no
 * longer than level 6's search (strong(time_ms=250) solves for half of
 * its time, then searches): with 1.6.0's 2 s it could search eight times
 * as long as level 6 wherever 10000 iterations take more than 250 ms (a
 * large board, a loaded machine), and on Chains of Thought hex4 under
 * load it beat level 6 4-0 and level 7 2-1-1. */
static const char *const levels[MG__LEVELS] = {
    "random",
    "greedy",
    "mcts(iterations=300,playout=policy)",
    "mcts(iterations=1000,playout=policy)",
    "mcts(iterations=10000,time_ms=125,playout=policy)",
    "strong(time_ms=250)",
    "strong(time_ms=1000)",
    "strong(time_ms=4000)",
};

const char *mg__level_spec(int n)
{
    return levels[n >= 1 && n <= MG__LEVELS ? n - 1 : 0];
}

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Solve within `nodes` nodes (0: no limit) and half of `ms` (0: no
 * limit); when that proves the value, an optimal action; otherwise
 * search for at most `iter` iterations (0: no limit) and the time left
 * of ms.
 *
 * With `proven` (the strong bot, since 1.6.1), a stopped solve that has
 * proved some action to achieve a lower bound above the worst outcome
 * (mg__solver_proven: in Dots and Boxes, a null-window test of the
 * engine's MTD(f) that failed high) goes on solving instead of
 * searching, with the rest of the time (or `nodes` nodes more when only
 * nodes bound it), and plays the action of the best bound proven.  The
 * engine's MTD(f) first tests "value >= 1" on a quiet position: solved to
 * the end on the 40 quiet 5x5 positions of the strength set
 * (tests/data/strength/dab5x5.txt), that test failed high in 30, its
 * action was the solve's optimal one in all 17 of value 1 and worth at
 * least 1 in the others (values 3 to 9), where the tree search keeps
 * the best value far less often (CHANGELOG.md: the measured effect). */
static int32_t solve_then_search(mg_bot *b, const mg_game *g,
                                 const mg_state *s, int64_t nodes,
                                 int64_t ms, int64_t iter, int proven)
{
    int64_t t0 = ms ? now_ms() : 0, left = 0;
    int32_t a = -1, lo = 0;
    if (mg_solver_solve(b->sv, s, (uint64_t)nodes,
                        (uint32_t)(ms > 0 ? (ms + 1) / 2 : 0), NULL, &a,
                        NULL) == MG_OK &&
        a >= 0)
        return a;
    if (ms > 0) {
        left = ms - (now_ms() - t0);
        if (left < 1)
            left = 1;
    }
    if (proven && mg__solver_proven(b->sv, &a) &&
        mg_solver_bounds(b->sv, &lo, NULL) == MG_OK) {
        int32_t a2 = -1, lo2 = 0;
        /* the table keeps what the first solve proved: the second one
         * gets back there in few nodes, then tests higher bounds */
        int rc = mg_solver_solve(b->sv, s, (uint64_t)nodes,
                                 (uint32_t)left, NULL, &a2, NULL);
        if (mg__solver_proven(b->sv, &a2) &&
            mg_solver_bounds(b->sv, &lo2, NULL) == MG_OK &&
            (rc == MG_OK || lo2 >= lo) && a2 >= 0)
            return a2;
        return a;
    }
    return mg__mcts_choose(b, g, s, iter, left);
}

int32_t mg__solver_bot_choose(mg_bot *b, const mg_game *g, const mg_state *s)
{
    return solve_then_search(b, g, s, b->so.v[SOPT_NODES],
                             b->so.v[SOPT_TIME], b->so.v[SOPT_ITER], 0);
}

int32_t mg__strong_choose(mg_bot *b, const mg_game *g, const mg_state *s)
{
    int64_t ms = b->so.v[XOPT_TIME], iter = b->so.v[XOPT_ITER];
    int64_t nodes = b->so.v[XOPT_NODES];
    if (ms == 0 && nodes == 0)
        nodes = 200 * iter; /* a deterministic bot's solve */
    return solve_then_search(b, g, s, nodes, ms, iter, 1);
}
