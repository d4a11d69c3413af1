/*
 * svg.c - the one SVG writer: every picture the library draws (the games'
 * positions and the boards) goes through it.
 *
 * A picture is a body the caller draws (in tenths of a pixel, so that
 * hexagons come out exactly enough with integers only) and, under it, a
 * status text laid out here so that it is never clipped: a picture with
 * a status is at least STATUS_WIDE pixels wide (a smaller body is
 * centred), and a line longer than the width wraps at spaces into lines
 * of its own.  The width depends on the body only, so every position of
 * a game has the same width and the body the same place.  The width of
 * a line is estimated at CHAR_W per character, the advance of the widest
 * common glyphs of a 14 px sans-serif face (DejaVu Sans digits are
 * 0.64 em, 9.0 px): generous, so real text falls inside.
 */
#include "internal.h"

#include <string.h>

#define CHAR_W 90        /* tenths of a pixel per status character */
#define PAD 100          /* status text inset from the left edge */
#define LINE_H 180       /* status line height */
#define FIRST_BASE 160   /* first baseline below the body */
#define BOTTOM 80        /* below the last line */
#define STATUS_WIDE 3200 /* widen the picture for the status up to this */

void mg__svg_tenths(mg__sb *sb, int32_t v)
{
    uint32_t u = v < 0 ? (uint32_t)0 - (uint32_t)v : (uint32_t)v;
    if (v < 0)
        mg__sb_putc(sb, '-');
    mg__sb_uint(sb, u / 10);
    if (u % 10) {
        mg__sb_putc(sb, '.');
        mg__sb_putc(sb, (char)('0' + u % 10));
    }
}

/* Text content or an attribute value: & < > " escaped. */
static void escape(mg__sb *sb, const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        switch (s[i]) {
        case '&':
            mg__sb_puts(sb, "&amp;");
            break;
        case '<':
            mg__sb_puts(sb, "&lt;");
            break;
        case '>':
            mg__sb_puts(sb, "&gt;");
            break;
        case '"':
            mg__sb_puts(sb, "&quot;");
            break;
        default:
            mg__sb_putc(sb, s[i]);
            break;
        }
    }
}

/* The status lines: each '\n'-separated paragraph wrapped at spaces into
 * lines of at most `cols` characters (a longer word is cut).  Calls
 * emit(v, text, n, index) per line when v is not NULL; returns the number
 * of lines. */
static int wrap(const char *s, size_t cols, mg__svg *v)
{
    int lines = 0;
    if (cols < 8)
        cols = 8;
    while (s && *s) {
        size_t len = 0, cut;
        while (s[len] && s[len] != '\n')
            len++;
        do {
            while (len && *s == ' ') { /* no line starts with a space */
                s++;
                len--;
            }
            cut = len;
            if (len > cols) {
                cut = cols;
                while (cut > 0 && s[cut] != ' ')
                    cut--;
                if (cut == 0)
                    cut = cols;
            }
            if (cut) {
                if (v) {
                    mg__sb *sb = v->sb;
                    mg__sb_printf(sb, "<text class=\"status\" x=\"");
                    mg__svg_tenths(sb, PAD);
                    mg__sb_puts(sb, "\" y=\"");
                    mg__svg_tenths(sb, v->body_h + FIRST_BASE + lines * LINE_H);
                    mg__sb_puts(sb, "\" font-family=\"sans-serif\" "
                                    "font-size=\"14\">");
                    escape(sb, s, cut);
                    mg__sb_puts(sb, "</text>\n");
                }
                lines++;
            }
            s += cut;
            len -= cut;
        } while (len);
        if (*s == '\n')
            s++;
    }
    return lines;
}

void mg__svg_begin(mg__svg *v, mg__sb *sb, int32_t body_w, int32_t body_h,
                   const char *background, const char *status)
{
    v->sb = sb;
    v->status = status && *status ? status : NULL;
    v->body_w = body_w;
    v->body_h = body_h;
    v->width = v->status && body_w < STATUS_WIDE ? STATUS_WIDE : body_w;
    v->dx = (v->width - body_w) / 2;
    v->lines = v->status ? wrap(v->status,
                                (size_t)((v->width - 2 * PAD) / CHAR_W), NULL)
                         : 0;
    v->height =
        body_h + (v->lines ? FIRST_BASE + (v->lines - 1) * LINE_H + BOTTOM : 0);
    mg__sb_puts(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
                    "width=\"");
    mg__svg_tenths(sb, v->width);
    mg__sb_puts(sb, "\" height=\"");
    mg__svg_tenths(sb, v->height);
    mg__sb_puts(sb, "\" viewBox=\"0 0 ");
    mg__svg_tenths(sb, v->width);
    mg__sb_putc(sb, ' ');
    mg__svg_tenths(sb, v->height);
    mg__sb_printf(sb,
                  "\">\n<rect width=\"100%%\" height=\"100%%\" "
                  "fill=\"%s\"/>\n",
                  background);
    if (v->dx) {
        mg__sb_puts(sb, "<g transform=\"translate(");
        mg__svg_tenths(sb, v->dx);
        mg__sb_puts(sb, " 0)\">\n");
    }
}

