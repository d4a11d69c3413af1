/*
 * gen_corpus.c - write the seed corpus of the fuzz targets:
 *
 *     gen_corpus DIR     (make fuzz-corpus: DIR = tests/fuzz/corpus)
 *
 * DIR/spec      every registered game id, the spec and canonical spec of
 *               every game of fuzz.h, the spec seeds of the shared table
 *               (game_specs.h, TS_SEED), bot specs, a few malformed specs
 * DIR/notation  for every game of fuzz.h, positions after 0, 5 and 15
 *               random actions (the target's own seed) with the notation of
 *               some legal and illegal actions, and malformed notations
 * DIR/record    records made by mg_state_save for every game of fuzz.h
 *               (start, middle, end), and of the table's TS_ON_BOARD games
 *               on an explicit board (records with a board section)
 * DIR/board     boards of three seeds of each kind, from mg_board_format
 * DIR/actions   byte strings driving every game of fuzz.h
 *
 * Existing files of the same name are overwritten; others (regression
 * inputs, files libFuzzer added) are left alone.  Deterministic.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz.h"

#include "../eval_test.h"
#include "../test_rng.h"

#include <errno.h>
#include <sys/stat.h>

static const char *root;
static int written;

static void put(const char *dir, const char *name, const void *data,
                size_t n)
{
    char path[1024];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", root, dir);
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        perror(path);
        exit(1);
    }
    snprintf(path, sizeof path, "%s/%s/%s", root, dir, name);
    f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
        perror(path);
        exit(1);
    }
    written++;
}

static void put_str(const char *dir, const char *name, const char *s)
{
    put(dir, name, s, strlen(s));
}

static uint64_t rng_state = 0x6d696e6467616d65ULL;

/* Spec seeds besides the table's: bot specs, then malformed specs.  The
 * table's TS_SEED entries are spec/extra-NN by their corpus numbers
 * (00 .. 10); these follow as extra-11 .. extra-29.  A new seed of either
 * kind takes a number not in use (30, ...); two seeds of one number abort
 * here. */
#define FIRST_PARSER_SEED 11

static void spec_seeds(const fuzz_games *t)
{
    static const char *const parser[] = {
        "random", "greedy", "mcts", "mcts(iterations=50)",
        "mcts(iterations=100,c=1.414,bias=0,margin=0,reuse=false)",
        "mcts(iterations=0,time_ms=5)", "MCTS ( c = 0.5 , margin = 1 )",
        "", "dots_and_boxes(", "dots_and_boxes()", "dots_and_boxes(rows=0)",
        "dots_and_boxes(rows=3,rows=3)", "dots_and_boxes(size=3)",
        "nosuchgame", "mcts(c=1.4142)", "mcts(iterations=-1)",
        "fangqi(width=2,height=2)", "china_tangle(board=1,board=2)",
        "dots_and_boxes(rows=99999999999999999999999)",
    };
    enum { N_PARSER = sizeof parser / sizeof parser[0] };
    char name[64], spec[4096];
    int i, k;
    for (i = 0; i < mg_game_count(); i++) {
        snprintf(name, sizeof name, "id-%s", mg_game_id_at(i));
        put_str("spec", name, mg_game_id_at(i));
    }
    for (i = 0; i < t->n; i++) {
        snprintf(name, sizeof name, "table-%02d", i);
        put_str("spec", name, t->spec[i]);
        if (mg_game_spec(t->game[i], spec, sizeof spec, NULL) == MG_OK) {
            snprintf(name, sizeof name, "table-%02d-canonical", i);
            put_str("spec", name, spec);
        }
    }
    for (i = 0; i < MG_N_TEST_SPECS; i++) {
        const mg_test_spec *e = &mg_test_specs[i];
        if (!(e->uses & TS_SEED))
            continue;
        FUZZ_REQUIRE(e->corpus >= 0, "%s: TS_SEED without a number", e->name);
        FUZZ_REQUIRE(e->corpus < FIRST_PARSER_SEED ||
                         e->corpus >= FIRST_PARSER_SEED + N_PARSER,
                     "%s: spec seed %d is a parser seed's", e->name,
                     e->corpus);
        for (k = 0; k < i; k++)
            FUZZ_REQUIRE(!(mg_test_specs[k].uses & TS_SEED) ||
                             mg_test_specs[k].corpus != e->corpus,
                         "%s and %s: both spec seed %d", mg_test_specs[k].name,
                         e->name, e->corpus);
        snprintf(name, sizeof name, "extra-%02d", e->corpus);
        put_str("spec", name, e->spec);
    }
    for (i = 0; i < N_PARSER; i++) {
        snprintf(name, sizeof name, "extra-%02d", FIRST_PARSER_SEED + i);
        put_str("spec", name, parser[i]);
    }
}

