/*
 * util.c - small helpers shared by the command-line tools.
 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

uint64_t util_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

uint64_t util_hash(uint64_t h, const char *s)
{
    if (h == 0)
        h = 0xCBF29CE484222325ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001B3ULL;
    }
    h ^= 0xFF; /* a separator, so "ab"+"c" differs from "a"+"bc" */
    h *= 0x100000001B3ULL;
    return h;
}

double util_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int util_parse_u64(const char *val, uint64_t *out)
{
    char *end;
    if (!val || !isdigit((unsigned char)*val))
        return 0;
    errno = 0;
    *out = strtoull(val, &end, 10);
    return !*end && !errno;
}

int util_parse_long(const char *val, long lo, long hi, long *out)
{
    char *end;
    long v;
    if (!val || !(isdigit((unsigned char)*val) ||
                  (*val == '-' && isdigit((unsigned char)val[1]))))
        return 0;
    errno = 0;
    v = strtol(val, &end, 10);
    if (*end || errno || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

int util_parse_double(const char *val, double *out)
{
    char *end;
    const char *p = val;
    if (!p || !*p)
        return 0;
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p) && *p != '.')
        return 0;
    errno = 0;
    *out = strtod(val, &end);
    return !*end && !errno && isfinite(*out);
}

static char *read_all(FILE *f, size_t *len_out)
{
    size_t len = 0, cap = 4096, n;
    char *buf = util_xmalloc(cap);
    while ((n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap)
            buf = util_xrealloc(buf, cap *= 2);
    }
    buf[len] = '\0';
    if (ferror(f)) {
        free(buf);
        return NULL;
    }
    *len_out = len;
    return buf;
}

char *util_slurp(const char *path, size_t *len, char *err, size_t errcap)
{
    int is_stdin = !strcmp(path, "-");
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    struct stat st;
    size_t n = 0;
    char *buf;
    if (!f) {
        snprintf(err, errcap, "%s", strerror(errno));
        return NULL;
    }
    if (!is_stdin && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        snprintf(err, errcap, "is a directory");
        return NULL;
    }
    errno = 0;
    buf = read_all(f, &n);
    if (!buf)
        snprintf(err, errcap, "cannot read: %s",
                 errno ? strerror(errno) : "read error");
    if (!is_stdin)
        fclose(f);
    if (buf && memchr(buf, '\0', n)) {
        free(buf);
        snprintf(err, errcap, "contains a NUL byte: not a text file");
        return NULL;
    }
    if (buf && len)
        *len = n;
    return buf;
}

static void out_of_memory(void)
{
    fputs("out of memory\n", stderr);
    exit(1);
}

void *util_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *util_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

char *util_xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(util_xmalloc(n), s, n);
}

