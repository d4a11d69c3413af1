/*
 * chains_of_thought.h - what the files of Chains of Thought (rules §5)
 * share; never installed: the game's data (cot), the layout of a position
 * (chdr and the arrays after it), the chains of a position (scan), the
 * small inline helpers of apply and the removals, and the functions each
 * file gives the others.
 *
 *   chains_of_thought.c  options, create, the op table, apply and undo
 *   chains_analysis.c    the chains of a position, the legal actions
 *   chains_removal.c     the removals after an action
 *   chains_notation.c    action names and their parsing
 *   chains_render.c      the text and SVG pictures
 *   chains_position.c    the sites and observations (1.3)
 *   chains_boards.c      the ten boards (chains_boards.h)
 *
 * Actions (rules §5.3; P points, D neighbour slots per point,
 * chains_boards.h):
 * PLACE(s) = s ("d4"), STEP(f, slot) = P + f * D + slot ("d4-e5"), where
 * the step goes to the neighbour in that slot.
 */
#ifndef MG_CHAINS_OF_THOUGHT_H
#define MG_CHAINS_OF_THOUGHT_H

#include "chains_boards.h"

#define MAXP MG__COT_MAXP
#define MAXD MG__COT_MAXD

/* Values of the options goal, placement, movement and removal, in
 * option-table order. */
enum { GOAL_LARGEST, GOAL_STALEMATE };
enum { PLACE_SUM_EQUAL, PLACE_NOT_SELF_ADJACENT };
enum { MOVE_EXCEPT_LARGEST, MOVE_MUST_MERGE };
enum { REMOVE_ADJACENT, REMOVE_NONE, REMOVE_LUDII };

/* The game's immutable data (g->data). */
typedef struct cot {
    mg__cot_board b;
    int which; /* the board option */
    int goal, placement, movement, removal;
    int32_t P, D;
    uint64_t zstone[MAXP][2];
    uint64_t zside;
} cot;

/* The position: this header, then one byte per point (-1 empty, else the
 * seat), then for each seat and point the number of that seat's stones
 * next to the point (P bytes per seat), then the chains of the position
 * as mg__cot_label_chains() finds them (apply() needs them anyway;
 * legal() reads them back; undo() counts them again).  All of it is a
 * function of the stones, so equal positions have equal bytes.  An undo
 * record is the header followed by a bitset of the points whose stones
 * the action removed. */
typedef struct chdr {
    uint64_t hash;    /* stones, and the side key when seat 1 is to move */
    int8_t player;    /* to move; when over, the seat that could not */
    int8_t over;
    int8_t winner;    /* when over: 0, 1 or MG_DRAW */
    int8_t pad;
    int16_t stones[2];
} chdr;

#define HDR sizeof(chdr)

/* The chains of a position: labels by point, the rest by chain. */
typedef struct scan {
    int16_t label[MAXP]; /* chain of each stone; -1 on empty points */
    int16_t size[MAXP];  /* by chain */
    int8_t owner[MAXP];  /* by chain */
    int16_t nch;         /* chains of both seats */
    int16_t big[2];      /* largest chain per seat, 0 when none */
    int16_t nbig[2];     /* how many chains have that size */
    int16_t bigid[2];    /* the last of them */
} scan;

static inline const cot *C(const mg_game *g)
{
    return (const cot *)g->data;
}

static inline int8_t *cells(void *st)
{
    return (int8_t *)st + HDR;
}

static inline const int8_t *ccells(const void *st)
{
    return (const int8_t *)st + HDR;
}

/* Neighbour counts: seat 0's at [0, P), seat 1's at [P, 2P). */
static inline uint8_t *counts(const cot *c, void *st)
{
    return (uint8_t *)st + HDR + c->P;
}

static inline const uint8_t *ccounts(const cot *c, const void *st)
{
    return (const uint8_t *)st + HDR + c->P;
}

/* Put a stone of `seat` on the empty point p, or take `seat`'s stone
 * away from p, keeping the counts. */
static inline void put(const cot *c, int8_t *cell, uint8_t *cnt, int p,
                       int seat)
{
    uint8_t *n = cnt + seat * c->P;
    int k;
    assert(p >= 0 && p < c->P && cell[p] < 0);
    cell[p] = (int8_t)seat;
    for (k = 0; k < c->b.deg[p]; k++)
        n[c->b.adj[p][k]]++;
}

static inline void take(const cot *c, int8_t *cell, uint8_t *cnt, int p,
                        int seat)
{
    uint8_t *n = cnt + seat * c->P;
    int k;
    assert(p >= 0 && p < c->P && cell[p] == seat);
    cell[p] = -1;
    for (k = 0; k < c->b.deg[p]; k++)
        n[c->b.adj[p][k]]--;
}

/* The chains in the state: 8 int16 (nch, big, nbig, bigid), then label[P]
 * and size[P] (int16), then owner[P]; entries past nch are zero. */
static inline size_t cache_off(const cot *c)
{
    return (HDR + 3 * (size_t)c->P + 1) & ~(size_t)1;
}

