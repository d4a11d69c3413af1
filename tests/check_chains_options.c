/*
 * check_chains_options.c - Chains of Thought on its ten boards
 * (doc/rules.md §0, §5; sections cited per test): the options and canonical
 * specs on every board, and the specs refused.
 *
 * The boards built here: chains_boards_test.h.  The rest:
 * check_chains_boards.c and check_chains_games.c.
 */
#include "chains_boards_test.h"

/* ---------------------------------------------------------- options */

static void check_spec(const char *in, const char *want)
{
    mg_game *g, *g2;
    char buf[512];
    MG_GAME(g, in);
    spec_of(g, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    MG_GAME(g2, buf);
    spec_of(g2, buf, sizeof buf);
    ck_assert_str_eq(buf, want);
    mg_game_free(g2);
    mg_game_free(g);
}

/* §5 options, §0 spec strings: the defaults, every value, canonical. */
START_TEST(options_and_canonical_spec)
{
    static const char *const dflt =
        "chains_of_thought(board=hex4,goal=largest,placement=sum_equal,"
        "movement=merge_except_largest,removal=adjacent)";
    int i;
    check_spec("chains_of_thought", dflt);
    check_spec("chains_of_thought()", dflt);
    check_spec("Chains_Of_Thought( BOARD = Hex4 )", dflt);
    check_spec("chains_of_thought(removal=Ludii)",
               "chains_of_thought(board=hex4,goal=largest,placement=sum_equal,"
               "movement=merge_except_largest,removal=ludii)");
    check_spec("chains_of_thought(removal=ludii,board=trisquare6,"
               "goal=stalemate)",
               "chains_of_thought(board=trisquare6,goal=stalemate,"
               "placement=sum_equal,movement=merge_except_largest,"
               "removal=ludii)");
    check_spec("chains_of_thought(removal=none,movement=must_merge,"
               "placement=not_self_adjacent,goal=stalemate,board=trisquare8)",
               "chains_of_thought(board=trisquare8,goal=stalemate,"
               "placement=not_self_adjacent,movement=must_merge,removal=none)");
    for (i = 0; i < N_BOARDS; i++) {
        char in[128], want[256];
        mg_game *g;
        snprintf(in, sizeof in, "chains_of_thought(board=%s)", boards[i].name);
        snprintf(want, sizeof want,
                 "chains_of_thought(board=%s,goal=largest,placement=sum_equal,"
                 "movement=merge_except_largest,removal=adjacent)",
                 boards[i].name);
        check_spec(in, want);
        /* §5.3: PLACE(s) = s, STEP(f, slot) = P + f*D + slot */
        MG_GAME(g, in);
        ck_assert_int_eq(mg_game_num_actions(g),
                         boards[i].P + boards[i].P * boards[i].D);
        ck_assert_int_eq(mg_game_max_legal_actions(g),
                         boards[i].P * boards[i].D);
        ck_assert_str_eq(mg_game_id(g), "chains_of_thought");
        mg_game_free(g);
    }
}
END_TEST

START_TEST(option_refusals)
{
    static const struct {
        const char *spec;
        int rc;
    } bad[] = {
        {"chains_of_thought(board=hex5)", MG_EVALUE},
        {"chains_of_thought(board=square)", MG_EVALUE},
        {"chains_of_thought(board=4)", MG_EVALUE},
        {"chains_of_thought(goal=most)", MG_EVALUE},
        {"chains_of_thought(placement=anywhere)", MG_EVALUE},
        {"chains_of_thought(movement=free)", MG_EVALUE},
        {"chains_of_thought(removal=all)", MG_EVALUE},
        {"chains_of_thought(size=4)", MG_EOPTION},
        {"chains_of_thought(board=hex4,board=hex7)", MG_EOPTION},
        {"chains_of_thought(board=hex4", MG_ESYNTAX},
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mg_game *g = (mg_game *)1;
        char err[256] = "";
        int rc = mg_game_new(&g, bad[i].spec, err, sizeof err);
        ck_assert_msg(rc == bad[i].rc, "%s: got %d (%s), want %d",
                      bad[i].spec, rc, err, bad[i].rc);
        ck_assert_ptr_null(g);
        ck_assert_msg(err[0] != '\0', "%s: no message", bad[i].spec);
    }
}
END_TEST

Suite *mg_chains_options_suite(void)
{
    Suite *s = suite_create("chains_options");
    TCase *opts = tcase_create("options");
    tcase_add_test(opts, options_and_canonical_spec);
    tcase_add_test(opts, option_refusals);
    suite_add_tcase(s, opts);
    return s;
}
