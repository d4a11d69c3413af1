/*
 * ops.c - the commands of doc/server-api.md ("Commands"): each is checked
 * against the table as committed, the library judging moves
 * (mg_state_illegal_reason), and becomes events that command.c commits;
 * and table creation and joining ("Tables").
 */
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static json_t *event(const char *type, int seat)
{
    json_t *e = json_pack("{s:s}", "type", type);
    if (seat >= 0)
        json_object_set_new(e, "seat", json_integer(seat));
    return e;
}

/* The clocks now, as an event's "clock_ms". */
static json_t *clock_now(const mgs_table *t, int64_t now, int seat,
                         int64_t add)
{
    int64_t c[2];
    mgs_table_clock_now(t, now, c);
    if (seat >= 0)
        c[seat] += add;
    return json_pack("[I,I]", (json_int_t)c[0], (json_int_t)c[1]);
}

/* The event with the clocks as they are now ("clock_ms"), at a table
 * with a clock: an end freezes them there. */
static json_t *timed(const mgs_table *t, int64_t now, json_t *e)
{
    if (t->r.has_clock)
        json_object_set_new(e, "clock_ms", clock_now(t, now, -1, 0));
    return e;
}

/* Has the running clock fallen?  Then commit the timeout. */
static int flag_fell(mgs_srv *srv, mgs_table *t, int64_t now, mgs_result *r)
{
    int64_t c[2];
    int s = t->r.clock_seat;
    json_t *evs;
    if (!t->r.has_clock || s < 0 || t->r.status != MGS_PLAYING)
        return 0;
    mgs_table_clock_now(t, now, c);
    if (c[s] > 0)
        return 0;
    evs = json_pack("[o]", event("timeout", s));
    json_object_set_new(json_array_get(evs, 0), "clock_ms",
                        json_pack("[I,I]", (json_int_t)c[0], (json_int_t)c[1]));
    if (mgs_commit(srv, t, evs, NULL, 0, -1, NULL, NULL, NULL, 0, r) == 0) {
        mgs_broadcast(srv, t, evs);
        json_decref(r->body);
        mgs_error(r, 409, "seat %d ran out of time: the game is over", s);
    }
    json_decref(evs);
    return 1;
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

/* Trailing actions made by `seat` (a takeback's length). */
static int trailing(const mgs_table *t, int seat)
{
    size_t n = 0;
    int k = 0;
    mg_state_history(t->r.state, NULL, 0, &n);
    while (n > 0 && t->r.movers[n - 1] == seat)
        n--, k++;
    return k;
}

static json_t *op_events(mgs_srv *srv, mgs_table *t, int seat,
                         const char *op, const json_t *body, int64_t now,
                         mgs_result *r)
{
    int other = 1 - seat;
    const char *np = not_playing(t);
    if (strcmp(op, "move") == 0) {
        int32_t a;
        int passes;
        json_t *e;
        char name[64];
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        if (mgs_table_to_move(t) != seat)
            return mgs_error(r, 409, "it is seat %d's turn, not yours",
                       mgs_table_to_move(t)),
                   NULL;
        if (move_action(t, body, &a, r) != 0)
            return NULL;
        mg_state_apply(t->r.state, a);
        passes = mg_state_current_player(t->r.state) != seat;
        mg_state_undo(t->r.state);
        mg_state_action_to_string(t->r.state, a, name, sizeof name, NULL);
        e = event("move", seat);
        json_object_set_new(e, "action", json_integer(a));
        json_object_set_new(e, "move", json_string(name));
        if (t->r.has_clock)
            json_object_set_new(
                e, "clock_ms",
                clock_now(t, now, seat, passes ? t->r.inc_ms : 0));
        return json_pack("[o]", e);
    }
    if (strcmp(op, "resign") == 0) {
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        return json_pack("[o]", timed(t, now, event("resign", seat)));
    }
    if (strcmp(op, "draw_offer") == 0) {
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        if (t->r.draw_offer == seat)
            return mgs_error(r, 409, "you have offered a draw already"), NULL;
        if (t->r.draw_offer == other)
            return mgs_error(r, 409, "your opponent has offered a draw: accept or "
                               "decline it"),
                   NULL;
        return json_pack("[o]", event("draw_offer", seat));
    }
    if (strcmp(op, "draw_accept") == 0 || strcmp(op, "draw_decline") == 0) {
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        if (t->r.draw_offer != other)
            return mgs_error(r, 409, "there is no draw offer of your opponent's "
                               "to answer"),
                   NULL;
        return json_pack("[o]", timed(t, now,
                                      event(op[5] == 'a' ? "draw_agreed"
                                                         : "draw_decline",
                                            seat)));
    }
    if (strcmp(op, "takeback_request") == 0) {
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        if (!t->r.takebacks)
            return mgs_error(r, 409, "takebacks are off at this table"), NULL;
        if (t->r.takeback_req == seat)
            return mgs_error(r, 409, "you have asked for a takeback already"),
                   NULL;
        if (trailing(t, seat) == 0)
            return mgs_error(r, 409, "nothing to take back: the last action is "
                               "not yours"),
                   NULL;
        return json_pack("[o]", event("takeback_request", seat));
    }
    if (strcmp(op, "takeback_accept") == 0 ||
        strcmp(op, "takeback_decline") == 0) {
        json_t *e;
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        if (t->r.takeback_req != other)
            return mgs_error(r, 409, "there is no takeback request of your "
                               "opponent's to answer"),
                   NULL;
        if (op[9] == 'd')
            return json_pack("[o]", event("takeback_decline", seat));
        e = event("takeback", other);
        json_object_set_new(e, "by", json_integer(seat));
        json_object_set_new(e, "undone", json_integer(trailing(t, other)));
        if (t->r.has_clock)
            json_object_set_new(e, "clock_ms", clock_now(t, now, -1, 0));
        return json_pack("[o]", e);
    }
    if (strcmp(op, "abort") == 0) {
        if (t->r.status != MGS_WAITING && t->r.status != MGS_PLAYING)
            return mgs_error(r, 409, "%s", np), NULL;
        if (t->r.actions_by[0] > 0 && t->r.actions_by[1] > 0)
            return mgs_error(r, 409, "too late to abort: both players have "
                               "moved (resign instead)"),
                   NULL;
        return json_pack("[o]", timed(t, now, event("abort", seat)));
    }
    if (strcmp(op, "claim_win") == 0 || strcmp(op, "claim_bot") == 0) {
        const mgs_seat_replayed *o = &t->r.seats[other];
        const mgs_seat *orun = &t->seats[other];
        int64_t wait;
        json_t *e;
        if (np)
            return mgs_error(r, 409, "%s", np), NULL;
        if (o->kind == MGS_BOT)
            return mgs_error(r, 409, "your opponent is a bot"), NULL;
        if (mgs_table_to_move(t) != other)
            return mgs_error(r, 409, "only when it is your opponent's turn"), NULL;
        if (orun->present > 0)
            return mgs_error(r, 409, "your opponent is here (connected)"), NULL;
        wait = orun->away_since_ms + (int64_t)srv->cfg.away_s * 1000 - now;
        if (wait > 0)
            return mgs_error(r, 409, "your opponent has been away for less than "
                               "%d s: wait %lld s more",
                       srv->cfg.away_s, (long long)(wait + 999) / 1000),
                   NULL;
        if (op[6] == 'w')
            return json_pack("[o]", timed(t, now, event("claim_win", seat)));
        e = event("bot_takeover", other);
        json_object_set_new(e, "bot", json_string(srv->cfg.away_bot));
        json_object_set_new(e, "by", json_integer(seat));
        return json_pack("[o]", e);
    }
    mgs_error(r, 400, "unknown op '%s': expected move, resign, draw_offer, "
                "draw_accept, draw_decline, takeback_request, "
                "takeback_accept, takeback_decline, abort, rematch, "
                "claim_win or claim_bot",
        op);
    return NULL;
}

int mgs_rematch(mgs_srv *srv, mgs_table *t, int seat, const char *cmd_id,
                mgs_result *r);

void mgs_command(mgs_srv *srv, mgs_table *t, int seat, const json_t *body,
                 int internal, mgs_result *r)
{
    const char *op = json_string_value(json_object_get(body, "op"));
    json_t *ev = json_object_get(body, "expect_version");
    json_t *cid = json_object_get(body, "cmd_id");
    const char *cmd_id = NULL;
    int64_t now = mgs_now_ms();
    json_t *events = NULL;
    int i;
    r->status = 0;
    r->body = NULL;
    if (!op) {
        mgs_error(r, 400, "the command needs \"op\", a string");
        return;
    }
    if (cid) {
        size_t k;
        cmd_id = json_string_value(cid);
        if (!cmd_id || !cmd_id[0] || strlen(cmd_id) > MGS_CMD_ID_MAX) {
            mgs_error(r, 400, "\"cmd_id\" must be a string of 1 to %d printable "
                        "ASCII characters",
                MGS_CMD_ID_MAX);
            return;
        }
        for (k = 0; cmd_id[k]; k++)
            if (cmd_id[k] < 0x21 || cmd_id[k] > 0x7e) {
                mgs_error(r, 400, "\"cmd_id\" must be printable ASCII without "
                            "spaces");
                return;
            }
        for (i = 0; i < t->r.ncmds; i++)
            if (t->r.cmds[i].seat == seat &&
                strcmp(t->r.cmds[i].id, cmd_id) == 0) {
                json_error_t je;
                r->status = t->r.cmds[i].status;
                r->body = json_loads(t->r.cmds[i].answer, 0, &je);
                return;
            }
    }
    if (ev && !json_is_integer(ev)) {
        mgs_error(r, 400, "\"expect_version\" must be an integer (the table's "
                    "version you saw)");
        return;
    }
    if (ev && json_integer_value(ev) != (json_int_t)t->r.version) {
        mgs_error(r, 409, "the table is at version %lld, not the expected %s",
                  (long long)t->r.version,
                  json_is_integer(ev) ? "one" : "(not an integer)");
        json_object_set_new(r->body, "version", json_integer(t->r.version));
        if (json_is_integer(ev)) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "the table is at version %lld, not the expected %lld",
                     (long long)t->r.version,
                     (long long)json_integer_value(ev));
            json_object_set_new(r->body, "error", json_string(msg));
        }
        return;
    }
    if (internal != MGS_BY_SERVER && flag_fell(srv, t, now, r))
        return;
    /* a seat a bot plays takes moves from the bot only (its person may
     * still resign, or ask for a rematch once the game is over) */
    if (internal == MGS_BY_PERSON && t->r.seats[seat].kind == MGS_BOT &&
        strcmp(op, "resign") != 0 && strcmp(op, "rematch") != 0) {
        mgs_error(r, 409, "a bot plays seat %d now: only resign and rematch are "
                    "left to its person",
            seat);
        return;
    }
    if (strcmp(op, "rematch") == 0) {
        mgs_rematch(srv, t, seat, cmd_id, r);
    } else if (internal == MGS_BY_SERVER && strcmp(op, "timeout") == 0) {
        flag_fell(srv, t, now, r);
        return;
    } else {
        events = op_events(srv, t, seat, op, body, now, r);
        if (!events)
            return;
        if (mgs_commit(srv, t, events, NULL, 0, seat, cmd_id, NULL, NULL, 0,
                       r) != 0)
            goto done;
        mgs_broadcast(srv, t, events);
    }
    if (r->status == 200)
        mgs_bot_wake(srv, t);
done:
    json_decref(events);
}
