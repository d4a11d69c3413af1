/*
 * eval.c - the MGNN loader and the mg_eval_* functions of the learned
 * evaluation (1.6; doc/eval-format.md).  Every byte of a file is checked
 * before it is used: a file is refused with a message that names the
 * defect and its offset, never read past its end, and a refused file
 * leaves nothing allocated.  The forward pass is eval_net.c.
 */
#include "eval.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- CRC-32 */

/* CRC-32 of IEEE 802.3 (reflected 0xEDB88320, as zlib's crc32), a table
 * made per call (256 steps: nothing beside a file's bytes). */
static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t table[256], c = 0xFFFFFFFFu;
    uint32_t i;
    size_t k;
    for (i = 0; i < 256; i++) {
        uint32_t v = i;
        int j;
        for (j = 0; j < 8; j++)
            v = (v & 1) ? 0xEDB88320u ^ (v >> 1) : v >> 1;
        table[i] = v;
    }
    for (k = 0; k < n; k++)
        c = table[(c ^ p[k]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

/* ------------------------------------------------------------- reading */

typedef struct rd {
    const unsigned char *p;
    size_t len, at;
    char *err;
    size_t errcap;
} rd;

static uint32_t le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* The next u32 (field `what`), or MG_ESYNTAX when the file ends first. */
static int next_u32(rd *r, const char *what, uint32_t *v)
{
    if (r->len - r->at < 4)
        return mg__err(r->err, r->errcap, MG_ESYNTAX,
                       "MGNN file truncated: %s at offset %ld needs 4 bytes,"
                       " %ld left", what, (long)r->at, (long)(r->len - r->at));
    *v = le32(r->p + r->at);
    r->at += 4;
    return MG_OK;
}

static float le_float(const unsigned char *p)
{
    uint32_t u = le32(p);
    float f;
    memcpy(&f, &u, sizeof f); /* IEEE-754 binary32, the host's order */
    return f;
}

/* ------------------------------------------------------------- loading */

void mg_eval_free(mg_eval *ev)
{
    if (!ev)
        return;
    mg_game_free(ev->game);
    free(ev->mem);
    free(ev);
}

/* The header up to the layer sizes; then the sizes of the weights. */
static int parse(rd *r, mg_eval *ev, char *spec, uint64_t *nweights)
{
    uint32_t v, spec_len, pad, l;
    int rc;
    if (r->len < 4 || memcmp(r->p, "MGNN", 4) != 0)
        return mg__err(r->err, r->errcap, MG_ESYNTAX,
                       "not an MGNN file: bad magic at offset 0 (want"
                       " \"MGNN\")");
    r->at = 4;
    if ((rc = next_u32(r, "version", &v)) != MG_OK)
        return rc;
    if (v != 1)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN version %u at offset 4 is not supported (this"
                       " library reads version 1)", (unsigned)v);
    if ((rc = next_u32(r, "flags", &v)) != MG_OK)
        return rc;
    if (v != 0)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN flags %u at offset 8: reserved, must be 0",
                       (unsigned)v);
    if ((rc = next_u32(r, "spec_len", &spec_len)) != MG_OK)
        return rc;
    if (spec_len < 1 || spec_len > MG__EVAL_MAX_SPEC)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN spec_len %u at offset 12 is out of 1..%d",
                       (unsigned)spec_len, MG__EVAL_MAX_SPEC);
    pad = (4 - spec_len % 4) % 4;
    if (r->len - r->at < (size_t)spec_len + pad)
        return mg__err(r->err, r->errcap, MG_ESYNTAX,
                       "MGNN file truncated: the spec at offset 16 needs %u"
                       " bytes, %ld left", (unsigned)(spec_len + pad),
                       (long)(r->len - r->at));
    memcpy(spec, r->p + r->at, spec_len);
    spec[spec_len] = '\0';
    if (memchr(spec, '\0', spec_len))
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN spec at offset 16 holds a zero byte");
    for (v = 0; v < pad; v++)
        if (r->p[r->at + spec_len + v] != 0)
            return mg__err(r->err, r->errcap, MG_EVALUE,
                           "MGNN spec padding at offset %ld is not zero",
                           (long)(r->at + spec_len + v));
    r->at += spec_len + pad;
    if ((rc = next_u32(r, "inputs", &v)) != MG_OK)
        return rc;
    if (v != MG_EVAL_OBSERVATION && v != MG_EVAL_FEATURES)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN inputs %u at offset %ld: want 1 (observation)"
                       " or 2 (observation and features)", (unsigned)v,
                       (long)(r->at - 4));
    ev->inputs = (int)v;
    if ((rc = next_u32(r, "n_in", &ev->n_in)) != MG_OK)
        return rc;
    if (ev->n_in < 1 || ev->n_in > MG__EVAL_MAX_INPUTS)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN n_in %u at offset %ld is out of 1..%d",
                       (unsigned)ev->n_in, (long)(r->at - 4),
                       MG__EVAL_MAX_INPUTS);
    if ((rc = next_u32(r, "n_layers", &v)) != MG_OK)
        return rc;
    if (v < 1 || v > MG__EVAL_MAX_LAYERS)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN n_layers %u at offset %ld is out of 1..%d",
                       (unsigned)v, (long)(r->at - 4), MG__EVAL_MAX_LAYERS);
    ev->n_layers = (int32_t)v;
    *nweights = 0;
    ev->max_width = 0;
    for (l = 0; l < (uint32_t)ev->n_layers; l++) {
        if ((rc = next_u32(r, "a layer's size", &v)) != MG_OK)
            return rc;
        if (v < 1 || v > MG__EVAL_MAX_WIDTH)
            return mg__err(r->err, r->errcap, MG_EVALUE,
                           "MGNN layer %u's size %u at offset %ld is out of"
                           " 1..%d", (unsigned)l, (unsigned)v,
                           (long)(r->at - 4), MG__EVAL_MAX_WIDTH);
        if (l + 1 == (uint32_t)ev->n_layers && v != 1)
            return mg__err(r->err, r->errcap, MG_EVALUE,
                           "MGNN last layer's size %u at offset %ld: the"
                           " output is one value", (unsigned)v,
                           (long)(r->at - 4));
        ev->in[l] = l ? ev->out[l - 1] : ev->n_in;
        ev->out[l] = v;
        if (v > ev->max_width)
            ev->max_width = v;
        *nweights += ((uint64_t)ev->in[l] + 1) * v;
    }
    if (*nweights > MG__EVAL_MAX_WEIGHTS)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN network has %ld weights, more than the limit"
                       " %ld", (long)*nweights, (long)MG__EVAL_MAX_WEIGHTS);
    if ((uint64_t)(r->len - r->at) != *nweights * 4 + 4) {
        const char *how = (uint64_t)(r->len - r->at) < *nweights * 4 + 4
                              ? "truncated" : "too long";
        return mg__err(r->err, r->errcap, MG_ESYNTAX,
                       "MGNN file %s: %ld bytes, the header at offset %ld"
                       " promises %ld weights and the checksum (%ld bytes)",
                       how, (long)r->len, (long)r->at, (long)*nweights,
                       (long)(r->at + *nweights * 4 + 4));
    }
    return MG_OK;
}

