/*
 * store_sqlite.c - store.h over SQLite.
 *
 * One writer thread owns the write connection.  mgs_store_append() queues
 * its request and waits; the writer takes everything queued, runs BEGIN
 * IMMEDIATE, applies each request inside a SAVEPOINT of its own (so that
 * a conflict fails only that request), COMMITs once (one fsync with
 * synchronous=FULL in WAL mode) and wakes the callers.  A failed COMMIT
 * (full disk, read-only file, I/O error) fails every request of the batch
 * with MGS_EIO and rolls everything back.
 *
 * The queue and the writer thread are store_queue.c's (shared with the
 * PostgreSQL store); the readers are in store_sqlite_read.c.
 *
 * delete_before and set_max_pages use the write connection under the
 * same mutex the writer holds while it runs a batch.
 */
#define _POSIX_C_SOURCE 200809L
#include "store_sqlite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#define SCHEMA_VERSION 3

/* migrations[v] takes a database from schema version v to v + 1 */
static const char *const migrations[SCHEMA_VERSION] = {
    "CREATE TABLE tables(id TEXT PRIMARY KEY, json TEXT NOT NULL,"
    " created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);"
    "CREATE INDEX tables_updated ON tables(updated_ms);"
    "CREATE TABLE seats(table_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " secret_hash BLOB NOT NULL, invite_hash BLOB NOT NULL,"
    " info TEXT NOT NULL, PRIMARY KEY(table_id, seat));"
    "CREATE TABLE events(table_id TEXT NOT NULL, version INTEGER NOT NULL,"
    " type TEXT NOT NULL, json TEXT NOT NULL, at_ms INTEGER NOT NULL,"
    " PRIMARY KEY(table_id, version)) WITHOUT ROWID;"
    "CREATE TABLE commands(table_id TEXT NOT NULL, seat INTEGER NOT NULL,"
    " cmd_id TEXT NOT NULL, status INTEGER NOT NULL, answer TEXT NOT NULL,"
    " PRIMARY KEY(table_id, seat, cmd_id));",
    /* 2: a create's cmd_id (seat -1) is one for the whole server */
    "CREATE UNIQUE INDEX commands_create ON commands(cmd_id)"
    " WHERE seat = -1;",
    /* 3: the place's documents (players, ratings, seeks: store.h) */
    "CREATE TABLE docs(kind TEXT NOT NULL, key TEXT NOT NULL,"
    " owner TEXT NOT NULL, rank REAL NOT NULL, json TEXT NOT NULL,"
    " updated_ms INTEGER NOT NULL, PRIMARY KEY(kind, key)) WITHOUT ROWID;"
    "CREATE INDEX docs_owner ON docs(kind, owner, updated_ms);"
    "CREATE INDEX docs_rank ON docs(kind, rank);"
};

/* Run sql (no rows wanted); on failure the message goes to msg. */
static int exec(sqlite3 *db, const char *sql, char *msg, size_t cap)
{
    char *e = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &e);
    if (rc != SQLITE_OK) {
        mgs__setmsg(msg, cap, "%s", e ? e : sqlite3_errmsg(db));
        sqlite3_free(e);
    }
    return rc;
}

int mgs__open_conn(const char *path, int create, sqlite3 **out, char *err,
                     size_t cap)
{
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI |
                SQLITE_OPEN_FULLMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db, flags, NULL);
    if (rc != SQLITE_OK) {
        mgs__setmsg(err, cap, "cannot open %s: %s", path,
               db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        *out = NULL;
        return MGS_EIO;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, BUSY_MS);
    *out = db;
    return MGS_OK;
}

int mgs__sq_readonly(const mgs_store *base)
{
    const sq_store *st = (const sq_store *)base;
    return st && st->readonly;
}

