/*
 * check_internal.c - property tests over random games of every game,
 * white-box: linked with the static library so the incremental hash can
 * be compared with mg__state_hash_full(), a recomputation from scratch.
 *
 * The games are the TS_PROPERTY entries of the shared table (game_specs.h),
 * in combinations (its .group): Dots and Boxes, each grid with each border
 * and with and without misère (rules §3.1-§3.3); the four China games on
 * several boards with each option (rules §1-§2); Fangqi, the default, each
 * variant and option on small boards (rules §4); Chains of Thought, every
 * board and each option (rules §5).  Each combination plays MG_TEST_GAMES
 * random games (default 1,000; fewer for long games), each on one of its
 * specs, and checks at every action:
 *   - from_string(to_string(a)) == a for every legal action;
 *   - the incremental hash equals the recomputed one;
 *   - undo restores the previous hash, player and text rendering exactly;
 *   - Dots and Boxes: the scores equal the boxes each seat owns in the SVG;
 *   - a game's gains op (mcts's priors) gives for every legal action
 *     what applying it, the winner, the scores and undo give;
 * and once per game that a clone is independent of its source, that
 * save -> load -> save is identical, and that mg_state_playout (which may
 * be a game's own generator) leaves exactly the position and history that
 * applying its actions one by one gives, and undoes back to where it began.
 * A last test checks the shared table itself: every entry builds its game,
 * names and corpus numbers are unique, every property entry is played.
 */
#include "internal.h"
#include "tests.h"

#include "game_specs.h"
#include "test_rng.h"

#include <stdio.h>
#include <string.h>

#define MAX_SPECS 8
#define TEXT_CAP 65536

/* A combination: the table's TS_PROPERTY entries of game `id` and group
 * `group`, in table order; it plays MG_TEST_GAMES / divisor games. */
typedef struct {
    const char *id, *group;
    int divisor;
} combo;

/* Dots and Boxes: each grid with each border it allows, without and with
 * misère (the misère variants are made from these). */
static const combo dab_combos[] = {
    {"dots_and_boxes", "square/none", 1},
    {"dots_and_boxes", "square/swedish", 1},
    {"dots_and_boxes", "square/icelandic", 1},
    {"dots_and_boxes", "triangle/none", 1},
    {"dots_and_boxes", "triangle/swedish", 1},
    {"dots_and_boxes", "trihex/none", 1},
    {"dots_and_boxes", "trihex/swedish", 1},
    {"dots_and_boxes", "hexagon/none", 1},
    {"dots_and_boxes", "hexagon/swedish", 1},
};
#define N_DAB_COMBOS ((int)(sizeof dab_combos / sizeof dab_combos[0]))

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
            (mg_state_apply(c, legal[mg_test_rand(rng) % n])) == (MG_OK),
            "apply on the clone failed");
    mg_state_playout(c, mg_test_rand(rng), -1);
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
    int32_t max =
        (mg_test_rand(rng) & 1) ? -1 : (int32_t)(mg_test_rand(rng) % 8);
    int done;
    size_t i;
    MG_REQUIRE(mg_state_clone(&p, s) == MG_OK, "clone");
    MG_REQUIRE(mg_state_clone(&r, s) == MG_OK, "clone");
    done = mg_state_playout(p, mg_test_rand(rng), max);
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
/* score(mover) - score(other), a decided result as +-2^40 (bot.c). */
static int64_t mover_value(const mg_state *s, int me)
{
    int32_t mine = 0, theirs = 0;
    int wn = mg_state_winner(s);
    mg_state_score(s, me, &mine);
    mg_state_score(s, 1 - me, &theirs);
    return (int64_t)mine - theirs +
           (wn == me ? ((int64_t)1 << 40) : wn == 1 - me ? -((int64_t)1 << 40)
                                                        : 0);
}

