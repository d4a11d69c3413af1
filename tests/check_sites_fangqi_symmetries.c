/*
 * check_sites_fangqi_symmetries.c - the position of Fangqi (since 1.3) by
 * hand-built positions (doc/rules.md §4; sections cited per test): the
 * symmetries (their number per board, and that they map legal sets, holders
 * and observations onto those of the replayed image).
 *
 * The rest of the position: check_sites_fangqi_points.c and
 * check_sites_fangqi_held.c.
 */
#include "sites_fangqi_test.h"
#include "test_rng.h"

/* -------------------------------------------------------- symmetries */

/* The core finds the rotations and reflections of the grid (no rule
 * depends on the order of the points, rules §4.2): 8 on a square grid
 * (the 2 x 2 one too), 4 otherwise; options do not change them. */
START_TEST(symmetry_counts)
{
    static const struct {
        const char *spec;
        int32_t nsym;
    } known[] = {
        {"fangqi", 4},
        {"fangqi(variant=xinjiang)", 8},
        {"fangqi(width=4,height=4)", 8},
        {"fangqi(width=2,height=2)", 8},
        {"fangqi(width=3,height=2)", 4},
        {"fangqi(width=5,height=4)", 4},
        {"fangqi(width=2,height=19)", 4},
        {"fangqi(width=19,height=19)", 8},
        {"fangqi(ko=true,encirclement=true,capture_on_placement=true)", 4},
        {"fangqi(variant=xinjiang,movement=step,ko=true)", 8},
    };
    size_t k;
    for (k = 0; k < sizeof known / sizeof known[0]; k++) {
        mg_game *g;
        MG_GAME(g, known[k].spec);
        ck_assert_msg(mg_game_num_symmetries(g) == known[k].nsym,
                      "%s: %d symmetries, want %d", known[k].spec,
                      (int)mg_game_num_symmetries(g), (int)known[k].nsym);
        mg_game_free(g);
    }
}
END_TEST

/* Where the corners and b1 go: on 8 x 7, a1 to the four corners; on
 * 4 x 4, a1 to the four corners (twice each) and b1 to all eight points
 * next to a corner. */
START_TEST(symmetry_images)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi");
    int32_t k, img, seen[64] = {0};
    for (k = 0; k < 4; k++) {
        ck_assert_int_eq(mg_game_symmetry_site(g, k, 0, &img), MG_OK);
        seen[img]++;
    }
    ck_assert(seen[0] == 1 && seen[7] == 1 && seen[48] == 1 && seen[55] == 1);
    done(g, s);
    s = start(&g, "fangqi(width=4,height=4)");
    memset(seen, 0, sizeof seen);
    for (k = 0; k < 8; k++) {
        ck_assert_int_eq(mg_game_symmetry_site(g, k, 0, &img), MG_OK);
        seen[img] += 10;
        ck_assert_int_eq(mg_game_symmetry_site(g, k, 1, &img), MG_OK);
        seen[img]++;
    }
    ck_assert(seen[0] == 20 && seen[3] == 20 && seen[12] == 20 &&
              seen[15] == 20);
    /* b1 c1 a2 d2 a3 d3 b4 c4 once each */
    ck_assert(seen[1] == 1 && seen[2] == 1 && seen[4] == 1 && seen[7] == 1 &&
              seen[8] == 1 && seen[11] == 1 && seen[13] == 1 &&
              seen[14] == 1);
    done(g, s);
}
END_TEST

/* For every symmetry: the history mapped action by action replays, and
 * the image position has the image legal set, the image holders, the
 * same player to move and result, and the observations of both players
 * moved site by site (every plane). */
