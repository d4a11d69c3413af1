/*
 * play_input.c - what a person types in mg-play: a move in notation, or
 * one of the commands below.  A command given words it does not take is
 * refused, not half obeyed; a line with a NUL byte or longer than 4096
 * bytes is refused whole, and the next line is read on its own.
 *
 *   help, ?      the legal moves and the commands
 *   legend       what the picture's symbols mean
 *   undo [N]     take back N of your moves (default 1), with the bot moves
 *                after each
 *   save FILE    write the game record to FILE
 *   load FILE    continue from a record (one written by save, or any)
 *   show         the position again
 *   quit, exit   stop
 */
#define _POSIX_C_SOURCE 200809L
#include "play.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define LINE_MAX_HUMAN 4096

const char *play_who(const play *p, int seat)
{
    return p->pl[seat].arg;
}

int play_size_legal(play *p)
{
    size_t cap = (size_t)mg_game_max_legal_actions(p->game);
    free(p->legal);
    p->cap = cap ? cap : 1;
    p->legal = util_xmalloc(p->cap * sizeof *p->legal);
    return MG_OK;
}

int play_begin(play *p, char *err, size_t errcap)
{
    int seat;
    for (seat = 0; seat < 2; seat++)
        if (p->pl[seat].kind != PLAYER_HUMAN &&
            player_begin(&p->pl[seat], util_mix(p->seed + (uint64_t)seat),
                         err, errcap) < 0)
            return -1;
    return 0;
}

static void list_moves(const play *p)
{
    size_t n = 0, i, col = 72;
    mg_state_legal_actions(p->state, p->legal, p->cap, &n);
    printf("legal moves (%lu):", (unsigned long)n);
    for (i = 0; i < n; i++) {
        char *move = util_action_name(p->state, p->legal[i]);
        size_t len = strlen(move) + 1;
        if (col + len > 72) {
            printf("\n ");
            col = 1;
        }
        printf(" %s", move);
        col += len;
        free(move);
    }
    printf("\ncommands: <move>, help, legend, undo [N], save FILE, load FILE, "
           "show, quit\n");
}

/* One of the person's moves back: the last action, then every action of
 * a bot or engine before it, so that a person is to move again (or the
 * game is at its start).  0 when there was nothing to undo. */
static int undo_turn(play *p)
{
    if (mg_state_undo(p->state) != MG_OK)
        return 0;
    for (;;) {
        int seat = mg_state_current_player(p->state);
        if (seat < 0 || p->pl[seat].kind == PLAYER_HUMAN ||
            mg_state_undo(p->state) != MG_OK)
            break;
    }
    return 1;
}

static void cmd_undo(play *p, const char *arg)
{
    long want = 1, done = 0;
    size_t before = 0, after = 0;
    if (*arg && !util_parse_long(arg, 1, 1000000, &want)) {
        printf("undo takes a number of moves (undo, undo 3), not %s\n", arg);
        return;
    }
    mg_state_history(p->state, NULL, 0, &before);
    while (done < want && undo_turn(p))
        done++;
    mg_state_history(p->state, NULL, 0, &after);
    if (done == 0) {
        printf("nothing to undo\n");
        return;
    }
    printf("took back %lu action%s", (unsigned long)(before - after),
           before - after == 1 ? "" : "s");
    if (done < want)
        printf(" (back to the start: only %ld of %ld moves to undo)", done,
               want);
    printf("\n");
    view_show(p);
}

static void cmd_save(const play *p, const char *path)
{
    int rc;
    char *rec = util_state_save(p->state, &rc);
    FILE *f;
    if (!rec) {
        printf("save: %s\n", mg_strerror(rc));
        return;
    }
    f = fopen(path, "w");
    if (!f || fputs(rec, f) == EOF || fclose(f) != 0) {
        printf("save: %s: %s\n", path, strerror(errno));
        if (f)
            fclose(f);
    } else {
        printf("saved to %s\n", path);
    }
    free(rec);
}

/* Replace game and state by those of a record; on failure keep both.
 * Returns -1 on a failure that ends the program. */
