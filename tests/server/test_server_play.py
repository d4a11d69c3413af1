"""mg-server: ways to play (doc/server-api.md): correspondence clocks
(days per move, their deadlines durable across restarts) and the
computer's levels (GET /api/v1/levels, a table made with a level).

A day of a correspondence clock is shortened with the test option
--day-ms so a flag falls in seconds."""

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
from mgclient import Replay  # noqa: E402

DAB3 = "dots_and_boxes(rows=3,cols=3)"  # no box before the 3rd move
DAY = 86400000


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)
    if mgclient.mg is None:
        raise unittest.SkipTest("mindgames does not load: "
                                + mgclient.MG_IMPORT_ERROR)


class PlayCase(unittest.TestCase):
    """A server of the test's own, started with `args`."""

    def server(self, *args):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                    "--max-tables-per-addr", "0",
                                    "--creations-per-hour", "0"] +
                              list(args))
        self.addCleanup(srv.cleanup)
        srv.start()
        return srv

    def stream(self, srv, tid):
        s = srv.stream(tid)
        self.addCleanup(s.close)
        self.assertEqual(s.status, 200)
        return s

    def assert_error(self, a, status, names):
        self.assertEqual(a.status, status, repr(a))
        self.assertIsInstance(a.json, dict, repr(a))
        self.assertIn(names, a.json.get("error", ""), repr(a))


