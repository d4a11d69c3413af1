/*
 * bot_eval.c - a bot spec's eval=PATH (see bot_eval.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "bot_eval.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most an MGNN file can be: 16 Mi weights and its header. */
#define MAX_FILE ((size_t)16 * 4 << 20 | (size_t)1 << 20)

/* Where key `key` starts among the top-level options of spec (after its
 * '(' and a ',' or the '(' before it, spaces skipped), or NULL. */
static const char *find_key(const char *spec, const char *key)
{
    const char *p = strchr(spec, '(');
    size_t n = strlen(key);
    while (p && *p) {
        p++; /* past '(' or ',' */
        while (isspace((unsigned char)*p))
            p++;
        if (!strncmp(p, key, n)) {
            const char *q = p + n;
            while (isspace((unsigned char)*q))
                q++;
            if (*q == '=')
                return p;
        }
        p += strcspn(p, ",)");
        if (*p != ',')
            break;
    }
    return NULL;
}

static int read_file(const char *path, unsigned char **data, size_t *len,
                     char *err, size_t errcap)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf;
    if (!f) {
        snprintf(err, errcap, "eval=%s: %s", path, strerror(errno));
        return -1;
    }
    buf = util_xmalloc(cap);
    for (;;) {
        size_t got;
        if (n == cap) {
            if (cap > MAX_FILE) {
                snprintf(err, errcap, "eval=%s: larger than any MGNN file"
                         " (%lu bytes at most)", path,
                         (unsigned long)MAX_FILE);
                fclose(f);
                free(buf);
                return -1;
            }
            cap *= 2;
            buf = realloc(buf, cap);
            if (!buf) {
                snprintf(err, errcap, "eval=%s: out of memory", path);
                fclose(f);
                return -1;
            }
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        snprintf(err, errcap, "eval=%s: %s", path, strerror(errno));
        fclose(f);
        free(buf);
        return -1;
    }
    fclose(f);
    *data = buf;
    *len = n;
    return 0;
}

int bot_eval_init(bot_eval *be, const char *arg, char *err, size_t errcap)
{
    const char *k = find_key(arg, "eval"), *v, *end;
    char msg[512], kind[32];
    unsigned char *data = NULL;
    size_t len = 0, klen = strcspn(arg, "( \t");
    int rc;
    memset(be, 0, sizeof be[0]);
    if (!k) {
        be->spec = util_xstrdup(arg);
        return 0;
    }
    v = strchr(k, '=') + 1;
    while (isspace((unsigned char)*v))
        v++;
    end = v + strcspn(v, ",)");
    while (end > v && isspace((unsigned char)end[-1]))
        end--;
    be->path = util_xmalloc((size_t)(end - v) + 1);
    memcpy(be->path, v, (size_t)(end - v));
    be->path[end - v] = '\0';
    snprintf(kind, sizeof kind, "%.*s", (int)(klen < 31 ? klen : 31), arg);
    for (rc = 0; kind[rc]; rc++)
        kind[rc] = (char)tolower((unsigned char)kind[rc]);
    if (!strcmp(kind, "strong") &&
        (!strcmp(be->path, "auto") || !strcmp(be->path, "none"))) {
        free(be->path); /* strong's own option */
        be->path = NULL;
        be->spec = util_xstrdup(arg);
        return 0;
    }
    if (strcmp(kind, "mcts") != 0 && strcmp(kind, "strong") != 0) {
        snprintf(err, errcap, "eval=%s: only mcts and strong use a network"
                 " (not %s)", be->path, kind);
        return -1;
    }
    if (!*be->path) {
        snprintf(err, errcap, "eval= needs a file");
        return -1;
    }
    {   /* the spec without the key: before it, then after its value */
        const char *after = v + strcspn(v, ",)");
        size_t pre = (size_t)(k - arg);
        be->spec = util_xmalloc(strlen(arg) + 16);
        memcpy(be->spec, arg, pre);
        be->spec[pre] = '\0';
        if (*after == ',')
            strcat(be->spec, after + 1);
        else { /* the last key: drop the ',' before it too */
            size_t m = strlen(be->spec);
            while (m > 0 && isspace((unsigned char)be->spec[m - 1]))
                m--;
            if (m > 0 && be->spec[m - 1] == ',')
                m--;
            be->spec[m] = '\0';
            strcat(be->spec, after);
        }
        if (!strcmp(kind, "mcts") && !find_key(be->spec, "net")) {
            size_t m = strlen(be->spec);
            while (m > 0 && be->spec[m - 1] != ')')
                m--;
            if (m > 0) { /* mcts(...) -> mcts(...,net=1) */
                int empty = be->spec[m - 2] == '(';
                be->spec[m - 1] = '\0';
                strcat(be->spec, empty ? "net=1)" : ",net=1)");
            }
        }
    }
    if (read_file(be->path, &data, &len, err, errcap) < 0)
        return -1;
    rc = mg_eval_new(&be->ev, data, len, msg, sizeof msg);
    free(data);
    if (rc != MG_OK) {
        snprintf(err, errcap, "eval=%s: %s (%s)", be->path, msg,
                 mg_strerror(rc));
        return -1;
    }
    return 0;
}

void bot_eval_free(bot_eval *be)
{
    mg_eval_free(be->ev);
    free(be->spec);
    free(be->path);
    memset(be, 0, sizeof be[0]);
}

int bot_eval_bot(const bot_eval *be, mg_bot **out, uint64_t seed, char *err,
                 size_t errcap)
{
    int rc = mg_bot_new(out, be->spec, seed, err, errcap);
    if (rc == MG_OK && be->ev && (rc = mg_bot_set_eval(*out, be->ev))) {
        mg_bot_free(*out);
        *out = NULL;
    }
    return rc;
}

int bot_eval_canon(const bot_eval *be, const mg_bot *b, char *buf,
                   size_t cap)
{
    size_t n;
    const char *e;
    if (mg_bot_spec(b, buf, cap, NULL) != MG_OK)
        return -1;
    if (!be->path)
        return 0;
    n = strlen(buf);
    e = strstr(buf, ",eval=none)"); /* strong: the file in its place */
    if (!e)
        e = strstr(buf, ",eval=auto)");
    if (e)
        n = (size_t)(e - buf) + 1;
    else if (n > 0 && buf[n - 1] == ')')
        n--;
    if (n + strlen(be->path) + 8 > cap)
        return -1;
    sprintf(buf + n, "%seval=%s)", e ? "" : ",", be->path);
    return 0;
}
