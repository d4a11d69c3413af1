/*
 * dots_and_boxes.h - the private header of Dots and Boxes (doc/rules.md
 * §3): the game's immutable data (struct dab), the layout of its state
 * blob with its accessors, and what its files share.  Never installed.
 *
 *   dots_and_boxes.c           options, create/destroy, the rules, the ops
 *   dots_and_boxes_geometry.c  the board: dots, cells, lines, borders
 *   dots_and_boxes_notation.c  dot and line names, parsing lines
 *   dots_and_boxes_render.c    the text and SVG pictures
 *   dots_and_boxes_position.c  the sites and observations (1.3)
 *   dots_and_boxes_solver*.c   the solver's value and exact engine (1.4)
 *   dots_and_boxes_policy.c    the knowledge playout and priors (1.6)
 */
#ifndef MG_DOTS_AND_BOXES_H
#define MG_DOTS_AND_BOXES_H

#include "internal.h"

#include <stdlib.h>
#include <string.h>

enum { GRID_SQUARE, GRID_TRIANGLE, GRID_HEXAGON };
enum { SHAPE_TRIANGLE, SHAPE_HEXAGON };
enum { BORDER_NONE, BORDER_SWEDISH, BORDER_ICELANDIC };

#define MAX_SIDES 6
#define MAX_DOT_LINES 6

/* Screen directions of the text rendering: line from a dot to its
 * neighbour at (+1,0), (0,+1) or (-1,+1). */
enum { DIR_E, DIR_N, DIR_NW, N_DIRS };

/* Every board is a plane graph built from its cells (polygons of dot
 * coordinates): dots sorted bottom row first, lines sorted by their dots'
 * indices (so a line's index is its action id, rules §3.4), and for every
 * line the one or two cells it borders. */
typedef struct dab {
    int grid, border, misere;
    int32_t ndots, nlines, ncells, moves;
    int32_t w, h;             /* extent of normalised dot coordinates */
    int32_t *dot_x, *dot_y;   /* normalised: minimum 0 */
    int32_t *dot_at;          /* w*h -> dot or -1 */
    int32_t *dot_lines;       /* ndots * MAX_DOT_LINES, -1 padded */
    int32_t *dot_dir;         /* ndots * N_DIRS: line towards dir or -1 */
    int32_t *line_dots;       /* nlines * 2, lower index first */
    int32_t *line_cells;      /* nlines * 2, -1 padded */
    unsigned char *predrawn;  /* per line */
    int32_t *cell_nsides;
    int32_t *play_cells;      /* line_cells with the spare cell for -1 */
    int32_t *play_nsides;     /* cell_nsides, then -1 for the spare cell */
    int32_t *cell_dots;       /* ncells * MAX_SIDES, polygon order */
    int32_t *cell_lines;      /* ncells * MAX_SIDES */
    int32_t *mark_order;      /* cells sorted by text mark (row, col) */
    int32_t *mark_row, *mark_col;
    int32_t *svg_x, *svg_y;   /* per dot, tenths of a pixel */
    int32_t svg_w, svg_h;     /* the picture's body, tenths of a pixel */
    /* per dot, integers proportional to its place in the plane (x right,
     * y up; minimum 0; the scales per grid are in
     * dots_and_boxes_position.c); ky_max the largest dot_ky */
    int32_t *dot_kx, *dot_ky;
    int32_t ky_max;
    int32_t *box_cell;        /* the box sites in order: site nlines + i */
    int32_t *cell_box;        /* is box_cell[cell_box[cell]] */
    uint64_t *zline, *zcell;  /* zcell: ncells * 2 */
    uint64_t zturn, zturn0;
    uint64_t zplayer[3];      /* turn keys by player + 1 (MG_NOBODY: 0) */
    uint32_t *play_pair;      /* per line: play_cells packed, c0 | c1 << 16 */
    int32_t nsides;           /* every cell's (the grids are uniform) */
    int32_t nwords;           /* words of the undrawn-line bit set */
    /* for listing a nibble of the bit set without a branch: its set
     * bits' places ascending (4 written, count of them real) */
    int32_t nib_bits[16][4];
    int32_t nib_count[16];
    /* the same for a byte, as 16-bit places (mg_state_playout_result's
     * list of undrawn lines: 8 written, count of them real) */
    uint16_t byte_bits[256][8];
    unsigned char byte_count[256];
    size_t bits_off;          /* its offset in the state blob */
} dab;

