/*
 * check_queries.c - the 1.5 queries a binding needs:
 * mg_game_observation_bounds, mg_game_max_length and mg_state_legal_mask.
 *
 * Properties over random games of every property spec (game_specs.h):
 * every observation, of either player, lies within the declared bounds of
 * its plane; a bounded game ends within mg_game_max_length actions; the
 * mask agrees with mg_state_is_legal and mg_state_legal_actions.  The
 * bounds that mindgames-games(7) calls exact are reached: China's
 * to_place by the best first stone (rules §1.5: the quota of a turn).
 */
#include "game_specs.h"
#include "test_rng.h"
#include "tests.h"

#include <string.h>

#define MAX_ACTIONS 8192
#define UNBOUNDED_STEPS 400 /* actions played of an unbounded game */

typedef struct seen {
    float lo[16], hi[16];
} seen;

/* Observe s for both players; check every entry against the bounds and
 * fold it into *sn. */
static void observe_within(const mg_state *s, const char *spec, float *obs,
                           size_t cap, seen *sn)
{
    const mg_game *g = mg_state_game(s);
    int32_t planes, sites, p, i;
    int player;
    size_t count;
    ck_assert_int_eq(mg_game_observation_shape(g, &planes, &sites), MG_OK);
    for (player = 0; player < 2; player++) {
        ck_assert_int_eq(mg_state_observation(s, player, obs, cap, &count),
                         MG_OK);
        for (p = 0; p < planes; p++) {
            float lo, hi;
            ck_assert_int_eq(mg_game_observation_bounds(g, p, &lo, &hi),
                             MG_OK);
            for (i = 0; i < sites; i++) {
                float v = obs[p * sites + i];
                MG_REQUIRE(v >= lo && v <= hi,
                           "%s: plane %d (%s) = %g outside [%g, %g]", spec,
                           (int)p, mg_game_observation_plane(g, p), v, lo,
                           hi);
                if (v < sn->lo[p])
                    sn->lo[p] = v;
                if (v > sn->hi[p])
                    sn->hi[p] = v;
            }
        }
    }
}

/* The mask agrees with is_legal and legal_actions. */
static void mask_agrees(const mg_state *s, uint8_t *mask, int32_t *legal)
{
    const mg_game *g = mg_state_game(s);
    int32_t na = mg_game_num_actions(g), a;
    size_t n, k, ones = 0;
    ck_assert_int_eq(mg_state_legal_mask(s, mask, (size_t)na), MG_OK);
    ck_assert_int_eq(mg_state_legal_actions(s, legal, MAX_ACTIONS, &n), MG_OK);
    for (a = 0; a < na; a++) {
        MG_REQUIRE(mask[a] == (uint8_t)mg_state_is_legal(s, a),
                   "mask[%d] = %d", (int)a, mask[a]);
        ones += mask[a];
    }
    ck_assert_uint_eq(ones, n);
    for (k = 0; k < n; k++)
        ck_assert_int_eq(mask[legal[k]], 1);
}

START_TEST(test_bounds_hold_in_random_games)
{
    static float obs[1 << 16];
    static uint8_t mask[MAX_ACTIONS];
    static int32_t legal[MAX_ACTIONS];
    size_t e;
    int games = mg_test_games_upto(2), played = 0;
    uint64_t rng = 0x0B5E27ULL;
    for (e = 0; e < sizeof mg_test_specs / sizeof mg_test_specs[0]; e++) {
        const mg_test_spec *t = &mg_test_specs[e];
        mg_game *g;
        int k;
        if (!(t->uses & TS_PROPERTY))
            continue;
        MG_GAME(g, t->spec);
        for (k = 0; k < games; k++) {
            mg_state *s;
            seen sn;
            int32_t len = mg_game_max_length(g), steps = 0, p;
            ck_assert_int_ge(len, 0);
            for (p = 0; p < 16; p++) {
                sn.lo[p] = 1e30f;
                sn.hi[p] = -1e30f;
            }
            ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
            for (;;) {
                size_t n;
                observe_within(s, t->spec, obs, sizeof obs / sizeof obs[0],
                               &sn);
                mask_agrees(s, mask, legal);
                if (mg_state_is_terminal(s))
                    break;
                if (len == 0 && steps >= UNBOUNDED_STEPS)
                    break;
                ck_assert_int_eq(
                    mg_state_legal_actions(s, legal, MAX_ACTIONS, &n), MG_OK);
                ck_assert_uint_gt(n, 0);
                ck_assert_int_eq(
                    mg_state_apply(s, legal[mg_test_rand_below(&rng, n)]),
                    MG_OK);
                steps++;
                MG_REQUIRE(len == 0 || steps <= len,
                           "%s: %d actions, max_length %d", t->spec,
                           (int)steps, (int)len);
            }
            mg_state_free(s);
            played++;
        }
        mg_game_free(g);
    }
    ck_assert_int_gt(played, 0);
}
END_TEST

/* China (rules §1.5): to_place's bound is reached by the first stone on
 * a cell of the largest quota, and by no first stone exceeded. */
