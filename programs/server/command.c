/*
 * command.c - every change of a table takes one path, mgs_call, whoever
 * makes it (a person's or a bot's command, the timer, creation, joining,
 * a rematch): its events, validated against the table as committed (the
 * library judges moves, ops.c), are applied in memory under the table's
 * lock, once each, turned into JSON text once, committed to storage
 * (mgs_store_append returns once they are on disk), and only then
 * answered, published to the table's streams (that same text) and the
 * bot woken.  If the commit fails, the table's replayed state is rebuilt
 * from its stored log and swapped in whole (reload), so nothing that was
 * not committed stays in memory.
 *
 * Several processes sharing one database (PostgreSQL): a table in
 * memory is a cache of its log.  When a commit loses its conditional
 * write because another process stored that version first (the log
 * moved past the version this change was made on), the table is rebuilt
 * from its log, the events it missed go to its streams, and mgs_call
 * returns 1 (stale): the caller tries its command once more on the
 * fresh state (ops.c, join.c) or does nothing more (the timer, bots).
 * mgs_table_refresh brings a table up to its log without a conflict
 * (a notification from another process: cluster.c).
 */
#include "ratings.h"
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include <time.h>

#include <stdarg.h>

void mgs_verror(mgs_result *r, int status, const char *fmt, va_list ap)
{
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    mgs_utf8_clean(msg); /* a client's bytes in it, or a cut character */
    r->status = status;
    r->body = json_pack("{s:s}", "error", msg);
}

void mgs_error(mgs_result *r, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mgs_verror(r, status, fmt, ap);
    va_end(ap);
}

/* The derived fields every event carries: who is to move, the status,
 * the result and the clocks, as they are after the event. */
static void add_derived(const mgs_table *t, json_t *ev, int64_t now)
{
    int to_move = mgs_table_to_move(t);
    json_t *snap_result;
    json_object_set_new(ev, "to_move", to_move >= 0 ? json_integer(to_move)
                                                    : json_null());
    json_object_set_new(ev, "status",
                        json_string(mgs_status_name(t->r.status)));
    if (t->r.status == MGS_OVER)
        snap_result = json_pack(
            "{s:o,s:b,s:s,s:s}", "winner",
            t->r.winner >= 0 ? json_integer(t->r.winner) : json_null(), "draw",
            t->r.drawn, "how", t->r.how, "reason", t->r.reason);
    else
        snap_result = json_null();
    if (snap_result && t->r.ratings)
        json_object_set(snap_result, "ratings", t->r.ratings);
    json_object_set_new(ev, "result", snap_result);
    if (t->r.has_clock) {
        int64_t c[2];
        mgs_table_clock_now(t, now, c);
        json_object_set_new(
            ev, "clock",
            json_pack("{s:[I,I],s:o}", "remaining_ms", (json_int_t)c[0],
                      (json_int_t)c[1], "running",
                      t->r.clock_seat >= 0 ? json_integer(t->r.clock_seat)
                                           : json_null()));
    }
}

/* The ratings a game's end changed (NULL: none) on its event and t. */
static void set_ratings(mgs_table *t, json_t *ev, json_t *ratings)
{
    json_decref(t->r.ratings);
    t->r.ratings = ratings ? json_incref(ratings) : NULL;
    if (ratings)
        json_object_set(ev, "ratings", ratings);
    else
        json_object_del(ev, "ratings");
}

/* Rebuild t from storage after a failed commit (t locked); when storage
 * cannot be read either (PostgreSQL down), saved (if not NULL): t's
 * state before the change, taken by mgs_call.  0 rebuilt from the log,
 * -1 not (saved put back, or t closed to changes). */
static int reload(mgs_srv *srv, mgs_table *t, mgs_replayed *saved);
/* Has table id's log an event after version v?  1 yes, 0 no, -1 cannot
 * tell. */
