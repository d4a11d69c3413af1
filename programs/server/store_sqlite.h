/*
 * store_sqlite.h - the insides of the SQLite store (store_sqlite.c: open,
 * migrations, the writer thread and its group commit, maintenance;
 * store_sqlite_read.c: the read connections and the reading functions,
 * backup).  Not an interface: only those two files include it.
 */
#ifndef MGS_STORE_SQLITE_H
#define MGS_STORE_SQLITE_H

#include "store.h"

#include <pthread.h>
#include <sqlite3.h>

#define NREADERS 4
#define BUSY_MS 10000
#define MSGCAP 256

typedef struct conn {
    sqlite3 *db;
    pthread_mutex_t mu;
} conn;

/* One caller's append, on its stack while it waits. */
typedef struct req {
    const mgs_append *a;
    int n;
    int rc;
    int done;
    char msg[MSGCAP];
    struct req *next;
} req;

struct mgs_store {
    char *path;         /* what connections open (a URI when read-only) */
    int memory;
    int readonly;       /* opened read-only: appends fail (MGS_EIO) */
    char ro_why[200];
    conn w;             /* the write connection (and ":memory:"'s reads) */
    conn r[NREADERS];   /* read connections, opened when first needed */
    pthread_mutex_t pool_mu;
    unsigned next_reader;
    /* the writer's statements (used under w.mu) */
    sqlite3_stmt *ins_table, *ins_seat, *ins_event, *ins_cmd;
    /* the queue of appends */
    pthread_mutex_t qmu;
    pthread_cond_t qcv, donecv;
    req *head, *tail;
    int stop;
    pthread_t thread;
    int thread_started;
    /* statistics */
    pthread_mutex_t stmu;
    mgs_store_stats stats;
};

/* printf into err (nothing when err is NULL or errcap 0) */
void mgs__setmsg(char *err, size_t cap, const char *fmt, ...);
/* Open a connection to path (a file name or a "file:" URI), creating the
 * file when create; extended result codes and the busy timeout set. */
int mgs__open_conn(const char *path, int create, sqlite3 **out, char *err,
                   size_t cap);
/* The same, read-only (SQLITE_OPEN_READONLY). */
int mgs__open_conn_ro(const char *path, sqlite3 **out, char *err,
                      size_t cap);

#endif /* MGS_STORE_SQLITE_H */