static inline size_t cache_size(const cot *c)
{
    return 16 + 5 * (size_t)c->P;
}

/* ------------------------------------------------ chains_analysis.c */

/* Label the chains of the stones in cell (a flood fill). */
MG_HIDDEN void mg__cot_label_chains(const cot *c, const int8_t *cell,
                                    scan *sc);
/* Store sc as the chains of the position in st, or read them back. */
MG_HIDDEN void mg__cot_store_chains(const cot *c, void *st, const scan *sc);
MG_HIDDEN void mg__cot_get_chains(const cot *c, const void *st, scan *sc);
/* The chain sizes of `seat` into out (room for P); returns their number. */
MG_HIDDEN int32_t mg__cot_seat_sizes(const scan *sc, int seat,
                                     int32_t *out);
/* The legal actions of `me` ascending into buf (NULL: 1 when there is
 * one, else 0), given the chains sc of the stones in cell. */
MG_HIDDEN int32_t mg__cot_list_actions(const cot *c, const int8_t *cell,
                                       const uint8_t *cnt, const scan *sc,
                                       int me, int32_t *buf);
/* For MG__ASSERT_SLOW: 1 when everything st keeps besides the stones (the
 * stone counts, the neighbour counts, the hash, the stored chains) is
 * what the stones give. */
MG_HIDDEN int mg__cot_consistent(const cot *c, const void *st);
/* Rule 2 (rules §5.2, movement=merge_except_largest): the label of the
 * chain of `me`'s that may not step nor be stepped next to (its unique
 * largest, when larger than every opponent chain), else -1. */
MG_HIDDEN int mg__cot_frozen_chain(const cot *c, const scan *sc, int me);
/* Is PLACE s legal for `me` (s empty), by the placement option? */
MG_HIDDEN int mg__cot_place_ok(const cot *c, const int8_t *cell,
                               const scan *sc, int s, int me);
/* The ops legal and is_legal. */
MG_HIDDEN int32_t mg__cot_legal(const mg_game *g, const void *st,
                                int32_t *buf);
MG_HIDDEN int mg__cot_is_legal(const mg_game *g, const void *st, int32_t a);

/* ------------------------------------------------- chains_removal.c */

/* removal=adjacent (rules §5.2): after `me` acted, rounds of removals of
 * the opponent's stones next to a larger chain of `me`'s, until none;
 * updates the hash and the stone count in h and marks the points in
 * `removed`.  sc labels the position before, and on return after. */
MG_HIDDEN void mg__cot_remove_adjacent(const cot *c, chdr *h, int8_t *cell,
                                       uint8_t *cnt, int me,
                                       unsigned char *removed, scan *sc);
/* removal=ludii (rules §5.2): Ludii's procedure after `me` acted, `last`
 * being the stone placed or the step's target; the same conventions. */
MG_HIDDEN void mg__cot_remove_ludii(const cot *c, chdr *h, int8_t *cell,
                                    uint8_t *cnt, int me, int last,
                                    unsigned char *removed, scan *sc);

/* ------------------------------------------------ chains_notation.c */

/* The point's name (rules §0, §5.3: "d4", or "#12" on the trisquare
 * boards). */
MG_HIDDEN void mg__cot_point_name(const cot *c, int p, mg__sb *sb);
/* The ops action_name and action_parse. */
MG_HIDDEN void mg__cot_action_name(const mg_game *g, int32_t a, mg__sb *sb);
MG_HIDDEN int mg__cot_action_parse(const mg_game *g, const char *t, size_t n,
                                   int32_t *action, char *err,
                                   size_t errcap);

/* ------------------------------------------------ chains_position.c */

/* The observation planes (their names, NULL-terminated). */
#define MG__COT_PLANES 8
MG_HIDDEN extern const char *const mg__cot_planes[MG__COT_PLANES + 1];
/* The position ops (internal.h): sites are the points. */
MG_HIDDEN int32_t mg__cot_num_sites(const mg_game *g);
MG_HIDDEN void mg__cot_site_info(const mg_game *g, int32_t site, int *kind,
                                 double *x, double *y);
MG_HIDDEN int mg__cot_site_neighbors(const mg_game *g, int32_t site,
                                     int32_t *nbrs);
MG_HIDDEN void mg__cot_site_name(const mg_game *g, int32_t site, mg__sb *sb);
MG_HIDDEN void mg__cot_action_sites(const mg_game *g, int32_t action,
                                    int32_t *from, int32_t *to);
MG_HIDDEN int mg__cot_site_owner(const mg_game *g, const void *st,
                                 int32_t site);
MG_HIDDEN void mg__cot_site_owners(const mg_game *g, const void *st,
                                   int8_t *buf);
MG_HIDDEN void mg__cot_observe(const mg_game *g, const void *st, int player,
                               float *buf);

/* -------------------------------------------------- chains_render.c */

/* The op render. */
MG_HIDDEN void mg__cot_render(const mg_game *g, const void *st, int format,
                              mg__sb *sb);

#endif
