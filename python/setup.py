"""Build steps of the mindgames package beyond pyproject.toml.

The package is pure Python over ctypes; this file adds one step to
setuptools' build_py: compiling libmindgames from its C sources into the
package folder (``mindgames/libmindgames.so.1``), where the package looks
for it right after ``MINDGAMES_LIB``.  It is a ctypes-loaded shared
library, not a CPython extension: one file serves every Python 3, so such
a wheel is tagged ``py3-none-<platform>``.  The flags are the Makefile's
(-std=c99, its warnings, -fvisibility=hidden, -fPIC, the version script
lib/mindgames.map, SONAME libmindgames.so.1, -Wl,-z,defs).

Environment variables read at build time:

MINDGAMES_BUNDLE   ``auto`` (the default): compile the library into the
                   package when its C sources are found; ``1``: the same,
                   and fail when they are not; ``0``: never, building a
                   pure-Python package (``py3-none-any``) that uses an
                   installed library (``make install``).
MINDGAMES_SRC      the top of a mindgames source tree (with include/ and
                   lib/); by default csrc/ next to this file (an sdist),
                   else the repository this folder is in (``..``).
MINDGAMES_LIBDIR   a library folder to record in the package, searched
                   right after its own folder (``make install-python``
                   sets it to the LIBDIR it installed the library into).
CC, CFLAGS, LDFLAGS  as for the Makefile (cc, -O2 -g, none).

An sdist (``python3 setup.py sdist``) carries the C sources in csrc/, so
a wheel built from it is self-contained too; one made without them (or
with MINDGAMES_BUNDLE=0) builds the pure package.
"""
import concurrent.futures
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

try:  # setuptools >= 70.1 has its own
    from setuptools.command.bdist_wheel import bdist_wheel as _bdist_wheel
except ImportError:
    try:
        from wheel.bdist_wheel import bdist_wheel as _bdist_wheel
    except ImportError:  # no wheel: sdists and plain builds still work
        _bdist_wheel = None

HERE = os.path.dirname(os.path.realpath(__file__))
PACKAGE = "mindgames"


def _say(msg):
    sys.stderr.write("mindgames build: %s\n" % msg)
    sys.stderr.flush()


def _is_source_tree(top):
    return (os.path.isfile(os.path.join(top, "include", "mindgames.h"))
            and os.path.isfile(os.path.join(top, "lib", "mindgames.map")))


def find_sources():
    """The top of the C sources, or None."""
    env = os.environ.get("MINDGAMES_SRC")
    if env:
        if not _is_source_tree(env):
            raise SystemExit("MINDGAMES_SRC=%s has no include/mindgames.h "
                             "and lib/mindgames.map" % env)
        return os.path.abspath(env)
    for top in (os.path.join(HERE, "csrc"), os.path.dirname(HERE)):
        if _is_source_tree(top):
            return top
    return None


def bundle_plan():
    """(source top or None): where the library is compiled from, or None
    for a pure-Python build."""
    mode = os.environ.get("MINDGAMES_BUNDLE", "auto").strip().lower()
    if mode not in ("auto", "1", "0", "yes", "no", "true", "false", ""):
        raise SystemExit("MINDGAMES_BUNDLE=%s: use auto, 1 or 0" % mode)
    if mode in ("0", "no", "false"):
        return None
    top = find_sources()
    if top is None and mode in ("1", "yes", "true"):
        raise SystemExit(
            "MINDGAMES_BUNDLE=%s but the C sources are not here (no "
            "csrc/ and no ../include, ../lib): set MINDGAMES_SRC to a "
            "mindgames source tree" % mode)
    return top


SRC = bundle_plan()


def header_version(top):
    with open(os.path.join(top, "include", "mindgames.h")) as f:
        text = f.read()
    parts = [re.search(r"#define MG_VERSION_%s (\d+)" % p, text).group(1)
             for p in ("MAJOR", "MINOR", "PATCH")]
    return tuple(int(p) for p in parts)


