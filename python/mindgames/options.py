"""A game's options, read off the library (since 1.4): :func:`game_options`
and :class:`Option`."""
from __future__ import annotations

from ctypes import byref, c_int64, c_void_p
from typing import NamedTuple, Optional, Tuple, Union

from . import _args
from ._base import resolved
from ._ffi import F, check, errbuf, error, get_string
from .constants import ErrorCode, OptionType

__all__ = ["Option", "game_options"]


@resolved
class Option(NamedTuple):
    """One option of a game, for a given spec (:func:`game_options`).

    ``number``: its index, in the order of the canonical spec; ``key``:
    ``"rows"``; ``type``: an :class:`OptionType`; ``value``: its value in
    the spec as the canonical spec writes it (the value given, else the
    default that holds with the other options); ``applies``: whether it
    applies with the other options (a key that does not is refused by
    ``Game()``); ``min``, ``max``: the values it takes (an integer's
    range, 0 .. 1 for a boolean, 0 .. n-1 for an enumeration, floats for a
    decimal, 0 .. 2**64-1 for a seed); ``choices``: the names of an
    enumeration's or a boolean's values, index = value (empty otherwise).
    """

    number: int
    key: str
    type: OptionType
    value: str
    applies: bool
    min: Union[int, float]
    max: Union[int, float]
    choices: Tuple[str, ...]


def _spec_error(spec: bytes, code: int) -> Exception:
    """The error of a spec, with mg_game_new()'s message naming the part."""
    g, err = c_void_p(), errbuf()
    rc = F.mg_game_new(byref(g), spec, err, len(err))
    if rc == ErrorCode.OK:  # pragma: no cover - the two disagree
        F.mg_game_free(g.value)
        return error(code)
    return error(rc if rc else code, err)


def game_options(spec: _args.Text) -> Tuple[Option, ...]:
    """The options of a game id (``"fangqi"``) or spec
    (``"fangqi(variant=xinjiang)"``, whose other options decide which keys
    apply and which defaults hold), in the order of the canonical spec.
    A bad spec raises the error ``Game(spec)`` would."""
    data = _args.text(spec, "spec")
    n = F.mg_game_option_count(data)
    if n < 0:
        raise _spec_error(data, n)
    out = []
    lo, hi = c_int64(), c_int64()
    for i in range(n):
        key = F.mg_game_option_key(data, i)
        kind = OptionType(check(F.mg_game_option_type(data, i)))
        value = get_string(F.mg_game_option_value, data, i)
        applies = bool(check(F.mg_game_option_applies(data, i)))
        vmin: Union[int, float]
        vmax: Union[int, float]
        if kind == OptionType.SEED:
            vmin, vmax = 0, _args.U64_MAX
        else:
            check(F.mg_game_option_range(data, i, byref(lo), byref(hi)))
            vmin, vmax = lo.value, hi.value
            if kind == OptionType.DECIMAL:
                vmin, vmax = vmin / 1000.0, vmax / 1000.0
        choices: Tuple[str, ...] = ()
        if kind in (OptionType.ENUM, OptionType.BOOL):
            names = []
            for v in range(int(vmin), int(vmax) + 1):
                name: Optional[bytes] = F.mg_game_option_value_name(data, i, v)
                names.append(name.decode("ascii") if name else str(v))
            choices = tuple(names)
        out.append(Option(i, key.decode("ascii") if key else "", kind,
                          value, applies, vmin, vmax, choices))
    return tuple(out)
