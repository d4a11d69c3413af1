/*
 * reasons_fangqi_model.h - the model of Fangqi's refusals and ends that
 * check_reasons_fangqi.c compares the library's reasons with along random
 * games (doc/rules.md §4): the options read back from the canonical spec,
 * the phase from the history, the points held from the sites; the
 * squares, the ways and the reason's words worked out here.
 */
#ifndef MG_REASONS_FANGQI_MODEL_H
#define MG_REASONS_FANGQI_MODEL_H

#include "fangqi_test.h"

#include <stdlib.h>

/* What the model knows of the game: its options (rules §4.2 keys, read
 * back from the canonical spec) and the board's size (§4.1, §4.3). */
typedef struct fq_model {
    int w, h, P, S, rook, ko, cop, extra, enc, lose_below, limit;
} fq_model;

static void model_of(const mg_game *g, fq_model *m)
{
    char spec[512];
    spec_of(g, spec, sizeof spec);
    m->w = spec_int(spec, "width=");
    m->h = spec_int(spec, "height=");
    m->P = m->w * m->h;
    m->S = m->w + m->h - 2;
    m->rook = strstr(spec, "movement=rook") != NULL;
    m->ko = strstr(spec, "ko=true") != NULL;
    m->cop = strstr(spec, "capture_on_placement=true") != NULL;
    m->extra = strstr(spec, "extra_removal=true") != NULL;
    m->enc = strstr(spec, "encirclement=true") != NULL;
    m->lose_below = spec_int(spec, "lose_below=");
    m->limit = spec_int(spec, "no_capture_limit=");
}

/* A point's name (§0): column letter, row number. */
static const char *pn(const fq_model *m, int p, char *buf)
{
    snprintf(buf, 16, "%c%d", 'a' + p % m->w, p / m->w + 1);
    return buf;
}

static const char *const who[2] = {"Black (seat 0)", "White (seat 1)"};
static const char *const letter[2] = {"Black", "White"};

/* Is the block with bottom-left corner b all `seat`'s (a square, §4.1)? */
static int block_of(const fq_model *m, const int8_t *own, int b, int seat)
{
    return b % m->w + 1 < m->w && b / m->w + 1 < m->h && own[b] == seat &&
           own[b + 1] == seat && own[b + m->w] == seat &&
           own[b + m->w + 1] == seat;
}

/* The squares of `seat`'s that hold p (§4.1). */
static int in_squares(const fq_model *m, const int8_t *own, int p, int seat)
{
    int dx, dy, x = p % m->w, y = p / m->w, n = 0;
    for (dy = -1; dy <= 0; dy++)
        for (dx = -1; dx <= 0; dx++)
            n += x + dx >= 0 && y + dy >= 0 &&
                 block_of(m, own, (y + dy) * m->w + x + dx, seat);
    return n;
}

/* Is p in a square of `seat`'s (protected, §4.1)? */
static int in_square(const fq_model *m, const int8_t *own, int p, int seat)
{
    return in_squares(m, own, p, seat) > 0;
}

/* Does `seat` have a stone with an empty neighbour (§4.1)? */
static int has_free_stone(const fq_model *m, const int8_t *own, int seat)
{
    int p;
    for (p = 0; p < m->P; p++) {
        int x = p % m->w, y = p / m->w;
        if (own[p] != seat)
            continue;
        if ((x > 0 && own[p - 1] == MG_NOBODY) ||
            (x + 1 < m->w && own[p + 1] == MG_NOBODY) ||
            (y > 0 && own[p - m->w] == MG_NOBODY) ||
            (y + 1 < m->h && own[p + m->w] == MG_NOBODY))
            return 1;
    }
    return 0;
}

/* The expected refusal: `head` the whole line (exact) or its start, then
 * `tail` its end. */
typedef struct fq_want {
    char head[512], tail[256];
    int exact, protect, ko, from, to;
} fq_want;

/* The model's phase (§4.2): the placements made (from the history), the
 * removals made since placing ended, a move made yet; owing = the legal
 * actions are removals (§4.3). */
typedef struct fq_phase {
    int placed, removes_after, moved, owing;
    int earned_final; /* capture_on_placement: the last placement's */
} fq_phase;

/* The refusal of anything but a removal while removals are owed; the
 * rule by the phase (§4.2.3, §4.2.4, §4.2.6, capture_on_placement). */
static void model_owes(const fq_model *m, const fq_phase *ph, int me,
                       const char *name, fq_want *w)
{
    w->exact = 0;
    snprintf(w->head, sizeof w->head, "%s: %s owes ", name, who[me]);
    snprintf(w->tail, sizeof w->tail, " first%s",
             ph->moved ? ", earned by its move (rules 4.2.6)"
             : ph->placed < m->P || ph->removes_after < ph->earned_final
                 ? ", earned by its placement (rules 4.2, "
                   "capture_on_placement)"
             : ph->removes_after - ph->earned_final < 1 + (m->extra ? 2 : 1)
                 ? ": the initial removal (rules 4.2.3)"
                 : ", one for each of its squares on the full board "
                   "(rules 4.2.4)");
}

