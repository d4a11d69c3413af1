/*
 * engine.h - the controller's side of the mindgames-engine protocol
 * (mindgames-engine(7)): an external engine started from a shell
 * command, its handshake, telling it the game and the moves so far, and
 * asking it for an action within a time limit.  Any misbehaviour (an
 * engine that ends, hangs, answers garbage or refuses) is a failure with
 * its kind and a reason, after which the process is stopped; the next
 * call starts it again.
 */
#ifndef TOOLS_ENGINE_H
#define TOOLS_ENGINE_H

#include "proc.h"
#include "util.h"

#define ENGINE_PROTOCOL 1 /* the version this controller speaks */

enum engine_fail {
    EF_NONE,
    EF_START,   /* could not start, or no valid handshake */
    EF_CRASH,   /* ended (exited or killed by a signal) */
    EF_TIMEOUT, /* no answer within the limit */
    EF_GARBAGE, /* a line that is not id/info/ok/error, or a bad answer */
    EF_ILLEGAL, /* a move that is not legal, or no move at all */
    EF_REFUSED  /* answered error to the game, the moves or go */
};

typedef struct {
    char *cmd;               /* the shell command */
    proc p;
    int running, starts;     /* a process is up; how many were started */
    char name[128], author[128];
    char *games;             /* "*" or the game ids, space-separated */
    const mg_game *told;     /* the game the engine knows (NULL: none) */
    uint64_t seed;           /* for the next game */
    long timeout_ms;         /* limit for commands other than go */
    int fail;                /* EF_ kind of the last failure */
    strbuf why;              /* its reason, with the stderr tail */
    strbuf cmdbuf;           /* scratch for composing commands */
    long moves;              /* actions answered */
    double think, think_max; /* seconds from the request to the answer */
    char info[256];          /* the last info line */
} engine;

void engine_init(engine *e, const char *cmd, long timeout_ms);
void engine_free(engine *e); /* stops it first */

/* Start the process and shake hands.  0, or -1 (e->fail, e->why). */
int engine_start(engine *e);

/* 1 when the handshake listed the game id (or "*"). */
int engine_supports(const engine *e, const char *game_id);

/* A new game begins: the next engine_choose() tells the engine the seed
 * for the game's randomness (seed N) and the game. */
void engine_new_game(engine *e, uint64_t seed);

/* The engine's action for the player to move in s, legal in s.  A
 * budget movetime_ms > 0 is sent with go, and an answer later than
 * movetime_ms + margin_ms is a timeout; with movetime_ms <= 0 the limit
 * is the engine's timeout_ms.  0, or -1 (e->fail, e->why; the process
 * has been stopped). */
int engine_choose(engine *e, const mg_state *s, long movetime_ms,
                  long margin_ms, int32_t *action);

/* Send quit, wait a little, then stop the process. */
void engine_stop(engine *e);

/* The text that sets s's game for an engine: "game SPEC\n", or for a
 * game on a board that no seed names, "record N\n" and the N lines of
 * its record at the start.  Appended to out. */
void engine_game_command(const mg_state *s, strbuf *out);

/* "moves M1 M2 ...\n": the actions of s's history, appended to out. */
void engine_moves_command(const mg_state *s, strbuf *out);

#endif
