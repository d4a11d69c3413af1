/*
 * cluster.c - several mg-server processes on one database (PostgreSQL):
 * what one process hears of the others.
 *
 * A table in memory is a cache of its stored log.  Every append
 * NOTIFYs in its transaction (store_pg_batch.c); the store's listener
 * (mgs_store_listen) calls on_change here for each committed append,
 * and the table, when this process holds it, is brought up to its log
 * (mgs_table_refresh: the events read from the log go to its streams and
 * long polls).  A notification is only a hint: when the listener lost
 * its connection (some may be lost) every table held is refreshed, and
 * a change that loses its conditional write to a stale cache is caught
 * anyway (command.c: refresh, then the command once more).
 *
 * Every process holds every open table: restored at start, and every
 * 2 s the open tables the others made since are read (mgs_cluster_tick;
 * those of the last 2 s wait for the next round, so that a table being
 * created here is not read before its maker puts it in memory).  So
 * the timer of every process watches every clock, and a bot whose
 * process died is taken over (command.c's caught_tell arms it).  The
 * table's key (table, version) decides who wins: a flag, an expiry or
 * a bot's move that loses its write reloads and does nothing more, so
 * each happens once.  The lobby's seeks: lobby_sync.c.
 */
#include "lobby.h"

#include <stdlib.h>
#include <string.h>

/* MG_SERVER_TEST_DEAF=1 (the tests' hook, tests/server/
 * test_server_cluster.py): notifications are ignored, so that this
 * process's tables stay stale until a conflict tells it (the path a
 * lost notification takes) */
static int deaf;

/* bring t (in memory) up to its log */
static void refresh_held(mgs_srv *srv, mgs_table *t, int64_t version)
{
    pthread_mutex_lock(&t->mu);
    if (version <= 0 || version > t->r.version)
        mgs_table_refresh(srv, t);
    pthread_mutex_unlock(&t->mu);
}

static void refresh_all(mgs_srv *srv)
{
    int n, i;
    mgs_table **list = mgs_all_tables(srv, &n);
    for (i = 0; list && i < n; i++) {
        if (!mgs_stopping(srv))
            refresh_held(srv, list[i], 0);
        mgs_release(srv, list[i]);
    }
    free(list);
}

/* The listener's thread: one committed append of any process (this
 * one's too: then t is at that version already, and nothing is read). */
static void on_change(void *arg, const char *id, int64_t version)
{
    mgs_srv *srv = arg;
    mgs_table *t;
    if (mgs_stopping(srv) || deaf)
        return;
    if (!id) { /* (re)connected: anything may have been missed */
        refresh_all(srv);
        mgs_lobby_sync(srv);
        return;
    }
    if (!id[0]) { /* documents changed (a seek posted, taken, gone) */
        mgs_lobby_sync(srv);
        return;
    }
    t = mgs_find_cached(srv, id);
    if (!t)
        return; /* not held: the next mgs_cluster_tick reads it if open */
    refresh_held(srv, t, version);
    mgs_release(srv, t);
}

int mgs_cluster_start(mgs_srv *srv)
{
    int rc;
    const char *d = getenv("MG_SERVER_TEST_DEAF");
    deaf = d && strcmp(d, "1") == 0;
    srv->cluster_scan_ms = mgs_now_ms();
    srv->cluster_next_ms = srv->cluster_scan_ms + 2000;
    mgs_presence_start(); /* its presence rows' id (presence.c) */
    /* from here on a table read is not a restart: its clocks are the
     * log's (command.c) */
    __atomic_store_n(&srv->cluster, 1, __ATOMIC_RELEASE);
    rc = mgs_store_listen(srv->store, on_change, srv);
    if (rc == MGS_EINVAL) { /* one process's database (SQLite) */
        __atomic_store_n(&srv->cluster, 0, __ATOMIC_RELEASE);
        return 0;
    }
    if (rc != MGS_OK) {
        __atomic_store_n(&srv->cluster, 0, __ATOMIC_RELEASE);
        return -1;
    }
    return 0;
}

void mgs_cluster_tick(mgs_srv *srv, int64_t now)
{
    int64_t until = now - 2000;
    /* the others' clocks may differ from ours: 5 s of overlap */
    if (!__atomic_load_n(&srv->cluster, __ATOMIC_ACQUIRE) ||
        now < srv->cluster_next_ms)
        return;
    srv->cluster_next_ms = now + 2000;
    if (!deaf)
        mgs_lobby_sync(srv); /* the seeks' changes, if one was not heard */
    if (mgs_restore_since(srv, srv->cluster_scan_ms - 5000, until) >= 0 &&
        until > srv->cluster_scan_ms)
        srv->cluster_scan_ms = until;
}
