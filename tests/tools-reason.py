#!/usr/bin/env python3
"""tools-reason.py LIB FILE [BLOCK] [MOVE] - the library's reason line, for
tests/tools-reasons-check.sh to compare with what the tools show.

FILE is a game record (mg_state_save) or an mg-match records file; BLOCK
(a number, 0 for a plain record) picks game BLOCK of a records file.
Prints mg_state_illegal_reason of MOVE in the record's position, or
without MOVE mg_state_end_reason of it (the game must be over).  Only
ctypes and the library: no package needed.  Exit 1 on any failure.
"""
import ctypes
import sys
from ctypes import POINTER, byref, c_char_p, c_int, c_int32, c_size_t, c_void_p


def block_of(text, n):
    """The record of game n of a records file."""
    out, inside = [], False
    for line in text.splitlines(True):
        if line.startswith("# game %d:" % n):
            inside = True
        elif inside and line.startswith("# end game"):
            return "".join(out)
        elif inside and not line.startswith("#"):
            out.append(line)
    raise SystemExit("tools-reason: no game %d in the records" % n)


def main(argv):
    lib = ctypes.CDLL(argv[1])
    text = open(argv[2]).read()
    block = int(argv[3]) if len(argv) > 3 else 0
    move = argv[4] if len(argv) > 4 else None
    if block:
        text = block_of(text, block)
    lib.mg_state_load.argtypes = [POINTER(c_void_p), POINTER(c_void_p),
                                  c_char_p, c_char_p, c_size_t]
    lib.mg_state_action_from_string.argtypes = [
        c_void_p, c_char_p, POINTER(c_int32), c_char_p, c_size_t]
    lib.mg_state_illegal_reason.argtypes = [
        c_void_p, c_int32, c_char_p, c_size_t, POINTER(c_size_t)]
    lib.mg_state_end_reason.argtypes = [c_void_p, c_char_p, c_size_t,
                                        POINTER(c_size_t)]
    for f in ("mg_state_load", "mg_state_action_from_string",
              "mg_state_illegal_reason", "mg_state_end_reason"):
        getattr(lib, f).restype = c_int
    st, g = c_void_p(), c_void_p()
    err = ctypes.create_string_buffer(512)
    if lib.mg_state_load(byref(st), byref(g), text.encode(), err, 512) != 0:
        raise SystemExit("tools-reason: not a record: %s" % err.value)
    buf, need = ctypes.create_string_buffer(4096), c_size_t()
    if move is None:
        if lib.mg_state_end_reason(st, buf, 4096, byref(need)) != 0:
            raise SystemExit("tools-reason: the game is not over")
    else:
        a = c_int32()
        if lib.mg_state_action_from_string(st, move.encode(), byref(a), err,
                                           512) != 0:
            raise SystemExit("tools-reason: not a move: %s" % move)
        if lib.mg_state_illegal_reason(st, a, buf, 4096, byref(need)) == 0:
            raise SystemExit("tools-reason: %s is legal there" % move)
    print(buf.value.decode())


if __name__ == "__main__":
    main(sys.argv)
