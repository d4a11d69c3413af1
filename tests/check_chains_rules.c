/*
 * check_chains_rules.c - the rules of Chains of Thought (doc/rules.md §0,
 * §5.2, §5.3; sections cited per test) by hand-built positions: each
 * placement case, each step condition, removals over several rounds, the
 * end and the cascade (and Ludii's scores), each option, removal=ludii's
 * steps and examples; notation refusals; scores, hash and renderings.
 */
#include "chains_test.h"

/* ------------------------------------------------------------ helpers */

/* Apply space-separated notation; every action must be legal. */
static void play(mg_state *s, const char *moves)
{
    char buf[4096], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        int32_t a = parse(s, tok);
        int rc = mg_state_apply(s, a);
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

/* The action is illegal, refused with MG_EILLEGAL, and nothing changed. */
static void refused(mg_state *s, const char *text)
{
    int32_t a = parse(s, text);
    uint64_t h = mg_state_hash(s);
    size_t n0 = 0, n1 = 0;
    mg_state_history(s, NULL, 0, &n0);
    ck_assert_msg(mg_state_is_legal(s, a) == 0, "%s should be illegal", text);
    ck_assert_int_eq(mg_state_apply(s, a), MG_EILLEGAL);
    mg_state_history(s, NULL, 0, &n1);
    ck_assert_uint_eq(n0, n1);
    ck_assert_uint_eq(h, mg_state_hash(s));
}

static void allowed(mg_state *s, const char *text)
{
    ck_assert_msg(mg_state_is_legal(s, parse(s, text)) == 1,
                  "%s should be legal", text);
}

static size_t legal(const mg_state *s, int32_t *buf, size_t cap)
{
    size_t n = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, buf, cap, &n), MG_OK);
    return n;
}

/* The legal actions are exactly the space-separated list `want`. */
static void expect_legal(const mg_state *s, const char *want)
{
    static int32_t got[4000], exp[4000];
    char buf[4096], *tok, *save = NULL;
    size_t n = legal(s, got, 4000), m = 0, i;
    snprintf(buf, sizeof buf, "%s", want);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save))
        exp[m++] = parse(s, tok);
    qsort(exp, m, sizeof *exp, cmp_i32);
    for (i = 0; i < n && i < m; i++)
        if (got[i] != exp[i])
            break;
    if (n != m || i < n) {
        char names[8192] = "";
        for (i = 0; i < n; i++) {
            char nm[32];
            mg_state_action_to_string(s, got[i], nm, sizeof nm, NULL);
            strncat(names, nm, sizeof names - strlen(names) - 2);
            strcat(names, " ");
        }
        ck_abort_msg("legal actions: got [%s] want [%s]", names, want);
    }
}

/* Only the steps (actions with a '-') of the legal list, as one string. */
static void steps_of(const mg_state *s, char *out, size_t cap)
{
    static int32_t got[4000];
    size_t n = legal(s, got, 4000), i;
    out[0] = '\0';
    for (i = 0; i < n; i++) {
        char nm[32];
        mg_state_action_to_string(s, got[i], nm, sizeof nm, NULL);
        if (!strchr(nm, '-'))
            continue;
        if (out[0])
            strncat(out, " ", cap - strlen(out) - 1);
        strncat(out, nm, cap - strlen(out) - 1);
    }
}

static void expect_steps(const mg_state *s, const char *want)
{
    char got[4096];
    steps_of(s, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "steps: got [%s] want [%s]", got,
                  want);
}

/* Chain sizes of seat p as "3 2 1" (mg_state_groups, descending). */
static void groups_str(const mg_state *s, int p, char *out, size_t cap)
{
    int32_t g[CT_MAXP];
    size_t n = 0, i;
    ck_assert_int_eq(mg_state_groups(s, p, g, CT_MAXP, &n), MG_OK);
    out[0] = '\0';
    for (i = 0; i < n; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%d", i ? " " : "",
                 (int)g[i]);
}

