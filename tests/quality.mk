# tests/quality.mk - ABI checks, fuzzing and thread tests.
# Included at the end of the Makefile, whose variables it uses (B, SRCS,
# LIB_HDRS, SHLIB, STLIB, SOREAL, SONAME, MAP, MAJOR, WARN, APP_CFLAGS,
# CFLAGS, CC, Q, RPATH).
#
#   make check-abi      exports == map == header, newest map node == header
#                       version, SONAME, static namespace, header alone as
#                       strict C99 and C++, abidiff against abi/ (any
#                       difference fails)
#   make abi-baseline   re-bless abi/ on purpose (commit it with the new
#                       map node)
#   make fuzz           each libFuzzer target for FUZZ_SECONDS (60; a target's
#                       own FUZZ_SECONDS_<target> when set) with ASan+UBSan
#                       (clang); new inputs go to $(B)/fuzz/corpus; make -j2
#                       fuzz runs two targets at once
#   make fuzz-server-long  the request fuzzer alone for FUZZ_LONG_SECONDS
#                       (28800) in FUZZ_JOBS (2) processes (-fork): about
#                       10^7 inputs at the ~400 a second a core ran here
#   make fuzz-replay    the targets built with $(CC), without libFuzzer,
#                       replaying every file of tests/fuzz/corpus
#                       (the server target only when mg-server's
#                       libraries are there: pkg-config $(FZ_SRV_PKGS))
#   make fuzz-corpus    regenerate the seed files of tests/fuzz/corpus
#   make threads        tests/check_threads.c (8 threads, shared games)
#   make tsan           the same under -fsanitize=thread, in $(B)/tsan
#
# Variables: CLANG (clang), ABI_CC (clang), FUZZ_SECONDS (60), FUZZ_FLAGS
# (extra libFuzzer flags), FUZZ_TARGETS (all six, and server), TSAN_GAMES (2 matches
# per thread and game under tsan; make threads plays 4); the environment
# variable MG_THREAD_GAMES overrides both.

CLANG        ?= clang
ABI_CC       ?= clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   ?=
FUZZ_LONG_SECONDS ?= 28800
FUZZ_JOBS    ?= 2
TSAN_GAMES   ?= 2

FUZZ_TARGETS := spec notation record board actions eval
# mg-server's request handling (tests/fuzz/fuzz_server.c) joins them when
# the server's libraries are installed; else fuzz-replay says it skips it.
FZ_SRV_PKGS  := libmicrohttpd sqlite3 libpq jansson libsodium icu-uc icu-i18n
FZ_SRV_OK    := $(shell pkg-config --exists $(FZ_SRV_PKGS) 2>/dev/null && echo yes)
ifeq ($(FZ_SRV_OK),yes)
FUZZ_TARGETS += server
endif
FUZZ_SRC     := tests/fuzz
FUZZ_CORPUS  := $(FUZZ_SRC)/corpus
FUZZ_DEPS    := $(FUZZ_SRC)/fuzz.h tests/game_specs.h tests/test_rng.h \
                tests/eval_test.h $(HEADER)
ABI_BASELINE := abi/libmindgames.so.$(MAJOR).abi

# Builds with another compiler or sanitizers: the warnings, never -Werror
# (a newer compiler's new warning must not fail a fuzzing run).
Q_WARN := $(filter-out -Werror,$(WARN))

.PHONY: check-abi abi-baseline fuzz fuzz-replay fuzz-corpus threads tsan \
        quality-tools-clang

# A clear message when clang (fuzzing, the ABI build) is missing.
quality-tools-clang:
	@for c in $(sort $(CLANG) $(ABI_CC)); do \
	    command -v $$c >/dev/null 2>&1 || { \
	        echo "$$c not found (Debian: apt-get install clang)" >&2; \
	        exit 1; }; \
	done

# ------------------------------------------------------------------ ABI

# libabigail 2.2 loses the ELF symbol of a function that gcc's DWARF also
# declares in an earlier translation unit (a caller), so abidw's XML would
# leave those functions unchecked.  The ABI is therefore read from a copy
# of the library built by clang at -O0 (no declarations of callees), from
# the same sources, map and flags; the release library itself is checked
# for exports, SONAME and namespace.
ABI_SO := $(B)/abi/$(SOREAL)

