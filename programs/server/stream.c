/*
 * stream.c - Server-Sent Events and long polls (doc/server-api.md,
 * "Events").  A stream is a libmicrohttpd response whose content comes
 * from a buffer the table's broadcasts fill; when the buffer is empty the
 * connection is suspended, and the next broadcast or heartbeat resumes
 * it.  A stream that connects gets the events it missed from storage
 * (every one after Last-Event-ID), then live ones: both under the table's
 * lock, so none is lost or sent twice.
 */
#include "server.h"

#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STREAM_MAX_BUFFER (1 << 20) /* a client this far behind is cut */

struct mgs_stream {
    mgs_stream *next;
    mgs_srv *srv;
    mgs_table *t;
    struct MHD_Connection *conn;
    int fd;         /* the connection's socket, watched while suspended */
    int watch_ref;  /* under srv.watch_mu: the watcher holds it */
    int dead;       /* under srv.watch_mu: its connection is gone */
    pthread_mutex_t mu;
    char *buf;
    size_t len, off, cap;
    int suspended, closed;
    int seat; /* -1: a spectator */
    int64_t sent; /* the last event id sent (or the client's Last-Event-ID):
                   * a stream opened on a table that is behind its log
                   * (another process stored more, this one has not
                   * caught up yet) has those events already, from the
                   * log or from the client: not again from the
                   * catching up */
};

struct mgs_poll {
    mgs_poll *next;
    struct MHD_Connection *conn;
    int64_t after, deadline_ms;
    json_t **ready; /* where the answer goes (the request's context) */
};

/* ------------------------------------------------------------ buffers */

static void push(mgs_stream *s, const char *data, size_t n)
{
    int resume;
    pthread_mutex_lock(&s->mu);
    if (!s->closed) {
        if (s->len + n > STREAM_MAX_BUFFER) {
            s->closed = 1; /* too slow: it reconnects with Last-Event-ID */
        } else {
            if (s->len + n > s->cap) {
                size_t cap = s->cap ? s->cap : 1024;
                char *b;
                while (cap < s->len + n)
                    cap *= 2;
                b = realloc(s->buf, cap);
                if (!b) {
                    s->closed = 1;
                    goto wake;
                }
                s->buf = b;
                s->cap = cap;
            }
            memcpy(s->buf + s->len, data, n);
            s->len += n;
        }
    }
wake:
    resume = s->suspended;
    s->suspended = 0;
    if (resume)
        mgs_watch_del(s->srv, s->fd, s);
    pthread_mutex_unlock(&s->mu);
    if (resume)
        MHD_resume_connection(s->conn);
}

static void push_event(mgs_stream *s, int64_t version, const char *type,
                       const char *json)
{
    char head[96];
    size_t n = strlen(json);
    char *msg;
    int h;
    if (version > 0) {
        if (version <= s->sent)
            return;
        s->sent = version;
    }
    h = version > 0
                ? snprintf(head, sizeof head, "id: %lld\nevent: %s\ndata: ",
                           (long long)version, type)
                : snprintf(head, sizeof head, "event: %s\ndata: ", type);
    msg = malloc((size_t)h + n + 3);
    if (!msg)
        return;
    memcpy(msg, head, (size_t)h);
    memcpy(msg + h, json, n);
    memcpy(msg + h + n, "\n\n", 3);
    push(s, msg, (size_t)h + n + 2);
    free(msg);
}

static ssize_t reader(void *cls, uint64_t pos, char *out, size_t max)
{
    mgs_stream *s = cls;
    ssize_t n;
    (void)pos;
    pthread_mutex_lock(&s->mu);
    if (s->len > s->off) {
        size_t k = s->len - s->off;
        if (k > max)
            k = max;
        memcpy(out, s->buf + s->off, k);
        s->off += k;
        if (s->off == s->len)
            s->off = s->len = 0;
        n = (ssize_t)k;
    } else if (s->closed) {
        n = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        s->suspended = 1;
        MHD_suspend_connection(s->conn);
        /* while suspended, libmicrohttpd does not see the client leave:
         * the watcher does (mgs_watch_main) */
        mgs_watch_add(s->srv, s->fd, s);
        n = 0;
    }
    pthread_mutex_unlock(&s->mu);
    return n;
}

static void presence_note(mgs_srv *srv, mgs_table *t)
{
    json_t *d =
        json_pack("{s:[b,b],s:i}", "present",
                  t->r.seats[0].kind == MGS_BOT || t->seats[0].present > 0 ||
                      t->seats[0].remote_here,
                  t->r.seats[1].kind == MGS_BOT || t->seats[1].present > 0 ||
                      t->seats[1].remote_here,
                  "spectators", t->spectators);
    mgs_broadcast_note(srv, t, "presence", d);
    json_decref(d);
}

