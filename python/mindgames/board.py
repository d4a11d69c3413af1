"""Transcendental boards: :class:`Board`."""
from __future__ import annotations

from ctypes import byref, c_int32, c_void_p
from typing import TYPE_CHECKING, Any, List, Optional, Tuple, Union

from . import _args
from ._base import Closable
from ._ffi import (F, check, errbuf, error, get_ints, get_string, out_handle,
                   pair)
from .constants import (RENDER_SVG, RENDER_TEXT, SHOW_BEAMS, SHOW_CELLS,
                        BoardKind, ErrorCode)
from .errors import ClosedError, InvalidArgumentError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["Board"]

_KINDS = {"octopuszle": BoardKind.OCTOPUSZLE,
          "labyrinth": BoardKind.LABYRINTH}


def _kind(kind: Union[BoardKind, int, str]) -> int:
    if isinstance(kind, str):
        k = _KINDS.get(kind.strip().lower())
        if k is None:
            raise InvalidArgumentError(
                ErrorCode.EINVAL, "unknown board kind %r: 'octopuszle' or "
                "'labyrinth'" % kind)
        return int(k)
    return _args.quantity(kind, "board kind")


class Board(Closable):
    """A transcendental board: a solution of the Octopuszle (255 playing
    cells on a square grid) or of the China Labyrinth (63 on a hexagonal
    grid) whose tiles form two groups (rules §1.1, §2.1).

    Make one with :meth:`Board.generate` (from a seed) or
    :meth:`Board.parse` (from the text of :meth:`format`); a China game's
    board is ``game.board``, borrowed from the game (it closes with it).
    A board is immutable: share it between threads freely.  Boards compare
    equal when their text is equal, and pickle through it.

    Cells are indexed bottom row first, left to right; ``cell_*`` methods
    take a cell index, ``cell_at(x, y)`` finds one.
    """

    __slots__ = ("_h", "_owner", "_text", "__weakref__")

    _h: Optional[int]
    _owner: Optional["Game"]
    _text: Optional[str]

    def __init__(self, text: _args.Text) -> None:
        """Parse and validate a board in the text format of
        :meth:`format` (the same as :meth:`Board.parse`)."""
        data = _args.text(text, "board text")
        h, err = c_void_p(), errbuf()
        rc = F.mg_board_parse(byref(h), data, err, len(err))
        if rc:
            raise error(rc, err)
        self._own(out_handle(h))

    def _own(self, handle: int, owner: Optional["Game"] = None) -> None:
        self._h = handle
        self._owner = owner
        self._text = None

    @classmethod
    def _wrap(cls, handle: int, owner: Optional["Game"] = None) -> "Board":
        b = cls.__new__(cls)
        b._own(handle, owner)
        return b

    @classmethod
    def generate(cls, kind: Union[BoardKind, int, str] = BoardKind.OCTOPUSZLE,
                 seed: int = 0) -> "Board":
        """The board of ``seed`` (0 .. 2**64-1) for ``kind``
        (``BoardKind.OCTOPUSZLE``, ``BoardKind.LABYRINTH``, or the names
        ``"octopuszle"`` / ``"labyrinth"``).  Every seed gives a valid
        board, the same on every platform."""
        k = _kind(kind)
        s = _args.seed(seed)
        h = c_void_p()
        check(F.mg_board_generate(byref(h), k, s))
        return cls._wrap(out_handle(h))

    @classmethod
    def parse(cls, text: _args.Text) -> "Board":
        """Parse and validate the text of :meth:`format`; a board that is
        not a valid two-group solution raises InvalidBoardError naming the
        first violation."""
        return cls(text)

    # ------------------------------------------------------------ life

    def _handle(self) -> int:
        h = self._h
        if h is None:
            raise self._closed_error()
        owner = self._owner
        if owner is not None and owner._h is None:
            raise ClosedError(ErrorCode.EINVAL,
                              "this Board belongs to a Game that is closed")
        return h

    @property
    def closed(self) -> bool:
        """Whether the board is closed (or the game it belongs to is)."""
        h = getattr(self, "_h", None)
        owner = getattr(self, "_owner", None)
        return h is None or (owner is not None and owner._h is None)

    def close(self) -> None:
        """Free the board (a game's board is only detached from it)."""
        h = getattr(self, "_h", None)
        if h is None:
            return
        self._h = None
        if self._owner is None:
            F.mg_board_free(h)
        self._owner = None

    # -------------------------------------------------------- the board

    def format(self) -> str:
        """The board as text, accepted back by :meth:`Board.parse`."""
        h = self._handle()
        if self._text is None:
            self._text = get_string(F.mg_board_format, h)
        return self._text

    def render(self, svg: bool = False, cells: bool = True,
               beams: bool = True) -> str:
        """A picture: ASCII text, or an SVG document with ``svg=True``;
        the tiles' cells, the beams between neighbours, or both."""
        flags = (SHOW_CELLS if cells else 0) | (SHOW_BEAMS if beams else 0)
        return get_string(F.mg_board_render, self._handle(),
                          RENDER_SVG if svg else RENDER_TEXT, flags)

    def __str__(self) -> str:
        return self.render()

    @property
    def kind(self) -> BoardKind:
        """``BoardKind.OCTOPUSZLE`` or ``BoardKind.LABYRINTH``."""
        return BoardKind(check(F.mg_board_kind(self._handle())))

    @property
    def cell_count(self) -> int:
        """The number of playing cells: 255 or 63 (also ``len(board)``)."""
        return check(F.mg_board_cell_count(self._handle()))

    def __len__(self) -> int:
        return self.cell_count

    @property
    def fingerprint(self) -> int:
        """A 64-bit fingerprint of the playing cells, equal for boards
        that differ only by translation, rotation or reflection."""
        return int(F.mg_board_fingerprint(self._handle()))

    @property
    def blank(self) -> Tuple[int, int]:
        """(x, y) of the blank tile."""
        return pair(F.mg_board_blank_position, c_int32, self._handle())

    def _cell(self, h: int, cell: Any) -> int:
        """A cell index, else OutOfRangeError naming the range."""
        return _args.id_below(cell, "cell", check(F.mg_board_cell_count(h)),
                              "cells", "this board's")

    def cell_position(self, cell: int) -> Tuple[int, int]:
        """(x, y) of a playing cell (OutOfRangeError for no such cell)."""
        h = self._handle()
        return pair(F.mg_board_cell_position, c_int32, h,
                    self._cell(h, cell))

    def cell_positions(self) -> List[Tuple[int, int]]:
        """(x, y) of every playing cell, by cell index."""
        h = self._handle()
        x, y = c_int32(), c_int32()
        out = []
        for i in range(check(F.mg_board_cell_count(h))):
            check(F.mg_board_cell_position(h, i, byref(x), byref(y)))
            out.append((x.value, y.value))
        return out

    def cell_at(self, x: int, y: int) -> Optional[int]:
        """The playing cell at (x, y), or None when there is none there
        (also for coordinates beyond int32_t)."""
        h = self._handle()
        xi = _args.index(x, "x")
        yi = _args.index(y, "y")
        if not (_args.fits32(xi) and _args.fits32(yi)):
            return None
        rc = F.mg_board_cell_at(h, xi, yi)
        if rc == ErrorCode.ERANGE:
            return None
        return check(rc)

    def cell_mask(self, cell: int) -> int:
        """The cell's neighbour mask: bit i set when the neighbour in
        direction i is a playing cell (E first, counter-clockwise)."""
        h = self._handle()
        return check(F.mg_board_cell_mask(h, self._cell(h, cell)))

    def cell_class(self, cell: int) -> int:
        """The cell's pattern class: the smallest mask among the rotations
        and reflections of its mask (rules §1.2, §2.2)."""
        h = self._handle()
        return check(F.mg_board_cell_class(h, self._cell(h, cell)))

    def cell_name(self, cell: int) -> str:
        """The cell's name, e.g. ``"f7"``."""
        h = self._handle()
        return get_string(F.mg_board_cell_name, h, self._cell(h, cell))

    def cell_neighbors(self, cell: int) -> List[int]:
        """The cell's neighbouring cells in direction order."""
        h = self._handle()
        return get_ints(F.mg_board_cell_neighbors, h,
                        self._cell(h, cell), cap=8)

    # ----------------------------------------------------------- Python

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self is other or self.format() == other.format()

    def __hash__(self) -> int:
        return hash(self.format())

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Board, (self.format(),))

    def __repr__(self) -> str:
        if self.closed:
            return "<mindgames.Board closed>"
        return "<mindgames.Board %s, %d cells, fingerprint %016x%s>" % (
            self.kind.name.lower(), self.cell_count, self.fingerprint,
            ", of a game" if self._owner is not None else "")
