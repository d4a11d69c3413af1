# tests/server/server-tests.mk - mg-server's tests (tests/server/): its
# storage (check_store.c) and its HTTP API on loopback (the *.py suites,
# Python's standard library only).  Included by the Makefile.
#
#   make server-check       the storage test, the ratings' arithmetic
#                           (glicko2-check), players' names (names-check),
#                           then the API, bad input and
#                           crash suites against build/programs/mg-server
#                           (part of make check; skipped with the install
#                           command when the server's packages are missing
#                           and cannot be installed)
#   make check-server-long  the crash suite with 500 SIGKILLs
#   make check-postgres     the store's tests (check_store, check_store_docs)
#                           and the HTTP suites against PostgreSQL: a
#                           throwaway cluster (tests/server/pg-cluster.sh;
#                           Debian's postgresql, installed as root when
#                           missing), fsync off (nothing here measures or
#                           crashes the machine); MG_PG_TESTS=store runs
#                           the store's tests only
#   make sanitize-server    the suites against a server built with
#                           ASan+UBSan (part of make sanitize): any report
#                           fails
#   make tsan-server        the same under ThreadSanitizer (part of make
#                           tsan)
.PHONY: server-check check-server-long check-postgres sanitize-server sanitize-postgres tsan-server glicko2-check \
        names-check

server-check: $(SHLIB)
	$(Q)if sh tests/ensure-deps.sh server; then \
	    $(MAKE) --no-print-directory $(SERVER_BIN) $(BOTCONNECT_BIN) store-check glicko2-check names-check && \
	    sh tests/server/run.sh; \
	else echo "server-check: skipped: the server's packages are missing (above)"; fi

# The ratings' arithmetic (programs/server/glicko2.c) against Glickman's
# worked example and an independent model (Check, as the library's tests).
$(B)/tests/check_glicko2: tests/server/check_glicko2.c programs/server/glicko2.c \
                         programs/server/glicko2.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Iprograms/server $(LDFLAGS) \
	    tests/server/check_glicko2.c programs/server/glicko2.c -o $@ \
	    $(CHECK_FLAGS) -lm

glicko2-check: $(B)/tests/check_glicko2
	$(Q)$(B)/tests/check_glicko2

# Players' names (programs/server/names.c, over ICU).
$(B)/tests/check_names: tests/server/check_names.c programs/server/names.c \
                       programs/server/names.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Iprograms/server $(LDFLAGS) \
	    $(shell pkg-config --cflags icu-uc icu-i18n 2>/dev/null) \
	    tests/server/check_names.c programs/server/names.c -o $@ \
	    $(CHECK_FLAGS) $(shell pkg-config --libs icu-uc icu-i18n 2>/dev/null)

names-check: $(B)/tests/check_names
	$(Q)$(B)/tests/check_names

check-postgres: $(SHLIB)
	$(Q)sh tests/ensure-deps.sh postgres
	$(Q)$(MAKE) --no-print-directory $(SERVER_BIN) $(B)/tests/check_store \
	    $(B)/tests/check_store_docs
	$(Q)MG_PG_FSYNC=off sh tests/server/pg-cluster.sh sh -c \
	    '$(B)/tests/check_store && $(B)/tests/check_store_docs && \
	     if [ "$${MG_PG_TESTS:-}" != store ]; then sh tests/server/run.sh; fi'

check-server-long: server $(SHLIB)
	MG_SERVER_KILLS=500 sh tests/server/run.sh

# A sanitized server writes its reports to files (log_path) that the rule
# looks for once the suites are done.  It cannot run under prlimit's
# address-space limit (test_server_bots.py's LimitedServer): there the
# sanitizer's own allocation limit fails the big allocation instead
# (MG_SERVER_SANITIZED=1); ASan says so in a warning of its own, the one
# line a report file may hold without failing the run.
SAN_REFUSED = ^==[0-9]*==WARNING: AddressSanitizer failed to allocate 0x[0-9a-f]* bytes$$
SRV_SAN_DIR  = $(B)/asan
SRV_TSAN_DIR = $(B)/tsan-server

