/*
 * seal.c - what keeps secrets out of storage (libsodium): a secret is
 * stored only as its BLAKE2b-256 hash and compared in constant time; the
 * stored answers of creates and joins (create.c, join.c), which hold a seat's
 * secret, are sealed with a key made from the request's cmd_id.  Apart
 * from secret.c's random tokens so that a program with tokens of its own
 * (the request fuzzer) hashes and seals as the server does.
 */
#include "server.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

void mgs_hash_token(const char *token, unsigned char out[MGS_HASH_LEN])
{
    crypto_generichash(out, MGS_HASH_LEN, (const unsigned char *)token,
                       strlen(token), NULL, 0);
}

int mgs_hash_equal(const unsigned char *a, const unsigned char *b)
{
    return crypto_verify_32(a, b) == 0;
}

int mgs_hash_zero(const unsigned char *h)
{
    return sodium_is_zero(h, MGS_HASH_LEN);
}

/* A create's or join's answer holds a seat's secret: the store keeps it
 * sealed with a key made from the request's cmd_id (which the store does
 * not keep either, only a hash of it), so a copy of the database gives
 * no seat away.  The key: BLAKE2b-256 of the cmd_id keyed by a label;
 * the text: hex of a random nonce and the secretbox (XSalsa20-Poly1305). */
static void derive(const char *cmd_id, const char *label, unsigned char *out,
                   size_t n)
{
    crypto_generichash(out, n, (const unsigned char *)cmd_id, strlen(cmd_id),
                       (const unsigned char *)label, strlen(label));
}

void mgs_cmd_lookup(const char *cmd_id, char out[33])
{
    unsigned char h[16];
    derive(cmd_id, "mg-server cmd_id key", h, sizeof h);
    sodium_bin2hex(out, 33, h, sizeof h);
}

char *mgs_seal(const char *cmd_id, const char *text)
{
    unsigned char key[crypto_secretbox_KEYBYTES];
    size_t n = strlen(text), clen = crypto_secretbox_NONCEBYTES +
                                    crypto_secretbox_MACBYTES + n;
    unsigned char *c = malloc(clen);
    char *hex = malloc(clen * 2 + 1);
    if (!c || !hex) {
        free(c);
        free(hex);
        return NULL;
    }
    derive(cmd_id, "mg-server answer seal", key, sizeof key);
    randombytes_buf(c, crypto_secretbox_NONCEBYTES);
    crypto_secretbox_easy(c + crypto_secretbox_NONCEBYTES,
                          (const unsigned char *)text, n, c, key);
    sodium_bin2hex(hex, clen * 2 + 1, c, clen);
    sodium_memzero(key, sizeof key);
    free(c);
    return hex;
}

char *mgs_unseal(const char *cmd_id, const char *hex)
{
    unsigned char key[crypto_secretbox_KEYBYTES];
    size_t hlen = strlen(hex), clen = 0;
    unsigned char *c = malloc(hlen / 2 + 1);
    char *text = NULL;
    if (!c)
        return NULL;
    if (sodium_hex2bin(c, hlen / 2 + 1, hex, hlen, NULL, &clen, NULL) == 0 &&
        clen >= crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) {
        size_t n = clen - crypto_secretbox_NONCEBYTES -
                   crypto_secretbox_MACBYTES;
        text = malloc(n + 1);
        derive(cmd_id, "mg-server answer seal", key, sizeof key);
        if (text && crypto_secretbox_open_easy(
                        (unsigned char *)text, c + crypto_secretbox_NONCEBYTES,
                        clen - crypto_secretbox_NONCEBYTES, c, key) == 0) {
            text[n] = '\0';
        } else {
            free(text);
            text = NULL;
        }
        sodium_memzero(key, sizeof key);
    }
    free(c);
    return text;
}
