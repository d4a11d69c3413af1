/*
 * mg-play - play any game in a terminal: human vs bot, human vs human or
 * bot vs bot, with the text rendering after every move.
 *
 *   mg-play [-s SPEC] [-0 PLAYER] [-1 PLAYER] [--seed N]
 *           [--board-seed N | --board FILE] [-q]
 *
 * PLAYER is `human` or a bot spec ("random", "greedy",
 * "mcts(iterations=1000)").  A human types one command per line:
 *
 *   <move>       a move in the game's notation (a1-b1, c5, done, ...)
 *   help         the legal moves in notation, and these commands
 *   undo         take back the last move (and the bot moves after it)
 *   save FILE    write the game record to FILE
 *   load FILE    continue from a record written by save
 *   show         the position again
 *   quit         stop
 *
 * Standard input may be a pipe: commands are then echoed, and the end of
 * input ends the program cleanly.  Exit status: 0 the game ended, was
 * quit, or input ended; 1 a failure while playing; 2 a usage error (a bad
 * option, spec or bot spec).  Uses only the public API.
 */
#define _POSIX_C_SOURCE 200809L /* isatty */
#include <mindgames.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: mg-play [-s SPEC] [-0 PLAYER] [-1 PLAYER] [--seed N]\n"
    "               [--board-seed N | --board FILE] [-q]\n"
    "\n"
    "  -s, --spec SPEC   the game (default dots_and_boxes(rows=3,cols=3)),\n"
    "                    e.g. fangqi, china_tangle(board=7)\n"
    "  -0 PLAYER         seat 0: human or a bot spec (default human)\n"
    "  -1 PLAYER         seat 1: human or a bot spec\n"
    "                    (default mcts(iterations=1000))\n"
    "  --seed N          seed of the bots (default 1)\n"
    "  --board-seed N    a China game on the board of seed N\n"
    "  --board FILE      a China game on a board file (mg-board output)\n"
    "  -q, --quiet       show the position only before a human's move and\n"
    "                    at the end, not after every bot move\n"
    "  -h, --help        this text\n"
    "\n"
    "Bots: random, greedy, mcts(iterations=1000,time_ms=0,c=0.3,bias=10,\n"
    "      margin=0.5,reuse=true) (see mg_bot_new(3)).\n"
    "A human types a move in notation, or: help, undo, save FILE,\n"
    "load FILE, show, quit.\n";

#define HUMAN NULL

struct play {
    mg_game *game;
    mg_state *state;
    const char *player[2];  /* bot spec, or HUMAN */
    mg_bot *bot[2];
    uint64_t seed;
    int32_t *legal;
    size_t cap;
    int quiet, echo;
    int unseen; /* -q: bot moves not shown yet */
};

