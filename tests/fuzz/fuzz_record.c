/*
 * fuzz_record.c - the game record loader, mg_state_load: the input (up to
 * its first NUL) is the record text.
 *
 * Invariants: a refusal is a known code with a message and both objects
 * NULL; an accepted record saves (mg_state_save) to a record that loads to
 * the same position (hash, history) and saves identically (a fixed point);
 * the loaded state undoes back to the start position exactly.
 */
#include "fuzz.h"

static char *save(const mg_state *s)
{
    size_t need = 0;
    char *buf;
    FUZZ_REQUIRE(mg_state_save(s, NULL, 0, &need) == MG_ENOBUFS && need > 0,
                 "size query");
    buf = malloc(need);
    FUZZ_REQUIRE(buf != NULL, "out of memory");
    FUZZ_REQUIRE(mg_state_save(s, buf, need, NULL) == MG_OK, "save");
    FUZZ_REQUIRE(strlen(buf) + 1 == need, "save size");
    return buf;
}

static int32_t *history(const mg_state *s, size_t *n)
{
    int32_t *h;
    FUZZ_REQUIRE(mg_state_history(s, NULL, 0, n) == MG_OK ||
                     mg_state_history(s, NULL, 0, n) == MG_ENOBUFS,
                 "history size");
    h = malloc((*n + 1) * sizeof *h);
    FUZZ_REQUIRE(h != NULL, "out of memory");
    FUZZ_REQUIRE(mg_state_history(s, h, *n, n) == MG_OK, "history");
    return h;
}

static void check_loaded(mg_state *s, mg_game *g)
{
    char err[256];
    char *a = save(s), *b;
    mg_state *t = NULL, *fresh = NULL;
    mg_game *h = NULL;
    int32_t *ha, *hb;
    size_t na, nb, i;
    int rc;

    FUZZ_REQUIRE(mg_state_game(s) == g, "state of another game");
    rc = mg_state_load(&t, &h, a, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK, "a saved record is refused: %s\n%s", err, a);
    b = save(t);
    FUZZ_REQUIRE(strcmp(a, b) == 0, "save/load/save differs:\n%s\n---\n%s",
                 a, b);
    FUZZ_REQUIRE(mg_state_hash(s) == mg_state_hash(t), "hash");
    FUZZ_REQUIRE(mg_state_current_player(s) == mg_state_current_player(t),
                 "player");
    FUZZ_REQUIRE(mg_state_winner(s) == mg_state_winner(t), "winner");
    ha = history(s, &na);
    hb = history(t, &nb);
    FUZZ_REQUIRE(na == nb && memcmp(ha, hb, na * sizeof *ha) == 0,
                 "history");
    for (i = 0; i < na; i++)
        FUZZ_REQUIRE(mg_state_undo(s) == MG_OK, "undo %lu of %lu",
                     (unsigned long)i, (unsigned long)na);
    FUZZ_REQUIRE(mg_state_undo(s) == MG_EEMPTY, "undo past the start");
    FUZZ_REQUIRE(mg_state_new(&fresh, g) == MG_OK, "state");
    FUZZ_REQUIRE(mg_state_hash(s) == mg_state_hash(fresh),
                 "undo does not return to the start");
    FUZZ_REQUIRE(mg_state_current_player(s) ==
                     mg_state_current_player(fresh),
                 "player at the start");
    /* replay through apply gives the loaded position again */
    for (i = 0; i < na; i++)
        FUZZ_REQUIRE(mg_state_apply(s, ha[i]) == MG_OK, "replay %d",
                     (int)ha[i]);
    FUZZ_REQUIRE(mg_state_hash(s) == mg_state_hash(t), "replayed hash");
    mg_state_free(fresh);
    mg_state_free(t);
    mg_game_free(h);
    free(ha);
    free(hb);
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    char err[256];
    mg_state *s = FUZZ_SENTINEL; /* both must be NULL on failure */
    mg_game *g = FUZZ_SENTINEL;
    int rc;

    memset(err, 'x', sizeof err);
    rc = mg_state_load(&s, &g, text, err, sizeof err);
    if (rc == MG_OK) {
        check_loaded(s, g);
        mg_state_free(s);
        mg_game_free(g);
    } else {
        FUZZ_REQUIRE(s == NULL && g == NULL, "objects not NULL on failure");
        FUZZ_REQUIRE(rc != MG_EINVAL, "mg_state_load: MG_EINVAL");
        fuzz_check_error(rc, err, sizeof err, "mg_state_load");
    }
    free(text);
    return 0;
}
