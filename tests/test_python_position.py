"""The position API (1.3) through the package: sites, who holds them,
observations, action sites and symmetries, on every game that answers it
(the others are skipped with a message while they return
MG_EUNSUPPORTED), with lists (NumPy paths: test_python_numpy.py)."""
import random
import unittest

from mgtest import POSITION_GAMES, mg, position_or_skip

SPECS = [
    "dots_and_boxes(rows=3,cols=3)",
    "dots_and_boxes(rows=2,cols=4,border=swedish)",
    "dots_and_boxes(grid=triangle,size=2)",
    "dots_and_boxes(grid=hexagon,size=2,border=swedish)",
    "china_squares(board=5)", "china_octangle(board=6)",
    "china_tangle(board=7)", "china_grove(board=8)",
    "fangqi", "fangqi(variant=xinjiang)",
    "chains_of_thought", "chains_of_thought(board=square6)",
]

KINDS = {"dots_and_boxes": {mg.SiteKind.LINE, mg.SiteKind.BOX},
         "fangqi": {mg.SiteKind.POINT},
         "chains_of_thought": {mg.SiteKind.POINT}}


def random_position(game, seed, fraction=0.5):
    """A state after random actions (about fraction of a playout)."""
    rng = random.Random(seed)
    full = game.new_state()
    n = full.playout(seed)
    s = game.new_state()
    for _ in range(max(1, int(n * fraction))):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


