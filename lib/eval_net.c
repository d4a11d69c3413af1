/*
 * eval_net.c - the learned evaluation's network and inputs (1.6;
 * doc/eval-format.md): the forward pass in float, portable C99 (hidden
 * layers clipped ReLU, the output tanh), and the inputs a network sees,
 * mg_eval_inputs.
 *
 * The first layer is recomputed from all its inputs at every call, not
 * updated on apply and undo: the input-major layout (one input's weights
 * contiguous) skips the zero inputs, which are most of an observation,
 * so a call costs about (nonzero inputs + 1) x width multiply-adds.
 */
#include "eval.h"

#include <string.h>

/* tanh without libm (the library links none): 1 - 2 / (e^2x + 1), e^y as
 * 2^k e^r with y = k ln 2 + r, |r| <= ln 2 / 2, e^r by its Taylor series
 * to r^10 (relative error < 1e-12), 2^k built in the exponent bits.
 * |x| >= 20: +-1 (tanh(20) is 1 in double). */
static double exp_small(double y) /* |y| <= 40 */
{
    const double ln2 = 0.69314718055994530942;
    double k = (double)(long)(y / ln2 + (y < 0 ? -0.5 : 0.5));
    double r = y - k * ln2, t = 1.0, e = 1.0, p;
    uint64_t bits;
    int i;
    for (i = 1; i <= 10; i++) {
        t *= r / i;
        e += t;
    }
    bits = (uint64_t)((int64_t)k + 1023) << 52;
    memcpy(&p, &bits, sizeof p);
    return e * p;
}

static double tanh_of(double x)
{
    if (x >= 20.0)
        return 1.0;
    if (x <= -20.0)
        return -1.0;
    return 1.0 - 2.0 / (exp_small(2.0 * x) + 1.0);
}

int mg__eval_input_count(const mg_game *g, int inputs, size_t *count)
{
    size_t n;
    if (inputs != MG_EVAL_OBSERVATION && inputs != MG_EVAL_FEATURES)
        return MG_EINVAL;
    if (!g->pos || !g->ops->observe || g->num_planes < 1)
        return MG_EUNSUPPORTED;
    n = (size_t)g->num_planes * (size_t)g->pos->n;
    if (inputs == MG_EVAL_FEATURES) {
        if (!g->ops->features || !g->ops->num_features)
            return MG_EUNSUPPORTED;
        n += (size_t)g->ops->num_features(g);
    }
    *count = n;
    return MG_OK;
}

void mg__eval_fill_inputs(const mg_game *g, const void *st, int inputs,
                          int player, float *buf)
{
    g->ops->observe(g, st, player, buf);
    if (inputs == MG_EVAL_FEATURES)
        g->ops->features(g, st, player,
                         buf + (size_t)g->num_planes * (size_t)g->pos->n);
}

int mg_eval_inputs(const mg_state *s, int inputs, float *buf, size_t cap,
                   size_t *count)
{
    const mg_game *g;
    size_t n;
    int rc, player;
    if (!s || !count || (!buf && cap))
        return MG_EINVAL;
    g = mg_state_game(s);
    rc = mg__eval_input_count(g, inputs, &n);
    if (rc != MG_OK)
        return rc;
    *count = n;
    if (n > cap)
        return MG_ENOBUFS;
    player = mg_state_current_player(s);
    if (player != 0 && player != 1)
        player = 0; /* over: seat 0's view */
    mg__eval_fill_inputs(g, mg__state_position(s), inputs, player, buf);
    return MG_OK;
}

/* out[j] = b[j] + sum_i x[i] W[i][j], skipping zero inputs. */
static void affine(const float *w, const float *b, const float *x,
                   uint32_t n_in, uint32_t n_out, float *out)
{
    uint32_t i, j;
    memcpy(out, b, n_out * sizeof *out);
    for (i = 0; i < n_in; i++) {
        const float xi = x[i], *row = w + (size_t)i * n_out;
        if (xi == 0.0f)
            continue;
        for (j = 0; j < n_out; j++)
            out[j] += xi * row[j];
    }
}

float mg__eval_forward(const mg_eval *ev, const float *x, float *scratch)
{
    float *a = scratch, *bb = scratch + ev->max_width;
    const float *h = x;
    int32_t l;
    for (l = 0; l < ev->n_layers; l++) {
        float *o = (l & 1) ? bb : a;
        affine(ev->w[l], ev->b[l], h, ev->in[l], ev->out[l], o);
        if (l + 1 < ev->n_layers) {
            uint32_t j;
            for (j = 0; j < ev->out[l]; j++)
                o[j] = o[j] < 0.0f ? 0.0f : o[j] > 1.0f ? 1.0f : o[j];
        }
        h = o;
    }
    return (float)tanh_of((double)h[0]);
}

float mg__eval_position(const mg_eval *ev, const void *st, int player,
                        float *scratch)
{
    float *x = scratch + 2 * (size_t)ev->max_width;
    mg__eval_fill_inputs(ev->game, st, ev->inputs, player, x);
    return mg__eval_forward(ev, x, scratch);
}
