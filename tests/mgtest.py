"""Shared by the tests of the Python package (tests/test_python*.py).

They test whichever ``mindgames`` Python imports: the installed package
(``pip install --no-build-isolation ./python``, or the wheel), or the
source tree with ``PYTHONPATH=python``.  Run from the top of the
repository:

    python3 -m unittest discover -s tests -p 'test_*.py'

When the package cannot be imported at all the tests are skipped with a
message, unless MINDGAMES_TEST_REQUIRE=1 (what make python-tests sets):
then that is a failure.  A package that imports but finds no library
always fails, with the package's own message.

MINDGAMES_TEST_NUMPY=1 / 0 says whether NumPy must be importable (the
run with NumPy hidden sets 0); unset, whatever is there is tested.
"""
import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
HEADER = os.path.join(TOP, "include", "mindgames.h")
EXAMPLES = os.path.join(TOP, "examples", "python")
PYPROJECT = os.path.join(TOP, "python", "pyproject.toml")
SOURCE_PACKAGE = os.path.join(TOP, "python", "mindgames")

try:
    import mindgames as mg
except ModuleNotFoundError as e:  # the package, not a module inside it
    if e.name != "mindgames" or os.environ.get("MINDGAMES_TEST_REQUIRE"):
        raise
    raise unittest.SkipTest(
        "the mindgames package is not importable: install it (pip install "
        "--no-build-isolation ./python) or run with PYTHONPATH=python "
        "(and MINDGAMES_LIB=$PWD/build/libmindgames.so.1)")

NUMPY_EXPECTED = os.environ.get("MINDGAMES_TEST_NUMPY")
HAVE_NUMPY = mg.have_numpy()
needs_numpy = unittest.skipUnless(HAVE_NUMPY, "NumPy is not importable here")
without_numpy = unittest.skipIf(HAVE_NUMPY, "NumPy is importable here")

SPEC = "dots_and_boxes(rows=3,cols=3)"

# Games whose position API (1.3) answers; the others are skipped with a
# message while they return MG_EUNSUPPORTED.
POSITION_GAMES = ("dots_and_boxes", "china_squares", "china_octangle",
                  "china_tangle", "china_grove")


def position_or_skip(test, game):
    """Skip test when game does not describe its position yet."""
    try:
        game.num_sites
    except mg.UnsupportedError:
        if game.id in POSITION_GAMES:
            raise
        test.skipTest("%s does not answer the position API yet "
                      "(MG_EUNSUPPORTED)" % game.id)


def header_declarations():
    """{name: (return type, [parameter texts])} of every MG_API function
    of the header."""
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    out = {}
    for m in re.finditer(r"\bMG_API\s+([^;(]*?)\b(mg_[a-z0-9_]+)\s*\("
                         r"([^)]*)\)\s*;", text):
        params = [p.strip() for p in " ".join(m.group(3).split()).split(",")]
        if params == ["void"]:
            params = []
        out[m.group(2)] = (" ".join(m.group(1).split()), params)
    return out


def header_version():
    with open(HEADER, encoding="utf-8") as f:
        return re.search(r'#define MG_VERSION_STRING "([^"]+)"',
                         f.read()).group(1)


def run_python(code, env=None, cwd=None, timeout=120):
    """Run code in a fresh interpreter (this one); the CompletedProcess."""
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=timeout)
