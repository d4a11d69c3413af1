"""ctypes tests of the public API of libmindgames (include/mindgames.h):
the raw contract, without the Python package's classes.

Run from the top of the tree (make python-tests does):

    MINDGAMES_LIB=$PWD/build/libmindgames.so.1 \
        python3 -m unittest discover -s tests -p 'test_*.py' -v

The library is MINDGAMES_LIB, else the file the installed mindgames
package loaded (so the suite also tests a wheel's own copy).  Every
function of the header gets its restype and argtypes declared here,
independently of the package's table: handles are c_void_p so that
64-bit pointers are never truncated, and no function returning library
memory is declared c_char_p except the static, never-freed strings.  The
README's ctypes example is run as it stands.
"""
import ctypes
import os
import random
import re
import subprocess
import sys
import threading
import unittest
from ctypes import (POINTER, Structure, byref, c_char_p, c_double, c_float, c_int,
                    c_int8, c_int32, c_int64, c_size_t, c_uint32, c_uint64,
                    c_void_p)

HERE = os.path.dirname(os.path.abspath(__file__))
HEADER = os.path.join(HERE, os.pardir, "include", "mindgames.h")
README = os.path.join(HERE, os.pardir, "README.md")

# --------------------------------------------------------------- loading

LIB_PATH = os.environ.get("MINDGAMES_LIB")
if not LIB_PATH:
    try:
        import mindgames
        LIB_PATH = mindgames.library_path()
    except ImportError as e:
        raise unittest.SkipTest(
            "no library: set MINDGAMES_LIB to build/libmindgames.so.1 "
            "(absolute path) or install the mindgames package (%s)" % e)
try:
    lib = ctypes.CDLL(LIB_PATH)
except OSError as e:
    raise unittest.SkipTest("cannot load %r: %s" % (LIB_PATH, e))

# ----------------------------------------------------------- constants

MG_OK = 0
MG_EINVAL, MG_ENOMEM, MG_ENOBUFS, MG_ERANGE, MG_ESYNTAX = -2, -3, -4, -5, -6
MG_ENOGAME, MG_EOPTION, MG_EVALUE, MG_EILLEGAL, MG_EOVER = -7, -8, -9, -10, -11
MG_EEMPTY, MG_EMISMATCH, MG_EUNSUPPORTED, MG_EBOARD = -12, -13, -14, -15
MG_EBUDGET = -16
MG_BOARD_OCTOPUSZLE, MG_BOARD_LABYRINTH = 1, 2
MG_BOARD_SHOW_CELLS, MG_BOARD_SHOW_BEAMS = 1, 2
MG_NOBODY, MG_DRAW = -1, 2
MG_RENDER_TEXT, MG_RENDER_SVG = 1, 2

# ---------------------------------------------------------- prototypes

P = POINTER
HANDLE = c_void_p
SIZE_OUT = P(c_size_t)


class ActionValue(Structure):
    """mg_action_value (1.6), as the header lays it out: 24 bytes."""
    _fields_ = [("value", c_double), ("action", c_int32), ("kind", c_int32),
                ("visits", c_uint32), ("reserved", c_int32)]


