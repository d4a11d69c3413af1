/*
 * place.c - the place's routes: one table of (method, path pattern,
 * handler).  A pattern's '*' is one path segment (1 to 96 bytes, no
 * '/'), handed to the handler in q->args.  A path of the place with
 * another method is a 405 naming the methods it has.
 */
#include "lobby.h"

#include <string.h>

typedef struct place_route {
    const char *method;
    const char *pattern;
    void (*handler)(const mgs_place_req *q, mgs_result *r);
} place_route;

static const place_route routes[] = {
    {"POST", "/players", mgs_players_create},
    {"GET", "/players/me", mgs_players_me},
    {"GET", "/players/me/tables", mgs_players_tables},
    {"GET", "/players/*", mgs_players_get},
    {"GET", "/players/*/games", mgs_players_games},
    {"GET", "/leaderboard", mgs_leaderboards},
    {"GET", "/leaderboard/*", mgs_leaderboard},
    /* accounts.c */
    {"POST", "/players/*/password", mgs_account_password},
    {"GET", "/players/me/account", mgs_account_get},
    {"POST", "/login", mgs_account_login},
    {"POST", "/logout", mgs_account_logout},
    {"POST", "/logout/all", mgs_account_logout_all},
    /* the lobby (lobby.h) */
    {"POST", "/seeks", mgs_seeks_create},
    {"GET", "/seeks", mgs_seeks_list},
    {"GET", "/seeks/*", mgs_seeks_get},
    {"POST", "/seeks/*/accept", mgs_seeks_accept},
    {"POST", "/seeks/*/cancel", mgs_seeks_cancel},
    {"GET", "/pools", mgs_pools_list},
    {"POST", "/pools/*/join", mgs_pools_join},
    {"POST", "/pools/*/leave", mgs_pools_leave},
};
#define NROUTES (sizeof routes / sizeof routes[0])

#define SEGMENT_MAX 96

/* Does path match pattern?  The '*' segments into seg (each cap bytes). */
static int match(const char *pattern, const char *path,
                 char seg[2][SEGMENT_MAX + 1])
{
    int n = 0;
    while (*pattern && *path) {
        if (*pattern == '*') {
            size_t len = strcspn(path, "/");
            if (len == 0 || len > SEGMENT_MAX || n == 2)
                return 0;
            memcpy(seg[n], path, len);
            seg[n][len] = '\0';
            n++;
            path += len;
            pattern++;
        } else if (*pattern++ != *path++) {
            return 0;
        }
    }
    return !*pattern && !*path;
}

int mgs_place_route(mgs_place_req *q, mgs_result *r)
{
    static char none[1];
    char seg[2][SEGMENT_MAX + 1];
    char allowed[32] = "";
    int get = strcmp(q->method, "GET") == 0 || strcmp(q->method, "HEAD") == 0;
    size_t i;
    q->args[0] = q->args[1] = none;
    for (i = 0; i < NROUTES; i++) {
        int same_method =
            strcmp(routes[i].method, get ? "GET" : q->method) == 0;
        if (!match(routes[i].pattern, q->path, seg))
            continue;
        if (!same_method) {
            if (!strstr(allowed, routes[i].method))
                strcat(allowed, allowed[0] ? ", " : "");
            if (!strstr(allowed, routes[i].method))
                strcat(allowed, routes[i].method);
            continue;
        }
        /* the first match wins: "/players/me" is listed before the name */
        if (!get) {
            char msg[512];
            json_t *body;
            if (q->too_big) {
                mgs_error(r, 413, "the body is larger than %d bytes",
                          MGS_BODY_CAP);
                return 1;
            }
            body = mgs_json_parse(q->raw, q->raw_len, msg, sizeof msg);
            if (!body) {
                mgs_error(r, 400, "%s", msg);
                return 1;
            }
            q->body = body;
        }
        q->args[0] = seg[0];
        q->args[1] = seg[1];
        routes[i].handler(q, r);
        json_decref((json_t *)q->body);
        q->body = NULL;
        q->args[0] = q->args[1] = none;
        return 1;
    }
    if (allowed[0]) {
        mgs_error(r, 405, "%s takes %s", q->path, allowed);
        return 1;
    }
    return 0;
}
