/*
 * mg-load.c - the load client of mg-server's benchmark (make bench-server).
 *
 * One process, one thread, raw non-blocking sockets and epoll, HTTP/1.1
 * over loopback only.  It
 *
 *   1. creates --tables K idle tables (create + join, both seats human)
 *      for the spectator streams, and --games M tables for games;
 *   2. opens --streams N spectator event streams spread over the idle
 *      tables (over the game tables when K = 0);
 *   3. opens one event stream per seat of each game (with the seat's
 *      secret) and plays the M games at once, at --rate R moves per second
 *      in total (0: as fast as the server answers), for --seconds S: each
 *      move is a random legal action chosen with libmindgames on a local
 *      mg_state kept in step with the acknowledged moves, sent as
 *      POST .../commands {"op":"move","action":ID,"cmd_id":...} with the
 *      mover's secret over a keep-alive connection (one per game).  A game
 *      that ends is replaced by a new table at once.
 *
 * It measures acknowledged moves per second, the command latency (send
 * -> answer), the event latency (send -> the move's event, by its id, on
 * the OTHER seat's stream), the errors by HTTP status, and with --pid the
 * server's VmRSS at each phase and its CPU (utime + stime) during play.
 * The last lines are "RESULT key value" for scripts.
 *
 * Only a 127.x.x.x address is accepted.  RLIMIT_NOFILE is raised to what
 * the run needs (N + 3M + K + slack), which may need root for large N.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include <mindgames.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------ options */

static char opt_host[64] = "127.0.0.1";
static int opt_port = 8080;
static long opt_streams = 0;
static long opt_games = 1;
static long opt_tables = -1;     /* -1: ceil(streams / 100) when games = 0 */
static double opt_rate = 0;
static double opt_seconds = 10;
static char opt_spec[256] = "dots_and_boxes(rows=5,cols=5)";
static long opt_pid = 0;
static long opt_connecting = 256; /* streams connecting at once */
static int opt_verbose = 0;

static struct sockaddr_in srv_addr;

/* --------------------------------------------------------------- time */

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mg-load: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

static void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mg-load: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

/* ------------------------------------------------------------ samples */

typedef struct samples {
    uint32_t *v;
    size_t n, cap;
} samples;

static void sample_add(samples *s, int64_t us)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        if (!s->v)
            die("out of memory");
    }
    s->v[s->n++] = us < 0 ? 0 : (us > UINT32_MAX ? UINT32_MAX : (uint32_t)us);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static double pct(const samples *s, double p)
{
    size_t i;
    if (!s->n)
        return 0;
    i = (size_t)(p * (double)(s->n - 1) + 0.5);
    return s->v[i] / 1000.0;
}

/* ------------------------------------------------------------- server */

static long proc_rss_kb(void)
{
    char path[64], line[256];
    long kb = -1;
    FILE *f;
    if (opt_pid <= 0)
        return -1;
    snprintf(path, sizeof path, "/proc/%ld/status", opt_pid);
    if (!(f = fopen(path, "r")))
        return -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6))
            kb = strtol(line + 6, NULL, 10);
    fclose(f);
    return kb;
}

/* utime + stime of the server, in clock ticks */
static long long proc_cpu_ticks(void)
{
    char path[64], buf[2048], *p;
    unsigned long long ut = 0, st = 0;
    size_t n;
    int field;
    FILE *f;
    if (opt_pid <= 0)
        return -1;
    snprintf(path, sizeof path, "/proc/%ld/stat", opt_pid);
    if (!(f = fopen(path, "r")))
        return -1;
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    p = strrchr(buf, ')'); /* comm may hold spaces */
    if (!p)
        return -1;
    p += 2; /* field 3: state */
    for (field = 3; field < 14 && p; field++) {
        p = strchr(p, ' ');
        if (p)
            p++;
    }
    if (!p || sscanf(p, "%llu %llu", &ut, &st) != 2)
        return -1;
    return (long long)(ut + st);
}

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

static int ep;
static long nfd_open;
static long long n_conn_errors;
static long long status_count[600];
static long long errs_other;

static void conn_close(conn *c);

static void set_nb(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int conn_connect(conn *c)
{
    struct epoll_event ev;
    int one = 1;
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0) {
        note("socket: %s", strerror(errno));
        n_conn_errors++;
        return -1;
    }
    nfd_open++;
    set_nb(c->fd);
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->state = C_CONNECTING;
    c->rs = R_IDLE;
    c->rlen = 0;
    c->inflight = 0;
    c->open = 0;
    if (connect(c->fd, (struct sockaddr *)&srv_addr, sizeof srv_addr) < 0 &&
        errno != EINPROGRESS) {
        note("connect: %s", strerror(errno));
        n_conn_errors++;
        close(c->fd);
        nfd_open--;
        c->fd = -1;
        c->state = C_CLOSED;
        return -1;
    }
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP;
    ev.data.ptr = c;
    epoll_ctl(ep, EPOLL_CTL_ADD, c->fd, &ev);
    return 0;
}

static void conn_want_out(conn *c, int on)
{
    struct epoll_event ev;
    ev.events = EPOLLIN | EPOLLRDHUP | (on ? EPOLLOUT : 0);
    ev.data.ptr = c;
    epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
}

