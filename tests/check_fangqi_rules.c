/*
 * check_fangqi_rules.c - the rules of Fangqi (doc/rules.md §4; sections
 * cited per test) by hand-built positions on small boards: placement
 * orders chosen here, so the full board, the squares and the removals are
 * known.  Placement, the initial and square removals, movement, the end
 * and each option (extra removal, capture on placement, ko, encirclement,
 * the no-capture limit, lose_below).
 */
#include "fangqi_test.h"

/* ------------------------------------------------------------ helpers */

/* Like play(), checking that the seats alternate from seat 0. */
static void play_alternating(mg_state *s, const char *moves)
{
    char buf[2048], *tok, *save = NULL;
    int i = 0;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save), i++) {
        int rc;
        ck_assert_int_eq(mg_state_current_player(s), i % 2);
        rc = mg_state_apply(s, parse(s, tok));
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

/* The legal actions are exactly the space-separated list `want`. */
static void expect_legal(const mg_state *s, const char *want)
{
    static int32_t got[20000], exp[20000];
    char buf[2048], *tok, *save = NULL;
    size_t n = legal(s, got, 20000), m = 0, i;
    snprintf(buf, sizeof buf, "%s", want);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        exp[m++] = parse(s, tok);
    qsort(exp, m, sizeof *exp, cmp_i32);
    for (i = 0; i < n && i < m; i++)
        if (got[i] != exp[i])
            break;
    if (n != m || i < n) {
        char names[4096] = "";
        for (i = 0; i < n; i++) {
            char nm[32];
            mg_state_action_to_string(s, got[i], nm, sizeof nm, NULL);
            strncat(names, nm, sizeof names - strlen(names) - 2);
            strcat(names, " ");
        }
        ck_abort_msg("legal actions: got [%s] want [%s]", names, want);
    }
}

/* Number of legal actions and whether all of them are REMOVE ids. */
static int all_removals(const mg_state *s, int32_t P)
{
    static int32_t got[20000];
    size_t n = legal(s, got, 20000), i;
    for (i = 0; i < n; i++)
        if (got[i] < P || got[i] >= 2 * P)
            return 0;
    return n > 0;
}

static int all_moves(const mg_state *s, int32_t P)
{
    static int32_t got[20000];
    size_t n = legal(s, got, 20000), i;
    for (i = 0; i < n; i++)
        if (got[i] < 2 * P)
            return 0;
    return n > 0;
}

/* ----------------------------------------------------------- rules */

/* 4x4, every square of the full board known (placement order below):
 *   4  O O X X
 *   3  O O O O
 *   2  X X X O
 *   1  X X X O
 *      a b c d
 * X squares a1-b2 and b1-c2 overlap (share b1, b2) and count twice: Q0 = 2;
 * O holds a3-b4 only: Q1 = 1. */
static const char *const full_4x4 =
    "a1 a3 b1 b3 c1 c3 a2 d3 b2 a4 c2 b4 c4 d1 d4 d2";

/* §4.2.1-4: placement until full, the initial removal (seat 0 then seat 1,
 * one each), the square removal (Q0 then Q1) with overlapping squares
 * counting twice, then movement with seat 0; §4.2.5 protection. */
START_TEST(square_counting_and_removal_order)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    const int32_t P = 16;
    play_alternating(s, full_4x4);
    ck_assert_int_eq(score(s, 0), 8);
    ck_assert_int_eq(score(s, 1), 8);
    /* §4.2.3: seat 0 removes one unprotected O stone (a3 b3 a4 b4 are in
     * O's square) */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc3 xd3 xd1 xd2");
    refused(s, "xa3", MG_EILLEGAL);
    refused(s, "xb4", MG_EILLEGAL);
    refused(s, "xa1", MG_EILLEGAL); /* own stone */
    refused(s, "d4-d3", MG_EILLEGAL);
    play(s, "xd1");
    /* seat 1 removes one unprotected X stone: c4 or d4 */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xc4 xd4");
    refused(s, "xb2", MG_EILLEGAL);
    play(s, "xd4");
    /* §4.2.4: seat 0 removes Q0 = 2 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc3 xd3 xd2");
    play(s, "xd2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc3 xd3");
    play(s, "xd3");
    /* seat 1 removes Q1 = 1 */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xc4");
    play(s, "xc4");
    /* §4.2.6: movement, seat 0 first */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, P));
    ck_assert_int_eq(score(s, 0), 6);
    ck_assert_int_eq(score(s, 1), 5);
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* 4x3, X holds a 3x2 block (two overlapping squares, every X stone
 * protected), O the rest:
 *   3  O O O O
 *   2  X X X O
 *   1  X X X O
 * §4.2.5: every opponent stone protected -> any may be taken; protection
 * is recomputed after each single removal.  §4.2.3 extra_removal. */
