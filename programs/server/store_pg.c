/*
 * store_pg.c - store.h over PostgreSQL (libpq), for --db
 * postgresql://... or postgres://... (store.c picks it).
 *
 * The same shape as the SQLite store: one writer thread owns the write
 * connection; mgs_store_append() queues its request and waits; the
 * writer takes everything queued, runs BEGIN, applies each request
 * inside a SAVEPOINT of its own (so that a conflict fails only that
 * request; a lone request needs none), COMMITs once (with the
 * server's synchronous_commit, on by default: durable when it returns)
 * and wakes the callers.  Every key is a constraint of the database,
 * not a check of this process: a table's events are keyed by
 * (table_id, version), a command by (table_id, seat, cmd_id), a document
 * by (kind, key), so that two processes sharing the database can never
 * both append version v, both store a command, both create a name; the
 * loser gets MGS_ECONFLICT (SQLSTATE 23505) and nothing of its append is
 * stored.  A compare-and-set of a document (if_updated_ms) is an UPDATE
 * ... WHERE updated_ms = $x in the same transaction: under READ
 * COMMITTED a concurrent writer's commit makes it match no row, which
 * is the conflict.
 *
 * A broken connection (the database restarted) fails what was in flight
 * with MGS_EIO and is made again by the next call (PQreset).
 *
 * The schema is created on first start and versioned in schema_version
 * with migrations, as SQLite's; processes starting at once migrate one
 * after the other (a transaction-scoped advisory lock, used only there).
 * The readers are in store_pg_read.c.
 */
#define _POSIX_C_SOURCE 200809L
#include "store_pg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SCHEMA_VERSION 3
#define MIGRATE_LOCK "7236814501" /* pg_advisory_xact_lock's key */

/* migrations[v] takes a database from schema version v to v + 1 (the
 * same steps as SQLite's; keys in the "C" collation, so that listings
 * order by bytes as SQLite's do) */
static const char *const migrations[SCHEMA_VERSION] = {
    "CREATE TABLE tables(id text COLLATE \"C\" PRIMARY KEY,"
    " json text NOT NULL, created_ms bigint NOT NULL,"
    " updated_ms bigint NOT NULL);"
    "CREATE INDEX tables_updated ON tables(updated_ms);"
    "CREATE TABLE seats(table_id text COLLATE \"C\" NOT NULL,"
    " seat integer NOT NULL, secret_hash bytea NOT NULL,"
    " invite_hash bytea NOT NULL, info text NOT NULL,"
    " PRIMARY KEY(table_id, seat));"
    "CREATE TABLE events(table_id text COLLATE \"C\" NOT NULL,"
    " version bigint NOT NULL, type text NOT NULL, json text NOT NULL,"
    " at_ms bigint NOT NULL, PRIMARY KEY(table_id, version));"
    "CREATE TABLE commands(seq bigint GENERATED ALWAYS AS IDENTITY,"
    " table_id text COLLATE \"C\" NOT NULL, seat integer NOT NULL,"
    " cmd_id text COLLATE \"C\" NOT NULL, status integer NOT NULL,"
    " answer text NOT NULL, PRIMARY KEY(table_id, seat, cmd_id));"
    /* a table row's status for the expiry, NULL when it is no JSON */
    "CREATE FUNCTION mgs_json_status(t text) RETURNS text"
    " LANGUAGE plpgsql IMMUTABLE AS $f$ BEGIN"
    " RETURN t::jsonb ->> 'status';"
    " EXCEPTION WHEN others THEN RETURN NULL; END $f$;",
    /* 2: a create's cmd_id (seat -1) is one for the whole server */
    "CREATE UNIQUE INDEX commands_create ON commands(cmd_id)"
    " WHERE seat = -1;",
    /* 3: the place's documents (players, ratings, seeks: store.h) */
    "CREATE TABLE docs(kind text COLLATE \"C\" NOT NULL,"
    " key text COLLATE \"C\" NOT NULL, owner text COLLATE \"C\" NOT NULL,"
    " rank double precision NOT NULL, json text NOT NULL,"
    " updated_ms bigint NOT NULL, PRIMARY KEY(kind, key));"
    "CREATE INDEX docs_owner ON docs(kind, owner, updated_ms);"
    "CREATE INDEX docs_rank ON docs(kind, rank);"
};