/* Write what is pending; 0, or -1 when the connection broke. */
static int conn_flush(conn *c)
{
    while (c->woff < c->wlen) {
        ssize_t k = send(c->fd, c->w + c->woff, c->wlen - c->woff,
                         MSG_NOSIGNAL);
        if (k < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                conn_want_out(c, 1);
                return 0;
            }
            if (errno == EINTR)
                continue;
            return -1;
        }
        c->woff += (size_t)k;
    }
    c->wlen = c->woff = 0;
    conn_want_out(c, 0);
    return 0;
}

/* Queue a request (connecting first when closed). */
static int conn_request(conn *c, const char *req, size_t n)
{
    free(c->w);
    c->w = malloc(n);
    if (!c->w)
        die("out of memory");
    memcpy(c->w, req, n);
    c->wlen = n;
    c->woff = 0;
    c->inflight = 1;
    c->rs = R_HDR;
    c->blen = 0;
    c->status = 0;
    if (c->state == C_CLOSED) {
        if (conn_connect(c) < 0)
            return -1;
        c->inflight = 1;
        c->rs = R_HDR;
        return 0;
    }
    if (c->state == C_CONNECTING)
        return 0;
    if (conn_flush(c) < 0) {
        conn_close(c);
        return -1;
    }
    return 0;
}

static void conn_close(conn *c)
{
    if (c->fd >= 0) {
        epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
        nfd_open--;
    }
    c->fd = -1;
    c->state = C_CLOSED;
    c->rlen = 0;
    c->wlen = c->woff = 0;
    c->rs = R_IDLE;
    c->open = 0;
    c->llen = 0;
}

/* ------------------------------------------------------------- JSON */

/* The first "key": STRING (or number, raw) in text; 0 when found. */
static int json_get(const char *text, const char *key, char *out, size_t cap)
{
    char pat[64];
    const char *p;
    size_t n = 0;
    snprintf(pat, sizeof pat, "\"%s\"", key);
    p = strstr(text, pat);
    if (!p)
        return -1;
    p += strlen(pat);
    while (*p == ' ' || *p == ':' || *p == '\t' || *p == '\n')
        p++;
    if (*p == '"') {
        p++;
        while (*p && *p != '"' && n + 1 < cap) {
            if (*p == '\\' && p[1])
                p++;
            out[n++] = *p++;
        }
    } else {
        while (*p && *p != ',' && *p != '}' && *p != ' ' && n + 1 < cap)
            out[n++] = *p++;
    }
    out[n] = 0;
    return 0;
}

static long long json_int(const char *text, const char *key, long long dflt)
{
    char b[32];
    if (json_get(text, key, b, sizeof b) < 0 || !b[0] || !strcmp(b, "null"))
        return dflt;
    return strtoll(b, NULL, 10);
}

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

static game *games;
static long ngames;             /* slots: tables then games */
static mg_game *g_game;
static int32_t *legal_buf;
static size_t legal_cap;

static conn *spect;
static long nspect, spect_started, spect_open, spect_failed, spect_closed;

/* the ready queue (games whose next move may go) */
static long *rq;
static long rq_head, rq_len;

static int phase;  /* 0 setup, 1 spectators, 2 seat streams, 3 play, 4 drain */
static int64_t play_start_us, play_end_us;
static long long moves_ok, moves_sent, tables_made, games_finished;
static long long lat_missing;
static samples lat_event, lat_cmd, lat_setup;
static long long ev_late_other; /* events seen for versions not in ring */

