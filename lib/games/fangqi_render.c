/*
 * fangqi_render.c - the pictures of a Fangqi position: the text one (the
 * grid top row first, with row numbers and column letters) and the SVG
 * one (the grid's lines and the stones, through the SVG writer of svg.c),
 * both with the same two status lines: the stone counts, then the phase
 * and who is to act, or "game over: " and the end reason (who won, why,
 * and the rule: fangqi_explain.c).
 */
#include "fangqi.h"

/* the text picture's stones: X for Black (seat 0), O for White (seat 1) */
static const char stone_char[2] = {'X', 'O'};
static const char *const colour[2] = {"Black", "White"};

static void status(const mg_game *g, const fstate *s, mg__sb *sb)
{
    const fq *f = F(g);
    static const char *const phase_name[] = {"placing", "removing", "moving",
                                             "over"};
    mg__sb_printf(sb,
                  "Black (seat 0): %d stone%s  White (seat 1): %d stone%s\n",
                  (int)s->stones[0], s->stones[0] == 1 ? "" : "s",
                  (int)s->stones[1], s->stones[1] == 1 ? "" : "s");
    if (s->phase == PH_OVER) {
        mg__sb_puts(sb, "game over: ");
        mg__fq_end_reason(g, s, sb);
        mg__sb_putc(sb, '\n');
        return;
    }
    mg__sb_printf(sb, "%s: %s (seat %d) to %s", phase_name[(int)s->phase],
                  colour[(int)s->player], (int)s->player,
                  s->pending ? "remove" : s->phase == PH_PLACE ? "place"
                                                               : "move");
    if (s->pending)
        mg__sb_printf(sb, " %d stone%s", (int)s->pending,
                      s->pending == 1 ? "" : "s");
    if (s->phase == PH_MOVE && f->limit)
        mg__sb_printf(sb, " (%d of %d pl%s without a removal)",
                      (int)s->quiet, f->limit, f->limit == 1 ? "y" : "ies");
    mg__sb_putc(sb, '\n');
}

/* A grid of UNIT px squares inside a margin of MARGIN px, in the SVG
 * writer's tenths of a pixel; the status goes under it. */
#define UNIT 400
#define MARGIN 300

static void render_svg(const mg_game *g, const fstate *s, mg__sb *sb)
{
    const fq *f = F(g);
    const int32_t right = MARGIN + (f->w - 1) * UNIT;
    const int32_t bottom = MARGIN + (f->h - 1) * UNIT;
    char text[512];
    mg__sb tsb;
    mg__svg v;
    int x, y;
    mg__sb_init(&tsb, text, sizeof text);
    status(g, s, &tsb);
    mg__svg_begin(&v, sb, right + MARGIN, bottom + MARGIN, "#e8c98e",
                  mg__sb_str(&tsb));
    for (x = 0; x < f->w; x++)
        mg__svg_line(&v, MARGIN + x * UNIT, MARGIN, MARGIN + x * UNIT, bottom,
                     NULL, "stroke=\"black\"", NULL);
    for (y = 0; y < f->h; y++)
        mg__svg_line(&v, MARGIN, MARGIN + y * UNIT, right, MARGIN + y * UNIT,
                     NULL, "stroke=\"black\"", NULL);
    for (y = 0; y < f->h; y++)
        for (x = 0; x < f->w; x++) {
            int c = cell_at(f, s, y * f->w + x);
            if (c < 0)
                continue;
            mg__svg_circle(&v, MARGIN + x * UNIT,
                           MARGIN + (f->h - 1 - y) * UNIT, 160,
                           c ? "stone p1" : "stone p0",
                           c ? "fill=\"white\" stroke=\"black\""
                             : "fill=\"black\" stroke=\"black\"",
                           NULL);
        }
    mg__svg_end(&v);
}

static void render_text(const mg_game *g, const fstate *s, mg__sb *sb)
{
    const fq *f = F(g);
    int x, y;
    for (y = f->h - 1; y >= 0; y--) {
        mg__sb_printf(sb, "%s%d", y + 1 < 10 && f->h >= 10 ? " " : "", y + 1);
        for (x = 0; x < f->w; x++) {
            int c = cell_at(f, s, y * f->w + x);
            mg__sb_putc(sb, ' ');
            mg__sb_putc(sb, c < 0 ? '.' : stone_char[c]);
        }
        mg__sb_putc(sb, '\n');
    }
    mg__sb_puts(sb, f->h >= 10 ? "  " : " ");
    for (x = 0; x < f->w; x++) {
        mg__sb_putc(sb, ' ');
        mg__sb_column(sb, x);
    }
    mg__sb_putc(sb, '\n');
    status(g, s, sb);
}

void mg__fq_render(const mg_game *g, const void *st, int format, mg__sb *sb)
{
    if (format == MG_RENDER_SVG)
        render_svg(g, st, sb);
    else
        render_text(g, st, sb);
}
