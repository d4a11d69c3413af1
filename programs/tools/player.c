/*
 * player.c - a person, a bot or an external engine (see player.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "player.h"

#include <stdlib.h>
#include <string.h>

int player_init(player *p, const char *arg, long timeout_ms, char *err,
                size_t errcap)
{
    char msg[256], canon[1024], q[UTIL_QUOTE_CAP];
    int rc;
    memset(p, 0, sizeof *p);
    p->arg = util_xstrdup(arg);
    if (!strcmp(arg, "human")) {
        p->kind = PLAYER_HUMAN;
    } else if (!strncmp(arg, "cmd:", 4)) {
        const char *cmd = arg + 4 + strspn(arg + 4, " \t");
        if (!*cmd) {
            snprintf(err, errcap, "cmd: needs a program to run");
            return -1;
        }
        p->kind = PLAYER_ENGINE;
        p->eng = util_xmalloc(sizeof *p->eng);
        engine_init(p->eng, cmd, timeout_ms);
    } else {
        mg_bot *b = NULL;
        p->kind = PLAYER_BOT;
        if (bot_eval_init(&p->be, arg, msg, sizeof msg) < 0) {
            snprintf(err, errcap, "bot %s: %s",
                     util_quote(arg, strlen(arg), q, sizeof q), msg);
            return -1;
        }
        rc = bot_eval_bot(&p->be, &b, 0, msg, sizeof msg);
        if (rc != MG_OK) {
            snprintf(err, errcap, "bot %s: %s (%s)",
                     util_quote(arg, strlen(arg), q, sizeof q), msg,
                     mg_strerror(rc));
            return -1;
        }
        if (bot_eval_canon(&p->be, b, canon, sizeof canon) == 0)
            p->canon = util_xstrdup(canon);
        mg_bot_free(b);
    }
    if (!p->canon)
        p->canon = util_xstrdup(arg);
    return 0;
}

void player_free(player *p)
{
    mg_bot_free(p->bot);
    bot_eval_free(&p->be);
    if (p->eng) {
        engine_free(p->eng);
        free(p->eng);
    }
    free(p->arg);
    free(p->canon);
    memset(p, 0, sizeof *p);
}

int player_begin(player *p, uint64_t seed, char *err, size_t errcap)
{
    int rc;
    if (p->kind == PLAYER_BOT) {
        mg_bot_free(p->bot);
        p->bot = NULL;
        rc = bot_eval_bot(&p->be, &p->bot, seed, NULL, 0);
        if (rc != MG_OK) {
            snprintf(err, errcap, "bot: %s", mg_strerror(rc));
            return -1;
        }
    } else if (p->kind == PLAYER_ENGINE) {
        engine_new_game(p->eng, seed);
    }
    return 0;
}

int player_choose(player *p, const mg_state *s, long movetime_ms,
                  long margin_ms, int32_t *action, int *kind, strbuf *why)
{
    int rc;
    *kind = EF_NONE;
    if (p->kind == PLAYER_ENGINE) {
        if (engine_choose(p->eng, s, movetime_ms, margin_ms, action) == 0)
            return 0;
        *kind = p->eng->fail;
        sb_puts(why, p->eng->why.s);
        return -1;
    }
    if (p->kind != PLAYER_BOT || !p->bot) {
        *kind = EF_ILLEGAL;
        sb_puts(why, "no bot");
        return -1;
    }
    rc = mg_bot_choose(p->bot, s, action);
    if (rc != MG_OK) {
        *kind = EF_CRASH;
        sb_printf(why, "the bot failed: %s", mg_strerror(rc));
        return -1;
    }
    return 0;
}

void player_describe(const player *p, strbuf *out)
{
    if (p->kind != PLAYER_ENGINE) {
        sb_puts(out, p->canon);
        return;
    }
    sb_puts(out, p->arg);
    if (p->eng->name[0] || p->eng->author[0]) {
        sb_printf(out, " (%s", p->eng->name[0] ? p->eng->name : "?");
        if (p->eng->author[0])
            sb_printf(out, ", by %s", p->eng->author);
        sb_putc(out, ')');
    }
}
