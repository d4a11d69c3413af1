"""Facts about the loaded library: its version, its file, its messages."""
from __future__ import annotations

from . import _ffi
from ._ffi import F

__all__ = ["version", "version_number", "strerror", "library_path"]


def version() -> str:
    """The loaded library's version, ``"MAJOR.MINOR.PATCH"``."""
    return F.mg_version_string().decode("ascii")  # type: ignore[no-any-return]


def version_number() -> int:
    """The loaded library's ``MAJOR*10000 + MINOR*100 + PATCH``."""
    return int(F.mg_version_number())


def strerror(code: int) -> str:
    """The library's short description of a result code (``"illegal
    action"``); ``"unknown error"`` for a code it does not know."""
    from . import _args
    c = _args.quantity(code, "code")
    return F.mg_strerror(c).decode("ascii")  # type: ignore[no-any-return]


def library_path() -> str:
    """The file of the loaded libmindgames (see the lookup order in the
    package's documentation)."""
    return _ffi.LIBRARY_PATH
