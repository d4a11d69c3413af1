/*
 * store_pg.c - store.h over PostgreSQL (libpq), for --db
 * postgresql://... or postgres://... (store.c picks it).
 *
 * The same shape as the SQLite store: one writer thread owns the write
 * connection; mgs_store_append() queues its request and waits; the
 * writer takes everything queued and stores it in one transaction, sent
 * as one pipeline (store_pg_batch.c: a request that fails is rolled
 * back and told why, the others sent again without it), COMMITs once
 * (with the server's synchronous_commit, on by default: durable when it
 * returns) and wakes the callers.  Every key is a constraint of the
 * database, not a check of this process: a table's events are keyed by
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
    /* delivered to every listener when (and only if) the transaction
     * commits (store_pg_listen.c) */
    { "notify", "SELECT pg_notify('" MGS_PG_CHANNEL "', $1)", 1 },
};

const char *mgs__pg_stmt(int which)
{
    return stmts[which].name;
}

int mgs__pg_stmt_params(int which)
{
    return stmts[which].n;
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

int mgs__pg_exec(PGconn *db, const char *sql, char *msg, size_t cap)
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
    if (mgs__pg_exec(db, "BEGIN; SELECT pg_advisory_xact_lock(" MIGRATE_LOCK ");"
                 " CREATE TABLE IF NOT EXISTS schema_version("
                 "version integer NOT NULL)", msg, sizeof msg) != MGS_OK)
        goto fail;
    v = schema_version(db, msg, sizeof msg);
    if (v < 0)
        goto fail;
    if (v > SCHEMA_VERSION) {
        mgs__pg_exec(db, "ROLLBACK", msg, sizeof msg);
        mgs__setmsg(err, cap, "the database has schema version %lld, newer "
                    "than this program's %d: use a newer mg-server",
                    (long long)v, SCHEMA_VERSION);
        return MGS_EINVAL;
    }
    for (; v < SCHEMA_VERSION; v++) {
        char sql[96];
        if (mgs__pg_exec(db, migrations[v], msg, sizeof msg) != MGS_OK)
            goto fail;
        snprintf(sql, sizeof sql, "DELETE FROM schema_version; "
                 "INSERT INTO schema_version VALUES(%lld)", (long long)v + 1);
        if (mgs__pg_exec(db, sql, msg, sizeof msg) != MGS_OK)
            goto fail;
    }
    if (mgs__pg_exec(db, "COMMIT", msg, sizeof msg) != MGS_OK)
        goto fail;
    return MGS_OK;
fail:
    PQclear(PQexec(db, "ROLLBACK"));
    mgs__setmsg(err, cap, "cannot migrate the database to schema version "
                "%d: %s", SCHEMA_VERSION, msg);
    return MGS_EIO;
}

static void pg_close(mgs_store *base)
{
    pg_store *st = (pg_store *)base;
    int i;
    mgs__pg_listen_stop(st);
    mgs__queue_stop(&st->q);
    for (i = 0; i < PG_NREADERS; i++) {
        if (st->r[i].db)
            PQfinish(st->r[i].db);
        pthread_mutex_destroy(&st->r[i].mu);
    }
    if (st->w.db)
        PQfinish(st->w.db);
    pthread_mutex_destroy(&st->w.mu);
    pthread_mutex_destroy(&st->pool_mu);
    mgs__queue_destroy(&st->q);
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
    mgs__queue_init(&st->q);
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
    if (mgs__queue_start(&st->q, mgs__pg_run_batch, st) != 0) {
        mgs__setmsg(err, errcap, "cannot start the writer thread");
        rc = MGS_ENOMEM;
        goto fail;
    }
    *out = &st->base;
    return MGS_OK;
fail:
    pg_close(&st->base);
    return rc;
}

/* ------------------------------------------------------------ writer */


static int pg_append(mgs_store *base, const mgs_append *a, int n, char *err,
                     size_t errcap)
{
    return mgs__queue_append(&((pg_store *)base)->q, a, n, err, errcap);
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
    mgs__queue_stats(&((pg_store *)base)->q, out);
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
    return mgs__queue_queued(&((pg_store *)base)->q);
}

static const mgs_store_ops pg_ops = {
    "postgresql",
    pg_close, pg_append, mgs__pg_events, mgs__pg_table, mgs__pg_tables,
    mgs__pg_commands, mgs__pg_command, mgs__pg_doc, mgs__pg_docs,
    pg_delete_before, pg_backup, pg_get_stats, pg_set_max_pages,
    pg_readonly, mgs__pg_listen, pg_hold, pg_queued
};
