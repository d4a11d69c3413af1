/*
 * options.c - option introspection (since 1.4): a game's option keys,
 * their types, ranges, value names, values and whether they apply, read
 * off the game's option table through a spec, so that a user interface
 * (or a binding) can offer a game's options without knowing them.
 *
 * Every function takes a spec: a game id or a whole spec, whose other
 * options decide what applies and which defaults hold (a variant key may
 * set other keys' defaults).
 */
#include "internal.h"

#include <string.h>

/* The game and option values of spec, and option `i` in range. */
static int lookup(const char *spec, int32_t i, const mg__game_ops **ops,
                  mg__optvals *o)
{
    int rc;
    if (!spec)
        return MG_EINVAL;
    rc = mg__spec_parse(spec, ops, o, NULL, 0);
    if (rc)
        return rc;
    if (i < 0 || i >= (*ops)->n_options)
        return MG_ERANGE;
    return MG_OK;
}

int32_t mg_game_option_count(const char *spec)
{
    const mg__game_ops *ops;
    mg__optvals o;
    int rc = lookup(spec, 0, &ops, &o);
    if (rc == MG_ERANGE) /* a game without options */
        return 0;
    return rc ? rc : ops->n_options;
}

const char *mg_game_option_key(const char *spec, int32_t option)
{
    const mg__game_ops *ops;
    mg__optvals o;
    return lookup(spec, option, &ops, &o) ? NULL : ops->options[option].key;
}

int mg_game_option_type(const char *spec, int32_t option)
{
    const mg__game_ops *ops;
    mg__optvals o;
    int rc = lookup(spec, option, &ops, &o);
    if (rc)
        return rc;
    switch (ops->options[option].type) {
    case MG__OPT_BOOL: return MG_OPTION_BOOL;
    case MG__OPT_ENUM: return MG_OPTION_ENUM;
    case MG__OPT_SEED: return MG_OPTION_SEED;
    case MG__OPT_MILLI: return MG_OPTION_DECIMAL;
    default: return MG_OPTION_INT;
    }
}

int mg_game_option_range(const char *spec, int32_t option, int64_t *min,
                         int64_t *max)
{
    const mg__game_ops *ops;
    mg__optvals o;
    const mg__option *opt;
    int rc, n = 0;
    if (!min || !max)
        return MG_EINVAL;
    if ((rc = lookup(spec, option, &ops, &o)) != MG_OK)
        return rc;
    opt = &ops->options[option];
    switch (opt->type) {
    case MG__OPT_SEED: return MG_EUNSUPPORTED; /* every uint64_t */
    case MG__OPT_BOOL:
        *min = 0;
        *max = 1;
        return MG_OK;
    case MG__OPT_ENUM:
        while (opt->names[n])
            n++;
        *min = 0;
        *max = n - 1;
        return MG_OK;
    default:
        *min = opt->min;
        *max = opt->max;
        return MG_OK;
    }
}

const char *mg_game_option_value_name(const char *spec, int32_t option,
                                      int32_t value)
{
    const mg__game_ops *ops;
    mg__optvals o;
    const mg__option *opt;
    int32_t n = 0;
    if (lookup(spec, option, &ops, &o))
        return NULL;
    opt = &ops->options[option];
    if (opt->type == MG__OPT_BOOL)
        return value == 0 ? "false" : value == 1 ? "true" : NULL;
    if (opt->type != MG__OPT_ENUM)
        return NULL;
    while (opt->names[n])
        n++;
    return value >= 0 && value < n ? opt->names[value] : NULL;
}

int mg_game_option_value(const char *spec, int32_t option, char *buf,
                         size_t cap, size_t *needed)
{
    const mg__game_ops *ops;
    mg__optvals o;
    mg__sb sb;
    int rc;
    if (!buf && cap)
        return MG_EINVAL;
    if ((rc = lookup(spec, option, &ops, &o)) != MG_OK)
        return rc;
    mg__sb_init(&sb, buf, cap);
    mg__option_format(&ops->options[option], o.v[option], &sb);
    return mg__sb_finish(&sb, needed);
}

int mg_game_option_applies(const char *spec, int32_t option)
{
    const mg__game_ops *ops;
    mg__optvals o;
    int rc = lookup(spec, option, &ops, &o);
    if (rc)
        return rc;
    return !ops->applies || ops->applies(option, &o) == NULL;
}
