/*
 * china_test.h - what the China test files share (check_china_options.c,
 * check_china_turns.c, check_china_games.c): a game and state with what
 * the test reads off the board (mg_game_board + mg_board_cell_*), groups,
 * scores and winners recomputed here (own search over
 * mg_board_cell_neighbors, own cascade), a model of the rules of a turn
 * that random games are checked against step by step, and position
 * helpers used by more than one of the files.
 */
#ifndef MG_CHINA_TEST_H
#define MG_CHINA_TEST_H

#include "test_rng.h"
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

static inline void setup(china *t)
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
    t->done = t->n; /* rules §1.5: DONE = N, SWAP = N + 1 */
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
        /* neighbours from positions and the direction table (rules §1.1,
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

static inline void open_spec(china *t, const char *spec)
{
    MG_GAME(t->g, spec);
    setup(t);
}

static inline void open_board(china *t, const char *spec, const mg_board *b)
{
    char err[256];
    int rc = mg_game_new_with_board(&t->g, spec, b, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "mg_game_new_with_board(%s): %d %s", spec, rc,
                  err);
    setup(t);
}

static inline void close_game(china *t)
{
    mg_state_free(t->s);
    mg_game_free(t->g);
    t->s = NULL;
    t->g = NULL;
}

static inline mg_board *octo_board(uint64_t seed)
{
    mg_board *b = NULL;
    ck_assert_int_eq(mg_board_generate(&b, MG_BOARD_OCTOPUSZLE, seed), MG_OK);
    return b;
}

static inline void act(china *t, int32_t a)
{
    char name[32] = "?";
    int rc = mg_state_apply(t->s, a);
    if (rc != MG_OK) {
        mg_state_action_to_string(t->s, a, name, sizeof name, NULL);
        ck_abort_msg("apply %d (%s): %s", a, name, mg_strerror(rc));
    }
}

static inline int player(const china *t)
{
    return mg_state_current_player(t->s);
}

/* Legal placements (cells) now, ascending; returns their number. */
static inline int32_t legal_cells(const china *t, int32_t *cells)
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
static inline int32_t cells_with(const china *t, const int32_t *keys,
                                 int32_t key, int32_t *out)
{
    int32_t i, k = 0;
    for (i = 0; i < t->n; i++)
        if (keys[i] == key)
            out[k++] = i;
    return k;
}

static inline int32_t min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

static inline void sort_desc(int32_t *v, int32_t n)
{
    int32_t i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && v[j - 1] < v[j]; j--) {
            int32_t tmp = v[j];
            v[j] = v[j - 1];
            v[j - 1] = tmp;
        }
}

static inline int32_t groups(const china *t, int seat, int32_t *buf)
{
    size_t n = 0;
    ck_assert_int_eq(mg_state_groups(t->s, seat, buf, MAXN, &n), MG_OK);
    return (int32_t)n;
}

static inline int32_t score(const china *t, int seat)
{
    int32_t v = -12345;
    ck_assert_int_eq(mg_state_score(t->s, seat, &v), MG_OK);
    return v;
}

/* Group sizes of colour `col` by our own search, descending. */
static inline int32_t own_groups(const china *t, const int8_t *colour, int col,
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

/* rules §0 cascade, written here: sort, compare index by index, a missing
 * entry counting 0; larger wins; no difference is a draw. */
static inline int cascade(const int32_t *a0, int32_t na, const int32_t *b0,
                          int32_t nb)
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

static inline int32_t sum(const int32_t *v, int32_t n)
{
    int32_t s = 0, i;
    for (i = 0; i < n; i++)
        s += v[i];
    return s;
}

/* Stone colours (0 White, 1 Black, -1 vacant) rebuilt from
 * mg_state_history and the seat that played each action (replayed on a
 * fresh state), accounting for the swap (rules §0): a stone's colour is
 * its player's seat, exchanged if the swap came before it.  Returns 1 when
 * the seats were swapped. */
static inline int colours_from_history(const china *t, int8_t *colour)
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

/* The end of a game (rules §1.3.5, 1.3.6, 2.3.4, §0 cascade and headline
 * score): full board, groups by our own search equal mg_state_groups for
 * both seats, scores and the winner recomputed, never a draw. */
static inline void check_end(const china *t, const int8_t *colour, int swapped)
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
    if (t->maximal) /* rules §1.3.6 */
        want = sc[0] == sc[1] ? MG_DRAW : sc[0] > sc[1] ? 0 : 1;
    else /* rules §2.3.4, 1.4: cascade on mg_state_groups of both seats */
        want = cascade(lib[0], n_lib[0], lib[1], n_lib[1]);
    MG_REQUIRE(want != MG_DRAW, "a draw on a full board");
    MG_REQUIRE(mg_state_winner(t->s) == want, "winner %d, want %d",
               mg_state_winner(t->s), want);
}

