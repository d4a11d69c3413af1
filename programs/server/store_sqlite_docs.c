/*
 * store_sqlite_docs.c - the place's documents in SQLite (store.h's
 * mgs_doc_row, mgs_store_doc, mgs_store_docs): one table `docs` keyed by
 * (kind, key), indexed by owner and by rank.  The writes run inside the
 * writer thread's transaction (store_sqlite.c's apply_one calls
 * mgs__apply_doc), so a document changes in the same commit as the
 * table events it goes with; the reads use the read connections.
 */
#define _POSIX_C_SOURCE 200809L
#include "store_sqlite.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S_PUT, S_NEW, S_PUT_IF, S_DEL };

static const char *const doc_sql[4] = {
    "INSERT INTO docs(kind, key, owner, rank, json, updated_ms)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(kind, key) DO UPDATE SET"
    " owner = excluded.owner, rank = excluded.rank, json = excluded.json,"
    " updated_ms = excluded.updated_ms",
    "INSERT INTO docs(kind, key, owner, rank, json, updated_ms)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
    "UPDATE docs SET owner = ?3, rank = ?4, json = ?5, updated_ms = ?6"
    " WHERE kind = ?1 AND key = ?2 AND updated_ms = ?7",
    "DELETE FROM docs WHERE kind = ?1 AND key = ?2"
    " AND (?3 < 0 OR updated_ms = ?3)",
};

static int doc_error(sqlite3 *db, sqlite3_stmt *s, const mgs_doc_row *d,
                     char *msg, size_t cap)
{
    int ext = sqlite3_extended_errcode(db);
    int rc = MGS_EIO;
    if (ext == SQLITE_CONSTRAINT_PRIMARYKEY || ext == SQLITE_CONSTRAINT_UNIQUE)
        rc = MGS_ECONFLICT;
    else if ((ext & 0xff) == SQLITE_NOMEM)
        rc = MGS_ENOMEM;
    if (rc == MGS_ECONFLICT)
        mgs__setmsg(msg, cap, "document %s %s exists already", d->kind,
                    d->key);
    else
        mgs__setmsg(msg, cap, "document %s %s: %s", d->kind, d->key,
                    sqlite3_errmsg(db));
    sqlite3_reset(s);
    return rc;
}

int mgs__apply_doc(sq_store *st, const mgs_doc_row *d, char *msg,
                   size_t cap)
{
    sqlite3 *db = st->w.db;
    sqlite3_stmt *s;
    int which = d->op == MGS_DOC_NEW      ? S_NEW
                : d->op == MGS_DOC_DELETE ? S_DEL
                : d->if_updated_ms >= 0   ? S_PUT_IF
                                          : S_PUT;
    int rc;
    if (!st->doc_stmt[which] &&
        sqlite3_prepare_v3(db, doc_sql[which], -1, SQLITE_PREPARE_PERSISTENT,
                           &st->doc_stmt[which], NULL) != SQLITE_OK) {
        mgs__setmsg(msg, cap, "cannot prepare a document's statement: %s",
                    sqlite3_errmsg(db));
        return MGS_EIO;
    }
    s = st->doc_stmt[which];
    sqlite3_bind_text(s, 1, d->kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, d->key, -1, SQLITE_STATIC);
    if (which == S_DEL) {
        sqlite3_bind_int64(s, 3, d->if_updated_ms);
    } else {
        sqlite3_bind_text(s, 3, d->owner ? d->owner : "", -1, SQLITE_STATIC);
        sqlite3_bind_double(s, 4, d->rank);
        sqlite3_bind_text(s, 5, d->json, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 6, d->updated_ms);
        if (which == S_PUT_IF)
            sqlite3_bind_int64(s, 7, d->if_updated_ms);
    }
    rc = sqlite3_step(s);
    if (rc != SQLITE_DONE)
        return doc_error(db, s, d, msg, cap);
    sqlite3_reset(s);
    if ((which == S_DEL || which == S_PUT_IF) && sqlite3_changes(db) != 1) {
        if (which == S_DEL && d->if_updated_ms < 0)
            mgs__setmsg(msg, cap, "document %s %s is not there", d->kind,
                        d->key);
        else
            mgs__setmsg(msg, cap, "document %s %s was changed meanwhile "
                                  "(or is not there)", d->kind, d->key);
        return MGS_ECONFLICT;
    }
    return MGS_OK;
}

