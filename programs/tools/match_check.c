/*
 * match_check.c - mg-match --check-engine ENGINE: does a program follow
 * mindgames-engine(7)?  Every command with good and bad arguments, empty,
 * malformed, NUL-holding, CR LF and huge lines, pipelined commands, a
 * whole game against itself, a record (with a board when it plays the
 * China games), quit, and the end of input at several points, each on a
 * fresh process.  One line per check; exit status 0 when all pass.
 *
 * A failure that loses the engine (it ends, stops answering, or answers
 * out of turn, so that later answers would be taken for the wrong
 * commands) is reported once: the checks after it on that process are
 * skipped (one "skip" line each, naming the failure), and the next group
 * of checks starts the engine again.
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    const char *cmd, *spec;
    long timeout_ms;
    proc p;
    int up, fails, checks, skips, restarts;
    int lost_now;    /* the last answer lost the engine (set by next) */
    char lost[200];  /* the check at which this process was lost, or "" */
    char first[200]; /* the first check that lost the engine */
    char games[1024];
    char answer[512]; /* the last answer, for messages */
    mg_game *game;
} checker;

static void verdict(checker *c, int ok, const char *what, const char *detail)
{
    if (c->lost[0]) { /* a check after the failure that lost the engine */
        c->skips++;
        c->lost_now = 0;
        printf("skip %s: not checked, the engine was lost at '%s'\n", what,
               c->lost);
        fflush(stdout);
        return;
    }
    c->checks++;
    c->fails += !ok;
    printf("%s %s%s%s\n", ok ? "ok  " : "FAIL", what, ok || !detail ? "" : ": ",
           ok || !detail ? "" : detail);
    if (!ok && c->lost_now) {
        snprintf(c->lost, sizeof c->lost, "%s", what);
        if (!c->first[0])
            snprintf(c->first, sizeof c->first, "%s", what);
        if (c->up)
            proc_stop(&c->p, 0.0);
        c->up = 0;
    }
    c->lost_now = 0;
    fflush(stdout);
}

static int start(checker *c)
{
    char err[256];
    if (c->up)
        proc_stop(&c->p, 0.0);
    c->up = proc_spawn(&c->p, c->cmd, err, sizeof err) == 0;
    if (!c->up) {
        c->lost_now = 1;
        verdict(c, 0, "start the engine", err);
    }
    return c->up;
}

static void put_bytes(checker *c, const char *text, size_t len)
{
    if (c->up)
        proc_write(&c->p, text, len, util_now() + (double)c->timeout_ms / 1e3);
}

static void say(checker *c, const char *text)
{
    put_bytes(c, text, strlen(text));
}

/* The next answer: 1 ok, 0 error, -1 none (the reason in c->answer).
 * With ids, "id" lines before it are collected into c->games. */
static int next(checker *c, int ids, char **rest)
{
    double deadline = util_now() + (double)c->timeout_ms / 1e3;
    for (;;) {
        char *line, st[96];
        size_t len;
        int flags, rc = c->up ? proc_line(&c->p, deadline, &line, &len, &flags)
                              : 0;
        if (rc <= 0) {
            snprintf(c->answer, sizeof c->answer, "%s",
                     rc == -1 ? "no answer in time"
                              : proc_status_text(&c->p, 0.5, st, sizeof st));
            c->lost_now = 1;
            return -1;
        }
        snprintf(c->answer, sizeof c->answer, "'%.400s'", line);
        if (len == 0 || !strncmp(line, "info", 4))
            continue;
        if (ids && !strncmp(line, "id games ", 9))
            snprintf(c->games, sizeof c->games, "%s", line + 9);
        if (ids && !strncmp(line, "id ", 3))
            continue;
        if (!strcmp(line, "ok") || !strncmp(line, "ok ", 3)) {
            *rest = line + (line[2] ? 3 : 2);
            return 1;
        }
        if (!strcmp(line, "error") || !strncmp(line, "error ", 6)) {
            *rest = line;
            return 0;
        }
        snprintf(c->answer, sizeof c->answer, "not a protocol line: '%.400s'",
                 line);
        c->lost_now = 1;
        return -1;
    }
}

static void expect(checker *c, const char *what, int want)
{
    char *rest;
    int got = next(c, 0, &rest);
    verdict(c, got == want, what, c->answer);
}

