/*
 * check_bot_levels.c - the 1.6 bots (mindgames.h "bots"): a time limit
 * given alone means "search this long" (mcts, solver), the strong bot,
 * the eight levels and mg_bot_plays().
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

static mg_bot *bot(const char *spec, uint64_t seed)
{
    mg_bot *b = NULL;
    char err[256];
    int rc = mg_bot_new(&b, spec, seed, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "mg_bot_new(%s): %d %s", spec, rc, err);
    return b;
}

/* A spec's canonical form, and that it parses back to itself. */
static void canonical_is(const char *spec, const char *want)
{
    char buf[256], again[256];
    mg_bot *b = bot(spec, 1), *c;
    ck_assert_int_eq(mg_bot_spec(b, buf, sizeof buf, NULL), MG_OK);
    ck_assert_msg(strcmp(buf, want) == 0, "%s: '%s', want '%s'", spec, buf,
                  want);
    c = bot(buf, 1);
    ck_assert_int_eq(mg_bot_spec(c, again, sizeof again, NULL), MG_OK);
    ck_assert_str_eq(again, buf);
    mg_bot_free(c);
    mg_bot_free(b);
}

/* 1.5's traps (issue 31): mcts(time_ms=1000) stopped after its default
 * 1000 iterations, solver(time_ms=1000) kept its node limit and fell
 * back on 1000 iterations.  A time given alone now lifts the others. */
START_TEST(time_alone_means_search_this_long)
{
    canonical_is("mcts(time_ms=1000)",
                 "mcts(iterations=0,time_ms=1000,c=0.3,bias=10,margin=0.5,"
                 "reuse=true,playout=random,net=0)");
    canonical_is("solver(time_ms=1000)",
                 "solver(nodes=0,time_ms=1000,memory_mb=64,iterations=0)");
    /* what the user gave is kept */
    canonical_is("mcts(iterations=50,time_ms=1000)",
                 "mcts(iterations=50,time_ms=1000,c=0.3,bias=10,margin=0.5,"
                 "reuse=true,playout=random,net=0)");
    canonical_is("solver(time_ms=1000,nodes=5,iterations=7)",
                 "solver(nodes=5,time_ms=1000,memory_mb=64,iterations=7)");
    /* and the defaults without a time are 1.5's */
    canonical_is("mcts", "mcts(iterations=1000,time_ms=0,c=0.3,bias=10,"
                         "margin=0.5,reuse=true,playout=random,net=0)");
    canonical_is("solver",
                 "solver(nodes=1000000,time_ms=0,memory_mb=64,iterations=1000)");
}
END_TEST

START_TEST(strong_and_level_specs)
{
    static const char *const plays[8] = {
        "random",
        "greedy",
        /* playout=policy since 1.6.0's release (CHANGELOG: level 3 was
         * not above level 2 with random playouts) */
        "mcts(iterations=300,time_ms=0,c=0.3,bias=10,margin=0.5,reuse=true,"
        "playout=policy,net=0)",
        "mcts(iterations=1000,time_ms=0,c=0.3,bias=10,margin=0.5,reuse=true,"
        "playout=policy,net=0)",
        "mcts(iterations=10000,time_ms=125,c=0.3,bias=10,margin=0.5,"
        "reuse=true,playout=policy,net=0)",
        "strong(time_ms=250,iterations=0,nodes=0,memory_mb=64,eval=none)",
        "strong(time_ms=1000,iterations=0,nodes=0,memory_mb=64,eval=none)",
        "strong(time_ms=4000,iterations=0,nodes=0,memory_mb=64,eval=none)",
    };
    int n;
    canonical_is("strong",
                 "strong(time_ms=1000,iterations=0,nodes=0,memory_mb=64,"
                 "eval=none)");
    canonical_is("strong(iterations=200)",
                 "strong(time_ms=0,iterations=200,nodes=0,memory_mb=64,"
                 "eval=none)");
    canonical_is("Strong(EVAL=none, time_ms=30)",
                 "strong(time_ms=30,iterations=0,nodes=0,memory_mb=64,"
                 "eval=none)");
    canonical_is("level", "level(n=4)");
    for (n = 1; n <= 8; n++) {
        char spec[32], buf[256], plain[256];
        mg_bot *b, *p;
        size_t need = 0;
        snprintf(spec, sizeof spec, "level(n=%d)", n);
        canonical_is(spec, spec);
        b = bot(spec, 1);
        ck_assert_int_eq(mg_bot_plays(b, NULL, 0, &need), MG_ENOBUFS);
        ck_assert_uint_eq(need, strlen(plays[n - 1]) + 1); /* with its NUL */
        ck_assert_int_eq(mg_bot_plays(b, buf, sizeof buf, NULL), MG_OK);
        ck_assert_str_eq(buf, plays[n - 1]);
        /* a bot that is not a level plays as its own spec */
        p = bot(buf, 1);
        ck_assert_int_eq(mg_bot_plays(p, plain, sizeof plain, NULL), MG_OK);
        ck_assert_str_eq(plain, buf);
        mg_bot_free(p);
        mg_bot_free(b);
    }
    ck_assert_int_eq(mg_bot_plays(NULL, NULL, 0, NULL), MG_EINVAL);
}
END_TEST

