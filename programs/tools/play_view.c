/*
 * play_view.c - the pictures mg-play shows and their legend.
 *
 * The pictures are the library's text renderings, with two changes:
 *  - on the China boards, where two diagonal beams cross between four
 *    cells, '+' (not 'x', which a person takes for Black's stone X): the
 *    library draws '+' itself since 1.5; an older library's 'x' is still
 *    shown as '+', so both agree;
 *  - in Fangqi and Chains of Thought, when a stone may not go on every
 *    empty point, the points where it may are marked '*'.  The points of
 *    the picture are found line by line (top line first, left to right:
 *    the reverse of the site order, bottom row first) and checked against
 *    who holds each site; when they do not match, nothing is marked;
 *  - at the end, the library's "game over: ..." status says why, in the
 *    words of mg_state_end_reason ("game over: every line is drawn; ...
 *    (rules 3.2.3)");
 *  - a count of one is singular ("1 stone", "1 group", "1 box").
 */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A beam line of a China picture: only beams, crossings and spaces. */
static void show_crossings(char *text)
{
    char *line = text;
    while (*line) {
        size_t n = strcspn(line, "\n");
        if (strspn(line, " /\\|x") == n && strcspn(line, "/\\|") < n) {
            size_t i;
            for (i = 0; i < n; i++)
                if (line[i] == 'x')
                    line[i] = '+';
        }
        line += n + (line[n] == '\n');
    }
}

/* A line of points: a row label (digits, or '#' and digits) after
 * spaces, then only points and spaces.  Returns where the points begin. */
static char *point_line(char *line, size_t n)
{
    size_t i = strspn(line, " ");
    if (i < n && line[i] == '#')
        i++;
    if (i >= n || !isdigit((unsigned char)line[i]))
        return NULL;
    while (i < n && isdigit((unsigned char)line[i]))
        i++;
    if (i >= n || line[i] != ' ' || strspn(line + i, " .XO") < n - i)
        return NULL;
    return line + i;
}

/* The places of the points in the picture, in site order; 0 when the
 * picture does not have exactly one point per site. */
static int find_points(char *text, char **at, int32_t sites)
{
    char *line = text, *lines[512];
    int nlines = 0, l;
    int32_t k = 0;
    while (*line && nlines < 512) {
        size_t n = strcspn(line, "\n");
        if (point_line(line, n))
            lines[nlines++] = line;
        line += n + (line[n] == '\n');
    }
    for (l = nlines - 1; l >= 0; l--) { /* bottom row first */
        size_t n = strcspn(lines[l], "\n");
        char *p = point_line(lines[l], n), *end = lines[l] + n;
        for (; p < end; p++)
            if (*p != ' ') {
                if (k == sites)
                    return 0;
                at[k++] = p;
            }
    }
    return k == sites;
}

/* '*' on the empty points where a stone may be placed now, when that is
 * not every empty point. */
static void mark_open(const mg_state *s, char *text)
{
    const mg_game *g = mg_state_game(s);
    int32_t sites = mg_game_num_sites(g), i, open = 0, empty = 0, from, to;
    int32_t *legal = util_xmalloc((size_t)mg_game_max_legal_actions(g) *
                                  sizeof *legal);
    char **at = util_xmalloc((size_t)(sites > 0 ? sites : 1) * sizeof *at);
    char *is_open = calloc((size_t)(sites > 0 ? sites : 1), 1);
    size_t n = 0, j;
    if (sites > 0 && is_open &&
        mg_state_legal_actions(s, legal, (size_t)mg_game_max_legal_actions(g),
                               &n) == MG_OK &&
        find_points(text, at, sites)) {
        for (j = 0; j < n; j++)
            if (mg_game_action_sites(g, legal[j], &from, &to) == MG_OK &&
                from < 0 && to >= 0 && to < sites && !is_open[to]) {
                is_open[to] = 1;
                open++;
            }
        for (i = 0; i < sites; i++) {
            int h = mg_state_site(s, i);
            if (*at[i] != (h == MG_NOBODY ? '.' : h == 0 ? 'X' : 'O'))
                open = -1; /* not the picture we think: mark nothing */
            empty += h == MG_NOBODY;
        }
        for (i = 0; open > 0 && open < empty && i < sites; i++)
            if (is_open[i] && *at[i] == '.')
                *at[i] = '*';
    }
    free(legal);
    free(at);
    free(is_open);
}

