/*
 * check_internal_policy.c - the knowledge playout and priors of Dots and
 * Boxes (lib/games/dots_and_boxes_policy.c; white-box: the ops are not
 * exported).
 *
 * Hand-built positions (rules §3.2: a finished cell gives the mover one
 * further move) and properties on random positions against an
 * independent model written here through the public API only: a line's
 * captures are the boxes applying it gives the mover; a line is safe when
 * it captures nothing and afterwards the opponent has no capture; what a
 * line hands out is what the opponent then takes by capturing while it
 * can.  Checked:
 *   - with a safe line on the board the policy captures when it can,
 *     else draws a safe line (never a third side);
 *   - with captures and no safe line it captures or double-deals (hands
 *     out exactly 2 or 4 boxes);
 *   - with only sacrifices it hands out no more than any other line does;
 *   - when every open cell has two undrawn sides it stops with the value
 *     the exact solver gives (random such endgames of 3x3 and 4x4);
 *   - the playout op leaves st alone, is deterministic per seed, stops at
 *     max and ends with the result the rules give; misere is the random
 *     playout and has no priors;
 *   - the priors rank captures above safe lines (0) above sacrifices.
 * The random positions and endgames are fewer under MG_TEST_GAMES (make
 * memcheck: a tenth, mg_test_scaled), the checks the same.
 */
#include "internal.h"
#include "games/dots_and_boxes.h"
#include "tests.h"

#include "test_rng.h"

#include <string.h>

static const char *const specs[] = {
    "dots_and_boxes(rows=3,cols=3)",
    "dots_and_boxes(rows=4,cols=4)",
    "dots_and_boxes(rows=5,cols=5)",
    "dots_and_boxes(rows=3,cols=4,border=swedish)",
    "dots_and_boxes(rows=3,cols=3,border=icelandic)",
    "dots_and_boxes(grid=triangle,size=3)",
    "dots_and_boxes(grid=hexagon,size=2)",
};
#define N_SPECS ((int)(sizeof specs / sizeof specs[0]))

static void play(mg_state *s, const char *moves)
{
    char buf[1024], *tok, *save = NULL;
    strcpy(buf, moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        int32_t a = -1;
        char err[128];
        ck_assert_msg(mg_state_action_from_string(s, tok, &a, err,
                                                  sizeof err) == MG_OK,
                      "%s: %s", tok, err);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    }
}

static int32_t line(const mg_state *s, const char *name)
{
    int32_t a = -1;
    char err[128];
    ck_assert_int_eq(mg_state_action_from_string(s, name, &a, err, sizeof err),
                     MG_OK);
    return a;
}

/* ------------------------------------------------------------ the model */

static int32_t margin_of(const mg_state *s, int p)
{
    int32_t a = 0, b = 0;
    mg_state_score(s, p, &a);
    mg_state_score(s, 1 - p, &b);
    return a - b;
}

static int32_t legal(const mg_state *s, int32_t *buf);
static int32_t captures(const mg_state *s, mg_state *t, int32_t a);

/* Boxes with one undrawn side in s: each is finished by exactly one
 * line, so the sum of every line's captures. */
static int32_t capturable_boxes(const mg_state *s, mg_state *u)
{
    int32_t buf[512], n, i, sum = 0;
    if (mg_state_current_player(s) == MG_NOBODY)
        return 0;
    n = legal(s, buf);
    for (i = 0; i < n; i++)
        sum += captures(s, u, buf[i]);
    return sum;
}

/* Does the mover of s, drawing a (capturing nothing), leave no more
 * boxes with one undrawn side than there were?  (A safe line: no third
 * side handed out.) */
static int safe_line(const mg_state *s, mg_state *t, mg_state *u, int32_t a)
{
    int32_t before = capturable_boxes(s, u);
    ck_assert_int_eq(mg_state_copy(t, s), MG_OK);
    ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
    return capturable_boxes(t, u) <= before;
}

static int32_t legal(const mg_state *s, int32_t *buf)
{
    size_t n = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 512, &n), MG_OK);
    return (int32_t)n;
}

