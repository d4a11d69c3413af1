/*
 * check_position.c - reading the position (since 1.3): sites, who holds
 * them, action sites, observations and symmetries, on every game and
 * option set of the property suite (game_specs.h, TS_PROPERTY), and bad
 * input.  Rules: doc/rules.md (§0 names, §1.5, §3.4, §4.3, §5.3 actions).
 *
 * Random games (MG_TEST_GAMES / 50 per spec, at least 2) check at every
 * action:
 *   - mg_state_site() of each site equals mg_state_sites();
 *   - the observation's own / opponent / empty planes (planes 0-2 of every
 *     game) are the sites held by the player, by the other seat and by
 *     nobody, and own for one player is opponent for the other;
 *   - the observation after apply + undo equals the one before, and a
 *     clone's equals its source's;
 *   - every legal action's sites lie on the board and are as the rules
 *     demand: a placement or a line on an empty site, a step or move from
 *     one of the mover's stones to an empty site, a removal of an
 *     opponent's stone;
 *   - for Dots and Boxes and the China games, mg_state_sites() equals a
 *     replay of the history in this file's own model (rules §3.2, §3.3:
 *     the mover draws the line and claims the boxes it closes, border
 *     lines are neutral; rules §0 swap: stones keep their colour, which
 *     changes seats);
 * and once per game, for every symmetry, that the image of the legal set
 * is the legal set of the image position (the history mapped action by
 * action and replayed) and that each site's holder is its image's.
 */
#include "game_specs.h"
#include "test_rng.h"
#include "tests.h"

#include <stdio.h>
#include <string.h>

#define MAXA 8192 /* actions or sites of the largest property game */

typedef struct ctx {
    mg_game *g;
    int32_t nsites, nactions, planes;
    int32_t from[MAXA], to[MAXA];
} ctx;

static void ctx_init(ctx *c, mg_game *g)
{
    int32_t a;
    c->g = g;
    c->nsites = mg_game_num_sites(g);
    c->nactions = mg_game_num_actions(g);
    ck_assert_int_gt(c->nsites, 0);
    ck_assert_int_le(c->nsites, MAXA);
    ck_assert_int_le(c->nactions, MAXA);
    ck_assert_int_eq(mg_game_observation_shape(g, &c->planes, NULL), MG_OK);
    ck_assert_int_ge(c->planes, 3);
    ck_assert_str_eq(mg_game_observation_plane(g, 0), "own");
    ck_assert_str_eq(mg_game_observation_plane(g, 1), "opponent");
    ck_assert_str_eq(mg_game_observation_plane(g, 2), "empty");
    ck_assert_ptr_null(mg_game_observation_plane(g, c->planes));
    for (a = 0; a < c->nactions; a++)
        ck_assert_int_eq(mg_game_action_sites(g, a, &c->from[a], &c->to[a]),
                         MG_OK);
}

static float *observe(const ctx *c, const mg_state *s, int player)
{
    size_t need = (size_t)c->planes * (size_t)c->nsites, count = 0;
    float *o = malloc(need * sizeof *o);
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(mg_state_observation(s, player, o, need, &count), MG_OK);
    ck_assert_uint_eq(count, need);
    return o;
}

/* sites() == site(), and the first three planes of both players. */
static void check_views(const ctx *c, const mg_state *s, int8_t *held)
{
    size_t count = 0, n = (size_t)c->nsites;
    float *o0, *o1;
    int32_t i;
    MG_REQUIRE(mg_state_sites(s, held, n, &count) == MG_OK && count == n,
               "mg_state_sites");
    for (i = 0; i < c->nsites; i++) {
        int v = mg_state_site(s, i);
        MG_REQUIRE(v == held[i], "site %d: site() %d, sites() %d", i, v,
                   held[i]);
        MG_REQUIRE(v == MG_NOBODY || v == 0 || v == 1 || v == MG_NEUTRAL,
                   "site %d holds %d", i, v);
    }
    o0 = observe(c, s, 0);
    o1 = observe(c, s, 1);
    for (i = 0; i < c->nsites; i++) {
        MG_REQUIRE(o0[i] == (held[i] == 0) && o0[n + i] == (held[i] == 1) &&
                       o0[2 * n + i] == (held[i] == MG_NOBODY),
                   "site %d: seat 0's own/opponent/empty disagree with %d", i,
                   held[i]);
        MG_REQUIRE(o1[i] == o0[n + i] && o1[n + i] == o0[i] &&
                       o1[2 * n + i] == o0[2 * n + i],
                   "site %d: own of one seat is not opponent of the other", i);
    }
    free(o0);
    free(o1);
}

