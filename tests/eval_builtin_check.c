/*
 * eval_builtin_check.c - the networks shipped with the library
 * (mg_eval_builtin; make eval-builtin-check).  Built twice: with
 * EVAL_WRITE it writes a tiny network for Dots and Boxes 1x1 (one layer,
 * every weight 0.1, bias -0.5) to argv[1]; without, it is linked with the
 * library's objects and an eval_builtin.o made from that file by
 * lib/weights/embed.sh, and checks that mg_eval_builtin finds it for its
 * game (whatever the spec's spelling), values the start as computed by
 * hand (tanh(0.1 x 10 - 0.5) = tanh(0.5)), and has none for other games.
 */
#include "eval_test.h"

#include <stdio.h>

#define SPEC "dots_and_boxes(grid=square,rows=1,cols=1,border=none,misere=false)"

#ifdef EVAL_WRITE
int main(int argc, char **argv)
{
    static const uint32_t one[1] = {1};
    float w[31];
    ev_buf b;
    FILE *f;
    int i;
    if (argc != 2)
        return 2;
    for (i = 0; i < 30; i++)
        w[i] = 0.1f;
    w[30] = -0.5f;
    ev_file(&b, SPEC, 1, 30, 1, one, w, 31);
    f = fopen(argv[1], "wb");
    if (!f || fwrite(b.p, 1, b.len, f) != b.len || fclose(f) != 0) {
        perror(argv[1]);
        return 1;
    }
    free(b.p);
    return 0;
}
#else
#include <mindgames.h>

static int fail;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "eval-builtin-check: %s\n", what);
        fail = 1;
    }
}

int main(void)
{
    static const char *const others[] = {"dots_and_boxes(rows=1,cols=2)",
                                         "dots_and_boxes",
                                         "dots_and_boxes(rows=1,cols=1,"
                                         "misere=true)",
                                         "fangqi", "china_squares"};
    mg_game *g;
    mg_state *s;
    mg_eval *ev = NULL;
    float v = 0;
    char spec[256];
    size_t n, k;
    if (mg_game_new(&g, "dots_and_boxes(cols=1,rows=1)", NULL, 0) != MG_OK ||
        mg_state_new(&s, g) != MG_OK)
        return 1;
    check(mg_eval_builtin(&ev, g) == MG_OK, "no network for 1x1");
    if (ev) {
        check(mg_eval_spec(ev, spec, sizeof spec, &n) == MG_OK &&
                  strcmp(spec, SPEC) == 0, "its spec");
        check(mg_eval_value(ev, s, &v) == MG_OK &&
                  v > 0.4621170f && v < 0.4621173f,
              "its value at the start is not tanh(0.5)");
        mg_eval_free(ev);
    }
    for (k = 0; k < sizeof others / sizeof others[0]; k++) {
        mg_game *o;
        ev = (mg_eval *)&ev;
        if (mg_game_new(&o, others[k], NULL, 0) != MG_OK)
            return 1;
        check(mg_eval_builtin(&ev, o) == MG_EUNSUPPORTED && ev == NULL,
              others[k]);
        mg_game_free(o);
    }
    mg_state_free(s);
    mg_game_free(g);
    if (!fail)
        printf("eval-builtin-check: a shipped network found, valued by "
               "hand, and none for %d other games\n",
               (int)(sizeof others / sizeof others[0]));
    return fail;
}
#endif
