/*
 * check_threads.c - the thread contract (mindgames.h, Threads): a game is
 * read-only and may be shared by any number of threads, each with its own
 * states and bots.
 *
 * One mg_game per registered game id (its defaults) is shared by 8 threads.
 * Each thread plays MG_THREAD_GAMES matches (default 4) on every game, on
 * its own states: random legal actions drawn with its own PRNG from
 * mg_state_legal_actions, moves chosen by its own "mcts(iterations=50)"
 * and "greedy" bots, a clone that goes on in place of the state, and
 * mg_state_playout to the end; it also reads the shared game (spec,
 * board, notation, rendering) and steps a batch of its own (1.5).  Every result (history, hash, winner,
 * scores, the saved record) is then compared with a single-threaded
 * replay of the same seeds.  Run normally (make threads) and under
 * -fsanitize=thread (make tsan).
 *
 * A standalone program (no Check, simpler under TSan): exit status 0 when
 * every result agrees; one summary line on stdout, "check_threads: N
 * passed, M failed" (one per thread, game and match); MG_THREAD_VERBOSE=1
 * also prints the number of actions played.
 */
#define _POSIX_C_SOURCE 200809L

#include <mindgames.h>

#include "test_rng.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define MAX_GAMES 64

typedef struct {
    size_t hlen;
    uint64_t history; /* FNV-1a of the action ids */
    uint64_t hash;
    int winner;
    int32_t score[2];
    uint64_t record; /* FNV-1a of the mg_state_save text */
    size_t record_len;
    uint64_t reads;  /* FNV-1a of what was read from the shared game */
} result;

typedef struct {
    int tid;
    int matches;
    result *res; /* [game][match] */
    char error[512];
    long actions;
} worker;

static mg_game *games[MAX_GAMES];
static int n_games;

static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open;

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001B3ULL;
    }
    return h;
}

#define FNV0 0xCBF29CE484222325ULL

#define FAIL(w, ...)                                                          \
    do {                                                                      \
        if (!(w)->error[0])                                                   \
            snprintf((w)->error, sizeof (w)->error, __VA_ARGS__);             \
        goto out;                                                             \
    } while (0)

/* Read-only queries on the shared game and its board, folded into h. */
static uint64_t read_game(const mg_game *g, const mg_state *s, uint64_t h,
                          uint64_t *rng)
{
    char buf[4096];
    const mg_board *b = mg_game_board(g);
    int32_t a =
        (int32_t)mg_test_rand_below(rng, (uint64_t)mg_game_num_actions(g));
    size_t need = 0;
    if (mg_game_spec(g, buf, sizeof buf, NULL) == MG_OK)
        h = fnv(h, buf, strlen(buf));
    if (mg_state_action_to_string(s, a, buf, sizeof buf, NULL) == MG_OK)
        h = fnv(h, buf, strlen(buf));
    if (mg_state_render(s, MG_RENDER_TEXT, NULL, 0, &need) == MG_ENOBUFS)
        h = fnv(h, &need, sizeof need);
    if (b) {
        int32_t c =
            (int32_t)mg_test_rand_below(rng, (uint64_t)mg_board_cell_count(b));
        int32_t x = 0, y = 0, mask = mg_board_cell_mask(b, c);
        uint64_t fp = mg_board_fingerprint(b);
        mg_board_cell_position(b, c, &x, &y);
        h = fnv(h, &mask, sizeof mask);
        h = fnv(h, &x, sizeof x);
        h = fnv(h, &y, sizeof y);
        h = fnv(h, &fp, sizeof fp);
    }
    return h;
}

/* A batch of 4 games of g, 40 steps of random actions with masks and
 * observations (1.5), folded into h; 0 when out of memory. */
static uint64_t batch_reads(const mg_game *g, uint64_t h, uint64_t seed)
{
    mg_batch *b = NULL;
    int32_t acts[4], planes, sites, t, i;
    uint8_t *mask;
    float *obs;
    int8_t st[4];
    mg_game_observation_shape(g, &planes, &sites);
    mask = malloc(4 * (size_t)mg_game_num_actions(g));
    obs = malloc(4 * (size_t)planes * (size_t)sites * sizeof *obs);
    if (!mask || !obs ||
        mg_batch_new(&b, g, 4, MG_AUTORESET_SAME_STEP) != MG_OK) {
        h = 0;
        goto out;
    }
    for (t = 0; t < 40; t++) {
        mg_batch_random_actions(b, seed + (uint64_t)t, acts);
        mg_batch_step(b, acts, st);
        mg_batch_legal_masks(b, mask, 4 * (size_t)mg_game_num_actions(g));
        mg_batch_observations(b, MG_BATCH_MOVER, obs,
                              4 * (size_t)planes * (size_t)sites);
        h = fnv(h, st, sizeof st);
    }
    for (i = 0; i < 4; i++) {
        uint64_t x = mg_state_hash(mg_batch_state(b, i));
        h = fnv(h, &x, sizeof x);
    }
    h = fnv(h, obs, 4 * (size_t)planes * (size_t)sites * sizeof *obs);
out:
    mg_batch_free(b);
    free(mask);
    free(obs);
    return h;
}