static void expect_groups(const mg_state *s, const char *x, const char *o)
{
    char a[1024], b[1024];
    groups_str(s, 0, a, sizeof a);
    groups_str(s, 1, b, sizeof b);
    ck_assert_msg(strcmp(a, x) == 0 && strcmp(b, o) == 0,
                  "chains: X [%s] O [%s], want X [%s] O [%s]", a, b, x, o);
}

/* The stone on a point: 'X', 'O' or '.', read off the SVG (the stone
 * circles follow the point's own circle, whose title is its name). */
static char stone_at(const mg_state *s, const char *name)
{
    static char svg[400000];
    char key[64];
    const char *p, *next;
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg, NULL),
                     MG_OK);
    snprintf(key, sizeof key, "<title>%s</title>", name);
    p = strstr(svg, key);
    ck_assert_msg(p != NULL, "no point %s in the SVG", name);
    next = strstr(p, "<circle class=\"point\"");
    p = strstr(p, "<circle class=\"stone p");
    if (!p || (next && p > next))
        return '.';
    return p[strlen("<circle class=\"stone p")] == '0' ? 'X' : 'O';
}

/* Every named stone is where `want` says ("a1X b2O c3." ...). */
static void expect_stones(const mg_state *s, const char *want)
{
    char buf[2048], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", want);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        size_t n = strlen(tok);
        char c = tok[n - 1];
        tok[n - 1] = '\0';
        ck_assert_msg(stone_at(s, tok) == c, "%s: %c, want %c", tok,
                      stone_at(s, tok), c);
    }
}

/* ------------------------------------------------------------ rules */

/* §5.2 PLACE on square6 (eight neighbours).  After
 *   X c3 (empty neighbourhood), O b5, X f1, O d5, X a6, O d5-c5
 * (the step makes O's chain b5-c5 of 2, which removes X's a6 next to it):
 *   6  . . . . . .
 *   5  . O O . . .
 *   4  . . . . . .
 *   3  . . X . . .
 *   2  . . . . . .
 *   1  . . . . . X
 *      a b c d e f
 * X may place where no stone touches, or where 1 + F = E: c4 touches the
 * chain b5-c5 twice but it counts once (1 + 1 = 2), so do b4 and d4; a4,
 * a5, d6 touch only O (1 != 2); b2, d2 ... touch only X's own chains. */
START_TEST(placement_cases)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    allowed(s, "c3");
    play(s, "c3");
    allowed(s, "d4"); /* O next to X's single stone: 1 + 0 = 1 */
    allowed(s, "a1");
    play(s, "b5 f1 d5 a6 d5-c5");
    expect_stones(s, "a6. b5O c5O c3X f1X");
    expect_legal(s, "a1 a2 a3 b1 c1 d1 e3 e4 e5 e6 f3 f4 f5 f6 " /* empty */
                    "b4 c4 d4"); /* 1 + 1 = 2 */
    refused(s, "b2"); /* touches X's c3 only: 1 + 1 != 0 */
    refused(s, "e2"); /* touches X's f1 only */
    refused(s, "a4"); /* touches O's chain of 2 only: 1 + 0 != 2 */
    refused(s, "d6");
    refused(s, "c5"); /* occupied */
    /* no removal after c4: X's c3-c4 and O's b5-c5 are both 2 */
    play(s, "c4");
    expect_stones(s, "c3X c4X b5O c5O");
    expect_groups(s, "2 1", "2");
    done(g, s);
}
END_TEST

/* §5.2 STEP (2): on square6 after
 *   X a1, O f6, X c1, O f4, X a1-b1, O d6, X a3, O a6
 * X's chain b1-c1 is its unique largest and larger than every O chain:
 * no X step may touch it and its stones may not step, so X has no step at
 * all.  Once O has a chain of 2 as well (f6-f5), the restriction is off. */
START_TEST(step_largest_restriction)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    play(s, "a1 f6 c1 f4 a1-b1 d6 a3 a6");
    expect_groups(s, "2 1", "1 1 1 1");
    expect_steps(s, "");
    refused(s, "a3-b2"); /* next to b1-c1 */
    refused(s, "a3-a2"); /* next to b1 */
    refused(s, "c1-b2"); /* a stone of b1-c1 */
    play(s, "e1 f6-f5");
    expect_groups(s, "2 1 1", "2 1 1");
    expect_steps(s, "b1-b2 c1-b2 e1-d2 e1-d1 a3-a2 a3-b2");
    done(g, s);
}
END_TEST

