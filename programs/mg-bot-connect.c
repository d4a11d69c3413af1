/*
 * mg-bot-connect - put an engine that speaks the mindgames engine
 * protocol (mindgames-engine(7)) on an mg-server: register (or reuse) a
 * bot player, create or join a table, and play its games by relaying the
 * table's positions to the engine and the engine's moves to the table.
 * man/man1/mg-bot-connect.1 says what it does; this file is how.
 *
 * One process, one game at a time.  The table's events come on an event
 * stream opened with the seat's secret (so the seat is present), read
 * through curl's multi interface; every event makes it read the table's
 * snapshot, which says the spec, the moves and whose turn it is.  Every
 * request that changes something carries a cmd_id, and is sent again
 * with the same cmd_id after a 429, a 5xx or a dropped connection (a
 * server restarting), with back-off, for at most --retry-for seconds.
 */
#define _POSIX_C_SOURCE 200809L

#include "botconnect.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bc_options opt;
static char token[128];

/* ------------------------------------------------------------ a game */


/* Send a command of the seat (op, and the move) until it is answered:
 * the HTTP status, the answer in *a. */
static long command(const bc_seat *t, const char *op, const char *move,
                    long long expect, json_t **a)
{
    char path[128], cmd_id[33];
    json_t *body;
    long st;
    new_cmd_id(cmd_id);
    body = json_pack("{s:s,s:s}", "op", op, "cmd_id", cmd_id);
    if (move)
        json_object_set_new(body, "move", json_string(move));
    if (expect >= 0)
        json_object_set_new(body, "expect_version", json_integer(expect));
    snprintf(path, sizeof path, "/tables/%s/commands", t->id);
    st = http("POST", path, body, t->secret, a);
    json_decref(body);
    return st;
}

static void resign(const bc_seat *t, const char *why)
{
    json_t *a = NULL;
    long st = command(t, "resign", NULL, -1, &a);
    if (st == 200)
        say("table %s: %s; seat %d resigned", t->id, why, t->seat);
    else
        say("table %s: %s; the resignation was answered %ld %s", t->id,
            why, st, error_of(a));
    json_decref(a);
}

/* The end of a game, on stdout: "TABLE won|lost|drawn|aborted (how)". */
static void report(const bc_seat *t, const json_t *snap)
{
    const json_t *res = json_object_get(snap, "result");
    const char *status = json_string_value(json_object_get(snap, "status"));
    const char *how = json_string_value(json_object_get(res, "how"));
    const json_t *w = json_object_get(res, "winner");
    const char *word = "aborted";
    if (status && strcmp(status, "over") == 0)
        word = json_is_true(json_object_get(res, "draw")) ? "drawn"
               : !json_is_integer(w)                       ? "drawn"
               : json_integer_value(w) == t->seat          ? "won"
                                                           : "lost";
    printf("%s %s (%s)\n", t->id, word,
           how ? how : json_string_value(json_object_get(snap, "ended"))
                       ? json_string_value(json_object_get(snap, "ended"))
                       : status ? status : "?");
    fflush(stdout);
}

/* The time to think: --movetime, or less on a clock (a 30th of what is
 * left and most of the increment). */
static int think_ms(const json_t *snap, int seat)
{
    const json_t *c = json_object_get(snap, "clock");
    json_int_t left, inc, t;
    if (!json_is_object(c))
        return opt.movetime_ms;
    left = json_integer_value(
        json_array_get(json_object_get(c, "remaining_ms"), (size_t)seat));
    inc = json_integer_value(json_object_get(c, "increment_ms"));
    t = left / 30 + inc * 3 / 4;
    if (t > opt.movetime_ms)
        t = opt.movetime_ms;
    return t < 50 ? 50 : (int)t;
}

/* Play the game at t to its end: 0 (the end reported), EXIT_ENGINE (the
 * engine failed; the seat resigned), EXIT_SERVER. */
