/*
 * check_internal_policy_fangqi.c - the knowledge playout and priors of
 * Fangqi (lib/games/fangqi_policy.c; white-box: the ops are not exported).
 *
 * The model, written here through the public API (who holds each point,
 * the action's sites) and brute force: a square is a 2 x 2 block of one
 * colour (rules §4.1); a seat has a *threat* when one action of its own
 * would complete one -- while placing (rules §4.2.1), a placement of a
 * stone it still has on the empty point of a block holding three of its
 * stones; afterwards, a move along a row or column over empty points (one
 * step with movement=step, rules §4.2.6) of one of its stones onto such a
 * point, the moved stone not one of the three.  Checked:
 *   - hand-built positions of rules §4.2.1-6: the playout completes a
 *     square, blocks the opponent's, removes the stone that opens a square
 *     of the mover's (§4.2.5), and the priors rank those first;
 *   - on random positions of five variants, every prior is the model's
 *     8 x squares completed - 6 (opponent's threat after) + 2 (mover's),
 *     +-1000 for a decided game (the ko option is left out: its bans are
 *     the player to move's only, rules §4.2 `ko`);
 *   - the playout's first action completes a square whenever the mover
 *     can (the model's list), else fills an opponent's threat point when
 *     it can;
 *   - the op leaves st alone, is deterministic per seed, stops at max and
 *     ends with the winner and scores (stones) the rules give.
 */
#include "internal.h"
#include "tests.h"

#include "test_rng.h"

#include <stdlib.h>
#include <string.h>

typedef struct variant {
    const char *spec;
    int w, h, step, cop;
} variant;

static const variant variants[] = {
    {"fangqi", 8, 7, 0, 0},
    {"fangqi(width=4,height=4,no_capture_limit=30)", 4, 4, 0, 0},
    {"fangqi(variant=xinjiang)", 7, 7, 0, 0},
    {"fangqi(width=5,height=5,movement=step)", 5, 5, 1, 0},
    {"fangqi(width=6,height=5,capture_on_placement=true)", 6, 5, 0, 1},
};
#define N_VARIANTS ((int)(sizeof variants / sizeof variants[0]))

static void play(mg_state *s, const char *moves)
{
    char buf[1024], *tok, *save = NULL;
    strcpy(buf, moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save))
        ck_assert_int_eq(mg_state_apply(s, mg_test_action(s, tok)), MG_OK);
}

static void restart(mg_state *s)
{
    while (mg_state_undo(s) == MG_OK)
        ;
}

static int32_t legal(const mg_state *s, int32_t *buf)
{
    size_t n = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 4096, &n), MG_OK);
    return (int32_t)n;
}

/* ------------------------------------------------------------ the model */

static int at(const variant *v, const mg_state *s, int x, int y)
{
    if (x < 0 || y < 0 || x >= v->w || y >= v->h)
        return -2;
    return mg_state_site(s, y * v->w + x);
}

/* The squares of `seat` holding point p (rules §4.1). */
static int squares_at(const variant *v, const mg_state *s, int seat, int p)
{
    int px = p % v->w, py = p / v->w, dx, dy, n = 0;
    for (dy = -1; dy <= 0; dy++)
        for (dx = -1; dx <= 0; dx++) {
            int bx = px + dx, by = py + dy;
            n += at(v, s, bx, by) == seat && at(v, s, bx + 1, by) == seat &&
                 at(v, s, bx, by + 1) == seat &&
                 at(v, s, bx + 1, by + 1) == seat;
        }
    return n;
}

/* Would seat's stone on `to` (from `from`, -1 when placed) complete a
 * square? */
static int completes(const variant *v, const mg_state *s, int seat,
                     int from, int to)
{
    int tx = to % v->w, ty = to / v->w, dx, dy, i;
    for (dy = -1; dy <= 0; dy++)
        for (dx = -1; dx <= 0; dx++) {
            int bx = tx + dx, by = ty + dy, ok = 1;
            if (bx < 0 || by < 0 || bx + 1 >= v->w || by + 1 >= v->h)
                continue;
            for (i = 0; i < 4; i++) {
                int x = bx + (i & 1), y = by + (i >> 1), p = y * v->w + x;
                if (p == to)
                    continue;
                if (p == from || at(v, s, x, y) != seat)
                    ok = 0;
            }
            if (ok)
                return 1;
        }
    return 0;
}

/* May a stone on `from` move to `to` (rules §4.2.6: along its row or
 * column over empty points, one step with movement=step)? */
