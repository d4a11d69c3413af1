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
 * --ports P1,P2,... loads several processes of one database (make
 * bench-cluster): game k's commands go to the k-th port (mod n), its
 * seats' streams to the next one, so the event latency crosses
 * processes; spectator k's stream goes to the k-th port.
 *
 * Only a 127.x.x.x address is accepted.  RLIMIT_NOFILE is raised to what
 * the run needs (N + 3M + K + slack), which may need root for large N.
 *
 * This file holds the options, the phases, main and the report;
 * load_conn.c the connections (HTTP, SSE, epoll), load_games.c the games,
 * load.h what they share.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include "load.h"

#include <arpa/inet.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* --------------------------------------------------------------- time */

int64_t ml_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void ml_die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mg-load: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(2);
}

void ml_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mg-load: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

/* ------------------------------------------------------------ samples */

void ml_sample_add(samples *s, int64_t us)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 4096;
        s->v = realloc(s->v, s->cap * sizeof *s->v);
        if (!s->v)
            ml_die("out of memory");
    }
    s->v[s->n++] = us < 0 ? 0 : (us > UINT32_MAX ? UINT32_MAX : (uint32_t)us);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* Sort the samples for pct (none: v may be NULL, which qsort must not
 * be given). */
static void samples_sort(samples *s)
{
    if (s->n)
        qsort(s->v, s->n, sizeof *s->v, cmp_u32);
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

/* The server's VmRSS in kB, or -1 (no --pid, or unreadable). */
static long proc_rss_kb(long pid)
{
    char path[64], line[256];
    long kb = -1;
    FILE *f;
    if (pid <= 0)
        return -1;
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    if (!(f = fopen(path, "r")))
        return -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6))
            kb = strtol(line + 6, NULL, 10);
    fclose(f);
    return kb;
}

/* utime + stime of the server, in clock ticks */
static long long proc_cpu_ticks(long pid)
{
    char path[64], buf[2048], *p;
    unsigned long long ut = 0, st = 0;
    size_t n;
    int field;
    FILE *f;
    if (pid <= 0)
        return -1;
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
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

/* ------------------------------------------------------------ options */

static void usage(void)
{
    printf("usage: mg-load [--host 127.0.0.1] [--port P | --ports P1,P2,...] "
           "[--streams N] [--games M]\n"
           "               [--tables K] [--rate R] [--seconds S] "
           "[--spec SPEC] [--pid SERVER_PID]\n"
           "               [--connecting C] [--verbose]\n"
           "Load a local mg-server: N spectator event streams over K idle "
           "tables, M games\nplayed at R moves/s in total (0: flat out) for "
           "S seconds.  Loopback only.\n"
           "--ports: several processes of one database; game k's commands "
           "go to the\nk-th port (mod n), its seats' streams to the next "
           "one: events cross processes.\n");
}

/* Read the command line into o; 1 when --help was asked (and printed). */
static int parse_options(ml_opts *o, int argc, char **argv)
{
    int i;
    memset(o, 0, sizeof *o);
    snprintf(o->host, sizeof o->host, "%s", "127.0.0.1");
    o->port = 8080;
    o->games = 1;
    o->tables = -1;
    o->seconds = 10;
    snprintf(o->spec, sizeof o->spec, "%s", "dots_and_boxes(rows=5,cols=5)");
    o->connecting = 256;
    o->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 1;
        }
        if (!strcmp(a, "--verbose")) {
            o->verbose = 1;
            continue;
        }
        if (!v)
            ml_die("%s needs a value (--help)", a);
        i++;
        if (!strcmp(a, "--host"))
            snprintf(o->host, sizeof o->host, "%s", v);
        else if (!strcmp(a, "--port"))
            o->port = atoi(v);
        else if (!strcmp(a, "--ports")) {
            const char *q = v;
            char *end;
            o->nports = 0;
            while (*q) {
                long p = strtol(q, &end, 10);
                if (end == q || p <= 0 || p > 65535 || o->nports == 8 ||
                    (*end && *end != ','))
                    ml_die("--ports: up to 8 ports, separated by commas");
                o->ports[o->nports++] = (int)p;
                q = *end ? end + 1 : end;
            }
            if (o->nports)
                o->port = o->ports[0];
        } else if (!strcmp(a, "--streams"))
            o->streams = atol(v);
        else if (!strcmp(a, "--games"))
            o->games = atol(v);
        else if (!strcmp(a, "--tables"))
            o->tables = atol(v);
        else if (!strcmp(a, "--rate"))
            o->rate = atof(v);
        else if (!strcmp(a, "--seconds"))
            o->seconds = atof(v);
        else if (!strcmp(a, "--spec"))
            snprintf(o->spec, sizeof o->spec, "%s", v);
        else if (!strcmp(a, "--pid"))
            o->pid = atol(v);
        else if (!strcmp(a, "--connecting"))
            o->connecting = atol(v);
        else if (!strcmp(a, "--seed"))
            o->seed = strtoull(v, NULL, 10);
        else
            ml_die("unknown option %s (--help)", a);
    }
    return 0;
}