/* Presence goes out at most once per timer tick (mgs_presence_flush):
 * a thousand spectators connecting make one note, not a million. */
void mgs_presence_changed(mgs_srv *srv, mgs_table *t)
{
    (void)srv;
    t->presence_dirty = 1;
}

void mgs_presence_flush(mgs_srv *srv, mgs_table *t)
{
    if (t->presence_dirty) {
        t->presence_dirty = 0;
        presence_note(srv, t);
    }
}

/* The connection is gone: the response is freed. */
static void stream_memory_free(mgs_stream *s)
{
    pthread_mutex_destroy(&s->mu);
    free(s->buf);
    free(s);
}

static void stream_free(void *cls)
{
    mgs_stream *s = cls, **pp;
    mgs_table *t = s->t;
    mgs_srv *srv = s->srv;
    pthread_mutex_lock(&t->mu);
    for (pp = &t->streams; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            break;
        }
    t->nstreams--;
    if (s->seat >= 0) {
        if (--t->seats[s->seat].present == 0)
            t->seats[s->seat].away_since_ms = mgs_now_ms();
    } else {
        t->spectators--;
    }
    t->presence_dirty = 1;
    pthread_mutex_unlock(&t->mu);
    pthread_mutex_lock(&srv->metrics_mu);
    srv->streams_open--;
    pthread_mutex_unlock(&srv->metrics_mu);
    mgs_release(srv, t);
    if (mgs_watch_gone(srv, s->fd, s))
        stream_memory_free(s);
}

/* The watcher saw the client of a suspended stream leave: end it (the
 * stream's memory lives until both the watcher and the connection are
 * done with it). */
void mgs_stream_peer_closed(mgs_srv *srv, mgs_stream *s)
{
    int resume = 0;
    pthread_mutex_lock(&s->mu);
    if (s->suspended) {
        s->suspended = 0;
        s->closed = 1;
        resume = 1;
    }
    pthread_mutex_unlock(&s->mu);
    if (resume)
        MHD_resume_connection(s->conn);
    if (mgs_watch_done(srv, s))
        stream_memory_free(s);
}

int *mgs_stream_refs(mgs_stream *s, int **dead)
{
    *dead = &s->dead;
    return &s->watch_ref;
}

static int backlog_event(void *arg, const mgs_event_row *ev)
{
    push_event(arg, ev->version, ev->type, ev->json);
    return 0;
}

int mgs_stream_open(mgs_srv *srv, struct MHD_Connection *c, mgs_table *t,
                    int seat, int64_t after)
{
    mgs_stream *s;
    struct MHD_Response *resp;
    int rc;
    if (mgs_stopping(srv))
        return -1;
    s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    pthread_mutex_init(&s->mu, NULL);
    s->srv = srv;
    s->t = t;
    s->conn = c;
    s->seat = seat;
    s->sent = after; /* the client has those (Last-Event-ID) */
    {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        s->fd = ci ? ci->connect_fd : -1;
    }
    /* how long a browser's EventSource waits before it connects again
     * when the stream drops (its server process died or stopped): a
     * block with no data sets it and is no event (server-api.md) */
    push(s, MGS_STREAM_RETRY, sizeof MGS_STREAM_RETRY - 1);
    pthread_mutex_lock(&t->mu);
    if (mgs_store_events(srv->store, t->id, after, backlog_event, s) !=
        MGS_OK) {
        pthread_mutex_unlock(&t->mu);
        pthread_mutex_destroy(&s->mu);
        free(s->buf);
        free(s);
        return -1;
    }
    s->next = t->streams;
    t->streams = s;
    t->nstreams++;
    if (seat >= 0) {
        if (t->seats[seat].present++ == 0)
            mgs_presence_opened(srv); /* the other processes: soon */
        t->seats[seat].away_since_ms = 0;
    } else {
        t->spectators++;
    }
    t->presence_dirty = 1;
    pthread_mutex_unlock(&t->mu);
    pthread_mutex_lock(&srv->metrics_mu);
    srv->streams_open++;
    pthread_mutex_unlock(&srv->metrics_mu);
    resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 2048, reader,
                                             s, stream_free);
    if (!resp) {
        stream_free(s);
        return -1;
    }
    MHD_add_response_header(resp, "Content-Type", "text/event-stream");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    mgs_http_headers(resp);
    rc = MHD_queue_response(c, 200, resp) == MHD_YES ? 0 : -1;
    MHD_destroy_response(resp);
    return rc;
}

