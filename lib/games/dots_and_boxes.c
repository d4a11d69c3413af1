/*
 * dots_and_boxes.c - Dots and Boxes (doc/rules.md §3) on square, triangle
 * and hexagon (honeycomb) grids, with standard, Swedish and Icelandic
 * borders and misère: the options, create/destroy, the rules ops (init,
 * current player, winner, legal, apply, undo, the playout, hashes,
 * score) and the ops table.  The board is built in
 * dots_and_boxes_geometry.c, named and parsed in dots_and_boxes_notation.c,
 * drawn in dots_and_boxes_render.c and read as sites in
 * dots_and_boxes_position.c; dots_and_boxes.h has the layout.
 */
#include "dots_and_boxes.h"

#include <string.h>

/* ------------------------------------------------------------- options */

enum { OPT_GRID, OPT_ROWS, OPT_COLS, OPT_SIZE, OPT_SHAPE, OPT_BORDER,
       OPT_MISERE, N_OPTS };

static const char *const grid_names[] = {"square", "triangle", "hexagon",
                                         NULL};
static const char *const shape_names[] = {"triangle", "hexagon", NULL};
static const char *const border_names[] = {"none", "swedish", "icelandic",
                                           NULL};

static const mg__option options[N_OPTS] = {
    {"grid", MG__OPT_ENUM, 0, 0, grid_names, GRID_SQUARE},
    {"rows", MG__OPT_INT, 1, 32, NULL, 4},
    {"cols", MG__OPT_INT, 1, 32, NULL, 4},
    {"size", MG__OPT_INT, 1, 16, NULL, 3},
    {"shape", MG__OPT_ENUM, 0, 0, shape_names, SHAPE_TRIANGLE},
    {"border", MG__OPT_ENUM, 0, 0, border_names, BORDER_NONE},
    {"misere", MG__OPT_BOOL, 0, 1, NULL, 0},
};

static const char *dab_applies(int i, const mg__optvals *o)
{
    int grid = (int)o->v[OPT_GRID];
    switch (i) {
    case OPT_ROWS:
    case OPT_COLS:
        return grid == GRID_SQUARE ? NULL
                                   : "rows and cols apply to grid=square "
                                     "only (use size)";
    case OPT_SIZE:
        return grid != GRID_SQUARE ? NULL
                                   : "size applies to grid=triangle and "
                                     "grid=hexagon only (use rows and cols)";
    case OPT_SHAPE:
        return grid == GRID_TRIANGLE ? NULL
                                     : "shape applies to grid=triangle only";
    default:
        return NULL;
    }
}

/* ------------------------------------------------------ create/destroy */

static void dab_destroy(mg_game *g)
{
    dab *d = g->data;
    if (!d)
        return;
    free(d->dot_x);
    free(d->dot_y);
    free(d->dot_at);
    free(d->dot_lines);
    free(d->dot_dir);
    free(d->line_dots);
    free(d->line_cells);
    free(d->predrawn);
    free(d->cell_nsides);
    free(d->play_cells);
    free(d->play_nsides);
    free(d->play_pair);
    free(d->cell_dots);
    free(d->cell_lines);
    free(d->mark_order);
    free(d->mark_row);
    free(d->mark_col);
    free(d->svg_x);
    free(d->svg_y);
    free(d->dot_kx);
    free(d->dot_ky);
    free(d->box_cell);
    free(d->cell_box);
    free(d->zline);
    free(d->zcell);
    free(d);
    g->data = NULL;
}

enum { ZD_LINE = 0xD0B1, ZD_CELL = 0xD0B2, ZD_TURN = 0xD0B3 };

