/*
 * internal.h - what the core and the games share; never installed.
 *
 * A game is one table of operations (mg__game_ops) in one file, listed once
 * in registry.c.  The core (game.c, state.c, spec.c, record.c) knows no
 * game: it parses specs against the game's option table, owns the history
 * and the undo records, and calls the table for everything else.
 *
 * State layout: the game's state is a flat, pointer-free blob of
 * ops->state_size bytes (it may be copied with memcpy), plus, per applied
 * action, an undo record of ops->undo_size bytes that the game writes in
 * apply and reads back in undo.
 */
#ifndef MG_INTERNAL_H
#define MG_INTERNAL_H

#define MG_BUILDING_LIBRARY 1
#include "mindgames.h"

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

/* Invariants: assert() for the cheap ones (on unless NDEBUG; the default
 * build keeps them), MG__ASSERT_SLOW for those that cost a scan or a
 * search, on in the MG_DEBUG builds (make sanitize).  A broken invariant
 * aborts there instead of corrupting a position silently. */
#ifdef MG_DEBUG
#  define MG__ASSERT_SLOW(x) assert(x)
#else
#  define MG__ASSERT_SLOW(x) ((void)0)
#endif

/* Internal, non-static helpers are hidden from the shared library and are
 * named mg__ so the static library's namespace stays mg_-only. */
#if defined(__GNUC__) && __GNUC__ >= 4
#  define MG_HIDDEN __attribute__((visibility("hidden")))
#else
#  define MG_HIDDEN
#endif

/* ---------------------------------------------------------------- options */

/* MG__OPT_MILLI: a decimal with up to three places ("1.414"), stored in
 * thousandths (1414); min and max in thousandths too. */
enum { MG__OPT_INT = 1, MG__OPT_BOOL, MG__OPT_ENUM, MG__OPT_SEED,
       MG__OPT_MILLI };

#define MG__MAX_OPTIONS 16

typedef struct mg__option {
    const char *key;
    int type;                 /* MG__OPT_* */
    int64_t min, max;         /* MG__OPT_INT */
    const char *const *names; /* MG__OPT_ENUM: NULL-terminated value names */
    int64_t def;              /* default; enum: index into names */
} mg__option;

/* Parsed option values, one per entry of the game's option table. */
typedef struct mg__optvals {
    int64_t v[MG__MAX_OPTIONS];
    unsigned char given[MG__MAX_OPTIONS]; /* 1 when the spec named the key */
} mg__optvals;

/* -------------------------------------------------------- string builder */

/* Writes into a caller buffer, never past cap, but counts every byte it
 * was asked to write, so one pass gives both the text and its size. */
typedef struct mg__sb {
    char *buf;
    size_t cap;
    size_t len; /* bytes requested so far, without the NUL */
} mg__sb;

MG_HIDDEN void mg__sb_init(mg__sb *sb, char *buf, size_t cap);
MG_HIDDEN void mg__sb_putc(mg__sb *sb, char c);
MG_HIDDEN void mg__sb_puts(mg__sb *sb, const char *s);
MG_HIDDEN void mg__sb_putn(mg__sb *sb, const char *s, size_t n);
MG_HIDDEN void mg__sb_int(mg__sb *sb, int64_t v);
MG_HIDDEN void mg__sb_uint(mg__sb *sb, uint64_t v);
/* A tiny printf: %s %c %d (int) %ld (long) %u (unsigned) %% only; no
 * locale, no floating point. */
MG_HIDDEN void mg__sb_printf(mg__sb *sb, const char *fmt, ...);
/* Finish: NUL-terminate; store the size (with NUL) in *needed; return
 * MG_OK, or MG_ENOBUFS leaving "" in buf (when cap > 0). */
MG_HIDDEN int mg__sb_finish(mg__sb *sb, size_t *needed);

/* Format a message into err (may be NULL) with mg__sb_printf's syntax;
 * returns `code` so callers can write `return mg__err(...)`. */
MG_HIDDEN int mg__err(char *err, size_t errcap, int code, const char *fmt,
                      ...);

/* Quote at most 24 characters of untrusted text for a message, with
 * non-printable bytes shown as '?'. */
MG_HIDDEN void mg__sb_quote(mg__sb *sb, const char *s, size_t n);

/* The same quoting into a small buffer (MG__QUOTE_CAP bytes): returns q. */
#define MG__QUOTE_CAP 64
MG_HIDDEN const char *mg__quote(char *q, const char *s, size_t n);

/* What fitted of the text so far, NUL-terminated (cut at cap - 1): for
 * text built into a small local buffer, such as a picture's status. */
MG_HIDDEN const char *mg__sb_str(mg__sb *sb);

