/*
 * http.c - the requests: libmicrohttpd's handler gathers a request's body
 * (at most MGS_BODY_CAP bytes), checks the client against its rate limit
 * and a POST's Origin, routes it (the endpoints of doc/server-api.md, the
 * static page otherwise) and answers with the headers every answer
 * carries.  One log line per request on stderr, without secrets.
 */
#include "http.h"
#include "lobby.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

typedef struct req {
    char ip[48];
    char key[48];   /* mgs_client_key(ip) */
    char line[200]; /* method and path, for the log (no query, no secret) */
    int64_t start_ms;
    char *body;
    size_t len;
    int too_big;
    int status;
    int routed;
    json_t *ready;     /* a long poll's answer, once it has one */
    int polling;
    char auth[144];    /* the session cookie as "Bearer TOKEN" */
    int cookie_auth;   /* the player is the session cookie's */
    char set_cookie[MGS_SET_COOKIE_CAP]; /* a Set-Cookie for the answer */
} req;

void mgs_http_headers(struct MHD_Response *resp)
{
    MHD_add_response_header(
        resp, "Content-Security-Policy",
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
        "style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(resp, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(resp, "X-Frame-Options", "DENY");
    MHD_add_response_header(resp, "Cross-Origin-Opener-Policy", "same-origin");
    MHD_add_response_header(resp, "MG-API-Version", "1");
}

static enum MHD_Result send_json(struct MHD_Connection *c, req *rq,
                                 int status, json_t *body)
{
    char *text = json_dumps(body, JSON_COMPACT);
    struct MHD_Response *resp;
    enum MHD_Result rc;
    size_t n;
    if (!text)
        text = strdup("{\"error\":\"out of memory\"}");
    if (!text)
        return MHD_NO;
    n = strlen(text);
    resp = MHD_create_response_from_buffer(n, text, MHD_RESPMEM_MUST_FREE);
    if (!resp) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type",
                            "application/json; charset=utf-8");
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    mgs_http_headers(resp);
    if (status == 429 || (status == 503 && json_object_get(body,
                                                            "retry_after"))) {
        char s[32];
        json_t *ra = json_object_get(body, "retry_after");
        snprintf(s, sizeof s, "%lld",
                 ra ? (long long)json_integer_value(ra) : 1LL);
        MHD_add_response_header(resp, "Retry-After", s);
    }
    if (status == 405)
        MHD_add_response_header(resp, "Allow", "GET, POST");
    if (rq->cookie_auth && status == 401 && !rq->set_cookie[0])
        /* a session cookie that no longer speaks for anybody: dropped */
        snprintf(rq->set_cookie, sizeof rq->set_cookie,
                 "%s=; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=0",
                 MGS_SESSION_COOKIE);
    if (rq->set_cookie[0])
        MHD_add_response_header(resp, "Set-Cookie", rq->set_cookie);
    rc = MHD_queue_response(c, (unsigned)status, resp);
    MHD_destroy_response(resp);
    rq->status = status;
    return rc;
}

static enum MHD_Result send_error(struct MHD_Connection *c, req *rq,
                                  int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static enum MHD_Result send_error(struct MHD_Connection *c, req *rq,
                                  int status, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    json_t *b;
    enum MHD_Result rc;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    mgs_utf8_clean(msg); /* a client's bytes in it, or a cut character */
    b = json_pack("{s:s}", "error", msg);
    rc = send_json(c, rq, status, b);
    json_decref(b);
    return rc;
}

static enum MHD_Result send_text(struct MHD_Connection *c, req *rq,
                                 int status, const char *type, char *text)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        strlen(text), text, MHD_RESPMEM_MUST_FREE);
    enum MHD_Result rc;
    if (!resp) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(resp, "Content-Type", type);
    MHD_add_response_header(resp, "Cache-Control", "no-store");
    mgs_http_headers(resp);
    rc = MHD_queue_response(c, (unsigned)status, resp);
    MHD_destroy_response(resp);
    rq->status = status;
    return rc;
}

