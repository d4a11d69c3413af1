"""mg-server: challenges (doc/server-api.md, "Lobby", *Challenges*): a
seek with "to": NAME is shown only to its owner and that player (the
list, GET /seeks/{id}, the lobby's events), accepted only by that
player, and declined by that player's cancel; it is kept across a
restart."""

import os
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
from test_server_lobby import DAB, LobbyCase  # noqa: E402


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


def ids(answer):
    return [s["id"] for s in answer.json["seeks"]]


class TestChallenges(LobbyCase):
    def test_seen_and_accepted_only_by_the_challenged(self):
        alice, ta = self.player("ca")
        bob, tb = self.player("cb")
        carol, tc = self.player("cc")
        open_sid = self.seek(ta).json["id"]
        a = self.seek(ta, to=bob.upper())  # any spelling of the name
        sid = a.json["id"]
        self.assertEqual(a.json["seek"]["to"], bob)
        get = lambda tok=None: self.srv.request(  # noqa: E731
            "GET", "/api/v1/seeks", secret=tok)
        self.assertNotIn(sid, ids(get()))
        self.assertIn(open_sid, ids(get()))
        self.assertNotIn(sid, ids(get(tc)))
        self.assertIn(sid, ids(get(ta)))
        mine = [s for s in get(tb).json["seeks"] if s["id"] == sid]
        self.assertEqual(mine[0]["to"], bob)
        self.assertEqual(mine[0]["owner"], alice)
        # an open seek says "to": null
        self.assertIsNone([s for s in get().json["seeks"]
                           if s["id"] == open_sid][0]["to"])
        one = "/api/v1/seeks/" + sid
        self.assert_error(self.srv.request("GET", one), 404, "no open seek")
        self.assert_error(self.srv.request("GET", one, secret=tc), 404,
                          "no open seek")
        self.assertEqual(self.srv.request("GET", one, secret=tb).json["to"],
                         bob)
        # only Bob accepts it
        acc = "/api/v1/seeks/%s/accept" % sid
        self.assert_error(self.srv.request("POST", acc, {}, secret=tc), 404,
                          "no open seek")
        self.assert_error(self.srv.request("POST", acc, {}, secret=ta), 409,
                          "your own")
        ok = self.srv.request("POST", acc, {}, secret=tb)
        self.assertEqual(ok.status, 200, repr(ok))
        snap = self.srv.snapshot(ok.json["table"])
        self.assertEqual(sorted(s["player"] for s in snap["seats"]),
                         sorted([alice, bob]))
        o = self.srv.request("GET", one, secret=ta)
        self.assertEqual(o.json["status"], "accepted", repr(o))
        self.assertEqual(o.json["table"], ok.json["table"])

    def test_declined_by_the_challenged(self):
        alice, ta = self.player("da")
        bob, tb = self.player("db")
        carol, tc = self.player("dc")
        anyone = self.lobby()
        owner = self.lobby(ta)
        challenged = self.lobby(tb)
        other = self.lobby(tc)
        sid = self.seek(ta, to=bob).json["id"]
        # a stream opened now counts it only if it may see it
        self.assertEqual(self.lobby(tc).events[0]["data"]["seeks"],
                         self.lobby().events[0]["data"]["seeks"])
        self.assertEqual(self.lobby(tb).events[0]["data"]["seeks"],
                         self.lobby().events[0]["data"]["seeks"] + 1)
        for s in (owner, challenged):
            e = s.wait_for(lambda e: e["event"] == "seek" and
                           e["data"]["id"] == sid, what="the challenge")
            self.assertEqual(e["data"]["to"], bob)
        cancel = "/api/v1/seeks/%s/cancel" % sid
        self.assert_error(self.srv.request("POST", cancel, {}, secret=tc),
                          404, "no open seek")
        d = self.srv.request("POST", cancel, {}, secret=tb)
        self.assertEqual(d.status, 200, repr(d))
        self.assertEqual(d.json, {"id": sid, "cancelled": True,
                                  "declined": True})
        for s in (owner, challenged):
            e = s.wait_for(lambda e: e["event"] == "seek_removed" and
                           e["data"]["id"] == sid, what="its removal")
            self.assertEqual(e["data"]["reason"], "declined")
        self.assertNotIn(sid, ids(self.srv.request("GET", "/api/v1/seeks",
                                                   secret=ta)))
        # the others heard nothing of it
        time.sleep(0.2)
        for s in (anyone, other):
            self.assertFalse([x for x in s.events
                              if x["event"] in ("seek", "seek_removed") and
                              x["data"].get("id") == sid], s.events)
        # the owner's own cancel is a cancel, not a decline
        sid2 = self.seek(ta, to=bob).json["id"]
        c = self.srv.request("POST", "/api/v1/seeks/%s/cancel" % sid2, {},
                             secret=ta)
        self.assertEqual(c.json, {"id": sid2, "cancelled": True})

    def test_bad_challenges(self):
        alice, ta = self.player("ea")
        self.assert_error(self.seek(ta, 404, to="Nobody_Here_9"), 404,
                          "no player is named Nobody_Here_9")
        self.assert_error(self.seek(ta, 400, to=alice.lower()), 400,
                          "not to yourself")
        for bad in (5, ["x"], {"name": "x"}, True):
            self.assert_error(self.seek(ta, 400, to=bad), 400, "to:")
        # null is an open seek
        a = self.seek(ta, to=None)
        self.assertIsNone(a.json["seek"]["to"])

    def test_kept_across_a_restart(self):
        srv = mgclient.Server(args=["--rate", "0", "--players-per-hour", "0"])
        self.addCleanup(srv.cleanup)
        srv.start()
        ta = srv.request("POST", "/api/v1/players",
                         {"name": "keep_a"}).json["token"]
        tb = srv.request("POST", "/api/v1/players",
                         {"name": "keep_b"}).json["token"]
        sid = srv.request("POST", "/api/v1/seeks",
                          {"spec": DAB, "to": "keep_b"},
                          secret=ta).json["id"]
        srv.stop()
        srv.start()
        self.assertEqual(srv.request("GET", "/api/v1/seeks").json["seeks"],
                         [])
        lst = srv.request("GET", "/api/v1/seeks", secret=tb).json["seeks"]
        self.assertEqual([(s["id"], s["to"]) for s in lst],
                         [(sid, "keep_b")])


if __name__ == "__main__":
    unittest.main()
