"""The package as a package: the library lookup and its error, the
prototypes against the header, type hints and docstrings on every public
name, py.typed, the versions, and the examples and README code run."""
import ctypes
import ctypes.util
import inspect
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

from mgtest import (EXAMPLES, HAVE_NUMPY, PYPROJECT, SOURCE_PACKAGE, TOP,
                    header_declarations, header_version, mg, run_python)

PACKAGE_DIR = os.path.dirname(os.path.abspath(mg.__file__))
LIB = os.path.realpath(mg.library_path())
SONAME = mg.SONAME


def clean_env(**extra):
    """The environment without anything that points at a library."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("MINDGAMES_LIB", "LD_LIBRARY_PATH", "PYTHONPATH")}
    env.update(extra)
    return env


class TestLookup(unittest.TestCase):
    """The order: MINDGAMES_LIB, the package folder (and the folder make
    install-python recorded), find_library, libmindgames.so.1, then
    sys.prefix/lib and /usr/local/lib."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="mindgames-lookup-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        # a copy of the package without any library in its folder
        self.pkg = os.path.join(self.tmp, "site")
        shutil.copytree(PACKAGE_DIR, os.path.join(self.pkg, "mindgames"),
                        ignore=shutil.ignore_patterns("libmindgames.so*",
                                                      "__pycache__"))

    def where(self, env, code="print(mindgames.library_path())"):
        return run_python("import mindgames\n" + code,
                          env=dict(env, PYTHONPATH=self.pkg), cwd=self.tmp)

    def libdir(self, name):
        d = os.path.join(self.tmp, name)
        os.makedirs(d)
        os.symlink(LIB, os.path.join(d, SONAME))
        return d

    def system_library(self):
        """A libmindgames the machine itself would find, or None."""
        p = self.where(clean_env())
        return p.stdout.strip() if p.returncode == 0 else None

    def test_mindgames_lib_first(self):
        d = self.libdir("env")
        shutil.copy(LIB, os.path.join(self.pkg, "mindgames", SONAME))
        p = self.where(clean_env(MINDGAMES_LIB=os.path.join(d, SONAME)))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), os.path.join(d, SONAME))

    def test_bad_mindgames_lib_is_an_error(self):
        for bad, why in (("/no/such/libmindgames.so.1", "No such file"),
                         (ctypes.util.find_library("c") or "libc.so.6",
                          "not libmindgames")):
            with self.subTest(bad=bad):
                p = self.where(clean_env(MINDGAMES_LIB=bad))
                self.assertNotEqual(p.returncode, 0)
                self.assertIn("LibraryNotFoundError", p.stderr)
                self.assertIn("MINDGAMES_LIB=" + bad, p.stderr)
                self.assertIn(why, p.stderr)
                self.assertIn("make install", p.stderr)
                self.assertNotIn("Traceback (most recent call last):\n  "
                                 "File \"<string>\", line 1, in <module>\n"
                                 "OSError", p.stderr)

    def test_package_folder(self):
        shutil.copy(LIB, os.path.join(self.pkg, "mindgames", SONAME))
        p = self.where(clean_env())
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(),
                         os.path.join(self.pkg, "mindgames", SONAME))

    def test_recorded_libdir(self):
        d = self.libdir("recorded")
        with open(os.path.join(self.pkg, "mindgames", "_build_config.py"),
                  "w") as f:
            f.write("BUNDLED = False\nLIBDIR = %r\n" % d)
        p = self.where(clean_env())
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), os.path.join(d, SONAME))

    def test_dynamic_loader(self):
        if self.system_library():
            self.skipTest("this machine has a libmindgames of its own (%s), "
                          "found before LD_LIBRARY_PATH's"
                          % self.system_library())
        d = self.libdir("ldpath")
        p = self.where(clean_env(LD_LIBRARY_PATH=d))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(os.path.realpath(p.stdout.strip()), LIB)
        self.assertTrue(p.stdout.strip().startswith(d), p.stdout)

    def test_prefix_lib(self):
        # make install PREFIX="$VIRTUAL_ENV": sys.prefix/lib, found without
        # LD_LIBRARY_PATH or ldconfig (a venv of this interpreter)
        if self.system_library():
            self.skipTest("this machine has a libmindgames of its own (%s)"
                          % self.system_library())
        venv = os.path.join(self.tmp, "venv")
        p = subprocess.run([sys.executable, "-m", "venv", "--without-pip",
                            venv], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
        if p.returncode != 0:
            self.skipTest("cannot make a venv here: %s" % p.stdout[-200:])
        os.makedirs(os.path.join(venv, "lib"), exist_ok=True)
        os.symlink(LIB, os.path.join(venv, "lib", SONAME))
        p = subprocess.run(
            [os.path.join(venv, "bin", "python"), "-c",
             "import mindgames; print(mindgames.library_path())"],
            env=clean_env(PYTHONPATH=self.pkg), cwd=self.tmp,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            universal_newlines=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), os.path.join(venv, "lib", SONAME))

    def test_nothing_found(self):
        if self.system_library():
            self.skipTest("this machine has a libmindgames of its own (%s)"
                          % self.system_library())
        p = self.where(clean_env())
        self.assertNotEqual(p.returncode, 0)
        err = p.stderr
        self.assertIn("mindgames.errors.LibraryNotFoundError: cannot find "
                      "libmindgames (%s" % SONAME, err)
        for tried in ("MINDGAMES_LIB: not set", "the package folder",
                      "find_library('mindgames')", "dynamic loader",
                      "/usr/local/lib/" + SONAME,
                      os.path.join(sys.prefix, "lib", SONAME)):
            self.assertIn(tried, err)
        for fix in ("make install", "MINDGAMES_LIB", "pip wheel"):
            self.assertIn(fix, err)
        # an ImportError: `except ImportError` around the import works
        p = run_python("try:\n import mindgames\nexcept ImportError as e:\n"
                       " print(type(e).__name__, len(e.tried))",
                       env=clean_env(PYTHONPATH=self.pkg), cwd=self.tmp)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"^LibraryNotFoundError \d+")

    def test_wrong_major_version(self):
        cc = shutil.which(os.environ.get("CC", "cc"))
        if not cc:
            self.skipTest("no C compiler to make a fake library")
        src = os.path.join(self.tmp, "fake.c")
        with open(src, "w") as f:
            f.write("unsigned mg_version_number(void) { return 20103; }\n")
        fake = os.path.join(self.tmp, "libfake.so")
        subprocess.run([cc, "-shared", "-fPIC", src, "-o", fake], check=True)
        p = self.where(clean_env(MINDGAMES_LIB=fake))
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("libmindgames 2.1.3, and this package needs 1.x",
                      p.stderr)


