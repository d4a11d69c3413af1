/*
 * mg-board - generate and check transcendental boards.
 *
 *   mg-board generate [--kind octopuszle|labyrinth] [--seed N]
 *                     [--format board|text|svg] [--view cells|beams|both]
 *   mg-board validate FILE        (FILE "-" reads standard input)
 *
 * Exit status: 0 success (a valid board), 1 an invalid board, 2 a usage
 * error, 3 a file that cannot be read.
 */
#include <mindgames.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mg-board generate [--kind octopuszle|labyrinth] [--seed N]\n"
    "                         [--format board|text|svg] "
    "[--view cells|beams|both]\n"
    "       mg-board validate FILE    (FILE - reads standard input)\n";

static int fail_usage(const char *what, const char *arg)
{
    fprintf(stderr, "mg-board: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? arg : "", usage);
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

static char *slurp(FILE *f)
{
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    size_t n;
    if (!buf)
        return NULL;
    while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *more = cap > (64u << 20) ? NULL : realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                return NULL;
            }
            buf = more;
            cap *= 2;
        }
    }
    buf[len] = '\0';
    if (memchr(buf, '\0', len)) { /* NUL bytes: not a text file */
        buf[0] = '\x01';
        buf[1] = '\0';
    }
    return buf;
}

static int validate(const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    char *text, err[256];
    mg_board *b = NULL;
    int rc;
    if (!f) {
        fprintf(stderr, "mg-board: %s: %s\n", path, strerror(errno));
        return 3;
    }
    text = slurp(f);
    if (f != stdin)
        fclose(f);
    if (!text) {
        fprintf(stderr, "mg-board: %s: cannot read\n", path);
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

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "generate"))
        return generate(argc - 2, argv + 2);
    if (argc == 3 && !strcmp(argv[1], "validate"))
        return validate(argv[2]);
    if (argc == 2 && (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help"))) {
        fputs(usage, stdout);
        return 0;
    }
    return fail_usage(argc < 2 ? "no command" : "bad command line",
                      argc >= 2 ? argv[1] : NULL);
}
