/*
 * mg-match - a match of N games between two bots, alternating seats.
 *
 *   mg-match [-n GAMES] [-s SPEC] [--seed N] [-v] BOT_A BOT_B
 *
 * BOT_A plays seat 0 in games 0, 2, 4, ... and seat 1 in games 1, 3, ...
 * Each game gets fresh bots whose seeds are derived from --seed and the
 * game number, so a match is reproducible (unless a bot limits its search
 * by time).  Printed: wins, draws and losses of A against B, by seat too;
 * A's score rate (wins + draws/2) / games with a 95% confidence interval
 * (the Wilson score interval applied to the score rate, z = 1.96; with
 * draws the true interval is a little narrower, so this one is
 * conservative); the Elo difference that rate means; the time taken.
 *
 * Exit status: 0 the match was played, 1 a failure while playing, 2 a
 * usage error (a bad option, spec or bot spec).  Uses only the public API.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <mindgames.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "usage: mg-match [-n GAMES] [-s SPEC] [--seed N] [-v] BOT_A BOT_B\n"
    "\n"
    "  -n GAMES      number of games (default 20); A is seat 0 in even "
    "games\n"
    "  -s SPEC       the game (default dots_and_boxes(rows=3,cols=3))\n"
    "  --seed N      match seed (default 1): each game's bot seeds derive "
    "from it\n"
    "  -v            one line per game\n"
    "  -h, --help    this text\n"
    "\n"
    "Bots: random, greedy, mcts(iterations=1000,time_ms=0,c=0.3,bias=10,\n"
    "      margin=0.5,reuse=true) (see mg_bot_new(3)).\n"
    "Example: mg-match -n 50 \"mcts(iterations=500)\" greedy\n";

static uint64_t mix(uint64_t x) /* splitmix64 finaliser */
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static int fail_usage(const char *what, const char *arg)
{
    fprintf(stderr, "mg-match: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? arg : "", usage);
    return 2;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parse_u64(const char *val, uint64_t *out)
{
    char *end;
    errno = 0;
    *out = strtoull(val, &end, 10);
    return !(!isdigit((unsigned char)*val) || *end || errno);
}

/* Wilson score interval for a proportion p over n trials, z = 1.96. */
static void wilson(double p, double n, double *lo, double *hi)
{
    const double z = 1.959963984540054, z2 = z * z;
    double denom = 1.0 + z2 / n;
    double centre = (p + z2 / (2.0 * n)) / denom;
    double half = z * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denom;
    *lo = centre - half < 0.0 ? 0.0 : centre - half;
    *hi = centre + half > 1.0 ? 1.0 : centre + half;
}

/* Elo difference of a score rate, into buf ("+120", "-inf"). */
static const char *elo(double p, char *buf, size_t cap)
{
    double d;
    if (p <= 0.0)
        return "-inf";
    if (p >= 1.0)
        return "+inf";
    d = -400.0 * log10(1.0 / p - 1.0);
    if (d > -0.5 && d < 0.5)
        return "0";
    snprintf(buf, cap, "%+.0f", d);
    return buf;
}

struct tally {
    long win[2], draw[2], loss[2]; /* by A's seat */
    long actions;
};

/* One game: A on seat `a_seat`.  Returns 0, 1 (failure). */
static int play_game(const mg_game *g, mg_bot *bot_a, mg_bot *bot_b,
                     int a_seat, int *winner, long *actions)
{
    mg_state *s = NULL;
    int rc = mg_state_new(&s, g);
    *actions = 0;
    while (rc == MG_OK && !mg_state_is_terminal(s)) {
        int seat = mg_state_current_player(s);
        int32_t a;
        rc = mg_bot_choose(seat == a_seat ? bot_a : bot_b, s, &a);
        if (rc == MG_OK)
            rc = mg_state_apply(s, a);
        ++*actions;
    }
    if (rc != MG_OK) {
        fprintf(stderr, "mg-match: %s\n", mg_strerror(rc));
        mg_state_free(s);
        return 1;
    }
    *winner = mg_state_winner(s);
    mg_state_free(s);
    return 0;
}

static int bot_spec(const char *spec, char *canon, size_t cap)
{
    char err[256];
    mg_bot *b = NULL;
    int rc = mg_bot_new(&b, spec, 0, err, sizeof err);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-match: bot %s: %s (%s)\n", spec, err,
                mg_strerror(rc));
        return rc;
    }
    if (mg_bot_spec(b, canon, cap, NULL) != MG_OK)
        snprintf(canon, cap, "%s", spec);
    mg_bot_free(b);
    return MG_OK;
}

