/*
 * fuzz_server.c - mg-server's request handling (programs/server: tables.c,
 * ops.c, command.c, table.c over the SQLite store) against a real
 * in-memory database, without HTTP and without threads of its own.
 *
 * Per input: a server object (the options of mg-server's defaults) with
 * the store mgs_store_open(":memory:"), no HTTP daemon and no workers;
 * then the input, read as lines ('\n'), is a sequence of requests:
 *
 *   line 1        the body of a create request (POST /api/tables): JSON
 *                 parsed with the HTTP limits (mgs_json_parse), then
 *                 mgs_create.  When no table was made, the input ends.
 *   0<json>       a command (POST .../commands) of seat 0 on the current
 *   1<json>       table (seat 1): mgs_command, e.g.  Only a seat whose
 *                 secret someone holds (as HTTP authenticates) commands;
 *                 for another the line is skipped (HTTP's 401).
 *                 1{"op":"move","move":"a1","expect_version":3,"cmd_id":"x"}
 *   j             join the current table with its real invite
 *   j<json>       join with the body's "invite" (POST .../join), or
 *                 with the real invite when the body has none (so that
 *                 its cmd_id may be sent twice: the second answer must be
 *                 the first's, the table unchanged)
 *   c<json>       create another table (at most 4 creates); it becomes
 *                 current (a create re-sent with a cmd_id answered before
 *                 must answer the same table, seat and secret, and make
 *                 no table)
 *   s<digit>      make table <digit> (mod the tables known: those created
 *                 and the rematches answered) the current one
 *   t<ms>         the server's clock moves on by <ms> milliseconds
 *   b<n>          a bot job: the first job mgs_bot_wake queued is run as
 *                 worker.c runs it, the bot playing legal action n mod
 *                 their number (a move with expect_version, through
 *                 mgs_command); its answer must be 200 (409: time ran out)
 *   r             a restart: every table leaves memory, the unfinished
 *                 ones are restored from the log (mgs_restore_all) and
 *                 their bots woken, as main.c does
 *   p...          a request to the place (players ...): see
 *                 fuzz_server_place.c
 *   anything else is ignored.
 *
 * The clock (mgs_now_ms) and the random tokens (mgs_random_token: ids,
 * secrets, invites, seeds) are deterministic here, so that every input
 * replays the same way; fuzz_server_env.c stands in for clock.c
 * (mgs_now_ms, mgs_log) and secret.c.
 *
 * One in-memory database serves the whole run: each input starts from it
 * emptied by the store's own expiry (every status, before the end of
 * time), which the end of each input checks (none of its tables is
 * stored any more).  Opening a database for each input cost more than
 * most inputs.
 *
 * Invariants, after every step and for every table known:
 *   - its version is the number of its stored events, and its stored row
 *     says the same status and version;
 *   - its stored log replayed into a fresh table (mgs_table_load) gives
 *     the same history (mg_state_history), status, version, result,
 *     offers, seats, clocks, movers and remembered command answers as the
 *     table in memory;
 *   - a person's seat that joined has a secret someone holds, and a
 *     waiting table's free seat (a person's) an invite: no seat that
 *     nobody can ever take or play;
 *   - an answer is a JSON object with "error" (status >= 400) or, for a
 *     200 of a command, "version" (the table's, unless "repeated");
 *     create answers 201 with "id" and a snapshot; no 5xx ever (the
 *     store is in memory) and mgs_log never reports a failure (an
 *     event refused, a commit failed, a log that cannot be replayed);
 *   - a 400, 403, 409 or 422 changed nothing (versions and histories of
 *     every table), except the 409 of a fallen flag, which commits
 *     exactly one "timeout" event.
 * Everything is freed (no leaks under ASan); bot jobs are left queued
 * (no thread takes them) unless a "b" line runs one, and cleared at the
 * end.
 */
#include "fuzz.h"
#include "fuzz_server.h"
#include "lobby.h"
#include "server.h"

#define MAX_TABLES 8
#define MAX_CREATES 4
#define MAX_STEPS 64

/* ------------------------------------------------------------ the server */

/* mg-server's defaults (config.c), but the database in memory, one HTTP
 * thread and no bot thread (a "b" line runs a bot job here). */
