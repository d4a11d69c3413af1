/*
 * mg-solve - the exact value of a position and of every legal move.
 *
 *   mg-solve [--nodes N] [--time-ms MS] [--memory-mb MB] [--no-moves]
 *            SPEC [RECORD]
 *   mg-solve [OPTIONS] RECORD
 *   mg-solve -h | --help
 *
 * SPEC is a game spec; RECORD, when given, is a record file of that game
 * (mg_state_save's format; "-" reads standard input) or the moves
 * themselves in notation ("a1-b1 b1-c1").  Alone, RECORD is a record file
 * (or "-", or the record's text) whose game and last position are solved.
 * The position reached is solved with mg_solver (see mg_solver_new(3)),
 * then every legal move.  The memory is --memory-mb's, else sized to the
 * position (new_solver).
 * Exit status: 0 exact, 1 the budget ran out (bounds printed), 2 a usage
 * error, 3 a bad spec, record or move, or no memory.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage[] =
    "usage: mg-solve [--nodes N] [--time-ms MS] [--memory-mb MB] "
    "[--no-moves]\n"
    "                SPEC [RECORD]\n"
    "       mg-solve [OPTIONS] RECORD\n"
    "       mg-solve -h | --help\n"
    "\n"
    "Solves the position of RECORD (a record file, - for standard input,\n"
    "or the moves in notation, \"a1-b1 b1-c1\"; the start when omitted) of\n"
    "the game SPEC, or alone the last position of the record file RECORD\n"
    "in its game; then the position after every legal move: the value\n"
    "for the player to move (Dots and Boxes: boxes still to win less the\n"
    "opponent's; China Squares and Grove: the final score difference;\n"
    "else 1 win, 0 draw, -1 loss), a best move, nodes and time.  The\n"
    "budget is N nodes and MS milliseconds (0: no limit, the default),\n"
    "the memory MB MiB (default: 2^R bytes, from 1 MiB to 256 MiB, when\n"
    "R actions are left whatever is played, as in Dots and Boxes; else\n"
    "256 MiB).  Exit status: 0 exact, 1 budget exhausted, 2 usage, 3 bad\n"
    "input.  See mg-solve(1).\n";

static int fail_usage(const char *what, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    fprintf(stderr, "mg-solve: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? util_quote(arg, strlen(arg), q, sizeof q) : "", usage);
    return 2;
}

static int is_file(const char *path)
{
    struct stat st;
    return strcmp(path, "-") == 0 || stat(path, &st) == 0;
}

#define RECORD_HEADER "mindgames-record"
#define DEFAULT_MB 256 /* the most a default table takes */
#define PLAYOUT_CAP 64 /* 2^64 bytes: more than any cap */

/* Whether the one argument is a record rather than a spec: "-", a file
 * that exists, or a record's text. */
static int is_record(const char *arg)
{
    struct stat st;
    return strcmp(arg, "-") == 0 ||
           (stat(arg, &st) == 0 && !S_ISDIR(st.st_mode)) ||
           strncmp(arg, RECORD_HEADER, strlen(RECORD_HEADER)) == 0;
}

/* The game and last position of a record (a file, "-", or its text). */
static int load_record(const char *record, mg_game **gout, mg_state **out)
{
    char err[512], *text;
    int rc, inline_text = !strncmp(record, RECORD_HEADER, strlen(RECORD_HEADER));
    text = inline_text ? util_xstrdup(record)
                       : util_slurp(record, NULL, err, sizeof err);
    if (!text) {
        fprintf(stderr, "mg-solve: %s: %s\n", record, err);
        return 3;
    }
    rc = mg_state_load(out, gout, text, err, sizeof err);
    free(text);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-solve: %s: %s%s%s\n",
                inline_text ? "the record" : record, mg_strerror(rc),
                err[0] ? ": " : "", err);
        return 3;
    }
    return 0;
}

/* Play the moves of text (notation, blank-separated) from the start. */
static int play_moves(mg_state *s, const char *text)
{
    char err[256], tok[300];
    const char *p = text;
    while (*p) {
        size_t n = 0;
        int32_t a;
        int rc;
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        while (p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != '\n' &&
               p[n] != '\r')
            n++;
        if (n == 0)
            break;
        if (n >= sizeof tok) {
            fprintf(stderr, "mg-solve: a move longer than %u characters\n",
                    (unsigned)sizeof tok - 1);
            return 3;
        }
        memcpy(tok, p, n);
        tok[n] = '\0';
        p += n;
        rc = mg_state_action_from_string(s, tok, &a, err, sizeof err);
        if (rc == MG_OK)
            rc = mg_state_apply(s, a);
        if (rc != MG_OK) {
            fprintf(stderr, "mg-solve: move %s: %s%s%s\n", tok,
                    mg_strerror(rc), err[0] ? ": " : "", err);
            return 3;
        }
    }
    return 0;
}

/* Play the actions of from (a state of an equal game) on s: a copy
 * would tie s to the record's game object, freed below. */