static int load(mg_eval *ev, rd *r)
{
    char spec[MG__EVAL_MAX_SPEC + 1], canon[MG__EVAL_MAX_SPEC + 1];
    char q[MG__QUOTE_CAP], gerr[160];
    uint64_t nweights = 0, i;
    uint32_t want, got;
    size_t n, needed, off;
    int rc, l;
    if ((rc = parse(r, ev, spec, &nweights)) != MG_OK)
        return rc;
    want = le32(r->p + r->len - 4);
    got = crc32_of(r->p, r->len - 4);
    if (want != got)
        return mg__err(r->err, r->errcap, MG_ESYNTAX,
                       "MGNN checksum mismatch: the file says %u at offset"
                       " %ld, its bytes give %u", (unsigned)want,
                       (long)(r->len - 4), (unsigned)got);
    for (i = 0; i < nweights; i++) {
        /* NaN or an infinity: the exponent bits all set */
        if ((le32(r->p + r->at + 4 * i) >> 23 & 0xFF) == 0xFF)
            return mg__err(r->err, r->errcap, MG_EVALUE,
                           "MGNN weight %ld at offset %ld is not finite",
                           (long)i, (long)(r->at + 4 * i));
    }
    rc = mg_game_new(&ev->game, spec, gerr, sizeof gerr);
    if (rc != MG_OK)
        return mg__err(r->err, r->errcap, rc,
                       "MGNN spec %s at offset 16: %s",
                       mg__quote(q, spec, strlen(spec)), gerr);
    if (mg_game_spec(ev->game, canon, sizeof canon, &needed) != MG_OK ||
        strcmp(canon, spec) != 0)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN spec %s at offset 16 is not canonical: the"
                       " game's spec is \"%s\"",
                       mg__quote(q, spec, strlen(spec)), canon);
    rc = mg__eval_input_count(ev->game, ev->inputs, &n);
    if (rc != MG_OK)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN inputs %d: the game %s has %s", ev->inputs,
                       mg__quote(q, spec, strlen(spec)),
                       ev->inputs == MG_EVAL_FEATURES
                           ? "no features" : "no observation");
    if (n != ev->n_in)
        return mg__err(r->err, r->errcap, MG_EVALUE,
                       "MGNN n_in %u does not match the game: %s gives"
                       " %ld inputs of kind %d", (unsigned)ev->n_in,
                       mg__quote(q, spec, strlen(spec)), (long)n,
                       ev->inputs);
    ev->mem = malloc((size_t)nweights * sizeof *ev->mem);
    if (!ev->mem)
        return mg__err(r->err, r->errcap, MG_ENOMEM,
                       "out of memory for %ld weights", (long)nweights);
    for (i = 0; i < nweights; i++)
        ev->mem[i] = le_float(r->p + r->at + 4 * i);
    off = 0;
    for (l = 0; l < ev->n_layers; l++) {
        ev->w[l] = ev->mem + off;
        off += (size_t)ev->in[l] * ev->out[l];
        ev->b[l] = ev->mem + off;
        off += ev->out[l];
    }
    ev->scratch = (size_t)ev->n_in + 2 * (size_t)ev->max_width;
    return MG_OK;
}

