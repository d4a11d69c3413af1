/*
 * fangqi.h - what the files of Fangqi (rules §4) share; never installed:
 * the game's data (fq), the position (fstate: the stones as bit sets by
 * rows and by columns), the small inline helpers of the board
 * (coordinates, move slots, the 2x2 squares and the protected stones by
 * rows, the empty runs a stone moves along) and the functions each file
 * gives the others.
 *
 *   fangqi.c           options, create, the op table, the turns, apply
 *                      and undo, the playout
 *   fangqi_board.c     the points' tables and the run tables, squares and
 *                      protection, the removals and moves a seat may make
 *                      (with the ko option), encirclement
 *   fangqi_notation.c  action names and their parsing
 *   fangqi_render.c    the text and SVG pictures
 *   fangqi_position.c  the sites (the points), who holds them and the
 *                      observation planes (since 1.3)
 *   fangqi_policy.c    the knowledge playout and priors of the squares
 *                      one action away (mcts(playout=policy), since 1.6.1)
 *
 * Actions (rules §4.3; P points, S = width + height - 2 targets per
 * point): PLACE(p) = p ("d4"), REMOVE(p) = P + p ("xd4"), MOVE(from,
 * slot) = 2P + from * S + slot ("d4-d7"): slots 0 .. width-2 are the other
 * points of the row, then the other points of the column, both ascending.
 * A removal run is a series of REMOVE actions by the same seat.
 */
#ifndef MG_FANGQI_H
#define MG_FANGQI_H

#include "internal.h"

#define MAXP (19 * 19)
#define MAXW 19 /* width and height are 2 .. 19 */

enum { PH_PLACE, PH_REMOVE, PH_MOVE, PH_OVER };

#define TABLE_MAX 8 /* lines of at most 8 points have tables (fq) */

/* The game's immutable data (g->data). */
typedef struct fq {
    int w, h, P, S;
    int rook, extra, cop, ko, enc, lose_below, limit;
    int allot[2];
    int32_t max_legal;     /* g->max_legal */
    uint32_t wmask;        /* the w bits of a row */
    uint8_t px[MAXP], py[MAXP]; /* each point's x and y */
    int16_t orth[MAXP][4]; /* orthogonal neighbours, -1 padded */
    uint64_t zcell[MAXP][2];
    /* Lines of at most TABLE_MAX points (tabled: rows and columns both),
     * n = w for rows (h...) and h for columns (v...): the run of point i
     * of a line with occupancy occ (run_at) at [occ * n + i], *run = lo |
     * hi << 4, *cnt = hi - lo, the moves along the line; and hsum[occ *
     * 32 + 16 * k + m], the moves along the row of the stones m << 4k
     * (m < 16, k = 0, 1), so a row's stones' moves are two look-ups.
     * For columns vbytes[occ]: byte y the moves along the column of
     * a stone on y (vcnt), and bytes[m]: byte y 0xFF where bit y of m is
     * set; a column's stones' moves row by row are then vbytes[occ] &
     * bytes[own], and added up over the columns each row's (a byte: at
     * most 8 columns x 7 moves; all of them at most 2 x 7 per column). */
    int tabled;
    const uint8_t *hrun, *hcnt, *hsum, *vrun, *vcnt;
    uint64_t vbytes[1 << TABLE_MAX], bytes[1 << TABLE_MAX];
    /* MOVE(from, slot), by action - 2P: from | to << 16 (P * S of them);
     * the tables follow */
    uint32_t mv[];
} fq;

/* The position; everything before row[] is the header an undo record
 * keeps whole.  The stones are bit sets, by rows and by columns: bit x of
 * row[seat][y] and bit y of col[seat][x] both say that seat has a stone
 * on (x, y); bits off the board are 0.  The squares, the protected stones,
 * the runs a stone can move along and the removable stones are word
 * operations on them (fangqi_board.c). */
typedef struct fstate {
    uint64_t zstones;      /* Zobrist of the stones, incremental */
    int32_t quiet;         /* movement plies since the last removal */
    int8_t phase, player, winner, stage;
    int16_t pending;       /* removals `player` still makes */
    int16_t stones[2], placed[2], squares[2];
    int16_t last_to;       /* the stone moved this turn, or -1 */
    int8_t nko[2];
    int16_t ko[2][4];      /* squares of each seat's last square move */
    uint32_t row[2][MAXW];
    uint32_t col[2][MAXW];
} fstate;