/* The state blob: a header, then drawn[nlines], sides[ncells + 1],
 * owner[ncells + 1] (signed char, -1 = nobody), then (8-aligned, at
 * d->bits_off) the undrawn lines as a bit set of d->nwords words: bit l
 * is set exactly when drawn[l] is 0 (UNDRAWN; what legal and is_legal
 * read).  drawn[l] is 0 for an
 * undrawn line, s + 1 for a line seat s drew, DRAWN_BEFORE for a line a
 * border drew before the game (rules §3.3): drawn[l] - 1 is who holds
 * the line (MG_NOBODY, 0, 1, MG_NEUTRAL), and nonzero means drawn.  The
 * spare cell ncells stands for "no cell" on border lines in the playout,
 * which so needs no branch; between calls its side count is 0 and its
 * owner -1. */
#define DRAWN_BEFORE (MG_NEUTRAL + 1)

typedef struct dab_state {
    uint64_t hash;
    int32_t player;           /* 0, 1, or MG_NOBODY when over */
    int32_t remaining;        /* lines still undrawn */
    int32_t score[2];
} dab_state;

/* The arrays after the header; the C* forms for a read-only state. */
#define DRAWN(d, st) ((unsigned char *)(st) + sizeof(dab_state))
#define SIDES(d, st) (DRAWN(d, st) + (d)->nlines)
#define OWNER(d, st) ((signed char *)(SIDES(d, st) + (d)->ncells + 1))
#define CDRAWN(d, st) ((const unsigned char *)(st) + sizeof(dab_state))
#define CSIDES(d, st) (CDRAWN(d, st) + (d)->nlines)
#define COWNER(d, st)                                                         \
    ((const signed char *)(CDRAWN(d, st) + (d)->nlines + (d)->ncells + 1))
#define UNDRAWN(d, st) ((uint64_t *)(void *)((unsigned char *)(st) + (d)->bits_off))
#define CUNDRAWN(d, st)                                                       \
    ((const uint64_t *)(const void *)((const unsigned char *)(st) +           \
                                      (d)->bits_off))

/* Set the undrawn-line bit set of st from its drawn[] bytes (for code
 * that writes drawn[] directly, e.g. an image of a position). */
static inline void mg__dab_sync_undrawn(const struct dab *d, void *st)
{
    const unsigned char *drawn = (const unsigned char *)st + sizeof(dab_state);
    uint64_t *und = UNDRAWN(d, st);
    int32_t l;
    memset(und, 0, (size_t)d->nwords * sizeof *und);
    for (l = 0; l < d->nlines; l++)
        und[l >> 6] |= (uint64_t)(drawn[l] == 0) << (l & 63);
}

static inline const dab *D(const mg_game *g)
{
    return (const dab *)g->data;
}

/* calloc of n (>= 0) elements, never of 0 bytes. */
static inline void *dab_zalloc(int64_t n, size_t size)
{
    return calloc(n > 0 ? (size_t)n : 1, size);
}

#define ALLOC(p, n) ((p) = dab_zalloc((n), sizeof *(p)))

/* dots_and_boxes_geometry.c: build the board of d->grid and d->border
 * (shape, rows and cols or size as the grid takes them) into d: dots,
 * cells, lines, the text marks, the SVG and plane layouts, the lines
 * drawn before the first move (rules §3.3), d->moves and the order of the
 * box sites.  MG_OK or MG_ENOMEM (the caller frees what was allocated). */
MG_HIDDEN int mg__dab_build(dab *d, int shape, int32_t rows, int32_t cols,
                            int32_t size);

/* dots_and_boxes.c: the winner op (0, 1, MG_DRAW or MG_NOBODY). */
MG_HIDDEN int mg__dab_winner(const mg_game *g, const void *st);

