/*
 * fangqi_policy.c - the knowledge playout and the priors of Fangqi (rules
 * §4; ops->policy_playout_result and ops->policy_priors, since 1.6.1), for
 * mcts(playout=policy) and the strong bot.
 *
 * The game is won by squares (rules §4.1): one completed while placing
 * counts for the square removal (§4.2.4; with capture_on_placement it
 * removes at once), one completed by a move removes a stone at once
 * (§4.2.6).  The tactics are the squares one action away: a *threat* of a
 * seat is a 2 x 2 block holding three of its stones and one empty point
 * that it can fill next -- while placing (stones are left to place, its
 * own among them) by a placement, afterwards by a
 * move of one of its stones from outside the block (the first stone met
 * along the empty point's row or column, or a neighbour with
 * movement=step; a banned square of the ko option is not a threat of the
 * player to move).
 *
 * The playout, at each action:
 *   - a removal (§4.2.5) takes a stone that holds one of the opponent's
 *     threat blocks or fills a block where the mover has the other three
 *     (opening it for the mover), the most such blocks first;
 *   - a placement completes one of the mover's squares when it can, else
 *     fills the point of an opponent's threat;
 *   - a move completes a square when it can, else moves a stone onto the
 *     point of an opponent's threat;
 *   - otherwise the uniformly random draw of the random playout (the op
 *     playout, one action), and for a move that leaves the opponent a
 *     threat, up to two draws more (the move is undone).
 * The priors apply each action to a copy and rank it 8 per square it
 * completes, -6 when the opponent then has a threat, +2 when the mover
 * has one; a decided game +-1000.  Nothing here allocates.
 */
#include "fangqi.h"

#include <string.h>

#define MAXB ((MAXW - 1) * (MAXW - 1)) /* 2 x 2 blocks */
#define WIN 1000

/* Is (x, y) in the block with bottom-left corner (bx, by)? */
static int in_block(int bx, int by, int x, int y)
{
    return x >= bx && x <= bx + 1 && y >= by && y <= by + 1;
}

/* The blocks of `seat` with three of its stones and one empty point: the
 * empty points into e[], the blocks' corners into b[]; their number. */
static int hot(const fq *f, const fstate *s, int seat, int16_t *e,
               int16_t *b)
{
    uint32_t lim = f->wmask >> 1;
    int y, n = 0;
    for (y = 0; y + 1 < f->h; y++) {
        uint32_t o0 = s->row[seat][y], o1 = s->row[seat][y + 1];
        uint32_t e0 = ~occ_row(s, y) & f->wmask,
                 e1 = ~occ_row(s, y + 1) & f->wmask;
        uint32_t ea = e0, eb = e0 >> 1, ec = e1, ed = e1 >> 1;
        uint32_t mine = (o0 | ea) & ((o0 >> 1) | eb) & (o1 | ec) &
                        ((o1 >> 1) | ed) & lim;
        uint32_t two = (ea & eb) | (ec & ed) | ((ea | eb) & (ec | ed));
        uint32_t one = mine & (ea | eb | ec | ed) & ~two;
        for (; one; one &= one - 1) {
            int x = (int)mg__ctz64(one);
            uint32_t bit = 1u << x;
            int ex = (ea | ec) & bit ? x : x + 1;
            int ey = (ea | eb) & bit ? y : y + 1;
            e[n] = (int16_t)(ey * f->w + ex);
            b[n++] = (int16_t)(y * f->w + x);
        }
    }
    return n;
}

/* Can a stone of `seat` from outside the block b move to the empty point
 * e now?  The first such stone found, or -1. */
static int reach(const fq *f, const fstate *s, int seat, int e, int b)
{
    int ex = X(f, e), ey = Y(f, e), bx = b >= 0 ? X(f, b) : -9,
        by = b >= 0 ? Y(f, b) : -9, c[4][2], k, n = 0;
    uint32_t occ = occ_row(s, ey), lo = occ & ((1u << ex) - 1u),
             hi = occ >> (ex + 1);
    if (lo)
        c[n][0] = hibit(lo), c[n++][1] = ey;
    if (hi)
        c[n][0] = ex + 1 + (int)mg__ctz64(hi), c[n++][1] = ey;
    occ = occ_col(s, ex);
    lo = occ & ((1u << ey) - 1u);
    hi = occ >> (ey + 1);
    if (lo)
        c[n][0] = ex, c[n++][1] = hibit(lo);
    if (hi)
        c[n][0] = ex, c[n++][1] = ey + 1 + (int)mg__ctz64(hi);
    for (k = 0; k < n; k++) {
        int x = c[k][0], y = c[k][1], from = y * f->w + x;
        if (!((s->row[seat][y] >> x) & 1u) || in_block(bx, by, x, y))
            continue;
        if (!f->rook && (x - ex) * (x - ex) + (y - ey) * (y - ey) != 1)
            continue;
        if (f->ko && seat == s->player && !mg__fq_move_ok(f, s, from, e))
            continue;
        return from;
    }
    return -1;
}

/* Has `seat` a threat (the file's comment) in s? */
static int threat(const fq *f, const fstate *s, int seat)
{
    int16_t e[MAXB], b[MAXB];
    int n = hot(f, s, seat, e, b), i;
    if (s->placed[0] < f->allot[0] || s->placed[1] < f->allot[1])
        return n > 0 && s->placed[seat] < f->allot[seat]; /* placing */
    for (i = 0; i < n; i++)
        if (reach(f, s, seat, e[i], b[i]) >= 0)
            return 1;
    return 0;
}

