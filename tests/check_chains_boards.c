/*
 * check_chains_boards.c - Chains of Thought on its ten boards
 * (doc/rules.md §0, §5; sections cited per test): the options and
 * canonical specs; every board against a construction written here
 * (points, order, adjacency, degree histograms, the drawn geometry);
 * Ludii's site order pinned by a few points of each board; every action
 * id's notation, printed and parsed back; and random games on every board
 * checked action by action against a model of the rules written here
 * (plain flood fills and a brute-force step: make it, count again), with
 * each option and each removal (removal=ludii on all ten boards), Ludii's
 * scores against the result, playouts that end, and bots' games.
 */
#include "chains_test.h"
#include "test_rng.h"

/* ------------------------------------------------- boards built here */

typedef struct tgeo {
    int P;
    int deg[CT_MAXP];
    int nb[CT_MAXP][CT_MAXD];
    double x[CT_MAXP], y[CT_MAXP];
} tgeo;

static void link_pair(tgeo *t, int a, int b)
{
    t->nb[a][t->deg[a]++] = b;
}

/* Hexagon of side n, axial (q, r), bottom row first (rules §5.1, §0). */
static void geo_hex(tgeo *t, int n)
{
    int q, r, i, j;
    memset(t, 0, sizeof *t);
    for (r = 1 - n; r <= n - 1; r++)
        for (q = 1 - n; q <= n - 1; q++)
            if (q + r >= 1 - n && q + r <= n - 1) {
                t->x[t->P] = q;
                t->y[t->P] = r;
                t->P++;
            }
    for (i = 0; i < t->P; i++)
        for (j = 0; j < t->P; j++) {
            int dq = (int)(t->x[j] - t->x[i]), dr = (int)(t->y[j] - t->y[i]);
            if ((dq == 1 && dr == 0) || (dq == -1 && dr == 0) ||
                (dq == 0 && dr == 1) || (dq == 0 && dr == -1) ||
                (dq == 1 && dr == -1) || (dq == -1 && dr == 1))
                link_pair(t, i, j);
        }
}

/* n x n, eight neighbours. */
static void geo_square(tgeo *t, int n)
{
    int i, j;
    memset(t, 0, sizeof *t);
    t->P = n * n;
    for (i = 0; i < t->P; i++) {
        t->x[i] = i % n;
        t->y[i] = i / n;
    }
    for (i = 0; i < t->P; i++)
        for (j = 0; j < t->P; j++) {
            int dx = i % n - j % n, dy = i / n - j / n;
            if (i != j && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
                link_pair(t, i, j);
        }
}

/* Ludii's (tiling T33434 n) rotated by 135 degrees (rules §5.1): reference
 * points h(c - r, r + c), h = (1 + sqrt 3) / 2, each with 14 offsets made
 * of 1/2 and sqrt(3)/2; points closer than 0.1 merged; the rotation about
 * the centre of the bounding box; unit-length edges.  Sorted here by rows
 * of equal y (to 1e-6), bottom first, then by x. */
static int cmp_pt(const tgeo *t, int a, int b)
{
    double dy = t->y[a] - t->y[b];
    if (dy < -1e-6 || dy > 1e-6)
        return dy < 0 ? -1 : 1;
    return t->x[a] < t->x[b] ? -1 : t->x[a] > t->x[b];
}

static void geo_trisquare(tgeo *t, int n)
{
    const double s3 = 1.7320508075688772935, u2 = 0.5, u3 = s3 / 2;
    const double h = (1 + s3) / 2, c45 = 0.70710678118654752440;
    const double off[14][2] = {
        {-u2, -u2 - u3}, {u2, -u2 - u3}, {-u2 - u3, -u3}, {u2 + u3, -u3},
        {0, -u2},        {-2 * u2 - u3, 0}, {-u3, 0},     {u3, 0},
        {2 * u2 + u3, 0}, {0, u2},       {-u2 - u3, u3},  {u2 + u3, u3},
        {-u2, u2 + u3},  {u2, u2 + u3}};
    static tgeo tmp;
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9, cx, cy;
    int r, c, k, i, j;
    memset(&tmp, 0, sizeof tmp);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++)
            for (k = 0; k < 14; k++) {
                double px = h * (c - r) + off[k][0], py = h * (r + c) + off[k][1];
                for (i = 0; i < tmp.P; i++)
                    if ((tmp.x[i] - px) * (tmp.x[i] - px) +
                            (tmp.y[i] - py) * (tmp.y[i] - py) <
                        0.01)
                        break;
                if (i == tmp.P) {
                    tmp.x[tmp.P] = px;
                    tmp.y[tmp.P] = py;
                    tmp.P++;
                }
            }
    for (i = 0; i < tmp.P; i++) {
        x0 = tmp.x[i] < x0 ? tmp.x[i] : x0;
        x1 = tmp.x[i] > x1 ? tmp.x[i] : x1;
        y0 = tmp.y[i] < y0 ? tmp.y[i] : y0;
        y1 = tmp.y[i] > y1 ? tmp.y[i] : y1;
    }
    cx = (x0 + x1) / 2;
    cy = (y0 + y1) / 2;
    for (i = 0; i < tmp.P; i++) {
        double dx = tmp.x[i] - cx, dy = tmp.y[i] - cy;
        tmp.x[i] = cx - c45 * dx - c45 * dy;
        tmp.y[i] = cy - c45 * dy + c45 * dx;
    }
    /* selection sort into t: small, and obviously right */
    memset(t, 0, sizeof *t);
    {
        static int used[CT_MAXP];
        memset(used, 0, sizeof used);
        for (k = 0; k < tmp.P; k++) {
            int best = -1;
            for (i = 0; i < tmp.P; i++)
                if (!used[i] && (best < 0 || cmp_pt(&tmp, i, best) < 0))
                    best = i;
            used[best] = 1;
            t->x[k] = tmp.x[best];
            t->y[k] = tmp.y[best];
        }
    }
    t->P = tmp.P;
    for (i = 0; i < t->P; i++)
        for (j = 0; j < t->P; j++) {
            double d2 = (t->x[i] - t->x[j]) * (t->x[i] - t->x[j]) +
                        (t->y[i] - t->y[j]) * (t->y[i] - t->y[j]);
            if (i != j && d2 > 0.99 * 0.99 && d2 < 1.01 * 1.01)
                link_pair(t, i, j);
        }
}

static double fabs_(double v)
{
    return v < 0 ? -v : v;
}

static int t_adjacent(const tgeo *t, int a, int b)
{
    int k;
    for (k = 0; k < t->deg[a]; k++)
        if (t->nb[a][k] == b)
            return 1;
    return 0;
}

