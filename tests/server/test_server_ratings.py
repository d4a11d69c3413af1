"""mg-server: ratings (doc/server-api.md, "Ratings"): a rated game's end
(the last move, resign, time, an agreed draw) changes both players'
Glicko-2 ratings of the game's family, once, in the same append as the
end event, which shows them; an abort or a casual game changes none; each
player's games list the result; leaderboards; bad filters are 400.

The expected ratings are computed here, by the paper's formulas written
again (Glickman, "Example of the Glicko-2 system"), not by the server's
code."""

import copy
import http.client
import itertools
import math
import os
import random
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402

DAB = "dots_and_boxes(rows=2,cols=2,border=swedish)"
FAMILY = "dots_and_boxes-small"
SCALE = 173.7178
DAY_MS = 86400000.0


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


# ------------------------------------------------- Glicko-2, the paper's

class Rating(object):
    def __init__(self, r=1500.0, rd=350.0, vol=0.06, last_ms=None):
        self.r, self.rd, self.vol, self.last_ms = r, rd, vol, last_ms
        self.games = 0

    def rd_at(self, now_ms):
        """Step 6 for the idle days since the last game, at most 350."""
        if self.last_ms is None or now_ms <= self.last_ms:
            return self.rd
        phi = self.rd / SCALE
        days = (now_ms - self.last_ms) / DAY_MS
        return min(350.0, SCALE * math.sqrt(phi * phi +
                                            days * self.vol * self.vol))


