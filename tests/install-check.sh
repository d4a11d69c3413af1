#!/bin/sh
# install-check.sh MAKE - install into a temporary prefix, then build the
# hello example against the installed tree with pkg-config and run it; also
# check a DESTDIR-staged install and uninstall.
set -eu
make=${1:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

$make --no-print-directory -s install PREFIX="$prefix" >/dev/null
for f in include/mindgames.h lib/libmindgames.a lib/libmindgames.so \
         lib/libmindgames.so.1 lib/pkgconfig/mindgames.pc \
         share/doc/mindgames/rules.md; do
    [ -e "$prefix/$f" ] || { echo "install-check: missing $f" >&2; exit 1; }
done
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
flags=$(pkg-config --cflags --libs mindgames)
${CC:-cc} -std=c99 examples/hello.c -o "$tmp/hello" $flags
LD_LIBRARY_PATH="$prefix/lib" "$tmp/hello" >"$tmp/out"
grep -q "winner" "$tmp/out" || { echo "install-check: hello printed no result" >&2; exit 1; }
# the installed library is the one that ran
LD_LIBRARY_PATH="$prefix/lib" ldd "$tmp/hello" | grep -q "$prefix/lib/libmindgames.so.1" ||
    { echo "install-check: hello did not link the installed library" >&2; exit 1; }
# static linking through the same flags
${CC:-cc} -std=c99 examples/hello.c -o "$tmp/hello-static" \
    $(pkg-config --cflags mindgames) "$prefix/lib/libmindgames.a"
"$tmp/hello-static" >/dev/null

# DESTDIR staging: files land under the stage, the .pc names the prefix
$make --no-print-directory -s install PREFIX=/opt/mg DESTDIR="$tmp/stage" >/dev/null
[ -e "$tmp/stage/opt/mg/lib/libmindgames.so.1" ] ||
    { echo "install-check: DESTDIR install incomplete" >&2; exit 1; }
grep -q "^prefix=/opt/mg$" "$tmp/stage/opt/mg/lib/pkgconfig/mindgames.pc" ||
    { echo "install-check: .pc does not name the prefix" >&2; exit 1; }
$make --no-print-directory -s uninstall PREFIX=/opt/mg DESTDIR="$tmp/stage" >/dev/null
left=$(find "$tmp/stage" -type f | wc -l)
[ "$left" -eq 0 ] || { echo "install-check: uninstall left $left files" >&2; exit 1; }
echo "install-check: installed, built with pkg-config, ran, uninstalled: ok"
