/*
 * rated.c - reading players' ratings and games (ratings.h's documents):
 *
 * GET /api/v1/players/{name}/games ?family= ?game= ?rated=true|false
 *     ?result=win|loss|draw ?status=playing|over|aborted ?offset= ?limit=
 *     -> {"name", "games": [...], "offset", "limit", "more"}
 * GET /api/v1/leaderboard -> {"families": [{"family", "players", "games",
 *     "last_ms"}]}
 * GET /api/v1/leaderboard/{family} ?offset= ?limit= ?provisional=false
 *     -> {"family", "players": [{"rank", "name", "rating", "rd", ...}],
 *     "offset", "limit", "more"}
 *
 * Filters are applied to the newest SCAN_MAX documents (a bound on what
 * one request reads), pages hold at most LIMIT_MAX entries.
 */
#include "ratings.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIMIT_DEFAULT 20
#define LIMIT_MAX 100
#define OFFSET_MAX 100000
#define SCAN_MAX 5000
#define PAGE_GAMES 10 /* the newest games on a player's page */

/* Every query argument is one of `known` (NULL-terminated): 0, else -1
 * with r set. */
static int check_args(const mgs_place_req *q, const char *const *known,
                      mgs_result *r)
{
    const char *key;
    json_t *v;
    json_object_foreach((json_t *)q->query, key, v) {
        int i, ok = 0;
        for (i = 0; known[i]; i++)
            ok |= strcmp(key, known[i]) == 0;
        if (!ok) {
            char names[160] = "";
            for (i = 0; known[i]; i++)
                snprintf(names + strlen(names), sizeof names - strlen(names),
                         "%s%s", i ? ", " : "", known[i]);
            if (!key[0])
                mgs_error(r, 400, "too many query arguments (at most %d)",
                          MGS_QUERY_MAX);
            else
                mgs_error(r, 400, "unknown query argument '%.40s': this "
                                  "takes %s", key, names);
            return -1;
        }
    }
    return 0;
}

static const char *arg(const mgs_place_req *q, const char *name)
{
    return q->query ? json_string_value(json_object_get(q->query, name))
                    : NULL;
}

/* A whole number argument within [lo, hi] (absent: dflt): 0, else -1
 * with r set. */
static int int_arg(const mgs_place_req *q, const char *name, long lo,
                   long hi, long dflt, long *out, mgs_result *r)
{
    const char *v = arg(q, name);
    char *end;
    long x;
    *out = dflt;
    if (!v)
        return 0;
    x = strtol(v, &end, 10);
    if (!v[0] || *end || x < lo || x > hi || strlen(v) > 9) {
        mgs_error(r, 400, "%s must be a whole number from %ld to %ld", name,
                  lo, hi);
        return -1;
    }
    *out = x;
    return 0;
}

/* One of the words `ok` (NULL-terminated) or absent: 0, else -1. */
static int word_arg(const mgs_place_req *q, const char *name,
                    const char *const *ok, const char **out, mgs_result *r)
{
    const char *v = arg(q, name);
    int i;
    *out = v;
    if (!v)
        return 0;
    for (i = 0; ok[i]; i++)
        if (strcmp(v, ok[i]) == 0)
            return 0;
    mgs_error(r, 400, "%s must be %s%s%s%s%s", name, ok[0],
              ok[1] ? (ok[2] ? ", " : " or ") : "", ok[1] ? ok[1] : "",
              ok[1] && ok[2] ? " or " : "", ok[1] && ok[2] ? ok[2] : "");
    return -1;
}

/* A family's or game's name: lower-case letters, digits, '_' and '-'. */
static int id_ok(const char *s)
{
    size_t i, n = strlen(s);
    if (n == 0 || n >= MGS_FAMILY_MAX)
        return 0;
    for (i = 0; i < n; i++)
        if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) ||
              s[i] == '_' || s[i] == '-'))
            return 0;
    return 1;
}

/* ---------------------------------------------------------- ratings */

typedef struct ratings_acc {
    json_t *out;
    int64_t now;
} ratings_acc;

static int rating_cb(void *arg, const mgs_doc *d)
{
    ratings_acc *a = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    const char *family = json_string_value(json_object_get(j, "family"));
    mgs_rating rt;
    if (family) {
        mgs_rating_read(j, &rt);
        json_object_set_new(a->out, family, mgs_rating_public(&rt, a->now));
    }
    json_decref(j);
    return 0;
}

