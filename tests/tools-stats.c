/*
 * tools-stats.c - the statistics of mg-match (programs/tools/stats.c):
 *
 *  - the Elo interval always contains the estimate: for every result of
 *    up to 60 games (wins, draws, losses), the Wilson interval of the
 *    score rate holds the rate, and its Elo ends hold the Elo estimate,
 *    infinite ends included (a 10-0 score is "+inf [+x, +inf]", never an
 *    interval that excludes its estimate);
 *  - the SPRT's bounds, its LLR against values computed independently
 *    (a Python port of fastchess's logistic GSPRT), its antisymmetry
 *    (mirrored results and hypotheses give the opposite LLR), and its
 *    decision.
 * Prints one line and exits 0 when all hold.
 */
#include "stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "tools-stats: %s:%d: ", __FILE__, __LINE__);     \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static long check_intervals(void)
{
    long cases = 0;
    int n, w, d;
    for (n = 1; n <= 60; n++)
        for (w = 0; w <= n; w++)
            for (d = 0; d <= n - w; d++) {
                double p = (w + 0.5 * d) / n, lo, hi;
                double e = stats_elo(p), elo_lo, elo_hi;
                stats_wilson(p, n, &lo, &hi);
                elo_lo = stats_elo(lo);
                elo_hi = stats_elo(hi);
                CHECK(0 <= lo && lo <= p && p <= hi && hi <= 1,
                      "n %d w %d d %d: %g not in [%g, %g]", n, w, d, p, lo,
                      hi);
                CHECK(elo_lo <= e && e <= elo_hi,
                      "n %d w %d d %d: Elo %g not in [%g, %g]", n, w, d, e,
                      elo_lo, elo_hi);
                CHECK(p < 1 || (isinf(e) && e > 0 && isinf(elo_hi)),
                      "n %d: a full score is +inf up to +inf", n);
                CHECK(p > 0 || (isinf(e) && e < 0 && isinf(elo_lo)),
                      "n %d: a zero score is -inf from -inf", n);
                CHECK((p == 0 || !isinf(elo_lo)) && (p == 1 || !isinf(elo_hi)),
                      "n %d w %d d %d: an infinite end for a score strictly "
                      "between 0 and 1", n, w, d);
                cases++;
            }
    return cases;
}

static void check_texts(void)
{
    char buf[16];
    double lo, hi;
    CHECK(!strcmp(stats_elo_text(INFINITY, buf, sizeof buf), "+inf"), "+inf");
    CHECK(!strcmp(stats_elo_text(-INFINITY, buf, sizeof buf), "-inf"),
          "-inf");
    CHECK(!strcmp(stats_elo_text(0.2, buf, sizeof buf), "0"), "0");
    CHECK(!strcmp(stats_elo_text(stats_elo(0.75), buf, sizeof buf), "+191"),
          "+191: %s", buf);
    stats_wilson(1.0, 10, &lo, &hi); /* the 10-0 */
    CHECK(hi == 1.0 && lo > 0.6 && lo < 0.8, "10-0: [%g, %g]", lo, hi);
}

static void check_sprt(void)
{
    sprt_test t;
    static const long a[P_BINS] = {10, 20, 5, 30, 25, 15};
    static const long b[P_BINS] = {0, 0, 10, 0, 3, 20};
    static const long c[P_BINS] = {7, 3, 0, 1, 0, 0};
    long mirror[P_BINS], none[P_BINS] = {0};
    double x;
    CHECK(sprt_init(&t, 0, 10, 0.05, 0.05, SPRT_LOGISTIC) == 0, "init");
    CHECK(fabs(t.lower + 2.944439) < 1e-5 && fabs(t.upper - 2.944439) < 1e-5,
          "bounds %g %g", t.lower, t.upper);
    CHECK(sprt_init(&t, 10, 0, 0.05, 0.05, SPRT_LOGISTIC) < 0, "elo0 < elo1");
    CHECK(sprt_init(&t, 0, 10, 0.6, 0.5, SPRT_LOGISTIC) < 0, "alpha+beta");
    sprt_init(&t, 0, 10, 0.05, 0.05, SPRT_LOGISTIC);
    CHECK(fabs(sprt_llr(&t, a) - 0.500492238) < 1e-6, "llr a %.9f",
          sprt_llr(&t, a));
    CHECK(sprt_llr(&t, none) == 0, "no pairs");
    sprt_init(&t, 0, 50, 0.05, 0.05, SPRT_LOGISTIC);
    x = sprt_llr(&t, b);
    CHECK(fabs(x - 4.408327791) < 1e-6, "llr b %.9f", x);
    CHECK(sprt_decide(&t, x) == 1, "b accepts H1");
    sprt_init(&t, -10, 10, 0.05, 0.05, SPRT_LOGISTIC);
    x = sprt_llr(&t, c);
    CHECK(fabs(x + 0.633185249) < 1e-6, "llr c %.9f", x);
    mirror[P_LL] = c[P_WW];
    mirror[P_LD] = c[P_WD];
    mirror[P_WL] = c[P_WL];
    mirror[P_DD] = c[P_DD];
    mirror[P_WD] = c[P_LD];
    mirror[P_WW] = c[P_LL];
    CHECK(fabs(sprt_llr(&t, mirror) + x) < 1e-6, "antisymmetry %g %g",
          sprt_llr(&t, mirror), x);
    sprt_init(&t, -10, 10, 0.05, 0.05, SPRT_NORMALIZED);
    CHECK(fabs(sprt_llr(&t, mirror) + sprt_llr(&t, c)) < 1e-6,
          "normalized antisymmetry");
    CHECK(sprt_decide(&t, -3.0) == -1 && sprt_decide(&t, 0) == 0, "decide");
}

int main(void)
{
    long cases = check_intervals();
    check_texts();
    check_sprt();
    if (failures) {
        fprintf(stderr, "tools-stats: %d failures\n", failures);
        return 1;
    }
    printf("tools-stats: Elo intervals hold their estimate in %ld results; "
           "SPRT bounds, LLR and decisions: ok\n", cases);
    return 0;
}
