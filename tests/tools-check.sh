#!/bin/sh
# tools-check.sh BUILD [PYTHON] - the tests of the tools (make tools-check,
# part of make check; the tools in BUILD/programs, the example engines in
# BUILD/examples):
#  - mg-engine's answers to a fixed transcript;
#  - protocol conformance (mg-match --check-engine: every command, bad
#    arguments, empty, NUL, CR LF and huge lines, pipelining, a whole game,
#    records with a board, quit, the end of input at five points) of
#    mg-engine, examples/engine-greedy.c and examples/engine_random.py;
#    an engine with one mistake (tests/engines/sloppy-quit.c) fails one
#    check, once, the checks after it on its process skipped;
#  - the example engines playing mg-engine in mg-match and mg-play;
#  - engines made to misbehave (tests/engines/bad-engine.c: crash, hang,
#    illegal move, garbage, exit, refusal) forfeit every game, with the
#    reason and their stderr, and the match completes with the right
#    totals; engines that cannot start are refused;
#  - --records, kill -9, --resume give the totals of an uninterrupted run;
#  - --shard i/n and --merge give exactly one run's totals;
#  - the SPRT reaches the same decision on the same games, whatever -j;
#  - round robins, openings shared by a pair, a China board per pair,
#    explicit boards sent as records;
#  - mg-solve: values (2 x 2), moves, records (with a spec and alone),
#    the memory sized to the position, budgets, bad input.
set -u
B=$1
py=${2:-python3}
ex=$B/examples    # the example engines
pr=$B/programs    # the tools
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
small="dots_and_boxes(rows=2,cols=2)"
mid="dots_and_boxes(rows=3,cols=3)"
bad="$B/tests/bad-engine"

note() { echo "tools: $*" >&2; fail=1; }
want() { # FILE PATTERN WHAT
    grep -q -- "$2" "$1" || { note "$3: no '$2' in its output"; sed "s/^/    /" "$1" | tail -n 20 >&2; }
}
run() { # STATUS WHAT COMMAND... (stdout to $tmp/out, stderr to $tmp/err)
    st=$1; what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    got=$?
    [ "$got" = "$st" ] || { note "$what: exit $got, want $st"; cat "$tmp/err" "$tmp/out" | tail -n 20 >&2; }
}
body() { sed '/"run"/,$d' "$1"; } # a summary's JSON without the run's facts

# ---------------------------------------------------------------- mg-engine
printf 'hello 1\n\nseed 3\ngame %s\nmoves a1-b1\ngo movetime 50\nfrob x\nmoves zz\nquit\nhello 1\n' \
    "$small" | "$pr/mg-engine" random >"$tmp/t" 2>"$tmp/err"
[ $? = 0 ] || note "mg-engine transcript: bad exit"
[ "$(wc -l <"$tmp/t")" = 11 ] || note "mg-engine transcript: $(wc -l <"$tmp/t") lines, want 11"
want "$tmp/t" "^id name mg-engine random$" "mg-engine hello"
want "$tmp/t" "^id games \*$" "mg-engine hello"
want "$tmp/t" "^ok 1$" "mg-engine hello"
want "$tmp/t" "^ok [a-c][1-3]-[a-c][1-3]$" "mg-engine go"
want "$tmp/t" "^error unknown command: frob$" "mg-engine unknown command"
want "$tmp/t" "^error move 1, zz: " "mg-engine bad move"
[ "$(tail -n 1 "$tmp/t")" = ok ] || note "mg-engine: quit is answered ok and ends it"
run 2 "mg-engine without a bot" "$pr/mg-engine"
run 2 "mg-engine bad bot" "$pr/mg-engine" "mcts(iterations=-1)"
run 0 "mg-engine --help" "$pr/mg-engine" --help

# ---------------------------------------------------------- conformance
conform() { # WHAT ENGINE
    "$pr/mg-match" --check-engine "$2" -s "$small" >"$tmp/c" 2>&1 ||
        { note "conformance of $1"; grep -v '^ok' "$tmp/c" >&2; }
    want "$tmp/c" "checks, 0 failed" "conformance of $1"
}
conform mg-engine "cmd:$pr/mg-engine random"
conform "mg-engine mcts" "cmd:$pr/mg-engine 'mcts(iterations=30)'"
conform engine-greedy "cmd:$ex/engine-greedy"
conform engine-sites "cmd:$ex/engine-sites"
# a broken engine fails the check
"$pr/mg-match" --check-engine "cmd:$bad garbage 2" -s "$small" --timeout 500 >"$tmp/c" 2>&1 &&
    note "--check-engine passed a broken engine"
