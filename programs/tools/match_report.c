/*
 * match_report.c - counting games into tallies, the summary of a match
 * (also of merged shards), the SPRT line and the progress line.
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void tally_game(const game_result *r, tally *t)
{
    t->games++;
    t->actions += r->actions;
    if (r->result > 0)
        t->w[r->a_seat]++;
    else if (r->result < 0)
        t->l[r->a_seat]++;
    else
        t->d[r->a_seat]++;
    if (r->forfeit >= 0)
        t->forfeits[r->forfeit]++;
}

void tally_pentanomial(const game_result *g0, const game_result *g1,
                       tally *t)
{
    int a = g0->result, b = g1->result, bin;
    if (a < b) {
        int x = a;
        a = b;
        b = x;
    }
    if (a > 0)
        bin = b > 0 ? P_WW : b == 0 ? P_WD : P_WL;
    else if (a == 0)
        bin = b == 0 ? P_DD : P_LD;
    else
        bin = P_LL;
    t->penta[bin]++;
}

static int by_game(const void *x, const void *y)
{
    const forfeit_note *a = x, *b = y;
    return (a->game > b->game) - (a->game < b->game);
}

/* The tallies of the counted games: every finished one, or after an SPRT
 * decision only the pairs the test counted. */
static void count_all(const match *m, summary *s)
{
    long i;
    for (i = 0; i < m->total; i++) {
        int pairing, g;
        long k;
        const game_result *r = &m->res[i];
        if (!r->done)
            continue;
        match_game_of(m, i, &pairing, &k, &g);
        if (m->decision && k >= m->sprt_pairs) {
            s->uncounted++;
            continue;
        }
        tally_game(r, &s->t[pairing]);
        if (g == 1 && m->res[i - 1].done)
            tally_pentanomial(&m->res[i - 1], r, &s->t[pairing]);
    }
}

void match_summary(const match *m, summary *s)
{
    long i, n = 0;
    int e;
    memset(s, 0, sizeof *s);
    s->neng = m->neng;
    for (e = 0; e < m->neng; e++) {
        strbuf d;
        sb_init(&d);
        player_describe(&m->eng[e], &d);
        s->name[e] = d.s;
    }
    s->npairings = m->npairings;
    memcpy(s->pa, m->pa, sizeof s->pa);
    memcpy(s->pb, m->pb, sizeof s->pb);
    count_all(m, s);
    s->planned = m->todo;
    s->sprt_on = m->use_sprt;
    s->sprt = m->sprt;
    s->sprt_pairs = m->sprt_pairs;
    s->llr = m->llr;
    s->decision = m->decision;
    s->notes = util_xmalloc(((size_t)m->nnotes + 1) * sizeof *s->notes);
    for (i = 0; i < m->nnotes; i++) {
        long k = m->notes[i].game / 2 / m->npairings;
        if (m->decision && k >= m->sprt_pairs)
            continue;
        s->notes[n] = m->notes[i];
        s->notes[n++].reason = util_xstrdup(m->notes[i].reason);
    }
    s->nnotes = n;
    qsort(s->notes, (size_t)n, sizeof *s->notes, by_game);
    s->elapsed = util_now() - m->t0;
    s->shard = m->shard;
    s->nshards = m->nshards;
    s->jobs = m->jobs;
    memcpy(s->eng_moves, m->eng_moves, sizeof s->eng_moves);
    memcpy(s->eng_starts, m->eng_starts, sizeof s->eng_starts);
    memcpy(s->eng_think, m->eng_think, sizeof s->eng_think);
    memcpy(s->eng_think_max, m->eng_think_max, sizeof s->eng_think_max);
    s->spec = util_xstrdup(m->canon);
    s->settings = util_xstrdup(m->settings);
    s->id = m->id;
    s->seed = m->seed;
}

void summary_free(summary *s)
{
    long i;
    int e;
    for (e = 0; e < s->neng; e++)
        free(s->name[e]);
    for (i = 0; i < s->nnotes; i++)
        free(s->notes[i].reason);
    free(s->notes);
    free(s->spec);
    free(s->settings);
    memset(s, 0, sizeof *s);
}

