#!/bin/sh
# install-check.sh MAKE - install into a temporary prefix, then build the
# hello example against the installed tree with pkg-config and run it; run
# the installed tools (mg-match playing the installed mg-engine) with no
# library path set, also after the prefix has moved ($ORIGIN rpath); also
# check a DESTDIR-staged install and uninstall.
set -eu
make=${1:-make}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

$make --no-print-directory -s install PREFIX="$prefix" >/dev/null
for f in include/mindgames.h lib/libmindgames.a lib/libmindgames.so \
         lib/libmindgames.so.1 lib/pkgconfig/mindgames.pc \
         share/doc/mindgames/rules.md bin/mg-play bin/mg-match bin/mg-board \
         bin/mg-engine bin/mg-solve bin/mg-analyse share/man/man1/mg-play.1 \
         share/man/man1/mg-match.1 share/man/man1/mg-board.1 \
         share/man/man1/mg-engine.1 share/man/man1/mg-solve.1 \
         share/man/man1/mg-analyse.1 share/man/man3/mg_bot_analyse.3 \
         share/man/man3/mg_solver_new.3 share/man/man3/mg_solver_values.3 \
         share/man/man7/mindgames-engine.7; do
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

# the installed tools find the installed library by themselves
tools_run() { # PREFIX WHAT
    (unset LD_LIBRARY_PATH; "$1/bin/mg-match" -n 2 -s "dots_and_boxes(rows=2,cols=2)" \
        "cmd:$1/bin/mg-engine random" greedy) >"$tmp/out" 2>&1 &&
        grep -q "^A vs B: .* in 2 games" "$tmp/out" ||
        { echo "install-check: the installed tools did not run ($2)" >&2; cat "$tmp/out" >&2; exit 1; }
    (unset LD_LIBRARY_PATH; "$1/bin/mg-board" generate --kind labyrinth --seed 2) >/dev/null ||
        { echo "install-check: the installed mg-board did not run ($2)" >&2; exit 1; }
}
tools_run "$prefix" "installed"
(unset LD_LIBRARY_PATH; ldd "$prefix/bin/mg-match") |
    grep -q "$prefix/\(bin/\.\./\)\{0,1\}lib/libmindgames.so.1" ||
    { echo "install-check: mg-match does not use the installed library" >&2; exit 1; }
mv "$prefix" "$tmp/moved"
tools_run "$tmp/moved" "after the prefix moved"
mv "$tmp/moved" "$prefix"

# DESTDIR staging: files land under the stage, the .pc names the prefix
$make --no-print-directory -s install PREFIX=/opt/mg DESTDIR="$tmp/stage" >/dev/null
[ -e "$tmp/stage/opt/mg/lib/libmindgames.so.1" ] ||
    { echo "install-check: DESTDIR install incomplete" >&2; exit 1; }
grep -q "^prefix=/opt/mg$" "$tmp/stage/opt/mg/lib/pkgconfig/mindgames.pc" ||
    { echo "install-check: .pc does not name the prefix" >&2; exit 1; }
$make --no-print-directory -s uninstall PREFIX=/opt/mg DESTDIR="$tmp/stage" >/dev/null
left=$(find "$tmp/stage" -type f | wc -l)
[ "$left" -eq 0 ] || { echo "install-check: uninstall left $left files" >&2; exit 1; }
echo "install-check: installed, built with pkg-config, ran, tools ran from the prefix (also moved), uninstalled: ok"
