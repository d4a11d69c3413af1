/*
 * store.h - mg-server's storage, behind one narrow interface (so that a
 * PostgreSQL backend, and several server processes sharing it, can
 * follow): the tables, their seats and the append-only event log of each
 * table, the answers of the commands already applied, and the place's
 * documents (players, ratings, seeks: mgs_doc_row).  The SQLite
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

/* One record of the place around the tables (players, their names'
 * keys, tokens, ratings, seeks, a player's games ...): a JSON document of
 * a `kind`, under a `key` unique within the kind.  The store knows no
 * kind: what they mean is the server's (players.c and the files after
 * it).  `owner` (may be "") groups documents for mgs_store_docs (a
 * player's ratings, a player's games), `rank` orders them (a rating, for
 * a leaderboard).  `op`: MGS_DOC_PUT inserts or replaces; MGS_DOC_NEW
 * inserts, and fails the whole append with MGS_ECONFLICT when the key is
 * there already (a name taken); MGS_DOC_DELETE deletes, and fails it
 * with MGS_ECONFLICT when the key is not there (a seek accepted twice).
 * `if_updated_ms` >= 0 makes a PUT or DELETE conditional: the whole
 * append fails with MGS_ECONFLICT unless the stored document's
 * updated_ms is exactly that (a compare-and-set for read-modify-write,
 * e.g. ratings, so that two writers never both apply a change); -1: no
 * condition. */
enum { MGS_DOC_PUT = 0, MGS_DOC_NEW = 1, MGS_DOC_DELETE = 2 };
#define MGS_DOC_KIND_MAX 32
#define MGS_DOC_KEY_MAX 256
typedef struct mgs_doc_row {
    int op;
    const char *kind;
    const char *key;
    const char *owner; /* NULL: "" */
    double rank;
    const char *json;  /* NULL with MGS_DOC_DELETE */
    int64_t updated_ms;
    int64_t if_updated_ms;
} mgs_doc_row;

/* What one table changes in one append.  `table_json` (may be NULL: the
 * table's row stays as it is) is the table's row: a JSON object text of
 * its settings and summary (spec, clock, status, ...), inserted when the
 * table is new and replaced otherwise; `created_ms` and `updated_ms` go
 * with it.  `seats`: rows inserted or replaced.  `events`: appended; an
 * event whose (table, version) exists already fails the whole append
 * with MGS_ECONFLICT.  `command`: may be NULL.  `docs`: the documents
 * this change puts or deletes, in order (a game's end and the ratings it
 * changes are one append, so that one is never stored without the
 * other).  An append of documents only has table_id NULL. */
typedef struct mgs_append {
    const char *table_id;
    const char *table_json;
    int64_t created_ms, updated_ms;
    const mgs_seat_row *seats;
    int nseats;
    const mgs_event_row *events;
    int nevents;
    const mgs_command_row *command;
    const mgs_doc_row *docs; /* documents put or deleted with it */
    int ndocs;
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

/* One document: cb once with it, MGS_OK; MGS_ENOTFOUND when there is
 * none; MGS_EIO. */
typedef struct mgs_doc {
    const char *kind, *key, *owner, *json;
    double rank;
    int64_t updated_ms;
} mgs_doc;
int mgs_store_doc(mgs_store *st, const char *kind, const char *key,
                  int (*cb)(void *arg, const mgs_doc *d), void *arg);

/* Documents of one kind (NULL: of every kind, ordered by kind first),
 * cb once each (a non-zero return stops early and is returned): those of
 * `owner` (NULL: any), whose key starts with
 * `prefix` (NULL or "": any), in the order `order` (MGS_DOCS_BY_KEY,
 * MGS_DOCS_NEWEST: updated_ms descending, MGS_DOCS_BY_RANK: rank
 * descending, then key), skipping `offset` and at most `limit` (> 0).
 * MGS_OK (also when none), MGS_EINVAL, MGS_EIO. */
enum { MGS_DOCS_BY_KEY = 0, MGS_DOCS_NEWEST = 1, MGS_DOCS_BY_RANK = 2 };
int mgs_store_docs(mgs_store *st, const char *kind, const char *owner,
                   const char *prefix, int order, int64_t offset,
                   int64_t limit, int (*cb)(void *arg, const mgs_doc *d),
                   void *arg);

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

/* Changes committed by any process sharing the database (PostgreSQL:
 * every append NOTIFYs in its own transaction, and a connection of the
 * store's own LISTENs, reconnecting by itself with a backoff of 0.1 to
 * 5 s).  cb(arg, table_id, version) once per committed append of a
 * table (version: its last event's, 0 when it has none), this process's
 * own included; cb(arg, "", 0) for an append of documents only (the
 * place: seeks, players); cb(arg, NULL, 0) each time the listener
 * has connected (the first time too: what was committed before was
 * not heard, nor what was while it was disconnected: read again what
 * matters).  A notification is a
 * hint: the log is the truth (PostgreSQL drops those of a listener
 * that is gone).  cb runs on the listener's thread and may call the
 * store.  MGS_OK; MGS_EINVAL when the backend has no other processes
 * to hear (SQLite: one process per file), or a listener runs already.
 * mgs_store_close stops it. */
int mgs_store_listen(mgs_store *st,
                     void (*cb)(void *arg, const char *table_id,
                                int64_t version),
                     void *arg);

/* 1 when the database could not be opened for writing (its file or
 * folder read-only) and was opened read-only instead: its tables can be
 * read, and every append fails with MGS_EIO and the reason. */
int mgs_store_readonly(const mgs_store *st);

#endif /* MGS_STORE_H */
