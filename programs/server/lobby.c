/*
 * lobby.c - the lobby in memory (lobby.h): made at the first call and
 * its open seeks restored from the store's "seek" documents; the one new
 * table a seek's acceptance or a pool's pairing makes for two players
 * (through command.c's mgs_call, like every table, with the seek's
 * delete and the seats' documents in the same append); the ratings a
 * seek shows and a pool pairs by; the timer's part (expiry, the owner
 * who left, pairing, heartbeats).
 */
#include "lobby.h"
#include "ratings.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t make_mu = PTHREAD_MUTEX_INITIALIZER;

const char *mgs_bearer(const char *a)
{
    if (!a || strncmp(a, "Bearer ", 7) != 0 || !a[7])
        return NULL;
    return a + 7;
}

void mgs_seek_free(mgs_seek *s)
{
    if (!s)
        return;
    free(s->sealed);
    free(s);
}

/* ------------------------------------------------------------ restore */

typedef struct restore_ctx {
    json_t *docs; /* the documents' texts, read first (the store's
                   * callbacks must not call the store) */
} restore_ctx;

static int collect_doc(void *arg, const mgs_doc *d)
{
    restore_ctx *c = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    if (j) {
        json_object_set_new(j, "_doc_ms", json_integer(d->updated_ms));
        json_array_append_new(c->docs, j);
    }
    return 0;
}

mgs_seek *mgs_seek_from_json(const json_t *j)
{
    mgs_seek *s = calloc(1, sizeof *s);
    const char *id = json_string_value(json_object_get(j, "id"));
    const char *owner = json_string_value(json_object_get(j, "owner"));
    const char *spec = json_string_value(json_object_get(j, "spec"));
    const char *hash = json_string_value(json_object_get(j, "secret_hash"));
    const char *sealed = json_string_value(json_object_get(j, "sealed"));
    const char *client = json_string_value(json_object_get(j, "client"));
    json_t *clock = json_object_get(j, "clock");
    size_t hl = 0;
    if (!s || !id || !owner || !spec || !hash || !sealed ||
        strlen(id) != MGS_SEEK_ID_LEN || strlen(spec) >= sizeof s->spec ||
        sodium_hex2bin(s->secret_hash, MGS_HASH_LEN, hash, strlen(hash),
                       NULL, &hl, NULL) != 0 ||
        hl != MGS_HASH_LEN || !(s->sealed = strdup(sealed))) {
        mgs_seek_free(s);
        return NULL;
    }
    snprintf(s->id, sizeof s->id, "%s", id);
    snprintf(s->owner, sizeof s->owner, "%s", owner);
    snprintf(s->to, sizeof s->to, "%s",
             json_is_string(json_object_get(j, "to"))
                 ? json_string_value(json_object_get(j, "to"))
                 : "");
    snprintf(s->spec, sizeof s->spec, "%s", spec);
    snprintf(s->client, sizeof s->client, "%s", client ? client : "");
    if (json_is_object(clock)) {
        s->has_clock = 1;
        s->base_ms = json_integer_value(json_object_get(clock, "base_ms"));
        s->inc_ms = json_integer_value(json_object_get(clock, "increment_ms"));
    }
    s->rated = json_is_true(json_object_get(j, "rated"));
    s->seat = json_is_integer(json_object_get(j, "seat"))
                  ? (int)json_integer_value(json_object_get(j, "seat"))
                  : -1;
    s->created_ms = json_integer_value(json_object_get(j, "created_ms"));
    s->doc_ms = json_integer_value(json_object_get(j, "_doc_ms"));
    return s;
}

int mgs_lobby_add_seek(mgs_lobby *l, mgs_seek *s)
{
    if (l->nseeks == l->seeks_cap) {
        int cap = l->seeks_cap ? l->seeks_cap * 2 : 64;
        mgs_seek **m = realloc(l->seeks, (size_t)cap * sizeof *m);
        if (!m)
            return -1;
        l->seeks = m;
        l->seeks_cap = cap;
    }
    l->seeks[l->nseeks++] = s;
    return 0;
}