/* The writer's prepared statements: name, SQL, number of parameters */
static const struct {
    const char *name, *sql;
    int n;
} stmts[] = {
    { "ins_table", "INSERT INTO tables(id, json, created_ms, updated_ms)"
      " VALUES($1, $2, $3, $4) ON CONFLICT(id) DO UPDATE SET"
      " json = excluded.json, created_ms = excluded.created_ms,"
      " updated_ms = excluded.updated_ms", 4 },
    { "ins_seat", "INSERT INTO seats(table_id, seat, secret_hash,"
      " invite_hash, info) VALUES($1, $2, $3, $4, $5)"
      " ON CONFLICT(table_id, seat) DO UPDATE SET"
      " secret_hash = excluded.secret_hash,"
      " invite_hash = excluded.invite_hash, info = excluded.info", 5 },
    { "ins_event", "INSERT INTO events(table_id, version, type, json, at_ms)"
      " VALUES($1, $2, $3, $4, $5)", 5 },
    { "ins_cmd", "INSERT INTO commands(table_id, seat, cmd_id, status,"
      " answer) VALUES($1, $2, $3, $4, $5)", 5 },
    { "doc_put", "INSERT INTO docs(kind, key, owner, rank, json, updated_ms)"
      " VALUES($1, $2, $3, $4, $5, $6) ON CONFLICT(kind, key) DO UPDATE"
      " SET owner = excluded.owner, rank = excluded.rank,"
      " json = excluded.json, updated_ms = excluded.updated_ms", 6 },
    { "doc_new", "INSERT INTO docs(kind, key, owner, rank, json, updated_ms)"
      " VALUES($1, $2, $3, $4, $5, $6)", 6 },
    { "doc_put_if", "UPDATE docs SET owner = $3, rank = $4, json = $5,"
      " updated_ms = $6 WHERE kind = $1 AND key = $2 AND updated_ms = $7",
      7 },
    { "doc_del", "DELETE FROM docs WHERE kind = $1 AND key = $2"
      " AND ($3::bigint < 0 OR updated_ms = $3::bigint)", 3 },
};
enum { P_TABLE, P_SEAT, P_EVENT, P_CMD, P_PUT, P_NEW, P_PUT_IF, P_DEL,
       P_COUNT };

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* libpq's message on one line: its newlines and tabs made spaces, runs
 * of spaces one, none at the end */
static void pgmsg(char *msg, size_t cap, const char *m)
{
    size_t n = 0;
    if (!msg || cap == 0)
        return;
    if (!m || !*m)
        m = "no message";
    for (; *m && n + 1 < cap; m++) {
        char c = *m == '\n' || *m == '\t' ? ' ' : *m;
        if (c == ' ' && (n == 0 || msg[n - 1] == ' '))
            continue;
        msg[n++] = c;
    }
    while (n > 0 && msg[n - 1] == ' ')
        n--;
    msg[n] = 0;
}

int mgs__pg_error(PGconn *db, const PGresult *res, char *msg, size_t cap)
{
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE)
                            : NULL;
    const char *m = res ? PQresultErrorMessage(res) : NULL;
    pgmsg(msg, cap, m && *m ? m : PQerrorMessage(db));
    if (!state || PQstatus(db) != CONNECTION_OK)
        return MGS_EIO;
    if (strcmp(state, "23505") == 0)
        return MGS_ECONFLICT;
    if (strncmp(state, "23", 2) == 0 || strncmp(state, "22", 2) == 0)
        return MGS_EINVAL; /* another constraint; bad data (encoding) */
    if (strcmp(state, "53200") == 0)
        return MGS_ENOMEM;
    return MGS_EIO;
}

static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message; /* NOTICEs (nothing the server needs) */
}

/* Run sql (no parameters, no rows wanted): MGS_OK or the error. */
static int exec(PGconn *db, const char *sql, char *msg, size_t cap)
{
    PGresult *res = PQexec(db, sql);
    int rc = MGS_OK;
    ExecStatusType s = PQresultStatus(res);
    if (s != PGRES_COMMAND_OK && s != PGRES_TUPLES_OK)
        rc = mgs__pg_error(db, res, msg, cap);
    PQclear(res);
    return rc;
}

