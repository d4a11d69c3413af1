/*
 * ops_finish.c - the ends a player asks for (doc/server-api.md,
 * "Commands": resign, abort, claim_win; and claim_bot, which hands an
 * absent opponent's seat to a bot).  The timer's end, a fallen flag, is
 * ops.c's (it is checked before every command).
 */
#include "ops.h"

json_t *mgs_op_resign(const mgs_op_call *c, mgs_result *r)
{
    (void)r;
    return json_pack(
        "[o]", mgs_op_timed(c->t, c->now, mgs_op_event(c->op->event, c->seat)));
}

/* Only before both players have moved (the table is waiting or being
 * played: ops.c's table checks it). */
json_t *mgs_op_abort(const mgs_op_call *c, mgs_result *r)
{
    if (c->t->r.actions_by[0] > 0 && c->t->r.actions_by[1] > 0)
        return mgs_error(r, 409,
                         "too late to abort: both players have "
                         "moved (resign instead)"),
               NULL;
    return json_pack(
        "[o]", mgs_op_timed(c->t, c->now, mgs_op_event(c->op->event, c->seat)));
}

/* May the sender claim?  When the opponent, a person, has been away
 * --away-s on its own turn. */
static int may_claim(const mgs_op_call *c, mgs_result *r)
{
    const mgs_table *t = c->t;
    int other = 1 - c->seat;
    const mgs_seat *orun = &t->seats[other];
    int away_s = c->srv->cfg.away_s;
    int64_t wait, since = orun->away_since_ms, seen, fresh;
    if (t->r.seats[other].kind == MGS_BOT)
        return mgs_error(r, 409, "your opponent is a bot"), 0;
    if (mgs_table_to_move(t) != other)
        return mgs_error(r, 409, "only when it is your opponent's turn"), 0;
    if (orun->present > 0)
        return mgs_error(r, 409, "your opponent is here (connected)"), 0;
    /* or connected to another process sharing the database (presence.c) */
    if (mgs_presence_seen(c->srv, t, other, &seen, &fresh) != 0)
        return mgs_error(r, 503,
                         "storage failed: your opponent's presence "
                         "could not be read"),
               0;
    if (seen > 0 && c->now - seen <= fresh)
        return mgs_error(r, 409, "your opponent is here (connected)"), 0;
    if (seen > since)
        since = seen;
    wait = since + (int64_t)away_s * 1000 - c->now;
    if (wait > 0)
        return mgs_error(r, 409,
                         "your opponent has been away for less than "
                         "%d s: wait %lld s more",
                         away_s, (long long)(wait + 999) / 1000),
               0;
    return 1;
}

/* claim_win: event "claim_win", the game ends */
json_t *mgs_op_claim_win(const mgs_op_call *c, mgs_result *r)
{
    if (!may_claim(c, r))
        return NULL;
    return json_pack(
        "[o]", mgs_op_timed(c->t, c->now, mgs_op_event(c->op->event, c->seat)));
}

/* claim_bot: event "bot_takeover", the server's away bot plays the
 * opponent's seat */
json_t *mgs_op_claim_bot(const mgs_op_call *c, mgs_result *r)
{
    json_t *e;
    if (c->t->r.rated)
        return mgs_error(r, 409, "a rated table: no bot finishes a rated "
                                 "game for a person (claim_win ends it)"),
               NULL;
    if (!may_claim(c, r))
        return NULL;
    e = mgs_op_event(c->op->event, 1 - c->seat);
    json_object_set_new(e, "bot", json_string(c->srv->cfg.away_bot));
    json_object_set_new(e, "by", json_integer(c->seat));
    return json_pack("[o]", e);
}
