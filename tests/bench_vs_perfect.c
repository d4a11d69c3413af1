/*
 * bench_vs_perfect.c - boxes (points) lost per game by a bot against a
 * perfect player (make bench-vs-perfect; not a test: nothing asserted).
 *
 *   bench_vs_perfect GAME BOT PERFECT GAMES [SEED]
 *
 * plays GAMES games of GAME between BOT and PERFECT (a bot spec that is
 * perfect on GAME, e.g. solver(nodes=0,time_ms=20000) on Dots and Boxes
 * 3x3), the seats alternating, each bot made afresh per game with seeds
 * from SEED, and prints the mean of PERFECT's score less BOT's with its
 * 95% interval (normal approximation), and BOT's wins and draws.  With the
 * seats alternating the game's own value cancels: the mean is what BOT
 * loses against perfect play.  Used for mcts(playout=policy) (CHANGELOG,
 * mg_bot_new(3)):
 *   bench_vs_perfect 'dots_and_boxes(rows=3,cols=3)' \
 *       'mcts(iterations=10000,playout=policy)' \
 *       'solver(nodes=0,time_ms=20000)' 100 1
 */
#include <mindgames.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static mg_bot *make(const char *spec, uint64_t seed)
{
    mg_bot *b = NULL;
    char err[256];
    if (mg_bot_new(&b, spec, seed, err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_vs_perfect: %s: %s\n", spec, err);
        exit(2);
    }
    return b;
}

int main(int argc, char **argv)
{
    mg_game *g = NULL;
    char err[256];
    double sum = 0, sum2 = 0, m, h;
    int n, i, wins = 0, draws = 0;
    uint64_t seed;
    if (argc < 5 || (n = atoi(argv[4])) < 2) {
        fprintf(stderr, "usage: bench_vs_perfect GAME BOT PERFECT GAMES "
                        "[SEED] (GAMES >= 2)\n");
        return 2;
    }
    seed = argc > 5 ? strtoull(argv[5], NULL, 10) : 1;
    if (mg_game_new(&g, argv[1], err, sizeof err) != MG_OK) {
        fprintf(stderr, "bench_vs_perfect: %s: %s\n", argv[1], err);
        return 2;
    }
    for (i = 0; i < n; i++) {
        mg_bot *x = make(argv[2], seed * 7919 + (uint64_t)i);
        mg_bot *p = make(argv[3], seed * 104729 + (uint64_t)i);
        mg_state *s = NULL;
        int seat = i % 2;
        int32_t a, sx = 0, sp = 0;
        if (mg_state_new(&s, g) != MG_OK)
            return 2;
        while (!mg_state_is_terminal(s)) {
            mg_bot *b = mg_state_current_player(s) == seat ? x : p;
            if (mg_bot_choose(b, s, &a) != MG_OK ||
                mg_state_apply(s, a) != MG_OK)
                return 2;
        }
        mg_state_score(s, seat, &sx);
        mg_state_score(s, 1 - seat, &sp);
        sum += sp - sx;
        sum2 += (double)(sp - sx) * (sp - sx);
        wins += sx > sp;
        draws += sx == sp;
        mg_state_free(s);
        mg_bot_free(x);
        mg_bot_free(p);
    }
    m = sum / n;
    h = 1.96 * sqrt((sum2 - n * m * m) / (n - 1) / n);
    printf("%s against %s on %s: %d games, seats alternating\n"
           "lost per game %.2f, 95%% interval [%.2f, %.2f]; wins %d, "
           "draws %d\n",
           argv[2], argv[3], argv[1], n, m, m - h, m + h, wins, draws);
    mg_game_free(g);
    return 0;
}