static int dab_create(mg_game *g, const mg__optvals *o, char *err,
                      size_t errcap)
{
    dab *d;
    int32_t i;
    int grid = (int)o->v[OPT_GRID], rc;

    if (o->v[OPT_BORDER] == BORDER_ICELANDIC && grid != GRID_SQUARE)
        return mg__err(err, errcap, MG_EVALUE,
                       "border=icelandic applies to grid=square only");
    d = calloc(1, sizeof *d);
    if (!d)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    g->data = d;
    d->grid = grid;
    d->border = (int)o->v[OPT_BORDER];
    d->misere = (int)o->v[OPT_MISERE];
    rc = mg__dab_build(d, (int)o->v[OPT_SHAPE], (int32_t)o->v[OPT_ROWS],
                       (int32_t)o->v[OPT_COLS], (int32_t)o->v[OPT_SIZE]);
    if (rc == MG_OK &&
        (!ALLOC(d->zline, d->nlines) || !ALLOC(d->zcell, 2 * d->ncells + 2) ||
         !ALLOC(d->play_cells, 2 * d->nlines) ||
         !ALLOC(d->play_pair, d->nlines) ||
         !ALLOC(d->play_nsides, d->ncells + 1)))
        rc = MG_ENOMEM;
    if (rc) {
        dab_destroy(g);
        return mg__err(err, errcap, rc, "out of memory");
    }
    for (i = 0; i < d->nlines; i++)
        d->zline[i] = mg__zobrist_key(ZD_LINE, (uint64_t)i);
    for (i = 0; i < 2 * d->ncells; i++)
        d->zcell[i] = mg__zobrist_key(ZD_CELL, (uint64_t)i);
    d->zturn = mg__zobrist_key(ZD_TURN, 1);
    d->zturn0 = mg__zobrist_key(ZD_TURN, 0);
    d->zplayer[0] = 0; /* MG_NOBODY */
    d->zplayer[1] = d->zturn0;
    d->zplayer[2] = d->zturn;
    for (i = 0; i < 2 * d->nlines; i++)
        d->play_cells[i] = d->line_cells[i] >= 0 ? d->line_cells[i]
                                                 : d->ncells;
    for (i = 0; i < d->nlines; i++)
        d->play_pair[i] = (uint32_t)d->play_cells[2 * i] |
                          (uint32_t)d->play_cells[2 * i + 1] << 16;
    for (i = 0; i < d->ncells; i++)
        d->play_nsides[i] = d->cell_nsides[i];
    d->play_nsides[d->ncells] = -1; /* never closes */
    for (i = 0; i < 16; i++) {
        int b, k = 0;
        for (b = 0; b < 4; b++)
            if (i >> b & 1)
                d->nib_bits[i][k++] = b;
        d->nib_count[i] = k;
    }
    for (i = 0; i < 256; i++) {
        int b, k = 0;
        for (b = 0; b < 8; b++)
            if (i >> b & 1)
                d->byte_bits[i][k++] = (uint16_t)b;
        d->byte_count[i] = (unsigned char)k;
    }
    d->nsides = d->cell_nsides[0];
    for (i = 0; i < d->ncells; i++) /* every grid has one cell shape */
        assert(d->cell_nsides[i] == d->nsides);
    /* the playout's bounds: a cell << 1 | 1 and a line fit 16 bits, and
     * the spare cell's count, from nsides + 1 up by at most one per
     * border line, stays a byte */
    assert(d->ncells < 0x8000 && d->nlines <= 0x10000);
    assert(d->ncells <= MG__DAB_POLICY_CELLS); /* the policy's labels */
    assert(d->nsides + 1 + 2 * d->nlines - d->nsides * d->ncells <= 255);

    g->num_actions = d->nlines;
    g->max_legal = d->moves;
    g->max_length = d->moves;
    d->nwords = (d->nlines + 63) / 64;
    d->bits_off = (sizeof(dab_state) + (size_t)d->nlines +
                   2 * (size_t)d->ncells + 2 + 7) & ~(size_t)7;
    g->state_size = d->bits_off + (size_t)d->nwords * sizeof(uint64_t);
    g->undo_size = 1;
    g->planes = mg__dab_planes;
    g->num_planes = MG__DAB_PLANES;
    mg__planes_unit(g); /* every plane a flag or a fraction */
    g->ordered = 0; /* the rules do not depend on the order of the lines */
    return MG_OK;
}

/* --------------------------------------------------------------- rules */

static uint64_t dab_hash_full(const mg_game *g, const void *st);

/* The side-to-move part of the hash; seat 0's key is nonzero too, so no
 * position hashes to 0 (which mg_state_hash(NULL) returns). */
