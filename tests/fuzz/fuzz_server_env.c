/*
 * fuzz_server_env.c - what fuzz_server.c's server runs on instead of
 * clock.c and secret.c: a clock the input moves (fake_now), random tokens
 * from a fixed sequence (rng_state), so that every input replays the
 * same way, and a log that fails the run on any line reporting a
 * failure of the server's own (an event refused, a commit failed, a log
 * that cannot be replayed).
 */
#include "fuzz.h"
#include "fuzz_server.h"
#include "server.h"

#include <sodium.h>
#include <stdarg.h>

/* ----------------------------------------- clock.c and secret.c, here */

int64_t fake_now;
uint64_t rng_state;

int64_t mgs_now_ms(void)
{
    return fake_now;
}

void mgs_log(const char *fmt, ...)
{
    char msg[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* what the server logs when it fails (an event refused, a failed
     * commit, a log that cannot be replayed or restored) never happens */
    FUZZ_REQUIRE(!strstr(msg, "refused its own event") &&
                     !strstr(msg, "commit failed") &&
                     !strstr(msg, "cannot replay") &&
                     !strstr(msg, "could not be rebuilt") &&
                     !strstr(msg, "some failed"),
                 "mgs_log: %s", msg);
}

int mgs_secret_init(void)
{
    return sodium_init() < 0 ? -1 : 0;
}

static uint64_t next_rand(void)
{
    uint64_t x = rng_state += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void mgs_random_token(char *out, size_t bytes)
{
    static const char b64[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    size_t n = (bytes * 4 + 2) / 3, i;
    for (i = 0; i < n; i++)
        out[i] = b64[next_rand() & 63];
    out[n] = '\0';
}