/* One match on game gi from seed; the bots are the worker's own. */
static int play(worker *w, int gi, uint64_t seed, mg_bot *mcts,
                mg_bot *greedy, result *r)
{
    const mg_game *g = games[gi];
    size_t max = (size_t)mg_game_max_legal_actions(g), n = 0, need = 0;
    int32_t *legal = malloc(max * sizeof *legal), *hist = NULL;
    mg_state *s = NULL, *c = NULL;
    char *rec = NULL;
    uint64_t rng = seed, reads = FNV0;
    int k, i, rc, ok = 0, done;

    memset(r, 0, sizeof *r);
    if (!legal || mg_state_new(&s, g) != MG_OK)
        FAIL(w, "out of memory");
    /* random actions from the legal list, with the thread's own PRNG */
    k = (int)(mg_test_rand(&rng) % 24);
    for (i = 0; i < k && !mg_state_is_terminal(s); i++) {
        if (mg_state_legal_actions(s, legal, max, &n) != MG_OK || n == 0)
            FAIL(w, "%s: legal_actions", mg_game_id(g));
        if ((rc = mg_state_apply(s, legal[mg_test_rand(&rng) % n])) != MG_OK)
            FAIL(w, "%s: apply: %s", mg_game_id(g), mg_strerror(rc));
    }
    reads = read_game(g, s, reads, &rng);
    /* the bots: mcts for seat 0, greedy for seat 1 */
    for (i = 0; i < 6 && !mg_state_is_terminal(s); i++) {
        int32_t a = -1;
        mg_bot *bot = mg_state_current_player(s) == 0 ? mcts : greedy;
        if ((rc = mg_bot_choose(bot, s, &a)) != MG_OK)
            FAIL(w, "%s: bot: %s", mg_game_id(g), mg_strerror(rc));
        if ((rc = mg_state_apply(s, a)) != MG_OK)
            FAIL(w, "%s: bot's action %d: %s", mg_game_id(g), (int)a,
                 mg_strerror(rc));
    }
    /* a clone goes on in place of the state */
    if (mg_state_clone(&c, s) != MG_OK)
        FAIL(w, "clone");
    mg_state_free(s);
    s = c;
    c = NULL;
    k = (int)(mg_test_rand(&rng) % 8);
    for (i = 0; i < k && !mg_state_is_terminal(s); i++) {
        if (mg_state_legal_actions(s, legal, max, &n) != MG_OK || n == 0)
            FAIL(w, "%s: legal_actions", mg_game_id(g));
        mg_state_apply(s, legal[mg_test_rand(&rng) % n]);
        if (mg_test_rand(&rng) % 4 == 0)
            mg_state_undo(s);
    }
    reads = read_game(g, s, reads, &rng);
    if ((reads = batch_reads(g, reads, mg_test_rand(&rng))) == 0)
        FAIL(w, "%s: batch: out of memory", mg_game_id(g));
    done = mg_state_playout(s, mg_test_rand(&rng), -1);
    if (done < 0 || mg_state_is_terminal(s) != 1)
        FAIL(w, "%s: playout %d did not end the game", mg_game_id(g), done);

    mg_state_history(s, NULL, 0, &r->hlen);
    hist = malloc((r->hlen + 1) * sizeof *hist);
    if (!hist || mg_state_history(s, hist, r->hlen, &n) != MG_OK)
        FAIL(w, "history");
    r->history = fnv(FNV0, hist, r->hlen * sizeof *hist);
    r->hash = mg_state_hash(s);
    r->winner = mg_state_winner(s);
    mg_state_score(s, 0, &r->score[0]);
    mg_state_score(s, 1, &r->score[1]);
    mg_state_save(s, NULL, 0, &need);
    rec = malloc(need);
    if (!rec || mg_state_save(s, rec, need, NULL) != MG_OK)
        FAIL(w, "save");
    r->record = fnv(FNV0, rec, need);
    r->record_len = need;
    r->reads = reads;
    w->actions += (long)r->hlen;
    ok = 1;
out:
    free(rec);
    free(hist);
    free(legal);
    mg_state_free(c);
    mg_state_free(s);
    return ok;
}

static uint64_t seed_of(int tid, int gi, int m)
{
    uint64_t x = ((uint64_t)tid << 40) ^ ((uint64_t)gi << 20) ^ (uint64_t)m;
    return mg_test_rand(&x);
}

