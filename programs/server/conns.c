/*
 * conns.c - the connections: each one counted against its client's
 * --max-conns (guard.c: per IPv4 address, per IPv6 /64; one past the
 * limit is closed at once), and a deadline for a request's headers
 * (--header-timeout): from the moment a connection opens, or its
 * previous request ended, the next request's headers must be complete
 * within it, however the bytes trickle in (libmicrohttpd's own timeout,
 * --timeout, only measures silence).  The timer (worker.c, every 100 ms)
 * closes the late ones: shutdown(2) of the socket, which libmicrohttpd
 * then sees closed and cleans up (it tells us first, under our lock, so
 * the descriptor is never one it has closed and reused).
 */
#include "http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

typedef struct conn {
    struct conn *prev, *next;
    int fd;
    char key[48];
    int counted;       /* against --max-conns */
    int in_request;    /* its headers came: a request is on */
    int cut;
    int64_t since_ms;  /* waiting for headers since */
} conn;

struct mgs_conns {
    pthread_mutex_t mu;
    conn head;          /* a ring */
};

void mgs_conns_cut_late(mgs_srv *srv, int64_t now)
{
    mgs_conns *cs = srv->conns;
    int64_t limit = (int64_t)srv->cfg.header_timeout_s * 1000;
    conn *c;
    if (!cs)
        return;
    pthread_mutex_lock(&cs->mu);
    for (c = cs->head.next; c != &cs->head; c = c->next)
        if (!c->in_request && !c->cut && now - c->since_ms >= limit) {
            shutdown(c->fd, SHUT_RDWR);
            c->cut = 1;
        }
    pthread_mutex_unlock(&cs->mu);
}

int mgs_conns_start(mgs_srv *srv)
{
    mgs_conns *cs = calloc(1, sizeof *cs);
    if (!cs)
        return -1;
    pthread_mutex_init(&cs->mu, NULL);
    cs->head.next = cs->head.prev = &cs->head;
    srv->conns = cs;
    return 0;
}

void mgs_conns_stop(mgs_srv *srv)
{
    mgs_conns *cs = srv->conns;
    if (!cs)
        return;
    /* after MHD_stop_daemon (every connection has been told closed) and
     * after the timer, which cuts the late ones */
    pthread_mutex_destroy(&cs->mu);
    free(cs);
    srv->conns = NULL;
}

void mgs_conn_notify(void *cls, struct MHD_Connection *mc,
                     void **socket_context,
                     enum MHD_ConnectionNotificationCode code)
{
    mgs_srv *srv = cls;
    mgs_conns *cs = srv->conns;
    conn *c = *socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *fi =
            MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);
        char ip[48];
        c = calloc(1, sizeof *c);
        if (!c || !fi) {
            /* cannot follow it: close it (libmicrohttpd still tells us) */
            if (fi)
                shutdown(fi->connect_fd, SHUT_RDWR);
            free(c);
            *socket_context = NULL;
            return;
        }
        c->fd = fi->connect_fd;
        c->since_ms = mgs_now_ms();
        mgs_peer_ip(mc, ip, sizeof ip);
        mgs_client_key(ip, c->key, sizeof c->key);
        /* behind the trusted proxy every client comes through its few
         * connections: the proxy limits them (doc/deploy/nginx.conf) */
        if (!srv->cfg.trusted_proxy[0] ||
            strcmp(ip, srv->cfg.trusted_proxy) != 0) {
            if (mgs_conn_add(srv, c->key) == 0) {
                c->counted = 1;
            } else {
                shutdown(c->fd, SHUT_RDWR);
                c->cut = 1;
            }
        }
        pthread_mutex_lock(&cs->mu);
        c->next = cs->head.next;
        c->prev = &cs->head;
        c->next->prev = c;
        cs->head.next = c;
        pthread_mutex_unlock(&cs->mu);
        *socket_context = c;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED && c) {
        pthread_mutex_lock(&cs->mu);
        c->prev->next = c->next;
        c->next->prev = c->prev;
        pthread_mutex_unlock(&cs->mu);
        if (c->counted)
            mgs_conn_del(srv, c->key);
        free(c);
        *socket_context = NULL;
    }
}

/* A request of the connection begins (its headers are complete) or
 * ends (the deadline runs again for the next one). */
static void set_in_request(mgs_srv *srv, struct MHD_Connection *mc, int on)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(mc, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    conn *c = ci ? ci->socket_context : NULL;
    if (!c)
        return;
    pthread_mutex_lock(&srv->conns->mu);
    c->in_request = on;
    c->since_ms = mgs_now_ms();
    pthread_mutex_unlock(&srv->conns->mu);
}

void mgs_conn_request(mgs_srv *srv, struct MHD_Connection *mc)
{
    set_in_request(srv, mc, 1);
}

void mgs_conn_request_done(mgs_srv *srv, struct MHD_Connection *mc)
{
    set_in_request(srv, mc, 0);
}
