/*
 * seeks.c - open seeks (doc/server-api.md, "Lobby"): a player offers a
 * game (spec, clock, rated or casual, its seat), anyone else accepts it
 * with one request and both sit at one new table.
 *
 * POST /api/v1/seeks {"spec", "clock"?, "rated"?, "seat"?} (Bearer)
 *      -> 201 {"id", "seek"}
 * GET  /api/v1/seeks -> {"seeks": [...]} (oldest first)
 * GET  /api/v1/seeks/{id} -> the open seek; its owner (Bearer) learns
 *      {"table", "seat", "secret"} once it is accepted
 * POST /api/v1/seeks/{id}/accept (Bearer) -> {"table", "seat", "secret"}
 * POST /api/v1/seeks/{id}/cancel (Bearer, the owner) -> {"id"}
 *
 * A challenge is a seek with "to": NAME: listed, shown and sent as lobby
 * events only to its owner and that player, accepted only by that
 * player, who may also cancel it (declining it).
 */
#include "lobby.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

json_t *mgs_seek_json(const mgs_seek *s)
{
    return json_pack(
        "{s:s,s:s,s:o,s:s,s:o,s:b,s:o,s:I}", "id", s->id, "owner", s->owner,
        "rating", s->rating >= 0 ? json_real(s->rating) : json_null(), "spec",
        s->spec, "clock",
        s->has_clock ? json_pack("{s:I,s:I}", "base_ms", (json_int_t)s->base_ms,
                                 "increment_ms", (json_int_t)s->inc_ms)
                     : json_null(),
        "rated", s->rated, "seat",
        s->seat >= 0 ? json_integer(s->seat) : json_string("random"),
        "created_ms", (json_int_t)s->created_ms);
}

/* May `player` (NULL: nobody's request) see seek s? */
static int visible(const mgs_seek *s, const char *player)
{
    return !s->to[0] ||
           (player && (strcmp(player, s->owner) == 0 ||
                       strcmp(player, s->to) == 0));
}

/* A seek's JSON with its "to" (null for an open seek). */
static json_t *seek_json_to(const mgs_seek *s)
{
    json_t *j = mgs_seek_json(s);
    if (j)
        json_object_set_new(j, "to", s->to[0] ? json_string(s->to)
                                              : json_null());
    return j;
}

void mgs_seek_publish(mgs_lobby *l, const mgs_seek *s, const char *type,
                      const json_t *data)
{
    if (!s->to[0]) {
        mgs_lobby_publish(l, NULL, type, data);
        return;
    }
    mgs_lobby_publish(l, s->owner, type, data);
    mgs_lobby_publish(l, s->to, type, data);
}

/* The request's player: 1 with p; else r set (401 without a token). */
static int need_player(const mgs_place_req *q, mgs_player *p, const char *what,
                       mgs_result *r)
{
    int rc = mgs_player_auth(q->srv, q->authorization, p, r);
    if (rc == 0)
        mgs_error(r, 401, "%s is for players: send your player token "
                          "(Authorization: Bearer TOKEN; POST "
                          "/api/v1/players makes one)", what);
    return rc == 1;
}

static int no_copy(void *arg, const mgs_doc *d)
{
    (void)arg;
    (void)d;
    return 0;
}

static mgs_seek *find_seek(mgs_lobby *l, const char *id, int *at)
{
    int i;
    for (i = 0; i < l->nseeks; i++)
        if (strcmp(l->seeks[i]->id, id) == 0) {
            if (at)
                *at = i;
            return l->seeks[i];
        }
    return NULL;
}

void mgs_lobby_drop_seek(mgs_lobby *l, mgs_seek *s)
{
    int at = -1;
    if (find_seek(l, s->id, &at) == s) {
        memmove(l->seeks + at, l->seeks + at + 1,
                (size_t)(l->nseeks - at - 1) * sizeof *l->seeks);
        l->nseeks--;
    }
}

/* The owner was here: its seeks do not count as left. */
static void owner_seen(mgs_lobby *l, const char *owner, int64_t now)
{
    int i;
    for (i = 0; i < l->nseeks; i++)
        if (strcmp(l->seeks[i]->owner, owner) == 0)
            l->seeks[i]->seen_ms = now;
}

static const char *const seek_keys[] = {"spec", "clock", "rated", "seat",
                                        "to", NULL};