static int log_moved(mgs_srv *srv, const char *id, int64_t v);
/* After t's state was swapped for its log's: the events after version
 * v0 to its streams, its limits and its bot (t locked). */
static void caught_up(mgs_srv *srv, mgs_table *t, int64_t v0, int was_open);

/* Remember a command's answer in memory (after its commit). */
static void remember(mgs_table *t, int seat, const char *id, int status,
                     char *answer)
{
    if (t->r.ncmds == t->r.cmd_cap) {
        int cap = t->r.cmd_cap ? t->r.cmd_cap * 2 : 8;
        mgs_cmd *m = realloc(t->r.cmds, (size_t)cap * sizeof *m);
        if (!m) {
            free(answer);
            return;
        }
        t->r.cmds = m;
        t->r.cmd_cap = cap;
    }
    t->r.cmds[t->r.ncmds].seat = seat;
    snprintf(t->r.cmds[t->r.ncmds].id, sizeof t->r.cmds[t->r.ncmds].id, "%s",
             id);
    t->r.cmds[t->r.ncmds].status = status;
    t->r.cmds[t->r.ncmds].answer = answer;
    t->r.ncmds++;
}

int mgs_call(mgs_srv *srv, mgs_table *t, json_t *events,
             const mgs_seat_row *seats, int nseats, int cmd_seat,
             const char *cmd_id, const json_t *answer_extra,
             const mgs_append *extra, int nextra, int flags, mgs_result *r)
{
    json_t *answer = NULL;
    char *answer_text = NULL;
    mgs_command_row cmd;
    int64_t now = mgs_now_ms();
    size_t n = json_array_size(events), i;
    mgs_event_row *rows = calloc(n ? n : 1, sizeof *rows);
    char **texts = calloc(n ? n : 1, sizeof *texts);
    mgs_append *ap = calloc((size_t)nextra + 2, sizeof *ap);
    json_t *row = NULL;
    char *row_text = NULL;
    char err[512];
    int rc = -1, tries, src;
    int was_open = t->r.status == MGS_WAITING || t->r.status == MGS_PLAYING;
    int64_t v0 = t->r.version; /* committed: this change is made on it */
    mgs_end_docs end;
    size_t end_i = 0;
    mgs_append *ap0;
    mgs_replayed saved; /* t before this change: see reload */
    memset(&end, 0, sizeof end);
    mgs_replayed_init(&saved);
    if (!rows || !texts || !ap || mgs_replayed_copy(&saved, &t->r) != 0) {
        mgs_error(r, 503, "out of memory");
        goto out;
    }
    for (i = 0; i < n; i++) {
        json_t *ev = json_array_get(events, i);
        int open_before =
            t->r.status == MGS_WAITING || t->r.status == MGS_PLAYING;
        json_object_set_new(ev, "version", json_integer(t->r.version + 1));
        if (!json_object_get(ev, "at_ms"))
            json_object_set_new(ev, "at_ms", json_integer(now));
        if (mgs_table_apply(t, ev, err, sizeof err) != 0) {
            mgs_log("table %s: refused its own event: %s", t->id, err);
            mgs_error(r, 500, "internal error: %s", err);
            if (i > 0)
                reload(srv, t, &saved);
            goto out;
        }
        if (open_before && t->r.status != MGS_WAITING &&
            t->r.status != MGS_PLAYING) {
            /* the game ends: its players' documents, its ratings */
            if (mgs_end_docs_make(srv, t, now, &end) != 0) {
                mgs_error(r, 503, "storage does not answer: nothing was "
                                  "applied; try again");
                reload(srv, t, &saved);
                goto out;
            }
            end_i = i;
            set_ratings(t, ev, end.ratings);
        }
        add_derived(t, ev, now);
        texts[i] = json_dumps(ev, JSON_COMPACT); /* stored and streamed */
        if (!texts[i]) {
            mgs_error(r, 503, "out of memory");
            reload(srv, t, &saved);
            goto out;
        }
        rows[i].version = t->r.version;
        rows[i].type = json_string_value(json_object_get(ev, "type"));
        rows[i].json = texts[i];
        rows[i].at_ms = json_integer_value(json_object_get(ev, "at_ms"));
    }
    row = mgs_table_row_json(t);
    row_text = row ? json_dumps(row, JSON_COMPACT) : NULL;
    ap0 = &ap[0];
    ap0->table_id = t->id;
    ap0->table_json = row_text;
    ap0->created_ms = t->r.created_ms;
    ap0->updated_ms = t->r.updated_ms ? t->r.updated_ms : now;
    ap0->seats = seats;
    ap0->nseats = nseats;
    ap0->events = rows;
    ap0->nevents = (int)n;
    for (i = 0; i < (size_t)nextra; i++)
        ap[i + 1] = extra[i];
    /* a game's end: its documents go with the table's own append, or in
     * one of their own when extra already has one for this table */
    if (end.nd > 0) {
        ap[nextra + 1].docs = end.row;
        ap[nextra + 1].ndocs = end.nd;
    }
    for (tries = 0;; tries++) {
        answer = json_pack("{s:I,s:O}", "version", (json_int_t)t->r.version,
                           "event", json_array_get(events, n ? n - 1 : 0));
        if (answer && answer_extra)
            json_object_update(answer, (json_t *)answer_extra);
        if (answer && cmd_id) {
            answer_text = json_dumps(answer, JSON_COMPACT);
            cmd.seat = cmd_seat;
            cmd.cmd_id = cmd_id;
            cmd.status = 200;
            cmd.answer = answer_text;
        }
        ap0->command = answer_text ? &cmd : NULL;
        src = mgs_store_append(srv->store, ap, nextra + 1 + (end.nd > 0),
                               err, sizeof err);
        if (src == MGS_OK)
            break;
        /* another process stored version v0 + 1 first (its events, or
         * this very command): this change was made on a stale state.
         * The table is rebuilt from its log (which has that process's
         * events, and its commands' answers) and the caller decides:
         * the same command once more, or nothing */
        if (src == MGS_ECONFLICT && !(flags & MGS_CALL_UNLISTED) &&
            log_moved(srv, t->id, v0) == 1) {
            if (reload(srv, t, &saved) != 0) {
                /* t is as it was (v0): its streams got nothing; the
                 * log's events come with the next refresh */
                mgs_error(r, 503, "the server could not read the table's "
                                  "log: nothing was applied; try again");
                goto out;
            }
            caught_up(srv, t, v0, was_open);
            mgs_error(r, 409, "the table changed meanwhile (another "
                              "server process stored its version %lld "
                              "first): nothing of this was applied",
                      (long long)v0 + 1);
            json_object_set_new(r->body, "version",
                                json_integer(t->r.version));
            rc = 1;
            goto out;
        }
        /* a rating or the family's document changed under us (another
         * rated game of the family ended at the same time, in the same
         * group commit): read them again and try again.  Each conflict
         * means another end was stored, so this ends; with many ends at
         * once in one family it takes as many tries, so the bound is a
         * time (5 s), and after the first tries a pause of up to 2 ms
         * lets the winners' commit land */
        if (src == MGS_ECONFLICT && end.ratings &&
            (tries < 8 || mgs_now_ms() - now < 5000)) {
            json_t *ev = json_array_get(events, end_i);
            if (tries >= 2) {
                struct timespec ts;
                ts.tv_sec = 0;
                ts.tv_nsec = 200000L + (long)randombytes_uniform(1800000);
                nanosleep(&ts, NULL);
            }
            /* applied after the other game: its documents say so (its
             * time of end, "ended_ms", is when its ratings apply) */
            int64_t later = mgs_now_ms();
            mgs_end_docs_free(&end);
            if (mgs_end_docs_make(srv, t, later > now ? later : now,
                                  &end) == 0) {
                char *text;
                set_ratings(t, ev, end.ratings);
                add_derived(t, ev, now);
                text = json_dumps(ev, JSON_COMPACT);
                if (text) {
                    free(texts[end_i]);
                    texts[end_i] = text;
                    rows[end_i].json = text;
                    ap[nextra + 1].docs = end.row;
                    ap[nextra + 1].ndocs = end.nd;
                    json_decref(answer);
                    answer = NULL;
                    free(answer_text);
                    answer_text = NULL;
                    continue;
                }
            }
        }
        mgs_log("table %s: commit failed: %s", t->id, err);
        mgs_error(r, 503, "the server could not store this (%s): nothing "
                          "was applied; try again later",
                  err);
        /* SQLite's message for SQLITE_FULL: --max-db-mb or the disk */
        if (strstr(err, "database or disk is full"))
            json_object_set_new(r->body, "limit", json_string("storage"));
        reload(srv, t, &saved);
        goto out;
    }
    if (!srv->cfg.quiet)
        for (i = 0; i < n; i++)
            mgs_log("table %s: %lld %s%s%s", t->id,
                    (long long)rows[i].version, rows[i].type,
                    json_object_get(json_array_get(events, i), "move")
                        ? " "
                        : "",
                    json_object_get(json_array_get(events, i), "move")
                        ? json_string_value(json_object_get(
                              json_array_get(events, i), "move"))
                        : "");
    if (answer_text) {
        remember(t, cmd_seat, cmd_id, 200, answer_text);
        answer_text = NULL;
    }
    for (i = 0; i < (size_t)nseats; i++)
        if (seats[i].seat == 0 || seats[i].seat == 1) {
            mgs_seat_replayed *s = &t->r.seats[seats[i].seat];
            memcpy(s->secret_hash, seats[i].secret_hash, MGS_HASH_LEN);
            memcpy(s->invite_hash, seats[i].invite_hash, MGS_HASH_LEN);
        }
    if (was_open && t->r.status != MGS_WAITING && t->r.status != MGS_PLAYING)
        mgs_table_closed(srv, t); /* the limits of guard.c */
    r->status = 200;
    r->body = answer;
    answer = NULL;
    rc = 0;
    mgs_broadcast(srv, t, events, texts);
    if (!(flags & MGS_CALL_UNLISTED))
        mgs_bot_wake(srv, t);
out:
    mgs_replayed_free(&saved);
    mgs_end_docs_free(&end);
    for (i = 0; texts && i < n; i++)
        free(texts[i]);
    free(texts);
    free(rows);
    free(ap);
    free(row_text);
    free(answer_text);
    json_decref(answer);
    json_decref(row);
    return rc;
}

