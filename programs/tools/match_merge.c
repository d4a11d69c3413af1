/*
 * match_merge.c - mg-match --merge: add up the JSON summaries of the
 * shards of one match (same settings, every shard once) into the summary
 * and JSON that one run of the whole match gives.
 */
#define _POSIX_C_SOURCE 200809L
#include "json.h"
#include "match.h"

#include <stdlib.h>
#include <string.h>

static const char *const bin_key[P_BINS] = {"LL", "LD", "WL",
                                            "DD", "WD", "WW"};

static long num(const json *j, const char *key)
{
    return (long)json_num(json_get(j, key), 0);
}

static long at(const json *j, const char *key, size_t i)
{
    return (long)json_num(json_at(json_get(j, key), i), 0);
}

/* An engine's letter ("A") as its index, or -1. */
static int letter(const json *j, int neng)
{
    const char *t = json_str(j);
    return t && t[0] >= 'A' && t[0] < 'A' + neng && !t[1] ? t[0] - 'A' : -1;
}

/* The first file: what the match is. */
static int take_header(summary *s, const json *j, const char *file)
{
    const json *eng = json_get(j, "engines"), *pairs = json_get(j, "pairings");
    const char *id = json_str(json_get(j, "match"));
    size_t i;
    if (!id || !eng || eng->n < 2 || eng->n > MATCH_MAX_ENGINES || !pairs ||
        pairs->n > MATCH_MAX_PAIRINGS) {
        fprintf(stderr, "mg-match: %s: not an mg-match summary\n", file);
        return -1;
    }
    s->id = strtoull(id, NULL, 16);
    s->settings = util_xstrdup(json_str(json_get(j, "settings"))
                                   ? json_str(json_get(j, "settings"))
                                   : "");
    s->spec = util_xstrdup(json_str(json_get(j, "game")) ? json_str(json_get(
                                                               j, "game"))
                                                         : "");
    s->seed = (uint64_t)json_num(json_get(j, "seed"), 0);
    s->neng = (int)eng->n;
    for (i = 0; i < eng->n; i++) {
        const char *n = json_str(json_get(json_at(eng, i), "name"));
        s->name[i] = util_xstrdup(n ? n : "?");
    }
    s->npairings = (int)pairs->n;
    for (i = 0; i < pairs->n; i++) {
        const json *p = json_at(pairs, i);
        s->pa[i] = letter(json_get(p, "a"), s->neng);
        s->pb[i] = letter(json_get(p, "b"), s->neng);
        if (s->pa[i] < 0 || s->pb[i] < 0) {
            fprintf(stderr, "mg-match: %s: a pairing of unknown engines\n",
                    file);
            return -1;
        }
    }
    s->nshards = (int)at(json_get(j, "run"), "shard", 1);
    return 0;
}

static void add_pairing(tally *t, const json *p)
{
    int i;
    t->games += num(p, "games");
    t->actions += num(p, "actions");
    for (i = 0; i < 2; i++) {
        const char *key = i ? "a_seat1" : "a_seat0";
        t->w[i] += at(p, key, 0);
        t->d[i] += at(p, key, 1);
        t->l[i] += at(p, key, 2);
        t->forfeits[i] += at(p, "forfeits", (size_t)i);
    }
    for (i = 0; i < P_BINS; i++)
        t->penta[i] += num(json_get(p, "pentanomial"), bin_key[i]);
}

static void add_notes(summary *s, const json *list)
{
    size_t i;
    for (i = 0; list && i < list->n; i++) {
        const json *n = json_at(list, i);
        int e = letter(json_get(n, "engine"), s->neng);
        const char *why = json_str(json_get(n, "reason"));
        s->notes = util_xrealloc(s->notes, ((size_t)s->nnotes + 1) *
                                               sizeof *s->notes);
        s->notes[s->nnotes].game = num(n, "game") - 1;
        s->notes[s->nnotes].engine = e < 0 ? 0 : e;
        s->notes[s->nnotes].reason = util_xstrdup(why ? why : "");
        s->nnotes++;
    }
}

