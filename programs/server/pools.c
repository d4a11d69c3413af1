/*
 * pools.c - quick pairing (doc/server-api.md, "Pools"): a pool is a
 * common game and clock; a player who joins it is paired with another
 * waiting there whose rating is near, and both sit at one new table.
 * A player's window (how far apart two ratings may be) is 100 points,
 * widening by 10 a second of waiting; two waiters pair when the gap
 * between their ratings is within both windows (the longest waiter
 * first).  A player with no rating in the game counts as 1500.
 *
 * GET  /api/v1/pools -> {"pools": [{"name", "title", "spec", "clock",
 *      "rated", "waiting"}]}
 * POST /api/v1/pools/{pool}/join (Bearer) -> 200 {"pool", "table",
 *      "seat", "secret"} when paired, else 202 {"pool", "waiting",
 *      "since_ms", "window", "secret"} (the secret of the seat it will
 *      get, once); joining again asks again (and keeps the
 *      place); the waiter's pairing also comes as "paired" on its lobby
 *      streams
 * POST /api/v1/pools/{pool}/leave (Bearer) -> {"pool", "left"}
 *
 * Waiting is memory only (a restart empties the pools); a pairing is
 * durable: the waiter's seat -- its secret made and sealed with its
 * player token when it joined -- is a "seat" document "POOL/NAME" in
 * the table's first append, read by its next join (within 10 minutes).
 * A waiter with no lobby stream open that has not joined again for
 * --seek-away seconds has left.
 */
#include "lobby.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const mgs_pool mgs_pools[] = {
    {"dab5-3+2", "Dots and Boxes 5\xc3\x97" "5, 3+2",
     "dots_and_boxes(rows=5,cols=5)", 180000, 2000, 1},
    {"dab5-5+3", "Dots and Boxes 5\xc3\x97" "5, 5+3",
     "dots_and_boxes(rows=5,cols=5)", 300000, 3000, 1},
    {"dab3-1+1", "Dots and Boxes 3\xc3\x97" "3, 1+1",
     "dots_and_boxes(rows=3,cols=3)", 60000, 1000, 1},
    {"dab3-casual", "Dots and Boxes 3\xc3\x97" "3, casual, no clock",
     "dots_and_boxes(rows=3,cols=3)", 0, 0, 0},
};
const int mgs_npools = (int)(sizeof mgs_pools / sizeof mgs_pools[0]);

#define POOL_SEAT_FRESH_MS (10 * 60 * 1000)

static double window_of(const mgs_waiter *w, int64_t now)
{
    return 100.0 + 10.0 * (double)(now - w->since_ms) / 1000.0;
}

static double rating_or_default(double r)
{
    return r >= 0 ? r : 1500.0;
}

static int pool_index(const char *name)
{
    int i;
    for (i = 0; i < mgs_npools; i++)
        if (strcmp(mgs_pools[i].name, name) == 0)
            return i;
    return -1;
}

static void drop_waiter(mgs_lobby *l, mgs_waiter *w)
{
    int i;
    for (i = 0; i < l->nwaiters; i++)
        if (l->waiters[i] == w) {
            memmove(l->waiters + i, l->waiters + i + 1,
                    (size_t)(l->nwaiters - i - 1) * sizeof *l->waiters);
            l->nwaiters--;
            break;
        }
    free(w->sealed);
    free(w);
}

static json_t *clock_json(const mgs_pool *p)
{
    return p->base_ms ? json_pack("{s:I,s:I}", "base_ms",
                                  (json_int_t)p->base_ms, "increment_ms",
                                  (json_int_t)p->inc_ms)
                      : json_null();
}

void mgs_pools_list(const mgs_place_req *q, mgs_result *r)
{
    mgs_lobby *l = mgs_lobby_of(q->srv);
    json_t *list = json_array();
    int i, k;
    if (!l || !list) {
        json_decref(list);
        mgs_error(r, 503, "out of memory");
        return;
    }
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < mgs_npools; i++) {
        int n = 0;
        for (k = 0; k < l->nwaiters; k++)
            n += l->waiters[k]->pool == i;
        json_array_append_new(
            list, json_pack("{s:s,s:s,s:s,s:o,s:b,s:i}", "name",
                            mgs_pools[i].name, "title", mgs_pools[i].title,
                            "spec", mgs_pools[i].spec, "clock",
                            clock_json(&mgs_pools[i]), "rated",
                            mgs_pools[i].rated, "waiting", n));
    }
    pthread_mutex_unlock(&l->mu);
    r->status = 200;
    r->body = json_pack("{s:o}", "pools", list);
}

