/*
 * china_playout.c - the random playouts of the four China games (the
 * playout op behind mg_state_playout, and the playout_result op behind
 * mg_state_playout_result, 1.5): one loop, instantiated twice, drawing
 * the same actions for a seed; the result's copy keeps no ids, undo
 * records, hash or cell array, and is scored once at the end.
 */
#include "china_step.h"

/* The playout's first_cells, kept per class: between two turns' first
 * stones only one class changes (the earlier turn's), measured again. */
typedef struct first_cache {
    int ready;
    int32_t dirty;              /* a class changed since, or -1 */
    int32_t total;              /* the cells of set */
    int32_t count[MAXK];        /* class_first of each class */
    uint64_t part[MAXK][CW];
    uint64_t set[CW];           /* their union */
} first_cache;

static int32_t first_cached(const china *c, const cstate *s, first_cache *f)
{
    int32_t k = f->dirty;
    int w;
    if (!f->ready) {
        f->total = 0;
        for (w = 0; w < CW; w++)
            f->set[w] = 0;
        for (k = 0; k < c->nk; k++) {
            f->total += f->count[k] = class_first(c, s, k, f->part[k]);
            for (w = 0; w < CW; w++)
                f->set[w] |= f->part[k][w];
        }
        f->ready = 1;
    } else if (k >= 0) {
        f->total -= f->count[k];
        for (w = 0; w < CW; w++)
            f->set[w] &= ~f->part[k][w];
        f->total += f->count[k] = class_first(c, s, k, f->part[k]);
        for (w = 0; w < CW; w++)
            f->set[w] |= f->part[k][w];
    }
    f->dirty = -1;
    return f->total;
}

/* Write field `f` of an undo record (a header, unaligned) from v. */
#define PUT(out, f, v)                                                        \
    do {                                                                      \
        memcpy((out) + offsetof(cstate, f), &(v), sizeof(v));                 \
    } while (0)

/* The playout's rest of a turn after its first stone, for small classes
 * and order=free: the class's vacancy bits and the counts stay in
 * registers and each undo record is written from them (what apply would
 * save: the header before the action).  Returns the new `done`.  full:
 * as step_action's (0: no ids, records, hash or cell[]). */
CHINA_INLINE int32_t turn_rest(const china *c, cstate *s, uint64_t *x,
                               int32_t max, int32_t *hist,
                               unsigned char *rec, size_t stride,
                               int32_t done, const int full)
{
    const int32_t k = s->klass, col = s->colour;
    const int16_t *kc = c->kcells + c->kstart[k];
    const uint32_t stop = (uint32_t)may_stop(c, s);
    const int t = s->turn < 2 ? s->turn : 2;
    unsigned char hd[HEADER_SIZE]; /* the header's fields fixed this turn */
    uint64_t h = s->hash;
    uint32_t v = s->kvac[k];
    int16_t placed = s->placed, last = s->last, vk = s->vacant[k],
            vt = s->vacant_total, stones = s->stones[col];
    if (full)
        memcpy(hd, s, HEADER_SIZE);
    while (done != max) {
        uint32_t r = mg__rand_below(x, (uint32_t)vk + stop);
        int32_t j, a;
        uint64_t bit;
        if (full) {
            unsigned char *out = rec + (size_t)done * stride;
            memcpy(out, hd, HEADER_SIZE);
            PUT(out, hash, h);
            PUT(out, placed, placed);
            PUT(out, last, last);
            PUT(out, vacant_total, vt);
            memcpy(out + offsetof(cstate, stones) + col * sizeof stones,
                   &stones, sizeof stones);
        }
        if (r == (uint32_t)vk) { /* done */
            h ^= c->zklass[k] ^ c->zplaced[placed & 15] ^ c->zcolour[col] ^
                 c->zcolour[col ^ 1] ^ c->zturn[t] ^
                 c->zturn[s->turn + 1 < 2 ? s->turn + 1 : 2];
            if (full)
                hist[done] = c->done_action;
            done++;
            goto end_turn;
        }
        j = select16(c, v, r);
        a = kc[j];
        bit = 1ULL << (a & 63);
        v &= ~(1U << j);
        vk--;
        vt--;
        stones++;
        h ^= c->zstone[a][col] ^ c->zplaced[placed & 15];
        placed++;
        last = (int16_t)a;
        if (full) {
            s->cell[a] = (int8_t)col;
            hist[done] = a;
        }
        done++;
        s->vac[a >> 6] &= ~bit;
        s->own[col][a >> 6] |= bit;
        if (vt == 0) { /* a full board */
            h ^= c->zklass[k] ^ c->zcolour[col] ^ c->zturn[t] ^ c->zturn[2];
            s->colour = -1;
            break;
        }
        if (placed >= s->quota || vk == 0) {
            h ^= c->zklass[k] ^ c->zcolour[col] ^ c->zcolour[col ^ 1] ^
                 c->zturn[t] ^ c->zturn[s->turn + 1 < 2 ? s->turn + 1 : 2];
            goto end_turn;
        }
        h ^= c->zplaced[placed & 15];
    }
    s->placed = placed;
    s->last = last;
    goto out;
end_turn:
    end_turn(s);
out:
    if (full)
        s->hash = h;
    s->kvac[k] = (uint16_t)v;
    s->vacant[k] = vk;
    s->vacant_total = vt;
    s->stones[col] = stones;
    return done;
}

