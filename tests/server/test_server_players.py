"""mg-server: players (doc/server-api.md, "Players"): a name, unique up to
case, Unicode normalisation and look-alike characters; a player token that
speaks for the player; the seats of a table created or joined with one
show the player's name, kept in the table's log; registration limits per
client; a re-sent registration with its cmd_id answers the first."""

import os
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2,border=swedish)"


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


class PlayersCase(unittest.TestCase):
    def server(self, *args):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0"] +
                              list(args))
        self.addCleanup(srv.cleanup)
        srv.start()
        return srv

    def register(self, srv, name, status=201, **fields):
        body = {"name": name}
        body.update(fields)
        a = srv.request("POST", "/api/v1/players", body)
        self.assertEqual(a.status, status, repr(a))
        return a

    def assert_error(self, a, status, *words):
        self.assertEqual(a.status, status, repr(a))
        msg = a.json.get("error", "")
        for w in words:
            self.assertIn(w, msg, repr(a))
        for h in mgclient.SECURITY_HEADERS:
            self.assertTrue(a.header(h), "%s missing: %r" % (h, a))


class TestNames(PlayersCase):
    @classmethod
    def setUpClass(cls):
        cls.srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                        "--players-per-hour", "0"])
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        cls.srv.cleanup()

    def test_register_and_find(self):
        a = self.register(self.srv, "Ada_Lovelace")
        self.assertEqual(a.json["name"], "Ada_Lovelace")
        self.assertIs(a.json["bot"], False)
        tok = a.json["token"]
        self.assertGreaterEqual(len(tok), 43)
        # found by any spelling that is the same name
        for spelled in ("Ada_Lovelace", "ada_lovelace", "ADA_LOVELACE"):
            g = self.srv.request("GET", "/api/v1/players/" + spelled)
            self.assertEqual(g.status, 200, repr(g))
            self.assertEqual(g.json["name"], "Ada_Lovelace")
            self.assertNotIn("token", g.json)
        me = self.srv.request("GET", "/api/v1/players/me", secret=tok)
        self.assertEqual(me.status, 200, repr(me))
        self.assertEqual(me.json["name"], "Ada_Lovelace")

    def test_one_name_up_to_case_and_lookalikes(self):
        """doc/server-api.md: names differing in case, normalisation or
        look-alike characters are one."""
        self.register(self.srv, "Grace")
        for other in ("grace", "GRACE", "\uff27race"):  # fullwidth G
            a = self.register(self.srv, other, 409)
            self.assert_error(a, 409, "taken")
        # a name all in Cyrillic letters that look like Latin ones
        self.register(self.srv, "Ace")
        a = self.register(self.srv, "\u0410\u0441\u0435", 409)
        self.assert_error(a, 409, "taken")
        # one Cyrillic letter among Latin ones: no name at all
        a = self.register(self.srv, "Grac\u0435", 400)
        self.assert_error(a, 400, "one script")
        # NFC: a composed and a decomposed e-acute are one name
        self.register(self.srv, "Ren\u00e9e")
        self.assert_error(self.register(self.srv, "Rene\u0301e", 409), 409)

    def test_bad_names(self):
        for bad, word in (("ab", "3 to 20"), ("a" * 21, "3 to 20"),
                          ("_abc", "'_'"), ("ab cd", "U+0020"),
                          ("ab\u200bcd", "U+200B")):
            a = self.register(self.srv, bad, 400)
            self.assert_error(a, 400, "name:", word)
        for body in ({}, {"name": 7}, {"name": None}):
            a = self.srv.request("POST", "/api/v1/players", body)
            self.assert_error(a, 400, "name")
        a = self.srv.request("POST", "/api/v1/players",
                             {"name": "Okname", "colour": "red"})
        self.assert_error(a, 400, "unknown field 'colour'")
        a = self.srv.request("POST", "/api/v1/players",
                             {"name": "Okname", "bot": "yes"})
        self.assert_error(a, 400, "\"bot\"")
        # refused registrations took nothing
        self.assertEqual(self.srv.request(
            "GET", "/api/v1/players/Okname").status, 404)
        a = self.srv.request("POST", "/api/v1/players", raw=b"{not json")
        self.assertEqual(a.status, 400, repr(a))

    def test_bot_account(self):
        a = self.register(self.srv, "Deep_Box", bot=True)
        self.assertIs(a.json["bot"], True)
        g = self.srv.request("GET", "/api/v1/players/deep_box")
        self.assertIs(g.json["bot"], True)

    def test_unknown_and_bad_tokens(self):
        for auth in ("Bearer nothing-like-a-token", "Basic abc", "Bearer ",
                     "Bearer " + "x" * 200):
            a = self.srv.request("GET", "/api/v1/players/me",
                                 headers={"Authorization": auth})
            self.assert_error(a, 401)
        a = self.srv.request("GET", "/api/v1/players/me")
        self.assert_error(a, 401, "token")
        a = self.srv.request("GET", "/api/v1/players/nobody_here")
        self.assert_error(a, 404, "nobody_here")
        # a name that is not allowed is nobody's
        a = self.srv.request("GET", "/api/v1/players/x")
        self.assert_error(a, 404)

    def test_methods(self):
        a = self.srv.request("GET", "/api/v1/players")
        self.assert_error(a, 405)
        a = self.srv.request("POST", "/api/v1/players/someone", {})
        self.assert_error(a, 405, "GET")
        a = self.srv.request("GET", "/api/v1/nothing")
        self.assert_error(a, 404)

    def test_paths_that_are_not_utf8(self):
        """A path's bytes quoted in an error are made UTF-8 (a JSON answer,
        never a 500); the fuzzer found POST /players/NAME<bytes> answered
        no JSON at all."""
        for method, path, status in (
                ("GET", "/api/v1/players/ab%FF%FEcd", 404),
                ("GET", "/api/v1/players/" + "%C3%A9" * 40 + "%C3", 404),
                ("POST", "/api/v1/players/ab%C3", 405),
                ("GET", "/api/v1/ab%FF", 404)):
            a = self.srv.request(method, path,
                                 {} if method == "POST" else None)
            self.assert_error(a, status)

    def test_cmd_id_answers_the_first(self):
        body = {"name": "Resent", "cmd_id": "resent-registration-01"}
        a = self.srv.request("POST", "/api/v1/players", body)
        self.assertEqual(a.status, 201, repr(a))
        b = self.srv.request("POST", "/api/v1/players", body)
        self.assertEqual(b.status, 201, repr(b))
        self.assertEqual(a.json, b.json)
        # another cmd_id for the same name: taken
        body["cmd_id"] = "resent-registration-02"
        self.assert_error(self.srv.request("POST", "/api/v1/players", body),
                          409)
        body["cmd_id"] = "short"
        self.assert_error(self.srv.request("POST", "/api/v1/players", body),
                          400, "cmd_id")

    def test_same_name_at_once_makes_one_player(self):
        """Eight registrations of one name at once: one 201, seven 409."""
        out = []

        def go(i):
            out.append(self.srv.request("POST", "/api/v1/players",
                                        {"name": "Racer" if i % 2
                                         else "RACER"}).status)
        ts = [threading.Thread(target=go, args=(i,)) for i in range(8)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(sorted(out), [201] + [409] * 7)


class TestSeats(PlayersCase):
    def test_seats_show_names_and_survive_a_restart(self):
        srv = self.server()
        alice = self.register(srv, "Alice").json["token"]
        bob = self.register(srv, "Bob_2").json["token"]
        c = srv.request("POST", "/api/v1/tables", {"spec": DAB},
                        secret=alice)
        self.assertEqual(c.status, 201, repr(c))
        tid = c.json["id"]
        self.assertEqual(c.json["snapshot"]["seats"][0]["player"], "Alice")
        self.assertIsNone(c.json["snapshot"]["seats"][1]["player"])
        # Alice cannot take the other seat too
        j = srv.request("POST", "/api/v1/tables/%s/join" % tid,
                        {"invite": c.json["invite"]}, secret=alice)
        self.assert_error(j, 409, "both seats")
        j = srv.request("POST", "/api/v1/tables/%s/join" % tid,
                        {"invite": c.json["invite"]}, secret=bob)
        self.assertEqual(j.status, 200, repr(j))
        seats = srv.snapshot(tid)["seats"]
        self.assertEqual([s["player"] for s in seats], ["Alice", "Bob_2"])
        srv.stop()
        srv.start()
        seats = srv.snapshot(tid)["seats"]
        self.assertEqual([s["player"] for s in seats], ["Alice", "Bob_2"])

    def test_anonymous_seats_stay_anonymous(self):
        srv = self.server()
        c = srv.create(DAB)
        self.assertEqual(c.status, 201, repr(c))
        self.assertIsNone(c.json["snapshot"]["seats"][0]["player"])
        j = srv.join(c.json["id"], c.json["invite"])
        self.assertEqual(j.status, 200, repr(j))
        self.assertEqual([s["player"] for s in srv.snapshot(
            c.json["id"])["seats"]], [None, None])

    def test_a_bad_token_creates_nothing(self):
        srv = self.server()
        c = srv.request("POST", "/api/v1/tables", {"spec": DAB},
                        secret="not-a-token")
        self.assert_error(c, 401)
        m = srv.request("GET", "/metrics")
        self.assertIn("mg_tables_open 0", m.body.decode())


class TestRated(PlayersCase):
    """doc/server-api.md, "Tables": a rated table is between two players,
    without bots or takebacks; its rematch is rated too."""

    def test_rated_table_is_for_players(self):
        srv = self.server()
        alice = self.register(srv, "Alice").json["token"]
        bob = self.register(srv, "Bob_3").json["token"]
        a = srv.request("POST", "/api/v1/tables", {"spec": DAB,
                                                   "rated": True})
        self.assert_error(a, 401, "player token")
        for body, word in (({"bots": [None, "random"]}, "bot"),
                           ({"takebacks": True}, "takebacks"),
                           ({"rated": "yes"}, "\"rated\"")):
            b = {"spec": DAB, "rated": True}
            b.update(body)
            self.assert_error(srv.request("POST", "/api/v1/tables", b,
                                          secret=alice), 400, word)
        c = srv.request("POST", "/api/v1/tables", {"spec": DAB,
                                                   "rated": True},
                        secret=alice)
        self.assertEqual(c.status, 201, repr(c))
        snap = c.json["snapshot"]
        self.assertIs(snap["rated"], True)
        self.assertIs(snap["takebacks"], False)
        tid = c.json["id"]
        # an anonymous join is refused and changes nothing
        j = srv.join(tid, c.json["invite"])
        self.assert_error(j, 401, "rated")
        self.assertEqual(srv.snapshot(tid)["status"], "waiting")
        j = srv.request("POST", "/api/v1/tables/%s/join" % tid,
                        {"invite": c.json["invite"]}, secret=bob)
        self.assertEqual(j.status, 200, repr(j))
        self.assertEqual(srv.snapshot(tid)["status"], "playing")
        # casual by default
        d = srv.request("POST", "/api/v1/tables", {"spec": DAB},
                        secret=alice)
        self.assertIs(d.json["snapshot"]["rated"], False)


class TestLimits(PlayersCase):
    def test_players_per_hour(self):
        srv = self.server("--players-per-hour", "3")
        for i in range(3):
            self.register(srv, "Player%d" % i)
        a = self.register(srv, "Player9", 429)
        self.assertEqual(a.json["limit"], "players-per-hour", repr(a))
        self.assertGreater(a.json["retry_after"], 0)
        self.assertEqual(a.header("Retry-After"), str(a.json["retry_after"]))
        self.assertEqual(srv.request("GET",
                                     "/api/v1/players/Player9").status, 404)


if __name__ == "__main__":
    unittest.main()
