/*
 * solver_test.h - what the solver's suites share (check_solver.c,
 * check_solver_values.c): an independent brute-force minimax over the
 * public API, written here without alpha-beta, reductions or symmetry,
 * and helpers to reach positions.
 *
 * Values follow mindgames.h's solver section: Dots and Boxes the future
 * margin of the player to move (misere: the opponent's less its own),
 * China Squares and Grove the final score difference, the others +1, 0,
 * -1.  The brute force memoises Dots and Boxes positions on the set of
 * drawn lines (a 64-bit Zobrist key of its own over the actions played:
 * the future margin of the player to move depends on nothing else, not
 * on who drew the lines nor on who is to move, so a memo hit is the same
 * value up to a 64-bit collision).
 */
#ifndef MG_SOLVER_TEST_H
#define MG_SOLVER_TEST_H

#include "tests.h"
#include "test_rng.h"

#include <stdio.h>
#include <string.h>

enum { BF_WDL, BF_MARGIN, BF_GAIN };

/* The library's slow self-checks (MG_DEBUG: make sanitize builds the
 * tests with it too) make a node some 10 to 40 times dearer: a tenth. */
#ifdef MG_DEBUG
#define SV_DEBUG_SCALE 10
#else
#define SV_DEBUG_SCALE 1
#endif

/* n positions scaled by MG_TEST_GAMES against its default 1000 (make
 * memcheck's 100 runs a tenth) and by SV_DEBUG_SCALE, at least 1. */
static inline int sv_count(int n)
{
    int64_t k = (int64_t)n * mg_test_games(1000) / 1000 / SV_DEBUG_SCALE;
    return k < 1 ? 1 : (int)k;
}

/* Scaled down (valgrind, sanitizers): leave out the cases that take more
 * than a tenth of a second in the normal build, and read smaller trees
 * by brute force. */
static inline int sv_light(void)
{
    return mg_test_games(1000) < 1000 || SV_DEBUG_SCALE > 1;
}

typedef struct bf_ctx {
    int kind, misere;
    uint64_t *keys;   /* memo (GAIN only), cap entries, 0 = empty */
    int32_t *vals;
    size_t cap;
    size_t stored;
    uint64_t nodes, limit; /* limit 0: none; over it: bf_over set */
    uint64_t key;          /* the drawn lines' key (GAIN memo) */
    int depth, over;
} bf_ctx;

