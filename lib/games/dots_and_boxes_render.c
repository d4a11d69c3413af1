/*
 * dots_and_boxes_render.c - the pictures of a Dots and Boxes position
 * (doc/rules.md §3): the text rendering (dots '+', drawn lines '---', '|'
 * and '\', each claimed cell's owner letter, row numbers and column
 * letters, the status: the scores and who moves, or the end reason) and
 * the SVG rendering through the SVG writer (svg.c), with the same status
 * under the board.
 */
#include "dots_and_boxes.h"

#include <string.h>

static const char mark_char[2] = {'A', 'B'};

static int digits(int32_t v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

/* The status: the scores, then who moves with the lines left; or, once
 * the game is over, a second line "game over: " and the end reason
 * (dots_and_boxes_explain.c; rules 3.2.3 and 3.2.4). */
static void render_status(const dab_state *s, mg__sb *sb, const mg_game *g)
{
    mg__sb_printf(sb, "A (seat 0): %d  B (seat 1): %d", (int)s->score[0],
                  (int)s->score[1]);
    if (s->player != MG_NOBODY) {
        mg__sb_printf(sb, "  %c to move, %d line%s left",
                      mark_char[s->player], (int)s->remaining,
                      s->remaining == 1 ? "" : "s");
        return;
    }
    mg__sb_puts(sb, "\ngame over: ");
    mg__dab_end_reason(g, s, sb);
}

/* Widest text row: honeycomb size 16 spans 63 dot columns. */
#define MAX_TEXT_COLS 4 * 64

static void render_text(const mg_game *g, const void *st, mg__sb *sb)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    int32_t rows = 2 * (d->h - 1) + 1, cols = 4 * (d->w - 1) + 1;
    int32_t r, c, x, mi = 0;
    int lw = digits(d->h);
    char line[MAX_TEXT_COLS + 1];

    assert(cols <= MAX_TEXT_COLS);
    for (r = 0; r < rows; r++) {
        int32_t y = d->h - 1 - (r + 1) / 2; /* dot row, or the one below */
        int32_t end = cols;
        memset(line, ' ', (size_t)cols);
        for (x = 0; x < d->w; x++) {
            int32_t dot = d->dot_at[y * d->w + x], l;
            if (dot < 0)
                continue;
            if (r % 2 == 0) {
                line[4 * x] = '+';
                l = d->dot_dir[dot * N_DIRS + DIR_E];
                if (l >= 0 && drawn[l])
                    memcpy(line + 4 * x + 1, "---", 3);
            } else {
                l = d->dot_dir[dot * N_DIRS + DIR_N];
                if (l >= 0 && drawn[l])
                    line[4 * x] = '|';
                l = d->dot_dir[dot * N_DIRS + DIR_NW];
                if (l >= 0 && drawn[l])
                    line[4 * x - 2] = '\\';
            }
        }
        for (; mi < d->ncells && d->mark_row[d->mark_order[mi]] == r; mi++) {
            int32_t cell = d->mark_order[mi];
            if (owner[cell] >= 0)
                line[d->mark_col[cell]] = mark_char[(int)owner[cell]];
        }
        while (end > 0 && line[end - 1] == ' ')
            end--;
        if (r % 2 == 0) {
            int pad;
            for (pad = digits(d->h - r / 2); pad < lw; pad++)
                mg__sb_putc(sb, ' ');
            mg__sb_int(sb, d->h - r / 2);
            mg__sb_putc(sb, ' ');
        } else if (end > 0) {
            for (c = 0; c <= lw; c++)
                mg__sb_putc(sb, ' ');
        }
        mg__sb_putn(sb, line, (size_t)end);
        mg__sb_putc(sb, '\n');
    }
    /* column letters under the dots */
    for (c = 0; c <= lw; c++)
        mg__sb_putc(sb, ' ');
    for (x = 0; x < d->w; x++) {
        size_t before = sb->len;
        mg__sb_column(sb, x);
        if (x + 1 < d->w)
            for (c = (int32_t)(sb->len - before); c < 4; c++)
                mg__sb_putc(sb, ' ');
    }
    mg__sb_putc(sb, '\n');
    render_status((const dab_state *)st, sb, g);
    mg__sb_putc(sb, '\n');
}

/* The claimed cells (filled, with the owner's letter), every line (drawn,
 * predrawn or open, titled with its notation), every dot (titled with its
 * name), and the status under the board.  Coordinates in tenths. */
static void render_svg(const mg_game *g, const void *st, mg__sb *sb)
{
    static const char *const cell_class[2] = {"cell p0", "cell p1"};
    static const char *const fill[2] = {"fill=\"#9ec5fe\"",
                                        "fill=\"#f5b7b1\""};
    static const char *const letter[2] = {"A", "B"};
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    char status[256], title[32];
    int32_t i, k, xy[2 * MAX_SIDES];
    mg__sb ssb, tsb;
    mg__svg v;

    mg__sb_init(&ssb, status, sizeof status);
    render_status((const dab_state *)st, &ssb, g);
    mg__svg_begin(&v, sb, d->svg_w, d->svg_h, "white", mg__sb_str(&ssb));
    for (i = 0; i < d->ncells; i++) {
        int32_t cx = 0, cy = 0, ns = d->cell_nsides[i];
        int o = owner[i];
        if (o < 0)
            continue;
        for (k = 0; k < ns; k++) {
            int32_t dot = d->cell_dots[i * MAX_SIDES + k];
            xy[2 * k] = d->svg_x[dot];
            xy[2 * k + 1] = d->svg_y[dot];
            cx += d->svg_x[dot];
            cy += d->svg_y[dot];
        }
        mg__svg_polygon(&v, xy, (int)ns, cell_class[o], fill[o], NULL);
        /* the centre rounded down to whole pixels, as it always was */
        mg__svg_label(&v, cx / ns / 10 * 10, cy / ns / 10 * 10,
                      "font-size=\"14\"", letter[o]);
    }
    for (i = 0; i < d->nlines; i++) {
        int32_t a = d->line_dots[2 * i], b = d->line_dots[2 * i + 1];
        const char *style =
            drawn[i] == DRAWN_BEFORE
                ? "stroke=\"#555\" stroke-width=\"3\""
            : drawn[i] ? "stroke=\"black\" stroke-width=\"4\""
                       : "stroke=\"#ccc\" stroke-width=\"1\" "
                         "stroke-dasharray=\"4 4\"";
        mg__sb_init(&tsb, title, sizeof title);
        mg__dab_action_name(g, i, &tsb);
        mg__svg_line(&v, d->svg_x[a], d->svg_y[a], d->svg_x[b], d->svg_y[b],
                     drawn[i] ? "drawn" : "open", style, mg__sb_str(&tsb));
    }
    for (i = 0; i < d->ndots; i++) {
        mg__sb_init(&tsb, title, sizeof title);
        mg__dab_dot_name(d, i, &tsb);
        mg__svg_circle(&v, d->svg_x[i], d->svg_y[i], 40, NULL,
                       "fill=\"black\"", mg__sb_str(&tsb));
    }
    mg__svg_end(&v);
}

void mg__dab_render(const mg_game *g, const void *st, int format,
                    mg__sb *sb)
{
    if (format == MG_RENDER_SVG)
        render_svg(g, st, sb);
    else
        render_text(g, st, sb);
}
