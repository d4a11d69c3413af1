/*
 * load.h - what the files of mg-load (the load client of mg-server's
 * benchmark, make bench-server) share: the connection, the game slot and
 * the latency samples, the functions used across files (ml_*) and the
 * globals more than one file uses.
 *
 *   mg-load.c     options, time and messages, samples, the phases, main,
 *                 the report
 *   load_conn.c   connections, HTTP answers, SSE events, epoll events
 *   load_games.c  the games: create, join, streams, moves, answers, events
 *
 * The including file defines _POSIX_C_SOURCE and _DEFAULT_SOURCE first.
 */
#ifndef MG_LOAD_H
#define MG_LOAD_H

#include <mindgames.h>

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------ samples */

typedef struct samples {
    uint32_t *v;
    size_t n, cap;
} samples;

/* ------------------------------------------------------- connections */

enum { K_CMD = 1, K_STREAM };
enum { C_CLOSED = 0, C_CONNECTING, C_OPEN };
enum { R_IDLE = 0, R_HDR, R_CL, R_CHUNK_SIZE, R_CHUNK_DATA, R_CHUNK_CRLF,
       R_EOF };

typedef struct conn {
    int fd;
    int kind;
    int state;
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
} conn;

/* ------------------------------------------------------------ games */

enum { G_NEW = 0, G_CREATING, G_JOINING, G_SET, G_STREAMS, G_READY,
       G_SENT, G_WAIT, G_END, G_DONE, G_DEAD };

#define RING 64

typedef struct game {
    long index;
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
    long long ring_v[RING];
    int64_t ring_t[RING];
    int ring_seat[RING];
    uint64_t rng;
    long long games_done;
    int queued;
} game;

/* mg-load.c: options, time, messages, samples */
extern char opt_spec[256];
extern int opt_verbose;
extern struct sockaddr_in srv_addr;

int64_t ml_now_us(void);
void ml_die(const char *fmt, ...);
void ml_note(const char *fmt, ...);
void ml_sample_add(samples *s, int64_t us);

/* load_conn.c: connections */
extern int ep;
extern long long n_conn_errors;
extern long long status_count[600];
extern long long errs_other;

int ml_conn_request(conn *c, const char *req, size_t n);
void ml_conn_close(conn *c);
void ml_conn_event(conn *c, uint32_t evs);

/* load_games.c: the games and the run's state */
extern game *games;
extern long ngames;             /* slots: tables then games */
extern mg_game *g_game;
extern int32_t *legal_buf;
extern size_t legal_cap;
extern long spect_open, spect_failed, spect_closed;
extern long *rq;                /* the ready queue */
extern long rq_head, rq_len;
extern int phase;  /* 0 setup, 1 spectators, 2 seat streams, 3 play, 4 drain */
extern int64_t play_end_us;
extern long long moves_ok, moves_sent, tables_made, games_finished;
extern samples lat_event, lat_cmd, lat_setup;
extern char hostport[96];

void ml_rq_push(game *g);
void ml_send_create(game *g);
void ml_stream_open(conn *c, const char *id, const char *secret,
                    long long after);
void ml_game_streams(game *g);
void ml_game_reset(game *g);
void ml_send_move(game *g);
void ml_count_status(int st);
void ml_on_answer(game *g, int status, const char *body);
void ml_on_event(conn *c, long long id);

#endif
