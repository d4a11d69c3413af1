/*
 * check_store_docs.c - the place's documents in mg-server's SQLite store
 * (store.h: mgs_doc_row in appends, mgs_store_doc, mgs_store_docs): a new
 * key refused when taken, a conditional put and delete refused when the
 * document changed, a failing document undoing the table events of its
 * append (all or nothing), listing by owner, prefix, rank and time with
 * offset and limit, bad rows refused, documents surviving a reopen.
 * Plain C: prints "N passed, N failed"; make store-check.
 */
#define _POSIX_C_SOURCE 200809L
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int passed, failed;

#define CHECK(c) check((c), #c, __FILE__, __LINE__)
static void check(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s:%d: %s\n", file, line, what);
    }
}

static mgs_doc_row row(int op, const char *kind, const char *key,
                       const char *owner, double rank, const char *json,
                       int64_t ms, int64_t if_ms)
{
    mgs_doc_row d;
    d.op = op;
    d.kind = kind;
    d.key = key;
    d.owner = owner;
    d.rank = rank;
    d.json = json;
    d.updated_ms = ms;
    d.if_updated_ms = if_ms;
    return d;
}

static int put(mgs_store *st, mgs_doc_row d, char *err)
{
    mgs_append a;
    memset(&a, 0, sizeof a);
    a.docs = &d;
    a.ndocs = 1;
    return mgs_store_append(st, &a, 1, err, 256);
}

typedef struct seen {
    int n;
    char keys[16][64];
    char json[16][64];
    int64_t ms[16];
} seen;

static int on_doc(void *arg, const mgs_doc *d)
{
    seen *s = arg;
    if (s->n < 16) {
        snprintf(s->keys[s->n], 64, "%s", d->key);
        snprintf(s->json[s->n], 64, "%s", d->json);
        s->ms[s->n] = d->updated_ms;
    }
    s->n++;
    return 0;
}

static int stop_at_two(void *arg, const mgs_doc *d)
{
    seen *s = arg;
    on_doc(arg, d);
    return s->n == 2 ? 7 : 0;
}

static void test_new_put_delete(mgs_store *st)
{
    char err[256];
    seen s;
    memset(&s, 0, sizeof s);
    CHECK(put(st, row(MGS_DOC_NEW, "name", "alice", "Alice", 0, "{}", 1, -1),
              err) == MGS_OK);
    /* a name taken: refused, whatever the rest */
    CHECK(put(st, row(MGS_DOC_NEW, "name", "alice", "ALICE", 0, "{\"x\":1}", 2,
                      -1), err) == MGS_ECONFLICT);
    CHECK(strstr(err, "exists already") != NULL);
    CHECK(mgs_store_doc(st, "name", "alice", on_doc, &s) == MGS_OK);
    CHECK(s.n == 1 && strcmp(s.json[0], "{}") == 0 && s.ms[0] == 1);
    CHECK(mgs_store_doc(st, "name", "bob", on_doc, &s) == MGS_ENOTFOUND);
    CHECK(mgs_store_doc(st, "other", "alice", on_doc, &s) == MGS_ENOTFOUND);

    /* compare-and-set: only from the version read */
    CHECK(put(st, row(MGS_DOC_PUT, "rating", "g/alice", "alice", 1500,
                      "{\"r\":1500}", 10, -1), err) == MGS_OK);
    CHECK(put(st, row(MGS_DOC_PUT, "rating", "g/alice", "alice", 1600,
                      "{\"r\":1600}", 11, 10), err) == MGS_OK);
    CHECK(put(st, row(MGS_DOC_PUT, "rating", "g/alice", "alice", 1700,
                      "{\"r\":1700}", 12, 10), err) == MGS_ECONFLICT);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_doc(st, "rating", "g/alice", on_doc, &s) == MGS_OK);
    CHECK(s.n == 1 && strcmp(s.json[0], "{\"r\":1600}") == 0);
    /* a conditional put of a document that is not there */
    CHECK(put(st, row(MGS_DOC_PUT, "rating", "g/nobody", "nobody", 1, "{}",
                      12, 3), err) == MGS_ECONFLICT);

    /* delete once; the second is refused (a seek accepted twice) */
    CHECK(put(st, row(MGS_DOC_NEW, "seek", "s1", "alice", 0, "{}", 5, -1),
              err) == MGS_OK);
    CHECK(put(st, row(MGS_DOC_DELETE, "seek", "s1", NULL, 0, NULL, 0, 4),
              err) == MGS_ECONFLICT);
    CHECK(put(st, row(MGS_DOC_DELETE, "seek", "s1", NULL, 0, NULL, 0, 5),
              err) == MGS_OK);
    CHECK(put(st, row(MGS_DOC_DELETE, "seek", "s1", NULL, 0, NULL, 0, -1),
              err) == MGS_ECONFLICT);
    CHECK(strstr(err, "not there") != NULL);
}

