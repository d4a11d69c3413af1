/*
 * mg-analyse - every move of a record with its value and the best move's:
 * the exact value where the solver proves it, else a search's estimate,
 * and the mistakes marked.
 *
 *   mg-analyse [--bot SPEC | --time-ms MS --memory-mb MB] [--seed N]
 *              [--threshold P] [--json] RECORD
 *   mg-analyse -h | --help
 *
 * RECORD is a record file (mg_state_save's format; "-" reads standard
 * input, and a record's text is accepted too).  It is replayed from the
 * start and every position before a move is analysed by mg_bot_analyse
 * with the bot SPEC (default strong(time_ms=MS,memory_mb=MB), MS 1000
 * and MB 64).  A move is a mistake when it loses value: both its value
 * and the best's exact and its smaller (boxes or points lost, a win
 * turned into a draw or a loss); or its value an estimate that is more
 * than P (default 0.1) below the estimate of the search's choice.
 * Exit status: 0 done, 2 a usage error, 3 a bad record or bot spec, a
 * bot that does not search, or no memory.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/json.h"
#include "tools/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mg-analyse [--bot SPEC | --time-ms MS --memory-mb MB] "
    "[--seed N]\n"
    "                  [--threshold P] [--json] RECORD\n"
    "       mg-analyse -h | --help\n"
    "\n"
    "Replays the record file RECORD (- for standard input) and prints for\n"
    "every move its number, the seat that played it, the move, its value,\n"
    "the best move and its value, each exact (the solver's: Dots and\n"
    "Boxes boxes still to win less the opponent's, China Squares and\n"
    "Grove the final score difference, else +1 win, 0 draw, -1 loss) or\n"
    "an estimate (the search's win chance and visits), and marks the\n"
    "mistakes: exact value lost, or an estimate more than P (default\n"
    "0.1) below the best's.  The bot SPEC analyses (default\n"
    "strong(time_ms=MS,memory_mb=MB); MS 1000, MB 64 per position).\n"
    "Exit status: 0 done, 2 usage, 3 bad input.  See mg-analyse(1).\n";

static int fail_usage(const char *what, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    fprintf(stderr, "mg-analyse: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? util_quote(arg, strlen(arg), q, sizeof q) : "", usage);
    return 2;
}

#define RECORD_HEADER "mindgames-record"

typedef struct opts {
    long time_ms, memory_mb;
    uint64_t seed;
    double threshold;
    int json, budget_given;
    const char *bot, *record;
} opts;

static int parse(int argc, char **argv, opts *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->time_ms = 1000;
    o->memory_mb = 64;
    o->seed = 1;
    o->threshold = 0.1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int ok = 1;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return -1;
        } else if (!strcmp(a, "--json")) {
            o->json = 1;
            continue;
        } else if (!strcmp(a, "-") || a[0] != '-') {
            if (o->record)
                return fail_usage("too many arguments", a);
            o->record = a;
            continue;
        } else if (strcmp(a, "--bot") && strcmp(a, "--time-ms") &&
                   strcmp(a, "--memory-mb") && strcmp(a, "--seed") &&
                   strcmp(a, "--threshold")) {
            return fail_usage("unknown option", a);
        }
        if (!v)
            return fail_usage("missing value after", a);
        if (!strcmp(a, "--bot"))
            o->bot = v;
        else if (!strcmp(a, "--seed"))
            ok = util_parse_u64(v, &o->seed);
        else if (!strcmp(a, "--threshold"))
            ok = util_parse_double(v, &o->threshold) && o->threshold >= 0 &&
                 o->threshold <= 1;
        else if (!strcmp(a, "--time-ms"))
            ok = util_parse_long(v, 1, 86400000, &o->time_ms);
        else
            ok = util_parse_long(v, 1, 1048576, &o->memory_mb);
        if (!strcmp(a, "--time-ms") || !strcmp(a, "--memory-mb"))
            o->budget_given = 1;
        if (!ok)
            return fail_usage(!strcmp(a, "--threshold")
                                  ? "bad threshold (0 to 1)"
                                  : "bad number",
                              v);
        i++;
    }
    if (!o->record)
        return fail_usage("missing RECORD", NULL);
    if (o->bot && o->budget_given)
        return fail_usage("--time-ms and --memory-mb are the default bot's;"
                          " with --bot put them in its spec",
                          o->bot);
    return 0;
}

/* The record's game and a state of it at the start into *s, its actions
 * into *hist (*n of them). */
static int load(const char *record, mg_game **g, mg_state **s,
                int32_t **hist, size_t *n)
{
    char err[512], *text;
    mg_state *end = NULL;
    int rc, inline_text =
                !strncmp(record, RECORD_HEADER, strlen(RECORD_HEADER));
    text = inline_text ? util_xstrdup(record)
                       : util_slurp(record, NULL, err, sizeof err);
    if (!text) {
        fprintf(stderr, "mg-analyse: %s: %s\n", record, err);
        return 3;
    }
    err[0] = '\0';
    rc = mg_state_load(&end, g, text, err, sizeof err);
    free(text);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-analyse: %s: %s%s%s\n",
                inline_text ? "the record" : record, mg_strerror(rc),
                err[0] ? ": " : "", err);
        return 3;
    }
    *n = 0;
    mg_state_history(end, NULL, 0, n);
    *hist = util_xmalloc((*n ? *n : 1) * sizeof **hist);
    mg_state_history(end, *hist, *n, n);
    mg_state_free(end);
    if (mg_state_new(s, *g) != MG_OK) {
        fprintf(stderr, "mg-analyse: out of memory\n");
        return 3;
    }
    return 0;
}