START_TEST(test_china_to_place_reached)
{
    static const char *const specs[] = {
        "china_squares", "china_octangle", "china_tangle", "china_grove",
        "china_grove(mode=number)", "china_squares(board=7)"};
    static float obs[16 * 512];
    size_t i;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        mg_game *g;
        mg_state *s;
        int32_t planes, sites, cell, plane = -1, p;
        float lo, hi, best = 0.0f;
        size_t count;
        MG_GAME(g, specs[i]);
        ck_assert_int_eq(mg_game_observation_shape(g, &planes, &sites), MG_OK);
        for (p = 0; p < planes; p++)
            if (strcmp(mg_game_observation_plane(g, p), "to_place") == 0)
                plane = p;
        ck_assert_int_ge(plane, 0);
        ck_assert_int_eq(mg_game_observation_bounds(g, plane, &lo, &hi),
                         MG_OK);
        ck_assert(lo == 0.0f && hi >= 1.0f);
        ck_assert(hi <= (mg_board_kind(mg_game_board(g)) ==
                                 MG_BOARD_OCTOPUSZLE
                             ? 8.0f
                             : 6.0f));
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        for (cell = 0; cell < sites; cell++) {
            if (!mg_state_is_legal(s, cell))
                continue;
            ck_assert_int_eq(mg_state_apply(s, cell), MG_OK);
            ck_assert_int_eq(
                mg_state_observation(s, 0, obs, sizeof obs / sizeof obs[0],
                                     &count),
                MG_OK);
            if (obs[plane * sites] > best)
                best = obs[plane * sites];
            ck_assert_int_eq(mg_state_undo(s), MG_OK);
        }
        ck_assert_msg(best == hi, "%s: to_place reaches %g, bound %g",
                      specs[i], best, hi);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

/* Flags are [0, 1]; the documented counting planes wider. */
START_TEST(test_bounds_per_game)
{
    mg_game *g;
    float lo = -1, hi = -1;
    MG_GAME(g, "dots_and_boxes");
    ck_assert_int_eq(mg_game_observation_bounds(g, 4, &lo, &hi), MG_OK);
    ck_assert(lo == 0.0f && hi == 1.0f);
    ck_assert_int_eq(mg_game_observation_bounds(g, 0, NULL, NULL), MG_OK);
    ck_assert_int_eq(mg_game_observation_bounds(g, 6, &lo, &hi), MG_ERANGE);
    ck_assert_int_eq(mg_game_observation_bounds(g, -1, &lo, &hi), MG_ERANGE);
    ck_assert_int_eq(mg_game_observation_bounds(NULL, 0, &lo, &hi),
                     MG_EINVAL);
    ck_assert(lo == 0.0f && hi == 1.0f); /* untouched by the errors */
    ck_assert_int_eq(mg_game_max_length(g), 40); /* rules §3: 40 lines */
    mg_game_free(g);
    MG_GAME(g, "chains_of_thought");
    ck_assert_int_eq(mg_game_observation_bounds(g, 3, &lo, &hi), MG_OK);
    ck_assert(lo == 0.0f && hi == (float)mg_game_num_sites(g));
    ck_assert_int_eq(mg_game_max_length(g), 0); /* removals: unbounded */
    mg_game_free(g);
    MG_GAME(g, "fangqi");
    ck_assert_int_eq(mg_game_observation_bounds(g, 6, &lo, &hi), MG_OK);
    ck_assert(lo == 0.0f && hi >= 4.0f);
    ck_assert_int_eq(mg_game_max_length(NULL), MG_EINVAL);
    mg_game_free(g);
}
END_TEST

START_TEST(test_legal_mask_errors)
{
    mg_game *g;
    mg_state *s;
    uint8_t mask[64];
    int32_t na;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    na = mg_game_num_actions(g);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    memset(mask, 7, sizeof mask);
    ck_assert_int_eq(mg_state_legal_mask(NULL, mask, sizeof mask), MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_mask(s, NULL, sizeof mask), MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_mask(s, mask, (size_t)na - 1), MG_ENOBUFS);
    ck_assert_int_eq(mask[0], 7); /* untouched */
    ck_assert_int_eq(mg_state_legal_mask(s, mask, (size_t)na), MG_OK);
    ck_assert_int_eq(mask[0], 1);
    ck_assert_int_eq(mask[na], 7); /* nothing past num_actions */
    ck_assert_int_ge(mg_state_playout(s, 1, -1), 0);
    ck_assert_int_eq(mg_state_legal_mask(s, mask, (size_t)na), MG_OK);
    for (; na > 0; na--)
        ck_assert_int_eq(mask[na - 1], 0); /* over: all 0 */
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_queries_suite(void)
{
    Suite *s = suite_create("queries");
    TCase *tc = tcase_create("queries");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_bounds_hold_in_random_games);
    tcase_add_test(tc, test_china_to_place_reached);
    tcase_add_test(tc, test_bounds_per_game);
    tcase_add_test(tc, test_legal_mask_errors);
    suite_add_tcase(s, tc);
    return s;
}
