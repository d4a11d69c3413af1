/*
 * fuzz_notation.c - the action notation parser, mg_state_action_from_string,
 * on every game of fuzz.h (the TS_FUZZ specs of game_specs.h, then every
 * other registered game).
 *
 * Input: byte 0 picks the game, byte 1 how many random actions to play
 * first (0..15, with a fixed seed), the rest (up to a NUL) is the text.
 *
 * Invariants: a refusal is MG_ESYNTAX or MG_ERANGE with a message; an
 * accepted text gives an id in 0..num_actions-1 whose own notation
 * (mg_state_action_to_string) parses back to it, also upper-cased and with
 * spaces around it; legality agrees between is_legal and apply.
 */
#include "fuzz.h"

#include <ctype.h>

static fuzz_games games;

static void check_id(mg_state *s, int32_t a)
{
    char name[256], alt[300], err[256];
    int32_t back = -1;
    size_t need = 0, i;
    int legal, rc;
    uint64_t h = mg_state_hash(s);

    FUZZ_REQUIRE(a >= 0 && a < mg_game_num_actions(mg_state_game(s)),
                 "id %d out of range", (int)a);
    FUZZ_REQUIRE(mg_state_action_to_string(s, a, NULL, 0, &need) ==
                     MG_ENOBUFS,
                 "size query");
    FUZZ_REQUIRE(need >= 2 && need <= sizeof name, "name of %lu bytes",
                 (unsigned long)need);
    FUZZ_REQUIRE(mg_state_action_to_string(s, a, name, sizeof name, NULL) ==
                     MG_OK,
                 "to_string");
    rc = mg_state_action_from_string(s, name, &back, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK && back == a, "'%s' (of %d) parses to %d: %s",
                 name, (int)a, (int)back, rc ? err : "");
    for (i = 0; name[i]; i++)
        name[i] = (char)toupper((unsigned char)name[i]);
    snprintf(alt, sizeof alt, "  %s\t", name);
    back = -1;
    rc = mg_state_action_from_string(s, alt, &back, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK && back == a, "'%s' (of %d) parses to %d: %s",
                 alt, (int)a, (int)back, rc ? err : "");

    legal = mg_state_is_legal(s, a);
    FUZZ_REQUIRE(legal == 0 || legal == 1, "is_legal %d", legal);
    rc = mg_state_apply(s, a);
    if (legal) {
        FUZZ_REQUIRE(rc == MG_OK, "legal %d refused: %d", (int)a, rc);
        FUZZ_REQUIRE(mg_state_undo(s) == MG_OK, "undo");
    } else {
        FUZZ_REQUIRE(rc == MG_EILLEGAL || rc == MG_EOVER,
                     "illegal %d: apply gave %d", (int)a, rc);
    }
    FUZZ_REQUIRE(mg_state_hash(s) == h, "state changed");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mg_state *s = NULL;
    char *text;
    char err[256];
    int32_t a = -7;
    int rc;
    if (!games.n)
        fuzz_games_init(&games);
    if (size < 2)
        return 0;
    FUZZ_REQUIRE(mg_state_new(&s, games.game[data[0] % games.n]) == MG_OK,
                 "state");
    mg_state_playout(s, 12345, data[1] % 16);
    text = fuzz_cstr(data + 2, size - 2);
    memset(err, 'x', sizeof err);
    rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    if (rc == MG_OK) {
        check_id(s, a);
    } else {
        FUZZ_REQUIRE(rc == MG_ESYNTAX || rc == MG_ERANGE,
                     "from_string('%s'): %d", text, rc);
        fuzz_check_error(rc, err, sizeof err, "from_string");
    }
    {
        int32_t b = -7;
        char tiny[3];
        FUZZ_REQUIRE(mg_state_action_from_string(s, text, &b, NULL, 0) == rc,
                     "code without err");
        FUZZ_REQUIRE(rc != MG_OK || b == a, "id without err");
        FUZZ_REQUIRE(mg_state_action_from_string(s, text, &b, tiny,
                                                 sizeof tiny) == rc,
                     "code with a small err");
        FUZZ_REQUIRE(memchr(tiny, '\0', sizeof tiny) != NULL,
                     "small err not terminated");
    }
    free(text);
    mg_state_free(s);
    return 0;
}