static int prepare_all(pgconn *c, char *err, size_t cap)
{
    size_t i;
    for (i = 0; i < sizeof stmts / sizeof stmts[0]; i++) {
        PGresult *res = PQprepare(c->db, stmts[i].name, stmts[i].sql,
                                  stmts[i].n, NULL);
        int rc = MGS_OK;
        if (PQresultStatus(res) != PGRES_COMMAND_OK)
            rc = mgs__pg_error(c->db, res, err, cap);
        PQclear(res);
        if (rc != MGS_OK)
            return rc;
    }
    c->prepared = 1;
    return MGS_OK;
}

int mgs__pg_ready(pg_store *st, pgconn *c, char *err, size_t cap)
{
    if (!c->db) {
        c->db = PQconnectdb(st->uri);
        if (!c->db) {
            mgs__setmsg(err, cap, "out of memory");
            return MGS_ENOMEM;
        }
        PQsetNoticeProcessor(c->db, quiet, NULL);
    } else if (PQstatus(c->db) != CONNECTION_OK) {
        PQreset(c->db);
        c->prepared = 0;
    }
    if (PQstatus(c->db) != CONNECTION_OK) {
        pgmsg(err, cap, PQerrorMessage(c->db));
        return MGS_EIO;
    }
    if (c == &st->w && !c->prepared)
        return prepare_all(c, err, cap);
    return MGS_OK;
}

/* The schema version stored, after the migrations' lock (0: new). */
static int64_t schema_version(PGconn *db, char *err, size_t cap)
{
    PGresult *res = PQexec(db, "SELECT coalesce(max(version), 0)"
                               " FROM schema_version");
    int64_t v = -1;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1)
        v = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
    else
        mgs__pg_error(db, res, err, cap);
    PQclear(res);
    return v;
}

static int migrate(PGconn *db, char *err, size_t cap)
{
    char msg[PG_MSGCAP];
    int64_t v;
    if (exec(db, "BEGIN; SELECT pg_advisory_xact_lock(" MIGRATE_LOCK ");"
                 " CREATE TABLE IF NOT EXISTS schema_version("
                 "version integer NOT NULL)", msg, sizeof msg) != MGS_OK)
        goto fail;
    v = schema_version(db, msg, sizeof msg);
    if (v < 0)
        goto fail;
    if (v > SCHEMA_VERSION) {
        exec(db, "ROLLBACK", msg, sizeof msg);
        mgs__setmsg(err, cap, "the database has schema version %lld, newer "
                    "than this program's %d: use a newer mg-server",
                    (long long)v, SCHEMA_VERSION);
        return MGS_EINVAL;
    }
    for (; v < SCHEMA_VERSION; v++) {
        char sql[96];
        if (exec(db, migrations[v], msg, sizeof msg) != MGS_OK)
            goto fail;
        snprintf(sql, sizeof sql, "DELETE FROM schema_version; "
                 "INSERT INTO schema_version VALUES(%lld)", (long long)v + 1);
        if (exec(db, sql, msg, sizeof msg) != MGS_OK)
            goto fail;
    }
    if (exec(db, "COMMIT", msg, sizeof msg) != MGS_OK)
        goto fail;
    return MGS_OK;
fail:
    PQclear(PQexec(db, "ROLLBACK"));
    mgs__setmsg(err, cap, "cannot migrate the database to schema version "
                "%d: %s", SCHEMA_VERSION, msg);
    return MGS_EIO;
}

static void *writer_main(void *arg);

static void pg_close(mgs_store *base)
{
    pg_store *st = (pg_store *)base;
    int i;
    if (st->thread_started) {
        pthread_mutex_lock(&st->qmu);
        st->stop = 1;
        pthread_cond_signal(&st->qcv);
        pthread_mutex_unlock(&st->qmu);
        pthread_join(st->thread, NULL);
    }
    for (i = 0; i < PG_NREADERS; i++) {
        if (st->r[i].db)
            PQfinish(st->r[i].db);
        pthread_mutex_destroy(&st->r[i].mu);
    }
    if (st->w.db)
        PQfinish(st->w.db);
    pthread_mutex_destroy(&st->w.mu);
    pthread_mutex_destroy(&st->pool_mu);
    pthread_mutex_destroy(&st->qmu);
    pthread_cond_destroy(&st->qcv);
    pthread_cond_destroy(&st->donecv);
    pthread_mutex_destroy(&st->stmu);
    free(st->uri);
    free(st);
}

static const mgs_store_ops pg_ops;