static int replay(mg_state *s, const mg_state *from)
{
    size_t n = 0, i;
    int32_t *hist;
    int rc = 0;
    mg_state_history(from, NULL, 0, &n);
    hist = util_xmalloc((n ? n : 1) * sizeof *hist);
    mg_state_history(from, hist, n, &n);
    for (i = 0; i < n && rc == 0; i++)
        if (mg_state_apply(s, hist[i]) != MG_OK)
            rc = 3;
    free(hist);
    return rc;
}

/* The position of RECORD for game g into *out (a state of *gout). */
static int load_position(const char *spec, const char *record, mg_game **gout,
                         mg_state **out)
{
    char err[512];
    char *text, *want, *have;
    mg_game *rg = NULL;
    mg_state *rs = NULL;
    int rc;
    if (!spec)
        return load_record(record, gout, out);
    *gout = util_game_new(spec, NULL, err, sizeof err);
    if (!*gout) {
        if (!record && !strchr(spec, '(') &&
            (strchr(spec, '.') || strchr(spec, '/')))
            fprintf(stderr, "mg-solve: no such record file, and not a "
                            "game spec: %s\n", err);
        else
            fprintf(stderr, "mg-solve: %s\n", err);
        return 3;
    }
    if (mg_state_new(out, *gout) != MG_OK)
        return 3;
    if (!record)
        return 0;
    if (!is_file(record))
        return play_moves(*out, record);
    text = util_slurp(record, NULL, err, sizeof err);
    if (!text) {
        fprintf(stderr, "mg-solve: %s: %s\n", record, err);
        return 3;
    }
    rc = mg_state_load(&rs, &rg, text, err, sizeof err);
    free(text);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-solve: %s: %s%s%s\n", record, mg_strerror(rc),
                err[0] ? ": " : "", err);
        return 3;
    }
    want = util_game_spec(*gout, &rc);
    have = util_game_spec(rg, &rc);
    rc = want && have && strcmp(want, have) == 0 ? 0 : 3;
    if (rc)
        fprintf(stderr, "mg-solve: %s is a record of %s, not of %s\n", record,
                have ? have : "?", want ? want : "?");
    else
        rc = replay(*out, rs);
    free(want);
    free(have);
    mg_state_free(rs);
    mg_game_free(rg);
    return rc;
}

typedef struct opts {
    uint64_t nodes;
    long time_ms, memory_mb;
    int moves, memory_given;
    const char *spec, *record;
} opts;

static int parse(int argc, char **argv, opts *o)
{
    int i, pos = 0;
    memset(o, 0, sizeof *o);
    o->memory_mb = DEFAULT_MB;
    o->moves = 1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return -1;
        } else if (!strcmp(a, "--no-moves")) {
            o->moves = 0;
        } else if (!strcmp(a, "--nodes") || !strcmp(a, "--time-ms") ||
                   !strcmp(a, "--memory-mb")) {
            int ok;
            if (i + 1 >= argc)
                return fail_usage("missing value after", a);
            if (!strcmp(a, "--nodes"))
                ok = util_parse_u64(argv[i + 1], &o->nodes);
            else if (!strcmp(a, "--time-ms"))
                ok = util_parse_long(argv[i + 1], 0, 86400000, &o->time_ms);
            else
                ok = (o->memory_given = util_parse_long(
                          argv[i + 1], 1, 1048576, &o->memory_mb)) != 0;
            if (!ok)
                return fail_usage("bad number", argv[i + 1]);
            i++;
        } else if (a[0] == '-' && a[1] == '-') {
            return fail_usage("unknown option", a);
        } else if (pos == 0) {
            o->spec = a;
            pos++;
        } else if (pos == 1) {
            o->record = a;
            pos++;
        } else {
            return fail_usage("too many arguments", a);
        }
    }
    if (!o->spec)
        return fail_usage("missing SPEC or RECORD", NULL);
    if (pos == 1 && is_record(o->spec)) { /* mg-solve RECORD */
        o->record = o->spec;
        o->spec = NULL;
    }
    return 0;
}


/* The actions left to the end of the game from s in four playouts: the
 * fewest and the most (Dots and Boxes: both the undrawn lines);
 * PLAYOUT_CAP for a playout that does not end within that. */
static void actions_left(const mg_state *s, long *fewest, long *most)
{
    mg_state *t = NULL;
    size_t at = 0, n = 0;
    uint64_t seed;
    *fewest = *most = PLAYOUT_CAP;
    if (mg_state_clone(&t, s) != MG_OK)
        return;
    mg_state_history(s, NULL, 0, &at);
    for (seed = 1; seed <= 4; seed++) {
        long len = PLAYOUT_CAP;
        mg_state_copy(t, s);
        mg_state_playout(t, seed, PLAYOUT_CAP);
        mg_state_history(t, NULL, 0, &n);
        if (mg_state_is_terminal(t) == 1 && n >= at && n - at < PLAYOUT_CAP)
            len = (long)(n - at);
        if (seed == 1 || len < *fewest)
            *fewest = len;
        if (seed == 1 || len > *most)
            *most = len;
    }
    mg_state_free(t);
}

