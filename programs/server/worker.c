/*
 * worker.c - the server's own threads besides HTTP's: the timer (every
 * 100 ms: clocks that ran out, heartbeats and long-poll deadlines, idle
 * tables that expire, bots to try again, finished tables leaving memory,
 * connections whose request headers are late (conns.c),
 * the log's held-back lines) and the bot pool (a bot seat's action is
 * chosen on a copy of the position, off the table's lock and off the
 * HTTP threads, then played through the same command path as a
 * person's, with expect_version).
 *
 * Caps.  Every bot runs with limits this server sets (mgs_bot_plan_for):
 * the library's canonical spec of the bot (mg_bot_spec) is read for its
 * time_ms, iterations, nodes and memory_mb; a table asking for more
 * than --bot-time-ms, --bot-max-iterations, --bot-max-nodes or
 * --bot-memory-mb is refused at creation (422 with the reason), and a
 * spec stored before the caps were lowered runs lowered to them.  A
 * search without a time_ms (or time_ms=0) gets --bot-time-ms, so every
 * search ends within it, iterations=0 and nodes=0 included.
 *
 * Memory.  A job reserves its bot's memory before it runs (the solver's
 * memory_mb and the search tree the library sizes from the iterations,
 * mg_bot_new(3) "Memory") from --bot-pool-mb; a job that does not fit
 * waits while others that fit run (one alone always runs).
 *
 * Fair scheduling.  A table has one job at a time (bot_busy).  The queue
 * is served least-served first: the waiting job of the table whose bots
 * have thought least (this run) goes first, ties in arrival order, so a
 * table that thinks long gets in line behind the others after each of
 * its actions.  The pool has --bot-threads threads for any job and one
 * more that takes quick jobs only (random, greedy, or a time limit of
 * --bot-quick-ms or less): however many long thinks run, a quick bot
 * moves at once, and a long one waits at most --bot-time-ms per job
 * ahead of it in that order.
 *
 * Failures.  A bot that fails (its memory cannot be had, its move is
 * refused) is tried again by the timer, not by the bot thread: after
 * 0.5 s, then 2 s; the third failure ends the table with a "bot_failed"
 * event (doc/server-api.md), aborted with the reason, which players see
 * on their streams and in the snapshot and which a restart replays
 * rather than trying again.
 */
#include "lobby.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ------------------------------------------------------------- the bots */

#define MGS_BOT_TRIES 3

/* The value of `key` in a canonical spec "name(k=v,...)"; 0 when the
 * bot has no such option. */
static int opt_get(const char *canon, const char *key, long long *v)
{
    size_t n = strlen(key);
    const char *p = strchr(canon, '(');
    while (p) {
        p++;
        if (strncmp(p, key, n) == 0 && p[n] == '=') {
            *v = strtoll(p + n + 1, NULL, 10);
            return 1;
        }
        p = strchr(p, ',');
    }
    return 0;
}

/* canon with key's value replaced by v (when the bot has key). */
static void opt_set(char *canon, size_t cap, const char *key, long long v)
{
    size_t n = strlen(key);
    char *p = strchr(canon, '('), out[256];
    while (p) {
        p++;
        if (strncmp(p, key, n) == 0 && p[n] == '=') {
            const char *rest = p + n + 1;
            rest += strcspn(rest, ",)");
            snprintf(out, sizeof out, "%.*s=%lld%s", (int)(p + n - canon),
                     canon, v, rest);
            snprintf(canon, cap, "%s", out);
            return;
        }
        p = strchr(p, ',');
    }
}

/* A limit against its cap: 0, or 422 with the reason (or lowered). */
static int capped(long long *v, long long cap, int clamp, const char *key,
                  const char *option, char *msg, size_t mcap)
{
    if (*v <= cap)
        return 0;
    if (clamp) {
        *v = cap;
        return 0;
    }
    snprintf(msg, mcap, "%s=%lld is more than this server allows: %lld at "
                        "most (%s)",
             key, *v, cap, option);
    return 422;
}

