/*
 * eval_builtin.c - the networks shipped with the library (1.6;
 * mg_eval_builtin in eval.c): the bytes of the files
 * lib/weights/NAME.mgnn, which the build turns into
 * $(B)/gen/mg_eval_weights.h (lib/weights/embed.sh).
 */
#include "eval.h"

#include "mg_eval_weights.h"
