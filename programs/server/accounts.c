/*
 * accounts.c - a player's password, logins and sessions
 * (doc/server-api.md, "Accounts").  A password is kept only as its
 * argon2id hash (the "password" document); a login makes a new session,
 * a token like the player token (the "token" document, kind "session",
 * stored as its hash) that ends after MGS_SESSION_S, at logout, at
 * "logout everywhere", or when the password changes; it is answered in
 * the body and as the HttpOnly cookie mg_session.  A session sent with a
 * login is never kept: every login makes its own.  What guards the
 * hashing is login_guard.c's.
 *
 * POST /api/v1/players/{name}/password {"password", "old_password"?}
 * POST /api/v1/login {"name", "password"} -> {"name", "token",
 *      "expires_ms"} and Set-Cookie
 * POST /api/v1/logout           the session the request carries ends
 * POST /api/v1/logout/all {"new_token"?}  every session ends (and every
 *      player token, replaced by a new one, with "new_token": true)
 * GET  /api/v1/players/me/account -> {"name", "password", "sessions",
 *      "session", "expires_ms"}
 */
#include "place.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PW_MIN 8
#define PW_MAX 256
#define TOKENS_MAX 256 /* a player's tokens handled at once */

static const char wrong[] = "wrong name or password";

/* The compact text of a new JSON value (taken); NULL: out of memory. */
static char *dump_new(json_t *v)
{
    char *t = v ? json_dumps(v, JSON_COMPACT) : NULL;
    json_decref(v);
    return t;
}

/* ----------------------------------------------------------- helpers */

typedef struct pw_doc {
    char hash[crypto_pwhash_STRBYTES];
    int64_t updated_ms;
} pw_doc;

static int copy_pw(void *arg, const mgs_doc *d)
{
    pw_doc *c = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    const char *h = json_string_value(json_object_get(j, "hash"));
    snprintf(c->hash, sizeof c->hash, "%s", h ? h : "");
    c->updated_ms = d->updated_ms;
    json_decref(j);
    return 0;
}

/* The password of player `name`: 1 with *pw set, 0 none, -1 storage. */
static int load_password(mgs_srv *srv, const char *name, pw_doc *pw)
{
    int rc;
    memset(pw, 0, sizeof *pw);
    rc = mgs_store_doc(srv->store, "password", name, copy_pw, pw);
    if (rc == MGS_ENOTFOUND)
        return 0;
    return rc == MGS_OK && pw->hash[0] ? 1 : -1;
}

/* A player's tokens (player tokens and sessions). */
typedef struct tok {
    char key[65];
    int session;
    int64_t created_ms, expires_ms;
} tok;
typedef struct tok_list {
    int n;
    tok t[TOKENS_MAX];
} tok_list;

static int add_tok(void *arg, const mgs_doc *d)
{
    tok_list *l = arg;
    json_t *j;
    const char *kind;
    tok *t;
    if (l->n == TOKENS_MAX)
        return 1;
    t = &l->t[l->n++];
    j = json_loads(d->json, 0, NULL);
    kind = json_string_value(json_object_get(j, "kind"));
    snprintf(t->key, sizeof t->key, "%s", d->key);
    t->session = kind && strcmp(kind, "session") == 0;
    t->created_ms = json_integer_value(json_object_get(j, "created_ms"));
    t->expires_ms = json_integer_value(json_object_get(j, "expires_ms"));
    json_decref(j);
    return 0;
}

/* Every token of player `name` (at most TOKENS_MAX): 0, -1 storage. */
static int list_tokens(mgs_srv *srv, const char *name, tok_list *l)
{
    int rc;
    l->n = 0;
    rc = mgs_store_docs(srv->store, "token", name, NULL, MGS_DOCS_BY_KEY, 0,
                        TOKENS_MAX, add_tok, l);
    return rc == MGS_OK || rc == 1 ? 0 : -1;
}

/* Fields other than `keys` in body: 400 naming it. */
static int only_keys(const json_t *body, const char *const *keys,
                     const char *what, const char *list, mgs_result *r)
{
    const char *key;
    json_t *val;
    int i;
    json_object_foreach((json_t *)body, key, val) {
        int ok = 0;
        for (i = 0; keys[i]; i++)
            ok |= strcmp(key, keys[i]) == 0;
        if (!ok) {
            mgs_error(r, 400, "unknown field '%.40s': %s takes %s", key, what,
                      list);
            return -1;
        }
    }
    return 0;
}

