/*
 * fangqi.c - Fangqi (RULES.md 4): placement on a full grid, the initial
 * removal, removals for the squares formed, then rook-like (or one-step)
 * movement where every newly formed square removes an unprotected
 * opponent stone; options for the regional variants.
 *
 * Actions (P points, S = width + height - 2 targets per point):
 * PLACE(p) = p ("d4"), REMOVE(p) = P + p ("xd4"), MOVE(from, slot) =
 * 2P + from * S + slot ("d4-d7"): slots 0 .. width-2 are the other points
 * of the row, then the other points of the column, both ascending.
 * A removal run is a series of REMOVE actions by the same seat.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#define MAXP (19 * 19)

enum { OPT_VARIANT, OPT_WIDTH, OPT_HEIGHT, OPT_MOVEMENT, OPT_EXTRA, OPT_COP,
       OPT_KO, OPT_ENC, OPT_LOSE, OPT_LIMIT, N_OPTS };
enum { VAR_NINGXIA, VAR_XINJIANG };
enum { PH_PLACE, PH_REMOVE, PH_MOVE, PH_OVER };

static const char *const variant_names[] = {"ningxia", "xinjiang", NULL};
static const char *const movement_names[] = {"rook", "step", NULL};

static const mg__option options[N_OPTS] = {
    {"variant", MG__OPT_ENUM, 0, 0, variant_names, VAR_NINGXIA},
    {"width", MG__OPT_INT, 2, 19, NULL, 8},
    {"height", MG__OPT_INT, 2, 19, NULL, 7},
    {"movement", MG__OPT_ENUM, 0, 0, movement_names, 0},
    {"extra_removal", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"capture_on_placement", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"ko", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"encirclement", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"lose_below", MG__OPT_INT, 0, MAXP, NULL, 1},
    {"no_capture_limit", MG__OPT_INT, 0, 100000, NULL, 100},
};

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

static const fq *F(const mg_game *g)
{
    return (const fq *)g->data;
}

/* ------------------------------------------------------------ options */

static void fq_defaults(mg__optvals *o)
{
    if (o->v[OPT_VARIANT] == VAR_XINJIANG) {
        if (!o->given[OPT_WIDTH])
            o->v[OPT_WIDTH] = 7;
        if (!o->given[OPT_HEIGHT])
            o->v[OPT_HEIGHT] = 7;
        if (!o->given[OPT_EXTRA])
            o->v[OPT_EXTRA] = 1;
    }
}

static int fq_create(mg_game *g, const mg__optvals *o, char *err,
                     size_t errcap)
{
    fq *f = calloc(1, sizeof *f);
    int i;
    if (!f)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    f->w = (int)o->v[OPT_WIDTH];
    f->h = (int)o->v[OPT_HEIGHT];
    f->P = f->w * f->h;
    f->S = f->w + f->h - 2;
    f->rook = o->v[OPT_MOVEMENT] == 0;
    f->extra = (int)o->v[OPT_EXTRA];
    f->cop = (int)o->v[OPT_COP];
    f->ko = (int)o->v[OPT_KO];
    f->enc = (int)o->v[OPT_ENC];
    f->lose_below = (int)o->v[OPT_LOSE];
    f->limit = (int)o->v[OPT_LIMIT];
    f->allot[0] = (f->P + 1) / 2;
    f->allot[1] = f->P / 2;
    if (f->lose_below > f->allot[1]) {
        int lb = f->lose_below, a = f->allot[1];
        free(f);
        return mg__err(err, errcap, MG_EVALUE,
                       "lose_below=%d: more stones than the second player "
                       "places (%d)",
                       lb, a);
    }
    for (i = 0; i < f->P; i++) {
        int x = i % f->w, y = i / f->w;
        f->orth[i][0] = (int16_t)(x + 1 < f->w ? i + 1 : -1);
        f->orth[i][1] = (int16_t)(x > 0 ? i - 1 : -1);
        f->orth[i][2] = (int16_t)(y + 1 < f->h ? i + f->w : -1);
        f->orth[i][3] = (int16_t)(y > 0 ? i - f->w : -1);
        f->zcell[i][0] = mg__zobrist_key(0xFA01, (uint64_t)(2 * i));
        f->zcell[i][1] = mg__zobrist_key(0xFA01, (uint64_t)(2 * i + 1));
    }
    g->data = f;
    g->num_actions = 2 * f->P + f->P * f->S;
    g->max_legal = f->allot[0] * f->S > f->P ? f->allot[0] * f->S : f->P;
    /* placements, removals (at most one per stone), and at most `limit`
     * moves between two removals; no limit: unbounded */
    g->max_length = f->limit ? 2 * f->P + (f->P + 1) * f->limit : 0;
    g->state_size = sizeof(fstate);
    g->undo_size = HEADER + (size_t)(f->P + 7) / 8; /* + removed bitset */
    return MG_OK;
}

