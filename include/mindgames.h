/*
 * mindgames.h - the one public header of libmindgames.
 *
 * libmindgames is a pure C99 library of rules engines for abstract strategy
 * games: Dots and Boxes, the four China games on generated transcendental
 * boards (China Squares, China Octangle, China Tangle, China Grove),
 * Fangqi and Chains of Thought, with board generators, scoring and bots.
 * This header is its whole public contract; see mindgames(7), and the
 * rules reference doc/rules.md (cited below as "rules §N").
 *
 * Conventions used by every function below
 * ------------------------------------------
 * - Everything exported starts with mg_ or MG_.  Handles are opaque.
 * - Functions that can fail return int: MG_OK (0) or a negative MG_E* code.
 *   Objects are handed out through an out-parameter (**out), which is set to
 *   NULL on failure.  mg_strerror() turns a code into a fixed string.
 * - Text input (specs, notation, records) takes an optional `err, errcap`
 *   buffer that receives a one-line message naming what was wrong.  It may
 *   be NULL/0.  The message is always NUL-terminated and cut to fit.
 * - Buffers: the caller passes `buf, cap`.  The call stores the full size in
 *   `*needed` / `*count` (strings count their terminating NUL) and returns
 *   MG_ENOBUFS, leaving no partial result (an empty string where cap > 0),
 *   when cap is too small.  `buf = NULL, cap = 0` is the size query.
 * - Every *_free() accepts NULL.  The library never prints, never exits,
 *   never aborts on bad input and keeps no mutable global state.
 * - Bad input never changes the object it is refused on.
 *
 * Threads
 * -------
 * A game (mg_game) is read-only after mg_game_new() and may be shared by any
 * number of threads.  A state (mg_state) is used by one thread at a time;
 * any number of states may exist per game, each on its own thread.  Version
 * functions and mg_strerror() may be called from anywhere at any time.
 *
 * Memory
 * ------
 * Only constructors allocate (mg_game_new, mg_state_new, mg_state_clone,
 * mg_state_load, and mg_state_copy between states of different games),
 * and a bot on its first mg_bot_choose() for a game (see Bots).
 * mg_state_apply, mg_state_undo, mg_state_legal_actions, mg_state_hash,
 * mg_state_copy (same game), mg_state_playout and mg_state_playout_result
 * never allocate, except that a game with no bound on its length grows its
 * history in apply.
 * A state borrows its game: free every state before freeing its game.
 */
#ifndef MINDGAMES_H
#define MINDGAMES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- export */

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(MG_BUILDING_LIBRARY) && !defined(MG_STATIC)
#    define MG_API __declspec(dllexport)
#  elif !defined(MG_STATIC)
#    define MG_API __declspec(dllimport)
#  else
#    define MG_API
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define MG_API __attribute__((visibility("default")))
#else
#  define MG_API
#endif

/* --------------------------------------------------------------- version */

#define MG_VERSION_MAJOR 1
#define MG_VERSION_MINOR 6
#define MG_VERSION_PATCH 1
#define MG_VERSION_NUMBER \
    (MG_VERSION_MAJOR * 10000 + MG_VERSION_MINOR * 100 + MG_VERSION_PATCH)
#define MG_VERSION_STRING "1.6.1"

/* The version of the library actually linked, as MG_VERSION_NUMBER
 * (major*10000 + minor*100 + patch).  Compare it with MG_VERSION_NUMBER to
 * check that header and library agree.  Always safe to call. */
MG_API uint32_t mg_version_number(void);

/* The version of the library actually linked, as "MAJOR.MINOR.PATCH".
 * Static string, never NULL, never freed.  Always safe to call. */
MG_API const char *mg_version_string(void);

/* ---------------------------------------------------------------- errors */

/* Result codes.  Values are fixed forever and only ever appended; -1 is not
 * an error code (it is MG_NOBODY), so a function that returns a player can
 * also return an error without ambiguity. */
enum {
    MG_OK = 0,
    MG_EINVAL = -2,       /* invalid argument: NULL pointer, bad format/flag */
    MG_ENOMEM = -3,       /* out of memory */
    MG_ENOBUFS = -4,      /* caller's buffer too small; size stored */
    MG_ERANGE = -5,       /* id, player, dot or cell name out of range */
    MG_ESYNTAX = -6,      /* malformed text (spec, notation, record) */
    MG_ENOGAME = -7,      /* unknown game id */
    MG_EOPTION = -8,      /* unknown, repeated or inapplicable option key */
    MG_EVALUE = -9,       /* option value of wrong type, out of range, or
                             an invalid combination of options */
    MG_EILLEGAL = -10,    /* action not legal in this state */
    MG_EOVER = -11,       /* the game is over */
    MG_EEMPTY = -12,      /* nothing to undo */
    MG_EMISMATCH = -13,   /* objects belong to different games */
    MG_EUNSUPPORTED = -14, /* the game has no such notion (e.g. groups) */
    MG_EBOARD = -15,      /* a board that is not a valid two-group
                             transcendental solution (since 1.1) */
    MG_EBUDGET = -16      /* a search stopped at its node or time budget
                             (since 1.4) */
};

/* A short English description of a result code ("illegal action").  Never
 * NULL: an unknown code gives "unknown error".  Static storage, always safe
 * to call from any thread. */
MG_API const char *mg_strerror(int code);

/* -------------------------------------------------------------- constants */

#define MG_NOBODY (-1)      /* no player: the game is over / not decided */
#define MG_DRAW 2           /* mg_state_winner(): the game ended drawn */

#define MG_RENDER_TEXT 1    /* plain ASCII, lines ending in '\n' */
#define MG_RENDER_SVG 2     /* a standalone SVG 1.1 document */

#define MG_BOARD_OCTOPUSZLE 1 /* square grid, 8 beams, 256 tiles */
#define MG_BOARD_LABYRINTH 2  /* hexagonal grid, 6 beams, 64 tiles */

/* Site kinds (mg_game_site_kind(), since 1.3) */
#define MG_SITE_CELL 1      /* a cell of a China board */
#define MG_SITE_POINT 2     /* a point of Fangqi or Chains of Thought */
#define MG_SITE_LINE 3      /* a line of Dots and Boxes */
#define MG_SITE_BOX 4       /* a box (cell) of Dots and Boxes */

/* mg_state_site(): a site that belongs to neither seat, such as a line
 * drawn before the game (Swedish and Icelandic borders).  Since 1.3. */
#define MG_NEUTRAL 3

/* Option types (mg_game_option_type(), since 1.4) */
#define MG_OPTION_INT 1     /* an integer in a range */
#define MG_OPTION_BOOL 2    /* true or false (values 1, 0) */
#define MG_OPTION_ENUM 3    /* one of named values (0 .. n-1) */
#define MG_OPTION_SEED 4    /* any unsigned 64-bit integer (a board seed) */
#define MG_OPTION_DECIMAL 5 /* a decimal with up to three places; its
                               range is in thousandths */

/* mg_board_render() views (flags, combinable) */
#define MG_BOARD_SHOW_CELLS 1 /* the tiles' cells */
#define MG_BOARD_SHOW_BEAMS 2 /* the beams (lines) between neighbours */

/* ----------------------------------------------------------------- types */

