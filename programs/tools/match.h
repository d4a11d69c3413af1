/*
 * match.h - mg-match, a tournament runner: its settings, the state of a
 * running match, and the functions of its parts (options, playing games,
 * the records file, the summary and progress, JSON, merging shards, and
 * the engine conformance check).
 */
#ifndef TOOLS_MATCH_H
#define TOOLS_MATCH_H

#include "player.h"
#include "rating.h"
#include "stats.h"
#include "util.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>

#define MATCH_MAX_ENGINES 16
#define MATCH_MAX_PAIRINGS (MATCH_MAX_ENGINES * (MATCH_MAX_ENGINES - 1) / 2)

/* The results of one pairing (engines a < b), from a's side. */
typedef struct {
    long w[2], d[2], l[2]; /* a's wins, draws, losses, by a's seat */
    long penta[P_BINS];    /* a's complete game pairs */
    long forfeits[2];      /* games lost by forfeit: by a, by b */
    long games, actions;
} tally;

/* A forfeited game, for the summary and the JSON. */
typedef struct {
    long game;
    int engine; /* index of the engine that forfeited */
    char *reason;
} forfeit_note;

/* What the summary, the JSON and --merge need. */
typedef struct {
    int neng;
    char *name[MATCH_MAX_ENGINES]; /* how each engine is shown */
    int npairings, pa[MATCH_MAX_PAIRINGS], pb[MATCH_MAX_PAIRINGS];
    tally t[MATCH_MAX_PAIRINGS];
    long planned;  /* games of the match (of the shard) */
    int sprt_on;
    sprt_test sprt;
    long sprt_pairs;   /* pairs the test has counted, in order */
    double llr;
    int decision;      /* 1 H1, -1 H0, 0 none */
    forfeit_note *notes;
    long nnotes;
    double elapsed;
    int shard, nshards, jobs;
    char *spec;
    uint64_t id, seed;
    char *settings;
    long uncounted; /* games finished after the SPRT decision */
    /* external engines, over every worker (not in the JSON) */
    long eng_moves[MATCH_MAX_ENGINES], eng_starts[MATCH_MAX_ENGINES];
    double eng_think[MATCH_MAX_ENGINES], eng_think_max[MATCH_MAX_ENGINES];
} summary;

/* One game's outcome, by game index. */
typedef struct {
    signed char done;   /* 1 finished */
    signed char a_seat; /* the seat of the pairing's first engine */
    signed char result; /* its result: 1 win, 0 draw, -1 loss */
    signed char forfeit; /* -1 none, 0 the first engine, 1 the second */
    int32_t actions;
} game_result;

enum { MODE_MATCH, MODE_MERGE, MODE_CHECK };

typedef struct match {
    /* settings */
    int mode;
    char **files; /* --merge: the JSON files */
    int nfiles;
    const char *spec, *board_file;
    char *canon;          /* the game's canonical spec */
    mg_game *game;        /* the game, when every pair plays the same */
    int pair_boards;      /* a China game whose board changes by pair */
    uint64_t seed;
    long games;           /* per pairing */
    long openings, movetime, margin, timeout;
    int jobs, verbose, progress, quiet;
    int neng;
    const char *eng_arg[MATCH_MAX_ENGINES];
    player eng[MATCH_MAX_ENGINES]; /* checked at the start */
    int npairings, pa[MATCH_MAX_PAIRINGS], pb[MATCH_MAX_PAIRINGS];
    int use_sprt;
    sprt_test sprt;
    long report_every;    /* pairs between SPRT lines */
    int shard, nshards;   /* 1-based; 1/1 without --shard */
    int shard_given;      /* --shard was given */
    int shard_env;        /* the shard is from a Slurm array's task */
    long task_id;         /* then its SLURM_ARRAY_TASK_ID */
    const char *records, *json;
    char *records_name, *json_name; /* the names with %i, %n expanded */
    int resume;
    uint64_t id;          /* a hash of the settings that make the games */
    char *settings;

    /* a running match */
    pthread_mutex_t lock;
    long total;           /* game indices */
    long next;
    game_result *res;
    long todo, finished, resumed; /* of this shard */
    tally live[MATCH_MAX_PAIRINGS]; /* every finished game, for progress */
    long sprt_pairs, sprt_penta[P_BINS];
    double llr;
    int decision;
    FILE *rec;
    int stopping, error, replaying;
    double t0, last_progress;
    forfeit_note *notes;
    long nnotes, notes_cap;
    long eng_moves[MATCH_MAX_ENGINES], eng_starts[MATCH_MAX_ENGINES];
    double eng_think[MATCH_MAX_ENGINES], eng_think_max[MATCH_MAX_ENGINES];
} match;

