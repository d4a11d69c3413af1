/*
 * fuzz_server_place.c - the request fuzzer's requests to the place
 * (place.c's routes: players and what follows them), through
 * mgs_place_route as http.c calls it.  A line
 *
 *   p<who><method><path> <body>
 *
 * sends <body> (the rest of the line, raw: parsed by the route as
 * http.c's would be) to <path> (up to the first space, after /api/v1)
 * with <method> 'G' (GET) or 'P' (POST), as <who>: '-' nobody, 'x' a
 * token that is nobody's, '0'..'3' the player token of the input's
 * registrations (and the sessions of its logins) in order (nobody while
 * there is none), e.g.
 *
 *   p-P/players {"name":"Alice"}
 *   p0G/players/me
 *
 * Invariants: the answer is a JSON object, with "error" exactly when its
 * status is >= 400; no 5xx (the store is in memory); a refusal (400, 401,
 * 403, 404, 405, 409, 413, 422, 429) changes no document; a registration
 * answered 201 gives a token that speaks for the name it answered.
 * Between inputs every document is deleted (fuzz_place_reset), and the
 * next input starts with none.
 */
#include "fuzz.h"
#include "fuzz_server.h"
#include "place.h"

#include <sodium.h>

#define MAX_TOKENS 4

static char tokens[MAX_TOKENS][MGS_PLAYER_TOKEN_LEN + 8];
static int ntokens;

/* ------------------------------------------------- the documents' print */

typedef struct print {
    crypto_generichash_state h;
    int n;
} print;

static int add_doc(void *arg, const mgs_doc *d)
{
    print *p = arg;
    char num[64];
    crypto_generichash_update(&p->h, (const unsigned char *)d->kind,
                              strlen(d->kind) + 1);
    crypto_generichash_update(&p->h, (const unsigned char *)d->key,
                              strlen(d->key) + 1);
    crypto_generichash_update(&p->h, (const unsigned char *)d->owner,
                              strlen(d->owner) + 1);
    crypto_generichash_update(&p->h, (const unsigned char *)d->json,
                              strlen(d->json) + 1);
    snprintf(num, sizeof num, "%.17g/%lld", d->rank,
             (long long)d->updated_ms);
    crypto_generichash_update(&p->h, (const unsigned char *)num,
                              strlen(num) + 1);
    p->n++;
    return 0;
}

/* A hash of every document (kind, key, owner, JSON, rank, time); *n
 * gets their number. */
static void fingerprint(mgs_store *st, unsigned char out[32], int *n)
{
    print p;
    crypto_generichash_init(&p.h, NULL, 0, 32);
    p.n = 0;
    FUZZ_REQUIRE(mgs_store_docs(st, NULL, NULL, NULL, MGS_DOCS_BY_KEY, 0,
                                INT64_MAX, add_doc, &p) == MGS_OK,
                 "listing the documents");
    crypto_generichash_final(&p.h, out, 32);
    *n = p.n;
}

/* ------------------------------------------------------------ the reset */

typedef struct keys {
    char (*kind)[MGS_DOC_KIND_MAX + 1];
    char (*key)[MGS_DOC_KEY_MAX + 1];
    int n, cap;
} keys;

static int collect(void *arg, const mgs_doc *d)
{
    keys *k = arg;
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 64;
        void *a = realloc(k->kind, (size_t)cap * sizeof *k->kind);
        void *b;
        FUZZ_REQUIRE(a != NULL, "out of memory");
        k->kind = a;
        b = realloc(k->key, (size_t)cap * sizeof *k->key);
        FUZZ_REQUIRE(b != NULL, "out of memory");
        k->key = b;
        k->cap = cap;
    }
    snprintf(k->kind[k->n], sizeof k->kind[k->n], "%s", d->kind);
    snprintf(k->key[k->n], sizeof k->key[k->n], "%s", d->key);
    k->n++;
    return 0;
}

void fuzz_place_reset(mgs_store *st)
{
    keys k = {NULL, NULL, 0, 0};
    unsigned char h[32];
    char err[256];
    int i, n;
    FUZZ_REQUIRE(mgs_store_docs(st, NULL, NULL, NULL, MGS_DOCS_BY_KEY, 0,
                                INT64_MAX, collect, &k) == MGS_OK,
                 "listing the documents");
    for (i = 0; i < k.n; i++) {
        mgs_doc_row d;
        mgs_append a;
        memset(&d, 0, sizeof d);
        d.op = MGS_DOC_DELETE;
        d.kind = k.kind[i];
        d.key = k.key[i];
        d.if_updated_ms = -1;
        memset(&a, 0, sizeof a);
        a.docs = &d;
        a.ndocs = 1;
        FUZZ_REQUIRE(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK,
                     "deleting document %s %s: %s", d.kind, d.key, err);
    }
    free(k.kind);
    free(k.key);
    fingerprint(st, h, &n);
    FUZZ_REQUIRE(n == 0, "%d documents left after the reset", n);
    ntokens = 0;
    mgs_login_reset(); /* failed logins counted by the last input */
}

