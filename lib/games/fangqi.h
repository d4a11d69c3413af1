/*
 * fangqi.h - what the files of Fangqi (rules §4) share; never installed:
 * the game's data (fq), the position (fstate), the small inline helpers
 * of the board (coordinates, move slots, the 2x2 squares) and the
 * functions each file gives the others.
 *
 *   fangqi.c           options, create, the op table, the turns, apply
 *                      and undo
 *   fangqi_board.c     squares and protection, the removals and moves a
 *                      seat may make, encirclement
 *   fangqi_notation.c  action names and their parsing
 *   fangqi_render.c    the text and SVG pictures
 *   fangqi_position.c  the sites (the points), who holds them and the
 *                      observation planes (since 1.3)
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

enum { PH_PLACE, PH_REMOVE, PH_MOVE, PH_OVER };

/* The game's immutable data (g->data). */
typedef struct fq {
    int w, h, P, S;
    int rook, extra, cop, ko, enc, lose_below, limit;
    int allot[2];
    int16_t orth[MAXP][4]; /* orthogonal neighbours, -1 padded */
    uint64_t zcell[MAXP][2];
} fq;

/* The position; everything before cell[] is the header an undo record
 * keeps whole. */
typedef struct fstate {
    uint64_t zstones;      /* Zobrist of the stones, incremental */
    int32_t quiet;         /* movement plies since the last removal */
    int8_t phase, player, winner, stage;
    int16_t pending;       /* removals `player` still makes */
    int16_t stones[2], placed[2], squares[2];
    int16_t last_to;       /* the stone moved this turn, or -1 */
    int8_t nko[2];
    int16_t ko[2][4];      /* squares of each seat's last square move */
    int8_t cell[MAXP];     /* -1 empty, else the seat */
} fstate;

#define HEADER offsetof(fstate, cell)

static inline const fq *F(const mg_game *g)
{
    return (const fq *)g->data;
}

static inline int X(const fq *f, int p) { return p % f->w; }
static inline int Y(const fq *f, int p) { return p / f->w; }

/* The point MOVE(from, slot) goes to. */
static inline int slot_target(const fq *f, int from, int slot)
{
    int fx = X(f, from), fy = Y(f, from);
    if (slot < f->w - 1)
        return fy * f->w + (slot < fx ? slot : slot + 1);
    slot -= f->w - 1;
    return (slot < fy ? slot : slot + 1) * f->w + fx;
}

/* Is the 2x2 block with bottom-left b all `seat`, counting `to` as
 * `seat` and `from` as empty (pass -1 for either to ignore it)? */
static inline int block_of(const fq *f, const fstate *s, int b, int seat,
                           int to, int from)
{
    static const int dx[4] = {0, 1, 0, 1}, dy[4] = {0, 0, 1, 1};
    int k;
    for (k = 0; k < 4; k++) {
        int q = b + dx[k] + dy[k] * f->w;
        if (q == to)
            continue;
        if (q == from || s->cell[q] != seat)
            return 0;
    }
    return 1;
}

/* The blocks containing point p (bottom-left corners), up to 4. */
static inline int blocks_at(const fq *f, int p, int *out)
{
    int x = X(f, p), y = Y(f, p), n = 0, bx, by;
    for (by = y - 1; by <= y; by++)
        for (bx = x - 1; bx <= x; bx++)
            if (bx >= 0 && by >= 0 && bx < f->w - 1 && by < f->h - 1)
                out[n++] = by * f->w + bx;
    return n;
}

/* Squares `seat` completes by having a stone on `to` (with `from` empty);
 * their corners into sq when not NULL. */
static inline int completed(const fq *f, const fstate *s, int seat, int to,
                            int from, int *sq)
{
    int b[4], nb = blocks_at(f, to, b), i, n = 0;
    for (i = 0; i < nb; i++)
        if (block_of(f, s, b[i], seat, to, from)) {
            if (sq)
                sq[n] = b[i];
            n++;
        }
    return n;
}

/* --------------------------------------------------- fangqi_board.c */

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

#endif
