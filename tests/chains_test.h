/*
 * chains_test.h - what the Chains of Thought test files share
 * (check_chains_rules.c; check_chains_options.c, check_chains_boards.c
 * and check_chains_games.c through chains_boards_test.h): games and
 * states, actions by notation, scores, and a comparison for qsort.
 */
#ifndef MG_CHAINS_TEST_H
#define MG_CHAINS_TEST_H

#include "tests.h"

#include <stdio.h>
#include <string.h>

#define CT_MAXP 361
#define CT_MAXD 8

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
    char err[160] = "";
    int rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "parse %s: %d %s", text, rc, err);
    return a;
}

static inline int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static inline int32_t score(const mg_state *s, int p)
{
    int32_t v = -1;
    ck_assert_int_eq(mg_state_score(s, p, &v), MG_OK);
    return v;
}

/* Ludii's score of a player (Chains of Thought.lud lines 236-241,
 * "SetScores"): the largest of its chain sizes left after cancelling
 * them one for one against the opponent's (a multiset difference), -1
 * when none is left.  mine and theirs: mg_state_groups() of the two. */
static inline int32_t ludii_score(const int32_t *mine, size_t n,
                                  const int32_t *theirs, size_t m)
{
    char used[CT_MAXP];
    int32_t best = -1;
    size_t i, j;
    memset(used, 0, sizeof used);
    for (i = 0; i < n; i++) {
        for (j = 0; j < m && (used[j] || theirs[j] != mine[i]); j++)
            ;
        if (j < m)
            used[j] = 1; /* cancelled */
        else if (mine[i] > best)
            best = mine[i];
    }
    return best;
}

/* Both players' Ludii scores in the position s. */
static inline void ludii_scores(const mg_state *s, int32_t *sc)
{
    static int32_t gr[2][CT_MAXP];
    size_t n[2];
    int p;
    for (p = 0; p < 2; p++)
        ck_assert_int_eq(mg_state_groups(s, p, gr[p], CT_MAXP, &n[p]), MG_OK);
    sc[0] = ludii_score(gr[0], n[0], gr[1], n[1]);
    sc[1] = ludii_score(gr[1], n[1], gr[0], n[0]);
}

static inline void spec_of(const mg_game *g, char *buf, size_t cap)
{
    ck_assert_int_eq(mg_game_spec(g, buf, cap, NULL), MG_OK);
}

#endif