/* A password field of body: 0 with *out (NULL when absent and not
 * required), -1 with r 400.  min: the shortest allowed. */
static int password_field(const json_t *body, const char *field,
                          int required, size_t min, const char **out,
                          mgs_result *r)
{
    json_t *v = json_object_get(body, field);
    size_t len;
    *out = NULL;
    if (!v) {
        if (!required)
            return 0;
        mgs_error(r, 400, "\"%s\" is required: %d to %d bytes of UTF-8",
                  field, PW_MIN, PW_MAX);
        return -1;
    }
    if (!json_is_string(v)) {
        mgs_error(r, 400, "\"%s\" must be a string of %d to %d bytes of "
                          "UTF-8", field, PW_MIN, PW_MAX);
        return -1;
    }
    len = json_string_length(v);
    if (strlen(json_string_value(v)) != len) {
        mgs_error(r, 400, "\"%s\" must not contain U+0000", field);
        return -1;
    }
    if (len < min || len > PW_MAX) {
        mgs_error(r, 400, "\"%s\" must be %d to %d bytes of UTF-8 (it has "
                          "%zu)", field, PW_MIN, PW_MAX, len);
        return -1;
    }
    *out = json_string_value(v);
    return 0;
}

static void busy(mgs_result *r)
{
    mgs_error(r, 503, "the server is checking as many passwords as it may "
                      "at once (--password-hashes): try again");
    json_object_set_new(r->body, "limit", json_string("password-hashes"));
    json_object_set_new(r->body, "retry_after", json_integer(1));
}

static void locked(mgs_result *r, const char *limit, int wait)
{
    mgs_error(r, 429, "too many failed logins %s: try again in %d s",
              strcmp(limit, "login-name") == 0 ? "for this name"
                                               : "from your address",
              wait);
    json_object_set_new(r->body, "limit", json_string(limit));
    json_object_set_new(r->body, "retry_after", json_integer(wait));
}

/* The player the request speaks for: 1, or 0/-1 with r set. */
static int who(const mgs_place_req *q, mgs_player *p, mgs_result *r)
{
    int rc = mgs_player_auth(q->srv, q->authorization, p, r);
    if (rc == 0)
        mgs_error(r, 401, "send your player token or session: "
                          "Authorization: Bearer TOKEN, or log in");
    return rc > 0;
}

static void set_cookie(const mgs_place_req *q, const char *token, int max_age)
{
    if (!q->set_cookie)
        return; /* a caller without headers (the fuzzer) */
    snprintf(q->set_cookie, MGS_SET_COOKIE_CAP,
             "%s=%s; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=%d",
             MGS_SESSION_COOKIE, token, max_age);
}

/* The name's key for the failure counts (its first confusable key). */
static void name_key(const char *name, char key[MGS_NAME_BYTES])
{
    char display[MGS_NAME_BYTES], keys[2][MGS_NAME_BYTES], err[160];
    if (mgs_name_check(name, display, keys, err, sizeof err) == 0)
        snprintf(key, MGS_NAME_BYTES, "%s", keys[0]);
    else
        snprintf(key, MGS_NAME_BYTES, "%s", name);
}

static int store_docs(mgs_srv *srv, mgs_doc_row *d, int n, char *err,
                      size_t cap)
{
    mgs_append a;
    int i;
    int64_t now = mgs_now_ms();
    for (i = 0; i < n; i++)
        if (!d[i].updated_ms)
            d[i].updated_ms = now;
    memset(&a, 0, sizeof a);
    a.docs = d;
    a.ndocs = n;
    return mgs_store_append(srv->store, &a, 1, err, cap);
}

static void del_row(mgs_doc_row *d, const char *key)
{
    memset(d, 0, sizeof *d);
    d->op = MGS_DOC_DELETE;
    d->kind = "token";
    d->key = key;
    d->if_updated_ms = -1;
}

/* ---------------------------------------------------------- password */

static const char *const password_keys[] = {"password", "old_password",
                                            NULL};

