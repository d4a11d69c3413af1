/*
 * util.h - small helpers shared by the command-line tools (mg-play,
 * mg-match, mg-engine, mg-board): seeds, clocks, numbers, files, a
 * growing string, and quoting of long or odd text in messages.
 */
#ifndef TOOLS_UTIL_H
#define TOOLS_UTIL_H

#include <mindgames.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* splitmix64's finaliser: a well-mixed 64-bit value of x. */
uint64_t util_mix(uint64_t x);

/* FNV-1a 64 of a string, chained from h (start with 0). */
uint64_t util_hash(uint64_t h, const char *s);

/* Seconds on the monotonic clock. */
double util_now(void);

/* Parse a whole decimal number: 1 when val is digits only and fits. */
int util_parse_u64(const char *val, uint64_t *out);
int util_parse_long(const char *val, long lo, long hi, long *out);
/* A decimal number with an optional fraction and sign ("0.05", "-3"). */
int util_parse_double(const char *val, double *out);

/* The whole of a regular file (or "-": standard input), NUL-terminated.
 * NULL on failure with a message in err ("is a directory", "contains a
 * NUL byte", strerror).  *len receives the length when len is not NULL. */
char *util_slurp(const char *path, size_t *len, char *err, size_t errcap);

/* malloc/realloc/strdup that print and exit on failure: tools only. */
void *util_xmalloc(size_t n);
void *util_xrealloc(void *p, size_t n);
char *util_xstrdup(const char *s);

/* Text for a message: s as is when short and printable, else its first
 * characters, "..." and its length; non-printable bytes as '?'.  Returns
 * buf. */
const char *util_quote(const char *s, size_t len, char *buf, size_t cap);
#define UTIL_QUOTE_CAP 96

/* A growing NUL-terminated string. */
typedef struct {
    char *s;
    size_t len, cap;
} strbuf;

void sb_init(strbuf *b);
void sb_free(strbuf *b);
void sb_clear(strbuf *b);
void sb_add(strbuf *b, const char *s, size_t n);
void sb_puts(strbuf *b, const char *s);
void sb_putc(strbuf *b, char c);
void sb_printf(strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Strings from the library's buf/cap/needed calls, malloc'd (the caller
 * frees them); NULL with *rc set on failure. */
char *util_game_spec(const mg_game *g, int *rc);
char *util_state_save(const mg_state *s, int *rc);
char *util_state_render(const mg_state *s, int format, int *rc);
char *util_action_name(const mg_state *s, int32_t action);

/* Why action is refused in s, the library's one line
 * (mg_state_illegal_reason: "<move>: <the rule> (rules N.M)"), malloc'd;
 * NULL when it is legal. */
char *util_illegal_reason(const mg_state *s, int32_t action);
/* Why the game of s is over (mg_state_end_reason), malloc'd; NULL while
 * it goes on. */
char *util_end_reason(const mg_state *s);

/* A game from a spec, or from a spec and a board file; NULL with the
 * reason in err. */
mg_game *util_game_new(const char *spec, const char *board_file, char *err,
                       size_t errcap);

/* "id(k=v)" + board=SEED -> "id(k=v,board=SEED)", malloc'd. */
char *util_spec_with_board_seed(const char *spec, uint64_t seed);

/* 1 when the spec text names the key `board` at its top level. */
int util_spec_has_board(const char *spec);

/* Mark a file descriptor close-on-exec. */
void util_cloexec(int fd);

#endif
