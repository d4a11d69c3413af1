/*
 * store_backend.h - what a backend of store.h provides: one table of
 * functions (mgs_store_ops), reached through the first member of its
 * store.  store.c checks the arguments, picks the backend from the
 * --db string (mgs_store_open: "postgresql://" or "postgres://" is
 * PostgreSQL, store_pg*.c; anything else SQLite, store_sqlite*.c) and
 * calls through the table: no other file knows which backend runs.
 * Not an interface of the server: only the backends and the store's
 * tests include it.
 */
#ifndef MGS_STORE_BACKEND_H
#define MGS_STORE_BACKEND_H

#include "store.h"

typedef struct mgs_store_ops {
    const char *name; /* "sqlite", "postgresql" */
    void (*close)(mgs_store *st);
    int (*append)(mgs_store *st, const mgs_append *a, int n, char *err,
                  size_t errcap);
    int (*events)(mgs_store *st, const char *id, int64_t after,
                  int (*cb)(void *arg, const mgs_event_row *ev), void *arg);
    int (*table)(mgs_store *st, const char *id,
                 int (*cb_table)(void *arg, const mgs_table_row *t),
                 int (*cb_seat)(void *arg, const mgs_seat_row *s),
                 void *arg);
    int (*tables)(mgs_store *st, int64_t since_ms,
                  int (*cb)(void *arg, const mgs_table_row *t), void *arg);
    int (*commands)(mgs_store *st, const char *id,
                    int (*cb)(void *arg, const mgs_command_row *c),
                    void *arg);
    int (*command)(mgs_store *st, const char *id, int seat,
                   const char *cmd_id, int *status, char **answer);
    int (*doc)(mgs_store *st, const char *kind, const char *key,
               int (*cb)(void *arg, const mgs_doc *d), void *arg);
    int (*docs)(mgs_store *st, const char *kind, const char *owner,
                const char *prefix, int order, int64_t offset,
                int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                void *arg);
    int (*delete_before)(mgs_store *st, int64_t before_ms,
                         const char *const *statuses, int64_t *deleted,
                         char *err, size_t errcap);
    int (*backup)(mgs_store *st, const char *file, char *err,
                  size_t errcap);
    void (*get_stats)(mgs_store *st, mgs_store_stats *out);
    int (*set_max_pages)(mgs_store *st, int64_t pages, char *err,
                         size_t errcap);
    int (*readonly)(const mgs_store *st);
    /* NULL: no other process shares the database (store.h) */
    int (*listen)(mgs_store *st,
                  void (*cb)(void *arg, const char *table_id,
                             int64_t version),
                  void *arg);
    /* for the store's tests: hold (on) or let go (off) the writer, so
     * that appends queue up behind it; the number queued */
    void (*hold)(mgs_store *st, int on);
    int (*queued)(mgs_store *st);
} mgs_store_ops;

/* The first member of every backend's store. */
struct mgs_store {
    const mgs_store_ops *ops;
};

/* The backends' opening functions (the arguments checked). */
int mgs__sq_open(mgs_store **out, const char *path, char *err,
                 size_t errcap);
int mgs__pg_open(mgs_store **out, const char *uri, char *err,
                 size_t errcap);

/* 1 when path selects PostgreSQL (a libpq URI) */
int mgs__store_is_pg(const char *path);

/* printf into err (nothing when err is NULL or errcap 0) */
void mgs__setmsg(char *err, size_t cap, const char *fmt, ...);
/* a document row's sanity: MGS_OK or MGS_EINVAL with the message */
int mgs__check_doc(const mgs_doc_row *d, char *err, size_t cap);

/* The test hooks (ops->hold, ops->queued) */
void mgs__store_hold(mgs_store *st, int on);
int mgs__store_queued(mgs_store *st);

#endif /* MGS_STORE_BACKEND_H */
