/*
 * mg-play - play any game in a terminal: a person against a bot or an
 * engine, two people, or two programs, with the position after every
 * turn.  See mg-play(1).
 *
 *   mg-play [-s SPEC] [-0 PLAYER] [-1 PLAYER] [--seed N]
 *           [--board-seed N | --board FILE] [--movetime MS] [-q]
 *
 * PLAYER is `human`, a bot spec ("random", "greedy",
 * "mcts(iterations=1000)") or cmd:PROGRAM ARGS, a program speaking
 * mindgames-engine(7).  A person types a move in notation or a command
 * (help, legend, undo [N], save FILE, load FILE, show, quit).  Standard
 * input may be a pipe: commands are then echoed, and the end of input
 * ends the program cleanly.  Exit status: 0 the game ended, was quit, or
 * input ended; 1 a failure while playing (an engine that fails forfeits,
 * and the program stops); 2 a usage error (a bad option, spec or player).
 */
#define _POSIX_C_SOURCE 200809L
#include "tools/play.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: mg-play [-s SPEC] [-0 PLAYER] [-1 PLAYER] [--seed N]\n"
    "               [--board-seed N | --board FILE] [--movetime MS] [-q]\n"
    "\n"
    "  -s, --spec SPEC   the game (default dots_and_boxes(rows=3,cols=3)),\n"
    "                    e.g. fangqi, china_tangle(board=7)\n"
    "  -0 PLAYER         seat 0 (default human)\n"
    "  -1 PLAYER         seat 1 (default mcts(iterations=1000))\n"
    "  --seed N          seed of the bots and engines (default 1)\n"
    "  --board-seed N    a China game on the board of seed N\n"
    "  --board FILE      a China game on a board file (mg-board output)\n"
    "  --movetime MS     time budget per move told to engines\n"
    "  --timeout MS      the longest an engine may take (default: movetime\n"
    "                    + 1000, or 60000)\n"
    "  -q, --quiet       show the position only before a person's move and\n"
    "                    at the end\n"
    "  -h, --help        this text\n"
    "\n"
    "PLAYER: human; a bot: random, greedy, mcts(iterations=1000,time_ms=0,\n"
    "c=0.3,bias=10,margin=0.5,reuse=true,playout=random,net=0)\n"
    "(mg_bot_new(3)); or an engine: cmd:PROGRAM ARGS (mindgames-engine(7)).\n"
    "A person types a move in notation, or: help, legend, undo [N],\n"
    "save FILE, load FILE, show, quit.\n";

static int fail_usage(const char *what, const char *arg)
{
    char q[UTIL_QUOTE_CAP];
    fprintf(stderr, "mg-play: %s%s%s\n%s", what, arg ? ": " : "",
            arg ? util_quote(arg, strlen(arg), q, sizeof q) : "", usage);
    return 2;
}

typedef struct {
    const char *spec, *board_file, *player[2];
    uint64_t board_seed;
    int have_board_seed;
    long timeout;
} options;

static int option(play *p, options *o, const char *opt, const char *val)
{
    if (!strcmp(opt, "-s") || !strcmp(opt, "--spec"))
        o->spec = val;
    else if (!strcmp(opt, "-0") || !strcmp(opt, "-1"))
        o->player[opt[1] - '0'] = val;
    else if (!strcmp(opt, "--seed")) {
        if (!util_parse_u64(val, &p->seed))
            return fail_usage("bad seed (0 ... 2^64-1)", val);
    } else if (!strcmp(opt, "--board-seed")) {
        if (!util_parse_u64(val, &o->board_seed))
            return fail_usage("bad board seed (0 ... 2^64-1)", val);
        o->have_board_seed = 1;
    } else if (!strcmp(opt, "--board")) {
        o->board_file = val;
    } else if (!strcmp(opt, "--movetime")) {
        if (!util_parse_long(val, 1, 86400000L, &p->movetime))
            return fail_usage("bad --movetime (milliseconds)", val);
    } else if (!strcmp(opt, "--timeout")) {
        if (!util_parse_long(val, 1, 86400000L, &o->timeout))
            return fail_usage("bad --timeout (milliseconds)", val);
    } else {
        return fail_usage("unknown option", opt);
    }
    return 0;
}

/* 0 to play, 1 after --help, 2 a usage error. */
static int parse(play *p, options *o, int argc, char **argv)
{
    int i, rc;
    for (i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "-h") || !strcmp(opt, "--help")) {
            fputs(usage, stdout);
            return 1;
        }
        if (!strcmp(opt, "-q") || !strcmp(opt, "--quiet")) {
            p->quiet = 1;
            continue;
        }
        if (opt[0] != '-')
            return fail_usage("unexpected argument", opt);
        if (i + 1 >= argc)
            return fail_usage("missing value after", opt);
        if ((rc = option(p, o, opt, argv[++i])) != 0)
            return rc;
    }
    if (o->have_board_seed && o->board_file)
        return fail_usage("--board-seed and --board exclude each other",
                          NULL);
    return 0;
}

/* The game, the players (engines started and asked whether they play
 * it), the state.  0, or an exit status. */