/* "1 stones" -> "1 stone", in place (the text only gets shorter). */
static void singular(char *text)
{
    static const char *const plural[][2] = {
        {" stones", " stone"}, {" groups", " group"}, {" boxes", " box"},
        {" lines", " line"}, {" actions", " action"}, {NULL, NULL}};
    char *at = text;
    while ((at = strstr(at, "1 ")) != NULL) {
        int i;
        at++;
        if (at - 1 > text && isdigit((unsigned char)at[-2]))
            continue;
        for (i = 0; plural[i][0]; i++) {
            size_t n = strlen(plural[i][0]), m = strlen(plural[i][1]);
            if (!strncmp(at, plural[i][0], n) &&
                !isalnum((unsigned char)at[n])) {
                memmove(at + m, at + n, strlen(at + n) + 1);
                break;
            }
        }
    }
}

/* The text with its "game over..." status (to the end of its line) made
 * "game over: " and the end reason; the line added when there is none.
 * Returns the new text (text itself freed), or text. */
static char *with_end_reason(const mg_state *s, char *text)
{
    char *why = mg_state_is_terminal(s) == 1 ? util_end_reason(s) : NULL;
    char *at, *out;
    size_t head, tail, n;
    if (!why)
        return text;
    at = strstr(text, "game over");
    head = at ? (size_t)(at - text) : strlen(text);
    tail = at ? head + strcspn(at, "\n") : head;
    n = head + strlen(why) + strlen(text + tail) + 16;
    out = util_xmalloc(n);
    snprintf(out, n, "%.*s%sgame over: %s%s", (int)head, text,
             at || head == 0 || text[head - 1] == '\n' ? "" : "\n", why,
             at ? text + tail : "\n");
    free(why);
    free(text);
    return out;
}

char *view_render(const mg_state *s)
{
    int rc;
    char *text = util_state_render(s, MG_RENDER_TEXT, &rc);
    const char *id = mg_game_id(mg_state_game(s));
    if (!text)
        return NULL;
    text = with_end_reason(s, text);
    singular(text);
    if (!strncmp(id, "china_", 6))
        show_crossings(text);
    else if (!strcmp(id, "fangqi") || !strcmp(id, "chains_of_thought"))
        mark_open(s, text);
    return text;
}

int view_show(const play *p)
{
    char *text = view_render(p->state);
    if (!text) {
        fprintf(stderr, "mg-play: cannot render the position\n");
        return 1;
    }
    printf("\n%s", text);
    free(text);
    return 0;
}

/* The names of the first and last points of the bottom and top rows. */
static void row_ends(const mg_game *g, char names[4][32])
{
    int32_t n = mg_game_num_sites(g), i, pick[4] = {0, 0, 0, 0};
    double bx[4], by[4];
    for (i = 0; i < n; i++) {
        double x, y;
        int k;
        mg_game_site_position(g, i, &x, &y);
        for (k = 0; k < 4; k++) {
            int bottom = k < 2, first = k % 2 == 0;
            int better = i == 0 || (bottom ? y > by[k] + 1e-6 : y < by[k] - 1e-6) ||
                         (y > by[k] - 1e-6 && y < by[k] + 1e-6 &&
                          (first ? x < bx[k] : x > bx[k]));
            if (better) {
                pick[k] = i;
                bx[k] = x;
                by[k] = y;
            }
        }
    }
    for (i = 0; i < 4; i++)
        if (mg_game_site_name(g, pick[i], names[i], sizeof names[i], NULL))
            snprintf(names[i], sizeof names[i], "#%ld", (long)pick[i]);
}