typedef struct mg_game mg_game;     /* a game and its options; immutable */
typedef struct mg_state mg_state;   /* a position with its full history */
typedef struct mg_board mg_board;   /* a transcendental board; immutable */
typedef struct mg_bot mg_bot;       /* a computer player; one thread */

/* ----------------------------------------------------------------- games */

/* Number of registered game ids (dots_and_boxes, ...).  Always >= 1. */
MG_API int mg_game_count(void);

/* The id of registered game `index` (0 <= index < mg_game_count()), e.g.
 * "dots_and_boxes".  Static string; NULL when index is out of range. */
MG_API const char *mg_game_id_at(int index);

/* Create a game from a spec string: `id` or `id(key=value,...)`, e.g.
 * "dots_and_boxes(rows=5,cols=5,border=swedish)".  Spaces around tokens are
 * ignored, keys and values are case-insensitive, omitted keys take their
 * defaults (rules §0, and per game).  On success *out owns a new game to
 * release with mg_game_free().
 * Errors: MG_EINVAL (out or spec NULL), MG_ESYNTAX (malformed spec),
 * MG_ENOGAME (unknown id), MG_EOPTION (unknown, repeated or inapplicable
 * key), MG_EVALUE (bad value or combination), MG_ENOMEM.  `err` names the
 * offending part. */
MG_API int mg_game_new(mg_game **out, const char *spec, char *err,
                       size_t errcap);

/* Like mg_game_new(), for a game played on a transcendental board (the
 * China games), on `board` instead of the board of the spec's `board`
 * seed; the spec must not name `board`.  The game keeps its own copy: the
 * caller may free `board` at once.  The canonical spec then has no
 * `board` key, and the game's records carry the board itself.  Errors:
 * those of mg_game_new(), MG_EINVAL (board NULL), MG_EUNSUPPORTED (the
 * game has no board), MG_EMISMATCH (a board of the other kind),
 * MG_EOPTION (`board` in the spec).  Since 1.1. */
MG_API int mg_game_new_with_board(mg_game **out, const char *spec,
                                  const mg_board *board, char *err,
                                  size_t errcap);

/* The board a game is played on (borrowed: valid while the game lives),
 * or NULL for a game without one (or g NULL).  Since 1.1. */
MG_API const mg_board *mg_game_board(const mg_game *g);

/* Release a game.  NULL is a no-op.  Free all its states first. */
MG_API void mg_game_free(mg_game *g);

/* The game's id ("dots_and_boxes").  Static string; NULL when g is NULL. */
MG_API const char *mg_game_id(const mg_game *g);

/* The canonical spec: the id and every option that applies, in a fixed
 * order, lower case, no spaces: mg_game_new() of it gives the same game.
 * Errors: MG_EINVAL (g NULL, or buf NULL with cap > 0), MG_ENOBUFS. */
MG_API int mg_game_spec(const mg_game *g, char *buf, size_t cap,
                        size_t *needed);

/* Number of action ids of this game: every action id is in 0 .. n-1.
 * MG_EINVAL when g is NULL. */
MG_API int32_t mg_game_num_actions(const mg_game *g);

/* An upper bound on the number of actions legal in any state of this game:
 * a buffer of this many int32_t always holds mg_state_legal_actions().
 * MG_EINVAL when g is NULL. */
MG_API int32_t mg_game_max_legal_actions(const mg_game *g);

/* The most actions one game can last (every action of a multi-action turn
 * counts), or 0 when the rules set no bound (Fangqi without a
 * no_capture_limit, Chains of Thought with removals).  MG_EINVAL when g
 * is NULL.  Since 1.5. */
MG_API int32_t mg_game_max_length(const mg_game *g);

/* ---------------------------------------------------------------- states */

/* A new state at the start of game g.  The state borrows g: g must outlive
 * it.  Errors: MG_EINVAL, MG_ENOMEM. */
MG_API int mg_state_new(mg_state **out, const mg_game *g);

/* A new, independent copy of s, history included.  Errors: MG_EINVAL,
 * MG_ENOMEM. */
MG_API int mg_state_clone(mg_state **out, const mg_state *s);

/* Make dst an exact copy of src (position and history).  No allocation when
 * both are states of the same game; otherwise dst is re-sized for src's
 * game (MG_ENOMEM leaves dst unchanged).  Errors: MG_EINVAL. */
MG_API int mg_state_copy(mg_state *dst, const mg_state *src);

/* Release a state.  NULL is a no-op. */
MG_API void mg_state_free(mg_state *s);

/* The game a state belongs to (borrowed), or NULL when s is NULL. */
MG_API const mg_game *mg_state_game(const mg_state *s);

/* The seat to act next: 0 or 1, or MG_NOBODY when the game is over.
 * MG_EINVAL when s is NULL. */
MG_API int mg_state_current_player(const mg_state *s);

/* 1 when the game is over, 0 while it goes on; MG_EINVAL when s is NULL. */
MG_API int mg_state_is_terminal(const mg_state *s);

/* The legal actions, ascending, into buf (capacity cap).  *count receives
 * their number (0 when the game is over).  A buffer of
 * mg_game_max_legal_actions() entries always suffices.  Never allocates.
 * Errors: MG_EINVAL (s or count NULL, buf NULL with cap > 0), MG_ENOBUFS. */
MG_API int mg_state_legal_actions(const mg_state *s, int32_t *buf, size_t cap,
                                  size_t *count);

/* The legal actions as a mask: buf[a] = 1 when action a is legal, else 0,
 * for every a in 0 .. num_actions-1 (all 0 once the game is over).
 * Never allocates.  Errors: MG_EINVAL (s or buf NULL), MG_ENOBUFS (cap <
 * num_actions; buf untouched).  Since 1.5. */
MG_API int mg_state_legal_mask(const mg_state *s, uint8_t *buf, size_t cap);

/* 1 when `action` is legal in s, 0 when it is not (also for ids out of
 * range), MG_EINVAL when s is NULL. */
MG_API int mg_state_is_legal(const mg_state *s, int32_t action);

/* Play `action` for the current player.  Never allocates (see Memory).
 * Errors: MG_EINVAL (s NULL), MG_ERANGE (id outside 0..num_actions-1),
 * MG_EOVER (game over), MG_EILLEGAL (not legal here).  On error s is
 * unchanged. */
MG_API int mg_state_apply(mg_state *s, int32_t action);

/* Take back the last action; any depth, back to the start.  The position,
 * player to move and hash are restored exactly.  Errors: MG_EINVAL,
 * MG_EEMPTY (nothing to undo). */
MG_API int mg_state_undo(mg_state *s);

/* The actions played since the start, oldest first.  *count receives their
 * number.  Errors: MG_EINVAL, MG_ENOBUFS. */
MG_API int mg_state_history(const mg_state *s, int32_t *buf, size_t cap,
                            size_t *count);

/* 0 or 1 for the winning seat, MG_DRAW for a drawn game, MG_NOBODY while
 * the game goes on.  MG_EINVAL when s is NULL. */
MG_API int mg_state_winner(const mg_state *s);

/* The game's headline score of `player` (0 or 1) into *out: boxes claimed
 * in Dots and Boxes (rules §0).  Errors: MG_EINVAL, MG_ERANGE (player
 * not 0 or 1). */
