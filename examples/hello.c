/* hello.c - the README's example: a random game of Dots and Boxes. */
#include <mindgames.h>
#include <stdio.h>

int main(void)
{
    char err[256], text[4096];
    int32_t legal[64];
    size_t n;
    mg_game *g;
    mg_state *s;
    if (mg_game_new(&g, "dots_and_boxes(rows=3,cols=3)", err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    mg_state_new(&s, g);
    for (int turn = 0; !mg_state_is_terminal(s); turn++) {
        mg_state_legal_actions(s, legal, 64, &n);
        mg_state_apply(s, legal[(turn * 7) % n]);
    }
    mg_state_render(s, MG_RENDER_TEXT, text, sizeof text, NULL);
    printf("%swinner: %d\n", text, mg_state_winner(s));
    mg_state_free(s);
    mg_game_free(g);
    return 0;
}