PROTOTYPES = {
    # name: (restype, argtypes)
    "mg_version_number": (c_uint32, []),
    "mg_version_string": (c_char_p, []),            # static string
    "mg_strerror": (c_char_p, [c_int]),              # static string
    "mg_game_count": (c_int, []),
    "mg_game_id_at": (c_char_p, [c_int]),            # static string or NULL
    "mg_game_new": (c_int, [P(c_void_p), c_char_p, c_char_p, c_size_t]),
    "mg_game_free": (None, [HANDLE]),
    "mg_game_id": (c_char_p, [HANDLE]),              # static string or NULL
    "mg_game_spec": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_game_num_actions": (c_int32, [HANDLE]),
    "mg_game_max_legal_actions": (c_int32, [HANDLE]),
    "mg_state_new": (c_int, [P(c_void_p), HANDLE]),
    "mg_state_clone": (c_int, [P(c_void_p), HANDLE]),
    "mg_state_copy": (c_int, [HANDLE, HANDLE]),
    "mg_state_free": (None, [HANDLE]),
    "mg_state_game": (HANDLE, [HANDLE]),
    "mg_state_current_player": (c_int, [HANDLE]),
    "mg_state_is_terminal": (c_int, [HANDLE]),
    "mg_state_legal_actions": (c_int, [HANDLE, P(c_int32), c_size_t,
                                       SIZE_OUT]),
    "mg_state_is_legal": (c_int, [HANDLE, c_int32]),
    "mg_state_apply": (c_int, [HANDLE, c_int32]),
    "mg_state_undo": (c_int, [HANDLE]),
    "mg_state_history": (c_int, [HANDLE, P(c_int32), c_size_t, SIZE_OUT]),
    "mg_state_winner": (c_int, [HANDLE]),
    "mg_state_score": (c_int, [HANDLE, c_int, P(c_int32)]),
    "mg_state_groups": (c_int, [HANDLE, c_int, P(c_int32), c_size_t,
                                SIZE_OUT]),
    "mg_state_hash": (c_uint64, [HANDLE]),
    "mg_state_action_to_string": (c_int, [HANDLE, c_int32, c_char_p,
                                          c_size_t, SIZE_OUT]),
    "mg_state_action_from_string": (c_int, [HANDLE, c_char_p, P(c_int32),
                                            c_char_p, c_size_t]),
    "mg_state_render": (c_int, [HANDLE, c_int, c_char_p, c_size_t,
                                SIZE_OUT]),
    "mg_state_save": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_state_load": (c_int, [P(c_void_p), P(c_void_p), c_char_p, c_char_p,
                              c_size_t]),
    "mg_state_playout": (c_int, [HANDLE, c_uint64, c_int32]),
    "mg_state_playout_result": (c_int, [HANDLE, c_uint64, c_int32,
                                        POINTER(c_int32), POINTER(c_int32)]),
    "mg_state_illegal_reason": (c_int, [HANDLE, c_int32, c_char_p,
                                        c_size_t, SIZE_OUT]),
    "mg_state_end_reason": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_batch_new": (c_int, [POINTER(c_void_p), HANDLE, c_int32, c_int]),
    "mg_batch_free": (None, [HANDLE]),
    "mg_batch_size": (c_int32, [HANDLE]),
    "mg_batch_set_max_steps": (c_int, [HANDLE, c_int32]),
    "mg_batch_set_reward_mode": (c_int, [HANDLE, c_int]),
    "mg_batch_reset": (c_int, [HANDLE, POINTER(c_uint64), POINTER(ctypes.c_uint8)]),
    "mg_batch_step": (c_int, [HANDLE, POINTER(c_int32), POINTER(c_int8)]),
    "mg_batch_to_move": (c_int, [HANDLE, POINTER(c_int32), c_size_t]),
    "mg_batch_rewards": (c_int, [HANDLE, POINTER(c_float), c_size_t]),
    "mg_batch_terminated": (c_int, [HANDLE, POINTER(ctypes.c_uint8), c_size_t]),
    "mg_batch_truncated": (c_int, [HANDLE, POINTER(ctypes.c_uint8), c_size_t]),
    "mg_batch_legal_masks": (c_int, [HANDLE, POINTER(ctypes.c_uint8), c_size_t]),
    "mg_batch_observations": (c_int, [HANDLE, c_int, POINTER(c_float), c_size_t]),
    "mg_batch_observations_u8": (c_int, [HANDLE, c_int, POINTER(ctypes.c_uint8), c_size_t]),
    "mg_batch_final_observations": (c_int, [HANDLE, c_int, POINTER(c_float),
                                            c_size_t]),
    "mg_batch_state": (HANDLE, [HANDLE, c_int32]),
    "mg_batch_random_actions": (c_int, [HANDLE, c_uint64, POINTER(c_int32)]),
    "mg_batch_bot_actions": (c_int, [HANDLE, HANDLE, POINTER(c_int32)]),
    "mg_eval_new": (c_int, [P(c_void_p), c_void_p, c_size_t, c_char_p,
                            c_size_t]),
    "mg_eval_builtin": (c_int, [P(c_void_p), HANDLE]),
    "mg_eval_free": (None, [HANDLE]),
    "mg_eval_spec": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_eval_shape": (c_int, [HANDLE, POINTER(c_int), SIZE_OUT]),
    "mg_eval_inputs": (c_int, [HANDLE, c_int, POINTER(c_float), c_size_t,
                               SIZE_OUT]),
    "mg_eval_value": (c_int, [HANDLE, HANDLE, POINTER(c_float)]),
    "mg_bot_set_eval": (c_int, [HANDLE, HANDLE]),
    "mg_game_max_length": (c_int32, [HANDLE]),
    "mg_game_observation_bounds": (c_int, [HANDLE, c_int32, POINTER(c_float),
                                           POINTER(c_float)]),
    "mg_state_legal_mask": (c_int, [HANDLE, POINTER(ctypes.c_uint8),
                                    c_size_t]),
    "mg_game_new_with_board": (c_int, [P(c_void_p), c_char_p, HANDLE,
                                       c_char_p, c_size_t]),
    "mg_game_board": (HANDLE, [HANDLE]),                # borrowed
    "mg_board_generate": (c_int, [P(c_void_p), c_int, c_uint64]),
    "mg_board_parse": (c_int, [P(c_void_p), c_char_p, c_char_p, c_size_t]),
    "mg_board_format": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_board_free": (None, [HANDLE]),
    "mg_board_kind": (c_int, [HANDLE]),
    "mg_board_cell_count": (c_int, [HANDLE]),
    "mg_board_cell_position": (c_int, [HANDLE, c_int32, P(c_int32),
                                       P(c_int32)]),
    "mg_board_blank_position": (c_int, [HANDLE, P(c_int32), P(c_int32)]),
    "mg_board_cell_at": (c_int, [HANDLE, c_int32, c_int32]),
    "mg_board_cell_mask": (c_int, [HANDLE, c_int32]),
    "mg_board_cell_class": (c_int, [HANDLE, c_int32]),
    "mg_board_cell_name": (c_int, [HANDLE, c_int32, c_char_p, c_size_t,
                                   SIZE_OUT]),
    "mg_board_cell_neighbors": (c_int, [HANDLE, c_int32, P(c_int32),
                                        c_size_t, SIZE_OUT]),
    "mg_board_fingerprint": (c_uint64, [HANDLE]),
    "mg_board_render": (c_int, [HANDLE, c_int, c_int, c_char_p, c_size_t,
                                SIZE_OUT]),
    "mg_bot_new": (c_int, [P(c_void_p), c_char_p, c_uint64, c_char_p,
                           c_size_t]),
    "mg_bot_choose": (c_int, [HANDLE, HANDLE, P(c_int32)]),
    "mg_bot_spec": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_bot_plays": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_bot_analyse": (c_int, [HANDLE, HANDLE, P(ActionValue), c_size_t,
                               SIZE_OUT]),
    "mg_bot_free": (None, [HANDLE]),
    "mg_game_num_sites": (c_int32, [HANDLE]),
    "mg_game_site_kind": (c_int, [HANDLE, c_int32]),
    "mg_game_site_position": (c_int, [HANDLE, c_int32, P(c_double),
                                      P(c_double)]),
    "mg_game_site_name": (c_int, [HANDLE, c_int32, c_char_p, c_size_t,
                                  SIZE_OUT]),
    "mg_game_site_neighbors": (c_int, [HANDLE, c_int32, P(c_int32),
                                       c_size_t, SIZE_OUT]),
    "mg_game_action_sites": (c_int, [HANDLE, c_int32, P(c_int32),
                                     P(c_int32)]),
    "mg_state_site": (c_int, [HANDLE, c_int32]),
    "mg_state_sites": (c_int, [HANDLE, P(c_int8), c_size_t, SIZE_OUT]),
    "mg_game_observation_shape": (c_int, [HANDLE, P(c_int32), P(c_int32)]),
    "mg_game_observation_plane": (c_char_p, [HANDLE, c_int32]),
    "mg_state_observation": (c_int, [HANDLE, c_int, P(c_float), c_size_t,
                                     SIZE_OUT]),
    "mg_game_num_symmetries": (c_int32, [HANDLE]),
    "mg_game_symmetry_site": (c_int, [HANDLE, c_int32, c_int32,
                                      P(c_int32)]),
    "mg_game_symmetry_action": (c_int, [HANDLE, c_int32, c_int32,
                                        P(c_int32)]),
    "mg_game_option_count": (c_int32, [c_char_p]),
    "mg_game_option_key": (c_char_p, [c_char_p, c_int32]),  # static or NULL
    "mg_game_option_type": (c_int, [c_char_p, c_int32]),
    "mg_game_option_range": (c_int, [c_char_p, c_int32, P(c_int64),
                                     P(c_int64)]),
    "mg_game_option_value_name": (c_char_p, [c_char_p, c_int32, c_int32]),
    "mg_game_option_value": (c_int, [c_char_p, c_int32, c_char_p, c_size_t,
                                     SIZE_OUT]),
    "mg_game_option_applies": (c_int, [c_char_p, c_int32]),
    "mg_solver_new": (c_int, [P(HANDLE), HANDLE, c_size_t, c_char_p,
                              c_size_t]),
    "mg_solver_free": (None, [HANDLE]),
    "mg_solver_solve": (c_int, [HANDLE, HANDLE, c_uint64, c_uint32,
                                P(c_int32), P(c_int32), P(c_uint64)]),
    "mg_solver_bounds": (c_int, [HANDLE, P(c_int32), P(c_int32)]),
    "mg_solver_values": (c_int, [HANDLE, HANDLE, c_uint64, c_uint32,
                                 P(c_int32), c_size_t, SIZE_OUT]),
    "mg_eval_new": (c_int, [P(HANDLE), c_void_p, c_size_t, c_char_p,
                            c_size_t]),
    "mg_eval_builtin": (c_int, [P(HANDLE), HANDLE]),
    "mg_eval_free": (None, [HANDLE]),
    "mg_eval_spec": (c_int, [HANDLE, c_char_p, c_size_t, SIZE_OUT]),
    "mg_eval_shape": (c_int, [HANDLE, P(c_int), SIZE_OUT]),
    "mg_eval_inputs": (c_int, [HANDLE, c_int, P(c_float), c_size_t,
                               SIZE_OUT]),
    "mg_eval_value": (c_int, [HANDLE, HANDLE, P(c_float)]),
}