/* The body's options into s (spec canonical), or r set (400). */
static int read_options(mgs_srv *srv, const json_t *body, mgs_seek *s,
                        mgs_result *r)
{
    const char *spec = json_string_value(json_object_get(body, "spec"));
    json_t *clock = json_object_get(body, "clock");
    json_t *rated = json_object_get(body, "rated");
    json_t *seat = json_object_get(body, "seat");
    const char *key;
    json_t *val;
    mg_game *g = NULL;
    char msg[512];
    int i;
    json_object_foreach((json_t *)body, key, val) {
        int ok = 0;
        for (i = 0; seek_keys[i]; i++)
            ok |= strcmp(key, seek_keys[i]) == 0;
        if (!ok) {
            mgs_error(r, 400, "unknown field '%.40s': a seek takes spec, "
                              "clock, rated, seat and to", key);
            return -1;
        }
    }
    if (!spec) {
        mgs_error(r, 400, "\"spec\" is required: a game spec such as "
                          "\"dots_and_boxes(rows=5,cols=5)\"");
        return -1;
    }
    if ((int)strlen(spec) > srv->cfg.max_spec) {
        mgs_error(r, 400, "spec: longer than this server's limit of %d "
                          "characters", srv->cfg.max_spec);
        return -1;
    }
    if (mg_game_new(&g, spec, msg, sizeof msg) != MG_OK) {
        mgs_error(r, 400, "spec: %s", msg);
        return -1;
    }
    if (mg_game_num_actions(g) > srv->cfg.max_actions) {
        mgs_error(r, 400, "spec: this game has %d action ids, more than this "
                          "server's limit of %d (a smaller board?)",
                  (int)mg_game_num_actions(g), srv->cfg.max_actions);
        mg_game_free(g);
        return -1;
    }
    mg_game_spec(g, s->spec, sizeof s->spec, NULL);
    mg_game_free(g);
    if (clock && !json_is_null(clock)) {
        json_t *b = json_object_get(clock, "base_ms"),
               *inc = json_object_get(clock, "increment_ms");
        if (!json_is_object(clock) || !json_is_integer(b) ||
            (inc && !json_is_integer(inc)) || json_object_size(clock) > 2 ||
            (json_object_size(clock) == 2 && !inc)) {
            mgs_error(r, 400, "clock: must be null or {\"base_ms\": int, "
                              "\"increment_ms\": int}");
            return -1;
        }
        if (json_integer_value(b) < 1000 ||
            json_integer_value(b) > 86400000 ||
            (inc && (json_integer_value(inc) < 0 ||
                     json_integer_value(inc) > 600000))) {
            mgs_error(r, 400, "clock: base_ms must be 1000 to 86400000 (1 s "
                              "to 24 h) and increment_ms 0 to 600000 "
                              "(10 min)");
            return -1;
        }
        s->has_clock = 1;
        s->base_ms = json_integer_value(b);
        s->inc_ms = inc ? json_integer_value(inc) : 0;
    }
    if (rated && !json_is_boolean(rated)) {
        mgs_error(r, 400, "rated: must be true or false");
        return -1;
    }
    s->rated = json_is_true(rated);
    s->seat = -1;
    if (seat && json_is_integer(seat) &&
        (json_integer_value(seat) == 0 || json_integer_value(seat) == 1)) {
        s->seat = (int)json_integer_value(seat);
    } else if (seat && !(json_is_string(seat) &&
                         strcmp(json_string_value(seat), "random") == 0)) {
        mgs_error(r, 400, "seat: must be 0, 1 or \"random\" (the default)");
        return -1;
    }
    return 0;
}

/* Room for one more seek (the lobby locked): 0, or -1 (unchanged). */
static int grow_seeks(mgs_lobby *l)
{
    int cap = l->seeks_cap ? 2 * l->seeks_cap : 64;
    mgs_seek **m = realloc(l->seeks, (size_t)cap * sizeof *m);
    if (!m)
        return -1;
    l->seeks = m;
    l->seeks_cap = cap;
    return 0;
}

