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

/* ------------------------------------------------------------ options */

static char opt_host[64] = "127.0.0.1";
static int opt_port = 8080;
static long opt_streams = 0;
static long opt_games = 1;
static long opt_tables = -1;     /* -1: ceil(streams / 100) when games = 0 */
static double opt_rate = 0;
static double opt_seconds = 10;
char opt_spec[256] = "dots_and_boxes(rows=5,cols=5)";
static long opt_pid = 0;
static long opt_connecting = 256; /* streams connecting at once */
int opt_verbose = 0;

struct sockaddr_in srv_addr;

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

/* ------------------------------------------------------------ the run */

static conn *spect;
static long nspect, spect_started;
static int64_t play_start_us;

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

int main(int argc, char **argv)
{
    int i;
    long k, tables_for_streams;
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
            ml_die("%s needs a value (--help)", a);
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
            ml_die("unknown option %s (--help)", a);
    }
    memset(&srv_addr, 0, sizeof srv_addr);
    srv_addr.sin_family = AF_INET;
    srv_addr.sin_port = htons((uint16_t)opt_port);
    if (inet_pton(AF_INET, opt_host, &srv_addr.sin_addr) != 1)
        ml_die("--host must be a numeric IPv4 loopback address (127.x.x.x), "
            "not '%s'", opt_host);
    if ((ntohl(srv_addr.sin_addr.s_addr) >> 24) != 127)
        ml_die("refusing %s: mg-load only loads a server on the loopback "
            "network 127.0.0.0/8", opt_host);
    if (opt_port <= 0 || opt_port > 65535 || opt_streams < 0 ||
        opt_games < 0 || opt_rate < 0 || opt_seconds < 0 ||
        opt_connecting < 1)
        ml_die("bad option values (--help)");
    snprintf(hostport, sizeof hostport, "%s:%d", opt_host, opt_port);
    if (mg_game_new(&g_game, opt_spec, err, sizeof err) != 0)
        ml_die("--spec %s: %s", opt_spec, err);
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
        ml_die("epoll_create1: %s", strerror(errno));
    games = calloc((size_t)(ngames ? ngames : 1), sizeof *games);
    rq = calloc((size_t)(ngames ? ngames : 1), sizeof *rq);
    spect = calloc((size_t)(opt_streams ? opt_streams : 1), sizeof *spect);
    if (!games || !rq || !spect)
        ml_die("out of memory");
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
    t_start = ml_now_us();
    ml_note("%s: setting up %ld tables for streams and %ld games (%s)",
            hostport, tables_for_streams, opt_games, opt_spec);
    /* phase 0: create the tables, 64 at a time */
    for (;;) {
        int n, j;
        long active = 0, done = 0;
        int64_t t = ml_now_us(), timeout_us = 100000;

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
                    ml_send_create(g);
                    active++;
                }
            }
            if (done == ngames) {
                rss1 = proc_rss_kb();
                ml_note("%ld tables made in %.2f s", ngames,
                        (ml_now_us() - t_start) / 1e6);
                phase = 1;
                spect_start_us = ml_now_us();
            }
            if (t - t_start > 120000000)
                ml_die("setup did not finish in 120 s");
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
                ml_stream_open(c, g->id, NULL, -1);
                spect_started++;
                connecting++;
            }
            if (spect_started == opt_streams && connecting == 0) {
                spect_done_us = ml_now_us();
                nspect = spect_started;
                if (opt_streams)
                    ml_note("%ld streams open (%ld failed) in %.2f s",
                            spect_open, spect_failed,
                            (spect_done_us - spect_start_us) / 1e6);
                /* let the server settle before reading its memory */
                if (opt_streams) {
                    usleep(500000);
                }
                rss2 = proc_rss_kb();
                phase = 2;
                for (k = 0; k < ngames; k++)
                    if (games[k].play && games[k].gs == G_SET)
                        ml_game_streams(&games[k]);
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
                play_start_us = ml_now_us();
                play_end_us = play_start_us + (int64_t)(opt_seconds * 1e6);
                next_slot = play_start_us;
                cpu0 = proc_cpu_ticks();
                moves_ok = 0;
                for (k = 0; k < ngames; k++)
                    if (games[k].play && games[k].gs == G_READY)
                        ml_rq_push(&games[k]);
                ml_note("playing %ld games for %.1f s at %s", playing,
                        opt_seconds,
                        opt_rate > 0 ? "a set rate" : "full speed");
            }
        }
        if (phase == 3) {
            t = ml_now_us();
            if (t >= play_end_us) {
                cpu1 = proc_cpu_ticks();
                phase = 4;
                play_end_us = t;
            } else {
                for (k = 0; k < ngames; k++) {
                    game *g = &games[k];
                    if (g->gs == G_END && t >= g->wake_us) {
                        ml_game_reset(g);
                        ml_send_create(g);
                        continue;
                    }
                    if (g->gs == G_WAIT && t >= g->wake_us) {
                        if (g->st && g->id[0])
                            ml_rq_push(g);
                        else
                            ml_send_create(g);
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
                    ml_send_move(g);
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
            if (inflight == 0 || ml_now_us() - play_end_us > 3000000)
                break;
        }
        if (timeout_us < 0)
            timeout_us = 0;
        n = epoll_wait(ep, evs, 512, (int)((timeout_us + 999) / 1000));
        if (n < 0 && errno != EINTR)
            ml_die("epoll_wait: %s", strerror(errno));
        for (j = 0; j < n; j++)
            ml_conn_event((conn *)evs[j].data.ptr, evs[j].events);
    }
    /* a moment for the last events to arrive */
    {
        int64_t until = ml_now_us() + 300000;
        while (ml_now_us() < until) {
            int j, n = epoll_wait(ep, evs, 512, 50);
            for (j = 0; j < n; j++)
                ml_conn_event((conn *)evs[j].data.ptr, evs[j].events);
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
    }
    return 0;
}