/* The sites of every legal action, as the rules demand. */
static void check_action_sites(const ctx *c, const mg_state *s,
                               const int8_t *held, const int32_t *legal,
                               size_t n)
{
    int me = mg_state_current_player(s);
    size_t k;
    for (k = 0; k < n; k++) {
        int32_t a = legal[k], f = c->from[a], t = c->to[a];
        MG_REQUIRE(f >= -1 && f < c->nsites && t >= -1 && t < c->nsites,
                   "action %d: sites %d, %d off the board", a, f, t);
        if (f < 0 && t >= 0) /* placement, line */
            MG_REQUIRE(held[t] == MG_NOBODY, "action %d onto held site %d", a,
                       t);
        else if (f >= 0 && t >= 0) /* step, move */
            MG_REQUIRE(held[f] == me && held[t] == MG_NOBODY,
                       "move %d: %d (held by %d) to %d (held by %d)", a, f,
                       held[f], t, held[t]);
        else if (f >= 0) /* removal */
            MG_REQUIRE(held[f] == 1 - me, "removal %d of %d held by %d", a, f,
                       held[f]);
    }
}

static void check_observation_stable(const ctx *c, mg_state *s,
                                     const int32_t *legal, size_t n,
                                     uint64_t *rng)
{
    size_t len = (size_t)c->planes * (size_t)c->nsites;
    float *before = observe(c, s, 0), *after, *cl;
    mg_state *copy;
    if (n) {
        int32_t a = legal[mg_test_rand_below(rng, n)];
        ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
        ck_assert_int_eq(mg_state_undo(s), MG_OK);
    }
    after = observe(c, s, 0);
    MG_REQUIRE(memcmp(before, after, len * sizeof *before) == 0,
               "observation changed by apply + undo");
    ck_assert_int_eq(mg_state_clone(&copy, s), MG_OK);
    cl = observe(c, copy, 0);
    MG_REQUIRE(memcmp(before, cl, len * sizeof *before) == 0,
               "a clone's observation differs");
    mg_state_free(copy);
    free(before);
    free(after);
    free(cl);
}

/* ------------------------------------------------ the test's own models */

/* Dots and Boxes (rules §3.2, §3.3): who drew each line, who closed each
 * box; border lines (a line with one box) are neutral under the Swedish
 * border except around a box made of border lines only; the Icelandic
 * border's left and bottom lines (the smallest x, the largest y: y goes
 * down) likewise. */
typedef struct dab_model {
    int8_t held[MAXA];
} dab_model;

static int is_box(const ctx *c, int32_t s)
{
    return mg_game_site_kind(c->g, s) == MG_SITE_BOX;
}

static void dab_model_init(const ctx *c, dab_model *m, const char *spec)
{
    int swedish = strstr(spec, "border=swedish") != NULL;
    int icelandic = strstr(spec, "border=icelandic") != NULL;
    double minx = 1e9, maxy = -1e9;
    int32_t s, nb[8];
    size_t k, n;
    for (s = 0; s < c->nsites; s++) {
        double x, y;
        m->held[s] = MG_NOBODY;
        mg_game_site_position(c->g, s, &x, &y);
        if (!is_box(c, s)) {
            if (x < minx)
                minx = x;
            if (y > maxy)
                maxy = y;
        }
    }
    for (s = 0; s < c->nsites; s++) {
        double x, y;
        if (is_box(c, s))
            continue;
        mg_game_site_neighbors(c->g, s, nb, 8, &n);
        if (n != 1)
            continue;
        mg_game_site_position(c->g, s, &x, &y);
        if (swedish) {
            /* not drawn when every side of its box is a border line */
            int32_t lines[8];
            size_t nl, all = 1;
            mg_game_site_neighbors(c->g, nb[0], lines, 8, &nl);
            for (k = 0; k < nl; k++) {
                size_t b;
                int32_t tmp[8];
                mg_game_site_neighbors(c->g, lines[k], tmp, 8, &b);
                all &= b == 1;
            }
            if (!all)
                m->held[s] = MG_NEUTRAL;
        } else if (icelandic && (x < minx + 1e-9 || y > maxy - 1e-9)) {
            m->held[s] = MG_NEUTRAL;
        }
    }
}

