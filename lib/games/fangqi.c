/*
 * fangqi.c - Fangqi (rules §4): the options, the game's data, the op
 * table, and the turns: placement on a full grid, the initial removal,
 * removals for the squares formed, then rook-like (or one-step) movement
 * where every newly formed square removes an unprotected opponent stone;
 * options for the regional variants.  The other files are listed in
 * fangqi.h, with the actions; the position ops are fangqi_position.c's.
 */
#include "fangqi.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ options */

enum { OPT_VARIANT, OPT_WIDTH, OPT_HEIGHT, OPT_MOVEMENT, OPT_EXTRA, OPT_COP,
       OPT_KO, OPT_ENC, OPT_LOSE, OPT_LIMIT, N_OPTS };
enum { VAR_NINGXIA, VAR_XINJIANG };

static const char *const variant_names[] = {"ningxia", "xinjiang", NULL};
static const char *const movement_names[] = {"rook", "step", NULL};

static const mg__option options[N_OPTS] = {
    {"variant", MG__OPT_ENUM, 0, 0, variant_names, VAR_NINGXIA},
    {"width", MG__OPT_INT, 2, 19, NULL, 8},
    {"height", MG__OPT_INT, 2, 19, NULL, 7},
    {"movement", MG__OPT_ENUM, 0, 0, movement_names, 0},
    {"extra_removal", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"capture_on_placement", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"ko", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"encirclement", MG__OPT_BOOL, 0, 1, NULL, 0},
    {"lose_below", MG__OPT_INT, 0, MAXP, NULL, 1},
    {"no_capture_limit", MG__OPT_INT, 0, 100000, NULL, 100},
};

static void fq_defaults(mg__optvals *o)
{
    if (o->v[OPT_VARIANT] == VAR_XINJIANG) {
        if (!o->given[OPT_WIDTH])
            o->v[OPT_WIDTH] = 7;
        if (!o->given[OPT_HEIGHT])
            o->v[OPT_HEIGHT] = 7;
        if (!o->given[OPT_EXTRA])
            o->v[OPT_EXTRA] = 1;
    }
}

static int fq_create(mg_game *g, const mg__optvals *o, char *err,
                     size_t errcap)
{
    fq *f = calloc(1, sizeof *f);
    int i;
    if (!f)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    f->w = (int)o->v[OPT_WIDTH];
    f->h = (int)o->v[OPT_HEIGHT];
    f->P = f->w * f->h;
    f->S = f->w + f->h - 2;
    f->rook = o->v[OPT_MOVEMENT] == 0;
    f->extra = (int)o->v[OPT_EXTRA];
    f->cop = (int)o->v[OPT_COP];
    f->ko = (int)o->v[OPT_KO];
    f->enc = (int)o->v[OPT_ENC];
    f->lose_below = (int)o->v[OPT_LOSE];
    f->limit = (int)o->v[OPT_LIMIT];
    f->allot[0] = (f->P + 1) / 2;
    f->allot[1] = f->P / 2;
    if (f->lose_below > f->allot[1]) {
        int lb = f->lose_below, a = f->allot[1];
        free(f);
        return mg__err(err, errcap, MG_EVALUE,
                       "lose_below=%d: more stones than the second player "
                       "places (%d)",
                       lb, a);
    }
    for (i = 0; i < f->P; i++) {
        int x = i % f->w, y = i / f->w;
        f->orth[i][0] = (int16_t)(x + 1 < f->w ? i + 1 : -1);
        f->orth[i][1] = (int16_t)(x > 0 ? i - 1 : -1);
        f->orth[i][2] = (int16_t)(y + 1 < f->h ? i + f->w : -1);
        f->orth[i][3] = (int16_t)(y > 0 ? i - f->w : -1);
        f->zcell[i][0] = mg__zobrist_key(0xFA01, (uint64_t)(2 * i));
        f->zcell[i][1] = mg__zobrist_key(0xFA01, (uint64_t)(2 * i + 1));
    }
    g->data = f;
    g->num_actions = 2 * f->P + f->P * f->S;
    g->max_legal = f->allot[0] * f->S > f->P ? f->allot[0] * f->S : f->P;
    /* placements, removals (at most one per stone), and at most `limit`
     * moves between two removals; no limit: unbounded */
    g->max_length = f->limit ? 2 * f->P + (f->P + 1) * f->limit : 0;
    g->state_size = sizeof(fstate);
    g->undo_size = HEADER + (size_t)(f->P + 7) / 8; /* + removed bitset */
    g->planes = mg__fq_planes;
    g->num_planes = MG__FQ_PLANES;
    /* No rule looks at the order of the points (rules §4.2): removals are
     * any unprotected stone (item 5), the ko bans squares by where they
     * are, and encirclement removes every enclosed chain at once. */
    g->ordered = 0;
    return MG_OK;
}

