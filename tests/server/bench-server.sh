#!/bin/sh
# tests/server/bench-server.sh - mg-server under load (make bench-server).
#
# Starts mg-server on a free loopback port with a fresh database in a
# temporary folder, loads it with mg-load (programs/server/bench/mg-load.c)
# and wrk, and prints a table of the figures with the command of each:
#
#   1. acknowledged moves/s flat out (the server's synchronous=FULL)
#   2. event latency p50/p99 at a set rate (1,000 moves/s)
#   3. event streams held (10,000): the server's VmRSS per stream and per
#      open table
#   4. CPU per move: the server's utime+stime (/proc/PID/stat) / moves
#   5. the snapshot endpoint under wrk
#   6. the lobby: 1,000 open seeks, 10,000 watchers (LOBBY_WATCHERS):
#      memory per watcher, a seek's fan-out, seek-to-game latency, rated
#      game ends per second (tests/server/bench-lobby.py, on a fresh
#      server of its own; its open-files limit raised for the watchers)
#
# The goals on the 2-core reference machine (reported, not asserted):
# >= 10,000 streams, >= 2,000 moves/s, p99 <= 50 ms at 1,000 moves/s.
# The server is stopped at the end, always.
#
# Environment (defaults): MG_SERVER (build/programs/mg-server), MG_LOAD
# (build/programs/mg-load), BENCH_SECONDS (10), BENCH_STREAMS (10000),
# BENCH_TABLES (1000: tables the streams are spread over), FLAT_GAMES (64),
# RATE (1000), RATE_GAMES (200), SPEC (dots_and_boxes(rows=5,cols=5)),
# WRK_SECONDS (10), SERVER_ARGS (more options for the server), BENCH_DB
# (the database: a SQLite file in the temporary folder; a PostgreSQL URI
# measures PostgreSQL, e.g. under tests/server/pg-cluster.sh:
# BENCH_DB=$MG_TEST_PG).
set -u

MG_SERVER=${MG_SERVER:-build/programs/mg-server}
MG_LOAD=${MG_LOAD:-build/programs/mg-load}
SECS=${BENCH_SECONDS:-10}
STREAMS=${BENCH_STREAMS:-10000}
TABLES=${BENCH_TABLES:-1000}
FLAT_GAMES=${FLAT_GAMES:-64}
RATE=${RATE:-1000}
RATE_GAMES=${RATE_GAMES:-200}
SPEC=${SPEC:-dots_and_boxes(rows=5,cols=5)}
WRK_SECONDS=${WRK_SECONDS:-10}
SERVER_ARGS=${SERVER_ARGS:-}

for f in "$MG_SERVER" "$MG_LOAD"; do
    if [ ! -x "$f" ]; then
        echo "bench-server: $f is missing (make server, make $MG_LOAD)" >&2
        exit 2
    fi
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/mg-bench.XXXXXX") || exit 2
SPID=
cleanup() {
    command -v stop_server >/dev/null 2>&1 && stop_server
    if [ -n "${KEEP_TMP:-}" ]; then
        echo "bench-server: kept $TMP" >&2
    else
        rm -rf "$TMP"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# A free loopback port: bind port 0 and read what the kernel chose.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null && return
    p=$(( 20000 + $$ % 20000 ))
    while ss -ltn 2>/dev/null | grep -q ":$p "; do p=$((p + 1)); done
    echo $p
}
PORT=$(free_port)

# The server's limits for a benchmark: only the options it has.
"$MG_SERVER" --help >"$TMP/help" 2>&1
has() { grep -q -e "$1\\b" "$TMP/help"; }
ARGS=""
MISSING=""
if has --port; then
    ARGS="$ARGS --port $PORT"
    if has --listen; then ARGS="$ARGS --listen 127.0.0.1"; fi
elif grep -q -e '--listen ADDR:PORT' "$TMP/help"; then
    ARGS="$ARGS --listen 127.0.0.1:$PORT"
else
    MISSING="$MISSING --listen/--port"
fi
if has --db; then ARGS="$ARGS --db ${BENCH_DB:-$TMP/bench.db}"
elif has --database; then ARGS="$ARGS --database $TMP/bench.db"
else MISSING="$MISSING --db"; fi
if has --rate; then ARGS="$ARGS --rate 0"; else MISSING="$MISSING --rate"; fi
if has --max-conns; then ARGS="$ARGS --max-conns $((STREAMS + 4096))"; else MISSING="$MISSING --max-conns"; fi
if has --seat-rate; then ARGS="$ARGS --seat-rate 0"; else MISSING="$MISSING --seat-rate"; fi
# the per-client and server-wide table limits off: every game comes from
# this one address
for o in --max-tables-per-addr --creations-per-hour --max-tables --max-db-mb; do
    if has "$o"; then ARGS="$ARGS $o 0"; fi