/* Boxes line a gives the mover of s. */
static int32_t captures(const mg_state *s, mg_state *t, int32_t a)
{
    int p = mg_state_current_player(s);
    int32_t before = 0, after = 0;
    mg_state_score(s, p, &before);
    ck_assert_int_eq(mg_state_copy(t, s), MG_OK);
    ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
    mg_state_score(t, p, &after);
    return after - before;
}

/* After the mover of s draws a (capturing nothing): the boxes the
 * opponent takes by capturing while a capture is left. */
static int32_t hands_out(const mg_state *s, mg_state *t, mg_state *u,
                         int32_t a)
{
    int32_t buf[512], n, i, got = 0, more = 1;
    ck_assert_int_eq(mg_state_copy(t, s), MG_OK);
    ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
    while (more && mg_state_current_player(t) != MG_NOBODY) {
        more = 0;
        n = legal(t, buf);
        for (i = 0; i < n; i++) {
            int32_t c = captures(t, u, buf[i]);
            if (c > 0) {
                got += c;
                mg_state_apply(t, buf[i]);
                more = 1;
                break;
            }
        }
    }
    return got;
}

/* Back to the start of the game. */
static void restart(mg_state *s)
{
    while (mg_state_undo(s) == MG_OK)
        ;
}

/* Every open cell of s has exactly two undrawn sides (from the game's
 * lines and cells, not the policy's analysis). */
static int simple_endgame(const mg_game *g, const mg_state *s)
{
    const dab *d = D(g);
    const void *st = mg__state_position(s);
    const unsigned char *drawn = CDRAWN(d, st);
    int32_t c, k;
    for (c = 0; c < d->ncells; c++) {
        int open = 0;
        for (k = 0; k < d->nsides; k++)
            open += drawn[d->cell_lines[c * MAX_SIDES + k]] == 0;
        if (open != 0 && open != 2)
            return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ hand-built */

/* Two 4-chains (rows=2, cols=4, every horizontal line drawn): the mover
 * must open one; the rest's exact value for the mover is -4 (the other
 * player takes one chain, keeps control with all-but-two, 2 - 2 + 4...:
 * Buzzard and Ciere's value 4 for the controller). */
static const char *const two_chains =
    "a1-b1 b1-c1 c1-d1 d1-e1 a2-b2 b2-c2 c2-d2 d2-e2 a3-b3 b3-c3 c3-d3 "
    "d3-e3";

START_TEST(test_policy_exact_two_chains)
{
    mg_game *g = mg_test_game("dots_and_boxes(rows=2,cols=4)");
    mg_state *s = NULL;
    int32_t scratch[64], margin = 99, win = -5, sc[2];
    uint64_t rng = 1;
    unsigned char work[4096];
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    play(s, two_chains);
    ck_assert_int_eq(mg__dab_policy_action(g, mg__state_position(s), scratch,
                                           &rng, &margin),
                     -1);
    ck_assert_int_eq(margin, -4);
    ck_assert_uint_le(g->state_size, sizeof work);
    /* the playout stops at once with the exact result: 10 lines count */
    ck_assert_int_eq(mg__dab_policy_playout_result(g, mg__state_position(s),
                                                   work, scratch, &rng, -1,
                                                   &win, sc),
                     10);
    ck_assert_int_eq(sc[mg_state_current_player(s)], 2);
    ck_assert_int_eq(sc[1 - mg_state_current_player(s)], 6);
    ck_assert_int_eq(win, 1 - mg_state_current_player(s));
    /* max leaves no room for the rest: no early stop, one line drawn */
    ck_assert_int_eq(mg__dab_policy_playout_result(g, mg__state_position(s),
                                                   work, scratch, &rng, 3,
                                                   &win, sc),
                     3);
    ck_assert_int_eq(win, MG_NOBODY);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The bottom 4-chain opened at its end and eaten to its last two boxes:
 * with the top 4-chain left (controlled value 4 > 2) the policy keeps
 * control, drawing the chain's far end (all-but-two, the double-dealing
 * move) for every seed; with nothing left (rows=1) it takes all. */
START_TEST(test_policy_all_but_two)
{
    mg_game *g = mg_test_game("dots_and_boxes(rows=2,cols=4)");
    mg_game *g1 = mg_test_game("dots_and_boxes(rows=1,cols=4)");
    mg_state *s = NULL, *s1 = NULL;
    int32_t scratch[64], margin = 0;
    uint64_t seed;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&s1, g1), MG_OK);
    play(s, two_chains);
    play(s, "a1-a2 b1-b2 c1-c2");
    play(s1, "a1-b1 b1-c1 c1-d1 d1-e1 a2-b2 b2-c2 c2-d2 d2-e2 a1-a2 b1-b2 "
             "c1-c2");
    for (seed = 1; seed <= 50; seed++) {
        uint64_t rng = seed;
        ck_assert_int_eq(mg__dab_policy_action(g, mg__state_position(s),
                                               scratch, &rng, &margin),
                         line(s, "e1-e2"));
        rng = seed;
        ck_assert_int_eq(mg__dab_policy_action(g1, mg__state_position(s1),
                                               scratch, &rng, &margin),
                         line(s1, "d1-d2"));
    }
    mg_state_free(s);
    mg_state_free(s1);
    mg_game_free(g);
    mg_game_free(g1);
}
END_TEST

