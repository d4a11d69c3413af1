/*
 * state.c - mg_state_*: positions, history, apply/undo and queries.
 *
 * A state is the game's flat state blob (with room after it for a scratch
 * list of legal actions) and the history: one action id and one undo
 * record per applied action.  For games with a bounded length the history
 * is allocated once, so apply and undo never allocate.
 */
#include "internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define UNBOUNDED_START 256

static size_t scratch_offset(const mg_game *g)
{
    return (g->state_size + 7) & ~(size_t)7;
}

/* Bytes of the history ids, rounded so the undo records after them start
 * 8-byte aligned (games may read their undo record as a struct). */
static size_t ids_bytes(size_t hcap)
{
    return (hcap * sizeof(int32_t) + 7) & ~(size_t)7;
}

/* The block of st: the position, the list of legal actions, then
 * mg_state_playout_result's area: a copy of the position (work), and
 * ids and undo records for chunks of pcap actions of the playout op. */
static size_t work_offset(const mg_game *g)
{
    return (scratch_offset(g) + (size_t)g->max_legal * sizeof(int32_t) + 7) &
           ~(size_t)7;
}

static size_t result_chunk(const mg_game *g)
{
    return g->max_length > 0 && g->max_length <= 1024
               ? (size_t)g->max_length
               : 256;
}

static size_t phist_offset(const mg_game *g)
{
    return work_offset(g) + ((g->state_size + 7) & ~(size_t)7);
}

static size_t st_bytes(const mg_game *g)
{
    return phist_offset(g) + ids_bytes(result_chunk(g)) +
           result_chunk(g) * g->undo_size;
}

static unsigned char *undo_at(const mg_state *s, size_t i)
{
    return s->undo + i * s->game->undo_size;
}

/* Allocate st and history blocks for game g with history capacity hcap. */
static int alloc_parts(const mg_game *g, size_t hcap, void **st,
                       int32_t **hist)
{
    size_t sbytes = st_bytes(g);
    size_t hbytes = ids_bytes(hcap) + hcap * g->undo_size;
    *st = calloc(1, sbytes ? sbytes : 1);
    *hist = malloc(hbytes ? hbytes : 1);
    if (!*st || !*hist) {
        free(*st);
        free(*hist);
        *st = NULL;
        *hist = NULL;
        return MG_ENOMEM;
    }
    return MG_OK;
}

static void attach(mg_state *s, const mg_game *g, void *st, int32_t *hist,
                   size_t hcap)
{
    s->game = g;
    s->st = st;
    s->scratch = (int32_t *)((unsigned char *)st + scratch_offset(g));
    s->work = (unsigned char *)st + work_offset(g);
    s->phist = (int32_t *)(void *)((unsigned char *)st + phist_offset(g));
    s->pcap = result_chunk(g);
    s->pundo = (unsigned char *)s->phist + ids_bytes(s->pcap);
    s->history = hist;
    s->undo = (unsigned char *)hist + ids_bytes(hcap);
    s->hcap = hcap;
}

static size_t initial_hcap(const mg_game *g)
{
    return g->max_length > 0 ? (size_t)g->max_length : UNBOUNDED_START;
}

int mg_state_new(mg_state **out, const mg_game *g)
{
    mg_state *s;
    void *st;
    int32_t *hist;
    if (!out)
        return MG_EINVAL;
    *out = NULL;
    if (!g)
        return MG_EINVAL;
    s = calloc(1, sizeof *s);
    if (!s)
        return MG_ENOMEM;
    if (alloc_parts(g, initial_hcap(g), &st, &hist)) {
        free(s);
        return MG_ENOMEM;
    }
    attach(s, g, st, hist, initial_hcap(g));
    g->ops->init(g, s->st);
    *out = s;
    return MG_OK;
}

void mg_state_free(mg_state *s)
{
    if (!s)
        return;
    free(s->st);
    free(s->history);
    free(s);
}

/* Copy position and history from src into dst, which has room. */
static void copy_into(mg_state *dst, const mg_state *src)
{
    const mg_game *g = src->game;
    dst->game = g;
    memcpy(dst->st, src->st, g->state_size);
    memcpy(dst->history, src->history, src->hlen * sizeof(int32_t));
    memcpy(dst->undo, src->undo, src->hlen * g->undo_size);
    dst->hlen = src->hlen;
}