# A function the library does not export fails the prototypes test below
# (not the import, so the other tests still run).
for _name, (_res, _args) in PROTOTYPES.items():
    _f = getattr(lib, _name, None)
    if _f is not None:
        _f.restype = _res
        _f.argtypes = _args


def header_text():
    with open(HEADER, "r", encoding="utf-8") as f:
        return f.read()


def header_functions():
    # Declarations only: "MG_API <type> name(" possibly over two lines.
    text = header_text()
    return set(re.findall(r"\bMG_API\b[^;(]*?\b(mg_[a-z0-9_]+)\s*\(", text))


# ----------------------------------------------------------- helpers

SPEC = b"dots_and_boxes(rows=3,cols=3)"


def new_game(spec=SPEC):
    g = c_void_p()
    err = ctypes.create_string_buffer(256)
    rc = lib.mg_game_new(byref(g), spec, err, len(err))
    if rc != MG_OK:
        raise AssertionError("mg_game_new(%r) = %d: %s"
                             % (spec, rc, err.value.decode()))
    return g


def new_state(g):
    s = c_void_p()
    rc = lib.mg_state_new(byref(s), g)
    if rc != MG_OK:
        raise AssertionError("mg_state_new = %d" % rc)
    return s


def get_string(fn, *args):
    """Call fn(*args, buf, cap, &needed) with the size-query convention."""
    need = c_size_t(0)
    rc = fn(*args, None, 0, byref(need))
    if rc != MG_ENOBUFS:
        raise AssertionError("size query returned %d, not MG_ENOBUFS" % rc)
    buf = ctypes.create_string_buffer(need.value)
    rc = fn(*args, buf, len(buf), byref(need))
    if rc != MG_OK:
        raise AssertionError("call returned %d" % rc)
    return buf.value.decode("ascii")


def legal_actions(g, s):
    cap = lib.mg_game_max_legal_actions(g)
    buf = (c_int32 * cap)()
    n = c_size_t()
    rc = lib.mg_state_legal_actions(s, buf, cap, byref(n))
    if rc != MG_OK:
        raise AssertionError("mg_state_legal_actions = %d" % rc)
    return list(buf[:n.value])


def history(s):
    n = c_size_t()
    rc = lib.mg_state_history(s, None, 0, byref(n))
    if n.value == 0:
        if rc != MG_OK:
            raise AssertionError("empty history query = %d" % rc)
        return []
    buf = (c_int32 * n.value)()
    rc = lib.mg_state_history(s, buf, n.value, byref(n))
    if rc != MG_OK:
        raise AssertionError("mg_state_history = %d" % rc)
    return list(buf[:n.value])


class Fixture(unittest.TestCase):
    """A game and a state, freed in the right order (state first)."""

    def setUp(self):
        self.g = new_game()
        self.s = new_state(self.g)

    def tearDown(self):
        lib.mg_state_free(self.s)
        lib.mg_game_free(self.g)


# ------------------------------------------------------------------ tests


class TestPrototypes(unittest.TestCase):

    def test_every_header_function_is_declared(self):
        declared = header_functions()
        # The plain grep of the brief, as a second opinion.
        grepped = set(m.rstrip(" (") for m in re.findall(
            r"\bmg_[a-z0-9_]+ *\(", header_text()))
        self.assertGreaterEqual(len(declared), 30)
        self.assertEqual(declared, grepped)
        self.assertEqual(declared, set(PROTOTYPES),
                         "header and PROTOTYPES differ")
        for name in declared:
            self.assertTrue(hasattr(lib, name), "%s not exported" % name)
            self.assertIsNotNone(getattr(lib, name).argtypes, name)


