/*
 * mg-engine - serve one of the library's bots over the mindgames-engine
 * protocol (mindgames-engine(7)) on standard input and output, so that
 * mg-match, mg-play or any other controller can play it as an external
 * engine, and so that the protocol's two ends are tested against each
 * other.
 *
 *   mg-engine [--seed N] [--name NAME] [--budget] BOT
 *
 * The bot is made afresh for every game (game or record), seeded from
 * --seed and the controller's `seed N` (or, without one, the game), so
 * that a game's moves depend only on the game and the moves before them.
 * With --budget, an mcts bot searches for the time `go movetime` gives
 * (90% of it) instead of its own time_ms.  Answers are flushed when the
 * engine is about to wait for input, so that the answers to pipelined
 * commands leave together.
 * Exit status: 0 after quit or at the end of input, 2 a usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/bot_eval.h"
#include "tools/lines.h"
#include "tools/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LINE_MAX_BYTES (1u << 20)
#define RECORD_MAX_LINES 1000000

static const char usage[] =
    "usage: mg-engine [--seed N] [--name NAME] [--budget] BOT\n"
    "\n"
    "Serves the library's bot BOT (random, greedy, mcts(...), see\n"
    "mg_bot_new(3)) over the mindgames-engine protocol on standard input\n"
    "and output (mindgames-engine(7)).\n"
    "\n"
    "  --seed N     seed of the bot (default 1), mixed with each game\n"
    "  --name NAME  the name given in the handshake (default: mg-engine "
    "BOT)\n"
    "  --budget     mcts searches for 90% of go's movetime\n"
    "  -h, --help   this text\n";

typedef struct {
    const char *bot_spec, *name;
    char *canon;     /* the bot's canonical spec (without eval=PATH) */
    bot_eval be;     /* the spec without eval=PATH, and its network */
    uint64_t seed;
    int budget;      /* --budget */
    long bot_time;   /* the movetime the bot was made for (--budget) */
    uint64_t game_seed; /* from seed N, for the next game */
    int have_seed;
    mg_bot *bot;
    mg_game *game;
    mg_state *state, *scratch;
    linereader in;
} server;

static void reply(const char *fmt, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    if (arg)
        printf(fmt, util_quote(arg, strlen(arg), q, sizeof q));
    else
        fputs(fmt, stdout);
    putchar('\n');
}

/* "error WHAT: MSG"; MSG (text from the input) shortened if long; any
 * control character becomes '?', so the answer stays one line. */
static void reply_error(const char *what, const char *msg)
{
    char q[UTIL_QUOTE_CAP];
    const char *p;
    fputs("error ", stdout);
    for (p = what; *p; p++)
        putchar((unsigned char)*p < 32 ? '?' : *p);
    if (msg)
        printf("%s%s", *what ? ": " : "",
               util_quote(msg, strlen(msg), q, sizeof q));
    putchar('\n');
}

/* The bot for a new game, seeded from --seed and the game. */
static int new_bot(server *sv, const mg_game *g, long movetime)
{
    int rc;
    uint64_t h;
    char *spec = util_game_spec(g, &rc), *bot_spec = NULL;
    if (!spec)
        return rc;
    h = sv->have_seed ? util_mix(sv->game_seed)
                      : util_hash(0, spec) ^
                            mg_board_fingerprint(mg_game_board(g));
    free(spec);
    if (sv->budget && movetime > 0 && !strncmp(sv->canon, "mcts(", 5)) {
        /* mcts(...,time_ms=T,...): T = 90% of the budget */
        const char *t = strstr(sv->canon, "time_ms=");
        size_t pre = t ? (size_t)(t - sv->canon) : 0;
        bot_spec = util_xmalloc(strlen(sv->canon) + 32);
        sprintf(bot_spec, "%.*stime_ms=%ld%s", (int)pre, sv->canon,
                movetime * 9 / 10 > 0 ? movetime * 9 / 10 : 1,
                t ? t + strcspn(t, ",)") : ")");
    }
    mg_bot_free(sv->bot);
    sv->bot = NULL;
    sv->bot_time = movetime;
    rc = mg_bot_new(&sv->bot, bot_spec ? bot_spec : sv->be.spec,
                    util_mix(sv->seed ^ h), NULL, 0);
    if (rc == MG_OK && sv->be.ev)
        rc = mg_bot_set_eval(sv->bot, sv->be.ev);
    free(bot_spec);
    return rc;
}

