"""Games: :class:`Game` and the :class:`Site` of its position."""
from __future__ import annotations

import re
import threading
from ctypes import byref, c_double, c_float, c_int32, c_void_p
from typing import (TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional,
                    Tuple, Union, overload)

from . import _args, _arrays
from ._base import Closable, resolved
from ._ffi import F, check, errbuf, error, get_ints, get_string, out_handle
from .board import Board
from .constants import SiteKind

if TYPE_CHECKING:  # pragma: no cover
    from typing import Literal

    import numpy
    from numpy.typing import NDArray

    from .options import Option
    from .state import State

__all__ = ["Game", "Site", "game_ids"]


def game_ids() -> List[str]:
    """The registered game ids: ``["dots_and_boxes", "china_squares",
    ...]``."""
    return [F.mg_game_id_at(i).decode("ascii")
            for i in range(F.mg_game_count())]


@resolved
class Site(NamedTuple):
    """One site of a game's board (``Game.site()``, since 1.3).

    ``number``: its index (site order is documented per game in
    mindgames-games(7)); ``name``: the notation of the action on it
    (``"c5"``, ``"a1-b1"``; a box ``"a1-b1-a2-b2"``); ``kind``: a
    :class:`SiteKind`; ``x``, ``y``: its centre in the plane of the SVG
    (x right, y down, neighbouring dots, cells or points 1 apart);
    ``neighbors``: the adjacent sites, ascending.
    """

    number: int
    name: str
    kind: SiteKind
    x: float
    y: float
    neighbors: Tuple[int, ...]


_BOARD_KEY = re.compile(r"[(,]board=")


