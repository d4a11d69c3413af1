/*
 * fuzz.h - what the fuzz targets share: the libFuzzer entry point, an
 * invariant check that aborts (libFuzzer and the replay both report an
 * abort as a crash), and the games the game-driven targets play (from the
 * shared table of tests/game_specs.h).
 *
 * Every target is one LLVMFuzzerTestOneInput() that uses the public API
 * only.  Built with clang -fsanitize=fuzzer it is a fuzzer (make fuzz);
 * linked with replay_main.c it replays corpus files (make fuzz-replay).
 *
 * Corpus: tests/fuzz/corpus/<target>/ holds the seeds written by
 * gen_corpus.c (make fuzz-corpus), cov-<sha1> inputs that fuzzing found
 * to reach new code (merged with -merge=1 -use_counters=0 from earlier
 * runs), and regression inputs.  When a fuzzer finds a crash, copy its
 * artifact there as crash-<what>, fix the library, and make fuzz-replay
 * (part of make check) keeps replaying it.
 */
#ifndef MG_FUZZ_H
#define MG_FUZZ_H

#include <mindgames.h>

#include "../game_specs.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant of the API contract: on failure print where and why, then
 * abort.  The message is printf-style and always given. */
#define FUZZ_REQUIRE(cond, ...)                                               \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: invariant '%s' failed: ", __FILE__,       \
                    __LINE__, #cond);                                         \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            abort();                                                          \
        }                                                                     \
    } while (0)

/* The input as a NUL-terminated string (an embedded NUL ends it early);
 * free() it. */
static inline char *fuzz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_REQUIRE(s != NULL, "out of memory");
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* A non-NULL value for out-parameters that a failing call must set to
 * NULL (the address of a suitably aligned object, never dereferenced). */
static const uint64_t fuzz_sentinel_object[4];
#define FUZZ_SENTINEL ((void *)(uintptr_t)fuzz_sentinel_object)

/* A failure from a text parser: a known code, *out untouched as NULL, and
 * a non-empty, NUL-terminated message that fits its buffer. */
static inline void fuzz_check_error(int rc, const char *err, size_t errcap,
                                    const char *what)
{
    FUZZ_REQUIRE(rc < 0 && rc >= MG_EBOARD, "%s: unknown code %d", what, rc);
    FUZZ_REQUIRE(memchr(err, '\0', errcap) != NULL,
                 "%s: message not NUL-terminated", what);
    FUZZ_REQUIRE(err[0] != '\0', "%s: %d (%s) without a message", what, rc,
                 mg_strerror(rc));
}

/* ------------------------------------------------------------- game table */

/* The games the game-driven targets (actions, notation) play: the input's
 * first byte picks one, modulo their number.  First the entries of the
 * shared table (game_specs.h) marked TS_FUZZ, by their corpus numbers 0,
 * 1, 2, ...: the corpus files depend on these, so a number is never
 * changed or reused and a new entry takes the next one.  Then every
 * registered game id without such an entry, with its defaults, so a new
 * game is fuzzed at once.  Small boards keep games short. */
#define FUZZ_MAX_GAMES (MG_N_TEST_SPECS + 64)

typedef struct fuzz_games {
    int n;
    mg_game *game[FUZZ_MAX_GAMES];
    char spec[FUZZ_MAX_GAMES][256]; /* as written in the table */
} fuzz_games;

/* The TS_FUZZ entry of corpus number k; NULL after the last.  Numbers
 * run from 0 without a gap, each on one entry (else abort). */
static inline const mg_test_spec *fuzz_fixed_spec(int k)
{
    const mg_test_spec *found = NULL;
    int i, n = 0;
    for (i = 0; i < MG_N_TEST_SPECS; i++) {
        const mg_test_spec *e = &mg_test_specs[i];
        if (!(e->uses & TS_FUZZ))
            continue;
        n++;
        FUZZ_REQUIRE(e->corpus >= 0, "%s: TS_FUZZ without a number", e->name);
        if (e->corpus == k) {
            FUZZ_REQUIRE(!found, "%s and %s: both fuzz game %d", found->name,
                         e->name, k);
            found = e;
        }
    }
    FUZZ_REQUIRE(found || k >= n, "no fuzz game numbered %d of %d", k, n);
    return found;
}

/* Fill t once (the games are kept for the whole run: they are immutable
 * and shared by every input).  A fixed spec naming a game that is not
 * registered is skipped; one that a registered game refuses aborts, so a
 * renamed option is noticed. */
static inline void fuzz_games_init(fuzz_games *t)
{
    int i, k, count = mg_game_count(), nfixed = 0;
    t->n = 0;
    while (fuzz_fixed_spec(nfixed))
        nfixed++;
    for (i = 0; i < nfixed + count && t->n < FUZZ_MAX_GAMES; i++) {
        const char *spec;
        char err[256];
        int rc, known = 0;
        if (i < nfixed) {
            spec = fuzz_fixed_spec(i)->spec;
            for (k = 0; k < count; k++)
                known |= mg_test_spec_is(spec, mg_game_id_at(k));
            if (!known)
                continue;
        } else {
            spec = mg_game_id_at(i - nfixed);
            for (k = 0; k < nfixed; k++)
                known |= mg_test_spec_is(fuzz_fixed_spec(k)->spec, spec);
            if (known)
                continue;
        }
        rc = mg_game_new(&t->game[t->n], spec, err, sizeof err);
        FUZZ_REQUIRE(rc == MG_OK, "mg_game_new(%s): %s", spec, err);
        snprintf(t->spec[t->n], sizeof t->spec[t->n], "%s", spec);
        t->n++;
    }
    FUZZ_REQUIRE(t->n > 0, "no games");
}

/* FNV-1a over 32-bit values, for comparing histories. */
static inline uint64_t fuzz_fnv(uint64_t h, const int32_t *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (uint32_t)v[i];
        h *= 0x100000001B3ULL;
    }
    return h;
}

#endif