START_TEST(strong_and_level_errors)
{
    static const struct {
        const char *spec;
        int code;
        const char *says;
    } cases[] = {
        {"level(n=0)", MG_EVALUE, "out of range 1..8"},
        {"level(n=9)", MG_EVALUE, "out of range 1..8"},
        {"level(3)", MG_ESYNTAX, ""},
        {"level(iterations=3)", MG_EOPTION, "unknown option 'iterations'"},
        {"strong(time_ms=0)", MG_EVALUE, "needs a limit"},
        {"strong(iterations=0,time_ms=0)", MG_EVALUE, "needs a limit"},
        {"strong(eval=best)", MG_EVALUE, "auto"},
        {"strong(memory_mb=0)", MG_EVALUE, "out of range"},
        {"solver(time_ms=0,nodes=5,iterations=0)", MG_EVALUE,
         "falls back on needs a limit"},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mg_bot *b = (mg_bot *)&b;
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

/* The strong bot plays perfectly where the solver proves the rest of the
 * game: along random games of 2x2 Dots and Boxes (rules §3), every
 * choice keeps the value mg_solver_values gives the best action. */
START_TEST(strong_keeps_the_exact_value)
{
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    mg_bot *b = bot("strong(iterations=20)", 7);
    int game;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_solver_new(&sv, g, (size_t)8 << 20, NULL, 0), MG_OK);
    for (game = 0; game < 6; game++) {
        uint64_t seed = (uint64_t)game * 7919 + 1;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        /* a random opening, then the bot against itself */
        mg_state_playout(s, seed, game % 4);
        while (mg_state_current_player(s) != MG_NOBODY) {
            int32_t vals[64], a, best = INT32_MIN;
            size_t n = 0, i;
            int32_t acts[64];
            ck_assert_int_eq(mg_state_legal_actions(s, acts, 64, &n), MG_OK);
            ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 64, &i),
                             MG_OK);
            for (i = 0; i < n; i++)
                if (vals[i] > best)
                    best = vals[i];
            ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
            for (i = 0; i < n && acts[i] != a; i++)
                ;
            ck_assert_uint_lt(i, n);
            ck_assert_msg(vals[i] == best, "game %d: action %d worth %d, "
                          "best %d", game, a, vals[i], best);
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        }
        mg_state_free(s);
    }
    mg_bot_free(b);
    mg_solver_free(sv);
    mg_game_free(g);
}
END_TEST

/* strong and a level with iterations alone are deterministic for their
 * seed, and play legal moves in every game (a short budget). */
START_TEST(strong_plays_every_game)
{
    int i, n = mg_game_count();
    for (i = 0; i < n; i++) {
        mg_game *g;
        mg_state *s, *t;
        mg_bot *b = bot("strong(iterations=30,memory_mb=8)", 3);
        mg_bot *c = bot("strong(iterations=30,memory_mb=8)", 3);
        int moves = 0;
        MG_GAME(g, mg_game_id_at(i));
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
        while (mg_state_current_player(s) != MG_NOBODY && moves < 12) {
            int32_t a, a2;
            ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
            ck_assert_int_eq(mg_bot_choose(c, t, &a2), MG_OK);
            ck_assert_int_eq(a, a2);
            ck_assert_int_eq(mg_state_is_legal(s, a), 1);
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
            ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
            moves++;
        }
        mg_bot_free(b);
        mg_bot_free(c);
        mg_state_free(s);
        mg_state_free(t);
        mg_game_free(g);
    }
}
END_TEST

