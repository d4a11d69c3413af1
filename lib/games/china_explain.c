/*
 * china_explain.c - why an action is refused and why a game ended
 * (mg_state_illegal_reason, mg_state_end_reason; doc/rules.md §0 Swap and
 * Cascade comparison, §1.3, §1.4, §1.5, §2.3, §2.4), for the four China
 * games.  The tests of cell_legal and is_legal (china.h, china.c) taken
 * one at a time, each failing one named in a player's words.
 *
 * A placement beyond the turn's quota is never asked about: the turn ends
 * by itself once its quota is placed or no cell of its kind qualifies
 * (rules 1.5), so the next stone is the next turn's first, and the quota
 * shows up only where order=ascending needs room for it.
 */
#include "china.h"

static const char *const colour_names[2] = {"White", "Black"};

static const char *const game_names[4] = {"China Squares", "China Octangle",
                                          "China Tangle", "China Grove"};

/* The rules item of a turn in this game: what a turn may place. */
static const char *turn_rule(const china *c)
{
    static const char *const items[4] = {"1.3.2", "1.4", "2.3.2", "2.4"};
    return items[c->variant];
}

/* "beams" on the Octopuszle, "exits" on the China Labyrinth (rules 1.1,
 * 2.1), singular for one. */
static void put_beams(const china *c, mg__sb *sb, int32_t n)
{
    mg__sb_printf(sb, "%d %s%s", (int)n,
                  c->kind == MG_BOARD_LABYRINTH ? "exit" : "beam",
                  n == 1 ? "" : "s");
}

/* "White (seat 0)": a colour and the seat that plays it (rules 0, Swap). */
static void put_colour(const cstate *s, mg__sb *sb, int colour)
{
    mg__sb_printf(sb, "%s (seat %d)", colour_names[colour],
                  colour ^ s->swapped);
}

/* The cell's name and its index: the order of order=ascending. */
static void put_indexed(const mg_game *g, mg__sb *sb, int32_t cell)
{
    mg__board_cell_name(g->board, cell, sb);
    mg__sb_printf(sb, " (index %d)", (int)cell);
}

/* order=ascending on a turn that must reach its quota (whose first stone
 * is `first`): the rest of the quota, `need` stones, must fit on vacant
 * cells of the class above `cell` (rules 1.5).  The quota and why:
 * min(9 - n or 7 - n, the vacant cells of the class) (rules 1.3.2, 2.4). */
static void too_few_above(const mg_game *g, const cstate *s, int32_t cell,
                          int32_t first, int32_t quota, int32_t need,
                          mg__sb *sb)
{
    const china *c = C(g);
    int32_t above = vacant_above(c, s, c->klass[cell], cell);
    mg__sb_printf(sb, "order=ascending: this turn must place its full quota "
                      "of %d stone%s (",
                  (int)quota, quota == 1 ? "" : "s");
    if (quota == c->base - c->beams[first]) {
        mg__sb_printf(sb, "%d - ", c->base);
        put_beams(c, sb, c->beams[first]);
    } else {
        mg__sb_puts(sb, "the vacant cells of its kind");
    }
    mg__sb_puts(sb, "), each on a higher index than the one before, but "
                    "above ");
    put_indexed(g, sb, cell);
    mg__sb_printf(sb, " %s only %d vacant cell%s of its kind for the %d "
                      "still to come (rules 1.5)",
                  above == 1 ? "is" : "are", (int)above, above == 1 ? "" : "s",
                  (int)need);
}

