/*
 * clock.c - the two functions every part of the server calls and a
 * harness replaces: the wall clock (mgs_now_ms: tables' times, clocks,
 * expiry) and the log's entry (mgs_log: log.c's rate-limited log at the
 * server's burst).  The request fuzzer (tests/fuzz/fuzz_server_env.c)
 * links the server without this file and main.c, with a clock its input
 * moves and a log that fails the run on the server's own failures.
 */
#include "server.h"

#include <stdarg.h>
#include <time.h>

int64_t mgs_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The server's log line (log.c: rate limited by call site). */
void mgs_log(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    mgs_vlog(MGS_LOG_BURST, fmt, ap);
    va_end(ap);
}
