/*
 * check_reasons_dab.c - mg_state_illegal_reason and mg_state_end_reason
 * for Dots and Boxes (doc/rules.md §3): hand-built positions, one for each
 * way a DRAW can be refused (the line drawn already, rules 3.2.1; drawn
 * before the game by the border, rules 3.3) on the square, triangle and
 * hexagon grids with every border and in misere, with the exact expected
 * line; how games end (rules 3.2.3, 3.2.4); and random games checked
 * against a model of the board written here from §3.1 and §3.3.
 */
#include "tests.h"
#include "reasons_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SWEDISH                                                               \
    ": that line is part of the Swedish border (the board's outline), "       \
    "drawn before the game; only inner lines are played (rules 3.3)"
#define ICELANDIC                                                             \
    ": that line is part of the Icelandic border (the left and bottom "      \
    "edges), drawn before the game; only the other lines are played "        \
    "(rules 3.3)"
#define BY_A ": that line is already drawn, by seat 0 (A) (rules 3.2.1)"
#define BY_B ": that line is already drawn, by seat 1 (B) (rules 3.2.1)"

/* A legal action has no reason: MG_OK and "". */
START_TEST(legal_has_no_reason)
{
    rt_first_legal_has_no_reason("dots_and_boxes(rows=2,cols=2)");
}
END_TEST

/* rules 3.2.1: a move draws a line not drawn yet; the reason names who
 * drew it, in the rendering's letters, also after a finished box (rules
 * 3.2.2: the mover moves again) and with the dots in the other order. */