static void model_reason(const fq_model *m, const fq_phase *ph,
                         const int8_t *own, int me, int32_t a,
                         const char *name, fq_want *w)
{
    const int opp = 1 - me, P = m->P;
    char n1[16], n2[16], n3[16];
    memset(w, 0, sizeof *w);
    w->exact = 1;
    if (a >= 2 * P) {
        int from = (a - 2 * P) / m->S, slot = (a - 2 * P) % m->S;
        int fx = from % m->w, fy = from / m->w, to, d, q, step;
        if (slot < m->w - 1)
            to = fy * m->w + (slot < fx ? slot : slot + 1);
        else {
            slot -= m->w - 1;
            to = (slot < fy ? slot : slot + 1) * m->w + fx;
        }
        d = abs(to % m->w - fx) + abs(to / m->w - fy);
        if (!m->rook && d > 1) {
            snprintf(w->head, sizeof w->head,
                     "%s: with movement=step a stone moves one point at a "
                     "time, this move goes %d points (rules 4.2.6)",
                     name, d);
            return;
        }
        if (ph->owing) {
            model_owes(m, ph, me, name, w);
            return;
        }
        if (ph->placed < P) {
            snprintf(w->head, sizeof w->head,
                     "%s: stones do not move while placing: %s places a "
                     "stone on a free point (rules 4.2.1)",
                     name, who[me]);
            return;
        }
        pn(m, from, n1);
        pn(m, to, n2);
        if (own[from] == MG_NOBODY)
            snprintf(w->head, sizeof w->head,
                     "%s: there is no stone on %s to move (rules 4.2.6)",
                     name, n1);
        else if (own[from] != me)
            snprintf(w->head, sizeof w->head,
                     "%s: the stone on %s is %s's: %s moves its own stones "
                     "(rules 4.2.6)",
                     name, n1, letter[own[from]], who[me]);
        else if (own[to] != MG_NOBODY)
            snprintf(w->head, sizeof w->head,
                     "%s: %s is taken by a %s stone: a stone moves to an "
                     "empty point (rules 4.2.6)",
                     name, n2, letter[own[to]]);
        else {
            step = fy == to / m->w ? (to > from ? 1 : -1)
                                   : (to > from ? m->w : -m->w);
            for (q = from + step; q != to && own[q] == MG_NOBODY; q += step)
                ;
            if (q != to) {
                snprintf(w->head, sizeof w->head,
                         "%s: the way from %s to %s is blocked by a %s "
                         "stone on %s: a stone moves over empty points only "
                         "(rules 4.2.6)",
                         name, n1, n2, letter[own[q]], pn(m, q, n3));
            } else { /* then only the ko option can forbid it */
                w->exact = 0;
                w->ko = 1;
                w->from = from;
                w->to = to;
                snprintf(w->head, sizeof w->head,
                         "%s: the move would complete again the square",
                         name);
                snprintf(w->tail, sizeof w->tail,
                         "with its last square move (rules 4.2, ko)");
            }
        }
        return;
    }
    if (a >= P && ph->owing) { /* §4.2.5 */
        int p = a - P;
        pn(m, p, n1);
        if (own[p] == MG_NOBODY)
            snprintf(w->head, sizeof w->head,
                     "%s: there is no stone on %s to remove (rules 4.2.5)",
                     name, n1);
        else if (own[p] == me)
            snprintf(w->head, sizeof w->head,
                     "%s: the stone on %s is %s's own: %s removes %s stones "
                     "(rules 4.2.5)",
                     name, n1, letter[me], who[me], letter[opp]);
        else {
            w->exact = 0;
            w->protect = 1;
            snprintf(w->head, sizeof w->head,
                     "%s: the %s stone on %s is protected, part of the "
                     "square ",
                     name, letter[opp], n1);
            snprintf(w->tail, sizeof w->tail,
                     ", and %s has unprotected stones to remove "
                     "(rules 4.2.5)",
                     letter[opp]);
        }
        return;
    }
    if (a >= P) {
        snprintf(w->head, sizeof w->head, "%s: %s owes no removal: %s", name,
                 who[me],
                 ph->placed == P ? "only a move that completes a square "
                                   "earns one (rules 4.2.6)"
                 : m->cop ? "only a placement that completes a square "
                            "earns one (rules 4.2, capture_on_placement)"
                          : "nothing is removed while placing (rules "
                            "4.2.1)");
        return;
    }
    if (!ph->owing && ph->placed == P) {
        snprintf(w->head, sizeof w->head,
                 "%s: placing is over: %s moves a stone (rules 4.2.6)", name,
                 who[me]);
        return;
    }
    if (!ph->owing) {
        ck_assert_msg(own[a] != MG_NOBODY, "%s: the model finds it legal",
                      name);
        snprintf(w->head, sizeof w->head,
                 "%s: the point is taken by a %s stone: a stone goes on a "
                 "free point (rules 4.2.1)",
                 name, letter[own[a]]);
        return;
    }
    model_owes(m, ph, me, name, w);
}

