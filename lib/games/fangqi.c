/*
 * fangqi.c - Fangqi (rules §4): the options, the game's data, the op
 * table, and the turns: placement on a full grid, the initial removal,
 * removals for the squares formed, then rook-like (or one-step) movement
 * where every newly formed square removes an unprotected opponent stone;
 * options for the regional variants.  The other files are listed in
 * fangqi.h, with the actions; the position ops are fangqi_position.c's.
 */
#include "fangqi.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ options */

enum { OPT_VARIANT, OPT_WIDTH, OPT_HEIGHT, OPT_MOVEMENT, OPT_EXTRA, OPT_COP,
       OPT_KO, OPT_ENC, OPT_LOSE, OPT_LIMIT, N_OPTS };
enum { VAR_NINGXIA, VAR_XINJIANG };

static const char *const variant_names[] = {"ningxia", "xinjiang", NULL};
static const char *const movement_names[] = {"rook", "step", NULL};

static const mg__option options[N_OPTS] = {
    {"variant", MG__OPT_ENUM, 0, 0, variant_names, VAR_NINGXIA},
    {"width", MG__OPT_INT, 2, 19, NULL, 8},
    {"height", MG__OPT_INT, 2, 19, NULL, 7},
    {"movement", MG__OPT_ENUM, 0, 0, movement_names, 0},
    {"extra_removal", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"capture_on_placement", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"ko", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"encirclement", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"lose_below", MG__OPT_INT, 0, MAXP, NULL, 1},
    {"no_capture_limit", MG__OPT_INT, 0, 100000, NULL, 100},
};

static void fq_defaults(mg__optvals *o)
{
    if (o->v[OPT_VARIANT] == VAR_XINJIANG) {
        if (!o->given[OPT_WIDTH])
            o->v[OPT_WIDTH] = 7;
        if (!o->given[OPT_HEIGHT])
            o->v[OPT_HEIGHT] = 7;
        if (!o->given[OPT_EXTRA])
            o->v[OPT_EXTRA] = 1;
    }
}

static int fq_create(mg_game *g, const mg__optvals *o, char *err,
                     size_t errcap)
{
    int w = (int)o->v[OPT_WIDTH], h = (int)o->v[OPT_HEIGHT];
    int P = w * h, S = w + h - 2;
    int tabled = w <= TABLE_MAX && h <= TABLE_MAX;
    /* run, cnt and sum of rows, then run and cnt of columns */
    size_t hsize = tabled ? ((size_t)1 << w) * (size_t)(2 * w + 32) : 0,
           vsize = tabled ? ((size_t)1 << h) * (size_t)(2 * h) : 0;
    fq *f = calloc(1, sizeof *f + (size_t)P * (size_t)S * sizeof(uint32_t) +
                          hsize + vsize);
    if (!f)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    f->w = w;
    f->h = h;
    f->P = P;
    f->S = S;
    f->wmask = (1u << w) - 1u;
    f->rook = o->v[OPT_MOVEMENT] == 0;
    f->extra = (int)o->v[OPT_EXTRA];
    f->cop = (int)o->v[OPT_COP];
    f->ko = (int)o->v[OPT_KO];
    f->enc = (int)o->v[OPT_ENC];
    f->lose_below = (int)o->v[OPT_LOSE];
    f->limit = (int)o->v[OPT_LIMIT];
    f->allot[0] = (f->P + 1) / 2;
    f->allot[1] = f->P / 2;
    if (f->lose_below > f->allot[1]) {
        int lb = f->lose_below, a = f->allot[1];
        free(f);
        return mg__err(err, errcap, MG_EVALUE,
                       "lose_below=%d: more stones than the second player "
                       "places (%d)",
                       lb, a);
    }
    mg__fq_tables(f, tabled, hsize);
    g->data = f;
    g->num_actions = 2 * f->P + f->P * f->S;
    g->max_legal = f->allot[0] * f->S > f->P ? f->allot[0] * f->S : f->P;
    f->max_legal = g->max_legal;
    /* placements, removals (at most one per stone), and at most `limit`
     * moves between two removals; no limit: unbounded */
    g->max_length = f->limit ? 2 * f->P + (f->P + 1) * f->limit : 0;
    g->state_size = sizeof(fstate);
    /* the header, and with encirclement the points it removed (a bit
     * set); an undo record is read by memcpy, at any alignment */
    g->undo_size = HEADER + (f->enc ? (size_t)(f->P + 7) / 8 : 0);
    g->planes = mg__fq_planes;
    g->num_planes = MG__FQ_PLANES;
    mg__planes_unit(g);
    /* pending (fangqi_position.c): the squares one stone completes (at
     * most 4), 2 with extra_removal, or the squares a seat holds at the
     * end of placing (at most one per 2 x 2 block) -- a safe bound */
    g->plane_hi[6] = (float)(f->cop || (f->w - 1) * (f->h - 1) < 4
                                 ? 4
                                 : (f->w - 1) * (f->h - 1));
    /* No rule looks at the order of the points (rules §4.2): removals are
     * any unprotected stone (item 5), the ko bans squares by where they
     * are, and encirclement removes every enclosed chain at once. */
    g->ordered = 0;
    return MG_OK;
}

