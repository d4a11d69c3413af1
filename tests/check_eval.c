/*
 * check_eval.c - the learned evaluation (1.6): the MGNN loader and the
 * network's values (mg_eval_new, mg_eval_value, mg_eval_spec,
 * mg_eval_shape, mg_eval_inputs, mg_eval_builtin; doc/eval-format.md).
 *
 * Files are written by eval_test.h, independently of the loader:
 *   - every defect is refused with its code and a message naming it:
 *     the file cut at every length, every byte flipped (the checksum
 *     covers them all), each field set to a bad value with the checksum
 *     made right again (so the field's own check speaks), NaN and
 *     infinite weights, a wrong n_in for the game, unknown and
 *     non-canonical specs, a trailing byte, the weight limit;
 *   - tiny networks whose values are computed by hand, and random ones
 *     against a double-precision forward pass of the test's own (libm's
 *     tanh) to 1e-5 on positions of random games;
 *   - the errors of mg_eval_value and mg_eval_inputs.
 * The features of MG_EVAL_FEATURES are check_eval_features.c's.
 */
#include "eval_test.h"
#include "test_rng.h"
#include "tests.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TINY "dots_and_boxes(rows=1,cols=1)" /* 5 sites x 6 planes = 30 */

static void canon(const char *spec, char *buf, size_t cap)
{
    mg_game *g;
    size_t n;
    MG_GAME(g, spec);
    ck_assert_int_eq(mg_game_spec(g, buf, cap, &n), MG_OK);
    mg_game_free(g);
}

/* The tiny game's 30 inputs, a 30 -> 3 -> 1 network: W1 zero, b1
 * {-1, 0.5, 2}, W2 {1, 1, 1}, b2 0.  Weights in w (30*3+3+3+1). */
static size_t two_layer(float *w)
{
    size_t k = 0, i;
    for (i = 0; i < 90; i++)
        w[k++] = 0.0f;
    w[k++] = -1.0f;
    w[k++] = 0.5f;
    w[k++] = 2.0f;
    w[k++] = 1.0f;
    w[k++] = 1.0f;
    w[k++] = 1.0f;
    w[k++] = 0.0f;
    return k;
}

static void tiny_file(ev_buf *b)
{
    char spec[256];
    float w[97];
    static const uint32_t out[2] = {3, 1};
    canon(TINY, spec, sizeof spec);
    ck_assert_uint_eq(two_layer(w), ev_count(30, 2, out));
    ev_file(b, spec, 1, 30, 2, out, w, 97);
}

/* Refused with code rc and a message holding `what`; *out left NULL. */
static void refused(const unsigned char *p, size_t len, int rc,
                    const char *what)
{
    mg_eval *ev = (mg_eval *)&ev; /* must be overwritten with NULL */
    char err[512];
    int got = mg_eval_new(&ev, p, len, err, sizeof err);
    ck_assert_msg(got == rc, "len %zu, want '%s': want %d, got %d (%s)", len,
                  what, rc, got, err);
    ck_assert_ptr_null(ev);
    ck_assert_msg(strstr(err, what) != NULL, "len %zu: message '%s' lacks '%s'",
                  len, err, what);
}

START_TEST(test_hand_values)
{
    char spec[256];
    float w[31], v;
    ev_buf b;
    mg_game *g;
    mg_state *s;
    mg_eval *ev;
    char err[256];
    size_t i;
    static const uint32_t one[1] = {1};
    MG_GAME(g, TINY);
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    canon(TINY, spec, sizeof spec);
    /* one layer, every weight 0.1, bias -0.5: at the start the inputs
     * are 5 empty sites (plane 2) and 5 "to move" flags (plane 5), the
     * rest 0, so the value is tanh(0.1 * 10 - 0.5) = tanh(0.5) */
    for (i = 0; i < 30; i++)
        w[i] = 0.1f;
    w[30] = -0.5f;
    ev_file(&b, spec, 1, 30, 1, one, w, 31);
    ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, err, sizeof err), MG_OK);
    free(b.p);
    ck_assert_int_eq(mg_eval_value(ev, s, &v), MG_OK);
    ck_assert_double_eq_tol(v, 0.46211715726, 1e-6);
    mg_eval_free(ev);
    /* two layers: the hidden biases -1, 0.5, 2 clip to 0, 0.5, 1 */
    tiny_file(&b);
    ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, err, sizeof err), MG_OK);
    free(b.p);
    ck_assert_int_eq(mg_eval_value(ev, s, &v), MG_OK);
    ck_assert_double_eq_tol(v, 0.90514825364, 1e-6); /* tanh(1.5) */
    /* the same after a move: W1 is zero, nothing changes */
    ck_assert_int_eq(mg_state_apply(s, 0), MG_OK);
    ck_assert_int_eq(mg_eval_value(ev, s, &v), MG_OK);
    ck_assert_double_eq_tol(v, 0.90514825364, 1e-6);
    mg_eval_free(ev);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The test's own forward pass in double. */
