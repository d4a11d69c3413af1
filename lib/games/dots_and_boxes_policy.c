/*
 * dots_and_boxes_policy.c - the knowledge playout and the knowledge
 * priors of Dots and Boxes (doc/rules.md §3; ops->policy_playout_result
 * and ops->policy_priors, since 1.6), for mcts(playout=policy).
 *
 * A uniformly random playout cannot see chains and parity: it hands out
 * boxes while safe lines are left and takes or declines chains at
 * random, so on quiet positions its result says little about the
 * position.  The policy plays as the theory says, and at random only
 * where the theory is indifferent:
 *
 * - a box that is safe to take is taken: a capturable cell (one undrawn
 *   side) whose capture leaves no decision, i.e. anything but the last
 *   two boxes of a chain or the last four of a loop (Berlekamp, "The Dots
 *   and Boxes Game", A K Peters 2000, ch. 2-3: all-but-two and
 *   all-but-four, the double-dealing move);
 * - no third side is handed out while a safe line exists (a line neither
 *   of whose cells then has one undrawn side): a random safe line;
 * - at the last two (four) boxes of a chain (loop), with no safe line
 *   left, the player keeps control by double-dealing exactly when the
 *   controlled value of the rest is above 2 (4): taking all gives
 *   k - v, declining gives k - 4 + v (loops k - 8 + v), where v is the
 *   rest's value for the player in control (Berlekamp ch. 10; Buzzard and
 *   Ciere, "Playing simple loony Dots and Boxes endgames optimally",
 *   INTEGERS 14 (2014) G08, whose recursion the solver already has:
 *   mg__dsv_controlled, dots_and_boxes_solver_loony.c).  v is exact when
 *   the rest is a simple loony endgame (every open cell two undrawn
 *   sides); else it is Berlekamp's fully controlled value of the chains
 *   and loops between the junctions (the junction boxes left out), an
 *   estimate;
 * - once only sacrifices remain: when every open cell has two undrawn
 *   sides (independent chains and loops, Buzzard and Ciere's simple
 *   loony endgame) the playout stops with the exact result, as
 *   BoxesZero ends its simulations early with endgame theorems (Entropy
 *   27(3):285, 2025); else the smallest sacrifice is made, and a 2-chain
 *   is offered by its middle line (Berlekamp's hard-hearted handout,
 *   which leaves the taker no double-dealing choice).
 *
 * Misere (rules §3.2.4) turns the theory around; there the playout op is
 * the uniformly random playout (ops->playout_result) and the priors op
 * leaves every action to mcts's measure of its gain (MG__GAIN_UNKNOWN),
 * so mcts(playout=policy) plays as mcts(playout=random).
 *
 * Cost: each action scans the undrawn lines (and, with no safe line
 * left, labels the chains and loops once), so a playout is quadratic in
 * the board where the random one is linear; an mcts iteration with it
 * takes 2.2 times as long on an empty 5x5 board (20,000 iterations: 0.36
 * s against 0.17 s of CPU), 1.7 times after 20 lines.  Nothing is allocated: the position is played
 * in the caller's work area, the line lists are in scratch and the
 * labels on the stack (MG__DAB_POLICY_CELLS cells, asserted by create).
 */
#include "dots_and_boxes_solver.h"

#include <string.h>

#define SKIP 0xFFFF   /* lab[]: a cell the analysis leaves out */
#define LOOP 0x8000   /* comp[]: the component is a loop */
#define FAR 99        /* need() of the ground */

typedef struct pol {
    const dab *d;
    const unsigned char *drawn, *sides;
    int32_t ncomp;
    uint16_t lab[MG__DAB_POLICY_CELLS];  /* component + 1; 0: none */
    uint16_t comp[MG__DAB_POLICY_CELLS]; /* size | LOOP */
} pol;

static void pol_init(pol *p, const dab *d, const void *st)
{
    p->d = d;
    p->drawn = CDRAWN(d, st);
    p->sides = CSIDES(d, st);
    p->ncomp = 0;
}

/* Undrawn sides of cell c (c < 0, the ground: FAR). */
static int need(const pol *p, int32_t c)
{
    return c < 0 ? FAR : p->d->nsides - p->sides[c];
}

static int32_t other(const dab *d, int32_t l, int32_t c)
{
    return d->line_cells[2 * l] == c ? d->line_cells[2 * l + 1]
                                     : d->line_cells[2 * l];
}

