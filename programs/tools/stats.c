/*
 * stats.c - score rates, Elo, and the pentanomial SPRT (see stats.h).
 *
 * The LLR is the generalised SPRT of M. Van den Bergh ("Comments on
 * Normalized Elo", 2020) on the five pair outcomes: the log-likelihood of
 * the maximum-likelihood distribution of pair scores with the mean
 * (logistic) or the normalised mean (normalized) of H1, minus that of
 * H0, both estimated from the observed frequencies (proposition 1.1 and
 * section 4.1 of that paper).  The roots are found by bisection.
 */
#define _POSIX_C_SOURCE 200809L
#include "stats.h"

#include <math.h>
#include <stdio.h>

void stats_wilson(double p, double n, double *lo, double *hi)
{
    const double z = 1.959963984540054, z2 = z * z;
    double denom, centre, half;
    if (n <= 0) {
        *lo = 0.0;
        *hi = 1.0;
        return;
    }
    denom = 1.0 + z2 / n;
    centre = (p + z2 / (2.0 * n)) / denom;
    half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
    *lo = centre - half;
    *hi = centre + half;
    /* the exact interval holds p; rounding must not push it out */
    if (*lo > p || p <= 0.0)
        *lo = p <= 0.0 ? 0.0 : p;
    if (*hi < p || p >= 1.0)
        *hi = p >= 1.0 ? 1.0 : p;
    if (*lo < 0.0)
        *lo = 0.0;
    if (*hi > 1.0)
        *hi = 1.0;
}

