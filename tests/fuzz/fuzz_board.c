/*
 * fuzz_board.c - the board parser, mg_board_parse: the input (up to its
 * first NUL) is the board text.
 *
 * Invariants: a refusal is a known code with a message and a NULL board;
 * an accepted board formats (mg_board_format) to a text that parses to a
 * board with the same fingerprint and formats identically; every cell
 * query is consistent (position <-> cell_at, neighbours match the mask);
 * a China game of the board's kind plays a whole game on it and its
 * record (which carries the board) loads back.
 */
#include "fuzz.h"

static char *format(const mg_board *b)
{
    size_t need = 0;
    char *buf;
    FUZZ_REQUIRE(mg_board_format(b, NULL, 0, &need) == MG_ENOBUFS && need,
                 "size query");
    buf = malloc(need);
    FUZZ_REQUIRE(buf != NULL, "out of memory");
    FUZZ_REQUIRE(mg_board_format(b, buf, need, NULL) == MG_OK, "format");
    FUZZ_REQUIRE(strlen(buf) + 1 == need, "format size");
    return buf;
}

static void check_cells(const mg_board *b)
{
    int n = mg_board_cell_count(b), kind = mg_board_kind(b);
    int dirs = kind == MG_BOARD_OCTOPUSZLE ? 8 : 6;
    int32_t c, x, y, nb[8];
    FUZZ_REQUIRE(kind == MG_BOARD_OCTOPUSZLE || kind == MG_BOARD_LABYRINTH,
                 "kind %d", kind);
    FUZZ_REQUIRE(n == (kind == MG_BOARD_OCTOPUSZLE ? 255 : 63), "%d cells",
                 n);
    FUZZ_REQUIRE(mg_board_blank_position(b, &x, &y) == MG_OK, "blank");
    FUZZ_REQUIRE(mg_board_cell_at(b, x, y) == MG_ERANGE, "cell on the blank");
    for (c = 0; c < n; c++) {
        int mask = mg_board_cell_mask(b, c), cls = mg_board_cell_class(b, c);
        int bits = 0, d;
        size_t count = 0;
        char name[32];
        FUZZ_REQUIRE(mg_board_cell_position(b, c, &x, &y) == MG_OK, "pos");
        FUZZ_REQUIRE(x >= 0 && y >= 0, "negative position");
        FUZZ_REQUIRE(mg_board_cell_at(b, x, y) == c, "cell_at(pos(%d))",
                     (int)c);
        FUZZ_REQUIRE(mask > 0 && mask < (1 << dirs), "mask %d", mask);
        FUZZ_REQUIRE(cls > 0 && cls <= mask, "class %d of mask %d", cls,
                     mask);
        for (d = 0; d < dirs; d++)
            bits += (mask >> d) & 1;
        FUZZ_REQUIRE(mg_board_cell_neighbors(b, c, nb, 8, &count) == MG_OK,
                     "neighbours");
        FUZZ_REQUIRE(count == (size_t)bits, "%lu neighbours, mask %d",
                     (unsigned long)count, mask);
        for (d = 0; d < (int)count; d++)
            FUZZ_REQUIRE(nb[d] >= 0 && nb[d] < n && nb[d] != c,
                         "neighbour %d", (int)nb[d]);
        FUZZ_REQUIRE(mg_board_cell_name(b, c, name, sizeof name, NULL) ==
                         MG_OK,
                     "name");
    }
    FUZZ_REQUIRE(mg_board_cell_mask(b, n) == MG_ERANGE, "mask past the end");
}

/* A whole random game on the board, and its record back. */
static void check_game(const mg_board *b)
{
    const char *id = mg_board_kind(b) == MG_BOARD_OCTOPUSZLE
                         ? "china_octangle" : "china_tangle";
    char err[256], *rec;
    size_t need = 0;
    mg_game *g = NULL, *lg = NULL;
    mg_state *s = NULL, *ls = NULL;
    int i, rc;
    for (i = 0; i < mg_game_count(); i++)
        if (strcmp(mg_game_id_at(i), id) == 0)
            break;
    if (i == mg_game_count())
        return;
    rc = mg_game_new_with_board(&g, id, b, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK, "game on the board: %s", err);
    FUZZ_REQUIRE(mg_game_board(g) != NULL &&
                     mg_board_fingerprint(mg_game_board(g)) ==
                         mg_board_fingerprint(b),
                 "the game's board");
    FUZZ_REQUIRE(mg_state_new(&s, g) == MG_OK, "state");
    FUZZ_REQUIRE(mg_state_playout(s, mg_board_fingerprint(b), -1) > 0,
                 "playout");
    FUZZ_REQUIRE(mg_state_is_terminal(s) == 1, "playout to the end");
    FUZZ_REQUIRE(mg_state_save(s, NULL, 0, &need) == MG_ENOBUFS, "size");
    rec = malloc(need);
    FUZZ_REQUIRE(rec != NULL, "out of memory");
    FUZZ_REQUIRE(mg_state_save(s, rec, need, NULL) == MG_OK, "save");
    rc = mg_state_load(&ls, &lg, rec, err, sizeof err);
    FUZZ_REQUIRE(rc == MG_OK, "record with a board: %s", err);
    FUZZ_REQUIRE(mg_state_hash(ls) == mg_state_hash(s), "loaded hash");
    FUZZ_REQUIRE(mg_board_fingerprint(mg_game_board(lg)) ==
                     mg_board_fingerprint(b),
                 "loaded board");
    free(rec);
    mg_state_free(ls);
    mg_game_free(lg);
    mg_state_free(s);
    mg_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    char err[256];
    mg_board *b = FUZZ_SENTINEL; /* must be NULL on failure */
    int rc;

    memset(err, 'x', sizeof err);
    rc = mg_board_parse(&b, text, err, sizeof err);
    if (rc == MG_OK) {
        char *f = format(b), *f2;
        mg_board *c = NULL;
        rc = mg_board_parse(&c, f, err, sizeof err);
        FUZZ_REQUIRE(rc == MG_OK, "a formatted board is refused: %s\n%s",
                     err, f);
        f2 = format(c);
        FUZZ_REQUIRE(strcmp(f, f2) == 0, "format/parse/format differs");
        FUZZ_REQUIRE(mg_board_fingerprint(b) == mg_board_fingerprint(c),
                     "fingerprint");
        check_cells(b);
        check_game(b);
        free(f);
        free(f2);
        mg_board_free(c);
        mg_board_free(b);
    } else {
        FUZZ_REQUIRE(b == NULL, "board not NULL on failure");
        FUZZ_REQUIRE(rc == MG_ESYNTAX || rc == MG_EBOARD || rc == MG_ENOMEM,
                     "mg_board_parse: %d", rc);
        fuzz_check_error(rc, err, sizeof err, "mg_board_parse");
    }
    free(text);
    return 0;
}