/* One shard's file into the sums. */
static int add_file(summary *s, const json *j, const char *file,
                    char *seen)
{
    const json *run = json_get(j, "run"), *pairs = json_get(j, "pairings");
    const char *id = json_str(json_get(j, "match"));
    int shard = (int)at(run, "shard", 0), p;
    if (!id || strtoull(id, NULL, 16) != s->id ||
        at(run, "shard", 1) != s->nshards || !pairs ||
        (int)pairs->n != s->npairings) {
        fprintf(stderr, "mg-match: %s: a shard of another match\n", file);
        return -1;
    }
    if (shard < 1 || shard > s->nshards || seen[shard - 1]) {
        fprintf(stderr, "mg-match: %s: shard %d/%d %s\n", file, shard,
                s->nshards, shard < 1 || shard > s->nshards ? "out of range"
                                                            : "given twice");
        return -1;
    }
    seen[shard - 1] = 1;
    for (p = 0; p < s->npairings; p++)
        add_pairing(&s->t[p], json_at(pairs, (size_t)p));
    add_notes(s, json_get(j, "forfeits"));
    s->planned += num(run, "planned");
    s->uncounted += num(run, "uncounted");
    s->elapsed += json_num(json_get(run, "elapsed_s"), 0);
    if (num(run, "jobs") > s->jobs)
        s->jobs = (int)num(run, "jobs");
    return 0;
}

static int by_game(const void *x, const void *y)
{
    const forfeit_note *a = x, *b = y;
    return (a->game > b->game) - (a->game < b->game);
}

static int read_all(summary *s, int nfiles, char **files, char **seen)
{
    char err[256];
    int f;
    for (f = 0; f < nfiles; f++) {
        char *text = util_slurp(files[f], NULL, err, sizeof err);
        json *j = text ? json_parse(text, err, sizeof err) : NULL;
        int rc = -1;
        free(text);
        if (!j)
            fprintf(stderr, "mg-match: %s: %s\n", files[f], err);
        else if (f == 0 && take_header(s, j, files[f]) < 0)
            rc = -1;
        else if (f == 0 && s->nshards < 1)
            fprintf(stderr, "mg-match: %s: no shard count\n", files[f]);
        else {
            if (f == 0)
                *seen = calloc((size_t)s->nshards, 1);
            rc = *seen ? add_file(s, j, files[f], *seen) : -1;
        }
        json_free(j);
        if (rc < 0)
            return -1;
    }
    return 0;
}

int match_merge(int nfiles, char **files, const char *json_out,
                const sprt_test *sprt, int use_sprt)
{
    summary s;
    char *seen = NULL;
    int i, status = 0;
    memset(&s, 0, sizeof s);
    if (read_all(&s, nfiles, files, &seen) < 0) {
        free(seen);
        summary_free(&s);
        return 1;
    }
    for (i = 0; i < s.nshards; i++)
        if (!seen[i]) {
            fprintf(stderr, "mg-match: --merge: shard %d/%d is missing\n",
                    i + 1, s.nshards);
            status = 1;
        }
    free(seen);
    if (status == 0) {
        if (s.nnotes > 1)
            qsort(s.notes, (size_t)s.nnotes, sizeof *s.notes, by_game);
        if (use_sprt && s.npairings == 1) {
            s.sprt_on = 1;
            s.sprt = *sprt;
            for (i = 0; i < P_BINS; i++)
                s.sprt_pairs += s.t[0].penta[i];
            s.llr = sprt_llr(sprt, s.t[0].penta);
            s.decision = sprt_decide(sprt, s.llr);
        }
        printf("mg-match --merge: %d shards of %s\n", s.nshards, s.spec);
        for (i = 0; i < s.neng; i++)
            printf("%c: %s\n", 'A' + i, s.name[i]);
        summary_print(&s, stdout);
        s.shard = 0;
        if (json_out && summary_write_json(&s, json_out) < 0)
            status = 1;
    }
    summary_free(&s);
    return status;
}