static void defaults(mgs_config *c)
{
    mgs_config_defaults(c);
    snprintf(c->db_path, sizeof c->db_path, ":memory:");
    c->threads = 1;
    c->bot_threads = 0;
}

/* One in-memory database for the whole run: opening one (the schema, the
 * statements, the writer thread) cost more than most inputs, so each
 * input starts from it emptied instead (reset_store). */
static mgs_store *the_store;

static void close_store(void)
{
    mgs_store_close(the_store);
    the_store = NULL;
}

/* Every table of every status leaves the database, through the store's
 * own expiry (so that expiry deletes every row a table has: a row left
 * behind makes the next input's first append with the same id fail). */
static void reset_store(mgs_store *st)
{
    static const char *const all[] = {"waiting", "playing", "over",
                                      "aborted", NULL};
    char err[256];
    int64_t n = 0;
    FUZZ_REQUIRE(mgs_store_delete_before(st, INT64_MAX, all, &n, err,
                                         sizeof err) == MGS_OK,
                 "emptying the database: %s", err);
}

static mgs_srv *srv_new(void)
{
    mgs_srv *srv = calloc(1, sizeof *srv);
    char err[256];
    FUZZ_REQUIRE(srv != NULL, "out of memory");
    defaults(&srv->cfg);
    if (!the_store) {
        FUZZ_REQUIRE(mgs_store_open(&the_store, ":memory:", err,
                                    sizeof err) == MGS_OK,
                     "mgs_store_open: %s", err);
        atexit(close_store);
    }
    srv->store = the_store;
    FUZZ_REQUIRE(mgs_rate_init(srv) == 0, "mgs_rate_init");
    pthread_mutex_init(&srv->tables_mu, NULL);
    pthread_mutex_init(&srv->metrics_mu, NULL);
    pthread_mutex_init(&srv->jobs_mu, NULL);
    pthread_cond_init(&srv->jobs_cv, NULL);
    pthread_cond_init(&srv->stop_cv, NULL);
    srv->started_ms = mgs_now_ms();
    return srv;
}

/* Every table leaves memory (none is in use between steps). */
static void drop_tables(mgs_srv *srv)
{
    int i;
    pthread_mutex_lock(&srv->tables_mu);
    for (i = 0; i < srv->ntables; i++) {
        FUZZ_REQUIRE(srv->tables[i]->refs == 0, "table %s still has %d refs",
                     srv->tables[i]->id, srv->tables[i]->refs);
        mgs_table_free(srv->tables[i]);
    }
    srv->ntables = 0;
    pthread_mutex_unlock(&srv->tables_mu);
    pthread_mutex_lock(&srv->jobs_mu);
    srv->njobs = 0;
    pthread_mutex_unlock(&srv->jobs_mu);
}

static void srv_free(mgs_srv *srv)
{
    drop_tables(srv);
    free(srv->tables);
    free(srv->jobs);
    mgs_rate_free(srv);
    mgs_lobby_free(srv); /* its seeks and pools, as main.c's shutdown */
    reset_store(srv->store);
    fuzz_place_reset(srv->store);
    pthread_mutex_destroy(&srv->tables_mu);
    pthread_mutex_destroy(&srv->metrics_mu);
    pthread_mutex_destroy(&srv->jobs_mu);
    pthread_cond_destroy(&srv->jobs_cv);
    pthread_cond_destroy(&srv->stop_cv);
    free(srv);
}

/* ------------------------------------------------------------ the tables */

typedef struct known {
    char id[MGS_ID_LEN + 1];
    char invite[64];
} known;

/* A create or join answered with a cmd_id: a re-send must answer the
 * same table, seat and secret and change nothing. */
typedef struct sent {
    char cmd_id[MGS_CMD_ID_MAX + 1];
    char table[MGS_ID_LEN + 1]; /* a join's table; a create's answer */
    char secret[64];
    int seat;
    char body[512]; /* the request (compact, keys sorted; "" if longer) */
} sent;

/* The request as text to compare re-sends by (keys sorted); "" when it
 * does not fit. */
