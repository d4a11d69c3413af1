/*
 * chains_explain.c - why an action is refused and why a game ended
 * (mg_state_illegal_reason, mg_state_end_reason; doc/rules.md §5).
 *
 * Not a hot path: the reasons are worked out again from the stones with
 * plain flood fills (mg__cot_label_chains), on the stack, the position
 * untouched.  The checks come in the order of the rules, and the first
 * that fails is named:
 *   PLACE s   (rules §5.2 PLACE, option placement): s empty; then
 *             sum_equal: no stone touches s, or 1 + |F| = |E|;
 *             not_self_adjacent: no own stone touches s, then every
 *             opponent stone touching s is a chain of one.
 *   STEP f-t  (rules §5.3 slots, §5.2 STEP): the slot has a point; the
 *             mover's stone on f; t empty; then conditions (1) to (4)
 *             (option movement=must_merge drops (2)).
 * The players are named by their colours, as the rules (§5.2), the
 * renderings' status lines and the page name them: "Black (seat 0)" and
 * "White (seat 1)" (the text picture's X and O stones, chains_render.c).
 */
#include "chains_of_thought.h"

static const char *const colour[2] = {"Black", "White"};

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* "Black (seat 0)" */
static void seat_name(int seat, mg__sb *sb)
{
    mg__sb_printf(sb, "%s (seat %d)", colour[seat], seat);
}

/* "1st", "2nd", "3rd", "4th", ..., "11th", "21st". */
static void ordinal(int n, mg__sb *sb)
{
    const char *suf = "th";
    if (n % 100 < 11 || n % 100 > 13) {
        if (n % 10 == 1)
            suf = "st";
        else if (n % 10 == 2)
            suf = "nd";
        else if (n % 10 == 3)
            suf = "rd";
    }
    mg__sb_printf(sb, "%d%s", n, suf);
}

/* Per chain of sc, whether it was counted yet (to count a chain once
 * however many of its stones touch a point). */
typedef struct seen {
    uint8_t on[MAXP];
} seen;

/* ------------------------------------------------------------ PLACE */

static void place_reason(const cot *c, const int8_t *cell, int s, int me,
                         mg__sb *sb)
{
    const int16_t *nb = c->b.adj[s];
    int k, d = c->b.deg[s], f = 0, e = 0, own = -1, multi = -1;
    scan sc;
    seen sn;
    if (cell[s] >= 0) {
        mg__sb_printf(sb, "the point is taken (%s stone stands on it); a "
                          "stone is placed on an empty point (rules 5.2, "
                          "placement)",
                      cell[s] == me ? "your" : "an opponent");
        return;
    }
    mg__cot_label_chains(c, cell, &sc);
    memset(sn.on, 0, (size_t)sc.nch);
    for (k = 0; k < d; k++) {
        int w = nb[k], l = sc.label[w];
        if (l < 0)
            continue;
        if (cell[w] == me && (own < 0 || w < own))
            own = w;
        if (cell[w] != me && sc.size[l] > 1 && (multi < 0 || w < multi))
            multi = w;
        if (!sn.on[l]) {
            sn.on[l] = 1;
            if (cell[w] == me)
                f += sc.size[l];
            else
                e += sc.size[l];
        }
    }
    if (c->placement == PLACE_NOT_SELF_ADJACENT) {
        if (own >= 0) {
            mg__sb_puts(sb, "next to your own stone on ");
            mg__cot_point_name(c, own, sb);
            mg__sb_puts(sb, "; with placement=not_self_adjacent no stone of "
                            "yours may touch the point (rules 5.2, "
                            "placement=not_self_adjacent)");
        } else if (multi >= 0) {
            mg__sb_puts(sb, "next to the opponent stone on ");
            mg__cot_point_name(c, multi, sb);
            mg__sb_printf(sb, ", in a chain of %d stones; with "
                              "placement=not_self_adjacent every opponent "
                              "stone touching the point must be a single "
                              "stone (rules 5.2, placement=not_self_adjacent)",
                          (int)sc.size[sc.label[multi]]);
        }
        return;
    }
    if (f + e == 0 || 1 + f == e)
        return; /* legal: nothing to say */
    mg__sb_puts(sb, f == 0   ? "next to opponent stones only"
                    : e == 0 ? "next to your own stones only"
                             : "next to your own stones");
    mg__sb_printf(sb, ": 1 + %d of yours in touching chains must equal the "
                      "%d opponent stone%s in touching chains (rules 5.2, "
                      "placement)",
                  f, e, plural(e));
}

