/*
 * check_store.c - mg-server's store (programs/server/store.h) over SQLite
 * (store_sqlite*.c) or, with MG_TEST_PG set (make check-postgres),
 * PostgreSQL (store_pg*.c): migrations and reopening, the event log,
 * conflicts inside one group commit, commands, table listing, expiry,
 * group commit under threads, two stores (two processes) appending the
 * same versions at once; for SQLite a read-only file, a full disk,
 * backup; for PostgreSQL its refusals of those and a connection made
 * again after the server dropped it.  Plain C: prints "N passed, N
 * failed" and exits non-zero on a failure.  make store-check.
 *
 * White-box in one place: the conflict test holds the writer
 * (store_backend.h's test hooks) so that two appends surely meet in one
 * batch.
 */
#define _POSIX_C_SOURCE 200809L
#include "store_backend.h"
#include "store_testdb.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

static char dir[64];

static const char *path_in(char *buf, size_t cap, const char *name)
{
    snprintf(buf, cap, "%s/%s", dir, name);
    return buf;
}

static void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    nanosleep(&ts, NULL);
}

/* ------------------------------------------------------------ helpers */

typedef struct events_seen {
    int n;
    int64_t versions[256];
    char types[256][16];
    int64_t sum_len;
} events_seen;

static int on_event(void *arg, const mgs_event_row *ev)
{
    events_seen *s = arg;
    if (s->n < 256) {
        s->versions[s->n] = ev->version;
        snprintf(s->types[s->n], sizeof s->types[0], "%s", ev->type);
    }
    s->n++;
    s->sum_len += (int64_t)strlen(ev->json);
    return 0;
}

static int count_events(mgs_store *st, const char *id, int64_t after)
{
    events_seen s;
    memset(&s, 0, sizeof s);
    if (mgs_store_events(st, id, after, on_event, &s) != MGS_OK)
        return -1;
    return s.n;
}

/* One event of version v for table id (and the table row with it). */
static int append_event(mgs_store *st, const char *id, int64_t v,
                        int64_t updated, char *err, size_t cap)
{
    char json[64];
    mgs_event_row ev;
    mgs_append a;
    snprintf(json, sizeof json, "{\"version\": %lld}", (long long)v);
    ev.version = v;
    ev.type = v == 1 ? "created" : "move";
    ev.json = json;
    ev.at_ms = 1000 + v;
    memset(&a, 0, sizeof a);
    a.table_id = id;
    a.table_json = "{\"status\": \"playing\"}";
    a.created_ms = 1;
    a.updated_ms = updated;
    a.events = &ev;
    a.nevents = 1;
    return mgs_store_append(st, &a, 1, err, cap);
}

typedef struct table_seen {
    char json[128];
    int64_t created, updated;
    int nseats;
    unsigned char secret0[32];
    char info1[64];
} table_seen;

static int on_table(void *arg, const mgs_table_row *t)
{
    table_seen *s = arg;
    snprintf(s->json, sizeof s->json, "%s", t->json);
    s->created = t->created_ms;
    s->updated = t->updated_ms;
    return 0;
}

static int on_seat(void *arg, const mgs_seat_row *r)
{
    table_seen *s = arg;
    s->nseats++;
    if (r->seat == 0)
        memcpy(s->secret0, r->secret_hash, 32);
    else
        snprintf(s->info1, sizeof s->info1, "%s", r->info);
    return 0;
}

/* -------------------------------------------------------------- tests */