static void fq_destroy(mg_game *g)
{
    free(g->data);
    g->data = NULL;
}

/* -------------------------------------------------------------- board */

static int X(const fq *f, int p) { return p % f->w; }
static int Y(const fq *f, int p) { return p / f->w; }

/* Is the 2x2 block with bottom-left b all `seat`, counting `to` as
 * `seat` and `from` as empty (pass -1 for either to ignore it)? */
static int block_of(const fq *f, const fstate *s, int b, int seat, int to,
                    int from)
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
static int blocks_at(const fq *f, int p, int *out)
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
static int completed(const fq *f, const fstate *s, int seat, int to,
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

static int protected_stone(const fq *f, const fstate *s, int p)
{
    int b[4], nb = blocks_at(f, p, b), i;
    for (i = 0; i < nb; i++)
        if (block_of(f, s, b[i], s->cell[p], -1, -1))
            return 1;
    return 0;
}

static int all_protected(const fq *f, const fstate *s, int seat)
{
    int p;
    for (p = 0; p < f->P; p++)
        if (s->cell[p] == seat && !protected_stone(f, s, p))
            return 0;
    return 1;
}

static int count_squares(const fq *f, const fstate *s, int seat)
{
    int x, y, n = 0;
    for (y = 0; y + 1 < f->h; y++)
        for (x = 0; x + 1 < f->w; x++)
            n += block_of(f, s, y * f->w + x, seat, -1, -1);
    return n;
}

/* --------------------------------------------------------------- moves */

/* Is the move from -> to (same row or column, to empty) a legal move? */
/* The ko option: does the move from -> to complete a square it forbids? */
static int ko_ok(const fq *f, const fstate *s, int from, int to)
{
    int sq[4], n, i, k;
    if (!f->ko || !s->nko[(int)s->player])
        return 1;
    n = completed(f, s, s->player, to, from, sq);
    for (i = 0; i < n; i++)
        for (k = 0; k < s->nko[(int)s->player]; k++)
            if (sq[i] == s->ko[(int)s->player][k])
                return 0;
    return 1;
}

static int move_ok(const fq *f, const fstate *s, int from, int to)
{
    int fx = X(f, from), fy = Y(f, from), tx = X(f, to), ty = Y(f, to);
    int step, p;
    if (s->cell[to] >= 0)
        return 0;
    if (fx == tx)
        step = ty > fy ? f->w : -f->w;
    else
        step = tx > fx ? 1 : -1;
    if (!f->rook && from + step != to)
        return 0;
    for (p = from + step; p != to; p += step)
        if (s->cell[p] >= 0)
            return 0;
    return ko_ok(f, s, from, to);
}

static int slot_target(const fq *f, int from, int slot)
{
    int fx = X(f, from), fy = Y(f, from);
    if (slot < f->w - 1)
        return fy * f->w + (slot < fx ? slot : slot + 1);
    slot -= f->w - 1;
    return (slot < fy ? slot : slot + 1) * f->w + fx;
}

static int action_legal(const fq *f, const fstate *s, int32_t a)
{
    if (s->phase == PH_OVER)
        return 0;
    if (s->pending > 0) {
        int p = a - f->P, opp = 1 - s->player;
        if (a < f->P || a >= 2 * f->P || s->cell[p] != opp)
            return 0;
        return !protected_stone(f, s, p) || all_protected(f, s, opp);
    }
    if (s->phase == PH_PLACE)
        return a < f->P && s->cell[a] < 0;
    if (s->phase == PH_MOVE && a >= 2 * f->P) {
        int from = (a - 2 * f->P) / f->S, slot = (a - 2 * f->P) % f->S;
        return s->cell[from] == s->player &&
               move_ok(f, s, from, slot_target(f, from, slot));
    }
    return 0;
}

/* The moves of the player to move, ascending (buf NULL: 1 if there is
 * one).  Per stone, the empty run on each side along its row and its
 * column is what it can reach (one point with movement=step); slots
 * number the row's other points left to right, then the column's bottom
 * to top (slot_target). */
static int32_t list_moves(const fq *f, const fstate *s, int32_t *buf)
{
    const int w = f->w, reach = f->rook ? f->w + f->h : 1;
    int32_t n = 0;
    int from;
    for (from = 0; from < f->P; from++) {
        int fx, fy, lo, hi, t, base;
        if (s->cell[from] != s->player)
            continue;
        fx = X(f, from);
        fy = Y(f, from);
        base = 2 * f->P + from * f->S;
        for (lo = fx; lo > 0 && fx - lo < reach && s->cell[from - (fx - lo) - 1] < 0;)
            lo--;
        for (hi = fx; hi < w - 1 && hi - fx < reach && s->cell[from + (hi - fx) + 1] < 0;)
            hi++;
        for (t = lo; t <= hi; t++)
            if (t != fx && ko_ok(f, s, from, fy * w + t)) {
                if (!buf)
                    return 1;
                buf[n++] = base + (t < fx ? t : t - 1);
            }
        for (lo = fy; lo > 0 && fy - lo < reach && s->cell[from - (fy - lo + 1) * w] < 0;)
            lo--;
        for (hi = fy; hi < f->h - 1 && hi - fy < reach && s->cell[from + (hi - fy + 1) * w] < 0;)
            hi++;
        for (t = lo; t <= hi; t++)
            if (t != fy && ko_ok(f, s, from, t * w + fx)) {
                if (!buf)
                    return 1;
                buf[n++] = base + (w - 1) + (t < fy ? t : t - 1);
            }
    }
    return n;
}

/* ------------------------------------------------------------- turns */

static void set_over(fstate *s, int winner)
{
    s->phase = PH_OVER;
    s->winner = (int8_t)winner;
    s->pending = 0;
}

/* RULES 4.2.7: after placing, a side below lose_below loses. */
static int stone_check(const fq *f, fstate *s)
{
    int a = s->stones[0] < f->lose_below, b = s->stones[1] < f->lose_below;
    if (!a && !b)
        return 0;
    set_over(s, a && b ? MG_DRAW : a ? 1 : 0);
    return 1;
}

/* Removals `seat` may make now: n, or 0 when the opponent has no stone. */
static int16_t removals(const fstate *s, int seat, int n)
{
    return (int16_t)(s->stones[1 - seat] > 0 ? n : 0);
}

/* The removal stages after placing (4.2.3-4): seat, count. */
static int stage_count(const fq *f, const fstate *s, int stage)
{
    switch (stage) {
    case 0: return 1;
    case 1: return f->extra ? 2 : 1;
    case 2: return f->cop ? 0 : s->squares[0];
    default: return f->cop ? 0 : s->squares[1];
    }
}

/* Enter the next removal stage with something to remove, or movement. */
static void next_stage(const fq *f, fstate *s)
{
    while (s->stage < 4) {
        int seat = s->stage % 2;
        int16_t n = removals(s, seat, stage_count(f, s, s->stage));
        if (n > 0) {
            s->phase = PH_REMOVE;
            s->player = (int8_t)seat;
            s->pending = n;
            return;
        }
        s->stage++;
    }
    s->phase = PH_MOVE;
    s->player = 0;
    s->pending = 0;
    s->quiet = 0;
    if (stone_check(f, s))
        return;
    if (!list_moves(f, s, NULL))
        set_over(s, 1); /* 4.2.7: no legal move loses */
}

static void end_of_placing(const fq *f, fstate *s)
{
    s->squares[0] = (int16_t)count_squares(f, s, 0);
    s->squares[1] = (int16_t)count_squares(f, s, 1);
    s->stage = 0;
    next_stage(f, s);
}

/* Encirclement (variant): opponent chains next to `to` without an empty
 * orthogonal neighbour are removed; their points go into `removed`. */
static int encircle(const fq *f, fstate *s, int to, unsigned char *removed)
{
    int d, opp = 1 - s->cell[to], total = 0;
    for (d = 0; d < 4; d++) {
        int start = f->orth[to][d];
        unsigned char seen[MAXP];
        int16_t stack[MAXP], chain[MAXP];
        int sp = 0, n = 0, libs = 0, i;
        if (start < 0 || s->cell[start] != opp)
            continue;
        memset(seen, 0, (size_t)f->P);
        seen[start] = 1;
        stack[sp++] = (int16_t)start;
        while (sp) {
            int p = stack[--sp], k;
            chain[n++] = (int16_t)p;
            for (k = 0; k < 4; k++) {
                int q = f->orth[p][k];
                if (q < 0)
                    continue;
                if (s->cell[q] < 0)
                    libs++;
                else if (s->cell[q] == opp && !seen[q]) {
                    seen[q] = 1;
                    stack[sp++] = (int16_t)q;
                }
            }
        }
        if (libs)
            continue;
        for (i = 0; i < n; i++) {
            s->cell[chain[i]] = -1;
            s->zstones ^= f->zcell[chain[i]][opp];
            removed[chain[i] / 8] |= (unsigned char)(1u << (chain[i] % 8));
        }
        s->stones[opp] = (int16_t)(s->stones[opp] - n);
        total += n;
    }
    return total;
}

/* A movement turn is over (its removals made): encirclement, then pass
 * the turn and run the end checks of 4.2.9. */
static void end_of_move_turn(const fq *f, fstate *s, unsigned char *removed)
{
    if (f->enc && s->last_to >= 0 && encircle(f, s, s->last_to, removed)) {
        s->quiet = 0;
        if (stone_check(f, s))
            return;
    }
    s->last_to = -1;
    s->player ^= 1;
    if (f->limit && s->quiet >= f->limit) {
        set_over(s, MG_DRAW); /* 4.2.8 */
        return;
    }
    if (!list_moves(f, s, NULL))
        set_over(s, 1 - s->player);
}

/* ------------------------------------------------------------ protocol */

static void fq_init(const mg_game *g, void *st)
{
    fstate *s = st;
    (void)g;
    memset(s->cell, -1, sizeof s->cell);
    s->last_to = -1;
    s->phase = PH_PLACE;
}

static int fq_current(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->phase == PH_OVER ? MG_NOBODY : s->player;
}

static int fq_winner(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->phase == PH_OVER ? s->winner : MG_NOBODY;
}

static int32_t fq_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const fq *f = F(g);
    const fstate *s = st;
    int32_t n = 0;
    int p;
    if (s->phase == PH_OVER)
        return 0;
    if (s->pending > 0) {
        int opp = 1 - s->player, any = all_protected(f, s, opp);
        for (p = 0; p < f->P; p++)
            if (s->cell[p] == opp && (any || !protected_stone(f, s, p)))
                buf[n++] = f->P + p;
        return n;
    }
    if (s->phase == PH_PLACE) {
        for (p = 0; p < f->P; p++)
            if (s->cell[p] < 0)
                buf[n++] = p;
        return n;
    }
    return list_moves(f, s, buf);
}

