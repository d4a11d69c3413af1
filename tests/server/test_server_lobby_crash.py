"""mg-server: the crash loop extended to the lobby (doc/server-api.md,
"Lobby"): players post seeks, accept each other's, join a rated
quick-pairing pool and play the games to the end while the server is
SIGKILLed MG_SERVER_KILLS times (20; make check-server-long: 500).  After
a clean restart: every seek whose accept was answered 200 made exactly
one table, both players' names on its seats, and is no longer open; no
seek is both open and accepted; no table from the lobby misses a player;
every pool pairing answered made one table, the same for both players;
every finished rated game's ratings were applied exactly once
(recomputed from the stored games, as test_server_ratings's crash test
does)."""

import os
import random
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mgclient  # noqa: E402
from test_server_ratings import (DAB, KILLS, NETERR, RatingsCase,  # noqa
                                 retry)

POOL = "dab3-1+1"           # rated, Dots and Boxes 3x3 (the same family)
STALL_S = 3.0               # an opponent silent this long: resign


def setUpModule():
    if not os.path.exists(mgclient.SERVER):
        raise unittest.SkipTest("no %s (make server)" % mgclient.SERVER)


class LobbyPlayer(threading.Thread):
    """One player: posts a seek and waits for it to be accepted, or
    accepts another's, or joins the pool; plays each game it gets (its own
    seat) to the end; all through a server that may go down at any
    moment.  Records what the server answered."""

    def __init__(self, srv, name, tok, seed, stop):
        threading.Thread.__init__(self, daemon=True)
        self.srv, self.name, self.tok, self.stop_ev = srv, name, tok, stop
        self.rng = random.Random(seed)
        self.posted = set()      # seek ids answered 201
        self.accepted = {}       # seek id -> (table, seat): accept 200
        self.accepts_lost = set()  # seek ids whose accept had no answer
        self.owned = {}          # seek id -> table, learnt as its owner
        self.pooled = []         # (table, seat) answered by a pool join
        self.over = set()        # tables seen over
        self.failure = None

    def req(self, method, path, body=None):
        return retry(self.srv.request, method, path, body, secret=self.tok)

    def run(self):
        try:
            while not self.stop_ev.is_set():
                x = self.rng.random()
                if x < 0.25:
                    self.pool()
                elif not self.accept_one():
                    self.post_and_wait()
        except BaseException as e:  # reported by the test
            import traceback
            self.failure = "%s: %s\n%s" % (self.name, e,
                                           traceback.format_exc())

    # ---------------------------------------------------------- seeks
    def accept_one(self):
        a = self.req("GET", "/api/v1/seeks")
        if a.status != 200:
            raise AssertionError("list: %r" % (a,))
        others = [s for s in a.json["seeks"] if s["owner"] != self.name]
        if not others:
            return False
        sid = self.rng.choice(others)["id"]
        # with a cmd_id, sent again until it is answered: a lost answer
        # (the server killed) is the first answer when it is back
        body = {"cmd_id": "acc-%s-%08x" % (self.name, self.rng.getrandbits(32))}
        end = time.time() + 10
        while True:
            try:
                a = self.srv.request("POST", "/api/v1/seeks/%s/accept" % sid,
                                     body, secret=self.tok)
                if a.status != 503 or time.time() > end:
                    break
            except NETERR:
                if time.time() > end:
                    self.accepts_lost.add(sid)  # never answered
                    return True
            time.sleep(0.05)
        if a.status == 200:
            self.accepted[sid] = (a.json["table"], a.json["seat"])
            self.play(a.json["table"], a.json["seat"], a.json["secret"])
        elif a.status not in (404, 409, 503):
            raise AssertionError("accept %s: %r" % (sid, a))
        return True

    def post_and_wait(self):
        body = {"spec": DAB, "rated": True,
                "seat": self.rng.choice([0, 1, "random"])}
        try:
            a = self.srv.request("POST", "/api/v1/seeks", body,
                                 secret=self.tok)
        except NETERR:
            return               # the seek may stand: found in the list
        if a.status in (429, 503):
            time.sleep(0.05)
            return
        if a.status != 201:
            raise AssertionError("post: %r" % (a,))
        sid = a.json["id"]
        self.posted.add(sid)
        end = time.time() + self.rng.uniform(0.3, 1.5)
        while True:
            g = self.req("GET", "/api/v1/seeks/" + sid)
            if g.status == 200 and g.json["status"] == "accepted":
                self.owned[sid] = g.json["table"]
                self.play(g.json["table"], g.json["seat"], g.json["secret"])
                return
            if g.status == 404:
                return           # left (a restart's away time) or expired
            if g.status != 200:
                raise AssertionError("seek %s: %r" % (sid, g))
            if time.time() > end or self.stop_ev.is_set():
                c = self.req("POST", "/api/v1/seeks/%s/cancel" % sid, {})
                if c.status == 200:
                    return
                if c.status not in (404, 409):
                    raise AssertionError("cancel %s: %r" % (sid, c))
                end = time.time() + 0.2   # being accepted: ask again
            time.sleep(0.03)

    # ---------------------------------------------------------- pools
    def pool(self):
        end = time.time() + self.rng.uniform(0.5, 2.0)
        while True:
            a = self.req("POST", "/api/v1/pools/%s/join" % POOL, {})
            if a.status == 200:
                self.pooled.append((a.json["table"], a.json["seat"]))
                if a.json.get("secret"):
                    self.play(a.json["table"], a.json["seat"],
                              a.json["secret"])
                return
            if a.status == 409 and "being paired" in a.error:
                time.sleep(0.05)   # the pairing's commit under way
                continue
            if a.status != 202:
                raise AssertionError("pool join: %r" % (a,))
            if time.time() > end or self.stop_ev.is_set():
                lv = self.req("POST", "/api/v1/pools/%s/leave" % POOL, {})
                if lv.status in (200, 404):
                    return
                if lv.status != 409:
                    raise AssertionError("pool leave: %r" % (lv,))
            time.sleep(0.05)

    # ---------------------------------------------------------- play
    def play(self, tid, seat, secret):
        """My seat to the end; resign when the opponent is silent (its
        player may never have learnt its seat)."""
        last_v, last_t = -1, time.time()
        while True:
            snap = self.req("GET", "/api/v1/tables/" + tid)
            if snap.status != 200:
                raise AssertionError("snapshot %s: %r" % (tid, snap))
            snap = snap.json
            if snap["status"] != "playing":
                self.over.add(tid)
                return
            if snap["version"] != last_v:
                last_v, last_t = snap["version"], time.time()
            rp = mgclient.Replay(snap["spec"], snap["actions"])
            body = {"expect_version": snap["version"],
                    "cmd_id": "%016x" % self.rng.getrandbits(64)}
            if time.time() - last_t > STALL_S or self.rng.random() < 0.01:
                body["op"] = "resign"
            elif rp.to_move == seat:
                body["op"] = "move"
                body["action"] = rp.random_action(self.rng)
            else:
                time.sleep(0.02)
                continue
            try:
                a = self.srv.request("POST",
                                     "/api/v1/tables/%s/commands" % tid,
                                     body, secret=secret)
            except NETERR:
                continue
            if a.status not in (200, 409, 429, 503):
                raise AssertionError("%s: %r: %r" % (tid, body, a))


