/*
 * check_batch.c - mg_batch (1.5): n games stepped together.
 *
 * The batch against a model written here: one mg_state per game, stepped
 * with mg_state_apply by the rules of mg_batch(3) (the three autoreset
 * modes, truncation, the two reward modes), compared bit for bit after
 * every step: statuses, players to move, rewards, flags, masks (against
 * mg_state_legal_mask), observations (against mg_state_observation, and
 * the bytes against their mapping from the plane bounds) and final
 * observations.  Actions are random legal ones mixed with illegal and
 * out-of-range ids; an illegal action must leave its game unchanged.
 */
#include "test_rng.h"
#include "tests.h"

#include <math.h>
#include <string.h>

#define MAXN 8

/* Counting allocations (glibc, no sanitizer): the library's calls to
 * malloc resolve to these definitions of the executable, which count and
 * pass on to glibc's own.  Under valgrind (make memcheck), which replaces
 * them, the test that counts finds no count and stops. */
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) &&                   \
    !defined(__SANITIZE_THREAD__)
#define COUNT_ALLOCS 1
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t m);
extern void *__libc_realloc(void *p, size_t n);
static long allocs;
void *malloc(size_t n);
void *calloc(size_t n, size_t m);
void *realloc(void *p, size_t n);
void *malloc(size_t n)
{
    allocs++;
    return __libc_malloc(n);
}
void *calloc(size_t n, size_t m)
{
    allocs++;
    return __libc_calloc(n, m);
}
void *realloc(void *p, size_t n)
{
    allocs++;
    return __libc_realloc(p, n);
}
long mg_test_allocations(void)
{
    return allocs;
}
#else
long mg_test_allocations(void)
{
    return -1;
}
#endif

typedef struct model {
    const mg_game *g;
    mg_state *s[MAXN];
    int done[MAXN], last[MAXN], autoreset, score_mode;
    int32_t margin[MAXN], limit;
    int8_t status[MAXN];
    uint8_t term[MAXN], trunc[MAXN], final_ok[MAXN];
    float rew[MAXN][2];
    float *final[MAXN];
} model;

static int32_t margin(const mg_state *s)
{
    int32_t a, b;
    ck_assert_int_eq(mg_state_score(s, 0, &a), MG_OK);
    ck_assert_int_eq(mg_state_score(s, 1, &b), MG_OK);
    return a - b;
}

static int mover_view(const mg_state *s, int last)
{
    int p = mg_state_current_player(s);
    if (p == MG_NOBODY)
        p = last;
    return p == MG_NOBODY ? 0 : p;
}

static void model_reset(model *m, int i)
{
    mg_state_free(m->s[i]);
    ck_assert_int_eq(mg_state_new(&m->s[i], m->g), MG_OK);
    m->done[i] = 0;
    m->last[i] = MG_NOBODY;
    m->margin[i] = margin(m->s[i]);
}

static void model_step(model *m, int n, const int32_t *actions)
{
    size_t planes_sites;
    int32_t np, ns;
    int i;
    mg_game_observation_shape(m->g, &np, &ns);
    planes_sites = (size_t)np * (size_t)ns;
    for (i = 0; i < n; i++) {
        mg_state *s;
        int32_t a = actions[i];
        size_t len, count;
        int mover, over, trunc;
        m->term[i] = m->trunc[i] = m->final_ok[i] = 0;
        m->rew[i][0] = m->rew[i][1] = 0.0f;
        if (m->done[i]) {
            if (m->autoreset == MG_AUTORESET_NEXT_STEP) {
                model_reset(m, i);
                m->status[i] = MG_BATCH_RESET;
            } else {
                m->status[i] = MG_BATCH_IDLE;
            }
            continue;
        }
        s = m->s[i];
        mover = mg_state_current_player(s);
        if (mg_state_apply(s, a) != MG_OK) {
            m->status[i] = MG_BATCH_ILLEGAL;
            continue;
        }
        m->last[i] = mover;
        if (m->score_mode) {
            int32_t now = margin(s);
            m->rew[i][0] = (float)(now - m->margin[i]);
            m->rew[i][1] = -m->rew[i][0];
            m->margin[i] = now;
        }
        (void)mg_state_history(s, NULL, 0, &len); /* the size query */
        over = mg_state_is_terminal(s);
        trunc = !over && len >= (size_t)m->limit;
        m->status[i] = MG_BATCH_OK;
        if (!over && !trunc)
            continue;
        m->status[i] = MG_BATCH_OVER;
        m->term[i] = (uint8_t)over;
        m->trunc[i] = (uint8_t)trunc;
        if (over && !m->score_mode) {
            int w = mg_state_winner(s);
            if (w == 0 || w == 1) {
                m->rew[i][w] = 1.0f;
                m->rew[i][1 - w] = -1.0f;
            }
        }
        if (m->autoreset == MG_AUTORESET_SAME_STEP) {
            ck_assert_int_eq(mg_state_observation(s, mover_view(s, m->last[i]),
                                                  m->final[i], planes_sites,
                                                  &count),
                             MG_OK);
            m->final_ok[i] = 1;
            model_reset(m, i);
        } else {
            m->done[i] = 1;
        }
    }
}