static void *run(void *arg)
{
    worker *w = arg;
    int j, m;
    pthread_mutex_lock(&gate_lock);
    while (!gate_open)
        pthread_cond_wait(&gate_cond, &gate_lock);
    pthread_mutex_unlock(&gate_lock);
    /* threads start on different games and meet on each in turn */
    for (j = 0; j < n_games; j++) {
        int gi = (w->tid + j) % n_games;
        mg_bot *mcts = NULL, *greedy = NULL;
        char err[256];
        if (mg_bot_new(&mcts, "mcts(iterations=50)", seed_of(w->tid, gi, -1),
                       err, sizeof err) != MG_OK ||
            mg_bot_new(&greedy, "greedy", seed_of(w->tid, gi, -2), err,
                       sizeof err) != MG_OK) {
            snprintf(w->error, sizeof w->error, "mg_bot_new: %s", err);
            mg_bot_free(mcts);
            return NULL;
        }
        for (m = 0; m < w->matches; m++)
            if (!play(w, gi, seed_of(w->tid, gi, m), mcts, greedy,
                      &w->res[gi * w->matches + m]))
                break;
        mg_bot_free(mcts);
        mg_bot_free(greedy);
        if (w->error[0])
            break;
    }
    return NULL;
}

static int same(const result *a, const result *b)
{
    return a->hlen == b->hlen && a->history == b->history &&
           a->hash == b->hash && a->winner == b->winner &&
           a->score[0] == b->score[0] && a->score[1] == b->score[1] &&
           a->record == b->record && a->record_len == b->record_len &&
           a->reads == b->reads;
}

int main(void)
{
    static worker par[THREADS], seq[THREADS];
    pthread_t th[THREADS];
    const char *env = getenv("MG_THREAD_GAMES");
    int matches = env && atoi(env) > 0 ? atoi(env) : 4;
    int t, gi, m, passed = 0, failed = 0, shown = 0;
    long actions = 0;

    n_games = mg_game_count();
    if (n_games > MAX_GAMES)
        n_games = MAX_GAMES;
    for (gi = 0; gi < n_games; gi++) {
        char err[256];
        if (mg_game_new(&games[gi], mg_game_id_at(gi), err, sizeof err) !=
            MG_OK) {
            fprintf(stderr, "check_threads: %s: %s\n", mg_game_id_at(gi),
                    err);
            return 1;
        }
    }
    for (t = 0; t < THREADS; t++) {
        par[t].tid = seq[t].tid = t;
        par[t].matches = seq[t].matches = matches;
        par[t].res = calloc((size_t)(n_games * matches), sizeof(result));
        seq[t].res = calloc((size_t)(n_games * matches), sizeof(result));
        if (!par[t].res || !seq[t].res) {
            fprintf(stderr, "check_threads: out of memory\n");
            return 1;
        }
    }

    /* 8 threads at once on the shared games */
    for (t = 0; t < THREADS; t++)
        if (pthread_create(&th[t], NULL, run, &par[t]) != 0) {
            fprintf(stderr, "check_threads: pthread_create failed\n");
            return 1;
        }
    pthread_mutex_lock(&gate_lock);
    gate_open = 1;
    pthread_cond_broadcast(&gate_cond);
    pthread_mutex_unlock(&gate_lock);
    for (t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);

    /* the same seeds, one after the other, on this thread */
    for (t = 0; t < THREADS; t++)
        run(&seq[t]);

    for (t = 0; t < THREADS; t++) {
        if (par[t].error[0] || seq[t].error[0]) {
            fprintf(stderr, "check_threads: thread %d: %s%s\n", t,
                    par[t].error, seq[t].error);
            failed++;
            continue;
        }
        actions += par[t].actions;
        for (gi = 0; gi < n_games; gi++)
            for (m = 0; m < matches; m++) {
                const result *a = &par[t].res[gi * matches + m],
                             *b = &seq[t].res[gi * matches + m];
                if (same(a, b)) {
                    passed++;
                    continue;
                }
                failed++;
                if (shown++ < 10)
                    fprintf(stderr,
                            "check_threads: %s, thread %d, match %d: "
                            "threaded %lu actions hash %016llx winner %d "
                            "scores %d-%d; single-threaded %lu actions "
                            "hash %016llx winner %d scores %d-%d\n",
                            mg_game_id(games[gi]), t, m,
                            (unsigned long)a->hlen,
                            (unsigned long long)a->hash, a->winner,
                            (int)a->score[0], (int)a->score[1],
                            (unsigned long)b->hlen,
                            (unsigned long long)b->hash, b->winner,
                            (int)b->score[0], (int)b->score[1]);
            }
    }
    for (t = 0; t < THREADS; t++) {
        free(par[t].res);
        free(seq[t].res);
    }
    for (gi = 0; gi < n_games; gi++)
        mg_game_free(games[gi]);
    if (getenv("MG_THREAD_VERBOSE"))
        fprintf(stderr, "check_threads: %d threads x %d games x %d matches, "
                "%ld actions\n", THREADS, n_games, matches, actions);
    /* one line: each result compared with the single-threaded replay */
    printf("check_threads: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