/* What one move got. */
typedef struct verdict {
    int forced, mistake;
    const mg_action_value *played, *best;
    double loss; /* exact: value lost; estimate: win chance lost */
    int compared; /* 0 none, MG_VALUE_EXACT or MG_VALUE_ESTIMATE */
} verdict;

/* The best action: the largest exact value where any is exact, else the
 * search's choice (the most visits, then the larger mean). */
static const mg_action_value *best_of(const mg_action_value *v, size_t n,
                                      int kind)
{
    const mg_action_value *b = NULL;
    size_t i;
    for (i = 0; i < n; i++) {
        if (v[i].kind != kind)
            continue;
        if (!b || (kind == MG_VALUE_EXACT ? v[i].value > b->value
                                          : v[i].visits > b->visits ||
                                                (v[i].visits == b->visits &&
                                                 v[i].value > b->value)))
            b = &v[i];
    }
    return b;
}

static void judge(const mg_action_value *v, size_t n, int32_t action,
                  double threshold, verdict *d)
{
    const mg_action_value *bx = best_of(v, n, MG_VALUE_EXACT);
    const mg_action_value *be = best_of(v, n, MG_VALUE_ESTIMATE);
    size_t i;
    memset(d, 0, sizeof *d);
    for (i = 0; i < n && v[i].action != action; i++)
        ;
    d->played = i < n ? &v[i] : NULL;
    d->best = bx ? bx : be;
    d->forced = n == 1;
    if (d->forced || !d->played)
        return;
    if (d->played->kind == MG_VALUE_EXACT && bx) {
        d->compared = MG_VALUE_EXACT;
        d->loss = bx->value - d->played->value;
        d->mistake = d->loss > 0;
        if (!d->mistake)
            d->best = d->played; /* it was a best move */
    } else if (d->played->kind == MG_VALUE_ESTIMATE && be) {
        d->compared = MG_VALUE_ESTIMATE;
        d->loss = be->value - d->played->value;
        if (d->loss < 0)
            d->loss = 0;
        d->mistake = d->loss > threshold;
    }
}

static const char *outcome(double v)
{
    return v > 0 ? "win" : v < 0 ? "loss" : "draw";
}

/* A value as text: "+2", "61.3% (812)", "?". */
static void value_text(const mg_action_value *v, char *buf, size_t cap)
{
    if (!v || v->kind == MG_VALUE_UNKNOWN)
        snprintf(buf, cap, "?");
    else if (v->kind == MG_VALUE_EXACT)
        snprintf(buf, cap, v->value ? "%+d" : "%d", (int)v->value);
    else
        snprintf(buf, cap, "%.1f%% (%lu)", 100.0 * v->value,
                 (unsigned long)v->visits);
}

static void print_text(const mg_state *s, size_t ply, int seat,
                       const char *move, const verdict *d, int units)
{
    char pv[48], bv[48];
    char *best = d->best ? util_action_name(s, d->best->action) : NULL;
    value_text(d->played, pv, sizeof pv);
    value_text(d->best, bv, sizeof bv);
    printf("%4lu  %d  %-8s %-14s %-8s %-14s", (unsigned long)ply, seat, move,
           pv, best ? best : "-", bv);
    if (d->forced)
        printf("  forced");
    else if (d->mistake && d->compared == MG_VALUE_EXACT && units == 2)
        printf("  mistake: %s instead of %s", outcome(d->played->value),
               outcome(d->best->value));
    else if (d->mistake && d->compared == MG_VALUE_EXACT)
        printf("  mistake: loses %g %s", d->loss,
               units ? (d->loss == 1 ? "box" : "boxes")
                     : (d->loss == 1 ? "point" : "points"));
    else if (d->mistake)
        printf("  mistake: win chance -%.1f", 100.0 * d->loss);
    putchar('\n');
    free(best);
}

static void json_value(const char *value, const char *kind,
                       const char *visits, const mg_action_value *v)
{
    printf(",\"%s\":", value);
    if (!v || v->kind == MG_VALUE_UNKNOWN)
        printf("null");
    else
        json_put_number(stdout, v->value);
    printf(",\"%s\":\"%s\",\"%s\":%lu", kind,
           !v || v->kind == MG_VALUE_UNKNOWN ? "unknown"
           : v->kind == MG_VALUE_EXACT       ? "exact"
                                             : "estimate",
           visits, v ? (unsigned long)v->visits : 0UL);
}

