/*
 * reasons_test.h - helpers of the check_reasons*.c suites: make a game
 * and a state, play notation, and compare a refused action's reason or a
 * game's end reason with the expected line.
 */
#ifndef MG_REASONS_TEST_H
#define MG_REASONS_TEST_H

#include "tests.h"

#include <stdio.h>
#include <string.h>

static inline mg_game *rt_game(const char *spec)
{
    mg_game *g = NULL;
    char err[256];
    int rc = mg_game_new(&g, spec, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "%s: %s", spec, err);
    return g;
}

static inline mg_state *rt_state(const mg_game *g)
{
    mg_state *s = NULL;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    return s;
}

/* Play the actions of `moves` (notation separated by spaces). */
static inline void rt_play(mg_state *s, const char *moves)
{
    char tok[64], err[256];
    const char *p = moves;
    while (*p) {
        size_t n = 0;
        int32_t a;
        int rc;
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        while (p[n] && p[n] != ' ' && n < sizeof tok - 1)
            n++;
        memcpy(tok, p, n);
        tok[n] = '\0';
        p += n;
        rc = mg_state_action_from_string(s, tok, &a, err, sizeof err);
        ck_assert_msg(rc == MG_OK, "%s: %s", tok, err);
        rc = mg_state_apply(s, a);
        if (rc != MG_OK) {
            char why[512];
            mg_state_illegal_reason(s, a, why, sizeof why, NULL);
            ck_abort_msg("playing %s: %s", tok, why);
        }
    }
}

/* The action written `text`. */
static inline int32_t rt_action(const mg_state *s, const char *text)
{
    int32_t a = -1;
    char err[256];
    int rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "%s: %s", text, err);
    return a;
}

/* mg_state_illegal_reason(s, action) returns `code` with exactly `want`;
 * and asking changed nothing. */
static inline void rt_expect(const mg_state *s, int32_t action, int code,
                             const char *want)
{
    char buf[1024];
    size_t needed = 0;
    uint64_t h = mg_state_hash(s);
    size_t len0 = 0, len1 = 0;
    int rc;
    mg_state_history(s, NULL, 0, &len0);
    rc = mg_state_illegal_reason(s, action, buf, sizeof buf, &needed);
    ck_assert_msg(rc == code, "action %d: code %d, want %d (%s)",
                  (int)action, rc, code, buf);
    ck_assert_str_eq(buf, want);
    ck_assert_uint_eq(needed, strlen(want) + 1);
    mg_state_history(s, NULL, 0, &len1);
    ck_assert_uint_eq(len0, len1);
    ck_assert(mg_state_hash(s) == h);
}

/* The same with the action written in notation. */
static inline void rt_expect_text(const mg_state *s, const char *text,
                                  int code, const char *want)
{
    rt_expect(s, rt_action(s, text), code, want);
}

/* The game is over and mg_state_end_reason says exactly `want`. */
static inline void rt_expect_end(const mg_state *s, const char *want)
{
    char buf[1024];
    size_t needed = 0;
    int rc = mg_state_end_reason(s, buf, sizeof buf, &needed);
    ck_assert_msg(rc == MG_OK, "end reason: %d", rc);
    ck_assert_str_eq(buf, want);
    ck_assert_uint_eq(needed, strlen(want) + 1);
}

/* The first legal action at the start of `spec` has no reason: MG_OK
 * and "". */
static inline void rt_first_legal_has_no_reason(const char *spec)
{
    mg_game *g = rt_game(spec);
    mg_state *s = rt_state(g);
    int32_t a[4096];
    size_t n = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, a, 4096, &n), MG_OK);
    ck_assert_uint_gt(n, 0);
    rt_expect(s, a[0], MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}

#endif /* MG_REASONS_TEST_H */
