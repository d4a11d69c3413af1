/*
 * board_search.h - the search behind mg_board_generate(); never installed.
 *
 * Finds the playing group of a two-group transcendental solution: for the
 * Octopuszle (doc/rules.md §1.1) 255 8-connected square cells whose
 * neighbour masks are exactly the 255 non-zero 8-bit masks; for the China
 * Labyrinth (doc/rules.md §2.1) 63 connected hex cells (axial coordinates)
 * whose masks are exactly the 63 non-zero 6-bit masks.  The blank tile is
 * not placed.
 */
#ifndef MG_BOARD_SEARCH_H
#define MG_BOARD_SEARCH_H

#include "internal.h"

/* Find a group for `kind` (MG_BOARD_OCTOPUSZLE: 255 cells;
 * MG_BOARD_LABYRINTH: 63 cells) and write the cells' coordinates into
 * x[i], y[i] (room for 255 or 63 entries).  Cells come out sorted by y,
 * then x; coordinates are within -30 ... 29 (the full tile is at 0, 0);
 * the caller normalises.
 *
 * Deterministic in (kind, seed) on every platform (integer arithmetic and
 * the library's splitmix64 only); different seeds give unrelated boards.
 * Restarts internally until it succeeds, so it never fails for a valid
 * kind.  Thread-safe: no global mutable state; one heap workspace of about
 * 90 KiB per call, under 2 KiB of stack.  Implemented in board_search.c.
 *
 * Returns MG_OK, MG_EINVAL (bad kind, or x or y NULL) or MG_ENOMEM. */
MG_HIDDEN int mg__board_search(int kind, uint64_t seed, int32_t *x,
                               int32_t *y);

#endif /* MG_BOARD_SEARCH_H */
