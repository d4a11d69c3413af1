/*
 * check_reasons_chains.c - mg_state_illegal_reason and mg_state_end_reason
 * for chains_of_thought (doc/rules.md §5): hand-built positions, one for
 * each way an action can be refused (rules §5.2 PLACE and STEP, the
 * options placement and movement; §5.3 the empty slots) on the hex, square
 * and trisquare boards, with the expected line word for word; how games
 * end (§5.2 end, the cascade of §0, goal=stalemate) and the pictures'
 * status at the end; and over random games, that the condition a refusal
 * names is the first one that fails in a model of the rules written here
 * (plain flood fills over the boards of chains_boards_test.h;
 * reasons_chains_model.h).
 */
#include "chains_boards_test.h"
#include "reasons_test.h"
#include "reasons_chains_model.h"

#define ILL MG_EILLEGAL

/* A game of spec after the moves. */
static mg_state *after(mg_game **g, const char *spec, const char *moves)
{
    mg_state *s;
    *g = rt_game(spec);
    s = rt_state(*g);
    rt_play(s, moves);
    return s;
}

/* A legal action has no reason: MG_OK and "". */
START_TEST(legal_has_no_reason)
{
    rt_first_legal_has_no_reason("chains_of_thought");
}
END_TEST

/* rules §5.2 PLACE on square6, after X c3, O b5, X f1, O d5, X a6,
 * O d5-c5 (O's b5-c5, which removed X's a6; X to move): c5 and c3 are
 * taken; b2 touches X's c3 only (1 + 1 against 0); a4 touches O's chain
 * of 2 only (1 + 0 against 2); b4 is legal (1 + 1 = 2). */
