/*
 * check_dots_and_boxes.c - Dots and Boxes by hand-built positions and by
 * the counts of doc/rules.md §3 (sections cited per test).
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

/* Apply space-separated notation; every action must be legal. */
static void play(mg_state *s, const char *moves)
{
    char buf[1024], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        int32_t a = -1;
        char err[128];
        int rc = mg_state_action_from_string(s, tok, &a, err, sizeof err);
        ck_assert_msg(rc == MG_OK, "parse %s: %s", tok, err);
        rc = mg_state_apply(s, a);
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

static mg_state *start(mg_game **g, const char *spec)
{
    mg_state *s = NULL;
    MG_GAME(*g, spec);
    ck_assert_int_eq(mg_state_new(&s, *g), MG_OK);
    return s;
}

static void done(mg_game *g, mg_state *s)
{
    mg_state_free(s);
    mg_game_free(g);
}

static int32_t score(const mg_state *s, int p)
{
    int32_t v = -1;
    ck_assert_int_eq(mg_state_score(s, p, &v), MG_OK);
    return v;
}

static size_t n_legal(const mg_state *s)
{
    size_t n = 0;
    int rc = mg_state_legal_actions(s, NULL, 0, &n);
    ck_assert(rc == MG_OK || rc == MG_ENOBUFS);
    return n;
}

/* §3.2.2: one box closed -> the mover moves again. */
START_TEST(move_again_after_one_box)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=2)");
    play(s, "a1-b1 a2-b2 a1-a2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    play(s, "b1-b2"); /* closes the left box */
    ck_assert_int_eq(score(s, 1), 1);
    ck_assert_int_eq(mg_state_current_player(s), 1); /* again */
    play(s, "b1-c1");
    ck_assert_int_eq(mg_state_current_player(s), 0); /* no box: passes */
    done(g, s);
}
END_TEST

/* §3.2.2: two boxes with one line -> still one extra move. */
START_TEST(move_again_after_two_boxes)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=3)");
    play(s, "a1-b1 a2-b2 a1-a2 b1-c1 b2-c2 c1-c2");
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "b1-b2"); /* closes a1 and b1 boxes at once */
    ck_assert_int_eq(score(s, 0), 2);
    ck_assert_int_eq(mg_state_current_player(s), 0);
    play(s, "c1-d1");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    done(g, s);
}
END_TEST

/* §3.2.2 "unless no line is left", §3.2.3 the end. */
START_TEST(no_move_again_on_last_line)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=1)");
    play(s, "a1-b1 a2-b2 a1-a2");
    ck_assert_int_eq(mg_state_current_player(s), 1);
    play(s, "b1-b2");
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_int_eq(mg_state_winner(s), 1);
    ck_assert_int_eq(n_legal(s), 0);
    done(g, s);
}
END_TEST

/* §3.2.3 equal is a draw; §3.2.4 misère reverses only the winner. */
START_TEST(draw_and_misere)
{
    const char *seq = "b1-b2 a1-b1 b1-c1 a2-b2 a1-a2 b2-c2 c1-c2";
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=2)");
    play(s, seq);
    ck_assert_int_eq(score(s, 0), 1);
    ck_assert_int_eq(score(s, 1), 1);
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    done(g, s);
    s = start(&g, "dots_and_boxes(rows=1,cols=2,misere=true)");
    play(s, seq);
    ck_assert_int_eq(mg_state_winner(s), MG_DRAW);
    done(g, s);
    /* one box: seat 1 closes it; normal -> 1 wins, misère -> 0 wins */
    s = start(&g, "dots_and_boxes(rows=1,cols=1)");
    play(s, "a1-b1 a2-b2 a1-a2 b1-b2");
    ck_assert_int_eq(mg_state_winner(s), 1);
    done(g, s);
    s = start(&g, "dots_and_boxes(rows=1,cols=1,misere=true)");
    play(s, "a1-b1 a2-b2 a1-a2 b1-b2");
    ck_assert_int_eq(mg_state_winner(s), 0);
    ck_assert_int_eq(score(s, 1), 1); /* the score is still boxes (§0) */
    done(g, s);
}
END_TEST

/* §3.4: ids are lines sorted by (first dot, second dot); dots bottom row
 * first (§0); notation lower index first, either order parsed. */
