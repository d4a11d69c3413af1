"""Exact values and best actions: :class:`Solver`."""
from __future__ import annotations

from ctypes import byref, c_int32, c_size_t, c_uint64, c_void_p, sizeof
from typing import Any, Dict, NamedTuple, NoReturn, Optional, Tuple

from . import _args
from ._base import Owned, resolved
from ._ffi import F, errbuf, error, out_handle
from .constants import SOLVER_UNKNOWN, ErrorCode
from .errors import ClosedError
from .game import Game
from .state import State

__all__ = ["Solver", "Solution"]

_U32_MAX = (1 << 32) - 1
_SIZE_MAX = (1 << (8 * sizeof(c_size_t))) - 1


@resolved
class Solution(NamedTuple):
    """What :meth:`Solver.solve` found.

    ``value``: the exact value when ``exact``, else the best lower bound;
    ``lower <= value-of-the-position <= upper`` always (equal when exact);
    ``best_action``: an action achieving ``value`` when exact, else the
    best found (always legal); ``nodes``: positions searched."""

    value: int
    best_action: int
    exact: bool
    lower: int
    upper: int
    nodes: int


class Solver(Owned):
    """An exact solver for the positions of one game (``mg_solver_new``).

    ``Solver(game, memory=64 << 20)`` takes ``memory`` bytes in all (its
    transposition table included), allocated once.  Values are for the
    player to move (see mg_solver_new(3)): Dots and Boxes, the boxes it
    will still win less the opponent's (misere: the opponent's less its
    own); China Squares and Grove, the final score difference; the other
    games +1 win, 0 draw, -1 loss.

    Budgets: ``max_nodes`` (0 .. 2**64-1) and ``time_ms`` (0 ..
    2**32-1), 0 meaning no limit; a search cut short is not an error: its
    :class:`Solution` has ``exact`` False.  One thread at a time.  The
    solver keeps its game alive; closing the game makes the solver
    refuse service (ClosedError).  It does not pickle.
    """

    __slots__ = ("_game", "_memory", "_buf", "__weakref__")

    @staticmethod
    def _free(h: int) -> None:
        F.mg_solver_free(h)

    def __init__(self, game: Game, memory: int = 64 << 20) -> None:
        """InvalidArgumentError with the library's message when memory is
        below the game's minimum; OutOfMemoryError."""
        if not isinstance(game, Game):
            raise TypeError("game must be a mindgames.Game, not %s"
                            % type(game).__name__)
        mem = _args.quantity(memory, "memory", 0, _SIZE_MAX)
        h, err = c_void_p(), errbuf()
        rc = F.mg_solver_new(byref(h), game._handle(), mem, err, len(err))
        if rc:
            raise error(rc, err)
        self._h = out_handle(h)
        self._game = game
        self._memory = mem
        self._buf = (c_int32 * max(game._max_legal, 1))()

    def _handle(self) -> int:
        h = super()._handle()
        if self._game.closed:
            raise ClosedError(ErrorCode.EINVAL, "this Solver's Game is "
                              "closed")
        return h

    @property
    def game(self) -> Game:
        """The :class:`Game` the solver was made for."""
        return self._game

    @property
    def memory(self) -> int:
        """The bytes the solver uses."""
        return self._memory

    def _state(self, state: Any) -> int:
        if not isinstance(state, State):
            raise TypeError("state must be a mindgames.State, not %s"
                            % type(state).__name__)
        return state._handle()

    def solve(self, state: State, max_nodes: int = 0,
              time_ms: int = 0) -> Solution:
        """Solve ``state`` (not changed) within the budget.
        GameOverError when the game is over, MismatchError for a state
        of another game."""
        h = self._handle()
        s = self._state(state)
        n = _args.quantity(max_nodes, "max_nodes", 0, _args.U64_MAX)
        t = _args.quantity(time_ms, "time_ms", 0, _U32_MAX)
        v, a, nodes = c_int32(), c_int32(), c_uint64()
        rc = F.mg_solver_solve(h, s, n, t, byref(v), byref(a), byref(nodes))
        if rc and rc != ErrorCode.EBUDGET:
            raise state._error(rc, "solve the position")
        lo, hi = self._bounds(h)
        return Solution(v.value, a.value, rc == 0, lo, hi, nodes.value)

    @staticmethod
    def _bounds(h: int) -> Tuple[int, int]:
        lo, hi = c_int32(), c_int32()
        rc = F.mg_solver_bounds(h, byref(lo), byref(hi))
        if rc:
            raise error(rc)
        return lo.value, hi.value

    @property
    def bounds(self) -> Tuple[int, int]:
        """(lower, upper) of the last solve() or values() (InvalidArgument
        Error before either)."""
        return self._bounds(self._handle())

    def values(self, state: State, max_nodes: int = 0,
               time_ms: int = 0) -> Dict[int, Optional[int]]:
        """The value of every legal action of ``state``, for its player to
        move, in legal-action order: ``{action: value}``, None for an
        action the budget left unknown.  One budget for all of them."""
        h = self._handle()
        s = self._state(state)
        n = _args.quantity(max_nodes, "max_nodes", 0, _args.U64_MAX)
        t = _args.quantity(time_ms, "time_ms", 0, _U32_MAX)
        acts = state.legal_actions()
        count = c_size_t()
        rc = F.mg_solver_values(h, s, n, t, self._buf, len(self._buf),
                                byref(count))
        if rc and rc != ErrorCode.EBUDGET:
            raise state._error(rc, "value the actions")
        vals = self._buf
        return {a: (None if vals[i] == SOLVER_UNKNOWN else vals[i])
                for i, a in enumerate(acts[:count.value])}

    def __reduce__(self) -> NoReturn:
        raise TypeError("a mindgames.Solver cannot be pickled or copied: "
                        "make a new one")

    def __reduce_ex__(self, protocol: Any) -> Tuple[Any, ...]:
        self.__reduce__()
        raise AssertionError  # pragma: no cover

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.Solver closed>"
        return "<mindgames.Solver of %s, %d bytes>" % (
            self._game.spec if not self._game.closed else "?", self._memory)
