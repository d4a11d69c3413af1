/*
 * fuzz_actions.c - a random-action driver: any byte-chosen sequence of
 * operations on a state of any game of fuzz.h (the TS_FUZZ specs of
 * game_specs.h, then every other registered game at its defaults).
 *
 * Input: byte 0 picks the game; then each operation is one byte (its
 * value modulo 12 picks it) followed by the bytes it reads:
 *
 *   0-3  apply the k-th legal action (k: next byte, modulo their number)
 *   4    apply a raw id (two bytes, signed, modulo num_actions + 8: ids
 *        out of range and illegal ones included)
 *   5    undo
 *   6    clone: compare, play on the clone, check the source is untouched;
 *        odd byte: go on with the clone instead
 *   7    mg_state_copy into a state of another game, compare; odd byte:
 *        go on with the copy
 *   8    playout (max -1..15, seed: next byte), checked against a replay
 *   9    save -> load round trip (at most 4 per input; save only on
 *        games with a board, whose records fuzz_record loads; a record
 *        loaded before is compared with what its load gave, below)
 *   10   notation round trip of every legal action; is_legal of each
 *   11   a random or greedy bot chooses (must be legal) and it is applied;
 *        the input's first bot of a kind is seeded by the byte, later ones
 *        of that kind go on with it (the same-game path of mg_bot_choose)
 *
 * After every operation: the hash equals the one recorded for that
 * history length (so undo restores positions exactly), refused actions
 * change nothing, terminal/current player/winner/legal count agree.  At
 * the end the history equals the mirror kept here, and undoing everything
 * gives the start position.
 *
 * Speed (libFuzzer runs this millions of times): nothing expensive is made
 * per input.  The games, for each game its start position (never played
 * on), the states an input plays on (reset to the start by mg_state_copy)
 * and the buffers (legal actions: mg_game_max_legal_actions; histories,
 * records: grown by realloc, never shrunk) are made by the first call (the
 * fuzzer's empty input), so an input's mallocs and frees balance and
 * libFuzzer's leak check stays on.  A load makes a new game (mg_game_new:
 * for the games with symmetries the dearest call here), so a record
 * loaded once is not loaded again: the table `loaded` keeps what its load
 * gave (the observables of same_state), and a later save of the same text
 * is compared with that.  The library is deterministic (the same record
 * text loads to the same state), so this checks the same.  make fuzz
 * builds the library for this target without -fsanitize-coverage's
 * trace-cmp (the bytes only pick operations: comparison feedback does not
 * help it and cost half its time).
 */
#include "fuzz.h"

#define MAX_OPS 4000
#define MAX_RECORDS 4     /* op 9s per input that save (and load) */
#define N_LOADED (1 << 16) /* the table of loaded records (a power of 2) */

static fuzz_games games;

/* For each game: made by the first call, kept for the run. */
typedef struct slot {
    mg_state *start;  /* the start position, never played on */
    mg_state *work;   /* the input's state (reset to start) */
    mg_state *other;  /* op 7's target (reset to the next game's start) */
    mg_state *replay; /* op 8's replay */
    int32_t *legal;   /* max_legal: the list check_state keeps */
    int32_t *scratch; /* max_legal: disturb() */
} slot;

static slot slots[FUZZ_MAX_GAMES];

/* A buffer kept between inputs, grown by realloc. */
typedef struct buffer {
    void *p;
    size_t cap; /* bytes */
} buffer;

static void *grow(buffer *b, size_t bytes)
{
    if (bytes > b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 4096;
        void *p;
        while (cap < bytes)
            cap *= 2;
        p = realloc(b->p, cap);
        FUZZ_REQUIRE(p != NULL, "out of memory");
        b->p = p;
        b->cap = cap;
    }
    return b->p;
}

/* The mirror of the history and the hashes recorded, a state's history
 * (two: same_state), the record of op 9. */
