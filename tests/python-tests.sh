#!/bin/sh
# python-tests.sh PYTHON SHLIB MAKE B - the Python package's tests (make
# python-tests, part of make check).  Every run of the suite is the
# README's command, from the top of the repository:
#
#     python3 -m unittest discover -s tests -p 'test_*.py'
#
#  1. the source tree: PYTHONPATH=python MINDGAMES_LIB=SHLIB, with PYTHON;
#  then in fresh virtual environments of a Python with venv, pip,
#  setuptools and wheel (PYTHON when it has them, else /usr/bin/python3):
#  2. make install PREFIX="$VIRTUAL_ENV", then MINDGAMES_BUNDLE=0 pip
#     install --no-build-isolation ./python: the package over make
#     install's library, found in sys.prefix/lib;
#  3. pip wheel --no-build-isolation ./python, a self-contained wheel
#     (py3-none-<platform>, the library inside): installed with pip
#     install mindgames-*.whl into a venv that sees NumPy, and into one
#     that has nothing but the wheel (NumPy absent: the lists path);
#  4. make install-python: the package records the LIBDIR it was
#     installed with, and works from outside the repository;
#  5. the sdist: its wheel is self-contained, and without its C sources
#     it builds the pure package (py3-none-any).
# Without such a Python, 2-5 are skipped with the command that installs
# what is missing.  Offline throughout (PIP_NO_INDEX=1).
set -u
PYTHON=${1:-python3}
SHLIB=$2
MAKE=${3:-make}
B=${4:-build}
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP" || exit 1
DEBS="python3-venv python3-pip python3-setuptools python3-wheel python3-numpy"
export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 \
       PIP_QUIET=1 PYTHONDONTWRITEBYTECODE=1 MINDGAMES_TEST_REQUIRE=1
unset MINDGAMES_BUNDLE MINDGAMES_SRC MINDGAMES_LIBDIR
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=""
runs=0

