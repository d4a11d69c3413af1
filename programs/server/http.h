/*
 * http.h - what mg-server's files share about libmicrohttpd: the
 * callbacks main.c registers with the daemon (http.c: requests, their
 * end, the URL unescaping; conns.c: connections opening and closing) and
 * the static files' answer (files.c, for http.c).  Apart from server.h so
 * that only the files speaking libmicrohttpd include <microhttpd.h>.
 */
#ifndef MGS_HTTP_H
#define MGS_HTTP_H

#include "server.h"

#include <microhttpd.h>

/* http.c: MHD_AccessHandlerCallback, MHD_OPTION_NOTIFY_COMPLETED and
 * MHD_OPTION_UNESCAPE_CALLBACK (cls: the mgs_srv) */
enum MHD_Result mgs_http_handler(void *cls, struct MHD_Connection *c,
                                 const char *url, const char *method,
                                 const char *version,
                                 const char *upload_data,
                                 size_t *upload_data_size, void **con_cls);
void mgs_http_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                        enum MHD_RequestTerminationCode toe);
size_t mgs_http_unescape(void *cls, struct MHD_Connection *c, char *uri);

/* conns.c: MHD_OPTION_NOTIFY_CONNECTION (cls: the mgs_srv) */
void mgs_conn_notify(void *cls, struct MHD_Connection *mc,
                     void **socket_context,
                     enum MHD_ConnectionNotificationCode code);

/* files.c: the answer to GET url from the web folder: 0 with *resp and
 * *status set (a file, or a 404/403 of ours), -1 on failure to answer.
 * accept_enc: the request's Accept-Encoding (NULL: none). */
int mgs_static(mgs_srv *srv, const char *url, const char *accept_enc,
               struct MHD_Response **resp, int *status);

#endif /* MGS_HTTP_H */