static buffer mirror_hist, mirror_hash, hist_a, hist_b, record;

/* What same_state compares, of a loaded record. */
typedef struct observed {
    uint64_t hash, hist; /* hist: fuzz_fnv of the history */
    size_t hlen;
    int player, winner;
    int32_t score;
} observed;

/* A record loaded (key: its text's length and two hashes, and the game)
 * and what the load gave. */
typedef struct loaded_record {
    uint64_t k1, k2;
    size_t len;
    int game; /* index + 1; 0: empty */
    observed o;
} loaded_record;

static loaded_record loaded[N_LOADED];

typedef struct {
    mg_state *s;
    const mg_game *g;
    int gi;
    int32_t num;
    size_t max_legal;
    int32_t *legal;   /* max_legal */
    size_t nlegal;
    int32_t *hist;    /* mirror of the history */
    uint64_t *hash;   /* hash[i]: after i actions */
    size_t hlen, hcap;
    const uint8_t *p, *end;
    unsigned checks;
    int records;      /* op 9s run */
    mg_bot *bot[2];   /* random, greedy: this input's bots */
} run;

static void init_all(void)
{
    int i;
    fuzz_games_init(&games);
    for (i = 0; i < games.n; i++) {
        slot *sl = &slots[i];
        const mg_game *g = games.game[i];
        size_t max = (size_t)mg_game_max_legal_actions(g);
        FUZZ_REQUIRE(mg_state_new(&sl->start, g) == MG_OK &&
                         mg_state_new(&sl->work, g) == MG_OK &&
                         mg_state_new(&sl->replay, g) == MG_OK &&
                         mg_state_new(&sl->other,
                                      games.game[(i + 1) % games.n]) ==
                             MG_OK,
                     "state of %s", games.spec[i]);
        sl->legal = malloc(max * sizeof *sl->legal);
        sl->scratch = malloc(max * sizeof *sl->scratch);
        FUZZ_REQUIRE(sl->legal && sl->scratch, "out of memory");
    }
    grow(&mirror_hist, 4096 * sizeof(int32_t));
    grow(&mirror_hash, 4097 * sizeof(uint64_t));
    grow(&hist_a, 4096 * sizeof(int32_t));
    grow(&hist_b, 4096 * sizeof(int32_t));
    grow(&record, 65536);
}

static unsigned next(run *r)
{
    return r->p < r->end ? *r->p++ : 0;
}

static void push(run *r, int32_t a)
{
    if (r->hlen + 1 >= r->hcap) {
        size_t cap = 2 * r->hcap;
        r->hist = grow(&mirror_hist, cap * sizeof *r->hist);
        r->hash = grow(&mirror_hash, (cap + 1) * sizeof *r->hash);
        r->hcap = cap;
    }
    r->hist[r->hlen++] = a;
    r->hash[r->hlen] = mg_state_hash(r->s);
}

static void get_legal(run *r)
{
    size_t i;
    FUZZ_REQUIRE(mg_state_legal_actions(r->s, r->legal, r->max_legal,
                                        &r->nlegal) == MG_OK,
                 "legal_actions");
    for (i = 0; i < r->nlegal; i++)
        FUZZ_REQUIRE(r->legal[i] >= 0 && r->legal[i] < r->num &&
                         (i == 0 || r->legal[i - 1] < r->legal[i]),
                     "legal[%lu] = %d", (unsigned long)i, (int)r->legal[i]);
}

/* What must hold between any two operations (the scores, which count
 * groups in some games, every 8th time and at the end of a game). */