static int play(bc_engine *e, bc_stream *s, const bc_seat *t)
{
    char path[128], why[512];
    int need = 1;
    int64_t backoff = 250;
    long long version = 0;
    snprintf(path, sizeof path, "/tables/%s", t->id);
    for (;;) {
        if (need) {
            json_t *snap = NULL, *a = NULL;
            const char *status;
            long st = http("GET", path, NULL, NULL, &snap);
            char *mv = NULL;
            if (st != 200) {
                say("table %s: %ld %s", t->id, st,
                    st ? error_of(snap) : "the server does not answer");
                json_decref(snap);
                return EXIT_SERVER;
            }
            need = 0;
            status = json_string_value(json_object_get(snap, "status"));
            version = json_integer_value(json_object_get(snap, "version"));
            if (!status || strcmp(status, "over") == 0 ||
                strcmp(status, "aborted") == 0) {
                report(t, snap);
                json_decref(snap);
                return 0;
            }
            if (strcmp(status, "playing") == 0 &&
                json_integer_value(json_object_get(snap, "to_move")) ==
                    t->seat &&
                json_is_integer(json_object_get(snap, "to_move"))) {
                const char *spec =
                    json_string_value(json_object_get(snap, "spec"));
                if (engine_move(e, spec ? spec : "",
                                json_object_get(snap, "moves"),
                                think_ms(snap, t->seat), &mv, why,
                                sizeof why) != 0) {
                    char how[200];
                    json_decref(snap);
                    engine_stop(e, how, sizeof how);
                    say("the engine failed: %s (%s)", why, how);
                    resign(t, "the engine failed");
                    return EXIT_ENGINE;
                }
                st = command(t, "move", mv, version, &a);
                if (st == 422) {
                    say("table %s: the engine's move %s is refused: %s",
                        t->id, mv, error_of(a));
                    resign(t, "the engine played an illegal move");
                    free(mv);
                    json_decref(a);
                    json_decref(snap);
                    return EXIT_ENGINE;
                }
                if (st != 200 && st != 409) {
                    say("table %s: the move %s: %ld %s", t->id, mv, st,
                        st ? error_of(a) : "the server does not answer");
                    free(mv);
                    json_decref(a);
                    json_decref(snap);
                    return EXIT_SERVER;
                }
                free(mv);
                json_decref(a);
                json_decref(snap);
                need = 1; /* 200: the opponent's turn (or ours again) */
                continue;
            }
            json_decref(snap);
            if (!s->open)
                stream_open(s, t->id, t->secret, version);
        }
        if (stream_wait(s, 1000)) {
            /* the stream ended: the server went down, or the connection */
            stream_close(s);
            sleep_ms(backoff);
            backoff = backoff * 2 > 5000 ? 5000 : backoff * 2;
            need = 1;
        }
        if (s->news) {
            s->news = 0;
            backoff = 250;
            need = 1;
        }
    }
}

/* ------------------------------------------------------------ setup */

static void get_token(void)
{
    FILE *f;
    json_t *body, *a = NULL;
    char cmd_id[33];
    long st;
    if (opt.token) {
        snprintf(token, sizeof token, "%s", opt.token);
        return;
    }
    if (opt.token_file && (f = fopen(opt.token_file, "r")) != NULL) {
        if (!fgets(token, sizeof token, f))
            token[0] = '\0';
        fclose(f);
        token[strcspn(token, "\r\n")] = '\0';
        if (!token[0])
            die(EXIT_USAGE, "%s holds no token", opt.token_file);
        return;
    }
    if (!opt.name)
        die(EXIT_USAGE, "no account: give --name NAME (a new bot player), "
                        "--token TOKEN or --token-file FILE");
    new_cmd_id(cmd_id);
    body = json_pack("{s:s,s:b,s:s}", "name", opt.name, "bot", 1, "cmd_id",
                     cmd_id);
    st = http("POST", "/players", body, NULL, &a);
    json_decref(body);
    if (st != 201)
        die(EXIT_SERVER, "cannot register %s: %ld %s%s", opt.name, st,
            st ? error_of(a) : "the server does not answer",
            st == 409 ? " (reuse its account with --token or --token-file)"
                      : "");
    snprintf(token, sizeof token, "%s",
             json_string_value(json_object_get(a, "token")));
    json_decref(a);
    if (opt.token_file) {
        int fd = open(opt.token_file, O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd < 0 || write(fd, token, strlen(token)) < 0 ||
            write(fd, "\n", 1) != 1 || close(fd) != 0)
            die(1, "cannot write the token to %s: %s", opt.token_file,
                strerror(errno));
        say("registered the bot %s; its token is in %s", opt.name,
            opt.token_file);
    } else {
        say("registered the bot %s; its token (keep it, reuse it with "
            "--token): %s", opt.name, token);
    }
}

