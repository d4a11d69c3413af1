/*
 * fangqi_notation.c - the notation of Fangqi (rules §4.3, §0): PLACE as
 * the point's name ("d4"), REMOVE as "x" and the name ("xd4"), MOVE as
 * "from-to" ("d4-d7"); points may also be given as "#index".
 */
#include "fangqi.h"

static void point_name(const fq *f, int p, mg__sb *sb)
{
    mg__sb_column(sb, X(f, p));
    mg__sb_int(sb, Y(f, p) + 1);
}

void mg__fq_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const fq *f = F(g);
    if (a < f->P) {
        point_name(f, a, sb);
    } else if (a < 2 * f->P) {
        mg__sb_putc(sb, 'x');
        point_name(f, a - f->P, sb);
    } else {
        int from = (a - 2 * f->P) / f->S;
        point_name(f, from, sb);
        mg__sb_putc(sb, '-');
        point_name(f, slot_target(f, from, (a - 2 * f->P) % f->S), sb);
    }
}

static int parse_point(const fq *f, const char *t, size_t n, int *p,
                       char *err, size_t errcap)
{
    int32_t col, row, idx;
    char q[MG__QUOTE_CAP];
    int rc = mg__parse_place(t, n, "point", f->P, &idx, &col, &row, err,
                             errcap);
    if (rc)
        return rc;
    if (idx < 0) {
        if (col >= f->w || row >= f->h)
            return mg__err(err, errcap, MG_ERANGE,
                           "no point %s on this board", mg__quote(q, t, n));
        idx = row * f->w + col;
    }
    *p = idx;
    return MG_OK;
}

int mg__fq_action_parse(const mg_game *g, const char *t, size_t n,
                        int32_t *action, char *err, size_t errcap)
{
    const fq *f = F(g);
    size_t dash;
    int a, b, rc;
    if (n > 0 && (t[0] == 'x' || t[0] == 'X')) { /* REMOVE: no dash */
        if ((rc = parse_point(f, t + 1, n - 1, &a, err, errcap)) != MG_OK)
            return rc;
        *action = f->P + a;
        return MG_OK;
    }
    rc = mg__parse_step(t, n, "move", "point", &dash, err, errcap);
    if (rc < 0)
        return rc;
    if (rc == 0) { /* no dash: PLACE */
        if ((rc = parse_point(f, t, n, &a, err, errcap)) != MG_OK)
            return rc;
        *action = a;
        return MG_OK;
    }
    if ((rc = parse_point(f, t, dash, &a, err, errcap)) != MG_OK ||
        (rc = parse_point(f, t + dash + 1, n - dash - 1, &b, err, errcap)) !=
            MG_OK)
        return rc;
    if (a == b || (X(f, a) != X(f, b) && Y(f, a) != Y(f, b)))
        return mg__err(err, errcap, MG_ERANGE,
                       "a move goes along a row or a column to another "
                       "point");
    {
        int slot = Y(f, a) == Y(f, b)
                       ? (X(f, b) < X(f, a) ? X(f, b) : X(f, b) - 1)
                       : f->w - 1 + (Y(f, b) < Y(f, a) ? Y(f, b) : Y(f, b) - 1);
        *action = 2 * f->P + a * f->S + slot;
    }
    return MG_OK;
}
