/*
 * dots_and_boxes_notation.c - the notation of Dots and Boxes (doc/rules.md
 * §3.4): a dot is named by its column letters and row number ("a1", the
 * bottom-left dot; rules §0) or by its index ("#3"), a line by its two
 * dots joined by a dash ("a1-b1"): written in dot order (bottom row
 * first, left to right), read in either order.
 */
#include "dots_and_boxes.h"

void mg__dab_dot_name(const dab *d, int32_t dot, mg__sb *sb)
{
    assert(dot >= 0 && dot < d->ndots);
    mg__sb_column(sb, d->dot_x[dot]);
    mg__sb_int(sb, d->dot_y[dot] + 1);
}

void mg__dab_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const dab *d = D(g);
    assert(a >= 0 && a < d->nlines);
    mg__dab_dot_name(d, d->line_dots[2 * a], sb);
    mg__sb_putc(sb, '-');
    mg__dab_dot_name(d, d->line_dots[2 * a + 1], sb);
}

static int parse_dot(const dab *d, const char *t, size_t n, int32_t *dot,
                     char *err, size_t errcap)
{
    int32_t col, row, idx;
    char q[MG__QUOTE_CAP];
    int rc = mg__parse_place(t, n, "dot", d->ndots, &idx, &col, &row, err,
                             errcap);
    if (rc)
        return rc;
    if (idx < 0) {
        if (col >= d->w || row >= d->h ||
            (idx = d->dot_at[row * d->w + col]) < 0)
            return mg__err(err, errcap, MG_ERANGE, "no dot %s on this board",
                           mg__quote(q, t, n));
    }
    *dot = idx;
    return MG_OK;
}

/* "a1 and c3 are not joined by a line", "a1 is the same dot twice". */
static int not_joined(const dab *d, int32_t a, int32_t b, char *err,
                      size_t errcap)
{
    char m[96];
    mg__sb sb;
    mg__sb_init(&sb, m, sizeof m);
    mg__dab_dot_name(d, a, &sb);
    mg__sb_puts(&sb, a == b ? " is the same dot twice" : " and ");
    if (a != b) {
        mg__dab_dot_name(d, b, &sb);
        mg__sb_puts(&sb, " are not joined by a line");
    }
    mg__sb_finish(&sb, NULL);
    return mg__err(err, errcap, MG_ERANGE, "%s", m);
}

int mg__dab_action_parse(const mg_game *g, const char *t, size_t n,
                         int32_t *action, char *err, size_t errcap)
{
    const dab *d = D(g);
    size_t dash = 0;
    int32_t a, b, k;
    int rc = mg__parse_step(t, n, "line", "dot", &dash, err, errcap);
    if (rc == 0) {
        char q[MG__QUOTE_CAP];
        return mg__err(err, errcap, MG_ESYNTAX,
                       "%s is not a line: expected two dots like a1-b1",
                       mg__quote(q, t, n));
    }
    if (rc < 0)
        return rc;
    if ((rc = parse_dot(d, t, dash, &a, err, errcap)) != MG_OK ||
        (rc = parse_dot(d, t + dash + 1, n - dash - 1, &b, err, errcap)) !=
            MG_OK)
        return rc;
    if (a > b) {
        int32_t tmp = a;
        a = b;
        b = tmp;
    }
    for (k = 0; k < MAX_DOT_LINES; k++) {
        int32_t l = d->dot_lines[a * MAX_DOT_LINES + k];
        if (l >= 0 && d->line_dots[2 * l + 1] == b) {
            *action = l;
            return MG_OK;
        }
    }
    return not_joined(d, a, b, err, errcap);
}