static void check_state(run *r)
{
    int t = mg_state_is_terminal(r->s), p = mg_state_current_player(r->s),
        w = mg_state_winner(r->s);
    size_t n = 0;
    int32_t s0, s1;
    FUZZ_REQUIRE(t == 0 || t == 1, "is_terminal %d", t);
    FUZZ_REQUIRE(t ? p == MG_NOBODY : (p == 0 || p == 1), "player %d", p);
    FUZZ_REQUIRE(t ? (w == 0 || w == 1 || w == MG_DRAW) : w == MG_NOBODY,
                 "winner %d (terminal %d)", w, t);
    get_legal(r);
    FUZZ_REQUIRE((r->nlegal == 0) == t, "%lu legal actions, terminal %d",
                 (unsigned long)r->nlegal, t);
    FUZZ_REQUIRE(mg_state_hash(r->s) == r->hash[r->hlen],
                 "hash after %lu actions differs from the one recorded",
                 (unsigned long)r->hlen);
    mg_state_history(r->s, NULL, 0, &n);
    FUZZ_REQUIRE(n == r->hlen, "history length %lu, mirror %lu",
                 (unsigned long)n, (unsigned long)r->hlen);
    if (r->checks++ % 8 && !t)
        return;
    FUZZ_REQUIRE(mg_state_score(r->s, 0, &s0) == MG_OK &&
                     mg_state_score(r->s, 1, &s1) == MG_OK,
                 "score");
    FUZZ_REQUIRE(mg_state_score(r->s, 2, &s0) == MG_ERANGE, "score of 2");
}

/* The history of s, in buffer b; its length in *n. */
static int32_t *history_of(const mg_state *s, buffer *b, size_t *n)
{
    int32_t *h;
    mg_state_history(s, NULL, 0, n);
    h = grow(b, (*n + 1) * sizeof *h);
    mg_state_history(s, h, *n, n);
    return h;
}

/* Compare two states for equality of everything observable. */
static void same_state(const mg_state *a, const mg_state *b, const char *what)
{
    size_t na = 0, nb = 0;
    int32_t *ha, *hb, sa, sb;
    FUZZ_REQUIRE(mg_state_hash(a) == mg_state_hash(b), "%s: hash", what);
    FUZZ_REQUIRE(mg_state_current_player(a) == mg_state_current_player(b),
                 "%s: player", what);
    FUZZ_REQUIRE(mg_state_winner(a) == mg_state_winner(b), "%s: winner",
                 what);
    mg_state_score(a, 0, &sa);
    mg_state_score(b, 0, &sb);
    FUZZ_REQUIRE(sa == sb, "%s: score", what);
    ha = history_of(a, &hist_a, &na);
    hb = history_of(b, &hist_b, &nb);
    FUZZ_REQUIRE(na == nb, "%s: history length", what);
    FUZZ_REQUIRE(memcmp(ha, hb, na * sizeof *ha) == 0, "%s: history", what);
}

/* What same_state compares, of s (the history as its hash). */
static void observe(const mg_state *s, observed *o)
{
    int32_t *h = history_of(s, &hist_a, &o->hlen);
    o->hash = mg_state_hash(s);
    o->player = mg_state_current_player(s);
    o->winner = mg_state_winner(s);
    mg_state_score(s, 0, &o->score);
    o->hist = fuzz_fnv(0xCBF29CE484222325ULL, h, o->hlen);
}

/* Apply `a` and check the result against is_legal; refused: unchanged. */
static void apply(run *r, int32_t a)
{
    int legal = mg_state_is_legal(r->s, a), t = mg_state_is_terminal(r->s);
    int rc = mg_state_apply(r->s, a);
    FUZZ_REQUIRE(legal == 0 || legal == 1, "is_legal %d", legal);
    if (a < 0 || a >= r->num) {
        FUZZ_REQUIRE(legal == 0, "out-of-range id %d legal", (int)a);
        FUZZ_REQUIRE(rc == MG_ERANGE || (t && rc == MG_EOVER),
                     "apply(%d) out of range: %d", (int)a, rc);
    } else if (legal) {
        FUZZ_REQUIRE(rc == MG_OK, "legal %d refused: %d", (int)a, rc);
    } else if (t) {
        FUZZ_REQUIRE(rc == MG_EOVER, "apply(%d) after the end: %d", (int)a,
                     rc);
    } else {
        FUZZ_REQUIRE(rc == MG_EILLEGAL, "illegal %d: %d", (int)a, rc);
    }
    if (rc == MG_OK)
        push(r, a);
}

