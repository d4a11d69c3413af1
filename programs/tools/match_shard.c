/*
 * match_shard.c - mg-match in a Slurm array job: the shard from the
 * array's environment when --shard is not given, and the output names
 * (--json, --records) with the shard in them, so that the tasks of one
 * array do not write the same files.
 *
 * Precedence: --shard I/N wins; without it, SLURM_ARRAY_TASK_ID (with
 * SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN, and SLURM_ARRAY_TASK_STEP
 * and SLURM_ARRAY_TASK_MAX when set) gives the shard; without either the
 * match is one shard, 1/1.  The array must be a range with a constant
 * step (--array=0-15, 1-16, 0-30:2): task MIN + (I-1)*STEP is shard I of
 * COUNT.  Any other list of indices (--array=1,3,8) is refused in every
 * task whose index does not fit, with a message to give --shard.
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <stdlib.h>
#include <string.h>

/* An environment variable as a number in [lo, hi]: 1, 0 when it is not
 * set (or empty), -1 when it is not such a number. */
static int env_long(const char *name, long lo, long hi, long *out)
{
    const char *v = getenv(name);
    if (!v || !*v)
        return 0;
    return util_parse_long(v, lo, hi, out) ? 1 : -1;
}

static int env_error(const char *what)
{
    char msg[512];
    snprintf(msg, sizeof msg,
             "a Slurm array task, but %s; give --shard I/N (the array must "
             "be a range such as --array=0-15 or 0-30:2)", what);
    return match_usage_error(msg, NULL);
}

int match_shard_from_env(match *m)
{
    long id, count, min, step = 1, max;
    int have_max;
    const long top = 100000000L;
    switch (env_long("SLURM_ARRAY_TASK_ID", 0, top, &id)) {
    case 0:
        return 0; /* not an array task: the whole match */
    case -1:
        return env_error("SLURM_ARRAY_TASK_ID is not a number");
    }
    if (env_long("SLURM_ARRAY_TASK_COUNT", 1, 1000000, &count) != 1 ||
        env_long("SLURM_ARRAY_TASK_MIN", 0, top, &min) != 1)
        return env_error("SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MIN "
                         "is missing or not a number");
    if (env_long("SLURM_ARRAY_TASK_STEP", 1, top, &step) < 0)
        return env_error("SLURM_ARRAY_TASK_STEP is not a number");
    have_max = env_long("SLURM_ARRAY_TASK_MAX", 0, top, &max);
    if (have_max < 0)
        return env_error("SLURM_ARRAY_TASK_MAX is not a number");
    if (id < min || (id - min) % step || (id - min) / step >= count ||
        (have_max && min + (count - 1) * step != max)) {
        char what[200];
        snprintf(what, sizeof what,
                 "its index %ld is not one of %ld indices from %ld by %ld",
                 id, count, min, step);
        return env_error(what);
    }
    m->shard = (int)((id - min) / step + 1);
    m->nshards = (int)count;
    m->shard_env = 1;
    m->task_id = id;
    return 0;
}

/* name with %i (the shard), %n (the shards) and %% (a %) replaced; with
 * add, the shard put in a name that does not say it (%i), before its
 * extension: match.json -> match-2-of-4.json. */
static char *expand(const match *m, const char *name, int add)
{
    strbuf b;
    const char *p, *base = strrchr(name, '/'), *dot;
    sb_init(&b);
    base = base ? base + 1 : name;
    dot = strrchr(base, '.');
    if (!dot || dot == base)
        dot = base + strlen(base);
    if (add && (strstr(name, "%i") || !strcmp(name, "-")))
        add = 0;
    for (p = name;; p++) {
        if (add && p == dot)
            sb_printf(&b, "-%d-of-%d", m->shard, m->nshards);
        if (!*p)
            break;
        if (p[0] == '%' && p[1] == 'i')
            sb_printf(&b, "%d", m->shard);
        else if (p[0] == '%' && p[1] == 'n')
            sb_printf(&b, "%d", m->nshards);
        else if (p[0] == '%' && p[1] == '%')
            sb_putc(&b, '%');
        else {
            sb_putc(&b, *p);
            continue;
        }
        p++;
    }
    return b.s ? b.s : util_xstrdup("");
}

void match_output_names(match *m)
{
    int add = m->shard_env && m->nshards > 1;
    if (m->json)
        m->json = m->json_name = expand(m, m->json, add);
    if (m->records)
        m->records = m->records_name = expand(m, m->records, add);
}
