/*
 * names.h - players' names: which are allowed, how they are shown, and
 * which two are one (confusable).  ICU (Debian's libicu) does the
 * Unicode: normalisation (UAX #15), the identifier restriction levels and
 * confusable skeletons of UTS #39 (uspoof).
 *
 * A name is 3 to 20 characters (code points, after NFC) of letters,
 * digits and combining marks of one script (ICU's "highly restrictive"
 * level: one script, or Han with Hiragana/Katakana/Hangul/Bopomofo), with
 * '_' or '-' between them (never first, last or two in a row); no
 * invisible characters, no mix of digits from different systems.
 *
 * Two names are one player's when they share a key.  A name has two
 * keys (equal for most names): the UTS #39 skeleton of its case-folded
 * NFKC form, which makes "Alice", "ALICE", "alice" in full-width letters
 * and lookalikes such as "b0b" and "bob" one; and the case fold of its NFKC form's
 * skeleton, which catches what case folding hides ("pauI" with a
 * capital I is "paul", though "paui" is not).  The store keeps every
 * key unique.  Names are stored and shown in NFC.
 */
#ifndef MGS_NAMES_H
#define MGS_NAMES_H

#include <stddef.h>

#define MGS_NAME_MIN 3    /* characters */
#define MGS_NAME_MAX 20
#define MGS_NAME_BYTES 96 /* room for a name's NFC or key in UTF-8, NUL */

/* Check `name` (UTF-8, NUL-terminated).  On success returns 0 with its
 * NFC form in display and its two keys in keys (each MGS_NAME_BYTES;
 * keys[1] is "" when it equals keys[0]).  Else returns -1 with a
 * sentence naming what is wrong in err (display and keys then ""): not
 * UTF-8, too short or long, a character not allowed (named as U+XXXX), a
 * '_' or '-' misplaced, scripts or digit systems mixed, a reserved name.
 * Thread-safe; allocates only inside ICU. */
int mgs_name_check(const char *name, char display[MGS_NAME_BYTES],
                   char keys[2][MGS_NAME_BYTES], char *err, size_t errcap);

#endif /* MGS_NAMES_H */
