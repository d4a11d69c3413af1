/*
 * china.h - what the files of the four China games share (china.c the
 * rules, china_step.h their inline steps, china_playout.c the playouts,
 * china_text.c notation and pictures, china_position.c sites and
 * observations): the game's data, the position's layout and the turn's
 * placement test.  Never installed.
 */
#ifndef MG_CHINA_H
#define MG_CHINA_H

#include "internal.h"

#include <string.h>

#define MAXC 255 /* cells of an Octopuszle board */
#define MAXK 32  /* classes: 29 patterns on the Octopuszle */
#define CW 4     /* 64-bit words of a set of cells (MAXC <= 256) */

enum { V_SQUARES, V_OCTANGLE, V_TANGLE, V_GROVE };
enum { MODE_PATTERN, MODE_NUMBER };
enum { ORDER_FREE, ORDER_ASCENDING };

typedef struct china {
    int variant, maximal, symple, penalty, ascending, number;
    int32_t n; /* cells */
    int base;  /* per-turn maximum is base - beams */
    int32_t done_action, swap_action;
    uint8_t beams[MAXC];
    uint8_t klass[MAXC];      /* the cell's class index */
    int32_t nk;               /* number of classes */
    int32_t kstart[MAXK + 1]; /* class k: kcells[kstart[k] .. ] */
    int16_t kcells[MAXC];     /* cells of each class, ascending */
    int16_t kmask[MAXK];      /* class key: smallest mask or beams */
    int kind;                 /* the board's kind (MG_BOARD_*) */
    int16_t nbr[MAXC][8];     /* the board's neighbours, -1 padded */
    int32_t x[MAXC], y[MAXC]; /* the board's cell coordinates */
    int32_t maxy;             /* the largest y */
    uint64_t zstone[MAXC][2], zcolour[2], zswapped, zklass[MAXK], zplaced[16],
        zlast[MAXC], zturn[3];
    int32_t nw;                 /* words of a cell set in use: (n + 63) / 64 */
    uint64_t kbits[MAXK][CW];   /* each class's cells as a set */
    uint64_t nbits[MAXC][CW];   /* each cell's neighbours as a set */
    uint8_t sel8[256][8];       /* sel8[b][r]: the r-th set bit of byte b */
    uint8_t pc8[256];           /* pc8[b]: the set bits of byte b */
    uint8_t kpos[MAXC];         /* the cell's place in its class's list */
    int small;                  /* every class has at most 16 cells (kvac) */
} china;

/* The position.  Everything before vacant[] is the "header" that an undo
 * record saves whole; undo puts back the rest for the cell it empties
 * (vacant, kvac, vac, own, cell). */
typedef struct cstate {
    uint64_t hash;
    int32_t turn;   /* turns begun before this one (0: the first) */
    int8_t colour;  /* 0 White, 1 Black to move; -1 game over */
    int8_t swapped; /* seat = colour ^ swapped */
    int16_t placed; /* stones placed this turn */
    int16_t quota;  /* this turn's quota (placed > 0) */
    int16_t klass;  /* this turn's class (placed > 0) */
    int16_t last;   /* the last stone of this turn (placed > 0) */
    int16_t first;  /* the first stone of this turn (placed > 0; not in
                     * the hash: only the reasons name it) */
    int16_t vacant_total;
    int16_t stones[2];    /* per colour */
    int16_t vacant[MAXK]; /* vacant cells per class */
    uint16_t kvac[MAXK];  /* small classes: bit j, class cell j is vacant */
    uint64_t vac[CW];     /* vacant cells, a bit each (fast listing) */
    uint64_t own[2][CW];  /* each colour's stones, a bit each (groups) */
    int8_t cell[MAXC];    /* -1 vacant, else the colour */
} cstate;

#define HEADER_SIZE offsetof(cstate, vacant)

static inline const china *C(const mg_game *g)
{
    return (const china *)g->data;
}

/* May this turn stop before its quota (`done`)? */
static inline int may_stop(const china *c, const cstate *s)
{
    return !c->maximal || s->turn == 0;
}

/* Set bits of x: a SWAR count where the machine has no popcount
 * instruction (the generic build would call libgcc's per word). */
static inline int32_t bits_count(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int32_t)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* The cells of word w (cells 64w .. 64w + 63) above index `after`. */
static inline uint64_t above_mask(int w, int32_t after)
{
    int32_t base = 64 * w;
    if (after < base)
        return ~0ULL;
    if (after >= base + 63)
        return 0;
    return ~1ULL << (after - base);
}

/* Vacant cells of class k with an index above `after`. */
static inline int32_t vacant_above(const china *c, const cstate *s, int32_t k,
                                   int32_t after)
{
    int32_t n = 0;
    int w;
    for (w = after < 0 ? 0 : after >> 6; w < c->nw; w++)
        n += bits_count(s->vac[w] & c->kbits[k][w] & above_mask(w, after));
    return n;
}

