/*
 * check_internal.c - property tests over random games, white-box: linked
 * with the static library so the incremental hash can be compared with
 * mg__state_hash_full(), a recomputation from scratch.
 *
 * For every combination (Dots and Boxes: grid x border x misère, RULES
 * §3.1-§3.3) MG_TEST_GAMES random games (default 1,000), each on a board
 * drawn from a few sizes, check at every action:
 *   - from_string(to_string(a)) == a for every legal action (§3.4);
 *   - the incremental hash equals the recomputed one;
 *   - undo restores the previous hash, player and text rendering exactly;
 *   - the scores equal the boxes each seat owns in the SVG rendering;
 * and once per game that a clone is independent of its source, that
 * save -> load -> save is identical, and that mg_state_playout (which may
 * be a game's own generator) leaves exactly the position and history that
 * applying its actions one by one gives, and undoes back to where it began.
 */
#include "internal.h"
#include "tests.h"

#include <stdio.h>
#include <string.h>

#define MAX_SPECS 8
#define TEXT_CAP 65536

typedef struct {
    const char *name;
    const char *specs[MAX_SPECS];
} combo;

/* Dots and Boxes: each grid with each border it allows, without and with
 * misère (the misère variants are generated from these). */
static const combo dab_combos[] = {
    {"square/none",
     {"grid=square,rows=1,cols=1", "grid=square,rows=2,cols=3",
      "grid=square,rows=3,cols=3", "grid=square,rows=4,cols=2",
      "grid=square,rows=1,cols=4"}},
    {"square/swedish",
     {"rows=1,cols=1,border=swedish", "rows=2,cols=2,border=swedish",
      "rows=3,cols=4,border=swedish", "rows=1,cols=3,border=swedish"}},
    {"square/icelandic",
     {"rows=1,cols=1,border=icelandic", "rows=2,cols=3,border=icelandic",
      "rows=4,cols=4,border=icelandic"}},
    {"triangle/none",
     {"grid=triangle,size=1", "grid=triangle,size=2", "grid=triangle,size=4"}},
    {"triangle/swedish",
     {"grid=triangle,size=1,border=swedish",
      "grid=triangle,size=3,border=swedish"}},
    {"trihex/none",
     {"grid=triangle,shape=hexagon,size=1",
      "grid=triangle,shape=hexagon,size=2"}},
    {"trihex/swedish",
     {"grid=triangle,shape=hexagon,size=1,border=swedish",
      "grid=triangle,shape=hexagon,size=2,border=swedish"}},
    {"hexagon/none",
     {"grid=hexagon,size=1", "grid=hexagon,size=2", "grid=hexagon,size=3"}},
    {"hexagon/swedish",
     {"grid=hexagon,size=1,border=swedish",
      "grid=hexagon,size=2,border=swedish",
      "grid=hexagon,size=3,border=swedish"}},
};
#define N_DAB_COMBOS ((int)(sizeof dab_combos / sizeof dab_combos[0]))

static uint64_t rng_next(uint64_t *x)
{
    return mg__splitmix64(x);
}

static int count_sub(const char *hay, const char *needle)
{
    int n = 0;
    for (; (hay = strstr(hay, needle)) != NULL; hay++)
        n++;
    return n;
}

static void render(const mg_state *s, int fmt, char *buf)
{
    size_t need;
    int rc = mg_state_render(s, fmt, buf, TEXT_CAP, &need);
    MG_REQUIRE(rc == MG_OK, "render: %s (%lu bytes)", mg_strerror(rc),
               (unsigned long)need);
}

static void check_notation(const mg_state *s, const int32_t *legal, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        char name[64], err[128];
        int32_t back = -1;
        MG_REQUIRE((mg_state_action_to_string(s, legal[i], name, sizeof name,
                                              NULL)) == (MG_OK),
                   "to_string of a legal action failed");
        MG_REQUIRE(mg_state_action_from_string(s, name, &back, err,
                                               sizeof err) == MG_OK,
                   "parse %s: %s", name, err);
        MG_REQUIRE((back) == (legal[i]), "back differs from legal[i]");
    }
}

