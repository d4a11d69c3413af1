# programs/server/server.mk - mg-server, the online game server
# (programs/server/*.c: HTTP by libmicrohttpd, storage in SQLite, JSON by
# jansson, seat secrets by libsodium, players' names by ICU; the library
# linked as the tools link it).  Included by the Makefile (whose variables it uses: B, CC,
# APP_CFLAGS, CFLAGS, LDFLAGS, SHLIB, RPATH, Q).
#
#   make server     build $(B)/programs/mg-server (installs the Debian
#                   packages it needs as root, else prints the command)
#   make serve      build it and the page, and run it on 127.0.0.1:8080
#                   with the database $(SERVE_DB) (data/mindgames.db: a
#                   folder ignored by git, out of the sources); more
#                   options in SERVE_ARGS, such as
#                   SERVE_ARGS="--listen 0.0.0.0:8080" for a LAN (README,
#                   "Playing online")
#   make install-server    after `make server web`: mg-server into BINDIR
#                   (linked again with the installed rpath, as the tools
#                   are), the page (everything in $(B)/web) into
#                   $(SERVER_WEBDIR), where the installed program finds
#                   it, and its man pages (mg-server.1, mindgames-server.7);
#                   mg-bot-connect too (built by make server, with its page).
#                   The program needs the library: make install too.
#                   PREFIX, DESTDIR as for make install.  Separate from
#                   make install: the library does not need the server's
#                   dependencies (libmicrohttpd, SQLite, jansson,
#                   libsodium) nor emscripten for the page.
#   make uninstall-server  remove exactly what install-server put there

SERVER_PKGS  := libmicrohttpd sqlite3 libpq jansson libsodium icu-uc icu-i18n
SERVER_SRCS  := $(filter-out $(STORE_SRCS),$(wildcard programs/server/*.c)) \
                $(STORE_SRCS)
SERVER_HDRS  := $(wildcard programs/server/*.h) $(HEADER)
SERVER_OBJS  := $(patsubst programs/server/%.c,$(B)/programs/server/%.o,$(SERVER_SRCS))
SERVER_BIN   := $(B)/programs/mg-server
# every function shared between the server's files is declared in a
# header (server.h, http.h, store.h, ...): -Wmissing-prototypes holds it
SERVER_CFLAGS = $(APP_CFLAGS) -Wmissing-prototypes -Wstrict-prototypes \
                -D_GNU_SOURCE -Iprograms/server -pthread \
                $(shell pkg-config --cflags $(SERVER_PKGS) 2>/dev/null)
SERVER_LIBS   = -L$(B) -lmindgames \
                $(shell pkg-config --libs $(SERVER_PKGS) 2>/dev/null) -pthread -lm

.PHONY: server serve server-deps install-server uninstall-server

server-deps:
	$(Q)sh tests/ensure-deps.sh server

server: server-deps
	$(Q)$(MAKE) --no-print-directory $(SERVER_BIN) $(BOTCONNECT_BIN)

$(B)/programs/server/%.o: programs/server/%.c $(SERVER_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(SERVER_CFLAGS) -c $< -o $@

$(SERVER_BIN): $(SERVER_OBJS) $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $(SERVER_OBJS) -o $@ $(SERVER_LIBS) \
	    -Wl,-rpath,'$$ORIGIN/..'
	@echo "  LD      $@"

# mg-bot-connect: an engine of the engine protocol on a server (libcurl,
# jansson; not the library): built with the server, from its deps
BOTCONNECT_PKGS := libcurl jansson
BOTCONNECT_SRCS := programs/mg-bot-connect.c $(wildcard programs/botconnect/*.c)
BOTCONNECT_BIN  := $(B)/programs/mg-bot-connect
$(BOTCONNECT_BIN): $(BOTCONNECT_SRCS) $(wildcard programs/botconnect/*.h)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Wmissing-prototypes -Wstrict-prototypes \
	    -Iprograms/botconnect \
	    $(shell pkg-config --cflags $(BOTCONNECT_PKGS) 2>/dev/null) \
	    $(LDFLAGS) $(BOTCONNECT_SRCS) -o $@ \
	    $(shell pkg-config --libs $(BOTCONNECT_PKGS) 2>/dev/null)
	@echo "  LD      $@"

SERVE_DB   ?= data/mindgames.db
SERVE_ARGS ?=
serve: server web
	@mkdir -p $(dir $(SERVE_DB))
	$(SERVER_BIN) --db $(SERVE_DB) $(SERVE_ARGS)

# ------------------------------------------------------------- install

# The installed program finds the page at $ORIGIN/../share/mindgames/web
# (main.c), so it must be there relative to BINDIR.
SERVER_WEBDIR := $(PREFIX)/share/mindgames/web
SERVER_MANS   := man/man1/mg-server.1 man/man7/mindgames-server.7
SERVER_INST   := $(B)/programs/install/mg-server

install-server: $(SERVER_BIN) $(BOTCONNECT_BIN)
	@[ -f $(WEB_OUT)/index.html ] || { \
	    echo "install-server: no page in $(WEB_OUT): run make web first" >&2; \
	    exit 1; }
	@[ "$(BINDIR)" = "$(PREFIX)/bin" ] || \
	    echo "install-server: note: BINDIR is not PREFIX/bin; start mg-server with --web-dir $(SERVER_WEBDIR)" >&2
	@mkdir -p $(B)/programs/install
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $(SERVER_OBJS) -o $(SERVER_INST) \
	    $(SERVER_LIBS) $(INSTALL_RPATH)
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SERVER_WEBDIR) \
	    $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7
	$(INSTALL) -m 755 $(SERVER_INST) $(DESTDIR)$(BINDIR)/mg-server
	$(INSTALL) -m 755 $(BOTCONNECT_BIN) $(DESTDIR)$(BINDIR)/mg-bot-connect
	cd $(WEB_OUT) && find . -type f | while read -r f; do \
	    $(INSTALL) -d "$(DESTDIR)$(SERVER_WEBDIR)/$${f%/*}" && \
	    $(INSTALL) -m 644 "$$f" "$(DESTDIR)$(SERVER_WEBDIR)/$$f" || exit 1; \
	done
	$(INSTALL) -m 644 man/man1/mg-server.1 man/man1/mg-bot-connect.1 \
	    $(DESTDIR)$(MANDIR)/man1/
	$(INSTALL) -m 644 man/man7/mindgames-server.7 $(DESTDIR)$(MANDIR)/man7/
	@[ -e $(DESTDIR)$(LIBDIR)/$(SONAME) ] || \
	    echo "install-server: note: the library is not in $(DESTDIR)$(LIBDIR) yet: make install too" >&2

uninstall-server:
	rm -f $(DESTDIR)$(BINDIR)/mg-server \
	      $(DESTDIR)$(BINDIR)/mg-bot-connect \
	      $(DESTDIR)$(MANDIR)/man1/mg-server.1 \
	      $(DESTDIR)$(MANDIR)/man1/mg-bot-connect.1 \
	      $(DESTDIR)$(MANDIR)/man7/mindgames-server.7
	rm -rf $(DESTDIR)$(SERVER_WEBDIR)
	@rmdir $(DESTDIR)$(PREFIX)/share/mindgames 2>/dev/null || true
