# programs/server/server.mk - mg-server, the online game server
# (programs/server/*.c: HTTP by libmicrohttpd, storage in SQLite, JSON by
# jansson, seat secrets by libsodium; the library linked as the tools
# link it).  Included by the Makefile (whose variables it uses: B, CC,
# APP_CFLAGS, CFLAGS, LDFLAGS, SHLIB, RPATH, Q).
#
#   make server     build $(B)/programs/mg-server (installs the Debian
#                   packages it needs as root, else prints the command)
#   make serve      build it and the page, and run it on 127.0.0.1:8080
#                   with ./mindgames.db (SERVE_ARGS=... for more options)

SERVER_PKGS  := libmicrohttpd sqlite3 jansson libsodium
SERVER_SRCS  := $(filter-out $(STORE_SRCS),$(wildcard programs/server/*.c)) \
                $(STORE_SRCS)
SERVER_HDRS  := $(wildcard programs/server/*.h) $(HEADER)
SERVER_OBJS  := $(patsubst programs/server/%.c,$(B)/programs/server/%.o,$(SERVER_SRCS))
SERVER_BIN   := $(B)/programs/mg-server
SERVER_CFLAGS = $(APP_CFLAGS) -D_GNU_SOURCE -Iprograms/server -pthread \
                $(shell pkg-config --cflags $(SERVER_PKGS) 2>/dev/null)
SERVER_LIBS   = -L$(B) -lmindgames \
                $(shell pkg-config --libs $(SERVER_PKGS) 2>/dev/null) -pthread -lm

.PHONY: server serve server-deps

server-deps:
	$(Q)sh tests/ensure-deps.sh server

server: server-deps
	$(Q)$(MAKE) --no-print-directory $(SERVER_BIN)

$(B)/programs/server/%.o: programs/server/%.c $(SERVER_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(SERVER_CFLAGS) -c $< -o $@

$(SERVER_BIN): $(SERVER_OBJS) $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $(SERVER_OBJS) -o $@ $(SERVER_LIBS) \
	    -Wl,-rpath,'$$ORIGIN/..'
	@echo "  LD      $@"

serve: server web
	$(SERVER_BIN) $(SERVE_ARGS)