/* ---------------------------------------------------------------- SVG */

/* The one SVG writer (svg.c).  Coordinates and sizes are in tenths of a
 * pixel.  mg__svg_begin writes the preamble of a picture whose body (what
 * the caller draws next) is body_w x body_h, on `background`, with
 * `status` (may be NULL; '\n' separates lines) under it; the status is
 * laid out so that it is never clipped (a picture with a status is at
 * least 320 px wide, a smaller body centred; longer lines wrap).  The
 * element writers take an optional class (written first), other
 * attributes written verbatim after the geometry, and an optional title
 * (escaped).  mg__svg_end writes the status and closes the picture. */
typedef struct mg__svg {
    mg__sb *sb;
    int32_t width, height;   /* the whole picture */
    int32_t body_w, body_h;
    int32_t dx;              /* the body's shift to the right */
    int lines;               /* status lines */
    const char *status;
} mg__svg;

MG_HIDDEN void mg__svg_begin(mg__svg *v, mg__sb *sb, int32_t body_w,
                             int32_t body_h, const char *background,
                             const char *status);
MG_HIDDEN void mg__svg_end(mg__svg *v);
MG_HIDDEN void mg__svg_tenths(mg__sb *sb, int32_t v);
MG_HIDDEN void mg__svg_line(mg__svg *v, int32_t x1, int32_t y1, int32_t x2,
                            int32_t y2, const char *cls, const char *attrs,
                            const char *title);
MG_HIDDEN void mg__svg_circle(mg__svg *v, int32_t cx, int32_t cy, int32_t r,
                              const char *cls, const char *attrs,
                              const char *title);
MG_HIDDEN void mg__svg_rect(mg__svg *v, int32_t x, int32_t y, int32_t w,
                            int32_t h, const char *cls, const char *attrs);
/* xy: n points as x0, y0, x1, y1, ... */
MG_HIDDEN void mg__svg_polygon(mg__svg *v, const int32_t *xy, int n,
                               const char *cls, const char *attrs,
                               const char *title);
/* A short text centred on (x, y). */
MG_HIDDEN void mg__svg_label(mg__svg *v, int32_t x, int32_t y,
                             const char *attrs, const char *text);
MG_HIDDEN void mg__svg_group(mg__svg *v, const char *attrs);
MG_HIDDEN void mg__svg_group_end(mg__svg *v);

/* Column letters: 0 -> "a", 25 -> "z", 26 -> "aa" (doc/rules.md §0). */
MG_HIDDEN void mg__sb_column(mg__sb *sb, int32_t col);

/* Parse a cell/dot name "<letters><digits>" (any case) at text[0..n):
 * *col and *row are 0-based.  Returns 1 on success, 0 when malformed or
 * too large. */
MG_HIDDEN int mg__parse_name(const char *text, size_t n, int32_t *col,
                             int32_t *row);

/* Parse "#<digits>" at text[0..n) into *index.  Returns 1 or 0. */
MG_HIDDEN int mg__parse_index(const char *text, size_t n, int32_t *index);

MG_HIDDEN int mg__strncaseeq(const char *a, const char *b, size_t n);

/* ------------------------------------------------------------- randomness */

/* splitmix64: the library's only PRNG step; integer-only, portable. */
static inline uint64_t mg__splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A fixed, well-mixed 64-bit key for Zobrist hashing: game-independent
 * values derived from (domain, index). */
static inline uint64_t mg__zobrist_key(uint64_t domain, uint64_t index)
{
    uint64_t x = domain * 0xD1B54A32D192ED03ULL + index;
    return mg__splitmix64(&x);
}

/* Uniform integer in [0, n) from a splitmix64 stream (n > 0). */
static inline uint32_t mg__rand_below(uint64_t *x, uint32_t n)
{
    /* Lemire's multiply-shift; the tiny bias at n << 2^32 is irrelevant for
     * playouts and keeps this branch-free. */
    return (uint32_t)(((mg__splitmix64(x) >> 32) * (uint64_t)n) >> 32);
}

/* ------------------------------------------------------------ game table */