static void check_clone(mg_state *s, const int32_t *legal, size_t n,
                        uint64_t *rng, char *before, char *after)
{
    mg_state *c = NULL;
    uint64_t h = mg_state_hash(s);
    MG_REQUIRE((mg_state_clone(&c, s)) == (MG_OK),
               "mg_state_clone(&c, s) differs from MG_OK");
    MG_REQUIRE((mg_state_hash(c)) == (h), "mg_state_hash(c) differs from h");
    render(s, MG_RENDER_TEXT, before);
    if (n)
        MG_REQUIRE(
            (mg_state_apply(c, legal[rng_next(rng) % n])) == (MG_OK),
            "apply on the clone failed");
    mg_state_playout(c, rng_next(rng), -1);
    while (mg_state_undo(c) == MG_OK)
        ;
    MG_REQUIRE((mg_state_hash(s)) == (h), "mg_state_hash(s) differs from h");
    render(s, MG_RENDER_TEXT, after);
    MG_REQUIRE(strcmp(before, after) == 0, "undo or clone changed the rendering:\n%s\n---\n%s", before, after);
    mg_state_free(c);
}

/* The playout from s (whole or cut short) against a replay of the same
 * actions through mg_state_apply: same state blob, hash and history; every
 * action legal where it was played; undo returns to s exactly. */
static void check_playout(const mg_state *s, uint64_t *rng)
{
    mg_state *p = NULL, *r = NULL;
    const mg_game *g = s->game;
    int32_t max = (rng_next(rng) & 1) ? -1 : (int32_t)(rng_next(rng) % 8);
    int done;
    size_t i;
    MG_REQUIRE(mg_state_clone(&p, s) == MG_OK, "clone");
    MG_REQUIRE(mg_state_clone(&r, s) == MG_OK, "clone");
    done = mg_state_playout(p, rng_next(rng), max);
    MG_REQUIRE(done >= 0 && (max < 0 || done <= max), "playout count %d",
               done);
    MG_REQUIRE(p->hlen == s->hlen + (size_t)done, "playout history length");
    if (max < 0)
        MG_REQUIRE(mg_state_is_terminal(p), "a whole playout ends the game");
    for (i = s->hlen; i < p->hlen; i++) {
        MG_REQUIRE(mg_state_is_legal(r, p->history[i]) == 1,
                   "playout action %d (step %d) is not legal",
                   (int)p->history[i], (int)(i - s->hlen));
        MG_REQUIRE(mg_state_apply(r, p->history[i]) == MG_OK, "replay");
    }
    MG_REQUIRE(memcmp(p->st, r->st, g->state_size) == 0,
               "playout and replay give different positions");
    MG_REQUIRE(mg_state_hash(p) == mg_state_hash(r), "playout hash");
    MG_REQUIRE(mg__state_hash_full(p) == mg_state_hash(p),
               "playout hash differs from a recomputation");
    for (i = 0; i < (size_t)done; i++)
        MG_REQUIRE(mg_state_undo(p) == MG_OK, "undo after playout");
    MG_REQUIRE(memcmp(p->st, s->st, g->state_size) == 0,
               "undo after playout does not restore the position");
    mg_state_free(p);
    mg_state_free(r);
}

static void check_record(const mg_state *s)
{
    static char a[TEXT_CAP], b[TEXT_CAP];
    char err[256];
    mg_state *t = NULL;
    mg_game *g = NULL;
    MG_REQUIRE((mg_state_save(s, a, sizeof a, NULL)) == (MG_OK),
               "mg_state_save(s, a, sizeof a, NULL) differs from MG_OK");
    MG_REQUIRE(mg_state_load(&t, &g, a, err, sizeof err) == MG_OK, "%s", err);
    MG_REQUIRE((mg_state_save(t, b, sizeof b, NULL)) == (MG_OK),
               "mg_state_save(t, b, sizeof b, NULL) differs from MG_OK");
    MG_REQUIRE(strcmp(a, b) == 0, "a differs from b");
    MG_REQUIRE((mg_state_hash(t)) == (mg_state_hash(s)),
               "mg_state_hash(t) differs from mg_state_hash(s)");
    mg_state_free(t);
    mg_game_free(g);
}

/* Sum of scores == boxes claimed, per seat, read off the SVG. */
static void check_scores(const mg_state *s, char *svg)
{
    int32_t a, b;
    render(s, MG_RENDER_SVG, svg);
    mg_state_score(s, 0, &a);
    mg_state_score(s, 1, &b);
    MG_REQUIRE((count_sub(svg, "class=\"cell p0\"")) == (a),
               "seat 0 score differs from its boxes in the SVG");
    MG_REQUIRE((count_sub(svg, "class=\"cell p1\"")) == (b),
               "seat 1 score differs from its boxes in the SVG");
}

/* Scores against the picture: D&B boxes per seat in the SVG. */
static void check_game_scores(const mg_game *g, const mg_state *s, char *svg)
{
    if (strcmp(mg_game_id(g), "dots_and_boxes") == 0)
        check_scores(s, svg);
}

