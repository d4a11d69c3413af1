/*
 * dots_and_boxes_explain.c - why an action is refused and why a game ended
 * (mg_state_illegal_reason, mg_state_end_reason; doc/rules.md §3).
 *
 * A DRAW is refused for one of two reasons only: its line is drawn
 * already, by a player (rules 3.2.1), or by the board's border before the
 * first move (rules 3.3).  The game ends when every line is drawn (rules
 * 3.2.3); the more boxes win, or the fewer in misere (rules 3.2.4).  The
 * seats are named as the text rendering names them: "seat 0 (A)".
 */
#include "dots_and_boxes.h"

static const char seat_letter[2] = {'A', 'B'};

/* "seat 0 (A)" */
static void put_seat(mg__sb *sb, int seat)
{
    mg__sb_printf(sb, "seat %d (%c)", seat, seat_letter[seat]);
}

/* "1 box", "5 boxes" */
static void put_boxes(mg__sb *sb, int32_t n)
{
    mg__sb_printf(sb, "%d box%s", (int)n, n == 1 ? "" : "es");
}

void mg__dab_illegal_reason(const mg_game *g, const void *st, int32_t action,
                            mg__sb *sb)
{
    const dab *d = D(g);
    int by = CDRAWN(d, st)[action];
    if (by == DRAWN_BEFORE) {
        /* rules 3.3: the border's lines are drawn before the game */
        if (d->border == BORDER_ICELANDIC)
            mg__sb_puts(sb, "that line is part of the Icelandic border (the "
                            "left and bottom edges), drawn before the game; "
                            "only the other lines are played (rules 3.3)");
        else
            mg__sb_puts(sb, "that line is part of the Swedish border (the "
                            "board's outline), drawn before the game; only "
                            "inner lines are played (rules 3.3)");
    } else if (by == 1 || by == 2) {
        /* rules 3.2.1: a move draws a line that is not drawn yet */
        mg__sb_puts(sb, "that line is already drawn, by ");
        put_seat(sb, by - 1);
        mg__sb_puts(sb, " (rules 3.2.1)");
    } else if (by) {
        mg__sb_puts(sb, "that line is already drawn (rules 3.2.1)");
    }
    /* an undrawn line is legal while the game goes on: nothing to say */
}

void mg__dab_end_reason(const mg_game *g, const void *st, mg__sb *sb)
{
    const dab *d = D(g);
    const dab_state *s = st;
    int w = mg__dab_winner(g, st);
    mg__sb_puts(sb, "every line is drawn; ");
    if (w == 0 || w == 1) {
        put_seat(sb, w);
        mg__sb_puts(sb, " wins ");
        put_boxes(sb, s->score[w]);
        mg__sb_printf(sb, " to %d", (int)s->score[1 - w]);
        mg__sb_puts(sb, d->misere ? "; in misere the fewer boxes win "
                                    "(rules 3.2.4)"
                                  : " (rules 3.2.3)");
    } else {
        mg__sb_puts(sb, "draw, ");
        put_boxes(sb, s->score[0]);
        mg__sb_puts(sb, d->misere ? " each; equal numbers draw in misere "
                                    "too (rules 3.2.4)"
                                  : " each (rules 3.2.3)");
    }
}
