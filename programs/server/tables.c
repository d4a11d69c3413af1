/*
 * tables.c - the server's tables: the id -> table map (sorted array
 * under srv.tables_mu), finding a table (read from storage when it is
 * not in memory), restoring every unfinished table at start; and the
 * operations that make tables: create, join, rematch
 * (doc/server-api.md, "Tables").
 */
#include "ratings.h"
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>


/* ------------------------------------------------------------- the map */

static int find_slot(mgs_srv *srv, const char *id, int *found)
{
    int lo = 0, hi = srv->ntables;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = strcmp(srv->tables[mid]->id, id);
        if (c == 0) {
            *found = 1;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = 0;
    return lo;
}

static int insert_locked(mgs_srv *srv, mgs_table *t)
{
    int found, i = find_slot(srv, t->id, &found);
    if (found)
        return -1;
    if (srv->ntables == srv->tables_cap) {
        int cap = srv->tables_cap ? srv->tables_cap * 2 : 64;
        mgs_table **m = realloc(srv->tables, (size_t)cap * sizeof *m);
        if (!m)
            return -1;
        srv->tables = m;
        srv->tables_cap = cap;
    }
    memmove(srv->tables + i + 1, srv->tables + i,
            (size_t)(srv->ntables - i) * sizeof *srv->tables);
    srv->tables[i] = t;
    srv->ntables++;
    return 0;
}

int mgs_insert(mgs_srv *srv, mgs_table *t)
{
    int rc;
    pthread_mutex_lock(&srv->tables_mu);
    rc = insert_locked(srv, t);
    pthread_mutex_unlock(&srv->tables_mu);
    return rc;
}

static int valid_id(const char *id)
{
    size_t i;
    for (i = 0; id[i]; i++)
        if (!((id[i] >= 'a' && id[i] <= 'z') || (id[i] >= 'A' && id[i] <= 'Z') ||
              (id[i] >= '0' && id[i] <= '9') || id[i] == '-' || id[i] == '_'))
            return 0;
    return i == MGS_ID_LEN;
}

mgs_table *mgs_find(mgs_srv *srv, const char *id)
{
    mgs_table *t = NULL;
    int found, i;
    if (!valid_id(id))
        return NULL;
    pthread_mutex_lock(&srv->tables_mu);
    i = find_slot(srv, id, &found);
    if (found) {
        t = srv->tables[i];
        t->refs++;
    } else if ((t = mgs_table_load(srv, id)) != NULL) {
        if (insert_locked(srv, t) != 0) {
            mgs_table_free(t);
            t = NULL;
        } else {
            t->refs++; /* the caller's */
        }
    }
    pthread_mutex_unlock(&srv->tables_mu);
    return t;
}

void mgs_release(mgs_srv *srv, mgs_table *t)
{
    (void)srv;
    if (!t)
        return;
    pthread_mutex_lock(&srv->tables_mu);
    t->refs--;
    pthread_mutex_unlock(&srv->tables_mu);
}

/* The ids of the unfinished tables, collected first: the store's
 * callbacks must not call the store (with ":memory:" its one connection
 * is held), so the tables are loaded after mgs_store_tables returns. */
typedef struct restore_ctx {
    char (*ids)[MGS_ID_LEN + 1];
    int n, cap, failed;
} restore_ctx;

static int restore_one(void *arg, const mgs_table_row *row)
{
    restore_ctx *c = arg;
    json_error_t je;
    json_t *j = json_loads(row->json, 0, &je);
    const char *st = j ? json_string_value(json_object_get(j, "status")) : NULL;
    int open = st && (strcmp(st, "waiting") == 0 || strcmp(st, "playing") == 0);
    json_decref(j);
    if (open) {
        if (c->n == c->cap) {
            int cap = c->cap ? c->cap * 2 : 64;
            void *m = realloc(c->ids, (size_t)cap * sizeof *c->ids);
            if (!m) {
                c->failed++;
                return 0;
            }
            c->ids = m;
            c->cap = cap;
        }
        snprintf(c->ids[c->n++], sizeof c->ids[0], "%s", row->id);
    }
    return 0;
}

int mgs_restore_all(mgs_srv *srv, char *errbuf, size_t errcap)
{
    restore_ctx c = {NULL, 0, 0, 0};
    int i, loaded = 0;
    if (mgs_store_tables(srv->store, 0, restore_one, &c) != MGS_OK) {
        free(c.ids);
        snprintf(errbuf, errcap, "cannot read the tables from storage");
        return -1;
    }
    for (i = 0; i < c.n; i++) {
        mgs_table *t = mgs_table_load(srv, c.ids[i]);
        if (t && mgs_insert(srv, t) == 0) {
            loaded++;
            if (t->r.status == MGS_WAITING || t->r.status == MGS_PLAYING)
                mgs_table_counted(srv, t);
        } else {
            mgs_table_free(t);
            c.failed++;
        }
    }
    free(c.ids);
    mgs_log("restored %d unfinished table%s from the log%s", loaded,
            loaded == 1 ? "" : "s", c.failed ? " (some failed)" : "");
    return 0;
}

/* ------------------------------------------------------------ creating */

static int new_table_id(mgs_srv *srv, char *id)
{
    int tries;
    for (tries = 0; tries < 8; tries++) {
        mgs_table *t;
        mgs_random_token(id, 12);
        t = mgs_find(srv, id);
        if (!t)
            return 0;
        mgs_release(srv, t);
    }
    return -1;
}

/* Check a bot spec against the library. */
static int bot_ok(const char *spec, char *msg, size_t cap)
{
    mg_bot *b = NULL;
    int rc;
    if (strlen(spec) >= MGS_BOT_MAX) {
        snprintf(msg, cap, "longer than %d characters", MGS_BOT_MAX - 1);
        return 0;
    }
    rc = mg_bot_new(&b, spec, 1, msg, cap);
    mg_bot_free(b);
    return rc == MG_OK;
}

/* A create or join sent again with its cmd_id (key: its store key): 1
 * when it was answered before, with r that answer (unsealed) and the
 * table's snapshot as it is now (t: the table, locked by the caller;
 * NULL: found by the answer's "id"); 0 when not (r untouched); 1 with r
 * 503 when storage cannot tell. */
static int answered_before(mgs_srv *srv, mgs_table *t, int seat,
                           const char *key, const char *cmd_id,
                           mgs_result *r)
{
    int status = 0, rc;
    char *sealed = NULL, *text;
    json_error_t je;
    json_t *a;
    rc = mgs_store_command(srv->store, t ? t->id : NULL, seat, key, &status,
                           &sealed);
    if (rc == MGS_ENOTFOUND)
        return 0;
    if (rc != MGS_OK) {
        mgs_error(r, 503, "the server could not read its storage: try "
                          "again later");
        return 1;
    }
    text = mgs_unseal(cmd_id, sealed);
    free(sealed);
    a = text ? json_loads(text, 0, &je) : NULL;
    if (text)
        sodium_memzero(text, strlen(text));
    free(text);
    if (!a) {
        mgs_error(r, 500, "the stored answer of this cmd_id cannot be read");
        return 1;
    }
    if (t) {
        json_object_set_new(a, "snapshot", mgs_table_snapshot(t, mgs_now_ms()));
    } else {
        mgs_table *f = mgs_find(srv, json_string_value(json_object_get(a,
                                                                      "id")));
        if (f) {
            pthread_mutex_lock(&f->mu);
            json_object_set_new(a, "snapshot",
                                mgs_table_snapshot(f, mgs_now_ms()));
            pthread_mutex_unlock(&f->mu);
            mgs_release(srv, f);
        } else {
            json_object_set_new(a, "snapshot", json_null());
        }
    }
    r->status = status;
    r->body = a;
    return 1;
}

/* The command row that keeps a create's (seat -1) or join's (seat -2)
 * answer, sealed, in the commit of the change: crow and cap filled in,
 * the sealed text returned (the caller frees it after the commit); NULL
 * when out of memory.  Takes `answer`. */
static char *keep_answer(const char *cmd_id, const char *key, json_t *answer,
                         int seat, int status, const char *table_id,
                         mgs_command_row *crow, mgs_append *cap)
{
    char *text = answer ? json_dumps(answer, JSON_COMPACT) : NULL;
    char *sealed = NULL;
    json_decref(answer);
    if (text) {
        sealed = mgs_seal(cmd_id, text);
        sodium_memzero(text, strlen(text));
        free(text);
    }
    if (!sealed)
        return NULL;
    crow->seat = seat;
    crow->cmd_id = key;
    crow->status = status;
    crow->answer = sealed;
    cap->table_id = table_id;
    cap->command = crow;
    return sealed;
}

/* A create's "clock": a Fischer clock {"base_ms", "increment_ms"} or a
 * correspondence clock {"days_per_move"}; 0, or a 400 naming the field. */
static int clock_check(const json_t *clock, mgs_result *r)
{
    json_t *b = json_object_get(clock, "base_ms"),
           *inc = json_object_get(clock, "increment_ms"),
           *days = json_object_get(clock, "days_per_move");
    if (json_is_object(clock) && days) {
        if (json_object_size(clock) != 1) {
            mgs_error(r, 400, "clock: days_per_move is a clock of its own: "
                        "no base_ms or increment_ms beside it");
            return -1;
        }
        if (!json_is_integer(days) || json_integer_value(days) < 1 ||
            json_integer_value(days) > 14) {
            mgs_error(r, 400, "clock: days_per_move must be a whole number "
                        "of days, 1 to 14");
            return -1;
        }
        return 0;
    }
    if (!json_is_object(clock) || !json_is_integer(b) ||
        (inc && !json_is_integer(inc)) || json_object_size(clock) > 2 ||
        (json_object_size(clock) == 2 && !inc)) {
        mgs_error(r, 400, "\"clock\" must be null, {\"base_ms\": int, "
                    "\"increment_ms\": int} or {\"days_per_move\": int}");
        return -1;
    }
    if (json_integer_value(b) < 1000 || json_integer_value(b) > 86400000 ||
        (inc && (json_integer_value(inc) < 0 ||
                 json_integer_value(inc) > 600000))) {
        mgs_error(r, 400, "clock: base_ms must be 1000 to 86400000 (1 s to 24 "
                    "h) and increment_ms 0 to 600000 (10 min)");
        return -1;
    }
    return 0;
}

/* The "clock_setup" of a created event, from a checked "clock": a
 * correspondence clock's days made ms with this server's day, so the
 * stored event says its deadlines whatever --day-ms is later. */
static json_t *clock_setup(const mgs_config *cfg, const json_t *clock)
{
    json_t *days = json_object_get(clock, "days_per_move");
    if (days)
        return json_pack("{s:I,s:I,s:I}", "base_ms",
                         (json_int_t)json_integer_value(days) * cfg->day_ms,
                         "increment_ms", (json_int_t)0, "days_per_move",
                         (json_int_t)json_integer_value(days));
    return json_pack("{s:I,s:I}", "base_ms",
                     (json_int_t)json_integer_value(
                         json_object_get(clock, "base_ms")),
                     "increment_ms",
                     (json_int_t)json_integer_value(
                         json_object_get(clock, "increment_ms")));
}

static const char *const create_keys[] = {"spec", "seat", "bots", "clock",
                                          "takebacks", "rated", "cmd_id",
                                          NULL};

/* The document of a player's game (place.h's kind "game", key
 * "NAME/TABLE"): made when the player sits down; its text in *json
 * (malloc'd), the row in d.  -1 when out of memory. */
static int player_game_doc(const char *player, const char *table_id,
                           const char *spec, const char *family, int seat,
                           int rated, int64_t now,
                           char key[MGS_DOC_KEY_MAX + 1], char **json,
                           mgs_doc_row *d)
{
    json_t *j = json_pack("{s:s,s:s,s:i,s:s,s:I,s:b}", "table", table_id,
                          "spec", spec, "seat", seat, "status", "playing",
                          "started_ms", (json_int_t)now, "rated", rated);
    if (j)
        json_object_set_new(j, "family", json_string(family));
    *json = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(j);
    if (!*json)
        return -1;
    snprintf(key, MGS_DOC_KEY_MAX + 1, "%s/%s", player, table_id);
    memset(d, 0, sizeof *d);
    d->op = MGS_DOC_PUT;
    d->kind = "game";
    d->key = key;
    d->owner = player;
    d->json = *json;
    d->updated_ms = now;
    d->if_updated_ms = -1;
    return 0;
}

void mgs_create(mgs_srv *srv, const json_t *body, const char *client,
                const char *player, mgs_result *r)
{
    char gkey[MGS_DOC_KEY_MAX + 1], *gjson = NULL;
    mgs_doc_row gdoc;
    const char *spec = json_string_value(json_object_get(body, "spec"));
    json_t *seat_j = json_object_get(body, "seat");
    json_t *bots = json_object_get(body, "bots");
    json_t *clock = json_object_get(body, "clock");
    json_t *tb = json_object_get(body, "takebacks");
    json_t *rated = json_object_get(body, "rated");
    const char *key;
    json_t *val;
    mg_game *g = NULL;
    char family[MGS_FAMILY_MAX];
    char msg[512], canon[1024], secret[64], invite[40], id[MGS_ID_LEN + 1];
    int creator = 0, i;
    const char *botspec[2] = {NULL, NULL};
    char lvspec[2][MGS_BOT_MAX];
    int level[2] = {0, 0};
    mgs_table *t = NULL;
    json_t *seats_j, *created, *events = NULL, *extra = NULL;
    mgs_seat_row rows[2];
    int nrows = 0;
    uint64_t seed;
    char ckey[40], *sealed = NULL;
    const char *cmd_id = NULL;
    mgs_command_row crow;
    mgs_append cap;
    json_object_foreach((json_t *)body, key, val) {
        int ok = 0;
        for (i = 0; create_keys[i]; i++)
            ok |= strcmp(key, create_keys[i]) == 0;
        if (!ok) {
            mgs_error(r, 400, "unknown field '%.40s': a table takes spec, seat, "
                        "bots, clock, takebacks, rated and cmd_id",
                key);
            return;
        }
    }
    if (mgs_cmd_key(body, "a create", ckey, sizeof ckey, &cmd_id, r) != 0 ||
        (cmd_id && answered_before(srv, NULL, -1, ckey, cmd_id, r)))
        return;
    if (!spec) {
        mgs_error(r, 400, "\"spec\" is required: a game spec such as "
                    "\"dots_and_boxes(rows=5,cols=5)\"");
        return;
    }
    if ((int)strlen(spec) > srv->cfg.max_spec) {
        mgs_error(r, 400, "the spec is longer than this server's limit of %d "
                    "characters",
            srv->cfg.max_spec);
        return;
    }
    if (mg_game_new(&g, spec, msg, sizeof msg) != MG_OK) {
        mgs_error(r, 400, "spec: %s", msg);
        return;
    }
    if (mg_game_num_actions(g) > srv->cfg.max_actions) {
        mgs_error(r, 400, "this game has %d action ids, more than this server's "
                    "limit of %d (a smaller board?)",
            (int)mg_game_num_actions(g), srv->cfg.max_actions);
        mg_game_free(g);
        return;
    }
    mg_game_spec(g, canon, sizeof canon, NULL);
    mgs_rating_family(g, family, sizeof family);
    mg_game_free(g);
    if (seat_j && json_is_string(seat_j) &&
        strcmp(json_string_value(seat_j), "random") == 0) {
        unsigned char b;
        mgs_random_token(msg, 1);
        b = (unsigned char)msg[0];
        creator = b & 1;
    } else if (seat_j && !(json_is_integer(seat_j) &&
                           (json_integer_value(seat_j) == 0 ||
                            json_integer_value(seat_j) == 1))) {
        mgs_error(r, 400, "\"seat\" must be 0, 1 or \"random\"");
        return;
    } else if (seat_j) {
        creator = (int)json_integer_value(seat_j);
    }
    if (bots && !json_is_null(bots)) {
        if (!json_is_array(bots) || json_array_size(bots) != 2) {
            mgs_error(r, 400, "\"bots\" must be an array of two entries, each null "
                        "or a bot spec");
            return;
        }
        for (i = 0; i < 2; i++) {
            json_t *b = json_array_get(bots, (size_t)i);
            if (json_is_null(b))
                continue;
            if (!json_is_string(b)) {
                mgs_error(r, 400, "bots[%d] must be null or a bot spec", i);
                return;
            }
            /* "level(N)": the level's spec, lowered to the caps */
            level[i] = mgs_level_spec(&srv->cfg, json_string_value(b), canon,
                                      lvspec[i], sizeof lvspec[i], msg,
                                      sizeof msg);
            if (level[i] < 0) {
                mgs_error(r, 400, "bots[%d]: %s", i, msg);
                return;
            }
            if (level[i] > 0) {
                botspec[i] = lvspec[i];
                continue;
            }
            if (!bot_ok(json_string_value(b), msg, sizeof msg)) {
                mgs_error(r, 400, "bots[%d]: %s", i, msg);
                return;
            }
            /* this server's caps (worker.c): 422 with the reason */
            if (mgs_bot_check(&srv->cfg, json_string_value(b), canon, msg,
                              sizeof msg) != 0) {
                mgs_error(r, 422, "bots[%d]: %s", i, msg);
                return;
            }
            botspec[i] = json_string_value(b);
        }
        if (botspec[creator]) {
            mgs_error(r, 400, "bots[%d] is your own seat: it must be null", creator);
            return;
        }
    }
    if (clock && !json_is_null(clock) &&
        clock_check(clock, r) != 0)
        return;
    if (tb && !json_is_boolean(tb)) {
        mgs_error(r, 400, "\"takebacks\" must be true or false");
        return;
    }
    if (rated && !json_is_boolean(rated)) {
        mgs_error(r, 400, "\"rated\" must be true or false");
        return;
    }
    if (json_is_true(rated) && (!player || !player[0])) {
        mgs_error(r, 401, "a rated table is for players: send your player "
                          "token (Authorization: Bearer TOKEN)");
        return;
    }
    if (json_is_true(rated) && (botspec[0] || botspec[1])) {
        mgs_error(r, 400, "a rated table has no bot seat (a bot plays rated "
                          "games through a bot account)");
        return;
    }
    if (json_is_true(rated) && json_is_true(tb)) {
        mgs_error(r, 400, "a rated table has no takebacks");
        return;
    }
    if (mgs_table_reserve(srv, client, r) != 0)
        return;
    if (new_table_id(srv, id) != 0 || !(t = mgs_table_new(id))) {
        mgs_table_unreserve(srv, client);
        mgs_error(r, 503, "could not make a table id");
        return;
    }
    seats_j = json_array();
    for (i = 0; i < 2; i++) {
        json_t *sj = json_pack("{s:s,s:o}", "kind",
                               botspec[i] ? "bot" : "human", "bot",
                               botspec[i] ? json_string(botspec[i])
                                          : json_null());
        if (sj && player && player[0] && i == creator)
            json_object_set_new(sj, "player", json_string(player));
        if (sj && level[i] > 0)
            json_object_set_new(sj, "level", json_integer(level[i]));
        json_array_append_new(seats_j, sj);
    }
    mgs_random_token(msg, 8);
    memcpy(&seed, msg, sizeof seed);
    created = json_pack("{s:s,s:s,s:o,s:i,s:b,s:I}", "type", "created", "spec",
                        canon, "seats", seats_j, "creator", creator,
                        "takebacks",
                        tb ? json_is_true(tb) : !json_is_true(rated),
                        "bot_seed", (json_int_t)(seed >> 12));
    if (created && json_is_true(rated))
        json_object_set_new(created, "rated", json_true());
    json_object_set_new(created, "clock_setup",
                        clock && !json_is_null(clock)
                            ? clock_setup(&srv->cfg, clock)
                            : json_null());
    events = json_pack("[o]", created);
    mgs_random_token(secret, 32);
    memset(rows, 0, sizeof rows);
    rows[nrows].seat = creator;
    mgs_hash_token(secret, rows[nrows].secret_hash);
    rows[nrows].info = "{}";
    nrows++;
    invite[0] = '\0';
    if (!botspec[1 - creator]) {
        mgs_random_token(invite, 16);
        rows[nrows].seat = 1 - creator;
        mgs_hash_token(invite, rows[nrows].invite_hash);
        rows[nrows].info = "{}";
        nrows++;
    }
    memset(&cap, 0, sizeof cap);
    if (cmd_id) {
        /* the answer, but its snapshot, kept with the table (sealed) */
        sealed = keep_answer(
            cmd_id, ckey,
            json_pack("{s:s,s:i,s:s,s:o}", "id", id, "seat", creator, "secret",
                      secret, "invite",
                      invite[0] ? json_string(invite) : json_null()),
            -1, 201, id, &crow, &cap);
        if (!sealed) {
            mgs_table_unreserve(srv, client);
            mgs_table_free(t);
            json_decref(events);
            mgs_error(r, 503, "out of memory");
            return;
        }
    }
    if (player && player[0]) {
        /* the game on the player's page, from the first event on */
        if (player_game_doc(player, id, canon, family, creator,
                            json_is_true(rated),
                            mgs_now_ms(), gkey,
                            &gjson, &gdoc) != 0) {
            mgs_table_unreserve(srv, client);
            mgs_table_free(t);
            json_decref(events);
            free(sealed);
            mgs_error(r, 503, "out of memory");
            return;
        }
        cap.table_id = id;
        cap.docs = &gdoc;
        cap.ndocs = 1;
    }
    pthread_mutex_lock(&t->mu);
    if (mgs_call(srv, t, events, rows, nrows, -1, NULL, NULL,
                 cap.table_id ? &cap : NULL, cap.table_id ? 1 : 0,
                 MGS_CALL_UNLISTED, r) == 0) {
        snprintf(t->owner, sizeof t->owner, "%s", client);
        t->counted = 1;
        t->seats[0].away_since_ms = t->seats[1].away_since_ms = mgs_now_ms();
        json_decref(r->body);
        r->status = 201;
        r->body = json_pack("{s:s,s:i,s:s,s:o,s:o}", "id", id, "seat", creator,
                            "secret", secret, "invite",
                            invite[0] ? json_string(invite) : json_null(),
                            "snapshot", mgs_table_snapshot(t, mgs_now_ms()));
        pthread_mutex_unlock(&t->mu);
        if (mgs_insert(srv, t) == 0) {
            pthread_mutex_lock(&t->mu);
            mgs_bot_wake(srv, t);
            pthread_mutex_unlock(&t->mu);
        }
    } else {
        pthread_mutex_unlock(&t->mu);
        mgs_table_free(t);
        mgs_table_unreserve(srv, client);
        if (cmd_id) {
            /* the same create at the same time: the other one's answer */
            mgs_result again = {0, NULL};
            if (answered_before(srv, NULL, -1, ckey, cmd_id, &again) &&
                again.status != 503) {
                json_decref(r->body);
                *r = again;
            } else {
                json_decref(again.body);
            }
        }
    }
    free(sealed);
    free(gjson);
    json_decref(events);
    json_decref(extra);
}

void mgs_join(mgs_srv *srv, mgs_table *t, const char *invite,
              const json_t *body, const char *player, mgs_result *r)
{
    char gkey[MGS_DOC_KEY_MAX + 1], *gjson = NULL;
    mgs_doc_row gdoc;
    unsigned char h[MGS_HASH_LEN];
    char secret[64], key[40], *sealed = NULL, family[MGS_FAMILY_MAX];
    const char *cmd_id = NULL;
    int seat = -1, i;
    mgs_seat_row row;
    mgs_command_row crow;
    mgs_append cap;
    json_t *events;
    if (mgs_cmd_key(body, "a join", key, sizeof key, &cmd_id, r) != 0 ||
        (cmd_id && answered_before(srv, t, -2, key, cmd_id, r)))
        return;
    mgs_hash_token(invite, h);
    for (i = 0; i < 2; i++) {
        int match = mgs_hash_equal(h, t->r.seats[i].invite_hash);
        if (match && !t->r.seats[i].joined && t->r.seats[i].kind == MGS_HUMAN &&
            !mgs_hash_zero(t->r.seats[i].invite_hash))
            seat = i;
    }
    if (seat < 0 || t->r.status != MGS_WAITING) {
        mgs_error(r, 403, "this invite is not valid for this table (used already, "
                    "or mistyped)");
        return;
    }
    if (t->r.rated && (!player || !player[0])) {
        mgs_error(r, 401, "this table is rated, for players: send your "
                          "player token (Authorization: Bearer TOKEN)");
        return;
    }
    if (player && player[0] &&
        strcmp(t->r.seats[1 - seat].player, player) == 0) {
        mgs_error(r, 409, "%s sits at this table already: a player cannot "
                          "take both seats", player);
        return;
    }
    mgs_random_token(secret, 32);
    memset(&row, 0, sizeof row);
    row.seat = seat;
    mgs_hash_token(secret, row.secret_hash);
    row.info = "{}";
    memset(&cap, 0, sizeof cap);
    if (cmd_id) {
        sealed = keep_answer(
            cmd_id, key,
            json_pack("{s:i,s:s}", "seat", seat, "secret", secret), -2, 200,
            t->id, &crow, &cap);
        if (!sealed) {
            mgs_error(r, 503, "out of memory");
            return;
        }
    }
    events = json_pack("[{s:s,s:i}]", "type", "joined", "seat", seat);
    if (player && player[0]) {
        mgs_rating_family(t->r.game, family, sizeof family);
        if (!events ||
            player_game_doc(player, t->id, t->r.spec, family, seat,
                            t->r.rated, mgs_now_ms(), gkey, &gjson,
                            &gdoc) != 0) {
            json_decref(events);
            free(sealed);
            mgs_error(r, 503, "out of memory");
            return;
        }
        json_object_set_new(json_array_get(events, 0), "player",
                            json_string(player));
        cap.table_id = t->id;
        cap.docs = &gdoc;
        cap.ndocs = 1;
    }
    if (mgs_call(srv, t, events, &row, 1, -1, NULL, NULL,
                 cap.table_id ? &cap : NULL, cap.table_id ? 1 : 0, 0,
                 r) == 0) {
        t->seats[seat].away_since_ms = mgs_now_ms();
        json_decref(r->body);
        r->status = 200;
        r->body = json_pack("{s:i,s:s,s:o}", "seat", seat, "secret", secret,
                            "snapshot", mgs_table_snapshot(t, mgs_now_ms()));
    }
    free(sealed);
    free(gjson);
    json_decref(events);
}

/* A rematch: a new table of the same game, clock and bots with the seats
 * swapped; both seats' secrets hold there for their new seats, and the
 * old table's "rematch" event names it.  Asked twice: the same table. */
int mgs_rematch(mgs_srv *srv, mgs_table *t, int seat, const char *cmd_id,
                mgs_result *r)
{
    char id[MGS_ID_LEN + 1];
    mgs_table *n;
    json_t *seats_j, *created, *nevents, *oevents, *extra_ans;
    mgs_seat_row rows[2];
    mgs_event_row erows[3];
    char *etext[3] = {NULL, NULL, NULL}, *row_text = NULL;
    char gkeys[2][MGS_DOC_KEY_MAX + 1], *gjson[2] = {NULL, NULL};
    char family[MGS_FAMILY_MAX];
    mgs_doc_row gdocs[2];
    mgs_append ap;
    mgs_result nr = {0, NULL};
    json_t *row_j = NULL;
    int i, nrows = 0, ne, rc = -1;
    int64_t now = mgs_now_ms();
    if (t->r.status != MGS_OVER && t->r.status != MGS_ABORTED) {
        mgs_error(r, 409, "a rematch is for a finished game");
        return -1;
    }
    if (t->r.seats[seat].kind == MGS_BOT) {
        mgs_error(r, 409, "a bot plays your seat now (it took over while you "
                    "were away): there is no rematch for you");
        return -1;
    }
    if (t->r.seats[1 - seat].kind == MGS_HUMAN &&
        mgs_hash_zero(t->r.seats[1 - seat].secret_hash)) {
        mgs_error(r, 409, "nobody took the other seat of this table: there is no "
                    "one to play a rematch with (create a new table)");
        return -1;
    }
    if (t->r.rematch[0]) {
        r->status = 200;
        r->body = json_pack("{s:I,s:s}", "version", (json_int_t)t->r.version,
                            "table", t->r.rematch);
        return 0;
    }
    /* a rematch counts for the client that created the first table */
    if (mgs_table_reserve(srv, t->owner, r) != 0)
        return -1;
    if (new_table_id(srv, id) != 0 || !(n = mgs_table_new(id))) {
        mgs_table_unreserve(srv, t->owner);
        mgs_error(r, 503, "could not make a table id");
        return -1;
    }
    snprintf(n->owner, sizeof n->owner, "%s", t->owner);
    /* the new table's events, applied to it in memory first */
    seats_j = json_array();
    for (i = 0; i < 2; i++) {
        const mgs_seat_replayed *o = &t->r.seats[1 - i];
        json_t *sj = json_pack("{s:s,s:o}", "kind",
                               o->kind == MGS_BOT ? "bot" : "human", "bot",
                               o->kind == MGS_BOT ? json_string(o->bot)
                                                  : json_null());
        if (sj && o->kind == MGS_HUMAN && o->player[0])
            json_object_set_new(sj, "player", json_string(o->player));
        if (sj && o->kind == MGS_BOT && o->level > 0)
            json_object_set_new(sj, "level", json_integer(o->level));
        json_array_append_new(seats_j, sj);
    }
    created = json_pack("{s:s,s:I,s:I,s:s,s:o,s:i,s:b,s:I}", "type", "created",
                        "version", (json_int_t)1, "at_ms", (json_int_t)now,
                        "spec", t->r.spec, "seats", seats_j, "creator",
                        1 - seat, "takebacks", t->r.takebacks, "bot_seed",
                        (json_int_t)((t->r.bot_seed * 31 + 7) >> 1));
    json_object_set_new(created, "clock_setup",
                        t->r.has_clock
                            ? json_pack("{s:I,s:I}", "base_ms",
                                        (json_int_t)t->r.base_ms,
                                        "increment_ms", (json_int_t)t->r.inc_ms)
                            : json_null());
    if (t->r.days_per_move) /* the same clock, its day as it was */
        json_object_set_new(json_object_get(created, "clock_setup"),
                            "days_per_move",
                            json_integer(t->r.days_per_move));
    json_object_set_new(created, "rematch_of", json_string(t->id));
    if (t->r.rated)
        json_object_set_new(created, "rated", json_true());
    nevents = json_pack("[o]", created);
    if (t->r.seats[seat].kind == MGS_HUMAN &&
        t->r.seats[1 - seat].kind == MGS_HUMAN) {
        /* new seat `seat` is old seat 1 - seat: its player, if any (a
         * "joined" without one would leave the seat anonymous) */
        json_t *jn = json_pack("{s:s,s:I,s:I,s:i}", "type", "joined",
                               "version", (json_int_t)2, "at_ms",
                               (json_int_t)now, "seat", seat);
        if (jn && t->r.seats[1 - seat].player[0])
            json_object_set_new(jn, "player",
                                json_string(t->r.seats[1 - seat].player));
        json_array_append_new(nevents, jn);
    }
    ne = (int)json_array_size(nevents);
    memset(rows, 0, sizeof rows);
    for (i = 0; i < 2; i++) {
        const mgs_seat_replayed *o = &t->r.seats[1 - i];
        if (o->kind == MGS_BOT || mgs_hash_zero(o->secret_hash))
            continue;
        rows[nrows].seat = i;
        memcpy(rows[nrows].secret_hash, o->secret_hash, MGS_HASH_LEN);
        rows[nrows].info = "{}";
        nrows++;
    }
    for (i = 0; i < ne; i++) {
        json_t *ev = json_array_get(nevents, (size_t)i);
        char msg[256];
        if (mgs_table_apply(n, ev, msg, sizeof msg) != 0) {
            mgs_error(r, 500, "internal error: %s", msg);
            goto out;
        }
        json_object_set_new(ev, "status",
                            json_string(mgs_status_name(n->r.status)));
        json_object_set_new(ev, "to_move",
                            mgs_table_to_move(n) >= 0
                                ? json_integer(mgs_table_to_move(n))
                                : json_null());
        etext[i] = json_dumps(ev, JSON_COMPACT);
        erows[i].version = i + 1;
        erows[i].type = json_string_value(json_object_get(ev, "type"));
        erows[i].json = etext[i];
        erows[i].at_ms = now;
    }
    for (i = 0; i < nrows; i++)
        memcpy(n->r.seats[rows[i].seat].secret_hash, rows[i].secret_hash,
               MGS_HASH_LEN);
    row_j = mgs_table_row_json(n);
    row_text = json_dumps(row_j, JSON_COMPACT);
    memset(&ap, 0, sizeof ap);
    ap.table_id = n->id;
    ap.table_json = row_text;
    ap.created_ms = ap.updated_ms = now;
    ap.seats = rows;
    ap.nseats = nrows;
    ap.events = erows;
    ap.nevents = ne;
    /* the players' pages get the new game in the same commit */
    for (i = 0; i < 2; i++)
        if (n->r.seats[i].kind == MGS_HUMAN && n->r.seats[i].player[0]) {
            mgs_rating_family(n->r.game, family, sizeof family);
            if (player_game_doc(n->r.seats[i].player, n->id, n->r.spec,
                                family, i, n->r.rated, now, gkeys[ap.ndocs],
                                &gjson[ap.ndocs], &gdocs[ap.ndocs]) != 0) {
                mgs_error(r, 503, "out of memory");
                rc = -1;
                goto out;
            }
            ap.ndocs++;
        }
    ap.docs = gdocs;
    /* the old table's event, committed with the new table */
    oevents = json_pack("[{s:s,s:i,s:s}]", "type", "rematch", "seat", seat,
                        "table", id);
    extra_ans = json_pack("{s:s}", "table", id);
    rc = mgs_call(srv, t, oevents, NULL, 0, seat, cmd_id, extra_ans, &ap, 1, 0,
                  &nr);
    if (rc == 0) {
        *r = nr;
        n->seats[0].away_since_ms = n->seats[1].away_since_ms = now;
        n->counted = 1;
        if (mgs_insert(srv, n) == 0) {
            pthread_mutex_lock(&n->mu);
            mgs_bot_wake(srv, n);
            pthread_mutex_unlock(&n->mu);
            n = NULL;
        }
    } else {
        *r = nr;
    }
    json_decref(oevents);
    json_decref(extra_ans);
out:
    if (rc != 0 || n)
        mgs_table_unreserve(srv, t->owner);
    for (i = 0; i < 3; i++)
        free(etext[i]);
    free(gjson[0]);
    free(gjson[1]);
    free(row_text);
    json_decref(row_j);
    json_decref(nevents);
    mgs_table_free(n);
    return rc;
}
