/*
 * check_names.c - players' names (programs/server/names.c): what is
 * allowed, the NFC display form, and the key that makes confusable names
 * one (case, compatibility forms, UTS #39 lookalikes).  Check (make
 * server-check).
 */
#include "names.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

static char disp[MGS_NAME_BYTES], keys[2][MGS_NAME_BYTES], err[256];

static int ok(const char *name)
{
    err[0] = '\0';
    return mgs_name_check(name, disp, keys, err, sizeof err) == 0;
}

/* Whether two allowed names are one player's: a key in common (as the
 * store's unique keys decide). */
static int clash(const char *a, const char *b)
{
    char ka[2][MGS_NAME_BYTES];
    int i, j, n = 0;
    ck_assert_msg(ok(a), "'%s' refused: %s", a, err);
    memcpy(ka, keys, sizeof ka);
    ck_assert_msg(ok(b), "'%s' refused: %s", b, err);
    for (i = 0; i < 2; i++)
        for (j = 0; j < 2; j++)
            n += ka[i][0] && keys[j][0] && strcmp(ka[i], keys[j]) == 0;
    return n > 0;
}

static void refused(const char *name, const char *why)
{
    ck_assert_msg(!ok(name), "'%s' allowed (key '%s')", name, keys[0]);
    ck_assert_msg(strstr(err, why) != NULL, "'%s': '%s' does not say '%s'",
                  name, err, why);
    ck_assert_str_eq(disp, "");
    ck_assert_str_eq(keys[0], "");
    ck_assert_str_eq(keys[1], "");
}

START_TEST(allowed_names)
{
    static const char *const names[] = {
        "alice", "Bob_42", "mind-games", "abc", "abcdefghijklmnopqrst",
        "123", "Ωμέγα", "Ηλίας", "Иван", "日本語", "김민준", "José",
        "ä_ö_ü", NULL};
    int i;
    for (i = 0; names[i]; i++) {
        ck_assert_msg(ok(names[i]), "'%s' refused: %s", names[i], err);
        ck_assert_str_eq(disp, names[i]); /* already NFC */
        ck_assert(keys[0][0] != '\0');
    }
}
END_TEST

START_TEST(one_name_many_spellings)
{
    /* case */
    ck_assert(clash("alice", "ALICE"));
    ck_assert(clash("alice", "Alice"));
    /* full-width forms (NFKC) */
    ck_assert(clash("alice",
                    "\xef\xbd\x81\xef\xbd\x8c\xef\xbd\x89\xef\xbd\x83\xef\xbd\x85"));
    /* capital I for l, rn for m, 0 for O (UTS #39 confusables) */
    ck_assert(clash("paul", "pauI"));
    ck_assert(clash("paul", "PAUI"));
    ck_assert(clash("PAUL", "pauI"));
    ck_assert(clash("modern", "rnodern"));
    ck_assert(clash("bob", "b0b"));
    ck_assert(clash("Ivan", "lvan"));
    /* composed and decomposed e-acute: one display form, one player */
    ck_assert(clash("Jos\xc3\xa9", "Jose\xcc\x81"));
    ck_assert_str_eq(disp, "Jos\xc3\xa9");
    /* a Greek name and its capitals */
    ck_assert(clash("\xce\xa9\xce\xbc\xce\xad\xce\xb3\xce\xb1",
                    "\xce\xa9\xce\x9c\xce\x88\xce\x93\xce\x91"));
    /* and different names stay different */
    ck_assert(!clash("alice", "alicia"));
    ck_assert(!clash("paul", "paui")); /* lower-case i and l differ */
    ck_assert(!clash("bob", "rob"));
    ck_assert(!clash("Bob_42", "Bob_43"));
    ck_assert(!clash("mind-games", "mindgames2"));
}
END_TEST

START_TEST(refused_names)
{
    char many[64], more[200];
    refused("", "no name");
    refused("ab", "3 to 20 characters, not 2");
    refused("abcdefghijklmnopqrstu", "3 to 20 characters, not 21");
    memset(many, 'a', 63);
    many[63] = '\0';
    refused(many, "3 to 20 characters, not 63");
    memset(more, 'a', 199);
    more[199] = '\0';
    refused(more, "at most 20 characters");
    refused("a b", "not U+0020");
    refused("al!ce", "not '!'");
    refused("bob@x", "not '@'");
    refused("_bob", "'_' may stand only between");
    refused("bob-", "may not end with '-'");
    refused("bo--b", "'-' may stand only between");
    refused("b\xe2\x80\x8b" "ob", "invisible character U+200B");
    refused("\xcc\x81" "bob", "must follow a letter");
    refused("bob\xf0\x9f\x98\x80", "not U+1F600"); /* an emoji */
    refused("\xff\xfe" "bob", "UTF-8");
    refused("bo\xc3", "UTF-8");
    /* Latin with a Cyrillic a (U+0430): mixed scripts */
    refused("\xd0\xb0lice", "one script");
    /* ASCII and full-width digits (both of no script) */
    refused("bob1\xef\xbc\x92", "one numbering system");
    refused("bob1\xd9\xa2", "one script"); /* Arabic-Indic two */
    refused("admin", "reserved");
    refused("ADMlN", "reserved");
    refused("Guest", "reserved");
}
END_TEST

START_TEST(null_arguments)
{
    ck_assert_int_eq(mgs_name_check(NULL, disp, keys, err, sizeof err), -1);
    ck_assert_int_eq(mgs_name_check("alice", NULL, keys, err, sizeof err), -1);
    ck_assert_int_eq(mgs_name_check("alice", disp, NULL, err, sizeof err), -1);
    ck_assert_int_eq(mgs_name_check("alice", disp, keys, NULL, 0), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("names");
    TCase *tc = tcase_create("names");
    SRunner *sr;
    int failed;
    tcase_add_test(tc, allowed_names);
    tcase_add_test(tc, one_name_many_spellings);
    tcase_add_test(tc, refused_names);
    tcase_add_test(tc, null_arguments);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