int mgs__pg_open(mgs_store **out, const char *uri, char *err, size_t errcap)
{
    pg_store *st = calloc(1, sizeof *st);
    int i, rc;
    if (!st || !(st->uri = strdup(uri))) {
        free(st);
        mgs__setmsg(err, errcap, "out of memory");
        return MGS_ENOMEM;
    }
    st->base.ops = &pg_ops;
    pthread_mutex_init(&st->w.mu, NULL);
    for (i = 0; i < PG_NREADERS; i++)
        pthread_mutex_init(&st->r[i].mu, NULL);
    pthread_mutex_init(&st->pool_mu, NULL);
    pthread_mutex_init(&st->qmu, NULL);
    pthread_cond_init(&st->qcv, NULL);
    pthread_cond_init(&st->donecv, NULL);
    pthread_mutex_init(&st->stmu, NULL);
    st->w.db = PQconnectdb(uri);
    if (!st->w.db) {
        mgs__setmsg(err, errcap, "out of memory");
        rc = MGS_ENOMEM;
        goto fail;
    }
    PQsetNoticeProcessor(st->w.db, quiet, NULL);
    if (PQstatus(st->w.db) != CONNECTION_OK) {
        char m[PG_MSGCAP];
        pgmsg(m, sizeof m, PQerrorMessage(st->w.db));
        mgs__setmsg(err, errcap, "cannot connect: %s", m);
        rc = MGS_EIO;
        goto fail;
    }
    rc = migrate(st->w.db, err, errcap);
    if (rc == MGS_OK)
        rc = prepare_all(&st->w, err, errcap);
    if (rc != MGS_OK)
        goto fail;
    if (pthread_create(&st->thread, NULL, writer_main, st) != 0) {
        mgs__setmsg(err, errcap, "cannot start the writer thread");
        rc = MGS_ENOMEM;
        goto fail;
    }
    st->thread_started = 1;
    *out = &st->base;
    return MGS_OK;
fail:
    pg_close(&st->base);
    return rc;
}

/* ------------------------------------------------------------ writer */

/* Run the prepared statement `which` with the parameters (text, or
 * binary where len > 0); rows changed in *changed (may be NULL). */
static int run(PGconn *db, int which, const char *const *v, const int *len,
               int64_t *changed, char *msg, size_t cap)
{
    int fmt[8] = {0};
    int i, rc = MGS_OK;
    PGresult *res;
    for (i = 0; len && i < stmts[which].n; i++)
        fmt[i] = len[i] > 0;
    res = PQexecPrepared(db, stmts[which].name, stmts[which].n, v, len,
                         len ? fmt : NULL, 0);
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
        rc = mgs__pg_error(db, res, msg, cap);
    else if (changed)
        *changed = strtoll(PQcmdTuples(res), NULL, 10);
    PQclear(res);
    return rc;
}

static int apply_doc(PGconn *db, const mgs_doc_row *d, char *msg,
                     size_t cap)
{
    char rank[40], upd[24], cond[24];
    const char *v[7];
    int64_t changed = 0;
    int which = d->op == MGS_DOC_NEW      ? P_NEW
                : d->op == MGS_DOC_DELETE ? P_DEL
                : d->if_updated_ms >= 0   ? P_PUT_IF
                                          : P_PUT;
    int rc;
    snprintf(rank, sizeof rank, "%.17g", d->rank);
    snprintf(upd, sizeof upd, "%lld", (long long)d->updated_ms);
    snprintf(cond, sizeof cond, "%lld", (long long)d->if_updated_ms);
    v[0] = d->kind;
    v[1] = d->key;
    if (which == P_DEL) {
        v[2] = cond;
    } else {
        v[2] = d->owner ? d->owner : "";
        v[3] = rank;
        v[4] = d->json;
        v[5] = upd;
        v[6] = cond;
    }
    rc = run(db, which, v, NULL, &changed, msg, cap);
    if (rc == MGS_ECONFLICT)
        mgs__setmsg(msg, cap, "document %s %s exists already", d->kind,
                    d->key);
    else if (rc != MGS_OK) {
        char m[PG_MSGCAP];
        mgs__setmsg(m, sizeof m, "%s", msg);
        mgs__setmsg(msg, cap, "document %s %s: %s", d->kind, d->key, m);
    } else if ((which == P_DEL || which == P_PUT_IF) && changed != 1) {
        if (which == P_DEL && d->if_updated_ms < 0)
            mgs__setmsg(msg, cap, "document %s %s is not there", d->kind,
                        d->key);
        else
            mgs__setmsg(msg, cap, "document %s %s was changed meanwhile "
                                  "(or is not there)", d->kind, d->key);
        rc = MGS_ECONFLICT;
    }
    return rc;
}

