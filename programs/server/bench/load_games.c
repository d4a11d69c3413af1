/*
 * load_games.c - mg-load's games: creating and joining the tables, the
 * seats' event streams, the moves (random legal actions on a local
 * mg_state), the commands' answers and the moves' events (see mg-load.c).
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE

#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- JSON */

/* The first "key": STRING (or number, raw) in text; 0 when found. */
static int json_get(const char *text, const char *key, char *out, size_t cap)
{
    char pat[64];
    const char *p;
    size_t n = 0;
    snprintf(pat, sizeof pat, "\"%s\"", key);
    p = strstr(text, pat);
    if (!p)
        return -1;
    p += strlen(pat);
    while (*p == ' ' || *p == ':' || *p == '\t' || *p == '\n')
        p++;
    if (*p == '"') {
        p++;
        while (*p && *p != '"' && n + 1 < cap) {
            if (*p == '\\' && p[1])
                p++;
            out[n++] = *p++;
        }
    } else {
        while (*p && *p != ',' && *p != '}' && *p != ' ' && n + 1 < cap)
            out[n++] = *p++;
    }
    out[n] = 0;
    return 0;
}

static long long json_int(const char *text, const char *key, long long dflt)
{
    char b[32];
    if (json_get(text, key, b, sizeof b) < 0 || !b[0] || !strcmp(b, "null"))
        return dflt;
    return strtoll(b, NULL, 10);
}

/* ------------------------------------------------------------ games */