static char *seek_doc(const mgs_seek *s)
{
    char hex[2 * MGS_HASH_LEN + 1];
    json_t *j = seek_json_to(s);
    char *t;
    sodium_bin2hex(hex, sizeof hex, s->secret_hash, MGS_HASH_LEN);
    json_object_del(j, "rating");
    json_object_set_new(j, "client", json_string(s->client));
    json_object_set_new(j, "secret_hash", json_string(hex));
    json_object_set_new(j, "sealed", json_string(s->sealed));
    t = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(j);
    return t;
}

void mgs_seeks_create(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_lobby *l = mgs_lobby_of(srv);
    mgs_player p;
    mgs_seek *s;
    char secret[64], key[40], *doc = NULL, err[256];
    const char *token = mgs_bearer(q->authorization);
    mgs_doc_row d;
    mgs_append a;
    int i, mine = 0, theirs = 0, rc;
    int64_t now = mgs_now_ms();
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    if (!need_player(q, &p, "a seek", r))
        return;
    if (!(s = calloc(1, sizeof *s))) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    if (read_options(srv, q->body, s, r) != 0) {
        free(s);
        return;
    }
    if (json_object_get(q->body, "to") &&
        !json_is_null(json_object_get(q->body, "to"))) {
        const char *to = json_string_value(json_object_get(q->body, "to"));
        mgs_player o;
        int found = to ? mgs_player_find(srv, to, &o) : 0;
        if (!to)
            mgs_error(r, 400, "to: must be a player's name (a challenge) "
                              "or null");
        else if (found < 0)
            mgs_error(r, 503, "storage does not answer: try again");
        else if (found == 0)
            mgs_error(r, 404, "to: no player is named %.80s", to);
        else if (strcmp(o.name, p.name) == 0)
            mgs_error(r, 400, "to: a challenge is to another player, not "
                              "to yourself");
        if (!to || found <= 0 || strcmp(o.name, p.name) == 0) {
            free(s);
            return;
        }
        snprintf(s->to, sizeof s->to, "%s", o.name);
    }
    snprintf(s->owner, sizeof s->owner, "%s", p.name);
    snprintf(s->client, sizeof s->client, "%s", q->client);
    s->created_ms = s->doc_ms = s->seen_ms = now;
    s->rating = mgs_lobby_rating(srv, s->spec, p.name);
    mgs_random_token(s->id, 12);
    /* the owner's future seat: its secret sealed with this token */
    mgs_random_token(secret, 32);
    mgs_hash_token(secret, s->secret_hash);
    if (!token) { /* a session, not a token: readable by nobody */
        mgs_random_token(key, 24);
        token = key;
    }
    s->sealed = mgs_seal(token, secret);
    if (!s->sealed || !(doc = seek_doc(s))) {
        sodium_memzero(secret, sizeof secret);
        mgs_seek_free(s);
        free(doc);
        mgs_error(r, 503, "out of memory");
        return;
    }
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < l->nseeks; i++) {
        mine += strcmp(l->seeks[i]->owner, p.name) == 0;
        theirs += strcmp(l->seeks[i]->client, q->client) == 0;
    }
    if (srv->cfg.max_seeks > 0 && l->nseeks >= srv->cfg.max_seeks)
        rc = 1;
    else if (srv->cfg.seeks_per_player > 0 && mine >= srv->cfg.seeks_per_player)
        rc = 2;
    else if (srv->cfg.seeks_per_client > 0 &&
             theirs >= srv->cfg.seeks_per_client)
        rc = 3;
    else if (l->nseeks == l->seeks_cap && grow_seeks(l) != 0)
        rc = 4;
    else
        rc = 0;
    if (rc == 0) {
        s->pending = 1;
        l->seeks[l->nseeks++] = s;
    }
    owner_seen(l, p.name, now);
    s->owner_streams = mgs_lobby_streams_of(l, p.name);
    pthread_mutex_unlock(&l->mu);
    if (rc != 0) {
        if (rc == 1) {
            mgs_error(r, 503, "this server has %d open seeks, its limit "
                              "(--max-seeks): accept one, or try again "
                              "later", srv->cfg.max_seeks);
            json_object_set_new(r->body, "limit", json_string("max-seeks"));
        } else if (rc == 2) {
            mgs_error(r, 429, "you have %d open seeks, this server's limit "
                              "(--seeks-per-player): cancel one first", mine);
            json_object_set_new(r->body, "limit",
                                json_string("seeks-per-player"));
        } else if (rc == 3) {
            mgs_error(r, 429, "your address has %d open seeks, this "
                              "server's limit (--seeks-per-client)", theirs);
            json_object_set_new(r->body, "limit",
                                json_string("seeks-per-client"));
        } else {
            mgs_error(r, 503, "out of memory");
        }
        sodium_memzero(secret, sizeof secret);
        mgs_seek_free(s);
        free(doc);
        return;
    }
    memset(&d, 0, sizeof d);
    d.op = MGS_DOC_NEW;
    d.kind = "seek";
    d.key = s->id;
    d.owner = s->owner;
    d.json = doc;
    d.updated_ms = now;
    d.if_updated_ms = -1;
    memset(&a, 0, sizeof a);
    a.docs = &d;
    a.ndocs = 1;
    rc = mgs_store_append(srv->store, &a, 1, err, sizeof err);
    free(doc);
    pthread_mutex_lock(&l->mu);
    if (rc != MGS_OK) {
        mgs_lobby_drop_seek(l, s);
        pthread_mutex_unlock(&l->mu);
        sodium_memzero(secret, sizeof secret);
        mgs_seek_free(s);
        mgs_log("lobby: cannot store a seek: %s", err);
        mgs_error(r, 503, "the seek cannot be stored now (%s): try again",
                  err);
        return;
    }
    s->pending = 0;
    l->seeks_made++;
    r->status = 201;
    r->body = json_pack("{s:s,s:o}", "id", s->id, "seek", seek_json_to(s));
    mgs_seek_publish(l, s, "seek", json_object_get(r->body, "seek"));
    pthread_mutex_unlock(&l->mu);
    /* the owner's seat secret, handed out once (also readable later with
     * this token: GET /seeks/{id}) */
    json_object_set_new(r->body, "secret", json_string(secret));
    sodium_memzero(secret, sizeof secret);
}