static int setup(play *p, options *o)
{
    char err[512], *spec_buf = NULL;
    const char *spec = o->spec;
    long timeout = o->timeout ? o->timeout : 60000;
    int seat, rc;
    if (o->have_board_seed)
        spec = spec_buf = util_spec_with_board_seed(spec, o->board_seed);
    p->game = util_game_new(spec, o->board_file, err, sizeof err);
    free(spec_buf);
    if (!p->game) {
        fprintf(stderr, "mg-play: %s\n", err);
        return 2;
    }
    for (seat = 0; seat < 2; seat++) {
        player *pl = &p->pl[seat];
        if (player_init(pl, o->player[seat], timeout, err, sizeof err) < 0) {
            fprintf(stderr, "mg-play: seat %d: %s\n", seat, err);
            return 2;
        }
        if (pl->kind == PLAYER_ENGINE && engine_start(pl->eng) < 0) {
            fprintf(stderr, "mg-play: seat %d: %s: %s\n", seat, pl->arg,
                    pl->eng->why.s);
            return 2;
        }
        if (pl->kind == PLAYER_ENGINE &&
            !engine_supports(pl->eng, mg_game_id(p->game))) {
            fprintf(stderr, "mg-play: seat %d: %s does not play %s\n", seat,
                    pl->eng->name, mg_game_id(p->game));
            return 2;
        }
    }
    if ((rc = mg_state_new(&p->state, p->game)) != MG_OK) {
        fprintf(stderr, "mg-play: %s\n", mg_strerror(rc));
        return 1;
    }
    play_size_legal(p);
    if (play_begin(p, err, sizeof err) < 0) {
        fprintf(stderr, "mg-play: %s\n", err);
        return 1;
    }
    return 0;
}

static void header(const play *p)
{
    int rc, seat, human = 0;
    char *spec = util_game_spec(p->game, &rc);
    strbuf b;
    printf("mg-play (libmindgames %s): %s\n", mg_version_string(),
           spec ? spec : "?");
    free(spec);
    sb_init(&b);
    for (seat = 0; seat < 2; seat++) {
        sb_clear(&b);
        player_describe(&p->pl[seat], &b);
        printf("seat %d: %s\n", seat, b.s);
        human |= p->pl[seat].kind == PLAYER_HUMAN;
    }
    sb_clear(&b);
    view_legend(p->game, &b);
    fputs(b.s, stdout);
    sb_free(&b);
    if (human)
        printf("type a move, or help\n");
}

/* A program's whole turn (every action until another seat is to move),
 * then the position once.  0, or 1 when it failed (it forfeits). */
static int program_turn(play *p, int seat)
{
    strbuf moves, why;
    int kind, rc = 0;
    sb_init(&moves);
    sb_init(&why);
    while (mg_state_current_player(p->state) == seat) {
        int32_t a;
        char *name;
        if (player_choose(&p->pl[seat], p->state, p->movetime, p->margin, &a,
                          &kind, &why) < 0) {
            if (moves.len)
                printf("seat %d (%s) plays%s\n", seat, play_who(p, seat),
                       moves.s);
            printf("seat %d (%s) forfeits: %s\nresult: seat %d (%s) wins by "
                   "forfeit\n", seat, play_who(p, seat), why.s, 1 - seat,
                   play_who(p, 1 - seat));
            rc = 1;
            break;
        }
        name = util_action_name(p->state, a);
        mg_state_apply(p->state, a);
        sb_printf(&moves, " %s", name);
        free(name);
    }
    if (rc == 0) {
        printf("seat %d (%s) plays%s\n", seat, play_who(p, seat), moves.s);
        if (p->quiet)
            p->unseen = 1;
        else
            rc = view_show(p);
    }
    sb_free(&moves);
    sb_free(&why);
    return rc;
}

static void result(play *p)
{
    int w = mg_state_winner(p->state);
    int32_t a = 0, b = 0;
    mg_state_score(p->state, 0, &a);
    mg_state_score(p->state, 1, &b);
    if (p->unseen)
        view_show(p);
    if (w == MG_DRAW)
        printf("result: draw");
    else
        printf("result: seat %d (%s) wins", w, play_who(p, w));
    printf(" (scores: seat 0 %ld, seat 1 %ld)\n", (long)a, (long)b);
}

/* The game to its end, or until quit, the end of input or a failure. */
static int run(play *p)
{
    for (;;) {
        int seat, rc;
        if (mg_state_is_terminal(p->state)) {
            result(p);
            return 0;
        }
        seat = mg_state_current_player(p->state);
        if (p->pl[seat].kind != PLAYER_HUMAN) {
            if (program_turn(p, seat))
                return 1;
            continue;
        }
        if (p->unseen) {
            p->unseen = 0;
            if (view_show(p))
                return 1;
        }
        rc = input_turn(p, seat);
        if (rc)
            return rc > 0 ? 0 : 1;
        seat = mg_state_current_player(p->state);
        if (seat >= 0 && p->pl[seat].kind != PLAYER_HUMAN)
            p->unseen = 0; /* the program's turn shows it */
        else if (view_show(p))
            return 1;
    }
}

int main(int argc, char **argv)
{
    play p;
    options o;
    int rc, seat;
    memset(&p, 0, sizeof p);
    memset(&o, 0, sizeof o);
    o.spec = "dots_and_boxes(rows=3,cols=3)";
    o.player[0] = "human";
    o.player[1] = "mcts(iterations=1000)";
    p.seed = 1;
    p.margin = 1000;
    if ((rc = parse(&p, &o, argc, argv)) != 0)
        return rc == 1 ? 0 : rc;
    proc_ignore_sigpipe();
    rc = setup(&p, &o);
    if (rc == 0) {
        p.echo = !isatty(STDIN_FILENO);
        lr_init(&p.in, STDIN_FILENO, 4096);
        header(&p);
        rc = view_show(&p) ? 1 : run(&p);
        lr_free(&p.in);
    }
    for (seat = 0; seat < 2; seat++)
        player_free(&p.pl[seat]);
    mg_state_free(p.state);
    mg_game_free(p.game);
    free(p.legal);
    return rc;
}
