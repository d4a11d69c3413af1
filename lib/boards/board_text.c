/*
 * board_text.c - the text format of a board (mindgames(7) "Board text"):
 * mg_board_format writes it, mg_board_parse reads and validates it (the
 * picture's rows top first, '#' a cell, 'o' the blank, '.' nothing).
 */
#include "board.h"

#include <string.h>

#define FORMAT_MAGIC "mindgames-board"
#define MAX_SIDE MG__BOARD_MAX_SIDE

static const char *kind_name(int kind)
{
    return kind == MG_BOARD_OCTOPUSZLE ? "octopuszle" : "labyrinth";
}

/* --------------------------------------------------------- text format */

void mg__board_format(const mg_board *b, mg__sb *sb)
{
    int32_t x0, x1, y0, y1, x, y;
    x0 = b->bx < 0 ? b->bx : 0;
    y0 = b->by < 0 ? b->by : 0;
    x1 = b->bx >= b->w ? b->bx : b->w - 1;
    y1 = b->by >= b->h ? b->by : b->h - 1;
    mg__sb_printf(sb, "%s 1\nkind %s\nsize %d %d\n", FORMAT_MAGIC,
                  kind_name(b->kind), (int)(x1 - x0 + 1), (int)(y1 - y0 + 1));
    for (y = y1; y >= y0; y--) {
        for (x = x0; x <= x1; x++)
            mg__sb_putc(sb, (x == b->bx && y == b->by) ? 'o'
                            : mg__board_cell_at(b, x, y) >= 0 ? '#'
                                                              : '.');
        mg__sb_putc(sb, '\n');
    }
}

int mg_board_format(const mg_board *b, char *buf, size_t cap, size_t *needed)
{
    mg__sb sb;
    if (!b || (!buf && cap))
        return MG_EINVAL;
    mg__sb_init(&sb, buf, cap);
    mg__board_format(b, &sb);
    return mg__sb_finish(&sb, needed);
}

/* The next line of text (without "\r\n"); advances *p. */
static size_t next_line(const char **p, const char **line)
{
    size_t n = 0;
    *line = *p;
    while ((*p)[n] && (*p)[n] != '\n')
        n++;
    *p += n + ((*p)[n] == '\n');
    if (n && (*line)[n - 1] == '\r')
        n--;
    return n;
}

static int parse_uint(const char **s, const char *end, int32_t *v)
{
    int64_t x = 0;
    const char *p = *s;
    if (p >= end || *p < '0' || *p > '9')
        return 0;
    while (p < end && *p >= '0' && *p <= '9') {
        x = x * 10 + (*p - '0');
        if (x > 1000000000)
            return 0;
        p++;
    }
    *s = p;
    *v = (int32_t)x;
    return 1;
}

static int line_is(const char *line, size_t n, const char *word,
                   const char **rest)
{
    size_t k = strlen(word);
    if (n < k || !mg__strncaseeq(line, word, k))
        return 0;
    *rest = line + k;
    return 1;
}

/* The tiles read off a board picture. */
typedef struct tiles {
    int32_t xs[MG__BOARD_MAX_CELLS], ys[MG__BOARD_MAX_CELLS];
    int32_t count, nblank, bx, by;
} tiles;

/* Lines 1-3: the magic, the kind and the size. */
static int parse_header(const char **p, int *kind, int32_t *w, int32_t *h,
                        char *err, size_t errcap)
{
    const char *line, *rest, *end;
    size_t n = next_line(p, &line);
    if (!line_is(line, n, FORMAT_MAGIC " 1", &rest) || rest != line + n)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board line 1: expected '" FORMAT_MAGIC " 1'");
    n = next_line(p, &line);
    if (line_is(line, n, "kind octopuszle", &rest) && rest == line + n)
        *kind = MG_BOARD_OCTOPUSZLE;
    else if (line_is(line, n, "kind labyrinth", &rest) && rest == line + n)
        *kind = MG_BOARD_LABYRINTH;
    else
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board line 2: expected 'kind octopuszle' or "
                       "'kind labyrinth'");
    n = next_line(p, &line);
    end = line + n;
    if (!line_is(line, n, "size ", &rest) || !parse_uint(&rest, end, w) ||
        rest >= end || *rest++ != ' ' || !parse_uint(&rest, end, h) ||
        rest != end)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board line 3: expected 'size <width> <height>'");
    if (*w < 1 || *h < 1 || *w > MAX_SIDE || *h > MAX_SIDE)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board line 3: size %d x %d outside 1..%d", (int)*w,
                       (int)*h, MAX_SIDE);
    return MG_OK;
}

