/*
 * main.c - mg-server: options, start, and stop.  At start the storage is
 * opened (migrated), every unfinished table is restored by replaying its
 * log through the library, the workers and the HTTP server start; on
 * SIGTERM or SIGINT it stops accepting, tells every stream "restarting",
 * lets the commits in flight finish, and closes the storage.  See
 * mg-server(1) and doc/server-api.md.
 */
#include "http.h"
#include "lobby.h"

#include <arpa/inet.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
    "usage: mg-server [options]\n"
    "  --listen ADDR:PORT     where to listen (127.0.0.1:8080)\n"
    "  --db FILE              the database (./mindgames.db)\n"
    "  --web-dir DIR          the page's files (found beside the program)\n"
    "  --backup FILE          copy the database online into FILE, and exit\n"
    "  --max-db-mb N          the database grows to N MiB at most; then\n"
    "                         changes are refused as on a full disk (1024;\n"
    "                         0: no limit)\n"
    "  --max-tables N         open tables on the server at most (10000; 0: no\n"
    "                         limit)\n"
    "  --max-tables-per-addr N  open tables one client created, at most (32;\n"
    "                         0: no limit; a client: an IPv4 address, an IPv6 /64)\n"
    "  --creations-per-hour N tables one client creates per hour (120; 0: no\n"
    "                         limit)\n"
    "  --players-per-hour N   players one client registers per hour (10; 0:\n"
    "                         no limit)\n"
    "  --password-hashes N    password hashings at once (argon2id, 64 MiB\n"
    "                         each; one a CPU, at most 8); more: 503\n"
    "  --seek-ttl S           an open seek lasts S seconds at most (3600)\n"
    "  --seek-away S          a seek (or a pool's wait) ends when its owner\n"
    "                         has had no lobby stream open and sent no\n"
    "                         request about it for S seconds (60)\n"
    "  --max-seeks N          open seeks on the server at most (5000; 0: none)\n"
    "  --seeks-per-player N   open seeks of one player at most (3; 0: none)\n"
    "  --seeks-per-client N   open seeks one client posted at most (20)\n"
    "  --lobby-watchers N     lobby event streams at once at most (10000)\n"
    "  --header-timeout S     a request's headers must be complete within S\n"
    "                         seconds of the connection, or of its previous\n"
    "                         request (30)\n"
    "  --trusted-proxy ADDR   take X-Forwarded-For from this proxy only\n"
    "  --origin ORIGIN        another allowed Origin (repeatable)\n"
    "  --threads N            HTTP threads (64)\n"
    "  --bot-threads N        bot threads (the number of processors)\n"
    "  --bot-time-ms MS       a searching bot's time per action, at most and\n"
    "                         when its spec gives none (2000)\n"
    "  --bot-memory-mb N      a solver bot's memory_mb at most (256)\n"
    "  --bot-max-iterations N a bot's iterations at most (1000000)\n"
    "  --bot-max-nodes N      a solver bot's nodes at most (100000000)\n"
    "  --bot-pool-mb N        the memory of the bots thinking at once (1024)\n"
    "  --bot-quick-ms MS      a bot of this time or less is quick: it has a\n"
    "                         thread of its own besides --bot-threads (250)\n"
    "  --max-actions N        the largest game allowed, in action ids (5000)\n"
    "  --max-spec N           the longest spec, in bytes (256)\n"
    "  --max-conns N          connections per client (64)\n"
    "  --rate R --burst B     requests per second per address (20, 40; 0: off)\n"
    "  --seat-rate R          commands per second per seat (10; 0: off)\n"
    "  --away S               seconds away before a claim (60)\n"
    "  --away-bot SPEC        the bot a claim hands a seat to\n"
    "                         (mcts(iterations=1000))\n"
    "  --waiting-expire S     a table nobody joins expires (86400)\n"
    "  --idle-expire S        a game with no event expires (604800)\n"
    "  --day-ms MS            a correspondence clock's day (86400000; tests)\n"
    "  --heartbeat S          stream heartbeat (15)\n"
    "  --poll S               long poll wait (25)\n"
    "  --timeout S            idle connections close (60)\n"
    "  --quiet                no request log\n"
    "  --help, --version\n";

