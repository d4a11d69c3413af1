/*
 * players.c - players: a name (names.c: 3 to 20 characters, unique up to
 * case, normalisation and confusable look-alikes) and a player token,
 * the bearer secret that speaks for the player (stored only as its hash,
 * seal.c); who a request speaks for (mgs_player_auth); a player's public
 * page.  The documents are place.h's (player, name, token); a
 * registration is one append, so a name is either wholly taken or not.
 *
 * POST /api/v1/players {"name", "bot"?, "cmd_id"?} -> 201 {"name", "bot",
 *      "token"}; 400 (the name, the body), 409 (taken), 429 (the
 *      client's --players-per-hour), 503 (storage)
 * GET  /api/v1/players/me (Bearer) -> the player's own page
 * GET  /api/v1/players/{name} -> {"name", "bot", "created_ms"}
 */
#include "place.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hex32(const unsigned char h[MGS_HASH_LEN], char out[65])
{
    sodium_bin2hex(out, 65, h, MGS_HASH_LEN);
}

/* The text of a new JSON value (taken); NULL when out of memory. */
static char *dump_new(json_t *v)
{
    char *t = v ? json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(v);
    return t;
}

/* A document read into a string (its JSON) and its owner. */
typedef struct doc_copy {
    char owner[MGS_NAME_BYTES];
    json_t *json;
} doc_copy;

static int copy_doc(void *arg, const mgs_doc *d)
{
    doc_copy *c = arg;
    snprintf(c->owner, sizeof c->owner, "%s", d->owner);
    c->json = json_loads(d->json, 0, NULL);
    return 0;
}

/* The player document of `name` (its NFC form, exactly): 1, 0 none, -1
 * storage. */
static int load_player(mgs_srv *srv, const char *name, mgs_player *p)
{
    doc_copy c;
    int rc;
    memset(&c, 0, sizeof c);
    rc = mgs_store_doc(srv->store, "player", name, copy_doc, &c);
    if (rc == MGS_ENOTFOUND)
        return 0;
    if (rc != MGS_OK || !c.json) {
        json_decref(c.json);
        return -1;
    }
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", name);
    p->bot = json_is_true(json_object_get(c.json, "bot"));
    p->created_ms = json_integer_value(json_object_get(c.json, "created_ms"));
    json_decref(c.json);
    return 1;
}

int mgs_player_find(mgs_srv *srv, const char *name, mgs_player *p)
{
    char display[MGS_NAME_BYTES], keys[2][MGS_NAME_BYTES], err[160];
    doc_copy c;
    int rc;
    if (mgs_name_check(name, display, keys, err, sizeof err) != 0)
        return 0; /* no player has a name that is not allowed */
    memset(&c, 0, sizeof c);
    rc = mgs_store_doc(srv->store, "name", keys[0], copy_doc, &c);
    json_decref(c.json);
    if (rc == MGS_ENOTFOUND)
        return 0;
    if (rc != MGS_OK)
        return -1;
    return load_player(srv, c.owner, p);
}

int mgs_player_auth(mgs_srv *srv, const char *authorization, mgs_player *p,
                    mgs_result *r)
{
    const char *a = authorization;
    unsigned char h[MGS_HASH_LEN];
    char hex[65];
    doc_copy c;
    int rc, session = 0;
    int64_t expires = 0;
    memset(p, 0, sizeof *p);
    if (!a)
        return 0;
    if (strncmp(a, "Bearer ", 7) != 0 || strlen(a + 7) > 128 || !a[7]) {
        mgs_error(r, 401, "the Authorization header must be \"Bearer \" and "
                          "a player's token");
        return -1;
    }
    mgs_hash_token(a + 7, h);
    hex32(h, hex);
    memset(&c, 0, sizeof c);
    rc = mgs_store_doc(srv->store, "token", hex, copy_doc, &c);
    if (rc == MGS_OK) {
        const char *kind = json_string_value(json_object_get(c.json, "kind"));
        session = kind && strcmp(kind, "session") == 0;
        expires = json_integer_value(json_object_get(c.json, "expires_ms"));
    }
    json_decref(c.json);
    if (rc == MGS_ENOTFOUND) {
        mgs_error(r, 401, "this token is no player's (or no longer)");
        return -1;
    }
    if (rc == MGS_OK && session && expires <= mgs_now_ms()) {
        /* an expired session: gone for good */
        mgs_doc_row d;
        mgs_append ap;
        char err[256];
        memset(&d, 0, sizeof d);
        d.op = MGS_DOC_DELETE;
        d.kind = "token";
        d.key = hex;
        d.if_updated_ms = -1;
        memset(&ap, 0, sizeof ap);
        ap.docs = &d;
        ap.ndocs = 1;
        (void)mgs_store_append(srv->store, &ap, 1, err, sizeof err);
        mgs_error(r, 401, "this session has expired: log in again");
        return -1;
    }
    if (rc != MGS_OK || (rc = load_player(srv, c.owner, p)) < 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        return -1;
    }
    if (rc == 0) {
        mgs_error(r, 401, "this token is no player's (or no longer)");
        return -1;
    }
    p->session = session;
    p->expires_ms = session ? expires : 0;
    snprintf(p->token_key, sizeof p->token_key, "%s", hex);
    return 1;
}