static int32_t move_id(const fq *f, int from, int to)
{
    return 2 * f->P + from * f->S + slot_of(f, from, to);
}

/* How many blocks the removal of the opponent's stone on p opens or
 * breaks: those where the mover has the other three, those where the
 * opponent has a threat block through p. */
static int removal_worth(const fq *f, const fstate *s, int p)
{
    const int me = s->player, opp = 1 - me;
    int px = X(f, p), py = Y(f, p), dx, dy, v = 0;
    for (dy = -1; dy <= 0; dy++)
        for (dx = -1; dx <= 0; dx++) {
            int bx = px + dx, by = py + dy, own = 0, theirs = 0, i;
            if (bx < 0 || by < 0 || bx + 1 >= f->w || by + 1 >= f->h)
                continue;
            for (i = 0; i < 4; i++) {
                int x = bx + (i & 1), y = by + (i >> 1);
                own += (int)((s->row[me][y] >> x) & 1u);
                theirs += (int)((s->row[opp][y] >> x) & 1u);
            }
            v += (own == 3) + (theirs == 3 && own == 0);
        }
    return v;
}

/* The playout's knowledge action in s (not over), or -1 for a random
 * one; scratch: max_legal ids. */
static int32_t knowing(const fq *f, const fstate *s, int32_t *scratch,
                       uint64_t *rng)
{
    int16_t e[MAXB], b[MAXB];
    const int me = s->player, opp = 1 - me;
    int32_t n = 0, i;
    int k;
    if (s->pending > 0) {
        int32_t best = 0, m = mg__fq_list_removals(f, s, scratch);
        for (i = 0; i < m; i++) {
            int32_t v = removal_worth(f, s, scratch[i] - f->P);
            if (v > best) {
                best = v;
                n = 0;
            }
            if (v == best && v > 0)
                scratch[n++] = scratch[i];
        }
    } else if (s->phase == PH_PLACE) {
        k = hot(f, s, me, e, b);
        if (k == 0)
            k = hot(f, s, opp, e, b);
        for (i = 0; i < k; i++)
            scratch[n++] = e[i];
    } else {
        k = hot(f, s, me, e, b);
        for (i = 0; i < k; i++) {
            int from = reach(f, s, me, e[i], b[i]);
            if (from >= 0)
                scratch[n++] = move_id(f, from, e[i]);
        }
        if (n == 0) {
            k = hot(f, s, opp, e, b);
            for (i = 0; i < k; i++) {
                int from;
                if (reach(f, s, opp, e[i], b[i]) < 0)
                    continue;
                from = reach(f, s, me, e[i], -1);
                if (from >= 0)
                    scratch[n++] = move_id(f, from, e[i]);
            }
        }
    }
    return n > 0 ? scratch[mg__rand_below(rng, (uint32_t)n)] : -1;
}

int32_t mg__fq_policy_playout_result(const mg_game *g, const void *st,
                                     void *work, int32_t *scratch,
                                     uint64_t *rng, int32_t max,
                                     int32_t *winner, int32_t *scores)
{
    const fq *f = F(g);
    fstate *s = work;
    unsigned char rec[sizeof(fstate) + (MAXP + 7) / 8];
    int32_t done = 0;
    memcpy(work, st, sizeof *s);
    while (s->phase != PH_OVER && (max < 0 || done < max)) {
        int32_t a = knowing(f, s, scratch, rng), h = -1, k;
        int tries;
        if (a >= 0) {
            g->ops->apply(g, s, a, rec);
            done++;
            continue;
        }
        for (tries = 0;; tries++) {
            int me = s->player, moving = s->phase == PH_MOVE;
            k = g->ops->playout(g, s, rng, 1, &h, rec, 0, scratch);
            if (k == 0 || !moving || tries == 2 || s->phase == PH_OVER ||
                s->player == me || !threat(f, s, s->player))
                break;
            g->ops->undo(g, s, h, rec); /* it hands out a square */
        }
        if (k == 0)
            break;
        done++;
    }
    *winner = g->ops->winner(g, s);
    scores[0] = g->ops->score(g, s, 0);
    scores[1] = g->ops->score(g, s, 1);
    return done;
}

void mg__fq_policy_priors(const mg_game *g, const void *st,
                          const int32_t *actions, int32_t n, int64_t *out)
{
    const fq *f = F(g);
    const fstate *s0 = st;
    fstate w;
    unsigned char rec[sizeof(fstate) + (MAXP + 7) / 8];
    const int me = s0->player, opp = 1 - me;
    int32_t i;
    for (i = 0; i < n; i++) {
        int32_t a = actions[i];
        int64_t v = 0;
        memcpy(&w, s0, sizeof w);
        g->ops->apply(g, &w, a, rec);
        if (w.phase == PH_OVER) {
            v = w.winner == me ? WIN : w.winner == opp ? -WIN : 0;
        } else {
            int to = a < f->P ? a
                     : a < 2 * f->P
                         ? -1
                         : (int)(f->mv[a - 2 * f->P] >> 16);
            if (to >= 0)
                v += 8 * completed(f, &w, me, to, NULL);
            if (threat(f, &w, opp))
                v -= 6;
            if (threat(f, &w, me))
                v += 2;
        }
        out[i] = v;
    }
}
