/*
 * glicko2.h - the Glicko-2 rating system (Mark E. Glickman, "Example of
 * the Glicko-2 system", Boston University, 2013 revision; the volatility
 * found by the Illinois variant of regula falsi given there), as
 * mg-server's ratings use it: one rating per player and per game family,
 * updated after each rated game.
 *
 * Ratings are on the Glicko scale (a new player: 1500, deviation 350,
 * volatility 0.06).  The arithmetic is the paper's, steps 2-8, on the
 * Glicko-2 scale (mu = (r - 1500) / 173.7178, phi = RD / 173.7178).
 * Nothing here allocates, locks or keeps state: every function is pure.
 */
#ifndef MGS_GLICKO2_H
#define MGS_GLICKO2_H

#define MGS_GLICKO_RATING 1500.0   /* a new player's rating */
#define MGS_GLICKO_RD 350.0        /* ... deviation (also the largest) */
#define MGS_GLICKO_VOL 0.06        /* ... volatility */
#define MGS_GLICKO_TAU 0.5         /* the system constant tau */
#define MGS_GLICKO_RD_MIN 45.0     /* the deviation never falls below */
#define MGS_GLICKO_PROVISIONAL 110.0 /* RD above this: "provisional" */

typedef struct mgs_glicko {
    double rating; /* Glicko scale, 1500 for a new player */
    double rd;     /* rating deviation */
    double vol;    /* volatility sigma */
} mgs_glicko;

/* One game of a rating period: the opponent's rating and deviation
 * before the period, and the score (1 win, 0.5 draw, 0 loss). */
typedef struct mgs_glicko_game {
    double rating, rd;
    double score;
} mgs_glicko_game;

/* A new player's rating (1500, 350, 0.06). */
mgs_glicko mgs_glicko_new(void);

/* The rating after one rating period with n games (n may be 0: only the
 * deviation grows, step 6).  tau: the system constant (0.3 .. 1.2 in the
 * paper; MGS_GLICKO_TAU).  The deviation is kept within
 * [MGS_GLICKO_RD_MIN, MGS_GLICKO_RD] unless the caller's own is outside;
 * pass clamp = 0 for the paper's numbers unchanged.  Returns 0, or -1
 * when an argument is out of its domain (NULL with n > 0, a deviation
 * or volatility <= 0, a score outside [0, 1], a value not finite, tau
 * <= 0), leaving *out unchanged. */
int mgs_glicko_update(const mgs_glicko *player, const mgs_glicko_game *games,
                      int n, double tau, int clamp, mgs_glicko *out);

/* The deviation after `periods` rating periods without a game
 * (sqrt(phi^2 + periods * sigma^2), step 6 repeated; periods may be a
 * fraction, as when a period is a span of time), at most MGS_GLICKO_RD. */
double mgs_glicko_idle_rd(const mgs_glicko *player, double periods);

/* 1 when the rating is provisional (its deviation above
 * MGS_GLICKO_PROVISIONAL). */
int mgs_glicko_provisional(const mgs_glicko *player);

/* The expected score of a against b (Glicko-2's E with b's deviation
 * and a's too, as the paper's g(sqrt(phi_a^2 + phi_b^2))): what the page
 * may show before a game. */
double mgs_glicko_expected(const mgs_glicko *a, const mgs_glicko *b);

#endif /* MGS_GLICKO2_H */
