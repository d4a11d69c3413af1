"""mg-server: the HTTP API of doc/server-api.md, game by game.

Every game family is played to its end by both seats while a spectator
follows the event stream; the events, the snapshot and the record are
checked against the library replaying the same actions locally.
"""

import os
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
from mgclient import Replay  # noqa: E402

SPECS = [
    "dots_and_boxes(rows=2,cols=2,border=swedish)",
    "china_tangle",
    "fangqi(width=4,height=4)",
    "chains_of_thought",
]
DAB = SPECS[0]
DAB3 = "dots_and_boxes(rows=3,cols=3)"  # no box before the 3rd move

UNAUTHORISED = "not a seat of this table"


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)
    if mgclient.mg is None:
        raise unittest.SkipTest("mindgames does not load: "
                                + mgclient.MG_IMPORT_ERROR)


def winner_of(state):
    w = state.winner
    return w if w in (0, 1) else None


class ServerCase(unittest.TestCase):
    """One server for the class, with a rate limit high enough for
    games played at full speed."""

    # --heartbeat 1: closed streams are noticed at the next write
    # many tests share this server: the per-client table limits are
    # test_server_limits.py's
    server_args = ["--rate", "2000", "--burst", "4000", "--heartbeat", "1",
                   "--max-tables-per-addr", "0", "--creations-per-hour", "0"]

    @classmethod
    def setUpClass(cls):
        cls.srv = mgclient.Server(args=cls.server_args)
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        try:
            cls.srv.stop()
        finally:
            cls.srv.cleanup()

    def setUp(self):
        self.streams = []
        self.rng = mgclient.rng()

    def tearDown(self):
        for s in self.streams:
            s.close()

    def stream(self, tid, **kw):
        s = self.srv.stream(tid, **kw)
        self.streams.append(s)
        self.assertEqual(s.status, 200, "GET events: %r" %
                         (getattr(s, "body", b""),))
        return s

    # -------------------------------------------------------- helpers

    def assert_ok(self, a, status=200, what=""):
        self.assertEqual(a.status, status, "%s: %r" % (what, a))
        self.assertIsInstance(a.json, dict, "%s: not JSON: %r" % (what, a))

    def assert_error(self, a, status, contains=None, what=""):
        self.assertEqual(a.status, status, "%s: %r" % (what, a))
        self.assertIsInstance(a.json, dict, "%s: not JSON: %r" % (what, a))
        self.assertIsInstance(a.json.get("error"), str,
                              "%s: no error message: %r" % (what, a))
        self.assertTrue(a.json["error"], what)
        if contains is not None:
            self.assertIn(contains, a.json["error"], what)

    def play_move(self, t, replay, version, seat=None, action=None,
                  by_id=False, cmd_id=None):
        """One legal move through the server: checks the answer and its
        event; applies it to replay; returns the new version."""
        if action is None:
            action = replay.random_action(self.rng)
        if seat is None:
            seat = replay.to_move
        note = replay.notation(action)
        fields = {"expect_version": version}
        if cmd_id:
            fields["cmd_id"] = cmd_id
        if by_id:
            a = t.move(seat, action=action, **fields)
        else:
            a = t.move(seat, move=note, **fields)
        self.assert_ok(a, 200, "move %s by seat %d at v%d" %
                       (note, seat, version))
        self.assertEqual(a.json.get("version"), version + 1, repr(a))
        ev = a.json.get("event")
        self.assertIsInstance(ev, dict, repr(a))
        self.assertEqual(ev.get("type"), "move", repr(ev))
        self.assertEqual(ev.get("version"), version + 1, repr(ev))
        self.assertEqual(ev.get("seat"), seat, repr(ev))
        self.assertEqual(ev.get("move"), note, repr(ev))
        self.assertEqual(ev.get("action"), action, repr(ev))
        replay.apply(action)
        self.assertEqual(ev.get("to_move"), replay.to_move, repr(ev))
        self.assertEqual(ev.get("status"),
                         "over" if replay.over else "playing", repr(ev))
        return version + 1

    def check_snapshot(self, snap, replay, spec=None):
        self.assertEqual(snap["actions"], replay.history())
        self.assertEqual(snap["moves"], replay.moves())
        self.assertEqual(snap["to_move"], replay.to_move)
        if spec is not None:
            self.assertEqual(snap["spec"], replay.game.spec)
            self.assertEqual(snap["game"], replay.game.id)

    def check_result(self, snap, replay):
        self.assertEqual(snap["status"], "over")
        r = snap["result"]
        self.assertIsInstance(r, dict, repr(snap))
        self.assertEqual(r.get("how"), "rules", repr(r))
        w = winner_of(replay.state)
        self.assertEqual(r.get("winner"), w, repr(r))
        self.assertEqual(r.get("draw"), w is None, repr(r))
        self.assertEqual(r.get("reason"), mgclient.end_reason(replay.state))

    def check_record(self, t, replay):
        state, hist = mgclient.load_record(self.srv.record(t.id))
        self.assertEqual(hist, replay.history())
        self.assertEqual(state.game.spec, replay.game.spec)
        self.assertEqual(state.is_terminal, replay.over)

    def check_log(self, events, replay, first_version=1):
        """Logged events: consecutive ids from first_version, id equal to
        data.version, and the move events equal the replay's history."""
        ids = [e["id"] for e in events]
        self.assertEqual(ids, list(range(first_version,
                                         first_version + len(ids))),
                         "event ids")
        for e in events:
            self.assertIsInstance(e["data"], dict, repr(e))
            self.assertEqual(e["data"].get("version"), e["id"], repr(e))
            self.assertEqual(e["data"].get("type"), e["event"], repr(e))
        moves = [e["data"]["action"] for e in events if e["event"] == "move"]
        notes = [e["data"]["move"] for e in events if e["event"] == "move"]
        self.assertEqual(moves, replay.history())
        self.assertEqual(notes, replay.moves())

    def new_table(self, spec=DAB, **fields):
        t = self.srv.table(spec, **fields)
        snap = t.snapshot()
        return t, snap


