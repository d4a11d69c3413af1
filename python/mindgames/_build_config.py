"""Where the build put things (rewritten by setup.py in every build).

BUNDLED: whether the build compiled libmindgames into the package folder.
LIBDIR: the library folder recorded by ``make install-python``
(MINDGAMES_LIBDIR at build time), searched right after the package
folder; None when nothing was recorded.  In the source tree both are off.
"""
from typing import Optional

BUNDLED: bool = False
LIBDIR: Optional[str] = None