typedef struct mg__game_ops {
    const char *id;
    const mg__option *options;
    int n_options;

    /* Games on a transcendental board: its kind (MG_BOARD_*), and the
     * index of the seed option (`board`) the core generates it from when
     * no board is given (mg_game_new_with_board).  0 / -1 otherwise.  The
     * core puts the board in g->board before calling create. */
    int board_kind;
    int board_opt;

    /* Optional: adjust defaults of keys not given (a variant key setting
     * others).  Called after parsing, before `applies` and `create`. */
    void (*defaults)(mg__optvals *o);

    /* Optional: NULL when option `i` applies given the values in o, else a
     * reason ("applies to grid=square only").  Keys that do not apply are
     * refused when given and left out of the canonical spec. */
    const char *(*applies)(int i, const mg__optvals *o);

    /* Build the game's immutable data (geometry, Zobrist keys) into
     * g->data and fill g->num_actions, g->max_legal, g->max_length (0 =
     * unbounded), g->state_size, g->undo_size.  May refuse a combination
     * of values with MG_EVALUE and a message. */
    int (*create)(mg_game *g, const mg__optvals *o, char *err, size_t errcap);
    void (*destroy)(mg_game *g);

    /* Set up the starting position in st (state_size bytes, zeroed). */
    void (*init)(const mg_game *g, void *st);

    int (*current_player)(const mg_game *g, const void *st); /* or NOBODY */
    int (*winner)(const mg_game *g, const void *st); /* 0, 1, DRAW, NOBODY */

    /* Write the legal actions ascending into buf (room for g->max_legal);
     * return their number.  Must not allocate. */
    int32_t (*legal)(const mg_game *g, const void *st, int32_t *buf);
    /* action is in range; is it legal in st (game not over)? */
    int (*is_legal)(const mg_game *g, const void *st, int32_t action);
    /* Apply a legal action, writing undo_size bytes into undo. */
    void (*apply)(const mg_game *g, void *st, int32_t action, void *undo);
    /* Exactly reverse apply(action) given the same undo record. */
    void (*undo)(const mg_game *g, void *st, int32_t action,
                 const void *undo);

    uint64_t (*hash)(const mg_game *g, const void *st); /* incremental */
    uint64_t (*hash_full)(const mg_game *g, const void *st); /* recomputed */

    int32_t (*score)(const mg_game *g, const void *st, int player);
    /* Optional (NULL: MG_EUNSUPPORTED): write group sizes descending into
     * buf when *count fits cap; always set *count. */
    int (*groups)(const mg_game *g, const void *st, int player,
                  int32_t *buf, size_t cap, size_t *count);

    void (*action_name)(const mg_game *g, int32_t action, mg__sb *sb);
    /* text[0..n) is trimmed; returns MG_OK or an error with message. */
    int (*action_parse)(const mg_game *g, const char *text, size_t n,
                        int32_t *action, char *err, size_t errcap);

    void (*render)(const mg_game *g, const void *st, int format, mg__sb *sb);

    /* Optional (NULL: the core's generic loop of legal + apply): a
     * specialised uniformly random playout.  From st, apply at most `max`
     * actions (max < 0: no limit) until the game ends, each chosen
     * uniformly among the legal actions with mg__rand_below(rng, n);
     * write action i to hist[i] and its undo record (exactly what apply
     * would write) at undo + i * stride.  The caller guarantees room for
     * the rest of the game (g->max_length) or, for games of unbounded
     * length, passes max >= 0 no larger than the room it has and calls
     * again while the op applied all `max` and the game goes on; scratch
     * has room for g->max_legal ids.  Returns the number of actions
     * applied.  Must not allocate. */
    int32_t (*playout)(const mg_game *g, void *st, uint64_t *rng,
                       int32_t max, int32_t *hist, unsigned char *undo,
                       size_t stride, int32_t *scratch);

    /* Optional (1.5; NULL: the core runs `playout` above, or the loop of
     * legal + apply, on a copy of st in the state's scratch area): the
     * result of a uniformly random playout from st (not over), st left
     * as it is.  At most `max` actions (max < 0: no limit), each drawn
     * with mg__rand_below(rng, n) among the n legal actions (any order
     * of the list, any number of draws: only determinism per seed is
     * promised).  Store in *winner what the winner op would say where the
     * playout stops (MG_NOBODY when `max` stopped it before the end) and
     * in scores[0], scores[1] what the score op would; return the number
     * of actions played.  work: state_size bytes (8-aligned), scratch:
     * max_legal ids, both the op's to use.  Must not allocate. */
    int32_t (*playout_result)(const mg_game *g, const void *st, void *work,
                              int32_t *scratch, uint64_t *rng, int32_t max,
                              int32_t *winner, int32_t *scores);
    /* Optional (1.5; NULL: the three ops): what the winner op and the
     * score op of both seats give for st, in one pass, for games whose
     * winner reads what the scores do (mg_state_playout_result's result,
     * the MCTS bot's rewards). */
    void (*result)(const mg_game *g, const void *st, int32_t *winner,
                   int32_t *scores);

    /* -------------------------------------------- the position (1.3)
     * The sites, read once by the core when the game is created (after
     * create; position.c keeps them): their number, each site's kind
     * (MG_SITE_*) and centre (x right, y down, unit spacing), its
     * neighbours ascending (at most MG__MAX_SITE_NBRS; returns their
     * number), its name, and each action's sites (-1: none; see
     * mg_game_action_sites). */
    int32_t (*num_sites)(const mg_game *g);
    void (*site_info)(const mg_game *g, int32_t site, int *kind, double *x,
                      double *y);
    int (*site_neighbors)(const mg_game *g, int32_t site, int32_t *nbrs);
    void (*site_name)(const mg_game *g, int32_t site, mg__sb *sb);
    void (*action_sites)(const mg_game *g, int32_t action, int32_t *from,
                         int32_t *to);
    /* Optional: a value a symmetry must keep on every site (Dots and
     * Boxes: a line drawn before the game); NULL: none. */
    int (*site_label)(const mg_game *g, int32_t site);
    /* Who holds one site / every site now (MG_NOBODY, 0, 1, MG_NEUTRAL). */
    int (*site_owner)(const mg_game *g, const void *st, int32_t site);
    void (*site_owners)(const mg_game *g, const void *st, int8_t *buf);
    /* The observation of `player`: g->num_planes x sites floats into buf
     * (every one written).  Must not allocate. */
    void (*observe)(const mg_game *g, const void *st, int player,
                    float *buf);

    /* Optional (mcts's priors, 1.4): for each of the n legal actions of
     * st (not over), the change that applying it makes to
     * score(mover) - score(other), with a decided result counted as greedy
     * counts it (+2^40 a win of the mover, -2^40 a loss) -- exactly what
     * apply, winner, score and undo would give -- into out[i]; or
     * MG__GAIN_UNKNOWN where the game leaves that to them.  Must not
     * allocate. */
    void (*gains)(const mg_game *g, const void *st, const int32_t *actions,
                  int32_t n, int64_t *out);

    /* Optional (1.6; NULL: none; mcts(playout=policy) then plays the
     * uniformly random playout and measures its priors as usual): a
     * playout that follows the game's theory (Dots and Boxes:
     * dots_and_boxes_policy.c) where playout_result's draws are uniform.
     * The contract of playout_result otherwise: from st (not over), st
     * left as it is, at most `max` actions (max < 0: no limit); *winner
     * and scores[] what the winner and score ops would give where the
     * playout stops (MG_NOBODY when `max` stopped it before the end);
     * returns the number of actions played.  The op may stop early with
     * the exact result of the rest when the theory proves it (then the
     * rest's actions count as played, and only when `max` leaves room
     * for all of them).  Draws with mg__rand_below(rng, n): deterministic
     * per seed.  work: state_size bytes (8-aligned), scratch: max_legal
     * ids, both the op's to use.  Must not allocate. */
    int32_t (*policy_playout_result)(const mg_game *g, const void *st,
                                     void *work, int32_t *scratch,
                                     uint64_t *rng, int32_t max,
                                     int32_t *winner, int32_t *scores);
    /* Optional (1.6; NULL: mcts(playout=policy) takes its priors from
     * gains): for each of the n legal actions of st (not over), how the
     * game's theory ranks it, larger first, in out[i] (mcts scales them
     * to [-1, 1] among the siblings as it does gains), or
     * MG__GAIN_UNKNOWN where the game leaves it to mcts's measure of the
     * gain (as for gains).  st unchanged.  Must not allocate. */
    void (*policy_priors)(const mg_game *g, const void *st,
                          const int32_t *actions, int32_t n, int64_t *out);

    /* ---------------------------------------------- the solver (1.4)
     * Optional: what the solver's value means for this game, and its
     * own exact engine (mg__solver_ops below).  NULL: the value is
     * win/draw/loss, found by the core's generic search. */
    const struct mg__solver_ops *solver;

    /* ------------------------------------------- explanations (1.5)
     * Required of every game (explain.c calls them):
     * illegal_reason: `action` is in range, st is not over and `action`
     * is not legal there.  Write why, as the words that follow
     * "<notation>: " on one line: the rule it breaks in a player's words
     * (naming places in notation and counting what the rule counts),
     * ending with " (rules N.M)" or " (rules N.M.K)", the section or item
     * of doc/rules.md that states the rule.  Never empty.
     * end_reason: st is over.  Write what ended it, the result with the
     * scores that decided it, and " (rules N.M)", on one line.
     * Neither may allocate or change st. */
    void (*illegal_reason)(const mg_game *g, const void *st, int32_t action,
                           mg__sb *sb);
    void (*end_reason)(const mg_game *g, const void *st, mg__sb *sb);

    /* ------------------------------------ evaluation features (1.6)
     * Optional (NULL: none; mg_eval_inputs' MG_EVAL_FEATURES is then
     * MG_EUNSUPPORTED): num_features, the number of floats features
     * writes (a constant of g, >= 1); features, the game's facts of st
     * as `player` (0 or 1) sees them, every one of the floats written,
     * as doc/eval-format.md lists them per game.  st may be over.  Must
     * not allocate or change st. */
    int32_t (*num_features)(const mg_game *g);
    void (*features)(const mg_game *g, const void *st, int player,
                     float *buf);
} mg__game_ops;

