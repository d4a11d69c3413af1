#!/bin/sh
# programs/server/deps.sh - what make server needs, reached through the
# project's dependency script (`sh tests/ensure-deps.sh server`): the
# development files of libmicrohttpd, SQLite, libpq (PostgreSQL), jansson,
# libsodium, ICU (players' names) and libcurl (mg-bot-connect), found
# through pkg-config.  As root on a Debian-like system the missing
# packages are installed with apt-get; otherwise the exact command is
# printed and the script fails.
set -u

missing=
need() { # need PKG-CONFIG-NAME DEBIAN-PACKAGE
    pkg-config --exists "$1" 2>/dev/null || missing="$missing $2"
}
command -v pkg-config >/dev/null 2>&1 || missing=" pkg-config"
need libmicrohttpd libmicrohttpd-dev
need sqlite3 libsqlite3-dev
need libpq libpq-dev          # --db postgresql://...
need jansson libjansson-dev
need libsodium libsodium-dev
need icu-i18n libicu-dev
need libcurl libcurl4-openssl-dev   # mg-bot-connect
# `deps.sh postgres` (make check-postgres): a PostgreSQL server to run
# throwaway clusters of (initdb, pg_ctl: tests/server/pg-cluster.sh)
if { [ "${1:-}" = postgres ] || [ "${1:-}" = cluster ]; } &&
   ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    missing="$missing postgresql"
fi
# `deps.sh cluster` (make check-cluster): nginx in front of several
# processes (tests/server/cluster.sh runs /usr/sbin/nginx on loopback)
if [ "${1:-}" = cluster ] && [ ! -x /usr/sbin/nginx ]; then
    missing="$missing nginx"
fi
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "make server: installing$missing with apt-get" >&2
    if DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
       DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
           --no-install-recommends $missing >/dev/null; then
        exit 0
    fi
    echo "make server: apt-get could not install$missing" >&2
    exit 1
fi
echo "make server needs:$missing" >&2
if command -v apt-get >/dev/null 2>&1; then
    echo "Install them with:  sudo apt-get install -y --no-install-recommends$missing" >&2
else
    echo "Install them with your system's package manager (Debian names:$missing)." >&2
fi
exit 1
