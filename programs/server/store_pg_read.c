/*
 * store_pg_read.c - the PostgreSQL store's reading side: a small pool of
 * read connections (made when first needed, one mutex each, made again
 * when broken), the reading functions of store.h over them, rows passed
 * to the callbacks one at a time (libpq's single-row mode: a long
 * listing is never held whole in memory).
 */
#define _POSIX_C_SOURCE 200809L
#include "store_pg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A read connection, locked and ready; NULL when none can be made. */
static pgconn *reader_get(pg_store *st)
{
    pgconn *c = NULL;
    int i;
    for (i = 0; i < PG_NREADERS && !c; i++)
        if (pthread_mutex_trylock(&st->r[i].mu) == 0)
            c = &st->r[i];
    if (!c) {
        pthread_mutex_lock(&st->pool_mu);
        i = (int)(st->next_reader++ % PG_NREADERS);
        pthread_mutex_unlock(&st->pool_mu);
        c = &st->r[i];
        pthread_mutex_lock(&c->mu);
    }
    if (mgs__pg_ready(st, c, NULL, 0) != MGS_OK) {
        pthread_mutex_unlock(&c->mu);
        return NULL;
    }
    return c;
}

static int64_t col_int(const PGresult *res, int i)
{
    return strtoll(PQgetvalue(res, 0, i), NULL, 10);
}

static int hexval(int c)
{
    return c >= '0' && c <= '9' ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 0;
}

/* a bytea column (text form "\x0a1b...") into 32 bytes, zero-padded */
static void col_hash(const PGresult *res, int i, unsigned char out[32])
{
    const char *t = PQgetvalue(res, 0, i);
    int k;
    memset(out, 0, 32);
    if (t[0] != '\\' || t[1] != 'x')
        return;
    t += 2;
    for (k = 0; k < 32 && t[0] && t[1]; k++, t += 2)
        out[k] = (unsigned char)(hexval(t[0]) * 16 + hexval(t[1]));
}

/* The one read loop: sql with its text parameters, row(res, ctx) for
 * each row (res holds that one row) until it returns non-zero, which is
 * then the result; MGS_OK after the last row, MGS_ENOTFOUND when there
 * was none and `none` is set, MGS_EIO when the database fails. */
static int each_row(pg_store *st, const char *sql, const char *const *v,
                    int nv, int none,
                    int (*row)(const PGresult *res, void *ctx), void *ctx)
{
    pgconn *c = reader_get(st);
    PGresult *res;
    int rc = MGS_OK, rows = 0, failed = 0;
    if (!c)
        return MGS_EIO;
    if (!PQsendQueryParams(c->db, sql, nv, NULL, v, NULL, NULL, 0) ||
        !PQsetSingleRowMode(c->db)) {
        /* nothing sent, or nothing to read: drain what there is */
        while ((res = PQgetResult(c->db)))
            PQclear(res);
        pthread_mutex_unlock(&c->mu);
        return MGS_EIO;
    }
    while ((res = PQgetResult(c->db))) {
        ExecStatusType s = PQresultStatus(res);
        if (s == PGRES_SINGLE_TUPLE) {
            rows++;
            if (rc == MGS_OK)
                rc = row(res, ctx); /* after a stop: the rest drained */
        } else if (s != PGRES_TUPLES_OK) {
            failed = 1;
        }
        PQclear(res);
    }
    pthread_mutex_unlock(&c->mu);
    if (failed && rc == MGS_OK)
        return MGS_EIO;
    if (rc == MGS_OK && rows == 0 && none)
        return MGS_ENOTFOUND;
    return rc;
}

/* The caller's callback and its argument, for the rows' adapters. */
typedef struct call {
    int (*event)(void *arg, const mgs_event_row *ev);
    int (*table)(void *arg, const mgs_table_row *t);
    int (*seat)(void *arg, const mgs_seat_row *s);
    int (*command)(void *arg, const mgs_command_row *c);
    int (*doc)(void *arg, const mgs_doc *d);
    void *arg;
    int rows;
} call;