class TestPrototypes(unittest.TestCase):

    def test_every_header_function_has_a_prototype(self):
        decls = header_declarations()
        self.assertGreaterEqual(len(decls), 70)
        with open(os.path.join(TOP, "include", "mindgames.h")) as f:
            grepped = set(re.findall(
                r"\bMG_API\b[^;(]*?\b(mg_[a-z0-9_]+)\s*\(", f.read()))
        self.assertEqual(set(decls), grepped)
        self.assertEqual(set(decls), set(mg.PROTOTYPES),
                         "the header and mindgames.PROTOTYPES differ")

    def test_every_prototype_is_bound(self):
        self.assertEqual(mg.MISSING, [], "not exported by the library")
        for name, (res, args) in mg.PROTOTYPES.items():
            f = getattr(mg.lib, name)
            self.assertEqual(f.argtypes, args, name)
            self.assertEqual(f.restype, res, name)

    def test_prototypes_match_the_header(self):
        c = ctypes
        ints = {"int": (c.c_int,), "int32_t": (c.c_int32, c.c_int),
                "uint32_t": (c.c_uint32,), "uint64_t": (c.c_uint64,),
                "size_t": (c.c_size_t,), "int64_t": (c.c_int64,)}
        for name, (ret, params) in header_declarations().items():
            res, args = mg.PROTOTYPES[name]
            with self.subTest(name=name):
                self.assertEqual(len(args), len(params))
                if ret == "void":
                    self.assertIsNone(res)
                elif ret.endswith("*"):
                    self.assertIn(res, (c.c_void_p, c.c_char_p))
                    if "char" in ret:
                        self.assertIs(res, c.c_char_p)
                else:
                    self.assertIn(res, ints[ret])
                for p, a in zip(params, args):
                    base = p.replace("const ", "").split()[0]
                    if base == "mg_action_value":  # the one struct
                        from mindgames._ffi import ActionValueStruct
                        self.assertIs(a, c.POINTER(ActionValueStruct), p)
                    elif p.count("*") == 2 or base.startswith("mg_"):
                        self.assertIn(a, (c.c_void_p, c.POINTER(c.c_void_p)),
                                      p)
                    elif "*" in p:
                        if base == "char":
                            self.assertIs(a, c.c_char_p, p)
                        elif base == "void":      # const void *data
                            self.assertIs(a, c.c_void_p, p)
                        else:
                            want = {"int32_t": c.c_int32, "int8_t": c.c_int8,
                                    "int": c.c_int,
                                    "float": c.c_float, "double": c.c_double,
                                    "size_t": c.c_size_t,
                                    "int64_t": c.c_int64,
                                    "uint8_t": c.c_uint8,
                                    "uint64_t": c.c_uint64}[base]
                            self.assertIs(a, c.POINTER(want), p)
                    else:
                        self.assertIn(a, ints[base], p)

    def test_the_package_calls_every_function(self):
        # the whole C API is behind the classes: every prototype is called
        # by some module of the package (other than the table itself)
        sources = ""
        for name in os.listdir(PACKAGE_DIR):
            if name.endswith(".py") and name != "_ffi.py":
                with open(os.path.join(PACKAGE_DIR, name)) as f:
                    sources += f.read()
        with open(os.path.join(PACKAGE_DIR, "_ffi.py")) as f:
            ffi = f.read()
        ffi = ffi[ffi.index("# ----------------------------------------------------------- conventions"):]
        for name in mg.PROTOTYPES:
            with self.subTest(name=name):
                self.assertRegex(sources + ffi, r"\bF\.%s\b" % name)

    def test_missing_functions_raise(self):
        from mindgames import _ffi
        stub = _ffi._stub("mg_game_num_sites", "1.2.0", "/x/lib.so")
        with self.assertRaises(mg.UnsupportedError) as cm:
            stub(None)
        self.assertIn("1.3", cm.exception.message)
        self.assertIn("1.2.0", cm.exception.message)