/* ------------------------------------------------------------- STEP */

/* The chains of `me` in cell (the number; sc filled). */
static int count_chains(const cot *c, const int8_t *cell, int me, scan *sc)
{
    int i, n = 0;
    mg__cot_label_chains(c, cell, sc);
    for (i = 0; i < sc->nch; i++)
        n += sc->owner[i] == me;
    return n;
}

static void step_reason(const cot *c, const int8_t *cell, int32_t a, int me,
                        mg__sb *sb)
{
    int f = (int)((a - c->P) / c->D), slot = (int)((a - c->P) % c->D);
    int t = c->b.nbr[f][slot], k, d, i, ok, n0, n1, z, worst = 0;
    int big = 0, nbig = 0, bigl = -1, obig = 0;
    int8_t after[MAXP];
    scan sc, sc2;
    if (t < 0) {
        mg__cot_point_name(c, f, sb);
        mg__sb_printf(sb, " has no neighbour in slot %d; this id is never "
                          "legal (rules 5.3)",
                      slot);
        return;
    }
    if (cell[f] != me) {
        mg__sb_puts(sb, "no stone of yours on ");
        mg__cot_point_name(c, f, sb);
        mg__sb_puts(sb, cell[f] < 0 ? " (it is empty)"
                                    : " (an opponent stone stands there)");
        mg__sb_puts(sb, "; a step moves one of your stones (rules 5.2, "
                        "step)");
        return;
    }
    if (cell[t] >= 0) {
        mg__cot_point_name(c, t, sb);
        mg__sb_printf(sb, " is taken (%s stone stands on it); a step goes "
                          "to an empty point (rules 5.2, step)",
                      cell[t] == me ? "your" : "an opponent");
        return;
    }
    d = c->b.deg[t];
    /* (1) another stone of the mover's touches t */
    for (k = 0, ok = 0; k < d; k++) {
        int w = c->b.adj[t][k];
        ok |= w != f && cell[w] == me;
    }
    if (!ok) {
        mg__sb_puts(sb, "(1) besides the stone on ");
        mg__cot_point_name(c, f, sb);
        mg__sb_puts(sb, ", a stone of yours must touch ");
        mg__cot_point_name(c, t, sb);
        mg__sb_puts(sb, ", and none does (rules 5.2, step condition 1)");
        return;
    }
    n0 = count_chains(c, cell, me, &sc);
    for (i = 0; i < sc.nch; i++) {
        int zz = sc.size[i];
        if (sc.owner[i] != me) {
            if (zz > obig)
                obig = zz;
        } else if (zz > big) {
            big = zz;
            nbig = 1;
            bigl = i;
        } else if (zz == big) {
            nbig++;
        }
    }
    /* (2) t does not touch the unique largest chain when it is larger
     * than every opponent chain; f counts as touching t (rules 5.2, rule
     * (2) details); dropped by movement=must_merge */
    if (c->movement == MOVE_EXCEPT_LARGEST && nbig == 1 && big > obig) {
        int via = -1;
        for (k = 0; k < d; k++) {
            int w = c->b.adj[t][k];
            if (cell[w] == me && sc.label[w] == bigl)
                via = w;
        }
        if (sc.label[f] == bigl) {
            mg__sb_puts(sb, "(2) ");
            mg__cot_point_name(c, f, sb);
            mg__sb_printf(sb, " is in your largest chain (%d stone%s), "
                              "which is larger than every other chain, "
                              "yours and the opponent's; no stone of it "
                              "may step (rules 5.2, step condition 2)",
                          big, plural(big));
            return;
        }
        if (via >= 0) {
            mg__sb_puts(sb, "(2) ");
            mg__cot_point_name(c, t, sb);
            mg__sb_printf(sb, " touches your largest chain (%d stone%s), "
                              "which is larger than every other chain, "
                              "yours and the opponent's (rules 5.2, step "
                              "condition 2)",
                          big, plural(big));
            return;
        }
    }
    /* (3) fewer chains of the mover's after the step */
    memcpy(after, cell, (size_t)c->P);
    after[f] = -1;
    after[t] = (int8_t)me;
    n1 = count_chains(c, after, me, &sc2);
    if (n1 >= n0) {
        mg__sb_printf(sb, "(3) the step must lower your number of chains: "
                          "you have %d chain%s before and %d after (rules "
                          "5.2, step condition 3)",
                      n0, plural(n0), n1);
        return;
    }
    /* (4) no opponent chain touching t larger than the mover's through
     * t, right after the step (opponent chains are unchanged by it) */
    z = sc2.size[sc2.label[t]];
    for (k = 0; k < d; k++) {
        int w = c->b.adj[t][k];
        if (cell[w] == 1 - me && sc.size[sc.label[w]] > worst)
            worst = sc.size[sc.label[w]];
    }
    if (worst > z) {
        mg__sb_printf(sb, "(4) the opponent's chain of %d touching ", worst);
        mg__cot_point_name(c, t, sb);
        mg__sb_printf(sb, " is larger than your chain of %d through it "
                          "(rules 5.2, step condition 4)",
                      z);
    }
}

