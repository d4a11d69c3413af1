/*
 * tools-rating.c - the ratings and intervals mg-match and the strength
 * bench report (programs/tools/rating.c, stats.c):
 *
 *  - maximum-likelihood Elo on known counts: two engines give the Elo of
 *    their score rate; four engines with unequal schedules give the values
 *    of an independent fit (Zermelo's iteration, Hunter's MM algorithm, in
 *    Python: each engine's expected score then equals its real one) and
 *    the standard errors of the inverted information; a symmetric result
 *    gives equal ratings; no finite ratings when an engine scored nothing
 *    (and finite ones with a prior);
 *  - coverage on synthetic data: 400 seeded round robins of engines with
 *    known Elo (and draws), the 95% intervals hold the true differences
 *    93-97% of the time; Student-t intervals of means the same;
 *  - Student's t quantiles against the table.
 */
#include "rating.h"
#include "stats.h"
#include "test_rng.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "tools-rating: %s:%d: ", __FILE__, __LINE__);    \
            fprintf(stderr, __VA_ARGS__);                                    \
            fputc('\n', stderr);                                             \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static double uniform(uint64_t *x)
{
    return (double)(mg_test_rand(x) >> 11) * (1.0 / 9007199254740992.0);
}

static void check_known(void)
{
    /* two engines: B scores 60 of 100 */
    double s2[4] = {0, 40, 60, 0}, g2[4] = {0, 100, 100, 0};
    double g4[16] = {0, 40, 40, 20, 40, 0, 40, 20,
                     40, 40, 0, 20, 20, 20, 20, 0};
    double s4[16] = {0, 14, 6, 2, 26, 0, 17.5, 5,
                     34, 22.5, 0, 9, 18, 15, 11, 0};
    /* Hunter's MM to 1e-15 and the inverse information, in Python */
    const double elo4[4] = {0, 154.697600, 249.431292, 324.748187};
    const double se4[4] = {0, 47.385395, 49.764376, 62.452286};
    double sym[9] = {0, 5, 5, 5, 0, 5, 5, 5, 0};
    double g3[9] = {0, 10, 10, 10, 0, 10, 10, 10, 0};
    double zero[9] = {0, 0, 0, 10, 0, 5, 10, 5, 0};
    rating_fit f;
    int i;
    CHECK(rating_compute(2, s2, g2, 0, &f) == 0, "two engines");
    CHECK(f.anchor == 0 && fabs(f.elo[1] - stats_elo(0.6)) < 1e-9,
          "two engines: %g, want %g", f.elo[1], stats_elo(0.6));
    /* its standard error: 1/sqrt(n p (1-p)) nats */
    CHECK(fabs(f.se[1] - 400 / log(10) / sqrt(100 * 0.6 * 0.4)) < 1e-9,
          "two engines' se %g", f.se[1]);
    {   /* a lopsided but finite result: 1 point of 1000 */
        double s1[4] = {0, 1, 999, 0}, g1[4] = {0, 1000, 1000, 0};
        CHECK(rating_compute(2, s1, g1, 0, &f) == 0 &&
                  fabs(f.elo[1] - stats_elo(0.999)) < 1e-6,
              "1 of 1000: %g, want %g", f.elo[1], stats_elo(0.999));
    }
    CHECK(rating_compute(4, s4, g4, 0, &f) == 0, "four engines");
    for (i = 0; i < 4; i++) {
        CHECK(fabs(f.elo[i] - elo4[i]) < 1e-5, "engine %d: %.6f, want %.6f",
              i, f.elo[i], elo4[i]);
        CHECK(fabs(f.se[i] - se4[i]) < 1e-5, "engine %d: se %.6f, want %.6f",
              i, f.se[i], se4[i]);
        CHECK(fabs(f.half[i] - 1.959964 * f.se[i]) < 1e-4, "half width");
    }
    CHECK(f.anchor == 0 && f.elo[0] == 0 && f.half[0] == 0, "the anchor");
    CHECK(rating_compute(3, sym, g3, 0, &f) == 0 && fabs(f.elo[1]) < 1e-9 &&
              fabs(f.elo[2]) < 1e-9, "a symmetric result: %g %g", f.elo[1],
          f.elo[2]);
    /* A scored nothing against B or C: no finite ratings, but with a
     * prior A is rated (the weakest) */
    CHECK(!rating_finite(3, zero, g3), "zero score is not finite");
    CHECK(rating_compute(3, zero, g3, 0, &f) == -1, "zero score refused");
    CHECK(rating_compute(3, zero, g3, 1, &f) == 0 && f.anchor == 0 &&
              f.elo[1] > 300 && f.prior == 1, "with a prior: %g", f.elo[1]);
    /* unconnected pairings, bad arguments */
    g3[1] = g3[3] = g3[2] = g3[6] = 0;
    sym[1] = sym[3] = sym[2] = sym[6] = 0;
    CHECK(rating_compute(3, sym, g3, 1, &f) == -1, "unconnected");
    CHECK(rating_compute(1, sym, g3, 0, &f) == -2, "one engine");
    CHECK(rating_compute(2, s2, s2, 0, &f) == -2, "score above games");
}