done
if has --quiet; then ARGS="$ARGS --quiet"; fi
if [ -n "$MISSING" ]; then
    echo "bench-server: mg-server --help names none of:$MISSING (the bench runs with its defaults there)" >&2
fi

# Descriptors: 10,000 streams need more than the usual 1024, on both
# sides (mg-load raises its own limit; this shell's is the server's).
NOFILE=$((STREAMS + 4096))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt $NOFILE ]; then
    ulimit -n $NOFILE 2>/dev/null || ulimit -n "$(ulimit -H -n)" 2>/dev/null
fi
echo "bench-server: RLIMIT_NOFILE of the server: $(ulimit -n)" >&2

# start_server NAME: a fresh server (and database) on $PORT; sets SPID.
start_server() {
    rm -f "$TMP/bench.db" "$TMP/bench.db-wal" "$TMP/bench.db-shm"
    echo "bench-server: $MG_SERVER$ARGS $SERVER_ARGS  (fresh database, for $1)" >&2
    # shellcheck disable=SC2086
    "$MG_SERVER" $ARGS $SERVER_ARGS >"$TMP/server-$1.log" 2>&1 &
    SPID=$!
    i=0
    until curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; do
        i=$((i + 1))
        if ! kill -0 "$SPID" 2>/dev/null || [ $i -gt 100 ]; then
            echo "bench-server: mg-server did not come up; its log:" >&2
            tail -n 30 "$TMP/server-$1.log" >&2
            exit 1
        fi
        sleep 0.1
    done
    SERVER_NOFILE=$(awk '/Max open files/ {print $4}' /proc/$SPID/limits)
    echo "bench-server: mg-server pid $SPID on 127.0.0.1:$PORT (open files $SERVER_NOFILE)" >&2
}
stop_server() {
    if [ -n "$SPID" ] && kill -0 "$SPID" 2>/dev/null; then
        kill -TERM "$SPID" 2>/dev/null
        i=0
        while kill -0 "$SPID" 2>/dev/null && [ $i -lt 50 ]; do
            sleep 0.1; i=$((i + 1))
        done
        kill -0 "$SPID" 2>/dev/null && kill -KILL "$SPID" 2>/dev/null
        wait "$SPID" 2>/dev/null
    fi
    SPID=
}

val() { awk -v k="$2" '$1 == "RESULT" && $2 == k {print $3}' "$1"; }
# run NAME ARGS...: mg-load, its output in $TMP/NAME.out
run() {
    name=$1; shift
    echo "bench-server: $MG_LOAD $*" >&2
    "$MG_LOAD" --host 127.0.0.1 --port "$PORT" --pid "$SPID" "$@" \
        >"$TMP/$name.out" 2>"$TMP/$name.err"
    rc=$?
    sed 's/^/    /' "$TMP/$name.out" | grep -v RESULT >&2
    grep -v '^mg-load: \(setting\|playing\|[0-9]\)' "$TMP/$name.err" | head -n 20 | sed 's/^/    /' >&2
    if [ $rc -ne 0 ]; then echo "bench-server: mg-load failed ($rc)" >&2; fi
    if ! kill -0 "$SPID" 2>/dev/null; then
        echo "bench-server: mg-server died; its log:" >&2
        tail -n 30 "$TMP"/server-*.log >&2
        exit 1
    fi
}

# 3 on a fresh server: memory per table and per stream; then 5 there.
start_server streams
C3="mg-load --games 0 --tables $TABLES --streams $STREAMS --seconds 3"
run streams --games 0 --tables "$TABLES" --streams "$STREAMS" --seconds 3 --spec "$SPEC"
R0=$(val "$TMP/streams.out" rss_kb_start); R1=$(val "$TMP/streams.out" rss_kb_tables)
R2=$(val "$TMP/streams.out" rss_kb_streams); SO=$(val "$TMP/streams.out" streams_open)
SF=$(val "$TMP/streams.out" streams_failed); NT=$(val "$TMP/streams.out" tables)
TID=$(val "$TMP/streams.out" table_id)
PER_TABLE=$(awk -v a="$R0" -v b="$R1" -v n="$NT" 'BEGIN { if (n > 0 && a >= 0 && b >= 0) printf "%.1f", (b - a) / n; else print "?" }')
PER_STREAM=$(awk -v a="$R1" -v b="$R2" -v n="$SO" 'BEGIN { if (n > 0 && a >= 0 && b >= 0) printf "%.2f", (b - a) / n; else print "?" }')