static uint64_t rnd(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static void rq_push(game *g)
{
    if (g->queued)
        return;
    g->queued = 1;
    rq[(rq_head + rq_len) % ngames] = g->index;
    rq_len++;
}

static char hostport[96];

static void send_create(game *g)
{
    char body[512], req[1024], spec[300];
    size_t i, n = 0;
    int len, blen;
    for (i = 0; opt_spec[i] && n + 2 < sizeof spec; i++) {
        if (opt_spec[i] == '"' || opt_spec[i] == '\\')
            spec[n++] = '\\';
        spec[n++] = opt_spec[i];
    }
    spec[n] = 0;
    blen = snprintf(body, sizeof body, "{\"spec\":\"%s\",\"seat\":0}", spec);
    len = snprintf(req, sizeof req,
                   "POST /api/v1/tables HTTP/1.1\r\nHost: %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: %d"
                   "\r\n\r\n%s", hostport, blen, body);
    g->gs = G_CREATING;
    g->sent_us = now_us();
    conn_request(&g->cmd, req, (size_t)len);
}

static void send_join(game *g)
{
    char body[256], req[1024];
    int len, blen;
    blen = snprintf(body, sizeof body, "{\"invite\":\"%s\"}", g->invite);
    len = snprintf(req, sizeof req,
                   "POST /api/v1/tables/%s/join HTTP/1.1\r\nHost: %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: %d"
                   "\r\n\r\n%s", g->id, hostport, blen, body);
    g->gs = G_JOINING;
    conn_request(&g->cmd, req, (size_t)len);
}

static void stream_open(conn *c, const char *id, const char *secret,
                        long long after)
{
    char req[1024], auth[200] = "";
    int len;
    if (secret)
        snprintf(auth, sizeof auth, "Authorization: Bearer %s\r\n", secret);
    if (after >= 0)
        snprintf(c->path, sizeof c->path, "/api/v1/tables/%s/events?after=%lld",
                 id, after);
    else
        snprintf(c->path, sizeof c->path, "/api/v1/tables/%s/events", id);
    len = snprintf(req, sizeof req,
                   "GET %s HTTP/1.1\r\nHost: %s\r\n"
                   "Accept: text/event-stream\r\n%s\r\n", c->path, hostport,
                   auth);
    c->kind = K_STREAM;
    c->ev_id = -1;
    c->llen = 0;
    if (conn_request(c, req, (size_t)len) < 0 && c->seat < 0)
        spect_failed++;
}

static void game_streams(game *g)
{
    int s;
    for (s = 0; s < 2; s++) {
        conn *c = &g->seat[s];
        if (c->fd >= 0)
            conn_close(c);
        c->slot = g->index;
        c->seat = s;
        c->last_id = -1;
        c->events = 0;
        stream_open(c, g->id, g->secret[s], -1);
    }
    g->gs = G_STREAMS;
}

static void game_reset(game *g)
{
    int s;
    for (s = 0; s < 2; s++)
        if (g->seat[s].fd >= 0)
            conn_close(&g->seat[s]);
    mg_state_free(g->st);
    g->st = NULL;
    memset(g->ring_v, 0, sizeof g->ring_v);
    g->version = 0;
    g->id[0] = 0;
    g->gs = G_NEW;
}

static void send_move(game *g)
{
    char body[256], req[1024];
    size_t cnt = 0;
    int len, blen, slot;
    if (mg_state_legal_actions(g->st, legal_buf, legal_cap, &cnt) != 0 ||
        !cnt) {
        g->gs = G_DONE;
        return;
    }
    if (!g->retry) {
        g->action = legal_buf[rnd(&g->rng) % cnt];
        g->mover = mg_state_current_player(g->st);
    }
    g->retry = 0;
    blen = snprintf(body, sizeof body,
                    "{\"op\":\"move\",\"action\":%ld,\"cmd_id\":\"m%lld\"}",
                    (long)g->action, g->version + 1);
    len = snprintf(req, sizeof req,
                   "POST /api/v1/tables/%s/commands HTTP/1.1\r\nHost: %s\r\n"
                   "Authorization: Bearer %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: %d"
                   "\r\n\r\n%s", g->id, hostport, g->secret[g->mover], blen,
                   body);
    g->gs = G_SENT;
    g->sent_us = now_us();
    slot = (int)((g->version + 1) % RING);
    g->ring_v[slot] = g->version + 1;
    g->ring_t[slot] = g->sent_us;
    g->ring_seat[slot] = g->mover;
    moves_sent++;
    conn_request(&g->cmd, req, (size_t)len);
}

static void count_status(int st)
{
    if (st >= 0 && st < 600)
        status_count[st]++;
    else
        errs_other++;
}

/* A command connection's answer is complete. */
static void on_answer(game *g, int status, const char *body)
{
    int64_t t = now_us();
    switch (g->gs) {
    case G_CREATING:
        count_status(status);
        if (status != 201 || json_get(body, "id", g->id, sizeof g->id) < 0 ||
            json_get(body, "secret", g->secret[0], sizeof g->secret[0]) < 0 ||
            json_get(body, "invite", g->invite, sizeof g->invite) < 0) {
            if (opt_verbose || status != 429)
                note("create: %d %.200s", status, body);
            g->gs = G_WAIT;
            g->wake_us = t + 200000;
            return;
        }
        tables_made++;
        send_join(g);
        return;
    case G_JOINING:
        count_status(status);
        if (status != 200 ||
            json_get(body, "secret", g->secret[1], sizeof g->secret[1]) < 0) {
            note("join %s: %d %.200s", g->id, status, body);
            g->gs = G_DEAD;
            return;
        }
        g->version = json_int(body, "version", 0);
        sample_add(&lat_setup, t - g->sent_us);
        if (!g->play) {
            g->gs = G_SET;
            conn_close(&g->cmd);
            return;
        }
        if (mg_state_new(&g->st, g_game) != 0)
            die("mg_state_new failed");
        if (phase >= 2)
            game_streams(g);
        else
            g->gs = G_SET;
        return;
    case G_SENT:
        count_status(status);
        if (status == 200) {
            long long v = json_int(body, "version", -1);
            if (v != g->version + 1 && opt_verbose)
                note("table %s: answer version %lld, expected %lld", g->id, v,
                     g->version + 1);
            if (phase == 3 && t <= play_end_us)
                moves_ok++;
            sample_add(&lat_cmd, t - g->sent_us);
            if (mg_state_apply(g->st, g->action) != 0)
                die("local state refused an acknowledged move");
            g->version = v > 0 ? v : g->version + 1;
            if (mg_state_is_terminal(g->st)) {
                games_finished++;
                g->games_done++;
                if (phase == 3) {
                    /* a moment for the last event, then a new table */
                    g->gs = G_END;
                    g->wake_us = t + 100000;
                } else
                    g->gs = G_DONE;
                return;
            }
            g->gs = G_READY;
            if (phase == 3)
                rq_push(g);
            return;
        }
        if (status == 429 || status == 503 || status == 0) {
            g->gs = G_WAIT; /* the same action and cmd_id again */
            g->retry = 1;
            g->wake_us = t + (status == 429 ? 100000 : 20000);
            return;
        }
        note("table %s move %ld: %d %.200s", g->id, (long)g->action, status,
             body);
        /* a 409/422 means our picture is wrong: start a new table */
        game_reset(g);
        if (phase == 3)
            send_create(g);
        return;
    default:
        return;
    }
}

/* An event (with an id) on a stream. */
static void on_event(conn *c, long long id)
{
    game *g;
    int slot;
    if (id > c->last_id)
        c->last_id = id;
    c->events++;
    if (c->seat < 0 || c->slot < 0)
        return;
    g = &games[c->slot];
    if (g->gs == G_STREAMS && g->seat[0].last_id >= g->version &&
        g->seat[1].last_id >= g->version) {
        g->gs = G_READY;
        if (phase == 3)
            rq_push(g);
    }
    slot = (int)(id % RING);
    if (g->ring_v[slot] == id) {
        if (g->ring_seat[slot] != c->seat) {
            if (phase >= 3)
                sample_add(&lat_event, now_us() - g->ring_t[slot]);
            g->ring_v[slot] = 0;
        }
    }
}

static void sse_line(conn *c, char *line, size_t n)
{
    if (n && line[n - 1] == '\r')
        line[--n] = 0;
    if (n == 0) {
        if (c->ev_id >= 0)
            on_event(c, c->ev_id);
        c->ev_id = -1;
        return;
    }
    if (n > 3 && !strncmp(line, "id:", 3))
        c->ev_id = strtoll(line + 3, NULL, 10);
}

static void sse_feed(conn *c, const char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] == '\n') {
            c->line[c->llen] = 0;
            sse_line(c, c->line, c->llen);
            c->llen = 0;
        } else if (c->llen + 1 < sizeof c->line) {
            c->line[c->llen++] = p[i];
        }
    }
}