class TestVersion(unittest.TestCase):

    def header_version(self):
        text = header_text()
        parts = []
        for part in ("MAJOR", "MINOR", "PATCH"):
            m = re.search(r"#define\s+MG_VERSION_%s\s+(\d+)" % part, text)
            self.assertIsNotNone(m, "MG_VERSION_%s not in header" % part)
            parts.append(int(m.group(1)))
        m = re.search(r'#define\s+MG_VERSION_STRING\s+"([^"]*)"', text)
        self.assertIsNotNone(m)
        return parts, m.group(1)

    def test_number(self):
        (major, minor, patch), _ = self.header_version()
        self.assertEqual(lib.mg_version_number(),
                         10000 * major + 100 * minor + patch)

    def test_string(self):
        (major, minor, patch), string = self.header_version()
        self.assertEqual(string, "%d.%d.%d" % (major, minor, patch))
        self.assertEqual(lib.mg_version_string().decode(), string)


class TestErrors(unittest.TestCase):

    def test_strerror_known_codes(self):
        seen = set()
        for code in range(-2, -17, -1):
            with self.subTest(code=code):
                msg = lib.mg_strerror(code)
                self.assertIsNotNone(msg)
                msg = msg.decode("ascii")
                self.assertTrue(msg)
                self.assertNotEqual(msg, "unknown error")
                seen.add(msg)
        self.assertEqual(len(seen), 15, "messages are not all distinct")

    def test_strerror_unknown_codes(self):
        for code in (12345, -12345, -17, -1, 1):
            with self.subTest(code=code):
                self.assertEqual(lib.mg_strerror(code), b"unknown error")
        self.assertTrue(lib.mg_strerror(MG_OK))


class TestRegistry(unittest.TestCase):

    def test_game_ids(self):
        n = lib.mg_game_count()
        self.assertGreaterEqual(n, 1)
        ids = [lib.mg_game_id_at(i).decode() for i in range(n)]
        self.assertIn("dots_and_boxes", ids)
        self.assertEqual(len(ids), len(set(ids)))
        self.assertIsNone(lib.mg_game_id_at(n))
        self.assertIsNone(lib.mg_game_id_at(-1))

    def test_every_registered_game_plays(self):
        for i in range(lib.mg_game_count()):
            gid = lib.mg_game_id_at(i)
            with self.subTest(game=gid):
                g = new_game(gid)
                s = new_state(g)
                self.assertEqual(lib.mg_game_id(g), gid)
                n = lib.mg_state_playout(s, 7, -1)
                self.assertGreater(n, 0)
                self.assertEqual(lib.mg_state_is_terminal(s), 1)
                lib.mg_state_free(s)
                lib.mg_game_free(g)


class TestSpec(unittest.TestCase):

    def check_error(self, spec, code):
        g = c_void_p(12345)  # must be reset to NULL on failure
        err = ctypes.create_string_buffer(256)
        rc = lib.mg_game_new(byref(g), spec, err, len(err))
        self.assertEqual(rc, code, "%r: %s" % (spec, err.value))
        self.assertIsNone(g.value, "out not set to NULL on failure")
        self.assertTrue(err.value, "no message for %r" % spec)
        return err.value.decode("ascii")

    def test_unknown_game(self):
        msg = self.check_error(b"no_such_game", MG_ENOGAME)
        self.assertIn("no_such_game", msg)

    def test_unknown_key(self):
        msg = self.check_error(b"dots_and_boxes(colour=red)", MG_EOPTION)
        self.assertIn("colour", msg)

    def test_repeated_key(self):
        self.check_error(b"dots_and_boxes(rows=3,rows=4)", MG_EOPTION)

    def test_bad_value(self):
        self.check_error(b"dots_and_boxes(rows=0)", MG_EVALUE)
        self.check_error(b"dots_and_boxes(rows=33)", MG_EVALUE)
        self.check_error(b"dots_and_boxes(rows=three)", MG_EVALUE)

    def test_syntax(self):
        self.check_error(b"dots_and_boxes(rows=3", MG_ESYNTAX)
        self.check_error(b"dots_and_boxes(rows)", MG_ESYNTAX)

    def test_null_spec(self):
        g = c_void_p()
        self.assertEqual(lib.mg_game_new(byref(g), None, None, 0), MG_EINVAL)
        self.assertEqual(lib.mg_game_new(None, SPEC, None, 0), MG_EINVAL)

    def test_err_is_cut_to_fit(self):
        g = c_void_p()
        err = ctypes.create_string_buffer(16)  # 16 bytes, 8 given
        ctypes.memset(err, 0x7F, 16)
        rc = lib.mg_game_new(byref(g), b"no_such_game_with_a_long_name",
                             err, 8)
        self.assertEqual(rc, MG_ENOGAME)
        self.assertEqual(len(err.value), 7, err.raw)
        self.assertEqual(err.raw[7], 0)
        self.assertEqual(err.raw[8:], b"\x7f" * 8, "wrote past errcap")

    def test_canonical_spec_round_trip(self):
        g = new_game(b" Dots_And_Boxes ( ROWS = 2 , cols=5 ) ")
        spec = get_string(lib.mg_game_spec, g)
        self.assertTrue(spec.startswith("dots_and_boxes("), spec)
        self.assertEqual(spec, spec.lower())
        self.assertNotIn(" ", spec)
        g2 = new_game(spec.encode())
        self.assertEqual(get_string(lib.mg_game_spec, g2), spec)
        self.assertEqual(lib.mg_game_num_actions(g), 2 * 2 * 5 + 2 + 5)
        lib.mg_game_free(g2)
        lib.mg_game_free(g)