static int fq_is_legal(const mg_game *g, const void *st, int32_t a)
{
    return action_legal(F(g), st, a);
}

static void fq_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const fq *f = F(g);
    fstate *s = st;
    unsigned char *removed = (unsigned char *)undo + HEADER;
    int me = s->player, opp = 1 - me;
    memcpy(undo, s, HEADER);
    memset(removed, 0, (size_t)(f->P + 7) / 8);

    if (a < f->P) { /* PLACE */
        int k;
        s->cell[a] = (int8_t)me;
        s->zstones ^= f->zcell[a][me];
        s->stones[me]++;
        s->placed[me]++;
        k = f->cop ? completed(f, s, me, a, -1, NULL) : 0;
        s->pending = removals(s, me, k);
        if (s->pending == 0) {
            if (s->placed[0] == f->allot[0] && s->placed[1] == f->allot[1])
                end_of_placing(f, s);
            else
                s->player = (int8_t)opp;
        }
    } else if (a < 2 * f->P) { /* REMOVE */
        int p = a - f->P;
        s->cell[p] = -1;
        s->zstones ^= f->zcell[p][opp];
        s->stones[opp]--;
        s->pending = removals(s, me, s->pending - 1);
        if (s->phase == PH_PLACE) { /* capture on placement */
            if (s->pending == 0) {
                if (s->placed[0] == f->allot[0] &&
                    s->placed[1] == f->allot[1])
                    end_of_placing(f, s);
                else
                    s->player = (int8_t)opp;
            }
        } else {
            s->quiet = 0;
            if (!stone_check(f, s) && s->pending == 0) {
                if (s->phase == PH_REMOVE) {
                    s->stage++;
                    next_stage(f, s);
                } else {
                    end_of_move_turn(f, s, removed);
                }
            }
        }
    } else { /* MOVE */
        int from = (a - 2 * f->P) / f->S;
        int to = slot_target(f, from, (a - 2 * f->P) % f->S);
        int sq[4], k;
        s->cell[from] = -1;
        s->cell[to] = (int8_t)me;
        s->zstones ^= f->zcell[from][me] ^ f->zcell[to][me];
        s->quiet++;
        s->last_to = (int16_t)to;
        k = completed(f, s, me, to, -1, sq);
        if (f->ko && k) {
            int i;
            s->nko[me] = (int8_t)k;
            for (i = 0; i < k; i++)
                s->ko[me][i] = (int16_t)sq[i];
        }
        s->pending = removals(s, me, k);
        if (s->pending == 0)
            end_of_move_turn(f, s, removed);
    }
}

