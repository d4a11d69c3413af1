/*
 * check_internal_policy_chains.c - the priors of Chains of Thought
 * (lib/games/chains_policy.c; white-box: the op is not exported).
 *
 * The model, through the public API (who holds each point, the points'
 * neighbours, the score: the largest chain, rules §0) and a flood fill of
 * its own: apply the action to a copy; it is worth 4 per opponent stone
 * gone (the removal of rules §5.2), with removal=adjacent -4 per stone of
 * the mover's next to an opponent chain larger than its own chain (the
 * removal after the opponent's next action takes it, §5.2 Removal), +1
 * per stone the mover's largest chain gains and -1 per stone the
 * opponent's does; +-1000 for a decided game (§5.2 End).  Checked on a
 * hand-built position of rules §5.2 (the example where a5 removes b4 and
 * a6) and on random positions of five boards and options.
 */
#include "internal.h"
#include "tests.h"

#include "test_rng.h"

#include <string.h>

static const struct {
    const char *spec;
    int adjacent;
} variants[] = {
    {"chains_of_thought", 1},
    {"chains_of_thought(board=square6)", 1},
    {"chains_of_thought(board=trisquare4)", 1},
    {"chains_of_thought(board=hex4,removal=none)", 0},
    {"chains_of_thought(board=hex4,removal=ludii,goal=stalemate)", 0},
};
#define N_VARIANTS ((int)(sizeof variants / sizeof variants[0]))

static int32_t legal(const mg_state *s, int32_t *buf)
{
    size_t n = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 4096, &n), MG_OK);
    return (int32_t)n;
}

/* The size of the chain through p (a stone), by flood fill. */
static int chain_size(const mg_game *g, const mg_state *s, int32_t p)
{
    int32_t stack[512], seen[512], nb[8], np = mg_game_num_sites(g);
    int top = 0, n = 0, who = mg_state_site(s, p), i;
    size_t k, cnt;
    memset(seen, 0, sizeof seen);
    ck_assert_int_le(np, 512);
    stack[top++] = p;
    seen[p] = 1;
    while (top > 0) {
        int32_t q = stack[--top];
        n++;
        mg_game_site_neighbors(g, q, nb, 8, &cnt);
        for (k = 0; k < cnt; k++)
            if (!seen[nb[k]] && mg_state_site(s, nb[k]) == who) {
                seen[nb[k]] = 1;
                stack[top++] = nb[k];
            }
    }
    (void)i;
    return n;
}

static int stones(const mg_game *g, const mg_state *s, int seat)
{
    int32_t p, np = mg_game_num_sites(g);
    int n = 0;
    for (p = 0; p < np; p++)
        n += mg_state_site(s, p) == seat;
    return n;
}

/* Stones of `seat` next to a larger chain of the other seat's. */
static int threatened(const mg_game *g, const mg_state *s, int seat)
{
    int32_t p, np = mg_game_num_sites(g), nb[8];
    int n = 0;
    size_t k, cnt;
    for (p = 0; p < np; p++) {
        int own;
        if (mg_state_site(s, p) != seat)
            continue;
        own = chain_size(g, s, p);
        mg_game_site_neighbors(g, p, nb, 8, &cnt);
        for (k = 0; k < cnt; k++)
            if (mg_state_site(s, nb[k]) == 1 - seat &&
                chain_size(g, s, nb[k]) > own)
                break;
        n += k < cnt;
    }
    return n;
}

static int32_t score(const mg_state *s, int seat)
{
    int32_t v = 0;
    mg_state_score(s, seat, &v);
    return v;
}

static int64_t model(const mg_game *g, const mg_state *s, mg_state *t,
                     int adjacent, int32_t a)
{
    int me = mg_state_current_player(s), opp = 1 - me, w;
    int64_t v;
    mg_state_copy(t, s);
    ck_assert_int_eq(mg_state_apply(t, a), MG_OK);
    if (mg_state_is_terminal(t)) {
        w = mg_state_winner(t);
        return w == me ? 1000 : w == opp ? -1000 : 0;
    }
    v = 4 * (stones(g, s, opp) - stones(g, t, opp)) +
        (score(t, me) - score(s, me)) - (score(t, opp) - score(s, opp));
    if (adjacent)
        v -= 4 * threatened(g, t, me);
    return v;
}

/* Rules §5.2's example: after b6 b7 f2 b4 a4 g4 c7 a6, Black's a5
 * removes b4 and a6: ranked above every action that removes nothing. */
START_TEST(test_capture_first)
{
    mg_game *g = mg_test_game("chains_of_thought");
    mg_state *s, *t;
    int32_t buf[512], n, i, a5;
    int64_t out[512], best = -100000;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    {
        const char *m[] = {"b6", "b7", "f2", "b4", "a4", "g4", "c7", "a6"};
        for (i = 0; i < 8; i++)
            ck_assert_int_eq(mg_state_apply(s, mg_test_action(s, m[i])),
                             MG_OK);
    }
    a5 = mg_test_action(s, "a5");
    n = legal(s, buf);
    g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(out[i], model(g, s, t, 1, buf[i]));
        if (stones(g, t, 1) == stones(g, s, 1) && out[i] > best)
            best = out[i]; /* the best of those that remove nothing */
    }
    for (i = 0; i < n && buf[i] != a5; i++)
        ;
    ck_assert_int_lt(i, n);
    ck_assert_int_ge(out[i], 8); /* two stones removed */
    ck_assert_int_gt(out[i], best);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

START_TEST(test_priors_model)
{
    mg_game *g = mg_test_game(variants[_i].spec);
    mg_state *s, *t;
    int32_t buf[4096];
    int64_t out[4096];
    unsigned char before[8192];
    uint64_t rng = 41 + (uint64_t)_i;
    int k, checked = 0, captures = 0;
    ck_assert_uint_le(g->state_size, sizeof before);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    for (k = 0; k < 40; k++) {
        int32_t n, i, depth = (int32_t)mg_test_rand_below(&rng, 60);
        while (mg_state_undo(s) == MG_OK)
            ;
        while (depth-- > 0 && !mg_state_is_terminal(s)) {
            n = legal(s, buf);
            mg_state_apply(s, buf[mg_test_rand_below(&rng, (uint64_t)n)]);
        }
        if (mg_state_is_terminal(s))
            continue;
        n = legal(s, buf);
        memcpy(before, mg__state_position(s), g->state_size);
        g->ops->policy_priors(g, mg__state_position(s), buf, n, out);
        ck_assert(memcmp(before, mg__state_position(s), g->state_size) == 0);
        for (i = 0; i < n; i++) {
            int64_t m = model(g, s, t, variants[_i].adjacent, buf[i]);
            ck_assert_msg(out[i] == m, "%s: action %d: %lld, model %lld",
                          variants[_i].spec, buf[i], (long long)out[i],
                          (long long)m);
            captures += m >= 4;
        }
        checked += n;
    }
    ck_assert_int_gt(checked, 100);
    if (variants[_i].adjacent)
        ck_assert_int_gt(captures, 0);
    mg_state_free(s);
    mg_state_free(t);
    mg_game_free(g);
}
END_TEST

Suite *mg_policy_chains_suite(void)
{
    Suite *su = suite_create("policy_chains");
    TCase *tc = tcase_create("chains_of_thought");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_capture_first);
    tcase_add_loop_test(tc, test_priors_model, 0, N_VARIANTS);
    suite_add_tcase(su, tc);
    return su;
}
