/*
 * explain.c - why an action is refused and why a game ended (1.5): the
 * public checks and the parts every game shares (the action's notation in
 * front, the range of ids, the game over); the games write the rule
 * (ops->illegal_reason, ops->end_reason).
 */
#include "internal.h"

#include <string.h>

int mg_state_illegal_reason(const mg_state *s, int32_t action, char *buf,
                            size_t cap, size_t *needed)
{
    const mg_game *g;
    mg__sb sb;
    int rc;
    if (!s || (!buf && cap))
        return MG_EINVAL;
    g = s->game;
    mg__sb_init(&sb, buf, cap);
    if (action < 0 || action >= g->num_actions) {
        mg__sb_printf(&sb, "action %ld does not exist in this game: its "
                      "action ids are 0 to %ld (rules 0)",
                      (long)action, (long)g->num_actions - 1);
        rc = MG_ERANGE;
    } else if (g->ops->current_player(g, s->st) == MG_NOBODY) {
        g->ops->action_name(g, action, &sb);
        mg__sb_puts(&sb, ": the game is over: ");
        g->ops->end_reason(g, s->st, &sb);
        rc = MG_EOVER;
    } else if (g->ops->is_legal(g, s->st, action)) {
        rc = MG_OK;
    } else {
        size_t before;
        g->ops->action_name(g, action, &sb);
        mg__sb_puts(&sb, ": ");
        before = sb.len;
        g->ops->illegal_reason(g, s->st, action, &sb);
        if (sb.len == before) /* a game's bug; still say something */
            mg__sb_puts(&sb, "not a legal action here (rules 0)");
        rc = MG_EILLEGAL;
    }
    if (mg__sb_finish(&sb, needed) != MG_OK)
        return MG_ENOBUFS;
    return rc;
}

int mg_state_end_reason(const mg_state *s, char *buf, size_t cap,
                        size_t *needed)
{
    const mg_game *g;
    mg__sb sb;
    if (!s || (!buf && cap)) {
        if (buf && cap)
            buf[0] = '\0';
        return MG_EINVAL;
    }
    g = s->game;
    if (g->ops->current_player(g, s->st) != MG_NOBODY) {
        if (cap)
            buf[0] = '\0';
        return MG_EINVAL;
    }
    mg__sb_init(&sb, buf, cap);
    g->ops->end_reason(g, s->st, &sb);
    return mg__sb_finish(&sb, needed);
}