static void print_pairing(const summary *s, int p, FILE *out)
{
    const tally *t = &s->t[p];
    char x = (char)('A' + s->pa[p]), y = (char)('A' + s->pb[p]);
    char e0[16], e1[16], e2[16];
    long w = t->w[0] + t->w[1], d = t->d[0] + t->d[1], l = t->l[0] + t->l[1];
    long pairs = 0;
    double n = (double)t->games, rate, lo, hi;
    int i;
    for (i = 0; i < P_BINS; i++)
        pairs += t->penta[i];
    fprintf(out, "\n%c vs %c: %ld wins, %ld draws, %ld losses in %ld games\n",
            x, y, w, d, l, t->games);
    fprintf(out, "  %c as seat 0: %ld-%ld-%ld   %c as seat 1: %ld-%ld-%ld  "
                 "(wins-draws-losses)\n",
            x, t->w[0], t->d[0], t->l[0], x, t->w[1], t->d[1], t->l[1]);
    fprintf(out, "  seat 0 won %ld, seat 1 won %ld, %ld drawn\n",
            t->w[0] + t->l[1], t->w[1] + t->l[0], d);
    fprintf(out, "  %ld pair%s by %c's points 0, 1/2, 1, 3/2, 2: %ld %ld %ld "
                 "%ld %ld (1 = %ld win+loss, %ld draw+draw)\n",
            pairs, pairs == 1 ? "" : "s", x, t->penta[P_LL], t->penta[P_LD],
            t->penta[P_WL] + t->penta[P_DD], t->penta[P_WD], t->penta[P_WW],
            t->penta[P_WL], t->penta[P_DD]);
    if (t->forfeits[0] || t->forfeits[1])
        fprintf(out, "  forfeits: %c %ld, %c %ld\n", x, t->forfeits[0], y,
                t->forfeits[1]);
    if (t->games == 0)
        return;
    rate = ((double)w + 0.5 * (double)d) / n;
    stats_wilson(rate, n, &lo, &hi);
    fprintf(out, "score rate of %c: %.3f, 95%% confidence interval [%.3f, "
                 "%.3f] (Wilson score interval)\n", x, rate, lo, hi);
    fprintf(out, "Elo difference %c - %c: %s [%s, %s]; LOS %.1f%%\n", x, y,
            stats_elo_text(stats_elo(rate), e0, sizeof e0),
            stats_elo_text(stats_elo(lo), e1, sizeof e1),
            stats_elo_text(stats_elo(hi), e2, sizeof e2),
            100.0 * stats_los((double)w, (double)l));
}

/* With three engines or more: each one's score over all its games. */
static void print_standings(const summary *s, FILE *out)
{
    double pts[MATCH_MAX_ENGINES] = {0}, games[MATCH_MAX_ENGINES] = {0};
    int order[MATCH_MAX_ENGINES], e, i, p;
    for (p = 0; p < s->npairings; p++) {
        const tally *t = &s->t[p];
        double a = (double)(t->w[0] + t->w[1]) +
                   0.5 * (double)(t->d[0] + t->d[1]);
        pts[s->pa[p]] += a;
        pts[s->pb[p]] += (double)t->games - a;
        games[s->pa[p]] += (double)t->games;
        games[s->pb[p]] += (double)t->games;
    }
    for (e = 0; e < s->neng; e++)
        order[e] = e;
    for (i = 1; i < s->neng; i++) /* by score rate, stable */
        for (e = i; e > 0; e--) {
            int a = order[e - 1], b = order[e];
            double ra = games[a] > 0 ? pts[a] / games[a] : 0;
            double rb = games[b] > 0 ? pts[b] / games[b] : 0;
            if (rb <= ra)
                break;
            order[e - 1] = b;
            order[e] = a;
        }
    fprintf(out, "\nstandings (score against the field; Elo from that "
                 "score):\n");
    for (i = 0; i < s->neng; i++) {
        char buf[16];
        double r;
        e = order[i];
        r = games[e] > 0 ? pts[e] / games[e] : 0.5;
        fprintf(out, "  %d. %c  %.1f of %.0f  %.1f%%  Elo %s  %s\n", i + 1,
                'A' + e, pts[e], games[e], 100.0 * r,
                stats_elo_text(stats_elo(r), buf, sizeof buf), s->name[e]);
    }
}