int mgs_bot_plan_for(const mgs_config *cfg, const char *spec,
                     int num_actions, int clamp, mgs_bot_plan *out,
                     char *msg, size_t cap)
{
    mg_bot *b = NULL;
    char canon[256];
    long long time = 0, iter = 0, nodes = 0, mem = 0, pool;
    int rc, solver;
    if (strlen(spec) >= MGS_BOT_MAX) {
        snprintf(msg, cap, "longer than %d characters", MGS_BOT_MAX - 1);
        return 400;
    }
    if (mg_bot_new(&b, spec, 1, msg, cap) != MG_OK)
        return 400;
    rc = mg_bot_plays(b, canon, sizeof canon, NULL); /* a level: its bot */
    mg_bot_free(b);
    if (rc != MG_OK) {
        snprintf(msg, cap, "its canonical form is too long");
        return 400;
    }
    out->quick = 1;
    out->mem_mb = 1;
    /* the solver and strong bots solve, then search (nodes, memory_mb) */
    solver = strncmp(canon, "solver(", 7) == 0 ||
             strncmp(canon, "strong(", 7) == 0;
    if (!solver && strncmp(canon, "mcts(", 5) != 0) {
        snprintf(out->spec, sizeof out->spec, "%s", canon); /* no search */
        return 0;
    }
    opt_get(canon, "time_ms", &time);
    opt_get(canon, "iterations", &iter);
    if ((rc = capped(&time, cfg->bot_time_ms, clamp, "time_ms",
                     "--bot-time-ms", msg, cap)) ||
        (rc = capped(&iter, cfg->bot_max_iterations, clamp, "iterations",
                     "--bot-max-iterations", msg, cap)))
        return rc;
    if (time == 0)
        time = cfg->bot_time_ms; /* the server's time, and the bound of
                                  * iterations=0 or nodes=0 */
    opt_set(canon, sizeof canon, "time_ms", time);
    opt_set(canon, sizeof canon, "iterations", iter);
    if (solver) {
        opt_get(canon, "nodes", &nodes);
        opt_get(canon, "memory_mb", &mem);
        if ((rc = capped(&nodes, cfg->bot_max_nodes, clamp, "nodes",
                         "--bot-max-nodes", msg, cap)) ||
            (rc = capped(&mem, cfg->bot_memory_mb, clamp, "memory_mb",
                         "--bot-memory-mb", msg, cap)))
            return rc;
        opt_set(canon, sizeof canon, "nodes", nodes);
        opt_set(canon, sizeof canon, "memory_mb", mem);
    }
    /* the search tree as mg_bot_new(3) sizes it: room for every child of
     * every expansion (num_actions bounds a position's legal actions),
     * 2^20 nodes when only time limits it, 2^22 at most; 32 bytes each */
    if (iter == 0)
        pool = 1 << 20;
    else {
        pool = 1 + (iter + 1) * (long long)(num_actions > 0 ? num_actions : 1);
        pool = pool > (1 << 22) ? 1 << 22 : pool < 1024 ? 1024 : pool;
    }
    out->mem_mb = (int)((pool * 32 + (1 << 20) - 1) >> 20) + (int)mem + 1;
    if (out->mem_mb > cfg->bot_pool_mb && !clamp) {
        snprintf(msg, cap, "this bot needs about %d MiB, more than this "
                           "server's bots may use at once: %d MiB "
                           "(--bot-pool-mb)",
                 out->mem_mb, cfg->bot_pool_mb);
        return 422;
    }
    out->quick = time <= cfg->bot_quick_ms;
    snprintf(out->spec, sizeof out->spec, "%s", canon);
    return 0;
}