START_TEST(action_ids_and_notation)
{
    static const char *const sq[] = {"a1-b1", "a1-a2", "b1-b2", "a2-b2"};
    static const char *const tri[] = {"a1-b1", "a1-a2", "b1-a2"};
    static const char *const hex[] = {"a1-b1", "a1-a2", "b1-c1",
                                      "c1-c2", "a2-b2", "b2-c2"};
    struct { const char *spec; const char *const *names; int n; } cases[] = {
        {"dots_and_boxes(rows=1,cols=1)", sq, 4},
        {"dots_and_boxes(grid=triangle,size=1)", tri, 3},
        {"dots_and_boxes(grid=hexagon,size=1)", hex, 6},
    };
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        mg_game *g;
        mg_state *s = start(&g, cases[c].spec);
        int i;
        ck_assert_int_eq(mg_game_num_actions(g), cases[c].n);
        for (i = 0; i < cases[c].n; i++) {
            char buf[16], rev[16];
            const char *dash;
            int32_t a = -1;
            ck_assert_int_eq(mg_state_action_to_string(s, i, buf, sizeof buf,
                                                       NULL), MG_OK);
            ck_assert_str_eq(buf, cases[c].names[i]);
            dash = strchr(buf, '-');
            snprintf(rev, sizeof rev, "%s-%.*s", dash + 1, (int)(dash - buf),
                     buf);
            ck_assert_int_eq(mg_state_action_from_string(s, rev, &a, NULL, 0),
                             MG_OK);
            ck_assert_int_eq(a, i);
        }
        done(g, s);
    }
}
END_TEST

/* §0: "#index" names a dot on Dots and Boxes; names are case-insensitive;
 * on the honeycomb b1-b2 is no line (verticals only where x+y is even). */
START_TEST(index_and_case_in_notation)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=1)");
    int32_t a = -1;
    ck_assert_int_eq(mg_state_action_from_string(s, "#1-#3", &a, NULL, 0), MG_OK);
    ck_assert_int_eq(a, 2); /* b1-b2 */
    ck_assert_int_eq(mg_state_action_from_string(s, " A2-#3 ", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, 3);
    done(g, s);
    s = start(&g, "dots_and_boxes(grid=hexagon,size=1)");
    ck_assert_int_eq(mg_state_action_from_string(s, "b1-b2", &a, NULL, 0),
                     MG_ERANGE);
    done(g, s);
}
END_TEST

/* §3.3: Swedish 4x4 = 24 moves; R x C Swedish = 2RC - R - C; Icelandic
 * = 2RC; the one-cell exception keeps every side undrawn. */
START_TEST(border_move_counts)
{
    int r, c;
    char spec[128];
    for (r = 1; r <= 6; r++)
        for (c = 1; c <= 6; c++) {
            mg_game *g;
            mg_state *s;
            snprintf(spec, sizeof spec,
                     "dots_and_boxes(rows=%d,cols=%d,border=swedish)", r, c);
            s = start(&g, spec);
            ck_assert_int_eq(n_legal(s),
                             (r == 1 && c == 1) ? 4 : 2 * r * c - r - c);
            ck_assert_int_eq(mg_state_playout(s, (uint64_t)(r * 7 + c), -1),
                             (r == 1 && c == 1) ? 4 : 2 * r * c - r - c);
            ck_assert_int_eq(score(s, 0) + score(s, 1), r * c);
            done(g, s);
            snprintf(spec, sizeof spec,
                     "dots_and_boxes(rows=%d,cols=%d,border=icelandic)", r, c);
            s = start(&g, spec);
            ck_assert_int_eq(n_legal(s), 2 * r * c);
            ck_assert_int_eq(mg_state_playout(s, 5, -1), 2 * r * c);
            done(g, s);
        }
    {
        mg_game *g;
        mg_state *s = start(&g, "dots_and_boxes(border=swedish)");
        ck_assert_int_eq(mg_state_playout(s, 9, -1), 24);
        done(g, s);
        s = start(&g, "dots_and_boxes(grid=triangle,size=1,border=swedish)");
        ck_assert_int_eq(n_legal(s), 3);
        done(g, s);
        s = start(&g, "dots_and_boxes(grid=hexagon,size=1,border=swedish)");
        ck_assert_int_eq(n_legal(s), 6);
        done(g, s);
    }
}
END_TEST

/* §3.3: pre-drawn lines belong to nobody and are never legal; a box still
 * goes to whoever draws its last side. */
