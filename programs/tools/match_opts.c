/*
 * match_opts.c - mg-match's command line.
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <stdlib.h>
#include <string.h>

const char match_usage[] =
    "usage: mg-match [OPTIONS] ENGINE ENGINE [ENGINE...]\n"
    "       mg-match --merge [--json FILE] [--sprt ...] FILE.json...\n"
    "       mg-match --check-engine ENGINE [-s SPEC]\n"
    "\n"
    "ENGINE is a bot spec (random, greedy, mcts(iterations=1000,...)) or\n"
    "cmd:PROGRAM ARGS, a program speaking mindgames-engine(7).  Two engines\n"
    "play a match, more a round robin; games come in pairs from the same\n"
    "start with the seats swapped.\n"
    "\n"
    "  -n GAMES          games per pairing (default 20; with --sprt the\n"
    "                    most, default 100000)\n"
    "  -s, --spec SPEC   the game (default dots_and_boxes(rows=3,cols=3))\n"
    "  --board FILE      a China game on this board (mg-board output)\n"
    "  --seed N          match seed (default 1): openings, boards, bots\n"
    "  --openings N      N random actions start both games of a pair\n"
    "  -j, --jobs N      games at a time (default 1)\n"
    "  --movetime MS     time budget per move, told to external engines\n"
    "  --margin MS       over the budget before a forfeit (default 1000)\n"
    "  --timeout MS      limit for the other answers of an engine, and for\n"
    "                    go without --movetime (default 10000)\n"
    "  --sprt elo0=E0,elo1=E1[,alpha=0.05,beta=0.05,model=logistic]\n"
    "                    stop when the test accepts H0 or H1 (model\n"
    "                    logistic or normalized)\n"
    "  --report N        with --sprt, the LLR every N pairs (default 10)\n"
    "  --records FILE    append every finished game's record to FILE\n"
    "  --resume          continue the match recorded in --records FILE\n"
    "  --json FILE       the summary as JSON\n"
    "  --shard I/N       play the I-th of N shares of the games (1 <= I <= "
    "N);\n"
    "                    without it, a Slurm array task's shard "
    "(SLURM_ARRAY_*)\n"
    "                    %i and %n in --json and --records names: I and N\n"
    "  --merge           combine the JSON of shards into one summary\n"
    "  --check-engine    test an engine's protocol conformance\n"
    "  -v                one line per game\n"
    "  -q                no progress line\n"
    "  -h, --help        this text\n"
    "\n"
    "Example: mg-match -j 2 --sprt elo0=0,elo1=20 cmd:./mybot "
    "\"mcts(iterations=500)\"\n";

int match_usage_error(const char *what, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    fprintf(stderr, "mg-match: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? util_quote(arg, strlen(arg), q, sizeof q) : "",
            match_usage);
    return 2;
}

/* "elo0=0,elo1=10,alpha=0.05,beta=0.05,model=logistic" */
static int parse_sprt(match *m, const char *val)
{
    double v[4] = {0, 0, 0.05, 0.05};
    int have[4] = {0, 0, 1, 1}, model = SPRT_LOGISTIC, i;
    static const char *const key[4] = {"elo0", "elo1", "alpha", "beta"};
    char *copy = util_xstrdup(val), *item, *save = NULL;
    int ok = 1;
    for (item = strtok_r(copy, ",", &save); item && ok;
         item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        ok = eq != NULL;
        if (!ok)
            break;
        *eq++ = '\0';
        for (i = 0; i < 4 && strcmp(item, key[i]); i++)
            ;
        if (i < 4) {
            ok = util_parse_double(eq, &v[i]);
            have[i] = 1;
        } else if (!strcmp(item, "model")) {
            model = !strcmp(eq, "normalized") ? SPRT_NORMALIZED
                                               : SPRT_LOGISTIC;
            ok = model == SPRT_NORMALIZED || !strcmp(eq, "logistic");
        } else {
            ok = 0;
        }
    }
    free(copy);
    if (!ok || !have[0] || !have[1] ||
        sprt_init(&m->sprt, v[0], v[1], v[2], v[3], model) < 0)
        return 0;
    m->use_sprt = 1;
    return 1;
}

static int parse_shard(match *m, const char *val)
{
    long i, n;
    char *slash = strchr(val, '/'), head[32];
    if (!slash || (size_t)(slash - val) >= sizeof head)
        return 0;
    memcpy(head, val, (size_t)(slash - val));
    head[slash - val] = '\0';
    if (!util_parse_long(head, 1, 1000000, &i) ||
        !util_parse_long(slash + 1, 1, 1000000, &n) || i > n)
        return 0;
    m->shard = (int)i;
    m->nshards = (int)n;
    m->shard_given = 1;
    return 1;
}