/* An undrawn line of cell c other than `not` (-1: none). */
static int32_t next_line(const pol *p, int32_t c, int32_t not)
{
    const int32_t *cl = p->d->cell_lines + (size_t)c * MAX_SIDES;
    int k;
    for (k = 0; k < p->d->nsides; k++)
        if (!p->drawn[cl[k]] && cl[k] != not)
            return cl[k];
    return -1;
}

/* Label the components of the open cells with two undrawn sides (cells
 * already labelled SKIP left out): each a path (a chain: its ends the
 * ground or a cell with another count) or a cycle (a loop). */
static void analyse(pol *p)
{
    const dab *d = p->d;
    int32_t c;
    for (c = 0; c < d->ncells; c++) {
        int32_t dir[2], k, n = 1, loop = 0;
        uint16_t id;
        if (p->lab[c] || need(p, c) != 2)
            continue;
        id = (uint16_t)(++p->ncomp);
        p->lab[c] = id;
        dir[0] = next_line(p, c, -1);
        dir[1] = next_line(p, c, dir[0]);
        for (k = 0; k < 2 && !loop; k++) {
            int32_t l = dir[k], cur = c;
            for (;;) {
                int32_t nx = other(d, l, cur);
                if (nx < 0 || need(p, nx) != 2)
                    break;
                if (p->lab[nx]) {
                    loop = nx == c;
                    break;
                }
                p->lab[nx] = id;
                n++;
                l = next_line(p, nx, l);
                cur = nx;
            }
        }
        p->comp[id - 1] = (uint16_t)(n | (loop ? LOOP : 0));
    }
}

/* Is every open cell not left out one of two undrawn sides? */
static int simple(const pol *p)
{
    int32_t c;
    for (c = 0; c < p->d->ncells; c++) {
        int n = need(p, c);
        if (n > 0 && p->lab[c] != SKIP && n != 2)
            return 0;
    }
    return 1;
}

/* The value for the player in control (the one not to move) of the
 * components found by analyse: Buzzard and Ciere's exact value where the
 * solver's recursion takes them in its memo (sizes and counts bounded,
 * see mg__dsv_controlled), *exact set; else Berlekamp's fully
 * controlled value (long chains' boxes less 2 each, long loops' less 4
 * each, less the boxes of 1- and 2-chains and 3-loops), *exact 0. */
static int controlled(const pol *p, int *exact)
{
    uint8_t ch[256], lp[256];
    int32_t i, nch = 0, nlp = 0, n1 = 0, n2 = 0, n3 = 0, nc = 0, nl = 0;
    int fits = p->ncomp <= 256, est = 0;
    for (i = 0; i < p->ncomp; i++) {
        int sz = p->comp[i] & ~LOOP, loop = (p->comp[i] & LOOP) != 0;
        if (sz > 255)
            fits = 0;
        if (loop) {
            if (sz <= 3)
                n3++, est -= sz;
            else
                nl++, est += sz - 4;
            if (fits)
                lp[nlp++] = (uint8_t)sz;
        } else {
            if (sz == 1)
                n1++, est -= 1;
            else if (sz == 2)
                n2++, est -= 2;
            else
                nc++, est += sz - 2;
            if (fits)
                ch[nch++] = (uint8_t)sz;
        }
    }
    /* mg__dsv_controlled: at most DSV_MAXC long chains and long loops,
     * and its memo of 4096 entries (without it the recursion is
     * exponential) */
    *exact = fits && nc < DSV_MAXC && nl < DSV_MAXC &&
             (int64_t)(n1 + 1) * (n2 + 1) * (n3 + 1) * (nc + 1) * (nl + 1) <=
                 4096;
    return *exact ? mg__dsv_controlled(ch, nch, lp, nlp) : est;
}

/* What capturing line l (of the capturable cell a) decides: 0 nothing (a
 * box safe to take); else the line m that double-deals instead, with
 * *loop set for the last four boxes of a loop, and the other cells of
 * the pattern in cells[] (b; b, z, w for a loop). */
static int32_t pattern(const pol *p, int32_t l, int32_t a, int *loop,
                       int32_t *cells)
{
    const dab *d = p->d;
    int32_t b = other(d, l, a), m, z, q, w;
    if (b < 0 || need(p, b) != 2)
        return -1;
    m = next_line(p, b, l);
    z = other(d, m, b);
    cells[0] = b;
    if (need(p, z) >= 3) { /* the ground or a junction: a chain's end */
        *loop = 0;
        return m;
    }
    if (need(p, z) != 2)
        return -1;
    q = next_line(p, z, m);
    w = other(d, q, z);
    if (w < 0 || w == a || need(p, w) != 1)
        return -1;
    *loop = 1;
    cells[1] = z;
    cells[2] = w;
    return m;
}

