/*
 * store_pg_listen.c - mgs_store_listen over PostgreSQL: a thread of its
 * own, on a connection of its own, LISTENs on MGS_PG_CHANNEL (every
 * append NOTIFYs there in its transaction: store_pg_batch.c) and hands
 * each notification to the caller's callback.
 *
 * PostgreSQL keeps no notification for a listener that is not
 * connected, so a lost connection may lose some: the thread connects
 * again (waiting 0.1 s, then twice as long each time up to 5 s), and
 * after every connection (the first too: what was committed before it
 * listened was not heard) calls cb(arg, NULL, 0), so that the caller
 * reads again what it holds.  Stopping: a flag the loop sees within 0.2 s (it waits on the
 * socket with poll() and that timeout).
 */
#define _POSIX_C_SOURCE 200809L
#include "store_pg.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct pg_listener {
    pg_store *st;
    void (*cb)(void *arg, const char *table_id, int64_t version);
    void *arg;
    pthread_t thread;
    int stop; /* atomic */
} pg_listener;

static int stopping(pg_listener *l)
{
    return __atomic_load_n(&l->stop, __ATOMIC_ACQUIRE);
}

/* Sleep ms, in steps that notice a stop. */
static void nap(pg_listener *l, int ms)
{
    while (ms > 0 && !stopping(l)) {
        struct timespec ts;
        int step = ms < 100 ? ms : 100;
        ts.tv_sec = 0;
        ts.tv_nsec = (long)step * 1000000L;
        nanosleep(&ts, NULL);
        ms -= step;
    }
}

/* A connection that LISTENs, or NULL (the message logged by nobody: the
 * next try says the same). */
static PGconn *connect_listen(pg_listener *l)
{
    PGconn *db = PQconnectdb(l->st->uri);
    PGresult *res;
    if (!db || PQstatus(db) != CONNECTION_OK) {
        PQfinish(db);
        return NULL;
    }
    res = PQexec(db, "LISTEN " MGS_PG_CHANNEL);
    if (PQresultStatus(res) != PGRES_COMMAND_OK) {
        PQclear(res);
        PQfinish(db);
        return NULL;
    }
    PQclear(res);
    return db;
}

/* One notification's payload: "TABLE VERSION" or "" (documents). */
static void deliver(pg_listener *l, const char *payload)
{
    char id[32];
    long long v = 0;
    const char *sp = strchr(payload, ' ');
    size_t n = sp ? (size_t)(sp - payload) : strlen(payload);
    if (n >= sizeof id)
        return; /* not ours */
    memcpy(id, payload, n);
    id[n] = '\0';
    if (sp)
        v = strtoll(sp + 1, NULL, 10);
    l->cb(l->arg, id, (int64_t)v);
}

static void *listen_main(void *arg)
{
    pg_listener *l = arg;
    PGconn *db = NULL;
    int backoff = 100;
    while (!stopping(l)) {
        struct pollfd pfd;
        PGnotify *nf;
        if (!db) {
            db = connect_listen(l);
            if (!db) {
                nap(l, backoff);
                backoff = backoff * 2 > 5000 ? 5000 : backoff * 2;
                continue;
            }
            backoff = 100;
            /* what was committed before (or while no connection
             * listened) was not heard: the caller reads again */
            l->cb(l->arg, NULL, 0);
        }
        pfd.fd = PQsocket(db);
        pfd.events = POLLIN;
        pfd.revents = 0;
        if (pfd.fd < 0 ||
            (poll(&pfd, 1, 200) < 0 && errno != EINTR)) {
            PQfinish(db);
            db = NULL;
            continue;
        }
        if (pfd.revents && !PQconsumeInput(db)) {
            PQfinish(db); /* the server went away: connect again */
            db = NULL;
            continue;
        }
        while ((nf = PQnotifies(db)) != NULL) {
            if (strcmp(nf->relname, MGS_PG_CHANNEL) == 0 && !stopping(l))
                deliver(l, nf->extra);
            PQfreemem(nf);
        }
        if (PQstatus(db) != CONNECTION_OK) {
            PQfinish(db);
            db = NULL;
        }
    }
    PQfinish(db);
    return NULL;
}

int mgs__pg_listen(mgs_store *base,
                   void (*cb)(void *arg, const char *table_id,
                              int64_t version),
                   void *arg)
{
    pg_store *st = (pg_store *)base;
    pg_listener *l;
    if (st->listener)
        return MGS_EINVAL;
    l = calloc(1, sizeof *l);
    if (!l)
        return MGS_ENOMEM;
    l->st = st;
    l->cb = cb;
    l->arg = arg;
    if (pthread_create(&l->thread, NULL, listen_main, l) != 0) {
        free(l);
        return MGS_ENOMEM;
    }
    st->listener = l;
    return MGS_OK;
}

void mgs__pg_listen_stop(pg_store *st)
{
    pg_listener *l = st->listener;
    if (!l)
        return;
    __atomic_store_n(&l->stop, 1, __ATOMIC_RELEASE);
    pthread_join(l->thread, NULL);
    free(l);
    st->listener = NULL;
}