static const char *const create_keys[] = {"name", "bot", "cmd_id", NULL};

char *mgs_place_answer_json(const char *cmd_id, const json_t *answer,
                            int status)
{
    char *text = answer ? json_dumps(answer, JSON_COMPACT) : NULL;
    char *sealed = text ? mgs_seal(cmd_id, text) : NULL;
    char *out = sealed ? dump_new(json_pack("{s:s,s:i}", "sealed", sealed,
                                            "status", status))
                       : NULL;
    if (text) {
        sodium_memzero(text, strlen(text));
        free(text);
    }
    free(sealed);
    return out;
}

int mgs_place_answered(mgs_srv *srv, const char *ckey, const char *cmd_id,
                       mgs_result *r)
{
    json_t *st;
    doc_copy c;
    const char *sealed;
    char *text = NULL;
    int rc;
    memset(&c, 0, sizeof c);
    rc = mgs_store_doc(srv->store, "answer", ckey, copy_doc, &c);
    if (rc == MGS_ENOTFOUND)
        return 0;
    sealed = json_string_value(json_object_get(c.json, "sealed"));
    if (rc != MGS_OK || !sealed || !(text = mgs_unseal(cmd_id, sealed))) {
        json_decref(c.json);
        mgs_error(r, 503, "the first answer to this cmd_id cannot be read: "
                          "try again");
        return -1;
    }
    st = json_object_get(c.json, "status");
    r->status = json_is_integer(st) ? (int)json_integer_value(st) : 201;
    json_decref(c.json);
    r->body = json_loads(text, 0, NULL);
    sodium_memzero(text, strlen(text));
    free(text);
    if (!r->body) {
        mgs_error(r, 503, "the first answer to this cmd_id cannot be read");
        return -1;
    }
    return 1;
}