static void random_game(const mg_game *g, uint64_t *rng, int32_t *legal,
                        char *before, char *after)
{
    mg_state *s = NULL;
    int clone_at, step = 0;
    MG_REQUIRE((mg_state_new(&s, g)) == (MG_OK),
               "mg_state_new(&s, g) differs from MG_OK");
    clone_at = (int)(rng_next(rng) % (uint64_t)mg_game_num_actions(g));
    for (;;) {
        size_t n;
        int32_t a;
        uint64_t h;
        int player;
        MG_REQUIRE(
            (mg_state_legal_actions(
                s, legal, (size_t)mg_game_max_legal_actions(g), &n)) == (MG_OK),
            "legal_actions failed");
        MG_REQUIRE((mg__state_hash_full(s)) == (mg_state_hash(s)),
                   "mg__state_hash_full(s) differs from mg_state_hash(s)");
        check_notation(s, legal, n);
        if (step == clone_at)
            check_clone(s, legal, n, rng, before, after);
        if (step == 0 || step == clone_at || step % 16 == 5)
            check_playout(s, rng);
        if (step % 4 == 0)
            check_game_scores(g, s, before);
        if (n == 0)
            break;
        MG_REQUIRE((mg_state_is_terminal(s)) == (0),
                   "mg_state_is_terminal(s) differs from 0");
        a = legal[rng_next(rng) % n];
        h = mg_state_hash(s);
        player = mg_state_current_player(s);
        render(s, MG_RENDER_TEXT, before);
        MG_REQUIRE((mg_state_apply(s, a)) == (MG_OK),
                   "mg_state_apply(s, a) differs from MG_OK");
        MG_REQUIRE((mg__state_hash_full(s)) == (mg_state_hash(s)),
                   "mg__state_hash_full(s) differs from mg_state_hash(s)");
        MG_REQUIRE((mg_state_undo(s)) == (MG_OK),
                   "mg_state_undo(s) differs from MG_OK");
        MG_REQUIRE((mg_state_hash(s)) == (h),
                   "mg_state_hash(s) differs from h");
        MG_REQUIRE((mg_state_current_player(s)) == (player),
                   "mg_state_current_player(s) differs from player");
        render(s, MG_RENDER_TEXT, after);
        MG_REQUIRE(strcmp(before, after) == 0, "undo or clone changed the rendering:\n%s\n---\n%s", before, after);
        MG_REQUIRE((mg_state_apply(s, a)) == (MG_OK),
                   "mg_state_apply(s, a) differs from MG_OK");
        step++;
    }
    MG_REQUIRE((mg_state_is_terminal(s)) == (1),
               "mg_state_is_terminal(s) differs from 1");
    MG_REQUIRE((mg_state_winner(s)) != (MG_NOBODY),
               "mg_state_winner(s) equals MG_NOBODY");
    check_game_scores(g, s, before);
    check_record(s);
    /* undo all the way back gives the start position */
    {
        mg_state *fresh = NULL;
        MG_REQUIRE((mg_state_new(&fresh, g)) == (MG_OK),
                   "mg_state_new(&fresh, g) differs from MG_OK");
        while (mg_state_undo(s) == MG_OK)
            ;
        MG_REQUIRE((mg_state_hash(s)) == (mg_state_hash(fresh)),
                   "mg_state_hash(s) differs from mg_state_hash(fresh)");
        mg_state_free(fresh);
    }
    mg_state_free(s);
}

static void run_combo(const char *id, const combo *c, const char *extra,
                      uint64_t seed, int divisor)
{
    static char before[TEXT_CAP], after[TEXT_CAP];
    mg_game *games[MAX_SPECS] = {0};
    int32_t *legal;
    int n = 0, i, max_legal = 0, total = mg_test_games(1000) / divisor;
    if (total < 1)
        total = 1;
    uint64_t rng = seed;
    for (n = 0; n < MAX_SPECS && c->specs[n]; n++) {
        char spec[256];
        snprintf(spec, sizeof spec, "%s(%s%s)", id, c->specs[n], extra);
        MG_GAME(games[n], spec);
        if (mg_game_max_legal_actions(games[n]) > max_legal)
            max_legal = mg_game_max_legal_actions(games[n]);
    }
    legal = malloc((size_t)max_legal * sizeof *legal);
    for (i = 0; i < total; i++)
        random_game(games[rng_next(&rng) % (uint64_t)n], &rng, legal, before,
                    after);
    free(legal);
    for (i = 0; i < n; i++)
        mg_game_free(games[i]);
}