# ------------------------------------------------------------- full games

class TestGames(ServerCase):

    def full_game(self, spec):
        a = self.srv.create(spec)
        self.assert_ok(a, 201, "create " + spec)
        for k in ("id", "seat", "secret", "invite", "snapshot"):
            self.assertIn(k, a.json)
        self.assertEqual(a.json["seat"], 0)
        self.assertIsInstance(a.json["invite"], str)
        created = a.json["snapshot"]
        self.assertEqual(created["status"], "waiting")
        self.assertIsNone(created["to_move"])
        self.assertEqual(created["moves"], [])
        t = mgclient.Table(self.srv, a.json)
        spectator = self.stream(t.id)
        j = self.srv.join(t.id, t.invite)
        self.assert_ok(j, 200, "join")
        self.assertEqual(j.json["seat"], 1)
        self.assertNotEqual(j.json["secret"], t.secrets[0])
        t.secrets[1] = j.json["secret"]
        self.assertEqual(j.json["snapshot"]["status"], "playing")
        self.stream(t.id, secret=t.secrets[0])
        self.stream(t.id, secret=t.secrets[1])

        replay = Replay(spec)
        snap = t.snapshot()
        self.check_snapshot(snap, replay, spec)
        self.assertEqual(snap["to_move"], 0)
        self.assertEqual(snap["status"], "playing")
        version = snap["version"]
        start = version
        half = None
        n = 0
        while not replay.over:
            version = self.play_move(t, replay, version, by_id=(n % 3 == 1),
                                     cmd_id="g%d" % n)
            n += 1
            if n % 7 == 0:
                self.check_snapshot(t.snapshot(), replay)
            if half is None and n >= 2:
                half = version
            if n == 4:
                # reconnects mid-game: the missed events, then live ones
                mid = self.stream(t.id, last_event_id=half)
        snap = t.snapshot()
        self.assertEqual(snap["version"], version)
        self.check_snapshot(snap, replay, spec)
        self.check_result(snap, replay)
        self.check_record(t, replay)
        spectator.wait_version(version)
        logged = spectator.logged()
        self.assertEqual(logged[0]["event"], "created")
        self.assertIn("joined", [e["event"] for e in logged[:start]])
        self.check_log(logged, replay)
        last = logged[-1]["data"]
        self.assertEqual(last.get("status"), "over")
        self.assertEqual(last.get("result"), snap["result"])
        if n > 4:
            mid.wait_version(version)
            self.assertEqual([e["id"] for e in mid.logged()],
                             list(range(half + 1, version + 1)),
                             "a stream opened mid-game with Last-Event-ID")
        # reconnection after the end: exactly the missed events
        for kw in ({"last_event_id": half}, {"after": half}):
            s = self.stream(t.id, **kw)
            s.wait_version(version)
            self.assertEqual([e["id"] for e in s.logged()],
                             list(range(half + 1, version + 1)), repr(kw))
            self.assertEqual([e["data"] for e in s.logged()],
                             [e["data"] for e in logged[half:]])
        # the long poll
        p = self.srv.poll(t.id, half)
        self.assert_ok(p, 200, "long poll")
        evs = p.json.get("events")
        self.assertIsInstance(evs, list)
        self.assertTrue(evs)
        self.assertEqual(evs[0].get("version"), half + 1)
        self.assertEqual(evs[0], logged[half]["data"])
        return t, replay

    def test_dots_and_boxes(self):
        self.full_game(SPECS[0])

    def test_china_tangle(self):
        self.full_game(SPECS[1])

    def test_fangqi(self):
        self.full_game(SPECS[2])

    def test_chains_of_thought(self):
        self.full_game(SPECS[3])

    def test_bot_seat(self):
        a = self.srv.create(DAB, bots=[None, "random"])
        self.assert_ok(a, 201, "create with a bot")
        self.assertIsNone(a.json["invite"])
        t = mgclient.Table(self.srv, a.json)
        s = self.stream(t.id, secret=t.secrets[0])
        snap = t.snapshot()
        self.assertEqual(snap["seats"][1]["kind"], "bot")
        self.assertEqual(snap["seats"][1]["bot"], "random")
        replay = Replay(DAB)
        version = snap["version"]
        end = time.time() + 30
        while not replay.over and time.time() < end:
            if replay.to_move == 0:
                version = self.play_move(t, replay, version)
            else:
                e = s.wait_version(version + 1, timeout=10)
                self.assertEqual(e["event"], "move")
                self.assertEqual(e["data"]["seat"], 1)
                replay.apply(e["data"]["action"])
                version += 1
        self.assertTrue(replay.over, "the game with a bot did not end")
        snap = t.snapshot()
        self.check_snapshot(snap, replay)
        self.check_result(snap, replay)
        self.check_record(t, replay)

    def test_long_poll_waits(self):
        t, snap = self.new_table()
        v = snap["version"]
        got = {}

        def poll():
            got["a"] = self.srv.poll(t.id, v)
            got["t"] = time.time()
        th = threading.Thread(target=poll)
        th.start()
        time.sleep(0.5)
        self.assertTrue(th.is_alive(), "the long poll answered with no "
                        "event after version %d: %r" % (v, got.get("a")))
        t0 = time.time()
        replay = Replay(DAB)
        self.play_move(t, replay, v)
        th.join(10)
        self.assertFalse(th.is_alive())
        self.assertLess(got["t"] - t0, 3.0)
        self.assert_ok(got["a"], 200, "long poll")
        self.assertEqual(got["a"].json["version"], v + 1)
        self.assertEqual([e["version"] for e in got["a"].json["events"]],
                         [v + 1])