static double forward(const float *w, uint32_t n_in, uint32_t nl,
                      const uint32_t *out, const float *x)
{
    double h[4096], o[4096];
    uint32_t in = n_in, l, i, j;
    const float *p = w;
    for (i = 0; i < n_in; i++)
        h[i] = x[i];
    for (l = 0; l < nl; l++) {
        for (j = 0; j < out[l]; j++) {
            o[j] = p[(size_t)in * out[l] + j];
            for (i = 0; i < in; i++)
                o[j] += h[i] * p[(size_t)i * out[l] + j];
            if (l + 1 < nl)
                o[j] = o[j] < 0 ? 0 : o[j] > 1 ? 1 : o[j];
        }
        p += (size_t)(in + 1) * out[l];
        in = out[l];
        for (j = 0; j < in; j++)
            h[j] = o[j];
    }
    return tanh(h[0]);
}

START_TEST(test_random_networks)
{
    static const char *const specs[] = {"dots_and_boxes", "china_squares",
                                        "fangqi", "chains_of_thought"};
    static const uint32_t shapes[3][4] = {{1}, {16, 1}, {32, 8, 4, 1}};
    static const uint32_t nls[3] = {1, 2, 4};
    static float x[20000];
    uint64_t rng = 31;
    size_t k, t;
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        char spec[512], err[256];
        mg_game *g;
        mg_state *s;
        size_t n_in, i;
        MG_GAME(g, specs[k]);
        canon(specs[k], spec, sizeof spec);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        ck_assert_int_eq(mg_eval_inputs(s, MG_EVAL_OBSERVATION, NULL, 0, &n_in),
                         MG_ENOBUFS);
        for (t = 0; t < 3; t++) {
            size_t nw = ev_count((uint32_t)n_in, nls[t], shapes[t]);
            float *w = malloc(nw * sizeof *w);
            ev_buf b;
            mg_eval *ev;
            int steps;
            for (i = 0; i < nw; i++)
                w[i] = (float)((double)mg_test_rand_below(&rng, 2001) / 1000.0 -
                               1.0) * (i < n_in * shapes[t][0] ? 0.2f : 1.0f);
            ev_file(&b, spec, 1, (uint32_t)n_in, nls[t], shapes[t], w, nw);
            ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, err, sizeof err),
                             MG_OK);
            free(b.p);
            for (steps = 0; steps < 40 && mg_state_current_player(s) >= 0;
                 steps++) {
                int32_t acts[4096];
                size_t na, nx;
                float v;
                ck_assert_int_eq(mg_eval_inputs(s, 1, x, 20000, &nx), MG_OK);
                ck_assert_uint_eq(nx, n_in);
                ck_assert_int_eq(mg_eval_value(ev, s, &v), MG_OK);
                ck_assert_msg(fabs(v - forward(w, (uint32_t)n_in, nls[t],
                                               shapes[t], x)) < 1e-5,
                              "%s net %zu step %d: %g vs %g", specs[k], t,
                              steps, v,
                              forward(w, (uint32_t)n_in, nls[t], shapes[t], x));
                ck_assert_int_eq(mg_state_legal_actions(s, acts, 4096, &na),
                                 MG_OK);
                ck_assert_int_eq(mg_state_apply(
                                     s, acts[mg_test_rand_below(&rng, na)]),
                                 MG_OK);
            }
            mg_eval_free(ev);
            free(w);
        }
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

START_TEST(test_truncated_and_flipped)
{
    ev_buf b;
    size_t len;
    tiny_file(&b);
    for (len = 0; len < b.len; len++)
        refused(b.p, len, MG_ESYNTAX, len < 4 ? "bad magic" : "truncated");
    for (len = 0; len < b.len; len++) {
        static const unsigned char flips[3] = {0x01, 0x80, 0xFF};
        int f;
        for (f = 0; f < 3; f++) {
            mg_eval *ev = NULL;
            char err[512];
            int rc;
            b.p[len] ^= flips[f];
            rc = mg_eval_new(&ev, b.p, b.len, err, sizeof err);
            ck_assert_msg(rc != MG_OK && ev == NULL && err[0],
                          "byte %zu ^ %d accepted", len, flips[f]);
            b.p[len] ^= flips[f];
        }
    }
    free(b.p);
}
END_TEST