mgs_lobby *mgs_lobby_of(mgs_srv *srv)
{
    mgs_lobby *l;
    restore_ctx c;
    size_t i;
    int64_t now;
    pthread_mutex_lock(&make_mu);
    if (srv->lobby) {
        l = srv->lobby;
        pthread_mutex_unlock(&make_mu);
        return l;
    }
    l = calloc(1, sizeof *l);
    if (!l) {
        pthread_mutex_unlock(&make_mu);
        return NULL;
    }
    pthread_mutex_init(&l->mu, NULL);
    c.docs = json_array();
    /* every open seek: bounded by --max-seeks when they were made */
    if (mgs_store_docs(srv->store, "seek", NULL, NULL, MGS_DOCS_BY_KEY, 0,
                       1000000, collect_doc, &c) != MGS_OK)
        mgs_log("lobby: cannot read the open seeks from storage");
    now = mgs_now_ms();
    for (i = 0; i < json_array_size(c.docs); i++) {
        mgs_seek *s = mgs_seek_from_json(json_array_get(c.docs, i));
        if (!s)
            continue;
        if (l->nseeks == l->seeks_cap) {
            int cap = l->seeks_cap ? l->seeks_cap * 2 : 64;
            mgs_seek **m = realloc(l->seeks, (size_t)cap * sizeof *m);
            if (!m) {
                mgs_seek_free(s);
                continue;
            }
            l->seeks = m;
            l->seeks_cap = cap;
        }
        /* the owner has --seek-away seconds from the restart to come
         * back (its stream reconnects) */
        s->seen_ms = now;
        s->rating = -1;
        l->seeks[l->nseeks++] = s;
    }
    /* oldest first */
    {
        int a, b;
        for (a = 1; a < l->nseeks; a++)
            for (b = a; b > 0 &&
                        l->seeks[b]->created_ms < l->seeks[b - 1]->created_ms;
                 b--) {
                mgs_seek *x = l->seeks[b];
                l->seeks[b] = l->seeks[b - 1];
                l->seeks[b - 1] = x;
            }
    }
    json_decref(c.docs);
    if (l->nseeks)
        mgs_log("lobby: restored %d open seek%s", l->nseeks,
                l->nseeks == 1 ? "" : "s");
    srv->lobby = l;
    pthread_mutex_unlock(&make_mu);
    /* their owners' ratings (outside make_mu: reads) */
    {
        int k;
        pthread_mutex_lock(&l->mu);
        for (k = 0; k < l->nseeks; k++)
            l->seeks[k]->rating =
                mgs_lobby_rating(srv, l->seeks[k]->spec, l->seeks[k]->owner);
        pthread_mutex_unlock(&l->mu);
    }
    return l;
}

void mgs_lobby_free(mgs_srv *srv)
{
    mgs_lobby *l = srv->lobby;
    int i;
    if (!l)
        return;
    for (i = 0; i < l->nseeks; i++)
        mgs_seek_free(l->seeks[i]);
    for (i = 0; i < l->nwaiters; i++) {
        free(l->waiters[i]->sealed);
        free(l->waiters[i]);
    }
    free(l->seeks);
    free(l->waiters);
    pthread_mutex_destroy(&l->mu);
    free(l);
    srv->lobby = NULL;
}

/* ------------------------------------------------------------ ratings */

static int read_rating(void *arg, const mgs_doc *d)
{
    double *out = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    json_t *v = json_object_get(j, "rating");
    if (json_is_number(v))
        *out = json_number_value(v);
    json_decref(j);
    return 0;
}

/* The player's rating of the spec's family (ratings.c: "FAMILY/NAME",
 * e.g. dots_and_boxes-medium for a 5 x 5 board); -1 when none. */
double mgs_lobby_rating(mgs_srv *srv, const char *spec, const char *player)
{
    char key[MGS_DOC_KEY_MAX + 1], family[MGS_FAMILY_MAX], err[160];
    mgs_game_ref *g = mgs_game_get(spec, err, sizeof err);
    double r = -1;
    if (!g)
        return -1;
    mgs_rating_family(mgs_game_of(g), family, sizeof family);
    mgs_game_put(g);
    snprintf(key, sizeof key, "%s/%s", family, player);
    if (mgs_store_doc(srv->store, "rating", key, read_rating, &r) != MGS_OK)
        return -1;
    return r;
}

/* -------------------------------------------------------------- seats */

char *mgs_lobby_seat_json(const char *table, int seat, const char *sealed,
                          int64_t now)
{
    json_t *j = json_pack("{s:s,s:i,s:s,s:I}", "table", table, "seat", seat,
                          "sealed", sealed, "at_ms", (json_int_t)now);
    char *t = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(j);
    return t;
}

typedef struct seat_read {
    char owner[MGS_NAME_BYTES];
    json_t *j;
} seat_read;

static int copy_seat(void *arg, const mgs_doc *d)
{
    seat_read *c = arg;
    snprintf(c->owner, sizeof c->owner, "%s", d->owner);
    c->j = json_loads(d->json, 0, NULL);
    return 0;
}

