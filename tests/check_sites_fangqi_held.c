/*
 * check_sites_fangqi_held.c - the position of Fangqi (since 1.3) by
 * hand-built positions (doc/rules.md §4; sections cited per test): who
 * holds each point after the square removals (rules §4.2 items 3-4) and
 * after an encirclement (§4.2 variant options), and the twelve observation
 * planes of known positions and against this file's own model in random
 * games.
 *
 * The rest of the position: check_sites_fangqi_points.c and
 * check_sites_fangqi_symmetries.c.
 */
#include "sites_fangqi_test.h"
#include "game_specs.h"
#include "test_rng.h"

/* The 4x3 board of check_fangqi_rules.c: X a 3x2 block (two squares),
 *   3  O O O O
 *   2  X X X O
 *   1  X X X O                                                          */
static const char *const block_4x3 = "a1 d1 b1 d2 c1 a3 a2 b3 b2 c3 c2 d3";

/* ------------------------------------------------------------ helpers */

/* Plane `plane` of player's observation is 1 on the points listed (space
 * separated names) and 0 elsewhere. */
static void expect_plane(const mg_state *s, int player, int plane,
                         const char *points)
{
    static float o[NPL * FQ_MAXP];
    unsigned char want[FQ_MAXP] = {0};
    char buf[1024], *tok, *save = NULL;
    int32_t i, n = sites_of(s);
    snprintf(buf, sizeof buf, "%s", points);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save))
        want[parse(s, tok)] = 1; /* PLACE(p) = p: the point's site */
    observe(s, player, o);
    for (i = 0; i < n; i++)
        MG_REQUIRE(o[plane * n + i] == (float)want[i],
                   "player %d, plane %s, site %d: %g, want %d", player,
                   plane_names[plane], (int)i, (double)o[plane * n + i],
                   want[i]);
}

/* Plane `plane` of player's observation is v on every site. */
static void expect_fill(const mg_state *s, int player, int plane, float v)
{
    static float o[NPL * FQ_MAXP];
    int32_t i, n = sites_of(s);
    observe(s, player, o);
    for (i = 0; i < n; i++)
        MG_REQUIRE(o[plane * n + i] == v,
                   "player %d, plane %s, site %d: %g, want %g", player,
                   plane_names[plane], (int)i, (double)o[plane * n + i],
                   (double)v);
}

/* The constant planes of both players: the phase one-hot (placing,
 * removing, moving; -1 for none: over), the mover's pending removals, the
 * quiet fraction. */
static void expect_turn(const mg_state *s, int phase, int mover, int pending,
                        float quiet)
{
    int p, k;
    for (p = 0; p < 2; p++) {
        for (k = 0; k < 3; k++)
            expect_fill(s, p, PL_PLACING + k, (float)(k == phase));
        expect_fill(s, p, PL_TO_MOVE, (float)(p == mover));
        expect_fill(s, p, PL_PENDING, p == mover ? (float)pending : 0.0f);
        expect_fill(s, p, PL_QUIET, quiet);
    }
    ck_assert_int_eq(mg_state_current_player(s), mover);
}

/* mg_state_sites() and mg_state_site() are `want`, rows from the top
 * (like the text picture): 'X' seat 0, 'O' seat 1, '.' nobody. */
static void expect_sites(const mg_state *s, const char *const *rows)
{
    const mg_game *g = mg_state_game(s);
    int8_t held[FQ_MAXP];
    size_t count = 0;
    int32_t n = mg_game_num_sites(g), i, h = 0, w;
    while (rows[h])
        h++;
    w = (int32_t)strlen(rows[0]);
    ck_assert_int_eq(n, w * h);
    ck_assert_int_eq(mg_state_sites(s, held, FQ_MAXP, &count), MG_OK);
    ck_assert_uint_eq(count, (size_t)n);
    for (i = 0; i < n; i++) {
        char c = rows[h - 1 - i / w][i % w];
        int want = c == 'X' ? 0 : c == 'O' ? 1 : MG_NOBODY;
        MG_REQUIRE(held[i] == want, "site %d: held by %d, want %d", (int)i,
                   held[i], want);
        MG_REQUIRE(mg_state_site(s, i) == want, "site %d: mg_state_site %d",
                   (int)i, mg_state_site(s, i));
    }
}

