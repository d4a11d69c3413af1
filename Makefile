# libmindgames - plain GNU make.
#
#   make              shared + static library, mindgames.pc and the tools
#                     (mg-play, mg-match, mg-board, mg-engine, mg-solve)
#                     in build/programs/
#   make demo         build and play a demo game between two bots
#   make check        every test (installs Check/pkg-config first if it can)
#   make eval-builtin-check  the shipped-networks mechanism, with a network
#                     its test writes (part of make check)
#   make examples     build the example programs and run each once
#   make tools-check  the tools' tests: engine protocol, tournaments (check)
#   make check-slurm  mg-match as a Slurm array job on a one-node cluster the
#                     test starts and stops (root, slurm-wlm, munge; ~30 s)
#   make install      PREFIX=/usr/local DESTDIR= (staged installs); the
#                     tools go to BINDIR (programs/programs.mk)
#   make install-python  install, then the Python package over it (PYTHON)
#   make python-tests the Python package's tests (part of make check)
#   make train        train a value network (PyTorch): GAME=spec, TRAIN_OUT=
#                     the .mgnn to write, TRAIN_ARGS (python/README.md)
#   make check-train  a tiny training run end to end, its file loaded and
#                     evaluated by the library as in PyTorch (seconds)
#   make uninstall    remove exactly what install put there
#   make bench        speed figures for every game, the limit kernels (when
#                     ../shared/limit is there) and the board generator;
#                     BENCH_ARGS, e.g. "games 0.3 dab5x5,fangqi"
#   make bench-solver the solver's figures (MG_SOLVER_SLOW=1: the slow values)
#   make bench-eval   the learned evaluation's costs (per position, in mcts)
#   make bench-levels the levels' ratings with intervals, against perfect play
#   make bench-strength  playing strength: games against perfect play, the
#                     labelled 5x5 positions, a rated round robin
#                     (STRENGTH_PARTS, STRENGTH_BOTS, ...: see below)
#   make sanitize     the tests under ASan+UBSan; make memcheck: valgrind
#                     (make -j2 memcheck: its two programs at once)
#                     make sanitize-postgres: mg-server's processes on one
#                     PostgreSQL database (test_server_cluster) under ASan
#   make man          lint the man pages, check every function has one
#   make check-abi    exports, map, header, abidiff against abi/
#                     (make abi-baseline renews it on purpose)
#   make fuzz         libFuzzer targets, FUZZ_SECONDS each (clang)
#   make threads      8 threads sharing games; make tsan: the same under TSan
#   make web          the library in WebAssembly and a page playing every game,
#                     in build/web/ (make web-serve; make check-web: Chromium)
#   make clean
#
# Variables: CC, CFLAGS (default -O2 -g), WERROR=1 adds -Werror, V=1 echoes
# commands, PREFIX, BINDIR, LIBDIR, INCLUDEDIR, MANDIR, DOCDIR,
# PKGCONFIGDIR, DESTDIR.

PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
MANDIR       ?= $(PREFIX)/share/man
DOCDIR       ?= $(PREFIX)/share/doc/mindgames
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL      ?= install
CC           ?= cc
AR           ?= ar
CFLAGS       ?= -O2 -g
PYTHON       ?= python3

HEADER := include/mindgames.h
MAJOR  := $(shell sed -n 's/^\#define MG_VERSION_MAJOR \([0-9]*\).*/\1/p' $(HEADER))
MINOR  := $(shell sed -n 's/^\#define MG_VERSION_MINOR \([0-9]*\).*/\1/p' $(HEADER))
PATCH  := $(shell sed -n 's/^\#define MG_VERSION_PATCH \([0-9]*\).*/\1/p' $(HEADER))
VERSION := $(MAJOR).$(MINOR).$(PATCH)

B        ?= build
SONAME   := libmindgames.so.$(MAJOR)
SOREAL   := libmindgames.so.$(VERSION)
SHLIB    := $(B)/$(SOREAL)
STLIB    := $(B)/libmindgames.a
PCFILE   := $(B)/mindgames.pc
MAP      := lib/mindgames.map

WARN     := -std=c99 -Wall -Wextra -Wpedantic
ifeq ($(WERROR),1)
WARN     += -Werror
endif
# The library alone is held to more (zstd's set): programs and tests keep
# WARN, since Check's macros and test helpers trip -Wmissing-prototypes.
LIB_WARN := $(WARN) -Wshadow -Wcast-qual -Wstrict-prototypes \
            -Wmissing-prototypes -Wwrite-strings