static const char *const block_4x3 =
    "a1 d1 b1 d2 c1 a3 a2 b3 b2 c3 c2 d3";

START_TEST(all_protected_fallback_and_recount)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,extra_removal=true)");
    const int32_t P = 12;
    play(s, block_4x3);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xd1 xd2 xa3 xb3 xc3 xd3");
    play(s, "xd3");
    /* seat 1 removes 2 (extra_removal); all X protected: any */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xa1 xb1 xc1 xa2 xb2 xc2");
    play(s, "xa1");
    /* a1 gone: square a1-b2 broken, a2 unprotected, b1-c2 still whole */
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xa2");
    refused(s, "xb2", MG_EILLEGAL);
    play(s, "xa2");
    /* square removal: seat 0 removes Q0 = 2, seat 1 removes Q1 = 0 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xd1 xd2 xa3 xb3 xc3");
    play(s, "xa3 xb3");
    /* movement:  3  . . O .
     *            2  . X X O
     *            1  . X X O      */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, P));
    ck_assert_int_eq(score(s, 0), 4);
    ck_assert_int_eq(score(s, 1), 3);
    done(g, s);
}
END_TEST

/* Same position without extra_removal: seat 1 removes only one. */
START_TEST(single_removal_without_extra)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3)");
    play(s, block_4x3);
    play(s, "xd3 xa1");
    /* seat 1 is done: square removal, seat 0 removes 2 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xd1 xd2 xa3 xb3 xc3");
    done(g, s);
}
END_TEST

/* §4.2.3 Xinjiang: seat 1 removes two in the initial removal (the variant
 * sets extra_removal on any board size); Ningxia removes one. */
START_TEST(xinjiang_extra_removal)
{
    static const char *const order = "a1 b1 c1 a2 b2 c2 a3 b3 c3";
    /*   3  X O X
     *   2  O X O
     *   1  X O X      no squares: movement follows the initial removal */
    mg_game *g;
    mg_state *s = start(&g, "fangqi(variant=xinjiang,width=3,height=3)");
    play(s, order);
    ck_assert_int_eq(score(s, 0), 5);
    ck_assert_int_eq(score(s, 1), 4);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "xb1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    play(s, "xa1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    ck_assert(all_removals(s, 9));
    play(s, "xc1");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    ck_assert_int_eq(score(s, 0), 3);
    done(g, s);
    s = start(&g, "fangqi(width=3,height=3)");
    play(s, order);
    play(s, "xb1 xa1");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    ck_assert_int_eq(score(s, 0), 4);
    done(g, s);
    /* the full Xinjiang board: 25 and 24 stones */
    s = start(&g, "fangqi(variant=xinjiang)");
    ck_assert_int_eq(mg_game_num_actions(g), 2 * 49 + 49 * 12);
    {
        int i;
        for (i = 0; i < 49; i++) {
            int32_t buf[64];
            ck_assert_int_eq(mg_state_current_player(s), i % 2);
            ck_assert_uint_eq(legal(s, buf, 64), (size_t)(49 - i));
            ck_assert_int_eq(mg_state_apply(s, buf[0]), MG_OK);
        }
    }
    ck_assert_int_eq(score(s, 0), 25);
    ck_assert_int_eq(score(s, 1), 24);
    ck_assert(all_removals(s, 49));
    done(g, s);
}
END_TEST

/* §4.2.6 rook movement over empty points only; step movement one point.
 * Position (4x3, from all_protected_fallback_and_recount):
 *   3  . . O .
 *   2  . X X O
 *   1  . X X O                                                      */
