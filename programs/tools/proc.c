/*
 * proc.c - an engine's process (see proc.h).  Spawning holds a lock, so
 * that no other thread's child inherits the pipes of this one between
 * pipe() and fcntl(FD_CLOEXEC); the child closes every other descriptor
 * as well.
 */
#define _POSIX_C_SOURCE 200809L
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t spawn_lock = PTHREAD_MUTEX_INITIALIZER;

void proc_ignore_sigpipe(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
}

static void nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* In the child, between fork and exec: async-signal-safe calls only. */
static void child(int fds[3][2], char *const argv[])
{
    struct sigaction sa;
    sigset_t none;
    long fd, max = sysconf(_SC_OPEN_MAX);
    static const char msg[] = "mg: cannot run /bin/sh\n";
    setpgid(0, 0);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigaction(SIGPIPE, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (dup2(fds[0][0], 0) < 0 || dup2(fds[1][1], 1) < 0 ||
        dup2(fds[2][1], 2) < 0)
        _exit(127);
    if (max < 0 || max > 4096)
        max = 4096;
    for (fd = 3; fd < max; fd++)
        close((int)fd);
    execv("/bin/sh", argv);
    if (write(2, msg, sizeof msg - 1) < 0)
        _exit(127);
    _exit(127);
}

static void close_pipes(int fds[3][2])
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 2; j++)
            if (fds[i][j] >= 0)
                close(fds[i][j]);
}

int proc_spawn(proc *p, const char *cmd, char *err, size_t errcap)
{
    int fds[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}}, i, ok = 1;
    size_t n = strlen(cmd);
    char *line = util_xmalloc(n + 6), *argv[4];
    pid_t pid;
    memcpy(line, "exec ", 5);
    memcpy(line + 5, cmd, n + 1);
    argv[0] = "sh";
    argv[1] = "-c";
    argv[2] = line;
    argv[3] = NULL;
    memset(p, 0, sizeof *p);
    p->in = p->out = p->err = -1;
    pthread_mutex_lock(&spawn_lock);
    for (i = 0; i < 3 && ok; i++) {
        ok = pipe(fds[i]) == 0;
        if (ok) {
            util_cloexec(fds[i][0]);
            util_cloexec(fds[i][1]);
        }
    }
    pid = ok ? fork() : -1;
    if (pid == 0)
        child(fds, argv);
    pthread_mutex_unlock(&spawn_lock);
    if (pid < 0) {
        snprintf(err, errcap, "cannot start %s: %s", cmd, strerror(errno));
        close_pipes(fds);
        free(line);
        return -1;
    }
    setpgid(pid, pid); /* also here: whichever runs first */
    free(line);
    p->pid = pid;
    p->in = fds[0][1];
    p->out = fds[1][0];
    p->err = fds[2][0];
    fds[0][1] = fds[1][0] = fds[2][0] = -1;
    close_pipes(fds);
    nonblock(p->in);
    nonblock(p->out);
    nonblock(p->err);
    lr_init(&p->rd, p->out, PROC_LINE_MAX);
    return 0;
}

/* Keep the last PROC_TAIL bytes of standard error. */
static void drain_err(proc *p)
{
    char buf[4096];
    ssize_t n;
    while (p->err >= 0 && (n = read(p->err, buf, sizeof buf)) != 0) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) {
                close(p->err);
                p->err = -1;
            }
            return;
        }
        if ((size_t)n >= PROC_TAIL) {
            memcpy(p->tail, buf + n - PROC_TAIL, PROC_TAIL);
            p->tail_len = PROC_TAIL;
        } else {
            size_t keep = p->tail_len + (size_t)n > PROC_TAIL
                              ? PROC_TAIL - (size_t)n
                              : p->tail_len;
            memmove(p->tail, p->tail + p->tail_len - keep, keep);
            memcpy(p->tail + keep, buf, (size_t)n);
            p->tail_len = keep + (size_t)n;
        }
    }
    if (p->err >= 0) { /* end of file: the engine closed it */
        close(p->err);
        p->err = -1;
    }
}

/* Wait for one of: fd ready for `events`, or stderr data; drain stderr.
 * 1 fd is ready, 0 not yet (call again), -1 the deadline passed. */
