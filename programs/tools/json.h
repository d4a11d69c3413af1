/*
 * json.h - just enough JSON for mg-match: writing strings and numbers,
 * and reading a document back (for --merge) into a tree.
 */
#ifndef TOOLS_JSON_H
#define TOOLS_JSON_H

#include <stddef.h>
#include <stdio.h>

enum { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct json {
    int type;
    double num;
    char *str;          /* J_STR */
    size_t n;           /* J_ARR, J_OBJ: number of members */
    struct json *item;  /* their values */
    char **key;         /* J_OBJ: their keys */
} json;

/* A tree, or NULL with the place and reason in err. */
json *json_parse(const char *text, char *err, size_t errcap);
void json_free(json *j);

/* A member of an object (NULL when absent or j is not an object), an
 * element of an array, a number (dflt unless a number), a string (NULL
 * unless a string). */
const json *json_get(const json *j, const char *key);
const json *json_at(const json *j, size_t i);
double json_num(const json *j, double dflt);
const char *json_str(const json *j);

/* A JSON string literal of s. */
void json_put_string(FILE *f, const char *s);
/* A finite number, or null. */
void json_put_number(FILE *f, double x);

#endif
