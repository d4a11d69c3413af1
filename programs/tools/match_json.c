/*
 * match_json.c - the summary as JSON (--json), and --merge: the JSON of
 * the shards of one match added up into the summary one run would give.
 * Everything before "run" depends only on the games counted, so that a
 * merge writes it exactly as one run would.
 */
#define _POSIX_C_SOURCE 200809L
#include "json.h"
#include "match.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const bin_name[P_BINS] = {"LL", "LD", "WL",
                                             "DD", "WD", "WW"};

static void put_elo(FILE *f, const char *key, double elo)
{
    char buf[16];
    fprintf(f, "\"%s\": ", key);
    json_put_number(f, elo);
    fprintf(f, ", \"%s_text\": \"%s\"", key,
            stats_elo_text(elo, buf, sizeof buf));
}

static void put_pairing(FILE *f, const summary *s, int p)
{
    const tally *t = &s->t[p];
    long w = t->w[0] + t->w[1], d = t->d[0] + t->d[1], l = t->l[0] + t->l[1];
    double rate = t->games ? ((double)w + 0.5 * (double)d) / (double)t->games
                           : 0.5;
    double lo, hi;
    int i;
    stats_wilson(rate, (double)t->games, &lo, &hi);
    fprintf(f, "    {\"a\": \"%c\", \"b\": \"%c\", \"games\": %ld, "
               "\"actions\": %ld,\n", 'A' + s->pa[p], 'A' + s->pb[p],
            t->games, t->actions);
    fprintf(f, "     \"wins\": %ld, \"draws\": %ld, \"losses\": %ld, "
               "\"a_seat0\": [%ld, %ld, %ld], \"a_seat1\": [%ld, %ld, %ld],\n",
            w, d, l, t->w[0], t->d[0], t->l[0], t->w[1], t->d[1], t->l[1]);
    fprintf(f, "     \"pentanomial\": {");
    for (i = 0; i < P_BINS; i++)
        fprintf(f, "%s\"%s\": %ld", i ? ", " : "", bin_name[i], t->penta[i]);
    fprintf(f, "}, \"forfeits\": [%ld, %ld],\n", t->forfeits[0],
            t->forfeits[1]);
    fprintf(f, "     \"score\": ");
    json_put_number(f, rate);
    fprintf(f, ", \"score_interval\": [");
    json_put_number(f, lo);
    fputs(", ", f);
    json_put_number(f, hi);
    fputs("],\n     ", f);
    put_elo(f, "elo", stats_elo(rate));
    fputs(", ", f);
    put_elo(f, "elo_low", stats_elo(lo));
    fputs(", ", f);
    put_elo(f, "elo_high", stats_elo(hi));
    fprintf(f, "}%s\n", p + 1 < s->npairings ? "," : "");
}

static void put_sprt(FILE *f, const summary *s)
{
    if (!s->sprt_on) {
        fputs("  \"sprt\": null,\n", f);
        return;
    }
    fprintf(f, "  \"sprt\": {\"elo0\": ");
    json_put_number(f, s->sprt.elo0);
    fputs(", \"elo1\": ", f);
    json_put_number(f, s->sprt.elo1);
    fputs(", \"alpha\": ", f);
    json_put_number(f, s->sprt.alpha);
    fputs(", \"beta\": ", f);
    json_put_number(f, s->sprt.beta);
    fprintf(f, ", \"model\": \"%s\",\n           \"pairs\": %ld, \"llr\": ",
            s->sprt.model == SPRT_NORMALIZED ? "normalized" : "logistic",
            s->sprt_pairs);
    json_put_number(f, s->llr);
    fputs(", \"lower\": ", f);
    json_put_number(f, s->sprt.lower);
    fputs(", \"upper\": ", f);
    json_put_number(f, s->sprt.upper);
    fprintf(f, ", \"decision\": \"%s\"},\n",
            s->decision > 0 ? "H1" : s->decision < 0 ? "H0" : "none");
}

/* With three engines or more, the maximum-likelihood ratings. */
static void put_ratings(FILE *f, const summary *s)
{
    rating_fit r;
    int e;
    if (s->neng < 3 || summary_ratings(s, &r) != 0) {
        fputs("  \"ratings\": null,\n", f);
        return;
    }
    fprintf(f, "  \"ratings\": {\"anchor\": \"%c\", \"prior_draws\": ",
            'A' + r.anchor);
    json_put_number(f, r.prior);
    fputs(", \"elo\": {", f);
    for (e = 0; e < s->neng; e++) {
        fprintf(f, "%s\"%c\": [", e ? ", " : "", 'A' + e);
        json_put_number(f, r.elo[e]);
        fputs(", ", f);
        json_put_number(f, r.elo[e] - r.half[e]);
        fputs(", ", f);
        json_put_number(f, r.elo[e] + r.half[e]);
        fputc(']', f);
    }
    fputs("}},\n", f);
}

static void put_body(FILE *f, const summary *s)
{
    long i;
    int e;
    fprintf(f, "{\n  \"format\": \"mg-match 1\",\n  \"match\": \"%016llx\",\n"
               "  \"settings\": ", (unsigned long long)s->id);
    json_put_string(f, s->settings);
    fputs(",\n  \"game\": ", f);
    json_put_string(f, s->spec);
    fprintf(f, ",\n  \"seed\": %llu,\n  \"engines\": [\n",
            (unsigned long long)s->seed);
    for (e = 0; e < s->neng; e++) {
        fprintf(f, "    {\"label\": \"%c\", \"name\": ", 'A' + e);
        json_put_string(f, s->name[e]);
        fprintf(f, "}%s\n", e + 1 < s->neng ? "," : "");
    }
    fputs("  ],\n  \"pairings\": [\n", f);
    for (e = 0; e < s->npairings; e++)
        put_pairing(f, s, e);
    fputs("  ],\n", f);
    put_ratings(f, s);
    put_sprt(f, s);
    fputs("  \"forfeits\": [", f);
    for (i = 0; i < s->nnotes; i++) {
        fprintf(f, "%s\n    {\"game\": %ld, \"engine\": \"%c\", \"reason\": ",
                i ? "," : "", s->notes[i].game + 1, 'A' + s->notes[i].engine);
        json_put_string(f, s->notes[i].reason);
        fputc('}', f);
    }
    fputs(s->nnotes ? "\n  ],\n" : "],\n", f);
}

int summary_write_json(const summary *s, const char *path)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    int bad;
    if (!f) {
        fprintf(stderr, "mg-match: %s: %s\n", path, strerror(errno));
        return -1;
    }
    put_body(f, s);
    fprintf(f, "  \"run\": {\"shard\": [%d, %d], \"planned\": %ld, "
               "\"uncounted\": %ld, \"jobs\": %d, \"elapsed_s\": ",
            s->shard, s->nshards, s->planned, s->uncounted, s->jobs);
    json_put_number(f, s->elapsed);
    fputs("}\n}\n", f);
    bad = ferror(f);
    if (f != stdout)
        bad |= fclose(f) != 0;
    else
        fflush(f);
    if (bad)
        fprintf(stderr, "mg-match: %s: cannot write\n", path);
    return bad ? -1 : 0;
}
