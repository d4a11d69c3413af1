/*
 * check_china_turns.c - the rules of a turn in the China games
 * (doc/rules.md §0, §1.3, §1.5, §2.3, §2.4; sections cited per test),
 * by positions built from legal actions that the test chooses by reading
 * the board, and by exhaustive enumeration of single turns: the quota,
 * follow-ups in the class, `done`, the swap, hashes of transpositions,
 * number mode, the Symple-style scores of Grove, and order=ascending.
 * Most run on China Labyrinth boards (Octopuszle boards are slow to make).
 */
#include "china_test.h"

/* ----------------------------------------------------- hand-built turns */

/* Place the given cells, in order, for the player to move. */
static void place(china *t, const int32_t *cells, int32_t n)
{
    int32_t i;
    for (i = 0; i < n; i++)
        act(t, cells[i]);
}

/* rules §1.3.2 (via 2.4): the quota is capped by the vacant cells of the
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

/* rules §1.3.2 / 2.3.2: follow-ups outside the class are refused, inside
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

/* rules §1.3.2 (via 2.4) and 1.5 DONE: in Grove `done` is legal on the
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

/* rules §0 swap: only as seat 1's first action; after it seat 0 is to
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

/* rules §0 swap, in Tangle (2.3.1) and Grove (2.4), both modes. */
START_TEST(swap_rule)
{
    check_swap("china_tangle(board=2)");
    check_swap("china_grove(board=2)");
    check_swap("china_grove(board=3,mode=number,penalty=8)");
}
END_TEST

/* rules §0 + 2.4: after the swap, Black's turn (seat 0) is still mandatory
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

/* rules §1.5 (order=free: placements in any order) and the hash contract
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

/* rules §2.3.2 (mode=number), also for Grove (2.4) and order=ascending
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

/* rules §1.3.6 via 2.4: score = stones - P x groups; P = 2, 4, 6, 8. */
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

/* rules §1.5 order: by exhaustive enumeration of one turn, each set of
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

Suite *mg_china_turns_suite(void)
{
    Suite *s = suite_create("china_turns");
    TCase *rules = tcase_create("rules");
    tcase_add_test(rules, quota_capped_by_vacant_cells);
    tcase_add_test(rules, followups_stay_in_class);
    tcase_add_test(rules, done_rules);
    tcase_add_test(rules, swap_rule);
    tcase_add_test(rules, swap_then_mandatory_turn);
    tcase_add_test(rules, hash_transpositions);
    tcase_add_test(rules, number_mode_wider_classes);
    tcase_add_test(rules, symple_scores_grove);
    tcase_add_test(rules, ascending_order_enumeration);
    tcase_set_timeout(rules, 60);
    suite_add_tcase(s, rules);
    return s;
}