/* The playout of both ops: full 1, mg_state_playout's (ids into hist,
 * undo records into rec, the whole position kept); full 0,
 * mg_state_playout_result's (none of those: hist and rec unused).  The
 * same draws either way, so both calls play the same actions for a
 * seed. */
CHINA_INLINE int32_t play(const china *c, cstate *s, uint64_t *rng,
                          int32_t max, int32_t *hist, unsigned char *rec,
                          size_t stride, const int full)
{
    int32_t done = 0;
    uint64_t x = *rng; /* a local: rng could alias the position's words */
    first_cache fc;
    fc.ready = 0;
    fc.dirty = -1;
    while (s->colour >= 0 && done != max) {
        uint64_t m[CW];
        int32_t a;
        uint32_t n, r;
        if (s->placed == 0) {
            const uint64_t *set = s->vac;
            int swap = s->turn == 1 && !s->swapped;
            n = (uint32_t)s->vacant_total;
            if (c->ascending && !may_stop(c, s)) {
                n = (uint32_t)first_cached(c, s, &fc);
                set = fc.set;
            }
            if (n + (uint32_t)swap == 0)
                break; /* nothing legal: the generic loop stops too */
            r = mg__rand_below(&x, n + (uint32_t)swap);
            a = r == n ? c->swap_action : select_cell(c, set, r);
        } else if (c->small && !c->ascending) {
            done = turn_rest(c, s, &x, max, hist, rec, stride, done, full);
            continue;
        } else {
            int stop = may_stop(c, s);
            uint32_t v;
            n = (uint32_t)(c->small ? next_small(c, s, &v)
                                    : next_cells(c, s, m));
            if (n + (uint32_t)stop == 0)
                break;
            r = mg__rand_below(&x, n + (uint32_t)stop);
            if (r == n)
                a = c->done_action;
            else if (c->small)
                a = c->kcells[c->kstart[s->klass] + select16(c, v, r)];
            else
                a = select_cell(c, m, r);
        }
        if (full)
            memcpy(rec + (size_t)done * stride, s, HEADER_SIZE);
        if (a < c->n)
            fc.dirty = c->klass[a];
        step_action(c, s, a, full);
        if (full)
            hist[done] = a;
        done++;
    }
    *rng = x;
    return done;
}

/* mg_state_playout_result's loop for small classes and order=free (every
 * default game: pattern classes of at most 16 cells): play(full 0)'s
 * draws, with the turn's class, quota and vacancy bits, the counts and
 * the side to move in registers, one turn an iteration; the vacant cells
 * of each word counted (wc), so a turn's first stone, the r-th vacant
 * cell, reads only its own word's bytes (one: 1, a board of one word,
 * the Labyrinth, whose count is vt).  It keeps only
 * what the scoring reads (own, stones, colour; swapped); the position's
 * other fields are left behind. */
