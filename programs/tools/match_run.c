/*
 * match_run.c - running a match: checking the game and the engines,
 * the settings' identity, the workers (threads, each with its own
 * players: built-in bots made per game, external engines as processes of
 * its own), handing out game indices, and taking in each finished game
 * (records, counts, the SPRT on the pairs in order, progress).
 */
#define _POSIX_C_SOURCE 200809L
#include "match.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

volatile sig_atomic_t match_interrupted;

static void on_signal(int sig)
{
    (void)sig;
    match_interrupted = 1;
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    proc_ignore_sigpipe();
}

void match_add_note(match *m, long game, int engine, const char *reason)
{
    if (m->nnotes == m->notes_cap) {
        m->notes_cap = m->notes_cap ? 2 * m->notes_cap : 16;
        m->notes = util_xrealloc(m->notes, (size_t)m->notes_cap *
                                               sizeof *m->notes);
    }
    m->notes[m->nnotes].game = game;
    m->notes[m->nnotes].engine = engine;
    m->notes[m->nnotes].reason = util_xstrdup(reason);
    m->nnotes++;
}

/* The game, its canonical spec, and whether its board changes by pair. */
static int setup_game(match *m)
{
    char err[512];
    int rc;
    m->game = util_game_new(m->spec, m->board_file, err, sizeof err);
    if (!m->game) {
        fprintf(stderr, "mg-match: %s\n", err);
        return -1;
    }
    m->canon = util_game_spec(m->game, &rc);
    if (!m->canon)
        m->canon = util_xstrdup(m->spec);
    m->pair_boards = !m->board_file && mg_game_board(m->game) &&
                     !util_spec_has_board(m->spec);
    return 0;
}

/* Every engine: a valid bot spec, or a program that shakes hands and
 * plays this game. */
static int setup_engines(match *m)
{
    char err[512];
    int e;
    for (e = 0; e < m->neng; e++) {
        player *p = &m->eng[e];
        if (player_init(p, m->eng_arg[e], m->timeout, err, sizeof err) < 0 ||
            p->kind == PLAYER_HUMAN) {
            fprintf(stderr, "mg-match: engine %c: %s\n", 'A' + e,
                    p->kind == PLAYER_HUMAN ? "human is not an engine" : err);
            return -1;
        }
        if (p->kind != PLAYER_ENGINE)
            continue;
        if (engine_start(p->eng) < 0) {
            fprintf(stderr, "mg-match: engine %c (%s): %s\n", 'A' + e,
                    m->eng_arg[e], p->eng->why.s);
            return -1;
        }
        if (!engine_supports(p->eng, mg_game_id(m->game))) {
            fprintf(stderr, "mg-match: engine %c (%s) does not play %s "
                            "(its games: %s)\n",
                    'A' + e, p->eng->name, mg_game_id(m->game),
                    p->eng->games);
            return -1;
        }
        engine_stop(p->eng);
    }
    return 0;
}

/* The settings that decide the games, as text and as a hash. */
static void setup_identity(match *m)
{
    strbuf s;
    char *q;
    int e;
    sb_init(&s);
    sb_printf(&s, "spec=%s;board=", m->canon);
    if (m->pair_boards)
        sb_puts(&s, "by-pair");
    else if (mg_game_board(m->game))
        sb_printf(&s, "%016llx", (unsigned long long)mg_board_fingerprint(
                                     mg_game_board(m->game)));
    sb_printf(&s, ";seed=%llu;games=%ld;openings=%ld;movetime=%ld;engines=",
              (unsigned long long)m->seed, m->games, m->openings,
              m->movetime);
    for (e = 0; e < m->neng; e++)
        sb_printf(&s, "%s%s", e ? "|" : "", m->eng_arg[e]);
    for (q = s.s; *q; q++)
        if ((unsigned char)*q < 32)
            *q = '?';
    m->settings = s.s;
    m->id = util_hash(0, s.s);
}

static int setup(match *m)
{
    int a, b;
    long i;
    if (setup_game(m) < 0 || setup_engines(m) < 0)
        return -1;
    for (a = 0; a < m->neng; a++)
        for (b = a + 1; b < m->neng; b++) {
            m->pa[m->npairings] = a;
            m->pb[m->npairings++] = b;
        }
    m->total = (long)m->npairings * 2 * ((m->games + 1) / 2);
    m->res = calloc((size_t)m->total, sizeof *m->res);
    if (!m->res) {
        fprintf(stderr, "mg-match: out of memory for %ld games\n", m->total);
        return -1;
    }
    for (i = 0; i < m->total; i++)
        m->todo += match_valid_index(m, i);
    setup_identity(m);
    pthread_mutex_init(&m->lock, NULL);
    return match_records_open(m);
}