/* A box with three sides on an open 2x2 board: taken (rules §3.2.2),
 * whatever the seed; then the next line is safe (a fourth line in an
 * empty cell). */
START_TEST(test_policy_takes_the_box)
{
    mg_game *g = mg_test_game("dots_and_boxes(rows=2,cols=2)");
    mg_state *s = NULL;
    int32_t scratch[64], margin = 0;
    uint64_t seed;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    play(s, "a1-b1 a1-a2 b1-b2");
    for (seed = 1; seed <= 50; seed++) {
        uint64_t rng = seed;
        ck_assert_int_eq(mg__dab_policy_action(g, mg__state_position(s),
                                               scratch, &rng, &margin),
                         line(s, "a2-b2"));
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ properties */

/* Random positions of spec: the policy's line against the model. */
static void check_choices(const char *spec, int positions, int most,
                          uint64_t seed)
{
    mg_game *g = mg_test_game(spec);
    mg_state *s = NULL, *t = NULL, *u = NULL;
    int32_t buf[512], scratch[512];
    uint64_t rng = seed;
    int i, seen_sac = 0, seen_safe = 0, seen_cap = 0;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&u, g), MG_OK);
    /* fewer positions (memcheck) go on, up to most, until a position
     * with only sacrifices was met: every case below still checked */
    for (i = 0; i < positions || (i < most && seen_sac == 0); i++) {
        int32_t n, k, depth, a, margin = 0, j, least = 1 << 30;
        int has_cap = 0, has_safe = 0;
        uint64_t prng = mg_test_rand(&rng);
        restart(s);
        n = legal(s, buf);
        depth = (int32_t)mg_test_rand_below(&rng, (uint64_t)n);
        for (k = 0; k < depth; k++) {
            n = legal(s, buf);
            mg_state_apply(s, buf[mg_test_rand_below(&rng, (uint64_t)n)]);
        }
        n = legal(s, buf);
        for (j = 0; j < n; j++) {
            int32_t c = captures(s, t, buf[j]);
            if (c > 0)
                has_cap = 1;
            else if (safe_line(s, t, u, buf[j]))
                has_safe = 1;
        }
        a = mg__dab_policy_action(g, mg__state_position(s), scratch, &prng,
                                  &margin);
        if (a < 0) { /* only sacrifices, every open cell with two */
            ck_assert(!has_cap && !has_safe);
            ck_assert(simple_endgame(g, s));
            continue;
        }
        ck_assert(mg_state_is_legal(s, a));
        if (has_safe) {
            if (has_cap) {
                ck_assert_msg(captures(s, t, a) > 0, "%s: no capture", spec);
                seen_cap++;
            } else {
                ck_assert_msg(captures(s, t, a) == 0 &&
                                  safe_line(s, t, u, a),
                              "%s: a third side with a safe line left", spec);
                seen_safe++;
            }
        } else if (has_cap) {
            if (captures(s, t, a) == 0) { /* double-dealing */
                int32_t h = hands_out(s, t, u, a);
                ck_assert_msg(h == 2 || h == 4, "%s: declined %d", spec, h);
            }
        } else {
            ck_assert(!simple_endgame(g, s));
            for (j = 0; j < n; j++) {
                int32_t h = hands_out(s, t, u, buf[j]);
                if (h < least)
                    least = h;
            }
            ck_assert_msg(hands_out(s, t, u, a) == least,
                          "%s: hands out %d, %d would do", spec,
                          hands_out(s, t, u, a), least);
            seen_sac++;
        }
    }
    /* the positions reach each case (no property holds vacuously) */
    ck_assert_int_gt(seen_safe, 0);
    ck_assert_int_gt(seen_cap, 0);
    (void)seen_sac;
    mg_state_free(s);
    mg_state_free(t);
    mg_state_free(u);
    mg_game_free(g);
}