json_t *mgs_player_ratings(mgs_srv *srv, const char *name)
{
    ratings_acc a;
    a.out = json_object();
    a.now = mgs_now_ms();
    if (!a.out || mgs_store_docs(srv->store, "rating", name, NULL,
                                 MGS_DOCS_BY_KEY, 0, 1000, rating_cb,
                                 &a) != MGS_OK) {
        json_decref(a.out);
        return NULL;
    }
    return a.out;
}

/* ------------------------------------------------------------ games */

typedef struct games_acc {
    const char *family, *game, *rated, *result, *status;
    long offset, limit, matched;
    json_t *out;
    int more;
} games_acc;

static int str_is(const json_t *j, const char *key, const char *want)
{
    const char *v = json_string_value(json_object_get(j, key));
    return v && strcmp(v, want) == 0;
}

static int game_cb(void *arg, const mgs_doc *d)
{
    games_acc *a = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    int ok = j != NULL;
    if (ok && a->family)
        ok = str_is(j, "family", a->family);
    if (ok && a->game) {
        /* an open game's document has no "game" yet: its spec's name */
        const char *spec = json_string_value(json_object_get(j, "spec"));
        size_t n = strlen(a->game);
        ok = str_is(j, "game", a->game) ||
             (spec && strncmp(spec, a->game, n) == 0 &&
              (spec[n] == '(' || spec[n] == '\0'));
    }
    if (ok && a->rated)
        ok = json_is_true(json_object_get(j, "rated")) ==
             (strcmp(a->rated, "true") == 0);
    if (ok && a->result)
        ok = str_is(j, "result", a->result);
    if (ok && a->status)
        ok = str_is(j, "status", a->status);
    if (ok) {
        if (a->matched >= a->offset + a->limit) {
            a->more = 1;
            json_decref(j);
            return 1; /* enough */
        }
        if (a->matched >= a->offset) {
            if (!json_object_get(j, "result"))
                json_object_set_new(j, "result", json_null());
            json_array_append(a->out, j);
        }
        a->matched++;
    }
    json_decref(j);
    return 0;
}

/* The games of `name`, filtered: 0, or -1 (storage). */
static int list_games(mgs_srv *srv, const char *name, games_acc *a)
{
    int rc;
    a->out = json_array();
    a->matched = 0;
    a->more = 0;
    if (!a->out)
        return -1;
    rc = mgs_store_docs(srv->store, "game", name, NULL, MGS_DOCS_NEWEST, 0,
                        SCAN_MAX, game_cb, a);
    if (rc != MGS_OK && rc != 1) {
        json_decref(a->out);
        a->out = NULL;
        return -1;
    }
    return 0;
}

json_t *mgs_player_page_extra(mgs_srv *srv, const char *name)
{
    games_acc a;
    json_t *ratings = mgs_player_ratings(srv, name);
    memset(&a, 0, sizeof a);
    a.limit = PAGE_GAMES;
    if (!ratings || list_games(srv, name, &a) != 0) {
        json_decref(ratings);
        return NULL;
    }
    return json_pack("{s:o,s:o}", "ratings", ratings, "games", a.out);
}

static const char *const games_args[] = {"family", "game", "rated",
                                         "result", "status", "offset",
                                         "limit", NULL};
static const char *const bools[] = {"true", "false", NULL};
static const char *const results[] = {"win", "loss", "draw", NULL};
static const char *const statuses[] = {"playing", "over", "aborted", NULL};

