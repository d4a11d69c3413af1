"""The constants of include/mindgames.h.

Kinds come as :class:`enum.IntEnum` members, which compare equal to the
library's integers (``BoardKind.LABYRINTH == 2``); the C names are kept as
plain aliases (``BOARD_LABYRINTH``, ``SITE_LINE``, ``EILLEGAL``, ...) for
code that follows the header.
"""
from __future__ import annotations

import enum

__all__ = [
    "NOBODY", "DRAW", "NEUTRAL",
    "ErrorCode", "BoardKind", "SiteKind", "OptionType",
    "OK", "EINVAL", "ENOMEM", "ENOBUFS", "ERANGE", "ESYNTAX", "ENOGAME",
    "EOPTION", "EVALUE", "EILLEGAL", "EOVER", "EEMPTY", "EMISMATCH",
    "EUNSUPPORTED", "EBOARD", "EBUDGET", "SOLVER_UNKNOWN",
    "RENDER_TEXT", "RENDER_SVG", "BOARD_OCTOPUSZLE", "BOARD_LABYRINTH",
    "SHOW_CELLS", "SHOW_BEAMS",
    "SITE_CELL", "SITE_POINT", "SITE_LINE", "SITE_BOX",
    "OPTION_INT", "OPTION_BOOL", "OPTION_ENUM", "OPTION_SEED",
    "OPTION_DECIMAL",
]

NOBODY: int = -1
"""No player: ``State.current_player`` when the game is over,
``State.winner`` while it goes on, ``State.site()`` of an empty site."""

DRAW: int = 2
"""``State.winner`` of a drawn game."""

NEUTRAL: int = 3
"""``State.site()`` of a site that belongs to neither seat (a line drawn
before the game)."""


class ErrorCode(enum.IntEnum):
    """The library's result codes (``MG_OK``, ``MG_E*``): fixed forever."""

    OK = 0
    EINVAL = -2        #: invalid argument
    ENOMEM = -3        #: out of memory
    ENOBUFS = -4       #: buffer too small (handled inside the binding)
    ERANGE = -5        #: id, player, dot or cell name out of range
    ESYNTAX = -6       #: malformed text (spec, notation, record, board)
    ENOGAME = -7       #: unknown game (or bot) id
    EOPTION = -8       #: unknown, repeated or inapplicable option key
    EVALUE = -9        #: bad option value or combination
    EILLEGAL = -10     #: action not legal in this state
    EOVER = -11        #: the game is over
    EEMPTY = -12       #: nothing to undo
    EMISMATCH = -13    #: objects of different games (or board kinds)
    EUNSUPPORTED = -14  #: the game has no such notion
    EBOARD = -15       #: not a valid two-group transcendental board
    EBUDGET = -16      #: a search stopped at its node or time budget


class BoardKind(enum.IntEnum):
    """The kinds of transcendental board (``MG_BOARD_*``)."""

    OCTOPUSZLE = 1     #: square grid, 8 beams, 255 playing cells
    LABYRINTH = 2      #: hexagonal grid, 6 beams, 63 playing cells


class SiteKind(enum.IntEnum):
    """The kinds of site of a game (``MG_SITE_*``, ``Site.kind``)."""

    CELL = 1           #: a cell of a China board
    POINT = 2          #: a point of Fangqi or Chains of Thought
    LINE = 3           #: a line of Dots and Boxes
    BOX = 4            #: a box of Dots and Boxes


class OptionType(enum.IntEnum):
    """The types of a game option (``MG_OPTION_*``, ``Option.type``, since
    1.4)."""

    INT = 1            #: an integer in a range
    BOOL = 2           #: true or false
    ENUM = 3           #: one of named values
    SEED = 4           #: any unsigned 64-bit integer (a board seed)
    DECIMAL = 5        #: a decimal with up to three places


OK = ErrorCode.OK
EINVAL = ErrorCode.EINVAL
ENOMEM = ErrorCode.ENOMEM
ENOBUFS = ErrorCode.ENOBUFS
ERANGE = ErrorCode.ERANGE
ESYNTAX = ErrorCode.ESYNTAX
ENOGAME = ErrorCode.ENOGAME
EOPTION = ErrorCode.EOPTION
EVALUE = ErrorCode.EVALUE
EILLEGAL = ErrorCode.EILLEGAL
EOVER = ErrorCode.EOVER
EEMPTY = ErrorCode.EEMPTY
EMISMATCH = ErrorCode.EMISMATCH
EUNSUPPORTED = ErrorCode.EUNSUPPORTED
EBOARD = ErrorCode.EBOARD
EBUDGET = ErrorCode.EBUDGET

SOLVER_UNKNOWN: int = -(1 << 31)
"""``MG_SOLVER_UNKNOWN``: the C value of an action the budget left
unknown (:meth:`Solver.values` gives None instead)."""

RENDER_TEXT: int = 1
"""``MG_RENDER_TEXT``: plain ASCII (``render()``)."""
RENDER_SVG: int = 2
"""``MG_RENDER_SVG``: a standalone SVG document (``render(svg=True)``)."""
BOARD_OCTOPUSZLE = BoardKind.OCTOPUSZLE
BOARD_LABYRINTH = BoardKind.LABYRINTH
SHOW_CELLS: int = 1
"""``MG_BOARD_SHOW_CELLS``: ``Board.render(cells=True)``."""
SHOW_BEAMS: int = 2
"""``MG_BOARD_SHOW_BEAMS``: ``Board.render(beams=True)``."""
SITE_CELL = SiteKind.CELL
SITE_POINT = SiteKind.POINT
SITE_LINE = SiteKind.LINE
SITE_BOX = SiteKind.BOX
OPTION_INT = OptionType.INT
OPTION_BOOL = OptionType.BOOL
OPTION_ENUM = OptionType.ENUM
OPTION_SEED = OptionType.SEED
OPTION_DECIMAL = OptionType.DECIMAL
