/*
 * registry.c - the list of games.  Adding a game is one line here plus its
 * own file; nothing else in the core names a game.
 */
#include "internal.h"

#include <string.h>

/* Each defined in its game's file under games/. */
extern const mg__game_ops mg__dots_and_boxes_ops;
extern const mg__game_ops mg__china_squares_ops;
extern const mg__game_ops mg__china_octangle_ops;
extern const mg__game_ops mg__china_tangle_ops;
extern const mg__game_ops mg__china_grove_ops;
extern const mg__game_ops mg__fangqi_ops;
extern const mg__game_ops mg__chains_of_thought_ops;

static const mg__game_ops *const games[] = {
    &mg__dots_and_boxes_ops,
    &mg__china_squares_ops,
    &mg__china_octangle_ops,
    &mg__china_tangle_ops,
    &mg__china_grove_ops,
    &mg__fangqi_ops,
    &mg__chains_of_thought_ops,
};

#define N_GAMES ((int)(sizeof games / sizeof games[0]))

int mg_game_count(void)
{
    return N_GAMES;
}

const char *mg_game_id_at(int index)
{
    return (index >= 0 && index < N_GAMES) ? games[index]->id : NULL;
}

const mg__game_ops *mg__find_game(const char *id, size_t n)
{
    int i;
    for (i = 0; i < N_GAMES; i++)
        if (strlen(games[i]->id) == n && mg__strncaseeq(id, games[i]->id, n))
            return games[i];
    return NULL;
}