MG_API int mg_state_score(const mg_state *s, int player, int32_t *out);

/* The sizes of `player`'s groups (chains), descending, into buf.  Errors:
 * MG_EINVAL, MG_ERANGE (player), MG_ENOBUFS, MG_EUNSUPPORTED (the game has
 * no groups, e.g. Dots and Boxes). */
MG_API int mg_state_groups(const mg_state *s, int player, int32_t *buf,
                           size_t cap, size_t *count);

/* Zobrist hash of the position (what is on the board and who moves),
 * maintained incrementally: equal positions reached by different move
 * orders hash equal.  0 when s is NULL. */
MG_API uint64_t mg_state_hash(const mg_state *s);

/* The notation of action id `action` (legal now or not), e.g. "a1-b1" in
 * Dots and Boxes (rules §3).  Errors: MG_EINVAL, MG_ERANGE (id out of
 * range), MG_ENOBUFS. */
MG_API int mg_state_action_to_string(const mg_state *s, int32_t action,
                                     char *buf, size_t cap, size_t *needed);

/* Parse notation (case-insensitive, surrounding spaces ignored) into an
 * action id.  The id is returned whether or not it is legal now; use
 * mg_state_is_legal() or mg_state_apply() for that.  Errors: MG_EINVAL,
 * MG_ESYNTAX (malformed), MG_ERANGE (names no dot/cell/action of this
 * game).  `err` names the offending part. */
MG_API int mg_state_action_from_string(const mg_state *s, const char *text,
                                       int32_t *action, char *err,
                                       size_t errcap);

/* Render the position: MG_RENDER_TEXT (ASCII for a terminal) or
 * MG_RENDER_SVG (standalone SVG).  Errors: MG_EINVAL (bad format),
 * MG_ENOBUFS. */
MG_API int mg_state_render(const mg_state *s, int format, char *buf,
                           size_t cap, size_t *needed);

/* The game record: the canonical spec and every action in notation, in
 * the text format of mindgames(7):
 *     mindgames-record 1
 *     game dots_and_boxes(rows=2,cols=2,grid=square,...)
 *     actions 3
 *     a1-b1 b1-c1 a1-a2
 * Errors: MG_EINVAL, MG_ENOBUFS. */
MG_API int mg_state_save(const mg_state *s, char *buf, size_t cap,
                         size_t *needed);

/* Parse a record made by mg_state_save() and replay it: *game_out receives
 * a new game and *out a new state of it at the record's last position.  The
 * caller frees both (the state first).  Errors: MG_EINVAL, MG_ESYNTAX,
 * MG_EUNSUPPORTED (a record version other than 1), any mg_game_new() error,
 * MG_ERANGE / MG_EILLEGAL / MG_EOVER (an action that does not exist, is not
 * legal where it stands, or follows the end), MG_ENOMEM.  `err` names the
 * line and the action. */
MG_API int mg_state_load(mg_state **out, mg_game **game_out,
                         const char *record, char *err, size_t errcap);

/* Play uniformly random legal actions from s until the game ends or
 * max_actions have been applied (max_actions < 0: no limit): each action
 * is drawn uniformly among the legal actions of its position, and goes
 * into the history like mg_state_apply() (so it can be undone).  A game
 * may use its own faster generator; the sequence is deterministic for a
 * given seed, game and library version.  Returns the number of actions
 * applied (>= 0), or MG_EINVAL.  Never allocates (see Memory). */
MG_API int mg_state_playout(mg_state *s, uint64_t seed, int32_t max_actions);

/* The result of a uniformly random playout from s, without playing it in
 * s (1.5): the same draws as mg_state_playout() describes, on a private
 * copy of the position in the state's own scratch area, with no history
 * kept, which makes it the faster call when only the result counts (a
 * bot's rollouts).  s is left as it was (position, history, hash).
 * Stores in *winner (may be NULL) 0, 1 or MG_DRAW for the end of the
 * playout, or MG_NOBODY when max_actions (< 0: no limit) stopped it
 * before the end, and in scores[0], scores[1] (scores may be NULL) what
 * mg_state_score() gives for each seat where the playout stopped.  From a
 * finished game: 0 actions, the game's result.  The sequence is
 * deterministic for a given seed, game and library version; it need not
 * be the one mg_state_playout() plays for the same seed.  Returns the
 * number of actions played (>= 0), or MG_EINVAL (s NULL; nothing
 * written).  Never allocates. */
MG_API int mg_state_playout_result(mg_state *s, uint64_t seed,
                                   int32_t max_actions, int32_t *winner,
                                   int32_t *scores);

/* ------------------------------------------------ explanations (1.5) */

/* Why `action` may not be played in s, as one line of plain ASCII a player
 * understands: the action in the game's notation, the rule it breaks, and
 * the section of the rules reference (doc/rules.md) that states the rule,
 * written "rules N.M" or "rules N.M.K" for item K of section N.M (ASCII for
 * the rules' "§N.M"), e.g.
 *     "q1: not of this turn's pattern: the turn's first stone, n1, allows
 *      only cells like n1 (pattern class 3); q1 is of class 1 (rules
 *      1.3.2)"
 *     "a2-b2: that line is already drawn, by seat 0 (A) (rules 3.2.1)"
 * Returns MG_OK and "" when the action is legal; MG_EILLEGAL and the
 * reason when it is not; MG_EOVER and "<action>: the game is over: <the
 * end reason of mg_state_end_reason>" once the game has ended; MG_ERANGE
 * and a line naming the range when the id is outside 0..num_actions-1 (it
 * names no action).  Buffers as everywhere (buf NULL and cap 0 is the size
 * query, MG_ENOBUFS when the line does not fit, *needed counts the NUL):
 * MG_ENOBUFS takes the place of the other codes, so call again with room
 * for *needed bytes.  Never changes s; never allocates.  Errors also:
 * MG_EINVAL (s NULL, or buf NULL with cap > 0). */
MG_API int mg_state_illegal_reason(const mg_state *s, int32_t action,
                                   char *buf, size_t cap, size_t *needed);

/* Why the game of s is over, as one line of plain ASCII: what ended it
 * (the board full, no legal action for the player to move, every line
 * drawn, the stones of a player gone, the no-removal draw after N moves),
 * the result with the scores that decided it, and the rules section
 * ("rules N.M"), e.g.
 *     "every line is drawn; seat 1 (B) wins 5 boxes to 4 (rules 3.2.3)"
 * Resigning, agreed draws and time are not the library's (rules 0): a
 * host program says those itself.  Returns MG_OK with the line when the
 * game is over; MG_EINVAL and "" (when cap > 0) while it goes on, or when
 * s is NULL or buf NULL with cap > 0; MG_ENOBUFS as everywhere.  Never
 * changes s; never allocates. */
MG_API int mg_state_end_reason(const mg_state *s, char *buf, size_t cap,
                               size_t *needed);


/* ---------------------------------------------------------------- boards */