class TestBuffers(Fixture):

    def check_convention(self, fn, *args):
        need = c_size_t(0)
        self.assertEqual(fn(*args, None, 0, byref(need)), MG_ENOBUFS)
        full = need.value
        self.assertGreater(full, 1)
        # Exact fit works and needed counts the terminating NUL.
        buf = ctypes.create_string_buffer(full)
        need2 = c_size_t(0)
        self.assertEqual(fn(*args, buf, full, byref(need2)), MG_OK)
        self.assertEqual(need2.value, full)
        self.assertEqual(len(buf.value) + 1, full)
        self.assertEqual(buf.raw[full - 1], 0)
        # One byte short: MG_ENOBUFS, size stored, empty string, no partial.
        for cap in (full - 1, 1):
            short = ctypes.create_string_buffer(full)  # exactly full bytes
            ctypes.memset(short, 0x7F, full)
            need3 = c_size_t(0)
            self.assertEqual(fn(*args, short, cap, byref(need3)), MG_ENOBUFS)
            self.assertEqual(need3.value, full)
            self.assertEqual(short.raw[0], 0, "not an empty string")
            self.assertEqual(short.raw[cap:], b"\x7f" * (full - cap),
                             "wrote past cap")
        # buf NULL with cap > 0 is invalid.
        self.assertEqual(fn(*args, None, 10, byref(need)), MG_EINVAL)
        # needed may be NULL.
        big = ctypes.create_string_buffer(full + 10)
        self.assertEqual(fn(*args, big, len(big), None), MG_OK)
        self.assertEqual(big.value, buf.value)
        return buf.value.decode("ascii")

    def test_game_spec(self):
        self.check_convention(lib.mg_game_spec, self.g)

    def test_action_to_string(self):
        self.assertEqual(self.check_convention(
            lib.mg_state_action_to_string, self.s, 0), "a1-b1")

    def test_render(self):
        lib.mg_state_playout(self.s, 3, 5)
        text = self.check_convention(lib.mg_state_render, self.s,
                                     MG_RENDER_TEXT)
        self.assertTrue(text.endswith("\n"))
        svg = self.check_convention(lib.mg_state_render, self.s,
                                    MG_RENDER_SVG)
        self.assertIn("<svg", svg)
        need = c_size_t()
        self.assertEqual(lib.mg_state_render(self.s, 99, None, 0,
                                             byref(need)), MG_EINVAL)

    def test_save(self):
        lib.mg_state_playout(self.s, 3, 5)
        rec = self.check_convention(lib.mg_state_save, self.s)
        self.assertTrue(rec.startswith("mindgames-record 1\n"), rec)

    def test_legal_actions_and_history(self):
        n = c_size_t()
        self.assertEqual(lib.mg_state_legal_actions(self.s, None, 0,
                                                    byref(n)), MG_ENOBUFS)
        self.assertEqual(n.value, lib.mg_game_num_actions(self.g))
        small = (c_int32 * 3)()
        self.assertEqual(lib.mg_state_legal_actions(self.s, small, 3,
                                                    byref(n)), MG_ENOBUFS)
        self.assertEqual(n.value, 24)
        self.assertEqual(lib.mg_state_legal_actions(self.s, None, 0, None),
                         MG_EINVAL)
        acts = legal_actions(self.g, self.s)
        self.assertEqual(acts, sorted(acts))
        self.assertEqual(acts, list(range(24)))
        lib.mg_state_playout(self.s, 11, 4)
        self.assertEqual(lib.mg_state_history(self.s, None, 0, byref(n)),
                         MG_ENOBUFS)
        self.assertEqual(n.value, 4)
        self.assertEqual(len(history(self.s)), 4)


class TestHandles(Fixture):

    def test_pointers_round_trip(self):
        self.assertEqual(ctypes.sizeof(c_void_p), ctypes.sizeof(c_size_t))
        self.assertIsNotNone(self.g.value)
        self.assertIsNotNone(self.s.value)
        # A state returns its game handle bit for bit (no 32-bit cut).
        self.assertEqual(lib.mg_state_game(self.s), self.g.value)
        self.assertIsNone(lib.mg_state_game(None))
        self.assertIsNone(lib.mg_game_id(None))
        self.assertEqual(lib.mg_game_id(self.g), b"dots_and_boxes")
        # Many handles stay valid and distinct.
        states = [new_state(self.g) for _ in range(64)]
        self.assertEqual(len(set(s.value for s in states)), 64)
        for s in states:
            self.assertEqual(lib.mg_state_game(s), self.g.value)
            self.assertEqual(lib.mg_state_hash(s), lib.mg_state_hash(self.s))
            lib.mg_state_free(s)

    def test_null_handles(self):
        lib.mg_game_free(None)
        lib.mg_state_free(None)
        self.assertEqual(lib.mg_game_num_actions(None), MG_EINVAL)
        self.assertEqual(lib.mg_game_max_legal_actions(None), MG_EINVAL)
        self.assertEqual(lib.mg_state_current_player(None), MG_EINVAL)
        self.assertEqual(lib.mg_state_is_terminal(None), MG_EINVAL)
        self.assertEqual(lib.mg_state_winner(None), MG_EINVAL)
        self.assertEqual(lib.mg_state_apply(None, 0), MG_EINVAL)
        self.assertEqual(lib.mg_state_undo(None), MG_EINVAL)
        self.assertEqual(lib.mg_state_is_legal(None, 0), MG_EINVAL)
        self.assertEqual(lib.mg_state_playout(None, 1, -1), MG_EINVAL)
        self.assertEqual(lib.mg_state_hash(None), 0)
        s = c_void_p()
        self.assertEqual(lib.mg_state_new(byref(s), None), MG_EINVAL)
        self.assertIsNone(s.value)
        self.assertEqual(lib.mg_state_clone(byref(s), None), MG_EINVAL)
        self.assertEqual(lib.mg_state_copy(None, self.s), MG_EINVAL)
        self.assertEqual(lib.mg_state_copy(self.s, None), MG_EINVAL)


