/*
 * solver.h - the solver's object, shared by solver.c (the public face:
 * creation, the memory block, solve, values, bounds, the budget's clock)
 * and solver_search.c (the generic search).  Never installed.
 *
 * A solver is one block of exactly the bytes it was given: this struct,
 * a state of the game laid out in the block (mg__state_place), then
 * either the game's own engine (mg__solver_ops.engine_*) or the generic
 * search's buffers and its transposition table.  Nothing is allocated
 * after mg_solver_new.
 */
#ifndef MG_SOLVER_H
#define MG_SOLVER_H

#include "internal.h"

/* A generic table entry: the Zobrist hash and a verification key over
 * the position blob (a false hit needs both 64-bit keys to collide), two
 * proven bounds, the best action in the canonical orientation. */
typedef struct mg__gentry {
    uint64_t hash, verify;
    int32_t lo, hi;
    int32_t best;
    uint16_t work;
    uint8_t used, spare;
} mg__gentry;

#define MG__GWAYS 2

struct mg_solver {
    const mg_game *g;
    uint64_t identity;
    size_t bytes;
    const mg__solver_ops *ops; /* NULL: win/draw/loss */
    int kind;                  /* MG__VALUE_* */
    void *engine;              /* the game's engine, or NULL */
    mg_state *work;
    int32_t *legal;            /* max_legal: mg_solver_values */
    /* the generic search */
    mg__gentry *tt;
    uint64_t nbuckets;
    int32_t *stack;            /* the move lists of the current path */
    size_t stack_cap, sp;
    uint32_t *history;         /* per action: the history heuristic */
    unsigned char *img, *img2; /* symmetry images (state_size each) */
    int32_t *inv;              /* inverse of each symmetry */
    int32_t nsym;              /* 1 without sym_position, sym_keys */
    mg__budget budget;
    int abort, horizon;
    /* the last result */
    int have;
    int32_t lo, hi;
    int proven;                /* mg__solver_proven: best achieves lo */
    int32_t best;
};

/* solver_search.c: the generic search of the position in sv->work (not
 * over), in final-margin units (or win/draw/loss) for the player to
 * move: proven bounds and the best action found; MG_OK when exact.
 * `remaining`: most actions left (0: unknown). */
MG_HIDDEN int mg__generic_solve(mg_solver *sv, int32_t remaining,
                                int32_t *lo, int32_t *hi, int32_t *best);
/* The value of a finished position for `player` (final-margin units). */
MG_HIDDEN int32_t mg__solver_terminal(const mg_solver *sv, int player);
/* huge_pages.c: ask for huge pages behind the n bytes at p (a hint). */
MG_HIDDEN void mg__advise_huge(void *p, size_t n);

#endif /* MG_SOLVER_H */
