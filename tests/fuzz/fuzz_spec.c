/*
 * fuzz_spec.c - the spec parser, through mg_game_new() and mg_bot_new():
 * the input (up to its first NUL) is given to both.
 *
 * Invariants: a refusal is a known code with a message and a NULL object;
 * an accepted game's canonical spec (mg_game_spec) is accepted again and
 * is a fixed point; the game is usable (a state, its legal actions, a short
 * playout, a save/load round trip); an accepted bot's canonical spec is a
 * fixed point too, and random, greedy and small MCTS bots choose a legal
 * action on a small game.
 */
#include "fuzz.h"

#define SPEC_CAP 4096
#define RECORD_CAP 65536

static void check_game(mg_game *g)
{
    static char spec[SPEC_CAP], again[SPEC_CAP], rec[RECORD_CAP],
        rec2[RECORD_CAP];
    char err[256];
    size_t need = 0, n = 0;
    int32_t *legal;
    int32_t num = mg_game_num_actions(g), max = mg_game_max_legal_actions(g);
    mg_game *h = NULL, *lg = NULL;
    mg_state *s = NULL, *ls = NULL;
    int rc;

    FUZZ_REQUIRE(num > 0 && max > 0 && max <= num, "num %d max %d", (int)num,
                 (int)max);
    FUZZ_REQUIRE(mg_game_spec(g, NULL, 0, &need) == MG_ENOBUFS && need > 0,
                 "size query");
    FUZZ_REQUIRE(need <= SPEC_CAP, "canonical spec of %lu bytes",
                 (unsigned long)need);
    FUZZ_REQUIRE(mg_game_spec(g, spec, sizeof spec, NULL) == MG_OK, "spec");
    FUZZ_REQUIRE(strlen(spec) + 1 == need, "spec size");
    rc = mg_game_new(&h, spec, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK, "canonical spec '%s' refused: %s", spec, err);
    FUZZ_REQUIRE(mg_game_spec(h, again, sizeof again, NULL) == MG_OK, "spec");
    FUZZ_REQUIRE(strcmp(spec, again) == 0, "canonical spec not a fixed point:"
                 " '%s' -> '%s'", spec, again);
    FUZZ_REQUIRE(mg_game_num_actions(h) == num, "num_actions differ");
    mg_game_free(h);

    FUZZ_REQUIRE(mg_state_new(&s, g) == MG_OK, "state_new");
    legal = malloc((size_t)max * sizeof *legal);
    FUZZ_REQUIRE(legal != NULL, "out of memory");
    FUZZ_REQUIRE(mg_state_legal_actions(s, legal, (size_t)max, &n) == MG_OK,
                 "legal_actions");
    FUZZ_REQUIRE(n <= (size_t)max, "count");
    FUZZ_REQUIRE((n == 0) == (mg_state_is_terminal(s) == 1), "terminal");
    free(legal);
    rc = mg_state_playout(s, 7, 24);
    FUZZ_REQUIRE(rc >= 0 && rc <= 24, "playout returned %d", rc);
    rc = mg_state_save(s, rec, sizeof rec, &need);
    if (rc == MG_OK) {
        rc = mg_state_load(&ls, &lg, rec, err, sizeof err);
        FUZZ_REQUIRE(rc == MG_OK, "load of a saved record: %s\n%s", err, rec);
        FUZZ_REQUIRE(mg_state_save(ls, rec2, sizeof rec2, NULL) == MG_OK,
                     "save");
        FUZZ_REQUIRE(strcmp(rec, rec2) == 0, "record round trip");
        FUZZ_REQUIRE(mg_state_hash(ls) == mg_state_hash(s), "hash");
        mg_state_free(ls);
        mg_game_free(lg);
    } else {
        FUZZ_REQUIRE(rc == MG_ENOBUFS, "save: %d", rc);
    }
    mg_state_free(s);
}

/* Choose a few actions on a small game: each legal. */
static void check_choose(mg_bot *bot)
{
    static mg_game *small = NULL;
    mg_state *s = NULL;
    int i;
    if (!small)
        FUZZ_REQUIRE(mg_game_new(&small, "dots_and_boxes(rows=2,cols=2)",
                                 NULL, 0) == MG_OK,
                     "small game");
    FUZZ_REQUIRE(mg_state_new(&s, small) == MG_OK, "state");
    for (i = 0; i < 3 && !mg_state_is_terminal(s); i++) {
        int32_t a = -1;
        FUZZ_REQUIRE(mg_bot_choose(bot, s, &a) == MG_OK, "choose");
        FUZZ_REQUIRE(mg_state_apply(s, a) == MG_OK, "bot chose %d", (int)a);
    }
    mg_state_free(s);
}

static void check_bot(mg_bot *b)
{
    char spec[SPEC_CAP], again[SPEC_CAP], err[256];
    mg_bot *c = NULL;
    long iter = -1, ms = -1;
    int rc;
    FUZZ_REQUIRE(mg_bot_spec(b, spec, sizeof spec, NULL) == MG_OK, "spec");
    rc = mg_bot_new(&c, spec, 1, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK, "canonical bot spec '%s' refused: %s", spec,
                 err);
    FUZZ_REQUIRE(mg_bot_spec(c, again, sizeof again, NULL) == MG_OK, "spec");
    FUZZ_REQUIRE(strcmp(spec, again) == 0,
                 "bot spec not a fixed point: '%s' -> '%s'", spec, again);
    mg_bot_free(c);
    /* MCTS only with a small, iteration-bound budget (time_ms=0). */
    if (sscanf(spec, "mcts(iterations=%ld,time_ms=%ld", &iter, &ms) == 2) {
        if (iter >= 1 && iter <= 300 && ms == 0)
            check_choose(b);
    } else {
        check_choose(b);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    char err[256];
    mg_game *g = FUZZ_SENTINEL; /* must be set to NULL on failure */
    mg_bot *b = FUZZ_SENTINEL;
    int rc;

    memset(err, 'x', sizeof err);
    rc = mg_game_new(&g, text, err, sizeof err);
    if (rc == MG_OK) {
        check_game(g);
        mg_game_free(g);
    } else {
        FUZZ_REQUIRE(g == NULL, "game not NULL on failure");
        FUZZ_REQUIRE(rc != MG_EINVAL && rc != MG_EILLEGAL && rc != MG_EBOARD,
                     "mg_game_new: %d", rc);
        fuzz_check_error(rc, err, sizeof err, "mg_game_new");
    }
    /* no message buffer, and a tiny one: same code */
    FUZZ_REQUIRE(mg_game_new(&g, text, NULL, 0) == rc, "code without err");
    mg_game_free(g);
    {
        char tiny[4];
        FUZZ_REQUIRE(mg_game_new(&g, text, tiny, sizeof tiny) == rc,
                     "code with a small err");
        FUZZ_REQUIRE(memchr(tiny, '\0', sizeof tiny) != NULL,
                     "small err not terminated");
        mg_game_free(g);
    }

    memset(err, 'x', sizeof err);
    rc = mg_bot_new(&b, text, 42, err, sizeof err);
    if (rc == MG_OK) {
        check_bot(b);
        mg_bot_free(b);
    } else {
        FUZZ_REQUIRE(b == NULL, "bot not NULL on failure");
        FUZZ_REQUIRE(rc != MG_EINVAL && rc != MG_EILLEGAL && rc != MG_EBOARD,
                     "mg_bot_new: %d", rc);
        fuzz_check_error(rc, err, sizeof err, "mg_bot_new");
    }
    free(text);
    return 0;
}
