"""mindgames - a Python binding of libmindgames through ctypes.

Standard library only; NumPy is used when installed and asked for
(``State.legal_actions(as_numpy=True)``), never required.

    import mindgames as mg

    with mg.Game("dots_and_boxes(rows=3,cols=3)") as game, \
            mg.Bot("mcts(iterations=500)", seed=1) as bot:
        state = game.new_state()
        state.apply("a1-b1")                        # notation ...
        while not state.is_terminal:
            if state.current_player == 0:
                state.apply(state.legal_actions()[0])   # ... or an id
            else:
                state.apply(bot.choose(state))
        print(state.render(), state.winner, state.scores())

The library is found through the environment variable MINDGAMES_LIB (a
path), then ``ctypes.util.find_library("mindgames")``, then the name
``libmindgames.so.1``.  ``PROTOTYPES`` declares restype and argtypes of
every public function of include/mindgames.h; ``lib`` is the loaded
``ctypes.CDLL`` for direct calls.  Handles are ``c_void_p`` throughout.

Objects
-------
``Game(spec)`` / ``Game.with_board(spec, board)``: immutable, shareable
between threads.  ``State(game)`` (or ``game.new_state()``): a position
with its history, used by one thread at a time.  ``Board.generate(kind,
seed)`` / ``Board.parse(text)``: a transcendental board.  ``Bot(spec,
seed)``: a computer player.

Lifetimes follow the C rules without the caller having to: a state holds
a reference to its game, so the game outlives it; a bot holds a reference
to the last game it played, as the C library asks.  Every object has
``close()`` and is a context manager; ``close()`` frees the C object at
once, and otherwise it is freed when Python collects it.  Closing a game
closes its states first (using a closed object raises ``ClosedError``);
if a bot still refers to the game, the C game is freed when that bot is
closed or moves on to another game.

Errors
------
Every failure raises ``MindgamesError`` (or a subclass per code, e.g.
``IllegalActionError``, ``UnknownGameError``) with ``.code`` (the
library's negative ``MG_E*`` value), ``.message`` (the library's message
naming the offending part when it gives one, else ``mg_strerror``) and
``.strerror``.
"""

import ctypes
import ctypes.util
import os
import threading
from collections import namedtuple
from ctypes import (POINTER, byref, c_char_p, c_double, c_float, c_int,
                    c_int8, c_int32, c_size_t, c_uint32, c_uint64, c_void_p)

try:  # optional
    import numpy as _np
except ImportError:  # pragma: no cover - depends on the machine
    _np = None

HAVE_NUMPY = _np is not None

__all__ = [
    "lib", "PROTOTYPES", "MISSING", "HAVE_NUMPY", "load_library",
    "version", "version_number", "strerror", "game_ids",
    "Game", "State", "Board", "Bot", "Site",
    "MindgamesError", "ClosedError", "InvalidArgumentError",
    "OutOfMemoryError", "BufferTooSmallError", "OutOfRangeError",
    "NotationError", "UnknownGameError", "OptionError", "OptionValueError",
    "IllegalActionError", "GameOverError", "NothingToUndoError",
    "MismatchError", "UnsupportedError", "InvalidBoardError",
]

# ------------------------------------------------------------ constants

OK = 0
EINVAL, ENOMEM, ENOBUFS, ERANGE, ESYNTAX = -2, -3, -4, -5, -6
ENOGAME, EOPTION, EVALUE, EILLEGAL, EOVER = -7, -8, -9, -10, -11
EEMPTY, EMISMATCH, EUNSUPPORTED, EBOARD = -12, -13, -14, -15

NOBODY = -1          # current_player when over, winner while playing
DRAW = 2             # winner of a drawn game
RENDER_TEXT = 1
RENDER_SVG = 2
BOARD_OCTOPUSZLE = 1
BOARD_LABYRINTH = 2
SHOW_CELLS = 1       # Board.render views
SHOW_BEAMS = 2
SITE_CELL, SITE_POINT, SITE_LINE, SITE_BOX = 1, 2, 3, 4   # Site.kind
NEUTRAL = 3          # State.site() of a line drawn before the game

# One site of a game (Game.sites): its index, name, kind (SITE_*), centre
# (x right, y down, unit spacing) and neighbours.
Site = namedtuple("Site", "index name kind x y neighbors")

