/*
 * text.c - bounded string building, error messages and name parsing.
 * No locale, no floating point, no allocation.
 */
#include "internal.h"

#include <stdarg.h>
#include <string.h>

void mg__sb_init(mg__sb *sb, char *buf, size_t cap)
{
    sb->buf = buf;
    sb->cap = buf ? cap : 0;
    sb->len = 0;
    if (sb->cap)
        sb->buf[0] = '\0';
}

void mg__sb_putc(mg__sb *sb, char c)
{
    if (sb->len + 1 < sb->cap)
        sb->buf[sb->len] = c;
    sb->len++;
}

void mg__sb_putn(mg__sb *sb, const char *s, size_t n)
{
    if (sb->len < sb->cap) {
        size_t room = sb->cap - 1 - sb->len;
        memcpy(sb->buf + sb->len, s, n < room ? n : room);
    }
    sb->len += n;
}

void mg__sb_puts(mg__sb *sb, const char *s)
{
    mg__sb_putn(sb, s, strlen(s));
}

void mg__sb_uint(mg__sb *sb, uint64_t v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    mg__sb_putn(sb, tmp + i, sizeof tmp - i);
}

void mg__sb_int(mg__sb *sb, int64_t v)
{
    if (v < 0) {
        mg__sb_putc(sb, '-');
        mg__sb_uint(sb, (uint64_t)0 - (uint64_t)v);
    } else {
        mg__sb_uint(sb, (uint64_t)v);
    }
}

static void sb_vprintf(mg__sb *sb, const char *fmt, va_list ap)
{
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            mg__sb_putc(sb, *p);
            continue;
        }
        p++;
        switch (*p) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            mg__sb_puts(sb, s ? s : "(null)");
            break;
        }
        case 'c': mg__sb_putc(sb, (char)va_arg(ap, int)); break;
        case 'd': mg__sb_int(sb, va_arg(ap, int)); break;
        case 'u': mg__sb_uint(sb, va_arg(ap, unsigned)); break;
        case 'l':
            if (p[1] == 'd') {
                p++;
                mg__sb_int(sb, va_arg(ap, long));
            } else if (p[1] == 'u') {
                p++;
                mg__sb_uint(sb, va_arg(ap, unsigned long));
            }
            break;
        case '%': mg__sb_putc(sb, '%'); break;
        case '\0': return;
        default: mg__sb_putc(sb, '%'); mg__sb_putc(sb, *p); break;
        }
    }
}

void mg__sb_printf(mg__sb *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

int mg__sb_finish(mg__sb *sb, size_t *needed)
{
    if (needed)
        *needed = sb->len + 1;
    if (sb->len + 1 > sb->cap) {
        if (sb->cap)
            sb->buf[0] = '\0';
        return MG_ENOBUFS;
    }
    sb->buf[sb->len] = '\0';
    return MG_OK;
}

const char *mg__sb_str(mg__sb *sb)
{
    if (!sb->cap)
        return "";
    sb->buf[sb->len < sb->cap ? sb->len : sb->cap - 1] = '\0';
    return sb->buf;
}

int mg__err(char *err, size_t errcap, int code, const char *fmt, ...)
{
    if (err && errcap) {
        mg__sb sb;
        va_list ap;
        mg__sb_init(&sb, err, errcap);
        va_start(ap, fmt);
        sb_vprintf(&sb, fmt, ap);
        va_end(ap);
        /* cut to fit rather than refuse: a message is best effort */
        err[sb.len < errcap ? sb.len : errcap - 1] = '\0';
    }
    return code;
}

void mg__sb_quote(mg__sb *sb, const char *s, size_t n)
{
    size_t i;
    mg__sb_putc(sb, '\'');
    for (i = 0; i < n && i < 24; i++) {
        unsigned char c = (unsigned char)s[i];
        mg__sb_putc(sb, (c >= 0x20 && c < 0x7f) ? (char)c : '?');
    }
    if (i < n)
        mg__sb_puts(sb, "...");
    mg__sb_putc(sb, '\'');
}

const char *mg__quote(char *q, const char *s, size_t n)
{
    mg__sb sb;
    mg__sb_init(&sb, q, MG__QUOTE_CAP);
    mg__sb_quote(&sb, s, n);
    mg__sb_finish(&sb, NULL);
    return q;
}

void mg__sb_column(mg__sb *sb, int32_t col)
{
    char tmp[8];
    size_t i = sizeof tmp;
    uint32_t c = (uint32_t)col + 1; /* bijective base 26 */
    while (c && i) {
        c--;
        tmp[--i] = (char)('a' + c % 26);
        c /= 26;
    }
    mg__sb_putn(sb, tmp + i, sizeof tmp - i);
}

static int lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

int mg__strncaseeq(const char *a, const char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (lower((unsigned char)a[i]) != lower((unsigned char)b[i]))
            return 0;
        if (!a[i])
            return 1;
    }
    return 1;
}