static double clock_ms[2];
static char join_id[48];
static const char *join_invite;

/* --clock BASE[+INC] (seconds) and --join LINK, read before anything is
 * sent. */
static void check_table_options(void)
{
    if (opt.clock) {
        char *end;
        double base = strtod(opt.clock, &end), inc = 0;
        if (*end == '+')
            inc = strtod(end + 1, &end);
        if (*end || end == opt.clock || !(base > 0) || !(inc >= 0) ||
            base > 86400 || inc > 600)
            die(EXIT_USAGE, "--clock %s: BASE[+INCREMENT] in seconds, "
                            "e.g. 300+2", opt.clock);
        clock_ms[0] = base * 1000;
        clock_ms[1] = inc * 1000;
    }
    if (opt.join) {
        /* URL/t/ID#invite=TOKEN, or ID#invite=TOKEN */
        const char *p = strstr(opt.join, "/t/"), *h;
        p = p ? p + 3 : opt.join;
        h = strstr(p, "#invite=");
        if (!h || h == p || h - p >= (long)sizeof join_id ||
            memchr(p, '/', (size_t)(h - p)) || !h[8])
            die(EXIT_USAGE, "--join %s: give the invitation link, "
                            "SERVER/t/ID#invite=TOKEN", opt.join);
        snprintf(join_id, sizeof join_id, "%.*s", (int)(h - p), p);
        if (strspn(join_id, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstu"
                            "vwxyz0123456789_-") != strlen(join_id) ||
            strspn(h + 8, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstu"
                          "vwxyz0123456789_-") != strlen(h + 8))
            die(EXIT_USAGE, "--join %s: a table id and an invite are "
                            "letters, digits, '_' and '-'", opt.join);
        join_invite = h + 8;
    }
}

/* The token's player (its name in me). */
static void who_am_i(char me[128])
{
    json_t *a = NULL;
    long st = http("GET", "/players/me", NULL, token, &a);
    if (st != 200)
        die(EXIT_SERVER, "who is this token's player? %ld %s", st,
            st ? error_of(a) : "the server does not answer");
    snprintf(me, 128, "%s", json_string_value(json_object_get(a, "name")));
    json_decref(a);
}