/* ------------------------------------------------- who holds a point */

/* Rules §4.2 items 1-4 on full_4x4: who holds each point after placing,
 * after the initial removal (xd1, xd4) and after the square removal (Q0 =
 * 2: xd2 xd3; Q1 = 1: xc4); the planes on the way (§4.1 protection,
 * §4.2.5 the removable stones, the removals pending, the phase). */
START_TEST(square_removals)
{
    static const char *const placed[] = {"OOXX", "OOOO", "XXXO", "XXXO",
                                         NULL};
    static const char *const removed[] = {"OO..", "OOO.", "XXX.", "XXX.",
                                          NULL};
    static const char *const xs = "a1 b1 c1 a2 b2 c2";
    static const char *const os = "a3 b3 a4 b4";
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    /* before any stone: placing, seat 0 to move, every point empty */
    expect_turn(s, 0, 0, 0, 0.0f);
    expect_plane(s, 0, PL_EMPTY,
                 "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4");
    expect_plane(s, 1, PL_OWN, "");
    play(s, full_4x4);
    expect_sites(s, placed);
    /* the initial removal: seat 0 removes one unprotected O stone */
    expect_turn(s, 1, 0, 1, 0.0f);
    expect_plane(s, 0, PL_OWN, "a1 b1 c1 a2 b2 c2 c4 d4");
    expect_plane(s, 0, PL_OPP, "d1 d2 a3 b3 c3 d3 a4 b4");
    expect_plane(s, 0, PL_OWN_PROT, xs);
    expect_plane(s, 0, PL_OPP_PROT, os);
    expect_plane(s, 1, PL_OWN_PROT, os);
    expect_plane(s, 1, PL_OPP_PROT, xs);
    expect_plane(s, 0, PL_REMOVABLE, "d1 d2 c3 d3");
    expect_plane(s, 1, PL_REMOVABLE, "");
    play(s, "xd1");
    expect_turn(s, 1, 1, 1, 0.0f);
    expect_plane(s, 1, PL_REMOVABLE, "c4 d4");
    expect_plane(s, 0, PL_REMOVABLE, "");
    play(s, "xd4");
    /* the square removal: Q0 = 2 for seat 0, then Q1 = 1 for seat 1 */
    expect_turn(s, 1, 0, 2, 0.0f);
    expect_plane(s, 0, PL_REMOVABLE, "d2 c3 d3");
    play(s, "xd2");
    expect_turn(s, 1, 0, 1, 0.0f);
    expect_plane(s, 0, PL_REMOVABLE, "c3 d3");
    play(s, "xd3");
    expect_turn(s, 1, 1, 1, 0.0f);
    expect_plane(s, 1, PL_REMOVABLE, "c4");
    play(s, "xc4");
    /* movement, seat 0 first */
    expect_sites(s, removed);
    expect_turn(s, 2, 0, 0, 0.0f);
    expect_plane(s, 0, PL_OWN_PROT, xs);
    expect_plane(s, 0, PL_OPP_PROT, os); /* c3 in no square */
    expect_plane(s, 0, PL_REMOVABLE, "");
    expect_plane(s, 1, PL_EMPTY, "d1 d2 d3 c4 d4");
    done(g, s);
}
END_TEST

/* Rules §4.2 encirclement: after xd3, xb4 and X's b3-b4, the O stone on
 * a4 (next to b4, no empty neighbour) is removed, and the removal counts
 * for no_capture_limit (§4.2.8: quiet stays 0); without the option a4
 * stays and the move is a quiet ply.  No squares: nothing is protected. */