void mgs_seeks_list(const mgs_place_req *q, mgs_result *r)
{
    mgs_lobby *l = mgs_lobby_of(q->srv);
    json_t *list;
    mgs_player p;
    int i, who = mgs_player_auth(q->srv, q->authorization, &p, r);
    if (who < 0)
        return; /* a token that is no player's: 401 */
    list = json_array();
    if (!l || !list) {
        json_decref(list);
        mgs_error(r, 503, "out of memory");
        return;
    }
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < l->nseeks; i++)
        if (!l->seeks[i]->pending &&
            visible(l->seeks[i], who == 1 ? p.name : NULL))
            json_array_append_new(list, seek_json_to(l->seeks[i]));
    pthread_mutex_unlock(&l->mu);
    r->status = 200;
    r->body = json_pack("{s:o}", "seeks", list);
}

void mgs_seeks_get(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_lobby *l = mgs_lobby_of(srv);
    mgs_player p;
    mgs_seek *s;
    json_t *seat = NULL;
    int who, rc;
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    who = mgs_player_auth(srv, q->authorization, &p, r);
    if (who < 0)
        return;
    pthread_mutex_lock(&l->mu);
    if (who == 1)
        owner_seen(l, p.name, mgs_now_ms());
    s = find_seek(l, q->args[0], NULL);
    if (s && !s->pending && visible(s, who == 1 ? p.name : NULL)) {
        r->status = 200;
        r->body = seek_json_to(s);
        json_object_set_new(r->body, "status", json_string("open"));
        pthread_mutex_unlock(&l->mu);
        return;
    }
    pthread_mutex_unlock(&l->mu);
    /* accepted: its owner, with the token that posted it, learns its seat */
    rc = mgs_lobby_seat_read(srv, q->args[0], who == 1 ? p.name : "",
                             who == 1 ? mgs_bearer(q->authorization) : NULL,
                             &seat);
    if (rc < 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    if (rc == 0 || who != 1) {
        json_decref(seat);
        mgs_error(r, 404, "no open seek %.40s (accepted, cancelled, "
                          "expired, or never made)", q->args[0]);
        return;
    }
    json_object_del(seat, "at_ms");
    json_object_set_new(seat, "id", json_string(q->args[0]));
    json_object_set_new(seat, "status", json_string("accepted"));
    r->status = 200;
    r->body = seat;
}

void mgs_seeks_accept(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_lobby *l = mgs_lobby_of(srv);
    mgs_player p;
    mgs_seek *s;
    char secret[64], tid[MGS_ID_LEN + 1], *seat_json = NULL;
    unsigned char mine[MGS_HASH_LEN];
    const char *players[2];
    const unsigned char *hashes[2];
    mgs_doc_row d[3];
    int owner_seat, rc;
    int64_t now = mgs_now_ms();
    json_t *ev, *answer = NULL;
    const char *cmd_id = NULL;
    char ckey[40], *ajson = NULL;
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    if (json_object_size(q->body) > (json_object_get(q->body, "cmd_id") ? 1u
                                                                        : 0u)) {
        mgs_error(r, 400, "an accept takes an empty body {}, or only a "
                          "\"cmd_id\"");
        return;
    }
    if (mgs_cmd_key(q->body, "an accept", ckey, sizeof ckey, &cmd_id, r) != 0)
        return;
    if (!need_player(q, &p, "accepting a seek", r))
        return;
    /* the same accept again (its answer lost): the first answer */
    if (cmd_id && mgs_place_answered(srv, ckey, cmd_id, r) != 0)
        return;
    pthread_mutex_lock(&l->mu);
    s = find_seek(l, q->args[0], NULL);
    if (!s && __atomic_load_n(&srv->cluster, __ATOMIC_ACQUIRE)) {
        /* posted through another process, its notification not heard
         * yet: when its document is there, the lobby reads it now */
        pthread_mutex_unlock(&l->mu);
        if (mgs_store_doc(srv->store, "seek", q->args[0], no_copy, NULL) ==
            MGS_OK)
            mgs_lobby_sync(srv);
        pthread_mutex_lock(&l->mu);
        s = find_seek(l, q->args[0], NULL);
    }
    if (!s || s->pending) {
        pthread_mutex_unlock(&l->mu);
        if (mgs_store_doc(srv->store, "seat", q->args[0], no_copy, NULL) ==
            MGS_OK)
            mgs_error(r, 409, "seek %.40s was accepted already: it is "
                              "somebody's game now", q->args[0]);
        else
            mgs_error(r, 404, "no open seek %.40s (cancelled, expired, its "
                              "owner left, or never made)", q->args[0]);
        return;
    }
    if (strcmp(s->owner, p.name) == 0) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 409, "seek %.40s is your own: another player accepts "
                          "it (or cancel it)", q->args[0]);
        return;
    }
    if (!visible(s, p.name)) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 404, "no open seek %.40s (cancelled, expired, its "
                          "owner left, or never made)", q->args[0]);
        return;
    }
    if (s->taking) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 409, "seek %.40s is being accepted by another player",
                  q->args[0]);
        return;
    }
    s->taking = 1;
    pthread_mutex_unlock(&l->mu);
    /* outside the lock: s stays, marked taking, until it is settled */
    owner_seat = s->seat;
    if (owner_seat < 0) {
        unsigned char b;
        randombytes_buf(&b, 1);
        owner_seat = b & 1;
    }
    mgs_random_token(secret, 32);
    mgs_hash_token(secret, mine);
    players[owner_seat] = s->owner;
    players[1 - owner_seat] = p.name;
    hashes[owner_seat] = s->secret_hash;
    hashes[1 - owner_seat] = mine;
    if (mgs_new_table_id(srv, tid) != 0 ||
        !(seat_json = mgs_lobby_seat_json(tid, owner_seat, s->sealed, now)) ||
        !(answer = json_pack("{s:s,s:i,s:s}", "table", tid, "seat",
                             1 - owner_seat, "secret", secret)) ||
        (cmd_id && !(ajson = mgs_place_answer_json(cmd_id, answer, 200)))) {
        rc = -1;
        mgs_error(r, 503, "could not make a table: try again");
    } else {
        memset(d, 0, sizeof d);
        d[0].op = MGS_DOC_DELETE;
        d[0].kind = "seek";
        d[0].key = s->id;
        d[0].updated_ms = now;
        d[0].if_updated_ms = s->doc_ms;
        d[1].op = MGS_DOC_NEW;
        d[1].kind = "seat";
        d[1].key = s->id;
        d[1].owner = s->owner;
        d[1].json = seat_json;
        d[1].updated_ms = now;
        d[1].if_updated_ms = -1;
        /* the answer kept with the table, for the same cmd_id again */
        d[2].op = MGS_DOC_NEW;
        d[2].kind = "answer";
        d[2].key = ckey;
        d[2].owner = p.name;
        d[2].json = ajson;
        d[2].updated_ms = now;
        d[2].if_updated_ms = -1;
        rc = mgs_lobby_table(srv, q->client, s->spec, s->has_clock,
                             s->base_ms, s->inc_ms, s->rated, players, hashes,
                             owner_seat, d, cmd_id ? 3 : 2, tid, r);
    }
    free(seat_json);
    free(ajson);
    pthread_mutex_lock(&l->mu);
    if (rc != 0 && r->status == 409) {
        /* its document was deleted meanwhile (a second server process
         * on the same store): it is gone */
        mgs_lobby_drop_seek(l, s);
        ev = json_pack("{s:s,s:s}", "id", s->id, "reason", "gone");
        mgs_seek_publish(l, s, "seek_removed", ev);
        json_decref(ev);
        mgs_seek_free(s);
    } else if (rc != 0) {
        s->taking = 0;
    } else {
        mgs_lobby_drop_seek(l, s);
        l->seeks_accepted++;
        ev = json_pack("{s:s,s:s,s:s}", "id", s->id, "reason", "accepted",
                       "table", tid);
        mgs_seek_publish(l, s, "seek_removed", ev);
        json_decref(ev);
        ev = json_pack("{s:s,s:s,s:i,s:s}", "seek", s->id, "table", tid,
                       "seat", owner_seat, "opponent", p.name);
        mgs_lobby_publish_seat(l, s->owner, "accepted", ev, s->sealed);
        json_decref(ev);
        mgs_seek_free(s);
        json_decref(r->body);
        r->status = 200;
        r->body = answer;
        answer = NULL;
    }
    pthread_mutex_unlock(&l->mu);
    json_decref(answer);
    sodium_memzero(secret, sizeof secret);
}