const char *util_quote(const char *s, size_t len, char *buf, size_t cap)
{
    size_t keep = len, i, o = 0;
    const size_t room = cap > 40 ? cap - 40 : cap / 2;
    if (keep > room)
        keep = room;
    for (i = 0; i < keep && o + 1 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        buf[o++] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    buf[o] = '\0';
    if (keep < len)
        snprintf(buf + o, cap - o, "... (%lu characters)",
                 (unsigned long)len);
    return buf;
}

/* ------------------------------------------------------------ strbuf */

void sb_init(strbuf *b)
{
    b->cap = 64;
    b->len = 0;
    b->s = util_xmalloc(b->cap);
    b->s[0] = '\0';
}

void sb_free(strbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

void sb_clear(strbuf *b)
{
    b->len = 0;
    b->s[0] = '\0';
}

static void sb_room(strbuf *b, size_t more)
{
    if (b->len + more + 1 > b->cap) {
        while (b->len + more + 1 > b->cap)
            b->cap *= 2;
        b->s = util_xrealloc(b->s, b->cap);
    }
}

void sb_add(strbuf *b, const char *s, size_t n)
{
    sb_room(b, n);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void sb_puts(strbuf *b, const char *s)
{
    sb_add(b, s, strlen(s));
}

void sb_putc(strbuf *b, char c)
{
    sb_add(b, &c, 1);
}

void sb_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= b->cap - b->len) {
        sb_room(b, (size_t)n);
        va_start(ap, fmt);
        vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

/* ------------------------------------------------- library strings */

typedef int (*sized_fn)(const void *, int, char *, size_t, size_t *);

static char *sized(int (*call)(const void *obj, int arg, char *buf,
                               size_t cap, size_t *needed),
                   const void *obj, int arg, int *rc)
{
    size_t need = 0;
    char *buf;
    *rc = call(obj, arg, NULL, 0, &need);
    if (*rc != MG_ENOBUFS)
        return NULL;
    buf = util_xmalloc(need);
    *rc = call(obj, arg, buf, need, &need);
    if (*rc != MG_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int spec_call(const void *g, int arg, char *buf, size_t cap,
                     size_t *need)
{
    (void)arg;
    return mg_game_spec(g, buf, cap, need);
}

static int save_call(const void *s, int arg, char *buf, size_t cap,
                     size_t *need)
{
    (void)arg;
    return mg_state_save(s, buf, cap, need);
}

static int render_call(const void *s, int fmt, char *buf, size_t cap,
                       size_t *need)
{
    return mg_state_render(s, fmt, buf, cap, need);
}

static int name_call(const void *s, int a, char *buf, size_t cap,
                     size_t *need)
{
    return mg_state_action_to_string(s, (int32_t)a, buf, cap, need);
}

char *util_game_spec(const mg_game *g, int *rc)
{
    return sized(spec_call, g, 0, rc);
}

char *util_state_save(const mg_state *s, int *rc)
{
    return sized(save_call, s, 0, rc);
}

char *util_state_render(const mg_state *s, int format, int *rc)
{
    return sized(render_call, s, format, rc);
}

char *util_action_name(const mg_state *s, int32_t action)
{
    int rc;
    char *name = sized(name_call, s, (int)action, &rc);
    if (!name) {
        name = util_xmalloc(24);
        snprintf(name, 24, "#%ld", (long)action);
    }
    return name;
}

/* The two reason calls answer a code other than MG_OK with their line
 * (MG_EILLEGAL, MG_EOVER, MG_ERANGE), so sized() does not fit them. */
static char *reason_line(int (*call)(const void *obj, int32_t arg, char *buf,
                                     size_t cap, size_t *needed),
                         const void *obj, int32_t arg, int *rc)
{
    size_t need = 0;
    char *buf;
    *rc = call(obj, arg, NULL, 0, &need);
    if (*rc != MG_ENOBUFS)
        return NULL;
    buf = util_xmalloc(need);
    *rc = call(obj, arg, buf, need, &need);
    if (*rc == MG_ENOBUFS || *rc == MG_EINVAL || !buf[0]) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int illegal_call(const void *s, int32_t a, char *buf, size_t cap,
                        size_t *need)
{
    return mg_state_illegal_reason(s, a, buf, cap, need);
}

static int end_call(const void *s, int32_t a, char *buf, size_t cap,
                    size_t *need)
{
    (void)a;
    return mg_state_end_reason(s, buf, cap, need);
}

char *util_illegal_reason(const mg_state *s, int32_t action)
{
    int rc;
    char *line = reason_line(illegal_call, s, action, &rc);
    if (!line && rc != MG_OK) { /* never expected: still say something */
        char *name = util_action_name(s, action);
        size_t n = strlen(name) + 64;
        line = util_xmalloc(n);
        snprintf(line, n, "%s: not a legal move here", name);
        free(name);
    }
    return line;
}

char *util_end_reason(const mg_state *s)
{
    int rc;
    return reason_line(end_call, s, 0, &rc);
}

mg_game *util_game_new(const char *spec, const char *board_file, char *err,
                       size_t errcap)
{
    char msg[256], q[UTIL_QUOTE_CAP];
    mg_game *g = NULL;
    mg_board *b = NULL;
    int rc;
    if (board_file) {
        char *text = util_slurp(board_file, NULL, msg, sizeof msg);
        if (!text) {
            snprintf(err, errcap, "%s: %s", board_file, msg);
            return NULL;
        }
        rc = mg_board_parse(&b, text, msg, sizeof msg);
        free(text);
        if (rc != MG_OK) {
            snprintf(err, errcap, "%s: %s (%s)", board_file, msg,
                     mg_strerror(rc));
            return NULL;
        }
        rc = mg_game_new_with_board(&g, spec, b, msg, sizeof msg);
        mg_board_free(b);
    } else {
        rc = mg_game_new(&g, spec, msg, sizeof msg);
    }
    if (rc != MG_OK)
        snprintf(err, errcap, "%s: %s (%s)",
                 util_quote(spec, strlen(spec), q, sizeof q), msg,
                 mg_strerror(rc));
    return rc == MG_OK ? g : NULL;
}

char *util_spec_with_board_seed(const char *spec, uint64_t seed)
{
    size_t len = strlen(spec);
    char *out = util_xmalloc(len + 40);
    const char *close;
    while (len > 0 && isspace((unsigned char)spec[len - 1]))
        len--;
    close = len > 0 && spec[len - 1] == ')' ? spec + len - 1 : NULL;
    if (!close) {
        sprintf(out, "%.*s(board=%llu)", (int)len, spec,
                (unsigned long long)seed);
    } else {
        const char *q = close;
        while (q > spec && isspace((unsigned char)q[-1]))
            q--;
        sprintf(out, "%.*s%sboard=%llu)", (int)(close - spec), spec,
                q > spec && q[-1] == '(' ? "" : ",",
                (unsigned long long)seed);
    }
    return out;
}

int util_spec_has_board(const char *spec)
{
    const char *p = strchr(spec, '(');
    while (p && *p) {
        const char *k = p + 1, *e;
        while (isspace((unsigned char)*k))
            k++;
        e = k;
        while (isalnum((unsigned char)*e) || *e == '_')
            e++;
        while (isspace((unsigned char)*e))
            e++;
        if (e - k >= 5 && *e == '=' && !strncmp(k, "board", 5) &&
            (k[5] == '=' || isspace((unsigned char)k[5])))
            return 1;
        p = strchr(k, ',');
    }
    return 0;
}

void util_cloexec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    if (flags >= 0)
        fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}