class Game(Closable):
    """A game and its options: immutable, shareable between threads.

    ``Game("dots_and_boxes(rows=3,cols=3)")`` parses a spec (``id`` or
    ``id(key=value,...)``, case-insensitive, defaults for omitted keys);
    ``Game.with_board(spec, board)`` plays a China game on any
    :class:`Board`.  Play on it through :meth:`new_state`.

    Properties (cheap, no arguments): ``id``, ``spec``, ``num_actions``,
    ``max_legal_actions``, ``board``, and for the position (1.3)
    ``num_sites``, ``observation_shape``, ``observation_planes``,
    ``num_symmetries``.  Methods do work or take arguments: ``site()``,
    ``sites()``, ``action_sites()``, the symmetries.

    Games compare equal when their spec and board are equal (a bot treats
    such games as one), and pickle through their spec (and board).
    Closing a game closes its states first.
    """

    __slots__ = ("_h", "_lock", "_states", "_spec", "_id", "_num_actions",
                 "_max_legal", "_cache", "__weakref__")

    _h: Optional[int]
    _lock: threading.Lock
    _states: Dict[int, List[Optional[int]]]
    _cache: Dict[str, Any]
    _spec: str
    _id: str
    _num_actions: int
    _max_legal: int

    def __init__(self, spec: _args.Text,
                 board: Optional[Board] = None) -> None:
        """Create the game of ``spec`` (str or bytes), on ``board`` when
        one is given (see :meth:`with_board`).  Raises UnknownGameError,
        OptionError, OptionValueError or NotationError with the library's
        message naming the offending part."""
        data = _args.text(spec, "spec")
        if board is not None and not isinstance(board, Board):
            raise TypeError("board must be a mindgames.Board, not %s"
                            % type(board).__name__)
        h, err = c_void_p(), errbuf()
        if board is None:
            rc = F.mg_game_new(byref(h), data, err, len(err))
        else:
            rc = F.mg_game_new_with_board(byref(h), data, board._handle(),
                                          err, len(err))
        if rc:
            raise error(rc, err)
        self._adopt(out_handle(h))

    def _adopt(self, handle: int) -> None:
        self._h = handle
        self._lock = threading.Lock()
        self._states = {}
        self._cache = {}
        try:
            self._spec = get_string(F.mg_game_spec, handle)
        except BaseException:
            self._h = None
            F.mg_game_free(handle)
            raise
        self._id = F.mg_game_id(handle).decode("ascii")
        self._num_actions = check(F.mg_game_num_actions(handle))
        self._max_legal = check(F.mg_game_max_legal_actions(handle))

    @classmethod
    def _from_handle(cls, handle: int) -> "Game":
        g = cls.__new__(cls)
        g._adopt(handle)
        return g

    @classmethod
    def with_board(cls, spec: _args.Text, board: Board) -> "Game":
        """A China game played on ``board`` instead of the board of the
        spec's seed; the spec must not name ``board``.  The game keeps its
        own copy: ``board`` may be closed at once.  Raises MismatchError
        for a board of the other kind, UnsupportedError for a game without
        a board."""
        if not isinstance(board, Board):
            raise TypeError("board must be a mindgames.Board, not %s"
                            % type(board).__name__)
        return cls(spec, board)

    # ------------------------------------------------------------ life

    def _handle(self) -> int:
        h = self._h
        if h is None:
            raise self._closed_error()
        return h

    # Every state handle is freed through its game (a cell [handle] kept
    # here), so the game is freed after its states whatever order Python
    # collects them in, cycles included.

    def _register(self, handle: int) -> List[Optional[int]]:
        cell: List[Optional[int]] = [handle]
        with self._lock:
            self._states[id(cell)] = cell
        return cell

    def _unregister(self, cell: List[Optional[int]]) -> bool:
        with self._lock:
            return self._states.pop(id(cell), None) is cell

    def _release(self, cell: List[Optional[int]]) -> None:
        mine = self._unregister(cell)
        h, cell[0] = cell[0], None
        if mine and h is not None:
            F.mg_state_free(h)

    @property
    def closed(self) -> bool:
        """Whether the game is closed."""
        return getattr(self, "_h", None) is None

    def close(self) -> None:
        """Close every state of the game, then free it."""
        h = getattr(self, "_h", None)
        if h is None:
            return
        with self._lock:
            cells = list(self._states.values())
        for cell in cells:
            self._release(cell)
        self._h = None   # a borrowed Board sees it and refuses service
        F.mg_game_free(h)

    def new_state(self) -> "State":
        """A new :class:`State` at the start of this game."""
        from .state import State
        return State(self)

    # ------------------------------------------------------- the game

    @property
    def id(self) -> str:
        """The game's id, e.g. ``"dots_and_boxes"``."""
        self._handle()
        return self._id

    @property
    def spec(self) -> str:
        """The canonical spec: the id and every option that applies, in a
        fixed order, lower case (``Game(game.spec)`` is the same game)."""
        self._handle()
        return self._spec

    @property
    def num_actions(self) -> int:
        """The number of action ids: every action is in 0 .. n-1."""
        self._handle()
        return self._num_actions

    @property
    def max_legal_actions(self) -> int:
        """An upper bound on the number of actions legal in any state:
        an ``out`` array of this size always holds ``legal_actions()``."""
        self._handle()
        return self._max_legal

    @property
    def board(self) -> Optional[Board]:
        """The board the game is played on (borrowed: closed with the
        game), or None for a game without one."""
        h = self._handle()
        cached = self._cache.get("board", False)
        if cached is False or (cached is not None and cached._h is None):
            # first time, or the caller closed (detached) the last one
            b = F.mg_game_board(h)
            self._cache["board"] = Board._wrap(b, owner=self) if b else None
        board: Optional[Board] = self._cache["board"]
        return board

    # --------------------------------------------- the position (1.3)

    def _cached(self, key: str, make: Any) -> Any:
        h = self._handle()
        value = self._cache.get(key)
        if value is None:
            value = self._cache[key] = make(h)
        return value

    @property
    def num_sites(self) -> int:
        """The number of sites (UnsupportedError in a game that does not
        describe its position yet)."""
        return self._cached("num_sites",  # type: ignore[no-any-return]
                            lambda h: check(F.mg_game_num_sites(h)))

    @property
    def observation_shape(self) -> Tuple[int, int]:
        """(planes, sites) of :meth:`State.observation`."""
        def make(h: int) -> Tuple[int, int]:
            p, n = c_int32(), c_int32()
            check(F.mg_game_observation_shape(h, byref(p), byref(n)))
            return (p.value, n.value)
        return self._cached("obs_shape", make)  # type: ignore[no-any-return]

    @property
    def observation_planes(self) -> Tuple[str, ...]:
        """The names of the observation planes, in order (``"own"``,
        ``"opponent"``, ``"empty"``, ...; see mindgames-games(7))."""
        planes = self.observation_shape[0]
        return self._cached(  # type: ignore[no-any-return]
            "obs_planes", lambda h: tuple(
                F.mg_game_observation_plane(h, i).decode("ascii")
                for i in range(planes)))

    def observation_bounds(self) -> Tuple[Tuple[float, float], ...]:
        """The least and greatest value of each observation plane, as
        ``(lo, hi)`` per plane: (0.0, 1.0) for flags and fractions, wider
        for counting planes (China's ``to_place``, Fangqi's ``pending``,
        chain sizes), exact or a safe bound (mindgames-games(7); 1.5)."""
        planes = self.observation_shape[0]

        def make(h: int) -> Tuple[Tuple[float, float], ...]:
            lo, hi = c_float(), c_float()
            out = []
            for i in range(planes):
                check(F.mg_game_observation_bounds(h, i, byref(lo),
                                                   byref(hi)))
                out.append((lo.value, hi.value))
            return tuple(out)
        return self._cached("obs_bounds", make)  # type: ignore[no-any-return]

    @property
    def max_length(self) -> int:
        """The most actions one game can last, 0 when the rules set no
        bound (1.5)."""
        return check(F.mg_game_max_length(self._handle()))

    @property
    def num_symmetries(self) -> int:
        """The number of symmetries of the board that keep the rules
        (symmetry 0 is the identity; 1 when only it does)."""
        return self._cached(  # type: ignore[no-any-return]
            "num_syms", lambda h: check(F.mg_game_num_symmetries(h)))

    # ids checked here, so that OutOfRangeError names the range
    def _action(self, action: Any) -> int:
        return _args.id_below(action, "action", self._num_actions,
                              "action ids")

    def _site(self, site: Any) -> int:
        return _args.id_below(site, "site", self.num_sites, "sites")

    def _symmetry(self, sym: Any) -> int:
        return _args.id_below(sym, "symmetry", self.num_symmetries,
                              "symmetries")

    def site(self, index: int) -> Site:
        """Site ``index``: ``Site(number, name, kind, x, y, neighbors)``."""
        h = self._handle()
        i = self._site(index)
        kind = SiteKind(check(F.mg_game_site_kind(h, i)))
        x, y = c_double(), c_double()
        check(F.mg_game_site_position(h, i, byref(x), byref(y)))
        return Site(i, get_string(F.mg_game_site_name, h, i), kind,
                    x.value, y.value,
                    tuple(get_ints(F.mg_game_site_neighbors, h, i, cap=8)))

    def sites(self) -> Tuple[Site, ...]:
        """Every :class:`Site`, in site order (computed once)."""
        n = self.num_sites
        return self._cached(  # type: ignore[no-any-return]
            "sites", lambda h: tuple(self.site(i) for i in range(n)))

    def action_sites(self, action: int) -> Tuple[Optional[int],
                                                 Optional[int]]:
        """The sites an action concerns, ``(from, to)``, None where there
        is none: a placement ``(None, site)``, a step ``(from, to)``, a
        removal ``(site, None)``, swap and done ``(None, None)``."""
        h = self._handle()
        a = self._action(action)
        f, t = c_int32(), c_int32()
        check(F.mg_game_action_sites(h, a, byref(f), byref(t)))
        return (f.value if f.value >= 0 else None,
                t.value if t.value >= 0 else None)

    def symmetry_site(self, sym: int, site: int) -> int:
        """The image of ``site`` under symmetry ``sym``."""
        h = self._handle()
        out = c_int32()
        check(F.mg_game_symmetry_site(h, self._symmetry(sym),
                                      self._site(site), byref(out)))
        return out.value

    def symmetry_action(self, sym: int, action: int) -> int:
        """The image of ``action`` under symmetry ``sym``: legal in the
        image position exactly when ``action`` is legal in the position."""
        h = self._handle()
        out = c_int32()
        check(F.mg_game_symmetry_action(h, self._symmetry(sym),
                                        self._action(action), byref(out)))
        return out.value

    def _table(self, key: str, fn: Any, width: int) -> Tuple[Tuple[int, ...],
                                                           ...]:
        def make(h: int) -> Tuple[Tuple[int, ...], ...]:
            out = c_int32()
            rows = []
            for k in range(check(F.mg_game_num_symmetries(h))):
                row = []
                for i in range(width):
                    check(fn(h, k, i, byref(out)))
                    row.append(out.value)
                rows.append(tuple(row))
            return tuple(rows)
        return self._cached(key, make)  # type: ignore[no-any-return]

    @overload
    def site_symmetries(self, as_numpy: "Literal[False]" = ...) -> List[
            List[int]]: ...

    @overload
    def site_symmetries(self, as_numpy: "Literal[True]") -> NDArray[numpy.int32]:
        ...

    def site_symmetries(self, as_numpy: bool = False) -> Union[
            List[List[int]], NDArray[numpy.int32]]:
        """Every symmetry's site map: ``table[sym][site]`` is the image of
        ``site``; a list of lists, or with ``as_numpy=True`` an int32
        array of shape (num_symmetries, num_sites).  If ``obs`` is an
        observation, ``obs[:, inverse]`` with ``inverse[table[k]] =
        arange(num_sites)`` is the observation of the image position."""
        table = self._table("sym_sites", F.mg_game_symmetry_site,
                            self.num_sites)
        if as_numpy:
            np = _arrays.need_numpy("site_symmetries(as_numpy=True)")
            arr: NDArray[numpy.int32] = np.array(table, dtype=np.int32)
            return arr.reshape(len(table), self.num_sites)
        return [list(row) for row in table]

    @overload
    def action_symmetries(self, as_numpy: "Literal[False]" = ...) -> List[
            List[int]]: ...

    @overload
    def action_symmetries(self, as_numpy: "Literal[True]") -> NDArray[numpy.int32]:
        ...

    def action_symmetries(self, as_numpy: bool = False) -> Union[
            List[List[int]], NDArray[numpy.int32]]:
        """Every symmetry's action map: ``table[sym][action]`` is the
        image of ``action``; a list of lists, or with ``as_numpy=True`` an
        int32 array of shape (num_symmetries, num_actions)."""
        table = self._table("sym_actions", F.mg_game_symmetry_action,
                            self.num_actions)
        if as_numpy:
            np = _arrays.need_numpy("action_symmetries(as_numpy=True)")
            arr: NDArray[numpy.int32] = np.array(table, dtype=np.int32)
            return arr.reshape(len(table), self.num_actions)
        return [list(row) for row in table]

    def options(self) -> Tuple["Option", ...]:
        """The game's options as its spec sets them (see
        :func:`game_options`; since 1.4)."""
        from .options import game_options
        return game_options(self.spec)

    # ----------------------------------------------------------- Python

    def _board_text(self) -> Optional[str]:
        """The board's text when the spec does not say it (a game made
        with_board, or loaded from a record that carried its board)."""
        board = self.board
        if board is None or _BOARD_KEY.search(self._spec):
            return None
        return board.format()

    def _key(self) -> Tuple[str, Optional[str]]:
        key: Optional[Tuple[str, Optional[str]]] = self._cache.get("key")
        if key is None:
            key = self._cache["key"] = (self.spec, self._board_text())
        return key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> "Game":
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        """A game is immutable: its copies (``copy.copy``,
        ``copy.deepcopy``, of a state or of anything holding one) are the
        game itself."""
        return self

    def __reduce__(self) -> Tuple[Any, ...]:
        spec, board = self._key()
        return (_restore_game, (spec, board))

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.Game closed>"
        board = self._board_text() is not None
        return "<mindgames.Game %s%s>" % (
            self._spec, " on a board of its own (fingerprint %016x)"
            % self.board.fingerprint if board and self.board else "")


def _restore_game(spec: str, board: Optional[str]) -> Game:
    """Unpickle a Game: from its spec, on its board when it has its own."""
    if board is None:
        return Game(spec)
    with Board.parse(board) as b:
        return Game.with_board(spec, b)