/* The same for hello, whose answer may come after id lines. */
static void expect_hello(checker *c, const char *what, int want)
{
    char *rest, games[sizeof c->games];
    int got;
    memcpy(games, c->games, sizeof games);
    got = next(c, 1, &rest);
    memcpy(c->games, games, sizeof games);
    verdict(c, got == want, what, c->answer);
}

/* go in position s: a legal move answered.  1 when it was. */
static int expect_move(checker *c, const char *what, const mg_state *s,
                       int32_t *action)
{
    char *rest, msg[600];
    int32_t a = -1;
    int got = next(c, 0, &rest), ok = 0;
    if (got == 1) {
        ok = mg_state_action_from_string(s, rest, &a, NULL, 0) == MG_OK &&
             mg_state_is_legal(s, a) == 1;
        snprintf(msg, sizeof msg, "%s is not legal there", c->answer);
    } else {
        snprintf(msg, sizeof msg, "%s", c->answer);
    }
    verdict(c, ok, what, msg);
    if (action)
        *action = a;
    return ok;
}

static void moves_of(const mg_state *s, strbuf *out)
{
    sb_clear(out);
    engine_moves_command(s, out);
}

static int handshake(checker *c, const char *what)
{
    char *rest;
    int got;
    say(c, "hello 1\n");
    got = next(c, 1, &rest);
    verdict(c, got == 1 && !strcmp(rest, "1"), what, c->answer);
    return got == 1;
}

/* Words a command does not take (mindgames-engine(7), COMMANDS): hello,
 * seed and record take one, quit none.  Such a command is malformed: it
 * is answered error, nothing changes, and the engine goes on, reading the
 * lines after it as commands (after "record 1 x", no record line). */
static void check_arguments(checker *c)
{
    char *rest;
    int got;
    say(c, "hello 1 2\n");
    expect_hello(c, "hello with two words: error", 0);
    say(c, "seed 5 6\n");
    expect(c, "seed with two numbers: error", 0);
    say(c, "record 1 more\n");
    expect(c, "record N with a word after N: error", 0);
    handshake(c, "the line after a refused record is a command");
    say(c, "quit now\n");
    got = next(c, 0, &rest);
    if (got == 1) /* taken for quit: the engine has ended, or will */
        c->lost_now = 1;
    verdict(c, got == 0, "quit with an argument: error",
            got == 1 ? "answered ok, as to quit" : c->answer);
    handshake(c, "the engine goes on after a refused quit");
}

/* The commands one by one, with good and bad arguments. */
static void check_commands(checker *c)
{
    strbuf b;
    mg_state *s = NULL;
    sb_init(&b);
    say(c, "\n   \n");
    handshake(c, "an empty line gets no answer");
    say(c, "frobnicate 3\n");
    expect(c, "an unknown command: error", 0);
    say(c, "hello one\n");
    expect_hello(c, "hello with a bad version: error", 0);
    say(c, "game no_such_game(x=1)\n");
    expect(c, "game with an unknown game: error", 0);
    say(c, "go\n");
    expect(c, "go before any game: error", 0);
    sb_printf(&b, "game %s\n", c->spec);
    say(c, b.s);
    expect(c, "game SPEC: ok", 1);
    say(c, "seed 12345\n");
    expect(c, "seed N: ok", 1);
    say(c, "seed minus-one\n");
    expect(c, "seed with a bad number: error", 0);
    mg_state_new(&s, c->game);
    say(c, "moves\ngo\n");
    expect(c, "moves (none): ok", 1);
    expect_move(c, "go at the start: a legal move", s, NULL);
    mg_state_playout(s, 7, 3);
    moves_of(s, &b);
    sb_puts(&b, "go movetime 500\n");
    say(c, b.s);
    expect(c, "moves M1 M2 M3: ok", 1);
    expect_move(c, "go movetime 500: a legal move", s, NULL);
    say(c, "moves zz99 a1-b1-c1\n");
    expect(c, "moves with a bad move: error", 0);
    say(c, "go depth 3\n");
    expect_move(c, "go after a refused moves, with an unknown key: a legal "
                   "move of the position before",
                s, NULL);
    say(c, "go movetime\ngo movetime soon\n");
    expect(c, "go movetime without a value: error", 0);
    expect(c, "go movetime with a bad value: error", 0);
    say(c, "record\nrecord many\n");
    expect(c, "record without a count: error", 0);
    expect(c, "record with a bad count: error", 0);
    check_arguments(c);
    mg_state_free(s);
    sb_free(&b);
}

