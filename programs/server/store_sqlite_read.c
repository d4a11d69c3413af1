/*
 * store_sqlite_read.c - the SQLite store's reading side: a small pool of
 * read connections (opened when first needed, one mutex each; WAL lets
 * them read beside the writer), the reading functions of store.h and
 * the online backup.  A ":memory:" database exists only on the write
 * connection, so there every read goes through it under its mutex.
 */
#define _POSIX_C_SOURCE 200809L
#include "store_sqlite.h"

#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------- readers */

/* A read connection, locked; NULL when none can be opened. */
conn *mgs__reader_get(sq_store *st)
{
    conn *c = NULL;
    int i;
    if (st->memory) {
        pthread_mutex_lock(&st->w.mu);
        return &st->w;
    }
    for (i = 0; i < NREADERS && !c; i++)
        if (pthread_mutex_trylock(&st->r[i].mu) == 0)
            c = &st->r[i];
    if (!c) {
        pthread_mutex_lock(&st->pool_mu);
        i = (int)(st->next_reader++ % NREADERS);
        pthread_mutex_unlock(&st->pool_mu);
        c = &st->r[i];
        pthread_mutex_lock(&c->mu);
    }
    if (!c->db && (st->readonly ? mgs__open_conn_ro(st->path, &c->db, NULL, 0)
                                : mgs__open_conn(st->path, 0, &c->db, NULL, 0)) !=
                      MGS_OK) {
        pthread_mutex_unlock(&c->mu);
        return NULL;
    }
    return c;
}

void mgs__reader_put(conn *c)
{
    pthread_mutex_unlock(&c->mu);
}

static const char *col_text(sqlite3_stmt *s, int i)
{
    const unsigned char *t = sqlite3_column_text(s, i);
    return t ? (const char *)t : "";
}

static void col_hash(sqlite3_stmt *s, int i, unsigned char out[32])
{
    const void *b = sqlite3_column_blob(s, i);
    int n = sqlite3_column_bytes(s, i);
    memset(out, 0, 32);
    if (b)
        memcpy(out, b, n < 32 ? (size_t)n : 32);
}

/* ------------------------------------------------------ the read loop */

/* A statement's parameter: text (when text is not NULL) or a number. */
typedef struct param {
    const char *text;
    int64_t num;
} param;

/* The one read loop: sql prepared on db with its parameters (?1.. in
 * order), row(s, ctx) called for each row until it returns non-zero,
 * which is then the result; MGS_OK after the last row, MGS_ENOTFOUND
 * when there was none and `none` is set, MGS_EIO when SQLite fails. */
static int each_row(sqlite3 *db, const char *sql, const param *p, int np,
                    int none, int (*row)(sqlite3_stmt *s, void *ctx),
                    void *ctx)
{
    sqlite3_stmt *s = NULL;
    int rc = MGS_OK, step, i, rows = 0;
    if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK) {
        sqlite3_finalize(s);
        return MGS_EIO;
    }
    for (i = 0; i < np; i++)
        if (p[i].text)
            sqlite3_bind_text(s, i + 1, p[i].text, -1, SQLITE_STATIC);
        else
            sqlite3_bind_int64(s, i + 1, p[i].num);
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        rows++;
        if ((rc = row(s, ctx)) != 0)
            break;
    }
    if (rc == MGS_OK && step != SQLITE_DONE)
        rc = MGS_EIO;
    else if (rc == MGS_OK && rows == 0 && none)
        rc = MGS_ENOTFOUND;
    sqlite3_finalize(s);
    return rc;
}

/* The caller's callback and its argument, for the rows' adapters. */
typedef struct call {
    int (*event)(void *arg, const mgs_event_row *ev);
    int (*table)(void *arg, const mgs_table_row *t);
    int (*seat)(void *arg, const mgs_seat_row *s);
    int (*command)(void *arg, const mgs_command_row *c);
    void *arg;
} call;

static int event_row(sqlite3_stmt *s, void *ctx)
{
    const call *k = ctx;
    mgs_event_row ev;
    ev.version = sqlite3_column_int64(s, 0);
    ev.type = col_text(s, 1);
    ev.json = col_text(s, 2);
    ev.at_ms = sqlite3_column_int64(s, 3);
    return k->event(k->arg, &ev);
}