static void op_undo(run *r)
{
    int rc = mg_state_undo(r->s);
    if (r->hlen == 0) {
        FUZZ_REQUIRE(rc == MG_EEMPTY, "undo at the start: %d", rc);
        return;
    }
    FUZZ_REQUIRE(rc == MG_OK, "undo: %d", rc);
    r->hlen--;
}

/* Play on `other` (a few legal actions and a playout), then undo them;
 * buf holds max_legal actions of other's game. */
static void disturb(mg_state *other, const mg_game *g, int32_t *buf,
                    unsigned seed)
{
    size_t n = 0;
    int k, done;
    mg_state_legal_actions(other, buf, (size_t)mg_game_max_legal_actions(g),
                           &n);
    k = n ? 1 : 0;
    if (n)
        FUZZ_REQUIRE(mg_state_apply(other, buf[seed % n]) == MG_OK, "apply");
    done = mg_state_playout(other, seed, 12);
    FUZZ_REQUIRE(done >= 0 && done <= 12, "playout %d", done);
    for (k += done; k > 0; k--)
        FUZZ_REQUIRE(mg_state_undo(other) == MG_OK, "undo");
}

static void op_clone(run *r, unsigned b)
{
    mg_state *c = NULL;
    uint64_t h = mg_state_hash(r->s);
    FUZZ_REQUIRE(mg_state_clone(&c, r->s) == MG_OK, "clone");
    same_state(r->s, c, "clone");
    disturb(c, r->g, slots[r->gi].scratch, b);
    same_state(r->s, c, "clone after play and undo");
    FUZZ_REQUIRE(mg_state_hash(r->s) == h, "source changed by its clone");
    if (b & 1) {
        mg_state_free(r->s);
        r->s = c;
    } else {
        mg_state_free(c);
    }
}

static void op_copy(run *r, unsigned b, mg_state **other)
{
    uint64_t h = mg_state_hash(r->s);
    FUZZ_REQUIRE(mg_state_copy(*other, r->s) == MG_OK, "copy");
    FUZZ_REQUIRE(mg_state_game(*other) == r->g, "copy: game");
    same_state(r->s, *other, "copy");
    disturb(*other, r->g, slots[r->gi].scratch, b);
    FUZZ_REQUIRE(mg_state_hash(r->s) == h, "source changed by its copy");
    if (b & 1) {
        mg_state *t = r->s;
        r->s = *other;
        *other = t;
    }
}

static void op_playout(run *r, int32_t max, uint64_t seed)
{
    mg_state *c = slots[r->gi].replay;
    size_t n = 0, i, before = r->hlen;
    int32_t *h;
    int done;
    FUZZ_REQUIRE(mg_state_copy(c, r->s) == MG_OK, "copy");
    done = mg_state_playout(r->s, seed, max);
    FUZZ_REQUIRE(done >= 0 && (max < 0 || done <= max), "playout %d (max %d)",
                 done, (int)max);
    if (max < 0)
        FUZZ_REQUIRE(mg_state_is_terminal(r->s) == 1,
                     "a whole playout ends the game");
    h = history_of(r->s, &hist_b, &n);
    FUZZ_REQUIRE(n == before + (size_t)done, "history after playout");
    FUZZ_REQUIRE(before == 0 || memcmp(h, r->hist, before * sizeof *h) == 0,
                 "playout changed the past");
    for (i = before; i < n; i++) {
        FUZZ_REQUIRE(mg_state_is_legal(c, h[i]) == 1,
                     "playout action %d not legal", (int)h[i]);
        FUZZ_REQUIRE(mg_state_apply(c, h[i]) == MG_OK, "replay");
        {
            mg_state *keep = r->s;
            r->s = c; /* record the hash of the replayed position */
            push(r, h[i]);
            r->s = keep;
        }
    }
    same_state(r->s, c, "playout vs replay");
}