int mgs_lobby_seat_read(mgs_srv *srv, const char *key, const char *owner,
                        const char *token, json_t **out)
{
    seat_read c;
    const char *sealed;
    char *secret = NULL;
    int rc;
    *out = NULL;
    memset(&c, 0, sizeof c);
    rc = mgs_store_doc(srv->store, "seat", key, copy_seat, &c);
    if (rc == MGS_ENOTFOUND)
        return 0;
    if (rc != MGS_OK || !c.j) {
        json_decref(c.j);
        return -1;
    }
    if (owner && strcmp(c.owner, owner) != 0) {
        json_decref(c.j);
        return 0;
    }
    sealed = json_string_value(json_object_get(c.j, "sealed"));
    if (sealed && token)
        secret = mgs_unseal(token, sealed);
    *out = json_pack("{s:O,s:O,s:o,s:O}", "table",
                     json_object_get(c.j, "table"), "seat",
                     json_object_get(c.j, "seat"), "secret",
                     secret ? json_string(secret) : json_null(), "at_ms",
                     json_object_get(c.j, "at_ms"));
    if (secret) {
        sodium_memzero(secret, strlen(secret));
        free(secret);
    }
    json_decref(c.j);
    return *out ? 1 : -1;
}

/* -------------------------------------------------------------- table */