static uint64_t mix(uint64_t x) /* splitmix64 finaliser */
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static int fail_usage(const char *what, const char *arg)
{
    fprintf(stderr, "mg-play: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? arg : "", usage);
    return 2;
}

/* The whole of a file, NUL-terminated, or NULL with errno set. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    size_t len = 0, cap = 4096, n;
    char *buf;
    if (!f)
        return NULL;
    buf = malloc(cap);
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *more = realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = more;
            cap *= 2;
        }
    }
    if (buf)
        buf[len] = '\0';
    fclose(f);
    return buf;
}

/* A string from a buf/cap/needed function of the state; NULL on error
 * (rc set).  The caller frees it. */
static char *state_text(int (*fn)(const mg_state *, int, char *, size_t,
                                  size_t *),
                        const mg_state *s, int arg, int *rc)
{
    size_t need = 0;
    char *buf;
    *rc = fn(s, arg, NULL, 0, &need);
    if (*rc != MG_ENOBUFS)
        return NULL;
    if (!(buf = malloc(need))) {
        *rc = MG_ENOMEM;
        return NULL;
    }
    *rc = fn(s, arg, buf, need, &need);
    if (*rc != MG_OK) {
        free(buf);
        return NULL;
    }
    return buf;
}

static int save_adapter(const mg_state *s, int unused, char *buf, size_t cap,
                        size_t *needed)
{
    (void)unused;
    return mg_state_save(s, buf, cap, needed);
}

static int show(const struct play *p)
{
    int rc;
    char *text = state_text(mg_state_render, p->state, MG_RENDER_TEXT, &rc);
    if (!text) {
        fprintf(stderr, "mg-play: render: %s\n", mg_strerror(rc));
        return 1;
    }
    printf("\n%s\n", text);
    free(text);
    return 0;
}

static const char *who(const struct play *p, int seat)
{
    return p->player[seat] ? p->player[seat] : "human";
}

static void free_bots(struct play *p)
{
    mg_bot_free(p->bot[0]);
    mg_bot_free(p->bot[1]);
    p->bot[0] = p->bot[1] = NULL;
}

/* Bots for the non-human seats, seeded from --seed and the seat. */
static int make_bots(struct play *p)
{
    int i, rc;
    char err[256];
    for (i = 0; i < 2; i++) {
        if (p->player[i] == HUMAN)
            continue;
        rc = mg_bot_new(&p->bot[i], p->player[i], mix(p->seed + (uint64_t)i),
                        err, sizeof err);
        if (rc != MG_OK) {
            fprintf(stderr, "mg-play: bot of seat %d: %s (%s)\n", i, err,
                    mg_strerror(rc));
            free_bots(p);
            return rc;
        }
    }
    return MG_OK;
}

/* Size the legal-action buffer for the current game. */
static int size_legal(struct play *p)
{
    size_t cap = (size_t)mg_game_max_legal_actions(p->game);
    int32_t *legal = malloc((cap ? cap : 1) * sizeof *legal);
    if (!legal)
        return MG_ENOMEM;
    free(p->legal);
    p->legal = legal;
    p->cap = cap;
    return MG_OK;
}

static int name_of(const struct play *p, int32_t action, char *buf,
                   size_t cap)
{
    int rc = mg_state_action_to_string(p->state, action, buf, cap, NULL);
    if (rc != MG_OK)
        snprintf(buf, cap, "#%ld", (long)action);
    return rc;
}

static void list_moves(const struct play *p)
{
    size_t n = 0, i, col = 0;
    char move[64];
    mg_state_legal_actions(p->state, p->legal, p->cap, &n);
    printf("legal moves (%lu):", (unsigned long)n);
    col = 72;
    for (i = 0; i < n; i++) {
        size_t len;
        name_of(p, p->legal[i], move, sizeof move);
        len = strlen(move) + 1;
        if (col + len > 72) {
            printf("\n ");
            col = 1;
        }
        printf(" %s", move);
        col += len;
    }
    printf("\ncommands: <move>, help, undo, save FILE, load FILE, show, "
           "quit\n");
}

/* Take back the last action, then every action of a bot before it, so
 * that a human is to move again (or the game is at its start). */
static void undo(struct play *p)
{
    int n = 0;
    if (mg_state_undo(p->state) != MG_OK) {
        printf("nothing to undo\n");
        return;
    }
    n++;
    for (;;) {
        int seat = mg_state_current_player(p->state);
        if (seat < 0 || p->player[seat] == HUMAN)
            break;
        if (mg_state_undo(p->state) != MG_OK)
            break;
        n++;
    }
    printf("took back %d action%s\n", n, n == 1 ? "" : "s");
    show(p);
}

static void save(const struct play *p, const char *path)
{
    int rc;
    char *rec = state_text(save_adapter, p->state, 0, &rc);
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

/* Replace game and state by those of a record; on failure keep both. */
static int load(struct play *p, const char *path)
{
    char err[256], spec[1024];
    char *text = slurp(path);
    mg_state *s = NULL;
    mg_game *g = NULL;
    int rc;
    if (!text) {
        printf("load: %s: %s\n", path, strerror(errno));
        return 0;
    }
    rc = mg_state_load(&s, &g, text, err, sizeof err);
    free(text);
    if (rc != MG_OK) {
        printf("load: %s: %s (%s)\n", path, err, mg_strerror(rc));
        return 0;
    }
    /* A bot remembers the game it played: free it before that game. */
    free_bots(p);
    mg_state_free(p->state);
    mg_game_free(p->game);
    p->state = s;
    p->game = g;
    if (size_legal(p) != MG_OK || make_bots(p) != MG_OK)
        return 1;
    if (mg_game_spec(g, spec, sizeof spec, NULL) != MG_OK)
        strcpy(spec, "(spec too long)");
    printf("loaded %s: %s\n", path, spec);
    return show(p);
}

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

/* One line of human input.  Returns 0 to go on, 1 to stop (quit), or
 * -1 on a failure. */
static int command(struct play *p, char *line)
{
    char err[256], *arg, *sep;
    int32_t action;
    int rc;
    line = trim(line);
    sep = line + strcspn(line, " \t");
    arg = sep;
    if (*sep)
        *arg++ = '\0';
    arg = trim(arg);
    if (!*line)
        return 0;
    if (!strcmp(line, "help") || !strcmp(line, "?")) {
        list_moves(p);
        return 0;
    }
    if (!strcmp(line, "quit") || !strcmp(line, "exit")) {
        printf("quit\n");
        return 1;
    }
    if (!strcmp(line, "show")) {
        return show(p) ? -1 : 0;
    }
    if (!strcmp(line, "undo")) {
        undo(p);
        return 0;
    }
    if (!strcmp(line, "save") || !strcmp(line, "load")) {
        if (!*arg) {
            printf("%s: a file name, please (%s FILE)\n", line, line);
            return 0;
        }
        if (line[0] == 's') {
            save(p, arg);
            return 0;
        }
        return load(p, arg) ? -1 : 0;
    }
    if (*arg) /* put the line back together: a move with spaces */
        *sep = ' ';
    rc = mg_state_action_from_string(p->state, line, &action, err,
                                     sizeof err);
    if (rc != MG_OK) {
        printf("not a move or command: %s (%s); type help\n", err,
               mg_strerror(rc));
        return 0;
    }
    rc = mg_state_apply(p->state, action);
    if (rc == MG_EILLEGAL) {
        printf("illegal move: %s; type help for the legal moves\n", line);
        return 0;
    }
    if (rc != MG_OK) {
        printf("%s: %s\n", line, mg_strerror(rc));
        return 0;
    }
    return show(p) ? -1 : 0;
}

static int bot_move(struct play *p, int seat)
{
    int32_t action;
    char move[64];
    int rc = mg_bot_choose(p->bot[seat], p->state, &action);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-play: bot of seat %d: %s\n", seat,
                mg_strerror(rc));
        return 1;
    }
    name_of(p, action, move, sizeof move);
    rc = mg_state_apply(p->state, action);
    if (rc != MG_OK) {
        fprintf(stderr, "mg-play: bot move %s: %s\n", move, mg_strerror(rc));
        return 1;
    }
    printf("seat %d (%s) plays %s\n", seat, who(p, seat), move);
    if (p->quiet) {
        p->unseen = 1;
        return 0;
    }
    return show(p);
}