/* §5.2 STEP (2) lifted by a tie, (1) and (3), on square9.  After
 *   X a1, O i9, X c1, O i7, X a1-b1, O g9, X a3, O i5, X e1, O g7, X e3,
 *   O e9
 * X's b1-c1 is the unique largest: X may only step e1 or e3 (to e2 or
 * f2, making a second chain of 2).  After X e3-e2, O c9, X has two chains
 * of 2 and every step that merges is legal again.  c1-d1 touches e1-e2,
 * so (1) holds, but it leaves b1 behind and joins e1-e2: the count stays
 * 3, so (3) refuses it; a3-a4 touches no other X stone (1). */
START_TEST(step_tie_lifts_and_merging)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square9)");
    play(s, "a1 i9 c1 i7 a1-b1 g9 a3 i5 e1 g7 e3 e9");
    expect_steps(s, "e1-f2 e1-e2 e3-e2 e3-f2");
    play(s, "e3-e2 c9");
    expect_groups(s, "2 2 1", "1 1 1 1 1 1 1");
    expect_steps(s, "b1-b2 c1-b2 e1-d2 e1-d1 e2-d2 e2-d1 a3-a2 a3-b2");
    refused(s, "c1-d1"); /* (3): b1 | c1 joins e1-e2: still 3 chains */
    refused(s, "c1-d2");
    refused(s, "a3-a4"); /* (1) */
    refused(s, "a3-b4");
    play(s, "c1-b2"); /* b1, b2 and a3 become one chain */
    expect_groups(s, "3 2", "1 1 1 1 1 1 1");
    done(g, s);
}
END_TEST

/* §5.2 STEP (4) on square6.  After
 *   X f3, O f2, X a1, O b3, X d3, O d1, X f1, O b5, X f1-e2
 * (the step joins d3, e2 and f3 into a chain of 3 and removes O's f2 and
 * d1 next to it):
 *   5  . O . . . .
 *   3  . O . X . X
 *   2  . . . . X .
 *   1  X . . . . .
 * O's b3-c4 and b5-c4 would merge O's two stones into a chain of 2 next
 * to X's chain of 3: refused; b3-b4 and b5-b4 are fine. */
START_TEST(step_not_next_to_larger)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    play(s, "f3 f2 a1 b3 d3 d1 f1 b5 f1-e2");
    expect_stones(s, "d1. f2. e2X d3X f3X a1X b3O b5O");
    expect_legal(s, "b1 c1 c4 d5 e5 f5 d6 e6 f6 b3-a4 b3-b4 b5-a4 b5-b4");
    refused(s, "b3-c4");
    refused(s, "b5-c4");
    done(g, s);
}
END_TEST

/* §5.2 Removal over two rounds, square6.  Before X's f3-e4:
 *   6  O . . . . O
 *   5  . . X X . .
 *   4  . O . . . .
 *   3  O . . . . X
 *   2  X . . . O .
 *   1  . X . . . .
 *      a b c d e f
 * f3-e4 makes X's c5-d5-e4 (3).  Round 1: b4 touches it and O's a3-b4 is
 * 2 < 3: b4 goes; a3 touches only X's a2-b1 (2, not larger).  Round 2:
 * a3 is now a chain of 1 < 2: it goes too.  O's e2 and a6, f6 stay. */
START_TEST(removal_rounds)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    play(s, "b1 c2 b3 e2 d5 b4 b3-a2 a3 c5 a6 f3 f6");
    expect_groups(s, "2 2 1", "2 1 1 1");
    expect_stones(s, "b1X a2X c5X d5X f3X a3O b4O e2O a6O f6O");
    play(s, "f3-e4");
    expect_stones(s, "b1X a2X c5X d5X e4X a3. b4. e2O a6O f6O");
    expect_groups(s, "3 2", "1 1 1");
    expect_legal(s, "c3 a4");
    /* undo brings both removed stones back */
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    expect_stones(s, "f3X e4. a3O b4O");
    done(g, s);
}
END_TEST