#define MG__GAIN_UNKNOWN INT64_MIN /* ops->gains: not computed */

#define MG__MAX_SITE_NBRS 8

/* The position's geometry, built by the core once per game (position.c,
 * symmetry.c) from the game's site ops. */
typedef struct mg__position {
    int32_t n;              /* sites */
    uint8_t *kind;          /* MG_SITE_* */
    double *x, *y;
    int32_t *nbr_start;     /* n + 1: site s's neighbours are */
    int32_t *nbr;           /* nbr[nbr_start[s] .. nbr_start[s+1]) */
    int32_t *act_from, *act_to; /* per action */
    int32_t nsym;           /* symmetries, 1 = the identity only */
    int32_t *sym_site;      /* nsym x n */
    int32_t *sym_action;    /* nsym x num_actions */
} mg__position;

/* Build g->pos from the game's ops (MG_ENOMEM); free it. */
MG_HIDDEN int mg__position_build(mg_game *g);
MG_HIDDEN void mg__position_free(mg_game *g);
/* The symmetries (symmetry.c): fills pos->nsym, sym_site, sym_action
 * from the site geometry (MG_ENOMEM). */
MG_HIDDEN int mg__symmetries_build(mg_game *g, mg__position *pos);

/* The most observation planes a game has (Fangqi 12). */
#define MG__MAX_PLANES 16

