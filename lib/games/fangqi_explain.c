/*
 * fangqi_explain.c - why an action is refused and why a game ended
 * (mg_state_illegal_reason, mg_state_end_reason; doc/rules.md §4).
 *
 * The players are named by their colours, as the rules (§4.2.1), the
 * renderings' status lines and the page name them: "Black (seat 0)" and
 * "White (seat 1)" (the text picture's X and O stones); points and
 * actions as the notation writes them (§4.3).
 * The refusals are looked at in this order: a move that no position
 * allows (movement=step, more than one point: §4.2.6); the removals owed
 * (§4.2.3-4.2.6 and capture_on_placement); the phase (placing §4.2.1,
 * movement §4.2.6); then the action itself (the point taken, the stone
 * not there or not the mover's, the way blocked, the ko option).
 */
#include "fangqi.h"

static const char *const colour[2] = {"Black", "White"};

static void point_name(const fq *f, int p, mg__sb *sb)
{
    mg__sb_column(sb, X(f, p));
    mg__sb_int(sb, Y(f, p) + 1);
}

/* "Black (seat 0)" */
static void player_name(int seat, mg__sb *sb)
{
    mg__sb_printf(sb, "%s (seat %d)", colour[seat], seat);
}

/* "1 stone", "21 stones" (and the like for other nouns). */
static void count(int n, const char *noun, mg__sb *sb)
{
    mg__sb_printf(sb, "%d %s%s", n, noun, n == 1 ? "" : "s");
}

/* The square (2x2 block) with bottom-left corner b: "c3 d3 c4 d4". */
static void square_name(const fq *f, int b, mg__sb *sb)
{
    point_name(f, b, sb);
    mg__sb_putc(sb, ' ');
    point_name(f, b + 1, sb);
    mg__sb_putc(sb, ' ');
    point_name(f, b + f->w, sb);
    mg__sb_putc(sb, ' ');
    point_name(f, b + f->w + 1, sb);
}

/* "a White stone" / "a Black stone" */
static void stone_of(int seat, mg__sb *sb)
{
    mg__sb_printf(sb, "a %s stone", colour[seat]);
}

/* The rule that makes `seat` owe removals now (s->pending > 0). */
static void owed_rule(const fstate *s, mg__sb *sb)
{
    if (s->phase == PH_PLACE)
        mg__sb_puts(sb, ", earned by its placement (rules 4.2, "
                        "capture_on_placement)");
    else if (s->phase == PH_MOVE)
        mg__sb_puts(sb, ", earned by its move (rules 4.2.6)");
    else if (s->stage < 2)
        mg__sb_puts(sb, ": the initial removal (rules 4.2.3)");
    else
        mg__sb_puts(sb, ", one for each of its squares on the full board "
                        "(rules 4.2.4)");
}

/* A REMOVE of point p while removals are owed (rules §4.2.5). */
static void removal_reason(const fq *f, const fstate *s, int p, mg__sb *sb)
{
    const int me = s->player, opp = 1 - me;
    int c = cell_at(f, s, p);
    int16_t sq[4];
    if (c < 0) {
        mg__sb_puts(sb, "there is no stone on ");
        point_name(f, p, sb);
        mg__sb_puts(sb, " to remove (rules 4.2.5)");
    } else if (c == me) {
        mg__sb_puts(sb, "the stone on ");
        point_name(f, p, sb);
        mg__sb_printf(sb, " is %s's own: ", colour[me]);
        player_name(me, sb);
        mg__sb_printf(sb, " removes %s stones (rules 4.2.5)",
                      colour[opp]);
    } else if (completed(f, s, opp, p, sq) > 0 &&
               !mg__fq_all_protected(f, s, opp)) {
        mg__sb_printf(sb, "the %s stone on ", colour[opp]);
        point_name(f, p, sb);
        mg__sb_puts(sb, " is protected, part of the square ");
        square_name(f, sq[0], sb);
        mg__sb_printf(sb, ", and %s has unprotected stones to remove "
                          "(rules 4.2.5)",
                      colour[opp]);
    }
}

/* The squares banned by ko (rules §4.2, ko) that the move from -> to would
 * complete again, as the corners' indexes into out; their number. */