int mgs_lobby_table(mgs_srv *srv, const char *client, const char *spec,
                    int has_clock, int64_t base_ms, int64_t inc_ms,
                    int rated, const char *const players[2],
                    const unsigned char *const hashes[2], int creator,
                    const mgs_doc_row *docs, int ndocs, const char *id,
                    mgs_result *r)
{
    mgs_table *t;
    json_t *seats_j, *created, *events;
    mgs_seat_row rows[2];
    mgs_doc_row *all;
    char gkeys[2][MGS_DOC_KEY_MAX + 1], *gjson[2] = {NULL, NULL};
    char seedb[16];
    uint64_t seed;
    mgs_append cap;
    int64_t now = mgs_now_ms();
    int i, rc = -1;
    if (mgs_table_reserve(srv, client, r) != 0)
        return -1;
    all = calloc((size_t)ndocs + 2, sizeof *all);
    if (!all || !(t = mgs_table_new(id))) {
        free(all);
        mgs_table_unreserve(srv, client);
        mgs_error(r, 503, "could not make a table: try again");
        return -1;
    }
    seats_j = json_array();
    for (i = 0; i < 2; i++)
        json_array_append_new(seats_j,
                              json_pack("{s:s,s:n,s:s}", "kind", "human",
                                        "bot", "player", players[i]));
    mgs_random_token(seedb, 8);
    memcpy(&seed, seedb, sizeof seed);
    created = json_pack("{s:s,s:s,s:o,s:i,s:b,s:I}", "type", "created", "spec",
                        spec, "seats", seats_j, "creator", creator,
                        "takebacks", !rated, "bot_seed",
                        (json_int_t)(seed >> 12));
    if (created && rated)
        json_object_set_new(created, "rated", json_true());
    json_object_set_new(created, "clock_setup",
                        has_clock ? json_pack("{s:I,s:I}", "base_ms",
                                              (json_int_t)base_ms,
                                              "increment_ms",
                                              (json_int_t)inc_ms)
                                  : json_null());
    events = json_pack("[o,{s:s,s:i,s:s}]", created, "type", "joined", "seat",
                       1 - creator, "player", players[1 - creator]);
    memset(rows, 0, sizeof rows);
    for (i = 0; i < 2; i++) {
        rows[i].seat = i;
        memcpy(rows[i].secret_hash, hashes[i], MGS_HASH_LEN);
        rows[i].info = "{}";
    }
    /* the game on both players' pages (create.c's "game" documents) */
    for (i = 0; i < 2; i++) {
        json_t *g = json_pack("{s:s,s:s,s:i,s:s,s:I}", "table", id, "spec",
                              spec, "seat", i, "status", "playing",
                              "started_ms", (json_int_t)now);
        gjson[i] = g ? json_dumps(g, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
        json_decref(g);
        snprintf(gkeys[i], sizeof gkeys[i], "%s/%s", players[i], id);
        all[i].op = MGS_DOC_PUT;
        all[i].kind = "game";
        all[i].key = gkeys[i];
        all[i].owner = players[i];
        all[i].json = gjson[i];
        all[i].updated_ms = now;
        all[i].if_updated_ms = -1;
    }
    for (i = 0; i < ndocs; i++)
        all[2 + i] = docs[i];
    if (!events || !gjson[0] || !gjson[1]) {
        mgs_error(r, 503, "out of memory");
        mgs_table_free(t);
        goto out;
    }
    memset(&cap, 0, sizeof cap);
    cap.table_id = id;
    cap.docs = all;
    cap.ndocs = ndocs + 2;
    pthread_mutex_lock(&t->mu);
    if (mgs_call(srv, t, events, rows, 2, -1, NULL, NULL, &cap, 1,
                 MGS_CALL_UNLISTED, r) == 0) {
        snprintf(t->owner, sizeof t->owner, "%s", client);
        t->counted = 1;
        t->seats[0].away_since_ms = t->seats[1].away_since_ms = now;
        pthread_mutex_unlock(&t->mu);
        json_decref(r->body);
        r->body = NULL;
        if (mgs_insert(srv, t) != 0)
            mgs_table_free(t); /* stored: found again from storage */
        rc = 0;
    } else {
        const char *e = json_string_value(json_object_get(r->body, "error"));
        pthread_mutex_unlock(&t->mu);
        mgs_table_free(t);
        if (e && (strstr(e, "changed meanwhile") || strstr(e, "exists"))) {
            json_decref(r->body); /* e is in it: not used after */
            r->body = NULL;
            mgs_error(r, 409, "taken meanwhile: somebody else was first");
        }
    }
out:
    if (rc != 0)
        mgs_table_unreserve(srv, client);
    free(gjson[0]);
    free(gjson[1]);
    free(all);
    json_decref(events);
    return rc;
}

/* --------------------------------------------------------------- timer */

/* Seeks past --seek-ttl, or whose owner has had no lobby stream open nor
 * asked about them for --seek-away seconds: their documents deleted
 * (compare-and-set), then gone from the lobby with a "seek_removed"
 * event.  Collected under the lock, deleted without it. */
static void expire_seeks(mgs_srv *srv, mgs_lobby *l, int64_t now)
{
    mgs_seek *gone[64];
    const char *why[64];
    int n = 0, i;
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < l->nseeks && n < 64; i++) {
        mgs_seek *s = l->seeks[i];
        if (s->taking)
            continue;
        if (s->owner_streams > 0)
            s->seen_ms = now;
        if (now - s->created_ms > (int64_t)srv->cfg.seek_ttl_s * 1000)
            why[n] = "expired";
        else if (!s->remote &&
                 now - s->seen_ms > (int64_t)srv->cfg.seek_away_s * 1000)
            why[n] = "left";
        else
            continue;
        s->taking = 1;
        gone[n++] = s;
    }
    pthread_mutex_unlock(&l->mu);
    for (i = 0; i < n; i++) {
        mgs_doc_row d;
        mgs_append a;
        char err[256];
        memset(&d, 0, sizeof d);
        d.op = MGS_DOC_DELETE;
        d.kind = "seek";
        d.key = gone[i]->id;
        d.updated_ms = now;
        d.if_updated_ms = gone[i]->doc_ms;
        memset(&a, 0, sizeof a);
        a.docs = &d;
        a.ndocs = 1;
        if (mgs_store_append(srv->store, &a, 1, err, sizeof err) != MGS_OK &&
            !strstr(err, "not there") && !strstr(err, "meanwhile")) {
            /* storage failed: kept, tried again at the next tick */
            pthread_mutex_lock(&l->mu);
            gone[i]->taking = 0;
            pthread_mutex_unlock(&l->mu);
            gone[i] = NULL;
        }
    }
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < n; i++) {
        int k;
        json_t *ev;
        if (!gone[i])
            continue;
        for (k = 0; k < l->nseeks; k++)
            if (l->seeks[k] == gone[i]) {
                memmove(l->seeks + k, l->seeks + k + 1,
                        (size_t)(l->nseeks - k - 1) * sizeof *l->seeks);
                l->nseeks--;
                break;
            }
        ev = json_pack("{s:s,s:s}", "id", gone[i]->id, "reason", why[i]);
        mgs_seek_publish(l, gone[i], "seek_removed", ev);
        json_decref(ev);
        mgs_seek_free(gone[i]);
    }
    pthread_mutex_unlock(&l->mu);
}

void mgs_lobby_tick(mgs_srv *srv, int64_t now, int beat)
{
    mgs_lobby *l = srv->lobby;
    if (!l)
        return;
    if (now - l->last_tick_ms >= 1000) {
        l->last_tick_ms = now;
        expire_seeks(srv, l, now);
        pthread_mutex_lock(&l->mu);
        mgs_pools_pair(srv, l, now);
        pthread_mutex_unlock(&l->mu);
    }
    if (beat) {
        pthread_mutex_lock(&l->mu);
        mgs_lobby_heartbeat(l);
        pthread_mutex_unlock(&l->mu);
    }
}
