/*
 * check_errors.c - bad input everywhere: the error contract of
 * include/mindgames.h ("Conventions used by every function below").
 *
 * Every refused call must return the exact documented code, never crash,
 * set **out to NULL, leave the object it was refused on unchanged (hash,
 * history and text rendering compared before and after), and, for text
 * input, write a one-line ASCII message into `err, errcap` that names the
 * offending part and is always NUL-terminated and cut to fit.
 *
 * Groups:
 *   null      NULL pointers to every public function, *_free(NULL)
 *   range     out-of-range ids, illegal actions, game over, nothing to undo,
 *             bad players and render formats
 *   buffers   size queries and too-small buffers for every buffer function
 *   spec      malformed spec strings (RULES.md §0 "Spec strings"), fuzz
 *   notation  malformed notation (RULES.md §0 "Cells and names", §3.4)
 *   record    malformed records for mg_state_load, truncations, mutations
 *   copy      mg_state_copy between states of different games
 */
#include "tests.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

/* A non-NULL pointer that no constructor returns: out-parameters start as
 * this so that "set to NULL on failure" is really checked. */
static char sentinel_byte;
#define SENTINEL ((void *)&sentinel_byte)

/* Bytes the library must not touch are pre-filled with this. */
#define CANARY 'Z'

/* Fixed-seed PRNG of the fuzz tests (splitmix64). */
static uint64_t rng_next(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint32_t rng_below(uint64_t *x, uint32_t n)
{
    return (uint32_t)(rng_next(x) % n);
}

static int is_code(int rc, const int *codes, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (rc == codes[i])
            return 1;
    return 0;
}

/* err is NUL-terminated within errcap and is one line of printable ASCII.
 * Returns its length. */
static size_t check_msg(const char *err, size_t errcap)
{
    const char *nul = memchr(err, '\0', errcap);
    size_t i, n;
    MG_REQUIRE(nul != NULL, "message not NUL-terminated within errcap %lu",
               (unsigned long)errcap);
    n = (size_t)(nul - err);
    for (i = 0; i < n; i++)
        MG_REQUIRE((unsigned char)err[i] >= 0x20 &&
                       (unsigned char)err[i] < 0x7f,
                   "message byte %lu is 0x%02x, not printable ASCII: %s",
                   (unsigned long)i, (unsigned)(unsigned char)err[i], err);
    return n;
}

static void check_untouched(const char *buf, size_t from, size_t to,
                            const char *what)
{
    size_t i;
    for (i = from; i < to; i++)
        MG_REQUIRE(buf[i] == CANARY, "%s: byte %lu written past cap", what,
                   (unsigned long)i);
}

/* ---------------------------------------------- strings out of buffers */

/* One buffer-filling call: obj is a game or a state, arg a format or id. */
typedef int (*str_fn)(const void *obj, int arg, char *buf, size_t cap,
                      size_t *needed);

static int fn_spec(const void *g, int arg, char *buf, size_t cap,
                   size_t *needed)
{
    (void)arg;
    return mg_game_spec(g, buf, cap, needed);
}

static int fn_render(const void *s, int format, char *buf, size_t cap,
                     size_t *needed)
{
    return mg_state_render(s, format, buf, cap, needed);
}

static int fn_save(const void *s, int arg, char *buf, size_t cap,
                   size_t *needed)
{
    (void)arg;
    return mg_state_save(s, buf, cap, needed);
}

static int fn_action(const void *s, int action, char *buf, size_t cap,
                     size_t *needed)
{
    return mg_state_action_to_string(s, action, buf, cap, needed);
}

/* The whole string (caller frees). */
static char *str_alloc(str_fn f, const void *obj, int arg)
{
    size_t need = 0, need2 = 0;
    char *b;
    ck_assert_int_eq(f(obj, arg, NULL, 0, &need), MG_ENOBUFS);
    ck_assert_uint_ge(need, 1);
    b = malloc(need);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(f(obj, arg, b, need, &need2), MG_OK);
    ck_assert_uint_eq(need2, need);
    return b;
}

/* Header "Buffers": size query, cap = needed - 1, cap = 1, cap = needed,
 * buf NULL with cap > 0, needed NULL. */
static void check_string_buffer(str_fn f, const void *obj, int arg,
                                const char *what)
{
    size_t need = 0, n2 = 0, i;
    char *full, *buf;
    int rc;

    rc = f(obj, arg, NULL, 0, &need);
    ck_assert_msg(rc == MG_ENOBUFS, "%s: size query gave %d", what, rc);
    ck_assert_msg(need >= 2, "%s: needed %lu for a non-empty string", what,
                  (unsigned long)need);

    full = malloc(need + 16);
    buf = malloc(need + 16);
    ck_assert_ptr_nonnull(full);
    ck_assert_ptr_nonnull(buf);

    /* cap == needed: the whole string, NUL included, nothing beyond */
    memset(full, CANARY, need + 16);
    n2 = 0;
    rc = f(obj, arg, full, need, &n2);
    ck_assert_msg(rc == MG_OK, "%s: cap == needed gave %d", what, rc);
    ck_assert_uint_eq(n2, need);
    ck_assert_msg(strlen(full) + 1 == need, "%s: strlen %lu + 1 != %lu", what,
                  (unsigned long)strlen(full), (unsigned long)need);
    check_untouched(full, need, need + 16, what);

    /* cap == needed - 1: refused, empty string, size still stored */
    memset(buf, CANARY, need + 16);
    n2 = 0;
    rc = f(obj, arg, buf, need - 1, &n2);
    ck_assert_msg(rc == MG_ENOBUFS, "%s: cap == needed-1 gave %d", what, rc);
    ck_assert_uint_eq(n2, need);
    ck_assert_msg(buf[0] == '\0', "%s: partial result left in buf", what);
    check_untouched(buf, need - 1, need + 16, what);

    /* cap == 1: only room for the NUL */
    memset(buf, CANARY, need + 16);
    n2 = 0;
    ck_assert_int_eq(f(obj, arg, buf, 1, &n2), MG_ENOBUFS);
    ck_assert_uint_eq(n2, need);
    ck_assert(buf[0] == '\0');
    check_untouched(buf, 1, need + 16, what);

    /* a larger buffer gives the same string and size */
    {
        char *big = malloc(need + 100);
        ck_assert_ptr_nonnull(big);
        n2 = 0;
        ck_assert_int_eq(f(obj, arg, big, need + 100, &n2), MG_OK);
        ck_assert_uint_eq(n2, need);
        ck_assert_str_eq(big, full);
        /* needed is optional (check_spec.c passes NULL too) */
        ck_assert_int_eq(f(obj, arg, big, need + 100, NULL), MG_OK);
        ck_assert_str_eq(big, full);
        free(big);
    }

    /* buf NULL with cap > 0 is MG_EINVAL */
    for (i = 1; i <= need + 1; i += need) {
        rc = f(obj, arg, NULL, i, &n2);
        ck_assert_msg(rc == MG_EINVAL, "%s: NULL buf, cap %lu gave %d", what,
                      (unsigned long)i, rc);
    }
    free(full);
    free(buf);
}

/* ---------------------------------------------------------- snapshots */

/* What a refused call must not change. */
typedef struct {
    uint64_t hash;
    int player;
    size_t hlen;
    int32_t *hist;
    char *text;
    char *save;
} snapshot;

static int32_t *history_alloc(const mg_state *s, size_t *n)
{
    size_t cnt = 0, c2 = 0;
    int32_t *h;
    int rc = mg_state_history(s, NULL, 0, &cnt);
    ck_assert(rc == (cnt ? MG_ENOBUFS : MG_OK));
    h = malloc((cnt ? cnt : 1) * sizeof *h);
    ck_assert_ptr_nonnull(h);
    ck_assert_int_eq(mg_state_history(s, h, cnt, &c2), MG_OK);
    ck_assert_uint_eq(c2, cnt);
    *n = cnt;
    return h;
}

static void snap_take(snapshot *sn, const mg_state *s)
{
    sn->hash = mg_state_hash(s);
    sn->player = mg_state_current_player(s);
    sn->hist = history_alloc(s, &sn->hlen);
    sn->text = str_alloc(fn_render, s, MG_RENDER_TEXT);
    sn->save = str_alloc(fn_save, s, 0);
}

static void snap_free(snapshot *sn)
{
    free(sn->hist);
    free(sn->text);
    free(sn->save);
}

/* s still looks exactly like the snapshot. */
static void snap_same(const snapshot *sn, const mg_state *s, const char *after)
{
    snapshot now;
    snap_take(&now, s);
    ck_assert_msg(now.hash == sn->hash, "hash changed after %s", after);
    ck_assert_msg(now.player == sn->player, "player changed after %s", after);
    ck_assert_msg(now.hlen == sn->hlen, "history length changed after %s",
                  after);
    ck_assert_msg(memcmp(now.hist, sn->hist, now.hlen * sizeof *now.hist) ==
                      0,
                  "history changed after %s", after);
    ck_assert_msg(strcmp(now.text, sn->text) == 0,
                  "rendering changed after %s:\n%s\nwas:\n%s", after, now.text,
                  sn->text);
    ck_assert_msg(strcmp(now.save, sn->save) == 0, "record changed after %s",
                  after);
    snap_free(&now);
}

/* The id of a notation that must parse. */
static int32_t act(const mg_state *s, const char *text)
{
    int32_t a = -1;
    char err[128];
    int rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "parse '%s': %d %s", text, rc, err);
    return a;
}