static inline int32_t quota_of(const china *c, const cstate *s, int32_t cell)
{
    int32_t q = c->base - c->beams[cell], v = s->vacant[c->klass[cell]];
    return q < v ? q : v;
}

/* Is placing on vacant `cell` legal now (game not over)? */
static inline int cell_legal(const china *c, const cstate *s, int32_t cell)
{
    int32_t need;
    if (s->cell[cell] >= 0)
        return 0;
    if (s->placed == 0) {
        /* ascending + mandatory: the rest of the quota must fit above */
        if (!c->ascending || may_stop(c, s))
            return 1;
        need = quota_of(c, s, cell) - 1;
    } else {
        if (c->klass[cell] != s->klass)
            return 0;
        if (!c->ascending)
            return 1;
        if (cell <= s->last)
            return 0;
        if (may_stop(c, s))
            return 1;
        need = s->quota - s->placed - 1;
    }
    return need <= 0 || vacant_above(c, s, c->klass[cell], cell) >= need;
}

/* china_score.c */
MG_HIDDEN int32_t mg__china_group_sizes(const mg_game *g, const cstate *s,
                                        int colour, int32_t *sizes);
MG_HIDDEN int32_t mg__china_score_colour(const mg_game *g, const cstate *s,
                                         int colour);
MG_HIDDEN int mg__china_winner(const mg_game *g, const void *st);
MG_HIDDEN void mg__china_result(const mg_game *g, const void *st,
                                int32_t *winner, int32_t *scores);
MG_HIDDEN int32_t mg__china_score(const mg_game *g, const void *st,
                                  int player);
MG_HIDDEN int mg__china_groups(const mg_game *g, const void *st, int player,
                               int32_t *buf, size_t cap, size_t *count);

/* china_features.c: the evaluation's features (1.6). */
MG_HIDDEN int32_t mg__china_num_features(const mg_game *g);
MG_HIDDEN void mg__china_features(const mg_game *g, const void *st,
                                  int player, float *buf);
MG_HIDDEN void mg__china_gains(const mg_game *g, const void *st,
                               const int32_t *actions, int32_t n,
                               int64_t *out);

/* china_playout.c: the playout op and the playout_result op (1.5) */
MG_HIDDEN int32_t mg__china_playout(const mg_game *g, void *st, uint64_t *rng,
                                    int32_t max, int32_t *hist,
                                    unsigned char *rec, size_t stride,
                                    int32_t *scratch);
MG_HIDDEN int32_t mg__china_playout_result(const mg_game *g, const void *st,
                                           void *work, int32_t *scratch,
                                           uint64_t *rng, int32_t max,
                                           int32_t *winner, int32_t *scores);

/* china_text.c */
MG_HIDDEN void mg__china_action_name(const mg_game *g, int32_t a, mg__sb *sb);
MG_HIDDEN int mg__china_action_parse(const mg_game *g, const char *t, size_t n,
                                     int32_t *action, char *err, size_t errcap);
MG_HIDDEN void mg__china_render(const mg_game *g, const void *st, int format,
                                mg__sb *sb);

/* china_position.c */
MG_HIDDEN int32_t mg__china_num_sites(const mg_game *g);
MG_HIDDEN void mg__china_site_info(const mg_game *g, int32_t site, int *kind,
                                   double *x, double *y);
MG_HIDDEN int mg__china_site_neighbors(const mg_game *g, int32_t site,
                                       int32_t *nbrs);
MG_HIDDEN void mg__china_site_name(const mg_game *g, int32_t site, mg__sb *sb);
MG_HIDDEN void mg__china_action_sites(const mg_game *g, int32_t action,
                                      int32_t *from, int32_t *to);
MG_HIDDEN int mg__china_site_owner(const mg_game *g, const void *st,
                                   int32_t site);
MG_HIDDEN void mg__china_site_owners(const mg_game *g, const void *st,
                                     int8_t *buf);
MG_HIDDEN void mg__china_observe(const mg_game *g, const void *st, int player,
                                 float *buf);
MG_HIDDEN extern const char *const mg__china_planes[];
#define MG__CHINA_PLANES 9
/* Set g's planes and their bounds (china_position.c; g->data set). */
MG_HIDDEN void mg__china_set_planes(mg_game *g);

/* Why an action is refused, why the game ended (1.5; china_explain.c; see
 * ops->illegal_reason and ops->end_reason in internal.h). */
MG_HIDDEN void mg__china_illegal_reason(const mg_game *g, const void *st,
                                   int32_t action, mg__sb *sb);
MG_HIDDEN void mg__china_end_reason(const mg_game *g, const void *st,
                               mg__sb *sb);

#endif