double stats_elo(double p)
{
    if (p <= 0.0)
        return -INFINITY;
    if (p >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

const char *stats_elo_text(double elo, char *buf, unsigned cap)
{
    if (isinf(elo))
        return elo > 0 ? "+inf" : "-inf";
    if (elo > -0.5 && elo < 0.5)
        return "0";
    snprintf(buf, cap, "%+.0f", elo);
    return buf;
}

double stats_los(double wins, double losses)
{
    if (wins + losses <= 0)
        return 0.5;
    return 0.5 * (1.0 + erf((wins - losses) / sqrt(2.0 * (wins + losses))));
}

int sprt_init(sprt_test *t, double elo0, double elo1, double alpha,
              double beta, int model)
{
    if (!(elo0 < elo1) || !(alpha > 0 && alpha < 1) ||
        !(beta > 0 && beta < 1) || alpha + beta >= 1)
        return -1;
    t->elo0 = elo0;
    t->elo1 = elo1;
    t->alpha = alpha;
    t->beta = beta;
    t->model = model;
    t->lower = log(beta / (1.0 - alpha));
    t->upper = log((1.0 - beta) / alpha);
    return 0;
}

/* Pair scores, normalised to 0 .. 1, of the five outcomes. */
static const double score[5] = {0.0, 0.25, 0.5, 0.75, 1.0};

/* The root of f(x) = sum p_i phi_i / (1 + x phi_i) on (-1/max, -1/min). */
static double solve(const double p[5], const double phi[5])
{
    double mn = phi[0], mx = phi[0], a, b;
    int i, it;
    for (i = 1; i < 5; i++) {
        mn = phi[i] < mn ? phi[i] : mn;
        mx = phi[i] > mx ? phi[i] : mx;
    }
    if (mn >= 0 || mx <= 0)
        return 0.0; /* every phi of one sign: no interior root */
    a = -1.0 / mx;
    b = -1.0 / mn;
    for (it = 0; it < 200; it++) {
        double x = 0.5 * (a + b), f = 0.0;
        for (i = 0; i < 5; i++)
            f += p[i] * phi[i] / (1.0 + x * phi[i]);
        if (f > 0)
            a = x; /* f decreases in x */
        else
            b = x;
    }
    return 0.5 * (a + b);
}

/* The maximum-likelihood distribution with mean s (logistic). */
static void mle_mean(const double p[5], double s, double out[5])
{
    double phi[5], th;
    int i;
    for (i = 0; i < 5; i++)
        phi[i] = score[i] - s;
    th = solve(p, phi);
    for (i = 0; i < 5; i++)
        out[i] = p[i] / (1.0 + th * phi[i]);
}

/* The maximum-likelihood distribution with (mu - 1/2) / sigma = t. */
static void mle_normalized(const double p[5], double t, double out[5])
{
    int i, it;
    for (i = 0; i < 5; i++)
        out[i] = 0.2;
    for (it = 0; it < 20; it++) {
        double mu = 0, var = 0, sigma, phi[5], th, diff = 0;
        for (i = 0; i < 5; i++)
            mu += out[i] * score[i];
        for (i = 0; i < 5; i++)
            var += out[i] * (score[i] - mu) * (score[i] - mu);
        sigma = sqrt(var);
        for (i = 0; i < 5; i++) {
            double d = (score[i] - mu) / sigma;
            phi[i] = score[i] - 0.5 - 0.5 * t * sigma * (1.0 + d * d);
        }
        th = solve(p, phi);
        for (i = 0; i < 5; i++) {
            double q = p[i] / (1.0 + th * phi[i]);
            diff = fabs(q - out[i]) > diff ? fabs(q - out[i]) : diff;
            out[i] = q;
        }
        if (diff < 1e-9)
            break;
    }
}

double sprt_llr(const sprt_test *t, const long penta[P_BINS])
{
    double n[5], total = 0, p[5], p0[5], p1[5], llr = 0;
    long pairs = 0;
    int i;
    for (i = 0; i < P_BINS; i++)
        pairs += penta[i];
    if (pairs == 0)
        return 0.0;
    n[0] = (double)penta[P_LL];
    n[1] = (double)penta[P_LD];
    n[2] = (double)(penta[P_WL] + penta[P_DD]);
    n[3] = (double)penta[P_WD];
    n[4] = (double)penta[P_WW];
    for (i = 0; i < 5; i++) {
        if (n[i] == 0)
            n[i] = 1e-3;
        total += n[i];
    }
    for (i = 0; i < 5; i++)
        p[i] = n[i] / total;
    if (t->model == SPRT_NORMALIZED) {
        const double k = 800.0 / log(10.0);
        mle_normalized(p, sqrt(2.0) * t->elo0 / k, p0);
        mle_normalized(p, sqrt(2.0) * t->elo1 / k, p1);
    } else {
        mle_mean(p, 1.0 / (1.0 + pow(10.0, -t->elo0 / 400.0)), p0);
        mle_mean(p, 1.0 / (1.0 + pow(10.0, -t->elo1 / 400.0)), p1);
    }
    for (i = 0; i < 5; i++)
        llr += p[i] * (log(p1[i]) - log(p0[i]));
    return total * llr;
}

int sprt_decide(const sprt_test *t, double llr)
{
    if (llr >= t->upper)
        return 1;
    if (llr <= t->lower)
        return -1;
    return 0;
}

/* The two-sided 95% quantile of Student's t with df degrees of freedom:
 * the table's values up to 5, then the Cornish-Fisher expansion (within
 * 0.1% of the table from df 6 on, tending to the normal 1.96). */
double stats_t95(double df)
{
    static const double table[5] = {12.706205, 4.302653, 3.182446,
                                    2.776445, 2.570582};
    double z = 1.959963984540054, z2 = z * z, z3 = z2 * z, z5 = z3 * z2;
    if (df < 5.5)
        return table[df < 1.5 ? 0 : (int)(df + 0.5) - 1];
    return z + (z3 + z) / (4 * df) +
           (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df) +
           (3 * z5 * z2 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df * df * df);
}

void stats_mean_interval(const double *x, unsigned long n, double *mean,
                         double *half)
{
    double s = 0, ss = 0;
    unsigned long i;
    for (i = 0; i < n; i++)
        s += x[i];
    *mean = n ? s / (double)n : 0;
    for (i = 0; i < n; i++)
        ss += (x[i] - *mean) * (x[i] - *mean);
    *half = n < 2 ? 0
                  : stats_t95((double)n - 1) * sqrt(ss / ((double)n - 1)) /
                        sqrt((double)n);
}
