/*
 * player.h - who plays a seat: a person (mg-play asks them), one of the
 * library's bots given by its spec, or an external engine given as
 * "cmd:PROGRAM ARGS" and spoken to over mindgames-engine(7).
 */
#ifndef TOOLS_PLAYER_H
#define TOOLS_PLAYER_H

#include "bot_eval.h"
#include "engine.h"

enum { PLAYER_HUMAN, PLAYER_BOT, PLAYER_ENGINE };

typedef struct {
    int kind;
    char *arg;        /* as given: "human", "mcts(iterations=500)", "cmd:..." */
    char *canon;      /* a bot's canonical spec, else a copy of arg */
    mg_bot *bot;
    bot_eval be;      /* a bot's spec without eval=PATH, and its network */
    engine *eng;      /* an external engine */
} player;

/* Check the text of a player and set it up (an engine is not started).
 * 0, or -1 with the reason in err. */
int player_init(player *p, const char *arg, long timeout_ms, char *err,
                size_t errcap);
void player_free(player *p);

/* A new game: a bot is made afresh with `seed`; an engine is told the
 * game with its next move (and started if it is not running).  0, or -1
 * with the reason in err. */
int player_begin(player *p, uint64_t seed, char *err, size_t errcap);

/* The player's action for the player to move in s (a bot or an engine).
 * 0, or -1: *kind an EF_ failure and the reason in why. */
int player_choose(player *p, const mg_state *s, long movetime_ms,
                  long margin_ms, int32_t *action, int *kind, strbuf *why);

/* A short description: the canonical spec, or "cmd:... (name, author)". */
void player_describe(const player *p, strbuf *out);

#endif