/* ops->gains against apply + winner + score + undo, for every action. */
static void check_gains(mg_state *s, const int32_t *legal, size_t n)
{
    const mg_game *g = mg_state_game(s);
    static int64_t out[4096];
    int me = mg_state_current_player(s);
    int64_t before;
    size_t i;
    if (!g->ops->gains || n == 0 || n > 4096)
        return;
    before = mover_value(s, me);
    g->ops->gains(g, mg__state_position(s), legal, (int32_t)n, out);
    for (i = 0; i < n; i++) {
        int64_t d;
        if (out[i] == MG__GAIN_UNKNOWN)
            continue;
        MG_REQUIRE(mg_state_apply(s, legal[i]) == MG_OK, "apply failed");
        d = mover_value(s, me) - before;
        MG_REQUIRE(mg_state_undo(s) == MG_OK, "undo failed");
        MG_REQUIRE(out[i] == d, "gains: action %d gives %lld, not %lld",
                   (int)legal[i], (long long)out[i], (long long)d);
    }
}

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
    clone_at = (int)(mg_test_rand(rng) % (uint64_t)mg_game_num_actions(g));
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
        if (step % 16 == 3)
            check_gains(s, legal, n);
        if (n == 0)
            break;
        MG_REQUIRE((mg_state_is_terminal(s)) == (0),
                   "mg_state_is_terminal(s) differs from 0");
        a = legal[mg_test_rand(rng) % n];
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

/* The combination's specs from the table (misère variants: `extra`
 * added to the options); returns how many. */
static int combo_specs(const combo *c, const char *extra,
                       char specs[MAX_SPECS][256])
{
    int i, n = 0;
    for (i = 0; i < MG_N_TEST_SPECS; i++) {
        const mg_test_spec *e = &mg_test_specs[i];
        size_t len = strlen(e->spec);
        if (!(e->uses & TS_PROPERTY) || !mg_test_spec_is(e->spec, c->id) ||
            !e->group || strcmp(e->group, c->group) != 0)
            continue;
        ck_assert_msg(n < MAX_SPECS, "%s %s: more than %d specs", c->id,
                      c->group, MAX_SPECS);
        if (!*extra)
            snprintf(specs[n], sizeof specs[n], "%s", e->spec);
        else if (len && e->spec[len - 1] == ')')
            snprintf(specs[n], sizeof specs[n], "%.*s%s)", (int)(len - 1),
                     e->spec, extra);
        else
            snprintf(specs[n], sizeof specs[n], "%s(%s)", e->spec, extra + 1);
        n++;
    }
    ck_assert_msg(n > 0, "%s %s: no TS_PROPERTY entry in game_specs.h", c->id,
                  c->group);
    return n;
}

static void run_combo(const combo *c, const char *extra, uint64_t seed)
{
    static char before[TEXT_CAP], after[TEXT_CAP];
    char specs[MAX_SPECS][256];
    mg_game *games[MAX_SPECS] = {0};
    int32_t *legal;
    int n = combo_specs(c, extra, specs), i, max_legal = 0,
        total = mg_test_games(1000) / c->divisor;
    if (total < 1)
        total = 1;
    uint64_t rng = seed;
    for (i = 0; i < n; i++) {
        MG_GAME(games[i], specs[i]);
        if (mg_game_max_legal_actions(games[i]) > max_legal)
            max_legal = mg_game_max_legal_actions(games[i]);
    }
    legal = malloc((size_t)max_legal * sizeof *legal);
    for (i = 0; i < total; i++)
        random_game(games[mg_test_rand(&rng) % (uint64_t)n], &rng, legal,
                    before, after);
    free(legal);
    for (i = 0; i < n; i++)
        mg_game_free(games[i]);
}

START_TEST(dab_properties)
{
    int c = _i % N_DAB_COMBOS, misere = _i / N_DAB_COMBOS;
    run_combo(&dab_combos[c], misere ? ",misere=true" : "",
              1000003u * (uint64_t)(_i + 1));
}
END_TEST

/* The four China games (rules §1-§2) on several boards, with each option;
 * Octopuszle games are 255 stones long, so they run a tenth as many. */
static const combo china_combos[] = {
    {"china_tangle", "options", 1},
    {"china_grove", "options", 1},
    {"china_squares", "options", 10},
    {"china_octangle", "options", 10},
};
#define N_CHINA ((int)(sizeof china_combos / sizeof china_combos[0]))

/* Fangqi (rules §4): the default, each variant and option, small boards;
 * a fifth as many games. */
static const combo fangqi_combos[] = {
    {"fangqi", "default", 5},
    {"fangqi", "step", 5},
    {"fangqi", "capture", 5},
    {"fangqi", "ko+encirclement", 5},
    {"fangqi", "limits", 5},
};
#define N_FANGQI ((int)(sizeof fangqi_combos / sizeof fangqi_combos[0]))

