"""mg-server: accounts (doc/server-api.md, "Accounts"): a player's password
(argon2id), logins that make a new session each time (a bearer token and
the HttpOnly cookie mg_session), logout and logout everywhere; and what
guards them: failed logins limited per name and per address, one answer
for an unknown name and a wrong password (the same work too), CSRF on
cookie-authenticated POSTs, another player's token, the hashing bounded by
--password-hashes."""

import json
import os
import re
import sqlite3
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2,border=swedish)"
PW = "correct horse battery"


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


def cookie(token):
    return {"Cookie": "mg_session=" + token}


def hashes(srv):
    m = srv.request("GET", "/metrics").body.decode()
    return int(re.search(r"^mg_password_hashes_total (\d+)$", m, re.M)
               .group(1))


class AccountsCase(unittest.TestCase):
    ARGS = ()
    n = 0

    @classmethod
    def setUpClass(cls):
        cls.srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                        "--players-per-hour", "0",
                                        "--trusted-proxy", "127.0.0.1"] +
                                  list(cls.ARGS))
        cls.srv.start()

    @classmethod
    def tearDownClass(cls):
        cls.srv.cleanup()

    def addr(self):
        """A client address of its own (through --trusted-proxy), so that
        one test's failures do not lock another's."""
        AccountsCase.n += 1
        return {"X-Forwarded-For": "10.9.%d.%d" % (AccountsCase.n // 250,
                                                   AccountsCase.n % 250 + 1)}

    def player(self, name, password=None):
        a = self.srv.request("POST", "/api/v1/players", {"name": name})
        self.assertEqual(a.status, 201, repr(a))
        tok = a.json["token"]
        if password:
            p = self.srv.request("POST", "/api/v1/players/%s/password" % name,
                                 {"password": password}, secret=tok)
            self.assertEqual(p.status, 200, repr(p))
        return tok

    def login(self, name, password, status=200, headers=None):
        h = self.addr()
        h.update(headers or {})
        a = self.srv.request("POST", "/api/v1/login",
                             {"name": name, "password": password}, headers=h)
        self.assertEqual(a.status, status, repr(a))
        return a

    def me(self, status=200, **kw):
        a = self.srv.request("GET", "/api/v1/players/me", **kw)
        self.assertEqual(a.status, status, repr(a))
        return a

    def post(self, path, body, **kw):
        return self.srv.request("POST", "/api/v1" + path, body, **kw)