static int ko_banned(const fq *f, const fstate *s, int from, int to,
                     int *out)
{
    const int me = s->player;
    int k, n = 0;
    if (!ko_on(f, s))
        return 0;
    for (k = 0; k < s->nko[me]; k++) {
        int b = s->ko[me][k], bx = X(f, b), by = Y(f, b), i, full = 1;
        for (i = 0; i < 4; i++) {
            int q = b + (i & 1) + (i >> 1) * f->w;
            if (q == from)
                full = 0; /* moving out of the block breaks it */
            else if (q != to && cell_at(f, s, q) != me)
                full = 0;
        }
        if (full && X(f, to) - bx <= 1 && X(f, to) >= bx &&
            Y(f, to) - by <= 1 && Y(f, to) >= by)
            out[n++] = b;
    }
    return n;
}

/* A MOVE during movement, no removal owed (rules §4.2.6). */
static void move_reason(const fq *f, const fstate *s, int from, int to,
                        mg__sb *sb)
{
    const int me = s->player;
    int c = cell_at(f, s, from), t = cell_at(f, s, to), banned[4], n, k;
    if (c < 0) {
        mg__sb_puts(sb, "there is no stone on ");
        point_name(f, from, sb);
        mg__sb_puts(sb, " to move (rules 4.2.6)");
        return;
    }
    if (c != me) {
        mg__sb_puts(sb, "the stone on ");
        point_name(f, from, sb);
        mg__sb_printf(sb, " is %s's: ", colour[c]);
        player_name(me, sb);
        mg__sb_puts(sb, " moves its own stones (rules 4.2.6)");
        return;
    }
    if (t >= 0) {
        point_name(f, to, sb);
        mg__sb_puts(sb, " is taken by ");
        stone_of(t, sb);
        mg__sb_puts(sb, ": a stone moves to an empty point (rules 4.2.6)");
        return;
    }
    if (f->rook) {
        /* the nearest stone between from and to */
        int step = Y(f, from) == Y(f, to) ? (to > from ? 1 : -1)
                                          : (to > from ? f->w : -f->w);
        int q;
        for (q = from + step; q != to; q += step)
            if (cell_at(f, s, q) >= 0) {
                mg__sb_puts(sb, "the way from ");
                point_name(f, from, sb);
                mg__sb_puts(sb, " to ");
                point_name(f, to, sb);
                mg__sb_puts(sb, " is blocked by ");
                stone_of(cell_at(f, s, q), sb);
                mg__sb_puts(sb, " on ");
                point_name(f, q, sb);
                mg__sb_puts(sb, ": a stone moves over empty points only "
                                "(rules 4.2.6)");
                return;
            }
    }
    n = ko_banned(f, s, from, to, banned);
    if (n > 0) {
        mg__sb_puts(sb, "the move would complete again ");
        mg__sb_puts(sb, n == 1 ? "the square " : "the squares ");
        for (k = 0; k < n; k++) {
            if (k)
                mg__sb_puts(sb, k + 1 < n ? ", " : " and ");
            square_name(f, banned[k], sb);
        }
        mg__sb_puts(sb, ", banned by ko: ");
        player_name(me, sb);
        mg__sb_printf(sb, " completed %s with its last square move "
                          "(rules 4.2, ko)",
                      n == 1 ? "it" : "them");
    }
}