static int apply_one(PGconn *db, const mgs_append *a, char *msg, size_t cap)
{
    char n1[24], n2[24], n3[24];
    const char *v[5];
    int len[5];
    int i, rc;

    if (a->table_json && a->table_id) {
        snprintf(n1, sizeof n1, "%lld", (long long)a->created_ms);
        snprintf(n2, sizeof n2, "%lld", (long long)a->updated_ms);
        v[0] = a->table_id;
        v[1] = a->table_json;
        v[2] = n1;
        v[3] = n2;
        if ((rc = run(db, P_TABLE, v, NULL, NULL, msg, cap)) != MGS_OK)
            return rc;
    }
    for (i = 0; i < a->nseats; i++) {
        const mgs_seat_row *r = &a->seats[i];
        snprintf(n1, sizeof n1, "%d", r->seat);
        v[0] = a->table_id;
        v[1] = n1;
        v[2] = (const char *)r->secret_hash;
        v[3] = (const char *)r->invite_hash;
        v[4] = r->info ? r->info : "{}";
        len[0] = len[1] = len[4] = 0;
        len[2] = len[3] = 32; /* bytea, sent binary */
        if ((rc = run(db, P_SEAT, v, len, NULL, msg, cap)) != MGS_OK)
            return rc;
    }
    for (i = 0; i < a->nevents; i++) {
        const mgs_event_row *e = &a->events[i];
        snprintf(n1, sizeof n1, "%lld", (long long)e->version);
        snprintf(n2, sizeof n2, "%lld", (long long)e->at_ms);
        v[0] = a->table_id;
        v[1] = n1;
        v[2] = e->type;
        v[3] = e->json;
        v[4] = n2;
        rc = run(db, P_EVENT, v, NULL, NULL, msg, cap);
        if (rc == MGS_ECONFLICT)
            mgs__setmsg(msg, cap, "table %s has an event %lld already",
                        a->table_id, (long long)e->version);
        if (rc != MGS_OK)
            return rc;
    }
    if (a->command) {
        const mgs_command_row *c = a->command;
        snprintf(n1, sizeof n1, "%d", c->seat);
        snprintf(n3, sizeof n3, "%d", c->status);
        v[0] = a->table_id;
        v[1] = n1;
        v[2] = c->cmd_id;
        v[3] = n3;
        v[4] = c->answer ? c->answer : "null";
        rc = run(db, P_CMD, v, NULL, NULL, msg, cap);
        if (rc == MGS_ECONFLICT)
            mgs__setmsg(msg, cap, "table %s has a command %s of seat %d "
                        "already", a->table_id, c->cmd_id, c->seat);
        if (rc != MGS_OK)
            return rc;
    }
    for (i = 0; i < a->ndocs; i++)
        if ((rc = apply_doc(db, &a->docs[i], msg, cap)) != MGS_OK)
            return rc;
    return MGS_OK;
}

static const double commit_bounds_ms[11] = {
    0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000
};

/* Fail every request of the list still OK with MGS_EIO and msg. */
static void fail_ok(pgreq *list, const char *msg)
{
    pgreq *r;
    for (r = list; r; r = r->next)
        if (r->rc == MGS_OK) {
            r->rc = MGS_EIO;
            mgs__setmsg(r->msg, sizeof r->msg, "%s", msg);
        }
}

/* Apply the requests inside the open transaction: each in a savepoint
 * of its own when there are several.  0, or -1 when the transaction is
 * lost (the list failed, msg says why). */
