"""mg-server: the lobby (doc/server-api.md, "Lobby"): open seeks posted,
listed, accepted into one new table for both players (whatever races),
cancelled, expired and left; their owners' seats; the lobby's event
stream; quick-pairing pools; the limits."""

import os
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2)"


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


class LobbyCase(unittest.TestCase):
    ARGS = []
    n = 0

    @classmethod
    def setUpClass(cls):
        cls.srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                        "--players-per-hour", "0",
                                        "--creations-per-hour", "0",
                                        "--max-tables-per-addr", "0"] +
                                  cls.ARGS)
        cls.srv.start()


    @classmethod
    def tearDownClass(cls):
        cls.srv.cleanup()

    def player(self, prefix="p"):
        type(self).n += 1
        name = "%s%d_%d" % (prefix, type(self).n, os.getpid() % 1000)
        a = self.srv.request("POST", "/api/v1/players", {"name": name})
        self.assertEqual(a.status, 201, repr(a))
        return a.json["name"], a.json["token"]

    def seek(self, token, status=201, **fields):
        body = {"spec": DAB}
        body.update(fields)
        a = self.srv.request("POST", "/api/v1/seeks", body, secret=token)
        self.assertEqual(a.status, status, repr(a))
        return a

    def assert_error(self, a, status, *words):
        self.assertEqual(a.status, status, repr(a))
        msg = a.json.get("error", "")
        for w in words:
            self.assertIn(w, msg, repr(a))
        for h in mgclient.SECURITY_HEADERS:
            self.assertTrue(a.header(h), "%s missing: %r" % (h, a))

    def lobby(self, token=None):
        s = mgclient.EventStream(self.srv, None, secret=token,
                                 path="/api/v1/lobby/events")
        self.addCleanup(s.close)
        self.assertEqual(s.status, 200)
        s.wait_for(lambda e: e["event"] == "hello", what="hello")
        return s


