/*
 * store_pg_batch.c - the PostgreSQL store's writer: one batch of queued
 * appends in one transaction, sent as one pipeline (libpq's pipeline
 * mode): BEGIN and every statement of every request go out at once and
 * their results come back together, so a batch costs two round trips
 * (the pipeline, then COMMIT) however many requests it holds, instead
 * of several per request.
 *
 * Optimistic: a request that fails (a key already there, a document
 * changed meanwhile: a conditional UPDATE or DELETE that matched no row)
 * aborts the transaction; it is rolled back, that request alone is told
 * why, and the batch is sent again without it (each retry drops one
 * request, so this ends).  Nothing of a failed request is ever stored;
 * the others are stored once, when COMMIT returns.
 *
 * Every append NOTIFYs (channel MGS_PG_CHANNEL, payload "TABLE VERSION"
 * and "" when it changes documents) in the same transaction: PostgreSQL
 * delivers it to the other processes' listeners (store_pg_listen.c)
 * when it commits, never when it is rolled back.
 */
#define _POSIX_C_SOURCE 200809L
#include "store_pg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One statement of the batch: whose, which, and what its messages name */
typedef struct pgop {
    pgreq *r;
    int which;
    const mgs_append *a;
    const mgs_seat_row *seat;
    const mgs_event_row *ev;
    const mgs_doc_row *doc;
    char note[48]; /* P_NOTIFY's payload: "TABLE VERSION", or "" */
} pgop;

/* Send one statement into the pipeline: 0, or -1 (libpq failed) */
static int send_op(PGconn *db, const pgop *o)
{
    char n1[40], n2[24], n3[24];
    const char *v[7];
    int len[7] = {0}, fmt[7] = {0};
    const mgs_append *a = o->a;
    const mgs_doc_row *d = o->doc;
    switch (o->which) {
    case P_TABLE:
        snprintf(n1, sizeof n1, "%lld", (long long)a->created_ms);
        snprintf(n2, sizeof n2, "%lld", (long long)a->updated_ms);
        v[0] = a->table_id;
        v[1] = a->table_json;
        v[2] = n1;
        v[3] = n2;
        break;
    case P_SEAT: {
        const mgs_seat_row *s = o->seat;
        snprintf(n1, sizeof n1, "%d", s->seat);
        v[0] = a->table_id;
        v[1] = n1;
        v[2] = (const char *)s->secret_hash;
        v[3] = (const char *)s->invite_hash;
        v[4] = s->info ? s->info : "{}";
        len[2] = len[3] = 32; /* bytea, sent binary */
        fmt[2] = fmt[3] = 1;
        break;
    }
    case P_EVENT:
        snprintf(n1, sizeof n1, "%lld", (long long)o->ev->version);
        snprintf(n2, sizeof n2, "%lld", (long long)o->ev->at_ms);
        v[0] = a->table_id;
        v[1] = n1;
        v[2] = o->ev->type;
        v[3] = o->ev->json;
        v[4] = n2;
        break;
    case P_CMD:
        snprintf(n1, sizeof n1, "%d", a->command->seat);
        snprintf(n3, sizeof n3, "%d", a->command->status);
        v[0] = a->table_id;
        v[1] = n1;
        v[2] = a->command->cmd_id;
        v[3] = n3;
        v[4] = a->command->answer ? a->command->answer : "null";
        break;
    case P_NOTIFY:
        v[0] = o->note;
        break;
    default: /* a document */
        snprintf(n1, sizeof n1, "%.17g", d->rank);
        snprintf(n2, sizeof n2, "%lld", (long long)d->updated_ms);
        snprintf(n3, sizeof n3, "%lld", (long long)d->if_updated_ms);
        v[0] = d->kind;
        v[1] = d->key;
        if (o->which == P_DEL) {
            v[2] = n3;
        } else {
            v[2] = d->owner ? d->owner : "";
            v[3] = n1;
            v[4] = d->json;
            v[5] = n2;
            v[6] = n3;
        }
    }
    return PQsendQueryPrepared(db, mgs__pg_stmt(o->which),
                               mgs__pg_stmt_params(o->which), v, len, fmt,
                               0) ? 0 : -1;
}

/* What a statement's result says: MGS_OK or its failure, the message in
 * msg (as the SQLite store words them). */