static void fq_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const fq *f = F(g);
    fstate *s = st;
    const fstate *h = undo;
    const unsigned char *removed = (const unsigned char *)undo + HEADER;
    int me = h->player, opp = 1 - me, p;
    if (a < f->P) {
        s->cell[a] = -1;
    } else if (a < 2 * f->P) {
        s->cell[a - f->P] = (int8_t)opp;
    } else {
        int from = (a - 2 * f->P) / f->S;
        int to = slot_target(f, from, (a - 2 * f->P) % f->S);
        s->cell[to] = -1;
        s->cell[from] = (int8_t)me;
    }
    if (f->enc)
        for (p = 0; p < f->P; p++)
            if (removed[p / 8] & (1u << (p % 8)))
                s->cell[p] = (int8_t)opp;
    memcpy(s, undo, HEADER);
}

/* Stones, and everything else that decides what may happen next. */
static uint64_t header_hash(const fstate *s)
{
    uint64_t x = (uint64_t)(uint8_t)s->phase | (uint64_t)(uint8_t)s->player << 8 |
                 (uint64_t)(uint16_t)s->pending << 16 |
                 (uint64_t)(uint8_t)s->stage << 32 |
                 (uint64_t)(uint8_t)s->winner << 40;
    uint64_t y = (uint64_t)(uint32_t)s->quiet |
                 (uint64_t)(uint16_t)s->last_to << 32;
    int k, seat;
    for (seat = 0; seat < 2; seat++)
        for (k = 0; k < s->nko[seat]; k++)
            y ^= mg__zobrist_key(0xFA02 + (uint64_t)seat,
                                 (uint64_t)s->ko[seat][k]);
    x ^= mg__zobrist_key(0xFA03, y);
    return mg__splitmix64(&x);
}

