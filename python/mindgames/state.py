"""Positions: :class:`State`."""
from __future__ import annotations

from ctypes import (byref, c_float, c_int8, c_int32, c_size_t, c_uint8, c_void_p,
                    create_string_buffer)
from typing import (TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union,
                    overload)

from . import _args, _arrays
from ._base import Closable
from ._ffi import F, check, errbuf, error, get_string, out_handle
from .constants import RENDER_SVG, RENDER_TEXT, ErrorCode
from .errors import (ClosedError, InvalidArgumentError, MindgamesError,
                     MismatchError, NotationError, OutOfRangeError,
                     UnsupportedError, error_class)
from .game import Game

if TYPE_CHECKING:  # pragma: no cover
    from typing import Literal

    import numpy
    from numpy.typing import NDArray

__all__ = ["State"]

Action = Union[int, str, bytes]

# The hot calls, bound once.
_apply = F.mg_state_apply
_undo = F.mg_state_undo
_legal = F.mg_state_legal_actions
_is_legal = F.mg_state_is_legal
_player = F.mg_state_current_player
_terminal = F.mg_state_is_terminal
_I32_MIN, _I32_MAX = _args.I32_MIN, _args.I32_MAX


class State(Closable):
    """A position of a game with its full history; one thread at a time
    (any number of states per game, each on its own thread).

    ``State(game)`` or ``game.new_state()`` starts a game;
    :meth:`State.load` replays a record.  Actions are ids (``0 ..
    game.num_actions-1``) or notation (``"a1-b1"``), wherever one is taken.

    Properties (cheap, no arguments): ``game``, ``current_player``,
    ``is_terminal``, ``winner``, ``scores``, ``hash``.  Methods do work or
    take arguments: ``legal_actions()``, ``apply()``, ``undo()``,
    ``history()``, ``observation()``, ``render()``, ``save()``, ...
    Why an action is refused: ``illegal_reason()`` (also the message of
    the error ``apply()`` raises); why the game ended: ``end_reason()``.

    A state keeps its game alive; closing the game closes the state.
    States pickle through their record (and their game through its spec),
    so ``multiprocessing`` can pass them; ``copy.copy`` and ``copy.deepcopy``
    are :meth:`clone` (the copy shares the game).
    """

    __slots__ = ("_cell", "_game", "_buf", "_cap", "_count", "__weakref__")

    _cell: List[Optional[int]]
    _game: Game

    def __init__(self, game: Game) -> None:
        """A new state at the start of ``game``."""
        if not isinstance(game, Game):
            raise TypeError("game must be a mindgames.Game, not %s"
                            % type(game).__name__)
        h = c_void_p()
        check(F.mg_state_new(byref(h), game._handle()))
        self._attach(game, out_handle(h))

    def _attach(self, game: Game, handle: int) -> None:
        self._game = game
        self._cell = game._register(handle)
        self._cap = max(game._max_legal, 1)
        self._buf = (c_int32 * self._cap)()
        self._count = c_size_t()

    @classmethod
    def _wrap(cls, game: Game, handle: int) -> "State":
        s = cls.__new__(cls)
        s._attach(game, handle)
        return s

    def _handle(self) -> int:
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        return h

    def _closed_error(self) -> ClosedError:
        if self._game._h is None:
            return ClosedError(ErrorCode.EINVAL,
                               "this State's Game is closed (closing a game "
                               "closes its states)")
        return ClosedError(ErrorCode.EINVAL, "this State is closed")

    @property
    def closed(self) -> bool:
        """Whether the state is closed (or its game is)."""
        cell = getattr(self, "_cell", None)
        return cell is None or cell[0] is None

    def close(self) -> None:
        """Free the state now."""
        cell = getattr(self, "_cell", None)
        if cell is not None and cell[0] is not None:
            self._game._release(cell)

    @property
    def game(self) -> Game:
        """The :class:`Game` this state belongs to."""
        return self._game

    # -------------------------------------------------------- actions

    @overload
    def legal_actions(self, out: None = ...,
                      as_numpy: "Literal[False]" = ...) -> List[int]: ...

    @overload
    def legal_actions(self, out: NDArray[numpy.int32],
                      as_numpy: bool = ...) -> NDArray[numpy.int32]: ...

    @overload
    def legal_actions(self, out: None = ..., *,
                      as_numpy: "Literal[True]") -> NDArray[numpy.int32]: ...

    def legal_actions(self, out: Optional[NDArray[numpy.int32]] = None,
                      as_numpy: bool = False) -> Union[List[int],
                                                       NDArray[numpy.int32]]:
        """The legal action ids, ascending (none when the game is over).

        A list; with ``as_numpy=True`` a new int32 array; with ``out`` (a
        NumPy int32 array, ``game.max_legal_actions`` long always
        suffices) the ids are written into ``out`` and ``out[:count]`` (a
        view) is returned."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        if out is None and not as_numpy:
            rc = _legal(h, self._buf, self._cap, self._count)
            if rc:
                raise error(rc)
            return self._buf[:self._count.value]
        if out is None:
            np = _arrays.need_numpy("legal_actions(as_numpy=True)")
            rc = _legal(h, self._buf, self._cap, self._count)
            if rc:
                raise error(rc)
            ids: NDArray[numpy.int32] = np.array(self._buf[:self._count.value],
                                                 dtype=np.int32)
            return ids
        buf = _arrays.wrap_out(out, "int32", c_int32, "legal_actions")
        rc = _legal(h, buf, out.size, self._count)
        if rc == ErrorCode.ENOBUFS:
            raise ValueError(
                "legal_actions: out holds %d ids and the position has %d "
                "legal actions (game.max_legal_actions = %d always suffices)"
                % (out.size, self._count.value, self._game._max_legal))
        if rc:
            raise error(rc)
        return out[:self._count.value]

    def legal_mask(self, out: Any = None) -> Any:
        """The legal actions as one byte per action id (1 legal, 0 not;
        all 0 once the game is over; 1.5): a new NumPy uint8 array when
        NumPy is there, else ``bytes``; with ``out`` (a NumPy uint8 array
        of ``game.num_actions`` elements) written into ``out``, which is
        returned."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        n = self._game._num_actions
        if out is not None:
            buf = _arrays.wrap_out(out, "uint8", c_uint8, "legal_mask", n)
            check(F.mg_state_legal_mask(h, buf, n))
            return out
        np = _arrays.numpy_or_none()
        if np is not None:
            arr = np.empty(n, dtype=np.uint8)
            check(F.mg_state_legal_mask(h, _arrays.as_ctypes_buffer(
                arr, c_uint8), n))
            return arr
        raw = (c_uint8 * n)()
        check(F.mg_state_legal_mask(h, raw, n))
        return bytes(raw)

    def is_legal(self, action: Action) -> bool:
        """Whether an action (id or notation) is legal now: False for ids
        out of range (even beyond int32_t) and for notation that is
        malformed, names no action or holds a NUL byte."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        if action.__class__ is not int:
            if isinstance(action, (str, bytes, bytearray)):
                try:
                    action = self.action_from_string(action)
                except (NotationError, OutOfRangeError,
                        InvalidArgumentError):  # malformed, none, a NUL
                    return False
            else:
                action = _args.index(action, "action")
        if not _I32_MIN <= action <= _I32_MAX:  # type: ignore[operator]
            return False
        return bool(check(_is_legal(h, action)))

    def apply(self, action: Action) -> int:
        """Play an action (id or notation) for the player to move; returns
        its id.  IllegalActionError, GameOverError, OutOfRangeError (an id
        out of range, even beyond int32_t: the message names the range),
        NotationError, TypeError (not an integer or text; a bool); on
        error the state is unchanged.  The first three carry ``.action``
        (the id) and ``.reason``, the message: :meth:`illegal_reason`'s
        line, e.g. ``"a1-b1: that line is already drawn (rules
        3.2.1)"``."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        if action.__class__ is not int:
            if isinstance(action, (str, bytes, bytearray)):
                action = self.action_from_string(action)
            else:
                action = _args.index(action, "action")
        if not _I32_MIN <= action <= _I32_MAX:  # type: ignore[operator]
            raise self._refusal(h, action, ErrorCode.ERANGE)  # type: ignore
        rc = _apply(h, action)
        if rc:
            raise self._refusal(h, action, rc)  # type: ignore[arg-type]
        return action  # type: ignore[return-value]

    def _range_error(self, action: int) -> OutOfRangeError:
        return _args.range_error("action", action, self._game._num_actions,
                                 "action ids")

    def _reason(self, h: int, action: int) -> Tuple[int, str]:
        """(code, line) of mg_state_illegal_reason for an int32_t id; the
        binding's line naming the range for an id out of range."""
        if not 0 <= action < self._game._num_actions:
            return ErrorCode.ERANGE, self._range_error(action).message
        need = c_size_t()
        buf = create_string_buffer(256)
        rc = F.mg_state_illegal_reason(h, action, buf, 256, need)
        if rc == ErrorCode.ENOBUFS:
            buf = create_string_buffer(need.value)
            rc = F.mg_state_illegal_reason(h, action, buf, need.value, need)
        if rc < 0 and rc not in (ErrorCode.EILLEGAL, ErrorCode.EOVER,
                                 ErrorCode.ERANGE):
            raise error(rc)
        return rc, buf.value.decode("utf-8", "replace")

    def _refusal(self, h: int, action: int, rc: int) -> MindgamesError:
        """The error of apply(action) refused with rc: the reason as the
        message, .action and .reason set."""
        if rc == ErrorCode.ERANGE:
            line = self._range_error(action).message
        elif rc in (ErrorCode.EILLEGAL, ErrorCode.EOVER):
            try:
                line = self._reason(h, action)[1]
            except UnsupportedError:  # a library older than 1.5
                return error(rc)
        else:
            return error(rc)
        return error_class(rc)(rc, line, action=action, reason=line)

    def _error(self, rc: int, doing: str) -> MindgamesError:
        """The error of a call about this state that failed with rc, in a
        sentence: GameOverError with end_reason() as .reason,
        NothingToUndoError saying where the state is; else error(rc)."""
        if rc == ErrorCode.EOVER:
            try:
                end = self.end_reason()
            except UnsupportedError:  # a library older than 1.5
                end = None
            if end is not None:
                return error_class(rc)(rc, "cannot %s: the game is over: %s"
                                       % (doing, end), reason=end)
        if rc == ErrorCode.EEMPTY:
            return error_class(rc)(rc, "nothing to undo: the state is at "
                                   "the start of the game")
        return error(rc)

    def illegal_reason(self, action: Action) -> str:
        """Why ``action`` (id or notation) may not be played now: one line
        of plain ASCII, the action in notation, the rule it breaks and
        the section of the rules reference that states it, e.g. ``"a1-b1:
        that line is already drawn (rules 3.2.1)"``; ``""`` when the
        action is legal.  Once the game is over: ``"<action>: the game is
        over: <end_reason()>"``; for an id out of range (even beyond
        int32_t) or notation naming no action, a line naming the range.
        The same text as the message of the error :meth:`apply` raises.
        NotationError for malformed notation, TypeError for a
        non-integer (a bool too).  Since 1.5 (UnsupportedError with an
        older library)."""
        h = self._handle()
        if action.__class__ is not int:
            if isinstance(action, (str, bytes, bytearray)):
                try:
                    action = self.action_from_string(action)
                except OutOfRangeError as e:  # names no action of the game
                    return e.message
            else:
                action = _args.index(action, "action")
        return self._reason(h, action)[1]  # type: ignore[arg-type]

    def end_reason(self) -> Optional[str]:
        """Why the game is over, as one line of plain ASCII: what ended it,
        the result with the scores that decided it, and the rules
        section, e.g. ``"every line is drawn; draw, 8 boxes each (rules
        3.2.3)"``; None while the game goes on.  Since 1.5
        (UnsupportedError with an older library)."""
        h = self._handle()
        need = c_size_t()
        buf = create_string_buffer(256)
        rc = F.mg_state_end_reason(h, buf, 256, need)
        if rc == ErrorCode.ENOBUFS:
            buf = create_string_buffer(need.value)
            rc = F.mg_state_end_reason(h, buf, need.value, need)
        if rc == ErrorCode.EINVAL:  # the game goes on
            return None
        check(rc)
        return buf.value.decode("utf-8", "replace")

    def undo(self) -> None:
        """Take back the last action, any depth back to the start
        (NothingToUndoError there)."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        rc = _undo(h)
        if rc:
            raise self._error(rc, "undo")

    def playout(self, seed: int = 0, max_actions: Optional[int] = None) -> int:
        """Play uniformly random legal actions until the game ends or
        ``max_actions`` have been played (None: no limit); returns how
        many were played (they can be undone).  Deterministic for a seed
        (0 .. 2**64-1), a game and a library version."""
        h = self._handle()
        s = _args.seed(seed)
        limit = -1 if max_actions is None else _args.quantity(
            max_actions, "max_actions")
        return check(F.mg_state_playout(h, s, limit))

    def playout_result(self, seed: int = 0,
                       max_actions: Optional[int] = -1
                       ) -> Tuple[int, int, Tuple[int, int]]:
        """The result of a uniformly random playout, the state left as it
        was (no history is kept, so it is faster than :meth:`playout`):
        ``(actions, winner, (score0, score1))``, the number of actions
        played, the winner where the playout stopped (0, 1, DRAW, or
        NOBODY when ``max_actions`` stopped it before the end) and both
        seats' scores there.  ``max_actions`` None or negative: no limit.
        From a finished game: ``(0, its winner, its scores)``.
        Deterministic for a seed (0 .. 2**64-1), a game and a library
        version; not necessarily the sequence :meth:`playout` plays."""
        h = self._handle()
        s = _args.seed(seed)
        limit = -1 if max_actions is None else _args.quantity(
            max_actions, "max_actions")
        if limit < 0:
            limit = -1
        winner = c_int32()
        scores = (c_int32 * 2)()
        n = check(F.mg_state_playout_result(h, s, limit, byref(winner),
                                            scores))
        return n, winner.value, (scores[0], scores[1])

    def history(self) -> List[int]:
        """The action ids played since the start, oldest first."""
        h = self._handle()
        count = c_size_t()
        rc = F.mg_state_history(h, None, 0, count)
        if rc == ErrorCode.OK:
            return []
        if rc != ErrorCode.ENOBUFS:
            raise error(rc)
        n = count.value
        buf = (c_int32 * n)()
        check(F.mg_state_history(h, buf, n, count))
        return buf[:count.value]

    def action_to_string(self, action: int) -> str:
        """The notation of an action id (legal now or not)."""
        h = self._handle()
        return get_string(F.mg_state_action_to_string, h, _args.id_below(
            action, "action", self._game._num_actions, "action ids"))

    def action_from_string(self, text: _args.Text) -> int:
        """The id of an action in notation (case-insensitive), legal now
        or not: NotationError when malformed, OutOfRangeError when it
        names no action of the game."""
        h = self._handle()
        data = _args.text(text, "notation")
        a, err = c_int32(), errbuf()
        rc = F.mg_state_action_from_string(h, data, byref(a), err, len(err))
        if rc:
            raise error(rc, err)
        return a.value

    # --------------------------------------------------------- queries

    @property
    def current_player(self) -> int:
        """The seat to act next, 0 or 1; NOBODY (-1) when the game is
        over."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        return check(_player(h))

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        h = self._cell[0]
        if h is None:
            raise self._closed_error()
        return bool(check(_terminal(h)))

    @property
    def winner(self) -> int:
        """0 or 1 for the winning seat, DRAW (2), or NOBODY (-1) while the
        game goes on."""
        return check(F.mg_state_winner(self._handle()))

    def score(self, player: int) -> int:
        """The game's headline score of ``player`` (0 or 1): boxes in Dots
        and Boxes, the game's own count elsewhere (rules §0)."""
        h = self._handle()
        out = c_int32()
        check(F.mg_state_score(h, _args.player(player), byref(out)))
        return out.value

    @property
    def scores(self) -> Tuple[int, int]:
        """(score of seat 0, score of seat 1)."""
        return self.score(0), self.score(1)

    def groups(self, player: int) -> List[int]:
        """The sizes of ``player``'s groups (chains), descending;
        UnsupportedError in a game without groups (Dots and Boxes)."""
        h = self._handle()
        p = _args.player(player)
        count = c_size_t()
        rc = F.mg_state_groups(h, p, None, 0, count)
        if rc == ErrorCode.OK:
            return []
        if rc != ErrorCode.ENOBUFS:
            raise error(rc)
        buf = (c_int32 * count.value)()
        check(F.mg_state_groups(h, p, buf, count.value, count))
        return buf[:count.value]

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position (what is on the board
        and who moves): equal positions hash equal."""
        return int(F.mg_state_hash(self._handle()))

    def render(self, svg: bool = False) -> str:
        """The position as ASCII text, or an SVG document with
        ``svg=True``."""
        return get_string(F.mg_state_render, self._handle(),
                          RENDER_SVG if svg else RENDER_TEXT)

    def __str__(self) -> str:
        return self.render()

    # ---------------------------------------------- the position (1.3)

    def site(self, index: int) -> int:
        """Who holds site ``index``: NOBODY (-1), 0, 1, or NEUTRAL (3)."""
        h = self._handle()
        return check(F.mg_state_site(h, _args.id_below(
            index, "site", self._game.num_sites, "sites")))

    @overload
    def sites(self, out: None = ...,
              as_numpy: "Literal[False]" = ...) -> List[int]: ...

    @overload
    def sites(self, out: NDArray[numpy.int8],
              as_numpy: bool = ...) -> NDArray[numpy.int8]: ...

    @overload
    def sites(self, out: None = ..., *,
              as_numpy: "Literal[True]") -> NDArray[numpy.int8]: ...

    def sites(self, out: Optional[NDArray[numpy.int8]] = None,
              as_numpy: bool = False) -> Union[List[int], NDArray[numpy.int8]]:
        """:meth:`site` of every site, in site order: a list; with
        ``as_numpy=True`` a new int8 array; with ``out`` (a NumPy int8
        array of ``game.num_sites`` elements) filled in place and
        returned."""
        h = self._handle()
        n = self._game.num_sites
        count = c_size_t()
        if out is not None:
            buf = _arrays.wrap_out(out, "int8", c_int8, "sites", n)
            check(F.mg_state_sites(h, buf, n, count))
            return out
        if as_numpy:
            _arrays.need_numpy("sites(as_numpy=True)")
            arr: NDArray[numpy.int8] = _arrays.empty(n, "int8")
            check(F.mg_state_sites(h, _arrays.as_ctypes_buffer(arr, c_int8),
                                   n, count))
            return arr
        cbuf = (c_int8 * n)()
        check(F.mg_state_sites(h, cbuf, n, count))
        return list(cbuf)

    @overload
    def observation(self, player: int, out: None = ...,
                    as_numpy: "Literal[False]" = ...) -> List[List[float]]:
        ...

    @overload
    def observation(self, player: int, out: NDArray[numpy.float32],
                    as_numpy: bool = ...) -> NDArray[numpy.float32]: ...

    @overload
    def observation(self, player: int, out: None = ..., *,
                    as_numpy: "Literal[True]") -> NDArray[numpy.float32]: ...

    def observation(self, player: int, out: Optional[NDArray[numpy.float32]] = None,
                    as_numpy: bool = False) -> Union[List[List[float]],
                                                     NDArray[numpy.float32]]:
        """The position from ``player``'s point of view (own and opponent
        rather than seats 0 and 1) as planes x sites floats
        (``game.observation_shape``, plane names in
        ``game.observation_planes``).

        A list of planes (lists); with ``as_numpy=True`` a new float32
        array of shape (planes, sites); with ``out`` (a NumPy float32
        array of planes x sites elements, any shape, e.g. a row of a
        batch) filled in place and returned."""
        h = self._handle()
        p = _args.player(player)
        planes, n = self._game.observation_shape
        size = planes * n
        count = c_size_t()
        if out is not None:
            buf = _arrays.wrap_out(out, "float32", c_float, "observation",
                                   size)
            check(F.mg_state_observation(h, p, buf, size, count))
            return out
        if as_numpy:
            _arrays.need_numpy("observation(as_numpy=True)")
            obs: NDArray[numpy.float32] = _arrays.empty((planes, n),
                                                        "float32")
            check(F.mg_state_observation(
                h, p, _arrays.as_ctypes_buffer(obs, c_float), size, count))
            return obs
        cbuf = (c_float * size)()
        check(F.mg_state_observation(h, p, cbuf, size, count))
        return [cbuf[i * n:(i + 1) * n] for i in range(planes)]

    # ----------------------------------------------- records and copies

    def save(self) -> str:
        """The game record (text: the spec, the board when the game has
        its own, every action in notation), accepted by :meth:`load`."""
        return get_string(F.mg_state_save, self._handle())

    @classmethod
    def load(cls, record: _args.Text) -> "State":
        """Replay a record of :meth:`save`: a new state with a new
        :class:`Game` of its own (``state.game``).  NotationError,
        UnknownGameError, IllegalActionError, ... with the library's
        message naming the line and the action."""
        data = _args.text(record, "record")
        s, g, err = c_void_p(), c_void_p(), errbuf()
        rc = F.mg_state_load(byref(s), byref(g), data, err, len(err))
        if rc:
            raise error(rc, err)
        return cls._wrap(Game._from_handle(out_handle(g)), out_handle(s))

    def clone(self) -> "State":
        """A new, independent state of the same game, position and
        history."""
        h = c_void_p()
        check(F.mg_state_clone(byref(h), self._handle()))
        return State._wrap(self._game, out_handle(h))

    def __copy__(self) -> "State":
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> "State":
        """``copy.deepcopy(state)`` is :meth:`clone` (as cheap): the copy
        shares the (immutable) game, as the original does.  OpenSpiel's
        algorithms copy states this way."""
        h = c_void_p()
        check(F.mg_state_clone(byref(h), self._handle()))
        copied = State._wrap(self._game, out_handle(h))
        memo[id(self)] = copied
        return copied

    def copy_from(self, other: "State") -> None:
        """Make this state an exact copy of ``other`` (position and
        history); no allocation when both are of the same game, and
        otherwise this state then belongs to ``other``'s game."""
        if not isinstance(other, State):
            raise TypeError("copy_from needs a mindgames.State, not %s"
                            % type(other).__name__)
        h = self._handle()
        check(F.mg_state_copy(h, other._handle()))
        # the library re-sized this state for other's game: it is that
        # game's now (mg_state_game says which C game a state is of)
        if F.mg_state_game(h) != self._game._h:
            old, cell = self._game, self._cell
            old._unregister(cell)
            self._attach(other._game, h)

    def __reduce__(self) -> Tuple[Any, ...]:
        return (_restore_state, (self._game, self.save()))

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.State closed>"
        h = self._handle()
        count = c_size_t()
        F.mg_state_history(h, None, 0, count)
        n = count.value
        played = "%d action%s played" % (n, "" if n == 1 else "s")
        w = check(F.mg_state_winner(h))
        if w == -1:
            what = "player %d to move" % check(_player(h))
        elif w == 2:
            what = "over, a draw %d-%d" % self.scores
        else:
            what = "over, player %d won %d-%d" % ((w,) + self.scores)
        return "<mindgames.State of %s: %s, %s>" % (self._game._spec,
                                                     played, what)


def _restore_state(game: Game, record: str) -> State:
    """Unpickle a State: replay its record on ``game`` (the game pickled
    with it, so states pickled together share one)."""
    loaded = State.load(record)
    try:
        if loaded.game != game:
            raise MismatchError(
                ErrorCode.EMISMATCH,
                "the record is of %s, not of %s" % (loaded.game.spec,
                                                    game.spec))
        state = game.new_state()
        for a in loaded.history():
            state.apply(a)
        return state
    finally:
        g = loaded.game
        loaded.close()
        g.close()