START_TEST(square_drawn_by_whom)
{
    mg_game *g = rt_game("dots_and_boxes(rows=2,cols=2)");
    mg_state *s = rt_state(g);
    rt_play(s, "a1-b1");
    rt_expect_text(s, "a1-b1", MG_EILLEGAL, "a1-b1" BY_A);
    rt_expect_text(s, "b1-a1", MG_EILLEGAL, "a1-b1" BY_A);
    rt_play(s, "b1-b2");
    rt_expect_text(s, "b1-b2", MG_EILLEGAL, "b1-b2" BY_B);
    rt_play(s, "a1-a2 a2-b2"); /* B's a2-b2 finishes box a1: B again */
    rt_expect_text(s, "a2-b2", MG_EILLEGAL, "a2-b2" BY_B);
    rt_expect_text(s, "a1-a2", MG_EILLEGAL, "a1-a2" BY_A);
    rt_expect_text(s, "a2-a3", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules 3.3: border=swedish draws every border line before the game, on
 * the square grid and in misere (rules 3.2.4 changes nothing here). */
START_TEST(square_swedish)
{
    static const char *const specs[2] = {
        "dots_and_boxes(rows=2,cols=2,border=swedish)",
        "dots_and_boxes(rows=2,cols=2,border=swedish,misere=true)"};
    int i;
    for (i = 0; i < 2; i++) {
        mg_game *g = rt_game(specs[i]);
        mg_state *s = rt_state(g);
        rt_expect_text(s, "a1-b1", MG_EILLEGAL, "a1-b1" SWEDISH);
        rt_expect_text(s, "c3-c2", MG_EILLEGAL, "c2-c3" SWEDISH);
        rt_expect_text(s, "a2-a3", MG_EILLEGAL, "a2-a3" SWEDISH);
        rt_expect_text(s, "b1-b2", MG_OK, "");
        rt_play(s, "b1-b2 a2-b2");
        rt_expect_text(s, "b1-b2", MG_EILLEGAL, "b1-b2" BY_A);
        rt_expect_text(s, "a2-b2", MG_EILLEGAL, "a2-b2" BY_B);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

/* rules 3.3: border=icelandic draws the left (x = 0) and bottom (y = 0)
 * border lines only; the right and top ones are played. */
START_TEST(square_icelandic)
{
    mg_game *g = rt_game("dots_and_boxes(rows=2,cols=2,border=icelandic)");
    mg_state *s = rt_state(g);
    rt_expect_text(s, "a1-b1", MG_EILLEGAL, "a1-b1" ICELANDIC);
    rt_expect_text(s, "b1-c1", MG_EILLEGAL, "b1-c1" ICELANDIC);
    rt_expect_text(s, "a2-a3", MG_EILLEGAL, "a2-a3" ICELANDIC);
    rt_expect_text(s, "c1-c2", MG_OK, "");
    rt_expect_text(s, "a3-b3", MG_OK, "");
    rt_play(s, "c1-c2");
    rt_expect_text(s, "c1-c2", MG_EILLEGAL, "c1-c2" BY_A);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules 3.1 and 3.3 on the triangle grid: the outline of the large
 * triangle (and of the hexagon shape) is the Swedish border; a board of
 * one cell keeps its sides undrawn (rules 3.3, decided). */
START_TEST(triangle_grid)
{
    mg_game *g = rt_game("dots_and_boxes(grid=triangle,size=2)");
    mg_state *s = rt_state(g);
    rt_play(s, "a1-b1 b1-a2");
    rt_expect_text(s, "a1-b1", MG_EILLEGAL, "a1-b1" BY_A);
    rt_expect_text(s, "a2-b1", MG_EILLEGAL, "b1-a2" BY_B);
    mg_state_free(s);
    mg_game_free(g);

    g = rt_game("dots_and_boxes(grid=triangle,size=2,border=swedish)");
    s = rt_state(g);
    rt_expect_text(s, "c1-b2", MG_EILLEGAL, "c1-b2" SWEDISH);
    rt_expect_text(s, "a2-a3", MG_EILLEGAL, "a2-a3" SWEDISH);
    rt_expect_text(s, "b1-c1", MG_EILLEGAL, "b1-c1" SWEDISH);
    rt_play(s, "b1-a2");
    rt_expect_text(s, "b1-a2", MG_EILLEGAL, "b1-a2" BY_A);
    rt_expect_text(s, "a2-b2", MG_OK, "");
    mg_state_free(s);
    mg_game_free(g);

    g = rt_game("dots_and_boxes(grid=triangle,size=1,shape=hexagon,"
                "border=swedish,misere=true)");
    s = rt_state(g);
    rt_expect_text(s, "b1-c1", MG_EILLEGAL, "b1-c1" SWEDISH);
    rt_expect_text(s, "c2-b3", MG_EILLEGAL, "c2-b3" SWEDISH);
    rt_play(s, "b2-c2");
    rt_expect_text(s, "c2-b2", MG_EILLEGAL, "b2-c2" BY_A);
    mg_state_free(s);
    mg_game_free(g);

    g = rt_game("dots_and_boxes(grid=triangle,size=1,border=swedish)");
    s = rt_state(g);
    rt_expect_text(s, "a1-b1", MG_OK, ""); /* the one cell: not drawn */
    rt_play(s, "a1-b1");
    rt_expect_text(s, "a1-b1", MG_EILLEGAL, "a1-b1" BY_A);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules 3.1 and 3.3 on the honeycomb: the outline is the Swedish border;
 * with none, every line is played. */
START_TEST(hexagon_grid)
{
    mg_game *g = rt_game("dots_and_boxes(grid=hexagon,size=2,border=swedish)");
    mg_state *s = rt_state(g);
    rt_expect_text(s, "a2-a3", MG_EILLEGAL, "a2-a3" SWEDISH);
    rt_expect_text(s, "b1-c1", MG_EILLEGAL, "b1-c1" SWEDISH);
    rt_expect_text(s, "f4-e4", MG_EILLEGAL, "e4-f4" SWEDISH);
    rt_play(s, "d1-d2 c2-c3");
    rt_expect_text(s, "d1-d2", MG_EILLEGAL, "d1-d2" BY_A);
    rt_expect_text(s, "c2-c3", MG_EILLEGAL, "c2-c3" BY_B);
    mg_state_free(s);
    mg_game_free(g);

    g = rt_game("dots_and_boxes(grid=hexagon,size=2,misere=true)");
    s = rt_state(g);
    rt_expect_text(s, "a2-a3", MG_OK, "");
    rt_play(s, "a2-a3");
    rt_expect_text(s, "a2-a3", MG_EILLEGAL, "a2-a3" BY_A);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Whole games on the 2 x 2 board (rules 3.2.2, 3.2.3).  A_ALL_FOUR: the
 * outline but b3-c3, then B's b1-b2 leaves three sides of a1 and b1, and
 * A finishes a1, b1, a2 and b2 in turn.  TWO_EACH: A finishes a1 and b1,
 * must then draw b3-c3, and B's b2-b3 finishes a2 and b2. */
#define A_ALL_FOUR                                                            \
    "a1-b1 a1-a2 b1-c1 c1-c2 a2-a3 a3-b3 c2-c3 b1-b2 a2-b2 b2-c2 b2-b3 "   \
    "b3-c3"
#define TWO_EACH                                                              \
    "a1-b1 a1-a2 b1-c1 c1-c2 a2-a3 a3-b3 c2-c3 a2-b2 b1-b2 b2-c2 b3-c3 "   \
    "b2-b3"

START_TEST(end_win_loss_draw)
{
    mg_game *g = rt_game("dots_and_boxes(rows=2,cols=2)");
    mg_state *s = rt_state(g);
    char buf[1024];
    /* a win for seat 0: B draws b1-b2, A finishes a1, b1, a2, b2 */
    rt_play(s, A_ALL_FOUR);
    rt_expect_end(s, "every line is drawn; seat 0 (A) wins 4 boxes to 0 "
                     "(rules 3.2.3)");
    rt_expect_text(s, "a1-b1", MG_EOVER,
                   "a1-b1: the game is over: every line is drawn; seat 0 "
                   "(A) wins 4 boxes to 0 (rules 3.2.3)");
    /* the renderings' status names the end reason */
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf,
                                     NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "A (seat 0): 4  B (seat 1): 0\n"
                                      "game over: every line is drawn; seat "
                                      "0 (A) wins 4 boxes to 0 (rules "
                                      "3.2.3)\n"));
    mg_state_free(s);

    /* a draw, 2 boxes each */
    s = rt_state(g);
    rt_play(s, TWO_EACH);
    rt_expect_end(s, "every line is drawn; draw, 2 boxes each (rules 3.2.3)");
    mg_state_free(s);
    mg_game_free(g);

    /* a loss for seat 0, by one box: "1 box", not "1 boxes" */
    g = rt_game("dots_and_boxes(rows=1,cols=1)");
    s = rt_state(g);
    rt_play(s, "a1-b1 a2-b2 a1-a2 b1-b2");
    rt_expect_end(s, "every line is drawn; seat 1 (B) wins 1 box to 0 "
                     "(rules 3.2.3)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* rules 3.2.4: in misere the fewer boxes win, equal numbers still draw;
 * the SVG status says so too. */
START_TEST(end_misere)
{
    mg_game *g = rt_game("dots_and_boxes(rows=2,cols=2,misere=true)");
    mg_state *s = rt_state(g);
    char buf[16384];
    rt_play(s, A_ALL_FOUR);
    rt_expect_end(s, "every line is drawn; seat 1 (B) wins 0 boxes to 4; in "
                     "misere the fewer boxes win (rules 3.2.4)");
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, buf, sizeof buf,
                                     NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(buf, "misere the fewer boxes win"));
    ck_assert_ptr_null(strstr(buf, "1 boxes"));
    mg_state_free(s);
    s = rt_state(g);
    rt_play(s, TWO_EACH);
    rt_expect_end(s, "every line is drawn; draw, 2 boxes each; equal numbers "
                     "draw in misere too (rules 3.2.4)");
    mg_state_free(s);
    mg_game_free(g);

    g = rt_game("dots_and_boxes(rows=1,cols=1,misere=true)");
    s = rt_state(g);
    rt_play(s, "a1-b1 a2-b2 a1-a2 b1-b2");
    rt_expect_end(s, "every line is drawn; seat 0 (A) wins 0 boxes to 1; in "
                     "misere the fewer boxes win (rules 3.2.4)");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ the
 * model of random games (rules 3.1 to 3.3), written from doc/rules.md
 * only: the cells of each grid as sets of dots in the coordinates of
 * §3.1, a line's cells those holding both its dots (the notation names
 * its dots, §0 and §3.4), a border line a side of one cell only; the
 * lines the border draws before the game (§3.3); who drew each line,
 * the boxes and the turn (§3.2) from the moves the test makes. */

enum { M_SQUARE, M_TRIANGLE, M_HEXAGON };
enum { B_NONE, B_SWEDISH, B_ICELANDIC };

typedef struct model_spec {
    const char *spec;
    int grid, rows, cols, size, hex_shape, border, misere;
} model_spec;

static const model_spec model_specs[] = {
    {"dots_and_boxes(rows=3,cols=3)", M_SQUARE, 3, 3, 0, 0, B_NONE, 0},
    {"dots_and_boxes(rows=2,cols=3,border=swedish)", M_SQUARE, 2, 3, 0, 0,
     B_SWEDISH, 0},
    {"dots_and_boxes(rows=3,cols=2,border=icelandic,misere=true)", M_SQUARE,
     3, 2, 0, 0, B_ICELANDIC, 1},
    {"dots_and_boxes(rows=1,cols=1,border=swedish)", M_SQUARE, 1, 1, 0, 0,
     B_SWEDISH, 0},
    {"dots_and_boxes(rows=1,cols=3,border=swedish,misere=true)", M_SQUARE, 1,
     3, 0, 0, B_SWEDISH, 1},
    {"dots_and_boxes(grid=triangle,size=2)", M_TRIANGLE, 0, 0, 2, 0, B_NONE,
     0},
    {"dots_and_boxes(grid=triangle,size=3,border=swedish,misere=true)",
     M_TRIANGLE, 0, 0, 3, 0, B_SWEDISH, 1},
    {"dots_and_boxes(grid=triangle,size=1,border=swedish)", M_TRIANGLE, 0, 0,
     1, 0, B_SWEDISH, 0},
    {"dots_and_boxes(grid=triangle,size=1,shape=hexagon,border=swedish)",
     M_TRIANGLE, 0, 0, 1, 1, B_SWEDISH, 0},
    {"dots_and_boxes(grid=hexagon,size=2,border=swedish)", M_HEXAGON, 0, 0,
     2, 0, B_SWEDISH, 0},
    {"dots_and_boxes(grid=hexagon,size=1,border=swedish)", M_HEXAGON, 0, 0,
     1, 0, B_SWEDISH, 0},
    {"dots_and_boxes(grid=hexagon,size=2,misere=true)", M_HEXAGON, 0, 0, 2,
     0, B_NONE, 1},
};
#define N_MODEL_SPECS ((int)(sizeof model_specs / sizeof model_specs[0]))

#define M_CELLS 64
#define M_LINES 256

typedef struct model_board {
    int ncells, ndots[M_CELLS];
    int x[M_CELLS][6], y[M_CELLS][6]; /* the cells' dots, §3.1 */
    int minx, miny;                   /* the names count from these (§0) */
} model_board;

/* Is (q, r) a dot of the triangle grid (§3.1)? */
static int tri_dot(const model_spec *m, int q, int r)
{
    int n = m->size;
    if (m->hex_shape)
        return abs(q) <= n && abs(r) <= n && abs(q + r) <= n;
    return q >= 0 && r >= 0 && q + r <= n;
}

static void add_cell(model_board *b, int n, const int *xy)
{
    int k, c = b->ncells++;
    ck_assert_int_lt(c, M_CELLS);
    b->ndots[c] = n;
    for (k = 0; k < n; k++) {
        b->x[c][k] = xy[2 * k];
        b->y[c][k] = xy[2 * k + 1];
        if (b->x[c][k] < b->minx)
            b->minx = b->x[c][k];
        if (b->y[c][k] < b->miny)
            b->miny = b->y[c][k];
    }
}

static void build_cells(const model_spec *m, model_board *b)
{
    int x, y, n = m->size;
    b->ncells = 0;
    b->minx = b->miny = 1000;
    if (m->grid == M_SQUARE) {
        for (y = 0; y < m->rows; y++)
            for (x = 0; x < m->cols; x++) {
                int xy[8] = {x, y, x + 1, y, x, y + 1, x + 1, y + 1};
                add_cell(b, 4, xy);
            }
    } else if (m->grid == M_TRIANGLE) {
        for (y = -n; y <= n; y++)
            for (x = -n; x <= n; x++) {
                int t1[6] = {x, y, x + 1, y, x, y + 1};
                int t2[6] = {x + 1, y, x + 1, y + 1, x, y + 1};
                if (tri_dot(m, x, y) && tri_dot(m, x + 1, y) &&
                    tri_dot(m, x, y + 1))
                    add_cell(b, 3, t1);
                if (tri_dot(m, x + 1, y) && tri_dot(m, x + 1, y + 1) &&
                    tri_dot(m, x, y + 1))
                    add_cell(b, 3, t2);
            }
    } else {
        for (y = -(n - 1); y <= n - 1; y++) /* r */
            for (x = -(n - 1); x <= n - 1; x++) { /* q */
                int X = 2 * x + y, Y = y;
                int xy[12] = {X, Y, X + 1, Y, X + 2, Y,
                              X, Y + 1, X + 1, Y + 1, X + 2, Y + 1};
                if (abs(x + y) <= n - 1)
                    add_cell(b, 6, xy);
            }
    }
}

/* A dot's name ("b3") in the coordinates of §3.1; single letters do on
 * these boards. */
static void parse_dot(const model_board *b, const char **p, int *x, int *y)
{
    int v = 0;
    ck_assert(**p >= 'a' && **p <= 'z');
    *x = *(*p)++ - 'a' + b->minx;
    while (**p >= '0' && **p <= '9')
        v = 10 * v + *(*p)++ - '0';
    *y = v - 1 + b->miny;
}

static int cell_has(const model_board *b, int c, int x, int y)
{
    int k;
    for (k = 0; k < b->ndots[c]; k++)
        if (b->x[c][k] == x && b->y[c][k] == y)
            return 1;
    return 0;
}

typedef struct model {
    const model_spec *m;
    model_board b;
    int32_t nlines;
    char name[M_LINES][16];
    int ncl[M_LINES], cl[M_LINES][2]; /* a line's cells */
    int sides[M_CELLS];               /* a cell's lines */
    int before[M_LINES];              /* drawn before the game (§3.3) */
} model;

static void build_model(model *md, const model_spec *m, const mg_state *s)
{
    int32_t l;
    int c;
    md->m = m;
    build_cells(m, &md->b);
    md->nlines = mg_game_num_actions(mg_state_game(s));
    ck_assert_int_le(md->nlines, M_LINES);
    memset(md->sides, 0, sizeof md->sides);
    for (l = 0; l < md->nlines; l++) {
        const char *p = md->name[l];
        int x1, y1, x2, y2;
        ck_assert_int_eq(mg_state_action_to_string(s, l, md->name[l],
                                                   sizeof md->name[l], NULL),
                         MG_OK);
        parse_dot(&md->b, &p, &x1, &y1);
        ck_assert_int_eq(*p++, '-');
        parse_dot(&md->b, &p, &x2, &y2);
        md->ncl[l] = 0;
        for (c = 0; c < md->b.ncells; c++)
            if (cell_has(&md->b, c, x1, y1) && cell_has(&md->b, c, x2, y2)) {
                ck_assert_int_lt(md->ncl[l], 2);
                md->cl[l][md->ncl[l]++] = c;
                md->sides[c]++;
            }
        ck_assert_msg(md->ncl[l] > 0, "%s borders no cell", md->name[l]);
        x1 -= md->b.minx;
        x2 -= md->b.minx;
        y1 -= md->b.miny;
        y2 -= md->b.miny;
        if (m->border == B_SWEDISH) /* not on a board of one cell */
            md->before[l] = md->ncl[l] == 1 && md->b.ncells > 1;
        else if (m->border == B_ICELANDIC) /* left and bottom */
            md->before[l] = (x1 == 0 && x2 == 0) || (y1 == 0 && y2 == 0);
        else
            md->before[l] = 0;
    }
}

/* mg_state_illegal_reason(s, l) is code and exactly want (no ck_assert
 * in the loops: see check_reasons.c). */
static void model_expect(const mg_state *s, int32_t l, int code,
                         const char *want)
{
    char buf[1024];
    size_t needed = 0;
    int rc = mg_state_illegal_reason(s, l, buf, sizeof buf, &needed);
    if (rc != code || strcmp(buf, want) != 0 || needed != strlen(want) + 1)
        ck_abort_msg("line %d: %d \"%s\", want %d \"%s\"", (int)l, rc, buf,
                     code, want);
}

/* The end of §3.2.3 and §3.2.4 in the reasons' words. */
static void model_end(const model *md, const int *score, char *out,
                      size_t cap)
{
    int a = score[0], b = score[1];
    if (a == b)
        snprintf(out, cap, "every line is drawn; draw, %d box%s each%s", a,
                 a == 1 ? "" : "es",
                 md->m->misere ? "; equal numbers draw in misere too "
                                 "(rules 3.2.4)"
                               : " (rules 3.2.3)");
    else {
        int w = (a > b) != (md->m->misere != 0) ? 0 : 1;
        snprintf(out, cap, "every line is drawn; seat %d (%c) wins %d box%s "
                 "to %d%s", w, "AB"[w], score[w], score[w] == 1 ? "" : "es",
                 score[1 - w],
                 md->m->misere ? "; in misere the fewer boxes win (rules "
                                 "3.2.4)"
                               : " (rules 3.2.3)");
    }
}

/* Random games: every line's reason at every position is the model's:
 * none for an undrawn line, the border's for a line drawn before the
 * game, "already drawn, by" its drawer otherwise; the turn, the end and
 * the reasons once over too. */
START_TEST(random_games_match_model)
{
    const model_spec *m = &model_specs[_i];
    mg_game *g = rt_game(m->spec);
    static model md;
    uint64_t rng = 0x9e3779b97f4a7c15ull * (uint64_t)(_i + 1);
    int game;
    {
        mg_state *s0 = rt_state(g);
        build_model(&md, m, s0);
        mg_state_free(s0);
    }
    for (game = 0; game < 6; game++) {
        mg_state *s = rt_state(g);
        int by[M_LINES], drawn_sides[M_CELLS], score[2] = {0, 0};
        int turn = 0, left = 0, k;
        int32_t l;
        char want[1024], end[512];
        memset(drawn_sides, 0, sizeof drawn_sides);
        for (l = 0; l < md.nlines; l++) {
            by[l] = md.before[l] ? 2 : -1;
            left += !md.before[l];
            for (k = 0; md.before[l] && k < md.ncl[l]; k++)
                drawn_sides[md.cl[l][k]]++;
        }
        while (left > 0) {
            int finished = 0, pick;
            for (l = 0; l < md.nlines; l++) {
                if (by[l] < 0) {
                    model_expect(s, l, MG_OK, "");
                    continue;
                }
                snprintf(want, sizeof want, "%s%s", md.name[l],
                         by[l] == 2 ? (m->border == B_ICELANDIC ? ICELANDIC
                                                                : SWEDISH)
                         : by[l] == 0 ? BY_A
                                      : BY_B);
                model_expect(s, l, MG_EILLEGAL, want);
            }
            if (mg_state_current_player(s) != turn)
                ck_abort_msg("%s: seat %d moves, want %d", m->spec,
                             mg_state_current_player(s), turn);
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            pick = (int)((rng >> 33) % (uint64_t)left);
            for (l = 0; by[l] >= 0 || pick-- > 0; l++)
                ;
            if (mg_state_apply(s, l) != MG_OK)
                ck_abort_msg("%s: %s refused", m->spec, md.name[l]);
            by[l] = turn;
            left--;
            for (k = 0; k < md.ncl[l]; k++) {
                int c = md.cl[l][k];
                if (++drawn_sides[c] == md.sides[c]) {
                    score[turn]++;
                    finished = 1;
                }
            }
            if (!finished)
                turn = 1 - turn;
        }
        model_end(&md, score, end, sizeof end);
        rt_expect_end(s, end);
        for (l = 0; l < md.nlines; l++) {
            snprintf(want, sizeof want, "%s: the game is over: %s",
                     md.name[l], end);
            model_expect(s, l, MG_EOVER, want);
        }
        mg_state_free(s);
    }
    mg_game_free(g);
}
END_TEST

Suite *mg_reasons_dab_suite(void)
{
    Suite *su = suite_create("reasons_dab");
    TCase *tc = tcase_create("reasons");
    TCase *model = tcase_create("model");
    tcase_add_test(tc, legal_has_no_reason);
    tcase_add_test(tc, square_drawn_by_whom);
    tcase_add_test(tc, square_swedish);
    tcase_add_test(tc, square_icelandic);
    tcase_add_test(tc, triangle_grid);
    tcase_add_test(tc, hexagon_grid);
    tcase_add_test(tc, end_win_loss_draw);
    tcase_add_test(tc, end_misere);
    suite_add_tcase(su, tc);
    tcase_add_loop_test(model, random_games_match_model, 0, N_MODEL_SPECS);
    tcase_set_timeout(model, 60);
    suite_add_tcase(su, model);
    return su;
}
