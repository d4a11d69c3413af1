/*
 * secret.c - seat secrets, invites and table ids from the system's
 * random source (libsodium); their hashes are seal.c's.
 */
#include "server.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

int mgs_secret_init(void)
{
    return sodium_init() < 0 ? -1 : 0;
}

/* `bytes` random bytes as base64url without padding into out (room for
 * 4 * bytes / 3 + 2). */
void mgs_random_token(char *out, size_t bytes)
{
    unsigned char raw[64];
    if (bytes > sizeof raw)
        bytes = sizeof raw;
    randombytes_buf(raw, bytes);
    sodium_bin2base64(out, sodium_base64_ENCODED_LEN(bytes,
                               sodium_base64_VARIANT_URLSAFE_NO_PADDING),
                      raw, bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw, sizeof raw);
}