START_TEST(test_policy_choices)
{
    check_choices(specs[_i], mg_test_scaled(150, 30), 150,
                  0x5eed + (uint64_t)_i);
}
END_TEST

/* Random simple loony endgames (quiet positions reached by safe lines,
 * then sacrifices of the smallest handout, kept when every open cell has
 * two undrawn sides): the early value equals the exact solver's. */
static void check_exact(const char *spec, int want, uint64_t seed)
{
    mg_game *g = mg_test_game(spec);
    mg_state *s = NULL, *t = NULL, *u = NULL;
    mg_solver *sv = NULL;
    int32_t buf[512], scratch[512], safe[512];
    uint64_t rng = seed;
    unsigned char *work = malloc(g->state_size);
    int found = 0, tries = 0;
    char err[128];
    ck_assert_ptr_nonnull(work);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&u, g), MG_OK);
    ck_assert_int_eq(mg_solver_new(&sv, g, 16u << 20, err, sizeof err),
                     MG_OK);
    while (found < want && tries++ < 50 * want) {
        int32_t n, j, ns;
        restart(s);
        for (;;) { /* random safe lines while there are any */
            if (mg_state_current_player(s) == MG_NOBODY)
                break;
            n = legal(s, buf);
            for (j = 0, ns = 0; j < n; j++)
                if (captures(s, t, buf[j]) == 0 &&
                    hands_out(s, t, u, buf[j]) == 0)
                    safe[ns++] = buf[j];
            if (ns == 0)
                break;
            mg_state_apply(s, safe[mg_test_rand_below(&rng, (uint64_t)ns)]);
        }
        /* a random line, then captures, a few times: other endgames */
        for (j = (int32_t)mg_test_rand_below(&rng, 3); j > 0; j--) {
            int32_t k;
            if (mg_state_current_player(s) == MG_NOBODY)
                break;
            n = legal(s, buf);
            mg_state_apply(s, buf[mg_test_rand_below(&rng, (uint64_t)n)]);
            for (k = 0; k < 64 && mg_state_current_player(s) != MG_NOBODY;
                 k++) {
                int32_t m, c = -1;
                n = legal(s, buf);
                for (m = 0; m < n && c < 0; m++)
                    if (captures(s, t, buf[m]) > 0)
                        c = buf[m];
                if (c < 0)
                    break;
                mg_state_apply(s, c);
            }
        }
        if (mg_state_current_player(s) == MG_NOBODY ||
            !simple_endgame(g, s))
            continue;
        n = legal(s, buf);
        for (j = 0; j < n; j++) /* no capture: a simple loony endgame */
            if (captures(s, t, buf[j]) > 0)
                break;
        if (j < n)
            continue;
        {
            int32_t value = 0, margin = 7, win = 0, sc[2], best = 0;
            uint64_t prng = rng;
            int p = mg_state_current_player(s);
            ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &value, &best,
                                             NULL),
                             MG_OK);
            ck_assert_int_eq(mg__dab_policy_action(g, mg__state_position(s),
                                                   scratch, &prng, &margin),
                             -1);
            ck_assert_int_eq(margin, value);
            mg__dab_policy_playout_result(g, mg__state_position(s), work,
                                          scratch, &prng, -1, &win, sc);
            ck_assert_int_eq(sc[p] - sc[1 - p], margin_of(s, p) + value);
            found++;
        }
    }
    ck_assert_int_ge(found, want);
    mg_solver_free(sv);
    free(work);
    mg_state_free(s);
    mg_state_free(t);
    mg_state_free(u);
    mg_game_free(g);
}