static const struct board_case {
    const char *name;
    int kind, n; /* 0 hex, 1 square, 2 trisquare */
    int P, D;
    int hist[9]; /* points by degree */
} boards[] = {
    {"hex4", 0, 4, 37, 6, {0, 0, 0, 6, 12, 0, 19, 0, 0}},
    {"hex7", 0, 7, 127, 6, {0, 0, 0, 6, 30, 0, 91, 0, 0}},
    {"hex11", 0, 11, 331, 6, {0, 0, 0, 6, 54, 0, 271, 0, 0}},
    {"square6", 1, 6, 36, 8, {0, 0, 0, 4, 0, 16, 0, 0, 16}},
    {"square9", 1, 9, 81, 8, {0, 0, 0, 4, 0, 28, 0, 0, 49}},
    {"square13", 1, 13, 169, 8, {0, 0, 0, 4, 0, 44, 0, 0, 121}},
    {"square19", 1, 19, 361, 8, {0, 0, 0, 4, 0, 68, 0, 0, 289}},
    {"trisquare4", 2, 4, 98, 5, {0, 0, 0, 22, 12, 64, 0, 0, 0}},
    {"trisquare6", 2, 6, 194, 5, {0, 0, 0, 30, 20, 144, 0, 0, 0}},
    {"trisquare8", 2, 8, 322, 5, {0, 0, 0, 38, 28, 256, 0, 0, 0}},
};
#define N_BOARDS ((int)(sizeof boards / sizeof boards[0]))

static void geo_of(tgeo *t, const struct board_case *b)
{
    if (b->kind == 0)
        geo_hex(t, b->n);
    else if (b->kind == 1)
        geo_square(t, b->n);
    else
        geo_trisquare(t, b->n);
}

/* The library's neighbour of f in slot k, read off the notation of the
 * step id P + f*D + k ("d4-e5", or "d4-slot5" for a slot f lacks): the
 * point index, or -1. */
static int lib_neighbour(const mg_state *s, int P, int D, int f, int k)
{
    char nm[64], err[128];
    const char *dash;
    int32_t t = -1;
    ck_assert_int_eq(mg_state_action_to_string(s, P + f * D + k, nm,
                                               sizeof nm, NULL),
                     MG_OK);
    dash = strchr(nm, '-');
    ck_assert_ptr_nonnull(dash);
    if (strncmp(dash + 1, "slot", 4) == 0)
        return -1;
    ck_assert_int_eq(mg_state_action_from_string(s, dash + 1, &t, err,
                                                 sizeof err),
                     MG_OK);
    ck_assert_int_lt(t, P);
    return t;
}

/* ---------------------------------------------------------- options */