static void fq_destroy(mg_game *g)
{
    free(g->data);
    g->data = NULL;
}

/* ------------------------------------------------------------- turns */

static void set_over(fstate *s, int winner)
{
    s->phase = PH_OVER;
    s->winner = (int8_t)winner;
    s->pending = 0;
}

/* Rules §4.2.7: after placing, a side below lose_below loses. */
static int stone_check(const fq *f, fstate *s)
{
    int a = s->stones[0] < f->lose_below, b = s->stones[1] < f->lose_below;
    if (!a && !b)
        return 0;
    set_over(s, a && b ? MG_DRAW : a ? 1 : 0);
    return 1;
}

/* Removals `seat` may make now: n, or 0 when the opponent has no stone. */
static int16_t removals(const fstate *s, int seat, int n)
{
    return (int16_t)(s->stones[1 - seat] > 0 ? n : 0);
}

/* The removal stages after placing (rules §4.2.3-4): seat, count. */
static int stage_count(const fq *f, const fstate *s, int stage)
{
    switch (stage) {
    case 0: return 1;
    case 1: return f->extra ? 2 : 1;
    case 2: return f->cop ? 0 : s->squares[0];
    default: return f->cop ? 0 : s->squares[1];
    }
}

/* Enter the next removal stage with something to remove, or movement. */
static void next_stage(const fq *f, fstate *s)
{
    while (s->stage < 4) {
        int seat = s->stage % 2;
        int16_t n = removals(s, seat, stage_count(f, s, s->stage));
        if (n > 0) {
            s->phase = PH_REMOVE;
            s->player = (int8_t)seat;
            s->pending = n;
            return;
        }
        s->stage++;
    }
    s->phase = PH_MOVE;
    s->player = 0;
    s->pending = 0;
    s->quiet = 0;
    if (stone_check(f, s))
        return;
    if (!mg__fq_can_move(f, s))
        set_over(s, 1); /* rules §4.2.7: no legal move loses */
}

static void end_of_placing(const fq *f, fstate *s)
{
    s->squares[0] = (int16_t)mg__fq_count_squares(f, s, 0);
    s->squares[1] = (int16_t)mg__fq_count_squares(f, s, 1);
    s->stage = 0;
    next_stage(f, s);
}

#if defined(__GNUC__)
#define FQ_INLINE inline __attribute__((always_inline))
#else
#define FQ_INLINE inline
#endif

/* Can the player to move move? */
static int can_move(const fq *f, const fstate *s)
{
    return ko_on(f, s) ? mg__fq_can_move(f, s) : can_move_free(f, s);
}

