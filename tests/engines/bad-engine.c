/*
 * bad-engine.c - an engine that misbehaves on purpose, for the tests of
 * mg-match's forfeits (tests/tools-check.sh).  It speaks the protocol of
 * mindgames-engine(7) and plays the first legal action, until its N-th
 * go of a process's life (N = 1 by default), where it
 *
 *   crash     writes a line to stderr and dies of SIGSEGV
 *   hang      never answers (it sleeps)
 *   illegal   answers a move that is not legal there
 *   garbage   answers a line that is not of the protocol
 *   exit      exits with status 3
 *   refuse    answers "error" to go
 *   silent    never answers the handshake (hang at hello)
 *
 *   bad-engine MODE [N]
 */
#define _POSIX_C_SOURCE 200809L
#include <mindgames.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static mg_game *game;
static mg_state *state;

static void set_moves(char *args)
{
    char *w, *save = NULL;
    mg_state_free(state);
    state = NULL;
    mg_state_new(&state, game);
    for (w = strtok_r(args, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
        int32_t a;
        if (mg_state_action_from_string(state, w, &a, NULL, 0) == MG_OK)
            mg_state_apply(state, a);
    }
}

/* The first legal action (or, misbehaving, one that is not legal). */
static void go(int legal)
{
    int32_t n = mg_game_num_actions(game), a;
    char name[64];
    for (a = 0; a < n; a++)
        if (mg_state_is_legal(state, a) == legal)
            break;
    if (a == n)
        a = 0;
    mg_state_action_to_string(state, a, name, sizeof name, NULL);
    printf("ok %s\n", name);
}

static void misbehave(const char *mode)
{
    if (!strcmp(mode, "crash")) {
        fprintf(stderr, "bad-engine: crashing on purpose\n");
        fflush(stderr);
        raise(SIGSEGV);
    } else if (!strcmp(mode, "hang")) {
        fprintf(stderr, "bad-engine: hanging on purpose\n");
        fflush(stderr);
        for (;;)
            sleep(60);
    } else if (!strcmp(mode, "illegal")) {
        go(0);
    } else if (!strcmp(mode, "garbage")) {
        printf("bestmove e2e4 ponder e7e5\n");
    } else if (!strcmp(mode, "exit")) {
        fprintf(stderr, "bad-engine: exiting on purpose\n");
        exit(3);
    } else {
        printf("error I refuse\n");
    }
}

int main(int argc, char **argv)
{
    char line[65536];
    const char *mode = argc > 1 ? argv[1] : "crash";
    long n = argc > 2 ? atol(argv[2]) : 1, gos = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *cmd = strtok(line, " \t\r\n"), *args = strtok(NULL, "\r\n");
        if (!cmd)
            continue;
        if (!strcmp(cmd, "hello")) {
            if (!strcmp(mode, "silent"))
                for (;;)
                    sleep(60);
            printf("id name bad-engine %s\nid games *\nok 1\n", mode);
        } else if (!strcmp(cmd, "game")) {
            mg_game_free(game);
            game = NULL;
            mg_game_new(&game, args ? args : "", NULL, 0);
            set_moves("");
            printf(game ? "ok\n" : "error bad game\n");
        } else if (!strcmp(cmd, "moves") && game) {
            set_moves(args ? args : "");
            printf("ok\n");
        } else if (!strcmp(cmd, "go") && game) {
            if (++gos >= n)
                misbehave(mode);
            else
                go(1);
        } else if (!strcmp(cmd, "quit")) {
            printf("ok\n");
            break;
        } else {
            printf(!strcmp(cmd, "seed") ? "ok\n" : "error unknown command\n");
        }
        fflush(stdout);
    }
    mg_state_free(state);
    mg_game_free(game);
    return 0;
}