static void check_spec(const char *in, const char *want)
{
    mg_game *g, *g2;
    char buf[512];
    MG_GAME(g, in);
    spec_of(g, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    MG_GAME(g2, buf);
    spec_of(g2, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    mg_game_free(g2);
    mg_game_free(g);
}

/* §5 options, §0 spec strings: the defaults, every value, canonical. */
START_TEST(options_and_canonical_spec)
{
    static const char *const dflt =
        "chains_of_thought(board=hex4,goal=largest,placement=sum_equal,"
        "movement=merge_except_largest,removal=adjacent)";
    int i;
    check_spec("chains_of_thought", dflt);
    check_spec("chains_of_thought()", dflt);
    check_spec("Chains_Of_Thought( BOARD = Hex4 )", dflt);
    check_spec("chains_of_thought(removal=Ludii)",
               "chains_of_thought(board=hex4,goal=largest,placement=sum_equal,"
               "movement=merge_except_largest,removal=ludii)");
    check_spec("chains_of_thought(removal=ludii,board=trisquare6,"
               "goal=stalemate)",
               "chains_of_thought(board=trisquare6,goal=stalemate,"
               "placement=sum_equal,movement=merge_except_largest,"
               "removal=ludii)");
    check_spec("chains_of_thought(removal=none,movement=must_merge,"
               "placement=not_self_adjacent,goal=stalemate,board=trisquare8)",
               "chains_of_thought(board=trisquare8,goal=stalemate,"
               "placement=not_self_adjacent,movement=must_merge,removal=none)");
    for (i = 0; i < N_BOARDS; i++) {
        char in[128], want[256];
        mg_game *g;
        snprintf(in, sizeof in, "chains_of_thought(board=%s)", boards[i].name);
        snprintf(want, sizeof want,
                 "chains_of_thought(board=%s,goal=largest,placement=sum_equal,"
                 "movement=merge_except_largest,removal=adjacent)",
                 boards[i].name);
        check_spec(in, want);
        /* §5.3: PLACE(s) = s, STEP(f, slot) = P + f*D + slot */
        MG_GAME(g, in);
        ck_assert_int_eq(mg_game_num_actions(g),
                         boards[i].P + boards[i].P * boards[i].D);
        ck_assert_int_eq(mg_game_max_legal_actions(g),
                         boards[i].P * boards[i].D);
        ck_assert_str_eq(mg_game_id(g), "chains_of_thought");
        mg_game_free(g);
    }
}
END_TEST

START_TEST(option_refusals)
{
    static const struct {
        const char *spec;
        int rc;
    } bad[] = {
        {"chains_of_thought(board=hex5)", MG_EVALUE},
        {"chains_of_thought(board=square)", MG_EVALUE},
        {"chains_of_thought(board=4)", MG_EVALUE},
        {"chains_of_thought(goal=most)", MG_EVALUE},
        {"chains_of_thought(placement=anywhere)", MG_EVALUE},
        {"chains_of_thought(movement=free)", MG_EVALUE},
        {"chains_of_thought(removal=all)", MG_EVALUE},
        {"chains_of_thought(size=4)", MG_EOPTION},
        {"chains_of_thought(board=hex4,board=hex7)", MG_EOPTION},
        {"chains_of_thought(board=hex4", MG_ESYNTAX},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mg_game *g = (mg_game *)1;
        char err[256] = "";
        int rc = mg_game_new(&g, bad[i].spec, err, sizeof err);
        ck_assert_msg(rc == bad[i].rc, "%s: got %d (%s), want %d",
                      bad[i].spec, rc, err, bad[i].rc);
        ck_assert_ptr_null(g);
        ck_assert_msg(err[0] != '\0', "%s: no message", bad[i].spec);
    }
}
END_TEST

/* ----------------------------------------------------------- boards */

/* §5.1: point counts, degree histograms and the adjacency itself, against
 * the boards built here, for all ten boards; adjacency is symmetric. */
START_TEST(board_points_and_adjacency)
{
    static tgeo t;
    const struct board_case *bc = &boards[_i];
    char spec[128];
    mg_game *g;
    mg_state *s;
    int hist[9] = {0}, f, k, d, P;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
    s = start(&g, spec);
    geo_of(&t, bc);
    ck_assert_int_eq(t.P, bc->P);
    P = bc->P;
    ck_assert_int_eq(mg_game_num_actions(g), P + P * bc->D);
    for (f = 0; f < P; f++) {
        int deg = 0;
        for (k = 0; k < bc->D; k++) {
            int to = lib_neighbour(s, P, bc->D, f, k), j, back = 0;
            if (to < 0)
                continue;
            deg++;
            ck_assert_msg(t_adjacent(&t, f, to),
                          "%s: #%d-#%d is not an edge here", bc->name, f, to);
            for (j = 0; j < bc->D; j++)
                back |= lib_neighbour(s, P, bc->D, to, j) == f;
            ck_assert_msg(back, "%s: #%d-#%d one way only", bc->name, f, to);
        }
        ck_assert_msg(deg == t.deg[f], "%s #%d: degree %d, here %d", bc->name,
                      f, deg, t.deg[f]);
        hist[deg]++;
    }
    for (d = 0; d < 9; d++)
        ck_assert_msg(hist[d] == bc->hist[d], "%s: %d points of degree %d, "
                      "want %d", bc->name, hist[d], d, bc->hist[d]);
    done(g, s);
}
END_TEST

/* §0, §5.1, §5.3: indices bottom row first, left to right; names from the
 * minimum column and row; #index everywhere; trisquare names are #index. */
START_TEST(point_order_and_names)
{
    mg_game *g;
    mg_state *s = start(&g, "chains_of_thought");
    char nm[32], err[160];
    int32_t a;
    /* hex4: bottom row r = -3 holds q = 0..3, columns d..g */
    ck_assert_int_eq(parse(s, "d1"), 0);
    ck_assert_int_eq(parse(s, "g1"), 3);
    ck_assert_int_eq(parse(s, "c2"), 4);
    ck_assert_int_eq(parse(s, "a4"), 15);
    ck_assert_int_eq(parse(s, "d4"), 18); /* the centre */
    ck_assert_int_eq(parse(s, "a7"), 33);
    ck_assert_int_eq(parse(s, "d7"), 36);
    ck_assert_int_eq(parse(s, "D4"), 18);
    ck_assert_int_eq(parse(s, "#18"), 18);
    ck_assert_int_eq(parse(s, " #36 "), 36);
    mg_state_action_to_string(s, 18, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "d4");
    /* hex slots E NE NW W SW SE (rules §0): d4 -> e4 is slot 0 */
    ck_assert_int_eq(parse(s, "d4-e4"), 37 + 18 * 6 + 0);
    ck_assert_int_eq(parse(s, "d4-d5"), 37 + 18 * 6 + 1);
    ck_assert_int_eq(parse(s, "d4-c5"), 37 + 18 * 6 + 2);
    ck_assert_int_eq(parse(s, "d4-c4"), 37 + 18 * 6 + 3);
    ck_assert_int_eq(parse(s, "d4-d3"), 37 + 18 * 6 + 4);
    ck_assert_int_eq(parse(s, "d4-e3"), 37 + 18 * 6 + 5);
    ck_assert_int_eq(parse(s, "#18-#19"), parse(s, "d4-e4"));
    mg_state_action_to_string(s, 37 + 0 * 6 + 3, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "d1-slot3"); /* d1 has no west neighbour */
    ck_assert_int_eq(parse(s, "D1-SLOT3"), 37 + 3);
    /* points that do not exist */
    ck_assert_int_eq(mg_state_action_from_string(s, "a1", &a, err, sizeof err),
                     MG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err, "a1"));
    ck_assert_int_eq(mg_state_action_from_string(s, "h4", &a, err, sizeof err),
                     MG_ERANGE);
    ck_assert_int_eq(mg_state_action_from_string(s, "#37", &a, err, sizeof err),
                     MG_ERANGE);
    done(g, s);

    s = start(&g, "chains_of_thought(board=square6)");
    ck_assert_int_eq(parse(s, "a1"), 0);
    ck_assert_int_eq(parse(s, "f1"), 5);
    ck_assert_int_eq(parse(s, "a2"), 6);
    ck_assert_int_eq(parse(s, "f6"), 35);
    /* square slots E NE N NW W SW S SE */
    ck_assert_int_eq(parse(s, "b2-c3"), 36 + 7 * 8 + 1);
    ck_assert_int_eq(parse(s, "b2-a1"), 36 + 7 * 8 + 5);
    done(g, s);

    s = start(&g, "chains_of_thought(board=trisquare4)");
    mg_state_action_to_string(s, 0, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "#0");
    mg_state_action_to_string(s, 97, nm, sizeof nm, NULL);
    ck_assert_str_eq(nm, "#97");
    ck_assert_int_eq(parse(s, "#97"), 97);
    ck_assert_int_eq(mg_state_action_from_string(s, "a1", &a, err, sizeof err),
                     MG_ERANGE);
    ck_assert_ptr_nonnull(strstr(err, "#0..#97"));
    ck_assert_int_eq(mg_state_action_from_string(s, "#98", &a, err, sizeof err),
                     MG_ERANGE);
    done(g, s);
}
END_TEST

/* §5.1: on every board the SVG draws each point where its coordinates put
 * it: indices rise along rows (one pixel tolerance), rows upwards, and one
 * line per edge. */
START_TEST(drawn_geometry)
{
    static char svg[600000];
    static tgeo t;
    const struct board_case *bc = &boards[_i];
    char spec[128];
    mg_game *g;
    mg_state *s;
    const char *p;
    int i, prevx = -1, prevy = 1 << 30, lines = 0, edges = 0;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
    s = start(&g, spec);
    geo_of(&t, bc);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg, NULL),
                     MG_OK);
    p = svg;
    for (i = 0; i < bc->P; i++) {
        int x, y;
        p = strstr(p, "<circle class=\"point\"");
        ck_assert_ptr_nonnull(p);
        ck_assert_int_eq(sscanf(p, "<circle class=\"point\" cx=\"%d\" cy=\"%d\"",
                                &x, &y),
                         2);
        if (y < prevy - 1) { /* a new row, higher up */
            prevx = -1;
        } else {
            ck_assert_msg(y <= prevy + 1 && x > prevx,
                          "%s #%d at (%d,%d) after (%d,%d)", bc->name, i, x, y,
                          prevx, prevy);
        }
        prevx = x;
        prevy = y;
        p++;
    }
    for (p = svg; (p = strstr(p, "<line ")) != NULL; p++)
        lines++;
    for (i = 0; i < t.P; i++)
        edges += t.deg[i];
    ck_assert_int_eq(lines, edges / 2);
    done(g, s);
}
END_TEST