/* The memo key of one action (splitmix64). */
static inline uint64_t bf_zob(int32_t a)
{
    uint64_t z = (uint64_t)(uint32_t)a * 0x9E3779B97F4A7C15ULL + 0x2545F491ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The key of the lines drawn in s: its history's actions. */
static inline uint64_t bf_key_of(const mg_state *s)
{
    int32_t hist[4096];
    size_t n = 0, i;
    uint64_t k = 0;
    MG_REQUIRE(mg_state_history(s, hist, 4096, &n) == MG_OK, "history");
    for (i = 0; i < n; i++)
        k ^= bf_zob(hist[i]);
    return k;
}

static inline int bf_kind_of(const char *spec)
{
    if (strncmp(spec, "dots_and_boxes", 14) == 0)
        return BF_GAIN;
    if (strncmp(spec, "china_squares", 13) == 0 ||
        strncmp(spec, "china_grove", 11) == 0)
        return BF_MARGIN;
    return BF_WDL;
}

static inline void bf_init(bf_ctx *c, const char *spec, size_t memo)
{
    memset(c, 0, sizeof *c);
    c->kind = bf_kind_of(spec);
    c->misere = strstr(spec, "misere=true") != NULL;
    if (c->kind == BF_GAIN && memo) {
        c->cap = memo;
        c->keys = calloc(memo, sizeof *c->keys);
        c->vals = calloc(memo, sizeof *c->vals);
        ck_assert(c->keys && c->vals);
    }
}

static inline void bf_clear(bf_ctx *c)
{
    if (c->keys)
        memset(c->keys, 0, c->cap * sizeof *c->keys);
    c->stored = 0;
    c->depth = 0;
    c->nodes = 0;
    c->over = 0;
}

static inline void bf_free(bf_ctx *c)
{
    free(c->keys);
    free(c->vals);
}

/* score(p) - score(other), misere reversed (GAIN and MARGIN). */
static inline int32_t bf_margin(const bf_ctx *c, const mg_state *s, int p)
{
    int32_t a = 0, b = 0;
    mg_state_score(s, p, &a);
    mg_state_score(s, 1 - p, &b);
    return c->misere ? b - a : a - b;
}

static inline int32_t bf_terminal(const bf_ctx *c, const mg_state *s, int p)
{
    int w = mg_state_winner(s);
    if (c->kind == BF_MARGIN)
        return bf_margin(c, s, p);
    return w == p ? 1 : w == 1 - p ? -1 : 0;
}

/* The value of s (not over) for its player to move. */
static int32_t bf_value(bf_ctx *c, mg_state *s)
{
    int32_t acts[4096], best = INT32_MIN;
    size_t n = 0, i, at = 0;
    uint64_t h = 0;
    int p = mg_state_current_player(s);
    if (c->keys) {
        if (c->depth == 0)
            c->key = bf_key_of(s);
        h = c->key | 1;
        for (at = h % c->cap; c->keys[at]; at = (at + 1) % c->cap)
            if (c->keys[at] == h)
                return c->vals[at];
    }
    if (c->limit && ++c->nodes > c->limit) {
        c->over = 1;
        return 0;
    }
    MG_REQUIRE(mg_state_legal_actions(s, acts, 4096, &n) == MG_OK,
               "legal actions");
    for (i = 0; i < n && !c->over; i++) {
        int32_t before = c->kind == BF_GAIN ? bf_margin(c, s, p) : 0, v;
        int q;
        MG_REQUIRE(mg_state_apply(s, acts[i]) == MG_OK, "apply %d",
                   (int)acts[i]);
        q = mg_state_current_player(s);
        if (q == MG_NOBODY)
            v = c->kind == BF_GAIN ? bf_margin(c, s, p) - before
                                   : bf_terminal(c, s, p);
        else {
            int32_t cv;
            c->key ^= bf_zob(acts[i]);
            c->depth++;
            cv = bf_value(c, s);
            c->depth--;
            c->key ^= bf_zob(acts[i]);
            v = q == p ? cv : -cv;
            if (c->kind == BF_GAIN)
                v += bf_margin(c, s, p) - before;
        }
        mg_state_undo(s);
        if (v > best)
            best = v;
    }
    if (c->keys && !c->over && c->stored < c->cap / 2) {
        c->keys[at] = h;
        c->vals[at] = best;
        c->stored++;
    }
    return best;
}

/* The value for p of action a in s (s unchanged). */
static inline int32_t bf_action(bf_ctx *c, mg_state *s, int32_t a)
{
    int p = mg_state_current_player(s), q;
    int32_t before = c->kind == BF_GAIN ? bf_margin(c, s, p) : 0, v;
    MG_REQUIRE(mg_state_apply(s, a) == MG_OK, "apply %d", (int)a);
    q = mg_state_current_player(s);
    if (q == MG_NOBODY)
        v = c->kind == BF_GAIN ? bf_margin(c, s, p) - before
                               : bf_terminal(c, s, p);
    else {
        int32_t cv = bf_value(c, s);
        v = (q == p ? cv : -cv) +
            (c->kind == BF_GAIN ? bf_margin(c, s, p) - before : 0);
    }
    mg_state_undo(s);
    return v;
}

/* Random legal actions from the start until at most `left` are legal
 * (Dots and Boxes: undrawn lines) or the game would end. */
static inline void random_until(mg_state *s, uint64_t *rng, size_t left)
{
    int32_t acts[4096];
    size_t n = 0;
    for (;;) {
        MG_REQUIRE(mg_state_legal_actions(s, acts, 4096, &n) == MG_OK,
                   "legal actions");
        if (n <= left || n == 0)
            return;
        MG_REQUIRE(mg_state_apply(s, acts[mg_test_rand_below(rng, n)]) ==
                       MG_OK,
                   "apply");
    }
}

/* A random game to its end, then `back` actions undone (fewer when the
 * game is shorter; at least one so the position is not over). */
static inline void random_end(mg_state *s, uint64_t seed, int back)
{
    int i;
    mg_state_playout(s, seed, 10000);
    for (i = 0; i < back && mg_state_undo(s) == MG_OK; i++)
        ;
    if (mg_state_is_terminal(s) == 1)
        mg_state_undo(s);
}

/* Play `text` (notation, blank-separated) from the start of s. */
static inline void play_text(mg_state *s, const char *text)
{
    char tok[64], err[128];
    const char *p = text;
    while (*p) {
        size_t n = 0;
        int32_t a;
        while (*p == ' ')
            p++;
        while (p[n] && p[n] != ' ')
            n++;
        if (!n)
            break;
        ck_assert_uint_lt(n, sizeof tok);
        memcpy(tok, p, n);
        tok[n] = '\0';
        p += n;
        ck_assert_msg(mg_state_action_from_string(s, tok, &a, err,
                                                  sizeof err) == MG_OK,
                      "%s: %s", tok, err);
        ck_assert_msg(mg_state_apply(s, a) == MG_OK, "apply %s", tok);
    }
}

#endif /* MG_SOLVER_TEST_H */