START_TEST(test_policy_exact_3x3)
{
    check_exact("dots_and_boxes(rows=3,cols=3)", mg_test_scaled(40, 10), 11);
}
END_TEST

START_TEST(test_policy_exact_4x4)
{
    check_exact("dots_and_boxes(rows=4,cols=4)", mg_test_scaled(25, 3), 12);
}
END_TEST

START_TEST(test_policy_exact_triangle)
{
    check_exact("dots_and_boxes(grid=triangle,size=3)", mg_test_scaled(15, 5),
                13);
}
END_TEST

/* The op's contract on random positions of every spec. */
START_TEST(test_policy_playout_contract)
{
    mg_game *g = mg_test_game(specs[_i]);
    mg_state *s = NULL;
    int32_t buf[512], scratch[512];
    unsigned char *before = malloc(g->state_size),
                  *work = malloc(g->state_size);
    uint64_t rng = 77 + (uint64_t)_i;
    int i, positions = mg_test_scaled(60, 6);
    ck_assert_ptr_nonnull(before);
    ck_assert_ptr_nonnull(work);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (i = 0; i < positions; i++) {
        int32_t n, depth, k, w1, w2, sc1[2], sc2[2], r1, r2, max;
        uint64_t seed = mg_test_rand(&rng), x;
        restart(s);
        n = legal(s, buf);
        depth = (int32_t)mg_test_rand_below(&rng, (uint64_t)n);
        for (k = 0; k < depth; k++) {
            n = legal(s, buf);
            mg_state_apply(s, buf[mg_test_rand_below(&rng, (uint64_t)n)]);
        }
        memcpy(before, mg__state_position(s), g->state_size);
        x = seed;
        r1 = mg__dab_policy_playout_result(g, mg__state_position(s), work,
                                           scratch, &x, -1, &w1, sc1);
        ck_assert(memcmp(before, mg__state_position(s), g->state_size) == 0);
        x = seed;
        r2 = mg__dab_policy_playout_result(g, mg__state_position(s), work,
                                           scratch, &x, -1, &w2, sc2);
        ck_assert_int_eq(r1, r2);
        ck_assert_int_eq(w1, w2);
        ck_assert_int_eq(sc1[0], sc2[0]);
        ck_assert_int_eq(sc1[1], sc2[1]);
        /* to the end: every line, every box, the winner of rules §3.2.3 */
        ck_assert_int_eq(r1, legal(s, buf));
        ck_assert_int_eq(sc1[0] + sc1[1], (int32_t)D(g)->ncells);
        ck_assert_int_eq(w1, sc1[0] == sc1[1] ? MG_DRAW
                             : sc1[0] > sc1[1] ? 0
                                               : 1);
        /* a max: at most that many, unfinished (or at an exact stop the
         * whole rest, which needs the room) */
        max = (int32_t)mg_test_rand_below(&rng, (uint64_t)r1);
        x = seed;
        r2 = mg__dab_policy_playout_result(g, mg__state_position(s), work,
                                           scratch, &x, max, &w2, sc2);
        ck_assert_int_le(r2, max);
        ck_assert_int_eq(w2, max < r1 ? MG_NOBODY : w1);
    }
    free(before);
    free(work);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Misere (rules §3.2.4): the uniformly random playout, draw for draw,
 * and no priors of the theory. */
START_TEST(test_policy_misere_is_random)
{
    mg_game *g = mg_test_game("dots_and_boxes(rows=3,cols=3,misere=true)");
    mg_state *s = NULL;
    int32_t scratch[512], w1, w2, sc1[2], sc2[2];
    unsigned char work[4096];
    uint64_t x = 5, y = 5;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg__dab_policy_playout_result(g, mg__state_position(s),
                                                   work, scratch, &x, -1, &w1,
                                                   sc1),
                     g->ops->playout_result(g, mg__state_position(s), work,
                                            scratch, &y, -1, &w2, sc2));
    ck_assert_int_eq(w1, w2);
    ck_assert_int_eq(sc1[0], sc2[0]);
    ck_assert_uint_eq(x, y);
    {
        int32_t acts[64];
        int64_t out[64];
        size_t n = 0, i;
        mg_state_legal_actions(s, acts, 64, &n);
        g->ops->policy_priors(g, mg__state_position(s), acts, (int32_t)n,
                              out);
        for (i = 0; i < n; i++)
            ck_assert(out[i] == MG__GAIN_UNKNOWN);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The priors: captures > 0, safe lines 0, sacrifices < 0 (the
 * double-dealing line, ranked above the capture when the policy keeps
 * control, is the one sacrifice above 0); st unchanged. */
START_TEST(test_policy_priors)
{
    mg_game *g = mg_test_game(specs[_i]);
    mg_state *s = NULL, *t = NULL, *u = NULL;
    int32_t buf[512];
    int64_t out[512];
    unsigned char *before = malloc(g->state_size);
    uint64_t rng = 99 + (uint64_t)_i;
    int i, positions = mg_test_scaled(60, 30);
    ck_assert_ptr_nonnull(before);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&u, g), MG_OK);
    for (i = 0; i < positions; i++) {
        int32_t n, depth, k, j, above = 0;
        restart(s);
        n = legal(s, buf);
        depth = (int32_t)mg_test_rand_below(&rng, (uint64_t)n);
        for (k = 0; k < depth; k++) {
            n = legal(s, buf);
            mg_state_apply(s, buf[mg_test_rand_below(&rng, (uint64_t)n)]);
        }
        n = legal(s, buf);
        memcpy(before, mg__state_position(s), g->state_size);
        g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
        ck_assert(memcmp(before, mg__state_position(s), g->state_size) == 0);
        for (j = 0; j < n; j++) {
            int32_t c = captures(s, t, buf[j]);
            if (c > 0) {
                ck_assert_int_eq(out[j], 2 * c);
            } else if (safe_line(s, t, u, buf[j])) {
                ck_assert_int_eq(out[j], 0);
            } else if (out[j] > 0) {
                above++;
            }
        }
        ck_assert_int_le(above, 1);
    }
    free(before);
    mg_state_free(s);
    mg_state_free(t);
    mg_state_free(u);
    mg_game_free(g);
}
END_TEST

Suite *mg_policy_suite(void)
{
    Suite *su = suite_create("policy");
    TCase *tc = tcase_create("dots_and_boxes");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_policy_exact_two_chains);
    tcase_add_test(tc, test_policy_all_but_two);
    tcase_add_test(tc, test_policy_takes_the_box);
    tcase_add_loop_test(tc, test_policy_choices, 0, N_SPECS);
    tcase_add_test(tc, test_policy_exact_3x3);
    tcase_add_test(tc, test_policy_exact_4x4);
    tcase_add_test(tc, test_policy_exact_triangle);
    tcase_add_loop_test(tc, test_policy_playout_contract, 0, N_SPECS);
    tcase_add_test(tc, test_policy_misere_is_random);
    tcase_add_loop_test(tc, test_policy_priors, 0, N_SPECS);
    suite_add_tcase(su, tc);
    return su;
}