/* The SPRT takes the pairs in order, each once both its games are in,
 * so that its decision does not depend on which game ended first. */
static void sprt_advance(match *m, int quiet)
{
    while (!m->decision) {
        long k = m->sprt_pairs;
        tally t;
        if (2 * k + 1 >= m->games || !m->res[2 * k].done ||
            !m->res[2 * k + 1].done)
            return;
        memset(&t, 0, sizeof t);
        tally_pentanomial(&m->res[2 * k], &m->res[2 * k + 1], &t);
        for (k = 0; k < P_BINS; k++)
            m->sprt_penta[k] += t.penta[k];
        m->sprt_pairs++;
        m->llr = sprt_llr(&m->sprt, m->sprt_penta);
        m->decision = sprt_decide(&m->sprt, m->llr);
        if (m->decision)
            m->stopping = 1;
        if (!quiet && (m->decision || m->sprt_pairs % m->report_every == 0)) {
            match_progress(m, -1);
            match_sprt_line(m, stdout);
        }
    }
}

void match_count(match *m, long i, const game_result *r)
{
    int pairing, g;
    long k;
    match_game_of(m, i, &pairing, &k, &g);
    m->res[i] = *r;
    tally_game(r, &m->live[pairing]);
    if (g == 1 && m->res[i - 1].done)
        tally_pentanomial(&m->res[i - 1], r, &m->live[pairing]);
    else if (g == 0 && i + 1 < m->total && m->res[i + 1].done)
        tally_pentanomial(r, &m->res[i + 1], &m->live[pairing]);
    if (m->use_sprt)
        sprt_advance(m, m->replaying);
}

/* A game has ended: into the records, the counts, the log. */
static void finished(match *m, long i, const game_result *r,
                     const char *block, const char *why)
{
    int pairing, g;
    long k;
    pthread_mutex_lock(&m->lock);
    match_game_of(m, i, &pairing, &k, &g);
    match_records_append(m, i, block);
    m->finished++;
    if (r->forfeit >= 0) {
        int e = r->forfeit ? m->pb[pairing] : m->pa[pairing];
        match_add_note(m, i, e, why);
        match_progress(m, -1);
        printf("game %ld: %c (%s) forfeits: %s\n", i + 1, 'A' + e,
               m->eng_arg[e], why);
    }
    if (m->verbose) {
        match_progress(m, -1);
        if (r->result == 0)
            printf("game %ld: %c seat %d, draw, %ld actions", i + 1,
                   'A' + m->pa[pairing], r->a_seat, (long)r->actions);
        else
            printf("game %ld: %c seat %d, %c wins, %ld actions", i + 1,
                   'A' + m->pa[pairing], r->a_seat,
                   'A' + (r->result > 0 ? m->pa[pairing] : m->pb[pairing]),
                   (long)r->actions);
        /* the end reason; a forfeit's was printed above */
        printf("%s%s\n", r->forfeit < 0 && *why ? ": " : "",
               r->forfeit < 0 ? why : "");
    }
    match_count(m, i, r);
    fflush(stdout);
    match_progress(m, 0);
    pthread_mutex_unlock(&m->lock);
}

/* The next game to play, or -1. */
static long take(match *m)
{
    long i = -1;
    pthread_mutex_lock(&m->lock);
    while (!m->stopping && !match_interrupted && m->next < m->total) {
        long j = m->next++;
        if (match_valid_index(m, j) && !m->res[j].done) {
            i = j;
            break;
        }
    }
    pthread_mutex_unlock(&m->lock);
    return i;
}

