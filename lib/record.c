/*
 * record.c - game records: save a state as text, load and replay one.
 *
 * Format (mindgames(7)), ASCII, lines ending in "\n" ("\r\n" accepted):
 *
 *     mindgames-record 1
 *     game <canonical spec>
 *     [board                     only for a game on an explicit board:
 *      <the board in mg_board_format() text>]
 *     actions <n>
 *     <n notation tokens separated by spaces or newlines>
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define RECORD_MAGIC "mindgames-record"
#define RECORD_VERSION 1
#define PER_LINE 10

int mg_state_save(const mg_state *s, char *buf, size_t cap, size_t *needed)
{
    mg__sb sb;
    size_t i;
    if (!s || (!buf && cap))
        return MG_EINVAL;
    mg__sb_init(&sb, buf, cap);
    mg__sb_printf(&sb, "%s %d\ngame ", RECORD_MAGIC, RECORD_VERSION);
    mg__spec_format(s->game, &sb);
    mg__sb_putc(&sb, '\n');
    if (s->game->board_given) {
        mg__sb_puts(&sb, "board\n");
        mg__board_format(s->game->board, &sb); /* ends with a newline */
    }
    mg__sb_puts(&sb, "actions ");
    mg__sb_uint(&sb, s->hlen);
    for (i = 0; i < s->hlen; i++) {
        mg__sb_putc(&sb, i % PER_LINE ? ' ' : '\n');
        s->game->ops->action_name(s->game, s->history[i], &sb);
    }
    mg__sb_putc(&sb, '\n');
    return mg__sb_finish(&sb, needed);
}

/* A cursor over the record text. */
typedef struct {
    const char *p;
    int line;
} cursor;

/* The current line without its end; advances past it. */
static size_t take_line(cursor *c, const char **start)
{
    size_t n = 0;
    *start = c->p;
    while (c->p[n] && c->p[n] != '\n')
        n++;
    c->p += n + (c->p[n] == '\n');
    c->line++;
    while (n && ((*start)[n - 1] == '\r' || (*start)[n - 1] == ' ' ||
                 (*start)[n - 1] == '\t'))
        n--;
    return n;
}

static int prefixed(char *err, size_t errcap, int code, int line,
                    const char *inner)
{
    return mg__err(err, errcap, code, "record line %d: %s", line, inner);
}

/* Parse "<word> <rest>" where word must equal `key`; *rest set. */
static int keyword(const char *s, size_t n, const char *key,
                   const char **rest, size_t *rn)
{
    size_t k = strlen(key);
    if (n <= k || !mg__strncaseeq(s, key, k) || s[k] != ' ')
        return 0;
    s += k;
    n -= k;
    while (n && *s == ' ') {
        s++;
        n--;
    }
    *rest = s;
    *rn = n;
    return 1;
}

static int parse_count(const char *s, size_t n, size_t *out)
{
    size_t i, v = 0;
    if (n == 0 || n > 9)
        return 0;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (size_t)(s[i] - '0');
    }
    *out = v;
    return 1;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int replay(mg_state *s, cursor *c, size_t count, char *err,
                  size_t errcap)
{
    char msg[192], tok[256];
    size_t seen = 0;
    for (;;) {
        const char *t;
        size_t n = 0;
        int32_t a;
        int rc;
        while (is_blank(*c->p)) {
            if (*c->p == '\n')
                c->line++;
            c->p++;
        }
        if (!*c->p)
            break;
        t = c->p;
        while (t[n] && !is_blank(t[n]))
            n++;
        c->p += n;
        if (++seen > count)
            return mg__err(err, errcap, MG_ESYNTAX,
                           "record line %d: more actions than the %lu "
                           "announced",
                           c->line, (unsigned long)count);
        if (n >= sizeof tok)
            return mg__err(err, errcap, MG_ESYNTAX,
                           "record line %d: action %lu is longer than 255 "
                           "characters",
                           c->line, (unsigned long)seen);
        memcpy(tok, t, n);
        tok[n] = '\0';
        rc = mg_state_action_from_string(s, tok, &a, msg, sizeof msg);
        if (rc)
            return mg__err(err, errcap, rc, "record line %d: action %lu: %s",
                           c->line, (unsigned long)seen, msg);
        rc = mg_state_apply(s, a);
        if (rc)
            return mg__err(err, errcap, rc,
                           "record line %d: action %lu '%s': %s", c->line,
                           (unsigned long)seen, tok, mg_strerror(rc));
    }
    if (seen != count)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "record ends after %lu of the %lu announced actions",
                       (unsigned long)seen, (unsigned long)count);
    return MG_OK;
}

