/*
 * bench_solver.c - the solver's figures through the public API (make
 * bench-solver): the targets of issue 18, on one core.
 *
 *   dab       Dots and Boxes 3x3, 3x4 and 4x4 from the empty board: the
 *             median of RUNS solves, each by a fresh solver (time, nodes,
 *             nodes/s, the table's bytes); 4x4 once, within a time limit
 *             (MG_SOLVER_SLOW=1: RUNS times, no limit).
 *   endgames  Dots and Boxes 5x5, 100 positions of random games stopped
 *             with 22 lines undrawn (and 26, 30): median, p90 and maximum
 *             time.
 *   generic   the generic search on Fangqi 4x4 (placement and movement
 *             phase positions) and Chains of Thought on its smallest
 *             boards (hex4, trisquare4, square6): what it solves within a
 *             time limit per position, and how long it takes.
 *   project   (not in all) Dots and Boxes 4x5: the positions of one line
 *             of quiet play (seeded random lines that give no box a
 *             third side) with U = 21, 23, ... lines undrawn, each solved
 *             by a fresh solver, until LIMIT_S (default 1800) of CPU
 *             time is spent; the growth per line of the last solves
 *             projects the nodes and CPU time of the empty board (U = 49).
 *   empty4x5  (not in all) the 4x5 empty board for LIMIT_S (default
 *             1800) with a 4 GiB table: the bounds it proves.
 * Machine-readable lines follow the tables:
 *   bench-solver <row> <metric> value=<v> unit=<u> spec=<spec>
 * Usage: bench_solver [dab|endgames|generic|all|project|empty4x5]
 *        [LIMIT_S (default 30; project and empty4x5: 1800)]
 */
#define _POSIX_C_SOURCE 199309L
#include <mindgames.h>

#include "test_rng.h"

#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define RUNS 3
#define MB ((size_t)1 << 20)