extern volatile sig_atomic_t match_interrupted;

/* match_opts.c */
/* Fill the settings from the command line: 0, 1 after --help (exit 0),
 * or 2 a usage error (already reported). */
int match_options(match *m, int argc, char **argv);
extern const char match_usage[];
int match_usage_error(const char *what, const char *arg);

/* match_shard.c: without --shard, the shard of a Slurm array task
 * (SLURM_ARRAY_TASK_ID, _COUNT, _MIN, _STEP, _MAX); 0, or 2 a usage
 * error (reported).  Then %i (the shard), %n (the shards) and %% in the
 * --json and --records names, and with a shard from the array, the shard
 * added to a name without %i (match.json -> match-2-of-4.json). */
int match_shard_from_env(match *m);
void match_output_names(match *m);

/* match_game.c: the pieces of game index i, and playing it */
void match_game_of(const match *m, long i, int *pairing, long *k, int *g);
int match_valid_index(const match *m, long i);
mg_game *match_pair_game(const match *m, long k, char *err, size_t errcap);
int match_opening(const match *m, long k, mg_state *s);
/* Play game i with the worker's players (one per engine); fills r, the
 * record block (without its end line) and in why, for a forfeit, its
 * reason, else the game's end reason (mg_state_end_reason).  1 played,
 * 0 stopped from outside (or the game could not be made). */
int match_play(match *m, player *pl, long i, game_result *r, strbuf *block,
               strbuf *why);

/* match_run.c: the whole match, from the settings to the summary (the
 * exit status); a forfeit's note; a finished game into the counts and
 * the SPRT (the lock held, or before the workers start). */
int match_run(match *m);
void match_add_note(match *m, long game, int engine, const char *reason);
void match_count(match *m, long i, const game_result *r);

/* match_records.c: open (and with --resume read back) --records; 0 or
 * -1 (reported). */
int match_records_open(match *m);
/* A finished game's block and its end line, flushed. */
void match_records_append(match *m, long i, const char *block);
void match_records_close(match *m);
void match_block_head(const match *m, long i, const game_result *r,
                      const char *forfeit_reason, strbuf *out);

/* match_report.c: the summary of a match's counted games, printed; the
 * progress line (final: 0 update, -1 erase before other output, 1 erase
 * at the end); the SPRT's line; games and pairs into a tally. */
void match_summary(const match *m, summary *s);
void summary_free(summary *s);
void summary_print(const summary *s, FILE *out);
void match_progress(match *m, int final);
void match_sprt_line(const match *m, FILE *out);
void tally_pentanomial(const game_result *g0, const game_result *g1,
                       tally *t);
void tally_game(const game_result *r, tally *t);
/* The maximum-likelihood ratings of the summary's engines (rating.h; a
 * prior of one virtual draw a pairing when the plain ones are not
 * finite); 0, or -1 when the pairings do not connect every engine. */
int summary_ratings(const summary *s, rating_fit *f);

/* match_json.c: the summary as JSON; 0 or -1 (reported). */
int summary_write_json(const summary *s, const char *path);

/* match_merge.c: --merge of the shards' JSON; the exit status. */
int match_merge(int nfiles, char **files, const char *json_out,
                const sprt_test *sprt, int use_sprt);

/* match_check.c: --check-engine; the exit status. */
int match_check_engine(const char *arg, const char *spec, long timeout_ms);

#endif
