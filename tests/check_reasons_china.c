/*
 * check_reasons_china.c - mg_state_illegal_reason and mg_state_end_reason
 * for the four China games (doc/rules.md §0 Swap and Cascade comparison,
 * §1.3 China Squares, §1.4 China Octangle, §1.5 actions and order, §2.3
 * China Tangle, §2.4 China Grove): hand-built positions on the default
 * boards (board=1), one for each way an action can be refused, with the
 * exact line expected; the end of a game of each, against a line written
 * here from the test's own groups and scores; and random games where the
 * kind of every refusal is checked against the rules model of
 * china_test.h.
 *
 * Board 1, the cells used (name, index, class value, beams):
 *   Octopuszle (Squares, Octangle): class 95 (6 beams, 8 cells, quota 3)
 *     m9 78, n9 79, k11 105, o11 109, l13 138, ...; class 31 (5 beams) m3
 *     15, ...; class 17 (2 beams, 4 cells, quota 4) h3 13, d7 51, b13 132,
 *     v21 241; class 255 m12 123 (quota 1).
 *   China Labyrinth (Tangle, Grove): class 5 (2 exits, 6 cells, quota 5)
 *     f2 1, m3 8, n3 9, p4 19, e13 59, e14 60; class 3 h2 2; class 15 g3 4
 *     (4 exits); class 9 (2 exits, 3 cells) l4 16, f11 50, f14 61; class 63
 *     h6 28 (quota 1); class 1 f1 0.
 */
#include "china_test.h"
#include "reasons_test.h"


/* A legal action has no reason: MG_OK and "". */
START_TEST(legal_has_no_reason)
{
    rt_first_legal_has_no_reason("china_tangle");
}
END_TEST

/* --------------------------------------------------- hand-built refusals */

static mg_state *at(mg_game **g, const char *spec, const char *moves)
{
    mg_state *s;
    *g = rt_game(spec);
    s = rt_state(*g);
    rt_play(s, moves);
    return s;
}

static void done_with(mg_game *g, mg_state *s)
{
    mg_state_free(s);
    mg_game_free(g);
}

/* rules §1.3.2 (a vacant cell; the turn's pattern class fixed by its first
 * stone), §1.5 (done only after a stone) and §0 Swap, in China Squares. */
START_TEST(squares_refusals)
{
    mg_game *g;
    mg_state *s = at(&g, "china_squares", "m9 n9");
    /* the first stone m9 fixed class 95; the last stone n9 is not named */
    rt_expect_text(s, "m3", MG_EILLEGAL,
                   "m3: not of this turn's pattern: the turn's first stone, "
                   "m9, allows only cells like m9 (pattern class 95); m3 is "
                   "of class 31 (rules 1.3.2)");
    rt_expect_text(s, "n9", MG_EILLEGAL,
                   "n9: the cell is taken: a stone of White (seat 0) is on "
                   "it, and a stone goes on a vacant cell (rules 1.3.2)");
    rt_expect_text(s, "swap", MG_EILLEGAL,
                   "swap: not yet: only seat 1 may swap, as the first action "
                   "of its first turn, and White's opening turn is still "
                   "going on (rules 0, Swap; 1.5)");
    rt_expect_text(s, "done", MG_OK, ""); /* the opening may stop (1.3.2) */
    rt_play(s, "done m12"); /* Black: class 255, quota 1, the turn ends */
    /* rules §1.3.2: after the first turn, placing is mandatory and maximal */
    rt_expect_text(s, "done", MG_EILLEGAL,
                   "done: in China Squares only the game's first turn may "
                   "stop early; every later turn places its full quota and "
                   "ends by itself (rules 1.3.2)");
    rt_expect_text(s, "swap", MG_EILLEGAL,
                   "swap: swap is allowed only as the first action of seat "
                   "1's first turn (the game's second), and this is turn 3 "
                   "(rules 0, Swap; 1.5)");
    rt_play(s, "h3"); /* class 17: 4 cells, quota min(9 - 2, 4) = 4 */
    rt_expect_text(s, "done", MG_EILLEGAL,
                   "done: in China Squares only the game's first turn may "
                   "stop early; every later turn places its full quota (1 "
                   "of 4 placed) and ends by itself (rules 1.3.2)");
    done_with(g, s);
}
END_TEST

