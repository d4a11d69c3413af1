/*
 * engine-greedy.c - an engine written in C over the mindgames-engine
 * protocol (mindgames-engine(7)), as a bot writer would write one: it
 * reads commands on standard input, answers on standard output, and
 * plays the action with the best immediate change of its score minus its
 * opponent's (a win above everything), ties broken by a seeded random
 * number.  Only the public API of libmindgames is used; the protocol
 * side is engine_loop.h, shared with engine-sites.c.
 *
 *   cc -std=c99 engine-greedy.c -o engine-greedy \
 *      $(pkg-config --cflags --libs mindgames)
 *   mg-match "cmd:./engine-greedy" random
 */

#define ENGINE_NAME "engine-greedy"
#define ENGINE_GAMES "*"
#include "engine_loop.h" /* the protocol, and main() */

static uint64_t next_random(void) /* xorshift64 */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* What a position is worth to `me`: a win or a loss above any score. */
static long value(const mg_state *s, int me)
{
    int32_t mine = 0, theirs = 0;
    if (mg_state_is_terminal(s) == 1) {
        int w = mg_state_winner(s);
        return w == MG_DRAW ? 0 : w == me ? 1000000 : -1000000;
    }
    mg_state_score(s, me, &mine);
    mg_state_score(s, 1 - me, &theirs);
    return (long)mine - (long)theirs;
}

/* The best action by value after it, ties at random. */
static int32_t choose(mg_state *s)
{
    int32_t *legal, best = -1;
    size_t n = 0, i, ties = 0;
    long best_value = 0;
    int me = mg_state_current_player(s);
    legal = malloc((size_t)mg_game_max_legal_actions(game) * sizeof *legal);
    if (!legal)
        return -1;
    mg_state_legal_actions(s, legal, (size_t)mg_game_max_legal_actions(game),
                           &n);
    for (i = 0; i < n; i++) {
        long v;
        mg_state_apply(s, legal[i]);
        v = value(s, me);
        mg_state_undo(s);
        if (best < 0 || v > best_value) {
            best = legal[i];
            best_value = v;
            ties = 1;
        } else if (v == best_value && next_random() % ++ties == 0) {
            best = legal[i];
        }
    }
    free(legal);
    return best;
}
