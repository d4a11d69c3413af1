/*
 * guard.c - what stands between the network and the tables: a token
 * bucket per client address and per seat (429 with Retry-After past
 * them), and JSON bodies parsed within limits (size checked by http.c;
 * nesting depth, duplicate keys and UTF-8 here).
 */
#include "server.h"

#include <arpa/inet.h>
#include <math.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the server keeps per client: an open-addressing table of slots,
 * each with the client's request bucket, its open connections, its open
 * tables and its bucket of table creations.  A full table forgets the
 * slot idle longest among those holding no connection and no table (a
 * client idle for burst/rate seconds is indistinguishable from a new
 * one); when none can be forgotten, the request is refused.  (The
 * request fuzzer, which makes a server per input and has one client,
 * builds this file with a small table: -DMGS_ADDR_SLOTS=256.) */
#ifdef MGS_ADDR_SLOTS
#define ADDR_SLOTS MGS_ADDR_SLOTS
#else
#define ADDR_SLOTS 65536
#endif
#define ADDR_PROBES 64

typedef struct addr_slot {
    char key[48];
    double tokens;  /* requests */
    int64_t ms;
    double ctokens; /* table creations */
    int64_t cms;
    double ptokens; /* players registered */
    int64_t pms;
    int conns, open;
} addr_slot;

