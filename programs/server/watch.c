/*
 * watch.c - seeing the clients of idle event streams leave.  An idle
 * stream's connection is suspended (stream.c), and libmicrohttpd does not
 * poll a suspended connection; so its socket goes into an epoll set of our
 * own, for EPOLLRDHUP/EPOLLHUP/EPOLLERR only, and a thread resumes the
 * stream (which then ends) as soon as its client closes it: presence is
 * right at once and the connection slot (--max-conns) is free again, not
 * at the next heartbeat's failed write.
 *
 * A stream's memory outlives its connection while the watcher holds it
 * (watch_ref); srv.watch_mu guards the fd -> stream map and those counts.
 * Locks: a stream's mu before srv.watch_mu; the watcher takes them one at
 * a time.
 */
#include "server.h"

#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <unistd.h>

int mgs_watch_start(mgs_srv *srv)
{
    struct rlimit rl;
    size_t n = 65536;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        rl.rlim_cur > n)
        n = rl.rlim_cur > (1u << 22) ? (1u << 22) : (size_t)rl.rlim_cur;
    srv->watch_fd = epoll_create1(EPOLL_CLOEXEC);
    srv->watch_map = calloc(n, sizeof *srv->watch_map);
    srv->watch_cap = (int)n;
    pthread_mutex_init(&srv->watch_mu, NULL);
    return srv->watch_fd >= 0 && srv->watch_map ? 0 : -1;
}

void mgs_watch_add(mgs_srv *srv, int fd, mgs_stream *s)
{
    struct epoll_event ev;
    int *dead, *ref;
    if (fd < 0 || fd >= srv->watch_cap || srv->watch_fd < 0)
        return;
    ref = mgs_stream_refs(s, &dead);
    (void)ref;
    pthread_mutex_lock(&srv->watch_mu);
    if (!*dead && !srv->watch_map[fd]) {
        ev.events = EPOLLRDHUP;
        ev.data.fd = fd;
        if (epoll_ctl(srv->watch_fd, EPOLL_CTL_ADD, fd, &ev) == 0)
            srv->watch_map[fd] = s;
    }
    pthread_mutex_unlock(&srv->watch_mu);
}

void mgs_watch_del(mgs_srv *srv, int fd, mgs_stream *s)
{
    if (fd < 0 || fd >= srv->watch_cap || srv->watch_fd < 0)
        return;
    pthread_mutex_lock(&srv->watch_mu);
    if (srv->watch_map[fd] == s) {
        srv->watch_map[fd] = NULL;
        epoll_ctl(srv->watch_fd, EPOLL_CTL_DEL, fd, NULL);
    }
    pthread_mutex_unlock(&srv->watch_mu);
}

/* The stream's connection is gone: 1 when its memory may be freed now, 0
 * when the watcher holds it (and frees it when done). */
int mgs_watch_gone(mgs_srv *srv, int fd, mgs_stream *s)
{
    int *dead, *ref, free_now;
    ref = mgs_stream_refs(s, &dead);
    if (srv->watch_fd < 0)
        return 1;
    pthread_mutex_lock(&srv->watch_mu);
    if (fd >= 0 && fd < srv->watch_cap && srv->watch_map[fd] == s) {
        srv->watch_map[fd] = NULL;
        epoll_ctl(srv->watch_fd, EPOLL_CTL_DEL, fd, NULL);
    }
    *dead = 1;
    free_now = *ref == 0;
    pthread_mutex_unlock(&srv->watch_mu);
    return free_now;
}

/* The watcher is done with s: 1 when its memory is to be freed. */
int mgs_watch_done(mgs_srv *srv, mgs_stream *s)
{
    int *dead, *ref, free_now;
    ref = mgs_stream_refs(s, &dead);
    pthread_mutex_lock(&srv->watch_mu);
    *ref = 0;
    free_now = *dead;
    pthread_mutex_unlock(&srv->watch_mu);
    return free_now;
}

void *mgs_watch_main(void *arg)
{
    mgs_srv *srv = arg;
    struct epoll_event evs[64];
    while (!mgs_stopping(srv)) {
        int n = epoll_wait(srv->watch_fd, evs, 64, 200), i;
        for (i = 0; i < n; i++) {
            int fd = evs[i].data.fd, *dead, *ref;
            mgs_stream *s;
            pthread_mutex_lock(&srv->watch_mu);
            s = fd >= 0 && fd < srv->watch_cap ? srv->watch_map[fd] : NULL;
            if (s) {
                srv->watch_map[fd] = NULL;
                epoll_ctl(srv->watch_fd, EPOLL_CTL_DEL, fd, NULL);
                ref = mgs_stream_refs(s, &dead);
                *ref = 1;
            }
            pthread_mutex_unlock(&srv->watch_mu);
            if (s)
                mgs_stream_peer_closed(srv, s);
        }
    }
    return NULL;
}

void mgs_watch_stop(mgs_srv *srv)
{
    if (srv->watch_fd >= 0)
        close(srv->watch_fd);
    srv->watch_fd = -1;
    free(srv->watch_map);
    srv->watch_map = NULL;
    pthread_mutex_destroy(&srv->watch_mu);
}
