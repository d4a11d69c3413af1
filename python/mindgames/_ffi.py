"""The ctypes layer: every prototype of include/mindgames.h, the library
lookup, and the calling conventions (buffers, err messages, result codes).

Nothing else in the package names a ctypes type for a library function:
the classes call the functions bound here (``F.mg_state_apply`` ...),
whose ``restype`` and ``argtypes`` come from :data:`PROTOTYPES`.  Handles
are ``c_void_p`` throughout, so 64-bit pointers are never truncated;
functions returning ``const char *`` return static storage (never freed),
so ``c_char_p`` is safe for them.  ctypes releases the GIL around every
call (``ctypes.CDLL``), so threads run library calls in parallel.

The library is looked for, in order:

1. ``MINDGAMES_LIB``, a path (when set, nothing else is tried);
2. the package's own folder (``mindgames/libmindgames.so.1``, put there
   by a build that compiles the library: the self-contained wheel), and
   the library folder recorded by ``make install-python``;
3. ``ctypes.util.find_library("mindgames")``;
4. ``libmindgames.so.1``: the dynamic loader's own search
   (``LD_LIBRARY_PATH``, the ``ldconfig`` cache, ``/lib``, ``/usr/lib``);
5. ``libmindgames.so.1`` in ``sys.prefix/lib`` (``make install
   PREFIX="$VIRTUAL_ENV"``) and in ``/usr/local/lib`` (``make install``'s
   default, found here even before ``ldconfig`` has run).

A library whose major version is not 1 is passed over.  When none loads,
:class:`~mindgames.LibraryNotFoundError` lists every place tried, why
each failed, and how to fix it.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import types
from ctypes import (POINTER, Structure, byref, c_char_p, c_double, c_float,
                    c_int, c_int8, c_int32, c_int64, c_size_t, c_uint8,
                    c_uint32, c_uint64, c_void_p)
from typing import Any, Callable, Dict, List, Optional, Tuple

from .constants import ErrorCode
from .errors import (LibraryNotFoundError, MindgamesError, UnsupportedError,
                     error_class)

__all__ = ["PROTOTYPES", "ABI_MAJOR", "SONAME", "load_library", "lib", "F",
           "MISSING", "LIBRARY_PATH"]

ABI_MAJOR = 1
"""The major version (SONAME) of the library this package speaks to."""

SONAME = ("libmindgames.%d.dylib" if sys.platform == "darwin"
          else "libmindgames.so.%d") % ABI_MAJOR
"""The library's file name: ``libmindgames.so.1``."""

# ----------------------------------------------------------- prototypes

_P = POINTER
_H = c_void_p                   # every handle
_OUT = _P(c_void_p)             # mg_x **out
_SZ = _P(c_size_t)              # size_t *needed / *count
_BUF = [c_char_p, c_size_t, _SZ]            # char *buf, size_t cap, *needed
_ERR = [c_char_p, c_size_t]                 # char *err, size_t errcap
_IBUF = [_P(c_int32), c_size_t, _SZ]        # int32_t *buf, cap, *count


class ActionValueStruct(Structure):
    """``mg_action_value`` (1.6): one legal action's value."""
    _fields_ = [("value", c_double), ("action", c_int32), ("kind", c_int32),
                ("visits", c_uint32), ("reserved", c_int32)]


PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {
    "mg_version_number": (c_uint32, []),
    "mg_version_string": (c_char_p, []),
    "mg_strerror": (c_char_p, [c_int]),
    "mg_game_count": (c_int, []),
    "mg_game_id_at": (c_char_p, [c_int]),
    "mg_game_new": (c_int, [_OUT, c_char_p] + _ERR),
    "mg_game_new_with_board": (c_int, [_OUT, c_char_p, _H] + _ERR),
    "mg_game_board": (_H, [_H]),
    "mg_game_free": (None, [_H]),
    "mg_game_id": (c_char_p, [_H]),
    "mg_game_spec": (c_int, [_H] + _BUF),
    "mg_game_num_actions": (c_int32, [_H]),
    "mg_game_max_legal_actions": (c_int32, [_H]),
    "mg_state_new": (c_int, [_OUT, _H]),
    "mg_state_clone": (c_int, [_OUT, _H]),
    "mg_state_copy": (c_int, [_H, _H]),
    "mg_state_free": (None, [_H]),
    "mg_state_game": (_H, [_H]),
    "mg_state_current_player": (c_int, [_H]),
    "mg_state_is_terminal": (c_int, [_H]),
    "mg_state_legal_actions": (c_int, [_H] + _IBUF),
    "mg_state_is_legal": (c_int, [_H, c_int32]),
    "mg_state_apply": (c_int, [_H, c_int32]),
    "mg_state_undo": (c_int, [_H]),
    "mg_state_history": (c_int, [_H] + _IBUF),
    "mg_state_winner": (c_int, [_H]),
    "mg_state_score": (c_int, [_H, c_int, _P(c_int32)]),
    "mg_state_groups": (c_int, [_H, c_int] + _IBUF),
    "mg_state_hash": (c_uint64, [_H]),
    "mg_state_action_to_string": (c_int, [_H, c_int32] + _BUF),
    "mg_state_action_from_string": (c_int, [_H, c_char_p, _P(c_int32)]
                                    + _ERR),
    "mg_state_render": (c_int, [_H, c_int] + _BUF),
    "mg_state_save": (c_int, [_H] + _BUF),
    "mg_state_load": (c_int, [_OUT, _OUT, c_char_p] + _ERR),
    "mg_state_playout": (c_int, [_H, c_uint64, c_int32]),
    "mg_state_playout_result": (c_int, [_H, c_uint64, c_int32,
                                        _P(c_int32), _P(c_int32)]),
    "mg_state_illegal_reason": (c_int, [_H, c_int32] + _BUF),
    "mg_state_end_reason": (c_int, [_H] + _BUF),
    "mg_game_max_length": (c_int32, [_H]),
    "mg_game_observation_bounds": (c_int, [_H, c_int32, _P(c_float),
                                           _P(c_float)]),
    "mg_state_legal_mask": (c_int, [_H, _P(c_uint8), c_size_t]),
    "mg_board_generate": (c_int, [_OUT, c_int, c_uint64]),
    "mg_board_parse": (c_int, [_OUT, c_char_p] + _ERR),
    "mg_board_format": (c_int, [_H] + _BUF),
    "mg_board_free": (None, [_H]),
    "mg_board_kind": (c_int, [_H]),
    "mg_board_cell_count": (c_int, [_H]),
    "mg_board_cell_position": (c_int, [_H, c_int32, _P(c_int32),
                                       _P(c_int32)]),
    "mg_board_blank_position": (c_int, [_H, _P(c_int32), _P(c_int32)]),
    "mg_board_cell_at": (c_int, [_H, c_int32, c_int32]),
    "mg_board_cell_mask": (c_int, [_H, c_int32]),
    "mg_board_cell_class": (c_int, [_H, c_int32]),
    "mg_board_cell_name": (c_int, [_H, c_int32] + _BUF),
    "mg_board_cell_neighbors": (c_int, [_H, c_int32] + _IBUF),
    "mg_board_fingerprint": (c_uint64, [_H]),
    "mg_board_render": (c_int, [_H, c_int, c_int] + _BUF),
    "mg_bot_new": (c_int, [_OUT, c_char_p, c_uint64] + _ERR),
    "mg_bot_choose": (c_int, [_H, _H, _P(c_int32)]),
    "mg_bot_spec": (c_int, [_H] + _BUF),
    "mg_bot_plays": (c_int, [_H] + _BUF),
    "mg_bot_analyse": (c_int, [_H, _H, _P(ActionValueStruct), c_size_t,
                               _SZ]),
    "mg_bot_free": (None, [_H]),
    "mg_game_num_sites": (c_int32, [_H]),
    "mg_game_site_kind": (c_int, [_H, c_int32]),
    "mg_game_site_position": (c_int, [_H, c_int32, _P(c_double),
                                      _P(c_double)]),
    "mg_game_site_name": (c_int, [_H, c_int32] + _BUF),
    "mg_game_site_neighbors": (c_int, [_H, c_int32] + _IBUF),
    "mg_game_action_sites": (c_int, [_H, c_int32, _P(c_int32),
                                     _P(c_int32)]),
    "mg_state_site": (c_int, [_H, c_int32]),
    "mg_state_sites": (c_int, [_H, _P(c_int8), c_size_t, _SZ]),
    "mg_game_observation_shape": (c_int, [_H, _P(c_int32), _P(c_int32)]),
    "mg_game_observation_plane": (c_char_p, [_H, c_int32]),
    "mg_state_observation": (c_int, [_H, c_int, _P(c_float), c_size_t,
                                     _SZ]),
    "mg_game_num_symmetries": (c_int32, [_H]),
    "mg_game_symmetry_site": (c_int, [_H, c_int32, c_int32, _P(c_int32)]),
    "mg_game_symmetry_action": (c_int, [_H, c_int32, c_int32,
                                        _P(c_int32)]),
    "mg_game_option_count": (c_int32, [c_char_p]),
    "mg_game_option_key": (c_char_p, [c_char_p, c_int32]),
    "mg_game_option_type": (c_int, [c_char_p, c_int32]),
    "mg_game_option_range": (c_int, [c_char_p, c_int32, _P(c_int64),
                                     _P(c_int64)]),
    "mg_game_option_value_name": (c_char_p, [c_char_p, c_int32, c_int32]),
    "mg_game_option_value": (c_int, [c_char_p, c_int32] + _BUF),
    "mg_game_option_applies": (c_int, [c_char_p, c_int32]),
    "mg_solver_new": (c_int, [_OUT, _H, c_size_t] + _ERR),
    "mg_solver_free": (None, [_H]),
    "mg_solver_solve": (c_int, [_H, _H, c_uint64, c_uint32, _P(c_int32),
                                _P(c_int32), _P(c_uint64)]),
    "mg_solver_bounds": (c_int, [_H, _P(c_int32), _P(c_int32)]),
    "mg_solver_values": (c_int, [_H, _H, c_uint64, c_uint32] + _IBUF),
    "mg_batch_new": (c_int, [_OUT, _H, c_int32, c_int]),
    "mg_batch_free": (None, [_H]),
    "mg_batch_size": (c_int32, [_H]),
    "mg_batch_set_max_steps": (c_int, [_H, c_int32]),
    "mg_batch_set_reward_mode": (c_int, [_H, c_int]),
    "mg_batch_reset": (c_int, [_H, _P(c_uint64), _P(c_uint8)]),
    "mg_batch_step": (c_int, [_H, _P(c_int32), _P(c_int8)]),
    "mg_batch_to_move": (c_int, [_H, _P(c_int32), c_size_t]),
    "mg_batch_rewards": (c_int, [_H, _P(c_float), c_size_t]),
    "mg_batch_terminated": (c_int, [_H, _P(c_uint8), c_size_t]),
    "mg_batch_truncated": (c_int, [_H, _P(c_uint8), c_size_t]),
    "mg_batch_legal_masks": (c_int, [_H, _P(c_uint8), c_size_t]),
    "mg_batch_observations": (c_int, [_H, c_int, _P(c_float), c_size_t]),
    "mg_batch_observations_u8": (c_int, [_H, c_int, _P(c_uint8), c_size_t]),
    "mg_batch_final_observations": (c_int, [_H, c_int, _P(c_float),
                                            c_size_t]),
    "mg_batch_state": (_H, [_H, c_int32]),
    "mg_batch_random_actions": (c_int, [_H, c_uint64, _P(c_int32)]),
    "mg_batch_bot_actions": (c_int, [_H, _H, _P(c_int32)]),
    "mg_eval_new": (c_int, [_OUT, c_void_p, c_size_t] + _ERR),
    "mg_eval_builtin": (c_int, [_OUT, _H]),
    "mg_eval_free": (None, [_H]),
    "mg_eval_spec": (c_int, [_H] + _BUF),
    "mg_eval_shape": (c_int, [_H, _P(c_int), _SZ]),
    "mg_eval_inputs": (c_int, [_H, c_int, _P(c_float), c_size_t, _SZ]),
    "mg_eval_value": (c_int, [_H, _H, _P(c_float)]),
    "mg_bot_set_eval": (c_int, [_H, _H]),
}
"""``name: (restype, argtypes)`` of every function of the header."""

