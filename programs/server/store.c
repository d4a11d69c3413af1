/*
 * store.c - store.h's one entry: the arguments checked once, the backend
 * chosen by mgs_store_open from the database string (a libpq URI,
 * "postgresql://..." or "postgres://...": PostgreSQL, store_pg*.c;
 * anything else: a SQLite file, store_sqlite*.c), every other call
 * passed through its table of functions (store_backend.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "store_backend.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void mgs__setmsg(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    if (!err || cap == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

int mgs__store_is_pg(const char *path)
{
    return path && (strncmp(path, "postgresql://", 13) == 0 ||
                    strncmp(path, "postgres://", 11) == 0);
}

int mgs__check_doc(const mgs_doc_row *d, char *err, size_t cap)
{
    if (d->op != MGS_DOC_PUT && d->op != MGS_DOC_NEW &&
        d->op != MGS_DOC_DELETE) {
        mgs__setmsg(err, cap, "a document with an unknown op %d", d->op);
        return MGS_EINVAL;
    }
    if (!d->kind || !*d->kind || strlen(d->kind) > MGS_DOC_KIND_MAX ||
        !d->key || !*d->key || strlen(d->key) > MGS_DOC_KEY_MAX) {
        mgs__setmsg(err, cap, "a document without a kind or key, or one "
                              "too long");
        return MGS_EINVAL;
    }
    if (d->op != MGS_DOC_DELETE && (!d->json || !isfinite(d->rank))) {
        mgs__setmsg(err, cap, "document %s %s without JSON or with a rank "
                              "that is no number", d->kind, d->key);
        return MGS_EINVAL;
    }
    if (d->op == MGS_DOC_NEW && d->if_updated_ms >= 0) {
        mgs__setmsg(err, cap, "document %s %s: a new document cannot be "
                              "conditional", d->kind, d->key);
        return MGS_EINVAL;
    }
    return MGS_OK;
}

static int check_append(const mgs_append *a, char *err, size_t cap)
{
    int i;
    if ((a->nseats > 0 && !a->seats) || (a->nevents > 0 && !a->events) ||
        (a->ndocs > 0 && !a->docs) || a->nseats < 0 || a->nevents < 0 ||
        a->ndocs < 0) {
        mgs__setmsg(err, cap, "an append with bad counts");
        return MGS_EINVAL;
    }
    if (!a->table_id && (a->table_json || a->nseats || a->nevents ||
                         a->command)) {
        mgs__setmsg(err, cap, "a table's change without the table's id");
        return MGS_EINVAL;
    }
    for (i = 0; i < a->ndocs; i++)
        if (mgs__check_doc(&a->docs[i], err, cap) != MGS_OK)
            return MGS_EINVAL;
    for (i = 0; i < a->nevents; i++)
        if (!a->events[i].type || !a->events[i].json) {
            mgs__setmsg(err, cap, "an event of table %s without type or JSON",
                   a->table_id);
            return MGS_EINVAL;
        }
    if (a->command && !a->command->cmd_id) {
        mgs__setmsg(err, cap, "a command of table %s without id", a->table_id);
        return MGS_EINVAL;
    }
    return MGS_OK;
}

int mgs_store_open(mgs_store **out, const char *path, char *err,
                   size_t errcap)
{
    if (!out || !path) {
        mgs__setmsg(err, errcap, "no database path");
        return MGS_EINVAL;
    }
    *out = NULL;
    return mgs__store_is_pg(path) ? mgs__pg_open(out, path, err, errcap)
                                  : mgs__sq_open(out, path, err, errcap);
}

void mgs_store_close(mgs_store *st)
{
    if (st)
        st->ops->close(st);
}

int mgs_store_append(mgs_store *st, const mgs_append *a, int n, char *err,
                     size_t errcap)
{
    int i, rc;
    if (!st || n < 0 || (n > 0 && !a)) {
        mgs__setmsg(err, errcap, "bad arguments");
        return MGS_EINVAL;
    }
    for (i = 0; i < n; i++)
        if ((rc = check_append(&a[i], err, errcap)) != MGS_OK)
            return rc;
    if (n == 0)
        return MGS_OK;
    return st->ops->append(st, a, n, err, errcap);
}

int mgs_store_events(mgs_store *st, const char *id, int64_t after,
                     int (*cb)(void *arg, const mgs_event_row *ev),
                     void *arg)
{
    if (!st || !id || !cb)
        return MGS_EINVAL;
    return st->ops->events(st, id, after, cb, arg);
}

int mgs_store_table(mgs_store *st, const char *id,
                    int (*cb_table)(void *arg, const mgs_table_row *t),
                    int (*cb_seat)(void *arg, const mgs_seat_row *s),
                    void *arg)
{
    if (!st || !id)
        return MGS_EINVAL;
    return st->ops->table(st, id, cb_table, cb_seat, arg);
}

int mgs_store_tables(mgs_store *st, int64_t since_ms,
                     int (*cb)(void *arg, const mgs_table_row *t),
                     void *arg)
{
    if (!st || !cb)
        return MGS_EINVAL;
    return st->ops->tables(st, since_ms, cb, arg);
}

int mgs_store_commands(mgs_store *st, const char *id,
                       int (*cb)(void *arg, const mgs_command_row *c),
                       void *arg)
{
    if (!st || !id || !cb)
        return MGS_EINVAL;
    return st->ops->commands(st, id, cb, arg);
}

int mgs_store_command(mgs_store *st, const char *id, int seat,
                      const char *cmd_id, int *status, char **answer)
{
    if (answer)
        *answer = NULL;
    if (!st || !cmd_id || !status || !answer)
        return MGS_EINVAL;
    return st->ops->command(st, id, seat, cmd_id, status, answer);
}

int mgs_store_doc(mgs_store *st, const char *kind, const char *key,
                  int (*cb)(void *arg, const mgs_doc *d), void *arg)
{
    if (!st || !kind || !key || !cb)
        return MGS_EINVAL;
    return st->ops->doc(st, kind, key, cb, arg);
}

int mgs_store_docs(mgs_store *st, const char *kind, const char *owner,
                   const char *prefix, int order, int64_t offset,
                   int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                   void *arg)
{
    if (!st || !cb || order < 0 || order > 2 || offset < 0 || limit <= 0)
        return MGS_EINVAL;
    return st->ops->docs(st, kind, owner, prefix, order, offset, limit, cb,
                         arg);
}

int mgs_store_delete_before(mgs_store *st, int64_t before_ms,
                            const char *const *statuses, int64_t *deleted,
                            char *err, size_t errcap)
{
    int n = 0;
    if (deleted)
        *deleted = 0;
    if (!st) {
        mgs__setmsg(err, errcap, "no store");
        return MGS_EINVAL;
    }
    while (statuses && statuses[n])
        n++;
    if (n == 0)
        return MGS_OK;
    if (n > 50) {
        mgs__setmsg(err, errcap, "too many statuses");
        return MGS_EINVAL;
    }
    return st->ops->delete_before(st, before_ms, statuses, deleted, err,
                                  errcap);
}

int mgs_store_backup(mgs_store *st, const char *file, char *err,
                     size_t errcap)
{
    if (!st || !file) {
        mgs__setmsg(err, errcap, "no backup file");
        return MGS_EINVAL;
    }
    return st->ops->backup(st, file, err, errcap);
}

void mgs_store_get_stats(mgs_store *st, mgs_store_stats *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (st)
        st->ops->get_stats(st, out);
}

int mgs_store_set_max_pages(mgs_store *st, int64_t pages, char *err,
                            size_t errcap)
{
    if (!st) {
        mgs__setmsg(err, errcap, "bad arguments");
        return MGS_EINVAL;
    }
    return st->ops->set_max_pages(st, pages, err, errcap);
}

int mgs_store_readonly(const mgs_store *st)
{
    return st && st->ops->readonly(st);
}

int mgs_store_listen(mgs_store *st,
                     void (*cb)(void *arg, const char *table_id,
                                int64_t version),
                     void *arg)
{
    if (!st || !cb || !st->ops->listen)
        return MGS_EINVAL;
    return st->ops->listen(st, cb, arg);
}

void mgs__store_hold(mgs_store *st, int on)
{
    st->ops->hold(st, on);
}

int mgs__store_queued(mgs_store *st)
{
    return st->ops->queued(st);
}