START_TEST(dab_properties)
{
    int c = _i % N_DAB_COMBOS, misere = _i / N_DAB_COMBOS;
    run_combo("dots_and_boxes", &dab_combos[c], misere ? ",misere=true" : "",
              1000003u * (uint64_t)(_i + 1), 1);
}
END_TEST

/* The four China games (RULES 1-2) on several boards, with each option;
 * Octopuszle games are 255 stones long, so they run a fifth as many. */
static const struct {
    const char *id;
    int divisor;
    combo c;
} china_combos[] = {
    {"china_tangle", 1, {"free", {"board=1", "board=2,mode=number",
                                  "board=3,order=ascending",
                                  "board=4,mode=number,order=ascending"}}},
    {"china_grove", 1, {"free", {"board=1", "board=5,penalty=2",
                                 "board=6,mode=number,penalty=8",
                                 "board=7,order=ascending"}}},
    {"china_squares", 10, {"all", {"board=1", "board=2,penalty=6",
                                   "board=3,order=ascending"}}},
    {"china_octangle", 10, {"all", {"board=1", "board=4,mode=number",
                                    "board=5,order=ascending"}}},
};
#define N_CHINA ((int)(sizeof china_combos / sizeof china_combos[0]))

/* Fangqi (RULES 4): the default, each variant and option, small boards. */
static const combo fangqi_combos[] = {
    {"default", {"variant=ningxia", "variant=xinjiang"}},
    {"step", {"movement=step", "width=4,height=3,movement=step"}},
    {"capture", {"capture_on_placement=true", "width=3,height=3,"
                                              "capture_on_placement=true"}},
    {"ko+encirclement", {"ko=true,encirclement=true",
                         "width=5,height=4,encirclement=true,lose_below=3"}},
    {"limits", {"width=3,height=2,no_capture_limit=4",
                "width=4,height=4,no_capture_limit=0,lose_below=2"}},
};
#define N_FANGQI ((int)(sizeof fangqi_combos / sizeof fangqi_combos[0]))

START_TEST(fangqi_properties)
{
    run_combo("fangqi", &fangqi_combos[_i], "", 4242u * (uint64_t)(_i + 1), 5);
}
END_TEST

/* Chains of Thought (RULES 5): every board, then each non-default option;
 * the large boards play long games, so these run fewer. */
static const struct {
    int divisor;
    combo c;
} chains_combos[] = {
    {2, {"hex", {"board=hex4", "board=hex7", "board=hex11"}}},
    {5, {"square", {"board=square6", "board=square9", "board=square13",
                     "board=square19"}}},
    {5, {"trisquare", {"board=trisquare4", "board=trisquare6",
                        "board=trisquare8"}}},
    {1, {"options", {"board=hex4,goal=stalemate",
                     "board=square6,placement=not_self_adjacent",
                     "board=hex4,movement=must_merge",
                     "board=trisquare4,removal=none",
                     "board=square6,goal=stalemate,placement=not_self_adjacent,"
                     "movement=must_merge,removal=none"}}},
};
#define N_CHAINS ((int)(sizeof chains_combos / sizeof chains_combos[0]))

START_TEST(chains_properties)
{
    run_combo("chains_of_thought", &chains_combos[_i].c, "",
              5151u * (uint64_t)(_i + 1), chains_combos[_i].divisor);
}
END_TEST

START_TEST(china_properties)
{
    run_combo(china_combos[_i].id, &china_combos[_i].c, "",
              7777u * (uint64_t)(_i + 1), china_combos[_i].divisor);
}
END_TEST

Suite *mg_internal_suite(void)
{
    Suite *s = suite_create("properties");
    TCase *tc = tcase_create("dots_and_boxes");
    tcase_add_loop_test(tc, dab_properties, 0, 2 * N_DAB_COMBOS);
    tcase_set_timeout(tc, 600);
    suite_add_tcase(s, tc);
    tc = tcase_create("fangqi");
    tcase_add_loop_test(tc, fangqi_properties, 0, N_FANGQI);
    tcase_set_timeout(tc, 1200);
    suite_add_tcase(s, tc);
    tc = tcase_create("china");
    tcase_add_loop_test(tc, china_properties, 0, N_CHINA);
    tcase_set_timeout(tc, 1200);
    suite_add_tcase(s, tc);
    tc = tcase_create("chains_of_thought");
    tcase_add_loop_test(tc, chains_properties, 0, N_CHAINS);
    tcase_set_timeout(tc, 1200);
    suite_add_tcase(s, tc);
    return s;
}