class TestCorrespondence(PlayCase):

    @classmethod
    def setUpClass(cls):
        cls.shared = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                           "--max-tables-per-addr", "0",
                                           "--creations-per-hour", "0"])
        cls.shared.start()

    @classmethod
    def tearDownClass(cls):
        cls.shared.cleanup()

    def test_bad_values(self):
        srv = self.shared
        for clock in ({"days_per_move": 0}, {"days_per_move": 15},
                      {"days_per_move": -1}, {"days_per_move": "3"},
                      {"days_per_move": 1.5}, {"days_per_move": None},
                      {"days_per_move": True}):
            a = srv.create(DAB3, clock=clock)
            self.assert_error(a, 400, "days_per_move")
            self.assertIn("1 to 14", a.json["error"], repr(a))
        a = srv.create(DAB3, clock={"days_per_move": 3, "base_ms": 60000})
        self.assert_error(a, 400, "days_per_move")
        a = srv.create(DAB3, clock={"days": 3})
        self.assert_error(a, 400, "days_per_move")
        for days in (1, 14):
            a = srv.create(DAB3, clock={"days_per_move": days})
            self.assertEqual(a.status, 201, repr(a))
            c = a.json["snapshot"]["clock"]
            self.assertEqual(c["days_per_move"], days)
            self.assertEqual(c["base_ms"], days * DAY)

    def test_deadlines(self):
        """The seat to move has a deadline, its days from the start of
        its turn; a move that passes the turn gives the other seat its
        days whole."""
        srv = self.shared
        before = int(time.time() * 1000)
        t = srv.table(DAB3, clock={"days_per_move": 3})
        snap = t.snapshot()
        c = snap["clock"]
        self.assertEqual((c["days_per_move"], c["base_ms"],
                          c["increment_ms"], c["running"]),
                         (3, 3 * DAY, 0, 0))
        self.assertIsNone(c["deadline_ms"][1])
        self.assertGreaterEqual(c["deadline_ms"][0], before + 3 * DAY)
        self.assertLessEqual(c["deadline_ms"][0],
                             int(time.time() * 1000) + 3 * DAY)
        created = srv.request("GET", "/api/v1/tables/%s/events?after=0"
                              "&wait=0" % t.id).json["events"][0]
        self.assertEqual(created["clock_setup"],
                         {"base_ms": 3 * DAY, "increment_ms": 0,
                          "days_per_move": 3})
        replay = Replay(DAB3)
        time.sleep(0.3)
        a = t.move(0, action=replay.random_action(mgclient.rng()))
        self.assertEqual(a.status, 200, repr(a))
        at = a.json["event"]["at_ms"]
        self.assertEqual(a.json["event"]["clock_ms"], [3 * DAY, 3 * DAY])
        c = t.snapshot()["clock"]
        self.assertEqual(c["running"], 1)
        self.assertEqual(c["deadline_ms"], [None, at + 3 * DAY])
        self.assertEqual(c["remaining_ms"][0], 3 * DAY)
        # a Fischer clock says its running deadline too
        t = srv.table(DAB3, clock={"base_ms": 60000, "increment_ms": 0})
        c = t.snapshot()["clock"]
        self.assertNotIn("days_per_move", c)
        self.assertIsInstance(c["deadline_ms"][0], int)
        self.assertIsNone(c["deadline_ms"][1])

    def test_rematch_keeps_the_clock(self):
        t = self.shared.table(DAB3, clock={"days_per_move": 5})
        self.assertEqual(t.cmd(0, "resign").status, 200)
        a = t.cmd(0, "rematch")
        self.assertEqual(a.status, 200, repr(a))
        c = self.shared.snapshot(a.json["table"])["clock"]
        self.assertEqual((c["days_per_move"], c["base_ms"]), (5, 5 * DAY))

    def test_flag_falls(self):
        """A day of 1 s: the seat that does not move within its 3 days
        loses on time; a move in time gives the turn's days back."""
        srv = self.server("--day-ms", "1000")
        t = srv.table(DAB3, clock={"days_per_move": 3})
        s = self.stream(srv, t.id)
        time.sleep(1.2)
        replay = Replay(DAB3)
        a = t.move(0, action=replay.random_action(mgclient.rng()))
        self.assertEqual(a.status, 200, repr(a))  # in time
        moved = a.json["event"]["at_ms"]
        e = s.wait_for(lambda e: e["event"] == "timeout", timeout=8,
                       what="a timeout")
        self.assertEqual(e["data"]["seat"], 1)
        self.assertGreaterEqual(e["data"]["at_ms"], moved + 3000)
        snap = t.snapshot()
        self.assertEqual(snap["status"], "over")
        r = snap["result"]
        self.assertEqual((r["winner"], r["how"]), (0, "time"))
        self.assertEqual(snap["clock"]["remaining_ms"][1], 0)
        self.assertEqual(snap["clock"]["deadline_ms"], [None, None])

    def test_deadline_survives_restart(self):
        """The deadline is a date from the stored events: the same after
        a restart, and the time the server was down counts."""
        srv = self.server("--day-ms", "1000")
        t = srv.table(DAB3, clock={"days_per_move": 3})
        replay = Replay(DAB3)
        a = t.move(0, action=replay.random_action(mgclient.rng()))
        self.assertEqual(a.status, 200, repr(a))
        deadline = t.snapshot()["clock"]["deadline_ms"][1]
        self.assertEqual(deadline, a.json["event"]["at_ms"] + 3000)
        srv.stop()
        time.sleep(1.0)
        srv.start()
        c = t.snapshot()["clock"]
        self.assertEqual(c["deadline_ms"], [None, deadline])
        self.assertLessEqual(c["remaining_ms"][1], 2000)
        srv.stop()
        time.sleep(max(0, deadline / 1000.0 - time.time()) + 0.5)
        srv.start()  # down past the deadline: the flag fell meanwhile
        end = time.time() + 5
        while time.time() < end:
            snap = t.snapshot()
            if snap["status"] != "playing":
                break
            time.sleep(0.05)
        self.assertEqual(snap["status"], "over")
        self.assertEqual((snap["result"]["winner"], snap["result"]["how"]),
                         (0, "time"))

    def test_not_expired_before_deadline(self):
        """--idle-expire ends a quiet game, but not a correspondence
        game whose seat still has time."""
        srv = self.server("--day-ms", "10000", "--idle-expire", "1")
        corr = srv.table(DAB3, clock={"days_per_move": 1})
        plain = srv.table(DAB3)
        end = time.time() + 5
        while time.time() < end:
            if plain.snapshot()["status"] == "aborted":
                break
            time.sleep(0.1)
        self.assertEqual(plain.snapshot()["status"], "aborted")
        time.sleep(0.3)
        snap = corr.snapshot()
        self.assertEqual(snap["status"], "playing", repr(snap))


