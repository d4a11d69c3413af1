/*
 * yourturn.c - a player's open tables, most urgent first: the "your
 * move" list.
 *
 * GET /api/v1/players/me/tables[?limit=N] (Bearer) -> 200 {"tables":
 *     [...], "scanned": K}
 *
 * The candidates are the player's "game" documents (place.h: one per
 * seat the player took), newest first, at most YT_SCAN of them; a table
 * is open when it is in memory waiting or playing (every unfinished
 * table is: the server loads them at start and keeps them until they
 * end), so nothing here reads a finished table back from storage.
 */
#include "place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define YT_SCAN 1000    /* game documents looked at, newest first */
#define YT_LIMIT 20     /* tables answered by default */
#define YT_LIMIT_MAX 100

typedef struct yt_ids {
    char (*id)[MGS_ID_LEN + 1];
    int *seat;
    int n;
} yt_ids;

static int collect(void *arg, const mgs_doc *d)
{
    yt_ids *c = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    const char *id = json_string_value(json_object_get(j, "table"));
    json_t *seat = json_object_get(j, "seat");
    if (id && strlen(id) == MGS_ID_LEN && json_is_integer(seat) &&
        (json_integer_value(seat) == 0 || json_integer_value(seat) == 1)) {
        snprintf(c->id[c->n], sizeof c->id[c->n], "%s", id);
        c->seat[c->n++] = (int)json_integer_value(seat);
    }
    json_decref(j);
    return 0;
}

/* The table `id` if it is in memory (a reference taken), else NULL: a
 * table that is not is not open, and is not loaded. */