/* The target: data[0] = game, data[1] = playout length, then the text. */
static void notation_seed(int gi, int k, const char *text, const char *tag)
{
    char buf[512], name[64];
    size_t n = strlen(text);
    buf[0] = (char)gi;
    buf[1] = (char)k;
    memcpy(buf + 2, text, n);
    snprintf(name, sizeof name, "g%02d-k%02d-%s", gi, k, tag);
    put("notation", name, buf, n + 2);
}

static void notation_seeds(const fuzz_games *t)
{
    static const char *const bad[] = {"", "#0", "#99999", "a1-", "-b2",
                                      "zz999", "a0", "A1-B1-C1", "swap x",
                                      "xx1", "done", "pass", "a1*b2"};
    static const int ks[] = {0, 5, 15};
    int gi, ki, i;
    for (gi = 0; gi < t->n; gi++) {
        for (ki = 0; ki < 3; ki++) {
            mg_state *s = NULL;
            int32_t *legal;
            size_t n = 0, max = (size_t)mg_game_max_legal_actions(t->game[gi]);
            int32_t num = mg_game_num_actions(t->game[gi]);
            char text[256], tag[32];
            mg_state_new(&s, t->game[gi]);
            mg_state_playout(s, 12345, ks[ki]);
            legal = malloc(max * sizeof *legal);
            mg_state_legal_actions(s, legal, max, &n);
            for (i = 0; i < 4 && n; i++) {
                int32_t a = legal[(size_t)i * (n - 1) / 3];
                mg_state_action_to_string(s, a, text, sizeof text, NULL);
                snprintf(tag, sizeof tag, "legal%d", i);
                notation_seed(gi, ks[ki], text, tag);
            }
            for (i = 0; i < 3; i++) {
                int32_t a = (int32_t)(mg_test_rand(&rng_state) % (uint64_t)num);
                mg_state_action_to_string(s, a, text, sizeof text, NULL);
                snprintf(tag, sizeof tag, "any%d", i);
                notation_seed(gi, ks[ki], text, tag);
            }
            free(legal);
            mg_state_free(s);
        }
        for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
            char tag[32];
            snprintf(tag, sizeof tag, "bad%02d", i);
            notation_seed(gi, 0, bad[i], tag);
        }
    }
}

static void record_of(const mg_state *s, const char *name)
{
    size_t need = 0;
    char *buf;
    mg_state_save(s, NULL, 0, &need);
    buf = malloc(need);
    mg_state_save(s, buf, need, NULL);
    put_str("record", name, buf);
    free(buf);
}

static void record_seeds(const fuzz_games *t)
{
    char name[64];
    int gi, i;
    for (gi = 0; gi < t->n; gi++) {
        mg_state *s = NULL;
        mg_state_new(&s, t->game[gi]);
        snprintf(name, sizeof name, "g%02d-start", gi);
        record_of(s, name);
        mg_state_playout(s, 100 + (uint64_t)gi, 10);
        snprintf(name, sizeof name, "g%02d-middle", gi);
        record_of(s, name);
        mg_state_playout(s, 200 + (uint64_t)gi, -1);
        snprintf(name, sizeof name, "g%02d-end", gi);
        record_of(s, name);
        mg_state_free(s);
    }
    /* the table's TS_ON_BOARD games: the board of the game its spec makes,
     * given to a game of the same id as an explicit board */
    for (i = 0; i < MG_N_TEST_SPECS; i++) {
        mg_game *seeded = NULL, *g = NULL;
        mg_state *s = NULL;
        if (!(mg_test_specs[i].uses & TS_ON_BOARD))
            continue;
        if (mg_game_new(&seeded, mg_test_specs[i].spec, NULL, 0) != MG_OK ||
            mg_game_new_with_board(&g, mg_game_id(seeded),
                                   mg_game_board(seeded), NULL, 0) != MG_OK) {
            mg_game_free(seeded);
            continue;
        }
        mg_state_new(&s, g);
        mg_state_playout(s, 7, 6);
        snprintf(name, sizeof name, "board-%s", mg_game_id(g));
        record_of(s, name);
        mg_state_free(s);
        mg_game_free(g);
        mg_game_free(seeded);
    }
}

