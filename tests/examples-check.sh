#!/bin/sh
# examples-check.sh DIR [PROGDIR] - run every example program (in DIR)
# once and, of the tools (in PROGDIR, by default DIR/../programs), mg-board
# through each of its commands, formats and exit codes, mg-play bot vs bot
# and with a human's commands piped in (and what a new user found: NUL
# bytes, extra words, huge specs, directories), the pictures (a board per
# turn, the legend, the China beam crossings, Chains of Thought's open
# points) and a short mg-match.  The engine protocol, mg-match's
# tournaments and the example engines: tests/tools-check.sh.
set -u
dir=$1
prog=${2:-$dir/../programs}
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
[ "$(wc -l <"$tmp/out")" -lt 400 ] || { echo "examples: demo printed $(wc -l <"$tmp/out") lines" >&2; fail=1; }
[ "$(grep -c "^after turn" "$tmp/out")" = 3 ] || { echo "examples: demo shows the board other than 3 times" >&2; fail=1; }
check 0 "hello" "$dir/hello"
for kind in octopuszle labyrinth; do
    check 0 "mg-board generate $kind" "$prog/mg-board" generate --kind $kind --seed 42 --format board
    cp "$tmp/out" "$tmp/$kind.board"
    check 0 "mg-board validate $kind" "$prog/mg-board" validate "$tmp/$kind.board"
    grep -q "valid" "$tmp/out" || fail=1
    for fmt in text svg; do
        for view in cells beams both; do
            check 0 "mg-board $kind $fmt $view" "$prog/mg-board" generate --kind $kind --seed 42 --format $fmt --view $view
        done
    done
    grep -q "^<svg " "$tmp/out" || { echo "examples: no SVG" >&2; fail=1; }
done
# a damaged board is invalid (exit 1) and the message says why
sed '4s/#/./' "$tmp/labyrinth.board" > "$tmp/bad.board"
check 1 "mg-board validate damaged" "$prog/mg-board" validate "$tmp/bad.board"
grep -q "invalid" "$tmp/out" || { echo "examples: no reason given" >&2; fail=1; }
check 1 "mg-board validate from stdin" sh -c "'$prog/mg-board' validate - < '$tmp/bad.board'"
check 2 "mg-board no command" "$prog/mg-board"
check 2 "mg-board bad kind" "$prog/mg-board" generate --kind chess
check 2 "mg-board bad seed" "$prog/mg-board" generate --seed -3
check 2 "mg-board missing value" "$prog/mg-board" generate --seed
check 3 "mg-board missing file" "$prog/mg-board" validate "$tmp/none"
check 3 "mg-board a directory" "$prog/mg-board" validate "$tmp"
grep -q "is a directory" "$tmp/err" || { echo "examples: mg-board directory: no reason" >&2; fail=1; }
for h in -h --help help; do
    check 0 "mg-board $h" "$prog/mg-board" $h
    grep -q "^usage: mg-board" "$tmp/out" || { echo "examples: mg-board $h: no usage" >&2; fail=1; }
done

# mg-play: bot vs bot to the end, on a small game and on a China board
want() { # pattern description: the last output has a line matching it
    grep -q "$1" "$tmp/out" || { echo "examples: $2: no '$1' in the output" >&2; fail=1; }
}
small="dots_and_boxes(rows=2,cols=2)"
check 0 "mg-play --help" "$prog/mg-play" --help
want "^usage: mg-play" "mg-play --help"
check 0 "mg-play bot vs bot" sh -c "'$prog/mg-play' -s '$small' -0 random -1 'mcts(iterations=50)' --seed 3 < /dev/null"
want "^seat 1 (mcts(iterations=50)) plays " "mg-play bot vs bot"
want "^result: " "mg-play bot vs bot"
check 0 "mg-play china bot vs bot" "$prog/mg-play" -s china_tangle --board-seed 3 -0 greedy -1 random -q
want "^mg-play .*china_tangle(board=3," "mg-play --board-seed"
want "^result: " "mg-play china bot vs bot"
"$prog/mg-board" generate --kind labyrinth --seed 4 > "$tmp/b4.board"
check 0 "mg-play --board" "$prog/mg-play" -s china_grove --board "$tmp/b4.board" -0 random -1 random -q
want "^result: " "mg-play --board"
# a human through a pipe: help, a move, save, undo, load, a bad move, EOF
printf 'help\na1-b1\nsave %s\nundo\nload %s\nzz9\n' "$tmp/g.rec" "$tmp/g.rec" > "$tmp/in"
check 0 "mg-play piped human" sh -c "'$prog/mg-play' -s '$small' -1 random < '$tmp/in'"
want "^legal moves (12):" "mg-play help"
want "a1-b1 a1-a2 b1-c1" "mg-play help"
want "^saved to " "mg-play save"
want "^took back 2 actions" "mg-play undo"
want "^loaded " "mg-play load"
want "^not a move or command: " "mg-play bad move"
want "^end of input" "mg-play EOF"
grep -q "^actions 2$" "$tmp/g.rec" || { echo "examples: mg-play saved no record" >&2; fail=1; }
# two humans through a pipe, every line once: the game ends; then quit
printf '%s\n' a1-b1 a1-a2 b1-c1 b1-b2 c1-c2 a2-b2 a2-a3 b2-c2 b2-b3 c2-c3 a3-b3 b3-c3 > "$tmp/in"
check 0 "mg-play two humans" sh -c "'$prog/mg-play' -s '$small' -0 human -1 human < '$tmp/in'"
want "^result: seat . (human) wins" "mg-play two humans"
check 0 "mg-play quit" sh -c "echo quit | '$prog/mg-play' -s '$small'"
want "^quit" "mg-play quit"
check 2 "mg-play bad option" "$prog/mg-play" --colour red
check 2 "mg-play bad spec" "$prog/mg-play" -s "dots_and_boxes(rows=0)"
check 2 "mg-play bad bot" "$prog/mg-play" -1 "no_such_bot"
check 2 "mg-play bad seed" "$prog/mg-play" --seed -1