$(ABI_SO): $(SRCS) $(LIB_HDRS) $(MAP) | quality-tools-clang
	@mkdir -p $(@D)
	$(Q)$(ABI_CC) $(Q_WARN) -Iinclude -Ilib -I$(GEN_DIR) -fvisibility=hidden -fPIC -O0 -g \
	    -shared -Wl,-soname,$(SONAME) -Wl,--version-script=$(MAP) \
	    -Wl,-z,defs -o $@ $(SRCS)

check-abi: $(SHLIB) $(STLIB) $(ABI_SO)
	$(Q)sh tests/abi-check.sh check $(SHLIB) $(STLIB) $(ABI_SO) $(ABI_BASELINE)

abi-baseline: $(ABI_SO)
	$(Q)sh tests/abi-check.sh bless $(ABI_SO) $(ABI_BASELINE)

# -------------------------------------------------------------- fuzzing

# libFuzzer + ASan + UBSan (every report aborts, so it is a crash).
FZ_DIR   := $(B)/fuzz
FZ_SAN   := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
            -fno-sanitize-recover=all
FZ_OBJS  := $(patsubst lib/%.c,$(FZ_DIR)/lib/%.o,$(SRCS))
FZ_BINS  := $(addprefix $(FZ_DIR)/fuzz_,$(FUZZ_TARGETS))
# The actions target's bytes only pick operations: the comparison
# feedback of trace-cmp does not help it and cost it half its time, so it
# links a copy of the library built without it (lib-nocmp).
FZ_NOCMP := -fno-sanitize-coverage=trace-cmp
FZ_OBJS_NOCMP := $(patsubst lib/%.c,$(FZ_DIR)/lib-nocmp/%.o,$(SRCS))

$(FZ_DIR)/lib/%.o: lib/%.c $(LIB_HDRS) | quality-tools-clang
	@mkdir -p $(@D)
	$(Q)$(CLANG) $(Q_WARN) -Iinclude -Ilib -I$(GEN_DIR) $(FZ_SAN) -fsanitize=fuzzer-no-link \
	    -c $< -o $@

$(FZ_DIR)/lib-nocmp/%.o: lib/%.c $(LIB_HDRS) | quality-tools-clang
	@mkdir -p $(@D)
	$(Q)$(CLANG) $(Q_WARN) -Iinclude -Ilib -I$(GEN_DIR) $(FZ_SAN) -fsanitize=fuzzer-no-link \
	    $(FZ_NOCMP) -c $< -o $@

$(FZ_DIR)/fuzz_actions: $(FUZZ_SRC)/fuzz_actions.c $(FUZZ_DEPS) $(FZ_OBJS_NOCMP)
	$(Q)$(CLANG) $(Q_WARN) -Iinclude -I$(FUZZ_SRC) $(FZ_SAN) $(FZ_NOCMP) \
	    -fsanitize=fuzzer $< $(FZ_OBJS_NOCMP) -o $@ -lm

$(FZ_DIR)/fuzz_%: $(FUZZ_SRC)/fuzz_%.c $(FUZZ_DEPS) $(FZ_OBJS)
	$(Q)$(CLANG) $(Q_WARN) -Iinclude -I$(FUZZ_SRC) $(FZ_SAN) \
	    -fsanitize=fuzzer $< $(FZ_OBJS) -o $@ -lm