class TestPosition(unittest.TestCase):

    def each(self, check):
        """check(game) on every spec, a subtest each; a game that does not
        answer the position API yet is a skipped subtest."""
        for spec in SPECS:
            with self.subTest(spec=spec):
                g = mg.Game(spec)
                position_or_skip(self, g)
                check(g)

    def test_games_that_must_answer(self):
        for gid in POSITION_GAMES:
            self.assertGreater(mg.Game(gid).num_sites, 0, gid)
        for gid in mg.game_ids():
            with self.subTest(game=gid):
                position_or_skip(self, mg.Game(gid))

    def test_sites(self):
        self.each(self.check_sites)

    def check_sites(self, g):
        n = g.num_sites
        sites = g.sites()
        self.assertIs(sites, g.sites())          # computed once
        self.assertEqual(len(sites), n)
        kinds = KINDS.get(g.id, {mg.SiteKind.CELL})
        names = set()
        for i, site in enumerate(sites):
            self.assertIsInstance(site, mg.Site)
            self.assertEqual(site, g.site(i))
            self.assertEqual(site.number, i)
            self.assertIn(site.kind, kinds)
            self.assertIs(type(site.kind), mg.SiteKind)
            self.assertTrue(site.name)
            names.add(site.name)
            self.assertIsInstance(site.x, float)
            self.assertGreaterEqual(site.x, -1e-9)
            self.assertGreaterEqual(site.y, -1e-9)
            self.assertEqual(list(site.neighbors),
                             sorted(set(site.neighbors)))
            self.assertLessEqual(len(site.neighbors), 8)
            for j in site.neighbors:
                self.assertIn(i, sites[j].neighbors)  # symmetric
        self.assertEqual(len(names), n)             # names differ

    def test_sites_and_actions(self):
        self.each(self.check_sites_and_actions)

    def check_sites_and_actions(self, g):
        s = g.new_state()
        seen = set()
        for a in range(g.num_actions):
            f, t = g.action_sites(a)
            for x in (f, t):
                self.assertTrue(x is None or 0 <= x < g.num_sites)
            if (f, t) != (None, None):
                self.assertNotIn((f, t), seen)
                seen.add((f, t))
            if f is None and t is not None:     # a placement
                self.assertEqual(g.site(t).name, s.action_to_string(a))
        if g.id == "dots_and_boxes":
            lines = [x for x in g.sites() if x.kind == mg.SiteKind.LINE]
            self.assertEqual(len(lines), g.num_actions)
            for line in lines:   # site = line = action id
                self.assertEqual(g.action_sites(line.number),
                                 (None, line.number))
        if g.board is not None:  # site = cell index
            for i in range(g.board.cell_count):
                self.assertEqual(g.site(i).name, g.board.cell_name(i))

    def test_who_holds_the_sites(self):
        self.each(self.check_who_holds_the_sites)

    def check_who_holds_the_sites(self, g):
        start = g.new_state().sites()
        neutral = g.id == "dots_and_boxes" and "border=none" not in g.spec
        self.assertEqual(mg.NEUTRAL in start, neutral, g.spec)
        for seed in range(3):
            s = random_position(g, seed)
            values = s.sites()
            self.assertEqual(len(values), g.num_sites)
            self.assertTrue(set(values) <= {mg.NOBODY, 0, 1, mg.NEUTRAL})
            self.assertEqual(values, [s.site(i)
                                      for i in range(g.num_sites)])
            self.assertTrue(all(isinstance(v, int) for v in values))
            if g.id == "dots_and_boxes":
                owned = sum(1 for x, v in zip(g.sites(), values)
                            if x.kind == mg.SiteKind.BOX and v in (0, 1))
                self.assertEqual(owned, sum(s.scores))

    def test_observation(self):
        self.each(self.check_observation)

    def check_observation(self, g):
        planes, n = g.observation_shape
        self.assertEqual(n, g.num_sites)
        names = g.observation_planes
        self.assertEqual(len(names), planes)
        for name in ("own", "opponent", "empty"):
            self.assertIn(name, names)
        own, opp, empty = (names.index(x) for x in
                           ("own", "opponent", "empty"))
        s = random_position(g, 11)
        values = s.sites()
        o0, o1 = s.observation(0), s.observation(1)
        for o in (o0, o1):
            self.assertEqual(len(o), planes)
            self.assertTrue(all(len(row) == n for row in o))
            for k in (own, opp, empty):    # indicator planes
                self.assertTrue(set(o[k]) <= {0.0, 1.0})
            self.assertTrue(all(v == v and abs(v) < 1e9 for row in o
                                for v in row))  # finite
        self.assertEqual(o0[own], o1[opp])
        self.assertEqual(o0[opp], o1[own])
        for i, v in enumerate(values):
            self.assertEqual(o0[own][i], 1.0 if v == 0 else 0.0)
            self.assertEqual(o0[empty][i], 1.0 if v == mg.NOBODY
                             else 0.0)
        if "to_move" in names:
            k = names.index("to_move")
            p = s.current_player
            self.assertEqual(set(o0[k]), {1.0 if p == 0 else 0.0})

    def test_symmetries(self):
        self.each(self.check_symmetries)

    def check_symmetries(self, g):
        k = g.num_symmetries
        self.assertGreaterEqual(k, 1)
        sites, actions = g.site_symmetries(), g.action_symmetries()
        self.assertEqual((len(sites), len(actions)), (k, k))
        self.assertEqual(sites[0], list(range(g.num_sites)))
        self.assertEqual(actions[0], list(range(g.num_actions)))
        for sym in range(k):
            self.assertEqual(sorted(sites[sym]), list(range(g.num_sites)))
            self.assertEqual(sorted(actions[sym]),
                             list(range(g.num_actions)))
            for i in (0, g.num_sites - 1):
                self.assertEqual(g.symmetry_site(sym, i), sites[sym][i])
            self.assertEqual(g.symmetry_action(sym, 0), actions[sym][0])
        if g.id == "dots_and_boxes" and "grid=square" in g.spec:
            self.assertEqual(k, 8 if "rows=3,cols=3" in g.spec else 4)

    def test_symmetric_positions(self):
        # the image of a game under a symmetry, replayed through the
        # action map, holds the images of the sites; its observation is
        # the observation with the sites moved along
        self.each(self.check_symmetric_positions)

    def check_symmetric_positions(self, g):
        sites, actions = g.site_symmetries(), g.action_symmetries()
        for seed in range(2):
            s = random_position(g, seed, 0.6)
            for sym in range(g.num_symmetries):
                image = g.new_state()
                for a in s.history():
                    image.apply(actions[sym][a])
                perm = sites[sym]
                held, held_image = s.sites(), image.sites()
                for i in range(g.num_sites):
                    self.assertEqual(held_image[perm[i]], held[i])
                obs, obs_image = s.observation(0), image.observation(0)
                for row, row_image in zip(obs, obs_image):
                    for i in range(g.num_sites):
                        self.assertEqual(row_image[perm[i]], row[i])
                self.assertEqual(image.scores, s.scores)


if __name__ == "__main__":
    unittest.main()
