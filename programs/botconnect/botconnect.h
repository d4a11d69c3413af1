/*
 * botconnect.h - mg-bot-connect's parts (programs/mg-bot-connect.c:
 * options, the games, main): requests to the server and its event
 * stream (net.c), the engine as a child process (engine.c).
 */
#ifndef MG_BOTCONNECT_H
#define MG_BOTCONNECT_H

#include <curl/curl.h>
#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define EXIT_USAGE 2
#define EXIT_ENGINE 3  /* the engine failed: its game was resigned */
#define EXIT_SERVER 4  /* the server refused or did not answer */

typedef struct bc_options {
    const char *server, *name, *token, *token_file;
    const char *create, *join, *clock;
    const char *seek[3]; /* --seek SPEC, up to three */
    const char *to;      /* --to NAME: the seeks are challenges to NAME */
    int nseek, accept;
    int games, movetime_ms, margin_ms, retry_for_s, quiet;
    char **engine;
} bc_options;
extern bc_options opt; /* mg-bot-connect.c */

/* net.c */
void say(const char *fmt, ...);
void die(int status, const char *fmt, ...);
int64_t now_ms(void);
void sleep_ms(int64_t ms);
void new_cmd_id(char out[33]);
/* A request sent until it has an answer that is not 429 or 5xx, with
 * back-off, for at most --retry-for seconds: the HTTP status (0: no
 * answer), the answer's JSON in *answer (or NULL). */
long http(const char *method, const char *path, json_t *body,
          const char *auth, json_t **answer);
const char *error_of(const json_t *answer);

/* A table's event stream, read through curl's multi interface. */
typedef struct bc_stream {
    CURLM *multi;
    CURL *easy;
    struct curl_slist *h;
    char line[4096];
    size_t ln;
    int news; /* an event (or a restart note) came: read the table */
    int open;
} bc_stream;
int stream_open(bc_stream *s, const char *id, const char *secret,
                long long after);
void stream_close(bc_stream *s);
int stream_wait(bc_stream *s, int ms); /* 1: it ended */

/* engine.c: the engine, a child process on two pipes. */
typedef struct bc_engine {
    pid_t pid;
    int in, out; /* its stdin (we write), its stdout (we read) */
    char line[1 << 16];
    char rbuf[1 << 16];
    size_t rn;
    char *spec; /* the game it was told */
    char *games; /* its hello's "id games" list, or NULL (every game) */
} bc_engine;
int engine_start(bc_engine *e);
const char *engine_stop(bc_engine *e, char *why, size_t cap);
int engine_send(bc_engine *e, const char *text);
int engine_answer(bc_engine *e, int64_t deadline);
int engine_ask(bc_engine *e, const char *cmd, int64_t timeout_ms);
int engine_move(bc_engine *e, const char *spec, const json_t *moves,
                int movetime, char **out, char *why, size_t cap);

/* A seat at a table: what playing it takes. */
typedef struct bc_seat {
    char id[64];
    int seat;
    char secret[128];
} bc_seat;

/* lobby.c: a table found in the lobby (doc/server-api.md, "Lobby"):
 * by posting the --seek seeks and waiting until one is accepted, or by
 * accepting the oldest open seek of a game the engine plays (`games`:
 * its "id games" list, NULL for every game) that is not `me`'s.  0 with
 * *t set, else EXIT_SERVER. */
int lobby_seek(const char *token, const json_t *clock, bc_seat *t);
int lobby_accept(const char *token, const char *me, const char *games,
                 bc_seat *t);

#endif /* MG_BOTCONNECT_H */