/* The expected end line (rules §4.2.7-4.2.9: the stone count first, then
 * the no-capture draw, then no legal move), from the stones, the winner
 * and the history; the history and the sites must agree with it. */
static void model_end(const fq_model *m, const int8_t *own, const int *st,
                      int winner, const int32_t *hist, size_t nh, char *out,
                      size_t cap)
{
    int a = st[0] < m->lose_below, b = st[1] < m->lose_below, rule = 7;
    char what[256], counts[128];
    size_t k;
    snprintf(counts, sizeof counts,
             "; Black (seat 0) %d stone%s, White (seat 1) %d "
             "stone%s",
             st[0], st[0] == 1 ? "" : "s", st[1], st[1] == 1 ? "" : "s");
    if (a || b) {
        char fewer[64];
        if (m->lose_below == 1)
            snprintf(fewer, sizeof fewer, "no stones left");
        else
            snprintf(fewer, sizeof fewer, "fewer than %d stones (lose_below)",
                     m->lose_below);
        if (a && b) {
            ck_assert_int_eq(winner, MG_DRAW);
            snprintf(what, sizeof what, "draw: both players have %s", fewer);
        } else {
            ck_assert_int_eq(winner, a ? 1 : 0);
            snprintf(what, sizeof what, "%s wins: %s has %s", who[a ? 1 : 0],
                     who[a ? 0 : 1], fewer);
        }
    } else if (winner == MG_DRAW) {
        /* §4.2.8: the last `limit` actions are moves, and the one before
         * them is not (removals by encirclement are not actions) */
        ck_assert_int_gt(m->limit, 0);
        if (!m->enc) {
            ck_assert_uint_ge(nh, (size_t)m->limit);
            for (k = nh - (size_t)m->limit; k < nh; k++)
                ck_assert_int_ge(hist[k], 2 * m->P);
            if (nh > (size_t)m->limit)
                ck_assert_int_lt(hist[nh - (size_t)m->limit - 1], 2 * m->P);
        }
        rule = 8;
        snprintf(what, sizeof what, "draw: %d move%s in a row without a "
                 "removal",
                 m->limit, m->limit == 1 ? "" : "s");
    } else {
        /* no legal move: under the ko option a stone may have an empty
         * neighbour and still no move (§4.2 ko) */
        int loser = 1 - winner, free_stone = has_free_stone(m, own, loser);
        ck_assert(winner == 0 || winner == 1);
        ck_assert(!free_stone || m->ko);
        snprintf(what, sizeof what, "%s wins: %s, to move, has no legal "
                 "move%s",
                 who[winner], who[loser],
                 free_stone ? " (its only moves would complete squares "
                              "banned by ko)"
                            : "");
    }
    snprintf(out, cap, "%s%s (rules 4.2.%d)", what, counts, rule);
}

/* Check a refusal `got` of action a against the model's `w` (own: the
 * sites; me: the player to act). */
static void model_check(const fq_model *m, const int8_t *own, int32_t a,
                        int me, const fq_want *w, const char *got)
{
    size_t hl = strlen(w->head), tl = strlen(w->tail), gl = strlen(got);
    if (w->exact) {
        MG_REQUIRE(strcmp(got, w->head) == 0, "got  \"%s\"\nwant \"%s\"",
                   got, w->head);
        return;
    }
    MG_REQUIRE(gl >= hl + tl && strncmp(got, w->head, hl) == 0 &&
                   strcmp(got + gl - tl, w->tail) == 0,
               "got \"%s\"\nwant \"%s...%s\"", got, w->head, w->tail);
    if (w->protect) {
        /* the named square is the opponent's and holds the stone; the
         * opponent has an unprotected stone (§4.1, §4.2.5) */
        int opp = 1 - me, p = a - m->P, i, q[4], seen = 0, unprot = 0;
        const char *c = got + hl;
        for (i = 0; i < 4; i++) {
            int x = *c++ - 'a', y = (int)strtol(c, (char **)&c, 10) - 1;
            ck_assert(x >= 0 && x < m->w && y >= 0 && y < m->h);
            q[i] = y * m->w + x;
            ck_assert_int_eq(own[q[i]], opp);
            seen |= q[i] == p;
            if (i < 3)
                ck_assert_int_eq(*c++, ' ');
        }
        ck_assert(q[1] == q[0] + 1 && q[2] == q[0] + m->w &&
                  q[3] == q[0] + m->w + 1 && block_of(m, own, q[0], opp));
        ck_assert(seen);
        for (i = 0; i < m->P; i++)
            unprot |= own[i] == opp && !in_square(m, own, i, opp);
        ck_assert(unprot);
    }
    if (w->ko) {
        /* the option is on, and the move completes a square of the
         * mover's: a block holding the target, all the mover's after the
         * move (§4.2 ko) */
        int8_t after[FQ_MAXP];
        ck_assert(m->ko);
        memcpy(after, own, (size_t)m->P);
        after[w->from] = MG_NOBODY;
        after[w->to] = (int8_t)me;
        ck_assert(in_square(m, after, w->to, me));
    }
}

#endif