static void body_feed(conn *c, const char *p, size_t n)
{
    if (c->kind == K_STREAM) {
        sse_feed(c, p, n);
        return;
    }
    if (c->blen + n + 1 > c->bcap) {
        c->bcap = (c->blen + n + 1) * 2;
        c->body = realloc(c->body, c->bcap);
        if (!c->body)
            die("out of memory");
    }
    memcpy(c->body + c->blen, p, n);
    c->blen += n;
    c->body[c->blen] = 0;
}

static void answer_done(conn *c)
{
    c->inflight = 0;
    c->rs = R_IDLE;
    if (c->kind == K_STREAM)
        c->close_after = 1; /* a stream refused */
    if (c->kind == K_CMD && c->slot >= 0) {
        if (!c->body) {
            c->body = malloc(1);
            c->body[0] = 0;
        }
        on_answer(&games[c->slot], c->status, c->body);
    }
}

/* The headers of an answer: status, framing. */
static void on_headers(conn *c, char *h)
{
    char *line, *save = NULL;
    int chunked = 0;
    long long clen = -1;
    c->close_after = 0;
    c->status = 0;
    line = strtok_r(h, "\r\n", &save);
    if (line && !strncmp(line, "HTTP/1.", 7))
        c->status = atoi(line + 9);
    while ((line = strtok_r(NULL, "\r\n", &save))) {
        if (!strncasecmp(line, "content-length:", 15))
            clen = strtoll(line + 15, NULL, 10);
        else if (!strncasecmp(line, "transfer-encoding:", 18) &&
                 strstr(line, "hunked"))
            chunked = 1;
        else if (!strncasecmp(line, "connection:", 11) &&
                 strstr(line + 11, "lose"))
            c->close_after = 1;
    }
    c->blen = 0;
    if (c->kind == K_STREAM) {
        if (c->status == 200) {
            c->open = 1;
            if (c->seat < 0) {
                spect_open++;
            }
        } else {
            count_status(c->status);
            if (c->seat < 0)
                spect_failed++;
            else
                note("seat stream %s: status %d", c->path, c->status);
        }
    }
    if (chunked)
        c->rs = R_CHUNK_SIZE;
    else if (clen >= 0) {
        c->rs = R_CL;
        c->left = clen;
    } else
        c->rs = R_EOF;
}