START_TEST(swedish_predrawn_lines)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=2,border=swedish)");
    int32_t a;
    ck_assert_int_eq(n_legal(s), 1);
    ck_assert_int_eq(mg_state_action_from_string(s, "a1-b1", &a, NULL, 0), MG_OK);
    ck_assert_int_eq(mg_state_is_legal(s, a), 0);
    ck_assert_int_eq(mg_state_apply(s, a), MG_EILLEGAL);
    play(s, "b1-b2");
    ck_assert_int_eq(score(s, 0), 2);
    ck_assert_int_eq(mg_state_winner(s), 0);
    done(g, s);
    /* Icelandic: only left and bottom are drawn */
    s = start(&g, "dots_and_boxes(rows=1,cols=1,border=icelandic)");
    ck_assert_int_eq(mg_state_action_from_string(s, "a1-a2", &a, NULL, 0), MG_OK);
    ck_assert_int_eq(mg_state_is_legal(s, a), 0);
    ck_assert_int_eq(mg_state_action_from_string(s, "a1-b1", &a, NULL, 0), MG_OK);
    ck_assert_int_eq(mg_state_is_legal(s, a), 0);
    ck_assert_int_eq(n_legal(s), 2);
    play(s, "b1-b2 a2-b2");
    ck_assert_int_eq(score(s, 1), 1);
    done(g, s);
}
END_TEST

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Dots counted as the distinct dot names in the notation of all lines. */
static int count_dots(const mg_state *s, int32_t lines)
{
    static char names[2 * 3000][32];
    int32_t i;
    int n = 0, k, uniq = 0;
    for (i = 0; i < lines; i++) {
        char buf[32], *dash;
        ck_assert_int_eq(mg_state_action_to_string(s, i, buf, sizeof buf, NULL),
                         MG_OK);
        dash = strchr(buf, '-');
        *dash = '\0';
        memcpy(names[n++], buf, sizeof buf);
        memcpy(names[n++], dash + 1, strlen(dash + 1) + 1);
    }
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    for (k = 0; k < n; k++)
        uniq += k == 0 || strcmp(names[k], names[k - 1]) != 0;
    return uniq;
}

/* §3.1 table: cells, dots, lines, border lines for sizes 1..6. */
START_TEST(board_counts_table)
{
    int n = _i + 1, v;
    for (v = 0; v < 4 + 6; v++) {
        char spec[160], sw[180];
        int cells, dots, lines, border, one_cell;
        mg_game *g, *gs;
        mg_state *s, *ss;
        if (v < 6) { /* square n x (v+1) */
            int r = n, c = v + 1;
            snprintf(spec, sizeof spec, "dots_and_boxes(rows=%d,cols=%d", r, c);
            cells = r * c;
            dots = (r + 1) * (c + 1);
            lines = 2 * r * c + r + c;
            border = 2 * (r + c);
            one_cell = r == 1 && c == 1;
        } else if (v == 6) {
            snprintf(spec, sizeof spec, "dots_and_boxes(grid=triangle,size=%d", n);
            cells = n * n;
            dots = (n + 1) * (n + 2) / 2;
            lines = 3 * n * (n + 1) / 2;
            border = 3 * n;
            one_cell = n == 1;
        } else if (v == 7) {
            snprintf(spec, sizeof spec,
                     "dots_and_boxes(grid=triangle,shape=hexagon,size=%d", n);
            cells = 6 * n * n;
            dots = 3 * n * n + 3 * n + 1;
            lines = 9 * n * n + 3 * n;
            border = 6 * n;
            one_cell = 0;
        } else if (v == 8) {
            snprintf(spec, sizeof spec, "dots_and_boxes(grid=hexagon,size=%d", n);
            cells = 3 * n * n - 3 * n + 1;
            dots = 6 * n * n;
            lines = 9 * n * n - 3 * n;
            border = 12 * n - 6;
            one_cell = n == 1;
        } else {
            continue;
        }
        snprintf(sw, sizeof sw, "%s,border=swedish)", spec);
        strcat(spec, ")");
        s = start(&g, spec);
        ss = start(&gs, sw);
        ck_assert_msg(mg_game_num_actions(g) == lines, "%s lines %d want %d",
                      spec, mg_game_num_actions(g), lines);
        ck_assert_msg(count_dots(s, lines) == dots, "%s dots", spec);
        ck_assert_int_eq(mg_state_playout(s, (uint64_t)n, -1), lines);
        ck_assert_msg(score(s, 0) + score(s, 1) == cells, "%s cells", spec);
        ck_assert_msg((int)n_legal(ss) == (one_cell ? lines : lines - border),
                      "%s border lines", sw);
        done(g, s);
        done(gs, ss);
    }
}
END_TEST

/* Text rendering of a hand-built 1x1 position (exact); at the end the
 * status names the end reason (rules 3.2.3). */
START_TEST(text_rendering)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=1,cols=1)");
    char buf[512];
    play(s, "a1-b1 a2-b2 a1-a2");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_str_eq(buf, "2 +---+\n"
                          "  |\n"
                          "1 +---+\n"
                          "  a   b\n"
                          "A (seat 0): 0  B (seat 1): 0  B to move, 1 line left\n");
    play(s, "b1-b2");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_str_eq(buf, "2 +---+\n"
                          "  | B |\n"
                          "1 +---+\n"
                          "  a   b\n"
                          "A (seat 0): 0  B (seat 1): 1\n"
                          "game over: every line is drawn; seat 1 (B) wins "
                          "1 box to 0 (rules 3.2.3)\n");
    done(g, s);
}
END_TEST