/* Two hashes of a record's text (FNV-1a 64 and a multiply-rotate one). */
static void record_keys(const char *t, size_t len, uint64_t *k1,
                        uint64_t *k2)
{
    uint64_t a = 0xCBF29CE484222325ULL, b = 0x9E3779B97F4A7C15ULL;
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)t[i];
        a = (a ^ c) * 0x100000001B3ULL;
        b = (b + c) * 0xBF58476D1CE4E5B9ULL;
        b ^= b >> 29;
    }
    *k1 = a;
    *k2 = b;
}

static void op_record(run *r)
{
    size_t need = 0, len;
    char *rec, err[256];
    mg_state *t = NULL;
    mg_game *g = NULL;
    uint64_t k1, k2;
    loaded_record *e;
    observed o;
    FUZZ_REQUIRE(mg_state_save(r->s, NULL, 0, &need) == MG_ENOBUFS, "size");
    rec = grow(&record, need);
    FUZZ_REQUIRE(mg_state_save(r->s, rec, need, NULL) == MG_OK, "save");
    len = strlen(rec);
    FUZZ_REQUIRE(len + 1 == need, "save size");
    if (mg_game_board(r->g))
        return;
    record_keys(rec, len, &k1, &k2);
    e = &loaded[k1 & (N_LOADED - 1)];
    if (e->game == r->gi + 1 && e->len == len && e->k1 == k1 && e->k2 == k2) {
        /* loaded before: the state must be the one that load gave */
        observe(r->s, &o);
        FUZZ_REQUIRE(o.hash == e->o.hash, "save/load: hash");
        FUZZ_REQUIRE(o.player == e->o.player, "save/load: player");
        FUZZ_REQUIRE(o.winner == e->o.winner, "save/load: winner");
        FUZZ_REQUIRE(o.score == e->o.score, "save/load: score");
        FUZZ_REQUIRE(o.hlen == e->o.hlen, "save/load: history length");
        FUZZ_REQUIRE(o.hist == e->o.hist, "save/load: history");
        return;
    }
    FUZZ_REQUIRE(mg_state_load(&t, &g, rec, err, sizeof err) == MG_OK,
                 "load of a saved record: %s\n%s", err, rec);
    same_state(r->s, t, "save/load");
    observe(t, &e->o);
    e->k1 = k1;
    e->k2 = k2;
    e->len = len;
    e->game = r->gi + 1;
    mg_state_free(t);
    mg_game_free(g);
}

static void op_notation(run *r)
{
    size_t i;
    for (i = 0; i < r->nlegal; i++) {
        char name[256], err[256];
        int32_t back = -1;
        FUZZ_REQUIRE(mg_state_is_legal(r->s, r->legal[i]) == 1,
                     "listed %d not legal", (int)r->legal[i]);
        FUZZ_REQUIRE(mg_state_action_to_string(r->s, r->legal[i], name,
                                               sizeof name, NULL) == MG_OK,
                     "to_string");
        FUZZ_REQUIRE(mg_state_action_from_string(r->s, name, &back, err,
                                                 sizeof err) == MG_OK &&
                         back == r->legal[i],
                     "'%s' (of %d) parses to %d: %s", name,
                     (int)r->legal[i], (int)back, err);
    }
}