START_TEST(encirclement_sites)
{
    static const char *const before[] = {"O.OO", "XXX.", "OOXX", "XOXO",
                                         NULL};
    static const char *const after[] = {".XOO", "X.X.", "OOXX", "XOXO",
                                        NULL};
    static const char *const kept[] = {"OXOO", "X.X.", "OOXX", "XOXO",
                                       NULL};
    int enc;
    for (enc = 0; enc <= 1; enc++) {
        mg_game *g;
        mg_state *s = start(&g, enc ? "fangqi(width=4,height=4,encirclement="
                                      "true,no_capture_limit=4)"
                                    : "fangqi(width=4,height=4,"
                                      "no_capture_limit=4)");
        play(s, enc_4x4);
        play(s, "xd3 xb4");
        expect_sites(s, before);
        expect_turn(s, 2, 0, 0, 0.0f);
        play(s, "b3-b4");
        expect_sites(s, enc ? after : kept);
        expect_turn(s, 2, 1, 0, enc ? 0.0f : 0.25f);
        expect_plane(s, 0, PL_OWN_PROT, "");
        expect_plane(s, 1, PL_OWN_PROT, "");
        expect_plane(s, 1, PL_REMOVABLE, "");
        if (enc) {
            expect_plane(s, 1, PL_EMPTY, "b3 d3 a4");
            play(s, "d4-d3"); /* encloses nothing: a quiet ply */
            expect_turn(s, 2, 0, 0, 0.25f);
        }
        done(g, s);
    }
}
END_TEST

/* ------------------------------------------------------------ planes */

/* Rules §4.2.5: when every opponent stone is protected any may be taken;
 * protection is judged afresh before every removal.  block_4x3 with
 * extra_removal (§4.2.3): seat 1 removes two of X's stones, all of them
 * protected at first; after xa1 only a2 is unprotected. */
START_TEST(all_protected)
{
    static const char *const xs = "a1 b1 c1 a2 b2 c2";
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,extra_removal=true)");
    play(s, block_4x3);
    expect_plane(s, 0, PL_REMOVABLE, "d1 d2 a3 b3 c3 d3");
    play(s, "xd3");
    expect_turn(s, 1, 1, 2, 0.0f);
    expect_plane(s, 1, PL_OPP_PROT, xs);
    expect_plane(s, 0, PL_OWN_PROT, xs);
    expect_plane(s, 1, PL_REMOVABLE, xs);
    play(s, "xa1");
    expect_turn(s, 1, 1, 1, 0.0f);
    expect_plane(s, 1, PL_OPP_PROT, "b1 c1 b2 c2");
    expect_plane(s, 1, PL_REMOVABLE, "a2");
    done(g, s);
}
END_TEST

/* Rules §4.2.6: a move completing two squares gives two removals; the
 * removals after a move keep the phase "moving".  §4.2 capture on
 * placement: those while placing keep "placing". */
START_TEST(removals_in_other_phases)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    expect_turn(s, 2, 0, 0, 0.0f);
    play(s, "b3-b2");
    /* 4 O O O .      X: a1 b1 c1 a2 b2 c2 in two squares, O in none
     * 3 O . O X
     * 2 X X X O
     * 1 X X X O */
    expect_turn(s, 2, 0, 2, 0.01f);
    expect_plane(s, 0, PL_OWN_PROT, "a1 b1 c1 a2 b2 c2");
    expect_plane(s, 0, PL_OPP_PROT, "");
    expect_plane(s, 0, PL_REMOVABLE, "d1 d2 a3 c3 a4 b4 c4");
    expect_plane(s, 1, PL_REMOVABLE, "");
    play(s, "xa3"); /* §4.2.8: a removal resets the count */
    expect_turn(s, 2, 0, 1, 0.0f);
    play(s, "xc4");
    expect_turn(s, 2, 1, 0, 0.0f);
    done(g, s);

    s = start(&g, "fangqi(width=3,height=3,capture_on_placement=true)");
    play(s, "a1 c1 a2 c2 b1 c3 b2"); /* b2 completes a1-b2 */
    expect_turn(s, 0, 0, 1, 0.0f);
    expect_plane(s, 0, PL_OWN_PROT, "a1 b1 a2 b2");
    expect_plane(s, 0, PL_REMOVABLE, "c1 c2 c3");
    expect_plane(s, 0, PL_EMPTY, "a3 b3");
    play(s, "xc2");
    expect_turn(s, 0, 1, 0, 0.0f);
    done(g, s);
}
END_TEST

