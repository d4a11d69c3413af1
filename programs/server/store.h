/*
 * store.h - mg-server's storage, behind one narrow interface (so that a
 * PostgreSQL backend, and several server processes sharing it, can
 * follow): the tables, their seats and the append-only event log of each
 * table, and the answers of the commands already applied.  The SQLite
 * backend (store_sqlite.c): WAL mode, synchronous=FULL, one writer thread
 * that commits the appends of concurrent callers together (group commit:
 * one fsync for many), readers on connections of their own.
 *
 * Durability contract: mgs_store_append() returns MGS_OK only once every
 * row of the append is on disk (the transaction committed with
 * synchronous=FULL); on any error nothing of it is stored (all or
 * nothing) and the message says what failed ("database or disk is full",
 * "attempt to write a readonly database", ...).  Appends of one table
 * are stored in the order of the calls that return.
 *
 * Thread safety: every function may be called from any thread at once,
 * except open/close.  The callbacks of the reading functions run while a
 * read connection is held (with ":memory:", the only connection): they
 * must not call the store themselves.
 */
#ifndef MGS_STORE_H
#define MGS_STORE_H

#include <stddef.h>
#include <stdint.h>

typedef struct mgs_store mgs_store;

enum {
    MGS_OK = 0,
    MGS_EIO = -1,       /* storage failed: full disk, read-only, I/O */
    MGS_ECONFLICT = -2, /* a key already there (an event version, a
                         * command id, a table id): nothing stored */
    MGS_ENOTFOUND = -3, /* no such table */
    MGS_ENOMEM = -4,
    MGS_EINVAL = -5
};

/* One seat of a table as stored: its seat number (0 or 1), the hash of
 * its secret (32 bytes; all zero while nobody holds it), the hash of the
 * invite that claims it (32 bytes; all zero when none or used), and
 * `info`, a JSON object text of the seat's other settings (kind, bot). */
typedef struct mgs_seat_row {
    int seat;
    unsigned char secret_hash[32];
    unsigned char invite_hash[32];
    const char *info;
} mgs_seat_row;

/* One event of a table's log: its version (1, 2, ... with no gap), its
 * type ("created", "move", ...), its JSON text and its time. */
typedef struct mgs_event_row {
    int64_t version;
    const char *type;
    const char *json;
    int64_t at_ms;
} mgs_event_row;

/* The answer given to a command (so that the same command id, sent
 * again, gets the same answer, also after a restart). */
typedef struct mgs_command_row {
    int seat;
    const char *cmd_id;
    int status;          /* the HTTP status of the answer */
    const char *answer;  /* its JSON text */
} mgs_command_row;

/* What one table changes in one append.  `table_json` (may be NULL: the
 * table's row stays as it is) is the table's row: a JSON object text of
 * its settings and summary (spec, clock, status, ...), inserted when the
 * table is new and replaced otherwise; `created_ms` and `updated_ms` go
 * with it.  `seats`: rows inserted or replaced.  `events`: appended; an
 * event whose (table, version) exists already fails the whole append
 * with MGS_ECONFLICT.  `command`: may be NULL. */
typedef struct mgs_append {
    const char *table_id;
    const char *table_json;
    int64_t created_ms, updated_ms;
    const mgs_seat_row *seats;
    int nseats;
    const mgs_event_row *events;
    int nevents;
    const mgs_command_row *command;
} mgs_append;

/* Open (creating when absent) the database at `path` (":memory:" for a
 * private in-memory database, for tests and the fuzzer; a "file:" URI
 * is understood too, e.g. "file:db.sqlite?mode=ro" opens read-only, so
 * that every append fails with MGS_EIO), apply the
 * schema's migrations up to the current version (refusing a database of
 * a newer schema than this program knows, with a message), and start
 * the writer thread.  MGS_OK, or an error with the message in err. */
int mgs_store_open(mgs_store **out, const char *path, char *err,
                   size_t errcap);
/* Finish the appends in flight, stop the writer, close.  NULL is fine. */
void mgs_store_close(mgs_store *st);

