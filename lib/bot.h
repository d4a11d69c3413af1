/*
 * bot.h - what the bot files share (internal): the kinds and their
 * option tables (bot.c), the bot itself, and the tree search
 * (bot_mcts.c) that mcts, solver, strong and the levels run.
 *
 * bot.c       kinds, specs, creation, buffers, random, greedy, choose
 * bot_mcts.c  UCT Monte Carlo tree search (its maths: no libm)
 * bot_strong.c the strong bot and the levels: solve, then search
 * analyse.c   mg_bot_analyse: every action's value (solve, then search)
 */
#ifndef MG_BOT_H
#define MG_BOT_H

#include "internal.h"

#include <stdint.h>

enum { BOT_RANDOM, BOT_GREEDY, BOT_MCTS, BOT_SOLVER, BOT_STRONG, BOT_LEVEL,
       N_KINDS };
enum { OPT_ITER, OPT_TIME, OPT_C, OPT_BIAS, OPT_MARGIN, OPT_REUSE,
       OPT_PLAYOUT, OPT_NET, N_MCTS_OPTS };
/* mcts's playout option (1.6): uniformly random playouts and greedy's
 * gains as priors (the default: 1.5's search), or the game's knowledge
 * playout and priors where it has them (ops->policy_playout_result,
 * ops->policy_priors) */
enum { PLAYOUT_RANDOM, PLAYOUT_POLICY };
enum { SOPT_NODES, SOPT_TIME, SOPT_MEMORY, SOPT_ITER, N_SOLVER_OPTS };
enum { XOPT_TIME, XOPT_ITER, XOPT_NODES, XOPT_MEMORY, XOPT_EVAL,
       N_STRONG_OPTS };

#define MG__LEVELS 8

MG_HIDDEN extern const mg__option mg__mcts_options[N_MCTS_OPTS];

/* What UCT reads of each child (b->pool) ... */
typedef struct mg__node {
    double value;     /* sum of the playout rewards for `player` */
    uint32_t visits;
    float prior;      /* immediate gain for `player`, in [-1, 1] */
} mg__node;

/* ... and the rest (b->cold, the same block), at the same index. */
typedef struct mg__link {
    int32_t action;   /* the action leading here (root: -1) */
    int32_t player;   /* the seat that chose it */
    int32_t first;    /* first child, -1 while not expanded */
    int32_t nchild;
    int32_t unvisited; /* children not visited yet */
} mg__link;

struct mg_bot {
    int kind;                /* BOT_*: what it plays (a level: its bot's) */
    int level;               /* 1..8 for a level(n=...) bot, else 0 */
    mg__optvals o;           /* the search's options (mcts's table) */
    mg__optvals so;          /* solver's or strong's own options */
    mg_solver *sv;           /* the solver and strong bots', per game */
    uint64_t rng;
    /* buffers for one game (by identity: the same spec and board), made
     * on the first choose for it; the bot keeps no pointer to the game */
    int have_game;
    uint64_t identity;
    mg_state *work;          /* private state: search and greedy scratch */
    unsigned char *root_st;  /* the position being searched */
    int32_t *legal;          /* max_legal */
    /* mcts */
    mg__node *pool;          /* cap entries each */
    mg__link *cold;
    unsigned char *leaf;     /* the expanded leaf's position, for priors */
    unsigned char *rec;      /* an undo record, for priors */
    int64_t *gain;           /* max_legal: ops->gains (or policy_priors) */
    int32_t cap, used, root;
    int32_t *path;           /* nodes of the current descent */
    int32_t pathcap;
    int32_t *seen;           /* the root's history, for reuse */
    size_t seen_len, seen_cap;
    int have_tree;
    double (*tab)[3];        /* TABLE entries: 1/v, 1/sqrt(v), sqrt(ln v) */
    uint32_t tabn;           /* entries filled (above every child's visits) */
    /* the learned evaluation (1.6, mg_bot_set_eval): borrowed, and its
     * forward pass's scratch (ev->scratch floats), the bot's own */
    const mg_eval *ev;       /* the network in use for this game, or NULL */
    const mg_eval *user_ev;  /* the one mg_bot_set_eval gave (borrowed) */
    mg_eval *own_ev;         /* strong(eval=auto): the shipped one, owned */
    float *ev_scratch;
    size_t ev_scratch_n;
};

/* bot.c: the network b uses for g (NULL: none), its scratch made;
 * MG_OK or MG_ENOMEM. */
MG_HIDDEN int mg__bot_pick_eval(mg_bot *b, const mg_game *g);
/* bot.c: the buffers for g (first use, or another game); MG_OK or
 * MG_ENOMEM (every buffer dropped).  Also used by analyse.c. */
MG_HIDDEN int mg__bot_prepare(mg_bot *b, const mg_game *g);

/* bot_mcts.c: the search's buffers for g (b->work and b->legal made);
 * MG_OK or MG_ENOMEM (the caller drops every buffer). */
MG_HIDDEN int mg__mcts_alloc(mg_bot *b, const mg_game *g);
/* Search s (not over, at least two legal actions; b->legal holds them)
 * for at most `iterations` iterations (0: no limit) and `time_ms`
 * milliseconds (0: no limit; not both 0) and return the action to play. */
MG_HIDDEN int32_t mg__mcts_choose(mg_bot *b, const mg_game *g,
                                  const mg_state *s, int64_t iterations,
                                  int64_t time_ms);

/* bot_strong.c: the strong bot's options; a level's spec (n 1..8). */
MG_HIDDEN extern const mg__option mg__strong_options[N_STRONG_OPTS];
MG_HIDDEN const char *mg__level_spec(int n);
/* Choose for the strong bot (and the solver bot: its own rules). */
MG_HIDDEN int32_t mg__strong_choose(mg_bot *b, const mg_game *g,
                                    const mg_state *s);
MG_HIDDEN int32_t mg__solver_bot_choose(mg_bot *b, const mg_game *g,
                                        const mg_state *s);

#endif
