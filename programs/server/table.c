/*
 * table.c - a table in memory: its replayed state (t->r, mgs_replayed:
 * made, freed and swapped whole) beside its runtime, and the one function
 * that changes the replayed state: mgs_table_apply(), which applies one
 * event of the table's log.  The server runs it on every event it has
 * just committed and, at start, on every stored event of a table, so a
 * table in memory is always its log replayed (doc/server-api.md,
 * "Events").
 */
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *mgs_status_name(int status)
{
    static const char *const names[] = {"waiting", "playing", "over",
                                        "aborted"};
    return status >= 0 && status <= MGS_ABORTED ? names[status] : "?";
}

void mgs_replayed_init(mgs_replayed *r)
{
    memset(r, 0, sizeof *r);
    r->clock_seat = -1;
    r->draw_offer = r->takeback_req = -1;
    r->winner = -1;
}

void mgs_replayed_free(mgs_replayed *r)
{
    int i;
    mg_state_free(r->state);
    mgs_game_put(r->game_ref);
    free(r->spec);
    free(r->movers);
    for (i = 0; i < r->ncmds; i++)
        free(r->cmds[i].answer);
    free(r->cmds);
    json_decref(r->ratings);
    mgs_replayed_init(r);
}

int mgs_replayed_copy(mgs_replayed *dst, const mgs_replayed *src)
{
    mgs_replayed_init(dst);
    *dst = *src;
    dst->game_ref = NULL;
    dst->game = NULL;
    dst->state = NULL;
    dst->spec = NULL;
    dst->movers = NULL;
    dst->movers_cap = 0;
    dst->ratings = NULL;
    dst->cmds = NULL; /* not copied: a change adds one once stored */
    dst->ncmds = dst->cmd_cap = 0;
    if (src->game_ref) {
        char msg[256];
        dst->game_ref = mgs_game_get(src->spec, msg, sizeof msg);
        if (!dst->game_ref)
            goto fail;
        dst->game = mgs_game_of(dst->game_ref);
    }
    if ((src->state && mg_state_clone(&dst->state, src->state) != MG_OK) ||
        (src->spec && !(dst->spec = strdup(src->spec))))
        goto fail;
    if (src->movers_cap > 0) {
        dst->movers = malloc((size_t)src->movers_cap);
        if (!dst->movers)
            goto fail;
        memcpy(dst->movers, src->movers, (size_t)src->movers_cap);
        dst->movers_cap = src->movers_cap;
    }
    if (src->ratings && !(dst->ratings = json_deep_copy(src->ratings)))
        goto fail;
    return 0;
fail:
    mgs_replayed_free(dst);
    return -1;
}

mgs_table *mgs_table_new(const char *id)
{
    mgs_table *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    snprintf(t->id, sizeof t->id, "%s", id);
    pthread_mutex_init(&t->mu, NULL);
    mgs_replayed_init(&t->r);
    return t;
}

void mgs_table_free(mgs_table *t)
{
    if (!t)
        return;
    mgs_replayed_free(&t->r);
    pthread_mutex_destroy(&t->mu);
    free(t);
}

int mgs_table_to_move(const mgs_table *t)
{
    int p;
    if (t->r.status != MGS_PLAYING || !t->r.state)
        return -1;
    p = mg_state_current_player(t->r.state);
    return p == 0 || p == 1 ? p : -1;
}

void mgs_table_clock_now(const mgs_table *t, int64_t now_ms, int64_t out[2])
{
    out[0] = t->r.remaining[0];
    out[1] = t->r.remaining[1];
    if (t->r.has_clock && t->r.clock_seat >= 0 && now_ms > t->r.turn_start_ms) {
        out[t->r.clock_seat] -= now_ms - t->r.turn_start_ms;
        if (out[t->r.clock_seat] < 0)
            out[t->r.clock_seat] = 0;
    }
}

/* ------------------------------------------------------------ helpers */

static int fail(char *err, size_t cap, const char *what, const json_t *ev)
{
    const char *type = json_string_value(json_object_get(ev, "type"));
    snprintf(err, cap, "event %s: %s", type ? type : "?", what);
    return -1;
}