static void check_symmetric(const mg_state *s)
{
    static int32_t hist[1 << 14], lg[FQ_MAXA], ilg[FQ_MAXA], want[FQ_MAXA];
    static float o[NPL * FQ_MAXP], io[NPL * FQ_MAXP];
    const mg_game *g = mg_state_game(s);
    int32_t nsym = mg_game_num_symmetries(g), n = mg_game_num_sites(g), k, i;
    size_t hn = 0, nl, inl, j;
    int8_t held[FQ_MAXP], iheld[FQ_MAXP];
    int p, pl;
    ck_assert_int_eq(mg_state_history(s, hist, 1 << 14, &hn), MG_OK);
    nl = legal(s, lg, FQ_MAXA);
    ck_assert_int_eq(mg_state_sites(s, held, FQ_MAXP, &j), MG_OK);
    for (k = 0; k < nsym; k++) {
        mg_state *t;
        int32_t img;
        ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
        for (j = 0; j < hn; j++) {
            ck_assert_int_eq(mg_game_symmetry_action(g, k, hist[j], &img),
                             MG_OK);
            MG_REQUIRE(mg_state_apply(t, img) == MG_OK,
                       "symmetry %d: image of history action %d illegal",
                       (int)k, (int)j);
        }
        inl = legal(t, ilg, FQ_MAXA);
        for (j = 0; j < nl; j++)
            mg_game_symmetry_action(g, k, lg[j], &want[j]);
        qsort(want, nl, sizeof *want, cmp_i32);
        MG_REQUIRE(inl == nl, "symmetry %d: %d legal, image %d", (int)k,
                   (int)nl, (int)inl);
        for (j = 0; j < nl; j++)
            MG_REQUIRE(ilg[j] == want[j], "symmetry %d: legal sets differ",
                       (int)k);
        ck_assert_int_eq(mg_state_current_player(t),
                         mg_state_current_player(s));
        ck_assert_int_eq(mg_state_winner(t), mg_state_winner(s));
        ck_assert_int_eq(mg_state_sites(t, iheld, FQ_MAXP, &j), MG_OK);
        for (p = 0; p < 2; p++) {
            observe(s, p, o);
            observe(t, p, io);
            for (i = 0; i < n; i++) {
                mg_game_symmetry_site(g, k, i, &img);
                if (p == 0)
                    MG_REQUIRE(iheld[img] == held[i],
                               "symmetry %d: site %d held by %d, image %d "
                               "by %d",
                               (int)k, (int)i, held[i], (int)img, iheld[img]);
                for (pl = 0; pl < NPL; pl++)
                    MG_REQUIRE(io[pl * n + img] == o[pl * n + i],
                               "symmetry %d, player %d, plane %s: site %d "
                               "%g, image %d %g",
                               (int)k, p, plane_names[pl], (int)i,
                               (double)o[pl * n + i], (int)img,
                               (double)io[pl * n + img]);
            }
        }
        mg_state_free(t);
    }
}

START_TEST(symmetry_legal_sets)
{
    static const struct {
        const char *spec, *before, *moves;
    } known[] = {
        /* §4.2 ko: the moves into b2 are banned (check_fangqi_rules.c) */
        {"fangqi(width=4,height=4,ko=true)", NULL,
         "xb2 xd4 b3-b2 xa3 xc4 c3-c4 b2-b3 c4-c3"},
        /* §4.2.6: two removals due after a move */
        {"fangqi(width=4,height=4)", NULL, "xb2 xd4 b3-b2"},
        /* §4.2.3: the initial removal; §4.2 encirclement */
        {"fangqi(width=4,height=4)", "full", "xd1"},
        {"fangqi(width=4,height=4,encirclement=true,no_capture_limit=4)",
         "enc", "xd3 xb4 b3-b4"},
        /* §4.2 capture on placement: a removal while placing */
        {"fangqi(width=3,height=3,capture_on_placement=true)", "",
         "a1 c1 a2 c2 b1 c3 b2"},
    };
    static const struct {
        const char *spec;
        int plies;
    } seeded[] = {
        {"fangqi", 30},   {"fangqi", 57},    {"fangqi", 90},
        {"fangqi(variant=xinjiang)", 50},    {"fangqi(variant=xinjiang)", 80},
        {"fangqi(movement=step,ko=true,encirclement=true)", 120},
        {"fangqi(width=5,height=4,capture_on_placement=true)", 15},
        {"fangqi(width=2,height=2)", 5},
    };
    static int32_t lg[FQ_MAXA];
    size_t k;
    for (k = 0; k < sizeof known / sizeof known[0]; k++) {
        mg_game *g;
        mg_state *s = start(&g, known[k].spec);
        const char *b = known[k].before;
        play(s, !b ? two_sq_4x4 : strcmp(b, "full") == 0 ? full_4x4
                              : strcmp(b, "enc") == 0    ? enc_4x4
                                                         : "");
        play(s, known[k].moves);
        ck_assert_int_eq(mg_game_num_symmetries(g), 8); /* square */
        check_symmetric(s);
        done(g, s);
    }
    for (k = 0; k < sizeof seeded / sizeof seeded[0]; k++) {
        uint64_t rng = 4242u + k;
        mg_game *g;
        mg_state *s = start(&g, seeded[k].spec);
        int i;
        for (i = 0; i < seeded[k].plies; i++) {
            size_t nl = legal(s, lg, FQ_MAXA);
            if (nl == 0)
                break;
            ck_assert_int_eq(
                mg_state_apply(s, lg[mg_test_rand_below(&rng, nl)]), MG_OK);
        }
        check_symmetric(s);
        done(g, s);
    }
}
END_TEST

Suite *mg_sites_fangqi_symmetries_suite(void)
{
    Suite *s = suite_create("sites_fangqi_symmetries");
    TCase *tc = tcase_create("sites_fangqi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, symmetry_counts);
    tcase_add_test(tc, symmetry_images);
    tcase_add_test(tc, symmetry_legal_sets);
    suite_add_tcase(s, tc);
    return s;
}