/* Round robins of 4 engines at true Elo 0, 60, 140, 300, 150 games a
 * pairing, a draw chance of `draws`: how often each 95% interval holds the
 * true rating relative to engine 0 (when the fit takes engine 0 as the
 * weakest, as it nearly always does here). */
static void check_coverage(double draws)
{
    const double truth[4] = {0, 60, 140, 300};
    uint64_t rng = 20261206u + (uint64_t)(draws * 1000);
    long held = 0, total = 0, skipped = 0;
    int rep, i, j, k;
    for (rep = 0; rep < 400; rep++) {
        double s[16] = {0}, g[16] = {0};
        rating_fit f;
        for (i = 0; i < 4; i++)
            for (j = i + 1; j < 4; j++)
                for (k = 0; k < 150; k++) {
                    double p = 1 / (1 + pow(10, (truth[j] - truth[i]) / 400));
                    double u = uniform(&rng), pts;
                    /* a draw takes its chance from both sides, keeping
                     * the expected score p */
                    if (u < draws)
                        pts = 0.5;
                    else
                        pts = uniform(&rng) < (p - draws / 2) / (1 - draws);
                    s[i * 4 + j] += pts;
                    s[j * 4 + i] += 1 - pts;
                    g[i * 4 + j] += 1;
                    g[j * 4 + i] += 1;
                }
        if (rating_compute(4, s, g, 0, &f) != 0 || f.anchor != 0) {
            skipped++;
            continue;
        }
        for (i = 1; i < 4; i++) {
            held += fabs(f.elo[i] - truth[i]) <= f.half[i];
            total++;
        }
    }
    CHECK(skipped < 10, "draws %g: %ld fits without engine 0 the weakest",
          draws, skipped);
    CHECK(total > 0 && held >= 0.93 * (double)total &&
              held <= (draws > 0 ? 0.995 : 0.97) * (double)total,
          "draws %g: the 95%% intervals held %ld of %ld", draws, held, total);
    printf("tools-rating: 95%% rating intervals held %ld of %ld (draws "
           "%.0f%%)\n", held, total, 100 * draws);
}

/* Student-t intervals of the mean of 8 and of 60 exponential-ish values */
static void check_means(void)
{
    uint64_t rng = 42;
    int rep, n, k;
    for (n = 8; n <= 60; n += 52) {
        long held = 0;
        for (rep = 0; rep < 2000; rep++) {
            double x[60], m, h;
            for (k = 0; k < n; k++) /* uniform on [0, 4): mean 2 */
                x[k] = 4 * uniform(&rng);
            stats_mean_interval(x, (unsigned long)n, &m, &h);
            held += fabs(m - 2) <= h;
        }
        CHECK(held >= 1860 && held <= 1940, "n %d: the mean's interval "
              "held %ld of 2000", n, held);
    }
    CHECK(fabs(stats_t95(1) - 12.706) < 1e-3 && fabs(stats_t95(2) - 4.303) <
          1e-3 && fabs(stats_t95(3) - 3.182) < 1e-3 &&
          fabs(stats_t95(6) - 2.447) < 3e-3 &&
          fabs(stats_t95(9) - 2.262) < 1e-3 && fabs(stats_t95(59) - 2.001) <
          1e-3 && fabs(stats_t95(5000) - 1.960) < 1e-3, "t quantiles");
    {
        double one = 3, m, h;
        stats_mean_interval(&one, 1, &m, &h);
        CHECK(m == 3 && h == 0, "one value");
    }
}

int main(void)
{
    check_known();
    check_coverage(0);
    check_coverage(0.3);
    check_means();
    if (failures) {
        fprintf(stderr, "tools-rating: %d failures\n", failures);
        return 1;
    }
    printf("tools-rating: maximum-likelihood Elo on known counts, interval "
           "coverage, t quantiles: ok\n");
    return 0;
}