/* A transcendental board is a solution of the Octopuszle (256 square tiles,
 * one per subset of 8 beams) or of the China Labyrinth (64 hexagonal
 * tiles, 6 beams) in which every tile's beams point exactly at its
 * neighbours, and whose tiles form two groups: the blank tile alone, and
 * the 255 (63) playing cells, connected (rules §1.1 and §2.1).
 * Cells are indexed bottom row first, left to right; coordinates are
 * normalised so the playing cells' minimum x and y are 0 (the blank may
 * lie outside).  A board is immutable: share it between threads freely.
 * Since 1.1. */

/* Generate the board of `seed` for `kind` (MG_BOARD_OCTOPUSZLE or
 * MG_BOARD_LABYRINTH).  Every seed gives a valid board; the same seed gives
 * the same board on every platform with this library version.  Errors:
 * MG_EINVAL (out NULL, bad kind), MG_ENOMEM. */
MG_API int mg_board_generate(mg_board **out, int kind, uint64_t seed);

/* Parse and validate a board in the text format of mg_board_format() (see
 * mindgames(7)).  Errors: MG_EINVAL (NULL), MG_ESYNTAX (malformed text),
 * MG_EBOARD (well-formed but not a valid two-group transcendental
 * solution; `err` names the first violation, e.g. "cells I (name) and J
 * (name) share pattern 0xNN"), MG_ENOMEM. */
MG_API int mg_board_parse(mg_board **out, const char *text, char *err,
                          size_t errcap);

/* The board as text, accepted back by mg_board_parse() (exact round trip):
 *     mindgames-board 1
 *     kind octopuszle
 *     size <width> <height>
 *     <height rows, top row first: '#' a playing cell, 'o' the blank,
 *      '.' no tile; one character per x (per axial q on the hex grid)>
 * Errors: MG_EINVAL, MG_ENOBUFS. */
MG_API int mg_board_format(const mg_board *b, char *buf, size_t cap,
                           size_t *needed);

/* Release a board.  NULL is a no-op. */
MG_API void mg_board_free(mg_board *b);

/* MG_BOARD_OCTOPUSZLE or MG_BOARD_LABYRINTH; MG_EINVAL when b is NULL. */
MG_API int mg_board_kind(const mg_board *b);

/* Number of playing cells: 255 or 63; MG_EINVAL when b is NULL. */
MG_API int mg_board_cell_count(const mg_board *b);

/* Position of a playing cell.  Errors: MG_EINVAL, MG_ERANGE. */
MG_API int mg_board_cell_position(const mg_board *b, int32_t cell, int32_t *x,
                                  int32_t *y);

/* Position of the blank tile (isolated from the group). MG_EINVAL. */
MG_API int mg_board_blank_position(const mg_board *b, int32_t *x, int32_t *y);

/* The playing cell at (x, y), or MG_ERANGE when there is none there;
 * MG_EINVAL when b is NULL. */
MG_API int mg_board_cell_at(const mg_board *b, int32_t x, int32_t y);

/* The cell's neighbour mask: bit i set when the neighbour in direction i
 * is a cell (rules §1.1 / §2.1 bit order).  Never 0.  Errors: MG_EINVAL,
 * MG_ERANGE. */
MG_API int mg_board_cell_mask(const mg_board *b, int32_t cell);

/* The cell's pattern class: the smallest mask among the rotations and
 * reflections of its mask (rules §1.2 / §2.2).  Errors: MG_EINVAL,
 * MG_ERANGE. */
MG_API int mg_board_cell_class(const mg_board *b, int32_t cell);

/* The cell's name ("f7", rules §0).  Errors: MG_EINVAL,
 * MG_ERANGE, MG_ENOBUFS. */
MG_API int mg_board_cell_name(const mg_board *b, int32_t cell, char *buf,
                              size_t cap, size_t *needed);

/* The cell's neighbours in direction order (E first, counter-clockwise).
 * At most 8 (6).  Errors: MG_EINVAL, MG_ERANGE, MG_ENOBUFS. */
MG_API int mg_board_cell_neighbors(const mg_board *b, int32_t cell,
                                   int32_t *buf, size_t cap, size_t *count);

/* A 64-bit fingerprint of the playing cells, equal for boards that differ
 * only by translation, rotation or reflection and different otherwise (in
 * practice).  0 when b is NULL. */
MG_API uint64_t mg_board_fingerprint(const mg_board *b);

/* Render the board: format MG_RENDER_TEXT or MG_RENDER_SVG, flags a
 * non-empty combination of MG_BOARD_SHOW_CELLS and MG_BOARD_SHOW_BEAMS.
 * Errors: MG_EINVAL (bad format or flags), MG_ENOBUFS. */
MG_API int mg_board_render(const mg_board *b, int format, int flags,
                           char *buf, size_t cap, size_t *needed);

/* ------------------------------------------------------------------ bots */

/* A bot chooses actions for whichever seat is to move in any game.  It
 * is created from a spec string with the syntax of game specs:
 *
 *   random        a uniformly random legal action
 *   greedy        the action with the best immediate change of
 *                 score(mover) - score(opponent) (a win counts above
 *                 any score, a loss below), ties broken at random
 *   mcts(iterations=1000,time_ms=0,c=0.3,bias=10,margin=0.5,reuse=true,
 *        playout=random,net=0)
 *                 UCT Monte Carlo tree search with uniformly random
 *                 playouts (mg_state_playout).  It stops after
 *                 `iterations` iterations (0: no limit) or `time_ms`
 *                 milliseconds (0: no limit), whichever comes first; not
 *                 both 0.  A time_ms given without iterations means
 *                 iterations=0: "search this long" (since 1.6; before,
 *                 mcts(time_ms=1000) stopped after 1000 iterations).
 *                 `c` is the exploration constant; `bias` weighs
 *                 a progressive bias towards each action's immediate gain
 *                 (as greedy measures it), fading as 1/(visits+1); a
 *                 playout is worth (1-margin) x its result (1, 1/2, 0)
 *                 plus margin x the mover's share of the final score
 *                 difference.  c=1.414,bias=0,margin=0 is plain UCT.
 *                 c, bias and margin take up to three decimals.  With
 *                 reuse=true the subtree of the position asked about is
 *                 kept when it continues the previous call's game.
 *                 playout=policy (since 1.6; default random, the search
 *                 of 1.5 move for move) plays playouts and takes priors
 *                 that follow the game's theory where it has one (Dots
 *                 and Boxes, normal play: safe captures, no third side
 *                 while a safe line is left, all-but-two by the chain
 *                 and loop counts, the smallest sacrifice, an exact stop
 *                 in simple loony endgames), else random ones.
 *   solver(nodes=1000000,time_ms=0,memory_mb=64,iterations=1000)
 *                 perfect play where it is reachable (since 1.4): an
 *                 mg_solver of memory_mb MiB solves the position within
 *                 `nodes` nodes (0: no limit) and half of `time_ms`
 *                 milliseconds (0: no limit; not both 0) and plays an
 *                 optimal action when it finishes; otherwise it plays as
 *                 mcts (with mcts's other defaults) for at most
 *                 `iterations` iterations (0: no limit) and the rest of
 *                 time_ms.  A time_ms given alone means nodes=0 and
 *                 iterations=0: the whole choice takes about time_ms
 *                 (since 1.6; before, the solve stopped at 1000000
 *                 nodes, or used all of time_ms, and the search that
 *                 followed ran 1000 iterations whatever the time left).
 *   strong(time_ms=1000,iterations=0,nodes=0,memory_mb=64,eval=none)
 *                 the library's strongest player of every game (since
 *                 1.6): the solver's plan above (solve with half of
 *                 time_ms and at most `nodes` nodes, else search the
 *                 rest of the time and at most `iterations` iterations)
 *                 with the search set for strength: the game's knowledge
 *                 in its playouts and priors where the game has it, and
 *                 a network for half of each leaf's value: the one given
 *                 by mg_bot_set_eval(), else with eval=auto the one
 *                 shipped with the library for the game where there is
 *                 one (not the default: it has not been measured to help
 *                 yet; eval=none: no shipped network).
 *                 iterations given alone means time_ms=0: a bot that is
 *                 deterministic for its seed (its solve then gets 200
 *                 nodes an iteration unless `nodes` says).  Since 1.6.1,
 *                 when the solve stops having proved an action to
 *                 achieve a lower bound above the worst outcome (Dots
 *                 and Boxes up to 64 lines: mg_solver_solve), the rest
 *                 of the budget (time, or as many nodes again) goes on
 *                 solving instead of searching, and the action of the
 *                 best bound proven is played.
 *   level(n=4)    one of eight levels of play, n from 1 (a beginner's:
 *                 random) to 8 (strong(time_ms=4000)), each the name of
 *                 one of the specs above (since 1.6):
 *                 1 random, 2 greedy, 3 mcts(iterations=100),
 *                 4 mcts(iterations=1000),
 *                 5 mcts(iterations=10000,time_ms=2000),
 *                 6 strong(time_ms=250), 7 strong(time_ms=1000),
 *                 8 strong(time_ms=4000).  mg_bot_spec() says
 *                 "level(n=N)", mg_bot_plays() the spec it plays as.
 *
 * A bot is deterministic for its seed and spec, unless time_ms limits
 * the search.  It is used by one thread at a time; many bots may share a
 * game.  Memory: the first mg_bot_choose() for a game allocates the bot's
 * buffers (for mcts, a node pool sized from the iteration budget); later
 * calls for the same game do not allocate.  A bot holds no pointer to
 * the states or games it is given: it may outlive them, and it treats
 * two game objects made from the same spec (and board) as one game.
 * The solver bot allocates its solver's memory_mb on its first choose
 * for a game. */