static int event_row(const PGresult *res, void *ctx)
{
    const call *k = ctx;
    mgs_event_row ev;
    ev.version = col_int(res, 0);
    ev.type = PQgetvalue(res, 0, 1);
    ev.json = PQgetvalue(res, 0, 2);
    ev.at_ms = col_int(res, 3);
    return k->event(k->arg, &ev);
}

static int table_row(const PGresult *res, void *ctx)
{
    const call *k = ctx;
    mgs_table_row t;
    if (!k->table)
        return 0;
    t.id = PQgetvalue(res, 0, 0);
    t.json = PQgetvalue(res, 0, 1);
    t.created_ms = col_int(res, 2);
    t.updated_ms = col_int(res, 3);
    return k->table(k->arg, &t);
}

/* mgs_store_table's rows: the table's columns, then one seat's (NULL
 * when it has none): the table passed once, each seat after it */
static int table_seat_row(const PGresult *res, void *ctx)
{
    call *k = ctx;
    mgs_seat_row r;
    int rc = 0;
    if (k->rows++ == 0 && (rc = table_row(res, ctx)) != 0)
        return rc;
    if (!k->seat || PQgetisnull(res, 0, 4))
        return 0;
    r.seat = (int)col_int(res, 4);
    col_hash(res, 5, r.secret_hash);
    col_hash(res, 6, r.invite_hash);
    r.info = PQgetvalue(res, 0, 7);
    return k->seat(k->arg, &r);
}

static int command_row(const PGresult *res, void *ctx)
{
    const call *k = ctx;
    mgs_command_row r;
    r.seat = (int)col_int(res, 0);
    r.cmd_id = PQgetvalue(res, 0, 1);
    r.status = (int)col_int(res, 2);
    r.answer = PQgetvalue(res, 0, 3);
    return k->command(k->arg, &r);
}

static int doc_row(const PGresult *res, void *ctx)
{
    const call *k = ctx;
    mgs_doc d;
    d.kind = PQgetvalue(res, 0, 0);
    d.key = PQgetvalue(res, 0, 1);
    d.owner = PQgetvalue(res, 0, 2);
    d.rank = strtod(PQgetvalue(res, 0, 3), NULL);
    d.json = PQgetvalue(res, 0, 4);
    d.updated_ms = col_int(res, 5);
    return k->doc(k->arg, &d);
}

/* ---------------------------------------------------------- the reads */

int mgs__pg_events(mgs_store *st, const char *id, int64_t after,
                   int (*cb)(void *arg, const mgs_event_row *ev), void *arg)
{
    call k;
    char n[24];
    const char *v[2];
    memset(&k, 0, sizeof k);
    k.event = cb;
    k.arg = arg;
    snprintf(n, sizeof n, "%lld", (long long)after);
    v[0] = id;
    v[1] = n;
    return each_row((pg_store *)st, "SELECT version, type, json, at_ms"
                    " FROM events WHERE table_id = $1 AND version > $2"
                    " ORDER BY version", v, 2, 0, event_row, &k);
}

int mgs__pg_table(mgs_store *st, const char *id,
                  int (*cb_table)(void *arg, const mgs_table_row *t),
                  int (*cb_seat)(void *arg, const mgs_seat_row *s),
                  void *arg)
{
    call k;
    memset(&k, 0, sizeof k);
    k.table = cb_table;
    k.seat = cb_seat;
    k.arg = arg;
    /* one statement: one snapshot for the row and its seats */
    return each_row((pg_store *)st, "SELECT t.id, t.json, t.created_ms,"
                    " t.updated_ms, s.seat, s.secret_hash, s.invite_hash,"
                    " s.info FROM tables t LEFT JOIN seats s"
                    " ON s.table_id = t.id WHERE t.id = $1 ORDER BY s.seat",
                    &id, 1, 1, table_seat_row, &k);
}

int mgs__pg_tables(mgs_store *st, int64_t since_ms,
                   int (*cb)(void *arg, const mgs_table_row *t), void *arg)
{
    call k;
    char n[24];
    const char *v[1];
    memset(&k, 0, sizeof k);
    k.table = cb;
    k.arg = arg;
    snprintf(n, sizeof n, "%lld", (long long)since_ms);
    v[0] = n;
    return each_row((pg_store *)st, "SELECT id, json, created_ms, updated_ms"
                    " FROM tables WHERE updated_ms >= $1"
                    " ORDER BY updated_ms, id", v, 1, 0, table_row, &k);
}

