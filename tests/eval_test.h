/*
 * eval_test.h - MGNN files for the tests of the learned evaluation
 * (check_eval.c, check_eval_features.c, the fuzz seeds): a writer of the
 * format of doc/eval-format.md and its CRC-32, independent of the
 * library's loader.  No Check: the fuzz corpus generator uses it too.
 */
#ifndef MG_EVAL_TEST_H
#define MG_EVAL_TEST_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* CRC-32 (IEEE, reflected 0xEDB88320), bit by bit. */
static inline uint32_t ev_crc32(const unsigned char *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    size_t i;
    int k;
    for (i = 0; i < n; i++) {
        c ^= p[i];
        for (k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

typedef struct ev_buf {
    unsigned char *p;
    size_t len, cap;
} ev_buf;

static inline void ev_put(ev_buf *b, const void *src, size_t n)
{
    if (b->len + n > b->cap) {
        b->cap = (b->len + n) * 2 + 64;
        b->p = (unsigned char *)realloc(b->p, b->cap);
        if (!b->p)
            abort();
    }
    memcpy(b->p + b->len, src, n);
    b->len += n;
}

static inline void ev_u32(ev_buf *b, uint32_t v)
{
    unsigned char q[4];
    q[0] = (unsigned char)v;
    q[1] = (unsigned char)(v >> 8);
    q[2] = (unsigned char)(v >> 16);
    q[3] = (unsigned char)(v >> 24);
    ev_put(b, q, 4);
}

static inline void ev_f32(ev_buf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    ev_u32(b, u);
}

/* Write the u32 at offset `at` (little-endian). */
static inline void ev_set32(unsigned char *p, size_t at, uint32_t v)
{
    p[at] = (unsigned char)v;
    p[at + 1] = (unsigned char)(v >> 8);
    p[at + 2] = (unsigned char)(v >> 16);
    p[at + 3] = (unsigned char)(v >> 24);
}

/* Recompute the trailing checksum of a file of len bytes. */
static inline void ev_fix_crc(unsigned char *p, size_t len)
{
    ev_set32(p, len - 4, ev_crc32(p, len - 4));
}

/* A whole file: spec, inputs kind, n_in, n_layers sizes out[], then the
 * weights as given (every layer's W input-major then b), the checksum.
 * The caller frees b->p. */
static inline void ev_file(ev_buf *b, const char *spec, uint32_t inputs,
                           uint32_t n_in, uint32_t n_layers,
                           const uint32_t *out, const float *w, size_t nw)
{
    size_t n = strlen(spec), i;
    static const unsigned char zero[4] = {0, 0, 0, 0};
    b->p = NULL;
    b->len = b->cap = 0;
    ev_put(b, "MGNN", 4);
    ev_u32(b, 1);
    ev_u32(b, 0);
    ev_u32(b, (uint32_t)n);
    ev_put(b, spec, n);
    ev_put(b, zero, (4 - n % 4) % 4);
    ev_u32(b, inputs);
    ev_u32(b, n_in);
    ev_u32(b, n_layers);
    for (i = 0; i < n_layers; i++)
        ev_u32(b, out[i]);
    for (i = 0; i < nw; i++)
        ev_f32(b, w[i]);
    ev_u32(b, ev_crc32(b->p, b->len));
}

/* The number of weights (biases too) of a network. */
static inline size_t ev_count(uint32_t n_in, uint32_t n_layers,
                              const uint32_t *out)
{
    size_t n = 0, in = n_in, l;
    for (l = 0; l < n_layers; l++) {
        n += (in + 1) * out[l];
        in = out[l];
    }
    return n;
}

#endif /* MG_EVAL_TEST_H */