/* §5.1 point order = Ludii's site order, pinned on every board by a few
 * points with Ludii's own coordinates (y up; float32 in Ludii), the
 * library's name, drawing position (SVG body pixels) and neighbours.  The
 * coordinates come from a re-implementation of Ludii's board code:
 * Chains of Thought.lud lines 249-258 (the boards: (square n), (tri
 * Hexagon n), (renumber (rotate 135 (tiling T33434 n)))), line 183
 * (use:Vertex), RectangleOnSquare.eval() lines 78-79 and 140,
 * HexagonOnTri.eval() lines 73-75 and 128, Tiling33434.eval() lines
 * 108-118 and 132-135, Rotate.eval() line 70, Renumber.eval() line 88,
 * Graph.reorder() (sorted by y * 100 + x), Board.createTopology() (graph
 * vertex i = site i).  Positions are compared as offsets from the
 * board's site 0, y flipped. */
static const struct pin {
    int board, index;
    const char *name;
    double lx, ly; /* Ludii */
    int px, py;    /* the library's drawing */
    int nn, nb[8];
} pins[] = {
    /* hex4 */
    {0, 0, "d1", 0.000000, 0.000000, 90, 238, 3, {1, 4, 5}},
    {0, 1, "e1", 1.000000, 0.000000, 130, 238, 4, {0, 2, 5, 6}},
    {0, 18, "d4", 1.500000, 2.598076, 150, 134, 6, {11, 12, 17, 19, 24, 25}},
    {0, 35, "c7", 2.000000, 5.196152, 170, 30, 4, {30, 31, 34, 36}},
    {0, 36, "d7", 3.000000, 5.196152, 210, 30, 3, {31, 32, 35}},
    /* hex7 */
    {1, 0, "g1", 0.000000, 0.000000, 150, 446, 3, {1, 7, 8}},
    {1, 1, "h1", 1.000000, 0.000000, 190, 446, 4, {0, 2, 8, 9}},
    {1, 63, "g7", 3.000000, 5.196152, 270, 238, 6, {50, 51, 62, 64, 75, 76}},
    {1, 125, "f13", 5.000000, 10.392305, 350, 30, 4, {117, 118, 124, 126}},
    {1, 126, "g13", 6.000000, 10.392305, 390, 30, 3, {118, 119, 125}},
    /* hex11 */
    {2, 0, "k1", 0.000000, 0.000000, 230, 723, 3, {1, 11, 12}},
    {2, 1, "l1", 1.000000, 0.000000, 270, 723, 4, {0, 2, 12, 13}},
    {2, 165, "k11", 5.000000, 8.660254, 430, 376, 6,
     {144, 145, 164, 166, 185, 186}},
    {2, 329, "j21", 9.000000, 17.320508, 590, 30, 4, {317, 318, 328, 330}},
    {2, 330, "k21", 10.000000, 17.320508, 630, 30, 3, {318, 319, 329}},
    /* square6 */
    {3, 0, "a1", 0.000000, 0.000000, 30, 230, 3, {1, 6, 7}},
    {3, 1, "b1", 1.000000, 0.000000, 70, 230, 5, {0, 2, 6, 7, 8}},
    {3, 18, "a4", 0.000000, 3.000000, 30, 110, 5, {12, 13, 19, 24, 25}},
    {3, 34, "e6", 4.000000, 5.000000, 190, 30, 5, {27, 28, 29, 33, 35}},
    {3, 35, "f6", 5.000000, 5.000000, 230, 30, 3, {28, 29, 34}},
    /* square9 */
    {4, 0, "a1", 0.000000, 0.000000, 30, 350, 3, {1, 9, 10}},
    {4, 1, "b1", 1.000000, 0.000000, 70, 350, 5, {0, 2, 9, 10, 11}},
    {4, 40, "e5", 4.000000, 4.000000, 190, 190, 8,
     {30, 31, 32, 39, 41, 48, 49, 50}},
    {4, 79, "h9", 7.000000, 8.000000, 310, 30, 5, {69, 70, 71, 78, 80}},
    {4, 80, "i9", 8.000000, 8.000000, 350, 30, 3, {70, 71, 79}},
    /* square13 */
    {5, 0, "a1", 0.000000, 0.000000, 30, 510, 3, {1, 13, 14}},
    {5, 1, "b1", 1.000000, 0.000000, 70, 510, 5, {0, 2, 13, 14, 15}},
    {5, 84, "g7", 6.000000, 6.000000, 270, 270, 8,
     {70, 71, 72, 83, 85, 96, 97, 98}},
    {5, 167, "l13", 11.000000, 12.000000, 470, 30, 5,
     {153, 154, 155, 166, 168}},
    {5, 168, "m13", 12.000000, 12.000000, 510, 30, 3, {154, 155, 167}},
    /* square19 */
    {6, 0, "a1", 0.000000, 0.000000, 30, 750, 3, {1, 19, 20}},
    {6, 1, "b1", 1.000000, 0.000000, 70, 750, 5, {0, 2, 19, 20, 21}},
    {6, 180, "j10", 9.000000, 9.000000, 390, 390, 8,
     {160, 161, 162, 179, 181, 198, 199, 200}},
    {6, 359, "r19", 17.000000, 18.000000, 710, 30, 5,
     {339, 340, 341, 358, 360}},
    {6, 360, "s19", 18.000000, 18.000000, 750, 30, 3, {340, 341, 359}},
    /* trisquare4 */
    {7, 0, "#0", -2.544224, -0.378000, 107, 388, 3, {4, 5, 10}},
    {7, 1, "#1", -0.612372, -0.378000, 185, 388, 3, {5, 6, 11}},
    {7, 4, "#4", -3.510150, -0.119181, 69, 378, 3, {0, 9, 14}},
    {7, 49, "#49", -4.217257, 4.451629, 40, 195, 4, {39, 44, 54, 59}},
    {7, 96, "#96", 0.612372, 8.574152, 234, 30, 3, {86, 91, 92}},
    {7, 97, "#97", 2.544224, 8.574152, 311, 30, 3, {87, 92, 93}},
    /* trisquare6 */
    {8, 0, "#0", -4.476076, 0.422200, 107, 543, 3, {6, 7, 14}},
    {8, 1, "#1", -2.544224, 0.422199, 185, 543, 3, {7, 8, 15}},
    {8, 6, "#6", -5.442002, 0.681019, 69, 532, 3, {0, 13, 20}},
    {8, 97, "#97", -6.149109, 7.183680, 40, 272, 4, {83, 90, 104, 111}},
    {8, 192, "#192", 2.544224, 13.238054, 388, 30, 3, {178, 185, 186}},
    {8, 193, "#193", 4.476076, 13.238054, 465, 30, 3, {179, 186, 187}},
    /* trisquare8 */
    {9, 0, "#0", -6.407927, 1.222399, 107, 697, 3, {8, 9, 18}},
    {9, 1, "#1", -4.476075, 1.222399, 185, 697, 3, {9, 10, 19}},
    {9, 8, "#8", -7.373853, 1.481218, 69, 687, 3, {0, 17, 26}},
    {9, 161, "#161", -8.080960, 9.915731, 40, 349, 4, {143, 152, 170, 179}},
    {9, 320, "#320", 4.476076, 17.901957, 543, 30, 3, {302, 311, 312}},
    {9, 321, "#321", 6.407927, 17.901957, 620, 30, 3, {303, 312, 313}},
};
#define N_PINS ((int)(sizeof pins / sizeof pins[0]))