static int get_seat(const json_t *ev)
{
    json_t *v = json_object_get(ev, "seat");
    if (!json_is_integer(v))
        return -1;
    return json_integer_value(v) == 0 || json_integer_value(v) == 1
               ? (int)json_integer_value(v)
               : -1;
}

/* The clock's state after an event that says the times: "clock_ms". */
static void set_clock(mgs_table *t, const json_t *ev, int64_t at)
{
    json_t *c = json_object_get(ev, "clock_ms");
    if (t->r.has_clock && json_is_array(c) && json_array_size(c) == 2) {
        t->r.remaining[0] = json_integer_value(json_array_get(c, 0));
        t->r.remaining[1] = json_integer_value(json_array_get(c, 1));
    }
    t->r.turn_start_ms = at;
    t->r.clock_seat = t->r.has_clock ? mgs_table_to_move(t) : -1;
}

static void end_game(mgs_table *t, int winner, int drawn, const char *how,
                     const char *reason)
{
    t->r.status = MGS_OVER;
    t->r.winner = winner;
    t->r.drawn = drawn;
    snprintf(t->r.how, sizeof t->r.how, "%s", how);
    snprintf(t->r.reason, sizeof t->r.reason, "%s", reason);
    t->r.clock_seat = -1;
    t->r.draw_offer = t->r.takeback_req = -1;
}

/* After the game's state changed: over by the rules? */
static void check_rules_end(mgs_table *t)
{
    char why[400];
    int w;
    if (!mg_state_is_terminal(t->r.state))
        return;
    w = mg_state_winner(t->r.state);
    if (mg_state_end_reason(t->r.state, why, sizeof why, NULL) != MG_OK)
        snprintf(why, sizeof why, "the game is over");
    end_game(t, w == 0 || w == 1 ? w : -1, w == MG_DRAW, "rules", why);
}

static int push_mover(mgs_table *t, int seat)
{
    size_t n = 0;
    mg_state_history(t->r.state, NULL, 0, &n);
    if ((int)n >= t->r.movers_cap) {
        int cap = t->r.movers_cap ? t->r.movers_cap * 2 : 64;
        signed char *m = realloc(t->r.movers, (size_t)cap);
        if (!m)
            return -1;
        t->r.movers = m;
        t->r.movers_cap = cap;
    }
    t->r.movers[n] = (signed char)seat;
    return 0;
}

static int apply_created(mgs_table *t, const json_t *ev, char *err,
                         size_t cap)
{
    const char *spec = json_string_value(json_object_get(ev, "spec"));
    json_t *seats = json_object_get(ev, "seats");
    json_t *clock = json_object_get(ev, "clock_setup");
    char msg[256];
    int i;
    if (t->r.game || !spec || !json_is_array(seats) ||
        json_array_size(seats) != 2)
        return fail(err, cap, "not a table's first event", ev);
    t->r.game_ref = mgs_game_get(spec, msg, sizeof msg);
    if (!t->r.game_ref) {
        snprintf(err, cap, "event created: spec '%s': %s", spec, msg);
        return -1;
    }
    t->r.game = mgs_game_of(t->r.game_ref);
    if (mg_state_new(&t->r.state, t->r.game) != MG_OK)
        return fail(err, cap, "out of memory", ev);
    t->r.spec = strdup(spec);
    if (!t->r.spec)
        return fail(err, cap, "out of memory", ev);
    for (i = 0; i < 2; i++) {
        json_t *s = json_array_get(seats, (size_t)i);
        const char *bot = json_string_value(json_object_get(s, "bot"));
        t->r.seats[i].kind = bot ? MGS_BOT : MGS_HUMAN;
        snprintf(t->r.seats[i].bot, sizeof t->r.seats[i].bot, "%s",
                 bot ? bot : "");
        t->r.seats[i].joined = bot != NULL;
        snprintf(t->r.seats[i].player, sizeof t->r.seats[i].player, "%s",
                 json_string_value(json_object_get(s, "player"))
                     ? json_string_value(json_object_get(s, "player"))
                     : "");
        t->r.seats[i].level =
            bot ? (int)json_integer_value(json_object_get(s, "level")) : 0;
    }
    t->r.creator = (int)json_integer_value(json_object_get(ev, "creator"));
    if (t->r.creator != 0 && t->r.creator != 1)
        return fail(err, cap, "bad creator", ev);
    t->r.seats[t->r.creator].joined = 1;
    t->r.has_clock = json_is_object(clock);
    if (t->r.has_clock) {
        t->r.base_ms = json_integer_value(json_object_get(clock, "base_ms"));
        t->r.inc_ms =
            json_integer_value(json_object_get(clock, "increment_ms"));
        t->r.remaining[0] = t->r.remaining[1] = t->r.base_ms;
        t->r.days_per_move =
            (int)json_integer_value(json_object_get(clock, "days_per_move"));
        if (t->r.days_per_move < 0 || t->r.days_per_move > 14 ||
            t->r.base_ms <= 0)
            return fail(err, cap, "bad clock_setup", ev);
    }
    t->r.takebacks = json_is_true(json_object_get(ev, "takebacks"));
    t->r.rated = json_is_true(json_object_get(ev, "rated"));
    t->r.bot_seed =
        (uint64_t)json_integer_value(json_object_get(ev, "bot_seed"));
    t->r.status = t->r.seats[0].joined && t->r.seats[1].joined ? MGS_PLAYING
                                                               : MGS_WAITING;
    if (t->r.status == MGS_PLAYING) /* a bot opposite: the clock runs now */
        set_clock(t, ev, json_integer_value(json_object_get(ev, "at_ms")));
    return 0;
}

