# tests/server/server-tests.mk: mg-server's HTTP tests (tests/server/*.py).
# Included by the top Makefile:  include tests/server/server-tests.mk
#   make server-check        the API, bad input and crash tests (~90 s)
#   make check-server-long   the crash test with 500 SIGKILLs
.PHONY: server-check check-server-long

server-check: server $(SHLIB)
	sh tests/server/run.sh

check-server-long: server $(SHLIB)
	MG_SERVER_KILLS=500 sh tests/server/run.sh
