/*
 * board.h - the board object shared by board.c (building, validation,
 * format, queries), board_render.c and board_search.c.  Never installed.
 */
#ifndef MG_BOARD_H
#define MG_BOARD_H

#include "internal.h"

#define MG__BOARD_MAX_CELLS 255
#define MG__BOARD_MAX_SIDE 512 /* largest picture the parser accepts */

struct mg_board {
    int kind;                  /* MG_BOARD_OCTOPUSZLE or MG_BOARD_LABYRINTH */
    int nd;                    /* directions: 8 or 6 */
    int32_t n;                 /* playing cells: 255 or 63 */
    int32_t w, h;              /* extent of the playing cells */
    int32_t bx, by;            /* the blank (may lie outside 0..w, 0..h) */
    int32_t x[MG__BOARD_MAX_CELLS], y[MG__BOARD_MAX_CELLS];
    uint8_t mask[MG__BOARD_MAX_CELLS], cls[MG__BOARD_MAX_CELLS];
    int16_t nbr[MG__BOARD_MAX_CELLS][8]; /* cell per direction, or -1 */
    int16_t *at;               /* w*h: cell index or -1 */
    uint64_t fingerprint;
};

/* 256 or 64 tiles for a kind, 0 for anything else. */
MG_HIDDEN int mg__board_tiles(int kind);
/* Direction vectors (rules §1.1 / 2.1 order); returns their number. */
MG_HIDDEN int mg__board_dirs(int kind, const int8_t **dx, const int8_t **dy);
/* Smallest mask of the dihedral class of `mask` over nd directions. */
MG_HIDDEN int mg__pattern_class(unsigned mask, int nd);
/* Validate tile positions and build a board (MG_EBOARD with a message
 * naming the first violation). */
MG_HIDDEN int mg__board_build(mg_board **out, int kind, const int32_t *xs,
                              const int32_t *ys, int32_t count, int32_t bx,
                              int32_t by, char *err, size_t errcap);

#endif
