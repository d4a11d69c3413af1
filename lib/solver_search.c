/*
 * solver_search.c - the generic exact search, for every game (since 1.4).
 *
 * Alpha-beta over proven bounds: a search of a position returns an
 * interval [lo, hi] that contains its value whatever happened below (a
 * cut, the depth limit, the table), so every bound in the table and every
 * answer is sound, for any window: the window only decides where to cut.
 * A finished position is exact; one at the depth limit is the interval
 * of its range (the win/draw/loss range, or the margin now plus or minus
 * the game's spread) narrowed by the table.  A turn of several actions is
 * handled by the seat: a child whose player to move is the same seat is
 * not negated.
 *
 * The driver deepens (2, 4, 8, ... actions; the whole game once the limit
 * passes the most actions left, at once when at most FULL_DEPTH are left)
 * and tests "value >= t" with null windows, t moved MTD(f)-wise by the
 * answers (halving while the interval is wide); the first search of the
 * whole game uses the whole window.  Table: the Zobrist hash plus a verification key over the
 * position blob, two bounds and the best action; buckets of two, the
 * entry with less work below it replaced.  Games valued by their future
 * gain (MG__VALUE_GAIN) keep the bounds less the margin now, so that a
 * symmetry image that forgets the scores (Dots and Boxes) shares one
 * entry between positions that differ only in them.  Move order: the table's
 * action, then the history heuristic.  Symmetry: with the game's
 * sym_keys (the keys of every image, computed without building them) or
 * sym_position, the key is the least over the symmetries' images, and at
 * a position that a symmetry keeps only one action of each orbit is
 * searched.
 */
#include "solver.h"

#include <string.h>

#define BIG ((int32_t)1 << 24)
/* At most this many actions left: no iterative deepening, the whole game
 * at once (short searches at a depth limit learn little: a position at
 * the limit is only its range, and the table keeps no depths). */
#define FULL_DEPTH 24

static int32_t max32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

static int32_t min32(int32_t a, int32_t b)
{
    return a < b ? a : b;
}

int32_t mg__solver_terminal(const mg_solver *sv, int player)
{
    const mg_game *g = sv->g;
    const void *st = mg__state_position(sv->work);
    if (sv->kind == MG__VALUE_WDL) {
        int w = g->ops->winner(g, st);
        return w == player ? 1 : w == 1 - player ? -1 : 0;
    }
    return sv->ops->margin(g, st, player);
}

/* The range of the position's value for the player to move. */
static void node_range(const mg_solver *sv, int p, int32_t *lo, int32_t *hi)
{
    const mg_game *g = sv->g;
    const void *st = mg__state_position(sv->work);
    int32_t m, s;
    if (sv->kind == MG__VALUE_WDL) {
        *lo = -1;
        *hi = 1;
        return;
    }
    m = sv->ops->margin(g, st, p);
    s = sv->ops->spread ? sv->ops->spread(g, st) : BIG;
    *lo = m - s;
    *hi = m + s;
}

/* ------------------------------------------------------------ the table */

typedef struct nkey {
    uint64_t hash, verify;
    int32_t sym;    /* the symmetry to the canonical image */
    uint32_t fixed; /* the symmetries that keep the position */
} nkey;

static void node_key(mg_solver *sv, nkey *k)
{
    const mg_game *g = sv->g;
    const void *st = mg__state_position(sv->work);
    size_t n = g->state_size;
    int32_t s;
    k->sym = 0;
    k->fixed = 0;
    if (sv->nsym <= 1) {
        k->hash = mg__state_zhash(sv->work);
        k->verify = mg__state_key(sv->work);
        return;
    }
    if (sv->ops->sym_keys) { /* the least pair; equal to the identity's:
                              * a symmetry that keeps the position */
        uint64_t hs[32], vs[32];
        sv->ops->sym_keys(g, st, hs, vs);
        k->hash = hs[0];
        k->verify = vs[0];
        for (s = 1; s < sv->nsym; s++) {
            if (hs[s] == hs[0] && vs[s] == vs[0]) {
                k->fixed |= (uint32_t)1 << s;
            } else if (hs[s] < k->hash ||
                       (hs[s] == k->hash && vs[s] < k->verify)) {
                k->hash = hs[s];
                k->verify = vs[s];
                k->sym = s;
            }
        }
        return;
    }
    sv->ops->sym_position(g, 0, st, sv->img);
    k->hash = g->ops->hash_full(g, sv->img);
    k->verify = mg__blob_key(sv->img, n);
    for (s = 1; s < sv->nsym; s++) {
        uint64_t h, v;
        sv->ops->sym_position(g, s, st, sv->img2);
        if (memcmp(sv->img, sv->img2, n) == 0) {
            k->fixed |= (uint32_t)1 << s;
            continue;
        }
        h = g->ops->hash_full(g, sv->img2);
        if (h > k->hash)
            continue;
        v = mg__blob_key(sv->img2, n);
        if (h < k->hash || v < k->verify) {
            k->hash = h;
            k->verify = v;
            k->sym = s;
        }
    }
}