void mgs_players_games(const mgs_place_req *q, mgs_result *r)
{
    mgs_player p;
    games_acc a;
    int rc;
    memset(&a, 0, sizeof a);
    if (check_args(q, games_args, r) ||
        int_arg(q, "offset", 0, OFFSET_MAX, 0, &a.offset, r) ||
        int_arg(q, "limit", 1, LIMIT_MAX, LIMIT_DEFAULT, &a.limit, r) ||
        word_arg(q, "rated", bools, &a.rated, r) ||
        word_arg(q, "result", results, &a.result, r) ||
        word_arg(q, "status", statuses, &a.status, r))
        return;
    a.family = arg(q, "family");
    a.game = arg(q, "game");
    if ((a.family && !id_ok(a.family)) || (a.game && !id_ok(a.game))) {
        mgs_error(r, 400, "%s must be a name of lower-case letters, digits, "
                          "'_' and '-' (a family as /leaderboard lists "
                          "them, a game's id)",
                  a.family && !id_ok(a.family) ? "family" : "game");
        return;
    }
    rc = mgs_player_find(q->srv, q->args[0], &p);
    if (rc == 0) {
        mgs_error(r, 404, "no player is named %.80s", q->args[0]);
        return;
    }
    if (rc < 0 || list_games(q->srv, p.name, &a) != 0) {
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    r->status = 200;
    r->body = json_pack("{s:s,s:o,s:i,s:i,s:b}", "name", p.name, "games",
                        a.out, "offset", (int)a.offset, "limit",
                        (int)a.limit, "more", a.more);
}

/* ------------------------------------------------------ leaderboards */

static int family_cb(void *arg, const mgs_doc *d)
{
    json_t *j = json_loads(d->json, 0, NULL);
    if (j)
        json_array_append_new(arg, j);
    return 0;
}

void mgs_leaderboards(const mgs_place_req *q, mgs_result *r)
{
    static const char *const none[] = {NULL};
    json_t *fams;
    if (check_args(q, none, r))
        return;
    fams = json_array();
    if (!fams || mgs_store_docs(q->srv->store, "family", NULL, NULL,
                                MGS_DOCS_BY_KEY, 0, 1000, family_cb,
                                fams) != MGS_OK) {
        json_decref(fams);
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    r->status = 200;
    r->body = json_pack("{s:o}", "families", fams);
}

typedef struct board_acc {
    long offset, limit, matched;
    int established; /* leave provisional ratings out */
    int more;
    int64_t now;
    json_t *out;
} board_acc;

static int board_cb(void *arg, const mgs_doc *d)
{
    board_acc *a = arg;
    json_t *j = json_loads(d->json, 0, NULL), *pub;
    mgs_rating rt;
    if (!j)
        return 0;
    mgs_rating_read(j, &rt);
    pub = mgs_rating_public(&rt, a->now);
    if (pub && (!a->established ||
                !json_is_true(json_object_get(pub, "provisional")))) {
        if (a->matched >= a->offset + a->limit) {
            a->more = 1;
            json_decref(pub);
            json_decref(j);
            return 1;
        }
        if (a->matched >= a->offset) {
            json_object_set_new(pub, "rank", json_integer(a->matched + 1));
            json_object_set(pub, "name", json_object_get(j, "name"));
            json_array_append(a->out, pub);
        }
        a->matched++;
    }
    json_decref(pub);
    json_decref(j);
    return 0;
}

static int seen_cb(void *arg, const mgs_doc *d)
{
    (void)arg;
    (void)d;
    return 0;
}

void mgs_leaderboard(const mgs_place_req *q, mgs_result *r)
{
    static const char *const known[] = {"offset", "limit", "provisional",
                                        NULL};
    const char *family = q->args[0], *prov;
    char prefix[MGS_FAMILY_MAX + 2];
    board_acc a;
    int rc;
    memset(&a, 0, sizeof a);
    if (check_args(q, known, r) ||
        int_arg(q, "offset", 0, OFFSET_MAX, 0, &a.offset, r) ||
        int_arg(q, "limit", 1, LIMIT_MAX, LIMIT_DEFAULT, &a.limit, r) ||
        word_arg(q, "provisional", bools, &prov, r))
        return;
    a.established = prov && strcmp(prov, "false") == 0;
    if (!id_ok(family)) {
        mgs_error(r, 400, "a family is a name of lower-case letters, digits, "
                          "'_' and '-', as /api/v1/leaderboard lists them");
        return;
    }
    rc = mgs_store_doc(q->srv->store, "family", family, seen_cb, NULL);
    if (rc == MGS_ENOTFOUND) {
        mgs_error(r, 404, "no rated game of the family %s has ended yet",
                  family);
        return;
    }
    a.now = mgs_now_ms();
    a.out = json_array();
    snprintf(prefix, sizeof prefix, "%s/", family);
    if (rc == MGS_OK && a.out)
        rc = mgs_store_docs(q->srv->store, "rating", NULL, prefix,
                            MGS_DOCS_BY_RANK, 0, SCAN_MAX, board_cb, &a);
    if ((rc != MGS_OK && rc != 1) || !a.out) {
        json_decref(a.out);
        mgs_error(r, 503, "storage does not answer: try again");
        return;
    }
    r->status = 200;
    r->body = json_pack("{s:s,s:o,s:i,s:i,s:b}", "family", family, "players",
                        a.out, "offset", (int)a.offset, "limit",
                        (int)a.limit, "more", a.more);
}