/* ------------------------------------------------------------ clients */

/* The address the connection comes from. */
void mgs_peer_ip(struct MHD_Connection *c, char *ip, size_t cap)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = ci ? ci->client_addr : NULL;
    snprintf(ip, cap, "?");
    if (sa && sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, ip,
                  (socklen_t)cap);
    else if (sa && sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, ip,
                  (socklen_t)cap);
}

/* The client: the peer, or what the trusted proxy says it saw. */
static void client_ip(mgs_srv *srv, struct MHD_Connection *c, char *ip,
                      size_t cap)
{
    mgs_peer_ip(c, ip, cap);
    if (srv->cfg.trusted_proxy[0] && strcmp(ip, srv->cfg.trusted_proxy) == 0) {
        const char *xff =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, "X-Forwarded-For");
        if (xff) {
            /* the last address the proxy added is the client it saw */
            const char *last = strrchr(xff, ',');
            last = last ? last + 1 : xff;
            while (*last == ' ')
                last++;
            if (*last && strlen(last) < cap) {
                size_t i, ok = 1;
                for (i = 0; last[i]; i++)
                    if (!strchr("0123456789abcdefABCDEF.:", last[i]))
                        ok = 0;
                if (ok)
                    snprintf(ip, cap, "%s", last);
            }
        }
    }
}

/* A POST's or a stream's Origin, when the browser sends one, must be the
 * server's own (scheme://Host) or one of --origin. */
static int origin_ok(mgs_srv *srv, struct MHD_Connection *c)
{
    const char *o = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    const char *p;
    int i;
    const char *scheme = "http";
    if (!o)
        return 1;
    for (i = 0; i < srv->cfg.norigins; i++)
        if (strcmp(o, srv->cfg.origins[i]) == 0)
            return 1;
    /* behind the trusted proxy, the scheme the browser used */
    if (srv->cfg.trusted_proxy[0]) {
        char ip[48];
        const char *proto = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                        "X-Forwarded-Proto");
        mgs_peer_ip(c, ip, sizeof ip);
        if (proto && strcmp(ip, srv->cfg.trusted_proxy) == 0 &&
            strcmp(proto, "https") == 0)
            scheme = "https";
    }
    p = strstr(o, "://");
    return host && p && (size_t)(p - o) == strlen(scheme) &&
           strncmp(o, scheme, strlen(scheme)) == 0 && strcmp(p + 3, host) == 0;
}

/* Who a request speaks for, in *out: its Authorization header; without
 * one, its session cookie (accounts.c) as "Bearer TOKEN", but on a POST
 * only from this site's own page -- an Origin (route() has refused any
 * but the server's own and --origin's) or Sec-Fetch-Site: same-origin --
 * so that another site cannot make a browser act with its cookie (CSRF):
 * -1 then.  *out NULL: neither. */
static int player_authorization(struct MHD_Connection *c, req *rq, int post,
                                const char **out)
{
    const char *a =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    const char *s;
    *out = a;
    if (a)
        return 0;
    s = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, MGS_SESSION_COOKIE);
    if (!s || !*s)
        return 0;
    if (post) {
        const char *o =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
        const char *site =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
        if (!o && !(site && strcmp(site, "same-origin") == 0))
            return -1;
    }
    if (strlen(s) > 128)
        s = "-"; /* no session's: 401 */
    snprintf(rq->auth, sizeof rq->auth, "Bearer %s", s);
    rq->cookie_auth = 1;
    *out = rq->auth;
    return 0;
}

static enum MHD_Result send_csrf(struct MHD_Connection *c, req *rq)
{
    return send_error(c, rq, 403, "a request that the session cookie "
                                  "speaks for must come from this site's "
                                  "page (an Origin header, or "
                                  "Sec-Fetch-Site: same-origin)");
}

