/*
 * lobby_sync.c - the lobby's open seeks when several server processes
 * share one database (cluster.c): the seeks other processes posted are
 * read into this one's lobby (and shown to its lobby streams, "seek"),
 * and those deleted elsewhere (accepted, cancelled, expired there) leave
 * it ("seek_removed", reason "gone").  Called on every notification of
 * a change of documents and every 2 s.  Accepting a seek stays one
 * conditional delete in the new table's append (seeks.c): two
 * processes accepting one seek make one table, the other is told 409.
 *
 * A seek read from another process is marked remote: only its own
 * process (where its owner's lobby stream is) removes it when its
 * owner leaves (--seek-away); any process removes it past --seek-ttl.
 */
#include "lobby.h"

#include <stdlib.h>
#include <string.h>

typedef struct sync_ctx {
    json_t *docs;
} sync_ctx;

static int collect(void *arg, const mgs_doc *d)
{
    sync_ctx *c = arg;
    json_t *j = json_loads(d->json, 0, NULL);
    if (j) {
        json_object_set_new(j, "_doc_ms", json_integer(d->updated_ms));
        json_array_append_new(c->docs, j);
    }
    return 0;
}

static mgs_seek *held(mgs_lobby *l, const char *id)
{
    int i;
    for (i = 0; i < l->nseeks; i++)
        if (strcmp(l->seeks[i]->id, id) == 0)
            return l->seeks[i];
    return NULL;
}

static int listed(const json_t *docs, const char *id)
{
    size_t i;
    for (i = 0; i < json_array_size(docs); i++) {
        const char *d = json_string_value(
            json_object_get(json_array_get(docs, i), "id"));
        if (d && strcmp(d, id) == 0)
            return 1;
    }
    return 0;
}

static int no_copy(void *arg, const mgs_doc *d)
{
    (void)arg;
    (void)d;
    return 0;
}

static void publish(mgs_lobby *l, mgs_seek *s)
{
    json_t *j = mgs_seek_json(s);
    if (!j)
        return;
    json_object_set_new(j, "to", s->to[0] ? json_string(s->to) : json_null());
    mgs_seek_publish(l, s, "seek", j);
    json_decref(j);
}

void mgs_lobby_sync(mgs_srv *srv)
{
    mgs_lobby *l = srv->lobby;
    sync_ctx c;
    size_t i;
    int k, ngone = 0;
    char (*gone)[MGS_SEEK_ID_LEN + 1] = NULL;
    int64_t now = mgs_now_ms();
    if (!l || !(c.docs = json_array()))
        return;
    if (mgs_store_docs(srv->store, "seek", NULL, NULL, MGS_DOCS_BY_KEY, 0,
                       1000000, collect, &c) != MGS_OK) {
        json_decref(c.docs);
        return;
    }
    /* the others' new seeks, with their owners' ratings (read first:
     * not under the lobby's lock) */
    for (i = 0; i < json_array_size(c.docs); i++) {
        json_t *j = json_array_get(c.docs, i);
        const char *id = json_string_value(json_object_get(j, "id"));
        mgs_seek *s;
        int known;
        if (!id)
            continue;
        pthread_mutex_lock(&l->mu);
        known = held(l, id) != NULL;
        pthread_mutex_unlock(&l->mu);
        if (known || !(s = mgs_seek_from_json(j)))
            continue;
        s->seen_ms = now;
        s->remote = 1;
        s->rating = s->rated ? mgs_lobby_rating(srv, s->spec, s->owner) : -1;
        pthread_mutex_lock(&l->mu);
        if (held(l, id) || mgs_lobby_add_seek(l, s) != 0)
            mgs_seek_free(s); /* came meanwhile, or out of memory */
        else
            publish(l, s);
        pthread_mutex_unlock(&l->mu);
    }
    /* seeks held here whose documents are gone: asked once more one by
     * one (a seek posted here after the listing above is not gone) */
    pthread_mutex_lock(&l->mu);
    gone = calloc((size_t)(l->nseeks ? l->nseeks : 1), sizeof *gone);
    for (k = 0; gone && k < l->nseeks; k++) {
        mgs_seek *s = l->seeks[k];
        if (!s->taking && !s->pending && !listed(c.docs, s->id))
            memcpy(gone[ngone++], s->id, sizeof gone[0]);
    }
    pthread_mutex_unlock(&l->mu);
    json_decref(c.docs);
    for (k = 0; k < ngone; k++) {
        mgs_seek *s;
        if (mgs_store_doc(srv->store, "seek", gone[k], no_copy, NULL) !=
            MGS_ENOTFOUND)
            continue;
        pthread_mutex_lock(&l->mu);
        s = held(l, gone[k]);
        if (s && !s->taking && !s->pending) {
            json_t *ev = json_pack("{s:s,s:s}", "id", s->id, "reason",
                                   "gone");
            mgs_lobby_drop_seek(l, s);
            mgs_seek_publish(l, s, "seek_removed", ev);
            json_decref(ev);
            mgs_seek_free(s);
        }
        pthread_mutex_unlock(&l->mu);
    }
    free(gone);
}
