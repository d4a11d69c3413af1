/*
 * fangqi_board.c - Fangqi on the board (rules §4.2): the squares and the
 * protection they give, the removals and the moves a seat may make (with
 * the ko option), and the encirclement option.  The 2x2 blocks
 * themselves are inline in fangqi.h, for apply.
 */
#include "fangqi.h"

#include <string.h>

/* ------------------------------------------------------------ squares */

int mg__fq_protected_stone(const fq *f, const fstate *s, int p)
{
    int b[4], nb = blocks_at(f, p, b), i;
    for (i = 0; i < nb; i++)
        if (block_of(f, s, b[i], s->cell[p], -1, -1))
            return 1;
    return 0;
}

int mg__fq_all_protected(const fq *f, const fstate *s, int seat)
{
    int p;
    for (p = 0; p < f->P; p++)
        if (s->cell[p] == seat && !mg__fq_protected_stone(f, s, p))
            return 0;
    return 1;
}

int mg__fq_count_squares(const fq *f, const fstate *s, int seat)
{
    int x, y, n = 0;
    for (y = 0; y + 1 < f->h; y++)
        for (x = 0; x + 1 < f->w; x++)
            n += block_of(f, s, y * f->w + x, seat, -1, -1);
    return n;
}

/* The removal stage or run: any unprotected stone of the opponent's, or
 * any stone when all are protected (rules §4.2.5). */
int32_t mg__fq_list_removals(const fq *f, const fstate *s, int32_t *buf)
{
    int32_t n = 0;
    int p, opp = 1 - s->player, any = mg__fq_all_protected(f, s, opp);
    for (p = 0; p < f->P; p++)
        if (s->cell[p] == opp && (any || !mg__fq_protected_stone(f, s, p)))
            buf[n++] = f->P + p;
    return n;
}

/* -------------------------------------------------------------- moves */

/* The ko option (rules §4.2): 0 when the move from -> to completes a
 * square that the mover's last square move completed. */
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

/* Rook moves over empty points only, or one step (rules §4.2.6). */
int mg__fq_move_ok(const fq *f, const fstate *s, int from, int to)
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

int32_t mg__fq_list_moves(const fq *f, const fstate *s, int32_t *buf)
{
    return list_moves(f, s, buf);
}

/* Apart, so that the search for one move is compiled for buf NULL. */
int mg__fq_can_move(const fq *f, const fstate *s)
{
    return list_moves(f, s, NULL) > 0;
}

/* ------------------------------------------------------- encirclement */

/* Encirclement (the option, rules §4.2): opponent chains next to `to`
 * without an empty orthogonal neighbour are removed; their points go into
 * `removed`. */
int mg__fq_encircle(const fq *f, fstate *s, int to, unsigned char *removed)
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
        assert(s->stones[opp] >= n);
        s->stones[opp] = (int16_t)(s->stones[opp] - n);
        total += n;
    }
    return total;
}

/* ---------------------------------------------------------- checking */

int mg__fq_consistent(const fq *f, const fstate *s)
{
    uint64_t z = 0;
    int p, stones[2] = {0, 0};
    for (p = 0; p < f->P; p++)
        if (s->cell[p] >= 0) {
            stones[s->cell[p]]++;
            z ^= f->zcell[p][s->cell[p]];
        }
    return stones[0] == s->stones[0] && stones[1] == s->stones[1] &&
           z == s->zstones && s->pending >= 0;
}