static int wait_fd(proc *p, int fd, short events, double deadline)
{
    struct pollfd w[2];
    int n = 0, ms = lr_poll_ms(deadline), rc;
    if (ms == 0)
        return -1;
    w[n].fd = fd;
    w[n++].events = events;
    if (p->err >= 0) {
        w[n].fd = p->err;
        w[n++].events = POLLIN;
    }
    rc = poll(w, (nfds_t)n, ms);
    if (rc <= 0)
        return 0; /* timeout or EINTR: the caller checks the deadline */
    if (n == 2 && w[1].revents)
        drain_err(p);
    return w[0].revents != 0;
}

int proc_write(proc *p, const char *buf, size_t len, double deadline)
{
    while (len > 0) {
        ssize_t n;
        int rc;
        if (p->in < 0)
            return -2;
        n = write(p->in, buf, len);
        if (n > 0) {
            buf += n;
            len -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
            return -2; /* EPIPE: the engine has ended */
        if ((rc = wait_fd(p, p->in, POLLOUT, deadline)) < 0)
            return -1;
    }
    return 0;
}

int proc_line(proc *p, double deadline, char **line, size_t *len,
              int *flags)
{
    for (;;) {
        int got = lr_take(&p->rd, line, len, flags), rc;
        long n;
        if (got == 1)
            return 1;
        if (got < 0)
            return 0;
        if ((rc = wait_fd(p, p->out, POLLIN, deadline)) < 0)
            return -1;
        if (rc == 0)
            continue;
        n = lr_fill(&p->rd);
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK &&
            errno != EINTR)
            return -2;
    }
}

/* Wait up to `grace` seconds for the engine to end, without reaping it
 * (WNOWAIT): its process group stays valid until proc_stop() has
 * killed what is left of it.  1 when it has ended. */
static int ended(proc *p, double grace)
{
    double until = util_now() + grace;
    if (p->reaped || p->pid <= 0)
        return 1;
    for (;;) {
        siginfo_t info;
        memset(&info, 0, sizeof info);
        if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) <
                0 ||
            info.si_pid == p->pid) {
            p->reaped = 1;
            p->status = info.si_code == CLD_EXITED ? info.si_status
                                                    : -info.si_status;
            return 1;
        }
        if (util_now() >= until)
            return 0;
        {
            struct timespec ts = {0, 2000000}; /* 2 ms */
            nanosleep(&ts, NULL);
        }
        drain_err(p);
    }
}

const char *proc_status_text(proc *p, double grace, char *buf, size_t cap)
{
    if (!ended(p, grace)) {
        snprintf(buf, cap, "still running");
    } else if (p->status >= 0) {
        snprintf(buf, cap, "exited with status %d", p->status);
    } else {
        int sig = -p->status;
        const char *name = sig == SIGSEGV   ? " (SIGSEGV)"
                           : sig == SIGABRT ? " (SIGABRT)"
                           : sig == SIGKILL ? " (SIGKILL)"
                           : sig == SIGBUS  ? " (SIGBUS)"
                           : sig == SIGFPE  ? " (SIGFPE)"
                           : sig == SIGPIPE ? " (SIGPIPE)"
                           : sig == SIGTERM ? " (SIGTERM)"
                                            : "";
        snprintf(buf, cap, "killed by signal %d%s", sig, name);
    }
    return buf;
}

void proc_stop(proc *p, double grace)
{
    int st;
    if (p->pid <= 0)
        return;
    if (p->in >= 0) {
        close(p->in);
        p->in = -1;
    }
    ended(p, grace);
    kill(-p->pid, SIGKILL); /* the engine, or what it left in its group */
    kill(p->pid, SIGKILL);
    while (waitpid(p->pid, &st, 0) < 0 && errno == EINTR)
        ;
    drain_err(p);
    if (p->out >= 0)
        close(p->out);
    if (p->err >= 0)
        close(p->err);
    p->out = p->err = -1;
    lr_free(&p->rd);
    p->pid = 0;
}

void proc_tail(const proc *p, int lines, const char *prefix, strbuf *out)
{
    size_t end = p->tail_len, start;
    int seen = 0;
    while (end > 0 && (p->tail[end - 1] == '\n' || p->tail[end - 1] == '\r'))
        end--;
    start = end;
    while (start > 0 && seen < lines) {
        if (p->tail[start - 1] == '\n' && ++seen == lines)
            break;
        start--;
    }
    while (start < end) {
        size_t e = start, i;
        while (e < end && p->tail[e] != '\n')
            e++;
        sb_puts(out, prefix);
        for (i = start; i < e; i++) {
            unsigned char c = (unsigned char)p->tail[i];
            sb_putc(out, (c >= 32 && c < 127) || c == '\t' ? (char)c : '?');
        }
        sb_putc(out, '\n');
        start = e + 1;
    }
}
