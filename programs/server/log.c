/*
 * log.c - the server's log (standard error), one line per message with
 * its UTC time, rate limited by call site: a message whose format (the
 * site that logs it) was logged MGS_LOG_BURST times in the current
 * second is held back and counted, and one line later says how many
 * were ("... 41873 more like it in the last 1.0 s"), when the site logs
 * again after its second or when the timer calls mgs_log_flush().  A
 * fault that repeats (a bot that keeps failing, a client that keeps
 * sending the same wrong thing) so costs a few lines a second, never
 * the disk.  mgs_log itself is clock.c's (mgs_vlog with MGS_LOG_BURST),
 * so that a program linking the rest of the server (the fuzzer) may
 * have its own.  The request log (mgs_log_request, one site whose lines all
 * differ) is allowed MGS_LOG_REQUESTS lines a second, counted beyond.
 */
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define MGS_LOG_REQUESTS 200 /* the request log's lines per second */
#define MGS_LOG_SITES 64   /* sites remembered (the oldest goes) */

typedef struct log_site {
    const char *fmt;       /* NULL: free */
    int64_t window_ms;     /* the second this site's count is of */
    int64_t last_ms;
    int lines;             /* written in that second */
    long held;             /* held back since the last line written */
    char last[240];        /* the last one held back */
} log_site;

static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;
static log_site sites[MGS_LOG_SITES];

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void write_line(const char *msg)
{
    char when[32];
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%S", &tm);
    fprintf(stderr, "%s.%03ldZ mg-server: %s\n", when, ts.tv_nsec / 1000000,
            msg);
}

/* The count of a site's held-back lines, as one line (log_mu held). */
static void say_held(log_site *s, int64_t now)
{
    char msg[400];
    if (s->held == 0)
        return;
    snprintf(msg, sizeof msg,
             "... %ld more like it in the last %.1f s (not logged), the "
             "last: %s",
             s->held, (double)(now - s->window_ms) / 1000.0, s->last);
    write_line(msg);
    s->held = 0;
}

static log_site *site_of(const char *fmt, int64_t now)
{
    int i, oldest = 0;
    for (i = 0; i < MGS_LOG_SITES; i++) {
        if (sites[i].fmt == fmt)
            return &sites[i];
        if (!sites[i].fmt)
            oldest = i, i = MGS_LOG_SITES; /* a free slot: take it */
        else if (sites[i].last_ms < sites[oldest].last_ms)
            oldest = i;
    }
    say_held(&sites[oldest], now);
    memset(&sites[oldest], 0, sizeof sites[oldest]);
    sites[oldest].fmt = fmt;
    sites[oldest].window_ms = now;
    return &sites[oldest];
}

void mgs_vlog(int burst, const char *fmt, va_list ap)
{
    char msg[1200];
    int64_t now = mono_ms();
    log_site *s;
    vsnprintf(msg, sizeof msg, fmt, ap);
    pthread_mutex_lock(&log_mu);
    s = site_of(fmt, now);
    s->last_ms = now;
    if (now - s->window_ms >= 1000) {
        say_held(s, now);
        s->window_ms = now;
        s->lines = 0;
    }
    if (s->lines < burst) {
        s->lines++;
        write_line(msg);
    } else {
        s->held++;
        size_t n = strlen(msg);
        if (n >= sizeof s->last)
            n = sizeof s->last - 1;
        memcpy(s->last, msg, n);
        s->last[n] = '\0';
    }
    pthread_mutex_unlock(&log_mu);
}

void mgs_log_request(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mgs_vlog(MGS_LOG_REQUESTS, fmt, ap);
    va_end(ap);
}

void mgs_log_flush(void)
{
    int64_t now = mono_ms();
    int i;
    pthread_mutex_lock(&log_mu);
    for (i = 0; i < MGS_LOG_SITES; i++)
        if (sites[i].fmt && sites[i].held &&
            now - sites[i].window_ms >= 1000) {
            say_held(&sites[i], now);
            sites[i].window_ms = now;
            sites[i].lines = 0;
        }
    pthread_mutex_unlock(&log_mu);
}