/* ------------------------------------------------------------ reload */

static int reload_seat(void *arg, const mgs_seat_row *s)
{
    mgs_table *t = arg;
    if (s->seat == 0 || s->seat == 1) {
        memcpy(t->r.seats[s->seat].secret_hash, s->secret_hash, MGS_HASH_LEN);
        memcpy(t->r.seats[s->seat].invite_hash, s->invite_hash, MGS_HASH_LEN);
    }
    return 0;
}

static int reload_table(void *arg, const mgs_table_row *row)
{
    (void)arg;
    (void)row;
    return 0;
}

typedef struct replay {
    mgs_table *t;
    char err[256];
} replay;

static int reload_event(void *arg, const mgs_event_row *ev)
{
    replay *rp = arg;
    json_error_t je;
    json_t *j = json_loads(ev->json, 0, &je);
    int rc;
    if (!j) {
        snprintf(rp->err, sizeof rp->err, "event %lld: %s",
                 (long long)ev->version, je.text);
        return 1;
    }
    rc = mgs_table_apply(rp->t, j, rp->err, sizeof rp->err);
    json_decref(j);
    return rc ? 1 : 0;
}

static int reload_cmd(void *arg, const mgs_command_row *c)
{
    mgs_table *t = arg;
    char *a;
    if (c->seat < 0)
        return 0; /* a create's or join's (create.c, join.c), read from storage */
    a = strdup(c->answer);
    if (!a)
        return 1;
    remember(t, c->seat, c->cmd_id, c->status, a);
    return 0;
}