/* ------------------------------------------------------------ the run */

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
            ml_note("raised RLIMIT_NOFILE (soft and hard) to %ld", need);
            return;
        }
        ml_note("cannot raise the hard RLIMIT_NOFILE to %ld (%s); using %ld",
                need, strerror(errno), (long)rl.rlim_max);
        rl.rlim_cur = rl.rlim_max;
    } else
        rl.rlim_cur = (rlim_t)need;
    if (setrlimit(RLIMIT_NOFILE, &rl) == 0)
        ml_note("raised RLIMIT_NOFILE to %ld", (long)rl.rlim_cur);
}

static void conn_init(conn *c, ml_run *r, int kind, long slot, int seat)
{
    c->run = r;
    c->fd = -1;
    c->kind = kind;
    c->slot = slot;
    c->seat = seat;
}

/* Check the options and make the run: the server's address, the game,
 * the epoll descriptor, the slots and the spectators' connections. */
static void run_init(ml_run *r, const ml_opts *o)
{
    const ml_opts *opt = &r->opt;
    char err[256];
    long k;
    memset(r, 0, sizeof *r);
    r->opt = *o;
    r->ep = -1;
    r->addr.sin_family = AF_INET;
    r->addr.sin_port = htons((uint16_t)opt->port);
    if (inet_pton(AF_INET, opt->host, &r->addr.sin_addr) != 1)
        ml_die("--host must be a numeric IPv4 loopback address (127.x.x.x), "
            "not '%s'", opt->host);
    if ((ntohl(r->addr.sin_addr.s_addr) >> 24) != 127)
        ml_die("refusing %s: mg-load only loads a server on the loopback "
            "network 127.0.0.0/8", opt->host);
    if (opt->port <= 0 || opt->port > 65535 || opt->streams < 0 ||
        opt->games < 0 || opt->rate < 0 || opt->seconds < 0 ||
        opt->connecting < 1)
        ml_die("bad option values (--help)");
    snprintf(r->hostport, sizeof r->hostport, "%s:%d", opt->host, opt->port);
    if (mg_game_new(&r->game, opt->spec, err, sizeof err) != 0)
        ml_die("--spec %s: %s", opt->spec, err);
    r->legal_cap = (size_t)mg_game_max_legal_actions(r->game);
    r->legal = malloc(r->legal_cap * sizeof *r->legal);

    r->tables_for_streams = opt->tables;
    if (r->tables_for_streams < 0)
        r->tables_for_streams =
            opt->games > 0 ? 0 : (opt->streams + 99) / 100;
    if (opt->streams > 0 && opt->games == 0 && r->tables_for_streams == 0)
        r->tables_for_streams = 1;
    r->ngames = r->tables_for_streams + opt->games;
    raise_nofile(opt->streams + 3 * opt->games + r->tables_for_streams + 64);

    r->ep = epoll_create1(0);
    if (r->ep < 0)
        ml_die("epoll_create1: %s", strerror(errno));
    r->games = calloc((size_t)(r->ngames ? r->ngames : 1), sizeof *r->games);
    r->rq = calloc((size_t)(r->ngames ? r->ngames : 1), sizeof *r->rq);
    r->spect = calloc((size_t)(opt->streams ? opt->streams : 1),
                      sizeof *r->spect);
    if (!r->legal || !r->games || !r->rq || !r->spect)
        ml_die("out of memory");
    for (k = 0; k < r->ngames; k++) {
        game *g = &r->games[k];
        g->index = k;
        g->play = k >= r->tables_for_streams;
        conn_init(&g->cmd, r, K_CMD, k, -1);
        conn_init(&g->seat[0], r, K_STREAM, k, 0);
        conn_init(&g->seat[1], r, K_STREAM, k, 1);
        g->rng = opt->seed + 0x9e3779b97f4a7c15ULL * (uint64_t)(k + 1);
        if (!g->rng)
            g->rng = 1;
    }
    for (k = 0; k < opt->streams; k++)
        conn_init(&r->spect[k], r, K_STREAM, -1, -1);
    if (opt->nports > 0) {
        for (k = 0; k < r->ngames; k++) {
            game *g = &r->games[k];
            g->cmd.port = opt->ports[k % opt->nports];
            g->seat[0].port = g->seat[1].port =
                opt->ports[(k + 1) % opt->nports];
        }
        for (k = 0; k < opt->streams; k++)
            r->spect[k].port = opt->ports[k % opt->nports];
    }
    r->rss_start = r->rss_tables = r->rss_streams = r->rss_play = -1;
    r->rss_end = -1;
    r->cpu_start = r->cpu_end = -1;
}