class TestLobbyCrash(RatingsCase):
    def test_sigkill_while_seeking_pairing_and_rating(self):
        srv = mgclient.Server(args=["--rate", "5000", "--burst", "10000",
                                    "--seat-rate", "0",
                                    "--max-tables-per-addr", "0",
                                    "--creations-per-hour", "0",
                                    "--players-per-hour", "0"])
        self.addCleanup(srv.cleanup)
        self.addCleanup(srv.kill)
        srv.start()
        rng = mgclient.rng()
        names = ["Kai", "Lea", "Mo_7", "Nia"]
        toks = {n: self.register(srv, n) for n in names}
        stop = threading.Event()
        players = [LobbyPlayer(srv, n, toks[n], rng.randrange(1 << 30), stop)
                   for n in names]
        self.kill_while(srv, players, stop, KILLS,
                        lambda: rng.uniform(0.1, 0.5))
        srv.stop()
        srv.start()
        self.check_lobby(srv, names, toks, players)

    def check_lobby(self, srv, names, toks, players):
        by = {p.name: p for p in players}
        # every table of the players, from their games
        tables = {}
        for n in names:
            off = 0
            while True:
                a = srv.request("GET", "/api/v1/players/%s/games?offset=%d"
                                "&limit=100" % (n, off))
                self.assertEqual(a.status, 200, repr(a))
                for gm in a.json["games"]:
                    tables.setdefault(gm["table"], {})[gm["seat"]] = n
                if not a.json["more"]:
                    break
                off += 100
        snaps = {t: srv.snapshot(t) for t in tables}
        for tid, snap in snaps.items():
            named = [s.get("player") for s in snap["seats"]]
            self.assertTrue(all(named), "%s misses a player: %r"
                            % (tid, snap["seats"]))
            self.assertEqual(named, [tables[tid].get(0), tables[tid].get(1)],
                             tid)
            self.assertTrue(snap["rated"], tid)
        open_now = srv.request("GET", "/api/v1/seeks")
        self.assertEqual(open_now.status, 200)
        open_ids = set(s["id"] for s in open_now.json["seeks"])
        # every seek's fate, asked by its owner with the token that posted
        seek_table = {}
        for p in players:
            for sid in p.posted:
                g = srv.request("GET", "/api/v1/seeks/" + sid, secret=p.tok)
                if g.status == 404:
                    self.assertNotIn(sid, open_ids)
                    continue
                self.assertEqual(g.status, 200, repr(g))
                if g.json["status"] == "open":
                    self.assertIn(sid, open_ids)
                    continue
                self.assertEqual(g.json["status"], "accepted", repr(g))
                self.assertNotIn(sid, open_ids,
                                 "seek %s both open and accepted" % sid)
                seek_table[sid] = (p.name, g.json["table"], g.json["seat"])
        owner_of = {sid: p.name for p in players for sid in p.posted}
        accepts = 0
        for p in players:
            for sid, (tid, seat) in p.accepted.items():
                accepts += 1
                self.assertNotIn(sid, open_ids, "accepted seek %s open" % sid)
                self.assertIn(tid, tables, "accepted seek %s: no table" % sid)
                self.assertEqual(tables[tid][seat], p.name, tid)
                if sid in owner_of:
                    owner, t2, oseat = seek_table[sid]
                    self.assertEqual(t2, tid, "seek %s: two tables" % sid)
                    self.assertEqual(oseat, 1 - seat)
                    self.assertEqual(tables[tid][oseat], owner)
            for sid, tid in p.owned.items():
                self.assertEqual(seek_table[sid][1], tid)
        # one table per seek: no two seeks share one, no seek has two
        seek_tids = set(t for (_, t, _) in seek_table.values())
        self.assertEqual(len(seek_tids), len(seek_table))
        seek_tids |= set(t for p in players for t, _ in p.accepted.values())
        self.assertEqual(len(seek_tids), len(set(
            sid for p in players for sid in p.accepted) | set(seek_table)))
        # pool pairings: each answered one is one table, the same for both
        pool_seen = {}
        for p in players:
            for tid, seat in p.pooled:
                self.assertIn(tid, tables, "pool pairing %s: no table" % tid)
                self.assertEqual(tables[tid][seat], p.name, tid)
                self.assertNotIn(tid, seek_tids, tid)
                self.assertIn("rows=3", snaps[tid]["spec"], tid)
                pool_seen.setdefault(tid, {})[seat] = p.name
        for tid, seats in pool_seen.items():
            for seat, name in seats.items():
                self.assertEqual(tables[tid][seat], name, tid)
        # every other table came from a request whose answer was lost: an
        # accept (a seek's game), or a pairing neither player heard of
        rest = set(tables) - seek_tids - set(pool_seen)
        lost = sum(len(p.accepts_lost) for p in players)
        self.assertLessEqual(len([t for t in rest
                                  if "rows=3" not in snaps[t]["spec"]]),
                             lost, "seek tables nobody was answered")
        seen = set(t for p in players for t in p.over)
        n_rated = self.check_rated_games(srv, names, seen, exact=False)
        self.assertGreaterEqual(n_rated, 2, "too few rated games ended")
        self.assertGreaterEqual(accepts, 1, "no seek accepted")
        if os.environ.get("MG_SERVER_VERBOSE"):
            sys.stderr.write(
                "\n%d kills: %d seeks posted, %d accepted (%d answers "
                "lost), %d pool tables, %d tables, %d rated games over\n"
                % (KILLS, len(owner_of), accepts, lost, len(pool_seen),
                   len(tables), n_rated))


if __name__ == "__main__":
    unittest.main()