/* A movement turn is over (its removals made): encirclement, then pass
 * the turn and run the end checks of rules §4.2.9.  With `defer` the last
 * check, whether the player to move can move, is left to the caller (the
 * playout, whose next draw finds it out): returns 1 when it is. */
static FQ_INLINE int end_of_move_turn(const fq *f, fstate *s,
                                      unsigned char *removed, int defer)
{
    if (f->enc && s->last_to >= 0 &&
        mg__fq_encircle(f, s, s->last_to, removed)) {
        s->quiet = 0;
        if (stone_check(f, s))
            return 0;
    }
    s->last_to = -1;
    s->player ^= 1;
    if (f->limit && s->quiet >= f->limit) {
        set_over(s, MG_DRAW); /* rules §4.2.8 */
        return 0;
    }
    if (defer)
        return 1;
    if (!can_move(f, s))
        set_over(s, 1 - s->player);
    return 0;
}

/* ------------------------------------------------------------ protocol */

/* Is action a legal in s? */
static int action_legal(const fq *f, const fstate *s, int32_t a)
{
    if (s->phase == PH_OVER)
        return 0;
    if (s->pending > 0) {
        int p = a - f->P, opp = 1 - s->player;
        if (a < f->P || a >= 2 * f->P || cell_at(f, s, p) != opp)
            return 0;
        return !mg__fq_protected_stone(f, s, p) ||
               mg__fq_all_protected(f, s, opp);
    }
    if (s->phase == PH_PLACE)
        return a < f->P && cell_at(f, s, a) < 0;
    if (s->phase == PH_MOVE && a >= 2 * f->P) {
        uint32_t m = f->mv[a - 2 * f->P];
        int from = (int)(m & 0xFFFFu);
        return ((s->row[(int)s->player][Y(f, from)] >> X(f, from)) & 1u) &&
               mg__fq_move_ok(f, s, from, (int)(m >> 16));
    }
    return 0;
}

static void fq_init(const mg_game *g, void *st)
{
    fstate *s = st;
    (void)g;
    s->last_to = -1;
    s->phase = PH_PLACE;
}

static int fq_current(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->phase == PH_OVER ? MG_NOBODY : s->player;
}

static int fq_winner(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->phase == PH_OVER ? s->winner : MG_NOBODY;
}

static int32_t fq_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const fq *f = F(g);
    const fstate *s = st;
    int32_t n = 0;
    int y;
    if (s->phase == PH_OVER)
        return 0;
    if (s->pending > 0)
        return mg__fq_list_removals(f, s, buf);
    if (s->phase == PH_PLACE) {
        for (y = 0; y < f->h; y++) {
            uint32_t e = ~occ_row(s, y) & f->wmask;
            for (; e; e &= e - 1)
                buf[n++] = y * f->w + (int32_t)mg__ctz64(e);
        }
        return n;
    }
    return mg__fq_list_moves(f, s, buf);
}

static int fq_is_legal(const mg_game *g, const void *st, int32_t a)
{
    return action_legal(F(g), st, a);
}

/* The placing turn is over (its removals made): the next player, or the
 * end of the placing stage. */
static FQ_INLINE void placed_turn_over(const fq *f, fstate *s, int opp)
{
    if (s->placed[0] == f->allot[0] && s->placed[1] == f->allot[1])
        end_of_placing(f, s);
    else
        s->player = (int8_t)opp;
}

/* The three kinds of action, for apply_in (below). */
static FQ_INLINE void apply_place(const fq *f, fstate *s, int32_t a,
                                  int check)
{
    int me = s->player, on = flip_stone(f, s, a, me), k;
    assert(!check || on == 1);
    (void)on;
    (void)check;
    s->stones[me]++;
    s->placed[me]++;
    k = f->cop ? completed(f, s, me, a, NULL) : 0;
    s->pending = removals(s, me, k);
    if (s->pending == 0)
        placed_turn_over(f, s, 1 - me);
}

