/*
 * check_store_docs.c - the place's documents in mg-server's store
 * (store.h: mgs_doc_row in appends, mgs_store_doc, mgs_store_docs), over
 * SQLite or, with MG_TEST_PG set (make check-postgres), PostgreSQL: a new
 * key refused when taken, a conditional put and delete refused when the
 * document changed, a failing document undoing the table events of its
 * append (all or nothing), listing by owner, prefix, rank and time with
 * offset and limit, bad rows refused, two stores (two processes) racing
 * the same compare-and-set and the same new name, documents surviving a
 * reopen.  Plain C: prints "N passed, N failed"; make store-check.
 */
#define _POSIX_C_SOURCE 200809L
#include "store.h"
#include "store_testdb.h"

#include <pthread.h>
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

/* Two stores on one database (two server processes) apply the same
 * read-modify-write at once: a rating read at updated_ms 1 and put with
 * if_updated_ms 1 by both, and the same new name taken by both; each
 * decided once, the other told MGS_ECONFLICT. */
typedef struct cas_racer {
    mgs_store *st;
    int k, rc_put, rc_new;
    pthread_barrier_t *go;
} cas_racer;

static void *cas_race(void *arg)
{
    cas_racer *r = arg;
    char json[32], err[256];
    snprintf(json, sizeof json, "{\"by\":%d}", r->k);
    pthread_barrier_wait(r->go);
    r->rc_put = put(r->st, row(MGS_DOC_PUT, "rating", "race", "x",
                               1500 + r->k, json, 2, 1), err);
    r->rc_new = put(r->st, row(MGS_DOC_NEW, "name", "racer", "x", 0, json,
                               2, -1), err);
    return NULL;
}

static void test_cas_two_stores(const char *path)
{
    char err[256];
    cas_racer r[2];
    pthread_t th[2];
    pthread_barrier_t go;
    seen s;
    int i, round, ok = 1;
    memset(r, 0, sizeof r);
    CHECK(mgs_store_open(&r[0].st, path, err, sizeof err) == MGS_OK);
    CHECK(mgs_store_open(&r[1].st, path, err, sizeof err) == MGS_OK);
    if (!r[0].st || !r[1].st) {
        mgs_store_close(r[0].st);
        mgs_store_close(r[1].st);
        return;
    }
    for (round = 0; round < 20; round++) {
        CHECK(put(r[0].st, row(MGS_DOC_PUT, "rating", "race", "x", 1500,
                               "{}", 1, -1), err) == MGS_OK);
        put(r[0].st, row(MGS_DOC_DELETE, "name", "racer", NULL, 0, NULL, 0,
                         -1), err);
        pthread_barrier_init(&go, NULL, 2);
        for (i = 0; i < 2; i++) {
            r[i].k = i;
            r[i].go = &go;
            pthread_create(&th[i], NULL, cas_race, &r[i]);
        }
        for (i = 0; i < 2; i++)
            pthread_join(th[i], NULL);
        pthread_barrier_destroy(&go);
        ok &= (r[0].rc_put == MGS_OK) + (r[1].rc_put == MGS_OK) == 1;
        ok &= (r[0].rc_put == MGS_ECONFLICT) + (r[1].rc_put ==
                                                MGS_ECONFLICT) == 1;
        ok &= (r[0].rc_new == MGS_OK) + (r[1].rc_new == MGS_OK) == 1;
        ok &= (r[0].rc_new == MGS_ECONFLICT) + (r[1].rc_new ==
                                                MGS_ECONFLICT) == 1;
        /* the stored rating is the winner's */
        memset(&s, 0, sizeof s);
        ok &= mgs_store_doc(r[1].st, "rating", "race", on_doc, &s) == MGS_OK;
        ok &= strcmp(s.json[0], r[0].rc_put == MGS_OK ? "{\"by\":0}"
                                                      : "{\"by\":1}") == 0;
    }
    CHECK(ok);
    mgs_store_close(r[0].st);
    mgs_store_close(r[1].st);
}

int main(void)
{
    char dir[] = "/tmp/check_store_docs.XXXXXX", path[256], err[256];
    mgs_store *st = NULL;
    seen s;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    printf("check_store_docs: %s\n", test_pg() ? "PostgreSQL" : "SQLite");
    test_db(path, sizeof path, dir, "race.db");
    test_cas_two_stores(path);
    test_db(path, sizeof path, dir, "docs.db");
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
        const char *const names[] = { "docs.db", "docs.db-wal", "docs.db-shm",
                                      "race.db", "race.db-wal",
                                      "race.db-shm" };
        size_t i;
        for (i = 0; i < sizeof names / sizeof names[0]; i++) {
            snprintf(f, sizeof f, "%s/%s", dir, names[i]);
            unlink(f);
        }
        rmdir(dir);
    }
    printf("check_store_docs: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
