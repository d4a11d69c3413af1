/*
 * load.h - what the files of mg-load (the load client of mg-server's
 * benchmark, make bench-server) share: the options, the connection, the
 * game slot, the latency samples, the run that holds them all (ml_run)
 * and the functions used across files (ml_*).
 *
 *   mg-load.c     options, time and messages, samples, the phases, main,
 *                 the report
 *   load_conn.c   connections, HTTP answers, SSE events, epoll events
 *   load_games.c  the games: create, join, streams, moves, answers, events
 *
 * There is no mutable global state: main owns one ml_run (on its stack)
 * and hands it to the functions that need it; a connection keeps a back
 * pointer to its run (conn.run), since epoll hands back a connection only.
 * Who owns what:
 *   - run_init (mg-load.c) allocates the run's arrays (games, rq, spect,
 *     legal), the game and the epoll descriptor; run_free releases them,
 *     closes every connection and frees what the connections, the game
 *     slots and the samples hold.  Nothing else allocates or frees them.
 *   - a connection's buffers (w, r, body) and descriptor are its own,
 *     grown and closed by load_conn.c; a game slot's mg_state st by
 *     load_games.c (ml_on_answer makes it, ml_game_reset frees it); a
 *     samples' v by ml_sample_add.
 *   - load_conn.c and load_games.c change the run's counters, queue and
 *     slots; only the phase functions in mg-load.c change run.phase
 *     (and the times and server figures that go with it).
 *
 * The including file defines _POSIX_C_SOURCE and _DEFAULT_SOURCE first.
 */
#ifndef MG_LOAD_H
#define MG_LOAD_H

#include <mindgames.h>

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ml_run ml_run;

/* ------------------------------------------------------------ options */

/* The command line (mg-load --help); read-only once parsed. */
typedef struct ml_opts {
    char host[64];      /* --host: a numeric 127.x.x.x address */
    int port;           /* --port */
    int ports[8];       /* --ports P1,P2,...: several processes of one */
    int nports;         /* database (0: --port only); game k's commands
                           go to ports[k % n], its seats' streams to
                           ports[(k + 1) % n], spectator k's stream to
                           ports[k % n] */
    long streams;       /* --streams N: spectator event streams */
    long games;         /* --games M: games played at once */
    long tables;        /* --tables K: idle tables for the streams; -1:
                           ceil(N / 100) when M = 0, else 0 */
    double rate;        /* --rate R: moves/s in total; 0: flat out */
    double seconds;     /* --seconds S: of play */
    char spec[256];     /* --spec: the game played */
    long pid;           /* --pid: the server, for VmRSS and CPU; 0: none */
    long connecting;    /* --connecting C: streams connecting at once */
    int verbose;        /* --verbose */
    uint64_t seed;      /* --seed: the moves' random numbers */
} ml_opts;

/* ------------------------------------------------------------ samples */

/* Latencies in microseconds; v is owned by the samples (realloc'd). */
typedef struct samples {
    uint32_t *v;
    size_t n, cap;
} samples;

/* ------------------------------------------------------- connections */

enum { K_CMD = 1, K_STREAM };
enum { C_CLOSED = 0, C_CONNECTING, C_OPEN };
enum { R_IDLE = 0, R_HDR, R_CL, R_CHUNK_SIZE, R_CHUNK_DATA, R_CHUNK_CRLF,
       R_EOF };

/* One HTTP/1.1 connection: a game's command connection, a seat's event
 * stream or a spectator's.  It lives in a game slot or in ml_run.spect
 * (never moved: epoll holds its address) and owns its buffers w, r and
 * body, and its descriptor fd while open (-1 when closed). */
typedef struct conn {
    ml_run *run;      /* the run it belongs to (set once, by run_init) */
    int fd;
    int kind;         /* K_* */
    int port;         /* its server's port (--ports), or 0: the run's */
    int state;        /* C_* */
    long slot;        /* game slot (or -1: a spectator) */
    int seat;         /* seat stream: 0/1; spectator: -1 */
    /* output */
    char *w;
    size_t wlen, woff;
    /* input */
    char *r;
    size_t rlen, rcap;
    int rs;           /* R_* */
    int status;
    long long left;   /* content-length / chunk bytes left */
    int close_after;
    int inflight;     /* a request awaits its answer */
    char *body;       /* a command's answer */
    size_t blen, bcap;
    /* a stream */
    int open;         /* got its 200 */
    char line[1024];
    size_t llen;
    long long ev_id;  /* the id: of the event being read */
    long long last_id;
    long long events;
    char path[160];
    /* a seat stream to open again (its server gone): at reopen_us, the
     * wait doubling from 50 ms to 2 s while it cannot connect */
    int reopen;
    int64_t reopen_us;
    int backoff_ms;
} conn;