static uint64_t turn_key(const dab *d, int player)
{
    return d->zplayer[player + 1];
}

static void dab_init(const mg_game *g, void *st)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *drawn = DRAWN(d, st), *sides = SIDES(d, st);
    signed char *owner = OWNER(d, st);
    uint64_t *und = UNDRAWN(d, st);
    int32_t l;
    memset(owner, -1, (size_t)d->ncells + 1);
    memset(und, 0, (size_t)d->nwords * sizeof *und);
    for (l = 0; l < d->nlines; l++)
        if (!d->predrawn[l])
            und[l >> 6] |= (uint64_t)1 << (l & 63);
        else {
            int32_t c0 = d->line_cells[2 * l], c1 = d->line_cells[2 * l + 1];
            drawn[l] = DRAWN_BEFORE;
            sides[c0]++;
            if (c1 >= 0)
                sides[c1]++;
            /* rules §3.3: no cell is closed before the first move */
            assert(sides[c0] < d->cell_nsides[c0]);
            assert(c1 < 0 || sides[c1] < d->cell_nsides[c1]);
        }
    s->player = 0;
    s->remaining = d->moves;
    s->hash = turn_key(d, 0);
}

static int dab_current(const mg_game *g, const void *st)
{
    (void)g;
    return ((const dab_state *)st)->player;
}

int mg__dab_winner(const mg_game *g, const void *st)
{
    const dab_state *s = st;
    int32_t a = s->score[0], b = s->score[1];
    if (s->player != MG_NOBODY)
        return MG_NOBODY;
    if (a == b)
        return MG_DRAW;
    return ((a > b) != (D(g)->misere != 0)) ? 0 : 1;
}

/* The undrawn lines ascending, from the bit set a nibble at a time
 * without a branch: four places written (one vector store), as many kept
 * as the nibble has bits; while fewer than four places are left in buf
 * (max_legal of them), bit by bit. */
static int32_t dab_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const dab *d = D(g);
    const uint64_t *und = CUNDRAWN(d, st);
    int32_t w, n = 0, safe = d->moves - 4;
    for (w = 0; w < d->nwords; w++) {
        uint64_t x = und[w];
        int32_t base = 64 * w, k, left = (d->nlines - base + 3) / 4;
        int32_t nibs = left < 16 ? left : 16; /* none past the last line */
        for (k = 0; k < nibs; k++, x >>= 4, base += 4) {
            unsigned b = (unsigned)(x & 0xF);
            if (n <= safe) {
                /* loaded before the stores: they may not alias */
                const int32_t *e = d->nib_bits[b];
                int32_t e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
                int32_t *o = buf + n;
                o[0] = base + e0;
                o[1] = base + e1;
                o[2] = base + e2;
                o[3] = base + e3;
                n += d->nib_count[b];
            } else {
                for (; b; b &= b - 1)
                    buf[n++] = base + mg__ctz64(b);
            }
        }
    }
    assert(n == ((const dab_state *)st)->remaining);
    return n;
}

static int dab_is_legal(const mg_game *g, const void *st, int32_t a)
{
    return (int)(CUNDRAWN(D(g), st)[a >> 6] >> (a & 63)) & 1;
}

/* Apply and undo without data-dependent branches: a border line's second
 * cell is the spare cell (play_cells), whose side count is left alone
 * (it stays 0) and which never closes (play_nsides -1); an open cell's
 * owner is -1, so it is written whether or not the cell closes. */