/* An option with a value; 0 when the value is bad. */
static int option_value(match *m, const char *opt, const char *val)
{
    long n;
    if (!strcmp(opt, "-n"))
        return util_parse_long(val, 1, 100000000L, &m->games);
    if (!strcmp(opt, "-s") || !strcmp(opt, "--spec"))
        return (m->spec = val) != NULL;
    if (!strcmp(opt, "--board"))
        return (m->board_file = val) != NULL;
    if (!strcmp(opt, "--seed"))
        return util_parse_u64(val, &m->seed);
    if (!strcmp(opt, "--openings"))
        return util_parse_long(val, 0, 100000, &m->openings);
    if (!strcmp(opt, "-j") || !strcmp(opt, "--jobs")) {
        if (!util_parse_long(val, 1, 256, &n))
            return 0;
        m->jobs = (int)n;
        return 1;
    }
    if (!strcmp(opt, "--movetime"))
        return util_parse_long(val, 1, 86400000L, &m->movetime);
    if (!strcmp(opt, "--margin"))
        return util_parse_long(val, 0, 86400000L, &m->margin);
    if (!strcmp(opt, "--timeout"))
        return util_parse_long(val, 1, 86400000L, &m->timeout);
    if (!strcmp(opt, "--report"))
        return util_parse_long(val, 1, 100000000L, &m->report_every);
    if (!strcmp(opt, "--sprt"))
        return parse_sprt(m, val);
    if (!strcmp(opt, "--records"))
        return (m->records = val) != NULL;
    if (!strcmp(opt, "--json"))
        return (m->json = val) != NULL;
    return parse_shard(m, val); /* --shard */
}

static const char *const valued[] = {
    "-n", "-s", "--spec", "--board", "--seed", "--openings", "-j", "--jobs",
    "--movetime", "--margin", "--timeout", "--report", "--sprt", "--records",
    "--json", "--shard", NULL};

static int takes_value(const char *opt)
{
    int i;
    for (i = 0; valued[i]; i++)
        if (!strcmp(opt, valued[i]))
            return 1;
    return 0;
}

static void defaults(match *m)
{
    memset(m, 0, sizeof *m);
    m->spec = "dots_and_boxes(rows=3,cols=3)";
    m->seed = 1;
    m->jobs = 1;
    m->margin = 1000;
    m->timeout = 10000;
    m->report_every = 10;
    m->shard = m->nshards = 1;
}

/* The checks that need every option. */
static int consistent(match *m, int have_games)
{
    if (m->mode == MODE_MERGE)
        return m->nfiles ? 0 : match_usage_error("--merge: no files", NULL);
    if (m->mode == MODE_CHECK)
        return m->neng == 1 ? 0
                            : match_usage_error("--check-engine takes one "
                                                "engine", NULL);
    if (m->neng < 2)
        return match_usage_error("two engines or more, please", NULL);
    if (m->use_sprt && m->neng != 2)
        return match_usage_error("--sprt needs exactly two engines", NULL);
    if (!m->shard_given && match_shard_from_env(m))
        return 2;
    if (m->use_sprt && m->nshards > 1)
        return match_usage_error(m->shard_env
                                     ? "--sprt and a shard of a Slurm "
                                       "array exclude each other (merge "
                                       "the shards with --merge --sprt)"
                                     : "--sprt and --shard exclude each "
                                       "other (merge the shards with "
                                       "--merge --sprt)",
                                 NULL);
    if (m->resume && !m->records)
        return match_usage_error("--resume needs --records FILE", NULL);
    if (m->use_sprt && !have_games)
        m->games = 100000;
    match_output_names(m);
    return 0;
}

int match_options(match *m, int argc, char **argv)
{
    int k, have_games = 0;
    defaults(m);
    m->files = argv;
    for (k = 1; k < argc; k++) {
        const char *opt = argv[k];
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            fputs(match_usage, stdout);
            return 1;
        } else if (!strcmp(opt, "-v")) {
            m->verbose = 1;
        } else if (!strcmp(opt, "-q")) {
            m->quiet = 1;
        } else if (!strcmp(opt, "--resume")) {
            m->resume = 1;
        } else if (!strcmp(opt, "--merge")) {
            m->mode = MODE_MERGE;
        } else if (!strcmp(opt, "--check-engine")) {
            m->mode = MODE_CHECK;
        } else if (takes_value(opt)) {
            if (k + 1 >= argc)
                return match_usage_error("missing value after", opt);
            if (!option_value(m, opt, argv[++k]))
                return match_usage_error(opt, argv[k]);
            have_games |= !strcmp(opt, "-n");
        } else if (opt[0] == '-' && opt[1]) {
            return match_usage_error("unknown option", opt);
        } else {
            m->files[m->nfiles++] = argv[k]; /* in place: nfiles <= k */
        }
    }
    if (m->mode != MODE_MERGE) {
        if (m->nfiles > MATCH_MAX_ENGINES)
            return match_usage_error("too many engines (16 at most)",
                                     m->files[MATCH_MAX_ENGINES]);
        for (k = 0; k < m->nfiles; k++)
            m->eng_arg[m->neng++] = m->files[k];
    }
    return consistent(m, have_games);
}