/* The docs say what each level plays as: the level lists of mg_bot_new(3)
 * (".TP", "N", ".B spec"), mindgames-server(7) (".TP", ".B N",
 * ".BR spec ;"), and the tables of doc/server-api.md and the README
 * ("| N | `spec` |") each name, for levels 1..8 in order, a spec whose
 * canonical form is what mg_bot_plays() says of level(n=N).  Read from
 * the top of the source tree (where make runs the suites). */
static int doc_levels(const char *path, char specs[8][128])
{
    char line[512], prev[512] = "", pp[512] = "";
    int n = 0;
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "%s: cannot open (run from the top of the "
                             "source tree)", path);
    while (fgets(line, sizeof line, f)) {
        char spec[128] = "";
        int lv = 0, len = 0;
        line[strcspn(line, "\n")] = '\0';
        if (sscanf(line, "| %d | `%127[^`]`%n", &lv, spec, &len) == 2 &&
            len > 0)
            ; /* a Markdown table's row */
        else if (!strcmp(pp, ".TP") && !strncmp(line, ".B ", 3) &&
                 sscanf(prev, "%d%n", &lv, &len) == 1 && !prev[len])
            sscanf(line, ".B %127s", spec); /* mg_bot_new(3) */
        else if (!strcmp(pp, ".TP") && !strncmp(line, ".BR ", 4) &&
                 sscanf(prev, ".B %d%n", &lv, &len) == 1 && !prev[len])
            sscanf(line, ".BR %127[^ ;]", spec); /* mindgames-server(7) */
        if (spec[0] && lv == n + 1 && n < 8)
            snprintf(specs[n++], sizeof specs[0], "%s", spec);
        snprintf(pp, sizeof pp, "%s", prev);
        snprintf(prev, sizeof prev, "%s", line);
    }
    fclose(f);
    return n;
}

START_TEST(levels_are_what_the_docs_say)
{
    static const char *const docs[] = {
        "man/man3/mg_bot_new.3", "man/man7/mindgames-server.7",
        "doc/server-api.md", "README.md"};
    size_t d;
    for (d = 0; d < sizeof docs / sizeof docs[0]; d++) {
        char specs[8][128];
        int n, got = doc_levels(docs[d], specs);
        ck_assert_msg(got == 8, "%s: %d levels listed, want 8", docs[d],
                      got);
        for (n = 1; n <= 8; n++) {
            char spec[32], want[256], doc[256];
            mg_bot *b, *l;
            snprintf(spec, sizeof spec, "level(n=%d)", n);
            l = bot(spec, 1);
            b = bot(specs[n - 1], 1);
            ck_assert_int_eq(mg_bot_plays(l, want, sizeof want, NULL), MG_OK);
            ck_assert_int_eq(mg_bot_spec(b, doc, sizeof doc, NULL), MG_OK);
            ck_assert_msg(strcmp(doc, want) == 0,
                          "%s says level %d is %s (%s); it plays as %s",
                          docs[d], n, specs[n - 1], doc, want);
            mg_bot_free(b);
            mg_bot_free(l);
        }
    }
}
END_TEST

/* The levels that need no clock play legal moves (levels 6-8 take
 * seconds a move: their specs are checked above). */
START_TEST(levels_play)
{
    mg_game *g;
    mg_state *s;
    int n;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=3)");
    for (n = 1; n <= 4; n++) {
        char spec[32];
        mg_bot *b;
        snprintf(spec, sizeof spec, "level(n=%d)", n);
        b = bot(spec, (uint64_t)n);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        while (mg_state_current_player(s) != MG_NOBODY) {
            int32_t a;
            ck_assert_int_eq(mg_bot_choose(b, s, &a), MG_OK);
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        }
        mg_state_free(s);
        mg_bot_free(b);
    }
    mg_game_free(g);
}
END_TEST

Suite *mg_bot_levels_suite(void)
{
    Suite *s = suite_create("bot_levels");
    TCase *tc = tcase_create("specs");
    tcase_add_test(tc, time_alone_means_search_this_long);
    tcase_add_test(tc, strong_and_level_specs);
    tcase_add_test(tc, strong_and_level_errors);
    tcase_add_test(tc, levels_are_what_the_docs_say);
    suite_add_tcase(s, tc);
    tc = tcase_create("play");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, strong_keeps_the_exact_value);
    tcase_add_test(tc, strong_plays_every_game);
    tcase_add_test(tc, levels_play);
    suite_add_tcase(s, tc);
    return s;
}
