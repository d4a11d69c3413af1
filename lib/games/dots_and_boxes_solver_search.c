/*
 * dots_and_boxes_solver_search.c - the engine's alpha-beta search (see
 * dots_and_boxes_solver.h).
 *
 * Negamax over the future margin of the player to move: a line that
 * completes c cells is worth c + V(child) (the mover moves again; misere
 * -c + V(child)), any other line -V(child).  Fail-soft alpha-beta with a
 * table of two proven bounds per position (Barker and Korf's "impartial"
 * table: the key is the set of drawn lines only, canonical under the
 * board's symmetries and with the border lines of a cell counted rather
 * than named), the trivial bound |V| <= open cells and the parity
 * V = open cells (mod 2).
 *
 * Normal play only, three reductions, each a theorem:
 * - captures (Medworth, dotsandboxes.tex, "freecoins" and
 *   "loonyoptions"; Berlekamp): a capturable cell is taken at once when
 *   the position is not loony or stays loony after the capture; else the
 *   only two moves are to take, or to decline the last two (a chain) or
 *   four (a loop) with the double-dealing line; the value is then at
 *   least m - s (m cells taken, s handed out: the loony bound), which
 *   fails a null window high at once when it reaches beta;
 * - when every open cell has exactly two undrawn sides the position is a
 *   set of independent chains and loops, valued exactly by the recursion
 *   of Buzzard and Ciere (INTEGERS 14 (2014) G08), extended to 1- and
 *   2-chains and 3-loops (dots_and_boxes_solver_loony.c);
 * - (both modes) the undrawn border lines of one cell give isomorphic
 *   children: one is tried.
 * Misere only, one reduction (proved at coin_lines): a line that
 * completes its cells and touches no other (a coin) is not tried while
 * another line is.
 * Move order: the table's move, then lines that hand out nothing, from
 * the centre outwards (Barker and Korf), then the others.  A node's key
 * and bucket are computed only when the table is probed (the images of
 * the drawn lines under every symmetry are kept by draw and undraw);
 * the moves only when the table did not decide.  Enhanced transposition
 * cutoffs at nodes with 12 or more undrawn lines (see search): the
 * quiet children's buckets prefetched together, their keys handed down.
 * Measured on a 4x4 position with 34 lines undrawn (mg-solve
 * 'dots_and_boxes(rows=4,cols=4)' 'b2-c2 c3-d3 b4-b5 d1-d2 a3-a4
 * e2-e3', 1 GiB): 33.4 M nodes, 9.9 s user before; 24.5 M nodes, about
 * 7 s after (value 2).
 */
#include "dots_and_boxes_solver.h"

#include <string.h>

#define BIT(i) ((uint64_t)1 << (i))
#if defined(__GNUC__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void)(p))
#endif

#define ctz mg__ctz64
#define other_cell mg__dsv_other

