# web/web.mk - the library compiled to WebAssembly, and the page that plays
# every game in a browser.  Included at the end of the Makefile, whose
# variables it uses (B, SRCS, LIB_HDRS, LIB_WARN, MAP, SHLIB, APP_CFLAGS,
# RPATH, Q).
#
#   make web          build/web/: index.html, its JS and CSS, mindgames.js
#                     and mindgames.wasm (Debian's emscripten; installed
#                     by tests/ensure-deps.sh as root, else it prints the
#                     command); a static page, no server beyond files;
#                     beside each file NAME.gz (gzip -9) and NAME.br
#                     (brotli, Debian's), which mg-server sends to
#                     browsers that accept them
#   make web-serve    serve it on http://127.0.0.1:$(WEB_PORT)/
#   make check-web    the page in headless Chromium (Debian's chromium,
#                     driven by playwright-core from web/package-lock.json;
#                     the replay and review of a finished game:
#                     web/test/check-review.mjs); with
#                     build/programs/mg-server built, also the page online
#                     against it (web/test/check-online.mjs, "your move"
#                     and a finished table's replay: check-online-turns.mjs,
#                     players' accounts: check-accounts.mjs, the lobby:
#                     check-lobby.mjs, the place end to end as strangers
#                     use it: check-stranger.mjs)
#
# Variables: EMCC (emcc), WEB_OPT (-O3), WEB_PORT (8000), NPM (npm),
# CHROMIUM (/usr/bin/chromium).

EMCC      ?= emcc
WEB_OPT   ?= -O3
WEB_PORT  ?= 8000
NPM       ?= npm
CHROMIUM  ?= /usr/bin/chromium
WEB_OUT   := $(B)/web
# app.js is an ES module; the page's other modules are in web/src/app/.
WEB_APP   := $(patsubst web/src/%,%,$(wildcard web/src/app/*.js))
WEB_FILES := index.html style.css app.js board.js mg.js worker.js $(WEB_APP)
WEB_PAGE  := $(addprefix $(WEB_OUT)/,$(WEB_FILES))
WEB_WASM  := $(WEB_OUT)/mindgames.wasm
WEB_NATIVE := $(B)/web-test/mg-web-native

# Every function of the version script is exported, as by the .so.
WEB_EXPORTS = $(shell sed -n 's/^[[:space:]]*\(mg_[a-z0-9_]*\);.*/"_\1"/p' $(MAP) | sort -u | tr '\n' ',')
WEB_LDFLAGS = -s MODULARIZE=1 -s EXPORT_NAME=createMindgames \
    -s ENVIRONMENT=web,worker -s ALLOW_MEMORY_GROWTH=1 -s WASM_BIGINT=1 \
    -s FILESYSTEM=0 -s EXPORTED_FUNCTIONS='[$(WEB_EXPORTS)"_malloc","_free"]' \
    -s EXPORTED_RUNTIME_METHODS='["UTF8ToString","stringToUTF8","lengthBytesUTF8"]'

.PHONY: web web-deps web-serve check-web browser-deps

web-deps:
	$(Q)sh tests/ensure-deps.sh web

# The unchanged sources of the library (the Makefile's SRCS), in one emcc
# run, with the library's warnings (never -Werror: another compiler's new
# warning must not fail the page, as for the fuzzers).  emcc finds acorn,
# for its JS optimiser, through NODE_PATH.
# The page ships no networks (mg_eval_builtin finds none there): the
# page's bots do not use them (strong's eval=none), and the two shipped
# for Dots and Boxes would triple the download (the .wasm, gzipped, from
# about 130 kB to 750 kB).
WEB_GEN := $(B)/web-gen
$(WEB_GEN)/mg_eval_weights.h: lib/weights/embed.sh
	@mkdir -p $(@D)
	$(Q)sh lib/weights/embed.sh > $@

$(WEB_WASM): $(SRCS) $(LIB_HDRS) $(WEB_GEN)/mg_eval_weights.h $(MAP) web/web.mk | web-deps
	@mkdir -p $(@D)
	$(Q)NODE_PATH=$${NODE_PATH:-/usr/share/nodejs} $(EMCC) $(filter-out -Werror,$(LIB_WARN)) -Iinclude -Ilib -I$(WEB_GEN) \
	    $(WEB_OPT) $(SRCS) $(WEB_LDFLAGS) -o $(WEB_OUT)/mindgames.js
	@echo "  EMCC    $@"

$(WEB_OUT)/%: web/src/%
	@mkdir -p $(@D)
	$(Q)cp $< $@

# Every file compressed beside it, once at build time (mg-server sends
# the copy the browser accepts: files.c); -n: no name or time inside, so
# a rebuild makes the same bytes.
$(WEB_OUT)/mindgames.js: $(WEB_WASM) ;
WEB_PLAIN := $(WEB_WASM) $(WEB_OUT)/mindgames.js $(WEB_PAGE)
WEB_ZIPS  := $(addsuffix .gz,$(WEB_PLAIN)) $(addsuffix .br,$(WEB_PLAIN))

$(WEB_OUT)/%.gz: $(WEB_OUT)/%
	$(Q)gzip -9 -n -c $< > $@.tmp && mv $@.tmp $@

$(WEB_OUT)/%.br: $(WEB_OUT)/% | web-deps
	$(Q)brotli -q 11 -c $< > $@.tmp && mv $@.tmp $@

web: $(WEB_WASM) $(WEB_PAGE) $(WEB_ZIPS)
	@raw=$$(wc -c < $(WEB_WASM)); gz=$$(wc -c < $(WEB_WASM).gz); \
	    br=$$(wc -c < $(WEB_WASM).br); \
	    echo "web: $(WEB_OUT)/index.html; mindgames.wasm $$raw bytes, $$gz gzipped, $$br brotli"

web-serve: web
	$(Q)node web/serve.mjs $(WEB_OUT) $(WEB_PORT)

browser-deps:
	$(Q)sh tests/ensure-deps.sh browser

# playwright-core from the lock file (the browser is Debian's chromium:
# no download of a browser of its own).
web/node_modules/.package-lock.json: web/package.json web/package-lock.json | browser-deps
	$(Q)cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(NPM) ci --no-audit --no-fund --loglevel=error

$(WEB_NATIVE): web/test/native.c $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $< -o $@ -L$(B) -lmindgames $(RPATH)

check-web: web $(WEB_NATIVE) web/node_modules/.package-lock.json
	$(Q)MG_WEB_DIR=$(WEB_OUT) MG_WEB_NATIVE=$(WEB_NATIVE) CHROMIUM=$(CHROMIUM) \
	    node --test --test-reporter=spec web/test/check-web.mjs web/test/check-fair.mjs web/test/check-review.mjs
	$(Q)if [ -x $(B)/programs/mg-server ]; then \
	    MG_WEB_DIR=$(WEB_OUT) MG_SERVER=$(B)/programs/mg-server CHROMIUM=$(CHROMIUM) \
	    node --test --test-reporter=spec web/test/check-online.mjs \
	        web/test/check-online-turns.mjs web/test/check-accounts.mjs \
	        web/test/check-lobby.mjs web/test/check-stranger.mjs; \
	else echo "check-web: no $(B)/programs/mg-server (make server): the online test is skipped"; fi