/* A move: the action applied to the game's state, once.  A move event
 * made now (ops.c) does not say the clocks: they are read here, as of
 * at_ms before the move, the mover's increment added when the turn
 * passes (the state after the move says), and written into the event
 * ("clock_ms") that is then stored, so a replay reads them from it. */
static int apply_move(mgs_table *t, json_t *ev, int seat, int64_t at, char *err,
                      size_t cap)
{
    json_t *a = json_object_get(ev, "action");
    json_t *cm = NULL;
    int64_t c[2];
    int rc;
    if (t->r.status != MGS_PLAYING || seat != mgs_table_to_move(t) ||
        !json_is_integer(a))
        return fail(err, cap, "a move out of turn", ev);
    if (push_mover(t, seat) != 0)
        return fail(err, cap, "out of memory", ev);
    if (t->r.has_clock && !json_object_get(ev, "clock_ms")) {
        /* made before the move: nothing fails after it */
        mgs_table_clock_now(t, at, c);
        cm = json_pack("[I,I]", (json_int_t)c[0], (json_int_t)c[1]);
        if (!cm || json_object_set_new(ev, "clock_ms", cm) != 0)
            return fail(err, cap, "out of memory", ev);
    }
    rc = mg_state_apply(t->r.state, (int32_t)json_integer_value(a));
    if (rc != MG_OK) {
        if (cm)
            json_object_del(ev, "clock_ms");
        return fail(err, cap, mg_strerror(rc), ev);
    }
    if (cm && mg_state_current_player(t->r.state) != seat) {
        if (t->r.days_per_move) {
            /* correspondence: the turn passes, both periods are whole
             * again (the next seat's deadline: its days from now) */
            json_integer_set(json_array_get(cm, 0), t->r.base_ms);
            json_integer_set(json_array_get(cm, 1), t->r.base_ms);
        } else {
            json_integer_set(json_array_get(cm, (size_t)seat),
                             c[seat] + t->r.inc_ms);
        }
    }
    t->r.actions_by[seat]++;
    if (t->r.draw_offer == 1 - seat)
        t->r.draw_offer = -1;
    t->r.takeback_req = -1;
    check_rules_end(t);
    set_clock(t, ev, at);
    if (t->r.status != MGS_PLAYING)
        t->r.clock_seat = -1;
    return 0;
}

