/*
 * check_glicko2.c - mg-server's Glicko-2 arithmetic (programs/server/
 * glicko2.c) against Glickman's worked example ("Example of the Glicko-2
 * system", 2013: a 1500/200/0.06 player meets 1400/30 (wins), 1550/100
 * and 1700/300 (loses both); tau 0.5 -> 1464.06, 151.52, 0.05999), and
 * against an independent model written here from the paper's formulas
 * with another root finder for the volatility (bisection on f), on
 * random players and periods.  Check, through pkg-config (make
 * server-check).
 */
#include "glicko2.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* ------------------------------------------------- the independent model */

#define M_SCALE 173.7178

typedef struct model_game {
    double r, rd, s;
} model_game;

static double m_g(double phi)
{
    return 1.0 / sqrt(1.0 + 3.0 * phi * phi / (3.14159265358979323846 *
                                               3.14159265358979323846));
}

static double m_f(double x, double d2, double p2, double v, double a,
                  double tau)
{
    double ex = exp(x);
    return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) * (p2 + v + ex)) -
           (x - a) / (tau * tau);
}

/* f is decreasing: bisection between a bracket found by widening. */
static double m_sigma(double sigma, double phi, double v, double delta,
                      double tau)
{
    double a = log(sigma * sigma), lo = a - 1, hi = a + 1;
    double d2 = delta * delta, p2 = phi * phi;
    int i;
    while (m_f(lo, d2, p2, v, a, tau) < 0)
        lo -= 1;
    while (m_f(hi, d2, p2, v, a, tau) > 0)
        hi += 1;
    for (i = 0; i < 200; i++) {
        double mid = (lo + hi) / 2;
        if (m_f(mid, d2, p2, v, a, tau) > 0)
            lo = mid;
        else
            hi = mid;
    }
    return exp((lo + hi) / 4);
}

static void model(double r, double rd, double vol, const model_game *gs,
                  int n, double tau, double *r2, double *rd2, double *vol2)
{
    double mu = (r - 1500) / M_SCALE, phi = rd / M_SCALE, v = 0, d = 0;
    double sig, ps, pn;
    int j;
    for (j = 0; j < n; j++) {
        double muj = (gs[j].r - 1500) / M_SCALE, phj = gs[j].rd / M_SCALE;
        double e = 1.0 / (1.0 + exp(-m_g(phj) * (mu - muj)));
        v += m_g(phj) * m_g(phj) * e * (1 - e);
        d += m_g(phj) * (gs[j].s - e);
    }
    v = 1 / v;
    sig = m_sigma(vol, phi, v, v * d, tau);
    ps = sqrt(phi * phi + sig * sig);
    pn = 1 / sqrt(1 / (ps * ps) + 1 / v);
    *r2 = M_SCALE * (mu + pn * pn * d) + 1500;
    *rd2 = M_SCALE * pn;
    *vol2 = sig;
}

static uint64_t rng = 0x676c69636b6f32ULL;