/* §5.2: a placement that merges removes at once every smaller enemy
 * chain it touches (square6: X's c4 joins c3 and meets O's single stones
 * b5 and d5: 1 + 1 = 1 + 1, and X's chain of 2 removes both). */
START_TEST(removal_by_placement)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    play(s, "c3 b5 f1 d5");
    allowed(s, "c4");
    play(s, "c4");
    expect_stones(s, "c3X c4X b5. d5.");
    expect_groups(s, "2 1", "");
    ck_assert_int_eq(score(s, 0), 2);
    ck_assert_int_eq(score(s, 1), 0);
    done(g, s);
}
END_TEST

/* §5.2 end, §0 cascade on hex4: records that end with no legal action for
 * the player to move; one is a draw (chains 2 2 2 each), one is decided
 * at the third chain (X 2 2 1, O 2 2 2).  Ludii's scores (the largest
 * chain left after cancelling sizes one for one) rank the same. */
START_TEST(end_and_cascade)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought");
    int32_t buf[400], ls[2];
    play(s, "e4 g2 e2 d3 c4 c7 g4 e6 e4-f4 c7-d6 a4 b6 a4-b4 c5 g1 d2 e2-f2 "
            "c3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_uint_eq(legal(s, buf, 400), 0);
    ck_assert_int_eq(mg_state_apply(s, parse(s, "a5")), MG_EOVER);
    expect_groups(s, "2 2 2", "2 2 2");
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    ludii_scores(s, ls); /* everything cancels */
    ck_assert_int_eq(ls[0], -1);
    ck_assert_int_eq(ls[1], -1);
    ck_assert_int_eq(mg_state_undo(s), MG_OK);
    ck_assert_int_eq(mg_state_winner(s), MG_NOBODY);
    ck_assert_int_eq(mg_state_current_player(s), 1);
    done(g, s);

    s = start(&g, "chains_of_thought");
    play(s, "a7 c3 a4 c5 f4 d1 d7 g1 d4 f3 d4-e4 d1-c2 c6 b6 g2 e2 b3 e2-f1");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    expect_groups(s, "2 2 1", "2 2 2");
    ck_assert_int_eq(mg_state_winner(s), 1);
    ck_assert_int_eq(score(s, 0), 2);
    ck_assert_int_eq(score(s, 1), 2);
    ludii_scores(s, ls); /* 2 2 cancel: X keeps 1, O keeps 2 */
    ck_assert_int_eq(ls[0], 1);
    ck_assert_int_eq(ls[1], 2);
    done(g, s);

    /* goal=stalemate: the same end, and whoever cannot move loses */
    s = start(&g, "chains_of_thought(goal=stalemate)");
    play(s, "e4 g2 e2 d3 c4 c7 g4 e6 e4-f4 c7-d6 a4 b6 a4-b4 c5 g1 d2 e2-f2 "
            "c3");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_winner(s), 1); /* X is to move and cannot */
    done(g, s);
}
END_TEST

/* §5.2 options: placement=not_self_adjacent (no own neighbour, enemy
 * neighbours single stones only) against the equal-sum rule, square6
 * after X c3, O b5, X f1, O d5: c6 touches O's two single stones (fine
 * here, 1 + 0 != 2 by default); c4 touches X's c3 (refused here, and
 * 1 + 1 = 2 by default); b2 touches only X's c3 (refused by both). */
START_TEST(option_not_self_adjacent)
{
    mg_game *g;
    mg_state *s =
        start(&g, "chains_of_thought(board=square6,placement=not_self_adjacent)");
    play(s, "c3 b5 f1 d5");
    allowed(s, "c6");
    refused(s, "c4");
    refused(s, "b2");
    allowed(s, "a1");
    done(g, s);
    s = start(&g, "chains_of_thought(board=square6)");
    play(s, "c3 b5 f1 d5");
    refused(s, "c6");
    allowed(s, "c4");
    refused(s, "b2");
    done(g, s);
    /* O next to X's chain of 2 (c3-c4 after the default c4 would have
     * removed b5, d5; with not_self_adjacent X builds it by a step) */
    s = start(&g, "chains_of_thought(board=square6,placement=not_self_adjacent)");
    play(s, "a1 f6 c1 f4 a1-b1");
    refused(s, "c2"); /* O next to X's chain of 2 */
    refused(s, "d1");
    allowed(s, "d3");
    done(g, s);
}
END_TEST