def soname(top):
    return "libmindgames.so.%d" % header_version(top)[0]


def compile_library(top, out):
    """Compile libmindgames from top/lib into the file out, as the
    Makefile's shared library (same flags)."""
    if not sys.platform.startswith("linux") and sys.platform not in (
            "freebsd", "openbsd", "netbsd"):
        raise SystemExit(
            "compiling libmindgames into the package needs an ELF platform "
            "(its version script and SONAME); on %s build it with make and "
            "build the package with MINDGAMES_BUNDLE=0" % sys.platform)
    cc = shlex.split(os.environ.get("CC") or "cc")
    cflags = shlex.split(os.environ.get("CFLAGS", "-O2 -g"))
    ldflags = shlex.split(os.environ.get("LDFLAGS", ""))
    warn = ["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow",
            "-Wcast-qual", "-Wstrict-prototypes", "-Wmissing-prototypes",
            "-Wwrite-strings"]
    inc = ["-I" + os.path.join(top, "include"), "-I" + os.path.join(top, "lib")]
    sources = sorted(glob.glob(os.path.join(top, "lib", "**", "*.c"),
                               recursive=True))
    if not sources:
        raise SystemExit("no C sources in %s/lib" % top)
    tmp = tempfile.mkdtemp(prefix="mindgames-build-")
    try:
        # the networks shipped with the library (mg_eval_builtin): the
        # Makefile's generated header, made the same way
        embed = os.path.join(top, "lib", "weights", "embed.sh")
        if os.path.isfile(embed):
            gen = os.path.join(tmp, "gen")
            os.makedirs(gen)
            weights = sorted(glob.glob(os.path.join(top, "lib", "weights",
                                                    "*.mgnn")))
            with open(os.path.join(gen, "mg_eval_weights.h"), "w") as f:
                p = subprocess.run(["sh", embed] + weights, stdout=f,
                                   stderr=subprocess.PIPE,
                                   universal_newlines=True)
            if p.returncode != 0:
                raise SystemExit("lib/weights/embed.sh failed: %s"
                                 % p.stderr.strip())
            inc.append("-I" + gen)

        def one(src):
            rel = os.path.relpath(src, os.path.join(top, "lib"))
            obj = os.path.join(tmp, rel.replace(os.sep, "__") + ".o")
            cmd = (cc + warn + inc + ["-fvisibility=hidden"] + cflags
                   + ["-fPIC", "-c", src, "-o", obj])
            p = subprocess.run(cmd, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT,
                               universal_newlines=True)
            return obj, cmd, p

        _say("compiling %d C files of %s with %s" % (len(sources), top,
                                                      " ".join(cc)))
        try:
            with concurrent.futures.ThreadPoolExecutor(
                    max_workers=os.cpu_count() or 2) as pool:
                results = list(pool.map(one, sources))
        except FileNotFoundError as e:
            raise SystemExit(
                "cannot run the C compiler %r (%s): install one (Debian: "
                "apt-get install build-essential), set CC, or build the "
                "package without the library: MINDGAMES_BUNDLE=0" % (cc[0], e))
        failed = [r for r in results if r[2].returncode != 0]
        for _, _, p in results:
            if p.stdout:
                sys.stderr.write(p.stdout)
        if failed:
            raise SystemExit("compiling libmindgames failed:\n  %s\n(set "
                             "MINDGAMES_BUNDLE=0 to build the package "
                             "without it)" % " ".join(failed[0][1]))
        name = soname(top)
        tmp_out = out + ".tmp"
        cmd = (cc + ["-shared"] + cflags + ldflags
               + ["-Wl,-soname," + name,
                  "-Wl,--version-script=" + os.path.join(top, "lib",
                                                         "mindgames.map"),
                  "-Wl,-z,defs", "-o", tmp_out] + [r[0] for r in results])
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        if p.returncode != 0:
            sys.stderr.write(p.stdout)
            raise SystemExit("linking libmindgames failed:\n  %s"
                             % " ".join(cmd))
        os.replace(tmp_out, out)
        _say("built %s (%d bytes)" % (out, os.path.getsize(out)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


CONFIG = '''"""Where the build put things (written by setup.py)."""
from typing import Optional

BUNDLED: bool = %r
LIBDIR: Optional[str] = %r
'''


class build_py(_build_py):
    """build_py, then the library into the package (when bundling) and
    the build's facts into mindgames/_build_config.py."""

    def _lib_path(self, pkg_dir):
        return os.path.join(pkg_dir, soname(SRC)) if SRC else None

    def run(self):
        super().run()
        editable = getattr(self, "editable_mode", False)
        # an editable install runs from the source folder: put the
        # library there (python/.gitignore ignores it)
        pkg = (os.path.join(HERE, PACKAGE) if editable
               else os.path.join(self.build_lib, PACKAGE))
        for old in glob.glob(os.path.join(self.build_lib, PACKAGE,
                                          "libmindgames.so*")):
            os.remove(old)  # a previous build's
        if SRC:
            compile_library(SRC, self._lib_path(pkg))
            if SRC != os.path.dirname(HERE) and not SRC.endswith("csrc"):
                _say("C sources from MINDGAMES_SRC=%s" % SRC)
            v = ".".join(map(str, header_version(SRC)))
            if v != self.distribution.get_version():
                _say("warning: the C sources are version %s, the package "
                     "%s" % (v, self.distribution.get_version()))
        else:
            _say("building the package without the library: it will use "
                 "an installed libmindgames (make install) or "
                 "MINDGAMES_LIB")
        if not editable:
            libdir = os.environ.get("MINDGAMES_LIBDIR") or None
            with open(os.path.join(pkg, "_build_config.py"), "w") as f:
                f.write(CONFIG % (bool(SRC), libdir))

    def get_outputs(self, include_bytecode=1):
        outs = super().get_outputs(include_bytecode)
        if SRC and not getattr(self, "editable_mode", False):
            outs.append(self._lib_path(os.path.join(self.build_lib, PACKAGE)))
        return outs


class sdist(_sdist):
    """An sdist that carries the C sources (csrc/), so that wheels built
    from it compile the library as a build from the repository does."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        top = find_sources()
        if top is None:
            _say("no C sources to put in the sdist: wheels built from it "
                 "will not carry the library")
            return
        dest = os.path.join(base_dir, "csrc")
        os.makedirs(os.path.join(dest, "include"), exist_ok=True)
        shutil.copy2(os.path.join(top, "include", "mindgames.h"),
                     os.path.join(dest, "include", "mindgames.h"))
        lib = os.path.join(top, "lib")
        for path in sorted(glob.glob(os.path.join(lib, "**", "*"),
                                     recursive=True)):
            if os.path.isfile(path) and path.endswith((".c", ".h", ".map",
                                                       ".mgnn", ".sh")):
                target = os.path.join(dest, "lib", os.path.relpath(path, lib))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(path, target)
        _say("put the C sources of %s into the sdist's csrc/" % top)


COMMANDS = {"build_py": build_py, "sdist": sdist}

if _bdist_wheel is not None:
    class bdist_wheel(_bdist_wheel):
        """A wheel that carries the library is platform-specific but not
        tied to one Python: py3-none-<platform>."""

        def finalize_options(self):
            super().finalize_options()
            if SRC:
                self.root_is_pure = False

        def get_tag(self):
            python, abi, plat = super().get_tag()
            if SRC:
                return "py3", "none", plat
            return python, abi, plat

    COMMANDS["bdist_wheel"] = bdist_wheel



class BinaryDistribution(Distribution):
    """A distribution that carries a compiled library: installed to
    platlib, at the root of its wheel."""

    def has_ext_modules(self):
        return True


setup(cmdclass=COMMANDS, distclass=BinaryDistribution if SRC else Distribution)
