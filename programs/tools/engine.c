/*
 * engine.c - the controller's side of the mindgames-engine protocol (see
 * engine.h and mindgames-engine(7)).
 */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

#include <stdlib.h>
#include <string.h>

#define GRACE 0.5 /* seconds an engine gets to exit after quit or EOF */

void engine_init(engine *e, const char *cmd, long timeout_ms)
{
    memset(e, 0, sizeof *e);
    e->cmd = util_xstrdup(cmd);
    e->timeout_ms = timeout_ms > 0 ? timeout_ms : 10000;
    e->games = util_xstrdup("*");
    sb_init(&e->why);
    sb_init(&e->cmdbuf);
}

void engine_free(engine *e)
{
    engine_stop(e);
    free(e->cmd);
    free(e->games);
    sb_free(&e->why);
    sb_free(&e->cmdbuf);
}

/* Record a failure, add the end of the engine's stderr, stop it. */
static int failed_msg(engine *e, int kind, const char *msg)
{
    strbuf tail;
    sb_clear(&e->why);
    sb_puts(&e->why, msg);
    e->fail = kind;
    if (e->running) {
        proc_stop(&e->p, kind == EF_CRASH ? GRACE : 0.0);
        sb_init(&tail);
        proc_tail(&e->p, 5, "    stderr: ", &tail);
        if (tail.len) {
            sb_puts(&e->why, "\n");
            sb_add(&e->why, tail.s, tail.len - 1);
        }
        sb_free(&tail);
        e->running = 0;
    }
    e->told = NULL;
    return -1;
}

/* The same, the message made of fmt (one %s) and arg, quoted. */
static int failed(engine *e, int kind, const char *fmt, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    strbuf msg;
    int rc;
    sb_init(&msg);
    sb_printf(&msg, fmt, arg ? util_quote(arg, strlen(arg), q, sizeof q) : "");
    rc = failed_msg(e, kind, msg.s);
    sb_free(&msg);
    return rc;
}

/* The engine ended or its output broke: say how. */
static int ended(engine *e)
{
    char st[96];
    proc_status_text(&e->p, GRACE, st, sizeof st);
    if (!e->p.reaped)
        return failed(e, EF_CRASH, "closed its standard output%s", "");
    return failed(e, EF_CRASH,
                  e->p.status < 0 ? "crashed: %s" : "ended: %s", st);
}

static double deadline_of(long ms)
{
    return util_now() + (double)ms / 1000.0;
}

/* The next answer: 1 with *rest after "ok", 0 after "error" (rest the
 * message), -1 a failure already recorded.  info lines are kept; id lines
 * go to `id` when it is not NULL (the handshake) and are garbage
 * otherwise. */
static int answer(engine *e, double deadline, long limit_ms, char **rest,
                  void (*id)(engine *, char *))
{
    for (;;) {
        char *line, msg[64];
        size_t len;
        int flags, rc = proc_line(&e->p, deadline, &line, &len, &flags);
        if (rc == 0 || rc == -2)
            return ended(e);
        if (rc < 0) {
            snprintf(msg, sizeof msg, "%ld ms", limit_ms);
            return failed(e, EF_TIMEOUT, "timed out: no answer within %s",
                          msg);
        }
        if (flags & (LR_NUL | LR_TOOLONG))
            return failed(e, EF_GARBAGE, "answered garbage: %s", line);
        if (len == 0)
            continue;
        if (!strncmp(line, "info", 4) && (!line[4] || line[4] == ' ')) {
            snprintf(e->info, sizeof e->info, "%s", line);
            continue;
        }
        if (id && !strncmp(line, "id ", 3)) {
            id(e, line + 3);
            continue;
        }
        if (!strcmp(line, "ok") || !strncmp(line, "ok ", 3)) {
            *rest = line + (line[2] ? 3 : 2);
            return 1;
        }
        if (!strcmp(line, "error") || !strncmp(line, "error ", 6)) {
            *rest = line + (line[5] ? 6 : 5);
            return 0;
        }
        return failed(e, EF_GARBAGE, "answered garbage: %s", line);
    }
}

