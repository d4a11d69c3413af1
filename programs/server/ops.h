/*
 * ops.h - the commands' table (ops.c) and what its handlers share: one
 * entry per op of doc/server-api.md ("Commands"), with who may send it
 * and what must hold before its handler runs; the handlers live by
 * concern in ops.c (move, rematch, the timer's timeout), ops_draw.c,
 * ops_takeback.c and ops_finish.c (resign, abort, claims).
 */
#ifndef MGS_OPS_H
#define MGS_OPS_H

#include "server.h"

/* Who may send an op: bits of MGS_BY_* (server.h). */
#define MGS_OP_PERSON (1u << MGS_BY_PERSON)
#define MGS_OP_BOT (1u << MGS_BY_BOT)
#define MGS_OP_SERVER (1u << MGS_BY_SERVER)
#define MGS_OP_SEATS (MGS_OP_PERSON | MGS_OP_BOT)

/* What must hold before the handler runs (409 with not_playing's words
 * otherwise), and what a person may still do at a seat a bot plays. */
enum {
    MGS_OP_PLAYING = 1, /* the game is being played */
    MGS_OP_OPEN = 2,    /* the game is waiting or being played */
    MGS_OP_TO_MOVE = 4, /* the sender's seat is to move */
    MGS_OP_BOT_SEAT = 8 /* its person may send it when a bot plays */
};

typedef struct mgs_op mgs_op;

/* One command being run: t locked. */
typedef struct mgs_op_call {
    mgs_srv *srv;
    mgs_table *t;
    int seat;
    const json_t *body;
    const char *cmd_id;
    int64_t now;
    const mgs_op *op;
} mgs_op_call;

/* A handler: the events its command makes (a JSON array, for mgs_call to
 * commit), or NULL with r filled (an error, or an answer of a handler
 * that committed on its own). */
typedef json_t *mgs_op_fn(const mgs_op_call *c, mgs_result *r);

struct mgs_op {
    const char *name;
    mgs_op_fn *fn;
    const char *event; /* the type of the event it makes (or NULL) */
    unsigned who;      /* MGS_OP_PERSON | ... */
    unsigned need;     /* MGS_OP_PLAYING | ... */
};

/* ops.c: shared by the handlers */
json_t *mgs_op_event(const char *type, int seat);
json_t *mgs_op_clock_now(const mgs_table *t, int64_t now, int seat,
                         int64_t add);
json_t *mgs_op_timed(const mgs_table *t, int64_t now, json_t *e);
int mgs_op_trailing(const mgs_table *t, int seat);

/* the handlers, by file */
json_t *mgs_op_draw_offer(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_draw_answer(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_takeback_request(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_takeback_accept(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_takeback_decline(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_resign(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_abort(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_claim_win(const mgs_op_call *c, mgs_result *r);
json_t *mgs_op_claim_bot(const mgs_op_call *c, mgs_result *r);

#endif