class TestSessions(AccountsCase):
    def test_login_makes_a_new_session_with_its_cookie(self):
        tok = self.player("Carol", PW)
        a = self.login("carol", PW)
        self.assertEqual(a.json["name"], "Carol")
        s1 = a.json["token"]
        self.assertNotEqual(s1, tok)
        c = a.header("Set-Cookie")
        for part in ("mg_session=" + s1, "HttpOnly", "Secure",
                     "SameSite=Strict", "Path=/", "Max-Age=2592000"):
            self.assertIn(part, c)
        self.assertGreater(a.json["expires_ms"], 0)
        s2 = self.login("Carol", PW).json["token"]
        self.assertNotEqual(s1, s2)
        # the session speaks for Carol as a cookie and as a bearer token
        self.assertEqual(self.me(headers=cookie(s1)).json["name"], "Carol")
        self.assertEqual(self.me(secret=s2).json["name"], "Carol")
        acc = self.srv.request("GET", "/api/v1/players/me/account",
                               secret=s2)
        self.assertEqual(acc.status, 200, repr(acc))
        self.assertIs(acc.json["password"], True)
        self.assertEqual(acc.json["sessions"], 2)
        self.assertIs(acc.json["session"], True)
        # a table created with the cookie (from the page: Origin) seats her
        t = self.post("/tables", {"spec": DAB}, origin=self.srv.origin,
                      headers=cookie(s1))
        self.assertEqual(t.status, 201, repr(t))
        self.assertEqual(t.json["snapshot"]["seats"][0]["player"], "Carol")
        snap = self.srv.snapshot(t.json["id"])
        self.assertEqual(snap["seats"][0]["player"], "Carol")

    def test_no_session_fixation(self):
        """A session token sent with a login is never adopted: the login
        answers its own, and the planted one stays nobody's."""
        self.player("Dave_F", PW)
        planted = "A" * 43
        a = self.login("Dave_F", PW, headers=cookie(planted))
        self.assertNotEqual(a.json["token"], planted)
        self.assertIn("mg_session=" + a.json["token"], a.header("Set-Cookie"))
        self.me(401, headers=cookie(planted))
        # a session of one's own, sent again with a login, is not kept
        # as the new one either
        b = self.login("Dave_F", PW, headers=cookie(a.json["token"]))
        self.assertNotEqual(b.json["token"], a.json["token"])

    def test_logout_ends_the_session(self):
        self.player("Erin", PW)
        s1 = self.login("Erin", PW).json["token"]
        s2 = self.login("Erin", PW).json["token"]
        out = self.post("/logout", {}, origin=self.srv.origin,
                        headers=cookie(s1))
        self.assertEqual(out.status, 200, repr(out))
        self.assertIn("Max-Age=0", out.header("Set-Cookie"))
        a = self.me(401, headers=cookie(s1))
        self.assertIn("Max-Age=0", a.header("Set-Cookie"))  # dropped
        self.me(401, secret=s1)
        self.assertEqual(self.me(secret=s2).json["name"], "Erin")
        # a second logout of the ended session: 401
        self.assertEqual(self.post("/logout", {}, secret=s1).status, 401)
        # a player token is no session
        tok = self.player("Erin_T")
        a = self.post("/logout", {}, secret=tok)
        self.assertEqual(a.status, 400, repr(a))
        self.assertIn("logout/all", a.json["error"])
        self.assertEqual(self.post("/logout", {}).status, 401)

    def test_logout_everywhere(self):
        tok = self.player("Frank", PW)
        s1 = self.login("Frank", PW).json["token"]
        s2 = self.login("Frank", PW).json["token"]
        a = self.post("/logout/all", {}, secret=tok)
        self.assertEqual(a.status, 200, repr(a))
        self.assertEqual(a.json["sessions_ended"], 2)
        self.assertNotIn("token", a.json)
        self.me(401, secret=s1)
        self.me(401, headers=cookie(s2))
        self.me(secret=tok)  # the player token stays without new_token
        s3 = self.login("Frank", PW).json["token"]
        a = self.post("/logout/all", {"new_token": True},
                      origin=self.srv.origin, headers=cookie(s3))
        self.assertEqual(a.status, 200, repr(a))
        self.assertEqual(a.json["sessions_ended"], 1)
        self.assertIn("Max-Age=0", a.header("Set-Cookie"))
        self.me(401, secret=tok)
        self.me(401, secret=s3)
        self.assertEqual(self.me(secret=a.json["token"]).json["name"],
                         "Frank")
        bad = self.post("/logout/all", {"new_token": 1},
                        secret=a.json["token"])
        self.assertEqual(bad.status, 400, repr(bad))

    def test_expired_session_is_401_and_deleted(self):
        srv = mgclient.Server(args=["--rate", "0"])
        self.addCleanup(srv.cleanup)
        srv.start()
        tok = srv.request("POST", "/api/v1/players",
                          {"name": "Gina"}).json["token"]
        srv.request("POST", "/api/v1/players/Gina/password",
                    {"password": PW}, secret=tok)
        s = srv.request("POST", "/api/v1/login",
                        {"name": "Gina", "password": PW}).json["token"]
        self.assertEqual(srv.request("GET", "/api/v1/players/me",
                                     secret=s).status, 200)
        srv.stop()
        if mgclient.PG:
            n = int(mgclient.pg_query(srv.db, (
                "WITH u AS (UPDATE docs SET json = jsonb_set(json::jsonb, "
                "'{expires_ms}', '1000')::text WHERE kind = 'token' AND "
                "json::jsonb ->> 'kind' = 'session' RETURNING 1) "
                "SELECT count(*) FROM u"))[0][0])
        else:
            db = sqlite3.connect(srv.db)
            n = db.execute("UPDATE docs SET json = json_set(json, "
                           "'$.expires_ms', 1000) WHERE kind = 'token' AND "
                           "json_extract(json, '$.kind') = 'session'"
                           ).rowcount
            db.commit()
            db.close()
        self.assertEqual(n, 1)
        srv.start()
        a = srv.request("GET", "/api/v1/players/me", secret=s)
        self.assertEqual(a.status, 401, repr(a))
        self.assertIn("expired", a.json["error"])
        srv.stop()
        if mgclient.PG:
            left = int(mgclient.pg_query(srv.db, (
                "SELECT count(*) FROM docs WHERE kind = 'token' AND "
                "json::jsonb ->> 'kind' = 'session'"))[0][0])
        else:
            db = sqlite3.connect(srv.db)
            left = db.execute("SELECT count(*) FROM docs WHERE kind = "
                              "'token' AND json_extract(json, '$.kind') = "
                              "'session'").fetchone()[0]
            db.close()
        self.assertEqual(left, 0)