static int can_go(const variant *v, const mg_state *s, int from, int to)
{
    int fx = from % v->w, fy = from / v->w, tx = to % v->w, ty = to / v->w;
    int sx = tx > fx ? 1 : tx < fx ? -1 : 0;
    int sy = ty > fy ? 1 : ty < fy ? -1 : 0;
    int x = fx + sx, y = fy + sy;
    if ((fx != tx && fy != ty) || from == to)
        return 0;
    if (v->step && abs(tx - fx) + abs(ty - fy) != 1)
        return 0;
    for (;; x += sx, y += sy) {
        if (at(v, s, x, y) != MG_NOBODY)
            return 0;
        if (x == tx && y == ty)
            return 1;
    }
}

/* The model's threat of `seat` (the file's comment); placing: whether
 * the placing stage goes on, and the seat's stones still to place. */
static int threat(const variant *v, const mg_state *s, int seat,
                  int placing, int left)
{
    int P = v->w * v->h, to, from;
    for (to = 0; to < P; to++) {
        if (mg_state_site(s, to) != MG_NOBODY)
            continue;
        if (placing) {
            if (left > 0 && completes(v, s, seat, -1, to))
                return 1;
            continue;
        }
        for (from = 0; from < P; from++)
            if (mg_state_site(s, from) == seat && can_go(v, s, from, to) &&
                completes(v, s, seat, from, to))
                return 1;
    }
    return 0;
}

/* A random position of v: `depth` random actions from the start (fewer
 * when the game ends), the placements of each seat counted. */
typedef struct pos {
    int placed[2];
} pos;

static void random_position(const variant *v, mg_state *s, uint64_t *rng,
                            int depth, pos *ps)
{
    int32_t buf[4096];
    int P = v->w * v->h;
    restart(s);
    ps->placed[0] = ps->placed[1] = 0;
    while (depth-- > 0 && !mg_state_is_terminal(s)) {
        int32_t n = legal(s, buf), a;
        int p = mg_state_current_player(s);
        a = buf[mg_test_rand_below(rng, (uint64_t)n)];
        ps->placed[p] += a < P;
        mg_state_apply(s, a);
    }
}

/* The model's prior of action a in s (not over). */
static int64_t model_prior(const variant *v, const mg_state *s, mg_state *t,
                           const pos *ps, int32_t a)
{
    int P = v->w * v->h, me = mg_state_current_player(s), opp = 1 - me;
    int placed[2], placing, w;
    int32_t from, to;
    int64_t val = 0;
    mg_state_copy(t, s);
    ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
    placed[0] = ps->placed[0] + (a < P && me == 0);
    placed[1] = ps->placed[1] + (a < P && me == 1);
    if (mg_state_is_terminal(t)) {
        w = mg_state_winner(t);
        return w == me ? 1000 : w == opp ? -1000 : 0;
    }
    mg_game_action_sites(mg_state_game(t), a, &from, &to);
    if (to >= 0)
        val += 8 * squares_at(v, t, me, to);
    placing = placed[0] < (P + 1) / 2 || placed[1] < P / 2;
    if (threat(v, t, opp, placing, (opp ? P / 2 : (P + 1) / 2) - placed[opp]))
        val -= 6;
    if (threat(v, t, me, placing, (me ? P / 2 : (P + 1) / 2) - placed[me]))
        val += 2;
    return val;
}

/* The action the playout plays first from s (its work state after one
 * action is the position that action makes). */
static int32_t first_action(const mg_game *g, const mg_state *s,
                            mg_state *t, uint64_t seed)
{
    unsigned char work[4096];
    int32_t scratch[4096], buf[4096], n, i, w, sc[2], found = -1;
    uint64_t x = seed;
    ck_assert_uint_le(g->state_size, sizeof work);
    ck_assert_int_eq(g->ops->policy_playout_result(g, mg__state_position(s),
                                                   work, scratch, &x, 1, &w,
                                                   sc),
                     1);
    n = legal(s, buf);
    for (i = 0; i < n; i++) {
        mg_state_copy(t, s);
        mg_state_apply(t, buf[i]);
        if (memcmp(mg__state_position(t), work, g->state_size) == 0) {
            ck_assert_int_eq(found, -1); /* one action makes it */
            found = buf[i];
        }
    }
    ck_assert_int_ge(found, 0);
    return found;
}

/* ------------------------------------------------------ hand positions */

/* Placing (rules §4.2.1-2): Black (seat 0) has three stones of the block
 * a1-b2; it completes the square, White blocks it. */
