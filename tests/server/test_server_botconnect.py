"""mg-bot-connect (man/man1/mg-bot-connect.1): an engine of the engine
protocol on mg-server with one command.  The library's own engine
(build/programs/mg-engine) plays whole games against a scripted player
over HTTP; an engine that crashes mid-game resigns its seat and the
program stops with status 3; a server restart mid-game is survived; bad
arguments are refused with status 2 and a message."""

import os
import random
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = os.path.dirname(os.path.abspath(mgclient.SERVER))


def program(name):
    """name beside the server under test, else the checkout's own build
    (a sanitized server's folder has only the server)."""
    for d in (BUILD, os.path.join(mgclient.ROOT, "build", "programs")):
        if os.path.exists(os.path.join(d, name)):
            return os.path.join(d, name)
    return os.path.join(BUILD, name)


CONNECT = os.environ.get("MG_BOT_CONNECT") or program("mg-bot-connect")
ENGINE = program("mg-engine")
DAB = "dots_and_boxes(rows=3,cols=3,border=swedish)"


def setUpModule():
    for f in (mgclient.SERVER, CONNECT, ENGINE):
        if not os.path.exists(f):
            if os.environ.get("CI"):  # CI builds them: a skip hides a fault
                raise AssertionError("no %s (make server)" % f)
            raise unittest.SkipTest("no %s (make server tools)" % f)


class Player(object):
    """A scripted player: joins by the invitation link with a player
    token and plays random legal moves by HTTP until the game ends,
    accepting rematches (following the "rematch" snapshot field)."""

    def __init__(self, srv, name, seed=1):
        self.srv = srv
        a = srv.request("POST", "/api/v1/players", {"name": name})
        assert a.status == 201, a
        self.token = a.json["token"]
        self.rng = random.Random(seed)
        self.results = []

    def join(self, link):
        tid, _, invite = link.rpartition("/t/")[2].partition("#invite=")
        a = self.srv.request("POST", "/api/v1/tables/%s/join" % tid,
                             {"invite": invite}, secret=self.token)
        assert a.status == 200, a
        return tid, a.json["seat"], a.json["secret"]

    def play(self, tid, seat, secret, stop_after=None, deadline=30):
        """Moves until the game ends (or after stop_after own moves);
        the last snapshot."""
        end = time.time() + deadline
        made = 0
        while time.time() < end:
            snap = self.srv.snapshot(tid)
            if snap["status"] in ("over", "aborted"):
                self.results.append(snap)
                return snap
            if snap["status"] == "playing" and snap["to_move"] == seat:
                if stop_after is not None and made >= stop_after:
                    return snap
                r = mgclient.Replay(snap["spec"], snap["actions"])
                a = self.srv.command(tid, secret, "move",
                                     action=r.random_action(self.rng),
                                     expect_version=snap["version"])
                assert a.status in (200, 409), a
                made += 1
                continue
            self.srv.poll(tid, snap["version"], timeout=40)
        raise AssertionError("the game at %s did not end" % tid)


class BotConnectCase(unittest.TestCase):
    def server(self):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                    "--players-per-hour", "0"])
        self.addCleanup(srv.cleanup)
        srv.start()
        return srv

    def connect(self, srv, *args, engine=(ENGINE, "random")):
        cmd = [CONNECT, "--server", srv.origin] + list(args) + \
            ["--"] + list(engine)
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        self.addCleanup(self.reap, p)
        return p

    def reap(self, p):
        if p.poll() is None:
            p.kill()
        p.wait(10)
        p.stdout.close()
        p.stderr.close()

    def finish(self, p, timeout=30):
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err