/* Values past this are well-formed but name nothing on any board: they
 * saturate here so callers report "no such dot/cell" (MG_ERANGE). */
#define NAME_MAX_VALUE 100000000

int mg__parse_name(const char *text, size_t n, int32_t *col, int32_t *row)
{
    size_t i = 0;
    int64_t c = 0, r = 0;
    while (i < n && lower((unsigned char)text[i]) >= 'a' &&
           lower((unsigned char)text[i]) <= 'z') {
        c = c * 26 + (lower((unsigned char)text[i]) - 'a' + 1);
        if (c > NAME_MAX_VALUE)
            c = NAME_MAX_VALUE;
        i++;
    }
    if (i == 0 || i == n)
        return 0;
    if (text[i] == '0') /* no leading zeros: names print without them */
        return 0;
    for (; i < n; i++) {
        if (text[i] < '0' || text[i] > '9')
            return 0;
        r = r * 10 + (text[i] - '0');
        if (r > NAME_MAX_VALUE)
            r = NAME_MAX_VALUE;
    }
    *col = (int32_t)(c - 1);
    *row = (int32_t)(r - 1);
    return 1;
}

int mg__parse_index(const char *text, size_t n, int32_t *index)
{
    size_t i;
    int64_t v = 0;
    if (n < 2 || text[0] != '#')
        return 0;
    for (i = 1; i < n; i++) {
        if (text[i] < '0' || text[i] > '9')
            return 0;
        v = v * 10 + (text[i] - '0');
        if (v > NAME_MAX_VALUE)
            v = NAME_MAX_VALUE;
    }
    *index = (int32_t)v;
    return 1;
}

int mg__parse_place(const char *t, size_t n, const char *what, int32_t count,
                    int32_t *index, int32_t *col, int32_t *row, char *err,
                    size_t errcap)
{
    char q[MG__QUOTE_CAP];
    mg__quote(q, t, n);
    if (n && t[0] == '#') {
        if (!mg__parse_index(t, n, index))
            return mg__err(err, errcap, MG_ESYNTAX,
                           "%s is not a %s index like #3", q, what);
        if (*index >= count)
            return mg__err(err, errcap, MG_ERANGE,
                           "no %s %s: this board has %ss #0..#%d", what, q,
                           what, (int)count - 1);
        return MG_OK;
    }
    if (!mg__parse_name(t, n, col, row))
        return mg__err(err, errcap, MG_ESYNTAX,
                       "%s is not a %s name like a1 or an index like #3", q,
                       what);
    *index = -1;
    return MG_OK;
}

int mg__parse_step(const char *t, size_t n, const char *what,
                   const char *places, size_t *dash, char *err,
                   size_t errcap)
{
    size_t i, at = 0, dashes = 0;
    char q[MG__QUOTE_CAP];
    for (i = 0; i < n; i++)
        if (t[i] == '-') {
            at = i;
            dashes++;
        }
    if (dashes == 0)
        return 0;
    if (dashes > 1 || at == 0 || at == n - 1)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "%s is not a %s: expected two %ss joined by one dash, "
                       "like a1-b1",
                       mg__quote(q, t, n), what, places);
    *dash = at;
    return 1;
}