/* ------------------------------------------------------------ games */

enum { G_NEW = 0, G_CREATING, G_JOINING, G_SET, G_STREAMS, G_READY,
       G_SENT, G_WAIT, G_END, G_DONE, G_DEAD };

#define RING 64

/* A game slot: a table (an idle one for spectators, or one played), its
 * command connection and its seats' streams, and the local mg_state st
 * (owned: mg_state_free) kept in step with the acknowledged moves. */
typedef struct game {
    long index;         /* in ml_run.games */
    int play;           /* a game slot (else: a table for spectators) */
    int gs;             /* G_* */
    char id[64];
    char secret[2][128];
    char invite[128];
    long long version;  /* the table's version as acknowledged */
    conn cmd;
    conn seat[2];
    mg_state *st;
    int32_t action;     /* the move in flight */
    int mover;
    int retry;          /* send the same action (and cmd_id) again */
    int64_t sent_us;
    int64_t wake_us;    /* G_WAIT: retry at */
    long long ring_v[RING];     /* moves sent, by version: for the */
    int64_t ring_t[RING];       /* event latency (sent at, by whom) */
    int ring_seat[RING];
    uint64_t rng;
    long long games_done;
    int queued;         /* in the ready queue */
} game;

/* ------------------------------------------------------------ the run */

/* The phases, in order. */
enum { P_SETUP = 0,     /* create and join the tables */
       P_SPECTATORS,    /* open the spectator streams */
       P_SEAT_STREAMS,  /* open each game's two seat streams */
       P_PLAY,          /* play for --seconds */
       P_DRAIN };       /* wait (3 s at most) for the answers in flight */

/* One run of mg-load.  Made by run_init from the options, driven by
 * the phases in mg-load.c, changed by load_conn.c and load_games.c
 * through the pointer they are given (or conn.run), printed by the
 * report, released by run_free. */
struct ml_run {
    ml_opts opt;                /* the options (read-only) */
    struct sockaddr_in addr;    /* the server */
    char hostport[96];          /* "host:port", for Host: headers */
    int ep;                     /* the epoll descriptor (owned) */
    mg_game *game;              /* --spec's game (owned) */
    int32_t *legal;             /* legal actions' buffer (owned), of */
    size_t legal_cap;           /* mg_game_max_legal_actions */

    /* the slots: tables_for_streams idle tables, then opt.games games */
    game *games;                /* owned, ngames of them */
    long ngames;
    long tables_for_streams;
    long *rq;                   /* the ready queue (owned, ngames): slots */
    long rq_head, rq_len;       /* whose next move may go */
    conn *spect;                /* spectator streams (owned, opt.streams) */
    long spect_started;

    /* the phases and their times (ml_now_us) */
    int phase;                  /* P_* */
    int64_t setup_start_us, spect_start_us;
    int64_t play_start_us, play_end_us;
    int64_t next_slot_us;       /* --rate: the next move may go at */

    /* counters */
    long long moves_ok;         /* acknowledged during play */
    long long moves_sent, tables_made, games_finished;
    long spect_open, spect_failed, spect_closed;
    long long conn_errors;
    long long status_count[600]; /* answers by HTTP status (0: none) */
    long long errs_other;       /* odd statuses, unexpected bytes */
    samples lat_event, lat_cmd, lat_setup;

    /* the server (--pid), -1 when unknown */
    long rss_start, rss_tables, rss_streams, rss_play, rss_end; /* kB */
    long long cpu_start, cpu_end; /* utime + stime ticks around play */
};

/* mg-load.c: time, messages, samples */
int64_t ml_now_us(void);
void ml_die(const char *fmt, ...);
void ml_note(const char *fmt, ...);
void ml_sample_add(samples *s, int64_t us);

/* load_conn.c: connections (the run is c->run) */
int ml_conn_request(conn *c, const char *req, size_t n);
void ml_conn_close(conn *c);
void ml_conn_event(conn *c, uint32_t evs);

/* load_games.c: the games */
void ml_rq_push(ml_run *r, game *g);
void ml_send_create(ml_run *r, game *g);
void ml_stream_open(conn *c, const char *id, const char *secret,
                    long long after);
void ml_game_streams(game *g);
void ml_game_reset(game *g);
void ml_send_move(ml_run *r, game *g);
void ml_count_status(ml_run *r, int st);
void ml_on_answer(ml_run *r, game *g, int status, const char *body);
void ml_on_event(conn *c, long long id);

#endif
