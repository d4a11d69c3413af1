/*
 * store_sqlite.h - the insides of the SQLite store (store_sqlite.c: open,
 * migrations, the writer thread and its group commit, maintenance;
 * store_sqlite_read.c: the read connections and the reading functions,
 * backup; store_sqlite_docs.c: the place's documents).  Not an interface: only those two files include it.
 */
#ifndef MGS_STORE_SQLITE_H
#define MGS_STORE_SQLITE_H

#include "store_queue.h"

#include <pthread.h>
#include <sqlite3.h>

#define NREADERS 4
#define BUSY_MS 10000
#define MSGCAP 256

typedef struct conn {
    sqlite3 *db;
    pthread_mutex_t mu;
} conn;

/* One caller's append (store_queue.h) */
typedef mgs_req req;

typedef struct sq_store {
    mgs_store base;     /* first: its ops (store_backend.h) */
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
    mgs_queue q;        /* the queue of appends and the statistics */
} sq_store;

/* store.h's functions over SQLite (store_backend.h's ops; the dispatch
 * in store.c checks the arguments first) */
extern const mgs_store_ops mgs__sq_ops;
void mgs__sq_close(mgs_store *st);
int mgs__sq_append(mgs_store *st, const mgs_append *a, int n, char *err,
                   size_t errcap);
int mgs__sq_events(mgs_store *st, const char *id, int64_t after,
                   int (*cb)(void *arg, const mgs_event_row *ev), void *arg);
int mgs__sq_table(mgs_store *st, const char *id,
                  int (*cb_table)(void *arg, const mgs_table_row *t),
                  int (*cb_seat)(void *arg, const mgs_seat_row *s),
                  void *arg);
int mgs__sq_tables(mgs_store *st, int64_t since_ms,
                   int (*cb)(void *arg, const mgs_table_row *t), void *arg);
int mgs__sq_commands(mgs_store *st, const char *id,
                     int (*cb)(void *arg, const mgs_command_row *c),
                     void *arg);
int mgs__sq_command(mgs_store *st, const char *id, int seat,
                    const char *cmd_id, int *status, char **answer);
int mgs__sq_doc(mgs_store *st, const char *kind, const char *key,
                int (*cb)(void *arg, const mgs_doc *d), void *arg);
int mgs__sq_docs(mgs_store *st, const char *kind, const char *owner,
                 const char *prefix, int order, int64_t offset,
                 int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                 void *arg);
int mgs__sq_delete_before(mgs_store *st, int64_t before_ms,
                          const char *const *statuses, int64_t *deleted,
                          char *err, size_t errcap);
int mgs__sq_backup(mgs_store *st, const char *file, char *err,
                   size_t errcap);
void mgs__sq_get_stats(mgs_store *st, mgs_store_stats *out);
int mgs__sq_set_max_pages(mgs_store *st, int64_t pages, char *err,
                          size_t errcap);
int mgs__sq_readonly(const mgs_store *st);

/* Open a connection to path (a file name or a "file:" URI), creating the
 * file when create; extended result codes and the busy timeout set. */
int mgs__open_conn(const char *path, int create, sqlite3 **out, char *err,
                   size_t cap);
/* The same, read-only (SQLITE_OPEN_READONLY). */
int mgs__open_conn_ro(const char *path, sqlite3 **out, char *err,
                      size_t cap);

/* store_sqlite_read.c: a read connection, locked (NULL: none can be
 * opened), and its release. */
conn *mgs__reader_get(sq_store *st);
void mgs__reader_put(conn *c);

/* store_sqlite_docs.c: a document's write inside the writer's
 * transaction (MGS_OK, MGS_ECONFLICT, MGS_EIO with the message). */
int mgs__apply_doc(sq_store *st, const mgs_doc_row *d, char *msg,
                   size_t cap);

#endif /* MGS_STORE_SQLITE_H */