/* The engine's move in s after moves and go: 1 legal, 0 not (c->answer). */
static int one_move(checker *c, const mg_state *s, strbuf *b, int32_t *a)
{
    char *rest, q[UTIL_QUOTE_CAP];
    moves_of(s, b);
    sb_puts(b, "go\n");
    say(c, b->s);
    if (next(c, 0, &rest) != 1 || next(c, 0, &rest) != 1)
        return 0;
    if (mg_state_action_from_string(s, rest, a, NULL, 0) == MG_OK &&
        mg_state_is_legal(s, *a) == 1)
        return 1;
    snprintf(c->answer, sizeof c->answer, "'%s' is not legal there",
             util_quote(rest, strlen(rest), q, sizeof q));
    return 0;
}

/* A whole game, the engine playing both seats; then go at its end. */
static void check_game(checker *c)
{
    strbuf b;
    mg_state *s = NULL;
    int ok = 1, n = 0;
    char what[80];
    sb_init(&b);
    sb_printf(&b, "game %s\n", c->spec);
    say(c, b.s);
    expect(c, "a new game: ok", 1);
    mg_state_new(&s, c->game);
    while (ok && mg_state_is_terminal(s) == 0 && n < 5000) {
        int32_t a;
        n++;
        if ((ok = one_move(c, s, &b, &a)) != 0)
            mg_state_apply(s, a);
    }
    snprintf(what, sizeof what, "a whole game against itself (%d moves)", n);
    verdict(c, ok, what, c->answer);
    if (ok) {
        moves_of(s, &b);
        sb_puts(&b, "go\n");
        say(c, b.s);
        expect(c, "moves to the end: ok", 1);
        expect(c, "go when the game is over: error", 0);
    }
    mg_state_free(s);
    sb_free(&b);
}

/* record N and its lines, then go: a legal move of the record's last
 * position. */
static void check_record(checker *c, const mg_state *s, const char *what)
{
    strbuf b;
    int rc, lines = 0;
    char *rec = util_state_save(s, &rc), *p, title[120];
    sb_init(&b);
    for (p = rec; p && *p; p++)
        lines += *p == '\n';
    sb_printf(&b, "record %d\n%s", lines, rec ? rec : "");
    say(c, b.s);
    snprintf(title, sizeof title, "record of %s: ok", what);
    expect(c, title, 1);
    say(c, "go\n");
    snprintf(title, sizeof title, "go after the record of %s: a legal move",
             what);
    expect_move(c, title, s, NULL);
    free(rec);
    sb_free(&b);
}

static void check_records(checker *c)
{
    mg_state *s = NULL;
    mg_board *board = NULL;
    mg_game *g = NULL;
    mg_state_new(&s, c->game);
    mg_state_playout(s, 11, 3);
    check_record(c, s, "a game after 3 moves");
    mg_state_free(s);
    s = NULL;
    if (!strstr(c->games, "china_tangle") && strcmp(c->games, "*"))
        return;
    if (mg_board_generate(&board, MG_BOARD_LABYRINTH, 4) == MG_OK &&
        mg_game_new_with_board(&g, "china_tangle", board, NULL, 0) == MG_OK &&
        mg_state_new(&s, g) == MG_OK) {
        mg_state_playout(s, 5, 4);
        check_record(c, s, "China Tangle on a board of its own");
    }
    mg_state_free(s);
    mg_game_free(g);
    mg_board_free(board);
}

/* Lines that are not plain: NUL bytes, CR LF, huge, several at once. */
static void check_lines(checker *c)
{
    strbuf b;
    say(c, "hello 1\r\n");
    {
        char *rest;
        int got = next(c, 1, &rest);
        verdict(c, got == 1, "a line ending in CR LF", c->answer);
    }
    put_bytes(c, "hel\0lo 1\n", 9);
    expect(c, "a line with a NUL byte: error", 0);
    handshake(c, "the line after a NUL byte is read on its own");
    sb_init(&b);
    sb_puts(&b, "moves");
    while (b.len < (3u << 20))
        sb_puts(&b, " a1-b1 b1-c1 zz");
    sb_putc(&b, '\n');
    say(c, b.s);
    expect(c, "a line of 3 MB: error", 0);
    handshake(c, "hello after the huge line");
    say(c, "seed 1\nseed 2\nhello 1\n");
    expect(c, "pipelined commands: first answer", 1);
    expect(c, "pipelined commands: second answer", 1);
    {
        char *rest;
        int got = next(c, 1, &rest);
        verdict(c, got == 1, "pipelined commands: third answer", c->answer);
    }
    sb_free(&b);
}