/* Take back the last n actions (all the requester's). */
static int apply_takeback(mgs_table *t, const json_t *ev, int64_t at,
                          char *err, size_t cap)
{
    int64_t n = json_integer_value(json_object_get(ev, "undone"));
    size_t len = 0;
    mg_state_history(t->r.state, NULL, 0, &len);
    if (n < 1 || (size_t)n > len)
        return fail(err, cap, "bad number of actions taken back", ev);
    while (n-- > 0) {
        int who;
        len--;
        who = t->r.movers[len];
        if (mg_state_undo(t->r.state) != MG_OK)
            return fail(err, cap, "nothing to undo", ev);
        t->r.actions_by[who]--;
    }
    t->r.takeback_req = t->r.draw_offer = -1;
    set_clock(t, ev, at);
    return 0;
}

int mgs_table_apply(mgs_table *t, json_t *ev, char *err, size_t errcap)
{
    const char *type = json_string_value(json_object_get(ev, "type"));
    int64_t at = json_integer_value(json_object_get(ev, "at_ms"));
    int64_t v = json_integer_value(json_object_get(ev, "version"));
    int seat = get_seat(ev);
    int rc = 0;
    if (!type || v != t->r.version + 1)
        return fail(errcap ? err : NULL, errcap, "version out of order", ev);
    if (strcmp(type, "created") == 0) {
        rc = apply_created(t, ev, err, errcap);
        t->r.created_ms = at;
    } else if (!t->r.game) {
        return fail(err, errcap, "before the table was created", ev);
    } else if (strcmp(type, "move") == 0) {
        rc = apply_move(t, ev, seat, at, err, errcap);
    } else if (strcmp(type, "joined") == 0) {
        if (seat < 0 || t->r.seats[seat].joined)
            return fail(err, errcap, "seat taken", ev);
        t->r.seats[seat].joined = 1;
        snprintf(t->r.seats[seat].player, sizeof t->r.seats[seat].player, "%s",
                 json_string_value(json_object_get(ev, "player"))
                     ? json_string_value(json_object_get(ev, "player"))
                     : "");
        if (t->r.seats[0].joined && t->r.seats[1].joined &&
            t->r.status == MGS_WAITING) {
            t->r.status = MGS_PLAYING;
            set_clock(t, ev, at);
        }
    } else if (strcmp(type, "resign") == 0 || strcmp(type, "timeout") == 0 ||
               strcmp(type, "claim_win") == 0) {
        char why[128];
        int w = type[0] == 'c' ? seat : 1 - seat;
        if (seat < 0)
            return fail(err, errcap, "no seat", ev);
        if (type[0] == 'r')
            snprintf(why, sizeof why, "seat %d resigned; seat %d wins", seat,
                     w);
        else if (type[0] == 't')
            snprintf(why, sizeof why,
                     "seat %d ran out of time; seat %d wins on time", seat, w);
        else
            snprintf(why, sizeof why,
                     "seat %d left the game; seat %d claimed the win", 1 - w,
                     w);
        end_game(t, w, 0,
                 type[0] == 'r' ? "resign" : type[0] == 't' ? "time"
                                                            : "abandoned",
                 why);
    } else if (strcmp(type, "draw_offer") == 0) {
        t->r.draw_offer = seat;
    } else if (strcmp(type, "draw_decline") == 0) {
        t->r.draw_offer = -1;
    } else if (strcmp(type, "draw_agreed") == 0) {
        end_game(t, -1, 1, "agreement", "drawn by agreement");
    } else if (strcmp(type, "takeback_request") == 0) {
        t->r.takeback_req = seat;
    } else if (strcmp(type, "takeback_decline") == 0) {
        t->r.takeback_req = -1;
    } else if (strcmp(type, "takeback") == 0) {
        rc = apply_takeback(t, ev, at, err, errcap);
    } else if (strcmp(type, "abort") == 0) {
        t->r.status = MGS_ABORTED;
        t->r.clock_seat = -1;
        snprintf(t->r.how, sizeof t->r.how, "aborted");
        snprintf(t->r.reason, sizeof t->r.reason, "seat %d aborted the game",
                 seat);
    } else if (strcmp(type, "expired") == 0) {
        t->r.status = MGS_ABORTED;
        t->r.clock_seat = -1;
        snprintf(t->r.how, sizeof t->r.how, "expired");
        snprintf(t->r.reason, sizeof t->r.reason,
                 "the table expired: nothing happened for too long");
    } else if (strcmp(type, "bot_failed") == 0) {
        const char *why = json_string_value(json_object_get(ev, "reason"));
        t->r.status = MGS_ABORTED;
        t->r.clock_seat = -1;
        t->r.draw_offer = t->r.takeback_req = -1;
        snprintf(t->r.how, sizeof t->r.how, "bot_failed");
        snprintf(t->r.reason, sizeof t->r.reason,
                 "the bot of seat %d failed: %.400s; the table is aborted",
                 seat, why ? why : "(no reason given)");
    } else if (strcmp(type, "bot_takeover") == 0) {
        const char *bot = json_string_value(json_object_get(ev, "bot"));
        if (seat < 0 || !bot)
            return fail(err, errcap, "no seat or bot", ev);
        t->r.seats[seat].kind = MGS_BOT;
        t->r.seats[seat].level = 0;
        snprintf(t->r.seats[seat].bot, sizeof t->r.seats[seat].bot, "%s", bot);
    } else if (strcmp(type, "rematch") == 0) {
        const char *id = json_string_value(json_object_get(ev, "table"));
        snprintf(t->r.rematch, sizeof t->r.rematch, "%s", id ? id : "");
    } else {
        return fail(err, errcap, "unknown type", ev);
    }
    if (rc == 0 && json_is_object(json_object_get(ev, "ratings"))) {
        json_decref(t->r.ratings);
        t->r.ratings = json_incref(json_object_get(ev, "ratings"));
    }
    if (rc == 0) {
        /* every event that says the clocks ("clock_ms") sets them: moves,
         * takebacks, and the ends (frozen at the moment of the end) */
        if (t->r.has_clock && json_is_array(json_object_get(ev, "clock_ms"))) {
            set_clock(t, ev, at);
            if (t->r.status != MGS_PLAYING)
                t->r.clock_seat = -1;
        }
        t->r.version = v;
        t->r.updated_ms = at;
    }
    return rc;
}

