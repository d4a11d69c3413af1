/*
 * rating.h - maximum-likelihood Elo ratings of a round robin (or any set
 * of pairings): the Bradley-Terry model on the score (a draw half a win),
 * solved by Newton's method, with 95% intervals from the observed
 * information, the weakest engine anchored at 0.
 */
#ifndef TOOLS_RATING_H
#define TOOLS_RATING_H

#define RATING_MAX 16

typedef struct {
    double elo[RATING_MAX];  /* the weakest 0 */
    double half[RATING_MAX]; /* the 95% interval is elo +- half (0 for the
                                anchor: the others are relative to it) */
    double se[RATING_MAX];   /* standard errors, in Elo */
    int anchor;              /* the weakest engine */
    double prior;            /* virtual draws added to each pairing played */
    int iterations;
} rating_fit;

/* Fit the ratings of n engines (2 <= n <= RATING_MAX) from score[i*n+j],
 * the points i scored against j (a win 1, a draw 1/2), and games[i*n+j]
 * = games[j*n+i], the games they played.  prior virtual draws are added
 * to every pairing with games (0: the plain maximum likelihood).
 * 0 fitted; -1 when the maximum-likelihood ratings are not finite (an
 * engine or a group scored every point, or no point, against the rest:
 * a prior > 0 fixes that) or the pairings do not connect every engine;
 * -2 bad arguments. */
int rating_compute(int n, const double *score, const double *games,
                   double prior, rating_fit *out);

/* 1 when every engine is connected to every other through pairings in
 * which each side scored a point or half a point (the condition for
 * finite maximum-likelihood ratings). */
int rating_finite(int n, const double *score, const double *games);

#endif