void mg__svg_end(mg__svg *v)
{
    if (v->dx)
        mg__sb_puts(v->sb, "</g>\n");
    if (v->status)
        wrap(v->status, (size_t)((v->width - 2 * PAD) / CHAR_W), v);
    mg__sb_puts(v->sb, "</svg>\n");
}

/* "<tag class="cls"" for an element's start. */
static void open_tag(mg__sb *sb, const char *tag, const char *cls)
{
    mg__sb_putc(sb, '<');
    mg__sb_puts(sb, tag);
    if (cls) {
        mg__sb_puts(sb, " class=\"");
        mg__sb_puts(sb, cls);
        mg__sb_putc(sb, '"');
    }
}

/* The element's end: its other attributes, then a title or "/>". */
static void close_tag(mg__sb *sb, const char *tag, const char *attrs,
                      const char *title)
{
    if (attrs && *attrs) {
        mg__sb_putc(sb, ' ');
        mg__sb_puts(sb, attrs);
    }
    if (!title) {
        mg__sb_puts(sb, "/>\n");
        return;
    }
    mg__sb_puts(sb, "><title>");
    escape(sb, title, strlen(title));
    mg__sb_printf(sb, "</title></%s>\n", tag);
}

static void attr(mg__sb *sb, const char *name, int32_t value)
{
    mg__sb_printf(sb, " %s=\"", name);
    mg__svg_tenths(sb, value);
    mg__sb_putc(sb, '"');
}

void mg__svg_line(mg__svg *v, int32_t x1, int32_t y1, int32_t x2, int32_t y2,
                  const char *cls, const char *attrs, const char *title)
{
    open_tag(v->sb, "line", cls);
    attr(v->sb, "x1", x1);
    attr(v->sb, "y1", y1);
    attr(v->sb, "x2", x2);
    attr(v->sb, "y2", y2);
    close_tag(v->sb, "line", attrs, title);
}

void mg__svg_circle(mg__svg *v, int32_t cx, int32_t cy, int32_t r,
                    const char *cls, const char *attrs, const char *title)
{
    open_tag(v->sb, "circle", cls);
    attr(v->sb, "cx", cx);
    attr(v->sb, "cy", cy);
    attr(v->sb, "r", r);
    close_tag(v->sb, "circle", attrs, title);
}

void mg__svg_rect(mg__svg *v, int32_t x, int32_t y, int32_t w, int32_t h,
                  const char *cls, const char *attrs)
{
    open_tag(v->sb, "rect", cls);
    attr(v->sb, "x", x);
    attr(v->sb, "y", y);
    attr(v->sb, "width", w);
    attr(v->sb, "height", h);
    close_tag(v->sb, "rect", attrs, NULL);
}

void mg__svg_polygon(mg__svg *v, const int32_t *xy, int n, const char *cls,
                     const char *attrs, const char *title)
{
    int k;
    open_tag(v->sb, "polygon", cls);
    mg__sb_puts(v->sb, " points=\"");
    for (k = 0; k < n; k++) {
        if (k)
            mg__sb_putc(v->sb, ' ');
        mg__svg_tenths(v->sb, xy[2 * k]);
        mg__sb_putc(v->sb, ',');
        mg__svg_tenths(v->sb, xy[2 * k + 1]);
    }
    mg__sb_putc(v->sb, '"');
    close_tag(v->sb, "polygon", attrs, title);
}

void mg__svg_label(mg__svg *v, int32_t x, int32_t y, const char *attrs,
                   const char *text)
{
    mg__sb_puts(v->sb, "<text");
    attr(v->sb, "x", x);
    attr(v->sb, "y", y);
    mg__sb_puts(v->sb, " font-family=\"sans-serif\" text-anchor=\"middle\" "
                       "dominant-baseline=\"central\"");
    if (attrs && *attrs) {
        mg__sb_putc(v->sb, ' ');
        mg__sb_puts(v->sb, attrs);
    }
    mg__sb_putc(v->sb, '>');
    escape(v->sb, text, strlen(text));
    mg__sb_puts(v->sb, "</text>\n");
}

void mg__svg_group(mg__svg *v, const char *attrs)
{
    mg__sb_printf(v->sb, "<g %s>\n", attrs);
}

void mg__svg_group_end(mg__svg *v)
{
    mg__sb_puts(v->sb, "</g>\n");
}
