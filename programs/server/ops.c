/*
 * ops.c - the commands of doc/server-api.md ("Commands"): one table of
 * ops (name, handler, the event it makes, who may send it, what must
 * hold first), looked up once by mgs_command, which checks what every
 * command shares (cmd_id, expect_version, a fallen flag, a bot's seat,
 * the table's entry) and hands the handler's events to the one path of
 * a change (command.c).  The handlers, by concern: here the move, the
 * rematch and the timer's timeout; ops_draw.c, ops_takeback.c and
 * ops_finish.c (resign, abort, claims) the rest.  The library judges
 * moves (mg_state_illegal_reason).
 */
#include "ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *mgs_op_event(const char *type, int seat)
{
    json_t *e = json_pack("{s:s}", "type", type);
    if (seat >= 0)
        json_object_set_new(e, "seat", json_integer(seat));
    return e;
}

/* The clocks now, as an event's "clock_ms" (`add` to `seat`'s). */
json_t *mgs_op_clock_now(const mgs_table *t, int64_t now, int seat, int64_t add)
{
    int64_t c[2];
    mgs_table_clock_now(t, now, c);
    if (seat >= 0)
        c[seat] += add;
    return json_pack("[I,I]", (json_int_t)c[0], (json_int_t)c[1]);
}

/* The event with the clocks as they are now ("clock_ms"), at a table
 * with a clock: an end freezes them there. */
json_t *mgs_op_timed(const mgs_table *t, int64_t now, json_t *e)
{
    if (t->r.has_clock)
        json_object_set_new(e, "clock_ms", mgs_op_clock_now(t, now, -1, 0));
    return e;
}

/* Trailing actions made by `seat` (a takeback's length). */
int mgs_op_trailing(const mgs_table *t, int seat)
{
    size_t n = 0;
    int k = 0;
    mg_state_history(t->r.state, NULL, 0, &n);
    while (n > 0 && t->r.movers[n - 1] == seat)
        n--, k++;
    return k;
}

/* Has the running clock fallen?  Then commit the timeout: 1; 2 when
 * another process stored a change first (the table caught up: r says
 * so); 0 when it has not fallen. */
static int flag_fell(mgs_srv *srv, mgs_table *t, int64_t now, mgs_result *r)
{
    int rc;
    int64_t c[2];
    int s = t->r.clock_seat;
    json_t *evs;
    if (!t->r.has_clock || s < 0 || t->r.status != MGS_PLAYING)
        return 0;
    mgs_table_clock_now(t, now, c);
    if (c[s] > 0)
        return 0;
    evs = json_pack("[o]", mgs_op_event("timeout", s));
    json_object_set_new(json_array_get(evs, 0), "clock_ms",
                        json_pack("[I,I]", (json_int_t)c[0], (json_int_t)c[1]));
    rc = mgs_call(srv, t, evs, NULL, 0, -1, NULL, NULL, NULL, 0, 0, r);
    if (rc == 0) {
        json_decref(r->body);
        mgs_error(r, 409, "seat %d ran out of time: the game is over", s);
    }
    json_decref(evs);
    return rc == 1 ? 2 : 1;
}

static const char *not_playing(const mgs_table *t)
{
    switch (t->r.status) {
    case MGS_WAITING: return "the game has not started: the other seat is "
                             "not taken yet";
    case MGS_OVER: return "the game is over";
    case MGS_ABORTED: return "the game was aborted";
    default: return NULL;
    }
}

/* The move of op "move": its action id, or an answer. */
static int move_action(const mgs_table *t, const json_t *body, int32_t *a,
                       mgs_result *r)
{
    json_t *mv = json_object_get(body, "move"), *ac = json_object_get(body,
                                                                      "action");
    char why[512];
    if (mv && ac) {
        mgs_error(r, 400, "give either \"move\" (notation) or \"action\" (an id), "
                    "not both");
        return -1;
    }
    if (json_is_string(mv)) {
        if (mg_state_action_from_string(t->r.state, json_string_value(mv), a,
                                        why, sizeof why) != MG_OK) {
            mgs_error(r, 422, "not a move of this game: %s", why);
            return -1;
        }
    } else if (json_is_integer(ac)) {
        json_int_t v = json_integer_value(ac);
        if (v < INT32_MIN || v > INT32_MAX) {
            mgs_error(r, 422,
                      "action %lld does not exist in this game: its "
                      "action ids are 0 to %d",
                      (long long)v, (int)mg_game_num_actions(t->r.game) - 1);
            return -1;
        }
        *a = (int32_t)v;
    } else {
        mgs_error(r, 400, "op \"move\" needs \"move\" (a string in the game's "
                    "notation) or \"action\" (an integer id)");
        return -1;
    }
    if (mg_state_illegal_reason(t->r.state, *a, why, sizeof why, NULL) !=
        MG_OK) {
        mgs_error(r, 422, "%s", why);
        return -1;
    }
    return 0;
}

/* move: the sender's seat is to move (the table checks it).  Judged
 * here, named in the state before it, applied once by the one path
 * (table.c's apply_move, which also says the clocks after it). */
