/*
 * check_solver_values.c - the solver's values against published and
 * cross-checked ones (Dots and Boxes, rules §3; values for the player to
 * move, here the first player on an empty board).
 *
 * Published:
 * - 2 x 2 boxes: +2 (the first player wins 3-1); every first line on the
 *   outside wins by 2, every inner line only ties (Berlekamp, Conway and
 *   Guy, Winning Ways vol. 2 ch. 16, as quoted on puzzling.stackexchange
 *   "Optimal play for 2 by 2 Dots and Boxes").
 * - 3 x 3: -3, and every first line scores -3 (David Wilson,
 *   "Dots-and-Boxes Analysis Results", wilson.engr.wisc.edu/boxes/
 *   results.shtml; Medworth, dotsandboxes.tex, "3x3 dots-and-boxes").
 *   Berlekamp's "The Dots-and-Boxes Game" p. 9 shows a win by 1 for the
 *   second player; Wilson notes the second player should win by 3.
 * - 3 x 5: -1, 4 x 4: 0 (Wilson, same page), 4 x 5: 0 (Barker and Korf,
 *   "Solving Dots-And-Boxes", AAAI 2012, and AAAI 2011's abstract).  These
 *   take minutes: run with MG_SOLVER_SLOW=1 (make bench-solver does).
 * - 5 x 5: not used.  Two unreviewed claims disagree (a littlegolem.net
 *   forum post of 2017: a first-player win; a dotclash.com blog: a
 *   second-player win), and neither gives a margin.
 * - Berlekamp's book problems (e.g. 12.15, a 5 x 5 position with a unique
 *   winning move found with Wilson's solver) are not encoded: their
 *   diagrams are not available to us as text.
 * Not published: the other boards' values below were computed by an
 * independent throwaway solver (alpha-beta with and without the capture
 * reduction, cross-checked by plain minimax on the small ones) for this
 * library's boards; they stand as regression values, nothing more.
 * Simple loony endgames: Buzzard and Ciere, INTEGERS 14 (2014) G08,
 * extended to short chains and 3-loops; Medworth's eval.rs tests
 * (a closed n-chain -n, two n-chains 4 - 2n); Buzzard's "Simple loony
 * endgames" (littlegolem, 2007) for 3+5+Q+Q.
 */
#include "solver_test.h"

#include <stdlib.h>

#define MB ((size_t)1 << 20)

static int32_t solve_start(const char *spec, const char *moves, size_t mb)
{
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    int32_t v = 0, a;
    char err[256];
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    if (moves)
        play_text(s, moves);
    ck_assert_int_eq(mg_solver_new(&sv, g, mb * MB, err, sizeof err), MG_OK);
    ck_assert_msg(mg_solver_solve(sv, s, 0, 0, &v, &a, NULL) == MG_OK,
                  "%s: not solved", spec);
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
    return v;
}

typedef struct known {
    const char *spec;
    int32_t value;
    int heavy; /* over 0.1 s: left out when scaled down (sv_light) */
} known;

#define DAB(x) "dots_and_boxes(" x ")"