class TestSeeks(LobbyCase):
    def test_post_list_accept_one_table_for_both(self):
        alice, ta = self.player("alice")
        bob, tb = self.player("bob")
        a = self.seek(ta, clock={"base_ms": 60000, "increment_ms": 1000},
                      rated=True, seat=0)
        sid = a.json["id"]
        self.assertTrue(a.json["secret"])
        lst = self.srv.request("GET", "/api/v1/seeks").json["seeks"]
        mine = [s for s in lst if s["id"] == sid]
        self.assertEqual(len(mine), 1, lst)
        s = mine[0]
        self.assertEqual(s["owner"], alice)
        self.assertIsNone(s["rating"])  # no rating document yet
        self.assertTrue(s["spec"].startswith("dots_and_boxes(") and
                        "rows=2,cols=2" in s["spec"], s)
        self.assertEqual(s["clock"], {"base_ms": 60000, "increment_ms": 1000})
        self.assertIs(s["rated"], True)
        self.assertEqual(s["seat"], 0)
        self.assertNotIn("secret", s)
        self.assertNotIn("sealed", s)
        g = self.srv.request("GET", "/api/v1/seeks/" + sid)
        self.assertEqual(g.json["status"], "open", repr(g))
        acc = self.srv.request("POST", "/api/v1/seeks/%s/accept" % sid, {},
                               secret=tb)
        self.assertEqual(acc.status, 200, repr(acc))
        tid, seat, secret = (acc.json["table"], acc.json["seat"],
                             acc.json["secret"])
        self.assertEqual(seat, 1)
        snap = self.srv.snapshot(tid)
        self.assertEqual(snap["status"], "playing")
        self.assertIs(snap["rated"], True)
        self.assertEqual([x.get("player") for x in snap["seats"]],
                         [alice, bob])
        # the owner learns its seat with the token that posted the seek
        o = self.srv.request("GET", "/api/v1/seeks/" + sid, secret=ta)
        self.assertEqual(o.status, 200, repr(o))
        self.assertEqual((o.json["status"], o.json["table"], o.json["seat"]),
                         ("accepted", tid, 0))
        self.assertEqual(o.json["secret"], a.json["secret"])
        # both secrets play their seats
        m = self.srv.command(tid, o.json["secret"], "move", action=0)
        self.assertEqual(m.status, 200, repr(m))
        m = self.srv.command(tid, secret, "move", action=1)
        self.assertEqual(m.status, 200, repr(m))
        # gone from the list; nobody else learns the seat
        lst = self.srv.request("GET", "/api/v1/seeks").json["seeks"]
        self.assertNotIn(sid, [x["id"] for x in lst])
        self.assert_error(self.srv.request("GET", "/api/v1/seeks/" + sid,
                                           secret=tb), 404, "no open seek")
        self.assert_error(self.srv.request("GET", "/api/v1/seeks/" + sid),
                          404)
        # accepting twice: 409
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/accept" % sid, {}, secret=tb),
            409, "accepted already")

    def test_accept_sent_again_with_its_cmd_id(self):
        """doc/server-api.md, "Seeks": an accept whose answer was lost,
        sent again with its cmd_id, gets the first answer (the same table,
        seat and secret); without one it would be 409 and the seat lost."""
        _, ta = self.player()
        _, tb = self.player()
        sid = self.seek(ta, spec=DAB).json["id"]
        body = {"cmd_id": "accept-0123456789abcdef"}
        path = "/api/v1/seeks/%s/accept" % sid
        first = self.srv.request("POST", path, body, secret=tb)
        self.assertEqual(first.status, 200, repr(first))
        again = self.srv.request("POST", path, body, secret=tb)
        self.assertEqual(again.status, 200, repr(again))
        self.assertEqual(again.json, first.json)
        # the secret is the seat's: it plays
        snap = self.srv.snapshot(first.json["table"])
        self.assertEqual(snap["status"], "playing")
        # another cmd_id, or none: accepted already
        for b in ({"cmd_id": "accept-other-0123456789"}, {}):
            self.assert_error(self.srv.request("POST", path, b, secret=tb),
                              409, "accepted already")
        for b, word in (({"cmd_id": "short"}, "cmd_id"),
                        ({"cmd_id": "accept-0123456789abcdef", "x": 1},
                         "cmd_id")):
            self.assert_error(self.srv.request("POST", path, b, secret=tb),
                              400, word)

    def test_two_accepters_at_once_make_one_table(self):
        _, ta = self.player()
        accepters = [self.player()[1] for _ in range(6)]
        sid = self.seek(ta).json["id"]
        answers = []
        go = threading.Barrier(len(accepters))

        def accept(tok):
            go.wait()
            answers.append(self.srv.request(
                "POST", "/api/v1/seeks/%s/accept" % sid, {}, secret=tok))
        th = [threading.Thread(target=accept, args=(t,)) for t in accepters]
        for t in th:
            t.start()
        for t in th:
            t.join()
        ok = [a for a in answers if a.status == 200]
        self.assertEqual(len(ok), 1, [repr(a) for a in answers])
        for a in answers:
            if a.status != 200:
                self.assert_error(a, 409)
        o = self.srv.request("GET", "/api/v1/seeks/" + sid, secret=ta)
        self.assertEqual(o.json["table"], ok[0].json["table"])

    def test_bad_seeks(self):
        _, ta = self.player()
        self.assert_error(self.srv.request("POST", "/api/v1/seeks",
                                           {"spec": DAB}), 401, "player")
        self.assert_error(self.srv.request("POST", "/api/v1/seeks",
                                           {"spec": DAB}, secret="nope"), 401)
        self.assert_error(self.seek(ta, 400, spec="no_such_game()"), 400,
                          "spec")
        self.assert_error(self.seek(ta, 400, spec="dots_and_boxes(rows=99)"),
                          400, "spec")
        self.assert_error(self.seek(ta, 400, clock={"base_ms": 10}), 400,
                          "clock")
        self.assert_error(self.seek(ta, 400, clock={"base_ms": 1000,
                                                    "increment_ms": -1}),
                          400, "clock")
        self.assert_error(self.seek(ta, 400, rated="yes"), 400, "rated")
        self.assert_error(self.seek(ta, 400, seat=2), 400, "seat")
        self.assert_error(self.seek(ta, 400, colour="white"), 400,
                          "unknown field")
        a = self.srv.request("POST", "/api/v1/seeks", raw=b"{", secret=ta)
        self.assertEqual(a.status, 400, repr(a))
        self.assert_error(self.srv.request("DELETE", "/api/v1/seeks"), 405)
        self.assert_error(self.srv.request("PUT", "/api/v1/seeks/x/accept"),
                          405)

    def test_own_seek_cancel_and_others(self):
        _, ta = self.player()
        _, tb = self.player()
        sid = self.seek(ta).json["id"]
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/accept" % sid, {}, secret=ta),
            409, "your own")
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/accept" % sid, {}), 401)
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/cancel" % sid, {}, secret=tb),
            403, "not yours")
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/accept" % "x" * 1, {}, secret=tb), 404)
        c = self.srv.request("POST", "/api/v1/seeks/%s/cancel" % sid, {},
                             secret=ta)
        self.assertEqual(c.status, 200, repr(c))
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/accept" % sid, {}, secret=tb),
            404, "no open seek")
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/cancel" % sid, {}, secret=ta), 404)

    def test_cap_per_player(self):
        _, ta = self.player()
        ids = [self.seek(ta).json["id"] for _ in range(3)]
        a = self.seek(ta, 429)
        self.assert_error(a, 429, "--seeks-per-player")
        self.assertEqual(a.json["limit"], "seeks-per-player")
        for sid in ids:
            self.srv.request("POST", "/api/v1/seeks/%s/cancel" % sid, {},
                             secret=ta)
        self.seek(ta)

    def test_lobby_events(self):
        alice, ta = self.player()
        bob, tb = self.player()
        anyone = self.lobby()
        owner = self.lobby(ta)
        sid = self.seek(ta).json["id"]
        e = anyone.wait_for(lambda e: e["event"] == "seek" and
                            e["data"]["id"] == sid, what="the seek")
        self.assertEqual(e["data"]["owner"], alice)
        acc = self.srv.request("POST", "/api/v1/seeks/%s/accept" % sid, {},
                               secret=tb).json
        e = anyone.wait_for(lambda e: e["event"] == "seek_removed" and
                            e["data"]["id"] == sid, what="its removal")
        self.assertEqual(e["data"]["reason"], "accepted")
        e = owner.wait_for(lambda e: e["event"] == "accepted",
                           what="accepted")
        self.assertEqual(e["data"]["table"], acc["table"])
        self.assertEqual(e["data"]["seat"], 1 - acc["seat"])
        self.assertEqual(e["data"]["opponent"], bob)
        m = self.srv.command(acc["table"], e["data"]["secret"], "move",
                             action=0) if e["data"]["seat"] == 0 else \
            self.srv.command(acc["table"], acc["secret"], "move", action=0)
        self.assertEqual(m.status, 200, repr(m))
        # nobody else gets "accepted"
        time.sleep(0.2)
        self.assertFalse([x for x in anyone.events
                          if x["event"] == "accepted"])

    def test_metrics(self):
        _, ta = self.player()
        sid = self.seek(ta).json["id"]
        m = self.srv.request("GET", "/metrics").body.decode()
        for name in ("mg_lobby_seeks_open", "mg_lobby_waiting",
                     "mg_lobby_streams_open", "mg_lobby_seeks_total",
                     "mg_lobby_accepted_total", "mg_lobby_pairings_total"):
            self.assertIn("\n%s " % name, m)
        self.srv.request("POST", "/api/v1/seeks/%s/cancel" % sid, {},
                         secret=ta)

    def test_bad_lobby_stream(self):
        s = mgclient.EventStream(self.srv, None, secret="nope",
                                 path="/api/v1/lobby/events")
        self.assertEqual(s.status, 401)