/* §5.2 options: movement=must_merge drops rule 2 (the position of
 * step_largest_restriction). */
START_TEST(option_must_merge)
{
    mg_game *g;
    mg_state *s =
        start(&g, "chains_of_thought(board=square6,movement=must_merge)");
    play(s, "a1 f6 c1 f4 a1-b1 d6 a3 a6");
    expect_steps(s, "b1-b2 c1-b2 a3-a2 a3-b2");
    allowed(s, "a3-b2");
    done(g, s);
}
END_TEST

/* §5.2 options: removal=none keeps every stone; games are bounded by 2P
 * actions (each step needs a placement to pay for it). */
START_TEST(option_removal_none)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6,removal=none)");
    play(s, "b1 c2 b3 e2 d5 b4 b3-a2 a3 c5 a6 f3 f6 f3-e4");
    expect_stones(s, "a3O b4O c2O");
    expect_groups(s, "3 2", "2 1 1 1 1");
    done(g, s);
    s = start(&g, "chains_of_thought(board=square6)");
    play(s, "c3 b5 f1 d5 c4");
    expect_stones(s, "b5. d5.");
    done(g, s);
    s = start(&g, "chains_of_thought(board=square6,removal=none)");
    play(s, "c3 b5 f1 d5 c4");
    expect_stones(s, "b5O d5O");
    done(g, s);
}
END_TEST

/* §5.2 removal=ludii, the two example positions of the rules, in both
 * modes, each removal named (hex4).
 *   1. After b6 b7 f2 b4 a4 g4 c7 a6 a5 (X's a5 makes a4-a5, a chain of 2):
 *      both remove O's single stones b4 and a6 next to it; ludii's
 *      secondary pass also takes b7, which touches X's single stones b6
 *      and c7 (1 + 1 > 1), though no chain of X's larger than 1 does.
 *   2. After b6 c2 f2 b5 d5 b7 b4 d4 b6-c5 e3 d1 f4 g4 d7 a6 d4 c5-b5
 *      (X's step leaves d5 a single stone next to O's d4-e3), O's step
 *      b7-c7 makes c7-d7 (2): the default removes d5, next to the larger
 *      chain d4-e3; ludii removes nothing, since the step's own chain
 *      touches no smaller chain (R is empty: step 3).  Earlier, both
 *      modes removed b5 and d4 after b6-c5 and f2 after the second d4. */
START_TEST(ludii_examples)
{
    mg_game *g;
    mg_state *s;
    int mode;
    for (mode = 0; mode < 2; mode++) {
        s = start(&g, mode ? "chains_of_thought(removal=ludii)"
                           : "chains_of_thought");
        play(s, "b6 b7 f2 b4 a4 g4 c7 a6");
        expect_stones(s, "b4O a6O b7O b6X c7X a4X");
        play(s, "a5");
        expect_stones(s, "b4. a6. a4X a5X b6X c7X f2X");
        expect_stones(s, mode ? "b7." : "b7O");
        expect_stones(s, "g4O");
        expect_groups(s, "2 1 1 1", mode ? "1" : "1 1");
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
        expect_stones(s, "b4O a6O b7O a5.");
        done(g, s);
    }
    for (mode = 0; mode < 2; mode++) {
        s = start(&g, mode ? "chains_of_thought(removal=ludii)"
                           : "chains_of_thought");
        play(s, "b6 c2 f2 b5 d5 b7 b4 d4");
        expect_stones(s, "b5O d4O");
        play(s, "b6-c5");
        expect_stones(s, "b5. d4. c5X b4X d5X");
        play(s, "e3 d1 f4 g4 d7 a6 d4");
        expect_stones(s, "f2. d4O");
        play(s, "c5-b5 b7-c7");
        expect_stones(s, "c7O d7O b7.");
        expect_stones(s, mode ? "d5X" : "d5.");
        done(g, s);
    }
}
END_TEST