# what a new user found
printf 'a1-\000b1\na1-b1\nquit now\nundo 5\nundo x\nshow me\nload %s\nquit\n' "$tmp" > "$tmp/in"
check 0 "mg-play odd lines" sh -c "'$prog/mg-play' -s '$small' -1 random < '$tmp/in'"
want "NUL byte: ignored" "mg-play NUL line"
want "^seat 1 (random) plays " "mg-play: the line after a NUL byte is read"
want "^quit takes no arguments" "mg-play quit now"
want "^took back 2 actions (back to the start: only 1 of 5" "mg-play undo 5"
want "^undo takes a number" "mg-play undo x"
want "^show takes no arguments" "mg-play show me"
want "^load: .*: is a directory" "mg-play load a directory"
want "^quit$" "mg-play quit after the refusals"
long=$(head -c 100000 /dev/zero | tr '\0' a)
check 2 "mg-play huge spec" "$prog/mg-play" -s "$long"
[ "$(wc -c <"$tmp/err")" -lt 2000 ] || { echo "examples: mg-play echoes a huge spec whole" >&2; fail=1; }
grep -q "(100000 characters)" "$tmp/err" || { echo "examples: mg-play huge spec: no length" >&2; fail=1; }
check 2 "mg-match huge bot" "$prog/mg-match" random "$long"
[ "$(wc -c <"$tmp/err")" -lt 4000 ] || { echo "examples: mg-match echoes a huge bot spec whole" >&2; fail=1; }

# the pictures: once per turn, a legend, beam crossings, open points
check 0 "mg-play turns" "$prog/mg-play" -s china_squares --board-seed 3 -0 greedy -1 random
boards=$(grep -c "^turn [0-9]*: \|^game over" "$tmp/out")
turns=$(grep -c "^seat [01] (.*) plays " "$tmp/out")
[ "$boards" = $((turns + 1)) ] || { echo "examples: mg-play showed $boards boards for $turns turns" >&2; fail=1; }
want "^legend:" "mg-play legend"
want "two diagonal" "mg-play legend of the beams"
grep -q '|x|' "$tmp/out" && { echo "examples: mg-play shows beam crossings as x" >&2; fail=1; }
want '|+|' "mg-play beam crossings"
check 0 "mg-play chains" "$prog/mg-play" -s chains_of_thought -0 random -1 random
want "columns" "mg-play chains legend"
want "slant" "mg-play chains legend"
# one vocabulary: the legend's stones and the status lines say Black/White
want "^  X  *a Black stone (seat 0)$" "mg-play chains legend"
want "^  O  *a White stone (seat 1)$" "mg-play chains legend"
want "^White (seat 1): [0-9]* stones*" "mg-play chains status"
grep -q '^[0-9] .*\*' "$tmp/out" || { echo "examples: mg-play marks no open point" >&2; fail=1; }

# mg-match: a handful of games, the summary lines, usage errors
check 0 "mg-match" "$prog/mg-match" -n 6 -s "$small" --seed 5 -v random greedy
want "^game 6: A seat 1, " "mg-match -v"
want "^A vs B: [0-9]* wins, [0-9]* draws, [0-9]* losses in 6 games" "mg-match"
want "^score rate of A: .*95% confidence interval \[.*\] (Wilson score interval)" "mg-match"
want "^elapsed: " "mg-match"
check 0 "mg-match --help" "$prog/mg-match" --help
check 2 "mg-match one bot" "$prog/mg-match" random
check 2 "mg-match bad bot" "$prog/mg-match" random no_such_bot
check 2 "mg-match bad -n" "$prog/mg-match" -n 0 random random
[ $fail = 0 ] && echo "examples: all ran" || exit 1