/* Should the player double-deal (line m, the last boxes a, cells[] of a
 * chain or a loop) when no safe line is left: 1 yes, 0 no, -1 equal. */
static int decline(pol *p, int32_t a, const int32_t *cells, int loop)
{
    int exact, v, k;
    memset(p->lab, 0, (size_t)p->d->ncells * sizeof p->lab[0]);
    p->ncomp = 0;
    p->lab[a] = SKIP;
    for (k = 0; k < (loop ? 3 : 1); k++)
        p->lab[cells[k]] = SKIP;
    analyse(p);
    v = controlled(p, &exact);
    k = loop ? 4 : 2;
    return v > k ? 1 : v == k ? -1 : 0;
}

/* The handout of line l (no capture on it) once analyse has run: 0 for a
 * safe line, else twice the boxes the component it opens holds, plus
 * one for a 2-chain's end line (a half-hearted handout). */
static int32_t handout(const pol *p, int32_t l)
{
    const dab *d = p->d;
    int32_t c0 = d->line_cells[2 * l], c1 = d->line_cells[2 * l + 1];
    int32_t id = 0, both = 0, sz;
    if (need(p, c0) == 2)
        id = p->lab[c0];
    if (need(p, c1) == 2) {
        both = id != 0;
        id = p->lab[c1];
    }
    if (!id)
        return 0;
    sz = p->comp[id - 1] & ~LOOP;
    return 2 * sz + (sz == 2 && !(p->comp[id - 1] & LOOP) && !both);
}

static int32_t capturable(const pol *p, int32_t l)
{
    const dab *d = p->d;
    int32_t c0 = d->line_cells[2 * l], c1 = d->line_cells[2 * l + 1];
    return need(p, c0) == 1 ? c0 : need(p, c1) == 1 ? c1 : -1;
}

/* The policy's line in st (not over) and its list of undrawn lines in
 * buf (room for max_legal); -1 when every open cell has two undrawn
 * sides, stop is set and the value is exact: then *margin is the
 * mover's future margin. */
static int32_t choose(pol *p, const void *st, int32_t *buf, uint64_t *rng,
                      int stop, int32_t *margin)
{
    const dab *d = p->d;
    const uint64_t *und = CUNDRAWN(d, st);
    int32_t w, ncap = 0, nsafe = 0, nfree = 0, top = d->moves, i, pick = -1;
    int32_t best = INT32_MAX, ties = 0, dm = -1, a0 = -1, cells[3];
    int loop = 0, npat = 0;
    /* captures from the front of buf, safe lines from its back */
    for (w = 0; w < d->nwords; w++) {
        uint64_t x;
        for (x = und[w]; x; x &= x - 1) {
            int32_t l = 64 * w + mg__ctz64(x);
            int32_t n0 = need(p, d->line_cells[2 * l]);
            int32_t n1 = need(p, d->line_cells[2 * l + 1]);
            if (n0 == 1 || n1 == 1)
                buf[ncap++] = l;
            else if (n0 > 2 && n1 > 2)
                buf[top - ++nsafe] = l;
        }
    }
    if (ncap > 0) {
        /* boxes safe to take first (moved to the front) */
        for (i = 0; i < ncap; i++) {
            int32_t l = buf[i], a = capturable(p, l), m, c3[3];
            int lp = 0;
            m = need(p, other(d, l, a)) == 1 ? -1
                                              : pattern(p, l, a, &lp, c3);
            if (m < 0) {
                buf[nfree++] = l;
            } else if (npat++ == 0) {
                dm = m;
                a0 = a;
                loop = lp;
                memcpy(cells, c3, sizeof cells);
            } else if (!(lp && m == dm)) {
                npat = ncap + 1; /* two patterns: no decision here */
            }
        }
        if (nfree > 0)
            return buf[mg__rand_below(rng, (uint32_t)nfree)];
        /* all-but-two (four): one chain's or loop's last boxes (a loop's
         * two ends name the same line) and no safe line */
        if (nsafe == 0 && npat == (loop ? 2 : 1)) {
            int v = decline(p, a0, cells, loop);
            if (v < 0) /* equal: the theory is indifferent */
                v = (int)mg__rand_below(rng, 2);
            if (v)
                return dm;
        }
        return buf[mg__rand_below(rng, (uint32_t)ncap)];
    }
    if (nsafe > 0)
        return buf[top - 1 - (int32_t)mg__rand_below(rng, (uint32_t)nsafe)];
    /* only sacrifices */
    memset(p->lab, 0, (size_t)d->ncells * sizeof p->lab[0]);
    p->ncomp = 0;
    analyse(p);
    if (stop && simple(p)) {
        int exact, v = controlled(p, &exact);
        if (exact) {
            *margin = -v;
            return -1;
        }
    }
    for (w = 0; w < d->nwords; w++) {
        uint64_t x;
        for (x = und[w]; x; x &= x - 1) {
            int32_t l = 64 * w + mg__ctz64(x), h = handout(p, l);
            if (h < best) {
                best = h;
                ties = 1;
                pick = l;
            } else if (h == best &&
                       mg__rand_below(rng, (uint32_t)++ties) == 0) {
                pick = l; /* each of the ties alike */
            }
        }
    }
    return pick;
}

