"""Checks of the arguments before they reach ctypes.

ctypes converts a Python int to ``int32_t`` or ``uint64_t`` by keeping the
low bits, so without these checks ``apply(2**32 + 5)`` would play action
5.  The rules (documented in the package's docstring):

- an integer argument is anything ``operator.index()`` accepts (int,
  NumPy integers, any ``__index__``) except a bool (``True`` is not an
  action id, a seed or a player: since 1.5 ``bool`` and ``numpy.bool_``
  are a ``TypeError``); anything else is a ``TypeError``;
- an id (action, site, cell, symmetry, player, coordinate) that does not
  fit in the C parameter is out of range, like an id that fits but names
  nothing: ``OutOfRangeError`` (``MG_ERANGE``, a ``ValueError``) from an
  operation, its message naming the valid range (:func:`range_error`),
  False or None from a predicate or lookup;
- a quantity (seed, limit, kind, format, flags) that does not fit in its C
  type raises ``OverflowError``;
- text is ``str`` (encoded as UTF-8) or bytes; a NUL byte is refused with
  ``InvalidArgumentError`` (``MG_EINVAL``, a ``ValueError``), since the
  library would read only the text before it.
"""
from __future__ import annotations

import operator
from typing import Any, Union

from .constants import ErrorCode
from .errors import InvalidArgumentError, OutOfRangeError

I32_MIN = -(1 << 31)
I32_MAX = (1 << 31) - 1
U64_MAX = (1 << 64) - 1

Text = Union[str, bytes]


def is_bool(value: Any) -> bool:
    """Whether value is a bool or a NumPy bool (which are not numbers
    here)."""
    cls = value.__class__
    return cls is bool or (cls.__name__ in ("bool_", "bool")
                           and cls.__module__ == "numpy")


def index(value: Any, what: str) -> int:
    """value as an int (operator.index), or TypeError naming what (also
    for a bool)."""
    if value.__class__ is int:
        return value  # type: ignore[no-any-return]
    if is_bool(value):
        raise TypeError("%s must be an integer, not bool: %r is not a "
                        "valid %s" % (what, value, what))
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, not %s"
                        % (what, type(value).__name__)) from None


def fits32(value: int) -> bool:
    """Whether an int fits in int32_t."""
    return I32_MIN <= value <= I32_MAX


def out_of_range(what: str, value: int) -> OutOfRangeError:
    """The error for an id that does not fit in int32_t."""
    return OutOfRangeError(
        ErrorCode.ERANGE,
        "%s %d is out of range (it does not even fit in int32_t)"
        % (what, value))


def range_error(what: str, value: int, count: int, things: str,
                owner: str = "this game's") -> OutOfRangeError:
    """The error for an id outside 0 .. count-1, naming the range, e.g.
    "action -1 is out of range: this game's action ids are 0 to 39"."""
    if count <= 0:
        where = "%s has no %s" % (owner[:-2] if owner.endswith("'s")
                                  else owner, things)
    elif count == 2 and things == "players":
        where = "the players are 0 and 1"
    else:
        where = "%s %s are 0 to %d" % (owner, things, count - 1)
    more = "" if fits32(value) else " (it does not even fit in int32_t)"
    return OutOfRangeError(ErrorCode.ERANGE, "%s %d is out of range: %s%s"
                           % (what, value, where, more))


def id_below(value: Any, what: str, count: int, things: str,
             owner: str = "this game's") -> int:
    """An id in 0 .. count-1, else OutOfRangeError naming the range
    (:func:`range_error`)."""
    v = index(value, what)
    if 0 <= v < count:
        return v
    raise range_error(what, v, count, things, owner)


def player(value: Any) -> int:
    """A player, 0 or 1."""
    return id_below(value, "player", 2, "players")


def id32(value: Any, what: str) -> int:
    """An id for an int32_t / int parameter: OutOfRangeError when it does
    not fit (the library checks the game's own range)."""
    v = index(value, what)
    if I32_MIN <= v <= I32_MAX:
        return v
    raise out_of_range(what, v)


def quantity(value: Any, what: str, lo: int = I32_MIN,
             hi: int = I32_MAX) -> int:
    """A quantity for a C parameter of range lo .. hi: OverflowError when
    it does not fit (never wrapped)."""
    v = index(value, what)
    if lo <= v <= hi:
        return v
    raise OverflowError("%s %d does not fit in the library's parameter "
                        "(%d .. %d)" % (what, v, lo, hi))


def seed(value: Any, what: str = "seed") -> int:
    """A uint64_t seed: 0 .. 2**64-1, OverflowError otherwise."""
    return quantity(value, what, 0, U64_MAX)


def text(value: Any, what: str) -> bytes:
    """str (UTF-8) or bytes for a const char * parameter."""
    if isinstance(value, str):
        data = value.encode("utf-8")
    elif isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
    else:
        raise TypeError("%s must be str or bytes, not %s"
                        % (what, type(value).__name__))
    if b"\0" in data:
        raise InvalidArgumentError(
            ErrorCode.EINVAL,
            "%s contains a NUL byte (at offset %d): the library would read "
            "only the text before it" % (what, data.index(b"\0")))
    return data