/* Store n appends (of one or more tables) in one transaction, durably,
 * grouped with the appends of other threads; block until they are on
 * disk or failed.  Errors: MGS_EIO, MGS_ECONFLICT (nothing stored), with
 * the message in err. */
int mgs_store_append(mgs_store *st, const mgs_append *a, int n, char *err,
                     size_t errcap);

/* The events of table `id` with version > after, oldest first, each
 * passed to cb (a non-zero return stops early, and is returned).
 * MGS_OK, MGS_EIO.  (No table: no events, MGS_OK.) */
int mgs_store_events(mgs_store *st, const char *id, int64_t after,
                     int (*cb)(void *arg, const mgs_event_row *ev),
                     void *arg);

/* One table: its row's JSON, created/updated times, and its seats
 * (cb_seat once per seat row).  MGS_ENOTFOUND when there is none. */
typedef struct mgs_table_row {
    const char *id;
    const char *json;
    int64_t created_ms, updated_ms;
} mgs_table_row;
int mgs_store_table(mgs_store *st, const char *id,
                    int (*cb_table)(void *arg, const mgs_table_row *t),
                    int (*cb_seat)(void *arg, const mgs_seat_row *s),
                    void *arg);

/* Every table updated at or after since_ms (0: all), for the restore at
 * start: cb once per table (oldest update first).  MGS_OK, MGS_EIO. */
int mgs_store_tables(mgs_store *st, int64_t since_ms,
                     int (*cb)(void *arg, const mgs_table_row *t),
                     void *arg);

/* Every stored command answer of table `id`, for its restore. */
int mgs_store_commands(mgs_store *st, const char *id,
                       int (*cb)(void *arg, const mgs_command_row *c),
                       void *arg);

/* One stored command answer: of table `id` (NULL: of any table), seat
 * and cmd_id.  MGS_OK with *status and *answer (malloc'd: free it),
 * MGS_ENOTFOUND, MGS_EIO. */
int mgs_store_command(mgs_store *st, const char *id, int seat,
                      const char *cmd_id, int *status, char **answer);

/* Delete tables (with their seats, events, commands) last updated
 * before before_ms whose row's JSON has "status" of one of the given
 * statuses (NULL-terminated); *deleted gets their number.  Used for
 * expiry of abandoned tables (finished games are kept). */
int mgs_store_delete_before(mgs_store *st, int64_t before_ms,
                            const char *const *statuses, int64_t *deleted,
                            char *err, size_t errcap);

/* An online, consistent copy of the whole database into `file` (SQLite's
 * backup API or VACUUM INTO), while the server keeps writing. */
int mgs_store_backup(mgs_store *st, const char *file, char *err,
                     size_t errcap);

/* Statistics for /metrics: appends committed, transactions (fsyncs),
 * and a histogram of the commit time. */
typedef struct mgs_store_stats {
    uint64_t appends, transactions, failures;
    /* commit seconds: counts of commits taking <= 0.5, 1, 2, 5, 10, 25,
     * 50, 100, 250, 500, 1000 ms and more; and their sum in seconds.
     * The counts are cumulative, as Prometheus' buckets: commit_le[i]
     * counts every commit at most that long, commit_le[11] (+Inf) is
     * the number of transactions. */
    uint64_t commit_le[12];
    double commit_sum;
} mgs_store_stats;
void mgs_store_get_stats(mgs_store *st, mgs_store_stats *out);

/* Limit the database to `pages` pages (SQLite's max_page_count on the
 * write connection; 0: SQLite's largest), so that appends growing it
 * fail as on a full disk (MGS_EIO, "database or disk is full").  For
 * tests; it cannot go below the database's present size. */
int mgs_store_set_max_pages(mgs_store *st, int64_t pages, char *err,
                            size_t errcap);

/* 1 when the database could not be opened for writing (its file or
 * folder read-only) and was opened read-only instead: its tables can be
 * read, and every append fails with MGS_EIO and the reason. */
int mgs_store_readonly(const mgs_store *st);

#endif /* MGS_STORE_H */
