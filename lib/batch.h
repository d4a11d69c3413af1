/*
 * batch.h - the batch (batch.c, batch_io.c): its layout, shared by the
 * two files; never installed.
 */
#ifndef MG_BATCH_H
#define MG_BATCH_H

#include "internal.h"

/* Where a game of no bounded length is truncated without max_steps. */
#define MG__BATCH_UNBOUNDED 1024

struct mg_batch {
    const mg_game *g;
    int32_t n;
    int autoreset;         /* MG_AUTORESET_* */
    int reward_mode;       /* MG_BATCH_REWARD_* */
    int32_t max_steps;     /* 0: none */
    size_t room;           /* actions each state has room for */
    size_t stride;         /* bytes per placed state */
    unsigned char *mem;    /* n placed states */
    size_t obs_size;       /* planes x sites */
    float *obs;            /* one observation (the byte variant) */
    unsigned char *final;  /* SAME_STEP: n positions a game ended in */
    float *rew;            /* n x 2 */
    int32_t *margin;       /* score(0) - score(1) now (SCORE rewards) */
    /* one block of n bytes each (status owns it): */
    int8_t *status;        /* the last step's MG_BATCH_* */
    uint8_t *done;         /* over or truncated, waiting for its reset */
    int8_t *last_mover;    /* who made the last action, or MG_NOBODY */
    uint8_t *term, *trunc; /* the last step's flags */
    uint8_t *final_ok;     /* final holds a position of the last step */
    int8_t *final_mover;   /* its last mover */
};

static inline mg_state *mg__batch_at(const mg_batch *b, int32_t i)
{
    return (mg_state *)(void *)(b->mem + (size_t)i * b->stride);
}

/* score(0) - score(1) in s. */
MG_HIDDEN int32_t mg__batch_margin(const mg_batch *b, const mg_state *s);

#endif
