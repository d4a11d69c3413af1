#!/bin/sh
# tools-eval-check.sh BUILD [PYTHON] - eval=PATH in the tools' bot specs
# (programs/tools/bot_eval.c; make tools-check): a network that makes
# mcts draw one line (written here by PYTHON: struct and zlib only)
# plays in mg-match and mg-engine and shows in their names; a missing
# file, a file that is not MGNN, a bad checksum and a bot that takes no
# network are refused with messages naming the file and the defect.
set -u
B=$1
py=${2:-python3}
pr=$B/programs
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
note() { echo "tools-eval: $*" >&2; fail=1; }
want() { # FILE PATTERN WHAT
    grep -q -- "$2" "$1" || { note "$3: no '$2' in its output"; sed "s/^/    /" "$1" | tail -n 20 >&2; }
}
if ! "$py" -c 'import struct, zlib' 2>/dev/null; then
    echo "tools-eval: skipped: no $py to write the network file"
    exit 0
fi
spec="dots_and_boxes(grid=square,rows=3,cols=3,border=none,misere=false)"
# one layer over the 6 x 33 observation: -8 on the opponent's line 5
"$py" - "$tmp/d3.mgnn" "$spec" <<'PY'
import struct, sys, zlib
path, spec = sys.argv[1], sys.argv[2]
n_in = 6 * 33
w = [0.0] * (n_in + 1)
w[33 + 5] = -8.0
b = b"MGNN" + struct.pack("<III", 1, 0, len(spec)) + spec.encode()
b += b"\0" * ((4 - len(spec) % 4) % 4)
b += struct.pack("<IIII", 1, n_in, 1, 1) + struct.pack("<%df" % len(w), *w)
open(path, "wb").write(b + struct.pack("<I", zlib.crc32(b)))
PY
net=$tmp/d3.mgnn

"$pr/mg-match" -n 2 -s "dots_and_boxes(rows=3,cols=3)" \
    "mcts(iterations=200,eval=$net)" greedy >"$tmp/out" 2>&1 ||
    note "mg-match with eval=: exit $?"
want "$tmp/out" "^A: mcts(.*,net=1,eval=$net)$" "mg-match names the network"
want "$tmp/out" "^score rate of A" "mg-match plays with it"
printf 'hello 1\ngame %s\ngo\nquit\n' "dots_and_boxes(rows=3,cols=3)" |
    "$pr/mg-engine" "mcts(iterations=300,eval=$net)" >"$tmp/eng" 2>&1 ||
    note "mg-engine with eval=: exit $?"
want "$tmp/eng" "^id name mg-engine mcts(.*eval=$net)$" "mg-engine names it"
first=$(sed -n 's/^ok \([a-z][0-9]*-[a-z][0-9]*\)$/\1/p' "$tmp/eng" | head -n 1)
[ -n "$first" ] || note "mg-engine with eval=: no move"

# refusals, each naming the file and what is wrong
"$pr/mg-match" -n 2 "mcts(eval=$tmp/none.mgnn)" greedy >"$tmp/out" 2>&1 &&
    note "a missing file accepted"
want "$tmp/out" "eval=$tmp/none.mgnn: No such file" "missing file"
printf 'hello' >"$tmp/bad.mgnn"
"$pr/mg-match" -n 2 "mcts(eval=$tmp/bad.mgnn)" greedy >"$tmp/out" 2>&1 &&
    note "a file that is not MGNN accepted"
want "$tmp/out" "eval=$tmp/bad.mgnn: not an MGNN file: bad magic" "not MGNN"
cp "$net" "$tmp/crc.mgnn"
printf 'X' | dd of="$tmp/crc.mgnn" bs=1 seek=200 conv=notrunc 2>/dev/null
"$pr/mg-engine" "strong(eval=$tmp/crc.mgnn)" </dev/null >"$tmp/out" 2>&1 &&
    note "a bad checksum accepted"
want "$tmp/out" "eval=$tmp/crc.mgnn: MGNN checksum mismatch" "bad checksum"
"$pr/mg-match" -n 2 "greedy(eval=$net)" random >"$tmp/out" 2>&1 &&
    note "greedy took a network"
want "$tmp/out" "only mcts and strong use a network" "greedy with eval="
"$pr/mg-play" -0 "mcts(eval=$tmp/none.mgnn)" -1 random </dev/null >"$tmp/out" 2>&1 &&
    note "mg-play: a missing file accepted"
want "$tmp/out" "eval=$tmp/none.mgnn" "mg-play missing file"
# strong's own values stay the library's
"$pr/mg-match" -n 2 -s "dots_and_boxes(rows=2,cols=2)" \
    "strong(iterations=20,eval=none)" random >"$tmp/out" 2>&1 ||
    note "strong(eval=none): exit $?"
want "$tmp/out" "^A: strong(.*eval=none)$" "strong(eval=none)"
[ $fail = 0 ] || exit 1
echo "tools-eval: eval=PATH in mg-match, mg-engine and mg-play: all passed"