/* Set the u32 at `at` to v, fix the checksum, expect (rc, what). */
static void field(const ev_buf *b, size_t at, uint32_t v, int rc,
                  const char *what)
{
    unsigned char *p = malloc(b->len);
    memcpy(p, b->p, b->len);
    ev_set32(p, at, v);
    ev_fix_crc(p, b->len);
    refused(p, b->len, rc, what);
    free(p);
}

START_TEST(test_fields)
{
    char spec[256];
    ev_buf b;
    size_t sp, i;
    unsigned char *p;
    tiny_file(&b);
    canon(TINY, spec, sizeof spec);
    sp = 16 + (strlen(spec) + 3) / 4 * 4; /* the field after the spec */
    {   /* the file itself loads */
        mg_eval *ev;
        ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, NULL, 0), MG_OK);
        mg_eval_free(ev);
    }
    field(&b, 0, 0x4D474E4Eu, MG_ESYNTAX, "bad magic");
    field(&b, 4, 2, MG_EVALUE, "version 2");
    field(&b, 4, 0, MG_EVALUE, "version 0");
    field(&b, 8, 1, MG_EVALUE, "flags 1");
    field(&b, 12, 0, MG_EVALUE, "spec_len 0");
    field(&b, 12, 1025, MG_EVALUE, "spec_len 1025");
    field(&b, 12, 0xFFFFFFFFu, MG_EVALUE, "spec_len");
    field(&b, sp, 0, MG_EVALUE, "inputs 0");
    field(&b, sp, 3, MG_EVALUE, "inputs 3");
    field(&b, sp + 4, 0, MG_EVALUE, "n_in 0");
    field(&b, sp + 4, 65537, MG_EVALUE, "n_in 65537");
    field(&b, sp + 4, 31, MG_ESYNTAX, "truncated");  /* more weights */
    field(&b, sp + 4, 29, MG_ESYNTAX, "too long");   /* fewer */
    field(&b, sp + 8, 0, MG_EVALUE, "n_layers 0");
    field(&b, sp + 8, 5, MG_EVALUE, "n_layers 5");
    field(&b, sp + 12, 0, MG_EVALUE, "layer 0's size 0");
    field(&b, sp + 12, 4097, MG_EVALUE, "layer 0's size 4097");
    field(&b, sp + 16, 2, MG_EVALUE, "last layer's size 2");
    field(&b, sp + 20, 0x7FC00000u, MG_EVALUE, "weight 0 at offset");
    field(&b, sp + 20 + 4 * 92, 0x7F800000u, MG_EVALUE, "weight 92 ");
    field(&b, b.len - 8, 0xFF800000u, MG_EVALUE, "not finite");
    b.p[b.len - 4] ^= 1; /* the checksum itself */
    refused(b.p, b.len, MG_ESYNTAX, "checksum mismatch");
    b.p[b.len - 4] ^= 1;
    /* the spec: another game's name, an unknown game, a bad option */
    p = malloc(b.len + 4);
    memcpy(p, b.p, b.len);
    p[16] = 'x';
    ev_fix_crc(p, b.len);
    refused(p, b.len, MG_ENOGAME, "MGNN spec");
    memcpy(p, b.p, b.len);
    p[17] = 0;
    ev_fix_crc(p, b.len);
    refused(p, b.len, MG_EVALUE, "zero byte");
    /* a trailing byte (the checksum over it): too long */
    memcpy(p, b.p, b.len - 4);
    p[b.len - 4] = 0;
    ev_set32(p, b.len - 3, 0);
    ev_fix_crc(p, b.len + 1);
    refused(p, b.len + 1, MG_ESYNTAX, "too long");
    free(p);
    free(b.p);
    /* the spec's padding must be zero: a spec of 5 bytes, 3 padding */
    {
        static const uint32_t out[1] = {1};
        float w[8] = {0};
        ev_file(&b, "fangq", 1, 7, 1, out, w, 8);
        b.p[22] = 1;
        ev_fix_crc(b.p, b.len);
        refused(b.p, b.len, MG_EVALUE, "padding at offset 22");
        free(b.p);
    }
    (void)i;
}
END_TEST