int summary_ratings(const summary *s, rating_fit *f)
{
    double score[RATING_MAX * RATING_MAX] = {0};
    double games[RATING_MAX * RATING_MAX] = {0};
    int n = s->neng, p;
    for (p = 0; p < s->npairings; p++) {
        const tally *t = &s->t[p];
        int a = s->pa[p], b = s->pb[p];
        double pts = (double)(t->w[0] + t->w[1]) +
                     0.5 * (double)(t->d[0] + t->d[1]);
        score[a * n + b] += pts;
        score[b * n + a] += (double)t->games - pts;
        games[a * n + b] += (double)t->games;
        games[b * n + a] += (double)t->games;
    }
    if (rating_compute(n, score, games, 0, f) == 0)
        return 0;
    return rating_compute(n, score, games, 1, f) == 0 ? 0 : -1;
}

/* With three engines or more: maximum-likelihood ratings. */
static void print_ratings(const summary *s, FILE *out)
{
    rating_fit f;
    int order[RATING_MAX], e, i;
    if (summary_ratings(s, &f) != 0) {
        fprintf(out, "\nratings: none (the pairings played do not connect "
                     "every engine)\n");
        return;
    }
    for (e = 0; e < s->neng; e++)
        order[e] = e;
    for (i = 1; i < s->neng; i++) /* by rating, stable */
        for (e = i; e > 0 && f.elo[order[e]] > f.elo[order[e - 1]]; e--) {
            int x = order[e];
            order[e] = order[e - 1];
            order[e - 1] = x;
        }
    fprintf(out, "\nratings (maximum likelihood over every game, %c = 0; "
                 "95%% interval):\n", 'A' + f.anchor);
    for (i = 0; i < s->neng; i++) {
        e = order[i];
        if (e == f.anchor)
            fprintf(out, "  %c  %6.0f  (anchor)       %s\n", 'A' + e, 0.0,
                    s->name[e]);
        else
            fprintf(out, "  %c  %6.0f  [%5.0f, %5.0f]  %s\n", 'A' + e,
                    f.elo[e], f.elo[e] - f.half[e], f.elo[e] + f.half[e],
                    s->name[e]);
    }
    if (f.prior > 0)
        fprintf(out, "  (an engine or a group scored every point or none "
                     "against the rest: one virtual draw added to each "
                     "pairing to keep the ratings finite)\n");
}

static void print_sprt(const summary *s, FILE *out)
{
    const char *what = s->decision > 0   ? "H1 accepted"
                       : s->decision < 0 ? "H0 accepted"
                                         : "no decision yet";
    fprintf(out, "\nSPRT: %s after %ld pairs (%ld games): LLR %+.2f, bounds "
                 "[%.2f, %.2f]; elo0 %g, elo1 %g, alpha %g, beta %g, %s\n",
            what, s->sprt_pairs, 2 * s->sprt_pairs, s->llr, s->sprt.lower,
            s->sprt.upper, s->sprt.elo0, s->sprt.elo1, s->sprt.alpha,
            s->sprt.beta,
            s->sprt.model == SPRT_NORMALIZED ? "normalized" : "logistic");
    /* What a decision means: the test chose between two Elo differences
     * with the error rates it was given; it did not measure the
     * difference (the Elo interval above estimates that). */
    if (s->decision != 0) {
        double won = s->decision > 0 ? s->sprt.elo1 : s->sprt.elo0,
               lost = s->decision > 0 ? s->sprt.elo0 : s->sprt.elo1;
        fprintf(out, "  the test accepts %s = %g over %s = %g at the chosen "
                     "error rates (alpha %g, beta %g)\n",
                s->decision > 0 ? "elo1" : "elo0", won,
                s->decision > 0 ? "elo0" : "elo1", lost, s->sprt.alpha,
                s->sprt.beta);
        fprintf(out, "  (a choice between two values of the Elo difference "
                     "A - B, not an estimate of it: see the Elo difference "
                     "above)\n");
    }
    if (s->uncounted)
        fprintf(out, "  %ld games that ended after the decision are in the "
                     "records but not counted\n", s->uncounted);
}

