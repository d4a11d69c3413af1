/*
 * bench_levels.c - the levels' ratings against each other (make
 * bench-levels; never part of make check, nothing asserted): maximum-
 * likelihood Elo (programs/tools/rating.c, the Bradley-Terry model of
 * mg-match's round robin) with 95% intervals, anchored at the first bot
 * (level 1 = 0).
 *
 * The bots that think long get a fair but bounded share: the bots before
 * the --long-th play every other bot before it, GAMES games a pairing;
 * each bot from the --long-th on plays only its neighbours within
 * --reach places in the list (above and below), LONG_GAMES games a
 * pairing, so every long bot plays the same games against each of its
 * neighbours and the total is bounded by the list, not by a full round
 * robin of slow bots.  Games come in pairs with the seats swapped, from
 * the same opening (--opening K uniformly random actions, drawn from the
 * seed: the same for every pairing).  One game at a time: the figures of
 * bots with a time limit depend on the machine's load (the output gives
 * each bot's mean think time per searched action and the load average).
 *
 * Usage:
 *   bench_levels [-s SPEC] [-n GAMES] [--long K] [--long-games M]
 *                [--reach R] [--opening K] [--seed N] [BOT...]
 * BOT... defaults to level(n=1) .. level(n=8).  Machine-readable lines:
 *   bench-levels rating value=<elo> lo=<l> hi=<h> bot=<spec> game=<spec>
 */
#define _POSIX_C_SOURCE 200809L
#include "mindgames.h"
#include "rating.h"
#include "stats.h"
#include "test_rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXB RATING_MAX
#define MAX_ACTIONS 4096 /* the games played here (checked) */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *spec, const char *err)
{
    fprintf(stderr, "bench_levels: %s %s: %s\n", what, spec, err);
    exit(2);
}

static mg_bot *new_bot(const char *spec, uint64_t seed)
{
    mg_bot *b = NULL;
    char err[256];
    if (mg_bot_new(&b, spec, seed, err, sizeof err) != MG_OK)
        die("bot", spec, err);
    return b;
}

typedef struct {
    const mg_game *game;
    int opening;
    uint64_t seed;
    double think[MAXB]; /* seconds in mg_bot_choose, by bot */
    long searched[MAXB]; /* its calls with more than one legal action */
} bench;

/* One game of bots x (seat 0) and y (seat 1) from the opening of pair
 * `pair`: 1 x won, 0 drawn, -1 y won. */
static int play(bench *c, const char *const *spec, int x, int y, long pair,
                uint64_t gseed)
{
    mg_state *s = NULL;
    mg_bot *b[2];
    int32_t acts[MAX_ACTIONS], a;
    uint64_t orng = c->seed * 0x9E3779B97F4A7C15ULL + (uint64_t)pair;
    int who[2], k, win, result;
    who[0] = x;
    who[1] = y;
    b[0] = new_bot(spec[x], gseed);
    b[1] = new_bot(spec[y], gseed ^ 0xD1B54A32D192ED03ULL);
    if (mg_state_new(&s, c->game) != MG_OK)
        die("state", "", "out of memory");
    for (k = 0; k < c->opening; k++) { /* an opening that does not end */
        size_t n;
        mg_state_legal_actions(s, acts, MAX_ACTIONS, &n);
        mg_state_apply(s, acts[mg_test_rand_below(&orng, n)]);
        if (mg_state_is_terminal(s)) {
            mg_state_undo(s);
            k--;
        }
    }
    while (!mg_state_is_terminal(s)) {
        int p = mg_state_current_player(s);
        size_t n;
        double t0 = now();
        mg_state_legal_actions(s, acts, MAX_ACTIONS, &n);
        if (mg_bot_choose(b[p], s, &a) != MG_OK)
            die("choose", spec[who[p]], "failed");
        if (n > 1) {
            c->think[who[p]] += now() - t0;
            c->searched[who[p]]++;
        }
        mg_state_apply(s, a);
    }
    win = mg_state_winner(s);
    result = win == 0 ? 1 : win == 1 ? -1 : 0;
    mg_state_free(s);
    mg_bot_free(b[0]);
    mg_bot_free(b[1]);
    return result;
}

