/*
 * board_render.c - text and SVG pictures of a transcendental board in the
 * three views of the game's applet: cells, beams, or both.  Games draw
 * their stones through the `marks` argument (one character per cell).
 *
 * Text: the square grid puts cells two columns apart, beams as - | / \
 * (+ where two diagonals cross); the hex grid uses axial (q, r) with cell
 * (q, r) at column 2(2q + r), beams as --- / \.  Rows are numbered at the
 * left; on the square grid the column letters run along the bottom, on the
 * hex grid each cell shows its column letter in the cells view.
 */
#include "board.h"

#include <string.h>

#define MAX_LINE 4096

typedef struct {
    int32_t x0, x1, y0, y1; /* extent of all tiles, blank included */
    int32_t colmin;         /* hex: smallest raw column */
    int hex;
} frame;

static void frame_of(const mg_board *b, frame *f)
{
    int32_t i;
    f->hex = b->kind == MG_BOARD_LABYRINTH;
    f->x0 = b->bx < 0 ? b->bx : 0;
    f->y0 = b->by < 0 ? b->by : 0;
    f->x1 = b->bx >= b->w ? b->bx : b->w - 1;
    f->y1 = b->by >= b->h ? b->by : b->h - 1;
    f->colmin = 2 * (2 * b->bx + b->by);
    for (i = 0; i < b->n; i++)
        if (2 * (2 * b->x[i] + b->y[i]) < f->colmin)
            f->colmin = 2 * (2 * b->x[i] + b->y[i]);
}

static int32_t text_col(const frame *f, int32_t x, int32_t y)
{
    return f->hex ? 2 * (2 * x + y) - f->colmin : 2 * (x - f->x0);
}

static char glyph(const mg_board *b, const frame *f, int flags,
                  const char *marks, int32_t c)
{
    if (marks)
        return marks[c];
    if (!(flags & MG_BOARD_SHOW_CELLS))
        return '+';
    if (f->hex && b->x[c] < 26)
        return (char)('a' + b->x[c]);
    return 'o';
}