# 5: the snapshot of one table under wrk.
C5="wrk -t2 -c64 -d${WRK_SECONDS}s http://127.0.0.1:$PORT/api/v1/tables/$TID"
echo "bench-server: $C5" >&2
if command -v wrk >/dev/null 2>&1 && [ -n "$TID" ]; then
    wrk -t2 -c64 -d"${WRK_SECONDS}s" --latency "http://127.0.0.1:$PORT/api/v1/tables/$TID" >"$TMP/wrk.out" 2>&1
    sed 's/^/    /' "$TMP/wrk.out" >&2
    WRK_RPS=$(awk '/^Requests\/sec/ {print $2}' "$TMP/wrk.out")
    WRK_P50=$(awk '$1 == "50%" {print $2}' "$TMP/wrk.out")
    WRK_P99=$(awk '$1 == "99%" {print $2}' "$TMP/wrk.out")
    WRK_NON2XX=$(awk '/Non-2xx/ {print $5}' "$TMP/wrk.out")
else
    WRK_RPS="(no wrk or no table)"; WRK_P50=?; WRK_P99=?
fi

# 1 and 4 on another fresh server (the departed streams of 3 gone):
# flat out.
RSS_STREAMS_END=$(awk '/^VmRSS/ {print $2}' /proc/$SPID/status)
stop_server
start_server moves
C1="mg-load --games $FLAT_GAMES --rate 0 --seconds $SECS"
run flat --games "$FLAT_GAMES" --rate 0 --seconds "$SECS" --spec "$SPEC"
# 2 (and 4 again): at the set rate.
C2="mg-load --games $RATE_GAMES --rate $RATE --seconds $SECS"
run rate --games "$RATE_GAMES" --rate "$RATE" --seconds "$SECS" --spec "$SPEC"

RSS_END=$(awk '/^VmRSS/ {print $2}' /proc/$SPID/status)
cat <<EOF

mg-server benchmark ($(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), spec $SPEC)
server: $MG_SERVER$ARGS $SERVER_ARGS
(every mg-load command also has --host 127.0.0.1 --port $PORT --pid SERVER_PID --spec '$SPEC')

| # | measure | figure | goal | command |
|---|---|---|---|---|
| 1 | acknowledged moves/s flat out (synchronous=FULL) | $(val "$TMP/flat.out" moves_per_s) ($(val "$TMP/flat.out" moves) moves; errors $(val "$TMP/flat.out" errors); command p50/p99 $(val "$TMP/flat.out" cmd_p50_ms)/$(val "$TMP/flat.out" cmd_p99_ms) ms) | >= 2000 | $C1 |
| 2 | event latency at $RATE moves/s, p50 / p90 / p99 / max | $(val "$TMP/rate.out" ev_p50_ms) / $(val "$TMP/rate.out" ev_p90_ms) / $(val "$TMP/rate.out" ev_p99_ms) / $(val "$TMP/rate.out" ev_max_ms) ms (achieved $(val "$TMP/rate.out" moves_per_s) moves/s, $(val "$TMP/rate.out" ev_samples) samples, errors $(val "$TMP/rate.out" errors)) | p99 <= 50 ms | $C2 |
| 3 | event streams held | $SO open, $SF failed; VmRSS $R0 -> $R1 kB ($NT tables: $PER_TABLE kB per table) -> $R2 kB ($PER_STREAM kB per stream) | >= 10000 | $C3 |
| 4 | server CPU per move (utime+stime / moves) | flat out $(val "$TMP/flat.out" cpu_us_per_move) us; at $RATE/s $(val "$TMP/rate.out" cpu_us_per_move) us | | (runs 1 and 2) |
| 5 | snapshot GET under wrk | ${WRK_RPS} req/s, p50 ${WRK_P50}, p99 ${WRK_P99}${WRK_NON2XX:+, non-2xx $WRK_NON2XX} | | $C5 |

server VmRSS at the end: $RSS_END kB (of the server of 3 and 5, after wrk: $RSS_STREAMS_END kB); server open-files limit: $SERVER_NOFILE
3 and 5 ran on one fresh server, 1, 2 and 4 on a second fresh server.
EOF
# 6: the lobby (seeks, their events to many watchers, seek-to-game), on
# a third fresh server: tests/server/bench-lobby.py
if command -v python3 >/dev/null 2>&1; then
    echo
    MG_SERVER=$MG_SERVER LOBBY_WATCHERS=${LOBBY_WATCHERS:-10000} \
        python3 "$(dirname "$0")/bench-lobby.py"
fi
exit 0