/* Once the game is over (here the no-capture draw of §4.2.8 after one
 * quiet ply) no phase plane is set and nobody is to move; quiet is 1;
 * with no_capture_limit=0 quiet is always 0. */
START_TEST(game_over)
{
    int limit;
    for (limit = 0; limit <= 1; limit++) {
        mg_game *g;
        mg_state *s = start(&g, limit ? "fangqi(width=4,height=4,"
                                        "no_capture_limit=1)"
                                      : "fangqi(width=4,height=4,"
                                        "no_capture_limit=0)");
        play(s, enc_4x4);
        play(s, "xd3 xb4 b3-b4");
        if (limit) {
            ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
            expect_turn(s, -1, MG_NOBODY, 0, 1.0f);
        } else {
            expect_turn(s, 2, 1, 0, 0.0f);
        }
        expect_plane(s, 0, PL_OWN, "a1 c1 c2 d2 a3 c3 b4");
        expect_plane(s, 1, PL_OWN, "b1 d1 a2 b2 a4 c4 d4");
        done(g, s);
    }
}
END_TEST

/* The test's own model of the planes, in random games of every Fangqi
 * spec of the property suite (game_specs.h): protection from the squares
 * of mg_state_sites() (§4.1), removable = the legal REMOVE actions of the
 * player to move (§4.2.5), pending > 0 exactly when the legal actions are
 * removals, and one removal takes one off it (while more are due and the
 * opponent has stones); the phase one-hot (all 0 once over), quiet in
 * [0, 1], to_move; every constant plane constant. */
static void model_check(const mg_state *s, const int32_t *acts, size_t nl,
                        float *o)
{
    int8_t held[FQ_MAXP];
    unsigned char prot[FQ_MAXP];
    size_t count;
    int32_t n = sites_of(s), w = 0, h, x, y, i;
    int mover = mg_state_current_player(s), p, k;
    int over = mg_state_winner(s) != MG_NOBODY;
    double px, py;
    mg_game_site_position(mg_state_game(s), 0, &px, &py);
    h = (int32_t)py + 1;
    w = n / h;
    ck_assert_int_eq(mg_state_sites(s, held, FQ_MAXP, &count), MG_OK);
    memset(prot, 0, sizeof prot);
    for (y = 0; y + 1 < h; y++)
        for (x = 0; x + 1 < w; x++) {
            int32_t b = y * w + x;
            int8_t c = held[b];
            if (c >= 0 && held[b + 1] == c && held[b + w] == c &&
                held[b + w + 1] == c)
                prot[b] = prot[b + 1] = prot[b + w] = prot[b + w + 1] = 1;
        }
    for (p = 0; p < 2; p++) {
        float pend, phase = 0;
        observe(s, p, o);
        for (i = 0; i < n; i++) {
            int rem = p == mover && mg_state_is_legal(s, n + i) == 1;
            MG_REQUIRE(o[PL_OWN_PROT * n + i] == (float)(held[i] == p &&
                                                         prot[i]) &&
                           o[PL_OPP_PROT * n + i] ==
                               (float)(held[i] == 1 - p && prot[i]),
                       "player %d: site %d: protected planes", p, (int)i);
            MG_REQUIRE(o[PL_REMOVABLE * n + i] == (float)rem,
                       "player %d: site %d: removable %g, legal %d", p,
                       (int)i, (double)o[PL_REMOVABLE * n + i], rem);
            for (k = PL_PENDING; k < NPL; k++)
                MG_REQUIRE(o[k * n + i] == o[k * n], "plane %s not constant",
                           plane_names[k]);
        }
        for (k = PL_PLACING; k <= PL_MOVING; k++) {
            MG_REQUIRE(o[k * n] == 0 || o[k * n] == 1, "phase plane %s",
                       plane_names[k]);
            phase += o[k * n];
        }
        MG_REQUIRE(phase == (over ? 0 : 1), "phase planes sum to %g",
                   (double)phase);
        MG_REQUIRE(o[PL_TO_MOVE * n] == (float)(p == mover), "to_move");
        MG_REQUIRE(o[PL_QUIET * n] >= 0 && o[PL_QUIET * n] <= 1, "quiet %g",
                   (double)o[PL_QUIET * n]);
        pend = o[PL_PENDING * n];
        if (p != mover) {
            MG_REQUIRE(pend == 0, "pending %g off turn", (double)pend);
        } else {
            int removals = nl > 0;
            size_t j;
            for (j = 0; j < nl; j++)
                removals &= acts[j] >= n && acts[j] < 2 * n;
            MG_REQUIRE((pend > 0) == removals && pend == (float)(int)pend,
                       "pending %g, legal removals %d", (double)pend,
                       removals);
            if (o[PL_REMOVING * n] == 1)
                MG_REQUIRE(pend > 0, "removing without removals");
            if (o[PL_MOVING * n] == 1 && pend == 0) /* moves only */
                MG_REQUIRE(nl > 0 && acts[0] >= 2 * n, "moving: %d",
                           (int)acts[0]);
        }
    }
}