static void body_text(const json_t *body, char *out, size_t cap)
{
    char *t = body ? json_dumps(body, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    snprintf(out, cap, "%s", t && strlen(t) < cap ? t : "");
    free(t);
}

typedef struct world {
    mgs_srv *srv;
    known tables[MAX_TABLES];
    int n, cur, creates;
    sent creates_sent[MAX_CREATES], joins_sent[MAX_STEPS];
    int ncreates_sent, njoins_sent;
} world;

/* The earlier answer sent with body's cmd_id (for a join: on table
 * `table`), or NULL. */
static const sent *sent_before(const sent *list, int n, const json_t *body,
                               const char *table)
{
    const char *cid = json_string_value(json_object_get(body, "cmd_id"));
    int i;
    for (i = 0; cid && i < n; i++)
        if (strcmp(list[i].cmd_id, cid) == 0 &&
            (!table || strcmp(list[i].table, table) == 0))
            return &list[i];
    return NULL;
}

static void remember(sent *list, int *n, int cap, const json_t *body,
                     const char *table, const json_t *answer)
{
    const char *cid = json_string_value(json_object_get(body, "cmd_id"));
    const char *secret = json_string_value(json_object_get(answer, "secret"));
    sent *e;
    if (!cid || *n >= cap)
        return;
    e = &list[(*n)++];
    snprintf(e->cmd_id, sizeof e->cmd_id, "%s", cid);
    snprintf(e->table, sizeof e->table, "%s", table);
    snprintf(e->secret, sizeof e->secret, "%s", secret ? secret : "");
    e->seat = (int)json_integer_value(json_object_get(answer, "seat"));
    body_text(body, e->body, sizeof e->body);
}

/* A request with the cmd_id of `first` that was refused: only a request
 * other than the first may be (an unknown field is refused before the
 * cmd_id is looked up); the very same request again must be answered. */
static void check_refused_resend(const sent *first, const json_t *body,
                                 int status, const char *what)
{
    char text[512];
    body_text(body, text, sizeof text);
    FUZZ_REQUIRE(!first || !first->body[0] || strcmp(first->body, text) != 0,
                 "%s re-sent as it was with cmd_id '%s': %d, not the first "
                 "answer", what, first->cmd_id, status);
}

/* The same table, seat and secret as the first answer. */
static void check_resent(const sent *first, const json_t *answer,
                         const char *table, const char *what)
{
    const char *secret = json_string_value(json_object_get(answer, "secret"));
    FUZZ_REQUIRE(strcmp(first->table, table) == 0 && secret &&
                     strcmp(first->secret, secret) == 0 &&
                     first->seat == (int)json_integer_value(
                                        json_object_get(answer, "seat")),
                 "%s re-sent with cmd_id '%s': table %s seat %d, not the "
                 "first answer's %s seat %d (or another secret)",
                 what, first->cmd_id, table,
                 (int)json_integer_value(json_object_get(answer, "seat")),
                 first->table, first->seat);
}

static int tables_in_memory(mgs_srv *srv)
{
    int n;
    pthread_mutex_lock(&srv->tables_mu);
    n = srv->ntables;
    pthread_mutex_unlock(&srv->tables_mu);
    return n;
}

static void add_table(world *w, const char *id, const char *invite)
{
    int i;
    for (i = 0; i < w->n; i++)
        if (strcmp(w->tables[i].id, id) == 0)
            return;
    if (w->n == MAX_TABLES)
        return;
    FUZZ_REQUIRE(strlen(id) == MGS_ID_LEN, "table id '%s'", id);
    snprintf(w->tables[w->n].id, sizeof w->tables[w->n].id, "%s", id);
    snprintf(w->tables[w->n].invite, sizeof w->tables[w->n].invite, "%s",
             invite ? invite : "");
    w->n++;
}

typedef struct shot {
    int64_t version;
    int32_t *hist;
    size_t nhist;
} shot;

static mgs_table *find(world *w, int i)
{
    mgs_table *t = mgs_find(w->srv, w->tables[i].id);
    FUZZ_REQUIRE(t != NULL, "table %s is gone", w->tables[i].id);
    return t;
}

static void check_all(world *w)
{
    int i;
    for (i = 0; i < w->n; i++) {
        mgs_table *t = find(w, i);
        pthread_mutex_lock(&t->mu);
        check_table(w->srv, t);
        pthread_mutex_unlock(&t->mu);
        mgs_release(w->srv, t);
    }
}

static void take_shots(world *w, shot *s)
{
    int i;
    for (i = 0; i < w->n; i++) {
        mgs_table *t = find(w, i);
        pthread_mutex_lock(&t->mu);
        s[i].version = t->r.version;
        s[i].hist = history(t->r.state, &s[i].nhist);
        pthread_mutex_unlock(&t->mu);
        mgs_release(w->srv, t);
    }
}

static int last_event_is(mgs_srv *srv, const char *id, int64_t version,
                         const char *type);

/* A refusal changed nothing (but a fallen flag's timeout). */
static void check_unchanged(world *w, const shot *s, int n, int status)
{
    int i;
    for (i = 0; i < n; i++) {
        mgs_table *t = find(w, i);
        size_t nh;
        int32_t *h;
        pthread_mutex_lock(&t->mu);
        h = history(t->r.state, &nh);
        if (status == 409 && i == w->cur && t->r.version == s[i].version + 1 &&
            last_event_is(w->srv, t->id, t->r.version, "timeout")) {
            /* the flag fell: one timeout, the actions as they were */
        } else {
            FUZZ_REQUIRE(t->r.version == s[i].version,
                         "a %d changed table %d's version %lld -> %lld", status,
                         i, (long long)s[i].version, (long long)t->r.version);
        }
        FUZZ_REQUIRE(nh == s[i].nhist &&
                         memcmp(h, s[i].hist, nh * sizeof *h) == 0,
                     "a %d changed table %d's history", status, i);
        free(h);
        pthread_mutex_unlock(&t->mu);
        mgs_release(w->srv, t);
    }
}

typedef struct find_ev {
    int64_t version;
    const char *type;
    int found;
} find_ev;

static int match_event(void *arg, const mgs_event_row *ev)
{
    find_ev *f = arg;
    if (ev->version == f->version)
        f->found = strcmp(ev->type, f->type) == 0;
    return 0;
}

static int last_event_is(mgs_srv *srv, const char *id, int64_t version,
                         const char *type)
{
    find_ev f = {version, type, 0};
    mgs_store_events(srv->store, id, version - 1, match_event, &f);
    return f.found;
}

static void free_shots(shot *s, int n)
{
    int i;
    for (i = 0; i < n; i++)
        free(s[i].hist);
}

/* ------------------------------------------------------------- answers */

static void check_answer(const mgs_result *r, const char *what)
{
    json_t *e;
    FUZZ_REQUIRE(r->status >= 200 && r->status < 500,
                 "%s: status %d: %s", what, r->status,
                 r->body ? json_string_value(json_object_get(r->body,
                                                             "error"))
                         : "(no body)");
    FUZZ_REQUIRE(json_is_object(r->body), "%s: %d without a JSON object",
                 what, r->status);
    e = json_object_get(r->body, "error");
    if (r->status >= 400)
        FUZZ_REQUIRE(json_is_string(e) && json_string_length(e) > 0,
                     "%s: %d without \"error\"", what, r->status);
    else
        FUZZ_REQUIRE(e == NULL, "%s: %d with \"error\"", what, r->status);
}

static int refusal(int status)
{
    return status == 400 || status == 403 || status == 409 || status == 422;
}

/* --------------------------------------------------------------- steps */

static void do_create(world *w, const char *text, size_t n)
{
    char msg[512];
    json_t *body;
    mgs_result r = {0, NULL};
    const sent *first;
    int before, i;
    if (w->creates >= MAX_CREATES || w->n >= MAX_TABLES)
        return;
    w->creates++;
    body = mgs_json_parse(text, n, msg, sizeof msg);
    if (!body)
        return;
    first = sent_before(w->creates_sent, w->ncreates_sent, body, NULL);
    before = tables_in_memory(w->srv);
    mgs_create(w->srv, body, "192.0.2.1", NULL, &r);
    check_answer(&r, "create");
    /* 422: a bot beyond the server's caps (worker.c) */
    FUZZ_REQUIRE(r.status == 201 || r.status == 400 || r.status == 422,
                 "create: %d", r.status);
    if (first && r.status != 201)
        check_refused_resend(first, body, r.status, "a create");
    FUZZ_REQUIRE(!first || tables_in_memory(w->srv) == before,
                 "a create re-sent with cmd_id '%s' made a table",
                 first ? first->cmd_id : "");
    if (r.status == 201) {
        const char *id = json_string_value(json_object_get(r.body, "id"));
        json_t *inv = json_object_get(r.body, "invite");
        json_t *snap = json_object_get(r.body, "snapshot");
        FUZZ_REQUIRE(id && json_is_object(snap) &&
                         json_is_string(json_object_get(r.body, "secret")),
                     "create: 201 without id, secret or snapshot");
        FUZZ_REQUIRE(json_is_null(inv) || json_is_string(inv),
                     "create: invite");
        if (first) {
            check_resent(first, r.body, id, "a create");
            FUZZ_REQUIRE(tables_in_memory(w->srv) == before,
                         "a create re-sent made a table");
        } else {
            remember(w->creates_sent, &w->ncreates_sent, MAX_CREATES, body,
                     id, r.body);
        }
        add_table(w, id, json_string_value(inv));
        w->cur = w->n - 1;
        for (i = 0; i < w->n; i++)
            if (strcmp(w->tables[i].id, id) == 0)
                w->cur = i;
    }
    json_decref(r.body);
    json_decref(body);
}

static void do_command(world *w, int seat, const char *text, size_t n)
{
    char msg[512];
    json_t *body = mgs_json_parse(text, n, msg, sizeof msg);
    mgs_result r = {0, NULL};
    mgs_table *t;
    shot before[MAX_TABLES];
    int nbefore = w->n, repeated, had_rematch;
    int64_t v0;
    if (!body)
        return;
    take_shots(w, before);
    t = find(w, w->cur);
    pthread_mutex_lock(&t->mu);
    if (mgs_hash_zero(t->r.seats[seat].secret_hash)) {
        /* nobody holds this seat's secret: HTTP answers 401 */
        pthread_mutex_unlock(&t->mu);
        mgs_release(w->srv, t);
        free_shots(before, nbefore);
        json_decref(body);
        return;
    }
    v0 = t->r.version;
    had_rematch = t->r.rematch[0] != '\0';
    /* a cmd_id of this seat answered before: its first answer again
     * (with "repeated": true, or exactly, as servers differ) */
    repeated = 0;
    if (json_is_string(json_object_get(body, "cmd_id"))) {
        const char *cid = json_string_value(json_object_get(body, "cmd_id"));
        int k;
        for (k = 0; k < t->r.ncmds; k++)
            repeated |=
                t->r.cmds[k].seat == seat && strcmp(t->r.cmds[k].id, cid) == 0;
    }
    mgs_command(w->srv, t, seat, body, 0, &r);
    check_answer(&r, "command");
    /* a rematch asked again answers the same table, changing nothing */
    repeated = repeated || json_is_true(json_object_get(r.body, "repeated")) ||
               (had_rematch && r.status == 200 &&
                strcmp(json_string_value(json_object_get(body, "op")),
                       "rematch") == 0);
    if (r.status == 200) {
        json_t *v = json_object_get(r.body, "version");
        FUZZ_REQUIRE(json_is_integer(v), "command: 200 without version");
        if (!repeated)
            FUZZ_REQUIRE(json_integer_value(v) == t->r.version &&
                             t->r.version > v0,
                         "command: answered version %lld, table at %lld "
                         "(was %lld)",
                         (long long)json_integer_value(v),
                         (long long)t->r.version, (long long)v0);
        else
            FUZZ_REQUIRE(t->r.version == v0 && json_integer_value(v) <= v0,
                         "a repeated command changed the table");
    }
    if (r.status == 200 && strcmp(json_string_value(json_object_get(body,
                                                                  "op")),
                                  "rematch") == 0) {
        const char *id = json_string_value(json_object_get(r.body, "table"));
        FUZZ_REQUIRE(id != NULL, "rematch: no table");
        FUZZ_REQUIRE(strcmp(id, t->r.rematch) == 0, "rematch: %s, not %s", id,
                     t->r.rematch);
        pthread_mutex_unlock(&t->mu);
        mgs_release(w->srv, t);
        add_table(w, id, NULL);
    } else {
        pthread_mutex_unlock(&t->mu);
        mgs_release(w->srv, t);
    }
    FUZZ_REQUIRE(r.status == 200 || refusal(r.status), "command: %d",
                 r.status);
    if (refusal(r.status) || repeated)
        check_unchanged(w, before, nbefore, r.status);
    free_shots(before, nbefore);
    json_decref(r.body);
    json_decref(body);
}

static void do_join(world *w, const char *text, size_t n)
{
    char msg[512];
    json_t *body = NULL;
    const char *inv = w->tables[w->cur].invite;
    mgs_result r = {0, NULL};
    mgs_table *t;
    shot before[MAX_TABLES];
    int nbefore = w->n;
    int64_t v0;
    const sent *first;
    if (n > 0) {
        body = mgs_json_parse(text, n, msg, sizeof msg);
        if (!body)
            return;
        /* no "invite": the real one, with the body's cmd_id */
        if (!json_object_get(body, "invite"))
            inv = w->tables[w->cur].invite;
        else
            inv = json_string_value(json_object_get(body, "invite"));
        if (!inv || strlen(inv) > 128) {
            json_decref(body);
            return;
        }
    }
    take_shots(w, before);
    t = find(w, w->cur);
    first = sent_before(w->joins_sent, w->njoins_sent, body, t->id);
    pthread_mutex_lock(&t->mu);
    v0 = t->r.version;
    mgs_join(w->srv, t, inv, body, NULL, &r);
    check_answer(&r, "join");
    FUZZ_REQUIRE(r.status == 200 || r.status == 403 || r.status == 400,
                 "join: %d", r.status);
    if (first && r.status != 200)
        check_refused_resend(first, body, r.status, "a join");
    if (r.status == 200) {
        json_t *snap = json_object_get(r.body, "snapshot");
        if (first)
            check_resent(first, r.body, t->id, "a join");
        else
            remember(w->joins_sent, &w->njoins_sent, MAX_STEPS, body, t->id,
                     r.body);
        FUZZ_REQUIRE(t->r.version == v0 + (first ? 0 : 1),
                     "join%s: version %lld -> %lld", first ? " re-sent" : "",
                     (long long)v0, (long long)t->r.version);
        FUZZ_REQUIRE(json_is_object(snap) &&
                         json_is_string(json_object_get(r.body, "secret")),
                     "join: no secret or snapshot");
    }
    pthread_mutex_unlock(&t->mu);
    mgs_release(w->srv, t);
    if (refusal(r.status) || first)
        check_unchanged(w, before, nbefore, r.status);
    free_shots(before, nbefore);
    json_decref(r.body);
    json_decref(body);
}

/* One bot job, as worker.c's run_job does it (the choice aside). */
static void do_bot(world *w, unsigned pick)
{
    mgs_srv *srv = w->srv;
    char id[MGS_ID_LEN + 1];
    mgs_table *t;
    int p;
    pthread_mutex_lock(&srv->jobs_mu);
    if (srv->njobs == 0) {
        pthread_mutex_unlock(&srv->jobs_mu);
        return;
    }
    memcpy(id, srv->jobs[0].id, sizeof id);
    memmove(srv->jobs, srv->jobs + 1,
            (size_t)(srv->njobs - 1) * sizeof srv->jobs[0]);
    srv->njobs--;
    pthread_mutex_unlock(&srv->jobs_mu);
    t = mgs_find(srv, id);
    if (!t)
        return;
    pthread_mutex_lock(&t->mu);
    p = mgs_table_to_move(t);
    t->bot_busy = 0;
    if (p >= 0 && t->r.seats[p].kind == MGS_BOT) {
        int32_t legal[4096];
        size_t nl = 0;
        mgs_result r = {0, NULL};
        json_t *body;
        int64_t v0 = t->r.version;
        FUZZ_REQUIRE(mg_game_max_legal_actions(t->r.game) <= 4096,
                     "too many legal actions");
        FUZZ_REQUIRE(mg_state_legal_actions(t->r.state, legal, 4096, &nl) ==
                             MG_OK &&
                         nl > 0,
                     "a bot to move without a legal action");
        body = json_pack("{s:s,s:i,s:I}", "op", "move", "action",
                         (int)legal[pick % nl], "expect_version",
                         (json_int_t)t->r.version);
        mgs_command(srv, t, p, body, MGS_BY_BOT, &r);
        check_answer(&r, "bot move");
        FUZZ_REQUIRE(r.status == 200 ||
                         (r.status == 409 && t->r.version == v0 + 1 &&
                          t->r.status == MGS_OVER &&
                          strcmp(t->r.how, "time") == 0),
                     "the bot's legal move was refused: %d %s", r.status,
                     json_string_value(json_object_get(r.body, "error")));
        json_decref(r.body);
        json_decref(body);
    }
    mgs_bot_wake(srv, t);
    pthread_mutex_unlock(&t->mu);
    mgs_release(srv, t);
}

static void do_restart(world *w)
{
    mgs_srv *srv = w->srv;
    char err[256];
    int i;
    drop_tables(srv);
    FUZZ_REQUIRE(mgs_restore_all(srv, err, sizeof err) == 0, "restore: %s",
                 err);
    pthread_mutex_lock(&srv->tables_mu);
    for (i = 0; i < srv->ntables; i++) {
        pthread_mutex_lock(&srv->tables[i]->mu);
        mgs_bot_wake(srv, srv->tables[i]);
        pthread_mutex_unlock(&srv->tables[i]->mu);
    }
    pthread_mutex_unlock(&srv->tables_mu);
}

static unsigned number(const char *s, size_t n)
{
    unsigned v = 0;
    size_t i;
    for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
        v = v * 10 + (unsigned)(s[i] - '0') > 100000000u
                ? 100000000u
                : v * 10 + (unsigned)(s[i] - '0');
    return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data, *end = text + size;
    const char *nl = memchr(text, '\n', size);
    size_t first = nl ? (size_t)(nl - text) : size;
    world w;
    int steps = 0;
    static int init;
    if (!init) {
        FUZZ_REQUIRE(mgs_secret_init() == 0, "sodium_init");
        init = 1;
    }
    fake_now = 1700000000000LL;
    rng_state = 0x6d696e6467616d65ULL;
    memset(&w, 0, sizeof w);
    w.srv = srv_new();
    do_create(&w, text, first);
    if (w.n > 0)
        check_all(&w);
    text = nl ? nl + 1 : end;
    while (w.n > 0 && text < end && steps++ < MAX_STEPS) {
        const char *eol = memchr(text, '\n', (size_t)(end - text));
        size_t len = eol ? (size_t)(eol - text) : (size_t)(end - text);
        const char *arg = text + 1;
        size_t alen = len ? len - 1 : 0;
        switch (len ? text[0] : 0) {
        case '0':
        case '1':
            do_command(&w, text[0] - '0', arg, alen);
            break;
        case 'j':
            do_join(&w, arg, alen);
            break;
        case 'c':
            do_create(&w, arg, alen);
            break;
        case 's':
            w.cur = (int)(number(arg, alen) % (unsigned)w.n);
            break;
        case 't':
            fake_now += number(arg, alen);
            break;
        case 'b':
            do_bot(&w, number(arg, alen));
            break;
        case 'r':
            do_restart(&w);
            break;
        case 'p':
            fuzz_place(w.srv, arg, alen);
            break;
        default:
            break;
        }
        check_all(&w);
        text = eol ? eol + 1 : end;
    }
    srv_free(w.srv);
    /* the next input starts from an empty database */
    for (steps = 0; steps < w.n; steps++) {
        int64_t none = 0;
        rowinfo gone;
        FUZZ_REQUIRE(mgs_store_table(the_store, w.tables[steps].id,
                                     read_row, ignore_seat, &gone) ==
                             MGS_ENOTFOUND &&
                         mgs_store_events(the_store, w.tables[steps].id, 0,
                                          count_event, &none) == MGS_OK &&
                         none == 0,
                     "table %s is still stored after the reset",
                     w.tables[steps].id);
    }
    return 0;
}