class TestPasswords(AccountsCase):
    def test_rules(self):
        tok = self.player("Hank")
        path = "/players/Hank/password"
        for body, word in (({}, "required"),
                           ({"password": "short7!"}, "8 to 256"),
                           ({"password": "x" * 257}, "8 to 256"),
                           ({"password": 12345678}, "string"),
                           ({"password": "abc\u0000defgh"}, "u0000"),
                           ({"password": PW, "pin": 1}, "unknown field")):
            a = self.post(path, body, secret=tok)
            self.assertEqual(a.status, 400, repr(a))
            self.assertIn(word, a.json["error"])
        # 256 bytes of UTF-8 (128 two-byte characters) are allowed
        a = self.post(path, {"password": "\u00e9" * 128}, secret=tok)
        self.assertEqual(a.status, 200, repr(a))
        self.login("Hank", "\u00e9" * 128)
        # a change needs the old one, and the right one
        a = self.post(path, {"password": PW}, secret=tok)
        self.assertEqual(a.status, 400, repr(a))
        self.assertIn("old_password", a.json["error"])
        a = self.post(path, {"password": PW, "old_password": "nope-nope"},
                      secret=tok, headers=self.addr())
        self.assertEqual(a.status, 403, repr(a))
        s = self.login("Hank", "\u00e9" * 128).json["token"]
        a = self.post(path, {"password": PW, "old_password": "\u00e9" * 128},
                      secret=tok)
        self.assertEqual(a.status, 200, repr(a))
        self.assertGreaterEqual(a.json["sessions_ended"], 1)
        self.me(401, secret=s)  # the old password's sessions ended
        self.login("Hank", "\u00e9" * 128, 401)
        self.login("Hank", PW)
        # a player without a password yet sends no old one
        tok2 = self.player("Hank_Two")
        a = self.post("/players/Hank_Two/password",
                      {"password": PW, "old_password": PW}, secret=tok2)
        self.assertEqual(a.status, 400, repr(a))

    def test_another_players_token(self):
        self.player("Ivy", PW)
        mallory = self.player("Mallory")
        s = self.login("Mallory", "x", 401)  # no password: like any wrong
        a = self.post("/players/Ivy/password", {"password": "pwned-pwned"},
                      secret=mallory)
        self.assertEqual(a.status, 403, repr(a))
        self.assertIn("Ivy", a.json["error"])
        a = self.post("/players/Ivy/password", {"password": "pwned-pwned"})
        self.assertEqual(a.status, 401, repr(a))
        a = self.post("/players/Nobody_Here/password",
                      {"password": "pwned-pwned"}, secret=mallory)
        self.assertEqual(a.status, 404, repr(a))
        self.login("Ivy", PW)
        self.login("Ivy", "pwned-pwned", 401)
        del s

    def test_no_user_enumeration(self):
        """An unknown name, a player without a password and a wrong
        password: the same status and message, and each checks one
        argon2id hash (an unknown name against a dummy one)."""
        self.player("Jack", PW)
        self.player("Jill")
        answers = []
        for name in ("Jack", "Nobody_At_All", "Jill"):
            before = hashes(self.srv)
            a = self.login(name, "wrong password", 401)
            self.assertEqual(hashes(self.srv) - before, 1, name)
            answers.append((a.status, a.json))
        self.assertEqual(answers[0], answers[1])
        self.assertEqual(answers[0], answers[2])
        self.assertEqual(answers[0][1], {"error": "wrong name or password"})

    def test_csrf(self):
        """A POST the session cookie speaks for needs this site's Origin
        or Sec-Fetch-Site: same-origin; a bearer token's does not."""
        tok = self.player("Kim", PW)
        s = self.login("Kim", PW).json["token"]
        for path, body in (("/tables", {"spec": DAB}), ("/logout", {}),
                           ("/logout/all", {}),
                           ("/players/Kim/password",
                            {"password": "new password", "old_password": PW})):
            a = self.post(path, body, headers=cookie(s))
            self.assertEqual(a.status, 403, repr(a))
            self.assertIn("Origin", a.json["error"])
            a = self.post(path, body, origin="http://evil.example",
                          headers=cookie(s))
            self.assertEqual(a.status, 403, repr(a))
            h = cookie(s)
            h["Sec-Fetch-Site"] = "cross-site"
            self.assertEqual(self.post(path, body, headers=h).status, 403)
        self.me(headers=cookie(s))  # nothing happened: still a session
        h = cookie(s)
        h["Sec-Fetch-Site"] = "same-origin"
        t = self.post("/tables", {"spec": DAB}, headers=h)
        self.assertEqual(t.status, 201, repr(t))
        t = self.post("/tables", {"spec": DAB}, secret=tok)  # no Origin
        self.assertEqual(t.status, 201, repr(t))
        t = self.post("/tables", {"spec": DAB}, secret=self.player("Kim_O"))
        self.assertEqual(t.status, 201, repr(t))
        inv = t.json["invite"]
        j = self.post("/tables/%s/join" % t.json["id"], {"invite": inv},
                      headers=cookie(s))
        self.assertEqual(j.status, 403, repr(j))
        j = self.post("/tables/%s/join" % t.json["id"], {"invite": inv},
                      origin=self.srv.origin, headers=cookie(s))
        self.assertEqual(j.status, 200, repr(j))
        seats = self.srv.snapshot(t.json["id"])["seats"]
        self.assertEqual([x["player"] for x in seats], ["Kim_O", "Kim"])


