/*
 * check_china_games.c - whole games of the China games (doc/rules.md §0,
 * §1.2-§1.5, §2.2-§2.4; sections cited per test): the lengths of games of
 * maximal turns against the class-size tables, the text and SVG
 * renderings along a game, random full games checked step by step against
 * the model of china_test.h and at the end against groups, scores and
 * winners recomputed here, and the Octopuszle board in every role.
 */
#include "china_test.h"

/* ---------------------------------------------------- game lengths */

/* The class-size tables of rules §1.2 and 2.2, by beam count n. */
static const int octo_table[8][8] = {{8},
                                     {8, 8, 8, 4},
                                     {16, 16, 8, 8, 8},
                                     {16, 16, 8, 8, 8, 8, 4, 2},
                                     {16, 16, 8, 8, 8},
                                     {8, 8, 8, 4},
                                     {8},
                                     {1}};
static const int hex_table[6][8] = {{6},       {6, 6, 3}, {12, 6, 2},
                                    {6, 6, 3}, {6},       {1}};

static int ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

/* Turns of a game where every turn places its maximum: each class K
 * needs ceil(|K| / (base - n)) turns, whatever the order of the turns. */
static int table_turns(int octo)
{
    int n, i, turns = 0;
    for (n = 1; n <= (octo ? 8 : 6); n++)
        for (i = 0; i < 8; i++) {
            int size = octo ? octo_table[n - 1][i] : hex_table[n - 1][i];
            if (size)
                turns += ceil_div(size, (octo ? 9 : 7) - n);
        }
    return turns;
}

/* The same count from the board's own classes (keys of this game). */
static int board_turns(const china *t)
{
    int32_t seen[MAXN], ns = 0, i, j, turns = 0;
    for (i = 0; i < t->n; i++) {
        int32_t members[MAXN];
        for (j = 0; j < ns && seen[j] != t->key[i]; j++)
            ;
        if (j < ns)
            continue;
        seen[ns++] = t->key[i];
        turns += ceil_div(cells_with(t, t->key, t->key[i], members),
                          t->base - t->beams[i]);
    }
    return turns;
}

/* Play a game where every turn places its maximum: never `done`, never
 * `swap`.  Every turn places exactly min(base - n, vacant cells of K)
 * stones (rules §1.3.2); turns are counted as changes of the colour to
 * move (no swap: the colour is the seat).  Returns the number of turns. */
static int maximal_game(china *t, uint64_t seed)
{
    int8_t occ[MAXN];
    int turns = 0;
    uint64_t r = seed;
    memset(occ, 0, sizeof occ);
    while (!mg_state_is_terminal(t->s)) {
        int32_t cells[MAXN], n = legal_cells(t, cells), c0, k, vac = 0, i,
                             placed = 0, want;
        int p = player(t);
        MG_REQUIRE(n > 0, "turn %d: no placement", turns);
        c0 = cells[mg_test_rand_below(&r, n)];
        k = t->key[c0];
        if (t->ascending) /* the lowest cell of the class: room for all */
            for (i = 0; i < n; i++)
                if (t->key[cells[i]] == k) {
                    c0 = cells[i];
                    break;
                }
        for (i = 0; i < t->n; i++)
            vac += t->key[i] == k && !occ[i];
        want = min32(t->base - t->beams[c0], vac);
        act(t, c0);
        occ[c0] = 1;
        placed = 1;
        while (player(t) == p) {
            n = legal_cells(t, cells);
            MG_REQUIRE(n > 0, "turn %d: stuck", turns);
            c0 = cells[t->ascending ? 0 : mg_test_rand_below(&r, n)];
            MG_REQUIRE(t->key[c0] == k, "placement outside the class");
            act(t, c0);
            occ[c0] = 1;
            placed++;
        }
        MG_REQUIRE(placed == want, "turn %d placed %d stones, want %d", turns,
                   placed, want);
        turns++;
    }
    return turns;
}

/* rules §1.2: a China Squares game where every turn places its maximum
 * lasts exactly 68 turns; 1.3.2 each turn's quota.  Several boards. */
START_TEST(squares_lasts_68_turns)
{
    uint64_t seed;
    ck_assert_int_eq(table_turns(1), 68);
    for (seed = 1; seed <= 4; seed++) {
        china t;
        char spec[64];
        snprintf(spec, sizeof spec, "china_squares(board=%u)", (unsigned)seed);
        open_spec(&t, spec);
        ck_assert_int_eq(board_turns(&t), 68);
        ck_assert_int_eq(maximal_game(&t, seed), 68);
        restart(&t);
        ck_assert_int_eq(maximal_game(&t, seed + 100), 68);
        close_game(&t);
    }
}
END_TEST

