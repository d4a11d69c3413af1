/*
 * lines.c - reading lines from a file descriptor (see lines.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "lines.h"
#include "util.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void lr_init(linereader *r, int fd, size_t max)
{
    memset(r, 0, sizeof *r);
    r->fd = fd;
    r->max = max;
    r->cap = 65536;
    r->buf = util_xmalloc(r->cap + 1);
}

void lr_free(linereader *r)
{
    free(r->buf);
    r->buf = NULL;
}

static int finish(linereader *r, size_t n, size_t consumed, char **line,
                  size_t *len, int *flags)
{
    char *s = r->buf + r->start;
    if (n > 0 && s[n - 1] == '\r')
        n--;
    s[n] = '\0';
    *flags = (r->nul ? LR_NUL : 0) | (r->discarding ? LR_TOOLONG : 0);
    *line = s;
    *len = n;
    r->start += consumed;
    r->len -= consumed;
    r->scanned = 0;
    r->nul = r->discarding = 0;
    return 1;
}

int lr_take(linereader *r, char **line, size_t *len, int *flags)
{
    char *s = r->buf + r->start;
    char *nl = memchr(s + r->scanned, '\n', r->len - r->scanned);
    if (memchr(s + r->scanned, '\0',
               (nl ? (size_t)(nl - s) : r->len) - r->scanned))
        r->nul = 1;
    if (nl) {
        size_t n = (size_t)(nl - s);
        if (r->discarding && n > r->max)
            n = r->max;
        return finish(r, n, (size_t)(nl - s) + 1, line, len, flags);
    }
    r->scanned = r->len;
    if (r->len > r->max) { /* keep the first max bytes, drop the rest */
        r->discarding = 1;
        r->len = r->scanned = r->max;
    }
    if (r->eof) {
        if (r->len == 0 && !r->discarding)
            return -1;
        finish(r, r->len, r->len, line, len, flags);
        *flags |= LR_PARTIAL;
        return 1;
    }
    return 0;
}

long lr_fill(linereader *r)
{
    ssize_t n;
    if (r->start > 0) { /* move the pending bytes to the front */
        memmove(r->buf, r->buf + r->start, r->len);
        r->start = 0;
    }
    if (r->len + 4096 > r->cap) {
        r->cap *= 2;
        r->buf = util_xrealloc(r->buf, r->cap + 1);
    }
    n = read(r->fd, r->buf + r->len, r->cap - r->len);
    if (n > 0)
        r->len += (size_t)n;
    else if (n == 0)
        r->eof = 1;
    return (long)n;
}

int lr_poll_ms(double deadline)
{
    double left;
    if (deadline < 0)
        return -1;
    left = (deadline - util_now()) * 1000.0;
    if (left <= 0)
        return 0;
    return left > 1e9 ? 1000000000 : (int)left + 1;
}

int lr_read(linereader *r, double deadline, char **line, size_t *len,
            int *flags)
{
    for (;;) {
        struct pollfd p;
        int got = lr_take(r, line, len, flags), ms;
        if (got == 1)
            return 1;
        if (got < 0)
            return 0;
        if (deadline >= 0) {
            int rc;
            p.fd = r->fd;
            p.events = POLLIN;
            if ((ms = lr_poll_ms(deadline)) == 0)
                return -1;
            rc = poll(&p, 1, ms);
            if (rc < 0 && errno != EINTR)
                return -2;
            if (rc <= 0)
                continue;
        }
        if (lr_fill(r) < 0 && errno != EINTR && errno != EAGAIN)
            return -2;
    }
}
