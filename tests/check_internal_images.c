/*
 * check_internal_images.c - the solver's symmetry reduction (white-box).
 *
 * The generic search keys a position by the least of the keys of its
 * images under the board's symmetries, so the image under a symmetry
 * must be the position that the mapped game reaches.  For random games
 * of the games that give the solver images (Dots and Boxes: sym_position)
 * or their keys (Fangqi, Chains of Thought: sym_keys), at every third
 * action and for every symmetry k:
 *   image_k(S) == image_0(S_k) byte for byte, or
 *   keys_k(S) == keys_0(S_k) (both the hash and the verification key),
 * where S_k is the position that replaying the image of S's history under
 * k (mg_game_symmetry_action, the position API's map, checked against the
 * rules in check_position.c) gives from the start.  So an image moves
 * everything that decides what may happen next (Fangqi: the stone moved
 * this turn and the ko blocks, rules §4.2; Chains: the stones, rules
 * §5.2).  And keys_0(S)'s hash is the game's hash_full(S).
 */
#include "internal.h"
#include "tests.h"

#include "test_rng.h"

#include <string.h>

#define MAX_HIST 4096

static const char *const image_specs[] = {
    "dots_and_boxes(rows=3,cols=3)",
    "dots_and_boxes(grid=triangle,size=3,border=swedish)",
    "dots_and_boxes(grid=hexagon,size=2)",
    "fangqi(width=4,height=4,no_capture_limit=20)",
    "fangqi(width=4,height=4,ko=true,capture_on_placement=true,"
    "no_capture_limit=30)",
    "fangqi(width=5,height=3,movement=step,extra_removal=true)",
    "fangqi(width=6,height=6,variant=xinjiang,ko=true)",
    "chains_of_thought(board=hex4)",
    "chains_of_thought(board=trisquare4,goal=stalemate)",
    "chains_of_thought(board=square6,removal=none)",
};
#define N_IMAGE_SPECS ((int)(sizeof image_specs / sizeof image_specs[0]))

/* Replay hist[0 .. n) under symmetry k from the start into t. */
static void replay_image(const mg_game *g, mg_state *t, const int32_t *hist,
                         size_t n, int32_t k)
{
    size_t i;
    mg_state *start;
    ck_assert_int_eq(mg_state_new(&start, g), MG_OK);
    ck_assert_int_eq(mg_state_copy(t, start), MG_OK);
    mg_state_free(start);
    for (i = 0; i < n; i++) {
        int32_t a;
        ck_assert_int_eq(mg_game_symmetry_action(g, k, hist[i], &a), MG_OK);
        ck_assert_msg(mg_state_apply(t, a) == MG_OK,
                      "symmetry %d: the image %d of action %d (ply %u) is "
                      "not legal",
                      (int)k, (int)a, (int)hist[i], (unsigned)i);
    }
}

START_TEST(images_are_mapped_games)
{
    const char *spec = image_specs[_i];
    mg_game *g;
    mg_state *s, *t;
    char err[256];
    unsigned char *a, *b;
    int32_t *hist, nsym, k;
    uint64_t rng = 4242 + (uint64_t)_i;
    int games = 20 * mg_test_games(1000) / 1000, n, checked = 0;
    size_t size;
    uint64_t hs[32], vs[32], ht[32], vt[32];
    void (*keys)(const mg_game *, const void *, uint64_t *, uint64_t *);
    ck_assert_msg(mg_game_new(&g, spec, err, sizeof err) == MG_OK, "%s: %s",
                  spec, err);
    keys = g->ops->solver ? g->ops->solver->sym_keys : NULL;
    ck_assert_ptr_nonnull(g->ops->solver);
    ck_assert_msg(g->ops->solver->sym_position != NULL ||
                      g->ops->solver->sym_keys != NULL,
                  "%s: no images", spec);
    nsym = mg_game_num_symmetries(g);
    ck_assert_int_gt(nsym, 1);
    ck_assert_int_le(nsym, 32);
    size = g->state_size;
    a = malloc(size);
    b = malloc(size);
    hist = malloc(MAX_HIST * sizeof *hist);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_ptr_nonnull(hist);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    if (games < 1)
        games = 1;
    for (n = 0; n < games; n++) {
        mg_state *start;
        int ply;
        ck_assert_int_eq(mg_state_new(&start, g), MG_OK);
        mg_state_copy(s, start);
        mg_state_free(start);
        for (ply = 0; ply < 200 && !mg_state_is_terminal(s); ply++) {
            int32_t acts[4096];
            size_t na = 0, nh = 0;
            ck_assert_int_eq(mg_state_legal_actions(s, acts, 4096, &na),
                             MG_OK);
            ck_assert_int_eq(
                mg_state_apply(s, acts[mg_test_rand_below(&rng, na)]),
                MG_OK);
            if (ply % 3 && !mg_state_is_terminal(s))
                continue; /* every third position, and the last */
            ck_assert_int_eq(mg_state_history(s, hist, MAX_HIST, &nh), MG_OK);
            if (keys) {
                keys(g, mg__state_position(s), hs, vs);
                ck_assert_msg(hs[0] == g->ops->hash_full(
                                           g, mg__state_position(s)),
                              "%s: the identity's key is not hash_full",
                              spec);
            }
            for (k = 1; k < nsym; k++) {
                replay_image(g, t, hist, nh, k);
                if (keys) {
                    keys(g, mg__state_position(t), ht, vt);
                    ck_assert_msg(hs[k] == ht[0] && vs[k] == vt[0],
                                  "%s: game %d ply %d: the keys under "
                                  "symmetry %d are not the mapped game's",
                                  spec, n, ply, (int)k);
                } else {
                    g->ops->solver->sym_position(g, k, mg__state_position(s),
                                                 a);
                    g->ops->solver->sym_position(g, 0, mg__state_position(t),
                                                 b);
                    ck_assert_msg(memcmp(a, b, size) == 0,
                                  "%s: game %d ply %d: the image under "
                                  "symmetry %d is not the mapped game's "
                                  "position",
                                  spec, n, ply, (int)k);
                }
                checked++;
            }
        }
    }
    ck_assert_int_gt(checked, 0);
    mg_state_free(s);
    mg_state_free(t);
    free(a);
    free(b);
    free(hist);
    mg_game_free(g);
}
END_TEST

Suite *mg_images_suite(void)
{
    Suite *s = suite_create("images");
    TCase *tc = tcase_create("images");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, images_are_mapped_games, 0, N_IMAGE_SPECS);
    suite_add_tcase(s, tc);
    return s;
}