static void result(const struct play *p)
{
    int w = mg_state_winner(p->state);
    int32_t a = 0, b = 0;
    mg_state_score(p->state, 0, &a);
    mg_state_score(p->state, 1, &b);
    if (p->unseen)
        show(p);
    if (w == MG_DRAW)
        printf("result: draw");
    else
        printf("result: seat %d (%s) wins", w, who(p, w));
    printf(" (scores: seat 0 %ld, seat 1 %ld)\n", (long)a, (long)b);
}

static int play(struct play *p)
{
    char line[4096];
    for (;;) {
        int seat, rc;
        if (mg_state_is_terminal(p->state)) {
            result(p);
            return 0;
        }
        seat = mg_state_current_player(p->state);
        if (p->player[seat] != HUMAN) {
            if (bot_move(p, seat))
                return 1;
            continue;
        }
        if (p->unseen) {
            p->unseen = 0;
            if (show(p))
                return 1;
        }
        printf("seat %d> ", seat);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            printf("\nend of input: the game is not finished\n");
            return 0;
        }
        if (!strchr(line, '\n') && !feof(stdin)) {
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            printf("line too long\n");
            continue;
        }
        if (p->echo)
            printf("%s%s", line, strchr(line, '\n') ? "" : "\n");
        rc = command(p, line);
        if (rc)
            return rc > 0 ? 0 : 1;
    }
}

/* "id(k=v)" + board=N -> "id(k=v,board=N)"; the caller frees it. */
static char *with_board_seed(const char *spec, const char *seed)
{
    size_t len = strlen(spec);
    char *out = malloc(len + strlen(seed) + 16);
    const char *close;
    if (!out)
        return NULL;
    while (len > 0 && isspace((unsigned char)spec[len - 1]))
        len--;
    close = len > 0 && spec[len - 1] == ')' ? spec + len - 1 : NULL;
    if (!close) {
        sprintf(out, "%.*s(board=%s)", (int)len, spec, seed);
    } else {
        const char *q = close;
        while (q > spec && isspace((unsigned char)q[-1]))
            q--;
        sprintf(out, "%.*s%sboard=%s)", (int)(close - spec), spec,
                q > spec && q[-1] == '(' ? "" : ",", seed);
    }
    return out;
}

