/*
 * check_reasons_fangqi.c - mg_state_illegal_reason and mg_state_end_reason
 * for fangqi (doc/rules.md §4): hand-built positions, one for each way
 * an action can be refused, with the expected reason; how games end; the
 * renderings' status line at the end; and random games whose refusals
 * and ends are checked against a model of the rules kept here (the phase
 * from the history, the points held from the sites, the squares and the
 * ways counted afresh).
 */
#include "tests.h"
#include "reasons_test.h"
#include "fangqi_test.h"
#include "test_rng.h"

#include <stdlib.h>

#define BOARD4 "fangqi(width=4,height=4)"

/* two_sq_4x4 (fangqi_test.h) then the initial removals xb2 and xd4:
 *   4  O O O .
 *   3  O X O X      Black (seat 0) to move, 7 stones each
 *   2  X . X O
 *   1  X X X O
 *      a b c d                                                     */
#define TWO_SQ_MOVING "xb2 xd4"

/* A legal action has no reason: MG_OK and "" (mg_state_illegal_reason). */
START_TEST(legal_has_no_reason)
{
    rt_first_legal_has_no_reason("fangqi");
}
END_TEST

/* §4.2.1: while placing a stone goes on a free point; nothing is removed
 * and nothing moves.  §4.3: ids past the last do not exist. */