static uint64_t fq_hash(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->zstones ^ header_hash(s);
}

static uint64_t fq_hash_full(const mg_game *g, const void *st)
{
    const fq *f = F(g);
    const fstate *s = st;
    uint64_t h = 0;
    int p;
    for (p = 0; p < f->P; p++)
        if (s->cell[p] >= 0)
            h ^= f->zcell[p][s->cell[p]];
    return h ^ header_hash(s);
}

static int32_t fq_score(const mg_game *g, const void *st, int player)
{
    (void)g;
    return ((const fstate *)st)->stones[player];
}

static int fq_groups(const mg_game *g, const void *st, int player,
                     int32_t *buf, size_t cap, size_t *count)
{
    const fq *f = F(g);
    int32_t sizes[MAXP];
    int32_t n = mg__group_sizes(f->P, ((const fstate *)st)->cell, player,
                                &f->orth[0][0], 4, sizes);
    return mg__groups_out(sizes, n, buf, cap, count);
}

/* ------------------------------------------------------------ notation */

static void point_name(const fq *f, int p, mg__sb *sb)
{
    mg__sb_column(sb, X(f, p));
    mg__sb_int(sb, Y(f, p) + 1);
}

static void fq_action_name(const mg_game *g, int32_t a, mg__sb *sb)
{
    const fq *f = F(g);
    if (a < f->P) {
        point_name(f, a, sb);
    } else if (a < 2 * f->P) {
        mg__sb_putc(sb, 'x');
        point_name(f, a - f->P, sb);
    } else {
        int from = (a - 2 * f->P) / f->S;
        point_name(f, from, sb);
        mg__sb_putc(sb, '-');
        point_name(f, slot_target(f, from, (a - 2 * f->P) % f->S), sb);
    }
}

