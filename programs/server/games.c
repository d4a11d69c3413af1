/*
 * games.c - one mg_game per spec for every table that plays it.  A game
 * is immutable once made and the library lets any number of states, on
 * any threads, share it; so the tables of one spec share one, made when
 * the first of them is created or loaded and freed when the last leaves
 * memory.  A Dots and Boxes 5x5 game is about 23 kB of the ~29 kB of an
 * open table, a Chains of Thought game 87 kB; loading a table no longer
 * builds its game's symmetries and sites again when another table of the
 * spec is open (the fuzzer reloads every table after every request).
 *
 * The cache is the process's (one map under one mutex, a leaf lock: no
 * other lock is taken while it is held, and a game is made outside it),
 * as the log is: every server object of a process (the fuzzer makes one
 * per input) shares it, which is sound since a game is a pure function
 * of its spec.
 */
#include "server.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUCKETS 1024 /* chains stay short for thousands of specs */

struct mgs_game_ref {
    struct mgs_game_ref *next;
    uint64_t hash;
    char *spec;
    mg_game *game;
    long refs;
};

static pthread_mutex_t games_mu = PTHREAD_MUTEX_INITIALIZER;
static mgs_game_ref *buckets[BUCKETS];
static long games_held;

static uint64_t hash_of(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

static mgs_game_ref *lookup(const char *spec, uint64_t h)
{
    mgs_game_ref *e;
    for (e = buckets[h % BUCKETS]; e; e = e->next)
        if (e->hash == h && strcmp(e->spec, spec) == 0)
            return e;
    return NULL;
}

mgs_game_ref *mgs_game_get(const char *spec, char *err, size_t errcap)
{
    uint64_t h;
    mgs_game_ref *e, *made;
    mg_game *g = NULL;
    if (!spec) {
        if (err && errcap)
            snprintf(err, errcap, "no spec");
        return NULL;
    }
    h = hash_of(spec);
    pthread_mutex_lock(&games_mu);
    e = lookup(spec, h);
    if (e)
        e->refs++;
    pthread_mutex_unlock(&games_mu);
    if (e)
        return e;
    /* made outside the lock: a large board takes a while */
    if (mg_game_new(&g, spec, err, errcap) != MG_OK)
        return NULL;
    made = calloc(1, sizeof *made);
    if (!made || !(made->spec = strdup(spec))) {
        free(made);
        mg_game_free(g);
        if (err && errcap)
            snprintf(err, errcap, "out of memory");
        return NULL;
    }
    made->hash = h;
    made->game = g;
    made->refs = 1;
    pthread_mutex_lock(&games_mu);
    e = lookup(spec, h);
    if (e) {
        /* another thread made it meanwhile: use that one */
        e->refs++;
    } else {
        made->next = buckets[h % BUCKETS];
        buckets[h % BUCKETS] = made;
        games_held++;
    }
    pthread_mutex_unlock(&games_mu);
    if (e) {
        mg_game_free(made->game);
        free(made->spec);
        free(made);
        return e;
    }
    return made;
}

mg_game *mgs_game_of(const mgs_game_ref *ref)
{
    return ref ? ref->game : NULL;
}

void mgs_game_put(mgs_game_ref *ref)
{
    mgs_game_ref **p;
    int last = 0;
    if (!ref)
        return;
    pthread_mutex_lock(&games_mu);
    if (--ref->refs == 0) {
        for (p = &buckets[ref->hash % BUCKETS]; *p; p = &(*p)->next)
            if (*p == ref) {
                *p = ref->next;
                break;
            }
        games_held--;
        last = 1;
    }
    pthread_mutex_unlock(&games_mu);
    if (last) {
        mg_game_free(ref->game);
        free(ref->spec);
        free(ref);
    }
}

long mgs_games_held(void)
{
    long n;
    pthread_mutex_lock(&games_mu);
    n = games_held;
    pthread_mutex_unlock(&games_mu);
    return n;
}