START_TEST(rook_and_step_movement)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,extra_removal=true)");
    play(s, block_4x3);
    play(s, "xd3 xa1 xa2 xa3 xb3");
    expect_legal(s, "b1-a1 b2-a2 b2-b3");
    refused(s, "c1-a1", MG_EILLEGAL); /* over b1 */
    refused(s, "c2-c3", MG_EILLEGAL); /* onto a stone */
    refused(s, "d2-d3", MG_EILLEGAL); /* not seat 0's stone */
    play(s, "b2-a2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "c3-b3 c3-a3 c3-d3 d2-d3");
    /* over b3 (now empty) and c3 is rook's */
    play(s, "c3-a3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    /*   3  O . . .
     *   2  X . X O
     *   1  . X X O     a2 up is blocked by a3, c2 up goes to c3 only */
    expect_legal(s, "a2-a1 a2-b2 b1-a1 b1-b2 b1-b3 c2-b2 c2-c3");
    refused(s, "a2-c2", MG_EILLEGAL);
    done(g, s);

    s = start(&g, "fangqi(width=4,height=3,extra_removal=true,movement=step)");
    play(s, block_4x3);
    play(s, "xd3 xa1 xa2 xa3 xb3");
    expect_legal(s, "b1-a1 b2-a2 b2-b3");
    play(s, "b2-a2");
    expect_legal(s, "c3-b3 c3-d3 d2-d3");
    refused(s, "c3-a3", MG_EILLEGAL);
    play(s, "c3-b3");
    /*   3  . O . .
     *   2  X . X O
     *   1  . X X O     b1 cannot go to b3 in one step */
    expect_legal(s, "a2-a1 a2-b2 a2-a3 b1-a1 b1-b2 c2-b2 c2-c3");
    refused(s, "b1-b3", MG_EILLEGAL);
    done(g, s);
}
END_TEST

/* §4.2.6: a move completing two squares gives two removals, one action
 * each, by the mover; the turn passes after the last. */
START_TEST(move_completing_two_squares)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4)");
    const int32_t P = 16;
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, P));
    play(s, "b3-b2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    /* no O square: every O stone may be taken */
    expect_legal(s, "xa3 xc3 xa4 xb4 xc4 xd1 xd2");
    play(s, "xa3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_removals(s, P));
    /* the new squares protect a1 b1 c1 a2 b2 c2 */
    play(s, "xc4");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    ck_assert(all_moves(s, P));
    ck_assert_int_eq(score(s, 0), 7);
    ck_assert_int_eq(score(s, 1), 5);
    done(g, s);
}
END_TEST

/* §4.2.7 lose_below: checked after every single removal. */
START_TEST(lose_below)
{
    mg_game *g;
    mg_state *s;
    /* 7: O has 7 after the initial removal; the first of the two removals
     * leaves 6 -> seat 0 wins at once, the second removal never comes */
    s = start(&g, "fangqi(width=4,height=4,lose_below=7)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xa3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_winner(s), 0);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_uint_eq(legal(s, NULL, 0), 0);
    refused(s, "xc4", MG_EOVER);
    done(g, s);
    /* 6: after both removals (O 5) */
    s = start(&g, "fangqi(width=4,height=4,lose_below=6)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2 xa3");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xc4");
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
    /* 8: after the very first removal O has 7 < 8, X 8 -> seat 0 wins */
    s = start(&g, "fangqi(width=4,height=4,lose_below=8)");
    play(s, two_sq_4x4);
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xb2");
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
    /* both below at one check: a draw.  With capture_on_placement both
     * lose a stone while placing (no count check then); 4x4:
     *   4  O . O O
     *   3  X O O O      X 7, O 7 < 8 once placing is over
     *   2  X X O .
     *   1  X X . X                                                      */
    s = start(&g, "fangqi(width=4,height=4,capture_on_placement=true,"
                  "lose_below=8)");
    play(s, "a1 c3 b1 d3 a2 c4 b2");
    expect_legal(s, "xc3 xd3 xc4");
    play(s, "xc4 c4 c1 d4");
    expect_legal(s, "xc1"); /* a1 b1 a2 b2 are protected */
    play(s, "xc1 c1 a4 d1 b3 a3 c2");
    ck_assert_int_eq(score(s, 0), 7);
    ck_assert_int_eq(score(s, 1), 7);
    if (!mg_state_is_terminal(s)) {
        ck_assert_int_eq(mg_state_current_player(s), 0);
        play(s, "xc2");
    }
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    done(g, s);
    /* 0: nobody ever loses by count */
    s = start(&g, "fangqi(width=4,height=4,lose_below=0)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2 xa3 xc4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* §4.2.7: a player to move with no legal move loses (here at the start of
 * movement).  2x3:   3  X O      after xb3, xa3:   3  . .
 *                    2  O O                        2  O O
 *                    1  X X                        1  X X            */
START_TEST(no_legal_move_loses)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=2,height=3)");
    play(s, "a1 a2 b1 b2 a3 b3");
    play(s, "xb3");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "xa3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_winner(s), 1);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_uint_eq(legal(s, NULL, 0), 0);
    refused(s, "a1-a2", MG_EOVER);
    done(g, s);
}
END_TEST

/* §4.2.6: a walk through rook moves on 2x3, legal sets by hand. */
START_TEST(small_board_moves)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=2,height=3)");
    play(s, "a1 b3 a2 b2 b1 a3 xa3 xb1");
    /*   3  . O
     *   2  X O
     *   1  X .      X to move                                           */
    expect_legal(s, "a1-b1 a2-a3");
    play(s, "a2-a3");
    /*   3  X O
     *   2  . O
     *   1  X .                                                           */
    expect_legal(s, "b2-a2 b2-b1");
    play(s, "b2-a2");
    /*   3  X O
     *   2  O .
     *   1  X .      a3 is walled in by a2 and b3                         */
    expect_legal(s, "a1-b1");
    play(s, "a1-b1");
    expect_legal(s, "a2-a1 a2-b2 b3-b2");
    play(s, "a2-b2");
    /*   3  X O
     *   2  . O
     *   1  . X      a3 slides two points down (rook)                     */
    expect_legal(s, "a3-a2 a3-a1 b1-a1");
    play(s, "b1-a1 b2-b1 a1-a2 b1-a1");
    /*   3  X O
     *   2  X .
     *   1  O .                                                           */
    expect_legal(s, "a2-b2");
    play(s, "a2-b2 a1-a2");
    /*   3  X O
     *   2  O X
     *   1  . .                                                           */
    expect_legal(s, "b2-b1");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* §4.2.8: a draw after no_capture_limit movement plies without a
 * removal; 0 turns it off.  2x3 with two stones each: no square can form.
 *   3  . O
 *   2  X O
 *   1  . X                                                              */