/* §5.2 removal=ludii step 2: the secondary pass after each primary
 * removal sees the position as it now stands.  hex4, after
 *   e3 a6 d5 c3 d1 f2 e3-d4 e3 b7 c7 d7 e6 a5 a4 g3
 *   7        . X O X
 *   6       O . . . O
 *   5      X . . X . .
 *   4     O . . X . . .
 *   3      . O . O . X
 *   2       . . . O .
 *   1        X . . .
 * O's d6 makes c7-d6-e6 (3); R = d5 (chain d4-d5 of 2), b7, d7.  Before
 * any removal d4 is not removable (its chain of 2 against the 2 of O's
 * e3-f2 touching it); once d5 is gone it is a single stone and the pass
 * takes it (2 > 1), with a5 (O's single a4 and a6: 1 + 1 > 1), b7 and d7.
 * The default removes d5, b7, d7, then d4 (next to e3-f2), and keeps a5. */
START_TEST(ludii_secondary_after_primary)
{
    mg_game *g;
    mg_state *s;
    int mode;
    for (mode = 0; mode < 2; mode++) {
        s = start(&g, mode ? "chains_of_thought(removal=ludii)"
                           : "chains_of_thought");
        play(s, "e3 a6 d5 c3 d1 f2 e3-d4 e3 b7 c7 d7 e6 a5 a4 g3");
        expect_stones(s, "d4X d5X a5X b7X d7X e3O f2O a4O a6O");
        play(s, "d6");
        expect_stones(s, "d5. b7. d7. d4. c7O d6O e6O d1X g3X");
        expect_stones(s, mode ? "a5." : "a5X");
        expect_groups(s, mode ? "1 1" : "1 1 1", "3 2 1 1 1");
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
        expect_stones(s, "d4X d5X a5X b7X d7X d6.");
        done(g, s);
    }
}
END_TEST

/* §5.2 removal=ludii step 2, "if it is still there": a stone of R already
 * taken by an earlier secondary pass, whose own pass still runs.  hex4,
 * after c7 d4 b4 c6 a7 c6-c5 e5 c3 d5 a4, X's b5 makes b4-b5 (2); R =
 * c3, a4 (single stones), in that order.  c3 goes; the pass takes a4
 * (touching b4-b5: 2 > 1) and c5 (of c5-d4, 2, touching b4-b5 and d5-e5:
 * 2 + 2 > 2); then a4's turn: already gone, but its pass takes d4, a
 * single stone now (d5-e5: 2 > 1), which no pass could take before c5
 * went.  The default removes c3 and a4 only. */
START_TEST(ludii_target_already_gone)
{
    mg_game *g;
    mg_state *s;
    int mode;
    for (mode = 0; mode < 2; mode++) {
        s = start(&g, mode ? "chains_of_thought(removal=ludii)"
                           : "chains_of_thought");
        play(s, "c7 d4 b4 c6 a7 c6-c5 e5 c3 d5 a4");
        expect_stones(s, "c3O a4O c5O d4O");
        play(s, "b5");
        expect_stones(s, "c3. a4. b4X b5X a7X c7X d5X e5X");
        expect_stones(s, mode ? "c5. d4." : "c5O d4O");
        expect_groups(s, "2 2 1 1", mode ? "" : "2");
        ck_assert_int_eq(score(s, 1), mode ? 0 : 2);
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
        expect_stones(s, "c3O a4O c5O d4O b5.");
        done(g, s);
    }
}
END_TEST

/* The point (x, y) of square9 turned by 180 degrees, in a record. */
static void turn_record(const char *in, char *out, size_t cap)
{
    size_t i, o = 0;
    for (i = 0; in[i] && o + 4 < cap; i++) {
        if (in[i] >= 'a' && in[i] <= 'i') {
            int col = in[i] - 'a', row = 0;
            while (in[i + 1] >= '0' && in[i + 1] <= '9')
                row = 10 * row + (in[++i] - '0');
            o += (size_t)snprintf(out + o, cap - o, "%c%d", 'a' + 8 - col,
                                  10 - row);
        } else {
            out[o++] = in[i];
        }
    }
    out[o] = '\0';
}