/* rules §2.2, 2.4: the same count for China Grove from the 2.2 table (21
 * turns); with mode=number the kinds are the C(6, n) cells with n exits
 * (2.1: every subset of exits once). */
START_TEST(grove_length_from_table)
{
    int turns = table_turns(0), n, number_turns = 0;
    uint64_t seed;
    ck_assert_int_eq(turns, 21);
    for (n = 1; n <= 6; n++) {
        int choose = 1, i;
        for (i = 0; i < n; i++)
            choose = choose * (6 - i) / (i + 1);
        number_turns += ceil_div(choose, 7 - n);
    }
    for (seed = 1; seed <= 12; seed++) {
        china t;
        char spec[96];
        snprintf(spec, sizeof spec, "china_grove(board=%u%s)", (unsigned)seed,
                 seed % 3 == 0 ? ",order=ascending" : "");
        open_spec(&t, spec);
        ck_assert_int_eq(board_turns(&t), turns);
        MG_REQUIRE(maximal_game(&t, seed) == turns, "%s", spec);
        close_game(&t);
        snprintf(spec, sizeof spec, "china_grove(board=%u,mode=number%s)",
                 (unsigned)seed, seed % 3 == 1 ? ",order=ascending" : "");
        open_spec(&t, spec);
        MG_REQUIRE(maximal_game(&t, seed) == number_turns, "%s", spec);
        close_game(&t);
    }
}
END_TEST

/* -------------------------------------------------- random full games */

/* rules §0 cascade, 2.3.4, 1.3.6 via 2.4, no draw on a full board;
 * every step checked against the model (1.3.2, 1.5, 2.3.2, §0 swap). */
START_TEST(random_games_labyrinth)
{
    int games = mg_test_games(100), i;
    for (i = 0; i < games; i++) {
        static const char *const modes[] = {"pattern", "number"};
        static const char *const orders[] = {"free", "ascending"};
        char spec[128];
        china t;
        snprintf(spec, sizeof spec, "china_tangle(board=%d,mode=%s,order=%s)",
                 i % 25 + 1, modes[i % 2], orders[i / 2 % 2]);
        open_spec(&t, spec);
        model_game(&t, (uint64_t)i + 1);
        restart(&t);
        playout_game(&t, (uint64_t)i + 7);
        close_game(&t);
        snprintf(spec, sizeof spec,
                 "china_grove(board=%d,mode=%s,order=%s,penalty=%d)",
                 i % 25 + 1, modes[i / 4 % 2], orders[i % 2], 2 + 2 * (i % 4));
        open_spec(&t, spec);
        model_game(&t, (uint64_t)i + 1000);
        restart(&t);
        playout_game(&t, (uint64_t)i + 2000);
        close_game(&t);
    }
}
END_TEST

/* ----------------------------------------------------------- rendering */

static char *render(const china *t, int format)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_state_render(t->s, format, NULL, 0, &need), MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_int_eq(mg_state_render(t->s, format, buf, need, NULL), MG_OK);
    ck_assert_uint_eq(strlen(buf) + 1, need);
    return buf;
}

/* Count of `ch` on the cell rows of the text: the lines that begin with
 * a row number (the Octopuszle's beam rows between them draw crossing
 * diagonals as 'X'), before the status lines. */
static int board_chars(const char *text, char ch)
{
    const char *end = strstr(text, "\nWhite (");
    const char *end2 = strstr(text, "\nBlack (");
    int n = 0;
    if (!end || (end2 && end2 < end))
        end = end2;
    ck_assert_ptr_nonnull(end);
    while (text < end) {
        const char *p = text, *eol = strchr(text, '\n');
        while (*p == ' ')
            p++;
        if (isdigit((unsigned char)*p))
            for (; p < eol; p++)
                n += *p == ch;
        text = eol + 1;
    }
    return n;
}

static int count_str(const char *hay, const char *needle)
{
    int n = 0;
    for (; (hay = strstr(hay, needle)) != NULL; hay++)
        n++;
    return n;
}

/* The SVG's marks beyond stones and open cells are not asserted here but
 * noted in `extra` (the first case), for the caller to assert after it
 * has freed everything. */