static int op_result(PGconn *db, const pgop *o, PGresult *res,
                     char *msg, size_t cap)
{
    const mgs_doc_row *d = o->doc;
    const char *id = o->a->table_id ? o->a->table_id : "";
    char m[PG_MSGCAP];
    int rc;
    if (o->which == P_NOTIFY && PQresultStatus(res) == PGRES_TUPLES_OK)
        return MGS_OK;
    if (PQresultStatus(res) == PGRES_COMMAND_OK) {
        if ((o->which == P_DEL || o->which == P_PUT_IF) &&
            strcmp(PQcmdTuples(res), "1") != 0) {
            if (o->which == P_DEL && d->if_updated_ms < 0)
                mgs__setmsg(msg, cap, "document %s %s is not there",
                            d->kind, d->key);
            else
                mgs__setmsg(msg, cap, "document %s %s was changed "
                            "meanwhile (or is not there)", d->kind, d->key);
            return MGS_ECONFLICT;
        }
        return MGS_OK;
    }
    rc = mgs__pg_error(db, res, m, sizeof m);
    if (rc == MGS_ECONFLICT && o->which == P_EVENT)
        mgs__setmsg(msg, cap, "table %s has an event %lld already", id,
                    (long long)o->ev->version);
    else if (rc == MGS_ECONFLICT && o->which == P_CMD)
        mgs__setmsg(msg, cap, "table %s has a command %s of seat %d "
                    "already", id, o->a->command->cmd_id,
                    o->a->command->seat);
    else if (rc == MGS_ECONFLICT && d)
        mgs__setmsg(msg, cap, "document %s %s exists already", d->kind,
                    d->key);
    else if (d)
        mgs__setmsg(msg, cap, "document %s %s: %s", d->kind, d->key, m);
    else
        mgs__setmsg(msg, cap, "%s of table %s: %s",
                    o->which == P_TABLE  ? "the row"
                    : o->which == P_SEAT ? "a seat"
                    : o->which == P_EVENT ? "an event" : "a command",
                    id, m);
    return rc;
}

/* An append of "presence" documents only (presence.c's heartbeats and
 * sweeps): read when a claim asks, so nobody is told of it. */
static int quiet(const mgs_append *a)
{
    int j;
    if (a->table_id || a->ndocs == 0)
        return 0;
    for (j = 0; j < a->ndocs; j++)
        if (strcmp(a->docs[j].kind, "presence") != 0)
            return 0;
    return 1;
}

/* The statements of the requests still OK, in order (malloc'd). */
static pgop *make_ops(pgreq *list, size_t *nops)
{
    size_t n = 0, k = 0;
    pgreq *r;
    pgop *ops;
    int i, j;
    for (r = list; r; r = r->next)
        for (i = 0; r->rc == MGS_OK && i < r->n; i++) {
            const mgs_append *a = &r->a[i];
            n += (size_t)((a->table_json && a->table_id) + a->nseats +
                          a->nevents + (a->command != NULL) + a->ndocs) +
                 !quiet(a) + (a->table_id && a->ndocs > 0); /* NOTIFYs */
        }
    *nops = n;
    if (!(ops = calloc(n ? n : 1, sizeof *ops)))
        return NULL;
    for (r = list; r; r = r->next)
        for (i = 0; r->rc == MGS_OK && i < r->n; i++) {
            const mgs_append *a = &r->a[i];
            pgop o;
            memset(&o, 0, sizeof o);
            o.r = r;
            o.a = a;
            if (a->table_json && a->table_id) {
                o.which = P_TABLE;
                ops[k++] = o;
            }
            for (j = 0; j < a->nseats; j++) {
                o.which = P_SEAT;
                o.seat = &a->seats[j];
                ops[k++] = o;
            }
            for (j = 0; j < a->nevents; j++) {
                o.which = P_EVENT;
                o.ev = &a->events[j];
                ops[k++] = o;
            }
            o.ev = NULL;
            if (a->command) {
                o.which = P_CMD;
                ops[k++] = o;
            }
            for (j = 0; j < a->ndocs; j++) {
                const mgs_doc_row *d = &a->docs[j];
                o.doc = d;
                o.which = d->op == MGS_DOC_NEW      ? P_NEW
                          : d->op == MGS_DOC_DELETE ? P_DEL
                          : d->if_updated_ms >= 0   ? P_PUT_IF
                                                    : P_PUT;
                ops[k++] = o;
            }
            /* the other processes hear of it once it is committed: the
             * table and its last version ("" for documents only) */
            o.doc = NULL;
            if (quiet(a))
                continue;
            o.which = P_NOTIFY;
            if (a->table_id)
                snprintf(o.note, sizeof o.note, "%.20s %lld", a->table_id,
                         a->nevents > 0
                             ? (long long)a->events[a->nevents - 1].version
                             : 0LL);
            else
                o.note[0] = '\0';
            ops[k++] = o;
            if (a->table_id && a->ndocs > 0) { /* and its documents */
                o.note[0] = '\0';
                ops[k++] = o;
            }
        }
    return ops;
}

/* The next query's result in the pipeline (the first of its results;
 * the rest and the NULL after them consumed).  NULL: none came (the
 * connection is gone). */