void mgs_players_create(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    const json_t *body = q->body;
    const char *key, *name, *cmd_id = NULL;
    json_t *val, *bot, *answer = NULL;
    char display[MGS_NAME_BYTES], keys[2][MGS_NAME_BYTES], err[256];
    char token[MGS_PLAYER_TOKEN_LEN + 8], hex[65], ckey[40];
    char *pjson = NULL, *tjson = NULL, *njson = NULL, *ajson = NULL;
    unsigned char h[MGS_HASH_LEN];
    mgs_doc_row d[5];
    mgs_append a;
    int64_t now = mgs_now_ms();
    int i, nd = 0, rc;
    json_object_foreach((json_t *)body, key, val) {
        int ok = 0;
        for (i = 0; create_keys[i]; i++)
            ok |= strcmp(key, create_keys[i]) == 0;
        if (!ok) {
            mgs_error(r, 400, "unknown field '%.40s': a player takes name, "
                              "bot and cmd_id", key);
            return;
        }
    }
    if (mgs_cmd_key(body, "a registration", ckey, sizeof ckey, &cmd_id, r))
        return;
    if (cmd_id && mgs_place_answered(srv, ckey, cmd_id, r) != 0)
        return;
    name = json_string_value(json_object_get(body, "name"));
    if (!name) {
        mgs_error(r, 400, "\"name\" is required: 3 to 20 letters or digits "
                          "of one script, '_' or '-' between them");
        return;
    }
    bot = json_object_get(body, "bot");
    if (bot && !json_is_boolean(bot)) {
        mgs_error(r, 400, "\"bot\" must be true or false");
        return;
    }
    if (mgs_name_check(name, display, keys, err, sizeof err) != 0) {
        mgs_error(r, 400, "name: %s", err);
        return;
    }
    if (mgs_player_reserve(srv, q->client, r) != 0)
        return;
    mgs_random_token(token, 32);
    mgs_hash_token(token, h);
    hex32(h, hex);
    pjson = dump_new(json_pack("{s:s,s:b,s:I}", "name", display, "bot",
                               json_is_true(bot), "created_ms",
                               (json_int_t)now));
    njson = dump_new(json_pack("{s:s}", "name", display));
    tjson = dump_new(json_pack("{s:s,s:s,s:I}", "name", display, "kind",
                               "player", "created_ms", (json_int_t)now));
    answer = json_pack("{s:s,s:b,s:s}", "name", display, "bot",
                       json_is_true(bot), "token", token);
    if (answer && cmd_id)
        ajson = mgs_place_answer_json(cmd_id, answer, 201);
    if (!pjson || !njson || !tjson || !answer || (cmd_id && !ajson)) {
        mgs_error(r, 503, "out of memory: try again");
        goto done;
    }
    memset(d, 0, sizeof d);
    for (i = 0; i < 2 && keys[i][0]; i++, nd++) {
        d[nd].op = MGS_DOC_NEW;
        d[nd].kind = "name";
        d[nd].key = keys[i];
        d[nd].owner = display;
        d[nd].json = njson;
    }
    d[nd].op = MGS_DOC_NEW;
    d[nd].kind = "player";
    d[nd].key = display;
    d[nd++].json = pjson;
    d[nd].op = MGS_DOC_NEW;
    d[nd].kind = "token";
    d[nd].key = hex;
    d[nd].owner = display;
    d[nd++].json = tjson;
    if (ajson) {
        d[nd].op = MGS_DOC_NEW;
        d[nd].kind = "answer";
        d[nd].key = ckey;
        d[nd++].json = ajson;
    }
    for (i = 0; i < nd; i++) {
        d[i].updated_ms = now;
        d[i].if_updated_ms = -1;
    }
    memset(&a, 0, sizeof a);
    a.docs = d;
    a.ndocs = nd;
    rc = mgs_store_append(srv->store, &a, 1, err, sizeof err);
    if (rc == MGS_ECONFLICT && cmd_id &&
        mgs_place_answered(srv, ckey, cmd_id, r) != 0)
        goto done; /* the same registration, sent twice at once */
    if (rc == MGS_ECONFLICT) {
        mgs_error(r, 409, "the name %s is taken (or one too like it: names "
                          "differing only in case or in look-alike "
                          "characters are one)", display);
        goto done;
    }
    if (rc != MGS_OK) {
        mgs_log("players: cannot register a player: %s", err);
        mgs_error(r, 503, "the player cannot be stored now: try again");
        goto done;
    }
    r->status = 201;
    r->body = answer;
    answer = NULL;
done:
    json_decref(answer);
    sodium_memzero(token, sizeof token);
    free(pjson);
    free(njson);
    free(tjson);
    free(ajson);
}

/* A player's public page: NULL when storage failed. */
static json_t *player_json(mgs_srv *srv, const mgs_player *p)
{
    json_t *extra = mgs_player_page_extra(srv, p->name);
    json_t *j = extra ? json_pack("{s:s,s:b,s:I}", "name", p->name, "bot",
                                  p->bot, "created_ms",
                                  (json_int_t)p->created_ms)
                      : NULL;
    if (j)
        json_object_update(j, extra);
    json_decref(extra);
    return j;
}

void mgs_players_get(const mgs_place_req *q, mgs_result *r)
{
    mgs_player p;
    int rc = mgs_player_find(q->srv, q->args[0], &p);
    if (rc < 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    if (rc == 0) {
        mgs_error(r, 404, "no player is named %.80s", q->args[0]);
        return;
    }
    r->body = player_json(q->srv, &p);
    if (!r->body) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    r->status = 200;
}

void mgs_players_me(const mgs_place_req *q, mgs_result *r)
{
    mgs_player p;
    int rc = mgs_player_auth(q->srv, q->authorization, &p, r);
    if (rc < 0)
        return;
    if (rc == 0) {
        mgs_error(r, 401, "who is \"me\"? Send your player token: "
                          "Authorization: Bearer TOKEN");
        return;
    }
    r->body = player_json(q->srv, &p);
    if (!r->body) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    r->status = 200;
}
