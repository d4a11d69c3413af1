/*
 * files.c - the web page's static files, only from the web folder: a
 * path is served when each of its segments is a plain name (letters,
 * digits, '.', '-', '_', not starting with '.'), the file is a regular
 * file inside the folder once links are resolved, and its type is known.
 * "/", "/t/<table id>", "/p/<player name>" (any name: one segment of
 * at most 96 bytes, percent-decoded), "/leaderboard" and
 * "/leaderboard/<family>" are the page (index.html).  A file made
 * beside it at build time, compressed (NAME.br by brotli, NAME.gz by
 * gzip; not older than the file), is sent instead when the client
 * accepts that encoding, with
 * Content-Encoding; every answer of a compressible type says
 * Vary: Accept-Encoding.
 */
#include "http.h"

#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *mime(const char *path)
{
    static const char *const map[][2] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".wasm", "application/wasm"},
        {".png", "image/png"},
        {".svg", "image/svg+xml"},
        {".json", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
        {".ico", "image/x-icon"},
    };
    const char *dot = strrchr(path, '.');
    size_t i;
    if (!dot)
        return NULL;
    for (i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(dot, map[i][0]) == 0)
            return map[i][1];
    return NULL;
}

static int plain_path(const char *p)
{
    int seg_start = 1;
    if (*p != '/')
        return 0;
    for (p++; *p; p++) {
        char c = *p;
        if (c == '/') {
            if (seg_start)
                return 0; /* "//" */
            seg_start = 1;
            continue;
        }
        if (seg_start && c == '.')
            return 0; /* ".", "..", hidden files */
        seg_start = 0;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_'))
            return 0;
    }
    return !seg_start;
}

/* Whether an Accept-Encoding header accepts `coding`: named with a q
 * other than 0, or "*" (with a q other than 0) when it is not named. */
static int accepts(const char *h, const char *coding)
{
    size_t n = strlen(coding);
    int star = 0;
    while (h && *h) {
        const char *end = strchr(h, ','), *semi, *tok;
        size_t len;
        int q0 = 0;
        if (!end)
            end = h + strlen(h);
        while (h < end && (*h == ' ' || *h == '\t'))
            h++;
        tok = h;
        semi = memchr(h, ';', (size_t)(end - h));
        len = (size_t)((semi ? semi : end) - tok);
        while (len > 0 && (tok[len - 1] == ' ' || tok[len - 1] == '\t'))
            len--;
        if (semi) {
            /* q=0, q=0.0, q=0.000: refused */
            const char *q = semi + 1;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (end - q >= 3 && (q[0] == 'q' || q[0] == 'Q') && q[1] == '=' &&
                q[2] == '0') {
                const char *d = q + 3;
                q0 = 1;
                if (d < end && *d == '.')
                    for (d++; d < end && *d != ' ' && *d != '\t'; d++)
                        if (*d != '0')
                            q0 = 0;
            }
        }
        if (len == n && strncasecmp(tok, coding, n) == 0)
            return !q0;
        if (len == 1 && tok[0] == '*')
            star = !q0;
        h = *end ? end + 1 : end;
    }
    return star;
}

/* The compressed copy of `real` (NAME.br, NAME.gz) the client accepts
 * first, not older than the file itself: its open descriptor and size,
 * and *coding its name; -1 when none. */
static int compressed(const char *real, const char *root,
                      const char *accept_enc, struct stat *st,
                      const char **coding)
{
    struct stat orig;
    static const char *const codings[][2] = {{"br", ".br"}, {"gzip", ".gz"}};
    char path[PATH_MAX + 8], creal[PATH_MAX];
    size_t i;
    if (stat(real, &orig) != 0)
        return -1;
    for (i = 0; i < 2; i++) {
        int fd;
        if (!accepts(accept_enc, codings[i][0]))
            continue;
        snprintf(path, sizeof path, "%s%s", real, codings[i][1]);
        if (!realpath(path, creal) || strncmp(creal, root, strlen(root)) != 0 ||
            creal[strlen(root)] != '/')
            continue;
        fd = open(creal, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode) ||
            st->st_mtime < orig.st_mtime) {
            close(fd);
            continue;
        }
        *coding = codings[i][0];
        return fd;
    }
    return -1;
}

static int compressible(const char *type)
{
    return strncmp(type, "text/", 5) == 0 ||
           strcmp(type, "application/wasm") == 0 ||
           strcmp(type, "application/json") == 0 ||
           strcmp(type, "image/svg+xml") == 0;
}

/* 0 with *resp and *status set (a file or a 404/403 of ours), -1 on
 * failure to answer.  accept_enc: the request's Accept-Encoding (NULL:
 * none). */
/* "/p/NAME": a player's page (the name checked by the API, not here:
 * one segment of 1 to 96 bytes, no control character, not "." or "..") */
static int player_path(const char *url)
{
    const char *n = url + 3;
    size_t len, i;
    if (strncmp(url, "/p/", 3) != 0)
        return 0;
    len = strlen(n);
    if (len == 0 || len > 96 || n[0] == '.')
        return 0;
    for (i = 0; i < len; i++)
        if ((unsigned char)n[i] < 0x20 || n[i] == '/' || n[i] == '\\' ||
            n[i] == 0x7f)
            return 0;
    return 1;
}

int mgs_static(mgs_srv *srv, const char *url, const char *accept_enc,
               struct MHD_Response **resp, int *status)
{
    char path[PATH_MAX + 64], real[PATH_MAX], root[PATH_MAX];
    const char *rel = url, *type, *coding = NULL;
    struct stat st;
    int fd;
    *resp = NULL;
    if (!srv->cfg.web_dir[0])
        goto none;
    if (strcmp(url, "/") == 0 ||
        (strncmp(url, "/t/", 3) == 0 && strlen(url) == 3 + MGS_ID_LEN &&
         plain_path(url)) ||
        player_path(url) || strcmp(url, "/leaderboard") == 0 ||
        (strncmp(url, "/leaderboard/", 13) == 0 && strlen(url) < 13 + 64 &&
         !strchr(url + 13, '/') && plain_path(url)))
        rel = "/index.html";
    if (!plain_path(rel) || !(type = mime(rel)))
        goto none;
    if (!realpath(srv->cfg.web_dir, root))
        goto none;
    snprintf(path, sizeof path, "%s%s", root, rel);
    if (!realpath(path, real) || strncmp(real, root, strlen(root)) != 0 ||
        real[strlen(root)] != '/')
        goto none;
    fd = compressible(type) ? compressed(real, root, accept_enc, &st, &coding)
                            : -1;
    if (fd < 0)
        fd = open(real, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        goto none;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        goto none;
    }
    *resp = MHD_create_response_from_fd((uint64_t)st.st_size, fd);
    if (!*resp) {
        close(fd);
        return -1;
    }
    MHD_add_response_header(*resp, "Content-Type", type);
    if (coding)
        MHD_add_response_header(*resp, "Content-Encoding", coding);
    if (compressible(type))
        MHD_add_response_header(*resp, "Vary", "Accept-Encoding");
    MHD_add_response_header(*resp, "Cache-Control",
                            strcmp(rel, "/index.html") == 0 ? "no-cache"
                                                            : "max-age=300");
    *status = 200;
    return 0;
none:
    *status = 404;
    return 0;
}
