/*
 * game.c - mg_game_*: creating a game from its spec, and its queries.
 */
#include "internal.h"

#include <stdlib.h>

/* FNV-1a over the canonical spec, then the board's own identity. */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    size_t i;
    for (i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x100000001B3ULL;
    return h;
}

static uint64_t identity(const mg_game *g)
{
    char spec[1024];
    mg__sb sb;
    uint64_t h = 0xCBF29CE484222325ULL;
    mg__sb_init(&sb, spec, sizeof spec);
    mg__spec_format(g, &sb);
    h = fnv(h, spec, sb.len < sizeof spec ? sb.len : sizeof spec);
    h = fnv(h, &sb.len, sizeof sb.len);
    if (g->board) {
        uint64_t b = mg__board_identity(g->board);
        h = fnv(h, &b, sizeof b);
    }
    return h;
}

/* Both constructors: `board` NULL generates the game's board (if it has
 * one) from its seed option. */
static int game_new(mg_game **out, const char *spec, const mg_board *board,
                    char *err, size_t errcap)
{
    const mg__game_ops *ops = NULL;
    mg__optvals o;
    mg_game *g;
    int rc, i;

    if (err && errcap)
        err[0] = '\0';
    if (!out)
        return mg__err(err, errcap, MG_EINVAL, "out is NULL");
    *out = NULL;
    if (!spec)
        return mg__err(err, errcap, MG_EINVAL, "spec is NULL");
    rc = mg__spec_parse(spec, &ops, &o, err, errcap);
    if (rc)
        return rc;
    if (board && !ops->board_kind)
        return mg__err(err, errcap, MG_EUNSUPPORTED,
                       "%s is not played on a transcendental board", ops->id);
    if (board && mg_board_kind(board) != ops->board_kind)
        return mg__err(err, errcap, MG_EMISMATCH,
                       "%s is played on %s board", ops->id,
                       mg__board_kind_title(ops->board_kind));
    if (board && o.given[ops->board_opt])
        return mg__err(err, errcap, MG_EOPTION,
                       "option 'board' given with an explicit board");
    g = calloc(1, sizeof *g);
    if (!g)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    g->ops = ops;
    g->opts = o;
    if (ops->board_kind) {
        g->board_given = board != NULL;
        if (board) {
            g->board = mg__board_clone(board);
            rc = g->board ? MG_OK : MG_ENOMEM;
        } else {
            rc = mg_board_generate(&g->board, ops->board_kind,
                                   (uint64_t)o.v[ops->board_opt]);
        }
        if (rc) {
            free(g);
            return mg__err(err, errcap, rc, "%s", mg_strerror(rc));
        }
    }
    for (i = 0; i < MG__MAX_PLANES; i++) { /* unset: create must fill */
        g->plane_lo[i] = 1.0f;
        g->plane_hi[i] = 0.0f;
    }
    rc = ops->create(g, &o, err, errcap);
    if (rc) {
        mg_board_free(g->board);
        free(g);
        return rc;
    }
    g->undo_size = (g->undo_size + 7) & ~(size_t)7; /* aligned records */
    assert(g->num_planes >= 1 && g->num_planes <= MG__MAX_PLANES);
    for (i = 0; i < g->num_planes; i++)
        assert(g->plane_lo[i] <= g->plane_hi[i]);
    if ((rc = mg__position_build(g)) != MG_OK) {
        if (ops->destroy)
            ops->destroy(g);
        mg_board_free(g->board);
        free(g);
        return mg__err(err, errcap, rc, "out of memory");
    }
    g->identity = identity(g);
    *out = g;
    return MG_OK;
}

int mg_game_new(mg_game **out, const char *spec, char *err, size_t errcap)
{
    return game_new(out, spec, NULL, err, errcap);
}

int mg_game_new_with_board(mg_game **out, const char *spec,
                           const mg_board *board, char *err, size_t errcap)
{
    if (!board) {
        if (out)
            *out = NULL;
        return mg__err(err, errcap, MG_EINVAL, "board is NULL");
    }
    return game_new(out, spec, board, err, errcap);
}

const mg_board *mg_game_board(const mg_game *g)
{
    return g ? g->board : NULL;
}

void mg_game_free(mg_game *g)
{
    if (!g)
        return;
    mg__position_free(g);
    if (g->ops->destroy)
        g->ops->destroy(g);
    mg_board_free(g->board);
    free(g);
}

const char *mg_game_id(const mg_game *g)
{
    return g ? g->ops->id : NULL;
}

int mg_game_spec(const mg_game *g, char *buf, size_t cap, size_t *needed)
{
    mg__sb sb;
    if (!g || (!buf && cap))
        return MG_EINVAL;
    mg__sb_init(&sb, buf, cap);
    mg__spec_format(g, &sb);
    return mg__sb_finish(&sb, needed);
}

int32_t mg_game_num_actions(const mg_game *g)
{
    return g ? g->num_actions : MG_EINVAL;
}

int32_t mg_game_max_legal_actions(const mg_game *g)
{
    return g ? g->max_legal : MG_EINVAL;
}

int32_t mg_game_max_length(const mg_game *g)
{
    return g ? g->max_length : MG_EINVAL;
}