static FQ_INLINE int apply_remove(const fq *f, fstate *s, int32_t a,
                                  unsigned char *removed, int defer,
                                  int check)
{
    int me = s->player, opp = 1 - me, p = a - f->P, on;
    assert(!check || (s->pending > 0 && s->stones[opp] > 0));
    on = flip_stone(f, s, p, opp);
    assert(!check || on == 0);
    (void)on;
    (void)check;
    s->stones[opp]--;
    s->pending = removals(s, me, s->pending - 1);
    if (s->phase == PH_PLACE) { /* capture on placement */
        if (s->pending == 0)
            placed_turn_over(f, s, opp);
        return 0;
    }
    s->quiet = 0;
    if (stone_check(f, s) || s->pending != 0)
        return 0;
    if (s->phase == PH_REMOVE) {
        s->stage++;
        next_stage(f, s);
        return 0;
    }
    return end_of_move_turn(f, s, removed, defer);
}

static FQ_INLINE int apply_move(const fq *f, fstate *s, int32_t a,
                                unsigned char *removed, int defer, int check)
{
    uint32_t m = f->mv[a - 2 * f->P];
    int me = s->player, from = (int)(m & 0xFFFFu), to = (int)(m >> 16), k, on;
    int16_t sq[4];
    on = flip_stone(f, s, from, me);
    assert(!check || on == 0);
    on = flip_stone(f, s, to, me);
    assert(!check || on == 1);
    (void)on;
    (void)check;
    s->quiet++;
    s->last_to = (int16_t)to;
    k = completed(f, s, me, to, f->ko ? sq : NULL);
    if (f->ko && k) {
        int i;
        s->nko[me] = (int8_t)k;
        for (i = 0; i < k; i++)
            s->ko[me][i] = sq[i];
    }
    s->pending = removals(s, me, k);
    if (s->pending == 0)
        return end_of_move_turn(f, s, removed, defer);
    return 0;
}

/* Apply a legal action: the op apply (check: assert that the stones
 * flipped were there or not), and each step of the playout (defer: see
 * end_of_move_turn; its actions are legal by construction). */
static FQ_INLINE int apply_in(const fq *f, fstate *s, int32_t a,
                              unsigned char *undo, int defer, int check)
{
    int later = 0;
    unsigned char *removed = undo + HEADER;
    memcpy(undo, s, HEADER);
    if (f->enc)
        memset(removed, 0, (size_t)(f->P + 7) / 8);
    if (a < f->P)
        apply_place(f, s, a, check);
    else if (a < 2 * f->P)
        later = apply_remove(f, s, a, removed, defer, check);
    else
        later = apply_move(f, s, a, removed, defer, check);
    MG__ASSERT_SLOW(mg__fq_consistent(f, s));
    return later;
}

static void fq_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    apply_in(F(g), st, a, undo, 0, 1);
}

static void fq_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const fq *f = F(g);
    fstate *s = st;
    const unsigned char *removed = (const unsigned char *)undo + HEADER;
    int8_t player;
    int me, opp, i;
    memcpy(&player, (const unsigned char *)undo + offsetof(fstate, player),
           1);
    me = player;
    opp = 1 - me;
    /* each flip says what the point holds after it: 0 empty, 1 the
     * seat's stone (alone) */
    if (a < f->P) {
        int on = flip_bits(f, s, a, me);
        assert(on == 0);
        (void)on;
    } else if (a < 2 * f->P) {
        int on = flip_bits(f, s, a - f->P, opp);
        assert(on == 1);
        (void)on;
    } else {
        uint32_t m = f->mv[a - 2 * f->P];
        int on = flip_bits(f, s, (int)(m >> 16), me);
        assert(on == 0);
        on = flip_bits(f, s, (int)(m & 0xFFFFu), me);
        assert(on == 1);
        (void)on;
    }
    if (f->enc)
        for (i = 0; i < (f->P + 7) / 8; i++) {
            unsigned r = removed[i];
            for (; r; r &= r - 1) {
                int on = flip_bits(f, s, 8 * i + (int)mg__ctz64(r), opp);
                assert(on == 1);
                (void)on;
            }
        }
    memcpy(s, undo, HEADER);
    MG__ASSERT_SLOW(mg__fq_consistent(f, s));
}