static void dab_model_apply(const ctx *c, dab_model *m, int32_t a, int mover)
{
    int32_t line = c->to[a], boxes[8], lines[8];
    size_t nb, nl, k, j;
    m->held[line] = (int8_t)mover;
    mg_game_site_neighbors(c->g, line, boxes, 8, &nb);
    for (k = 0; k < nb; k++) {
        int closed = 1;
        mg_game_site_neighbors(c->g, boxes[k], lines, 8, &nl);
        for (j = 0; j < nl; j++)
            closed &= m->held[lines[j]] != MG_NOBODY;
        if (closed)
            m->held[boxes[k]] = (int8_t)mover;
    }
}

/* The China games (rules §1.3, §2.3, §0 swap): a stone keeps its colour;
 * a colour belongs to seat colour ^ swapped. */
typedef struct china_model {
    int8_t colour[MAXA];
    int swapped, swap_action;
} china_model;

static void china_model_init(const ctx *c, china_model *m)
{
    int32_t s;
    for (s = 0; s < c->nsites; s++)
        m->colour[s] = -1;
    m->swapped = 0;
    m->swap_action = c->nactions - 1; /* rules §1.5: SWAP = N + 1 */
}

static void china_model_apply(const ctx *c, china_model *m, int32_t a,
                              int mover)
{
    if (a == m->swap_action)
        m->swapped = 1;
    else if (c->to[a] >= 0)
        m->colour[c->to[a]] = (int8_t)(mover ^ m->swapped);
}

static void china_model_check(const ctx *c, const china_model *m,
                              const int8_t *held)
{
    int32_t s;
    for (s = 0; s < c->nsites; s++) {
        int want = m->colour[s] < 0 ? MG_NOBODY : m->colour[s] ^ m->swapped;
        MG_REQUIRE(held[s] == want, "cell %d: held by %d, the model says %d",
                   s, held[s], want);
    }
}

/* ------------------------------------------------------------ symmetry */

/* For every symmetry: replay the image of the history; the legal sets and
 * the holders correspond. */
static void check_symmetries(const ctx *c, const mg_state *s)
{
    int32_t nsym = mg_game_num_symmetries(c->g), k, i;
    int32_t *hist, *legal, *ilegal, *smap;
    size_t hn = 0, n = 0, in = 0, cap = (size_t)c->nactions;
    int8_t *held = malloc((size_t)c->nsites), *iheld = malloc((size_t)c->nsites);
    size_t cnt;
    ck_assert_int_ge(nsym, 1);
    hist = malloc(sizeof *hist * 65536);
    legal = malloc(sizeof *legal * cap);
    ilegal = malloc(sizeof *ilegal * cap);
    smap = malloc(sizeof *smap * (size_t)c->nactions);
    ck_assert_int_eq(mg_state_history(s, hist, 65536, &hn), MG_OK);
    ck_assert_int_eq(mg_state_legal_actions(s, legal, cap, &n), MG_OK);
    ck_assert_int_eq(mg_state_sites(s, held, (size_t)c->nsites, &cnt), MG_OK);
    for (k = 0; k < nsym; k++) {
        mg_state *t;
        unsigned char *seen = calloc((size_t)c->nsites, 1);
        int32_t img;
        ck_assert_int_eq(mg_state_new(&t, c->g), MG_OK);
        for (i = 0; i < c->nsites; i++) { /* a bijection */
            ck_assert_int_eq(mg_game_symmetry_site(c->g, k, i, &img), MG_OK);
            ck_assert(img >= 0 && img < c->nsites && !seen[img]);
            seen[img] = 1;
            if (k == 0)
                ck_assert_int_eq(img, i);
        }
        free(seen);
        for (i = 0; i < c->nactions; i++)
            ck_assert_int_eq(mg_game_symmetry_action(c->g, k, i, &smap[i]),
                             MG_OK);
        for (i = 0; i < (int32_t)hn; i++)
            MG_REQUIRE(mg_state_apply(t, smap[hist[i]]) == MG_OK,
                       "symmetry %d: the image of action %d of the history "
                       "is not legal",
                       k, i);
        ck_assert_int_eq(mg_state_legal_actions(t, ilegal, cap, &in), MG_OK);
        MG_REQUIRE(in == n, "symmetry %d: %lu legal actions, image %lu", k,
                   (unsigned long)n, (unsigned long)in);
        for (i = 0; i < (int32_t)n; i++)
            MG_REQUIRE(mg_state_is_legal(t, smap[legal[i]]) == 1,
                       "symmetry %d: the image of legal %d is not legal", k,
                       legal[i]);
        ck_assert_int_eq(mg_state_sites(t, iheld, (size_t)c->nsites, &cnt),
                         MG_OK);
        for (i = 0; i < c->nsites; i++) {
            mg_game_symmetry_site(c->g, k, i, &img);
            MG_REQUIRE(iheld[img] == held[i],
                       "symmetry %d: site %d held by %d, its image %d by %d",
                       k, i, held[i], img, iheld[img]);
        }
        MG_REQUIRE(mg_state_winner(t) == mg_state_winner(s),
                   "symmetry %d: another result", k);
        mg_state_free(t);
    }
    free(hist);
    free(legal);
    free(ilegal);
    free(smap);
    free(held);
    free(iheld);
}