#define HEADER offsetof(fstate, row)

static inline const fq *F(const mg_game *g)
{
    return (const fq *)g->data;
}

static inline int X(const fq *f, int p) { return f->px[p]; }
static inline int Y(const fq *f, int p) { return f->py[p]; }

/* The point MOVE(from, slot) goes to. */
static inline int slot_target(const fq *f, int from, int slot)
{
    int fx = X(f, from), fy = Y(f, from);
    if (slot < f->w - 1)
        return fy * f->w + (slot < fx ? slot : slot + 1);
    slot -= f->w - 1;
    return (slot < fy ? slot : slot + 1) * f->w + fx;
}

/* The slot of the move from -> to (same row or column). */
static inline int slot_of(const fq *f, int from, int to)
{
    int fx = X(f, from), fy = Y(f, from), tx = X(f, to), ty = Y(f, to);
    if (fy == ty)
        return tx < fx ? tx : tx - 1;
    return f->w - 1 + (ty < fy ? ty : ty - 1);
}

/* The index of the highest bit of v (v != 0). */
static inline int hibit(uint32_t v)
{
#if defined(__GNUC__)
    return 31 - __builtin_clz(v);
#else
    int n = 0;
    while (v >>= 1)
        n++;
    return n;
#endif
}

/* The number of bits set in v (no popcnt instruction at -O2 x86-64: the
 * builtin would be a call). */
static inline int pop32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0Fu;
    return (int)((v * 0x01010101u) >> 24);
}

/* The same for v with at most two bits set. */
static inline int pop2(uint32_t v)
{
    return (v != 0) + ((v & (v - 1)) != 0);
}

/* Who holds point p: -1 empty, else the seat. */
static inline int cell_at(const fq *f, const fstate *s, int p)
{
    int x = X(f, p), y = Y(f, p);
    if ((s->row[0][y] >> x) & 1u)
        return 0;
    return (int)((s->row[1][y] >> x) & 1u) * 2 - 1;
}

/* Put a stone of `seat` on empty p, or take it off p: the bits, and
 * with flip_stone the Zobrist hash (the counts are the caller's). */
static inline int flip_bits(const fq *f, fstate *s, int p, int seat)
{
    int x = X(f, p), y = Y(f, p);
    s->row[seat][y] ^= 1u << x;
    s->col[seat][x] ^= 1u << y;
    /* what p holds now (for the callers' asserts): 0 nothing, 1 seat's
     * stone alone, 2 or 3 the other seat's stone too */
    return (int)((s->row[seat][y] >> x) & 1u) |
           (int)((s->row[1 - seat][y] >> x) & 1u) << 1;
}
static inline int flip_stone(const fq *f, fstate *s, int p, int seat)
{
    s->zstones ^= f->zcell[p][seat];
    return flip_bits(f, s, p, seat);
}

/* The occupied points of row y / column x. */
static inline uint32_t occ_row(const fstate *s, int y)
{
    return s->row[0][y] | s->row[1][y];
}
static inline uint32_t occ_col(const fstate *s, int x)
{
    return s->col[0][x] | s->col[1][x];
}

/* The squares of `seat` with their bottom-left corner in row y (y + 1 <
 * h): bit x for the block (x, y) .. (x+1, y+1). */
static inline uint32_t sq_row(const fstate *s, int seat, int y)
{
    uint32_t both = s->row[seat][y] & s->row[seat][y + 1];
    return both & (both >> 1);
}

/* The squares of `seat` holding point (x, y), as the bottom-left corners'
 * bits of the (up to) two row pairs: *lo for row y - 1, *hi for row y. */
static inline int squares_at(const fq *f, const fstate *s, int seat, int x,
                             int y, uint32_t *lo, uint32_t *hi)
{
    uint32_t m = (3u << x) >> 1; /* columns x - 1 and x */
    *lo = y > 0 ? sq_row(s, seat, y - 1) & m : 0;
    *hi = y + 1 < f->h ? sq_row(s, seat, y) & m : 0;
    return pop2(*lo) + pop2(*hi);
}

/* The squares of `seat` that hold point p (a stone of seat on it), their
 * corners (ascending) into sq when not NULL. */
