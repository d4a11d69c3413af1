/*
 * slow_variety.c - make check-slow: 10,000 seeds per board kind give
 * 10,000 different boards (no two equal fingerprints, i.e. none is a
 * translation, rotation or reflection of another), and every board's text
 * round-trips through mg_board_parse.  Too slow for make check.
 */
#include <mindgames.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEDS 10000

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    static uint64_t fp[SEEDS];
    static char text[16384], again[16384];
    int seeds = argc > 1 ? atoi(argv[1]) : SEEDS, k, i, failed = 0;
    if (seeds < 2 || seeds > SEEDS)
        seeds = SEEDS;
    for (k = 0; k < 2; k++) {
        int kind = k ? MG_BOARD_LABYRINTH : MG_BOARD_OCTOPUSZLE, dups = 0;
        for (i = 0; i < seeds; i++) {
            mg_board *b = NULL, *p = NULL;
            char err[256];
            if (mg_board_generate(&b, kind, (uint64_t)i) ||
                mg_board_format(b, text, sizeof text, NULL) ||
                mg_board_parse(&p, text, err, sizeof err) ||
                mg_board_format(p, again, sizeof again, NULL) ||
                strcmp(text, again) ||
                mg_board_fingerprint(p) != mg_board_fingerprint(b)) {
                fprintf(stderr, "kind %d seed %d: round trip failed\n", kind, i);
                failed = 1;
            }
            fp[i] = mg_board_fingerprint(b);
            mg_board_free(b);
            mg_board_free(p);
        }
        qsort(fp, (size_t)seeds, sizeof fp[0], cmp_u64);
        for (i = 1; i < seeds; i++)
            dups += fp[i] == fp[i - 1];
        printf("%s: %d seeds, %d distinct fingerprints\n",
               k ? "labyrinth" : "octopuszle", seeds, seeds - dups);
        if (dups)
            failed = 1;
    }
    printf("%d passed, %d failed\n", failed ? 0 : 1, failed ? 1 : 0);
    return failed;
}
