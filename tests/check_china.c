/*
 * check_china.c - the four China games (RULES.md §0, §1.2-1.5, §2.2-2.4),
 * sections cited per test.  Positions are built by legal actions that the
 * test chooses by reading the board (mg_game_board + mg_board_cell_*);
 * single turns are enumerated exhaustively; random full games are checked
 * step by step against a model of the rules written here and, at the end,
 * against groups, scores and winners recomputed here (own search over
 * mg_board_cell_neighbors, own cascade).  Octopuszle boards are few (their
 * generation is the slow part); most tests run on China Labyrinth boards.
 */
#include "tests.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAXN 255
#define MAXA (MAXN + 2)

static const int sq_dx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int sq_dy[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int hx_dx[6] = {1, 0, -1, -1, 0, 1};
static const int hx_dy[6] = {0, 1, 1, 0, -1, -1};

/* ------------------------------------------------------------ helpers */

static uint64_t rnd(uint64_t *x) /* splitmix64 */
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int32_t rnd_below(uint64_t *x, int32_t n)
{
    return (int32_t)(rnd(x) % (uint64_t)n);
}

/* A game, a state and what the test reads off the board. */
typedef struct {
    mg_game *g;
    mg_state *s;
    const mg_board *b;
    int32_t n, done, swap;
    int octo, base, nd;
    int maximal, number, ascending, penalty; /* from id and canonical spec */
    int32_t beams[MAXN], pclass[MAXN], key[MAXN]; /* key: turn class */
    int32_t nbr[MAXN][8], nn[MAXN];
} china;

static void setup(china *t)
{
    char spec[256];
    const char *id, *p;
    int32_t i;
    t->b = mg_game_board(t->g);
    ck_assert_ptr_nonnull(t->b);
    t->n = mg_board_cell_count(t->b);
    t->octo = mg_board_kind(t->b) == MG_BOARD_OCTOPUSZLE;
    ck_assert_int_eq(t->n, t->octo ? 255 : 63);
    t->base = t->octo ? 9 : 7;
    t->nd = t->octo ? 8 : 6;
    t->done = t->n; /* RULES 1.5: DONE = N, SWAP = N + 1 */
    t->swap = t->n + 1;
    ck_assert_int_eq(mg_game_num_actions(t->g), t->n + 2);
    id = mg_game_id(t->g);
    t->maximal = !strcmp(id, "china_squares") || !strcmp(id, "china_grove");
    ck_assert_int_eq(mg_game_spec(t->g, spec, sizeof spec, NULL), MG_OK);
    t->number = strstr(spec, "mode=number") != NULL;
    t->ascending = strstr(spec, "order=ascending") != NULL;
    p = strstr(spec, "penalty=");
    t->penalty = p ? atoi(p + 8) : 0;
    for (i = 0; i < t->n; i++) {
        int32_t x, y, d, got[8];
        size_t cnt = 0;
        int m = mg_board_cell_mask(t->b, i), k = 0;
        MG_REQUIRE(m > 0, "cell %d: mask %d", i, m);
        for (; m; m &= m - 1)
            k++;
        t->beams[i] = k;
        t->pclass[i] = mg_board_cell_class(t->b, i);
        t->key[i] = t->number ? k : t->pclass[i];
        /* neighbours from positions and the direction table (RULES 1.1,
         * 2.1), cross-checked against mg_board_cell_neighbors */
        ck_assert_int_eq(mg_board_cell_position(t->b, i, &x, &y), MG_OK);
        t->nn[i] = 0;
        for (d = 0; d < t->nd; d++) {
            int c = mg_board_cell_at(t->b, x + (t->octo ? sq_dx : hx_dx)[d],
                                     y + (t->octo ? sq_dy : hx_dy)[d]);
            if (c >= 0)
                t->nbr[i][t->nn[i]++] = c;
        }
        MG_REQUIRE(mg_board_cell_neighbors(t->b, i, got, 8, &cnt) == MG_OK &&
                       (int32_t)cnt == t->nn[i] &&
                       !memcmp(got, t->nbr[i], cnt * sizeof *got),
                   "cell %d: neighbours disagree with positions", i);
    }
    ck_assert_int_eq(mg_state_new(&t->s, t->g), MG_OK);
}

static void open_spec(china *t, const char *spec)
{
    MG_GAME(t->g, spec);
    setup(t);
}

static void open_board(china *t, const char *spec, const mg_board *b)
{
    char err[256];
    int rc = mg_game_new_with_board(&t->g, spec, b, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "mg_game_new_with_board(%s): %d %s", spec, rc,
                  err);
    setup(t);
}

static void close_game(china *t)
{
    mg_state_free(t->s);
    mg_game_free(t->g);
    t->s = NULL;
    t->g = NULL;
}

static mg_board *octo_board(uint64_t seed)
{
    mg_board *b = NULL;
    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_OCTOPUSZLE, seed), MG_OK);
    return b;
}

static void act(china *t, int32_t a)
{
    char name[32] = "?";
    int rc = mg_state_apply(t->s, a);
    if (rc != MG_OK) {
        mg_state_action_to_string(t->s, a, name, sizeof name, NULL);
        ck_abort_msg("apply %d (%s): %s", a, name, mg_strerror(rc));
    }
}

static int player(const china *t)
{
    return mg_state_current_player(t->s);
}

/* Legal placements (cells) now, ascending; returns their number. */
static int32_t legal_cells(const china *t, int32_t *cells)
{
    int32_t acts[MAXA];
    size_t n = 0, i;
    int32_t k = 0;
    ck_assert_int_eq(mg_state_legal_actions(t->s, acts, MAXA, &n), MG_OK);
    for (i = 0; i < n; i++)
        if (acts[i] < t->n)
            cells[k++] = acts[i];
    return k;
}

/* Cells whose turn-class key (or pattern class) is `key`, ascending. */
static int32_t cells_with(const china *t, const int32_t *keys, int32_t key,
                          int32_t *out)
{
    int32_t i, k = 0;
    for (i = 0; i < t->n; i++)
        if (keys[i] == key)
            out[k++] = i;
    return k;
}

static int32_t min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

static void sort_desc(int32_t *v, int32_t n)
{
    int32_t i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && v[j - 1] < v[j]; j--) {
            int32_t tmp = v[j];
            v[j] = v[j - 1];
            v[j - 1] = tmp;
        }
}

static int32_t groups(const china *t, int seat, int32_t *buf)
{
    size_t n = 0;
    ck_assert_int_eq(mg_state_groups(t->s, seat, buf, MAXN, &n), MG_OK);
    return (int32_t)n;
}

static int32_t score(const china *t, int seat)
{
    int32_t v = -12345;
    ck_assert_int_eq(mg_state_score(t->s, seat, &v), MG_OK);
    return v;
}

/* Group sizes of colour `col` by our own search, descending. */
static int32_t own_groups(const china *t, const int8_t *colour, int col,
                          int32_t *sizes)
{
    unsigned char seen[MAXN];
    int32_t stack[MAXN], i, n = 0;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < t->n; i++) {
        int32_t sp = 0, size = 0;
        if (colour[i] != col || seen[i])
            continue;
        seen[i] = 1;
        stack[sp++] = i;
        while (sp) {
            int32_t c = stack[--sp], d;
            size++;
            for (d = 0; d < t->nn[c]; d++) {
                int32_t f = t->nbr[c][d];
                if (!seen[f] && colour[f] == col) {
                    seen[f] = 1;
                    stack[sp++] = f;
                }
            }
        }
        sizes[n++] = size;
    }
    sort_desc(sizes, n);
    return n;
}

/* RULES §0 cascade, written here: sort, compare index by index, a missing
 * entry counting 0; larger wins; no difference is a draw. */
static int cascade(const int32_t *a0, int32_t na, const int32_t *b0, int32_t nb)
{
    int32_t a[MAXN], b[MAXN], i;
    memcpy(a, a0, (size_t)na * sizeof *a);
    memcpy(b, b0, (size_t)nb * sizeof *b);
    sort_desc(a, na);
    sort_desc(b, nb);
    for (i = 0; i < na || i < nb; i++) {
        int32_t x = i < na ? a[i] : 0, y = i < nb ? b[i] : 0;
        if (x != y)
            return x > y ? 0 : 1;
    }
    return MG_DRAW;
}

static int32_t sum(const int32_t *v, int32_t n)
{
    int32_t s = 0, i;
    for (i = 0; i < n; i++)
        s += v[i];
    return s;
}

/* Stone colours (0 White, 1 Black, -1 vacant) rebuilt from
 * mg_state_history and the seat that played each action (replayed on a
 * fresh state), accounting for the swap (RULES §0): a stone's colour is
 * its player's seat, exchanged if the swap came before it.  Returns 1 when
 * the seats were swapped. */
