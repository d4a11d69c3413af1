#!/bin/sh
# tests/server/run.sh: mg-server's tests (doc/server-api.md) with the
# standard library's unittest.  Skips (exit 0) when the server is not built.
#   MG_SERVER          the server binary (build/programs/mg-server)
#   MG_SERVER_KILLS    SIGKILLs in each crash test (test_server_crash, the
#                      ratings' and the lobby's: 20; check-server-long: 500)
#   MG_SERVER_SEED     the games' random seed (random; printed on failure)
#   MG_SERVER_ARGS     extra options for every server started
#   MG_KEEP_TMP=1      keep the temporary databases and logs
#   MG_SERVER_VERBOSE=1  the crash test prints its kills, games and moves
# test_server_cluster runs two servers on one PostgreSQL database: skipped
# without MG_TEST_PG (make check-postgres).
# Arguments: unittest names (default: every test_server_*.py here).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${MG_SERVER:=$root/build/programs/mg-server}"
if [ ! -x "$MG_SERVER" ]; then
    echo "server-check: skipped: no $MG_SERVER (make server)"
    exit 0
fi
export MG_SERVER
: "${MINDGAMES_LIB:=$root/build/libmindgames.so.1}"
export MINDGAMES_LIB
PYTHONPATH="$here:$root/python${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
if [ -z "${MG_SERVER_SEED:-}" ]; then
    MG_SERVER_SEED=$(od -An -N3 -tu4 /dev/urandom | tr -d ' ')
fi
export MG_SERVER_SEED
echo "server-check: $MG_SERVER, seed MG_SERVER_SEED=$MG_SERVER_SEED," \
     "kills ${MG_SERVER_KILLS:-20}"
cd "$here"
if [ $# -eq 0 ]; then
    set -- test_server_api test_server_input test_server_limits \
        test_server_players test_server_accounts test_server_ratings \
        test_server_yourturn test_server_lobby test_server_challenges \
        test_server_botconnect test_server_bots test_server_play \
        test_server_crash test_server_lobby_crash test_server_cluster
fi
exec python3 -m unittest "$@"