static json_t *op_move(const mgs_op_call *c, mgs_result *r)
{
    const mgs_table *t = c->t;
    int32_t a;
    json_t *e;
    char name[64];
    int rc;
    if (move_action(t, c->body, &a, r) != 0)
        return NULL;
    rc = mg_state_action_to_string(t->r.state, a, name, sizeof name, NULL);
    if (rc != MG_OK)
        return mgs_error(r, 500,
                         "internal error: action %ld has no notation: %s",
                         (long)a, mg_strerror(rc)),
               NULL;
    e = mgs_op_event(c->op->event, c->seat);
    json_object_set_new(e, "action", json_integer(a));
    json_object_set_new(e, "move", json_string(name));
    /* the clocks as of the command's time (a fallen flag was checked
     * then) */
    json_object_set_new(e, "at_ms", json_integer(c->now));
    return json_pack("[o]", e);
}

/* rematch: a new table (join.c), committed there */
static json_t *op_rematch(const mgs_op_call *c, mgs_result *r)
{
    mgs_rematch(c->srv, c->t, c->seat, c->cmd_id, r);
    return NULL;
}

/* timeout: the timer's, when the running clock has fallen */
static json_t *op_timeout(const mgs_op_call *c, mgs_result *r)
{
    flag_fell(c->srv, c->t, c->now, r);
    return NULL;
}

/* The commands, in the order the unknown op's answer lists them. */
static const mgs_op ops[] = {
    {"move", op_move, "move", MGS_OP_SEATS, MGS_OP_PLAYING | MGS_OP_TO_MOVE},
    {"resign", mgs_op_resign, "resign", MGS_OP_SEATS,
     MGS_OP_PLAYING | MGS_OP_BOT_SEAT},
    {"draw_offer", mgs_op_draw_offer, "draw_offer", MGS_OP_SEATS,
     MGS_OP_PLAYING},
    {"draw_accept", mgs_op_draw_answer, "draw_agreed", MGS_OP_SEATS,
     MGS_OP_PLAYING},
    {"draw_decline", mgs_op_draw_answer, "draw_decline", MGS_OP_SEATS,
     MGS_OP_PLAYING},
    {"takeback_request", mgs_op_takeback_request, "takeback_request",
     MGS_OP_SEATS, MGS_OP_PLAYING},
    {"takeback_accept", mgs_op_takeback_accept, "takeback", MGS_OP_SEATS,
     MGS_OP_PLAYING},
    {"takeback_decline", mgs_op_takeback_decline, "takeback_decline",
     MGS_OP_SEATS, MGS_OP_PLAYING},
    {"abort", mgs_op_abort, "abort", MGS_OP_SEATS, MGS_OP_OPEN},
    {"rematch", op_rematch, NULL, MGS_OP_SEATS, MGS_OP_BOT_SEAT},
    {"claim_win", mgs_op_claim_win, "claim_win", MGS_OP_SEATS, MGS_OP_PLAYING},
    {"claim_bot", mgs_op_claim_bot, "bot_takeover", MGS_OP_SEATS,
     MGS_OP_PLAYING},
    {"timeout", op_timeout, "timeout", MGS_OP_SERVER, 0},
};
#define NOPS (sizeof ops / sizeof ops[0])

static const mgs_op *find_op(const char *name)
{
    size_t i;
    for (i = 0; i < NOPS; i++)
        if (strcmp(ops[i].name, name) == 0)
            return &ops[i];
    return NULL;
}

/* 400: the ops a seat may send, from the table */
static void unknown_op(const char *op, mgs_result *r)
{
    char list[512];
    size_t i, len = 0, n = 0, k = 0;
    for (i = 0; i < NOPS; i++)
        n += (ops[i].who & MGS_OP_PERSON) != 0;
    list[0] = '\0';
    for (i = 0; i < NOPS && len < sizeof list; i++) {
        if (!(ops[i].who & MGS_OP_PERSON))
            continue;
        k++;
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                k == 1   ? ""
                                : k == n ? " or "
                                         : ", ",
                                ops[i].name);
    }
    mgs_error(r, 400, "unknown op '%s': expected %s", op, list);
}

/* Does what the op's entry says must hold not hold?  1: r is the 409. */
static int unmet(const mgs_op *op, const mgs_table *t, int seat, mgs_result *r)
{
    const char *np = not_playing(t);
    if ((op->need & MGS_OP_PLAYING) && np)
        return mgs_error(r, 409, "%s", np), 1;
    if ((op->need & MGS_OP_OPEN) && t->r.status != MGS_WAITING &&
        t->r.status != MGS_PLAYING)
        return mgs_error(r, 409, "%s", np), 1;
    if ((op->need & MGS_OP_TO_MOVE) && mgs_table_to_move(t) != seat)
        return mgs_error(r, 409, "it is seat %d's turn, not yours",
                         mgs_table_to_move(t)),
               1;
    return 0;
}

/* The command's cmd_id: 0 (none, or NULL in *id), 1 (answered before:
 * r is the kept answer), -1 (not a valid id: r is the error). */