static int cmd_load(play *p, const char *path)
{
    char err[256];
    char *text = util_slurp(path, NULL, err, sizeof err), *spec;
    mg_state *s = NULL;
    mg_game *g = NULL;
    int rc, seat;
    if (!text) {
        printf("load: %s: %s\n", path, err[0] ? err : mg_strerror(rc));
        return 0;
    }
    err[0] = '\0';
    rc = mg_state_load(&s, &g, text, err, sizeof err);
    free(text);
    if (rc != MG_OK) {
        printf("load: %s: %s\n", path, err[0] ? err : mg_strerror(rc));
        return 0;
    }
    for (seat = 0; seat < 2; seat++) /* a bot remembers its game: free it */
        if (p->pl[seat].kind == PLAYER_BOT) {
            mg_bot_free(p->pl[seat].bot);
            p->pl[seat].bot = NULL;
        }
    mg_state_free(p->state);
    mg_game_free(p->game);
    p->state = s;
    p->game = g;
    play_size_legal(p);
    if (play_begin(p, err, sizeof err) < 0) {
        fprintf(stderr, "mg-play: %s\n", err);
        return -1;
    }
    spec = util_game_spec(g, &rc);
    printf("loaded %s: %s\n", path, spec ? spec : "?");
    free(spec);
    return view_show(p) ? -1 : 0;
}

/* A move in notation: 1 played, 0 refused (and said why, in the
 * library's words: the parser's sentence, or the rule the move breaks). */
static int move(play *p, const char *line)
{
    char err[256], *why;
    int32_t action;
    int rc = mg_state_action_from_string(p->state, line, &action, err,
                                         sizeof err);
    if (rc != MG_OK) {
        printf("not a move or command: %s; type help for the moves and "
               "commands\n", err);
        return 0;
    }
    rc = mg_state_apply(p->state, action);
    if (rc == MG_OK)
        return 1;
    why = util_illegal_reason(p->state, action);
    if (why)
        printf("%s; type help for the legal moves\n", why);
    else
        printf("%s: %s\n", line, mg_strerror(rc));
    free(why);
    return 0;
}

/* The commands that take no argument. */
static const char *const bare[] = {"help", "?", "legend", "show", "quit",
                                   "exit", NULL};

static int is_bare(const char *word)
{
    int i;
    for (i = 0; bare[i]; i++)
        if (!strcmp(word, bare[i]))
            return 1;
    return 0;
}

/* One line: 0 go on (no move made), 2 a move was made, 1 quit, -1 a
 * failure. */
static int command(play *p, char *line)
{
    char *word = line + strspn(line, " \t"), *arg;
    size_t n = strcspn(word, " \t");
    strbuf legend;
    arg = word + n + strspn(word + n, " \t");
    word[n] = '\0';
    n = strlen(arg);
    while (n > 0 && (arg[n - 1] == ' ' || arg[n - 1] == '\t'))
        arg[--n] = '\0';
    if (!*word)
        return 0;
    if (is_bare(word) && *arg) {
        printf("%s takes no arguments; not done\n", word);
        return 0;
    }
    if (!strcmp(word, "help") || !strcmp(word, "?")) {
        list_moves(p);
    } else if (!strcmp(word, "legend")) {
        sb_init(&legend);
        view_legend(p->game, &legend);
        fputs(legend.s, stdout);
        sb_free(&legend);
    } else if (!strcmp(word, "quit") || !strcmp(word, "exit")) {
        printf("quit\n");
        return 1;
    } else if (!strcmp(word, "show")) {
        return view_show(p) ? -1 : 0;
    } else if (!strcmp(word, "undo")) {
        cmd_undo(p, arg);
    } else if (!strcmp(word, "save") || !strcmp(word, "load")) {
        if (!*arg)
            printf("%s: a file name, please (%s FILE)\n", word, word);
        else if (word[0] == 's')
            cmd_save(p, arg);
        else
            return cmd_load(p, arg);
    } else {
        if (*arg)
            word[strlen(word)] = ' '; /* the whole line as notation */
        return move(p, word) ? 2 : 0;
    }
    return 0;
}

int input_turn(play *p, int seat)
{
    for (;;) {
        char *line;
        size_t len;
        int flags, rc;
        printf("seat %d> ", seat);
        fflush(stdout);
        rc = lr_read(&p->in, -1, &line, &len, &flags);
        if (rc != 1) {
            printf("\nend of input: the game is not finished\n");
            return 1;
        }
        if (p->echo)
            printf("%s\n", flags & (LR_NUL | LR_TOOLONG) ? "" : line);
        if (flags & LR_TOOLONG) {
            printf("line too long (more than %d bytes): ignored\n",
                   LINE_MAX_HUMAN);
            continue;
        }
        if (flags & LR_NUL) {
            printf("the line holds a NUL byte: ignored\n");
            continue;
        }
        rc = command(p, line);
        if (rc == 2)
            return 0;
        if (rc != 0)
            return rc;
    }
}
