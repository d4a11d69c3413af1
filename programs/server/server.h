/*
 * server.h - what the parts of mg-server share.
 *
 *   main.c     options, start (restore every unfinished table from its
 *              log), signals, graceful shutdown
 *   clock.c    the clock (mgs_now_ms) and the log's entry (mgs_log)
 *   config.c   the options' defaults
 *   http.c     libmicrohttpd: the request loop, routing (the endpoints
 *              of doc/server-api.md), bodies, the answers with their
 *              security headers, the request log
 *   guard.c    client keys (IPv4 address, IPv6 /64), Origin, rate limits,
 *              the per-client and server table limits, JSON limits
 *   conns.c    connections: per-client counts, the headers' deadline
 *   files.c    the web page's static files (precompressed copies)
 *   tables.c   the id -> table map, finding and restoring tables, new
 *              tables' ids
 *   create.c   creating a table (the request's checks, the first event)
 *   join.c     joining a table by its invite; rematches
 *   table.c    a table in memory: its replayed state (mgs_replayed)
 *              and the events applied to it, once each (live and when
 *              replayed from the log), snapshots
 *   games.c    one mg_game per spec, shared by the tables that play it
 *   command.c  the one path of every change (mgs_call): apply ->
 *              commit (or rebuild from the log) -> answer -> publish ->
 *              wake the bot; loading a table from its log, catching up
 *              with it (a conflict, another process's change)
 *   cluster.c  several processes on one database: the other processes'
 *              changes heard (LISTEN/NOTIFY), their tables refreshed
 *   presence.c a seat's presence shared through the database (several
 *              processes): heartbeat rows, the others' read, claims
 *   ops.c      the table of commands (who may send each, what must hold)
 *              and its dispatch (mgs_command); the move, the rematch,
 *              the timer's timeout (ops.h: what the handlers share)
 *   ops_draw.c, ops_takeback.c, ops_finish.c
 *              the draw offer and its answers; takebacks; resign,
 *              abort, claim_win and claim_bot
 *   stream.c   Server-Sent Events and long polls
 *   watch.c    the clients of idle streams leaving (an epoll of our own)
 *   worker.c   the timer (heartbeats, clocks, away seats, expiry) and
 *              the bot pool (its caps, retries and fair scheduling)
 *   log.c      the log (standard error), rate limited by call site
 *   metrics.c  /metrics (Prometheus text)
 *   secret.c   seat secrets, invites and ids (libsodium)
 *   seal.c     secrets' hashes; the stored answers of creates and joins,
 *              sealed by cmd_id
 *   place.c    the place around the tables (place.h: its requests and
 *              documents): the table of its routes
 *   players.c  players: names, tokens, who a request speaks for, a
 *              player's page
 *   names.c    players' names and their confusable keys (names.h, ICU)
 *   accounts.c passwords, logins, sessions, logout (everywhere)
 *   login_guard.c  failed logins counted per name and per client, the
 *              password hashing (argon2id) bounded, the dummy hash
 *   lobby.c    the lobby (lobby.h): seeks restored, the table made
 *              for two players, the timer's expiry and pairing
 *   seeks.c    open seeks: post, list, accept, cancel
 *   pools.c    quick-pairing pools
 *   lobby_stream.c  the lobby's Server-Sent Events
 *   glicko2.c  Glicko-2 ratings (glicko2.h; not yet used by a request)
 *   http.h     libmicrohttpd's callbacks (http.c, conns.c) and files.c's
 *              answer, for the files that include <microhttpd.h>
 *   store.h    the storage interface: store_sqlite.c (open, migrations,
 *              the writer and its group commit), store_sqlite_read.c
 *              (reads, backup), store_sqlite_docs.c (the place's
 *              documents), store_sqlite.h (their insides)
 *
 * Locks: table.mu (everything of one table, its streams list included)
 * before stream.mu (one stream's output buffer); srv.tables_mu (the id
 * -> table map and the references) is a leaf: nothing else is taken
 * while it is held, so it may be taken under a table's lock.  A command holds its table's
 * lock from validation to broadcast, the commit included, so a table in
 * memory is always exactly its committed log replayed.
 *
 * One move, from the request to the streams (each file once):
 *   http.c    table_route: the seat's secret, the seat's rate, the body
 *   ops.c     mgs_command: cmd_id, expect_version, a fallen flag, the
 *             op's entry and its needs; op_move: the library judges the
 *             move (mg_state_illegal_reason) and names it
 *   command.c mgs_call: version and time, then
 *   table.c   mgs_table_apply / apply_move: mg_state_apply, once; the
 *             clocks from the state after it
 *   command.c the event's JSON text, once; mgs_store_append (on disk);
 *             the answer kept (cmd_id); then
 *   stream.c  mgs_broadcast: that text to every stream, the polls answered
 *   worker.c  mgs_bot_wake: the bot's job if a bot is to move
 */
