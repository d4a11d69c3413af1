/*
 * login_guard.c - what keeps passwords from being a way in or a way to
 * take the server down (place.h): failed logins counted per name and per
 * client, with a lock when either has too many within a window; the
 * password hashing itself (argon2id), at most --password-hashes at once,
 * since each takes 64 MiB and ~0.2 s of a CPU; and the dummy hash an
 * unknown name is checked against, so that its answer costs the time a
 * wrong password does.
 */
#include "place.h"

#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#ifdef MGS_PWHASH_MIN
/* the request fuzzer's build: the least work argon2id takes */
#define OPS crypto_pwhash_OPSLIMIT_MIN
#define MEM crypto_pwhash_MEMLIMIT_MIN
#else
#define OPS crypto_pwhash_OPSLIMIT_INTERACTIVE
#define MEM crypto_pwhash_MEMLIMIT_INTERACTIVE
#endif

/* One name's or client's failures: since start_ms, fails of them. */
typedef struct fail_slot {
    char key[MGS_NAME_BYTES];
    int64_t start_ms;
    int fails;
} fail_slot;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static fail_slot names[MGS_LOGIN_SLOTS], clients[MGS_LOGIN_SLOTS];
static int hashing; /* hashes running (atomic) */
static unsigned long long hashes; /* made (atomic) */

/* The slot of key in tab (now: expired windows are reset); NULL when
 * there is none and create is 0.  A new key takes a free slot, else the
 * one whose window ends first.  Under mu. */
static fail_slot *slot(fail_slot *tab, const char *key, int64_t now,
                       int create)
{
    int64_t window = (int64_t)MGS_LOGIN_WINDOW_S * 1000;
    fail_slot *s, *victim = NULL;
    int i;
    for (i = 0; i < MGS_LOGIN_SLOTS; i++) {
        s = &tab[i];
        if (s->key[0] && strcmp(s->key, key) == 0) {
            if (now - s->start_ms >= window) {
                s->start_ms = now;
                s->fails = 0;
            }
            return s;
        }
        if (!victim || !s->key[0] ||
            (victim->key[0] && s->start_ms < victim->start_ms))
            victim = s;
    }
    if (!create)
        return NULL;
    snprintf(victim->key, sizeof victim->key, "%s", key);
    victim->start_ms = now;
    victim->fails = 0;
    return victim;
}

/* The seconds until s's window ends when it has max fails, else 0. */
static int wait_of(const fail_slot *s, int max, int64_t now)
{
    int64_t end;
    if (!s || s->fails < max)
        return 0;
    end = s->start_ms + (int64_t)MGS_LOGIN_WINDOW_S * 1000;
    return end > now ? (int)((end - now + 999) / 1000) : 0;
}

int mgs_login_locked(const char *name_key, const char *client,
                     const char **limit)
{
    int64_t now = mgs_now_ms();
    int w;
    pthread_mutex_lock(&mu);
    *limit = "login-name";
    w = wait_of(slot(names, name_key, now, 0), MGS_LOGIN_NAME_FAILS, now);
    if (!w) {
        *limit = "login-address";
        w = wait_of(slot(clients, client, now, 0), MGS_LOGIN_ADDR_FAILS,
                    now);
    }
    pthread_mutex_unlock(&mu);
    return w;
}

void mgs_login_failed(const char *name_key, const char *client)
{
    int64_t now = mgs_now_ms();
    pthread_mutex_lock(&mu);
    slot(names, name_key, now, 1)->fails++;
    slot(clients, client, now, 1)->fails++;
    pthread_mutex_unlock(&mu);
}

void mgs_login_succeeded(const char *name_key)
{
    fail_slot *s;
    pthread_mutex_lock(&mu);
    if ((s = slot(names, name_key, mgs_now_ms(), 0)) != NULL)
        memset(s, 0, sizeof *s);
    pthread_mutex_unlock(&mu);
}

void mgs_login_reset(void)
{
    pthread_mutex_lock(&mu);
    memset(names, 0, sizeof names);
    memset(clients, 0, sizeof clients);
    pthread_mutex_unlock(&mu);
}

int mgs_hash_enter(mgs_srv *srv)
{
    int n = __atomic_add_fetch(&hashing, 1, __ATOMIC_ACQ_REL);
    if (n > srv->cfg.password_hashes) {
        __atomic_sub_fetch(&hashing, 1, __ATOMIC_ACQ_REL);
        return -1;
    }
    return 0;
}

void mgs_hash_leave(void)
{
    __atomic_sub_fetch(&hashing, 1, __ATOMIC_ACQ_REL);
}

int mgs_password_hash(const char *password, char *out)
{
    __atomic_add_fetch(&hashes, 1, __ATOMIC_RELAXED);
    return crypto_pwhash_str(out, password, strlen(password), OPS, MEM) == 0
               ? 0
               : -1;
}

static char dummy[crypto_pwhash_STRBYTES];
static pthread_once_t dummy_once = PTHREAD_ONCE_INIT;

static void make_dummy(void)
{
    char pw[33];
    mgs_random_token(pw, 24);
    if (crypto_pwhash_str(dummy, pw, strlen(pw), OPS, MEM) != 0)
        dummy[0] = '\0'; /* out of memory: checked against nothing */
    sodium_memzero(pw, sizeof pw);
}

int mgs_password_check(const char *hash, const char *password)
{
    int ok;
    if (!hash) {
        pthread_once(&dummy_once, make_dummy);
        hash = dummy;
    }
    __atomic_add_fetch(&hashes, 1, __ATOMIC_RELAXED);
    ok = hash[0] && crypto_pwhash_str_verify(hash, password,
                                             strlen(password)) == 0;
    return ok && hash != dummy;
}

unsigned long long mgs_password_hashes(void)
{
    return __atomic_load_n(&hashes, __ATOMIC_RELAXED);
}
