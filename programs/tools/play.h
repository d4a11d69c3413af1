/*
 * play.h - mg-play, a game in a terminal: its state, the pictures it
 * shows (the library's text rendering, with the open points marked and
 * the China boards' beam crossings told apart from stones) and their
 * legend, and what a person types.
 */
#ifndef TOOLS_PLAY_H
#define TOOLS_PLAY_H

#include "lines.h"
#include "player.h"

typedef struct {
    mg_game *game;
    mg_state *state;
    player pl[2];
    uint64_t seed;
    long movetime, margin;
    int quiet;    /* the position only before a person's move and at the end */
    int echo;     /* input is not a terminal: echo what is read */
    int unseen;   /* -q: moves not shown yet */
    linereader in;
    int32_t *legal;
    size_t cap;
} play;

/* play_view.c */
/* The position as mg-play shows it (malloc'd), or NULL. */
char *view_render(const mg_state *s);
/* What every symbol of the game's picture means, and how moves are
 * written. */
void view_legend(const mg_game *g, strbuf *out);
/* Print the position (and a blank line before it). 0, or 1 on failure. */
int view_show(const play *p);

/* play_input.c */
/* The person's turn: read and run commands until a move is made, the
 * game is left (1: quit or end of input) or a failure (-1). */
int input_turn(play *p, int seat);
/* Bots for the seats that are not people, engines told a new game. */
int play_begin(play *p, char *err, size_t errcap);
int play_size_legal(play *p);
const char *play_who(const play *p, int seat);

#endif