/* Parse what is in c->r; returns -1 when the connection is to close. */
static int conn_parse(conn *c)
{
    size_t off = 0;
    for (;;) {
        char *p = c->r + off;
        size_t n = c->rlen - off;
        if (c->rs == R_IDLE) {
            if (n)
                errs_other++; /* unexpected bytes */
            off = c->rlen;
            break;
        }
        if (c->rs == R_HDR) {
            char *e = NULL;
            size_t i;
            for (i = 3; i < n + 0 && n >= 4; i++)
                if (p[i] == '\n' && p[i - 1] == '\r' && p[i - 2] == '\n' &&
                    p[i - 3] == '\r') {
                    e = p + i + 1;
                    break;
                }
            if (!e)
                break;
            e[-1] = 0;
            on_headers(c, p);
            off += (size_t)(e - p);
            if (c->rs == R_CL && c->left == 0) {
                answer_done(c);
                if (c->fd < 0)
                    return 1;
                if (c->close_after)
                    return -1;
            }
            continue;
        }
        if (c->rs == R_CL) {
            size_t k = (size_t)c->left < n ? (size_t)c->left : n;
            body_feed(c, p, k);
            off += k;
            c->left -= (long long)k;
            if (c->left == 0) {
                answer_done(c);
                if (c->fd < 0)
                    return 1;
                if (c->close_after)
                    return -1;
                continue;
            }
            break;
        }
        if (c->rs == R_EOF) {
            body_feed(c, p, n);
            off += n;
            break;
        }
        if (c->rs == R_CHUNK_SIZE) {
            char *nl = memchr(p, '\n', n);
            if (!nl)
                break;
            c->left = strtoll(p, NULL, 16);
            off += (size_t)(nl - p) + 1;
            if (c->left == 0) {
                /* the last chunk: skip the trailer's empty line */
                c->rs = R_CHUNK_CRLF;
                c->left = -1;
                continue;
            }
            c->rs = R_CHUNK_DATA;
            continue;
        }
        if (c->rs == R_CHUNK_DATA) {
            size_t k = (size_t)c->left < n ? (size_t)c->left : n;
            if (!n)
                break;
            body_feed(c, p, k);
            off += k;
            c->left -= (long long)k;
            if (c->left == 0) {
                c->rs = R_CHUNK_CRLF;
                c->left = 0;
            }
            continue;
        }
        if (c->rs == R_CHUNK_CRLF) {
            char *nl = memchr(p, '\n', n);
            if (!nl)
                break;
            off += (size_t)(nl - p) + 1;
            if (c->left == -1) { /* after the last chunk */
                answer_done(c);
                if (c->fd < 0)
                    return 1;
                if (c->close_after)
                    return -1;
                continue;
            }
            c->rs = R_CHUNK_SIZE;
            continue;
        }
        break;
    }
    if (off) {
        memmove(c->r, c->r + off, c->rlen - off);
        c->rlen -= off;
    }
    return 0;
}

static void conn_broken(conn *c, int eof)
{
    int was_inflight = c->inflight && c->kind == K_CMD;
    int was_stream_open = c->kind == K_STREAM && c->open;
    if (!eof)
        n_conn_errors++;
    conn_close(c);
    if (was_inflight) {
        game *g = &games[c->slot];
        n_conn_errors++;
        c->inflight = 0;
        on_answer(g, 0, "");
    }
    if (c->kind == K_STREAM) {
        if (c->seat < 0) {
            if (was_stream_open) {
                spect_open--;
                spect_closed++;
            } else
                spect_failed++;
        } else if (phase <= 3 && c->slot >= 0 &&
                   games[c->slot].gs != G_NEW && games[c->slot].id[0]) {
            /* a seat stream: reopen after what we have */
            game *g = &games[c->slot];
            if (opt_verbose)
                note("seat stream of %s closed; reopening", g->id);
            stream_open(c, g->id, g->secret[c->seat], c->last_id);
        }
    }
}

static void conn_event(conn *c, uint32_t evs)
{
    if (c->state == C_CONNECTING && (evs & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
        int err = 0;
        socklen_t l = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &l);
        if (err) {
            if (opt_verbose)
                note("connect: %s", strerror(err));
            conn_broken(c, 0);
            return;
        }
        c->state = C_OPEN;
        if (conn_flush(c) < 0) {
            conn_broken(c, 0);
            return;
        }
    } else if (evs & EPOLLOUT) {
        if (conn_flush(c) < 0) {
            conn_broken(c, 0);
            return;
        }
    }
    if (evs & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR)) {
        for (;;) {
            ssize_t k;
            if (c->rcap - c->rlen < 4096) {
                c->rcap = c->rcap ? c->rcap * 2 : 8192;
                c->r = realloc(c->r, c->rcap);
                if (!c->r)
                    die("out of memory");
            }
            k = recv(c->fd, c->r + c->rlen, c->rcap - c->rlen - 1, 0);
            if (k > 0) {
                c->rlen += (size_t)k;
                c->r[c->rlen] = 0;
                if (conn_parse(c) < 0) {
                    conn_close(c);
                    return;
                }
                if (c->fd < 0)
                    return;
                continue;
            }
            if (k == 0) {
                if (c->rs == R_EOF && c->kind == K_CMD)
                    answer_done(c);
                conn_broken(c, 1);
                return;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                break;
            if (errno == EINTR)
                continue;
            conn_broken(c, 0);
            return;
        }
    }
}

/* ------------------------------------------------------------- main */

static void usage(void)
{
    printf("usage: mg-load [--host 127.0.0.1] [--port P] [--streams N] "
           "[--games M]\n"
           "               [--tables K] [--rate R] [--seconds S] "
           "[--spec SPEC] [--pid SERVER_PID]\n"
           "               [--connecting C] [--verbose]\n"
           "Load a local mg-server: N spectator event streams over K idle "
           "tables, M games\nplayed at R moves/s in total (0: flat out) for "
           "S seconds.  Loopback only.\n");
}