/* ---------------------------------------------------------- snapshots */

static json_t *result_json(const mgs_table *t)
{
    json_t *res;
    if (t->r.status != MGS_OVER)
        return json_null();
    res = json_pack("{s:o,s:b,s:s,s:s}", "winner",
                    t->r.winner >= 0 ? json_integer(t->r.winner) : json_null(),
                    "draw", t->r.drawn, "how", t->r.how, "reason",
                    t->r.reason);
    if (res && t->r.ratings)
        json_object_set(res, "ratings", t->r.ratings);
    return res;
}

/* The time the running seat's flag falls (ms since 1970), or -1. */
int64_t mgs_table_deadline(const mgs_table *t)
{
    if (!t->r.has_clock || t->r.clock_seat < 0 || t->r.status != MGS_PLAYING)
        return -1;
    return t->r.turn_start_ms + t->r.remaining[t->r.clock_seat];
}

static json_t *clock_json(const mgs_table *t, int64_t now_ms)
{
    int64_t r[2], dl = mgs_table_deadline(t);
    json_t *c;
    if (!t->r.has_clock)
        return json_null();
    mgs_table_clock_now(t, now_ms, r);
    c = json_pack(
        "{s:I,s:I,s:[I,I],s:o,s:[o,o]}", "base_ms", (json_int_t)t->r.base_ms,
        "increment_ms", (json_int_t)t->r.inc_ms, "remaining_ms",
        (json_int_t)r[0], (json_int_t)r[1], "running",
        t->r.clock_seat >= 0 ? json_integer(t->r.clock_seat) : json_null(),
        "deadline_ms",
        dl >= 0 && t->r.clock_seat == 0 ? json_integer(dl) : json_null(),
        dl >= 0 && t->r.clock_seat == 1 ? json_integer(dl) : json_null());
    if (c && t->r.days_per_move)
        json_object_set_new(c, "days_per_move",
                            json_integer(t->r.days_per_move));
    return c;
}

