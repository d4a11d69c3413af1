#!/bin/sh
# exports-check.sh SHLIB STLIB - the shared library exports exactly the
# functions declared MG_API in the header, which are exactly those listed in
# lib/mindgames.map; the static library defines only mg_-prefixed globals.
set -eu
so=$1
a=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRW]$/ {sub(/@.*/, "", $3); print $3}' |
    grep -v '^MINDGAMES_' | sort -u >"$tmp/exported"
sed -n 's/^MG_API[^(]*[ *]\(mg_[a-z0-9_]*\)(.*/\1/p' include/mindgames.h | sort -u >"$tmp/header"
sed -n 's/^[[:space:]]*\(mg_[a-z0-9_]*\);.*/\1/p' lib/mindgames.map | sort -u >"$tmp/map"
fail=0
if ! cmp -s "$tmp/exported" "$tmp/header"; then
    echo "exports-check: exported symbols differ from the header's MG_API functions:" >&2
    diff "$tmp/header" "$tmp/exported" >&2 || true
    fail=1
fi
if ! cmp -s "$tmp/map" "$tmp/header"; then
    echo "exports-check: lib/mindgames.map differs from the header:" >&2
    diff "$tmp/header" "$tmp/map" >&2 || true
    fail=1
fi
bad=$(nm --defined-only "$a" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[A-Z]$/ {print $3}' | grep -v '^mg_' || true)
if [ -n "$bad" ]; then
    echo "exports-check: static library defines non-mg_ globals: $bad" >&2
    fail=1
fi
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
major=$(sed -n 's/^#define MG_VERSION_MAJOR \([0-9]*\).*/\1/p' include/mindgames.h)
if [ "$soname" != "libmindgames.so.$major" ]; then
    echo "exports-check: SONAME is '$soname', want libmindgames.so.$major" >&2
    fail=1
fi
[ $fail = 0 ] || exit 1
echo "exports-check: $(wc -l <"$tmp/exported") functions exported, map and header agree, SONAME $soname"
