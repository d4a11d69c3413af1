/*
 * match_game.c - one game of a match: which pairing, pair and seat a
 * game index means, the game and opening of a pair, and playing it with
 * a worker's players (a failure of an engine forfeits the game; the
 * reason of a forfeit, or of the end, comes back in `why` and goes into
 * the game's record block: "# forfeit: ..." or "# end: ...").
 *
 * Game index i: pair p = i / 2 (both games of a pair start alike, the
 * seats swapped), pairing p % npairings, pair k = p / npairings of that
 * pairing, and game i % 2 of the pair, in which the pairing's first
 * engine takes seat i % 2.  A shard I/N plays the pairs with
 * p % N == I - 1.
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <stdlib.h>
#include <string.h>

void match_game_of(const match *m, long i, int *pairing, long *k, int *g)
{
    long p = i / 2;
    *g = (int)(i % 2);
    *pairing = (int)(p % m->npairings);
    *k = p / m->npairings;
}

int match_valid_index(const match *m, long i)
{
    int pairing, g;
    long k;
    match_game_of(m, i, &pairing, &k, &g);
    return 2 * k + g < m->games && (i / 2) % m->nshards == m->shard - 1;
}

static uint64_t pair_seed(const match *m, long k, uint64_t salt)
{
    return util_mix(util_mix(m->seed ^ salt) + (uint64_t)k);
}

mg_game *match_pair_game(const match *m, long k, char *err, size_t errcap)
{
    char *spec;
    mg_game *g;
    if (!m->pair_boards)
        return m->game;
    /* boards of 2^32 seeds: short specs, plenty of boards */
    spec = util_spec_with_board_seed(m->spec,
                                     pair_seed(m, k, 0xB0A4D) & 0xFFFFFFFFu);
    g = util_game_new(spec, NULL, err, errcap);
    free(spec);
    return g;
}

/* The first m->openings actions of pair k: uniformly random, the same
 * for both games (and every pairing).  An opening that would end the
 * game is drawn again, and after 100 tries made one action shorter. */
int match_opening(const match *m, long k, mg_state *s)
{
    long want = m->openings, tries;
    if (want <= 0)
        return 0;
    for (; want > 0; want--)
        for (tries = 0; tries < 100; tries++) {
            int n = mg_state_playout(
                s, pair_seed(m, k, 0x09E0 + (uint64_t)tries * 7919),
                (int32_t)want);
            if (n >= 0 && mg_state_is_terminal(s) == 0)
                return n;
            while (n-- > 0)
                mg_state_undo(s);
        }
    return 0;
}

static int should_stop(match *m)
{
    int stop;
    pthread_mutex_lock(&m->lock);
    stop = m->stopping || match_interrupted;
    pthread_mutex_unlock(&m->lock);
    return stop;
}

/* The game after its start; 1 played to its end or a forfeit, 0
 * stopped from outside. */
static int play_moves(match *m, player *pl, const int who[2], mg_state *s,
                      game_result *r, strbuf *why)
{
    while (mg_state_is_terminal(s) == 0) {
        int seat = mg_state_current_player(s), kind;
        int32_t a;
        if (should_stop(m))
            return 0;
        int chose = player_choose(&pl[who[seat]], s, m->movetime,
                                  m->margin, &a, &kind, why) == 0;
        if (chose && mg_state_apply(s, a) != MG_OK) {
            /* a bot's move the library refuses: the rule it breaks */
            char *rule = util_illegal_reason(s, a);
            sb_printf(why, "played the illegal move %s",
                      rule ? rule : "(no reason given)");
            free(rule);
            chose = 0;
        }
        if (!chose) {
            r->forfeit = (signed char)(seat == r->a_seat ? 0 : 1);
            r->result = (signed char)(seat == r->a_seat ? -1 : 1);
            return 1;
        }
    }
    {
        int w = mg_state_winner(s);
        r->result = (signed char)(w == MG_DRAW ? 0 : w == r->a_seat ? 1 : -1);
    }
    return 1;
}

static void write_block(const match *m, long i, const game_result *r,
                        const mg_state *s, const char *why, strbuf *block)
{
    int rc;
    char *rec = util_state_save(s, &rc);
    match_block_head(m, i, r, r->forfeit >= 0 ? why : NULL, block);
    if (r->forfeit < 0 && *why) { /* the end reason: one line of ASCII */
        sb_puts(block, "# end: ");
        sb_puts(block, why);
        sb_putc(block, '\n');
    }
    sb_puts(block, rec ? rec : "# (no record)\n");
    free(rec);
}

int match_play(match *m, player *pl, long i, game_result *r, strbuf *block,
               strbuf *why)
{
    char err[512];
    int pairing, g, who[2], played = 0, seat;
    long k;
    size_t n = 0;
    mg_game *game;
    mg_state *s = NULL;
    match_game_of(m, i, &pairing, &k, &g);
    memset(r, 0, sizeof *r);
    r->a_seat = (signed char)g;
    r->forfeit = -1;
    who[g] = m->pa[pairing];
    who[1 - g] = m->pb[pairing];
    if (!(game = match_pair_game(m, k, err, sizeof err)) ||
        mg_state_new(&s, game) != MG_OK) {
        fprintf(stderr, "mg-match: game %ld: %s\n", i + 1, err);
        pthread_mutex_lock(&m->lock);
        m->stopping = m->error = 1;
        pthread_mutex_unlock(&m->lock);
        return 0;
    }
    match_opening(m, k, s);
    sb_clear(why);
    for (seat = 0; seat < 2; seat++)
        player_begin(&pl[who[seat]],
                     util_mix(m->seed ^ util_mix((uint64_t)(4 * i + seat))),
                     err, sizeof err);
    played = play_moves(m, pl, who, s, r, why);
    if (played && r->forfeit < 0) { /* why: what ended the game */
        char *end = util_end_reason(s);
        sb_clear(why);
        sb_puts(why, end ? end : "");
        free(end);
    }
    mg_state_history(s, NULL, 0, &n);
    r->actions = (int32_t)n;
    r->done = (signed char)played;
    sb_clear(block);
    if (played)
        write_block(m, i, r, s, why->s, block);
    mg_state_free(s);
    if (game != m->game)
        mg_game_free(game);
    return played;
}
