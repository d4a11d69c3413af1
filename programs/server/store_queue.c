/*
 * store_queue.c - the group-commit queue of store_queue.h, the same for
 * SQLite (store_sqlite.c) and PostgreSQL (store_pg.c, store_pg_batch.c).
 */
#define _POSIX_C_SOURCE 200809L
#include "store_queue.h"

#include <string.h>
#include <time.h>

static const double commit_bounds_ms[11] = {
    0.5, 1, 2, 5, 10, 25, 50, 100, 250, 500, 1000
};

double mgs__now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void mgs__queue_init(mgs_queue *q)
{
    pthread_mutex_init(&q->qmu, NULL);
    pthread_cond_init(&q->qcv, NULL);
    pthread_cond_init(&q->donecv, NULL);
    pthread_mutex_init(&q->stmu, NULL);
}

void mgs__queue_destroy(mgs_queue *q)
{
    pthread_mutex_destroy(&q->qmu);
    pthread_cond_destroy(&q->qcv);
    pthread_cond_destroy(&q->donecv);
    pthread_mutex_destroy(&q->stmu);
}

static void *writer_main(void *arg)
{
    mgs_queue *q = arg;
    mgs_req *list;
    while ((list = mgs__queue_take(q)) != NULL)
        q->run(q->arg, list);
    return NULL;
}

int mgs__queue_start(mgs_queue *q, void (*run)(void *arg, mgs_req *list),
                     void *arg)
{
    q->run = run;
    q->arg = arg;
    if (pthread_create(&q->thread, NULL, writer_main, q) != 0)
        return -1;
    q->started = 1;
    return 0;
}

void mgs__queue_stop(mgs_queue *q)
{
    pthread_mutex_lock(&q->qmu);
    q->stop = 1;
    pthread_cond_signal(&q->qcv);
    pthread_mutex_unlock(&q->qmu);
    if (q->started)
        pthread_join(q->thread, NULL);
    q->started = 0;
}

int mgs__queue_append(mgs_queue *q, const mgs_append *a, int n, char *err,
                      size_t errcap)
{
    mgs_req r;
    memset(&r, 0, sizeof r);
    r.a = a;
    r.n = n;
    pthread_mutex_lock(&q->qmu);
    if (q->stop) {
        pthread_mutex_unlock(&q->qmu);
        mgs__setmsg(err, errcap, "the store is closing");
        return MGS_EIO;
    }
    if (q->tail)
        q->tail->next = &r;
    else
        q->head = &r;
    q->tail = &r;
    pthread_cond_signal(&q->qcv);
    while (!r.done)
        pthread_cond_wait(&q->donecv, &q->qmu);
    pthread_mutex_unlock(&q->qmu);
    if (r.rc != MGS_OK)
        mgs__setmsg(err, errcap, "%s", r.msg);
    return r.rc;
}

mgs_req *mgs__queue_take(mgs_queue *q)
{
    mgs_req *list;
    pthread_mutex_lock(&q->qmu);
    while (!q->head && !q->stop)
        pthread_cond_wait(&q->qcv, &q->qmu);
    list = q->head;
    q->head = q->tail = NULL;
    pthread_mutex_unlock(&q->qmu);
    return list;
}

void mgs__queue_finish(mgs_queue *q, mgs_req *list, int committed,
                       double dt)
{
    uint64_t ok = 0, bad = 0;
    mgs_req *r, *next;
    int i;
    for (r = list; r; r = r->next) {
        if (r->rc == MGS_OK)
            ok++;
        else
            bad++;
    }
    pthread_mutex_lock(&q->stmu);
    q->stats.appends += ok;
    q->stats.failures += bad;
    if (committed) {
        q->stats.transactions++;
        q->stats.commit_sum += dt;
        for (i = 0; i < 11; i++)
            if (dt * 1000.0 <= commit_bounds_ms[i])
                q->stats.commit_le[i]++;
        q->stats.commit_le[11]++;
    }
    pthread_mutex_unlock(&q->stmu);
    /* the callers own their requests again once done is set */
    pthread_mutex_lock(&q->qmu);
    for (r = list; r; r = next) {
        next = r->next;
        r->done = 1;
    }
    pthread_cond_broadcast(&q->donecv);
    pthread_mutex_unlock(&q->qmu);
}

void mgs__queue_fail_ok(mgs_req *list, const char *msg)
{
    mgs_req *r;
    for (r = list; r; r = r->next)
        if (r->rc == MGS_OK) {
            r->rc = MGS_EIO;
            mgs__setmsg(r->msg, sizeof r->msg, "%s", msg);
        }
}

void mgs__queue_count_failure(mgs_queue *q)
{
    pthread_mutex_lock(&q->stmu);
    q->stats.failures++;
    pthread_mutex_unlock(&q->stmu);
}

void mgs__queue_stats(mgs_queue *q, mgs_store_stats *out)
{
    pthread_mutex_lock(&q->stmu);
    *out = q->stats;
    pthread_mutex_unlock(&q->stmu);
}

int mgs__queue_queued(mgs_queue *q)
{
    int n = 0;
    mgs_req *r;
    pthread_mutex_lock(&q->qmu);
    for (r = q->head; r; r = r->next)
        n++;
    pthread_mutex_unlock(&q->qmu);
    return n;
}