static void print_json(const mg_state *s, size_t ply, int seat,
                       const char *move, const verdict *d)
{
    char *best = d->best ? util_action_name(s, d->best->action) : NULL;
    printf("%s\n {\"ply\":%lu,\"seat\":%d,\"move\":", ply > 1 ? "," : "",
           (unsigned long)ply, seat);
    json_put_string(stdout, move);
    json_value("value", "kind", "visits", d->played);
    printf(",\"best\":");
    if (best)
        json_put_string(stdout, best);
    else
        printf("null");
    json_value("best_value", "best_kind", "best_visits", d->best);
    printf(",\"forced\":%s,\"compared\":\"%s\",\"loss\":",
           d->forced ? "true" : "false",
           d->compared == MG_VALUE_EXACT      ? "exact"
           : d->compared == MG_VALUE_ESTIMATE ? "estimate"
                                              : "none");
    if (d->compared)
        json_put_number(stdout, d->loss);
    else
        printf("null");
    printf(",\"mistake\":%s}", d->mistake ? "true" : "false");
    free(best);
}

int main(int argc, char **argv)
{
    opts o;
    mg_game *g = NULL;
    mg_state *s = NULL;
    mg_bot *bot = NULL;
    mg_action_value *v = NULL;
    int32_t *hist = NULL;
    size_t n = 0, i, cnt = 0;
    char err[512], spec[128], *gspec = NULL, *bspec = NULL;
    int rc, units, mistakes[2] = {0, 0};
    double lost[2] = {0, 0};
    rc = parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if ((rc = load(o.record, &g, &s, &hist, &n)) != 0)
        goto done;
    snprintf(spec, sizeof spec, "strong(time_ms=%ld,memory_mb=%ld)",
             o.time_ms, o.memory_mb);
    err[0] = '\0';
    if ((rc = mg_bot_new(&bot, o.bot ? o.bot : spec, o.seed, err,
                         sizeof err)) != MG_OK) {
        fprintf(stderr, "mg-analyse: bot %s: %s%s%s\n", o.bot ? o.bot : spec,
                mg_strerror(rc), err[0] ? ": " : "", err);
        rc = 3;
        goto done;
    }
    rc = mg_bot_analyse(bot, s, NULL, 0, &cnt);
    if (rc == MG_EUNSUPPORTED) {
        fprintf(stderr, "mg-analyse: bot %s: does not search (use mcts, "
                        "solver or strong)\n", o.bot ? o.bot : spec);
        rc = 3;
        goto done;
    }
    gspec = util_game_spec(g, &rc);
    bspec = util_xmalloc(512);
    if (mg_bot_plays(bot, bspec, 512, NULL) != MG_OK)
        strcpy(bspec, "?");
    units = !strncmp(gspec, "dots_and_boxes", 14) ? 1
            : !strncmp(gspec, "china_squares", 13) ||
                    !strncmp(gspec, "china_grove", 11)
                ? 0
                : 2;
    v = util_xmalloc(((size_t)mg_game_max_legal_actions(g) + 1) * sizeof *v);
    if (o.json) {
        printf("{\"game\":");
        json_put_string(stdout, gspec);
        printf(",\"bot\":");
        json_put_string(stdout, bspec);
        printf(",\"threshold\":");
        json_put_number(stdout, o.threshold);
        printf(",\"moves\":[");
    } else {
        printf("game: %s\nbot: %s\n", gspec, bspec);
        printf("move seat played   value          best     value\n");
    }
    fflush(stdout);
    rc = 0;
    for (i = 0; i < n; i++) {
        int seat = mg_state_current_player(s);
        char *move = util_action_name(s, hist[i]);
        verdict d;
        int arc = mg_bot_analyse(bot, s, v,
                                 (size_t)mg_game_max_legal_actions(g) + 1,
                                 &cnt);
        if (arc != MG_OK) {
            fprintf(stderr, "mg-analyse: move %lu: %s\n",
                    (unsigned long)i + 1, mg_strerror(arc));
            free(move);
            rc = 3;
            break;
        }
        judge(v, cnt, hist[i], o.threshold, &d);
        if (d.mistake && seat >= 0 && seat < 2) {
            mistakes[seat]++;
            if (d.compared == MG_VALUE_EXACT)
                lost[seat] += d.loss;
        }
        if (o.json)
            print_json(s, i + 1, seat, move, &d);
        else
            print_text(s, i + 1, seat, move, &d, units);
        fflush(stdout);
        free(move);
        if (mg_state_apply(s, hist[i]) != MG_OK) {
            fprintf(stderr, "mg-analyse: move %lu does not replay\n",
                    (unsigned long)i + 1);
            rc = 3;
            break;
        }
    }
    if (o.json)
        printf("\n],\"mistakes\":[%d,%d],\"exact_loss\":[%g,%g]}\n",
               mistakes[0], mistakes[1], lost[0], lost[1]);
    else
        for (i = 0; i < 2; i++)
            printf("seat %lu: %d mistake%s, exact value lost %g\n",
                   (unsigned long)i, mistakes[i], mistakes[i] == 1 ? "" : "s",
                   lost[i]);
done:
    free(v);
    free(gspec);
    free(bspec);
    free(hist);
    mg_bot_free(bot);
    mg_state_free(s);
    mg_game_free(g);
    return rc;
}
