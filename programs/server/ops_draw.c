/*
 * ops_draw.c - the draw offer and its answer (doc/server-api.md,
 * "Commands": draw_offer, draw_accept, draw_decline).  The game is being
 * played (ops.c's table checks it).
 */
#include "ops.h"

json_t *mgs_op_draw_offer(const mgs_op_call *c, mgs_result *r)
{
    const mgs_table *t = c->t;
    if (t->r.draw_offer == c->seat)
        return mgs_error(r, 409, "you have offered a draw already"), NULL;
    if (t->r.draw_offer == 1 - c->seat)
        return mgs_error(r, 409,
                         "your opponent has offered a draw: accept or "
                         "decline it"),
               NULL;
    return json_pack("[o]", mgs_op_event(c->op->event, c->seat));
}

/* draw_accept ("draw_agreed", the game ends: the clocks stop) and
 * draw_decline */
json_t *mgs_op_draw_answer(const mgs_op_call *c, mgs_result *r)
{
    if (c->t->r.draw_offer != 1 - c->seat)
        return mgs_error(r, 409,
                         "there is no draw offer of your opponent's "
                         "to answer"),
               NULL;
    return json_pack(
        "[o]", mgs_op_timed(c->t, c->now, mgs_op_event(c->op->event, c->seat)));
}