static int colours_from_history(const china *t, int8_t *colour)
{
    int32_t hist[2 * MAXN + 8];
    size_t n = 0, i;
    mg_state *r = NULL;
    int swapped = 0;
    ck_assert_int_eq(
        mg_state_history(t->s, hist, sizeof hist / sizeof *hist, &n), MG_OK);
    ck_assert_int_eq(mg_state_new(&r, t->g), MG_OK);
    memset(colour, -1, (size_t)t->n);
    for (i = 0; i < n; i++) {
        int seat = mg_state_current_player(r);
        MG_REQUIRE(seat == 0 || seat == 1, "replay: no player at %d", (int)i);
        if (hist[i] == t->swap)
            swapped = 1;
        else if (hist[i] < t->n) {
            MG_REQUIRE(colour[hist[i]] < 0, "cell %d placed twice", hist[i]);
            colour[hist[i]] = (int8_t)(seat ^ swapped);
        }
        MG_REQUIRE(mg_state_apply(r, hist[i]) == MG_OK, "replay failed");
    }
    MG_REQUIRE(mg_state_hash(r) == mg_state_hash(t->s), "replay hash");
    mg_state_free(r);
    return swapped;
}

/* The end of a game (RULES 1.3.5, 1.3.6, 2.3.4, §0 cascade and headline
 * score): full board, groups by our own search equal mg_state_groups for
 * both seats, scores and the winner recomputed, never a draw. */
static void check_end(const china *t, const int8_t *colour, int swapped)
{
    int32_t own[2][MAXN], lib[2][MAXN], n_own[2], n_lib[2], sc[2], i;
    int seat, want;
    MG_REQUIRE(mg_state_is_terminal(t->s) == 1, "not over");
    MG_REQUIRE(player(t) == MG_NOBODY, "a player after the end");
    for (i = 0; i < t->n; i++)
        MG_REQUIRE(colour[i] == 0 || colour[i] == 1, "cell %d vacant", i);
    for (seat = 0; seat < 2; seat++) {
        int col = seat ^ swapped;
        int32_t stones = 0;
        n_own[seat] = own_groups(t, colour, col, own[seat]);
        n_lib[seat] = groups(t, seat, lib[seat]);
        MG_REQUIRE(n_own[seat] == n_lib[seat] &&
                       !memcmp(own[seat], lib[seat],
                               (size_t)n_own[seat] * sizeof(int32_t)),
                   "seat %d: %d groups here, %d from mg_state_groups", seat,
                   n_own[seat], n_lib[seat]);
        for (i = 0; i < t->n; i++)
            stones += colour[i] == col;
        MG_REQUIRE(sum(own[seat], n_own[seat]) == stones, "group sizes");
        sc[seat] = t->maximal ? stones - t->penalty * n_own[seat]
                              : (n_own[seat] ? own[seat][0] : 0);
        MG_REQUIRE(score(t, seat) == sc[seat], "seat %d score %d, want %d",
                   seat, score(t, seat), sc[seat]);
    }
    if (t->maximal) /* RULES 1.3.6 */
        want = sc[0] == sc[1] ? MG_DRAW : sc[0] > sc[1] ? 0 : 1;
    else /* RULES 2.3.4, 1.4: cascade on mg_state_groups of both seats */
        want = cascade(lib[0], n_lib[0], lib[1], n_lib[1]);
    MG_REQUIRE(want != MG_DRAW, "a draw on a full board");
    MG_REQUIRE(mg_state_winner(t->s) == want, "winner %d, want %d",
               mg_state_winner(t->s), want);
}

/* ------------------------------------------------------- a rules model */

/* The rules of RULES 1.3.2, 1.5, 2.3.2 and §0 (swap) written out here:
 * which actions are legal, when a turn ends, who moves. */
typedef struct {
    int8_t occ[MAXN]; /* -1 vacant, else the colour */
    int colour;       /* colour to move, -1 over */
    int swapped, turn, placed, quota;
    int32_t k, last, filled;
} model;

static void m_init(const china *t, model *m)
{
    memset(m, 0, sizeof *m);
    memset(m->occ, -1, (size_t)t->n);
}

static int m_may_stop(const china *t, const model *m)
{
    return !t->maximal || m->turn == 0;
}

/* Vacant cells of key k with an index above `after`. */
static int32_t m_vacant(const china *t, const model *m, int32_t k,
                        int32_t after)
{
    int32_t i, n = 0;
    for (i = after + 1; i < t->n; i++)
        n += t->key[i] == k && m->occ[i] < 0;
    return n;
}

static int m_cell_legal(const china *t, const model *m, int32_t c)
{
    int32_t need;
    if (m->colour < 0 || m->occ[c] >= 0)
        return 0;
    if (m->placed == 0) {
        if (!t->ascending || m_may_stop(t, m))
            return 1;
        need = min32(t->base - t->beams[c], m_vacant(t, m, t->key[c], -1)) - 1;
    } else {
        if (t->key[c] != m->k)
            return 0;
        if (!t->ascending)
            return 1;
        if (c <= m->last)
            return 0;
        if (m_may_stop(t, m))
            return 1;
        need = m->quota - m->placed - 1;
    }
    return need <= 0 || m_vacant(t, m, t->key[c], c) >= need;
}

static int32_t m_legal(const china *t, const model *m, int32_t *buf)
{
    int32_t i, n = 0;
    if (m->colour < 0)
        return 0;
    for (i = 0; i < t->n; i++)
        if (m_cell_legal(t, m, i))
            buf[n++] = i;
    if (m->placed > 0 && m_may_stop(t, m))
        buf[n++] = t->done;
    if (m->turn == 1 && m->placed == 0 && !m->swapped)
        buf[n++] = t->swap;
    return n;
}

static void m_end_turn(model *m)
{
    m->turn++;
    m->colour ^= 1;
    m->placed = 0;
}

static void m_apply(const china *t, model *m, int32_t a)
{
    int32_t i;
    if (a == t->swap) {
        m->swapped = 1;
        return;
    }
    if (a == t->done) {
        m_end_turn(m);
        return;
    }
    if (m->placed == 0) {
        m->k = t->key[a];
        m->quota = min32(t->base - t->beams[a], m_vacant(t, m, m->k, -1));
    }
    m->occ[a] = (int8_t)m->colour;
    m->placed++;
    m->last = a;
    if (++m->filled == t->n) {
        m->colour = -1;
        return;
    }
    if (m->placed >= m->quota) {
        m_end_turn(m);
        return;
    }
    for (i = 0; i < t->n; i++)
        if (m_cell_legal(t, m, i))
            return;
    m_end_turn(m); /* RULES 1.5: no placement legal any more */
}

/* The library agrees with the model: player to move, legal actions. */
static void m_check(const china *t, const model *m, int step)
{
    int32_t want[MAXA], got[MAXA], nw = m_legal(t, m, want);
    size_t ng = 0;
    int p = m->colour < 0 ? MG_NOBODY : m->colour ^ m->swapped;
    MG_REQUIRE(player(t) == p, "step %d: player %d, model %d", step, player(t),
               p);
    MG_REQUIRE(mg_state_legal_actions(t->s, got, MAXA, &ng) == MG_OK,
               "legal actions");
    MG_REQUIRE((int32_t)ng <= mg_game_max_legal_actions(t->g),
               "step %d: %d legal actions, more than the maximum", step,
               (int)ng);
    if ((size_t)nw != ng || memcmp(want, got, ng * sizeof *got)) {
        int32_t i;
        for (i = 0; i < nw && i < (int32_t)ng && want[i] == got[i]; i++)
            ;
        ck_abort_msg("step %d (turn %d, placed %d): %d legal actions, model "
                     "%d; first difference at %d: library %d, model %d",
                     step, m->turn, m->placed, (int)ng, nw, i,
                     i < (int32_t)ng ? got[i] : -1, i < nw ? want[i] : -1);
    }
    MG_REQUIRE(mg_state_is_legal(t->s, t->done) ==
                   (m->colour >= 0 && m->placed > 0 && m_may_stop(t, m)),
               "step %d: done", step);
    MG_REQUIRE(
        mg_state_is_legal(t->s, t->swap) ==
            (m->colour >= 0 && m->turn == 1 && m->placed == 0 && !m->swapped),
        "step %d: swap", step);
}

/* A random full game checked against the model at every step; the swap is
 * taken half the times it is offered, `done` a quarter of the times. */
static void model_game(china *t, uint64_t seed)
{
    model m;
    int8_t colour[MAXN];
    int step = 0;
    uint64_t r = seed;
    m_init(t, &m);
    while (m.colour >= 0) {
        int32_t acts[MAXA], n, a, i, cells = 0;
        m_check(t, &m, step);
        n = m_legal(t, &m, acts);
        MG_REQUIRE(n > 0, "step %d: no legal action", step);
        for (i = 0; i < n; i++)
            cells += acts[i] < t->n;
        if (acts[n - 1] == t->swap && rnd_below(&r, 2))
            a = t->swap;
        else if (acts[n - 1] == t->done && (cells == 0 || !rnd_below(&r, 4)))
            a = t->done;
        else {
            MG_REQUIRE(cells > 0, "step %d: no placement", step);
            a = acts[rnd_below(&r, cells)];
        }
        MG_REQUIRE(mg_state_apply(t->s, a) == MG_OK, "step %d: apply %d", step,
                   a);
        m_apply(t, &m, a);
        step++;
    }
    m_check(t, &m, step);
    MG_REQUIRE(colours_from_history(t, colour) == m.swapped, "swapped");
    MG_REQUIRE(!memcmp(colour, m.occ, (size_t)t->n), "stone colours");
    check_end(t, colour, m.swapped);
}

/* mg_state_playout's own random game, checked at the end. */
static void playout_game(china *t, uint64_t seed)
{
    int8_t colour[MAXN];
    int swapped;
    MG_REQUIRE(mg_state_playout(t->s, seed, -1) > 0, "playout");
    swapped = colours_from_history(t, colour);
    check_end(t, colour, swapped);
}

