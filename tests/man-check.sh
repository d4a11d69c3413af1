#!/bin/sh
# man-check.sh - every MG_API function of include/mindgames.h has a man3
# page: man/man3/<name>.3, either the page itself or a `.so` stub to the
# page that documents it, and that page names the function in its NAME
# section and shows it in its SYNOPSIS.  Pages for functions that do not
# exist fail too.  Run from the top of the tree.
set -eu
fail=0
names=$(sed -n 's/^MG_API[^(]*[ *]\(mg_[a-z0-9_]*\)(.*/\1/p' include/mindgames.h | sort -u)
[ -n "$names" ] || { echo "man-check: no MG_API functions found" >&2; exit 1; }
for f in $names; do
    page=man/man3/$f.3
    if [ ! -f "$page" ]; then
        echo "man-check: $f has no page ($page)" >&2
        fail=1
        continue
    fi
    if head -n 1 "$page" | grep -q '^\.so '; then
        page=man/$(sed -n '1s/^\.so  *//p' "$page")
        [ -f "$page" ] || { echo "man-check: $f: stub points at missing $page" >&2; fail=1; continue; }
    fi
    # NAME: the lines between .SH NAME and the next .SH
    if ! sed -n '/^\.SH NAME/,/^\.SH /p' "$page" | grep -qw "$f"; then
        echo "man-check: $page does not name $f in NAME" >&2
        fail=1
    fi
    if ! sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$page" | grep -q "$f("; then
        echo "man-check: $page has no synopsis of $f" >&2
        fail=1
    fi
done
for p in man/man3/*.3; do
    n=$(basename "$p" .3)
    echo "$names" | grep -qx "$n" || { echo "man-check: $p documents no MG_API function" >&2; fail=1; }
done
[ $fail = 0 ] || exit 1
echo "man-check: $(echo "$names" | wc -l) functions, each with a page"