static void dab_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *sides = SIDES(d, st);
    signed char *owner = OWNER(d, st);
    const int32_t c0 = d->play_cells[2 * a], c1 = d->play_cells[2 * a + 1];
    const int mover = s->player;
    int f0, f1, f, next;
    uint64_t h = s->hash ^ d->zline[a] ^ d->zplayer[mover + 1];

    assert(mover == 0 || mover == 1);  /* the game is not over */
    assert(!DRAWN(d, st)[a]);          /* drawing a drawn line */
    *(unsigned char *)undo = (unsigned char)mover;
    DRAWN(d, st)[a] = (unsigned char)(mover + 1); /* who drew it */
    UNDRAWN(d, st)[a >> 6] &= ~((uint64_t)1 << (a & 63));
    f0 = ++sides[c0] == d->play_nsides[c0];
    sides[c1] = (unsigned char)(sides[c1] + (c1 != d->ncells));
    f1 = sides[c1] == d->play_nsides[c1];
    owner[c0] = (signed char)(f0 * (mover + 1) - 1);
    owner[c1] = (signed char)(f1 * (mover + 1) - 1);
    h ^= d->zcell[2 * c0 + mover] & (0 - (uint64_t)f0);
    h ^= d->zcell[2 * c1 + mover] & (0 - (uint64_t)f1);
    f = f0 + f1;
    s->score[mover] += f;
    /* rules §3.2.2: move again after closing, unless no line is left */
    next = mover ^ (f == 0);
    next = --s->remaining == 0 ? MG_NOBODY : next;
    s->hash = h ^ d->zplayer[next + 1];
    s->player = next;
}

static void dab_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *sides = SIDES(d, st);
    signed char *owner = OWNER(d, st);
    const int32_t c0 = d->play_cells[2 * a], c1 = d->play_cells[2 * a + 1];
    const int mover = *(const unsigned char *)undo;
    int f0, f1;
    uint64_t h = s->hash ^ d->zline[a] ^ d->zplayer[s->player + 1] ^
                 d->zplayer[mover + 1];

    assert(mover <= 1);              /* an undo record of apply */
    assert(s->remaining < d->moves); /* a line to undo */
    assert(DRAWN(d, st)[a] == mover + 1); /* the line the mover drew */
    /* a full cell of the line was closed by it, the last line drawn */
    f0 = sides[c0] == d->play_nsides[c0];
    f1 = sides[c1] == d->play_nsides[c1];
    assert(!f0 || owner[c0] == mover);
    assert(!f1 || owner[c1] == mover);
    owner[c0] = -1;
    owner[c1] = -1;
    sides[c0]--;
    sides[c1] = (unsigned char)(sides[c1] - (c1 != d->ncells));
    h ^= d->zcell[2 * c0 + mover] & (0 - (uint64_t)f0);
    h ^= d->zcell[2 * c1 + mover] & (0 - (uint64_t)f1);
    s->score[mover] -= f0 + f1;
    DRAWN(d, st)[a] = 0;
    UNDRAWN(d, st)[a >> 6] |= (uint64_t)1 << (a & 63);
    s->remaining++;
    s->hash = h;
    s->player = mover;
}

/* Uniformly random playout: the undrawn lines in scratch (ascending, from
 * the bit set), one drawn at random and swapped out per action, with
 * apply inlined and cut to what the next action depends on: the side
 * counts (against the one count a cell has, nsides: the spare cell
 * standing for a border line's missing cell starts above it and never
 * reaches it) and who moves, in few enough registers that none spills
 * (a score kept in memory costs a store-forwarding round trip per
 * action).  The draws do not depend on the position (n counts down by
 * one per action), so they are made ahead, CHUNK at a time, off the
 * loop's path.  What only the end position needs is done after each
 * chunk or at the end: the closed cells' owners, keys and scores (from a
 * list of cell << 1 | closer, which is also the cell's key index), the
 * undo records (who drew each line: drawn[]), the lines' hash keys (from
 * hist), and the bit set (from what is left in scratch). */
#define CHUNK 256

