/*
 * fuzz_server.h - what the files of the request fuzzer share: the clock
 * and the random sequence that fuzz_server_env.c gives the server in
 * place of clock.c's and secret.c's (fuzz_server.c sets them for each
 * input), fuzz_server_check.c's invariant of a table and
 * fuzz_server_place.c's requests to the place.
 */
#ifndef FUZZ_SERVER_H
#define FUZZ_SERVER_H

#include "server.h"

#include <stddef.h>
#include <stdint.h>

extern int64_t fake_now;   /* what mgs_now_ms() answers */
extern uint64_t rng_state; /* the state of mgs_random_token()'s sequence */

/* fuzz_server_check.c */

/* The ids of s's history (malloc'd; *n of them). */
int32_t *history(const mg_state *s, size_t *n);
/* mgs_store_events' callback: counts the events in *(int64_t *)arg,
 * requiring versions 1, 2, ... */
int count_event(void *arg, const mgs_event_row *ev);
/* A stored table row's status and version (mgs_store_table's callback
 * read_row, with ignore_seat for its seats). */
typedef struct rowinfo {
    char status[16];
    int64_t version;
} rowinfo;
int read_row(void *arg, const mgs_table_row *row);
int ignore_seat(void *arg, const mgs_seat_row *s);
/* The table t (locked) against its stored log replayed. */
void check_table(mgs_srv *srv, mgs_table *t);

/* fuzz_server_place.c: a 'p' line (a request to the place), and every
 * document deleted between inputs (checked). */
void fuzz_place(mgs_srv *srv, const char *text, size_t n);
void fuzz_place_reset(mgs_store *st);

#endif /* FUZZ_SERVER_H */
