/*
 * lobby.c - mg-bot-connect: a table found in the lobby
 * (doc/server-api.md, "Lobby"): --seek posts seeks and asks after them
 * (GET /seeks/{id}, which also keeps them from counting as left) until
 * one is accepted; --accept reads the open seeks and accepts the oldest
 * one of a game the engine plays.  Both ask once a second.
 */
#define _POSIX_C_SOURCE 200809L

#include "botconnect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ASK_MS 1000

static void seat_from(bc_seat *t, const json_t *a, const char *secret)
{
    const char *s = json_string_value(json_object_get(a, "secret"));
    memset(t, 0, sizeof *t);
    snprintf(t->id, sizeof t->id, "%s",
             json_string_value(json_object_get(a, "table")));
    t->seat = (int)json_integer_value(json_object_get(a, "seat"));
    snprintf(t->secret, sizeof t->secret, "%s", s ? s : secret);
}

/* Post the seek of opt.seek[i]: 0 with its id and secret. */
static int post_seek(const char *token, const json_t *clock, int i,
                     char id[64], char secret[128])
{
    json_t *body = json_pack("{s:s,s:s}", "spec", opt.seek[i], "seat",
                             "random"), *a = NULL;
    long st;
    if (clock)
        json_object_set(body, "clock", (json_t *)clock);
    if (opt.to)
        json_object_set_new(body, "to", json_string(opt.to));
    st = http("POST", "/seeks", body, token, &a);
    json_decref(body);
    if (st != 201) {
        say("cannot post the seek %s: %ld %s", opt.seek[i], st,
            st ? error_of(a) : "the server does not answer");
        json_decref(a);
        return -1;
    }
    snprintf(id, 64, "%s", json_string_value(json_object_get(a, "id")));
    snprintf(secret, 128, "%s",
             json_string_value(json_object_get(a, "secret")));
    say("seek %s posted: %s", id, opt.seek[i]);
    json_decref(a);
    return 0;
}

int lobby_seek(const char *token, const json_t *clock, bc_seat *t)
{
    char id[3][64], secret[3][128], path[256];
    int i, j;
    for (i = 0; i < opt.nseek; i++)
        if (post_seek(token, clock, i, id[i], secret[i]) != 0)
            return EXIT_SERVER;
    for (;;) {
        sleep_ms(ASK_MS);
        for (i = 0; i < opt.nseek; i++) {
            json_t *a = NULL;
            long st;
            const char *status;
            snprintf(path, sizeof path, "/seeks/%s", id[i]);
            st = http("GET", path, NULL, token, &a);
            status = json_string_value(json_object_get(a, "status"));
            if (st == 200 && status && strcmp(status, "accepted") == 0) {
                seat_from(t, a, secret[i]);
                json_decref(a);
                for (j = 0; j < opt.nseek; j++) {
                    json_t *c = NULL, *none;
                    if (j == i)
                        continue;
                    none = json_object();
                    snprintf(path, sizeof path, "/seeks/%s/cancel", id[j]);
                    http("POST", path, none, token, &c);
                    json_decref(none);
                    json_decref(c);
                }
                return 0;
            }
            json_decref(a);
            if (st == 404 && opt.to) {
                say("the challenge %s to %s was declined (or expired)",
                    id[i], opt.to);
                return EXIT_SERVER;
            }
            if (st == 404) { /* expired, or taken as left: again */
                if (post_seek(token, clock, i, id[i], secret[i]) != 0)
                    return EXIT_SERVER;
            } else if (st != 200) {
                say("seek %s: %ld", id[i], st);
                return EXIT_SERVER;
            }
        }
    }
}

/* Does the engine play the game of spec?  (games: its "id games".) */
static int plays(const char *games, const char *spec)
{
    size_t n = strcspn(spec, "(");
    const char *p = games;
    if (!games)
        return 1;
    while (*p) {
        size_t w;
        p += strspn(p, " \t");
        w = strcspn(p, " \t");
        if (w == n && strncmp(p, spec, n) == 0)
            return 1;
        p += w;
    }
    return 0;
}

int lobby_accept(const char *token, const char *me, const char *games,
                 bc_seat *t)
{
    char path[256];
    for (;;) {
        json_t *list = NULL, *seek;
        size_t i;
        long st = http("GET", "/seeks", NULL, token, &list);
        if (st != 200) {
            say("cannot read the seeks: %ld %s", st,
                st ? error_of(list) : "the server does not answer");
            json_decref(list);
            return EXIT_SERVER;
        }
        json_array_foreach(json_object_get(list, "seeks"), i, seek) {
            const char *id = json_string_value(json_object_get(seek, "id"));
            const char *owner =
                json_string_value(json_object_get(seek, "owner"));
            const char *spec =
                json_string_value(json_object_get(seek, "spec"));
            json_t *a = NULL, *body;
            char cmd_id[33];
            if (!id || !spec || (owner && strcmp(owner, me) == 0) ||
                !plays(games, spec) || strlen(id) > 64)
                continue;
            /* a cmd_id: an accept sent again after a lost answer gets
             * the first answer (the seat) */
            new_cmd_id(cmd_id);
            body = json_pack("{s:s}", "cmd_id", cmd_id);
            snprintf(path, sizeof path, "/seeks/%s/accept", id);
            st = http("POST", path, body, token, &a);
            json_decref(body);
            if (st == 200) {
                seat_from(t, a, "");
                say("accepted the seek %s of %s: %s", id,
                    owner ? owner : "?", spec);
                json_decref(a);
                json_decref(list);
                return 0;
            }
            json_decref(a); /* taken by another, gone: the next */
        }
        json_decref(list);
        sleep_ms(ASK_MS);
    }
}