void mgs_seeks_cancel(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_lobby *l = mgs_lobby_of(srv);
    mgs_player p;
    mgs_seek *s;
    mgs_doc_row d;
    mgs_append a;
    char err[256];
    int rc, declined;
    json_t *ev;
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    if (json_object_size(q->body) != 0) {
        mgs_error(r, 400, "a cancel takes an empty body {}");
        return;
    }
    if (!need_player(q, &p, "cancelling a seek", r))
        return;
    pthread_mutex_lock(&l->mu);
    s = find_seek(l, q->args[0], NULL);
    if (!s || s->pending || !visible(s, p.name)) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 404, "no open seek %.40s (accepted, cancelled, expired, "
                          "or never made)", q->args[0]);
        return;
    }
    declined = s->to[0] && strcmp(s->to, p.name) == 0;
    if (strcmp(s->owner, p.name) != 0 && !declined) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 403, "seek %.40s is not yours: only its owner cancels "
                          "it", q->args[0]);
        return;
    }
    if (s->taking) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 409, "seek %.40s is being accepted right now",
                  q->args[0]);
        return;
    }
    s->taking = 1;
    pthread_mutex_unlock(&l->mu);
    memset(&d, 0, sizeof d);
    d.op = MGS_DOC_DELETE;
    d.kind = "seek";
    d.key = s->id;
    d.updated_ms = mgs_now_ms();
    d.if_updated_ms = s->doc_ms;
    memset(&a, 0, sizeof a);
    a.docs = &d;
    a.ndocs = 1;
    rc = mgs_store_append(srv->store, &a, 1, err, sizeof err);
    pthread_mutex_lock(&l->mu);
    if (rc != MGS_OK && rc != MGS_ECONFLICT) {
        s->taking = 0;
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 503, "the seek cannot be cancelled now (%s): try again",
                  err);
        return;
    }
    mgs_lobby_drop_seek(l, s);
    ev = json_pack("{s:s,s:s}", "id", s->id, "reason",
                   declined ? "declined" : "cancelled");
    mgs_seek_publish(l, s, "seek_removed", ev);
    json_decref(ev);
    r->status = 200;
    r->body = json_pack("{s:s,s:b}", "id", s->id, "cancelled", 1);
    if (declined)
        json_object_set_new(r->body, "declined", json_true());
    mgs_seek_free(s);
    pthread_mutex_unlock(&l->mu);
}