class TestLoginLimits(AccountsCase):
    def test_password_guessing_hits_the_limit(self):
        self.player("Lara", PW)
        h = {"X-Forwarded-For": "10.1.0.1"}
        for i in range(5):
            a = self.post("/login", {"name": "Lara", "password": "guess%04d"
                                     % i}, headers=h)
            self.assertEqual(a.status, 401, repr(a))
        # locked: even the right password, even from another address,
        # even spelled otherwise
        for name, ip in (("Lara", "10.1.0.1"), ("LARA", "10.1.0.2")):
            a = self.post("/login", {"name": name, "password": PW},
                          headers={"X-Forwarded-For": ip})
            self.assertEqual(a.status, 429, repr(a))
            self.assertEqual(a.json["limit"], "login-name")
            self.assertTrue(0 < a.json["retry_after"] <= 900, repr(a))
            self.assertEqual(a.header("Retry-After"),
                             str(a.json["retry_after"]))
        # another name from that address is not locked
        self.player("Lara_Two", PW)
        a = self.post("/login", {"name": "Lara_Two", "password": PW},
                      headers=h)
        self.assertEqual(a.status, 200, repr(a))
        # an unknown name locks as a known one does
        for i in range(5):
            self.assertEqual(self.post("/login", {
                "name": "Ghost_Name", "password": "short"},
                headers=h).status, 401)
        a = self.post("/login", {"name": "Ghost_Name", "password": PW},
                      headers=h)
        self.assertEqual(a.status, 429, repr(a))
        self.assertEqual(a.json["limit"], "login-name")

    def test_address_limit(self):
        self.player("Mona", PW)
        h = {"X-Forwarded-For": "10.2.0.1"}
        for i in range(20):
            a = self.post("/login", {"name": "Nm_%02d" % i,
                                     "password": "bad"}, headers=h)
            self.assertEqual(a.status, 401, repr(a))
        a = self.post("/login", {"name": "Mona", "password": PW}, headers=h)
        self.assertEqual(a.status, 429, repr(a))
        self.assertEqual(a.json["limit"], "login-address")
        a = self.post("/login", {"name": "Mona", "password": PW},
                      headers={"X-Forwarded-For": "10.2.0.2"})
        self.assertEqual(a.status, 200, repr(a))

    def test_bad_login_bodies(self):
        for body, word in (({"password": PW}, "name"),
                           ({"name": "Olive"}, "password"),
                           ({"name": "Olive", "password": 5}, "string"),
                           ({"name": "Olive", "password": "y" * 257},
                            "8 to 256"),
                           ({"name": "x", "password": PW}, "name"),
                           ({"name": "Olive", "password": PW, "otp": 1},
                            "unknown field")):
            a = self.post("/login", body, headers=self.addr())
            self.assertEqual(a.status, 400, repr(a))
            self.assertIn(word, a.json["error"])
        a = self.srv.request("GET", "/api/v1/login")
        self.assertEqual(a.status, 405, repr(a))


class TestHashingBound(AccountsCase):
    ARGS = ("--password-hashes", "1")

    def test_hashing_at_once_is_bounded(self):
        """With --password-hashes 1, logins arriving together: those that
        find the one hashing slot taken are 503 with retry_after."""
        seen = []

        def one(i, out):
            a = self.post("/login", {"name": "Busy_%d" % i,
                                     "password": "wrong password"},
                          headers={"X-Forwarded-For": "10.3.%d.1" % i})
            out.append(a)

        for attempt in range(5):
            out = []
            ts = [threading.Thread(target=one, args=(attempt * 10 + i, out))
                  for i in range(8)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            seen += out
            if any(a.status == 503 for a in out):
                break
        statuses = set(a.status for a in seen)
        self.assertLessEqual(statuses, {401, 503}, repr(seen))
        busy = [a for a in seen if a.status == 503]
        self.assertTrue(busy, "no login found the slot taken: %r" % seen)
        self.assertEqual(busy[0].json["limit"], "password-hashes")
        self.assertEqual(busy[0].header("Retry-After"), "1")


if __name__ == "__main__":
    unittest.main()