int mg_state_clone(mg_state **out, const mg_state *s)
{
    int rc;
    if (!out)
        return MG_EINVAL;
    *out = NULL;
    if (!s)
        return MG_EINVAL;
    rc = mg_state_new(out, s->game);
    if (rc)
        return rc;
    if ((*out)->hcap < s->hlen) { /* unbounded game with a long history */
        rc = mg_state_copy(*out, s);
        if (rc) {
            mg_state_free(*out);
            *out = NULL;
        }
        return rc;
    }
    copy_into(*out, s);
    return MG_OK;
}

/* Do dst and src share one layout (same game, or an equal one)? */
static int same_layout(const mg_game *a, const mg_game *b)
{
    return a == b ||
           (a->ops == b->ops && a->state_size == b->state_size &&
            a->undo_size == b->undo_size && a->max_legal == b->max_legal &&
            memcmp(a->opts.v, b->opts.v, sizeof a->opts.v) == 0);
}

int mg_state_copy(mg_state *dst, const mg_state *src)
{
    if (!dst || !src)
        return MG_EINVAL;
    if (dst == src)
        return MG_OK;
    if (!same_layout(dst->game, src->game) || dst->hcap < src->hlen) {
        size_t hcap = initial_hcap(src->game);
        void *st;
        int32_t *hist;
        if (hcap < src->hcap)
            hcap = src->hcap;
        if (alloc_parts(src->game, hcap, &st, &hist))
            return MG_ENOMEM;
        free(dst->st);
        free(dst->history);
        attach(dst, src->game, st, hist, hcap);
    }
    copy_into(dst, src);
    return MG_OK;
}

const mg_game *mg_state_game(const mg_state *s)
{
    return s ? s->game : NULL;
}

int mg_state_current_player(const mg_state *s)
{
    if (!s)
        return MG_EINVAL;
    return s->game->ops->current_player(s->game, s->st);
}

int mg_state_is_terminal(const mg_state *s)
{
    if (!s)
        return MG_EINVAL;
    return s->game->ops->current_player(s->game, s->st) == MG_NOBODY;
}

int mg_state_legal_actions(const mg_state *s, int32_t *buf, size_t cap,
                           size_t *count)
{
    int32_t n;
    if (!s || !count || (!buf && cap))
        return MG_EINVAL;
    if (s->game->ops->current_player(s->game, s->st) == MG_NOBODY) {
        *count = 0;
        return MG_OK;
    }
    if (cap >= (size_t)s->game->max_legal) {
        *count = (size_t)s->game->ops->legal(s->game, s->st, buf);
        return MG_OK;
    }
    /* A short buffer: list into the scratch area, then copy if it fits. */
    n = s->game->ops->legal(s->game, s->st, s->scratch);
    *count = (size_t)n;
    if ((size_t)n > cap) {
        return MG_ENOBUFS;
    }
    if (n)
        memcpy(buf, s->scratch, (size_t)n * sizeof(int32_t));
    return MG_OK;
}

int mg_state_is_legal(const mg_state *s, int32_t action)
{
    if (!s)
        return MG_EINVAL;
    if (action < 0 || action >= s->game->num_actions)
        return 0;
    if (s->game->ops->current_player(s->game, s->st) == MG_NOBODY)
        return 0;
    return s->game->ops->is_legal(s->game, s->st, action) ? 1 : 0;
}

/* Make room for one more history entry (only unbounded games grow). */
static int reserve(mg_state *s)
{
    size_t hcap;
    int32_t *hist;
    const mg_game *g = s->game;
    if (s->hlen < s->hcap)
        return MG_OK;
    if (s->placed || g->max_length > 0 || s->hcap > SIZE_MAX / 4 / (4 + g->undo_size))
        return MG_ENOMEM;
    hcap = s->hcap * 2;
    hist = malloc(ids_bytes(hcap) + hcap * g->undo_size);
    if (!hist)
        return MG_ENOMEM;
    memcpy(hist, s->history, s->hlen * sizeof(int32_t));
    memcpy((unsigned char *)hist + ids_bytes(hcap), s->undo,
           s->hlen * g->undo_size);
    free(s->history);
    s->history = hist;
    s->undo = (unsigned char *)hist + ids_bytes(hcap);
    s->hcap = hcap;
    return MG_OK;
}

int mg_state_apply(mg_state *s, int32_t action)
{
    const mg_game *g;
    int rc;
    if (!s)
        return MG_EINVAL;
    g = s->game;
    if (action < 0 || action >= g->num_actions)
        return MG_ERANGE;
    if (g->ops->current_player(g, s->st) == MG_NOBODY)
        return MG_EOVER;
    if (!g->ops->is_legal(g, s->st, action))
        return MG_EILLEGAL;
    /* reserve() only when full: bounded games never are */
    if (s->hlen >= s->hcap && (rc = reserve(s)) != MG_OK)
        return rc;
    g->ops->apply(g, s->st, action, undo_at(s, s->hlen));
    s->history[s->hlen++] = action;
    MG__ASSERT_SLOW(g->ops->hash(g, s->st) == g->ops->hash_full(g, s->st));
    return MG_OK;
}