START_TEST(no_capture_limit_draw)
{
    static const char *const setup = "a1 b3 a2 b2 b1 a3 xa3 xa1";
    static const char *const plies[] = {"a2-a3", "b2-a2", "b1-b2", "a2-a1"};
    int lim;
    for (lim = 0; lim <= 5; lim++) {
        mg_game *g;
        mg_state *s;
        char spec[96];
        int i;
        snprintf(spec, sizeof spec, "fangqi(width=2,height=3,no_capture_limit=%d)",
                 lim);
        s = start(&g, spec);
        play(s, setup);
        ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
        for (i = 0; i < 4; i++) {
            play(s, plies[i]);
            if (lim > 0 && i + 1 >= lim) {
                ck_assert_msg(mg_state_winner(s) == MG_DRAW,
                              "limit %d: ply %d should draw", lim, i + 1);
                break;
            }
            ck_assert_msg(mg_state_winner(s) == MG_NOBODY,
                          "limit %d: ply %d ended the game", lim, i + 1);
            ck_assert_int_eq(mg_state_current_player(s), (i + 1) % 2);
        }
        done(g, s);
    }
}
END_TEST

/* §4.2.8: a removal resets the count (here: the two-square move). */
START_TEST(no_capture_limit_reset_by_removal)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4,no_capture_limit=2)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    /* 1 ply without removal: O moves a4?  First X plays a neutral move */
    play(s, "d3-d4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    /*   4  O O O X
     *   3  O X O .
     *   2  X . X O
     *   1  X X X O      O: c3-d3, d2-d3                                 */
    play(s, "d2-d3");
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    done(g, s);
    s = start(&g, "fangqi(width=4,height=4,no_capture_limit=2)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4 b3-b2 xa3 xc4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    /* one ply since the removals */
    play(s, "a4-a3");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    done(g, s);
}
END_TEST

/* §4.2 capture_on_placement: a stone completing a square while placing
 * gives a removal at once; placing ends after the allotments (5 and 4 on
 * 3x3) although the board is not full; the initial removal follows and
 * the square removal is skipped. */
START_TEST(capture_on_placement)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=3,height=3,capture_on_placement=true)");
    play(s, "a1 c1 a2 c2 b1 c3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b2"); /* completes a1-b2 */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc1 xc2 xc3");
    play(s, "xc2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "a3 b3 c2");
    play(s, "c2");   /* seat 1's fourth and last stone */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b3");   /* seat 0's fifth and last stone; a3 stays empty */
    /*   3  . X O
     *   2  X X O
     *   1  X X O     initial removal: seat 0 one, seat 1 one */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc1 xc2 xc3");
    play(s, "xc3");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    /* X stones a1 b1 a2 b2 protected, b3 not */
    expect_legal(s, "xb3");
    play(s, "xb3");
    /* Q0 = 1 on this board, but the square removal is skipped */
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    ck_assert_int_eq(score(s, 0), 4);
    ck_assert_int_eq(score(s, 1), 2);
    done(g, s);
    /* without the option, the same placements are just placements */
    s = start(&g, "fangqi(width=3,height=3)");
    play(s, "a1 c1 a2 c2 b1 c3 b2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "a3 b3");
    play(s, "a3 b3");
    /*   3  O X O
     *   2  X X O
     *   1  X X O     Q0 = 1: initial removal, then one square removal */
    play(s, "xc1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    expect_legal(s, "xb3");
    play(s, "xb3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xa3 xc2 xc3");
    play(s, "xa3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    ck_assert(all_moves(s, 9));
    done(g, s);
}
END_TEST

/* §4.2 capture_on_placement: a stone completing two squares while placing
 * removes two. 4x3, X: a1 b1 c1 a2 c2 then b2 */
START_TEST(capture_on_placement_two_squares)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=3,capture_on_placement=true)");
    play(s, "a1 d1 b1 d2 c1 d3 a2 a3 c2 b3");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b2");
    expect_legal(s, "xd1 xd2 xd3 xa3 xb3");
    play(s, "xd1");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "xd2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    /* seat 1 has placed 5 of 6: empties c3 d1 d2 */
    expect_legal(s, "c3 d1 d2");
    done(g, s);
}
END_TEST

/* §4.2 ko: after the two-square move b3-b2 and its removals, X steps out
 * (b2-b3) and back: with ko every move into b2 re-forms a square of X's
 * previous square-completing move and is refused; without ko it is legal
 * and removes two again. */
START_TEST(ko_rule)
{
    int ko;
    for (ko = 0; ko <= 1; ko++) {
        mg_game *g;
        mg_state *s = start(&g, ko ? "fangqi(width=4,height=4,ko=true)"
                                   : "fangqi(width=4,height=4)");
        int32_t a;
        play(s, two_sq_4x4);
        play(s, "xb2 xd4 b3-b2 xa3 xc4");
        /*   4  O O . .
         *   3  . . O X
         *   2  X X X O
         *   1  X X X O                                                   */
        play(s, "c3-c4 b2-b3 c4-c3");
        /*   4  O O . .
         *   3  . X O X
         *   2  X . X O
         *   1  X X X O                                                   */
        a = parse(s, "b3-b2");
        if (ko)
            expect_legal(s, "b1-b2 a2-a3 b3-a3 d3-d4");
        else
            expect_legal(s, "b1-b2 a2-b2 a2-a3 c2-b2 b3-b2 b3-a3 d3-d4");
        if (ko) {
            refused(s, "b3-b2", MG_EILLEGAL);
            refused(s, "a2-b2", MG_EILLEGAL); /* re-forms b1-c2 */
            refused(s, "c2-b2", MG_EILLEGAL); /* re-forms a1-b2 */
            /* b1-b2 empties b1: it completes no square and stays legal */
            ck_assert_int_eq(mg_state_is_legal(s, parse(s, "b1-b2")), 1);
        } else {
            ck_assert_int_eq(mg_state_is_legal(s, a), 1);
            play(s, "b3-b2");
            ck_assert_int_eq(mg_state_current_player(s), 0);
            ck_assert(all_removals(s, 16));
        }
        done(g, s);
    }
}
END_TEST

/* §4.2 ko: before any square-completing move in movement nothing is
 * blocked (squares formed while placing do not count). */
START_TEST(ko_first_completion_free)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4,ko=true)");
    play(s, two_sq_4x4);
    play(s, "xb2 xd4");
    /* X's first square-completing move: nothing to block yet */
    expect_legal(s, "b1-b2 a2-b2 c2-b2 b3-b2 d3-d4");
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "b3-b2")), 1);
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "a2-b2")), 1);
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "c2-b2")), 1);
    done(g, s);
}
END_TEST

