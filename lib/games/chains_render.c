/*
 * chains_render.c - the pictures of a Chains of Thought position: the
 * text one (the board line by line, top line first, with row numbers or
 * each line's first "#index", the column letters, the chains of each
 * seat and who is to move, or at the end "game over: " and the end
 * reason of chains_explain.c) and the SVG one (the board's edges and
 * points, each point with its name as title, the stones, and the same
 * last line as the status, through the SVG writer of svg.c).
 */
#include "chains_of_thought.h"

/* the text picture's stones: X for Black (seat 0), O for White (seat 1);
 * the status lines name the players by their colours (rules §5.2) */
static const char stone_char[2] = {'X', 'O'};
static const char *const colour[2] = {"Black", "White"};

static void chains_line(const scan *sc, int seat, mg__sb *sb)
{
    int32_t sizes[MAXP], n = mg__cot_seat_sizes(sc, seat, sizes), i;
    int32_t stones = 0;
    mg__sort_desc(sizes, n);
    for (i = 0; i < n; i++)
        stones += sizes[i];
    mg__sb_printf(sb, "%s (seat %d): %d stone%s", colour[seat], seat,
                  (int)stones, stones == 1 ? "" : "s");
    if (n) {
        mg__sb_puts(sb, n == 1 ? ", chain" : ", chains");
        for (i = 0; i < n; i++)
            mg__sb_printf(sb, " %d", (int)sizes[i]);
    }
}

static void result_line(const mg_game *g, const chdr *h, mg__sb *sb)
{
    if (!h->over) {
        mg__sb_printf(sb, "%s (seat %d) to move", colour[(int)h->player],
                      (int)h->player);
        return;
    }
    /* the end reason (chains_explain.c): who cannot move and who won by
     * what (rules 5.2, end) */
    mg__sb_puts(sb, "game over: ");
    mg__cot_end_reason(g, h, sb);
}

static void pad_to(mg__sb *sb, int32_t *at, int32_t col)
{
    while (*at < col) {
        mg__sb_putc(sb, ' ');
        (*at)++;
    }
}

static void render_text(const mg_game *g, const cot *c, const chdr *h,
                        const int8_t *cell, mg__sb *sb)
{
    const mg__cot_board *b = &c->b;
    int32_t line, p, lw = 1, k;
    char tmp[16];
    scan sc;
    /* label width: row numbers, or "#index" of each line's first point */
    if (b->named) {
        lw = b->rows >= 10 ? 2 : 1;
    } else {
        int32_t last = 0;
        for (p = 0; p < b->P; p++)
            if (p == 0 || b->tline[p] != b->tline[p - 1])
                last = p;
        lw = 2 + (last >= 10) + (last >= 100);
    }
    for (line = b->tlines - 1; line >= 0; line--) {
        int32_t at = 0, first = -1, len;
        for (p = 0; p < b->P; p++)
            if (b->tline[p] == line) {
                first = p;
                break;
            }
        if (b->named) {
            len = 0;
            for (k = line + 1; k; k /= 10)
                tmp[len++] = (char)('0' + k % 10);
        } else {
            len = 0;
            for (k = first; len == 0 || k; k /= 10)
                tmp[len++] = (char)('0' + k % 10);
            tmp[len++] = '#';
        }
        for (k = len; k < lw; k++)
            mg__sb_putc(sb, ' ');
        while (len)
            mg__sb_putc(sb, tmp[--len]);
        mg__sb_putc(sb, ' ');
        for (p = first; p >= 0 && p < b->P && b->tline[p] == line; p++) {
            pad_to(sb, &at, b->tcol[p]);
            mg__sb_putc(sb, cell[p] < 0 ? '.' : stone_char[(int)cell[p]]);
            at++;
        }
        mg__sb_putc(sb, '\n');
    }
    if (b->named) {
        int32_t at = 0;
        for (k = 0; k <= lw; k++)
            mg__sb_putc(sb, ' ');
        for (k = 0; k < b->cols; k++) {
            pad_to(sb, &at, b->label_col[k]);
            mg__sb_column(sb, k);
            at++;
        }
        mg__sb_putc(sb, '\n');
    }
    mg__cot_label_chains(c, cell, &sc);
    chains_line(&sc, 0, sb);
    mg__sb_putc(sb, '\n');
    chains_line(&sc, 1, sb);
    mg__sb_putc(sb, '\n');
    result_line(g, h, sb);
    mg__sb_putc(sb, '\n');
}

/* The board's pixel positions and sizes (chains_boards.h) in the SVG
 * writer's tenths of a pixel. */
static void render_svg(const mg_game *g, const cot *c, const chdr *h,
                       const int8_t *cell, mg__sb *sb)
{
    const mg__cot_board *b = &c->b;
    int32_t p, k;
    int r = b->kind == MG__COT_TRISQUARE ? 140 : 160;
    char status[512];
    mg__sb ssb;
    mg__svg v;
    mg__sb_init(&ssb, status, sizeof status);
    result_line(g, h, &ssb);
    mg__svg_begin(&v, sb, 10 * b->width, 10 * b->height, "#e8c98e",
                  mg__sb_str(&ssb));
    mg__svg_group(&v, "stroke=\"black\" stroke-width=\"1.5\"");
    for (p = 0; p < b->P; p++)
        for (k = 0; k < c->D; k++) {
            int q = b->nbr[p][k];
            if (q > p)
                mg__svg_line(&v, 10 * b->px[p], 10 * b->py[p], 10 * b->px[q],
                             10 * b->py[q], NULL, NULL, NULL);
        }
    mg__svg_group_end(&v);
    for (p = 0; p < b->P; p++) {
        int s = cell[p];
        char name[24];
        mg__sb nsb;
        mg__sb_init(&nsb, name, sizeof name);
        mg__cot_point_name(c, (int)p, &nsb);
        mg__svg_circle(&v, 10 * b->px[p], 10 * b->py[p], 30, "point", NULL,
                       mg__sb_str(&nsb));
        if (s >= 0)
            mg__svg_circle(&v, 10 * b->px[p], 10 * b->py[p], r,
                           s ? "stone p1" : "stone p0",
                           s ? "fill=\"white\" stroke=\"black\""
                             : "fill=\"black\" stroke=\"black\"",
                           NULL);
    }
    mg__svg_end(&v);
}

void mg__cot_render(const mg_game *g, const void *st, int format, mg__sb *sb)
{
    if (format == MG_RENDER_SVG)
        render_svg(g, C(g), st, ccells(st), sb);
    else
        render_text(g, C(g), st, ccells(st), sb);
}