/* Everything the batch gives out equals the model's. */
static void compare(mg_batch *b, model *m, int n, const int8_t *status)
{
    static float obs[MAXN * 16 * 512], one[16 * 512], fin[MAXN * 16 * 512];
    static uint8_t u8[MAXN * 16 * 512], masks[MAXN * 4096], mask[4096];
    const mg_game *g = m->g;
    int32_t to_move[MAXN], np, ns, na = mg_game_num_actions(g), p;
    float rew[2 * MAXN];
    uint8_t term[MAXN], trunc[MAXN];
    size_t ps, count, k;
    int i;
    mg_game_observation_shape(g, &np, &ns);
    ps = (size_t)np * (size_t)ns;
    ck_assert_int_eq(mg_batch_to_move(b, to_move, MAXN), MG_OK);
    ck_assert_int_eq(mg_batch_rewards(b, rew, 2 * MAXN), MG_OK);
    ck_assert_int_eq(mg_batch_terminated(b, term, MAXN), MG_OK);
    ck_assert_int_eq(mg_batch_truncated(b, trunc, MAXN), MG_OK);
    ck_assert_int_eq(mg_batch_legal_masks(b, masks, sizeof masks), MG_OK);
    ck_assert_int_eq(mg_batch_observations(b, MG_BATCH_MOVER, obs,
                                           sizeof obs / sizeof obs[0]),
                     MG_OK);
    ck_assert_int_eq(mg_batch_observations_u8(b, MG_BATCH_MOVER, u8,
                                              sizeof u8),
                     MG_OK);
    ck_assert_int_eq(mg_batch_final_observations(b, 1, fin,
                                                 sizeof fin / sizeof fin[0]),
                     MG_OK);
    for (i = 0; i < n; i++) {
        const mg_state *bs = mg_batch_state(b, i);
        mg_state *s = m->s[i];
        if (status)
            ck_assert_int_eq(status[i], m->status[i]);
        ck_assert_uint_eq(mg_state_hash(bs), mg_state_hash(s));
        ck_assert_int_eq(to_move[i], mg_state_current_player(s));
        ck_assert(rew[2 * i] == m->rew[i][0] &&
                  rew[2 * i + 1] == m->rew[i][1]);
        ck_assert_int_eq(term[i], m->term[i]);
        ck_assert_int_eq(trunc[i], m->trunc[i]);
        ck_assert_int_eq(mg_state_legal_mask(s, mask, sizeof mask), MG_OK);
        ck_assert(memcmp(mask, masks + (size_t)i * (size_t)na,
                         (size_t)na) == 0);
        ck_assert_int_eq(mg_state_observation(s, mover_view(s, m->last[i]),
                                              one, sizeof one / sizeof one[0],
                                              &count),
                         MG_OK);
        ck_assert(memcmp(one, obs + (size_t)i * ps, ps * sizeof(float)) == 0);
        for (p = 0; p < np; p++) {
            float lo, hi;
            mg_game_observation_bounds(g, p, &lo, &hi);
            for (k = 0; k < (size_t)ns; k++) {
                float v = one[(size_t)p * (size_t)ns + k];
                long want = lround((double)((v - lo) / (hi - lo) * 255.0f));
                MG_REQUIRE(labs(want - (long)u8[(size_t)i * ps +
                                                (size_t)p * (size_t)ns + k]) <=
                               1 - (v == lo || v == hi),
                           "u8 of %g in [%g, %g]", v, lo, hi);
            }
        }
        if (!m->final_ok[i]) /* the others: checked in against_model */
            for (k = 0; k < ps; k++)
                MG_REQUIRE(fin[(size_t)i * ps + k] == 0.0f, "final not 0");
    }
}