#ifndef MGS_SERVER_H
#define MGS_SERVER_H

#include <mindgames.h>

#include <jansson.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"

#define MGS_API_VERSION 1
#define MGS_ID_LEN 16      /* table ids: 96 random bits, base64url */
#define MGS_SECRET_LEN 43  /* 256 bits */
#define MGS_INVITE_LEN 22  /* 128 bits */
#define MGS_HASH_LEN 32
#define MGS_BODY_CAP 8192
#define MGS_JSON_DEPTH 8
#define MGS_CMD_ID_MAX 64
#define MGS_KEY_CMD_ID_MIN 16 /* a create's or join's cmd_id */
/* The first block of every event stream (tables and lobby): a dropped
 * stream is opened again by a browser after 1 s (server-api.md, Events). */
#define MGS_STREAM_RETRY "retry: 1000\n\n"
#define MGS_BOT_MAX 128
#define MGS_PLAYER_BYTES 96 /* a player's name in UTF-8 (names.h's
                             * MGS_NAME_BYTES) */

struct MHD_Connection;
struct MHD_Daemon;

/* -------------------------------------------------------------- config */

typedef struct mgs_config {
    char listen_addr[64];
    int port;
    char db_path[1024];
    char web_dir[1024];      /* "" : none found */
    char trusted_proxy[64];  /* "" : none */
    char origins[8][128];    /* extra allowed Origin values */
    int norigins;
    int threads;             /* HTTP threads */
    int bot_threads;
    int bot_time_ms;         /* a bot's time per action at most (and
                              * when its spec gives none) */
    int bot_memory_mb;       /* a solver's memory_mb at most */
    int bot_pool_mb;         /* the bots thinking at once, in MiB */
    int bot_max_iterations;  /* mcts's (and solver's) iterations */
    int64_t bot_max_nodes;   /* solver's nodes */
    int bot_quick_ms;        /* a job of this time limit or less is quick */
    int max_actions;         /* a game's num_actions at most */
    int max_spec;            /* spec bytes at most */
    int max_conns_per_ip;
    double rate, burst;      /* requests per second per IP */
    double seat_rate;        /* commands per second per seat */
    int away_s;              /* claim_win / claim_bot after this */
    char away_bot[MGS_BOT_MAX];
    int waiting_expire_s;    /* a table nobody joined */
    int idle_expire_s;       /* a game with no event */
    int day_ms;              /* a correspondence clock's day (tests
                              * shorten it: --day-ms) */
    int heartbeat_s;
    int poll_s;              /* long poll */
    int timeout_s;           /* idle connections */
    int quiet;               /* no request log */
    int max_db_mb;           /* 0: no limit */
    int max_tables;          /* open tables of the server (0: no limit) */
    int max_tables_per_addr; /* open tables a client created */
    double creations_per_hour; /* tables a client creates */
    int header_timeout_s;    /* a request's headers, whole */
    double players_per_hour; /* players one client registers */
    int password_hashes;     /* argon2id hashes at once (login_guard.c) */
    /* the lobby (lobby.h) */
    int seek_ttl_s;          /* a seek's life at most */
    int seek_away_s;         /* its owner (or a pool's waiter) gone */
    int max_seeks;           /* open seeks of the server (0: no limit) */
    int seeks_per_player;
    int seeks_per_client;
    int lobby_watchers;      /* lobby event streams at once */
} mgs_config;

