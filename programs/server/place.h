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
 *   token    (a session, accounts.c)  name    {"name", "kind":"session",
 *                                              "created_ms", "expires_ms"}
 *   password the name (NFC)           name    {"hash": argon2id string,
 *                                              "updated_ms"}
 *   seek     a seek's id              name    the open seek (lobby.h)
 *   seat     a seek's id, "POOL/NAME" name    a seat won in the lobby,
 *                                              its secret sealed (lobby.h)
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
    int cookie;                /* authorization came from the mg_session
                                * cookie (http.c checked a POST's origin) */
    char *set_cookie;          /* out: a Set-Cookie header's value (at
                                * most MGS_SET_COOKIE_CAP bytes), or "" */
} mgs_place_req;
#define MGS_QUERY_MAX 16

#define MGS_SET_COOKIE_CAP 200
#define MGS_SESSION_COOKIE "mg_session"

/* A player, as a request speaks for one. */
typedef struct mgs_player {
    char name[MGS_NAME_BYTES]; /* NFC, as shown */
    int bot;
    int64_t created_ms;
    /* the credential the request carried (mgs_player_auth) */
    int session;               /* 1: a session (login), 0: a player token */
    char token_key[65];        /* its token document's key (hex) */
    int64_t expires_ms;        /* a session's end */
} mgs_player;

/* place.c: answer `q` if its path is the place's (1, with r set), else
 * 0 (the caller goes on routing).  q->args are set here. */
int mgs_place_route(mgs_place_req *q, mgs_result *r);

/* players.c: the player whose token a request carries (its
 * Authorization header: "Bearer TOKEN"; NULL: none; http.c passes the
 * mg_session cookie as "Bearer TOKEN" too): 1 with *p set; 0 when the
 * request carries no player token (r untouched); -1 with r set (401: a
 * token that is no player's, or a session that has ended (an expired
 * one is deleted); 503: storage failed).  A player token or a session
 * token (accounts.c) speak for the player alike. */
int mgs_player_auth(mgs_srv *srv, const char *authorization, mgs_player *p,
                    mgs_result *r);

/* players.c: the player named `name` (any of its confusable spellings):
 * 1 with *p set, 0 when there is none, -1 when storage failed. */
int mgs_player_find(mgs_srv *srv, const char *name, mgs_player *p);

/* players.c: a request's stored answer (a document of kind "answer" under
 * its cmd_id's store key, mgs_cmd_key; its text sealed by the cmd_id):
 * mgs_place_answered is 1 with r that answer, 0 when there is none, -1
 * with r 503 when it cannot be read; mgs_place_answer_json the
 * document's JSON for `answer` with `status` (malloc'd; NULL when out of
 * memory), to append with the change it answers. */
int mgs_place_answered(mgs_srv *srv, const char *ckey, const char *cmd_id,
                       mgs_result *r);
char *mgs_place_answer_json(const char *cmd_id, const json_t *answer,
                            int status);

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

/* accounts.c: passwords, logins, sessions (doc/server-api.md,
 * "Accounts") */
#define MGS_SESSION_S (30 * 86400) /* a session lasts 30 days */
#define MGS_SESSIONS_MAX 20        /* a player's sessions at once */
void mgs_account_password(const mgs_place_req *q, mgs_result *r);
void mgs_account_login(const mgs_place_req *q, mgs_result *r);
void mgs_account_logout(const mgs_place_req *q, mgs_result *r);
void mgs_account_logout_all(const mgs_place_req *q, mgs_result *r);
void mgs_account_get(const mgs_place_req *q, mgs_result *r);

/* login_guard.c: what keeps password hashing from being a way in or a
 * way to take the server down.  Failed logins are counted per name (its
 * confusable key) and per client (mgs_client_key) in windows of
 * MGS_LOGIN_WINDOW_S from the first failure; a name with
 * MGS_LOGIN_NAME_FAILS, or a client with MGS_LOGIN_ADDR_FAILS, is
 * refused until its window ends.  Process-wide (one server a process),
 * in fixed tables of MGS_LOGIN_SLOTS each (when full, the window that
 * ends first is forgotten first); forgotten at a restart. */
#define MGS_LOGIN_WINDOW_S 900
#define MGS_LOGIN_NAME_FAILS 5
#define MGS_LOGIN_ADDR_FAILS 20
#define MGS_LOGIN_SLOTS 2048
/* 0 when a login for name_key from client may be tried; else the
 * seconds to wait, with *limit "login-name" or "login-address". */
int mgs_login_locked(const char *name_key, const char *client,
                     const char **limit);
void mgs_login_failed(const char *name_key, const char *client);
void mgs_login_succeeded(const char *name_key);
void mgs_login_reset(void); /* every count forgotten (the fuzzer) */
/* Password hashing (argon2id with libsodium's INTERACTIVE limits: 2
 * passes over 64 MiB) at most --password-hashes at once: mgs_hash_enter
 * is 0 when a slot was free (leave it with mgs_hash_leave), -1 when all
 * are taken (the request is answered 503). */
int mgs_hash_enter(mgs_srv *srv);
void mgs_hash_leave(void);
/* Hash a password into out (crypto_pwhash_STRBYTES): 0, -1 out of
 * memory.  Check one against a stored hash (NULL: against a dummy hash
 * made once, so that an unknown name costs what a wrong password does):
 * 1 it matches, 0 not.  Both between mgs_hash_enter and leave. */
int mgs_password_hash(const char *password, char *out);
int mgs_password_check(const char *hash, const char *password);
/* Hashes and checks made (for /metrics: mg_password_hashes_total). */
unsigned long long mgs_password_hashes(void);
/* yourturn.c: GET /players/me/tables, the player's open tables */
void mgs_players_tables(const mgs_place_req *q, mgs_result *r);

#endif /* MGS_PLACE_H */