/* rules §0 Swap, §1.5: once, and only as seat 1's first action; after the
 * swap White's stones are seat 1's. */
START_TEST(squares_swap)
{
    mg_game *g;
    mg_state *s = at(&g, "china_squares", "m9 done n13");
    rt_expect_text(s, "swap", MG_EILLEGAL,
                   "swap: swap is allowed only as the first action of seat "
                   "1's first turn, and 1 stone has already been placed in "
                   "it (rules 0, Swap; 1.5)");
    done_with(g, s);
    s = at(&g, "china_squares", "m9 done swap");
    rt_expect_text(s, "swap", MG_EILLEGAL,
                   "swap: the seats have already swapped colours, and swap "
                   "is allowed only once (rules 0, Swap; 1.5)");
    rt_expect_text(s, "m9", MG_EILLEGAL,
                   "m9: the cell is taken: a stone of White (seat 1) is on "
                   "it, and a stone goes on a vacant cell (rules 1.3.2)");
    rt_play(s, "m12 h3"); /* seat 0, Black: m12; seat 1, White: h3 */
    rt_expect_text(s, "m12", MG_EILLEGAL,
                   "m12: the cell is taken: a stone of Black (seat 0) is on "
                   "it, and a stone goes on a vacant cell (rules 1.3.2)");
    done_with(g, s);
}
END_TEST

/* rules §1.5 order=ascending with §1.3.2's full quota: the first stone
 * leaves room above for the quota; later stones climb. */
START_TEST(squares_ascending)
{
    mg_game *g;
    mg_state *s = at(&g, "china_squares(order=ascending)", "m12");
    /* Black's turn: class 17 has 4 cells, all of them the quota */
    rt_expect_text(s, "d7", MG_EILLEGAL,
                   "d7: order=ascending: this turn must place its full quota "
                   "of 4 stones (the vacant cells of its kind), each on a "
                   "higher index than the one before, but above d7 (index "
                   "51) are only 2 vacant cells of its kind for the 3 still "
                   "to come (rules 1.5)");
    rt_expect_text(s, "h3", MG_OK, "");
    rt_play(s, "m9 o11"); /* class 95, quota min(9 - 6, 8) = 3 */
    rt_expect_text(s, "n9", MG_EILLEGAL,
                   "n9: order=ascending: each stone of a turn goes on a "
                   "higher index than the one before, and the turn's "
                   "previous stone is o11 (index 109) (rules 1.5)");
    done_with(g, s);
}
END_TEST

/* rules §1.4 (China Tangle's turn on the Octopuszle): mode=number fixes
 * the beam count; `done` after a stone, any turn. */
START_TEST(octangle_refusals)
{
    mg_game *g;
    mg_state *s = at(&g, "china_octangle(mode=number)", "m9");
    rt_expect_text(s, "m3", MG_EILLEGAL,
                   "m3: not of this turn's kind: the turn's first stone, m9, "
                   "has 6 beams and allows only cells with 6 beams; m3 has 5 "
                   "beams (rules 1.4)");
    rt_play(s, "done m3 done n3");
    rt_expect_text(s, "done", MG_OK, "");
    rt_play(s, "done");
    rt_expect_text(s, "done", MG_EILLEGAL,
                   "done: no stone placed in this turn yet: a turn places at "
                   "least one stone before it may end (rules 1.5)");
    rt_expect_text(s, "m3", MG_EILLEGAL,
                   "m3: the cell is taken: a stone of Black (seat 1) is on "
                   "it, and a stone goes on a vacant cell (rules 1.4)");
    done_with(g, s);
    s = at(&g, "china_octangle", "m9 l13");
    rt_expect_text(s, "h3", MG_EILLEGAL,
                   "h3: not of this turn's pattern: the turn's first stone, "
                   "m9, allows only cells like m9 (pattern class 95); h3 is "
                   "of class 17 (rules 1.4)");
    done_with(g, s);
}
END_TEST