static int apply_list(PGconn *db, pgreq *list, char *msg, size_t cap)
{
    int one = list->next == NULL;
    pgreq *r;
    int i;
    for (r = list; r; r = r->next) {
        int rc = MGS_OK;
        if (!one && exec(db, "SAVEPOINT a", r->msg, sizeof r->msg) != MGS_OK)
            rc = MGS_EIO;
        for (i = 0; rc == MGS_OK && i < r->n; i++)
            rc = apply_one(db, &r->a[i], r->msg, sizeof r->msg);
        if (rc == MGS_OK && !one &&
            exec(db, "RELEASE a", r->msg, sizeof r->msg) != MGS_OK)
            rc = MGS_EIO;
        if (rc == MGS_OK)
            continue;
        r->rc = rc;
        if (!one && PQstatus(db) == CONNECTION_OK &&
            exec(db, "ROLLBACK TO a; RELEASE a", msg, cap) == MGS_OK)
            continue;
        mgs__setmsg(msg, cap, "%s", r->msg);
        return -1;
    }
    return 0;
}

static void run_batch(pg_store *st, pgreq *list)
{
    PGconn *db;
    PGresult *res;
    char msg[PG_MSGCAP];
    double t0, dt;
    int committed = 0, i;
    uint64_t ok = 0, bad = 0;
    pgreq *r, *next;

    pthread_mutex_lock(&st->w.mu);
    t0 = now_s();
    for (r = list; r; r = r->next)
        r->rc = MGS_OK;
    if (mgs__pg_ready(st, &st->w, msg, sizeof msg) != MGS_OK ||
        exec(st->w.db, "BEGIN", msg, sizeof msg) != MGS_OK) {
        fail_ok(list, msg);
        goto out;
    }
    db = st->w.db;
    if (apply_list(db, list, msg, sizeof msg) != 0) {
        PQclear(PQexec(db, "ROLLBACK"));
        fail_ok(list, msg);
        goto out;
    }
    res = PQexec(db, "COMMIT");
    if (PQresultStatus(res) != PGRES_COMMAND_OK ||
        strcmp(PQcmdStatus(res), "COMMIT") != 0) {
        char m2[PG_MSGCAP + 16];
        if (PQresultStatus(res) == PGRES_COMMAND_OK)
            mgs__setmsg(msg, sizeof msg, "rolled back");
        else
            mgs__pg_error(db, res, msg, sizeof msg);
        mgs__setmsg(m2, sizeof m2, "commit failed: %s", msg);
        fail_ok(list, m2);
    } else {
        committed = 1;
    }
    PQclear(res);
out:
    dt = now_s() - t0;
    pthread_mutex_unlock(&st->w.mu);
    for (r = list; r; r = r->next) {
        if (r->rc == MGS_OK)
            ok++;
        else
            bad++;
    }
    pthread_mutex_lock(&st->stmu);
    st->stats.appends += ok;
    st->stats.failures += bad;
    if (committed) {
        st->stats.transactions++;
        st->stats.commit_sum += dt;
        for (i = 0; i < 11; i++)
            if (dt * 1000.0 <= commit_bounds_ms[i])
                st->stats.commit_le[i]++;
        st->stats.commit_le[11]++;
    }
    pthread_mutex_unlock(&st->stmu);
    pthread_mutex_lock(&st->qmu);
    for (r = list; r; r = next) {
        next = r->next;
        r->done = 1;
    }
    pthread_cond_broadcast(&st->donecv);
    pthread_mutex_unlock(&st->qmu);
}

static void *writer_main(void *arg)
{
    pg_store *st = arg;
    pthread_mutex_lock(&st->qmu);
    for (;;) {
        pgreq *list;
        while (!st->head && !st->stop)
            pthread_cond_wait(&st->qcv, &st->qmu);
        if (!st->head)
            break;
        list = st->head;
        st->head = st->tail = NULL;
        pthread_mutex_unlock(&st->qmu);
        run_batch(st, list);
        pthread_mutex_lock(&st->qmu);
    }
    pthread_mutex_unlock(&st->qmu);
    return NULL;
}

static int pg_append(mgs_store *base, const mgs_append *a, int n, char *err,
                     size_t errcap)
{
    pg_store *st = (pg_store *)base;
    pgreq r;
    memset(&r, 0, sizeof r);
    r.a = a;
    r.n = n;
    pthread_mutex_lock(&st->qmu);
    if (st->stop) {
        pthread_mutex_unlock(&st->qmu);
        mgs__setmsg(err, errcap, "the store is closing");
        return MGS_EIO;
    }
    if (st->tail)
        st->tail->next = &r;
    else
        st->head = &r;
    st->tail = &r;
    pthread_cond_signal(&st->qcv);
    while (!r.done)
        pthread_cond_wait(&st->donecv, &st->qmu);
    pthread_mutex_unlock(&st->qmu);
    if (r.rc != MGS_OK)
        mgs__setmsg(err, errcap, "%s", r.msg);
    return r.rc;
}