int mg_state_undo(mg_state *s)
{
    if (!s)
        return MG_EINVAL;
    if (s->hlen == 0)
        return MG_EEMPTY;
    s->hlen--;
    s->game->ops->undo(s->game, s->st, s->history[s->hlen],
                       undo_at(s, s->hlen));
    return MG_OK;
}

int mg_state_history(const mg_state *s, int32_t *buf, size_t cap,
                     size_t *count)
{
    if (!s || !count || (!buf && cap))
        return MG_EINVAL;
    *count = s->hlen;
    if (s->hlen > cap)
        return MG_ENOBUFS;
    if (s->hlen)
        memcpy(buf, s->history, s->hlen * sizeof(int32_t));
    return MG_OK;
}

int mg_state_winner(const mg_state *s)
{
    if (!s)
        return MG_EINVAL;
    return s->game->ops->winner(s->game, s->st);
}

int mg_state_score(const mg_state *s, int player, int32_t *out)
{
    if (!s || !out)
        return MG_EINVAL;
    if (player != 0 && player != 1)
        return MG_ERANGE;
    *out = s->game->ops->score(s->game, s->st, player);
    return MG_OK;
}

int mg_state_groups(const mg_state *s, int player, int32_t *buf, size_t cap,
                    size_t *count)
{
    if (!s || !count || (!buf && cap))
        return MG_EINVAL;
    if (player != 0 && player != 1)
        return MG_ERANGE;
    if (!s->game->ops->groups)
        return MG_EUNSUPPORTED;
    return s->game->ops->groups(s->game, s->st, player, buf, cap, count);
}

uint64_t mg_state_hash(const mg_state *s)
{
    return s ? s->game->ops->hash(s->game, s->st) : 0;
}

uint64_t mg__state_hash_full(const mg_state *s)
{
    return s ? s->game->ops->hash_full(s->game, s->st) : 0;
}

int mg_state_action_to_string(const mg_state *s, int32_t action, char *buf,
                              size_t cap, size_t *needed)
{
    mg__sb sb;
    if (!s || (!buf && cap))
        return MG_EINVAL;
    if (action < 0 || action >= s->game->num_actions)
        return MG_ERANGE;
    mg__sb_init(&sb, buf, cap);
    s->game->ops->action_name(s->game, action, &sb);
    return mg__sb_finish(&sb, needed);
}

