/*
 * sites_fangqi_test.h - what the files of the position of Fangqi share
 * (check_sites_fangqi_points.c, check_sites_fangqi_held.c,
 * check_sites_fangqi_symmetries.c), over fangqi_test.h: the twelve
 * observation planes and their names, the most actions of a board, the 4x4
 * boards of check_fangqi_rules.c, and the observation of a state.
 */
#ifndef MG_SITES_FANGQI_TEST_H
#define MG_SITES_FANGQI_TEST_H

#include "fangqi_test.h"

enum { PL_OWN, PL_OPP, PL_EMPTY, PL_OWN_PROT, PL_OPP_PROT, PL_REMOVABLE,
       PL_PENDING, PL_PLACING, PL_REMOVING, PL_MOVING, PL_QUIET, PL_TO_MOVE,
       NPL };

static const char *const plane_names[NPL] = {
    "own",       "opponent", "empty",   "own_protected", "opponent_protected",
    "removable", "pending",  "placing", "removing",      "moving",
    "quiet",     "to_move"};

#define FQ_MAXA (2 * FQ_MAXP + FQ_MAXP * 36) /* 19 x 19: P = 361, S = 36 */

/* The 4x4 full board of check_fangqi_rules.c (rules §4.2.1-4):
 *   4  O O X X      X squares a1-b2, b1-c2 (Q0 = 2); O square a3-b4
 *   3  O O O O      (Q1 = 1)
 *   2  X X X O
 *   1  X X X O                                                          */
static const char *const full_4x4 =
    "a1 a3 b1 b3 c1 c3 a2 d3 b2 a4 c2 b4 c4 d1 d4 d2";

/* The 4x4 encirclement board of check_fangqi_rules.c (§4.2 options):
 *   4  O X O O      after xd3, xb4 and X's b3-b4, a4 has no liberty
 *   3  X X X O
 *   2  O O X X
 *   1  X O X O                                                          */
static const char *const enc_4x4 =
    "b4 a4 a3 c4 b3 d4 c3 d3 c2 a2 d2 b2 a1 b1 c1 d1";

/* ------------------------------------------------------------ helpers */

static inline int32_t sites_of(const mg_state *s)
{
    return mg_game_num_sites(mg_state_game(s));
}

/* The observation of `player` into o (NPL x sites floats). */
static inline void observe(const mg_state *s, int player, float *o)
{
    size_t count = 0, n = (size_t)sites_of(s);
    ck_assert_int_eq(mg_state_observation(s, player, o, NPL * n, &count),
                     MG_OK);
    ck_assert_uint_eq(count, NPL * n);
}

#endif
