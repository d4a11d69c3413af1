/*
 * ratings.c - what a game's end writes about its players (place.h's
 * documents): both players' "game" documents (the result for each, the
 * opponent, the ratings before and after) and, at a rated table, both
 * players' Glicko-2 ratings (glicko2.c) of the game's rating family and
 * the family's document.  mgs_call (command.c) asks for them when an
 * event ends a game, puts the ratings on that event ("ratings") and
 * stores the documents in the same append as the event, the rating
 * documents with compare-and-set on their updated_ms: a rating changes
 * exactly when the end is stored, once, also across crashes.
 *
 * One game is one rating period.  Between games a rating's deviation
 * grows as Glicko-2's step 6 says, one period per MGS_RATING_PERIOD_MS
 * (a day) since the player's last rated game of that family.
 */
#include "ratings.h"

#include "glicko2.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mgs_rating_family(const mg_game *g, char *out, size_t cap)
{
    const char *id = mg_game_id(g);
    if (strcmp(id, "dots_and_boxes") == 0) {
        int32_t lines = mg_game_num_actions(g);
        snprintf(out, cap, "%s-%s", id,
                 lines <= MGS_FAMILY_SMALL_LINES    ? "small"
                 : lines <= MGS_FAMILY_MEDIUM_LINES ? "medium"
                                                    : "large");
    } else {
        snprintf(out, cap, "%s", id);
    }
}

void mgs_rating_read(const json_t *j, mgs_rating *r)
{
    memset(r, 0, sizeof *r);
    r->g = mgs_glicko_new();
    if (!j)
        return;
    r->exists = 1;
    r->g.rating = json_number_value(json_object_get(j, "rating"));
    r->g.rd = json_number_value(json_object_get(j, "rd"));
    r->g.vol = json_number_value(json_object_get(j, "volatility"));
    r->games = json_integer_value(json_object_get(j, "games"));
    r->wins = json_integer_value(json_object_get(j, "wins"));
    r->losses = json_integer_value(json_object_get(j, "losses"));
    r->draws = json_integer_value(json_object_get(j, "draws"));
    r->last_ms = json_integer_value(json_object_get(j, "last_ms"));
    if (!(r->g.rd > 0) || !(r->g.vol > 0) || !isfinite(r->g.rating))
        r->g = mgs_glicko_new(); /* unreadable: as new */
}

double mgs_rating_rd_now(const mgs_rating *r, int64_t now_ms)
{
    if (!r->exists || now_ms <= r->last_ms)
        return r->g.rd;
    return mgs_glicko_idle_rd(&r->g,
                              (double)(now_ms - r->last_ms) /
                                  (double)MGS_RATING_PERIOD_MS);
}

json_t *mgs_rating_public(const mgs_rating *r, int64_t now_ms)
{
    mgs_glicko g = r->g;
    g.rd = mgs_rating_rd_now(r, now_ms);
    return json_pack("{s:I,s:I,s:f,s:I,s:I,s:I,s:I,s:b,s:I}", "rating",
                     (json_int_t)floor(g.rating + 0.5), "rd",
                     (json_int_t)floor(g.rd + 0.5), "volatility",
                     floor(g.vol * 1e6 + 0.5) / 1e6, "games",
                     (json_int_t)r->games, "wins", (json_int_t)r->wins,
                     "losses", (json_int_t)r->losses, "draws",
                     (json_int_t)r->draws, "provisional",
                     mgs_glicko_provisional(&g), "last_ms",
                     (json_int_t)r->last_ms);
}

/* ------------------------------------------------------ a game's end */

typedef struct doc_read {
    json_t *json;
    int64_t updated_ms;
    int found;
} doc_read;

static int read_cb(void *arg, const mgs_doc *d)
{
    doc_read *x = arg;
    x->json = json_loads(d->json, 0, NULL);
    x->updated_ms = d->updated_ms;
    x->found = 1;
    return 0;
}

/* One document: 0 (x->found says whether there is one), -1 storage. */
static int read_doc(mgs_srv *srv, const char *kind, const char *key,
                    doc_read *x)
{
    int rc;
    memset(x, 0, sizeof *x);
    rc = mgs_store_doc(srv->store, kind, key, read_cb, x);
    if (rc == MGS_ENOTFOUND)
        return 0;
    if (rc != MGS_OK || !x->json) {
        json_decref(x->json);
        x->json = NULL;
        return -1;
    }
    return 0;
}

