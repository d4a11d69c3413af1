/*
 * net.c - mg-bot-connect: messages, requests to the server (sent again
 * after 429, 5xx and dropped connections, with back-off), the event
 * stream.
 */
#define _POSIX_C_SOURCE 200809L

#include "botconnect.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


void say(const char *fmt, ...)
{
    va_list ap;
    if (opt.quiet)
        return;
    va_start(ap, fmt);
    fputs("mg-bot-connect: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void die(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mg-bot-connect: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void sleep_ms(int64_t ms)
{
    struct timespec ts;
    ts.tv_sec = (time_t)(ms / 1000);
    ts.tv_nsec = (long)(ms % 1000) * 1000000L;
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

/* A cmd_id: 128 random bits in hex. */
void new_cmd_id(char out[33])
{
    unsigned char b[16];
    int fd = open("/dev/urandom", O_RDONLY), i;
    if (fd < 0 || read(fd, b, sizeof b) != (ssize_t)sizeof b)
        die(1, "cannot read /dev/urandom");
    close(fd);
    for (i = 0; i < 16; i++)
        sprintf(out + 2 * i, "%02x", b[i]);
}

/* --------------------------------------------------------------- HTTP */

typedef struct buf {
    char *p;
    size_t n;
} buf;

static size_t to_buf(char *d, size_t size, size_t nm, void *arg)
{
    buf *b = arg;
    size_t n = size * nm;
    char *p;
    if (b->n + n > (8u << 20))
        return 0; /* no answer of the API is this long */
    if (!(p = realloc(b->p, b->n + n + 1)))
        return 0;
    memcpy(p + b->n, d, n);
    b->p = p;
    b->n += n;
    p[b->n] = '\0';
    return n;
}

static long retry_after_s;

static size_t header_cb(char *d, size_t size, size_t nm, void *arg)
{
    size_t n = size * nm;
    (void)arg;
    if (n > 12 && strncasecmp(d, "Retry-After:", 12) == 0)
        retry_after_s = strtol(d + 12, NULL, 10);
    return n;
}

/* One request: 0 with *status and *answer (parsed JSON, or NULL), -1
 * when no HTTP answer came (the connection failed). */
static int http_once(const char *method, const char *path, json_t *body,
                     const char *auth, long *status, json_t **answer)
{
    CURL *c = curl_easy_init();
    struct curl_slist *h = NULL;
    char url[2048], ah[256];
    char *text = NULL;
    buf b = {NULL, 0};
    CURLcode rc;
    *answer = NULL;
    *status = 0;
    retry_after_s = 0;
    if (!c)
        return -1;
    snprintf(url, sizeof url, "%s/api/v1%s", opt.server, path);
    curl_easy_setopt(c, CURLOPT_URL, url);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, to_buf);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &b);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, header_cb);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, 30L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 10L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_USERAGENT, "mg-bot-connect/1");
    if (auth) {
        snprintf(ah, sizeof ah, "Authorization: Bearer %s", auth);
        h = curl_slist_append(h, ah);
    }
    if (strcmp(method, "POST") == 0) {
        text = json_dumps(body, JSON_COMPACT);
        h = curl_slist_append(h, "Content-Type: application/json");
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, text ? text : "{}");
    }
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
    rc = curl_easy_perform(c);
    if (rc == CURLE_OK) {
        curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
        if (b.p)
            *answer = json_loads(b.p, 0, NULL);
    }
    curl_slist_free_all(h);
    curl_easy_cleanup(c);
    free(text);
    free(b.p);
    return rc == CURLE_OK ? 0 : -1;
}

const char *error_of(const json_t *a)
{
    const char *e = json_string_value(json_object_get(a, "error"));
    return e ? e : "(no message)";
}

/* A request sent until it has an answer that is not 429 or 5xx, with
 * back-off (the server's Retry-After when it gives one), for at most
 * --retry-for seconds: the HTTP status, or 0 when it never answered. */
long http(const char *method, const char *path, json_t *body,
                 const char *auth, json_t **answer)
{
    int64_t until = now_ms() + (int64_t)opt.retry_for_s * 1000;
    int64_t wait = 250;
    long status;
    for (;;) {
        int rc = http_once(method, path, body, auth, &status, answer);
        if (rc == 0 && status != 429 && status < 500)
            return status;
        if (now_ms() + wait > until)
            return rc == 0 ? status : 0;
        if (rc == 0) {
            say("%s %s: %ld %s; again in %.1f s", method, path, status,
                error_of(*answer), (double)wait / 1000);
            if (retry_after_s > 0 && retry_after_s * 1000 > wait)
                wait = retry_after_s * 1000;
        } else {
            say("%s %s: the server does not answer; again in %.1f s",
                method, path, (double)wait / 1000);
        }
        json_decref(*answer);
        *answer = NULL;
        sleep_ms(wait);
        wait = wait * 2 > 5000 ? 5000 : wait * 2;
    }
}

/* ----------------------------------------------------- the event
 * stream */


static size_t stream_data(char *d, size_t size, size_t nm, void *arg)
{
    bc_stream *s = arg;
    size_t n = size * nm, i;
    for (i = 0; i < n; i++) {
        if (d[i] != '\n') {
            if (s->ln < sizeof s->line - 1)
                s->line[s->ln++] = d[i];
            continue;
        }
        s->line[s->ln] = '\0';
        if (strncmp(s->line, "id:", 3) == 0 ||
            strncmp(s->line, "event: restarting", 17) == 0)
            s->news = 1;
        s->ln = 0;
    }
    return n;
}

void stream_close(bc_stream *s)
{
    if (s->easy) {
        curl_multi_remove_handle(s->multi, s->easy);
        curl_easy_cleanup(s->easy);
    }
    curl_slist_free_all(s->h);
    s->easy = NULL;
    s->h = NULL;
    s->open = 0;
}

int stream_open(bc_stream *s, const char *id, const char *secret,
                       long long after)
{
    char url[2048], ah[256];
    stream_close(s);
    if (!(s->easy = curl_easy_init()))
        return -1;
    snprintf(url, sizeof url, "%s/api/v1/tables/%s/events?after=%lld",
             opt.server, id, after);
    snprintf(ah, sizeof ah, "Authorization: Bearer %s", secret);
    s->h = curl_slist_append(NULL, ah);
    curl_easy_setopt(s->easy, CURLOPT_URL, url);
    curl_easy_setopt(s->easy, CURLOPT_HTTPHEADER, s->h);
    curl_easy_setopt(s->easy, CURLOPT_WRITEFUNCTION, stream_data);
    curl_easy_setopt(s->easy, CURLOPT_WRITEDATA, s);
    curl_easy_setopt(s->easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(s->easy, CURLOPT_CONNECTTIMEOUT, 10L);
    /* the server pings every 15 s: a stream silent for 60 s is dead */
    curl_easy_setopt(s->easy, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(s->easy, CURLOPT_LOW_SPEED_TIME, 60L);
    curl_multi_add_handle(s->multi, s->easy);
    s->ln = 0;
    s->open = 1;
    return 0;
}

/* Wait up to ms for the stream: 1 when it ended (reopen it). */
int stream_wait(bc_stream *s, int ms)
{
    int running = 0, q;
    CURLMsg *m;
    curl_multi_perform(s->multi, &running);
    curl_multi_poll(s->multi, NULL, 0, ms, NULL);
    curl_multi_perform(s->multi, &running);
    while ((m = curl_multi_info_read(s->multi, &q)) != NULL)
        if (m->msg == CURLMSG_DONE)
            return 1;
    return 0;
}

