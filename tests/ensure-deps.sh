#!/bin/sh
# ensure-deps.sh - make sure the test dependencies are present:
#  - required: the Check unit-test framework, found through pkg-config
#    (the C tests); make check stops without it;
#  - optional: a Python 3 with venv, pip, setuptools, wheel and NumPy (the
#    Python package's tests, which are skipped with a message without it).
# As root on a Debian-like system the missing packages are installed with
# apt-get; otherwise the exact command is printed.
set -u

# `ensure-deps.sh web` (make web: emscripten, node-acorn) and
# `ensure-deps.sh browser` (make check-web: chromium, node, npm): web/deps.sh;
# `ensure-deps.sh server` (make server: libmicrohttpd, SQLite, libpq,
# jansson, libsodium) and `ensure-deps.sh postgres` (make check-postgres:
# those and Debian's postgresql), `ensure-deps.sh cluster` (make
# check-cluster: those and Debian's nginx): programs/server/deps.sh.
case "${1:-}" in
web|browser) exec sh "$(dirname "$0")/../web/deps.sh" "$1" ;;
server|postgres|cluster) exec sh "$(dirname "$0")/../programs/server/deps.sh" "$1" ;;
esac

c_pkgs=""
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists check; }; then
    c_pkgs="check pkg-config"
fi

# Debian's python3 and the packages the Python tests use (dpkg knows).
py_pkgs=""
if command -v dpkg-query >/dev/null 2>&1; then
    for p in python3 python3-venv python3-pip python3-setuptools python3-wheel python3-numpy; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
            py_pkgs="$py_pkgs $p"
    done
    py_pkgs=${py_pkgs# }
fi

[ -z "$c_pkgs" ] && [ -z "$py_pkgs" ] && exit 0

pkgs=$(echo "$c_pkgs $py_pkgs" | sed 's/^ *//; s/ *$//')
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "make check: installing $pkgs with apt-get" >&2
    if DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
       DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null; then
        if [ -z "$c_pkgs" ] || pkg-config --exists check; then
            exit 0
        fi
    elif [ -n "$py_pkgs" ] && [ -n "$c_pkgs" ] &&
         DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $c_pkgs >/dev/null &&
         pkg-config --exists check; then
        echo "make check: apt-get could not install $py_pkgs: the Python package tests will be skipped" >&2
        exit 0
    fi
    if [ -n "$c_pkgs" ]; then
        echo "make check: apt-get could not install $c_pkgs" >&2
        exit 1
    fi
    echo "make check: apt-get could not install $py_pkgs: the Python package tests will be skipped" >&2
    exit 0
fi

if [ -n "$py_pkgs" ]; then
    echo "make check: the Python package tests use $py_pkgs; without them those tests are skipped, in part or whole." >&2
    echo "Install them with:  sudo apt-get install -y $py_pkgs" >&2
fi
[ -z "$c_pkgs" ] && exit 0
echo "make check needs the Check unit-test framework and pkg-config." >&2
if command -v apt-get >/dev/null 2>&1; then
    echo "Install them with:  sudo apt-get install -y $c_pkgs" >&2
elif command -v dnf >/dev/null 2>&1; then
    echo "Install them with:  sudo dnf install -y check-devel pkgconf-pkg-config" >&2
elif command -v brew >/dev/null 2>&1; then
    echo "Install them with:  brew install check pkg-config" >&2
else
    echo "Install the 'check' library (https://libcheck.github.io/check/) and pkg-config." >&2
fi
exit 1