int main(int argc, char **argv)
{
    const char *spec = "dots_and_boxes(rows=3,cols=3)", *bots[2] = {0, 0};
    char err[256], canon[1024], names[2][256], lo_s[16], hi_s[16], p_s[16];
    uint64_t seed = 1, games = 20, i;
    int verbose = 0, nbots = 0, k, rc;
    struct tally t;
    mg_game *g = NULL;
    double start, secs, rate, lo, hi;
    long wins, draws, losses;

    for (k = 1; k < argc; k++) {
        const char *opt = argv[k], *val = k + 1 < argc ? argv[k + 1] : NULL;
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            fputs(usage, stdout);
            return 0;
        }
        if (!strcmp(opt, "-v")) {
            verbose = 1;
        } else if (!strcmp(opt, "-n") || !strcmp(opt, "-s") ||
                   !strcmp(opt, "--seed")) {
            if (!val)
                return fail_usage("missing value after", opt);
            k++;
            if (opt[1] == 's') {
                spec = val;
            } else if (opt[1] == 'n') {
                if (!parse_u64(val, &games) || games == 0 ||
                    games > 100000000)
                    return fail_usage("bad number of games (1 ... 10^8)",
                                      val);
            } else if (!parse_u64(val, &seed)) {
                return fail_usage("bad seed (0 ... 2^64-1)", val);
            }
        } else if (opt[0] == '-' && opt[1]) {
            return fail_usage("unknown option", opt);
        } else if (nbots < 2) {
            bots[nbots++] = opt;
        } else {
            return fail_usage("more than two bots", opt);
        }
    }
    if (nbots != 2)
        return fail_usage("two bot specs, please", NULL);
    rc = mg_game_new(&g, spec, err, sizeof err);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-match: %s: %s (%s)\n", spec, err,
                mg_strerror(rc));
        return 2;
    }
    if (bot_spec(bots[0], names[0], sizeof names[0]) != MG_OK ||
        bot_spec(bots[1], names[1], sizeof names[1]) != MG_OK) {
        mg_game_free(g);
        return 2;
    }
    if (mg_game_spec(g, canon, sizeof canon, NULL) != MG_OK)
        strcpy(canon, "(spec too long)");
    printf("mg-match (libmindgames %s): %s\n", mg_version_string(), canon);
    printf("A: %s\nB: %s\n%llu games, seed %llu, A is seat 0 in even "
           "games\n", names[0], names[1], (unsigned long long)games,
           (unsigned long long)seed);
    fflush(stdout);

    memset(&t, 0, sizeof t);
    start = now();
    for (i = 0; i < games; i++) {
        int a_seat = (int)(i % 2), winner = MG_NOBODY;
        long actions = 0;
        mg_bot *a = NULL, *b = NULL;
        /* fresh bots per game, seeds from the match seed and the game */
        rc = mg_bot_new(&a, bots[0], mix(seed ^ mix(2 * i)), NULL, 0);
        if (rc == MG_OK)
            rc = mg_bot_new(&b, bots[1], mix(seed ^ mix(2 * i + 1)), NULL, 0);
        if (rc != MG_OK || play_game(g, a, b, a_seat, &winner, &actions)) {
            if (rc != MG_OK)
                fprintf(stderr, "mg-match: %s\n", mg_strerror(rc));
            mg_bot_free(a);
            mg_bot_free(b);
            mg_game_free(g);
            return 1;
        }
        mg_bot_free(a);
        mg_bot_free(b);
        t.actions += actions;
        if (winner == MG_DRAW)
            t.draw[a_seat]++;
        else if (winner == a_seat)
            t.win[a_seat]++;
        else
            t.loss[a_seat]++;
        if (verbose)
            printf("game %llu: A seat %d, %s, %ld actions\n",
                   (unsigned long long)i + 1, a_seat,
                   winner == MG_DRAW ? "draw"
                   : winner == a_seat ? "A wins" : "B wins", actions);
    }
    secs = now() - start;
    mg_game_free(g);

    wins = t.win[0] + t.win[1];
    draws = t.draw[0] + t.draw[1];
    losses = t.loss[0] + t.loss[1];
    rate = ((double)wins + 0.5 * (double)draws) / (double)games;
    wilson(rate, (double)games, &lo, &hi);
    printf("\nA vs B: %ld wins, %ld draws, %ld losses in %llu games\n",
           wins, draws, losses, (unsigned long long)games);
    printf("  A as seat 0: %ld-%ld-%ld   A as seat 1: %ld-%ld-%ld  "
           "(wins-draws-losses)\n", t.win[0], t.draw[0], t.loss[0],
           t.win[1], t.draw[1], t.loss[1]);
    printf("score rate of A: %.3f, 95%% confidence interval [%.3f, %.3f] "
           "(Wilson score interval)\n", rate, lo, hi);
    printf("Elo difference A - B: %s [%s, %s]\n",
           elo(rate, p_s, sizeof p_s), elo(lo, lo_s, sizeof lo_s),
           elo(hi, hi_s, sizeof hi_s));
    printf("elapsed: %.2f s (%.3f s per game, %.1f actions per game)\n", secs,
           secs / (double)games, (double)t.actions / (double)games);
    return 0;
}