# ----------------------------------------------------------- prototypes

_P = POINTER
_H = c_void_p                   # every handle
_OUT = _P(c_void_p)             # mg_x **out
_SZ = _P(c_size_t)              # size_t *needed / *count
_BUF = [c_char_p, c_size_t, _SZ]            # char *buf, size_t cap, *needed
_ERR = [c_char_p, c_size_t]                 # char *err, size_t errcap
_IBUF = [_P(c_int32), c_size_t, _SZ]        # int32_t *buf, cap, *count

# name: (restype, argtypes).  Functions returning a string return static
# storage (never freed), so c_char_p is safe there; nothing returns memory
# the caller must free.
PROTOTYPES = {
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
}

MISSING = []   # functions of PROTOTYPES the loaded library does not export


def load_library(path=None):
    """Load libmindgames and declare every function of PROTOTYPES on it.

    path: a file name or path; default MINDGAMES_LIB, then
    find_library("mindgames"), then "libmindgames.so.1".  Functions the
    library does not export (an older library) are listed in MISSING and
    raise AttributeError when called through ``lib``.
    """
    name = (path or os.environ.get("MINDGAMES_LIB")
            or ctypes.util.find_library("mindgames") or "libmindgames.so.1")
    handle = ctypes.CDLL(name)
    del MISSING[:]
    for fname, (res, args) in PROTOTYPES.items():
        try:
            f = getattr(handle, fname)
        except AttributeError:
            MISSING.append(fname)
            continue
        f.restype = res
        f.argtypes = args
    return handle


lib = load_library()

# ---------------------------------------------------------------- errors


class MindgamesError(Exception):
    """A library error: .code (negative MG_E* value), .message, .strerror."""

    code = None

    def __init__(self, code, message=None):
        self.code = code
        self.strerror = strerror(code)
        self.message = message or self.strerror
        Exception.__init__(self, self.message)

    def __repr__(self):
        return "%s(%d, %r)" % (type(self).__name__, self.code, self.message)


class InvalidArgumentError(MindgamesError):
    """MG_EINVAL"""


class ClosedError(InvalidArgumentError):
    """The Python object was closed (its C object is freed)."""


class OutOfMemoryError(MindgamesError, MemoryError):
    """MG_ENOMEM"""


class BufferTooSmallError(MindgamesError):
    """MG_ENOBUFS (handled inside the binding; not normally seen)"""


class OutOfRangeError(MindgamesError):
    """MG_ERANGE: an id, player, cell or notation out of range"""


class NotationError(MindgamesError):
    """MG_ESYNTAX: malformed spec, notation, record or board text"""


class UnknownGameError(MindgamesError):
    """MG_ENOGAME: unknown game (or bot) name"""


class OptionError(MindgamesError):
    """MG_EOPTION: unknown, repeated or inapplicable option key"""


class OptionValueError(MindgamesError):
    """MG_EVALUE: bad option value or combination"""


class IllegalActionError(MindgamesError):
    """MG_EILLEGAL"""


class GameOverError(MindgamesError):
    """MG_EOVER"""


class NothingToUndoError(MindgamesError):
    """MG_EEMPTY"""


class MismatchError(MindgamesError):
    """MG_EMISMATCH: objects of different games (or board kinds)"""


class UnsupportedError(MindgamesError):
    """MG_EUNSUPPORTED: the game has no such notion"""


class InvalidBoardError(MindgamesError):
    """MG_EBOARD: not a valid two-group transcendental board"""


ERRORS = {
    EINVAL: InvalidArgumentError, ENOMEM: OutOfMemoryError,
    ENOBUFS: BufferTooSmallError, ERANGE: OutOfRangeError,
    ESYNTAX: NotationError, ENOGAME: UnknownGameError,
    EOPTION: OptionError, EVALUE: OptionValueError,
    EILLEGAL: IllegalActionError, EOVER: GameOverError,
    EEMPTY: NothingToUndoError, EMISMATCH: MismatchError,
    EUNSUPPORTED: UnsupportedError, EBOARD: InvalidBoardError,
}


