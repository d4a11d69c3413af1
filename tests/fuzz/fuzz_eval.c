/*
 * fuzz_eval.c - the MGNN loader (mg_eval_new, 1.6) and what a loaded
 * network does.  The input is given twice: as it is, and (when it has 4
 * bytes or more) with its last four bytes set to the CRC-32 of the rest,
 * so that the fuzzer reaches the checks after the checksum's.
 *
 * Invariants: a refusal is a known code with a message and a NULL
 * object; an accepted network names a canonical spec that makes a game,
 * its input count is what mg_eval_inputs gives for its kind, and it
 * values the start and the positions of a short random game in [-1, 1]
 * (and refuses a finished game with MG_EOVER).
 */
#include "fuzz.h"
#include "../eval_test.h"

#include <math.h>

static void check(const uint8_t *data, size_t size)
{
    char err[512], spec[2048];
    mg_eval *ev = (mg_eval *)&ev;
    mg_game *g = NULL;
    mg_state *s = NULL;
    size_t n = 0, count = 0;
    int kind = 0, rc, step;
    float v;
    err[0] = 'x';
    err[1] = '\0';
    rc = mg_eval_new(&ev, data, size, err, sizeof err);
    if (rc != MG_OK) {
        FUZZ_REQUIRE(ev == NULL, "refused (%d) but out set", rc);
        FUZZ_REQUIRE(rc == MG_ESYNTAX || rc == MG_EVALUE ||
                         rc == MG_ENOGAME || rc == MG_EOPTION ||
                         rc == MG_ENOMEM || rc == MG_EBOARD,
                     "unexpected code %d: %s", rc, err);
        FUZZ_REQUIRE(err[0] != '\0' && strcmp(err, "x") != 0,
                     "refused (%d) without a message", rc);
        return;
    }
    FUZZ_REQUIRE(mg_eval_spec(ev, spec, sizeof spec, &n) == MG_OK, "spec");
    FUZZ_REQUIRE(mg_game_new(&g, spec, err, sizeof err) == MG_OK,
                 "its spec '%s' refused: %s", spec, err);
    FUZZ_REQUIRE(mg_eval_shape(ev, &kind, &n) == MG_OK, "shape");
    FUZZ_REQUIRE(mg_state_new(&s, g) == MG_OK, "state");
    FUZZ_REQUIRE(mg_eval_inputs(s, kind, NULL, 0, &count) == MG_ENOBUFS &&
                     count == n, "inputs %lu, network %lu",
                 (unsigned long)count, (unsigned long)n);
    for (step = 0; step < 12 && mg_state_current_player(s) >= 0; step++) {
        FUZZ_REQUIRE(mg_eval_value(ev, s, &v) == MG_OK, "value");
        FUZZ_REQUIRE(v >= -1.0f && v <= 1.0f, "value %g", (double)v);
        mg_state_playout(s, (uint64_t)step, 1);
    }
    mg_state_playout(s, 3, 100000);
    if (mg_state_current_player(s) < 0)
        FUZZ_REQUIRE(mg_eval_value(ev, s, &v) == MG_EOVER, "over");
    mg_state_free(s);
    mg_game_free(g);
    mg_eval_free(ev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy;
    check(data, size);
    if (size < 4)
        return 0;
    copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    ev_fix_crc(copy, size);
    check(copy, size);
    free(copy);
    return 0;
}
