/*
 * fangqi_board.c - Fangqi on the board (rules §4.2): the points' tables
 * (neighbours, move targets, the run tables of rows and columns), the
 * squares and the protection they give, the removals and the moves a seat may make (with
 * the ko option), and the encirclement option.  The stones are bit sets
 * by rows and by columns (fangqi.h); the word operations apply and the
 * playout need (squares at a point, protected rows, the runs a stone
 * moves along) are inline in fangqi.h.
 */
#include "fangqi.h"

#include <string.h>

/* ------------------------------------------------------------ tables */

/* The tables of lines of n points (fq.hrun ...): run and cnt, and sum
 * when not NULL. */
static void line_tables(int n, int rook, uint8_t *run, uint8_t *cnt,
                        uint8_t *sum)
{
    uint32_t occ, m;
    int i, k, lo, hi;
    for (occ = 0; occ < 1u << n; occ++) {
        for (i = 0; i < n; i++) {
            run_at(fenced(occ, n), i, rook, &lo, &hi);
            run[occ * (uint32_t)n + (uint32_t)i] = (uint8_t)(lo | hi << 4);
            cnt[occ * (uint32_t)n + (uint32_t)i] = (uint8_t)(hi - lo);
        }
        for (k = 0; sum && k < 2; k++)
            for (m = 0; m < 16; m++) {
                int t = 0;
                for (i = 0; i < 4; i++) {
                    int x = 4 * k + i;
                    if (((m >> i) & 1u) && x < n && ((occ >> x) & 1u))
                        t += cnt[occ * (uint32_t)n + (uint32_t)x];
                }
                sum[occ * 32 + 16 * (uint32_t)k + m] = (uint8_t)t;
            }
    }
}

/* The points' coordinates, neighbours, keys and move targets. */
static void geometry(fq *f)
{
    int i, slot;
    for (i = 0; i < f->P; i++) {
        int x = i % f->w, y = i / f->w;
        f->px[i] = (uint8_t)x;
        f->py[i] = (uint8_t)y;
        f->orth[i][0] = (int16_t)(x + 1 < f->w ? i + 1 : -1);
        f->orth[i][1] = (int16_t)(x > 0 ? i - 1 : -1);
        f->orth[i][2] = (int16_t)(y + 1 < f->h ? i + f->w : -1);
        f->orth[i][3] = (int16_t)(y > 0 ? i - f->w : -1);
        f->zcell[i][0] = mg__zobrist_key(0xFA01, (uint64_t)(2 * i));
        f->zcell[i][1] = mg__zobrist_key(0xFA01, (uint64_t)(2 * i + 1));
    }
    for (i = 0; i < f->P; i++)
        for (slot = 0; slot < f->S; slot++)
            f->mv[i * f->S + slot] =
                (uint32_t)i | (uint32_t)slot_target(f, i, slot) << 16;
}

/* The tables of rows and columns (fq), after the move targets: the rows'
 * hsize bytes, then the columns'. */
static void tables(fq *f, size_t hsize)
{
    const int w = f->w, h = f->h;
    uint8_t *t = (uint8_t *)(f->mv + (size_t)f->P * (size_t)f->S);
    size_t hn = (size_t)1 << w, vn = (size_t)1 << h;
    uint8_t *v = t + hsize;
    int i, y;
    f->tabled = 1;
    line_tables(w, f->rook, t, t + hn * (size_t)w, t + 2 * hn * (size_t)w);
    line_tables(h, f->rook, v, v + vn * (size_t)h, NULL);
    f->hrun = t;
    f->hcnt = t + hn * (size_t)w;
    f->hsum = t + 2 * hn * (size_t)w;
    f->vrun = v;
    f->vcnt = v + vn * (size_t)h;
    for (i = 0; i < 1 << h; i++)
        for (y = 0; y < h; y++)
            if ((i >> y) & 1) {
                f->vbytes[i] |= (uint64_t)f->vcnt[i * h + y] << (8 * y);
                f->bytes[i] |= (uint64_t)0xFF << (8 * y);
            }
}

void mg__fq_tables(fq *f, int tabled, size_t hsize)
{
    geometry(f);
    if (tabled)
        tables(f, hsize);
}

/* ------------------------------------------------------------ squares */

int mg__fq_protected_stone(const fq *f, const fstate *s, int p)
{
    uint32_t lo, hi;
    return squares_at(f, s, cell_at(f, s, p), X(f, p), Y(f, p), &lo, &hi) >
           0;
}

int mg__fq_all_protected(const fq *f, const fstate *s, int seat)
{
    uint32_t prot[MAXW];
    int y;
    protected_rows(f, s, seat, prot);
    for (y = 0; y < f->h; y++)
        if (s->row[seat][y] & ~prot[y])
            return 0;
    return 1;
}

