"""mindgames: the rules engines, boards and bots of libmindgames, from Python.

Dots and Boxes, the four China games on transcendental boards, Fangqi and
Chains of Thought, over the C library through ctypes (standard library
only; NumPy optional)::

    import mindgames as mg

    with mg.Game("dots_and_boxes(rows=3,cols=3)") as game, \\
            mg.Bot("mcts(iterations=500)", seed=1) as bot:
        state = game.new_state()
        state.apply("a1-b1")                 # notation, or an action id
        while not state.is_terminal:
            state.apply(bot.choose(state))
        print(state.render(), state.winner, state.scores)

Objects
    :class:`Game` (immutable, shared by threads), :class:`State` (a
    position with its history, one thread at a time), :class:`Board` (a
    transcendental board), :class:`Bot` (a computer player),
    :class:`Solver` (exact values and best actions, since 1.4; its
    ``solve()`` gives a :class:`Solution`), and
    :class:`Site` (one site of a game's board), and :class:`VectorGame`
    (many games stepped at once in C, for learning; 1.5, needs NumPy); :func:`game_options`
    lists a game's options as :class:`Option` tuples.  Properties are cheap
    attributes without arguments (``state.winner``, ``state.scores``,
    ``game.num_actions``); methods do work or take arguments
    (``state.legal_actions()``, ``state.history()``, ``state.render()``).
    Every object has ``close()`` and is a context manager; otherwise it is
    freed when collected.  A state keeps its game alive, and closing a
    game closes its states; using a closed object raises
    :class:`ClosedError`.

Errors
    Every failure raises :class:`MindgamesError` or its subclass for the
    code (:class:`IllegalActionError`, :class:`UnknownGameError`, ...) with
    ``.code``, ``.message`` (the library's, naming the offending part) and
    ``.strerror``.  Bad input derives from :class:`ValueError` too.  An
    action ``State.apply`` refuses carries ``.action`` and ``.reason``,
    the library's line naming the rule it breaks (1.5; also
    ``state.illegal_reason(action)``, and ``state.end_reason()`` once the
    game is over).

Arguments
    Integer arguments are checked before they reach ctypes, which would
    otherwise keep their low bits: an id (action, site, cell, symmetry,
    player, coordinate) beyond ``int32_t`` is out of range like any other
    (:class:`OutOfRangeError`, whose message names the valid range, from
    an operation; False or None from a predicate or lookup), a seed
    outside 0 .. 2**64-1 or a limit beyond ``int32_t`` raises
    :class:`OverflowError`, and a non-integer :class:`TypeError` (a
    ``bool`` too, since 1.5: ``True`` is not an action id or a seed).  Text is ``str`` or ``bytes``; a NUL byte raises
    :class:`InvalidArgumentError`.

NumPy
    ``legal_actions``, ``sites``, ``observation`` and the symmetry tables
    return lists; ``as_numpy=True`` returns NumPy arrays, and ``out=``
    fills a preallocated array in place (zero-copy).  See
    :func:`have_numpy`.

Threads
    ctypes releases the GIL around every library call: threads playing on
    their own states (of one shared game) run in parallel.

Pickling
    States pickle through their game record, games through their spec
    (and board), boards through their text: ``multiprocessing`` pools can
    pass them.  Bots do not pickle.

The library
    Found through ``MINDGAMES_LIB``, then the package's own folder (the
    self-contained wheel), then ``ctypes.util.find_library``, then
    ``libmindgames.so.1``, then ``sys.prefix/lib`` and ``/usr/local/lib``;
    see :func:`library_path`, and :class:`LibraryNotFoundError` for what
    happens when it is missing.  ``mindgames.lib`` is the loaded
    ``ctypes.CDLL`` with every prototype declared (``PROTOTYPES``), for
    direct calls.
"""

from ._version import __version__
from .errors import (ERRORS, BudgetError, BufferTooSmallError, ClosedError,
                     GameOverError, IllegalActionError, InvalidArgumentError,
                     InvalidBoardError, LibraryNotFoundError, MindgamesError,
                     MismatchError, NotationError, NothingToUndoError,
                     OptionError, OptionValueError, OutOfMemoryError,
                     OutOfRangeError, UnknownBotError, UnknownGameError,
                     UnsupportedError, error_class)
from ._ffi import MISSING, PROTOTYPES, SONAME, lib, load_library
from .constants import (BOARD_LABYRINTH, BOARD_OCTOPUSZLE, DRAW, EBOARD,
                        EBUDGET, SOLVER_UNKNOWN,
                        EEMPTY, EILLEGAL, EINVAL, EMISMATCH, ENOBUFS,
                        ENOGAME, ENOMEM, EOPTION, EOVER, ERANGE, ESYNTAX,
                        EUNSUPPORTED, EVALUE, NEUTRAL, NOBODY, OK,
                        RENDER_SVG, RENDER_TEXT, SHOW_BEAMS, SHOW_CELLS,
                        SITE_BOX, SITE_CELL, SITE_LINE, SITE_POINT,
                        OPTION_BOOL, OPTION_DECIMAL, OPTION_ENUM,
                        OPTION_INT, OPTION_SEED, BoardKind, ErrorCode,
                        OptionType, SiteKind)
from .library import library_path, strerror, version, version_number
from ._arrays import have_numpy
from .board import Board
from .game import Game, Site, game_ids
from .state import State
from .bot import Bot
from .solver import Solution, Solver
from .options import Option, game_options
from .vector import VectorGame
from .analysis import ActionValue, MoveAnalysis, analyse

__all__ = [
    "__version__",
    # objects
    "Game", "State", "Board", "Bot", "Site", "Option", "Solver", "Solution",
    "VectorGame", "ActionValue", "MoveAnalysis",
    # functions
    "game_ids", "game_options", "version", "version_number", "strerror", "library_path",
    "have_numpy", "load_library", "error_class", "analyse",
    # the library
    "lib", "PROTOTYPES", "MISSING", "SONAME",
    # errors
    "MindgamesError", "LibraryNotFoundError", "ClosedError",
    "InvalidArgumentError", "OutOfMemoryError", "BufferTooSmallError",
    "OutOfRangeError", "NotationError", "UnknownGameError", "OptionError",
    "OptionValueError", "IllegalActionError", "GameOverError",
    "NothingToUndoError", "MismatchError", "UnsupportedError",
    "InvalidBoardError", "BudgetError", "UnknownBotError", "ERRORS",
    # constants
    "ErrorCode", "BoardKind", "SiteKind", "OptionType", "NOBODY", "DRAW", "NEUTRAL",
    "OK", "EINVAL", "ENOMEM", "ENOBUFS", "ERANGE", "ESYNTAX", "ENOGAME",
    "EOPTION", "EVALUE", "EILLEGAL", "EOVER", "EEMPTY", "EMISMATCH",
    "EUNSUPPORTED", "EBOARD", "EBUDGET", "SOLVER_UNKNOWN", "RENDER_TEXT",
    "RENDER_SVG",
    "BOARD_OCTOPUSZLE", "BOARD_LABYRINTH", "SHOW_CELLS", "SHOW_BEAMS",
    "SITE_CELL", "SITE_POINT", "SITE_LINE", "SITE_BOX",
    "OPTION_INT", "OPTION_BOOL", "OPTION_ENUM", "OPTION_SEED",
    "OPTION_DECIMAL",
]
