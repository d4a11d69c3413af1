/*
 * demo.c - make demo: generate a transcendental Octopuszle board from a
 * seed, then play China Squares on it between two of the library's bots
 * (Monte Carlo tree search against greedy), and print the game compactly:
 * every turn's actions (a turn is a run of actions by the same seat), the
 * board at a third and two thirds of the game and at its end, and the
 * result.
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

#define MAX_TURNS 4096

static void show(const mg_state *s)
{
    static char buf[1 << 17];
    int rc = mg_state_render(s, MG_RENDER_TEXT, buf, sizeof buf, NULL);
    if (rc)
        fprintf(stderr, "render: %s\n", mg_strerror(rc));
    else
        fputs(buf, stdout);
}

/* Play the game to its end; ends[t] is the number of actions after turn t.
 * Returns the number of turns, or -1. */
static int play(mg_state *s, mg_bot *bot[2], size_t *ends)
{
    int turns = 0;
    while (!mg_state_is_terminal(s) && turns < MAX_TURNS) {
        int who = mg_state_current_player(s);
        size_t n = 0;
        while (mg_state_current_player(s) == who) {
            int32_t a;
            int rc = mg_bot_choose(bot[who], s, &a);
            if (rc == MG_OK)
                rc = mg_state_apply(s, a);
            if (rc) {
                fprintf(stderr, "demo: bot %d: %s\n", who, mg_strerror(rc));
                return -1;
            }
        }
        mg_state_history(s, NULL, 0, &n);
        ends[turns++] = n;
    }
    return turns;
}

/* Turns from..to-1 as "7. X h3 h4 done", wrapped; the state replays them. */
static void list_turns(mg_state *s, const int32_t *hist, const size_t *ends,
                       int from, int to)
{
    int t, col = 0;
    char name[64], item[512];
    for (t = from; t < to; t++) {
        size_t a = t ? ends[t - 1] : 0, len;
        snprintf(item, sizeof item, "%d. seat %d:", t + 1,
                 mg_state_current_player(s));
        for (; a < ends[t]; a++) {
            len = strlen(item);
            mg_state_action_to_string(s, hist[a], name, sizeof name, NULL);
            if (len + strlen(name) + 2 < sizeof item)
                snprintf(item + len, sizeof item - len, " %s", name);
            mg_state_apply(s, hist[a]);
        }
        len = strlen(item);
        if (col && col + len + 3 > 78) {
            printf("\n");
            col = 0;
        }
        printf("%s%s", col ? "   " : "  ", item);
        col += (int)len + (col ? 3 : 2);
    }
    if (col)
        printf("\n");
}

static int make_bots(const char *spec[2], uint64_t seed, mg_bot *bot[2],
                     char names[2][256])
{
    char err[256];
    int k, rc;
    for (k = 0; k < 2; k++) {
        rc = mg_bot_new(&bot[k], spec[k], seed + (uint64_t)k, err, sizeof err);
        if (rc) {
            fprintf(stderr, "demo: bot %d: %s (%s)\n", k, err,
                    mg_strerror(rc));
            return rc;
        }
        mg_bot_spec(bot[k], names[k], sizeof names[k], NULL);
    }
    return MG_OK;
}

static void introduce(const mg_game *g, char names[2][256])
{
    char canon[512];
    const mg_board *b = mg_game_board(g);
    mg_game_spec(g, canon, sizeof canon, NULL);
    printf("libmindgames %s: %s\nseat 0: %s\nseat 1: %s\n",
           mg_version_string(), canon, names[0], names[1]);
    if (b)
        printf("The board: a two-group transcendental %s solution, %d cells "
               "and the blank (0),\nfingerprint %016llx.  In the pictures: "
               "O White, X Black, '.' a vacant cell,\n'*' a cell still open "
               "in the turn; the lines are beams (x: two diagonals cross).\n",
               mg_board_kind(b) == MG_BOARD_OCTOPUSZLE ? "Octopuszle"
                                                       : "China Labyrinth",
               mg_board_cell_count(b),
               (unsigned long long)mg_board_fingerprint(b));
}

/* The game told in three parts, the board after each, then the result. */
static void tell(const mg_game *g, const mg_state *end, const size_t *ends,
                 int turns)
{
    int32_t *hist = malloc((ends[turns - 1] + 1) * sizeof *hist);
    mg_state *s = NULL;
    size_t n = 0;
    int part, from = 0, w;
    int32_t a = 0, b = 0;
    if (!hist || mg_state_new(&s, g) != MG_OK) {
        free(hist);
        return;
    }
    mg_state_history(end, hist, ends[turns - 1] + 1, &n);
    for (part = 1; part <= 3; part++) {
        int to = part == 3 ? turns : turns * part / 3;
        if (to <= from)
            continue;
        printf("\nturns %d to %d:\n", from + 1, to);
        list_turns(s, hist, ends, from, to);
        printf("\nafter turn %d of %d:\n", to, turns);
        show(s);
        from = to;
    }
    w = mg_state_winner(s);
    mg_state_score(s, 0, &a);
    mg_state_score(s, 1, &b);
    printf("\nresult: %s (scores: seat 0 %d, seat 1 %d) after %d turns, %lu "
           "actions\n",
           w == MG_DRAW ? "draw" : w == 0 ? "seat 0 wins" : "seat 1 wins",
           (int)a, (int)b, turns, (unsigned long)n);
    mg_state_free(s);
    free(hist);
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 2026;
    char err[256], dflt[64], names[2][256];
    const char *spec = argc > 1 ? argv[1] : dflt, *bot_spec[2];
    static size_t ends[MAX_TURNS];
    mg_game *g = NULL;
    mg_state *s = NULL;
    mg_bot *bot[2] = {NULL, NULL};
    int rc, turns = -1;

    bot_spec[0] = argc > 3 ? argv[3] : "mcts(iterations=300)";
    bot_spec[1] = argc > 4 ? argv[4] : "greedy";
    snprintf(dflt, sizeof dflt, "china_squares(board=%llu)",
             (unsigned long long)seed);
    rc = mg_game_new(&g, spec, err, sizeof err);
    if (rc) {
        fprintf(stderr, "demo: %s (%s)\n", err, mg_strerror(rc));
        return 2;
    }
    if (make_bots(bot_spec, seed, bot, names) == MG_OK &&
        mg_state_new(&s, g) == MG_OK) {
        introduce(g, names);
        turns = play(s, bot, ends);
        if (turns > 0)
            tell(g, s, ends, turns);
    }
    mg_bot_free(bot[0]);
    mg_bot_free(bot[1]);
    mg_state_free(s);
    mg_game_free(g);
    return turns > 0 ? 0 : 1;
}
