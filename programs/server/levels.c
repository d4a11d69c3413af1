/*
 * levels.c - "play the computer": levels 1 to 8, the library's levels
 * (the bot spec level(n=N), mg_bot_new(3): random, greedy, three mcts
 * budgets with the game's knowledge, then the strong bot with 0.25 s, 1 s and 4 s).  A table's bot
 * seat may be given as "level(N)" instead of a spec (doc/server-api.md,
 * "Levels"); the spec the level plays as goes through this server's bot
 * caps like any spec, but lowered to them rather than refused
 * (worker.c's mgs_bot_plan_for with clamp), so every level is playable
 * on every server: GET /api/v1/levels says what each plays with here.
 * The levels are the same for every game.
 */
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What each level is, in a player's words (its spec is the library's). */
static const char *const about[MGS_LEVELS] = {
    "plays any legal move at random",
    "takes the best immediate gain, else a random move",
    "a short Monte Carlo search that knows the game where the library "
    "has its theory",
    "Monte Carlo tree search that knows the game",
    "a longer Monte Carlo search that knows the game",
    "the strongest player, quickly: perfect play where it proves the rest "
    "of the game, else a search that knows the game",
    "the strongest player: perfect play where it proves the rest of the "
    "game, else a search that knows the game",
    "the strongest player, thinking longest",
};

/* Level n's spec as this server plays it in a game of num_actions
 * action ids: canonical, lowered to the caps; 0, or -1 with a message. */
static int level_plan(const mgs_config *cfg, int n, int num_actions,
                      mgs_bot_plan *plan, char *msg, size_t mcap)
{
    char spec[32];
    snprintf(spec, sizeof spec, "level(n=%d)", n);
    return mgs_bot_plan_for(cfg, spec, num_actions, 1, plan, msg, mcap) == 0
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
    p = given + 5; /* "(N)", or "(n=N)" as the library spells it */
    p = p[0] != '(' ? NULL : strncmp(p + 1, "n=", 2) == 0 ? p + 3 : p + 1;
    n = p && *p >= '0' && *p <= '9' ? strtol(p, &end, 10)
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
                      nominal.spec, "bot", plan.spec, "about", about[i - 1],
                      "time_ms",
                      (json_int_t)spec_time(plan.spec), "lowered",
                      strcmp(plan.spec, nominal.spec) != 0));
    }
    return json_pack("{s:o}", "levels", list);
}