def _error(code, err=None):
    """The exception for a result code; err: the err buffer, if any."""
    message = None
    if err is not None and err.value:
        message = err.value.decode("ascii", "replace")
    return ERRORS.get(code, MindgamesError)(code, message)


def _check(code, err=None):
    # -1 is MG_NOBODY (a player), never an error: errors are -2 and below
    if code < NOBODY:
        raise _error(code, err)
    return code


def _errbuf():
    return ctypes.create_string_buffer(256)


def _text(value):
    if isinstance(value, bytes):
        return value
    if isinstance(value, str):
        return value.encode("ascii")
    raise TypeError("expected str, got %s" % type(value).__name__)


def _get_string(fn, *args):
    """Call fn(*args, buf, cap, &needed), growing the buffer once."""
    need = c_size_t(0)
    buf = ctypes.create_string_buffer(256)
    rc = fn(*args, buf, len(buf), byref(need))
    if rc == ENOBUFS:
        buf = ctypes.create_string_buffer(need.value)
        rc = fn(*args, buf, len(buf), byref(need))
    _check(rc)
    return buf.value.decode("ascii")


def _get_ints(fn, *args, cap=64):
    """Call fn(*args, int32 buf, cap, &count), growing the buffer once."""
    count = c_size_t(0)
    buf = (c_int32 * cap)()
    rc = fn(*args, buf, cap, byref(count))
    if rc == ENOBUFS:
        cap = count.value
        buf = (c_int32 * cap)()
        rc = fn(*args, buf, cap, byref(count))
    _check(rc)
    return buf[:count.value]

# ------------------------------------------------------------ functions


def version():
    """The linked library's version string, e.g. "1.2.0"."""
    return lib.mg_version_string().decode("ascii")


def version_number():
    """The linked library's MAJOR*10000 + MINOR*100 + PATCH."""
    return lib.mg_version_number()


def strerror(code):
    """The library's short description of a result code."""
    return lib.mg_strerror(code).decode("ascii")


def game_ids():
    """The registered game ids, e.g. ["dots_and_boxes", ...]."""
    return [lib.mg_game_id_at(i).decode("ascii")
            for i in range(lib.mg_game_count())]

# ----------------------------------------------------------------- base


class _Handle(object):
    """A C object owned by Python: close(), context manager, __del__."""

    _h = None
    _kind = "object"

    @property
    def _handle(self):
        h = self._h
        if h is None:
            raise ClosedError(EINVAL, "%s is closed" % self._kind)
        return h

    @property
    def closed(self):
        return self._h is None

    def __enter__(self):
        self._handle  # refuse a closed object here already
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: nothing left to do
            pass

# ---------------------------------------------------------------- boards


