"""The exceptions of the package.

Every failure the library reports raises :class:`MindgamesError`, or rather
its subclass for the code (:class:`IllegalActionError` for ``MG_EILLEGAL``,
...), carrying ``.code`` (the negative ``MG_E*`` value, an
:class:`~mindgames.ErrorCode`), ``.message`` (the library's message naming
the offending part when the call has an ``err`` buffer, else
``mg_strerror()``'s text) and ``.strerror`` (``mg_strerror()``'s text).
An error about an action the state refuses (:class:`IllegalActionError`,
:class:`GameOverError`, :class:`OutOfRangeError` from ``State.apply``)
also carries ``.action`` (the id) and ``.reason`` (the library's line
saying why, ``State.illegal_reason()``'s text, which is then the
message); :class:`GameOverError` from ``Bot.choose`` and the
:class:`~mindgames.Solver` carries ``.reason``, ``State.end_reason()``'s
line.  Both are None otherwise.

The classes for bad input also derive from :class:`ValueError`
(``except ValueError`` catches a bad spec, notation, id or board), and
:class:`OutOfMemoryError` from :class:`MemoryError`.  The binding raises the
same classes itself for input it refuses before calling the library (an
action id that does not fit in ``int32_t``, a NUL byte in a spec, a closed
object); their messages are the binding's.  Exceptions pickle, so they
cross ``multiprocessing`` pools intact.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple, Type

from .constants import ErrorCode

__all__ = [
    "MindgamesError", "LibraryNotFoundError", "ClosedError",
    "InvalidArgumentError", "OutOfMemoryError", "BufferTooSmallError",
    "OutOfRangeError", "NotationError", "UnknownGameError", "OptionError",
    "OptionValueError", "IllegalActionError", "GameOverError",
    "NothingToUndoError", "MismatchError", "UnsupportedError",
    "InvalidBoardError", "BudgetError", "UnknownBotError", "ERRORS",
    "error_class",
]


def _strerror(code: int) -> str:
    from ._ffi import F  # the library is loaded by then
    return str(F.mg_strerror(int(code)).decode("ascii", "replace"))


class MindgamesError(Exception):
    """A failure reported by libmindgames (or refused by the binding).

    ``code``: the library's negative result code (an ``ErrorCode`` when
    known); ``message``: the library's message, naming the offending part
    when it gives one, else ``strerror``; ``strerror``: ``mg_strerror()``
    of the code.  ``str(e)`` is the message.  ``action`` and ``reason``:
    for an action the state refused (``State.apply``), its id and the
    library's line saying why (``State.illegal_reason``); a finished
    game's GameOverError from a bot or solver: None and the end line
    (``State.end_reason``); else None.
    """

    code: int
    message: str
    strerror: str
    action: Optional[int]
    reason: Optional[str]

    def __init__(self, code: int, message: Optional[str] = None, *,
                 action: Optional[int] = None,
                 reason: Optional[str] = None) -> None:
        try:
            self.code = ErrorCode(code)
        except ValueError:
            self.code = int(code)
        self.strerror = _strerror(code)
        self.message = message or reason or self.strerror
        self.action = action
        self.reason = reason
        Exception.__init__(self, self.message)

    def __reduce__(self) -> Tuple[Any, ...]:
        if self.action is None and self.reason is None:
            return (type(self), (int(self.code), self.message))
        return (_rebuild, (type(self), int(self.code), self.message,
                           self.action, self.reason))

    def __repr__(self) -> str:
        return "%s(%s, %r)" % (type(self).__name__, int(self.code),
                               self.message)


class LibraryNotFoundError(ImportError):
    """libmindgames could not be loaded.  The message lists every place
    that was tried and why each failed, and how to fix it (``make
    install``, ``MINDGAMES_LIB``, the self-contained wheel).  ``.tried``
    holds the ``(place, reason)`` pairs."""

    tried: Tuple[Tuple[str, str], ...]

    def __init__(self, message: str,
                 tried: Tuple[Tuple[str, str], ...] = ()) -> None:
        ImportError.__init__(self, message)
        self.tried = tried

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (str(self), self.tried))


class InvalidArgumentError(MindgamesError, ValueError):
    """``MG_EINVAL``: an invalid argument (bad format, flag or kind; a NUL
    byte in a text)."""


class ClosedError(InvalidArgumentError):
    """The object was closed (its C object is freed), or the game it
    belongs to was.  Code ``MG_EINVAL``: the library's answer to a freed
    handle would be undefined, so the binding never passes one."""


class OutOfMemoryError(MindgamesError, MemoryError):
    """``MG_ENOMEM``"""


class BufferTooSmallError(MindgamesError):
    """``MG_ENOBUFS`` (handled inside the binding; seen only for a
    caller's ``out`` array, which then is a ``ValueError``)."""


class OutOfRangeError(MindgamesError, ValueError):
    """``MG_ERANGE``: an action, site, cell, symmetry or player out of
    range (also one that does not fit in the C type), or notation naming
    no dot or cell of the game."""


class NotationError(MindgamesError, ValueError):
    """``MG_ESYNTAX``: malformed spec, notation, record or board text."""


class UnknownGameError(MindgamesError, ValueError):
    """``MG_ENOGAME``: unknown game (or bot) name."""


class UnknownBotError(UnknownGameError):
    """``MG_ENOGAME`` from ``Bot()``: unknown bot name.  A subclass of
    :class:`UnknownGameError`, which ``Bot()`` raised before 1.5 (so
    ``except UnknownGameError`` still catches it)."""


class OptionError(MindgamesError, ValueError):
    """``MG_EOPTION``: unknown, repeated or inapplicable option key."""


class OptionValueError(MindgamesError, ValueError):
    """``MG_EVALUE``: bad option value or combination."""


class IllegalActionError(MindgamesError, ValueError):
    """``MG_EILLEGAL``: the action is not legal in this position.  From
    ``State.apply``: ``.action`` is its id and ``.reason`` (the message)
    the library's line naming the rule it breaks, e.g. ``"a1-b1: that
    line is already drawn (rules 3.2.1)"``."""


class GameOverError(MindgamesError):
    """``MG_EOVER``: the game is over.  From ``State.apply``: ``.action``
    is the id and ``.reason`` (the message) the library's line, the
    action then what ended the game (``State.end_reason()``).  From
    ``Bot.choose``, ``Solver.solve`` and ``Solver.values``: ``.reason`` is
    ``State.end_reason()``'s line, which the message quotes."""


class NothingToUndoError(MindgamesError):
    """``MG_EEMPTY``: the state is at the start of the game."""


class MismatchError(MindgamesError, ValueError):
    """``MG_EMISMATCH``: objects of different games (or board kinds)."""


class UnsupportedError(MindgamesError):
    """``MG_EUNSUPPORTED``: the game has no such notion (groups in Dots
    and Boxes; the position API in a game that does not answer it yet), or
    the loaded library is too old to have the function."""


class InvalidBoardError(MindgamesError, ValueError):
    """``MG_EBOARD``: not a valid two-group transcendental board; the
    message names the first violation."""


class BudgetError(MindgamesError):
    """``MG_EBUDGET``: a search stopped at its node or time budget (the
    solver reports it in its result instead of raising it)."""


ERRORS: Dict[int, Type[MindgamesError]] = {
    ErrorCode.EINVAL: InvalidArgumentError,
    ErrorCode.ENOMEM: OutOfMemoryError,
    ErrorCode.ENOBUFS: BufferTooSmallError,
    ErrorCode.ERANGE: OutOfRangeError,
    ErrorCode.ESYNTAX: NotationError,
    ErrorCode.ENOGAME: UnknownGameError,
    ErrorCode.EOPTION: OptionError,
    ErrorCode.EVALUE: OptionValueError,
    ErrorCode.EILLEGAL: IllegalActionError,
    ErrorCode.EOVER: GameOverError,
    ErrorCode.EEMPTY: NothingToUndoError,
    ErrorCode.EMISMATCH: MismatchError,
    ErrorCode.EUNSUPPORTED: UnsupportedError,
    ErrorCode.EBOARD: InvalidBoardError,
    ErrorCode.EBUDGET: BudgetError,
}
"""The exception class of every ``MG_E*`` code."""


def _rebuild(cls: Type[MindgamesError], code: int, message: str,
             action: Optional[int], reason: Optional[str]) -> MindgamesError:
    """Unpickle an error that carries an action and a reason."""
    return cls(code, message, action=action, reason=reason)


def error_class(code: int) -> Type[MindgamesError]:
    """The exception class for a result code (MindgamesError for a code
    this version does not know)."""
    return ERRORS.get(code, MindgamesError)