START_TEST(ludii_point_order)
{
    static char svg[600000];
    int i;
    for (i = 0; i < N_PINS; i++) {
        const struct pin *pn = &pins[i], *p0 = pn;
        const struct board_case *bc = &boards[pn->board];
        char spec[128], nm[32];
        mg_game *g;
        mg_state *s;
        int32_t nb[8];
        size_t cnt = 0, k;
        double x, y, x0, y0, cx, cy;
        const char *q = svg;
        while (p0 > pins && (p0 - 1)->board == pn->board)
            p0--;
        ck_assert_int_eq(p0->index, 0);
        snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
        s = start(&g, spec);
        ck_assert_int_eq(mg_state_action_to_string(s, pn->index, nm,
                                                   sizeof nm, NULL),
                         MG_OK);
        ck_assert_msg(strcmp(nm, pn->name) == 0, "%s #%d: %s, want %s",
                      bc->name, pn->index, nm, pn->name);
        ck_assert_int_eq(parse(s, pn->name), pn->index);
        ck_assert_int_eq(mg_game_site_neighbors(g, pn->index, nb, 8, &cnt),
                         MG_OK);
        ck_assert_int_eq((int)cnt, pn->nn);
        for (k = 0; k < cnt; k++)
            ck_assert_msg(nb[k] == pn->nb[k], "%s #%d: neighbour %d is %d",
                          bc->name, pn->index, (int)k, (int)nb[k]);
        ck_assert_int_eq(mg_game_site_position(g, pn->index, &x, &y), MG_OK);
        ck_assert_int_eq(mg_game_site_position(g, 0, &x0, &y0), MG_OK);
        ck_assert_msg(fabs_(x - x0 - (pn->lx - p0->lx)) < 1e-5 &&
                          fabs_(y - y0 + (pn->ly - p0->ly)) < 1e-5,
                      "%s #%d: at (%f, %f) from #0, Ludii (%f, %f)", bc->name,
                      pn->index, x - x0, y - y0, pn->lx - p0->lx,
                      p0->ly - pn->ly);
        ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, svg, sizeof svg,
                                         NULL),
                         MG_OK);
        for (k = 0; k <= (size_t)pn->index; k++) {
            q = strstr(k ? q + 1 : q, "<circle class=\"point\"");
            ck_assert_ptr_nonnull(q);
        }
        ck_assert_int_eq(sscanf(q, "<circle class=\"point\" cx=\"%lf\" "
                                   "cy=\"%lf\"",
                                &cx, &cy),
                         2);
        ck_assert_msg(cx == pn->px && cy == pn->py,
                      "%s #%d drawn at (%g, %g), want (%d, %d)", bc->name,
                      pn->index, cx, cy, pn->px, pn->py);
        done(g, s);
    }
}
END_TEST

/* §5.3: every action id prints and parses back; refusals name the part. */
START_TEST(notation_round_trip)
{
    const struct board_case *bc = &boards[_i];
    char spec[128];
    mg_game *g;
    mg_state *s;
    int32_t a, n;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)", bc->name);
    s = start(&g, spec);
    n = mg_game_num_actions(g);
    for (a = 0; a < n; a++) {
        char nm[64], up[64], err[128];
        int32_t back = -1;
        size_t i;
        ck_assert_int_eq(mg_state_action_to_string(s, a, nm, sizeof nm, NULL),
                         MG_OK);
        MG_REQUIRE(mg_state_action_from_string(s, nm, &back, err, sizeof err) ==
                           MG_OK &&
                       back == a,
                   "%s: %d -> %s -> %d (%s)", bc->name, (int)a, nm, (int)back,
                   err);
        for (i = 0; nm[i]; i++) /* parsers ignore case */
            up[i] = (char)(nm[i] >= 'a' && nm[i] <= 'z' ? nm[i] - 32 : nm[i]);
        up[i] = '\0';
        MG_REQUIRE(mg_state_action_from_string(s, up, &back, err, sizeof err) ==
                           MG_OK &&
                       back == a,
                   "%s: %s", bc->name, up);
    }
    done(g, s);
}
END_TEST

/* ------------------------------------------------------------- model */

/* rules §5.2 as plainly as possible: chains by flood fill; a step is made
 * on a copy and the chains counted again. */
typedef struct model {
    const tgeo *t;
    int P, D;
    int sum_equal, except_largest, largest;
    int removal; /* 0 none, 1 adjacent, 2 ludii */
    int32_t step_id[CT_MAXP][CT_MAXD]; /* by the model's neighbour order */
    signed char b[CT_MAXP];
    int me, over, winner;
} model;

static int m_chains(const model *m, const signed char *b, int colour,
                    int *lab, int *sizes)
{
    int i, n = 0, stack[CT_MAXP];
    for (i = 0; i < m->P; i++)
        lab[i] = -1;
    for (i = 0; i < m->P; i++) {
        int sp = 0;
        if (b[i] != colour || lab[i] >= 0)
            continue;
        sizes[n] = 0;
        lab[i] = n;
        stack[sp++] = i;
        while (sp) {
            int e = stack[--sp], k;
            sizes[n]++;
            for (k = 0; k < m->t->deg[e]; k++) {
                int f = m->t->nb[e][k];
                if (b[f] == colour && lab[f] < 0) {
                    lab[f] = n;
                    stack[sp++] = f;
                }
            }
        }
        n++;
    }
    return n;
}

static int m_adjacent(const model *m, int a, int b)
{
    return t_adjacent(m->t, a, b);
}