want "$tmp/c" "^FAIL go movetime 500: a legal move: not a protocol line: 'bestmove" "--check-engine on garbage"
want "$tmp/c" "^skip moves with a bad move: error: not checked, the engine was lost at 'go movetime 500" \
    "--check-engine on garbage: the checks after it on its process skipped"
# one mistake, reported once: an engine that takes "quit now" for quit
# (mindgames-engine(7), COMMANDS: words a command does not take) fails
# that check alone; the one check after it on that process is skipped, and
# the rest run on a new process and pass
"$pr/mg-match" --check-engine "cmd:$B/tests/sloppy-quit $pr/mg-engine random" \
    -s "$small" --timeout 2000 >"$tmp/c" 2>&1 && note "--check-engine passed sloppy-quit"
want "$tmp/c" "^FAIL quit with an argument: error: answered ok, as to quit$" "--check-engine on sloppy-quit"
want "$tmp/c" "^skip the engine goes on after a refused quit: not checked, the engine was lost at 'quit with an argument: error'$" \
    "--check-engine on sloppy-quit"
want "$tmp/c" "^---- a whole game: a new process of the engine" "--check-engine on sloppy-quit"
want "$tmp/c" "^ok   a whole game against itself" "--check-engine on sloppy-quit"
want "$tmp/c" "^ok   end of input inside go: exit 0$" "--check-engine on sloppy-quit"
want "$tmp/c" "^[0-9]* checks, 1 failed, 1 skipped: the engine does not follow" "--check-engine on sloppy-quit"
want "$tmp/c" "^the engine was first lost at 'quit with an argument: error'" "--check-engine on sloppy-quit"
[ "$(grep -c '^FAIL' "$tmp/c")" = 1 ] || { note "--check-engine on sloppy-quit: not one failure"; grep '^FAIL' "$tmp/c" >&2; }

# the Python engine, through the package in python/ (else examples/python/)
pydir=python
[ -f python/mindgames/__init__.py ] || pydir=examples/python
lib=$(cd "$B" && pwd)/libmindgames.so.1
pyengine=
if ! command -v "$py" >/dev/null 2>&1; then
    echo "tools: the Python engine's tests skipped: $py not found"
elif ! PYTHONPATH=$pydir MINDGAMES_LIB=$lib "$py" -c 'import mindgames' 2>"$tmp/err"; then
    echo "tools: the Python engine's tests skipped: $py cannot import mindgames from $pydir ($(tail -n 1 "$tmp/err"))"
else
    pyengine="cmd:env PYTHONPATH=$pydir MINDGAMES_LIB=$lib $py examples/engine_random.py"
    conform engine_random.py "$pyengine"
    # the engine of mindgames-engine(7), as printed there
    sed -n '/^\.\\" engine-begin/,/^\.\\" engine-end/p' man/man7/mindgames-engine.7 |
        sed '1,2d;$d' | sed '$d' | sed 's/\\e/\\/g; s/\\-/-/g' >"$tmp/tiny.py"
    [ "$(wc -l <"$tmp/tiny.py")" -le 40 ] || note "the man page's engine is not short"
    conform "the engine of mindgames-engine(7)" "cmd:env PYTHONPATH=$pydir MINDGAMES_LIB=$lib $py $tmp/tiny.py"
fi

# ------------------------------------------------ the examples against mg-engine
# engine-sites, which reads the position through sites and observations
# only, beats the greedy bot on Dots and Boxes 3x3 (fixed seeds: the same
# games every run; 188 of 200 when this was written)
run 0 "engine-sites vs greedy" "$pr/mg-match" -q -n 40 -s "$mid" \
    "cmd:$ex/engine-sites" greedy
wins=$(sed -n 's/^A vs B: \([0-9]*\) wins.*/\1/p' "$tmp/out")
[ -n "$wins" ] && [ "$wins" -ge 32 ] ||
    note "engine-sites won ${wins:-no} games of 40 against greedy"
