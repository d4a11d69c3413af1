#!/bin/sh
# replay.sh BINDIR CORPUSDIR TARGET... - run every corpus file through its
# fuzz target built without libFuzzer (BINDIR/fuzz_<target>, replay_main.c):
# CORPUSDIR/<target>/* for each target.  Seeds and regression inputs alike
# must pass.  When a target fails, its files are run one at a time to name
# each failing input.  Prints "fuzz-replay: N passed, M failed" (files).
set -u
bindir=$1
corpus=$2
shift 2
passed=0
failed=0
for t in "$@"; do
    bin=$bindir/fuzz_$t
    dir=$corpus/$t
    if [ ! -d "$dir" ]; then
        echo "fuzz-replay: no corpus directory $dir" >&2
        failed=$((failed + 1))
        continue
    fi
    n=$(find "$dir" -type f ! -name '.*' | wc -l)
    if "$bin" "$dir" >/dev/null 2>"$bindir/$t.err"; then
        passed=$((passed + n))
        echo "  REPLAY  $t: $n inputs"
        continue
    fi
    cp "$bindir/$t.err" "$bindir/$t.all.err"
    before=$failed
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        if "$bin" "$f" >/dev/null 2>"$bindir/$t.err"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "fuzz-replay: $t FAILED on $f:" >&2
            tail -n 20 "$bindir/$t.err" >&2
        fi
    done
    if [ "$failed" = "$before" ]; then
        # every file passes alone: the inputs interfere with each other
        failed=$((failed + 1))
        echo "fuzz-replay: $t fails only on its whole corpus:" >&2
        tail -n 20 "$bindir/$t.all.err" >&2
    fi
done
echo "fuzz-replay: $passed passed, $failed failed"
[ "$failed" = 0 ]