/* §4.2 ko: squares completed while placing (capture_on_placement) do not
 * count: re-forming a1-b2 is X's first square-completing move.
 *   3  . . .
 *   2  X X O
 *   1  X X O     (the position of the capture_on_placement test)        */
START_TEST(ko_ignores_placement_squares)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=3,height=3,capture_on_placement=true,"
                            "ko=true)");
    play(s, "a1 c1 a2 c2 b1 c3 b2 xc2 c2 b3 xc3 xb3");
    play(s, "a2-a3 c2-c3");
    ck_assert_int_eq(mg_state_is_legal(s, parse(s, "a3-a2")), 1);
    play(s, "a3-a2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    expect_legal(s, "xc1 xc3");
    done(g, s);
}
END_TEST

/* §4.2 encirclement.  4x4 full board (no squares):
 *   4  O X O O      xd3 (seat 0), xb4 (seat 1)     4  O . O O
 *   3  X X X O      ->                             3  X X X .
 *   2  O O X X                                     2  O O X X
 *   1  X O X O                                     1  X O X O
 * X b3-b4: a4 (next to b4, no liberty) is removed; c4-d4 next to b4 keeps
 * d3; {a2 b2 b1} and d1 have no liberty but are not next to b4 (b2 even
 * gets b3).  The removal counts as one for no_capture_limit. */
