/*
 * rating.c - maximum-likelihood Elo ratings (rating.h).
 *
 * The model: engine i scores against j with probability
 * p_ij = 1 / (1 + exp(t_j - t_i)), a game's points (1, 1/2, 0) counted as
 * a binomial trial; Elo = t * 400 / ln 10.  The log-likelihood
 *   L = sum_{i<j} s_ij log p_ij + (n_ij - s_ij) log(1 - p_ij)
 * is concave; Newton's method from 0 with one rating held at 0 finds its
 * maximum, where each engine's expected score equals its real one.  The
 * covariance of the ratings relative to the anchor is the inverse of the
 * observed information with the anchor's row and column removed.  With
 * draws a game's score varies less than a binomial trial's, so the
 * intervals are then conservative (wider than need be).
 */
#include "rating.h"

#include <math.h>
#include <string.h>

#define ELO_PER_NAT (400.0 / 2.302585092994046)
#define Z95 1.959963984540054

int rating_finite(int n, const double *score, const double *games)
{
    int reach[RATING_MAX][RATING_MAX], i, j, k;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            reach[i][j] = i == j || (games[i * n + j] > 0 &&
                                     score[i * n + j] > 0);
    for (k = 0; k < n; k++)
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                if (reach[i][k] && reach[k][j])
                    reach[i][j] = 1;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (!reach[i][j])
                return 0;
    return 1;
}

/* Solve a x = b (m unknowns, a row-major m x m) by Gaussian elimination
 * with partial pivoting; a and b are overwritten.  0, or -1 singular. */
static int solve(int m, double *a, double *b, double *x)
{
    int i, j, k;
    for (k = 0; k < m; k++) {
        int p = k;
        double t;
        for (i = k + 1; i < m; i++)
            if (fabs(a[i * m + k]) > fabs(a[p * m + k]))
                p = i;
        if (fabs(a[p * m + k]) < 1e-300)
            return -1;
        if (p != k) {
            for (j = 0; j < m; j++) {
                t = a[k * m + j];
                a[k * m + j] = a[p * m + j];
                a[p * m + j] = t;
            }
            t = b[k];
            b[k] = b[p];
            b[p] = t;
        }
        for (i = k + 1; i < m; i++) {
            double f = a[i * m + k] / a[k * m + k];
            for (j = k; j < m; j++)
                a[i * m + j] -= f * a[k * m + j];
            b[i] -= f * b[k];
        }
    }
    for (i = m - 1; i >= 0; i--) {
        double s = b[i];
        for (j = i + 1; j < m; j++)
            s -= a[i * m + j] * x[j];
        x[i] = s / a[i * m + i];
    }
    return 0;
}

/* The observed information (minus the Hessian) without the anchor's row
 * and column, and the gradient without the anchor's entry. */
static void information(int n, const double *s, const double *g,
                        const double *t, int anchor, double *info,
                        double *grad)
{
    int i, j, m = n - 1, ri, rj;
    memset(info, 0, sizeof(double) * (size_t)(m * m));
    for (i = 0; i < n; i++) {
        double gi = 0, hii = 0;
        ri = i - (i > anchor);
        for (j = 0; j < n; j++) {
            double p, w;
            if (j == i || g[i * n + j] <= 0)
                continue;
            p = 1.0 / (1.0 + exp(t[j] - t[i]));
            w = g[i * n + j] * p * (1 - p);
            gi += s[i * n + j] - g[i * n + j] * p;
            hii += w;
            rj = j - (j > anchor);
            if (i != anchor && j != anchor)
                info[ri * m + rj] = -w;
        }
        if (i != anchor) {
            info[ri * m + ri] = hii;
            grad[ri] = gi;
        }
    }
}

int rating_compute(int n, const double *score, const double *games,
                   double prior, rating_fit *out)
{
    double s[RATING_MAX * RATING_MAX], g[RATING_MAX * RATING_MAX];
    double t[RATING_MAX] = {0}, info[RATING_MAX * RATING_MAX];
    double grad[RATING_MAX], dx[RATING_MAX];
    int i, j, it, m = n - 1, weakest = 0;
    double step = 1;
    if (n < 2 || n > RATING_MAX || !score || !games || !out || prior < 0)
        return -2;
    memset(out, 0, sizeof *out);
    out->prior = prior;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double gij = i == j ? 0 : games[i * n + j];
            if (gij < 0 || score[i * n + j] < 0 ||
                (i != j && score[i * n + j] > gij) ||
                gij != (i == j ? 0 : games[j * n + i]))
                return -2;
            s[i * n + j] = i == j ? 0 : score[i * n + j] + (gij > 0) * prior / 2;
            g[i * n + j] = gij + (gij > 0) * prior;
        }
    if (!rating_finite(n, s, g))
        return -1;
    for (it = 1; it <= 500 && step >= 1e-12; it++) {
        step = 0;
        information(n, s, g, t, 0, info, grad);
        if (solve(m, info, grad, dx) != 0)
            return -1;
        for (i = 0; i < m; i++)
            if (fabs(dx[i]) > step)
                step = fabs(dx[i]);
        for (i = 0; i < m; i++) /* at most 2 nats (~350 Elo) a step */
            t[i + 1] += step > 2 ? dx[i] * 2 / step : dx[i];
        out->iterations = it;
    }
    if (step > 1e-6) /* not converged: never seen on finite data */
        return -1;
    for (i = 1; i < n; i++)
        if (t[i] < t[weakest])
            weakest = i;
    for (i = 0; i < n; i++)
        out->elo[i] = (t[i] - t[weakest]) * ELO_PER_NAT;
    out->elo[weakest] = 0;
    out->anchor = weakest;
    /* the covariance relative to the weakest: the information's inverse,
     * column by column */
    for (j = 0; j < m; j++) {
        double a[RATING_MAX * RATING_MAX], e[RATING_MAX], col[RATING_MAX];
        int k = j + (j >= weakest);
        information(n, s, g, t, weakest, a, grad);
        for (i = 0; i < m; i++)
            e[i] = i == j;
        if (solve(m, a, e, col) != 0 || !(col[j] > 0))
            return -1;
        out->se[k] = sqrt(col[j]) * ELO_PER_NAT;
        out->half[k] = Z95 * out->se[k];
    }
    return 0;
}