/* §5.2 removal=ludii step 2 goes through R "in increasing order of point
 * index", and the order can decide the outcome, so the mode keeps no
 * symmetry but the identity.  square9, at the end of the record below
 * X's f4-e3 makes c3-d4-d5-e3 (4); R = e2 (single), e6 (e6-d7-e8, 3):
 *   - e2 first (Ludii's order): the pass takes e6 (4 > 3); e6's turn, gone:
 *     the pass takes d7 (3 > 2, d7-e8); e8 stays (2 > 2 fails);
 *   - e6 first: the pass takes e2 and d7; e2's turn, gone: the pass takes
 *     e8, alone now (2 > 1).
 * The record turned by 180 degrees reverses the point order, so its last
 * position is not the image of this one: e8's image e2 is empty there. */
START_TEST(ludii_order_matters)
{
    static const char rec[] =
        "b7 a6 h3 i5 g9 b1 d9 h9 c3 e4 d5 e8 a9 d2 d5-d4 c6 f4 e6 g7 c2 i8 "
        "c6-d7 c9 a4 f8 a6-b5 a9-b9 g2 b9-c8 i9 i6 i1 g1 i1-h2 g7-h7 e2 d5 "
        "g4 e1 g4-h3";
    char turned[512], last[8];
    mg_game *g, *g2;
    mg_state *s = start(&g, "chains_of_thought(board=square9,removal=ludii)");
    mg_state *t = start(&g2, "chains_of_thought(board=square9)");
    ck_assert_int_eq(mg_game_num_symmetries(g), 1);
    ck_assert_int_eq(mg_game_num_symmetries(g2), 8);
    done(g2, t);
    play(s, rec);
    expect_stones(s, "e2O e6O d7O e8O c3X d4X d5X f4X");
    play(s, "f4-e3");
    expect_stones(s, "e2. e6. d7. e8O e3X");
    t = start(&g2, "chains_of_thought(board=square9,removal=ludii)");
    turn_record(rec, turned, sizeof turned);
    play(t, turned);
    expect_stones(t, "e8O e4O f3O e2O g7X f6X f5X d6X");
    turn_record("f4-e3", last, sizeof last);
    ck_assert_str_eq(last, "d6-e7");
    play(t, last);
    expect_stones(t, "e8. e4. f3. e7X");
    expect_stones(t, "e2."); /* the image of e8, which stays above */
    done(g2, t);
    done(g, s);
}
END_TEST

START_TEST(notation_refusals)
{
    static const struct {
        const char *text;
        int rc;
        const char *names;
    } bad[] = {
        {"d4-d4", MG_ERANGE, "d4-d4"},
        {"d4-f4", MG_ERANGE, "d4-f4"},  /* not adjacent */
        {"d4-", MG_ESYNTAX, ""},
        {"-d4", MG_ESYNTAX, ""},
        {"d4-e4-f4", MG_ESYNTAX, "e4-f4"},
        {"d0", MG_ESYNTAX, "d0"},
        {"4d", MG_ESYNTAX, "4d"},
        {"#x", MG_ESYNTAX, "#x"},
        {"z9", MG_ERANGE, "z9"},
        {"d1-slot0", MG_ERANGE, "d1-slot0"}, /* d1 has an east neighbour */
        {"d1-slot9", MG_ERANGE, "d1-slot9"},
        {"d1-slotx", MG_ERANGE, "d1-slotx"},
        {"pass", MG_ESYNTAX, "pass"},
    };
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought");
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[160] = "";
        int32_t a = 12345;
        int rc = mg_state_action_from_string(s, bad[i].text, &a, err,
                                             sizeof err);
        ck_assert_msg(rc == bad[i].rc, "%s: got %d (%s), want %d",
                      bad[i].text, rc, err, bad[i].rc);
        ck_assert_int_eq(a, 12345);
        ck_assert_msg(err[0] != '\0', "%s: no message", bad[i].text);
        ck_assert_msg(strstr(err, bad[i].names) != NULL,
                      "%s: message '%s' does not name it", bad[i].text, err);
    }
    done(g, s);
}
END_TEST

