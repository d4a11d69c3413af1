/*
 * lobby.h - the lobby (doc/server-api.md, "Lobby"): open seeks
 * (seeks.c), quick-pairing pools (pools.c), the lobby's live events
 * (lobby_stream.c), and what they share (lobby.c: the lobby in memory,
 * restored from the store at start; the table made for two players;
 * the timer's expiry and pairing); the seeks of the other processes
 * sharing the database (lobby_sync.c).  Its documents (place.h's table):
 *
 *   kind      key              owner   json
 *   seek      the seek's id    name    {"id", "owner", "spec", "clock",
 *                                       "rated", "seat", "created_ms",
 *                                       "client", "secret_hash",
 *                                       "sealed"}
 *   seat      a seek's id, or  name    {"table", "seat", "sealed",
 *             "POOL/NAME"               "at_ms"}
 *
 * A seek's owner gets the secret of its future seat at the seek's
 * creation: the store keeps only its hash (for the table's seat row)
 * and the secret sealed with the player token that posted the seek
 * (seal.c), so that this token -- and only it -- reads it back once the
 * seek is accepted ("seat" documents); a copy of the database gives no
 * seat away.  Accepting deletes the seek's document with compare-and-set
 * in the new table's first append: one table per seek, whatever races.
 *
 * Locks: lobby.mu is taken before no table's lock (a table is made with
 * the lobby unlocked, the seek marked "taking" meanwhile); a lobby
 * stream's mu is a leaf.
 */
#ifndef MGS_LOBBY_H
#define MGS_LOBBY_H

#include "place.h"

#define MGS_SEEK_ID_LEN 16 /* 96 random bits, base64url */
#define MGS_POOL_NAME_MAX 32

typedef struct mgs_seek {
    char id[MGS_SEEK_ID_LEN + 1];
    char owner[MGS_NAME_BYTES];
    char to[MGS_NAME_BYTES];   /* a challenge: the one player who sees and
                                * accepts it (or declines it); "": open */
    char client[48];
    char spec[1024];           /* canonical */
    int has_clock;
    int64_t base_ms, inc_ms;
    int rated;
    int seat;                  /* the owner's seat: 0, 1, -1 (random) */
    int64_t created_ms;
    int64_t doc_ms;            /* its document's updated_ms (compare-and-set) */
    int64_t seen_ms;           /* its owner was last seen (stream, request) */
    int owner_streams;         /* its owner's open lobby streams */
    unsigned char secret_hash[MGS_HASH_LEN]; /* the owner's seat secret */
    char *sealed;              /* that secret, sealed with the owner's token */
    int taking;                /* an accept (or its removal) is committing it */
    int pending;               /* being stored: not listed yet */
    int remote;                /* another process's (lobby_sync.c): its
                                * owner's leaving is that one's to see */
    double rating;             /* the owner's rating in its game, or -1 */
} mgs_seek;

/* A player waiting in a pool (memory only: a restart empties the pools;
 * a pairing made is durable, in a "seat" document). */
typedef struct mgs_waiter {
    char player[MGS_NAME_BYTES];
    char client[48];
    int pool;
    double rating;
    int64_t since_ms, seen_ms;
    unsigned char secret_hash[MGS_HASH_LEN];
    char *sealed;
    int taking;
} mgs_waiter;

typedef struct mgs_lstream mgs_lstream;

typedef struct mgs_lobby {
    pthread_mutex_t mu;
    mgs_seek **seeks;          /* open seeks, oldest first */
    int nseeks, seeks_cap;
    mgs_waiter **waiters;      /* pools' waiters, oldest first */
    int nwaiters, waiters_cap;
    mgs_lstream *streams;      /* lobby streams (lobby_stream.c) */
    int nstreams;
    int64_t last_tick_ms;
    uint64_t seeks_made, seeks_accepted, pairings;
} mgs_lobby;

/* A quick-pairing pool (pools.c's table). */
typedef struct mgs_pool {
    const char *name;          /* "dab5-3+2" */
    const char *title;         /* "Dots and Boxes 5x5, 3+2" */
    const char *spec;
    int64_t base_ms, inc_ms;   /* base_ms 0: no clock */
    int rated;
} mgs_pool;
extern const mgs_pool mgs_pools[];
extern const int mgs_npools;

/* lobby.c: the lobby of srv (made, and its seeks restored from the
 * store, at the first call: mg-server calls it at start). */
mgs_lobby *mgs_lobby_of(mgs_srv *srv);
void mgs_lobby_free(mgs_srv *srv);

/* The rating of `player` in the game of `spec` (the ratings' documents:
 * kind "rating", key "FAMILY/NAME", FAMILY the spec's game name, field
 * "rating"): -1 when there is none. */
double mgs_lobby_rating(mgs_srv *srv, const char *spec, const char *player);