CHINA_INLINE int32_t play_free(const china *c, cstate *s, uint64_t *rng,
                               int32_t max, const int one)
{
    uint64_t x = *rng;
    int32_t done = 0, k, vt = s->vacant_total, placed, quota, vk, turn;
    int col = s->colour, swapped = s->swapped;
    int16_t stones[2];
    int32_t wc[CW];
    uint32_t v;
    const int16_t *kc;
    int w;
    for (w = 0; !one && w < CW; w++)
        wc[w] = w < c->nw ? bits_count(s->vac[w]) : 0;
    stones[0] = s->stones[0];
    stones[1] = s->stones[1];
    turn = s->turn;
    if (s->placed > 0) { /* a turn begun: its rest first */
        k = s->klass;
        placed = s->placed;
        quota = s->quota;
        v = s->kvac[k];
        vk = s->vacant[k];
        kc = c->kcells + c->kstart[k];
        goto rest;
    }
    for (;;) {
        uint32_t n = (uint32_t)vt, r, swap, stop;
        int32_t a;
        uint64_t bit;
        if (done == max)
            break;
        swap = turn == 1 && !swapped;
        r = mg__rand_below(&x, n + swap);
        done++;
        if (r == n) { /* swap: the same colour moves, now seat 0 */
            swapped = 1;
            continue;
        }
        for (w = 0; !one && r >= (uint32_t)wc[w]; w++)
            r -= (uint32_t)wc[w];
        a = 64 * w + select_word(c, s->vac[w], byte_prefix(s->vac[w]), r);
        k = c->klass[a];
        kc = c->kcells + c->kstart[k];
        vk = s->vacant[k];
        quota = c->base - c->beams[a];
        if (quota > vk)
            quota = vk;
        v = s->kvac[k] & ~(1U << c->kpos[a]);
        vk--;
        bit = 1ULL << (a & 63);
        s->vac[a >> 6] &= ~bit;
        s->own[col][a >> 6] |= bit;
        if (!one)
            wc[a >> 6]--;
        stones[col]++;
        placed = 1;
        if (--vt == 0) { /* rules 1.3.5 / 2.3.4: a full board */
            col = -1;
            goto store;
        }
    rest:
        stop = (uint32_t)(!c->maximal || turn == 0);
        while (placed < quota && vk > 0) {
            int32_t j;
            if (done == max)
                goto store;
            r = mg__rand_below(&x, (uint32_t)vk + stop);
            done++;
            if (r == (uint32_t)vk) /* done */
                break;
            j = select16(c, v, r);
            a = kc[j];
            v &= ~(1U << j);
            vk--;
            bit = 1ULL << (a & 63);
            s->vac[a >> 6] &= ~bit;
            s->own[col][a >> 6] |= bit;
            if (!one)
                wc[a >> 6]--;
            stones[col]++;
            placed++;
            if (--vt == 0) {
                col = -1;
                goto store;
            }
        }
        s->kvac[k] = (uint16_t)v;
        s->vacant[k] = (int16_t)vk;
        turn++;
        col ^= 1;
    }
store: /* what the scoring reads */
    s->colour = (int8_t)col;
    s->swapped = (int8_t)swapped;
    s->stones[0] = stones[0];
    s->stones[1] = stones[1];
    *rng = x;
    return done;
}

int32_t mg__china_playout(const mg_game *g, void *st, uint64_t *rng,
                          int32_t max, int32_t *hist, unsigned char *rec,
                          size_t stride, int32_t *scratch)
{
    (void)scratch;
    return play(C(g), st, rng, max, hist, rec, stride, 1);
}

/* The copy leaves cell[] (the last field) out: play(full 0) and the
 * scoring never read it. */
int32_t mg__china_playout_result(const mg_game *g, const void *st,
                                 void *work, int32_t *scratch, uint64_t *rng,
                                 int32_t max, int32_t *winner,
                                 int32_t *scores)
{
    cstate *w = work;
    int32_t done;
    (void)scratch;
    memcpy(w, st, offsetof(cstate, cell));
    if (C(g)->small && !C(g)->ascending && C(g)->nw == 1)
        done = play_free(C(g), w, rng, max, 1);
    else if (C(g)->small && !C(g)->ascending)
        done = play_free(C(g), w, rng, max, 0);
    else
        done = play(C(g), w, rng, max, NULL, NULL, 0, 0);
    mg__china_result(g, w, winner, scores);
    return done;
}