static long num(const char *s, long lo, long hi, const char *opt)
{
    char *end;
    long v = strtol(s ? s : "", &end, 10);
    if (!s || *end || end == s || v < lo || v > hi) {
        fprintf(stderr, "bench_levels: %s wants a number %ld..%ld\n", opt, lo,
                hi);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    static const char *const levels[8] = {
        "level(n=1)", "level(n=2)", "level(n=3)", "level(n=4)",
        "level(n=5)", "level(n=6)", "level(n=7)", "level(n=8)"};
    const char *spec[MAXB], *gspec = "dots_and_boxes(rows=4,cols=4)";
    double score[MAXB * MAXB], games[MAXB * MAXB], t0, la[3] = {0, 0, 0};
    long n = 20, m = 4, total = 0;
    int nb = 0, longk = 6, reach = 2, i, j;
    rating_fit fit;
    mg_game *g = NULL;
    bench c;
    char err[256];
    FILE *f;
    memset(&c, 0, sizeof c);
    c.seed = 1;
    c.opening = 2;
    for (i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "-s") && v)
            gspec = argv[++i];
        else if (!strcmp(o, "-n"))
            n = num(v, 2, 1000000, o), i++;
        else if (!strcmp(o, "--long"))
            longk = (int)num(v, 1, MAXB + 1, o), i++;
        else if (!strcmp(o, "--long-games"))
            m = num(v, 2, 1000000, o), i++;
        else if (!strcmp(o, "--reach"))
            reach = (int)num(v, 1, MAXB, o), i++;
        else if (!strcmp(o, "--opening"))
            c.opening = (int)num(v, 0, 1000, o), i++;
        else if (!strcmp(o, "--seed"))
            c.seed = (uint64_t)num(v, 0, 2147483647, o), i++;
        else if (o[0] == '-') {
            fprintf(stderr, "usage: bench_levels [-s SPEC] [-n GAMES] "
                            "[--long K] [--long-games M] [--reach R] "
                            "[--opening K] [--seed N] [BOT...]\n");
            return 2;
        } else if (nb == MAXB) {
            fprintf(stderr, "bench_levels: at most %d bots\n", MAXB);
            return 2;
        } else
            spec[nb++] = o;
    }
    if (nb == 0)
        for (nb = 0; nb < 8; nb++)
            spec[nb] = levels[nb];
    if (nb < 2) {
        fprintf(stderr, "bench_levels: two bots at least\n");
        return 2;
    }
    if (mg_game_new(&g, gspec, err, sizeof err) != MG_OK)
        die("game", gspec, err);
    c.game = g;
    if (mg_game_max_legal_actions(g) > MAX_ACTIONS)
        die("game", gspec, "too many actions for this bench");
    n += n % 2; /* pairs */
    m += m % 2;
    if ((f = fopen("/proc/loadavg", "r")) != NULL) {
        if (fscanf(f, "%lf %lf %lf", &la[0], &la[1], &la[2]) != 3)
            la[0] = la[1] = la[2] = 0;
        fclose(f);
    }
    printf("bench-levels: %s, %ld games a pairing (%ld for a bot from "
           "place %d on, against its neighbours within %d), openings of %d "
           "random actions, seed %lu, one game at a time; load average "
           "%.2f %.2f %.2f\n",
           gspec, n, m, longk, reach, c.opening, (unsigned long)c.seed,
           la[0], la[1], la[2]);
    memset(score, 0, sizeof score);
    memset(games, 0, sizeof games);
    t0 = now();
    for (i = 0; i < nb; i++)
        for (j = i + 1; j < nb; j++) {
            int slow = j + 1 >= longk;
            long k, count = slow ? m : n;
            double w = 0, d = 0, lo, hi, p;
            char e[3][16];
            if (slow && j - i > reach)
                continue;
            for (k = 0; k < count; k++) {
                uint64_t gs = c.seed * 1000003u + (uint64_t)total++;
                int r = k % 2 == 0 ? play(&c, spec, i, j, k / 2, gs)
                                   : -play(&c, spec, j, i, k / 2, gs);
                w += r > 0;
                d += r == 0;
            }
            score[i * nb + j] = w + d / 2;
            score[j * nb + i] = (double)count - w - d / 2;
            games[i * nb + j] = games[j * nb + i] = (double)count;
            p = score[i * nb + j] / (double)count;
            stats_wilson(p, (double)count, &lo, &hi);
            printf("  %s vs %s: %.0f-%.0f-%.0f, Elo %s [%s, %s]\n", spec[i],
                   spec[j], w, d, (double)count - w - d,
                   stats_elo_text(stats_elo(p), e[0], sizeof e[0]),
                   stats_elo_text(stats_elo(lo), e[1], sizeof e[1]),
                   stats_elo_text(stats_elo(hi), e[2], sizeof e[2]));
            fflush(stdout);
        }
    fit.prior = 0;
    if (rating_compute(nb, score, games, 0, &fit) != 0) {
        if (rating_compute(nb, score, games, 1, &fit) != 0) {
            fprintf(stderr, "bench_levels: the ratings do not fit\n");
            return 1;
        }
        printf("  (a bot or a group scored every point or none against the "
               "rest: one virtual draw added to each pairing played)\n");
    }
    printf("\n| bot | Elo (95%%), %s = 0 | games | think/action |\n"
           "|---|---|---|---|\n",
           spec[0]);
    for (i = 0; i < nb; i++) {
        double played = 0, base = fit.elo[0];
        for (j = 0; j < nb; j++)
            played += games[i * nb + j];
        if (i == 0)
            printf("| `%s` | %.0f (anchor) |", spec[i], fit.elo[i] - base);
        else
            printf("| `%s` | %.0f [%.0f, %.0f] |", spec[i],
                   fit.elo[i] - base, fit.elo[i] - base - fit.half[i],
                   fit.elo[i] - base + fit.half[i]);
        printf(" %.0f | %.3f s |\n", played,
               c.searched[i] ? c.think[i] / (double)c.searched[i] : 0.0);
    }
    if (fit.anchor != 0)
        printf("(the intervals are of each bot's difference from %s, the "
               "weakest, not from %s)\n",
               spec[fit.anchor], spec[0]);
    for (i = 0; i < nb; i++)
        printf("bench-levels rating value=%.1f lo=%.1f hi=%.1f bot=%s "
               "game=%s\n",
               fit.elo[i] - fit.elo[0],
               fit.elo[i] - fit.elo[0] - fit.half[i],
               fit.elo[i] - fit.elo[0] + fit.half[i], spec[i], gspec);
    if ((f = fopen("/proc/loadavg", "r")) != NULL) {
        if (fscanf(f, "%lf %lf %lf", &la[0], &la[1], &la[2]) != 3)
            la[0] = la[1] = la[2] = 0;
        fclose(f);
    }
    printf("%ld games in %.0f s; load average after %.2f %.2f %.2f\n", total,
           now() - t0, la[0], la[1], la[2]);
    mg_game_free(g);
    return 0;
}