static void take_id(engine *e, char *kv)
{
    char *val = kv + strcspn(kv, " ");
    if (*val)
        *val++ = '\0';
    if (!strcmp(kv, "name"))
        snprintf(e->name, sizeof e->name, "%s", val);
    else if (!strcmp(kv, "author"))
        snprintf(e->author, sizeof e->author, "%s", val);
    else if (!strcmp(kv, "games")) {
        free(e->games);
        e->games = util_xstrdup(val);
    }
}

int engine_start(engine *e)
{
    char err[256], hello[32], *rest;
    double deadline = deadline_of(e->timeout_ms);
    int rc;
    e->fail = EF_NONE;
    if (e->running)
        return 0;
    if (proc_spawn(&e->p, e->cmd, err, sizeof err) < 0)
        return failed(e, EF_START, "%s", err);
    e->running = 1;
    e->starts++;
    e->told = NULL;
    snprintf(hello, sizeof hello, "hello %d\n", ENGINE_PROTOCOL);
    if (proc_write(&e->p, hello, strlen(hello), deadline) < 0)
        return ended(e);
    rc = answer(e, deadline, e->timeout_ms, &rest, take_id);
    if (rc < 0) {
        if (e->fail == EF_CRASH || e->fail == EF_TIMEOUT) {
            strbuf keep;
            sb_init(&keep);
            sb_printf(&keep, "no handshake: %s", e->why.s);
            sb_clear(&e->why);
            sb_puts(&e->why, keep.s);
            sb_free(&keep);
        }
        e->fail = EF_START;
        return -1;
    }
    if (rc == 0)
        return failed(e, EF_START, "refused the handshake: %s", rest);
    if (strcmp(rest, "1") != 0)
        return failed(e, EF_START, "speaks protocol version %s, not 1", rest);
    if (!e->name[0])
        snprintf(e->name, sizeof e->name, "%.120s", e->cmd);
    return 0;
}

int engine_supports(const engine *e, const char *game_id)
{
    const char *p = e->games;
    size_t n = strlen(game_id);
    while (*p) {
        size_t w;
        p += strspn(p, " \t");
        w = strcspn(p, " \t");
        if ((w == 1 && *p == '*') || (w == n && !strncmp(p, game_id, n)))
            return 1;
        p += w;
    }
    return 0;
}

void engine_new_game(engine *e, uint64_t seed)
{
    e->told = NULL;
    e->seed = seed;
}

void engine_game_command(const mg_state *s, strbuf *out)
{
    const mg_game *g = mg_state_game(s);
    int rc;
    char *spec = util_game_spec(g, &rc);
    if (spec && (!mg_game_board(g) || strstr(spec, "board="))) {
        sb_printf(out, "game %s\n", spec);
    } else {
        mg_state *start = NULL;
        char *rec = NULL, *p;
        long lines = 0;
        if (mg_state_new(&start, g) == MG_OK)
            rec = util_state_save(start, &rc);
        mg_state_free(start);
        for (p = rec; p && *p; p++)
            lines += *p == '\n';
        sb_printf(out, "record %ld\n%s", lines, rec ? rec : "");
        free(rec);
    }
    free(spec);
}

void engine_moves_command(const mg_state *s, strbuf *out)
{
    size_t n = 0, i;
    int32_t *hist;
    char name[64];
    mg_state_history(s, NULL, 0, &n);
    hist = util_xmalloc((n ? n : 1) * sizeof *hist);
    mg_state_history(s, hist, n, &n);
    sb_puts(out, "moves");
    for (i = 0; i < n; i++) {
        sb_putc(out, ' ');
        if (mg_state_action_to_string(s, hist[i], name, sizeof name, NULL) ==
            MG_OK) {
            sb_puts(out, name);
        } else {
            char *long_name = util_action_name(s, hist[i]);
            sb_puts(out, long_name);
            free(long_name);
        }
    }
    sb_putc(out, '\n');
    free(hist);
}