/* Play `steps` steps of n games of spec in autoreset mode `mode`. */
static void against_model(const char *spec, int n, int mode, int score_mode,
                          int32_t max_steps, int steps, uint64_t seed)
{
    static float finals[MAXN][16 * 512], fin[MAXN * 16 * 512];
    mg_game *g;
    mg_batch *b;
    model m;
    int32_t actions[MAXN], len, np, ns;
    int8_t status[MAXN];
    uint64_t rng = seed;
    size_t ps;
    int i, t;
    MG_GAME(g, spec);
    memset(&m, 0, sizeof m);
    m.g = g;
    m.autoreset = mode;
    m.score_mode = score_mode;
    len = mg_game_max_length(g);
    m.limit = len > 0 ? len : 1024;
    if (max_steps > 0 && max_steps < m.limit)
        m.limit = max_steps;
    mg_game_observation_shape(g, &np, &ns);
    ps = (size_t)np * (size_t)ns;
    for (i = 0; i < n; i++) {
        m.final[i] = finals[i];
        model_reset(&m, i);
    }
    ck_assert_int_eq(mg_batch_new(&b, g, n, mode), MG_OK);
    ck_assert_int_eq(mg_batch_size(b), n);
    if (max_steps)
        ck_assert_int_eq(mg_batch_set_max_steps(b, max_steps), MG_OK);
    if (score_mode)
        ck_assert_int_eq(
            mg_batch_set_reward_mode(b, MG_BATCH_REWARD_SCORE), MG_OK);
    compare(b, &m, n, NULL);
    for (t = 0; t < steps; t++) {
        ck_assert_int_eq(mg_batch_random_actions(b, mg_test_rand(&rng),
                                                 actions),
                         MG_OK);
        for (i = 0; i < n; i++) {
            uint64_t r = mg_test_rand_below(&rng, 10);
            if (r == 0) /* any id, legal or not, in range or not */
                actions[i] = (int32_t)mg_test_rand_below(
                                 &rng, (uint64_t)mg_game_num_actions(g) + 2) -
                             1;
            if (r == 1)
                actions[i] = -7;
            if (actions[i] >= 0)
                ck_assert_int_eq(mg_state_is_legal(m.s[i], actions[i]) ||
                                     r == 0,
                                 1);
        }
        model_step(&m, n, actions);
        ck_assert_int_eq(mg_batch_step(b, actions, status), MG_OK);
        compare(b, &m, n, status);
        if (mode == MG_AUTORESET_SAME_STEP) { /* the final view, exactly */
            ck_assert_int_eq(mg_batch_final_observations(
                                 b, MG_BATCH_MOVER, fin,
                                 sizeof fin / sizeof fin[0]),
                             MG_OK);
            for (i = 0; i < n; i++)
                if (m.final_ok[i])
                    ck_assert(memcmp(fin + (size_t)i * ps, finals[i],
                                     ps * sizeof(float)) == 0);
        }
        if (mode == MG_AUTORESET_NONE && t % 97 == 96) {
            uint8_t which[MAXN];
            for (i = 0; i < n; i++) {
                which[i] = (uint8_t)(m.done[i] && i % 2 == 0);
                if (which[i]) {
                    model_reset(&m, i);
                    m.status[i] = MG_BATCH_OK;
                    m.term[i] = m.trunc[i] = 0;
                    m.rew[i][0] = m.rew[i][1] = 0.0f;
                }
            }
            ck_assert_int_eq(mg_batch_reset(b, NULL, which), MG_OK);
            compare(b, &m, n, NULL);
        }
    }
    mg_batch_free(b);
    for (i = 0; i < n; i++)
        mg_state_free(m.s[i]);
    mg_game_free(g);
}

static const char *const specs[] = {
    "dots_and_boxes(rows=2,cols=2)", "china_squares", "china_tangle",
    "fangqi", "chains_of_thought(board=hex4)"};

START_TEST(test_batch_against_model)
{
    int mode = _i % 3, k = _i / 3;
    against_model(specs[k], MAXN, mode, 0, 0, 400, 0xBA7C40ULL + (uint64_t)_i);
}
END_TEST

START_TEST(test_batch_score_and_truncation)
{
    int mode = _i % 3, k = _i / 3;
    against_model(specs[k], 5, mode, 1, 7, 120, 0x5C0AEULL + (uint64_t)_i);
}
END_TEST

