/*
 * store_sqlite.h - the insides of the SQLite store (store_sqlite.c: open,
 * migrations, the writer thread and its group commit, maintenance;
 * store_sqlite_read.c: the read connections and the reading functions,
 * backup; store_sqlite_docs.c: the place's documents).  Not an interface: only those two files include it.
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
    sqlite3_stmt *doc_stmt[4]; /* store_sqlite_docs.c's, made when used */
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

/* store_sqlite_read.c: a read connection, locked (NULL: none can be
 * opened), and its release. */
conn *mgs__reader_get(mgs_store *st);
void mgs__reader_put(conn *c);

/* store_sqlite_docs.c: a document row's sanity (MGS_OK or MGS_EINVAL
 * with the message), and its write inside the writer's transaction
 * (MGS_OK, MGS_ECONFLICT, MGS_EIO with the message). */
int mgs__check_doc(const mgs_doc_row *d, char *err, size_t cap);
int mgs__apply_doc(mgs_store *st, const mgs_doc_row *d, char *msg,
                   size_t cap);

#endif /* MGS_STORE_SQLITE_H */
