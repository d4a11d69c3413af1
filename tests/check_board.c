/*
 * check_board.c - transcendental boards (doc/rules.md §1.1, 1.2, 2.1, 2.2):
 * generated boards checked by an independent validator written here (not
 * the library's bookkeeping), determinism, variety, the text format, the
 * parser's refusals, cell queries and renderings.
 */
#include "tests.h"

#include <stdio.h>
#include <string.h>

#define MAXC 255
#define SPAN 1024 /* test grid: coordinates shifted into 0..SPAN-1 */

static const int sq_dx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int sq_dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int hx_dx[6] = {1, 0, -1, -1, 0, 1};
static const int hx_dy[6] = {0, 1, 1, 0, -1, -1};

typedef struct {
    int kind, nd, n;
    const int *dx, *dy;
    int32_t x[MAXC], y[MAXC], bx, by;
} cells;

static void read_cells(const mg_board *b, cells *c)
{
    int i;
    c->kind = mg_board_kind(b);
    c->nd = c->kind == MG_BOARD_OCTOPUSZLE ? 8 : 6;
    c->dx = c->nd == 8 ? sq_dx : hx_dx;
    c->dy = c->nd == 8 ? sq_dy : hx_dy;
    c->n = mg_board_cell_count(b);
    ck_assert_int_eq(c->n, c->nd == 8 ? 255 : 63);
    for (i = 0; i < c->n; i++)
        ck_assert_int_eq(mg_board_cell_position(b, i, &c->x[i], &c->y[i]),
                         MG_OK);
    ck_assert_int_eq(mg_board_blank_position(b, &c->bx, &c->by), MG_OK);
}

/* A cell index grid of the cells (plus -2 for the blank). */
static int16_t *grid_of(const cells *c)
{
    static int16_t g[SPAN * SPAN];
    int i;
    memset(g, 0xff, sizeof g);
    for (i = 0; i < c->n; i++) {
        MG_REQUIRE(c->x[i] >= 0 && c->y[i] >= 0 && c->x[i] < SPAN - 8 &&
                       c->y[i] < SPAN - 8,
                   "cell %d at (%d,%d) outside the normalised range", i,
                   c->x[i], c->y[i]);
        g[(c->y[i] + 4) * SPAN + c->x[i] + 4] = (int16_t)i;
    }
    return g;
}

static int at(const int16_t *g, int32_t x, int32_t y)
{
    x += 4;
    y += 4;
    if (x < 0 || y < 0 || x >= SPAN || y >= SPAN)
        return -1;
    return g[y * SPAN + x];
}

static unsigned test_class(unsigned m, int nd)
{
    unsigned best = m, f = 0, full = (1u << nd) - 1;
    int i, k;
    for (i = 0; i < nd; i++)
        if (m & (1u << i))
            f |= 1u << ((nd - i) % nd);
    for (k = 0; k < nd; k++) {
        unsigned a = ((m << k) | (m >> (nd - k))) & full;
        unsigned b = ((f << k) | (f >> (nd - k))) & full;
        if (a < best)
            best = a;
        if (b < best)
            best = b;
    }
    return best;
}