static void restart(china *t)
{
    mg_state_free(t->s);
    t->s = NULL;
    ck_assert_int_eq(mg_state_new(&t->s, t->g), MG_OK);
}

/* ------------------------------------------------------------ options */

static void expect_spec(const char *spec, const char *canonical)
{
    mg_game *g = NULL, *g2 = NULL;
    char buf[256];
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, canonical);
    MG_GAME(g2, buf); /* the canonical spec gives the same game */
    ck_assert_int_eq(mg_game_spec(g2, buf, sizeof buf, NULL), MG_OK);
    ck_assert_str_eq(buf, canonical);
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(g)),
                      mg_board_fingerprint(mg_game_board(g2)));
    mg_game_free(g2);
    mg_game_free(g);
}

static void expect_refusal(const char *spec, int code)
{
    mg_game *g = (mg_game *)&g;
    char err[256] = "";
    int rc = mg_game_new(&g, spec, err, sizeof err);
    ck_assert_msg(rc == code, "%s: %d (%s), want %d", spec, rc, err, code);
    ck_assert_ptr_null(g);
    ck_assert_msg(err[0] != '\0', "%s: no message", spec);
}

/* RULES 2.3, 2.4 (Options), §0 spec strings; 1.3 and 1.4 refusals that
 * need no Octopuszle board. */
START_TEST(options_labyrinth_and_refusals)
{
    expect_spec("china_tangle",
                "china_tangle(board=1,mode=pattern,order=free)");
    expect_spec("china_grove",
                "china_grove(board=1,mode=pattern,penalty=4,order=free)");
    expect_spec("china_grove()",
                "china_grove(board=1,mode=pattern,penalty=4,order=free)");
    expect_spec(" china_grove ( ORDER = Ascending , penalty=8, Mode=NUMBER ,"
                "board=77 )",
                "china_grove(board=77,mode=number,penalty=8,order=ascending)");
    expect_spec("china_tangle(mode=number,board=18446744073709551615)",
                "china_tangle(board=18446744073709551615,mode=number,"
                "order=free)");
    expect_spec("china_grove(penalty=2)",
                "china_grove(board=1,mode=pattern,penalty=2,order=free)");
    expect_spec("china_grove(penalty=6)",
                "china_grove(board=1,mode=pattern,penalty=6,order=free)");
    /* RULES 1.3.6: P in {2, 4, 6, 8} */
    expect_refusal("china_grove(penalty=3)", MG_EVALUE);
    expect_refusal("china_grove(penalty=7)", MG_EVALUE);
    expect_refusal("china_grove(penalty=10)", MG_EVALUE);
    expect_refusal("china_grove(penalty=0)", MG_EVALUE);
    expect_refusal("china_squares(penalty=10)", MG_EVALUE);
    expect_refusal("china_squares(penalty=-4)", MG_EVALUE);
    /* keys that do not apply (§0) */
    expect_refusal("china_squares(mode=number)", MG_EOPTION);
    expect_refusal("china_squares(mode=pattern)", MG_EOPTION);
    expect_refusal("china_tangle(penalty=4)", MG_EOPTION);
    expect_refusal("china_octangle(penalty=4)", MG_EOPTION);
    expect_refusal("china_tangle(size=3)", MG_EOPTION);
    expect_refusal("china_tangle(mode=number,mode=pattern)", MG_EOPTION);
    /* values (§0, 1.5) */
    expect_refusal("china_tangle(order=random)", MG_EVALUE);
    expect_refusal("china_squares(order=random)", MG_EVALUE);
    expect_refusal("china_grove(mode=shape)", MG_EVALUE);
    expect_refusal("china_tangle(board=-1)", MG_EVALUE);
    expect_refusal("china_squares(board=-1)", MG_EVALUE);
    expect_refusal("china_grove(board=x)", MG_EVALUE);
    expect_refusal("china_grove(board=18446744073709551616)", MG_EVALUE);
}
END_TEST

/* RULES 1.1 ("or supplied as text"), 2.1: mg_game_new_with_board. */
START_TEST(game_on_explicit_board)
{
    mg_board *b = NULL, *lb = NULL;
    mg_game *g = NULL, *dab = NULL;
    char spec[256], err[256], *text, *text2;
    size_t need = 0;
    china t;
    int rc;

    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_LABYRINTH, 9), MG_OK);
    ck_assert_int_eq(mg_board_format(b, NULL, 0, &need), MG_ENOBUFS);
    text = malloc(need);
    text2 = malloc(need);
    ck_assert_int_eq(mg_board_format(b, text, need, NULL), MG_OK);

    ck_assert_int_eq(
        mg_game_new_with_board(&g, "china_tangle", b, err, sizeof err), MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_tangle(mode=pattern,order=free)");
    ck_assert_ptr_ne(mg_game_board(g), b); /* its own copy */
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(g)),
                      mg_board_fingerprint(b));
    mg_game_free(g);

    ck_assert_int_eq(mg_game_new_with_board(&g,
                                            "china_grove(penalty=6,"
                                            "order=ascending)",
                                            b, err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec,
                     "china_grove(mode=pattern,penalty=6,order=ascending)");
    mg_game_free(g);

    /* refusals; *out is NULL after each */
    g = (mg_game *)&g;
    rc = mg_game_new_with_board(&g, "china_squares", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_EMISMATCH);
    ck_assert_ptr_null(g);
    ck_assert(err[0] != '\0');
    rc = mg_game_new_with_board(&g, "china_octangle(mode=number)", b, err,
                                sizeof err);
    ck_assert_int_eq(rc, MG_EMISMATCH);
    rc = mg_game_new_with_board(&g, "dots_and_boxes", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_EUNSUPPORTED);
    ck_assert_ptr_null(g);
    rc =
        mg_game_new_with_board(&g, "china_tangle(board=9)", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_EOPTION);
    ck_assert_ptr_null(g);
    ck_assert(err[0] != '\0');
    g = (mg_game *)&g;
    rc = mg_game_new_with_board(&g, "china_tangle", NULL, err, sizeof err);
    ck_assert_int_eq(rc, MG_EINVAL);
    ck_assert_ptr_null(g);
    rc = mg_game_new_with_board(&g, "china_grove(penalty=3)", b, err,
                                sizeof err);
    ck_assert_int_eq(rc, MG_EVALUE);
    ck_assert_ptr_null(g);
    rc = mg_game_new_with_board(&g, "china_tangle(penalty=2)", b, err,
                                sizeof err);
    ck_assert_int_eq(rc, MG_EOPTION);
    rc = mg_game_new_with_board(&g, "no_such_game", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_ENOGAME);
    /* games without a board have none */
    MG_GAME(dab, "dots_and_boxes");
    ck_assert_ptr_null(mg_game_board(dab));
    mg_game_free(dab);
    ck_assert_ptr_null(mg_game_board(NULL));

    /* the game keeps its own copy: free the caller's board, then play */
    rc = mg_game_new_with_board(&t.g, "china_grove", b, err, sizeof err);
    ck_assert_int_eq(rc, MG_OK);
    mg_board_free(b);
    b = NULL;
    setup(&t);
    ck_assert_int_eq(mg_board_format(t.b, text2, need, NULL), MG_OK);
    ck_assert_str_eq(text2, text);
    model_game(&t, 99);
    /* and the board seed 9 gives the same game as the explicit copy */
    ck_assert_int_eq(mg_board_generate(&lb, MG_BOARD_LABYRINTH, 9), MG_OK);
    ck_assert_uint_eq(mg_board_fingerprint(lb), mg_board_fingerprint(t.b));
    mg_board_free(lb);
    close_game(&t);
    free(text);
    free(text2);
}
END_TEST

/* RULES 1.3 and 1.4 Options (defaults, canonical specs) and 1.1: board=S
 * is the board mg_board_generate(kind, S) returns; refusals needing an
 * Octopuszle board (penalty=3 on China Squares, a Labyrinth game on it). */
START_TEST(options_octopuszle)
{
    mg_game *sq = NULL, *oc = NULL, *g = NULL;
    char spec[256], err[256];
    MG_GAME(sq, "china_squares");
    ck_assert_int_eq(mg_game_spec(sq, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_squares(board=1,penalty=4,order=free)");
    MG_GAME(oc, "china_octangle");
    ck_assert_int_eq(mg_game_spec(oc, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_octangle(board=1,mode=pattern,order=free)");
    ck_assert_int_eq(mg_board_kind(mg_game_board(sq)), MG_BOARD_OCTOPUSZLE);
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(sq)),
                      mg_board_fingerprint(mg_game_board(oc)));

    ck_assert_int_eq(mg_game_new_with_board(&g,
                                            "china_squares(penalty=8,"
                                            "order=ascending)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_squares(penalty=8,order=ascending)");
    mg_game_free(g);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_octangle(mode=number)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(mg_game_spec(g, spec, sizeof spec, NULL), MG_OK);
    ck_assert_str_eq(spec, "china_octangle(mode=number,order=free)");
    mg_game_free(g);
    ck_assert_int_eq(
        mg_game_new(&g, "china_squares(penalty=3)", err, sizeof err),
        MG_EVALUE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_squares(penalty=3)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_EVALUE);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_squares(mode=number)",
                                            mg_game_board(sq), err, sizeof err),
                     MG_EOPTION);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_tangle",
                                            mg_game_board(sq), err, sizeof err),
                     MG_EMISMATCH);
    ck_assert_int_eq(mg_game_new_with_board(&g, "china_grove(penalty=4)",
                                            mg_game_board(oc), err, sizeof err),
                     MG_EMISMATCH);
    ck_assert_ptr_null(g);
    mg_game_free(oc);
    mg_game_free(sq);
}
END_TEST

