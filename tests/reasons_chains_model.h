/*
 * reasons_chains_model.h - the property test of check_reasons_chains.c:
 * a model of the rules of Chains of Thought (doc/rules.md §5.2 PLACE,
 * STEP (1)-(4), the options placement and movement; §5.3 action ids and
 * empty slots) written with plain flood fills over the boards built in
 * chains_boards_test.h (not the library's), which works out for every
 * refused action the first condition that fails and its numbers, as the
 * line the library must print; compared over random games on the three
 * kinds of board with the options.
 */
#ifndef MG_REASONS_CHAINS_MODEL_H
#define MG_REASONS_CHAINS_MODEL_H

#include "chains_boards_test.h"
#include "test_rng.h"

typedef struct rmodel {
    tgeo t;
    const mg_game *g;
    int P, D, me, sum_equal, except_largest;
    signed char b[CT_MAXP];
} rmodel;

/* The chains of `colour` in b: labels per point (-1 elsewhere), sizes per
 * chain; their number. */
static int rm_chains(const rmodel *m, const signed char *b, int colour,
                     int *lab, int *sz)
{
    int i, n = 0, stack[CT_MAXP];
    for (i = 0; i < m->P; i++)
        lab[i] = -1;
    for (i = 0; i < m->P; i++) {
        int sp = 0;
        if (b[i] != colour || lab[i] >= 0)
            continue;
        sz[n] = 0;
        lab[i] = n;
        stack[sp++] = i;
        while (sp) {
            int e = stack[--sp], k;
            sz[n]++;
            for (k = 0; k < m->t.deg[e]; k++) {
                int f = m->t.nb[e][k];
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

static const char *rm_name(const rmodel *m, int p, char *buf)
{
    ck_assert_int_eq(mg_game_site_name(m->g, p, buf, 32, NULL), MG_OK);
    return buf;
}

#define RM_S(n) ((n) == 1 ? "" : "s")

/* rules §5.2 PLACE s: the reason (after "s: "), or "" when legal. */
static void rm_place(const rmodel *m, int s, char *out, size_t cap)
{
    int lab[2][CT_MAXP], sz[2][CT_MAXP], k, f = 0, e = 0, own = -1;
    int multi = -1, me = m->me;
    char seen[2][CT_MAXP], nm[32];
    out[0] = '\0';
    if (m->b[s] >= 0) {
        snprintf(out, cap,
                 "the point is taken (%s stone stands on it); a stone is "
                 "placed on an empty point (rules 5.2, placement)",
                 m->b[s] == me ? "your" : "an opponent");
        return;
    }
    rm_chains(m, m->b, 0, lab[0], sz[0]);
    rm_chains(m, m->b, 1, lab[1], sz[1]);
    memset(seen, 0, sizeof seen);
    for (k = 0; k < m->t.deg[s]; k++) {
        int w = m->t.nb[s][k], c = m->b[w], l;
        if (c < 0)
            continue;
        l = lab[c][w];
        if (c == me && (own < 0 || w < own))
            own = w;
        if (c != me && sz[c][l] > 1 && (multi < 0 || w < multi))
            multi = w;
        if (!seen[c][l]) {
            seen[c][l] = 1;
            if (c == me)
                f += sz[c][l];
            else
                e += sz[c][l];
        }
    }
    if (!m->sum_equal) { /* placement=not_self_adjacent: two conditions */
        if (own >= 0)
            snprintf(out, cap,
                     "next to your own stone on %s; with "
                     "placement=not_self_adjacent no stone of yours may "
                     "touch the point (rules 5.2, "
                     "placement=not_self_adjacent)",
                     rm_name(m, own, nm));
        else if (multi >= 0)
            snprintf(out, cap,
                     "next to the opponent stone on %s, in a chain of %d "
                     "stones; with placement=not_self_adjacent every "
                     "opponent stone touching the point must be a single "
                     "stone (rules 5.2, placement=not_self_adjacent)",
                     rm_name(m, multi, nm), sz[1 - me][lab[1 - me][multi]]);
        return;
    }
    if (f + e == 0 || 1 + f == e)
        return;
    snprintf(out, cap,
             "%s: 1 + %d of yours in touching chains must equal the %d "
             "opponent stone%s in touching chains (rules 5.2, placement)",
             f == 0   ? "next to opponent stones only"
             : e == 0 ? "next to your own stones only"
                      : "next to your own stones",
             f, e, RM_S(e));
}

/* rules §5.2 STEP f -> t (t -1: the slot has no point, §5.3). */
static void rm_step(const rmodel *m, int f, int slot, int t, char *out,
                    size_t cap)
{
    int lab[CT_MAXP], sz[CT_MAXP], olab[CT_MAXP], osz[CT_MAXP];
    int lab2[CT_MAXP], sz2[CT_MAXP], k, i, n0, n1, any = 0, me = m->me;
    int big = 0, nbig = 0, bigid = -1, obig = 0, no, worst = 0, z;
    signed char b2[CT_MAXP];
    char a[32], b[32];
    out[0] = '\0';
    if (t < 0) {
        snprintf(out, cap,
                 "%s has no neighbour in slot %d; this id is never legal "
                 "(rules 5.3)",
                 rm_name(m, f, a), slot);
        return;
    }
    ck_assert(t_adjacent(&m->t, f, t)); /* the ids of §5.3 */
    if (m->b[f] != me) {
        snprintf(out, cap,
                 "no stone of yours on %s (%s); a step moves one of your "
                 "stones (rules 5.2, step)",
                 rm_name(m, f, a),
                 m->b[f] < 0 ? "it is empty" : "an opponent stone stands "
                                               "there");
        return;
    }
    if (m->b[t] >= 0) {
        snprintf(out, cap,
                 "%s is taken (%s stone stands on it); a step goes to an "
                 "empty point (rules 5.2, step)",
                 rm_name(m, t, a), m->b[t] == me ? "your" : "an opponent");
        return;
    }
    for (k = 0; k < m->t.deg[t]; k++) { /* (1) */
        int w = m->t.nb[t][k];
        any |= w != f && m->b[w] == me;
    }
    if (!any) {
        snprintf(out, cap,
                 "(1) besides the stone on %s, a stone of yours must touch "
                 "%s, and none does (rules 5.2, step condition 1)",
                 rm_name(m, f, a), rm_name(m, t, b));
        return;
    }
    n0 = rm_chains(m, m->b, me, lab, sz);
    no = rm_chains(m, m->b, 1 - me, olab, osz);
    for (i = 0; i < no; i++)
        if (osz[i] > obig)
            obig = osz[i];
    for (i = 0; i < n0; i++) {
        if (sz[i] > big) {
            big = sz[i];
            nbig = 1;
            bigid = i;
        } else if (sz[i] == big) {
            nbig++;
        }
    }
    if (m->except_largest && nbig == 1 && big > obig) { /* (2) */
        int touch = 0;
        for (k = 0; k < m->t.deg[t]; k++) {
            int w = m->t.nb[t][k];
            touch |= m->b[w] == me && lab[w] == bigid;
        }
        if (lab[f] == bigid) {
            snprintf(out, cap,
                     "(2) %s is in your largest chain (%d stone%s), which is "
                     "larger than every other chain, yours and the "
                     "opponent's; no stone of it may step (rules 5.2, step "
                     "condition 2)",
                     rm_name(m, f, a), big, RM_S(big));
            return;
        }
        if (touch) {
            snprintf(out, cap,
                     "(2) %s touches your largest chain (%d stone%s), which "
                     "is larger than every other chain, yours and the "
                     "opponent's (rules 5.2, step condition 2)",
                     rm_name(m, t, a), big, RM_S(big));
            return;
        }
    }
    memcpy(b2, m->b, (size_t)m->P);
    b2[f] = -1;
    b2[t] = (signed char)me;
    n1 = rm_chains(m, b2, me, lab2, sz2);
    if (n1 >= n0) { /* (3) */
        snprintf(out, cap,
                 "(3) the step must lower your number of chains: you have "
                 "%d chain%s before and %d after (rules 5.2, step condition "
                 "3)",
                 n0, RM_S(n0), n1);
        return;
    }
    z = sz2[lab2[t]];
    for (k = 0; k < m->t.deg[t]; k++) { /* (4) */
        int w = m->t.nb[t][k];
        if (m->b[w] == 1 - me && osz[olab[w]] > worst)
            worst = osz[olab[w]];
    }
    if (worst > z)
        snprintf(out, cap,
                 "(4) the opponent's chain of %d touching %s is larger than "
                 "your chain of %d through it (rules 5.2, step condition 4)",
                 worst, rm_name(m, t, a), z);
}

/* The kind of a reason: 0-3 conditions (1)-(4), 4 the slot, 5 the
 * source, 6 a taken point (PLACE or STEP), 7 a placement's neighbours. */
static const char *const rm_kinds[] = {"(1) ", "(2) ", "(3) ", "(4) ",
                                       "no neighbour in slot", "no stone",
                                       "is taken", "next to"};
#define RM_KINDS ((int)(sizeof rm_kinds / sizeof rm_kinds[0]))

static int rm_kind(const char *why)
{
    int k;
    for (k = 0; k < RM_KINDS; k++)
        if (strstr(why, rm_kinds[k]))
            return k;
    ck_abort_msg("no kind: %s", why);
    return 0;
}

/* Every action of s against the model: legal ones MG_OK and "", the
 * others MG_EILLEGAL and exactly "<notation>: <the model's reason>".
 * Counts the refusals by kind (rm_kind) into kinds. */
static void rm_check(rmodel *m, const mg_state *s, int *kinds)
{
    int32_t a, na = mg_game_num_actions(m->g);
    int8_t own[CT_MAXP];
    size_t n = 0;
    int p;
    m->me = mg_state_current_player(s);
    ck_assert_int_eq(mg_state_sites(s, own, CT_MAXP, &n), MG_OK);
    ck_assert_uint_eq(n, (size_t)m->P);
    for (p = 0; p < m->P; p++)
        m->b[p] = (signed char)(own[p] == MG_NOBODY ? -1 : own[p]);
    for (a = 0; a < na; a++) {
        char want[600], why[512], got[1024], name[64];
        int rc;
        if (a < m->P) {
            rm_place(m, (int)a, why, sizeof why);
        } else {
            int32_t from, to;
            int f = (int)((a - m->P) / m->D), slot = (int)((a - m->P) % m->D);
            ck_assert_int_eq(mg_game_action_sites(m->g, a, &from, &to),
                             MG_OK);
            rm_step(m, f, slot, (int)to, why, sizeof why);
        }
        rc = mg_state_illegal_reason(s, a, got, sizeof got, NULL);
        if (!why[0]) {
            if (rc != MG_OK || got[0])
                ck_abort_msg("action %d: the model has it legal: %d %s",
                             (int)a, rc, got);
            continue;
        }
        ck_assert_int_eq(mg_state_action_to_string(s, a, name, sizeof name,
                                                   NULL),
                         MG_OK);
        snprintf(want, sizeof want, "%s: %s", name, why);
        if (rc != MG_EILLEGAL || strcmp(got, want) != 0)
            ck_abort_msg("%d\n got: %s\nwant: %s", rc, got, want);
        kinds[rm_kind(why)]++;
    }
}

/* Random games on hex4, square6 and trisquare4 with the options; every
 * position of each checked against the model (rules §5.2, §5.3). */
START_TEST(random_games_first_failing)
{
    static const struct {
        const char *spec;
        int board; /* in boards[] */
        int sum_equal, except_largest;
    } cases[] = {
        {"chains_of_thought", 0, 1, 1},
        {"chains_of_thought(board=square6)", 3, 1, 1},
        {"chains_of_thought(board=trisquare4)", 7, 1, 1},
        {"chains_of_thought(placement=not_self_adjacent)", 0, 0, 1},
        {"chains_of_thought(board=square6,movement=must_merge,"
         "goal=stalemate)",
         3, 1, 0},
        {"chains_of_thought(board=trisquare4,placement=not_self_adjacent,"
         "movement=must_merge,removal=none)",
         7, 0, 0},
        {"chains_of_thought(board=square6,removal=ludii)", 3, 1, 1},
    };
    static rmodel m;
    uint64_t rng = 0xC4A175ULL;
    int kinds[RM_KINDS] = {0};
    size_t ci;
    for (ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        mg_game *g = rt_game(cases[ci].spec);
        int32_t *legal = malloc((size_t)mg_game_max_legal_actions(g) *
                                sizeof *legal);
        int gi, games = mg_test_games_upto(3);
        ck_assert_ptr_nonnull(legal);
        geo_of(&m.t, &boards[cases[ci].board]);
        m.g = g;
        m.P = boards[cases[ci].board].P;
        m.D = boards[cases[ci].board].D;
        m.sum_equal = cases[ci].sum_equal;
        m.except_largest = cases[ci].except_largest;
        ck_assert_int_eq(mg_game_num_actions(g), m.P + m.P * m.D);
        for (gi = 0; gi < games; gi++) {
            mg_state *s = rt_state(g);
            int ply = 0;
            while (!mg_state_is_terminal(s) && ply < 120) {
                size_t n = 0;
                rm_check(&m, s, kinds);
                ck_assert_int_eq(
                    mg_state_legal_actions(
                        s, legal, (size_t)mg_game_max_legal_actions(g), &n),
                    MG_OK);
                ck_assert_int_eq(
                    mg_state_apply(s, legal[mg_test_rand_below(&rng, n)]),
                    MG_OK);
                ply++;
            }
            mg_state_free(s);
        }
        free(legal);
        mg_game_free(g);
    }
    /* every kind of refusal came up */
    for (ci = 0; ci < (size_t)RM_KINDS; ci++)
        ck_assert_msg(kinds[ci] > 0, "no refusal \"%s\"", rm_kinds[ci]);
}
END_TEST

#endif /* MG_REASONS_CHAINS_MODEL_H */