static inline int completed(const fq *f, const fstate *s, int seat, int p,
                            int16_t *sq)
{
    int x = X(f, p), y = Y(f, p), n;
    uint32_t lo, hi;
    n = squares_at(f, s, seat, x, y, &lo, &hi);
    if (sq && n) {
        int k = 0;
        for (; lo; lo &= lo - 1)
            sq[k++] = (int16_t)((y - 1) * f->w + mg__ctz64(lo));
        for (; hi; hi &= hi - 1)
            sq[k++] = (int16_t)(y * f->w + mg__ctz64(hi));
    }
    return n;
}

/* The protected stones of `seat` by rows (rules §4.1): row y's are the
 * corners of the squares of the row pairs (y - 1, y) and (y, y + 1). */
static inline void protected_rows(const fq *f, const fstate *s, int seat,
                                  uint32_t *prot)
{
    uint32_t below = 0; /* squares of the pair (y - 1, y) */
    int y;
    for (y = 0; y < f->h; y++) {
        uint32_t above = y + 1 < f->h ? sq_row(s, seat, y) : 0,
                 sq = above | below;
        prot[y] = sq | (sq << 1);
        below = above;
    }
}

/* The stones of `opp` that may be removed now, by rows (rules §4.2.5: the
 * unprotected ones, or all when every one is protected); their number. */
static inline int removable_rows(const fq *f, const fstate *s, int opp,
                                 uint32_t *rem)
{
    uint32_t prot[MAXW], any = 0;
    int y, n = 0;
    protected_rows(f, s, opp, prot);
    for (y = 0; y < f->h; y++)
        any |= rem[y] = s->row[opp][y] & ~prot[y];
    if (!any) {
        for (y = 0; y < f->h; y++)
            rem[y] = s->row[opp][y];
        return s->stones[opp];
    }
    for (y = 0; y < f->h; y++)
        n += pop32(rem[y]);
    return n;
}

/* Occupancy with a stone on each side of the board: bit i + 1 for point i
 * of a row (n = w) or a column (n = h), bits 0 and n + 1 set. */
static inline uint32_t fenced(uint32_t occ, int n)
{
    return occ << 1 | 1u | 2u << n;
}

/* The empty run around point i of a fenced line: *lo .. *hi (i included)
 * are the points a stone on i reaches over empty points, one step at most
 * when !rook.  The moves' slots along the line are then *lo .. *hi - 1
 * (the targets' slots close up over i). */
static inline void run_at(uint32_t fence, int i, int rook, int *lo, int *hi)
{
    int a = hibit(fence & ((2u << i) - 1u));
    int b = i + (int)mg__ctz64(fence >> (i + 2));
    if (!rook) {
        a = a < i - 1 ? i - 1 : a;
        b = b > i + 1 ? i + 1 : b;
    }
    *lo = a;
    *hi = b;
}

/* Is the ko option banning a move of the player to move now? */
static inline int ko_on(const fq *f, const fstate *s)
{
    return f->ko && s->nko[(int)s->player];
}

/* Can the player to move move (ko off: a stone with an empty orthogonal
 * neighbour)? */
static inline int can_move_free(const fq *f, const fstate *s)
{
    const int p = s->player;
    uint32_t prev = 0, cur = ~occ_row(s, 0) & f->wmask;
    int y;
    for (y = 0; y < f->h; y++) {
        uint32_t next = y + 1 < f->h ? ~occ_row(s, y + 1) & f->wmask : 0;
        if (s->row[p][y] & (prev | next | cur << 1 | cur >> 1))
            return 1;
        prev = cur;
        cur = next;
    }
    return 0;
}

/* --------------------------------------------------- fangqi_board.c */

/* The game's data after its options (create): the points' coordinates,
 * neighbours, keys and move targets, and with `tabled` the tables of rows
 * and columns (hsize bytes of rows' after the move targets). */
MG_HIDDEN void mg__fq_tables(fq *f, int tabled, size_t hsize);
/* Is the stone on p in a square of its seat's (rules §4.2.5)? */
MG_HIDDEN int mg__fq_protected_stone(const fq *f, const fstate *s, int p);
/* Are all of `seat`'s stones protected? */
MG_HIDDEN int mg__fq_all_protected(const fq *f, const fstate *s, int seat);
/* The squares of `seat` on the board. */
MG_HIDDEN int mg__fq_count_squares(const fq *f, const fstate *s, int seat);
/* The REMOVE actions of the player to move (pending > 0), ascending. */
MG_HIDDEN int32_t mg__fq_list_removals(const fq *f, const fstate *s,
                                       int32_t *buf);