static void test_reopen(void)
{
    char p[256], err[256];
    mgs_store *st = NULL;
    mgs_seat_row seats[2];
    mgs_event_row evs[3];
    mgs_command_row cmd = { 0, "c-1", 200, "{\"version\": 3}" };
    mgs_append a;
    table_seen t;
    events_seen s;
    int i;

    test_db(p, sizeof p, dir, "reopen.db");
    CHECK(mgs_store_open(&st, p, err, sizeof err) == MGS_OK);
    memset(seats, 0, sizeof seats);
    seats[0].seat = 0;
    memset(seats[0].secret_hash, 0xab, 32);
    seats[0].info = "{\"kind\": \"human\"}";
    seats[1].seat = 1;
    seats[1].info = "{\"kind\": \"bot\", \"bot\": \"greedy\"}";
    for (i = 0; i < 3; i++) {
        evs[i].version = i + 1;
        evs[i].type = i == 0 ? "created" : "move";
        evs[i].json = i == 0 ? "{\"a\": 1}" : "{\"b\": 2}";
        evs[i].at_ms = 100 + i;
    }
    memset(&a, 0, sizeof a);
    a.table_id = "t1";
    a.table_json = "{\"status\": \"playing\"}";
    a.created_ms = 10;
    a.updated_ms = 20;
    a.seats = seats;
    a.nseats = 2;
    a.events = evs;
    a.nevents = 3;
    a.command = &cmd;
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK);
    mgs_store_close(st);

    st = NULL;
    CHECK(mgs_store_open(&st, p, err, sizeof err) == MGS_OK);
    if (!st)
        return;
    memset(&t, 0, sizeof t);
    CHECK(mgs_store_table(st, "t1", on_table, on_seat, &t) == MGS_OK);
    CHECK(strcmp(t.json, "{\"status\": \"playing\"}") == 0);
    CHECK(t.created == 10 && t.updated == 20);
    CHECK(t.nseats == 2 && t.secret0[0] == 0xab && t.secret0[31] == 0xab);
    CHECK(strstr(t.info1, "greedy") != NULL);
    CHECK(mgs_store_table(st, "nope", on_table, on_seat, &t)
          == MGS_ENOTFOUND);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_events(st, "t1", 0, on_event, &s) == MGS_OK);
    CHECK(s.n == 3 && s.versions[0] == 1 && s.versions[2] == 3);
    CHECK(strcmp(s.types[0], "created") == 0);
    /* the row replaced, created/updated with it; the seats replaced */
    memset(&a, 0, sizeof a);
    a.table_id = "t1";
    a.table_json = "{\"status\": \"over\"}";
    a.created_ms = 10;
    a.updated_ms = 30;
    seats[1].info = "{\"kind\": \"human\"}";
    a.seats = &seats[1];
    a.nseats = 1;
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK);
    memset(&t, 0, sizeof t);
    CHECK(mgs_store_table(st, "t1", on_table, on_seat, &t) == MGS_OK);
    CHECK(strstr(t.json, "over") && t.updated == 30 && t.nseats == 2);
    CHECK(strcmp(t.info1, "{\"kind\": \"human\"}") == 0);
    mgs_store_close(st);
}

static void test_newer_schema(void)
{
    char p[256], err[256];
    mgs_store *st = NULL;
    sqlite3 *db = NULL;
    test_db(p, sizeof p, dir, "newer.db");
    CHECK(mgs_store_open(&st, p, err, sizeof err) == MGS_OK);
    mgs_store_close(st);
    if (test_pg()) {
        CHECK(test_pg_exec("UPDATE schema_version SET version = 99") == 0);
    } else {
        CHECK(sqlite3_open(p, &db) == SQLITE_OK);
        CHECK(sqlite3_exec(db, "UPDATE schema_version SET version = 99",
                           NULL, NULL, NULL) == SQLITE_OK);
        sqlite3_close(db);
    }
    st = NULL;
    err[0] = 0;
    CHECK(mgs_store_open(&st, p, err, sizeof err) != MGS_OK && !st);
    CHECK(strstr(err, "newer") != NULL && strstr(err, "99") != NULL);
    printf("  newer schema refused: %s\n", err);
}

static void test_events_after(mgs_store *st)
{
    char err[256];
    events_seen s;
    int64_t v;
    int ok = 1;
    for (v = 1; v <= 10; v++)
        ok &= append_event(st, "ev", v, 50, err, sizeof err) == MGS_OK;
    CHECK(ok);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_events(st, "ev", 7, on_event, &s) == MGS_OK);
    CHECK(s.n == 3 && s.versions[0] == 8 && s.versions[1] == 9 &&
          s.versions[2] == 10);
    CHECK(count_events(st, "ev", 10) == 0);
    CHECK(count_events(st, "no-such-table", 0) == 0);
    /* a duplicate version alone: ECONFLICT, nothing stored */
    CHECK(append_event(st, "ev", 4, 60, err, sizeof err) == MGS_ECONFLICT);
    CHECK(strstr(err, "4") != NULL);
    CHECK(count_events(st, "ev", 0) == 10);
}