/* A table read from storage, its log replayed: NULL when there is none
 * (or it cannot be read, with a message logged). */
mgs_table *mgs_table_load(mgs_srv *srv, const char *id)
{
    mgs_table *t = mgs_table_new(id);
    replay rp;
    int rc;
    if (!t)
        return NULL;
    rc = mgs_store_table(srv->store, id, reload_table, reload_seat, t);
    if (rc != MGS_OK) {
        mgs_table_free(t);
        return NULL;
    }
    rp.t = t;
    rp.err[0] = '\0';
    if (mgs_store_events(srv->store, id, 0, reload_event, &rp) != MGS_OK ||
        rp.err[0] || !t->r.game) {
        mgs_log("table %s: cannot replay its log: %s", id,
                rp.err[0] ? rp.err : "no created event");
        mgs_table_free(t);
        return NULL;
    }
    if (mgs_store_commands(srv->store, id, reload_cmd, t) != MGS_OK) {
        mgs_table_free(t);
        return NULL;
    }
    /* Clocks do not run while the server is down; a correspondence
     * clock's deadline is a date, from the log: it does.  A table that
     * another process plays on (read after the start, with other
     * processes sharing the database) is not a restart: its clocks are
     * the log's. */
    if (!t->r.days_per_move && !__atomic_load_n(&srv->cluster,
                                                __ATOMIC_ACQUIRE))
        t->r.turn_start_ms = mgs_now_ms();
    t->seats[0].away_since_ms = t->seats[1].away_since_ms = mgs_now_ms();
    return t;
}