/* ---------------------------------------------------- game lengths */

/* The class-size tables of RULES 1.2 and 2.2, by beam count n. */
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
 * stones (RULES 1.3.2); turns are counted as changes of the colour to
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
        c0 = cells[rnd_below(&r, n)];
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
            c0 = cells[t->ascending ? 0 : rnd_below(&r, n)];
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

/* RULES 1.2: a China Squares game where every turn places its maximum
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

/* RULES 2.2, 2.4: the same count for China Grove from the 2.2 table (21
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

/* ----------------------------------------------------- hand-built turns */

/* A class (of this game's keys) with given properties; -1 if none. */
static int32_t find_class(const china *t, int min_size, int max_size,
                          int min_quota, int need_rest)
{
    int32_t i, members[MAXN];
    for (i = 0; i < t->n; i++) {
        int32_t size = cells_with(t, t->key, t->key[i], members);
        int32_t q = t->base - t->beams[i];
        if (members[0] != i || size < min_size || size > max_size ||
            q < min_quota)
            continue;
        if (need_rest && !(size > q && size % q != 0 && size % q < q))
            continue;
        return t->key[i];
    }
    return -1;
}

/* Place the given cells, in order, for the player to move. */
static void place(china *t, const int32_t *cells, int32_t n)
{
    int32_t i;
    for (i = 0; i < n; i++)
        act(t, cells[i]);
}

/* RULES 1.3.2 (via 2.4): the quota is capped by the vacant cells of the
 * class, counting the first stone; the turn ends after that many. */
START_TEST(quota_capped_by_vacant_cells)
{
    china t;
    int32_t members[MAXN], size, q, k, i, rest;
    uint64_t seed;
    for (seed = 1; seed <= 6; seed++) {
        char spec[64];
        snprintf(spec, sizeof spec, "china_grove(board=%u)", (unsigned)seed);
        open_spec(&t, spec);
        /* (a) a later turn: White fills q cells of K on the first turn,
         * Black's turn in K then has only size - q < q cells */
        k = find_class(&t, 2, MAXN, 2, 1);
        ck_assert_int_ge(k, 0);
        size = cells_with(&t, t.key, k, members);
        q = t.base - t.beams[members[0]];
        place(&t, members, q);
        ck_assert_int_eq(player(&t), 1); /* the quota ended the turn */
        rest = size - q;
        ck_assert_int_lt(rest, q);
        for (i = 0; i < rest; i++) {
            ck_assert_int_eq(player(&t), 1);
            ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
            act(&t, members[q + i]);
        }
        ck_assert_int_eq(player(&t), 0); /* exactly `rest` placements */
        restart(&t);
        /* (b) the first turn stops early (`done`) after 2 stones of a
         * class with more room; the next turn in it has size - 2 */
        for (i = 0; i < t.n; i++) {
            size = cells_with(&t, t.key, t.key[i], members);
            q = t.base - t.beams[i];
            if (members[0] == i && size >= 3 && q >= 3 && size - 2 < q)
                break;
        }
        ck_assert_int_lt(i, t.n);
        place(&t, members, 2);
        ck_assert_int_eq(player(&t), 0);
        act(&t, t.done);
        for (i = 2; i < size; i++) {
            ck_assert_int_eq(player(&t), 1);
            act(&t, members[i]);
        }
        ck_assert_int_eq(player(&t), 0);
        close_game(&t);

        /* (c) China Tangle (2.3.2): up to min(7 - n, vacant) — after the
         * cap the turn ends by itself, no `done` needed */
        snprintf(spec, sizeof spec, "china_tangle(board=%u)", (unsigned)seed);
        open_spec(&t, spec);
        k = find_class(&t, 2, MAXN, 2, 1);
        size = cells_with(&t, t.key, k, members);
        q = t.base - t.beams[members[0]];
        for (i = 0; i < q - 1; i++)
            act(&t, members[i]);
        act(&t, t.done);
        rest = size - (q - 1);
        ck_assert_int_lt(rest, q);
        for (i = 0; i < rest; i++) {
            ck_assert_int_eq(player(&t), 1);
            act(&t, members[q - 1 + i]);
        }
        ck_assert_int_eq(player(&t), 0);
        close_game(&t);
    }
}
END_TEST

/* Cells taken so far (from mg_state_history). */
static void taken_cells(const china *t, int8_t *occ)
{
    int32_t hist[2 * MAXN + 8];
    size_t n = 0, i;
    ck_assert_int_eq(mg_state_history(t->s, hist, 2 * MAXN + 8, &n), MG_OK);
    memset(occ, 0, (size_t)t->n);
    for (i = 0; i < n; i++)
        if (hist[i] < t->n)
            occ[hist[i]] = 1;
}

/* After the first stone c0 of a turn (free order): every vacant cell of
 * its class (key) is legal and accepted, every other cell is refused with
 * MG_EILLEGAL and leaves the state unchanged (RULES 1.3.2, 2.3.2).  The
 * stone is taken back at the end. */
static void check_followups(china *t, int32_t c0)
{
    int32_t c, cells[MAXN], n, k = 0;
    int8_t occ[MAXN];
    uint64_t h;
    size_t hl = 0, hl2 = 0;
    int p = player(t);
    taken_cells(t, occ);
    act(t, c0);
    occ[c0] = 1;
    ck_assert_int_eq(player(t), p); /* the turn goes on */
    h = mg_state_hash(t->s);
    ck_assert_int_eq(mg_state_history(t->s, NULL, 0, &hl), MG_ENOBUFS);
    n = legal_cells(t, cells);
    for (c = 0; c < t->n; c++) {
        int in = !occ[c] && t->key[c] == t->key[c0];
        if (in) {
            MG_REQUIRE(k < n && cells[k] == c,
                       "cell %d of the class not "
                       "listed as legal",
                       c);
            k++;
            MG_REQUIRE(mg_state_is_legal(t->s, c) == 1, "cell %d", c);
            MG_REQUIRE(mg_state_apply(t->s, c) == MG_OK, "cell %d refused", c);
            MG_REQUIRE(mg_state_undo(t->s) == MG_OK, "undo");
        } else {
            MG_REQUIRE(mg_state_is_legal(t->s, c) == 0,
                       "cell %d (key %d) "
                       "legal after %d (key %d)",
                       c, t->key[c], c0, t->key[c0]);
            MG_REQUIRE(mg_state_apply(t->s, c) == MG_EILLEGAL,
                       "cell %d (taken or outside the class) accepted", c);
        }
        MG_REQUIRE(mg_state_hash(t->s) == h && player(t) == p, "state changed");
    }
    ck_assert_int_eq(n, k);
    ck_assert_int_eq(mg_state_history(t->s, NULL, 0, &hl2), MG_ENOBUFS);
    ck_assert_uint_eq(hl, hl2);
    ck_assert_int_eq(mg_state_undo(t->s), MG_OK);
}

/* Vacant cells of c's class, c included, and c's quota >= 2? */
static int turn_goes_on(const china *t, int32_t c)
{
    int8_t occ[MAXN];
    int32_t i, v = 0;
    taken_cells(t, occ);
    for (i = 0; i < t->n; i++)
        v += !occ[i] && t->key[i] == t->key[c];
    return !occ[c] && v >= 2 && t->base - t->beams[c] >= 2;
}

/* RULES 1.3.2 / 2.3.2: follow-ups outside the class are refused, inside
 * accepted; on every class of Grove and Tangle, pattern and number mode,
 * on White's first turn and on a later turn. */
START_TEST(followups_stay_in_class)
{
    static const char *const specs[] = {
        "china_grove(board=3)",
        "china_tangle(board=3)",
        "china_tangle(board=3,mode=number)",
        "china_grove(board=4,mode=number)",
    };
    size_t v;
    for (v = 0; v < sizeof specs / sizeof *specs; v++) {
        china t;
        int32_t i, members[MAXN];
        open_spec(&t, specs[v]);
        for (i = 0; i < t.n; i++) /* first turn, one stone per class */
            if (cells_with(&t, t.key, t.key[i], members) >= 2 &&
                members[0] == i)
                check_followups(&t, i);
        /* a later turn: after one turn each in one class */
        cells_with(&t, t.key, find_class(&t, 3, MAXN, 2, 0), members);
        act(&t, members[0]);
        if (player(&t) == 0)
            act(&t, t.done);
        act(&t, members[1]); /* Black's turn in the same class */
        while (player(&t) == 1) {
            int32_t cells[MAXN];
            ck_assert_int_gt(legal_cells(&t, cells), 0);
            act(&t, cells[0]);
            if (player(&t) == 1 && !t.maximal)
                act(&t, t.done);
        }
        ck_assert_int_eq(player(&t), 0);
        for (i = 0; i < t.n; i++)
            if (turn_goes_on(&t, i))
                check_followups(&t, i);
        close_game(&t);
    }
}
END_TEST

