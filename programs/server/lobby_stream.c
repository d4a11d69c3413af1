/*
 * lobby_stream.c - GET /api/v1/lobby/events: the lobby's Server-Sent
 * Events (doc/server-api.md, "Lobby events").  Every stream gets "seek"
 * (a seek opened) and "seek_removed" (accepted, cancelled, expired, its
 * owner left); a stream opened with a player token also gets that
 * player's own "accepted" (its seek was accepted: table, seat and the
 * seat's secret, unsealed with the stream's token) and "paired" (a
 * pool's pairing).  Bounded as the tables' streams are: at most
 * --lobby-watchers streams (503 beyond), a ": ping" every --heartbeat
 * seconds (which also finds clients that left), and a stream whose
 * client reads too slowly to keep its buffer under 256 KiB is ended (it
 * reconnects and reads GET /api/v1/seeks again).
 *
 * The content comes from a buffer the lobby's events fill, as in
 * stream.c; when it is empty the connection is suspended and the next
 * event or heartbeat resumes it.  Locks: the lobby's mu before a
 * stream's mu.
 */
#include "lobby.h"

#include <microhttpd.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOBBY_STREAM_MAX_BUFFER (256 * 1024)

struct mgs_lstream {
    mgs_lstream *next;
    mgs_srv *srv;
    struct MHD_Connection *conn;
    pthread_mutex_t mu;
    char *buf;
    size_t len, off, cap;
    int suspended, closed;
    char player[MGS_NAME_BYTES]; /* "": anonymous */
    char token[160];             /* its player token, to unseal seats */
};

static void push(mgs_lstream *s, const char *data, size_t n)
{
    int resume;
    pthread_mutex_lock(&s->mu);
    if (!s->closed) {
        if (s->len + n > LOBBY_STREAM_MAX_BUFFER) {
            s->closed = 1; /* too slow: cut */
        } else if (n) {
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
    pthread_mutex_unlock(&s->mu);
    if (resume)
        MHD_resume_connection(s->conn);
}

/* An event's text, "event: TYPE\ndata: JSON\n\n" (malloc'd; *n its
 * length), made once for every stream it goes to. */
static char *event_text(const char *type, const char *json, size_t *n)
{
    size_t h = strlen(type) + 14, k = strlen(json);
    char *msg = malloc(h + k + 3);
    if (!msg)
        return NULL;
    snprintf(msg, h + 1, "event: %s\ndata: ", type);
    h = strlen(msg);
    memcpy(msg + h, json, k);
    memcpy(msg + h + k, "\n\n", 3);
    *n = h + k + 2;
    return msg;
}

static void push_event(mgs_lstream *s, const char *type, const char *json)
{
    size_t n;
    char *msg = event_text(type, json, &n);
    if (msg)
        push(s, msg, n);
    free(msg);
}

static ssize_t reader(void *cls, uint64_t pos, char *out, size_t max)
{
    mgs_lstream *s = cls;
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
        n = 0;
    }
    pthread_mutex_unlock(&s->mu);
    return n;
}

/* The seeks of `player` count its open streams (the owner is here). */
static void count_streams(mgs_lobby *l, const char *player, int d)
{
    int i;
    if (!player[0])
        return;
    for (i = 0; i < l->nseeks; i++)
        if (strcmp(l->seeks[i]->owner, player) == 0) {
            l->seeks[i]->owner_streams += d;
            l->seeks[i]->seen_ms = mgs_now_ms();
        }
}

static void stream_free(void *cls)
{
    mgs_lstream *s = cls, **pp;
    mgs_lobby *l = s->srv->lobby;
    pthread_mutex_lock(&l->mu);
    for (pp = &l->streams; *pp; pp = &(*pp)->next)
        if (*pp == s) {
            *pp = s->next;
            l->nstreams--;
            break;
        }
    count_streams(l, s->player, -1);
    pthread_mutex_unlock(&l->mu);
    pthread_mutex_lock(&s->srv->metrics_mu);
    s->srv->streams_open--;
    pthread_mutex_unlock(&s->srv->metrics_mu);
    sodium_memzero(s->token, sizeof s->token);
    pthread_mutex_destroy(&s->mu);
    free(s->buf);
    free(s);
}

int mgs_lobby_stream_open(mgs_srv *srv, struct MHD_Connection *c,
                          const char *authorization, mgs_result *r)
{
    mgs_lobby *l = mgs_lobby_of(srv);
    mgs_lstream *s;
    mgs_player p;
    struct MHD_Response *resp;
    json_t *hello;
    char *text;
    int who, rc, i, seen = 0;
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return -1;
    }
    if (mgs_stopping(srv)) {
        mgs_error(r, 503, "the server is stopping: reconnect");
        return -1;
    }
    who = mgs_player_auth(srv, authorization, &p, r);
    if (who < 0)
        return -1;
    s = calloc(1, sizeof *s);
    if (!s) {
        mgs_error(r, 503, "out of memory");
        return -1;
    }
    pthread_mutex_init(&s->mu, NULL);
    s->srv = srv;
    s->conn = c;
    if (who == 1) {
        snprintf(s->player, sizeof s->player, "%s", p.name);
        if (mgs_bearer(authorization))
            snprintf(s->token, sizeof s->token, "%s",
                     mgs_bearer(authorization));
    }
    pthread_mutex_lock(&l->mu);
    if (srv->cfg.lobby_watchers > 0 &&
        l->nstreams >= srv->cfg.lobby_watchers) {
        pthread_mutex_unlock(&l->mu);
        pthread_mutex_destroy(&s->mu);
        free(s);
        mgs_error(r, 503, "the lobby has %d watchers, this server's limit "
                          "(--lobby-watchers): try again later (or read GET "
                          "/api/v1/seeks)", srv->cfg.lobby_watchers);
        json_object_set_new(r->body, "limit", json_string("lobby-watchers"));
        return -1;
    }
    s->next = l->streams;
    l->streams = s;
    l->nstreams++;
    count_streams(l, s->player, 1);
    for (i = 0; i < l->nseeks; i++) /* the seeks this stream may see */
        seen += !l->seeks[i]->to[0] ||
                (s->player[0] && (strcmp(l->seeks[i]->to, s->player) == 0 ||
                                  strcmp(l->seeks[i]->owner, s->player) == 0));
    hello = json_pack("{s:o,s:i}", "player",
                      s->player[0] ? json_string(s->player) : json_null(),
                      "seeks", seen);
    text = hello ? json_dumps(hello, JSON_COMPACT) : NULL;
    push(s, MGS_STREAM_RETRY, sizeof MGS_STREAM_RETRY - 1);
    if (text)
        push_event(s, "hello", text);
    free(text);
    json_decref(hello);
    pthread_mutex_unlock(&l->mu);
    pthread_mutex_lock(&srv->metrics_mu);
    srv->streams_open++;
    pthread_mutex_unlock(&srv->metrics_mu);
    resp = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 2048, reader,
                                             s, stream_free);
    if (!resp) {
        stream_free(s);
        mgs_error(r, 503, "out of memory");
        return -1;
    }
    MHD_add_response_header(resp, "Content-Type", "text/event-stream");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    MHD_add_response_header(resp, "X-Accel-Buffering", "no");
    mgs_http_headers(resp);
    rc = MHD_queue_response(c, 200, resp) == MHD_YES ? 0 : -1;
    MHD_destroy_response(resp);
    if (rc != 0)
        mgs_error(r, 500, "cannot answer");
    return rc;
}

