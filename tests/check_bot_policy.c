/*
 * check_bot_policy.c - mcts(playout=policy) (mg_bot_new(3), since 1.6):
 * the option's spec, that the default plays as playout=random, that a
 * game without knowledge ops plays the same with either, and what the
 * knowledge search chooses in hand-built Dots and Boxes positions (rules
 * §3.2: a finished box gives the mover one further move).  The ops
 * themselves are checked white-box in check_internal_policy.c.
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

static void play(mg_state *s, const char *moves)
{
    char buf[512], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        int32_t a;
        char err[128];
        ck_assert_msg(mg_state_action_from_string(s, tok, &a, err,
                                                  sizeof err) == MG_OK,
                      "%s: %s", tok, err);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
}

static mg_bot *bot(const char *spec, uint64_t seed)
{
    mg_bot *b = NULL;
    char err[256];
    int rc = mg_bot_new(&b, spec, seed, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "mg_bot_new(%s): %d %s", spec, rc, err);
    return b;
}

static int32_t line(const mg_state *s, const char *name)
{
    int32_t a = -1;
    char err[128];
    ck_assert_int_eq(mg_state_action_from_string(s, name, &a, err, sizeof err),
                     MG_OK);
    return a;
}

START_TEST(policy_spec)
{
    mg_bot *b = bot("mcts(playout=POLICY)", 1);
    char buf[256], err[256];
    mg_bot *bad = NULL;
    ck_assert_int_eq(mg_bot_spec(b, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, "mcts(iterations=1000,time_ms=0,c=0.3,bias=10,"
                          "margin=0.5,reuse=true,playout=policy,net=0)");
    mg_bot_free(b);
    ck_assert_int_eq(mg_bot_new(&bad, "mcts(playout=smart)", 1, err,
                                sizeof err),
                     MG_EVALUE);
    ck_assert_ptr_null(bad);
    ck_assert_msg(strstr(err, "playout") != NULL, "%s", err);
}
END_TEST

/* Whole games, seat against seat: the moves of spec a and spec b (same
 * seeds) are the same. */
static void same_games(const char *game, const char *a, const char *b,
                       uint64_t seed)
{
    mg_game *g;
    mg_state *s, *t;
    mg_bot *x[2], *y[2];
    int moves = 0;
    MG_GAME(g, game);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    x[0] = bot(a, seed);
    x[1] = bot(a, seed + 1);
    y[0] = bot(b, seed);
    y[1] = bot(b, seed + 1);
    while (!mg_state_is_terminal(s) && moves++ < 60) {
        int p = mg_state_current_player(s);
        int32_t m1, m2;
        ck_assert_int_eq(mg_bot_choose(x[p], s, &m1), MG_OK);
        ck_assert_int_eq(mg_bot_choose(y[p], t, &m2), MG_OK);
        ck_assert_int_eq(m1, m2);
        ck_assert_int_eq(mg_state_apply(s, m1), MG_OK);
        ck_assert_int_eq(mg_state_apply(t, m2), MG_OK);
    }
    mg_bot_free(x[0]);
    mg_bot_free(x[1]);
    mg_bot_free(y[0]);
    mg_bot_free(y[1]);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}

/* The default is playout=random: the search of 1.5, move for move. */
START_TEST(default_is_random)
{
    same_games("dots_and_boxes(rows=3,cols=3)", "mcts(iterations=200)",
               "mcts(iterations=200,playout=random)", 3);
    same_games("china_tangle(board=4)", "mcts(iterations=100)",
               "mcts(iterations=100,playout=random)", 4);
}
END_TEST

/* A game without a knowledge playout or priors (China), and Dots and
 * Boxes misere: policy plays as random. */
START_TEST(no_knowledge_same_moves)
{
    same_games("china_tangle(board=4)", "mcts(iterations=100)",
               "mcts(iterations=100,playout=policy)", 5);
    /* misere (rules §3.2.4): the theory is normal play's, so none */
    same_games("dots_and_boxes(rows=3,cols=3,misere=true)",
               "mcts(iterations=100)", "mcts(iterations=100,playout=policy)",
               8);
}
END_TEST

/* Two 4-chains on rows=2, cols=4 (every horizontal line drawn); seat 0
 * opened the bottom one at its end and seat 1 took two of its boxes.
 * Keeping control (declining the last two boxes with e1-e2, the
 * double-dealing move) gives seat 1 2 + 4 = 6 of the 8 boxes; taking
 * them, 4 and then the top chain to seat 0: 4-4.  The knowledge search
 * double-deals for every seed tried. */