START_TEST(test_batch_deterministic)
{
    mg_game *g;
    mg_batch *a, *b;
    int32_t x[64], y[64];
    int t;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    ck_assert_int_eq(mg_batch_new(&a, g, 64, MG_AUTORESET_SAME_STEP), MG_OK);
    ck_assert_int_eq(mg_batch_new(&b, g, 64, MG_AUTORESET_SAME_STEP), MG_OK);
    for (t = 0; t < 100; t++) {
        ck_assert_int_eq(mg_batch_random_actions(a, (uint64_t)t, x), MG_OK);
        ck_assert_int_eq(mg_batch_random_actions(b, (uint64_t)t, y), MG_OK);
        ck_assert(memcmp(x, y, sizeof x) == 0);
        ck_assert_int_eq(mg_batch_random_actions(a, (uint64_t)t, y), MG_OK);
        ck_assert(memcmp(x, y, sizeof x) == 0);
        ck_assert_int_eq(mg_batch_step(a, x, NULL), MG_OK);
        ck_assert_int_eq(mg_batch_step(b, x, NULL), MG_OK);
    }
    for (t = 0; t < 64; t++)
        ck_assert_uint_eq(mg_state_hash(mg_batch_state(a, t)),
                          mg_state_hash(mg_batch_state(b, t)));
    mg_batch_free(a);
    mg_batch_free(b);
    mg_game_free(g);
}
END_TEST

START_TEST(test_batch_bot_and_states)
{
    mg_game *g;
    mg_batch *b;
    mg_bot *bot;
    mg_state *c;
    int32_t acts[4];
    int8_t st[4];
    char rec[4096];
    size_t need;
    int t, i;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_batch_new(&b, g, 4, MG_AUTORESET_NONE), MG_OK);
    ck_assert_int_eq(mg_bot_new(&bot, "greedy", 3, NULL, 0), MG_OK);
    for (t = 0; t < 12; t++) {
        ck_assert_int_eq(mg_batch_bot_actions(b, bot, acts), MG_OK);
        ck_assert_int_eq(mg_batch_step(b, acts, st), MG_OK);
        for (i = 0; i < 4; i++)
            ck_assert(st[i] == MG_BATCH_OK || st[i] == MG_BATCH_OVER);
    }
    ck_assert_int_eq(mg_batch_bot_actions(b, bot, acts), MG_OK);
    ck_assert_int_eq(acts[0], -1); /* 12 lines: over */
    ck_assert_int_eq(mg_batch_step(b, acts, st), MG_OK);
    ck_assert_int_eq(st[0], MG_BATCH_IDLE);
    /* a batch's state saves and clones like any other */
    ck_assert_int_eq(mg_state_save(mg_batch_state(b, 1), rec, sizeof rec,
                                   &need),
                     MG_OK);
    ck_assert_int_eq(mg_state_clone(&c, mg_batch_state(b, 1)), MG_OK);
    ck_assert_int_eq(mg_state_undo(c), MG_OK);
    ck_assert_int_eq(mg_state_is_terminal(c), 0);
    mg_state_free(c);
    mg_bot_free(bot);
    mg_batch_free(b);
    mg_game_free(g);
}
END_TEST

/* Stepping, resetting and every output allocate nothing: counted over
 * whole games, bounded and not, in the mode that keeps final positions. */
START_TEST(test_batch_steps_without_malloc)
{
#ifdef COUNT_ALLOCS
    static const char *const sp[] = {"dots_and_boxes(rows=5,cols=5)",
                                     "fangqi", "china_squares"};
    static float f[16 * 1024 * 16];
    static uint8_t u[16 * 1024 * 16];
    mg_game *g;
    mg_batch *b;
    mg_state *s;
    int32_t acts[16];
    int8_t st[16];
    long before, after;
    size_t k;
    int t, rc = MG_OK;
    MG_GAME(g, "dots_and_boxes");
    before = allocs;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    after = allocs;
    mg_state_free(s);
    mg_game_free(g);
    if (after == before) /* valgrind replaced these: nothing to count */
        return;
    for (k = 0; k < sizeof sp / sizeof sp[0]; k++) {
        MG_GAME(g, sp[k]);
        ck_assert_int_eq(mg_batch_new(&b, g, 16, MG_AUTORESET_SAME_STEP),
                         MG_OK);
        before = allocs;
        for (t = 0; t < 1500; t++) { /* no Check call: it allocates */
            rc |= mg_batch_random_actions(b, (uint64_t)t, acts);
            rc |= mg_batch_step(b, acts, st);
            rc |= mg_batch_legal_masks(b, u, sizeof u);
            rc |= mg_batch_observations(b, MG_BATCH_MOVER, f,
                                        sizeof f / sizeof f[0]);
            rc |= mg_batch_observations_u8(b, 0, u, sizeof u);
            rc |= mg_batch_final_observations(b, 1, f, sizeof f / sizeof f[0]);
            rc |= mg_batch_to_move(b, acts, 16);
            rc |= mg_batch_rewards(b, f, 32);
            if (t % 100 == 99)
                rc |= mg_batch_reset(b, NULL, NULL);
        }
        after = allocs;
        ck_assert_int_eq(rc, MG_OK);
        ck_assert_int_eq(after, before);
        mg_batch_free(b);
        mg_game_free(g);
    }
#endif
}
END_TEST

