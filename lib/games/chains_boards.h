/*
 * chains_boards.h - the ten boards of Chains of Thought (rules §5.1):
 * points, neighbour slots, names and drawing positions.  Never installed.
 */
#ifndef MG_CHAINS_BOARDS_H
#define MG_CHAINS_BOARDS_H

#include "internal.h"

#define MG__COT_MAXP 361 /* square19 */
#define MG__COT_MAXD 8   /* square boards */

#define MG__COT_UNIT_PX 40   /* drawing: pixels per unit of length */
#define MG__COT_MARGIN_PX 30 /* drawing: the margin around the points */

enum { MG__COT_HEX, MG__COT_SQUARE, MG__COT_TRISQUARE };

/* Board values of the `board` option, in option-table order. */
enum {
    MG__COT_HEX4, MG__COT_HEX7, MG__COT_HEX11,
    MG__COT_SQUARE6, MG__COT_SQUARE9, MG__COT_SQUARE13, MG__COT_SQUARE19,
    MG__COT_TRISQUARE4, MG__COT_TRISQUARE6, MG__COT_TRISQUARE8,
    MG__COT_NBOARDS
};

/* Their names ("hex4" ...), NULL-terminated: the values of the option. */
MG_HIDDEN extern const char *const mg__cot_board_names[MG__COT_NBOARDS + 1];

typedef struct mg__cot_board {
    int kind;                /* MG__COT_HEX, _SQUARE, _TRISQUARE */
    int n;                   /* the size in the board's name */
    int32_t P, D;            /* points; neighbour slots per point */
    /* Neighbour slots (-1: none).  Hex: E NE NW W SW SE (rules §0); square:
     * E NE N NW W SW S SE; trisquare: counter-clockwise from east, then
     * -1 up to D.  STEP(f, slot) goes to nbr[f][slot]. */
    int16_t nbr[MG__COT_MAXP][MG__COT_MAXD];
    uint8_t deg[MG__COT_MAXP];
    /* The same neighbours packed: adj[p][0 .. deg[p]-1]. */
    int16_t adj[MG__COT_MAXP][MG__COT_MAXD];
    /* Names (hex and square): column and row from the minimum, and the
     * point at (column, row) in at[row * cols + col], -1 where none. */
    int named;
    int32_t cols, rows;
    int16_t col[MG__COT_MAXP], row[MG__COT_MAXP];
    int16_t at[21 * 21];     /* hex11 spans 21 x 21; square19 19 x 19 */
    /* Text picture: line (0 = bottom) and character column of each point;
     * `label_col[c]` is where column c's letter goes on the line below
     * the picture (named boards), everything shifted to start at 0. */
    int32_t tlines, twidth;
    int16_t tline[MG__COT_MAXP], tcol[MG__COT_MAXP];
    int16_t label_col[21];
    /* Site positions (mg_game_site_position): in the SVG's plane, x right,
     * y down, neighbouring points 1 apart, the smallest x and y 0; exact
     * from the construction (hex: x = q + r/2 + n - 1, y = (n - 1 - r)
     * sqrt(3)/2; square: x, n - 1 - y; trisquare: the rotated points). */
    double x[MG__COT_MAXP], y[MG__COT_MAXP];
    /* Drawing: pixel positions (y down), MG__COT_MARGIN_PX +
     * MG__COT_UNIT_PX * (x, y) rounded, and the picture's size. */
    int32_t px[MG__COT_MAXP], py[MG__COT_MAXP];
    int32_t width, height;
} mg__cot_board;

/* Build board `which` (MG__COT_HEX4 ...).  Returns MG_OK, or MG_EVALUE when
 * the geometry does not come out as rules §5.1 says (never expected). */
MG_HIDDEN int mg__cot_board_build(mg__cot_board *b, int which);

#endif
