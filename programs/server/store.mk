# programs/server/store.mk - mg-server's storage (store.h: one dispatch,
# store.c, over SQLite, programs/server/store_sqlite*.c, or PostgreSQL,
# programs/server/store_pg*.c) and its tests.  Included by the Makefile
# (whose variables it uses: B, CC, APP_CFLAGS, LDFLAGS, Q).
#
#   make store-check   build tests/server/check_store.c and
#                      check_store_docs.c with the store and run them on
#                      SQLite (make check-postgres runs them on
#                      PostgreSQL: tests/server/server-tests.mk)
#
# Needs SQLite's and libpq's development files (pkg-config sqlite3
# libpq) and POSIX threads.

STORE_SRCS   := programs/server/store.c programs/server/store_sqlite.c \
                programs/server/store_sqlite_read.c \
                programs/server/store_sqlite_docs.c programs/server/store_pg.c \
                programs/server/store_pg_read.c programs/server/store_pg_batch.c \
                programs/server/store_pg_listen.c \
                programs/server/store_queue.c
STORE_HDRS   := programs/server/store.h programs/server/store_backend.h \
                programs/server/store_sqlite.h programs/server/store_pg.h \
                programs/server/store_queue.h
STORE_CFLAGS  = $(APP_CFLAGS) -Iprograms/server -pthread \
                $(shell pkg-config --cflags sqlite3 libpq)
STORE_LIBS    = $(shell pkg-config --libs sqlite3 libpq) -pthread -lm

.PHONY: store-check

$(B)/tests/check_store: tests/server/check_store.c $(STORE_SRCS) $(STORE_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(STORE_CFLAGS) $(LDFLAGS) tests/server/check_store.c \
	    $(STORE_SRCS) -o $@ $(STORE_LIBS)

$(B)/tests/check_store_docs: tests/server/check_store_docs.c $(STORE_SRCS) $(STORE_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(STORE_CFLAGS) $(LDFLAGS) tests/server/check_store_docs.c \
	    $(STORE_SRCS) -o $@ $(STORE_LIBS) -lm

store-check: $(B)/tests/check_store $(B)/tests/check_store_docs
	$(Q)$(B)/tests/check_store
	$(Q)$(B)/tests/check_store_docs