/* ------------------------------------------------------------- reads */

typedef struct doc_call {
    int (*cb)(void *arg, const mgs_doc *d);
    void *arg;
} doc_call;

static int read_docs(sq_store *st, const char *sql,
                     const char *const *text, int ntext,
                     const int64_t *num, int nnum, int none,
                     const doc_call *k)
{
    conn *c;
    sqlite3_stmt *s = NULL;
    int rc = MGS_OK, step, i, rows = 0;
    if (!(c = mgs__reader_get(st)))
        return MGS_EIO;
    if (sqlite3_prepare_v2(c->db, sql, -1, &s, NULL) != SQLITE_OK) {
        sqlite3_finalize(s);
        mgs__reader_put(c);
        return MGS_EIO;
    }
    for (i = 0; i < ntext; i++)
        sqlite3_bind_text(s, i + 1, text[i], -1, SQLITE_STATIC);
    for (i = 0; i < nnum; i++)
        sqlite3_bind_int64(s, ntext + i + 1, num[i]);
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        mgs_doc d;
        const unsigned char *t;
        rows++;
        t = sqlite3_column_text(s, 0);
        d.kind = t ? (const char *)t : "";
        t = sqlite3_column_text(s, 1);
        d.key = t ? (const char *)t : "";
        t = sqlite3_column_text(s, 2);
        d.owner = t ? (const char *)t : "";
        d.rank = sqlite3_column_double(s, 3);
        t = sqlite3_column_text(s, 4);
        d.json = t ? (const char *)t : "";
        d.updated_ms = sqlite3_column_int64(s, 5);
        if ((rc = k->cb(k->arg, &d)) != 0)
            break;
    }
    if (rc == MGS_OK && step != SQLITE_DONE)
        rc = MGS_EIO;
    else if (rc == MGS_OK && rows == 0 && none)
        rc = MGS_ENOTFOUND;
    sqlite3_finalize(s);
    mgs__reader_put(c);
    return rc;
}

#define DOC_COLS "SELECT kind, key, owner, rank, json, updated_ms FROM docs"

int mgs__sq_doc(mgs_store *base, const char *kind, const char *key,
                  int (*cb)(void *arg, const mgs_doc *d), void *arg)
{
    sq_store *st = (sq_store *)base;
    doc_call k;
    const char *text[2];
    if (!st || !kind || !key || !cb)
        return MGS_EINVAL;
    k.cb = cb;
    k.arg = arg;
    text[0] = kind;
    text[1] = key;
    return read_docs(st, DOC_COLS " WHERE kind = ?1 AND key = ?2", text, 2, NULL, 0,
                     1, &k);
}

int mgs__sq_docs(mgs_store *base, const char *kind, const char *owner,
                   const char *prefix, int order, int64_t offset,
                   int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                   void *arg)
{
    sq_store *st = (sq_store *)base;
    static const char *const orders[3] = {
        " ORDER BY key", " ORDER BY updated_ms DESC, key",
        " ORDER BY rank DESC, key"};
    char sql[400];
    const char *text[3];
    int64_t num[2];
    int nt = 0;
    doc_call k;
    if (!st || !cb || order < 0 || order > 2 || offset < 0 || limit <= 0)
        return MGS_EINVAL;
    k.cb = cb;
    k.arg = arg;
    text[nt++] = kind ? kind : "";
    text[nt++] = owner ? owner : "";
    text[nt++] = prefix ? prefix : "";
    num[0] = limit;
    num[1] = offset;
    /* the prefix compared as a range (substr(key, 1, n) = prefix would
     * not use the primary key) */
    snprintf(sql, sizeof sql,
             DOC_COLS " WHERE %s%s%s%s%s LIMIT ?4 OFFSET ?5",
             kind ? "kind = ?1" : "?1 = ?1",
             owner ? " AND owner = ?2" : " AND ?2 = ?2",
             prefix && *prefix
                 ? " AND key >= ?3 AND substr(key, 1, length(?3)) = ?3"
                 : " AND ?3 = ?3",
             kind ? "" : " ORDER BY kind,", kind ? orders[order]
                                                 : orders[order] + 9);
    return read_docs(st, sql, text, nt, num, 2, 0, &k);
}