/* -------------------------------------------------------------- playout */

/* Bit r (0-based, r < popcount(v)) of v. */
static inline int select_bit(uint32_t v, uint32_t r)
{
    for (; r; r--)
        v &= v - 1;
    return (int)mg__ctz64(v);
}

/* The r-th (0-based) point of the rows m, in index order. */
static inline int select_point(const fq *f, const uint32_t *m, uint32_t r)
{
    int y;
    for (y = 0;; y++) {
        uint32_t c = (uint32_t)pop32(m[y]);
        if (r < c)
            return y * f->w + select_bit(m[y], r);
        r -= c;
    }
}

/* The draw of the generic loop, legal + mg__rand_below over the ascending
 * list, without the list: the removal, the placement or the move (no ko
 * ban in force) at the drawn place of it; -1 when there is none. */
static inline int32_t pick_removal(const fq *f, const fstate *s,
                                   uint64_t *rng)
{
    uint32_t rem[MAXW];
    int n = removable_rows(f, s, 1 - s->player, rem);
    if (n <= 0)
        return -1;
    return f->P + select_point(f, rem, mg__rand_below(rng, (uint32_t)n));
}

static inline int32_t pick_place(const fq *f, const fstate *s, uint64_t *rng)
{
    int n = f->P - s->stones[0] - s->stones[1], y;
    uint32_t r;
    if (n <= 0)
        return -1;
    r = mg__rand_below(rng, (uint32_t)n);
    for (y = 0;; y++) {
        uint32_t e = ~occ_row(s, y) & f->wmask,
                 c = (uint32_t)pop32(e);
        if (r < c)
            return y * f->w + select_bit(e, r);
        r -= c;
    }
}

/* The move drawn among the ascending list of list_moves: the moves are
 * counted, the drawn one found, then its place in its stone's two ranges
 * of slots (row, column).  On boards of lines of at most TABLE_MAX points
 * the counts come from the tables, by rows (fq): the rows' moves first,
 * then the drawn one's row stone by stone (pick_move_tabled).  On the
 * others each stone's runs are found (run_at) and counted into `count`
 * (from | n << 16, ascending from: pick_move_runs). */

/* The tables' count of the moves of the player to move: per row y its
 * stones' moves in hrow[y]; cols[x], column x's row of the column
 * tables.  Returns the total. */
static inline int count_moves_tabled(const fq *f, const fstate *s,
                                     uint32_t *cols, uint32_t *hrow)
{
    const int w = f->w, h = f->h, me = s->player;
    uint64_t vrow = 0; /* byte y: the column moves of row y's stones */
    int x, y, n;
    for (x = 0; x < w; x++) {
        uint32_t occ = occ_col(s, x);
        cols[x] = occ * (uint32_t)h;
        vrow += f->vbytes[occ] & f->bytes[s->col[me][x]];
    }
    n = (int)((vrow * 0x0101010101010101ULL) >> 56);
    for (y = 0; y < h; y++) {
        uint32_t own = s->row[me][y], occ = occ_row(s, y) << 5;
        uint32_t row = (uint32_t)f->hsum[occ + (own & 15u)] +
                       f->hsum[occ + 16 + (own >> 4)];
        hrow[y] = row + (uint32_t)((vrow >> (8 * y)) & 0xFFu);
        n += (int)row;
    }
    return n;
}