static int32_t dab_playout(const mg_game *g, void *st, uint64_t *rng,
                           int32_t max, int32_t *hist, unsigned char *undo,
                           size_t stride, int32_t *scratch)
{
    const dab *d = D(g);
    dab_state *s = st;
    unsigned char *const drawn = DRAWN(d, st), *const sides = SIDES(d, st);
    signed char *const owner = OWNER(d, st);
    const uint32_t *const pair = d->play_pair;
    const uint64_t *const zline = d->zline, *const zcell = d->zcell;
    const unsigned ns = (unsigned)d->nsides;
    uint16_t pick[CHUNK], closed[2 * CHUNK + 1];
    int32_t *const hist0 = hist;
    /* locals, not pointers: the byte stores below may alias anything */
    uint64_t h = s->hash, x = *rng;
    int32_t n = 0, l, done, end, sc0 = 0, sc1 = 0;
    int mover = s->player;
    uint64_t *const und = UNDRAWN(d, st);

    if (mover == MG_NOBODY)
        return 0;
    for (l = 0; l < d->nwords; l++) {
        uint64_t w = und[l];
        for (; w; w &= w - 1)
            scratch[n++] = 64 * l + mg__ctz64(w);
    }
    assert(n == s->remaining);
    /* every action draws a line: the game ends when none is left */
    end = max < 0 || max > n ? 0 : n - max; /* n when the loop stops */
    done = n - end;
    h ^= turn_key(d, mover);
    sides[d->ncells] = (unsigned char)(ns + 1);
    while (n > end) {
        int32_t k = n - end < CHUNK ? n - end : CHUNK, j, nc = 0;
        const uint16_t *p = pick;
        for (j = 0; j < k; j++)
            pick[j] = (uint16_t)mg__rand_below(&x, (uint32_t)(n - j));
        for (j = n - k; n > j;) {
            /* branch-free: closing a box is a coin flip the predictor
             * loses */
            int32_t i = *p++, a = scratch[i];
            uint32_t cc = pair[a], c0 = cc & 0xFFFF, c1 = cc >> 16;
            int f0, f1;
            scratch[i] = scratch[--n];
            *hist++ = a;
            drawn[a] = (unsigned char)(mover + 1); /* who drew it */
            f0 = ++sides[c0] == ns;
            f1 = ++sides[c1] == ns;
            closed[nc] = (uint16_t)(c0 << 1 | (unsigned)mover);
            nc += f0;
            closed[nc] = (uint16_t)(c1 << 1 | (unsigned)mover);
            nc += f1;
            /* rules §3.2.2: move again after closing a box */
            mover ^= (f0 | f1) == 0;
        }
        for (j = 0; j < nc; j++) { /* the cells closed in the chunk */
            owner[closed[j] >> 1] = (signed char)(closed[j] & 1);
            sc0 += !(closed[j] & 1);
            sc1 += closed[j] & 1;
            h ^= zcell[closed[j]];
        }
    }
    for (l = 0; l < done; l++) { /* the undo records, the lines' keys */
        undo[(size_t)l * stride] = (unsigned char)(drawn[hist0[l]] - 1);
        h ^= zline[hist0[l]];
    }
    if (n == 0)
        mover = MG_NOBODY;
    sides[d->ncells] = 0;
    memset(und, 0, (size_t)d->nwords * sizeof *und);
    for (l = 0; l < n; l++) /* the lines still undrawn */
        und[scratch[l] >> 6] |= (uint64_t)1 << (scratch[l] & 63);
    *rng = x;
    s->player = mover;
    s->remaining -= done;
    s->score[0] += sc0;
    s->score[1] += sc1;
    s->hash = h ^ turn_key(d, mover);
    assert(owner[d->ncells] == -1); /* the spare cell never closes */
    MG__ASSERT_SLOW(s->hash == dab_hash_full(g, st));
    return done;
}

/* mg_state_playout_result's list of the undrawn lines: 16-bit ids,
 * ascending (the order of dab_legal), a byte of the bit set at a time
 * without a branch (8 ids written, the byte's count of them real) while
 * the list has room for 8 more (it holds 2 * moves ids); returns their
 * number. */
static int32_t list_undrawn(const dab *d, const void *st, uint16_t *list)
{
    const uint64_t *und = CUNDRAWN(d, st);
    const uint64_t lanes = 0x0001000100010001ULL; /* one per 16-bit id */
    int32_t w, n = 0, safe = 2 * d->moves - 8;
    for (w = 0; w < d->nwords; w++) {
        uint64_t x = und[w], add = (uint64_t)(64 * w) * lanes;
        int32_t base = 64 * w, k, left = (d->nlines - base + 7) / 8;
        int32_t bytes = left < 8 ? left : 8; /* none past the last line */
        for (k = 0; k < bytes; k++, x >>= 8, base += 8, add += 8 * lanes) {
            unsigned b = (unsigned)(x & 0xFF);
            if (n <= safe) {
                /* each 16-bit lane + base stays below 2^16: no carry */
                uint64_t lo, hi;
                memcpy(&lo, d->byte_bits[b], 8);
                memcpy(&hi, d->byte_bits[b] + 4, 8);
                lo += add;
                hi += add;
                memcpy(list + n, &lo, 8);
                memcpy(list + n + 4, &hi, 8);
                n += d->byte_count[b];
            } else {
                for (; b; b &= b - 1)
                    list[n++] = (uint16_t)(base + mg__ctz64(b));
            }
        }
    }
    assert(n == ((const dab_state *)st)->remaining);
    return n;
}

