/*
 * store_testdb.h - the database the store's tests (check_store.c,
 * check_store_docs.c) run on: a SQLite file in the test's folder, or,
 * with MG_TEST_PG set to a libpq URI (tests/server/pg-cluster.sh sets
 * it; make check-postgres), that PostgreSQL database, emptied first
 * (its schema dropped and made again), so that every test starts from
 * nothing as with a new file.
 */
#ifndef MGS_STORE_TESTDB_H
#define MGS_STORE_TESTDB_H

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>

/* The PostgreSQL URI under test, or NULL: SQLite. */
static const char *test_pg(void)
{
    const char *u = getenv("MG_TEST_PG");
    return u && *u ? u : NULL;
}

/* Run sql on the database under test (PostgreSQL only): 0 when done. */
static int test_pg_exec(const char *sql)
{
    PGconn *db = PQconnectdb(test_pg());
    PGresult *res;
    int ok;
    if (PQstatus(db) != CONNECTION_OK) {
        fprintf(stderr, "MG_TEST_PG: %s", PQerrorMessage(db));
        PQfinish(db);
        return -1;
    }
    res = PQexec(db, sql);
    ok = PQresultStatus(res) == PGRES_COMMAND_OK ||
         PQresultStatus(res) == PGRES_TUPLES_OK;
    if (!ok)
        fprintf(stderr, "MG_TEST_PG: %s: %s", sql, PQerrorMessage(db));
    PQclear(res);
    PQfinish(db);
    return ok ? 0 : -1;
}

/* A new, empty database for one test: its path or URI in buf. */
static const char *test_db(char *buf, size_t cap, const char *dir,
                           const char *name)
{
    if (!test_pg()) {
        snprintf(buf, cap, "%s/%s", dir, name);
        return buf;
    }
    if (test_pg_exec("SET client_min_messages = warning;"
                     " DROP SCHEMA IF EXISTS public CASCADE;"
                     " CREATE SCHEMA public") != 0)
        exit(2);
    snprintf(buf, cap, "%s", test_pg());
    return buf;
}

#endif /* MGS_STORE_TESTDB_H */