/* Create a bot.  Errors: MG_EINVAL (out or spec NULL), MG_ESYNTAX,
 * MG_ENOGAME (an unknown bot name), MG_EOPTION, MG_EVALUE, MG_ENOMEM; the
 * message in err names the offending part. */
MG_API int mg_bot_new(mg_bot **out, const char *spec, uint64_t seed,
                      char *err, size_t errcap);

/* Choose an action for the player to move in s, which is not changed.
 * The action is always legal in s.  Multi-action turns are chosen one
 * action per call.  Errors: MG_EINVAL (NULL argument), MG_EOVER (the game
 * is over), MG_ENOMEM (first call for a game). */
MG_API int mg_bot_choose(mg_bot *bot, const mg_state *s, int32_t *action);

/* The bot's canonical spec, every option shown ("mcts(iterations=1000,
 * time_ms=0,c=0.3,bias=10,margin=0.5,reuse=true,playout=random,net=0)");
 * accepted back by mg_bot_new().
 * Errors: MG_EINVAL, MG_ENOBUFS. */
MG_API int mg_bot_spec(const mg_bot *bot, char *buf, size_t cap,
                       size_t *needed);

/* The canonical spec of the bot b plays as: for a level, its bot's
 * ("level(n=3)" plays as "mcts(iterations=100,...)"); for any other bot
 * the same as mg_bot_spec() (since 1.6).
 * Errors: MG_EINVAL, MG_ENOBUFS. */
MG_API int mg_bot_plays(const mg_bot *bot, char *buf, size_t cap,
                        size_t *needed);

/* Free a bot (NULL is fine). */
MG_API void mg_bot_free(mg_bot *bot);

/* ------------------------------------- learned evaluation (since 1.6)
 *
 * An mg_eval is a small neural network that values positions of one game:
 * the expected result for the player to move, in [-1, 1].  Its weights
 * come from a file in the MGNN format (doc/eval-format.md; the library
 * does no I/O: the caller reads the file and hands over its bytes), or
 * are shipped with the library for some games (mg_eval_builtin).  An
 * mg_eval is read-only after creation: any number of threads may share
 * one.  The network sees the inputs mg_eval_inputs() gives. */
typedef struct mg_eval mg_eval;

#define MG_EVAL_OBSERVATION 1 /* inputs: the observation of the mover */
#define MG_EVAL_FEATURES 2    /* that, then the game's features */

/* Parse and check the bytes of an MGNN file: magic, version, flags, the
 * game's spec (made with mg_game_new), sizes, every weight finite, the
 * CRC-32 and the exact length.  Copies what it keeps: data may be freed
 * after.  Errors: MG_EINVAL (out NULL, data NULL with len > 0),
 * MG_ESYNTAX (not an MGNN file: bad magic, truncated, wrong length, bad
 * checksum), MG_EVALUE (a field out of range: version, flags, sizes, a
 * weight not finite, an input count the game does not give), the spec's
 * mg_game_new() error (MG_ENOGAME, MG_EOPTION, ...), MG_ENOMEM; err (may
 * be NULL) names the defect and its offset. */
MG_API int mg_eval_new(mg_eval **out, const void *data, size_t len,
                       char *err, size_t errcap);

/* The network shipped with the library for g's canonical spec (since
 * 1.6; doc/eval-format.md lists them).  Errors: MG_EINVAL (NULL),
 * MG_EUNSUPPORTED (none is shipped for that game), MG_ENOMEM. */
MG_API int mg_eval_builtin(mg_eval **out, const mg_game *g);

/* Free an evaluation (NULL is fine).  Bots that borrow it must be freed
 * or given another first. */
MG_API void mg_eval_free(mg_eval *ev);

/* The canonical spec of the game the network values.  Errors: MG_EINVAL,
 * MG_ENOBUFS. */
MG_API int mg_eval_spec(const mg_eval *ev, char *buf, size_t cap,
                        size_t *needed);

/* The network's input kind (MG_EVAL_OBSERVATION or MG_EVAL_FEATURES) into
 * *inputs and its number of inputs into *count (either may be NULL).
 * Errors: MG_EINVAL (ev NULL). */
MG_API int mg_eval_shape(const mg_eval *ev, int *inputs, size_t *count);

/* The input floats of kind `inputs` of s, as a network sees them: for
 * MG_EVAL_OBSERVATION mg_state_observation() of the player to move; for
 * MG_EVAL_FEATURES those, then the game's features (doc/eval-format.md).
 * s may be over (the player who moved last is then the viewer).  *count
 * is always set; MG_ENOBUFS when cap is smaller.  Needs no network: a
 * trainer makes its inputs with it.  Errors: MG_EINVAL (NULL, bad
 * inputs), MG_EUNSUPPORTED (the game has no observation, or no features
 * for MG_EVAL_FEATURES), MG_ENOBUFS.  Never allocates. */
MG_API int mg_eval_inputs(const mg_state *s, int inputs, float *buf,
                          size_t cap, size_t *count);

