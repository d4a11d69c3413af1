#!/bin/sh
# tests/server/cluster.sh - mg-server as several processes behind nginx
# (make check-cluster, make check-cluster-long, make bench-cluster).
#
# A throwaway PostgreSQL cluster (tests/server/pg-cluster.sh), then, in
# it, the cluster suites (tests/server/test_cluster_*.py: they start 3
# mg-server processes on loopback ports on one database of it and
# Debian's nginx in front, with doc/deploy/nginx-cluster.conf made fit
# for loopback, in a temporary folder, and stop them all at the end), or
# with --bench, the cluster bench (tests/server/bench-cluster.py).
# test_cluster_browser plays through nginx in Chromium (web/test/
# check-cluster-play.mjs): skipped, with the reason, without make web's
# page or make check-web's playwright-core and chromium (failed under
# CI=true).
# Skips (exit 0, the reason printed) without the server built, Debian's
# postgresql or nginx.
#
#   MG_SERVER              the server (build/programs/mg-server)
#   MG_WEB_DIR, CHROMIUM   the page (build/web), the browser
#                          (/usr/bin/chromium)
#   MG_CLUSTER_KILLS       SIGKILLs of server processes in the crash
#                          test (50; make check-cluster-long: 500)
#   MG_CLUSTER_PG_RESTARTS PostgreSQL crashes and restarts there (3)
#   MG_CLUSTER_PROCS       processes of the crash test (3)
#   MG_SERVER_SEED         the games' random seed (printed)
#   MG_SERVER_VERBOSE=1    the crash test prints its figures
#   MG_KEEP_TMP=1          keep the folders (logs)
# Arguments: unittest names (default: every test_cluster_*.py).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${MG_SERVER:=$root/build/programs/mg-server}"
: "${MG_NGINX:=/usr/sbin/nginx}"
skip() { echo "check-cluster: skipped: $*"; exit 0; }
[ -x "$MG_SERVER" ] || skip "no $MG_SERVER (make server)"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || [ -n "${PG_BIN:-}" ] ||
    skip "no PostgreSQL server (sudo apt-get install postgresql)"
[ -x "$MG_NGINX" ] || skip "no $MG_NGINX (sudo apt-get install nginx)"
command -v psql >/dev/null 2>&1 || skip "no psql (postgresql-client)"
export MG_SERVER MG_NGINX
: "${MINDGAMES_LIB:=$root/build/libmindgames.so.1}"
export MINDGAMES_LIB
PYTHONPATH="$here:$root/python${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
if [ -z "${MG_SERVER_SEED:-}" ]; then
    MG_SERVER_SEED=$(od -An -N3 -tu4 /dev/urandom | tr -d ' ')
fi
export MG_SERVER_SEED
cd "$here"
if [ "${1:-}" = --bench ]; then
    shift
    exec sh "$here/pg-cluster.sh" python3 "$here/bench-cluster.py" "$@"
fi
echo "check-cluster: $MG_SERVER, $MG_NGINX, seed MG_SERVER_SEED=$MG_SERVER_SEED," \
     "kills ${MG_CLUSTER_KILLS:-50}, PostgreSQL restarts ${MG_CLUSTER_PG_RESTARTS:-3}"
[ $# -eq 0 ] && set -- test_cluster_play test_cluster_browser test_cluster_races \
    test_cluster_crash
# fsync off: nothing here crashes the machine (PostgreSQL's own crashes
# are recovered from its WAL in the OS's cache)
MG_PG_FSYNC=${MG_PG_FSYNC:-off} exec sh "$here/pg-cluster.sh" \
    python3 -m unittest "$@"