int mgs_bot_check(const mgs_config *cfg, const char *spec,
                  const char *game_spec, char *msg, size_t cap)
{
    mg_game *g = NULL;
    mgs_bot_plan plan;
    int rc, n = 1;
    if (mg_game_new(&g, game_spec, NULL, 0) == MG_OK)
        n = (int)mg_game_num_actions(g);
    mg_game_free(g);
    rc = mgs_bot_plan_for(cfg, spec, n, 0, &plan, msg, cap);
    return rc;
}

static void bot_failed(mgs_srv *srv, mgs_table *t, int seat,
                       const char *spec, const char *why);

void mgs_bot_wake(mgs_srv *srv, mgs_table *t)
{
    int p = mgs_table_to_move(t);
    mgs_job job;
    char msg[256];
    if (p < 0 || t->r.seats[p].kind != MGS_BOT || t->bot_busy ||
        t->bot_retry_ms || mgs_stopping(srv))
        return;
    memset(&job, 0, sizeof job);
    memcpy(job.id, t->id, sizeof job.id);
    job.seat = p;
    job.used_ms = t->bot_used_ms;
    if (mgs_bot_plan_for(&srv->cfg, t->r.seats[p].bot,
                         (int)mg_game_num_actions(t->r.game), 1, &job.plan, msg,
                         sizeof msg) != 0) {
        /* a stored spec this library no longer takes */
        bot_failed(srv, t, p, t->r.seats[p].bot, msg);
        return;
    }
    pthread_mutex_lock(&srv->jobs_mu);
    if (srv->njobs == srv->jobs_cap) {
        int cap = srv->jobs_cap ? srv->jobs_cap * 2 : 64;
        void *m = realloc(srv->jobs, (size_t)cap * sizeof *srv->jobs);
        if (!m) {
            pthread_mutex_unlock(&srv->jobs_mu);
            t->bot_retry_ms = mgs_now_ms() + 1000; /* the timer's retry */
            return;
        }
        srv->jobs = m;
        srv->jobs_cap = cap;
    }
    job.seq = srv->job_seq++;
    srv->jobs[srv->njobs++] = job;
    t->bot_busy = 1;
    pthread_cond_broadcast(&srv->jobs_cv);
    pthread_mutex_unlock(&srv->jobs_mu);
}

/* A failed try of seat's bot (t locked): again later (the timer), or
 * after the last try the table ends with the reason. */
static void bot_failed(mgs_srv *srv, mgs_table *t, int seat,
                       const char *spec, const char *why)
{
    mgs_result r = {0, NULL};
    json_t *evs;
    int64_t now = mgs_now_ms();
    if (++t->bot_fails < MGS_BOT_TRIES) {
        int64_t wait = (int64_t)500 << (2 * (t->bot_fails - 1));
        t->bot_retry_ms = now + wait;
        mgs_log("table %s: seat %d's bot '%s' failed (try %d of %d): %s; "
                "trying again in %.1f s",
                t->id, seat, spec, t->bot_fails, MGS_BOT_TRIES, why,
                (double)wait / 1000.0);
        return;
    }
    mgs_log("table %s: seat %d's bot '%s' failed (try %d of %d): %s; the "
            "table is aborted",
            t->id, seat, spec, t->bot_fails, MGS_BOT_TRIES, why);
    evs = json_pack("[{s:s,s:i,s:s}]", "type", "bot_failed", "seat", seat,
                    "reason", why);
    if (t->r.has_clock) {
        int64_t c[2];
        mgs_table_clock_now(t, now, c);
        json_object_set_new(json_array_get(evs, 0), "clock_ms",
                            json_pack("[I,I]", (json_int_t)c[0],
                                      (json_int_t)c[1]));
    }
    if (mgs_call(srv, t, evs, NULL, 0, -1, NULL, NULL, NULL, 0, 0, &r) == 0) {
        t->bot_fails = 0;
    } else {
        /* storage refuses: try the bot (and this) again in a while */
        t->bot_retry_ms = now + 30000;
        mgs_log("table %s: the bot's failure cannot be recorded: %s", t->id,
                json_string_value(json_object_get(r.body, "error")));
    }
    json_decref(r.body);
    json_decref(evs);
}

