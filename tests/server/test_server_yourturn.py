"""mg-server: a player's open tables, the "your move" list
(doc/server-api.md, "Players": GET /api/v1/players/me/tables): the
tables the player sits at that wait or play, the player's move first,
the least time left first, bounded by limit; finished tables leave it."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2,border=swedish)"
PATH = "/api/v1/players/me/tables"


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


class TestYourTurn(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                        "--players-per-hour", "0"])
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        cls.srv.cleanup()

    def player(self, name):
        a = self.srv.request("POST", "/api/v1/players", {"name": name})
        self.assertEqual(a.status, 201, repr(a))
        return a.json["token"]

    def create(self, token, **fields):
        body = {"spec": DAB}
        body.update(fields)
        a = self.srv.request("POST", "/api/v1/tables", body, secret=token)
        self.assertEqual(a.status, 201, repr(a))
        return a.json

    def join(self, token, created):
        a = self.srv.request("POST", "/api/v1/tables/%s/join" % created["id"],
                             {"invite": created["invite"]}, secret=token)
        self.assertEqual(a.status, 200, repr(a))
        return a.json

    def mine(self, token, query="", status=200):
        a = self.srv.request("GET", PATH + query, secret=token)
        self.assertEqual(a.status, status, repr(a))
        return a.json

    def move(self, tid, secret):
        snap = self.srv.snapshot(tid)
        mv = self.srv.command(tid, secret, "move",
                              action=legal_action(snap))
        self.assertEqual(mv.status, 200, repr(mv))

    def test_list_order_and_end(self):
        ann, bob = self.player("Ann_yt"), self.player("Bob_yt")
        self.assertEqual(self.mine(ann)["tables"], [])
        # a table waiting for its opponent
        waiting = self.create(ann)
        # a game against Bob, Ann to move (seat 0 moves first)
        g1 = self.create(ann, clock={"base_ms": 60000, "increment_ms": 0})
        j1 = self.join(bob, g1)
        # a game against Bob where Bob is to move
        g2 = self.create(ann)
        j2 = self.join(bob, g2)
        self.move(g2["id"], g2["secret"])
        # a game against a bot
        g3 = self.create(ann, seat=1, bots=["random", None])
        mine = self.mine(ann)
        ids = [t["id"] for t in mine["tables"]]
        self.assertEqual(sorted(ids), sorted([waiting["id"], g1["id"],
                                              g2["id"], g3["id"]]))
        self.assertEqual(mine["player"], "Ann_yt")
        self.assertEqual(mine["open"], 4)
        by = {t["id"]: t for t in mine["tables"]}
        first = by[g1["id"]]
        self.assertTrue(first["your_move"])
        self.assertEqual(first["opponent"], {"player": "Bob_yt", "bot": None})
        self.assertEqual(first["status"], "playing")
        self.assertEqual(first["seat"], 0)
        self.assertEqual(first["spec"], self.srv.snapshot(g1["id"])["spec"])
        self.assertTrue(0 < first["clock"]["you_ms"] <= 60000)
        self.assertEqual(first["clock"]["opponent_ms"], 60000)
        self.assertFalse(by[g2["id"]]["your_move"])
        self.assertIsNone(by[g2["id"]]["clock"])
        self.assertIsNone(by[waiting["id"]]["opponent"])
        self.assertEqual(by[waiting["id"]]["status"], "waiting")
        self.assertFalse(by[waiting["id"]]["your_move"])
        self.assertEqual(by[g3["id"]]["opponent"],
                         {"player": None, "bot": "random"})
        # the moves to make first: the clocked one (least time) first
        yours = [t["id"] for t in mine["tables"] if t["your_move"]]
        self.assertEqual(ids[:len(yours)], yours)
        self.assertEqual(ids[0], g1["id"])
        # Bob's view: his move at g2, Ann's at g1
        bobs = self.mine(bob)["tables"]
        self.assertEqual([t["id"] for t in bobs], [g2["id"], g1["id"]])
        self.assertTrue(bobs[0]["your_move"])
        self.assertEqual(bobs[0]["opponent"]["player"], "Ann_yt")
        self.assertEqual(bobs[0]["seat"], j2["seat"])
        # limit
        self.assertEqual(len(self.mine(ann, "?limit=2")["tables"]), 2)
        self.assertEqual([t["id"] for t in
                          self.mine(ann, "?limit=1")["tables"]], [g1["id"]])
        # a finished game leaves the list
        r = self.srv.command(g1["id"], j1["secret"], "resign")
        self.assertEqual(r.status, 200, repr(r))
        ab = self.srv.command(waiting["id"], waiting["secret"], "abort")
        self.assertEqual(ab.status, 200, repr(ab))
        left = [t["id"] for t in self.mine(ann)["tables"]]
        self.assertEqual(sorted(left), sorted([g2["id"], g3["id"]]))
        self.assertEqual([t["id"] for t in self.mine(bob)["tables"]],
                         [g2["id"]])

    def test_the_computer_by_level(self):
        """A bot made from a level says its level (the page then says
        "the computer, level N", as the table's seat does)."""
        tok = self.player("Lev_yt")
        g = self.create(tok, bots=[None, "level(2)"])
        got = [t for t in self.mine(tok)["tables"] if t["id"] == g["id"]]
        self.assertEqual(len(got), 1)
        self.assertEqual(got[0]["opponent"],
                         {"player": None, "bot": "greedy", "level": 2})

    def test_errors(self):
        tok = self.player("Cy_yt")
        for q in ("?limit=0", "?limit=101", "?limit=x", "?limit=", "?limit=-1",
                  "?limit=99999"):
            a = self.srv.request("GET", PATH + q, secret=tok)
            self.assertEqual(a.status, 400, q + repr(a))
            self.assertIn("limit", a.json["error"])
        a = self.srv.request("GET", PATH)
        self.assertEqual(a.status, 401, repr(a))
        a = self.srv.request("GET", PATH, secret="no-such-token")
        self.assertEqual(a.status, 401, repr(a))
        a = self.srv.request("POST", PATH, {}, secret=tok)
        self.assertEqual(a.status, 405, repr(a))
        # an anonymous table is nobody's
        self.srv.table(DAB)
        self.assertEqual(self.mine(tok)["tables"], [])

    def test_restart_keeps_the_list(self):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0"])
        self.addCleanup(srv.cleanup)
        srv.start()
        a = srv.request("POST", "/api/v1/players", {"name": "Dee_yt"})
        tok = a.json["token"]
        c = srv.request("POST", "/api/v1/tables",
                        {"spec": DAB, "bots": [None, "random"]}, secret=tok)
        self.assertEqual(c.status, 201, repr(c))
        srv.stop()
        srv.start()
        a = srv.request("GET", PATH, secret=tok)
        self.assertEqual(a.status, 200, repr(a))
        self.assertEqual([t["id"] for t in a.json["tables"]], [c.json["id"]])
        self.assertTrue(a.json["tables"][0]["your_move"])


def legal_action(snap):
    """A legal action id of the table's position (the library replays
    its record)."""
    return mgclient.Replay(snap["spec"], snap["actions"]).legal()[0]


if __name__ == "__main__":
    unittest.main()