/* The first table: created (--create) or joined (--join). */
static void first_table(bc_seat *t)
{
    json_t *body, *a = NULL;
    char cmd_id[33];
    long st;
    new_cmd_id(cmd_id);
    memset(t, 0, sizeof *t);
    if (opt.create) {
        body = json_pack("{s:s,s:s}", "spec", opt.create, "cmd_id", cmd_id);
        if (opt.clock)
            json_object_set_new(body, "clock",
                                json_pack("{s:I,s:I}", "base_ms",
                                          (json_int_t)clock_ms[0],
                                          "increment_ms",
                                          (json_int_t)clock_ms[1]));
        st = http("POST", "/tables", body, token, &a);
        json_decref(body);
        if (st != 201)
            die(EXIT_SERVER, "cannot create the table: %ld %s", st,
                st ? error_of(a) : "the server does not answer");
        printf("%s/t/%s#invite=%s\n", opt.server,
               json_string_value(json_object_get(a, "id")),
               json_string_value(json_object_get(a, "invite")));
        fflush(stdout);
    } else {
        char path[160];
        snprintf(path, sizeof path, "/tables/%s/join", join_id);
        body = json_pack("{s:s,s:s}", "invite", join_invite, "cmd_id", cmd_id);
        st = http("POST", path, body, token, &a);
        json_decref(body);
        if (st != 200)
            die(EXIT_SERVER, "cannot join the table: %ld %s", st,
                st ? error_of(a) : "the server does not answer");
        snprintf(t->id, sizeof t->id, "%s", join_id);
    }
    if (opt.create)
        snprintf(t->id, sizeof t->id, "%s",
                 json_string_value(json_object_get(a, "id")));
    t->seat = (int)json_integer_value(json_object_get(a, "seat"));
    snprintf(t->secret, sizeof t->secret, "%s",
             json_string_value(json_object_get(a, "secret")));
    json_decref(a);
}

static void usage(FILE *f)
{
    fputs("usage: mg-bot-connect [--server URL] (--name NAME | --token TOKEN |\n"
          "         --token-file FILE [--name NAME]) (--create SPEC [--clock S+S] |\n"
          "         --join LINK | --seek SPEC... [--to NAME] | --accept)\n"
          "         [--games N] [--movetime MS] [--margin MS]\n"
          "         [--retry-for S] [--quiet] -- ENGINE [ARGS...]\n"
          "Plays an engine of the mindgames engine protocol on an mg-server\n"
          "(man mg-bot-connect).\n", f);
}

static int number(const char *name, const char *s, int lo, int hi)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        die(EXIT_USAGE, "%s %s: a whole number from %d to %d", name, s, lo,
            hi);
    return (int)v;
}

