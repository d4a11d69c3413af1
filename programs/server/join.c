/*
 * join.c - taking a table's free seat by its invite (POST
 * /api/v1/tables/ID/join) and a finished game's rematch (a new table of
 * the same game with the seats swapped), doc/server-api.md "Tables".
 */
#include "ratings.h"
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

/* One try of mgs_join: 1 when its commit lost to another process's
 * change (the table caught up with its log: try again), else 0. */
static int join_once(mgs_srv *srv, mgs_table *t, const char *invite,
                     const json_t *body, const char *player, mgs_result *r)
{
    int rc;
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
        (cmd_id && mgs_answered_before(srv, t, -2, key, cmd_id, r)))
        return 0;
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
        return 0;
    }
    if (t->r.rated && (!player || !player[0])) {
        mgs_error(r, 401, "this table is rated, for players: send your "
                          "player token (Authorization: Bearer TOKEN)");
        return 0;
    }
    if (player && player[0] &&
        strcmp(t->r.seats[1 - seat].player, player) == 0) {
        mgs_error(r, 409, "%s sits at this table already: a player cannot "
                          "take both seats", player);
        return 0;
    }
    mgs_random_token(secret, 32);
    memset(&row, 0, sizeof row);
    row.seat = seat;
    mgs_hash_token(secret, row.secret_hash);
    row.info = "{}";
    memset(&cap, 0, sizeof cap);
    if (cmd_id) {
        sealed = mgs_keep_answer(
            cmd_id, key,
            json_pack("{s:i,s:s}", "seat", seat, "secret", secret), -2, 200,
            t->id, &crow, &cap);
        if (!sealed) {
            mgs_error(r, 503, "out of memory");
            return 0;
        }
    }
    events = json_pack("[{s:s,s:i}]", "type", "joined", "seat", seat);
    if (player && player[0]) {
        mgs_rating_family(t->r.game, family, sizeof family);
        if (!events ||
            mgs_player_game_doc(player, t->id, t->r.spec, family, seat,
                            t->r.rated, mgs_now_ms(), gkey, &gjson,
                            &gdoc) != 0) {
            json_decref(events);
            free(sealed);
            mgs_error(r, 503, "out of memory");
            return 0;
        }
        json_object_set_new(json_array_get(events, 0), "player",
                            json_string(player));
        cap.table_id = t->id;
        cap.docs = &gdoc;
        cap.ndocs = 1;
    }
    rc = mgs_call(srv, t, events, &row, 1, -1, NULL, NULL,
                  cap.table_id ? &cap : NULL, cap.table_id ? 1 : 0, 0, r);
    if (rc == 0) {
        t->seats[seat].away_since_ms = mgs_now_ms();
        json_decref(r->body);
        r->status = 200;
        r->body = json_pack("{s:i,s:s,s:o}", "seat", seat, "secret", secret,
                            "snapshot", mgs_table_snapshot(t, mgs_now_ms()));
    }
    free(sealed);
    free(gjson);
    json_decref(events);
    return rc == 1;
}

void mgs_join(mgs_srv *srv, mgs_table *t, const char *invite,
              const json_t *body, const char *player, mgs_result *r)
{
    /* another process seated someone first: once more, on the state it
     * made (this invite used: 403, or this join's stored answer) */
    if (join_once(srv, t, invite, body, player, r) == 1) {
        json_decref(r->body);
        r->body = NULL;
        join_once(srv, t, invite, body, player, r);
    }
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
    if (mgs_new_table_id(srv, id) != 0 || !(n = mgs_table_new(id))) {
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
            if (mgs_player_game_doc(n->r.seats[i].player, n->id, n->r.spec,
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