START_TEST(policy_keeps_control)
{
    mg_game *g;
    mg_state *s;
    uint64_t seed;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=4)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    play(s, "a1-b1 b1-c1 c1-d1 d1-e1 a2-b2 b2-c2 c2-d2 d2-e2 a3-b3 b3-c3 "
            "c3-d3 d3-e3 a1-a2 b1-b2 c1-c2");
    for (seed = 1; seed <= 5; seed++) {
        mg_bot *b = bot("mcts(iterations=300,playout=policy)", seed);
        int32_t a;
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_int_eq(a, line(s, "e1-e2"));
        mg_bot_free(b);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* A whole game of every Dots and Boxes grid and border, and misere
 * (random playouts, knowledge priors), with legal moves only. */
START_TEST(policy_plays_every_grid)
{
    static const char *const games[] = {
        "dots_and_boxes(rows=3,cols=4,border=swedish)",
        "dots_and_boxes(rows=3,cols=3,border=icelandic)",
        "dots_and_boxes(grid=triangle,size=3)",
        "dots_and_boxes(grid=hexagon,size=2)",
        "dots_and_boxes(rows=3,cols=3,misere=true)",
    };
    size_t k;
    for (k = 0; k < sizeof games / sizeof games[0]; k++) {
        mg_game *g;
        mg_state *s;
        mg_bot *b = bot("mcts(iterations=50,playout=policy)", k + 1);
        MG_GAME(g, games[k]);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        while (!mg_state_is_terminal(s)) {
            int32_t a;
            ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        }
        mg_bot_free(b);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

/* Fangqi has a knowledge playout and priors, Chains of Thought priors
 * (since 1.6.1): policy is not random's search there (Fangqi's games
 * checked), and the default stays random's (both). */
START_TEST(fangqi_has_knowledge)
{
    mg_game *g;
    mg_state *s;
    mg_bot *a = bot("mcts(iterations=200,playout=policy)", 3),
           *b = bot("mcts(iterations=200)", 3);
    int moves = 0, differ = 0;
    MG_GAME(g, "fangqi(width=5,height=5)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    while (!mg_state_is_terminal(s) && moves++ < 40) {
        int32_t m1, m2;
        ck_assert_int_eq(mg_bot_choose(a, s, &m1), MG_OK);
        ck_assert_int_eq(mg_bot_choose(b, s, &m2), MG_OK);
        differ += m1 != m2;
        ck_assert_int_eq(mg_state_apply(s, m1), MG_OK);
    }
    ck_assert_int_gt(differ, 0);
    mg_bot_free(a);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
    same_games("fangqi(width=4,height=4,no_capture_limit=20)",
               "mcts(iterations=100)", "mcts(iterations=100,playout=random)",
               6);
    same_games("chains_of_thought(board=hex4)", "mcts(iterations=100)",
               "mcts(iterations=100,playout=random)", 7);
    /* an iteration-bounded search with the knowledge is deterministic */
    same_games("fangqi(width=5,height=5)",
               "mcts(iterations=150,playout=policy)",
               "mcts(iterations=150,playout=policy)", 8);
    same_games("chains_of_thought(board=hex4)",
               "mcts(iterations=150,playout=policy)",
               "mcts(iterations=150,playout=policy)", 9);
}
END_TEST

/* The knowledge playouts and priors allocate nothing: once a bot has its
 * buffers (its first choice), a search of playout=policy makes no call
 * to malloc (counted by check_batch.c's wrappers; not where a sanitizer
 * or valgrind replaces them). */
START_TEST(policy_search_no_malloc)
{
    static const char *const games[] = {
        "dots_and_boxes(rows=3,cols=3)", "fangqi(width=5,height=5)",
        "fangqi(width=6,height=5,capture_on_placement=true,ko=true)",
        "chains_of_thought", "chains_of_thought(board=square6)"};
    size_t k;
    for (k = 0; k < sizeof games / sizeof games[0]; k++) {
        mg_game *g;
        mg_state *s;
        mg_bot *b = bot("mcts(iterations=300,playout=policy,reuse=false)", 9);
        int32_t m, acts[1024];
        size_t n;
        long before;
        int t, rc = MG_OK;
        uint64_t x = 5;
        MG_GAME(g, games[k]);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        ck_assert_int_eq(mg_bot_choose(b, s, &m), MG_OK); /* its buffers */
        before = mg_test_allocations();
        for (t = 0; t < 40 && !mg_state_is_terminal(s); t++) {
            /* no Check call in here: it allocates */
            rc |= mg_bot_choose(b, s, &m);
            rc |= mg_state_legal_actions(s, acts, 1024, &n);
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            rc |= mg_state_apply(s, t % 2 ? m : acts[(x >> 33) % n]);
        }
        if (before >= 0)
            ck_assert_int_eq(mg_test_allocations(), before);
        ck_assert_int_eq(rc, MG_OK);
        mg_bot_free(b);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

Suite *mg_bot_policy_suite(void)
{
    Suite *su = suite_create("bot_policy");
    TCase *tc = tcase_create("policy");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, policy_spec);
    tcase_add_test(tc, default_is_random);
    tcase_add_test(tc, no_knowledge_same_moves);
    tcase_add_test(tc, fangqi_has_knowledge);
    tcase_add_test(tc, policy_search_no_malloc);
    tcase_add_test(tc, policy_keeps_control);
    tcase_add_test(tc, policy_plays_every_grid);
    suite_add_tcase(su, tc);
    return su;
}
