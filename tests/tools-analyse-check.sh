#!/bin/sh
# tools-analyse-check.sh B - mg-analyse (make tools-check): every move's
# value and the best move's, exact where the solver proves them, and the
# mistakes, on Dots and Boxes records whose values are checked by hand:
#  - 2 x 2: the first line drawn inside gives both boxes away (Winning
#    Ways: +2 from the start, 0 after an inside line): a mistake losing 2;
#  - 3 x 3: with a capturable 4-chain (b2 c2 c3 b3) and two single boxes
#    (c1, a3) left, B declining the chain (c1-d1) turns +4 into -4: a
#    mistake losing 8; the same record played on as the solver would has
#    no other mistake, and perfect play has none;
#  - estimates from an mcts bot, --json, bad input (exit 3), usage (2).
set -u
B=$1
pr=$B/programs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
note() { echo "tools-analyse: $*" >&2; fail=1; }
want() { # FILE PATTERN WHAT
    grep -q -- "$2" "$1" || { note "$3: no '$2' in its output"; sed "s/^/    /" "$1" | tail -n 30 >&2; }
}
run() { # STATUS WHAT COMMAND...
    st=$1; what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" = "$st" ] || { note "$what: exit $got, want $st"; sed "s/^/    /" "$tmp/err" >&2; }
}
record() { # FILE SPEC MOVES...
    f=$1; spec=$2; shift 2
    { printf 'mindgames-record 1\ngame %s\nactions %d\n' "$spec" $#
      for m in "$@"; do echo "$m"; done; } >"$f"
}
exact="strong(iterations=20000)" # deterministic; 4M nodes: 3x3 solves
small="dots_and_boxes(rows=2,cols=2)"
mid="dots_and_boxes(rows=3,cols=3)"

# 2 x 2: an inside line first (a2-b2), then perfect play
record "$tmp/a.rec" "$small" a2-b2 b2-c2 b1-b2 b2-b3 a1-b1 a1-a2 b1-c1 \
    c1-c2 a2-a3 a3-b3 c2-c3 b3-c3
run 0 "2x2 mistake" "$pr/mg-analyse" --bot "$exact" "$tmp/a.rec"
want "$tmp/out" "^   1  0  a2-b2    0  *a1-b1    +2  *mistake: loses 2 boxes$" "2x2 mistake"
[ "$(grep -c mistake: "$tmp/out")" = 1 ] || note "2x2: not exactly one mistake"
want "$tmp/out" "^seat 0: 1 mistake, exact value lost 2$" "2x2 summary"
want "$tmp/out" "^seat 1: 0 mistakes, exact value lost 0$" "2x2 summary"
want "$tmp/out" "^  12  0  b3-c3 .* forced$" "2x2 forced last move"
[ "$(grep -c '^ *[0-9]' "$tmp/out")" = 12 ] || note "2x2: not 12 moves"
# 2 x 2 played perfectly (every move a solver's best): no mistake
record "$tmp/p.rec" "$small" a1-b1 b1-b2 b2-c2 b2-b3 a2-a3 a2-b2 a1-a2 \
    a3-b3 b1-c1 c1-c2 c2-c3 b3-c3
run 0 "2x2 perfect" "$pr/mg-analyse" --bot "$exact" "$tmp/p.rec"
grep -q "mistake:" "$tmp/out" && note "2x2 perfect play: a mistake marked"
want "$tmp/out" "^   1  0  a1-b1    +2  *a1-b1    +2 *$" "2x2 perfect"