void mg__fq_illegal_reason(const mg_game *g, const void *st, int32_t action,
                           mg__sb *sb)
{
    const fq *f = F(g);
    const fstate *s = st;
    const int me = s->player;
    if (action >= 2 * f->P) {
        uint32_t m = f->mv[action - 2 * f->P];
        int from = (int)(m & 0xFFFFu), to = (int)(m >> 16);
        int d = X(f, from) - X(f, to) + Y(f, from) - Y(f, to);
        d = d < 0 ? -d : d;
        if (!f->rook && d > 1) { /* never legal */
            mg__sb_puts(sb, "with movement=step a stone moves one point "
                            "at a time, this move goes ");
            count(d, "point", sb);
            mg__sb_puts(sb, " (rules 4.2.6)");
            return;
        }
        if (s->pending > 0) {
            player_name(me, sb);
            mg__sb_puts(sb, " owes ");
            count(s->pending, "removal", sb);
            mg__sb_puts(sb, " first");
            owed_rule(s, sb);
        } else if (s->phase == PH_PLACE) {
            mg__sb_puts(sb, "stones do not move while placing: ");
            player_name(me, sb);
            mg__sb_puts(sb, " places a stone on a free point (rules 4.2.1)");
        } else {
            move_reason(f, s, from, to, sb);
        }
        return;
    }
    if (action >= f->P) { /* REMOVE */
        if (s->pending > 0) {
            removal_reason(f, s, action - f->P, sb);
            return;
        }
        player_name(me, sb);
        if (s->phase == PH_MOVE)
            mg__sb_puts(sb, " owes no removal: only a move that completes "
                            "a square earns one (rules 4.2.6)");
        else if (f->cop)
            mg__sb_puts(sb, " owes no removal: only a placement that "
                            "completes a square earns one (rules 4.2, "
                            "capture_on_placement)");
        else
            mg__sb_puts(sb, " owes no removal: nothing is removed while "
                            "placing (rules 4.2.1)");
        return;
    }
    /* PLACE */
    if (s->pending > 0) {
        player_name(me, sb);
        mg__sb_puts(sb, " owes ");
        count(s->pending, "removal", sb);
        mg__sb_puts(sb, " first");
        owed_rule(s, sb);
    } else if (s->phase == PH_MOVE) {
        mg__sb_puts(sb, "placing is over: ");
        player_name(me, sb);
        mg__sb_puts(sb, " moves a stone (rules 4.2.6)");
    } else {
        int c = cell_at(f, s, action);
        if (c >= 0) {
            mg__sb_puts(sb, "the point is taken by ");
            stone_of(c, sb);
            mg__sb_puts(sb, ": a stone goes on a free point (rules 4.2.1)");
        }
    }
}

/* "; Black (seat 0) 21 stones, White (seat 1) 1 stone" */
static void counts(const fstate *s, mg__sb *sb)
{
    mg__sb_puts(sb, "; ");
    player_name(0, sb);
    mg__sb_putc(sb, ' ');
    count(s->stones[0], "stone", sb);
    mg__sb_puts(sb, ", ");
    player_name(1, sb);
    mg__sb_putc(sb, ' ');
    count(s->stones[1], "stone", sb);
}

/* The end checks of rules §4.2.9 in their order: the stone count (item
 * 7), the no-capture draw (item 8), no legal move (item 7). */
void mg__fq_end_reason(const mg_game *g, const void *st, mg__sb *sb)
{
    const fq *f = F(g);
    const fstate *s = st;
    int a = s->stones[0] < f->lose_below, b = s->stones[1] < f->lose_below;
    if (a || b) {
        if (a && b) {
            mg__sb_puts(sb, "draw: both players have ");
            if (f->lose_below == 1)
                mg__sb_puts(sb, "no stones left");
            else
                mg__sb_printf(sb, "fewer than %d stones (lose_below)",
                              f->lose_below);
        } else {
            int loser = a ? 0 : 1;
            player_name(1 - loser, sb);
            mg__sb_puts(sb, " wins: ");
            player_name(loser, sb);
            if (f->lose_below == 1)
                mg__sb_puts(sb, " has no stones left");
            else
                mg__sb_printf(sb, " has fewer than %d stones (lose_below)",
                              f->lose_below);
        }
        counts(s, sb);
        mg__sb_puts(sb, " (rules 4.2.7)");
    } else if (s->winner == MG_DRAW) {
        mg__sb_puts(sb, "draw: ");
        count(f->limit, "move", sb);
        mg__sb_puts(sb, " in a row without a removal");
        counts(s, sb);
        mg__sb_puts(sb, " (rules 4.2.8)");
    } else {
        int loser = 1 - s->winner;
        player_name(s->winner, sb);
        mg__sb_puts(sb, " wins: ");
        player_name(loser, sb);
        mg__sb_puts(sb, ", to move, has no legal move");
        if (ko_on(f, s) && can_move_free(f, s))
            mg__sb_puts(sb, " (its only moves would complete squares "
                            "banned by ko)");
        counts(s, sb);
        mg__sb_puts(sb, " (rules 4.2.7)");
    }
}
