#!/bin/sh
# tools-reasons-check.sh BUILD [PYTHON] - the tools say the library's
# reasons (mg_state_illegal_reason, mg_state_end_reason; part of make
# tools-check):
#  - mg-play refuses a move with the reason line "<move>: <rule> (rules
#    N.M)" (rules 3.2.1: a line already drawn; rules 1.3: a cell already
#    taken) and never with the library's error words ("(out of range)",
#    "(malformed text)"); at the end its status says why the game is over
#    (rules 3.2.3: every line drawn); counts of one are singular;
#  - mg-engine and the example engines answer an illegal move of `moves`
#    with the reason line (mindgames-engine(7)), and a move after the end
#    with the game-over line;
#  - mg-match's forfeit for an illegal move carries the reason in its log
#    line, its JSON and the records' "# forfeit:" line; -v and the
#    records' "# end:" line give a game's end reason; mg-play's forfeit
#    line carries it too.
# The texts are the games' own (written in lib/games/*_explain.c), so
# they are not spelled out here: with Python, each is computed through the
# API (tests/tools-reason.py) and compared whole; always, the shape
# "(rules " is checked.
set -u
B=$1
py=${2:-python3}
ex=$B/examples    # the example engines
pr=$B/programs    # the tools
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
small="dots_and_boxes(rows=2,cols=2)"
bad="$B/tests/bad-engine"
lib=$B/libmindgames.so.1
all12="a1-b1 b1-c1 a2-b2 b2-c2 a3-b3 b3-c3 a1-a2 a2-a3 b1-b2 b2-b3 c1-c2 c2-c3"

note() { echo "tools-reasons: $*" >&2; fail=1; }
want() { # FILE PATTERN WHAT
    grep -q -- "$2" "$1" || { note "$3: no '$2' in its output"; sed "s/^/    /" "$1" | tail -n 20 >&2; }
}
wantnot() { # FILE PATTERN WHAT
    ! grep -q -- "$2" "$1" || { note "$3: '$2' in its output"; grep -- "$2" "$1" | head -n 3 >&2; }
}
# The library's line, when Python is there (else empty: the exact
# comparisons are skipped, the shapes still checked).
haspy=0
command -v "$py" >/dev/null 2>&1 && "$py" -c 'import ctypes' 2>/dev/null && haspy=1
[ $haspy = 1 ] || echo "tools-reasons: $py not found: the lines are checked by their shape only"
reason() { # FILE BLOCK [MOVE]
    [ $haspy = 1 ] || return 0
    "$py" tests/tools-reason.py "$lib" "$@" 2>"$tmp/pyerr" ||
        { note "tools-reason.py $*: $(cat "$tmp/pyerr")"; echo "tools-reason.py failed"; }
}
exact() { # FILE LINE WHAT: LINE is a whole line of FILE
    [ $haspy = 1 ] || return 0
    grep -qxF -- "$2" "$1" || { note "$3: no line '$2'"; sed "s/^/    /" "$1" | tail -n 12 >&2; }
}
record() { # SPEC ACTIONS... -> a record on stdout
    spec=$1; shift
    printf 'mindgames-record 1\ngame %s\nactions %d\n%s\n' "$spec" $# "$*"
}

# ------------------------------------------------ mg-play refuses a move
# Dots and Boxes: a line drawn twice (rules 3.2.1), a dot twice and a
# word that is no line (rules 3.4: the parser's sentences).
printf 'a1-b1\na1-b1\na1-a1\nhlep\nquit\n' |
    "$pr/mg-play" -s "$small" -0 human -1 human >"$tmp/out" 2>&1
record "$small" a1-b1 >"$tmp/r1"
line=$(reason "$tmp/r1" 0 a1-b1)
exact "$tmp/out" "${line:-}; type help for the legal moves" "mg-play, a line drawn twice"
want "$tmp/out" "^a1-b1: .*(rules [0-9][0-9.]*.*); type help" "mg-play, a line drawn twice"
want "$tmp/out" "^not a move or command: .*a1.*; type help" "mg-play, a dot twice"
want "$tmp/out" "^not a move or command: .*hlep.*; type help" "mg-play, not a line"
wantnot "$tmp/out" "(out of range)" "mg-play's refusals"
wantnot "$tmp/out" "(malformed text)" "mg-play's refusals"
wantnot "$tmp/out" "(illegal action)" "mg-play's refusals"
wantnot "$tmp/out" "^illegal move:" "mg-play's refusals"

# China Squares (rules 1.3): the first legal cell, then the same cell again
spec="china_squares(board=5)"
printf 'help\nquit\n' | "$pr/mg-play" -s "$spec" -0 human -1 human >"$tmp/out" 2>&1
cell=$(sed -n '/^legal moves/{n;p;q;}' "$tmp/out" | awk '{print $1}')
if [ -z "$cell" ]; then
    note "mg-play China Squares: no legal move listed"
else
    printf '%s\n%s\nquit\n' "$cell" "$cell" |
        "$pr/mg-play" -s "$spec" -0 human -1 human >"$tmp/out" 2>&1
    record "$spec" "$cell" >"$tmp/r2"
    line=$(reason "$tmp/r2" 0 "$cell")
    exact "$tmp/out" "${line:-}; type help for the legal moves" "mg-play China Squares, a cell twice"
    want "$tmp/out" "^$cell: .*(rules [0-9][0-9.]*.*); type help" "mg-play China Squares, a cell twice"
    want "$tmp/out" ": 1 stone, 1 group," "mg-play China Squares: one stone, one group"
    wantnot "$tmp/out" " 1 stones\| 1 groups" "mg-play China Squares: plurals"