/* rules §2.3.2: pattern and number mode on the China Labyrinth (exits);
 * §1.5 done and order=ascending; §0 Swap. */
START_TEST(tangle_refusals)
{
    mg_game *g;
    mg_state *s = at(&g, "china_tangle", "f2 m3");
    rt_expect_text(s, "h2", MG_EILLEGAL,
                   "h2: not of this turn's pattern: the turn's first stone, "
                   "f2, allows only cells like f2 (pattern class 5); h2 is "
                   "of class 3 (rules 2.3.2)");
    rt_play(s, "done f1");
    rt_expect_text(s, "f2", MG_EILLEGAL,
                   "f2: the cell is taken: a stone of White (seat 0) is on "
                   "it, and a stone goes on a vacant cell (rules 2.3.2)");
    rt_expect_text(s, "swap", MG_EILLEGAL,
                   "swap: swap is allowed only as the first action of seat "
                   "1's first turn, and 1 stone has already been placed in "
                   "it (rules 0, Swap; 1.5)");
    done_with(g, s);
    s = at(&g, "china_tangle(mode=number)", "f2");
    rt_expect_text(s, "g3", MG_EILLEGAL,
                   "g3: not of this turn's kind: the turn's first stone, f2, "
                   "has 2 exits and allows only cells with 2 exits; g3 has 4 "
                   "exits (rules 2.3.2)");
    rt_expect_text(s, "h2", MG_OK, ""); /* class 3, also 2 exits */
    done_with(g, s);
    s = at(&g, "china_tangle(order=ascending)", "m3");
    rt_expect_text(s, "f2", MG_EILLEGAL,
                   "f2: order=ascending: each stone of a turn goes on a "
                   "higher index than the one before, and the turn's "
                   "previous stone is m3 (index 8) (rules 1.5)");
    rt_expect_text(s, "e14", MG_OK, ""); /* the turn may stop: no room kept */
    done_with(g, s);
}
END_TEST

/* rules §2.4 (Grove: the turn of 2.3.2 placed in full), §1.5 with
 * order=ascending, the quota 7 - n or the vacant cells of the class. */
START_TEST(grove_refusals)
{
    mg_game *g;
    mg_state *s = at(&g, "china_grove", "f1 done h6");
    rt_expect_text(s, "done", MG_EILLEGAL,
                   "done: in China Grove only the game's first turn may stop "
                   "early; every later turn places its full quota and ends "
                   "by itself (rules 2.4)");
    rt_play(s, "f2 m3");
    rt_expect_text(s, "done", MG_EILLEGAL,
                   "done: in China Grove only the game's first turn may stop "
                   "early; every later turn places its full quota (2 of 5 "
                   "placed) and ends by itself (rules 2.4)");
    rt_expect_text(s, "g3", MG_EILLEGAL,
                   "g3: not of this turn's pattern: the turn's first stone, "
                   "f2, allows only cells like f2 (pattern class 5); g3 is "
                   "of class 15 (rules 2.4)");
    rt_expect_text(s, "h6", MG_EILLEGAL,
                   "h6: the cell is taken: a stone of Black (seat 1) is on "
                   "it, and a stone goes on a vacant cell (rules 2.4)");
    done_with(g, s);
    s = at(&g, "china_grove(order=ascending)", "f1 done");
    /* Black's turn: class 5, quota min(7 - 2, 6) = 5 */
    rt_expect_text(s, "n3", MG_EILLEGAL,
                   "n3: order=ascending: this turn must place its full quota "
                   "of 5 stones (7 - 2 exits), each on a higher index than "
                   "the one before, but above n3 (index 9) are only 3 vacant "
                   "cells of its kind for the 4 still to come (rules 1.5)");
    rt_expect_text(s, "m3", MG_OK, "");
    rt_expect_text(s, "f11", MG_EILLEGAL, /* class 9: 3 cells, quota 3 */
                   "f11: order=ascending: this turn must place its full "
                   "quota of 3 stones (the vacant cells of its kind), each "
                   "on a higher index than the one before, but above f11 "
                   "(index 50) is only 1 vacant cell of its kind for the 2 "
                   "still to come (rules 1.5)");
    rt_play(s, "f2");
    rt_expect_text(s, "p4", MG_EILLEGAL,
                   "p4: order=ascending: this turn must place its full quota "
                   "of 5 stones (7 - 2 exits), each on a higher index than "
                   "the one before, but above p4 (index 19) are only 2 "
                   "vacant cells of its kind for the 3 still to come (rules "
                   "1.5)");
    done_with(g, s);
}
END_TEST