static int popcount(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

static long binom(int n, int k)
{
    long r = 1;
    int i;
    for (i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* Class sizes per beam count, rules §1.2 and 2.2 (sorted descending). */
static const int sq_classes[9][8] = {
    {0}, {8}, {8, 8, 8, 4}, {16, 16, 8, 8, 8}, {16, 16, 8, 8, 8, 8, 4, 2},
    {16, 16, 8, 8, 8}, {8, 8, 8, 4}, {8}, {1}};
static const int hx_classes[7][3] = {{0},       {6},       {6, 6, 3}, {12, 6, 2},
                                     {6, 6, 3}, {6},       {1}};

static int cmp_desc(const void *a, const void *b)
{
    return *(const int *)b - *(const int *)a;
}

/* The independent check of one board. */
static void validate(const mg_board *b)
{
    cells c;
    const int16_t *g;
    unsigned masks[MAXC];
    int seen[256] = {0}, hist[9] = {0}, i, d, k;
    int visited[MAXC] = {0}, stack[MAXC], sp = 0, reached = 1;
    int class_count[256] = {0}, nclasses = 0;

    read_cells(b, &c);
    g = grid_of(&c);
    /* the blank is isolated and off the group */
    MG_REQUIRE(at(g, c.bx, c.by) < 0, "blank on a cell");
    for (d = 0; d < c.nd; d++)
        MG_REQUIRE(at(g, c.bx + c.dx[d], c.by + c.dy[d]) < 0,
                   "blank touches the group");
    /* masks from positions alone; bijection onto the non-zero masks */
    for (i = 0; i < c.n; i++) {
        unsigned m = 0;
        for (d = 0; d < c.nd; d++)
            if (at(g, c.x[i] + c.dx[d], c.y[i] + c.dy[d]) >= 0)
                m |= 1u << d;
        masks[i] = m;
        MG_REQUIRE(m != 0, "cell %d has no neighbour", i);
        MG_REQUIRE(!seen[m], "mask 0x%x twice", m);
        seen[m] = 1;
        MG_REQUIRE(mg_board_cell_mask(b, i) == (int)m, "library mask differs");
        MG_REQUIRE(mg_board_cell_class(b, i) == (int)test_class(m, c.nd),
                   "library class differs");
        hist[popcount(m)]++;
        class_count[test_class(m, c.nd)]++;
    }
    /* neighbour-count histogram C(8,k) / C(6,k) */
    for (k = 1; k <= c.nd; k++)
        MG_REQUIRE(hist[k] == binom(c.nd, k), "%d cells with %d beams", hist[k],
                   k);
    /* connectivity, by our own search */
    visited[0] = 1;
    stack[sp++] = 0;
    while (sp) {
        int e = stack[--sp];
        for (d = 0; d < c.nd; d++) {
            int f = at(g, c.x[e] + c.dx[d], c.y[e] + c.dy[d]);
            if (f >= 0 && !visited[f]) {
                visited[f] = 1;
                stack[sp++] = f;
                reached++;
            }
        }
    }
    MG_REQUIRE(reached == c.n, "only %d of %d cells connected", reached, c.n);
    /* pattern classes: 29 / 12, with the sizes of the tables */
    for (k = 1; k <= c.nd; k++) {
        int sizes[16], ns = 0, j;
        for (i = 1; i < (1 << c.nd); i++)
            if (class_count[i] && popcount((unsigned)i) == k)
                sizes[ns++] = class_count[i];
        qsort(sizes, (size_t)ns, sizeof sizes[0], cmp_desc);
        nclasses += ns;
        for (j = 0; j < ns; j++)
            MG_REQUIRE(sizes[j] == (c.nd == 8 ? sq_classes[k][j]
                                              : hx_classes[k][j]),
                       "beams %d: class %d has %d members", k, j, sizes[j]);
    }
    MG_REQUIRE(nclasses == (c.nd == 8 ? 29 : 12), "%d classes", nclasses);
    (void)masks;
}

static int n_boards(int dflt)
{
    const char *e = getenv("MG_TEST_BOARDS");
    int n = e ? atoi(e) : 0;
    return n > 0 ? n : dflt;
}

/* rules §1.1 / 2.1: every seed gives a valid two-group solution. */
START_TEST(generated_boards_validate)
{
    int kind = _i == 0 ? MG_BOARD_LABYRINTH : MG_BOARD_OCTOPUSZLE;
    int n = n_boards(2000), s;
    for (s = 0; s < n; s++) {
        mg_board *b = NULL;
        uint64_t seed = s < n - 2 ? (uint64_t)s
                                  : (s == n - 2 ? UINT64_MAX : 0x8000000000000000ULL);
        MG_REQUIRE(mg_board_generate(&b, kind, seed) == MG_OK, "seed %d", s);
        validate(b);
        mg_board_free(b);
    }
}
END_TEST

/* Same seed, same board; fixed seeds give fixed fingerprints (golden
 * values of this library version, rules §1.1 "same seed, same library
 * version -> same board"). */
START_TEST(determinism_golden)
{
    static const struct { int kind; uint64_t seed; uint64_t fp; } golden[] = {
#include "board_golden.h"
    };
    size_t i;
    for (i = 0; i < sizeof golden / sizeof golden[0]; i++) {
        mg_board *a = NULL, *b = NULL;
        char ta[8192], tb[8192];
        ck_assert_int_eq(mg_board_generate(&a, golden[i].kind, golden[i].seed),
                         MG_OK);
        ck_assert_int_eq(mg_board_generate(&b, golden[i].kind, golden[i].seed),
                         MG_OK);
        ck_assert_int_eq(mg_board_format(a, ta, sizeof ta, NULL), MG_OK);
        ck_assert_int_eq(mg_board_format(b, tb, sizeof tb, NULL), MG_OK);
        ck_assert_str_eq(ta, tb);
        ck_assert_msg(mg_board_fingerprint(a) == golden[i].fp,
                      "kind %d seed %llu: fingerprint 0x%016llx",
                      golden[i].kind, (unsigned long long)golden[i].seed,
                      (unsigned long long)mg_board_fingerprint(a));
        mg_board_free(a);
        mg_board_free(b);
    }
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Different seeds give different boards (10,000 seeds per kind run in
 * make bench; here a few hundred). */
START_TEST(variety)
{
    int kind = _i == 0 ? MG_BOARD_LABYRINTH : MG_BOARD_OCTOPUSZLE;
    int n = kind == MG_BOARD_LABYRINTH ? 1000 : 200, s;
    uint64_t *fp = malloc((size_t)n * sizeof *fp);
    for (s = 0; s < n; s++) {
        mg_board *b = NULL;
        ck_assert_int_eq(mg_board_generate(&b, kind, (uint64_t)s + 1000), MG_OK);
        fp[s] = mg_board_fingerprint(b);
        mg_board_free(b);
    }
    qsort(fp, (size_t)n, sizeof *fp, cmp_u64);
    for (s = 1; s < n; s++)
        ck_assert_msg(fp[s] != fp[s - 1], "two seeds share fingerprint");
    free(fp);
}
END_TEST

/* Write a board picture in the mg_board_format layout from positions. */
static void picture(char *out, size_t cap, int kind, const int32_t *x,
                    const int32_t *y, int n, int32_t bx, int32_t by)
{
    int32_t x0 = bx, x1 = bx, y0 = by, y1 = by, i, xx, yy;
    size_t len;
    for (i = 0; i < n; i++) {
        if (x[i] < x0) x0 = x[i];
        if (x[i] > x1) x1 = x[i];
        if (y[i] < y0) y0 = y[i];
        if (y[i] > y1) y1 = y[i];
    }
    len = (size_t)snprintf(out, cap, "mindgames-board 1\nkind %s\nsize %d %d\n",
                           kind == MG_BOARD_OCTOPUSZLE ? "octopuszle"
                                                       : "labyrinth",
                           (int)(x1 - x0 + 1), (int)(y1 - y0 + 1));
    for (yy = y1; yy >= y0; yy--) {
        for (xx = x0; xx <= x1; xx++) {
            char ch = (xx == bx && yy == by) ? 'o' : '.';
            for (i = 0; i < n; i++)
                if (x[i] == xx && y[i] == yy)
                    ch = '#';
            ck_assert_uint_lt(len + 2, cap);
            out[len++] = ch;
        }
        out[len++] = '\n';
    }
    out[len] = '\0';
}

/* Transform (x, y) by symmetry t (square: t < 8; hex: t < 12). */
static void sym(int kind, int t, int32_t *x, int32_t *y)
{
    int32_t a = *x, b = *y, r, tmp;
    if (t & 1) {
        tmp = a;
        a = b;
        b = tmp;
    }
    for (r = 0; r < t / 2; r++) {
        tmp = a;
        a = -b;
        b = kind == MG_BOARD_OCTOPUSZLE ? tmp : tmp + b;
    }
    *x = a;
    *y = b;
}

/* The fingerprint ignores translation, rotation and reflection, and the
 * format round-trips exactly. */
START_TEST(fingerprint_symmetry_and_round_trip)
{
    int kind = _i == 0 ? MG_BOARD_LABYRINTH : MG_BOARD_OCTOPUSZLE;
    int nt = kind == MG_BOARD_OCTOPUSZLE ? 8 : 12, t, i;
    static char text[16384], again[16384];
    mg_board *b = NULL, *other = NULL;
    cells c;
    char err[256];
    ck_assert_int_eq(mg_board_generate(&b, kind, 7), MG_OK);
    ck_assert_int_eq(mg_board_generate(&other, kind, 8), MG_OK);
    ck_assert_uint_ne(mg_board_fingerprint(b), mg_board_fingerprint(other));
    read_cells(b, &c);
    for (t = 0; t < nt; t++) {
        int32_t x[MAXC] = {0}, y[MAXC] = {0}, bx, by;
        mg_board *p = NULL;
        for (i = 0; i < c.n; i++) {
            x[i] = c.x[i] + 5;
            y[i] = c.y[i] - 3;
            sym(kind, t, &x[i], &y[i]);
        }
        /* the blank two columns right of the group, on its bottom row */
        bx = x[0];
        by = y[0];
        for (i = 0; i < c.n; i++) {
            if (x[i] > bx)
                bx = x[i];
            if (y[i] < by)
                by = y[i];
        }
        bx += 2;
        picture(text, sizeof text, kind, x, y, c.n, bx, by);
        ck_assert_msg(mg_board_parse(&p, text, err, sizeof err) == MG_OK,
                      "symmetry %d: %s", t, err);
        ck_assert_uint_eq(mg_board_fingerprint(p), mg_board_fingerprint(b));
        /* exact round trip of the parsed text */
        ck_assert_int_eq(mg_board_format(p, again, sizeof again, NULL), MG_OK);
        ck_assert_str_eq(again, text);
        mg_board_free(p);
    }
    mg_board_free(b);
    mg_board_free(other);
}
END_TEST

static void expect_refusal(const char *text, int code, const char *part)
{
    mg_board *b = (mg_board *)&b;
    char err[256] = "";
    int rc = mg_board_parse(&b, text, err, sizeof err);
    ck_assert_msg(rc == code, "got %d (%s), want %d", rc, err, code);
    ck_assert_ptr_null(b);
    ck_assert_msg(strstr(err, part) != NULL, "message '%s' lacks '%s'", err,
                  part);
}

/* The parser refuses hand-made invalid boards with the right code and a
 * message naming the violation (rules §1.1 "Validity of a board"). */
START_TEST(parser_refusals)
{
    int kind = _i == 0 ? MG_BOARD_LABYRINTH : MG_BOARD_OCTOPUSZLE;
    static char text[16384];
    mg_board *b = NULL;
    cells c;
    const int16_t *g;
    int32_t x[MAXC + 1], y[MAXC + 1];
    int i, d, mover = -1;

    ck_assert_int_eq(mg_board_generate(&b, kind, 3), MG_OK);
    read_cells(b, &c);
    g = grid_of(&c);
    memcpy(x, c.x, sizeof c.x);
    memcpy(y, c.y, sizeof c.y);

    /* one cell fewer */
    picture(text, sizeof text, kind, x + 1, y + 1, c.n - 1, c.bx, c.by);
    expect_refusal(text, MG_EBOARD, kind == MG_BOARD_OCTOPUSZLE ? "254 cells"
                                                                : "62 cells");
    /* the blank next to the group: beside cell 0, on an empty place */
    for (d = 0; d < c.nd; d++)
        if (at(g, c.x[0] + c.dx[d], c.y[0] + c.dy[d]) < 0)
            break;
    ck_assert_int_lt(d, c.nd);
    picture(text, sizeof text, kind, x, y, c.n, c.x[0] + c.dx[d],
            c.y[0] + c.dy[d]);
    expect_refusal(text, MG_EBOARD, "blank");
    /* a disconnected group: move two neighbouring cells far away, a pair
     * whose other neighbours all keep a neighbour outside the pair */
    {
        int a = -1, e = -1, j;
        for (i = 0; i < c.n && a < 0; i++) {
            int32_t nb[8], nb2[8];
            size_t nn, nn2, k, k2;
            mg_board_cell_neighbors(b, i, nb, 8, &nn);
            for (k = 0; k < nn && a < 0; k++) {
                int ok = 1;
                for (j = 0; j < 2 && ok; j++) {
                    int32_t cell = j ? nb[k] : i, nbc[8];
                    size_t nnc, q;
                    mg_board_cell_neighbors(b, cell, nbc, 8, &nnc);
                    for (q = 0; q < nnc && ok; q++) {
                        int outside = 0;
                        if (nbc[q] == i || nbc[q] == nb[k])
                            continue;
                        mg_board_cell_neighbors(b, nbc[q], nb2, 8, &nn2);
                        for (k2 = 0; k2 < nn2; k2++)
                            outside += nb2[k2] != i && nb2[k2] != nb[k];
                        ok = outside > 0;
                    }
                }
                if (ok) {
                    a = i;
                    e = nb[k];
                }
            }
        }
        ck_assert_int_ge(a, 0);
        x[a] += 100;
        x[e] += 100;
        picture(text, sizeof text, kind, x, y, c.n, c.bx + 200, c.by);
        expect_refusal(text, MG_EBOARD, "not connected");
        x[a] -= 100;
        x[e] -= 100;
    }
    /* a duplicate pattern: the cell at the top-right end moves to an empty
     * place two steps beyond the bottom-left one, still touching the group
     * (a cell whose removal leaves everyone a neighbour) */
    for (i = c.n - 1; i >= 0 && mover < 0; i--) {
        int ok = 1;
        for (d = 0; d < c.nd && ok; d++) {
            int f = at(g, c.x[i] + c.dx[d], c.y[i] + c.dy[d]);
            if (f >= 0 && popcount((unsigned)mg_board_cell_mask(b, f)) < 2)
                ok = 0;
        }
        if (ok && popcount((unsigned)mg_board_cell_mask(b, i)) == 1)
            mover = i; /* a leaf: the group stays connected without it */
    }
    ck_assert_int_ge(mover, 0);
    for (d = 0; d < c.nd; d++)
        if (at(g, c.x[0] + c.dx[d], c.y[0] + c.dy[d]) < 0 &&
            !(c.x[0] + c.dx[d] == c.x[mover] && c.y[0] + c.dy[d] == c.y[mover]))
            break;
    ck_assert_int_lt(d, c.nd);
    x[mover] = c.x[0] + c.dx[d];
    y[mover] = c.y[0] + c.dy[d];
    picture(text, sizeof text, kind, x, y, c.n, c.bx + 5, c.by);
    expect_refusal(text, MG_EBOARD, "share pattern 0x");
    mg_board_free(b);

    /* text that is no board at all */
    expect_refusal("hello\n", MG_ESYNTAX, "line 1");
    expect_refusal("", MG_ESYNTAX, "line 1");
    expect_refusal("mindgames-board 1\nkind chess\n", MG_ESYNTAX, "kind");
    expect_refusal("mindgames-board 1\nkind octopuszle\nsize 3\n", MG_ESYNTAX,
                   "size");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 100000 2\n",
                   MG_ESYNTAX, "outside 1..512");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 2 2\n#o\n", MG_ESYNTAX,
                   "missing row");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 2 2\n#o\n#x\n",
                   MG_ESYNTAX, "column 2");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 2 2\n#o\n##\nzz\n",
                   MG_ESYNTAX, "after the last row");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 2 2\n..\n#o\n",
                   MG_ESYNTAX, "empty top row");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 2 2\n#.\n#.\n",
                   MG_ESYNTAX, "empty last column");
    expect_refusal("mindgames-board 1\nkind labyrinth\nsize 2 1\n##\n",
                   MG_EBOARD, "2 cells");
}
END_TEST

