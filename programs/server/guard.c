/*
 * guard.c - what stands between the network and the tables: a token
 * bucket per client address and per seat (429 with Retry-After past
 * them), and JSON bodies parsed within limits (size checked by http.c;
 * nesting depth, duplicate keys and UTF-8 here).
 */
#include "server.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An open-addressing table of buckets; a full table forgets the bucket
 * that has been full longest (a client idle for rate/burst seconds is
 * indistinguishable from a new one). */
#define RATE_SLOTS 4096

typedef struct rate_slot {
    char ip[48];
    double tokens;
    int64_t ms;
} rate_slot;

struct mgs_rate {
    pthread_mutex_t mu;
    rate_slot slot[RATE_SLOTS];
};

int mgs_rate_init(mgs_srv *srv)
{
    srv->rate = calloc(1, sizeof *srv->rate);
    if (!srv->rate)
        return -1;
    pthread_mutex_init(&srv->rate->mu, NULL);
    return 0;
}

void mgs_rate_free(mgs_srv *srv)
{
    if (!srv->rate)
        return;
    pthread_mutex_destroy(&srv->rate->mu);
    free(srv->rate);
    srv->rate = NULL;
}

static uint32_t hash_ip(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 16777619u;
    return h;
}

/* Take one token from a bucket of `rate` per second up to `burst`:
 * 0 when there was one, else the whole seconds until there is. */
static int take(double *tokens, int64_t *ms, double rate, double burst,
                int64_t now)
{
    double t = *tokens + (double)(now - *ms) / 1000.0 * rate;
    if (t > burst)
        t = burst;
    *ms = now;
    if (t >= 1.0) {
        *tokens = t - 1.0;
        return 0;
    }
    *tokens = t;
    return (int)ceil((1.0 - t) / rate);
}

int mgs_rate_take(mgs_srv *srv, const char *ip)
{
    mgs_rate *r = srv->rate;
    int64_t now = mgs_now_ms();
    uint32_t h = hash_ip(ip);
    int i, victim = -1, wait;
    int64_t oldest = INT64_MAX;
    if (srv->cfg.rate <= 0)
        return 0;
    pthread_mutex_lock(&r->mu);
    for (i = 0; i < 16; i++) {
        rate_slot *s = &r->slot[(h + (uint32_t)i) % RATE_SLOTS];
        if (strcmp(s->ip, ip) == 0) {
            victim = (int)((h + (uint32_t)i) % RATE_SLOTS);
            break;
        }
        if (!s->ip[0] || s->ms < oldest) {
            oldest = s->ip[0] ? s->ms : INT64_MIN;
            victim = (int)((h + (uint32_t)i) % RATE_SLOTS);
        }
    }
    if (strcmp(r->slot[victim].ip, ip) != 0) {
        rate_slot *s = &r->slot[victim];
        strncpy(s->ip, ip, sizeof s->ip - 1);
        s->ip[sizeof s->ip - 1] = '\0';
        s->tokens = srv->cfg.burst;
        s->ms = now;
    }
    wait = take(&r->slot[victim].tokens, &r->slot[victim].ms, srv->cfg.rate,
                srv->cfg.burst, now);
    pthread_mutex_unlock(&r->mu);
    return wait;
}

int mgs_seat_rate_take(mgs_srv *srv, mgs_seat *s, int64_t now_ms)
{
    double burst = srv->cfg.seat_rate * 2; /* two seconds' worth at once */
    if (srv->cfg.seat_rate <= 0)
        return 0;
    if (s->tokens_ms == 0) {
        s->tokens = burst;
        s->tokens_ms = now_ms;
    }
    return take(&s->tokens, &s->tokens_ms, srv->cfg.seat_rate, burst, now_ms);
}

/* The deepest nesting of arrays and objects in a JSON text (outside
 * strings); the text need not be valid. */
static int json_depth(const char *p, size_t n)
{
    int depth = 0, max = 0, in_str = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        char c = p[i];
        if (in_str) {
            if (c == '\\')
                i++;
            else if (c == '"')
                in_str = 0;
        } else if (c == '"') {
            in_str = 1;
        } else if (c == '[' || c == '{') {
            if (++depth > max)
                max = depth;
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return max;
}

json_t *mgs_json_parse(const char *body, size_t n, char *err, size_t cap)
{
    json_error_t je;
    json_t *j;
    if (n == 0) {
        snprintf(err, cap, "the request has no body: a JSON object was "
                           "expected");
        return NULL;
    }
    if (json_depth(body, n) > MGS_JSON_DEPTH) {
        snprintf(err, cap, "the JSON body is nested more than %d deep",
                 MGS_JSON_DEPTH);
        return NULL;
    }
    j = json_loadb(body, n, JSON_REJECT_DUPLICATES, &je);
    if (!j) {
        snprintf(err, cap, "the body is not valid JSON: %s (line %d, "
                           "column %d)",
                 je.text, je.line, je.column);
        return NULL;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        snprintf(err, cap, "the JSON body must be an object");
        return NULL;
    }
    return j;
}