int mg_state_action_from_string(const mg_state *s, const char *text,
                                int32_t *action, char *err, size_t errcap)
{
    size_t n = 0, start = 0;
    int32_t a = -1;
    int rc;
    if (err && errcap)
        err[0] = '\0';
    if (!s || !text || !action)
        return mg__err(err, errcap, MG_EINVAL, "%s is NULL",
                       !s ? "state" : !text ? "text" : "action");
    /* surrounding white space is ignored; the rest may be 255 bytes */
    while (text[start] == ' ' || text[start] == '\t' || text[start] == '\n' ||
           text[start] == '\r')
        start++;
    n = start + strlen(text + start);
    while (n > start && (text[n - 1] == ' ' || text[n - 1] == '\t' ||
                         text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    if (n == start)
        return mg__err(err, errcap, MG_ESYNTAX, "empty notation");
    if (n - start > 255)
        return mg__err(err, errcap, MG_ESYNTAX,
                       "notation longer than 255 characters");
    rc = s->game->ops->action_parse(s->game, text + start, n - start, &a, err,
                                    errcap);
    if (rc == MG_OK)
        *action = a;
    return rc;
}

int mg_state_render(const mg_state *s, int format, char *buf, size_t cap,
                    size_t *needed)
{
    mg__sb sb;
    if (!s || (!buf && cap))
        return MG_EINVAL;
    if (format != MG_RENDER_TEXT && format != MG_RENDER_SVG)
        return MG_EINVAL;
    mg__sb_init(&sb, buf, cap);
    s->game->ops->render(s->game, s->st, format, &sb);
    return mg__sb_finish(&sb, needed);
}

int mg_state_playout(mg_state *s, uint64_t seed, int32_t max_actions)
{
    const mg_game *g;
    int32_t done = 0;
    uint64_t rng = seed;
    if (!s)
        return MG_EINVAL;
    g = s->game;
    if (g->ops->playout && g->max_length > 0) {
        /* bounded: the history has room for the rest of the game */
        done = g->ops->playout(g, s->st, &rng, max_actions,
                               s->history + s->hlen, undo_at(s, s->hlen),
                               g->undo_size, s->scratch);
        s->hlen += (size_t)done;
        return done;
    }
    if (g->ops->playout) {
        /* unbounded: in chunks the history has room for, grown as the
         * loop below grows it; the op stops early only at the end */
        for (;;) {
            int32_t want, got;
            if (max_actions >= 0 && done >= max_actions)
                break;
            if (g->ops->current_player(g, s->st) == MG_NOBODY ||
                reserve(s) != MG_OK)
                break;
            want = s->hcap - s->hlen > (size_t)INT32_MAX
                       ? INT32_MAX
                       : (int32_t)(s->hcap - s->hlen);
            if (max_actions >= 0 && max_actions - done < want)
                want = max_actions - done;
            got = g->ops->playout(g, s->st, &rng, want, s->history + s->hlen,
                                  undo_at(s, s->hlen), g->undo_size,
                                  s->scratch);
            s->hlen += (size_t)got;
            done += got;
            if (got < want)
                break;
        }
        return done;
    }
    while (max_actions < 0 || done < max_actions) {
        int32_t n, a;
        if (g->ops->current_player(g, s->st) == MG_NOBODY)
            break;
        n = g->ops->legal(g, s->st, s->scratch);
        if (n <= 0 || reserve(s) != MG_OK)
            break;
        a = s->scratch[mg__rand_below(&rng, (uint32_t)n)];
        g->ops->apply(g, s->st, a, undo_at(s, s->hlen));
        s->history[s->hlen++] = a;
        done++;
    }
    return done;
}

/* The playout of mg_state_playout_result on the copy of the position in
 * s->work: the game's playout op in chunks of s->pcap actions (ids and
 * undo records written to the scratch area and dropped), or the loop of
 * legal + apply with one scratch undo record. */
static int32_t result_generic(mg_state *s, uint64_t *rng, int32_t max)
{
    const mg_game *g = s->game;
    void *w = s->work;
    int32_t done = 0;
    if (g->ops->playout) {
        int32_t chunk = s->pcap > (size_t)INT32_MAX ? INT32_MAX
                                                    : (int32_t)s->pcap;
        for (;;) {
            int32_t want = chunk, got;
            if (max >= 0 && max - done < want)
                want = max - done;
            if (want == 0 || g->ops->current_player(g, w) == MG_NOBODY)
                break;
            got = g->ops->playout(g, w, rng, want, s->phist, s->pundo,
                                  g->undo_size, s->scratch);
            done += got;
            if (got < want)
                break;
        }
        return done;
    }
    while (max < 0 || done < max) {
        int32_t n, a;
        if (g->ops->current_player(g, w) == MG_NOBODY)
            break;
        n = g->ops->legal(g, w, s->scratch);
        if (n <= 0)
            break;
        a = s->scratch[mg__rand_below(rng, (uint32_t)n)];
        g->ops->apply(g, w, a, s->pundo);
        done++;
    }
    return done;
}

/* The winner and both scores of position st (the game's result op, or
 * the three ops). */
static void read_result(const mg_game *g, const void *st, int32_t *win,
                        int32_t *sc)
{
    if (g->ops->result) {
        g->ops->result(g, st, win, sc);
        return;
    }
    *win = g->ops->winner(g, st);
    sc[0] = g->ops->score(g, st, 0);
    sc[1] = g->ops->score(g, st, 1);
}

int mg_state_playout_result(mg_state *s, uint64_t seed, int32_t max_actions,
                            int32_t *winner, int32_t *scores)
{
    const mg_game *g;
    uint64_t rng = seed;
    int32_t done, win, sc[2];
    if (!s)
        return MG_EINVAL;
    g = s->game;
    if (g->ops->current_player(g, s->st) == MG_NOBODY || max_actions == 0) {
        done = 0;
        read_result(g, s->st, &win, sc);
    } else if (g->ops->playout_result) {
        done = g->ops->playout_result(g, s->st, s->work, s->scratch, &rng,
                                      max_actions, &win, sc);
    } else {
        memcpy(s->work, s->st, g->state_size);
        done = result_generic(s, &rng, max_actions);
        read_result(g, s->work, &win, sc);
    }
    if (winner)
        *winner = win;
    if (scores) {
        scores[0] = sc[0];
        scores[1] = sc[1];
    }
    return done;
}

/* ------------------------------------------------ the internal interface */

int32_t mg__state_policy_result(mg_state *s, uint64_t seed,
                                int32_t max_actions, int32_t *winner,
                                int32_t *scores)
{
    const mg_game *g = s->game;
    uint64_t rng = seed;
    if (!g->ops->policy_playout_result || max_actions == 0 ||
        g->ops->current_player(g, s->st) == MG_NOBODY)
        return mg_state_playout_result(s, seed, max_actions, winner, scores);
    return g->ops->policy_playout_result(g, s->st, s->work, s->scratch, &rng,
                                         max_actions, winner, scores);
}

size_t mg__state_position_size(const mg_state *s)
{
    return s->game->state_size ? s->game->state_size : 1;
}

void mg__state_snapshot(const mg_state *s, void *position)
{
    memcpy(position, s->st, s->game->state_size);
}

void mg__state_restore(mg_state *s, const void *position)
{
    memcpy(s->st, position, s->game->state_size);
    s->hlen = 0;
}

void mg__state_rebind(mg_state *s, const mg_game *g)
{
    s->game = g; /* the old game may be freed already: not read */
}

int32_t mg__state_legal(const mg_state *s, int32_t *buf)
{
    return s->game->ops->legal(s->game, s->st, buf);
}

int mg__state_push(mg_state *s, int32_t action)
{
    const mg_game *g = s->game;
    int rc;
    assert(action >= 0 && action < g->num_actions);
    assert(g->ops->current_player(g, s->st) != MG_NOBODY);
    MG__ASSERT_SLOW(g->ops->is_legal(g, s->st, action));
    if ((rc = reserve(s)) != MG_OK)
        return rc;
    g->ops->apply(g, s->st, action, undo_at(s, s->hlen));
    s->history[s->hlen++] = action;
    return MG_OK;
}

void mg__state_pop(mg_state *s)
{
    assert(s->hlen > 0);
    s->hlen--;
    s->game->ops->undo(s->game, s->st, s->history[s->hlen],
                       undo_at(s, s->hlen));
}

const void *mg__state_position(const mg_state *s)
{
    return s->st;
}

const int32_t *mg__state_moves(const mg_state *s, size_t *count)
{
    *count = s->hlen;
    return s->history;
}

/* ------------------------------------------- for the solver (since 1.4) */

static size_t round8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

size_t mg__state_bytes(const mg_game *g, size_t hcap)
{
    size_t sbytes = st_bytes(g);
    return round8(sizeof(mg_state)) + round8(sbytes) +
           round8(ids_bytes(hcap) + hcap * g->undo_size);
}

mg_state *mg__state_place(const mg_game *g, void *mem, size_t hcap)
{
    unsigned char *p = mem;
    size_t sbytes = st_bytes(g);
    mg_state *s = (mg_state *)(void *)p;
    void *st = p + round8(sizeof(mg_state));
    int32_t *hist = (int32_t *)(void *)((unsigned char *)st + round8(sbytes));
    memset(s, 0, sizeof *s);
    memset(st, 0, sbytes);
    attach(s, g, st, hist, hcap);
    s->placed = 1;
    g->ops->init(g, s->st);
    return s;
}

int mg__state_player(const mg_state *s)
{
    return s->game->ops->current_player(s->game, s->st);
}

uint64_t mg__state_zhash(const mg_state *s)
{
    return s->game->ops->hash(s->game, s->st);
}

uint64_t mg__blob_key(const void *blob, size_t n)
{
    const unsigned char *p = blob;
    uint64_t h = 0x6A09E667F3BCC908ULL ^ (uint64_t)n, w;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0x9FB21C651E98DF25ULL;
        h ^= h >> 29;
    }
    if (i < n) {
        w = 0;
        memcpy(&w, p + i, n - i);
        h = (h ^ w) * 0x9FB21C651E98DF25ULL;
    }
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ULL;
    return h ^ (h >> 32);
}

uint64_t mg__state_key(const mg_state *s)
{
    return mg__blob_key(s->st, s->game->state_size);
}

size_t mg__state_room(const mg_state *s)
{
    return s->hcap - s->hlen;
}

int mg_state_legal_mask(const mg_state *s, uint8_t *buf, size_t cap)
{
    const mg_game *g;
    int32_t n, i;
    if (!s || !buf)
        return MG_EINVAL;
    g = s->game;
    if (cap < (size_t)g->num_actions)
        return MG_ENOBUFS;
    memset(buf, 0, (size_t)g->num_actions);
    if (g->ops->current_player(g, s->st) == MG_NOBODY)
        return MG_OK;
    n = g->ops->legal(g, s->st, s->scratch);
    for (i = 0; i < n; i++)
        buf[s->scratch[i]] = 1;
    return MG_OK;
}