class TestSeekLife(LobbyCase):
    ARGS = ["--seek-away", "2", "--seek-ttl", "4", "--seeks-per-client", "4",
            "--seeks-per-player", "0"]

    def test_owner_left_and_expired(self):
        _, ta = self.player()
        _, tb = self.player()
        watcher = self.lobby()
        left = self.seek(ta).json["id"]
        owner = self.lobby(tb)  # tb stays: its seek does not count as left
        stays = self.seek(tb).json["id"]
        e = watcher.wait_for(lambda e: e["event"] == "seek_removed" and
                             e["data"]["id"] == left, timeout=6,
                             what="the left seek's removal")
        self.assertEqual(e["data"]["reason"], "left")
        self.assert_error(self.srv.request(
            "POST", "/api/v1/seeks/%s/accept" % left, {}, secret=tb), 404)
        self.assertEqual(self.srv.request("GET", "/api/v1/seeks/" + stays)
                         .json["status"], "open")
        e = watcher.wait_for(lambda e: e["event"] == "seek_removed" and
                             e["data"]["id"] == stays, timeout=8,
                             what="the expired seek's removal")
        self.assertEqual(e["data"]["reason"], "expired")
        owner.close()

    def test_cap_per_client(self):
        toks = [self.player()[1] for _ in range(5)]
        ids = [self.seek(t).json["id"] for t in toks[:4]]
        self.assert_error(self.seek(toks[4], 429), 429,
                          "--seeks-per-client")
        for sid, t in zip(ids, toks):
            self.srv.request("POST", "/api/v1/seeks/%s/cancel" % sid, {},
                             secret=t)