void mg__cot_illegal_reason(const mg_game *g, const void *st, int32_t action,
                            mg__sb *sb)
{
    const cot *c = C(g);
    const chdr *h = st;
    if (action < c->P)
        place_reason(c, ccells(st), (int)action, h->player, sb);
    else
        step_reason(c, ccells(st), action, h->player, sb);
}

/* -------------------------------------------------------------- end */

/* The chain sizes of `seat`, largest first, into out; their number. */
static int sorted_sizes(const scan *sc, int seat, int32_t *out)
{
    int32_t n = mg__cot_seat_sizes(sc, seat, out);
    mg__sort_desc(out, n);
    return (int)n;
}

/* At most `max` entries of a list, " ..." when longer. */
static void list(const int32_t *v, int n, int max, mg__sb *sb)
{
    int i;
    for (i = 0; i < n && i < max; i++)
        mg__sb_printf(sb, i ? " %d" : "%d", (int)v[i]);
    if (n > max)
        mg__sb_puts(sb, " ...");
}

void mg__cot_end_reason(const mg_game *g, const void *st, mg__sb *sb)
{
    const cot *c = C(g);
    const chdr *h = st;
    int stuck = h->player, i, n[2], w;
    int32_t v[2][MAXP];
    scan sc;
    seat_name(stuck, sb);
    mg__sb_puts(sb, " cannot move: no legal placement or step; ");
    if (c->goal == GOAL_STALEMATE) {
        mg__sb_puts(sb, "with goal=stalemate the player who cannot move "
                        "loses: ");
        seat_name(1 - stuck, sb);
        mg__sb_puts(sb, " wins (rules 5.2, goal=stalemate)");
        return;
    }
    mg__cot_label_chains(c, ccells(st), &sc);
    n[0] = sorted_sizes(&sc, 0, v[0]);
    n[1] = sorted_sizes(&sc, 1, v[1]);
    for (i = 0; i < n[0] || i < n[1]; i++) {
        int x = i < n[0] ? (int)v[0][i] : 0, y = i < n[1] ? (int)v[1][i] : 0;
        if (x != y)
            break;
    }
    if (i >= n[0] && i >= n[1]) {
        if (n[0] == 0)
            mg__sb_puts(sb, "draw: neither player has a stone");
        else {
            mg__sb_puts(sb, "draw: both have the same chains, ");
            list(v[0], n[0], 12, sb);
        }
        mg__sb_puts(sb, " (rules 5.2, end; rules 0, cascade)");
        return;
    }
    w = (i < n[0] ? (int)v[0][i] : 0) > (i < n[1] ? (int)v[1][i] : 0) ? 0 : 1;
    seat_name(w, sb);
    if (i == 0) {
        mg__sb_printf(sb, " wins by largest chain %d to ", (int)v[w][0]);
        if (n[1 - w])
            mg__sb_int(sb, v[1 - w][0]);
        else
            mg__sb_puts(sb, "none");
        mg__sb_puts(sb, " (rules 5.2, end)");
        return;
    }
    if (i == 1) {
        mg__sb_printf(sb, " wins by cascade: both have a largest chain of %d",
                      (int)v[w][0]);
    } else {
        mg__sb_puts(sb, " wins by cascade: both have largest chains ");
        list(v[w], i, 10, sb);
    }
    mg__sb_puts(sb, ", then the ");
    ordinal(i + 1, sb);
    mg__sb_printf(sb, " largest is %d to ", (int)v[w][i]);
    if (i < n[1 - w])
        mg__sb_int(sb, v[1 - w][i]);
    else
        mg__sb_puts(sb, "none");
    mg__sb_puts(sb, " (rules 5.2, end; rules 0, cascade)");
}
