/*
 * fuzz_server.h - the clock and the random sequence that
 * fuzz_server_env.c gives the server in place of main.c's and
 * secret.c's; fuzz_server.c sets them for each input.
 */
#ifndef FUZZ_SERVER_H
#define FUZZ_SERVER_H

#include <stdint.h>

extern int64_t fake_now;   /* what mgs_now_ms() answers */
extern uint64_t rng_state; /* the state of mgs_random_token()'s sequence */

#endif /* FUZZ_SERVER_H */
