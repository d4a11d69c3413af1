#!/bin/sh
# strength-check.sh BUILD - the strength bench's smoke test (part of make
# tools-check; seconds): the bench's accounting, not anyone's strength.
#  - against perfect play, a bot with the whole 3x3 game in its solver's
#    budget loses 0 boxes in every game, and greedy some, with no
#    inconsistency between its drops and the final margins, and they play
#    the same games whatever -j, also from random openings (--opening);
#  - gen is reproducible (the same seed, the same file), its positions
#    read back and replay; a perfect bot keeps the best value in all of
#    them, and random's share lies in [0, 1];
#  - the committed 5x5 set reads back (every position replays, with the
#    labelled moves legal);
#  - a damaged set and bad options are refused with a message.
set -u
B=$1
bs=$B/tests/bench_strength
set5=tests/data/strength/dab5x5.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
note() { echo "strength: $*" >&2; fail=1; }
field() { # FILE MODE METRIC BOT: the value= of a machine-readable line
    sed -n "s/^bench-strength $2 $3 value=\([^ ]*\) .* bot=$4\( .*\)*$/\1/p" "$1"
}

perfect="solver(nodes=100000000,time_ms=0,memory_mb=16,iterations=1000)"
"$bs" perfect -n 6 -j 2 "$perfect" greedy >"$tmp/p" 2>"$tmp/err" ||
    { note "perfect: exit $?"; cat "$tmp/err" "$tmp/p" >&2; }
[ "$(field "$tmp/p" perfect boxes_lost "$perfect")" = 0.000 ] ||
    note "perfect: the solver bot lost boxes: $(cat "$tmp/p")"
g=$(field "$tmp/p" perfect boxes_lost greedy)
case $g in "" | 0.000 | -*) note "perfect: greedy lost '$g' boxes a game" ;; esac
grep -q WARNING "$tmp/p" && note "perfect: $(grep WARNING "$tmp/p")"
"$bs" perfect -n 6 -j 1 "$perfect" greedy 2>/dev/null | grep '^bench-strength' >"$tmp/p1"
grep '^bench-strength' "$tmp/p" | cmp -s - "$tmp/p1" || note "perfect: -j 1 and -j 2 differ"
"$bs" perfect -n 4 --opening 5 "$perfect" >"$tmp/o" 2>"$tmp/err" || note "--opening: exit $?"
[ "$(field "$tmp/o" perfect boxes_lost "$perfect")" = 0.000 ] && grep -q "from an opening" "$tmp/o" ||
    note "--opening: $(cat "$tmp/o" "$tmp/err")"
"$bs" perfect --opening x random >/dev/null 2>&1 && note "--opening x accepted"

for k in 1 2; do
    "$bs" gen -s "dots_and_boxes(rows=3,cols=3)" --count 3 --left 14-16 --seed 7 --memory-mb 16 >"$tmp/set$k" 2>"$tmp/err" ||
        { note "gen: exit $?"; cat "$tmp/err" >&2; }
    grep -v '^# labelled in' "$tmp/set$k" >"$tmp/cmp$k"
done
cmp -s "$tmp/cmp1" "$tmp/cmp2" || note "gen: the same seed made different sets"
[ "$(grep -c '^pos 1[456] ' "$tmp/set1")" = 3 ] || note "gen: not 3 positions with 14-16 lines left"
"$bs" positions -f "$tmp/set1" --seeds 2 "$perfect" random >"$tmp/q" 2>"$tmp/err" ||
    { note "positions: exit $?"; cat "$tmp/err" >&2; }
[ "$(field "$tmp/q" positions keep_best "$perfect")" = 1.0000 ] ||
    note "positions: the solver bot did not keep the best value: $(cat "$tmp/q")"
r=$(field "$tmp/q" positions keep_best random)
case $r in 0.* | 1.0000) ;; *) note "positions: random keeps '$r'" ;; esac

"$bs" positions -f "$set5" --seeds 1 -j 1 random >"$tmp/r" 2>"$tmp/err" ||
    { note "the committed set: exit $?"; cat "$tmp/err" >&2; }
grep -q "^$set5: 40 positions of dots_and_boxes(grid=square,rows=5,cols=5," "$tmp/r" ||
    note "the committed set: $(head -2 "$tmp/r")"

sed 's/^\(pos [0-9]* [0-9]*\),/\1;/' "$tmp/set1" >"$tmp/bad"
"$bs" positions -f "$tmp/bad" random >/dev/null 2>"$tmp/err" && note "a damaged set was read"
grep -q "bad:[0-9]*: not a spec or pos line" "$tmp/err" || note "a damaged set: $(cat "$tmp/err")"
"$bs" positions -f "$tmp/none" random >/dev/null 2>&1 && note "a missing set was read"
"$bs" perfect -n 0 random >/dev/null 2>"$tmp/err" && note "-n 0 accepted"
"$bs" perfect "bogus(x=1)" >/dev/null 2>"$tmp/err" && note "a bad bot accepted"
grep -q "bot bogus(x=1): " "$tmp/err" || note "a bad bot: $(cat "$tmp/err")"
"$bs" frob random >/dev/null 2>&1 && note "an unknown mode accepted"

[ $fail = 0 ] && echo "strength: the bench's smoke test passed" || exit 1