/* Adopt a new game and its state (taking ownership). */
static void adopt(server *sv, mg_game *g, mg_state *s)
{
    mg_state_free(sv->state);
    mg_state_free(sv->scratch);
    mg_game_free(sv->game);
    sv->game = g;
    sv->state = s;
    sv->scratch = NULL;
    if (mg_state_clone(&sv->scratch, s) != MG_OK)
        sv->scratch = NULL;
    new_bot(sv, g, sv->bot_time);
}

static void cmd_hello(server *sv, char *args)
{
    long v;
    if (!util_parse_long(args, 1, 1000000, &v)) {
        reply_error("hello takes the controller's protocol version, a "
                    "number from 1", NULL);
        return;
    }
    printf("id name %s\nid author the libmindgames authors\nid games *\n"
           "ok 1\n", sv->name);
}

/* "seed N": the seed of the games that follow. */
static void cmd_seed(server *sv, char *args)
{
    if (!util_parse_u64(args, &sv->game_seed)) {
        reply_error("seed takes a number from 0 to 2^64-1", NULL);
        return;
    }
    sv->have_seed = 1;
    reply("ok", NULL);
}

static void cmd_game(server *sv, char *spec)
{
    char err[256];
    mg_game *g = NULL;
    mg_state *s = NULL;
    int rc = mg_game_new(&g, spec, err, sizeof err);
    if (rc == MG_OK && (rc = mg_state_new(&s, g)) != MG_OK)
        snprintf(err, sizeof err, "%s", mg_strerror(rc));
    if (rc != MG_OK) {
        mg_game_free(g);
        reply_error(err, NULL);
        return;
    }
    adopt(sv, g, s);
    reply("ok", NULL);
}

/* "record N" and the N lines after it: the game and its moves so far. */
static int cmd_record(server *sv, char *args)
{
    char err[256], *line;
    long n, i;
    size_t len;
    int flags, bad = 0, rc;
    strbuf text;
    mg_game *g = NULL;
    mg_state *s = NULL;
    if (!util_parse_long(args, 1, RECORD_MAX_LINES, &n)) {
        reply_error("record takes the number of lines that follow (1 to "
                    "1000000)", NULL);
        return 0;
    }
    sb_init(&text);
    fflush(stdout); /* the answers before: a controller may wait for them */
    for (i = 0; i < n; i++) {
        if (lr_read(&sv->in, -1, &line, &len, &flags) != 1) {
            sb_free(&text);
            return 1; /* end of input inside the record: stop */
        }
        bad |= flags & (LR_NUL | LR_TOOLONG);
        sb_add(&text, line, len);
        sb_putc(&text, '\n');
    }
    rc = bad ? MG_ESYNTAX
             : mg_state_load(&s, &g, text.s, err, sizeof err);
    sb_free(&text);
    if (rc != MG_OK) {
        reply_error("bad record",
                    bad ? "a line too long or with a NUL byte" : err);
        return 0;
    }
    adopt(sv, g, s);
    reply("ok", NULL);
    return 0;
}

/* Make `to` the start of the game followed by the moves in `words`,
 * reusing the moves it has in common with it.  MG_OK, or an error with
 * the offending move in err. */