/* RULES 1.3.2 (via 2.4) and 1.5 DONE: in Grove `done` is legal on the
 * very first turn after at least one stone, never before, never later;
 * 2.3.2: in Tangle after at least one placement on every turn. */
START_TEST(done_rules)
{
    china t;
    int32_t members[MAXN], k;
    uint64_t seed;
    /* Grove, hand-built */
    open_spec(&t, "china_grove(board=5)");
    k = find_class(&t, 3, MAXN, 3, 0);
    cells_with(&t, t.key, k, members);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
    ck_assert_int_eq(mg_state_apply(t.s, t.done), MG_EILLEGAL);
    act(&t, members[0]);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 1);
    act(&t, members[1]);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 1);
    act(&t, t.done);
    ck_assert_int_eq(player(&t), 1);
    ck_assert_int_eq(mg_state_apply(t.s, t.done), MG_EILLEGAL);
    act(&t, members[2]); /* Black in a class with room for more */
    ck_assert_int_eq(player(&t), 1);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
    ck_assert_int_eq(mg_state_apply(t.s, t.done), MG_EILLEGAL);
    close_game(&t);
    /* Grove: `done` after one stone of the first turn only */
    open_spec(&t, "china_grove(board=5)");
    act(&t, members[0]);
    act(&t, t.done);
    ck_assert_int_eq(player(&t), 1);
    ck_assert_int_eq(mg_state_is_terminal(t.s), 0);
    close_game(&t);
    /* Tangle: `done` after one placement on every turn, never before */
    open_spec(&t, "china_tangle(board=5)");
    ck_assert_int_eq(mg_state_apply(t.s, t.done), MG_EILLEGAL);
    while (!mg_state_is_terminal(t.s)) {
        int32_t cells[MAXN], n = legal_cells(&t, cells);
        int p = player(&t);
        ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
        act(&t, cells[n - 1]);
        if (player(&t) == p) {
            ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 1);
            act(&t, t.done);
            ck_assert_int_ne(player(&t), p);
        }
    }
    close_game(&t);
    /* random games against the model (which checks `done` at each step) */
    for (seed = 1; seed <= 10; seed++) {
        char spec[64];
        snprintf(spec, sizeof spec, "china_%s(board=%u)",
                 seed % 2 ? "grove" : "tangle", (unsigned)seed);
        open_spec(&t, spec);
        model_game(&t, seed);
        close_game(&t);
    }
}
END_TEST

/* ----------------------------------------------------------------- swap */

static void expect_groups(const china *t, int seat, const int32_t *want,
                          int32_t n)
{
    int32_t got[MAXN], ng = groups(t, seat, got), i;
    ck_assert_msg(ng == n, "seat %d: %d groups, want %d", seat, ng, n);
    for (i = 0; i < n; i++)
        ck_assert_int_eq(got[i], want[i]);
}

static int adjacent(const china *t, int32_t a, int32_t b)
{
    int32_t d;
    for (d = 0; d < t->nn[a]; d++)
        if (t->nbr[a][d] == b)
            return 1;
    return 0;
}

/* RULES §0 swap: only as seat 1's first action; after it seat 0 is to
 * move and plays Black, every stone belongs to seat 1; undo restores. */
static void check_swap(const char *spec)
{
    china t;
    int32_t c0 = -1, c1, c2 = -1, c3 = -1, i, one = 1;
    uint64_t h;
    int32_t s1;
    open_spec(&t, spec);
    /* White's stone: a cell with two vacant neighbours, in a class with
     * room for several stones */
    for (i = 0; i < t.n && c0 < 0; i++)
        if (t.nn[i] >= 3 && t.base - t.beams[i] >= 2)
            c0 = i;
    ck_assert_int_ge(c0, 0);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 0); /* not seat 0 */
    ck_assert_int_eq(mg_state_apply(t.s, t.swap), MG_EILLEGAL);
    act(&t, c0);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 0); /* mid-turn */
    act(&t, t.done);
    ck_assert_int_eq(player(&t), 1);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 1);
    /* not after seat 1 placed */
    c1 = t.nbr[c0][0];
    act(&t, c1);
    if (player(&t) == 1) {
        ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 0);
        ck_assert_int_eq(mg_state_apply(t.s, t.swap), MG_EILLEGAL);
    }
    ck_assert_int_eq(mg_state_undo(t.s), MG_OK);
    h = mg_state_hash(t.s);
    s1 = score(&t, 0);
    expect_groups(&t, 0, &one, 1);
    expect_groups(&t, 1, NULL, 0);
    act(&t, t.swap);
    ck_assert_int_eq(player(&t), 0);
    ck_assert_uint_ne(mg_state_hash(t.s), h);
    expect_groups(&t, 1, &one, 1); /* White's stone is seat 1's */
    expect_groups(&t, 0, NULL, 0);
    ck_assert_int_eq(score(&t, 1), s1);
    ck_assert_int_eq(score(&t, 0), 0);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 0); /* not twice */
    ck_assert_int_eq(mg_state_apply(t.s, t.swap), MG_EILLEGAL);
    /* undo restores everything */
    ck_assert_int_eq(mg_state_undo(t.s), MG_OK);
    ck_assert_uint_eq(mg_state_hash(t.s), h);
    ck_assert_int_eq(player(&t), 1);
    expect_groups(&t, 0, &one, 1);
    expect_groups(&t, 1, NULL, 0);
    ck_assert_int_eq(score(&t, 0), s1);
    ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 1);
    act(&t, t.swap);
    /* seat 0 now plays Black: a stone next to White's does not join it */
    c2 = t.nbr[c0][0];
    act(&t, c2);
    expect_groups(&t, 0, &one, 1);
    expect_groups(&t, 1, &one, 1);
    while (player(&t) == 0) { /* finish Black's turn */
        int32_t cells[MAXN], n = legal_cells(&t, cells), j;
        if (!t.maximal) {
            act(&t, t.done);
            break;
        }
        for (j = 0; j < n && adjacent(&t, c0, cells[j]); j++)
            ;
        act(&t, cells[j < n ? j : 0]);
    }
    ck_assert_int_eq(player(&t), 1); /* seat 1 plays White */
    ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 0);
    for (i = 1; i < t.nn[c0] && c3 < 0; i++) {
        int32_t cells[MAXN], n = legal_cells(&t, cells), j;
        for (j = 0; j < n; j++)
            if (cells[j] == t.nbr[c0][i])
                c3 = cells[j];
    }
    if (c3 >= 0) { /* White's second stone joins the first: seat 1's */
        int32_t g1[MAXN], n1;
        act(&t, c3);
        n1 = groups(&t, 1, g1);
        ck_assert_int_ge(n1, 1);
        ck_assert_int_ge(g1[0], 2);
    }
    close_game(&t);
    /* no swap for seat 1 after its first turn, nor on turn 3 */
    open_spec(&t, spec);
    act(&t, c0);
    act(&t, t.done);
    while (player(&t) == 1) {
        int32_t cells[MAXN];
        ck_assert_int_gt(legal_cells(&t, cells), 0);
        act(&t, cells[0]);
        if (!t.maximal && player(&t) == 1)
            act(&t, t.done);
    }
    for (i = 0; i < 3 && !mg_state_is_terminal(t.s); i++) {
        int p = player(&t);
        ck_assert_int_eq(mg_state_is_legal(t.s, t.swap), 0);
        while (player(&t) == p) {
            int32_t cells[MAXN];
            ck_assert_int_gt(legal_cells(&t, cells), 0);
            act(&t, cells[0]);
            if (!t.maximal && player(&t) == p)
                act(&t, t.done);
        }
    }
    close_game(&t);
}

/* RULES §0 swap, in Tangle (2.3.1) and Grove (2.4), both modes. */
START_TEST(swap_rule)
{
    check_swap("china_tangle(board=2)");
    check_swap("china_grove(board=2)");
    check_swap("china_grove(board=3,mode=number,penalty=8)");
}
END_TEST

/* RULES §0 + 2.4: after the swap, Black's turn (seat 0) is still mandatory
 * and maximal; the scores of seat 1 are White's. */
START_TEST(swap_then_mandatory_turn)
{
    china t;
    int32_t c0 = 0, members[MAXN] = {0}, size, q, i, k, placed = 0;
    open_spec(&t, "china_grove(board=6,penalty=6)");
    act(&t, c0);
    if (player(&t) == 0)
        act(&t, t.done);
    act(&t, t.swap);
    ck_assert_int_eq(player(&t), 0);
    ck_assert_int_eq(score(&t, 1), 1 - 6);
    ck_assert_int_eq(score(&t, 0), 0);
    k = find_class(&t, 3, MAXN, 3, 0);
    size = cells_with(&t, t.key, k, members);
    q = min32(t.base - t.beams[members[0]], size - (t.key[c0] == k));
    for (i = 0; placed < q; i++) {
        if (members[i] == c0)
            continue;
        ck_assert_int_eq(player(&t), 0);
        if (placed > 0)
            ck_assert_int_eq(mg_state_is_legal(t.s, t.done), 0);
        act(&t, members[i]);
        placed++;
    }
    ck_assert_int_eq(player(&t), 1);
    {
        int8_t colour[MAXN];
        int32_t g[MAXN], ng;
        ck_assert_int_eq(colours_from_history(&t, colour), 1);
        ng = own_groups(&t, colour, 1, g); /* Black: seat 0 */
        ck_assert_int_eq(score(&t, 0), q - 6 * ng);
        ck_assert_int_eq(score(&t, 1), 1 - 6);
    }
    close_game(&t);
}
END_TEST

