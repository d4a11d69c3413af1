/*
 * load_conn.c - mg-load's connections: non-blocking connect, the requests'
 * output, the HTTP answers (Content-Length, chunked, to EOF), the SSE
 * event streams' lines and the epoll events (see mg-load.c).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <netinet/tcp.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

/* ------------------------------------------------------- connections */

static void set_nb(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static int conn_connect(conn *c)
{
    struct epoll_event ev;
    struct sockaddr_in to;
    int one = 1;
    c->fd = socket(AF_INET, SOCK_STREAM, 0);
    if (c->fd < 0) {
        ml_note("socket: %s", strerror(errno));
        c->run->conn_errors++;
        return -1;
    }
    set_nb(c->fd);
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->state = C_CONNECTING;
    c->rs = R_IDLE;
    c->rlen = 0;
    c->inflight = 0;
    c->open = 0;
    to = c->run->addr;
    if (c->port > 0) /* --ports: this connection's process */
        to.sin_port = htons((uint16_t)c->port);
    if (connect(c->fd, (const struct sockaddr *)&to, sizeof to) < 0 &&
        errno != EINPROGRESS) {
        ml_note("connect: %s", strerror(errno));
        c->run->conn_errors++;
        close(c->fd);
        c->fd = -1;
        c->state = C_CLOSED;
        return -1;
    }
    ev.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP;
    ev.data.ptr = c;
    epoll_ctl(c->run->ep, EPOLL_CTL_ADD, c->fd, &ev);
    return 0;
}

static void conn_want_out(conn *c, int on)
{
    struct epoll_event ev;
    ev.events = EPOLLIN | EPOLLRDHUP | (on ? EPOLLOUT : 0);
    ev.data.ptr = c;
    epoll_ctl(c->run->ep, EPOLL_CTL_MOD, c->fd, &ev);
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
int ml_conn_request(conn *c, const char *req, size_t n)
{
    free(c->w);
    c->w = malloc(n);
    if (!c->w)
        ml_die("out of memory");
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
        ml_conn_close(c);
        return -1;
    }
    return 0;
}

void ml_conn_close(conn *c)
{
    if (c->fd >= 0) {
        epoll_ctl(c->run->ep, EPOLL_CTL_DEL, c->fd, NULL);
        close(c->fd);
    }
    c->fd = -1;
    c->state = C_CLOSED;
    c->rlen = 0;
    c->wlen = c->woff = 0;
    c->rs = R_IDLE;
    c->open = 0;
    c->llen = 0;
}

/* ------------------------------------------------------ HTTP and SSE */

static void sse_line(conn *c, char *line, size_t n)
{
    if (n && line[n - 1] == '\r')
        line[--n] = 0;
    if (n == 0) {
        if (c->ev_id >= 0)
            ml_on_event(c, c->ev_id);
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
            ml_die("out of memory");
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
        ml_on_answer(c->run, &c->run->games[c->slot], c->status, c->body);
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
            if (c->seat < 0)
                c->run->spect_open++;
        } else {
            ml_count_status(c->run, c->status);
            if (c->seat < 0)
                c->run->spect_failed++;
            else
                ml_note("seat stream %s: status %d", c->path, c->status);
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

/* An answer read whole: 1 when the connection is gone, -1 when it is to
 * close, else 0 (the next answer may follow). */
static int answer_end(conn *c)
{
    answer_done(c);
    if (c->fd < 0)
        return 1;
    return c->close_after ? -1 : 0;
}

/* Parse what is in c->r; returns -1 when the connection is to close. */
static int conn_parse(conn *c)
{
    size_t off = 0;
    int rc;
    for (;;) {
        char *p = c->r + off;
        size_t n = c->rlen - off;
        if (c->rs == R_IDLE) {
            if (n)
                c->run->errs_other++; /* unexpected bytes */
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
                if ((rc = answer_end(c)) != 0)
                    return rc;
            }
            continue;
        }
        if (c->rs == R_CL) {
            size_t k = (size_t)c->left < n ? (size_t)c->left : n;
            body_feed(c, p, k);
            off += k;
            c->left -= (long long)k;
            if (c->left == 0) {
                if ((rc = answer_end(c)) != 0)
                    return rc;
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
                if ((rc = answer_end(c)) != 0)
                    return rc;
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
    ml_run *r = c->run;
    int was_inflight = c->inflight && c->kind == K_CMD;
    int was_stream_open = c->kind == K_STREAM && c->open;
    if (!eof)
        r->conn_errors++;
    ml_conn_close(c);
    if (was_inflight) {
        game *g = &r->games[c->slot];
        r->conn_errors++;
        c->inflight = 0;
        ml_on_answer(r, g, 0, "");
    }
    if (c->kind == K_STREAM) {
        if (c->seat < 0) {
            if (was_stream_open) {
                r->spect_open--;
                r->spect_closed++;
            } else
                r->spect_failed++;
        } else if (r->phase <= P_PLAY && c->slot >= 0 &&
                   r->games[c->slot].gs != G_NEW && r->games[c->slot].id[0]) {
            /* a seat stream: reopen after what we have; at once after
             * an open stream ended, later and later while it cannot even
             * open (the server down: no storm of connections) */
            game *g = &r->games[c->slot];
            if (was_stream_open || c->backoff_ms <= 0)
                c->backoff_ms = 50;
            else if (c->backoff_ms < 2000)
                c->backoff_ms *= 2;
            if (r->opt.verbose)
                ml_note("seat stream of %s closed; reopening in %d ms", g->id,
                        was_stream_open ? 0 : c->backoff_ms);
            if (was_stream_open) {
                ml_stream_open(c, g->id, g->secret[c->seat], c->last_id);
            } else {
                c->reopen = 1;
                c->reopen_us = ml_now_us() + (int64_t)c->backoff_ms * 1000;
            }
        }
    }
}

void ml_conn_event(conn *c, uint32_t evs)
{
    if (c->state == C_CONNECTING && (evs & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
        int err = 0;
        socklen_t l = sizeof err;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &l);
        if (err) {
            if (c->run->opt.verbose)
                ml_note("connect: %s", strerror(err));
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
                    ml_die("out of memory");
            }
            k = recv(c->fd, c->r + c->rlen, c->rcap - c->rlen - 1, 0);
            if (k > 0) {
                c->rlen += (size_t)k;
                c->r[c->rlen] = 0;
                if (conn_parse(c) < 0) {
                    ml_conn_close(c);
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