# 3 x 3: move 17, seat 1 (B) declines the 4-chain
p16="a1-b1 b1-c1 b2-c2 b3-c3 a2-b2 d2-d3 c2-d2 b1-b2 a1-a2 c1-c2 a3-b3 b3-b4 d3-d4 c4-d4 a2-a3 b2-b3"
# shellcheck disable=SC2086
record "$tmp/m3.rec" "$mid" $p16 c1-d1 d1-d2 c2-c3 c3-d3 c3-c4 b4-c4 a3-a4 a4-b4
run 0 "3x3 mistake" "$pr/mg-analyse" --bot "$exact" "$tmp/m3.rec"
want "$tmp/out" "^  17  1  c1-d1    -4  *c2-c3    +4  *mistake: loses 8 boxes$" "3x3 mistake"
[ "$(grep -c mistake: "$tmp/out")" = 1 ] || note "3x3: not exactly one mistake"
want "$tmp/out" "^   1  0  a1-b1    -3  *a1-b1    -3 *$" "3x3 first move (exact, -3)"
want "$tmp/out" "^seat 1: 1 mistake, exact value lost 8$" "3x3 summary"
# shellcheck disable=SC2086
record "$tmp/p3.rec" "$mid" $p16 c2-c3 c3-d3 c3-c4 b4-c4 c1-d1 d1-d2 a3-a4 a4-b4
run 0 "3x3 perfect" "$pr/mg-analyse" --json --bot "$exact" "$tmp/p3.rec"
"${2:-python3}" - "$tmp/out" "$tmp/m3.rec" "$pr/mg-analyse" "$exact" <<'PY' || fail=1
import json, subprocess, sys
d = json.load(open(sys.argv[1]))
assert len(d["moves"]) == 24, len(d["moves"])
assert d["mistakes"] == [0, 0], d["mistakes"]
assert all(m["kind"] == "exact" for m in d["moves"]), "not all exact"
assert d["moves"][16]["move"] == "c2-c3" and d["moves"][16]["value"] == 4
m = json.loads(subprocess.run([sys.argv[3], "--json", "--bot", sys.argv[4],
                               sys.argv[2]], capture_output=True,
                              check=True).stdout)["moves"][16]
want = {"ply": 17, "seat": 1, "move": "c1-d1", "value": -4, "kind": "exact",
        "best": "c2-c3", "best_value": 4, "best_kind": "exact",
        "compared": "exact", "loss": 8, "mistake": True}
assert all(m[k] == v for k, v in want.items()), m
PY

# estimates: an mcts bot never proves anything
run 0 "estimates" "$pr/mg-analyse" --bot "mcts(iterations=300)" --threshold 1 "$tmp/a.rec"
want "$tmp/out" "^   1  0  a2-b2    [0-9.]*% ([0-9]*) " "estimates"
grep -q "mistake:" "$tmp/out" && note "--threshold 1: a mistake marked"
grep -q " [+-][0-9] " "$tmp/out" && note "mcts: an exact value"
run 0 "a record on stdin" sh -c "\"$pr/mg-analyse\" --bot '$exact' - <'$tmp/a.rec'"
want "$tmp/out" "mistake: loses 2 boxes" "a record on stdin"

# bad input
run 3 "a missing record" "$pr/mg-analyse" "$tmp/none.rec"
want "$tmp/err" "^mg-analyse: $tmp/none.rec: " "a missing record"
printf 'mindgames-record 1\ngame frob\n' >"$tmp/bad.rec"
run 3 "a bad record" "$pr/mg-analyse" "$tmp/bad.rec"
want "$tmp/err" "^mg-analyse: $tmp/bad.rec: " "a bad record"
record "$tmp/ill.rec" "$small" a1-b1 a1-b1
run 3 "an illegal move in a record" "$pr/mg-analyse" "$tmp/ill.rec"
want "$tmp/err" "^mg-analyse: $tmp/ill.rec: " "an illegal move"
run 3 "a bad bot spec" "$pr/mg-analyse" --bot "strong(frob=1)" "$tmp/a.rec"
want "$tmp/err" "^mg-analyse: bot strong(frob=1): .*frob" "a bad bot spec"
run 3 "a bot that does not search" "$pr/mg-analyse" --bot greedy "$tmp/a.rec"
want "$tmp/err" "does not search" "a bot that does not search"
run 2 "no RECORD" "$pr/mg-analyse"
run 2 "bad threshold" "$pr/mg-analyse" --threshold 2 "$tmp/a.rec"
run 2 "bad time" "$pr/mg-analyse" --time-ms x "$tmp/a.rec"
run 2 "--bot with --time-ms" "$pr/mg-analyse" --bot mcts --time-ms 5 "$tmp/a.rec"
run 2 "unknown option" "$pr/mg-analyse" --frob "$tmp/a.rec"
run 2 "too many" "$pr/mg-analyse" "$tmp/a.rec" "$tmp/a.rec"
run 0 "--help" "$pr/mg-analyse" --help
want "$tmp/out" "^usage: mg-analyse" "--help"

[ $fail = 0 ] && echo "tools-analyse: all passed (2x2, 3x3 mistakes and perfect play, estimates, JSON, bad input)" || exit 1