/* The engine must end with status 0 when told quit, or at the end of its
 * input, wherever that comes. */
static void check_exit(checker *c, const char *input, size_t len,
                       const char *what)
{
    char st[96];
    c->lost[0] = '\0'; /* each on a process of its own */
    if (!start(c))
        return;
    put_bytes(c, input, len);
    close(c->p.in);
    c->p.in = -1;
    proc_status_text(&c->p, 3.0, st, sizeof st);
    verdict(c, !strcmp(st, "exited with status 0"), what, st);
    proc_stop(&c->p, 0.0);
    c->up = 0;
}

/* Before a group of checks: the engine, started again (and greeted) if
 * a failure lost it.  0 when it could not be (the group is skipped). */
static int fresh(checker *c, const char *group)
{
    char *rest;
    if (c->up && !c->lost[0])
        return 1;
    printf("---- %s: a new process of the engine (the last was lost at "
           "'%s')\n", group, c->lost[0] ? c->lost : "its start");
    c->lost[0] = '\0';
    c->restarts++;
    if (!start(c))
        return 0;
    say(c, "hello 1\n");
    if (next(c, 1, &rest) != 1) {
        verdict(c, 0, "hello 1 to the new process", c->answer);
        return 0;
    }
    return 1;
}

static void check_quit(checker *c)
{
    char st[96];
    say(c, "quit\n");
    expect(c, "quit: ok", 1);
    proc_status_text(&c->p, 3.0, st, sizeof st);
    verdict(c, !strcmp(st, "exited with status 0"), "exit after quit", st);
    proc_stop(&c->p, 0.0);
    c->up = 0;
}

static void check_ends(checker *c)
{
    strbuf b;
    sb_init(&b);
    check_exit(c, "", 0, "end of input at once: exit 0");
    check_exit(c, "hello 1\n", 8, "end of input after hello: exit 0");
    check_exit(c, "hello 1", 7, "end of input inside a line: exit 0");
    check_exit(c, "hello 1\nrecord 5\nmindgames-record 1\n", 35,
               "end of input inside a record: exit 0");
    sb_printf(&b, "hello 1\ngame %s\nmoves\ngo mov", c->spec);
    check_exit(c, b.s, b.len, "end of input inside go: exit 0");
    sb_free(&b);
}

int match_check_engine(const char *arg, const char *spec, long timeout_ms)
{
    checker c;
    char err[256];
    memset(&c, 0, sizeof c);
    if (strncmp(arg, "cmd:", 4))
        return match_usage_error("--check-engine takes cmd:PROGRAM ARGS",
                                 arg);
    c.cmd = arg + 4;
    c.spec = spec;
    c.timeout_ms = timeout_ms < 10000 ? timeout_ms : 10000;
    if (!(c.game = util_game_new(spec, NULL, err, sizeof err)))
        return match_usage_error(err, NULL);
    proc_ignore_sigpipe();
    printf("mg-match --check-engine %s, with %s\n", c.cmd, spec);
    if (start(&c) && handshake(&c, "hello 1: id lines, then ok 1")) {
        verdict(&c, engine_supports(&(engine){.games = c.games},
                                    mg_game_id(c.game)),
                "its games include the game", c.games);
        check_commands(&c);
        if (fresh(&c, "a whole game"))
            check_game(&c);
        if (fresh(&c, "records"))
            check_records(&c);
        if (fresh(&c, "lines"))
            check_lines(&c);
        if (fresh(&c, "quit"))
            check_quit(&c);
    }
    if (c.up)
        proc_stop(&c.p, 0.0);
    c.lost[0] = '\0';
    check_ends(&c);
    printf("%d checks, %d failed", c.checks, c.fails);
    if (c.skips)
        printf(", %d skipped", c.skips);
    printf(": %s\n", c.fails ? "the engine does not follow mindgames-engine(7)"
                             : "the engine follows mindgames-engine(7)");
    if (c.first[0])
        printf("the engine was first lost at '%s': the %d check%s after a "
               "lost engine on its process %s skipped, and it was started "
               "again %d time%s\n",
               c.first, c.skips, c.skips == 1 ? "" : "s",
               c.skips == 1 ? "was" : "were", c.restarts,
               c.restarts == 1 ? "" : "s");
    mg_game_free(c.game);
    return c.fails ? 1 : 0;
}
