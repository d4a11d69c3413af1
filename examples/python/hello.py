"""Play one random game of Dots and Boxes through ctypes (standard library only)."""
import ctypes, ctypes.util, os, random
from ctypes import POINTER, byref, c_char_p, c_int, c_int32, c_size_t, c_void_p

lib = ctypes.CDLL(os.environ.get("MINDGAMES_LIB")
                  or ctypes.util.find_library("mindgames") or "libmindgames.so.1")
BUF = [c_char_p, c_size_t, POINTER(c_size_t)]  # buf, cap, needed
for name, res, args in [  # declare every type: handles are c_void_p, never int
        ("mg_game_new", c_int, [POINTER(c_void_p), c_char_p, c_char_p, c_size_t]),
        ("mg_game_max_legal_actions", c_int32, [c_void_p]),
        ("mg_state_new", c_int, [POINTER(c_void_p), c_void_p]),
        ("mg_state_is_terminal", c_int, [c_void_p]),
        ("mg_state_legal_actions", c_int, [c_void_p, POINTER(c_int32), c_size_t, POINTER(c_size_t)]),
        ("mg_state_action_to_string", c_int, [c_void_p, c_int32] + BUF),
        ("mg_state_apply", c_int, [c_void_p, c_int32]),
        ("mg_state_render", c_int, [c_void_p, c_int] + BUF),
        ("mg_state_winner", c_int, [c_void_p]),
        ("mg_state_free", None, [c_void_p]), ("mg_game_free", None, [c_void_p])]:
    getattr(lib, name).restype, getattr(lib, name).argtypes = res, args

game, state, err = c_void_p(), c_void_p(), ctypes.create_string_buffer(256)
if lib.mg_game_new(byref(game), b"dots_and_boxes(rows=3,cols=3)", err, len(err)):
    raise SystemExit(err.value.decode())
lib.mg_state_new(byref(state), game)
cap = lib.mg_game_max_legal_actions(game)
legal, n, move = (c_int32 * cap)(), c_size_t(), ctypes.create_string_buffer(64)
while not lib.mg_state_is_terminal(state):
    lib.mg_state_legal_actions(state, legal, cap, byref(n))
    action = random.choice(legal[:n.value])
    lib.mg_state_action_to_string(state, action, move, len(move), None)
    print(move.value.decode(), end=" ")
    lib.mg_state_apply(state, action)
lib.mg_state_render(state, 1, None, 0, byref(n))  # size query (MG_RENDER_TEXT = 1)
board = ctypes.create_string_buffer(n.value)
lib.mg_state_render(state, 1, board, len(board), byref(n))
print("\n" + board.value.decode())
print("result:", {0: "A wins", 1: "B wins", 2: "draw"}[lib.mg_state_winner(state)])
lib.mg_state_free(state)
lib.mg_game_free(game)