/* Every plane of g (num_planes set) ranges over [0, 1] (position.c). */
MG_HIDDEN void mg__planes_unit(mg_game *g);

struct mg_game {
    const mg__game_ops *ops;
    mg__optvals opts;
    mg_board *board;      /* owned; NULL for games without a board */
    int board_given;      /* 1: from mg_game_new_with_board, not a seed */
    void *data;           /* the game's own immutable data */
    int32_t num_actions;
    int32_t max_legal;
    int32_t max_length;   /* most actions in one game; 0 = unbounded */
    size_t state_size;
    size_t undo_size;
    /* Equal for games built from the same canonical spec and board (so
     * the same rules and action ids): bots key their buffers and trees
     * on it rather than on the address, which a freed game may pass on. */
    uint64_t identity;
    /* Set by create: the observation planes (names, number), and 1 when
     * the rules depend on the order of the site indices, so that no
     * symmetry but the identity keeps them. */
    const char *const *planes;
    int32_t num_planes;
    int ordered;
    /* Set by create too (1.5): the least and greatest value each plane's
     * entries take, exact or a safe bound that the game documents beside
     * its planes (mg_game_observation_bounds).  mg__planes_unit() sets
     * every plane to [0, 1]; a game then widens its counting planes.  The
     * core checks that create filled them (lo <= hi). */
    float plane_lo[MG__MAX_PLANES], plane_hi[MG__MAX_PLANES];
    mg__position *pos;    /* built by the core after create */
};

struct mg_state {
    const mg_game *game;
    void *st;             /* state_size bytes */
    int32_t *history;     /* hcap entries */
    unsigned char *undo;  /* hcap * undo_size bytes */
    int32_t *scratch;     /* max_legal entries, for playouts */
    /* mg_state_playout_result's scratch area (1.5), in the block of st:
     * a copy of the position (state_size bytes), and pcap action ids and
     * undo records for the game's playout op, run in chunks of pcap */
    void *work;
    int32_t *phist;
    unsigned char *pundo;
    size_t pcap;
    size_t hlen, hcap;
    int placed;           /* 1: in a caller's memory (never grows) */
};

/* The registry (registry.c), the one core file that names the games. */
MG_HIDDEN const mg__game_ops *mg__find_game(const char *id, size_t n);

/* Spec parsing (spec.c). */
MG_HIDDEN int mg__spec_parse(const char *spec, const mg__game_ops **ops,
                             mg__optvals *o, char *err, size_t errcap);
MG_HIDDEN void mg__spec_format(const mg_game *g, mg__sb *sb);
/* The generic part: `name(key=value,...)` where find() maps the name to an
 * object (returned in *found) with its option table; `what` ("game",
 * "bot") names it in messages.  Unknown name: MG_ENOGAME. */