/* The game over: every action answers MG_EOVER with the end reason. */
START_TEST(over_names_the_end)
{
    mg_game *g = rt_game("china_tangle");
    mg_state *s = rt_state(g);
    char end[1024], want[1200];
    ck_assert_int_gt(mg_state_playout(s, 7, -1), 0);
    ck_assert_int_eq(mg_state_end_reason(s, end, sizeof end, NULL), MG_OK);
    snprintf(want, sizeof want, "swap: the game is over: %s", end);
    rt_expect_text(s, "swap", MG_EOVER, want);
    snprintf(want, sizeof want, "f1: the game is over: %s", end);
    rt_expect_text(s, "f1", MG_EOVER, want);
    done_with(g, s);
}
END_TEST

/* -------------------------------------------------------------- the end */

static const char *const colour_word[2] = {"White", "Black"};

static void ordinal(char *buf, size_t cap, int n)
{
    const char *suf = "th";
    if (n % 100 < 11 || n % 100 > 13)
        suf = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd"
                                                                   : "th";
    snprintf(buf, cap, "%d%s", n, suf);
}

/* The first `n` entries of sorted `v`, 0 past its end: "12, 9, 0". */
static void entries(char *buf, size_t cap, const int32_t *v, int32_t nv,
                    int32_t n)
{
    size_t len = 0;
    int32_t i;
    buf[0] = '\0';
    for (i = 0; i < n && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%d", i ? ", " : "",
                                (int)(i < nv ? v[i] : 0));
}

/* The end line written here from the stones' colours rebuilt from the
 * history, groups by the test's own search (china_test.h), and the
 * result: rules §1.3.5/1.3.6 and §2.4 (stones - P x groups, the winner's
 * score first), §1.4, §2.3.4 and §0 Cascade comparison (the lists up to
 * the first entry that differs). */
