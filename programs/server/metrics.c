/*
 * metrics.c - /metrics in the Prometheus text format: tables and streams
 * open, commands by result, HTTP answers by class, the storage's commit
 * time and the bots' think time (histograms), and the process's start.
 */
#include "place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double bounds[11] = {0.0005, 0.001, 0.002, 0.005, 0.01, 0.025,
                                  0.05,   0.1,   0.25,  0.5,   1.0};

void mgs_metric_command(mgs_srv *srv, int status)
{
    pthread_mutex_lock(&srv->metrics_mu);
    if (status == 200)
        srv->metrics.cmd_ok++;
    else if (status == 422)
        srv->metrics.cmd_illegal++;
    else if (status == 409)
        srv->metrics.cmd_stale++;
    else if (status >= 500)
        srv->metrics.cmd_error++;
    else
        srv->metrics.cmd_refused++;
    pthread_mutex_unlock(&srv->metrics_mu);
}

void mgs_metric_bot(mgs_srv *srv, double seconds)
{
    int i;
    pthread_mutex_lock(&srv->metrics_mu);
    for (i = 0; i < 11; i++)
        if (seconds <= bounds[i] * 100) /* bots: 0.05 s .. 100 s */
            srv->metrics.bot_le[i]++;
    srv->metrics.bot_le[11]++;
    srv->metrics.bot_sum += seconds;
    srv->metrics.bot_count++;
    pthread_mutex_unlock(&srv->metrics_mu);
}

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

static void put(buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#include <stdarg.h>

static void put(buf *b, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (!b->p)
        return;
    for (;;) {
        va_start(ap, fmt);
        n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            free(b->p);
            b->p = NULL;
            return;
        }
        if ((size_t)n < b->cap - b->len)
            break;
        b->cap = b->cap * 2 + (size_t)n;
        b->p = realloc(b->p, b->cap);
        if (!b->p)
            return;
    }
    b->len += (size_t)n;
}

char *mgs_metrics_text(mgs_srv *srv)
{
    buf b = {malloc(4096), 0, 4096};
    mgs_metrics m;
    mgs_store_stats st;
    int streams, tables, i;
    static const char *const cls[6] = {"1xx", "2xx", "3xx", "4xx", "5xx",
                                       "other"};
    pthread_mutex_lock(&srv->metrics_mu);
    m = srv->metrics;
    streams = srv->streams_open;
    pthread_mutex_unlock(&srv->metrics_mu);
    pthread_mutex_lock(&srv->tables_mu);
    tables = srv->ntables;
    pthread_mutex_unlock(&srv->tables_mu);
    mgs_store_get_stats(srv->store, &st);
    put(&b, "# HELP mg_tables_open Tables in memory (unfinished, or watched).\n"
            "# TYPE mg_tables_open gauge\nmg_tables_open %d\n",
        tables);
    put(&b, "# HELP mg_games_in_memory Games (one per spec) the tables in "
            "memory share.\n# TYPE mg_games_in_memory gauge\n"
            "mg_games_in_memory %ld\n",
        mgs_games_held());
    put(&b, "# HELP mg_streams_open Open event streams.\n"
            "# TYPE mg_streams_open gauge\nmg_streams_open %d\n",
        streams);
    put(&b, "# HELP mg_commands_total Commands by result.\n"
            "# TYPE mg_commands_total counter\n"
            "mg_commands_total{result=\"ok\"} %llu\n"
            "mg_commands_total{result=\"illegal\"} %llu\n"
            "mg_commands_total{result=\"stale\"} %llu\n"
            "mg_commands_total{result=\"refused\"} %llu\n"
            "mg_commands_total{result=\"error\"} %llu\n",
        (unsigned long long)m.cmd_ok, (unsigned long long)m.cmd_illegal,
        (unsigned long long)m.cmd_stale, (unsigned long long)m.cmd_refused,
        (unsigned long long)m.cmd_error);
    put(&b, "# HELP mg_http_requests_total HTTP answers by status class.\n"
            "# TYPE mg_http_requests_total counter\n");
    for (i = 0; i < 6; i++)
        put(&b, "mg_http_requests_total{status=\"%s\"} %llu\n", cls[i],
            (unsigned long long)m.requests[i]);
    put(&b, "# HELP mg_commit_seconds Time of a storage commit (one fsync "
            "for a group of appends).\n# TYPE mg_commit_seconds histogram\n");
    for (i = 0; i < 11; i++)
        put(&b, "mg_commit_seconds_bucket{le=\"%g\"} %llu\n", bounds[i],
            (unsigned long long)st.commit_le[i]);
    put(&b, "mg_commit_seconds_bucket{le=\"+Inf\"} %llu\n"
            "mg_commit_seconds_sum %g\nmg_commit_seconds_count %llu\n",
        (unsigned long long)st.commit_le[11], st.commit_sum,
        (unsigned long long)st.commit_le[11]);
    put(&b, "# HELP mg_bot_think_seconds Time a bot took for one action.\n"
            "# TYPE mg_bot_think_seconds histogram\n");
    for (i = 0; i < 11; i++)
        put(&b, "mg_bot_think_seconds_bucket{le=\"%g\"} %llu\n",
            bounds[i] * 100, (unsigned long long)m.bot_le[i]);
    put(&b, "mg_bot_think_seconds_bucket{le=\"+Inf\"} %llu\n"
            "mg_bot_think_seconds_sum %g\nmg_bot_think_seconds_count %llu\n",
        (unsigned long long)m.bot_le[11], m.bot_sum,
        (unsigned long long)m.bot_count);
    put(&b, "# HELP mg_store_appends_total Appends stored.\n"
            "# TYPE mg_store_appends_total counter\n"
            "mg_store_appends_total %llu\n"
            "# HELP mg_store_transactions_total Transactions (fsyncs).\n"
            "# TYPE mg_store_transactions_total counter\n"
            "mg_store_transactions_total %llu\n"
            "# HELP mg_store_failures_total Appends that failed.\n"
            "# TYPE mg_store_failures_total counter\n"
            "mg_store_failures_total %llu\n",
        (unsigned long long)st.appends, (unsigned long long)st.transactions,
        (unsigned long long)st.failures);
    put(&b, "# HELP mg_password_hashes_total Password hashes made and "
            "checked (argon2id; a login for an unknown name checks a dummy "
            "hash).\n# TYPE mg_password_hashes_total counter\n"
            "mg_password_hashes_total %llu\n",
        mgs_password_hashes());
    put(&b, "# HELP mg_start_time_seconds When the server started.\n"
            "# TYPE mg_start_time_seconds gauge\nmg_start_time_seconds %lld\n",
        (long long)(srv->started_ms / 1000));
    return b.p;
}