/* The network's value of s for the player to move, in [-1, 1], into
 * *value.  Allocates nothing when the inputs and the two widest layers
 * fit in 4096 floats (every shipped network; else one scratch buffer per
 * call).  Errors: MG_EINVAL (NULL), MG_EMISMATCH (s is not of the
 * network's game: another canonical spec or board), MG_EOVER (s is over),
 * MG_ENOMEM. */
MG_API int mg_eval_value(const mg_eval *ev, const mg_state *s, float *value);

/* Let bot value positions with the network ev (since 1.6; NULL: none
 * again).  The bot borrows ev: keep it until the bot is freed or given
 * another.  The searching bots use it on states of ev's game (others as
 * before): mcts gives each leaf of its tree search the value
 * (1 - net) x playout + net x network, net its option (0 by default:
 * playouts alone; 1: the network alone); strong uses it for half of the
 * value (in place of the one shipped for the game, which it uses only
 * with eval=auto); the other bots ignore it.  The next choice
 * starts a new tree.  Errors: MG_EINVAL (bot NULL), MG_ENOMEM. */
MG_API int mg_bot_set_eval(mg_bot *bot, const mg_eval *ev);

/* ----------------------------------------------- the position (since 1.3)
 *
 * A game describes its board as sites, in a fixed order documented per game
 * (mindgames-games(7)): Dots and Boxes its lines (site = line = action id)
 * then its boxes (bottom row first, left to right); the China games their
 * playing cells (site = cell index = the placement's action id); Fangqi
 * and Chains of Thought their points (site = the placement's action id).
 * A state says who holds each site; an observation is the position as
 * planes of floats over the sites, for one player's point of view; the
 * symmetries are the board's automorphisms that keep the rules.  None of
 * these allocates. */

/* Number of sites of the game (>= 1); MG_EINVAL when g is NULL. */
MG_API int32_t mg_game_num_sites(const mg_game *g);

/* The kind of a site: MG_SITE_CELL, MG_SITE_POINT, MG_SITE_LINE or
 * MG_SITE_BOX.  Errors: MG_EINVAL (g NULL), MG_ERANGE (site out of
 * 0 .. num_sites-1). */
MG_API int mg_game_site_kind(const mg_game *g, int32_t site);

/* Where a site is: its centre in the plane of the SVG rendering (x to the
 * right, y downwards), in units of the board's spacing (neighbouring dots,
 * cells or points are 1 apart; a line's site is its middle, a box's its
 * centre).  The SVG draws the site at a fixed scale and offset of these
 * coordinates (mindgames-games(7) gives them per game).  Errors: MG_EINVAL
 * (NULL), MG_ERANGE. */
MG_API int mg_game_site_position(const mg_game *g, int32_t site, double *x,
                                 double *y);

/* The site's name: the notation of the action on it ("c5", "a1-b1", "#17";
 * a Dots and Boxes box is named by its dots, "a1-b1-a2-b2").  Errors:
 * MG_EINVAL, MG_ERANGE, MG_ENOBUFS. */
MG_API int mg_game_site_name(const mg_game *g, int32_t site, char *buf,
                             size_t cap, size_t *needed);

/* The site's neighbours, ascending: cells and points their board
 * adjacency, a line its one or two boxes, a box its lines.  At most 8.
 * Errors: MG_EINVAL, MG_ERANGE, MG_ENOBUFS. */
MG_API int mg_game_site_neighbors(const mg_game *g, int32_t site,
                                  int32_t *buf, size_t cap, size_t *count);

/* The sites an action concerns, -1 where none: a placement (or a line
 * drawn) *from = -1, *to = its site; a step or move *from and *to; a
 * removal *from = the stone removed, *to = -1; swap and done -1, -1.  No
 * two actions of a game share a (from, to) pair other than (-1, -1).
 * Errors: MG_EINVAL (NULL), MG_ERANGE (action out of range). */
MG_API int mg_game_action_sites(const mg_game *g, int32_t action,
                                int32_t *from, int32_t *to);

/* Who holds a site now: MG_NOBODY (empty, undrawn, unclaimed), 0 or 1 (the
 * seat whose stone it is after any swap, the seat that drew the line or
 * claimed the box), or MG_NEUTRAL (a line drawn before the game).
 * Errors: MG_EINVAL (s NULL), MG_ERANGE (site). */
MG_API int mg_state_site(const mg_state *s, int32_t site);

/* mg_state_site() of every site, in site order, into buf.  *count
 * receives mg_game_num_sites().  Errors: MG_EINVAL, MG_ENOBUFS. */
MG_API int mg_state_sites(const mg_state *s, int8_t *buf, size_t cap,
                          size_t *count);

/* The shape of an observation: *planes planes of *sites floats each (either
 * pointer may be NULL).  Errors: MG_EINVAL (g NULL). */
MG_API int mg_game_observation_shape(const mg_game *g, int32_t *planes,
                                     int32_t *sites);

/* The name of observation plane `plane` ("own", "opponent", "empty", ...;
 * every game's planes are listed in mindgames-games(7)).  Static string;
 * NULL when g is NULL or plane is out of range. */
MG_API const char *mg_game_observation_plane(const mg_game *g,
                                             int32_t plane);

/* The least (*lo) and greatest (*hi) value plane `plane`'s entries take
 * in any state of g: [0, 1] for flags and fractions; counting planes wider
 * (China's to_place, Fangqi's pending, Chains of Thought's chain sizes),
 * exact or a safe bound as mindgames-games(7) says per game.  Either
 * pointer may be NULL.  Errors: MG_EINVAL (g NULL), MG_ERANGE (plane out
 * of 0 .. planes-1).  Since 1.5. */
MG_API int mg_game_observation_bounds(const mg_game *g, int32_t plane,
                                      float *lo, float *hi);

/* The position from `player`'s point of view (0 or 1; own and opponent
 * rather than seat 0 and 1), as planes x sites floats, plane-major: value
 * buf[plane * sites + site].  *count receives planes x sites.  Errors:
 * MG_EINVAL, MG_ERANGE (player), MG_ENOBUFS. */
MG_API int mg_state_observation(const mg_state *s, int player, float *buf,
                                size_t cap, size_t *count);

/* Number of symmetries of the game: the automorphisms of its board that
 * keep the rules (rotations and reflections; symmetry 0 is the identity).
 * 1 when only the identity does.  MG_EINVAL when g is NULL. */
MG_API int32_t mg_game_num_symmetries(const mg_game *g);

/* The image of a site under symmetry `sym`.  Errors: MG_EINVAL (NULL),
 * MG_ERANGE (sym or site out of range). */
MG_API int mg_game_symmetry_site(const mg_game *g, int32_t sym, int32_t site,
                                 int32_t *image);

/* The image of an action under symmetry `sym`: the action whose sites are
 * the images of its sites (swap and done map to themselves).  An action
 * legal in a position has its image legal in the image position.  Errors:
 * MG_EINVAL, MG_ERANGE. */
MG_API int mg_game_symmetry_action(const mg_game *g, int32_t sym,
                                   int32_t action, int32_t *image);