static void conn_free(conn *c)
{
    if (c->run)
        ml_conn_close(c);
    free(c->w);
    free(c->r);
    free(c->body);
}

/* Close the connections and release what the run owns. */
static void run_free(ml_run *r)
{
    long k;
    for (k = 0; k < r->ngames; k++) {
        game *g = &r->games[k];
        conn_free(&g->cmd);
        conn_free(&g->seat[0]);
        conn_free(&g->seat[1]);
        mg_state_free(g->st);
    }
    for (k = 0; r->spect && k < r->opt.streams; k++)
        conn_free(&r->spect[k]);
    if (r->ep >= 0)
        close(r->ep);
    free(r->games);
    free(r->rq);
    free(r->spect);
    free(r->legal);
    mg_game_free(r->game);
    free(r->lat_event.v);
    free(r->lat_cmd.v);
    free(r->lat_setup.v);
}

/* ---------------------------------------------------------- the phases */

/* P_SETUP: create the tables, 64 at a time; then P_SPECTATORS. */
static void setup_step(ml_run *r, int64_t t)
{
    long k, active = 0, done = 0;
    for (k = 0; k < r->ngames; k++) {
        game *g = &r->games[k];
        if (g->gs == G_CREATING || g->gs == G_JOINING)
            active++;
        else if (g->gs == G_SET || g->gs == G_DEAD)
            done++;
    }
    for (k = 0; k < r->ngames && active < 64; k++) {
        game *g = &r->games[k];
        if (g->gs == G_NEW || (g->gs == G_WAIT && t >= g->wake_us)) {
            ml_send_create(r, g);
            active++;
        }
    }
    if (done == r->ngames) {
        r->rss_tables = proc_rss_kb(r->opt.pid);
        ml_note("%ld tables made in %.2f s", r->ngames,
                (ml_now_us() - r->setup_start_us) / 1e6);
        r->phase = P_SPECTATORS;
        r->spect_start_us = ml_now_us();
    }
    if (t - r->setup_start_us > 120000000)
        ml_die("setup did not finish in 120 s");
}

/* P_SPECTATORS: open the spectator streams, --connecting at a time, spread
 * over the idle tables (over the game tables when there are none); then
 * P_SEAT_STREAMS. */