/* Triangle grid text: sheared lattice, diagonal '\' lines, marks inside. */
START_TEST(text_rendering_triangle)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(grid=triangle,size=1)");
    char buf[512];
    play(s, "a1-b1 a1-a2 b1-a2");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL),
                     MG_OK);
    ck_assert_str_eq(buf, "2 +\n"
                          "  |A\\\n"
                          "1 +---+\n"
                          "  a   b\n"
                          "A (seat 0): 1  B (seat 1): 0\n"
                          "game over: every line is drawn; seat 0 (A) wins "
                          "1 box to 0 (rules 3.2.3)\n");
    done(g, s);
}
END_TEST

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (; (hay = strstr(hay, needle)) != NULL; hay++)
        n++;
    return n;
}

START_TEST(svg_rendering)
{
    mg_game *g;
    mg_state *s = start(&g, "dots_and_boxes(rows=2,cols=3,border=swedish)");
    char buf[16384];
    size_t need;
    play(s, "b1-b2 c1-c2 b2-c2"); /* closes the box b1-c2 (§3.3) */
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, buf, sizeof buf, &need),
                     MG_OK);
    ck_assert_uint_eq(need, strlen(buf) + 1);
    ck_assert(strncmp(buf, "<svg ", 5) == 0);
    ck_assert(strcmp(buf + strlen(buf) - 7, "</svg>\n") == 0);
    ck_assert_int_eq(count(buf, "<line "), 17);   /* every line */
    ck_assert_int_eq(count(buf, "<circle "), 12); /* every dot */
    ck_assert_int_eq(count(buf, "<polygon "), 1); /* one claimed box */
    ck_assert_int_eq(count(buf, "class=\"drawn\""), 10 + 3);
    ck_assert_ptr_nonnull(strstr(buf, "<title>b1-b2</title>"));
    done(g, s);
}
END_TEST

/* Equal positions reached by different orders hash equal. */
START_TEST(transpositions_hash_equal)
{
    mg_game *g;
    mg_state *a = start(&g, "dots_and_boxes(rows=2,cols=2)"), *b = NULL;
    ck_assert_int_eq(mg_state_new(&b, g), MG_OK);
    play(a, "a1-b1 c3-c2 a2-a3");
    play(b, "a2-a3 c3-c2 a1-b1");
    ck_assert_uint_eq(mg_state_hash(a), mg_state_hash(b));
    play(a, "b1-c1");
    ck_assert_uint_ne(mg_state_hash(a), mg_state_hash(b));
    mg_state_free(b);
    done(g, a);
}
END_TEST

/* Large boards: the ranges of §3.1 work end to end. */
START_TEST(largest_boards)
{
    const char *specs[] = {
        "dots_and_boxes(rows=32,cols=32,border=swedish)",
        "dots_and_boxes(grid=triangle,size=16,shape=hexagon)",
        "dots_and_boxes(grid=hexagon,size=16)",
    };
    size_t i;
    for (i = 0; i < 3; i++) {
        mg_game *g;
        mg_state *s = start(&g, specs[i]);
        size_t need = 0;
        char *buf;
        int32_t lines = mg_game_num_actions(g);
        ck_assert_int_gt(mg_state_playout(s, 3, -1), 0);
        ck_assert_int_eq(mg_state_is_terminal(s), 1);
        ck_assert_int_le(score(s, 0) + score(s, 1), lines);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, NULL, 0, &need),
                         MG_ENOBUFS);
        buf = malloc(need);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, need, NULL),
                         MG_OK);
        ck_assert_uint_eq(strlen(buf) + 1, need);
        free(buf);
        done(g, s);
    }
}
END_TEST

Suite *mg_dab_suite(void)
{
    Suite *s = suite_create("dots_and_boxes");
    TCase *rules = tcase_create("rules");
    TCase *boards = tcase_create("boards");
    tcase_add_test(rules, move_again_after_one_box);
    tcase_add_test(rules, move_again_after_two_boxes);
    tcase_add_test(rules, no_move_again_on_last_line);
    tcase_add_test(rules, draw_and_misere);
    tcase_add_test(rules, action_ids_and_notation);
    tcase_add_test(rules, index_and_case_in_notation);
    tcase_add_test(rules, swedish_predrawn_lines);
    tcase_add_test(rules, transpositions_hash_equal);
    tcase_add_test(boards, border_move_counts);
    tcase_add_loop_test(boards, board_counts_table, 0, 6);
    tcase_add_test(boards, text_rendering);
    tcase_add_test(boards, text_rendering_triangle);
    tcase_add_test(boards, svg_rendering);
    tcase_add_test(boards, largest_boards);
    tcase_set_timeout(boards, 60);
    suite_add_tcase(s, rules);
    suite_add_tcase(s, boards);
    return s;
}