/* Cell queries agree with each other and refuse bad input. */
START_TEST(cell_queries)
{
    mg_board *b = NULL;
    int i;
    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_LABYRINTH, 11), MG_OK);
    for (i = 0; i < 63; i++) {
        int32_t x, y, nb[8];
        size_t n, need;
        char name[16];
        ck_assert_int_eq(mg_board_cell_position(b, i, &x, &y), MG_OK);
        ck_assert_int_eq(mg_board_cell_at(b, x, y), i);
        ck_assert_int_eq(mg_board_cell_neighbors(b, i, nb, 8, &n), MG_OK);
        ck_assert_int_eq((int)n, popcount((unsigned)mg_board_cell_mask(b, i)));
        ck_assert_int_eq(mg_board_cell_name(b, i, name, sizeof name, &need),
                         MG_OK);
        ck_assert_uint_eq(need, strlen(name) + 1);
        ck_assert_int_eq(name[0], 'a' + x); /* rules §0: column letters */
        ck_assert_int_eq(atoi(name + 1), y + 1);
        if (i > 0) { /* bottom row first, left to right */
            int32_t px, py;
            mg_board_cell_position(b, i - 1, &px, &py);
            ck_assert(py < y || (py == y && px < x));
        }
    }
    ck_assert_int_eq(mg_board_cell_mask(b, 63), MG_ERANGE);
    ck_assert_int_eq(mg_board_cell_class(b, -1), MG_ERANGE);
    ck_assert_int_eq(mg_board_cell_at(b, -1, 0), MG_ERANGE);
    ck_assert_int_eq(mg_board_cell_mask(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_board_kind(NULL), MG_EINVAL);
    ck_assert_uint_eq(mg_board_fingerprint(NULL), 0);
    mg_board_free(b);
    ck_assert_int_eq(mg_board_generate(&b, 3, 1), MG_EINVAL);
    ck_assert_ptr_null(b);
    mg_board_free(NULL);
}
END_TEST

