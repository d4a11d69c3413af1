/*
 * check_reasons.c - the contract of mg_state_illegal_reason and
 * mg_state_end_reason (1.5) on every game of the property table
 * (game_specs.h): along random games, every legal action has no reason
 * (MG_OK, ""), every other in-range action has one line that names it in
 * notation and cites the rules ("rules N"), out-of-range ids and finished
 * games get MG_ERANGE and MG_EOVER with a line, and asking changes
 * nothing.  Each family's reasons, word for word, are in
 * check_reasons_<family>.c.
 */
#include "tests.h"
#include "game_specs.h"
#include "reasons_test.h"
#include "test_rng.h"

#include <stdint.h>

#define RT_CAP 1024

/* Check's ck_assert reports every passed line to the parent process;
 * the loops below test with `if` and fail with ck_abort_msg. */

/* One line of printable ASCII. */
static void assert_one_line(const char *t)
{
    const unsigned char *p = (const unsigned char *)t;
    if (!*p)
        ck_abort_msg("empty reason");
    for (; *p; p++)
        if (*p < 0x20 || *p >= 0x7f)
            ck_abort_msg("byte %u in \"%s\"", *p, t);
}

/* "<notation>: " starts the line and "(rules " stands in it. */
static void assert_names(const mg_state *s, int32_t a, const char *t)
{
    char name[256];
    size_t n, len;
    if (mg_state_action_to_string(s, a, name, sizeof name, NULL) != MG_OK)
        ck_abort_msg("no name for %d", (int)a);
    n = strlen(name);
    len = strlen(t);
    if (!(len > n + 2 && strncmp(t, name, n) == 0 && t[n] == ':' &&
          t[n + 1] == ' '))
        ck_abort_msg("\"%s\" does not start with \"%s: \"", t, name);
    if (!strstr(t, "(rules "))
        ck_abort_msg("no section in \"%s\"", t);
}

/* Every action of s against the legal list, and the state unchanged. */
static void check_position(const mg_state *s, int32_t *legal, char *is)
{
    const mg_game *g = mg_state_game(s);
    int32_t na = mg_game_num_actions(g);
    size_t n = 0, i, len0, len1;
    uint64_t h = mg_state_hash(s);
    int over = mg_state_is_terminal(s);
    char buf[RT_CAP];
    int32_t a;
    mg_state_history(s, NULL, 0, &len0);
    ck_assert_int_eq(mg_state_legal_actions(s, legal,
                                            (size_t)mg_game_max_legal_actions(g),
                                            &n),
                     MG_OK);
    memset(is, 0, (size_t)na);
    for (i = 0; i < n; i++)
        is[legal[i]] = 1;
    for (a = 0; a < na; a++) {
        size_t needed = 0;
        int rc = mg_state_illegal_reason(s, a, buf, sizeof buf, &needed);
        if (is[a]) {
            if (rc != MG_OK || buf[0] || needed != 1)
                ck_abort_msg("%s: legal action %d: %d \"%s\"", mg_game_id(g),
                             (int)a, rc, buf);
            continue;
        }
        if (rc != (over ? MG_EOVER : MG_EILLEGAL))
            ck_abort_msg("%s: action %d gave %d (%s)", mg_game_id(g), (int)a,
                         rc, buf);
        if (needed != strlen(buf) + 1)
            ck_abort_msg("needed %u for \"%s\"", (unsigned)needed, buf);
        assert_one_line(buf);
        assert_names(s, a, buf);
    }
    mg_state_history(s, NULL, 0, &len1);
    ck_assert_uint_eq(len0, len1);
    ck_assert(mg_state_hash(s) == h);
}

/* Along random games of every property spec, every position checked
 * (or every few on the large boards), and the end explained. */