typedef const void *(*mg__spec_find)(const char *id, size_t n,
                                     const mg__option **options,
                                     int *n_options, const char **name);
MG_HIDDEN int mg__spec_parse_table(const char *spec, const char *what,
                                   mg__spec_find find, const void **found,
                                   mg__optvals *o, char *err, size_t errcap);
/* One option value as text (the canonical form); thousandths as a
 * decimal without trailing zeros. */
MG_HIDDEN void mg__option_format(const mg__option *opt, int64_t v,
                                 mg__sb *sb);
MG_HIDDEN void mg__milli_format(mg__sb *sb, int64_t v);

/* ------------------------------------------------------------- boards */

/* What the core and the games ask of a board (boards/board.c,
 * boards/board_render.c); the board's layout stays private to boards/.
 * Cells are in range: callers check. */

/* An independent copy, NULL when out of memory. */
MG_HIDDEN mg_board *mg__board_clone(const mg_board *b);
/* The text of mg_board_format(), into a string builder. */
MG_HIDDEN void mg__board_format(const mg_board *b, mg__sb *sb);
/* A hash of the board's kind, blank and cells (equal boards hash equal;
 * unlike the fingerprint, not up to symmetry). */
MG_HIDDEN uint64_t mg__board_identity(const mg_board *b);
/* "an Octopuszle" or "a China Labyrinth", for messages. */
MG_HIDDEN const char *mg__board_kind_title(int kind);
/* The cell at (x, y), or -1. */
MG_HIDDEN int32_t mg__board_cell_at(const mg_board *b, int32_t x, int32_t y);
/* The neighbour of `cell` in each direction (rules §1.1 / 2.1 order), -1
 * where there is none and past the board's 6 or 8 directions. */
MG_HIDDEN void mg__board_cell_nbrs(const mg_board *b, int32_t cell,
                                   int16_t nbr[8]);
/* The cell's name (rules §0) into sb. */
MG_HIDDEN void mg__board_cell_name(const mg_board *b, int32_t cell,
                                   mg__sb *sb);
/* Text and SVG of the board (boards/board_render.c); `marks`, when not
 * NULL, gives one character per cell drawn instead of the cell's own
 * glyph (games use it for stones).  The SVG draws marks 'O' (white
 * stone), 'X' (black stone) and '*' (a highlighted cell) and ignores any
 * other character; `status`, when not NULL, is shown under the board. */
MG_HIDDEN void mg__board_render_text(const mg_board *b, int flags,
                                     const char *marks, mg__sb *sb);
MG_HIDDEN void mg__board_render_svg(const mg_board *b, int flags,
                                    const char *marks, const char *status,
                                    mg__sb *sb);

/* groups.c: sort descending; the cascade comparison of rules §0 (sorts
 * both arrays; a missing entry counts 0): 0 when a wins, 1 when b wins,
 * MG_DRAW when no entry differs. */
MG_HIDDEN void mg__sort_desc(int32_t *v, int32_t n);
MG_HIDDEN int mg__cascade(int32_t *a, int32_t na, int32_t *b, int32_t nb);

/* The sizes of the groups of `colour` among n sites (cell[i] is a colour
 * or -1), neighbours given as nbr[i * stride + k] (-1: none); unsorted
 * into sizes, returns their number.  n <= MG__MAX_SITES; no allocation. */
#define MG__MAX_SITES 400

/* The end of a game's groups op: store n in *count, and sort the sizes
 * descending into buf when they fit cap (else MG_ENOBUFS). */
MG_HIDDEN int mg__groups_out(int32_t *sizes, int32_t n, int32_t *buf,
                             size_t cap, size_t *count);
MG_HIDDEN int32_t mg__group_sizes(int32_t n, const int8_t *cell, int colour,
                                  const int16_t *nbr, int stride,
                                  int32_t *sizes);

/* Parse a place of a board: "#<index>" (index < count) or a name
 * "<letters><digits>" (rules §0).  On success *index is the index of a
 * "#" form, or -1 with *col and *row (0-based) of a name, which the game
 * maps to its sites.  `what` names the kind of place in messages ("dot",
 * "cell", "point").  Errors: MG_ESYNTAX, MG_ERANGE (index too large). */
MG_HIDDEN int mg__parse_place(const char *t, size_t n, const char *what,
                              int32_t count, int32_t *index, int32_t *col,
                              int32_t *row, char *err, size_t errcap);

/* A step or a line in notation, "<a>-<b>" (Dots and Boxes lines, Fangqi
 * and Chains of Thought moves): 1 with *dash at the one dash when text
 * stands on both sides of it; 0 when t[0..n) has no dash (not a step);
 * MG_ESYNTAX with a message when the dashes are wrong ("'a1-b1-c1' is
 * not a line: expected two dots joined by one dash, like a1-b1"): `what`
 * names the action ("line", "move", "step"), `places` its ends ("dot",
 * "point"). */