# Functions that came after 1.0, for the message of a too-old library.
_SINCE = {"mg_game_new_with_board": "1.1", "mg_game_board": "1.1",
          "mg_bot_new": "1.2", "mg_bot_choose": "1.2",
          "mg_bot_spec": "1.2", "mg_bot_free": "1.2"}
_SINCE.update((n, "1.1") for n in PROTOTYPES if n.startswith("mg_board_"))
_SINCE.update((n, "1.3") for n in (
    "mg_game_num_sites", "mg_game_site_kind", "mg_game_site_position",
    "mg_game_site_name", "mg_game_site_neighbors", "mg_game_action_sites",
    "mg_state_site", "mg_state_sites", "mg_game_observation_shape",
    "mg_game_observation_plane", "mg_state_observation",
    "mg_game_num_symmetries", "mg_game_symmetry_site",
    "mg_game_symmetry_action"))
_SINCE.update((n, "1.4") for n in PROTOTYPES if n.startswith("mg_game_option_")
              or n.startswith("mg_solver_"))
_SINCE.update((n, "1.5") for n in ("mg_state_illegal_reason",
                                   "mg_state_end_reason",
                                   "mg_game_max_length",
                                   "mg_game_observation_bounds",
                                   "mg_state_legal_mask"))
_SINCE.update((n, "1.5") for n in PROTOTYPES if n.startswith("mg_batch_"))
_SINCE.update((n, "1.6") for n in ("mg_bot_plays", "mg_bot_analyse",
                                   "mg_bot_set_eval"))