/* --------------------------------------------------- options (since 1.4)
 *
 * A game's options, read off the library so that a user interface or a
 * binding can offer them without knowing them.  Every function takes a
 * spec: a game id ("fangqi") or a whole spec ("fangqi(variant=xinjiang)"),
 * whose other options decide which keys apply and which defaults hold.
 * Options are numbered 0 .. count-1 in the order of the canonical spec.
 * Errors common to all: MG_EINVAL (spec NULL), any mg_game_new() spec
 * error (MG_ESYNTAX, MG_ENOGAME, MG_EOPTION, MG_EVALUE), MG_ERANGE
 * (option out of range).  Nothing is allocated. */

/* The number of option keys of the game (applying or not), >= 0. */
MG_API int32_t mg_game_option_count(const char *spec);

/* The key of an option ("rows").  Static string; NULL on any error. */
MG_API const char *mg_game_option_key(const char *spec, int32_t option);

/* The type of an option: MG_OPTION_INT, _BOOL, _ENUM, _SEED, _DECIMAL. */
MG_API int mg_game_option_type(const char *spec, int32_t option);

/* The values an option takes, min .. max: an integer's range, 0 .. 1 for
 * a boolean, 0 .. n-1 for an enumeration, a decimal's in thousandths.
 * MG_EUNSUPPORTED for a seed (every unsigned 64-bit value). */
MG_API int mg_game_option_range(const char *spec, int32_t option,
                                int64_t *min, int64_t *max);

/* The name of value `value` of an enumeration ("swedish") or a boolean
 * ("true").  Static string; NULL on any error or another type. */
MG_API const char *mg_game_option_value_name(const char *spec, int32_t option,
                                             int32_t value);

/* The option's value in this spec, as the canonical spec writes it: the
 * value given, else the default that holds with the other options given
 * ("fangqi(variant=xinjiang)" has width 7).  Buffer protocol as usual. */
MG_API int mg_game_option_value(const char *spec, int32_t option, char *buf,
                                size_t cap, size_t *needed);

/* 1 when the option applies with the other options of spec, 0 when it
 * does not (rows and cols on the triangle grid); a key that does not
 * apply is refused by mg_game_new() and left out of canonical specs. */
MG_API int mg_game_option_applies(const char *spec, int32_t option);

/* ---------------------------------------------------- solver (since 1.4)
 *
 * The exact value of a position under optimal play of both sides, and an
 * action that achieves it.  The value is from the point of view of the
 * player to move (rules §0 "Headline score" for the scores):
 *   dots_and_boxes      the boxes the player to move will still win less
 *                       those the opponent will still win, from here to
 *                       the end (boxes already claimed do not count: the
 *                       final margin is the margin now plus the value);
 *                       with misere=true the opponent's less its own, so
 *                       that larger is better for the mover in both.
 *   china_squares,      the final score difference, the mover's score
 *   china_grove         less the opponent's at the end of the game.
 *   the others          (China Tangle and Octangle, Fangqi, Chains of
 *                       Thought) +1 the mover wins, 0 a draw, -1 a loss.
 * A turn of several actions is one seat's: an action after which the same
 * seat moves again keeps the point of view.
 *
 * Dots and Boxes boards of at most 64 lines are solved by a specialised
 * engine (chain and loop analysis, symmetries, the simple loony endgame
 * evaluator of Buzzard and Ciere; misère without the normal-play
 * theorems); every other game and board by a generic alpha-beta search
 * with iterative deepening and a transposition table.  A solver keeps
 * its table between calls: later solves of related positions are faster.
 *
 * Memory: mg_solver_new allocates one block of exactly `bytes` bytes
 * (the table takes what its other parts leave); nothing is allocated
 * afterwards.  The block comes from calloc and the table is not written
 * until used: where large blocks are fresh zero pages, a large table
 * costs nothing until the search fills it.  A solver is used by one thread at a time; it borrows its
 * game (free the solver first) and accepts states of any game object
 * made from the same spec and board. */

typedef struct mg_solver mg_solver;

/* mg_solver_values(): an action whose value the budget left unknown. */
#define MG_SOLVER_UNKNOWN INT32_MIN

/* Create a solver for game g using `bytes` bytes of memory in all.
 * Errors: MG_EINVAL (out or g NULL; bytes below the game's minimum,
 * which err names: under 1 MiB for every game the library has),
 * MG_ENOMEM. */
MG_API int mg_solver_new(mg_solver **out, const mg_game *g, size_t bytes,
                         char *err, size_t errcap);

/* Free a solver (NULL is fine). */
MG_API void mg_solver_free(mg_solver *sv);

/* Solve position s within max_nodes nodes and time_ms milliseconds of
 * wall-clock time (0: no limit).  MG_OK: *value is the exact value and
 * *best_action an action that achieves it.  MG_EBUDGET: the budget ran
 * out; *value is the best lower bound found (mg_solver_bounds() gives
 * both bounds, which always contain the true value) and *best_action
 * the best action found, legal (Dots and Boxes of at most 64 lines,
 * since 1.6.1: when *value is above minus the boxes left, an action proven
 * to achieve at least *value).  *nodes receives the nodes searched.
 * Any of the three outputs may be NULL.  Errors: MG_EINVAL (sv or s
 * NULL), MG_EMISMATCH (s is of another game), MG_EOVER (s is over). */
MG_API int mg_solver_solve(mg_solver *sv, const mg_state *s,
                           uint64_t max_nodes, uint32_t time_ms,
                           int32_t *value, int32_t *best_action,
                           uint64_t *nodes);

/* The bounds lower <= value <= upper of the last mg_solver_solve() (equal
 * when it was exact), or of the position of the last mg_solver_values()
 * (the best of its actions' bounds).  Either pointer may be NULL.
 * Errors: MG_EINVAL (sv NULL, or nothing solved yet). */
MG_API int mg_solver_bounds(const mg_solver *sv, int32_t *lower,
                            int32_t *upper);

/* The value of every legal action of s, in mg_state_legal_actions()
 * order: values[i] is the value of the position after action i, from the
 * point of view of the player to move in s and in the units of
 * mg_solver_solve() (so the largest is the value of s).  One budget for
 * all the actions; an action left unknown when it runs out gets
 * MG_SOLVER_UNKNOWN and the call returns MG_EBUDGET.  Buffer protocol:
 * *count receives the number of legal actions; MG_ENOBUFS (nothing
 * searched) when cap is smaller.  Errors: as mg_solver_solve(), and
 * MG_EINVAL (count NULL, values NULL with cap > 0). */
MG_API int mg_solver_values(mg_solver *sv, const mg_state *s,
                            uint64_t max_nodes, uint32_t time_ms,
                            int32_t *values, size_t cap, size_t *count);

/* -------------------------------------------------- analysis (since 1.6)
 *
 * The value of every legal action of a position, for people reviewing a
 * game (mg-analyse(1), the page's review): exact where the bot's solver
 * proves it, else the bot's tree search's estimate. */

#define MG_VALUE_UNKNOWN 0  /* neither proven nor searched */
#define MG_VALUE_EXACT 1    /* value: the solver's exact value */
#define MG_VALUE_ESTIMATE 2 /* value: the search's mean reward */

/* One legal action's value, from the point of view of the player to move
 * in the position analysed (24 bytes, no padding). */