typedef struct appender {
    mgs_store *st;
    mgs_append a;
    mgs_event_row ev[2];
    int rc;
    char err[256];
} appender;

static void *append_thread(void *arg)
{
    appender *p = arg;
    p->rc = mgs_store_append(p->st, &p->a, 1, p->err, sizeof p->err);
    return NULL;
}

/* Two appends in one batch: the conflicting one fails alone. */
static void test_conflict_in_batch(mgs_store *st)
{
    appender p[3];
    pthread_t th[3];
    mgs_store_stats before, after;
    int i, tries;
    char err[256];

    CHECK(append_event(st, "cf", 1, 70, err, sizeof err) == MGS_OK);
    CHECK(append_event(st, "cf", 2, 70, err, sizeof err) == MGS_OK);
    memset(p, 0, sizeof p);
    for (i = 0; i < 3; i++) {
        p[i].st = st;
        p[i].a.table_id = i == 2 ? "cf-good" : i == 1 ? "cf" : "cf-first";
        p[i].a.events = p[i].ev;
        p[i].a.nevents = 1;
        p[i].ev[0].version = 1;
        p[i].ev[0].type = "created";
        p[i].ev[0].json = "{}";
    }
    /* the bad one: version 3 (new) then 2 (there already) */
    p[1].a.nevents = 2;
    p[1].ev[0].version = 3;
    p[1].ev[0].type = "move";
    p[1].ev[1] = p[1].ev[0];
    p[1].ev[1].version = 2;
    mgs_store_get_stats(st, &before);
    /* hold the writer: the first append is taken and waits, the other
     * two queue up behind it and go together */
    mgs__store_hold(st, 1);
    pthread_create(&th[0], NULL, append_thread, &p[0]);
    sleep_ms(50);
    pthread_create(&th[1], NULL, append_thread, &p[1]);
    pthread_create(&th[2], NULL, append_thread, &p[2]);
    for (tries = 0; tries < 1000 && mgs__store_queued(st) < 2; tries++)
        sleep_ms(1);
    mgs__store_hold(st, 0);
    for (i = 0; i < 3; i++)
        pthread_join(th[i], NULL);
    mgs_store_get_stats(st, &after);
    CHECK(p[0].rc == MGS_OK);
    CHECK(p[1].rc == MGS_ECONFLICT);
    CHECK(p[2].rc == MGS_OK);
    printf("  conflict in a batch: %s\n", p[1].err);
    CHECK(after.transactions - before.transactions <= 2);
    CHECK(after.appends - before.appends == 2);
    CHECK(after.failures - before.failures == 1);
    CHECK(count_events(st, "cf", 0) == 2);      /* version 3 not kept */
    CHECK(count_events(st, "cf-good", 0) == 1);
    CHECK(count_events(st, "cf-first", 0) == 1);
}

typedef struct cmds_seen {
    int n;
    char ids[8][16];
    int status[8];
} cmds_seen;

static int on_cmd(void *arg, const mgs_command_row *c)
{
    cmds_seen *s = arg;
    if (s->n < 8) {
        snprintf(s->ids[s->n], sizeof s->ids[0], "%d:%s", c->seat,
                 c->cmd_id);
        s->status[s->n] = c->status;
    }
    s->n++;
    return 0;
}