/* dots_and_boxes_notation.c: a dot's name ("a1"), a line's ("a1-b1"),
 * and the parse op. */
MG_HIDDEN void mg__dab_dot_name(const dab *d, int32_t dot, mg__sb *sb);
MG_HIDDEN void mg__dab_action_name(const mg_game *g, int32_t a, mg__sb *sb);
MG_HIDDEN int mg__dab_action_parse(const mg_game *g, const char *t, size_t n,
                                   int32_t *action, char *err,
                                   size_t errcap);

/* dots_and_boxes_render.c: the render op (text or SVG). */
MG_HIDDEN void mg__dab_render(const mg_game *g, const void *st, int format,
                              mg__sb *sb);

/* dots_and_boxes_position.c: the position ops (1.3) and the names of the
 * observation planes. */
#define MG__DAB_PLANES 6
MG_HIDDEN extern const char *const mg__dab_planes[MG__DAB_PLANES + 1];
MG_HIDDEN int32_t mg__dab_num_sites(const mg_game *g);
MG_HIDDEN void mg__dab_site_info(const mg_game *g, int32_t site, int *kind,
                                 double *x, double *y);
MG_HIDDEN int mg__dab_site_neighbors(const mg_game *g, int32_t site,
                                     int32_t *nbrs);
MG_HIDDEN void mg__dab_site_name(const mg_game *g, int32_t site, mg__sb *sb);
MG_HIDDEN void mg__dab_action_sites(const mg_game *g, int32_t action,
                                    int32_t *from, int32_t *to);
MG_HIDDEN int mg__dab_site_label(const mg_game *g, int32_t site);
MG_HIDDEN int mg__dab_site_owner(const mg_game *g, const void *st,
                                 int32_t site);
MG_HIDDEN void mg__dab_site_owners(const mg_game *g, const void *st,
                                   int8_t *buf);
MG_HIDDEN void mg__dab_observe(const mg_game *g, const void *st, int player,
                               float *buf);

/* dots_and_boxes_policy.c: the knowledge playout and priors (1.6; see
 * ops->policy_playout_result and ops->policy_priors in internal.h); they
 * label at most MG__DAB_POLICY_CELLS cells on the stack (every board's
 * cells fit: 32 x 32 squares, 1536 triangles; asserted in create). */
#define MG__DAB_POLICY_CELLS 2048
MG_HIDDEN int32_t mg__dab_policy_playout_result(const mg_game *g,
                                                const void *st, void *work,
                                                int32_t *scratch,
                                                uint64_t *rng, int32_t max,
                                                int32_t *winner,
                                                int32_t *scores);
/* The policy's next line in st (normal play, not over; scratch: room
 * for max_legal ids), or -1 when every open cell has two undrawn sides
 * and the rest's value is exact: then *margin is the mover's future
 * margin (for the tests). */
MG_HIDDEN int32_t mg__dab_policy_action(const mg_game *g, const void *st,
                                        int32_t *scratch, uint64_t *rng,
                                        int32_t *margin);
MG_HIDDEN void mg__dab_policy_priors(const mg_game *g, const void *st,
                                     const int32_t *actions, int32_t n,
                                     int64_t *out);

/* dots_and_boxes_solver.c: the value and the exact engine (1.4). */
MG_HIDDEN extern const mg__solver_ops mg__dab_solver;

/* Why an action is refused, why the game ended (1.5; dots_and_boxes_explain.c; see
 * ops->illegal_reason and ops->end_reason in internal.h). */
MG_HIDDEN void mg__dab_illegal_reason(const mg_game *g, const void *st,
                                   int32_t action, mg__sb *sb);
MG_HIDDEN void mg__dab_end_reason(const mg_game *g, const void *st,
                               mg__sb *sb);

/* dots_and_boxes_features.c: the evaluation's features (1.6). */
MG_HIDDEN int32_t mg__dab_num_features(const mg_game *g);
MG_HIDDEN void mg__dab_features(const mg_game *g, const void *st, int player,
                                float *buf);

#endif /* MG_DOTS_AND_BOXES_H */
