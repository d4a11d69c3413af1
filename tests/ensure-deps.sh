#!/bin/sh
# ensure-deps.sh - make sure the test dependencies (Check, found through
# pkg-config) are present.  Installs them with apt-get when running as root
# on a Debian-like system; otherwise prints the exact command and fails.
set -u
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists check; then
    exit 0
fi
pkgs="check pkg-config"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "make check: installing $pkgs with apt-get" >&2
    if DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
       DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $pkgs >/dev/null; then
        pkg-config --exists check && exit 0
    fi
    echo "make check: apt-get could not install $pkgs" >&2
    exit 1
fi
echo "make check needs the Check unit-test framework and pkg-config." >&2
if command -v apt-get >/dev/null 2>&1; then
    echo "Install them with:  sudo apt-get install -y $pkgs" >&2
elif command -v dnf >/dev/null 2>&1; then
    echo "Install them with:  sudo dnf install -y check-devel pkgconf-pkg-config" >&2
elif command -v brew >/dev/null 2>&1; then
    echo "Install them with:  brew install check pkg-config" >&2
else
    echo "Install the 'check' library (https://libcheck.github.io/check/) and pkg-config." >&2
fi
exit 1