/* --------------------------------------------------------- random games */

static void play(const mg_test_spec *ts, int games, uint64_t seed)
{
    mg_game *g;
    ctx *c = malloc(sizeof *c);
    int8_t *held = malloc(MAXA);
    int32_t *legal;
    int game;
    ck_assert_ptr_nonnull(c);
    MG_GAME(g, ts->spec);
    ctx_init(c, g);
    legal = malloc(sizeof *legal * (size_t)mg_game_max_legal_actions(g));
    for (game = 0; game < games; game++) {
        uint64_t rng = seed + (uint64_t)game * 7919u;
        int is_dab = strncmp(ts->spec, "dots_and_boxes", 14) == 0;
        int is_china = strncmp(ts->spec, "china_", 6) == 0;
        static dab_model dm;
        static china_model cm;
        mg_state *s;
        int steps = 0, sym_at;
        ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
        dab_model_init(c, &dm, ts->spec);
        china_model_init(c, &cm);
        sym_at = (int)mg_test_rand_below(&rng, 40);
        for (;;) {
            size_t n = 0;
            int32_t a;
            int mover;
            check_views(c, s, held);
            if (is_dab)
                MG_REQUIRE(memcmp(dm.held, held, (size_t)c->nsites) == 0,
                           "%s: sites differ from the model", ts->spec);
            if (is_china)
                china_model_check(c, &cm, held);
            ck_assert_int_eq(mg_state_legal_actions(
                                 s, legal,
                                 (size_t)mg_game_max_legal_actions(g), &n),
                             MG_OK);
            check_action_sites(c, s, held, legal, n);
            if (steps % 7 == 0)
                check_observation_stable(c, s, legal, n, &rng);
            if (steps == sym_at)
                check_symmetries(c, s);
            if (n == 0 || steps > 3000)
                break;
            mover = mg_state_current_player(s);
            a = legal[mg_test_rand_below(&rng, n)];
            ck_assert_int_eq(mg_state_apply(s, a), MG_OK);
            if (is_dab)
                dab_model_apply(c, &dm, a, mover);
            if (is_china)
                china_model_apply(c, &cm, a, mover);
            steps++;
        }
        if (steps < sym_at)
            check_symmetries(c, s);
        mg_state_free(s);
    }
    free(legal);
    free(held);
    free(c);
    mg_game_free(g);
}

static int n_property(void)
{
    int i, n = 0;
    for (i = 0; i < (int)(sizeof mg_test_specs / sizeof mg_test_specs[0]);
         i++)
        n += (mg_test_specs[i].uses & TS_PROPERTY) != 0;
    return n;
}

static const mg_test_spec *property(int k)
{
    int i;
    for (i = 0; i < (int)(sizeof mg_test_specs / sizeof mg_test_specs[0]);
         i++)
        if ((mg_test_specs[i].uses & TS_PROPERTY) && k-- == 0)
            return &mg_test_specs[i];
    return NULL;
}

