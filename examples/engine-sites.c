/*
 * engine-sites.c - a Dots and Boxes engine that sees the position only
 * through sites and observations (mg_game_site_neighbors,
 * mg_state_observation): no notation is parsed and no rule is coded but
 * what the observation shows.  It plays on every grid and border, over
 * the mindgames-engine(7) protocol (engine_loop.h).
 *
 * From the observation of the player to move it takes the "empty" plane
 * (undrawn lines) and, through each box's lines, how many sides each box
 * still lacks.  Then, by the rules of the game (doc/rules.md §3.2):
 *   1. it takes a box when a line completes one (two at once first);
 *      except that, when taking every box it can would leave it only
 *      lines that give boxes away, it keeps control: with exactly two
 *      boxes left to take in the last chain and something left to fight
 *      for, it draws the line that hands both to the opponent (the
 *      "all but two" of Berlekamp's double-dealing), so that the
 *      opponent must open the next chain;
 *   2. else it draws a safe line, one that leaves no box one side short;
 *   3. else it draws the line that gives the fewest boxes away (it counts
 *      the boxes the opponent could then take in a row).
 * Ties are broken at random (seed command).  Against the library's greedy
 * bot, which takes boxes but otherwise draws any line, it wins nearly
 * every game (mg-match, see the README).
 *
 *   cc -std=c99 engine-sites.c -o engine-sites \
 *      $(pkg-config --cflags --libs mindgames)
 *   mg-match -n 200 -s "dots_and_boxes(rows=3,cols=3)" cmd:./engine-sites greedy
 */

#define ENGINE_NAME "engine-sites"
#define ENGINE_GAMES "dots_and_boxes"
#include "engine_loop.h" /* the protocol, and main() */

#define MAXN 8

/* What the engine knows of a position: per site, undrawn (lines) and
 * sides still missing (boxes); the neighbours of every site. */
typedef struct view {
    int32_t n;          /* sites */
    int32_t *nb;        /* n x MAXN neighbours */
    int8_t *nnb;        /* their number */
    int8_t *is_box;
    int8_t *open;       /* a line: 1 when undrawn */
    int8_t *missing;    /* a box: undrawn sides */
} view;

static uint64_t next_random(void) /* xorshift64 */
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int view_new(view *v, const mg_state *s)
{
    const mg_game *g = mg_state_game(s);
    int32_t planes, i, me = mg_state_current_player(s);
    size_t count;
    float *obs;
    v->n = mg_game_num_sites(g);
    if (v->n <= 0 || mg_game_observation_shape(g, &planes, NULL) != MG_OK)
        return -1;
    v->nb = malloc(sizeof *v->nb * (size_t)v->n * MAXN);
    v->nnb = malloc((size_t)v->n);
    v->is_box = malloc((size_t)v->n);
    v->open = malloc((size_t)v->n);
    v->missing = malloc((size_t)v->n);
    obs = malloc(sizeof *obs * (size_t)planes * (size_t)v->n);
    if (!v->nb || !v->nnb || !v->is_box || !v->open || !v->missing || !obs ||
        mg_state_observation(s, me, obs, (size_t)planes * (size_t)v->n,
                             &count) != MG_OK) {
        free(obs);
        return -1;
    }
    for (i = 0; i < v->n; i++) { /* plane 2 is "empty" in every game */
        size_t k;
        mg_game_site_neighbors(g, i, v->nb + i * MAXN, MAXN, &k);
        v->nnb[i] = (int8_t)k;
        v->is_box[i] = mg_game_site_kind(g, i) == MG_SITE_BOX;
        v->open[i] = !v->is_box[i] && obs[2 * v->n + i] > 0.5f;
    }
    for (i = 0; i < v->n; i++) {
        int k, m = 0;
        for (k = 0; k < v->nnb[i]; k++)
            m += v->open[v->nb[i * MAXN + k]];
        v->missing[i] = (int8_t)(v->is_box[i] ? m : 0);
    }
    free(obs);
    return 0;
}

static void view_free(view *v)
{
    free(v->nb);
    free(v->nnb);
    free(v->is_box);
    free(v->open);
    free(v->missing);
}

/* Draw or undraw line l in the view; returns the boxes it closes. */
static int draw(view *v, int32_t l, int on)
{
    int k, closed = 0;
    v->open[l] = (int8_t)!on;
    for (k = 0; k < v->nnb[l]; k++) {
        int32_t b = v->nb[l * MAXN + k];
        v->missing[b] = (int8_t)(v->missing[b] + (on ? -1 : 1));
        closed += on && v->missing[b] == 0;
    }
    return closed;
}