# The server target: the server's sources but main.c (options, HTTP
# start), clock.c (the clock, the log's entry) and secret.c (random
# tokens), which fuzz_server_env.c replaces with a fake clock, a log that
# fails on the server's failures and deterministic tokens.
FZ_SRV_SRCS   := $(filter-out programs/server/main.c programs/server/clock.c \
                 programs/server/secret.c,$(wildcard programs/server/*.c))
FZ_SRV_HDRS   := $(wildcard programs/server/*.h)
# (guard.c's table of clients small: a server is made per input, with
# one client)
# (and argon2id's least work: MGS_PWHASH_MIN, login_guard.c)
FZ_SRV_CFLAGS  = -D_GNU_SOURCE -DMGS_ADDR_SLOTS=256 -DMGS_PWHASH_MIN \
                 -Iprograms/server -pthread \
                 $(shell pkg-config --cflags $(FZ_SRV_PKGS) 2>/dev/null)
FZ_SRV_LIBS    = $(shell pkg-config --libs $(FZ_SRV_PKGS) 2>/dev/null) \
                 -pthread -lm
FZ_SRV_OBJS   := $(patsubst programs/server/%.c,$(FZ_DIR)/server/%.o,$(FZ_SRV_SRCS))

$(FZ_DIR)/server/%.o: programs/server/%.c $(FZ_SRV_HDRS) $(HEADER) | quality-tools-clang
	@mkdir -p $(@D)
	$(Q)$(CLANG) $(Q_WARN) -Iinclude $(FZ_SRV_CFLAGS) $(FZ_SAN) \
	    -fsanitize=fuzzer-no-link -c $< -o $@

FZ_SRV_MAIN := $(FUZZ_SRC)/fuzz_server.c $(FUZZ_SRC)/fuzz_server_env.c \
               $(FUZZ_SRC)/fuzz_server_check.c $(FUZZ_SRC)/fuzz_server_place.c
FZ_SRV_DEPS := $(FZ_SRV_MAIN) $(FUZZ_SRC)/fuzz_server.h $(FUZZ_DEPS) \
               $(FZ_SRV_HDRS)

$(FZ_DIR)/fuzz_server: $(FZ_SRV_DEPS) $(FZ_SRV_OBJS) $(FZ_OBJS)
	$(Q)$(CLANG) $(Q_WARN) -Iinclude -I$(FUZZ_SRC) $(FZ_SRV_CFLAGS) $(FZ_SAN) \
	    -fsanitize=fuzzer $(FZ_SRV_MAIN) $(FZ_SRV_OBJS) $(FZ_OBJS) -o $@ \
	    $(FZ_SRV_LIBS)

# Each target for its seconds (FUZZ_SECONDS, or FUZZ_SECONDS_<target>
# when set), starting from the committed seeds (read-only) and the inputs
# of earlier runs in $(FZ_DIR)/corpus/<target>, with the dictionary
# tests/fuzz/<target>.dict when there is one.  Each target is a rule of
# its own (fuzz-run-<target>), so make -j2 fuzz runs two at once, each for
# its whole time (CI does: two cores).  A crash leaves
# $(FZ_DIR)/artifacts/<target>-crash-* and $(FZ_DIR)/<target>.failed;
# the other targets still run and fuzz fails at the end.  The full log of
# each target is $(FZ_DIR)/<target>.log.
# (the server target first: the slowest, often given the most seconds)
FZ_RUNS := $(addprefix fuzz-run-,$(filter server,$(FUZZ_TARGETS)) \
                                  $(filter-out server,$(FUZZ_TARGETS)))
.PHONY: $(FZ_RUNS) fuzz-clear

fuzz-clear:
	$(Q)rm -f $(FZ_DIR)/*.failed

# (each run after the build of every target, so that a build error stops
# make before any run, and after fuzz-clear)
$(FZ_RUNS): fuzz-run-%: $(FZ_BINS) | fuzz-clear
	$(Q)t=$*; secs=$(or $(FUZZ_SECONDS_$*),$(FUZZ_SECONDS)); \
	mkdir -p $(FZ_DIR)/corpus/$$t $(FZ_DIR)/artifacts; \
	dict=; [ -f $(FUZZ_SRC)/$$t.dict ] && dict=-dict=$(FUZZ_SRC)/$$t.dict; \
	if ASAN_OPTIONS=$${ASAN_OPTIONS:-detect_leaks=1} \
	    $(FZ_DIR)/fuzz_$$t -max_total_time=$$secs $$dict \
	    -timeout=30 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=$(FZ_DIR)/artifacts/$$t- $(FUZZ_FLAGS) \
	    $(FZ_DIR)/corpus/$$t $(FUZZ_CORPUS)/$$t \
	    >$(FZ_DIR)/$$t.log 2>&1; then \
	    { echo "  FUZZ    $$t for $$secs s"; \
	      grep -E '^Done [0-9]+ runs|^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
	        $(FZ_DIR)/$$t.log | sed 's/^/          /'; }; \
	else \
	    { echo "fuzz: $$t FAILED; the end of $(FZ_DIR)/$$t.log:"; \
	      tail -n 60 $(FZ_DIR)/$$t.log; }; touch $(FZ_DIR)/$$t.failed; \
	fi

fuzz: $(FZ_RUNS)
	$(Q)failed=$$(cd $(FZ_DIR) && ls *.failed 2>/dev/null | sed 's/\.failed$$//'); \
	[ -z "$$failed" ] || { echo "fuzz: failed:" $$failed "- add its artifact to $(FUZZ_CORPUS)/<target>/ as a regression input"; exit 1; }; \
	echo "fuzz: $(words $(FUZZ_TARGETS)) targets ran, no crash (seconds: $(FUZZ_SECONDS)$(foreach t,$(FUZZ_TARGETS),$(if $(FUZZ_SECONDS_$(t)), $(t)=$(FUZZ_SECONDS_$(t)))))"

# The long run of the request fuzzer (not in CI): make fuzz with the
# server target alone, longer, on FUZZ_JOBS cores.
.PHONY: fuzz-server-long
fuzz-server-long:
	$(Q)$(MAKE) --no-print-directory fuzz FUZZ_TARGETS=server \
	    FUZZ_SECONDS=$(FUZZ_LONG_SECONDS) FUZZ_SECONDS_server= \
	    FUZZ_FLAGS="-fork=$(FUZZ_JOBS) $(FUZZ_FLAGS)"

# The same targets without libFuzzer: replay_main.c runs every corpus file.
FR_DIR  := $(B)/fuzz-replay
FR_BINS := $(addprefix $(FR_DIR)/fuzz_,$(FUZZ_TARGETS))

$(FR_DIR)/fuzz_%: $(FUZZ_SRC)/fuzz_%.c $(FUZZ_SRC)/replay_main.c $(FUZZ_DEPS) $(STLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -I$(FUZZ_SRC) $< $(FUZZ_SRC)/replay_main.c \
	    -o $@ $(STLIB) -lm

$(FR_DIR)/fuzz_server: $(FZ_SRV_DEPS) $(FUZZ_SRC)/replay_main.c \
                       $(FZ_SRV_SRCS) $(STLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -I$(FUZZ_SRC) $(FZ_SRV_CFLAGS) $(FZ_SRV_MAIN) \
	    $(FUZZ_SRC)/replay_main.c $(FZ_SRV_SRCS) -o $@ $(STLIB) $(FZ_SRV_LIBS)

fuzz-replay: $(FR_BINS)
	$(Q)sh $(FUZZ_SRC)/replay.sh $(FR_DIR) $(FUZZ_CORPUS) $(FUZZ_TARGETS)
ifneq ($(FZ_SRV_OK),yes)
	@echo "  SKIP    fuzz-replay server: needs pkg-config $(FZ_SRV_PKGS) (make server-deps)"
endif

$(FR_DIR)/gen_corpus: $(FUZZ_SRC)/gen_corpus.c $(FUZZ_DEPS) $(STLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -I$(FUZZ_SRC) $< -o $@ $(STLIB) -lm

fuzz-corpus: $(FR_DIR)/gen_corpus
	$(Q)$(FR_DIR)/gen_corpus $(FUZZ_CORPUS)

# -------------------------------------------------------------- threads

$(B)/tests/check_threads: tests/check_threads.c tests/test_rng.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -pthread $< -o $@ -L$(B) -lmindgames -lm $(RPATH)

threads: $(B)/tests/check_threads
	$(Q)$(B)/tests/check_threads

# The library objects and the test under ThreadSanitizer (any report
# fails); fewer matches (TSAN_GAMES per thread and game), same checks.
TS_DIR  := $(B)/tsan
TS_SAN  := -O1 -g -fno-omit-frame-pointer -fsanitize=thread
TS_OBJS := $(patsubst lib/%.c,$(TS_DIR)/lib/%.o,$(SRCS))

$(TS_DIR)/lib/%.o: lib/%.c $(LIB_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(Q_WARN) -Iinclude -Ilib -I$(GEN_DIR) $(TS_SAN) -c $< -o $@

$(TS_DIR)/check_threads: tests/check_threads.c tests/test_rng.h $(TS_OBJS)
	$(Q)$(CC) $(Q_WARN) -Iinclude $(TS_SAN) -pthread $< $(TS_OBJS) -o $@ -lm

# Objects and programs made through pattern rules are kept, not removed
# as intermediate files.
.SECONDARY: $(FZ_OBJS) $(FZ_SRV_OBJS) $(FZ_BINS) $(FR_BINS) $(TS_OBJS)

tsan: $(TS_DIR)/check_threads
	$(Q)TSAN_OPTIONS="halt_on_error=1 exitcode=66 $${TSAN_OPTIONS:-}" \
	    MG_THREAD_GAMES=$${MG_THREAD_GAMES:-$(TSAN_GAMES)} $(TS_DIR)/check_threads
	$(Q)if sh tests/ensure-deps.sh server; then \
	    $(MAKE) --no-print-directory tsan-server; \
	else echo "tsan: the server skipped: its packages are missing (above)"; fi