int mg__fq_count_squares(const fq *f, const fstate *s, int seat)
{
    int y, n = 0;
    for (y = 0; y + 1 < f->h; y++)
        n += pop32(sq_row(s, seat, y));
    return n;
}

/* The removal stage or run: any unprotected stone of the opponent's, or
 * any stone when all are protected (rules §4.2.5). */
int32_t mg__fq_list_removals(const fq *f, const fstate *s, int32_t *buf)
{
    uint32_t rem[MAXW];
    int32_t n = 0;
    int y;
    removable_rows(f, s, 1 - s->player, rem);
    for (y = 0; y < f->h; y++) {
        uint32_t r = rem[y];
        int32_t base = f->P + y * f->w;
        for (; r; r &= r - 1)
            buf[n++] = base + (int32_t)mg__ctz64(r);
    }
    return n;
}

/* -------------------------------------------------------------- moves */

/* The ko option (rules §4.2): 0 when the move from -> to completes a
 * square that the mover's last square move completed: a banned block
 * holding `to` but not `from` whose other three points hold the mover's
 * stones. */
static int ko_ok(const fq *f, const fstate *s, int from, int to)
{
    const int me = s->player;
    int k;
    if (!ko_on(f, s))
        return 1;
    for (k = 0; k < s->nko[me]; k++) {
        int b = s->ko[me][k], bx = X(f, b), by = Y(f, b), tx = X(f, to),
            ty = Y(f, to), fx = X(f, from), fy = Y(f, from);
        uint32_t m = 3u << bx, t = 1u << tx;
        uint32_t r0 = s->row[me][by], r1 = s->row[me][by + 1];
        if (tx - bx > 1 || tx < bx || ty - by > 1 || ty < by)
            continue; /* `to` is not in the block */
        if (fx - bx <= 1 && fx >= bx && fy - by <= 1 && fy >= by)
            continue; /* moving out of the block breaks it */
        if (ty == by)
            r0 |= t;
        else
            r1 |= t;
        if ((r0 & m) == m && (r1 & m) == m)
            return 0;
    }
    return 1;
}

/* Rook moves over empty points only, or one step (rules §4.2.6). */
int mg__fq_move_ok(const fq *f, const fstate *s, int from, int to)
{
    int fx = X(f, from), fy = Y(f, from), tx = X(f, to), ty = Y(f, to);
    int lo, hi;
    if (f->tabled) {
        int r = fy == ty
                    ? f->hrun[occ_row(s, fy) * (uint32_t)f->w + (uint32_t)fx]
                    : f->vrun[occ_col(s, fx) * (uint32_t)f->h + (uint32_t)fy];
        lo = r & 15;
        hi = r >> 4;
    } else if (fy == ty) {
        run_at(fenced(occ_row(s, fy), f->w), fx, f->rook, &lo, &hi);
    } else {
        run_at(fenced(occ_col(s, fx), f->h), fy, f->rook, &lo, &hi);
    }
    if (fy == ty ? tx < lo || tx > hi : ty < lo || ty > hi)
        return 0;
    return ko_ok(f, s, from, to);
}

/* ids v, v + 1, ... into out: k of them (k <= 18), written 8 at a time
 * (out has room for the rounding up). */
static inline void put_ids(int32_t *out, int32_t v, int k)
{
    int j, i;
    for (j = 0; j < k; j += 8)
        for (i = 0; i < 8; i++)
            out[j + i] = v + j + i;
}

/* The moves of the player to move but for a ko ban, ascending: a stone
 * reaches the empty run on each side along its row and its column
 * (run_at, or the tables); slots number the row's other points left to
 * right, then the column's bottom to top (slot_target), so each run is
 * one range of slots, written as a block while the buffer (max_legal
 * ids) has room for the rounding up, one by one near its end. */
