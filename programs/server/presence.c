/*
 * presence.c - a seat's presence across the processes sharing one
 * database (PostgreSQL; cluster.c): whether a player is here is not only
 * whether a stream of its seat is open on this process.
 *
 * Each process writes, every --away/3 seconds (at least 0.5 s; at once
 * when a seat's first stream opens), one append of documents of kind
 * "presence", one per seat with a stream open on it: key
 * "TABLE/SEAT/PROCESS", owner the table, updated_ms the time it saw the
 * stream last (and rank its negation: the oldest first for the sweep).
 * A process that stops or dies writes no more, and its rows grow old: a
 * row counts only while it is younger than --away.  Every minute a
 * process deletes (conditionally: each row once) up to 200 rows older
 * than twice --away (at least a minute), so that their number stays that
 * of the seats seen lately.  These appends notify nobody
 * (store_pg_batch.c).
 *
 * After its heartbeat, and every PRESENCE_READ_MS (2 s) at least, a
 * process reads the rows the others renewed
 * within --away and two periods (newest first, at most 20000): a seat
 * seen by another process within two periods and a second is shown
 * present (snapshots' seats, table.c; streams' "presence" notes,
 * stream.c) and its away_ms counts from the others' last sight.
 *
 * A claim (ops_finish.c) reads the rows of the opponent's seat: seen by
 * another process within two periods and a second, the opponent is here;
 * else it has been away since the later of this process's away_since_ms
 * and the others' last sight.  With SQLite (one process) nothing of this
 * runs: presence is this process's streams, as before.
 */
#include "server.h"
#include "store.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PRESENCE_SWEEP_MS 60000
#define PRESENCE_READ_MS 2000 /* the others' rows read at least this often */
#define PRESENCE_SWEEP_MAX 200

static char self[17];      /* this process's id: 16 hex digits */
static int64_t next_ms;    /* the next heartbeat (the timer's) */
static int64_t sweep_ms;   /* the next sweep */
static int64_t read_ms;    /* the next read of the others' rows */
static int soon;           /* a seat's first stream: write now (atomic) */

static int64_t period_ms(const mgs_srv *srv)
{
    int64_t p = (int64_t)srv->cfg.away_s * 1000 / 3;
    return p < 500 ? 500 : p;
}

static int cluster(mgs_srv *srv)
{
    return __atomic_load_n(&srv->cluster, __ATOMIC_ACQUIRE);
}

void mgs_presence_start(void)
{
    unsigned char raw[8];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2hex(self, sizeof self, raw, sizeof raw);
}

void mgs_presence_opened(mgs_srv *srv)
{
    if (cluster(srv))
        __atomic_store_n(&soon, 1, __ATOMIC_RELEASE);
}

typedef struct rows {
    mgs_doc_row *d;
    char (*key)[MGS_DOC_KEY_MAX];
    char (*owner)[64];
    int n, cap;
} rows;

static int add(rows *r, const char *id, int seat, int64_t now)
{
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        mgs_doc_row *d = realloc(r->d, (size_t)cap * sizeof *d);
        char(*k)[MGS_DOC_KEY_MAX];
        char(*o)[64];
        if (d)
            r->d = d;
        k = d ? realloc(r->key, (size_t)cap * sizeof *k) : NULL;
        if (k)
            r->key = k;
        o = k ? realloc(r->owner, (size_t)cap * sizeof *o) : NULL;
        if (!o)
            return -1;
        r->owner = o;
        r->cap = cap;
    }
    snprintf(r->key[r->n], sizeof r->key[r->n], "%s/%d/%s", id, seat, self);
    snprintf(r->owner[r->n], sizeof r->owner[r->n], "%s", id);
    memset(&r->d[r->n], 0, sizeof r->d[r->n]);
    r->d[r->n].op = MGS_DOC_PUT;
    r->d[r->n].kind = "presence";
    r->d[r->n].json = "{}";
    r->d[r->n].rank = -(double)now;
    r->d[r->n].updated_ms = now;
    r->d[r->n].if_updated_ms = -1;
    r->n++;
    return 0;
}