START_TEST(fangqi_properties)
{
    run_combo(&fangqi_combos[_i], "", 4242u * (uint64_t)(_i + 1));
}
END_TEST

/* Chains of Thought (rules §5): every board, then each non-default option;
 * the large boards play long games, so these run fewer. */
static const combo chains_combos[] = {
    {"chains_of_thought", "hex", 2},
    {"chains_of_thought", "square", 5},
    {"chains_of_thought", "trisquare", 5},
    {"chains_of_thought", "options", 1},
};
#define N_CHAINS ((int)(sizeof chains_combos / sizeof chains_combos[0]))

START_TEST(chains_properties)
{
    run_combo(&chains_combos[_i], "", 5151u * (uint64_t)(_i + 1));
}
END_TEST

START_TEST(china_properties)
{
    run_combo(&china_combos[_i], "", 7777u * (uint64_t)(_i + 1));
}
END_TEST

/* 1 when some combination above plays entry e. */
static int entry_played(const mg_test_spec *e)
{
    static const struct {
        const combo *c;
        int n;
    } lists[] = {{dab_combos, N_DAB_COMBOS},
                 {china_combos, N_CHINA},
                 {fangqi_combos, N_FANGQI},
                 {chains_combos, N_CHAINS}};
    size_t l;
    int k;
    for (l = 0; l < sizeof lists / sizeof lists[0]; l++)
        for (k = 0; k < lists[l].n; k++)
            if (mg_test_spec_is(e->spec, lists[l].c[k].id) && e->group &&
                strcmp(e->group, lists[l].c[k].group) == 0)
                return 1;
    return 0;
}

/* The shared table of game_specs.h: every entry has a use and a unique
 * name and spec, and builds its game; a group exactly on the property
 * entries, each of them played above; corpus numbers exactly on TS_FUZZ
 * and TS_SEED entries, never both, unique per kind, the fuzz games' from
 * 0 without a gap (fuzz/fuzz.h reads them so). */
START_TEST(game_specs_table)
{
    int i, k, n_fuzz = 0, fuzz_max = -1;
    for (i = 0; i < MG_N_TEST_SPECS; i++) {
        const mg_test_spec *e = &mg_test_specs[i];
        char err[256];
        mg_game *g = NULL;
        int rc;
        ck_assert_msg(e->name && *e->name && e->spec && e->uses,
                      "entry %d: no name, spec or use", i);
        for (k = 0; k < i; k++) {
            ck_assert_msg(strcmp(mg_test_specs[k].name, e->name) != 0,
                          "two entries named %s", e->name);
            ck_assert_msg(strcmp(mg_test_specs[k].spec, e->spec) != 0,
                          "%s and %s: the same spec", mg_test_specs[k].name,
                          e->name);
            ck_assert_msg(!((e->uses & mg_test_specs[k].uses) &
                            (TS_FUZZ | TS_SEED)) ||
                              e->corpus != mg_test_specs[k].corpus,
                          "%s and %s: corpus number %d twice", e->name,
                          mg_test_specs[k].name, e->corpus);
        }
        ck_assert_msg(!(e->uses & TS_PROPERTY) == !e->group,
                      "%s: a group if and only if TS_PROPERTY", e->name);
        ck_assert_msg(!(e->uses & TS_PROPERTY) || entry_played(e),
                      "%s: group %s is played by no property test", e->name,
                      e->group);
        ck_assert_msg(!(e->uses & (TS_FUZZ | TS_SEED)) == (e->corpus < 0),
                      "%s: a corpus number if and only if TS_FUZZ or TS_SEED",
                      e->name);
        ck_assert_msg((e->uses & (TS_FUZZ | TS_SEED)) != (TS_FUZZ | TS_SEED),
                      "%s: TS_FUZZ and TS_SEED", e->name);
        if (e->uses & TS_FUZZ) {
            n_fuzz++;
            fuzz_max = e->corpus > fuzz_max ? e->corpus : fuzz_max;
        }
        rc = mg_game_new(&g, e->spec, err, sizeof err);
        ck_assert_msg(rc == MG_OK, "%s: mg_game_new(%s): %d %s", e->name,
                      e->spec, rc, err);
        mg_game_free(g);
    }
    ck_assert_int_eq(fuzz_max, n_fuzz - 1);
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
    tc = tcase_create("game_specs");
    tcase_add_test(tc, game_specs_table);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