START_TEST(test_specs_and_sizes)
{
    char spec[256], fq[256], err[512];
    static const uint32_t one[1] = {1}, big[2] = {4096, 1};
    float w[400] = {0};
    ev_buf b;
    mg_eval *ev;
    canon(TINY, spec, sizeof spec);
    /* not canonical: the game exists but the file must name it fully */
    ev_file(&b, TINY, 1, 30, 1, one, w, 31);
    refused(b.p, b.len, MG_EVALUE, "not canonical");
    free(b.p);
    /* an option the game does not have */
    ev_file(&b, "dots_and_boxes(colour=red)", 1, 30, 1, one, w, 31);
    refused(b.p, b.len, MG_EOPTION, "MGNN spec");
    free(b.p);
    /* n_in that is not the game's: 29 inputs, a whole file */
    ev_file(&b, spec, 1, 29, 1, one, w, 30);
    refused(b.p, b.len, MG_EVALUE, "n_in 29 does not match");
    free(b.p);
    /* features: 30 + 18 for Dots and Boxes */
    ev_file(&b, spec, 2, 48, 1, one, w, 49);
    ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, err, sizeof err), MG_OK);
    free(b.p);
    {
        int kind = 0;
        size_t n = 0;
        ck_assert_int_eq(mg_eval_shape(ev, &kind, &n), MG_OK);
        ck_assert_int_eq(kind, MG_EVAL_FEATURES);
        ck_assert_uint_eq(n, 48);
        ck_assert_int_eq(mg_eval_shape(ev, NULL, NULL), MG_OK);
        ck_assert_int_eq(mg_eval_shape(NULL, &kind, &n), MG_EINVAL);
        ck_assert_int_eq(mg_eval_spec(ev, fq, sizeof fq, &n), MG_OK);
        ck_assert_str_eq(fq, spec);
        ck_assert_uint_eq(n, strlen(spec) + 1);
        ck_assert_int_eq(mg_eval_spec(ev, fq, 3, &n), MG_ENOBUFS);
        ck_assert_int_eq(mg_eval_spec(NULL, fq, sizeof fq, &n), MG_EINVAL);
    }
    mg_eval_free(ev);
    /* a game without features */
    canon("fangqi", fq, sizeof fq);
    ev_file(&b, fq, 2, 30, 1, one, w, 31);
    refused(b.p, b.len, MG_EVALUE, "has no features");
    free(b.p);
    /* more than 16 Mi weights: refused before any is read */
    ev_file(&b, spec, 1, 65536, 2, big, w, 0);
    refused(b.p, b.len, MG_EVALUE, "more than the limit");
    free(b.p);
    /* the arguments */
    ck_assert_int_eq(mg_eval_new(NULL, w, 4, err, sizeof err), MG_EINVAL);
    ck_assert_int_eq(mg_eval_new(&ev, NULL, 4, err, sizeof err), MG_EINVAL);
    ck_assert_int_eq(mg_eval_new(&ev, NULL, 0, NULL, 0), MG_ESYNTAX);
    mg_eval_free(NULL);
}
END_TEST