/* The optional "board" block after the game line: the board text runs up
 * to the "actions" line.  *board stays NULL when there is no block. */
static int parse_board_block(cursor *c, mg_board **board, char *err,
                             size_t errcap)
{
    const char *ln, *rest, *start, *save = c->p;
    size_t n, rn;
    int board_line, rc;
    char msg[192], *text;
    *board = NULL;
    n = take_line(c, &ln);
    if (!(n == 5 && mg__strncaseeq(ln, "board", 5))) {
        c->p = save;
        c->line--;
        return MG_OK;
    }
    start = c->p;
    board_line = c->line + 1;
    while (*c->p) {
        const char *before = c->p;
        n = take_line(c, &ln);
        if (keyword(ln, n, "actions", &rest, &rn)) {
            c->p = before;
            c->line--;
            break;
        }
    }
    text = malloc((size_t)(c->p - start) + 1);
    if (!text)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    memcpy(text, start, (size_t)(c->p - start));
    text[c->p - start] = '\0';
    rc = mg_board_parse(board, text, msg, sizeof msg);
    free(text);
    if (rc)
        return mg__err(err, errcap, rc, "record line %d: %s", board_line, msg);
    return MG_OK;
}

/* The head: the magic line, the game line and its board; the game. */
static int parse_head(cursor *c, mg_game **game, char *err, size_t errcap)
{
    const char *ln, *rest;
    size_t n, rn, version;
    char msg[192], spec[4100];
    mg_board *board = NULL;
    int rc, spec_line;

    n = take_line(c, &ln);
    if (!keyword(ln, n, RECORD_MAGIC, &rest, &rn))
        return prefixed(err, errcap, MG_ESYNTAX, c->line,
                        "expected 'mindgames-record 1'");
    if (!parse_count(rest, rn, &version))
        return prefixed(err, errcap, MG_ESYNTAX, c->line,
                        "expected a version number after 'mindgames-record'");
    if (version != RECORD_VERSION)
        return prefixed(err, errcap, MG_EUNSUPPORTED, c->line,
                        "unsupported record version (this library reads 1)");

    n = take_line(c, &ln);
    if (!keyword(ln, n, "game", &rest, &rn))
        return prefixed(err, errcap, MG_ESYNTAX, c->line,
                        "expected 'game <spec>'");
    if (rn >= sizeof spec)
        return prefixed(err, errcap, MG_ESYNTAX, c->line, "spec too long");
    memcpy(spec, rest, rn);
    spec[rn] = '\0';
    spec_line = c->line;
    if ((rc = parse_board_block(c, &board, err, errcap)) != MG_OK)
        return rc;
    rc = board ? mg_game_new_with_board(game, spec, board, msg, sizeof msg)
               : mg_game_new(game, spec, msg, sizeof msg);
    mg_board_free(board);
    if (rc)
        return prefixed(err, errcap, rc, spec_line, msg);
    return MG_OK;
}

int mg_state_load(mg_state **out, mg_game **game_out, const char *record,
                  char *err, size_t errcap)
{
    cursor c;
    const char *ln, *rest;
    size_t n, rn, count;
    mg_game *g = NULL;
    mg_state *s = NULL;
    int rc;

    if (err && errcap)
        err[0] = '\0';
    if (out)
        *out = NULL;
    if (game_out)
        *game_out = NULL;
    if (!out || !game_out || !record)
        return mg__err(err, errcap, MG_EINVAL, "%s is NULL",
                       !out ? "out" : !game_out ? "game_out" : "record");
    c.p = record;
    c.line = 0;
    if ((rc = parse_head(&c, &g, err, errcap)) != MG_OK)
        return rc;
    n = take_line(&c, &ln);
    if (!keyword(ln, n, "actions", &rest, &rn) ||
        !parse_count(rest, rn, &count)) {
        mg_game_free(g);
        return prefixed(err, errcap, MG_ESYNTAX, c.line,
                        "expected 'actions <count>'");
    }
    rc = mg_state_new(&s, g);
    if (rc) {
        mg_game_free(g);
        return mg__err(err, errcap, rc, "%s", mg_strerror(rc));
    }
    c.line++; /* from here c.line is the number of the current line */
    rc = replay(s, &c, count, err, errcap);
    if (rc) {
        mg_state_free(s);
        mg_game_free(g);
        return rc;
    }
    *out = s;
    *game_out = g;
    return MG_OK;
}
