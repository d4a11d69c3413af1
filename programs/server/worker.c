/*
 * worker.c - the server's own threads besides HTTP's: the timer (every
 * 100 ms: clocks that ran out, heartbeats and long-poll deadlines, idle
 * tables that expire, finished tables leaving memory) and the bot pool
 * (a bot seat's action is chosen on a copy of the position, off the
 * table's lock and off the HTTP threads, then played through the same
 * command path as a person's, with expect_version).
 */
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------- the bots */

void mgs_bot_wake(mgs_srv *srv, mgs_table *t)
{
    int p = mgs_table_to_move(t);
    if (p < 0 || t->seats[p].kind != MGS_BOT || t->bot_busy || mgs_stopping(srv))
        return;
    pthread_mutex_lock(&srv->jobs_mu);
    if (srv->njobs == srv->jobs_cap) {
        int cap = srv->jobs_cap ? srv->jobs_cap * 2 : 64;
        void *m = realloc(srv->jobs, (size_t)cap * sizeof *srv->jobs);
        if (!m) {
            pthread_mutex_unlock(&srv->jobs_mu);
            return;
        }
        srv->jobs = m;
        srv->jobs_cap = cap;
    }
    memcpy(srv->jobs[srv->njobs++], t->id, sizeof srv->jobs[0]);
    t->bot_busy = 1;
    pthread_cond_signal(&srv->jobs_cv);
    pthread_mutex_unlock(&srv->jobs_mu);
}

/* The bot's spec with the server's time limit per action, unless it
 * sets one itself (random and greedy need none). */
static void limited_spec(const mgs_srv *srv, const char *spec, char *out,
                         size_t cap)
{
    const char *paren = strchr(spec, '(');
    size_t name = paren ? (size_t)(paren - spec) : strlen(spec);
    int searches = (name == 4 && strncmp(spec, "mcts", 4) == 0) ||
                   (name == 6 && strncmp(spec, "solver", 6) == 0);
    if (!searches || strstr(spec, "time_ms"))
        snprintf(out, cap, "%s", spec);
    else if (!paren || strcmp(paren, "()") == 0)
        snprintf(out, cap, "%.*s(time_ms=%d)", (int)name, spec,
                 srv->cfg.bot_time_ms);
    else
        snprintf(out, cap, "%.*s,time_ms=%d)", (int)(strlen(spec) - 1), spec,
                 srv->cfg.bot_time_ms);
}

static void run_job(mgs_srv *srv, const char *id)
{
    mgs_table *t = mgs_find(srv, id);
    mg_state *copy = NULL;
    mg_bot *bot = NULL;
    char spec[MGS_BOT_MAX + 32], msg[256];
    int64_t version;
    int seat, p, rc;
    int32_t action = -1;
    struct timespec a, b;
    if (!t)
        return;
    pthread_mutex_lock(&t->mu);
    p = mgs_table_to_move(t);
    if (p < 0 || t->seats[p].kind != MGS_BOT ||
        mg_state_clone(&copy, t->state) != MG_OK) {
        t->bot_busy = 0;
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
        return;
    }
    seat = p;
    version = t->version;
    limited_spec(srv, t->seats[p].bot, spec, sizeof spec);
    rc = mg_bot_new(&bot, spec, t->bot_seed + (uint64_t)version, msg,
                    sizeof msg);
    pthread_mutex_unlock(&t->mu);
    clock_gettime(CLOCK_MONOTONIC, &a);
    if (rc == MG_OK)
        rc = mg_bot_choose(bot, copy, &action);
    clock_gettime(CLOCK_MONOTONIC, &b);
    mgs_metric_bot(srv, (double)(b.tv_sec - a.tv_sec) +
                            (double)(b.tv_nsec - a.tv_nsec) / 1e9);
    mg_bot_free(bot);
    mg_state_free(copy);
    pthread_mutex_lock(&t->mu);
    t->bot_busy = 0;
    if (rc != MG_OK) {
        mgs_log("table %s: bot '%s' failed: %s", t->id, spec,
                rc == MG_OK ? "" : msg[0] ? msg : mg_strerror(rc));
    } else if (t->version == version && !mgs_stopping(srv)) {
        mgs_result r = {0, NULL};
        json_t *body = json_pack("{s:s,s:i,s:I}", "op", "move", "action",
                                 (int)action, "expect_version",
                                 (json_int_t)version);
        mgs_command(srv, t, seat, body, MGS_BY_BOT, &r);
        if (r.status != 200)
            mgs_log("table %s: the bot's move was refused: %s", t->id,
                    json_string_value(json_object_get(r.body, "error")));
        json_decref(r.body);
        json_decref(body);
    }
    mgs_bot_wake(srv, t); /* the next action of its turn, or a retry */
    pthread_mutex_unlock(&t->mu);
    mgs_release(srv, t);
}

static void *bot_main(void *arg)
{
    mgs_srv *srv = arg;
    for (;;) {
        char id[MGS_ID_LEN + 1];
        pthread_mutex_lock(&srv->jobs_mu);
        while (srv->njobs == 0 && !mgs_stopping(srv))
            pthread_cond_wait(&srv->jobs_cv, &srv->jobs_mu);
        if (mgs_stopping(srv)) {
            pthread_mutex_unlock(&srv->jobs_mu);
            return NULL;
        }
        memcpy(id, srv->jobs[0], sizeof id);
        memmove(srv->jobs, srv->jobs + 1,
                (size_t)(srv->njobs - 1) * sizeof srv->jobs[0]);
        srv->njobs--;
        pthread_mutex_unlock(&srv->jobs_mu);
        run_job(srv, id);
    }
}