static void test_commands(mgs_store *st)
{
    mgs_command_row c[3] = {
        { 0, "a", 200, "{\"version\": 1}" },
        { 1, "a", 422, "{\"error\": \"illegal\"}" },
        { 0, "b", 409, "{\"error\": \"stale\"}" }
    };
    mgs_append a;
    cmds_seen s;
    char err[256];
    int i, ok = 1;
    memset(&a, 0, sizeof a);
    a.table_id = "cmd";
    for (i = 0; i < 3; i++) {
        a.command = &c[i];
        ok &= mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK;
    }
    CHECK(ok);
    a.command = &c[0];
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_ECONFLICT);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_commands(st, "cmd", on_cmd, &s) == MGS_OK);
    CHECK(s.n == 3);
    CHECK(strcmp(s.ids[0], "0:a") == 0 && s.status[0] == 200);
    CHECK(strcmp(s.ids[1], "1:a") == 0 && s.status[1] == 422);
    CHECK(strcmp(s.ids[2], "0:b") == 0 && s.status[2] == 409);
}

typedef struct tables_seen {
    int n;
    char ids[16][16];
} tables_seen;

static int on_list(void *arg, const mgs_table_row *t)
{
    tables_seen *s = arg;
    if (s->n < 16)
        snprintf(s->ids[s->n], sizeof s->ids[0], "%s", t->id);
    s->n++;
    return 0;
}

static int stop_list(void *arg, const mgs_table_row *t)
{
    (void)arg;
    (void)t;
    return 7;
}

static int put_table(mgs_store *st, const char *id, const char *status,
                     int64_t updated)
{
    char json[64], err[256];
    mgs_seat_row seat;
    mgs_event_row ev = { 1, "created", "{}", 1 };
    mgs_command_row cmd = { 0, "x", 200, "{}" };
    mgs_append a;
    snprintf(json, sizeof json, "{\"status\": \"%s\", \"n\": 1}", status);
    memset(&seat, 0, sizeof seat);
    memset(&a, 0, sizeof a);
    a.table_id = id;
    a.table_json = json;
    a.created_ms = updated;
    a.updated_ms = updated;
    a.seats = &seat;
    a.nseats = 1;
    a.events = &ev;
    a.nevents = 1;
    a.command = &cmd;
    return mgs_store_append(st, &a, 1, err, sizeof err);
}

static void test_tables_and_expiry(void)
{
    const char *const old[] = { "waiting", "playing", NULL };
    char p[256], err[256];
    mgs_store *st = NULL;
    tables_seen s;
    table_seen t;
    cmds_seen c;
    int64_t deleted = -1;
    CHECK(mgs_store_open(&st, test_pg() ? test_db(p, sizeof p, dir, "")
                                        : ":memory:", err, sizeof err)
          == MGS_OK);
    if (!st)
        return;
    CHECK(put_table(st, "t300", "playing", 300) == MGS_OK);
    CHECK(put_table(st, "t100", "waiting", 100) == MGS_OK);
    CHECK(put_table(st, "t200", "over", 200) == MGS_OK);
    CHECK(put_table(st, "t150", "playing", 150) == MGS_OK);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_tables(st, 0, on_list, &s) == MGS_OK);
    CHECK(s.n == 4 && strcmp(s.ids[0], "t100") == 0 &&
          strcmp(s.ids[1], "t150") == 0 && strcmp(s.ids[2], "t200") == 0 &&
          strcmp(s.ids[3], "t300") == 0);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_tables(st, 200, on_list, &s) == MGS_OK);
    CHECK(s.n == 2 && strcmp(s.ids[0], "t200") == 0);
    CHECK(mgs_store_tables(st, 0, stop_list, NULL) == 7);
    /* before 250: t100 (waiting) and t150 (playing) go; t200 is over */
    CHECK(mgs_store_delete_before(st, 250, old, &deleted, err, sizeof err)
          == MGS_OK);
    CHECK(deleted == 2);
    memset(&s, 0, sizeof s);
    CHECK(mgs_store_tables(st, 0, on_list, &s) == MGS_OK);
    CHECK(s.n == 2 && strcmp(s.ids[0], "t200") == 0 &&
          strcmp(s.ids[1], "t300") == 0);
    CHECK(mgs_store_table(st, "t100", on_table, on_seat, &t)
          == MGS_ENOTFOUND);
    CHECK(count_events(st, "t100", 0) == 0 && count_events(st, "t200", 0)
          == 1);
    memset(&c, 0, sizeof c);
    CHECK(mgs_store_commands(st, "t150", on_cmd, &c) == MGS_OK && c.n == 0);
    memset(&c, 0, sizeof c);
    CHECK(mgs_store_commands(st, "t300", on_cmd, &c) == MGS_OK && c.n == 1);
    CHECK(mgs_store_delete_before(st, 1000, NULL, &deleted, err, sizeof err)
          == MGS_OK && deleted == 0);
    mgs_store_close(st);
}

