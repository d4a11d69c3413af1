/*
 * check_bot.c - bots (mg_bot_*, mindgames.h "bots"): spec strings, the
 * contract of mg_bot_choose on every registered game, what greedy and
 * mcts choose in hand-built positions (Dots and Boxes, rules §3.2), and
 * determinism.
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

#define CAP 4096

static void play(mg_state *s, const char *moves)
{
    char buf[256], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int32_t a;
        char err[128];
        ck_assert_msg(mg_state_action_from_string(s, tok, &a, err, sizeof err) ==
                          MG_OK, "%s: %s", tok, err);
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

static void spec_of(const mg_bot *b, char *buf, size_t cap)
{
    ck_assert_int_eq(mg_bot_spec(b, buf, cap, NULL), MG_OK);
}

/* ------------------------------------------------------------- specs */

START_TEST(spec_canonical_forms)
{
    static const char *const cases[][2] = {
        {"random", "random"},
        {" Random ( ) ", "random"},
        {"GREEDY", "greedy"},
        {"mcts", "mcts(iterations=1000,time_ms=0,c=0.3,bias=10,margin=0.5,"
                 "reuse=true,playout=random,net=0)"},
        {"mcts(c=1.414,bias=0,margin=0)",
         "mcts(iterations=1000,time_ms=0,c=1.414,bias=0,margin=0,"
         "reuse=true,playout=random,net=0)"},
        {"mcts(iterations=0, time_ms=25, C=2.50, reuse=FALSE)",
         "mcts(iterations=0,time_ms=25,c=2.5,bias=10,margin=0.5,"
         "reuse=false,playout=random,net=0)"},
        {"mcts(c=0.05)", "mcts(iterations=1000,time_ms=0,c=0.05,bias=10,"
                         "margin=0.5,reuse=true,playout=random,net=0)"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[256];
        mg_bot *b = bot(cases[i][0], 1), *again;
        spec_of(b, buf, sizeof buf);
        ck_assert_str_eq(buf, cases[i][1]);
        again = bot(buf, 1); /* the canonical form parses back */
        mg_bot_free(again);
        mg_bot_free(b);
    }
}
END_TEST

START_TEST(spec_errors_name_the_fault)
{
    static const struct {
        const char *spec;
        int code;
        const char *says;
    } cases[] = {
        {"", MG_ESYNTAX, "empty"},
        {"alphabeta", MG_ENOGAME, "unknown bot 'alphabeta'"},
        {"mcts(depth=3)", MG_EOPTION, "unknown option 'depth' for mcts"},
        {"random(iterations=5)", MG_EOPTION, "unknown option"},
        {"mcts(iterations=5,iterations=6)", MG_EOPTION, "twice"},
        {"mcts(iterations=-1)", MG_EVALUE, "out of range"},
        {"mcts(iterations=ten)", MG_EVALUE, "expected an integer"},
        {"mcts(c=1.2345)", MG_EVALUE, "three decimals"},
        {"mcts(c=.5)", MG_EVALUE, "decimal"},
        {"mcts(c=1.)", MG_EVALUE, "decimal"},
        {"mcts(c=1.2.3)", MG_EVALUE, "decimal"},
        {"mcts(c=100.001)", MG_EVALUE, "out of range 0..100"},
        {"mcts(margin=1.5)", MG_EVALUE, "out of range 0..1"},
        {"mcts(reuse=yes)", MG_EVALUE, "true or false"},
        {"mcts(iterations=0,time_ms=0)", MG_EVALUE, "needs a limit"},
        {"mcts(iterations=5", MG_ESYNTAX, "ends early"},
        {"mcts iterations", MG_ESYNTAX, "unexpected"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mg_bot *b = (mg_bot *)&b; /* must be reset to NULL */
        char err[256];
        int rc = mg_bot_new(&b, cases[i].spec, 1, err, sizeof err);
        ck_assert_msg(rc == cases[i].code, "%s: %d (%s)", cases[i].spec, rc,
                      err);
        ck_assert_ptr_null(b);
        ck_assert_msg(strstr(err, cases[i].says) != NULL,
                      "%s: message '%s' lacks '%s'", cases[i].spec, err,
                      cases[i].says);
    }
}
END_TEST

START_TEST(null_arguments)
{
    mg_bot *b = NULL;
    mg_game *g;
    mg_state *s;
    int32_t a = 77;
    char buf[8];
    size_t need = 0;
    MG_GAME(g, "dots_and_boxes(rows=1,cols=1)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_bot_new(NULL, "random", 1, NULL, 0), MG_EINVAL);
    b = (mg_bot *)&a; /* reset to NULL on failure */
    ck_assert_int_eq(mg_bot_new(&b, NULL, 1, NULL, 0), MG_EINVAL);
    ck_assert_ptr_null(b);
    b = bot("random", 1);
    ck_assert_int_eq(mg_bot_choose(NULL, s, &a), MG_EINVAL);
    ck_assert_int_eq(mg_bot_choose(b, NULL, &a), MG_EINVAL);
    ck_assert_int_eq(mg_bot_choose(b, s, NULL), MG_EINVAL);
    ck_assert_int_eq(a, 77);
    ck_assert_int_eq(mg_bot_spec(NULL, buf, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_bot_spec(b, NULL, 4, &need), MG_EINVAL);
    ck_assert_int_eq(mg_bot_spec(b, NULL, 0, &need), MG_ENOBUFS);
    ck_assert_uint_eq(need, 7); /* "random" + NUL */
    ck_assert_int_eq(mg_bot_spec(b, buf, 3, &need), MG_ENOBUFS);
    ck_assert_str_eq(buf, "");
    mg_bot_free(NULL);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ------------------------------------------------------- the contract */

/* Every bot on every registered game (defaults, and a few variants with
 * multi-action turns): each choice is legal and leaves the state
 * unchanged; a finished game is refused with MG_EOVER.  The bot plays the
 * first BOT_MOVES decisions of both seats, a playout the rest. */
#define BOT_MOVES 40
static void play_out_with(const char *game_spec, const char *bot_spec,
                          uint64_t seed)
{
    mg_game *g;
    mg_state *s;
    mg_bot *b[2];
    char h1[CAP], h2[CAP];
    int32_t a, moves = 0;
    MG_GAME(g, game_spec);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    b[0] = bot(bot_spec, seed);
    b[1] = bot(bot_spec, seed + 1);
    while (!mg_state_is_terminal(s) && moves < BOT_MOVES) {
        int p = mg_state_current_player(s);
        uint64_t hash = mg_state_hash(s);
        size_t n1 = 0, n2 = 0;
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, h1, sizeof h1, NULL),
                         MG_OK);
        mg_state_history(s, NULL, 0, &n1);
        ck_assert_int_eq(mg_bot_choose(b[p], s, &a), MG_OK);
        ck_assert_msg(mg_state_is_legal(s, a) == 1, "%s on %s chose %d",
                      bot_spec, game_spec, (int)a);
        ck_assert_uint_eq(mg_state_hash(s), hash);
        mg_state_history(s, NULL, 0, &n2);
        ck_assert_uint_eq(n1, n2);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, h2, sizeof h2, NULL),
                         MG_OK);
        ck_assert_str_eq(h1, h2);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        moves++;
    }
    mg_state_playout(s, seed, -1);
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_bot_choose(b[0], s, &a), MG_EOVER);
    ck_assert_int_eq(mg_bot_choose(b[1], s, &a), MG_EOVER);
    ck_assert_int_gt(moves, 0);
    mg_bot_free(b[0]);
    mg_bot_free(b[1]);
    mg_state_free(s);
    mg_game_free(g);
}