/* The external engines' answer times: the request (moves and go) to
 * the move, protocol and thinking both. */
static void print_engines(const summary *s, FILE *out)
{
    int e, first = 1;
    for (e = 0; e < s->neng; e++) {
        if (!s->eng_moves[e])
            continue;
        if (first)
            fprintf(out, "\n");
        first = 0;
        fprintf(out, "engine %c: %ld moves in %.1f us on average (the "
                     "longest %.1f ms), %ld process%s started\n",
                'A' + e, s->eng_moves[e],
                1e6 * s->eng_think[e] / (double)s->eng_moves[e],
                1e3 * s->eng_think_max[e], s->eng_starts[e],
                s->eng_starts[e] == 1 ? "" : "es");
    }
}

void summary_print(const summary *s, FILE *out)
{
    long games = 0, actions = 0;
    int p;
    for (p = 0; p < s->npairings; p++) {
        print_pairing(s, p, out);
        games += s->t[p].games;
        actions += s->t[p].actions;
    }
    if (s->neng > 2) {
        print_standings(s, out);
        print_ratings(s, out);
    }
    if (s->sprt_on)
        print_sprt(s, out);
    if (s->nnotes)
        fprintf(out, "\n%ld forfeits (the engine was restarted after each); "
                     "the first: game %ld, %c: %.*s\n",
                s->nnotes, s->notes[0].game + 1, 'A' + s->notes[0].engine,
                (int)strcspn(s->notes[0].reason, "\n"), s->notes[0].reason);
    print_engines(s, out);
    fprintf(out, "\nElo: the 95%% Wilson interval of the score rate mapped "
                 "to Elo; +inf/-inf for a score rate of 1/0\n");
    fprintf(out, "elapsed: %.2f s (%.1f games/s, %.1f actions per game)\n",
            s->elapsed, s->elapsed > 0 ? (double)games / s->elapsed : 0.0,
            games ? (double)actions / (double)games : 0.0);
}

void match_sprt_line(const match *m, FILE *out)
{
    fprintf(out, "SPRT after %ld pairs: LLR %+.2f [%.2f, %.2f]%s\n",
            m->sprt_pairs, m->llr, m->sprt.lower, m->sprt.upper,
            m->decision > 0   ? ": H1 accepted"
            : m->decision < 0 ? ": H0 accepted"
                              : "");
}

/* The progress line, on a terminal only (standard error): games done of
 * the total, the score of A against B, games per second, time left, and
 * the LLR.  final: 0 update (at most ten times a second), -1 erase it
 * before other output, 1 erase it at the end. */
void match_progress(match *m, int final)
{
    static int shown;
    double now, secs, rate;
    long done;
    if (!m->progress)
        return;
    if (final) {
        if (shown)
            fputs("\r\033[K", stderr);
        shown = 0;
        return;
    }
    now = util_now();
    if (shown && now - m->last_progress < 0.1 &&
        m->finished + m->resumed < m->todo)
        return;
    m->last_progress = now;
    secs = now - m->t0;
    done = m->finished + m->resumed;
    rate = secs > 0 ? (double)m->finished / secs : 0.0;
    fprintf(stderr, "\r\033[K[%ld/%ld]", done, m->todo);
    if (m->npairings == 1) {
        const tally *t = &m->live[0];
        double a = (double)(t->w[0] + t->w[1]) +
                   0.5 * (double)(t->d[0] + t->d[1]);
        fprintf(stderr, " A %.1f - %.1f B (%.1f%%)", a,
                (double)t->games - a,
                t->games ? 100.0 * a / (double)t->games : 0.0);
    }
    fprintf(stderr, ", %.1f games/s", rate);
    if (rate > 0) {
        long left = (long)((double)(m->todo - done) / rate + 0.5);
        fprintf(stderr, ", %s%ld:%02ld left", m->use_sprt ? "at most " : "",
                left / 60, left % 60);
    }
    if (m->use_sprt)
        fprintf(stderr, ", LLR %+.2f [%.2f, %.2f]", m->llr, m->sprt.lower,
                m->sprt.upper);
    fflush(stderr);
    shown = 1;
}
