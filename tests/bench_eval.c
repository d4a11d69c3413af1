/*
 * bench_eval.c - the learned evaluation's costs (make bench-eval; figures
 * only, nothing asserted): on Dots and Boxes 5x5 with a 256-32-1 network
 * of each input kind (weights of a fixed pattern: the cost does not
 * depend on them), the time of mg_eval_value and of a playout
 * (mg_state_playout_result) per position along random games, and the
 * mcts bot's iterations per second from the start with net=0, 0.5, 1.
 */
#define _POSIX_C_SOURCE 199309L
#include <mindgames.h>

#include "eval_test.h"
#include "test_rng.h"

#include <stdio.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
    static const uint32_t out[3] = {256, 32, 1};
    static const char *const bots[3] = {"mcts(iterations=20000)",
                                        "mcts(iterations=20000,net=0.5)",
                                        "mcts(iterations=20000,net=1)"};
    mg_game *g;
    mg_state *s;
    char spec[512];
    size_t n;
    int kind;
    if (mg_game_new(&g, "dots_and_boxes(rows=5,cols=5)", NULL, 0) != MG_OK ||
        mg_state_new(&s, g) != MG_OK)
        return 1;
    mg_game_spec(g, spec, sizeof spec, &n);
    for (kind = 1; kind <= 2; kind++) {
        size_t nin, nw, i;
        float *w, v, sum = 0;
        ev_buf b;
        mg_eval *ev;
        uint64_t r = 1;
        int cnt, j;
        double te = 0, tp = 0;
        mg_eval_inputs(s, kind, NULL, 0, &nin);
        nw = ev_count((uint32_t)nin, 3, out);
        w = malloc(nw * sizeof *w);
        for (i = 0; i < nw; i++)
            w[i] = (float)((int)(i % 17) - 8) / 100.0f;
        ev_file(&b, spec, (uint32_t)kind, (uint32_t)nin, 3, out, w, nw);
        if (mg_eval_new(&ev, b.p, b.len, NULL, 0) != MG_OK)
            return 1;
        for (cnt = 0; cnt < 20000; cnt++) {
            int32_t a[64], wn, sc[2];
            size_t na;
            double t;
            if (mg_state_current_player(s) < 0)
                while (mg_state_undo(s) == MG_OK)
                    ;
            t = now();
            mg_eval_value(ev, s, &v);
            te += now() - t;
            sum += v;
            t = now();
            mg_state_playout_result(s, r++, -1, &wn, sc);
            tp += now() - t;
            mg_state_legal_actions(s, a, 64, &na);
            mg_state_apply(s, a[mg_test_rand_below(&r, na)]);
        }
        printf("dots_and_boxes 5x5, inputs=%d (%lu floats), 256-32-1: "
               "mg_eval_value %.2f us, a playout %.2f us a position "
               "(checksum %g)\n", kind, (unsigned long)nin, te / cnt * 1e6,
               tp / cnt * 1e6, (double)sum);
        while (mg_state_undo(s) == MG_OK)
            ;
        for (j = 0; j < 3; j++) {
            mg_bot *bt;
            int32_t a;
            double t;
            if (mg_bot_new(&bt, bots[j], 1, NULL, 0) != MG_OK ||
                mg_bot_set_eval(bt, ev) != MG_OK)
                return 1;
            t = now();
            mg_bot_choose(bt, s, &a);
            printf("  %-32s %8.0f iterations/s from the start\n", bots[j],
                   20000 / (now() - t));
            mg_bot_free(bt);
        }
        mg_eval_free(ev);
        free(w);
        free(b.p);
    }
    mg_state_free(s);
    mg_game_free(g);
    return 0;
}
