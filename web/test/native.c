/* native.c - the native library's word, for the browser test.
 *
 *   mg-web-native winner RECORD_FILE
 *       load the record and print "winner W terminal T score0 S0 score1 S1"
 *   mg-web-native bench SPEC BOT RUNS
 *       the first move of RUNS fresh bots (seeds 1..RUNS) from the start of
 *       SPEC, as the page's worker measures it: "ms M0 M1 ..." then
 *       "median_ms M"
 */
#define _POSIX_C_SOURCE 200809L
#include <mindgames.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    char err[512];
    if (argc == 3 && strcmp(argv[1], "winner") == 0) {
        mg_state *s;
        mg_game *g;
        int32_t s0, s1;
        char *text = slurp(argv[2]);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", argv[2]);
            return 1;
        }
        if (mg_state_load(&s, &g, text, err, sizeof err) != MG_OK) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        mg_state_score(s, 0, &s0);
        mg_state_score(s, 1, &s1);
        printf("winner %d terminal %d score0 %d score1 %d\n", mg_state_winner(s),
               mg_state_is_terminal(s), (int)s0, (int)s1);
        mg_state_free(s);
        mg_game_free(g);
        free(text);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "bench") == 0) {
        mg_game *g;
        mg_state *s;
        int runs = atoi(argv[4]), i;
        double *ms;
        if (runs < 1 || mg_game_new(&g, argv[2], err, sizeof err) != MG_OK) {
            fprintf(stderr, "%s\n", runs < 1 ? "RUNS must be >= 1" : err);
            return 1;
        }
        mg_state_new(&s, g);
        ms = malloc(sizeof *ms * (size_t)runs);
        printf("ms");
        for (i = 0; i < runs; i++) {
            mg_bot *bot;
            int32_t a;
            double t0;
            if (mg_bot_new(&bot, argv[3], (uint64_t)i + 1, err, sizeof err) != MG_OK) {
                fprintf(stderr, "%s\n", err);
                return 1;
            }
            t0 = now_ms();
            mg_bot_choose(bot, s, &a);
            ms[i] = now_ms() - t0;
            mg_bot_free(bot);
            printf(" %.3f", ms[i]);
        }
        qsort(ms, (size_t)runs, sizeof *ms, cmp);
        printf("\nmedian_ms %.3f\n", ms[runs / 2]);
        free(ms);
        mg_state_free(s);
        mg_game_free(g);
        return 0;
    }
    fprintf(stderr, "usage: %s winner RECORD | bench SPEC BOT RUNS\n", argv[0]);
    return 2;
}