/* Small boards: published (2 x 2, 3 x 3) and cross-checked ones. */
static const known boards[] = {
    {DAB("rows=2,cols=2"), 2, 0},   /* Winning Ways */
    {DAB("rows=3,cols=3"), -3, 0},  /* Wilson */
    {DAB("rows=1,cols=1"), -1, 0},
    {DAB("rows=1,cols=2"), 0, 0},
    {DAB("rows=1,cols=5"), -1, 0},
    {DAB("rows=1,cols=6"), 0, 0},
    {DAB("rows=2,cols=3"), -2, 0},
    {DAB("rows=2,cols=4"), 2, 0},
    {DAB("rows=2,cols=5"), -2, 1},
    {DAB("rows=3,cols=4"), 0, 1},
    {DAB("rows=1,cols=4,border=swedish"), 4, 0},
    {DAB("rows=2,cols=2,border=swedish"), -4, 0},
    {DAB("rows=2,cols=3,border=swedish"), 6, 0},
    {DAB("rows=2,cols=6,border=swedish"), -4, 0},
    {DAB("rows=3,cols=3,border=swedish"), 7, 0},
    {DAB("rows=3,cols=5,border=swedish"), 5, 0},
    {DAB("rows=4,cols=4,border=swedish"), 0, 0},
    {DAB("rows=4,cols=5,border=swedish"), 0, 1},
    {DAB("rows=1,cols=4,border=icelandic"), 2, 0},
    {DAB("rows=2,cols=3,border=icelandic"), 4, 0},
    {DAB("rows=3,cols=3,border=icelandic"), -1, 0},
    {DAB("rows=2,cols=6,border=icelandic"), 2, 0},
    {DAB("rows=3,cols=4,border=icelandic"), 4, 0},
    {DAB("rows=1,cols=3,misere=true"), 3, 0},
    {DAB("rows=2,cols=2,misere=true"), -2, 0},
    {DAB("rows=2,cols=3,misere=true"), 2, 0},
    {DAB("rows=2,cols=4,misere=true"), 0, 1},
    {DAB("rows=3,cols=3,misere=true"), -1, 1},
    {DAB("rows=2,cols=2,border=swedish,misere=true"), -4, 0},
    {DAB("rows=3,cols=3,border=swedish,misere=true"), 3, 0},
    {DAB("rows=3,cols=4,border=swedish,misere=true"), 2, 0},
    {DAB("rows=3,cols=3,border=icelandic,misere=true"), 1, 0},
    {DAB("rows=2,cols=4,border=icelandic,misere=true"), 2, 0},
    {DAB("grid=triangle,size=1"), 1, 0},
    {DAB("grid=triangle,size=2"), -2, 0},
    {DAB("grid=triangle,size=3"), -3, 0},
    {DAB("grid=triangle,size=4"), -2, 0},
    {DAB("grid=triangle,size=3,border=swedish"), -3, 0},
    {DAB("grid=triangle,size=4,border=swedish"), -8, 0},
    {DAB("grid=triangle,size=1,shape=hexagon"), 2, 0},
    {DAB("grid=triangle,size=1,shape=hexagon,border=swedish"), -6, 0},
    {DAB("grid=triangle,size=2,misere=true"), 2, 0},
    {DAB("grid=triangle,size=3,misere=true"), -1, 0},
    {DAB("grid=triangle,size=4,border=swedish,misere=true"), 2, 0},
    {DAB("grid=triangle,size=1,shape=hexagon,misere=true"), 2, 0},
    {DAB("grid=hexagon,size=1"), -1, 0},
    {DAB("grid=hexagon,size=2"), -3, 1},
    {DAB("grid=hexagon,size=2,border=swedish"), 3, 0},
    {DAB("grid=hexagon,size=2,misere=true"), 3, 0},
    {DAB("grid=hexagon,size=2,border=swedish,misere=true"), 3, 1},
};

START_TEST(known_boards)
{
    int32_t v;
    if (boards[_i].heavy && sv_light())
        return;
    v = solve_start(boards[_i].spec, NULL, 32);
    ck_assert_msg(v == boards[_i].value, "%s: %d, expected %d",
                  boards[_i].spec, (int)v, (int)boards[_i].value);
}
END_TEST

/* The first lines of 2 x 2 (Winning Ways: outside +2, inside 0) and of
 * 3 x 3 (Wilson: all -3). */
START_TEST(first_lines)
{
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    int32_t vals[64], acts[64];
    size_t n, i;
    char err[256];
    MG_GAME(g, _i ? DAB("rows=3,cols=3") : DAB("rows=2,cols=2"));
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_solver_new(&sv, g, 32 * MB, err, sizeof err), MG_OK);
    ck_assert_int_eq(mg_solver_values(sv, s, 0, 0, vals, 64, &n), MG_OK);
    mg_state_legal_actions(s, acts, 64, &n);
    for (i = 0; i < n; i++) {
        int32_t from, to, nb[2];
        size_t k;
        mg_game_action_sites(g, acts[i], &from, &to);
        mg_game_site_neighbors(g, to, nb, 2, &k); /* its boxes */
        if (_i)
            ck_assert_int_eq(vals[i], -3);
        else
            ck_assert_int_eq(vals[i], k == 1 ? 2 : 0);
    }
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Minutes each; MG_SOLVER_SLOW=1 runs them (make bench-solver). */
static const known slow_boards[] = {
    {DAB("rows=4,cols=4"), 0, 0},  /* Wilson */
    {DAB("rows=3,cols=5"), -1, 0}, /* Wilson */
    {DAB("rows=4,cols=5"), 0, 0},  /* Barker and Korf */
};

START_TEST(published_slow)
{
    const char *e = getenv("MG_SOLVER_SLOW");
    if (!e || atoi(e) <= 0)
        return; /* see the file's comment */
    ck_assert_int_eq(solve_start(slow_boards[_i].spec, NULL, 2048),
                     slow_boards[_i].value);
}
END_TEST

/* ------------------------------------------------- simple loony endgames */

/* A position where only `undrawn` (notation) is left undrawn. */
static mg_state *only_undrawn(const mg_game *g, const char *undrawn)
{
    mg_state *s, *probe;
    int32_t acts[256], keep[64];
    size_t n, i, nk = 0;
    char tok[32], err[128];
    const char *p = undrawn;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&probe, g), MG_OK);
    while (*p) {
        size_t k = 0;
        while (*p == ' ')
            p++;
        while (p[k] && p[k] != ' ')
            k++;
        if (!k)
            break;
        memcpy(tok, p, k);
        tok[k] = '\0';
        p += k;
        ck_assert_int_eq(mg_state_action_from_string(probe, tok, &keep[nk++],
                                                     err, sizeof err),
                         MG_OK);
    }
    mg_state_free(probe);
    mg_state_legal_actions(s, acts, 256, &n);
    for (i = 0; i < n; i++) {
        size_t j;
        int skip = 0;
        for (j = 0; j < nk; j++)
            skip |= acts[i] == keep[j];
        if (!skip)
            ck_assert_int_eq(mg_state_apply(s, acts[i]), MG_OK);
    }
    return s;
}