static PGresult *next_result(PGconn *db)
{
    PGresult *res = PQgetResult(db), *more;
    if (!res)
        return NULL;
    if (PQresultStatus(res) == PGRES_PIPELINE_SYNC)
        return res;
    while ((more = PQgetResult(db)))
        PQclear(more);
    return res;
}

/* One try: BEGIN, the statements, a sync; then the results.  0: all
 * applied, the transaction open (COMMIT next); 1: a request failed (its
 * rc and msg set; rolled back: try again without it); -1: the
 * transaction or the connection is lost (msg says why). */
static int try_batch(PGconn *db, pgop *ops, size_t n, char *msg, size_t cap)
{
    PGresult *res;
    size_t i;
    int failed = 0, lost = 0;
    if (!PQenterPipelineMode(db) ||
        !PQsendQueryParams(db, "BEGIN", 0, NULL, NULL, NULL, NULL, 0)) {
        mgs__setmsg(msg, cap, "%s", PQerrorMessage(db));
        PQexitPipelineMode(db);
        return -1;
    }
    for (i = 0; i < n; i++)
        if (send_op(db, &ops[i]) != 0)
            break;
    if (i < n || !PQpipelineSync(db)) {
        /* nothing can be read back in order: start over on a new
         * connection */
        mgs__setmsg(msg, cap, "cannot send to the database: %s",
                    PQerrorMessage(db));
        return -2;
    }
    res = next_result(db); /* BEGIN's */
    if (!res || PQresultStatus(res) != PGRES_COMMAND_OK) {
        mgs__pg_error(db, res, msg, cap);
        lost = 1;
    }
    PQclear(res);
    for (i = 0; i < n && !lost; i++) {
        res = next_result(db);
        if (!res) {
            mgs__setmsg(msg, cap, "the database went away: %s",
                        PQerrorMessage(db));
            lost = 1;
            break;
        }
        if (!failed && PQresultStatus(res) != PGRES_PIPELINE_ABORTED) {
            pgreq *r = ops[i].r;
            int rc = op_result(db, &ops[i], res, r->msg, sizeof r->msg);
            if (rc != MGS_OK) {
                r->rc = rc;
                failed = 1;
                if (rc == MGS_EIO) { /* not the request's fault */
                    mgs__setmsg(msg, cap, "%s", r->msg);
                    lost = 1;
                }
            }
        }
        PQclear(res);
    }
    if (!lost) {
        res = PQgetResult(db); /* the sync */
        if (!res || PQresultStatus(res) != PGRES_PIPELINE_SYNC) {
            mgs__setmsg(msg, cap, "the database went away: %s",
                        PQerrorMessage(db));
            lost = 1;
        }
        PQclear(res);
    }
    if (lost || !PQexitPipelineMode(db))
        return -2;
    if (failed) {
        PQclear(PQexec(db, "ROLLBACK"));
        return 1;
    }
    return 0;
}

/* Store the batch: tries until every request still OK is applied (then
 * COMMIT) or none is left.  1 when a transaction was committed. */
static int store_batch(pg_store *st, pgreq *list)
{
    char msg[PG_MSGCAP];
    PGconn *db;
    PGresult *res;
    for (;;) {
        size_t n;
        pgop *ops;
        int t;
        if (mgs__pg_ready(st, &st->w, msg, sizeof msg) != MGS_OK) {
            mgs__queue_fail_ok(list, msg);
            return 0;
        }
        db = st->w.db;
        if (!(ops = make_ops(list, &n))) {
            mgs__queue_fail_ok(list, "out of memory");
            return 0;
        }
        if (n == 0) { /* every request failed: nothing to commit */
            free(ops);
            return 0;
        }
        t = try_batch(db, ops, n, msg, sizeof msg);
        free(ops);
        if (t == 1)
            continue;
        if (t < 0) {
            char m2[PG_MSGCAP + 8];
            mgs__setmsg(m2, sizeof m2, "%s", msg);
            if (t == -2) { /* the connection's state unknown: a new one */
                PQfinish(st->w.db);
                st->w.db = NULL;
                st->w.prepared = 0;
            } else {
                PQclear(PQexec(db, "ROLLBACK"));
            }
            mgs__queue_fail_ok(list, m2);
            return 0;
        }
        break;
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
        mgs__queue_fail_ok(list, m2);
        PQclear(res);
        return 0;
    }
    PQclear(res);
    return 1;
}

void mgs__pg_run_batch(void *arg, pgreq *list)
{
    pg_store *st = arg;
    double t0, dt;
    int committed;
    pgreq *r;

    pthread_mutex_lock(&st->w.mu);
    t0 = mgs__now_s();
    for (r = list; r; r = r->next)
        r->rc = MGS_OK;
    committed = store_batch(st, list);
    dt = mgs__now_s() - t0;
    pthread_mutex_unlock(&st->w.mu);
    mgs__queue_finish(&st->q, list, committed, dt);
}