START_TEST(random_games)
{
    const mg_test_spec *ts = property(_i);
    int games = mg_test_games(1000) / 50;
    ck_assert_ptr_nonnull(ts);
    if (strncmp(ts->spec, "china_", 6) == 0 ||
        strstr(ts->spec, "19") != NULL || strstr(ts->spec, "hex11") != NULL)
        games /= 4;
    play(ts, games < 2 ? 2 : games, 1000u + 17u * (uint64_t)_i);
}
END_TEST

/* ------------------------------------------------------------ bad input */

START_TEST(bad_input)
{
    mg_game *g;
    mg_state *s;
    int32_t n, from, to, img, nb[8], planes = 0, sites = 0;
    double x, y;
    char name[64];
    size_t need = 0, count = 0;
    int8_t held[64];
    float obs[4];
    MG_GAME(g, "dots_and_boxes(rows=1,cols=2)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    n = mg_game_num_sites(g);
    ck_assert_int_eq(n, 7 + 2); /* 7 lines, then 2 boxes */
    /* NULL */
    ck_assert_int_eq(mg_game_num_sites(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_kind(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_position(NULL, 0, &x, &y), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_position(g, 0, NULL, &y), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_position(g, 0, &x, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_name(NULL, 0, name, sizeof name, &need),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_site_name(g, 0, NULL, 5, &need), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_neighbors(NULL, 0, nb, 8, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_site_neighbors(g, 0, nb, 8, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_site_neighbors(g, 0, NULL, 8, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_action_sites(NULL, 0, &from, &to), MG_EINVAL);
    ck_assert_int_eq(mg_game_action_sites(g, 0, NULL, &to), MG_EINVAL);
    ck_assert_int_eq(mg_game_action_sites(g, 0, &from, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_site(NULL, 0), MG_EINVAL);
    ck_assert_int_eq(mg_state_sites(NULL, held, 64, &count), MG_EINVAL);
    ck_assert_int_eq(mg_state_sites(s, held, 64, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_sites(s, NULL, 64, &count), MG_EINVAL);
    ck_assert_int_eq(mg_game_observation_shape(NULL, &planes, &sites),
                     MG_EINVAL);
    ck_assert_int_eq(mg_game_observation_shape(g, NULL, NULL), MG_OK);
    ck_assert_ptr_null(mg_game_observation_plane(NULL, 0));
    ck_assert_int_eq(mg_state_observation(NULL, 0, obs, 4, &count),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_observation(s, 0, obs, 4, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_observation(s, 0, NULL, 4, &count), MG_EINVAL);
    ck_assert_int_eq(mg_game_num_symmetries(NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_symmetry_site(NULL, 0, 0, &img), MG_EINVAL);
    ck_assert_int_eq(mg_game_symmetry_site(g, 0, 0, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_game_symmetry_action(NULL, 0, 0, &img), MG_EINVAL);
    ck_assert_int_eq(mg_game_symmetry_action(g, 0, 0, NULL), MG_EINVAL);
    /* out of range */
    ck_assert_int_eq(mg_game_site_kind(g, -1), MG_ERANGE);
    ck_assert_int_eq(mg_game_site_kind(g, n), MG_ERANGE);
    ck_assert_int_eq(mg_game_site_position(g, n, &x, &y), MG_ERANGE);
    ck_assert_int_eq(mg_game_site_name(g, n, name, sizeof name, &need),
                     MG_ERANGE);
    ck_assert_int_eq(mg_game_site_neighbors(g, -5, nb, 8, &count), MG_ERANGE);
    ck_assert_int_eq(mg_game_action_sites(g, -1, &from, &to), MG_ERANGE);
    ck_assert_int_eq(mg_game_action_sites(g, mg_game_num_actions(g), &from,
                                          &to),
                     MG_ERANGE);
    ck_assert_int_eq(mg_state_site(s, n), MG_ERANGE);
    ck_assert_int_eq(mg_state_site(s, INT32_MIN), MG_ERANGE);
    ck_assert_int_eq(mg_state_observation(s, 2, obs, 4, &count), MG_ERANGE);
    ck_assert_int_eq(mg_state_observation(s, -1, obs, 4, &count), MG_ERANGE);
    ck_assert_int_eq(mg_game_symmetry_site(g, mg_game_num_symmetries(g), 0,
                                           &img),
                     MG_ERANGE);
    ck_assert_int_eq(mg_game_symmetry_site(g, -1, 0, &img), MG_ERANGE);
    ck_assert_int_eq(mg_game_symmetry_site(g, 0, n, &img), MG_ERANGE);
    ck_assert_int_eq(mg_game_symmetry_action(g, 0, -1, &img), MG_ERANGE);
    ck_assert_int_eq(mg_game_symmetry_action(g, 0, mg_game_num_actions(g),
                                             &img),
                     MG_ERANGE);
    ck_assert_int_eq(mg_game_symmetry_action(g, -1, 0, &img), MG_ERANGE);
    ck_assert_ptr_null(mg_game_observation_plane(g, -1));
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

/* The buffer protocol: size query, exact fit, one short (nothing written
 * past cap, MG_ENOBUFS, the size stored). */
START_TEST(buffers)
{
    mg_game *g;
    mg_state *s;
    int32_t n, planes, nb[9];
    size_t need = 0, count = 0, total;
    int8_t held[64];
    float *obs;
    char name[64];
    int k;
    MG_GAME(g, "dots_and_boxes(rows=1,cols=2)");
    ck_assert_int_eq(mg_state_new(&s, g), MG_OK);
    ck_assert_int_eq(mg_state_apply(s, 0), MG_OK);
    n = mg_game_num_sites(g);
    /* sites */
    ck_assert_int_eq(mg_state_sites(s, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, (size_t)n);
    memset(held, 0x55, sizeof held);
    ck_assert_int_eq(mg_state_sites(s, held, (size_t)n - 1, &count),
                     MG_ENOBUFS);
    for (k = 0; k < 64; k++)
        ck_assert_int_eq(held[k], 0x55);
    ck_assert_int_eq(mg_state_sites(s, held, (size_t)n, &count), MG_OK);
    ck_assert_int_eq(held[n], 0x55);
    ck_assert_int_eq(held[0], 0);
    /* observation */
    mg_game_observation_shape(g, &planes, NULL);
    total = (size_t)planes * (size_t)n;
    obs = malloc((total + 4) * sizeof *obs);
    ck_assert_int_eq(mg_state_observation(s, 0, NULL, 0, &count), MG_ENOBUFS);
    ck_assert_uint_eq(count, total);
    for (k = 0; k < (int)total + 4; k++)
        obs[k] = -7.0f;
    ck_assert_int_eq(mg_state_observation(s, 0, obs, total - 1, &count),
                     MG_ENOBUFS);
    for (k = 0; k < (int)total + 4; k++)
        ck_assert(obs[k] == -7.0f);
    ck_assert_int_eq(mg_state_observation(s, 0, obs, total, &count), MG_OK);
    ck_assert(obs[total] == -7.0f);
    free(obs);
    /* names: "a1-b1" needs 6 */
    ck_assert_int_eq(mg_game_site_name(g, 0, NULL, 0, &need), MG_ENOBUFS);
    ck_assert_uint_eq(need, 6);
    memset(name, 'z', sizeof name);
    ck_assert_int_eq(mg_game_site_name(g, 0, name, 5, &need), MG_ENOBUFS);
    ck_assert_int_eq(name[0], '\0');
    ck_assert_int_eq(name[5], 'z');
    ck_assert_int_eq(mg_game_site_name(g, 0, name, 6, &need), MG_OK);
    ck_assert_str_eq(name, "a1-b1");
    /* neighbours: a box has 4 lines */
    nb[3] = nb[4] = 99;
    ck_assert_int_eq(mg_game_site_neighbors(g, n - 1, NULL, 0, &count),
                     MG_ENOBUFS);
    ck_assert_uint_eq(count, 4);
    ck_assert_int_eq(mg_game_site_neighbors(g, n - 1, nb, 3, &count),
                     MG_ENOBUFS);
    ck_assert_int_eq(nb[3], 99);
    ck_assert_int_eq(mg_game_site_neighbors(g, n - 1, nb, 4, &count), MG_OK);
    ck_assert_int_eq(nb[4], 99);
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_position_suite(void)
{
    Suite *s = suite_create("position");
    TCase *tc = tcase_create("position");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, buffers);
    tcase_add_loop_test(tc, random_games, 0, n_property());
    suite_add_tcase(s, tc);
    return s;
}