class TestPlay(BotConnectCase):
    def test_whole_games_and_rematch(self):
        srv = self.server()
        p = self.connect(srv, "--name", "Relay_Bot", "--create", DAB,
                         "--games", "2", "--movetime", "50")
        link = p.stdout.readline().strip()
        self.assertIn("/t/", link)
        self.assertIn("#invite=", link)
        human = Player(srv, "Scripted", seed=7)
        tid, seat, secret = human.join(link)
        first = human.play(tid, seat, secret)
        self.assertEqual(first["status"], "over")
        self.assertEqual(first["seats"][1 - seat]["player"], "Relay_Bot")
        # both sides moved; the bot's moves are the engine's, legal ones
        self.assertGreater(len(first["moves"]), 4)
        # the second game: the rematch, seats swapped, same secret
        for _ in range(100):
            rem = srv.snapshot(tid)["rematch"]
            if rem:
                break
            time.sleep(0.1)
        self.assertTrue(rem)
        second = human.play(rem, 1 - seat, secret)
        self.assertEqual(second["status"], "over")
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 0, err)
        lines = out.split("\n")
        self.assertTrue(lines[0].startswith(tid) and
                        lines[0].split()[1] in ("won", "lost", "drawn"),
                        out)
        self.assertTrue(lines[1].startswith(rem), out)
        # the account is a bot's
        a = srv.request("GET", "/api/v1/players/Relay_Bot")
        self.assertIs(a.json["bot"], True)

    def test_join_with_token_file_and_restart(self):
        srv = self.server()
        tmp = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(tmp, True))
        tf = os.path.join(tmp, "token")
        human = Player(srv, "Host_Ann", seed=3)
        c = srv.request("POST", "/api/v1/tables",
                        {"spec": DAB, "seat": 0}, secret=human.token)
        self.assertEqual(c.status, 201, repr(c))
        link = "%s/t/%s#invite=%s" % (srv.origin, c.json["id"],
                                     c.json["invite"])
        p = self.connect(srv, "--name", "Joiner_Bot", "--token-file", tf,
                         "--join", link, "--movetime", "50",
                         "--retry-for", "30")
        tid, secret = c.json["id"], c.json["secret"]
        for _ in range(100):
            if srv.snapshot(tid)["status"] == "playing":
                break
            time.sleep(0.1)
        # two moves each, then the server restarts under the bot
        human.play(tid, 0, secret, stop_after=2)
        srv.stop()
        time.sleep(0.5)
        srv.start()
        human.play(tid, 0, secret)
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 0, err)
        self.assertTrue(out.startswith(tid), out)
        # the token was kept, 0600, and speaks for the bot
        self.assertEqual(stat.S_IMODE(os.stat(tf).st_mode), 0o600)
        with open(tf) as f:
            tok = f.read().strip()
        me = srv.request("GET", "/api/v1/players/me", secret=tok)
        self.assertEqual(me.json["name"], "Joiner_Bot")
        # reused: a second run with the same file registers nothing
        c2 = srv.request("POST", "/api/v1/tables", {"spec": DAB},
                         secret=human.token)
        link2 = "%s/t/%s#invite=%s" % (srv.origin, c2.json["id"],
                                      c2.json["invite"])
        p2 = self.connect(srv, "--token-file", tf, "--join", link2,
                          "--movetime", "50")
        human.play(c2.json["id"], 0, c2.json["secret"])
        rc, out, err = self.finish(p2)
        self.assertEqual(rc, 0, err)
        snap = srv.snapshot(c2.json["id"])
        self.assertEqual(snap["seats"][1]["player"], "Joiner_Bot")


