/*
 * engine.c - mg-bot-connect: the engine as a child process speaking
 * the engine protocol (mindgames-engine(7)) on two pipes.
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
/* -------------------------------------------------------------- the
 * engine */


int engine_start(bc_engine *e)
{
    int to[2], from[2];
    memset(e, 0, sizeof *e);
    if (pipe(to) != 0 || pipe(from) != 0)
        return -1;
    e->pid = fork();
    if (e->pid < 0)
        return -1;
    if (e->pid == 0) {
        setpgid(0, 0); /* its own group: stopped with its children */
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]);
        close(to[1]);
        close(from[0]);
        close(from[1]);
        execvp(opt.engine[0], opt.engine);
        fprintf(stderr, "mg-bot-connect: cannot run %s: %s\n", opt.engine[0],
                strerror(errno));
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    e->in = to[1];
    e->out = from[0];
    fcntl(e->in, F_SETFD, FD_CLOEXEC);
    fcntl(e->out, F_SETFD, FD_CLOEXEC);
    return 0;
}

/* The engine's exit, as words (it is reaped). */
const char *engine_stop(bc_engine *e, char *why, size_t cap)
{
    int st = 0, i;
    pid_t r = 0;
    if (e->pid <= 0) {
        snprintf(why, cap, "not running");
        return why;
    }
    close(e->in);
    close(e->out);
    for (i = 0; i < 50 && (r = waitpid(e->pid, &st, WNOHANG)) == 0; i++)
        sleep_ms(10); /* an engine that closed its output is exiting */
    if (r == 0) {
        kill(-e->pid, SIGKILL);
        kill(e->pid, SIGKILL);
        waitpid(e->pid, &st, 0);
        snprintf(why, cap, "it did not answer in time and was stopped");
    } else if (WIFSIGNALED(st)) {
        snprintf(why, cap, "it was killed by signal %d", WTERMSIG(st));
    } else {
        snprintf(why, cap, "it exited with status %d", WEXITSTATUS(st));
    }
    e->pid = -1;
    free(e->spec);
    free(e->games);
    e->spec = e->games = NULL;
    return why;
}

int engine_send(bc_engine *e, const char *text)
{
    size_t n = strlen(text), off = 0;
    while (off < n) {
        ssize_t w = write(e->in, text + off, n - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (size_t)w;
    }
    return 0;
}

/* The engine's next answer line that is not info or id, by deadline:
 * "ok ..." or "error ...", in e->line; -1 at its end, at the deadline,
 * or on a line it must not write. */
int engine_answer(bc_engine *e, int64_t deadline)
{
    for (;;) {
        char *nl = memchr(e->rbuf, '\n', e->rn);
        if (nl) {
            size_t len = (size_t)(nl - e->rbuf);
            if (len >= sizeof e->line)
                return -1;
            memcpy(e->line, e->rbuf, len);
            e->line[len] = '\0';
            if (len && e->line[len - 1] == '\r')
                e->line[len - 1] = '\0';
            memmove(e->rbuf, nl + 1, e->rn - len - 1);
            e->rn -= len + 1;
            if (strncmp(e->line, "id games ", 9) == 0) {
                free(e->games);
                e->games = strcmp(e->line + 9, "*") == 0
                               ? NULL
                               : strdup(e->line + 9);
            }
            if (strncmp(e->line, "info", 4) == 0 ||
                strncmp(e->line, "id ", 3) == 0 || !e->line[0])
                continue;
            if (strncmp(e->line, "ok", 2) == 0 ||
                strncmp(e->line, "error", 5) == 0)
                return 0;
            return -1; /* garbage */
        } else {
            struct pollfd p;
            int64_t left = deadline - now_ms();
            ssize_t r;
            if (e->rn == sizeof e->rbuf || left <= 0)
                return -1;
            p.fd = e->out;
            p.events = POLLIN;
            if (poll(&p, 1, (int)left) <= 0)
                continue; /* the deadline is checked above */
            r = read(e->out, e->rbuf + e->rn, sizeof e->rbuf - e->rn);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                return -1;
            e->rn += (size_t)r;
        }
    }
}

/* Ask and wait for "ok": 0, or -1 (the engine's error in e->line). */
int engine_ask(bc_engine *e, const char *cmd, int64_t timeout_ms)
{
    if (engine_send(e, cmd) != 0 ||
        engine_answer(e, now_ms() + timeout_ms) != 0)
        return -1;
    return strncmp(e->line, "ok", 2) == 0 ? 0 : -2;
}

/* The engine's move in the position (spec, moves): 0 with the move in
 * *out (malloc'd); -1 when the engine failed (why in `why`). */
int engine_move(bc_engine *e, const char *spec, const json_t *moves,
                       int movetime, char **out, char *why, size_t cap)
{
    size_t i, n = 16;
    char *line, *p;
    json_t *m;
    int rc;
    if (!e->spec || strcmp(e->spec, spec) != 0) {
        char *g = malloc(strlen(spec) + 8);
        if (!g)
            return -1;
        sprintf(g, "game %s\n", spec);
        rc = engine_ask(e, g, 10000);
        free(g);
        if (rc != 0) {
            snprintf(why, cap, "it refused the game %.200s: %.200s", spec,
                     rc == -2 ? e->line : "no answer");
            return -1;
        }
        free(e->spec);
        e->spec = strdup(spec);
    }
    json_array_foreach(moves, i, m) n += strlen(json_string_value(m)) + 1;
    if (!(line = malloc(n)))
        return -1;
    p = line + sprintf(line, "moves");
    json_array_foreach(moves, i, m) p += sprintf(p, " %s",
                                                 json_string_value(m));
    strcpy(p, "\n");
    rc = engine_ask(e, line, 10000);
    free(line);
    if (rc != 0) {
        snprintf(why, cap, "it refused the moves: %.300s",
                 rc == -2 ? e->line : "no answer");
        return -1;
    }
    {
        char go[64];
        snprintf(go, sizeof go, "go movetime %d\n", movetime);
        rc = engine_ask(e, go, (int64_t)movetime + opt.margin_ms);
    }
    if (rc != 0 || !e->line[2]) {
        snprintf(why, cap, "it gave no move: %.300s",
                 rc == -2 ? e->line : "no answer in time");
        return -1;
    }
    *out = strdup(e->line + 3);
    return *out ? 0 : -1;
}

