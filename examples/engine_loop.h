/*
 * engine_loop.h - the protocol side of the example engines
 * (mindgames-engine(7), version 1): reading commands on standard input,
 * keeping the game and the position, answering on standard output.  An
 * engine file defines ENGINE_NAME and ENGINE_GAMES ("*" or a list of game
 * ids), includes this file, and defines
 *     static int32_t choose(mg_state *s);
 * which returns a legal action of the position (or -1); it may use `game`
 * and `rng` (seeded by the seed command).  This file holds main().  Only
 * the public API of libmindgames is used.
 */
#ifndef ENGINE_LOOP_H
#define ENGINE_LOOP_H

#define _POSIX_C_SOURCE 200809L /* getline */
#include <mindgames.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mg_game *game;      /* the game set by game or record */
static mg_state *position; /* the start followed by the moves so far */
static uint64_t rng = 0x9E3779B97F4A7C15ULL;

static int32_t choose(mg_state *s); /* the engine's own */

static void answer(const char *fmt, const char *arg)
{
    printf(fmt, arg ? arg : "");
    putchar('\n');
    fflush(stdout);
}

/* Is g one of the games of ENGINE_GAMES ("*": every game)? */
static int plays(const mg_game *g)
{
    const char *list = ENGINE_GAMES, *id = mg_game_id(g), *p;
    size_t n = strlen(id);
    if (!strcmp(list, "*"))
        return 1;
    for (p = list; (p = strstr(p, id)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
            return 1;
    return 0;
}

/* A new game and position, replacing the old ones. */
static void adopt(mg_game *g, mg_state *s)
{
    mg_state_free(position);
    mg_game_free(game);
    game = g;
    position = s;
}

static void cmd_game(const char *spec)
{
    char err[256];
    mg_game *g = NULL;
    mg_state *s = NULL;
    if (mg_game_new(&g, spec, err, sizeof err) != MG_OK) {
        answer("error %s", err);
        return;
    }
    if (!plays(g)) {
        answer("error this engine plays " ENGINE_GAMES " only", NULL);
        mg_game_free(g);
        return;
    }
    if (mg_state_new(&s, g) != MG_OK) {
        mg_game_free(g);
        answer("error out of memory", NULL);
        return;
    }
    adopt(g, s);
    answer("ok", NULL);
}

/* record N: the next N lines are a game record (mindgames(7)). */
static int cmd_record(const char *count, char **line, size_t *cap)
{
    char err[256], *end, *text = NULL;
    size_t len = 0;
    long n = strtol(count, &end, 10), i;
    mg_game *g = NULL;
    mg_state *s = NULL;
    if (end == count || *end || n < 1 || n > 1000000) {
        answer("error record takes the number of lines that follow", NULL);
        return 0;
    }
    for (i = 0; i < n; i++) {
        ssize_t got = getline(line, cap, stdin);
        char *more;
        if (got < 0) {
            free(text);
            return 1; /* the input ended inside the record */
        }
        more = realloc(text, len + (size_t)got + 2);
        if (!more) {
            free(text);
            return 1;
        }
        text = more;
        memcpy(text + len, *line, (size_t)got);
        len += (size_t)got;
        if (len == 0 || text[len - 1] != '\n')
            text[len++] = '\n';
        text[len] = '\0';
    }
    if (strlen(text) != len) /* a NUL byte */
        answer("error the record holds a NUL byte", NULL);
    else if (mg_state_load(&s, &g, text, err, sizeof err) != MG_OK)
        answer("error bad record: %s", err);
    else if (!plays(g)) {
        mg_state_free(s);
        mg_game_free(g);
        answer("error this engine plays " ENGINE_GAMES " only", NULL);
    } else {
        adopt(g, s);
        answer("ok", NULL);
    }
    free(text);
    return 0;
}

/* moves M1 M2 ...: the position is the start followed by these; a bad
 * move leaves the previous position. */
static void cmd_moves(char *args)
{
    char err[256], *move, *save = NULL;
    mg_state *s = NULL;
    if (!game) {
        answer("error no game: send game or record first", NULL);
        return;
    }
    if (mg_state_new(&s, game) != MG_OK) {
        answer("error out of memory", NULL);
        return;
    }
    for (move = strtok_r(args, " \t", &save); move;
         move = strtok_r(NULL, " \t", &save)) {
        int32_t a;
        int rc = mg_state_action_from_string(s, move, &a, err, sizeof err);
        if (rc == MG_OK && (rc = mg_state_apply(s, a)) != MG_OK) {
            /* the library's line: "a1-b1: <the rule> (rules N.M)" */
            size_t need = 0;
            if (mg_state_illegal_reason(s, a, err, sizeof err, &need) ==
                    MG_ENOBUFS || !err[0])
                snprintf(err, sizeof err, "%s: %s", move, mg_strerror(rc));
        }
        if (rc != MG_OK) {
            mg_state_free(s);
            answer("error %s", err);
            return;
        }
    }
    mg_state_free(position);
    position = s;
    answer("ok", NULL);
}

/* go [movetime MS] [KEY VALUE]...: this engine is quick, so it needs no
 * budget, but it checks what it is given. */
static void cmd_go(char *args)
{
    char *key, *val, *save = NULL, name[64];
    int32_t a;
    for (key = strtok_r(args, " \t", &save); key;
         key = strtok_r(NULL, " \t", &save)) {
        char *end;
        val = strtok_r(NULL, " \t", &save);
        if (!val || (!strcmp(key, "movetime") &&
                     (strtol(val, &end, 10) < 0 || *end || end == val))) {
            answer("error go: bad %s", key);
            return;
        }
    }
    if (!position) {
        answer("error no game: send game or record first", NULL);
        return;
    }
    if (mg_state_is_terminal(position) == 1) {
        answer("error the game is over", NULL);
        return;
    }
    a = choose(position);
    if (a < 0 ||
        mg_state_action_to_string(position, a, name, sizeof name, NULL))
        answer("error no move", NULL);
    else
        answer("ok %s", name);
}

/* seed N: a seed for the games that follow (the tie-breaks). */
static void cmd_seed(const char *args)
{
    char *end;
    unsigned long long n = strtoull(args, &end, 10);
    if (*args < '0' || *args > '9' || *end) {
        answer("error seed takes a number", NULL);
        return;
    }
    rng = n * 2 + 1; /* odd: never 0, which xorshift cannot leave */
    answer("ok", NULL);
}

/* Whether args is one word: hello takes one, and a command given words
 * it does not take is refused (mindgames-engine(7), COMMANDS). */
static int one_word(const char *args)
{
    args += strcspn(args, " \t");
    return !args[strspn(args, " \t")];
}

/* One command; 1 to stop. */
static int command(char *line, char **buf, size_t *cap)
{
    char *cmd = strtok(line, " \t"), *args = strtok(NULL, "");
    if (!cmd)
        return 0; /* an empty line: no answer */
    if (!args)
        args = "";
    args += strspn(args, " \t");
    if (!strcmp(cmd, "hello") && atoi(args) >= 1 && one_word(args))
        answer("id name " ENGINE_NAME "\nid author the libmindgames "
               "examples\nid games " ENGINE_GAMES "\nok 1", NULL);
    else if (!strcmp(cmd, "seed"))
        cmd_seed(args);
    else if (!strcmp(cmd, "game") && *args)
        cmd_game(args);
    else if (!strcmp(cmd, "record"))
        return cmd_record(args, buf, cap);
    else if (!strcmp(cmd, "moves"))
        cmd_moves(args);
    else if (!strcmp(cmd, "go"))
        cmd_go(args);
    else if (!strcmp(cmd, "quit") && !*args) {
        answer("ok", NULL);
        return 1;
    } else
        answer("error unknown command or bad arguments: %s", cmd);
    return 0;
}

int main(void)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (strlen(line) != (size_t)len)
            answer("error the line holds a NUL byte", NULL);
        else if (command(line, &line, &cap))
            break;
    }
    free(line);
    adopt(NULL, NULL);
    return 0;
}

#endif