START_TEST(placing_refusals)
{
    mg_game *g = rt_game(BOARD4);
    mg_state *s = rt_state(g);
    rt_play(s, "a1");
    rt_expect_text(s, "a1", MG_EILLEGAL,
                   "a1: the point is taken by a Black stone: a stone goes on a "
                   "free point (rules 4.2.1)");
    rt_play(s, "b1");
    rt_expect_text(s, "b1", MG_EILLEGAL,
                   "b1: the point is taken by a White stone: a stone goes on a "
                   "free point (rules 4.2.1)");
    rt_expect_text(s, "xb1", MG_EILLEGAL,
                   "xb1: Black (seat 0) owes no removal: nothing is removed "
                   "while placing (rules 4.2.1)");
    rt_expect_text(s, "a1-a2", MG_EILLEGAL,
                   "a1-a2: stones do not move while placing: Black (seat 0) "
                   "places a stone on a free point (rules 4.2.1)");
    /* 4x4: 2 * 16 + 16 * 6 = 128 ids (rules 4.3) */
    rt_expect(s, 128, MG_ERANGE,
              "action 128 does not exist in this game: its action ids are "
              "0 to 127 (rules 0)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.3 and §4.2.5: the initial removals, one by X then one by O (two
 * with variant=xinjiang), of the opponent's stones, before anything
 * else. */
START_TEST(initial_removal_refusals)
{
    mg_game *g = rt_game(BOARD4);
    mg_state *s = rt_state(g);
    char seq[512] = "";
    int r, c;
    rt_play(s, two_sq_4x4);
    rt_expect_text(s, "b2", MG_EILLEGAL,
                   "b2: Black (seat 0) owes 1 removal first: the initial "
                   "removal (rules 4.2.3)");
    rt_expect_text(s, "b1-b2", MG_EILLEGAL,
                   "b1-b2: Black (seat 0) owes 1 removal first: the initial "
                   "removal (rules 4.2.3)");
    rt_expect_text(
        s, "xa1", MG_EILLEGAL,
        "xa1: the stone on a1 is Black's own: Black (seat 0) removes White "
        "stones (rules 4.2.5)");
    rt_play(s, "xb2");
    rt_expect_text(s, "xb2", MG_EILLEGAL,
                   "xb2: there is no stone on b2 to remove (rules 4.2.5)");
    rt_expect_text(
        s, "xa3", MG_EILLEGAL,
        "xa3: the stone on a3 is White's own: White (seat 1) removes Black "
        "stones (rules 4.2.5)");
    mg_state_free(s);
    mg_game_free(g);

    /* Xinjiang (7 x 7) on a checkerboard, no square: O owes two */
    g = rt_game("fangqi(variant=xinjiang)");
    s = rt_state(g);
    for (r = 1; r <= 7; r++)
        for (c = 0; c < 7; c++) {
            char p[16];
            snprintf(p, sizeof p, " %c%d", 'a' + c, r);
            strcat(seq, p);
        }
    rt_play(s, seq);
    rt_play(s, "xb1");
    rt_expect_text(s, "b1", MG_EILLEGAL,
                   "b1: White (seat 1) owes 2 removals first: the initial "
                   "removal (rules 4.2.3)");
    rt_expect_text(s, "a1-b1", MG_EILLEGAL,
                   "a1-b1: White (seat 1) owes 2 removals first: the initial "
                   "removal (rules 4.2.3)");
    rt_play(s, "xa1");
    rt_expect_text(s, "xa1", MG_EILLEGAL,
                   "xa1: there is no stone on a1 to remove (rules 4.2.5)");
    rt_expect_text(
        s, "xa2", MG_EILLEGAL,
        "xa2: the stone on a2 is White's own: White (seat 1) removes Black "
        "stones (rules 4.2.5)");
    rt_play(s, "xc1");
    /* no square on the board (§4.2.4): movement, X to move */
    rt_expect_text(s, "xd1", MG_EILLEGAL,
                   "xd1: Black (seat 0) owes no removal: only a move that "
                   "completes a square earns one (rules 4.2.6)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.1 and §4.2.5: a protected stone (in a square of its colour) may not
 * be taken while an unprotected one is there; §4.2.4: the square
 * removals come after the initial ones.
 *   4  O O O O
 *   3  O O X O      O's square a3 b3 a4 b4, X's square c1 d1 c2 d2:
 *   2  X O X X      Q0 = Q1 = 1
 *   1  X X X X                                                     */
START_TEST(protected_refusals)
{
    mg_game *g = rt_game(BOARD4);
    mg_state *s = rt_state(g);
    rt_play(s, "a1 b2 b1 a3 c1 b3 d1 a4 a2 b4 c2 d3 d2 c4 c3 d4");
    rt_expect_text(
        s, "xa3", MG_EILLEGAL,
        "xa3: the White stone on a3 is protected, part of the square "
        "a3 b3 a4 b4, and White has unprotected stones to remove "
        "(rules 4.2.5)");
    rt_expect_text(
        s, "xb4", MG_EILLEGAL,
        "xb4: the White stone on b4 is protected, part of the square "
        "a3 b3 a4 b4, and White has unprotected stones to remove "
        "(rules 4.2.5)");
    rt_expect_text(s, "xb2", MG_OK, "");
    rt_play(s, "xb2");
    rt_expect_text(
        s, "xd2", MG_EILLEGAL,
        "xd2: the Black stone on d2 is protected, part of the square "
        "c1 d1 c2 d2, and Black has unprotected stones to remove "
        "(rules 4.2.5)");
    rt_play(s, "xa1");
    /* the square removals (§4.2.4): X owes one for c1 .. d2 */
    rt_expect_text(s, "d4", MG_EILLEGAL,
                   "d4: Black (seat 0) owes 1 removal first, one for each of "
                   "its squares on the full board (rules 4.2.4)");
    rt_expect_text(
        s, "xa3", MG_EILLEGAL,
        "xa3: the White stone on a3 is protected, part of the square "
        "a3 b3 a4 b4, and White has unprotected stones to remove "
        "(rules 4.2.5)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.5: when every opponent stone is protected, any of them may be
 * taken (no refusal for protection); one's own stones still may not. */
START_TEST(all_protected_removable)
{
    mg_game *g = rt_game("fangqi(width=2,height=4)");
    mg_state *s = rt_state(g);
    /*   4  O O      O's square a3 b3 a4 b4: every O stone protected
     *   3  O O
     *   2  X X      X's square a1 b1 a2 b2
     *   1  X X                                                     */
    rt_play(s, "a1 a3 b1 b3 a2 a4 b2 b4");
    rt_expect_text(s, "xa3", MG_OK, "");
    rt_expect_text(s, "xb4", MG_OK, "");
    rt_expect_text(
        s, "xa2", MG_EILLEGAL,
        "xa2: the stone on a2 is Black's own: Black (seat 0) removes White "
        "stones (rules 4.2.5)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.6 with movement=rook: a move takes one's own stone along its row
 * or column over empty points to an empty point; placing is over; a
 * removal only after a move that completes a square. */
START_TEST(movement_refusals_rook)
{
    mg_game *g = rt_game(BOARD4);
    mg_state *s = rt_state(g);
    rt_play(s, two_sq_4x4);
    rt_play(s, TWO_SQ_MOVING);
    rt_expect_text(s, "d4", MG_EILLEGAL,
                   "d4: placing is over: Black (seat 0) moves a stone "
                   "(rules 4.2.6)");
    rt_expect_text(s, "xa3", MG_EILLEGAL,
                   "xa3: Black (seat 0) owes no removal: only a move that "
                   "completes a square earns one (rules 4.2.6)");
    rt_expect_text(s, "b2-b1", MG_EILLEGAL,
                   "b2-b1: there is no stone on b2 to move (rules 4.2.6)");
    rt_expect_text(
        s, "a3-b3", MG_EILLEGAL,
        "a3-b3: the stone on a3 is White's: Black (seat 0) moves its own "
        "stones (rules 4.2.6)");
    rt_expect_text(s, "c1-c3", MG_EILLEGAL,
                   "c1-c3: c3 is taken by a White stone: a stone moves to an "
                   "empty point (rules 4.2.6)");
    rt_expect_text(s, "b1-b3", MG_EILLEGAL,
                   "b1-b3: b3 is taken by a Black stone: a stone moves to an "
                   "empty point (rules 4.2.6)");
    rt_expect_text(s, "c2-a2", MG_EILLEGAL,
                   "c2-a2: a2 is taken by a Black stone: a stone moves to an "
                   "empty point (rules 4.2.6)");
    rt_expect_text(s, "d3-d4", MG_OK, "");
    /* b3-b2 completes a1 .. b2 and b1 .. c2: two removals owed */
    rt_play(s, "b3-b2");
    rt_expect_text(s, "d3-d4", MG_EILLEGAL,
                   "d3-d4: Black (seat 0) owes 2 removals first, earned by its "
                   "move (rules 4.2.6)");
    rt_expect_text(s, "d4", MG_EILLEGAL,
                   "d4: Black (seat 0) owes 2 removals first, earned by its "
                   "move (rules 4.2.6)");
    rt_expect_text(
        s, "xb1", MG_EILLEGAL,
        "xb1: the stone on b1 is Black's own: Black (seat 0) removes White "
        "stones (rules 4.2.5)");
    rt_play(s, "xc3");
    rt_expect_text(
        s, "xc2", MG_EILLEGAL,
        "xc2: the stone on c2 is Black's own: Black (seat 0) removes White "
        "stones (rules 4.2.5)");
    rt_expect_text(s, "xc3", MG_EILLEGAL,
                   "xc3: there is no stone on c3 to remove (rules 4.2.5)");
    rt_play(s, "xa3");
    /*   4  O O O .
     *   3  . . . X      O (seat 1) to move
     *   2  X X X O
     *   1  X X X O                                                 */
    rt_expect_text(
        s, "a4-d4", MG_EILLEGAL,
        "a4-d4: the way from a4 to d4 is blocked by a White stone on "
        "b4: a stone moves over empty points only (rules 4.2.6)");
    rt_expect_text(
        s, "d2-d4", MG_EILLEGAL,
        "d2-d4: the way from d2 to d4 is blocked by a Black stone on "
        "d3: a stone moves over empty points only (rules 4.2.6)");
    rt_expect_text(s, "b4-b3", MG_OK, "");
    rt_expect_text(s, "c4-c3", MG_OK, "");
    rt_expect_text(s, "xa1", MG_EILLEGAL,
                   "xa1: White (seat 1) owes no removal: only a move that "
                   "completes a square earns one (rules 4.2.6)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.6 with movement=step: one point at a time, whatever the phase
 * (such a move is never legal); the other refusals as with rook. */
START_TEST(movement_refusals_step)
{
    mg_game *g = rt_game("fangqi(width=4,height=4,movement=step)");
    mg_state *s = rt_state(g);
    rt_expect_text(s, "a1-d1", MG_EILLEGAL,
                   "a1-d1: with movement=step a stone moves one point at a "
                   "time, this move goes 3 points (rules 4.2.6)");
    rt_expect_text(s, "a1-a2", MG_EILLEGAL,
                   "a1-a2: stones do not move while placing: Black (seat 0) "
                   "places a stone on a free point (rules 4.2.1)");
    rt_play(s, two_sq_4x4);
    rt_play(s, TWO_SQ_MOVING);
    rt_expect_text(s, "d3-d4", MG_OK, "");
    rt_expect_text(s, "b3-b2", MG_OK, "");
    rt_expect_text(s, "b1-b3", MG_EILLEGAL,
                   "b1-b3: with movement=step a stone moves one point at a "
                   "time, this move goes 2 points (rules 4.2.6)");
    rt_expect_text(s, "b1-b2", MG_OK, "");
    rt_expect_text(s, "a1-b1", MG_EILLEGAL,
                   "a1-b1: b1 is taken by a Black stone: a stone moves to an "
                   "empty point (rules 4.2.6)");
    rt_expect_text(
        s, "c4-d4", MG_EILLEGAL,
        "c4-d4: the stone on c4 is White's: Black (seat 0) moves its own "
        "stones (rules 4.2.6)");
    rt_play(s, "b3-b2 xc3 xa3");
    rt_expect_text(s, "b4-b2", MG_EILLEGAL,
                   "b4-b2: with movement=step a stone moves one point at a "
                   "time, this move goes 2 points (rules 4.2.6)");
    rt_expect_text(s, "b4-b3", MG_OK, "");
    rt_expect_text(s, "d4-d3", MG_EILLEGAL,
                   "d4-d3: there is no stone on d4 to move (rules 4.2.6)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2, the ko option: the squares of the player's last square move may
 * not be completed again by its moves (alone or with others). */
START_TEST(ko_refusals)
{
    mg_game *g = rt_game("fangqi(width=4,height=4,ko=true)");
    mg_state *s = rt_state(g);
    rt_play(s, two_sq_4x4);
    rt_play(s, TWO_SQ_MOVING);
    /* b3-b2 completes a1 b1 a2 b2 and b1 c1 b2 c2: banned for X */
    rt_play(s, "b3-b2 xc3 xa3 c4-c3 b2-b3 c3-c4");
    /*   4  O O O .
     *   3  . X . X      Black (seat 0) to move
     *   2  X . X O
     *   1  X X X O                                                 */
    rt_expect_text(s, "b3-b2", MG_EILLEGAL,
                   "b3-b2: the move would complete again the squares a1 b1 "
                   "a2 b2 and b1 c1 b2 c2, banned by ko: Black (seat 0) "
                   "completed them with its last square move (rules 4.2, "
                   "ko)");
    rt_expect_text(s, "c2-b2", MG_EILLEGAL,
                   "c2-b2: the move would complete again the square a1 b1 "
                   "a2 b2, banned by ko: Black (seat 0) completed it with its "
                   "last square move (rules 4.2, ko)");
    rt_expect_text(s, "a2-a3", MG_OK, "");
    rt_expect_text(s, "c2-c3", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
    /* without the option the same moves are legal */
    g = rt_game(BOARD4);
    s = rt_state(g);
    rt_play(s, two_sq_4x4);
    rt_play(s, TWO_SQ_MOVING);
    rt_play(s, "b3-b2 xc3 xa3 c4-c3 b2-b3 c3-c4");
    rt_expect_text(s, "b3-b2", MG_OK, "");
    rt_expect_text(s, "c2-b2", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2, capture_on_placement: a placement completing a square earns a
 * removal, made at once; no other removal while placing. */
START_TEST(capture_on_placement_refusals)
{
    mg_game *g = rt_game("fangqi(width=4,height=4,capture_on_placement=true)");
    mg_state *s = rt_state(g);
    rt_play(s, "a1 c3 b1 d3 a2 c4");
    rt_expect_text(s, "xc3", MG_EILLEGAL,
                   "xc3: Black (seat 0) owes no removal: only a placement that "
                   "completes a square earns one (rules 4.2, "
                   "capture_on_placement)");
    rt_play(s, "b2"); /* a1 b1 a2 b2 */
    rt_expect_text(s, "d4", MG_EILLEGAL,
                   "d4: Black (seat 0) owes 1 removal first, earned by its "
                   "placement (rules 4.2, capture_on_placement)");
    rt_expect_text(s, "a1-a3", MG_EILLEGAL,
                   "a1-a3: Black (seat 0) owes 1 removal first, earned by its "
                   "placement (rules 4.2, capture_on_placement)");
    rt_expect_text(
        s, "xb2", MG_EILLEGAL,
        "xb2: the stone on b2 is Black's own: Black (seat 0) removes White "
        "stones (rules 4.2.5)");
    rt_expect_text(s, "xd4", MG_EILLEGAL,
                   "xd4: there is no stone on d4 to remove (rules 4.2.5)");
    rt_play(s, "xc4");
    rt_expect_text(s, "xd3", MG_EILLEGAL,
                   "xd3: White (seat 1) owes no removal: only a placement that "
                   "completes a square earns one (rules 4.2, "
                   "capture_on_placement)");
    rt_expect_text(s, "c4", MG_OK, "");
    rt_expect_text(s, "b2", MG_EILLEGAL,
                   "b2: the point is taken by a Black stone: a stone goes on a "
                   "free point (rules 4.2.1)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------ the end */

/* The end reason, the refusal of any action after the end and the text
 * rendering's status lines (rules §4.2.7-4.2.9). */
static void expect_over(const mg_state *s, const char *want)
{
    char buf[1024], line[1200];
    rt_expect_end(s, want);
    snprintf(line, sizeof line, "a1: the game is over: %s", want);
    rt_expect_text(s, "a1", MG_EOVER, line);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf,
                                     NULL),
                     MG_OK);
    snprintf(line, sizeof line, "\ngame over: %s\n", want);
    ck_assert_msg(strstr(buf, line) != NULL, "%s", buf);
}

/* §4.2.7: a player below lose_below stones loses, checked after every
 * removal. */
START_TEST(end_below_lose_below)
{
    mg_game *g = rt_game("fangqi(width=4,height=4,lose_below=8)");
    mg_state *s = rt_state(g);
    char buf[1024];
    rt_play(s, two_sq_4x4);
    ck_assert_int_eq(mg_state_end_reason(s, buf, sizeof buf, NULL),
                     MG_EINVAL);
    ck_assert_str_eq(buf, "");
    rt_play(s, "xb2");
    expect_over(
        s, "Black (seat 0) wins: White (seat 1) has fewer than 8 stones "
           "(lose_below); Black (seat 0) 8 stones, White (seat 1) 7 stones "
           "(rules 4.2.7)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.7 with the default lose_below=1: no stone left loses; 2 x 2 with
 * extra_removal, O's two initial removals take both X stones (§4.2.3). */
START_TEST(end_no_stones_left)
{
    mg_game *g = rt_game("fangqi(width=2,height=2,extra_removal=true)");
    mg_state *s = rt_state(g);
    char buf[1024];
    rt_play(s, "a1 b1 a2 b2 xb1 xa1 xa2");
    expect_over(
        s, "White (seat 1) wins: Black (seat 0) has no stones left; "
           "Black (seat 0) 0 stones, White (seat 1) 1 stone (rules 4.2.7)");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf,
                                     NULL),
                     MG_OK);
    ck_assert_msg(
        strstr(buf, "\nBlack (seat 0): 0 stones  White (seat 1): 1 stone\n"),
        "%s", buf);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.7: both below at once is a draw; with capture_on_placement O's
 * square while placing took an X stone (7 < 8), then X's initial removal
 * leaves O 7 too. */
START_TEST(end_both_below)
{
    mg_game *g = rt_game("fangqi(width=4,height=4,capture_on_placement=true,"
                         "lose_below=8)");
    mg_state *s = rt_state(g);
    rt_play(s, "a1 c3 b1 d3 d1 c4 a2 b4 c2 a3 d2 c1 b3 b2 a4 d4 xa1");
    ck_assert_int_eq(mg_state_is_terminal(s), 0); /* not while placing */
    rt_play(s, "xb2");
    expect_over(
        s, "draw: both players have fewer than 8 stones "
           "(lose_below); Black (seat 0) 7 stones, White (seat 1) 7 stones "
           "(rules 4.2.7)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.7: no legal move for the player to move loses, here X at the
 * start of movement: the two empty points a4 and d1 have only O
 * neighbours.
 *   4  . O X O
 *   3  O X O X
 *   2  X O X O
 *   1  X X O .                                                     */
START_TEST(end_no_legal_move)
{
    mg_game *g = rt_game(BOARD4);
    mg_state *s = rt_state(g);
    rt_play(s, "a1 a4 b1 b4 d1 d4 a2 a3 c2 c3 b3 b2 d3 d2 c4 c1 xa4 xd1");
    expect_over(s, "White (seat 1) wins: Black (seat 0), to move, has no legal "
                   "move; Black (seat 0) 7 stones, White (seat 1) 7 stones "
                   "(rules 4.2.7)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* §4.2.8: no_capture_limit moves in a row without a removal draw. */
START_TEST(end_no_capture_draw)
{
    mg_game *g = rt_game("fangqi(width=4,height=4,no_capture_limit=2)");
    mg_state *s = rt_state(g);
    static char buf[65536];
    rt_play(s, two_sq_4x4);
    rt_play(s, TWO_SQ_MOVING);
    rt_play(s, "d3-d4");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf,
                                     NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "moving: White (seat 1) to move (1 of 2 plies "
                              "without a removal)\n"),
                  "%s", buf);
    rt_play(s, "d2-d3");
    expect_over(s, "draw: 2 moves in a row without a removal; Black (seat 0) "
                   "7 stones, White (seat 1) 7 stones (rules 4.2.8)");
    /* the SVG rendering's status says it too */
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, buf, sizeof buf,
                                     NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "draw: 2 moves in a row") != NULL, "%s", buf);
    mg_state_free(s);
    mg_game_free(g);

    g = rt_game("fangqi(width=4,height=4,no_capture_limit=1)");
    s = rt_state(g);
    rt_play(s, two_sq_4x4);
    rt_play(s, TWO_SQ_MOVING);
    rt_play(s, "d3-d4");
    expect_over(s, "draw: 1 move in a row without a removal; Black (seat 0) "
                   "7 stones, White (seat 1) 7 stones (rules 4.2.8)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

static void fq_end_tests(TCase *tc)
{
    tcase_add_test(tc, end_below_lose_below);
    tcase_add_test(tc, end_no_stones_left);
    tcase_add_test(tc, end_both_below);
    tcase_add_test(tc, end_no_legal_move);
    tcase_add_test(tc, end_no_capture_draw);
}

/* ------------------------------------------ the model, on random games */

#include "reasons_fangqi_model.h"

/* The model's phase after the history (§4.2, §4.3), by a replay of the
 * placements and removals: the k-th placement is seat k % 2's (a removal
 * run never passes the turn, §4.3); with capture_on_placement the squares
 * the last placement completed are the removals right after it.  Until
 * the first move the replayed board is the position's. */
static void phase_of(const fq_model *m, const int32_t *hist, size_t nh,
                     int owing, const int8_t *own, fq_phase *ph)
{
    int8_t board[FQ_MAXP];
    size_t k;
    int p;
    memset(ph, 0, sizeof *ph);
    memset(board, MG_NOBODY, sizeof board);
    ph->owing = owing;
    for (k = 0; k < nh; k++) {
        if (hist[k] < m->P) {
            board[hist[k]] = (int8_t)(ph->placed++ % 2);
            if (ph->placed == m->P && m->cop)
                ph->earned_final = in_squares(m, board, hist[k],
                                              board[hist[k]]);
        } else if (hist[k] < 2 * m->P) {
            board[hist[k] - m->P] = MG_NOBODY;
            ph->removes_after += ph->placed == m->P;
        } else {
            ph->moved = 1;
        }
    }
    if (!ph->moved)
        for (p = 0; p < m->P; p++)
            ck_assert_int_eq(board[p], own[p]);
}

/* Games of random legal actions on small boards with every option; at
 * every position every action: a legal one has no reason, an illegal one
 * the model's (rules §4.2, §4.3); at the end the model's end line, in the
 * refusals and in the renderings too (§4.2.7-4.2.9). */
START_TEST(model_random_games)
{
    static const char *const specs[] = {
        BOARD4,
        "fangqi(width=4,height=4,movement=step,no_capture_limit=20)",
        "fangqi(width=4,height=4,ko=true,no_capture_limit=30)",
        "fangqi(width=4,height=4,ko=true,movement=step)",
        "fangqi(width=5,height=4,capture_on_placement=true)",
        "fangqi(width=4,height=5,encirclement=true,no_capture_limit=25)",
        "fangqi(width=4,height=4,lose_below=3,extra_removal=true)",
        "fangqi(width=3,height=3,no_capture_limit=5)",
        "fangqi(variant=xinjiang,no_capture_limit=12)",
    };
    uint64_t rng = 0xFA9C1ULL;
    int games = mg_test_games_upto(6), kinds_seen = 0, ends_seen = 0;
    size_t si;
    for (si = 0; si < sizeof specs / sizeof specs[0]; si++) {
        mg_game *g = rt_game(specs[si]);
        int32_t na = mg_game_num_actions(g), *hist, legal_buf[1024];
        fq_model m;
        int gi;
        char *is = malloc((size_t)na);
        model_of(g, &m);
        hist = malloc(sizeof *hist * 100000);
        ck_assert(is && hist);
        for (gi = 0; gi < games; gi++) {
            mg_state *s = rt_state(g);
            size_t nh = 0, nl, i;
            int8_t own[FQ_MAXP];
            char got[1024], name[64], line[1200], pic[8192];
            int st[2], a;
            size_t nsites = 0;
            while (!mg_state_is_terminal(s) && nh < 3000) {
                fq_phase ph;
                int me = mg_state_current_player(s), owing = 1;
                nl = legal(s, legal_buf, 1024);
                memset(is, 0, (size_t)na);
                for (i = 0; i < nl; i++) {
                    is[legal_buf[i]] = 1;
                    owing &= legal_buf[i] >= m.P && legal_buf[i] < 2 * m.P;
                }
                ck_assert_uint_gt(nl, 0);
                ck_assert_int_eq(mg_state_sites(s, own, sizeof own, &nsites),
                                 MG_OK);
                phase_of(&m, hist, nh, owing, own, &ph);
                for (a = 0; a < na; a++) {
                    fq_want w;
                    int rc = mg_state_illegal_reason(s, a, got, sizeof got,
                                                     NULL);
                    if (is[a]) {
                        MG_REQUIRE(rc == MG_OK && !got[0], "%d: %s", a, got);
                        continue;
                    }
                    MG_REQUIRE(rc == MG_EILLEGAL, "%d: %d %s", a, rc, got);
                    MG_REQUIRE(mg_state_action_to_string(s, a, name,
                                                         sizeof name,
                                                         NULL) == MG_OK,
                               "%d: no name", a);
                    model_reason(&m, &ph, own, me, a, name, &w);
                    model_check(&m, own, a, me, &w, got);
                    kinds_seen |= 1 << (w.protect + 2 * w.ko);
                }
                hist[nh] = legal_buf[mg_test_rand_below(&rng, nl)];
                ck_assert_int_eq(mg_state_apply(s, hist[nh]), MG_OK);
                nh++;
            }
            ck_assert_msg(mg_state_is_terminal(s), "%s: no end", specs[si]);
            ck_assert_int_eq(mg_state_sites(s, own, sizeof own, &nsites),
                             MG_OK);
            st[0] = score(s, 0);
            st[1] = score(s, 1);
            model_end(&m, own, st, mg_state_winner(s), hist, nh, line,
                      sizeof line);
            rt_expect_end(s, line);
            ends_seen |= (strstr(line, "in a row") != NULL) |
                         (strstr(line, " has no stones") != NULL) << 1 |
                         (strstr(line, " has fewer than") != NULL) << 2 |
                         (strstr(line, "no legal move") != NULL) << 3;
            ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, pic,
                                             sizeof pic, NULL),
                             MG_OK);
            ck_assert_msg(strstr(pic, line) != NULL, "%s\n%s", pic, line);
            mg_state_free(s);
        }
        free(is);
        free(hist);
        mg_game_free(g);
    }
    /* the protected and the ko refusals came up (bits 1 and 2) */
    ck_assert_int_eq(kinds_seen & 6, 6);
    /* and every kind of end (rules 4.2.7, 4.2.8) with the default number
     * of games */
    if (games >= 6)
        ck_assert_int_eq(ends_seen, 0xF);
}
END_TEST

static void fq_model_tests(TCase *tc)
{
    tcase_add_test(tc, model_random_games);
}

Suite *mg_reasons_fangqi_suite(void)
{
    Suite *su = suite_create("reasons_fangqi");
    TCase *tc = tcase_create("reasons");
    TCase *end = tcase_create("end");
    TCase *model = tcase_create("model");
    tcase_add_test(tc, legal_has_no_reason);
    tcase_add_test(tc, placing_refusals);
    tcase_add_test(tc, initial_removal_refusals);
    tcase_add_test(tc, protected_refusals);
    tcase_add_test(tc, all_protected_removable);
    tcase_add_test(tc, movement_refusals_rook);
    tcase_add_test(tc, movement_refusals_step);
    tcase_add_test(tc, ko_refusals);
    tcase_add_test(tc, capture_on_placement_refusals);
    suite_add_tcase(su, tc);
    fq_end_tests(end);
    suite_add_tcase(su, end);
    fq_model_tests(model);
    tcase_set_timeout(model, 120);
    suite_add_tcase(su, model);
    return su;
}