/* libmicrohttpd's unescaping of the path, except that "%00" stays as it
 * is: a NUL would cut the path short (and so a path with one is no file
 * and no table). */
size_t mgs_http_unescape(void *cls, struct MHD_Connection *c, char *uri)
{
    char *r = uri, *w = uri;
    (void)cls;
    (void)c;
    while (*r) {
        if (r[0] == '%' && isxdigit((unsigned char)r[1]) &&
            isxdigit((unsigned char)r[2]) && !(r[1] == '0' && r[2] == '0')) {
            char hex[3] = {r[1], r[2], 0};
            *w++ = (char)strtol(hex, NULL, 16);
            r += 3;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
    return (size_t)(w - uri);
}

/* The seat whose secret the Authorization header carries, or -1 (t
 * locked).  With other processes on the database, a secret not known
 * here may be one they gave (a join there): t catches up with its log
 * and is asked again. */
static int seat_of(const mgs_table *t, const unsigned char *h)
{
    int i, seat = -1;
    for (i = 0; i < 2; i++) {
        int eq = mgs_hash_equal(h, t->r.seats[i].secret_hash);
        if (eq && !mgs_hash_zero(t->r.seats[i].secret_hash))
            seat = i;
    }
    return seat;
}

static int auth_seat(mgs_srv *srv, mgs_table *t, struct MHD_Connection *c)
{
    const char *a =
        MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Authorization");
    unsigned char h[MGS_HASH_LEN];
    int seat;
    if (!a || strncmp(a, "Bearer ", 7) != 0 || strlen(a + 7) > 128)
        return -1;
    mgs_hash_token(a + 7, h);
    seat = seat_of(t, h);
    if (seat < 0 && __atomic_load_n(&srv->cluster, __ATOMIC_ACQUIRE) &&
        mgs_table_refresh(srv, t) == 1)
        seat = seat_of(t, h);
    return seat;
}

/* --------------------------------------------------------- the routes */

static int64_t last_event_id(struct MHD_Connection *c)
{
    const char *v =
        MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "after");
    char *end;
    long long n;
    if (!v)
        v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Last-Event-ID");
    if (!v || !*v)
        return 0;
    n = strtoll(v, &end, 10);
    return *end || n < 0 ? -1 : (int64_t)n;
}

static enum MHD_Result table_route(mgs_srv *srv, struct MHD_Connection *c,
                                   req *rq, const char *method,
                                   const char *rest)
{
    char id[MGS_ID_LEN + 1];
    const char *sub = strchr(rest, '/');
    size_t idlen = sub ? (size_t)(sub - rest) : strlen(rest);
    int post = strcmp(method, "POST") == 0;
    mgs_table *t;
    enum MHD_Result rc;
    json_t *body = NULL;
    char msg[512];
    if (!sub)
        sub = "";
    if (idlen != MGS_ID_LEN) {
        if (strcmp(sub, "/commands") == 0)
            return send_error(c, rq, 401, "not a seat of this table");
        return send_error(c, rq, 404, "no such table");
    }
    memcpy(id, rest, idlen);
    id[idlen] = '\0';
    if ((post && strcmp(sub, "/commands") != 0 && strcmp(sub, "/join") != 0) ||
        (!post && strcmp(sub, "") != 0 && strcmp(sub, "/record") != 0 &&
         strcmp(sub, "/events") != 0))
        return send_error(c, rq, strcmp(sub, "/commands") == 0 ||
                                         strcmp(sub, "/join") == 0 ||
                                         strcmp(sub, "") == 0 ||
                                         strcmp(sub, "/record") == 0 ||
                                         strcmp(sub, "/events") == 0
                                     ? 405
                                     : 404,
                          "%s %s is not part of the API", method, sub);
    if (post) {
        if (rq->too_big)
            return send_error(c, rq, 413, "the body is larger than %d bytes",
                              MGS_BODY_CAP);
        body = mgs_json_parse(rq->body, rq->len, msg, sizeof msg);
        if (!body)
            return send_error(c, rq, 400, "%s", msg);
    }
    t = mgs_find(srv, id);
    if (!t) {
        json_decref(body);
        if (!mgs_table_missing(srv, id))
            return send_error(c, rq, 503, "table %s could not be read from "
                                          "storage: try again later", id);
        if (strcmp(sub, "/commands") == 0)
            return send_error(c, rq, 401, "not a seat of this table");
        return send_error(c, rq, 404, "no table %s", id);
    }
    if (strcmp(sub, "/commands") == 0) {
        mgs_result r = {0, NULL};
        int seat, wait;
        pthread_mutex_lock(&t->mu);
        seat = auth_seat(srv, t, c);
        if (seat < 0) {
            pthread_mutex_unlock(&t->mu);
            rc = send_error(c, rq, 401, "not a seat of this table");
        } else if ((wait = mgs_seat_rate_take(srv, &t->seats[seat],
                                              mgs_now_ms())) > 0) {
            pthread_mutex_unlock(&t->mu);
            r.body = json_pack("{s:s,s:i}", "error",
                               "too many commands from this seat: slow down",
                               "retry_after", wait);
            rc = send_json(c, rq, 429, r.body);
        } else {
            mgs_command(srv, t, seat, body, 0, &r);
            pthread_mutex_unlock(&t->mu);
            mgs_metric_command(srv, r.status);
            rc = send_json(c, rq, r.status ? r.status : 500, r.body);
        }
        json_decref(r.body);
    } else if (strcmp(sub, "/join") == 0) {
        mgs_result r = {0, NULL};
        const char *inv = json_string_value(json_object_get(body, "invite"));
        const char *pauth;
        if (!inv || strlen(inv) > 128) {
            rc = send_error(c, rq, 400, "\"invite\" is required: the token "
                                        "of the link you were sent");
        } else if (player_authorization(c, rq, 1, &pauth) != 0) {
            rc = send_csrf(c, rq);
        } else {
            mgs_player pl;
            /* a player token: the seat gets the player's name */
            if (mgs_player_auth(srv, pauth, &pl, &r) >= 0) {
                pthread_mutex_lock(&t->mu);
                mgs_join(srv, t, inv, body, pl.name, &r);
                pthread_mutex_unlock(&t->mu);
            }
            rc = send_json(c, rq, r.status, r.body);
            json_decref(r.body);
        }
    } else if (strcmp(sub, "/record") == 0) {
        size_t need = 0;
        char *text;
        pthread_mutex_lock(&t->mu);
        mg_state_save(t->r.state, NULL, 0, &need);
        text = malloc(need ? need : 1);
        if (text && mg_state_save(t->r.state, text, need, NULL) == MG_OK) {
            pthread_mutex_unlock(&t->mu);
            rc = send_text(c, rq, 200, "text/plain; charset=utf-8", text);
        } else {
            pthread_mutex_unlock(&t->mu);
            free(text);
            rc = send_error(c, rq, 500, "could not write the record");
        }
    } else if (strcmp(sub, "/events") == 0) {
        int64_t after = last_event_id(c);
        const char *w =
            MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "wait");
        const char *accept =
            MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Accept");
        if (after < 0) {
            rc = send_error(c, rq, 400, "Last-Event-ID (or after) must be "
                                        "a version number");
        } else if (!origin_ok(srv, c)) {
            rc = send_error(c, rq, 403, "requests from another site's page "
                                        "are not allowed");
        } else if (w || (accept && strstr(accept, "application/json"))) {
            int got;
            rq->polling = 1;
            /* suspended (0): rq->ready is the broadcast's now, written
             * under the table's lock; it is read when resumed, never here */
            got = mgs_poll_open(srv, c, t, after, w && strcmp(w, "0") != 0,
                                &rq->ready);
            if (got < 0)
                rc = send_error(c, rq, 503, "storage failed");
            else if (got == 1) {
                json_t *a = rq->ready;
                rq->ready = NULL;
                rc = send_json(c, rq, 200, a);
                json_decref(a);
            } else {
                rc = MHD_YES; /* suspended until an event or the timeout */
            }
        } else {
            int seat;
            pthread_mutex_lock(&t->mu);
            seat = auth_seat(srv, t, c);
            pthread_mutex_unlock(&t->mu);
            if (mgs_stream_open(srv, c, t, seat, after) != 0) {
                rc = send_error(c, rq, 503, "could not open the stream");
            } else {
                rq->status = 200;
                return MHD_YES; /* the stream keeps the table's reference */
            }
        }
    } else {
        json_t *snap;
        pthread_mutex_lock(&t->mu);
        snap = mgs_table_snapshot(t, mgs_now_ms());
        pthread_mutex_unlock(&t->mu);
        rc = send_json(c, rq, 200, snap);
        json_decref(snap);
    }
    json_decref(body);
    mgs_release(srv, t);
    return rc;
}

