/*
 * test_rng.h - the one pseudo-random generator of the tests: the Check
 * suites, check_threads.c, the fuzz corpus generator and the bench.
 *
 * splitmix64, the same step as the library's own: integer-only, so a
 * seed gives the same numbers on every platform.  Tests and the committed
 * fuzz corpus depend on these sequences, so the step must never change.
 * Header-only and free of Check, for the programs that do not link it.
 */
#ifndef MG_TEST_RNG_H
#define MG_TEST_RNG_H

#include <stdint.h>

/* The next number of the stream whose state is *x. */
static inline uint64_t mg_test_rand(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* mg_test_rand(x) % n, for n > 0 (the small bias does not matter here). */
static inline uint64_t mg_test_rand_below(uint64_t *x, uint64_t n)
{
    return mg_test_rand(x) % n;
}

#endif
