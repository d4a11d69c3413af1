/*
 * fuzz.h - what the fuzz targets share: the libFuzzer entry point, an
 * invariant check that aborts (libFuzzer and the replay both report an
 * abort as a crash), and the table of games the game-driven targets play.
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
 * first byte picks one, modulo the table size.  These specs come first in
 * a fixed order (the corpus files depend on it: append only); then every
 * registered game id without an entry here is added with its defaults, so
 * a new game is fuzzed at once.  Small boards keep games short. */
static const char *const fuzz_fixed_specs[] = {
    "dots_and_boxes",
    "dots_and_boxes(rows=2,cols=2)",
    "dots_and_boxes(rows=3,cols=2,border=icelandic)",
    "dots_and_boxes(grid=triangle,size=2,border=swedish)",
    "dots_and_boxes(grid=triangle,shape=hexagon,size=1,misere=true)",
    "dots_and_boxes(grid=hexagon,size=2,border=swedish)",
    "china_squares",
    "china_octangle(board=2,mode=number)",
    "china_tangle",
    "china_tangle(board=3,mode=number,order=ascending)",
    "china_grove(board=2,penalty=8)",
    "fangqi",
    "fangqi(variant=xinjiang)",
    "fangqi(width=4,height=3,movement=step)",
    "fangqi(width=3,height=3,capture_on_placement=true,ko=true)",
    "fangqi(width=4,height=4,encirclement=true,no_capture_limit=6)",
    "fangqi(width=5,height=4,extra_removal=true,lose_below=3)",
    "chains_of_thought",
    "chains_of_thought(board=trisquare4)",
    "chains_of_thought(board=square6,goal=stalemate)",
};
#define FUZZ_N_FIXED \
    ((int)(sizeof fuzz_fixed_specs / sizeof fuzz_fixed_specs[0]))
#define FUZZ_MAX_GAMES (FUZZ_N_FIXED + 64)

typedef struct fuzz_games {
    int n;
    mg_game *game[FUZZ_MAX_GAMES];
    char spec[FUZZ_MAX_GAMES][256]; /* as written in the table */
} fuzz_games;

/* 1 when spec names the game `id` (the id alone or followed by '('). */
static inline int fuzz_spec_is(const char *spec, const char *id)
{
    size_t n = strlen(id);
    return strncmp(spec, id, n) == 0 && (spec[n] == '\0' || spec[n] == '(');
}

/* Fill t once (the games are kept for the whole run: they are immutable
 * and shared by every input).  A fixed spec naming a game that is not
 * registered is skipped; one that a registered game refuses aborts, so a
 * renamed option is noticed. */
static inline void fuzz_games_init(fuzz_games *t)
{
    int i, k, count = mg_game_count();
    t->n = 0;
    for (i = 0; i < FUZZ_N_FIXED + count && t->n < FUZZ_MAX_GAMES; i++) {
        const char *spec;
        char err[256];
        int rc, known = 0;
        if (i < FUZZ_N_FIXED) {
            spec = fuzz_fixed_specs[i];
            for (k = 0; k < count; k++)
                known |= fuzz_spec_is(spec, mg_game_id_at(k));
            if (!known)
                continue;
        } else {
            spec = mg_game_id_at(i - FUZZ_N_FIXED);
            for (k = 0; k < FUZZ_N_FIXED; k++)
                known |= fuzz_spec_is(fuzz_fixed_specs[k], spec);
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