void mgs_lobby_publish(mgs_lobby *l, const char *player, const char *type,
                       const json_t *data)
{
    mgs_lstream *s;
    char *text = json_dumps(data, JSON_COMPACT), *msg;
    size_t n = 0;
    msg = text ? event_text(type, text, &n) : NULL;
    free(text);
    if (!msg)
        return;
    for (s = l->streams; s; s = s->next)
        if (!player || strcmp(player, s->player) == 0)
            push(s, msg, n);
    free(msg);
}

void mgs_lobby_publish_seat(mgs_lobby *l, const char *player,
                            const char *type, json_t *data,
                            const char *sealed)
{
    mgs_lstream *s;
    for (s = l->streams; s; s = s->next) {
        char *secret, *text;
        if (strcmp(player, s->player) != 0)
            continue;
        secret = s->token[0] ? mgs_unseal(s->token, sealed) : NULL;
        json_object_set_new(data, "secret",
                            secret ? json_string(secret) : json_null());
        text = json_dumps(data, JSON_COMPACT);
        if (text)
            push_event(s, type, text);
        if (secret) {
            sodium_memzero(secret, strlen(secret));
            free(secret);
        }
        if (text) {
            sodium_memzero(text, strlen(text));
            free(text);
        }
    }
    json_object_del(data, "secret");
}

int mgs_lobby_streams_of(mgs_lobby *l, const char *player)
{
    mgs_lstream *s;
    int n = 0;
    for (s = l->streams; s; s = s->next)
        n += strcmp(s->player, player) == 0;
    return n;
}

void mgs_lobby_heartbeat(mgs_lobby *l)
{
    mgs_lstream *s;
    for (s = l->streams; s; s = s->next)
        push(s, ": ping\n\n", 8);
}

void mgs_lobby_streams_close(mgs_srv *srv)
{
    mgs_lobby *l = srv->lobby;
    mgs_lstream *s;
    if (!l)
        return;
    pthread_mutex_lock(&l->mu);
    for (s = l->streams; s; s = s->next) {
        push_event(s, "restarting",
                   "{\"message\":\"the server is restarting: reconnect\"}");
        pthread_mutex_lock(&s->mu);
        s->closed = 1;
        pthread_mutex_unlock(&s->mu);
        push(s, "", 0); /* resume it, so it ends */
    }
    pthread_mutex_unlock(&l->mu);
}