static int parse_point(const fq *f, const char *t, size_t n, int *p,
                       char *err, size_t errcap)
{
    int32_t col, row, idx;
    char q[MG__QUOTE_CAP];
    int rc = mg__parse_place(t, n, "point", f->P, &idx, &col, &row, err,
                             errcap);
    if (rc)
        return rc;
    if (idx < 0) {
        if (col >= f->w || row >= f->h)
            return mg__err(err, errcap, MG_ERANGE,
                           "no point %s on this board", mg__quote(q, t, n));
        idx = row * f->w + col;
    }
    *p = idx;
    return MG_OK;
}

static int fq_action_parse(const mg_game *g, const char *t, size_t n,
                           int32_t *action, char *err, size_t errcap)
{
    const fq *f = F(g);
    size_t dash = 0, i;
    int a, b, rc;
    for (i = 0; i < n; i++)
        if (t[i] == '-')
            dash = i;
    if (t[0] == 'x' || t[0] == 'X') {
        if ((rc = parse_point(f, t + 1, n - 1, &a, err, errcap)) != MG_OK)
            return rc;
        *action = f->P + a;
        return MG_OK;
    }
    if (!dash) {
        if ((rc = parse_point(f, t, n, &a, err, errcap)) != MG_OK)
            return rc;
        *action = a;
        return MG_OK;
    }
    if ((rc = parse_point(f, t, dash, &a, err, errcap)) != MG_OK ||
        (rc = parse_point(f, t + dash + 1, n - dash - 1, &b, err, errcap)) !=
            MG_OK)
        return rc;
    if (a == b || (X(f, a) != X(f, b) && Y(f, a) != Y(f, b)))
        return mg__err(err, errcap, MG_ERANGE,
                       "a move goes along a row or a column to another "
                       "point");
    {
        int slot = Y(f, a) == Y(f, b)
                       ? (X(f, b) < X(f, a) ? X(f, b) : X(f, b) - 1)
                       : f->w - 1 + (Y(f, b) < Y(f, a) ? Y(f, b) : Y(f, b) - 1);
        *action = 2 * f->P + a * f->S + slot;
    }
    return MG_OK;
}

/* ------------------------------------------------------------ rendering */

static const char stone_char[2] = {'X', 'O'};