sanitize-server: server-deps
	$(Q)$(MAKE) --no-print-directory B=$(SRV_SAN_DIR) CFLAGS="$(SAN_FLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined" $(SRV_SAN_DIR)/programs/mg-server
	$(Q)rm -rf $(SRV_SAN_DIR)/server-reports && mkdir -p $(SRV_SAN_DIR)/server-reports
	$(Q)ASAN_OPTIONS="detect_leaks=1 allocator_may_return_null=1 max_allocation_size_mb=16384 log_path=$(CURDIR)/$(SRV_SAN_DIR)/server-reports/asan" \
	    MG_SERVER_SANITIZED=1 \
	    UBSAN_OPTIONS="print_stacktrace=1 log_path=$(CURDIR)/$(SRV_SAN_DIR)/server-reports/ubsan" \
	    MG_SERVER=$(CURDIR)/$(SRV_SAN_DIR)/programs/mg-server MG_SERVER_KILLS=5 \
	    sh tests/server/run.sh
	$(Q)for f in $(SRV_SAN_DIR)/server-reports/*; do \
	    [ -f "$$f" ] && ! grep -qv "$(SAN_REFUSED)" "$$f" && rm -f "$$f"; \
	done; true
	$(Q)if ls $(SRV_SAN_DIR)/server-reports/* >/dev/null 2>&1; then \
	    cat $(SRV_SAN_DIR)/server-reports/*; \
	    echo "sanitize-server: the sanitizers reported (above)"; exit 1; fi
	@echo "sanitize-server: no report from ASan+UBSan"

# The processes that share one PostgreSQL database (test_server_cluster:
# what SQLite's single process never runs: LISTEN/NOTIFY, the refresh
# after a lost race, presence, seeks across processes) under ASan+UBSan,
# on a throwaway cluster; reports as sanitize-server's.  CI runs it after
# make sanitize (which builds the same sanitized server).
sanitize-postgres: server-deps
	$(Q)sh tests/ensure-deps.sh postgres
	$(Q)$(MAKE) --no-print-directory B=$(SRV_SAN_DIR) CFLAGS="$(SAN_FLAGS)" \
	    LDFLAGS="-fsanitize=address,undefined" $(SRV_SAN_DIR)/programs/mg-server
	$(Q)rm -rf $(SRV_SAN_DIR)/pg-reports && mkdir -p $(SRV_SAN_DIR)/pg-reports
	$(Q)ASAN_OPTIONS="detect_leaks=1 allocator_may_return_null=1 max_allocation_size_mb=16384 log_path=$(CURDIR)/$(SRV_SAN_DIR)/pg-reports/asan" \
	    MG_SERVER_SANITIZED=1 \
	    UBSAN_OPTIONS="print_stacktrace=1 log_path=$(CURDIR)/$(SRV_SAN_DIR)/pg-reports/ubsan" \
	    MG_SERVER=$(CURDIR)/$(SRV_SAN_DIR)/programs/mg-server MG_PG_FSYNC=off \
	    sh tests/server/pg-cluster.sh sh tests/server/run.sh test_server_cluster
	$(Q)for f in $(SRV_SAN_DIR)/pg-reports/*; do \
	    [ -f "$$f" ] && ! grep -qv "$(SAN_REFUSED)" "$$f" && rm -f "$$f"; \
	done; true
	$(Q)if ls $(SRV_SAN_DIR)/pg-reports/* >/dev/null 2>&1; then \
	    cat $(SRV_SAN_DIR)/pg-reports/*; \
	    echo "sanitize-postgres: the sanitizers reported (above)"; exit 1; fi
	@echo "sanitize-postgres: no report from ASan+UBSan"

tsan-server: server-deps
	$(Q)$(MAKE) --no-print-directory B=$(SRV_TSAN_DIR) CFLAGS="$(TS_SAN)" \
	    LDFLAGS="-fsanitize=thread" $(SRV_TSAN_DIR)/programs/mg-server
	$(Q)rm -rf $(SRV_TSAN_DIR)/server-reports && mkdir -p $(SRV_TSAN_DIR)/server-reports
	$(Q)TSAN_OPTIONS="allocator_may_return_null=1 max_allocation_size_mb=16384 log_path=$(CURDIR)/$(SRV_TSAN_DIR)/server-reports/tsan" \
	    MG_SERVER_SANITIZED=1 \
	    MG_SERVER=$(CURDIR)/$(SRV_TSAN_DIR)/programs/mg-server MG_SERVER_KILLS=5 \
	    sh tests/server/run.sh
	$(Q)if ls $(SRV_TSAN_DIR)/server-reports/* >/dev/null 2>&1; then \
	    cat $(SRV_TSAN_DIR)/server-reports/*; \
	    echo "tsan-server: ThreadSanitizer reported (above)"; exit 1; fi
	@echo "tsan-server: no report from ThreadSanitizer"