static void cell_reason(const mg_game *g, const cstate *s, int32_t a,
                        mg__sb *sb)
{
    const china *c = C(g);
    if (s->cell[a] >= 0) { /* rules 1.3.2 / 2.3.2: a vacant cell */
        mg__sb_puts(sb, "the cell is taken: a stone of ");
        put_colour(s, sb, s->cell[a]);
        mg__sb_printf(sb, " is on it, and a stone goes on a vacant cell "
                          "(rules %s)",
                      turn_rule(c));
        return;
    }
    if (s->placed == 0) { /* only order=ascending refuses a first stone */
        int32_t q = quota_of(c, s, a);
        too_few_above(g, s, a, a, q, q - 1, sb);
        return;
    }
    if (c->klass[a] != s->klass) { /* the first stone fixed the kind */
        mg__sb_printf(sb, "not of this turn's %s: the turn's first stone, ",
                      c->number ? "kind" : "pattern");
        mg__board_cell_name(g->board, s->first, sb);
        if (c->number) {
            mg__sb_puts(sb, ", has ");
            put_beams(c, sb, c->beams[s->first]);
            mg__sb_puts(sb, " and allows only cells with ");
            put_beams(c, sb, c->beams[s->first]);
            mg__sb_puts(sb, "; ");
            mg__board_cell_name(g->board, a, sb);
            mg__sb_puts(sb, " has ");
            put_beams(c, sb, c->beams[a]);
        } else {
            mg__sb_puts(sb, ", allows only cells like ");
            mg__board_cell_name(g->board, s->first, sb);
            mg__sb_printf(sb, " (pattern class %d); ",
                          (int)c->kmask[s->klass]);
            mg__board_cell_name(g->board, a, sb);
            mg__sb_printf(sb, " is of class %d", (int)c->kmask[c->klass[a]]);
        }
        mg__sb_printf(sb, " (rules %s)", turn_rule(c));
        return;
    }
    if (c->ascending && a <= s->last) {
        mg__sb_puts(sb, "order=ascending: each stone of a turn goes on a "
                        "higher index than the one before, and the turn's "
                        "previous stone is ");
        put_indexed(g, sb, s->last);
        mg__sb_puts(sb, " (rules 1.5)");
        return;
    }
    too_few_above(g, s, a, s->first, s->quota, s->quota - s->placed - 1,
                  sb);
}

static void done_reason(const mg_game *g, const cstate *s, mg__sb *sb)
{
    const china *c = C(g);
    if (!may_stop(c, s)) { /* rules 1.3.2, 2.4: mandatory and maximal */
        mg__sb_printf(sb, "in %s only the game's first turn may stop early; "
                          "every later turn places its full quota",
                      game_names[c->variant]);
        if (s->placed > 0)
            mg__sb_printf(sb, " (%d of %d placed)", (int)s->placed,
                          (int)s->quota);
        mg__sb_printf(sb, " and ends by itself (rules %s)", turn_rule(c));
        return;
    }
    mg__sb_puts(sb, "no stone placed in this turn yet: a turn places at "
                    "least one stone before it may end (rules 1.5)");
}

static void swap_reason(const cstate *s, mg__sb *sb)
{
    if (s->swapped) {
        mg__sb_puts(sb, "the seats have already swapped colours, and swap "
                        "is allowed only once (rules 0, Swap; 1.5)");
    } else if (s->turn == 0) {
        mg__sb_puts(sb, "not yet: only seat 1 may swap, as the first action "
                        "of its first turn, and White's opening turn is "
                        "still going on (rules 0, Swap; 1.5)");
    } else if (s->turn == 1) {
        mg__sb_printf(sb, "swap is allowed only as the first action of seat "
                          "1's first turn, and %d stone%s already been "
                          "placed in it (rules 0, Swap; 1.5)",
                      (int)s->placed, s->placed == 1 ? " has" : "s have");
    } else {
        mg__sb_printf(sb, "swap is allowed only as the first action of seat "
                          "1's first turn (the game's second), and this is "
                          "turn %d (rules 0, Swap; 1.5)",
                      (int)s->turn + 1);
    }
}

void mg__china_illegal_reason(const mg_game *g, const void *st, int32_t action,
                              mg__sb *sb)
{
    const china *c = C(g);
    const cstate *s = st;
    if (action < c->n)
        cell_reason(g, s, action, sb);
    else if (action == c->done_action)
        done_reason(g, s, sb);
    else
        swap_reason(s, sb);
}

/* ------------------------------------------------------------- the end */