static void expected_end(const china *t, char *want, size_t cap)
{
    static const char *const rules[4] = {
        "rules 1.3.5 and 1.3.6", "rules 1.4 and 0, Cascade comparison",
        "rules 2.3.4 and 0, Cascade comparison", "rules 2.4"};
    int8_t colour[MAXN];
    int32_t sizes[2][MAXN], n[2], stones[2] = {0, 0}, i;
    int swapped = colours_from_history(t, colour), col, w, l, variant;
    const char *id = mg_game_id(t->g);
    variant = !strcmp(id, "china_squares")    ? 0
              : !strcmp(id, "china_octangle") ? 1
              : !strcmp(id, "china_tangle")   ? 2
                                              : 3;
    for (col = 0; col < 2; col++) {
        n[col] = own_groups(t, colour, col, sizes[col]);
        for (i = 0; i < t->n; i++)
            stones[col] += colour[i] == col;
    }
    if (t->maximal) {
        int32_t sc[2];
        for (col = 0; col < 2; col++)
            sc[col] = stones[col] - t->penalty * n[col];
        ck_assert_int_ne(sc[0], sc[1]); /* rules 1.3.6: no draw */
        w = sc[0] > sc[1] ? 0 : 1;
        l = w ^ 1;
        snprintf(want, cap,
                 "all %d cells are occupied; %s (seat %d) wins %d - %d x %d "
                 "= %d to %d - %d x %d = %d (%s)",
                 (int)t->n, colour_word[w], w ^ swapped, (int)stones[w],
                 t->penalty, (int)n[w], (int)sc[w], (int)stones[l],
                 t->penalty, (int)n[l], (int)sc[l], rules[variant]);
        return;
    }
    for (i = 0; i < n[0] || i < n[1]; i++)
        if ((i < n[0] ? sizes[0][i] : 0) != (i < n[1] ? sizes[1][i] : 0))
            break;
    ck_assert(i < n[0] || i < n[1]); /* rules 2.3.4: no draw */
    w = (i < n[0] ? sizes[0][i] : 0) > (i < n[1] ? sizes[1][i] : 0) ? 0 : 1;
    l = w ^ 1;
    if (i == 0) {
        snprintf(want, cap,
                 "all %d cells are occupied; %s (seat %d) wins with the "
                 "largest group, %d stone%s to %s's %d (%s)",
                 (int)t->n, colour_word[w], w ^ swapped, (int)sizes[w][0],
                 sizes[w][0] == 1 ? "" : "s", colour_word[l],
                 (int)(n[l] ? sizes[l][0] : 0), rules[variant]);
    } else {
        char a[256], b[256], nth[16];
        entries(a, sizeof a, sizes[w], n[w], i + 1);
        entries(b, sizeof b, sizes[l], n[l], i + 1);
        ordinal(nth, sizeof nth, i + 1);
        snprintf(want, cap,
                 "all %d cells are occupied; %s (seat %d) wins on the "
                 "cascade of largest groups, %s to %s's %s: the %s largest "
                 "decides (%s)",
                 (int)t->n, colour_word[w], w ^ swapped, a, colour_word[l], b,
                 nth, rules[variant]);
    }
}

/* rules §1.3.5, 1.3.6, 1.4, 2.3.4, 2.4: random games of each game to the
 * end (mg_state_playout, with or without the swap), the line against the
 * one written here; and while the game goes on, no end reason. */
START_TEST(end_reasons)
{
    static const char *const specs[] = {
        "china_squares", "china_octangle", "china_tangle", "china_grove",
        "china_squares(penalty=2)", "china_grove(mode=number,penalty=8)",
        "china_tangle(mode=number)"};
    size_t k;
    for (k = 0; k < sizeof specs / sizeof *specs; k++) {
        uint64_t seed;
        for (seed = 1; seed <= 6; seed++) {
            china t;
            char want[2048], buf[8];
            size_t need = 0;
            open_spec(&t, specs[k]);
            ck_assert_int_eq(mg_state_end_reason(t.s, buf, sizeof buf, &need),
                             MG_EINVAL);
            ck_assert_str_eq(buf, "");
            ck_assert_int_gt(mg_state_playout(t.s, seed, -1), 0);
            expected_end(&t, want, sizeof want);
            rt_expect_end(t.s, want);
            close_game(&t);
        }
    }
}
END_TEST

/* Pinned lines of one game of each (the same lines expected_end writes;
 * a change in the wording shows here first).  rules §1.3.5-1.3.6, §1.4,
 * §2.3.4, §2.4, §0 Cascade comparison. */