/* One turn on state s: the cells, then `done` if the turn goes on. */
static void turn_on(mg_state *s, const int32_t *cells, int n, int32_t done)
{
    int p = mg_state_current_player(s), i;
    for (i = 0; i < n; i++)
        MG_REQUIRE(mg_state_apply(s, cells[i]) == MG_OK, "apply %d", cells[i]);
    if (mg_state_current_player(s) == p)
        MG_REQUIRE(mg_state_apply(s, done) == MG_OK, "done");
}

/* RULES 1.5 (order=free: placements in any order) and the hash contract
 * (what is on the board and who moves): the same stones placed in other
 * orders hash equal; the same cells with the colours exchanged do not. */
START_TEST(hash_transpositions)
{
    china t;
    int32_t m[MAXN], ab[2], ba[2], cd[2], dc[2];
    mg_state *s2 = NULL;
    open_spec(&t, "china_tangle(board=10)");
    cells_with(&t, t.key, find_class(&t, 4, MAXN, 3, 0), m);
    ab[0] = ba[1] = m[0];
    ab[1] = ba[0] = m[1];
    cd[0] = dc[1] = m[2];
    cd[1] = dc[0] = m[3];
    ck_assert_int_eq(mg_state_new(&s2, t.g), MG_OK);
    turn_on(t.s, ab, 2, t.done); /* White {a, b}, Black {c, d} */
    turn_on(t.s, cd, 2, t.done);
    turn_on(s2, ba, 2, t.done); /* the same in other orders */
    turn_on(s2, dc, 2, t.done);
    ck_assert_int_eq(player(&t), 0);
    ck_assert_uint_eq(mg_state_hash(s2), mg_state_hash(t.s));
    mg_state_free(s2);
    s2 = NULL;
    ck_assert_int_eq(mg_state_new(&s2, t.g), MG_OK);
    turn_on(s2, cd, 2, t.done); /* White {c, d}, Black {a, b} */
    turn_on(s2, ab, 2, t.done);
    ck_assert_int_eq(mg_state_current_player(s2), 0);
    ck_assert_uint_ne(mg_state_hash(s2), mg_state_hash(t.s));
    mg_state_free(s2);
    close_game(&t);
}
END_TEST

/* -------------------------------------------------------- number mode */

/* RULES 2.3.2 (and 1.4 on the Octopuszle): with mode=number the open
 * cells after a first stone with n exits are all vacant cells with n
 * exits, more than its pattern class when that class is smaller than
 * C(6, n); the quota is min(7 - n, vacant cells with n exits). */
static void check_number_mode(const char *pattern_spec, const char *number_spec,
                              const mg_board *b)
{
    china tp, tn;
    int n, wider = 0;
    if (b) {
        open_board(&tp, pattern_spec, b);
        open_board(&tn, number_spec, b);
    } else {
        open_spec(&tp, pattern_spec);
        open_spec(&tn, number_spec);
    }
    ck_assert_int_eq(tn.number, 1);
    for (n = 1; n < tn.nd; n++) {
        int32_t c0, i, cells[MAXN], nc, same_n = 0, same_class = 0, placed;
        for (c0 = 0; c0 < tn.n && tn.beams[c0] != n; c0++)
            ;
        ck_assert_int_lt(c0, tn.n);
        act(&tn, c0);
        act(&tp, c0);
        nc = legal_cells(&tn, cells);
        for (i = 0; i < tn.n; i++) {
            same_n += i != c0 && tn.beams[i] == n;
            same_class += i != c0 && tn.pclass[i] == tn.pclass[c0];
        }
        ck_assert_int_eq(nc, same_n);
        for (i = 0; i < nc; i++)
            ck_assert_int_eq(tn.beams[cells[i]], n);
        ck_assert_int_eq(legal_cells(&tp, cells), same_class);
        if (same_class < same_n)
            wider++;
        /* the quota counts cells with n exits, any pattern: prefer cells
         * of other pattern classes */
        placed = 1;
        while (player(&tn) == 0) {
            int32_t j;
            nc = legal_cells(&tn, cells);
            for (j = 0; !tn.ascending && j < nc &&
                        tn.pclass[cells[j]] == tn.pclass[c0];
                 j++)
                ;
            act(&tn, cells[j < nc ? j : 0]);
            placed++;
        }
        ck_assert_int_eq(placed, min32(tn.base - n, same_n + 1));
        restart(&tn);
        restart(&tp);
    }
    ck_assert_int_ge(wider, 3); /* n = 2, 3, 4 at least */
    close_game(&tp);
    close_game(&tn);
}

/* RULES 2.3.2 (mode=number), also for Grove (2.4) and order=ascending
 * (1.5). */
START_TEST(number_mode_wider_classes)
{
    check_number_mode("china_tangle(board=7)",
                      "china_tangle(board=7,"
                      "mode=number)",
                      NULL);
    check_number_mode("china_grove(board=8)",
                      "china_grove(board=8,"
                      "mode=number)",
                      NULL);
    check_number_mode("china_tangle(board=9,order=ascending)",
                      "china_tangle(board=9,mode=number,order=ascending)",
                      NULL);
}
END_TEST

/* ------------------------------------------------------- symple scores */

/* Two stones of one class, adjacent or not, as the whole first turn; the
 * pair is found on the board.  Returns 0 when the board has no pair. */
static int pair_position(china *t, int want_adjacent, int diagonal_only)
{
    int32_t a, b;
    for (a = 0; a < t->n; a++) {
        if (t->base - t->beams[a] < 2)
            continue;
        for (b = a + 1; b < t->n; b++) {
            int adj = adjacent(t, a, b);
            if (t->key[b] != t->key[a] || adj != want_adjacent)
                continue;
            if (diagonal_only && adj) {
                int32_t ax, ay, bx, by;
                mg_board_cell_position(t->b, a, &ax, &ay);
                mg_board_cell_position(t->b, b, &bx, &by);
                if (ax == bx || ay == by)
                    continue;
            }
            act(t, a);
            act(t, b);
            if (player(t) == 0)
                act(t, t->done);
            ck_assert_int_eq(player(t), 1);
            return 1;
        }
    }
    return 0;
}

/* RULES 1.3.6 via 2.4: score = stones - P x groups; P = 2, 4, 6, 8. */
START_TEST(symple_scores_grove)
{
    int p;
    for (p = 2; p <= 8; p += 2) {
        char spec[64];
        china t;
        int32_t two = 2, ones[2] = {1, 1};
        uint64_t seed;
        int found = 0;
        for (seed = 1; seed <= 40 && !found; seed++) {
            snprintf(spec, sizeof spec, "china_grove(board=%u,penalty=%d)",
                     (unsigned)seed, p);
            open_spec(&t, spec);
            found = pair_position(&t, 1, 0);
            if (!found)
                close_game(&t);
        }
        ck_assert_msg(found, "no board with two adjacent cells of a class");
        ck_assert_int_eq(score(&t, 0), 2 - p * 1);
        ck_assert_int_eq(score(&t, 1), 0);
        expect_groups(&t, 0, &two, 1);
        expect_groups(&t, 1, NULL, 0);
        restart(&t);
        ck_assert(pair_position(&t, 0, 0));
        ck_assert_int_eq(score(&t, 0), 2 - p * 2);
        expect_groups(&t, 0, ones, 2);
        /* Black's turn: its score is its stones - P x its groups */
        {
            int32_t cells[MAXN], g[MAXN], ng, stones = 0, i;
            int8_t colour[MAXN];
            while (player(&t) == 1) {
                ck_assert_int_gt(legal_cells(&t, cells), 0);
                act(&t, cells[0]);
            }
            colours_from_history(&t, colour);
            ng = own_groups(&t, colour, 1, g);
            for (i = 0; i < t.n; i++)
                stones += colour[i] == 1;
            ck_assert_int_gt(stones, 0);
            ck_assert_int_eq(score(&t, 1), stones - p * ng);
            ck_assert_int_eq(score(&t, 0), 2 - p * 2);
        }
        close_game(&t);
    }
}
END_TEST

/* -------------------------------------------------- random full games */

/* RULES §0 cascade, 2.3.4, 1.3.6 via 2.4, no draw on a full board;
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

/* ------------------------------------------------------ order=ascending */

typedef struct {
    uint64_t set[1024], hash[1024];
    int32_t count[1024];
    int n;
    long sequences;
} leaves;

static void record_leaf(leaves *L, uint64_t set, uint64_t hash)
{
    int i;
    L->sequences++;
    for (i = 0; i < L->n; i++)
        if (L->set[i] == set) {
            MG_REQUIRE(L->hash[i] == hash, "one set, two hashes");
            L->count[i]++;
            return;
        }
    MG_REQUIRE(L->n < 1024, "too many sets");
    L->set[L->n] = set;
    L->hash[L->n] = hash;
    L->count[L->n++] = 1;
}

/* Every action sequence of the turn now (until the colour to move
 * changes), the first stone restricted to pattern class `first`. */