static inline int32_t pick_move_tabled(const fq *f, const fstate *s,
                                       uint64_t *rng)
{
    const int w = f->w;
    uint32_t cols[MAXW], hrow[MAXW], r, own;
    const uint8_t *hc;
    int x, y, lo, hi, from, run, n = count_moves_tabled(f, s, cols, hrow);
    if (n <= 0)
        return -1;
    r = mg__rand_below(rng, (uint32_t)n);
    for (y = 0; r >= hrow[y]; y++)
        r -= hrow[y];
    own = s->row[(int)s->player][y];
    hc = f->hcnt + occ_row(s, y) * (uint32_t)w;
    for (;; own &= own - 1) {
        uint32_t c;
        x = (int)mg__ctz64(own);
        c = (uint32_t)hc[x] + f->vcnt[cols[x] + (uint32_t)y];
        if (r < c)
            break;
        r -= c;
    }
    from = y * w + x;
    run = f->hrun[occ_row(s, y) * (uint32_t)w + (uint32_t)x];
    lo = run & 15;
    hi = run >> 4;
    if (r < (uint32_t)(hi - lo))
        return 2 * f->P + from * f->S + lo + (int)r;
    return 2 * f->P + from * f->S + (w - 1) +
           (f->vrun[cols[x] + (uint32_t)y] & 15) + (int)r - (hi - lo);
}

static inline int32_t pick_move_runs(const fq *f, const fstate *s,
                                     uint64_t *rng, int32_t *count)
{
    const int w = f->w, h = f->h, me = s->player, rook = f->rook;
    uint32_t cols[MAXW], r;
    int x, y, lo, hi, dlo, dhi, from, i = 0, k = 0, n = 0;
    for (x = 0; x < w; x++)
        cols[x] = fenced(occ_col(s, x), h);
    for (y = 0; y < h; y++) {
        uint32_t own = s->row[me][y], rr = fenced(occ_row(s, y), w);
        for (; own; own &= own - 1) {
            int c;
            x = (int)mg__ctz64(own);
            run_at(rr, x, rook, &lo, &hi);
            run_at(cols[x], y, rook, &dlo, &dhi);
            c = hi - lo + dhi - dlo;
            count[k++] = (y * w + x) | c << 16;
            n += c;
        }
    }
    if (n <= 0)
        return -1;
    r = mg__rand_below(rng, (uint32_t)n);
    while (r >= (uint32_t)(count[i] >> 16))
        r -= (uint32_t)(count[i++] >> 16);
    from = count[i] & 0xFFFF;
    x = X(f, from);
    y = Y(f, from);
    run_at(fenced(occ_row(s, y), w), x, rook, &lo, &hi);
    if (r < (uint32_t)(hi - lo))
        return 2 * f->P + from * f->S + lo + (int)r;
    run_at(cols[x], y, rook, &dlo, &dhi);
    return 2 * f->P + from * f->S + (w - 1) + dlo + (int)r - (hi - lo);
}

static inline int32_t pick_move(const fq *f, const fstate *s, uint64_t *rng,
                                int32_t *count)
{
    return f->tabled ? pick_move_tabled(f, s, rng)
                     : pick_move_runs(f, s, rng, count);
}

/* The op playout: the generic loop's actions and undo records (apply_in
 * for each), the draws made without writing the legal list, except for a
 * move under a ko ban (the list, then the draw).  Whether the player to
 * move after a movement turn can move is found by the next draw (no move
 * to draw: the game is over, as apply would have said). */
static int32_t fq_playout(const mg_game *g, void *st, uint64_t *rng,
                          int32_t max, int32_t *hist, unsigned char *undo,
                          size_t stride, int32_t *scratch)
{
    const fq *f = F(g);
    fstate *s = st;
    int32_t done = 0;
    int later = 0; /* the last action left the check "can move" to us */
    while (max < 0 || done < max) {
        int32_t a;
        if (s->phase == PH_OVER)
            break;
        if (s->pending > 0) {
            a = pick_removal(f, s, rng);
        } else if (s->phase == PH_PLACE) {
            a = pick_place(f, s, rng);
        } else {
            if (ko_on(f, s)) {
                int32_t n = mg__fq_list_moves(f, s, scratch);
                a = n > 0 ? scratch[mg__rand_below(rng, (uint32_t)n)] : -1;
            } else {
                a = pick_move(f, s, rng, scratch);
            }
            if (a < 0 && later) {
                set_over(s, 1 - s->player); /* rules §4.2.7 */
                later = 0;
            }
        }
        if (a < 0)
            break;
        later = apply_in(f, s, a, undo + (size_t)done * stride, 1, 0);
        hist[done++] = a;
    }
    if (later && !can_move(f, s))
        set_over(s, 1 - s->player);
    return done;
}

