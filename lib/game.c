/*
 * game.c - mg_game_*: creating a game from its spec, and its queries.
 */
#include "internal.h"

#include <stdlib.h>

int mg_game_new(mg_game **out, const char *spec, char *err, size_t errcap)
{
    const mg__game_ops *ops = NULL;
    mg__optvals o;
    mg_game *g;
    int rc;

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
    g = calloc(1, sizeof *g);
    if (!g)
        return mg__err(err, errcap, MG_ENOMEM, "out of memory");
    g->ops = ops;
    g->opts = o;
    rc = ops->create(g, &o, err, errcap);
    if (rc) {
        free(g);
        return rc;
    }
    *out = g;
    return MG_OK;
}

void mg_game_free(mg_game *g)
{
    if (!g)
        return;
    if (g->ops->destroy)
        g->ops->destroy(g);
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