void mgs_account_password(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_player me, target;
    pw_doc old;
    const char *pw, *old_pw;
    char hash[crypto_pwhash_STRBYTES], key[MGS_NAME_BYTES], err[256];
    char *pjson = NULL;
    tok_list *l = NULL;
    mgs_doc_row *d = NULL;
    int has, rc, nd = 0, i, wait, ended = 0;
    const char *limit;
    if (only_keys(q->body, password_keys, "a password", "password and "
                  "old_password", r) || !who(q, &me, r))
        return;
    rc = mgs_player_find(srv, q->args[0], &target);
    if (rc < 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    if (rc == 0) {
        mgs_error(r, 404, "no player is named %.80s", q->args[0]);
        return;
    }
    if (strcmp(target.name, me.name) != 0) {
        mgs_error(r, 403, "only %s's own token or session sets %s's "
                          "password", target.name, target.name);
        return;
    }
    if (password_field(q->body, "password", 1, PW_MIN, &pw, r) ||
        password_field(q->body, "old_password", 0, 0, &old_pw, r))
        return;
    has = load_password(srv, me.name, &old);
    if (has < 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    if (has && !old_pw) {
        mgs_error(r, 400, "\"old_password\" is required to change a "
                          "password");
        return;
    }
    if (!has && old_pw) {
        mgs_error(r, 400, "%s has no password yet: send \"password\" only",
                  me.name);
        return;
    }
    name_key(me.name, key);
    if (has && (wait = mgs_login_locked(key, q->client, &limit)) > 0) {
        locked(r, limit, wait);
        return;
    }
    if (mgs_hash_enter(srv) != 0) {
        busy(r);
        return;
    }
    if (has && !mgs_password_check(old.hash, old_pw)) {
        mgs_hash_leave();
        mgs_login_failed(key, q->client);
        mgs_error(r, 403, "the old password is wrong");
        return;
    }
    rc = mgs_password_hash(pw, hash);
    mgs_hash_leave();
    l = malloc(sizeof *l);
    d = l ? calloc(TOKENS_MAX + 1, sizeof *d) : NULL;
    pjson = rc == 0 ? dump_new(json_pack("{s:s,s:I}", "hash", hash,
                                         "updated_ms",
                                         (json_int_t)mgs_now_ms()))
                    : NULL;
    if (!d || !pjson) {
        mgs_error(r, 503, "out of memory: try again");
        goto done;
    }
    /* every other session ends with the old password */
    if (list_tokens(srv, me.name, l) != 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        goto done;
    }
    for (i = 0; i < l->n; i++)
        if (l->t[i].session && strcmp(l->t[i].key, me.token_key) != 0) {
            del_row(&d[nd++], l->t[i].key);
            ended++;
        }
    d[nd].op = has ? MGS_DOC_PUT : MGS_DOC_NEW;
    d[nd].kind = "password";
    d[nd].key = me.name;
    d[nd].owner = me.name;
    d[nd].json = pjson;
    d[nd++].if_updated_ms = has ? old.updated_ms : -1;
    rc = store_docs(srv, d, nd, err, sizeof err);
    if (rc == MGS_ECONFLICT) {
        mgs_error(r, 409, "the password or the sessions changed meanwhile "
                          "(another request): try again");
    } else if (rc != MGS_OK) {
        mgs_log("accounts: cannot store a password: %s", err);
        mgs_error(r, 503, "the password cannot be stored now: try again");
    } else {
        r->status = 200;
        r->body = json_pack("{s:s,s:b,s:i}", "name", me.name, "password", 1,
                            "sessions_ended", ended);
    }
done:
    sodium_memzero(hash, sizeof hash);
    if (pjson) {
        sodium_memzero(pjson, strlen(pjson));
        free(pjson);
    }
    free(d);
    free(l);
}

/* ------------------------------------------------------------- login */

/* A new session of player `name`: its token in token (the expired
 * sessions, and the oldest beyond MGS_SESSIONS_MAX, deleted in the same
 * append).  0, or -1 with r set. */
static int new_session(mgs_srv *srv, const char *name,
                       char token[MGS_PLAYER_TOKEN_LEN + 8],
                       int64_t *expires, mgs_result *r)
{
    tok_list *l = malloc(sizeof *l);
    mgs_doc_row *d = l ? calloc(TOKENS_MAX + 1, sizeof *d) : NULL;
    char hex[65], err[256], *tjson = NULL;
    unsigned char h[MGS_HASH_LEN];
    int attempt, rc = -1;
    if (!d) {
        mgs_error(r, 503, "out of memory: try again");
        goto done;
    }
    mgs_random_token(token, 32);
    mgs_hash_token(token, h);
    sodium_bin2hex(hex, sizeof hex, h, MGS_HASH_LEN);
    for (attempt = 0; attempt < 3; attempt++) {
        int64_t now = mgs_now_ms();
        int i, nd = 0, live = 0, st;
        *expires = now + (int64_t)MGS_SESSION_S * 1000;
        free(tjson);
        tjson = dump_new(json_pack("{s:s,s:s,s:I,s:I}", "name", name,
                                   "kind", "session", "created_ms",
                                   (json_int_t)now, "expires_ms",
                                   (json_int_t)*expires));
        if (!tjson || list_tokens(srv, name, l) != 0) {
            mgs_error(r, 503, tjson ? "storage does not answer: try again"
                                    : "out of memory: try again");
            goto done;
        }
        for (i = 0; i < l->n; i++) {
            if (!l->t[i].session)
                continue;
            if (l->t[i].expires_ms <= now)
                del_row(&d[nd++], l->t[i].key);
            else
                live++;
        }
        while (live >= MGS_SESSIONS_MAX) {
            /* the oldest live session ends */
            int oldest = -1;
            for (i = 0; i < l->n; i++)
                if (l->t[i].session && l->t[i].expires_ms > now &&
                    (oldest < 0 ||
                     l->t[i].created_ms < l->t[oldest].created_ms))
                    oldest = i;
            del_row(&d[nd++], l->t[oldest].key);
            l->t[oldest].expires_ms = 0;
            live--;
        }
        memset(&d[nd], 0, sizeof d[nd]);
        d[nd].op = MGS_DOC_NEW;
        d[nd].kind = "token";
        d[nd].key = hex;
        d[nd].owner = name;
        d[nd].json = tjson;
        d[nd++].if_updated_ms = -1;
        st = store_docs(srv, d, nd, err, sizeof err);
        if (st == MGS_OK) {
            rc = 0;
            goto done;
        }
        if (st != MGS_ECONFLICT) {
            mgs_log("accounts: cannot store a session: %s", err);
            break;
        }
        /* another login or logout deleted one of them meanwhile */
    }
    mgs_error(r, 503, "the session cannot be stored now: try again");
done:
    free(tjson);
    free(d);
    free(l);
    return rc;
}

static const char *const login_keys[] = {"name", "password", NULL};
static const char *const no_keys[] = {NULL};

void mgs_account_login(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    const char *name, *pw, *limit;
    char display[MGS_NAME_BYTES], keys[2][MGS_NAME_BYTES], err[256];
    char token[MGS_PLAYER_TOKEN_LEN + 8];
    mgs_player p;
    pw_doc stored;
    int found = 0, has = 0, ok = 0, wait;
    int64_t expires;
    memset(&p, 0, sizeof p);
    if (only_keys(q->body, login_keys, "a login", "name and password", r))
        return;
    name = json_string_value(json_object_get(q->body, "name"));
    if (!name) {
        mgs_error(r, 400, "\"name\" is required: the player's name");
        return;
    }
    if (password_field(q->body, "password", 1, 0, &pw, r))
        return;
    if (mgs_name_check(name, display, keys, err, sizeof err) != 0) {
        mgs_error(r, 400, "name: %s", err);
        return;
    }
    if ((wait = mgs_login_locked(keys[0], q->client, &limit)) > 0) {
        locked(r, limit, wait); /* even with the right password */
        return;
    }
    if (strlen(pw) >= PW_MIN) {
        /* the same work whether the name is a player's or not */
        if (mgs_hash_enter(srv) != 0) {
            busy(r);
            return;
        }
        found = mgs_player_find(srv, name, &p);
        if (found > 0)
            has = load_password(srv, p.name, &stored);
        if (found < 0 || has < 0) {
            mgs_hash_leave();
            mgs_error(r, 503, "storage does not answer: try again");
            return;
        }
        ok = mgs_password_check(found && has ? stored.hash : NULL, pw);
        mgs_hash_leave();
    }
    if (!ok) {
        mgs_login_failed(keys[0], q->client);
        mgs_error(r, 401, "%s", wrong);
        return;
    }
    mgs_login_succeeded(keys[0]);
    if (new_session(srv, p.name, token, &expires, r) != 0)
        return;
    r->status = 200;
    r->body = json_pack("{s:s,s:s,s:I}", "name", p.name, "token", token,
                        "expires_ms", (json_int_t)expires);
    set_cookie(q, token, MGS_SESSION_S);
    sodium_memzero(token, sizeof token);
}

/* ------------------------------------------------------------ logout */

void mgs_account_logout(const mgs_place_req *q, mgs_result *r)
{
    mgs_player p;
    mgs_doc_row d;
    char err[256];
    int rc;
    if (only_keys(q->body, no_keys, "a logout", "no field", r) ||
        !who(q, &p, r))
        return;
    if (!p.session) {
        mgs_error(r, 400, "this is a player token, not a session: it ends "
                          "with POST /api/v1/logout/all {\"new_token\": "
                          "true}");
        return;
    }
    del_row(&d, p.token_key);
    rc = store_docs(q->srv, &d, 1, err, sizeof err);
    if (rc != MGS_OK && rc != MGS_ECONFLICT) { /* conflict: gone already */
        mgs_log("accounts: cannot end a session: %s", err);
        mgs_error(r, 503, "the session cannot be ended now: try again");
        return;
    }
    r->status = 200;
    r->body = json_pack("{s:s,s:i}", "name", p.name, "sessions_ended", 1);
    if (q->cookie)
        set_cookie(q, "", 0);
}

static const char *const all_keys[] = {"new_token", NULL};

void mgs_account_logout_all(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_player p;
    tok_list *l = NULL;
    mgs_doc_row *d = NULL;
    json_t *nt = json_object_get(q->body, "new_token");
    char token[MGS_PLAYER_TOKEN_LEN + 8], hex[65], err[256];
    char *tjson = NULL;
    unsigned char h[MGS_HASH_LEN];
    int i, nd = 0, ended = 0, renew, rc, self = 0;
    token[0] = '\0';
    if (only_keys(q->body, all_keys, "a logout everywhere", "new_token", r))
        return;
    if (nt && !json_is_boolean(nt)) {
        mgs_error(r, 400, "\"new_token\" must be true or false");
        return;
    }
    renew = json_is_true(nt);
    if (!who(q, &p, r))
        return;
    l = malloc(sizeof *l);
    d = l ? calloc(TOKENS_MAX + 1, sizeof *d) : NULL;
    if (renew) {
        mgs_random_token(token, 32);
        mgs_hash_token(token, h);
        sodium_bin2hex(hex, sizeof hex, h, MGS_HASH_LEN);
        tjson = dump_new(json_pack("{s:s,s:s,s:I}", "name", p.name, "kind",
                                   "player", "created_ms",
                                   (json_int_t)mgs_now_ms()));
    }
    if (!d || (renew && !tjson)) {
        mgs_error(r, 503, "out of memory: try again");
        goto done;
    }
    if (list_tokens(srv, p.name, l) != 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        goto done;
    }
    for (i = 0; i < l->n; i++)
        if (l->t[i].session || renew) {
            del_row(&d[nd++], l->t[i].key);
            ended += l->t[i].session;
            self |= strcmp(l->t[i].key, p.token_key) == 0;
        }
    if (renew) {
        d[nd].op = MGS_DOC_NEW;
        d[nd].kind = "token";
        d[nd].key = hex;
        d[nd].owner = p.name;
        d[nd].json = tjson;
        d[nd++].if_updated_ms = -1;
    }
    rc = nd ? store_docs(srv, d, nd, err, sizeof err) : MGS_OK;
    if (rc == MGS_ECONFLICT) {
        mgs_error(r, 409, "a session ended meanwhile (another request): "
                          "try again");
        goto done;
    }
    if (rc != MGS_OK) {
        mgs_log("accounts: cannot end the sessions: %s", err);
        mgs_error(r, 503, "the sessions cannot be ended now: try again");
        goto done;
    }
    r->status = 200;
    r->body = json_pack("{s:s,s:i}", "name", p.name, "sessions_ended", ended);
    if (renew)
        json_object_set_new(r->body, "token", json_string(token));
    if (q->cookie && self)
        set_cookie(q, "", 0);
done:
    sodium_memzero(token, sizeof token);
    free(tjson);
    free(d);
    free(l);
}

/* ----------------------------------------------------------- account */

void mgs_account_get(const mgs_place_req *q, mgs_result *r)
{
    mgs_player p;
    pw_doc pw;
    tok_list *l;
    int has, i, live = 0;
    int64_t now = mgs_now_ms();
    if (!who(q, &p, r))
        return;
    l = malloc(sizeof *l);
    if (!l) {
        mgs_error(r, 503, "out of memory: try again");
        return;
    }
    has = load_password(q->srv, p.name, &pw);
    if (has < 0 || list_tokens(q->srv, p.name, l) != 0) {
        free(l);
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    for (i = 0; i < l->n; i++)
        live += l->t[i].session && l->t[i].expires_ms > now;
    free(l);
    r->status = 200;
    r->body = json_pack("{s:s,s:b,s:i,s:b}", "name", p.name, "password", has,
                        "sessions", live, "session", p.session);
    if (p.session)
        json_object_set_new(r->body, "expires_ms",
                            json_integer((json_int_t)p.expires_ms));
}