static int m_place_ok(const model *m, int s)
{
    int lab0[CT_MAXP], sz0[CT_MAXP], lab1[CT_MAXP], sz1[CT_MAXP];
    int *lm, *sm, *lo, *so, k, i, f = 0, e = 0, any = 0;
    char seenm[CT_MAXP] = {0}, seeno[CT_MAXP] = {0};
    m_chains(m, m->b, 0, lab0, sz0);
    m_chains(m, m->b, 1, lab1, sz1);
    lm = m->me ? lab1 : lab0;
    sm = m->me ? sz1 : sz0;
    lo = m->me ? lab0 : lab1;
    so = m->me ? sz0 : sz1;
    (void)i;
    for (k = 0; k < m->t->deg[s]; k++) {
        int w = m->t->nb[s][k];
        if (m->b[w] < 0)
            continue;
        any = 1;
        if (m->b[w] == m->me) {
            if (!m->sum_equal)
                return 0; /* not_self_adjacent */
            if (!seenm[lm[w]]) {
                seenm[lm[w]] = 1;
                f += sm[lm[w]];
            }
        } else {
            if (!m->sum_equal && so[lo[w]] != 1)
                return 0;
            if (!seeno[lo[w]]) {
                seeno[lo[w]] = 1;
                e += so[lo[w]];
            }
        }
    }
    return !m->sum_equal || !any || 1 + f == e;
}

static int m_step_ok(const model *m, int f, int t)
{
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    int lab2[CT_MAXP], sz2[CT_MAXP];
    signed char b2[CT_MAXP];
    int n, n2, i, big = 0, nbig = 0, bigid = -1, obig = 0, k;
    if (m->b[f] != m->me || m->b[t] >= 0 || !m_adjacent(m, f, t))
        return 0;
    /* (1) t next to another own stone */
    for (k = 0, i = 0; k < m->t->deg[t]; k++) {
        int w = m->t->nb[t][k];
        i |= w != f && m->b[w] == m->me;
    }
    if (!i)
        return 0;
    n = m_chains(m, m->b, m->me, lab, sz);
    m_chains(m, m->b, 1 - m->me, olab, osz);
    for (i = 0; i < m->P; i++)
        if (olab[i] >= 0 && osz[olab[i]] > obig)
            obig = osz[olab[i]];
    for (i = 0; i < n; i++) {
        if (sz[i] > big) {
            big = sz[i];
            nbig = 1;
            bigid = i;
        } else if (sz[i] == big) {
            nbig++;
        }
    }
    /* (2) not next to the unique largest chain larger than all of the
     * opponent's (f itself counts as next to t) */
    if (m->except_largest && nbig == 1 && big > obig)
        for (k = 0; k < m->t->deg[t]; k++) {
            int w = m->t->nb[t][k];
            if (m->b[w] == m->me && lab[w] == bigid)
                return 0;
        }
    memcpy(b2, m->b, (size_t)m->P);
    b2[f] = -1;
    b2[t] = (signed char)m->me;
    n2 = m_chains(m, b2, m->me, lab2, sz2);
    if (n2 >= n) /* (3) */
        return 0;
    for (k = 0; k < m->t->deg[t]; k++) { /* (4) */
        int w = m->t->nb[t][k];
        if (m->b[w] == 1 - m->me && osz[olab[w]] > sz2[lab2[t]])
            return 0;
    }
    return 1;
}

static int m_legal(const model *m, int32_t *out)
{
    int n = 0, s, f, k;
    for (s = 0; s < m->P; s++)
        if (m->b[s] < 0 && m_place_ok(m, s))
            out[n++] = s;
    for (f = 0; f < m->P; f++)
        for (k = 0; k < m->t->deg[f]; k++)
            if (m_step_ok(m, f, m->t->nb[f][k]))
                out[n++] = m->step_id[f][k];
    qsort(out, (size_t)n, sizeof *out, cmp_i32);
    return n;
}

static void m_settle(model *m)
{
    int32_t buf[CT_MAXP * CT_MAXD];
    if (m_legal(m, buf) > 0)
        return;
    m->over = 1;
    if (!m->largest) {
        m->winner = 1 - m->me;
    } else {
        int lab[CT_MAXP], a[CT_MAXP], b[CT_MAXP], na, nb, i;
        na = m_chains(m, m->b, 0, lab, a);
        nb = m_chains(m, m->b, 1, lab, b);
        qsort(a, (size_t)na, sizeof *a, cmp_i32);
        qsort(b, (size_t)nb, sizeof *b, cmp_i32);
        m->winner = MG_DRAW;
        for (i = 0; i < na || i < nb; i++) {
            int x = i < na ? a[na - 1 - i] : 0, y = i < nb ? b[nb - 1 - i] : 0;
            if (x != y) {
                m->winner = x > y ? 0 : 1;
                break;
            }
        }
    }
}

/* removal=adjacent (rules §5.2): rounds until none, each removing every
 * opponent stone next to a larger chain of the mover's. */
static void m_remove_adjacent(model *m)
{
    int me = m->me, opp = 1 - me;
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    m_chains(m, m->b, me, lab, sz);
    for (;;) {
        int gone[CT_MAXP], n = 0, p, k, i;
        m_chains(m, m->b, opp, olab, osz);
        for (p = 0; p < m->P; p++) {
            if (m->b[p] != opp)
                continue;
            for (k = 0; k < m->t->deg[p]; k++) {
                int w = m->t->nb[p][k];
                if (m->b[w] == me && sz[lab[w]] > osz[olab[p]]) {
                    gone[n++] = p;
                    break;
                }
            }
        }
        if (!n)
            break;
        for (i = 0; i < n; i++)
            m->b[gone[i]] = -1;
    }
}

/* removal=ludii (rules §5.2, steps 1-3): C the mover's chain through
 * `last`; R the opponent stones touching C in chains smaller than |C|,
 * ascending; for each r: take it if there, then mark every opponent stone
 * touching the mover whose chain is smaller than the sum of the different
 * mover chains touching it, and take the marked ones. */
static void m_remove_ludii(model *m, int last)
{
    int me = m->me, opp = 1 - me, p, k, i, nr = 0, r[CT_MAXP];
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    m_chains(m, m->b, me, lab, sz);
    m_chains(m, m->b, opp, olab, osz);
    for (p = 0; p < m->P; p++) {
        int touches = 0;
        for (k = 0; k < m->t->deg[p]; k++)
            touches |= lab[m->t->nb[p][k]] == lab[last];
        if (m->b[p] == opp && touches && osz[olab[p]] < sz[lab[last]])
            r[nr++] = p;
    }
    for (i = 0; i < nr; i++) {
        int marked[CT_MAXP], n = 0, j;
        m->b[r[i]] = -1; /* if already gone, nothing happens */
        m_chains(m, m->b, opp, olab, osz);
        for (p = 0; p < m->P; p++) {
            int seen[CT_MAXD], ns = 0, sum = 0;
            if (m->b[p] != opp)
                continue;
            for (k = 0; k < m->t->deg[p]; k++) {
                int w = m->t->nb[p][k];
                if (m->b[w] != me)
                    continue;
                for (j = 0; j < ns && seen[j] != lab[w]; j++)
                    ;
                if (j == ns) {
                    seen[ns++] = lab[w];
                    sum += sz[lab[w]];
                }
            }
            if (ns && sum > osz[olab[p]])
                marked[n++] = p;
        }
        for (j = 0; j < n; j++)
            m->b[marked[j]] = -1;
    }
}