static const char *const enc_4x4 =
    "b4 a4 a3 c4 b3 d4 c3 d3 c2 a2 d2 b2 a1 b1 c1 d1";

START_TEST(encirclement)
{
    int enc;
    for (enc = 0; enc <= 1; enc++) {
        mg_game *g;
        mg_state *s;
        int32_t grp[16];
        size_t n = 0;
        char spec[128];
        snprintf(spec, sizeof spec,
                 "fangqi(width=4,height=4,encirclement=%s,no_capture_limit=1)",
                 enc ? "true" : "false");
        s = start(&g, spec);
        play(s, enc_4x4);
        play(s, "xd3 xb4");
        ck_assert_int_eq(mg_state_current_player(s), 0);
        ck_assert_int_eq(score(s, 1), 7);
        play(s, "b3-b4");
        if (enc) {
            ck_assert_int_eq(score(s, 1), 6);
            ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
            ck_assert_int_eq(mg_state_current_player(s), 1);
            /* O chains: {a2 b2 b1} 3, {c4 d4} 2, {d1} 1 */
            ck_assert_int_eq(mg_state_groups(s, 1, grp, 16, &n), MG_OK);
            ck_assert_uint_eq(n, 3);
            ck_assert_int_eq(grp[0], 3);
            ck_assert_int_eq(grp[1], 2);
            ck_assert_int_eq(grp[2], 1);
            expect_legal(s, "b2-b3 d4-d3"); /* nothing reaches a4 */
        } else {
            ck_assert_int_eq(score(s, 1), 7);
            ck_assert_int_eq(mg_state_winner(s), MG_DRAW); /* 1 ply */
        }
        done(g, s);
    }
}
END_TEST

/* §4.2 encirclement with lose_below: the encircled stones count. */
START_TEST(encirclement_loses_by_count)
{
    mg_game *g;
    mg_state *s = start(&g, "fangqi(width=4,height=4,encirclement=true,"
                            "lose_below=7)");
    play(s, enc_4x4);
    play(s, "xd3 xb4");
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    play(s, "b3-b4");
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
}
END_TEST

Suite *mg_fangqi_rules_suite(void)
{
    Suite *s = suite_create("fangqi_rules");
    TCase *rules = tcase_create("rules");
    tcase_add_test(rules, square_counting_and_removal_order);
    tcase_add_test(rules, all_protected_fallback_and_recount);
    tcase_add_test(rules, single_removal_without_extra);
    tcase_add_test(rules, xinjiang_extra_removal);
    tcase_add_test(rules, rook_and_step_movement);
    tcase_add_test(rules, move_completing_two_squares);
    tcase_add_test(rules, lose_below);
    tcase_add_test(rules, no_legal_move_loses);
    tcase_add_test(rules, small_board_moves);
    tcase_add_test(rules, no_capture_limit_draw);
    tcase_add_test(rules, no_capture_limit_reset_by_removal);
    tcase_add_test(rules, capture_on_placement);
    tcase_add_test(rules, capture_on_placement_two_squares);
    tcase_add_test(rules, ko_rule);
    tcase_add_test(rules, ko_first_completion_free);
    tcase_add_test(rules, ko_ignores_placement_squares);
    tcase_add_test(rules, encirclement);
    tcase_add_test(rules, encirclement_loses_by_count);
    tcase_set_timeout(rules, 60);
    suite_add_tcase(s, rules);
    return s;
}