static int digits(int32_t v)
{
    int n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

static void put(char *line, int32_t *len, int32_t col, char ch)
{
    if (col < 0 || col >= MAX_LINE)
        return;
    if (line[col] != ' ' && ch != line[col] &&
        ((line[col] == '/' && ch == '\\') || (line[col] == '\\' && ch == '/')))
        ch = '+'; /* two diagonal beams cross: '+', as mg-play shows it
                   * ('x' was taken for Black's stone X).  A picture's
                   * marks are a renderer's choice, not a rule. */
    line[col] = ch;
    if (col + 1 > *len)
        *len = col + 1;
}

void mg__board_render_text(const mg_board *b, int flags, const char *marks,
                           mg__sb *sb)
{
    frame f;
    int32_t r, rows, y, x, lw = digits(b->h);
    int beams = (flags & MG_BOARD_SHOW_BEAMS) != 0;
    char line[MAX_LINE];

    frame_of(b, &f);
    rows = 2 * (f.y1 - f.y0) + 1;
    for (r = 0; r < rows; r++) {
        int32_t len = 0, pad;
        memset(line, ' ', sizeof line);
        y = f.y1 - (r + 1) / 2; /* this row, or the one below it */
        for (x = f.x0; x <= f.x1; x++) {
            int32_t c = mg__board_cell_at(b, x, y), col = text_col(&f, x, y);
            if (r % 2 == 0) {
                if (x == b->bx && y == b->by)
                    put(line, &len, col, '0');
                if (c < 0)
                    continue;
                put(line, &len, col, glyph(b, &f, flags, marks, c));
                if (beams && (b->mask[c] & 1)) {
                    put(line, &len, col + 1, '-');
                    if (f.hex) {
                        put(line, &len, col + 2, '-');
                        put(line, &len, col + 3, '-');
                    }
                }
            } else if (c >= 0 && beams) {
                unsigned m = b->mask[c];
                if (!f.hex) { /* bits: 1 NE, 2 N, 3 NW */
                    if (m & 4)
                        put(line, &len, col, '|');
                    if (m & 2)
                        put(line, &len, col + 1, '/');
                    if (m & 8)
                        put(line, &len, col - 1, '\\');
                } else { /* bits: 1 NE (0,+1), 2 NW (-1,+1) */
                    if (m & 2)
                        put(line, &len, col + 1, '/');
                    if (m & 4)
                        put(line, &len, col - 1, '\\');
                }
            }
        }
        if (r % 2 == 0 && y >= 0 && y < b->h) {
            for (pad = digits(y + 1); pad < lw; pad++)
                mg__sb_putc(sb, ' ');
            mg__sb_int(sb, y + 1);
            mg__sb_putc(sb, ' ');
        } else if (len) {
            for (pad = 0; pad <= lw; pad++)
                mg__sb_putc(sb, ' ');
        }
        mg__sb_putn(sb, line, (size_t)len);
        mg__sb_putc(sb, '\n');
    }
    if (!f.hex) { /* column letters, one or two lines */
        int line_no, two = b->w > 26;
        for (line_no = two ? 0 : 1; line_no < 2; line_no++) {
            int32_t len = 0, pad;
            memset(line, ' ', sizeof line);
            for (x = 0; x < b->w; x++) {
                char name[8];
                mg__sb nsb;
                mg__sb_init(&nsb, name, sizeof name);
                mg__sb_column(&nsb, x);
                mg__sb_finish(&nsb, NULL);
                if (line_no == 1)
                    put(line, &len, text_col(&f, x, 0),
                        name[strlen(name) - 1]);
                else if (strlen(name) > 1)
                    put(line, &len, text_col(&f, x, 0), name[0]);
            }
            for (pad = 0; pad <= lw; pad++)
                mg__sb_putc(sb, ' ');
            mg__sb_putn(sb, line, (size_t)len);
            mg__sb_putc(sb, '\n');
        }
    }
}

/* ---------------------------------------------------------------- SVG */

/* Pixel geometry in tenths of a pixel, so hexagons are drawn exactly
 * enough with integers only.  Square cells are 24 px; hexagons have a
 * 16 px radius (pointy-top; E neighbours share a vertical edge). */
#define SQ 240
#define HX_R 160
#define HX_W 139 /* half the width of a hexagon: R * sqrt(3) / 2 */
#define MARGIN 200

typedef struct {
    frame f;
    int32_t ox, oy; /* offsets so every coordinate is >= MARGIN */
    int32_t width, height;
} svg_frame;

static void center(const mg_board *b, const svg_frame *s, int32_t x,
                   int32_t y, int32_t *px, int32_t *py)
{
    (void)b;
    if (s->f.hex) {
        *px = (2 * x + y) * HX_W + s->ox;
        *py = -3 * HX_R / 2 * y + s->oy;
    } else {
        *px = x * SQ + s->ox;
        *py = -y * SQ + s->oy;
    }
}

static void svg_frame_of(const mg_board *b, svg_frame *s)
{
    int32_t minx = INT32_MAX, maxx = INT32_MIN, miny = INT32_MAX,
            maxy = INT32_MIN, i, px, py, half;
    frame_of(b, &s->f);
    s->ox = s->oy = 0;
    for (i = -1; i < b->n; i++) {
        center(b, s, i < 0 ? b->bx : b->x[i], i < 0 ? b->by : b->y[i], &px,
               &py);
        if (px < minx) minx = px;
        if (px > maxx) maxx = px;
        if (py < miny) miny = py;
        if (py > maxy) maxy = py;
    }
    half = s->f.hex ? HX_R : SQ / 2;
    s->ox = MARGIN + half - minx;
    s->oy = MARGIN + half - miny;
    s->width = maxx - minx + 2 * (MARGIN + half);
    s->height = maxy - miny + 2 * (MARGIN + half);
}

static void svg_tile(const mg_board *b, const svg_frame *s, int32_t x,
                     int32_t y, const char *style, mg__svg *v)
{
    int32_t px, py;
    center(b, s, x, y, &px, &py);
    if (s->f.hex) {
        static const int8_t vx[6] = {0, 1, 1, 0, -1, -1};
        static const int8_t vy[6] = {-2, -1, 1, 2, 1, -1};
        int32_t xy[12];
        int k;
        for (k = 0; k < 6; k++) {
            xy[2 * k] = px + vx[k] * HX_W;
            xy[2 * k + 1] = py + vy[k] * HX_R / 2;
        }
        mg__svg_polygon(v, xy, 6, NULL, style, NULL);
    } else {
        mg__svg_rect(v, px - SQ / 2, py - SQ / 2, SQ, SQ, NULL, style);
    }
}

void mg__board_render_svg(const mg_board *b, int flags, const char *marks,
                          const char *status, mg__sb *sb)
{
    svg_frame s;
    mg__svg v;
    const int8_t *dx, *dy;
    int nd = mg__board_dirs(b->kind, &dx, &dy), d;
    int32_t i;

    svg_frame_of(b, &s);
    mg__svg_begin(&v, sb, s.width, s.height, "white", status);
    if (flags & MG_BOARD_SHOW_CELLS) {
        mg__svg_group(&v, "class=\"cells\"");
        for (i = 0; i < b->n; i++)
            svg_tile(b, &s, b->x[i], b->y[i],
                     "fill=\"#f2e6c9\" stroke=\"#8a7a5a\" stroke-width=\"1\"",
                     &v);
        mg__svg_group_end(&v);
    }
    /* the blank tile: drawn in every view, dashed */
    svg_tile(b, &s, b->bx, b->by,
             "class=\"blank\" fill=\"none\" stroke=\"#8a7a5a\" "
             "stroke-dasharray=\"3 3\"",
             &v);
    if (flags & MG_BOARD_SHOW_BEAMS) {
        mg__svg_group(&v, "class=\"beams\" stroke=\"#333\" "
                          "stroke-width=\"2\" stroke-linecap=\"round\"");
        for (i = 0; i < b->n; i++) {
            int32_t px, py;
            center(b, &s, b->x[i], b->y[i], &px, &py);
            for (d = 0; d < nd; d++) {
                int32_t qx, qy;
                if (!(b->mask[i] & (1u << d)))
                    continue;
                /* halfway to the neighbour: an edge's middle, or a corner */
                center(b, &s, b->x[i] + dx[d], b->y[i] + dy[d], &qx, &qy);
                mg__svg_line(&v, px, py, (px + qx) / 2, (py + qy) / 2, NULL,
                             NULL, NULL);
            }
        }
        mg__svg_group_end(&v);
    }
    if (marks) {
        for (i = 0; i < b->n; i++) {
            int32_t px, py;
            char style[96];
            mg__sb m;
            if (marks[i] != 'O' && marks[i] != 'X' && marks[i] != '*')
                continue; /* only stones and highlighted cells are drawn */
            center(b, &s, b->x[i], b->y[i], &px, &py);
            mg__sb_init(&m, style, sizeof style);
            mg__sb_printf(&m, "data-mark=\"%c\" fill=\"%s\" stroke=\"black\"",
                          marks[i],
                          marks[i] == 'O'   ? "white"
                          : marks[i] == '*' ? "#e0b000"
                                            : "black");
            mg__svg_circle(&v, px, py, 80, "mark", mg__sb_str(&m), NULL);
        }
    }
    mg__svg_end(&v);
}

int mg_board_render(const mg_board *b, int format, int flags, char *buf,
                    size_t cap, size_t *needed)
{
    mg__sb sb;
    if (!b || (!buf && cap))
        return MG_EINVAL;
    if ((format != MG_RENDER_TEXT && format != MG_RENDER_SVG) ||
        (flags & ~(MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS)) || !flags)
        return MG_EINVAL;
    mg__sb_init(&sb, buf, cap);
    if (format == MG_RENDER_TEXT)
        mg__board_render_text(b, flags, NULL, &sb);
    else
        mg__board_render_svg(b, flags, NULL, NULL, &sb);
    return mg__sb_finish(&sb, needed);
}