json_t *mgs_table_snapshot(const mgs_table *t, int64_t now_ms)
{
    json_t *moves = json_array(), *actions = json_array(), *seats = json_array();
    json_t *snap;
    int32_t *hist = NULL;
    size_t n = 0, i;
    int to_move = mgs_table_to_move(t);
    mg_state_history(t->r.state, NULL, 0, &n);
    if (n && (hist = malloc(n * sizeof *hist)) != NULL)
        mg_state_history(t->r.state, hist, n, &n);
    for (i = 0; hist && i < n; i++) {
        char name[64];
        if (mg_state_action_to_string(t->r.state, hist[i], name, sizeof name,
                                      NULL) != MG_OK)
            snprintf(name, sizeof name, "#%ld", (long)hist[i]);
        json_array_append_new(moves, json_string(name));
        json_array_append_new(actions, json_integer(hist[i]));
    }
    free(hist);
    for (i = 0; i < 2; i++) {
        const mgs_seat_replayed *s = &t->r.seats[i];
        const mgs_seat *run = &t->seats[i];
        json_t *sj = json_pack(
            "{s:i,s:s,s:o,s:b,s:b}", "seat", (int)i, "kind",
            s->kind == MGS_BOT ? "bot" : "human", "bot",
            s->kind == MGS_BOT ? json_string(s->bot) : json_null(), "joined",
            s->joined, "present",
            s->kind == MGS_BOT || run->present > 0 || run->remote_here);
        if (sj)
            json_object_set_new(sj, "player", s->player[0]
                                                  ? json_string(s->player)
                                                  : json_null());
        /* how long a person who joined has had no stream open (what
         * claim_win and claim_bot wait for): a page counts down from it */
        if (sj && s->kind == MGS_HUMAN && s->joined && run->present <= 0 &&
            !run->remote_here && run->away_since_ms > 0 &&
            t->r.status == MGS_PLAYING) {
            /* (or since another process saw it last: presence.c) */
            int64_t since = run->remote_ms > run->away_since_ms
                                ? run->remote_ms
                                : run->away_since_ms;
            json_object_set_new(
                sj, "away_ms",
                json_integer(now_ms > since ? now_ms - since : 0));
        }
        if (sj && s->kind == MGS_BOT && s->level > 0)
            json_object_set_new(sj, "level", json_integer(s->level));
        json_array_append_new(seats, sj);
    }
    snap = json_pack(
        "{s:s,s:s,s:s,s:I,s:s,s:o,s:o,s:o,s:o,s:o,s:b,s:b,s:{s:o,s:o},s:i,"
        "s:o,s:o,s:I,s:I}",
        "id", t->id, "spec", t->r.spec, "game", mg_game_id(t->r.game),
        "version", (json_int_t)t->r.version, "status",
        mgs_status_name(t->r.status), "moves", moves, "actions", actions,
        "to_move", to_move >= 0 ? json_integer(to_move) : json_null(), "seats",
        seats, "clock", clock_json(t, now_ms), "takebacks", t->r.takebacks,
        "rated", t->r.rated,
        "offers", "draw",
        t->r.draw_offer >= 0 ? json_integer(t->r.draw_offer) : json_null(),
        "takeback",
        t->r.takeback_req >= 0 ? json_integer(t->r.takeback_req) : json_null(),
        "spectators", t->spectators, "result", result_json(t), "rematch",
        t->r.rematch[0] ? json_string(t->r.rematch) : json_null(), "created_ms",
        (json_int_t)t->r.created_ms, "updated_ms", (json_int_t)t->r.updated_ms);
    if (snap && t->r.status == MGS_ABORTED)
        json_object_set_new(snap, "ended", json_string(t->r.reason));
    return snap;
}

json_t *mgs_table_row_json(const mgs_table *t)
{
    return json_pack("{s:s,s:s,s:I,s:i}", "spec", t->r.spec, "status",
                     mgs_status_name(t->r.status), "version",
                     (json_int_t)t->r.version, "clock", t->r.has_clock);
}