/* One action of dab_playout_result: line list[i] drawn (swapped out of
 * the list), its cells' counts of undrawn sides down by one, a cell at 0
 * closed by the mover, who moves again (rules §3.2.2); branch-free:
 * closing a box is a coin flip the predictor loses. */
#define RESULT_STEP(i)                                                        \
    do {                                                                      \
        uint32_t i_ = (i), a_ = list[i_], cc_ = pair[a_];                     \
        int f_;                                                               \
        list[i_] = list[--n];                                                 \
        f_ = (--need[cc_ & 0xFFFF] == 0) + (--need[cc_ >> 16] == 0);          \
        s0 += (uint32_t)f_ & m0; /* seat 0's boxes */                         \
        all += f_;                                                            \
        m0 ^= 0 - (((uint32_t)f_ - 1) >> 31); /* no box: the turn passes */   \
    } while (0)

/* The draws of dab_playout_result for k actions from n lines left, in
 * pick: two from each 64-bit number of the generator (its high half,
 * then its low half; a last odd one with mg__rand_below).  A function of
 * its own (GCC keeps it one) so that its constants and counters have the
 * registers: 26 instructions a pair, not 31. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void draw_picks(uint16_t *pick, int32_t k, uint64_t n, uint64_t *rng)
{
    uint64_t x = *rng;
    uint16_t *const last = pick + (k & ~1);
    for (; pick != last; pick += 2, n -= 2) {
        uint64_t r = mg__splitmix64(&x);
        pick[0] = (uint16_t)(((r >> 32) * n) >> 32);
        pick[1] = (uint16_t)(((r & 0xFFFFFFFFu) * (n - 1)) >> 32);
    }
    if (k & 1)
        pick[0] = (uint16_t)mg__rand_below(&x, (uint32_t)n);
    *rng = x;
}

/* The result of a uniformly random playout (1.5), st untouched, as the
 * limit kernel plays it: the undrawn lines as 16-bit ids in scratch
 * (room for 2 * moves), ascending as dab_legal lists them, one drawn and
 * swapped out per action; each cell's sides still undrawn, counted down
 * to 0 in work (the spare cell of the border lines starts at 255 and,
 * with fewer border lines than that - asserted in dab_create - never
 * reaches 0); who moves, seat 0's boxes and all boxes closed in
 * registers.  The draws are made ahead, CHUNK at a time, two from each
 * 64-bit number of the generator (its high half, then its low half; a
 * last odd one with mg__rand_below): the same lines as 1.5's first
 * version of this op for a seed. */
