/*
 * bot_eval.h - a bot spec's eval=PATH (the programs' part of issue 31's
 * learned evaluation): the library does no I/O, so mg-play, mg-match and
 * mg-engine take `eval=PATH` inside a bot spec, read the MGNN file
 * (doc/eval-format.md), make the network with mg_eval_new and give it to
 * each bot they make with mg_bot_set_eval.  mcts(eval=PATH) values its
 * leaves by the network alone (net=1) unless the spec gives net;
 * strong(eval=PATH) uses it in place of the shipped network
 * (strong(eval=auto) and strong(eval=none) are the library's own).
 */
#ifndef TOOLS_BOT_EVAL_H
#define TOOLS_BOT_EVAL_H

#include <mindgames.h>

#include <stddef.h>

typedef struct {
    char *spec;   /* the spec for mg_bot_new: eval=PATH taken out */
    char *path;   /* the file, or NULL when the spec names none */
    mg_eval *ev;  /* its network */
} bot_eval;

/* Split arg; read and check the file it names.  0, or -1 with the
 * reason in err (naming the file).  be is always safe to free. */
int bot_eval_init(bot_eval *be, const char *arg, char *err, size_t errcap);
void bot_eval_free(bot_eval *be);

/* A bot of be's spec with its network (mg_bot_new's code). */
int bot_eval_bot(const bot_eval *be, mg_bot **out, uint64_t seed, char *err,
                 size_t errcap);

/* The canonical spec of b (made by bot_eval_bot) with eval=PATH put
 * back, into buf; 0 or -1 when it does not fit. */
int bot_eval_canon(const bot_eval *be, const mg_bot *b, char *buf,
                   size_t cap);

#endif
