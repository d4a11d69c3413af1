#!/bin/sh
# abi-check.sh - the ABI checks of `make check-abi` and the baseline of
# `make abi-baseline`.
#
#   abi-check.sh check SHLIB STLIB ABI_SO BASELINE
#   abi-check.sh bless ABI_SO BASELINE
#
# check:
#   1. the shared library exports exactly the functions declared MG_API in
#      include/mindgames.h, which are exactly the names in lib/mindgames.map
#      (each once), and exports no data;
#   2. each exported symbol carries the version node the map lists it in,
#      the nodes are MINDGAMES_<major>.0 .. MINDGAMES_<major>.<minor> in
#      order, each inheriting the previous one, and the newest is the
#      header's MG_VERSION_MAJOR.MG_VERSION_MINOR;
#   3. SONAME is libmindgames.so.<major>;
#   4. the static library defines only mg_-prefixed globals;
#   5. the header compiles alone as strict C99 (-std=c99 -pedantic -Werror,
#      strict prototypes) and as C++ (c++98 and c++17);
#   6. abidiff of ABI_SO (the library built with debug information, see
#      tests/quality.mk) against BASELINE finds no difference at all
#      (additions included: a new function means a new map node, a new
#      minor version and `make abi-baseline`, committed together).
# bless: write BASELINE from ABI_SO with abidw.
#
# Environment: CC (cc), CXX (c++), ABIDW (abidw), ABIDIFF (abidiff).
set -eu

header=include/mindgames.h
map=lib/mindgames.map
ABIDW=${ABIDW:-abidw}
ABIDIFF=${ABIDIFF:-abidiff}
# Stable output: no build paths, locations or sequence-numbered ids, so a
# re-bless changes the file only where the ABI changed.
ABIDW_FLAGS="--headers-dir include --drop-private-types --no-corpus-path \
--no-comp-dir-path --no-show-locs --type-id-style hash"

need_tool() {
    if ! command -v "$1" >/dev/null 2>&1; then
        echo "abi-check: $1 not found (Debian: apt-get install $2)" >&2
        exit 1
    fi
}