/* ------------------------------------------------------- a rules model */

/* The rules of §1.3.2, 1.5, 2.3.2 and §0 (swap) written out here:
 * which actions are legal, when a turn ends, who moves. */
typedef struct {
    int8_t occ[MAXN]; /* -1 vacant, else the colour */
    int colour;       /* colour to move, -1 over */
    int swapped, turn, placed, quota;
    int32_t k, last, filled;
} model;

static inline void m_init(const china *t, model *m)
{
    memset(m, 0, sizeof *m);
    memset(m->occ, -1, (size_t)t->n);
}

static inline int m_may_stop(const china *t, const model *m)
{
    return !t->maximal || m->turn == 0;
}

/* Vacant cells of key k with an index above `after`. */
static inline int32_t m_vacant(const china *t, const model *m, int32_t k,
                               int32_t after)
{
    int32_t i, n = 0;
    for (i = after + 1; i < t->n; i++)
        n += t->key[i] == k && m->occ[i] < 0;
    return n;
}

static inline int m_cell_legal(const china *t, const model *m, int32_t c)
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

static inline int32_t m_legal(const china *t, const model *m, int32_t *buf)
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

static inline void m_end_turn(model *m)
{
    m->turn++;
    m->colour ^= 1;
    m->placed = 0;
}

static inline void m_apply(const china *t, model *m, int32_t a)
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
    m_end_turn(m); /* rules §1.5: no placement legal any more */
}

/* The library agrees with the model: player to move, legal actions. */
static inline void m_check(const china *t, const model *m, int step)
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
static inline void model_game(china *t, uint64_t seed)
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
        if (acts[n - 1] == t->swap && mg_test_rand_below(&r, 2))
            a = t->swap;
        else if (acts[n - 1] == t->done &&
                 (cells == 0 || !mg_test_rand_below(&r, 4)))
            a = t->done;
        else {
            MG_REQUIRE(cells > 0, "step %d: no placement", step);
            a = acts[mg_test_rand_below(&r, cells)];
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
static inline void playout_game(china *t, uint64_t seed)
{
    int8_t colour[MAXN];
    int swapped;
    MG_REQUIRE(mg_state_playout(t->s, seed, -1) > 0, "playout");
    swapped = colours_from_history(t, colour);
    check_end(t, colour, swapped);
}

static inline void restart(china *t)
{
    mg_state_free(t->s);
    t->s = NULL;
    ck_assert_int_eq(mg_state_new(&t->s, t->g), MG_OK);
}

/* ----------------------------------------------------- position helpers */

/* A class (of this game's keys) with given properties; -1 if none. */
static inline int32_t find_class(const china *t, int min_size, int max_size,
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

/* Cells taken so far (from mg_state_history). */
static inline void taken_cells(const china *t, int8_t *occ)
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
 * MG_EILLEGAL and leaves the state unchanged (rules §1.3.2, 2.3.2).  The
 * stone is taken back at the end. */
static inline void check_followups(china *t, int32_t c0)
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
static inline int turn_goes_on(const china *t, int32_t c)
{
    int8_t occ[MAXN];
    int32_t i, v = 0;
    taken_cells(t, occ);
    for (i = 0; i < t->n; i++)
        v += !occ[i] && t->key[i] == t->key[c];
    return !occ[c] && v >= 2 && t->base - t->beams[c] >= 2;
}

static inline void expect_groups(const china *t, int seat, const int32_t *want,
                                 int32_t n)
{
    int32_t got[MAXN], ng = groups(t, seat, got), i;
    ck_assert_msg(ng == n, "seat %d: %d groups, want %d", seat, ng, n);
    for (i = 0; i < n; i++)
        ck_assert_int_eq(got[i], want[i]);
}

static inline int adjacent(const china *t, int32_t a, int32_t b)
{
    int32_t d;
    for (d = 0; d < t->nn[a]; d++)
        if (t->nbr[a][d] == b)
            return 1;
    return 0;
}

/* rules §2.3.2 (and 1.4 on the Octopuszle): with mode=number the open
 * cells after a first stone with n exits are all vacant cells with n
 * exits, more than its pattern class when that class is smaller than
 * C(6, n); the quota is min(7 - n, vacant cells with n exits). */
static inline void check_number_mode(const char *pattern_spec,
                                     const char *number_spec, const mg_board *b)
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

/* Two stones of one class, adjacent or not, as the whole first turn; the
 * pair is found on the board.  Returns 0 when the board has no pair. */
static inline int pair_position(china *t, int want_adjacent, int diagonal_only)
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

/* rules §0 names: column letters like spreadsheet columns, row number,
 * both from the playing cells' minimum (0 after normalisation). */
static inline void column_name(int32_t x, char *out)
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

/* rules §0, 1.5: cell names, indices, "done", "swap", "#index", case. */
static inline void check_names(china *t)
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

#endif