/* A line that closes a box now, or -1. */
static int32_t capture_line(const view *v)
{
    int32_t i, best = -1;
    int most = 0;
    for (i = 0; i < v->n; i++) {
        int k, c = 0;
        if (!v->open[i])
            continue;
        for (k = 0; k < v->nnb[i]; k++)
            c += v->missing[v->nb[i * MAXN + k]] == 1;
        if (c > most) {
            most = c;
            best = i;
        }
    }
    return best;
}

/* Take every box there is to take, drawing lines in order[]; returns
 * how many lines were drawn (their boxes). */
static int take_all(view *v, int32_t *order, int *boxes)
{
    int32_t l;
    int n = 0;
    *boxes = 0;
    while ((l = capture_line(v)) >= 0) {
        *boxes += draw(v, l, 1);
        order[n++] = l;
    }
    return n;
}

static void untake(view *v, const int32_t *order, int n)
{
    while (n > 0)
        draw(v, order[--n], 0);
}

/* A safe line leaves no box one side short. */
static int safe(const view *v, int32_t l)
{
    int k;
    for (k = 0; k < v->nnb[l]; k++)
        if (v->missing[v->nb[l * MAXN + k]] == 2)
            return 0;
    return 1;
}

static int any_safe(const view *v)
{
    int32_t i;
    for (i = 0; i < v->n; i++)
        if (v->open[i] && safe(v, i))
            return 1;
    return 0;
}

/* The boxes the opponent can take in a row after line l. */
static int cost(view *v, int32_t l, int32_t *order)
{
    int boxes, n;
    draw(v, l, 1);
    n = take_all(v, order, &boxes);
    untake(v, order, n);
    draw(v, l, 0);
    return boxes;
}

/* The cheapest sacrifice now: the fewest boxes a line gives away. */
static int cheapest(view *v, int32_t *order)
{
    int32_t i;
    int least = 1 << 30;
    for (i = 0; i < v->n; i++)
        if (v->open[i]) {
            int c = cost(v, i, order);
            if (c < least)
                least = c;
        }
    return least;
}

/* Step 1's exception (double-dealing): the last two boxes to take lie in
 * a row, b1 one side short and b2 two (their shared line, then b2's far
 * line, take them).  When taking them would leave only sacrifices and
 * the cheapest would give away 3 boxes or more, drawing b2's far line
 * instead closes nothing and leaves both to one line: the opponent takes
 * the two and must then open a chain.  Returns that line, or -1. */
static int32_t double_deal(view *v, int32_t *order)
{
    int boxes, n = take_all(v, order, &boxes), k, give;
    int32_t far;
    if (n != 2 || boxes != 2 || any_safe(v)) {
        untake(v, order, n);
        return -1;
    }
    give = cheapest(v, order + n); /* after taking both */
    untake(v, order, n);
    far = order[1];
    for (k = 0; k < v->nnb[far]; k++) /* it must close nothing now */
        if (v->missing[v->nb[far * MAXN + k]] == 1)
            return -1;
    return give >= 3 && give < (1 << 30) ? far : -1;
}

static int32_t pick_line(view *v)
{
    int32_t i, best = -1, *order = malloc(sizeof *order * (size_t)v->n);
    int least = 1 << 30;
    size_t ties = 0;
    if (!order)
        return -1;
    if (capture_line(v) >= 0) {
        best = double_deal(v, order);
        if (best < 0)
            best = capture_line(v);
        free(order);
        return best;
    }
    for (i = 0; i < v->n; i++) { /* safe lines, else the cheapest */
        int c;
        if (!v->open[i])
            continue;
        c = safe(v, i) ? -1 : cost(v, i, order);
        if (c < least) {
            least = c;
            best = i;
            ties = 1;
        } else if (c == least && next_random() % ++ties == 0) {
            best = i;
        }
    }
    free(order);
    return best;
}

/* The site of a line is its action (mg_game_action_sites): the line. */
static int32_t choose(mg_state *s)
{
    view v;
    int32_t line, a, from, to;
    if (view_new(&v, s) != 0) {
        view_free(&v);
        return -1;
    }
    line = pick_line(&v);
    view_free(&v);
    for (a = 0; line >= 0 && a < mg_game_num_actions(game); a++)
        if (mg_game_action_sites(game, a, &from, &to) == MG_OK && to == line)
            return a;
    return -1;
}
