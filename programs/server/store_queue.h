/*
 * store_queue.h - the group-commit queue both backends' writers share
 * (store_queue.c): callers queue their append and wait; the writer
 * thread takes everything queued, stores it in one transaction of its
 * own backend, then finishes the batch (the statistics, then every
 * caller woken).  Not an interface: only the backends include it.
 */
#ifndef MGS_STORE_QUEUE_H
#define MGS_STORE_QUEUE_H

#include "store_backend.h"

#include <pthread.h>

#define MGS_REQ_MSGCAP 256

/* One caller's append, on its stack while it waits. */
typedef struct mgs_req {
    const mgs_append *a;
    int n;
    int rc;
    int done;
    char msg[MGS_REQ_MSGCAP];
    struct mgs_req *next;
} mgs_req;

typedef struct mgs_queue {
    pthread_mutex_t qmu;        /* the queue of appends */
    pthread_cond_t qcv, donecv;
    mgs_req *head, *tail;
    int stop;
    pthread_mutex_t stmu;       /* statistics */
    mgs_store_stats stats;
    pthread_t thread;           /* the writer */
    int started;
    void (*run)(void *arg, mgs_req *list);
    void *arg;
} mgs_queue;

void mgs__queue_init(mgs_queue *q);
void mgs__queue_destroy(mgs_queue *q);
/* Start the writer thread: it calls run(arg, list) on everything
 * queued, one batch at a time, until stopped; run sets each request's
 * rc and msg and ends with mgs__queue_finish.  0, or -1 when the thread
 * cannot be made. */
int mgs__queue_start(mgs_queue *q, void (*run)(void *arg, mgs_req *list),
                     void *arg);
/* Refuse new appends; the writer, if started, does what is queued and
 * ends (joined here). */
void mgs__queue_stop(mgs_queue *q);
/* Queue n appends and wait until the writer has done them: their MGS_
 * code, the message in err; MGS_EIO when the store is closing. */
int mgs__queue_append(mgs_queue *q, const mgs_append *a, int n, char *err,
                      size_t errcap);
/* The writer's wait: everything queued, in order (NULL once stopped
 * and empty). */
mgs_req *mgs__queue_take(mgs_queue *q);
/* After a batch: the appends and failures counted, the transaction
 * and its time dt (seconds) when committed, then every request marked
 * done and its caller woken (the caller owns it again). */
void mgs__queue_finish(mgs_queue *q, mgs_req *list, int committed,
                       double dt);
/* Fail every request of the list still OK with MGS_EIO and msg. */
void mgs__queue_fail_ok(mgs_req *list, const char *msg);
/* One more failure counted (an append refused before the queue). */
void mgs__queue_count_failure(mgs_queue *q);
/* A copy of the statistics. */
void mgs__queue_stats(mgs_queue *q, mgs_store_stats *out);
/* The number of appends queued (store_backend.h's test hook). */
int mgs__queue_queued(mgs_queue *q);
/* A monotonic clock in seconds. */
double mgs__now_s(void);

#endif /* MGS_STORE_QUEUE_H */