/* The query's arguments, into an object (at most MGS_QUERY_MAX; more
 * is marked by the key "" for the handler to refuse). */
static enum MHD_Result query_arg(void *cls, enum MHD_ValueKind kind,
                                 const char *key, const char *value)
{
    json_t *o = cls;
    (void)kind;
    if (json_object_size(o) >= MGS_QUERY_MAX)
        json_object_set_new(o, "", json_string("too many"));
    else if (key)
        json_object_set_new(o, key, json_string(value ? value : ""));
    return MHD_YES;
}

/* The place's requests (place.c's table of routes): players, ... */
static enum MHD_Result place_route(mgs_srv *srv, struct MHD_Connection *c,
                                   req *rq, const char *method,
                                   const char *api, const char *url)
{
    mgs_place_req q;
    mgs_result r = {0, NULL};
    enum MHD_Result rc;
    json_t *query;
    const char *pauth;
    /* (a login reads no session: a cookie sent with it is not used) */
    if (strcmp(api, "/login") == 0)
        pauth = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                            "Authorization");
    else if (player_authorization(c, rq, strcmp(method, "POST") == 0,
                                  &pauth))
        return send_csrf(c, rq);
    memset(&q, 0, sizeof q);
    q.srv = srv;
    q.method = method;
    q.path = api;
    q.raw = rq->body;
    q.raw_len = rq->len;
    q.too_big = rq->too_big;
    q.authorization = pauth;
    q.cookie = rq->cookie_auth;
    q.set_cookie = rq->set_cookie;
    q.client = rq->key;
    q.query = query = json_object();
    if (query)
        MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, query_arg, query);
    if (!mgs_place_route(&q, &r)) {
        json_decref(query);
        return send_error(c, rq, 404, "%.64s is not part of the API", url);
    }
    json_decref(query);
    if (!r.body)
        return send_error(c, rq, 500, "no answer");
    rc = send_json(c, rq, r.status, r.body);
    json_decref(r.body);
    return rc;
}