/* ------------------------------------------------------ maintenance */

static int pg_delete_before(mgs_store *base, int64_t before_ms,
                            const char *const *statuses, int64_t *deleted,
                            char *err, size_t errcap)
{
    pg_store *st = (pg_store *)base;
    const char *v[51];
    char sql[1024], before[24], msg[PG_MSGCAP];
    int n = 0, len, rc;
    PGresult *res;

    while (statuses[n])
        n++;
    snprintf(before, sizeof before, "%lld", (long long)before_ms);
    v[0] = before;
    /* one statement: the tables and what hangs on them go together */
    len = snprintf(sql, sizeof sql, "WITH gone AS (DELETE FROM tables"
                   " WHERE updated_ms < $1::bigint AND"
                   " mgs_json_status(json) IN (");
    for (rc = 0; rc < n; rc++) {
        v[rc + 1] = statuses[rc];
        len += snprintf(sql + len, sizeof sql - (size_t)len, "%s$%d::text",
                        rc ? ", " : "", rc + 2);
    }
    snprintf(sql + len, sizeof sql - (size_t)len, ") RETURNING id),"
             " s AS (DELETE FROM seats WHERE table_id IN"
             " (SELECT id FROM gone)),"
             " e AS (DELETE FROM events WHERE table_id IN"
             " (SELECT id FROM gone)),"
             " c AS (DELETE FROM commands WHERE table_id IN"
             " (SELECT id FROM gone))"
             " SELECT count(*) FROM gone");
    pthread_mutex_lock(&st->w.mu);
    rc = mgs__pg_ready(st, &st->w, msg, sizeof msg);
    if (rc == MGS_OK) {
        res = PQexecParams(st->w.db, sql, n + 1, NULL, v, NULL, NULL, 0);
        if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) == 1) {
            if (deleted)
                *deleted = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
        } else {
            rc = mgs__pg_error(st->w.db, res, msg, sizeof msg);
        }
        PQclear(res);
    }
    pthread_mutex_unlock(&st->w.mu);
    if (rc != MGS_OK)
        mgs__setmsg(err, errcap, "cannot delete old tables: %s", msg);
    return rc;
}

static int pg_backup(mgs_store *base, const char *file, char *err,
                     size_t errcap)
{
    (void)base;
    (void)file;
    mgs__setmsg(err, errcap, "--backup copies a SQLite database; back up "
                "a PostgreSQL database with pg_dump (or its own "
                "replication)");
    return MGS_EINVAL;
}

/* --max-db-mb limits a SQLite file; a PostgreSQL database's room is its
 * server's to limit (documented in mg-server(1)): nothing to do */
static int pg_set_max_pages(mgs_store *base, int64_t pages, char *err,
                            size_t errcap)
{
    (void)base;
    (void)pages;
    (void)err;
    (void)errcap;
    return MGS_OK;
}

static void pg_get_stats(mgs_store *base, mgs_store_stats *out)
{
    pg_store *st = (pg_store *)base;
    pthread_mutex_lock(&st->stmu);
    *out = st->stats;
    pthread_mutex_unlock(&st->stmu);
}

static int pg_readonly(const mgs_store *base)
{
    (void)base;
    return 0;
}

static void pg_hold(mgs_store *base, int on)
{
    pg_store *st = (pg_store *)base;
    if (on)
        pthread_mutex_lock(&st->w.mu);
    else
        pthread_mutex_unlock(&st->w.mu);
}

static int pg_queued(mgs_store *base)
{
    pg_store *st = (pg_store *)base;
    int n = 0;
    pgreq *r;
    pthread_mutex_lock(&st->qmu);
    for (r = st->head; r; r = r->next)
        n++;
    pthread_mutex_unlock(&st->qmu);
    return n;
}

static const mgs_store_ops pg_ops = {
    "postgresql",
    pg_close, pg_append, mgs__pg_events, mgs__pg_table, mgs__pg_tables,
    mgs__pg_commands, mgs__pg_command, mgs__pg_doc, mgs__pg_docs,
    pg_delete_before, pg_backup, pg_get_stats, pg_set_max_pages,
    pg_readonly, pg_hold, pg_queued
};