static void fq_destroy(mg_game *g)
{
    free(g->data);
    g->data = NULL;
}

/* ------------------------------------------------------------- turns */

static void set_over(fstate *s, int winner)
{
    s->phase = PH_OVER;
    s->winner = (int8_t)winner;
    s->pending = 0;
}

/* Rules §4.2.7: after placing, a side below lose_below loses. */
static int stone_check(const fq *f, fstate *s)
{
    int a = s->stones[0] < f->lose_below, b = s->stones[1] < f->lose_below;
    if (!a && !b)
        return 0;
    set_over(s, a && b ? MG_DRAW : a ? 1 : 0);
    return 1;
}

/* Removals `seat` may make now: n, or 0 when the opponent has no stone. */
static int16_t removals(const fstate *s, int seat, int n)
{
    return (int16_t)(s->stones[1 - seat] > 0 ? n : 0);
}

/* The removal stages after placing (rules §4.2.3-4): seat, count. */
static int stage_count(const fq *f, const fstate *s, int stage)
{
    switch (stage) {
    case 0: return 1;
    case 1: return f->extra ? 2 : 1;
    case 2: return f->cop ? 0 : s->squares[0];
    default: return f->cop ? 0 : s->squares[1];
    }
}

/* Enter the next removal stage with something to remove, or movement. */
static void next_stage(const fq *f, fstate *s)
{
    while (s->stage < 4) {
        int seat = s->stage % 2;
        int16_t n = removals(s, seat, stage_count(f, s, s->stage));
        if (n > 0) {
            s->phase = PH_REMOVE;
            s->player = (int8_t)seat;
            s->pending = n;
            return;
        }
        s->stage++;
    }
    s->phase = PH_MOVE;
    s->player = 0;
    s->pending = 0;
    s->quiet = 0;
    if (stone_check(f, s))
        return;
    if (!mg__fq_can_move(f, s))
        set_over(s, 1); /* rules §4.2.7: no legal move loses */
}

static void end_of_placing(const fq *f, fstate *s)
{
    s->squares[0] = (int16_t)mg__fq_count_squares(f, s, 0);
    s->squares[1] = (int16_t)mg__fq_count_squares(f, s, 1);
    s->stage = 0;
    next_stage(f, s);
}

/* A movement turn is over (its removals made): encirclement, then pass
 * the turn and run the end checks of rules §4.2.9. */
static void end_of_move_turn(const fq *f, fstate *s, unsigned char *removed)
{
    if (f->enc && s->last_to >= 0 &&
        mg__fq_encircle(f, s, s->last_to, removed)) {
        s->quiet = 0;
        if (stone_check(f, s))
            return;
    }
    s->last_to = -1;
    s->player ^= 1;
    if (f->limit && s->quiet >= f->limit) {
        set_over(s, MG_DRAW); /* rules §4.2.8 */
        return;
    }
    if (!mg__fq_can_move(f, s))
        set_over(s, 1 - s->player);
}

/* ------------------------------------------------------------ protocol */

/* Is action a legal in s? */
static int action_legal(const fq *f, const fstate *s, int32_t a)
{
    if (s->phase == PH_OVER)
        return 0;
    if (s->pending > 0) {
        int p = a - f->P, opp = 1 - s->player;
        if (a < f->P || a >= 2 * f->P || s->cell[p] != opp)
            return 0;
        return !mg__fq_protected_stone(f, s, p) ||
               mg__fq_all_protected(f, s, opp);
    }
    if (s->phase == PH_PLACE)
        return a < f->P && s->cell[a] < 0;
    if (s->phase == PH_MOVE && a >= 2 * f->P) {
        int from = (a - 2 * f->P) / f->S, slot = (a - 2 * f->P) % f->S;
        return s->cell[from] == s->player &&
               mg__fq_move_ok(f, s, from, slot_target(f, from, slot));
    }
    return 0;
}