/* popcount of a sparse mask */
static int bits(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

void mg__dsv_set(dsv *e, uint64_t m)
{
    int c, sy;
    uint64_t x;
    e->m = m;
    for (sy = 0; sy < e->nsym; sy++)
        e->img[sy] = 0;
    for (x = m; x; x &= x - 1)
        for (sy = 0; sy < e->nsym; sy++)
            e->img[sy] |= e->lsym[ctz(x)][sy];
    e->c1 = e->c2 = e->live = 0;
    e->nlive = 0;
    for (c = 0; c < e->nc; c++) {
        int n = bits(e->cmask[c] & ~m);
        e->cnt[c] = (int8_t)n;
        if (n > 0) {
            e->live |= BIT(c);
            e->nlive++;
        }
        if (n == 1)
            e->c1 |= BIT(c);
        else if (n == 2)
            e->c2 |= BIT(c);
    }
}

/* Draw line l: the number of cells it completes. */
static int draw(dsv *e, int l)
{
    int k, done = 0;
    e->m |= BIT(l);
    for (k = 0; k < e->nsym; k++)
        e->img[k] |= e->lsym[l][k];
    for (k = 0; k < 2; k++) {
        int c = e->lcell[l][k], n;
        uint64_t bit;
        if (c < 0)
            continue;
        bit = BIT(c);
        n = --e->cnt[c];
        if (n == 2) {
            e->c2 |= bit;
        } else if (n == 1) {
            e->c2 &= ~bit;
            e->c1 |= bit;
        } else if (n == 0) {
            e->c1 &= ~bit;
            e->live &= ~bit;
            e->nlive--;
            done++;
        }
    }
    return done;
}

static void undraw(dsv *e, int l)
{
    int k;
    for (k = 0; k < 2; k++) {
        int c = e->lcell[l][k], n;
        uint64_t bit;
        if (c < 0)
            continue;
        bit = BIT(c);
        n = e->cnt[c]++;
        if (n == 0) {
            e->live |= bit;
            e->nlive++;
            e->c1 |= bit;
        } else if (n == 1) {
            e->c1 &= ~bit;
            e->c2 |= bit;
        } else if (n == 2) {
            e->c2 &= ~bit;
        }
    }
    e->m &= ~BIT(l);
    for (k = 0; k < e->nsym; k++)
        e->img[k] &= ~e->lsym[l][k];
}

/* ----------------------------------------------------------- the table */

static uint64_t normalise(const dsv *e, uint64_t m)
{
    int i;
    if (e->pairs) { /* one of two border lines drawn: the lower one */
        for (i = 0; i < e->nmulti; i++) {
            uint64_t g = e->ground[e->multi[i]], hi = g & (g - 1);
            m ^= (m & g) == hi ? g : 0;
        }
        return m;
    }
    for (i = 0; i < e->nmulti; i++) {
        int c = e->multi[i];
        m = (m & ~e->ground[c]) | e->firstk[c][bits(m & e->ground[c])];
    }
    return m;
}

/* The least normalised image of the drawn lines (kept under every
 * symmetry by draw and undraw) and its symmetry. */
static uint64_t canonical(const dsv *e, int *sym)
{
    uint64_t best = normalise(e, e->img[0]);
    int s;
    *sym = 0;
    for (s = 1; s < e->nsym; s++) {
        uint64_t x = normalise(e, e->img[s]);
        if (x < best) {
            best = x;
            *sym = s;
        }
    }
    return best;
}

/* The same for the drawn lines and line l (not drawn). */
static uint64_t canonical_with(const dsv *e, int l, int *sym)
{
    uint64_t best = normalise(e, e->img[0] | e->lsym[l][0]);
    int s;
    *sym = 0;
    for (s = 1; s < e->nsym; s++) {
        uint64_t x = normalise(e, e->img[s] | e->lsym[l][s]);
        if (x < best) {
            best = x;
            *sym = s;
        }
    }
    return best;
}

/* A bijection of nl-bit integers (odd multipliers and xor-shifts). */
static uint64_t mix(const dsv *e, uint64_t k)
{
    uint64_t h = (k * 0x9E3779B97F4A7C15ULL) & e->all;
    h ^= h >> e->shift;
    h = (h * 0xBF58476D1CE4E5B9ULL) & e->all;
    h ^= h >> e->shift;
    return h;
}

/* A key's place: its bucket and tag (a multiplication, no division). */
typedef struct slot {
    uint64_t *b;
    uint64_t tag, key;
} slot;

static void locate(const dsv *e, uint64_t key, slot *at)
{
    uint64_t h = mix(e, key);
    uint64_t top = e->topshift >= 0 ? h >> e->topshift : h << -e->topshift;
    at->b = e->tt + ((top * e->nbuckets) >> 32) * DSV_BUCKET;
    at->tag = h & e->tagmask;
    at->key = key;
}

/* What an entry holds, decoded. */
typedef struct tent {
    int lo, hi, best, work;
} tent;

static uint64_t encode(int n, int lo, int hi, int best, int work)
{
    uint64_t d;
    if (lo < -n) /* weaker bounds, still proven */
        lo = -n;
    if (hi > n)
        hi = n;
    d = (uint64_t)((lo + n) >> 1) << 19 |
                 (uint64_t)((hi + n + 1) >> 1) << 12 |
                 (uint64_t)(best < 0 ? 127 : best) << 5 | (uint64_t)work;
    return d;
}

static void decode(uint64_t d, int n, tent *t)
{
    t->lo = 2 * (int)(d >> 19 & 127) - n;
    t->hi = 2 * (int)(d >> 12 & 127) - n;
    t->best = (int)(d >> 5 & 127);
    if (t->best == 127)
        t->best = -1;
    t->work = (int)(d & 31);
}

#define DATA ((((uint64_t)1) << DSV_DATABITS) - 1)

/* The data word of h's entry, or NULL. */
static uint64_t *find(const dsv *e, const slot *at)
{
    uint64_t *p = at->b;
    int i;
    if (e->compact) {
        for (i = 0; i < DSV_BUCKET; i++)
            if ((p[i] & DATA) && p[i] >> DSV_DATABITS == at->tag)
                return &p[i];
        return NULL;
    }
    for (i = 0; i < DSV_BUCKET; i += 2)
        if (p[i] == ~at->key)
            return &p[i + 1];
    return NULL;
}

static int probe(const dsv *e, const slot *at, tent *t)
{
    uint64_t *d = find(e, at);
    if (!d)
        return 0;
    decode(*d & DATA, e->nlive, t);
    return 1;
}

static int log2u(uint64_t v)
{
    int n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n + 1 > 31 ? 31 : n + 1;
}

static void store(dsv *e, const slot *at, int lo, int hi, int best,
                  uint64_t work)
{
    uint64_t *d = find(e, at), *p, *victim;
    int w = log2u(work), i, step = e->compact ? 1 : 2, n = e->nlive;
    if (d) {
        tent t;
        decode(*d & DATA, n, &t);
        if (t.lo > lo)
            lo = t.lo;
        if (t.hi < hi)
            hi = t.hi;
        if (t.work > w)
            w = t.work;
        victim = d;
    } else {
        p = at->b + (step - 1);
        victim = p;
        for (i = step; i < DSV_BUCKET; i += step)
            if ((p[i] & 31) < (*victim & 31))
                victim = &p[i];
    }
    assert(lo <= hi);
    if (e->compact) {
        *victim = at->tag << DSV_DATABITS | encode(n, lo, hi, best, w);
    } else {
        victim[-1] = ~at->key;
        *victim = encode(n, lo, hi, best, w);
    }
}

/* ---------------------------------------------------------- the search */

/* What a node computed of a quiet child (a line between cells with
 * three or four undrawn sides: the opponent moves next and probes the
 * table): its key's place and symmetry, so that the child's probe does
 * not compute them again. */
typedef struct pre {
    slot at;
    int sym;
} pre;

static int search(dsv *e, int alpha, int beta, int *move, const pre *p);

/* A move that completes c cells (c > 0: the mover moves on). */
static int play(dsv *e, int l, int alpha, int beta, const pre *p)
{
    int c = draw(e, l), v;
    if (c) {
        int s = e->misere ? -c : c;
        v = s + search(e, alpha - s, beta - s, NULL, NULL);
    } else {
        v = -search(e, -beta, -alpha, NULL, p);
    }
    undraw(e, l);
    return v;
}

/* After capturing everything (the cells K, by the lines D): a
 * double-dealing move that hands out s = 2 cells (a capturable X and Y
 * behind it, Y's other line e to the ground or to a cell left open) or,
 * failing that, s = 4 (two dominoes, X1 Y1 | Y2 X2, e between the Ys).
 * The lines of the handout go to out[] (e first); returns s or 0. */
static int handout(const dsv *e, uint64_t K, uint64_t D, int *out)
{
    uint64_t y, f;
    for (y = K; y; y &= y - 1) { /* s = 2 */
        int Y = ctz(y), ex = -1, l = -1;
        for (f = e->cmask[Y] & D; f; f &= f - 1) {
            int ln = ctz(f), o = other_cell(e, ln, Y);
            if (o < 0 || !(K & BIT(o)))
                ex = ln;
            else
                l = ln;
        }
        if (ex >= 0 && l >= 0) {
            out[0] = ex;
            out[1] = l;
            return 2;
        }
    }
    for (f = D; f; f &= f - 1) { /* s = 4 */
        int mid = ctz(f), Y1 = e->lcell[mid][0], Y2 = e->lcell[mid][1];
        int l1 = -1, l2 = -1, X1 = -1;
        uint64_t g;
        if (Y2 < 0 || !(K & BIT(Y1)) || !(K & BIT(Y2)))
            continue;
        for (g = e->cmask[Y1] & D & ~BIT(mid); g && l1 < 0; g &= g - 1) {
            int o = other_cell(e, ctz(g), Y1);
            if (o >= 0 && o != Y2 && (K & BIT(o))) {
                l1 = ctz(g);
                X1 = o;
            }
        }
        for (g = e->cmask[Y2] & D & ~BIT(mid); g && l2 < 0 && l1 >= 0;
             g &= g - 1) {
            int o = other_cell(e, ctz(g), Y2);
            if (o >= 0 && o != Y1 && o != X1 && (K & BIT(o)))
                l2 = ctz(g);
        }
        if (l1 >= 0 && l2 >= 0) {
            out[0] = mid;
            out[1] = l1;
            out[2] = l2;
            return 4;
        }
    }
    return 0;
}

/* The move now that starts the handout line of play: a capture of a cell
 * outside the handout, else the double-dealing line itself. */
static int handout_move(const dsv *e, const int *h, int s)
{
    uint64_t x, skip = BIT(h[0]) | BIT(h[1]) | (s == 4 ? BIT(h[2]) : 0);
    for (x = e->c1; x; x &= x - 1) {
        int l = ctz(e->cmask[ctz(x)] & ~e->m);
        if (!(skip & BIT(l)))
            return l;
    }
    return h[0];
}

/* Normal play with a capturable cell.  Capture everything (m cells) to
 * reach P, valued w once: the mover either keeps the move there, m + w,
 * or, when a double-dealing move exists, takes all but s and hands them
 * out, m - 2s - w (Medworth, "loonyoptions", "freecoins"; the smallest
 * handout s, 2 before 4).  Fail-soft: the window of w makes both exact
 * where it matters. */
static int captures(dsv *e, int alpha, int beta, int *move)
{
    uint8_t lines[DSV_MAXL];
    int n = 0, m = 0, i, s, h[3] = {-1, -1, -1}, v, w, wl, wh, first = -1;
    uint64_t K = 0, D = 0;
    while (e->c1) {
        int l = ctz(e->cmask[ctz(e->c1)] & ~e->m);
        uint64_t live = e->live;
        if (first < 0)
            first = l;
        m += draw(e, l);
        K |= live & ~e->live;
        D |= BIT(l);
        lines[n++] = (uint8_t)l;
    }
    s = handout(e, K, D, h);
    if (s && !move) {
        /* the loony bound: max(m + w, m - 2s - w) >= m - s whatever w
         * is (Berlekamp; Barker and Korf): the controller's value is at
         * least m - s (at the parity of the open cells), enough here
         * without searching the rest */
        int nl0 = e->nlive + m, lb = m - s;
        if ((lb - nl0) & 1)
            lb++;
        if (lb >= beta) {
            for (i = n - 1; i >= 0; i--)
                undraw(e, lines[i]);
            return lb;
        }
    }
    if (s == 0) {
        wl = alpha - m;
        wh = beta - m;
    } else {
        wl = alpha - m < m - 2 * s - beta ? alpha - m : m - 2 * s - beta;
        wh = beta - m > m - 2 * s - alpha ? beta - m : m - 2 * s - alpha;
    }
    w = e->m == e->all ? 0 : mg__dsv_search(e, wl, wh, NULL);
    for (i = n - 1; i >= 0; i--)
        undraw(e, lines[i]);
    v = m + w;
    if (move)
        *move = first;
    if (s && m - 2 * s - w > v) {
        v = m - 2 * s - w;
        if (move)
            *move = handout_move(e, h, s);
    }
    return v;
}

/* Walk from cell c entered by line `from` through cells with two
 * undrawn sides: the lines and cells passed into *lines, *cells; the
 * number of cells; *end -1 at the ground, -2 back at `stop`, else the
 * cell with more undrawn sides where the walk ended. */
static int walk(const dsv *e, int c, int from, int stop, uint64_t u,
                uint64_t *lines, uint64_t *cells, int *end)
{
    int n = 0;
    *lines |= BIT(from);
    while (c >= 0 && e->cnt[c] == 2 && c != stop) {
        int f = ctz(e->cmask[c] & u & ~BIT(from));
        *cells |= BIT(c);
        *lines |= BIT(f);
        n++;
        from = f;
        c = other_cell(e, f, c);
    }
    *end = c < 0 ? -1 : c == stop ? -2 : c;
    return n;
}

/* Independent chains and loops (every cell with two undrawn sides, a
 * chain's ends on the ground): opening one anywhere is worth the same
 * (a loony position: take all or all but two, or four; Medworth
 * "loonyoptions"), a 2-chain's middle line is best ("halfheartedbad"),
 * and of two chains or two loops the smaller is opened first
 * ("opensmallest").  Returns the lines not worth trying. */
static uint64_t components(const dsv *e, uint64_t u)
{
    uint64_t seen = 0, skip = 0, g, rest;
    int best_chain = 1000, best_loop = 1000, chain_line = -1, loop_line = -1;
    int one = -1, two = -1, three = -1;
    for (g = u; g; g &= g - 1) {
        int l = ctz(g), c = e->lcell[l][0], n, end;
        uint64_t lines = 0, cells = 0;
        if (e->lcell[l][1] >= 0 || e->cnt[c] != 2 || (seen & BIT(c)))
            continue;
        n = walk(e, c, l, -1, u, &lines, &cells, &end);
        seen |= cells;
        if (end != -1)
            continue;
        skip |= lines;
        if (n == 1 && one < 0)
            one = l;
        else if (n == 2 && two < 0)
            two = ctz(e->cmask[c] & u & ~BIT(l)); /* the middle */
        else if (n >= 3 && n < best_chain) {
            best_chain = n;
            chain_line = l;
        }
    }
    for (rest = e->c2 & ~seen; rest; rest = e->c2 & ~seen) {
        int c0 = ctz(rest), f = ctz(e->cmask[c0] & u), n, end, end2;
        uint64_t lines = 0, cells = BIT(c0);
        n = 1 + walk(e, other_cell(e, f, c0), f, c0, u, &lines, &cells, &end);
        if (end != -2) /* through a junction or the ground: both ways */
            walk(e, c0, f, -1, u, &lines, &cells, &end2);
        seen |= cells;
        if (end != -2)
            continue;
        skip |= lines;
        if (n == 3 && three < 0)
            three = f;
        else if (n >= 4 && n < best_loop) {
            best_loop = n;
            loop_line = f;
        }
    }
    if (one >= 0)
        skip &= ~BIT(one);
    if (two >= 0)
        skip &= ~BIT(two);
    if (three >= 0)
        skip &= ~BIT(three);
    if (chain_line >= 0)
        skip &= ~BIT(chain_line);
    if (loop_line >= 0)
        skip &= ~BIT(loop_line);
    return skip;
}

/* Misere: the undrawn lines whose every cell has one undrawn side (a
 * line of the border of such a cell, or between two such cells).  One
 * completes its cells and changes nothing else: a coin of one or two
 * boxes that leaves the turn where it was.  While another line is left,
 * taking a coin is never better than the best other move: the mover can
 * play, from a move elsewhere, an optimal strategy of the position
 * without that coin (by induction on the coins, one that starts
 * elsewhere), leaving the coin alone; the other moves are the same in
 * both games and the turn never changes with a coin, so the mover loses
 * at most the coin's boxes, forced to take it at the end, which is what
 * taking it now costs (-c + V(P without the coin)).  So coins are not
 * tried while another line is (misere's counterpart of normal play's
 * free captures). */
static uint64_t coin_lines(const dsv *e, uint64_t u)
{
    uint64_t coins = 0, x;
    for (x = e->c1; x; x &= x - 1) {
        int c = ctz(x), l = ctz(e->cmask[c] & u);
        int o = other_cell(e, l, c);
        if (o < 0 || e->cnt[o] == 1)
            coins |= BIT(l);
    }
    return coins;
}

/* The candidate lines, ordered, into list; their number. */
static int candidates(const dsv *e, uint8_t *list)
{
    uint64_t u = e->all & ~e->m, cand = u, hot = 0, x;
    int i, n = 0, pass;
    for (i = 0; i < e->nmulti; i++) {
        uint64_t gl = u & e->ground[e->multi[i]];
        cand &= ~(gl & (gl - 1));
    }
    if (e->reduce == 1)
        cand &= ~components(e, u);
    if (e->misere && e->c1) {
        uint64_t coins = coin_lines(e, u);
        if (u & ~coins)
            cand &= ~coins;
    }
    for (x = e->c2 | e->c1; x; x &= x - 1)
        hot |= e->cmask[ctz(x)];
    for (pass = 0; pass < 2; pass++) {
        uint64_t want = cand & (pass ? hot : ~hot);
        for (i = 0; want && i < e->nl; i++)
            if (want & BIT(e->order[i])) {
                list[n++] = e->order[i];
                want &= ~BIT(e->order[i]);
            }
    }
    return n;
}

/* The table's move first, when it is a candidate. */
static void first(uint8_t *list, int k, int l)
{
    int i;
    for (i = 0; i < k && list[i] != l; i++)
        ;
    if (i == k)
        return;
    for (; i > 0; i--)
        list[i] = list[i - 1];
    list[0] = (uint8_t)l;
}

static int parity_up(const dsv *e, int v) /* least value >= v */
{
    return ((v - e->nlive) & 1) ? v + 1 : v;
}

static int parity_down(const dsv *e, int v)
{
    return ((v - e->nlive) & 1) ? v - 1 : v;
}

int mg__dsv_search(dsv *e, int alpha, int beta, int *move)
{
    return search(e, alpha, beta, move, NULL);
}

/* Enhanced transposition cutoffs (Plaat, Schaeffer, Pijls and de Bruin,
 * "Nearly optimal minimax tree search?", 1994): at a node with at least
 * ETC_MIN undrawn lines, the keys of its quiet children are computed and
 * their buckets prefetched together (their misses overlap), then any
 * child whose stored upper bound already refutes it ends the node
 * before a child is searched. */
#ifndef ETC_MIN
#define ETC_MIN 12
#endif

static int quiet(const dsv *e, int l)
{
    int a = e->lcell[l][0], b = e->lcell[l][1];
    return (a < 0 || e->cnt[a] >= 3) && (b < 0 || e->cnt[b] >= 3);
}

static int search(dsv *e, int alpha, int beta, int *move, const pre *p)
{
    uint8_t list[DSV_MAXL];
    pre kid[DSV_MAXL];
    uint8_t has[DSV_MAXL];
    int etc = 0;
    int n = e->nlive, sym, ttbest = -1, best = -1000, bestl = -1, i, k;
    int a0, b0;
    uint64_t key, work0;
    slot at;
    tent t;
    if (mg__budget_spend(e->b)) {
        e->abort = 1;
        return 0;
    }
    if (e->m == e->all)
        return 0;
    if (e->reduce && e->c1)
        return captures(e, alpha, beta, move);
    if ((e->reduce == 1 || e->reduce == 3) && e->live == e->c2 && !move)
        return mg__dsv_loony_value(e);
    if (alpha >= n)
        return n;
    if (beta <= -n)
        return -n;
    if (p) {
        at = p->at;
        sym = p->sym;
    } else {
        key = canonical(e, &sym);
        locate(e, key, &at);
        PREFETCH(at.b); /* the miss overlaps the move generation */
    }
    if (probe(e, &at, &t)) {
        if (t.best >= 0)
            ttbest = e->symline[e->invsym[sym]][t.best];
        if (!move) { /* the root searches on: it must name a move */
            if (t.lo >= beta || t.lo == t.hi)
                return t.lo;
            if (t.hi <= alpha)
                return t.hi;
            if (t.lo > alpha)
                alpha = t.lo;
            if (t.hi < beta)
                beta = t.hi;
        }
    }
    k = candidates(e, list); /* only when the table did not decide */
    if (ttbest >= 0)
        first(list, k, ttbest);
    a0 = alpha;
    b0 = beta;
    work0 = e->b->nodes;
    if (mg__popcount64(e->all & ~e->m) >= ETC_MIN) {
        etc = 1;
        for (i = 0; i < k; i++) {
            has[i] = (uint8_t)quiet(e, list[i]);
            if (has[i]) {
                uint64_t ck = canonical_with(e, list[i], &kid[i].sym);
                locate(e, ck, &kid[i].at);
                PREFETCH(kid[i].at.b);
            }
        }
        for (i = 0; i < k; i++) {
            tent ct;
            if (!has[i] || !probe(e, &kid[i].at, &ct))
                continue;
            if (-ct.hi >= beta) { /* refuted: the node fails high */
                best = -ct.hi;
                bestl = list[i];
                goto done;
            }
            if (-ct.lo <= alpha) { /* cannot raise alpha: its bound */
                has[i] = 2;
                if (-ct.lo > best) {
                    best = -ct.lo;
                    bestl = list[i];
                }
            }
        }
    }
    for (i = 0; i < k; i++) {
        int v;
        if (etc && has[i] == 2)
            continue;
        v = play(e, list[i], alpha, beta, etc && has[i] ? &kid[i] : NULL);
        if (e->abort)
            return 0;
        if (v > best) {
            best = v;
            bestl = list[i];
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta)
                    break;
            }
        }
    }
done:
    if (move)
        *move = bestl;
    {
        int lo = -n, hi = n;
        if (best <= a0)
            hi = parity_down(e, best);
        else if (best >= b0)
            lo = parity_up(e, best);
        else
            lo = hi = best;
        store(e, &at, lo, hi, bestl < 0 ? -1 : e->symline[sym][bestl],
              e->b->nodes - work0);
    }
    return best;
}
