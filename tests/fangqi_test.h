/*
 * fangqi_test.h - what the Fangqi test files share (check_fangqi_rules.c,
 * check_fangqi_text.c, check_fangqi_games.c): games and states, actions
 * by notation, refusals that leave the state unchanged, scores and legal
 * actions, options read back from the canonical spec, stones counted off
 * the text rendering, and a 4x4 position used by more than one file.
 */
#ifndef MG_FANGQI_TEST_H
#define MG_FANGQI_TEST_H

#include "tests.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define FQ_MAXP 361 /* 19 x 19 */

/* ------------------------------------------------------------ helpers */

static inline mg_state *start(mg_game **g, const char *spec)
{
    mg_state *s = NULL;
    MG_GAME(*g, spec);
    ck_assert_int_eq(mg_state_new(&s, *g), MG_OK);
    return s;
}

static inline void done(mg_game *g, mg_state *s)
{
    mg_state_free(s);
    mg_game_free(g);
}

static inline int32_t parse(const mg_state *s, const char *text)
{
    int32_t a = -1;
    char err[128] = "";
    int rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "parse %s: %d %s", text, rc, err);
    return a;
}

/* Apply space-separated notation; every action must be legal. */
static inline void play(mg_state *s, const char *moves)
{
    char buf[2048], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int32_t a = parse(s, tok);
        int rc = mg_state_apply(s, a);
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

/* The action is refused with `want` and the state is unchanged. */
static inline void refused(mg_state *s, const char *text, int want)
{
    int32_t a = parse(s, text);
    uint64_t h = mg_state_hash(s);
    size_t n0 = 0, n1 = 0;
    mg_state_history(s, NULL, 0, &n0);
    ck_assert_msg(mg_state_is_legal(s, a) == 0, "%s should be illegal", text);
    ck_assert_msg(mg_state_apply(s, a) == want, "%s: want %d", text, want);
    mg_state_history(s, NULL, 0, &n1);
    ck_assert_uint_eq(n0, n1);
    ck_assert_uint_eq(h, mg_state_hash(s));
}

static inline int32_t score(const mg_state *s, int p)
{
    int32_t v = -1;
    ck_assert_int_eq(mg_state_score(s, p, &v), MG_OK);
    return v;
}

static inline size_t legal(const mg_state *s, int32_t *buf, size_t cap)
{
    size_t n = 0;
    int rc = mg_state_legal_actions(s, buf, cap, &n);
    ck_assert(rc == MG_OK || (buf == NULL && rc == MG_ENOBUFS));
    return n;
}

static inline int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static inline void spec_of(const mg_game *g, char *buf, size_t cap)
{
    ck_assert_int_eq(mg_game_spec(g, buf, cap, NULL), MG_OK);
}

/* Options read back from the canonical spec (rules §4.2 keys). */
static inline int spec_int(const char *spec, const char *key)
{
    const char *p = strstr(spec, key);
    ck_assert_msg(p != NULL, "%s lacks %s", spec, key);
    return atoi(p + strlen(key));
}

/* Stones counted from the text rendering's grid (lines "<row> ..."). */
static inline void render_counts(const mg_state *s, int *x, int *o)
{
    static char buf[65536];
    const char *line = buf;
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    *x = *o = 0;
    while (*line) {
        const char *end = strchr(line, '\n'), *c = line;
        if (!end)
            end = line + strlen(line);
        while (c < end && *c == ' ')
            c++;
        if (c < end && isdigit((unsigned char)*c)) {
            while (c < end && isdigit((unsigned char)*c))
                c++;
            for (; c < end; c++) {
                *x += *c == 'X';
                *o += *c == 'O';
            }
        }
        line = *end ? end + 1 : end;
    }
}

/* 4x4 position for one move completing two squares:
 *   4  O X O O          after xb2 (seat 0) and xd4 (seat 1):
 *   3  O X O X          4  O O O .
 *   2  X O X O          3  O X O X
 *   1  X X X O          2  X . X O
 *                       1  X X X O
 * Placement makes no square (Q0 = Q1 = 0).                          */
static const char *const two_sq_4x4 =
    "a1 b2 b1 d2 c1 d1 a2 a3 c2 c3 b3 a4 d3 b4 d4 c4";

#endif