START_TEST(end_reason_lines)
{
    static const struct {
        const char *spec, *line;
        uint64_t seed;
    } cases[] = {
        {"china_squares",
         "all 255 cells are occupied; White (seat 0) wins 122 - 4 x 27 = 14 "
         "to 133 - 4 x 42 = -35 (rules 1.3.5 and 1.3.6)",
         3},
        {"china_grove",
         "all 63 cells are occupied; Black (seat 1) wins 28 - 4 x 10 = -12 "
         "to 35 - 4 x 17 = -33 (rules 2.4)",
         3},
        {"china_tangle",
         "all 63 cells are occupied; Black (seat 1) wins with the largest "
         "group, 8 stones to White's 6 (rules 2.3.4 and 0, Cascade "
         "comparison)",
         3},
        {"china_tangle",
         "all 63 cells are occupied; Black (seat 1) wins on the cascade of "
         "largest groups, 12, 5 to White's 12, 4: the 2nd largest decides "
         "(rules 2.3.4 and 0, Cascade comparison)",
         8},
        {"china_octangle",
         "all 255 cells are occupied; Black (seat 1) wins with the largest "
         "group, 63 stones to White's 24 (rules 1.4 and 0, Cascade "
         "comparison)",
         3},
        {"china_octangle",
         "all 255 cells are occupied; White (seat 0) wins on the cascade of "
         "largest groups, 45, 26 to Black's 45, 12: the 2nd largest decides "
         "(rules 1.4 and 0, Cascade comparison)",
         121}};
    size_t k;
    for (k = 0; k < sizeof cases / sizeof *cases; k++) {
        china t;
        char want[2048];
        open_spec(&t, cases[k].spec);
        ck_assert_int_gt(mg_state_playout(t.s, cases[k].seed, -1), 0);
        expected_end(&t, want, sizeof want); /* the same line, derived */
        ck_assert_str_eq(want, cases[k].line);
        rt_expect_end(t.s, cases[k].line);
        close_game(&t);
    }
}
END_TEST

/* The text and SVG pictures' status: counts in the singular for one
 * (rules §1.3.4 groups, §0 headline score), and at the end the end reason
 * (rules §1.3.5-1.3.6, §2.3.4). */
START_TEST(render_status)
{
    mg_game *g;
    mg_state *s = at(&g, "china_tangle", "f1");
    static char svg[1 << 18];
    char text[16384], end[1024], want[1200];
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, text, sizeof text,
                                     NULL), MG_OK);
    ck_assert_ptr_nonnull(
        strstr(text, "White (seat 0, O): 1 stone, 1 group, score 1\n"));
    ck_assert_ptr_nonnull(
        strstr(text, "Black (seat 1, X): 0 stones, 0 groups, score 0\n"));
    ck_assert_ptr_null(strstr(text, " 1 stones"));
    done_with(g, s);
    s = at(&g, "china_tangle(mode=number)", "f1");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, text, sizeof text,
                                     NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(text, "1 of 6 placed on class 1 exit "));
    done_with(g, s);
    s = at(&g, "china_grove", "");
    ck_assert_int_gt(mg_state_playout(s, 5, -1), 0);
    ck_assert_int_eq(mg_state_end_reason(s, end, sizeof end, NULL), MG_OK);
    snprintf(want, sizeof want, "\ngame over: %s\n", end);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, text, sizeof text,
                                     NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(text, want));
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg,
                                     NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(svg, "game over: all 63 cells are "
                                      "occupied; "));
    ck_assert_ptr_nonnull(strstr(svg, "(rules 2.4)"));
    done_with(g, s);
}
END_TEST

/* ------------------------------------------------ random games, a model */

/* What the model of china_test.h (rules §1.3.2, 1.5, 2.3.2, 2.4, §0 Swap)
 * says is wrong with illegal action `a`, as the fragments its reason must
 * hold: the kind first, then the facts (whose stone, which first stone and
 * classes, which previous stone, the quota, the turn).  `first` is the
 * turn's first stone, tracked by the test. */