/* One row of the picture (y), line number lineno, into t; counts the
 * tiles of the row and of each column. */
static int parse_row(const char *line, size_t n, int kind, int32_t w,
                     int32_t y, int lineno, tiles *t, int32_t *row_tiles,
                     int32_t *col_tiles, char *err, size_t errcap)
{
    int32_t x;
    if ((int32_t)n != w)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board line %d: %s (expected %d characters)", lineno,
                       n ? "wrong length" : "missing row", (int)w);
    *row_tiles = 0;
    for (x = 0; x < w; x++) {
        char c = line[x];
        if (c == '.')
            continue;
        if (c != '#' && c != 'o' && c != 'O')
            return mg__err(err, errcap, MG_ESYNTAX,
                           "board line %d, column %d: unexpected %s "
                           "(expected '#', 'o' or '.')",
                           lineno, (int)x + 1,
                           (unsigned char)c < 0x20 || (unsigned char)c >= 0x7f
                               ? "byte"
                               : (c == ' ' ? "space" : "character"));
        (*row_tiles)++;
        col_tiles[x]++;
        if (c == '#') {
            if (t->count == MG__BOARD_MAX_CELLS)
                return mg__err(err, errcap, MG_EBOARD,
                               "board has more than %d cells; %s board "
                               "has %d and the blank",
                               MG__BOARD_MAX_CELLS, mg__board_kind_title(kind),
                               mg__board_tiles(kind) - 1);
            t->xs[t->count] = x;
            t->ys[t->count++] = y;
        } else {
            t->nblank++;
            t->bx = x;
            t->by = y;
        }
    }
    return MG_OK;
}

int mg_board_parse(mg_board **out, const char *text, char *err,
                   size_t errcap)
{
    const char *p, *line;
    size_t n;
    int kind = 0, lineno = 3, rc;
    int32_t w = 0, h = 0, y, row_tiles = 0, col_tiles[MAX_SIDE];
    tiles t;

    if (err && errcap)
        err[0] = '\0';
    if (out)
        *out = NULL;
    if (!out || !text)
        return mg__err(err, errcap, MG_EINVAL, "%s is NULL",
                       !out ? "out" : "text");
    p = text;
    if ((rc = parse_header(&p, &kind, &w, &h, err, errcap)) != MG_OK)
        return rc;
    memset(col_tiles, 0, (size_t)w * sizeof col_tiles[0]);
    t.count = t.nblank = t.bx = t.by = 0;
    for (y = h - 1; y >= 0; y--) {
        lineno++;
        n = next_line(&p, &line);
        rc = parse_row(line, n, kind, w, y, lineno, &t, &row_tiles, col_tiles,
                       err, errcap);
        if (rc)
            return rc;
        if (row_tiles == 0 && (y == h - 1 || y == 0))
            return mg__err(err, errcap, MG_ESYNTAX,
                           "board line %d: an empty %s row (the picture is "
                           "trimmed to its tiles)",
                           lineno, y == 0 ? "bottom" : "top");
    }
    if (col_tiles[0] == 0 || col_tiles[w - 1] == 0)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board: an empty %s column (the picture is trimmed "
                       "to its tiles)",
                       col_tiles[0] == 0 ? "first" : "last");
    while (*p == '\n' || *p == '\r' || *p == ' ' || *p == '\t')
        p++;
    if (*p)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "board line %d: text after the last row", lineno + 1);
    if (t.nblank != 1 && t.count == mg__board_tiles(kind) - 1)
        return mg__err(err, errcap, MG_EBOARD,
                       "board has %d blanks ('o'); a solution has exactly one",
                       (int)t.nblank);
    /* (with a wrong count the blank is irrelevant: build reports it) */
    return mg__board_build(out, kind, t.xs, t.ys, t.count, t.bx, t.by, err,
                           errcap);
}
