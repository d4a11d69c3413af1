/*
 * chains_explain.c - why an action is refused and why a game ended
 * (mg_state_illegal_reason, mg_state_end_reason; doc/rules.md).
 */
#include "chains_of_thought.h"

void mg__cot_illegal_reason(const mg_game *g, const void *st, int32_t action,
                             mg__sb *sb)
{
    (void)g;
    (void)st;
    (void)action;
    mg__sb_puts(sb, "not a legal action here (rules 0)");
}

void mg__cot_end_reason(const mg_game *g, const void *st, mg__sb *sb)
{
    (void)g;
    (void)st;
    mg__sb_puts(sb, "the game is over (rules 0)");
}
