/*
 * place.h - the place around the tables: players (players.c), and what
 * is built on them.  Its requests are routed by one table (place.c's
 * routes: method, path pattern, handler); a handler gets the request as
 * an mgs_place_req, with no libmicrohttpd in sight, and answers an
 * mgs_result.  Its records are the store's documents (store.h,
 * mgs_doc_row), of these kinds:
 *
 *   kind     key                      owner   json
 *   player   the name (NFC)           ""      {"name", "bot", "created_ms"}
 *   name     each confusable key      name    {"name"}
 *   token    hex of a token's hash    name    {"name", "kind":"player",
 *                                              "created_ms"}
 *   game, rating, family: a player's games and ratings (ratings.h)
 *
 * A name's keys (names.c) are kept unique by MGS_DOC_NEW, so that two
 * registrations of one name (or of two confusable names) at once make
 * one player: the other's append fails whole.
 */
#ifndef MGS_PLACE_H
#define MGS_PLACE_H

#include "names.h"
#include "server.h"

#define MGS_PLAYER_TOKEN_LEN 43 /* 256 bits, base64url */

/* A request to the place. */
typedef struct mgs_place_req {
    mgs_srv *srv;
    const char *method;        /* "GET" (HEAD too) or "POST" */
    const char *path;          /* after /api/v1: "/players/alice" */
    const char *args[2];       /* the path's '*' segments, unescaped */
    const json_t *body;        /* a POST's body (an object), else NULL */
    const char *raw;           /* the body as sent (place.c parses it) */
    size_t raw_len;
    int too_big;               /* the body was over MGS_BODY_CAP */
    const char *authorization; /* the Authorization header, or NULL */
    const char *client;        /* the client's key (mgs_client_key) */
    const json_t *query;       /* the query's arguments {name: value}
                                * (at most MGS_QUERY_MAX; NULL: none) */
} mgs_place_req;
#define MGS_QUERY_MAX 16

/* A player, as a request speaks for one. */
typedef struct mgs_player {
    char name[MGS_NAME_BYTES]; /* NFC, as shown */
    int bot;
    int64_t created_ms;
} mgs_player;

/* place.c: answer `q` if its path is the place's (1, with r set), else
 * 0 (the caller goes on routing).  q->args are set here. */
int mgs_place_route(mgs_place_req *q, mgs_result *r);

/* players.c: the player whose token a request carries (its
 * Authorization header: "Bearer TOKEN"; NULL: none): 1 with *p set; 0 when the request
 * carries no player token (r untouched); -1 with r set (401: a token
 * that is no player's; 503: storage failed). */
int mgs_player_auth(mgs_srv *srv, const char *authorization, mgs_player *p,
                    mgs_result *r);

/* players.c: the player named `name` (any of its confusable spellings):
 * 1 with *p set, 0 when there is none, -1 when storage failed. */
int mgs_player_find(mgs_srv *srv, const char *name, mgs_player *p);

/* players.c: the handlers of place.c's routes */
void mgs_players_create(const mgs_place_req *q, mgs_result *r);
void mgs_players_get(const mgs_place_req *q, mgs_result *r);
void mgs_players_me(const mgs_place_req *q, mgs_result *r);
/* rated.c: a player's ratings and games; the leaderboards */
json_t *mgs_player_ratings(mgs_srv *srv, const char *name);
/* {"ratings", "games" (the newest few)} of a player's page; NULL when
 * storage failed */
json_t *mgs_player_page_extra(mgs_srv *srv, const char *name);
void mgs_players_games(const mgs_place_req *q, mgs_result *r);
void mgs_leaderboards(const mgs_place_req *q, mgs_result *r);
void mgs_leaderboard(const mgs_place_req *q, mgs_result *r);

#endif /* MGS_PLACE_H */
