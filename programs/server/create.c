/*
 * create.c - creating a table (POST /api/v1/tables, doc/server-api.md
 * "Tables"): the request checked (spec, seat, bots and levels, clock,
 * takebacks, rated, cmd_id), the table made and committed through
 * mgs_call with its first event; and what join.c shares with it: a
 * re-sent create's or join's stored answer, the sealed answer kept, the
 * player's game document.
 */
#include "ratings.h"
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

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
int mgs_answered_before(mgs_srv *srv, mgs_table *t, int seat,
                        const char *key, const char *cmd_id, mgs_result *r)
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
char *mgs_keep_answer(const char *cmd_id, const char *key, json_t *answer,
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
int mgs_player_game_doc(const char *player, const char *table_id,
                        const char *spec, const char *family, int seat,
                        int rated, int64_t now, char key[MGS_DOC_KEY_MAX + 1],
                        char **json, mgs_doc_row *d)
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
        (cmd_id && mgs_answered_before(srv, NULL, -1, ckey, cmd_id, r)))
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
    if (mgs_new_table_id(srv, id) != 0 || !(t = mgs_table_new(id))) {
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
        sealed = mgs_keep_answer(
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
        if (mgs_player_game_doc(player, id, canon, family, creator,
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
        } else {
            /* read from the log meanwhile (another process's notice):
             * that copy serves it */
            mgs_table_closed(srv, t);
            mgs_table_free(t);
        }
    } else {
        pthread_mutex_unlock(&t->mu);
        mgs_table_free(t);
        mgs_table_unreserve(srv, client);
        if (cmd_id) {
            /* the same create at the same time: the other one's answer */
            mgs_result again = {0, NULL};
            if (mgs_answered_before(srv, NULL, -1, ckey, cmd_id, &again) &&
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