static void fq_init(const mg_game *g, void *st)
{
    fstate *s = st;
    (void)g;
    memset(s->cell, -1, sizeof s->cell);
    s->last_to = -1;
    s->phase = PH_PLACE;
}

static int fq_current(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->phase == PH_OVER ? MG_NOBODY : s->player;
}

static int fq_winner(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->phase == PH_OVER ? s->winner : MG_NOBODY;
}

static int32_t fq_legal(const mg_game *g, const void *st, int32_t *buf)
{
    const fq *f = F(g);
    const fstate *s = st;
    int32_t n = 0;
    int p;
    if (s->phase == PH_OVER)
        return 0;
    if (s->pending > 0)
        return mg__fq_list_removals(f, s, buf);
    if (s->phase == PH_PLACE) {
        for (p = 0; p < f->P; p++)
            if (s->cell[p] < 0)
                buf[n++] = p;
        return n;
    }
    return mg__fq_list_moves(f, s, buf);
}

static int fq_is_legal(const mg_game *g, const void *st, int32_t a)
{
    return action_legal(F(g), st, a);
}

static void fq_apply(const mg_game *g, void *st, int32_t a, void *undo)
{
    const fq *f = F(g);
    fstate *s = st;
    unsigned char *removed = (unsigned char *)undo + HEADER;
    int me = s->player, opp = 1 - me;
    memcpy(undo, s, HEADER);
    memset(removed, 0, (size_t)(f->P + 7) / 8);

    if (a < f->P) { /* PLACE */
        int k;
        assert(s->cell[a] < 0);
        s->cell[a] = (int8_t)me;
        s->zstones ^= f->zcell[a][me];
        s->stones[me]++;
        s->placed[me]++;
        k = f->cop ? completed(f, s, me, a, -1, NULL) : 0;
        s->pending = removals(s, me, k);
        if (s->pending == 0) {
            if (s->placed[0] == f->allot[0] && s->placed[1] == f->allot[1])
                end_of_placing(f, s);
            else
                s->player = (int8_t)opp;
        }
    } else if (a < 2 * f->P) { /* REMOVE */
        int p = a - f->P;
        assert(s->pending > 0 && s->cell[p] == opp && s->stones[opp] > 0);
        s->cell[p] = -1;
        s->zstones ^= f->zcell[p][opp];
        s->stones[opp]--;
        s->pending = removals(s, me, s->pending - 1);
        if (s->phase == PH_PLACE) { /* capture on placement */
            if (s->pending == 0) {
                if (s->placed[0] == f->allot[0] &&
                    s->placed[1] == f->allot[1])
                    end_of_placing(f, s);
                else
                    s->player = (int8_t)opp;
            }
        } else {
            s->quiet = 0;
            if (!stone_check(f, s) && s->pending == 0) {
                if (s->phase == PH_REMOVE) {
                    s->stage++;
                    next_stage(f, s);
                } else {
                    end_of_move_turn(f, s, removed);
                }
            }
        }
    } else { /* MOVE */
        int from = (a - 2 * f->P) / f->S;
        int to = slot_target(f, from, (a - 2 * f->P) % f->S);
        int sq[4], k;
        assert(s->cell[from] == me && s->cell[to] < 0);
        s->cell[from] = -1;
        s->cell[to] = (int8_t)me;
        s->zstones ^= f->zcell[from][me] ^ f->zcell[to][me];
        s->quiet++;
        s->last_to = (int16_t)to;
        k = completed(f, s, me, to, -1, sq);
        if (f->ko && k) {
            int i;
            s->nko[me] = (int8_t)k;
            for (i = 0; i < k; i++)
                s->ko[me][i] = (int16_t)sq[i];
        }
        s->pending = removals(s, me, k);
        if (s->pending == 0)
            end_of_move_turn(f, s, removed);
    }
    MG__ASSERT_SLOW(mg__fq_consistent(f, s));
}