static int reload(mgs_srv *srv, mgs_table *t, mgs_replayed *saved)
{
    mgs_table *f = mgs_table_load(srv, t->id);
    mgs_replayed old;
    if (!f && saved && saved->game) {
        /* storage does not answer (PostgreSQL down): the state before
         * the change, which was not stored (or, if its commit landed
         * unanswered, comes back from the log: cluster.c refreshes
         * every table when the store answers again, and a conflict
         * does); its commands' answers are t's, which the change did
         * not touch */
        mgs_log("table %s: storage cannot be read: back to version %lld, "
                "as before the change", t->id, (long long)saved->version);
        old = t->r;
        saved->cmds = old.cmds;
        saved->ncmds = old.ncmds;
        saved->cmd_cap = old.cmd_cap;
        old.cmds = NULL;
        old.ncmds = old.cmd_cap = 0;
        t->r = *saved;
        mgs_replayed_init(saved);
        mgs_replayed_free(&old);
        return -1;
    }
    if (!f) {
        /* not even readable: keep the table closed to changes */
        mgs_log("table %s: could not be rebuilt from storage", t->id);
        t->r.status = MGS_ABORTED;
        mgs_table_closed(srv, t);
        return -1;
    }
    /* the replayed state, whole; the runtime (streams, presence, away
     * times, rate limits, bot and timer state) stays */
    old = t->r;
    t->r = f->r;
    f->r = old;
    mgs_table_free(f);
    return 0;
}

/* ------------------------------------------- catching up with the log */

/* Events read from the log: their JSON and their texts (as stored) */
typedef struct caught {
    json_t *evs;
    char **texts;
    size_t n, cap;
    int failed;
} caught;

static int catch_event(void *arg, const mgs_event_row *ev)
{
    caught *c = arg;
    json_error_t je;
    json_t *j = json_loads(ev->json, 0, &je);
    char *text = strdup(ev->json);
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 8;
        char **m = realloc(c->texts, cap * sizeof *m);
        if (!m)
            goto fail;
        c->texts = m;
        c->cap = cap;
    }
    if (!j || !text)
        goto fail;
    if (json_array_append_new(c->evs, j) != 0) {
        j = NULL; /* json_array_append_new took it */
        goto fail;
    }
    c->texts[c->n++] = text;
    return 0;