/* --------------------------------------------------------- broadcasts */

static json_t *poll_answer(mgs_table *t, const json_t *events, int64_t after)
{
    json_t *list = json_array(), *ev;
    size_t i;
    json_array_foreach((json_t *)events, i, ev)
        if (json_integer_value(json_object_get(ev, "version")) > after)
            /* a copy: the poll's answer goes to another thread */
            json_array_append_new(list, json_deep_copy(ev));
    return json_pack("{s:I,s:o}", "version", (json_int_t)t->r.version, "events",
                     list);
}

/* The events just committed (command.c's mgs_call): texts[i] is event
 * i's JSON text, the one that was stored. */
void mgs_broadcast(mgs_srv *srv, mgs_table *t, const json_t *events,
                   char *const *texts)
{
    mgs_stream *s;
    mgs_poll *p;
    json_t *ev;
    size_t i;
    (void)srv;
    json_array_foreach((json_t *)events, i, ev)
    {
        const char *type = json_string_value(json_object_get(ev, "type"));
        int64_t v = json_integer_value(json_object_get(ev, "version"));
        for (s = t->streams; s; s = s->next)
            push_event(s, v, type ? type : "event", texts[i]);
    }
    while ((p = t->polls) != NULL) {
        t->polls = p->next;
        *p->ready = poll_answer(t, events, p->after);
        MHD_resume_connection(p->conn);
        free(p);
    }
}

void mgs_broadcast_note(mgs_srv *srv, mgs_table *t, const char *type,
                        const json_t *data)
{
    mgs_stream *s;
    char *text = json_dumps(data, JSON_COMPACT);
    (void)srv;
    if (!text)
        return;
    for (s = t->streams; s; s = s->next)
        push_event(s, 0, type, text);
    free(text);
}

void mgs_heartbeat(mgs_srv *srv, mgs_table *t, int64_t now_ms, int ping)
{
    mgs_stream *s;
    mgs_poll **pp = &t->polls;
    (void)srv;
    for (s = t->streams; ping && s; s = s->next)
        push(s, ": ping\n\n", 8);
    while (*pp) {
        mgs_poll *p = *pp;
        if (p->deadline_ms <= now_ms) {
            *pp = p->next;
            *p->ready = json_pack("{s:I,s:[]}", "version",
                                  (json_int_t)t->r.version, "events");
            MHD_resume_connection(p->conn);
            free(p);
        } else {
            pp = &p->next;
        }
    }
}

void mgs_streams_close(mgs_srv *srv, mgs_table *t)
{
    mgs_stream *s;
    for (s = t->streams; s; s = s->next) {
        push_event(s, 0, "restarting",
                   "{\"message\":\"the server is restarting: reconnect\"}");
        pthread_mutex_lock(&s->mu);
        s->closed = 1;
        pthread_mutex_unlock(&s->mu);
        push(s, "", 0); /* resume it, so it ends */
    }
    mgs_heartbeat(srv, t, INT64_MAX, 0); /* answer every poll */
}

/* ----------------------------------------------------------- long poll */

typedef struct poll_collect {
    json_t *list;
} poll_collect;

static int collect(void *arg, const mgs_event_row *ev)
{
    poll_collect *pc = arg;
    json_error_t je;
    json_t *j = json_loads(ev->json, 0, &je);
    if (j)
        json_array_append_new(pc->list, j);
    return 0;
}

int mgs_poll_open(mgs_srv *srv, struct MHD_Connection *c, mgs_table *t,
                  int64_t after, int wait, json_t **ready)
{
    pthread_mutex_lock(&t->mu);
    if (t->r.version > after || !wait || mgs_stopping(srv)) {
        poll_collect pc;
        pc.list = json_array();
        if (mgs_store_events(srv->store, t->id, after, collect, &pc) !=
            MGS_OK) {
            pthread_mutex_unlock(&t->mu);
            json_decref(pc.list);
            return -1;
        }
        *ready = json_pack("{s:I,s:o}", "version", (json_int_t)t->r.version,
                           "events", pc.list);
        pthread_mutex_unlock(&t->mu);
        return 1;
    } else {
        mgs_poll *p = calloc(1, sizeof *p);
        if (!p) {
            pthread_mutex_unlock(&t->mu);
            return -1;
        }
        p->conn = c;
        p->after = after;
        p->deadline_ms = mgs_now_ms() + (int64_t)srv->cfg.poll_s * 1000;
        p->ready = ready;
        p->next = t->polls;
        t->polls = p;
        MHD_suspend_connection(c);
    }
    pthread_mutex_unlock(&t->mu);
    return 0;
}