MG_HIDDEN int mg__parse_step(const char *t, size_t n, const char *what,
                             const char *places, size_t *dash, char *err,
                             size_t errcap);

/* Bit helpers.  The population count is inline whatever the target:
 * without a popcnt instruction (the default x86-64 build)
 * __builtin_popcountll is a library call. */
static inline int mg__popcount64(uint64_t v)
{
#if defined(__GNUC__) && defined(__POPCNT__)
    return __builtin_popcountll(v);
#else
    v = v - ((v >> 1) & 0x5555555555555555ULL);
    v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((v * 0x0101010101010101ULL) >> 56);
#endif
}

static inline int mg__ctz64(uint64_t v) /* v != 0 */
{
#if defined(__GNUC__)
    return __builtin_ctzll(v);
#else
    int n = 0;
    while (!(v & 1)) {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

/* -------------------------------------------- the state, for the bots */

/* What the bots (bot.c) do to a state, without the public checks: the
 * state's invariants (history, undo records, the position) stay in
 * state.c.  A position is the game's flat blob of
 * mg__state_position_size() bytes. */
MG_HIDDEN size_t mg__state_position_size(const mg_state *s);
MG_HIDDEN void mg__state_snapshot(const mg_state *s, void *position);
/* Set s to a snapshot of the same game, with an empty history. */
MG_HIDDEN void mg__state_restore(mg_state *s, const void *position);
/* Let s belong to g, an equal game (same canonical spec and board). */
MG_HIDDEN void mg__state_rebind(mg_state *s, const mg_game *g);
/* The legal actions into buf (room for max_legal); the game is not over. */
MG_HIDDEN int32_t mg__state_legal(const mg_state *s, int32_t *buf);
/* Apply a legal action, recording it; MG_ENOMEM when an unbounded
 * game's history cannot grow. */
MG_HIDDEN int mg__state_push(mg_state *s, int32_t action);
/* Undo the last action (there is one). */
MG_HIDDEN void mg__state_pop(mg_state *s);
/* The game's position blob (read only). */
MG_HIDDEN const void *mg__state_position(const mg_state *s);
/* mg_state_playout_result with the game's knowledge playout
 * (ops->policy_playout_result; mcts(playout=policy)), or exactly
 * mg_state_playout_result where the game has none. */
MG_HIDDEN int32_t mg__state_policy_result(mg_state *s, uint64_t seed,
                                          int32_t max_actions,
                                          int32_t *winner, int32_t *scores);
/* The history: *count actions. */
MG_HIDDEN const int32_t *mg__state_moves(const mg_state *s, size_t *count);

/* Recompute the hash from scratch (for tests and debugging). */
MG_HIDDEN uint64_t mg__state_hash_full(const mg_state *s);

/* For the solver (solver*.c), since 1.4.  A state can be laid out in
 * memory the caller owns (the solver's one block): mg__state_bytes() is
 * what a state of g with room for hcap actions takes there (8-aligned),
 * mg__state_place() builds it at mem (8-aligned) at the game's start.  Such
 * a state never grows (mg__state_push says MG_ENOMEM when it is full)
 * and is never passed to mg_state_free. */
MG_HIDDEN size_t mg__state_bytes(const mg_game *g, size_t hcap);
MG_HIDDEN mg_state *mg__state_place(const mg_game *g, void *mem, size_t hcap);
/* The player to move (MG_NOBODY when over), without checks. */
MG_HIDDEN int mg__state_player(const mg_state *s);
/* The incremental Zobrist hash, without checks. */
MG_HIDDEN uint64_t mg__state_zhash(const mg_state *s);
/* A verification key: a 64-bit hash of the whole position blob, of
 * another family than the Zobrist keys.  Equal blobs give equal keys; a
 * blob holds everything the game's future depends on (and sometimes
 * more, such as who drew a line: equal positions may then differ, which
 * costs the solver a table miss, never a wrong answer). */
MG_HIDDEN uint64_t mg__blob_key(const void *blob, size_t n);
MG_HIDDEN uint64_t mg__state_key(const mg_state *s);
/* Actions the state has room for before it is full (placed states). */
MG_HIDDEN size_t mg__state_room(const mg_state *s);

/* ------------------------------------------------ the solver (1.4)
 *
 * The core's solver (solver.c, solver_search.c) works on any game through
 * the ops above and the state's interface; a game may tell it what its
 * value means and bring an exact engine of its own (the op `solver`). */

/* What the value of a position is, for the player to move. */
enum {
    MG__VALUE_WDL = 0, /* +1 win, 0 draw, -1 loss */
    MG__VALUE_MARGIN,  /* the final margin (ops->margin at the end) */
    MG__VALUE_GAIN     /* the final margin less the margin now */
};

/* A search's budget, kept by the core (the clock lives in solver.c):
 * engines call mg__budget_spend() once per node and stop when it says
 * 1; it stays 1 from then on. */
typedef struct mg__budget {
    uint64_t nodes;      /* spent so far */
    uint64_t max_nodes;  /* 0: no limit */
    uint32_t time_ms;    /* 0: no limit */
    uint32_t countdown;  /* nodes to the next look at the clock */
    int64_t start_ns;
    int over;
} mg__budget;

MG_HIDDEN void mg__budget_start(mg__budget *b, uint64_t max_nodes,
                                uint32_t time_ms);
MG_HIDDEN int mg__budget_clock(mg__budget *b);

static inline int mg__budget_spend(mg__budget *b)
{
    b->nodes++;
    if (b->max_nodes && b->nodes > b->max_nodes)
        b->over = 1;
    else if (--b->countdown == 0)
        return mg__budget_clock(b);
    return b->over;
}

typedef struct mg__solver_ops {
    int value; /* MG__VALUE_* */
    /* MARGIN and GAIN: the margin of `player` in st (its score less the
     * other's, or whatever the game's value counts). */
    int32_t (*margin)(const mg_game *g, const void *st, int player);
    /* Optional: a bound on |final margin - margin now| from st. */
    int32_t (*spread)(const mg_game *g, const void *st);
    /* Optional: the image of position st under symmetry sym (of
     * g->pos) into out (state_size bytes), for the generic search's
     * symmetry reduction.  The image may also normalise what does not
     * change the game's future value (who drew a line; for GAIN games,
     * whose table entries hold gains, the scores and the turn too).
     * sym 0 included. */
    void (*sym_position)(const mg_game *g, int32_t sym, const void *st,
                         void *out);
    /* Optional, and preferred to sym_position: the keys of st's images
     * under every symmetry of g->pos at once, without building them:
     * hash[s] and verify[s] (g->pos->nsym <= 32 of each) must be a
     * function of the image alone (so that a position and its images
     * give the same set of keys), independent 64-bit hashes of what
     * decides its future, and hash[0] the game's hash_full(st). */
    void (*sym_keys)(const mg_game *g, const void *st, uint64_t *hash,
                     uint64_t *verify);
    /* Optional: an exact engine.  engine_min: the bytes it needs at
     * least for g, 0 when it has no engine for g (the generic search
     * then solves it).  engine_init lays it out in mem[0 .. bytes)
     * (8-aligned, bytes >= engine_min, every byte 0: fresh pages from
     * calloc) and returns it; it allocates nothing, and leaves what it
     * does not need yet untouched (the table: 0 is empty), so that
     * pages cost nothing until used.  engine_solve solves position st (not over) within the
     * budget: proven bounds *lo <= value <= *hi for the player to move
     * and an optimal action in *best (when exact; else the best found,
     * always legal); MG_OK when exact, MG_EBUDGET when stopped.  When
     * stopped with *lo above the trivial bound (GAIN: -spread), *best
     * is an action proven to achieve at least *lo (mg__solver_proven). */
    size_t (*engine_min)(const mg_game *g);
    void *(*engine_init)(const mg_game *g, void *mem, size_t bytes);
    int (*engine_solve)(void *engine, const void *st, mg__budget *b,
                        int32_t *lo, int32_t *hi, int32_t *best);
} mg__solver_ops;

/* The value of games scored by their headline score (solver.c):
 * MARGIN, score(player) - score(other). */
MG_HIDDEN extern const mg__solver_ops mg__solver_score_margin;

/* Let a solver serve g, an equal game (same identity), e.g. after the
 * game it was made for is freed (the solver bot). */
MG_HIDDEN void mg__solver_rebind(mg_solver *sv, const mg_game *g);

/* 1 when the last mg_solver_solve() of sv, exact or not, proved an
 * action (the best action it returned, into *action) to achieve at
 * least its lower bound, and that bound is above the trivial one (the
 * action is then at least as good as the worst outcome); else 0.  Only
 * games with an exact engine whose stopped solves name such an action
 * (Dots and Boxes' engine: the move of its last null-window test that
 * failed high) answer 1 for a solve that was not exact (since 1.6.1). */
MG_HIDDEN int mg__solver_proven(const mg_solver *sv, int32_t *action);

#endif /* MG_INTERNAL_H */