def public_callables():
    """(qualified name, function) of every public function and method."""
    for name in mg.__all__:
        obj = getattr(mg, name)
        if inspect.isclass(obj) and obj.__module__.startswith("mindgames"):
            yield name, obj
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__",):
                    continue
                if isinstance(member, property):
                    yield "%s.%s" % (name, attr), member.fget
                elif isinstance(member, (classmethod, staticmethod)):
                    yield "%s.%s" % (name, attr), member.__func__
                elif inspect.isfunction(member):
                    yield "%s.%s" % (name, attr), member
        elif inspect.isfunction(obj):
            yield name, obj


class TestTyping(unittest.TestCase):

    def test_py_typed(self):
        self.assertTrue(os.path.isfile(os.path.join(PACKAGE_DIR, "py.typed")))

    def test_every_public_name_is_annotated(self):
        checked = 0
        for qual, fn in public_callables():
            if inspect.isclass(fn):
                continue
            with self.subTest(name=qual):
                sig = inspect.signature(fn)
                ann = getattr(fn, "__annotations__", {})
                self.assertIn("return", ann, "no return annotation")
                for pname, param in sig.parameters.items():
                    if pname in ("self", "cls"):
                        continue
                    self.assertIn(pname, ann, "parameter %s" % pname)
                checked += 1
        self.assertGreater(checked, 80)

    def test_every_public_name_has_a_docstring(self):
        for qual, fn in public_callables():
            if qual.endswith("__init__") and fn is object.__init__:
                continue
            with self.subTest(name=qual):
                self.assertTrue(inspect.getdoc(fn), "no docstring")
        self.assertTrue(mg.__doc__)
        for mod in ("_ffi", "_args", "_arrays", "errors", "constants",
                    "game", "state", "board", "bot", "options", "library"):
            self.assertTrue(sys.modules["mindgames." + mod].__doc__, mod)

    def test_all_is_complete(self):
        public = {n for n in dir(mg) if not n.startswith("_")
                  and not inspect.ismodule(getattr(mg, n))}
        self.assertEqual(public - set(mg.__all__), set())
        self.assertEqual(len(mg.__all__), len(set(mg.__all__)))

    def test_mypy_strict(self):
        # the package itself, and a user's code against it (as installed:
        # mypy reads py.typed), strictly; python/pyproject.toml's
        # [[tool.mypy.overrides]] types the optional RL frameworks (gymnasium,
        # pettingzoo, pyspiel, open_spiel) as Any, installed or not
        import importlib.util
        if importlib.util.find_spec("mypy") is None:
            self.skipTest("mypy is not installed (Debian: python3-mypy)")
        if not HAVE_NUMPY:
            self.skipTest("the typing check needs NumPy's types")
        env = dict(os.environ)
        if PACKAGE_DIR == os.path.realpath(SOURCE_PACKAGE):
            env["MYPYPATH"] = os.path.dirname(PACKAGE_DIR)
        cache = tempfile.mkdtemp(prefix="mindgames-mypy-")
        self.addCleanup(shutil.rmtree, cache, True)
        for target in (PACKAGE_DIR, os.path.join(TOP, "tests",
                                                 "typing_usage.py")):
            with self.subTest(target=target):
                p = subprocess.run(
                    [sys.executable, "-m", "mypy", "--strict",
                     "--config-file", PYPROJECT,
                     "--python-executable", sys.executable,
                     "--cache-dir", cache, target],
                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                    universal_newlines=True, timeout=600, env=env, cwd=cache)
                self.assertEqual(p.returncode, 0, p.stdout)