static int count_char(const char *s, char c)
{
    int n = 0;
    for (; *s; s++)
        n += *s == c;
    return n;
}

/* '+' on the beam lines (the lines without a row number): where two
 * diagonal beams cross.  In the beams view the cells are '+' too, on the
 * numbered lines. */
static int count_crossings(const char *s)
{
    int n = 0;
    while (*s) {
        const char *end = strchr(s, '\n'), *p = s;
        if (!end)
            end = s + strlen(s);
        while (p < end && *p == ' ')
            p++;
        if (p < end && (*p < '0' || *p > '9'))
            for (; p < end; p++)
                n += *p == '+';
        s = *end ? end + 1 : end;
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

/* Cut the text picture before its column-letter lines (letters and
 * spaces only), so only the picture is counted. */
static void cut_labels(char *buf)
{
    char *line = buf;
    while (*line) {
        char *end = strchr(line, '\n'), *p;
        int letters_only = 1;
        for (p = line; p < end; p++)
            if (*p != ' ' && (*p < 'a' || *p > 'z'))
                letters_only = 0;
        if (letters_only && end > line) {
            *line = '\0';
            return;
        }
        line = end + 1;
    }
}

/* Renderings in the three views, checked against the board's own beams. */
START_TEST(renderings)
{
    int kind = _i == 0 ? MG_BOARD_LABYRINTH : MG_BOARD_OCTOPUSZLE;
    mg_board *b = NULL;
    static char buf[1 << 17];
    size_t need;
    int e = 0, ne = 0, n = 0, nw = 0, beams = 0, i, cellsn;
    ck_assert_int_eq(mg_board_generate(&b, kind, 5), MG_OK);
    cellsn = mg_board_cell_count(b);
    for (i = 0; i < cellsn; i++) {
        unsigned m = (unsigned)mg_board_cell_mask(b, i);
        beams += popcount(m);
        e += (m & 1) != 0;
        if (kind == MG_BOARD_OCTOPUSZLE) {
            ne += (m & 2) != 0;
            n += (m & 4) != 0;
            nw += (m & 8) != 0;
        } else {
            ne += (m & 2) != 0;
            nw += (m & 4) != 0;
        }
    }
    /* beams only: one character per beam between two cells */
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT, MG_BOARD_SHOW_BEAMS,
                                     buf, sizeof buf, &need), MG_OK);
    ck_assert_uint_eq(need, strlen(buf) + 1);
    cut_labels(buf);
    ck_assert_int_eq(count_char(buf, '-'), kind == MG_BOARD_OCTOPUSZLE ? e : 3 * e);
    /* two diagonals crossing are one '+' (not 'x', taken for Black's
     * stone X; the picture's marks are the renderer's, not rules) */
    ck_assert_int_eq(count_char(buf, 'x'), 0);
    ck_assert_int_eq(count_char(buf, '/') + count_crossings(buf), ne);
    ck_assert_int_eq(count_char(buf, '\\') + count_crossings(buf), nw);
    ck_assert_int_eq(count_char(buf, '|'), n);
    ck_assert_int_eq(count_char(buf, '+') - count_crossings(buf), cellsn);
    /* cells only: no beam characters */
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT, MG_BOARD_SHOW_CELLS,
                                     buf, sizeof buf, NULL), MG_OK);
    ck_assert_int_eq(count_char(buf, '/') + count_char(buf, '\\') +
                         count_char(buf, '|'), 0);
    /* SVG: one beam line per beam; a tile per cell and the blank */
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_SVG,
                                     MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS,
                                     buf, sizeof buf, NULL), MG_OK);
    ck_assert(strncmp(buf, "<svg ", 5) == 0);
    ck_assert_int_eq(count_str(buf, "class=\"blank\""), 1);
    ck_assert_int_eq(count_str(buf, "<line "), beams);
    ck_assert_int_eq(count_str(buf, kind == MG_BOARD_OCTOPUSZLE ? "<rect x="
                                                                : "<polygon "),
                     cellsn + 1);
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_SVG, MG_BOARD_SHOW_CELLS, buf,
                                     sizeof buf, NULL), MG_OK);
    ck_assert_int_eq(count_str(buf, "<line "), 0);
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_SVG, MG_BOARD_SHOW_BEAMS, buf,
                                     sizeof buf, NULL), MG_OK);
    ck_assert_int_eq(count_str(buf, kind == MG_BOARD_OCTOPUSZLE ? "<rect x="
                                                                : "<polygon "),
                     1);
    /* bad views and formats */
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT, 0, buf, sizeof buf, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT, 4, buf, sizeof buf, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_board_render(b, 3, 1, buf, sizeof buf, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT, 1, NULL, 0, &need),
                     MG_ENOBUFS);
    mg_board_free(b);
}
END_TEST