class TestLobbyWatchers(LobbyCase):
    ARGS = ["--lobby-watchers", "2", "--heartbeat", "1"]

    def test_cap_and_a_left_watcher_found(self):
        """--lobby-watchers: the third stream is 503 naming the limit; a
        client that closed its stream is found by the next heartbeat, and
        its place is free again."""
        a = self.lobby()
        self.lobby()
        third = mgclient.EventStream(self.srv, None,
                                     path="/api/v1/lobby/events")
        self.assertEqual(third.status, 503)
        self.assertIn(b"lobby-watchers", third.body)
        a.close()
        deadline = time.time() + 6
        while True:
            s = mgclient.EventStream(self.srv, None,
                                     path="/api/v1/lobby/events")
            if s.status == 200:
                self.addCleanup(s.close)
                break
            self.assertLess(time.time(), deadline, "the closed stream's "
                            "place was not freed")
            time.sleep(0.3)
        # the heartbeat is a comment line
        end = time.time() + 5
        while not s.comments and time.time() < end:
            time.sleep(0.1)
        self.assertIn("ping", s.comments)


class TestStreamsRetry(LobbyCase):
    def test_streams_open_with_retry(self):
        # server-api.md, Events and Lobby events: every stream opens with
        # "retry: 1000" (a browser reconnects a second after a drop)
        t = self.srv.table(DAB)
        table = self.srv.stream(t.id)
        lobby = mgclient.EventStream(self.srv, None,
                                     path="/api/v1/lobby/events")
        try:
            for st in (table, lobby):
                st.wait_for(lambda e: True, what="a first event")
                self.assertEqual(st.retry, "1000")
        finally:
            table.close()
            lobby.close()


class TestSeeksRestart(unittest.TestCase):
    def test_seeks_are_durable(self):
        srv = mgclient.Server(args=["--rate", "0", "--players-per-hour", "0"])
        self.addCleanup(srv.cleanup)
        srv.start()
        a = srv.request("POST", "/api/v1/players", {"name": "durable_a"})
        b = srv.request("POST", "/api/v1/players", {"name": "durable_b"})
        ta, tb = a.json["token"], b.json["token"]
        sid = srv.request("POST", "/api/v1/seeks", {"spec": DAB, "seat": 1},
                          secret=ta).json["id"]
        srv.stop()
        srv.start()
        lst = srv.request("GET", "/api/v1/seeks").json["seeks"]
        self.assertEqual([s["id"] for s in lst], [sid])
        acc = srv.request("POST", "/api/v1/seeks/%s/accept" % sid, {},
                          secret=tb)
        self.assertEqual(acc.status, 200, repr(acc))
        self.assertEqual(acc.json["seat"], 0)
        srv.kill()
        srv.start()
        o = srv.request("GET", "/api/v1/seeks/" + sid, secret=ta)
        self.assertEqual(o.status, 200, repr(o))
        snap = srv.snapshot(acc.json["table"])
        self.assertEqual([x.get("player") for x in snap["seats"]],
                         ["durable_b", "durable_a"])
        m = srv.command(acc.json["table"], acc.json["secret"], "move",
                        action=0)
        self.assertEqual(m.status, 200, repr(m))
        m = srv.command(acc.json["table"], o.json["secret"], "move",
                        action=1)
        self.assertEqual(m.status, 200, repr(m))
        self.assertEqual(srv.request("GET", "/api/v1/seeks").json["seeks"],
                         [])
        # the secret is stored only sealed
        if mgclient.PG:
            srv.stop()
            self.assertNotIn(o.json["secret"], srv.db_dump())
        else:
            with open(srv.db, "rb") as f:
                self.assertNotIn(o.json["secret"].encode(), f.read())