class TestVersions(unittest.TestCase):

    def test_versions_agree(self):
        with open(PYPROJECT, encoding="utf-8") as f:
            m = re.search(r'(?m)^version = "([^"]+)"', f.read())
        self.assertEqual(m.group(1), header_version())
        self.assertEqual(mg.__version__, header_version())
        self.assertEqual(mg.version(), header_version())


class TestExamples(unittest.TestCase):
    """examples/python/*.py import the package and run."""

    def run_example(self, *args, timeout=300):
        p = subprocess.run([sys.executable] + list(args),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=timeout)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout

    def test_hello(self):
        out = self.run_example(os.path.join(EXAMPLES, "hello.py"))
        self.assertRegex(out, r"(?m)^result: (A wins|B wins|draw) \d-\d$")
        self.assertRegex(out, r"\b[a-d][1-4]-[a-d][1-4]\b")

    def test_play(self):
        out = self.run_example(
            os.path.join(EXAMPLES, "play.py"), "--opponent", "random",
            "--games", "2", "--spec", "dots_and_boxes(rows=2,cols=2)",
            "--show")
        self.assertRegex(out, r"(?m)^game 2: Python bot on seat 1: ")
        self.assertRegex(out, r"(?m)^result: Python \d, random \d, draws \d ")

    @unittest.skipUnless(HAVE_NUMPY, "learn.py needs NumPy")
    def test_learn(self):
        # a short course already beats random by far (untrained: ~25%)
        out = self.run_example(os.path.join(EXAMPLES, "learn.py"),
                               "--games", "200", "--eval", "100",
                               "--opponents", "random")
        m = re.search(r"(?m)^vs random: (\d+) wins, (\d+) draws, (\d+) "
                      r"losses in 100 games: score rate ([\d.]+)%", out)
        self.assertIsNotNone(m, out)
        self.assertGreaterEqual(float(m.group(4)), 80.0, out)
        self.assertIn("8 symmetries", out)

    def test_examples_import_the_package(self):
        for name in os.listdir(EXAMPLES):
            if name.endswith(".py"):
                with open(os.path.join(EXAMPLES, name)) as f:
                    text = f.read()
                self.assertIn("import mindgames as mg", text, name)
                self.assertNotIn("sys.path.insert", text, name)
                self.assertNotIn("ctypes", text, name)

    def test_readme_python_example(self):
        with open(os.path.join(TOP, "README.md"), encoding="utf-8") as f:
            text = f.read()
        section = text[text.index("## From Python"):]
        code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
        p = run_python(code)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"(?m)^winner \d, scores \(\d, \d\)$")


    def test_readmes_list_the_classes(self):
        # the package's README and the Python section of the top-level one
        # name every class a user makes (Solver was missing from both)
        with open(os.path.join(TOP, "README.md"), encoding="utf-8") as f:
            text = f.read()
        start = text.index("## From Python")
        section = text[start:text.index("\n## ", start + 1)]
        with open(os.path.join(TOP, "python", "README.md"),
                  encoding="utf-8") as f:
            package = f.read()
        for name in ("Game", "State", "Board", "Bot", "Solver", "Solution",
                     "illegal_reason", "end_reason", "UnknownBotError"):
            with self.subTest(name=name):
                self.assertRegex(section, r"`(state\.|solver\.)?%s\b"
                                 % name)
        for name in ("Game", "Bot", "Solver", "illegal_reason",
                     "end_reason"):
            with self.subTest(package_readme=name):
                self.assertRegex(package, r"\b%s\b" % name)


if __name__ == "__main__":
    unittest.main()