static void raise_nofile(long need)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return;
    if ((long)rl.rlim_cur >= need)
        return;
    if (rl.rlim_max != RLIM_INFINITY && (long)rl.rlim_max < need) {
        struct rlimit r2 = rl;
        r2.rlim_max = (rlim_t)need;
        r2.rlim_cur = (rlim_t)need;
        if (setrlimit(RLIMIT_NOFILE, &r2) == 0) {
            note("raised RLIMIT_NOFILE (soft and hard) to %ld", need);
            return;
        }
        note("cannot raise the hard RLIMIT_NOFILE to %ld (%s); using %ld",
             need, strerror(errno), (long)rl.rlim_max);
        rl.rlim_cur = rl.rlim_max;
    } else
        rl.rlim_cur = (rlim_t)need;
    if (setrlimit(RLIMIT_NOFILE, &rl) == 0)
        note("raised RLIMIT_NOFILE to %ld", (long)rl.rlim_cur);
}

int main(int argc, char **argv)
{
    int i;
    long k, tables_for_streams, setup_pending;
    long rss0 = -1, rss1 = -1, rss2 = -1, rss3 = -1, rss4 = -1;
    long long cpu0 = -1, cpu1 = -1;
    int64_t next_slot = 0, t_start, spect_start_us = 0, spect_done_us = 0;
    struct epoll_event evs[512];
    char err[256];
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);

    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        }
        if (!strcmp(a, "--verbose")) {
            opt_verbose = 1;
            continue;
        }
        if (!v)
            die("%s needs a value (--help)", a);
        i++;
        if (!strcmp(a, "--host"))
            snprintf(opt_host, sizeof opt_host, "%s", v);
        else if (!strcmp(a, "--port"))
            opt_port = atoi(v);
        else if (!strcmp(a, "--streams"))
            opt_streams = atol(v);
        else if (!strcmp(a, "--games"))
            opt_games = atol(v);
        else if (!strcmp(a, "--tables"))
            opt_tables = atol(v);
        else if (!strcmp(a, "--rate"))
            opt_rate = atof(v);
        else if (!strcmp(a, "--seconds"))
            opt_seconds = atof(v);
        else if (!strcmp(a, "--spec"))
            snprintf(opt_spec, sizeof opt_spec, "%s", v);
        else if (!strcmp(a, "--pid"))
            opt_pid = atol(v);
        else if (!strcmp(a, "--connecting"))
            opt_connecting = atol(v);
        else if (!strcmp(a, "--seed"))
            seed = strtoull(v, NULL, 10);
        else
            die("unknown option %s (--help)", a);
    }
    memset(&srv_addr, 0, sizeof srv_addr);
    srv_addr.sin_family = AF_INET;
    srv_addr.sin_port = htons((uint16_t)opt_port);
    if (inet_pton(AF_INET, opt_host, &srv_addr.sin_addr) != 1)
        die("--host must be a numeric IPv4 loopback address (127.x.x.x), "
            "not '%s'", opt_host);
    if ((ntohl(srv_addr.sin_addr.s_addr) >> 24) != 127)
        die("refusing %s: mg-load only loads a server on the loopback "
            "network 127.0.0.0/8", opt_host);
    if (opt_port <= 0 || opt_port > 65535 || opt_streams < 0 ||
        opt_games < 0 || opt_rate < 0 || opt_seconds < 0 ||
        opt_connecting < 1)
        die("bad option values (--help)");
    snprintf(hostport, sizeof hostport, "%s:%d", opt_host, opt_port);
    if (mg_game_new(&g_game, opt_spec, err, sizeof err) != 0)
        die("--spec %s: %s", opt_spec, err);
    legal_cap = (size_t)mg_game_max_legal_actions(g_game);
    legal_buf = malloc(legal_cap * sizeof *legal_buf);
    signal(SIGPIPE, SIG_IGN);

    tables_for_streams = opt_tables;
    if (tables_for_streams < 0)
        tables_for_streams = opt_games > 0 ? 0 : (opt_streams + 99) / 100;
    if (opt_streams > 0 && opt_games == 0 && tables_for_streams == 0)
        tables_for_streams = 1;
    ngames = tables_for_streams + opt_games;
    raise_nofile(opt_streams + 3 * opt_games + tables_for_streams + 64);

    ep = epoll_create1(0);
    if (ep < 0)
        die("epoll_create1: %s", strerror(errno));
    games = calloc((size_t)(ngames ? ngames : 1), sizeof *games);
    rq = calloc((size_t)(ngames ? ngames : 1), sizeof *rq);
    spect = calloc((size_t)(opt_streams ? opt_streams : 1), sizeof *spect);
    if (!games || !rq || !spect)
        die("out of memory");
    for (k = 0; k < ngames; k++) {
        game *g = &games[k];
        g->index = k;
        g->play = k >= tables_for_streams;
        g->cmd.fd = g->seat[0].fd = g->seat[1].fd = -1;
        g->cmd.kind = K_CMD;
        g->cmd.slot = k;
        g->cmd.seat = -1;
        g->seat[0].slot = g->seat[1].slot = k;
        g->rng = seed + 0x9e3779b97f4a7c15ULL * (uint64_t)(k + 1);
        if (!g->rng)
            g->rng = 1;
    }
    for (k = 0; k < opt_streams; k++) {
        spect[k].fd = -1;
        spect[k].slot = -1;
        spect[k].seat = -1;
        spect[k].kind = K_STREAM;
    }

    rss0 = proc_rss_kb();
    t_start = now_us();
    note("%s: setting up %ld tables for streams and %ld games (%s)",
         hostport, tables_for_streams, opt_games, opt_spec);
    /* phase 0: create the tables, 64 at a time */
    setup_pending = 1;
    for (;;) {
        int n, j;
        long active = 0, done = 0;
        int64_t t = now_us(), timeout_us = 100000;

        /* drive the phases */
        if (phase == 0) {
            for (k = 0; k < ngames; k++) {
                game *g = &games[k];
                if (g->gs == G_CREATING || g->gs == G_JOINING)
                    active++;
                else if (g->gs == G_SET || g->gs == G_DEAD)
                    done++;
            }
            for (k = 0; k < ngames && active < 64; k++) {
                game *g = &games[k];
                if (g->gs == G_NEW ||
                    (g->gs == G_WAIT && t >= g->wake_us)) {
                    send_create(g);
                    active++;
                }
            }
            if (done == ngames) {
                rss1 = proc_rss_kb();
                note("%ld tables made in %.2f s", ngames,
                     (now_us() - t_start) / 1e6);
                phase = 1;
                spect_start_us = now_us();
            }
            if (t - t_start > 120000000)
                die("setup did not finish in 120 s");
        }
        if (phase == 1) {
            long connecting = spect_started - spect_open - spect_failed -
                              spect_closed;
            long base = tables_for_streams > 0 ? 0 : tables_for_streams;
            long ntab = tables_for_streams > 0 ? tables_for_streams : ngames;
            while (spect_started < opt_streams && connecting < opt_connecting &&
                   ntab > 0) {
                game *g = &games[base + spect_started % ntab];
                conn *c = &spect[spect_started];
                c->last_id = -1;
                stream_open(c, g->id, NULL, -1);
                spect_started++;
                connecting++;
            }
            if (spect_started == opt_streams && connecting == 0) {
                spect_done_us = now_us();
                nspect = spect_started;
                if (opt_streams)
                    note("%ld streams open (%ld failed) in %.2f s", spect_open,
                         spect_failed,
                         (spect_done_us - spect_start_us) / 1e6);
                /* let the server settle before reading its memory */
                if (opt_streams) {
                    usleep(500000);
                }
                rss2 = proc_rss_kb();
                phase = 2;
                for (k = 0; k < ngames; k++)
                    if (games[k].play && games[k].gs == G_SET)
                        game_streams(&games[k]);
            }
        }
        if (phase == 2) {
            long ready = 0, playing = 0;
            for (k = 0; k < ngames; k++)
                if (games[k].play) {
                    playing++;
                    if (games[k].gs == G_READY || games[k].gs == G_DEAD)
                        ready++;
                }
            if (ready == playing) {
                rss3 = proc_rss_kb();
                phase = 3;
                play_start_us = now_us();
                play_end_us = play_start_us + (int64_t)(opt_seconds * 1e6);
                next_slot = play_start_us;
                cpu0 = proc_cpu_ticks();
                moves_ok = 0;
                for (k = 0; k < ngames; k++)
                    if (games[k].play && games[k].gs == G_READY)
                        rq_push(&games[k]);
                note("playing %ld games for %.1f s at %s", playing,
                     opt_seconds, opt_rate > 0 ? "a set rate" : "full speed");
            }
        }
        if (phase == 3) {
            t = now_us();
            if (t >= play_end_us) {
                cpu1 = proc_cpu_ticks();
                phase = 4;
                play_end_us = t;
            } else {
                for (k = 0; k < ngames; k++) {
                    game *g = &games[k];
                    if (g->gs == G_END && t >= g->wake_us) {
                        game_reset(g);
                        send_create(g);
                        continue;
                    }
                    if (g->gs == G_WAIT && t >= g->wake_us) {
                        if (g->st && g->id[0])
                            rq_push(g);
                        else
                            send_create(g);
                        g->gs = g->st && g->id[0] ? G_READY : g->gs;
                    }
                }
                if (opt_rate > 0 && next_slot < t - 100000)
                    next_slot = t - 100000; /* no catching up beyond 0.1 s */
                while (rq_len && (opt_rate <= 0 || next_slot <= t)) {
                    game *g = &games[rq[rq_head]];
                    rq_head = (rq_head + 1) % ngames;
                    rq_len--;
                    g->queued = 0;
                    if (g->gs != G_READY)
                        continue;
                    send_move(g);
                    if (opt_rate > 0)
                        next_slot += (int64_t)(1e6 / opt_rate);
                }
                if (rq_len && opt_rate > 0)
                    timeout_us = next_slot - t;
                if (play_end_us - t < timeout_us)
                    timeout_us = play_end_us - t;
                for (k = 0; k < ngames; k++)
                    if ((games[k].gs == G_WAIT || games[k].gs == G_END) &&
                        games[k].wake_us - t < timeout_us)
                        timeout_us = games[k].wake_us - t;
            }
        }
        if (phase == 4) {
            long inflight = 0;
            for (k = 0; k < ngames; k++)
                if (games[k].gs == G_SENT || games[k].gs == G_CREATING ||
                    games[k].gs == G_JOINING)
                    inflight++;
            if (inflight == 0 || now_us() - play_end_us > 3000000)
                break;
        }
        (void)setup_pending;
        if (timeout_us < 0)
            timeout_us = 0;
        n = epoll_wait(ep, evs, 512, (int)((timeout_us + 999) / 1000));
        if (n < 0 && errno != EINTR)
            die("epoll_wait: %s", strerror(errno));
        for (j = 0; j < n; j++)
            conn_event((conn *)evs[j].data.ptr, evs[j].events);
    }
    /* a moment for the last events to arrive */
    {
        int64_t until = now_us() + 300000;
        while (now_us() < until) {
            int j, n = epoll_wait(ep, evs, 512, 50);
            for (j = 0; j < n; j++)
                conn_event((conn *)evs[j].data.ptr, evs[j].events);
        }
    }
    rss4 = proc_rss_kb();

    qsort(lat_event.v, lat_event.n, sizeof *lat_event.v, cmp_u32);
    qsort(lat_cmd.v, lat_cmd.n, sizeof *lat_cmd.v, cmp_u32);
    qsort(lat_setup.v, lat_setup.n, sizeof *lat_setup.v, cmp_u32);
    {
        double secs = (play_end_us - play_start_us) / 1e6;
        long long errs = 0;
        int s;
        long ticks = sysconf(_SC_CLK_TCK);
        lat_missing = (long long)lat_cmd.n - (long long)lat_event.n;
        printf("mg-load %s spec=%s streams=%ld tables=%ld games=%ld "
               "rate=%g seconds=%g\n", hostport, opt_spec, opt_streams,
               tables_for_streams, opt_games, opt_rate, opt_seconds);
        printf("  moves acknowledged  %lld in %.2f s = %.1f moves/s "
               "(%lld sent, %lld games finished, %lld tables made)\n",
               moves_ok, secs, secs > 0 ? moves_ok / secs : 0.0, moves_sent,
               games_finished, tables_made);
        printf("  command latency ms  p50 %.2f  p90 %.2f  p99 %.2f  max %.2f"
               "  (n=%zu)\n", pct(&lat_cmd, .5), pct(&lat_cmd, .9),
               pct(&lat_cmd, .99), pct(&lat_cmd, 1), lat_cmd.n);
        printf("  event latency ms    p50 %.2f  p90 %.2f  p99 %.2f  max %.2f"
               "  (n=%zu; send -> other seat's stream)\n", pct(&lat_event, .5),
               pct(&lat_event, .9), pct(&lat_event, .99), pct(&lat_event, 1),
               lat_event.n);
        printf("  table setup ms      p50 %.2f  p99 %.2f (create+join, n=%zu)\n",
               pct(&lat_setup, .5), pct(&lat_setup, .99), lat_setup.n);
        if (opt_streams)
            printf("  spectator streams   %ld opened, %ld failed, %ld closed by "
                   "the server, %ld open at the end\n",
                   spect_open + spect_closed, spect_failed, spect_closed,
                   spect_open);
        printf("  answers by status  ");
        for (s = 0; s < 600; s++)
            if (status_count[s]) {
                printf(" %d:%lld", s, status_count[s]);
                if (s >= 400 || s == 0)
                    errs += status_count[s];
            }
        printf("  connection errors: %lld\n", n_conn_errors);
        if (opt_pid > 0) {
            printf("  server VmRSS kB     start %ld, tables %ld, streams %ld, "
                   "play %ld, end %ld\n", rss0, rss1, rss2, rss3, rss4);
            if (cpu0 >= 0 && cpu1 >= 0 && moves_ok)
                printf("  server CPU          %.2f s for %lld moves = %.1f us "
                       "per move\n", (double)(cpu1 - cpu0) / ticks, moves_ok,
                       (double)(cpu1 - cpu0) / ticks * 1e6 / moves_ok);
        }
        printf("RESULT moves_per_s %.1f\n", secs > 0 ? moves_ok / secs : 0.0);
        printf("RESULT moves %lld\n", moves_ok);
        printf("RESULT cmd_p50_ms %.2f\nRESULT cmd_p99_ms %.2f\n",
               pct(&lat_cmd, .5), pct(&lat_cmd, .99));
        printf("RESULT ev_p50_ms %.2f\nRESULT ev_p90_ms %.2f\n"
               "RESULT ev_p99_ms %.2f\nRESULT ev_max_ms %.2f\n",
               pct(&lat_event, .5), pct(&lat_event, .9), pct(&lat_event, .99),
               pct(&lat_event, 1));
        printf("RESULT ev_samples %zu\n", lat_event.n);
        printf("RESULT errors %lld\nRESULT conn_errors %lld\n", errs,
               n_conn_errors);
        printf("RESULT streams_open %ld\nRESULT streams_failed %ld\n",
               spect_open, spect_failed);
        printf("RESULT tables %ld\n", ngames);
        printf("RESULT rss_kb_start %ld\nRESULT rss_kb_tables %ld\n"
               "RESULT rss_kb_streams %ld\nRESULT rss_kb_end %ld\n", rss0,
               rss1, rss2, rss4);
        if (cpu0 >= 0 && cpu1 >= 0)
            printf("RESULT cpu_s %.3f\nRESULT cpu_us_per_move %.1f\n",
                   (double)(cpu1 - cpu0) / ticks,
                   moves_ok ? (double)(cpu1 - cpu0) / ticks * 1e6 / moves_ok
                            : 0.0);
        printf("RESULT table_id %s\n", ngames ? games[0].id : "");
        (void)ev_late_other;
    }
    return 0;
}
