"""Learned evaluations: :class:`Eval` (mg_eval, since 1.6) and
:func:`eval_inputs`, the input floats a network sees.

An evaluation is a small network read from an MGNN file (the format:
doc/eval-format.md); the library parses and checks the bytes, Python
reads the file.  :func:`eval_inputs` is what the trainer
(:mod:`mindgames.train`) feeds its networks, so the features are computed
by the library alone, never again in Python.
"""
from __future__ import annotations

import ctypes
import os
from ctypes import byref, c_float, c_int, c_size_t, c_void_p
from typing import Any, List, NoReturn, Optional, Tuple, Union

from ._base import Owned
from ._ffi import F, errbuf, error, get_string, out_handle
from .constants import ErrorCode
from .state import State

__all__ = ["Eval", "eval_inputs", "INPUTS_OBSERVATION", "INPUTS_FEATURES"]

INPUTS_OBSERVATION = 1
"""Inputs kind 1: the observation of the player to move (planes x sites)."""
INPUTS_FEATURES = 2
"""Inputs kind 2: that observation followed by the game's features."""


def _kind(inputs: Any) -> int:
    if isinstance(inputs, bool) or not isinstance(inputs, int):
        raise TypeError("inputs must be 1 or 2 (an int), not %s"
                        % type(inputs).__name__)
    if inputs not in (INPUTS_OBSERVATION, INPUTS_FEATURES):
        raise ValueError("inputs must be 1 (the observation) or 2 (the "
                         "observation and the game's features), not %d"
                         % inputs)
    return inputs


def eval_inputs(state: State, inputs: int = INPUTS_FEATURES,
                out: Any = None) -> Any:
    """The input floats of kind ``inputs`` of ``state`` as a network sees
    them, from the player to move's side (``mg_eval_inputs``): a list of
    floats, or written into ``out`` (a float32 NumPy array of at least
    that many elements, returned as the filled prefix view)."""
    if not isinstance(state, State):
        raise TypeError("state must be a mindgames.State, not %s"
                        % type(state).__name__)
    kind = _kind(inputs)
    h = state._handle()
    count = c_size_t(0)
    if out is not None:
        cap = int(out.size)
        if out.dtype.str != "<f4" or not out.flags["C_CONTIGUOUS"]:
            raise TypeError("out must be a C-contiguous float32 array")
        ptr = out.ctypes.data_as(ctypes.POINTER(c_float))
        rc = F.mg_eval_inputs(h, kind, ptr, cap, byref(count))
        if rc == ErrorCode.ENOBUFS:
            raise ValueError("out holds %d floats and the inputs are %d"
                             % (cap, count.value))
        if rc:
            raise state._error(rc, "compute the inputs")
        return out[:count.value]
    buf = (c_float * 256)()
    rc = F.mg_eval_inputs(h, kind, buf, len(buf), byref(count))
    if rc == ErrorCode.ENOBUFS:
        buf = (c_float * count.value)()
        rc = F.mg_eval_inputs(h, kind, buf, len(buf), byref(count))
    if rc:
        raise state._error(rc, "compute the inputs")
    return list(buf[:count.value])


class Eval(Owned):
    """A learned evaluation (``mg_eval_new``) from an MGNN file's bytes.

    ``Eval(data)``: ``data`` is the file's contents (bytes) or a path (str
    or os.PathLike) to read.  A file the library refuses raises the
    library's error (ValueError-like InvalidValueError or NotationError)
    with its message naming the defect: bad magic, version, checksum,
    truncated, sizes, a non-finite weight, an unknown game.  Read-only
    once made: any number of threads may call :meth:`value` at once.
    """

    __slots__ = ("_spec", "__weakref__")

    @staticmethod
    def _free(h: int) -> None:
        F.mg_eval_free(h)

    def __init__(self, data: Union[bytes, bytearray, str, "os.PathLike[str]"]
                 ) -> None:
        if isinstance(data, (str, os.PathLike)):
            with open(data, "rb") as f:
                data = f.read()
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("Eval needs the file's bytes or its path, not %s"
                            % type(data).__name__)
        raw = bytes(data)
        buf = ctypes.create_string_buffer(raw, len(raw))
        h, err = c_void_p(), errbuf()
        rc = F.mg_eval_new(byref(h), buf, len(raw), err, len(err))
        if rc:
            raise error(rc, err)
        self._h = out_handle(h)
        self._spec: Optional[str] = None

    @classmethod
    def builtin(cls, game: Any) -> "Eval":
        """The network shipped with the library for ``game`` (a
        :class:`~mindgames.Game`; ``mg_eval_builtin``): UnsupportedError
        when none is shipped for it."""
        from .game import Game
        if not isinstance(game, Game):
            raise TypeError("builtin needs a mindgames.Game, not %s"
                            % type(game).__name__)
        h = c_void_p()
        rc = F.mg_eval_builtin(byref(h), game._handle())
        if rc:
            raise error(rc)
        self = cls.__new__(cls)
        self._h = out_handle(h)
        self._spec = None
        return self

    @property
    def shape(self) -> Tuple[int, int]:
        """(inputs kind, number of inputs) of the network
        (``mg_eval_shape``)."""
        kind, count = c_int(), c_size_t()
        rc = F.mg_eval_shape(self._handle(), byref(kind), byref(count))
        if rc:
            raise error(rc)
        return kind.value, count.value

    @property
    def spec(self) -> str:
        """The canonical spec of the game the network is for."""
        h = self._handle()
        if self._spec is None:
            self._spec = get_string(F.mg_eval_spec, h)
        return self._spec

    def value(self, state: State) -> float:
        """The network's value of ``state`` for its player to move, in
        -1 .. 1 (GameOverError when the game is over, MismatchError for a
        state of another game)."""
        if not isinstance(state, State):
            raise TypeError("state must be a mindgames.State, not %s"
                            % type(state).__name__)
        h = self._handle()
        v = c_float()
        rc = F.mg_eval_value(h, state._handle(), byref(v))
        if rc:
            raise state._error(rc, "evaluate the position")
        return v.value

    def values(self, states: List[State]) -> List[float]:
        """:meth:`value` of each state."""
        return [self.value(s) for s in states]

    def attach(self, bot: Any) -> None:
        """Make ``bot`` (a :class:`~mindgames.Bot`) search with this
        evaluation (``mg_bot_set_eval``); the evaluation must outlive the
        bot's use of it."""
        from .bot import Bot
        if not isinstance(bot, Bot):
            raise TypeError("attach needs a mindgames.Bot")
        rc = F.mg_bot_set_eval(bot._handle(), self._handle())
        if rc:
            raise error(rc)

    def __reduce__(self) -> NoReturn:
        raise TypeError("a mindgames.Eval cannot be pickled: pass the "
                        "file's bytes and make a new one")

    def __reduce_ex__(self, protocol: Any) -> Tuple[Any, ...]:
        self.__reduce__()
        raise AssertionError  # pragma: no cover

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.Eval closed>"
        return "<mindgames.Eval for %s>" % self.spec