class Board(_Handle):
    """A transcendental board (immutable; share it between threads).

    Board.generate(kind, seed) or Board.parse(text); game.board for the
    board of a game (borrowed: it keeps the game alive).
    """

    _kind = "board"

    def __init__(self, handle, owner=None):
        """Wrap a handle: owned (freed by close) unless owner is given."""
        self._owner = owner
        self._h = handle

    @classmethod
    def generate(cls, kind=BOARD_OCTOPUSZLE, seed=1):
        """The board of seed for kind (BOARD_OCTOPUSZLE, BOARD_LABYRINTH,
        or "octopuszle" / "labyrinth")."""
        if isinstance(kind, str):
            kind = {"octopuszle": BOARD_OCTOPUSZLE,
                    "labyrinth": BOARD_LABYRINTH}.get(kind.lower(), 0)
        h = c_void_p()
        _check(lib.mg_board_generate(byref(h), kind, seed))
        return cls(h.value)

    @classmethod
    def parse(cls, text):
        """Parse and validate the text of Board.format()."""
        h, err = c_void_p(), _errbuf()
        _check(lib.mg_board_parse(byref(h), _text(text), err, len(err)), err)
        return cls(h.value)

    def close(self):
        h, self._h = self._h, None
        if h is not None and self._owner is None:
            lib.mg_board_free(h)
        self._owner = None

    def format(self):
        """The board's text format (accepted back by Board.parse)."""
        return _get_string(lib.mg_board_format, self._handle)

    __str__ = format

    def render(self, svg=False, cells=True, beams=True):
        """A picture: text, or an SVG document with svg=True."""
        flags = (SHOW_CELLS if cells else 0) | (SHOW_BEAMS if beams else 0)
        return _get_string(lib.mg_board_render, self._handle,
                           RENDER_SVG if svg else RENDER_TEXT, flags)

    @property
    def kind(self):
        return _check(lib.mg_board_kind(self._handle))

    @property
    def cells(self):
        """Number of playing cells (255 or 63)."""
        return _check(lib.mg_board_cell_count(self._handle))

    def __len__(self):
        return self.cells

    def position(self, cell):
        """(x, y) of a playing cell."""
        x, y = c_int32(), c_int32()
        _check(lib.mg_board_cell_position(self._handle, cell, byref(x),
                                          byref(y)))
        return x.value, y.value

    @property
    def positions(self):
        """[(x, y)] of every playing cell, by cell index."""
        return [self.position(i) for i in range(self.cells)]

    @property
    def blank(self):
        """(x, y) of the blank tile."""
        x, y = c_int32(), c_int32()
        _check(lib.mg_board_blank_position(self._handle, byref(x), byref(y)))
        return x.value, y.value

    def cell_at(self, x, y):
        """The cell at (x, y), or None when there is none."""
        rc = lib.mg_board_cell_at(self._handle, x, y)
        if rc == ERANGE:
            return None
        return _check(rc)

    def mask(self, cell):
        return _check(lib.mg_board_cell_mask(self._handle, cell))

    def pattern_class(self, cell):
        return _check(lib.mg_board_cell_class(self._handle, cell))

    def name(self, cell):
        return _get_string(lib.mg_board_cell_name, self._handle, cell)

    def neighbors(self, cell):
        return _get_ints(lib.mg_board_cell_neighbors, self._handle, cell,
                         cap=8)

    @property
    def fingerprint(self):
        return lib.mg_board_fingerprint(self._handle)

    def __repr__(self):
        if self._h is None:
            return "<mindgames.Board closed>"
        return "<mindgames.Board %s, %d cells, %016x>" % (
            "octopuszle" if self.kind == BOARD_OCTOPUSZLE else "labyrinth",
            self.cells, self.fingerprint)

# ----------------------------------------------------------------- games