static mg_state *new_state(const mg_game *g)
{
    mg_state *s = SENTINEL;
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* ------------------------------------------------- text input failures */

/* One text-parsing call: returns its code, checks its own out-params. */
typedef int (*text_fn)(const void *ctx, const char *text, char *err,
                       size_t errcap);

static int call_game_new(const void *ctx, const char *text, char *err,
                         size_t errcap)
{
    mg_game *g = SENTINEL;
    int rc = mg_game_new(&g, text, err, errcap);
    (void)ctx;
    if (rc == MG_OK) {
        ck_assert_ptr_nonnull(g);
        ck_assert(g != SENTINEL);
        mg_game_free(g);
    } else {
        ck_assert_msg(g == NULL, "mg_game_new failed (%d) but *out != NULL",
                      rc);
    }
    return rc;
}

static int call_parse(const void *ctx, const char *text, char *err,
                      size_t errcap)
{
    int32_t a = 12345;
    int rc = mg_state_action_from_string(ctx, text, &a, err, errcap);
    if (rc != MG_OK)
        ck_assert_msg(a == 12345, "failed parse (%d) changed *action to %d",
                      rc, (int)a);
    else
        ck_assert(a >= 0 && a < mg_game_num_actions(mg_state_game(ctx)));
    return rc;
}

static int call_load(const void *ctx, const char *text, char *err,
                     size_t errcap)
{
    mg_state *s = SENTINEL;
    mg_game *g = SENTINEL;
    int rc = mg_state_load(&s, &g, text, err, errcap);
    (void)ctx;
    if (rc == MG_OK) {
        ck_assert(s != NULL && s != SENTINEL && g != NULL && g != SENTINEL);
        ck_assert(mg_state_game(s) == g);
        mg_state_free(s);
        mg_game_free(g);
    } else {
        ck_assert_msg(s == NULL && g == NULL,
                      "mg_state_load failed (%d) but left an out non-NULL",
                      rc);
    }
    return rc;
}

/* `text` is refused with `code`; the message is non-empty, printable,
 * names `needle` (when not NULL), and is cut to fit small errcaps without
 * writing past them; err may be NULL/0. */
static void text_fails(text_fn fn, const void *ctx, const char *what,
                       const char *text, int code, const char *needle)
{
    static const size_t caps[] = {1, 2, 8, 24};
    char full[512], buf[64];
    size_t n, i;
    int rc;

    memset(full, CANARY, sizeof full);
    rc = fn(ctx, text, full, sizeof full);
    ck_assert_msg(rc == code, "%s(\"%s\") = %d (%s), want %d (%s); err: %.200s",
                  what, text, rc, mg_strerror(rc), code, mg_strerror(code),
                  rc == MG_OK ? "" : full);
    n = check_msg(full, sizeof full);
    ck_assert_msg(n > 0, "%s(\"%s\"): empty error message", what, text);
    if (needle)
        ck_assert_msg(strstr(full, needle) != NULL,
                      "%s(\"%s\"): message \"%s\" does not name \"%s\"", what,
                      text, full, needle);

    /* no message buffer at all */
    ck_assert_int_eq(fn(ctx, text, NULL, 0), code);
    ck_assert_int_eq(fn(ctx, text, NULL, 100), code);
    memset(buf, CANARY, sizeof buf);
    ck_assert_int_eq(fn(ctx, text, buf, 0), code);
    ck_assert_msg(buf[0] == CANARY, "%s: errcap 0 but err written", what);

    /* small buffers: the same message, cut to fit */
    for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        size_t cap = caps[i], m, want = n < cap - 1 ? n : cap - 1;
        memset(buf, CANARY, sizeof buf);
        ck_assert_int_eq(fn(ctx, text, buf, cap), code);
        m = check_msg(buf, cap);
        ck_assert_msg(m == want, "%s(\"%s\"), errcap %lu: length %lu, want %lu",
                      what, text, (unsigned long)cap, (unsigned long)m,
                      (unsigned long)want);
        ck_assert_msg(memcmp(buf, full, m) == 0,
                      "%s: errcap %lu message is not a prefix", what,
                      (unsigned long)cap);
        check_untouched(buf, cap, sizeof buf, what);
    }
}

static void spec_fails(const char *spec, int code, const char *needle)
{
    text_fails(call_game_new, NULL, "mg_game_new", spec, code, needle);
}

static void spec_ok(const char *spec)
{
    char err[256];
    ck_assert_msg(call_game_new(NULL, spec, err, sizeof err) == MG_OK,
                  "mg_game_new(\"%s\") refused: %s", spec, err);
}

/* Notation refused on s, and s unchanged by the refusal. */
static void notation_fails(const mg_state *s, const char *text, int code,
                           const char *needle)
{
    snapshot sn;
    snap_take(&sn, s);
    text_fails(call_parse, s, "mg_state_action_from_string", text, code,
               needle);
    snap_same(&sn, s, "a refused parse");
    snap_free(&sn);
}

static void record_fails(const char *record, int code, const char *needle)
{
    text_fails(call_load, NULL, "mg_state_load", record, code, needle);
}

/* ================================================================ null */