static void enumerate(china *t, leaves *L, int p, int32_t first, uint64_t set,
                      int depth)
{
    int32_t acts[MAXA];
    size_t n = 0, i;
    MG_REQUIRE(mg_state_legal_actions(t->s, acts, MAXA, &n) == MG_OK, "legal");
    MG_REQUIRE(n > 0, "a turn with no way on");
    for (i = 0; i < n; i++) {
        int32_t a = acts[i];
        uint64_t s2 = set;
        MG_REQUIRE(a != t->swap, "swap offered");
        if (depth == 0 && (a >= t->n || t->pclass[a] != first))
            continue;
        if (a < t->n)
            s2 |= (uint64_t)1 << a;
        MG_REQUIRE(mg_state_apply(t->s, a) == MG_OK, "apply");
        if (mg_state_current_player(t->s) != p)
            record_leaf(L, s2, mg_state_hash(t->s));
        else
            enumerate(t, L, p, first, s2, depth + 1);
        MG_REQUIRE(mg_state_undo(t->s) == MG_OK, "undo");
    }
}

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static long factorial(int n)
{
    return n <= 1 ? 1 : n * factorial(n - 1);
}

/* Compare the two enumerations: same sets; one sequence per set with
 * ascending, k! with free (k stones: every order); distinct sets hash
 * differently.  Returns the number of sets. */
static int compare_orders(const leaves *fr, const leaves *as)
{
    int i, j, several = 0;
    ck_assert_int_eq(fr->n, as->n);
    for (i = 0; i < as->n; i++) {
        MG_REQUIRE(as->count[i] == 1, "ascending: set reached %d times",
                   as->count[i]);
        for (j = 0; j < fr->n && fr->set[j] != as->set[i]; j++)
            ;
        MG_REQUIRE(j < fr->n, "a set reached with ascending only");
        MG_REQUIRE(fr->count[j] == factorial(popcount64(fr->set[j])),
                   "free: %d sequences for %d stones", fr->count[j],
                   popcount64(fr->set[j]));
        several += fr->count[j] > 1;
        for (j = i + 1; j < as->n; j++)
            MG_REQUIRE(as->hash[i] != as->hash[j], "two sets, one hash");
    }
    ck_assert_int_gt(several, 0);
    ck_assert_int_eq(as->sequences, as->n);
    ck_assert_int_gt(fr->sequences, fr->n);
    return as->n;
}

static long binomial(int n, int k)
{
    long r = 1;
    int i;
    for (i = 1; i <= k; i++)
        r = r * (n - k + i) / i;
    return r;
}

/* RULES 1.5 order: by exhaustive enumeration of one turn, each set of
 * stones is reached by exactly one sequence with order=ascending, by
 * several with order=free, and both reach the same sets.  (a) The first
 * turn of China Tangle, first stones in the 12-member class; (b) a
 * mandatory-maximal later turn of China Grove in that class with four of
 * its cells already taken (holes between the vacant cells). */
START_TEST(ascending_order_enumeration)
{
    static leaves fr, as;
    china tf, ta;
    int32_t members[MAXN], size, i, k, q, other[MAXN], no;
    uint64_t h;
    long want;

    /* (a) */
    open_spec(&tf, "china_tangle(board=4)");
    open_spec(&ta, "china_tangle(board=4,order=ascending)");
    k = -1;
    for (i = 0; i < tf.n; i++)
        if (cells_with(&tf, tf.pclass, tf.pclass[i], members) == 12)
            k = tf.pclass[i];
    ck_assert_int_ge(k, 0);
    size = cells_with(&tf, tf.pclass, k, members);
    q = tf.base - tf.beams[members[0]];
    ck_assert_int_eq(q, 4);
    memset(&fr, 0, sizeof fr);
    memset(&as, 0, sizeof as);
    h = mg_state_hash(tf.s);
    enumerate(&tf, &fr, 0, k, 0, 0);
    ck_assert_uint_eq(mg_state_hash(tf.s), h);
    enumerate(&ta, &as, 0, k, 0, 0);
    for (want = 0, i = 1; i <= q; i++)
        want += binomial(size, i);
    ck_assert_int_eq(compare_orders(&fr, &as), want);
    close_game(&tf);
    close_game(&ta);

    /* (b) */
    open_spec(&tf, "china_grove(board=4)");
    open_spec(&ta, "china_grove(board=4,order=ascending)");
    size = cells_with(&tf, tf.pclass, k, members);
    {
        int32_t taken[4];
        taken[0] = members[1];
        taken[1] = members[4];
        taken[2] = members[7];
        taken[3] = members[10];
        place(&tf, taken, 4); /* White's first turn: the quota */
        place(&ta, taken, 4);
    }
    ck_assert_int_eq(player(&tf), 1);
    ck_assert_int_eq(player(&ta), 1);
    /* Black fills a one-exit class (6 cells, quota 6), ascending */
    for (i = 0; i < tf.n && tf.beams[i] != 1; i++)
        ;
    no = cells_with(&tf, tf.pclass, tf.pclass[i], other);
    place(&tf, other, no);
    place(&ta, other, no);
    ck_assert_int_eq(player(&tf), 0);
    ck_assert_int_eq(player(&ta), 0);
    memset(&fr, 0, sizeof fr);
    memset(&as, 0, sizeof as);
    enumerate(&tf, &fr, 0, k, 0, 0);
    enumerate(&ta, &as, 0, k, 0, 0);
    ck_assert_int_eq(compare_orders(&fr, &as), binomial(size - 4, 4));
    for (i = 0; i < as.n; i++) /* mandatory and maximal: always 4 */
        ck_assert_int_eq(popcount64(as.set[i]), 4);
    ck_assert_int_eq(fr.sequences, 8 * 7 * 6 * 5);
    close_game(&tf);
    close_game(&ta);
}
END_TEST

/* ------------------------------------------------------------ notation */

/* RULES §0 names: column letters like spreadsheet columns, row number,
 * both from the playing cells' minimum (0 after normalisation). */
