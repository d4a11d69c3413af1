# programs/programs.mk - the tools a bot writer runs: mg-play, mg-match,
# mg-board, mg-engine, mg-solve and mg-analyse.  Included by the Makefile (whose
# variables it uses: B, CC, AR, CFLAGS, LDFLAGS, APP_CFLAGS, HEADER,
# SHLIB, RPATH, Q, PREFIX, LIBDIR, MANDIR, INSTALL, DESTDIR, PYTHON).
#
#   make tools           build them in $(B)/programs (make builds them too)
#   make install-tools   into BINDIR, with their man1 pages (make install)
#   make uninstall-tools
#   make tools-check     their tests (tests/tools-check.sh,
#                        tests/tools-reasons-check.sh,
#                        tests/tools-analyse-check.sh and
#                        tests/tools-eval-check.sh; make check)
#   make check-slurm     mg-match as a Slurm array job on a one-node
#                        cluster the test starts and stops (as root, with
#                        slurm-wlm and munge; else skipped; not in make check)
#
# Each program is its main file in programs/ and the shared code of
# programs/tools/, linked from a static archive.  In the build tree they
# find the library at $ORIGIN/..; installed, at $ORIGIN/../lib (LIBDIR
# relative to BINDIR when both lie under PREFIX, so a moved prefix still
# works; otherwise LIBDIR itself).

BINDIR      ?= $(PREFIX)/bin
TOOLS       := mg-play mg-match mg-board mg-engine mg-solve mg-analyse
TOOL_BINS   := $(addprefix $(B)/programs/,$(TOOLS))
TOOL_SRCS   := $(wildcard programs/tools/*.c)
TOOL_HDRS   := $(wildcard programs/tools/*.h) $(HEADER)
TOOL_OBJS   := $(patsubst programs/tools/%.c,$(B)/programs/obj/%.o,$(TOOL_SRCS))
TOOL_LIB    := $(B)/programs/libtools.a
TOOL_CFLAGS := $(APP_CFLAGS) -pthread
TOOL_LIBS   := -L$(B) -lmindgames -lm -pthread
# their pages (mg-server's and mg-bot-connect's are installed by make
# install-server)
TOOL_MANS   := $(filter-out man/man1/mg-server.1 man/man1/mg-bot-connect.1,\
                            $(wildcard man/man1/*.1))

TOOL_LIBREL := $(patsubst $(PREFIX)/%,%,$(filter $(PREFIX)/%,$(LIBDIR)))
ifeq ($(BINDIR)|$(if $(TOOL_LIBREL),rel),$(PREFIX)/bin|rel)
INSTALL_RPATH := -Wl,-rpath,'$$ORIGIN/../$(TOOL_LIBREL)'
else
INSTALL_RPATH := -Wl,-rpath,'$(LIBDIR)'
endif

.PHONY: tools install-tools uninstall-tools tools-check check-slurm

# This file is included before the Makefile names its first target.
.DEFAULT_GOAL := all

tools: $(TOOL_BINS)

$(B)/programs/obj/%.o: programs/tools/%.c $(TOOL_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(TOOL_CFLAGS) -c $< -o $@

$(B)/programs/obj/main-%.o: programs/%.c $(TOOL_HDRS)
	@mkdir -p $(@D)
	$(Q)$(CC) $(TOOL_CFLAGS) -c $< -o $@

$(TOOL_LIB): $(TOOL_OBJS)
	$(Q)rm -f $@
	$(Q)$(AR) rcs $@ $(TOOL_OBJS)

$(TOOL_BINS): $(B)/programs/%: $(B)/programs/obj/main-%.o $(TOOL_LIB) $(SHLIB)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $< $(TOOL_LIB) -o $@ $(TOOL_LIBS) $(RPATH)

# Linked again for their installed place (the rpath), then installed.
install-tools: $(TOOL_BINS)
	@mkdir -p $(B)/programs/install
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	@for t in $(TOOLS); do \
	    $(CC) $(CFLAGS) $(LDFLAGS) $(B)/programs/obj/main-$$t.o $(TOOL_LIB) \
	        -o $(B)/programs/install/$$t $(TOOL_LIBS) $(INSTALL_RPATH) || exit 1; \
	    echo "$(INSTALL) -m 755 $(B)/programs/install/$$t $(DESTDIR)$(BINDIR)/$$t"; \
	    $(INSTALL) -m 755 $(B)/programs/install/$$t $(DESTDIR)$(BINDIR)/$$t || exit 1; \
	done
	$(INSTALL) -m 644 $(TOOL_MANS) $(DESTDIR)$(MANDIR)/man1/

uninstall-tools:
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(TOOLS)) \
	      $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(TOOL_MANS)))

# The tests' helpers: engines that misbehave on purpose, and the unit
# test of the statistics (Elo intervals, SPRT).
$(B)/tests/bad-engine: tests/engines/bad-engine.c $(SHLIB)
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $< -o $@ -L$(B) -lmindgames $(RPATH)

$(B)/tests/sloppy-quit: tests/engines/sloppy-quit.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) $< -o $@

$(B)/tests/tools-stats: tests/tools-stats.c programs/tools/stats.c programs/tools/stats.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Iprograms/tools tests/tools-stats.c \
	    programs/tools/stats.c -o $@ -lm

# The ratings and intervals of mg-match and the strength bench: maximum-
# likelihood Elo on known counts, interval coverage on synthetic data.
$(B)/tests/tools-rating: tests/tools-rating.c programs/tools/rating.c \
                         programs/tools/rating.h programs/tools/stats.c \
                         programs/tools/stats.h tests/test_rng.h
	@mkdir -p $(@D)
	$(Q)$(CC) $(APP_CFLAGS) -Iprograms/tools tests/tools-rating.c \
	    programs/tools/rating.c programs/tools/stats.c -o $@ -lm

tools-check: $(TOOL_BINS) $(B)/examples/engine-greedy $(B)/examples/engine-sites \
             $(B)/tests/bad-engine $(B)/tests/sloppy-quit \
             $(B)/tests/tools-stats $(B)/tests/tools-rating \
             $(B)/tests/bench_strength
	$(Q)$(B)/tests/tools-stats
	$(Q)$(B)/tests/tools-rating
	$(Q)sh tests/strength-check.sh "$(B)"
	$(Q)sh tests/tools-check.sh "$(B)" "$(PYTHON)"
	$(Q)sh tests/tools-reasons-check.sh "$(B)" "$(PYTHON)"
	$(Q)sh tests/tools-analyse-check.sh "$(B)" "$(PYTHON)"
	$(Q)sh tests/tools-eval-check.sh "$(B)" "$(PYTHON)"

# tests/slurm-check.sh: a real Slurm (munged, slurmctld, slurmd) in a
# temporary directory, an array of four mg-match shards, --merge.
check-slurm: $(TOOL_BINS)
	$(Q)sh tests/slurm-check.sh "$(B)"
