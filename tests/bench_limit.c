/*
 * bench_limit.c - the library against the limit kernels (make bench; see
 * ../shared/limit/README.md): for each figure of issue 17's table, a
 * window of the library's row (mg_state_playout, the caller's loop, or
 * mg_state_playout_result: the _result rows) and a run of the kernel,
 * alternately, LIMIT_RUNS times; the medians and their ratio
 * library/kernel.
 *
 * The kernels: the directory $MG_LIMIT_DIR (built kernels; the Makefile's
 * bench target builds them there from ../shared/limit when that is
 * present); their board files in $MG_LIMIT_SRC/boards (default
 * ../shared/limit).  Without the kernels the section prints a note and
 * is skipped (a release tarball has none).  The China rows play the
 * kernel's board: its "x y" file (the blank included) is turned into the
 * library's board text and given to mg_game_new_with_board().  The
 * library is timed in thread CPU time; Chains of Thought's and Fangqi's
 * kernels too (their -c); the others time wall time only, so their
 * figure is divided by the share of the CPU the kernel had while it ran
 * (kernel_rate).
 */
#define _POSIX_C_SOURCE 200112L
#include <mindgames.h>

#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

/* Alternations (MG_LIMIT_RUNS overrides; at least 3). */
#define LIMIT_RUNS 5
#define MAX_LIMIT_RUNS 25

typedef struct {
    const char *name;   /* the row: bench limit_<name> ... */
    const char *spec;   /* the library's game */
    const char *board;  /* a board file of the kernel's, or NULL */
    int mode;           /* LIB_PLAYOUT, LIB_LOOP or LIB_RESULT */
    int cpu;            /* 1: the kernel times CPU time itself (-c) */
    const char *kernel; /* kernel and arguments ({B}: the board file) */
} limit_row;

/* The library's side of a row: mg_state_playout from a copy of the
 * start, the caller's loop, or mg_state_playout_result (1.5). */
enum { LIB_PLAYOUT, LIB_LOOP, LIB_RESULT };

static const limit_row limit_rows[] = {
    {"dab5x5_playout", "dots_and_boxes(rows=5,cols=5)", NULL, LIB_PLAYOUT, 0,
     "dab_limit -r 5 -c 5 -p list"},
    {"dab5x5_result", "dots_and_boxes(rows=5,cols=5)", NULL, LIB_RESULT, 0,
     "dab_limit -r 5 -c 5 -p list"},
    {"dab5x5_loop", "dots_and_boxes(rows=5,cols=5)", NULL, LIB_LOOP, 0,
     "dab_limit -r 5 -c 5 -p enum"},
    {"dab10x10_loop", "dots_and_boxes(rows=10,cols=10)", NULL, LIB_LOOP, 0,
     "dab_limit -r 10 -c 10 -p enum"},
    {"china_squares_playout", "china_squares", "square-1.txt", LIB_PLAYOUT,
     0, "squares_limit {B}"},
    {"china_squares_result", "china_squares", "square-1.txt", LIB_RESULT, 0,
     "squares_limit {B}"},
    /* Tangle's turns may stop early (rules §2.3): the library's uniformly
     * random playout draws among the cells and `done`, about 75.5
     * actions a game on this board; -m uniform plays the same (75.5),
     * -m max only the maximal turns (63 actions, fewer turns), about
     * 1.25x the playouts of -m uniform: not the same game */
    {"china_tangle_playout", "china_tangle", "hex-1.txt", LIB_PLAYOUT, 0,
     "squares_limit -m uniform {B}"},
    {"china_tangle_result", "china_tangle", "hex-1.txt", LIB_RESULT, 0,
     "squares_limit -m uniform {B}"},
    {"cot_hex4_playout", "chains_of_thought", NULL, LIB_PLAYOUT, 1,
     "chains_limit -c"},
    {"cot_hex4_result", "chains_of_thought", NULL, LIB_RESULT, 1,
     "chains_limit -c"},
    {"fangqi_playout", "fangqi", NULL, LIB_PLAYOUT, 1, "fangqi_limit -c"},
    {"fangqi_result", "fangqi", NULL, LIB_RESULT, 1, "fangqi_limit -c"},
};
#define N_LIMIT_ROWS (int)(sizeof limit_rows / sizeof limit_rows[0])

/* The kernel's board file as the library's board text (rows top first,
 * '#' a cell, 'o' the blank: the cell without a neighbour in the file),
 * then parsed.  NULL when the file cannot be read or is refused. */