static void status(const mg_game *g, const fstate *s, mg__sb *sb)
{
    const fq *f = F(g);
    static const char *const phase_name[] = {"placing", "removing", "moving",
                                             "over"};
    mg__sb_printf(sb, "X (seat 0): %d stones  O (seat 1): %d stones\n",
                  (int)s->stones[0], (int)s->stones[1]);
    if (s->phase == PH_OVER) {
        if (s->winner == MG_DRAW)
            mg__sb_puts(sb, "game over: draw\n");
        else
            mg__sb_printf(sb, "game over: %c (seat %d) wins\n",
                          stone_char[(int)s->winner], (int)s->winner);
        return;
    }
    mg__sb_printf(sb, "%s: %c (seat %d) to %s", phase_name[(int)s->phase],
                  stone_char[(int)s->player], (int)s->player,
                  s->pending ? "remove" : s->phase == PH_PLACE ? "place"
                                                               : "move");
    if (s->pending)
        mg__sb_printf(sb, " %d stone%s", (int)s->pending,
                      s->pending == 1 ? "" : "s");
    if (s->phase == PH_MOVE && f->limit)
        mg__sb_printf(sb, " (%d of %d plies without a removal)",
                      (int)s->quiet, f->limit);
    mg__sb_putc(sb, '\n');
}

static void fq_render(const mg_game *g, const void *st, int format,
                      mg__sb *sb)
{
    const fq *f = F(g);
    const fstate *s = st;
    int x, y;
    if (format == MG_RENDER_SVG) {
        int u = 40, m = 30, wpx = 2 * m + (f->w - 1) * u,
            hpx = 2 * m + (f->h - 1) * u + 24;
        mg__sb_printf(sb,
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                      "version=\"1.1\" width=\"%d\" height=\"%d\" "
                      "viewBox=\"0 0 %d %d\">\n<rect width=\"100%%\" "
                      "height=\"100%%\" fill=\"#e8c98e\"/>\n",
                      wpx, hpx, wpx, hpx);
        for (x = 0; x < f->w; x++)
            mg__sb_printf(sb,
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                          "stroke=\"black\"/>\n",
                          m + x * u, m, m + x * u, m + (f->h - 1) * u);
        for (y = 0; y < f->h; y++)
            mg__sb_printf(sb,
                          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
                          "stroke=\"black\"/>\n",
                          m, m + y * u, m + (f->w - 1) * u, m + y * u);
        for (y = 0; y < f->h; y++)
            for (x = 0; x < f->w; x++) {
                int c = s->cell[y * f->w + x];
                if (c < 0)
                    continue;
                mg__sb_printf(sb,
                              "<circle class=\"stone p%d\" cx=\"%d\" "
                              "cy=\"%d\" r=\"16\" fill=\"%s\" "
                              "stroke=\"black\"/>\n",
                              c, m + x * u, m + (f->h - 1 - y) * u,
                              c ? "white" : "black");
            }
        mg__sb_printf(sb,
                      "<text x=\"10\" y=\"%d\" font-family=\"sans-serif\" "
                      "font-size=\"14\">",
                      hpx - 8);
        status(g, s, sb);
        mg__sb_puts(sb, "</text>\n</svg>\n");
        return;
    }
    for (y = f->h - 1; y >= 0; y--) {
        mg__sb_printf(sb, "%s%d", y + 1 < 10 && f->h >= 10 ? " " : "", y + 1);
        for (x = 0; x < f->w; x++) {
            int c = s->cell[y * f->w + x];
            mg__sb_putc(sb, ' ');
            mg__sb_putc(sb, c < 0 ? '.' : stone_char[c]);
        }
        mg__sb_putc(sb, '\n');
    }
    mg__sb_puts(sb, f->h >= 10 ? "  " : " ");
    for (x = 0; x < f->w; x++) {
        mg__sb_putc(sb, ' ');
        mg__sb_column(sb, x);
    }
    mg__sb_putc(sb, '\n');
    status(g, s, sb);
}

const mg__game_ops mg__fangqi_ops = {
    "fangqi",       options,       N_OPTS,          0,
    -1,             fq_defaults,   NULL,            fq_create,
    fq_destroy,     fq_init,       fq_current,      fq_winner,
    fq_legal,       fq_is_legal,   fq_apply,        fq_undo,
    fq_hash,        fq_hash_full,  fq_score,        fq_groups,
    fq_action_name, fq_action_parse, fq_render,     NULL,
};