static double limit_s = 30;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static mg_game *game(const char *spec)
{
    mg_game *g = NULL;
    char err[256];
    if (mg_game_new(&g, spec, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_solver: %s: %s\n", spec, err);
        exit(1);
    }
    return g;
}

static mg_solver *solver(const mg_game *g, size_t bytes)
{
    mg_solver *sv = NULL;
    char err[256];
    if (mg_solver_new(&sv, g, bytes, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_solver: mg_solver_new: %s\n", err);
        exit(1);
    }
    return sv;
}

static int slow(void)
{
    const char *e = getenv("MG_SOLVER_SLOW");
    return e && atoi(e) > 0;
}

/* ------------------------------------------------ from the empty board */

static void empty_board(const char *row, const char *spec, size_t mb,
                        int runs, uint32_t time_ms)
{
    mg_game *g = game(spec);
    mg_state *s;
    double t[RUNS], n[RUNS], tm, nm;
    int32_t v = 0, lo = 0, hi = 0;
    int i, rc = MG_OK;
    mg_state_new(&s, g);
    for (i = 0; i < runs; i++) {
        mg_solver *sv = solver(g, mb * MB);
        uint64_t nodes = 0;
        double t0 = now();
        rc = mg_solver_solve(sv, s, 0, time_ms, &v, NULL, &nodes);
        t[i] = now() - t0;
        n[i] = (double)nodes;
        mg_solver_bounds(sv, &lo, &hi);
        mg_solver_free(sv);
    }
    qsort(t, (size_t)runs, sizeof t[0], cmp_double);
    qsort(n, (size_t)runs, sizeof n[0], cmp_double);
    tm = t[runs / 2];
    nm = n[runs / 2];
    if (rc == MG_OK)
        printf("%-6s value %3d   %9.3f s  %12.0f nodes  %6.2f M nodes/s  "
               "table %u MiB  (median of %d)\n",
               row, (int)v, tm, nm, nm / tm / 1e6, (unsigned)mb, runs);
    else
        printf("%-6s not solved in %.0f s: %d <= value <= %d  %12.0f nodes  "
               "%6.2f M nodes/s  table %u MiB\n",
               row, tm, (int)lo, (int)hi, nm, nm / tm / 1e6, (unsigned)mb);
    printf("bench-solver %s time value=%.3f unit=s spec=%s\n", row, tm, spec);
    printf("bench-solver %s nodes value=%.0f unit=nodes spec=%s\n", row, nm,
           spec);
    printf("bench-solver %s solved value=%d unit=bool spec=%s\n", row,
           rc == MG_OK, spec);
    mg_state_free(s);
    mg_game_free(g);
}

static void dab(void)
{
    printf("Dots and Boxes from the empty board (one core, a fresh solver "
           "per run)\n");
    empty_board("3x3", "dots_and_boxes(rows=3,cols=3)", 64, RUNS, 0);
    empty_board("3x4", "dots_and_boxes(rows=3,cols=4)", 256, RUNS, 0);
    if (slow())
        empty_board("4x4", "dots_and_boxes(rows=4,cols=4)", 4096, RUNS, 0);
    else
        empty_board("4x4", "dots_and_boxes(rows=4,cols=4)", 1024, 1,
                    (uint32_t)(limit_s * 4 * 1000));
}

/* --------------------------------------------------- 5x5 endgames */

static void endgames_at(int left)
{
    const char *spec = "dots_and_boxes(rows=5,cols=5)";
    mg_game *g = game(spec);
    mg_solver *sv = solver(g, 256 * MB);
    double t[100];
    int32_t acts[128];
    uint64_t rng = 2026, nodes_sum = 0;
    int k, unsolved = 0;
    for (k = 0; k < 100; k++) {
        mg_state *s;
        size_t n;
        uint64_t nodes = 0;
        double t0;
        mg_state_new(&s, g);
        for (;;) {
            mg_state_legal_actions(s, acts, 128, &n);
            if (n <= (size_t)left)
                break;
            mg_state_apply(s, acts[mg_test_rand_below(&rng, n)]);
        }
        t0 = now();
        if (mg_solver_solve(sv, s, 0, (uint32_t)(limit_s * 1000), NULL, NULL,
                            &nodes) != MG_OK)
            unsolved++;
        t[k] = now() - t0;
        nodes_sum += nodes;
        mg_state_free(s);
    }
    qsort(t, 100, sizeof t[0], cmp_double);
    printf("5x5/%d median %.3f ms  p90 %.3f ms  max %.3f ms  mean %.0f "
           "nodes  unsolved in %.0f s: %d\n",
           left, t[49] * 1e3, t[89] * 1e3, t[99] * 1e3,
           (double)nodes_sum / 100, limit_s, unsolved);
    printf("bench-solver 5x5-%d median value=%.6f unit=s spec=%s\n", left,
           t[49], spec);
    printf("bench-solver 5x5-%d p90 value=%.6f unit=s spec=%s\n", left,
           t[89], spec);
    mg_solver_free(sv);
    mg_game_free(g);
}

static void endgames(void)
{
    printf("Dots and Boxes 5x5, 100 random positions with N lines undrawn "
           "(one solver, 256 MiB; the target: N = 22)\n");
    endgames_at(22);
    endgames_at(26);
    endgames_at(30);
}

/* ------------------------------------------------------- the generic */

/* Random actions from the start: `placed` of them, or (placed < 0) until
 * the first legal action is a movement (its notation has a '-'), then
 * -placed - 1 more. */
static mg_state *reach(const mg_game *g, uint64_t *rng, int placed)
{
    mg_state *s;
    int32_t acts[8192];
    size_t n;
    int i, extra = placed < 0 ? -placed - 1 : 0;
    mg_state_new(&s, g);
    for (i = 0; placed >= 0 ? i < placed : 1; i++) {
        mg_state_legal_actions(s, acts, 8192, &n);
        if (n == 0)
            break;
        if (placed < 0) {
            char name[32];
            mg_state_action_to_string(s, acts[0], name, sizeof name, NULL);
            if (strchr(name, '-') && extra-- <= 0)
                break;
        }
        mg_state_apply(s, acts[mg_test_rand_below(rng, n)]);
        if (mg_state_is_terminal(s)) {
            mg_state_undo(s);
            break;
        }
    }
    return s;
}

static void generic_row(const char *row, const char *spec, int placed,
                        int count)
{
    mg_game *g = game(spec);
    mg_solver *sv = solver(g, 512 * MB);
    uint64_t rng = 7;
    double t[16], tot = 0;
    int k, solved = 0;
    int32_t lo = 0, hi = 0, v = 0;
    for (k = 0; k < count; k++) {
        mg_state *s = reach(g, &rng, placed);
        uint64_t nodes = 0;
        size_t hlen = 0;
        double t0 = now();
        int rc = mg_state_is_terminal(s) ? MG_EOVER
                 : mg_solver_solve(sv, s, 0, (uint32_t)(limit_s * 1000), &v,
                                   NULL, &nodes);
        t[k] = now() - t0;
        tot += t[k];
        mg_solver_bounds(sv, &lo, &hi);
        mg_state_history(s, NULL, 0, &hlen);
        printf("  %-18s #%d after %3u actions: %s", row, k, (unsigned)hlen,
               rc == MG_OK ? "value" : "bounds");
        if (rc == MG_OK) {
            solved++;
            printf(" %2d", (int)v);
        } else {
            printf(" %d..%d", (int)lo, (int)hi);
        }
        printf("  %8.3f s  %11llu nodes\n", t[k], (unsigned long long)nodes);
        mg_state_free(s);
    }
    qsort(t, (size_t)count, sizeof t[0], cmp_double);
    printf("%-20s solved %d of %d in %.0f s each; median %.3f s, max %.3f s"
           "  (%s)\n",
           row, solved, count, limit_s, t[count / 2], t[count - 1], spec);
    printf("bench-solver %s solved value=%d unit=of%d spec=%s\n", row, solved,
           count, spec);
    printf("bench-solver %s median value=%.3f unit=s spec=%s\n", row,
           t[count / 2], spec);
    mg_solver_free(sv);
    mg_game_free(g);
}

static void generic(void)
{
    printf("The generic search (512 MiB, %.0f s per position)\n", limit_s);
    generic_row("fangqi4x4-start", "fangqi(width=4,height=4)", 0, 1);
    generic_row("fangqi4x4-place8", "fangqi(width=4,height=4)", 8, 3);
    generic_row("fangqi4x4-place12", "fangqi(width=4,height=4)", 12, 3);
    generic_row("fangqi4x4-move", "fangqi(width=4,height=4)", -1, 3);
    generic_row("fangqi4x4-move+10", "fangqi(width=4,height=4)", -11, 3);
    generic_row("cot-hex4-start", "chains_of_thought(board=hex4)", 0, 1);
    generic_row("cot-hex4-8", "chains_of_thought(board=hex4)", 8, 3);
    generic_row("cot-trisquare4", "chains_of_thought(board=trisquare4)", 0,
                1);
    generic_row("cot-trisquare4-8", "chains_of_thought(board=trisquare4)", 8,
                3);
    generic_row("cot-square6-start", "chains_of_thought(board=square6)", 0,
                1);
    generic_row("cot-square6-16", "chains_of_thought(board=square6)", 16, 3);
}

/* ------------------------------------------------ 4x5: a projection */

static double cpu(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* A line that completes no box and gives none a third side: after it,
 * no reply of the opponent keeps the turn (a capture moves again). */
static int quiet_move(mg_state *s, int32_t a)
{
    int32_t acts[128];
    size_t n, i;
    int me = mg_state_current_player(s), ok = 1;
    if (mg_state_apply(s, a) != MG_OK)
        return 0;
    if (mg_state_current_player(s) == me)
        ok = 0;
    mg_state_legal_actions(s, acts, 128, &n);
    for (i = 0; ok && i < n; i++) {
        int p = mg_state_current_player(s);
        mg_state_apply(s, acts[i]);
        if (mg_state_current_player(s) == p)
            ok = 0;
        mg_state_undo(s);
    }
    mg_state_undo(s);
    return ok;
}

static void project(void)
{
    const char *spec = "dots_and_boxes(rows=4,cols=5)";
    mg_game *g = game(spec);
    mg_state *s;
    int32_t line[64], acts[128], v = 0, lo = 0, hi = 0;
    double spent = 0, tcpu[64] = {0}, nodes[64] = {0};
    uint64_t rng = 45;
    size_t n;
    int len = 0, u, last = -1, first = -1, k, rc;
    mg_state_new(&s, g);
    for (;;) { /* the line of quiet play */
        int32_t quiet[128];
        size_t i, q = 0;
        mg_state_legal_actions(s, acts, 128, &n);
        for (i = 0; i < n; i++)
            if (quiet_move(s, acts[i]))
                quiet[q++] = acts[i];
        if (q == 0)
            break;
        line[len] = quiet[mg_test_rand_below(&rng, q)];
        mg_state_apply(s, line[len++]);
    }
    printf("Dots and Boxes 4x5: one line of quiet play (%d lines, seed 45), "
           "its positions solved from the end (one core, a fresh solver "
           "each, CPU time)\n", len);
    for (u = 49 - len + ((49 - len) % 2 == 0); u < 49; u += 2) {
        mg_solver *sv;
        uint64_t nd = 0;
        /* the table by the size of the search (its pages are zeroed on
         * first touch: CPU time too) */
        size_t mb = u >= 39 ? 4096 : u > 27 ? (size_t)1 << (u - 27) : 1;
        double t0, left = limit_s - spent;
        if (left < 1)
            break;
        mg_state_free(s);
        mg_state_new(&s, g);
        for (k = 0; k < 49 - u; k++)
            mg_state_apply(s, line[k]);
        sv = solver(g, mb * MB);
        t0 = cpu();
        rc = mg_solver_solve(sv, s, 0, (uint32_t)(left * 1000), &v, NULL,
                             &nd);
        tcpu[u] = cpu() - t0;
        nodes[u] = (double)nd;
        spent += tcpu[u];
        mg_solver_bounds(sv, &lo, &hi);
        mg_solver_free(sv);
        if (rc != MG_OK) {
            printf("  U=%2d  not solved in the %.0f s left (%d <= value <= "
                   "%d, %.0f nodes)\n", u, left, (int)lo, (int)hi, nodes[u]);
            break;
        }
        printf("  U=%2d  value %3d  %10.2f s CPU  %14.0f nodes  table %u "
               "MiB\n", u, (int)v, tcpu[u], nodes[u], (unsigned)mb);
        printf("bench-solver 4x5-U%d cpu value=%.3f unit=s spec=%s\n", u,
               tcpu[u], spec);
        printf("bench-solver 4x5-U%d nodes value=%.0f unit=nodes spec=%s\n",
               u, nodes[u], spec);
        if (first < 0 || u - first > 4)
            first = u - 4 >= 49 - len ? u - 4 : u;
        last = u;
    }
    if (first >= 0 && last > first && nodes[first] > 0) {
        /* the growth per line of the last three solves (two if fewer),
         * carried to U = 49 at the last solve's CPU time per node */
        double rn = pow(nodes[last] / nodes[first], 1.0 / (last - first));
        double pn = nodes[last] * pow(rn, 49 - last);
        double pt = pn * tcpu[last] / nodes[last];
        printf("  growth per line from U=%d to U=%d: %.2fx nodes; at %.0f ns "
               "CPU a node (U=%d), projected for the empty board: %.3g "
               "nodes, %.3g s CPU (%.0f days on one core, %.0f on two "
               "sharing the root's moves), with a table that keeps up\n",
               first, last, rn, 1e9 * tcpu[last] / nodes[last], last, pn, pt,
               pt / 86400, pt / 2 / 86400);
        printf("bench-solver 4x5-projected cpu value=%.0f unit=s spec=%s\n",
               pt, spec);
        printf("bench-solver 4x5-projected nodes value=%.0f unit=nodes "
               "spec=%s\n", pn, spec);
    }
    mg_state_free(s);
    mg_game_free(g);
}

static void empty4x5(void)
{
    const char *spec = "dots_and_boxes(rows=4,cols=5)";
    mg_game *g = game(spec);
    mg_solver *sv = solver(g, 4096 * MB);
    mg_state *s;
    uint64_t nd = 0;
    int32_t v = 0, lo = 0, hi = 0;
    double t0 = cpu();
    int rc;
    mg_state_new(&s, g);
    rc = mg_solver_solve(sv, s, 0, (uint32_t)(limit_s * 1000), &v, NULL, &nd);
    mg_solver_bounds(sv, &lo, &hi);
    printf("Dots and Boxes 4x5 from the empty board, %.0f s (wall) allowed: "
           "%s %d <= value <= %d, %.0f nodes, %.0f s CPU (table 4096 "
           "MiB)\n", limit_s, rc == MG_OK ? "solved:" : "not solved:",
           (int)lo, (int)hi, (double)nd, cpu() - t0);
    printf("bench-solver 4x5-empty nodes value=%.0f unit=nodes spec=%s\n",
           (double)nd, spec);
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 2)
        limit_s = atof(argv[2]);
    if (limit_s <= 0)
        limit_s = strcmp(what, "project") && strcmp(what, "empty4x5") ? 30
                                                                    : 1800;
    if (!strcmp(what, "dab") || !strcmp(what, "all"))
        dab();
    if (!strcmp(what, "endgames") || !strcmp(what, "all"))
        endgames();
    if (!strcmp(what, "generic") || !strcmp(what, "all"))
        generic();
    if (!strcmp(what, "project"))
        project();
    if (!strcmp(what, "empty4x5"))
        empty4x5();
    return 0;
}