static void test_all_or_nothing(mgs_store *st)
{
    char err[256];
    mgs_append a;
    mgs_event_row ev = {1, "created", "{\"type\":\"created\"}", 1};
    mgs_doc_row d[2];
    int n = 0;
    d[0] = row(MGS_DOC_PUT, "game", "alice/T1", "alice", 0, "{}", 1, -1);
    d[1] = row(MGS_DOC_NEW, "name", "alice", "alice", 0, "{}", 1, -1);
    memset(&a, 0, sizeof a);
    a.table_id = "T1";
    a.table_json = "{\"status\":\"playing\"}";
    a.events = &ev;
    a.nevents = 1;
    a.docs = d;
    a.ndocs = 2;
    /* the second document's key is taken: neither the event nor the
     * first document is stored */
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_ECONFLICT);
    CHECK(mgs_store_doc(st, "game", "alice/T1", on_doc, &n) ==
          MGS_ENOTFOUND);
    CHECK(mgs_store_table(st, "T1", NULL, NULL, NULL) == MGS_ENOTFOUND);
    a.ndocs = 1;
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK);
    CHECK(mgs_store_table(st, "T1", NULL, NULL, NULL) == MGS_OK);
}

static void test_listing(mgs_store *st)
{
    char err[256];
    static const char *const names[5] = {"ann", "bea", "cid", "dot", "eve"};
    static const double ranks[5] = {1400, 1900, 1650, 1900, 1200};
    char key[64];
    seen s;
    int i;
    for (i = 0; i < 5; i++) {
        snprintf(key, sizeof key, "dab5/%s", names[i]);
        CHECK(put(st, row(MGS_DOC_PUT, "rank", key, names[i], ranks[i], "{}",
                          100 + i, -1), err) == MGS_OK);
        snprintf(key, sizeof key, "dab3/%s", names[i]);
        CHECK(put(st, row(MGS_DOC_PUT, "rank", key, names[i], 3000 - i, "{}",
                          200 + i, -1), err) == MGS_OK);
    }
    /* a leaderboard: one family, by rank, ties by key */
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", NULL, "dab5/", MGS_DOCS_BY_RANK, 0, 10,
                         on_doc, &s) == MGS_OK);
    CHECK(s.n == 5);
    CHECK(strcmp(s.keys[0], "dab5/bea") == 0 &&
          strcmp(s.keys[1], "dab5/dot") == 0 &&
          strcmp(s.keys[2], "dab5/cid") == 0 &&
          strcmp(s.keys[4], "dab5/eve") == 0);
    /* offset and limit */
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", NULL, "dab5/", MGS_DOCS_BY_RANK, 1, 2,
                         on_doc, &s) == MGS_OK);
    CHECK(s.n == 2 && strcmp(s.keys[0], "dab5/dot") == 0 &&
          strcmp(s.keys[1], "dab5/cid") == 0);
    /* one owner's, newest first */
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", "cid", NULL, MGS_DOCS_NEWEST, 0, 10,
                         on_doc, &s) == MGS_OK);
    CHECK(s.n == 2 && strcmp(s.keys[0], "dab3/cid") == 0 &&
          strcmp(s.keys[1], "dab5/cid") == 0);
    /* by key; a prefix that is no family; a stop */
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", NULL, NULL, MGS_DOCS_BY_KEY, 0, 100,
                         on_doc, &s) == MGS_OK);
    CHECK(s.n == 10 && strcmp(s.keys[0], "dab3/ann") == 0);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", NULL, "dab7/", MGS_DOCS_BY_KEY, 0, 100,
                         on_doc, &s) == MGS_OK && s.n == 0);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", NULL, "dab", MGS_DOCS_BY_KEY, 0, 100,
                         stop_at_two, &s) == 7 && s.n == 2);
    /* a prefix with LIKE's wildcards is a prefix, nothing more */
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, "rank", NULL, "dab_", MGS_DOCS_BY_KEY, 0, 100,
                         on_doc, &s) == MGS_OK && s.n == 0);
    /* every kind: ordered by kind, then as asked */
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, NULL, "cid", NULL, MGS_DOCS_BY_RANK, 0, 100,
                         on_doc, &s) == MGS_OK);
    CHECK(s.n == 2 && strcmp(s.keys[0], "dab3/cid") == 0);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_docs(st, NULL, NULL, NULL, MGS_DOCS_BY_KEY, 0, 1000,
                         on_doc, &s) == MGS_OK);
    CHECK(s.n >= 12);
    /* bad arguments */
    CHECK(mgs_store_docs(st, "rank", NULL, NULL, 3, 0, 10, on_doc, &s) ==
          MGS_EINVAL);
    CHECK(mgs_store_docs(st, "rank", NULL, NULL, 0, -1, 10, on_doc, &s) ==
          MGS_EINVAL);
    CHECK(mgs_store_docs(st, "rank", NULL, NULL, 0, 0, 0, on_doc, &s) ==
          MGS_EINVAL);
    CHECK(mgs_store_docs(NULL, "rank", NULL, NULL, 0, 0, 1, on_doc, &s) ==
          MGS_EINVAL);
}

