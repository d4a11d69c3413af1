/*
 * tables.c - the server's tables: the id -> table map (sorted array
 * under srv.tables_mu), finding a table (read from storage when it is
 * not in memory), restoring every unfinished table at start, a new
 * table's id.  The operations that make tables are create.c's (create)
 * and join.c's (join, rematch).
 */
#include "ratings.h"
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>


/* ------------------------------------------------------------- the map */

static int find_slot(mgs_srv *srv, const char *id, int *found)
{
    int lo = 0, hi = srv->ntables;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(srv->tables[mid]->id, id);
        if (c == 0) {
            *found = 1;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = 0;
    return lo;
}

static int insert_locked(mgs_srv *srv, mgs_table *t)
{
    int found, i = find_slot(srv, t->id, &found);
    if (found)
        return -1;
    if (srv->ntables == srv->tables_cap) {
        int cap = srv->tables_cap ? srv->tables_cap * 2 : 64;
        mgs_table **m = realloc(srv->tables, (size_t)cap * sizeof *m);
        if (!m)
            return -1;
        srv->tables = m;
        srv->tables_cap = cap;
    }
    memmove(srv->tables + i + 1, srv->tables + i,
            (size_t)(srv->ntables - i) * sizeof *srv->tables);
    srv->tables[i] = t;
    srv->ntables++;
    return 0;
}

int mgs_insert(mgs_srv *srv, mgs_table *t)
{
    int rc;
    pthread_mutex_lock(&srv->tables_mu);
    rc = insert_locked(srv, t);
    pthread_mutex_unlock(&srv->tables_mu);
    return rc;
}

static int valid_id(const char *id)
{
    size_t i;
    for (i = 0; id[i]; i++)
        if (!((id[i] >= 'a' && id[i] <= 'z') || (id[i] >= 'A' && id[i] <= 'Z') ||
              (id[i] >= '0' && id[i] <= '9') || id[i] == '-' || id[i] == '_'))
            return 0;
    return i == MGS_ID_LEN;
}

mgs_table *mgs_find(mgs_srv *srv, const char *id)
{
    mgs_table *t = NULL;
    int found, i;
    if (!valid_id(id))
        return NULL;
    pthread_mutex_lock(&srv->tables_mu);
    i = find_slot(srv, id, &found);
    if (found) {
        t = srv->tables[i];
        t->refs++;
    } else if ((t = mgs_table_load(srv, id)) != NULL) {
        if (insert_locked(srv, t) != 0) {
            mgs_table_free(t);
            t = NULL;
        } else {
            t->refs++; /* the caller's */
        }
    }
    pthread_mutex_unlock(&srv->tables_mu);
    return t;
}

static int row_none(void *arg, const mgs_table_row *row)
{
    (void)arg;
    (void)row;
    return 0;
}

static int seat_none(void *arg, const mgs_seat_row *s)
{
    (void)arg;
    (void)s;
    return 0;
}

int mgs_table_missing(mgs_srv *srv, const char *id)
{
    if (!valid_id(id))
        return 1;
    return mgs_store_table(srv->store, id, row_none, seat_none, NULL) ==
           MGS_ENOTFOUND;
}

mgs_table *mgs_find_cached(mgs_srv *srv, const char *id)
{
    mgs_table *t = NULL;
    int found, i;
    pthread_mutex_lock(&srv->tables_mu);
    i = find_slot(srv, id, &found);
    if (found) {
        t = srv->tables[i];
        t->refs++;
    }
    pthread_mutex_unlock(&srv->tables_mu);
    return t;
}

void mgs_release(mgs_srv *srv, mgs_table *t)
{
    (void)srv;
    if (!t)
        return;
    pthread_mutex_lock(&srv->tables_mu);
    t->refs--;
    pthread_mutex_unlock(&srv->tables_mu);
}

/* The ids of the unfinished tables, collected first: the store's
 * callbacks must not call the store (with ":memory:" its one connection
 * is held), so the tables are loaded after mgs_store_tables returns. */
typedef struct restore_ctx {
    char (*ids)[MGS_ID_LEN + 1];
    int n, cap, failed;
    int64_t until_ms; /* tables updated after it are left out */
} restore_ctx;

static int restore_one(void *arg, const mgs_table_row *row)
{
    restore_ctx *c = arg;
    json_error_t je;
    json_t *j = json_loads(row->json, 0, &je);
    const char *st = j ? json_string_value(json_object_get(j, "status")) : NULL;
    int open = st && (strcmp(st, "waiting") == 0 || strcmp(st, "playing") == 0);
    json_decref(j);
    if (open && row->updated_ms <= c->until_ms) {
        if (c->n == c->cap) {
            int cap = c->cap ? c->cap * 2 : 64;
            void *m = realloc(c->ids, (size_t)cap * sizeof *c->ids);
            if (!m) {
                c->failed++;
                return 0;
            }
            c->ids = m;
            c->cap = cap;
        }
        snprintf(c->ids[c->n++], sizeof c->ids[0], "%s", row->id);
    }
    return 0;
}

/* The unfinished tables updated from since_ms to until_ms that are not
 * in memory, read and put there: their number, or -1 (storage failed). */
static int restore_range(mgs_srv *srv, int64_t since_ms, int64_t until_ms,
                         int *failed)
{
    restore_ctx c = {NULL, 0, 0, 0, 0};
    int i, loaded = 0;
    c.until_ms = until_ms;
    if (mgs_store_tables(srv->store, since_ms, restore_one, &c) != MGS_OK) {
        free(c.ids);
        return -1;
    }
    for (i = 0; i < c.n; i++) {
        mgs_table *t = mgs_find_cached(srv, c.ids[i]);
        if (t) { /* in memory already */
            mgs_release(srv, t);
            continue;
        }
        t = mgs_table_load(srv, c.ids[i]);
        if (t && mgs_insert(srv, t) == 0) {
            loaded++;
            if (t->r.status == MGS_WAITING || t->r.status == MGS_PLAYING)
                mgs_table_counted(srv, t);
        } else {
            mgs_table_free(t);
            c.failed++;
        }
    }
    free(c.ids);
    *failed = c.failed;
    return loaded;
}

int mgs_restore_all(mgs_srv *srv, char *errbuf, size_t errcap)
{
    int failed = 0, loaded = restore_range(srv, 0, INT64_MAX, &failed);
    if (loaded < 0) {
        snprintf(errbuf, errcap, "cannot read the tables from storage");
        return -1;
    }
    mgs_log("restored %d unfinished table%s from the log%s", loaded,
            loaded == 1 ? "" : "s", failed ? " (some failed)" : "");
    return 0;
}

int mgs_restore_since(mgs_srv *srv, int64_t since_ms, int64_t until_ms)
{
    int failed = 0;
    return restore_range(srv, since_ms, until_ms, &failed);
}

/* --------------------------------------------------------- a new id */

int mgs_new_table_id(mgs_srv *srv, char *id)
{
    int tries;
    for (tries = 0; tries < 8; tries++) {
        mgs_table *t;
        mgs_random_token(id, 12);
        t = mgs_find(srv, id);
        if (!t)
            return 0;
        mgs_release(srv, t);
    }
    return -1;
}
