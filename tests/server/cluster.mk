# tests/server/cluster.mk - several mg-server processes on one PostgreSQL
# database behind nginx (doc/deploy/cluster.md).  Included by the
# Makefile.
#
#   make check-cluster       tests/server/cluster.sh: a throwaway
#                            PostgreSQL cluster, 3 mg-server processes on
#                            it and Debian's nginx in front (the
#                            configuration of doc/deploy/nginx-cluster.conf),
#                            all on loopback, stopped at the end: two
#                            players on two processes, directly and
#                            through nginx, the streams through nginx,
#                            the page in Chromium through nginx with the
#                            two players on two processes (after make web
#                            and make check-web; skipped without them),
#                            races between processes, and a crash loop (50 SIGKILLs of random
#                            processes, 3 PostgreSQL crashes mid-game).
#                            Installs postgresql and nginx as root when
#                            missing; skipped with the reason otherwise.
#                            About 2 minutes.  Not part of make check.
#   make check-cluster-long  the same with 500 SIGKILLs
#   make bench-cluster       tests/server/bench-cluster.py: moves/s with 1,
#                            2 and 3 processes on PostgreSQL
#                            (synchronous_commit=on, fsync on), event
#                            latency across processes, streams held
#                            across processes, failover time through
#                            nginx, and SQLite in one process beside
#                            them.  Not asserted; not part of make check.
.PHONY: check-cluster check-cluster-long bench-cluster

# $(1): the environment and arguments of tests/server/cluster.sh
CLUSTER_RUN = if sh tests/ensure-deps.sh cluster; then \
	    $(MAKE) --no-print-directory $(SERVER_BIN) $(2) && \
	    MG_WEB_DIR=$(abspath $(WEB_OUT)) CHROMIUM=$(CHROMIUM) $(1) \
	    sh tests/server/cluster.sh $(3); \
	else echo "$@: skipped: the packages above are missing (as root they are installed)"; fi

check-cluster: $(SHLIB)
	$(Q)$(call CLUSTER_RUN,,,)

check-cluster-long: $(SHLIB)
	$(Q)$(call CLUSTER_RUN,MG_CLUSTER_KILLS=500 MG_CLUSTER_PG_RESTARTS=10,,)

bench-cluster: $(SHLIB)
	$(Q)$(call CLUSTER_RUN,MG_LOAD=$(abspath $(MG_LOAD)),$(MG_LOAD),--bench)