static const char *const bot_specs[] = {
    "random", "greedy", "mcts(iterations=40)",
    "mcts(iterations=30,reuse=false,bias=0,margin=0,c=1.414)",
};

START_TEST(every_game_every_bot)
{
    int i = _i / 4, n = mg_game_count();
    if (i >= n)
        return;
    play_out_with(mg_game_id_at(i), bot_specs[_i % 4], (uint64_t)_i + 1);
}
END_TEST

START_TEST(variants_with_multi_action_turns)
{
    static const char *const games[] = {
        "dots_and_boxes(rows=2,cols=3)",         /* §3.2: box, move again */
        "dots_and_boxes(grid=hexagon,size=2,border=swedish)",
        "china_octangle(board=3)",               /* §1.3: several stones */
        "china_grove(board=5,order=ascending)",
        "fangqi(variant=xinjiang)",              /* §4: removal runs */
    };
    size_t k;
    for (k = 0; k < sizeof games / sizeof games[0]; k++) {
        play_out_with(games[k], "mcts(iterations=25)", 11 + k);
        play_out_with(games[k], "greedy", 12 + k);
    }
}
END_TEST

/* One bot used on two games in turn (its buffers follow the game). */
START_TEST(one_bot_many_games)
{
    mg_game *g1, *g2;
    mg_state *s1, *s2;
    mg_bot *b = bot("mcts(iterations=30)", 5);
    int32_t a;
    int k;
    MG_GAME(g1, "dots_and_boxes(rows=2,cols=2)");
    MG_GAME(g2, "china_tangle(board=9)");
    ck_assert_int_eq(mg_state_new(&s1, g1), MG_OK);
    ck_assert_int_eq(mg_state_new(&s2, g2), MG_OK);
    for (k = 0; k < 6; k++) {
        mg_state *s = k % 2 ? s2 : s1;
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
    mg_bot_free(b);
    mg_state_free(s1);
    mg_state_free(s2);
    mg_game_free(g1);
    mg_game_free(g2);
}
END_TEST

/* A bot outlives the games it played: after its game is freed it goes on
 * with another object of the same spec (its tree continues: the choices
 * equal those of a bot that never saw the game freed) and with a game of
 * the same size but other rules (other board: buffers rebuilt). */
START_TEST(bot_outlives_its_game)
{
    static const char *const spec = "china_tangle(board=4)";
    mg_game *g, *h;
    mg_state *s, *t;
    mg_bot *b = bot("mcts(iterations=60)", 21), *ref = bot("mcts(iterations=60)", 21);
    int32_t a, r;
    int k;
    MG_GAME(h, spec);
    ck_assert_int_eq(mg_state_new(&t, h), MG_OK);
    for (k = 0; k < 6; k++) {
        MG_GAME(g, spec); /* a new object of the same game every move */
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        {
            int32_t hist[64];
            size_t n, i;
            ck_assert_int_eq(mg_state_history(t, hist, 64, &n), MG_OK);
            for (i = 0; i < n; i++)
                ck_assert_int_eq(mg_state_apply(s, hist[i]), MG_OK);
        }
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_int_eq(mg_bot_choose(ref, t, &r), MG_OK);
        ck_assert_int_eq(a, r);
        ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
        mg_state_free(s);
        mg_game_free(g); /* b saw this object only */
    }
    MG_GAME(g, "china_tangle(board=5)"); /* same size, other board */
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
    ck_assert_int_eq(mg_state_is_legal(s, a), 1);
    mg_state_free(s);
    mg_game_free(g);
    mg_bot_free(b);
    mg_bot_free(ref);
    mg_state_free(t);
    mg_game_free(h);
}
END_TEST

/* ------------------------------------------------------ what they see */

/* rules §3.2: closing a box scores it.  2x2 boxes, box a1 has three
 * sides: greedy takes the fourth; mcts does too. */
START_TEST(greedy_and_mcts_take_a_free_box)
{
    static const char *const specs[] = {"greedy", "mcts", "mcts(iterations=200)"};
    size_t k;
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mg_game *g;
        mg_state *s;
        mg_bot *b = bot(specs[k], 3 + k);
        int32_t a, want;
        MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        play(s, "a1-b1 a1-a2 c3-c2 b1-b2");
        ck_assert_int_eq(mg_state_action_from_string(s, "a2-b2", &want, NULL, 0),
                         MG_OK);
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_msg(a == want, "%s chose %d, not the box (%d)", specs[k],
                      (int)a, (int)want);
        mg_bot_free(b);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

/* A whole chain for the taking (rules §3.2: move again after a box):
 * 1x3 boxes, every line drawn but b1-b2 and c1-c2, no box closed, seat
 * 0 to move.  Either line closes a box and leaves the rest closable:
 * plain UCT takes all three boxes in one turn of three actions. */
START_TEST(mcts_takes_a_whole_chain)
{
    mg_game *g;
    mg_state *s;
    mg_bot *b = bot("mcts(iterations=300,bias=0,margin=0,c=1.414)", 9);
    int32_t a, score;
    MG_GAME(g, "dots_and_boxes(rows=1,cols=3)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    play(s, "a1-b1 b1-c1 c1-d1 a2-b2 b2-c2 c2-d2 a1-a2 d1-d2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    while (!mg_state_is_terminal(s)) {
        ck_assert_int_eq(mg_state_current_player(s), 0);
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
    ck_assert_int_eq(mg_state_score(s, 0, &score), MG_OK);
    ck_assert_int_eq(score, 3);
    ck_assert_int_eq(mg_state_winner(s), 0);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Exact value of a Dots and Boxes position for seat 0 (1 win, 0 draw,
 * -1 loss) by exhaustive search (rules §3.2-§3.3). */
static int solve(mg_state *s)
{
    int32_t legal[16];
    size_t n, i;
    int p, best;
    if (mg_state_is_terminal(s)) {
        int w = mg_state_winner(s);
        return w == 0 ? 1 : w == 1 ? -1 : 0;
    }
    p = mg_state_current_player(s);
    best = p == 0 ? -2 : 2;
    mg_state_legal_actions(s, legal, 16, &n);
    for (i = 0; i < n; i++) {
        int v;
        mg_state_apply(s, legal[i]);
        v = solve(s);
        mg_state_undo(s);
        if (p == 0 ? v > best : v < best)
            best = v;
        if (best == (p == 0 ? 1 : -1))
            break;
    }
    return best;
}

/* In solved 2x2 positions (4 random lines drawn, 8 left, where not every
 * move has the same value) mcts with 5,000 iterations picks a move of the
 * best value in at least 17 of 20 (measured: 20 of 20; plain UCT, c=1.414
 * with no bias or margin, manages 11); random picks one far less often. */
START_TEST(mcts_plays_solved_positions_well)
{
    mg_game *g;
    mg_state *s;
    int trial, tested = 0, good_mcts = 0, good_random = 0;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (trial = 0; tested < 20 && trial < 500; trial++) {
        int32_t legal[16], a;
        int value[16], best, worst, p, k, good;
        size_t n, i;
        mg_bot *m, *r;
        while (mg_state_undo(s) == MG_OK)
            ;
        mg_state_playout(s, 1000 + (uint64_t)trial, 4);
        if (mg_state_is_terminal(s))
            continue;
        p = mg_state_current_player(s);
        mg_state_legal_actions(s, legal, 16, &n);
        best = -2;
        worst = 2;
        for (i = 0; i < n; i++) {
            mg_state_apply(s, legal[i]);
            value[i] = (p == 0 ? 1 : -1) * solve(s);
            mg_state_undo(s);
            best = value[i] > best ? value[i] : best;
            worst = value[i] < worst ? value[i] : worst;
        }
        if (best == worst)
            continue; /* nothing to find */
        tested++;
        m = bot("mcts(iterations=5000)", (uint64_t)trial);
        r = bot("random", (uint64_t)trial);
        for (k = 0; k < 2; k++) {
            ck_assert_int_eq(mg_bot_choose(k ? r : m, s, &a), MG_OK);
            for (i = 0; legal[i] != a; i++)
                ;
            good = value[i] == best;
            if (k)
                good_random += good;
            else
                good_mcts += good;
        }
        mg_bot_free(m);
        mg_bot_free(r);
    }
    ck_assert_int_eq(tested, 20);
    ck_assert_msg(good_mcts >= 17, "mcts best in %d of 20 (random %d)",
                  good_mcts, good_random);
    ck_assert_msg(good_random < good_mcts, "random %d, mcts %d", good_random,
                  good_mcts);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ------------------------------------------------------- determinism */

static void game_record(const char *game_spec, const char *spec0,
                        const char *spec1, uint64_t seed, int32_t *out,
                        int32_t *len)
{
    mg_game *g;
    mg_state *s;
    mg_bot *b[2];
    int32_t a;
    MG_GAME(g, game_spec);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    b[0] = bot(spec0, seed);
    b[1] = bot(spec1, seed + 1000);
    *len = 0;
    while (!mg_state_is_terminal(s)) {
        ck_assert_int_eq(mg_bot_choose(b[mg_state_current_player(s)], s, &a),
                         MG_OK);
        out[(*len)++] = a;
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
    mg_bot_free(b[0]);
    mg_bot_free(b[1]);
    mg_state_free(s);
    mg_game_free(g);
}

START_TEST(same_seed_same_game)
{
    static int32_t r1[2048], r2[2048], r3[2048];
    int32_t n1, n2, n3;
    const char *gs = "dots_and_boxes(rows=3,cols=3)";
    game_record(gs, "mcts(iterations=200)", "greedy", 42, r1, &n1);
    game_record(gs, "mcts(iterations=200)", "greedy", 42, r2, &n2);
    ck_assert_int_eq(n1, n2);
    ck_assert_int_eq(memcmp(r1, r2, (size_t)n1 * sizeof r1[0]), 0);
    /* another seed plays another game (in practice) */
    game_record(gs, "mcts(iterations=200)", "greedy", 43, r3, &n3);
    ck_assert(n1 != n3 || memcmp(r1, r3, (size_t)n1 * sizeof r1[0]) != 0);
}
END_TEST

/* Tree reuse continues from the chosen child: the bot's choices equal
 * its own choices with reuse when asked twice about the same game, and
 * a bot asked about an unrelated position (undo, another state) starts
 * afresh and still answers legally. */
START_TEST(reuse_follows_the_game_and_survives_jumps)
{
    mg_game *g;
    mg_state *s, *t;
    mg_bot *b = bot("mcts(iterations=100)", 7);
    int32_t a;
    int k;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    for (k = 0; k < 12; k++) {
        ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        if (k == 5) { /* jump back */
            ck_assert_int_eq(mg_state_undo(s), MG_OK);
            ck_assert_int_eq(mg_state_undo(s), MG_OK);
        }
        if (k == 8) { /* another state of the same game */
            ck_assert_int_eq(mg_bot_choose(b, t, &a), MG_OK);
            ck_assert_int_eq(mg_state_is_legal(t, a), 1);
        }
    }
    mg_bot_free(b);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

/* A time limit alone stops the search (not timed: it just returns). */
START_TEST(time_limit_alone)
{
    mg_game *g;
    mg_state *s;
    mg_bot *b = bot("mcts(iterations=0,time_ms=20)", 1);
    int32_t a;
    MG_GAME(g, "dots_and_boxes(rows=4,cols=4)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
    ck_assert_int_eq(mg_state_is_legal(s, a), 1);
    mg_bot_free(b);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Playouts are uniform: from the start of 1x1 Dots and Boxes (4 lines)
 * the first action of mg_state_playout(max 1) over 4,000 seeds hits each
 * line about 1,000 times (chi-square, 3 degrees of freedom, p < 1e-6
 * bound 30.7). */
START_TEST(playout_first_action_is_uniform)
{
    mg_game *g;
    mg_state *s;
    int count[4] = {0, 0, 0, 0}, i;
    double chi = 0;
    MG_GAME(g, "dots_and_boxes(rows=1,cols=1)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (i = 0; i < 4000; i++) {
        int32_t a;
        size_t n;
        ck_assert_int_eq(mg_state_playout(s, (uint64_t)i, 1), 1);
        ck_assert_int_eq(mg_state_history(s, &a, 1, &n), MG_OK);
        count[a]++;
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
    }
    for (i = 0; i < 4; i++)
        chi += (count[i] - 1000.0) * (count[i] - 1000.0) / 1000.0;
    ck_assert_msg(chi < 30.7, "chi-square %f", chi);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_bot_suite(void)
{
    Suite *s = suite_create("bot");
    TCase *tc = tcase_create("specs");
    tcase_add_test(tc, spec_canonical_forms);
    tcase_add_test(tc, spec_errors_name_the_fault);
    tcase_add_test(tc, null_arguments);
    suite_add_tcase(s, tc);
    tc = tcase_create("contract");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, every_game_every_bot, 0, 4 * 16);
    tcase_add_test(tc, variants_with_multi_action_turns);
    tcase_add_test(tc, one_bot_many_games);
    tcase_add_test(tc, bot_outlives_its_game);
    tcase_add_test(tc, reuse_follows_the_game_and_survives_jumps);
    tcase_add_test(tc, time_limit_alone);
    suite_add_tcase(s, tc);
    tc = tcase_create("play");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, greedy_and_mcts_take_a_free_box);
    tcase_add_test(tc, mcts_takes_a_whole_chain);
    tcase_add_test(tc, mcts_plays_solved_positions_well);
    tcase_add_test(tc, same_seed_same_game);
    tcase_add_test(tc, playout_first_action_is_uniform);
    suite_add_tcase(s, tc);
    return s;
}
