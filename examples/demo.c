/*
 * demo.c - make demo: generate a transcendental Octopuszle board from a
 * seed, show it (cells and beams), then play China Squares on it between
 * two random players (the library has no stronger bot yet), printing the
 * board after every turn (a turn is a run of actions by the same seat)
 * and the final scores.
 *
 *   demo [SPEC [SEED]]   default: china_squares(board=SEED), SEED 2026;
 *                        any game spec works, e.g. "dots_and_boxes"
 */
#include <mindgames.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t next(uint64_t *x) /* splitmix64 */
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int show(const mg_state *s)
{
    char buf[65536];
    size_t need;
    int rc = mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, &need);
    if (rc) {
        fprintf(stderr, "render: %s\n", mg_strerror(rc));
        return rc;
    }
    fputs(buf, stdout);
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 2026, rng = seed;
    char err[256], canon[512], move[64], dflt[64];
    const char *spec = argc > 1 ? argv[1] : dflt;
    mg_game *g = NULL;
    mg_state *s = NULL;
    int32_t *legal;
    int turn = 0, rc, w;
    size_t n;

    snprintf(dflt, sizeof dflt, "china_squares(board=%llu)",
             (unsigned long long)seed);
    rc = mg_game_new(&g, spec, err, sizeof err);
    if (rc) {
        fprintf(stderr, "demo: %s (%s)\n", err, mg_strerror(rc));
        return 2;
    }
    mg_game_spec(g, canon, sizeof canon, NULL);
    if ((rc = mg_state_new(&s, g)) != MG_OK ||
        !(legal = malloc((size_t)mg_game_max_legal_actions(g) * sizeof *legal))) {
        fprintf(stderr, "demo: %s\n", mg_strerror(rc ? rc : MG_ENOMEM));
        mg_state_free(s);
        mg_game_free(g);
        return 1;
    }
    printf("libmindgames %s: %s, random vs random\n\n", mg_version_string(),
           canon);
    if (mg_game_board(g)) {
        static char board[1 << 16];
        const mg_board *b = mg_game_board(g);
        mg_board_render(b, MG_RENDER_TEXT,
                        MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS, board,
                        sizeof board, NULL);
        printf("The board: a two-group transcendental %s solution, %d cells "
               "and the blank (0),\nfingerprint %016llx\n\n%s\n",
               mg_board_kind(b) == MG_BOARD_OCTOPUSZLE ? "Octopuszle"
                                                       : "China Labyrinth",
               mg_board_cell_count(b),
               (unsigned long long)mg_board_fingerprint(b), board);
    }
    show(s);
    while (!mg_state_is_terminal(s)) {
        int who = mg_state_current_player(s);
        printf("\nturn %d, seat %d:", ++turn, who);
        while (mg_state_current_player(s) == who) {
            mg_state_legal_actions(s, legal,
                                   (size_t)mg_game_max_legal_actions(g), &n);
            int32_t a = legal[next(&rng) % n];
            mg_state_action_to_string(s, a, move, sizeof move, NULL);
            printf(" %s", move);
            mg_state_apply(s, a);
        }
        printf("\n");
        show(s);
    }
    w = mg_state_winner(s);
    {
        int32_t a, b;
        mg_state_score(s, 0, &a);
        mg_state_score(s, 1, &b);
        printf("\nresult: %s (scores: seat 0 %d, seat 1 %d)\n",
               w == MG_DRAW ? "draw" : w == 0 ? "seat 0 wins" : "seat 1 wins",
               (int)a, (int)b);
    }
    free(legal);
    mg_state_free(s);
    mg_game_free(g);
    return 0;
}