/* §0 headline score (largest chain), groups, hash, renderings. */
START_TEST(scores_hash_rendering)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought(board=square6)");
    mg_state *t = NULL;
    char buf[8192];
    uint64_t h0 = mg_state_hash(s);
    play(s, "b1 c2 b3 e2 d5 b4 b3-a2 a3 c5 a6 f3 f6");
    ck_assert_int_eq(score(s, 0), 2);
    ck_assert_int_eq(score(s, 1), 2);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "6 O . . . . O\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "4 . O . . . .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "1 . X . . . .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "  a b c d e f\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "Black (seat 0): 5 stones, chains 2 2 1\n") !=
                      NULL,
                  "%s", buf);
    ck_assert_msg(strstr(buf, "White (seat 1): 5 stones, chains 2 1 1 1\n") !=
                      NULL,
                  "%s", buf);
    ck_assert_msg(strstr(buf, "Black (seat 0) to move\n") != NULL, "%s", buf);
    /* equal positions hash equal, whatever the order of moves */
    ck_assert_int_eq(mg_state_new(&t, g), MG_OK);
    play(t, "b1 c2 b3 e2 d5 b4 b3-a2 a3 f3 f6 c5 a6");
    ck_assert_uint_eq(mg_state_hash(t), mg_state_hash(s));
    ck_assert_uint_ne(mg_state_hash(s), h0);
    mg_state_free(t);
    {
        size_t need = 0;
        char *svg;
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 0, &need),
                         MG_ENOBUFS);
        svg = malloc(need);
        ck_assert_ptr_nonnull(svg);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, need, NULL),
                         MG_OK);
        ck_assert_uint_eq(strlen(svg) + 1, need);
        ck_assert(strncmp(svg, "<svg", 4) == 0);
        free(svg);
    }
    done(g, s);

    /* hex text: rows of the hexagon, column letters on their lines */
    s = start(&g, "chains_of_thought");
    play(s, "d4");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strstr(buf, "7        . . . .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "4     . . . X . . .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "1        . . . .\n") != NULL, "%s", buf);
    ck_assert_msg(strstr(buf, "  a b c d e f g\n") != NULL, "%s", buf);
    done(g, s);

    /* trisquare text: each line starts with the index of its first point */
    s = start(&g, "chains_of_thought(board=trisquare4)");
    play(s, "#0 #97");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_msg(strncmp(buf, "#94 ", 4) == 0, "%s", buf);
    ck_assert_msg(strstr(buf, "\n #0 ") != NULL, "%s", buf);
    ck_assert_msg(strchr(buf, 'X') != NULL && strchr(buf, 'O') != NULL, "%s",
                  buf);
    done(g, s);
}
END_TEST

Suite *mg_chains_rules_suite(void)
{
    Suite *s = suite_create("chains_rules");
    TCase *rules = tcase_create("rules");
    tcase_add_test(rules, placement_cases);
    tcase_add_test(rules, step_largest_restriction);
    tcase_add_test(rules, step_tie_lifts_and_merging);
    tcase_add_test(rules, step_not_next_to_larger);
    tcase_add_test(rules, removal_rounds);
    tcase_add_test(rules, removal_by_placement);
    tcase_add_test(rules, end_and_cascade);
    tcase_add_test(rules, option_not_self_adjacent);
    tcase_add_test(rules, option_must_merge);
    tcase_add_test(rules, option_removal_none);
    tcase_add_test(rules, ludii_examples);
    tcase_add_test(rules, ludii_secondary_after_primary);
    tcase_add_test(rules, ludii_target_already_gone);
    tcase_add_test(rules, ludii_order_matters);
    tcase_add_test(rules, notation_refusals);
    tcase_add_test(rules, scores_hash_rendering);
    tcase_set_timeout(rules, 60);
    suite_add_tcase(s, rules);
    return s;
}