run 0 "engine-greedy vs mg-engine" "$pr/mg-match" -n 4 -j 2 -s "$mid" \
    "cmd:$ex/engine-greedy" "cmd:$pr/mg-engine random"
want "$tmp/out" "^A vs B: [0-9]* wins, [0-9]* draws, [0-9]* losses in 4 games" "engine-greedy vs mg-engine"
grep -q "forfeit" "$tmp/out" && note "engine-greedy vs mg-engine: a forfeit"
if [ -n "$pyengine" ]; then
    run 0 "engine_random.py vs mg-engine" "$pr/mg-match" -n 2 -s "$small" \
        "$pyengine" "cmd:$pr/mg-engine greedy"
    want "$tmp/out" "in 2 games" "engine_random.py vs mg-engine"
    grep -q "forfeit" "$tmp/out" && note "engine_random.py vs mg-engine: a forfeit"
fi
run 0 "mg-play engines" "$pr/mg-play" -s "$small" -q -0 "cmd:$ex/engine-greedy" \
    -1 "cmd:$pr/mg-engine random"
want "$tmp/out" "^seat 1: cmd:.*(mg-engine random" "mg-play engines"
want "$tmp/out" "^result: " "mg-play engines"
run 1 "mg-play crashing engine" "$pr/mg-play" -s "$small" -0 random -1 "cmd:$bad crash 2"
want "$tmp/out" "^seat 1 (cmd:.*) forfeits: crashed: killed by signal 11" "mg-play crashing engine"
run 2 "mg-play missing engine" "$pr/mg-play" -1 "cmd:$tmp/no-such-engine"