static int parse_seed(const char *val, uint64_t *out)
{
    char *end;
    errno = 0;
    *out = strtoull(val, &end, 10);
    return !(*val == '-' || !isdigit((unsigned char)*val) || *end || errno);
}

int main(int argc, char **argv)
{
    struct play p;
    const char *spec = "dots_and_boxes(rows=3,cols=3)", *board_file = NULL;
    const char *board_seed = NULL;
    char err[256], canon[1024], *spec_buf = NULL;
    mg_board *board = NULL;
    int i, rc, status;

    memset(&p, 0, sizeof p);
    p.player[0] = HUMAN;
    p.player[1] = "mcts(iterations=1000)";
    p.seed = 1;
    for (i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            fputs(usage, stdout);
            return 0;
        }
        if (!strcmp(opt, "-q") || !strcmp(opt, "--quiet")) {
            p.quiet = 1;
            continue;
        }
        if (strcmp(opt, "-s") && strcmp(opt, "--spec") && strcmp(opt, "-0") &&
            strcmp(opt, "-1") && strcmp(opt, "--seed") &&
            strcmp(opt, "--board-seed") && strcmp(opt, "--board"))
            return fail_usage("unknown option", opt);
        if (!val)
            return fail_usage("missing value after", opt);
        i++;
        if (!strcmp(opt, "-s") || !strcmp(opt, "--spec")) {
            spec = val;
        } else if (!strcmp(opt, "-0") || !strcmp(opt, "-1")) {
            p.player[opt[1] - '0'] = strcmp(val, "human") ? val : HUMAN;
        } else if (!strcmp(opt, "--seed")) {
            if (!parse_seed(val, &p.seed))
                return fail_usage("bad seed (0 ... 2^64-1)", val);
        } else if (!strcmp(opt, "--board-seed")) {
            uint64_t unused;
            if (!parse_seed(val, &unused))
                return fail_usage("bad board seed (0 ... 2^64-1)", val);
            board_seed = val;
        } else {
            board_file = val;
        }
    }
    if (board_seed && board_file)
        return fail_usage("--board-seed and --board exclude each other",
                          NULL);

    if (board_seed) {
        if (!(spec_buf = with_board_seed(spec, board_seed)))
            return 1;
        spec = spec_buf;
    }
    if (board_file) {
        char *text = slurp(board_file);
        if (!text) {
            fprintf(stderr, "mg-play: %s: %s\n", board_file,
                    strerror(errno));
            return 2;
        }
        rc = mg_board_parse(&board, text, err, sizeof err);
        free(text);
        if (rc != MG_OK) {
            fprintf(stderr, "mg-play: %s: %s (%s)\n", board_file, err,
                    mg_strerror(rc));
            return 2;
        }
        rc = mg_game_new_with_board(&p.game, spec, board, err, sizeof err);
        mg_board_free(board);
    } else {
        rc = mg_game_new(&p.game, spec, err, sizeof err);
    }
    if (rc != MG_OK) {
        fprintf(stderr, "mg-play: %s: %s (%s)\n", spec, err,
                mg_strerror(rc));
        free(spec_buf);
        return 2;
    }
    free(spec_buf);
    if (make_bots(&p) != MG_OK) {
        mg_game_free(p.game);
        return 2;
    }
    if ((rc = mg_state_new(&p.state, p.game)) != MG_OK ||
        (rc = size_legal(&p)) != MG_OK) {
        fprintf(stderr, "mg-play: %s\n", mg_strerror(rc));
        free_bots(&p);
        mg_state_free(p.state);
        mg_game_free(p.game);
        return 1;
    }
    p.echo = !isatty(STDIN_FILENO);
    if (mg_game_spec(p.game, canon, sizeof canon, NULL) != MG_OK)
        strcpy(canon, "(spec too long)");
    printf("mg-play (libmindgames %s): %s\n", mg_version_string(), canon);
    for (i = 0; i < 2; i++) {
        char bspec[256];
        if (p.bot[i] &&
            mg_bot_spec(p.bot[i], bspec, sizeof bspec, NULL) == MG_OK)
            printf("seat %d: %s\n", i, bspec);
        else
            printf("seat %d: %s\n", i, who(&p, i));
    }
    if (p.player[0] == HUMAN || p.player[1] == HUMAN)
        printf("type a move, or help\n");
    status = show(&p) ? 1 : play(&p);

    free_bots(&p);
    mg_state_free(p.state);
    mg_game_free(p.game);
    free(p.legal);
    return status;
}