typedef struct {
    match *m;
    player pl[MATCH_MAX_ENGINES];
    pthread_t thread;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    match *m = w->m;
    char err[256];
    strbuf block, why;
    long i;
    int e;
    for (e = 0; e < m->neng; e++)
        player_init(&w->pl[e], m->eng_arg[e], m->timeout, err, sizeof err);
    sb_init(&block);
    sb_init(&why);
    while ((i = take(m)) >= 0) {
        game_result r;
        if (match_play(m, w->pl, i, &r, &block, &why))
            finished(m, i, &r, block.s, why.s);
    }
    pthread_mutex_lock(&m->lock);
    for (e = 0; e < m->neng; e++) {
        const engine *x = w->pl[e].eng;
        if (!x)
            continue;
        m->eng_moves[e] += x->moves;
        m->eng_starts[e] += x->starts;
        m->eng_think[e] += x->think;
        if (x->think_max > m->eng_think_max[e])
            m->eng_think_max[e] = x->think_max;
    }
    pthread_mutex_unlock(&m->lock);
    for (e = 0; e < m->neng; e++)
        player_free(&w->pl[e]);
    sb_free(&block);
    sb_free(&why);
    return NULL;
}

static void header(const match *m)
{
    int e;
    printf("mg-match (libmindgames %s): %s\n", mg_version_string(), m->canon);
    for (e = 0; e < m->neng; e++) {
        strbuf d;
        sb_init(&d);
        player_describe(&m->eng[e], &d);
        printf("%c: %s\n", 'A' + e, d.s);
        sb_free(&d);
    }
    printf("%s%ld games%s in pairs from the same start, seats swapped; "
           "seed %llu; %d at a time",
           m->use_sprt ? "at most " : "", m->games,
           m->npairings > 1 ? " per pairing" : "",
           (unsigned long long)m->seed, m->jobs);
    if (m->openings)
        printf("; openings of %ld random actions", m->openings);
    if (m->pair_boards)
        printf("; a board per pair");
    if (m->movetime)
        printf("; %ld ms per move (+%ld ms margin)", m->movetime, m->margin);
    if (m->nshards > 1)
        printf("; shard %d/%d (%ld games)", m->shard, m->nshards, m->todo);
    putchar('\n');
    if (m->shard_env)
        printf("shard %d/%d from Slurm array task %ld%s%s%s%s\n", m->shard,
               m->nshards, m->task_id, m->json ? "; JSON to " : "",
               m->json ? m->json : "", m->records ? "; records to " : "",
               m->records ? m->records : "");
    if (m->resumed)
        printf("resumed: %ld games from %s\n", m->resumed, m->records);
    if (m->use_sprt)
        printf("SPRT: elo0 %g, elo1 %g, alpha %g, beta %g, %s model, "
               "pentanomial; LLR bounds [%.2f, %.2f]\n",
               m->sprt.elo0, m->sprt.elo1, m->sprt.alpha, m->sprt.beta,
               m->sprt.model == SPRT_NORMALIZED ? "normalized" : "logistic",
               m->sprt.lower, m->sprt.upper);
    fflush(stdout);
}

static void run_workers(match *m)
{
    worker *w = calloc((size_t)m->jobs, sizeof *w);
    int j, started = 0;
    if (!w)
        return;
    for (j = 0; j < m->jobs; j++)
        w[j].m = m;
    if (m->jobs == 1) {
        work(&w[0]);
    } else {
        for (j = 0; j < m->jobs; j++)
            if (pthread_create(&w[j].thread, NULL, work, &w[j]) == 0)
                started++;
            else
                break;
        if (!started)
            work(&w[0]);
        for (j = 0; j < started; j++)
            pthread_join(w[j].thread, NULL);
    }
    free(w);
}

static void cleanup(match *m)
{
    long i;
    int e;
    for (e = 0; e < m->neng; e++)
        player_free(&m->eng[e]);
    for (i = 0; i < m->nnotes; i++)
        free(m->notes[i].reason);
    free(m->notes);
    free(m->res);
    free(m->canon);
    free(m->settings);
    free(m->json_name);
    free(m->records_name);
    mg_game_free(m->game);
}

int match_run(match *m)
{
    summary s;
    int status = 0;
    catch_signals();
    if (setup(m) < 0) {
        cleanup(m);
        return 2;
    }
    m->progress = !m->quiet && isatty(STDERR_FILENO);
    header(m);
    m->t0 = util_now();
    if (m->use_sprt)
        sprt_advance(m, 1);
    run_workers(m);
    match_progress(m, 1);
    match_records_close(m);
    if (match_interrupted) {
        printf("interrupted: %ld of %ld games played\n",
               m->finished + m->resumed, m->todo);
        status = 130;
    }
    if (m->error)
        status = 1;
    match_summary(m, &s);
    summary_print(&s, stdout);
    if (m->json && summary_write_json(&s, m->json) < 0)
        status = 1;
    summary_free(&s);
    cleanup(m);
    return status;
}