void mgs_end_docs_free(mgs_end_docs *e)
{
    int i;
    for (i = 0; i < e->nd; i++)
        free(e->text[i]);
    json_decref(e->ratings);
    memset(e, 0, sizeof *e);
}

/* Add a document (its text taken) to e. */
static int add_doc(mgs_end_docs *e, const char *kind, const char *key,
                   const char *owner, double rank, json_t *j, int64_t now,
                   int64_t if_updated_ms, int op)
{
    int i = e->nd;
    char *text = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(j);
    if (!text || i >= MGS_END_DOCS_MAX) {
        free(text);
        return -1;
    }
    snprintf(e->key[i], sizeof e->key[i], "%s", key);
    snprintf(e->owner[i], sizeof e->owner[i], "%s", owner);
    e->text[i] = text;
    memset(&e->row[i], 0, sizeof e->row[i]);
    e->row[i].op = op;
    e->row[i].kind = kind;
    e->row[i].key = e->key[i];
    e->row[i].owner = e->owner[i];
    e->row[i].rank = rank;
    e->row[i].json = text;
    e->row[i].updated_ms = now;
    e->row[i].if_updated_ms = if_updated_ms;
    e->nd++;
    return 0;
}

static const char *result_for(const mgs_table *t, int seat)
{
    if (t->r.status != MGS_OVER)
        return NULL;
    if (t->r.drawn || t->r.winner < 0)
        return "draw";
    return t->r.winner == seat ? "win" : "loss";
}

static double score_for(const mgs_table *t, int seat)
{
    const char *res = result_for(t, seat);
    return strcmp(res, "win") == 0 ? 1.0 : strcmp(res, "loss") == 0 ? 0.0
                                                                    : 0.5;
}

static int64_t round_i(double x)
{
    return (int64_t)floor(x + 0.5);
}