/* ------------------------------------------------------------ the timer */

/* The tables now, each with a reference taken. */
mgs_table **mgs_all_tables(mgs_srv *srv, int *n)
{
    mgs_table **list;
    int i;
    pthread_mutex_lock(&srv->tables_mu);
    list = malloc((size_t)(srv->ntables ? srv->ntables : 1) * sizeof *list);
    *n = 0;
    if (list)
        for (i = 0; i < srv->ntables; i++) {
            list[i] = srv->tables[i];
            list[i]->refs++;
            *n = i + 1;
        }
    pthread_mutex_unlock(&srv->tables_mu);
    return list;
}

static void expire(mgs_srv *srv, mgs_table *t)
{
    mgs_result r = {0, NULL};
    json_t *evs = json_pack("[{s:s}]", "type", "expired");
    if (mgs_commit(srv, t, evs, NULL, 0, -1, NULL, NULL, NULL, 0, &r) == 0)
        mgs_broadcast(srv, t, evs);
    json_decref(r.body);
    json_decref(evs);
}

/* Forget finished tables nobody looks at (they stay stored and are read
 * again when asked for). */
static void unload_idle(mgs_srv *srv, int64_t now)
{
    int i;
    pthread_mutex_lock(&srv->tables_mu);
    for (i = 0; i < srv->ntables;) {
        mgs_table *t = srv->tables[i];
        int idle = 0;
        /* trylock: the map's lock is a leaf, so never wait for a table */
        if (t->refs == 0 && pthread_mutex_trylock(&t->mu) == 0) {
            idle = t->nstreams == 0 && !t->polls && !t->bot_busy &&
                   (t->status == MGS_OVER || t->status == MGS_ABORTED) &&
                   now - t->updated_ms > 60000;
            pthread_mutex_unlock(&t->mu);
        }
        if (idle) {
            memmove(srv->tables + i, srv->tables + i + 1,
                    (size_t)(srv->ntables - i - 1) * sizeof *srv->tables);
            srv->ntables--;
            mgs_table_free(t);
        } else {
            i++;
        }
    }
    pthread_mutex_unlock(&srv->tables_mu);
}

static void tick(mgs_srv *srv, int beat)
{
    int64_t now = mgs_now_ms();
    int n, i;
    mgs_table **list = mgs_all_tables(srv, &n);
    for (i = 0; list && i < n; i++) {
        mgs_table *t = list[i];
        int64_t idle;
        pthread_mutex_lock(&t->mu);
        idle = now - t->updated_ms;
        if (t->status == MGS_PLAYING && t->has_clock && t->clock_seat >= 0) {
            int64_t c[2];
            mgs_table_clock_now(t, now, c);
            if (c[t->clock_seat] <= 0) {
                mgs_result r = {0, NULL};
                json_t *body = json_pack("{s:s}", "op", "timeout");
                mgs_command(srv, t, t->clock_seat, body, MGS_BY_SERVER,
                            &r);
                json_decref(r.body);
                json_decref(body);
            }
        }
        if ((t->status == MGS_WAITING &&
             idle > (int64_t)srv->cfg.waiting_expire_s * 1000) ||
            (t->status == MGS_PLAYING &&
             idle > (int64_t)srv->cfg.idle_expire_s * 1000))
            expire(srv, t);
        mgs_presence_flush(srv, t);
        mgs_heartbeat(srv, t, now, beat);
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
    }
    free(list);
    unload_idle(srv, now);
}

static void *timer_main(void *arg)
{
    mgs_srv *srv = arg;
    int64_t last_beat = mgs_now_ms();
    while (!mgs_stopping(srv)) {
        struct timespec ts = {0, 100 * 1000 * 1000};
        int64_t now;
        nanosleep(&ts, NULL);
        now = mgs_now_ms();
        if (now - last_beat >= (int64_t)srv->cfg.heartbeat_s * 1000) {
            last_beat = now;
            tick(srv, 1);
        } else {
            tick(srv, 0);
        }
    }
    return NULL;
}

int mgs_workers_start(mgs_srv *srv)
{
    int i;
    pthread_mutex_init(&srv->jobs_mu, NULL);
    pthread_cond_init(&srv->jobs_cv, NULL);
    srv->bots = calloc((size_t)srv->cfg.bot_threads, sizeof *srv->bots);
    if (!srv->bots)
        return -1;
    for (i = 0; i < srv->cfg.bot_threads; i++) {
        if (pthread_create(&srv->bots[i], NULL, bot_main, srv) != 0)
            return -1;
        srv->nbots++;
    }
    return pthread_create(&srv->timer, NULL, timer_main, srv) == 0 ? 0 : -1;
}

void mgs_workers_stop(mgs_srv *srv)
{
    int i;
    mgs_set_stopping(srv);
    pthread_mutex_lock(&srv->jobs_mu);
    pthread_cond_broadcast(&srv->jobs_cv);
    pthread_mutex_unlock(&srv->jobs_mu);
    for (i = 0; i < srv->nbots; i++)
        pthread_join(srv->bots[i], NULL);
    pthread_join(srv->timer, NULL);
    free(srv->bots);
    free(srv->jobs);
}