static int replay(mg_state *to, char **words, size_t n, char *err,
                  size_t errcap)
{
    size_t have = 0, common = 0, i;
    int32_t *hist, a;
    char msg[256], q[UTIL_QUOTE_CAP];
    int rc = MG_OK;
    mg_state_history(to, NULL, 0, &have);
    hist = util_xmalloc((have ? have : 1) * sizeof *hist);
    mg_state_history(to, hist, have, &have);
    for (i = 0; i < n && rc == MG_OK; i++) {
        rc = mg_state_action_from_string(to, words[i], &a, msg, sizeof msg);
        if (rc != MG_OK) {
            snprintf(err, errcap, "move %lu, %s: %s", (unsigned long)i + 1,
                     util_quote(words[i], strlen(words[i]), q, sizeof q),
                     msg);
            break;
        }
        if (i == common && i < have && hist[i] == a) {
            common++;
            continue;
        }
        if (i == common)
            while (have > common && mg_state_undo(to) == MG_OK)
                have--;
        if ((rc = mg_state_apply(to, a)) != MG_OK) {
            /* the rule it breaks: "a1-b1: ... (rules N.M)" */
            char *why = util_illegal_reason(to, a);
            snprintf(err, errcap, "move %lu: %s", (unsigned long)i + 1,
                     why ? why : mg_strerror(rc));
            free(why);
        }
    }
    if (rc == MG_OK)
        while (have > common && mg_state_undo(to) == MG_OK)
            have--;
    free(hist);
    return rc;
}

static size_t split(char *s, char ***words, size_t *cap)
{
    size_t n = 0;
    for (;;) {
        s += strspn(s, " \t");
        if (!*s)
            return n;
        if (n == *cap) {
            *cap = *cap ? *cap * 2 : 64;
            *words = util_xrealloc(*words, *cap * sizeof **words);
        }
        (*words)[n++] = s;
        s += strcspn(s, " \t");
        if (*s)
            *s++ = '\0';
    }
}

static void cmd_moves(server *sv, char *args)
{
    static char **words;
    static size_t cap;
    char err[512];
    size_t n = split(args, &words, &cap);
    mg_state *t;
    if (!sv->state || !sv->scratch) {
        reply_error("no game: send game or record first", NULL);
        return;
    }
    mg_state_copy(sv->scratch, sv->state);
    if (replay(sv->scratch, words, n, err, sizeof err) != MG_OK) {
        reply_error(err, NULL);
        return;
    }
    t = sv->state;
    sv->state = sv->scratch;
    sv->scratch = t;
    reply("ok", NULL);
}

/* "go [movetime MS] [KEY VALUE]...": unknown keys are ignored. */
static void cmd_go(server *sv, char *args)
{
    char *key, *val, *save = NULL;
    long movetime = 0;
    int32_t a;
    int rc;
    for (key = strtok_r(args, " \t", &save); key;
         key = strtok_r(NULL, " \t", &save)) {
        val = strtok_r(NULL, " \t", &save);
        if (!val) {
            reply_error("go: a value after", key);
            return;
        }
        if (!strcmp(key, "movetime") &&
            !util_parse_long(val, 0, 1000000000L, &movetime)) {
            reply_error("go: movetime takes milliseconds, not", val);
            return;
        }
    }
    if (!sv->state) {
        reply_error("no game: send game or record first", NULL);
        return;
    }
    if (mg_state_is_terminal(sv->state) == 1) {
        reply_error("the game is over", NULL);
        return;
    }
    if (sv->budget && movetime > 0 && movetime != sv->bot_time)
        new_bot(sv, sv->game, movetime);
    rc = mg_bot_choose(sv->bot, sv->state, &a);
    if (rc != MG_OK) {
        reply_error("the bot failed", mg_strerror(rc));
        return;
    }
    {
        char *name = util_action_name(sv->state, a);
        printf("ok %s\n", name);
            free(name);
    }
}