static void check_marks(const china *t, int white, int black, int midturn,
                        char *extra, size_t cap)
{
    int32_t cells[MAXN], open = midturn ? legal_cells(t, cells) : 0;
    char *text = render(t, MG_RENDER_TEXT), *svg = render(t, MG_RENDER_SVG);
    int n_o = board_chars(text, 'O'), n_x = board_chars(text, 'X'),
        n_star = board_chars(text, '*'), svg_ok, s_o, s_x, s_star, s_all;
    svg_ok =
        !strncmp(svg, "<svg ", 5) && !strcmp(svg + strlen(svg) - 7, "</svg>\n");
    s_o = count_str(svg, "data-mark=\"O\"");
    s_x = count_str(svg, "data-mark=\"X\"");
    s_star = count_str(svg, "data-mark=\"*\"");
    s_all = count_str(svg, "class=\"mark\"");
    free(text); /* before any assertion: no leak when one fails */
    free(svg);
    if (midturn)
        ck_assert_int_gt(open, 0);
    ck_assert_int_eq(n_o, white);
    ck_assert_int_eq(n_x, black);
    ck_assert_int_eq(n_star, open);
    ck_assert(svg_ok);
    ck_assert_int_eq(s_o, white);
    ck_assert_int_eq(s_x, black);
    ck_assert_int_eq(s_star, open);
    if (s_all != white + black + open && !extra[0])
        snprintf(extra, cap,
                 "SVG with %d White, %d Black stones and %d open "
                 "cells has %d marks (class=\"mark\")",
                 white, black, (int)open, s_all);
}

/* Rendering: O White, X Black (the colours of rules §1.3.1, 2.3.1), '*'
 * on the cells still open mid-turn (1.3.2, 2.3.2); SVG: one mark per
 * stone (and open cell), none on a vacant cell. */
START_TEST(rendering)
{
    char extra[256] = "";
    china t;
    int32_t k, members[MAXN], size, i;
    open_spec(&t, "china_tangle(board=2)");
    check_marks(&t, 0, 0, 0, extra, sizeof extra);
    k = find_class(&t, 3, MAXN, 3, 0);
    size = cells_with(&t, t.key, k, members);
    act(&t, members[0]);
    /* mid-turn: the class's other cells are open */
    check_marks(&t, 1, 0, 1, extra, sizeof extra);
    ck_assert_int_eq(legal_cells(&t, members + size), size - 1);
    act(&t, t.done);
    check_marks(&t, 1, 0, 0, extra, sizeof extra);
    act(&t, members[1]); /* Black in the same class */
    check_marks(&t, 1, 1, 1, extra, sizeof extra);
    act(&t, members[2]);
    if (player(&t) == 1) {
        check_marks(&t, 1, 2, 1, extra, sizeof extra);
        act(&t, t.done);
    }
    check_marks(&t, 1, 2, 0, extra, sizeof extra);
    /* the whole game */
    ck_assert_int_gt(mg_state_playout(t.s, 3, -1), 0);
    {
        int8_t colour[MAXN];
        int w = 0;
        colours_from_history(&t, colour);
        for (i = 0; i < t.n; i++)
            w += colour[i] == 0;
        check_marks(&t, w, t.n - w, 0, extra, sizeof extra);
    }
    close_game(&t);
    /* one mark per stone (and open cell), nothing on vacant cells */
    ck_assert_msg(extra[0] == '\0', "%s", extra);
}
END_TEST

/* ---------------------------------------------------------- Octopuszle */

/* The Octopuszle board of seed 1 in the four roles of rules §1.2-1.5: a
 * handful of hand-built positions (diagonal connections, cross-cuts). */