# ------------------------------------------------ engines that misbehave
# Each forfeits every game at its second go; the match completes.
for mode in crash:"crashed: killed by signal 11" hang:"timed out: no answer within 170 ms" \
            illegal:"played the illegal move" garbage:"answered garbage: bestmove" \
            exit:"ended: exited with status 3" refuse:"refused go: I refuse"; do
    m=${mode%%:*}
    reason=${mode#*:}
    run 0 "bad engine $m" "$pr/mg-match" -n 4 -j 2 --movetime 20 --margin 150 \
        -s "$small" "cmd:$bad $m 2" random --json "$tmp/$m.json"
    want "$tmp/out" "^A vs B: 0 wins, 0 draws, 4 losses in 4 games" "bad engine $m"
    want "$tmp/out" "^  forfeits: A 4, B 0" "bad engine $m"
    want "$tmp/out" "^game [1-4]: A (cmd:.*) forfeits: $reason" "bad engine $m"
    [ "$(grep -c "forfeits: $reason" "$tmp/out")" = 4 ] || note "bad engine $m: not 4 forfeits logged"
    grep -q '"forfeits": \[4, 0\]' "$tmp/$m.json" || note "bad engine $m: the JSON's forfeits"
done
run 0 "crash with stderr" "$pr/mg-match" -n 2 -s "$small" "cmd:$bad crash 3" random
want "$tmp/out" "^    stderr: bad-engine: crashing on purpose" "the stderr of a crash"
# mid-match: the engine plays well in some games and crashes in others
run 0 "bad engine, late crash" "$pr/mg-match" -n 6 -s "$mid" "cmd:$bad crash 20" random
want "$tmp/out" "in 6 games" "bad engine, late crash"
run 2 "engine that never shakes hands" "$pr/mg-match" --timeout 300 -n 2 "cmd:$bad silent" random
want "$tmp/err" "no handshake: timed out" "engine that never shakes hands"
run 2 "engine that does not exist" "$pr/mg-match" -n 2 "cmd:$tmp/no-such-engine" random
want "$tmp/err" "engine A" "engine that does not exist"
run 2 "one engine" "$pr/mg-match" random
run 2 "human is not an engine" "$pr/mg-match" human random
run 2 "sprt with three engines" "$pr/mg-match" --sprt elo0=0,elo1=5 random greedy random

# ------------------------------------------------ records, kill, resume
match="-n 40 -s $mid --seed 9 mcts(iterations=600) greedy"
# shellcheck disable=SC2086
run 0 "the uninterrupted match" "$pr/mg-match" -q $match --json "$tmp/full.json"
# shellcheck disable=SC2086
"$pr/mg-match" -q $match --records "$tmp/rec" >/dev/null 2>&1 &
pid=$!
ended() { n=$(grep -c '^# end game' "$tmp/rec" 2>/dev/null); echo "${n:-0}"; }
i=0
while [ "$(ended)" -lt 3 ] && [ $i -lt 1000 ]; do
    sleep 0.01
    i=$((i + 1))
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
done_before=$(grep -c '^# end game' "$tmp/rec")
[ "$done_before" -lt 40 ] || echo "tools: note: the match ended before it was killed"
# a block cut short by the kill
printf '# game 40: pairing=0 pair=19 a_seat=1 a_result=win forfeit=- actions=9\nmindgames-record 1\ngame dots' >>"$tmp/rec"
# shellcheck disable=SC2086
run 0 "--resume" "$pr/mg-match" $match --records "$tmp/rec" --resume --json "$tmp/resumed.json"
want "$tmp/out" "^resumed: $done_before games from" "--resume"
want "$tmp/err" "dropped an unfinished game" "--resume of a cut block"
[ "$(grep -c '^# end game' "$tmp/rec")" = 40 ] || note "--resume: not 40 games in the records"
body "$tmp/full.json" >"$tmp/a"
body "$tmp/resumed.json" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { note "--records + kill + --resume: other totals"; diff "$tmp/a" "$tmp/b" >&2; }
# every record in the file loads: mg-play loads the last one
awk '/^mindgames-record/{f=1; s=""} f{s=s $0 "\n"} /^# end game/{f=0; last=s} END{printf "%s", last}' \
    "$tmp/rec" | sed '/^#/d' >"$tmp/last.rec"
printf 'load %s\nquit\n' "$tmp/last.rec" | "$pr/mg-play" -0 human -1 human >"$tmp/out" 2>&1
want "$tmp/out" "^loaded " "a record of the records file"
# shellcheck disable=SC2086
run 2 "records of another match" "$pr/mg-match" -n 40 -s "$mid" --seed 10 \
    "mcts(iterations=600)" greedy --records "$tmp/rec" --resume
want "$tmp/err" "another match" "records of another match"
# shellcheck disable=SC2086
run 2 "records file exists" "$pr/mg-match" $match --records "$tmp/rec"

# ------------------------------------------------ shards and merge
shards="-n 30 -s $mid --seed 4 greedy random"
# shellcheck disable=SC2086
run 0 "one run" "$pr/mg-match" $shards --json "$tmp/one.json"
for i in 1 2 3; do
    # shellcheck disable=SC2086
    run 0 "shard $i/3" "$pr/mg-match" $shards --shard $i/3 -j 2 --json "$tmp/s$i.json"
done
run 0 "--merge" "$pr/mg-match" --merge "$tmp/s2.json" "$tmp/s3.json" "$tmp/s1.json" --json "$tmp/merged.json"
body "$tmp/one.json" >"$tmp/a"
body "$tmp/merged.json" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { note "--shard + --merge: not one run's totals"; diff "$tmp/a" "$tmp/b" >&2; }
run 1 "--merge, a shard missing" "$pr/mg-match" --merge "$tmp/s1.json" "$tmp/s2.json"
want "$tmp/err" "shard 3/3 is missing" "--merge, a shard missing"
run 1 "--merge, a shard twice" "$pr/mg-match" --merge "$tmp/s1.json" "$tmp/s1.json" "$tmp/s2.json"
run 1 "--merge, another match" "$pr/mg-match" --merge "$tmp/s1.json" "$tmp/full.json"
# three engines: the maximum-likelihood ratings, the same after --merge
rr="-n 12 -s $mid --seed 5 greedy random mcts(iterations=200)"
# shellcheck disable=SC2086
run 0 "a round robin" "$pr/mg-match" $rr --json "$tmp/rr.json"
want "$tmp/out" "^ratings (maximum likelihood over every game, . = 0; 95% interval):" "round robin ratings"
want "$tmp/rr.json" '"ratings": {"anchor": "[ABC]", "prior_draws": [01], "elo": {"A": \[' "round robin JSON ratings"
grep '^  [ABC]  ' "$tmp/out" >"$tmp/rr.one"
for i in 1 2; do
    # shellcheck disable=SC2086
    run 0 "round robin shard $i/2" "$pr/mg-match" $rr --shard $i/2 --json "$tmp/rr$i.json"
done
run 0 "--merge of a round robin" "$pr/mg-match" --merge "$tmp/rr1.json" "$tmp/rr2.json" --json "$tmp/rrm.json"
grep '^  [ABC]  ' "$tmp/out" >"$tmp/rr.merged"
cmp -s "$tmp/rr.one" "$tmp/rr.merged" || { note "--merge: not one run's ratings"; diff "$tmp/rr.one" "$tmp/rr.merged" >&2; }
[ "$(grep -c . "$tmp/rr.one")" = 3 ] || note "round robin: not three rated engines"
[ "$(grep '"ratings"' "$tmp/rr.json")" = "$(grep '"ratings"' "$tmp/rrm.json")" ] || note "--merge: not one run's JSON ratings"
if command -v "$py" >/dev/null 2>&1; then
    for f in one merged full rr rrm; do
        "$py" -m json.tool "$tmp/$f.json" >/dev/null || note "$f.json is not JSON"
    done
fi

# A Slurm array task's shard from its environment (the values Slurm 22.05
# sets: tests/slurm-check.sh runs a real one): --array=0-3, then 10-16:2.
mkdir "$tmp/arr" "$tmp/step"
for id in 0 1 2 3; do
    # shellcheck disable=SC2086
    run 0 "array task $id" env SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_MAX=3 \
        "$pr/mg-match" $shards --json "$tmp/arr/m.json" --records "$tmp/arr/m.rec"
    want "$tmp/out" "^shard $((id + 1))/4 from Slurm array task $id; JSON to $tmp/arr/m-$((id + 1))-of-4.json; records to $tmp/arr/m-$((id + 1))-of-4.rec$" "array task $id"
done
for id in 10 12 14 16; do
    # shellcheck disable=SC2086
    run 0 "stepped array task $id" env SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_MIN=10 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_MAX=16 \
        "$pr/mg-match" $shards --json "$tmp/step/m%%-%i.json"
done
[ -f "$tmp/step/m%-4.json" ] || note "stepped array: task 16 did not write shard 4 to m%-4.json: $(ls "$tmp/step")"
for d in arr step; do
    run 0 "--merge of an array ($d)" "$pr/mg-match" --merge --json "$tmp/$d.json" "$tmp/$d"/*.json
    body "$tmp/$d.json" >"$tmp/b"
    body "$tmp/one.json" >"$tmp/a"
    cmp -s "$tmp/a" "$tmp/b" || { note "array ($d) + --merge: not one run's totals"; diff "$tmp/a" "$tmp/b" >&2; }
done
[ "$(ls "$tmp/arr" | wc -l)" = 8 ] || note "array: not 4 JSON and 4 records files: $(ls "$tmp/arr")"
# --shard wins over the environment (and names keep no added shard)
# shellcheck disable=SC2086
run 0 "--shard in an array task" env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=4 SLURM_ARRAY_TASK_MIN=0 \
    "$pr/mg-match" $shards --shard 2/3 --json "$tmp/s2b.json"
body "$tmp/s2.json" >"$tmp/a"
body "$tmp/s2b.json" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || note "--shard 2/3 in an array task is not shard 2/3"
grep -q "from Slurm array" "$tmp/out" && note "--shard in an array task: the shard said to be the array's"
# --array=1,3,8 (Slurm says MIN 1, STEP 1, MAX 8, COUNT 3): refused
for id in 1 3 8; do
    # shellcheck disable=SC2086
    run 2 "array 1,3,8 task $id" env SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=1 SLURM_ARRAY_TASK_MAX=8 \
        "$pr/mg-match" $shards
    want "$tmp/err" "give --shard I/N" "array 1,3,8 task $id"
done
# shellcheck disable=SC2086
run 2 "array, a bad task id" env SLURM_ARRAY_TASK_ID=x SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_MIN=1 \
    "$pr/mg-match" $shards
# shellcheck disable=SC2086
run 2 "array, no count" env SLURM_ARRAY_TASK_ID=1 "$pr/mg-match" $shards
# shellcheck disable=SC2086
run 2 "array and --sprt" env SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=2 SLURM_ARRAY_TASK_MIN=0 \
    "$pr/mg-match" $shards --sprt elo0=0,elo1=20
want "$tmp/err" "merge the shards with --merge --sprt" "array and --sprt"
# %i and %n in names with --shard
# shellcheck disable=SC2086
run 0 "--shard, %i and %n" "$pr/mg-match" $shards --shard 3/3 --json "$tmp/pct-%i-%n.json" --records "$tmp/pct-%i.rec"
[ -f "$tmp/pct-3-3.json" ] && [ -f "$tmp/pct-3.rec" ] || note "--shard 3/3: no pct-3-3.json and pct-3.rec"
# --merge --sprt: the test over the merged pentanomial counts is that of
# one run (random vs random on 2 x 2: draws, every bin; bounds not
# reached, so that the one run counts every pair)
psprt="elo0=0,elo1=5,alpha=0.001,beta=0.001"
pm="-n 40 -s $small --seed 7 random random"
# shellcheck disable=SC2086
run 0 "SPRT, one run" "$pr/mg-match" $pm --sprt "$psprt" --json "$tmp/p1.json"
for i in 1 2 3 4; do
    # shellcheck disable=SC2086
    run 0 "SPRT shard $i/4" "$pr/mg-match" $pm --shard $i/4 --json "$tmp/ps-%i.json"
done
run 0 "--merge --sprt of 4" "$pr/mg-match" --merge --sprt "$psprt" --json "$tmp/pm.json" \
    "$tmp/ps-4.json" "$tmp/ps-1.json" "$tmp/ps-3.json" "$tmp/ps-2.json"
body "$tmp/p1.json" >"$tmp/a"
body "$tmp/pm.json" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || { note "--merge --sprt: not one run's test"; diff "$tmp/a" "$tmp/b" >&2; }
grep -q '"decision": "none"' "$tmp/p1.json" || note "SPRT, one run: decided early, a weak test"
[ "$(grep -o '"[LWD][LWD]": [1-9]' "$tmp/p1.json" | wc -l)" -ge 5 ] ||
    note "SPRT, one run: fewer than 5 pentanomial bins counted, a weak test"

# ------------------------------------------------ SPRT
sprt="-s $mid --seed 3 --sprt elo0=0,elo1=100,alpha=0.05,beta=0.05 mcts(iterations=300) greedy"
for j in 1 2; do
    # shellcheck disable=SC2086
    run 0 "SPRT -j $j" "$pr/mg-match" -j $j $sprt --json "$tmp/sprt$j.json"
    want "$tmp/out" "^SPRT after 10 pairs: LLR " "SPRT -j $j: the LLR as it goes"
    want "$tmp/out" "^SPRT: H[01] accepted after [0-9]* pairs" "SPRT -j $j"
    # what the decision means: a choice between elo0 and elo1 at the error
    # rates, not "A is stronger by elo1 or more"
    grep -q "^SPRT: H1 accepted" "$tmp/out" &&
        want "$tmp/out" "^  the test accepts elo1 = 100 over elo0 = 0 at the chosen error rates (alpha 0.05, beta 0.05)$" "SPRT -j $j: H1"
    grep -q "^SPRT: H0 accepted" "$tmp/out" &&
        want "$tmp/out" "^  the test accepts elo0 = 0 over elo1 = 100 at the chosen error rates (alpha 0.05, beta 0.05)$" "SPRT -j $j: H0"
    grep -q "stronger" "$tmp/out" && note "SPRT -j $j: the decision is said as 'stronger'"
    grep -E '^(SPRT: |A vs B: )' "$tmp/out" >"$tmp/sprt$j"
done
cmp -s "$tmp/sprt1" "$tmp/sprt2" || { note "SPRT: -j 1 and -j 2 decide differently"; diff "$tmp/sprt1" "$tmp/sprt2" >&2; }
body "$tmp/sprt1.json" >"$tmp/a"
body "$tmp/sprt2.json" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b" || note "SPRT: the JSON of -j 1 and -j 2 differ"
grep -q '"decision": "H[01]"' "$tmp/sprt1.json" || note "SPRT: no decision in the JSON"
run 0 "--merge --sprt" "$pr/mg-match" --merge --sprt elo0=0,elo1=20 "$tmp/s1.json" "$tmp/s2.json" "$tmp/s3.json"
want "$tmp/out" "^SPRT: H[01] accepted\|^SPRT: no decision" "--merge --sprt"

# ------------------------------------------------ round robin, openings, boards
run 0 "round robin" "$pr/mg-match" -n 4 -j 2 -s "$small" random greedy "cmd:$pr/mg-engine random"
for pair in "A vs B" "A vs C" "B vs C"; do
    want "$tmp/out" "^$pair: .* in 4 games" "round robin"
done
want "$tmp/out" "^standings" "round robin"
[ -s "$tmp/err" ] && note "a match off a terminal writes to stderr: $(head -n 2 "$tmp/err")"
run 0 "openings" "$pr/mg-match" -n 4 --openings 4 -s "$mid" random greedy --records "$tmp/op"
awk '/^actions /{getline; print substr($0, 1, 23)}' "$tmp/op" >"$tmp/starts"
[ "$(sed -n 1p "$tmp/starts")" = "$(sed -n 2p "$tmp/starts")" ] &&
    [ "$(sed -n 3p "$tmp/starts")" = "$(sed -n 4p "$tmp/starts")" ] &&
    [ "$(sed -n 1p "$tmp/starts")" != "$(sed -n 3p "$tmp/starts")" ] ||
    { note "--openings: the games of a pair do not share their opening"; cat "$tmp/starts" >&2; }
run 0 "a China board per pair" "$pr/mg-match" -n 4 -s china_tangle random \
    "cmd:$pr/mg-engine random" --records "$tmp/china"
grep '^game ' "$tmp/china" | sort | uniq -c | awk '{print $1}' | tr '\n' ' ' >"$tmp/boards"
[ "$(cat "$tmp/boards")" = "2 2 " ] || note "China: not one board per pair ($(cat "$tmp/boards"))"
"$pr/mg-board" generate --kind labyrinth --seed 5 >"$tmp/b5.board"
run 0 "an explicit board, sent as a record" "$pr/mg-match" -n 2 -s china_grove \
    --board "$tmp/b5.board" "cmd:$pr/mg-engine random" "cmd:$ex/engine-greedy"
grep -q "forfeit" "$tmp/out" && note "an explicit board: a forfeit"
want "$tmp/out" "in 2 games" "an explicit board"

# ------------------------------------------------ mg-solve
run 0 "mg-solve 2x2" "$pr/mg-solve" "$small"
want "$tmp/out" "^value: 2$" "mg-solve 2x2 (Winning Ways: +2)"
want "$tmp/out" "^best: " "mg-solve 2x2"
want "$tmp/out" "^nodes: [0-9][0-9]*$" "mg-solve 2x2"
want "$tmp/out" "^time: [0-9.]* s" "mg-solve 2x2"
want "$tmp/out" "^moves: 12 " "mg-solve 2x2"
[ "$(grep -c '^  [a-c][1-3]-[a-c][1-3] *2  best$' "$tmp/out")" = 8 ] &&
    [ "$(grep -c '^  [a-c][1-3]-[a-c][1-3] *0$' "$tmp/out")" = 4 ] ||
    note "mg-solve 2x2: not 8 outside lines worth 2 and 4 inside lines worth 0"
run 0 "mg-solve moves" "$pr/mg-solve" --no-moves "$mid" "a1-b1 b1-c1"
want "$tmp/out" "^value: -*[0-9][0-9]*$" "mg-solve moves"
grep -q "^moves:" "$tmp/out" && note "mg-solve --no-moves lists the moves"
printf 'mindgames-record 1\ngame %s\nactions 1\na1-b1\n' "$small" >"$tmp/rec"
run 0 "mg-solve a record" "$pr/mg-solve" "$small" "$tmp/rec"
want "$tmp/out" "^to move: seat 1$" "mg-solve a record"
want "$tmp/out" "^moves: 11 " "mg-solve a record"
# a record alone: its game and its last position (mindgames(7), GAME RECORDS)
run 0 "mg-solve RECORD" "$pr/mg-solve" "$tmp/rec"
want "$tmp/out" "^game: dots_and_boxes(grid=square,rows=2,cols=2," "mg-solve RECORD"
want "$tmp/out" "^to move: seat 1$" "mg-solve RECORD"
want "$tmp/out" "^moves: 11 " "mg-solve RECORD"
run 0 "mg-solve - (a record on stdin, alone)" sh -c "\"$pr/mg-solve\" --no-moves - <'$tmp/rec'"
want "$tmp/out" "^to move: seat 1$" "mg-solve - alone"
run 3 "mg-solve a missing record alone" "$pr/mg-solve" "$tmp/none.rec"
want "$tmp/err" "no such record file, and not a game spec" "mg-solve a missing record alone"
printf 'mindgames-record 1\ngame frob\n' >"$tmp/bad.rec"
run 3 "mg-solve a bad record alone" "$pr/mg-solve" "$tmp/bad.rec"
want "$tmp/err" "^mg-solve: $tmp/bad.rec: " "mg-solve a bad record alone"
# the memory sized to the position: 2^R bytes for R undrawn lines, from
# 1 MiB to 256 MiB (mg-solve(1), --memory-mb); --memory-mb as given
run 0 "mg-solve memory 2x2" "$pr/mg-solve" --no-moves "$small"
want "$tmp/out" "^memory: 1 MiB (2^R bytes for R = 12 actions left" "mg-solve memory 2x2"
run 1 "mg-solve memory 3x3" "$pr/mg-solve" --no-moves --nodes 1000 "$mid"
want "$tmp/out" "^memory: 16 MiB (2^R bytes for R = 24 actions left" "mg-solve memory 3x3"
run 0 "mg-solve memory 3x3, two lines drawn" "$pr/mg-solve" --no-moves "$mid" "a1-b1 b1-c1"
want "$tmp/out" "^memory: 4 MiB (2^R bytes for R = 22 actions left" "mg-solve memory 3x3, two lines drawn"
run 1 "mg-solve memory 4x4" "$pr/mg-solve" --no-moves --nodes 1000 "dots_and_boxes(rows=4,cols=4)"
want "$tmp/out" "^memory: 256 MiB (2^R bytes for R = 40 actions left" "mg-solve memory 4x4"
run 0 "mg-solve --memory-mb" "$pr/mg-solve" --no-moves --memory-mb 3 "$small"
want "$tmp/out" "^memory: 3 MiB (--memory-mb)$" "mg-solve --memory-mb"
run 1 "mg-solve memory, a game of varying length" "$pr/mg-solve" --no-moves --nodes 1000 china_tangle
want "$tmp/out" "^memory: 256 MiB (the default: " "mg-solve memory, a game of varying length"
run 0 "mg-solve a record on stdin" sh -c "\"$pr/mg-solve\" --no-moves '$small' - <'$tmp/rec'"
want "$tmp/out" "^to move: seat 1$" "mg-solve a record on stdin"
run 1 "mg-solve budget" "$pr/mg-solve" --nodes 10 "$mid"
want "$tmp/out" "^value: between -*[0-9]* and -*[0-9]* (budget exhausted)$" "mg-solve budget"
want "$tmp/out" "?$" "mg-solve budget: unknown moves"
run 0 "mg-solve fangqi" "$pr/mg-solve" --no-moves "fangqi(width=3,height=2,no_capture_limit=4)"
want "$tmp/out" "^value: -*[01]$" "mg-solve fangqi"
run 3 "mg-solve bad move" "$pr/mg-solve" "$small" "a1-b1 zz"
want "$tmp/err" "^mg-solve: move zz: " "mg-solve bad move"
run 3 "mg-solve illegal move" "$pr/mg-solve" "$small" "a1-b1 a1-b1"
run 3 "mg-solve bad spec" "$pr/mg-solve" "bogus(x=1)"
want "$tmp/err" "^mg-solve: " "mg-solve bad spec"
run 3 "mg-solve a record of another game" "$pr/mg-solve" "$mid" "$tmp/rec"
run 3 "mg-solve a missing record" "$pr/mg-solve" "$small" "$tmp"
run 2 "mg-solve without SPEC" "$pr/mg-solve"
run 2 "mg-solve bad number" "$pr/mg-solve" --nodes x "$small"
run 2 "mg-solve unknown option" "$pr/mg-solve" --frob "$small"
run 2 "mg-solve too many" "$pr/mg-solve" "$small" a b
run 0 "mg-solve --help" "$pr/mg-solve" --help
want "$tmp/out" "^usage: mg-solve" "mg-solve --help"

[ $fail = 0 ] && echo "tools: all passed (engines, protocol, forfeits, records, shards, SPRT, mg-solve)" || exit 1