/* One new table, of id `id` (mgs_new_table_id, tables.c), for two
 * players: seat k's player players[k], its secret's hash hashes[k]; `creator` the seat the table's "created"
 * event names (the other "joined"); `docs` put or deleted in the same
 * append (the seek's delete, the "seat" documents).  0, or -1
 * with r set: 409 when a document's compare-and-set failed (the seek
 * taken or gone), 503, 429 (the table limits of `client`). */
int mgs_lobby_table(mgs_srv *srv, const char *client, const char *spec,
                    int has_clock, int64_t base_ms, int64_t inc_ms,
                    int rated, const char *const players[2],
                    const unsigned char *const hashes[2], int creator,
                    const mgs_doc_row *docs, int ndocs, const char *id,
                    mgs_result *r);

/* A seat's JSON text {"table","seat","sealed","at_ms"} for a "seat"
 * document (malloc'd), NULL when out of memory. */
char *mgs_lobby_seat_json(const char *table, int seat, const char *sealed,
                          int64_t now);
/* A "seat" document (of `owner`, unless NULL) read back with the token
 * that sealed it: 1 with {"table", "seat", "secret", "at_ms"} in *out
 * ("secret" null when `token` is not the one that sealed it), 0 none,
 * -1 storage. */
int mgs_lobby_seat_read(mgs_srv *srv, const char *key, const char *owner,
                        const char *token, json_t **out);

/* A seek as the API shows it (the lobby locked). */
json_t *mgs_seek_json(const mgs_seek *s);
/* seeks.c (the lobby locked): an event about seek s to the streams that
 * may see it (a challenge: its owner's and its challenged player's). */
void mgs_seek_publish(mgs_lobby *l, const mgs_seek *s, const char *type,
                      const json_t *data);
void mgs_seek_free(mgs_seek *s);

/* lobby.c: a seek from its document's JSON (with "_doc_ms"), NULL
 * when it is not one; one more seek in l (locked): 0, -1 out of memory.
 * seeks.c: seek s out of l's list (l locked; s not freed). */
mgs_seek *mgs_seek_from_json(const json_t *j);
int mgs_lobby_add_seek(mgs_lobby *l, mgs_seek *s);
void mgs_lobby_drop_seek(mgs_lobby *l, mgs_seek *s);

/* lobby_sync.c: the seeks other processes sharing the database posted
 * read in, those deleted there dropped (cluster.c: on a change of
 * documents, and every 2 s). */
void mgs_lobby_sync(mgs_srv *srv);

/* The timer (worker.c), once a second: seeks past --seek-ttl or whose
 * owner left, pools' pairings (their windows widen), heartbeats. */
void mgs_lobby_tick(mgs_srv *srv, int64_t now_ms, int beat);

/* pools.c: pair waiters of a pool whose windows now meet (the lobby
 * locked; it unlocks and locks it again to make a table). */
void mgs_pools_pair(mgs_srv *srv, mgs_lobby *l, int64_t now_ms);

/* lobby_stream.c: GET /api/v1/lobby/events on connection c (http.c);
 * -1 with r set when refused (the cap on watchers, a bad token). */
int mgs_lobby_stream_open(mgs_srv *srv, struct MHD_Connection *c,
                          const char *authorization, mgs_result *r);

/* lobby_stream.c (the lobby locked): an event to every lobby stream
 * (player NULL) or to those of one player. */
void mgs_lobby_publish(mgs_lobby *l, const char *player, const char *type,
                       const json_t *data);
/* A stream's player's seeks are seen (seeks.c's owner_streams). */
int mgs_lobby_streams_of(mgs_lobby *l, const char *player);
void mgs_lobby_heartbeat(mgs_lobby *l);
void mgs_lobby_streams_close(mgs_srv *srv);
/* An "accepted"/"paired" event to `player`'s streams: each stream
 * unseals `sealed` with its own token (lobby locked). */
void mgs_lobby_publish_seat(mgs_lobby *l, const char *player,
                            const char *type, json_t *data,
                            const char *sealed);

/* seeks.c, pools.c: the handlers of place.c's routes */
void mgs_seeks_create(const mgs_place_req *q, mgs_result *r);
void mgs_seeks_list(const mgs_place_req *q, mgs_result *r);
void mgs_seeks_get(const mgs_place_req *q, mgs_result *r);
void mgs_seeks_accept(const mgs_place_req *q, mgs_result *r);
void mgs_seeks_cancel(const mgs_place_req *q, mgs_result *r);
void mgs_pools_list(const mgs_place_req *q, mgs_result *r);
void mgs_pools_join(const mgs_place_req *q, mgs_result *r);
void mgs_pools_leave(const mgs_place_req *q, mgs_result *r);

/* The player token of an Authorization header ("Bearer TOKEN"), or
 * NULL. */
const char *mgs_bearer(const char *authorization);

#endif /* MGS_LOBBY_H */