static int int_arg(const char *name, const char *v, long lo, long hi,
                   int *out)
{
    char *end;
    long n;
    errno = 0;
    n = strtol(v, &end, 10);
    if (errno || *end || end == v || n < lo || n > hi) {
        fprintf(stderr, "mg-server: %s '%s': expected a whole number %ld to "
                        "%ld\n",
                name, v, lo, hi);
        return -1;
    }
    *out = (int)n;
    return 0;
}

static int int64_arg(const char *name, const char *v, long long lo,
                     long long hi, int64_t *out)
{
    char *end;
    long long n;
    errno = 0;
    n = strtoll(v, &end, 10);
    if (errno || *end || end == v || n < lo || n > hi) {
        fprintf(stderr, "mg-server: %s '%s': expected a whole number %lld "
                        "to %lld\n",
                name, v, lo, hi);
        return -1;
    }
    *out = (int64_t)n;
    return 0;
}

static int num_arg(const char *name, const char *v, double *out)
{
    char *end;
    double d = strtod(v, &end);
    if (*end || end == v || d < 0 || d > 1e6) {
        fprintf(stderr, "mg-server: %s '%s': expected a number >= 0\n", name,
                v);
        return -1;
    }
    *out = d;
    return 0;
}

static int has_index(const char *dir)
{
    char p[1100];
    struct stat st;
    snprintf(p, sizeof p, "%s/index.html", dir);
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* The page beside the program: the build tree's build/web, or the
 * installed share/mindgames/web. */
static void find_web(char *out, size_t cap)
{
    char exe[900], cand[1000];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char *slash;
    out[0] = '\0';
    if (n <= 0)
        return;
    exe[n] = '\0';
    slash = strrchr(exe, '/');
    if (!slash)
        return;
    *slash = '\0';
    snprintf(cand, sizeof cand, "%s/../web", exe);
    if (has_index(cand)) {
        snprintf(out, cap, "%s", cand);
        return;
    }
    snprintf(cand, sizeof cand, "%s/../share/mindgames/web", exe);
    if (has_index(cand))
        snprintf(out, cap, "%s", cand);
}

static int parse_listen(mgs_config *c, const char *v)
{
    const char *colon = strrchr(v, ':');
    int port;
    if (!colon || colon == v || (size_t)(colon - v) >= sizeof c->listen_addr ||
        int_arg("--listen port", colon + 1, 0, 65535, &port) != 0) {
        fprintf(stderr, "mg-server: --listen '%s': expected ADDR:PORT, such "
                        "as 127.0.0.1:8080\n",
                v);
        return -1;
    }
    memcpy(c->listen_addr, v, (size_t)(colon - v));
    c->listen_addr[colon - v] = '\0';
    c->port = port;
    return 0;
}

static int parse_args(int argc, char **argv, mgs_config *c, char *backup,
                      size_t bcap)
{
    static const struct option opts[] = {
        /* the bot pool's caps (worker.c) */
        {"bot-memory-mb", 1, 0, 'm'},  {"bot-pool-mb", 1, 0, 'L'},
        {"bot-max-iterations", 1, 0, 'i'},
        {"bot-max-nodes", 1, 0, 'n'},  {"bot-quick-ms", 1, 0, 'Q'},
        {"listen", 1, 0, 'l'},         {"db", 1, 0, 'd'},
        {"web-dir", 1, 0, 'w'},        {"backup", 1, 0, 'B'},
        {"trusted-proxy", 1, 0, 'P'},  {"origin", 1, 0, 'o'},
        {"threads", 1, 0, 't'},        {"bot-threads", 1, 0, 'b'},
        {"bot-time-ms", 1, 0, 'T'},    {"max-actions", 1, 0, 'A'},
        {"max-spec", 1, 0, 'S'},       {"max-conns", 1, 0, 'C'},
        {"rate", 1, 0, 'r'},           {"burst", 1, 0, 'u'},
        {"seat-rate", 1, 0, 's'},      {"away", 1, 0, 'a'},
        {"away-bot", 1, 0, 'y'},       {"waiting-expire", 1, 0, 'W'},
        {"idle-expire", 1, 0, 'I'},    {"heartbeat", 1, 0, 'H'},
        {"poll", 1, 0, 'p'},           {"timeout", 1, 0, 'O'},
        {"quiet", 0, 0, 'q'},          {"help", 0, 0, 'h'},
        {"version", 0, 0, 'V'},        {"max-db-mb", 1, 0, 'M'},
        /* the limits of guard.c and conns.c */
        {"max-tables", 1, 0, 1000},    {"max-tables-per-addr", 1, 0, 1001},
        {"creations-per-hour", 1, 0, 1002},
        {"header-timeout", 1, 0, 1003},
        {"players-per-hour", 1, 0, 1004},
        {"password-hashes", 1, 0, 1005},
        {"day-ms", 1, 0, 1006},
        /* the lobby (lobby.h) */
        {"seek-ttl", 1, 0, 1007},      {"seek-away", 1, 0, 1008},
        {"max-seeks", 1, 0, 1009},     {"seeks-per-player", 1, 0, 1010},
        {"seeks-per-client", 1, 0, 1011},
        {"lobby-watchers", 1, 0, 1012},
        {0, 0, 0, 0}};
    int ch, web_given = 0;
    while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int rc = 0;
        switch (ch) {
        case 'l': rc = parse_listen(c, optarg); break;
        case 'd': snprintf(c->db_path, sizeof c->db_path, "%s", optarg); break;
        case 'w':
            snprintf(c->web_dir, sizeof c->web_dir, "%s", optarg);
            web_given = 1;
            break;
        case 'B': snprintf(backup, bcap, "%s", optarg); break;
        case 'P':
            snprintf(c->trusted_proxy, sizeof c->trusted_proxy, "%s", optarg);
            break;
        case 'o':
            if (c->norigins == 8 || strlen(optarg) >= sizeof c->origins[0]) {
                fprintf(stderr, "mg-server: at most 8 --origin of up to 127 "
                                "characters\n");
                return -1;
            }
            snprintf(c->origins[c->norigins++], sizeof c->origins[0], "%s",
                     optarg);
            break;
        case 't': rc = int_arg("--threads", optarg, 1, 256, &c->threads); break;
        case 'b':
            rc = int_arg("--bot-threads", optarg, 1, 256, &c->bot_threads);
            break;
        case 'T':
            rc = int_arg("--bot-time-ms", optarg, 1, 600000, &c->bot_time_ms);
            break;
        case 'm':
            rc = int_arg("--bot-memory-mb", optarg, 1, 1048576,
                         &c->bot_memory_mb);
            break;
        case 'L':
            rc = int_arg("--bot-pool-mb", optarg, 1, 1 << 30, &c->bot_pool_mb);
            break;
        case 'i':
            rc = int_arg("--bot-max-iterations", optarg, 1, 100000000,
                         &c->bot_max_iterations);
            break;
        case 'n':
            rc = int64_arg("--bot-max-nodes", optarg, 1, 1000000000000LL,
                           &c->bot_max_nodes);
            break;
        case 'Q':
            rc = int_arg("--bot-quick-ms", optarg, 0, 600000, &c->bot_quick_ms);
            break;
        case 'A':
            rc = int_arg("--max-actions", optarg, 1, 1000000, &c->max_actions);
            break;
        case 'S': rc = int_arg("--max-spec", optarg, 16, 4096, &c->max_spec); break;
        case 'C':
            rc = int_arg("--max-conns", optarg, 1, 1000000,
                         &c->max_conns_per_ip);
            break;
        case 'r': rc = num_arg("--rate", optarg, &c->rate); break;
        case 'u': rc = num_arg("--burst", optarg, &c->burst); break;
        case 's': rc = num_arg("--seat-rate", optarg, &c->seat_rate); break;
        case 'a': rc = int_arg("--away", optarg, 1, 86400, &c->away_s); break;
        case 'y':
            if (strlen(optarg) >= sizeof c->away_bot) {
                fprintf(stderr, "mg-server: --away-bot: too long\n");
                return -1;
            }
            snprintf(c->away_bot, sizeof c->away_bot, "%s", optarg);
            break;
        case 'W':
            rc = int_arg("--waiting-expire", optarg, 1, 1 << 30,
                         &c->waiting_expire_s);
            break;
        case 'I':
            rc = int_arg("--idle-expire", optarg, 1, 1 << 30,
                         &c->idle_expire_s);
            break;
        case 'H': rc = int_arg("--heartbeat", optarg, 1, 3600, &c->heartbeat_s); break;
        case 'p': rc = int_arg("--poll", optarg, 1, 3600, &c->poll_s); break;
        case 'O': rc = int_arg("--timeout", optarg, 1, 86400, &c->timeout_s); break;
        case 'q': c->quiet = 1; break;
        case 'M':
            rc = int_arg("--max-db-mb", optarg, 0, 1 << 30, &c->max_db_mb);
            break;
        case 1000:
            rc = int_arg("--max-tables", optarg, 0, 10000000, &c->max_tables);
            break;
        case 1001:
            rc = int_arg("--max-tables-per-addr", optarg, 0, 10000000,
                         &c->max_tables_per_addr);
            break;
        case 1002:
            rc = num_arg("--creations-per-hour", optarg,
                         &c->creations_per_hour);
            break;
        case 1003:
            rc = int_arg("--header-timeout", optarg, 1, 3600,
                         &c->header_timeout_s);
            break;
        case 1004:
            rc = num_arg("--players-per-hour", optarg, &c->players_per_hour);
            break;
        case 1005:
            rc = int_arg("--password-hashes", optarg, 1, 256,
                         &c->password_hashes);
            break;
        case 1006:
            rc = int_arg("--day-ms", optarg, 100, 86400000, &c->day_ms);
            break;
        case 1007:
            rc = int_arg("--seek-ttl", optarg, 2, 30L * 86400, &c->seek_ttl_s);
            break;
        case 1008:
            rc = int_arg("--seek-away", optarg, 2, 86400, &c->seek_away_s);
            break;
        case 1009:
            rc = int_arg("--max-seeks", optarg, 0, 1000000, &c->max_seeks);
            break;
        case 1010:
            rc = int_arg("--seeks-per-player", optarg, 0, 1000,
                         &c->seeks_per_player);
            break;
        case 1011:
            rc = int_arg("--seeks-per-client", optarg, 0, 100000,
                         &c->seeks_per_client);
            break;
        case 1012:
            rc = int_arg("--lobby-watchers", optarg, 0, 1000000,
                         &c->lobby_watchers);
            break;
        case 'h': fputs(usage, stdout); exit(0);
        case 'V': printf("mg-server %s\n", mg_version_string()); exit(0);
        default: fputs(usage, stderr); return -1;
        }
        if (rc)
            return -1;
    }
    if (optind < argc) {
        fprintf(stderr, "mg-server: unexpected argument '%s'\n%s",
                argv[optind], usage);
        return -1;
    }
    if (c->burst < 1)
        c->burst = c->rate > 1 ? c->rate : 1;
    if (!web_given)
        find_web(c->web_dir, sizeof c->web_dir);
    else if (!has_index(c->web_dir)) {
        fprintf(stderr, "mg-server: --web-dir %s has no index.html\n",
                c->web_dir);
        return -1;
    }
    {
        /* the bot claim_bot hands a seat to: within the caps as any */
        mgs_bot_plan plan;
        char msg[256];
        if (mgs_bot_plan_for(c, c->away_bot, 1, 0, &plan, msg, sizeof msg)) {
            fprintf(stderr, "mg-server: --away-bot: %s\n", msg);
            return -1;
        }
    }
    return 0;
}

