/*
 * model_diff.h - the failure report of the tests that compare the
 * library's legal actions with a model written in the test
 * (check_chains_games.c, check_fangqi_games.c).
 */
#ifndef MG_MODEL_DIFF_H
#define MG_MODEL_DIFF_H

#include <mindgames.h>

#include <stdio.h>

/* On a disagreement with the model: the record, the text rendering, and
 * the actions only the library (lib[0 .. n)) or only the model
 * (mod[0 .. nm)) has, by name, to standard error. */
static inline void diff_report(const mg_state *s, const int32_t *lib,
                               size_t n, const int32_t *mod, size_t nm)
{
    static char rec[200000];
    size_t i, j;
    char nm_[32];
    if (mg_state_save(s, rec, sizeof rec, NULL) == MG_OK)
        fprintf(stderr, "%s", rec);
    if (mg_state_render(s, MG_RENDER_TEXT, rec, sizeof rec, NULL) == MG_OK)
        fprintf(stderr, "%s", rec);
    fprintf(stderr, "library only:");
    for (i = 0; i < n; i++) {
        for (j = 0; j < nm && mod[j] != lib[i]; j++)
            ;
        if (j == nm && mg_state_action_to_string(s, lib[i], nm_, sizeof nm_,
                                                 NULL) == MG_OK)
            fprintf(stderr, " %s", nm_);
    }
    fprintf(stderr, "\nmodel only:");
    for (j = 0; j < nm; j++) {
        for (i = 0; i < n && lib[i] != mod[j]; i++)
            ;
        if (i == n && mg_state_action_to_string(s, mod[j], nm_, sizeof nm_,
                                                NULL) == MG_OK)
            fprintf(stderr, " %s", nm_);
    }
    fprintf(stderr, "\n");
}

#endif /* MG_MODEL_DIFF_H */