class TestLobby(BotConnectCase):
    def test_seek_and_accept(self):
        """Two engines find each other in the lobby: one posts a seek,
        the other accepts it; two games, each from the lobby again."""
        srv = self.server()
        seeker = self.connect(srv, "--name", "Seeker_Bot", "--seek", DAB,
                              "--clock", "60+1", "--games", "2",
                              "--movetime", "30")
        accepter = self.connect(srv, "--name", "Taker_Bot", "--accept",
                                "--games", "2", "--movetime", "30",
                                engine=(ENGINE, "greedy"))
        rc1, out1, err1 = self.finish(seeker, 60)
        rc2, out2, err2 = self.finish(accepter, 60)
        self.assertEqual((rc1, rc2), (0, 0), err1 + err2)
        g1 = [ln.split() for ln in out1.strip().split("\n")]
        g2 = [ln.split() for ln in out2.strip().split("\n")]
        self.assertEqual(len(g1), 2, out1)
        self.assertEqual([g[0] for g in g1], [g[0] for g in g2])
        self.assertNotEqual(g1[0][0], g1[1][0])
        for a, b in zip(g1, g2):
            snap = srv.snapshot(a[0])
            self.assertEqual(snap["status"], "over")
            self.assertEqual(snap["clock"]["base_ms"], 60000)
            names = sorted(st["player"] for st in snap["seats"])
            self.assertEqual(names, ["Seeker_Bot", "Taker_Bot"])
            pair = {a[1], b[1]}
            self.assertIn(pair, ({"won", "lost"}, {"drawn"}))
        # nothing left behind in the lobby
        self.assertEqual(srv.request("GET", "/api/v1/seeks").json["seeks"],
                         [])

    def test_challenges(self):
        """--seek with --to challenges one player, who alone sees it;
        --accept takes a challenge to the bot."""
        srv = self.server()
        human = Player(srv, "Challenged", seed=5)
        p = self.connect(srv, "--name", "Chall_Bot", "--seek", DAB,
                         "--to", "challenged", "--movetime", "30")
        seen = []
        for _ in range(100):
            seen = srv.request("GET", "/api/v1/seeks",
                               secret=human.token).json["seeks"]
            if seen:
                break
            time.sleep(0.1)
        self.assertEqual([(s["owner"], s["to"]) for s in seen],
                         [("Chall_Bot", "Challenged")])
        self.assertEqual(srv.request("GET", "/api/v1/seeks").json["seeks"],
                         [])
        acc = srv.request("POST", "/api/v1/seeks/%s/accept" % seen[0]["id"],
                          {}, secret=human.token)
        self.assertEqual(acc.status, 200, repr(acc))
        human.play(acc.json["table"], acc.json["seat"], acc.json["secret"])
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 0, err)
        self.assertTrue(out.startswith(acc.json["table"]), out)
        # the other way: a challenge to a bot that accepts
        q = self.connect(srv, "--name", "Taker2_Bot", "--accept",
                         "--movetime", "30")
        for _ in range(100):  # registered
            if srv.request("GET", "/api/v1/players/Taker2_Bot").status == 200:
                break
            time.sleep(0.1)
        c = srv.request("POST", "/api/v1/seeks",
                        {"spec": DAB, "to": "Taker2_Bot", "seat": 0},
                        secret=human.token)
        self.assertEqual(c.status, 201, repr(c))
        for _ in range(100):
            g = srv.request("GET", "/api/v1/seeks/" + c.json["id"],
                            secret=human.token)
            if g.json.get("status") == "accepted":
                break
            time.sleep(0.1)
        self.assertEqual(g.json["status"], "accepted", repr(g))
        human.play(g.json["table"], 0, c.json["secret"])
        rc, out, err = self.finish(q)
        self.assertEqual(rc, 0, err)
        # a challenge declined: status 4, said
        decliner = Player(srv, "Decliner")
        p = self.connect(srv, "--token", human.token, "--seek", DAB,
                         "--to", "Decliner")
        for _ in range(100):
            seen = srv.request("GET", "/api/v1/seeks",
                               secret=decliner.token).json["seeks"]
            if seen:
                break
            time.sleep(0.1)
        d = srv.request("POST", "/api/v1/seeks/%s/cancel" % seen[0]["id"],
                        {}, secret=decliner.token)
        self.assertEqual(d.json.get("declined"), True, repr(d))
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 4, err)
        self.assertIn("declined", err)

    def test_accept_only_games_the_engine_plays(self):
        srv = self.server()
        tmp = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(tmp, True))
        eng = os.path.join(tmp, "picky.sh")
        with open(eng, "w") as f:
            f.write("#!/bin/sh\nwhile read -r c r; do case $c in hello) "
                    "echo 'id games fangqi'; echo 'ok 1';; *) echo error;; "
                    "esac; done\n")
        os.chmod(eng, 0o755)
        human = Player(srv, "Seeking_Sam")
        a = srv.request("POST", "/api/v1/seeks", {"spec": DAB},
                        secret=human.token)
        self.assertEqual(a.status, 201, repr(a))
        p = self.connect(srv, "--name", "Picky_Bot", "--accept",
                         engine=(eng,))
        time.sleep(2.5)  # it has read the seeks twice by now
        self.assertIsNone(p.poll())
        g = srv.request("GET", "/api/v1/seeks/" + a.json["id"],
                        secret=human.token)
        self.assertEqual(g.json["status"], "open", repr(g))


CRASHER = r"""#!/bin/sh
# an engine that answers hello, game and moves, and dies at its %d-th go
n=0
while read -r cmd rest; do
  case "$cmd" in
    hello) echo "ok 1" ;;
    go) n=$((n+1)); [ "$n" -ge %d ] && exit 9
        echo "ok $(cat "$0.move")" ;;
    *) echo "ok" ;;
  esac
done
"""


