/*
 * stats.h - the numbers of a match: score rate, its Wilson interval, Elo
 * differences (with infinite values for a score of 0 or 1), and the
 * sequential probability ratio test on game pairs (the pentanomial
 * model, as fastchess and fishtest use it).
 */
#ifndef TOOLS_STATS_H
#define TOOLS_STATS_H

/* Pair results of one engine, by its points in the pair (loss 0, draw
 * 1/2, win 1): LL 0, LD 1/2, WL and DD 1, WD 3/2, WW 2. */
enum { P_LL, P_LD, P_WL, P_DD, P_WD, P_WW, P_BINS };

/* The Wilson score interval of a proportion p over n trials, z = 1.96,
 * always containing p (lo <= p <= hi, lo = 0 at p = 0, hi = 1 at p = 1). */
void stats_wilson(double p, double n, double *lo, double *hi);

/* The Elo difference of a score rate: -400 log10(1/p - 1); -INFINITY at
 * p <= 0 and +INFINITY at p >= 1. */
double stats_elo(double p);

/* An Elo difference as text: "+35", "-120", "0", "+inf", "-inf". */
const char *stats_elo_text(double elo, char *buf, unsigned cap);

/* Likelihood of superiority from wins and losses (normal
 * approximation): 0.5 with neither. */
double stats_los(double wins, double losses);

/* The two-sided 95% quantile of Student's t with df degrees of freedom
 * (df >= 1). */
double stats_t95(double df);

/* The mean of x[0..n-1] and the half width of its 95% interval (Student's
 * t with n - 1 degrees of freedom); a width of 0 for n < 2. */
void stats_mean_interval(const double *x, unsigned long n, double *mean,
                         double *half);

#define SPRT_LOGISTIC 0
#define SPRT_NORMALIZED 1

typedef struct {
    double elo0, elo1, alpha, beta;
    int model;          /* SPRT_LOGISTIC or SPRT_NORMALIZED */
    double lower, upper; /* log(beta/(1-alpha)), log((1-beta)/alpha) */
} sprt_test;

/* Set the bounds; 0, or -1 when the parameters make no test. */
int sprt_init(sprt_test *t, double elo0, double elo1, double alpha,
              double beta, int model);

/* The generalised log-likelihood ratio of H1 (elo1) against H0 (elo0)
 * for the pair counts (P_ bins), each empty bin counted as 0.001. */
double sprt_llr(const sprt_test *t, const long penta[P_BINS]);

/* 1 H1 accepted, -1 H0 accepted, 0 go on. */
int sprt_decide(const sprt_test *t, double llr);

#endif