/* Pair a (waiting, sealed) with b: b's seat secret is `b_secret` when b
 * is the joiner (answered at once; NULL: b waited too and reads its seat
 * from its "seat" document).  Called with the lobby unlocked and both
 * marked taking.  0 with *tid and the seats; -1 with r set. */
static int pair(mgs_srv *srv, mgs_waiter *a, mgs_waiter *b,
                const unsigned char *b_hash, const char *client,
                char tid[MGS_ID_LEN + 1], int *a_seat, mgs_result *r)
{
    const mgs_pool *p = &mgs_pools[a->pool];
    const char *players[2];
    const unsigned char *hashes[2];
    char keys[2][MGS_DOC_KEY_MAX + 1], *json[2] = {NULL, NULL};
    mgs_doc_row d[2];
    mgs_waiter *w[2];
    unsigned char rb;
    int64_t now = mgs_now_ms();
    int i, nd = 0, rc = -1;
    randombytes_buf(&rb, 1);
    *a_seat = rb & 1;
    players[*a_seat] = a->player;
    players[1 - *a_seat] = b->player;
    hashes[*a_seat] = a->secret_hash;
    hashes[1 - *a_seat] = b_hash;
    if (mgs_new_table_id(srv, tid) != 0) {
        mgs_error(r, 503, "could not make a table: try again");
        return -1;
    }
    w[0] = a;
    w[1] = b_hash == b->secret_hash ? b : NULL;
    memset(d, 0, sizeof d);
    for (i = 0; i < 2; i++) {
        int seat = i == 0 ? *a_seat : 1 - *a_seat;
        if (!w[i])
            continue;
        snprintf(keys[nd], sizeof keys[nd], "%s/%s", p->name, w[i]->player);
        json[nd] = mgs_lobby_seat_json(tid, seat, w[i]->sealed, now);
        if (!json[nd])
            goto out;
        d[nd].op = MGS_DOC_PUT;
        d[nd].kind = "seat";
        d[nd].key = keys[nd];
        d[nd].owner = w[i]->player;
        d[nd].json = json[nd];
        d[nd].updated_ms = now;
        d[nd].if_updated_ms = -1;
        nd++;
    }
    rc = mgs_lobby_table(srv, client, p->spec, p->base_ms > 0, p->base_ms,
                         p->inc_ms, p->rated, players, hashes, *a_seat, d, nd,
                         tid, r);
out:
    if (rc != 0 && !r->body)
        mgs_error(r, 503, "out of memory");
    free(json[0]);
    free(json[1]);
    return rc;
}

static void announce(mgs_lobby *l, const mgs_waiter *w, const char *tid,
                     int seat, const char *opponent)
{
    json_t *ev = json_pack("{s:s,s:s,s:i,s:s}", "pool",
                           mgs_pools[w->pool].name, "table", tid, "seat", seat,
                           "opponent", opponent);
    if (ev)
        mgs_lobby_publish_seat(l, w->player, "paired", ev, w->sealed);
    json_decref(ev);
}

/* The waiter whose ratings' gap to `rating` is within both windows,
 * longest waiting first (lobby locked). */
static mgs_waiter *match(mgs_lobby *l, int pool, const char *player,
                         double rating, double window, int64_t now)
{
    int i;
    for (i = 0; i < l->nwaiters; i++) {
        mgs_waiter *w = l->waiters[i];
        double gap = w->rating - rating;
        if (gap < 0)
            gap = -gap;
        if (w->pool == pool && !w->taking && strcmp(w->player, player) != 0 &&
            gap <= window && gap <= window_of(w, now))
            return w;
    }
    return NULL;
}