/* The solver's memory: --memory-mb's MB; else sized to the position when
 * the game has R actions left whatever is played (every playout takes R:
 * Dots and Boxes), 2^R bytes from 1 MiB to 256 MiB, and 256 MiB when the
 * length varies; more when the game's solver needs more (up to 256 MiB).
 * Prints it. */
static int new_solver(mg_solver **sv, const mg_game *g, const mg_state *s,
                      const opts *o)
{
    char err[256], why[160];
    long fewest, most, mb = DEFAULT_MB;
    int rc;
    actions_left(s, &fewest, &most);
    if (o->memory_given) {
        mb = o->memory_mb;
        snprintf(why, sizeof why, "--memory-mb");
    } else if (fewest == most && most < PLAYOUT_CAP) {
        mb = most <= 20 ? 1 : most - 20 >= 8 ? DEFAULT_MB : 1L << (most - 20);
        snprintf(why, sizeof why, "2^R bytes for R = %ld actions left, from "
                 "1 MiB to %d MiB", most, DEFAULT_MB);
    } else if (most < PLAYOUT_CAP) {
        snprintf(why, sizeof why, "the default: %ld to %ld actions left in "
                 "playouts", fewest, most);
    } else {
        snprintf(why, sizeof why, "the default: more than %d actions left",
                 PLAYOUT_CAP - 1);
    }
    while ((rc = mg_solver_new(sv, g, (size_t)mb << 20, err, sizeof err)) ==
               MG_EINVAL &&
           !o->memory_given && mb < DEFAULT_MB) /* its solver needs more */
        mb = mb * 2 < DEFAULT_MB ? mb * 2 : DEFAULT_MB;
    if (rc != MG_OK) {
        fprintf(stderr, "mg-solve: %s\n", err[0] ? err : mg_strerror(rc));
        return 3;
    }
    printf("memory: %ld MiB (%s)\n", mb, why);
    return 0;
}

static void print_moves(mg_solver *sv, const mg_state *s, const opts *o,
                        int32_t value, int exact)
{
    int32_t *acts, *vals;
    size_t n = 0, i;
    double t0 = util_now();
    int rc;
    mg_state_legal_actions(s, NULL, 0, &n);
    acts = util_xmalloc((n ? n : 1) * sizeof *acts);
    vals = util_xmalloc((n ? n : 1) * sizeof *vals);
    mg_state_legal_actions(s, acts, n, &n);
    rc = mg_solver_values(sv, s, o->nodes, (uint32_t)o->time_ms, vals, n, &n);
    printf("moves: %u (%.3f s%s)\n", (unsigned)n, util_now() - t0,
           rc == MG_EBUDGET ? ", budget exhausted" : "");
    for (i = 0; i < n; i++) {
        char *name = util_action_name(s, acts[i]);
        if (vals[i] == MG_SOLVER_UNKNOWN)
            printf("  %-12s ?\n", name);
        else
            printf("  %-12s %d%s\n", name, (int)vals[i],
                   exact && vals[i] == value ? "  best" : "");
        free(name);
    }
    free(acts);
    free(vals);
}

int main(int argc, char **argv)
{
    opts o;
    mg_game *g = NULL;
    mg_state *s = NULL;
    mg_solver *sv = NULL;
    char *name, *spec;
    int32_t value = 0, best = -1, lo = 0, hi = 0;
    uint64_t nodes = 0;
    double t0, dt;
    int rc = parse(argc, argv, &o), status;
    if (rc)
        return rc < 0 ? 0 : rc;
    if ((rc = load_position(o.spec, o.record, &g, &s)) != 0)
        goto out;
    spec = util_game_spec(g, &rc);
    printf("game: %s\n", spec ? spec : "?");
    free(spec);
    if (mg_state_is_terminal(s)) {
        printf("the game is over\n");
        rc = 0;
        goto out;
    }
    printf("to move: seat %d\n", mg_state_current_player(s));
    if ((rc = new_solver(&sv, g, s, &o)) != 0)
        goto out;
    t0 = util_now();
    status = mg_solver_solve(sv, s, o.nodes, (uint32_t)o.time_ms, &value,
                             &best, &nodes);
    dt = util_now() - t0;
    mg_solver_bounds(sv, &lo, &hi);
    name = util_action_name(s, best);
    if (status == MG_OK)
        printf("value: %d\n", (int)value);
    else
        printf("value: between %d and %d (budget exhausted)\n", (int)lo,
               (int)hi);
    printf("best: %s\nnodes: %llu\ntime: %.3f s (%.2f M nodes/s)\n", name,
           (unsigned long long)nodes, dt, dt > 0 ? nodes / dt / 1e6 : 0.0);
    free(name);
    if (o.moves)
        print_moves(sv, s, &o, value, status == MG_OK);
    rc = status == MG_OK ? 0 : 1;
out:
    mg_solver_free(sv);
    mg_state_free(s);
    mg_game_free(g);
    return rc;
}
