/*
 * files.c - the web page's static files, only from the web folder: a
 * path is served when each of its segments is a plain name (letters,
 * digits, '.', '-', '_', not starting with '.'), the file is a regular
 * file inside the folder once links are resolved, and its type is known.
 * "/" and "/t/<table id>" are the page (index.html).
 */
#include "server.h"

#include <fcntl.h>
#include <limits.h>
#include <microhttpd.h>
#include <stdlib.h>
#include <string.h>
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

/* 0 with *resp and *status set (a file or a 404/403 of ours), -1 on
 * failure to answer. */
int mgs_static(mgs_srv *srv, const char *url, struct MHD_Response **resp,
               int *status)
{
    char path[PATH_MAX + 64], real[PATH_MAX], root[PATH_MAX];
    const char *rel = url, *type;
    struct stat st;
    int fd;
    *resp = NULL;
    if (!srv->cfg.web_dir[0])
        goto none;
    if (strcmp(url, "/") == 0 ||
        (strncmp(url, "/t/", 3) == 0 && strlen(url) == 3 + MGS_ID_LEN &&
         plain_path(url)))
        rel = "/index.html";
    if (!plain_path(rel) || !(type = mime(rel)))
        goto none;
    if (!realpath(srv->cfg.web_dir, root))
        goto none;
    snprintf(path, sizeof path, "%s%s", root, rel);
    if (!realpath(path, real) || strncmp(real, root, strlen(root)) != 0 ||
        real[strlen(root)] != '/')
        goto none;
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
    MHD_add_response_header(*resp, "Cache-Control",
                            strcmp(rel, "/index.html") == 0 ? "no-cache"
                                                            : "max-age=300");
    *status = 200;
    return 0;
none:
    *status = 404;
    return 0;
}