START_TEST(test_value_errors)
{
    ev_buf b;
    mg_game *g, *g2, *other;
    mg_state *s, *s2, *so;
    mg_eval *ev;
    char err[256];
    float v = 7.0f;
    tiny_file(&b);
    ck_assert_int_eq(mg_eval_new(&ev, b.p, b.len, err, sizeof err), MG_OK);
    free(b.p);
    MG_GAME(g, TINY);
    MG_GAME(g2, "dots_and_boxes(cols=1,rows=1,grid=square)"); /* equal */
    MG_GAME(other, "dots_and_boxes(rows=1,cols=2)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_new(&s2, g2), MG_OK);
    ck_assert_int_eq(mg_state_new(&so, other), MG_OK);
    ck_assert_int_eq(mg_eval_value(NULL, s, &v), MG_EINVAL);
    ck_assert_int_eq(mg_eval_value(ev, NULL, &v), MG_EINVAL);
    ck_assert_int_eq(mg_eval_value(ev, s, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_eval_value(ev, so, &v), MG_EMISMATCH);
    ck_assert(v == 7.0f);
    ck_assert_int_eq(mg_eval_value(ev, s2, &v), MG_OK);
    mg_state_playout(s, 1, -1);
    v = 7.0f;
    ck_assert_int_eq(mg_eval_value(ev, s, &v), MG_EOVER);
    ck_assert(v == 7.0f);
    mg_state_free(s);
    mg_state_free(s2);
    mg_state_free(so);
    mg_game_free(g);
    mg_game_free(g2);
    mg_game_free(other);
    mg_eval_free(ev);
}
END_TEST

START_TEST(test_inputs)
{
    static const char *const specs[] = {
        "dots_and_boxes", "dots_and_boxes(grid=hexagon,size=2)",
        "china_squares", "china_tangle", "fangqi", "chains_of_thought"};
    static float a[40000], o[40000];
    size_t k;
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mg_game *g;
        mg_state *s;
        int32_t planes, sites, acts[4096];
        size_t n, m, na, i;
        uint64_t rng = k + 1;
        int step;
        MG_GAME(g, specs[k]);
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        ck_assert_int_eq(mg_game_observation_shape(g, &planes, &sites), MG_OK);
        n = 99;
        ck_assert_int_eq(mg_eval_inputs(s, 1, a, 3, &n), MG_ENOBUFS);
        ck_assert_uint_eq(n, (size_t)planes * (size_t)sites);
        ck_assert_int_eq(mg_eval_inputs(s, 0, a, 40000, &n), MG_EINVAL);
        ck_assert_int_eq(mg_eval_inputs(s, 3, a, 40000, &n), MG_EINVAL);
        ck_assert_int_eq(mg_eval_inputs(NULL, 1, a, 40000, &n), MG_EINVAL);
        ck_assert_int_eq(mg_eval_inputs(s, 1, a, 40000, NULL), MG_EINVAL);
        ck_assert_int_eq(mg_eval_inputs(s, 1, NULL, 5, &n), MG_EINVAL);
        if (k < 4) { /* Dots and Boxes 18 features, China 8 */
            ck_assert_int_eq(mg_eval_inputs(s, 2, NULL, 0, &m), MG_ENOBUFS);
            ck_assert_uint_eq(m, n + (k < 2 ? 18 : 8));
        } else
            ck_assert_int_eq(mg_eval_inputs(s, 2, a, 40000, &m),
                             MG_EUNSUPPORTED);
        /* the observation of the player to move, along a random game */
        for (step = 0; step < 60 && mg_state_current_player(s) >= 0; step++) {
            int p = mg_state_current_player(s);
            ck_assert_int_eq(mg_eval_inputs(s, 1, a, 40000, &m), MG_OK);
            ck_assert_int_eq(mg_state_observation(s, p, o, 40000, &n), MG_OK);
            ck_assert_uint_eq(m, n);
            for (i = 0; i < n; i++)
                MG_REQUIRE(a[i] == o[i], "%s step %d input %zu", specs[k],
                           step, i);
            ck_assert_int_eq(mg_state_legal_actions(s, acts, 4096, &na), MG_OK);
            mg_state_apply(s, acts[mg_test_rand_below(&rng, na)]);
        }
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

/* mg_eval_builtin: each game either has a shipped network that loads,
 * values its start and names its spec, or says it has none. */
START_TEST(test_builtin)
{
    static const char *const specs[] = {"dots_and_boxes",
                                        "dots_and_boxes(rows=5,cols=5)",
                                        "china_squares", "fangqi",
                                        "chains_of_thought"};
    size_t k;
    mg_eval *ev = NULL;
    mg_game *g;
    MG_GAME(g, "fangqi");
    ck_assert_int_eq(mg_eval_builtin(NULL, g), MG_EINVAL);
    ck_assert_int_eq(mg_eval_builtin(&ev, NULL), MG_EINVAL);
    mg_game_free(g);
    for (k = 0; k < sizeof specs / sizeof specs[0]; k++) {
        mg_state *s;
        float v;
        int rc;
        MG_GAME(g, specs[k]);
        rc = mg_eval_builtin(&ev, g);
        ck_assert_msg(rc == MG_OK || rc == MG_EUNSUPPORTED, "%s: %d",
                      specs[k], rc);
        if (rc == MG_OK) {
            char a[512], e[512];
            size_t n;
            mg_eval_spec(ev, e, sizeof e, &n);
            mg_game_spec(g, a, sizeof a, &n);
            ck_assert_str_eq(a, e);
            ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
            ck_assert_int_eq(mg_eval_value(ev, s, &v), MG_OK);
            ck_assert(v >= -1.0f && v <= 1.0f);
            mg_state_free(s);
            mg_eval_free(ev);
        } else
            ck_assert_ptr_null(ev);
        mg_game_free(g);
    }
}
END_TEST

Suite *mg_eval_suite(void)
{
    Suite *s = suite_create("eval");
    TCase *tc = tcase_create("eval");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_hand_values);
    tcase_add_test(tc, test_random_networks);
    tcase_add_test(tc, test_truncated_and_flipped);
    tcase_add_test(tc, test_fields);
    tcase_add_test(tc, test_specs_and_sizes);
    tcase_add_test(tc, test_value_errors);
    tcase_add_test(tc, test_inputs);
    tcase_add_test(tc, test_builtin);
    suite_add_tcase(s, tc);
    return s;
}
