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
 *   8    playout (max -1..15, seed: next bytes), checked against a replay
 *   9    save -> load round trip (at most 4 per input; save only on
 *        games with a board, whose records fuzz_record loads)
 *   10   notation round trip of every legal action; is_legal of each
 *   11   a random or greedy bot chooses (must be legal) and it is applied
 *
 * After every operation: the hash equals the one recorded for that
 * history length (so undo restores positions exactly), refused actions
 * change nothing, terminal/current player/winner/legal count agree.  At
 * the end the history equals the mirror kept here, and undoing everything
 * gives the start position.
 */
#include "fuzz.h"

#define MAX_OPS 4000

static fuzz_games games;

typedef struct {
    mg_state *s;
    const mg_game *g;
    int32_t num;
    size_t max_legal;
    int32_t *legal;   /* max_legal */
    size_t nlegal;
    int32_t *hist;    /* mirror of the history */
    uint64_t *hash;   /* hash[i]: after i actions */
    size_t hlen, hcap;
    const uint8_t *p, *end;
    unsigned checks;
} run;

static unsigned next(run *r)
{
    return r->p < r->end ? *r->p++ : 0;
}

static void push(run *r, int32_t a)
{
    if (r->hlen + 1 >= r->hcap) {
        size_t cap = r->hcap ? 2 * r->hcap : 256;
        int32_t *h = realloc(r->hist, cap * sizeof *h);
        uint64_t *z;
        FUZZ_REQUIRE(h != NULL, "out of memory");
        r->hist = h;
        z = realloc(r->hash, (cap + 1) * sizeof *z);
        FUZZ_REQUIRE(z != NULL, "out of memory");
        r->hash = z;
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
    mg_state_history(a, NULL, 0, &na);
    mg_state_history(b, NULL, 0, &nb);
    FUZZ_REQUIRE(na == nb, "%s: history length", what);
    ha = malloc((na + 1) * sizeof *ha);
    hb = malloc((nb + 1) * sizeof *hb);
    FUZZ_REQUIRE(ha && hb, "out of memory");
    mg_state_history(a, ha, na, &na);
    mg_state_history(b, hb, nb, &nb);
    FUZZ_REQUIRE(memcmp(ha, hb, na * sizeof *ha) == 0, "%s: history", what);
    free(ha);
    free(hb);
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

/* Play on `other` (a few legal actions and a playout), then undo them. */
static void disturb(mg_state *other, const mg_game *g, unsigned seed)
{
    int32_t *buf = malloc((size_t)mg_game_max_legal_actions(g) * sizeof *buf);
    size_t n = 0;
    int k, done;
    FUZZ_REQUIRE(buf != NULL, "out of memory");
    mg_state_legal_actions(other, buf, (size_t)mg_game_max_legal_actions(g),
                           &n);
    k = n ? 1 : 0;
    if (n)
        FUZZ_REQUIRE(mg_state_apply(other, buf[seed % n]) == MG_OK, "apply");
    done = mg_state_playout(other, seed, 12);
    FUZZ_REQUIRE(done >= 0 && done <= 12, "playout %d", done);
    for (k += done; k > 0; k--)
        FUZZ_REQUIRE(mg_state_undo(other) == MG_OK, "undo");
    free(buf);
}

static void op_clone(run *r, unsigned b)
{
    mg_state *c = NULL;
    uint64_t h = mg_state_hash(r->s);
    FUZZ_REQUIRE(mg_state_clone(&c, r->s) == MG_OK, "clone");
    same_state(r->s, c, "clone");
    disturb(c, r->g, b);
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
    disturb(*other, r->g, b);
    FUZZ_REQUIRE(mg_state_hash(r->s) == h, "source changed by its copy");
    if (b & 1) {
        mg_state *t = r->s;
        r->s = *other;
        *other = t;
    }
}

static void op_playout(run *r, int32_t max, uint64_t seed)
{
    mg_state *c = NULL;
    size_t n = 0, i, before = r->hlen;
    int32_t *h;
    int done;
    FUZZ_REQUIRE(mg_state_clone(&c, r->s) == MG_OK, "clone");
    done = mg_state_playout(r->s, seed, max);
    FUZZ_REQUIRE(done >= 0 && (max < 0 || done <= max), "playout %d (max %d)",
                 done, (int)max);
    if (max < 0)
        FUZZ_REQUIRE(mg_state_is_terminal(r->s) == 1,
                     "a whole playout ends the game");
    mg_state_history(r->s, NULL, 0, &n);
    FUZZ_REQUIRE(n == before + (size_t)done, "history after playout");
    h = malloc((n + 1) * sizeof *h);
    FUZZ_REQUIRE(h != NULL, "out of memory");
    mg_state_history(r->s, h, n, &n);
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
    free(h);
    mg_state_free(c);
}

static void op_record(run *r)
{
    size_t need = 0;
    char *rec, err[256];
    mg_state *t = NULL;
    mg_game *g = NULL;
    FUZZ_REQUIRE(mg_state_save(r->s, NULL, 0, &need) == MG_ENOBUFS, "size");
    rec = malloc(need);
    FUZZ_REQUIRE(rec != NULL, "out of memory");
    FUZZ_REQUIRE(mg_state_save(r->s, rec, need, NULL) == MG_OK, "save");
    FUZZ_REQUIRE(strlen(rec) + 1 == need, "save size");
    if (mg_game_board(r->g)) {
        free(rec);
        return;
    }
    FUZZ_REQUIRE(mg_state_load(&t, &g, rec, err, sizeof err) == MG_OK,
                 "load of a saved record: %s\n%s", err, rec);
    same_state(r->s, t, "save/load");
    mg_state_free(t);
    mg_game_free(g);
    free(rec);
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
    mg_bot *bot = NULL;
    int32_t a = -1;
    int rc, t = mg_state_is_terminal(r->s);
    FUZZ_REQUIRE(mg_bot_new(&bot, (b & 1) ? "greedy" : "random", b, NULL,
                            0) == MG_OK,
                 "bot");
    rc = mg_bot_choose(bot, r->s, &a);
    if (t) {
        FUZZ_REQUIRE(rc == MG_EOVER, "choose after the end: %d", rc);
    } else {
        FUZZ_REQUIRE(rc == MG_OK, "choose: %d", rc);
        FUZZ_REQUIRE(mg_state_is_legal(r->s, a) == 1, "bot chose %d",
                     (int)a);
        apply(r, a);
    }
    mg_bot_free(bot);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run r;
    mg_state *other = NULL, *fresh = NULL;
    int ops = 0, records = 0, gi;
    size_t n = 0;
    int32_t *h;

    if (!games.n)
        fuzz_games_init(&games);
    if (size < 1)
        return 0;
    memset(&r, 0, sizeof r);
    gi = data[0] % games.n;
    r.g = games.game[gi];
    r.num = mg_game_num_actions(r.g);
    r.max_legal = (size_t)mg_game_max_legal_actions(r.g);
    r.legal = malloc(r.max_legal * sizeof *r.legal);
    FUZZ_REQUIRE(r.legal != NULL, "out of memory");
    r.p = data + 1;
    r.end = data + size;
    FUZZ_REQUIRE(mg_state_new(&r.s, r.g) == MG_OK, "state");
    FUZZ_REQUIRE(mg_state_new(&other, games.game[(gi + 1) % games.n]) ==
                     MG_OK,
                 "state");
    r.hash = malloc(sizeof *r.hash);
    FUZZ_REQUIRE(r.hash != NULL, "out of memory");
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
            /* loading a China record generates its board again, which
             * dominates under the fuzzer's instrumentation: fuzz_record
             * covers those; here at most 4 per input on other games */
            if (records++ < 4)
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
    mg_state_history(r.s, NULL, 0, &n);
    h = malloc((n + 1) * sizeof *h);
    FUZZ_REQUIRE(h != NULL, "out of memory");
    mg_state_history(r.s, h, n, &n);
    FUZZ_REQUIRE(n == r.hlen &&
                     (n == 0 || memcmp(h, r.hist, n * sizeof *h) == 0),
                 "history differs from the mirror");
    free(h);
    while (r.hlen) {
        op_undo(&r);
        FUZZ_REQUIRE(mg_state_hash(r.s) == r.hash[r.hlen],
                     "undo to %lu actions", (unsigned long)r.hlen);
    }
    FUZZ_REQUIRE(mg_state_undo(r.s) == MG_EEMPTY, "undo past the start");
    FUZZ_REQUIRE(mg_state_new(&fresh, r.g) == MG_OK, "state");
    same_state(r.s, fresh, "undone to the start");
    mg_state_free(fresh);
    mg_state_free(other);
    mg_state_free(r.s);
    free(r.legal);
    free(r.hist);
    free(r.hash);
    return 0;
}