int mgs_end_docs_make(mgs_srv *srv, mgs_table *t, int64_t now,
                      mgs_end_docs *e)
{
    const char *name[2] = {t->r.seats[0].player, t->r.seats[1].player};
    char family[MGS_FAMILY_MAX], key[MGS_DOC_KEY_MAX + 1];
    int rated = t->r.rated && t->r.status == MGS_OVER && name[0][0] &&
                name[1][0];
    mgs_rating old[2], upd[2];
    doc_read rd[2], fam;
    int s, rc = -1;
    memset(e, 0, sizeof *e);
    memset(rd, 0, sizeof rd);
    memset(&fam, 0, sizeof fam);
    if (!name[0][0] && !name[1][0])
        return 0;
    mgs_rating_family(t->r.game, family, sizeof family);
    if (rated) {
        json_t *seats = json_array();
        for (s = 0; s < 2; s++) {
            snprintf(key, sizeof key, "%s/%s", family, name[s]);
            if (read_doc(srv, "rating", key, &rd[s]) != 0)
                goto out;
            mgs_rating_read(rd[s].json, &old[s]);
        }
        if (read_doc(srv, "family", family, &fam) != 0)
            goto out;
        /* the end's time (its documents' ended_ms) is taken once the
         * ratings are read, not before: a rated end stored before this
         * one's reads began has an earlier time, so ended_ms orders the
         * ends as their ratings were applied, also when the reads wait
         * (PostgreSQL's read connections are made when first needed: a
         * restarted server's first reads wait for them) */
        {
            int64_t read_ms = mgs_now_ms();
            if (read_ms > now)
                now = read_ms;
        }
        for (s = 0; s < 2; s++)
            /* the deviation grown over the idle time since the last game */
            old[s].g.rd = mgs_rating_rd_now(&old[s], now);
        for (s = 0; s < 2; s++) {
            mgs_glicko_game gm;
            const char *res = result_for(t, s);
            gm.rating = old[1 - s].g.rating;
            gm.rd = old[1 - s].g.rd;
            gm.score = score_for(t, s);
            upd[s] = old[s];
            if (mgs_glicko_update(&old[s].g, &gm, 1, MGS_GLICKO_TAU, 1,
                                  &upd[s].g) != 0)
                goto out;
            upd[s].exists = 1;
            upd[s].games++;
            upd[s].wins += strcmp(res, "win") == 0;
            upd[s].losses += strcmp(res, "loss") == 0;
            upd[s].draws += strcmp(res, "draw") == 0;
            upd[s].last_ms = now;
            json_array_append_new(
                seats,
                json_pack("{s:s,s:I,s:I,s:I,s:I,s:I,s:b}", "player", name[s],
                          "before", (json_int_t)round_i(old[s].g.rating),
                          "after", (json_int_t)round_i(upd[s].g.rating),
                          "change",
                          (json_int_t)(round_i(upd[s].g.rating) -
                                       round_i(old[s].g.rating)),
                          "rd_before", (json_int_t)round_i(old[s].g.rd),
                          "rd_after", (json_int_t)round_i(upd[s].g.rd),
                          "provisional", mgs_glicko_provisional(&upd[s].g)));
        }
        e->ratings = json_pack("{s:s,s:o}", "family", family, "seats", seats);
        if (!e->ratings)
            goto out;
        for (s = 0; s < 2; s++) {
            json_t *j = json_pack(
                "{s:s,s:s,s:f,s:f,s:f,s:I,s:I,s:I,s:I,s:I,s:s}", "family",
                family, "name", name[s], "rating", upd[s].g.rating, "rd",
                upd[s].g.rd, "volatility", upd[s].g.vol, "games",
                (json_int_t)upd[s].games, "wins", (json_int_t)upd[s].wins,
                "losses", (json_int_t)upd[s].losses, "draws",
                (json_int_t)upd[s].draws, "last_ms", (json_int_t)now,
                "last_table", t->id);
            snprintf(key, sizeof key, "%s/%s", family, name[s]);
            /* compare-and-set: the rating as read, or none yet */
            if (add_doc(e, "rating", key, name[s], upd[s].g.rating, j, now,
                        rd[s].found ? rd[s].updated_ms : -1,
                        rd[s].found ? MGS_DOC_PUT : MGS_DOC_NEW) != 0)
                goto out;
        }
        {
            json_t *fj = fam.json ? json_incref(fam.json) : json_object();
            int64_t players =
                json_integer_value(json_object_get(fj, "players"));
            int64_t games = json_integer_value(json_object_get(fj, "games"));
            players += !rd[0].found + !rd[1].found;
            json_object_set_new(fj, "family", json_string(family));
            json_object_set_new(fj, "players", json_integer(players));
            json_object_set_new(fj, "games", json_integer(games + 1));
            json_object_set_new(fj, "last_ms", json_integer(now));
            if (add_doc(e, "family", family, "", (double)(games + 1), fj, now,
                        fam.found ? fam.updated_ms : -1,
                        fam.found ? MGS_DOC_PUT : MGS_DOC_NEW) != 0)
                goto out;
        }
    }
    /* the players' games, with the result */
    for (s = 0; s < 2; s++) {
        doc_read g;
        json_t *j;
        const char *res = result_for(t, s);
        if (!name[s][0])
            continue;
        snprintf(key, sizeof key, "%s/%s", name[s], t->id);
        if (read_doc(srv, "game", key, &g) != 0)
            goto out;
        j = g.json ? g.json : json_pack("{s:s,s:s,s:i}", "table", t->id,
                                        "spec", t->r.spec, "seat", s);
        if (!j)
            goto out;
        json_object_set_new(j, "status", json_string(mgs_status_name(
                                             t->r.status)));
        json_object_set_new(j, "result", res ? json_string(res) : json_null());
        json_object_set_new(j, "how", json_string(t->r.how));
        json_object_set_new(j, "ended_ms", json_integer(now));
        json_object_set_new(j, "opponent", name[1 - s][0]
                                               ? json_string(name[1 - s])
                                               : json_null());
        json_object_set_new(j, "rated", json_boolean(t->r.rated));
        json_object_set_new(j, "family", json_string(family));
        json_object_set_new(j, "game", json_string(mg_game_id(t->r.game)));
        if (rated) {
            json_object_set_new(j, "rating_before",
                                json_integer(round_i(old[s].g.rating)));
            json_object_set_new(j, "rating_after",
                                json_integer(round_i(upd[s].g.rating)));
            json_object_set_new(j, "rating_change",
                                json_integer(round_i(upd[s].g.rating) -
                                             round_i(old[s].g.rating)));
        }
        if (add_doc(e, "game", key, name[s], (double)now, j, now, -1,
                    MGS_DOC_PUT) != 0)
            goto out;
    }
    rc = 0;
out:
    for (s = 0; s < 2; s++)
        json_decref(rd[s].json);
    json_decref(fam.json);
    if (rc != 0)
        mgs_end_docs_free(e);
    return rc;
}