/* Everything but the stones that decides what may happen next (the ko
 * blocks as a set: their order does not count). */
uint64_t mg__fq_header_hash(const fstate *s)
{
    uint64_t x = (uint64_t)(uint8_t)s->phase | (uint64_t)(uint8_t)s->player << 8 |
                 (uint64_t)(uint16_t)s->pending << 16 |
                 (uint64_t)(uint8_t)s->stage << 32 |
                 (uint64_t)(uint8_t)s->winner << 40;
    uint64_t y = (uint64_t)(uint32_t)s->quiet |
                 (uint64_t)(uint16_t)s->last_to << 32;
    int k, seat;
    for (seat = 0; seat < 2; seat++)
        for (k = 0; k < s->nko[seat]; k++)
            y ^= mg__zobrist_key(0xFA02 + (uint64_t)seat,
                                 (uint64_t)s->ko[seat][k]);
    x ^= mg__zobrist_key(0xFA03, y);
    return mg__splitmix64(&x);
}

static uint64_t fq_hash(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->zstones ^ mg__fq_header_hash(s);
}

static uint64_t fq_hash_full(const mg_game *g, const void *st)
{
    const fq *f = F(g);
    const fstate *s = st;
    uint64_t h = 0;
    int p;
    for (p = 0; p < f->P; p++) {
        int c = cell_at(f, s, p);
        if (c >= 0)
            h ^= f->zcell[p][c];
    }
    return h ^ mg__fq_header_hash(s);
}

static int32_t fq_score(const mg_game *g, const void *st, int player)
{
    (void)g;
    return ((const fstate *)st)->stones[player];
}

static int fq_groups(const mg_game *g, const void *st, int player,
                     int32_t *buf, size_t cap, size_t *count)
{
    const fq *f = F(g);
    int32_t sizes[MAXP], n;
    int8_t cell[MAXP];
    int p;
    for (p = 0; p < f->P; p++)
        cell[p] = (int8_t)cell_at(f, st, p);
    n = mg__group_sizes(f->P, cell, player, &f->orth[0][0], 4, sizes);
    return mg__groups_out(sizes, n, buf, cap, count);
}

const mg__game_ops mg__fangqi_ops = {
    .id = "fangqi",
    .options = options,
    .n_options = N_OPTS,
    .board_kind = 0,
    .board_opt = -1,
    .defaults = fq_defaults,
    .applies = NULL,
    .create = fq_create,
    .destroy = fq_destroy,
    .init = fq_init,
    .current_player = fq_current,
    .winner = fq_winner,
    .legal = fq_legal,
    .is_legal = fq_is_legal,
    .apply = fq_apply,
    .undo = fq_undo,
    .hash = fq_hash,
    .hash_full = fq_hash_full,
    .score = fq_score,
    .groups = fq_groups,
    .action_name = mg__fq_action_name,
    .action_parse = mg__fq_action_parse,
    .render = mg__fq_render,
    .playout = fq_playout,
    .policy_playout_result = mg__fq_policy_playout_result,
    .policy_priors = mg__fq_policy_priors,
    .num_sites = mg__fq_num_sites,
    .site_info = mg__fq_site_info,
    .site_neighbors = mg__fq_site_neighbors,
    .site_name = mg__fq_site_name,
    .action_sites = mg__fq_action_sites,
    .site_label = NULL,
    .site_owner = mg__fq_site_owner,
    .site_owners = mg__fq_site_owners,
    .observe = mg__fq_observe,
    .solver = &mg__fq_solver,
    .illegal_reason = mg__fq_illegal_reason,
    .end_reason = mg__fq_end_reason,
};