struct mgs_rate {
    pthread_mutex_t mu;
    int open_tables; /* every open table of the server */
    addr_slot slot[ADDR_SLOTS];
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

void mgs_client_key(const char *ip, char *out, size_t cap)
{
    struct in6_addr a6;
    char b[INET6_ADDRSTRLEN];
    if (inet_pton(AF_INET6, ip, &a6) == 1) {
        if (IN6_IS_ADDR_V4MAPPED(&a6)) {
            struct in_addr a4;
            memcpy(&a4, a6.s6_addr + 12, 4);
            if (inet_ntop(AF_INET, &a4, b, sizeof b)) {
                snprintf(out, cap, "%s", b);
                return;
            }
        }
        memset(a6.s6_addr + 8, 0, 8);
        if (inet_ntop(AF_INET6, &a6, b, sizeof b)) {
            snprintf(out, cap, "%s/64", b);
            return;
        }
    }
    snprintf(out, cap, "%s", ip);
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

/* The slot of `key` (r->mu held), made when absent; NULL when the table
 * is full of clients that cannot be forgotten. */
static addr_slot *slot_of(mgs_srv *srv, const char *key, int64_t now)
{
    mgs_rate *r = srv->rate;
    uint32_t h = hash_ip(key);
    int i, victim = -1;
    int64_t oldest = INT64_MAX;
    addr_slot *s;
    for (i = 0; i < ADDR_PROBES; i++) {
        s = &r->slot[(h + (uint32_t)i) % ADDR_SLOTS];
        if (strcmp(s->key, key) == 0)
            return s;
        if (!s->key[0]) {
            if (oldest != INT64_MIN)
                victim = (int)((h + (uint32_t)i) % ADDR_SLOTS);
            oldest = INT64_MIN;
        } else if (s->conns == 0 && s->open == 0 && s->ms < oldest) {
            oldest = s->ms;
            victim = (int)((h + (uint32_t)i) % ADDR_SLOTS);
        }
    }
    if (victim < 0)
        return NULL;
    s = &r->slot[victim];
    memset(s, 0, sizeof *s);
    snprintf(s->key, sizeof s->key, "%s", key);
    s->tokens = srv->cfg.burst;
    s->ms = now;
    s->ctokens = srv->cfg.creations_per_hour;
    s->cms = now;
    s->ptokens = srv->cfg.players_per_hour;
    s->pms = now;
    return s;
}

int mgs_rate_take(mgs_srv *srv, const char *key)
{
    mgs_rate *r = srv->rate;
    int64_t now = mgs_now_ms();
    int wait;
    addr_slot *s;
    if (srv->cfg.rate <= 0)
        return 0;
    pthread_mutex_lock(&r->mu);
    s = slot_of(srv, key, now);
    wait = s ? take(&s->tokens, &s->ms, srv->cfg.rate, srv->cfg.burst, now)
             : 1;
    pthread_mutex_unlock(&r->mu);
    return wait;
}

int mgs_conn_add(mgs_srv *srv, const char *key)
{
    mgs_rate *r = srv->rate;
    addr_slot *s;
    int rc = -1;
    pthread_mutex_lock(&r->mu);
    s = slot_of(srv, key, mgs_now_ms());
    if (s && s->conns < srv->cfg.max_conns_per_ip) {
        s->conns++;
        rc = 0;
    }
    pthread_mutex_unlock(&r->mu);
    return rc;
}

void mgs_conn_del(mgs_srv *srv, const char *key)
{
    mgs_rate *r = srv->rate;
    addr_slot *s;
    pthread_mutex_lock(&r->mu);
    s = slot_of(srv, key, mgs_now_ms());
    if (s && s->conns > 0)
        s->conns--;
    pthread_mutex_unlock(&r->mu);
}

static void limit_error(mgs_result *r, int status, const char *limit,
                        int retry_after, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void limit_error(mgs_result *r, int status, const char *limit,
                        int retry_after, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mgs_verror(r, status, fmt, ap);
    va_end(ap);
    json_object_set_new(r->body, "limit", json_string(limit));
    if (retry_after > 0)
        json_object_set_new(r->body, "retry_after",
                            json_integer(retry_after));
}

int mgs_table_reserve(mgs_srv *srv, const char *key, mgs_result *r)
{
    mgs_rate *rt = srv->rate;
    int64_t now = mgs_now_ms();
    const mgs_config *c = &srv->cfg;
    addr_slot *s = NULL;
    int wait, rc = -1;
    pthread_mutex_lock(&rt->mu);
    if (key[0] && !(s = slot_of(srv, key, now))) {
        limit_error(r, 503, "clients", 60, "this server is tracking too many "
                                           "clients to take a new table: "
                                           "try again later");
    } else if (c->max_tables > 0 && rt->open_tables >= c->max_tables) {
        limit_error(r, 503, "max-tables", 60,
                    "this server has %d open tables, its limit "
                    "(--max-tables): try again later",
                    rt->open_tables);
    } else if (s && c->max_tables_per_addr > 0 &&
               s->open >= c->max_tables_per_addr) {
        limit_error(r, 429, "max-tables-per-addr", 60,
                    "your address has %d open tables, this server's limit "
                    "(--max-tables-per-addr): finish or abort one first",
                    s->open);
    } else if (s && c->creations_per_hour > 0 &&
               (wait = take(&s->ctokens, &s->cms,
                            c->creations_per_hour / 3600.0,
                            c->creations_per_hour, now)) > 0) {
        limit_error(r, 429, "creations-per-hour", wait,
                    "your address has created %g tables within the hour, "
                    "this server's limit (--creations-per-hour)",
                    c->creations_per_hour);
    } else {
        if (s)
            s->open++;
        rt->open_tables++;
        rc = 0;
    }
    pthread_mutex_unlock(&rt->mu);
    return rc;
}

int mgs_player_reserve(mgs_srv *srv, const char *key, mgs_result *r)
{
    mgs_rate *rt = srv->rate;
    int64_t now = mgs_now_ms();
    double n = srv->cfg.players_per_hour;
    addr_slot *s;
    int wait, rc = -1;
    if (n <= 0)
        return 0;
    pthread_mutex_lock(&rt->mu);
    if (!(s = slot_of(srv, key, now)))
        limit_error(r, 503, "clients", 60, "this server is tracking too many "
                                           "clients to take a new player: "
                                           "try again later");
    else if ((wait = take(&s->ptokens, &s->pms, n / 3600.0, n, now)) > 0)
        limit_error(r, 429, "players-per-hour", wait,
                    "your address has registered %g players within the "
                    "hour, this server's limit (--players-per-hour)", n);
    else
        rc = 0;
    pthread_mutex_unlock(&rt->mu);
    return rc;
}

/* An open table of `key` ends (or was never made: `refund` gives its
 * creation back). */
static void table_gone(mgs_srv *srv, const char *key, int refund)
{
    mgs_rate *rt = srv->rate;
    addr_slot *s;
    pthread_mutex_lock(&rt->mu);
    if (rt->open_tables > 0)
        rt->open_tables--;
    if (key[0] && (s = slot_of(srv, key, mgs_now_ms())) != NULL) {
        if (s->open > 0)
            s->open--;
        if (refund && s->ctokens + 1 <= srv->cfg.creations_per_hour)
            s->ctokens += 1;
    }
    pthread_mutex_unlock(&rt->mu);
}

void mgs_table_unreserve(mgs_srv *srv, const char *key)
{
    table_gone(srv, key, 1);
}

void mgs_table_counted(mgs_srv *srv, mgs_table *t)
{
    if (t->counted)
        return;
    pthread_mutex_lock(&srv->rate->mu);
    srv->rate->open_tables++;
    pthread_mutex_unlock(&srv->rate->mu);
    t->counted = 1;
}

void mgs_table_closed(mgs_srv *srv, mgs_table *t)
{
    if (!t->counted)
        return;
    t->counted = 0;
    table_gone(srv, t->owner, 0);
}

int mgs_open_tables(mgs_srv *srv)
{
    int n;
    pthread_mutex_lock(&srv->rate->mu);
    n = srv->rate->open_tables;
    pthread_mutex_unlock(&srv->rate->mu);
    return n;
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

void mgs_utf8_clean(char *s)
{
    unsigned char *p = (unsigned char *)s;
    while (*p) {
        unsigned c = p[0];
        int n = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3
                : (c & 0xf8) == 0xf0 ? 4 : 0;
        int i, ok = n > 0;
        unsigned cp = n == 1 ? c : n == 2 ? c & 0x1f : n == 3 ? c & 0x0f
                                                              : c & 0x07;
        for (i = 1; ok && i < n; i++) {
            ok = (p[i] & 0xc0) == 0x80; /* also stops at the NUL */
            cp = cp << 6 | (p[i] & 0x3f);
        }
        /* no overlong form, no surrogate, nothing past U+10FFFF */
        if (ok && ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) ||
                   (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
                   (cp >= 0xd800 && cp <= 0xdfff)))
            ok = 0;
        if (!ok) {
            *p++ = '?';
            continue;
        }
        p += n;
    }
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

int mgs_cmd_key(const json_t *body, const char *what, char *key, size_t cap,
                const char **cmd_id, mgs_result *r)
{
    json_t *cid = json_object_get(body, "cmd_id");
    const char *s;
    size_t k, n;
    *cmd_id = NULL;
    key[0] = '\0';
    if (!cid)
        return 0;
    s = json_string_value(cid);
    n = s ? strlen(s) : 0;
    for (k = 0; k < n; k++)
        if (s[k] < 0x21 || s[k] > 0x7e)
            break;
    if (!s || n < MGS_KEY_CMD_ID_MIN || n > MGS_CMD_ID_MAX || k < n) {
        mgs_error(r, 400, "\"cmd_id\" of %s must be a string of %d to %d "
                          "printable ASCII characters without spaces, "
                          "unguessable (a re-sent request with it gets the "
                          "seat's secret)",
                  what, MGS_KEY_CMD_ID_MIN, MGS_CMD_ID_MAX);
        return -1;
    }
    if (cap < 33)
        return -1;
    mgs_cmd_lookup(s, key);
    *cmd_id = s;
    return 0;
}