static int32_t dab_playout_result(const mg_game *g, const void *st,
                                  void *work, int32_t *scratch,
                                  uint64_t *rng, int32_t max, int32_t *winner,
                                  int32_t *scores)
{
    const dab *d = D(g);
    const dab_state *s = st;
    const unsigned char *const sides = CSIDES(d, st);
    unsigned char *const need = work;
    uint16_t *const list = (uint16_t *)(void *)scratch;
    const uint32_t *const pair = d->play_pair;
    const uint64_t nsx8 = (uint64_t)d->nsides * 0x0101010101010101ULL;
    uint64_t x = *rng;
    int32_t n, done, end, all = 0, c;
    /* m0: all ones while seat 0 moves, else 0 */
    uint32_t s0 = 0, m0 = s->player == 0 ? 0xFFFFFFFFu : 0;

    assert(s->player == 0 || s->player == 1);
    /* need = nsides - sides, 8 cells at a time (no borrow: sides <=
     * nsides); the bytes read past the last cell are the state's own
     * (owner[] follows sides[]), those written past it are work's */
    for (c = 0; c < d->ncells; c += 8) {
        uint64_t w;
        memcpy(&w, sides + c, 8);
        w = nsx8 - w;
        memcpy(need + c, &w, 8);
    }
    need[d->ncells] = 255;
    n = list_undrawn(d, st, list);
    end = max < 0 || max > n ? 0 : n - max;
    done = n - end;
    while (n > end) {
        int32_t k = n - end < CHUNK ? n - end : CHUNK, j;
        uint16_t pick[CHUNK];
        const uint16_t *p = pick;
        draw_picks(pick, k, (uint64_t)n, &x);
        for (j = n - k; n - j >= 2; p += 2) {
            RESULT_STEP(p[0]);
            RESULT_STEP(p[1]);
        }
        if (n > j)
            RESULT_STEP(*p);
    }
    *rng = x;
    scores[0] = s->score[0] + (int32_t)s0;
    scores[1] = s->score[1] + all - (int32_t)s0;
    if (n > 0) {
        *winner = MG_NOBODY;
    } else if (scores[0] == scores[1]) {
        *winner = MG_DRAW;
    } else {
        *winner = (scores[0] > scores[1]) != (d->misere != 0) ? 0 : 1;
    }
    return done;
}

static uint64_t dab_hash(const mg_game *g, const void *st)
{
    (void)g;
    return ((const dab_state *)st)->hash;
}

static uint64_t dab_hash_full(const mg_game *g, const void *st)
{
    const dab *d = D(g);
    const unsigned char *drawn = CDRAWN(d, st);
    const signed char *owner = COWNER(d, st);
    uint64_t h = turn_key(d, ((const dab_state *)st)->player);
    int32_t i;
    for (i = 0; i < d->nlines; i++) {
        assert((drawn[i] == DRAWN_BEFORE) == (d->predrawn[i] != 0));
        if (drawn[i] && drawn[i] != DRAWN_BEFORE)
            h ^= d->zline[i];
    }
    for (i = 0; i < d->ncells; i++)
        if (owner[i] >= 0)
            h ^= d->zcell[2 * i + owner[i]];
    return h;
}

static int32_t dab_score(const mg_game *g, const void *st, int player)
{
    (void)g;
    return ((const dab_state *)st)->score[player];
}

/* ------------------------------------------------------------ the table */

const mg__game_ops mg__dots_and_boxes_ops = {
    .id = "dots_and_boxes",
    .options = options,
    .n_options = N_OPTS,
    .board_kind = 0,
    .board_opt = -1,
    .defaults = NULL,
    .applies = dab_applies,
    .create = dab_create,
    .destroy = dab_destroy,
    .init = dab_init,
    .current_player = dab_current,
    .winner = mg__dab_winner,
    .legal = dab_legal,
    .is_legal = dab_is_legal,
    .apply = dab_apply,
    .undo = dab_undo,
    .hash = dab_hash,
    .hash_full = dab_hash_full,
    .score = dab_score,
    .groups = NULL,
    .action_name = mg__dab_action_name,
    .action_parse = mg__dab_action_parse,
    .render = mg__dab_render,
    .playout = dab_playout,
    .playout_result = dab_playout_result,
    /* the knowledge playout and priors (1.6): dots_and_boxes_policy.c */
    .policy_playout_result = mg__dab_policy_playout_result,
    .policy_priors = mg__dab_policy_priors,
    /* the position (1.3): dots_and_boxes_position.c */
    .num_sites = mg__dab_num_sites,
    .site_info = mg__dab_site_info,
    .site_neighbors = mg__dab_site_neighbors,
    .site_name = mg__dab_site_name,
    .action_sites = mg__dab_action_sites,
    .site_label = mg__dab_site_label,
    .site_owner = mg__dab_site_owner,
    .site_owners = mg__dab_site_owners,
    .observe = mg__dab_observe,
    /* the solver (1.4): dots_and_boxes_solver*.c */
    .solver = &mg__dab_solver,
    .illegal_reason = mg__dab_illegal_reason,
    .end_reason = mg__dab_end_reason,
    .num_features = mg__dab_num_features,
    .features = mg__dab_features,
};