static void run_job(mgs_srv *srv, const mgs_job *job)
{
    mgs_table *t = mgs_find(srv, job->id);
    mg_state *copy = NULL;
    mg_bot *bot = NULL;
    char msg[256] = "";
    int64_t version, ms;
    int seat = job->seat, rc;
    int32_t action = -1;
    struct timespec a, b;
    if (!t)
        return;
    pthread_mutex_lock(&t->mu);
    if (mgs_table_to_move(t) != seat || t->r.seats[seat].kind != MGS_BOT ||
        mg_state_clone(&copy, t->r.state) != MG_OK) {
        t->bot_busy = 0;
        if (mgs_table_to_move(t) == seat && t->r.seats[seat].kind == MGS_BOT)
            bot_failed(srv, t, seat, job->plan.spec, mg_strerror(MG_ENOMEM));
        else
            mgs_bot_wake(srv, t); /* the seat changed hands: its bot */
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
        return;
    }
    version = t->r.version;
    rc = mg_bot_new(&bot, job->plan.spec, t->r.bot_seed + (uint64_t)version,
                    msg, sizeof msg);
    pthread_mutex_unlock(&t->mu);
    clock_gettime(CLOCK_MONOTONIC, &a);
    if (rc == MG_OK)
        rc = mg_bot_choose(bot, copy, &action);
    clock_gettime(CLOCK_MONOTONIC, &b);
    ms = (int64_t)(b.tv_sec - a.tv_sec) * 1000 +
         (b.tv_nsec - a.tv_nsec) / 1000000;
    mgs_metric_bot(srv, (double)(b.tv_sec - a.tv_sec) +
                            (double)(b.tv_nsec - a.tv_nsec) / 1e9);
    mg_bot_free(bot);
    mg_state_free(copy);
    pthread_mutex_lock(&t->mu);
    t->bot_busy = 0;
    t->bot_used_ms += ms;
    if (rc != MG_OK) {
        bot_failed(srv, t, seat, job->plan.spec,
                   msg[0] ? msg : mg_strerror(rc));
    } else if (t->r.version == version && !mgs_stopping(srv)) {
        mgs_result r = {0, NULL};
        json_t *body = json_pack("{s:s,s:i,s:I}", "op", "move", "action",
                                 (int)action, "expect_version",
                                 (json_int_t)version);
        mgs_command(srv, t, seat, body, MGS_BY_BOT, &r);
        if (r.status == 200) {
            t->bot_fails = 0;
        } else if (t->r.version != version) {
            /* another process's bot (or person) moved first: the table
             * caught up with the log (command.c), nothing more to do */
        } else {
            char why[300];
            snprintf(why, sizeof why, "its move was refused: %s",
                     json_string_value(json_object_get(r.body, "error")));
            bot_failed(srv, t, seat, job->plan.spec, why);
        }
        json_decref(r.body);
        json_decref(body);
    }
    mgs_bot_wake(srv, t); /* the next action of its turn (not while a
                           * retry waits: that is the timer's) */
    pthread_mutex_unlock(&t->mu);
    mgs_release(srv, t);
}

/* The job a thread takes (jobs_mu held): the least-served table's that
 * the thread may run and the memory left has room for; -1: none. */
static int pick(const mgs_srv *srv, int quick_only)
{
    int i, best = -1;
    for (i = 0; i < srv->njobs; i++) {
        const mgs_job *j = &srv->jobs[i];
        if (quick_only && !j->plan.quick)
            continue;
        if (srv->pool_used_mb > 0 &&
            srv->pool_used_mb + j->plan.mem_mb > srv->cfg.bot_pool_mb)
            continue;
        if (best < 0 || j->used_ms < srv->jobs[best].used_ms ||
            (j->used_ms == srv->jobs[best].used_ms &&
             j->seq < srv->jobs[best].seq))
            best = i;
    }
    return best;
}