# ------------------------------------------------------------- commands

class TestCommands(ServerCase):

    def new_table(self, spec=None, **fields):
        return ServerCase.new_table(self, spec or DAB3, **fields)

    def test_api_root_and_alias(self):
        a = self.srv.request("GET", "/api/v1")
        self.assert_ok(a, 200, "GET /api/v1")
        self.assertEqual(a.json.get("api"), 1)
        self.assertIn("limits", a.json)
        self.assertEqual(a.header("MG-API-Version"), "1")
        t, snap = self.new_table()
        b = self.srv.request("GET", "/api/tables/%s" % t.id)
        self.assert_ok(b, 200, "GET /api/tables/ID")
        self.assertEqual(b.json["id"], t.id)
        self.assertEqual(b.header("MG-API-Version"), "1")
        self.assertEqual(self.srv.request("GET", "/healthz").json,
                         {"ok": True})

    def test_cmd_id_replay(self):
        t, snap = self.new_table()
        replay = Replay(DAB3)
        v = snap["version"]
        act = replay.random_action(self.rng)
        first = t.move(0, action=act, cmd_id="once-1")
        self.assert_ok(first, 200, "first")
        # the first answer (fields may be added, e.g. "repeated")
        again = t.move(0, action=act, cmd_id="once-1")
        self.assertEqual(again.status, 200)
        self.assertEqual(again.json["version"], first.json["version"])
        self.assertEqual(again.json["event"], first.json["event"])
        # even with another (legal or not) body, the first answer
        other = [x for x in replay.legal() if x != act][0]
        third = t.move(0, action=other, cmd_id="once-1")
        self.assertEqual(third.status, 200)
        self.assertEqual(third.json["version"], first.json["version"])
        self.assertEqual(third.json["event"], first.json["event"])
        snap = t.snapshot()
        self.assertEqual(snap["version"], v + 1)
        self.assertEqual(snap["actions"], [act])
        # the same cmd_id from the other seat is its own command
        replay.apply(act)
        if replay.to_move == 1:
            nxt = replay.random_action(self.rng)
            a = t.move(1, action=nxt, cmd_id="once-1")
            self.assert_ok(a, 200, "seat 1, same cmd_id")
            self.assertEqual(a.json["version"], v + 2)

    def test_stale_version(self):
        t, snap = self.new_table()
        v = snap["version"]
        replay = Replay(DAB3)
        act = replay.random_action(self.rng)
        a = t.move(0, action=act, expect_version=v - 1)
        self.assert_error(a, 409, what="stale expect_version")
        self.assertEqual(a.json.get("version"), v)
        self.assertIn(str(v), a.json["error"])
        self.assertIn(str(v - 1), a.json["error"])
        self.assertEqual(t.snapshot()["version"], v)
        self.play_move(t, replay, v, action=act)

    def test_illegal_move(self):
        t, snap = self.new_table()
        v = snap["version"]
        replay = Replay(DAB3)
        first = replay.random_action(self.rng)
        v = self.play_move(t, replay, v, action=first)
        seat = replay.to_move
        reason = mgclient.illegal_reason(replay.state, first)
        self.assertIn("(rules ", reason)
        a = t.move(seat, move=replay.notation(first))
        self.assert_error(a, 422, "(rules ", "a line drawn twice")
        self.assertEqual(a.json["error"], reason)
        a = t.move(seat, action=first)
        self.assert_error(a, 422, "(rules ", "by id")
        snap = t.snapshot()
        self.assertEqual(snap["version"], v)
        self.check_snapshot(snap, replay)

    def test_out_of_turn(self):
        t, snap = self.new_table()
        v = snap["version"]
        replay = Replay(DAB3)
        a = t.move(1, action=replay.random_action(self.rng))
        self.assert_error(a, 409, what="seat 1 moves first")
        self.assertEqual(t.snapshot()["version"], v)

    def test_unauthorised(self):
        t, snap = self.new_table()
        v = snap["version"]
        path = "/api/v1/tables/%s/commands" % t.id
        body = {"op": "move", "action": 0}
        msgs = []
        for secret in (None, "x" * 43, t.secrets[0] + "x", "",
                       t.invite):
            a = self.srv.request("POST", path, body, secret=secret)
            self.assert_error(a, 401, what="secret %r" % (secret,))
            msgs.append(a.json["error"])
        a = self.srv.request("POST", "/api/v1/tables/%s/commands" %
                             ("A" * 16), body, secret=t.secrets[0])
        self.assert_error(a, 401, what="unknown table")
        msgs.append(a.json["error"])
        self.assertEqual(set(msgs), {msgs[0]})
        self.assertIn(UNAUTHORISED, msgs[0])
        self.assertEqual(t.snapshot()["version"], v)

    def test_invite(self):
        a = self.srv.create(DAB3, seat=1)
        self.assert_ok(a, 201)
        self.assertEqual(a.json["seat"], 1)
        tid, inv = a.json["id"], a.json["invite"]
        bad = self.srv.join(tid, inv[:-2] + ("AA" if inv[-2:] != "AA"
                                             else "BB"))
        self.assert_error(bad, 403, "this invite is not valid", "wrong")
        j = self.srv.join(tid, inv)
        self.assert_ok(j, 200)
        self.assertEqual(j.json["seat"], 0)
        v = self.srv.snapshot(tid)["version"]
        again = self.srv.join(tid, inv)
        self.assert_error(again, 403, "this invite is not valid", "reuse")
        self.assertEqual(again.json["error"], bad.json["error"])
        self.assertEqual(self.srv.snapshot(tid)["version"], v)

    def test_random_seat(self):
        seats = set()
        for _ in range(12):
            a = self.srv.create(DAB3, seat="random")
            self.assert_ok(a, 201)
            seats.add(a.json["seat"])
        self.assertEqual(seats, {0, 1})

    def test_resign(self):
        t, snap = self.new_table()
        s = self.stream(t.id)
        a = t.cmd(1, "resign")
        self.assert_ok(a, 200, "resign")
        self.assertEqual(a.json["event"]["type"], "resign")
        snap = t.snapshot()
        self.assertEqual(snap["status"], "over")
        self.assertIsNone(snap["to_move"])
        r = snap["result"]
        self.assertEqual((r["winner"], r["draw"], r["how"]),
                         (0, False, "resign"))
        self.assertIsInstance(r["reason"], str)
        s.wait_for(lambda e: e["event"] == "resign")
        self.assert_error(t.cmd(0, "resign"), 409, what="resign when over")
        self.assert_error(t.move(0, action=0), 409, what="move when over")

    def test_draw(self):
        t, snap = self.new_table()
        s = self.stream(t.id)
        self.assert_error(t.cmd(1, "draw_accept"), 409,
                          what="accept without an offer")
        self.assert_ok(t.cmd(0, "draw_offer"), 200, "offer")
        self.assertEqual(t.snapshot()["offers"]["draw"], 0)
        self.assert_error(t.cmd(0, "draw_accept"), 409,
                          what="accepting one's own offer")
        a = t.cmd(1, "draw_decline")
        self.assert_ok(a, 200, "decline")
        self.assertEqual(a.json["event"]["type"], "draw_decline")
        self.assertIsNone(t.snapshot()["offers"]["draw"])
        self.assert_ok(t.cmd(1, "draw_offer"), 200, "offer 2")
        a = t.cmd(0, "draw_accept")
        self.assert_ok(a, 200, "accept")
        self.assertEqual(a.json["event"]["type"], "draw_agreed")
        snap = t.snapshot()
        self.assertEqual(snap["status"], "over")
        r = snap["result"]
        self.assertEqual((r["winner"], r["draw"], r["how"]),
                         (None, True, "agreement"))
        s.wait_version(snap["version"])
        types = [e["event"] for e in s.logged()]
        self.assertEqual(types[-4:], ["draw_offer", "draw_decline",
                                      "draw_offer", "draw_agreed"])

    def test_draw_offer_lapses_on_move(self):
        t, snap = self.new_table()
        replay = Replay(DAB3)
        v = snap["version"]
        self.assert_ok(t.cmd(1, "draw_offer"), 200, "offer by seat 1")
        v += 1
        v = self.play_move(t, replay, v)  # seat 0 answers by moving
        self.assertIsNone(t.snapshot()["offers"]["draw"])
        self.assert_error(t.cmd(0, "draw_accept"), 409,
                          what="accept after the offer lapsed")

    def first_moves(self, t, v, replay):
        """Seat 0 plays until the turn passes to seat 1."""
        while replay.to_move == 0:
            v = self.play_move(t, replay, v)
        return v

    def test_takeback(self):
        t, snap = self.new_table()
        s = self.stream(t.id)
        replay = Replay(DAB3)
        v = self.first_moves(t, snap["version"], replay)
        n0 = len(replay.history())
        self.assert_error(t.cmd(1, "takeback_accept"), 409,
                          what="accept without a request")
        self.assert_ok(t.cmd(0, "takeback_request"), 200, "request")
        v += 1
        self.assertEqual(t.snapshot()["offers"]["takeback"], 0)
        a = t.cmd(1, "takeback_decline")
        self.assert_ok(a, 200, "decline")
        self.assertEqual(a.json["event"]["type"], "takeback_decline")
        v += 1
        self.assertIsNone(t.snapshot()["offers"]["takeback"])
        self.assert_ok(t.cmd(0, "takeback_request"), 200, "request 2")
        v += 1
        a = t.cmd(1, "takeback_accept")
        self.assert_ok(a, 200, "accept")
        v += 1
        ev = a.json["event"]
        self.assertEqual(ev["type"], "takeback")
        self.assertEqual(ev.get("undone"), n0)
        self.assertEqual(a.json["version"], v)
        snap = t.snapshot()
        self.assertEqual(snap["version"], v)
        self.assertEqual(snap["actions"], [])
        self.assertEqual(snap["to_move"], 0)
        # the game goes on from there, and the record has no taken-back move
        replay = Replay(DAB3)
        v = self.play_move(t, replay, v)
        self.check_record(t, replay)
        s.wait_version(v)
        types = [e["event"] for e in s.logged()]
        self.assertEqual(types[-5:], ["takeback_request", "takeback_decline",
                                      "takeback_request", "takeback",
                                      "move"])

    def test_takeback_after_opponent_moved(self):
        t, snap = self.new_table()
        replay = Replay(DAB3)
        v = self.first_moves(t, snap["version"], replay)
        v = self.play_move(t, replay, v)  # seat 1 moves
        if replay.to_move == 1:
            self.skipTest("seat 1 completed a box")
        a = t.cmd(0, "takeback_request")
        # seat 0's last turn is before seat 1's action: refused
        self.assert_error(a, 409, what="takeback after the opponent moved")

    def test_takebacks_off(self):
        t, snap = self.new_table(takebacks=False)
        self.assertFalse(snap["takebacks"])
        replay = Replay(DAB3)
        v = self.first_moves(t, snap["version"], replay)
        self.assert_error(t.cmd(0, "takeback_request"), 409,
                          what="takebacks false")
        self.assertEqual(t.snapshot()["version"], v)

    def test_abort(self):
        t, snap = self.new_table()
        a = t.cmd(1, "abort")
        self.assert_ok(a, 200, "abort")
        self.assertEqual(a.json["event"]["type"], "abort")
        snap = t.snapshot()
        self.assertEqual(snap["status"], "aborted")
        self.assertIsNone(snap["result"])
        self.assertIsNone(snap["to_move"])
        self.assert_error(t.move(0, action=0), 409, what="move when aborted")

    def test_abort_refused_after_both_moved(self):
        t, snap = self.new_table()
        replay = Replay(DAB3)
        v = self.first_moves(t, snap["version"], replay)
        self.assert_ok(t.cmd(1, "abort"), 200, "abort after one seat moved")
        t, snap = self.new_table()
        replay = Replay(DAB3)
        v = self.first_moves(t, snap["version"], replay)
        v = self.play_move(t, replay, v)
        self.assert_error(t.cmd(0, "abort"), 409, what="abort after both")
        self.assertEqual(t.snapshot()["version"], v)

    def test_rematch(self):
        t, snap = self.new_table(clock={"base_ms": 600000,
                                        "increment_ms": 1000})
        s = self.stream(t.id, secret=t.secrets[1])
        self.assert_error(t.cmd(0, "rematch"), 409, what="rematch while "
                          "playing")
        self.assert_ok(t.cmd(0, "resign"), 200, "resign")
        a = t.cmd(0, "rematch")
        self.assert_ok(a, 200, "rematch")
        new = a.json.get("table")
        self.assertIsInstance(new, str, repr(a))
        self.assertNotEqual(new, t.id)
        self.assertEqual(a.json["event"]["type"], "rematch")
        self.assertEqual(a.json["event"].get("table"), new)
        e = s.wait_for(lambda e: e["event"] == "rematch")
        self.assertEqual(e["data"]["table"], new)
        self.assertEqual(t.snapshot()["rematch"], new)
        ns = self.srv.snapshot(new)
        self.assertEqual(ns["spec"], snap["spec"])
        self.assertEqual(ns["clock"]["base_ms"], 600000)
        self.assertEqual(ns["clock"]["increment_ms"], 1000)
        self.assertEqual(ns["status"], "playing")
        self.assertEqual(ns["to_move"], 0)
        # seats swapped: the old seat 1 moves first now
        replay = Replay(DAB3)
        act = replay.random_action(self.rng)
        a = self.srv.command(new, t.secrets[0], "move", action=act)
        self.assert_error(a, 409, what="old seat 0 (now 1) moves first")
        a = self.srv.command(new, t.secrets[1], "move", action=act)
        self.assert_ok(a, 200, "old seat 1 (now 0) moves")
        self.assertEqual(a.json["event"]["seat"], 0)
        replay.apply(act)
        if replay.to_move == 1:
            a = self.srv.command(new, t.secrets[0], "move",
                                 action=replay.random_action(self.rng))
            self.assert_ok(a, 200, "old seat 0 (now 1) moves")
            self.assertEqual(a.json["event"]["seat"], 1)

    def test_clock_timeout(self):
        t, snap = self.new_table(clock={"base_ms": 1000, "increment_ms": 0})
        s = self.stream(t.id)
        self.assertEqual(snap["clock"]["base_ms"], 1000)
        self.assertEqual(snap["clock"]["increment_ms"], 0)
        rem = snap["clock"]["remaining_ms"]
        self.assertEqual(len(rem), 2)
        self.assertLessEqual(rem[0], 1000)
        e = s.wait_for(lambda e: e["event"] == "timeout", timeout=6,
                       what="a timeout")
        self.assertEqual(e["data"]["status"], "over")
        snap = t.snapshot()
        r = snap["result"]
        self.assertEqual(snap["status"], "over")
        self.assertEqual((r["winner"], r["draw"], r["how"]),
                         (1, False, "time"))
        self.assertEqual(snap["clock"]["remaining_ms"][0], 0)
        self.assert_error(t.move(0, action=0), 409, what="move after time")

    def test_clock_counts_down(self):
        t, snap = self.new_table(clock={"base_ms": 60000,
                                        "increment_ms": 500})
        time.sleep(0.6)
        rem = t.snapshot()["clock"]["remaining_ms"]
        self.assertLess(rem[0], 59600)
        self.assertEqual(rem[1], 60000)
        replay = Replay(DAB3)
        v = self.first_moves(t, snap["version"], replay)
        rem = t.snapshot()["clock"]["remaining_ms"]
        self.assertGreater(rem[0], 59000)  # the increment came back
        self.assertLessEqual(rem[0], 60500)

    def test_presence_and_two_streams(self):
        t, snap = self.new_table()
        spec = self.stream(t.id)
        a = self.stream(t.id, secret=t.secrets[0])
        b = self.stream(t.id, secret=t.secrets[0])
        spec.wait_for(lambda e: e["event"] == "presence" and
                      e["data"]["present"][0] is True, what="presence 0")
        self.assertTrue(t.snapshot()["seats"][0]["present"])
        replay = Replay(DAB3)
        v = self.play_move(t, replay, snap["version"])
        a.wait_version(v)
        b.wait_version(v)
        for e in a.events + b.events:
            self.assertIsInstance(e["data"], dict, repr(e))
        # presence events have no id and are not logged
        for e in spec.events:
            if e["event"] == "presence":
                self.assertNotIn("id", e)
                self.assertEqual(sorted(e["data"]), ["present",
                                                     "spectators"])
        a.close()
        time.sleep(0.3)
        self.assertTrue(t.snapshot()["seats"][0]["present"],
                        "one of the seat's two streams is still open")
        b.close()
        n = len(spec.events)
        spec.wait_for(lambda e: e["event"] == "presence" and
                      e["data"]["present"][0] is False,
                      what="presence: seat 0 gone", start=n)
        self.assertFalse(t.snapshot()["seats"][0]["present"])
        # presence is not in the log
        p = self.srv.poll(t.id, 0)
        self.assert_ok(p, 200)
        self.assertNotIn("presence",
                         [e.get("type") for e in p.json["events"]])

    def test_spectators(self):
        t, snap = self.new_table()
        self.assertEqual(snap["spectators"], 0)
        s1 = self.stream(t.id)
        s2 = self.stream(t.id)
        seat = self.stream(t.id, secret=t.secrets[1])
        s2.wait_for(lambda e: e["event"] == "presence" and
                    e["data"]["spectators"] == 2, what="2 spectators")
        end = time.time() + 5
        while t.snapshot()["spectators"] != 2 and time.time() < end:
            time.sleep(0.05)
        self.assertEqual(t.snapshot()["spectators"], 2,
                         "two anonymous streams (a seat's is not one)")
        n = len(seat.events)
        s1.close()
        s2.close()
        seat.wait_for(lambda e: e["event"] == "presence" and
                      e["data"]["spectators"] == 0, what="0 spectators",
                      start=n)
        self.assertEqual(t.snapshot()["spectators"], 0)

    def test_heartbeat_headers(self):
        t, snap = self.new_table()
        s = self.stream(t.id)
        ct = s.header("Content-Type") or ""
        self.assertTrue(ct.startswith("text/event-stream"), ct)
        for h in mgclient.SECURITY_HEADERS:
            self.assertIsNotNone(s.header(h), h)
        # the heartbeat (--heartbeat 1 here): a comment line ": ping"
        end = time.time() + 3
        while "ping" not in s.comments and time.time() < end:
            time.sleep(0.05)
        self.assertIn("ping", s.comments, "no ': ping' in 3 s")