static enum MHD_Result route(mgs_srv *srv, struct MHD_Connection *c, req *rq,
                             const char *url, const char *method)
{
    int get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    int post = strcmp(method, "POST") == 0;
    const char *api = NULL;
    if (strncmp(url, "/api/v1", 7) == 0 && (url[7] == '/' || !url[7]))
        api = url + 7;
    else if (strncmp(url, "/api", 4) == 0 && (url[4] == '/' || !url[4]))
        api = url + 4;
    if (post && !origin_ok(srv, c))
        return send_error(c, rq, 403, "requests from another site's page "
                                      "are not allowed");
    if (!get && !post)
        return send_error(c, rq, 405, "method %.16s is not allowed", method);
    if (strcmp(url, "/healthz") == 0 && get) {
        /* storage answers a read (a table that cannot exist) */
        int st = mgs_store_table(srv->store, "-", NULL, NULL, NULL);
        int ok = st == MGS_OK || st == MGS_ENOTFOUND;
        json_t *b = ok ? json_pack("{s:b}", "ok", 1)
                       : json_pack("{s:b,s:s}", "ok", 0, "error",
                                   "storage does not answer");
        enum MHD_Result rc = send_json(c, rq, ok ? 200 : 503, b);
        json_decref(b);
        return rc;
    }
    if (strcmp(url, "/metrics") == 0 && get) {
        char *m = mgs_metrics_text(srv);
        if (!m)
            return send_error(c, rq, 500, "out of memory");
        return send_text(c, rq, 200, "text/plain; version=0.0.4", m);
    }
    if (api) {
        if ((strcmp(api, "") == 0 || strcmp(api, "/") == 0) && get) {
            json_t *b = json_pack(
                "{s:i,s:s,s:{s:i,s:i,s:i,s:i}}", "api", MGS_API_VERSION,
                "server", mg_version_string(), "limits", "body_bytes",
                MGS_BODY_CAP, "max_actions", srv->cfg.max_actions, "max_spec",
                srv->cfg.max_spec, "away_s", srv->cfg.away_s);
            /* the bots' caps (worker.c): a client can offer what fits */
            json_object_set_new(
                json_object_get(b, "limits"), "bots",
                json_pack("{s:i,s:i,s:i,s:I,s:i}", "time_ms",
                          srv->cfg.bot_time_ms, "memory_mb",
                          srv->cfg.bot_memory_mb, "iterations",
                          srv->cfg.bot_max_iterations, "nodes",
                          (json_int_t)srv->cfg.bot_max_nodes, "pool_mb",
                          srv->cfg.bot_pool_mb));
            enum MHD_Result rc = send_json(c, rq, 200, b);
            json_decref(b);
            return rc;
        }
        if (strcmp(api, "/levels") == 0) { /* levels.c */
            json_t *b = get ? mgs_levels_json(&srv->cfg) : NULL;
            enum MHD_Result rc =
                !get ? send_error(c, rq, 405, "the levels are read with GET")
                : b  ? send_json(c, rq, 200, b)
                     : send_error(c, rq, 500, "out of memory");
            json_decref(b);
            return rc;
        }
        if (strcmp(api, "/tables") == 0) {
            mgs_result r = {0, NULL};
            json_t *body;
            char msg[512];
            enum MHD_Result rc;
            if (!post)
                return send_error(c, rq, 405, "tables are created with POST");
            if (rq->too_big)
                return send_error(c, rq, 413,
                                  "the body is larger than %d bytes",
                                  MGS_BODY_CAP);
            body = mgs_json_parse(rq->body, rq->len, msg, sizeof msg);
            if (!body)
                return send_error(c, rq, 400, "%s", msg);
            {
                mgs_player pl;
                const char *pauth;
                pl.name[0] = '\0';
                if (player_authorization(c, rq, 1, &pauth) != 0) {
                    json_decref(body);
                    return send_csrf(c, rq);
                }
                /* a player token: the creator's seat gets the name */
                if (mgs_player_auth(srv, pauth, &pl, &r) >= 0)
                    mgs_create(srv, body, rq->key, pl.name, &r);
            }
            json_decref(body);
            rc = send_json(c, rq, r.status, r.body);
            json_decref(r.body);
            return rc;
        }
        if (strncmp(api, "/tables/", 8) == 0)
            return table_route(srv, c, rq, method, api + 8);
        if (strcmp(api, "/lobby/events") == 0 && get) {
            mgs_result r = {0, NULL};
            enum MHD_Result rc;
            if (!origin_ok(srv, c))
                return send_error(c, rq, 403, "requests from another site's "
                                              "page are not allowed");
            if (mgs_lobby_stream_open(srv, c,
                                      MHD_lookup_connection_value(
                                          c, MHD_HEADER_KIND,
                                          "Authorization"),
                                      &r) == 0) {
                rq->status = 200;
                return MHD_YES;
            }
            rc = send_json(c, rq, r.status, r.body);
            json_decref(r.body);
            return rc;
        }
        return place_route(srv, c, rq, method, api, url);
    }
    if (get) {
        struct MHD_Response *resp;
        int status;
        enum MHD_Result rc;
        if (mgs_static(srv, url,
                       MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                   "Accept-Encoding"),
                       &resp, &status) != 0)
            return MHD_NO;
        if (!resp)
            return send_error(c, rq, status, "not found");
        mgs_http_headers(resp);
        rc = MHD_queue_response(c, (unsigned)status, resp);
        MHD_destroy_response(resp);
        rq->status = status;
        return rc;
    }
    return send_error(c, rq, 404, "not found");
}