fail:
    json_decref(j);
    free(text);
    c->failed = 1;
    return 1;
}

static void caught_free(caught *c)
{
    size_t i;
    for (i = 0; i < c->n; i++)
        free(c->texts[i]);
    free(c->texts);
    json_decref(c->evs);
}

static int moved_cb(void *arg, const mgs_event_row *ev)
{
    (void)arg;
    (void)ev;
    return 1; /* one is enough */
}

static int log_moved(mgs_srv *srv, const char *id, int64_t v)
{
    int rc = mgs_store_events(srv->store, id, v, moved_cb, NULL);
    return rc == 1 ? 1 : rc == MGS_OK ? 0 : -1;
}

/* What follows t's catching up (t locked, its state the log's): the
 * events in c to its streams and polls, its limits, and its bot: when
 * a bot is to move here, the process whose change made it so thinks for
 * it; this one takes over only if that one is gone (its move has not
 * come within the bot's time and 2 s: the timer wakes it then). */
static void caught_tell(mgs_srv *srv, mgs_table *t, caught *c, int was_open)
{
    int p = mgs_table_to_move(t);
    if (c->n > 0)
        mgs_broadcast(srv, t, c->evs, c->texts);
    if (was_open && t->r.status != MGS_WAITING && t->r.status != MGS_PLAYING)
        mgs_table_closed(srv, t);
    if (p >= 0 && t->r.seats[p].kind == MGS_BOT) {
        if (!t->bot_busy && c->n > 0)
            t->bot_retry_ms = mgs_now_ms() + srv->cfg.bot_time_ms + 2000;
    } else {
        t->bot_retry_ms = 0;
        t->bot_fails = 0;
    }
}

static void caught_up(mgs_srv *srv, mgs_table *t, int64_t v0, int was_open)
{
    caught c;
    memset(&c, 0, sizeof c);
    c.evs = json_array();
    if (c.evs)
        mgs_store_events(srv->store, t->id, v0, catch_event, &c);
    caught_tell(srv, t, &c, was_open);
    caught_free(&c);
}

int mgs_table_refresh(mgs_srv *srv, mgs_table *t)
{
    caught c;
    int64_t v0 = t->r.version;
    int was_open = t->r.status == MGS_WAITING || t->r.status == MGS_PLAYING;
    size_t i;
    char err[256];
    memset(&c, 0, sizeof c);
    if (!(c.evs = json_array()))
        return -1;
    /* read first, apply after: the store's callbacks hold a connection */
    if (mgs_store_events(srv->store, t->id, v0, catch_event, &c) != MGS_OK ||
        c.failed) {
        caught_free(&c);
        return -1;
    }
    if (c.n == 0) {
        caught_free(&c);
        return 0;
    }
    for (i = 0; i < c.n; i++)
        if (mgs_table_apply(t, json_array_get(c.evs, i), err, sizeof err) !=
            0) {
            /* it does not fit what is in memory: the whole log again */
            mgs_log("table %s: event %lld of the log: %s; reading it all "
                    "again", t->id, (long long)t->r.version + 1, err);
            reload(srv, t, NULL);
            break;
        }
    if (i == c.n) {
        /* the seats' hashes (a join's secret) and the commands' answers
         * that came with the events */
        int k;
        mgs_store_table(srv->store, t->id, reload_table, reload_seat, t);
        for (k = 0; k < t->r.ncmds; k++)
            free(t->r.cmds[k].answer);
        t->r.ncmds = 0;
        mgs_store_commands(srv->store, t->id, reload_cmd, t);
    }
    caught_tell(srv, t, &c, was_open);
    caught_free(&c);
    return 1;
}