static void op_bot(run *r, unsigned b)
{
    mg_bot **bot = &r->bot[b & 1];
    int32_t a = -1;
    int rc, t = mg_state_is_terminal(r->s);
    if (!*bot)
        FUZZ_REQUIRE(mg_bot_new(bot, (b & 1) ? "greedy" : "random", b, NULL,
                                0) == MG_OK,
                     "bot");
    rc = mg_bot_choose(*bot, r->s, &a);
    if (t) {
        FUZZ_REQUIRE(rc == MG_EOVER, "choose after the end: %d", rc);
    } else {
        FUZZ_REQUIRE(rc == MG_OK, "choose: %d", rc);
        FUZZ_REQUIRE(mg_state_is_legal(r->s, a) == 1, "bot chose %d",
                     (int)a);
        apply(r, a);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run r;
    slot *sl;
    mg_state *other;
    int ops = 0, gi;
    size_t n = 0;
    int32_t *h;

    if (!games.n)
        init_all(); /* the first call: libFuzzer's empty input */
    if (size < 1)
        return 0;
    memset(&r, 0, sizeof r);
    gi = data[0] % games.n;
    sl = &slots[gi];
    r.gi = gi;
    r.g = games.game[gi];
    r.num = mg_game_num_actions(r.g);
    r.max_legal = (size_t)mg_game_max_legal_actions(r.g);
    r.legal = sl->legal;
    r.p = data + 1;
    r.end = data + size;
    r.hist = mirror_hist.p;
    r.hash = mirror_hash.p;
    r.hcap = mirror_hist.cap / sizeof *r.hist;
    /* the states of earlier inputs, back at the start */
    r.s = sl->work;
    other = sl->other;
    FUZZ_REQUIRE(mg_state_copy(r.s, sl->start) == MG_OK &&
                     mg_state_copy(other,
                                   slots[(gi + 1) % games.n].start) == MG_OK,
                 "reset");
    FUZZ_REQUIRE(mg_state_game(r.s) == r.g &&
                     mg_state_game(other) == games.game[(gi + 1) % games.n],
                 "reset: game");
    same_state(r.s, sl->start, "reset to the start");
    r.hash[0] = mg_state_hash(r.s);
    check_state(&r);

    while (r.p < r.end && ops++ < MAX_OPS) {
        unsigned op = next(&r) % 12, b;
        switch (op) {
        case 0: case 1: case 2: case 3:
            b = next(&r);
            if (r.nlegal)
                apply(&r, r.legal[b % r.nlegal]);
            else
                apply(&r, (int32_t)(b % (unsigned)r.num));
            break;
        case 4: {
            int16_t raw = (int16_t)(uint16_t)((next(&r) << 8) | next(&r));
            apply(&r, (int32_t)raw % (r.num + 8));
            break;
        }
        case 5:
            op_undo(&r);
            break;
        case 6:
            op_clone(&r, next(&r));
            break;
        case 7:
            op_copy(&r, next(&r), &other);
            break;
        case 8: {
            int32_t max = (int32_t)(next(&r) % 17) - 1;
            op_playout(&r, max, next(&r));
            break;
        }
        case 9:
            /* a load makes a game (China: generates its board, which
             * fuzz_record covers): at most MAX_RECORDS per input */
            if (r.records++ < MAX_RECORDS)
                op_record(&r);
            break;
        case 10:
            op_notation(&r);
            break;
        default:
            op_bot(&r, next(&r));
            break;
        }
        check_state(&r);
    }

    /* the history is the mirror; undo all the way gives the start */
    h = history_of(r.s, &hist_a, &n);
    FUZZ_REQUIRE(n == r.hlen &&
                     (n == 0 || memcmp(h, r.hist, n * sizeof *h) == 0),
                 "history differs from the mirror");
    while (r.hlen) {
        op_undo(&r);
        FUZZ_REQUIRE(mg_state_hash(r.s) == r.hash[r.hlen],
                     "undo to %lu actions", (unsigned long)r.hlen);
    }
    FUZZ_REQUIRE(mg_state_undo(r.s) == MG_EEMPTY, "undo past the start");
    same_state(r.s, sl->start, "undone to the start");
    mg_bot_free(r.bot[0]);
    mg_bot_free(r.bot[1]);
    sl->work = r.s; /* kept for the next input of this game */
    sl->other = other;
    return 0;
}