static mg__gentry *bucket(const mg_solver *sv, uint64_t hash)
{
    uint64_t h = hash ^ (hash >> 29);
    return sv->tt + (((h >> 32) * sv->nbuckets) >> 32) * MG__GWAYS;
}

static mg__gentry *probe(const mg_solver *sv, const nkey *k)
{
    mg__gentry *p = bucket(sv, k->hash);
    int i;
    for (i = 0; i < MG__GWAYS; i++)
        if (p[i].used && p[i].hash == k->hash && p[i].verify == k->verify)
            return &p[i];
    return NULL;
}

static uint16_t log2w(uint64_t v)
{
    uint16_t n = 1;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

static void store(mg_solver *sv, const nkey *k, int32_t lo, int32_t hi,
                  int32_t best, uint64_t work)
{
    mg__gentry *p = bucket(sv, k->hash), *victim = p;
    uint16_t w = log2w(work);
    int i;
    for (i = 0; i < MG__GWAYS; i++) {
        if (p[i].used && p[i].hash == k->hash && p[i].verify == k->verify) {
            victim = &p[i];
            lo = max32(lo, victim->lo);
            hi = min32(hi, victim->hi);
            if (victim->work > w)
                w = victim->work;
            goto found;
        }
        if (!p[i].used || p[i].work < victim->work)
            victim = &p[i];
        if (!p[i].used)
            break;
    }
found:
    assert(lo <= hi);
    victim->used = 1;
    victim->hash = k->hash;
    victim->verify = k->verify;
    victim->lo = lo;
    victim->hi = hi;
    victim->best = best;
    victim->work = w;
}

/* ------------------------------------------------------------ the search */

/* Is action a the least of its orbit under the symmetries that keep the
 * position?  (Then the others are not searched.) */
static int orbit_first(const mg_solver *sv, uint32_t fixed, int32_t a)
{
    int32_t s;
    for (s = 1; fixed >> s; s++)
        if ((fixed >> s & 1) &&
            sv->g->pos->sym_action[(size_t)s * sv->g->num_actions + a] < a)
            return 0;
    return 1;
}

/* The next action to search: the table's first, then the highest
 * history; taken out of list[i .. n). */
static int32_t pick(mg_solver *sv, int32_t *list, int32_t i, int32_t n,
                    int32_t first)
{
    int32_t j, bj = i, t;
    for (j = i; j < n; j++) {
        if (list[j] == first) {
            bj = j;
            break;
        }
        if (sv->history[list[j]] > sv->history[list[bj]])
            bj = j;
    }
    t = list[i];
    list[i] = list[bj];
    list[bj] = t;
    return list[i];
}

typedef struct window {
    int32_t alpha, beta;
} window;

static void search(mg_solver *sv, int32_t depth, window w, int32_t *rlo,
                   int32_t *rhi, int32_t *move);

/* Search child (already pushed) for player p: its bounds for p. */
static void child(mg_solver *sv, int p, int32_t depth, window w,
                  int32_t *lo, int32_t *hi)
{
    int q = mg__state_player(sv->work);
    int32_t l, h;
    window cw;
    if (q == MG_NOBODY) {
        *lo = *hi = mg__solver_terminal(sv, p);
        return;
    }
    if (q == p) {
        search(sv, depth, w, lo, hi, NULL);
        return;
    }
    cw.alpha = -w.beta;
    cw.beta = -w.alpha;
    search(sv, depth, cw, &l, &h, NULL);
    *lo = -h;
    *hi = -l;
}

static void search(mg_solver *sv, int32_t depth, window w, int32_t *rlo,
                   int32_t *rhi, int32_t *move)
{
    mg_state *ws = sv->work;
    const mg_game *g = sv->g;
    int p = mg__state_player(ws);
    int32_t lo, hi, best_lo, acc_hi, n, i, first = -1, bestmove = -1;
    int32_t bm_lo = -BIG - BIG, m0 = 0;
    int32_t *list;
    uint64_t work0 = sv->budget.nodes;
    mg__gentry *t;
    nkey k;
    node_range(sv, p, &lo, &hi);
    *rlo = lo;
    *rhi = hi;
    if (sv->kind == MG__VALUE_GAIN)
        m0 = sv->ops->margin(g, mg__state_position(ws), p);
    if (mg__budget_spend(&sv->budget)) {
        sv->abort = 1;
        return;
    }
    node_key(sv, &k);
    if ((t = probe(sv, &k)) != NULL) {
        lo = max32(lo, t->lo + m0);
        hi = min32(hi, t->hi + m0);
        if (t->best >= 0)
            first = g->pos ? g->pos->sym_action[(size_t)sv->inv[k.sym] *
                                                    g->num_actions + t->best]
                           : t->best;
        *rlo = lo;
        *rhi = hi;
        if (!move && (lo >= w.beta || hi <= w.alpha || lo == hi))
            return;
    }
    if (depth <= 0 || mg__state_room(ws) == 0 ||
        sv->sp + (size_t)g->max_legal > sv->stack_cap) {
        sv->horizon = 1;
        return;
    }
    if (!move) {
        w.alpha = max32(w.alpha, lo);
        w.beta = min32(w.beta, hi);
    }
    list = sv->stack + sv->sp;
    n = mg__state_legal(ws, list);
    sv->sp += (size_t)n;
    best_lo = lo;
    acc_hi = -BIG - BIG;
    for (i = 0; i < n; i++) {
        int32_t a = pick(sv, list, i, n, first), clo, chi;
        if (k.fixed && !orbit_first(sv, k.fixed, a))
            continue;
        if (mg__state_push(ws, a) != MG_OK) {
            sv->horizon = 1;
            acc_hi = hi;
            continue;
        }
        child(sv, p, depth - 1, w, &clo, &chi);
        mg__state_pop(ws);
        if (sv->abort)
            break;
        acc_hi = max32(acc_hi, chi);
        if (clo > bm_lo) {
            bm_lo = clo;
            bestmove = a;
        }
        best_lo = max32(best_lo, clo);
        if ((move ? bm_lo : best_lo) >= w.beta) {
            sv->history[a] += (uint32_t)(depth * depth);
            break;
        }
        w.alpha = max32(w.alpha, clo);
    }
    sv->sp -= (size_t)n;
    if (sv->abort)
        return;
    lo = max32(lo, best_lo);
    if (i >= n)
        hi = min32(hi, acc_hi);
    *rlo = lo;
    *rhi = hi;
    if (move) {
        move[0] = bestmove;
        move[1] = bm_lo;
    }
    store(sv, &k, lo - m0, hi - m0,
          bestmove < 0 ? -1
          : g->pos     ? g->pos->sym_action[(size_t)k.sym * g->num_actions +
                                            bestmove]
                       : bestmove,
          sv->budget.nodes - work0);
}

/* ------------------------------------------------------------ the driver */

/* The next threshold t of a test "value >= t", lo < t <= hi: halving
 * while the interval is wide, else MTD(f)'s step past the new bound. */
static int32_t next_test(int32_t lo, int32_t hi, int up)
{
    int32_t t = hi - lo > 8 ? lo + (hi - lo + 1) / 2 : up ? lo + 1 : hi;
    return t <= lo ? lo + 1 : t > hi ? hi : t;
}

static int32_t root_first(mg_solver *sv)
{
    int32_t n = mg__state_legal(sv->work, sv->stack);
    return n > 0 ? sv->stack[0] : -1;
}

int mg__generic_solve(mg_solver *sv, int32_t remaining, int32_t *lo,
                      int32_t *hi, int32_t *best)
{
    int p = mg__state_player(sv->work);
    int32_t L, H, t, depth = 2, nlo, best_at, bmove = -1;
    int wide_done = 0;
    node_range(sv, p, &L, &H);
    nlo = L;
    best_at = nlo - 1;
    t = next_test(L, H, 1);
    if (remaining > 0 && (depth > remaining || remaining <= FULL_DEPTH))
        depth = remaining;
    sv->abort = 0;
    sv->sp = 0;
    for (;;) {
        int32_t rlo, rhi, mv[2] = {-1, 0};
        int proving = L == H, decided, wide;
        window w;
        if (proving && (L == nlo || best_at >= L))
            break;
        if (proving)
            t = L;
        /* the whole game in reach: one search with the whole window
         * (every position exact, once) beats a run of null windows */
        wide = !proving && !wide_done && remaining > 0 && depth >= remaining;
        w.alpha = wide ? L - 1 : t - 1;
        w.beta = wide ? H + 1 : t;
        wide_done |= wide;
        sv->horizon = 0;
        search(sv, depth, w, &rlo, &rhi, mv);
        if (sv->abort)
            break;
        if (mv[0] >= 0 && mv[1] > best_at) {
            bmove = mv[0];
            best_at = mv[1];
        }
        L = max32(L, rlo);
        H = min32(H, rhi);
        decided = proving ? best_at >= L : wide || rlo >= t || rhi < t;
        if (decided) {
            if (L < H)
                t = next_test(L, H, rlo >= t);
            continue;
        }
        if (!sv->horizon || (remaining > 0 && depth >= remaining) ||
            depth >= INT32_MAX / 4)
            break; /* nothing deeper to look at */
        depth *= 2;
        if (remaining > 0 && depth > remaining)
            depth = remaining;
    }
    *lo = L;
    *hi = H;
    *best = bmove >= 0 && (best_at >= L || L < H) ? bmove : root_first(sv);
    return L == H ? MG_OK : MG_EBUDGET;
}
