/*
 * demo.c - make demo: generate a transcendental Octopuszle board from a
 * seed, show it (cells and beams), then play China Squares on it between
 * two of the library's bots (Monte Carlo tree search against greedy),
 * printing the board after every turn (a turn is a run of actions by the
 * same seat) and the final scores.
 *
 *   demo [SPEC [SEED [BOT0 [BOT1]]]]
 *       default: china_squares(board=SEED), SEED 2026,
 *       BOT0 "mcts(iterations=300)", BOT1 "greedy"; any game spec and
 *       bot spec work, e.g. demo dots_and_boxes 7 random "mcts"
 */
#include <mindgames.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 2026;
    char err[256], canon[512], move[64], dflt[64], names[2][256];
    const char *spec = argc > 1 ? argv[1] : dflt;
    const char *bot_spec[2];
    mg_game *g = NULL;
    mg_state *s = NULL;
    mg_bot *bot[2] = {NULL, NULL};
    int turn = 0, rc, w, k;

    bot_spec[0] = argc > 3 ? argv[3] : "mcts(iterations=300)";
    bot_spec[1] = argc > 4 ? argv[4] : "greedy";

    snprintf(dflt, sizeof dflt, "china_squares(board=%llu)",
             (unsigned long long)seed);
    rc = mg_game_new(&g, spec, err, sizeof err);
    if (rc) {
        fprintf(stderr, "demo: %s (%s)\n", err, mg_strerror(rc));
        return 2;
    }
    for (k = 0; k < 2; k++) {
        rc = mg_bot_new(&bot[k], bot_spec[k], seed + (uint64_t)k, err,
                        sizeof err);
        if (rc) {
            fprintf(stderr, "demo: bot %d: %s (%s)\n", k, err,
                    mg_strerror(rc));
            mg_bot_free(bot[0]);
            mg_game_free(g);
            return 2;
        }
        mg_bot_spec(bot[k], names[k], sizeof names[k], NULL);
    }
    mg_game_spec(g, canon, sizeof canon, NULL);
    if ((rc = mg_state_new(&s, g)) != MG_OK) {
        fprintf(stderr, "demo: %s\n", mg_strerror(rc));
        mg_bot_free(bot[0]);
        mg_bot_free(bot[1]);
        mg_game_free(g);
        return 1;
    }
    printf("libmindgames %s: %s\nseat 0: %s\nseat 1: %s\n\n",
           mg_version_string(), canon, names[0], names[1]);
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
            int32_t a;
            rc = mg_bot_choose(bot[who], s, &a);
            if (rc) {
                fprintf(stderr, "demo: bot %d: %s\n", who, mg_strerror(rc));
                break;
            }
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
    mg_bot_free(bot[0]);
    mg_bot_free(bot[1]);
    mg_state_free(s);
    mg_game_free(g);
    return 0;
}