START_TEST(test_batch_errors)
{
    mg_game *g;
    mg_batch *b = (mg_batch *)&b;
    int32_t acts[3] = {0, 0, 0}, who[3];
    float f[1024];
    uint8_t u[1024];
    MG_GAME(g, "dots_and_boxes(rows=1,cols=1)");
    ck_assert_int_eq(mg_batch_new(NULL, g, 3, 0), MG_EINVAL);
    ck_assert_int_eq(mg_batch_new(&b, NULL, 3, 0), MG_EINVAL);
    ck_assert_ptr_null(b);
    ck_assert_int_eq(mg_batch_new(&b, g, 0, 0), MG_EINVAL);
    ck_assert_int_eq(mg_batch_new(&b, g, -1, 0), MG_EINVAL);
    ck_assert_int_eq(mg_batch_new(&b, g, 3, 3), MG_EINVAL);
    ck_assert_int_eq(mg_batch_new(&b, g, 3, -1), MG_EINVAL);
    ck_assert_int_eq(mg_batch_new(&b, g, 3, MG_AUTORESET_NONE), MG_OK);
    ck_assert_int_eq(mg_batch_size(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_batch_step(NULL, acts, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_batch_step(b, NULL, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_batch_reset(NULL, NULL, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_batch_set_max_steps(b, -1), MG_EINVAL);
    ck_assert_int_eq(mg_batch_set_reward_mode(b, 2), MG_EINVAL);
    ck_assert_int_eq(mg_batch_to_move(b, who, 2), MG_ENOBUFS);
    ck_assert_int_eq(mg_batch_to_move(b, NULL, 3), MG_EINVAL);
    ck_assert_int_eq(mg_batch_rewards(b, f, 5), MG_ENOBUFS);
    ck_assert_int_eq(mg_batch_terminated(b, u, 2), MG_ENOBUFS);
    ck_assert_int_eq(mg_batch_truncated(NULL, u, 3), MG_EINVAL);
    ck_assert_int_eq(mg_batch_legal_masks(b, u, 3 * 4 - 1), MG_ENOBUFS);
    ck_assert_int_eq(mg_batch_observations(b, 2, f, 1024), MG_EINVAL);
    ck_assert_int_eq(mg_batch_observations(b, 0, f, 10), MG_ENOBUFS);
    ck_assert_int_eq(mg_batch_observations_u8(b, -2, u, 1024), MG_EINVAL);
    ck_assert_int_eq(mg_batch_final_observations(b, 0, NULL, 1024),
                     MG_EINVAL);
    ck_assert_ptr_null(mg_batch_state(b, 3));
    ck_assert_ptr_null(mg_batch_state(b, -1));
    ck_assert_ptr_null(mg_batch_state(NULL, 0));
    ck_assert_int_eq(mg_batch_random_actions(b, 1, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_batch_bot_actions(b, NULL, acts), MG_EINVAL);
    /* out-of-range ids: that game's status illegal, nothing changed */
    {
        int32_t bad[3] = {-1, 4, 2};
        int8_t st[3];
        ck_assert_int_eq(mg_batch_step(b, bad, st), MG_OK);
        ck_assert_int_eq(st[0], MG_BATCH_ILLEGAL);
        ck_assert_int_eq(st[1], MG_BATCH_ILLEGAL);
        ck_assert_int_eq(st[2], MG_BATCH_OK);
        ck_assert_int_eq(mg_state_is_legal(mg_batch_state(b, 0), 2), 1);
        ck_assert_int_eq(mg_state_is_legal(mg_batch_state(b, 2), 2), 0);
    }
    mg_batch_free(b);
    mg_batch_free(NULL);
    mg_game_free(g);
}
END_TEST

Suite *mg_batch_suite(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_batch_against_model, 0,
                        3 * (int)(sizeof specs / sizeof specs[0]));
    tcase_add_loop_test(tc, test_batch_score_and_truncation, 0,
                        3 * (int)(sizeof specs / sizeof specs[0]));
    tcase_add_test(tc, test_batch_deterministic);
    tcase_add_test(tc, test_batch_bot_and_states);
    tcase_add_test(tc, test_batch_errors);
    tcase_add_test(tc, test_batch_steps_without_malloc);
    suite_add_tcase(s, tc);
    return s;
}