/* A small fixed board kept as text (a Labyrinth board): it parses,
 * validates, formats back exactly, and renders to the text kept with it. */
START_TEST(fixed_board_text)
{
    static const char *fixed =
#include "board_fixed.h"
        ;
    static const char *const views[2] = {
#include "board_fixed_render.h"
    };
    mg_board *b = NULL;
    static char buf[8192];
    char err[256];
    ck_assert_msg(mg_board_parse(&b, fixed, err, sizeof err) == MG_OK, "%s", err);
    ck_assert_int_eq(mg_board_format(b, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, fixed);
    validate(b);
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT,
                                     MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS,
                                     buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, views[0]);
    ck_assert_int_eq(mg_board_render(b, MG_RENDER_TEXT, MG_BOARD_SHOW_CELLS,
                                     buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, views[1]);
    ck_assert_int_eq(mg_board_fingerprint(b) != 0, 1);
    mg_board_free(b);
}
END_TEST

Suite *mg_board_suite(void)
{
    Suite *s = suite_create("board");
    TCase *gen = tcase_create("generate");
    TCase *fmt = tcase_create("format");
    tcase_add_loop_test(gen, generated_boards_validate, 0, 2);
    tcase_add_test(gen, determinism_golden);
    tcase_add_loop_test(gen, variety, 0, 2);
    tcase_set_timeout(gen, 1200);
    tcase_add_loop_test(fmt, fingerprint_symmetry_and_round_trip, 0, 2);
    tcase_add_loop_test(fmt, parser_refusals, 0, 2);
    tcase_add_test(fmt, cell_queries);
    tcase_add_loop_test(fmt, renderings, 0, 2);
    tcase_add_test(fmt, fixed_board_text);
    tcase_set_timeout(fmt, 120);
    suite_add_tcase(s, gen);
    suite_add_tcase(s, fmt);
    return s;
}
