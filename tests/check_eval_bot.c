/*
 * check_eval_bot.c - the learned evaluation in the bots (1.6):
 * mg_bot_set_eval and mcts's option net.
 *   - a network that loves one line (the leaf's mover hates seeing it
 *     drawn by the other) makes mcts(net=1) draw it, line after line;
 *   - net=0 with a network set, and strong(eval=none), play exactly as
 *     without one (the same seed, the same actions: 1.5's play kept);
 *   - a network of another game is ignored, not an error;
 *   - setting, replacing and clearing, and the errors.
 */
#include "eval_test.h"
#include "tests.h"

#include <string.h>

#define GAME "dots_and_boxes(rows=3,cols=3)" /* 24 lines, 9 boxes */

/* One layer over the observation: -8 on the "opponent" plane's entry of
 * line `line`, so a leaf's mover whose opponent drew it sees about -1. */
static mg_eval *loves(const mg_game *g, int32_t line)
{
    char spec[256];
    int32_t planes, sites;
    size_t n;
    float *w;
    ev_buf b;
    mg_eval *ev;
    static const uint32_t one[1] = {1};
    mg_game_spec(g, spec, sizeof spec, &n);
    mg_game_observation_shape(g, &planes, &sites);
    n = (size_t)planes * (size_t)sites;
    w = calloc(n + 1, sizeof *w);
    w[1 * (size_t)sites + (size_t)line] = -8.0f; /* plane 1: opponent */
    ev_file(&b, spec, 1, (uint32_t)n, 1, one, w, n + 1);
    ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, NULL, 0), MG_OK);
    free(b.p);
    free(w);
    return ev;
}

static mg_bot *bot(const char *spec, uint64_t seed)
{
    mg_bot *b;
    char err[256];
    ck_assert_msg(mg_bot_new(&b, spec, seed, err, sizeof err) == MG_OK, "%s",
                  err);
    return b;
}

START_TEST(test_network_decides)
{
    static const int32_t lines[4] = {0, 7, 13, 23};
    mg_game *g;
    mg_state *s;
    int k;
    MG_GAME(g, GAME);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (k = 0; k < 4; k++) {
        mg_eval *ev = loves(g, lines[k]);
        mg_bot *b = bot("mcts(iterations=300,net=1)", (uint64_t)k);
        int32_t a = -1;
        ck_assert_int_eq(mg_bot_set_eval(b, ev), MG_OK);
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_int_eq(a, lines[k]);
        /* cleared: the playouts decide again, and any line may come */
        ck_assert_int_eq(mg_bot_set_eval(b, NULL), MG_OK);
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert(a >= 0 && a < 24);
        mg_bot_free(b);
        mg_eval_free(ev);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The actions of a whole game between two copies of spec, seeded. */
static int play_game(const char *spec, const mg_eval *ev, int32_t *acts)
{
    mg_game *g;
    mg_state *s;
    mg_bot *b[2];
    int n = 0, p;
    MG_GAME(g, GAME);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    b[0] = bot(spec, 11);
    b[1] = bot(spec, 12);
    if (ev) {
        ck_assert_int_eq(mg_bot_set_eval(b[0], ev), MG_OK);
        ck_assert_int_eq(mg_bot_set_eval(b[1], ev), MG_OK);
    }
    while ((p = mg_state_current_player(s)) >= 0) {
        ck_assert_int_eq(mg_bot_choose(b[p], s, &acts[n]), MG_OK);
        ck_assert_int_eq(mg_state_apply(s, acts[n]), MG_OK);
        n++;
    }
    mg_bot_free(b[0]);
    mg_bot_free(b[1]);
    mg_state_free(s);
    mg_game_free(g);
    return n;
}

START_TEST(test_off_plays_as_before)
{
    static const char *const specs[] = {
        "mcts(iterations=200)", "mcts(iterations=200,net=0)",
        "solver(nodes=2000,iterations=100)"}; /* strong uses a lent one */
    mg_game *g;
    mg_eval *ev;
    size_t k;
    MG_GAME(g, GAME);
    ev = loves(g, 5);
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        int32_t a[64], b[64];
        int na = play_game(specs[k], NULL, a), nb = play_game(specs[k], ev, b);
        ck_assert_int_eq(na, nb);
        ck_assert_msg(memcmp(a, b, (size_t)na * sizeof *a) == 0,
                      "%s played otherwise with a network", specs[k]);
    }
    /* and on: net=1 with the network plays another game (line 5 first) */
    {
        int32_t a[64];
        play_game("mcts(iterations=200,net=1)", ev, a);
        ck_assert_int_eq(a[0], 5);
    }
    mg_eval_free(ev);
    mg_game_free(g);
}
END_TEST

START_TEST(test_other_game_and_errors)
{
    mg_game *g, *other;
    mg_state *s;
    mg_eval *ev;
    mg_bot *b;
    int32_t a;
    char spec[512];
    size_t n;
    MG_GAME(g, GAME);
    MG_GAME(other, "dots_and_boxes(rows=2,cols=2)");
    ev = loves(g, 3);
    ck_assert_int_eq(mg_bot_set_eval(NULL, ev), MG_EINVAL);
    /* a network of another game: the bot searches without it */
    b = bot("mcts(iterations=100,net=1)", 3);
    ck_assert_int_eq(mg_bot_set_eval(b, ev), MG_OK);
    ck_assert_int_eq(mg_state_new(&s, other), MG_OK);
    ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
    ck_assert(a >= 0 && a < 12);
    mg_state_free(s);
    /* then its own game: it uses it */
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
    ck_assert_int_eq(a, 3);
    /* the spec shows net; random and greedy accept and ignore it */
    mg_bot_spec(b, spec, sizeof spec, &n);
    ck_assert_str_eq(spec, "mcts(iterations=100,time_ms=0,c=0.3,bias=10,"
                           "margin=0.5,reuse=true,playout=random,net=1)");
    mg_bot_free(b);
    b = bot("greedy", 1);
    ck_assert_int_eq(mg_bot_set_eval(b, ev), MG_OK);
    ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
    mg_bot_free(b);
    /* strong takes it too (eval= names the shipped one only) */
    b = bot("strong(iterations=100,nodes=1)", 1);
    ck_assert_int_eq(mg_bot_set_eval(b, ev), MG_OK);
    ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
    mg_bot_free(b);
    {
        mg_bot *x;
        char err[256];
        ck_assert_int_eq(mg_bot_new(&x, "mcts(net=1.5)", 1, err, sizeof err),
                         MG_EVALUE);
        ck_assert_int_eq(mg_bot_new(&x, "random(net=1)", 1, err, sizeof err),
                         MG_EOPTION);
    }
    mg_state_free(s);
    mg_eval_free(ev);
    mg_game_free(g);
    mg_game_free(other);
}
END_TEST

Suite *mg_eval_bot_suite(void)
{
    Suite *s = suite_create("eval_bot");
    TCase *tc = tcase_create("eval_bot");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_network_decides);
    tcase_add_test(tc, test_off_plays_as_before);
    tcase_add_test(tc, test_other_game_and_errors);
    suite_add_tcase(s, tc);
    return s;
}