/* games.c: one mg_game per spec, shared by the tables playing it (a
 * process-wide map under a leaf lock).  mgs_game_get takes a reference
 * (making the game when no table has it: NULL and a message in err when
 * the library refuses the spec), mgs_game_put drops one (the last frees
 * the game), mgs_game_of gives the game. */
typedef struct mgs_game_ref mgs_game_ref;
mgs_game_ref *mgs_game_get(const char *spec, char *err, size_t errcap);
void mgs_game_put(mgs_game_ref *ref);
mg_game *mgs_game_of(const mgs_game_ref *ref);
long mgs_games_held(void); /* distinct games in memory */

/* config.c: the defaults of every option (mg-server(1)); the database
 * "mindgames.db", loopback only, bot threads one per CPU. */
void mgs_config_defaults(mgs_config *c);

/* --------------------------------------------------------------- table */

enum { MGS_WAITING = 0, MGS_PLAYING, MGS_OVER, MGS_ABORTED };
enum { MGS_HUMAN = 0, MGS_BOT };

/* A seat as its log says it is (part of mgs_replayed). */
typedef struct mgs_seat_replayed {
    int kind;                         /* MGS_HUMAN, MGS_BOT */
    char bot[MGS_BOT_MAX];
    int level;                        /* made from "level(N)": N; else 0 */
    int joined;
    char player[MGS_PLAYER_BYTES];    /* the player's name; "": none */
    unsigned char secret_hash[MGS_HASH_LEN];
    unsigned char invite_hash[MGS_HASH_LEN];
} mgs_seat_replayed;

/* A seat's runtime: who is here now, and its rate limit. */
typedef struct mgs_seat {
    int present;                      /* open authenticated streams */
    int64_t away_since_ms;            /* 0: present (or a bot) */
    int64_t remote_ms;                /* presence.c: when another process
                                       * saw a stream of it last (0: not
                                       * lately) */
    int remote_here;                  /* and that was fresh at its read */
    double tokens;                    /* the seat's rate limit */
    int64_t tokens_ms;
} mgs_seat;

typedef struct mgs_cmd {
    int seat;
    char id[MGS_CMD_ID_MAX + 1];
    int status;
    char *answer;
} mgs_cmd;

typedef struct mgs_stream mgs_stream;
typedef struct mgs_poll mgs_poll;

/* Everything a table is that its stored log (its events, seats' hashes
 * and commands' answers) rebuilds: mgs_table_load replays it, a failed
 * commit's reload swaps it whole for a fresh one, mgs_replayed_free frees
 * it.  A new durable field goes here and nowhere else. */
typedef struct mgs_replayed {
    mg_game *game;               /* game_ref's, shared (games.c) */
    struct mgs_game_ref *game_ref;
    mg_state *state;
    char *spec;                  /* canonical */
    int64_t version;
    int status;
    mgs_seat_replayed seats[2];
    int creator;
    int has_clock;
    int days_per_move;           /* a correspondence clock: 1..14; 0: Fischer */
    int64_t base_ms, inc_ms;
    int64_t remaining[2];        /* as of turn_start_ms */
    int64_t turn_start_ms;       /* the running seat's turn began (or the
                                  * table was loaded: clocks do not run
                                  * while the server is down) */
    int clock_seat;              /* whose clock runs: 0, 1, -1 */
    int takebacks;
    int rated;                   /* a rated game between two players */
    int draw_offer;              /* seat or -1 */
    int takeback_req;            /* seat or -1 */
    int actions_by[2];           /* actions each seat has made */
    signed char *movers;         /* the seat that made each action */
    int movers_cap;
    int winner;                  /* 0, 1, -1 */
    int drawn;
    char how[16];                /* rules, resign, agreement, time, ... */
    char reason[512];
    json_t *ratings;             /* a rated game's end: the "ratings" of
                                  * its end event (ratings.c), or NULL */
    char rematch[MGS_ID_LEN + 1];
    int64_t created_ms, updated_ms;
    mgs_cmd *cmds; /* commands' answers (cmd_id) */
    int ncmds, cmd_cap;
    uint64_t bot_seed;
} mgs_replayed;