class TestPlay(Fixture):

    def test_start_position(self):
        self.assertEqual(lib.mg_game_num_actions(self.g), 24)
        self.assertGreaterEqual(lib.mg_game_max_legal_actions(self.g), 24)
        self.assertEqual(lib.mg_state_current_player(self.s), 0)
        self.assertEqual(lib.mg_state_is_terminal(self.s), 0)
        self.assertEqual(lib.mg_state_winner(self.s), MG_NOBODY)
        self.assertEqual(history(self.s), [])
        for p in (0, 1):
            sc = c_int32(-7)
            self.assertEqual(lib.mg_state_score(self.s, p, byref(sc)), MG_OK)
            self.assertEqual(sc.value, 0)
        sc = c_int32()
        self.assertEqual(lib.mg_state_score(self.s, 2, byref(sc)), MG_ERANGE)
        n = c_size_t()
        self.assertEqual(lib.mg_state_groups(self.s, 0, None, 0, byref(n)),
                         MG_EUNSUPPORTED)

    def test_random_game_and_undo(self):
        rng = random.Random(2024)
        start = lib.mg_state_hash(self.s)
        self.assertIsInstance(start, int)
        hashes, played = [start], []
        while not lib.mg_state_is_terminal(self.s):
            acts = legal_actions(self.g, self.s)
            self.assertTrue(acts)
            for a in acts:
                self.assertEqual(lib.mg_state_is_legal(self.s, a), 1)
            a = rng.choice(acts)
            self.assertEqual(lib.mg_state_apply(self.s, a), MG_OK)
            self.assertEqual(lib.mg_state_is_legal(self.s, a), 0)
            self.assertEqual(lib.mg_state_apply(self.s, a) in
                             (MG_EILLEGAL, MG_EOVER), True)
            played.append(a)
            hashes.append(lib.mg_state_hash(self.s))
        self.assertEqual(len(played), 24)
        self.assertEqual(history(self.s), played)
        self.assertEqual(legal_actions(self.g, self.s), [])
        self.assertEqual(lib.mg_state_current_player(self.s), MG_NOBODY)
        w = lib.mg_state_winner(self.s)
        self.assertIn(w, (0, 1, MG_DRAW))
        a, b = c_int32(), c_int32()
        lib.mg_state_score(self.s, 0, byref(a))
        lib.mg_state_score(self.s, 1, byref(b))
        self.assertEqual(a.value + b.value, 9)
        self.assertEqual(w, 0 if a.value > b.value else 1)
        self.assertEqual(lib.mg_state_apply(self.s, 0), MG_EOVER)
        self.assertEqual(lib.mg_state_apply(self.s, 24), MG_ERANGE)
        self.assertEqual(lib.mg_state_apply(self.s, -1), MG_ERANGE)
        # Undo all the way back, checking every hash on the way.
        for i in range(len(played) - 1, -1, -1):
            self.assertEqual(lib.mg_state_undo(self.s), MG_OK)
            self.assertEqual(lib.mg_state_hash(self.s), hashes[i])
        self.assertEqual(lib.mg_state_hash(self.s), start)
        self.assertEqual(lib.mg_state_undo(self.s), MG_EEMPTY)
        self.assertEqual(lib.mg_state_current_player(self.s), 0)
        self.assertEqual(history(self.s), [])
        self.assertEqual(legal_actions(self.g, self.s), list(range(24)))

    def test_hash_is_order_independent(self):
        # Two border lines of different boxes: no box is completed, so
        # the players alternate and both orders reach the same position.
        t = new_state(self.g)
        a = c_int32()
        lib.mg_state_action_from_string(self.s, b"a1-b1", byref(a), None, 0)
        b = c_int32()
        lib.mg_state_action_from_string(self.s, b"c4-d4", byref(b), None, 0)
        for st, order in ((self.s, (a, b)), (t, (b, a))):
            for x in order:
                self.assertEqual(lib.mg_state_apply(st, x.value), MG_OK)
        self.assertEqual(lib.mg_state_hash(self.s), lib.mg_state_hash(t))
        lib.mg_state_free(t)

    def test_notation_round_trip(self):
        err = ctypes.create_string_buffer(128)
        for a in range(lib.mg_game_num_actions(self.g)):
            text = get_string(lib.mg_state_action_to_string, self.s, a)
            got = c_int32(-1)
            self.assertEqual(lib.mg_state_action_from_string(
                self.s, text.upper().encode(), byref(got), err, len(err)),
                MG_OK, err.value)
            self.assertEqual(got.value, a)
        got = c_int32()
        self.assertEqual(lib.mg_state_action_from_string(
            self.s, b"  a1-B1 ", byref(got), None, 0), MG_OK)
        self.assertEqual(got.value, 0)
        need = c_size_t()
        self.assertEqual(lib.mg_state_action_to_string(
            self.s, 24, None, 0, byref(need)), MG_ERANGE)
        self.assertEqual(lib.mg_state_action_from_string(
            self.s, b"%%%", byref(got), err, len(err)), MG_ESYNTAX)
        self.assertTrue(err.value)
        self.assertEqual(lib.mg_state_action_from_string(
            self.s, b"a1-z9", byref(got), err, len(err)), MG_ERANGE)
        self.assertTrue(err.value)

    def test_clone_and_copy(self):
        lib.mg_state_playout(self.s, 5, 7)
        c = c_void_p()
        self.assertEqual(lib.mg_state_clone(byref(c), self.s), MG_OK)
        self.assertNotEqual(c.value, self.s.value)
        self.assertEqual(lib.mg_state_hash(c), lib.mg_state_hash(self.s))
        self.assertEqual(history(c), history(self.s))
        lib.mg_state_playout(c, 6, -1)
        self.assertNotEqual(lib.mg_state_hash(c), lib.mg_state_hash(self.s))
        self.assertEqual(len(history(self.s)), 7)
        d = new_state(self.g)
        self.assertEqual(lib.mg_state_copy(d, c), MG_OK)
        self.assertEqual(history(d), history(c))
        self.assertEqual(lib.mg_state_hash(d), lib.mg_state_hash(c))
        # Copy between states of different games re-sizes dst.
        g2 = new_game(b"dots_and_boxes(rows=5,cols=2)")
        e = new_state(g2)
        self.assertEqual(lib.mg_state_copy(e, self.s), MG_OK)
        self.assertEqual(lib.mg_state_game(e), self.g.value)
        self.assertEqual(history(e), history(self.s))
        for st in (c, d, e):
            lib.mg_state_free(st)
        lib.mg_game_free(g2)

    def test_playout(self):
        n = lib.mg_state_playout(self.s, 99, -1)
        self.assertEqual(n, 24)
        self.assertEqual(lib.mg_state_is_terminal(self.s), 1)
        self.assertEqual(len(history(self.s)), n)
        self.assertIn(lib.mg_state_winner(self.s), (0, 1, MG_DRAW))
        self.assertEqual(lib.mg_state_playout(self.s, 99, -1), 0)

    def test_playout_limit_and_determinism(self):
        t = new_state(self.g)
        self.assertEqual(lib.mg_state_playout(self.s, 2**64 - 1, 5), 5)
        self.assertEqual(lib.mg_state_is_terminal(self.s), 0)
        self.assertEqual(lib.mg_state_playout(t, 2**64 - 1, 5), 5)
        self.assertEqual(history(self.s), history(t))
        self.assertEqual(lib.mg_state_playout(self.s, 1, 0), 0)
        self.assertEqual(len(history(self.s)), 5)
        lib.mg_state_free(t)