static int32_t list_moves_tabled(const fq *f, const fstate *s, int32_t *buf)
{
    const int w = f->w, h = f->h, me = s->player;
    const int32_t room = f->max_legal - 2 * 24;
    uint32_t cols[MAXW];
    int32_t n = 0;
    int x, y;
    { /* runs of at most 7 points: one block of 8 each */
        for (x = 0; x < w; x++)
            cols[x] = occ_col(s, x) * (uint32_t)h;
        for (y = 0; y < h; y++) {
            uint32_t own = s->row[me][y], rr = occ_row(s, y) * (uint32_t)w;
            int32_t rowbase = 2 * f->P + y * w * f->S;
            for (; own; own &= own - 1) {
                int i, hr, vr;
                int32_t base, *out = buf + n;
                x = (int)mg__ctz64(own);
                base = rowbase + x * f->S;
                hr = f->hrun[rr + (uint32_t)x];
                vr = f->vrun[cols[x] + (uint32_t)y];
                if (n > room) {
                    for (i = hr & 15; i < hr >> 4; i++)
                        buf[n++] = base + i;
                    for (i = vr & 15; i < vr >> 4; i++)
                        buf[n++] = base + (w - 1) + i;
                    continue;
                }
                base += hr & 15;
                for (i = 0; i < 8; i++)
                    out[i] = base + i;
                out += (hr >> 4) - (hr & 15);
                base = rowbase + x * f->S + (w - 1) + (vr & 15);
                for (i = 0; i < 8; i++)
                    out[i] = base + i;
                n = (int32_t)(out - buf) + (vr >> 4) - (vr & 15);
            }
        }
        return n;
    }
}

static int32_t list_moves_runs(const fq *f, const fstate *s, int32_t *buf)
{
    const int w = f->w, h = f->h, me = s->player, rook = f->rook;
    const int32_t room = f->max_legal - 2 * 24;
    uint32_t cols[MAXW];
    int32_t n = 0;
    int x, y;
    for (x = 0; x < w; x++)
        cols[x] = fenced(occ_col(s, x), h);
    for (y = 0; y < h; y++) {
        uint32_t own = s->row[me][y], rr = fenced(occ_row(s, y), w);
        int32_t rowbase = 2 * f->P + y * w * f->S;
        for (; own; own &= own - 1) {
            int lo, hi, dlo, dhi, t;
            int32_t base;
            x = (int)mg__ctz64(own);
            base = rowbase + x * f->S;
            run_at(rr, x, rook, &lo, &hi);
            run_at(cols[x], y, rook, &dlo, &dhi);
            if (n <= room) {
                put_ids(buf + n, base + lo, hi - lo);
                n += hi - lo;
                put_ids(buf + n, base + (w - 1) + dlo, dhi - dlo);
                n += dhi - dlo;
                continue;
            }
            for (t = lo; t < hi; t++)
                buf[n++] = base + t;
            for (t = dlo; t < dhi; t++)
                buf[n++] = base + (w - 1) + t;
        }
    }
    return n;
}

static int32_t list_moves_free(const fq *f, const fstate *s, int32_t *buf)
{
    return f->tabled ? list_moves_tabled(f, s, buf) : list_moves_runs(f, s, buf);
}

/* The moves a ko ban forbids now (rules §4.2, ko_ok): a banned block with
 * three of its points the mover's and the fourth, t, empty is completed
 * by a move to t of a stone outside the block: the nearest stone on each
 * side of t along its row and its column, when it is the mover's and
 * reaches t.  Their ids into ids (at most 16, each once); their number. */
static int ko_banned(const fq *f, const fstate *s, int32_t *ids)
{
    const int me = s->player, w = f->w;
    int k, n = 0;
    for (k = 0; k < s->nko[me]; k++) {
        int b = s->ko[me][k], bx = X(f, b), by = Y(f, b), t, tx, ty, d;
        uint32_t mine = ((s->row[me][by] >> bx) & 3u) |
                        ((s->row[me][by + 1] >> bx) & 3u) << 2;
        uint32_t rr, cc;
        if (pop32(mine) != 3)
            continue;
        d = (int)mg__ctz64(~mine & 15u); /* the corner left: 0 .. 3 */
        tx = bx + (d & 1);
        ty = by + (d >> 1);
        t = ty * w + tx;
        if (cell_at(f, s, t) >= 0)
            continue;
        rr = fenced(occ_row(s, ty), w);
        cc = fenced(occ_col(s, tx), f->h);
        for (d = 0; d < 4; d++) {
            int q, qx = tx, qy = ty, i;
            int32_t id;
            if (d == 0)
                qx = hibit(rr & ((2u << tx) - 1u)) - 1;
            else if (d == 1)
                qx = tx + 1 + (int)mg__ctz64(rr >> (tx + 2));
            else if (d == 2)
                qy = hibit(cc & ((2u << ty) - 1u)) - 1;
            else
                qy = ty + 1 + (int)mg__ctz64(cc >> (ty + 2));
            if (qx < 0 || qx >= w || qy < 0 || qy >= f->h)
                continue; /* the edge */
            if (!f->rook && qx - tx + qy - ty != 1 && tx - qx + ty - qy != 1)
                continue; /* one step only */
            if (qx - bx >= 0 && qx - bx <= 1 && qy - by >= 0 && qy - by <= 1)
                continue; /* in the block: moving it breaks the square */
            q = qy * w + qx;
            if (!((s->row[me][qy] >> qx) & 1u))
                continue;
            id = 2 * f->P + q * f->S + slot_of(f, q, t);
            for (i = 0; i < n && ids[i] != id; i++)
                ;
            if (i == n)
                ids[n++] = id;
        }
    }
    return n;
}