class Game(_Handle):
    """A game and its options: immutable, shareable between threads.

    Game("dots_and_boxes(rows=3,cols=3)"); Game.with_board(spec, board).
    """

    _kind = "game"

    def __init__(self, spec, board=None):
        h, err = c_void_p(), _errbuf()
        if board is None:
            rc = lib.mg_game_new(byref(h), _text(spec), err, len(err))
        else:
            rc = lib.mg_game_new_with_board(byref(h), _text(spec),
                                            board._handle, err, len(err))
        _check(rc, err)
        self._adopt(h.value)

    def _adopt(self, handle):
        self._lock = threading.Lock()
        self._states = {}      # id(cell) -> cell, cell = [state handle]
        self._pins = 0         # bots whose last game this is
        self._h = handle
        self._max_legal = lib.mg_game_max_legal_actions(handle)

    @classmethod
    def with_board(cls, spec, board):
        """A China game on `board` (a Board; the game keeps a copy)."""
        return cls(spec, board)

    @classmethod
    def _from_handle(cls, handle):
        g = cls.__new__(cls)
        g._adopt(handle)
        return g

    # State and bot bookkeeping: every state handle is freed through its
    # game, so the game is always freed after its states, whatever order
    # Python finalises them in.

    def _register(self, handle):
        cell = [handle]
        with self._lock:
            self._states[id(cell)] = cell
        return cell

    def _release(self, cell):
        with self._lock:
            mine = self._states.pop(id(cell), None) is cell
        h, cell[0] = cell[0], None
        if mine and h is not None:
            lib.mg_state_free(h)

    def _pin(self):
        with self._lock:
            self._pins += 1

    def _unpin(self):
        with self._lock:
            self._pins -= 1
            free = self._pins == 0 and self._h is None
        if free:
            self._free()

    def _free(self):
        h, self._handle_pending = getattr(self, "_handle_pending", None), None
        if h is not None:
            lib.mg_game_free(h)

    def close(self):
        """Close every state of the game, then free it (later, if a bot
        still refers to it: when that bot closes or changes games)."""
        h = self._h
        if h is None:
            return
        with self._lock:
            cells = list(self._states.values())
        for cell in cells:
            self._release(cell)
        with self._lock:
            self._h = None
            self._handle_pending = h
            pinned = self._pins > 0
        if not pinned:
            self._free()

    def __del__(self):
        # Unreachable: so are the bots that pinned it.
        try:
            self._pins = 0
            self.close()
            self._free()
        except Exception:
            pass

    def new_state(self):
        """A new State at the start of this game."""
        return State(self)

    @property
    def id(self):
        return lib.mg_game_id(self._handle).decode("ascii")

    @property
    def spec(self):
        """The canonical spec: every option, lower case."""
        return _get_string(lib.mg_game_spec, self._handle)

    @property
    def num_actions(self):
        return _check(lib.mg_game_num_actions(self._handle))

    @property
    def max_legal_actions(self):
        return self._max_legal

    @property
    def board(self):
        """The game's Board (borrowed, keeps the game alive), or None."""
        b = lib.mg_game_board(self._handle)
        return Board(b, owner=self) if b else None

    # ---------------------------------------------------- the position

    @property
    def num_sites(self):
        return _check(lib.mg_game_num_sites(self._handle))

    def site(self, index):
        """Site `index`: Site(index, name, kind, x, y, neighbors)."""
        h = self._handle
        x, y = c_double(), c_double()
        kind = _check(lib.mg_game_site_kind(h, index))
        _check(lib.mg_game_site_position(h, index, byref(x), byref(y)))
        return Site(index, _get_string(lib.mg_game_site_name, h, index),
                    kind, x.value, y.value,
                    tuple(_get_ints(lib.mg_game_site_neighbors, h, index,
                                    cap=8)))

    @property
    def sites(self):
        """Every Site, in site order (computed once)."""
        cached = self.__dict__.get("_sites")
        if cached is None:
            cached = tuple(self.site(i) for i in range(self.num_sites))
            self._sites = cached
        return cached

    def action_sites(self, action):
        """(from, to) sites of an action, None where it has none."""
        f, t = c_int32(), c_int32()
        _check(lib.mg_game_action_sites(self._handle, action, byref(f),
                                        byref(t)))
        return (f.value if f.value >= 0 else None,
                t.value if t.value >= 0 else None)

    @property
    def observation_shape(self):
        """(planes, sites) of State.observation()."""
        p, n = c_int32(), c_int32()
        _check(lib.mg_game_observation_shape(self._handle, byref(p),
                                             byref(n)))
        return (p.value, n.value)

    @property
    def observation_planes(self):
        """The names of the observation planes, in order."""
        h = self._handle
        return tuple(lib.mg_game_observation_plane(h, i).decode("ascii")
                     for i in range(self.observation_shape[0]))

    @property
    def num_symmetries(self):
        return _check(lib.mg_game_num_symmetries(self._handle))

    def symmetry_site(self, sym, site):
        out = c_int32()
        _check(lib.mg_game_symmetry_site(self._handle, sym, site,
                                         byref(out)))
        return out.value

    def symmetry_action(self, sym, action):
        out = c_int32()
        _check(lib.mg_game_symmetry_action(self._handle, sym, action,
                                           byref(out)))
        return out.value

    def symmetries(self):
        """Per symmetry, (site map, action map) as lists: site_map[s] is
        the image of site s, action_map[a] the image of action a."""
        return [([self.symmetry_site(k, s) for s in range(self.num_sites)],
                 [self.symmetry_action(k, a)
                  for a in range(self.num_actions)])
                for k in range(self.num_symmetries)]

    def __repr__(self):
        if self._h is None:
            return "<mindgames.Game closed>"
        return "<mindgames.Game %s>" % self.spec

# ---------------------------------------------------------------- states


