/*
 * store_pg.h - the insides of the PostgreSQL store (store_pg.c: open,
 * migrations, the writer thread and its group commit, maintenance;
 * store_pg_read.c: the read connections and the reading functions).
 * Not an interface: only those two files (and the store's tests)
 * include it.
 */
#ifndef MGS_STORE_PG_H
#define MGS_STORE_PG_H

#include "store_queue.h"

#include <libpq-fe.h>
#include <pthread.h>

#define PG_NREADERS 4
#define PG_MSGCAP 256

typedef struct pgconn {
    PGconn *db;
    int prepared; /* the writer's statements made on this session */
    pthread_mutex_t mu;
} pgconn;

/* One caller's append (store_queue.h) */
typedef mgs_req pgreq;

typedef struct pg_store {
    mgs_store base;          /* first: its ops (store_backend.h) */
    char *uri;
    pgconn w;                /* the writer's connection */
    pgconn r[PG_NREADERS];   /* read connections, made when first needed */
    pthread_mutex_t pool_mu;
    unsigned next_reader;
    mgs_queue q;             /* the queue of appends, the statistics */
    struct pg_listener *listener; /* store_pg_listen.c (NULL: none) */
} pg_store;

/* The channel every append NOTIFYs (store_pg_listen.c) */
#define MGS_PG_CHANNEL "mg_changes"

/* A connection usable (connected, or connected again after it broke):
 * MGS_OK, or MGS_EIO with the message.  The caller holds c->mu. */
int mgs__pg_ready(pg_store *st, pgconn *c, char *err, size_t cap);
/* A result's error as an MGS_ code: a unique key -> MGS_ECONFLICT,
 * another constraint or bad data -> MGS_EINVAL, else MGS_EIO; the
 * message (one line) in msg. */
int mgs__pg_error(PGconn *db, const PGresult *res, char *msg, size_t cap);

/* Run sql (no parameters, no rows wanted): MGS_OK or the error. */
int mgs__pg_exec(PGconn *db, const char *sql, char *msg, size_t cap);

/* The writer's prepared statements (store_pg.c): their names and
 * numbers of parameters */
enum { P_TABLE, P_SEAT, P_EVENT, P_CMD, P_PUT, P_NEW, P_PUT_IF, P_DEL,
       P_NOTIFY };
const char *mgs__pg_stmt(int which);
int mgs__pg_stmt_params(int which);

/* store_pg_batch.c: one batch of queued appends, stored in one
 * transaction; each request's rc and msg set, then done. */
void mgs__pg_run_batch(void *arg, pgreq *list);

/* store_pg_listen.c: mgs_store_listen (store.h); the listener
 * stopped (pg_close) */
int mgs__pg_listen(mgs_store *st,
                   void (*cb)(void *arg, const char *table_id,
                              int64_t version),
                   void *arg);
void mgs__pg_listen_stop(pg_store *st);

/* store_pg_read.c */
int mgs__pg_events(mgs_store *st, const char *id, int64_t after,
                   int (*cb)(void *arg, const mgs_event_row *ev), void *arg);
int mgs__pg_table(mgs_store *st, const char *id,
                  int (*cb_table)(void *arg, const mgs_table_row *t),
                  int (*cb_seat)(void *arg, const mgs_seat_row *s),
                  void *arg);
int mgs__pg_tables(mgs_store *st, int64_t since_ms,
                   int (*cb)(void *arg, const mgs_table_row *t), void *arg);
int mgs__pg_commands(mgs_store *st, const char *id,
                     int (*cb)(void *arg, const mgs_command_row *c),
                     void *arg);
int mgs__pg_command(mgs_store *st, const char *id, int seat,
                    const char *cmd_id, int *status, char **answer);
int mgs__pg_doc(mgs_store *st, const char *kind, const char *key,
                int (*cb)(void *arg, const mgs_doc *d), void *arg);
int mgs__pg_docs(mgs_store *st, const char *kind, const char *owner,
                 const char *prefix, int order, int64_t offset,
                 int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                 void *arg);

#endif /* MGS_STORE_PG_H */