enum MHD_Result mgs_http_handler(void *cls, struct MHD_Connection *c,
                                 const char *url, const char *method,
                                 const char *version,
                                 const char *upload_data,
                                 size_t *upload_data_size, void **con_cls)
{
    mgs_srv *srv = cls;
    req *rq = *con_cls;
    (void)version;
    if (!rq) {
        int wait;
        rq = calloc(1, sizeof *rq);
        if (!rq)
            return MHD_NO;
        *con_cls = rq;
        rq->start_ms = mgs_now_ms();
        snprintf(rq->line, sizeof rq->line, "%.8s %.180s", method, url);
        client_ip(srv, c, rq->ip, sizeof rq->ip);
        mgs_client_key(rq->ip, rq->key, sizeof rq->key);
        mgs_conn_request(srv, c);
        wait = mgs_rate_take(srv, rq->key);
        if (wait > 0) {
            json_t *b = json_pack("{s:s,s:i}", "error",
                                  "too many requests from your address: "
                                  "slow down",
                                  "retry_after", wait);
            enum MHD_Result rc;
            rq->routed = 1;
            rc = send_json(c, rq, 429, b);
            json_decref(b);
            return rc;
        }
        return MHD_YES;
    }
    if (rq->polling && !*upload_data_size) {
        /* resumed: the long poll's answer is ready */
        json_t *a = rq->ready;
        enum MHD_Result rc;
        rq->ready = NULL;
        if (!a)
            return MHD_NO;
        rq->polling = 0;
        rc = send_json(c, rq, 200, a);
        json_decref(a);
        return rc;
    }
    if (rq->routed) {
        *upload_data_size = 0; /* the body of a refused request */
        return MHD_YES;
    }
    if (*upload_data_size) {
        if (rq->len + *upload_data_size > MGS_BODY_CAP) {
            rq->too_big = 1;
        } else {
            char *b = realloc(rq->body, rq->len + *upload_data_size + 1);
            if (!b)
                return MHD_NO;
            rq->body = b;
            memcpy(rq->body + rq->len, upload_data, *upload_data_size);
            rq->len += *upload_data_size;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    rq->routed = 1;
    return route(srv, c, rq, url, method);
}

void mgs_http_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                        enum MHD_RequestTerminationCode toe)
{
    mgs_srv *srv = cls;
    req *rq = *con_cls;
    mgs_conn_request_done(srv, c);
    if (!rq)
        return;
    pthread_mutex_lock(&srv->metrics_mu);
    srv->metrics.requests[rq->status >= 100 && rq->status < 600
                              ? rq->status / 100 - 1
                              : 5]++;
    pthread_mutex_unlock(&srv->metrics_mu);
    if (!srv->cfg.quiet)
        mgs_log_request("%s \"%s\" %d %lld ms%s", rq->ip, rq->line, rq->status,
                (long long)(mgs_now_ms() - rq->start_ms),
                toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? ""
                                                            : " (cut)");
    json_decref(rq->ready);
    free(rq->body);
    free(rq);
    *con_cls = NULL;
}