static void board_seeds(void)
{
    int kind, i;
    for (kind = MG_BOARD_OCTOPUSZLE; kind <= MG_BOARD_LABYRINTH; kind++) {
        for (i = 1; i <= 3; i++) {
            mg_board *b = NULL;
            size_t need = 0;
            char *buf, name[64];
            mg_board_generate(&b, kind, (uint64_t)i);
            mg_board_format(b, NULL, 0, &need);
            buf = malloc(need);
            mg_board_format(b, buf, need, NULL);
            snprintf(name, sizeof name, "%s-%d",
                     kind == MG_BOARD_OCTOPUSZLE ? "octopuszle" : "labyrinth",
                     i);
            put_str("board", name, buf);
            free(buf);
            mg_board_free(b);
        }
    }
}

static void action_seeds(const fuzz_games *t)
{
    static const size_t lens[] = {48, 200, 800};
    unsigned char buf[1024];
    char name[64];
    int gi, li;
    size_t i;
    for (gi = 0; gi < t->n; gi++) {
        for (li = 0; li < 3; li++) {
            buf[0] = (unsigned char)gi;
            for (i = 1; i < lens[li]; i++) {
                uint64_t x = mg_test_rand(&rng_state);
                /* mostly legal actions, some of every other operation */
                buf[i] = (unsigned char)((x & 3) ? (x >> 8) % 4
                                                 : 4 + (x >> 8) % 8);
                if (i + 1 < lens[li])
                    buf[++i] = (unsigned char)(x >> 16);
            }
            snprintf(name, sizeof name, "g%02d-%lu", gi,
                     (unsigned long)lens[li]);
            put("actions", name, buf, lens[li]);
        }
        /* a whole playout, then undo half of it and play on */
        {
            unsigned char w[] = {0, 8, 0, 9, 5, 5, 5, 5, 6, 1, 0, 3, 7, 1,
                                 10, 11, 0, 8, 16, 2, 9, 11, 1};
            w[0] = (unsigned char)gi;
            snprintf(name, sizeof name, "g%02d-end", gi);
            put("actions", name, w, sizeof w);
        }
    }
}

/* MGNN files (fuzz_eval.c): valid networks of each input kind and depth,
 * and one of each defect the loader names. */
static void eval_seeds(void)
{
    static const char *const dab =
        "dots_and_boxes(grid=square,rows=1,cols=1,border=none,misere=false)";
    static const uint32_t one[1] = {1}, two[2] = {3, 1}, four[4] = {4, 3, 2, 1};
    static float w[512];
    char name[64];
    ev_buf b;
    size_t i;
    for (i = 0; i < sizeof w / sizeof w[0]; i++)
        w[i] = (float)((int)(i % 13) - 6) / 10.0f;
    ev_file(&b, dab, 1, 30, 1, one, w, ev_count(30, 1, one));
    put("eval", "dab1-obs", b.p, b.len);
    for (i = 0; i < b.len; i += 4) { /* each field broken, checksum right */
        unsigned char *p = malloc(b.len);
        memcpy(p, b.p, b.len);
        p[i] ^= 0x41;
        ev_fix_crc(p, b.len);
        snprintf(name, sizeof name, "dab1-flip-%03u", (unsigned)i);
        if (i < 64 || i + 8 >= b.len)
            put("eval", name, p, b.len);
        free(p);
    }
    put("eval", "dab1-cut", b.p, b.len / 2);
    free(b.p);
    ev_file(&b, dab, 2, 48, 2, two, w, ev_count(48, 2, two));
    put("eval", "dab1-features", b.p, b.len);
    free(b.p);
    ev_file(&b, dab, 1, 30, 4, four, w, ev_count(30, 4, four));
    put("eval", "dab1-deep", b.p, b.len);
    free(b.p);
    ev_file(&b, "dots_and_boxes", 1, 30, 1, one, w, 31);
    put("eval", "not-canonical", b.p, b.len);
    free(b.p);
    ev_file(&b, "nosuchgame", 1, 30, 1, one, w, 31);
    put("eval", "unknown-game", b.p, b.len);
    free(b.p);
}

int main(int argc, char **argv)
{
    fuzz_games t;
    if (argc != 2) {
        fprintf(stderr, "usage: %s DIR\n", argv[0]);
        return 2;
    }
    root = argv[1];
    if (mkdir(root, 0777) != 0 && errno != EEXIST) {
        perror(root);
        return 1;
    }
    fuzz_games_init(&t);
    spec_seeds(&t);
    notation_seeds(&t);
    record_seeds(&t);
    board_seeds();
    action_seeds(&t);
    eval_seeds();
    printf("gen_corpus: %d files in %s (%d games)\n", written, root, t.n);
    return 0;
}