static const char points_legend[] =
    "  X          a Black stone (seat 0)\n"
    "  O          a White stone (seat 1)\n"
    "  .          an empty point\n"
    "  *          an empty point where a stone may be placed now (marked "
    "when not\n"
    "             every empty point may take one)\n";

static void legend_chains(const mg_game *g, const char *spec, strbuf *out)
{
    char ends[4][32];
    sb_puts(out, points_legend);
    row_ends(g, ends);
    if (strstr(spec, "board=hex"))
        sb_printf(out,
                  "  The board is hexagonal: rows are numbered on the left, "
                  "and the columns\n  slant up to the right, half a place "
                  "per row, so the letters below stand\n  under the middle "
                  "row only; the bottom row is %s to %s, the top row %s\n  "
                  "to %s.  Each point touches six others.\n",
                  ends[0], ends[1], ends[2], ends[3]);
    else if (strstr(spec, "board=trisquare"))
        sb_printf(out, "  The points are numbered from #0, bottom row first, "
                       "left to right; each line\n  starts with the number "
                       "of its first point (the bottom row: %s to %s).\n",
                  ends[0], ends[1]);
    else
        sb_puts(out, "  Rows are numbered on the left, columns lettered "
                     "below; a point touches up\n  to eight others, "
                     "diagonals included.\n");
    sb_puts(out, "  A move places a stone (the point's name: d4) or steps "
                 "one to a neighbour\n  (d4-e4); type help for the legal "
                 "ones.\n");
}

static void legend_china(const mg_game *g, strbuf *out)
{
    int hex = mg_board_kind(mg_game_board(g)) == MG_BOARD_LABYRINTH;
    sb_puts(out, "  O          White's stone\n  X          Black's stone\n");
    sb_puts(out, hex ? "  a ... z    a vacant cell, shown by its column "
                       "letter\n"
                     : "  .          a vacant cell\n");
    sb_puts(out, "  *          a cell still open in this turn, once its "
                 "first stone is down\n");
    sb_puts(out, hex ? "  - / \\      beams: the two cells a beam joins are "
                       "neighbours\n"
                     : "  - | / \\    beams: the two cells a beam joins are "
                       "neighbours\n");
    if (!hex)
        sb_puts(out, "  +          two diagonal beams crossing (not a "
                     "cell)\n");
    sb_puts(out, "  0          the blank tile (not a cell)\n"
                 "  A move places a stone on a cell, named by column letter "
                 "and row number\n  (f7), or is done (end the turn) or swap "
                 "(take the other colour, once).\n");
}

void view_legend(const mg_game *g, strbuf *out)
{
    const char *id = mg_game_id(g);
    int rc;
    char *spec = util_game_spec(g, &rc);
    sb_puts(out, "legend:\n");
    if (!strcmp(id, "dots_and_boxes"))
        sb_puts(out, "  +          a dot\n"
                     "  --- | / \\  a drawn line (the swedish and icelandic "
                     "borders are drawn\n"
                     "             from the start)\n"
                     "  A  B       a box claimed by seat 0 (A) or seat 1 "
                     "(B)\n"
                     "  A move draws the line between two neighbouring dots, "
                     "named by column\n  letter and row number: a1-b1.\n");
    else if (!strncmp(id, "china_", 6))
        legend_china(g, out);
    else if (!strcmp(id, "fangqi"))
        sb_printf(out, "%s  Moves: c5 places a stone, c5-c7 moves one, xd4 "
                       "removes one.\n", points_legend);
    else if (!strcmp(id, "chains_of_thought"))
        legend_chains(g, spec ? spec : "", out);
    else
        sb_puts(out, "  see mindgames-games(7) for this game's picture.\n");
    free(spec);
}