fi

# ------------------------------------------------ mg-play at the end
# every line drawn (rules 3.2.3): the status says why
echo "$all12" | tr ' ' '\n' | "$pr/mg-play" -s "$small" -0 human -1 human >"$tmp/out" 2>&1
# shellcheck disable=SC2086
record "$small" $all12 >"$tmp/r3"
line=$(reason "$tmp/r3" 0)
exact "$tmp/out" "A (seat 0): 4  B (seat 1): 0" "mg-play at the end: the scores"
exact "$tmp/out" "game over: ${line:-}" "mg-play at the end"
want "$tmp/out" "game over: .*(rules [0-9][0-9.]*.*)$" "mg-play at the end"
want "$tmp/out" "^result: seat 0 (human) wins" "mg-play at the end"
for s in china_tangle fangqi chains_of_thought; do
    "$pr/mg-play" -s "$s" -0 random -1 greedy -q >"$tmp/out" 2>&1 ||
        note "mg-play $s: bot vs bot failed"
    [ "$(grep -c "game over: .*(rules [0-9][0-9.]*.*)$" "$tmp/out")" = 1 ] ||
        { note "mg-play $s: not one game-over line with its rules"; tail -n 4 "$tmp/out" >&2; }
    wantnot "$tmp/out" " 1 stones\| 1 groups" "mg-play $s: plurals"
done

# ------------------------------------------------ the engines
printf 'hello 1\ngame %s\nmoves a1-b1 a1-b1\nmoves %s a1-b1\nquit\n' "$small" "$all12" |
    "$pr/mg-engine" random >"$tmp/out" 2>&1
line=$(reason "$tmp/r1" 0 a1-b1)
exact "$tmp/out" "error move 2: ${line:-}" "mg-engine, an illegal move"
want "$tmp/out" "^error move 2: a1-b1: .*(rules [0-9][0-9.]*.*)$" "mg-engine, an illegal move"
line=$(reason "$tmp/r3" 0 a1-b1)
exact "$tmp/out" "error move 13: ${line:-}" "mg-engine, a move after the end"
want "$tmp/out" "^error move 13: a1-b1: .*(rules [0-9][0-9.]*.*)$" "mg-engine, a move after the end"
for e in engine-greedy engine-sites; do
    printf 'hello 1\ngame %s\nmoves a1-b1 a1-b1\nquit\n' "$small" | "$ex/$e" >"$tmp/out" 2>&1
    line=$(reason "$tmp/r1" 0 a1-b1)
    exact "$tmp/out" "error ${line:-}" "$e, an illegal move"
    want "$tmp/out" "^error a1-b1: .*(rules [0-9][0-9.]*.*)$" "$e, an illegal move"
done

# ------------------------------------------------ mg-match and mg-play forfeits
"$pr/mg-match" -n 2 -s "$small" "cmd:$bad illegal 2" random --json "$tmp/m.json" \
    --records "$tmp/m.rec" >"$tmp/out" 2>"$tmp/err" || note "mg-match illegal: failed"
want "$tmp/out" "^game [12]: A (cmd:.*) forfeits: played the illegal move [a-c][1-3]-[a-c][1-3]: .*(rules [0-9][0-9.]*.*)$" \
    "mg-match, an illegal move"
for n in 1 2; do
    log=$(sed -n "s/^game $n: A (cmd:.*) forfeits: played the illegal move //p" "$tmp/out")
    move=${log%%:*}
    [ -n "$move" ] || { note "mg-match: no forfeit of game $n"; continue; }
    line=$(reason "$tmp/m.rec" $n "$move")
    [ $haspy = 0 ] || [ "$log" = "$line" ] ||
        note "mg-match game $n: the forfeit says '$log', the library '$line'"
    grep -qF "# forfeit: played the illegal move $log" "$tmp/m.rec" ||
        note "mg-match game $n: the records' forfeit line has not the reason"
    grep -qF "\"reason\": \"played the illegal move $log\"" "$tmp/m.json" ||
        note "mg-match game $n: the JSON's forfeit has not the reason"
done
# a game that ends: -v and the records say why
"$pr/mg-match" -v -n 2 -s "$small" random greedy --records "$tmp/e.rec" >"$tmp/out" 2>&1 ||
    note "mg-match -v: failed"
for n in 1 2; do
    line=$(reason "$tmp/e.rec" $n)
    grep -q "^game $n: A seat [01], .* actions: .*(rules [0-9][0-9.]*.*)$" "$tmp/out" ||
        note "mg-match -v: game $n has no end reason"
    [ $haspy = 0 ] || grep -q "^game $n: .* actions: $line\$" "$tmp/out" ||
        note "mg-match -v: game $n does not end with '$line'"
    [ $haspy = 0 ] || grep -qxF "# end: $line" "$tmp/e.rec" ||
        note "mg-match --records: no '# end: $line'"
done
[ "$(grep -c '^# end: .*(rules ' "$tmp/e.rec")" = 2 ] || note "mg-match --records: not 2 '# end:' lines"
"$pr/mg-play" -s "$small" -0 random -1 "cmd:$bad illegal 2" >"$tmp/out" 2>&1
want "$tmp/out" "^seat 1 (cmd:.*) forfeits: played the illegal move [a-c][1-3]-[a-c][1-3]: .*(rules [0-9][0-9.]*.*)$" \
    "mg-play, an engine's illegal move"

[ $fail = 0 ] && echo "tools-reasons: all passed (mg-play refusals and ends, engines' errors, forfeits)" || exit 1
