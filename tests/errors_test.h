/*
 * errors_test.h - what the error-contract files share: the bad calls
 * (check_errors_null.c, check_errors_range.c, check_errors_buffers.c,
 * check_errors_copy.c) and the bad text (check_errors_spec.c,
 * check_errors_notation.c, check_errors_record.c): a sentinel pointer and a
 * canary byte, the checks of a message, whole strings out of the buffer
 * functions, snapshots of what a refused call must not change, the record
 * loader with its out-parameters checked, and the check of one refused text
 * (text_fails: the code, the message, cut to fit).
 */
#ifndef MG_ERRORS_TEST_H
#define MG_ERRORS_TEST_H

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

/* err is NUL-terminated within errcap and is one line of printable ASCII.
 * Returns its length. */
static inline size_t check_msg(const char *err, size_t errcap)
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

static inline void check_untouched(const char *buf, size_t from, size_t to,
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

static inline int fn_spec(const void *g, int arg, char *buf, size_t cap,
                          size_t *needed)
{
    (void)arg;
    return mg_game_spec(g, buf, cap, needed);
}

static inline int fn_render(const void *s, int format, char *buf, size_t cap,
                            size_t *needed)
{
    return mg_state_render(s, format, buf, cap, needed);
}

static inline int fn_save(const void *s, int arg, char *buf, size_t cap,
                          size_t *needed)
{
    (void)arg;
    return mg_state_save(s, buf, cap, needed);
}

static inline int fn_action(const void *s, int action, char *buf, size_t cap,
                            size_t *needed)
{
    return mg_state_action_to_string(s, action, buf, cap, needed);
}

/* The whole string (caller frees). */
static inline char *str_alloc(str_fn f, const void *obj, int arg)
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

static inline int32_t *history_alloc(const mg_state *s, size_t *n)
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

static inline void snap_take(snapshot *sn, const mg_state *s)
{
    sn->hash = mg_state_hash(s);
    sn->player = mg_state_current_player(s);
    sn->hist = history_alloc(s, &sn->hlen);
    sn->text = str_alloc(fn_render, s, MG_RENDER_TEXT);
    sn->save = str_alloc(fn_save, s, 0);
}

static inline void snap_free(snapshot *sn)
{
    free(sn->hist);
    free(sn->text);
    free(sn->save);
}

/* s still looks exactly like the snapshot. */
static inline void snap_same(const snapshot *sn, const mg_state *s,
                             const char *after)
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
static inline int32_t act(const mg_state *s, const char *text)
{
    int32_t a = -1;
    char err[128];
    int rc = mg_state_action_from_string(s, text, &a, err, sizeof err);
    ck_assert_msg(rc == MG_OK, "parse '%s': %d %s", text, rc, err);
    return a;
}

static inline mg_state *new_state(const mg_game *g)
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

/* 1 when rc is one of the n codes. */
static inline int is_code(int rc, const int *codes, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (rc == codes[i])
            return 1;
    return 0;
}

/* `text` is refused with `code`; the message is non-empty, printable,
 * names `needle` (when not NULL), and is cut to fit small errcaps without
 * writing past them; err may be NULL/0. */
static inline void text_fails(text_fn fn, const void *ctx, const char *what,
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

/* mg_state_load: returns its code; on success both outs are set, else
 * both are NULL (the loader of the record tests, a text_fn). */
static inline int call_load(const void *ctx, const char *text, char *err,
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

#endif