static mgs_table *loaded(mgs_srv *srv, const char *id)
{
    mgs_table *t = NULL;
    int lo = 0, hi;
    pthread_mutex_lock(&srv->tables_mu);
    hi = srv->ntables - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int c = strcmp(srv->tables[mid]->id, id);
        if (c == 0) {
            t = srv->tables[mid];
            t->refs++;
            break;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    pthread_mutex_unlock(&srv->tables_mu);
    return t;
}

/* One open table of the player's, as listed; NULL when it is not open
 * or not the player's seat (any more). */
typedef struct yt_row {
    json_t *j;
    int your_move;
    int64_t your_ms;   /* the player's clock; INT64_MAX: none */
    int64_t updated_ms;
} yt_row;

static int row_of(mgs_table *t, int seat, const char *name, int64_t now,
                  yt_row *row)
{
    const mgs_seat_replayed *me, *other;
    json_t *opp, *clock = json_null();
    int64_t c[2];
    int to_move;
    if (t->r.status != MGS_WAITING && t->r.status != MGS_PLAYING)
        return 0;
    me = &t->r.seats[seat];
    other = &t->r.seats[1 - seat];
    if (strcmp(me->player, name) != 0)
        return 0;
    if (other->kind == MGS_BOT && other->level > 0)
        opp = json_pack("{s:n,s:s,s:i}", "player", "bot", other->bot,
                        "level", other->level);
    else if (other->kind == MGS_BOT)
        opp = json_pack("{s:n,s:s}", "player", "bot", other->bot);
    else if (other->player[0])
        opp = json_pack("{s:s,s:n}", "player", other->player, "bot");
    else if (other->joined)
        opp = json_pack("{s:n,s:n}", "player", "bot");
    else
        opp = json_null(); /* nobody yet: the table waits */
    to_move = mgs_table_to_move(t);
    row->your_move = to_move == seat;
    row->your_ms = INT64_MAX;
    if (t->r.has_clock) {
        mgs_table_clock_now(t, now, c);
        clock = json_pack("{s:I,s:I,s:b}", "you_ms", (json_int_t)c[seat],
                          "opponent_ms", (json_int_t)c[1 - seat], "running",
                          t->r.clock_seat >= 0);
        row->your_ms = c[seat];
    }
    row->updated_ms = t->r.updated_ms;
    row->j = json_pack("{s:s,s:s,s:i,s:o,s:s,s:b,s:o,s:I,s:I}", "id", t->id,
                       "spec", t->r.spec ? t->r.spec : "", "seat", seat,
                       "opponent", opp ? opp : json_null(), "status",
                       mgs_status_name(t->r.status), "your_move",
                       row->your_move, "clock", clock ? clock : json_null(),
                       "version", (json_int_t)t->r.version, "updated_ms",
                       (json_int_t)t->r.updated_ms);
    return row->j != NULL;
}

/* Most urgent first: the player's move before the rest; among those,
 * the least time left first (no clock last); then the newest. */
static int urgent_first(const void *a, const void *b)
{
    const yt_row *x = a, *y = b;
    if (x->your_move != y->your_move)
        return y->your_move - x->your_move;
    if (x->your_ms != y->your_ms)
        return x->your_ms < y->your_ms ? -1 : 1;
    if (x->updated_ms != y->updated_ms)
        return x->updated_ms > y->updated_ms ? -1 : 1;
    return 0;
}

/* ?limit=N: 1..YT_LIMIT_MAX; YT_LIMIT when absent; -1 when bad. */
static int parse_limit(const char *s)
{
    long v = 0;
    int i;
    if (!s)
        return YT_LIMIT;
    for (i = 0; s[i]; i++) {
        if (s[i] < '0' || s[i] > '9' || i > 3)
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return i > 0 && v >= 1 && v <= YT_LIMIT_MAX ? (int)v : -1;
}

void mgs_players_tables(const mgs_place_req *q, mgs_result *r)
{
    mgs_srv *srv = q->srv;
    mgs_player p;
    yt_ids ids;
    yt_row *rows = NULL;
    json_t *list;
    int64_t now = mgs_now_ms();
    int rc, i, n = 0, limit;
    const char *ls =
        q->query ? json_string_value(json_object_get(q->query, "limit"))
                 : NULL;
    rc = mgs_player_auth(srv, q->authorization, &p, r);
    if (rc < 0)
        return;
    if (rc == 0) {
        mgs_error(r, 401, "whose tables? Send your player token: "
                          "Authorization: Bearer TOKEN");
        return;
    }
    if ((limit = parse_limit(ls)) < 0) {
        mgs_error(r, 400, "limit must be a whole number from 1 to %d",
                  YT_LIMIT_MAX);
        return;
    }
    memset(&ids, 0, sizeof ids);
    ids.id = malloc(YT_SCAN * sizeof *ids.id);
    ids.seat = malloc(YT_SCAN * sizeof *ids.seat);
    rows = malloc(YT_SCAN * sizeof *rows);
    if (!ids.id || !ids.seat || !rows) {
        mgs_error(r, 503, "out of memory: try again");
        goto done;
    }
    /* the store's callback must not call the store: ids first */
    rc = mgs_store_docs(srv->store, "game", p.name, NULL, MGS_DOCS_NEWEST, 0,
                        YT_SCAN, collect, &ids);
    if (rc != MGS_OK) {
        mgs_error(r, 503, "storage does not answer: try again");
        goto done;
    }
    for (i = 0; i < ids.n; i++) {
        mgs_table *t = loaded(srv, ids.id[i]);
        int j, dup = 0;
        if (!t)
            continue;
        for (j = 0; j < n && !dup; j++)
            dup = strcmp(json_string_value(json_object_get(rows[j].j, "id")),
                         t->id) == 0 &&
                  json_integer_value(json_object_get(rows[j].j, "seat")) ==
                      ids.seat[i];
        pthread_mutex_lock(&t->mu);
        if (!dup && row_of(t, ids.seat[i], p.name, now, &rows[n]))
            n++;
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
    }
    qsort(rows, (size_t)n, sizeof *rows, urgent_first);
    list = json_array();
    for (i = 0; i < n; i++) {
        if (i < limit && list)
            json_array_append(list, rows[i].j);
        json_decref(rows[i].j);
    }
    r->body = list ? json_pack("{s:s,s:o,s:i,s:i}", "player", p.name,
                               "tables", list, "open", n, "scanned", ids.n)
                   : NULL;
    if (!r->body) {
        mgs_error(r, 503, "out of memory: try again");
        goto done;
    }
    r->status = 200;
done:
    free(ids.id);
    free(ids.seat);
    free(rows);
}
