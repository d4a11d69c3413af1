"""Optional NumPy: imported on first use, never required.

The methods that return arrays of numbers (``State.legal_actions``,
``State.sites``, ``State.observation``, ``Game.site_symmetries``,
``Game.action_symmetries``) return lists by default, the same on every
machine.  ``as_numpy=True`` returns a new ``numpy.ndarray`` filled by the
library itself (no copy through Python objects), and ``out=array`` fills
a preallocated array in place (zero-copy; NumPy dtype int32 / int8 /
float32, C-contiguous, writable).  Without NumPy, ``as_numpy=True`` raises
``ImportError`` saying so, and ``out`` must be a NumPy array anyway.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

__all__ = ["have_numpy"]

_numpy: Any = None
_tried = False
_types: Dict[Tuple[Any, int], Any] = {}
_dtypes: Dict[str, Any] = {}


def numpy_or_none() -> Any:
    """The numpy module, or None when it cannot be imported."""
    global _numpy, _tried
    if not _tried:
        module: Any
        try:
            import numpy as module
        except ImportError:
            module = None
        _numpy, _tried = module, True
    return _numpy


def have_numpy() -> bool:
    """Whether NumPy can be imported here (``as_numpy=True`` and ``out=``
    need it; everything else works without)."""
    return numpy_or_none() is not None


def need_numpy(what: str) -> Any:
    """The numpy module, or ImportError naming what needed it."""
    np = numpy_or_none()
    if np is None:
        raise ImportError(
            "%s needs NumPy, which is not installed here (pip install "
            "numpy, or apt-get install python3-numpy); without it the "
            "method returns lists" % what)
    return np


def c_array(ctype: Any, n: int) -> Any:
    """The ctypes array type ctype * n (cached)."""
    key = (ctype, n)
    t = _types.get(key)
    if t is None:
        t = _types[key] = ctype * n
    return t


def wrap_out(out: Any, dtype: str, ctype: Any, what: str,
             size: Optional[int] = None) -> Any:
    """A ctypes array over the memory of the NumPy array out (zero-copy),
    after checking its type: dtype, C-contiguous, writable, and exactly
    size elements when size is given."""
    np = numpy_or_none()
    if np is None or not isinstance(out, np.ndarray):
        raise TypeError("%s: out must be a numpy.ndarray of dtype %s, not %s"
                        % (what, dtype, type(out).__name__))
    want = _dtypes.get(dtype)
    if want is None:
        want = _dtypes[dtype] = np.dtype(dtype)
    dt = out.dtype
    if dt is not want and dt != want:
        raise TypeError("%s: out must have dtype %s, not %s"
                        % (what, dtype, out.dtype))
    flags = out.flags
    if not flags.c_contiguous:
        raise ValueError("%s: out must be C-contiguous" % what)
    if not flags.writeable:
        raise ValueError("%s: out is read-only" % what)
    if size is not None and out.size != size:
        raise ValueError("%s: out must have %d elements, it has %d"
                         % (what, size, out.size))
    n = out.size
    if n == 0:
        return None
    return c_array(ctype, n).from_buffer(out)


def empty(shape: Any, dtype: str) -> Any:
    """numpy.empty(shape, dtype)."""
    return numpy_or_none().empty(shape, dtype)


def as_ctypes_buffer(arr: Any, ctype: Any) -> Any:
    """A ctypes array over a fresh, contiguous NumPy array."""
    return c_array(ctype, arr.size).from_buffer(arr) if arr.size else None