int mg_eval_new(mg_eval **out, const void *data, size_t len, char *err,
                size_t errcap)
{
    mg_eval *ev;
    rd r;
    int rc;
    if (err && errcap)
        err[0] = '\0';
    if (!out || (!data && len))
        return mg__err(err, errcap, MG_EINVAL, "mg_eval_new: %s is NULL",
                       !out ? "out" : "data");
    *out = NULL;
    ev = calloc(1, sizeof *ev);
    if (!ev)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    r.p = data;
    r.len = len;
    r.at = 0;
    r.err = err;
    r.errcap = errcap;
    rc = load(ev, &r);
    if (rc != MG_OK) {
        mg_eval_free(ev);
        return rc;
    }
    *out = ev;
    return MG_OK;
}

int mg_eval_builtin(mg_eval **out, const mg_game *g)
{
    char spec[MG__EVAL_MAX_SPEC + 1];
    size_t needed;
    int i;
    if (!out || !g)
        return MG_EINVAL;
    *out = NULL;
    if (mg_game_spec(g, spec, sizeof spec, &needed) != MG_OK)
        return MG_EUNSUPPORTED; /* longer than any file's spec */
    for (i = 0; i < mg__eval_builtin_count; i++) {
        const mg__eval_blob *b = &mg__eval_builtins[i];
        uint32_t n = b->len >= 16 ? le32(b->data + 12) : 0;
        if (n == needed - 1 && b->len - 16 >= n &&
            memcmp(b->data + 16, spec, n) == 0) {
            mg_eval *ev;
            int rc = mg_eval_new(&ev, b->data, b->len, NULL, 0);
            if (rc != MG_OK)
                return rc == MG_ENOMEM ? MG_ENOMEM : MG_EUNSUPPORTED;
            if (ev->game->identity != g->identity) { /* another board */
                mg_eval_free(ev);
                continue;
            }
            *out = ev;
            return MG_OK;
        }
    }
    return MG_EUNSUPPORTED;
}

int mg_eval_spec(const mg_eval *ev, char *buf, size_t cap, size_t *needed)
{
    if (!ev)
        return MG_EINVAL;
    return mg_game_spec(ev->game, buf, cap, needed);
}

int mg_eval_shape(const mg_eval *ev, int *inputs, size_t *count)
{
    if (!ev)
        return MG_EINVAL;
    if (inputs)
        *inputs = ev->inputs;
    if (count)
        *count = ev->n_in;
    return MG_OK;
}

int mg_eval_value(const mg_eval *ev, const mg_state *s, float *value)
{
    float stack[MG__EVAL_STACK], *scratch = stack;
    const mg_game *g;
    int player;
    if (!ev || !s || !value)
        return MG_EINVAL;
    g = mg_state_game(s);
    if (g->identity != ev->game->identity)
        return MG_EMISMATCH;
    player = mg_state_current_player(s);
    if (player != 0 && player != 1)
        return MG_EOVER;
    if (ev->scratch > MG__EVAL_STACK) {
        scratch = malloc(ev->scratch * sizeof *scratch);
        if (!scratch)
            return MG_ENOMEM;
    }
    *value = mg__eval_position(ev, mg__state_position(s), player, scratch);
    if (scratch != stack)
        free(scratch);
    return MG_OK;
}