class TestAway(ServerCase):
    """claim_win and claim_bot with --away 1."""

    server_args = ServerCase.server_args + ["--away", "1",
                                            "--away-bot", "random"]

    def away_table(self):
        t, snap = self.new_table(DAB3)
        replay = Replay(DAB3)
        v = snap["version"]
        s0 = self.stream(t.id, secret=t.secrets[0])
        while replay.to_move == 0:
            v = self.play_move(t, replay, v)
        return t, replay, v, s0

    def test_claim_win(self):
        t, replay, v, s0 = self.away_table()
        self.assert_error(t.cmd(0, "claim_win"), 409,
                          what="claim before --away seconds")
        time.sleep(1.6)
        self.assert_error(t.cmd(1, "claim_win"), 409,
                          what="the away seat claims")
        a = t.cmd(0, "claim_win")
        self.assert_ok(a, 200, "claim_win")
        self.assertEqual(a.json["event"]["type"], "claim_win")
        snap = t.snapshot()
        self.assertEqual(snap["status"], "over")
        self.assertEqual(snap["result"]["winner"], 0)
        self.assertFalse(snap["result"]["draw"])

    def test_claim_bot(self):
        t, replay, v, s0 = self.away_table()
        time.sleep(1.6)
        a = t.cmd(0, "claim_bot")
        self.assert_ok(a, 200, "claim_bot")
        self.assertEqual(a.json["event"]["type"], "bot_takeover")
        v += 1
        snap = t.snapshot()
        self.assertEqual(snap["seats"][1]["kind"], "bot")
        # the bot plays seat 1 now
        e = s0.wait_for(lambda e: e["event"] == "move" and
                        e["data"]["seat"] == 1, timeout=10,
                        what="the bot's move")
        self.assertGreater(e["id"], v)


class TestMetrics(ServerCase):

    def test_metrics(self):
        t, snap = self.new_table()
        t.move(0, action=0)
        a = self.srv.request("GET", "/metrics")
        self.assertEqual(a.status, 200)
        text = a.body.decode()
        for name in ("mg_tables_open", "mg_streams_open",
                     "mg_commands_total", "mg_commit_seconds",
                     "mg_bot_think_seconds", "mg_http_requests_total"):
            self.assertIn(name, text)
        self.assertNotIn(t.secrets[0], text)


if __name__ == "__main__":
    unittest.main()