static int table_row(sqlite3_stmt *s, void *ctx)
{
    const call *k = ctx;
    mgs_table_row t;
    if (!k->table)
        return 0;
    t.id = col_text(s, 0);
    t.json = col_text(s, 1);
    t.created_ms = sqlite3_column_int64(s, 2);
    t.updated_ms = sqlite3_column_int64(s, 3);
    return k->table(k->arg, &t);
}

static int seat_row(sqlite3_stmt *s, void *ctx)
{
    const call *k = ctx;
    mgs_seat_row r;
    r.seat = sqlite3_column_int(s, 0);
    col_hash(s, 1, r.secret_hash);
    col_hash(s, 2, r.invite_hash);
    r.info = col_text(s, 3);
    return k->seat(k->arg, &r);
}

static int command_row(sqlite3_stmt *s, void *ctx)
{
    const call *k = ctx;
    mgs_command_row r;
    r.seat = sqlite3_column_int(s, 0);
    r.cmd_id = col_text(s, 1);
    r.status = sqlite3_column_int(s, 2);
    r.answer = col_text(s, 3);
    return k->command(k->arg, &r);
}

/* ---------------------------------------------------------- the reads */

int mgs__sq_events(mgs_store *base, const char *id, int64_t after,
                     int (*cb)(void *arg, const mgs_event_row *ev),
                     void *arg)
{
    sq_store *st = (sq_store *)base;
    call k = {NULL, NULL, NULL, NULL, NULL};
    param p[2];
    conn *c;
    int rc;
    if (!st || !id || !cb)
        return MGS_EINVAL;
    if (!(c = mgs__reader_get(st)))
        return MGS_EIO;
    k.event = cb;
    k.arg = arg;
    p[0].text = id;
    p[1].text = NULL;
    p[1].num = after;
    rc = each_row(c->db, "SELECT version, type, json, at_ms FROM events"
                  " WHERE table_id = ?1 AND version > ?2 ORDER BY version",
                  p, 2, 0, event_row, &k);
    mgs__reader_put(c);
    return rc;
}

int mgs__sq_table(mgs_store *base, const char *id,
                    int (*cb_table)(void *arg, const mgs_table_row *t),
                    int (*cb_seat)(void *arg, const mgs_seat_row *s),
                    void *arg)
{
    sq_store *st = (sq_store *)base;
    call k = {NULL, NULL, NULL, NULL, NULL};
    param p;
    conn *c;
    int rc = MGS_EIO;
    if (!st || !id)
        return MGS_EINVAL;
    if (!(c = mgs__reader_get(st)))
        return MGS_EIO;
    k.table = cb_table;
    k.seat = cb_seat;
    k.arg = arg;
    p.text = id;
    /* one snapshot for the row and its seats */
    if (st->memory || sqlite3_exec(c->db, "BEGIN", NULL, NULL, NULL) ==
                          SQLITE_OK) {
        rc = each_row(c->db, "SELECT id, json, created_ms, updated_ms"
                      " FROM tables WHERE id = ?1", &p, 1, 1, table_row, &k);
        if (rc == MGS_OK && cb_seat)
            rc = each_row(c->db, "SELECT seat, secret_hash, invite_hash, info"
                          " FROM seats WHERE table_id = ?1 ORDER BY seat",
                          &p, 1, 0, seat_row, &k);
    }
    if (!st->memory && !sqlite3_get_autocommit(c->db))
        sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL);
    mgs__reader_put(c);
    return rc;
}

int mgs__sq_tables(mgs_store *base, int64_t since_ms,
                     int (*cb)(void *arg, const mgs_table_row *t),
                     void *arg)
{
    sq_store *st = (sq_store *)base;
    call k = {NULL, NULL, NULL, NULL, NULL};
    param p;
    conn *c;
    int rc;
    if (!st || !cb)
        return MGS_EINVAL;
    if (!(c = mgs__reader_get(st)))
        return MGS_EIO;
    k.table = cb;
    k.arg = arg;
    p.text = NULL;
    p.num = since_ms;
    rc = each_row(c->db, "SELECT id, json, created_ms, updated_ms FROM tables"
                  " WHERE updated_ms >= ?1 ORDER BY updated_ms, id",
                  &p, 1, 0, table_row, &k);
    mgs__reader_put(c);
    return rc;
}