/* The number of moves without a ko ban. */
static int32_t count_moves_free(const fq *f, const fstate *s)
{
    const int me = s->player;
    int32_t n = 0;
    int x, y;
    for (y = 0; y < f->h; y++) {
        uint32_t own = s->row[me][y], rr = fenced(occ_row(s, y), f->w);
        for (; own; own &= own - 1) {
            int lo, hi, dlo, dhi;
            x = (int)mg__ctz64(own);
            run_at(rr, x, f->rook, &lo, &hi);
            run_at(fenced(occ_col(s, x), f->h), y, f->rook, &dlo, &dhi);
            n += hi - lo + dhi - dlo;
        }
    }
    return n;
}

int32_t mg__fq_list_moves(const fq *f, const fstate *s, int32_t *buf)
{
    int32_t banned[16], n = list_moves_free(f, s, buf), i, j;
    int nb = ko_on(f, s) ? ko_banned(f, s, banned) : 0, k;
    if (nb == 0)
        return n;
    for (i = j = 0; i < n; i++) { /* the list less the banned moves */
        for (k = 0; k < nb && banned[k] != buf[i]; k++)
            ;
        if (k == nb)
            buf[j++] = buf[i];
    }
    return j;
}

int mg__fq_can_move(const fq *f, const fstate *s)
{
    int32_t banned[16];
    int nb = ko_on(f, s) ? ko_banned(f, s, banned) : 0;
    if (nb == 0)
        return can_move_free(f, s);
    return count_moves_free(f, s) > nb; /* the banned ones are moves */
}

/* ------------------------------------------------------- encirclement */

/* The points next to the points of `m` (rows), on the board. */
static void grow(const fq *f, const uint32_t *m, uint32_t *out)
{
    int y;
    for (y = 0; y < f->h; y++) {
        uint32_t g = m[y] | m[y] << 1 | m[y] >> 1;
        if (y > 0)
            g |= m[y - 1];
        if (y + 1 < f->h)
            g |= m[y + 1];
        out[y] = g & f->wmask;
    }
}

/* Encirclement (the option, rules §4.2): opponent chains next to `to`
 * without an empty orthogonal neighbour are removed; their points go into
 * `removed`.  A chain grows from its first stone by whole rows at a time;
 * one empty neighbour found on the way spares it. */
int mg__fq_encircle(const fq *f, fstate *s, int to, unsigned char *removed)
{
    int d, opp = 1 - cell_at(f, s, to), total = 0;
    for (d = 0; d < 4; d++) {
        int start = f->orth[to][d], y, n = 0, free_ = 0, more = 1;
        uint32_t chain[MAXW], g[MAXW];
        if (start < 0 || cell_at(f, s, start) != opp)
            continue;
        memset(chain, 0, sizeof chain);
        chain[Y(f, start)] = 1u << X(f, start);
        while (more && !free_) {
            grow(f, chain, g);
            more = 0;
            for (y = 0; y < f->h; y++) {
                uint32_t c = g[y] & s->row[opp][y];
                free_ |= (g[y] & ~occ_row(s, y)) != 0;
                more |= c != chain[y];
                chain[y] = c;
            }
        }
        if (free_)
            continue;
        for (y = 0; y < f->h; y++) {
            uint32_t c = chain[y];
            for (; c; c &= c - 1) {
                int p = y * f->w + (int)mg__ctz64(c);
                flip_stone(f, s, p, opp);
                removed[p / 8] |= (unsigned char)(1u << (p % 8));
                n++;
            }
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
    int x, y, seat, stones[2] = {0, 0};
    for (seat = 0; seat < 2; seat++)
        for (y = 0; y < MAXW; y++) {
            uint32_t r = s->row[seat][y];
            if (y >= f->h ? r != 0 : (r & ~f->wmask) != 0)
                return 0;
            if (y < f->h && (r & s->row[1 - seat][y]))
                return 0;
            for (x = 0; x < MAXW; x++) {
                int c = (int)((s->col[seat][x] >> y) & 1u);
                if (c != (int)((r >> x) & 1u))
                    return 0;
            }
            for (; r; r &= r - 1) {
                stones[seat]++;
                z ^= f->zcell[y * f->w + mg__ctz64(r)][seat];
            }
        }
    return stones[0] == s->stones[0] && stones[1] == s->stones[1] &&
           z == s->zstones && s->pending >= 0;
}