# The test builds keep assert() on (NDEBUG unset): a broken internal
# invariant aborts there instead of corrupting silently.
LIB_CFLAGS := $(LIB_WARN) -Iinclude -Ilib -I$(B)/gen -fvisibility=hidden $(CFLAGS)
APP_CFLAGS := $(WARN) -Iinclude $(CFLAGS)

ifeq ($(V),1)
Q :=
else
Q := @
endif

# The core is flat in lib/; the games and the boards have folders.
SRCS      := $(wildcard lib/*.c lib/games/*.c lib/boards/*.c)
SH_OBJS   := $(patsubst lib/%.c,$(B)/shared/%.o,$(SRCS))
ST_OBJS   := $(patsubst lib/%.c,$(B)/static/%.o,$(SRCS))
LIB_HDRS  := $(HEADER) $(wildcard lib/*.h lib/games/*.h lib/boards/*.h)

# The networks shipped with the library (mg_eval_builtin): every
# lib/weights/*.mgnn as a C array in a generated header that
# lib/eval_builtin.c includes (lib/weights/embed.sh: od and awk).  Every
# build of the library's sources adds -I$(GEN_DIR) and depends on it
# through LIB_HDRS.
GEN_DIR   := $(B)/gen
WEIGHTS   := $(sort $(wildcard lib/weights/*.mgnn))
EVAL_GEN  := $(GEN_DIR)/mg_eval_weights.h
LIB_HDRS  += $(EVAL_GEN)

$(EVAL_GEN): $(WEIGHTS) lib/weights/embed.sh
	@mkdir -p $(@D)
	$(Q)sh lib/weights/embed.sh $(WEIGHTS) > $@

EXAMPLES  := demo hello engine-greedy engine-sites
EX_BINS   := $(addprefix $(B)/examples/,$(EXAMPLES))
RPATH     := -Wl,-rpath,'$$ORIGIN/..'

# The tools (mg-play, mg-match, mg-board, mg-engine, mg-solve), whose
# sources are in programs/: build, install, tests
include programs/programs.mk

# Check through pkg-config; empty until the dependency script has run.
CHECK_FLAGS = $(shell pkg-config --cflags --libs check 2>/dev/null)
API_TESTS  := $(filter-out tests/check_internal%.c tests/run_internal.c tests/check_threads.c,$(wildcard tests/check_*.c))
TEST_HDRS  := $(wildcard tests/*.h)

.PHONY: all shared static pc check test demo examples install uninstall \
        clean bench bench-solver bench-strength deps install-check unit-tests python-tests man \
        install-python uninstall-python train check-train \
        sanitize memcheck exports-check check-slow boundary-check
.DELETE_ON_ERROR:

all: shared static pc tools

shared: $(SHLIB)
static: $(STLIB)
pc: $(PCFILE)

$(B)/shared/%.o: lib/%.c $(LIB_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LIB_CFLAGS) -fPIC -c $< -o $@

$(B)/static/%.o: lib/%.c $(LIB_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(LIB_CFLAGS) -c $< -o $@

$(SHLIB): $(SH_OBJS) $(MAP)
	$(Q)$(CC) -shared $(CFLAGS) $(LDFLAGS) -Wl,-soname,$(SONAME) \
	    -Wl,--version-script=$(MAP) -Wl,-z,defs -o $@ $(SH_OBJS)
	$(Q)ln -sf $(SOREAL) $(B)/$(SONAME)
	$(Q)ln -sf $(SONAME) $(B)/libmindgames.so
	@echo "  LD      $@"

$(STLIB): $(ST_OBJS)
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $(ST_OBJS)
	@echo "  AR      $@"

# The .pc file keeps ${prefix} references when LIBDIR/INCLUDEDIR are the
# defaults, so pkg-config --define-prefix works; DESTDIR never enters it.
# install writes the file afresh for its own PREFIX.
PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|' \
	    -e 's|@LIBDIR@|$(if $(filter $(PREFIX)/lib,$(LIBDIR)),$${prefix}/lib,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(if $(filter $(PREFIX)/include,$(INCLUDEDIR)),$${prefix}/include,$(INCLUDEDIR))|' \
	    -e 's|@VERSION@|$(VERSION)|' mindgames.pc.in

$(PCFILE): mindgames.pc.in $(HEADER) Makefile
	@mkdir -p $(@D)
	$(Q)$(PC_SED) > $@

# ------------------------------------------------------------- examples

$(EX_BINS): $(B)/examples/%: examples/%.c examples/engine_loop.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $< -o $@ -L$(B) -lmindgames -lm $(RPATH)

examples: $(EX_BINS) $(TOOL_BINS)
	$(Q)sh tests/examples-check.sh $(B)/examples $(B)/programs

# The tools too, so that the README's next commands work after make demo.
demo: $(B)/examples/demo $(TOOL_BINS)
	$(Q)$(B)/examples/demo

# ---------------------------------------------------------------- tests

deps:
	$(Q)sh tests/ensure-deps.sh

$(B)/tests/check_api: $(API_TESTS) tests/run_api.c $(TEST_HDRS) $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Itests tests/run_api.c $(API_TESTS) -o $@ \
	    -L$(B) -lmindgames -Wl,-rpath,'$$ORIGIN/..' $(CHECK_FLAGS)

# White-box tests see internal helpers, so they link the static library.
INTERNAL_TESTS := tests/check_internal.c tests/check_internal_images.c \
                  tests/check_internal_policy.c \
                  tests/check_internal_policy_fangqi.c \
                  tests/check_internal_policy_chains.c
$(B)/tests/check_internal: $(INTERNAL_TESTS) tests/run_internal.c $(TEST_HDRS) $(STLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Ilib -Itests tests/run_internal.c \
	    $(INTERNAL_TESTS) -o $@ $(STLIB) $(CHECK_FLAGS)

# The networks shipped with the library (mg_eval_builtin): a library of
# this build's objects whose eval_builtin.o embeds a network the test
# writes (tests/eval_builtin_check.c), checked by hand; fast (two small
# compiles), part of make check.
EB_DIR := $(B)/eval-builtin
$(B)/tests/eval_builtin_check: tests/eval_builtin_check.c tests/eval_test.h \
                               lib/eval_builtin.c lib/weights/embed.sh $(STLIB)
	@mkdir -p $(EB_DIR) $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Itests -DEVAL_WRITE $< -o $(EB_DIR)/write
	$(Q)$(EB_DIR)/write $(EB_DIR)/tiny.mgnn
	$(Q)sh lib/weights/embed.sh $(EB_DIR)/tiny.mgnn > $(EB_DIR)/mg_eval_weights.h
	$(Q)$(CC) $(LIB_WARN) -Iinclude -Ilib -I$(EB_DIR) $(CFLAGS) \
	    -c lib/eval_builtin.c -o $(EB_DIR)/eval_builtin.o
	$(Q)$(CC) $(APP_CFLAGS) -Itests $< -o $@ $(EB_DIR)/eval_builtin.o \
	    $(filter-out $(B)/static/eval_builtin.o,$(ST_OBJS))

.PHONY: eval-builtin-check
eval-builtin-check: $(B)/tests/eval_builtin_check
	$(Q)$(B)/tests/eval_builtin_check

unit-tests: $(B)/tests/check_api $(B)/tests/check_internal
	$(Q)$(B)/tests/check_api
	$(Q)$(B)/tests/check_internal

# The Python package (python/): its suite on the source tree, then in fresh
# virtual environments over make install, as a self-contained wheel, through
# install-python and from its sdist (tests/python-tests.sh; skipped with the
# command to run when no Python has venv, pip, setuptools and wheel).
python-tests: $(SHLIB)
	$(Q)sh tests/python-tests.sh "$(PYTHON)" "$(abspath $(SHLIB))" "$(MAKE)" "$(B)"

# Training (python/mindgames/train, PyTorch: Debian's python3-torch) with
# the package of the source tree over the library built here.  check-train
# skips, saying why, when PyTorch is missing -- unless CI is set: then a
# missing PyTorch fails.
TRAIN_PYTHON ?= /usr/bin/python3
GAME         ?= dots_and_boxes
TRAIN_OUT    ?= $(B)/train/weights.mgnn
TRAIN_ARGS   ?=
TRAIN_ENV     = PYTHONPATH=$(abspath python) MINDGAMES_LIB=$(abspath $(SHLIB))
train: $(SHLIB)
	$(TRAIN_ENV) nice -n 10 $(TRAIN_PYTHON) -m mindgames.train run \
	    --game '$(GAME)' --out '$(TRAIN_OUT)' $(TRAIN_ARGS)

check-train: $(SHLIB)
	$(Q)$(TRAIN_ENV) $(TRAIN_PYTHON) tests/train_check.py

# Install into a temporary prefix (and a DESTDIR stage), then build and run
# an example against the installed tree through pkg-config.
install-check: all
	$(Q)sh tests/install-check.sh "$(MAKE)"

# Exports == header MG_API functions == version script; SONAME; static
# library namespace.
exports-check: all
	$(Q)sh tests/exports-check.sh $(SHLIB) $(STLIB)

# The core knows no game and no board's insides; no game knows another.
boundary-check:
	$(Q)sh tests/boundary-check.sh

check: deps
	$(Q)$(MAKE) --no-print-directory boundary-check
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory unit-tests
	$(Q)$(MAKE) --no-print-directory eval-builtin-check
	$(Q)$(MAKE) --no-print-directory fuzz-replay
	$(Q)$(MAKE) --no-print-directory threads
	$(Q)$(MAKE) --no-print-directory examples
	$(Q)$(MAKE) --no-print-directory tools-check
	$(Q)$(MAKE) --no-print-directory python-tests
	$(Q)$(MAKE) --no-print-directory server-check
	$(Q)$(MAKE) --no-print-directory exports-check
	$(Q)$(MAKE) --no-print-directory install-check
	@echo "make check: all passed"

test: check

# The unit tests again under AddressSanitizer + UndefinedBehaviorSanitizer
# (any report fails), and under valgrind without forking (fewer random
# games: MG_TEST_GAMES, the assertions are the same).
SAN_FLAGS := -O1 -g -DMG_DEBUG -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all
# The suites run in one process (CK_FORK=no, as memcheck's): a forked
# check of each test under ASan cost 17 minutes against 4 (the sanitizer
# stops at the first error either way).
sanitize: deps
	$(Q)CK_FORK=no $(MAKE) --no-print-directory B=$(B)/asan CFLAGS="$(SAN_FLAGS)" unit-tests fuzz-replay
	$(Q)if sh tests/ensure-deps.sh server; then \
	    $(MAKE) --no-print-directory sanitize-server; \
	else echo "sanitize: the server skipped: its packages are missing (above)"; fi

# (one rule per program: make -j2 memcheck runs both at once)
MEMCHECK_RUNS := memcheck-check_api memcheck-check_internal
.PHONY: $(MEMCHECK_RUNS)
memcheck: $(MEMCHECK_RUNS)

$(MEMCHECK_RUNS): memcheck-%: deps $(B)/tests/%
	$(Q)CK_FORK=no MG_TEST_GAMES=$${MG_TEST_GAMES:-100} \
	    MG_TEST_BOARDS=$${MG_TEST_BOARDS:-20} valgrind -q \
	        --leak-check=full --show-leak-kinds=definite,indirect,possible \
	        --errors-for-leak-kinds=definite,indirect,possible \
	        --error-exitcode=1 $(B)/tests/$*

BENCH_SRC := tests/bench.c tests/bench_limit.c tests/bench_batch.c

$(B)/tests/bench: $(BENCH_SRC) tests/bench.h tests/game_specs.h \
                  tests/test_rng.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $(BENCH_SRC) -o $@ -L$(B) -lmindgames $(RPATH) \
	    -pthread

# The limit kernels (measurement only, never shipped): when ../shared/limit
# is there, bench builds them into $(B)/limit and runs against them
# (MG_LIMIT_DIR, MG_LIMIT_SRC); without it the bench skips that section.
LIMIT_SRC ?= ../shared/limit

bench: $(B)/tests/bench
	$(Q)if [ -f $(LIMIT_SRC)/Makefile ]; then \
	    $(MAKE) -s -C $(LIMIT_SRC) B=$(abspath $(B))/limit >/dev/null && \
	    MG_LIMIT_DIR=$(abspath $(B))/limit \
	    MG_LIMIT_SRC=$(abspath $(LIMIT_SRC)) $(B)/tests/bench $(BENCH_ARGS); \
	else $(B)/tests/bench $(BENCH_ARGS); fi

# The solver's figures (tests/bench_solver.c: D&B from the empty board, 5x5
# endgames, the generic search); BENCH_SOLVER_ARGS, e.g. "dab 60".  With
# MG_SOLVER_SLOW=1 also 4x4 without a limit and the published values that
# take minutes (3x5, 4x4, 4x5: check_solver_values.c).
$(B)/tests/bench_solver: tests/bench_solver.c tests/test_rng.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $< -o $@ -L$(B) -lmindgames -lm $(RPATH)

bench-solver: $(B)/tests/bench_solver $(B)/tests/check_api
	$(Q)$(B)/tests/bench_solver $(BENCH_SOLVER_ARGS)
	$(Q)if [ "$${MG_SOLVER_SLOW:-0}" != 0 ]; then \
	    CK_RUN_SUITE=solver_values $(B)/tests/check_api; fi

# The learned evaluation's costs (tests/bench_eval.c): figures only.
$(B)/tests/bench_eval: tests/bench_eval.c tests/eval_test.h tests/test_rng.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Itests $< -o $@ -L$(B) -lmindgames $(RPATH)

.PHONY: bench-eval
bench-eval: $(B)/tests/bench_eval
	$(Q)$(B)/tests/bench_eval

# Playing strength (tests/bench_strength.c; README "Benchmarks"): never
# part of make check, nothing asserted.  STRENGTH_PARTS picks among
#   perfect    STRENGTH_GAMES games (seats alternating) of each of
#              STRENGTH_BOTS against perfect play on STRENGTH_PERFECT_SPEC
#   positions  each of STRENGTH_BOTS and STRENGTH_POS_BOTS on the labelled
#              set STRENGTH_SET, STRENGTH_SEEDS seeds a position
#   ratings    mg-match's round robin of STRENGTH_BOTS on STRENGTH_RR_SPEC,
#              STRENGTH_RR_GAMES games a pairing: maximum-likelihood Elo
#   sprt       mg-match's SPRT of STRENGTH_NEW against STRENGTH_OLD at
#              equal time (not in the default parts: it runs until decided)
# The set is made once and committed: make bench-strength-set remakes it.
STRENGTH_PARTS        ?= perfect positions ratings
STRENGTH_BOTS         ?= random greedy mcts(iterations=1000) mcts(iterations=10000)
STRENGTH_POS_BOTS     ?= solver(nodes=0,time_ms=1000)
STRENGTH_GAMES        ?= 100
STRENGTH_PERFECT_SPEC ?= dots_and_boxes(rows=3,cols=3)
STRENGTH_SET          ?= tests/data/strength/dab5x5.txt
STRENGTH_SEEDS        ?= 3
STRENGTH_RR_SPEC      ?= dots_and_boxes(rows=5,cols=5)
STRENGTH_RR_GAMES     ?= 40
STRENGTH_NEW          ?= mcts(iterations=0,time_ms=100)
STRENGTH_OLD          ?= mcts(iterations=0,time_ms=100)
STRENGTH_SPRT         ?= elo0=0,elo1=50
STRENGTH_JOBS         ?= 2
STRENGTH_SET_ARGS     ?= --seed 1 --count 40 --left 38-41 --memory-mb 1024

BENCH_STRENGTH_SRC := tests/bench_strength.c tests/bench_strength_set.c \
                      programs/tools/stats.c

$(B)/tests/bench_strength: $(BENCH_STRENGTH_SRC) tests/bench_strength.h \
                           programs/tools/stats.h tests/test_rng.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Iprograms/tools $(BENCH_STRENGTH_SRC) -o $@ \
	    -L$(B) -lmindgames -lm $(RPATH) -pthread

# each bot a separate word of STRENGTH_BOTS: no spaces inside a spec
bench-strength: $(B)/tests/bench_strength $(B)/programs/mg-match
	$(Q)set -e; for part in $(STRENGTH_PARTS); do case $$part in \
	perfect) $(B)/tests/bench_strength perfect -n $(STRENGTH_GAMES) \
	    -j $(STRENGTH_JOBS) -s '$(STRENGTH_PERFECT_SPEC)' \
	    $(foreach b,$(STRENGTH_BOTS),'$(b)');; \
	positions) $(B)/tests/bench_strength positions -f $(STRENGTH_SET) \
	    --seeds $(STRENGTH_SEEDS) -j $(STRENGTH_JOBS) \
	    $(foreach b,$(STRENGTH_BOTS) $(STRENGTH_POS_BOTS),'$(b)');; \
	ratings) $(B)/programs/mg-match -n $(STRENGTH_RR_GAMES) \
	    -j $(STRENGTH_JOBS) -s '$(STRENGTH_RR_SPEC)' \
	    $(foreach b,$(STRENGTH_BOTS),'$(b)');; \
	sprt) $(B)/programs/mg-match -n 100000 -j $(STRENGTH_JOBS) \
	    -s '$(STRENGTH_RR_SPEC)' --sprt $(STRENGTH_SPRT) --report 100 \
	    "$(STRENGTH_NEW)" "$(STRENGTH_OLD)";; \
	*) echo "bench-strength: unknown part $$part" >&2; exit 2;; \
	esac; echo; done

# The levels' ratings (tests/bench_levels.c; README "Playing strength"):
# never part of make check, nothing asserted.  On each of LEVELS_SPECS,
# LEVELS_GAMES games a pairing among levels 1-5, and LEVELS_LONG_GAMES for
# each of levels 6-8 against its neighbours within two levels (the levels
# that think long get a fair but bounded share); maximum-likelihood Elo
# with 95% intervals, level 1 = 0; then the levels against perfect play
# on LEVELS_PERFECT_SPEC.  One game at a time: levels 5-8 have a time
# limit, so their figures depend on the load (printed beside them).
# About 20 minutes here with the defaults, under load (README, "The levels").
LEVELS_SPECS        ?= dots_and_boxes(rows=4,cols=4) chains_of_thought(board=hex4)
LEVELS_GAMES        ?= 20
LEVELS_LONG_GAMES   ?= 4
LEVELS_OPENING      ?= 2
LEVELS_PERFECT_SPEC ?= dots_and_boxes(rows=3,cols=3)
LEVELS_PERFECT_GAMES ?= 40
LEVELS_LIST := level(n=1) level(n=2) level(n=3) level(n=4) level(n=5) \
               level(n=6) level(n=7) level(n=8)

$(B)/tests/bench_levels: tests/bench_levels.c programs/tools/rating.c \
                         programs/tools/stats.c programs/tools/rating.h \
                         programs/tools/stats.h tests/test_rng.h $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Iprograms/tools tests/bench_levels.c \
	    programs/tools/rating.c programs/tools/stats.c -o $@ \
	    -L$(B) -lmindgames -lm $(RPATH)

.PHONY: bench-levels
# each game spec a separate word of LEVELS_SPECS: no spaces inside a spec
bench-levels: $(B)/tests/bench_levels $(B)/tests/bench_strength
	$(Q)set -e; for spec in $(foreach s,$(LEVELS_SPECS),'$(s)'); do \
	echo "$$ $(B)/tests/bench_levels -s '$$spec' -n $(LEVELS_GAMES)" \
	    "--long 6 --long-games $(LEVELS_LONG_GAMES) --reach 2" \
	    "--opening $(LEVELS_OPENING)"; \
	$(B)/tests/bench_levels -s "$$spec" -n $(LEVELS_GAMES) --long 6 \
	    --long-games $(LEVELS_LONG_GAMES) --reach 2 \
	    --opening $(LEVELS_OPENING); echo; done
	$(Q)echo "$$ $(B)/tests/bench_strength perfect -n $(LEVELS_PERFECT_GAMES)" \
	    "-j 1 -s '$(LEVELS_PERFECT_SPEC)'" \
	    "$(foreach l,$(LEVELS_LIST),'$(l)')"
	$(Q)$(B)/tests/bench_strength perfect -n $(LEVELS_PERFECT_GAMES) -j 1 \
	    -s '$(LEVELS_PERFECT_SPEC)' $(foreach l,$(LEVELS_LIST),'$(l)')

bench-strength-set: $(B)/tests/bench_strength
	$(Q)mkdir -p $(dir $(STRENGTH_SET))
	$(Q)nice -n 10 $(B)/tests/bench_strength gen $(STRENGTH_SET_ARGS) \
	    > $(STRENGTH_SET).tmp && mv $(STRENGTH_SET).tmp $(STRENGTH_SET)

# Slow checks kept out of make check: 10,000 boards per kind, all different.
$(B)/tests/slow_variety: tests/slow_variety.c $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $< -o $@ -L$(B) -lmindgames $(RPATH)

check-slow: $(B)/tests/slow_variety
	$(Q)$(B)/tests/slow_variety

# ------------------------------------------------------------ man pages

# Lint every page; groff exits 0 on warnings, so any output on stderr fails.
# A `.so` stub must point at an existing page.  Then every MG_API function
# must have its page (tests/man-check.sh).
man:
	$(Q)fail=0; for f in man/man1/*.1 man/man3/*.3 man/man7/*.7; do \
	    [ -e "$$f" ] || continue; \
	    if head -n 1 "$$f" | grep -q '^\.so '; then \
	        t=man/$$(sed -n '1s/^\.so  *//p' "$$f"); \
	        [ -f "$$t" ] || { echo "$$f: .so target $$t does not exist"; fail=1; }; \
	        continue; \
	    fi; \
	    w=$$(groff -man -ww -z -Tutf8 "$$f" 2>&1 >/dev/null); \
	    [ -z "$$w" ] || { echo "$$f:"; echo "$$w"; fail=1; }; \
	done; \
	[ $$fail = 0 ] || exit 1; echo "man: all pages clean"
	$(Q)sh tests/man-check.sh

# -------------------------------------------------------------- install

install: all install-tools
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/mindgames.h
	$(INSTALL) -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SOREAL)
	ln -sf $(SOREAL) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libmindgames.so
	$(INSTALL) -m 644 $(STLIB) $(DESTDIR)$(LIBDIR)/libmindgames.a
	$(PC_SED) > $(DESTDIR)$(PKGCONFIGDIR)/mindgames.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/mindgames.pc
	@if [ -d man ]; then \
	    for s in 3 7; do \
	        set -- $$(ls man/man$$s/*.$$s 2>/dev/null | grep -v '/mindgames-server\.7$$'); \
	        [ -e "$$1" ] || continue; \
	        $(INSTALL) -d $(DESTDIR)$(MANDIR)/man$$s; \
	        $(INSTALL) -m 644 "$$@" $(DESTDIR)$(MANDIR)/man$$s/; \
	    done; \
	fi
	$(INSTALL) -d $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 644 doc/rules.md $(DESTDIR)$(DOCDIR)/rules.md

# The Python package over the library install put in LIBDIR, which the
# package records (PYTHON's pip, offline; PIP_FLAGS, e.g. --user).
install-python: install
	MINDGAMES_BUNDLE=0 MINDGAMES_LIBDIR=$(LIBDIR) $(PYTHON) -m pip install \
	    --no-build-isolation $(if $(DESTDIR),--root $(DESTDIR)) $(PIP_FLAGS) ./python

uninstall-python:
	$(PYTHON) -m pip uninstall -y mindgames

uninstall: uninstall-tools
	rm -f $(DESTDIR)$(INCLUDEDIR)/mindgames.h \
	      $(DESTDIR)$(LIBDIR)/$(SOREAL) $(DESTDIR)$(LIBDIR)/$(SONAME) \
	      $(DESTDIR)$(LIBDIR)/libmindgames.so $(DESTDIR)$(LIBDIR)/libmindgames.a \
	      $(DESTDIR)$(PKGCONFIGDIR)/mindgames.pc \
	      $(DESTDIR)$(DOCDIR)/rules.md
	@rmdir $(DESTDIR)$(DOCDIR) 2>/dev/null || true
	@for f in man/man3/*.3 $(filter-out man/man7/mindgames-server.7,$(wildcard man/man7/*.7)); do \
	    [ -e "$$f" ] && rm -f $(DESTDIR)$(MANDIR)/$$(basename $$(dirname $$f))/$$(basename $$f); \
	done; true

clean:
	rm -rf $(B)

# ABI checks, fuzzing and thread tests
include tests/quality.mk

# The library in WebAssembly and the page that plays it (make web,
# web-serve, check-web)
include web/web.mk

# mg-server's storage over SQLite and its test (make store-check)
include programs/server/store.mk
# mg-server (make server, make serve)
include programs/server/server.mk

# mg-server's benchmark and its load client mg-load (make bench-server)
include programs/server/bench.mk
# mg-server's tests (make server-check, part of make check)
include tests/server/server-tests.mk
# check-cluster, check-cluster-long, bench-cluster: after the server's
# and bench's rules (SERVER_BIN, MG_LOAD)
include tests/server/cluster.mk