static double uniform(double lo, double hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

/* ----------------------------------------------------------------- tests */

START_TEST(glickman_example)
{
    mgs_glicko p = {1500, 200, 0.06}, out;
    mgs_glicko_game g[3] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    ck_assert_int_eq(mgs_glicko_update(&p, g, 3, 0.5, 0, &out), 0);
    /* the paper's figures: it rounds mu' to -0.2069 before step 8, so
     * its 1464.06 is 173.7178 * -0.2069 + 1500; unrounded the rating is
     * 1464.0507 (as other implementations of the paper print) */
    ck_assert_double_eq_tol(out.rating, 1464.06, 0.01);
    ck_assert_double_eq_tol(out.rating, 1464.0507, 0.0001);
    ck_assert_double_eq_tol(out.rd, 151.52, 0.005);
    ck_assert_double_eq_tol(out.rd, 151.5165, 0.0001);
    ck_assert_double_eq_tol(out.vol, 0.05999, 0.00001);
    ck_assert_double_eq_tol(out.vol, 0.0599960, 0.0000001);
    /* its Glicko-2 scale values: mu' = -0.2069, phi' = 0.8722 */
    ck_assert_double_eq_tol((out.rating - 1500) / 173.7178, -0.2069, 0.00005);
    ck_assert_double_eq_tol(out.rd / 173.7178, 0.8722, 0.00005);
    /* clamping changes nothing here (151.52 is within 45 .. 350) */
    {
        mgs_glicko c;
        ck_assert_int_eq(mgs_glicko_update(&p, g, 3, 0.5, 1, &c), 0);
        ck_assert_double_eq(c.rd, out.rd);
        ck_assert_double_eq(c.rating, out.rating);
    }
}
END_TEST

START_TEST(against_model)
{
    int t;
    for (t = 0; t < 2000; t++) {
        mgs_glicko p, out;
        mgs_glicko_game g[8];
        model_game mg[8];
        double r2, rd2, vol2, tau = uniform(0.3, 1.2);
        int n = 1 + (int)uniform(0, 8), j;
        p.rating = uniform(600, 2600);
        p.rd = uniform(30, 350);
        p.vol = uniform(0.03, 0.12);
        for (j = 0; j < n; j++) {
            mg[j].r = g[j].rating = uniform(600, 2600);
            mg[j].rd = g[j].rd = uniform(30, 350);
            mg[j].s = g[j].score = (double)((int)uniform(0, 3)) / 2;
        }
        ck_assert_int_eq(mgs_glicko_update(&p, g, n, tau, 0, &out), 0);
        model(p.rating, p.rd, p.vol, mg, n, tau, &r2, &rd2, &vol2);
        ck_assert_msg(fabs(out.rating - r2) < 1e-3 && fabs(out.rd - rd2) < 1e-3 &&
                          fabs(out.vol - vol2) < 1e-6,
                      "case %d: %.6f %.6f %.8f, model %.6f %.6f %.8f", t,
                      out.rating, out.rd, out.vol, r2, rd2, vol2);
    }
}
END_TEST

START_TEST(no_game_period)
{
    mgs_glicko p = {1500, 200, 0.06}, out;
    double want = sqrt(200.0 * 200.0 + (0.06 * 173.7178) * (0.06 * 173.7178));
    ck_assert_int_eq(mgs_glicko_update(&p, NULL, 0, 0.5, 0, &out), 0);
    ck_assert_double_eq(out.rating, 1500);
    ck_assert_double_eq(out.vol, 0.06);
    ck_assert_double_eq_tol(out.rd, want, 1e-9);
    ck_assert_double_eq_tol(mgs_glicko_idle_rd(&p, 1), want, 1e-9);
    ck_assert_double_eq_tol(mgs_glicko_idle_rd(&p, 2.5),
                            sqrt(200.0 * 200.0 + 2.5 * (0.06 * 173.7178) *
                                                     (0.06 * 173.7178)),
                            1e-9);
    ck_assert_double_eq(mgs_glicko_idle_rd(&p, 0), 200);
    ck_assert_double_eq(mgs_glicko_idle_rd(&p, 1e9), MGS_GLICKO_RD);
}
END_TEST

START_TEST(win_and_loss_mirror)
{
    /* equal players, equal deviations: the winner gains what the loser
     * loses, and a draw changes neither rating */
    mgs_glicko a = {1620, 80, 0.06}, b = {1620, 80, 0.06}, a2, b2;
    mgs_glicko_game ga = {1620, 80, 1}, gb = {1620, 80, 0};
    ck_assert_int_eq(mgs_glicko_update(&a, &ga, 1, 0.5, 1, &a2), 0);
    ck_assert_int_eq(mgs_glicko_update(&b, &gb, 1, 0.5, 1, &b2), 0);
    ck_assert(a2.rating > 1620 && b2.rating < 1620);
    ck_assert_double_eq_tol(a2.rating - 1620, 1620 - b2.rating, 1e-9);
    ck_assert_double_eq_tol(a2.rd, b2.rd, 1e-9);
    ga.score = 0.5;
    ck_assert_int_eq(mgs_glicko_update(&a, &ga, 1, 0.5, 1, &a2), 0);
    ck_assert_double_eq_tol(a2.rating, 1620, 1e-9);
    ck_assert(a2.rd < 80);
    ck_assert_double_eq_tol(mgs_glicko_expected(&a, &b), 0.5, 1e-12);
}
END_TEST

START_TEST(deviation_bounds_and_provisional)
{
    mgs_glicko p = {1500, 46, 0.06}, out, fresh = mgs_glicko_new();
    mgs_glicko_game g[40];
    int j;
    for (j = 0; j < 40; j++) {
        g[j].rating = 1500;
        g[j].rd = 30;
        g[j].score = j % 2;
    }
    ck_assert_int_eq(mgs_glicko_update(&p, g, 40, 0.5, 0, &out), 0);
    ck_assert(out.rd < MGS_GLICKO_RD_MIN); /* the paper's own figure */
    ck_assert_int_eq(mgs_glicko_update(&p, g, 40, 0.5, 1, &out), 0);
    ck_assert_double_eq(out.rd, MGS_GLICKO_RD_MIN);
    ck_assert_int_eq(mgs_glicko_update(&fresh, NULL, 0, 0.5, 1, &out), 0);
    ck_assert_double_eq(out.rd, MGS_GLICKO_RD);
    ck_assert(mgs_glicko_provisional(&fresh));
    ck_assert(!mgs_glicko_provisional(&p));
    ck_assert_double_eq(fresh.rating, 1500);
    ck_assert_double_eq(fresh.rd, 350);
    ck_assert_double_eq(fresh.vol, 0.06);
}
END_TEST

START_TEST(bad_arguments)
{
    mgs_glicko p = {1500, 200, 0.06}, out = {1, 2, 3}, bad;
    mgs_glicko_game g = {1400, 30, 1}, gbad;
    ck_assert_int_eq(mgs_glicko_update(NULL, &g, 1, 0.5, 1, &out), -1);
    ck_assert_int_eq(mgs_glicko_update(&p, NULL, 1, 0.5, 1, &out), -1);
    ck_assert_int_eq(mgs_glicko_update(&p, &g, 1, 0.5, 1, NULL), -1);
    ck_assert_int_eq(mgs_glicko_update(&p, &g, -1, 0.5, 1, &out), -1);
    ck_assert_int_eq(mgs_glicko_update(&p, &g, 1, 0, 1, &out), -1);
    ck_assert_int_eq(mgs_glicko_update(&p, &g, 1, NAN, 1, &out), -1);
    bad = p;
    bad.rd = 0;
    ck_assert_int_eq(mgs_glicko_update(&bad, &g, 1, 0.5, 1, &out), -1);
    bad = p;
    bad.vol = -0.1;
    ck_assert_int_eq(mgs_glicko_update(&bad, &g, 1, 0.5, 1, &out), -1);
    bad = p;
    bad.rating = INFINITY;
    ck_assert_int_eq(mgs_glicko_update(&bad, &g, 1, 0.5, 1, &out), -1);
    gbad = g;
    gbad.score = 1.5;
    ck_assert_int_eq(mgs_glicko_update(&p, &gbad, 1, 0.5, 1, &out), -1);
    gbad = g;
    gbad.score = NAN;
    ck_assert_int_eq(mgs_glicko_update(&p, &gbad, 1, 0.5, 1, &out), -1);
    gbad = g;
    gbad.rd = -30;
    ck_assert_int_eq(mgs_glicko_update(&p, &gbad, 1, 0.5, 1, &out), -1);
    /* a refused update leaves *out as it was */
    ck_assert_double_eq(out.rating, 1);
    ck_assert_double_eq(out.rd, 2);
    ck_assert_double_eq(out.vol, 3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("glicko2");
    TCase *tc = tcase_create("glicko2");
    SRunner *sr;
    int failed;
    tcase_add_test(tc, glickman_example);
    tcase_add_test(tc, against_model);
    tcase_add_test(tc, no_game_period);
    tcase_add_test(tc, win_and_loss_mirror);
    tcase_add_test(tc, deviation_bounds_and_provisional);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