/* ----------------------------------------------------------- a request */

static int refusal(int status)
{
    return status == 400 || status == 401 || status == 403 ||
           status == 404 || status == 405 || status == 409 ||
           status == 413 || status == 422 || status == 429;
}

void fuzz_place(mgs_srv *srv, const char *text, size_t n)
{
    char path[256], auth[MGS_PLAYER_TOKEN_LEN + 16];
    char cookie[MGS_SET_COOKIE_CAP];
    const char *who, *method, *p, *sp, *body;
    size_t plen;
    unsigned char before[32], after[32];
    int nbefore, nafter;
    mgs_place_req q;
    mgs_result r = {0, NULL};
    int routed;
    if (n < 3)
        return;
    who = text;
    method = text[1] == 'G' ? "GET" : text[1] == 'P' ? "POST" : NULL;
    if (!method)
        return;
    p = text + 2;
    sp = memchr(p, ' ', n - 2);
    plen = sp ? (size_t)(sp - p) : n - 2;
    if (plen == 0 || plen >= sizeof path)
        return;
    memcpy(path, p, plen);
    path[plen] = '\0';
    if (memchr(path, '\0', plen))
        return; /* http.c's paths have no NUL (mgs_http_unescape) */
    body = sp ? sp + 1 : p + plen;
    memset(&q, 0, sizeof q);
    q.srv = srv;
    q.method = method;
    q.path = path;
    q.raw = body;
    q.raw_len = (size_t)(text + n - body);
    q.client = "192.0.2.1";
    cookie[0] = '\0';
    q.set_cookie = cookie;
    if (*who == 'x') {
        q.authorization = "Bearer nobodys-token-at-all";
    } else if (*who >= '0' && *who <= '3' && *who - '0' < ntokens) {
        snprintf(auth, sizeof auth, "Bearer %s", tokens[*who - '0']);
        q.authorization = auth;
    }
    fingerprint(srv->store, before, &nbefore);
    routed = mgs_place_route(&q, &r);
    fingerprint(srv->store, after, &nafter);
    if (!routed) {
        FUZZ_REQUIRE(r.body == NULL, "an answer to an unrouted path");
        FUZZ_REQUIRE(memcmp(before, after, 32) == 0,
                     "an unrouted path changed the documents");
        return;
    }
    FUZZ_REQUIRE(json_is_object(r.body), "%s %s: no JSON object", method,
                 path);
    FUZZ_REQUIRE(r.status >= 200 && r.status < 500, "%s %s answered %d: %s",
                 method, path, r.status,
                 json_string_value(json_object_get(r.body, "error")));
    FUZZ_REQUIRE((r.status >= 400) ==
                     (json_string_value(json_object_get(r.body, "error")) !=
                      NULL),
                 "%s %s: status %d and \"error\" disagree", method, path,
                 r.status);
    if (r.status == 401 && nafter == nbefore - 1 &&
        strstr(json_string_value(json_object_get(r.body, "error")),
               "expired"))
        ; /* an expired session, deleted when it is sent (accounts.c) */
    else if (refusal(r.status))
        FUZZ_REQUIRE(memcmp(before, after, 32) == 0 && nbefore == nafter,
                     "%s %s refused (%d) but changed the documents", method,
                     path, r.status);
    if (r.status == 201 && strcmp(path, "/players") == 0) {
        const char *tok = json_string_value(json_object_get(r.body, "token"));
        const char *name = json_string_value(json_object_get(r.body, "name"));
        mgs_player pl;
        mgs_result a = {0, NULL};
        FUZZ_REQUIRE(tok && name, "a registration without token or name");
        snprintf(auth, sizeof auth, "Bearer %s", tok);
        FUZZ_REQUIRE(mgs_player_auth(srv, auth, &pl, &a) == 1 &&
                         strcmp(pl.name, name) == 0,
                     "the token of %s does not speak for it", name);
        FUZZ_REQUIRE(mgs_player_find(srv, name, &pl) == 1 &&
                         strcmp(pl.name, name) == 0,
                     "player %s is not found by its name", name);
        if (ntokens < MAX_TOKENS)
            snprintf(tokens[ntokens++], sizeof tokens[0], "%s", tok);
    }
    if (r.status == 200 && strcmp(path, "/login") == 0) {
        /* a session: the next of the input's tokens, as a player's is */
        const char *tok = json_string_value(json_object_get(r.body, "token"));
        FUZZ_REQUIRE(tok && cookie[0], "a login without token or cookie");
        if (ntokens < MAX_TOKENS)
            snprintf(tokens[ntokens++], sizeof tokens[0], "%s", tok);
    }
    json_decref(r.body);
}