START_TEST(null_error_codes_are_distinct)
{
    /* header: -1 is MG_NOBODY, never an error, so a function returning a
     * player can also return MG_EINVAL unambiguously */
    ck_assert_int_eq(MG_EINVAL, -2);
    ck_assert_int_eq(MG_NOBODY, -1);
    ck_assert_int_ne(MG_EINVAL, MG_NOBODY);
    ck_assert_int_ne(MG_EINVAL, MG_DRAW);
    ck_assert_int_eq(mg_state_current_player(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_is_terminal(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_winner(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_is_legal(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_state_is_legal(NULL, -1), MG_EINVAL);
    ck_assert_uint_eq(mg_state_hash(NULL), 0);
    ck_assert_ptr_null(mg_state_game(NULL));
    /* strerror never returns NULL, even for non-codes */
    ck_assert_ptr_nonnull(mg_strerror(MG_NOBODY));
    ck_assert_ptr_nonnull(mg_strerror(1));
    ck_assert_ptr_nonnull(mg_strerror(-1000));
    ck_assert_ptr_nonnull(mg_strerror(INT_MIN));
    ck_assert_ptr_nonnull(mg_strerror(INT_MAX));
}
END_TEST

START_TEST(null_free_is_noop)
{
    mg_game_free(NULL);
    mg_state_free(NULL);
    mg_game_free(NULL);
    mg_state_free(NULL);
}
END_TEST

START_TEST(null_registry)
{
    int n = mg_game_count();
    ck_assert_int_ge(n, 1);
    ck_assert_ptr_nonnull(mg_game_id_at(0));
    ck_assert_ptr_nonnull(mg_game_id_at(n - 1));
    ck_assert_ptr_null(mg_game_id_at(-1));
    ck_assert_ptr_null(mg_game_id_at(n));
    ck_assert_ptr_null(mg_game_id_at(n + 1));
    ck_assert_ptr_null(mg_game_id_at(INT_MAX));
    ck_assert_ptr_null(mg_game_id_at(INT_MIN));
}
END_TEST

START_TEST(null_game_functions)
{
    mg_game *g = SENTINEL;
    char err[128], buf[256];
    size_t need = 777;

    /* mg_game_new: out NULL, spec NULL */
    ck_assert_int_eq(mg_game_new(NULL, "dots_and_boxes", err, sizeof err),
                     MG_EINVAL);
    ck_assert_uint_gt(check_msg(err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "out"));
    ck_assert_int_eq(mg_game_new(NULL, NULL, NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_game_new(&g, NULL, err, sizeof err), MG_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err, "spec"));
    g = SENTINEL;
    ck_assert_int_eq(mg_game_new(&g, NULL, NULL, 0), MG_EINVAL);
    ck_assert_ptr_null(g);

    ck_assert_ptr_null(mg_game_id(NULL));
    ck_assert_int_eq(mg_game_num_actions(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_max_legal_actions(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(NULL, buf, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(NULL, NULL, 0, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(NULL, NULL, 0, NULL), MG_EINVAL);

    MG_GAME(g, "dots_and_boxes");
    ck_assert_int_eq(mg_game_spec(g, NULL, 1, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(g, NULL, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_spec(g, NULL, SIZE_MAX, NULL), MG_EINVAL);
    /* the game still works */
    ck_assert_int_eq(mg_game_spec(g, buf, sizeof buf, &need), MG_OK);
    ck_assert_str_eq(mg_game_id(g), "dots_and_boxes");
    mg_game_free(g);
}
END_TEST

START_TEST(null_state_constructors)
{
    mg_game *g;
    mg_state *s, *c = SENTINEL;
    snapshot sn;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    ck_assert_int_eq(mg_state_new(NULL, g), MG_EINVAL);
    ck_assert_int_eq(mg_state_new(NULL, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_new(&c, NULL), MG_EINVAL);
    ck_assert_ptr_null(c);

    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 42, 3), 3);
    snap_take(&sn, s);

    c = SENTINEL;
    ck_assert_int_eq(mg_state_clone(&c, NULL), MG_EINVAL);
    ck_assert_ptr_null(c);
    ck_assert_int_eq(mg_state_clone(NULL, s), MG_EINVAL);
    ck_assert_int_eq(mg_state_clone(NULL, NULL), MG_EINVAL);

    ck_assert_int_eq(mg_state_copy(NULL, s), MG_EINVAL);
    ck_assert_int_eq(mg_state_copy(s, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_copy(NULL, NULL), MG_EINVAL);
    snap_same(&sn, s, "refused clone/copy");

    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(null_state_queries)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t ibuf[64], v = 99, a = 12345;
    char buf[256], err[128];
    size_t count = 777, need = 777;

    /* s == NULL everywhere */
    ck_assert_int_eq(mg_state_legal_actions(NULL, ibuf, 64, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_actions(NULL, NULL, 0, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_apply(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_state_apply(NULL, -1), MG_EINVAL);
    ck_assert_int_eq(mg_state_undo(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(NULL, ibuf, 64, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(NULL, NULL, 0, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(NULL, 0, &v), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(NULL, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_groups(NULL, 0, ibuf, 64, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_action_to_string(NULL, 0, buf, sizeof buf,
                                               &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_action_to_string(NULL, 0, NULL, 0, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(NULL, MG_RENDER_TEXT, buf, sizeof buf,
                                     &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(NULL, MG_RENDER_SVG, NULL, 0, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_save(NULL, buf, sizeof buf, &need), MG_EINVAL);
    ck_assert_int_eq(mg_state_save(NULL, NULL, 0, &need), MG_EINVAL);
    ck_assert_int_eq(mg_state_playout(NULL, 1, -1), MG_EINVAL);
    ck_assert_int_eq(mg_state_playout(NULL, 1, 0), MG_EINVAL);

    ck_assert_int_eq(mg_state_action_from_string(NULL, "a1-b1", &a, err,
                                                 sizeof err),
                     MG_EINVAL);
    ck_assert_int_eq(a, 12345);
    ck_assert_uint_gt(check_msg(err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "state"));

    /* a real state with the other pointers NULL */
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 7, 5), 5);
    snap_take(&sn, s);

    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 5, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_actions(s, ibuf, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(s, NULL, 5, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_history(s, ibuf, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(s, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_score(s, 1, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_groups(s, 0, NULL, 5, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_groups(s, 0, ibuf, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_action_to_string(s, 0, NULL, 5, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_TEXT, NULL, 5, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_render(s, MG_RENDER_SVG, NULL, 5, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_save(s, NULL, 5, &need), MG_EINVAL);

    ck_assert_int_eq(mg_state_action_from_string(s, NULL, &a, err,
                                                 sizeof err),
                     MG_EINVAL);
    ck_assert_int_eq(a, 12345);
    ck_assert_ptr_nonnull(strstr(err, "text"));
    ck_assert_int_eq(mg_state_action_from_string(s, "a1-b1", NULL, err,
                                                 sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_nonnull(strstr(err, "action"));
    ck_assert_int_eq(mg_state_action_from_string(s, NULL, NULL, NULL, 0),
                     MG_EINVAL);

    snap_same(&sn, s, "calls with NULL pointers");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(null_load_outs)
{
    static const char rec[] = "mindgames-record 1\n"
                              "game dots_and_boxes(rows=1,cols=1)\n"
                              "actions 1\n"
                              "a1-b1\n";
    mg_state *s = SENTINEL;
    mg_game *g = SENTINEL;
    char err[128];

    ck_assert_int_eq(mg_state_load(NULL, &g, rec, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err, "out"));
    ck_assert_int_eq(mg_state_load(&s, NULL, rec, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(s);
    ck_assert_ptr_nonnull(strstr(err, "game_out"));
    s = SENTINEL;
    g = SENTINEL;
    ck_assert_int_eq(mg_state_load(&s, &g, NULL, err, sizeof err),
                     MG_EINVAL);
    ck_assert_ptr_null(s);
    ck_assert_ptr_null(g);
    ck_assert_ptr_nonnull(strstr(err, "record"));
    ck_assert_int_eq(mg_state_load(NULL, NULL, NULL, NULL, 0), MG_EINVAL);
    /* and the record itself is fine */
    ck_assert_int_eq(call_load(NULL, rec, err, sizeof err), MG_OK);
}
END_TEST

/* =============================================================== range */

START_TEST(range_action_ids)
{
    /* RULES §0: every action id is in 0 … num_actions-1 */
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t n, ids[6];
    char buf[64];
    size_t need = 0, i;

    MG_GAME(g, "dots_and_boxes(rows=3,cols=2)");
    n = mg_game_num_actions(g);
    ck_assert_int_eq(n, 2 * 3 * 2 + 3 + 2); /* RULES §3.1: 2RC+R+C */
    ids[0] = -1;
    ids[1] = n;
    ids[2] = n + 1;
    ids[3] = INT32_MAX;
    ids[4] = INT32_MIN;
    ids[5] = INT32_MIN + 1;
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 3, 4), 4);
    snap_take(&sn, s);
    for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        int32_t a = ids[i];
        ck_assert_msg(mg_state_apply(s, a) == MG_ERANGE, "apply(%d)", (int)a);
        ck_assert_msg(mg_state_is_legal(s, a) == 0, "is_legal(%d)", (int)a);
        ck_assert_int_eq(mg_state_action_to_string(s, a, buf, sizeof buf,
                                                    &need),
                         MG_ERANGE);
        ck_assert_int_eq(mg_state_action_to_string(s, a, NULL, 0, &need),
                         MG_ERANGE);
        snap_same(&sn, s, "an out-of-range id");
    }
    /* the ends of the range are fine */
    ck_assert_int_eq(mg_state_action_to_string(s, 0, buf, sizeof buf, &need),
                     MG_OK);
    ck_assert_int_eq(mg_state_action_to_string(s, n - 1, buf, sizeof buf,
                                               &need),
                     MG_OK);
    snap_free(&sn);

    /* the same on a finished game: range is checked, not "game over" */
    ck_assert_int_gt(mg_state_playout(s, 3, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_apply(s, -1), MG_ERANGE);
    ck_assert_int_eq(mg_state_apply(s, n), MG_ERANGE);
    ck_assert_int_eq(mg_state_is_legal(s, n), 0);
    snap_same(&sn, s, "an out-of-range id after the end");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_line_drawn_twice)
{
    /* RULES §3.2.1: a move draws one undrawn line */
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t a, b;

    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    a = act(s, "a1-b1");
    b = act(s, "c3-c4");
    ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
    ck_assert_int_eq(mg_state_apply(s, b), MG_OK);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_is_legal(s, a), 0);
    ck_assert_int_eq(mg_state_apply(s, a), MG_EILLEGAL);
    snap_same(&sn, s, "drawing a1-b1 twice");
    ck_assert_int_eq(mg_state_apply(s, b), MG_EILLEGAL);
    snap_same(&sn, s, "drawing c3-c4 twice");
    ck_assert_int_eq(mg_state_apply(s, act(s, "b1-a1")), MG_EILLEGAL);
    snap_same(&sn, s, "drawing b1-a1 (= a1-b1)");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* Every pre-drawn line is illegal and refused; returns how many. */
static int32_t refuse_predrawn(mg_state *s)
{
    snapshot sn;
    int32_t a, n = mg_game_num_actions(mg_state_game(s)), refused = 0;
    snap_take(&sn, s);
    for (a = 0; a < n; a++) {
        if (mg_state_is_legal(s, a))
            continue;
        ck_assert_int_eq(mg_state_apply(s, a), MG_EILLEGAL);
        refused++;
    }
    snap_same(&sn, s, "drawing a pre-drawn line");
    snap_free(&sn);
    return refused;
}

START_TEST(range_predrawn_border_lines)
{
    /* RULES §3.3, §3.4: pre-drawn lines are never legal */
    mg_game *g;
    mg_state *s;
    size_t count = 0;

    MG_GAME(g, "dots_and_boxes(border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a1-b1")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a1-a2")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "e4-e5")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "b2-c2")), 1);
    ck_assert_int_eq(refuse_predrawn(s), 2 * (4 + 4)); /* 2(R+C) */
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count),
                     MG_ENOBUFS);
    ck_assert_uint_eq(count, 24); /* §3.3: 4x4 Swedish has 24 moves */
    mg_state_free(s);
    mg_game_free(g);

    /* §3.3 Icelandic: only the left and bottom border lines */
    MG_GAME(g, "dots_and_boxes(border=icelandic)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a1-b1")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a4-a5")), 0);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "e1-e2")), 1);
    ck_assert_int_eq(mg_state_is_legal(s, act(s, "a5-b5")), 1);
    ck_assert_int_eq(refuse_predrawn(s), 8);
    mg_state_free(s);
    mg_game_free(g);

    /* Swedish on the triangle and hexagon grids (§3.1 border lines) */
    MG_GAME(g, "dots_and_boxes(grid=triangle,size=3,border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(refuse_predrawn(s), 3 * 3);
    mg_state_free(s);
    mg_game_free(g);
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2,border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(refuse_predrawn(s), 12 * 2 - 6);
    mg_state_free(s);
    mg_game_free(g);

    /* §3.3 decided: a 1x1 Swedish board keeps all four sides undrawn */
    MG_GAME(g, "dots_and_boxes(rows=1,cols=1,border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(refuse_predrawn(s), 0);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_apply_after_end)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t a, n;
    size_t count = 99;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2,border=swedish)");
    s = new_state(g);
    ck_assert_int_gt(mg_state_playout(s, 11, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(s), 1);
    ck_assert_int_eq(mg_state_current_player(s), MG_NOBODY);
    ck_assert_int_ne(mg_state_winner(s), MG_NOBODY);
    snap_take(&sn, s);
    n = mg_game_num_actions(g);
    for (a = 0; a < n; a++) {
        ck_assert_int_eq(mg_state_is_legal(s, a), 0);
        ck_assert_msg(mg_state_apply(s, a) == MG_EOVER, "apply(%d)", (int)a);
    }
    snap_same(&sn, s, "apply after the end");
    /* nothing legal, and that is not a buffer error */
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count), MG_OK);
    ck_assert_uint_eq(count, 0);
    ck_assert_int_eq(mg_state_playout(s, 5, -1), 0);
    ck_assert_int_eq(mg_state_playout(s, 5, 10), 0);
    snap_same(&sn, s, "playout after the end");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_undo_at_start)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    uint64_t h0;
    int i;

    MG_GAME(g, "dots_and_boxes(border=swedish)");
    s = new_state(g);
    h0 = mg_state_hash(s);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    snap_same(&sn, s, "undo at the start");
    ck_assert_int_eq(mg_state_playout(s, 9, 6), 6);
    for (i = 0; i < 6; i++)
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
    ck_assert_int_eq(mg_state_undo(s), MG_EEMPTY);
    ck_assert_uint_eq(mg_state_hash(s), h0);
    snap_same(&sn, s, "undo back past the start");
    /* playout of 0 actions changes nothing either */
    ck_assert_int_eq(mg_state_playout(s, 9, 0), 0);
    snap_same(&sn, s, "playout(0)");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_players_and_groups)
{
    static const int bad[] = {2, -1, 3, MG_NOBODY, MG_DRAW, INT_MAX, INT_MIN};
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t v = 99, ibuf[16];
    size_t count = 99, i;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 5, 7), 7);
    snap_take(&sn, s);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mg_state_score(s, bad[i], &v) == MG_ERANGE,
                      "score(player %d)", bad[i]);
        ck_assert_msg(mg_state_groups(s, bad[i], ibuf, 16, &count) ==
                          MG_ERANGE,
                      "groups(player %d)", bad[i]);
        ck_assert_int_eq(mg_state_groups(s, bad[i], NULL, 0, &count),
                         MG_ERANGE);
    }
    /* Dots and Boxes has no groups (header: MG_EUNSUPPORTED) */
    ck_assert_int_eq(mg_state_groups(s, 0, ibuf, 16, &count),
                     MG_EUNSUPPORTED);
    ck_assert_int_eq(mg_state_groups(s, 1, ibuf, 16, &count),
                     MG_EUNSUPPORTED);
    ck_assert_int_eq(mg_state_groups(s, 0, NULL, 0, &count),
                     MG_EUNSUPPORTED);
    /* valid players still score */
    ck_assert_int_eq(mg_state_score(s, 0, &v), MG_OK);
    ck_assert_int_eq(mg_state_score(s, 1, &v), MG_OK);
    snap_same(&sn, s, "bad players / groups");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(range_render_format)
{
    static const int bad[] = {0, 3, -1, 4, MG_RENDER_TEXT | MG_RENDER_SVG,
                              INT_MAX, INT_MIN};
    mg_game *g;
    mg_state *s;
    snapshot sn;
    char buf[4096];
    size_t need = 0, i;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=3)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 1, 5), 5);
    snap_take(&sn, s);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(mg_state_render(s, bad[i], buf, sizeof buf, &need) ==
                          MG_EINVAL,
                      "render(format %d)", bad[i]);
        ck_assert_msg(mg_state_render(s, bad[i], NULL, 0, &need) == MG_EINVAL,
                      "render(format %d) size query", bad[i]);
    }
    snap_same(&sn, s, "render with a bad format");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ============================================================= buffers */

/* Every string-returning function of one game/state. */
static void check_all_strings(const mg_game *g, const mg_state *s)
{
    snapshot sn;
    int32_t n = mg_game_num_actions(g);
    snap_take(&sn, s);
    check_string_buffer(fn_spec, g, 0, "mg_game_spec");
    check_string_buffer(fn_render, s, MG_RENDER_TEXT, "render text");
    check_string_buffer(fn_render, s, MG_RENDER_SVG, "render svg");
    check_string_buffer(fn_save, s, 0, "mg_state_save");
    check_string_buffer(fn_action, s, 0, "action_to_string(0)");
    check_string_buffer(fn_action, s, n / 2, "action_to_string(n/2)");
    check_string_buffer(fn_action, s, n - 1, "action_to_string(n-1)");
    snap_same(&sn, s, "string buffer calls");
    snap_free(&sn);
}

START_TEST(buffers_strings)
{
    mg_game *g;
    mg_state *s;

    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    check_all_strings(g, s); /* start: empty history */
    ck_assert_int_eq(mg_state_playout(s, 21, 13), 13);
    check_all_strings(g, s); /* the record spans two action lines */
    ck_assert_int_gt(mg_state_playout(s, 21, -1), 0);
    check_all_strings(g, s); /* the end: "game over" status */
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(buffers_strings_extreme_boards)
{
    /* the smallest and largest boards of every grid (RULES §3.1 ranges) */
    static const char *const specs[] = {
        "dots_and_boxes(rows=1,cols=1)",
        "dots_and_boxes(rows=1,cols=1,border=swedish)",
        "dots_and_boxes(rows=32,cols=32,border=icelandic)",
        "dots_and_boxes(rows=1,cols=32)",
        "dots_and_boxes(rows=32,cols=1,misere=true)",
        "dots_and_boxes(grid=triangle,size=1)",
        "dots_and_boxes(grid=triangle,size=16)",
        "dots_and_boxes(grid=triangle,size=1,shape=hexagon,border=swedish)",
        "dots_and_boxes(grid=triangle,size=16,shape=hexagon)",
        "dots_and_boxes(grid=hexagon,size=1,border=swedish)",
        "dots_and_boxes(grid=hexagon,size=16)",
    };
    size_t i;
    for (i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        mg_game *g;
        mg_state *s;
        MG_GAME(g, specs[i]);
        s = new_state(g);
        check_all_strings(g, s);
        mg_state_playout(s, 1000 + i, mg_game_num_actions(g) / 2);
        check_all_strings(g, s);
        ck_assert_int_ge(mg_state_playout(s, 2000 + i, -1), 0);
        ck_assert_int_eq(mg_state_is_terminal(s), 1);
        check_all_strings(g, s);
        mg_state_free(s);
        mg_game_free(g);
    }
}
END_TEST

START_TEST(buffers_legal_actions)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t *buf, max;
    size_t count, cap, i;

    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    max = mg_game_max_legal_actions(g);
    ck_assert_int_eq(max, 40);
    buf = malloc((size_t)(max + 8) * sizeof *buf);
    ck_assert_ptr_nonnull(buf);
    snap_take(&sn, s);

    /* size query */
    count = 0;
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 40);
    /* every short cap: MG_ENOBUFS, count set, buf not written */
    for (cap = 1; cap < 40; cap++) {
        for (i = 0; i < (size_t)max + 8; i++)
            buf[i] = -7;
        count = 0;
        ck_assert_int_eq(mg_state_legal_actions(s, buf, cap, &count),
                         MG_ENOBUFS);
        ck_assert_uint_eq(count, 40);
        for (i = 0; i < (size_t)max + 8; i++)
            MG_REQUIRE(buf[i] == -7, "cap %lu: buf[%lu] written",
                       (unsigned long)cap, (unsigned long)i);
    }
    /* cap == count: all of them, ascending, nothing beyond */
    for (i = 0; i < (size_t)max + 8; i++)
        buf[i] = -7;
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 40, &count), MG_OK);
    ck_assert_uint_eq(count, 40);
    for (i = 0; i < 40; i++)
        ck_assert_int_eq(buf[i], (int32_t)i);
    for (i = 40; i < (size_t)max + 8; i++)
        ck_assert_int_eq(buf[i], -7);
    snap_same(&sn, s, "legal_actions");
    snap_free(&sn);

    /* after 10 moves: exactly 30 fit, 29 do not */
    ck_assert_int_eq(mg_state_playout(s, 4, 10), 10);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_legal_actions(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 30);
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 29, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 30);
    ck_assert_int_eq(mg_state_legal_actions(s, buf, 30, &count), MG_OK);
    ck_assert_uint_eq(count, 30);
    for (i = 0; i < 30; i++) {
        ck_assert_int_eq(mg_state_is_legal(s, buf[i]), 1);
        if (i)
            ck_assert_int_lt(buf[i - 1], buf[i]);
    }
    ck_assert_int_eq(mg_state_legal_actions(s, buf, SIZE_MAX, &count),
                     MG_OK);
    ck_assert_uint_eq(count, 30);
    snap_same(&sn, s, "legal_actions after moves");
    snap_free(&sn);
    free(buf);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(buffers_history)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    int32_t buf[16], played[5];
    size_t count = 99, i;

    MG_GAME(g, "dots_and_boxes(rows=2,cols=2)");
    s = new_state(g);
    /* empty history: the size query succeeds with 0 */
    ck_assert_int_eq(mg_state_history(s, NULL, 0, &count), MG_OK);
    ck_assert_uint_eq(count, 0);
    played[0] = act(s, "a1-b1");
    played[1] = act(s, "c3-b3");
    played[2] = act(s, "#4-#5");
    played[3] = act(s, "a2-a3");
    played[4] = act(s, "C1-C2");
    for (i = 0; i < 5; i++)
        ck_assert_int_eq(mg_state_apply(s, played[i]), MG_OK);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_history(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 5);
    for (i = 0; i < 16; i++)
        buf[i] = -7;
    count = 0;
    ck_assert_int_eq(mg_state_history(s, buf, 4, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, 5);
    for (i = 0; i < 16; i++)
        ck_assert_int_eq(buf[i], -7);
    ck_assert_int_eq(mg_state_history(s, buf, 5, &count), MG_OK);
    ck_assert_uint_eq(count, 5);
    for (i = 0; i < 5; i++)
        ck_assert_int_eq(buf[i], played[i]);
    for (i = 5; i < 16; i++)
        ck_assert_int_eq(buf[i], -7);
    snap_same(&sn, s, "history");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ================================================================ spec */

START_TEST(spec_syntax_errors)
{
    /* RULES §0 "Spec strings": `id` or `id(key=value,...)` */
    spec_fails("", MG_ESYNTAX, "empty");
    spec_fails("   ", MG_ESYNTAX, "empty");
    spec_fails(" \t\r\n ", MG_ESYNTAX, "empty");
    spec_fails("dots_and_boxes(", MG_ESYNTAX, "ends early");
    spec_fails("dots_and_boxes(rows)", MG_ESYNTAX, "')' at position 20");
    spec_fails("dots_and_boxes(rows=)", MG_ESYNTAX, "')' at position 21");
    spec_fails("dots_and_boxes(rows=4,)", MG_ESYNTAX, "')' at position 23");
    spec_fails("dots_and_boxes(rows=4))", MG_ESYNTAX, "')' at position 23");
    spec_fails("dots_and_boxes x", MG_ESYNTAX, "'x' at position 16");
    spec_fails("dots_and_boxes(rows=4", MG_ESYNTAX, "ends early");
    spec_fails("dots_and_boxes(rows=4 cols=4)", MG_ESYNTAX,
               "'c' at position 23");
    spec_fails("dots_and_boxes(,)", MG_ESYNTAX, "',' at position 16");
    spec_fails("dots_and_boxes(=4)", MG_ESYNTAX, "'=' at position 16");
    spec_fails("dots_and_boxes(rows==4)", MG_ESYNTAX, "'=' at position 21");
    spec_fails("dots_and_boxes(rows=4)(cols=4)", MG_ESYNTAX,
               "'(' at position 23");
    spec_fails("dots_and_boxes)", MG_ESYNTAX, "')' at position 15");
    spec_fails("(rows=4)", MG_ESYNTAX, "'(' at position 1");
    spec_fails("dots_and_boxes;", MG_ESYNTAX, "';' at position 15");
    spec_fails("dots_and_boxes(rows:4)", MG_ESYNTAX, "':' at position 20");
}
END_TEST

START_TEST(spec_unknown_game)
{
    spec_fails("chess", MG_ENOGAME, "chess");
    spec_fails("chess(rows=4)", MG_ENOGAME, "chess");
    spec_fails("dots_and_boxe", MG_ENOGAME, "dots_and_boxe");
    spec_fails("dots_and_boxes_", MG_ENOGAME, "dots_and_boxes_");
    spec_fails("dots-and-boxes", MG_ENOGAME, "dots-and-boxes");
}
END_TEST

START_TEST(spec_option_errors)
{
    /* RULES §0: unknown key, repeated key, key that does not apply */
    spec_fails("dots_and_boxes(colour=red)", MG_EOPTION, "colour");
    spec_fails("dots_and_boxes(rows=3,nope=1)", MG_EOPTION, "nope");
    spec_fails("dots_and_boxes(rows=3,rows=4)", MG_EOPTION, "rows");
    spec_fails("dots_and_boxes(rows=3,ROWS=3)", MG_EOPTION, "ROWS");
    spec_fails("dots_and_boxes(border=none,misere=false,border=none)",
               MG_EOPTION, "border");
    /* RULES §3.1: size applies to triangle/hexagon grids, rows and cols
     * to the square grid, shape to the triangle grid only */
    spec_fails("dots_and_boxes(size=3)", MG_EOPTION, "size");
    spec_fails("dots_and_boxes(grid=square,size=3)", MG_EOPTION, "size");
    spec_fails("dots_and_boxes(grid=triangle,rows=3)", MG_EOPTION, "rows");
    spec_fails("dots_and_boxes(grid=hexagon,cols=3)", MG_EOPTION, "cols");
    spec_fails("dots_and_boxes(grid=hexagon,shape=hexagon)", MG_EOPTION,
               "shape");
    spec_fails("dots_and_boxes(shape=triangle)", MG_EOPTION, "shape");
    /* and an unknown key is unknown wherever it stands */
    spec_fails("dots_and_boxes(grid=hexagon,size=2,foo=bar)", MG_EOPTION,
               "foo");
}
END_TEST

START_TEST(spec_value_errors)
{
    /* RULES §3.1 ranges: rows, cols 1…32; size 1…16 */
    spec_fails("dots_and_boxes(rows=0)", MG_EVALUE, "rows='0'");
    spec_fails("dots_and_boxes(rows=33)", MG_EVALUE, "rows='33'");
    spec_fails("dots_and_boxes(cols=33)", MG_EVALUE, "cols='33'");
    spec_fails("dots_and_boxes(rows=-1)", MG_EVALUE, "rows='-1'");
    spec_fails("dots_and_boxes(grid=triangle,size=17)", MG_EVALUE,
               "size='17'");
    spec_fails("dots_and_boxes(grid=hexagon,size=0)", MG_EVALUE, "size='0'");
    spec_fails("dots_and_boxes(rows=abc)", MG_EVALUE, "rows='abc'");
    spec_fails("dots_and_boxes(rows=4x)", MG_EVALUE, "rows='4x'");
    spec_fails("dots_and_boxes(rows=+)", MG_EVALUE, "rows='+'");
    spec_fails("dots_and_boxes(rows=99999999999999999999)", MG_EVALUE,
               "rows=");
    spec_fails("dots_and_boxes(rows=-9223372036854775808)", MG_EVALUE,
               "rows=");
    spec_fails("dots_and_boxes(rows=18446744073709551616)", MG_EVALUE,
               "rows=");
    /* RULES §0: booleans true/false */
    spec_fails("dots_and_boxes(misere=yes)", MG_EVALUE, "misere='yes'");
    spec_fails("dots_and_boxes(misere=1)", MG_EVALUE, "misere='1'");
    /* enums: RULES §3.3 borders, §3.1 grids and shapes */
    spec_fails("dots_and_boxes(border=german)", MG_EVALUE, "border='german'");
    spec_fails("dots_and_boxes(grid=cube)", MG_EVALUE, "grid='cube'");
    spec_fails("dots_and_boxes(grid=triangle,shape=square)", MG_EVALUE,
               "shape='square'");
    /* §3.3: border=icelandic is for the square grid only */
    spec_fails("dots_and_boxes(grid=triangle,border=icelandic)", MG_EVALUE,
               "icelandic");
    spec_fails("dots_and_boxes(grid=hexagon,border=icelandic)", MG_EVALUE,
               "icelandic");
    /* the valid neighbours of those values are accepted */
    spec_ok("dots_and_boxes(rows=1,cols=32)");
    spec_ok("dots_and_boxes(grid=triangle,size=16,border=swedish)");
    spec_ok("dots_and_boxes(misere=TRUE,border=Icelandic)");
}
END_TEST

START_TEST(spec_overlong_and_bad_bytes)
{
    char *big = malloc(5001);
    ck_assert_ptr_nonnull(big);
    /* a spec that is valid but for its length: spaces are allowed */
    memset(big, ' ', 5000);
    memcpy(big, "dots_and_boxes(rows=4", 21);
    big[4999] = ')';
    big[5000] = '\0';
    spec_fails(big, MG_ESYNTAX, "longer than");
    /* 5000 letters */
    memset(big, 'a', 5000);
    spec_fails(big, MG_ESYNTAX, "longer than");
    free(big);

    /* non-ASCII and control bytes are reported by position, as '?' */
    spec_fails("dots_and_boxes(rows=\xc3\xa9)", MG_ESYNTAX, "position 21");
    spec_fails("dots_and_boxes\xc3\xa9", MG_ESYNTAX, "position 15");
    spec_fails("\xff", MG_ESYNTAX, "position 1");
    spec_fails("dots_and_boxes(rows=4\x01)", MG_ESYNTAX, "position 22");
    spec_fails("dots_and_boxes(\x1b[31mrows=4)", MG_ESYNTAX, "position 16");
    spec_fails("dots_and_boxes\x7f", MG_ESYNTAX, "position 15");
    spec_fails("dots_and_boxes(border=sw\xe9" "dish)", MG_EVALUE, "border=");
    /* a key of non-ASCII bytes is unexpected, not an unknown key */
    spec_fails("dots_and_boxes(\xe2\x80\x8brows=4)", MG_ESYNTAX,
               "position 16");
}
END_TEST

START_TEST(spec_truncations)
{
    static const char spec[] = "dots_and_boxes(grid=triangle, size = 5,"
                               "shape=hexagon,border=swedish,misere=true)";
    static const int codes[] = {MG_ESYNTAX, MG_ENOGAME, MG_EOPTION,
                                MG_EVALUE};
    size_t len = strlen(spec), k;
    char *buf = malloc(len + 1);
    ck_assert_ptr_nonnull(buf);
    for (k = 0; k <= len; k++) {
        char err[128];
        int rc;
        memcpy(buf, spec, k);
        buf[k] = '\0';
        memset(err, CANARY, sizeof err);
        rc = call_game_new(NULL, buf, err, sizeof err);
        check_msg(err, sizeof err);
        /* only the bare id and the whole spec are complete specs */
        if (k == 14 || k == len) {
            ck_assert_msg(rc == MG_OK, "\"%s\": %d %s", buf, rc, err);
        } else {
            ck_assert_msg(is_code(rc, codes, 4), "\"%s\": code %d", buf, rc);
            ck_assert_msg(err[0] != '\0', "\"%s\": no message", buf);
        }
    }
    free(buf);
}
END_TEST

/* Random spec text: raw bytes, or spec-like words glued together. */
static size_t random_spec(uint64_t *rng, char *out, size_t max)
{
    static const char *const words[] = {
        "dots_and_boxes", "(", ")", "=", ",", " ", "rows", "cols", "size",
        "grid", "shape", "border", "misere", "square", "triangle", "hexagon",
        "none", "swedish", "icelandic", "true", "false", "0", "1", "3",
        "16", "32", "33", "-", "+", "\xff", "\x01", "chess", "\t", "ROWS",
        "99999999999999999999"};
    size_t n = 0, len = rng_below(rng, 40);
    int mode = (int)rng_below(rng, 2);
    while (n < len && n + 24 < max) {
        if (mode == 0) {
            out[n++] = (char)(1 + rng_below(rng, 255)); /* no NUL */
        } else {
            const char *w = words[rng_below(rng, sizeof words /
                                                     sizeof words[0])];
            size_t wl = strlen(w);
            memcpy(out + n, w, wl);
            n += wl;
        }
    }
    out[n] = '\0';
    return n;
}

START_TEST(spec_random_bytes)
{
    static const size_t caps[] = {1, 2, 8, 64, 256};
    static const int codes[] = {MG_ESYNTAX, MG_ENOGAME, MG_EOPTION,
                                MG_EVALUE};
    uint64_t rng = 0x5eed0001;
    char spec[1100], err[300];
    int i, ok = 0;
    for (i = 0; i < 2000; i++) {
        size_t cap = caps[rng_below(&rng, 5)];
        mg_game *g = SENTINEL;
        int rc;
        if (i % 4 == 0) { /* give the word soup a valid prefix */
            memcpy(spec, "dots_and_boxes(", 15);
            random_spec(&rng, spec + 15, sizeof spec - 15);
        } else {
            random_spec(&rng, spec, sizeof spec);
        }
        memset(err, CANARY, sizeof err);
        rc = mg_game_new(&g, spec, err, cap);
        check_msg(err, cap);
        check_untouched(err, cap, sizeof err, "spec err");
        if (rc == MG_OK) {
            char canon[512], canon2[512];
            mg_game *g2 = NULL;
            ok++;
            ck_assert(g != NULL && g != SENTINEL);
            /* what was accepted has a canonical form naming the same game */
            ck_assert_int_eq(mg_game_spec(g, canon, sizeof canon, NULL),
                             MG_OK);
            MG_GAME(g2, canon);
            ck_assert_int_eq(mg_game_spec(g2, canon2, sizeof canon2, NULL),
                             MG_OK);
            ck_assert_str_eq(canon, canon2);
            mg_game_free(g2);
            mg_game_free(g);
        } else {
            ck_assert_msg(g == NULL, "spec #%d: *out not NULL", i);
            ck_assert_msg(is_code(rc, codes, 4), "spec #%d: code %d", i, rc);
            if (cap > 1)
                ck_assert_msg(err[0] != '\0', "spec #%d: empty message", i);
        }
    }
    /* the generator must reach past the parser now and then */
    ck_assert_int_gt(ok, 0);
}
END_TEST

/* ============================================================ notation */

START_TEST(notation_malformed)
{
    /* RULES §3.4: a line is two dots `a1-b1`; §0: names are letters then
     * a row number without leading zeros, or `#index` */
    mg_game *g;
    mg_state *s;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 8, 3), 3);
    notation_fails(s, "", MG_ESYNTAX, "empty");
    notation_fails(s, "   ", MG_ESYNTAX, "empty");
    notation_fails(s, "\t \t", MG_ESYNTAX, "empty");
    notation_fails(s, "a1", MG_ESYNTAX, "'a1'");
    notation_fails(s, "a1-", MG_ESYNTAX, "'a1-'");
    notation_fails(s, "-b1", MG_ESYNTAX, "'-b1'");
    notation_fails(s, "-", MG_ESYNTAX, "'-'");
    notation_fails(s, "a1--b1", MG_ESYNTAX, "'a1--b1'");
    notation_fails(s, "a1-b1-c1", MG_ESYNTAX, "'a1-b1-c1'");
    notation_fails(s, "a0-b1", MG_ESYNTAX, "'a0'");
    notation_fails(s, "a1-b0", MG_ESYNTAX, "'b0'");
    notation_fails(s, "a01-b1", MG_ESYNTAX, "'a01'");
    notation_fails(s, "1a-b1", MG_ESYNTAX, "'1a'");
    notation_fails(s, "a-b1", MG_ESYNTAX, "'a'");
    notation_fails(s, "a1-b1x", MG_ESYNTAX, "'b1x'");
    notation_fails(s, "a 1-b1", MG_ESYNTAX, "'a 1'");
    notation_fails(s, "a1 b1", MG_ESYNTAX, "'a1 b1'");
    notation_fails(s, "#-#1", MG_ESYNTAX, "'#'");
    notation_fails(s, "#1-#", MG_ESYNTAX, "'#'");
    notation_fails(s, "#a-#1", MG_ESYNTAX, "'#a'");
    notation_fails(s, "#-1-#1", MG_ESYNTAX, NULL);
    notation_fails(s, "a1-b\xc3\xa9", MG_ESYNTAX, "'b\?\?'");
    notation_fails(s, "\xff\xfe-a1", MG_ESYNTAX, "'\?\?'");
    notation_fails(s, "a1-\x01", MG_ESYNTAX, "'?'");
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_out_of_range)
{
    /* well-formed names that name no dot or no line: MG_ERANGE */
    mg_game *g;
    mg_state *s;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    notation_fails(s, "a1-a1", MG_ERANGE, "a1");
    notation_fails(s, "#0-a1", MG_ERANGE, "a1");
    notation_fails(s, "a1-c1", MG_ERANGE, "c1");
    notation_fails(s, "a1-b2", MG_ERANGE, "b2");
    notation_fails(s, "z99-a1", MG_ERANGE, "z99");
    notation_fails(s, "a1-f1", MG_ERANGE, "f1");
    notation_fails(s, "a6-a5", MG_ERANGE, "a6");
    notation_fails(s, "#999-#1", MG_ERANGE, "#999");
    notation_fails(s, "#0-#25", MG_ERANGE, "#25");
    mg_state_free(s);
    mg_game_free(g);

    /* hexagon grid: dots only where the honeycomb has them */
    MG_GAME(g, "dots_and_boxes(grid=hexagon,size=2)");
    s = new_state(g);
    notation_fails(s, "a1-b1", MG_ERANGE, "a1");
    notation_fails(s, "#24-#1", MG_ERANGE, "#24"); /* 6n^2 = 24 dots */
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_huge_numbers)
{
    /* Well-formed names far outside the board ("a1000001", five letters,
     * "#999999999", twenty digits) name no dot: MG_ERANGE, not a syntax
     * error, and no overflow on the way. */
    mg_game *g;
    mg_state *s;
    char err[128];
    int32_t a = 12345;
    static const char *const huge[] = {"a1000001-b1", "aaaaa1-b1",
                                       "#999999999-#1",
                                       "a99999999999999999999-b1"};
    size_t i;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    for (i = 0; i < sizeof huge / sizeof huge[0]; i++) {
        int rc = mg_state_action_from_string(s, huge[i], &a, err, sizeof err);
        ck_assert_msg(rc == MG_ERANGE, "%s: %d", huge[i], rc);
        ck_assert_int_eq(a, 12345);
        ck_assert_uint_gt(check_msg(err, sizeof err), 0);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_overlong)
{
    mg_game *g;
    mg_state *s;
    char text[301];
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    memset(text, 'a', 300);
    text[300] = '\0';
    notation_fails(s, text, MG_ESYNTAX, "longer");
    memcpy(text, "a1-", 3); /* "a1-bbbb…" */
    memset(text + 3, 'b', 297);
    notation_fails(s, text, MG_ESYNTAX, NULL);
    memset(text, '#', 300);
    notation_fails(s, text, MG_ESYNTAX, NULL);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_accepted_forms)
{
    /* RULES §0: parsers accept any case and `#index`; §3.4: either order;
     * header: surrounding spaces ignored */
    static const char *const same[] = {"a1-b1", "A1-B1", "a1-B1", "b1-a1",
                                       "B1-A1", "#0-#1", "#1-#0", "#0-b1",
                                       "a1-#1", "  a1-b1  ", "\ta1-b1\t",
                                       "a1-b1\n", "a1-b1\r\n"};
    mg_game *g;
    mg_state *s;
    size_t i;
    char name[16];
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    /* §3.4: lines sorted by first dot, then second: a1-b1 is line 0 */
    ck_assert_int_eq(act(s, "a1-b1"), 0);
    for (i = 0; i < sizeof same / sizeof same[0]; i++)
        ck_assert_msg(act(s, same[i]) == 0, "'%s'", same[i]);
    ck_assert_int_eq(act(s, "a1-a2"), act(s, "#0-#5"));
    ck_assert_int_eq(act(s, "E5-D5"), mg_game_num_actions(g) - 1);
    /* the printer emits the canonical lower-case form */
    ck_assert_int_eq(mg_state_action_to_string(s, act(s, "B1-A1"), name,
                                               sizeof name, NULL),
                     MG_OK);
    ck_assert_str_eq(name, "a1-b1");
    mg_state_free(s);
    mg_game_free(g);

    /* a pre-drawn line still parses (its id is returned whether or not it
     * is legal), but is not legal (RULES §3.3) */
    MG_GAME(g, "dots_and_boxes(border=swedish)");
    s = new_state(g);
    ck_assert_int_eq(act(s, "a1-b1"), 0);
    ck_assert_int_eq(mg_state_is_legal(s, 0), 0);
    ck_assert_int_eq(mg_state_apply(s, 0), MG_EILLEGAL);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

START_TEST(notation_random_bytes)
{
    static const char alphabet[] = "abcdezABZ0123456789#-- \t";
    static const size_t caps[] = {1, 2, 8, 64, 256};
    static const int codes[] = {MG_ESYNTAX, MG_ERANGE};
    mg_game *g;
    mg_state *s;
    snapshot sn;
    uint64_t rng = 0x5eed0002;
    char text[64], err[300], back[32];
    int i, ok = 0;
    MG_GAME(g, "dots_and_boxes");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 2, 6), 6);
    snap_take(&sn, s);
    for (i = 0; i < 2000; i++) {
        size_t n = rng_below(&rng, 12), k;
        size_t cap = caps[rng_below(&rng, 5)];
        int32_t a = 12345;
        int rc;
        if (i % 3 == 2) {
            /* two random dot names (or indices) on or near the board */
            n = 0;
            for (k = 0; k < 2; k++) {
                if (k)
                    text[n++] = '-';
                if (rng_below(&rng, 4) == 0) {
                    n += (size_t)sprintf(text + n, "#%u",
                                         (unsigned)rng_below(&rng, 30));
                } else {
                    text[n++] = "abcdefABCDEF"[rng_below(&rng, 12)];
                    n += (size_t)sprintf(text + n, "%u",
                                         (unsigned)rng_below(&rng, 7));
                }
            }
        } else {
            for (k = 0; k < n; k++)
                text[k] = (i % 3)
                              ? alphabet[rng_below(&rng, sizeof alphabet - 1)]
                              : (char)(1 + rng_below(&rng, 255));
        }
        text[n] = '\0';
        memset(err, CANARY, sizeof err);
        rc = mg_state_action_from_string(s, text, &a, err, cap);
        check_msg(err, cap);
        check_untouched(err, cap, sizeof err, "notation err");
        if (rc == MG_OK) {
            int32_t b = -1;
            ok++;
            ck_assert(a >= 0 && a < mg_game_num_actions(g));
            /* round trip through the printer */
            ck_assert_int_eq(mg_state_action_to_string(s, a, back,
                                                       sizeof back, NULL),
                             MG_OK);
            ck_assert_int_eq(mg_state_action_from_string(s, back, &b, NULL,
                                                         0),
                             MG_OK);
            ck_assert_int_eq(a, b);
        } else {
            ck_assert_msg(is_code(rc, codes, 2), "'%s': code %d", text, rc);
            ck_assert_int_eq(a, 12345);
            if (cap > 1)
                ck_assert_msg(err[0] != '\0', "'%s': empty message", text);
        }
    }
    ck_assert_int_gt(ok, 0);
    snap_same(&sn, s, "random notation");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ============================================================== record */

/* A finished game of 2x3 (17 actions over two lines), saved. */
static char *valid_record(void)
{
    mg_game *g;
    mg_state *s;
    char *rec;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=3)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 77, -1), 17);
    rec = str_alloc(fn_save, s, 0);
    mg_state_free(s);
    mg_game_free(g);
    return rec;
}

#define HDR "mindgames-record 1\n"
#define GAME1 "game dots_and_boxes(rows=1,cols=1)\n"

START_TEST(record_empty_and_header)
{
    record_fails("", MG_ESYNTAX, "line 1");
    record_fails("\n", MG_ESYNTAX, "line 1");
    record_fails("   ", MG_ESYNTAX, "line 1");
    record_fails("mindgames-record", MG_ESYNTAX, "line 1");
    record_fails("mindgame-record 1\n" GAME1 "actions 0\n", MG_ESYNTAX,
                 "line 1");
    record_fails("mindgames-recordx 1\n" GAME1 "actions 0\n", MG_ESYNTAX,
                 "line 1");
    record_fails("game dots_and_boxes\nactions 0\n", MG_ESYNTAX, "line 1");
    record_fails("\xef\xbb\xbfmindgames-record 1\n" GAME1 "actions 0\n",
                 MG_ESYNTAX, "line 1");
    /* a later version: understood as a record, not supported */
    record_fails("mindgames-record 2\n" GAME1 "actions 0\n", MG_EUNSUPPORTED,
                 "line 1");
    record_fails("mindgames-record 10\n" GAME1 "actions 0\n",
                 MG_EUNSUPPORTED, "line 1");
}
END_TEST

START_TEST(record_bad_game_line)
{
    record_fails(HDR, MG_ESYNTAX, "line 2");
    record_fails(HDR "actions 0\n", MG_ESYNTAX, "line 2");
    record_fails(HDR "\n" GAME1 "actions 0\n", MG_ESYNTAX, "line 2");
    record_fails(HDR "game\nactions 0\n", MG_ESYNTAX, "line 2");
    record_fails(HDR "games dots_and_boxes\nactions 0\n", MG_ESYNTAX,
                 "line 2");
    /* the spec's own error codes, with its message (RULES §0) */
    record_fails(HDR "game chess\nactions 0\n", MG_ENOGAME, "chess");
    record_fails(HDR "game dots_and_boxes(colour=red)\nactions 0\n",
                 MG_EOPTION, "colour");
    record_fails(HDR "game dots_and_boxes(rows=3,rows=3)\nactions 0\n",
                 MG_EOPTION, "rows");
    record_fails(HDR "game dots_and_boxes(size=3)\nactions 0\n", MG_EOPTION,
                 "size");
    record_fails(HDR "game dots_and_boxes(rows=0)\nactions 0\n", MG_EVALUE,
                 "rows='0'");
    record_fails(HDR "game dots_and_boxes(border=german)\nactions 0\n",
                 MG_EVALUE, "german");
    record_fails(HDR "game dots_and_boxes(rows=4\nactions 0\n", MG_ESYNTAX,
                 "line 2");
    {
        /* a 5000-character game line */
        char *rec = malloc(5100);
        ck_assert_ptr_nonnull(rec);
        strcpy(rec, HDR "game dots_and_boxes(rows=4");
        memset(rec + strlen(rec), ' ', 5000);
        strcpy(rec + strlen(HDR "game dots_and_boxes(rows=4") + 5000,
               ")\nactions 0\n");
        record_fails(rec, MG_ESYNTAX, "line 2");
        free(rec);
    }
}
END_TEST

START_TEST(record_bad_count)
{
    record_fails(HDR GAME1, MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions \n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions x\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions -1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions +1\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions 1x\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions 1 2\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "actions 99999999999999999999\n", MG_ESYNTAX,
                 "line 3");
    record_fails(HDR GAME1 "action 1\na1-b1\n", MG_ESYNTAX, "line 3");
    record_fails(HDR GAME1 "a1-b1\n", MG_ESYNTAX, "line 3");
}
END_TEST

START_TEST(record_count_mismatch)
{
    /* fewer actions than announced */
    record_fails(HDR GAME1 "actions 1\n", MG_ESYNTAX, "0 of the 1");
    record_fails(HDR GAME1 "actions 3\na1-b1 a1-a2\n", MG_ESYNTAX,
                 "2 of the 3");
    record_fails(HDR GAME1 "actions 999999999\na1-b1\n", MG_ESYNTAX,
                 "1 of the 999999999");
    /* more than announced */
    record_fails(HDR GAME1 "actions 0\na1-b1\n", MG_ESYNTAX, "more actions");
    record_fails(HDR GAME1 "actions 1\na1-b1 a1-a2\n", MG_ESYNTAX,
                 "more actions");
    record_fails(HDR GAME1 "actions 1\na1-b1\n\n\na1-a2\n", MG_ESYNTAX,
                 "line 7");
}
END_TEST

START_TEST(record_bad_actions)
{
    /* an action that does not exist: the parser's MG_ERANGE, named */
    record_fails(HDR GAME1 "actions 1\nz9-a1\n", MG_ERANGE, "z9");
    record_fails(HDR GAME1 "actions 2\na1-b1 a1-c1\n", MG_ERANGE, "c1");
    record_fails(HDR GAME1 "actions 1\n#4-#0\n", MG_ERANGE, "#4");
    /* malformed notation: MG_ESYNTAX, with line and token */
    record_fails(HDR GAME1 "actions 1\na1b1\n", MG_ESYNTAX, "a1b1");
    record_fails(HDR GAME1 "actions 2\na1-b1\na0-a1\n", MG_ESYNTAX,
                 "line 5");
    record_fails(HDR GAME1 "actions 1\n\xc3\xa9\n", MG_ESYNTAX, "line 4");
    /* a line drawn twice (RULES §3.2.1): MG_EILLEGAL, line and token */
    record_fails(HDR GAME1 "actions 2\na1-b1 b1-a1\n", MG_EILLEGAL, "b1-a1");
    record_fails(HDR GAME1 "actions 2\na1-b1 b1-a1\n", MG_EILLEGAL,
                 "line 4");
    /* a pre-drawn Swedish border line (RULES §3.3) */
    record_fails(HDR "game dots_and_boxes(rows=2,cols=2,border=swedish)\n"
                     "actions 1\na1-b1\n",
                 MG_EILLEGAL, "a1-b1");
    /* a token longer than any notation */
    {
        char rec[600];
        size_t n;
        strcpy(rec, HDR GAME1 "actions 1\n");
        n = strlen(rec);
        memset(rec + n, 'a', 400);
        strcpy(rec + n + 400, "\n");
        record_fails(rec, MG_ESYNTAX, "line 4");
    }
}
END_TEST

START_TEST(record_action_after_end)
{
    /* An action after the end of the game: mg_state_load passes on
     * mg_state_apply's MG_EOVER (documented in the header) and names it. */
    record_fails(HDR GAME1 "actions 5\na1-b1 a1-a2 b1-b2 a2-b2 a1-b1\n",
                 MG_EOVER, "a1-b1");
}
END_TEST

START_TEST(record_valid_variants_load)
{
    /* control: what the format allows is accepted */
    char err[256];
    ck_assert_int_eq(call_load(NULL, HDR GAME1 "actions 0\n", err,
                               sizeof err),
                     MG_OK);
    ck_assert_int_eq(call_load(NULL, HDR GAME1 "actions 0", err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(call_load(NULL,
                               "mindgames-record 1\r\n"
                               "game dots_and_boxes(rows=1,cols=1)\r\n"
                               "actions 2\r\nA1-B1 #2-#3\r\n",
                               err, sizeof err),
                     MG_OK);
    ck_assert_int_eq(call_load(NULL, HDR GAME1 "actions 4\n"
                                               "a1-b1\n\na1-a2  b1-b2\t"
                                               "a2-b2",
                               err, sizeof err),
                     MG_OK);
}
END_TEST

static const int load_codes[] = {MG_ESYNTAX, MG_ENOGAME,  MG_EOPTION,
                                 MG_EVALUE,  MG_ERANGE,   MG_EILLEGAL,
                                 MG_EUNSUPPORTED};
#define N_LOAD_CODES (sizeof load_codes / sizeof load_codes[0])

/* Load text; on success it re-saves to a record that loads to the same
 * record.  Returns the code. */
static int load_and_resave(const char *text, char *err, size_t errcap)
{
    mg_state *s = SENTINEL;
    mg_game *g = SENTINEL;
    int rc = mg_state_load(&s, &g, text, err, errcap);
    check_msg(err, errcap);
    if (rc == MG_OK) {
        char *a, *b;
        mg_state *s2 = NULL;
        mg_game *g2 = NULL;
        char err2[256];
        ck_assert(s != NULL && s != SENTINEL && g != NULL && g != SENTINEL);
        a = str_alloc(fn_save, s, 0);
        ck_assert_msg(mg_state_load(&s2, &g2, a, err2, sizeof err2) == MG_OK,
                      "re-saved record does not load: %s\n%s", err2, a);
        b = str_alloc(fn_save, s2, 0);
        ck_assert_str_eq(a, b);
        ck_assert_uint_eq(mg_state_hash(s), mg_state_hash(s2));
        free(a);
        free(b);
        mg_state_free(s2);
        mg_game_free(g2);
        mg_state_free(s);
        mg_game_free(g);
    } else {
        ck_assert_msg(s == NULL && g == NULL, "code %d but outs not NULL",
                      rc);
        ck_assert_msg(is_code(rc, load_codes, N_LOAD_CODES),
                      "unexpected code %d (%s): %s", rc, mg_strerror(rc),
                      errcap > 1 ? err : "");
        if (errcap > 1)
            ck_assert_msg(err[0] != '\0', "code %d, empty message", rc);
    }
    return rc;
}

START_TEST(record_truncations)
{
    char *rec = valid_record(), *buf, err[256];
    size_t len = strlen(rec), k;
    buf = malloc(len + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq(rec[len - 1], '\n');
    for (k = 0; k <= len; k++) {
        int rc;
        memcpy(buf, rec, k);
        buf[k] = '\0';
        memset(err, CANARY, sizeof err);
        rc = load_and_resave(buf, err, sizeof err);
        /* only the whole record, with or without its last newline, is
         * complete: every shorter prefix loses an action or a line */
        if (k >= len - 1)
            ck_assert_msg(rc == MG_OK, "whole record refused: %s", err);
        else
            ck_assert_msg(rc != MG_OK, "prefix of %lu bytes accepted:\n%s",
                          (unsigned long)k, buf);
    }
    free(buf);
    free(rec);
}
END_TEST

START_TEST(record_mutations)
{
    static const size_t caps[] = {1, 2, 8, 256};
    static const char useful[] = " \n-#0123456789abcdz=(),";
    char *rec = valid_record(), *buf, err[300];
    size_t len = strlen(rec);
    uint64_t rng = 0x5eed0003;
    int i, ok = 0;
    buf = malloc(len + 8);
    ck_assert_ptr_nonnull(buf);
    for (i = 0; i < 1000; i++) {
        size_t n = len, edits = 1 + rng_below(&rng, 3), e;
        size_t cap = caps[rng_below(&rng, 4)];
        memcpy(buf, rec, len + 1);
        for (e = 0; e < edits && n > 0; e++) {
            size_t at = rng_below(&rng, (uint32_t)n);
            switch (rng_below(&rng, 4)) {
            case 0: /* flip a bit */
                buf[at] = (char)(buf[at] ^ (1 << rng_below(&rng, 8)));
                if (!buf[at])
                    buf[at] = 1;
                break;
            case 1: /* replace a byte */
                buf[at] = (char)(1 + rng_below(&rng, 255));
                break;
            case 2: /* insert a byte */
                memmove(buf + at + 1, buf + at, n - at + 1);
                buf[at] = rng_below(&rng, 2)
                              ? useful[rng_below(&rng, sizeof useful - 1)]
                              : (char)(1 + rng_below(&rng, 255));
                n++;
                break;
            default: /* delete a byte */
                memmove(buf + at, buf + at + 1, n - at);
                n--;
                break;
            }
        }
        memset(err, CANARY, sizeof err);
        if (load_and_resave(buf, err, cap) == MG_OK)
            ok++;
        check_untouched(err, cap, sizeof err, "record err");
    }
    /* some mutations are harmless (case, spaces) */
    ck_assert_int_gt(ok, 0);
    free(buf);
    free(rec);
}
END_TEST

/* ================================================================ copy */

/* dst is an exact copy of src. */
static void same_state(const mg_state *dst, const mg_state *src)
{
    snapshot a;
    snap_take(&a, src);
    snap_same(&a, dst, "mg_state_copy");
    snap_free(&a);
    ck_assert_ptr_eq(mg_state_game(dst), mg_state_game(src));
    ck_assert_int_eq(mg_state_winner(dst), mg_state_winner(src));
}

START_TEST(copy_between_games)
{
    mg_game *g2, *g3, *gt;
    mg_state *a, *b, *c, *fresh;
    snapshot sb;
    int32_t s0, s1;

    MG_GAME(g2, "dots_and_boxes(rows=2,cols=2)");
    MG_GAME(g3, "dots_and_boxes(rows=3,cols=3)");
    a = new_state(g2);
    b = new_state(g3);
    ck_assert_int_eq(mg_state_playout(a, 1, 5), 5);
    ck_assert_int_eq(mg_state_playout(b, 2, 11), 11);
    snap_take(&sb, b);

    /* small := big: dst grows to the 3x3 game, src untouched */
    ck_assert_int_eq(mg_state_copy(a, b), MG_OK);
    same_state(a, b);
    snap_same(&sb, b, "being copied from");
    /* dst is a working state of the 3x3 game: finish it, then undo all */
    ck_assert_int_gt(mg_state_playout(a, 3, -1), 0);
    ck_assert_int_eq(mg_state_is_terminal(a), 1);
    ck_assert_int_eq(mg_state_score(a, 0, &s0), MG_OK);
    ck_assert_int_eq(mg_state_score(a, 1, &s1), MG_OK);
    ck_assert_int_eq(s0 + s1, 9);
    while (mg_state_undo(a) == MG_OK)
        ;
    fresh = new_state(g3);
    ck_assert_uint_eq(mg_state_hash(a), mg_state_hash(fresh));
    mg_state_free(fresh);
    snap_same(&sb, b, "playing on the copy");
    snap_free(&sb);

    /* big := small: dst shrinks to the 2x2 game */
    c = new_state(g2);
    ck_assert_int_eq(mg_state_playout(c, 4, 7), 7);
    ck_assert_int_eq(mg_state_copy(b, c), MG_OK);
    same_state(b, c);
    ck_assert_int_eq(mg_game_num_actions(mg_state_game(b)), 12);

    /* a different grid and state size altogether */
    MG_GAME(gt, "dots_and_boxes(grid=hexagon,size=2,border=swedish)");
    fresh = new_state(gt);
    ck_assert_int_eq(mg_state_playout(fresh, 5, 4), 4);
    ck_assert_int_eq(mg_state_copy(c, fresh), MG_OK);
    same_state(c, fresh);
    ck_assert_int_eq(mg_state_copy(fresh, a), MG_OK); /* and back */
    same_state(fresh, a);

    mg_state_free(fresh);
    mg_state_free(a);
    mg_state_free(b);
    mg_state_free(c);
    mg_game_free(gt);
    mg_game_free(g2);
    mg_game_free(g3);
}
END_TEST

START_TEST(copy_same_spec_other_game)
{
    /* two game objects of one spec, and a finished game over a fresh one */
    mg_game *g, *h;
    mg_state *a, *b;
    MG_GAME(g, "dots_and_boxes(rows=2,cols=3,misere=true)");
    MG_GAME(h, "dots_and_boxes(misere=true,cols=3,rows=2)");
    a = new_state(g);
    b = new_state(h);
    ck_assert_int_gt(mg_state_playout(a, 6, -1), 0);
    ck_assert_int_eq(mg_state_copy(b, a), MG_OK);
    same_state(b, a);
    ck_assert_int_eq(mg_state_apply(b, 0), MG_EOVER);
    mg_state_free(a);
    mg_state_free(b);
    mg_game_free(g);
    mg_game_free(h);
}
END_TEST

START_TEST(copy_onto_itself)
{
    mg_game *g;
    mg_state *s;
    snapshot sn;
    MG_GAME(g, "dots_and_boxes(rows=3,cols=3)");
    s = new_state(g);
    ck_assert_int_eq(mg_state_playout(s, 12, 9), 9);
    snap_take(&sn, s);
    ck_assert_int_eq(mg_state_copy(s, s), MG_OK);
    snap_same(&sn, s, "copy onto itself");
    ck_assert_int_eq(mg_state_copy(s, NULL), MG_EINVAL);
    snap_same(&sn, s, "a refused copy");
    snap_free(&sn);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* ============================================================== suite */

Suite *mg_errors_suite(void)
{
    Suite *su = suite_create("errors");
    TCase *tc;

    tc = tcase_create("null");
    tcase_add_test(tc, null_error_codes_are_distinct);
    tcase_add_test(tc, null_free_is_noop);
    tcase_add_test(tc, null_registry);
    tcase_add_test(tc, null_game_functions);
    tcase_add_test(tc, null_state_constructors);
    tcase_add_test(tc, null_state_queries);
    tcase_add_test(tc, null_load_outs);
    suite_add_tcase(su, tc);

    tc = tcase_create("range");
    tcase_add_test(tc, range_action_ids);
    tcase_add_test(tc, range_line_drawn_twice);
    tcase_add_test(tc, range_predrawn_border_lines);
    tcase_add_test(tc, range_apply_after_end);
    tcase_add_test(tc, range_undo_at_start);
    tcase_add_test(tc, range_players_and_groups);
    tcase_add_test(tc, range_render_format);
    suite_add_tcase(su, tc);

    tc = tcase_create("buffers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, buffers_strings);
    tcase_add_test(tc, buffers_strings_extreme_boards);
    tcase_add_test(tc, buffers_legal_actions);
    tcase_add_test(tc, buffers_history);
    suite_add_tcase(su, tc);

    tc = tcase_create("spec");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, spec_syntax_errors);
    tcase_add_test(tc, spec_unknown_game);
    tcase_add_test(tc, spec_option_errors);
    tcase_add_test(tc, spec_value_errors);
    tcase_add_test(tc, spec_overlong_and_bad_bytes);
    tcase_add_test(tc, spec_truncations);
    tcase_add_test(tc, spec_random_bytes);
    suite_add_tcase(su, tc);

    tc = tcase_create("notation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, notation_malformed);
    tcase_add_test(tc, notation_out_of_range);
    tcase_add_test(tc, notation_huge_numbers);
    tcase_add_test(tc, notation_overlong);
    tcase_add_test(tc, notation_accepted_forms);
    tcase_add_test(tc, notation_random_bytes);
    suite_add_tcase(su, tc);

    tc = tcase_create("record");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, record_empty_and_header);
    tcase_add_test(tc, record_bad_game_line);
    tcase_add_test(tc, record_bad_count);
    tcase_add_test(tc, record_count_mismatch);
    tcase_add_test(tc, record_bad_actions);
    tcase_add_test(tc, record_action_after_end);
    tcase_add_test(tc, record_valid_variants_load);
    tcase_add_test(tc, record_truncations);
    tcase_add_test(tc, record_mutations);
    suite_add_tcase(su, tc);

    tc = tcase_create("copy");
    tcase_add_test(tc, copy_between_games);
    tcase_add_test(tc, copy_same_spec_other_game);
    tcase_add_test(tc, copy_onto_itself);
    suite_add_tcase(su, tc);

    return su;
}