/* Is from -> to (same row or column, both on the board) a legal move of
 * the stone on from? */
MG_HIDDEN int mg__fq_move_ok(const fq *f, const fstate *s, int from, int to);
/* The MOVE actions of the player to move, ascending; whether there is
 * one. */
MG_HIDDEN int32_t mg__fq_list_moves(const fq *f, const fstate *s,
                                    int32_t *buf);
MG_HIDDEN int mg__fq_can_move(const fq *f, const fstate *s);
/* Encirclement (the option): removes the opponent chains next to `to`
 * left without an empty orthogonal neighbour, marking their points in
 * `removed`; returns the number of stones removed. */
MG_HIDDEN int mg__fq_encircle(const fq *f, fstate *s, int to,
                              unsigned char *removed);
/* For MG__ASSERT_SLOW: 1 when the stone counts and the stones' Zobrist
 * hash in s are those of its stones. */
MG_HIDDEN int mg__fq_consistent(const fq *f, const fstate *s);
/* The hash of the header (everything but the stones; fangqi.c). */
MG_HIDDEN uint64_t mg__fq_header_hash(const fstate *s);

/* -------------------------------------------------- fangqi_policy.c */

/* ops->policy_playout_result and ops->policy_priors (internal.h): the
 * playout and the priors of the squares one action away (rules §4). */
MG_HIDDEN int32_t mg__fq_policy_playout_result(const mg_game *g,
                                               const void *st, void *work,
                                               int32_t *scratch,
                                               uint64_t *rng, int32_t max,
                                               int32_t *winner,
                                               int32_t *scores);
MG_HIDDEN void mg__fq_policy_priors(const mg_game *g, const void *st,
                                    const int32_t *actions, int32_t n,
                                    int64_t *out);

/* ------------------------------------------------ fangqi_notation.c */

/* The ops action_name and action_parse. */
MG_HIDDEN void mg__fq_action_name(const mg_game *g, int32_t a, mg__sb *sb);
MG_HIDDEN int mg__fq_action_parse(const mg_game *g, const char *t, size_t n,
                                  int32_t *action, char *err, size_t errcap);

/* -------------------------------------------------- fangqi_render.c */

/* The op render. */
MG_HIDDEN void mg__fq_render(const mg_game *g, const void *st, int format,
                             mg__sb *sb);

/* ------------------------------------------------ fangqi_position.c */

/* The position ops (internal.h) and the observation planes' names,
 * MG__FQ_PLANES of them, NULL-terminated. */
#define MG__FQ_PLANES 12
MG_HIDDEN extern const char *const mg__fq_planes[MG__FQ_PLANES + 1];
/* The solver's hooks: win/draw/loss, the symmetry image. */
MG_HIDDEN extern const mg__solver_ops mg__fq_solver;
MG_HIDDEN int32_t mg__fq_num_sites(const mg_game *g);
MG_HIDDEN void mg__fq_site_info(const mg_game *g, int32_t site, int *kind,
                                double *x, double *y);
MG_HIDDEN int mg__fq_site_neighbors(const mg_game *g, int32_t site,
                                    int32_t *nbrs);
MG_HIDDEN void mg__fq_site_name(const mg_game *g, int32_t site, mg__sb *sb);
MG_HIDDEN void mg__fq_action_sites(const mg_game *g, int32_t action,
                                   int32_t *from, int32_t *to);
MG_HIDDEN int mg__fq_site_owner(const mg_game *g, const void *st,
                                int32_t site);
MG_HIDDEN void mg__fq_site_owners(const mg_game *g, const void *st,
                                  int8_t *buf);
MG_HIDDEN void mg__fq_observe(const mg_game *g, const void *st, int player,
                              float *buf);

/* Why an action is refused, why the game ended (1.5; fangqi_explain.c; see
 * ops->illegal_reason and ops->end_reason in internal.h). */
MG_HIDDEN void mg__fq_illegal_reason(const mg_game *g, const void *st,
                                   int32_t action, mg__sb *sb);
MG_HIDDEN void mg__fq_end_reason(const mg_game *g, const void *st,
                               mg__sb *sb);

#endif
