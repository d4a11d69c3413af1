# programs/server/bench.mk - mg-server's benchmark and its load client.
# Included by the Makefile (whose variables it uses: B, CC, APP_CFLAGS,
# LDFLAGS, HEADER, SHLIB, RPATH, Q).
#
#   make bench-server   build mg-load (and $(B)/programs/mg-server when
#                       the Makefile has its rule: server.mk), then run
#                       tests/server/bench-server.sh: moves/s flat out,
#                       event latency at 1,000 moves/s, 10,000 streams'
#                       memory, CPU per move, the snapshot under wrk.
#                       Not part of make check (it takes a minute and
#                       wants root for its 10,000 descriptors).
#   make mg-load        the load client alone ($(B)/programs/mg-load)
#
# mg-load is C99 + POSIX + Linux epoll, linked with libmindgames only:
# programs/server/bench/mg-load.c (options, phases, main, report),
# load_conn.c (connections, HTTP, SSE, epoll), load_games.c (the games)
# and load.h (what they share: the run, ml_run, that main makes and
# passes on; no mutable globals).

MG_LOAD := $(B)/programs/mg-load
MG_LOAD_SRC := programs/server/bench/mg-load.c \
               programs/server/bench/load_conn.c \
               programs/server/bench/load_games.c

.PHONY: bench-server mg-load

$(MG_LOAD): $(MG_LOAD_SRC) programs/server/bench/load.h $(HEADER) $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Wmissing-prototypes -Wstrict-prototypes \
	    $(LDFLAGS) $(MG_LOAD_SRC) -o $@ -L$(B) \
	    -lmindgames -lm $(RPATH)

mg-load: $(MG_LOAD)

bench-server: $(MG_LOAD)
	$(Q)if $(MAKE) -n $(B)/programs/mg-server >/dev/null 2>&1; then \
	    $(MAKE) --no-print-directory $(B)/programs/mg-server || exit 1; fi
	$(Q)MG_SERVER=$${MG_SERVER:-$(B)/programs/mg-server} \
	    MG_LOAD=$(MG_LOAD) sh tests/server/bench-server.sh