say() { echo "python-tests: $*"; }
fail() { say "FAILED: $*"; failed="$failed
  $*"; }

# about PY: which Python, which package and library, NumPy or not
about() {
    "$1" -c '
import sys
try:
    import numpy
    np = "NumPy " + numpy.__version__
except ImportError:
    np = "no NumPy"
import mindgames
print("%s %s, mindgames %s from %s, library %s, %s" % (
    sys.executable, sys.version.split()[0], mindgames.__version__,
    mindgames.__file__.rsplit("/", 1)[0], mindgames.library_path(), np))'
}

# suite LABEL PY [NUMPY]: the README's command; NUMPY 1 or 0 says whether
# NumPy must be there (MINDGAMES_TEST_NUMPY)
suite() {
    label=$1; py=$2
    info=$(about "$py" 2>&1) || { fail "$label: cannot import mindgames: $info"; return; }
    say "[$label] $info"
    if env ${3:+MINDGAMES_TEST_NUMPY=$3} \
            "$py" -m unittest discover -s tests -p 'test_*.py' >"$tmp/out" 2>&1; then
        tail -n 3 "$tmp/out" | grep -v '^$' | while IFS= read -r line; do
            say "[$label] $line"
        done
        runs=$((runs + 1))
    else
        cat "$tmp/out"
        fail "$label: the suite failed"
    fi
}

# ------------------------------------------------------ 1. source tree
if command -v "$PYTHON" >/dev/null 2>&1; then
    PYTHONPATH=python MINDGAMES_LIB=$SHLIB; export PYTHONPATH MINDGAMES_LIB
    suite "source tree" "$PYTHON"
    unset PYTHONPATH MINDGAMES_LIB
else
    say "skipped the source-tree run: $PYTHON not found"
fi

# ------------------------------------------- a Python that builds wheels
# (the first venv that can is kept: it builds the wheel and the sdist and
# takes make install-python)
venvpy=""
for c in "$PYTHON" /usr/bin/python3 python3; do
    command -v "$c" >/dev/null 2>&1 || continue
    rm -rf "$tmp/venv-build"
    if "$c" -m venv --system-site-packages "$tmp/venv-build" >/dev/null 2>&1 &&
       "$tmp/venv-build/bin/python3" -c 'import setuptools, wheel, pip' 2>/dev/null; then
        venvpy=$(command -v "$c"); break
    fi
done
if [ -z "$venvpy" ]; then
    say "SKIPPED the install tests (pip install ./python, the wheel, make install-python):"
    say "  no Python 3 here has venv, pip, setuptools and wheel."
    say "  Debian: sudo apt-get install -y $DEBS"
    [ -z "$failed" ] || { echo "python-tests: failures:$failed"; exit 1; }
    exit 0
fi
say "virtual environments of $venvpy: $("$venvpy" -c '
import sys, setuptools, wheel, pip
print("Python %s, pip %s, setuptools %s, wheel %s" % (sys.version.split()[0],
      pip.__version__, setuptools.__version__, wheel.__version__))')"
version=$("$venvpy" -c 'import re; print(re.search(r"(?m)^version = \"([^\"]+)\"", open("python/pyproject.toml").read()).group(1))')

newvenv() { # DIR [isolated]: a fresh venv, activated
    if [ "${2:-}" = isolated ]; then
        "$venvpy" -m venv "$1" || return 1
    else
        "$venvpy" -m venv --system-site-packages "$1" || return 1
    fi
    # shellcheck disable=SC1091
    . "$1/bin/activate"
}

# --------------------------- 2. pip install ./python over make install
if newvenv "$tmp/venv-src"; then
    if $MAKE --no-print-directory -s install PREFIX="$VIRTUAL_ENV" B="$B" >/dev/null &&
       MINDGAMES_BUNDLE=0 pip install --no-build-isolation ./python; then
        lib=$(python3 -c 'import mindgames; print(mindgames.library_path())')
        [ "$lib" = "$VIRTUAL_ENV/lib/libmindgames.so.1" ] ||
            fail "pip install ./python: the library came from $lib, not make install's"
        python3 -c 'import mindgames, os; assert not os.path.exists(os.path.join(os.path.dirname(mindgames.__file__), "libmindgames.so.1"))' ||
            fail "MINDGAMES_BUNDLE=0 bundled the library anyway"
        suite "pip install ./python + make install" python3
    else
        fail "make install PREFIX=\$VIRTUAL_ENV / MINDGAMES_BUNDLE=0 pip install ./python"
    fi
    deactivate
else
    fail "cannot create a venv with $venvpy"
fi

# ------------------------------------------------ 3. the wheel, alone
mkdir -p "$tmp/wheelhouse"
ln -s "$TOP/python" "$tmp/wheelhouse/python"
whl=""
if . "$tmp/venv-build/bin/activate"; then
    if (cd "$tmp/wheelhouse" && pip wheel --no-build-isolation ./python); then
        whl=$(ls "$tmp"/wheelhouse/mindgames-*.whl 2>/dev/null | head -n 1)
    fi
    deactivate
fi
if [ -z "$whl" ]; then
    fail "pip wheel --no-build-isolation ./python made no wheel"
else
    say "built $(basename "$whl") ($(wc -c <"$whl") bytes)"
    case $(basename "$whl") in
        mindgames-$version-py3-none-any.whl) fail "the wheel is pure (py3-none-any): no library inside" ;;
        mindgames-$version-py3-none-*.whl) ;;
        *) fail "unexpected wheel name $(basename "$whl")" ;;
    esac
    "$venvpy" - "$whl" "$tmp/unpacked" <<'EOF' || fail "the wheel's contents"
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
for want in ("mindgames/__init__.py", "mindgames/py.typed",
             "mindgames/libmindgames.so.1"):
    assert want in names, "%s not in the wheel" % want
assert "Root-Is-Purelib: false" in z.read([n for n in names
                                           if n.endswith("/WHEEL")][0]).decode()
z.extract("mindgames/libmindgames.so.1", sys.argv[2])
EOF
    so="$tmp/unpacked/mindgames/libmindgames.so.1"
    if command -v readelf >/dev/null 2>&1 && [ -f "$so" ]; then
        readelf -d "$so" | grep -q 'Library soname: \[libmindgames.so.1\]' ||
            fail "the wheel's library has no SONAME libmindgames.so.1"
        readelf --dyn-syms --wide "$so" | awk '$7 != "UND" && $5 == "GLOBAL" {print $8}' | sort >"$tmp/wheel.syms"
        readelf --dyn-syms --wide "$SHLIB" | awk '$7 != "UND" && $5 == "GLOBAL" {print $8}' | sort >"$tmp/make.syms"
        cmp -s "$tmp/wheel.syms" "$tmp/make.syms" ||
            fail "the wheel's library exports differ from the Makefile's: $(diff "$tmp/make.syms" "$tmp/wheel.syms" | head -n 5)"
    fi
    for kind in numpy isolated; do
        if [ $kind = numpy ]; then newvenv "$tmp/venv-whl"; else newvenv "$tmp/venv-alone" isolated; fi || {
            fail "cannot create a venv for the wheel"; continue; }
        (cd "$tmp/wheelhouse" && pip install mindgames-*.whl) || fail "pip install mindgames-*.whl ($kind)"
        lib=$(cd "$tmp" && python3 -c 'import mindgames; print(mindgames.library_path())')
        case $lib in
            "$VIRTUAL_ENV"/lib/python*/site-packages/mindgames/libmindgames.so.1) ;;
            *) fail "the wheel ($kind) loaded $lib, not its own library" ;;
        esac
        if [ $kind = numpy ]; then
            if python3 -c 'import numpy' 2>/dev/null; then
                suite "the wheel, with NumPy" python3 1
            else
                say "no NumPy for the wheel's venv (Debian: python3-numpy): its run tests lists only"
                suite "the wheel" python3
            fi
        else
            suite "the wheel alone, no NumPy" python3 0
        fi
        deactivate
    done