typedef struct mg_action_value {
    double value;     /* EXACT: in mg_solver_solve()'s units (Dots and
                         Boxes: boxes still to win less the opponent's;
                         China Squares and Grove: the final score
                         difference; else +1 win, 0 draw, -1 loss);
                         ESTIMATE: the mean playout reward in [0, 1]
                         (1 a sure win; see mcts's margin); UNKNOWN: 0 */
    int32_t action;   /* the action (mg_state_legal_actions() order) */
    int32_t kind;     /* MG_VALUE_* */
    uint32_t visits;  /* the search's visits of the action (0: none) */
    int32_t reserved; /* 0 */
} mg_action_value;

/* Analyse s with bot's budget and fill out[0 .. n-1] with the value of
 * each of the n legal actions of s, in mg_state_legal_actions() order.
 * A bot that solves (solver, strong, and the levels that play as them)
 * first asks its solver for every action's exact value
 * (mg_solver_values) within its nodes and half of its time_ms, as its
 * choose would; then, unless every action is proven or there is only
 * one, its tree search runs for the rest of its budget (iterations and
 * the time left) and gives each action not proven its mean reward and
 * visits.  An mcts bot only searches.  The bot's state afterwards is the
 * one mg_bot_choose() would leave (the tree, the solver's table), and
 * nothing is allocated beyond what mg_bot_choose() allocates.  *count
 * receives n.  Errors: MG_EINVAL (bot, s or count NULL, out NULL with
 * cap > 0), MG_EOVER (s is over), MG_ENOBUFS (cap < n; nothing
 * searched), MG_EUNSUPPORTED (the bot does not search: random, greedy,
 * levels 1 and 2), MG_ENOMEM (the bot's first use for this game). */
MG_API int mg_bot_analyse(mg_bot *bot, const mg_state *s,
                          mg_action_value *out, size_t cap, size_t *count);

/* --------------------------------------------------- batches (since 1.5)
 *
 * An mg_batch steps n games of one game object at once, for learning
 * (mg_batch_new(3) tells it all).  Each call takes or fills caller arrays
 * of one entry (or row) per game; arrays too small give MG_ENOBUFS.  Every
 * game takes one action per step, for its own player to move.  Only
 * mg_batch_new and mg_batch_set_max_steps allocate; a batch is used by one
 * thread at a time (run one batch per thread) and borrows its game. */
typedef struct mg_batch mg_batch;

#define MG_AUTORESET_NONE 0      /* a finished game stays over */
#define MG_AUTORESET_NEXT_STEP 1 /* reset by the step after its end */
#define MG_AUTORESET_SAME_STEP 2 /* reset within the step that ends it */
#define MG_BATCH_OK 0       /* mg_batch_step status: applied */
#define MG_BATCH_ILLEGAL 1  /* not legal or out of range: game unchanged */
#define MG_BATCH_OVER 2     /* applied; the game ended (or was truncated) */
#define MG_BATCH_RESET 3    /* the game was reset; the action ignored */
#define MG_BATCH_IDLE 4     /* over already (autoreset none): nothing done */
#define MG_BATCH_MOVER (-1) /* view: the player to move (or who moved last) */
#define MG_BATCH_REWARD_RESULT 0 /* +1/-1/0 at the end by the winner */
#define MG_BATCH_REWARD_SCORE 1  /* each step's change of the score margin */

/* A batch of n games of g at their start.  Errors: MG_EINVAL (out or g
 * NULL, n < 1, bad autoreset), MG_EUNSUPPORTED (g has no observation),
 * MG_ENOMEM. */
MG_API int mg_batch_new(mg_batch **out, const mg_game *g, int32_t n,
                        int autoreset);
MG_API void mg_batch_free(mg_batch *b); /* NULL is a no-op */
MG_API int32_t mg_batch_size(const mg_batch *b); /* n, or MG_EINVAL */

/* Truncate every game after max_steps actions (0: none; a game without a
 * bound on its length is then truncated at 1024).  Resets every game;
 * may allocate.  Errors: MG_EINVAL (b NULL, max_steps < 0), MG_ENOMEM. */
MG_API int mg_batch_set_max_steps(mg_batch *b, int32_t max_steps);

/* MG_BATCH_REWARD_RESULT (the default) or _SCORE.  MG_EINVAL. */
MG_API int mg_batch_set_reward_mode(mg_batch *b, int mode);

/* Reset game i to its start where which is NULL or which[i] != 0.  seeds
 * (n values, or NULL) are accepted for the interface's sake: starting
 * positions are fixed, one board per batch (its game's).  MG_EINVAL. */
MG_API int mg_batch_reset(mg_batch *b, const uint64_t *seeds,
                          const uint8_t *which);

/* Play actions[i] in game i; status[i] (NULL: not wanted) gets its
 * MG_BATCH_* status.  Never allocates.  MG_EINVAL (b or actions NULL). */
MG_API int mg_batch_step(mg_batch *b, const int32_t *actions, int8_t *status);

/* The outputs, into caller arrays of `cap` entries (rows of n games):
 * players to move (MG_NOBODY when over), the last step's rewards (n x 2,
 * both seats), its terminated and truncated flags, the legal masks (n x
 * num_actions), the observations from `player`'s view (0, 1 or
 * MG_BATCH_MOVER; n x planes x sites) as floats or as bytes (each entry
 * mapped from its plane's bounds onto 0 .. 255, rounded), and the final
 * observations of the games MG_AUTORESET_SAME_STEP reset in the last step
 * (zeros for the others).  Errors: MG_EINVAL (NULL, bad player),
 * MG_ENOBUFS. */
MG_API int mg_batch_to_move(const mg_batch *b, int32_t *buf, size_t cap);
MG_API int mg_batch_rewards(const mg_batch *b, float *buf, size_t cap);
MG_API int mg_batch_terminated(const mg_batch *b, uint8_t *buf, size_t cap);
MG_API int mg_batch_truncated(const mg_batch *b, uint8_t *buf, size_t cap);
MG_API int mg_batch_legal_masks(const mg_batch *b, uint8_t *buf, size_t cap);
MG_API int mg_batch_observations(const mg_batch *b, int player, float *buf,
                                 size_t cap);
MG_API int mg_batch_observations_u8(mg_batch *b, int player, uint8_t *buf,
                                    size_t cap);
MG_API int mg_batch_final_observations(const mg_batch *b, int player,
                                       float *buf, size_t cap);

/* Game i's state, owned by the batch and valid until the next step or
 * reset (render, save, clone it or hand it to a bot; never free or change
 * it); NULL for a bad b or i. */
MG_API const mg_state *mg_batch_state(const mg_batch *b, int32_t i);

/* An action per game into actions[0 .. n-1]: uniformly random among the
 * legal ones, deterministic for the seed; or the bot's choice.  -1 for a
 * game that is over.  Errors: MG_EINVAL; the bot's (MG_ENOMEM). */
MG_API int mg_batch_random_actions(mg_batch *b, uint64_t seed,
                                   int32_t *actions);
MG_API int mg_batch_bot_actions(mg_batch *b, mg_bot *bot, int32_t *actions);

#ifdef __cplusplus
}
#endif

#endif /* MINDGAMES_H */
