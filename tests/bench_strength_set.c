/*
 * bench_strength_set.c - the strength bench's labelled position sets:
 * generating one (seeded quiet play, exact labels) and reading one back.
 *
 * The file (tests/data/strength/dab5x5.txt):
 *   # comment lines, among them the command that made the file
 *   spec dots_and_boxes(rows=5,cols=5)
 *   pos LEFT A1,A2,...|ACT=VAL ACT=VAL ...
 * one pos line a position: the lines (actions) left, the actions from the
 * start, then every legal action with its exact value (mg_solver_values:
 * the final margin still to come, the mover's boxes less the opponent's).
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_strength.h"
#include "test_rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* 1 when action a leaves the mover's opponent to move with no action that
 * completes a box: a line that completes none and gives no box a third
 * side (the test of bench_solver.c's quiet lines). */
int bs_quiet_move(mg_state *s, int32_t a)
{
    int32_t acts[BS_MAX_ACTIONS];
    size_t n, i;
    int me = mg_state_current_player(s), ok = 1;
    if (mg_state_apply(s, a) != MG_OK)
        return 0;
    if (mg_state_current_player(s) == me)
        ok = 0;
    mg_state_legal_actions(s, acts, BS_MAX_ACTIONS, &n);
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

/* Quiet random play from the start until `left` actions are left; 0, or
 * -1 when the line ran out of quiet moves first (the caller draws again). */
static int quiet_line(mg_state *s, uint64_t *rng, int left)
{
    int32_t acts[BS_MAX_ACTIONS], ok[BS_MAX_ACTIONS];
    for (;;) {
        size_t n, i, m = 0;
        mg_state_legal_actions(s, acts, BS_MAX_ACTIONS, &n);
        if ((int)n <= left)
            return (int)n == left ? 0 : -1;
        for (i = 0; i < n; i++)
            if (bs_quiet_move(s, acts[i]))
                ok[m++] = acts[i];
        if (!m)
            return -1;
        mg_state_apply(s, ok[mg_test_rand_below(rng, m)]);
    }
}

static double cpu_now(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

int bs_generate(const char *spec, uint64_t seed, int count, int left_lo,
                int left_hi, size_t memory_mb, const char *command)
{
    mg_game *g = bs_game(spec);
    mg_solver *sv = bs_solver(g, memory_mb * BS_MB);
    char canon[256];
    double total = 0, worst = 0;
    int k, tries = 0;
    if (mg_game_spec(g, canon, sizeof canon, NULL) != MG_OK)
        snprintf(canon, sizeof canon, "%s", spec);
    printf("# A labelled position set of the strength bench (make "
           "bench-strength,\n# tests/bench_strength_set.c): %d quiet "
           "positions (random lines that\n# give no box a third side) with "
           "%d-%d lines left, every legal\n# move's exact value "
           "(mg_solver_values, no budget, %lu MiB).\n# Made by: %s\n",
           count, left_lo, left_hi, (unsigned long)memory_mb, command);
    printf("spec %s\n", canon);
    for (k = 0; k < count; k++) {
        uint64_t rng = seed * 0x9E3779B97F4A7C15ULL + (uint64_t)k;
        int left = left_lo + k % (left_hi - left_lo + 1);
        int32_t hist[BS_MAX_ACTIONS], acts[BS_MAX_ACTIONS];
        int32_t vals[BS_MAX_ACTIONS];
        size_t nh, n, i;
        mg_state *s;
        double t0;
        int rc;
        for (;;) {
            s = bs_state(g);
            if (quiet_line(s, &rng, left) == 0)
                break;
            mg_state_free(s);
            if (++tries > 1000 * count) {
                fprintf(stderr, "bench_strength gen: no quiet line reaches "
                                "%d lines left\n", left);
                return 1;
            }
        }
        t0 = cpu_now();
        rc = mg_solver_values(sv, s, 0, 0, vals, BS_MAX_ACTIONS, &n);
        t0 = cpu_now() - t0;
        if (rc != MG_OK) {
            fprintf(stderr, "bench_strength gen: mg_solver_values: %s\n",
                    mg_strerror(rc));
            return 1;
        }
        total += t0;
        if (t0 > worst)
            worst = t0;
        mg_state_legal_actions(s, acts, BS_MAX_ACTIONS, &n);
        mg_state_history(s, hist, BS_MAX_ACTIONS, &nh);
        printf("pos %d ", left);
        for (i = 0; i < nh; i++)
            printf("%s%d", i ? "," : "", (int)hist[i]);
        printf("|");
        for (i = 0; i < n; i++)
            printf("%s%d=%d", i ? " " : "", (int)acts[i], (int)vals[i]);
        printf("\n");
        fflush(stdout);
        fprintf(stderr, "position %d: %d lines left, labelled in %.2f s of "
                        "CPU\n", k + 1, left, t0);
        mg_state_free(s);
    }
    printf("# labelled in %.1f s of CPU (the slowest position %.1f s)\n",
           total, worst);
    fprintf(stderr, "labelled in %.1f s of CPU, the slowest %.1f s\n", total,
            worst);
    mg_solver_free(sv);
    mg_game_free(g);
    return 0;
}

static int parse_pos(bs_position *p, char *line)
{
    char *q = line, *end;
    long v;
    memset(p, 0, sizeof *p);
    v = strtol(q, &end, 10);
    if (end == q || v < 1)
        return -1;
    p->left = (int)v;
    q = end;
    while (*q == ' ')
        q++;
    while (*q && *q != '|') {
        v = strtol(q, &end, 10);
        if (end == q || v < 0 || p->nhist >= BS_MAX_ACTIONS)
            return -1;
        p->hist[p->nhist++] = (int32_t)v;
        q = end;
        if (*q == ',')
            q++;
    }
    if (*q++ != '|')
        return -1;
    while (*q && *q != '\n') {
        long a = strtol(q, &end, 10);
        if (end == q || *end != '=' || a < 0 || p->nlegal >= BS_MAX_ACTIONS)
            return -1;
        q = end + 1;
        v = strtol(q, &end, 10);
        if (end == q)
            return -1;
        p->act[p->nlegal] = (int32_t)a;
        p->val[p->nlegal++] = (int32_t)v;
        q = end;
        while (*q == ' ')
            q++;
    }
    return p->nlegal ? 0 : -1;
}

int bs_set_read(bs_set *set, const char *path)
{
    FILE *f = fopen(path, "r");
    char line[8192];
    size_t cap = 0;
    long no = 0;
    mg_game *g = NULL;
    memset(set, 0, sizeof *set);
    if (!f) {
        perror(path);
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        no++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (!strncmp(line, "spec ", 5) && !set->spec[0]) {
            snprintf(set->spec, sizeof set->spec, "%.*s",
                     (int)strcspn(line + 5, "\n"), line + 5);
            g = bs_game(set->spec);
            continue;
        }
        if (!strncmp(line, "pos ", 4) && g) {
            mg_state *s;
            if (set->n == cap) {
                bs_position *np;
                cap = cap ? 2 * cap : 64;
                np = realloc(set->pos, cap * sizeof *np);
                if (!np)
                    exit(2);
                set->pos = np;
            }
            if (parse_pos(&set->pos[set->n], line + 4) == 0) {
                /* the position must replay, with these legal actions */
                int32_t acts[BS_MAX_ACTIONS];
                size_t n, i;
                const bs_position *p = &set->pos[set->n];
                s = bs_position_state(g, p);
                if (s && mg_state_legal_actions(s, acts, BS_MAX_ACTIONS,
                                                &n) == MG_OK &&
                    n == p->nlegal) {
                    for (i = 0; i < n && acts[i] == p->act[i]; i++)
                        ;
                    if (i == n) {
                        mg_state_free(s);
                        set->n++;
                        continue;
                    }
                }
                mg_state_free(s);
            }
        }
        fprintf(stderr, "%s:%ld: not a spec or pos line of a position set "
                        "(or a position that does not replay)\n", path, no);
        fclose(f);
        mg_game_free(g);
        bs_set_free(set);
        return -1;
    }
    fclose(f);
    mg_game_free(g);
    if (!set->n) {
        fprintf(stderr, "%s: no positions\n", path);
        bs_set_free(set);
        return -1;
    }
    return 0;
}

void bs_set_free(bs_set *set)
{
    free(set->pos);
    memset(set, 0, sizeof *set);
}

mg_state *bs_position_state(const mg_game *g, const bs_position *p)
{
    mg_state *s = bs_state(g);
    size_t i;
    for (i = 0; i < p->nhist; i++)
        if (mg_state_apply(s, p->hist[i]) != MG_OK) {
            mg_state_free(s);
            return NULL;
        }
    return s;
}