class TestPools(LobbyCase):
    def join(self, tok, pool="dab3-casual"):
        return self.srv.request("POST", "/api/v1/pools/%s/join" % pool, {},
                                secret=tok)

    def test_list(self):
        p = self.srv.request("GET", "/api/v1/pools")
        self.assertEqual(p.status, 200)
        names = [x["name"] for x in p.json["pools"]]
        self.assertIn("dab5-3+2", names)
        x = [x for x in p.json["pools"] if x["name"] == "dab5-3+2"][0]
        self.assertEqual(x["clock"], {"base_ms": 180000,
                                      "increment_ms": 2000})
        self.assertIs(x["rated"], True)

    def test_two_then_three_players(self):
        (na, ta), (nb, tb), (nc, tc) = [self.player() for _ in range(3)]
        lobby_a = self.lobby(ta)
        w = self.join(ta)
        self.assertEqual(w.status, 202, repr(w))
        self.assertIs(w.json["waiting"], True)
        a_secret = w.json["secret"]  # its future seat's, handed out once
        w2 = self.join(ta)
        self.assertEqual(w2.status, 202)  # asks again: waits
        self.assertNotIn("secret", w2.json)
        waiting = [x for x in self.srv.request("GET", "/api/v1/pools")
                   .json["pools"] if x["name"] == "dab3-casual"][0]
        self.assertEqual(waiting["waiting"], 1)
        p = self.join(tb)
        self.assertEqual(p.status, 200, repr(p))
        tid = p.json["table"]
        e = lobby_a.wait_for(lambda e: e["event"] == "paired",
                             what="paired")
        self.assertEqual(e["data"]["table"], tid)
        self.assertEqual(e["data"]["seat"], 1 - p.json["seat"])
        self.assertEqual(e["data"]["opponent"], nb)
        snap = self.srv.snapshot(tid)
        self.assertEqual(snap["status"], "playing")
        names = [None, None]
        names[p.json["seat"]] = nb
        names[1 - p.json["seat"]] = na
        self.assertEqual([x.get("player") for x in snap["seats"]], names)
        # the waiter's next join answers its table too (then it is read)
        again = self.join(ta)
        self.assertEqual(again.status, 200, repr(again))
        self.assertEqual(again.json["table"], tid)
        self.assertEqual(again.json["secret"], e["data"]["secret"])
        self.assertEqual(again.json["secret"], a_secret)
        # the third waits alone, then leaves
        self.assertEqual(self.join(tc).status, 202)
        self.assert_error(self.join(tc, "dab5-3+2"), 409, "leave it first")
        lv = self.srv.request("POST", "/api/v1/pools/dab3-casual/leave", {},
                              secret=tc)
        self.assertEqual(lv.status, 200, repr(lv))
        self.assert_error(self.srv.request(
            "POST", "/api/v1/pools/dab3-casual/leave", {}, secret=tc), 404)

    def test_waiters_paired_by_the_timer(self):
        """Three join at once; two are paired, one waits (the timer pairs
        those who waited side by side, each learning it on its stream or
        by joining again)."""
        toks = [self.player()[1] for _ in range(3)]
        streams = [self.lobby(t) for t in toks]
        answers = [None] * 3
        go = threading.Barrier(3)

        def join(i):
            go.wait()
            answers[i] = self.join(toks[i], "dab3-1+1")
        th = [threading.Thread(target=join, args=(i,)) for i in range(3)]
        for t in th:
            t.start()
        for t in th:
            t.join()
        tables = set()
        deadline = time.time() + 5
        paired = 0
        while time.time() < deadline and paired < 2:
            paired = 0
            for i in range(3):
                if answers[i].status == 200 or any(
                        e["event"] == "paired" for e in streams[i].events):
                    paired += 1
            time.sleep(0.1)
        self.assertEqual(paired, 2, [repr(a) for a in answers])
        for i in range(3):
            if answers[i].status == 200:
                tables.add(answers[i].json["table"])
            for e in streams[i].events:
                if e["event"] == "paired":
                    tables.add(e["data"]["table"])
        self.assertEqual(len(tables), 1)

    def test_bad_pools(self):
        _, ta = self.player()
        self.assert_error(self.join(None), 401)
        self.assert_error(self.join(ta, "chess-1+0"), 404, "no pool")
        self.assert_error(self.srv.request(
            "POST", "/api/v1/pools/dab3-casual/join", {"x": 1}, secret=ta),
            400)


if __name__ == "__main__":
    unittest.main()