static void model_fragments(const china *t, const model *m, int32_t first,
                            int32_t a, char frag[3][160])
{
    static const char *const games[2][2] = {{"China Octangle", "China Tangle"},
                                            {"China Squares", "China Grove"}};
    const char *unit = t->octo ? "beam" : "exit";
    char name[16], fname[16];
    frag[1][0] = frag[2][0] = '\0';
    if (a == t->swap) {
        if (m->swapped)
            strcpy(frag[0], ": the seats have already swapped colours");
        else if (m->turn == 0)
            strcpy(frag[0], ": not yet: only seat 1 may swap");
        else if (m->turn == 1)
            snprintf(frag[0], 160, ", and %d stone%s already been placed",
                     m->placed, m->placed == 1 ? " has" : "s have");
        else
            snprintf(frag[0], 160, "and this is turn %d (rules 0, Swap; 1.5)",
                     m->turn + 1);
        return;
    }
    if (a == t->done) {
        if (!m_may_stop(t, m))
            snprintf(frag[0], 160, ": in %s only the game's first turn",
                     games[t->maximal][!t->octo]);
        else
            strcpy(frag[0], ": no stone placed in this turn yet");
        if (!m_may_stop(t, m) && m->placed > 0)
            snprintf(frag[1], 160, "(%d of %d placed)", m->placed, m->quota);
        return;
    }
    mg_board_cell_name(t->b, a, name, sizeof name, NULL);
    if (m->occ[a] >= 0) { /* whose stone: its colour, the seat playing it */
        snprintf(frag[0], 160, "%s: the cell is taken: a stone of %s (seat %d)",
                 name, colour_word[m->occ[a]], m->occ[a] ^ m->swapped);
        return;
    }
    if (m->placed > 0 && t->key[a] != m->k) {
        mg_board_cell_name(t->b, first, fname, sizeof fname, NULL);
        snprintf(frag[0], 160, "%s: not of this turn's %s: the turn's first "
                 "stone, %s,", name, t->number ? "kind" : "pattern", fname);
        if (t->number) {
            snprintf(frag[1], 160, "allows only cells with %d %s%s",
                     t->beams[first], unit, t->beams[first] == 1 ? "" : "s");
            snprintf(frag[2], 160, "; %s has %d %s%s", name, t->beams[a], unit,
                     t->beams[a] == 1 ? "" : "s");
        } else {
            snprintf(frag[1], 160, "(pattern class %d)", t->pclass[first]);
            snprintf(frag[2], 160, "; %s is of class %d", name, t->pclass[a]);
        }
        return;
    }
    ck_assert(t->ascending); /* free order: a vacant cell of K is legal */
    if (m->placed > 0 && a <= m->last) {
        mg_board_cell_name(t->b, m->last, fname, sizeof fname, NULL);
        snprintf(frag[0], 160, "%s: order=ascending: each stone", name);
        snprintf(frag[1], 160, "previous stone is %s (index %d)", fname,
                 (int)m->last);
        return;
    }
    ck_assert(!m_may_stop(t, m)); /* else any higher cell would do */
    snprintf(frag[0], 160, "%s: order=ascending: this turn must place its "
             "full quota of %d stone", name,
             m->placed ? m->quota
                       : min32(t->base - t->beams[a],
                               m_vacant(t, m, t->key[a], -1)));
    snprintf(frag[1], 160, "above %s (index %d)", name, (int)a);
}

/* Every action at every step of a random game: a legal one (by the model)
 * has no reason, an illegal one the model's kind and facts; at the end,
 * MG_EOVER with the end reason.  rules §1.3.2, 1.4, 1.5, 2.3.2, 2.4, §0. */
