/*
 * config.c - mg-server's options as they are before the command line:
 * the defaults that mg-server(1) documents, in one place for main.c and
 * for the programs that run the server's code without main.c (the
 * request fuzzer, tests/fuzz/fuzz_server.c).
 */
#include "server.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

void mgs_config_defaults(mgs_config *c)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    memset(c, 0, sizeof *c);
    snprintf(c->listen_addr, sizeof c->listen_addr, "127.0.0.1");
    c->port = 8080;
    snprintf(c->db_path, sizeof c->db_path, "mindgames.db");
    c->threads = 64;
    c->bot_threads = cpus > 0 && cpus < 64 ? (int)cpus : 2;
    c->bot_time_ms = 2000;
    c->bot_memory_mb = 256;
    c->bot_pool_mb = 1024;
    c->bot_max_iterations = 1000000;
    c->bot_max_nodes = 100000000;
    c->bot_quick_ms = 250;
    c->max_actions = 5000;
    c->max_spec = 256;
    c->max_conns_per_ip = 64;
    c->rate = 20;
    c->burst = 40;
    c->seat_rate = 10;
    c->away_s = 60;
    snprintf(c->away_bot, sizeof c->away_bot, "mcts(iterations=1000)");
    c->waiting_expire_s = 86400;
    c->idle_expire_s = 604800;
    c->heartbeat_s = 15;
    c->poll_s = 25;
    c->timeout_s = 60;
    c->max_db_mb = 1024;
    c->max_tables = 10000;
    c->max_tables_per_addr = 32;
    c->creations_per_hour = 120;
    c->header_timeout_s = 30;
    c->players_per_hour = 10;
    /* one a CPU, at most 8: each takes 64 MiB while it runs */
    c->password_hashes = cpus > 0 ? (cpus < 8 ? (int)cpus : 8) : 2;
}