#define NTHREADS 8
#define PER_THREAD 25

typedef struct worker {
    mgs_store *st;
    int k, bad;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    char id[16], err[256];
    int64_t v;
    snprintf(id, sizeof id, "g%d", w->k);
    for (v = 1; v <= PER_THREAD; v++)
        if (append_event(w->st, id, v, 100 + v, err, sizeof err) != MGS_OK)
            w->bad++;
    return NULL;
}

static void test_group_commit(mgs_store *st)
{
    pthread_t th[NTHREADS];
    worker w[NTHREADS];
    mgs_store_stats a, b;
    int i, bad = 0, all = 1;
    mgs_store_get_stats(st, &a);
    for (i = 0; i < NTHREADS; i++) {
        w[i].st = st;
        w[i].k = i;
        w[i].bad = 0;
        pthread_create(&th[i], NULL, work, &w[i]);
    }
    for (i = 0; i < NTHREADS; i++) {
        pthread_join(th[i], NULL);
        bad += w[i].bad;
    }
    mgs_store_get_stats(st, &b);
    CHECK(bad == 0);
    CHECK(b.appends - a.appends == NTHREADS * PER_THREAD);
    printf("  group commit: %llu appends in %llu transactions\n",
           (unsigned long long)(b.appends - a.appends),
           (unsigned long long)(b.transactions - a.transactions));
    CHECK(b.transactions - a.transactions < b.appends - a.appends);
    for (i = 0; i < NTHREADS; i++) {
        char id[16];
        snprintf(id, sizeof id, "g%d", i);
        all &= count_events(st, id, 0) == PER_THREAD;
    }
    CHECK(all);
    CHECK(b.commit_le[11] == b.transactions && b.commit_sum > 0);
    CHECK(b.commit_le[0] <= b.commit_le[10]);
}

static void test_full_disk(mgs_store *st)
{
    static char big[200000];
    mgs_event_row ev = { 11, "move", big, 5 };
    mgs_append a;
    char err[256];
    int before = count_events(st, "ev", 0);
    memset(big, 'x', sizeof big - 1);
    big[0] = '"';
    big[sizeof big - 2] = '"';
    if (test_pg()) { /* a size limit is SQLite's: no limit there */
        CHECK(mgs_store_set_max_pages(st, 1, err, sizeof err) == MGS_OK);
        memset(&a, 0, sizeof a);
        a.table_id = "ev";
        a.events = &ev;
        a.nevents = 1;
        CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK);
        CHECK(count_events(st, "ev", 10) == 1);
        return;
    }
    CHECK(mgs_store_set_max_pages(st, 1, err, sizeof err) == MGS_OK);
    memset(&a, 0, sizeof a);
    a.table_id = "ev";
    a.events = &ev;
    a.nevents = 1;
    err[0] = 0;
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_EIO);
    CHECK(strstr(err, "full") != NULL);
    printf("  full disk: %s\n", err);
    CHECK(count_events(st, "ev", 0) == before);
    CHECK(count_events(st, "ev", 10) == 0);
    /* room again: the same append goes through */
    CHECK(mgs_store_set_max_pages(st, 0, err, sizeof err) == MGS_OK);
    CHECK(mgs_store_append(st, &a, 1, err, sizeof err) == MGS_OK);
    CHECK(count_events(st, "ev", 10) == 1);
}