class TestLevels(PlayCase):
    """The computer's levels: a short think time and little memory so
    every level plays in a moment (and the caps lower the levels)."""

    @classmethod
    def setUpClass(cls):
        cls.srv = mgclient.Server(args=[
            "--rate", "0", "--seat-rate", "0", "--max-tables-per-addr", "0",
            "--creations-per-hour", "0", "--bot-time-ms", "100",
            "--bot-memory-mb", "16"])
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        cls.srv.cleanup()

    def levels(self, srv=None):
        a = (srv or self.srv).request("GET", "/api/v1/levels")
        self.assertEqual(a.status, 200, repr(a))
        return a.json["levels"]

    def test_list(self):
        levels = self.levels()
        self.assertEqual([lv["level"] for lv in levels], list(range(1, 9)))
        self.assertEqual(levels[0]["spec"], "random")
        self.assertTrue(levels[7]["spec"].startswith("strong(time_ms=4000,"))
        for lv in levels:
            for k in ("spec", "bot", "about"):
                self.assertIsInstance(lv[k], str, repr(lv))
            self.assertLessEqual(lv["time_ms"], 100, repr(lv))
        # the caps of this server lower the searching levels
        self.assertFalse(levels[0]["lowered"])
        self.assertTrue(levels[7]["lowered"])
        self.assertIn("time_ms=100", levels[7]["bot"])
        self.assertIn("memory_mb=16", levels[7]["bot"])
        self.assertEqual(self.srv.request("POST", "/api/v1/levels",
                                          {}).status, 405)
        self.assertEqual(self.srv.request("GET", "/api/levels").json,
                         {"levels": levels})

    def test_each_level_plays(self):
        """A table with each level on a seat: the bot moves, with the
        level's spec as this server plays it."""
        levels = self.levels()
        rng = mgclient.rng()
        for lv in levels:
            a = self.srv.create(DAB3, bots=[None, "level(%d)" % lv["level"]])
            self.assertEqual(a.status, 201, repr(a))
            t = mgclient.Table(self.srv, a.json)
            seat = a.json["snapshot"]["seats"][1]
            self.assertEqual((seat["kind"], seat["bot"], seat["level"]),
                             ("bot", lv["bot"], lv["level"]), repr(a))
            self.assertNotIn("level", a.json["snapshot"]["seats"][0])
            replay = Replay(DAB3)
            m = t.move(0, action=replay.random_action(rng))
            self.assertEqual(m.status, 200, repr(m))
            p = self.srv.poll(t.id, m.json["version"], timeout=30)
            self.assertEqual(p.status, 200, repr(p))
            ev = p.json["events"]
            self.assertTrue(ev, "level %d did not move" % lv["level"])
            self.assertEqual((ev[0]["type"], ev[0]["seat"]), ("move", 1),
                             "level %d: %r" % (lv["level"], ev))
        # a restart keeps the level; a rematch too
        self.srv.stop()
        self.srv.start()
        snap = t.snapshot()
        self.assertEqual(snap["seats"][1]["level"], 8)
        self.assertEqual(t.cmd(0, "resign").status, 200)
        r = t.cmd(0, "rematch")
        self.assertEqual(r.status, 200, repr(r))
        new = self.srv.snapshot(r.json["table"])
        self.assertEqual(new["seats"][0]["level"], 8)
        self.assertEqual(new["seats"][0]["bot"], levels[7]["bot"])

    def test_bad_levels(self):
        for bad in ("level(0)", "level(9)", "level(-1)", "level(x)", "level",
                    "level()", "level(3)x", "level( 3)", "level(3,4)", "level=3)",
                    "level(n=)", "level(n=9)", "level(m=3)", "level(n=3",
                    "level(99999999999999999999)"):
            a = self.srv.create(DAB3, bots=[None, bad])
            self.assert_error(a, 400, "bots[1]")
            self.assertIn("level(1) to level(8)", a.json["error"], repr(a))
        a = self.srv.create(DAB3, bots=["level(2)", None])
        self.assert_error(a, 400, "bots[0] is your own seat")

    def test_caps_lower_levels(self):
        """A server with low caps plays a level lowered to them: never a
        refusal (a spec given as such beyond them is refused)."""
        srv = self.server("--bot-max-iterations", "50", "--bot-time-ms",
                          "50", "--bot-max-nodes", "1000", "--away-bot",
                          "greedy")
        levels = self.levels(srv)
        self.assertIn("iterations=50,", levels[3]["bot"])
        self.assertIn("time_ms=50,", levels[7]["bot"])
        a = srv.create(DAB3, bots=[None, "level(4)"])
        self.assertEqual(a.status, 201, repr(a))
        self.assertEqual(a.json["snapshot"]["seats"][1]["bot"],
                         levels[3]["bot"])
        a = srv.create(DAB3, bots=[None, levels[3]["spec"]])
        self.assertEqual(a.status, 422, repr(a))
        # the library's spelling of a level is a level too (1.6)
        a = srv.create(DAB3, bots=[None, "level(n=8)"])
        self.assertEqual(a.status, 201, repr(a))
        self.assertEqual(a.json["snapshot"]["seats"][1]["level"], 8)
        self.assertEqual(a.json["snapshot"]["seats"][1]["bot"],
                         levels[7]["bot"])


if __name__ == "__main__":
    unittest.main()