int32_t mg__dab_policy_action(const mg_game *g, const void *st,
                              int32_t *scratch, uint64_t *rng,
                              int32_t *margin)
{
    pol p;
    assert(!D(g)->misere);
    pol_init(&p, D(g), st);
    return choose(&p, st, scratch, rng, 1, margin);
}

int32_t mg__dab_policy_playout_result(const mg_game *g, const void *st,
                                      void *work, int32_t *scratch,
                                      uint64_t *rng, int32_t max,
                                      int32_t *winner, int32_t *scores)
{
    const dab *d = D(g);
    dab_state *s = work;
    pol p;
    int32_t done = 0, margin = 0;
    unsigned char rec;
    if (d->misere)
        return g->ops->playout_result(g, st, work, scratch, rng, max, winner,
                                      scores);
    memcpy(work, st, g->state_size);
    pol_init(&p, d, work);
    while (s->player != MG_NOBODY && (max < 0 || done < max)) {
        int stop = max < 0 || max - done >= s->remaining;
        int32_t a = choose(&p, work, scratch, rng, stop, &margin);
        if (a < 0) { /* the rest's exact value: each box's owner */
            int32_t left = d->ncells - s->score[0] - s->score[1];
            int mover = s->player;
            assert((left + margin) % 2 == 0);
            s->score[mover] += (left + margin) / 2;
            s->score[1 - mover] += (left - margin) / 2;
            done += s->remaining;
            s->player = MG_NOBODY;
            break;
        }
        g->ops->apply(g, work, a, &rec);
        done++;
    }
    scores[0] = s->score[0];
    scores[1] = s->score[1];
    *winner = mg__dab_winner(g, work);
    return done;
}

void mg__dab_policy_priors(const mg_game *g, const void *st,
                           const int32_t *actions, int32_t n, int64_t *out)
{
    const dab *d = D(g);
    pol p;
    int32_t i, dm = -1, npat = 0, ncap = 0, a0 = -1, cells[3], c0s[3];
    int loop = 0;
    int64_t keep = 0;
    if (d->misere) { /* the theory is normal play's: measured as gains */
        for (i = 0; i < n; i++)
            out[i] = MG__GAIN_UNKNOWN;
        return;
    }
    pol_init(&p, d, st);
    memset(p.lab, 0, (size_t)d->ncells * sizeof p.lab[0]);
    analyse(&p);
    for (i = 0; i < n; i++) {
        int32_t l = actions[i], a = capturable(&p, l);
        if (a >= 0) {
            int lp = 0;
            int32_t m = need(&p, other(d, l, a)) == 1
                            ? -1
                            : pattern(&p, l, a, &lp, cells);
            int32_t c0 = d->line_cells[2 * l], c1 = d->line_cells[2 * l + 1];
            out[i] = 2 * ((need(&p, c0) == 1) + (need(&p, c1) == 1));
            ncap++;
            if (m >= 0 && npat++ == 0) {
                dm = m;
                loop = lp;
                a0 = a;
                memcpy(c0s, cells, sizeof c0s);
                keep = out[i];
            } else if (m >= 0 && !(lp && m == dm)) {
                npat = n + 1; /* two patterns: no decision */
            }
        } else {
            out[i] = -(int64_t)handout(&p, l);
        }
    }
    /* one chain's or loop's last boxes and nothing else: the double-
     * dealing line ranks where the policy's decision puts it */
    if (dm >= 0 && npat == ncap && npat == (loop ? 2 : 1)) {
        int safe = 0;
        for (i = 0; i < n; i++) {
            int32_t l = actions[i];
            if (need(&p, d->line_cells[2 * l]) > 2 &&
                need(&p, d->line_cells[2 * l + 1]) > 2)
                safe = 1;
        }
        if (!safe && decline(&p, a0, c0s, loop) > 0) {
            for (i = 0; i < n; i++)
                if (actions[i] == dm)
                    out[i] = keep + 1;
        }
    }
}