/* Tell the engine the game when it does not know it yet. */
static int tell_game(engine *e, const mg_state *s)
{
    char *rest;
    double deadline = deadline_of(e->timeout_ms);
    int rc;
    if (e->told == mg_state_game(s))
        return 0;
    sb_clear(&e->cmdbuf);
    sb_printf(&e->cmdbuf, "seed %llu\n", (unsigned long long)e->seed);
    engine_game_command(s, &e->cmdbuf);
    if (proc_write(&e->p, e->cmdbuf.s, e->cmdbuf.len, deadline) < 0)
        return ended(e);
    /* an engine that answers error to seed simply does not use it */
    if (answer(e, deadline, e->timeout_ms, &rest, NULL) < 0)
        return -1;
    rc = answer(e, deadline, e->timeout_ms, &rest, NULL);
    if (rc < 0)
        return -1;
    if (rc == 0)
        return failed(e, EF_REFUSED, "refused the game: %s", rest);
    e->told = mg_state_game(s);
    return 0;
}

/* The answer to go: a legal action of s. */
static int take_move(engine *e, const mg_state *s, const char *text,
                     int32_t *action)
{
    char err[256];
    strbuf msg;
    if (mg_state_action_from_string(s, text, action, err, sizeof err) !=
        MG_OK) {
        char q[UTIL_QUOTE_CAP];
        int rc;
        sb_init(&msg);
        sb_printf(&msg, "answered %s, not a move (%s)",
                  util_quote(text, strlen(text), q, sizeof q), err);
        rc = failed_msg(e, EF_ILLEGAL, msg.s);
        sb_free(&msg);
        return rc;
    }
    if (mg_state_is_legal(s, *action) != 1) {
        /* the library's line: "a1-b1: <the rule it breaks> (rules N.M)" */
        char *why = util_illegal_reason(s, *action);
        int rc;
        sb_init(&msg);
        sb_printf(&msg, "played the illegal move %s", why ? why : text);
        rc = failed_msg(e, EF_ILLEGAL, msg.s);
        sb_free(&msg);
        free(why);
        return rc;
    }
    return 0;
}

int engine_choose(engine *e, const mg_state *s, long movetime_ms,
                  long margin_ms, int32_t *action)
{
    long limit = movetime_ms > 0 ? movetime_ms + margin_ms : e->timeout_ms;
    double t0, deadline;
    char *rest;
    int rc;
    if (!e->running && engine_start(e) < 0)
        return -1;
    if (tell_game(e, s) < 0)
        return -1;
    sb_clear(&e->cmdbuf);
    engine_moves_command(s, &e->cmdbuf);
    if (movetime_ms > 0)
        sb_printf(&e->cmdbuf, "go movetime %ld\n", movetime_ms);
    else
        sb_puts(&e->cmdbuf, "go\n");
    t0 = util_now();
    deadline = t0 + (double)limit / 1000.0;
    if (proc_write(&e->p, e->cmdbuf.s, e->cmdbuf.len, deadline) < 0)
        return ended(e);
    if ((rc = answer(e, deadline, limit, &rest, NULL)) <= 0)
        return rc < 0 ? -1
                      : failed(e, EF_REFUSED, "refused the moves: %s", rest);
    if ((rc = answer(e, deadline, limit, &rest, NULL)) <= 0)
        return rc < 0 ? -1 : failed(e, EF_REFUSED, "refused go: %s", rest);
    t0 = util_now() - t0;
    e->think += t0;
    if (t0 > e->think_max)
        e->think_max = t0;
    e->moves++;
    return take_move(e, s, rest, action);
}

void engine_stop(engine *e)
{
    if (!e->running)
        return;
    proc_write(&e->p, "quit\n", 5, deadline_of(100));
    proc_stop(&e->p, GRACE);
    e->running = 0;
    e->told = NULL;
}
