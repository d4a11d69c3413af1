/*
 * version.c - version queries and error strings.
 */
#include "internal.h"

uint32_t mg_version_number(void)
{
    return MG_VERSION_NUMBER;
}

const char *mg_version_string(void)
{
    return MG_VERSION_STRING;
}

const char *mg_strerror(int code)
{
    switch (code) {
    case MG_OK: return "success";
    case MG_EINVAL: return "invalid argument";
    case MG_ENOMEM: return "out of memory";
    case MG_ENOBUFS: return "buffer too small";
    case MG_ERANGE: return "out of range";
    case MG_ESYNTAX: return "malformed text";
    case MG_ENOGAME: return "unknown game or bot";
    case MG_EOPTION: return "unknown, repeated or inapplicable option";
    case MG_EVALUE: return "invalid option value";
    case MG_EILLEGAL: return "illegal action";
    case MG_EOVER: return "game is over";
    case MG_EEMPTY: return "nothing to undo";
    case MG_EMISMATCH: return "objects of different games";
    case MG_EUNSUPPORTED: return "not supported by this game";
    case MG_EBOARD: return "invalid board";
    case MG_EBUDGET: return "search budget exhausted";
    default: return "unknown error";
    }
}