static void fq_undo(const mg_game *g, void *st, int32_t a, const void *undo)
{
    const fq *f = F(g);
    fstate *s = st;
    const fstate *h = undo;
    const unsigned char *removed = (const unsigned char *)undo + HEADER;
    int me = h->player, opp = 1 - me, p;
    if (a < f->P) {
        assert(s->cell[a] == me);
        s->cell[a] = -1;
    } else if (a < 2 * f->P) {
        assert(s->cell[a - f->P] < 0);
        s->cell[a - f->P] = (int8_t)opp;
    } else {
        int from = (a - 2 * f->P) / f->S;
        int to = slot_target(f, from, (a - 2 * f->P) % f->S);
        assert(s->cell[to] == me && s->cell[from] < 0);
        s->cell[to] = -1;
        s->cell[from] = (int8_t)me;
    }
    if (f->enc)
        for (p = 0; p < f->P; p++)
            if (removed[p / 8] & (1u << (p % 8))) {
                assert(s->cell[p] < 0);
                s->cell[p] = (int8_t)opp;
            }
    memcpy(s, undo, HEADER);
    MG__ASSERT_SLOW(mg__fq_consistent(f, s));
}

/* Stones, and everything else that decides what may happen next. */
static uint64_t header_hash(const fstate *s)
{
    uint64_t x = (uint64_t)(uint8_t)s->phase | (uint64_t)(uint8_t)s->player << 8 |
                 (uint64_t)(uint16_t)s->pending << 16 |
                 (uint64_t)(uint8_t)s->stage << 32 |
                 (uint64_t)(uint8_t)s->winner << 40;
    uint64_t y = (uint64_t)(uint32_t)s->quiet |
                 (uint64_t)(uint16_t)s->last_to << 32;
    int k, seat;
    for (seat = 0; seat < 2; seat++)
        for (k = 0; k < s->nko[seat]; k++)
            y ^= mg__zobrist_key(0xFA02 + (uint64_t)seat,
                                 (uint64_t)s->ko[seat][k]);
    x ^= mg__zobrist_key(0xFA03, y);
    return mg__splitmix64(&x);
}

static uint64_t fq_hash(const mg_game *g, const void *st)
{
    const fstate *s = st;
    (void)g;
    return s->zstones ^ header_hash(s);
}

static uint64_t fq_hash_full(const mg_game *g, const void *st)
{
    const fq *f = F(g);
    const fstate *s = st;
    uint64_t h = 0;
    int p;
    for (p = 0; p < f->P; p++)
        if (s->cell[p] >= 0)
            h ^= f->zcell[p][s->cell[p]];
    return h ^ header_hash(s);
}

static int32_t fq_score(const mg_game *g, const void *st, int player)
{
    (void)g;
    return ((const fstate *)st)->stones[player];
}

static int fq_groups(const mg_game *g, const void *st, int player,
                     int32_t *buf, size_t cap, size_t *count)
{
    const fq *f = F(g);
    int32_t sizes[MAXP];
    int32_t n = mg__group_sizes(f->P, ((const fstate *)st)->cell, player,
                                &f->orth[0][0], 4, sizes);
    return mg__groups_out(sizes, n, buf, cap, count);
}

const mg__game_ops mg__fangqi_ops = {
    .id = "fangqi",
    .options = options,
    .n_options = N_OPTS,
    .board_kind = 0,
    .board_opt = -1,
    .defaults = fq_defaults,
    .applies = NULL,
    .create = fq_create,
    .destroy = fq_destroy,
    .init = fq_init,
    .current_player = fq_current,
    .winner = fq_winner,
    .legal = fq_legal,
    .is_legal = fq_is_legal,
    .apply = fq_apply,
    .undo = fq_undo,
    .hash = fq_hash,
    .hash_full = fq_hash_full,
    .score = fq_score,
    .groups = fq_groups,
    .action_name = mg__fq_action_name,
    .action_parse = mg__fq_action_parse,
    .render = mg__fq_render,
    .playout = NULL, /* the core's loop of legal + apply */
    .num_sites = mg__fq_num_sites,
    .site_info = mg__fq_site_info,
    .site_neighbors = mg__fq_site_neighbors,
    .site_name = mg__fq_site_name,
    .action_sites = mg__fq_action_sites,
    .site_label = NULL,
    .site_owner = mg__fq_site_owner,
    .site_owners = mg__fq_site_owners,
    .observe = mg__fq_observe,
};