static uint64_t rnd(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* Queue a game whose next move may go (once). */
void ml_rq_push(ml_run *r, game *g)
{
    if (g->queued)
        return;
    g->queued = 1;
    r->rq[(r->rq_head + r->rq_len) % r->ngames] = g->index;
    r->rq_len++;
}

void ml_send_create(ml_run *r, game *g)
{
    const char *src = r->opt.spec;
    char body[512], req[1024], spec[300];
    size_t i, n = 0;
    int len, blen;
    for (i = 0; src[i] && n + 2 < sizeof spec; i++) {
        if (src[i] == '"' || src[i] == '\\')
            spec[n++] = '\\';
        spec[n++] = src[i];
    }
    spec[n] = 0;
    blen = snprintf(body, sizeof body, "{\"spec\":\"%s\",\"seat\":0}", spec);
    len = snprintf(req, sizeof req,
                   "POST /api/v1/tables HTTP/1.1\r\nHost: %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: %d"
                   "\r\n\r\n%s", r->hostport, blen, body);
    g->gs = G_CREATING;
    g->sent_us = ml_now_us();
    ml_conn_request(&g->cmd, req, (size_t)len);
}

static void send_join(ml_run *r, game *g)
{
    char body[256], req[1024];
    int len, blen;
    blen = snprintf(body, sizeof body, "{\"invite\":\"%s\"}", g->invite);
    len = snprintf(req, sizeof req,
                   "POST /api/v1/tables/%s/join HTTP/1.1\r\nHost: %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: %d"
                   "\r\n\r\n%s", g->id, r->hostport, blen, body);
    g->gs = G_JOINING;
    ml_conn_request(&g->cmd, req, (size_t)len);
}

void ml_stream_open(conn *c, const char *id, const char *secret,
                    long long after)
{
    char req[1024], auth[200] = "";
    int len;
    if (secret)
        snprintf(auth, sizeof auth, "Authorization: Bearer %s\r\n", secret);
    if (after >= 0)
        snprintf(c->path, sizeof c->path, "/api/v1/tables/%s/events?after=%lld",
                 id, after);
    else
        snprintf(c->path, sizeof c->path, "/api/v1/tables/%s/events", id);
    len = snprintf(req, sizeof req,
                   "GET %s HTTP/1.1\r\nHost: %s\r\n"
                   "Accept: text/event-stream\r\n%s\r\n", c->path,
                   c->run->hostport, auth);
    c->kind = K_STREAM;
    c->ev_id = -1;
    c->llen = 0;
    if (ml_conn_request(c, req, (size_t)len) < 0 && c->seat < 0)
        c->run->spect_failed++;
}

void ml_game_streams(game *g)
{
    int s;
    for (s = 0; s < 2; s++) {
        conn *c = &g->seat[s];
        if (c->fd >= 0)
            ml_conn_close(c);
        c->slot = g->index;
        c->seat = s;
        c->last_id = -1;
        c->events = 0;
        c->reopen = 0;
        c->backoff_ms = 0;
        ml_stream_open(c, g->id, g->secret[s], -1);
    }
    g->gs = G_STREAMS;
}

void ml_game_reset(game *g)
{
    int s;
    for (s = 0; s < 2; s++) {
        if (g->seat[s].fd >= 0)
            ml_conn_close(&g->seat[s]);
        g->seat[s].reopen = 0;
    }
    mg_state_free(g->st);
    g->st = NULL;
    memset(g->ring_v, 0, sizeof g->ring_v);
    g->version = 0;
    g->id[0] = 0;
    g->gs = G_NEW;
}

void ml_send_move(ml_run *r, game *g)
{
    char body[256], req[1024];
    size_t cnt = 0;
    int len, blen, slot;
    if (mg_state_legal_actions(g->st, r->legal, r->legal_cap, &cnt) != 0 ||
        !cnt) {
        g->gs = G_DONE;
        return;
    }
    if (!g->retry) {
        g->action = r->legal[rnd(&g->rng) % cnt];
        g->mover = mg_state_current_player(g->st);
    }
    g->retry = 0;
    blen = snprintf(body, sizeof body,
                    "{\"op\":\"move\",\"action\":%ld,\"cmd_id\":\"m%lld\"}",
                    (long)g->action, g->version + 1);
    len = snprintf(req, sizeof req,
                   "POST /api/v1/tables/%s/commands HTTP/1.1\r\nHost: %s\r\n"
                   "Authorization: Bearer %s\r\n"
                   "Content-Type: application/json\r\nContent-Length: %d"
                   "\r\n\r\n%s", g->id, r->hostport, g->secret[g->mover],
                   blen, body);
    g->gs = G_SENT;
    g->sent_us = ml_now_us();
    slot = (int)((g->version + 1) % RING);
    g->ring_v[slot] = g->version + 1;
    g->ring_t[slot] = g->sent_us;
    g->ring_seat[slot] = g->mover;
    r->moves_sent++;
    ml_conn_request(&g->cmd, req, (size_t)len);
}

void ml_count_status(ml_run *r, int st)
{
    if (st >= 0 && st < 600)
        r->status_count[st]++;
    else
        r->errs_other++;
}

/* A command connection's answer is complete. */
void ml_on_answer(ml_run *r, game *g, int status, const char *body)
{
    int64_t t = ml_now_us();
    switch (g->gs) {
    case G_CREATING:
        ml_count_status(r, status);
        if (status != 201 || json_get(body, "id", g->id, sizeof g->id) < 0 ||
            json_get(body, "secret", g->secret[0], sizeof g->secret[0]) < 0 ||
            json_get(body, "invite", g->invite, sizeof g->invite) < 0) {
            if (r->opt.verbose || status != 429)
                ml_note("create: %d %.200s", status, body);
            g->gs = G_WAIT;
            g->wake_us = t + 200000;
            return;
        }
        r->tables_made++;
        send_join(r, g);
        return;
    case G_JOINING:
        ml_count_status(r, status);
        if (status != 200 ||
            json_get(body, "secret", g->secret[1], sizeof g->secret[1]) < 0) {
            ml_note("join %s: %d %.200s", g->id, status, body);
            g->gs = G_DEAD;
            return;
        }
        g->version = json_int(body, "version", 0);
        ml_sample_add(&r->lat_setup, t - g->sent_us);
        if (!g->play) {
            g->gs = G_SET;
            ml_conn_close(&g->cmd);
            return;
        }
        if (mg_state_new(&g->st, r->game) != 0)
            ml_die("mg_state_new failed");
        if (r->phase >= P_SEAT_STREAMS)
            ml_game_streams(g);
        else
            g->gs = G_SET;
        return;
    case G_SENT:
        ml_count_status(r, status);
        if (status == 200) {
            long long v = json_int(body, "version", -1);
            if (v != g->version + 1 && r->opt.verbose)
                ml_note("table %s: answer version %lld, expected %lld",
                        g->id, v, g->version + 1);
            if (r->phase == P_PLAY && t <= r->play_end_us)
                r->moves_ok++;
            ml_sample_add(&r->lat_cmd, t - g->sent_us);
            if (mg_state_apply(g->st, g->action) != 0)
                ml_die("local state refused an acknowledged move");
            g->version = v > 0 ? v : g->version + 1;
            if (mg_state_is_terminal(g->st)) {
                r->games_finished++;
                g->games_done++;
                if (r->phase == P_PLAY) {
                    /* a moment for the last event, then a new table */
                    g->gs = G_END;
                    g->wake_us = t + 100000;
                } else
                    g->gs = G_DONE;
                return;
            }
            g->gs = G_READY;
            if (r->phase == P_PLAY)
                ml_rq_push(r, g);
            return;
        }
        if (status == 429 || status == 503 || status == 0) {
            g->gs = G_WAIT; /* the same action and cmd_id again */
            g->retry = 1;
            g->wake_us = t + (status == 429 ? 100000 : 20000);
            return;
        }
        ml_note("table %s move %ld: %d %.200s", g->id, (long)g->action, status,
                body);
        /* a 409/422 means our picture is wrong: start a new table */
        ml_game_reset(g);
        if (r->phase == P_PLAY)
            ml_send_create(r, g);
        return;
    default:
        return;
    }
}

/* An event (with an id) on a stream. */
void ml_on_event(conn *c, long long id)
{
    ml_run *r = c->run;
    game *g;
    int slot;
    if (id > c->last_id)
        c->last_id = id;
    c->events++;
    if (c->seat < 0 || c->slot < 0)
        return;
    g = &r->games[c->slot];
    if (g->gs == G_STREAMS && g->seat[0].last_id >= g->version &&
        g->seat[1].last_id >= g->version) {
        g->gs = G_READY;
        if (r->phase == P_PLAY)
            ml_rq_push(r, g);
    }
    slot = (int)(id % RING);
    if (g->ring_v[slot] == id) {
        if (g->ring_seat[slot] != c->seat) {
            if (r->phase >= P_PLAY)
                ml_sample_add(&r->lat_event, ml_now_us() - g->ring_t[slot]);
            g->ring_v[slot] = 0;
        }
    }
}