static void column_name(int32_t x, char *out)
{
    char tmp[16];
    int n = 0, i;
    x++;
    while (x > 0) {
        x--;
        tmp[n++] = (char)('a' + x % 26);
        x /= 26;
    }
    for (i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    out[n] = '\0';
}

/* RULES §0, 1.5: cell names, indices, "done", "swap", "#index", case. */
static void check_names(china *t)
{
    int32_t i, minx = 1 << 30, miny = 1 << 30, px = 0, py = 0;
    char want[32], got[32], up[40], text[48];
    int32_t a;
    for (i = 0; i < t->n; i++) {
        int32_t x, y, j;
        ck_assert_int_eq(mg_board_cell_position(t->b, i, &x, &y), MG_OK);
        if (i) /* indices: bottom row first, left to right */
            MG_REQUIRE(y > py || (y == py && x > px), "cell order at %d", i);
        px = x;
        py = y;
        minx = x < minx ? x : minx;
        miny = y < miny ? y : miny;
        column_name(x, want);
        snprintf(want + strlen(want), sizeof want - strlen(want), "%d", y + 1);
        MG_REQUIRE(mg_state_action_to_string(t->s, i, got, sizeof got, NULL) ==
                           MG_OK &&
                       !strcmp(got, want),
                   "cell %d at (%d,%d): %s, want %s", i, x, y, got, want);
        MG_REQUIRE(mg_board_cell_name(t->b, i, got, sizeof got, NULL) ==
                           MG_OK &&
                       !strcmp(got, want),
                   "board name of %d", i);
        a = -1;
        MG_REQUIRE(mg_state_action_from_string(t->s, want, &a, NULL, 0) ==
                           MG_OK &&
                       a == i,
                   "parse %s", want);
        for (j = 0; want[j]; j++)
            up[j] = (char)toupper((unsigned char)want[j]);
        up[j] = '\0';
        snprintf(text, sizeof text, " %s\t", up);
        a = -1;
        MG_REQUIRE(mg_state_action_from_string(t->s, text, &a, NULL, 0) ==
                           MG_OK &&
                       a == i,
                   "parse %s", text);
        snprintf(text, sizeof text, "#%d", i);
        a = -1;
        MG_REQUIRE(mg_state_action_from_string(t->s, text, &a, NULL, 0) ==
                           MG_OK &&
                       a == i,
                   "parse %s", text);
    }
    ck_assert_int_eq(minx, 0);
    ck_assert_int_eq(miny, 0);
    ck_assert_int_eq(
        mg_state_action_to_string(t->s, t->done, got, sizeof got, NULL), MG_OK);
    ck_assert_str_eq(got, "done");
    ck_assert_int_eq(
        mg_state_action_to_string(t->s, t->swap, got, sizeof got, NULL), MG_OK);
    ck_assert_str_eq(got, "swap");
}

static void expect_parse_error(const china *t, const char *text, int code)
{
    char err[256] = "";
    int32_t a = 4242;
    int rc = mg_state_action_from_string(t->s, text, &a, err, sizeof err);
    ck_assert_msg(rc == code, "\"%s\": %d (%s), want %d", text, rc, err, code);
    ck_assert_msg(err[0] != '\0', "\"%s\": no message", text);
    ck_assert_int_eq(a, 4242);
}

/* RULES §0 (names, "#index", case) and 1.5 (ids, "done", "swap"); bad
 * text refused with MG_ESYNTAX / MG_ERANGE and a message. */
START_TEST(notation)
{
    china t;
    int32_t a = -1, bx, by, x, y, maxx = 0, maxy = 0, i;
    char buf[32], col[16], name[48];
    open_spec(&t, "china_tangle(board=12)");
    check_names(&t);
    ck_assert_int_eq(mg_state_action_from_string(t.s, "done", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.n);
    ck_assert_int_eq(mg_state_action_from_string(t.s, " DONE ", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.done);
    ck_assert_int_eq(mg_state_action_from_string(t.s, "swap", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.n + 1);
    ck_assert_int_eq(mg_state_action_from_string(t.s, "Swap", &a, NULL, 0),
                     MG_OK);
    ck_assert_int_eq(a, t.swap);
    ck_assert_int_eq(
        mg_state_action_to_string(t.s, t.n + 2, buf, sizeof buf, NULL),
        MG_ERANGE);
    expect_parse_error(&t, "", MG_ESYNTAX);
    expect_parse_error(&t, "   ", MG_ESYNTAX);
    expect_parse_error(&t, "f", MG_ESYNTAX);
    expect_parse_error(&t, "7f", MG_ESYNTAX);
    expect_parse_error(&t, "f7x", MG_ESYNTAX);
    expect_parse_error(&t, "a0", MG_ESYNTAX);
    expect_parse_error(&t, "dome", MG_ESYNTAX);
    expect_parse_error(&t, "done swap", MG_ESYNTAX);
    expect_parse_error(&t, "#", MG_ESYNTAX);
    expect_parse_error(&t, "#x", MG_ESYNTAX);
    expect_parse_error(&t, "#-1", MG_ESYNTAX);
    expect_parse_error(&t, "#63", MG_ERANGE);
    expect_parse_error(&t, "#99999999999", MG_ERANGE);
    expect_parse_error(&t, "zzz1", MG_ERANGE);
    expect_parse_error(&t, "a9999", MG_ERANGE);
    /* a name inside the frame where there is no playing cell */
    for (i = 0; i < t.n; i++) {
        mg_board_cell_position(t.b, i, &x, &y);
        maxx = x > maxx ? x : maxx;
        maxy = y > maxy ? y : maxy;
    }
    for (y = 0, i = 0; y <= maxy && !i; y++)
        for (x = 0; x <= maxx && !i; x++)
            if (mg_board_cell_at(t.b, x, y) < 0) {
                column_name(x, col);
                snprintf(name, sizeof name, "%s%d", col, (int)y + 1);
                expect_parse_error(&t, name, MG_ERANGE);
                i = 1;
            }
    ck_assert_int_eq(i, 1);
    /* the blank is no playing cell */
    ck_assert_int_eq(mg_board_blank_position(t.b, &bx, &by), MG_OK);
    if (bx >= 0 && by >= 0) {
        column_name(bx, col);
        snprintf(name, sizeof name, "%s%d", col, (int)by + 1);
        expect_parse_error(&t, name, MG_ERANGE);
    }
    close_game(&t);
}
END_TEST

/* ------------------------------------------------------------- records */

static char *save(const mg_state *s)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_state_save(s, NULL, 0, &need), MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_int_eq(mg_state_save(s, buf, need, NULL), MG_OK);
    ck_assert_uint_eq(strlen(buf) + 1, need);
    return buf;
}

static char *board_text(const mg_board *b)
{
    size_t need = 0;
    char *buf;
    ck_assert_int_eq(mg_board_format(b, NULL, 0, &need), MG_ENOBUFS);
    buf = malloc(need);
    ck_assert_int_eq(mg_board_format(b, buf, need, NULL), MG_OK);
    return buf;
}

static void check_reload(const china *t, const char *rec)
{
    mg_state *s2 = NULL;
    mg_game *g2 = NULL;
    char err[256] = "", s1[256], s2s[256];
    int32_t h1[2 * MAXN + 8], h2[2 * MAXN + 8];
    size_t n1 = 0, n2 = 0;
    int rc = mg_state_load(&s2, &g2, rec, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "load: %d %s", rc, err);
    ck_assert_uint_eq(mg_state_hash(s2), mg_state_hash(t->s));
    ck_assert_int_eq(mg_state_current_player(s2), player(t));
    ck_assert_int_eq(mg_game_spec(t->g, s1, sizeof s1, NULL), MG_OK);
    ck_assert_int_eq(mg_game_spec(g2, s2s, sizeof s2s, NULL), MG_OK);
    ck_assert_str_eq(s1, s2s);
    ck_assert_uint_eq(mg_board_fingerprint(mg_game_board(g2)),
                      mg_board_fingerprint(t->b));
    ck_assert_int_eq(mg_state_history(t->s, h1, 2 * MAXN + 8, &n1), MG_OK);
    ck_assert_int_eq(mg_state_history(s2, h2, 2 * MAXN + 8, &n2), MG_OK);
    ck_assert_uint_eq(n1, n2);
    ck_assert(!memcmp(h1, h2, n1 * sizeof *h1));
    mg_state_free(s2);
    mg_game_free(g2);
}

/* Records (mindgames(7)): a game on an explicit board (RULES 1.1 "or
 * supplied as text") carries the board and replays to the same hash; a
 * seeded game's record names its seed and has no board section.  The
 * actions are in the notation of 1.5, `swap` included. */
START_TEST(records)
{
    mg_board *b = NULL;
    china t;
    char *rec, *bt, *p, want[512];
    int32_t cells[MAXN];
    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_LABYRINTH, 11), MG_OK);
    bt = board_text(b);
    open_board(&t, "china_grove(penalty=6)", b);
    mg_board_free(b);
    ck_assert_int_gt(legal_cells(&t, cells), 0);
    act(&t, cells[0]);
    act(&t, t.done);
    act(&t, t.swap);
    ck_assert_int_gt(mg_state_playout(t.s, 5, 12), 0);
    rec = save(t.s);
    snprintf(want, sizeof want,
             "mindgames-record 1\ngame china_grove("
             "mode=pattern,penalty=6,order=free)\nboard\n");
    ck_assert_msg(!strncmp(rec, want, strlen(want)), "record:\n%s", rec);
    p = rec + strlen(want);
    ck_assert_msg(!strncmp(p, bt, strlen(bt)), "board text:\n%s", rec);
    p += strlen(bt);
    ck_assert_msg(!strncmp(p, "actions ", 8), "record:\n%s", rec);
    ck_assert_ptr_nonnull(strstr(p, " swap"));
    check_reload(&t, rec);
    free(rec);
    /* the finished game too */
    ck_assert_int_ge(mg_state_playout(t.s, 6, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(t.s), 1);
    rec = save(t.s);
    check_reload(&t, rec);
    free(rec);
    close_game(&t);
    free(bt);

    open_spec(&t, "china_tangle(board=11,mode=number)");
    ck_assert_int_gt(mg_state_playout(t.s, 8, 30), 0);
    rec = save(t.s);
    ck_assert_msg(!strncmp(rec,
                           "mindgames-record 1\ngame china_tangle("
                           "board=11,mode=number,order=free)\nactions ",
                           strlen("mindgames-record 1\ngame china_tangle("
                                  "board=11,mode=number,order=free)\n"
                                  "actions ")),
                  "record:\n%s", rec);
    ck_assert_ptr_null(strstr(rec, "\nboard"));
    ck_assert_ptr_null(strstr(rec, "mindgames-board"));
    check_reload(&t, rec);
    free(rec);
    close_game(&t);
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

/* Rendering: O White, X Black (the colours of RULES 1.3.1, 2.3.1), '*'
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

/* The Octopuszle board of seed 1 in the four roles of RULES 1.2-1.5: a
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

Suite *mg_china_suite(void)
{
    Suite *s = suite_create("china");
    TCase *opts = tcase_create("options");
    TCase *rules = tcase_create("rules");
    TCase *games = tcase_create("games");
    TCase *octo = tcase_create("octopuszle");
    tcase_add_test(opts, options_labyrinth_and_refusals);
    tcase_add_test(opts, game_on_explicit_board);
    tcase_add_test(rules, quota_capped_by_vacant_cells);
    tcase_add_test(rules, followups_stay_in_class);
    tcase_add_test(rules, done_rules);
    tcase_add_test(rules, swap_rule);
    tcase_add_test(rules, swap_then_mandatory_turn);
    tcase_add_test(rules, hash_transpositions);
    tcase_add_test(rules, number_mode_wider_classes);
    tcase_add_test(rules, symple_scores_grove);
    tcase_add_test(rules, ascending_order_enumeration);
    tcase_add_test(rules, notation);
    tcase_add_test(rules, records);
    tcase_add_test(rules, rendering);
    tcase_add_test(games, grove_length_from_table);
    tcase_add_test(games, random_games_labyrinth);
    tcase_add_test(octo, options_octopuszle);
    tcase_add_test(octo, squares_lasts_68_turns);
    tcase_add_test(octo, octopuszle_positions);
    tcase_add_test(octo, octopuszle_random_games);
    tcase_set_timeout(rules, 60);
    tcase_set_timeout(games, 120);
    tcase_set_timeout(octo, 600);
    suite_add_tcase(s, opts);
    suite_add_tcase(s, rules);
    suite_add_tcase(s, games);
    suite_add_tcase(s, octo);
    return s;
}