def glicko2(r, rd, vol, opp_r, opp_rd, score, tau=0.5):
    """One rating period with one game: (rating, rd, volatility), the RD
    kept within [45, 350] as the server does."""
    mu, phi = (r - 1500.0) / SCALE, rd / SCALE
    mu_j, phi_j = (opp_r - 1500.0) / SCALE, opp_rd / SCALE
    g = 1.0 / math.sqrt(1.0 + 3.0 * phi_j ** 2 / math.pi ** 2)
    e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
    v = 1.0 / (g * g * e * (1.0 - e))
    delta = v * g * (score - e)
    a = math.log(vol * vol)

    def f(x):
        ex = math.exp(x)
        return (ex * (delta ** 2 - phi ** 2 - v - ex) /
                (2.0 * (phi ** 2 + v + ex) ** 2) - (x - a) / tau ** 2)
    A = a
    if delta ** 2 > phi ** 2 + v:
        B = math.log(delta ** 2 - phi ** 2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        B = a - k * tau
    fA, fB = f(A), f(B)
    while abs(B - A) > 0.000001:
        C = A + (A - B) * fA / (fB - fA)
        fC = f(C)
        if fC * fB <= 0:
            A, fA = B, fB
        else:
            fA /= 2.0
        B, fB = C, fC
    sigma = math.exp(A / 2.0)
    phi_star = math.sqrt(phi ** 2 + sigma ** 2)
    phi_new = 1.0 / math.sqrt(1.0 / phi_star ** 2 + 1.0 / v)
    mu_new = mu + phi_new ** 2 * g * (score - e)
    rd_new = min(350.0, max(45.0, SCALE * phi_new))
    return SCALE * mu_new + 1500.0, rd_new, sigma


def rate_game(ratings, names, result, ended_ms):
    """Apply one rated game to ratings {name: Rating}: result 'win' /
    'loss' / 'draw' for names[0]."""
    a = ratings.setdefault(names[0], Rating())
    b = ratings.setdefault(names[1], Rating())
    ra, rb = a.rd_at(ended_ms), b.rd_at(ended_ms)
    sa = {"win": 1.0, "loss": 0.0, "draw": 0.5}[result]
    na = glicko2(a.r, ra, a.vol, b.r, rb, sa)
    nb = glicko2(b.r, rb, b.vol, a.r, ra, 1.0 - sa)
    before = (a.r, b.r)
    a.r, a.rd, a.vol = na
    b.r, b.rd, b.vol = nb
    a.last_ms = b.last_ms = ended_ms
    a.games += 1
    b.games += 1
    return before


class RatingsCase(unittest.TestCase):
    def server(self, *args):
        srv = mgclient.Server(args=["--rate", "0", "--seat-rate", "0",
                                    "--players-per-hour", "0"] + list(args))
        self.addCleanup(srv.cleanup)
        srv.start()
        return srv

    def register(self, srv, name):
        a = srv.request("POST", "/api/v1/players", {"name": name})
        self.assertEqual(a.status, 201, repr(a))
        return a.json["token"]

    def rated_table(self, srv, tok0, tok1, rated=True, **fields):
        """A table of two players, playing: (id, [secret0, secret1])."""
        body = {"spec": DAB, "rated": rated}
        body.update(fields)
        c = srv.request("POST", "/api/v1/tables", body, secret=tok0)
        self.assertEqual(c.status, 201, repr(c))
        j = srv.request("POST", "/api/v1/tables/%s/join" % c.json["id"],
                        {"invite": c.json["invite"]}, secret=tok1)
        self.assertEqual(j.status, 200, repr(j))
        secrets = [None, None]
        secrets[c.json["seat"]] = c.json["secret"]
        secrets[j.json["seat"]] = j.json["secret"]
        return c.json["id"], secrets

    def play_out(self, srv, tid, secrets, rng):
        """Random legal moves to the end: the last answer's event."""
        rp = mgclient.Replay(DAB)
        last = None
        while not rp.over:
            seat = rp.to_move
            act = rp.random_action(rng)
            a = srv.command(tid, secrets[seat], "move", action=act)
            self.assertEqual(a.status, 200, repr(a))
            rp.apply(act)
            last = a.json["event"]
        self.assertEqual(last["status"], "over", repr(last))
        return last

    def player(self, srv, name):
        a = srv.request("GET", "/api/v1/players/" + name)
        self.assertEqual(a.status, 200, repr(a))
        return a.json

    def games(self, srv, name, query=""):
        a = srv.request("GET", "/api/v1/players/%s/games%s" % (name, query))
        self.assertEqual(a.status, 200, repr(a))
        return a.json["games"]

    def kill_while(self, srv, players, stop, kills, pause):
        """Start the player threads, SIGKILL and restart srv `kills` times
        (pause() seconds before each), then stop them: each must have
        finished without a failure."""
        for p in players:
            p.start()
        try:
            for _ in range(kills):
                time.sleep(pause())
                for p in players:
                    self.assertIsNone(p.failure, p.failure)
                srv.kill()
                srv.start()
        finally:
            stop.set()
        for p in players:
            p.join(120)
            self.assertFalse(p.is_alive(), "a player did not finish")
            self.assertIsNone(p.failure, p.failure)

    def check_ratings(self, srv, expected):
        for name, want in expected.items():
            got = self.player(srv, name)["ratings"][FAMILY]
            self.assertLessEqual(abs(got["rating"] - want.r), 0.5 + 1e-6,
                                 (name, got, want.r))
            self.assertLessEqual(abs(got["rd"] - want.rd), 0.5 + 1e-6,
                                 (name, got, want.rd))
            self.assertAlmostEqual(got["volatility"], want.vol, places=5)
            self.assertEqual(got["games"], want.games)
            self.assertEqual(got["provisional"], want.rd > 110.0)

    def check_rated_games(self, srv, names, seen, exact=True):
        """Every finished rated game of names (the tables seen over by
        the clients, seen) had its ratings applied exactly once: the
        ratings recomputed from the stored games, in their order, are the
        ones each end event shows and the players' now.  Returns the
        number of rated games over.  exact: seen are all of them (else
        some may have ended unseen, as by a clock)."""
        # every finished rated game, from the players' games
        ended = {}
        for n in names:
            off = 0
            while True:
                a = srv.request("GET", "/api/v1/players/%s/games?rated=true"
                                "&status=over&offset=%d&limit=100" % (n, off))
                self.assertEqual(a.status, 200, repr(a))
                for gm in a.json["games"]:
                    ended.setdefault(gm["table"], {})[gm["seat"]] = (n, gm)
                if not a.json["more"]:
                    break
                off += 100
        if exact:
            self.assertEqual(set(ended), seen)
        else:
            self.assertLessEqual(seen, set(ended))
        games = []
        for tid, seats in ended.items():
            self.assertEqual(set(seats), {0, 1}, tid)
            g0 = seats[0][1]
            self.assertEqual(g0["ended_ms"], seats[1][1]["ended_ms"])
            snap = srv.snapshot(tid)
            self.assertEqual(snap["status"], "over")
            games.append((g0["ended_ms"], tid, (seats[0][0], seats[1][0]),
                          g0["result"], snap["result"]["ratings"]))
        games.sort()
        # recompute in end order; games ending in the same millisecond
        # (and sharing a player) in the order their ratings say
        expected = {}
        i = 0
        while i < len(games):
            j = i
            while j < len(games) and games[j][0] == games[i][0]:
                j += 1
            group = games[i:j]
            for order in itertools.permutations(group):
                trial = {n: copy.copy(r) for n, r in expected.items()}
                ok = True
                for ended_ms, tid, pair, res, shown in order:
                    before = rate_game(trial, pair, res, ended_ms)
                    for s in (0, 1):
                        seat = shown["seats"][s]
                        ok = ok and abs(seat["before"] - before[s]) <= 0.5 \
                            and abs(seat["after"] - trial[pair[s]].r) <= 0.5
                if ok:
                    break
            self.assertTrue(ok, "the ratings shown at %r are not the "
                            "recomputed ones" % (group,))
            expected = trial
            i = j
        self.check_ratings(srv, expected)
        return len(games)


def result_of(event, seat):
    res = event["result"]
    if res["draw"]:
        return "draw"
    return "win" if res["winner"] == seat else "loss"


class TestRatedEnds(RatingsCase):
    def test_game_to_the_end_then_another(self):
        srv = self.server()
        rng = random.Random(int(os.environ.get("MG_SERVER_SEED", "7")))
        toks = {n: self.register(srv, n) for n in ("Alice", "Bob_3")}
        expected = {}
        for g, names in enumerate((("Alice", "Bob_3"), ("Bob_3", "Alice"))):
            tid, secrets = self.rated_table(srv, toks[names[0]],
                                            toks[names[1]])
            for s in (0, 1):
                gm = [x for x in self.games(srv, names[s])
                      if x["table"] == tid]
                self.assertEqual(len(gm), 1)
                self.assertEqual((gm[0]["status"], gm[0]["result"],
                                  gm[0]["rated"], gm[0]["family"]),
                                 ("playing", None, True, FAMILY))
            end = self.play_out(srv, tid, secrets, rng)
            res = result_of(end, 0)
            before = rate_game(expected, names, res, end["at_ms"])
            # the end event shows both seats' ratings: before, after, change
            rt = end["ratings"]
            self.assertEqual(rt, end["result"]["ratings"])
            self.assertEqual(rt["family"], FAMILY)
            for s in (0, 1):
                seat = rt["seats"][s]
                self.assertEqual(seat["player"], names[s])
                self.assertLessEqual(abs(seat["before"] - before[s]), 0.5)
                self.assertLessEqual(
                    abs(seat["after"] - expected[names[s]].r), 0.5)
                self.assertEqual(seat["change"],
                                 seat["after"] - seat["before"])
            if res == "win":
                self.assertGreater(rt["seats"][0]["change"], 0)
            # the snapshot's result says the same, also after a restart
            self.assertEqual(srv.snapshot(tid)["result"]["ratings"], rt)
            self.check_ratings(srv, expected)
            # each player's game, with the result
            for s in (0, 1):
                gm = [x for x in self.games(srv, names[s])
                      if x["table"] == tid]
                self.assertEqual(len(gm), 1)
                gm = gm[0]
                self.assertEqual(gm["result"], result_of(end, s))
                self.assertEqual(gm["opponent"], names[1 - s])
                self.assertIs(gm["rated"], True)
                self.assertEqual(gm["family"], FAMILY)
                self.assertEqual(gm["status"], "over")
                self.assertEqual(gm["rating_after"],
                                 rt["seats"][s]["after"])
                # when its end and ratings were stored (server-api.md):
                # the end event's time, or a little later when another
                # rated end of the family was stored first and this one
                # was applied after it (command.c: 5 s at most)
                self.assertGreaterEqual(gm["ended_ms"], end["at_ms"])
                self.assertLess(gm["ended_ms"], end["at_ms"] + 5000)
        srv.stop()
        srv.start()
        self.check_ratings(srv, expected)
        self.assertEqual(srv.snapshot(tid)["result"]["ratings"], rt)
        # the lobby lists a seek with its owner's rating of the seek's
        # family (a bigger board: another family, no rating yet)
        rating = self.player(srv, "Alice")["ratings"][FAMILY]["rating"]
        for spec, want in ((DAB, rating),
                           ("dots_and_boxes(rows=7,cols=7)", None)):
            a = srv.request("POST", "/api/v1/seeks", {"spec": spec},
                            secret=toks["Alice"])
            self.assertEqual(a.status, 201, repr(a))
            seeks = srv.request("GET", "/api/v1/seeks").json["seeks"]
            got = [x["rating"] for x in seeks if x["id"] == a.json["id"]]
            self.assertEqual(len(got), 1, seeks)
            if want is None:
                self.assertIsNone(got[0])
            else:
                self.assertLessEqual(abs(got[0] - want), 0.5, (got, want))

    def test_resign_draw_timeout_rated_abort_casual_not(self):
        srv = self.server()
        toks = {n: self.register(srv, n) for n in ("Carol", "Dave")}
        names = ("Carol", "Dave")
        expected = {}
        # resign: seat 0 resigns
        tid, sec = self.rated_table(srv, toks["Carol"], toks["Dave"])
        e = srv.command(tid, sec[0], "resign").json["event"]
        rate_game(expected, names, "loss", e["at_ms"])
        self.assertLess(e["ratings"]["seats"][0]["change"], 0)
        self.check_ratings(srv, expected)
        # an agreed draw
        tid, sec = self.rated_table(srv, toks["Carol"], toks["Dave"])
        self.assertEqual(srv.command(tid, sec[0], "draw_offer").status, 200)
        e = srv.command(tid, sec[1], "draw_accept").json["event"]
        self.assertIs(e["result"]["draw"], True)
        rate_game(expected, names, "draw", e["at_ms"])
        self.assertIn("ratings", e)
        self.check_ratings(srv, expected)
        # time: seat 0's clock runs out, the server's timer ends it
        tid, sec = self.rated_table(srv, toks["Carol"], toks["Dave"],
                                    clock={"base_ms": 1000,
                                           "increment_ms": 0})
        deadline = time.time() + 10
        while srv.snapshot(tid)["status"] != "over":
            self.assertLess(time.time(), deadline, "no timeout")
            time.sleep(0.2)
        snap = srv.snapshot(tid)
        self.assertEqual(snap["result"]["how"], "time")
        ended = [x for x in self.games(srv, "Carol")
                 if x["table"] == tid][0]["ended_ms"]
        rate_game(expected, names, "loss", ended)
        self.assertIn("ratings", snap["result"])
        self.check_ratings(srv, expected)
        # claim_bot is refused at a rated table, and changes nothing
        tid, sec = self.rated_table(srv, toks["Carol"], toks["Dave"])
        a = srv.command(tid, sec[1], "claim_bot")
        self.assertEqual(a.status, 409, repr(a))
        self.assertIn("rated", a.json["error"])
        # an abort rates nothing; the games say "aborted"
        e = srv.command(tid, sec[0], "abort").json["event"]
        self.assertNotIn("ratings", e)
        self.check_ratings(srv, expected)
        gm = [x for x in self.games(srv, "Dave") if x["table"] == tid][0]
        self.assertEqual(gm["status"], "aborted")
        self.assertIsNone(gm["result"])
        self.assertIs(gm["rated"], True)  # a rated table, rating nothing
        self.assertNotIn("rating_after", gm)
        # a casual game: the games have the result, the ratings stay
        tid, sec = self.rated_table(srv, toks["Carol"], toks["Dave"],
                                    rated=False)
        e = srv.command(tid, sec[1], "resign").json["event"]
        self.assertNotIn("ratings", e)
        self.assertNotIn("ratings", e["result"])
        self.check_ratings(srv, expected)
        gm = [x for x in self.games(srv, "Carol") if x["table"] == tid][0]
        self.assertEqual(gm["result"], "win")
        self.assertIs(gm["rated"], False)
        self.assertNotIn("rating_after", gm)
        # filters
        self.assertEqual(
            [x["result"] for x in self.games(srv, "Carol", "?rated=true")],
            [None, "loss", "draw", "loss"])
        self.assertEqual(
            [x["result"] for x in self.games(
                srv, "Carol", "?rated=true&status=over")],
            ["loss", "draw", "loss"])
        self.assertEqual(len(self.games(srv, "Carol", "?result=win")), 1)
        self.assertEqual(len(self.games(srv, "Carol",
                                        "?rated=true&result=draw")), 1)
        self.assertEqual(len(self.games(srv, "Carol",
                                        "?family=" + FAMILY)), 5)
        self.assertEqual(len(self.games(srv, "Carol",
                                        "?game=dots_and_boxes")), 5)
        self.assertEqual(len(self.games(srv, "Carol", "?game=china")), 0)
        two = srv.request("GET", "/api/v1/players/Carol/games?limit=2")
        self.assertEqual(len(two.json["games"]), 2)
        self.assertIs(two.json["more"], True)
        rest = self.games(srv, "Carol", "?offset=2&limit=10")
        self.assertEqual(len(rest), 3)
        every = self.games(srv, "Carol")
        self.assertEqual([x["table"] for x in every],
                         [x["table"] for x in two.json["games"] + rest])
        ends = [x["ended_ms"] for x in every]
        self.assertEqual(ends, sorted(ends, reverse=True))
        # the player's page: ratings and the newest games
        page = self.player(srv, "carol")
        self.assertEqual(page["games"][0]["table"], every[0]["table"])
        self.assertEqual(set(page["ratings"]), {FAMILY})


class TestClaimWin(RatingsCase):
    def test_claimed_win_is_rated(self):
        srv = self.server("--away", "1")
        toks = {n: self.register(srv, n) for n in ("Kim", "Lee")}
        tid, sec = self.rated_table(srv, toks["Kim"], toks["Lee"])
        # seat 0 (Kim) is to move and has no stream open: away
        time.sleep(1.2)
        a = srv.command(tid, sec[1], "claim_win")
        self.assertEqual(a.status, 200, repr(a))
        e = a.json["event"]
        self.assertEqual(e["result"]["how"], "abandoned")
        expected = {}
        rate_game(expected, ("Kim", "Lee"), "loss", e["at_ms"])
        self.assertEqual([x["player"] for x in e["ratings"]["seats"]],
                         ["Kim", "Lee"])
        self.check_ratings(srv, expected)
        # the rematch is rated too, on both players' lists from the start
        rm = srv.command(tid, sec[1], "rematch")
        self.assertEqual(rm.status, 200, repr(rm))
        for n in ("Kim", "Lee"):
            gm = [x for x in self.games(srv, n)
                  if x["table"] == rm.json["table"]]
            self.assertEqual(len(gm), 1, n)
            self.assertEqual((gm[0]["rated"], gm[0]["family"],
                              gm[0]["status"]), (True, FAMILY, "playing"))
        # seats swapped, both players kept (the joined seat's player was
        # lost: a rated rematch with an anonymous seat)
        snap = srv.snapshot(rm.json["table"])
        self.assertEqual([x["player"] for x in snap["seats"]],
                         ["Lee", "Kim"])


class TestConcurrentEnds(RatingsCase):
    def test_many_rated_games_end_at_once(self):
        """Rated games of one family ending at the same moment (each end
        changes the family's document too) all end at the first asking:
        none is answered 503 for the others', and the family counts them
        all."""
        srv = self.server("--max-tables-per-addr", "0",
                          "--creations-per-hour", "0")
        rng = random.Random(mgclient.rng().randrange(1 << 30))
        n = 24
        tables = []
        for i in range(n):
            toks = [self.register(srv, "ce%d_%d" % (i, k)) for k in (0, 1)]
            tid, secrets = self.rated_table(srv, toks[0], toks[1])
            rp, played = mgclient.Replay(DAB), []
            while True:
                act = rp.random_action(rng)
                if mgclient.Replay(DAB, played + [act]).over:
                    break     # the last move: kept for the moment
                a = srv.command(tid, secrets[rp.to_move], "move", action=act)
                self.assertEqual(a.status, 200, repr(a))
                rp.apply(act)
                played.append(act)
            tables.append((tid, secrets[rp.to_move], act))
        barrier = threading.Barrier(n)
        answers = [None] * n

        def end(i):
            tid, secret, act = tables[i]
            barrier.wait()
            answers[i] = srv.command(tid, secret, "move", action=act,
                                     retry_429=False)
        th = [threading.Thread(target=end, args=(i,)) for i in range(n)]
        for t in th:
            t.start()
        for t in th:
            t.join(60)
        for a in answers:
            self.assertEqual(a.status, 200, repr(a))
            self.assertEqual(a.json["event"]["status"], "over")
            self.assertIn("ratings", a.json["event"])
        games = sum(self.player(srv, "ce%d_0" % i)["ratings"][FAMILY]["games"]
                    for i in range(n))
        self.assertEqual(games, n)


class TestBoardsAndErrors(RatingsCase):
    def test_leaderboard_and_bad_filters(self):
        srv = self.server()
        names = ["Erin", "Frank", "Grace"]
        toks = {n: self.register(srv, n) for n in names}
        expected = {}
        # Erin beats Frank, Frank beats Grace (by resignation)
        for w, l in (("Erin", "Frank"), ("Frank", "Grace")):
            tid, sec = self.rated_table(srv, toks[w], toks[l])
            e = srv.command(tid, sec[1], "resign").json["event"]
            rate_game(expected, (w, l), "win", e["at_ms"])
        fams = srv.request("GET", "/api/v1/leaderboard")
        self.assertEqual(fams.status, 200, repr(fams))
        self.assertEqual(fams.json["families"],
                         [{"family": FAMILY, "players": 3, "games": 2,
                           "last_ms": fams.json["families"][0]["last_ms"]}])
        b = srv.request("GET", "/api/v1/leaderboard/" + FAMILY)
        self.assertEqual(b.status, 200, repr(b))
        order = sorted(names, key=lambda n: -expected[n].r)
        self.assertEqual([p["name"] for p in b.json["players"]], order)
        self.assertEqual([p["rank"] for p in b.json["players"]], [1, 2, 3])
        self.assertTrue(all(p["provisional"] for p in b.json["players"]))
        one = srv.request("GET", "/api/v1/leaderboard/%s?offset=1&limit=1"
                          % FAMILY)
        self.assertEqual([p["name"] for p in one.json["players"]],
                         order[1:2])
        self.assertEqual(one.json["players"][0]["rank"], 2)
        self.assertIs(one.json["more"], True)
        est = srv.request("GET", "/api/v1/leaderboard/%s?provisional=false"
                          % FAMILY)
        self.assertEqual(est.json["players"], [])
        self.assertEqual(srv.request(
            "GET", "/api/v1/leaderboard/chess").status, 404)
        for path, word in (
                ("/api/v1/players/Erin/games?result=won", "result"),
                ("/api/v1/players/Erin/games?rated=yes", "rated"),
                ("/api/v1/players/Erin/games?limit=0", "limit"),
                ("/api/v1/players/Erin/games?limit=101", "limit"),
                ("/api/v1/players/Erin/games?offset=-1", "offset"),
                ("/api/v1/players/Erin/games?limit=x", "limit"),
                ("/api/v1/players/Erin/games?status=done", "status"),
                ("/api/v1/players/Erin/games?family=Bad%20One", "family"),
                ("/api/v1/players/Erin/games?colour=red", "colour"),
                ("/api/v1/leaderboard/" + FAMILY + "?limit=1000", "limit"),
                ("/api/v1/leaderboard/" + FAMILY + "?provisional=1",
                 "provisional"),
                ("/api/v1/leaderboard/Dots", "family"),
                ("/api/v1/leaderboard?x=1", "x")):
            a = srv.request("GET", path)
            self.assertEqual(a.status, 400, (path, a))
            self.assertIn(word, a.json["error"], (path, a))
        self.assertEqual(srv.request(
            "GET", "/api/v1/players/Nobody/games").status, 404)
        self.assertEqual(srv.request(
            "POST", "/api/v1/leaderboard", {}).status, 405)

    def test_page_paths(self):
        """The page (index.html) at a player's /p/NAME and at
        /leaderboard[/FAMILY], as at /t/ID; nothing else there."""
        import tempfile
        web = tempfile.mkdtemp(prefix="mg-web-")
        self.addCleanup(lambda: __import__("shutil").rmtree(web, True))
        index = b"<!doctype html><title>page</title>"
        with open(os.path.join(web, "index.html"), "wb") as f:
            f.write(index)
        srv = mgclient.Server(args=["--rate", "0"], web_dir=web)
        self.addCleanup(srv.cleanup)
        srv.start()
        for p in ("/p/Alice", "/p/%C3%9Cnal_K", "/p/Bob-3", "/leaderboard",
                  "/leaderboard/" + FAMILY, "/p/" + "x" * 96):
            a = srv.request("GET", p)
            self.assertEqual(a.status, 200, (p, a))
            self.assertEqual(a.body, index, p)
        for p in ("/p/", "/p/a/b", "/p/..", "/p/" + "x" * 97,
                  "/leaderboard/x/y", "/leaderboard/.x"):
            a = srv.request("GET", p)
            self.assertEqual(a.status, 404, (p, a))


# ------------------------------------------------------------- crashes

KILLS = int(os.environ.get("MG_SERVER_KILLS", "20"))
NETERR = (OSError, http.client.HTTPException)


def retry(fn, *a, **kw):
    end = time.time() + 60
    while True:
        try:
            a_ = fn(*a, **kw)
        except NETERR:
            a_ = None
        if a_ is not None and a_.status not in (503,):
            return a_
        if time.time() > end:
            raise AssertionError("no answer for a minute: %r" % (a_,))
        time.sleep(0.02)


class RatedPlayer(threading.Thread):
    """Plays rated games between two players (seats alternating) through a
    server that may go down at any moment; some end by resignation."""

    def __init__(self, srv, toks, seed, stop):
        threading.Thread.__init__(self, daemon=True)
        self.srv, self.toks, self.stop_ev = srv, toks, stop
        self.rng = random.Random(seed)
        self.over = []       # tables seen over
        self.failure = None
        self.n = 0

    def cmd_id(self):
        self.n += 1
        return "%08x-rated-%d-%d" % (self.rng.getrandbits(32), id(self),
                                     self.n)

    def run(self):
        try:
            g = 0
            while not self.stop_ev.is_set():
                toks = self.toks if g % 2 == 0 else self.toks[::-1]
                g += 1
                c = retry(self.srv.request, "POST", "/api/v1/tables",
                          {"spec": DAB, "rated": True,
                           "cmd_id": self.cmd_id()}, secret=toks[0])
                if c.status != 201:
                    raise AssertionError("create: %r" % (c,))
                j = retry(self.srv.request, "POST",
                          "/api/v1/tables/%s/join" % c.json["id"],
                          {"invite": c.json["invite"],
                           "cmd_id": self.cmd_id()}, secret=toks[1])
                if j.status != 200:
                    raise AssertionError("join: %r" % (j,))
                secrets = [None, None]
                secrets[c.json["seat"]] = c.json["secret"]
                secrets[j.json["seat"]] = j.json["secret"]
                self.play(c.json["id"], secrets)
        except BaseException as e:  # reported by the test
            import traceback
            self.failure = "%s\n%s" % (e, traceback.format_exc())

    def play(self, tid, secrets):
        while True:
            snap = retry(self.srv.request, "GET", "/api/v1/tables/" + tid)
            if snap.status != 200:
                raise AssertionError("snapshot: %r" % (snap,))
            snap = snap.json
            if snap["status"] != "playing":
                self.over.append(tid)
                return
            rp = mgclient.Replay(DAB, snap["actions"])
            seat = rp.to_move
            body = {"expect_version": snap["version"],
                    "cmd_id": self.cmd_id()}
            if self.rng.random() < 0.05:
                body["op"] = "resign"
            else:
                body["op"] = "move"
                body["action"] = rp.random_action(self.rng)
            try:
                a = self.srv.request("POST",
                                     "/api/v1/tables/%s/commands" % tid,
                                     body, secret=secrets[seat])
            except NETERR:
                continue
            if a.status not in (200, 409, 429, 503):
                raise AssertionError("%s: %r: %r" % (tid, body, a))


class TestRatingsCrash(RatingsCase):
    def test_sigkill_while_rated_games_end(self):
        """Every finished rated game's ratings are applied exactly once:
        the ratings recomputed from the stored games, in their order, are
        the server's."""
        srv = mgclient.Server(args=["--rate", "5000", "--burst", "10000",
                                    "--seat-rate", "0",
                                    "--max-tables-per-addr", "0",
                                    "--creations-per-hour", "0",
                                    "--players-per-hour", "0"])
        self.addCleanup(srv.cleanup)
        self.addCleanup(srv.kill)
        srv.start()
        rng = mgclient.rng()
        names = ["Hana", "Ivan", "Jo_5"]
        toks = {n: self.register(srv, n) for n in names}
        stop = threading.Event()
        # two threads share Ivan: his games end at the same time
        players = [RatedPlayer(srv, [toks["Hana"], toks["Ivan"]],
                               rng.randrange(1 << 30), stop),
                   RatedPlayer(srv, [toks["Ivan"], toks["Jo_5"]],
                               rng.randrange(1 << 30), stop)]
        self.kill_while(srv, players, stop, KILLS,
                        lambda: rng.uniform(0.05, 0.3))
        seen = set(t for p in players for t in p.over)
        self.assertGreaterEqual(len(seen), 2, "too few games finished")
        n_games = self.check_rated_games(srv, names, seen)
        if os.environ.get("MG_SERVER_VERBOSE"):
            sys.stderr.write("\n%d kills, %d rated games over\n"
                             % (KILLS, n_games))


if __name__ == "__main__":
    unittest.main()