START_TEST(random_games_every_action)
{
    size_t k;
    uint64_t rng = 0x5EA50A5ULL;
    int games = mg_test_games_upto(4);
    for (k = 0; k < sizeof mg_test_specs / sizeof mg_test_specs[0]; k++) {
        const mg_test_spec *t = &mg_test_specs[k];
        mg_game *g;
        int32_t *legal;
        char *is, end[RT_CAP];
        int gi;
        if (!(t->uses & TS_PROPERTY))
            continue;
        g = rt_game(t->spec);
        legal = malloc((size_t)mg_game_max_legal_actions(g) * sizeof *legal);
        is = malloc((size_t)mg_game_num_actions(g));
        ck_assert(legal && is);
        for (gi = 0; gi < games; gi++) {
            mg_state *s = rt_state(g);
            int ply = 0, every = mg_game_num_actions(g) > 600 ? 7 : 1;
            while (!mg_state_is_terminal(s) && ply < 2000) {
                size_t n = 0;
                if (ply % every == 0)
                    check_position(s, legal, is);
                mg_state_legal_actions(s, legal,
                                       (size_t)mg_game_max_legal_actions(g),
                                       &n);
                if (mg_state_apply(s, legal[mg_test_rand_below(&rng, n)]) !=
                    MG_OK)
                    ck_abort_msg("%s: a legal action refused", t->spec);
                ply++;
            }
            if (mg_state_is_terminal(s)) {
                size_t needed = 0;
                check_position(s, legal, is);
                ck_assert_int_eq(mg_state_end_reason(s, end, sizeof end,
                                                     &needed),
                                 MG_OK);
                assert_one_line(end);
                ck_assert_msg(strstr(end, "(rules ") != NULL, "%s: %s",
                              t->spec, end);
            }
            mg_state_free(s);
        }
        free(legal);
        free(is);
        mg_game_free(g);
    }
}
END_TEST

/* Out of range, NULL, buffers, and a game that is not over. */
START_TEST(contract)
{
    mg_game *g = rt_game("dots_and_boxes(rows=2,cols=2)");
    mg_state *s = rt_state(g);
    char buf[RT_CAP], small[8];
    size_t needed = 0, n2 = 0;
    int32_t a = rt_action(s, "a1-b1");
    rt_expect(s, -1, MG_ERANGE,
              "action -1 does not exist in this game: its action ids are 0 "
              "to 11 (rules 0)");
    rt_expect(s, 12, MG_ERANGE,
              "action 12 does not exist in this game: its action ids are 0 "
              "to 11 (rules 0)");
    ck_assert_int_eq(mg_state_illegal_reason(NULL, 0, buf, sizeof buf, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_illegal_reason(s, 0, NULL, 5, NULL), MG_EINVAL);
    ck_assert_int_eq(mg_state_end_reason(NULL, buf, sizeof buf, NULL),
                     MG_EINVAL);
    ck_assert_int_eq(mg_state_end_reason(s, NULL, 5, NULL), MG_EINVAL);
    /* not over: MG_EINVAL and "" */
    strcpy(buf, "junk");
    ck_assert_int_eq(mg_state_end_reason(s, buf, sizeof buf, &needed),
                     MG_EINVAL);
    ck_assert_str_eq(buf, "");
    /* legal: "" (the size query says 1) */
    ck_assert_int_eq(mg_state_illegal_reason(s, a, NULL, 0, &needed),
                     MG_ENOBUFS);
    ck_assert_uint_eq(needed, 1);
    rt_expect(s, a, MG_OK, "");
    /* the size query, then the exact size */
    rt_play(s, "a1-b1");
    ck_assert_int_eq(mg_state_illegal_reason(s, a, NULL, 0, &needed),
                     MG_ENOBUFS);
    ck_assert_uint_gt(needed, 8);
    ck_assert_int_eq(mg_state_illegal_reason(s, a, small, sizeof small, &n2),
                     MG_ENOBUFS);
    ck_assert_uint_eq(n2, needed);
    ck_assert_str_eq(small, "");
    ck_assert_int_eq(mg_state_illegal_reason(s, a, buf, needed, &n2),
                     MG_EILLEGAL);
    ck_assert_uint_eq(strlen(buf) + 1, needed);
    /* over: the end reason, also after the action's name */
    mg_state_playout(s, 1, -1);
    ck_assert_int_eq(mg_state_end_reason(s, buf, sizeof buf, &needed),
                     MG_OK);
    ck_assert_int_eq(mg_state_illegal_reason(s, a, NULL, 0, &n2), MG_ENOBUFS);
    {
        char over[RT_CAP], want[RT_CAP + 64];
        ck_assert_int_eq(mg_state_illegal_reason(s, a, over, sizeof over,
                                                 NULL),
                         MG_EOVER);
        snprintf(want, sizeof want, "a1-b1: the game is over: %s", buf);
        ck_assert_str_eq(over, want);
    }
    mg_state_free(s);
    mg_game_free(g);
}
END_TEST

Suite *mg_reasons_suite(void)
{
    Suite *su = suite_create("reasons");
    TCase *tc = tcase_create("contract");
    tcase_add_test(tc, contract);
    tcase_add_test(tc, random_games_every_action);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(su, tc);
    return su;
}