mode=${1:-}
if [ "$mode" = bless ]; then
    [ $# = 3 ] || { echo "usage: $0 bless ABI_SO BASELINE" >&2; exit 2; }
    need_tool "$ABIDW" abigail-tools
    mkdir -p "$(dirname "$3")"
    # shellcheck disable=SC2086
    "$ABIDW" $ABIDW_FLAGS --out-file "$3.tmp" "$2"
    mv "$3.tmp" "$3"
    echo "abi-baseline: wrote $3 ($(grep -c '<elf-symbol ' "$3") functions);" \
         "commit it with the map node of the new version"
    exit 0
fi
[ "$mode" = check ] && [ $# = 5 ] ||
    { echo "usage: $0 check SHLIB STLIB ABI_SO BASELINE" >&2; exit 2; }
so=$2
a=$3
abi_so=$4
baseline=$5

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
    echo "check-abi: $*" >&2
    fail=1
}

major=$(sed -n 's/^#define MG_VERSION_MAJOR \([0-9]*\).*/\1/p' "$header")
minor=$(sed -n 's/^#define MG_VERSION_MINOR \([0-9]*\).*/\1/p' "$header")

# 1. exports == header == map ------------------------------------------
nm -D --defined-only "$so" | awk 'NF == 3 {print $2, $3}' |
    grep -v ' MINDGAMES_[0-9.]*$' >"$tmp/dyn" || true
awk '{n = $2; sub(/@.*/, "", n); print n}' "$tmp/dyn" | sort >"$tmp/exported"
sed -n 's/^MG_API[^(]*[ *]\(mg_[a-z0-9_]*\)(.*/\1/p' "$header" | sort >"$tmp/header"
# every MG_API line must have been understood
if [ "$(grep -c '^MG_API' "$header")" != "$(wc -l <"$tmp/header")" ]; then
    bad "an MG_API declaration of $header is not of the form" \
        "'MG_API <type> mg_name(' on one line"
fi
sed -n 's/^[[:space:]]*\(mg_[a-z0-9_]*\);.*/\1/p' "$map" | sort >"$tmp/map"
for f in exported header map; do
    dup=$(uniq -d "$tmp/$f")
    [ -z "$dup" ] || bad "$f lists twice: $dup"
done
if ! cmp -s "$tmp/exported" "$tmp/header"; then
    bad "exported symbols (>) differ from the header's MG_API functions (<):"
    diff "$tmp/header" "$tmp/exported" >&2 || true
fi
if ! cmp -s "$tmp/map" "$tmp/header"; then
    bad "$map (>) differs from the header's MG_API functions (<):"
    diff "$tmp/header" "$tmp/map" >&2 || true
fi
data=$(awk '$1 != "T" {print $2}' "$tmp/dyn")
[ -z "$data" ] || bad "exports that are not functions: $data"

# 2. version nodes -----------------------------------------------------
# node of each name per the map, and per the library's symbol versions
awk '
    /^[[:space:]]*MINDGAMES_[0-9]+\.[0-9]+[[:space:]]*\{/ {
        node = $1; sub(/\{.*/, "", node); next }
    /^[[:space:]]*mg_[a-z0-9_]*;/ { n = $1; sub(/;.*/, "", n); print n "@" node }
' "$map" | sort >"$tmp/map-nodes"
awk '{print $2}' "$tmp/dyn" | sed 's/@@*/@/' | sort >"$tmp/so-nodes"
if ! cmp -s "$tmp/map-nodes" "$tmp/so-nodes"; then
    bad "symbol versions of $so (>) differ from the map's nodes (<):"
    diff "$tmp/map-nodes" "$tmp/so-nodes" >&2 || true
fi
# the nodes in order, each inheriting the one before
sed -n 's/^[[:space:]]*\(MINDGAMES_[0-9]*\.[0-9]*\)[[:space:]]*{.*/\1/p' "$map" >"$tmp/nodes"
sed -n 's/^[[:space:]]*}[[:space:]]*\(MINDGAMES_[0-9.]*\)[[:space:]]*;.*/\1/p' "$map" >"$tmp/parents"
i=0
: >"$tmp/want-nodes"
while [ "$i" -le "$minor" ]; do
    echo "MINDGAMES_$major.$i" >>"$tmp/want-nodes"
    i=$((i + 1))
done
if ! cmp -s "$tmp/nodes" "$tmp/want-nodes"; then
    bad "map nodes are not MINDGAMES_$major.0 .. MINDGAMES_$major.$minor" \
        "in order (header version $major.$minor):"
    diff "$tmp/want-nodes" "$tmp/nodes" >&2 || true
fi
head -n -1 "$tmp/nodes" >"$tmp/want-parents"
if ! cmp -s "$tmp/parents" "$tmp/want-parents"; then
    bad "each map node after the first must inherit the previous one"
fi
newest=$(tail -n 1 "$tmp/nodes")
[ "$newest" = "MINDGAMES_$major.$minor" ] ||
    bad "newest map node is $newest, header version is $major.$minor"

# 3. SONAME ------------------------------------------------------------
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libmindgames.so.$major" ] ||
    bad "SONAME is '$soname', want libmindgames.so.$major"

# 4. static namespace --------------------------------------------------
leak=$(nm --defined-only "$a" 2>/dev/null |
    awk 'NF == 3 && $2 ~ /^[A-Z]$/ {print $3}' | grep -v '^mg_' || true)
[ -z "$leak" ] || bad "static library defines non-mg_ globals:" $leak

# 5. the header alone --------------------------------------------------
printf '#include <mindgames.h>\n' >"$tmp/alone.c"
cp "$tmp/alone.c" "$tmp/alone.cc"
if ! ${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror -Wstrict-prototypes \
    -Wmissing-prototypes -Iinclude -fsyntax-only "$tmp/alone.c" 2>"$tmp/err"; then
    bad "the header does not compile alone as C99:"
    cat "$tmp/err" >&2
fi
for std in c++98 c++17; do
    if ! ${CXX:-c++} -std=$std -pedantic -Wall -Wextra -Werror -Iinclude \
        -fsyntax-only "$tmp/alone.cc" 2>"$tmp/err"; then
        bad "the header does not compile alone as C++ ($std):"
        cat "$tmp/err" >&2
    fi
done

# 6. abidiff against the baseline --------------------------------------
need_tool "$ABIDIFF" abigail-tools
if [ ! -f "$baseline" ]; then
    bad "no baseline $baseline: make abi-baseline, then commit it"
elif ! "$ABIDIFF" --headers-dir2 include "$baseline" "$abi_so" >"$tmp/abidiff" 2>&1; then
    bad "abidiff found ABI changes against $baseline (any change fails;" \
        "re-bless with make abi-baseline only on purpose, with a new map" \
        "node and version):"
    cat "$tmp/abidiff" >&2
fi

[ $fail = 0 ] || exit 1
echo "check-abi: $(wc -l <"$tmp/exported") functions exported = map = header," \
     "versions $newest, SONAME $soname, header C99/C++ clean, abidiff clean"