START_TEST(planes_model)
{
    static float o[NPL * FQ_MAXP], after[NPL * FQ_MAXP];
    static int32_t lg[FQ_MAXA];
    const mg_test_spec *ts = NULL;
    int i, k = _i, game, games = mg_test_games(1000) / 100;
    for (i = 0; i < MG_N_TEST_SPECS; i++)
        if ((mg_test_specs[i].uses & TS_PROPERTY) &&
            mg_test_spec_is(mg_test_specs[i].spec, "fangqi") && k-- == 0)
            ts = &mg_test_specs[i];
    ck_assert_ptr_nonnull(ts);
    for (game = 0; game < (games < 2 ? 2 : games); game++) {
        uint64_t rng = 77u + (uint64_t)_i * 1000u + (uint64_t)game;
        mg_game *g;
        mg_state *s = start(&g, ts->spec);
        int32_t n = mg_game_num_sites(g);
        int steps;
        for (steps = 0; steps < 3000; steps++) {
            size_t nl = legal(s, lg, FQ_MAXA);
            int mover = mg_state_current_player(s);
            float pend;
            int32_t a;
            model_check(s, lg, nl, o);
            if (nl == 0)
                break;
            observe(s, mover, o);
            pend = o[PL_PENDING * n];
            a = lg[mg_test_rand_below(&rng, nl)];
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
            if (pend > 1 && mg_state_winner(s) == MG_NOBODY &&
                score(s, 1 - mover) > 0) {
                observe(s, mover, after);
                MG_REQUIRE(mg_state_current_player(s) == mover &&
                               after[PL_PENDING * n] == pend - 1,
                           "%s: pending %g, after a removal %g", ts->spec,
                           (double)pend, (double)after[PL_PENDING * n]);
            }
        }
        done(g, s);
    }
}
END_TEST

static int n_fangqi_property(void)
{
    int i, n = 0;
    for (i = 0; i < MG_N_TEST_SPECS; i++)
        n += (mg_test_specs[i].uses & TS_PROPERTY) &&
             mg_test_spec_is(mg_test_specs[i].spec, "fangqi");
    return n;
}

Suite *mg_sites_fangqi_held_suite(void)
{
    Suite *s = suite_create("sites_fangqi_held");
    TCase *tc = tcase_create("sites_fangqi");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, square_removals);
    tcase_add_test(tc, encirclement_sites);
    tcase_add_test(tc, all_protected);
    tcase_add_test(tc, removals_in_other_phases);
    tcase_add_test(tc, game_over);
    tcase_add_loop_test(tc, planes_model, 0, n_fangqi_property());
    suite_add_tcase(s, tc);
    return s;
}