static void sort_desc(int32_t *v, int32_t n)
{
    int32_t i, j;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && v[j - 1] < v[j]; j--) {
            int32_t t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* "1st", "2nd", "3rd", "4th", ... "11th", "12th", "13th", "21st". */
static void put_ordinal(mg__sb *sb, int32_t n)
{
    static const char *const suffix[4] = {"th", "st", "nd", "rd"};
    int32_t last = n % 10;
    mg__sb_printf(sb, "%d%s", (int)n,
                  (n % 100) / 10 == 1 || last > 3 ? "th" : suffix[last]);
}

/* "131 - 4 x 9 = 95": stones - P x groups (rules 1.3.6). */
static void put_score(const mg_game *g, const cstate *s, mg__sb *sb,
                      int colour)
{
    const china *c = C(g);
    int32_t groups = mg__china_group_sizes(g, s, colour, NULL);
    mg__sb_printf(sb, "%d - %d x %d = %d", (int)s->stones[colour],
                  c->penalty, (int)groups,
                  (int)mg__china_score_colour(g, s, colour));
}

/* The sizes of the first `n` groups of a sorted list, "0" past its end. */
static void put_sizes(mg__sb *sb, const int32_t *v, int32_t nv, int32_t n)
{
    int32_t i;
    for (i = 0; i < n; i++)
        mg__sb_printf(sb, "%s%d", i ? ", " : "", (int)(i < nv ? v[i] : 0));
}

/* The cascade of largest groups (rules 0, Cascade comparison): each
 * colour's sizes sorted, the first entry that differs decides. */
static void cascade(const mg_game *g, const cstate *s, int win, mg__sb *sb)
{
    int32_t v[2][MAXC], n[2], i;
    int col, w, l;
    for (col = 0; col < 2; col++) {
        n[col] = mg__china_group_sizes(g, s, col, v[col]);
        sort_desc(v[col], n[col]);
    }
    for (i = 0; i < n[0] || i < n[1]; i++)
        if ((i < n[0] ? v[0][i] : 0) != (i < n[1] ? v[1][i] : 0))
            break;
    if (win == MG_DRAW) {
        mg__sb_puts(sb, "a draw: both colours have the same group sizes");
        return;
    }
    w = win ^ s->swapped;
    l = w ^ 1;
    put_colour(s, sb, w);
    if (i == 0) {
        int32_t lost = n[l] ? v[l][0] : 0;
        mg__sb_printf(sb, " wins with the largest group, %d stone%s to "
                          "%s's %d",
                      (int)v[w][0], v[w][0] == 1 ? "" : "s",
                      colour_names[l], (int)lost);
        return;
    }
    mg__sb_puts(sb, " wins on the cascade of largest groups, ");
    put_sizes(sb, v[w], n[w], i + 1);
    mg__sb_printf(sb, " to %s's ", colour_names[l]);
    put_sizes(sb, v[l], n[l], i + 1);
    mg__sb_puts(sb, ": the ");
    put_ordinal(sb, i + 1);
    mg__sb_puts(sb, " largest decides");
}

void mg__china_end_reason(const mg_game *g, const void *st, mg__sb *sb)
{
    static const char *const rules[4] = {
        "rules 1.3.5 and 1.3.6", "rules 1.4 and 0, Cascade comparison",
        "rules 2.3.4 and 0, Cascade comparison", "rules 2.4"};
    const china *c = C(g);
    const cstate *s = st;
    int win = mg__china_winner(g, st);
    mg__sb_printf(sb, "all %d cells are occupied; ", (int)c->n);
    if (!c->symple) {
        cascade(g, s, win, sb);
    } else {
        int w = win == MG_DRAW ? 0 : win ^ s->swapped;
        if (win == MG_DRAW) {
            mg__sb_puts(sb, "a draw, ");
        } else {
            put_colour(s, sb, w);
            mg__sb_puts(sb, " wins ");
        }
        put_score(g, s, sb, w);
        mg__sb_puts(sb, " to ");
        put_score(g, s, sb, w ^ 1);
    }
    mg__sb_printf(sb, " (%s)", rules[c->variant]);
}