/* the heartbeat: one append for every seat with a stream open here */
static void beat(mgs_srv *srv, int64_t now)
{
    rows r = {NULL, NULL, NULL, 0, 0};
    int n, i, s, ok = 1;
    char err[256];
    mgs_table **list = mgs_all_tables(srv, &n);
    for (i = 0; list && i < n; i++) {
        mgs_table *t = list[i];
        pthread_mutex_lock(&t->mu);
        for (s = 0; s < 2 && ok; s++)
            if (t->seats[s].present > 0 && add(&r, t->id, s, now) != 0)
                ok = 0;
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
    }
    free(list);
    if (ok && r.n > 0) {
        mgs_append a;
        memset(&a, 0, sizeof a);
        for (i = 0; i < r.n; i++) {
            r.d[i].key = r.key[i];
            r.d[i].owner = r.owner[i];
        }
        a.docs = r.d;
        a.ndocs = r.n;
        if (mgs_store_append(srv->store, &a, 1, err, sizeof err) != MGS_OK)
            mgs_log("presence: the heartbeat was not stored: %s", err);
    }
    free(r.d);
    free(r.key);
    free(r.owner);
}

typedef struct old {
    char key[PRESENCE_SWEEP_MAX][MGS_DOC_KEY_MAX];
    int64_t at[PRESENCE_SWEEP_MAX];
    int n;
    int64_t before;
} old;

static int old_row(void *arg, const mgs_doc *d)
{
    old *o = arg;
    if (d->updated_ms >= o->before)
        return 1; /* the oldest first: the rest are younger */
    snprintf(o->key[o->n], sizeof o->key[o->n], "%s", d->key);
    o->at[o->n++] = d->updated_ms;
    return o->n == PRESENCE_SWEEP_MAX;
}

/* rows nobody renewed: of streams closed, processes gone */
static void sweep(mgs_srv *srv, int64_t now)
{
    int64_t keep = 2 * (int64_t)srv->cfg.away_s * 1000;
    old *o = calloc(1, sizeof *o);
    int i;
    char err[256];
    if (!o)
        return;
    o->before = now - (keep < 60000 ? 60000 : keep);
    if (mgs_store_docs(srv->store, "presence", NULL, NULL, MGS_DOCS_BY_RANK,
                       0, PRESENCE_SWEEP_MAX, old_row, o) >= 0)
        for (i = 0; i < o->n && !mgs_stopping(srv); i++) {
            mgs_doc_row d;
            mgs_append a;
            memset(&d, 0, sizeof d);
            memset(&a, 0, sizeof a);
            d.op = MGS_DOC_DELETE;
            d.kind = "presence";
            d.key = o->key[i];
            d.updated_ms = now;
            d.if_updated_ms = o->at[i]; /* renewed since, or gone: kept */
            a.docs = &d;
            a.ndocs = 1;
            (void)mgs_store_append(srv->store, &a, 1, err, sizeof err);
        }
    free(o);
}

/* The others' sights of this period: (table, seat) and the latest time,
 * sorted by table, for the views (snapshots' "present" and "away_ms",
 * streams' "presence" notes). */
#define PRESENCE_READ_MAX 20000
typedef struct sight {
    char id[MGS_ID_LEN + 1];
    int seat;
    int64_t at;
} sight;
typedef struct sights {
    sight *v;
    int n, cap;
    int64_t after;
} sights;

static int sight_row(void *arg, const mgs_doc *d)
{
    sights *o = arg;
    const char *p = strrchr(d->key, '/'), *q;
    size_t len;
    if (d->updated_ms < o->after)
        return 1; /* the newest first: the rest are older */
    if (!p || strcmp(p + 1, self) == 0 || p - d->key < 3)
        return 0; /* this process's own: its streams say it */
    q = p - 2; /* "TABLE/S/PROCESS" */
    len = (size_t)(q - d->key);
    if (*q != '/' || (q[1] != '0' && q[1] != '1') || len > MGS_ID_LEN)
        return 0;
    if (o->n == o->cap) {
        int cap = o->cap ? 2 * o->cap : 64;
        sight *v = realloc(o->v, (size_t)cap * sizeof *v);
        if (!v)
            return 1;
        o->v = v;
        o->cap = cap;
    }
    memcpy(o->v[o->n].id, d->key, len);
    o->v[o->n].id[len] = '\0';
    o->v[o->n].seat = q[1] - '0';
    o->v[o->n].at = d->updated_ms;
    o->n++;
    return o->n >= PRESENCE_READ_MAX;
}

