/*
 * sloppy-quit.c - an engine with one mistake, for the test of mg-match
 * --check-engine (tests/tools-check.sh): it runs a real engine and passes
 * it every line of its input, byte for byte, except that it takes any line
 * that starts with "quit" for quit: "quit now" is answered ok and ends it,
 * where mindgames-engine(7) (COMMANDS, words a command does not take)
 * wants an error and the engine going on.
 *
 *   sloppy-quit PROGRAM [ARG...]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int fd[2], status = 0;
    pid_t pid;
    FILE *to;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    if (argc < 2) {
        fprintf(stderr, "usage: sloppy-quit PROGRAM [ARG...]\n");
        return 2;
    }
    if (pipe(fd) != 0 || (pid = fork()) < 0) {
        perror("sloppy-quit");
        return 2;
    }
    if (pid == 0) { /* the engine: its input from the pipe, our output */
        dup2(fd[0], 0);
        close(fd[0]);
        close(fd[1]);
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    close(fd[0]);
    if (!(to = fdopen(fd[1], "w")))
        return 2;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        if (!strncmp(line, "quit", 4)) { /* the mistake */
            fputs("ok\n", stdout);
            fflush(stdout);
            break;
        }
        fwrite(line, 1, (size_t)len, to);
        fflush(to);
    }
    fclose(to); /* the engine's end of input: it exits */
    waitpid(pid, &status, 0);
    free(line);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