static mg_board *load_board(const char *path, int hex)
{
    static int xs[300], ys[300];
    static char text[8192];
    static const int sq[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                 {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int hx[6][2] = {{1, 0},  {0, 1},  {-1, 1},
                                 {-1, 0}, {0, -1}, {1, -1}};
    char line[256], err[256];
    int n = 0, i, j, k, x0 = 1 << 20, y0 = 1 << 20, x1 = -x0, y1 = -y0, x, y;
    size_t len;
    mg_board *b = NULL;
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    while (n < 300 && fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%d %d", &xs[n], &ys[n]) == 2) {
            if (xs[n] < x0) x0 = xs[n];
            if (xs[n] > x1) x1 = xs[n];
            if (ys[n] < y0) y0 = ys[n];
            if (ys[n] > y1) y1 = ys[n];
            n++;
        }
    fclose(f);
    if (n == 0 || (x1 - x0 + 2) * (y1 - y0 + 1) + 64 > (int)sizeof text)
        return NULL;
    len = (size_t)sprintf(text, "mindgames-board 1\nkind %s\nsize %d %d\n",
                          hex ? "labyrinth" : "octopuszle", x1 - x0 + 1,
                          y1 - y0 + 1);
    for (y = y1; y >= y0; y--) {
        for (x = x0; x <= x1; x++) {
            char c = '.';
            for (i = 0; i < n; i++)
                if (xs[i] == x && ys[i] == y)
                    break;
            if (i < n) {
                int nb = 0;
                for (k = 0; k < (hex ? 6 : 8); k++)
                    for (j = 0; j < n; j++)
                        nb += xs[j] == x + (hex ? hx[k][0] : sq[k][0]) &&
                              ys[j] == y + (hex ? hx[k][1] : sq[k][1]);
                c = nb ? '#' : 'o';
            }
            text[len++] = c;
        }
        text[len++] = '\n';
    }
    text[len] = '\0';
    if (mg_board_parse(&b, text, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench: %s: %s\n", path, err);
        return NULL;
    }
    return b;
}

static double tv_s(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec * 1e-6;
}

/* One run of the kernel command cmd (-t window, -n 1): its playouts/s
 * median, or a negative number when it did not run.  cpu: the kernel
 * times itself in CPU time (-c); else its wall-time figure is turned
 * into one per CPU second by the share of the CPU it had while it ran
 * (its CPU time over the wall time of the run, warm-up included; on a
 * loaded machine wall time moves by 5x from run to run). */
static double kernel_rate(const char *cmd, int cpu)
{
    struct rusage r0, r1;
    double w0, share;
    char full[1200], line[512];
    double v = -1;
    FILE *p;
    int n = snprintf(full, sizeof full, "%.1100s -t %.3f -n 1 2>/dev/null",
                     cmd, bench_window);
    if (n < 0 || (size_t)n >= sizeof full)
        return -1;
    getrusage(RUSAGE_CHILDREN, &r0);
    w0 = bench_now();
    p = popen(full, "r");
    if (!p)
        return -1;
    while (fgets(line, sizeof line, p)) {
        const char *m = strstr(line, "playouts/s"), *med;
        if (m && (med = strstr(m, "median")) != NULL && v < 0)
            v = atof(med + 6);
    }
    pclose(p);
    getrusage(RUSAGE_CHILDREN, &r1);
    share = (tv_s(r1.ru_utime) + tv_s(r1.ru_stime) - tv_s(r0.ru_utime) -
             tv_s(r0.ru_stime)) /
            (bench_now() - w0);
    if (!cpu && v > 0 && share > 0.01 && share < 1)
        v /= share;
    return v;
}

/* The kernel's command line for row r: dir/<kernel> with {B} replaced. */
static void kernel_command(const limit_row *r, const char *dir,
                           const char *boards, char *out, size_t cap)
{
    const char *b = strstr(r->kernel, "{B}");
    int n;
    if (b)
        n = snprintf(out, cap, "%.400s/%.*s%.400s/%s", dir,
                     (int)(b - r->kernel), r->kernel, boards, r->board);
    else
        n = snprintf(out, cap, "%.400s/%s", dir, r->kernel);
    if (n < 0 || (size_t)n >= cap)
        out[0] = '\0';
}

static int have_kernels(const char *dir)
{
    static const char *const names[] = {"dab_limit", "squares_limit",
                                        "chains_limit", "fangqi_limit"};
    char path[1100];
    int i;
    for (i = 0; i < 4; i++) {
        snprintf(path, sizeof path, "%.1000s/%s", dir, names[i]);
        if (access(path, X_OK) != 0)
            return 0;
    }
    return 1;
}

void bench_limit(const char *only)
{
    const char *dir = getenv("MG_LIMIT_DIR");
    const char *src = getenv("MG_LIMIT_SRC");
    char boards[1024], lines[N_LIMIT_ROWS][3][700];
    int r, k, ok[N_LIMIT_ROWS] = {0}, runs = LIMIT_RUNS;
    if (getenv("MG_LIMIT_RUNS") && atoi(getenv("MG_LIMIT_RUNS")) >= 3)
        runs = atoi(getenv("MG_LIMIT_RUNS"));
    if (runs > MAX_LIMIT_RUNS)
        runs = MAX_LIMIT_RUNS;
    if (!src || !*src)
        src = "../shared/limit";
    if (!dir || !*dir || !have_kernels(dir)) {
        printf("limit kernels: not found (MG_LIMIT_DIR=%s); skipped.  "
               "Build them with make -C ../shared/limit B=DIR and run with "
               "MG_LIMIT_DIR=DIR (make bench does both when ../shared/limit "
               "is there)\n\n",
               dir && *dir ? dir : "unset");
        return;
    }
    snprintf(boards, sizeof boards, "%.1000s/boards", src);
    printf("The library against the limit kernels of %s: each figure the "
           "median of %d\nalternating runs (library window, kernel run) of "
           "%.2f s; playouts per CPU second (kernel warm-up 0.5 s per\nrun; "
           "the kernels without -c: their wall-time rate over their share of "
           "the CPU);\nratio: of the medians, ratio/r: the median of the "
           "runs' ratios\n\n",
           dir, runs, bench_window);
    printf("%-22s %12s %12s %7s %7s  %s\n", "row", "library", "kernel",
           "ratio", "ratio/r", "kernel command");
    for (r = 0; r < N_LIMIT_ROWS; r++) {
        const limit_row *row = &limit_rows[r];
        mg_game *g = NULL;
        mg_state *start = NULL, *work = NULL;
        mg_board *board = NULL;
        char cmd[1024], err[256];
        double lib[MAX_LIMIT_RUNS], ker[MAX_LIMIT_RUNS], rat[MAX_LIMIT_RUNS],
            junk,
            lm, llo, lhi, km, klo, khi, rm, rlo, rhi;
        uint64_t seed = 1, x = 1;
        int saved_cpu;
        int32_t *buf = NULL;
        size_t cap;
        if (!bench_listed(only, row->name))
            continue;
        kernel_command(row, dir, boards, cmd, sizeof cmd);
        if (row->board) {
            char path[1200];
            snprintf(path, sizeof path, "%.1100s/%s", boards, row->board);
            board = load_board(path, strstr(row->board, "hex") != NULL);
            if (!board) {
                printf("%-22s (board %s not readable: skipped)\n", row->name,
                       path);
                continue;
            }
        }
        if ((board ? mg_game_new_with_board(&g, row->spec, board, err,
                                            sizeof err)
                   : mg_game_new(&g, row->spec, err, sizeof err)) != MG_OK) {
            printf("%-22s (not available: %s)\n", row->name, err);
            mg_board_free(board);
            continue;
        }
        mg_board_free(board);
        cap = (size_t)mg_game_max_legal_actions(g);
        if (mg_state_new(&start, g) || mg_state_new(&work, g) ||
            !(buf = malloc(cap * sizeof *buf))) {
            fprintf(stderr, "bench: out of memory\n");
            exit(1);
        }
        saved_cpu = bench_cpu;
        bench_cpu = 1;
        for (k = -1; k < runs; k++) { /* run -1: a warm-up */
            double *out = &lib[k < 0 ? 0 : k];
            if (row->mode == LIB_LOOP)
                bench_loop(start, work, &x, buf, cap, out, &junk);
            else if (row->mode == LIB_RESULT)
                bench_results(start, work, &seed, out, &junk);
            else
                bench_playouts(start, work, &seed, out, &junk);
            if (k < 0)
                continue;
            ker[k] = kernel_rate(cmd, row->cpu);
            rat[k] = ker[k] > 0 ? lib[k] / ker[k] : 0;
        }
        bench_cpu = saved_cpu;
        lm = bench_median(lib, runs, &llo, &lhi);
        km = bench_median(ker, runs, &klo, &khi);
        rm = bench_median(rat, runs, &rlo, &rhi);
        if (klo <= 0) {
            printf("%-22s (kernel did not run: %s)\n", row->name, cmd);
        } else {
            ok[r] = 1;
            printf("%-22s %12.0f %12.0f %7.3f %7.3f  %s\n", row->name, lm,
                   km, lm / km, rm, cmd + strlen(dir) + 1);
            /* ratio: of the medians; ratio_runs: the runs' ratios (each
             * of a library window and the kernel run after it) */
            snprintf(lines[r][0], sizeof lines[r][0],
                     "bench limit_%s library median=%.1f min=%.1f max=%.1f "
                     "unit=playouts/s spec=%s",
                     row->name, lm, llo, lhi, row->spec);
            snprintf(lines[r][1], sizeof lines[r][1],
                     "bench limit_%s kernel median=%.1f min=%.1f max=%.1f "
                     "unit=playouts/s spec=%s",
                     row->name, km, klo, khi, row->spec);
            snprintf(lines[r][2], sizeof lines[r][2],
                     "bench limit_%s ratio median=%.3f min=%.3f max=%.3f "
                     "unit=ratio spec=%s\n"
                     "bench limit_%s ratio_runs median=%.3f min=%.3f "
                     "max=%.3f unit=ratio spec=%s",
                     row->name, lm / km, rlo, rhi, row->spec, row->name, rm,
                     rlo, rhi, row->spec);
        }
        fflush(stdout);
        free(buf);
        mg_state_free(start);
        mg_state_free(work);
        mg_game_free(g);
    }
    printf("\n");
    for (r = 0; r < N_LIMIT_ROWS; r++)
        for (k = 0; ok[r] && k < 3; k++)
            puts(lines[r][k]);
    printf("\n");
}
