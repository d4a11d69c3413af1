/*
 * names.c - players' names (names.h) with ICU: NFC for display, and the
 * key that makes confusable names one name.
 */
#include "names.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#define UCAP 128 /* UTF-16 units: a name's forms are far below */

/* Names nobody may take (compared by key, so "ADMIN" and "admln" too). */
static const char *const reserved[] = {
    "admin",     "administrator", "mindgames", "moderator", "system",
    "server",    "root",          "anonymous", "guest",     "null",
    "undefined", "nobody",        "spectator", "player",    NULL};

static void say(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    if (!err || cap == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

/* The keys of the UTF-16 text s (n units) into k[0], k[1] (UCAP units
 * each; n[0], n[1] their lengths): skeleton(fold(nfkc)) and
 * fold(skeleton(nfkc)). */
static void keys_of(USpoofChecker *sc, const UChar *s, int32_t n,
                    UChar k[2][UCAP], int32_t nk[2], UErrorCode *st)
{
    UChar a[UCAP], b[UCAP];
    int32_t na, nb;
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance(st);
    nk[0] = nk[1] = 0;
    if (U_FAILURE(*st))
        return;
    na = unorm2_normalize(nfkc, s, n, a, UCAP, st);
    nb = u_strFoldCase(b, UCAP, a, na, U_FOLD_CASE_DEFAULT, st);
    nk[0] = uspoof_getSkeleton(sc, 0, b, nb, k[0], UCAP, st);
    nb = uspoof_getSkeleton(sc, 0, a, na, b, UCAP, st);
    nk[1] = u_strFoldCase(k[1], UCAP, b, nb, U_FOLD_CASE_DEFAULT, st);
}

static int same(const UChar *a, int32_t na, const UChar *b, int32_t nb)
{
    return na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0;
}

static int is_joiner(UChar32 c)
{
    return c == '_' || c == '-';
}

static int8_t category(UChar32 c)
{
    return (int8_t)u_charType(c);
}

static int is_mark(UChar32 c)
{
    int8_t t = category(c);
    return t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK ||
           t == U_ENCLOSING_MARK;
}

/* The characters of an NFC name: the rule of names.h, or a message. */
static int check_chars(const UChar *s, int32_t n, int32_t *count, char *err,
                       size_t errcap)
{
    int32_t i = 0, chars = 0;
    UChar32 c, prev = 0;
    while (i < n) {
        U16_NEXT(s, i, n, c);
        chars++;
        if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) {
            say(err, errcap, "a name may not contain the invisible "
                "character U+%04X", (unsigned)c);
            return -1;
        }
        if (is_joiner(c)) {
            if (chars == 1 || is_joiner(prev)) {
                say(err, errcap, "'%c' may stand only between letters or "
                    "digits of a name", (char)c);
                return -1;
            }
        } else if (is_mark(c)) {
            if (chars == 1 || is_joiner(prev)) {
                say(err, errcap, "the combining mark U+%04X must follow a "
                    "letter", (unsigned)c);
                return -1;
            }
        } else if (!u_hasBinaryProperty(c, UCHAR_ALPHABETIC) &&
                   category(c) != U_DECIMAL_DIGIT_NUMBER) {
            if (c < 0x80 && c > 0x20 && c != 0x7f)
                say(err, errcap, "a name has letters, digits, '_' and '-' "
                    "only, not '%c'", (char)c);
            else
                say(err, errcap, "a name has letters, digits, '_' and '-' "
                    "only, not U+%04X", (unsigned)c);
            return -1;
        }
        prev = c;
    }
    if (is_joiner(prev)) {
        say(err, errcap, "a name may not end with '%c'", (char)prev);
        return -1;
    }
    *count = chars;
    return 0;
}

static int fail(char display[MGS_NAME_BYTES], char keys[2][MGS_NAME_BYTES],
                USpoofChecker *sc)
{
    display[0] = keys[0][0] = keys[1][0] = '\0';
    if (sc)
        uspoof_close(sc);
    return -1;
}

int mgs_name_check(const char *name, char display[MGS_NAME_BYTES],
                   char keys[2][MGS_NAME_BYTES], char *err, size_t errcap)
{
    UErrorCode st = U_ZERO_ERROR;
    USpoofChecker *sc = NULL;
    UChar in[UCAP], nfc[UCAP], k[2][UCAP], rk[2][UCAP];
    int32_t nin, nnfc, nk[2], nrk[2], chars = 0, bits, i, a, b;
    const UNormalizer2 *nfcn;

    if (!display || !keys)
        return -1;
    display[0] = keys[0][0] = keys[1][0] = '\0';
    if (!name || !*name) {
        say(err, errcap, "no name");
        return -1;
    }
    if (strlen(name) > 4 * MGS_NAME_MAX + 8) {
        say(err, errcap, "a name has at most %d characters", MGS_NAME_MAX);
        return -1;
    }
    u_strFromUTF8(in, UCAP, &nin, name, -1, &st);
    if (U_FAILURE(st)) {
        say(err, errcap, "a name must be UTF-8 text");
        return fail(display, keys, NULL);
    }
    nfcn = unorm2_getNFCInstance(&st);
    nnfc = U_SUCCESS(st) ? unorm2_normalize(nfcn, in, nin, nfc, UCAP, &st) : 0;
    if (U_FAILURE(st)) {
        say(err, errcap, "a name has at most %d characters", MGS_NAME_MAX);
        return fail(display, keys, NULL);
    }
    if (check_chars(nfc, nnfc, &chars, err, errcap) != 0)
        return fail(display, keys, NULL);
    if (chars < MGS_NAME_MIN || chars > MGS_NAME_MAX) {
        say(err, errcap, "a name has %d to %d characters, not %d",
            MGS_NAME_MIN, MGS_NAME_MAX, (int)chars);
        return fail(display, keys, NULL);
    }
    sc = uspoof_open(&st);
    uspoof_setChecks(sc, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE |
                             USPOOF_MIXED_NUMBERS,
                     &st);
    uspoof_setRestrictionLevel(sc, USPOOF_HIGHLY_RESTRICTIVE);
    bits = U_SUCCESS(st) ? uspoof_check(sc, nfc, nnfc, NULL, &st) : 0;
    if (U_FAILURE(st)) {
        say(err, errcap, "the name could not be checked (%s)",
            u_errorName(st));
        return fail(display, keys, sc);
    }
    if (bits & USPOOF_RESTRICTION_LEVEL) {
        say(err, errcap, "a name is written in one script (its letters "
            "may not mix e.g. Latin and Cyrillic)");
        return fail(display, keys, sc);
    }
    if (bits & USPOOF_MIXED_NUMBERS) {
        say(err, errcap, "a name's digits are of one numbering system");
        return fail(display, keys, sc);
    }
    if (bits & USPOOF_INVISIBLE) {
        say(err, errcap, "a name may not repeat a combining mark");
        return fail(display, keys, sc);
    }
    keys_of(sc, nfc, nnfc, k, nk, &st);
    /* each reserved name as written and in capitals ("ADMIN"'s I is
     * what "ADMlN" looks like) */
    for (i = 0; U_SUCCESS(st) && reserved[i / 2]; i++) {
        UChar r[UCAP], up[UCAP];
        int32_t nr;
        u_strFromUTF8(r, UCAP, &nr, reserved[i / 2], -1, &st);
        if (i % 2) {
            nr = u_strToUpper(up, UCAP, r, nr, "", &st);
            memcpy(r, up, sizeof r);
        }
        keys_of(sc, r, nr, rk, nrk, &st);
        for (a = 0; a < 2; a++)
            for (b = 0; b < 2; b++)
                if (U_SUCCESS(st) && same(k[a], nk[a], rk[b], nrk[b])) {
                    say(err, errcap, "the name '%s' is reserved",
                        reserved[i / 2]);
                    return fail(display, keys, sc);
                }
    }
    if (U_SUCCESS(st))
        u_strToUTF8(display, MGS_NAME_BYTES, NULL, nfc, nnfc, &st);
    for (a = 0; a < 2 && U_SUCCESS(st); a++)
        if (a == 0 || !same(k[0], nk[0], k[1], nk[1]))
            u_strToUTF8(keys[a], MGS_NAME_BYTES, NULL, k[a], nk[a], &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) {
        say(err, errcap, "the name could not be checked (%s)",
            u_errorName(st));
        return fail(display, keys, sc);
    }
    uspoof_close(sc);
    return 0;
}
