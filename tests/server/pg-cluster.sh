#!/bin/sh
# tests/server/pg-cluster.sh - run a command against a throwaway
# PostgreSQL cluster: initdb and pg_ctl from Debian's postgresql
# (/usr/lib/postgresql/*/bin, or PG_BIN) in a temporary folder, listening
# on a Unix socket in that folder only (no TCP), as an unprivileged user
# (initdb refuses root: as root, the system user MG_PG_USER, default
# mgtest, is created when missing and the cluster runs as it).  The
# command runs with MG_TEST_PG set to the cluster's libpq URI (database
# mindgames, trust authentication on the socket); the cluster is stopped
# and its folder removed afterwards, also when the command fails or the
# script is interrupted.  Exit status: the command's.
#
#   sh tests/server/pg-cluster.sh COMMAND [ARG...]
#   MG_PG_FSYNC=off   fsync off (tests: faster; never for figures)
#   MG_KEEP_TMP=1     keep the folder (its log: DIR/log)
set -eu
[ $# -ge 1 ] || { echo "usage: $0 COMMAND [ARG...]" >&2; exit 2; }
if [ -z "${PG_BIN:-}" ]; then
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
fi
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
    echo "pg-cluster: no initdb (install Debian's postgresql, or set PG_BIN)" >&2
    exit 2
fi
user=${MG_PG_USER:-mgtest}
as_user() { "$@"; }
if [ "$(id -u)" = 0 ]; then
    if ! id "$user" >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin "$user"
    fi
    as_user() { runuser -u "$user" -- "$@"; }
fi
dir=$(mktemp -d /tmp/mg-pg-XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown "$user" "$dir"
data=$dir/data
stop() {
    if [ -f "$data/postmaster.pid" ]; then
        as_user "$PG_BIN/pg_ctl" -D "$data" -m immediate -w stop \
            >/dev/null 2>&1 || true
    fi
    if [ "${MG_KEEP_TMP:-}" = 1 ]; then
        echo "pg-cluster: kept $dir" >&2
    else
        rm -rf "$dir"
    fi
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
as_user "$PG_BIN/initdb" -D "$data" -U mindgames -A trust -E UTF8 \
    --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2; exit 2; }
# the socket only, in the folder; the commit settings as a server's
opts="-c listen_addresses= -c unix_socket_directories=$dir \
 -c fsync=${MG_PG_FSYNC:-on} -c synchronous_commit=on \
 -c max_connections=200"
as_user "$PG_BIN/pg_ctl" -D "$data" -l "$dir/log" -w -t 60 -o "$opts" \
    start >/dev/null || {
    cat "$dir/log" >&2; exit 2; }
as_user "$PG_BIN/createdb" -h "$dir" -U mindgames mindgames
MG_TEST_PG="postgresql:///mindgames?host=$dir&user=mindgames"
export MG_TEST_PG
# what a test needs to stop and start this cluster itself (a restart of
# PostgreSQL mid-game: tests/server/mgcluster.py): pg_ctl -D MG_PG_DATA
# -l MG_PG_LOG -o "$MG_PG_OPTS", run as MG_PG_RUNAS (empty: this user)
MG_PG_BIN=$PG_BIN MG_PG_DATA=$data MG_PG_LOG=$dir/log MG_PG_OPTS=$opts
MG_PG_RUNAS=
[ "$(id -u)" = 0 ] && MG_PG_RUNAS=$user
export MG_PG_BIN MG_PG_DATA MG_PG_LOG MG_PG_OPTS MG_PG_RUNAS
echo "pg-cluster: PostgreSQL $("$PG_BIN/postgres" -V | sed 's/^[^0-9]*//; s/ .*//')" \
     "at $MG_TEST_PG" >&2
set +e
"$@"
rc=$?
set -e
exit $rc