static void bot_loop(mgs_srv *srv, int quick_only)
{
    for (;;) {
        mgs_job job;
        int i = -1;
        pthread_mutex_lock(&srv->jobs_mu);
        while (!mgs_stopping(srv) && (i = pick(srv, quick_only)) < 0)
            pthread_cond_wait(&srv->jobs_cv, &srv->jobs_mu);
        if (mgs_stopping(srv)) {
            pthread_mutex_unlock(&srv->jobs_mu);
            return;
        }
        job = srv->jobs[i];
        memmove(srv->jobs + i, srv->jobs + i + 1,
                (size_t)(srv->njobs - i - 1) * sizeof srv->jobs[0]);
        srv->njobs--;
        srv->pool_used_mb += job.plan.mem_mb;
        pthread_mutex_unlock(&srv->jobs_mu);
        run_job(srv, &job);
        pthread_mutex_lock(&srv->jobs_mu);
        srv->pool_used_mb -= job.plan.mem_mb;
        pthread_cond_broadcast(&srv->jobs_cv); /* room for a waiting one */
        pthread_mutex_unlock(&srv->jobs_mu);
    }
}

static void *bot_main(void *arg)
{
    bot_loop(arg, 0);
    return NULL;
}

static void *bot_quick_main(void *arg)
{
    bot_loop(arg, 1);
    return NULL;
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
    mgs_call(srv, t, evs, NULL, 0, -1, NULL, NULL, NULL, 0, 0, &r);
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
                   (t->r.status == MGS_OVER || t->r.status == MGS_ABORTED) &&
                   now - t->r.updated_ms > 60000;
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
    mgs_conns_cut_late(srv, now); /* requests whose headers are late */
    for (i = 0; list && i < n; i++) {
        mgs_table *t = list[i];
        int64_t idle;
        pthread_mutex_lock(&t->mu);
        idle = now - t->r.updated_ms;
        if (t->r.status == MGS_PLAYING && t->r.has_clock &&
            t->r.clock_seat >= 0) {
            int64_t c[2];
            mgs_table_clock_now(t, now, c);
            if (c[t->r.clock_seat] <= 0) {
                mgs_result r = {0, NULL};
                json_t *body = json_pack("{s:s}", "op", "timeout");
                mgs_command(srv, t, t->r.clock_seat, body, MGS_BY_SERVER, &r);
                json_decref(r.body);
                json_decref(body);
            }
        }
        if ((t->r.status == MGS_WAITING &&
             idle > (int64_t)srv->cfg.waiting_expire_s * 1000) ||
            (t->r.status == MGS_PLAYING &&
             idle > (int64_t)srv->cfg.idle_expire_s * 1000 &&
             !t->r.days_per_move)) /* correspondence: its flag falls */
            expire(srv, t);
        if (t->bot_retry_ms && now >= t->bot_retry_ms) {
            t->bot_retry_ms = 0; /* a failed bot's next try */
            mgs_bot_wake(srv, t);
        }
        mgs_presence_flush(srv, t);
        mgs_heartbeat(srv, t, now, beat);
        pthread_mutex_unlock(&t->mu);
        mgs_release(srv, t);
    }
    free(list);
    mgs_lobby_tick(srv, now, beat);
    mgs_cluster_tick(srv, now); /* the tables other processes made */
    mgs_presence_tick(srv, now); /* the seats here, for the others */
    unload_idle(srv, now);
    mgs_log_flush();
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
    /* --bot-threads for any job, one more for quick jobs only */
    srv->bots = calloc((size_t)srv->cfg.bot_threads + 1, sizeof *srv->bots);
    if (!srv->bots)
        return -1;
    for (i = 0; i <= srv->cfg.bot_threads; i++) {
        if (pthread_create(&srv->bots[i], NULL,
                           i < srv->cfg.bot_threads ? bot_main
                                                    : bot_quick_main,
                           srv) != 0)
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