void mgs_pools_pair(mgs_srv *srv, mgs_lobby *l, int64_t now)
{
    int i, rounds = 0;
    /* the waiters who left */
    for (i = 0; i < l->nwaiters; i++) {
        mgs_waiter *w = l->waiters[i];
        if (w->taking)
            continue;
        if (mgs_lobby_streams_of(l, w->player) > 0)
            w->seen_ms = now;
        else if (now - w->seen_ms > (int64_t)srv->cfg.seek_away_s * 1000) {
            drop_waiter(l, w);
            i--;
        }
    }
    /* pairs whose windows meet now (a few per tick) */
    for (i = 0; i < l->nwaiters && rounds < 16; i++) {
        mgs_waiter *a = l->waiters[i], *b;
        mgs_result r = {0, NULL};
        char tid[MGS_ID_LEN + 1];
        int a_seat, rc;
        if (a->taking)
            continue;
        b = match(l, a->pool, a->player, a->rating, window_of(a, now), now);
        if (!b)
            continue;
        rounds++;
        a->taking = b->taking = 1;
        pthread_mutex_unlock(&l->mu);
        rc = pair(srv, a, b, b->secret_hash, "", tid, &a_seat, &r);
        pthread_mutex_lock(&l->mu);
        json_decref(r.body);
        if (rc == 0) {
            l->pairings++;
            announce(l, a, tid, a_seat, b->player);
            announce(l, b, tid, 1 - a_seat, a->player);
            drop_waiter(l, a);
            drop_waiter(l, b);
            i = -1; /* the list changed: from the start */
        } else {
            a->taking = b->taking = 0;
            break; /* storage or limits: the next tick tries again */
        }
    }
}

/* A pairing made while the player waited: 1 with r set (its seat
 * document read with this token, then deleted), 0 none. */
static int paired_before(mgs_srv *srv, int pool, const char *player,
                         const char *token, mgs_result *r)
{
    char key[MGS_DOC_KEY_MAX + 1];
    json_t *seat = NULL;
    mgs_doc_row d;
    mgs_append a;
    char err[256];
    int rc;
    snprintf(key, sizeof key, "%s/%s", mgs_pools[pool].name, player);
    rc = mgs_lobby_seat_read(srv, key, player, token, &seat);
    if (rc <= 0) {
        json_decref(seat);
        return 0;
    }
    memset(&d, 0, sizeof d);
    d.op = MGS_DOC_DELETE;
    d.kind = "seat";
    d.key = key;
    d.if_updated_ms = -1;
    memset(&a, 0, sizeof a);
    a.docs = &d;
    a.ndocs = 1;
    (void)mgs_store_append(srv->store, &a, 1, err, sizeof err);
    if (mgs_now_ms() - json_integer_value(json_object_get(seat, "at_ms")) >
        POOL_SEAT_FRESH_MS) {
        json_decref(seat); /* an old pairing: a new wait */
        return 0;
    }
    /* "secret" null: joined with another token (or a session) than the
     * one it waited with; the first join's answer had it */
    json_object_del(seat, "at_ms");
    json_object_set_new(seat, "pool", json_string(mgs_pools[pool].name));
    r->status = 200;
    r->body = seat;
    return 1;
}

static int need_player(const mgs_place_req *q, mgs_player *p, mgs_result *r)
{
    int rc = mgs_player_auth(q->srv, q->authorization, p, r);
    if (rc == 0)
        mgs_error(r, 401, "a pool is for players: send your player token "
                          "(Authorization: Bearer TOKEN)");
    return rc == 1;
}

