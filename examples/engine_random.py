#!/usr/bin/env python3
"""engine_random.py - an engine in Python over mindgames-engine(7).

It plays a uniformly random legal action, seeded by the controller's
"seed N", through the mindgames Python package.  Run it from mg-match or
mg-play (with the package on PYTHONPATH and the library where the
package finds it, e.g. MINDGAMES_LIB=/path/to/libmindgames.so.1):

    mg-match "cmd:python3 examples/engine_random.py" greedy
"""
import random
import sys

import mindgames


def answer(*lines):
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()


def start(game):
    """A new state at the start of game."""
    if hasattr(game, "new_state"):
        return game.new_state()
    return mindgames.State(game)


def number(words, index=0):
    if len(words) <= index or not words[index].isdigit():
        raise ValueError("a number expected")
    return int(words[index])


def only_number(words):
    """The one argument of hello, seed and record: a command given words it
    does not take is refused (mindgames-engine(7), COMMANDS)."""
    if len(words) != 1:
        raise ValueError("one number expected, not %d words" % len(words))
    return number(words)


def go(state, args, rng):
    for i in range(1, len(args), 2):   # KEY VALUE pairs: movetime checked
        if args[i - 1] == "movetime":
            number(args, i)
    if len(args) % 2:
        raise ValueError("go takes KEY VALUE pairs")
    legal = list(state.legal_actions())
    if not legal:
        raise ValueError("the game is over")
    return "ok " + state.action_to_string(rng.choice(legal))


def main():
    game = state = None
    rng = random.Random(1)
    stdin = sys.stdin.buffer
    for raw in iter(stdin.readline, b""):
        line = raw.decode("utf-8", "replace").rstrip("\r\n")
        words = line.split()
        if not words:
            continue                      # an empty line: no answer
        cmd, args = words[0], words[1:]
        try:
            if "\0" in line:
                raise ValueError("the line holds a NUL byte")
            if cmd == "hello" and only_number(args) >= 1:
                answer("id name engine_random.py", "id author the "
                       "libmindgames examples", "id games *", "ok 1")
            elif cmd == "seed":
                rng.seed(only_number(args))
                answer("ok")
            elif cmd == "game" and args:
                game = mindgames.Game(line.split(None, 1)[1])
                state = start(game)
                answer("ok")
            elif cmd == "record":
                lines = [stdin.readline() for _ in range(only_number(args))]
                if not all(lines):
                    return                # the input ended inside it
                loaded = mindgames.State.load(b"".join(lines).decode())
                game, state = loaded.game, loaded
                answer("ok")
            elif cmd == "moves" and game:
                new = start(game)
                for move in args:
                    new.apply(move)
                state = new
                answer("ok")
            elif cmd == "go" and state:
                answer(go(state, args, rng))
            elif cmd == "quit" and not args:
                answer("ok")
                return
            else:
                raise ValueError("unknown command or bad arguments: " + cmd)
        except Exception as e:            # the engine stays usable
            answer("error " + " ".join(str(e).split())[:300])


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, KeyboardInterrupt):
        pass