/* A table: its replayed state (r) and its runtime (the rest). */
typedef struct mgs_table {
    char id[MGS_ID_LEN + 1];
    mgs_replayed r;
    pthread_mutex_t mu;
    int refs;          /* users besides the map (under
                        * srv.tables_mu): 0 may leave memory */
    mgs_seat seats[2]; /* presence and rate limits */
    mgs_stream *streams;
    int nstreams, spectators;
    mgs_poll *polls;
    int bot_busy;                /* a bot job is queued or running */
    int bot_fails;               /* failed tries of the bot's action */
    int64_t bot_retry_ms;        /* 0, or when the timer tries again */
    int64_t bot_used_ms;         /* time its bots thought (this run) */
    int presence_dirty;          /* a presence note is due */
    char owner[48];              /* the client key of its creator ("":
                                  * restored, not counted per client) */
    int counted;                 /* counted as open (guard.c) */
} mgs_table;

/* --------------------------------------------------------------- server */

typedef struct mgs_metrics {
    uint64_t requests[6];        /* by status class: 1xx..5xx, other */
    uint64_t cmd_ok, cmd_illegal, cmd_stale, cmd_refused, cmd_error;
    uint64_t bot_le[12];         /* bot think time buckets (as commits) */
    double bot_sum;
    uint64_t bot_count;
} mgs_metrics;

typedef struct mgs_rate mgs_rate;
typedef struct mgs_conns mgs_conns;

typedef struct mgs_srv {
    mgs_config cfg;
    mgs_store *store;
    struct MHD_Daemon *httpd;
    pthread_mutex_t tables_mu;
    mgs_table **tables;          /* open tables, by id (sorted) */
    int ntables, tables_cap;
    mgs_rate *rate;
    mgs_conns *conns;            /* conns.c */
    pthread_mutex_t metrics_mu;
    mgs_metrics metrics;
    int streams_open;            /* under metrics_mu */
    int stopping;                /* mgs_stopping(), mgs_set_stopping() */
    int cluster;                 /* other processes may share the
                                  * database (cluster.c; atomic) */
    int64_t cluster_scan_ms;     /* cluster.c: tables read up to it */
    int64_t cluster_next_ms;     /* the next read (the timer's) */
    struct mgs_lobby *lobby;     /* lobby.c (made at its first use) */
    /* workers (worker.c) */
    pthread_t timer;
    pthread_t *bots;
    int nbots;
    pthread_mutex_t jobs_mu;
    pthread_cond_t jobs_cv;
    struct mgs_job *jobs;        /* waiting (worker.c) */
    int njobs, jobs_cap;
    int pool_used_mb;            /* reserved by the running jobs */
    int64_t job_seq;
    pthread_cond_t stop_cv;
    int64_t started_ms;
    /* watch.c: the sockets of suspended streams */
    int watch_fd;
    pthread_mutex_t watch_mu;
    mgs_stream **watch_map;
    int watch_cap;
    pthread_t watcher;
} mgs_srv;

/* --------------------------------------------------------- the modules */

/* Whether the server is stopping (read by every thread). */
static inline int mgs_stopping(mgs_srv *srv)
{
    return __atomic_load_n(&srv->stopping, __ATOMIC_ACQUIRE);
}
static inline void mgs_set_stopping(mgs_srv *srv)
{
    __atomic_store_n(&srv->stopping, 1, __ATOMIC_RELEASE);
}

/* A command's outcome: the HTTP status and JSON answer. */
typedef struct mgs_result {
    int status;
    json_t *body;
} mgs_result;