START_TEST(place_square)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought(board=square6)",
                        "c3 b5 f1 d5 a6 d5-c5");
    rt_expect_text(s, "c5", ILL,
                   "c5: the point is taken (an opponent stone stands on it); "
                   "a stone is placed on an empty point (rules 5.2, "
                   "placement)");
    rt_expect_text(s, "c3", ILL,
                   "c3: the point is taken (your stone stands on it); a stone "
                   "is placed on an empty point (rules 5.2, placement)");
    rt_expect_text(s, "b2", ILL,
                   "b2: next to your own stones only: 1 + 1 of yours in "
                   "touching chains must equal the 0 opponent stones in "
                   "touching chains (rules 5.2, placement)");
    rt_expect_text(s, "a4", ILL,
                   "a4: next to opponent stones only: 1 + 0 of yours in "
                   "touching chains must equal the 2 opponent stones in "
                   "touching chains (rules 5.2, placement)");
    rt_expect_text(s, "b4", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.2 PLACE on hex4 after X d4, O e4: d5 touches X's d4 and O's
 * e4 (1 + 1 against 1: "1 opponent stone", singular); d3 touches d4 only
 * (hex neighbours of §0). */
START_TEST(place_hex)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought", "d4 e4");
    rt_expect_text(s, "d5", ILL,
                   "d5: next to your own stones: 1 + 1 of yours in touching "
                   "chains must equal the 1 opponent stone in touching "
                   "chains (rules 5.2, placement)");
    rt_expect_text(s, "d3", ILL,
                   "d3: next to your own stones only: 1 + 1 of yours in "
                   "touching chains must equal the 0 opponent stones in "
                   "touching chains (rules 5.2, placement)");
    rt_expect_text(s, "e4", ILL,
                   "e4: the point is taken (an opponent stone stands on it); "
                   "a stone is placed on an empty point (rules 5.2, "
                   "placement)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.2 option placement=not_self_adjacent, square6: its first
 * condition (no stone of the mover's touches the point: c4 next to X's
 * c3, and b2), then its second (every opponent stone touching it a single
 * stone: O may not go next to X's b1-c1). */
START_TEST(place_not_self_adjacent)
{
    mg_game *g;
    mg_state *s = after(&g,
                        "chains_of_thought(board=square6,"
                        "placement=not_self_adjacent)",
                        "c3 b5 f1 d5");
    rt_expect_text(s, "c4", ILL,
                   "c4: next to your own stone on c3; with "
                   "placement=not_self_adjacent no stone of yours may touch "
                   "the point (rules 5.2, placement=not_self_adjacent)");
    rt_expect_text(s, "c6", MG_OK, ""); /* two single O stones */
    mg_state_free(s);
    mg_game_free(g);
    /* b2 touches X's a1 and c3: the lower point is named */
    s = after(&g,
              "chains_of_thought(board=square6,placement=not_self_adjacent)",
              "c3 b5 a1 d5");
    rt_expect_text(s, "b2", ILL,
                   "b2: next to your own stone on a1; with "
                   "placement=not_self_adjacent no stone of yours may touch "
                   "the point (rules 5.2, placement=not_self_adjacent)");
    mg_state_free(s);
    mg_game_free(g);
    s = after(&g,
              "chains_of_thought(board=square6,placement=not_self_adjacent)",
              "a1 f6 c1 f4 a1-b1");
    rt_expect_text(s, "c2", ILL,
                   "c2: next to the opponent stone on b1, in a chain of 2 "
                   "stones; with placement=not_self_adjacent every opponent "
                   "stone touching the point must be a single stone (rules "
                   "5.2, placement=not_self_adjacent)");
    rt_expect_text(s, "d1", ILL,
                   "d1: next to the opponent stone on c1, in a chain of 2 "
                   "stones; with placement=not_self_adjacent every opponent "
                   "stone touching the point must be a single stone (rules "
                   "5.2, placement=not_self_adjacent)");
    rt_expect_text(s, "d3", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.3: ids of slots with no neighbour are never legal (hex4 d1
 * has no west neighbour, slot 3; square6 f1 no east one, slot 0). */
START_TEST(step_empty_slot)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought", "");
    rt_expect_text(s, "d1-slot3", ILL,
                   "d1-slot3: d1 has no neighbour in slot 3; this id is "
                   "never legal (rules 5.3)");
    mg_state_free(s);
    mg_game_free(g);
    s = after(&g, "chains_of_thought(board=square6)", "f1");
    rt_expect_text(s, "f1-slot0", ILL,
                   "f1-slot0: f1 has no neighbour in slot 0; this id is "
                   "never legal (rules 5.3)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.2 STEP on square6 after X f3, O f2, X a1, O b3, X d3, O d1,
 * X f1, O b5, X f1-e2 (X's d3-e2-f3 of 3 removed O's f2 and d1; O to
 * move): the source must hold the mover's stone (a1, e2 are X's, c2 is
 * empty), the target must be empty; b3-c4 would make O's b3-c4 of 2 next
 * to X's chain of 3: (4). */
START_TEST(step_source_target_and_4)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought(board=square6)",
                        "f3 f2 a1 b3 d3 d1 f1 b5 f1-e2");
    rt_expect_text(s, "a1-a2", ILL,
                   "a1-a2: no stone of yours on a1 (an opponent stone stands "
                   "there); a step moves one of your stones (rules 5.2, "
                   "step)");
    rt_expect_text(s, "c2-c3", ILL,
                   "c2-c3: no stone of yours on c2 (it is empty); a step "
                   "moves one of your stones (rules 5.2, step)");
    rt_expect_text(s, "b3-c4", ILL,
                   "b3-c4: (4) the opponent's chain of 3 touching c4 is "
                   "larger than your chain of 2 through it (rules 5.2, step "
                   "condition 4)");
    rt_expect_text(s, "b5-c4", ILL,
                   "b5-c4: (4) the opponent's chain of 3 touching c4 is "
                   "larger than your chain of 2 through it (rules 5.2, step "
                   "condition 4)");
    rt_expect_text(s, "b3-b4", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.2 STEP (2) on square6 after X a1, O f6, X c1, O f4, X a1-b1,
 * O d6, X a3, O a6: X's b1-c1 is its unique largest chain and larger than
 * every O chain: a3-b2 and a3-a2 touch it, c1 and b1 are in it (f counts
 * as touching, rules §5.2 "Rule (2) details"); the target b1-c1's c1 is
 * taken.  With movement=must_merge (2) is dropped: a3-b2 is legal and
 * b1-a2 fails (3) instead (b1-c1 and a3 become c1 and a2-a3). */
START_TEST(step_2_and_must_merge)
{
    mg_game *g;
    const char *moves = "a1 f6 c1 f4 a1-b1 d6 a3 a6";
    mg_state *s = after(&g, "chains_of_thought(board=square6)", moves);
    rt_expect_text(s, "a3-b2", ILL,
                   "a3-b2: (2) b2 touches your largest chain (2 stones), "
                   "which is larger than every other chain, yours and the "
                   "opponent's (rules 5.2, step condition 2)");
    rt_expect_text(s, "a3-a2", ILL,
                   "a3-a2: (2) a2 touches your largest chain (2 stones), "
                   "which is larger than every other chain, yours and the "
                   "opponent's (rules 5.2, step condition 2)");
    rt_expect_text(s, "c1-b2", ILL,
                   "c1-b2: (2) c1 is in your largest chain (2 stones), which "
                   "is larger than every other chain, yours and the "
                   "opponent's; no stone of it may step (rules 5.2, step "
                   "condition 2)");
    rt_expect_text(s, "b1-c1", ILL,
                   "b1-c1: c1 is taken (your stone stands on it); a step "
                   "goes to an empty point (rules 5.2, step)");
    rt_expect_text(s, "a3-a4", ILL,
                   "a3-a4: (1) besides the stone on a3, a stone of yours "
                   "must touch a4, and none does (rules 5.2, step condition "
                   "1)");
    mg_state_free(s);
    mg_game_free(g);
    s = after(&g, "chains_of_thought(board=square6,movement=must_merge)",
              moves);
    rt_expect_text(s, "a3-b2", MG_OK, "");
    rt_expect_text(s, "b1-a2", ILL,
                   "b1-a2: (3) the step must lower your number of chains: "
                   "you have 2 chains before and 2 after (rules 5.2, step "
                   "condition 3)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.2 STEP (1) and (3) on square9 (the position of
 * check_chains_rules.c step_tie_lifts_and_merging, after e3-e2 c9: X's
 * chains b1-c1, e1-e2 tie, so (2) is lifted): c1-d1 leaves b1 and joins
 * e1-e2, 3 chains before and after; a3-a4 touches no other X stone. */
START_TEST(step_1_and_3_square9)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought(board=square9)",
                        "a1 i9 c1 i7 a1-b1 g9 a3 i5 e1 g7 e3 e9 e3-e2 c9");
    rt_expect_text(s, "c1-d1", ILL,
                   "c1-d1: (3) the step must lower your number of chains: "
                   "you have 3 chains before and 3 after (rules 5.2, step "
                   "condition 3)");
    rt_expect_text(s, "a3-a4", ILL,
                   "a3-a4: (1) besides the stone on a3, a stone of yours "
                   "must touch a4, and none does (rules 5.2, step condition "
                   "1)");
    rt_expect_text(s, "c1-b2", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The same refusals on trisquare4 (rules §5.1 points "#n", §5.2, §5.3
 * slots: #0 has three neighbours, so slots 3 and 4 are empty). */
START_TEST(trisquare)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought(board=trisquare4)", "#15 #25");
    rt_expect_text(s, "#15", ILL,
                   "#15: the point is taken (your stone stands on it); a "
                   "stone is placed on an empty point (rules 5.2, "
                   "placement)");
    rt_expect_text(s, "#21", ILL,
                   "#21: next to your own stones: 1 + 1 of yours in touching "
                   "chains must equal the 1 opponent stone in touching "
                   "chains (rules 5.2, placement)");
    rt_expect_text(s, "#5", ILL,
                   "#5: next to your own stones only: 1 + 1 of yours in "
                   "touching chains must equal the 0 opponent stones in "
                   "touching chains (rules 5.2, placement)");
    rt_expect_text(s, "#15-#21", ILL,
                   "#15-#21: (1) besides the stone on #15, a stone of yours "
                   "must touch #21, and none does (rules 5.2, step condition "
                   "1)");
    rt_expect_text(s, "#0-slot3", ILL,
                   "#0-slot3: #0 has no neighbour in slot 3; this id is "
                   "never legal (rules 5.3)");
    rt_expect_text(s, "#0-#5", ILL,
                   "#0-#5: no stone of yours on #0 (it is empty); a step "
                   "moves one of your stones (rules 5.2, step)");
    mg_state_free(s);
    mg_game_free(g);
    s = after(&g, "chains_of_thought(board=trisquare4)",
              "#22 #66 #58 #81 #74 #81-#71 #51");
    rt_expect_text(s, "#66-#76", ILL,
                   "#66-#76: (2) #66 is in your largest chain (2 stones), "
                   "which is larger than every other chain, yours and the "
                   "opponent's; no stone of it may step (rules 5.2, step "
                   "condition 2)");
    mg_state_free(s);
    mg_game_free(g);
    s = after(&g, "chains_of_thought(board=trisquare4)",
              "#74 #64 #75 #53 #93 #45 #74-#70 #74");
    rt_expect_text(s, "#70-#65", ILL,
                   "#70-#65: (3) the step must lower your number of chains: "
                   "you have 2 chains before and 2 after (rules 5.2, step "
                   "condition 3)");
    mg_state_free(s);
    mg_game_free(g);
    s = after(&g, "chains_of_thought(board=trisquare4)",
              "#1 #13 #75 #45 #56 #31 #96 #46 #24 #6 #49 #25 #32 #31-#41 "
              "#21 #69 #47 #73");
    rt_expect_text(s, "#32-#42", ILL,
                   "#32-#42: (4) the opponent's chain of 3 touching #42 is "
                   "larger than your chain of 2 through it (rules 5.2, step "
                   "condition 4)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The text picture's last line at the end: "game over: " and the end
 * reason; the SVG's status says the same (rules §5.2 end). */
static void expect_status(const mg_state *s, const char *reason)
{
    char buf[16384], want[1024];
    const char *p;
    snprintf(want, sizeof want, "game over: %s\n", reason);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf,
                                     NULL),
                     MG_OK);
    p = strstr(buf, want);
    ck_assert_msg(p && p[strlen(want)] == '\0', "%.900s", buf);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, buf, sizeof buf,
                                     NULL),
                     MG_OK);
    /* wrapped at spaces into lines of its own (svg.c): joined again */
    {
        char joined[1024];
        size_t len = 0;
        const char *q = buf;
        joined[0] = '\0';
        while ((q = strstr(q, "class=\"status\"")) != NULL) {
            const char *t = strchr(q, '>') + 1, *e = strstr(t, "</text>");
            ck_assert_ptr_nonnull(e);
            ck_assert_uint_lt(len + (size_t)(e - t) + 2, sizeof joined);
            if (len)
                joined[len++] = ' ';
            memcpy(joined + len, t, (size_t)(e - t));
            len += (size_t)(e - t);
            joined[len] = '\0';
            q = e;
        }
        want[strlen(want) - 1] = '\0'; /* no newline */
        ck_assert_str_eq(joined, want);
    }
}

/* rules §5.2 end, §0 cascade on hex4 (the games of check_chains_rules.c
 * end_and_cascade): a draw (2 2 2 each), one decided at the third chain
 * (Black 2 2 1, White 2 2 2); on square6 one decided by the largest
 * chain; one where Black, who cannot move, wins since White has fewer
 * chains ("to none");
 * goal=stalemate: the player who cannot move loses. */
START_TEST(end_reasons)
{
    mg_game *g;
    const char *draw = "e4 g2 e2 d3 c4 c7 g4 e6 e4-f4 c7-d6 a4 b6 a4-b4 c5 "
                       "g1 d2 e2-f2 c3";
    const char *why;
    mg_state *s = after(&g, "chains_of_thought", draw);
    why = "Black (seat 0) cannot move: no legal placement or step; draw: "
          "both have the same chains, 2 2 2 (rules 5.2, end; rules 0, "
          "cascade)";
    rt_expect_end(s, why);
    expect_status(s, why);
    {
        char want[1024];
        snprintf(want, sizeof want, "a5: the game is over: %s", why);
        rt_expect_text(s, "a5", MG_EOVER, want);
    }
    mg_state_free(s);
    mg_game_free(g);

    s = after(&g, "chains_of_thought",
              "a7 c3 a4 c5 f4 d1 d7 g1 d4 f3 d4-e4 d1-c2 c6 b6 g2 e2 b3 "
              "e2-f1");
    why = "Black (seat 0) cannot move: no legal placement or step; "
          "White (seat 1) wins by cascade: both have largest chains 2 2, "
          "then the 3rd largest is 2 to 1 (rules 5.2, end; rules 0, "
          "cascade)";
    rt_expect_end(s, why);
    expect_status(s, why);
    mg_state_free(s);
    mg_game_free(g);

    s = after(&g, "chains_of_thought",
              "g3 b5 b4 d4 e5 f2 g3-f4 b7 c4 d1 a6 f3 d7");
    rt_expect_end(s,
                  "White (seat 1) cannot move: no legal placement or step; "
                  "Black (seat 0) wins by cascade: both have a largest chain "
                  "of 2, then the 2nd largest is 2 to 1 (rules 5.2, end; "
                  "rules 0, cascade)");
    mg_state_free(s);
    mg_game_free(g);

    s = after(&g, "chains_of_thought(board=square6)",
              "e1 e2 a2 c6 e5 c1 b5 c1-d2");
    why = "Black (seat 0) cannot move: no legal placement or step; "
          "White (seat 1) wins by largest chain 2 to 1 (rules 5.2, end)";
    rt_expect_end(s, why);
    expect_status(s, why);
    mg_state_free(s);
    mg_game_free(g);

    s = after(&g, "chains_of_thought(board=square6)",
              "e5 e1 a3 a2 c2 f3 a3-b2 f3-f2 b5 e4");
    rt_expect_end(s, "Black (seat 0) cannot move: no legal placement or step; "
                     "Black (seat 0) wins by cascade: both have largest chains "
                     "2 1, then the 3rd largest is 1 to none (rules 5.2, end; "
                     "rules 0, cascade)");
    mg_state_free(s);
    mg_game_free(g);

    s = after(&g, "chains_of_thought(goal=stalemate)", draw);
    why = "Black (seat 0) cannot move: no legal placement or step; with "
          "goal=stalemate the player who cannot move loses: White (seat 1) "
          "wins (rules 5.2, goal=stalemate)";
    rt_expect_end(s, why);
    expect_status(s, why);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules §5.2 chains, the text picture: "1 stone", "chain 1" for one,
 * "chains" for more. */
START_TEST(plurals_in_the_picture)
{
    mg_game *g;
    mg_state *s = after(&g, "chains_of_thought", "d4");
    char buf[4096];
    /* Black's single d4 (X in the picture) */
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "Black (seat 0): 1 stone, chain 1\n") != NULL,
                  "%s", buf);
    ck_assert_msg(strstr(buf, "White (seat 1): 0 stones\n") != NULL, "%s", buf);
    rt_play(s, "a7 g1"); /* White's single a7, Black's g1 */
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "Black (seat 0): 2 stones, chains 1 1\n") != NULL,
                  "%s", buf);
    ck_assert_msg(strstr(buf, "White (seat 1): 1 stone, chain 1\n") != NULL,
                  "%s", buf);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_reasons_chains_suite(void)
{
    Suite *su = suite_create("reasons_chains");
    TCase *tc = tcase_create("reasons");
    tcase_add_test(tc, legal_has_no_reason);
    tcase_add_test(tc, place_square);
    tcase_add_test(tc, place_hex);
    tcase_add_test(tc, place_not_self_adjacent);
    tcase_add_test(tc, step_empty_slot);
    tcase_add_test(tc, step_source_target_and_4);
    tcase_add_test(tc, step_2_and_must_merge);
    tcase_add_test(tc, step_1_and_3_square9);
    tcase_add_test(tc, trisquare);
    tcase_add_test(tc, end_reasons);
    tcase_add_test(tc, plurals_in_the_picture);
    tcase_add_test(tc, random_games_first_failing);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(su, tc);
    return su;
}