static void test_bad_rows(mgs_store *st)
{
    char err[256];
    char longkey[MGS_DOC_KEY_MAX + 2];
    mgs_append a;
    memset(longkey, 'k', sizeof longkey - 1);
    longkey[sizeof longkey - 1] = '\0';
    CHECK(put(st, row(7, "k", "x", NULL, 0, "{}", 1, -1), err) == MGS_EINVAL);
    CHECK(put(st, row(MGS_DOC_PUT, "", "x", NULL, 0, "{}", 1, -1), err) ==
          MGS_EINVAL);
    CHECK(put(st, row(MGS_DOC_PUT, "k", longkey, NULL, 0, "{}", 1, -1), err) ==
          MGS_EINVAL);
    CHECK(put(st, row(MGS_DOC_PUT, "k", "x", NULL, 0, NULL, 1, -1), err) ==
          MGS_EINVAL);
    CHECK(put(st, row(MGS_DOC_NEW, "k", "x", NULL, 0, "{}", 1, 1), err) ==
          MGS_EINVAL);
    /* a table's rows without the table's id */
    memset(&a, 0, sizeof a);
    a.table_json = "{}";
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_EINVAL);
    CHECK(mgs_store_doc(st, "k", "x", on_doc, &a) == MGS_ENOTFOUND);
}

int main(void)
{
    char dir[] = "/tmp/check_store_docs.XXXXXX", path[128], err[256];
    mgs_store *st = NULL;
    seen s;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(path, sizeof path, "%s/docs.db", dir);
    CHECK(mgs_store_open(&st, path, err, sizeof err) == MGS_OK);
    if (st) {
        test_new_put_delete(st);
        test_all_or_nothing(st);
        test_listing(st);
        test_bad_rows(st);
        mgs_store_close(st);
    }
    /* what was committed is there after a reopen */
    st = NULL;
    CHECK(mgs_store_open(&st, path, err, sizeof err) == MGS_OK);
    memset(&s, 0, sizeof s);
    if (st) {
        CHECK(mgs_store_doc(st, "rating", "g/alice", on_doc, &s) == MGS_OK);
        CHECK(s.n == 1 && strcmp(s.json[0], "{\"r\":1600}") == 0);
        mgs_store_close(st);
    }
    {
        char f[160];
        snprintf(f, sizeof f, "%s/docs.db-wal", dir);
        unlink(f);
        snprintf(f, sizeof f, "%s/docs.db-shm", dir);
        unlink(f);
        unlink(path);
        rmdir(dir);
    }
    printf("check_store_docs: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