class TestReasons(Fixture):
    """mg_state_illegal_reason and mg_state_end_reason (1.5): the codes,
    the size query and the one line each gives, in Dots and Boxes (a line
    drawn twice, rules 3.2.1; the end once all lines are drawn, rules
    3.2.3)."""

    def reason(self, action):
        need = c_size_t(0)
        rc = lib.mg_state_illegal_reason(self.s, action, None, 0,
                                         byref(need))
        buf = ctypes.create_string_buffer(max(need.value, 1))
        if rc == MG_ENOBUFS:
            rc = lib.mg_state_illegal_reason(self.s, action, buf, len(buf),
                                             byref(need))
        self.assertEqual(need.value, len(buf.value) + 1)
        return rc, buf.value.decode("ascii")

    def test_illegal_and_legal(self):
        a = c_int32()
        self.assertEqual(lib.mg_state_action_from_string(
            self.s, b"a1-b1", byref(a), None, 0), MG_OK)
        self.assertEqual(self.reason(a.value), (MG_OK, ""))
        self.assertEqual(lib.mg_state_apply(self.s, a.value), MG_OK)
        rc, line = self.reason(a.value)  # drawn already (rules 3.2.1)
        self.assertEqual(rc, MG_EILLEGAL)
        self.assertTrue(line.startswith("a1-b1: "), line)
        self.assertRegex(line, r"\(rules [0-9.]+[^)]*\)$")
        self.assertNotIn("\n", line)
        for bad in (-1, 24):  # ids are 0 .. 23 on 3x3 boxes (rules 3.4)
            rc, line = self.reason(bad)
            self.assertEqual(rc, MG_ERANGE)
            self.assertIn(str(bad), line)
            self.assertIn("23", line)

    def test_end(self):
        buf = ctypes.create_string_buffer(256)
        buf.value = b"x"
        self.assertEqual(lib.mg_state_end_reason(self.s, buf, len(buf),
                                                 None), MG_EINVAL)
        self.assertEqual(buf.value, b"")  # the game goes on
        lib.mg_state_playout(self.s, 5, -1)  # every line (rules 3.2.3)
        need = c_size_t(0)
        self.assertEqual(lib.mg_state_end_reason(self.s, None, 0,
                                                 byref(need)), MG_ENOBUFS)
        self.assertEqual(lib.mg_state_end_reason(self.s, buf, len(buf),
                                                 byref(need)), MG_OK)
        end = buf.value.decode("ascii")
        self.assertEqual(need.value, len(end) + 1)
        self.assertRegex(end, r"\(rules [0-9.]+[^)]*\)$")
        rc, line = self.reason(history(self.s)[0])
        self.assertEqual(rc, MG_EOVER)
        self.assertTrue(line.endswith(": the game is over: " + end), line)


class TestSaveLoad(Fixture):

    def test_round_trip(self):
        lib.mg_state_playout(self.s, 42, 10)
        rec = get_string(lib.mg_state_save, self.s)
        lines = rec.split("\n")
        self.assertEqual(lines[0], "mindgames-record 1")
        self.assertEqual(lines[1], "game " + get_string(lib.mg_game_spec,
                                                        self.g))
        self.assertEqual(lines[2], "actions 10")
        st, g2 = c_void_p(), c_void_p()
        err = ctypes.create_string_buffer(256)
        rc = lib.mg_state_load(byref(st), byref(g2), rec.encode(), err,
                               len(err))
        self.assertEqual(rc, MG_OK, err.value)
        try:
            self.assertIsNotNone(st.value)
            self.assertIsNotNone(g2.value)
            self.assertNotEqual(g2.value, self.g.value)
            self.assertEqual(lib.mg_state_game(st), g2.value)
            self.assertEqual(history(st), history(self.s))
            self.assertEqual(lib.mg_state_hash(st), lib.mg_state_hash(self.s))
            self.assertEqual(get_string(lib.mg_state_save, st), rec)
            # Both games are equal, so states can be copied across.
            self.assertEqual(lib.mg_state_copy(self.s, st), MG_OK)
        finally:
            lib.mg_state_free(st)
            lib.mg_game_free(g2)

    def test_load_errors(self):
        st, g2 = c_void_p(1), c_void_p(1)
        err = ctypes.create_string_buffer(256)
        rc = lib.mg_state_load(byref(st), byref(g2), b"not a record", err,
                               len(err))
        self.assertEqual(rc, MG_ESYNTAX)
        self.assertIsNone(st.value)
        self.assertIsNone(g2.value)
        self.assertTrue(err.value)
        bad = (b"mindgames-record 1\ngame no_such_game\nactions 0\n\n")
        self.assertEqual(lib.mg_state_load(byref(st), byref(g2), bad, err,
                                           len(err)), MG_ENOGAME)
        illegal = (b"mindgames-record 1\ngame dots_and_boxes(rows=3,cols=3)"
                   b"\nactions 2\na1-b1 a1-b1\n")
        self.assertEqual(lib.mg_state_load(byref(st), byref(g2), illegal,
                                           err, len(err)), MG_EILLEGAL)
        self.assertTrue(err.value)
        self.assertEqual(lib.mg_state_load(byref(st), byref(g2), None,
                                           None, 0), MG_EINVAL)


def play_games(game, seeds):
    """Play one playout per seed on a fresh state; return the final hashes."""
    s = new_state(game)
    out = []
    for seed in seeds:
        t = new_state(game)
        n = lib.mg_state_playout(t, seed, -1)
        if n <= 0 or lib.mg_state_is_terminal(t) != 1:
            raise AssertionError("playout %d gave %d" % (seed, n))
        out.append(lib.mg_state_hash(t))
        # Also reuse one state through copy/undo, which must not allocate.
        lib.mg_state_copy(s, t)
        while lib.mg_state_undo(s) == MG_OK:
            pass
        lib.mg_state_free(t)
    lib.mg_state_free(s)
    return out