static int cmd_id_of(const mgs_table *t, int seat, const json_t *body,
                     const char **id, mgs_result *r)
{
    json_t *cid = json_object_get(body, "cmd_id");
    const char *cmd_id;
    size_t k;
    int i;
    *id = NULL;
    if (!cid)
        return 0;
    cmd_id = json_string_value(cid);
    if (!cmd_id || !cmd_id[0] || strlen(cmd_id) > MGS_CMD_ID_MAX) {
        mgs_error(r, 400,
                  "\"cmd_id\" must be a string of 1 to %d printable "
                  "ASCII characters",
                  MGS_CMD_ID_MAX);
        return -1;
    }
    for (k = 0; cmd_id[k]; k++)
        if (cmd_id[k] < 0x21 || cmd_id[k] > 0x7e) {
            mgs_error(r, 400,
                      "\"cmd_id\" must be printable ASCII without "
                      "spaces");
            return -1;
        }
    for (i = 0; i < t->r.ncmds; i++)
        if (t->r.cmds[i].seat == seat && strcmp(t->r.cmds[i].id, cmd_id) == 0) {
            json_error_t je;
            r->status = t->r.cmds[i].status;
            r->body = json_loads(t->r.cmds[i].answer, 0, &je);
            return 1;
        }
    *id = cmd_id;
    return 0;
}

/* expect_version: 0 (none or met), -1 (r is the error) */
static int version_unmet(const mgs_table *t, const json_t *body, mgs_result *r)
{
    json_t *ev = json_object_get(body, "expect_version");
    char msg[160];
    if (!ev)
        return 0;
    if (!json_is_integer(ev)) {
        mgs_error(r, 400,
                  "\"expect_version\" must be an integer (the table's "
                  "version you saw)");
        return -1;
    }
    if (json_integer_value(ev) == (json_int_t)t->r.version)
        return 0;
    snprintf(msg, sizeof msg,
             "the table is at version %lld, not the expected %lld",
             (long long)t->r.version, (long long)json_integer_value(ev));
    mgs_error(r, 409, "%s", msg);
    json_object_set_new(r->body, "version", json_integer(t->r.version));
    return -1;
}

/* One try of mgs_command: 1 when its commit lost to another process's
 * (the table caught up with its log: try again), else 0. */
static int command_once(mgs_srv *srv, mgs_table *t, int seat,
                        const json_t *body, int internal, mgs_result *r)
{
    const char *name = json_string_value(json_object_get(body, "op"));
    mgs_op_call c;
    json_t *events;
    int rc = 0, fell;
    r->status = 0;
    r->body = NULL;
    if (!name) {
        mgs_error(r, 400, "the command needs \"op\", a string");
        return 0;
    }
    c.srv = srv;
    c.t = t;
    c.seat = seat;
    c.body = body;
    c.now = mgs_now_ms();
    if (cmd_id_of(t, seat, body, &c.cmd_id, r) != 0 ||
        version_unmet(t, body, r) != 0)
        return 0;
    if (internal != MGS_BY_SERVER && (fell = flag_fell(srv, t, c.now, r)))
        return fell == 2;
    c.op = find_op(name);
    /* a seat a bot plays takes moves from the bot only (its person may
     * still resign, or ask for a rematch once the game is over) */
    if (internal == MGS_BY_PERSON && t->r.seats[seat].kind == MGS_BOT &&
        !(c.op && (c.op->need & MGS_OP_BOT_SEAT))) {
        mgs_error(r, 409,
                  "a bot plays seat %d now: only resign and rematch "
                  "are left to its person",
                  seat);
        return 0;
    }
    if (!c.op || !(c.op->who & (1u << internal))) {
        unknown_op(name, r);
        return 0;
    }
    if (unmet(c.op, t, seat, r))
        return 0;
    events = c.op->fn(&c, r);
    if (events) {
        /* validate, apply, commit, answer, publish, wake: command.c */
        rc = mgs_call(srv, t, events, NULL, 0, seat, c.cmd_id, NULL, NULL,
                      0, 0, r) == 1;
        json_decref(events);
    }
    return rc;
}

void mgs_command(mgs_srv *srv, mgs_table *t, int seat, const json_t *body,
                 int internal, mgs_result *r)
{
    json_t *ev = json_object_get(body, "expect_version");
    /* a client that saw a version this process has not heard of yet
     * (another process stored it): catch up first */
    if (json_is_integer(ev) && json_integer_value(ev) > t->r.version &&
        __atomic_load_n(&srv->cluster, __ATOMIC_ACQUIRE))
        mgs_table_refresh(srv, t);
    /* its commit lost to another process's change: once more, on the
     * state that change made (the stored answer of a re-sent cmd_id,
     * "not your turn", ...) */
    if (command_once(srv, t, seat, body, internal, r) == 1 ||
        /* refused by what this process holds: what another process
         * stored may say otherwise (the player's turn now) */
        ((r->status == 403 || r->status == 409 || r->status == 422) &&
         __atomic_load_n(&srv->cluster, __ATOMIC_ACQUIRE) &&
         mgs_table_refresh(srv, t) == 1)) {
        json_decref(r->body);
        r->body = NULL;
        command_once(srv, t, seat, body, internal, r);
    }
}