static void spectators_step(ml_run *r)
{
    const ml_opts *opt = &r->opt;
    long k;
    long connecting = r->spect_started - r->spect_open - r->spect_failed -
                      r->spect_closed;
    long ntab = r->tables_for_streams > 0 ? r->tables_for_streams : r->ngames;
    while (r->spect_started < opt->streams && connecting < opt->connecting &&
           ntab > 0) {
        game *g = &r->games[r->spect_started % ntab];
        conn *c = &r->spect[r->spect_started];
        c->last_id = -1;
        ml_stream_open(c, g->id, NULL, -1);
        r->spect_started++;
        connecting++;
    }
    if (r->spect_started == opt->streams && connecting == 0) {
        if (opt->streams)
            ml_note("%ld streams open (%ld failed) in %.2f s",
                    r->spect_open, r->spect_failed,
                    (ml_now_us() - r->spect_start_us) / 1e6);
        /* let the server settle before reading its memory */
        if (opt->streams)
            usleep(500000);
        r->rss_streams = proc_rss_kb(opt->pid);
        r->phase = P_SEAT_STREAMS;
        for (k = 0; k < r->ngames; k++)
            if (r->games[k].play && r->games[k].gs == G_SET)
                ml_game_streams(&r->games[k]);
    }
}

/* P_SEAT_STREAMS: when every game's seat streams are open, P_PLAY. */
static void seat_streams_step(ml_run *r)
{
    long k, ready = 0, playing = 0;
    for (k = 0; k < r->ngames; k++)
        if (r->games[k].play) {
            playing++;
            if (r->games[k].gs == G_READY || r->games[k].gs == G_DEAD)
                ready++;
        }
    if (ready != playing)
        return;
    r->rss_play = proc_rss_kb(r->opt.pid);
    r->phase = P_PLAY;
    r->play_start_us = ml_now_us();
    r->play_end_us = r->play_start_us + (int64_t)(r->opt.seconds * 1e6);
    r->next_slot_us = r->play_start_us;
    r->cpu_start = proc_cpu_ticks(r->opt.pid);
    r->moves_ok = 0;
    for (k = 0; k < r->ngames; k++)
        if (r->games[k].play && r->games[k].gs == G_READY)
            ml_rq_push(r, &r->games[k]);
    ml_note("playing %ld games for %.1f s at %s", playing, r->opt.seconds,
            r->opt.rate > 0 ? "a set rate" : "full speed");
}

/* P_PLAY: new tables for ended games, retries, the moves of the ready
 * queue (at --rate); then P_DRAIN.  Returns how long epoll may wait. */
static int64_t play_step(ml_run *r, int64_t timeout_us)
{
    double rate = r->opt.rate;
    int64_t t = ml_now_us();
    long k;
    if (t >= r->play_end_us) {
        r->cpu_end = proc_cpu_ticks(r->opt.pid);
        r->phase = P_DRAIN;
        r->play_end_us = t;
        return timeout_us;
    }
    for (k = 0; k < r->ngames; k++) {
        game *g = &r->games[k];
        int s;
        for (s = 0; s < 2; s++) {
            conn *c = &g->seat[s];
            if (c->reopen && t >= c->reopen_us) {
                c->reopen = 0;
                if (g->id[0] && g->gs != G_NEW)
                    ml_stream_open(c, g->id, g->secret[s], c->last_id);
            }
        }
        if (g->gs == G_END && t >= g->wake_us) {
            ml_game_reset(g);
            ml_send_create(r, g);
            continue;
        }
        if (g->gs == G_WAIT && t >= g->wake_us) {
            if (g->st && g->id[0])
                ml_rq_push(r, g);
            else
                ml_send_create(r, g);
            g->gs = g->st && g->id[0] ? G_READY : g->gs;
        }
    }
    if (rate > 0 && r->next_slot_us < t - 100000)
        r->next_slot_us = t - 100000; /* no catching up beyond 0.1 s */
    while (r->rq_len && (rate <= 0 || r->next_slot_us <= t)) {
        game *g = &r->games[r->rq[r->rq_head]];
        r->rq_head = (r->rq_head + 1) % r->ngames;
        r->rq_len--;
        g->queued = 0;
        if (g->gs != G_READY)
            continue;
        ml_send_move(r, g);
        if (rate > 0)
            r->next_slot_us += (int64_t)(1e6 / rate);
    }
    if (r->rq_len && rate > 0)
        timeout_us = r->next_slot_us - t;
    if (r->play_end_us - t < timeout_us)
        timeout_us = r->play_end_us - t;
    for (k = 0; k < r->ngames; k++) {
        const game *g = &r->games[k];
        int s;
        if ((g->gs == G_WAIT || g->gs == G_END) && g->wake_us - t < timeout_us)
            timeout_us = g->wake_us - t;
        for (s = 0; s < 2; s++)
            if (g->seat[s].reopen && g->seat[s].reopen_us - t < timeout_us)
                timeout_us = g->seat[s].reopen_us - t;
    }
    return timeout_us;
}