class TestFailures(BotConnectCase):
    def test_engine_crash_resigns(self):
        srv = self.server()
        tmp = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(tmp, True))
        eng = os.path.join(tmp, "crash.sh")
        with open(eng, "w") as f:
            f.write(CRASHER % (1, 1))
        os.chmod(eng, 0o755)
        p = self.connect(srv, "--name", "Crash_Bot", "--create", DAB,
                         "--movetime", "50", engine=(eng,))
        link = p.stdout.readline().strip()
        human = Player(srv, "Witness")
        tid, seat, secret = human.join(link)
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 3, err)
        self.assertIn("exited with status 9", err)
        self.assertIn("resigned", err)
        snap = srv.snapshot(tid)
        self.assertEqual(snap["status"], "over")
        self.assertEqual(snap["result"]["how"], "resign")
        self.assertEqual(snap["result"]["winner"], seat)

    def test_hung_engine_is_stopped(self):
        srv = self.server()
        tmp = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(tmp, True))
        eng = os.path.join(tmp, "hang.sh")
        with open(eng, "w") as f:
            f.write("#!/bin/sh\nwhile read -r c r; do case $c in "
                    "hello) echo 'ok 1';; go) sleep 100;; *) echo ok;; "
                    "esac; done\n")
        os.chmod(eng, 0o755)
        p = self.connect(srv, "--name", "Hang_Bot", "--create", DAB,
                         "--movetime", "50", "--margin", "300",
                         engine=(eng,))
        link = p.stdout.readline().strip()
        human = Player(srv, "Witness2")
        tid, seat, secret = human.join(link)
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 3, err)
        self.assertIn("did not answer in time", err)
        self.assertEqual(srv.snapshot(tid)["result"]["winner"], seat)

    def test_illegal_move_resigns(self):
        srv = self.server()
        tmp = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(tmp, True))
        eng = os.path.join(tmp, "bad.sh")
        with open(eng, "w") as f:
            f.write(CRASHER % (99, 99))
        with open(eng + ".move", "w") as f:
            f.write("zz9")
        os.chmod(eng, 0o755)
        p = self.connect(srv, "--name", "Bad_Bot", "--create", DAB,
                         engine=(eng,))
        link = p.stdout.readline().strip()
        human = Player(srv, "Witness3")
        tid, seat, secret = human.join(link)
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 3, err)
        self.assertIn("zz9", err)
        self.assertEqual(srv.snapshot(tid)["result"]["how"], "resign")

    def test_bad_arguments(self):
        url = "http://127.0.0.1:1"
        cases = [
            ([], "no engine"),
            (["--name", "X_bot", "--", ENGINE], "one of --create"),
            (["--name", "X_bot", "--create", DAB, "--join", "a#invite=b",
              "--", ENGINE], "one of --create"),
            (["--games", "0", "--", ENGINE], "--games 0"),
            (["--movetime", "x", "--", ENGINE], "--movetime x"),
            (["--bogus", "1", "--", ENGINE], "unknown option --bogus"),
            (["--name"], "--name needs a value"),
            (["--server", "ftp://x", "--name", "X_bot", "--create", DAB,
              "--", ENGINE], "http://"),
            (["--name", "X_bot", "--join", "no-invite-here", "--",
              ENGINE], "--join no-invite-here"),
            (["--name", "X_bot", "--token", "t", "--create", DAB, "--",
              ENGINE], "not both"),
            (["--name", "X_bot", "--join", "a#invite=b", "--clock", "60",
              "--", ENGINE], "--clock goes with --create"),
            ([ENGINE], "after --"),
            (["--name", "X_bot", "--create", DAB, "--to", "someone", "--",
              ENGINE], "--to NAME goes with --seek"),
        ]
        for args, words in cases:
            p = subprocess.run([CONNECT, "--server", url] + args,
                               capture_output=True, text=True, timeout=10)
            self.assertEqual(p.returncode, 2, (args, p.stderr))
            self.assertIn(words, p.stderr, args)
        # a server that is not there: status 4 after --retry-for
        p = subprocess.run([CONNECT, "--server", url, "--retry-for", "0",
                            "--name", "X_bot", "--create", DAB, "--",
                            ENGINE, "random"],
                           capture_output=True, text=True, timeout=20)
        self.assertEqual(p.returncode, 4, p.stderr)
        self.assertIn("does not answer", p.stderr)

    def test_not_an_engine(self):
        srv = self.server()
        p = self.connect(srv, "--name", "Cat_Bot", "--create", DAB,
                         engine=("/bin/false",))
        rc, out, err = self.finish(p)
        self.assertEqual(rc, 3, err)
        self.assertIn("does not speak the engine protocol", err)


if __name__ == "__main__":
    unittest.main()