static void raise_nofile(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static struct MHD_Daemon *start_http(mgs_srv *srv, char *err, size_t cap)
{
    static struct sockaddr_storage addr;
    struct sockaddr_in *a4 = (struct sockaddr_in *)&addr;
    struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&addr;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
                     MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
    struct MHD_Daemon *d;
    memset(&addr, 0, sizeof addr);
    if (inet_pton(AF_INET, srv->cfg.listen_addr, &a4->sin_addr) == 1) {
        a4->sin_family = AF_INET;
        a4->sin_port = htons((uint16_t)srv->cfg.port);
    } else if (inet_pton(AF_INET6, srv->cfg.listen_addr, &a6->sin6_addr) ==
               1) {
        a6->sin6_family = AF_INET6;
        a6->sin6_port = htons((uint16_t)srv->cfg.port);
        flags |= MHD_USE_IPv6;
    } else {
        snprintf(err, cap, "--listen: '%s' is not an IP address",
                 srv->cfg.listen_addr);
        return NULL;
    }
    d = MHD_start_daemon(
        flags, (uint16_t)srv->cfg.port, NULL, NULL, mgs_http_handler, srv,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)srv->cfg.threads,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)srv->cfg.timeout_s,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)60000,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)16384,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024,
        MHD_OPTION_NOTIFY_COMPLETED, mgs_http_completed, srv,
        MHD_OPTION_UNESCAPE_CALLBACK, mgs_http_unescape, NULL,
        MHD_OPTION_NOTIFY_CONNECTION, mgs_conn_notify, srv,
        MHD_OPTION_END);
    if (!d)
        snprintf(err, cap, "cannot listen on %s:%d (in use, or not allowed)",
                 srv->cfg.listen_addr, srv->cfg.port);
    return d;
}