fi

# ---------------------------------------------------- 4. install-python
if . "$tmp/venv-build/bin/activate"; then
    prefix="$tmp/prefix"
    if $MAKE --no-print-directory -s install-python PREFIX="$prefix" \
            PYTHON="$VIRTUAL_ENV/bin/python3" B="$B" >/dev/null; then
        out=$(cd "$tmp" && python3 -c 'import mindgames; print(mindgames.library_path()); print(mindgames.Game("china_squares"))') ||
            fail "make install-python: the package does not work"
        case $out in
            "$prefix/lib/libmindgames.so.1
<mindgames.Game china_squares("*) say "[make install-python] $(echo "$out" | tr '\n' ' ')" ;;
            *) fail "make install-python: $out" ;;
        esac
        $MAKE --no-print-directory -s uninstall-python PYTHON="$VIRTUAL_ENV/bin/python3" >/dev/null
        python3 -c 'import mindgames' 2>/dev/null && fail "make uninstall-python left the package"
    else
        fail "make install-python"
    fi
    deactivate
fi

# -------------------------------------------------------- 5. the sdist
if . "$tmp/venv-build/bin/activate"; then
    (cd python && python3 setup.py -q sdist -d "$tmp/sdist" >"$tmp/sdist.log" 2>&1) ||
        { cat "$tmp/sdist.log"; fail "setup.py sdist"; }
    sd=$(ls "$tmp"/sdist/mindgames-*.tar.gz 2>/dev/null | head -n 1)
    if [ -n "$sd" ]; then
        mkdir -p "$tmp/sd" && tar -xzf "$sd" -C "$tmp/sd"
        src=$(ls -d "$tmp"/sd/mindgames-*)
        [ -f "$src/csrc/include/mindgames.h" ] && [ -f "$src/csrc/lib/mindgames.map" ] ||
            fail "the sdist has no C sources"
        (cd "$tmp/sd" && pip wheel --no-build-isolation -w full "$src") || fail "pip wheel of the sdist"
        rm -rf "$src/csrc" "$src/build"
        (cd "$tmp/sd" && pip wheel --no-build-isolation -w pure "$src") || fail "pip wheel of the sdist without csrc"
        ls "$tmp"/sd/full/mindgames-*-py3-none-linux*.whl >/dev/null 2>&1 ||
            fail "the sdist's wheel is not self-contained: $(ls "$tmp/sd/full")"
        ls "$tmp"/sd/pure/mindgames-*-py3-none-any.whl >/dev/null 2>&1 ||
            fail "the sdist without C sources did not build the pure package: $(ls "$tmp/sd/pure")"
        pip install "$tmp"/sd/pure/mindgames-*.whl || fail "pip install of the pure wheel"
        out=$(cd "$tmp" && MINDGAMES_LIB=$SHLIB python3 -c 'import mindgames, os; print(os.path.exists(os.path.join(os.path.dirname(mindgames.__file__), "libmindgames.so.1")), mindgames.Game("china_tangle").num_actions)') ||
            fail "the pure package with MINDGAMES_LIB"
        [ "$out" = "False 65" ] || fail "the pure package: $out"
        say "[sdist] $(basename "$sd"): with csrc $(basename "$(ls "$tmp"/sd/full/*.whl)"), without $(basename "$(ls "$tmp"/sd/pure/*.whl)")"
    else
        fail "no sdist"
    fi
    deactivate
fi

if [ -n "$failed" ]; then
    echo "python-tests: failures:$failed"
    exit 1
fi
say "all passed ($runs runs of the suite)"