/* One command line.  Returns 1 to stop (quit, or end of input). */
static int command(server *sv, char *line)
{
    char *cmd = line + strspn(line, " \t"), *args;
    size_t n = strcspn(cmd, " \t");
    args = cmd + n;
    if (*args)
        *args++ = '\0';
    args += strspn(args, " \t");
    n = strlen(args);
    while (n > 0 && (args[n - 1] == ' ' || args[n - 1] == '\t'))
        args[--n] = '\0';
    if (!*cmd)
        return 0; /* an empty line: no command, no answer */
    if (!strcmp(cmd, "hello"))
        cmd_hello(sv, args);
    else if (!strcmp(cmd, "seed"))
        cmd_seed(sv, args);
    else if (!strcmp(cmd, "game") && *args)
        cmd_game(sv, args);
    else if (!strcmp(cmd, "game"))
        reply_error("game takes a game spec", NULL);
    else if (!strcmp(cmd, "record"))
        return cmd_record(sv, args);
    else if (!strcmp(cmd, "moves"))
        cmd_moves(sv, args);
    else if (!strcmp(cmd, "go"))
        cmd_go(sv, args);
    else if (!strcmp(cmd, "quit") && !*args) {
        reply("ok", NULL);
        return 1;
    } else if (!strcmp(cmd, "quit"))
        reply_error("quit takes no arguments", NULL);
    else
        reply_error("unknown command", cmd);
    return 0;
}

/* Answers are flushed before the engine waits for input, so that the
 * answers to pipelined commands (moves and go) leave in one write. */
static int serve(server *sv)
{
    char *line;
    size_t len;
    int flags, rc;
    lr_init(&sv->in, STDIN_FILENO, LINE_MAX_BYTES);
    for (;;) {
        rc = lr_take(&sv->in, &line, &len, &flags);
        if (rc == 0) {
            fflush(stdout);
            rc = lr_read(&sv->in, -1, &line, &len, &flags);
        }
        if (rc != 1)
            break;
        if (flags & LR_TOOLONG)
            reply_error("line too long (more than 1048576 bytes)", NULL);
        else if (flags & LR_NUL)
            reply_error("line contains a NUL byte", NULL);
        else if (command(sv, line))
            break;
    }
    fflush(stdout);
    lr_free(&sv->in);
    return 0;
}

static int fail_usage(const char *what, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    fprintf(stderr, "mg-engine: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? util_quote(arg, strlen(arg), q, sizeof q) : "", usage);
    return 2;
}

int main(int argc, char **argv)
{
    server sv;
    char err[256], name[300];
    int i, rc;
    memset(&sv, 0, sizeof sv);
    sv.seed = 1;
    for (i = 1; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            fputs(usage, stdout);
            return 0;
        } else if (!strcmp(opt, "--budget")) {
            sv.budget = 1;
        } else if (!strcmp(opt, "--seed") || !strcmp(opt, "--name")) {
            if (!val)
                return fail_usage("missing value after", opt);
            i++;
            if (opt[2] == 'n')
                sv.name = val;
            else if (!util_parse_u64(val, &sv.seed))
                return fail_usage("bad seed (0 ... 2^64-1)", val);
        } else if (opt[0] == '-' && opt[1]) {
            return fail_usage("unknown option", opt);
        } else if (!sv.bot_spec) {
            sv.bot_spec = opt;
        } else {
            return fail_usage("one bot spec, please; extra", opt);
        }
    }
    if (!sv.bot_spec)
        return fail_usage("no bot spec (random, greedy, mcts(...))", NULL);
    if (bot_eval_init(&sv.be, sv.bot_spec, err, sizeof err) < 0) {
        bot_eval_free(&sv.be);
        return fail_usage(err, NULL);
    }
    rc = bot_eval_bot(&sv.be, &sv.bot, sv.seed, err, sizeof err);
    if (rc != MG_OK) {
        bot_eval_free(&sv.be);
        return fail_usage(err, NULL);
    }
    sv.canon = util_xmalloc(1024);
    if (mg_bot_spec(sv.bot, sv.canon, 1024, NULL) != MG_OK)
        snprintf(sv.canon, 1024, "%s", sv.be.spec);
    if (!sv.name) {
        char shown[1024];
        if (bot_eval_canon(&sv.be, sv.bot, shown, sizeof shown) < 0)
            snprintf(shown, sizeof shown, "%s", sv.canon);
        snprintf(name, sizeof name, "mg-engine %.280s", shown);
        sv.name = name;
    }
    rc = serve(&sv);
    mg_bot_free(sv.bot);
    mg_state_free(sv.state);
    mg_state_free(sv.scratch);
    mg_game_free(sv.game);
    free(sv.canon);
    bot_eval_free(&sv.be);
    return rc;
}
