/*
 * eval.h - the learned evaluation's insides (1.6), shared by eval.c (the
 * MGNN loader, mg_eval_*), eval_net.c (the forward pass, the inputs) and
 * the MCTS bot; never installed.  The format is doc/eval-format.md.
 */
#ifndef MG_EVAL_H
#define MG_EVAL_H

#include "internal.h"

#define MG__EVAL_MAX_LAYERS 4
#define MG__EVAL_MAX_WIDTH 4096
#define MG__EVAL_MAX_INPUTS 65536
#define MG__EVAL_MAX_WEIGHTS ((uint64_t)16 << 20) /* floats, biases too */
#define MG__EVAL_MAX_SPEC 1024
/* mg_eval_value's scratch on the stack, in floats (the inputs and the
 * two widest layers); a network needing more gets a heap buffer. */
#define MG__EVAL_STACK 4096

struct mg_eval {
    mg_game *game;           /* owned: made from the file's spec */
    int inputs;              /* MG_EVAL_OBSERVATION or MG_EVAL_FEATURES */
    int32_t n_layers;
    uint32_t n_in;
    uint32_t in[MG__EVAL_MAX_LAYERS], out[MG__EVAL_MAX_LAYERS];
    const float *w[MG__EVAL_MAX_LAYERS]; /* in x out, input-major */
    const float *b[MG__EVAL_MAX_LAYERS];
    uint32_t max_width;      /* the widest layer's out */
    size_t scratch;          /* floats a forward pass needs */
    float *mem;              /* every weight and bias, one block */
};

/* The number of input floats of kind `inputs` for g (MG_OK), or
 * MG_EINVAL (bad kind), MG_EUNSUPPORTED (no observation or features). */
MG_HIDDEN int mg__eval_input_count(const mg_game *g, int inputs,
                                   size_t *count);
/* Write them for st seen by `player` (0 or 1) into buf (room for the
 * count above). */
MG_HIDDEN void mg__eval_fill_inputs(const mg_game *g, const void *st,
                                    int inputs, int player, float *buf);
/* The network's value (tanh of its output) of the inputs x (n_in
 * floats); scratch has room for 2 * max_width floats.  Never allocates. */
MG_HIDDEN float mg__eval_forward(const mg_eval *ev, const float *x,
                                 float *scratch);
/* The value of st (not over, of ev's game) for its player to move;
 * scratch has room for ev->scratch floats. */
MG_HIDDEN float mg__eval_position(const mg_eval *ev, const void *st,
                                  int player, float *scratch);

/* The networks shipped with the library (build/gen/eval_weights.c, made
 * from the files of lib/weights by lib/weights/embed.sh): n files. */
typedef struct mg__eval_blob {
    const unsigned char *data;
    size_t len;
} mg__eval_blob;
MG_HIDDEN extern const mg__eval_blob mg__eval_builtins[];
MG_HIDDEN extern const int mg__eval_builtin_count;

#endif /* MG_EVAL_H */