static void m_apply(model *m, int32_t a)
{
    int me = m->me, last = -1;
    if (a < m->P) {
        m->b[a] = (signed char)me;
        last = (int)a;
    } else {
        int f, k;
        for (f = 0; f < m->P && last < 0; f++)
            for (k = 0; k < m->t->deg[f]; k++)
                if (m->step_id[f][k] == a) {
                    m->b[f] = -1;
                    last = m->t->nb[f][k];
                    m->b[last] = (signed char)me;
                    break;
                }
        ck_assert(last >= 0);
    }
    if (m->removal == 1)
        m_remove_adjacent(m);
    else if (m->removal == 2)
        m_remove_ludii(m, last);
    m->me = 1 - me;
    m_settle(m);
}

/* Options read back from the canonical spec. */
static void m_init(model *m, const tgeo *t, const mg_state *s,
                   const mg_game *g)
{
    char spec[512];
    int f, k;
    spec_of(g, spec, sizeof spec);
    memset(m, 0, sizeof *m);
    m->t = t;
    m->P = t->P;
    m->D = (mg_game_num_actions(g) - t->P) / t->P;
    m->sum_equal = strstr(spec, "placement=sum_equal") != NULL;
    m->except_largest = strstr(spec, "movement=merge_except_largest") != NULL;
    m->removal = strstr(spec, "removal=adjacent") ? 1
                 : strstr(spec, "removal=ludii")  ? 2
                                                  : 0;
    m->largest = strstr(spec, "goal=largest") != NULL;
    for (f = 0; f < t->P; f++)
        for (k = 0; k < t->deg[f]; k++) {
            char nm[32];
            snprintf(nm, sizeof nm, "#%d-#%d", f, t->nb[f][k]);
            m->step_id[f][k] = parse(s, nm);
        }
    memset(m->b, -1, sizeof m->b);
    m->winner = MG_NOBODY;
}

/* ------------------------------------------------------ random games */

static void diff_report(const mg_state *s, const int32_t *lib, size_t n,
                        const int32_t *mod, size_t nm)
{
    static char rec[200000];
    size_t i, j;
    char nm_[32];
    if (mg_state_save(s, rec, sizeof rec, NULL) == MG_OK)
        fprintf(stderr, "%s", rec);
    if (mg_state_render(s, MG_RENDER_TEXT, rec, sizeof rec, NULL) == MG_OK)
        fprintf(stderr, "%s", rec);
    fprintf(stderr, "library only:");
    for (i = 0; i < n; i++) {
        for (j = 0; j < nm && mod[j] != lib[i]; j++)
            ;
        if (j == nm && mg_state_action_to_string(s, lib[i], nm_, sizeof nm_,
                                                 NULL) == MG_OK)
            fprintf(stderr, " %s", nm_);
    }
    fprintf(stderr, "\nmodel only:");
    for (j = 0; j < nm; j++) {
        for (i = 0; i < n && lib[i] != mod[j]; i++)
            ;
        if (i == n && mg_state_action_to_string(s, mod[j], nm_, sizeof nm_,
                                                NULL) == MG_OK)
            fprintf(stderr, " %s", nm_);
    }
    fprintf(stderr, "\n");
}

/* Random games compared with the model after every action: the legal
 * set, player, end and winner, scores and chains; at the end Ludii's
 * scores against the winner (goal=largest); then undo to start. */
static void model_games(const char *spec, const struct board_case *bc,
                        int games, uint64_t seed)
{
    static int32_t lib[CT_MAXP * CT_MAXD], mod[CT_MAXP * CT_MAXD];
    static tgeo t;
    static model m;
    mg_game *g;
    mg_state *s = start(&g, spec);
    int gi;
    geo_of(&t, bc);
    for (gi = 0; gi < games; gi++) {
        uint64_t h0 = mg_state_hash(s);
        int steps = 0;
        m_init(&m, &t, s, g);
        for (;;) {
            size_t n = 0;
            int nm, c;
            int32_t a;
            MG_REQUIRE(mg_state_legal_actions(s, lib, CT_MAXP * CT_MAXD, &n) ==
                           MG_OK,
                       "legal actions");
            nm = m.over ? 0 : m_legal(&m, mod);
            MG_REQUIRE(mg_state_current_player(s) ==
                           (m.over ? MG_NOBODY : m.me),
                       "%s game %d step %d: player", spec, gi, steps);
            MG_REQUIRE(mg_state_winner(s) == (m.over ? m.winner : MG_NOBODY),
                       "%s game %d step %d: winner %d, model %d", spec, gi,
                       steps, mg_state_winner(s), m.winner);
            if ((size_t)nm != n || memcmp(lib, mod, n * sizeof *lib) != 0) {
                diff_report(s, lib, n, mod, (size_t)nm);
                ck_abort_msg("%s game %d step %d: %d legal, model %d", spec, gi,
                             steps, (int)n, nm);
            }
            for (c = 0; c < 2 && (steps % 5 == 0 || n == 0); c++) {
                int lab[CT_MAXP], sz[CT_MAXP], k, i, big = 0;
                int32_t gl[CT_MAXP];
                size_t cnt = 0;
                k = m_chains(&m, m.b, c, lab, sz);
                qsort(sz, (size_t)k, sizeof *sz, cmp_i32);
                MG_REQUIRE(mg_state_groups(s, c, gl, CT_MAXP, &cnt) == MG_OK &&
                               (int)cnt == k,
                           "%s: chains of %d", spec, c);
                for (i = 0; i < k; i++)
                    MG_REQUIRE(gl[i] == sz[k - 1 - i], "%s: chain sizes", spec);
                big = k ? sz[k - 1] : 0;
                MG_REQUIRE(score(s, c) == big, "%s: score of %d", spec, c);
            }
            if (n == 0)
                break;
            a = lib[mg_test_rand(&seed) % n];
            MG_REQUIRE(mg_state_apply(s, a) == MG_OK, "apply");
            m_apply(&m, a);
            steps++;
        }
        MG_REQUIRE(mg_state_is_terminal(s) == 1, "terminal");
        if (m.largest) { /* Ludii's scores rank as the cascade does */
            int32_t ls[2];
            ludii_scores(s, ls);
            MG_REQUIRE(m.winner == (ls[0] > ls[1]   ? 0
                                    : ls[1] > ls[0] ? 1
                                                    : MG_DRAW),
                       "%s game %d: Ludii's scores %d, %d, winner %d", spec,
                       gi, ls[0], ls[1], m.winner);
        }
        while (mg_state_undo(s) == MG_OK)
            ;
        MG_REQUIRE(mg_state_hash(s) == h0 && mg_state_current_player(s) == 0,
                   "%s game %d: undo to the start", spec, gi);
    }
    done(g, s);
}