int64_t mgs_now_ms(void);        /* wall clock, ms since 1970 */
void mgs_log(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* log.c: mgs_log is rate limited by call site (its format: 5 lines a
 * second); the timer calls mgs_log_flush() to say what was held back. */
void mgs_log_flush(void);
#define MGS_LOG_BURST 5          /* mgs_log's lines per site per second */
/* A line of at most `burst` a second from its site (fmt). */
void mgs_vlog(int burst, const char *fmt, va_list ap);
/* The request log's line: 200 a second, then counted. */
void mgs_log_request(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* secret.c */
int mgs_secret_init(void);
void mgs_random_token(char *out, size_t bytes); /* base64url, NUL */
void mgs_hash_token(const char *token, unsigned char out[MGS_HASH_LEN]);
int mgs_hash_equal(const unsigned char *a, const unsigned char *b);
int mgs_hash_zero(const unsigned char *h);
/* A create's or join's cmd_id: its store key (hex, 32 digits), and its
 * answer sealed with a key made from it (hex text; NULL when out of
 * memory, or for a wrong cmd_id or a damaged text). */
void mgs_cmd_lookup(const char *cmd_id, char out[33]);
char *mgs_seal(const char *cmd_id, const char *text);
char *mgs_unseal(const char *cmd_id, const char *hex);

/* table.c: a table in memory.  mgs_table_apply applies one event (the
 * stored JSON) to t, exactly as at replay; it returns 0, or -1 with a
 * message when the event does not fit (a corrupt log), t unchanged.  A
 * move made now (no "clock_ms" at a table with a clock) gets its clocks
 * written into ev here, from the state after it (the increment when the
 * turn passes), so the stored event replays the same. */
mgs_table *mgs_table_new(const char *id);
void mgs_table_free(mgs_table *t);
void mgs_replayed_init(mgs_replayed *r);
void mgs_replayed_free(mgs_replayed *r);
/* dst: a copy of src, all but its commands' answers (cmds: none), which
 * a change adds to only once it is stored (command.c: a change that
 * could not be stored is undone with it).  0, or -1 out of memory (dst
 * then empty). */
int mgs_replayed_copy(mgs_replayed *dst, const mgs_replayed *src);
int mgs_table_apply(mgs_table *t, json_t *ev, char *err, size_t errcap);
/* The clocks as of now_ms (remaining of both seats). */
void mgs_table_clock_now(const mgs_table *t, int64_t now_ms, int64_t out[2]);
int mgs_table_to_move(const mgs_table *t);      /* seat or -1 */
int64_t mgs_table_deadline(const mgs_table *t); /* the running flag's, or -1 */
json_t *mgs_table_snapshot(const mgs_table *t, int64_t now_ms);
json_t *mgs_table_row_json(const mgs_table *t); /* the stored row */
const char *mgs_status_name(int status);

/* command.c: a table read from storage with its log replayed (NULL when
 * there is none or it cannot be read). */
mgs_table *mgs_table_load(mgs_srv *srv, const char *id);
/* t (locked) brought up to its stored log: the events another process
 * stored after t's version applied, the seats' hashes and the commands'
 * answers read again, the new events sent to t's streams and polls.
 * 1: it had new events; 0: none; -1: storage could not tell. */
int mgs_table_refresh(mgs_srv *srv, mgs_table *t);

/* cluster.c: listening to the other processes sharing the database
 * (mgs_store_listen): each table another process changed is refreshed
 * (and read, when it was not in memory: every process holds every open
 * table, so that its bot moves and its flag falls if the process that
 * played it dies).  0: listening (srv.cluster set); 0 too when the
 * store is one process's (SQLite); -1 when it cannot start. */
int mgs_cluster_start(mgs_srv *srv);
/* The timer's (every 100 ms): every 2 s, the open tables other
 * processes made read into memory. */
void mgs_cluster_tick(mgs_srv *srv, int64_t now);

/* presence.c: a seat's presence shared through the database when other
 * processes share it (nothing with SQLite).  The timer's: the heartbeat
 * of the seats with streams open here, and the sweep of old rows. */
void mgs_presence_tick(mgs_srv *srv, int64_t now);
/* This process's id in its rows (cluster.c, before the first tick). */
void mgs_presence_start(void);
/* A seat's first stream opened here: the next tick writes. */
void mgs_presence_opened(mgs_srv *srv);
/* When another process saw a stream of the seat last (*last_ms; 0:
 * none within the rows kept), and how recent a sight means "here, now"
 * (*fresh_ms).  0; -1 when the store could not be read. */
int mgs_presence_seen(mgs_srv *srv, const mgs_table *t, int seat,
                      int64_t *last_ms, int64_t *fresh_ms);

/* Tables of the server: find (loading from storage when not in memory),
 * create, release.  A found table has a reference: mgs_release it. */
mgs_table *mgs_find(mgs_srv *srv, const char *id);
/* After mgs_find found nothing: 1 when storage says there is no such
 * table, 0 when it could not tell (storage does not answer: PostgreSQL
 * down) or the table is there but cannot be replayed. */
int mgs_table_missing(mgs_srv *srv, const char *id);
void mgs_release(mgs_srv *srv, mgs_table *t);
/* The table when it is in memory (a reference taken), else NULL. */
mgs_table *mgs_find_cached(mgs_srv *srv, const char *id);
int mgs_insert(mgs_srv *srv, mgs_table *t);     /* into the map */
/* The unfinished tables updated from since_ms to until_ms that are not
 * in memory, read into it (other processes made them): their number,
 * -1 when storage failed. */
int mgs_restore_since(mgs_srv *srv, int64_t since_ms, int64_t until_ms);
int mgs_rematch(mgs_srv *srv, mgs_table *t, int seat, const char *cmd_id,
                mgs_result *r);
int mgs_restore_all(mgs_srv *srv, char *err, size_t errcap);

/* r := status and {"error": the message} (command.c); mgs_verror with
 * a va_list. */
void mgs_verror(mgs_result *r, int status, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;
void mgs_error(mgs_result *r, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Who sends a command: a person (authenticated by the seat's secret),
 * the server itself (the timer: op "timeout"), or the seat's bot. */
enum { MGS_BY_PERSON = 0, MGS_BY_SERVER = 1, MGS_BY_BOT = 2 };
/* Run op `body` for `seat`, sent by `internal` (MGS_BY_*), on t (locked
 * by the caller).  Fills r. */
void mgs_command(mgs_srv *srv, mgs_table *t, int seat, const json_t *body,
                 int internal, mgs_result *r);
/* The one path of every change of a table (t locked), taken by the
 * commands of people and bots (ops.c), the timer (worker.c), creation,
 * joining and rematches (create.c, join.c): apply `events` (a JSON
 * array of event objects; version and time are filled in here) to t,
 * each once, then
 * commit them with `seats` rows (their hashes then hold in t too), the
 * answer of command `cmd_id` of `cmd_seat` (NULL: none) and `extra`
 * appends, in one transaction; then answer (r: 200 with {"version",
 * "event" (the last), and answer_extra's fields}), publish the events to
 * t's streams and polls (each event turned into JSON text once, for the
 * store and the streams) and wake t's bot if it is to move (not with
 * MGS_CALL_UNLISTED: a table not yet in the map, whose creator wakes it
 * once mgs_insert put it there).  On failure r is the error (503 when
 * storage failed), nothing is published and t is as before (rebuilt from
 * its log). */
enum { MGS_CALL_UNLISTED = 1 };
int mgs_call(mgs_srv *srv, mgs_table *t, json_t *events,
             const mgs_seat_row *seats, int nseats, int cmd_seat,
             const char *cmd_id, const json_t *answer_extra,
             const mgs_append *extra, int nextra, int flags, mgs_result *r);
/* Create a table from a create request of client `client` (its key,
 * mgs_client_key), within the limits of guard.c. */
void mgs_create(mgs_srv *srv, const json_t *body, const char *client,
                const char *player, mgs_result *r);
/* create.c, for join.c: a re-sent create's (seat -1) or join's (seat -2)
 * stored answer (1 with r that answer; 0 when none; 1 with r 503 when
 * storage cannot tell); the row keeping an answer sealed in the change's
 * commit (the sealed text, NULL when out of memory; takes `answer`); a
 * player's game document (place.h's kind "game"; -1 when out of
 * memory).  tables.c: a new table's id (-1 when none is free). */
int mgs_answered_before(mgs_srv *srv, mgs_table *t, int seat,
                        const char *key, const char *cmd_id, mgs_result *r);
char *mgs_keep_answer(const char *cmd_id, const char *key, json_t *answer,
                      int seat, int status, const char *table_id,
                      mgs_command_row *crow, mgs_append *cap);
int mgs_player_game_doc(const char *player, const char *table_id,
                        const char *spec, const char *family, int seat,
                        int rated, int64_t now, char key[MGS_DOC_KEY_MAX + 1],
                        char **json, mgs_doc_row *d);
int mgs_new_table_id(mgs_srv *srv, char *id);
/* Join t (locked) with `invite`; body: the request (its cmd_id).
 * `player` (NULL or "": none) is the name of the player who sits down
 * (create: at the creator's seat): the seat's "player", and the game on
 * the player's page (a "game" document, place.h) in the same commit. */
void mgs_join(mgs_srv *srv, mgs_table *t, const char *invite,
              const json_t *body, const char *player, mgs_result *r);

/* stream.c */
int mgs_stream_open(mgs_srv *srv, struct MHD_Connection *c, mgs_table *t,
                    int seat, int64_t after);
/* A long poll: when t has events after `after` (or wait is 0), *ready
 * gets the answer at once (1); else the connection is suspended (0) and
 * *ready set (and the connection resumed) by the next broadcast or after
 * cfg.poll_s -- the caller must not read *ready then until resumed.  -1
 * on a storage error. */
int mgs_poll_open(mgs_srv *srv, struct MHD_Connection *c, mgs_table *t,
                  int64_t after, int wait, json_t **ready);
/* http.c: the headers every answer carries (security, API version). */
struct MHD_Response;
void mgs_http_headers(struct MHD_Response *resp);
/* Send events (already committed and applied) to t's streams and polls
 * (t locked). */
void mgs_broadcast(mgs_srv *srv, mgs_table *t, const json_t *events,
                   char *const *texts);
/* An unlogged event to every stream of t (presence). */
void mgs_broadcast_note(mgs_srv *srv, mgs_table *t, const char *type,
                        const json_t *data);
void mgs_presence_changed(mgs_srv *srv, mgs_table *t);
void mgs_presence_flush(mgs_srv *srv, mgs_table *t); /* the timer's */
/* Heartbeat comments (ping) and the long polls due by now_ms. */
void mgs_heartbeat(mgs_srv *srv, mgs_table *t, int64_t now_ms, int ping);
/* Shutdown: "restarting" to every stream, end them, answer the polls. */
void mgs_streams_close(mgs_srv *srv, mgs_table *t);

/* worker.c */
/* The tables in memory now, each with a reference taken (release each,
 * then free the list); *n gets their number. */
mgs_table **mgs_all_tables(mgs_srv *srv, int *n);
int mgs_workers_start(mgs_srv *srv);
void mgs_workers_stop(mgs_srv *srv);
void mgs_bot_wake(mgs_srv *srv, mgs_table *t); /* t locked */
/* A bot spec against this server's caps (doc/server-api.md, "Bots"):
 * its plan, the spec it runs with (canonical, the server's limits
 * filled in), the memory it reserves and whether it is quick.  Returns
 * 0; 400 when the library refuses the spec; 422 when it is beyond the
 * caps (or, with clamp, lowers it to them instead).  msg: the reason. */
typedef struct mgs_bot_plan {
    char spec[256];
    int mem_mb;
    int quick;
} mgs_bot_plan;
/* A waiting bot job (srv.jobs, under jobs_mu). */
typedef struct mgs_job {
    char id[MGS_ID_LEN + 1];     /* the table */
    int seat;
    int64_t used_ms;             /* the table's think time when queued */
    int64_t seq;                 /* arrival */
    mgs_bot_plan plan;
} mgs_job;
int mgs_bot_plan_for(const mgs_config *cfg, const char *spec,
                     int num_actions, int clamp, mgs_bot_plan *out,
                     char *msg, size_t cap);
/* The same for a bot of a game spec (table creation). */
int mgs_bot_check(const mgs_config *cfg, const char *spec,
                  const char *game_spec, char *msg, size_t cap);

/* levels.c: the computer's levels (doc/server-api.md, "Levels").
 * mgs_level_spec: 0 when `given` is not a "level..." text; the level
 * (1..MGS_LEVELS) with out its spec as this server plays it (lowered to
 * its caps) in game_spec; -1 with msg for a wrong level.
 * mgs_levels_json: GET /api/v1/levels's answer (NULL: out of memory). */
#define MGS_LEVELS 8
int mgs_level_spec(const mgs_config *cfg, const char *given,
                   const char *game_spec, char *out, size_t cap, char *msg,
                   size_t mcap);
json_t *mgs_levels_json(const mgs_config *cfg);

/* conns.c: the connections (see there); mgs_peer_ip (http.c) is the
 * address a connection comes from. */
int mgs_conns_start(mgs_srv *srv);
void mgs_conns_stop(mgs_srv *srv);
/* The timer's: shut the connections whose headers are late (none when
 * srv->conns is NULL, as in the fuzzer). */
void mgs_conns_cut_late(mgs_srv *srv, int64_t now);
/* (mgs_conn_notify, which main.c registers with libmicrohttpd: http.h) */
void mgs_conn_request(mgs_srv *srv, struct MHD_Connection *mc);
void mgs_conn_request_done(mgs_srv *srv, struct MHD_Connection *mc);
void mgs_peer_ip(struct MHD_Connection *c, char *ip, size_t cap);

/* stream.c, for watch.c: the watcher saw the client of a suspended
 * stream leave (end it); the stream's reference and dead flags, which
 * the watcher keeps under the stream's lock. */
void mgs_stream_peer_closed(mgs_srv *srv, mgs_stream *s);
int *mgs_stream_refs(mgs_stream *s, int **dead);

/* watch.c: the clients of suspended streams leaving (see there) */
int mgs_watch_start(mgs_srv *srv);
void *mgs_watch_main(void *arg);
void mgs_watch_stop(mgs_srv *srv);
void mgs_watch_add(mgs_srv *srv, int fd, mgs_stream *s);
void mgs_watch_del(mgs_srv *srv, int fd, mgs_stream *s);
int mgs_watch_gone(mgs_srv *srv, int fd, mgs_stream *s);
int mgs_watch_done(mgs_srv *srv, mgs_stream *s);

/* guard.c */
int mgs_rate_init(mgs_srv *srv);
void mgs_rate_free(mgs_srv *srv);
/* The key of a client for every per-client limit: an IPv4 address as it
 * is, an IPv6 address by its /64 ("2001:db8:1:2::/64"), an IPv4-mapped
 * IPv6 address as the IPv4 address; anything else as it is. */
void mgs_client_key(const char *ip, char *out, size_t cap);
/* 0 when the request of client `key` may go on; else the seconds to
 * wait. */
int mgs_rate_take(mgs_srv *srv, const char *key);
/* A connection of client `key` opens (-1: past --max-conns) or ends. */
int mgs_conn_add(mgs_srv *srv, const char *key);
void mgs_conn_del(mgs_srv *srv, const char *key);
/* A table that client `key` ("": nobody's) is about to make: 0 when the
 * limits allow it (counted now: mgs_table_unreserve if it is not made),
 * else r gets 429 or 503 {"error", "limit", "retry_after"}. */
int mgs_table_reserve(mgs_srv *srv, const char *key, mgs_result *r);
void mgs_table_unreserve(mgs_srv *srv, const char *key);
/* A player that client `key` is about to register: 0 when
 * --players-per-hour allows it (counted now), else r gets 429 or 503
 * {"error", "limit", "retry_after"}. */
int mgs_player_reserve(mgs_srv *srv, const char *key, mgs_result *r);
/* An open table counted (restored at start), or no longer open. */
void mgs_table_counted(mgs_srv *srv, mgs_table *t);
void mgs_table_closed(mgs_srv *srv, mgs_table *t);
int mgs_open_tables(mgs_srv *srv);
/* A create's or join's cmd_id (NULL when the body has none): its store
 * key (hex) in key; -1 with r set when it is not valid. */
int mgs_cmd_key(const json_t *body, const char *what, char *key,
                size_t cap, const char **cmd_id, mgs_result *r);
int mgs_seat_rate_take(mgs_srv *srv, mgs_seat *s, int64_t now_ms);
/* s made valid UTF-8 in place: each byte of a sequence that is not
 * (a client's bytes quoted in a message, a character cut by a "%.40s")
 * becomes '?'.  JSON strings must be UTF-8: jansson refuses others. */
void mgs_utf8_clean(char *s);
/* JSON body: parse with the limits (depth, duplicates, UTF-8), or NULL
 * with a message. */
json_t *mgs_json_parse(const char *body, size_t n, char *err, size_t cap);

/* metrics */
void mgs_metric_command(mgs_srv *srv, int status);
void mgs_metric_bot(mgs_srv *srv, double seconds);
char *mgs_metrics_text(mgs_srv *srv);

#endif /* MGS_SERVER_H */
