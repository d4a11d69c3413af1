/*
 * chains_notation.c - the notation of Chains of Thought (rules §5.3,
 * §0): a point's name ("d4" on the hex and square boards, "#12" on the
 * trisquare boards, where points have no names), PLACE as the point,
 * STEP as "from-to", and "d4-slot5" for the ids of neighbour slots a
 * point lacks (never legal, but every id has a name that parses back).
 */
#include "chains_of_thought.h"

void mg__cot_point_name(const cot *c, int p, mg__sb *sb)
{
    if (c->b.named) {
        mg__sb_column(sb, c->b.col[p]);
        mg__sb_int(sb, c->b.row[p] + 1);
    } else {
        mg__sb_putc(sb, '#');
        mg__sb_int(sb, p);
    }
}

void mg__cot_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const cot *c = C(g);
    if (a < c->P) {
        mg__cot_point_name(c, (int)a, sb);
    } else {
        int f = (int)((a - c->P) / c->D);
        int t = c->b.nbr[f][(a - c->P) % c->D];
        mg__cot_point_name(c, f, sb);
        mg__sb_putc(sb, '-');
        if (t >= 0) {
            mg__cot_point_name(c, t, sb);
        } else { /* an id for a slot this point lacks: never legal */
            mg__sb_puts(sb, "slot");
            mg__sb_int(sb, (a - c->P) % c->D);
        }
    }
}

static int parse_point(const cot *c, const char *t, size_t n, int *p,
                       char *err, size_t errcap)
{
    int32_t col, row, idx;
    char q[MG__QUOTE_CAP];
    int rc = mg__parse_place(t, n, "point", c->P, &idx, &col, &row, err,
                             errcap);
    if (rc)
        return rc;
    if (idx < 0) {
        if (!c->b.named)
            return mg__err(err, errcap, MG_ERANGE,
                           "no point %s: points of board=%s are named #0.."
                           "#%d",
                           mg__quote(q, t, n), mg__cot_board_names[c->which],
                           (int)c->P - 1);
        if (col >= c->b.cols || row >= c->b.rows ||
            c->b.at[row * c->b.cols + col] < 0)
            return mg__err(err, errcap, MG_ERANGE,
                           "no point %s on board=%s", mg__quote(q, t, n),
                           mg__cot_board_names[c->which]);
        idx = c->b.at[row * c->b.cols + col];
    }
    *p = idx;
    return MG_OK;
}

int mg__cot_action_parse(const mg_game *g, const char *t, size_t n,
                         int32_t *action, char *err, size_t errcap)
{
    const cot *c = C(g);
    size_t dash;
    int f, to, rc, k;
    char q[MG__QUOTE_CAP];
    rc = mg__parse_step(t, n, "step", "point", &dash, err, errcap);
    if (rc < 0)
        return rc;
    if (rc == 0) { /* no dash: PLACE */
        if ((rc = parse_point(c, t, n, &f, err, errcap)) != MG_OK)
            return rc;
        *action = f;
        return MG_OK;
    }
    if ((rc = parse_point(c, t, dash, &f, err, errcap)) != MG_OK)
        return rc;
    if (n - dash > 5 && mg__strncaseeq(t + dash + 1, "slot", 4)) {
        /* "d4-slot5": the id of a slot the point lacks (never legal) */
        size_t i;
        k = 0;
        for (i = dash + 5; i < n && k < MAXD; i++) {
            if (t[i] < '0' || t[i] > '9')
                break;
            k = 10 * k + (t[i] - '0');
        }
        if (i < n || k >= c->D || c->b.nbr[f][k] >= 0)
            return mg__err(err, errcap, MG_ERANGE,
                           "%s: not a missing neighbour slot (0..%d)",
                           mg__quote(q, t, n), (int)c->D - 1);
        *action = c->P + f * c->D + k;
        return MG_OK;
    }
    if ((rc = parse_point(c, t + dash + 1, n - dash - 1, &to, err, errcap)) !=
        MG_OK)
        return rc;
    for (k = 0; k < c->D; k++)
        if (c->b.nbr[f][k] == to) {
            *action = c->P + f * c->D + k;
            return MG_OK;
        }
    return mg__err(err, errcap, MG_ERANGE,
                   "%s: a step goes from a point to an adjacent point",
                   mg__quote(q, t, n));
}