/* fn(srv, t) for every table in memory, each under its lock. */
static void each_table(mgs_srv *srv, void (*fn)(mgs_srv *, mgs_table *))
{
    int n, i;
    mgs_table **list = mgs_all_tables(srv, &n);
    for (i = 0; list && i < n; i++) {
        pthread_mutex_lock(&list[i]->mu);
        fn(srv, list[i]);
        pthread_mutex_unlock(&list[i]->mu);
        mgs_release(srv, list[i]);
    }
    free(list);
}

static int sig_pipe[2] = {-1, -1};

static void on_signal(int sig)
{
    unsigned char b = (unsigned char)sig;
    int saved = errno;
    if (write(sig_pipe[1], &b, 1) < 0) {
        /* nothing to do: the pipe is full, main wakes anyway */
    }
    errno = saved;
}

static void free_tables(mgs_srv *srv)
{
    int i;
    for (i = 0; i < srv->ntables; i++)
        mgs_table_free(srv->tables[i]);
    free(srv->tables);
}

int main(int argc, char **argv)
{
    static mgs_srv srv;
    char err[512], backup[1024] = "";
    int sig = 0;
    mgs_config_defaults(&srv.cfg);
    if (parse_args(argc, argv, &srv.cfg, backup, sizeof backup) != 0)
        return 2;
    if (mgs_secret_init() != 0) {
        fprintf(stderr, "mg-server: libsodium failed to start\n");
        return 1;
    }
    if (mgs_store_open(&srv.store, srv.cfg.db_path, err, sizeof err) !=
        MGS_OK) {
        fprintf(stderr, "mg-server: %s: %s\n", srv.cfg.db_path, err);
        return 1;
    }
    if (srv.cfg.max_db_mb > 0 &&
        mgs_store_set_max_pages(srv.store, (int64_t)srv.cfg.max_db_mb * 256,
                                err, sizeof err) != MGS_OK) {
        fprintf(stderr, "mg-server: --max-db-mb: %s\n", err);
        mgs_store_close(srv.store);
        return 1;
    }
    if (backup[0]) {
        int rc = mgs_store_backup(srv.store, backup, err, sizeof err);
        if (rc != MGS_OK)
            fprintf(stderr, "mg-server: backup to %s: %s\n", backup, err);
        else
            printf("mg-server: %s copied to %s\n", srv.cfg.db_path, backup);
        mgs_store_close(srv.store);
        return rc == MGS_OK ? 0 : 1;
    }
    /* SIGTERM and SIGINT wake main through a pipe (a handler that only
     * writes a byte: async-signal-safe, and it works whatever thread the
     * signal lands on) */
    if (pipe(sig_pipe) != 0) {
        fprintf(stderr, "mg-server: pipe: %s\n", strerror(errno));
        return 1;
    }
    {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, NULL);
        sigaction(SIGTERM, &sa, NULL);
    }
    signal(SIGPIPE, SIG_IGN);
    raise_nofile();
    pthread_mutex_init(&srv.tables_mu, NULL);
    pthread_mutex_init(&srv.metrics_mu, NULL);
    srv.started_ms = mgs_now_ms();
    if (mgs_rate_init(&srv) != 0 ||
        mgs_restore_all(&srv, err, sizeof err) != 0) {
        fprintf(stderr, "mg-server: %s\n", err);
        mgs_store_close(srv.store);
        return 1;
    }
    if (!mgs_lobby_of(&srv)) { /* its open seeks, restored */
        fprintf(stderr, "mg-server: out of memory\n");
        return 1;
    }
    /* the other processes sharing a PostgreSQL database heard */
    if (mgs_cluster_start(&srv) != 0) {
        fprintf(stderr, "mg-server: cannot listen to the database's "
                        "changes\n");
        return 1;
    }
    srv.watch_fd = -1;
    if (mgs_watch_start(&srv) != 0 ||
        pthread_create(&srv.watcher, NULL, mgs_watch_main, &srv) != 0) {
        fprintf(stderr, "mg-server: cannot watch its streams (epoll)\n");
        return 1;
    }
    /* the connections' list before the timer, which reads it */
    if (mgs_conns_start(&srv) != 0 || mgs_workers_start(&srv) != 0) {
        fprintf(stderr, "mg-server: cannot start its threads\n");
        return 1;
    }
    srv.httpd = start_http(&srv, err, sizeof err);
    if (!srv.httpd) {
        fprintf(stderr, "mg-server: %s\n", err);
        mgs_workers_stop(&srv);
        mgs_store_close(srv.store);
        return 1;
    }
    /* wake the bots of restored tables whose turn it is */
    each_table(&srv, mgs_bot_wake);
    if (mgs_store_readonly(srv.store))
        mgs_log("the database %s cannot be written: serving its games, "
                "refusing every change (503) until it can be and the "
                "server restarts",
                srv.cfg.db_path);
    mgs_log("listening on http://%s:%d/ (database %s, page %s)",
            srv.cfg.listen_addr, srv.cfg.port, srv.cfg.db_path,
            srv.cfg.web_dir[0] ? srv.cfg.web_dir : "none found");
    {
        unsigned char b = 0;
        while (read(sig_pipe[0], &b, 1) < 0 && errno == EINTR)
            ;
        sig = b;
    }
    mgs_log("%s: stopping (no new connections; streams told to reconnect)",
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    mgs_set_stopping(&srv);
    /* The listening socket is ours once quiesced, but MHD's workers take
       it out of their epoll sets on their own time: closing it now would
       race them (TSan saw close() against a worker's epoll_ctl). shutdown()
       stops the listening at once (new connections are refused); the close
       waits until the daemon has stopped. */
    MHD_socket quiesced = MHD_quiesce_daemon(srv.httpd);
    if (quiesced != MHD_INVALID_SOCKET)
        (void)shutdown(quiesced, SHUT_RDWR);
    each_table(&srv, mgs_streams_close);
    mgs_lobby_streams_close(&srv);
    mgs_workers_stop(&srv);
    {
        struct timespec ts = {0, 300 * 1000 * 1000};
        nanosleep(&ts, NULL); /* let the last output go */
    }
    pthread_join(srv.watcher, NULL); /* stopping is set: it ends */
    MHD_stop_daemon(srv.httpd);
    if (quiesced != MHD_INVALID_SOCKET)
        close(quiesced);
    mgs_conns_stop(&srv); /* every connection closed */
    mgs_watch_stop(&srv); /* after the streams are freed */
    mgs_store_close(srv.store);
    mgs_lobby_free(&srv); /* after its streams are freed */
    free_tables(&srv);
    mgs_rate_free(&srv);
    mgs_log("stopped");
    return 0;
}
