/*
 * levels.c - "play the computer": levels 1 to 8, each a bot spec of the
 * library (mg_bot_new(3)) with its think time, ordered from the weakest
 * (random) to the strongest the library has (the solver, falling back
 * on a long mcts).  A table's bot seat may be given as "level(N)"
 * instead of a spec (doc/server-api.md, "Levels"); the level's spec goes
 * through this server's bot caps like any spec, but lowered to them
 * rather than refused (worker.c's mgs_bot_plan_for with clamp), so every
 * level is playable on every server: GET /api/v1/levels says what each
 * plays with here.  The levels are the same for every game.
 */
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct level {
    const char *spec;  /* the level's own spec (before this server's caps) */
    const char *about;
} level;

static const level levels[MGS_LEVELS] = {
    {"random", "plays any legal move at random"},
    {"greedy", "takes the best immediate gain, else a random move"},
    {"mcts(iterations=100,time_ms=250)", "a short Monte Carlo search"},
    {"mcts(iterations=500,time_ms=500)", "Monte Carlo tree search"},
    {"mcts(iterations=2000,time_ms=1000)", "Monte Carlo tree search"},
    {"mcts(iterations=10000,time_ms=2000)", "a longer Monte Carlo search"},
    {"mcts(iterations=100000,time_ms=5000)", "a long Monte Carlo search"},
    {"solver(nodes=50000000,time_ms=10000,memory_mb=256,iterations=100000)",
     "perfect play where it can solve the position, else a long Monte "
     "Carlo search"},
};

/* Level n's spec as this server plays it in a game of num_actions
 * action ids: canonical, lowered to the caps; 0, or -1 with a message. */
static int level_plan(const mgs_config *cfg, int n, int num_actions,
                      mgs_bot_plan *plan, char *msg, size_t mcap)
{
    return mgs_bot_plan_for(cfg, levels[n - 1].spec, num_actions, 1, plan,
                            msg, mcap) == 0
               ? 0
               : -1;
}

int mgs_level_spec(const mgs_config *cfg, const char *given,
                   const char *game_spec, char *out, size_t cap, char *msg,
                   size_t mcap)
{
    mgs_bot_plan plan;
    mg_game *g = NULL;
    const char *p;
    char *end;
    long n;
    int na = 1;
    if (strncmp(given, "level", 5) != 0)
        return 0;
    p = given + 5;
    n = p[0] == '(' && p[1] >= '0' && p[1] <= '9' ? strtol(p + 1, &end, 10)
                                                  : (end = NULL, -1);
    if (!end || strcmp(end, ")") != 0 || n < 1 || n > MGS_LEVELS) {
        snprintf(msg, mcap, "'%.40s' is not a level: the levels are "
                            "level(1) to level(%d)",
                 given, MGS_LEVELS);
        return -1;
    }
    if (mg_game_new(&g, game_spec, NULL, 0) == MG_OK)
        na = (int)mg_game_num_actions(g);
    mg_game_free(g);
    if (level_plan(cfg, (int)n, na, &plan, msg, mcap) != 0)
        return -1;
    if (strlen(plan.spec) >= cap || strlen(plan.spec) >= MGS_BOT_MAX) {
        snprintf(msg, mcap, "level(%ld): its spec is too long", n);
        return -1;
    }
    snprintf(out, cap, "%s", plan.spec);
    return (int)n;
}

/* The time_ms in a canonical spec (0: none). */
static long long spec_time(const char *canon)
{
    const char *p = strstr(canon, "time_ms=");
    return p ? strtoll(p + 8, NULL, 10) : 0;
}

json_t *mgs_levels_json(const mgs_config *cfg)
{
    json_t *list = json_array();
    int i;
    for (i = 1; i <= MGS_LEVELS; i++) {
        mgs_bot_plan plan, nominal;
        mgs_config open;
        char msg[256];
        /* the level as it is (no caps) and as this server plays it */
        memset(&open, 0, sizeof open);
        open.bot_time_ms = 86400000;
        open.bot_memory_mb = 1048576;
        open.bot_pool_mb = 1 << 30;
        open.bot_max_iterations = 100000000;
        open.bot_max_nodes = 1000000000000LL;
        if (level_plan(cfg, i, 1, &plan, msg, sizeof msg) != 0 ||
            level_plan(&open, i, 1, &nominal, msg, sizeof msg) != 0) {
            json_decref(list);
            return NULL;
        }
        json_array_append_new(
            list,
            json_pack("{s:i,s:s,s:s,s:s,s:I,s:b}", "level", i, "spec",
                      levels[i - 1].spec, "bot", plan.spec, "about",
                      levels[i - 1].about, "time_ms",
                      (json_int_t)spec_time(plan.spec), "lowered",
                      strcmp(plan.spec, nominal.spec) != 0));
    }
    return json_pack("{s:o}", "levels", list);
}
