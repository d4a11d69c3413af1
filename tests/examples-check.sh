#!/bin/sh
# examples-check.sh DIR - run every example program once, and mg-board
# through each of its commands, formats and exit codes.
set -u
dir=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # expected-status description command...
    want=$1; what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    if [ "$got" != "$want" ]; then
        echo "examples: $what: exit $got, want $want" >&2
        cat "$tmp/err" >&2
        fail=1
    fi
}
check 0 "demo" "$dir/demo"
grep -q "^result: " "$tmp/out" || { echo "examples: demo printed no result" >&2; fail=1; }
check 0 "hello" "$dir/hello"
for kind in octopuszle labyrinth; do
    check 0 "mg-board generate $kind" "$dir/mg-board" generate --kind $kind --seed 42 --format board
    cp "$tmp/out" "$tmp/$kind.board"
    check 0 "mg-board validate $kind" "$dir/mg-board" validate "$tmp/$kind.board"
    grep -q "valid" "$tmp/out" || fail=1
    for fmt in text svg; do
        for view in cells beams both; do
            check 0 "mg-board $kind $fmt $view" "$dir/mg-board" generate --kind $kind --seed 42 --format $fmt --view $view
        done
    done
    grep -q "^<svg " "$tmp/out" || { echo "examples: no SVG" >&2; fail=1; }
done
# a damaged board is invalid (exit 1) and the message says why
sed '4s/#/./' "$tmp/labyrinth.board" > "$tmp/bad.board"
check 1 "mg-board validate damaged" "$dir/mg-board" validate "$tmp/bad.board"
grep -q "invalid" "$tmp/out" || { echo "examples: no reason given" >&2; fail=1; }
check 1 "mg-board validate from stdin" sh -c "'$dir/mg-board' validate - < '$tmp/bad.board'"
check 2 "mg-board no command" "$dir/mg-board"
check 2 "mg-board bad kind" "$dir/mg-board" generate --kind chess
check 2 "mg-board bad seed" "$dir/mg-board" generate --seed -3
check 2 "mg-board missing value" "$dir/mg-board" generate --seed
check 3 "mg-board missing file" "$dir/mg-board" validate "$tmp/none"
[ $fail = 0 ] && echo "examples: all ran" || exit 1
