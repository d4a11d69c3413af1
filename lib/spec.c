/*
 * spec.c - game spec strings: `id` or `id(key=value,...)` (doc/rules.md §0).
 * Parsed against the game's option table; canonical form printed back.
 */
#include "internal.h"

#include <string.h>

#define MAX_SPEC 4096

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int is_word(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '+';
}

/* Values may also hold a decimal point ("c=1.414"). */
static int is_value(char c)
{
    return is_word(c) || c == '.';
}

static const char *skip_space(const char *p)
{
    while (is_space(*p))
        p++;
    return p;
}

/* A message "<what> at position N" for an unexpected byte. */
static int unexpected(const char *spec, const char *p, const char *expected,
                      char *err, size_t errcap)
{
    unsigned char c = (unsigned char)*p;
    if (!c)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "spec ends early: expected %s", expected);
    if (c < 0x20 || c >= 0x7f)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "non-ASCII or control byte %u at position %u "
                       "(expected %s)",
                       (unsigned)c, (unsigned)(p - spec + 1), expected);
    return mg__err(err, errcap, MG_ESYNTAX,
                   "unexpected '%c' at position %u (expected %s)", (char)c,
                   (unsigned)(p - spec + 1), expected);
}

static int parse_u64(const char *s, size_t n, uint64_t *out)
{
    uint64_t v = 0;
    size_t i;
    if (n == 0)
        return 0;
    for (i = 0; i < n; i++) {
        unsigned d;
        if (s[i] < '0' || s[i] > '9')
            return 0;
        d = (unsigned)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

static int parse_bool(const mg__option *opt, const char *s, size_t n,
                      const char *q, int64_t *out, char *err, size_t errcap)
{
    if (n == 4 && mg__strncaseeq(s, "true", 4)) {
        *out = 1;
        return MG_OK;
    }
    if (n == 5 && mg__strncaseeq(s, "false", 5)) {
        *out = 0;
        return MG_OK;
    }
    return mg__err(err, errcap, MG_EVALUE, "%s=%s: expected true or false",
                   opt->key, q);
}

static int parse_enum(const mg__option *opt, const char *s, size_t n,
                      const char *q, int64_t *out, char *err, size_t errcap)
{
    int i;
    mg__sb sb;
    for (i = 0; opt->names[i]; i++) {
        if (strlen(opt->names[i]) == n && mg__strncaseeq(s, opt->names[i], n)) {
            *out = i;
            return MG_OK;
        }
    }
    if (err && errcap) {
        mg__sb_init(&sb, err, errcap);
        mg__sb_printf(&sb, "%s=%s: expected one of ", opt->key, q);
        for (i = 0; opt->names[i]; i++)
            mg__sb_printf(&sb, "%s%s", i ? ", " : "", opt->names[i]);
        mg__sb_str(&sb);
    }
    return MG_EVALUE;
}

/* A decimal with up to three places, in thousandths. */
static int parse_milli(const mg__option *opt, const char *s, size_t n,
                       const char *q, int64_t *out, char *err, size_t errcap)
{
    uint64_t ip = 0, fp = 0;
    size_t dot = 0, k;
    int64_t v;
    while (dot < n && s[dot] != '.')
        dot++;
    k = n - dot; /* "." and the fraction digits */
    if (!parse_u64(s, dot, &ip) || ip > 1000000000u ||
        (k > 0 && (k < 2 || k > 4 || !parse_u64(s + dot + 1, k - 1, &fp))))
        return mg__err(err, errcap, MG_EVALUE,
                       "%s=%s: expected a decimal number with at most "
                       "three decimals",
                       opt->key, q);
    while (k > 0 && k < 4) {
        fp *= 10;
        k++;
    }
    v = (int64_t)(ip * 1000 + fp);
    if (v < opt->min || v > opt->max) {
        if (err && errcap) {
            mg__sb sb;
            mg__sb_init(&sb, err, errcap);
            mg__sb_printf(&sb, "%s=%s: out of range ", opt->key, q);
            mg__milli_format(&sb, opt->min);
            mg__sb_puts(&sb, "..");
            mg__milli_format(&sb, opt->max);
            mg__sb_str(&sb);
        }
        return MG_EVALUE;
    }
    *out = v;
    return MG_OK;
}

static int parse_int(const mg__option *opt, const char *s, size_t n,
                     const char *q, int64_t *out, char *err, size_t errcap)
{
    uint64_t v;
    int neg = n > 0 && s[0] == '-';
    size_t skip = (n > 0 && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (!parse_u64(s + skip, n - skip, &v))
        return mg__err(err, errcap, MG_EVALUE, "%s=%s: expected an integer",
                       opt->key, q);
    if (v > (uint64_t)INT64_MAX ||
        (neg ? -(int64_t)v : (int64_t)v) < opt->min ||
        (neg ? -(int64_t)v : (int64_t)v) > opt->max)
        return mg__err(err, errcap, MG_EVALUE, "%s=%s: out of range %ld..%ld",
                       opt->key, q, (long)opt->min, (long)opt->max);
    *out = neg ? -(int64_t)v : (int64_t)v;
    return MG_OK;
}

static int parse_value(const mg__option *opt, const char *s, size_t n,
                       int64_t *out, char *err, size_t errcap)
{
    char q[MG__QUOTE_CAP];
    uint64_t v;
    mg__quote(q, s, n);
    switch (opt->type) {
    case MG__OPT_BOOL: return parse_bool(opt, s, n, q, out, err, errcap);
    case MG__OPT_ENUM: return parse_enum(opt, s, n, q, out, err, errcap);
    case MG__OPT_MILLI: return parse_milli(opt, s, n, q, out, err, errcap);
    case MG__OPT_SEED:
        if (!parse_u64(s, n, &v))
            return mg__err(err, errcap, MG_EVALUE,
                           "%s=%s: expected an unsigned 64-bit integer",
                           opt->key, q);
        *out = (int64_t)v;
        return MG_OK;
    default: return parse_int(opt, s, n, q, out, err, errcap);
    }
}

void mg__milli_format(mg__sb *sb, int64_t v)
{
    int64_t f;
    if (v < 0) {
        mg__sb_putc(sb, '-');
        v = -v;
    }
    mg__sb_int(sb, v / 1000);
    f = v % 1000;
    if (f) {
        mg__sb_putc(sb, '.');
        mg__sb_putc(sb, (char)('0' + f / 100));
        if (f % 100) {
            mg__sb_putc(sb, (char)('0' + f / 10 % 10));
            if (f % 10)
                mg__sb_putc(sb, (char)('0' + f % 10));
        }
    }
}

void mg__option_format(const mg__option *opt, int64_t v, mg__sb *sb)
{
    switch (opt->type) {
    case MG__OPT_BOOL: mg__sb_puts(sb, v ? "true" : "false"); break;
    case MG__OPT_ENUM: mg__sb_puts(sb, opt->names[v]); break;
    case MG__OPT_SEED: mg__sb_uint(sb, (uint64_t)v); break;
    case MG__OPT_MILLI: mg__milli_format(sb, v); break;
    default: mg__sb_int(sb, v); break;
    }
}

/* One "key=value" at *pp of the option list; advances past it. */
static int parse_option(const char *spec, const char **pp,
                        const mg__option *options, int n_options,
                        const char *name, mg__optvals *o, char *err,
                        size_t errcap)
{
    const char *p = *pp, *key = p, *val;
    size_t klen, vlen;
    int k = -1, i, rc;
    int64_t v = 0;
    char q[MG__QUOTE_CAP];
    while (is_word(*p))
        p++;
    klen = (size_t)(p - key);
    if (!klen)
        return unexpected(spec, p, "an option key", err, errcap);
    mg__quote(q, key, klen);
    p = skip_space(p);
    if (*p != '=')
        return unexpected(spec, p, "'=' after the key", err, errcap);
    p = skip_space(p + 1);
    val = p;
    while (is_value(*p))
        p++;
    vlen = (size_t)(p - val);
    if (!vlen)
        return unexpected(spec, p, "a value", err, errcap);
    for (i = 0; i < n_options; i++)
        if (strlen(options[i].key) == klen &&
            mg__strncaseeq(key, options[i].key, klen))
            k = i;
    if (k < 0)
        return mg__err(err, errcap, MG_EOPTION, "unknown option %s for %s", q,
                       name);
    if (o->given[k])
        return mg__err(err, errcap, MG_EOPTION, "option %s given twice", q);
    rc = parse_value(&options[k], val, vlen, &v, err, errcap);
    if (rc)
        return rc;
    o->v[k] = v;
    o->given[k] = 1;
    *pp = p;
    return MG_OK;
}

/* "(key=value, ...)" at *pp, when there is one. */
static int parse_options(const char *spec, const char **pp,
                         const mg__option *options, int n_options,
                         const char *name, mg__optvals *o, char *err,
                         size_t errcap)
{
    const char *p = skip_space(*pp);
    int rc;
    if (*p != '(') {
        *pp = p;
        return MG_OK;
    }
    p = skip_space(p + 1);
    if (*p == ')') {
        *pp = skip_space(p + 1);
        return MG_OK;
    }
    for (;;) {
        rc = parse_option(spec, &p, options, n_options, name, o, err, errcap);
        if (rc)
            return rc;
        p = skip_space(p);
        if (*p == ',') {
            p = skip_space(p + 1);
            continue;
        }
        if (*p == ')')
            break;
        return unexpected(spec, p, "',' or ')'", err, errcap);
    }
    *pp = skip_space(p + 1);
    return MG_OK;
}

int mg__spec_parse_table(const char *spec, const char *what,
                         mg__spec_find find, const void **found,
                         mg__optvals *o, char *err, size_t errcap)
{
    const char *p, *id;
    size_t idlen, total = 0;
    const void *obj;
    const mg__option *options = NULL;
    int n_options = 0, i, rc;
    const char *name = "";
    char q[MG__QUOTE_CAP];

    while (total <= MAX_SPEC && spec[total])
        total++;
    if (total > MAX_SPEC)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "spec longer than %d characters", MAX_SPEC);
    p = skip_space(spec);
    id = p;
    while (is_word(*p))
        p++;
    idlen = (size_t)(p - id);
    if (idlen == 0)
        return *p ? unexpected(spec, p,
                               what[0] == 'g' ? "a game id" : "a bot name",
                               err, errcap)
                  : mg__err(err, errcap, MG_ESYNTAX, "empty spec");
    obj = find(id, idlen, &options, &n_options, &name);
    if (!obj) {
        mg__quote(q, id, idlen);
        return mg__err(err, errcap, MG_ENOGAME, "unknown %s %s", what, q);
    }
    memset(o, 0, sizeof *o);
    for (i = 0; i < n_options; i++)
        o->v[i] = options[i].def;
    rc = parse_options(spec, &p, options, n_options, name, o, err, errcap);
    if (rc)
        return rc;
    if (*p)
        return unexpected(spec, p, "the end of the spec", err, errcap);
    *found = obj;
    return MG_OK;
}

static const void *find_game(const char *id, size_t n,
                             const mg__option **options, int *n_options,
                             const char **name)
{
    const mg__game_ops *ops = mg__find_game(id, n);
    if (ops) {
        *options = ops->options;
        *n_options = ops->n_options;
        *name = ops->id;
    }
    return ops;
}

int mg__spec_parse(const char *spec, const mg__game_ops **ops_out,
                   mg__optvals *o, char *err, size_t errcap)
{
    const void *obj = NULL;
    const mg__game_ops *ops;
    int i, rc;
    rc = mg__spec_parse_table(spec, "game", find_game, &obj, o, err, errcap);
    if (rc)
        return rc;
    ops = obj;
    if (ops->defaults)
        ops->defaults(o);
    if (ops->applies) {
        for (i = 0; i < ops->n_options; i++) {
            const char *why;
            if (o->given[i] && (why = ops->applies(i, o)) != NULL)
                return mg__err(err, errcap, MG_EOPTION,
                               "option '%s' does not apply: %s",
                               ops->options[i].key, why);
        }
    }
    *ops_out = ops;
    return MG_OK;
}

void mg__spec_format(const mg_game *g, mg__sb *sb)
{
    const mg__game_ops *ops = g->ops;
    int i, n = 0;
    mg__sb_puts(sb, ops->id);
    for (i = 0; i < ops->n_options; i++) {
        const mg__option *opt = &ops->options[i];
        int64_t v = g->opts.v[i];
        if (ops->applies && ops->applies(i, &g->opts))
            continue;
        if (i == ops->board_opt && g->board_given)
            continue; /* the record carries the board itself */
        mg__sb_putc(sb, n++ ? ',' : '(');
        mg__sb_puts(sb, opt->key);
        mg__sb_putc(sb, '=');
        mg__option_format(opt, v, sb);
    }
    if (n)
        mg__sb_putc(sb, ')');
}
