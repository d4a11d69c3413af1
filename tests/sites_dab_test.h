/*
 * sites_dab_test.h - what the files of the position of Dots and Boxes share
 * (check_sites_dab_names.c, check_sites_dab_places.c,
 * check_sites_dab_held.c, check_sites_dab_symmetries.c): games and states,
 * moves by notation, site names and sites by name, the number of lines, and
 * the observation of a state.
 */
#ifndef MG_SITES_DAB_TEST_H
#define MG_SITES_DAB_TEST_H

#include "tests.h"

#include <stdio.h>
#include <string.h>

#define MAXS 4096 /* sites of the largest board tested here */

/* ------------------------------------------------------------ helpers */

/* Apply space-separated notation; every action must be legal. */
static inline void play(mg_state *s, const char *moves)
{
    char buf[1024], *tok, *save = NULL;
    snprintf(buf, sizeof buf, "%s", moves);
    for (tok = strtok_r(buf, " ", &save); tok;
         tok = strtok_r(NULL, " ", &save)) {
        int32_t a = -1;
        char err[128];
        int rc = mg_state_action_from_string(s, tok, &a, err, sizeof err);
        ck_assert_msg(rc == MG_OK, "parse %s: %s", tok, err);
        rc = mg_state_apply(s, a);
        ck_assert_msg(rc == MG_OK, "apply %s: %s", tok, mg_strerror(rc));
    }
}

static inline mg_state *start(mg_game **g, const char *spec)
{
    mg_state *s = NULL;
    MG_GAME(*g, spec);
    ck_assert_int_eq(mg_state_new(&s, *g), MG_OK);
    return s;
}

static inline void done(mg_game *g, mg_state *s)
{
    mg_state_free(s);
    mg_game_free(g);
}

static inline void name_of(const mg_game *g, int32_t site, char *buf,
                           size_t cap)
{
    size_t need = 0;
    int rc = mg_game_site_name(g, site, buf, cap, &need);
    MG_REQUIRE(rc == MG_OK, "site %d: name: %d", (int)site, rc);
}

/* The site named `name`; fails the test when there is none. */
static inline int32_t site_named(const mg_game *g, const char *name)
{
    int32_t s, n = mg_game_num_sites(g);
    char buf[64];
    for (s = 0; s < n; s++) {
        name_of(g, s, buf, sizeof buf);
        if (strcmp(buf, name) == 0)
            return s;
    }
    ck_abort_msg("no site %s", name);
    return -1;
}


static inline int32_t num_lines(const mg_game *g)
{
    return mg_game_num_actions(g); /* rules §3.4: one action per line */
}

static inline float *observe(const mg_state *s, int player, size_t *count)
{
    int32_t planes = 0, sites = 0;
    size_t need, k;
    float *o;
    ck_assert_int_eq(
        mg_game_observation_shape(mg_state_game(s), &planes, &sites), MG_OK);
    need = (size_t)planes * (size_t)sites;
    o = malloc(need * sizeof *o);
    ck_assert_ptr_nonnull(o);
    for (k = 0; k < need; k++)
        o[k] = -7.0f; /* every float is written */
    ck_assert_int_eq(mg_state_observation(s, player, o, need, count), MG_OK);
    ck_assert_uint_eq(*count, need);
    for (k = 0; k < need; k++)
        ck_assert(o[k] != -7.0f);
    return o;
}

#endif
