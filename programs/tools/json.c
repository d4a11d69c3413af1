/*
 * json.c - writing and reading JSON (see json.h).  The reader takes
 * RFC 8259 documents; \u escapes outside ASCII become '?', which is all
 * mg-match's own files need.
 */
#define _POSIX_C_SOURCE 200809L
#include "json.h"
#include "util.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *s, *start;
    char *err;
    size_t errcap;
    int depth;
} reader;

static int bad(reader *r, const char *what)
{
    if (r->err && !r->err[0])
        snprintf(r->err, r->errcap, "at byte %ld: %s",
                 (long)(r->s - r->start), what);
    return -1;
}

static void skip(reader *r)
{
    while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r')
        r->s++;
}

static int value(reader *r, json *out);

static int string(reader *r, char **out)
{
    strbuf b;
    sb_init(&b);
    r->s++; /* the opening quote */
    while (*r->s != '"') {
        unsigned char c = (unsigned char)*r->s++;
        if (c < 32) {
            sb_free(&b);
            return bad(r, c ? "a control character in a string"
                            : "an unterminated string");
        }
        if (c == '\\') {
            const char *esc = "\"\\/bfnrt", *rep = "\"\\/\b\f\n\r\t";
            const char *at = *r->s ? strchr(esc, *r->s) : NULL;
            if (at) {
                c = (unsigned char)rep[at - esc];
                r->s++;
            } else if (*r->s == 'u' && isxdigit((unsigned char)r->s[1]) &&
                       isxdigit((unsigned char)r->s[2]) &&
                       isxdigit((unsigned char)r->s[3]) &&
                       isxdigit((unsigned char)r->s[4])) {
                long u = strtol((char[5]){r->s[1], r->s[2], r->s[3], r->s[4],
                                          0},
                                NULL, 16);
                c = (unsigned char)(u < 128 ? u : '?');
                r->s += 5;
            } else {
                sb_free(&b);
                return bad(r, "a bad escape");
            }
        }
        sb_putc(&b, (char)c);
    }
    r->s++;
    *out = b.s;
    return 0;
}

static int number(reader *r, json *out)
{
    char *end;
    const char *p = r->s;
    if (*p == '-')
        p++;
    if (!isdigit((unsigned char)*p))
        return bad(r, "a bad value");
    out->type = J_NUM;
    out->num = strtod(r->s, &end);
    r->s = end;
    return 0;
}

static int members(reader *r, json *out, int object)
{
    size_t cap = 0;
    char close = object ? '}' : ']';
    out->type = object ? J_OBJ : J_ARR;
    r->s++;
    skip(r);
    if (*r->s == close) {
        r->s++;
        return 0;
    }
    for (;;) {
        if (out->n == cap) {
            cap = cap ? 2 * cap : 8;
            out->item = util_xrealloc(out->item, cap * sizeof *out->item);
            if (object)
                out->key = util_xrealloc(out->key, cap * sizeof *out->key);
        }
        memset(&out->item[out->n], 0, sizeof *out->item);
        skip(r);
        if (object) {
            if (*r->s != '"' || string(r, &out->key[out->n]) < 0)
                return bad(r, "a key expected");
            skip(r);
            if (*r->s++ != ':') {
                free(out->key[out->n]);
                return bad(r, "':' expected");
            }
        }
        out->n++;
        if (value(r, &out->item[out->n - 1]) < 0)
            return -1;
        skip(r);
        if (*r->s == ',') {
            r->s++;
            continue;
        }
        if (*r->s++ == close)
            return 0;
        return bad(r, object ? "',' or '}' expected" : "',' or ']' expected");
    }
}

static int value(reader *r, json *out)
{
    static const char *const word[3] = {"null", "false", "true"};
    int i, rc;
    skip(r);
    if (++r->depth > 64)
        return bad(r, "nested too deeply");
    if (*r->s == '{' || *r->s == '[')
        rc = members(r, out, *r->s == '{');
    else if (*r->s == '"') {
        out->type = J_STR;
        rc = string(r, &out->str);
    } else {
        rc = number(r, out);
        for (i = 0; rc < 0 && i < 3; i++)
            if (!strncmp(r->s, word[i], strlen(word[i]))) {
                out->type = i; /* J_NULL, J_FALSE, J_TRUE */
                r->s += strlen(word[i]);
                r->err[0] = '\0';
                rc = 0;
            }
    }
    r->depth--;
    return rc;
}

json *json_parse(const char *text, char *err, size_t errcap)
{
    reader r;
    json *j = calloc(1, sizeof *j);
    char dummy[1];
    r.s = r.start = text;
    r.err = err && errcap ? err : dummy;
    r.errcap = err && errcap ? errcap : sizeof dummy;
    r.err[0] = '\0';
    r.depth = 0;
    if (!j)
        return NULL;
    if (value(&r, j) == 0) {
        skip(&r);
        if (!*r.s)
            return j;
        bad(&r, "text after the value");
    }
    json_free(j);
    return NULL;
}

static void clear(json *j)
{
    size_t i;
    for (i = 0; i < j->n; i++) {
        clear(&j->item[i]);
        if (j->key)
            free(j->key[i]);
    }
    free(j->item);
    free(j->key);
    free(j->str);
}

void json_free(json *j)
{
    if (j) {
        clear(j);
        free(j);
    }
}

const json *json_get(const json *j, const char *key)
{
    size_t i;
    if (!j || j->type != J_OBJ)
        return NULL;
    for (i = 0; i < j->n; i++)
        if (!strcmp(j->key[i], key))
            return &j->item[i];
    return NULL;
}

const json *json_at(const json *j, size_t i)
{
    return j && j->type == J_ARR && i < j->n ? &j->item[i] : NULL;
}

double json_num(const json *j, double dflt)
{
    return j && j->type == J_NUM ? j->num : dflt;
}

const char *json_str(const json *j)
{
    return j && j->type == J_STR ? j->str : NULL;
}

void json_put_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 32 || c >= 127)
            fprintf(f, "\\u%04x", c < 127 ? c : '?');
        else
            putc(c, f);
    }
    putc('"', f);
}

void json_put_number(FILE *f, double x)
{
    if (!isfinite(x))
        fputs("null", f);
    else if (x == 0)
        fputs("0", f);
    else if (x == floor(x) && fabs(x) < 1e15)
        fprintf(f, "%.0f", x);
    else
        fprintf(f, "%.6f", x);
}