class State(_Handle):
    """A position with its history; one thread at a time.

    Attributes: game, current_player, is_terminal, winner, hash, history.
    Methods: apply, undo, legal_actions, is_legal, score, scores, groups,
    action_to_string, action_from_string, render, save, State.load,
    clone/copy, copy_from, playout.
    """

    _kind = "state"

    def __init__(self, game):
        h = c_void_p()
        _check(lib.mg_state_new(byref(h), game._handle))
        self._attach(game, h.value)

    def _attach(self, game, handle):
        self._game = game
        self._cell = game._register(handle)
        self._buf = (c_int32 * max(game.max_legal_actions, 1))()
        self._count = c_size_t()

    @classmethod
    def _wrap(cls, game, handle):
        s = cls.__new__(cls)
        s._attach(game, handle)
        return s

    @property
    def _h(self):
        cell = self.__dict__.get("_cell")
        return cell[0] if cell is not None else None

    def close(self):
        cell = self.__dict__.get("_cell")
        if cell is not None:
            self._game._release(cell)

    @property
    def game(self):
        return self._game

    # -------------------------------------------------------- actions

    def legal_actions(self, as_numpy=False):
        """The legal action ids, ascending: a list, or with as_numpy=True
        a numpy.int32 array (ImportError when NumPy is not installed)."""
        h = self._handle
        if as_numpy:
            if _np is None:
                raise ImportError("legal_actions(as_numpy=True) needs NumPy")
            arr = _np.empty(max(self._game.max_legal_actions, 1), _np.int32)
            _check(lib.mg_state_legal_actions(
                h, arr.ctypes.data_as(_P(c_int32)), arr.size,
                byref(self._count)))
            return arr[:self._count.value].copy()
        _check(lib.mg_state_legal_actions(h, self._buf, len(self._buf),
                                          byref(self._count)))
        return self._buf[:self._count.value]

    # ---------------------------------------------------- the position

    def site(self, index):
        """Who holds site `index`: NOBODY, 0, 1 or NEUTRAL."""
        return _check(lib.mg_state_site(self._handle, index))

    def sites(self, as_numpy=False):
        """mg_state_sites: one value per site, as site() gives it; a list,
        or with as_numpy=True a numpy.int8 array."""
        n = self._game.num_sites
        count = c_size_t()
        if as_numpy:
            if _np is None:
                raise ImportError("sites(as_numpy=True) needs NumPy")
            arr = _np.empty(n, _np.int8)
            _check(lib.mg_state_sites(self._handle,
                                      arr.ctypes.data_as(_P(c_int8)), n,
                                      byref(count)))
            return arr
        buf = (c_int8 * n)()
        _check(lib.mg_state_sites(self._handle, buf, n, byref(count)))
        return list(buf)

    def observation(self, player, as_numpy=None):
        """The position from `player`'s view as planes x sites floats: a
        numpy.float32 array of shape (planes, sites) when NumPy is
        installed (or as_numpy=True), else a list of lists."""
        planes, n = self._game.observation_shape
        count = c_size_t()
        use_np = _np is not None if as_numpy is None else as_numpy
        if use_np:
            if _np is None:
                raise ImportError("observation(as_numpy=True) needs NumPy")
            arr = _np.empty((planes, n), _np.float32)
            _check(lib.mg_state_observation(
                self._handle, player, arr.ctypes.data_as(_P(c_float)),
                arr.size, byref(count)))
            return arr
        buf = (c_float * (planes * n))()
        _check(lib.mg_state_observation(self._handle, player, buf,
                                        planes * n, byref(count)))
        return [list(buf[p * n:(p + 1) * n]) for p in range(planes)]

    def is_legal(self, action):
        if isinstance(action, (str, bytes)):
            try:
                action = self.action_from_string(action)
            except (NotationError, OutOfRangeError):
                return False
        return bool(_check(lib.mg_state_is_legal(self._handle, action)))

    def apply(self, action):
        """Play an action id or its notation ("a1-b1"); returns the id."""
        if isinstance(action, (str, bytes)):
            action = self.action_from_string(action)
        _check(lib.mg_state_apply(self._handle, action))
        return action

    def undo(self):
        """Take back the last action (NothingToUndoError at the start)."""
        _check(lib.mg_state_undo(self._handle))

    def action_to_string(self, action):
        return _get_string(lib.mg_state_action_to_string, self._handle,
                           action)

    def action_from_string(self, text):
        a, err = c_int32(), _errbuf()
        _check(lib.mg_state_action_from_string(self._handle, _text(text),
                                               byref(a), err, len(err)), err)
        return a.value

    def playout(self, seed=0, max_actions=-1):
        """Uniformly random actions to the end (or max_actions); returns
        how many were applied.  Deterministic for a seed."""
        return _check(lib.mg_state_playout(self._handle, seed, max_actions))

    # ---------------------------------------------------------- queries

    @property
    def current_player(self):
        """0 or 1, or NOBODY (-1) when the game is over."""
        return _check(lib.mg_state_current_player(self._handle))

    @property
    def is_terminal(self):
        return bool(_check(lib.mg_state_is_terminal(self._handle)))

    @property
    def winner(self):
        """0, 1, DRAW (2), or NOBODY (-1) while the game goes on."""
        return _check(lib.mg_state_winner(self._handle))

    def score(self, player):
        out = c_int32()
        _check(lib.mg_state_score(self._handle, player, byref(out)))
        return out.value

    def scores(self):
        return self.score(0), self.score(1)

    def groups(self, player):
        """Group sizes of player, descending (UnsupportedError in games
        without groups)."""
        return _get_ints(lib.mg_state_groups, self._handle, player)

    @property
    def hash(self):
        """64-bit Zobrist hash of the position."""
        return lib.mg_state_hash(self._handle)

    @property
    def history(self):
        """The actions played since the start, oldest first."""
        return _get_ints(lib.mg_state_history, self._handle, cap=256)

    def render(self, svg=False):
        """The position as text, or an SVG document with svg=True."""
        return _get_string(lib.mg_state_render, self._handle,
                           RENDER_SVG if svg else RENDER_TEXT)

    __str__ = render

    def save(self):
        """The game record (text), accepted by State.load()."""
        return _get_string(lib.mg_state_save, self._handle)

    @classmethod
    def load(cls, record):
        """A state replayed from a record, with a new Game of its own
        (state.game)."""
        s, g, err = c_void_p(), c_void_p(), _errbuf()
        _check(lib.mg_state_load(byref(s), byref(g), _text(record), err,
                                 len(err)), err)
        return cls._wrap(Game._from_handle(g.value), s.value)

    # ---------------------------------------------------------- copies

    def clone(self):
        """A new, independent State: same game, position and history."""
        h = c_void_p()
        _check(lib.mg_state_clone(byref(h), self._handle))
        return State._wrap(self._game, h.value)

    copy = clone
    __copy__ = clone

    def copy_from(self, other):
        """Make this state an exact copy of other (no allocation when both
        are of the same game); it then belongs to other's game."""
        _check(lib.mg_state_copy(self._handle, other._handle))
        if other._game is not self._game:
            old, cell = self._game, self._cell
            with old._lock:
                old._states.pop(id(cell), None)
            h = cell[0]
            cell[0] = None
            self._attach(other._game, h)

    def __repr__(self):
        if self._h is None:
            return "<mindgames.State closed>"
        return "<mindgames.State %s, %d actions, player %d>" % (
            self._game.id, len(self.history), self.current_player)