START_TEST(octopuszle_positions)
{
    mg_board *b = octo_board(1);
    char extra[256] = "";
    china t;
    int32_t i, x, y, cut[4] = {-1, -1, -1, -1}, two = 2;
    int p, found;

    /* 1.3.2: follow-ups stay in the class; `done` only on the first turn */
    open_board(&t, "china_squares", b);
    ck_assert_int_eq(t.maximal, 1);
    check_names(&t); /* §0: columns past z are aa, ab, ... */
    for (i = 0; i < t.n; i += 17)
        if (turn_goes_on(&t, i))
            check_followups(&t, i);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
    for (i = 0; i < t.n && !turn_goes_on(&t, i); i++)
        ;
    act(&t, i); /* the first turn may stop after one stone */
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 1);
    act(&t, t.done);
    ck_assert_int_eq(player(&t), 1);
    for (i = 0; i < t.n && !turn_goes_on(&t, i); i++)
        ;
    act(&t, i); /* a later turn may not */
    ck_assert_int_eq(player(&t), 1);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
    ck_assert_int_eq(mg_state_apply(t.s, t.done), MG_EILLEGAL);
    close_game(&t);

    /* 1.3.6: two stones of one class, diagonally adjacent: one group */
    for (p = 2; p <= 8; p += 6) {
        char spec[64];
        int32_t ones[2] = {1, 1};
        snprintf(spec, sizeof spec, "china_squares(penalty=%d)", p);
        open_board(&t, spec, b);
        ck_assert(pair_position(&t, 1, 1));
        ck_assert_int_eq(score(&t, 0), 2 - p);
        expect_groups(&t, 0, &two, 1);
        restart(&t);
        ck_assert(pair_position(&t, 0, 0));
        ck_assert_int_eq(score(&t, 0), 2 - 2 * p);
        expect_groups(&t, 0, ones, 2);
        close_game(&t);
    }

    /* 1.3.4 / 1.4: a diagonal cross-cut in China Octangle, one stone per
     * turn: White on one diagonal of a 2x2 block, Black on the other */
    open_board(&t, "china_octangle", b);
    for (i = 0, found = 0; i < t.n && !found; i++) {
        int32_t r, u, ru;
        mg_board_cell_position(t.b, i, &x, &y);
        r = mg_board_cell_at(t.b, x + 1, y);
        u = mg_board_cell_at(t.b, x, y + 1);
        ru = mg_board_cell_at(t.b, x + 1, y + 1);
        if (r >= 0 && u >= 0 && ru >= 0) {
            cut[0] = i;  /* White */
            cut[1] = r;  /* Black */
            cut[2] = ru; /* White */
            cut[3] = u;  /* Black */
            found = 1;
        }
    }
    ck_assert(found);
    for (i = 0; i < 4; i++) {
        ck_assert_int_eq(player(&t), i % 2);
        act(&t, cut[i]);
        if (player(&t) == i % 2)
            act(&t, t.done);
    }
    expect_groups(&t, 0, &two, 1);
    expect_groups(&t, 1, &two, 1);
    ck_assert_int_eq(score(&t, 0), 2);
    ck_assert_int_eq(score(&t, 1), 2);
    /* rendering (§0 colours, 1.3.2 open cells) on the Octopuszle */
    check_marks(&t, 2, 2, 0, extra, sizeof extra);
    for (i = 0; i < t.n && !turn_goes_on(&t, i); i++)
        ;
    ck_assert_int_lt(i, t.n);
    act(&t, i);
    check_marks(&t, 3, 2, 1, extra, sizeof extra);
    close_game(&t);

    /* 1.4 number mode on the Octopuszle: C(8, n) cells with n beams */
    check_number_mode("china_octangle", "china_octangle(mode=number)", b);

    /* 1.2: a Squares game of maximal turns on this board lasts 68 turns,
     * also with order=ascending (1.5) */
    open_board(&t, "china_squares(order=ascending)", b);
    ck_assert_int_eq(maximal_game(&t, 11), 68);
    close_game(&t);
    mg_board_free(b);
    /* one SVG mark per stone and open cell */
    ck_assert_msg(extra[0] == '\0', "%s", extra);
}
END_TEST

/* Random full games on one Octopuszle board: every step against the
 * model (1.3.2, 1.4, 1.5, §0 swap), the end against our own groups,
 * scores (1.3.6) and cascade (§0); never a draw (1.3.6, 1.4). */
START_TEST(octopuszle_random_games)
{
    mg_board *b = octo_board(2);
    int games = mg_test_games(100) / 4, i;
    if (games < 2)
        games = 2;
    for (i = 0; i < games; i++) {
        char spec[128];
        china t;
        snprintf(spec, sizeof spec, "china_squares(penalty=%d,order=%s)",
                 2 + 2 * (i % 4), i % 2 ? "ascending" : "free");
        open_board(&t, spec, b);
        model_game(&t, (uint64_t)i + 31);
        restart(&t);
        playout_game(&t, (uint64_t)i + 57);
        close_game(&t);
        snprintf(spec, sizeof spec, "china_octangle(mode=%s,order=%s)",
                 i % 2 ? "number" : "pattern",
                 i / 2 % 2 ? "ascending" : "free");
        open_board(&t, spec, b);
        model_game(&t, (uint64_t)i + 77);
        restart(&t);
        playout_game(&t, (uint64_t)i + 99);
        close_game(&t);
    }
    mg_board_free(b);
}
END_TEST

Suite *mg_china_games_suite(void)
{
    Suite *s = suite_create("china_games");
    TCase *rules = tcase_create("rules");
    TCase *games = tcase_create("games");
    TCase *octo = tcase_create("octopuszle");
    tcase_add_test(rules, rendering);
    tcase_add_test(games, grove_length_from_table);
    tcase_add_test(games, random_games_labyrinth);
    tcase_add_test(octo, squares_lasts_68_turns);
    tcase_add_test(octo, octopuszle_positions);
    tcase_add_test(octo, octopuszle_random_games);
    tcase_set_timeout(rules, 60);
    tcase_set_timeout(games, 120);
    tcase_set_timeout(octo, 600);
    suite_add_tcase(s, rules);
    suite_add_tcase(s, games);
    suite_add_tcase(s, octo);
    return s;
}