static void reasons_game(china *t, uint64_t seed)
{
    model m;
    uint64_t r = seed;
    int32_t first = -1;
    int step = 0;
    m_init(t, &m);
    while (m.colour >= 0) {
        int32_t acts[MAXA], n, a, i, cells = 0;
        unsigned char ok[MAXA];
        n = m_legal(t, &m, acts);
        memset(ok, 0, sizeof ok);
        for (i = 0; i < n; i++)
            ok[acts[i]] = 1;
        for (a = 0; a < t->n + 2; a++) {
            char buf[1024], frag[3][160];
            int rc = mg_state_illegal_reason(t->s, a, buf, sizeof buf, NULL), f;
            if (ok[a]) {
                MG_REQUIRE(rc == MG_OK && !buf[0], "step %d, %d: %s", step, a,
                           buf);
                continue;
            }
            MG_REQUIRE(rc == MG_EILLEGAL, "step %d, %d: code %d", step, a, rc);
            model_fragments(t, &m, first, a, frag);
            for (f = 0; f < 3; f++)
                MG_REQUIRE(strstr(buf, frag[f]) != NULL,
                           "step %d: \"%s\" lacks \"%s\"", step, buf, frag[f]);
            MG_REQUIRE(strstr(buf, " (rules ") && buf[strlen(buf) - 1] == ')',
                       "step %d: no rules cited: %s", step, buf);
        }
        for (i = 0; i < n; i++)
            cells += acts[i] < t->n;
        if (acts[n - 1] == t->swap && mg_test_rand_below(&r, 2))
            a = t->swap;
        else if (acts[n - 1] == t->done &&
                 (cells == 0 || !mg_test_rand_below(&r, 4)))
            a = t->done;
        else
            a = acts[mg_test_rand_below(&r, cells)];
        if (a < t->n && m.placed == 0)
            first = a;
        act(t, a);
        m_apply(t, &m, a);
        step++;
    }
    {
        char end[1024], buf[1200], want[1300], name[16];
        ck_assert_int_eq(mg_state_end_reason(t->s, end, sizeof end, NULL),
                         MG_OK);
        expected_end(t, want, sizeof want);
        ck_assert_str_eq(end, want);
        mg_board_cell_name(t->b, 0, name, sizeof name, NULL);
        snprintf(want, sizeof want, "%s: the game is over: %s", name, end);
        ck_assert_int_eq(mg_state_illegal_reason(t->s, 0, buf, sizeof buf,
                                                 NULL), MG_EOVER);
        ck_assert_str_eq(buf, want);
    }
}

START_TEST(random_games_model)
{
    static const char *const specs[] = {
        "china_tangle", "china_grove", "china_tangle(mode=number)",
        "china_grove(order=ascending)",
        "china_tangle(mode=number,order=ascending)",
        "china_grove(mode=number,order=ascending,penalty=2)",
        "china_squares", "china_octangle(mode=number)",
        "china_squares(order=ascending)", "china_octangle(order=ascending)"};
    size_t k;
    for (k = 0; k < sizeof specs / sizeof *specs; k++) {
        uint64_t seed, seeds = strstr(specs[k], "tangle") ||
                                       strstr(specs[k], "grove")
                                   ? 4
                                   : 1;
        for (seed = 1; seed <= seeds; seed++) {
            china t;
            open_spec(&t, specs[k]);
            reasons_game(&t, 0x5EA5 + 977 * seed + k);
            close_game(&t);
        }
    }
}
END_TEST

Suite *mg_reasons_china_suite(void)
{
    Suite *su = suite_create("reasons_china");
    TCase *tc = tcase_create("reasons");
    TCase *games = tcase_create("games");
    tcase_add_test(tc, legal_has_no_reason);
    tcase_add_test(tc, squares_refusals);
    tcase_add_test(tc, squares_swap);
    tcase_add_test(tc, squares_ascending);
    tcase_add_test(tc, octangle_refusals);
    tcase_add_test(tc, tangle_refusals);
    tcase_add_test(tc, grove_refusals);
    tcase_add_test(tc, over_names_the_end);
    tcase_add_test(tc, end_reasons);
    tcase_add_test(tc, end_reason_lines);
    tcase_add_test(tc, render_status);
    suite_add_tcase(su, tc);
    tcase_add_test(games, random_games_model);
    tcase_set_timeout(games, 300);
    suite_add_tcase(su, games);
    return su;
}