START_TEST(test_place_complete_and_block)
{
    mg_game *g = mg_test_game("fangqi(width=4,height=4)");
    mg_state *s, *t;
    int32_t buf[64], n, i, b2;
    int64_t out[64];
    uint64_t seed;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    play(s, "a1 d4 b1 d1 a2 a4");
    b2 = mg_test_action(s, "b2");
    for (seed = 1; seed < 20; seed++)
        ck_assert_int_eq(first_action(g, s, t, seed), b2);
    n = legal(s, buf);
    g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
    for (i = 0; i < n; i++) /* b2: the square; the rest keep the threat */
        ck_assert_int_eq(out[i], buf[i] == b2 ? 8 : 2);
    restart(s);
    play(s, "a1 d4 b1 d1 a2"); /* White to place */
    for (seed = 1; seed < 20; seed++)
        ck_assert_int_eq(first_action(g, s, t, seed), b2);
    n = legal(s, buf);
    g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
    for (i = 0; i < n; i++) /* anything but b2 leaves Black its square */
        ck_assert_int_eq(out[i], buf[i] == b2 ? 0 : -6);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

/* Removing (rules §4.2.3, §4.2.5) and moving (§4.2.6) on a full 4 x 4
 * board without squares: Black's first removal opens a block where it
 * has the other three (xb2 or xd2); once b2 is empty, c2-b2 completes
 * a1-b2 and removes a stone. */
START_TEST(test_remove_then_move)
{
    mg_game *g = mg_test_game("fangqi(width=4,height=4)");
    mg_state *s, *t;
    int32_t buf[256], n, i, cb, a;
    int64_t out[256];
    uint64_t seed;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    /* Black a1 b1 a2 c2 c3 d3 a4 b4, White c1 d1 b2 d2 a3 b3 c4 d4 */
    play(s, "a1 c1 b1 d1 a2 b2 c2 d2 c3 a3 d3 b3 a4 c4 b4 d4");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    for (seed = 1; seed < 30; seed++) {
        a = first_action(g, s, t, seed);
        ck_assert_msg(a == mg_test_action(s, "xb2") ||
                          a == mg_test_action(s, "xd2"),
                      "%d", a);
    }
    play(s, "xb2");
    /* White's: the stones of Black's threat a1 b1 a2, or c2 (it has the
     * other three of c1-d2) */
    for (seed = 1; seed < 30; seed++) {
        a = first_action(g, s, t, seed);
        ck_assert_msg(a == mg_test_action(s, "xa1") ||
                          a == mg_test_action(s, "xb1") ||
                          a == mg_test_action(s, "xa2") ||
                          a == mg_test_action(s, "xc2"),
                      "%d", a);
    }
    play(s, "xd3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    cb = mg_test_action(s, "c2-b2");
    for (seed = 1; seed < 20; seed++)
        ck_assert_int_eq(first_action(g, s, t, seed), cb);
    n = legal(s, buf);
    g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
    for (i = 0; i < n; i++)
        if (buf[i] == cb)
            ck_assert_int_eq(out[i], 8);
        else
            ck_assert_int_lt(out[i], 8);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

/* ---------------------------------------------------------- properties */

START_TEST(test_priors_model)
{
    const variant *v = &variants[_i];
    mg_game *g = mg_test_game(v->spec);
    mg_state *s, *t;
    int32_t buf[4096];
    int64_t out[4096];
    unsigned char before[4096];
    uint64_t rng = 31 + (uint64_t)_i;
    int k, P = v->w * v->h, checked = 0;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    for (k = 0; k < 40; k++) {
        pos ps;
        int32_t n, i;
        random_position(v, s, &rng,
                        (int)mg_test_rand_below(&rng, (uint64_t)(2 * P)), &ps);
        if (mg_state_is_terminal(s))
            continue;
        n = legal(s, buf);
        memcpy(before, mg__state_position(s), g->state_size);
        g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
        ck_assert(memcmp(before, mg__state_position(s), g->state_size) == 0);
        for (i = 0; i < n; i++) {
            int64_t m = model_prior(v, s, t, &ps, buf[i]);
            ck_assert_msg(out[i] == m, "%s, action %d: %lld, model %lld",
                          v->spec, buf[i], (long long)out[i], (long long)m);
        }
        checked += n;
    }
    ck_assert_int_gt(checked, 100);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

START_TEST(test_playout_choices)
{
    const variant *v = &variants[_i];
    mg_game *g = mg_test_game(v->spec);
    mg_state *s, *t;
    int32_t buf[4096];
    uint64_t rng = 57 + (uint64_t)_i;
    int k, P = v->w * v->h, took = 0, blocked = 0;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    for (k = 0; k < 300; k++) {
        pos ps;
        int32_t n, i, a, from, to;
        int me, placing, can = 0, block = 0;
        random_position(v, s, &rng,
                        (int)mg_test_rand_below(&rng, (uint64_t)(2 * P)), &ps);
        if (mg_state_is_terminal(s))
            continue;
        n = legal(s, buf);
        mg_game_action_sites(g, buf[0], &from, &to);
        if (to < 0)
            continue; /* removals: the hand positions */
        me = mg_state_current_player(s);
        placing = from < 0;
        for (i = 0; i < n; i++) {
            mg_game_action_sites(g, buf[i], &from, &to);
            if (completes(v, s, me, from, to))
                can = 1;
        }
        a = first_action(g, s, t, mg_test_rand(&rng));
        mg_game_action_sites(g, a, &from, &to);
        if (can) {
            ck_assert_msg(completes(v, s, me, from, to), "%s: %d", v->spec,
                          a);
            took++;
            continue;
        }
        /* no square: fill the opponent's threat point when one can be
         * filled and is one the opponent could fill next */
        for (i = 0; i < n; i++) {
            int32_t f2, t2;
            mg_game_action_sites(g, buf[i], &f2, &t2);
            if (completes(v, s, 1 - me, -1, t2) &&
                (placing || threat(v, s, 1 - me, 0, 0))) {
                /* t2 completes a block of the opponent's: with a
                 * threat there, when the opponent reaches t2 */
                int fr;
                for (fr = 0; !placing && fr < P; fr++)
                    if (mg_state_site(s, fr) == 1 - me &&
                        can_go(v, s, fr, t2) &&
                        completes(v, s, 1 - me, fr, t2))
                        break;
                if (placing || fr < P)
                    block = 1;
            }
        }
        if (block) {
            ck_assert_msg(completes(v, s, 1 - me, -1, to), "%s: %d", v->spec,
                          a);
            blocked++;
        }
    }
    ck_assert_int_gt(took, 3);
    ck_assert_int_gt(blocked, 0);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

START_TEST(test_playout_contract)
{
    const variant *v = &variants[_i];
    mg_game *g = mg_test_game(v->spec);
    mg_state *s;
    int32_t scratch[4096];
    unsigned char before[4096], work[4096];
    uint64_t rng = 83 + (uint64_t)_i;
    int k, P = v->w * v->h;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    for (k = 0; k < 30; k++) {
        pos ps;
        int32_t w1, w2, sc1[2], sc2[2], r1, r2, max;
        uint64_t seed = mg_test_rand(&rng), x;
        random_position(v, s, &rng,
                        (int)mg_test_rand_below(&rng, (uint64_t)(2 * P)), &ps);
        if (mg_state_is_terminal(s))
            continue;
        memcpy(before, mg__state_position(s), g->state_size);
        x = seed;
        r1 = g->ops->policy_playout_result(g, mg__state_position(s), work,
                                           scratch, &x, 2000, &w1, sc1);
        ck_assert(memcmp(before, mg__state_position(s), g->state_size) == 0);
        x = seed;
        r2 = g->ops->policy_playout_result(g, mg__state_position(s), work,
                                           scratch, &x, 2000, &w2, sc2);
        ck_assert_int_eq(r1, r2);
        ck_assert_int_eq(w1, w2);
        ck_assert_int_eq(sc1[0], sc2[0]);
        ck_assert_int_eq(sc1[1], sc2[1]);
        /* the work state is the end: what the ops say of it */
        ck_assert_int_eq(w1, g->ops->winner(g, work));
        ck_assert_int_eq(sc1[0], g->ops->score(g, work, 0));
        ck_assert_int_eq(sc1[1], g->ops->score(g, work, 1));
        if (r1 < 2000)
            ck_assert_int_ne(w1, MG_NOBODY);
        max = (int32_t)mg_test_rand_below(&rng, (uint64_t)r1);
        x = seed;
        r2 = g->ops->policy_playout_result(g, mg__state_position(s), work,
                                           scratch, &x, max, &w2, sc2);
        ck_assert_int_le(r2, max);
        if (max < r1)
            ck_assert_int_eq(w2, MG_NOBODY);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_policy_fangqi_suite(void)
{
    Suite *su = suite_create("policy_fangqi");
    TCase *tc = tcase_create("fangqi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_place_complete_and_block);
    tcase_add_test(tc, test_remove_then_move);
    tcase_add_loop_test(tc, test_priors_model, 0, N_VARIANTS);
    tcase_add_loop_test(tc, test_playout_choices, 0, N_VARIANTS);
    tcase_add_loop_test(tc, test_playout_contract, 0, N_VARIANTS);
    suite_add_tcase(su, tc);
    return su;
}