void mgs_pools_join(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_lobby *l = mgs_lobby_of(srv);
    int pool = pool_index(q->args[0]), i, rc, a_seat;
    const char *token = mgs_bearer(q->authorization);
    mgs_player p;
    mgs_waiter *me = NULL, *other;
    char secret[64], tid[MGS_ID_LEN + 1], key[40];
    unsigned char hash[MGS_HASH_LEN];
    double rating;
    int64_t now = mgs_now_ms();
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    if (pool < 0) {
        mgs_error(r, 404, "no pool %.40s (GET /api/v1/pools lists them)",
                  q->args[0]);
        return;
    }
    if (json_object_size(q->body) != 0) {
        mgs_error(r, 400, "a join takes an empty body {}");
        return;
    }
    if (!need_player(q, &p, r))
        return;
    if (!token) {
        mgs_random_token(key, 24); /* a session: only the answer tells */
        token = key;
    }
    rating = rating_or_default(mgs_lobby_rating(srv, mgs_pools[pool].spec,
                                                p.name));
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < l->nwaiters; i++)
        if (strcmp(l->waiters[i]->player, p.name) == 0)
            me = l->waiters[i];
    if (me && me->pool != pool) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 409, "you wait in pool %s: leave it first",
                  mgs_pools[me->pool].name);
        return;
    }
    if (me && me->taking) {
        pthread_mutex_unlock(&l->mu);
        mgs_error(r, 409, "you are being paired right now: ask again");
        json_object_set_new(r->body, "retry_after", json_integer(1));
        return;
    }
    if (me) {
        me->seen_ms = now;
        r->status = 202;
        r->body = json_pack("{s:s,s:b,s:I,s:f}", "pool", mgs_pools[pool].name,
                            "waiting", 1, "since_ms",
                            (json_int_t)me->since_ms, "window",
                            window_of(me, now));
        pthread_mutex_unlock(&l->mu);
        return;
    }
    pthread_mutex_unlock(&l->mu);
    if (paired_before(srv, pool, p.name, token, r))
        return;
    mgs_random_token(secret, 32);
    mgs_hash_token(secret, hash);
    pthread_mutex_lock(&l->mu);
    other = match(l, pool, p.name, rating, 100.0, now);
    if (other) {
        mgs_waiter joiner;
        memset(&joiner, 0, sizeof joiner);
        snprintf(joiner.player, sizeof joiner.player, "%s", p.name);
        joiner.pool = pool;
        other->taking = 1;
        pthread_mutex_unlock(&l->mu);
        rc = pair(srv, other, &joiner, hash, q->client, tid, &a_seat, r);
        pthread_mutex_lock(&l->mu);
        if (rc == 0) {
            l->pairings++;
            announce(l, other, tid, a_seat, p.name);
            drop_waiter(l, other);
            r->status = 200;
            r->body = json_pack("{s:s,s:s,s:i,s:s}", "pool",
                                mgs_pools[pool].name, "table", tid, "seat",
                                1 - a_seat, "secret", secret);
        } else {
            other->taking = 0;
        }
        pthread_mutex_unlock(&l->mu);
        sodium_memzero(secret, sizeof secret);
        return;
    }
    /* wait: the seat's secret sealed with this token, for later */
    me = calloc(1, sizeof *me);
    if (me)
        me->sealed = mgs_seal(token, secret);
    if (l->nwaiters == l->waiters_cap) {
        int cap = l->waiters_cap ? 2 * l->waiters_cap : 16;
        mgs_waiter **m = realloc(l->waiters, (size_t)cap * sizeof *m);
        if (m) {
            l->waiters = m;
            l->waiters_cap = cap;
        }
    }
    if (!me || !me->sealed || l->nwaiters == l->waiters_cap) {
        pthread_mutex_unlock(&l->mu);
        sodium_memzero(secret, sizeof secret);
        if (me)
            free(me->sealed);
        free(me);
        mgs_error(r, 503, "out of memory");
        return;
    }
    snprintf(me->player, sizeof me->player, "%s", p.name);
    snprintf(me->client, sizeof me->client, "%s", q->client);
    me->pool = pool;
    me->rating = rating;
    me->since_ms = me->seen_ms = now;
    memcpy(me->secret_hash, hash, MGS_HASH_LEN);
    l->waiters[l->nwaiters++] = me;
    pthread_mutex_unlock(&l->mu);
    /* the secret of the seat it will get, handed out once */
    r->status = 202;
    r->body = json_pack("{s:s,s:b,s:I,s:f,s:s}", "pool", mgs_pools[pool].name,
                        "waiting", 1, "since_ms", (json_int_t)now, "window",
                        100.0, "secret", secret);
    sodium_memzero(secret, sizeof secret);
}

void mgs_pools_leave(const mgs_place_req *q, mgs_result *r)
{
    mgs_lobby *l = mgs_lobby_of(q->srv);
    int pool = pool_index(q->args[0]), i;
    mgs_player p;
    if (!l) {
        mgs_error(r, 503, "out of memory");
        return;
    }
    if (pool < 0) {
        mgs_error(r, 404, "no pool %.40s (GET /api/v1/pools lists them)",
                  q->args[0]);
        return;
    }
    if (json_object_size(q->body) != 0) {
        mgs_error(r, 400, "a leave takes an empty body {}");
        return;
    }
    if (!need_player(q, &p, r))
        return;
    pthread_mutex_lock(&l->mu);
    for (i = 0; i < l->nwaiters; i++) {
        mgs_waiter *w = l->waiters[i];
        if (w->pool != pool || strcmp(w->player, p.name) != 0)
            continue;
        if (w->taking) {
            pthread_mutex_unlock(&l->mu);
            mgs_error(r, 409, "you are being paired right now: join again "
                              "to get your table");
            return;
        }
        drop_waiter(l, w);
        pthread_mutex_unlock(&l->mu);
        r->status = 200;
        r->body = json_pack("{s:s,s:b}", "pool", mgs_pools[pool].name,
                            "left", 1);
        return;
    }
    pthread_mutex_unlock(&l->mu);
    mgs_error(r, 404, "you are not waiting in pool %s", mgs_pools[pool].name);
}