# ------------------------------------------------------------------ bots


class Bot(_Handle):
    """A computer player from a spec ("random", "greedy",
    "mcts(iterations=1000)"), deterministic for its seed."""

    _kind = "bot"

    def __init__(self, spec="random", seed=0):
        h, err = c_void_p(), _errbuf()
        _check(lib.mg_bot_new(byref(h), _text(spec), seed, err, len(err)),
               err)
        self._game = None
        self._h = h.value

    @property
    def spec(self):
        """The canonical spec, every option shown."""
        return _get_string(lib.mg_bot_spec, self._handle)

    def choose(self, state):
        """A legal action id for the player to move in state (unchanged).
        GameOverError when the game is over."""
        h = self._handle
        game = state._game
        if game is not self._game:
            game._handle  # not a closed game
            old, self._game = self._game, game
            game._pin()
            if old is not None:
                old._unpin()
        a = c_int32()
        _check(lib.mg_bot_choose(h, state._handle, byref(a)))
        return a.value

    def close(self):
        h, self._h = self._h, None
        if h is not None:
            lib.mg_bot_free(h)
        old, self._game = getattr(self, "_game", None), None
        if old is not None and h is not None:
            old._unpin()

    def __repr__(self):
        if self._h is None:
            return "<mindgames.Bot closed>"
        return "<mindgames.Bot %s>" % self.spec
