/*
 * china_text.c - the China games' notation (rules §1.5: a cell's name,
 * "done", "swap") and their text and SVG pictures: the board with its
 * stones and the cells still open this turn, and a status naming each
 * seat's colour, stones, groups and score and what the turn allows.
 */
#include "china.h"

/* ------------------------------------------------------------- notation */

void mg__china_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const china *c = C(g);
    if (a == c->done_action) {
        mg__sb_puts(sb, "done");
    } else if (a == c->swap_action) {
        mg__sb_puts(sb, "swap");
    } else {
        mg__board_cell_name(g->board, a, sb);
    }
}

int mg__china_action_parse(const mg_game *g, const char *t, size_t n,
                           int32_t *action, char *err, size_t errcap)
{
    const china *c = C(g);
    int32_t col, row, idx;
    int rc;
    char q[MG__QUOTE_CAP];
    if (n == 4 && mg__strncaseeq(t, "done", 4)) {
        *action = c->done_action;
        return MG_OK;
    }
    if (n == 4 && mg__strncaseeq(t, "swap", 4)) {
        *action = c->swap_action;
        return MG_OK;
    }
    rc = mg__parse_place(t, n, "cell", c->n, &idx, &col, &row, err, errcap);
    if (rc)
        return rc;
    if (idx < 0 && (idx = mg__board_cell_at(g->board, col, row)) < 0)
        return mg__err(err, errcap, MG_ERANGE, "no cell %s on this board",
                       mg__quote(q, t, n));
    *action = idx;
    return MG_OK;
}

/* ------------------------------------------------------------ rendering */

static const char *const colour_name[2] = {"White", "Black"};

/* One character per cell: stones O (White) and X (Black), '*' for the
 * cells still open this turn, else the board's own glyph. */
static void marks_of(const mg_game *g, const cstate *s, char *marks)
{
    const china *c = C(g);
    int32_t i;
    for (i = 0; i < c->n; i++) {
        if (s->cell[i] >= 0)
            marks[i] = s->cell[i] ? 'X' : 'O';
        else if (s->colour >= 0 && s->placed > 0 && cell_legal(c, s, i))
            marks[i] = '*';
        else if (c->kind == MG_BOARD_LABYRINTH && c->x[i] < 26)
            marks[i] = (char)('a' + c->x[i]);
        else
            marks[i] = '.';
    }
}

/* "1 stone", "2 stones". */
static void count_of(mg__sb *sb, int32_t n, const char *what)
{
    mg__sb_printf(sb, "%d %s%s", (int)n, what, n == 1 ? "" : "s");
}

static void status(const mg_game *g, const cstate *s, mg__sb *sb)
{
    const china *c = C(g);
    int seat;
    for (seat = 0; seat < 2; seat++) {
        int colour = seat ^ s->swapped;
        int32_t sizes[MAXC], n = mg__china_group_sizes(g, s, colour, sizes);
        mg__sb_printf(sb, "%s%s (seat %d, %c): ", seat ? "\n" : "",
                      colour_name[colour], seat, colour ? 'X' : 'O');
        count_of(sb, s->stones[colour], "stone");
        mg__sb_puts(sb, ", ");
        count_of(sb, n, "group");
        mg__sb_printf(sb, ", score %d",
                      (int)mg__china_score_colour(g, s, colour));
    }
    mg__sb_putc(sb, '\n');
    if (s->colour < 0) { /* what ended the game and the scores (1.5) */
        mg__sb_puts(sb, "game over: ");
        mg__china_end_reason(g, s, sb);
        mg__sb_putc(sb, '\n');
        return;
    }
    mg__sb_printf(sb, "turn %d: %s (seat %d) to move", (int)s->turn + 1,
                  colour_name[(int)s->colour], s->colour ^ s->swapped);
    if (s->placed == 0) {
        mg__sb_puts(sb, ": a stone on any vacant cell");
        if (s->turn == 1 && !s->swapped)
            mg__sb_puts(sb, ", or swap");
    } else {
        int32_t i;
        mg__sb_printf(sb, ", %d of %d placed on class ", (int)s->placed,
                      (int)s->quota);
        if (c->number)
            count_of(sb, c->kmask[s->klass],
                     c->kind == MG_BOARD_LABYRINTH ? "exit" : "beam");
        else
            mg__sb_printf(sb, "%d", (int)c->kmask[s->klass]);
        if (may_stop(c, s))
            mg__sb_puts(sb, " (or done)");
        mg__sb_puts(sb, "; open:");
        for (i = 0; i < c->n; i++)
            if (cell_legal(c, s, i)) {
                mg__sb_putc(sb, ' ');
                mg__china_action_name(g, i, sb);
            }
    }
    mg__sb_putc(sb, '\n');
}

void mg__china_render(const mg_game *g, const void *st, int format, mg__sb *sb)
{
    const cstate *s = st;
    char marks[MAXC];
    marks_of(g, s, marks);
    if (format == MG_RENDER_SVG) {
        char text[2048];
        mg__sb t;
        mg__sb_init(&t, text, sizeof text);
        status(g, s, &t);
        mg__board_render_svg(g->board,
                             MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS, marks,
                             mg__sb_str(&t), sb);
        return;
    }
    mg__board_render_text(g->board, MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS,
                          marks, sb);
    status(g, s, sb);
}