/* P_DRAIN: 1 when no answer is awaited any more (or after 3 s). */
static int drain_done(const ml_run *r)
{
    long k, inflight = 0;
    for (k = 0; k < r->ngames; k++)
        if (r->games[k].gs == G_SENT || r->games[k].gs == G_CREATING ||
            r->games[k].gs == G_JOINING)
            inflight++;
    return inflight == 0 || ml_now_us() - r->play_end_us > 3000000;
}

/* Drive the phases and the connections' events to the end of P_DRAIN. */
static void run_phases(ml_run *r)
{
    struct epoll_event evs[512];
    r->rss_start = proc_rss_kb(r->opt.pid);
    r->setup_start_us = ml_now_us();
    ml_note("%s: setting up %ld tables for streams and %ld games (%s)",
            r->hostport, r->tables_for_streams, r->opt.games, r->opt.spec);
    for (;;) {
        int n, j;
        int64_t timeout_us = 100000;
        if (r->phase == P_SETUP)
            setup_step(r, ml_now_us());
        if (r->phase == P_SPECTATORS)
            spectators_step(r);
        if (r->phase == P_SEAT_STREAMS)
            seat_streams_step(r);
        if (r->phase == P_PLAY)
            timeout_us = play_step(r, timeout_us);
        if (r->phase == P_DRAIN && drain_done(r))
            break;
        if (timeout_us < 0)
            timeout_us = 0;
        n = epoll_wait(r->ep, evs, 512, (int)((timeout_us + 999) / 1000));
        if (n < 0 && errno != EINTR)
            ml_die("epoll_wait: %s", strerror(errno));
        for (j = 0; j < n; j++)
            ml_conn_event((conn *)evs[j].data.ptr, evs[j].events);
    }
    /* a moment for the last events to arrive */
    {
        int64_t until = ml_now_us() + 300000;
        while (ml_now_us() < until) {
            int j, n = epoll_wait(r->ep, evs, 512, 50);
            for (j = 0; j < n; j++)
                ml_conn_event((conn *)evs[j].data.ptr, evs[j].events);
        }
    }
    r->rss_end = proc_rss_kb(r->opt.pid);
}

/* ------------------------------------------------------------ the report */

