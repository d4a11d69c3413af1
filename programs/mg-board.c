/*
 * mg-board - generate and check transcendental boards.
 *
 *   mg-board generate [--kind octopuszle|labyrinth] [--seed N]
 *                     [--format board|text|svg] [--view cells|beams|both]
 *   mg-board validate FILE        (FILE "-" reads standard input)
 *   mg-board -h | --help
 *
 * Exit status: 0 success (a valid board), 1 an invalid board, 2 a usage
 * error, 3 a file that cannot be read.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mg-board generate [--kind octopuszle|labyrinth] [--seed N]\n"
    "                         [--format board|text|svg] "
    "[--view cells|beams|both]\n"
    "       mg-board validate FILE    (FILE - reads standard input)\n"
    "       mg-board -h | --help\n"
    "\n"
    "generate prints the board of a seed: as a board file (the default,\n"
    "read back by validate, mg-play --board and mg-match --board) or as a\n"
    "text or SVG picture of its cells, its beams or both.  validate checks\n"
    "a board file and prints its kind, cells and fingerprint.  Exit status:\n"
    "0 success, 1 an invalid board, 2 a usage error, 3 a file that cannot\n"
    "be read.  See mg-board(1).\n";

static int fail_usage(const char *what, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    fprintf(stderr, "mg-board: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? util_quote(arg, strlen(arg), q, sizeof q) : "", usage);
    return 2;
}

static int print_sized(int (*fill)(const mg_board *, int, int, char *, size_t,
                                   size_t *),
                       const mg_board *b, int a1, int a2)
{
    size_t need = 0;
    char *buf;
    int rc;
    fill(b, a1, a2, NULL, 0, &need);
    buf = malloc(need);
    if (!buf)
        return 3;
    rc = fill(b, a1, a2, buf, need, NULL);
    if (rc == MG_OK)
        fputs(buf, stdout);
    free(buf);
    return rc == MG_OK ? 0 : 3;
}

static int format_adapter(const mg_board *b, int unused1, int unused2,
                          char *buf, size_t cap, size_t *needed)
{
    (void)unused1;
    (void)unused2;
    return mg_board_format(b, buf, cap, needed);
}

static int generate(int argc, char **argv)
{
    int kind = MG_BOARD_OCTOPUSZLE, fmt = 0, view = 3, i, rc;
    uint64_t seed = 1;
    mg_board *b = NULL;
    for (i = 0; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val)
            return fail_usage("missing value after", opt);
        i++;
        if (!strcmp(opt, "--kind")) {
            if (!strcmp(val, "octopuszle"))
                kind = MG_BOARD_OCTOPUSZLE;
            else if (!strcmp(val, "labyrinth"))
                kind = MG_BOARD_LABYRINTH;
            else
                return fail_usage("unknown kind", val);
        } else if (!strcmp(opt, "--seed")) {
            char *end;
            errno = 0;
            seed = strtoull(val, &end, 10);
            if (*val == '-' || *end || end == val || errno)
                return fail_usage("bad seed (0 ... 2^64-1)", val);
        } else if (!strcmp(opt, "--format")) {
            if (!strcmp(val, "board"))
                fmt = 0;
            else if (!strcmp(val, "text"))
                fmt = MG_RENDER_TEXT;
            else if (!strcmp(val, "svg"))
                fmt = MG_RENDER_SVG;
            else
                return fail_usage("unknown format", val);
        } else if (!strcmp(opt, "--view")) {
            if (!strcmp(val, "cells"))
                view = MG_BOARD_SHOW_CELLS;
            else if (!strcmp(val, "beams"))
                view = MG_BOARD_SHOW_BEAMS;
            else if (!strcmp(val, "both"))
                view = MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS;
            else
                return fail_usage("unknown view", val);
        } else {
            return fail_usage("unknown option", opt);
        }
    }
    rc = mg_board_generate(&b, kind, seed);
    if (rc) {
        fprintf(stderr, "mg-board: %s\n", mg_strerror(rc));
        return 3;
    }
    rc = fmt ? print_sized(mg_board_render, b, fmt, view)
             : print_sized(format_adapter, b, 0, 0);
    mg_board_free(b);
    return rc;
}

static int validate(const char *path)
{
    char *text, err[256];
    mg_board *b = NULL;
    int rc;
    text = util_slurp(path, NULL, err, sizeof err);
    if (!text && strstr(err, "NUL byte")) { /* readable, but not a board */
        printf("%s: invalid (%s)\n", path, err);
        return 1;
    }
    if (!text) {
        fprintf(stderr, "mg-board: %s: %s\n", path, err);
        return 3;
    }
    rc = mg_board_parse(&b, text, err, sizeof err);
    free(text);
    if (rc) {
        printf("%s: invalid (%s): %s\n", path, mg_strerror(rc), err);
        return rc == MG_ENOMEM ? 3 : 1;
    }
    printf("%s: valid %s board, %d cells, fingerprint %016llx\n", path,
           mg_board_kind(b) == MG_BOARD_OCTOPUSZLE ? "Octopuszle"
                                                   : "China Labyrinth",
           mg_board_cell_count(b),
           (unsigned long long)mg_board_fingerprint(b));
    mg_board_free(b);
    return 0;
}

static int is_help(const char *arg)
{
    return !strcmp(arg, "-h") || !strcmp(arg, "--help") ||
           !strcmp(arg, "help");
}

int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++)
        if (is_help(argv[i])) {
            fputs(usage, stdout);
            return 0;
        }
    if (argc >= 2 && !strcmp(argv[1], "generate"))
        return generate(argc - 2, argv + 2);
    if (argc == 3 && !strcmp(argv[1], "validate"))
        return validate(argv[2]);
    return fail_usage(argc < 2 ? "no command" : "bad command line",
                      argc >= 2 ? argv[1] : NULL);
}
