/*
 * glicko2.c - the Glicko-2 rating system (glicko2.h): Glickman's steps
 * 2-8, the volatility by the Illinois algorithm of his 2013 example.
 */
#include "glicko2.h"

#include <math.h>
#include <stddef.h>

#define SCALE 173.7178   /* Glicko <-> Glicko-2 */
#define EPSILON 0.000001 /* the volatility's convergence tolerance */
#define MAX_STEPS 200    /* a bound on both searches of step 5 */

static const double pi = 3.14159265358979323846;

mgs_glicko mgs_glicko_new(void)
{
    mgs_glicko g;
    g.rating = MGS_GLICKO_RATING;
    g.rd = MGS_GLICKO_RD;
    g.vol = MGS_GLICKO_VOL;
    return g;
}

/* g(phi) and E(mu, mu_j, phi_j) of step 3 */
static double g_of(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (pi * pi));
}

static double e_of(double mu, double mu_j, double phi_j)
{
    return 1.0 / (1.0 + exp(-g_of(phi_j) * (mu - mu_j)));
}

static int valid(const mgs_glicko *p)
{
    return p && isfinite(p->rating) && isfinite(p->rd) && isfinite(p->vol) &&
           p->rd > 0 && p->vol > 0;
}

/* f(x) of step 5 */
typedef struct vol_fn {
    double delta2, phi2, v, a, tau2;
} vol_fn;

static double f_of(const vol_fn *f, double x)
{
    double ex = exp(x), d = f->phi2 + f->v + ex;
    return ex * (f->delta2 - f->phi2 - f->v - ex) / (2.0 * d * d) -
           (x - f->a) / f->tau2;
}

/* Step 5: the new volatility. */
static double new_volatility(double sigma, double phi, double v,
                             double delta, double tau)
{
    vol_fn f;
    double A, B, fA, fB;
    int k;
    f.delta2 = delta * delta;
    f.phi2 = phi * phi;
    f.v = v;
    f.a = log(sigma * sigma);
    f.tau2 = tau * tau;
    A = f.a;
    if (f.delta2 > f.phi2 + v) {
        B = log(f.delta2 - f.phi2 - v);
    } else {
        for (k = 1; k < MAX_STEPS && f_of(&f, f.a - k * tau) < 0; k++)
            ;
        B = f.a - k * tau;
    }
    fA = f_of(&f, A);
    fB = f_of(&f, B);
    for (k = 0; k < MAX_STEPS && fabs(B - A) > EPSILON; k++) {
        double C = A + (A - B) * fA / (fB - fA), fC = f_of(&f, C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2.0;
        }
        B = C;
        fB = fC;
    }
    return exp(A / 2.0);
}

static double clamp_rd(double rd)
{
    return rd < MGS_GLICKO_RD_MIN ? MGS_GLICKO_RD_MIN
           : rd > MGS_GLICKO_RD   ? MGS_GLICKO_RD
                                  : rd;
}

int mgs_glicko_update(const mgs_glicko *player, const mgs_glicko_game *games,
                      int n, double tau, int clamp, mgs_glicko *out)
{
    double mu, phi, sum_v = 0, sum_d = 0, v, delta, sigma, phi_star, phi_new;
    int i;
    if (!valid(player) || !out || n < 0 || (n > 0 && !games) ||
        !isfinite(tau) || tau <= 0)
        return -1;
    for (i = 0; i < n; i++)
        if (!isfinite(games[i].rating) || !isfinite(games[i].rd) ||
            games[i].rd <= 0 || !(games[i].score >= 0 && games[i].score <= 1))
            return -1;
    /* step 2 */
    mu = (player->rating - MGS_GLICKO_RATING) / SCALE;
    phi = player->rd / SCALE;
    if (n == 0) {
        /* step 6 alone: only the deviation grows */
        out->rating = player->rating;
        out->vol = player->vol;
        out->rd = SCALE * sqrt(phi * phi + player->vol * player->vol);
        if (clamp)
            out->rd = clamp_rd(out->rd);
        return 0;
    }
    /* steps 3 and 4 */
    for (i = 0; i < n; i++) {
        double mu_j = (games[i].rating - MGS_GLICKO_RATING) / SCALE;
        double phi_j = games[i].rd / SCALE, g = g_of(phi_j);
        double e = e_of(mu, mu_j, phi_j);
        sum_v += g * g * e * (1.0 - e);
        sum_d += g * (games[i].score - e);
    }
    v = 1.0 / sum_v;
    delta = v * sum_d;
    /* steps 5 - 7 */
    sigma = new_volatility(player->vol, phi, v, delta, tau);
    phi_star = sqrt(phi * phi + sigma * sigma);
    phi_new = 1.0 / sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    /* step 8 */
    out->rating = SCALE * (mu + phi_new * phi_new * sum_d) + MGS_GLICKO_RATING;
    out->rd = SCALE * phi_new;
    out->vol = sigma;
    if (clamp)
        out->rd = clamp_rd(out->rd);
    return 0;
}

double mgs_glicko_idle_rd(const mgs_glicko *player, double periods)
{
    double phi, rd;
    if (!valid(player))
        return MGS_GLICKO_RD;
    if (!(periods > 0))
        return player->rd;
    phi = player->rd / SCALE;
    rd = SCALE * sqrt(phi * phi + periods * player->vol * player->vol);
    return rd > MGS_GLICKO_RD ? MGS_GLICKO_RD : rd;
}

int mgs_glicko_provisional(const mgs_glicko *player)
{
    return !valid(player) || player->rd > MGS_GLICKO_PROVISIONAL;
}

double mgs_glicko_expected(const mgs_glicko *a, const mgs_glicko *b)
{
    double phi_a, phi_b;
    if (!valid(a) || !valid(b))
        return 0.5;
    phi_a = a->rd / SCALE;
    phi_b = b->rd / SCALE;
    return e_of((a->rating - MGS_GLICKO_RATING) / SCALE,
                (b->rating - MGS_GLICKO_RATING) / SCALE,
                sqrt(phi_a * phi_a + phi_b * phi_b));
}
