/*
 * ops_takeback.c - a takeback asked for and answered (doc/server-api.md,
 * "Commands": takeback_request, takeback_accept, takeback_decline).  The
 * game is being played (ops.c's table checks it).
 */
#include "ops.h"

json_t *mgs_op_takeback_request(const mgs_op_call *c, mgs_result *r)
{
    const mgs_table *t = c->t;
    if (!t->r.takebacks)
        return mgs_error(r, 409, "takebacks are off at this table"), NULL;
    if (t->r.takeback_req == c->seat)
        return mgs_error(r, 409, "you have asked for a takeback already"), NULL;
    if (mgs_op_trailing(t, c->seat) == 0)
        return mgs_error(r, 409,
                         "nothing to take back: the last action is "
                         "not yours"),
               NULL;
    return json_pack("[o]", mgs_op_event(c->op->event, c->seat));
}

/* Is there a request of the opponent's to answer? */
static int requested(const mgs_op_call *c, mgs_result *r)
{
    if (c->t->r.takeback_req == 1 - c->seat)
        return 1;
    mgs_error(r, 409,
              "there is no takeback request of your opponent's to "
              "answer");
    return 0;
}

/* takeback_accept: event "takeback", the requester's trailing actions
 * undone */
json_t *mgs_op_takeback_accept(const mgs_op_call *c, mgs_result *r)
{
    const mgs_table *t = c->t;
    int other = 1 - c->seat;
    json_t *e;
    if (!requested(c, r))
        return NULL;
    e = mgs_op_event(c->op->event, other);
    json_object_set_new(e, "by", json_integer(c->seat));
    json_object_set_new(e, "undone", json_integer(mgs_op_trailing(t, other)));
    if (t->r.has_clock)
        json_object_set_new(e, "clock_ms", mgs_op_clock_now(t, c->now, -1, 0));
    return json_pack("[o]", e);
}

json_t *mgs_op_takeback_decline(const mgs_op_call *c, mgs_result *r)
{
    if (!requested(c, r))
        return NULL;
    return json_pack("[o]", mgs_op_event(c->op->event, c->seat));
}