static int by_id(const void *a, const void *b)
{
    return strcmp(((const sight *)a)->id, ((const sight *)b)->id);
}

/* what the others saw, into the tables held: a note to their streams
 * where a seat's presence changes */
static void read_others(mgs_srv *srv, int64_t now)
{
    sights o = {NULL, 0, 0, 0};
    int64_t fresh = 2 * period_ms(srv) + 1000;
    int n, i, s, k;
    mgs_table **list;
    o.after = now - (int64_t)srv->cfg.away_s * 1000 - fresh;
    if (mgs_store_docs(srv->store, "presence", NULL, NULL, MGS_DOCS_NEWEST,
                       0, PRESENCE_READ_MAX, sight_row, &o) < 0) {
        free(o.v);
        return; /* the views keep the last read's */
    }
    if (o.n > 1)
        qsort(o.v, (size_t)o.n, sizeof *o.v, by_id);
    list = mgs_all_tables(srv, &n);
    for (i = 0; list && i < n; i++) {
        mgs_table *t = list[i];
        sight key, *hit = NULL;
        int64_t last[2] = {0, 0};
        memcpy(key.id, t->id, sizeof key.id);
        if (o.n > 0)
            hit = bsearch(&key, o.v, (size_t)o.n, sizeof *o.v, by_id);
        if (hit) {
            while (hit > o.v && strcmp(hit[-1].id, t->id) == 0)
                hit--;
            for (k = (int)(hit - o.v); k < o.n && !strcmp(o.v[k].id, t->id);
                 k++)
                if (o.v[k].at > last[o.v[k].seat])
                    last[o.v[k].seat] = o.v[k].at;
        }
        pthread_mutex_lock(&t->mu);
        for (s = 0; s < 2; s++) {
            mgs_seat *run = &t->seats[s];
            int here = last[s] > 0 && now - last[s] <= fresh;
            if (last[s] > run->remote_ms)
                run->remote_ms = last[s];
            if (here != run->remote_here) {
                run->remote_here = here;
                t->presence_dirty = 1; /* mgs_presence_flush: a note */
            }
        }
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
    }
    free(list);
    free(o.v);
}

void mgs_presence_tick(mgs_srv *srv, int64_t now)
{
    if (!cluster(srv))
        return;
    if (!sweep_ms)
        sweep_ms = now + PRESENCE_SWEEP_MS;
    if (now >= next_ms || __atomic_exchange_n(&soon, 0, __ATOMIC_ACQ_REL)) {
        next_ms = now + period_ms(srv);
        beat(srv, now);
        read_ms = 0; /* read below, after the heartbeat */
    }
    if (now >= read_ms) {
        /* the views (snapshots, presence notes) follow the others within
         * PRESENCE_READ_MS, not a whole period (20 s at --away 60): a
         * player who joins on another process is shown present at once */
        int64_t p = period_ms(srv);
        read_ms = now + (p < PRESENCE_READ_MS ? p : PRESENCE_READ_MS);
        read_others(srv, now);
    }
    if (now >= sweep_ms) {
        sweep_ms = now + PRESENCE_SWEEP_MS;
        sweep(srv, now);
    }
}

typedef struct seen {
    const char *self;
    int64_t last;
} seen;

static int seen_row(void *arg, const mgs_doc *d)
{
    seen *s = arg;
    const char *p = strrchr(d->key, '/');
    if (p && strcmp(p + 1, s->self) != 0 && d->updated_ms > s->last)
        s->last = d->updated_ms;
    return 0;
}

int mgs_presence_seen(mgs_srv *srv, const mgs_table *t, int seat,
                      int64_t *last_ms, int64_t *fresh_ms)
{
    char prefix[MGS_DOC_KEY_MAX];
    seen s;
    *last_ms = 0;
    *fresh_ms = 2 * period_ms(srv) + 1000;
    if (!cluster(srv))
        return 0;
    s.self = self;
    s.last = 0;
    snprintf(prefix, sizeof prefix, "%s/%d/", t->id, seat);
    if (mgs_store_docs(srv->store, "presence", t->id, prefix,
                       MGS_DOCS_BY_KEY, 0, 64, seen_row, &s) < 0)
        return -1;
    *last_ms = s.last;
    return 0;
}
