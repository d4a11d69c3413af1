#!/bin/sh
# web/deps.sh - the dependencies of make web and make check-web, reached
# through the project's dependency script: `sh tests/ensure-deps.sh web`
# (Debian's emscripten, node-acorn, the parser its JS optimiser loads
# through NODE_PATH=/usr/share/nodejs, and brotli, which compresses the
# page's files) and `sh tests/ensure-deps.sh
# browser` (Debian's chromium, node and npm).  As root on a Debian-like
# system the missing packages are installed with apt-get; otherwise the
# exact command is printed and the script fails.
set -u

missing=
need() { # need TEST PACKAGE: PACKAGE is missing when TEST fails
    sh -c "$1" >/dev/null 2>&1 || missing="$missing $2"
}
case "${1:-}" in
web)
    what="make web"
    need "command -v emcc" emscripten
    need "[ -f /usr/share/nodejs/acorn/package.json ]" node-acorn
    need "command -v brotli" brotli ;;
browser)
    what="make check-web"
    need "command -v node" nodejs
    need "command -v npm" npm
    need "[ -x /usr/bin/chromium ]" chromium ;;
*)
    echo "usage: $0 web|browser" >&2
    exit 2 ;;
esac
[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "$what: installing$missing with apt-get" >&2
    if DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
       DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
           --no-install-recommends $missing >/dev/null; then
        exit 0
    fi
    echo "$what: apt-get could not install$missing" >&2
    exit 1
fi
echo "$what needs:$missing" >&2
if command -v apt-get >/dev/null 2>&1; then
    echo "Install them with:  sudo apt-get install -y --no-install-recommends$missing" >&2
else
    echo "Install them with your system's package manager (Debian names:$missing)." >&2
fi
exit 1