typedef struct endgame {
    const char *board, *undrawn, *what;
    int32_t value; /* for the player to move: -(the controller's) */
} endgame;

#define LOOP01 "b1-b2 b2-b3 a2-b2 b2-c2 " /* a 4-loop, boxes a1 b1 a2 b2 */

static const endgame endgames[] = {
    {DAB("rows=1,cols=3"), "a1-a2 b1-b2 c1-c2 d1-d2", "3-chain", -3},
    {DAB("rows=1,cols=7"), "a1-a2 b1-b2 c1-c2 d1-d2 e1-e2 f1-f2 g1-g2 h1-h2",
     "7-chain (Medworth: -n)", -7},
    {DAB("rows=2,cols=2"), LOOP01, "4-loop", -4},
    {DAB("rows=2,cols=4"), LOOP01 "d1-d2 d2-d3 c2-d2 d2-e2",
     "two 4-loops (Medworth: drawn)", 0},
    {DAB("rows=2,cols=5"), LOOP01 "c1-d1 d1-d2 e1-e2 f1-f2",
     "3-chain + 4-loop", -1},
    {DAB("rows=2,cols=3"), LOOP01 "c1-d1 d1-d2", "1-chain + 4-loop", 3},
    {DAB("rows=2,cols=4"), LOOP01 "c1-d1 d1-d2 e1-e2", "2-chain + 4-loop", 2},
    {DAB("rows=2,cols=5"),
     LOOP01 "c1-d1 d1-d2 e1-e2 f1-f2 c3-d3 d2-d3 e2-e3 f2-f3",
     "3-chain + 3-chain + 4-loop", -2},
    {DAB("rows=2,cols=4"),
     "a1-a2 b1-b2 c1-c2 d1-d2 e1-e2 a2-a3 b2-b3 c2-c3 d2-d3 e2-e3",
     "two 4-chains (Medworth: 4 - 2n)", -4},
    {DAB("rows=2,cols=6"),
     "a1-a2 b1-b2 c1-c2 d1-d2 e1-e2 f1-f2 g1-g2 a2-a3 b2-b3 c2-c3 d2-d3 "
     "e2-e3 f2-f3 g2-g3",
     "two 6-chains (Medworth: 4 - 2n)", -8},
    {DAB("rows=2,cols=1"), "a1-a2 b1-b2 a2-a3 b2-b3",
     "two 1-chains (Medworth: 0)", 0},
};

START_TEST(loony_endgames)
{
    const endgame *eg = &endgames[_i];
    mg_game *g;
    mg_state *s;
    mg_solver *sv;
    bf_ctx c;
    int32_t v, a;
    char err[256];
    MG_GAME(g, eg->board);
    s = only_undrawn(g, eg->undrawn);
    ck_assert_int_eq(mg_solver_new(&sv, g, 4 * MB, err, sizeof err), MG_OK);
    ck_assert_int_eq(mg_solver_solve(sv, s, 0, 0, &v, &a, NULL), MG_OK);
    ck_assert_msg(v == eg->value, "%s: %d, expected %d", eg->what, (int)v,
                  (int)eg->value);
    bf_init(&c, eg->board, (size_t)1 << 16);
    ck_assert_int_eq(bf_value(&c, s), eg->value);
    bf_free(&c);
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Rules §3 sanity: a single cell of k sides is +1 for odd k, -1 for even
 * k; a Swedish 1 x n strip is an opened chain, +n. */
START_TEST(anchors)
{
    ck_assert_int_eq(solve_start(DAB("rows=1,cols=1"), NULL, 1), -1);
    ck_assert_int_eq(solve_start(DAB("grid=triangle,size=1"), NULL, 1), 1);
    ck_assert_int_eq(solve_start(DAB("grid=hexagon,size=1"), NULL, 1), -1);
    ck_assert_int_eq(solve_start(DAB("rows=1,cols=6,border=swedish"), NULL, 1),
                     6);
}
END_TEST

Suite *mg_solver_values_suite(void)
{
    Suite *s = suite_create("solver_values");
    TCase *tc = tcase_create("solver_values");
    tcase_set_timeout(tc, 3600);
    tcase_add_loop_test(tc, known_boards, 0,
                        (int)(sizeof boards / sizeof boards[0]));
    tcase_add_loop_test(tc, first_lines, 0, 2);
    tcase_add_loop_test(tc, published_slow, 0,
                        (int)(sizeof slow_boards / sizeof slow_boards[0]));
    tcase_add_loop_test(tc, loony_endgames, 0,
                        (int)(sizeof endgames / sizeof endgames[0]));
    tcase_add_test(tc, anchors);
    suite_add_tcase(s, tc);
    return s;
}