static void report(ml_run *r)
{
    const ml_opts *opt = &r->opt;
    double secs = (r->play_end_us - r->play_start_us) / 1e6;
    double cpu_s;
    long long errs = 0, moves = r->moves_ok;
    long ticks = sysconf(_SC_CLK_TCK);
    int s;
    samples *ev = &r->lat_event, *cmd = &r->lat_cmd, *setup = &r->lat_setup;

    samples_sort(ev);
    samples_sort(cmd);
    samples_sort(setup);
    cpu_s = (double)(r->cpu_end - r->cpu_start) / ticks;
    printf("mg-load %s spec=%s streams=%ld tables=%ld games=%ld "
           "rate=%g seconds=%g\n", r->hostport, opt->spec, opt->streams,
           r->tables_for_streams, opt->games, opt->rate, opt->seconds);
    printf("  moves acknowledged  %lld in %.2f s = %.1f moves/s "
           "(%lld sent, %lld games finished, %lld tables made)\n",
           moves, secs, secs > 0 ? moves / secs : 0.0, r->moves_sent,
           r->games_finished, r->tables_made);
    printf("  command latency ms  p50 %.2f  p90 %.2f  p99 %.2f  max %.2f"
           "  (n=%zu)\n", pct(cmd, .5), pct(cmd, .9), pct(cmd, .99),
           pct(cmd, 1), cmd->n);
    printf("  event latency ms    p50 %.2f  p90 %.2f  p99 %.2f  max %.2f"
           "  (n=%zu; send -> other seat's stream)\n", pct(ev, .5),
           pct(ev, .9), pct(ev, .99), pct(ev, 1), ev->n);
    printf("  table setup ms      p50 %.2f  p99 %.2f (create+join, n=%zu)\n",
           pct(setup, .5), pct(setup, .99), setup->n);
    if (opt->streams)
        printf("  spectator streams   %ld opened, %ld failed, %ld closed by "
               "the server, %ld open at the end\n",
               r->spect_open + r->spect_closed, r->spect_failed,
               r->spect_closed, r->spect_open);
    printf("  answers by status  ");
    for (s = 0; s < 600; s++)
        if (r->status_count[s]) {
            printf(" %d:%lld", s, r->status_count[s]);
            if (s >= 400 || s == 0)
                errs += r->status_count[s];
        }
    printf("  connection errors: %lld, other (odd statuses, unexpected "
           "bytes): %lld\n", r->conn_errors, r->errs_other);
    if (opt->pid > 0) {
        printf("  server VmRSS kB     start %ld, tables %ld, streams %ld, "
               "play %ld, end %ld\n", r->rss_start, r->rss_tables,
               r->rss_streams, r->rss_play, r->rss_end);
        if (r->cpu_start >= 0 && r->cpu_end >= 0 && moves)
            printf("  server CPU          %.2f s for %lld moves = %.1f us "
                   "per move\n", cpu_s, moves, cpu_s * 1e6 / moves);
    }
    printf("RESULT moves_per_s %.1f\n", secs > 0 ? moves / secs : 0.0);
    printf("RESULT moves %lld\n", moves);
    printf("RESULT cmd_p50_ms %.2f\nRESULT cmd_p99_ms %.2f\n",
           pct(cmd, .5), pct(cmd, .99));
    printf("RESULT ev_p50_ms %.2f\nRESULT ev_p90_ms %.2f\n"
           "RESULT ev_p99_ms %.2f\nRESULT ev_max_ms %.2f\n",
           pct(ev, .5), pct(ev, .9), pct(ev, .99), pct(ev, 1));
    printf("RESULT ev_samples %zu\n", ev->n);
    printf("RESULT errors %lld\nRESULT conn_errors %lld\n", errs,
           r->conn_errors);
    printf("RESULT other_errors %lld\n", r->errs_other);
    printf("RESULT streams_open %ld\nRESULT streams_failed %ld\n",
           r->spect_open, r->spect_failed);
    printf("RESULT tables %ld\n", r->ngames);
    printf("RESULT rss_kb_start %ld\nRESULT rss_kb_tables %ld\n"
           "RESULT rss_kb_streams %ld\nRESULT rss_kb_end %ld\n", r->rss_start,
           r->rss_tables, r->rss_streams, r->rss_end);
    if (r->cpu_start >= 0 && r->cpu_end >= 0)
        printf("RESULT cpu_s %.3f\nRESULT cpu_us_per_move %.1f\n", cpu_s,
               moves ? cpu_s * 1e6 / moves : 0.0);
    printf("RESULT table_id %s\n", r->ngames ? r->games[0].id : "");
}

/* --------------------------------------------------------------- main */

int main(int argc, char **argv)
{
    ml_opts opt;
    ml_run run;
    if (parse_options(&opt, argc, argv))
        return 0;
    run_init(&run, &opt);
    signal(SIGPIPE, SIG_IGN);
    run_phases(&run);
    report(&run);
    run_free(&run);
    return 0;
}