_SINCE.update((n, "1.6") for n in PROTOTYPES if n.startswith("mg_eval_"))

# --------------------------------------------------------------- lookup

_FIX = (
    "To fix it, do one of:\n"
    "  - build and install the C library: `make install` at the top of the"
    " mindgames\n    repository (as root; `make install"
    " PREFIX=\"$VIRTUAL_ENV\"` puts it into the\n    active virtual"
    " environment instead, where this package finds it too);\n"
    "  - point MINDGAMES_LIB at the library file, e.g.\n"
    "    export MINDGAMES_LIB=/path/to/mindgames/build/%s;\n"
    "  - install the self-contained package, which carries the library:"
    " `pip install\n    --no-build-isolation ./python` (or the wheel of"
    " `pip wheel --no-build-isolation\n    ./python`) with a C compiler"
    " present." % SONAME)


def _declare(handle: ctypes.CDLL) -> List[str]:
    """Set restype/argtypes of every prototype on handle; the names it
    does not export."""
    missing = []
    for name, (res, args) in PROTOTYPES.items():
        try:
            f = getattr(handle, name)
        except AttributeError:
            missing.append(name)
            continue
        f.restype = res
        f.argtypes = args
    return missing


def _try(name: str) -> Tuple[Optional[ctypes.CDLL], str]:
    """Load name; (handle, "") or (None, why not)."""
    try:
        handle = ctypes.CDLL(name)
    except OSError as e:
        return None, str(e) or "cannot be loaded"
    try:
        number = handle.mg_version_number
    except AttributeError:
        return None, "not libmindgames (it has no mg_version_number)"
    number.restype, number.argtypes = c_uint32, []
    v = number()
    if v // 10000 != ABI_MAJOR:
        return None, ("libmindgames %d.%d.%d, and this package needs %d.x"
                      % (v // 10000, v // 100 % 100, v % 100, ABI_MAJOR))
    return handle, ""


def _places() -> List[Tuple[str, Optional[str]]]:
    """(description, name or path to try, or None) after MINDGAMES_LIB."""
    here = os.path.dirname(os.path.abspath(__file__))
    places: List[Tuple[str, Optional[str]]] = [
        ("the package folder", os.path.join(here, SONAME))]
    try:
        from ._build_config import LIBDIR
    except ImportError:  # pragma: no cover - an incomplete install
        LIBDIR = None
    if LIBDIR:
        places.append(("the folder `make install-python` recorded",
                       os.path.join(LIBDIR, SONAME)))
    found = ctypes.util.find_library("mindgames")
    places.append(("ctypes.util.find_library('mindgames')", found))
    places.append(("the dynamic loader's search (LD_LIBRARY_PATH, the"
                   " ldconfig cache, /lib, /usr/lib)", SONAME))
    seen = set()
    for d in (os.path.join(sys.prefix, "lib"), "/usr/local/lib"):
        if d not in seen:
            seen.add(d)
            places.append(("a make install prefix", os.path.join(d, SONAME)))
    return places


def _find() -> Tuple[ctypes.CDLL, str]:
    tried: List[Tuple[str, str]] = []
    env = os.environ.get("MINDGAMES_LIB")
    if env:
        handle, why = _try(env)
        if handle is not None:
            return handle, env
        tried.append(("MINDGAMES_LIB=%s" % env, why))
        raise LibraryNotFoundError(
            "cannot load libmindgames from MINDGAMES_LIB=%s: %s\n"
            "MINDGAMES_LIB must name the library file (e.g. "
            "/usr/local/lib/%s), or be unset so that the package looks "
            "in the usual places.\n%s" % (env, why, SONAME, _FIX),
            tuple(tried))
    tried.append(("MINDGAMES_LIB", "not set"))
    for what, name in _places():
        if name is None:
            tried.append((what, "found nothing"))
            continue
        if os.path.isabs(name) and not os.path.exists(name):
            tried.append(("%s: %s" % (what, name), "no such file"))
            continue
        handle, why = _try(name)
        if handle is not None:
            return handle, name
        tried.append(("%s: %s" % (what, name), why))
    lines = "\n".join("  %d. %s: %s" % (i + 1, w, r)
                      for i, (w, r) in enumerate(tried))
    raise LibraryNotFoundError(
        "cannot find libmindgames (%s, major version %d). Tried, in order:\n"
        "%s\n%s" % (SONAME, ABI_MAJOR, lines, _FIX), tuple(tried))


class _DlInfo(Structure):
    _fields_ = [("dli_fname", c_char_p), ("dli_fbase", c_void_p),
                ("dli_sname", c_char_p), ("dli_saddr", c_void_p)]


def _path_of(handle: ctypes.CDLL, name: str) -> str:
    """The file the dynamic loader opened for handle (dladdr), else name."""
    for libname in (None, "libdl.so.2"):
        try:
            dladdr = ctypes.CDLL(libname).dladdr
            break
        except (OSError, AttributeError):
            continue
    else:  # pragma: no cover - no dladdr
        return os.path.abspath(name) if os.sep in name else name
    dladdr.restype = c_int
    dladdr.argtypes = [c_void_p, POINTER(_DlInfo)]
    info = _DlInfo()
    addr = ctypes.cast(handle.mg_version_number, c_void_p).value
    if dladdr(addr, byref(info)) and info.dli_fname:
        return os.path.abspath(os.fsdecode(info.dli_fname))
    return os.path.abspath(name) if os.sep in name else name  # pragma: no cover


def load_library(path: Optional[str] = None) -> ctypes.CDLL:
    """Load libmindgames and declare every function of :data:`PROTOTYPES`
    on it: a ``ctypes.CDLL`` for direct calls.

    ``path``: a file to load; by default the lookup of this module (the
    one the package itself used).  The package keeps using the library it
    loaded at import: this is for raw ctypes calls.  Functions an older
    library does not export raise ``AttributeError`` when called through
    the handle.  Raises :class:`~mindgames.LibraryNotFoundError`.
    """
    if path is None:
        return _declared(_find()[0])
    found, why = _try(os.fspath(path))
    if found is None:
        raise LibraryNotFoundError(
            "cannot load libmindgames from %s: %s" % (path, why),
            (("path %s" % path, why),))
    return _declared(found)


def _declared(handle: ctypes.CDLL) -> ctypes.CDLL:
    _declare(handle)
    return handle


def _stub(name: str, version: str, where: str) -> Callable[..., Any]:
    def missing(*args: Any) -> Any:
        raise UnsupportedError(
            ErrorCode.EUNSUPPORTED,
            "%s is not in the loaded libmindgames %s (%s): it came in %s; "
            "install a newer library" % (name, version, where,
                                         _SINCE.get(name, "a later version")))
    missing.__name__ = name
    return missing


lib, _name = _find()
"""The loaded library (``ctypes.CDLL``) with every prototype declared."""

MISSING: List[str] = _declare(lib)
"""Functions of PROTOTYPES the loaded library does not export (an older
library): calling them through the package raises UnsupportedError."""

LIBRARY_PATH: str = _path_of(lib, _name)
"""The file of the loaded library."""

F = types.SimpleNamespace()
"""Every function of the header, bound: the library's, or for a function
an older library lacks, a stub that raises UnsupportedError."""
for _fname in PROTOTYPES:
    if _fname in MISSING:
        setattr(F, _fname, _stub(_fname,
                                 lib.mg_version_string().decode("ascii"),
                                 LIBRARY_PATH))
    else:
        setattr(F, _fname, getattr(lib, _fname))
del _fname

# ----------------------------------------------------------- conventions

ERRCAP = 256


def errbuf() -> Any:
    """An ``err`` buffer for the calls that parse text."""
    return ctypes.create_string_buffer(ERRCAP)


def error(code: int, err: Any = None) -> MindgamesError:
    """The exception for a result code; err: the call's err buffer."""
    message = None
    if err is not None and err.value:
        message = err.value.decode("utf-8", "replace")
    return error_class(code)(code, message)


def check(code: int, err: Any = None) -> int:
    """code when it is not an error, else raise (errors are -2 and below;
    -1 is MG_NOBODY, a player)."""
    if code < -1:
        raise error(code, err)
    return code


def get_string(fn: Callable[..., int], *args: Any) -> str:
    """fn(*args, buf, cap, &needed): the string, growing the buffer once."""
    need = c_size_t(0)
    buf = ctypes.create_string_buffer(256)
    rc = fn(*args, buf, 256, need)
    if rc == ErrorCode.ENOBUFS:
        buf = ctypes.create_string_buffer(need.value)
        rc = fn(*args, buf, need.value, need)
    if rc:
        raise error(rc)
    return buf.value.decode("utf-8", "replace")


def get_ints(fn: Callable[..., int], *args: Any, cap: int = 16) -> List[int]:
    """fn(*args, int32 buf, cap, &count): the values, growing once."""
    count = c_size_t(0)
    buf = (c_int32 * cap)()
    rc = fn(*args, buf, cap, count)
    if rc == ErrorCode.ENOBUFS:
        cap = count.value
        buf = (c_int32 * cap)()
        rc = fn(*args, buf, cap, count)
    if rc:
        raise error(rc)
    return buf[:count.value]


def out_handle(p: Any) -> int:
    """The handle a successful constructor stored in its **out (never
    NULL then)."""
    value = p.value
    if value is None:  # pragma: no cover - the library never does this
        raise error(ErrorCode.ENOMEM)
    return int(value)


def pair(fn: Callable[..., int], ctype: Any, *args: Any) -> Tuple[Any, Any]:
    """fn(*args, &a, &b) for two out-parameters of ctype: (a, b)."""
    a, b = ctype(), ctype()
    rc = fn(*args, a, b)
    if rc:
        raise error(rc)
    return a.value, b.value
