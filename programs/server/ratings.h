/*
 * ratings.h - players' ratings and games (ratings.c: what a game's end
 * writes; rated.c: the player's page, games list and leaderboards).
 * Documents (place.h):
 *
 *   kind     key                owner  rank     json
 *   rating   FAMILY/NAME        NAME   rating   {"family", "name",
 *            "rating", "rd", "volatility" (exact), "games", "wins",
 *            "losses", "draws", "last_ms", "last_table"}
 *   family   FAMILY             ""     games    {"family", "players",
 *                                               "games", "last_ms"}
 *   game     NAME/TABLE         NAME   time     {"table", "spec", "seat",
 *            "status", "started_ms", "rated", "family" (create.c, when
 *            the player sits down); at the end also "result" (win, loss,
 *            draw; null when aborted), "how", "ended_ms", "opponent",
 *            "game", and when rated and over "rating_before",
 *            "rating_after", "rating_change"}
 */
#ifndef MGS_RATINGS_H
#define MGS_RATINGS_H

#include "glicko2.h"
#include "place.h"

/* One rating period: a day.  A rating's deviation grows by one period's
 * volatility for every day without a rated game of its family. */
#define MGS_RATING_PERIOD_MS (24LL * 3600 * 1000)
/* Dots and Boxes families by the number of lines (action ids): up to a
 * 3 x 3 board's 24 small, up to a 5 x 5 board's 60 medium, else large. */
#define MGS_FAMILY_SMALL_LINES 24
#define MGS_FAMILY_MEDIUM_LINES 60
#define MGS_FAMILY_MAX 64

/* A game's rating family (see doc/server-api.md, "Ratings"). */
void mgs_rating_family(const mg_game *g, char *out, size_t cap);

/* A rating as stored (exists 0: none yet, a new player's). */
typedef struct mgs_rating {
    int exists;
    mgs_glicko g;
    int64_t games, wins, losses, draws, last_ms;
} mgs_rating;

/* A rating document's JSON (NULL: none) read into r. */
void mgs_rating_read(const json_t *j, mgs_rating *r);
/* Its deviation now, grown over the days since its last game. */
double mgs_rating_rd_now(const mgs_rating *r, int64_t now_ms);
/* As the API shows it: {"rating", "rd" (now), "volatility", "games",
 * "wins", "losses", "draws", "provisional", "last_ms"}. */
json_t *mgs_rating_public(const mgs_rating *r, int64_t now_ms);

/* The documents a game's end writes. */
#define MGS_END_DOCS_MAX 5
typedef struct mgs_end_docs {
    mgs_doc_row row[MGS_END_DOCS_MAX];
    char key[MGS_END_DOCS_MAX][MGS_DOC_KEY_MAX + 1];
    char owner[MGS_END_DOCS_MAX][MGS_NAME_BYTES];
    char *text[MGS_END_DOCS_MAX];
    int nd;
    json_t *ratings; /* the end event's "ratings", or NULL (not rated) */
} mgs_end_docs;

/* t (locked) has just ended (over or aborted) at `now`: the documents
 * of its players (none when no player sits there) and, when it is rated
 * and over, the ratings (e->ratings), read from the store as they are
 * now.  0, or -1 (storage failed, out of memory) with e empty. */
int mgs_end_docs_make(mgs_srv *srv, mgs_table *t, int64_t now,
                      mgs_end_docs *e);
void mgs_end_docs_free(mgs_end_docs *e);

#endif /* MGS_RATINGS_H */
