"""What every wrapper of a C object shares: close(), the context manager,
freeing on collection, and refusing to be used once closed."""
from __future__ import annotations

import typing
from types import TracebackType
from typing import Any, Optional, Type, TypeVar

from .constants import ErrorCode
from .errors import ClosedError

_T = TypeVar("_T", bound="Closable")
_C = TypeVar("_C")


def resolved(cls: _C) -> _C:
    """A NamedTuple class decorator: its field annotations as the types
    themselves, not strings or ``ForwardRef('int')`` (the modules use
    ``from __future__ import annotations``), so that ``help()``, the
    signature of ``__new__`` and ``typing.get_type_hints`` show real
    types."""
    hints = typing.get_type_hints(cls)
    c: Any = cls
    c.__annotations__ = dict(hints)
    c.__new__.__annotations__ = dict(hints)
    return cls


class Closable:
    """A C object owned by Python.

    ``close()`` frees it at once (twice is fine); otherwise it is freed
    when Python collects the object.  ``with obj:`` closes it at the end
    of the block.  Using a closed object raises :class:`ClosedError`.
    """

    __slots__ = ()

    def close(self) -> None:  # pragma: no cover - every class has its own
        """Free the C object now; using it afterwards raises ClosedError."""
        raise NotImplementedError

    @property
    def closed(self) -> bool:
        """Whether close() was called (or, for a state or a borrowed
        board, its game was closed)."""
        raise NotImplementedError  # pragma: no cover

    def _closed_error(self) -> ClosedError:
        return ClosedError(ErrorCode.EINVAL, "this %s is closed"
                           % type(self).__name__)

    def __enter__(self: _T) -> _T:
        if self.closed:
            raise self._closed_error()
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]],
                 exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


class Owned(Closable):
    """A Closable that owns one C handle ``_h`` (None once closed): the
    ``_handle()``/``closed``/``close()`` that Bot, Solver and Eval share.
    Subclasses free the handle in
    ``_free(h)`` (their library's ``mg_*_free``)."""

    __slots__ = ("_h",)
    _h: Optional[int]

    @staticmethod
    def _free(h: int) -> None:  # pragma: no cover - every class has its own
        raise NotImplementedError

    def _handle(self) -> int:
        h = self._h
        if h is None:
            raise self._closed_error()
        return h

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return getattr(self, "_h", None) is None

    def close(self) -> None:
        """Free the C object now; using it afterwards raises ClosedError."""
        h = getattr(self, "_h", None)
        if h is not None:
            self._h = None
            self._free(h)