/* Every board with the default options; games scaled down on the large
 * boards (the model is slow there, on purpose). */
START_TEST(random_games_every_board)
{
    static const int base[N_BOARDS] = {200, 20, 2, 200, 40, 6, 1, 30, 6, 2};
    char spec[128];
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s)",
             boards[_i].name);
    model_games(spec, &boards[_i],
                (int)(base[_i] * (int64_t)mg_test_games(1000) / 1000) + 1,
                (uint64_t)_i * 977 + 5);
}
END_TEST

/* removal=ludii (rules §5.2) on every board, against the model's own
 * reading of Ludii's steps 1-3. */
START_TEST(random_games_ludii)
{
    static const int base[N_BOARDS] = {200, 20, 2, 200, 40, 6, 1, 30, 6, 2};
    char spec[128];
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,removal=ludii)",
             boards[_i].name);
    model_games(spec, &boards[_i],
                (int)(base[_i] * (int64_t)mg_test_games(1000) / 1000) + 1,
                (uint64_t)_i * 1913 + 11);
}
END_TEST

/* Each non-default option, and all of them, on small boards. */
START_TEST(random_games_options)
{
    static const struct {
        const char *opts;
        int board;
    } cases[] = {
        {"goal=stalemate", 0},
        {"placement=not_self_adjacent", 0},
        {"movement=must_merge", 0},
        {"removal=none", 0},
        {"goal=stalemate,placement=not_self_adjacent,movement=must_merge,"
         "removal=none",
         3},
        {"movement=must_merge", 3},
        {"placement=not_self_adjacent", 7},
        {"removal=none,movement=must_merge", 7},
        {"removal=ludii,goal=stalemate", 0},
        {"removal=ludii,placement=not_self_adjacent", 3},
        {"removal=ludii,movement=must_merge", 7},
    };
    char spec[256];
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,%s)",
             boards[cases[_i].board].name, cases[_i].opts);
    model_games(spec, &boards[cases[_i].board],
                (int)(30 * (int64_t)mg_test_games(1000) / 1000) + 1,
                (uint64_t)_i * 131 + 7);
}
END_TEST

/* Random playouts end on every board with each removal value, within 2P
 * actions with removal=none (rules §5.2: every step is paid for by a
 * placement). */
START_TEST(playouts_end)
{
    static const char *const removal[3] = {"adjacent", "none", "ludii"};
    char spec[128];
    mg_game *g;
    mg_state *s;
    int k, n = mg_test_games(1000) / 100 + 1;
    snprintf(spec, sizeof spec, "chains_of_thought(board=%s,removal=%s)",
             boards[_i / 3].name, removal[_i % 3]);
    s = start(&g, spec);
    for (k = 0; k < n; k++) {
        int r = mg_state_playout(s, (uint64_t)k + 1, -1);
        int w = mg_state_winner(s);
        ck_assert_int_gt(r, 0);
        ck_assert_int_eq(mg_state_is_terminal(s), 1);
        ck_assert(w == 0 || w == 1 || w == MG_DRAW);
        if (_i % 3 == 1)
            ck_assert_int_le(r, 2 * boards[_i / 3].P);
        while (mg_state_undo(s) == MG_OK)
            ;
    }
    done(g, s);
}
END_TEST

/* Bots play removal=ludii games to the end (rules §5.2): every choice is
 * legal, the record saved at the end loads back to the same position, and
 * undo returns to the start. */
START_TEST(bots_play_ludii)
{
    static const char *const specs[3] = {
        "chains_of_thought(removal=ludii)",
        "chains_of_thought(board=square6,removal=ludii)",
        "chains_of_thought(board=trisquare4,removal=ludii)"};
    static const char *const bots[2] = {"mcts(iterations=60)", "greedy"};
    static char rec[65536];
    mg_game *g, *g2;
    mg_state *s = start(&g, specs[_i]), *s2;
    mg_bot *b[2];
    int k, moves = 0;
    uint64_t h0 = mg_state_hash(s);
    char err[256];
    for (k = 0; k < 2; k++)
        ck_assert_int_eq(mg_bot_new(&b[k], bots[k], 7 + (uint64_t)k, err,
                                    sizeof err),
                         MG_OK);
    while (!mg_state_is_terminal(s) && moves < 2000) {
        int32_t a = -1;
        int who = mg_state_current_player(s);
        ck_assert_int_eq(mg_bot_choose(b[moves % 2], s, &a), MG_OK);
        ck_assert_int_eq(mg_state_is_legal(s, a), 1);
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        ck_assert(who == 0 || who == 1);
        moves++;
    }
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_save(s, rec, sizeof rec, NULL), MG_OK);
    ck_assert_ptr_nonnull(strstr(rec, "removal=ludii"));
    ck_assert_int_eq(mg_state_load(&s2, &g2, rec, err, sizeof err), MG_OK);
    ck_assert_uint_eq(mg_state_hash(s2), mg_state_hash(s));
    ck_assert_int_eq(mg_state_winner(s2), mg_state_winner(s));
    mg_state_free(s2);
    mg_game_free(g2);
    while (mg_state_undo(s) == MG_OK)
        ;
    ck_assert_uint_eq(mg_state_hash(s), h0);
    for (k = 0; k < 2; k++)
        mg_bot_free(b[k]);
    done(g, s);
}
END_TEST

Suite *mg_chains_boards_suite(void)
{
    Suite *s = suite_create("chains_boards");
    TCase *opts = tcase_create("options");
    TCase *geo = tcase_create("boards");
    TCase *games = tcase_create("games");
    tcase_add_test(opts, options_and_canonical_spec);
    tcase_add_test(opts, option_refusals);
    tcase_add_loop_test(geo, board_points_and_adjacency, 0, N_BOARDS);
    tcase_add_test(geo, point_order_and_names);
    tcase_add_test(geo, ludii_point_order);
    tcase_add_loop_test(geo, drawn_geometry, 0, N_BOARDS);
    tcase_add_loop_test(geo, notation_round_trip, 0, N_BOARDS);
    tcase_add_loop_test(games, random_games_every_board, 0, N_BOARDS);
    tcase_add_loop_test(games, random_games_ludii, 0, N_BOARDS);
    tcase_add_loop_test(games, random_games_options, 0, 11);
    tcase_add_loop_test(games, playouts_end, 0, 3 * N_BOARDS);
    tcase_add_loop_test(games, bots_play_ludii, 0, 3);
    tcase_set_timeout(geo, 120);
    tcase_set_timeout(games, 600);
    suite_add_tcase(s, opts);
    suite_add_tcase(s, geo);
    suite_add_tcase(s, games);
    return s;
}