static void test_backup(mgs_store *st)
{
    char p[128], err[256];
    mgs_store *copy = NULL;
    events_seen x, y;
    path_in(p, sizeof p, "backup.db");
    if (test_pg()) { /* pg_dump's work: refused, named */
        err[0] = 0;
        CHECK(mgs_store_backup(st, p, err, sizeof err) == MGS_EINVAL);
        CHECK(strstr(err, "pg_dump") != NULL);
        CHECK(access(p, F_OK) != 0);
        return;
    }
    CHECK(mgs_store_backup(st, p, err, sizeof err) == MGS_OK);
    CHECK(mgs_store_open(&copy, p, err, sizeof err) == MGS_OK);
    if (!copy)
        return;
    memset(&x, 0, sizeof x);
    memset(&y, 0, sizeof y);
    CHECK(mgs_store_events(st, "ev", 0, on_event, &x) == MGS_OK);
    CHECK(mgs_store_events(copy, "ev", 0, on_event, &y) == MGS_OK);
    CHECK(x.n == 11 && x.n == y.n && x.sum_len == y.sum_len &&
          memcmp(x.versions, y.versions, sizeof x.versions) == 0);
    CHECK(count_events(copy, "g3", 0) == PER_THREAD);
    mgs_store_close(copy);
}

static void test_read_only(const char *p)
{
    char uri[300], err[256];
    mgs_store *st = NULL;
    int before;
    snprintf(uri, sizeof uri, "file:%s?mode=ro", p);
    CHECK(mgs_store_open(&st, uri, err, sizeof err) == MGS_OK);
    if (!st) {
        printf("  read-only open: %s\n", err);
        return;
    }
    before = count_events(st, "ev", 0);
    CHECK(before == 11);
    err[0] = 0;
    CHECK(append_event(st, "ev", 12, 90, err, sizeof err) == MGS_EIO);
    CHECK(strstr(err, "readonly") != NULL);
    printf("  read-only: %s\n", err);
    CHECK(append_event(st, "ro-new", 1, 90, err, sizeof err) == MGS_EIO);
    CHECK(count_events(st, "ev", 0) == before);
    CHECK(count_events(st, "ro-new", 0) == 0);
    mgs_store_close(st);
}

static void test_memory(void)
{
    char err[256];
    mgs_store *a = NULL, *b = NULL;
    CHECK(mgs_store_open(&a, ":memory:", err, sizeof err) == MGS_OK);
    CHECK(mgs_store_open(&b, ":memory:", err, sizeof err) == MGS_OK);
    if (!a || !b)
        return;
    CHECK(append_event(a, "m", 1, 1, err, sizeof err) == MGS_OK);
    CHECK(append_event(a, "m", 2, 1, err, sizeof err) == MGS_OK);
    CHECK(count_events(a, "m", 0) == 2);
    CHECK(count_events(b, "m", 0) == 0); /* each its own database */
    mgs_store_close(a);
    mgs_store_close(b);
}

/* Two stores on one database (two server processes): each appends the
 * same versions of the same tables at once; every version is stored
 * once, by one of them, and the other is told MGS_ECONFLICT. */
#define RACE_TABLES 4
#define RACE_VERSIONS 30

typedef struct racer {
    mgs_store *st;
    int won, lost, other;
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    char id[16], err[256];
    int t, v;
    for (v = 1; v <= RACE_VERSIONS; v++)
        for (t = 0; t < RACE_TABLES; t++) {
            int rc;
            snprintf(id, sizeof id, "race%d", t);
            rc = append_event(r->st, id, v, v, err, sizeof err);
            if (rc == MGS_OK)
                r->won++;
            else if (rc == MGS_ECONFLICT)
                r->lost++;
            else
                r->other++;
        }
    return NULL;
}