int mgs__sq_commands(mgs_store *base, const char *id,
                       int (*cb)(void *arg, const mgs_command_row *c),
                       void *arg)
{
    sq_store *st = (sq_store *)base;
    call k = {NULL, NULL, NULL, NULL, NULL};
    param p;
    conn *c;
    int rc;
    if (!st || !id || !cb)
        return MGS_EINVAL;
    if (!(c = mgs__reader_get(st)))
        return MGS_EIO;
    k.command = cb;
    k.arg = arg;
    p.text = id;
    rc = each_row(c->db, "SELECT seat, cmd_id, status, answer FROM commands"
                  " WHERE table_id = ?1 ORDER BY rowid",
                  &p, 1, 0, command_row, &k);
    mgs__reader_put(c);
    return rc;
}

/* mgs_store_command's row: the status and a copy of the answer. */
typedef struct answer_out {
    int *status;
    char **answer;
} answer_out;

static int answer_row(sqlite3_stmt *s, void *ctx)
{
    const answer_out *o = ctx;
    *o->status = sqlite3_column_int(s, 0);
    free(*o->answer);
    *o->answer = strdup(col_text(s, 1));
    return *o->answer ? MGS_OK : MGS_ENOMEM;
}

int mgs__sq_command(mgs_store *base, const char *id, int seat,
                      const char *cmd_id, int *status, char **answer)
{
    sq_store *st = (sq_store *)base;
    answer_out o;
    param p[3];
    conn *c;
    int rc, n = 0;
    *answer = NULL;
    if (!st || !cmd_id)
        return MGS_EINVAL;
    if (!(c = mgs__reader_get(st)))
        return MGS_EIO;
    o.status = status;
    o.answer = answer;
    if (id)
        p[n++].text = id;
    p[n].text = NULL;
    p[n++].num = seat;
    p[n++].text = cmd_id;
    rc = each_row(c->db, id ? "SELECT status, answer FROM commands"
                              " WHERE table_id = ?1 AND seat = ?2"
                              " AND cmd_id = ?3"
                            : "SELECT status, answer FROM commands"
                              " WHERE seat = ?1 AND cmd_id = ?2",
                  p, n, 1, answer_row, &o);
    if (rc != MGS_OK) {
        free(*answer);
        *answer = NULL;
    }
    mgs__reader_put(c);
    return rc;
}

int mgs__sq_backup(mgs_store *base, const char *file, char *err,
                     size_t errcap)
{
    sq_store *st = (sq_store *)base;
    sqlite3 *dst = NULL;
    sqlite3_backup *b;
    conn *c;
    int rc;
    if (!st || !file) {
        mgs__setmsg(err, errcap, "no backup file");
        return MGS_EINVAL;
    }
    if (!(c = mgs__reader_get(st))) {
        mgs__setmsg(err, errcap, "cannot open a read connection to %s", st->path);
        return MGS_EIO;
    }
    rc = sqlite3_open_v2(file, &dst, SQLITE_OPEN_READWRITE |
                         SQLITE_OPEN_CREATE, NULL);
    if (rc != SQLITE_OK) {
        mgs__setmsg(err, errcap, "cannot open %s: %s", file,
               dst ? sqlite3_errmsg(dst) : sqlite3_errstr(rc));
        goto out;
    }
    sqlite3_busy_timeout(dst, BUSY_MS);
    b = sqlite3_backup_init(dst, "main", c->db, "main");
    if (!b) {
        rc = SQLITE_ERROR;
        mgs__setmsg(err, errcap, "cannot back up to %s: %s", file,
               sqlite3_errmsg(dst));
        goto out;
    }
    /* one step: the whole copy in one read transaction, consistent */
    rc = sqlite3_backup_step(b, -1);
    sqlite3_backup_finish(b);
    if (rc != SQLITE_DONE) {
        mgs__setmsg(err, errcap, "cannot back up to %s: %s", file,
               sqlite3_errmsg(dst));
        goto out;
    }
    rc = SQLITE_OK;
out:
    mgs__reader_put(c);
    if (dst && sqlite3_close(dst) != SQLITE_OK && rc == SQLITE_OK) {
        mgs__setmsg(err, errcap, "cannot close %s", file);
        rc = SQLITE_ERROR;
    }
    return rc == SQLITE_OK ? MGS_OK : MGS_EIO;
}