int main(int argc, char **argv)
{
    bc_engine e;
    bc_stream s;
    bc_seat t;
    int i, g, rc = 0, lobby;
    char hello[200], me[128];
    opt.server = "http://127.0.0.1:8080";
    opt.games = 1;
    opt.movetime_ms = 1000;
    opt.margin_ms = 2000;
    opt.retry_for_s = 300;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--quiet") == 0) {
            opt.quiet = 1;
            continue;
        }
        if (strcmp(a, "--accept") == 0) {
            opt.accept = 1;
            continue;
        }
        if (a[0] != '-' || a[1] != '-') {
            fprintf(stderr, "mg-bot-connect: %s: the engine's command comes "
                            "after --\n", a);
            usage(stderr);
            return EXIT_USAGE;
        }
        if (!v)
            die(EXIT_USAGE, "%s needs a value", a);
        i++;
        if (strcmp(a, "--server") == 0)
            opt.server = v;
        else if (strcmp(a, "--name") == 0)
            opt.name = v;
        else if (strcmp(a, "--token") == 0)
            opt.token = v;
        else if (strcmp(a, "--token-file") == 0)
            opt.token_file = v;
        else if (strcmp(a, "--create") == 0)
            opt.create = v;
        else if (strcmp(a, "--join") == 0)
            opt.join = v;
        else if (strcmp(a, "--to") == 0)
            opt.to = v;
        else if (strcmp(a, "--seek") == 0) {
            if (opt.nseek == 3)
                die(EXIT_USAGE, "--seek: three at most (the server's "
                                "--seeks-per-player is 3 by default)");
            opt.seek[opt.nseek++] = v;
        }
        else if (strcmp(a, "--clock") == 0)
            opt.clock = v;
        else if (strcmp(a, "--games") == 0)
            opt.games = number(a, v, 1, 1000000);
        else if (strcmp(a, "--movetime") == 0)
            opt.movetime_ms = number(a, v, 1, 3600000);
        else if (strcmp(a, "--margin") == 0)
            opt.margin_ms = number(a, v, 0, 600000);
        else if (strcmp(a, "--retry-for") == 0)
            opt.retry_for_s = number(a, v, 0, 86400);
        else
            die(EXIT_USAGE, "unknown option %s (mg-bot-connect --help)", a);
    }
    if (i >= argc)
        die(EXIT_USAGE, "no engine: give its command after --, e.g. "
                        "-- mg-engine mcts");
    opt.engine = argv + i;
    if (!!opt.create + !!opt.join + !!opt.nseek + opt.accept != 1)
        die(EXIT_USAGE, "give one of --create SPEC, --join LINK, --seek "
                        "SPEC and --accept");
    if (opt.to && !opt.nseek)
        die(EXIT_USAGE, "--to NAME goes with --seek (a challenge to NAME)");
    if (opt.clock && !opt.create && !opt.nseek)
        die(EXIT_USAGE, "--clock goes with --create or --seek");
    if (!!opt.token + !!opt.token_file > 1 ||
        (opt.token && opt.name))
        die(EXIT_USAGE, "give --token, or --name (with --token-file to "
                        "keep the token), not both");
    if (strncmp(opt.server, "http://", 7) != 0 &&
        strncmp(opt.server, "https://", 8) != 0)
        die(EXIT_USAGE, "--server %s: an http:// or https:// URL",
            opt.server);
    check_table_options();
    signal(SIGPIPE, SIG_IGN);
    if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0)
        die(1, "libcurl does not start");
    get_token();
    if (engine_start(&e) != 0 || engine_ask(&e, "hello 1\n", 10000) != 0 ||
        strcmp(e.line, "ok 1") != 0) {
        char why[200];
        snprintf(hello, sizeof hello, "%.150s", e.line);
        die(EXIT_ENGINE, "%s does not speak the engine protocol (hello 1: "
                         "%s; %s)", opt.engine[0],
            hello[0] ? hello : "no answer", engine_stop(&e, why, sizeof why));
    }
    lobby = opt.nseek || opt.accept;
    if (lobby)
        who_am_i(me);
    else
        first_table(&t);
    memset(&s, 0, sizeof s);
    s.multi = curl_multi_init();
    for (g = 1;; g++) {
        json_t *a = NULL;
        const char *next;
        if (lobby) {
            json_t *clock = opt.clock ? json_pack("{s:I,s:I}", "base_ms",
                                                  (json_int_t)clock_ms[0],
                                                  "increment_ms",
                                                  (json_int_t)clock_ms[1])
                                      : NULL;
            rc = opt.accept ? lobby_accept(token, me, e.games, &t)
                            : lobby_seek(token, clock, &t);
            json_decref(clock);
            if (rc != 0)
                break;
        }
        say("game %d: table %s, seat %d", g, t.id, t.seat);
        free(e.spec); /* a new game: "game SPEC" again (and its seed) */
        e.spec = NULL;
        rc = play(&e, &s, &t);
        stream_close(&s);
        if (rc != 0 || g == opt.games)
            break;
        if (lobby)
            continue; /* the next game: from the lobby again */
        /* the next game: a rematch, seats swapped, the same secret */
        if (command(&t, "rematch", NULL, -1, &a) != 200 ||
            !(next = json_string_value(json_object_get(a, "table")))) {
            say("table %s: no rematch: %s", t.id, error_of(a));
            json_decref(a);
            rc = EXIT_SERVER;
            break;
        }
        snprintf(t.id, sizeof t.id, "%s", next);
        t.seat = 1 - t.seat;
        json_decref(a);
    }
    curl_multi_cleanup(s.multi);
    if (e.pid > 0) {
        char why[200];
        engine_send(&e, "quit\n");
        engine_answer(&e, now_ms() + 2000);
        engine_stop(&e, why, sizeof why);
    }
    curl_global_cleanup();
    return rc;
}