int mgs__pg_commands(mgs_store *st, const char *id,
                     int (*cb)(void *arg, const mgs_command_row *c),
                     void *arg)
{
    call k;
    memset(&k, 0, sizeof k);
    k.command = cb;
    k.arg = arg;
    return each_row((pg_store *)st, "SELECT seat, cmd_id, status, answer"
                    " FROM commands WHERE table_id = $1 ORDER BY seq",
                    &id, 1, 0, command_row, &k);
}

/* mgs_store_command's row: the status and a copy of the answer. */
typedef struct answer_out {
    int *status;
    char **answer;
} answer_out;

static int answer_row(const PGresult *res, void *ctx)
{
    const answer_out *o = ctx;
    *o->status = (int)col_int(res, 0);
    free(*o->answer);
    *o->answer = strdup(PQgetvalue(res, 0, 1));
    return *o->answer ? MGS_OK : MGS_ENOMEM;
}

int mgs__pg_command(mgs_store *st, const char *id, int seat,
                    const char *cmd_id, int *status, char **answer)
{
    answer_out o;
    char n[16];
    const char *v[3];
    int rc, nv = 0;
    o.status = status;
    o.answer = answer;
    snprintf(n, sizeof n, "%d", seat);
    if (id)
        v[nv++] = id;
    v[nv++] = n;
    v[nv++] = cmd_id;
    rc = each_row((pg_store *)st,
                  id ? "SELECT status, answer FROM commands WHERE"
                       " table_id = $1 AND seat = $2 AND cmd_id = $3"
                     : "SELECT status, answer FROM commands WHERE"
                       " seat = $1 AND cmd_id = $2",
                  v, nv, 1, answer_row, &o);
    if (rc != MGS_OK) {
        free(*answer);
        *answer = NULL;
    }
    return rc;
}

#define DOC_COLS "SELECT kind, key, owner, rank, json, updated_ms FROM docs"

int mgs__pg_doc(mgs_store *st, const char *kind, const char *key,
                int (*cb)(void *arg, const mgs_doc *d), void *arg)
{
    call k;
    const char *v[2];
    memset(&k, 0, sizeof k);
    k.doc = cb;
    k.arg = arg;
    v[0] = kind;
    v[1] = key;
    return each_row((pg_store *)st, DOC_COLS " WHERE kind = $1 AND key = $2",
                    v, 2, 1, doc_row, &k);
}

int mgs__pg_docs(mgs_store *st, const char *kind, const char *owner,
                 const char *prefix, int order, int64_t offset,
                 int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                 void *arg)
{
    static const char *const orders[3] = {
        " ORDER BY key", " ORDER BY updated_ms DESC, key",
        " ORDER BY rank DESC, key"};
    char sql[512], lim[24], off[24];
    const char *v[5];
    call k;
    memset(&k, 0, sizeof k);
    k.doc = cb;
    k.arg = arg;
    v[0] = kind ? kind : "";
    v[1] = owner ? owner : "";
    v[2] = prefix ? prefix : "";
    snprintf(lim, sizeof lim, "%lld", (long long)limit);
    snprintf(off, sizeof off, "%lld", (long long)offset);
    v[3] = lim;
    v[4] = off;
    /* the prefix as a range of the primary key, then its exact test */
    snprintf(sql, sizeof sql,
             DOC_COLS " WHERE %s%s%s%s%s LIMIT $4::bigint OFFSET $5::bigint",
             kind ? "kind = $1::text" : "$1::text = $1::text",
             owner ? " AND owner = $2::text" : " AND $2::text = $2::text",
             prefix && *prefix
                 ? " AND key >= $3::text AND starts_with(key, $3::text)"
                 : " AND $3::text = $3::text",
             kind ? "" : " ORDER BY kind,", kind ? orders[order]
                                                 : orders[order] + 9);
    return each_row((pg_store *)st, sql, v, 5, 0, doc_row, &k);
}