int mgs__open_conn_ro(const char *path, sqlite3 **out, char *err,
                      size_t cap)
{
    sqlite3 *db = NULL;
    int rc = sqlite3_open_v2(path, &db,
                             SQLITE_OPEN_READONLY | SQLITE_OPEN_URI |
                                 SQLITE_OPEN_FULLMUTEX,
                             NULL);
    if (rc != SQLITE_OK) {
        mgs__setmsg(err, cap, "cannot open %s: %s", path,
                    db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        *out = NULL;
        return MGS_EIO;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, BUSY_MS);
    *out = db;
    return MGS_OK;
}

static int64_t schema_version(sqlite3 *db, char *err, size_t cap);

/* A database file that cannot be written (its file or folder read-only):
 * open it read-only and immutable (nothing else writes it while this
 * server has it), so that its games can still be read; every append then
 * fails with the reason.  0 when that worked. */
static int open_read_only(sq_store *st, const char *path, const char *why,
                          char *err, size_t errcap)
{
    char *uri;
    size_t n = strlen(path) + 32;
    int64_t v;
    if (st->memory || strncmp(path, "file:", 5) == 0 || !(uri = malloc(n)))
        return -1;
    snprintf(uri, n, "file:%s?immutable=1", path);
    sqlite3_close(st->w.db);
    st->w.db = NULL;
    if (mgs__open_conn_ro(uri, &st->w.db, err, errcap) != MGS_OK) {
        free(uri);
        return -1;
    }
    v = schema_version(st->w.db, err, errcap);
    if (v != SCHEMA_VERSION) {
        if (v >= 0)
            mgs__setmsg(err, errcap, "%s: read-only, and not at schema "
                        "version %d (%s)", path, SCHEMA_VERSION, why);
        free(uri);
        return -1;
    }
    free(st->path);
    st->path = uri;
    st->readonly = 1;
    mgs__setmsg(st->ro_why, sizeof st->ro_why, "%s", why);
    return 0;
}

/* The schema version stored (0: a new database); -1 on error. */
static int64_t schema_version(sqlite3 *db, char *err, size_t cap)
{
    sqlite3_stmt *s = NULL;
    int64_t v = -1;
    int rc = sqlite3_prepare_v2(db,
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
        " AND name = 'schema_version'", -1, &s, NULL);
    if (rc == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) {
        int have = sqlite3_column_int(s, 0);
        sqlite3_finalize(s);
        s = NULL;
        if (!have)
            return 0;
        rc = sqlite3_prepare_v2(db,
            "SELECT coalesce(max(version), 0) FROM schema_version", -1, &s,
            NULL);
        if (rc == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
    }
    if (v < 0)
        mgs__setmsg(err, cap, "cannot read the schema version: %s",
               sqlite3_errmsg(db));
    sqlite3_finalize(s);
    return v;
}

static int migrate(sqlite3 *db, char *err, size_t cap)
{
    char msg[MSGCAP];
    int64_t v = schema_version(db, err, cap);
    if (v < 0)
        return MGS_EIO;
    if (v == SCHEMA_VERSION)
        return MGS_OK; /* nothing to write: a read-only file opens too */
    if (v > SCHEMA_VERSION) {
        mgs__setmsg(err, cap, "the database has schema version %lld, newer than "
               "this program's %d: use a newer mg-server",
               (long long)v, SCHEMA_VERSION);
        return MGS_EINVAL;
    }
    if (exec(db, "BEGIN IMMEDIATE", msg, sizeof msg) != SQLITE_OK) {
        mgs__setmsg(err, cap, "cannot migrate the database: %s", msg);
        return MGS_EIO;
    }
    if (exec(db, "CREATE TABLE IF NOT EXISTS schema_version("
                 "version INTEGER NOT NULL)", msg, sizeof msg) != SQLITE_OK)
        goto fail;
    v = schema_version(db, msg, sizeof msg); /* again, inside the lock */
    if (v < 0)
        goto fail;
    for (; v < SCHEMA_VERSION; v++) {
        char sql[96];
        if (exec(db, migrations[v], msg, sizeof msg) != SQLITE_OK)
            goto fail;
        snprintf(sql, sizeof sql,
                 "DELETE FROM schema_version; "
                 "INSERT INTO schema_version VALUES(%lld)", (long long)v + 1);
        if (exec(db, sql, msg, sizeof msg) != SQLITE_OK)
            goto fail;
    }
    if (exec(db, "COMMIT", msg, sizeof msg) != SQLITE_OK)
        goto fail;
    return MGS_OK;
fail:
    if (!sqlite3_get_autocommit(db))
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    mgs__setmsg(err, cap, "cannot migrate the database to schema version %d: %s",
           SCHEMA_VERSION, msg);
    return MGS_EIO;
}

static void run_batch(void *arg, req *list);

void mgs__sq_close(mgs_store *base)
{
    sq_store *st = (sq_store *)base;
    int i;
    if (!st)
        return;
    mgs__queue_stop(&st->q);
    sqlite3_finalize(st->ins_table);
    sqlite3_finalize(st->ins_seat);
    sqlite3_finalize(st->ins_event);
    sqlite3_finalize(st->ins_cmd);
    for (i = 0; i < 4; i++)
        sqlite3_finalize(st->doc_stmt[i]);
    for (i = 0; i < NREADERS; i++) {
        sqlite3_close(st->r[i].db);
        pthread_mutex_destroy(&st->r[i].mu);
    }
    sqlite3_close(st->w.db);
    pthread_mutex_destroy(&st->w.mu);
    pthread_mutex_destroy(&st->pool_mu);
    mgs__queue_destroy(&st->q);
    free(st->path);
    free(st);
}

static int prepare(sq_store *st, const char *sql, sqlite3_stmt **s,
                   char *err, size_t cap)
{
    if (sqlite3_prepare_v3(st->w.db, sql, -1, SQLITE_PREPARE_PERSISTENT, s,
                           NULL) != SQLITE_OK) {
        mgs__setmsg(err, cap, "cannot prepare the statements: %s",
               sqlite3_errmsg(st->w.db));
        return MGS_EIO;
    }
    return MGS_OK;
}

int mgs__sq_open(mgs_store **out, const char *path, char *err,
                 size_t errcap)
{
    sq_store *st;
    char msg[MSGCAP];
    int i, rc;

    st = calloc(1, sizeof *st);
    if (!st || !(st->path = strdup(path))) {
        free(st);
        mgs__setmsg(err, errcap, "out of memory");
        return MGS_ENOMEM;
    }
    st->base.ops = &mgs__sq_ops;
    st->memory = strcmp(path, ":memory:") == 0;
    pthread_mutex_init(&st->w.mu, NULL);
    for (i = 0; i < NREADERS; i++)
        pthread_mutex_init(&st->r[i].mu, NULL);
    pthread_mutex_init(&st->pool_mu, NULL);
    mgs__queue_init(&st->q);

    rc = mgs__open_conn(path, 1, &st->w.db, err, errcap);
    if (rc == MGS_OK && !st->memory)
        /* WAL is kept in the file; a read-only file keeps what it has */
        sqlite3_exec(st->w.db, "PRAGMA journal_mode=WAL", NULL, NULL, NULL);
    if (rc == MGS_OK &&
        exec(st->w.db, "PRAGMA synchronous=FULL", msg, sizeof msg) !=
            SQLITE_OK) {
        mgs__setmsg(err, errcap, "%s: %s", path, msg);
        rc = MGS_EIO;
    }
    if (rc == MGS_OK)
        rc = migrate(st->w.db, err, errcap);
    if (rc == MGS_EIO && !st->memory && access(path, F_OK) == 0) {
        char why[MSGCAP];
        mgs__setmsg(why, sizeof why, "%s", err);
        if (open_read_only(st, path, why, err, errcap) == 0) {
            *out = &st->base; /* reads only: no writer, no statements */
            return MGS_OK;
        }
    }
    if (rc != MGS_OK)
        goto fail;
    rc = prepare(st, "INSERT INTO tables(id, json, created_ms, updated_ms)"
                 " VALUES(?1, ?2, ?3, ?4) ON CONFLICT(id) DO UPDATE SET"
                 " json = excluded.json, created_ms = excluded.created_ms,"
                 " updated_ms = excluded.updated_ms",
                 &st->ins_table, err, errcap);
    if (rc == MGS_OK)
        rc = prepare(st, "INSERT OR REPLACE INTO seats(table_id, seat,"
                     " secret_hash, invite_hash, info)"
                     " VALUES(?1, ?2, ?3, ?4, ?5)",
                     &st->ins_seat, err, errcap);
    if (rc == MGS_OK)
        rc = prepare(st, "INSERT INTO events(table_id, version, type, json,"
                     " at_ms) VALUES(?1, ?2, ?3, ?4, ?5)",
                     &st->ins_event, err, errcap);
    if (rc == MGS_OK)
        rc = prepare(st, "INSERT INTO commands(table_id, seat, cmd_id,"
                     " status, answer) VALUES(?1, ?2, ?3, ?4, ?5)",
                     &st->ins_cmd, err, errcap);
    if (rc != MGS_OK)
        goto fail;
    if (mgs__queue_start(&st->q, run_batch, st) != 0) {
        mgs__setmsg(err, errcap, "cannot start the writer thread");
        rc = MGS_ENOMEM;
        goto fail;
    }
    *out = &st->base;
    return MGS_OK;
fail:
    mgs__sq_close(&st->base);
    return rc;
}

/* ------------------------------------------------------------ writer */

/* After a failed step of s: the error code for it, the message in msg. */
static int step_error(sqlite3 *db, sqlite3_stmt *s, const char *what,
                      const char *id, char *msg, size_t cap)
{
    int ext = sqlite3_extended_errcode(db);
    int rc = MGS_EIO;
    if (ext == SQLITE_CONSTRAINT_PRIMARYKEY || ext == SQLITE_CONSTRAINT_UNIQUE)
        rc = MGS_ECONFLICT;
    else if ((ext & 0xff) == SQLITE_CONSTRAINT)
        rc = MGS_EINVAL;
    else if ((ext & 0xff) == SQLITE_NOMEM)
        rc = MGS_ENOMEM;
    mgs__setmsg(msg, cap, "%s of table %s: %s", what, id, sqlite3_errmsg(db));
    sqlite3_reset(s);
    return rc;
}

static int run(sqlite3 *db, sqlite3_stmt *s, const char *what,
               const char *id, char *msg, size_t cap)
{
    int rc = sqlite3_step(s);
    if (rc != SQLITE_DONE)
        return step_error(db, s, what, id, msg, cap);
    sqlite3_reset(s);
    return MGS_OK;
}

static int apply_one(sq_store *st, const mgs_append *a, char *msg,
                     size_t cap)
{
    sqlite3 *db = st->w.db;
    sqlite3_stmt *s;
    int i, rc;

    if (a->table_json && a->table_id) {
        s = st->ins_table;
        sqlite3_bind_text(s, 1, a->table_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 2, a->table_json, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 3, a->created_ms);
        sqlite3_bind_int64(s, 4, a->updated_ms);
        rc = run(db, s, "the row", a->table_id, msg, cap);
        if (rc != MGS_OK)
            return rc;
    }
    for (i = 0; i < a->nseats; i++) {
        const mgs_seat_row *r = &a->seats[i];
        s = st->ins_seat;
        sqlite3_bind_text(s, 1, a->table_id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, r->seat);
        sqlite3_bind_blob(s, 3, r->secret_hash, 32, SQLITE_STATIC);
        sqlite3_bind_blob(s, 4, r->invite_hash, 32, SQLITE_STATIC);
        sqlite3_bind_text(s, 5, r->info ? r->info : "{}", -1, SQLITE_STATIC);
        rc = run(db, s, "a seat", a->table_id, msg, cap);
        if (rc != MGS_OK)
            return rc;
    }
    for (i = 0; i < a->nevents; i++) {
        const mgs_event_row *e = &a->events[i];
        s = st->ins_event;
        sqlite3_bind_text(s, 1, a->table_id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 2, e->version);
        sqlite3_bind_text(s, 3, e->type, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 4, e->json, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 5, e->at_ms);
        rc = run(db, s, "an event", a->table_id, msg, cap);
        if (rc == MGS_ECONFLICT)
            mgs__setmsg(msg, cap, "table %s has an event %lld already",
                   a->table_id, (long long)e->version);
        if (rc != MGS_OK)
            return rc;
    }
    if (a->command) {
        const mgs_command_row *c = a->command;
        s = st->ins_cmd;
        sqlite3_bind_text(s, 1, a->table_id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 2, c->seat);
        sqlite3_bind_text(s, 3, c->cmd_id, -1, SQLITE_STATIC);
        sqlite3_bind_int(s, 4, c->status);
        sqlite3_bind_text(s, 5, c->answer ? c->answer : "null", -1,
                          SQLITE_STATIC);
        rc = run(db, s, "a command", a->table_id, msg, cap);
        if (rc == MGS_ECONFLICT)
            mgs__setmsg(msg, cap, "table %s has a command %s of seat %d already",
                   a->table_id, c->cmd_id, c->seat);
        if (rc != MGS_OK)
            return rc;
    }
    for (i = 0; i < a->ndocs; i++)
        if ((rc = mgs__apply_doc(st, &a->docs[i], msg, cap)) != MGS_OK)
            return rc;
    return MGS_OK;
}

/* The writer's batch (mgs__queue_start's run; arg is the store) */
static void run_batch(void *arg, req *list)
{
    sq_store *st = arg;
    sqlite3 *db = st->w.db;
    char msg[MSGCAP];
    double t0, dt;
    int committed = 0, i;
    req *r;

    pthread_mutex_lock(&st->w.mu);
    t0 = mgs__now_s();
    for (r = list; r; r = r->next)
        r->rc = MGS_OK;
    if (exec(db, "BEGIN IMMEDIATE", msg, sizeof msg) != SQLITE_OK) {
        mgs__queue_fail_ok(list, msg);
        goto out;
    }
    for (r = list; r; r = r->next) {
        int rc = MGS_OK;
        if (exec(db, "SAVEPOINT a", r->msg, sizeof r->msg) != SQLITE_OK)
            rc = MGS_EIO;
        for (i = 0; rc == MGS_OK && i < r->n; i++)
            rc = apply_one(st, &r->a[i], r->msg, sizeof r->msg);
        if (rc == MGS_OK &&
            exec(db, "RELEASE a", r->msg, sizeof r->msg) != SQLITE_OK)
            rc = MGS_EIO;
        if (rc == MGS_OK)
            continue;
        r->rc = rc;
        if (!sqlite3_get_autocommit(db) &&
            exec(db, "ROLLBACK TO a; RELEASE a", msg, sizeof msg)
            == SQLITE_OK)
            continue;
        /* the whole transaction is gone: fail the batch, store nothing */
        snprintf(msg, sizeof msg, "%s", r->msg);
        if (!sqlite3_get_autocommit(db))
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        mgs__queue_fail_ok(list, msg);
        goto out;
    }
    if (exec(db, "COMMIT", msg, sizeof msg) != SQLITE_OK) {
        char m2[MSGCAP + 16];
        if (!sqlite3_get_autocommit(db))
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        mgs__setmsg(m2, sizeof m2, "commit failed: %s", msg);
        mgs__queue_fail_ok(list, m2);
        goto out;
    }
    committed = 1;
out:
    dt = mgs__now_s() - t0;
    pthread_mutex_unlock(&st->w.mu);
    mgs__queue_finish(&st->q, list, committed, dt);
}


int mgs__sq_append(mgs_store *base, const mgs_append *a, int n, char *err,
                     size_t errcap)
{
    sq_store *st = (sq_store *)base;
    /* store.c checked the arguments; n > 0 */
    if (st->readonly) {
        mgs__setmsg(err, errcap, "the database could not be written when "
                    "the server started (%s): nothing can be stored",
                    st->ro_why);
        mgs__queue_count_failure(&st->q);
        return MGS_EIO;
    }
    return mgs__queue_append(&st->q, a, n, err, errcap);
}

/* ------------------------------------------------------ maintenance */

int mgs__sq_delete_before(mgs_store *base, int64_t before_ms,
                            const char *const *statuses, int64_t *deleted,
                            char *err, size_t errcap)
{
    sq_store *st = (sq_store *)base;
    static const char *const del[4] = {
        "DELETE FROM seats WHERE table_id IN",
        "DELETE FROM events WHERE table_id IN",
        "DELETE FROM commands WHERE table_id IN",
        "DELETE FROM tables WHERE id IN"
    };
    sqlite3 *db;
    char sql[1024], msg[MSGCAP];
    int n = 0, i, k, len, rc = MGS_EIO;
    int64_t count = 0;

    /* store.c checked the arguments: 1 to 50 statuses, *deleted 0 */
    while (statuses[n])
        n++;
    db = st->w.db;
    pthread_mutex_lock(&st->w.mu);
    if (exec(db, "BEGIN IMMEDIATE", msg, sizeof msg) != SQLITE_OK)
        goto fail;
    for (k = 0; k < 4; k++) {
        sqlite3_stmt *s = NULL;
        len = snprintf(sql, sizeof sql, "%s (SELECT id FROM tables WHERE"
                       " updated_ms < ?1 AND CASE WHEN json_valid(json)"
                       " THEN json_extract(json, '$.status') END IN (",
                       del[k]);
        for (i = 0; i < n; i++)
            len += snprintf(sql + len, sizeof sql - (size_t)len, "%s?%d",
                            i ? ", " : "", i + 2);
        snprintf(sql + len, sizeof sql - (size_t)len, "))");
        if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK) {
            mgs__setmsg(msg, sizeof msg, "%s", sqlite3_errmsg(db));
            goto fail;
        }
        sqlite3_bind_int64(s, 1, before_ms);
        for (i = 0; i < n; i++)
            sqlite3_bind_text(s, i + 2, statuses[i], -1, SQLITE_STATIC);
        if (sqlite3_step(s) != SQLITE_DONE) {
            mgs__setmsg(msg, sizeof msg, "%s", sqlite3_errmsg(db));
            sqlite3_finalize(s);
            goto fail;
        }
        sqlite3_finalize(s);
        count = sqlite3_changes(db);
    }
    if (exec(db, "COMMIT", msg, sizeof msg) != SQLITE_OK)
        goto fail;
    pthread_mutex_unlock(&st->w.mu);
    if (deleted)
        *deleted = count;
    return MGS_OK;
fail:
    if (!sqlite3_get_autocommit(db))
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    pthread_mutex_unlock(&st->w.mu);
    mgs__setmsg(err, errcap, "cannot delete old tables: %s", msg);
    return rc;
}
int mgs__sq_set_max_pages(mgs_store *base, int64_t pages, char *err,
                            size_t errcap)
{
    sq_store *st = (sq_store *)base;
    char sql[64], msg[MSGCAP];
    int rc;
    if (st && st->readonly)
        return MGS_OK; /* nothing grows */
    if (!st || pages < 0) {
        mgs__setmsg(err, errcap, "bad arguments");
        return MGS_EINVAL;
    }
    snprintf(sql, sizeof sql, "PRAGMA max_page_count=%lld",
             pages ? (long long)pages : 4294967294LL);
    pthread_mutex_lock(&st->w.mu);
    rc = exec(st->w.db, sql, msg, sizeof msg);
    pthread_mutex_unlock(&st->w.mu);
    if (rc != SQLITE_OK) {
        mgs__setmsg(err, errcap, "%s", msg);
        return MGS_EIO;
    }
    return MGS_OK;
}

void mgs__sq_get_stats(mgs_store *base, mgs_store_stats *out)
{
    sq_store *st = (sq_store *)base;
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!st)
        return;
    mgs__queue_stats(&st->q, out);
}

/* The writer's mutex held or let go, and the number of appends queued
 * (store_backend.h's test hooks) */
static void sq_hold(mgs_store *base, int on)
{
    sq_store *st = (sq_store *)base;
    if (on)
        pthread_mutex_lock(&st->w.mu);
    else
        pthread_mutex_unlock(&st->w.mu);
}

static int sq_queued(mgs_store *base)
{
    return mgs__queue_queued(&((sq_store *)base)->q);
}

const mgs_store_ops mgs__sq_ops = {
    "sqlite",
    mgs__sq_close, mgs__sq_append, mgs__sq_events, mgs__sq_table,
    mgs__sq_tables, mgs__sq_commands, mgs__sq_command, mgs__sq_doc,
    mgs__sq_docs, mgs__sq_delete_before, mgs__sq_backup,
    mgs__sq_get_stats, mgs__sq_set_max_pages, mgs__sq_readonly,
    NULL, /* listen: one process per file */
    sq_hold, sq_queued
};