static void test_two_writers(void)
{
    char p[256], err[256];
    racer r[2];
    pthread_t th[2];
    int i, all = 1;
    memset(r, 0, sizeof r);
    test_db(p, sizeof p, dir, "two.db");
    CHECK(mgs_store_open(&r[0].st, p, err, sizeof err) == MGS_OK);
    CHECK(mgs_store_open(&r[1].st, p, err, sizeof err) == MGS_OK);
    if (!r[0].st || !r[1].st) {
        mgs_store_close(r[0].st);
        mgs_store_close(r[1].st);
        return;
    }
    for (i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, race, &r[i]);
    for (i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    printf("  two writers: %d and %d versions won, %d and %d lost\n",
           r[0].won, r[1].won, r[0].lost, r[1].lost);
    CHECK(r[0].other == 0 && r[1].other == 0);
    CHECK(r[0].won + r[1].won == RACE_TABLES * RACE_VERSIONS);
    CHECK(r[0].lost + r[1].lost == RACE_TABLES * RACE_VERSIONS);
    for (i = 0; i < RACE_TABLES; i++) {
        char id[16];
        events_seen s;
        int v;
        snprintf(id, sizeof id, "race%d", i);
        memset(&s, 0, sizeof s);
        all &= mgs_store_events(r[i % 2].st, id, 0, on_event, &s) == MGS_OK;
        all &= s.n == RACE_VERSIONS;
        for (v = 0; v < RACE_VERSIONS && v < s.n; v++)
            all &= s.versions[v] == v + 1;
    }
    CHECK(all);
    mgs_store_close(r[0].st);
    mgs_store_close(r[1].st);
}

/* PostgreSQL drops the store's connections (a restart, an
 * administrator): what was in flight fails with MGS_EIO, and the store
 * connects again for what follows: nothing lost, nothing doubled. */
static void test_reconnect(void)
{
    char p[256], err[256];
    mgs_store *st = NULL;
    int rc, n;
    test_db(p, sizeof p, dir, "");
    CHECK(mgs_store_open(&st, p, err, sizeof err) == MGS_OK);
    if (!st)
        return;
    CHECK(append_event(st, "rc", 1, 1, err, sizeof err) == MGS_OK);
    CHECK(count_events(st, "rc", 0) == 1); /* a reader connected too */
    CHECK(test_pg_exec("SELECT pg_terminate_backend(pid) FROM"
                       " pg_stat_activity WHERE datname = current_database()"
                       " AND pid <> pg_backend_pid()") == 0);
    sleep_ms(100);
    err[0] = 0;
    rc = append_event(st, "rc", 2, 2, err, sizeof err);
    printf("  first append after the connection was dropped: %d %s\n", rc,
           rc ? err : "");
    CHECK(rc == MGS_OK || rc == MGS_EIO);
    if (rc != MGS_OK)
        CHECK(append_event(st, "rc", 2, 2, err, sizeof err) == MGS_OK);
    n = count_events(st, "rc", 0);
    if (n < 0) /* the reader's first use after the drop may fail once */
        n = count_events(st, "rc", 0);
    CHECK(n == 2);
    CHECK(append_event(st, "rc", 2, 3, err, sizeof err) == MGS_ECONFLICT);
    mgs_store_close(st);
}

int main(void)
{
    char p[256], err[256];
    mgs_store *st = NULL;
    snprintf(dir, sizeof dir, "/tmp/mgs-store-XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    printf("check_store: %s\n", test_pg() ? "PostgreSQL" : "SQLite");
    test_reopen();
    test_newer_schema();
    if (!test_pg())
        test_memory();
    test_tables_and_expiry();
    test_two_writers();
    if (test_pg())
        test_reconnect();
    test_db(p, sizeof p, dir, "main.db");
    CHECK(mgs_store_open(&st, p, err, sizeof err) == MGS_OK);
    if (st) {
        test_events_after(st);
        test_conflict_in_batch(st);
        test_commands(st);
        test_group_commit(st);
        test_full_disk(st);
        test_backup(st);
        mgs_store_close(st);
        if (!test_pg())
            test_read_only(p);
    }
    printf("%d passed, %d failed\n", passed, failed);
    if (failed == 0) {
        const char *names[] = { "reopen.db", "newer.db", "main.db",
                                "backup.db", "two.db" };
        size_t i;
        for (i = 0; i < sizeof names / sizeof names[0]; i++) {
            char f[160];
            snprintf(f, sizeof f, "%s/%s", dir, names[i]);
            unlink(f);
            snprintf(f, sizeof f, "%s/%s-wal", dir, names[i]);
            unlink(f);
            snprintf(f, sizeof f, "%s/%s-shm", dir, names[i]);
            unlink(f);
        }
        rmdir(dir);
    }
    return failed ? 1 : 0;
}