class TestBoards(unittest.TestCase):
    """Boards through ctypes: generate, format/parse round trip, queries."""

    def board(self, kind=MG_BOARD_LABYRINTH, seed=3):
        b = c_void_p()
        self.assertEqual(lib.mg_board_generate(byref(b), kind, seed), MG_OK)
        self.addCleanup(lib.mg_board_free, b)
        return b

    def text(self, fn, *args):
        need = c_size_t()
        self.assertEqual(fn(*args, None, 0, byref(need)), MG_ENOBUFS)
        buf = ctypes.create_string_buffer(need.value)
        self.assertEqual(fn(*args, buf, need.value, byref(need)), MG_OK)
        return buf.value.decode("ascii")

    def test_round_trip(self):
        b = self.board()
        text = self.text(lib.mg_board_format, b)
        p, err = c_void_p(), ctypes.create_string_buffer(256)
        self.assertEqual(lib.mg_board_parse(byref(p), text.encode(), err, 256),
                         MG_OK, err.value)
        self.addCleanup(lib.mg_board_free, p)
        self.assertEqual(self.text(lib.mg_board_format, p), text)
        self.assertEqual(lib.mg_board_fingerprint(p),
                         lib.mg_board_fingerprint(b))
        self.assertNotEqual(lib.mg_board_fingerprint(b), 0)

    def test_queries(self):
        b = self.board()
        self.assertEqual(lib.mg_board_kind(b), MG_BOARD_LABYRINTH)
        self.assertEqual(lib.mg_board_cell_count(b), 63)
        masks = {lib.mg_board_cell_mask(b, i) for i in range(63)}
        self.assertEqual(masks, set(range(1, 64)))  # rules §2.1 bijection
        x, y = c_int32(), c_int32()
        for i in range(63):
            self.assertEqual(lib.mg_board_cell_position(b, i, byref(x),
                                                        byref(y)), MG_OK)
            self.assertEqual(lib.mg_board_cell_at(b, x, y), i)
        self.assertEqual(lib.mg_board_cell_mask(b, 63), MG_ERANGE)
        self.assertEqual(lib.mg_board_cell_mask(None, 0), MG_EINVAL)

    def test_parse_refusal(self):
        p, err = c_void_p(1), ctypes.create_string_buffer(256)
        bad = b"mindgames-board 1\nkind labyrinth\nsize 2 1\n##\n"
        self.assertEqual(lib.mg_board_parse(byref(p), bad, err, 256), MG_EBOARD)
        self.assertIsNone(p.value)
        self.assertIn(b"2 cells", err.value)

    def test_render(self):
        b = self.board()
        svg = self.text(lib.mg_board_render, b, MG_RENDER_SVG,
                        MG_BOARD_SHOW_CELLS | MG_BOARD_SHOW_BEAMS)
        self.assertTrue(svg.startswith("<svg "))
        text = self.text(lib.mg_board_render, b, MG_RENDER_TEXT,
                         MG_BOARD_SHOW_BEAMS)
        self.assertIn("---", text)


class TestThreads(unittest.TestCase):

    THREADS, GAMES = 4, 50

    def test_shared_game(self):
        # Big enough that the threads overlap inside the library (ctypes
        # releases the GIL around every call).
        g = new_game(b"dots_and_boxes(rows=16,cols=16)")
        try:
            seeds = [[1000003 * t + i for i in range(self.GAMES)]
                     for t in range(self.THREADS)]
            expected = [play_games(g, ss) for ss in seeds]
            # Different seeds must actually give different games.
            self.assertGreater(len(set(h for r in expected for h in r)), 10)
            results = [None] * self.THREADS
            errors = []
            barrier = threading.Barrier(self.THREADS)

            def worker(t):
                try:
                    barrier.wait()
                    results[t] = play_games(g, seeds[t])
                except Exception as e:  # reported in the main thread
                    errors.append(e)

            threads = [threading.Thread(target=worker, args=(t,))
                       for t in range(self.THREADS)]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            self.assertEqual(errors, [])
            self.assertEqual(results, expected)
        finally:
            lib.mg_game_free(g)


class TestOptions(unittest.TestCase):
    """The 1.4 option functions: a spec in, int64_t ranges out."""

    def test_options(self):
        spec = b"dots_and_boxes(grid=triangle)"
        n = lib.mg_game_option_count(spec)
        self.assertGreater(n, 3)
        keys = [lib.mg_game_option_key(spec, i) for i in range(n)]
        self.assertEqual(keys[0], b"grid")
        lo, hi = c_int64(-1), c_int64(-1)
        self.assertEqual(lib.mg_game_option_range(spec, 0, byref(lo),
                                                  byref(hi)), MG_OK)
        self.assertEqual((lo.value, hi.value), (0, 2))
        self.assertEqual(lib.mg_game_option_value_name(spec, 0, 1),
                         b"triangle")
        self.assertEqual(get_string(lib.mg_game_option_value, spec, 0),
                         "triangle")
        rows = keys.index(b"rows")
        self.assertEqual(lib.mg_game_option_applies(spec, rows), 0)
        self.assertEqual(lib.mg_game_option_count(b"no_such_game"),
                         MG_ENOGAME)
        self.assertIsNone(lib.mg_game_option_key(spec, n))
        self.assertEqual(lib.mg_game_option_type(spec, n), MG_ERANGE)
        seed = lib.mg_game_option_range(b"china_squares", 0, byref(lo),
                                        byref(hi))
        self.assertEqual(seed, MG_EUNSUPPORTED)


class TestReadmeExample(unittest.TestCase):
    """The README's raw ctypes example runs as written (with this suite's
    library in place of the name it loads)."""

    def test_readme_ctypes_example(self):
        with open(README, encoding="utf-8") as f:
            text = f.read()
        section = text[text.index("### Bare ctypes"):]
        code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
        self.assertIn('ctypes.CDLL("libmindgames.so.1")', code)
        code = code.replace('"libmindgames.so.1"', repr(os.path.abspath(
            LIB_PATH)))
        p = subprocess.run([sys.executable, "-c", code],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60, universal_newlines=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stdout, r"(?m)^actions played: \d+$")
        self.assertRegex(p.stdout, r"(?m)^winner: [012]\s")

if __name__ == "__main__":
    unittest.main()
