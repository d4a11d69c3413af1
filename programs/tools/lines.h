/*
 * lines.h - reading lines from a file descriptor without stdio: a line
 * of any length is consumed whole (one that exceeds the limit comes back
 * flagged, cut, so that the next line is still read correctly), NUL bytes
 * are reported rather than silently ending the line, a CR before the LF
 * is dropped, and a read can wait for a deadline.
 */
#ifndef TOOLS_LINES_H
#define TOOLS_LINES_H

#include <stddef.h>

#define LR_TOOLONG 1 /* the line was longer than the limit: cut */
#define LR_NUL 2     /* the line holds a NUL byte */
#define LR_PARTIAL 4 /* the last line of the input, without its LF */

typedef struct {
    int fd;
    char *buf;
    size_t start, len, cap; /* unread data: buf[start .. start+len) */
    size_t max;             /* longest line returned whole */
    size_t scanned;         /* bytes of the pending line already searched */
    int eof;
    int discarding; /* inside an overlong line: dropping its bytes */
    int nul;        /* the pending line has a NUL byte */
} linereader;

void lr_init(linereader *r, int fd, size_t max);
void lr_free(linereader *r);

/* A complete line from what has been read already: 1 and the line
 * (NUL-terminated, without LF; valid until the next call) with its
 * LR_ flags, or 0 when no whole line is buffered yet (or at EOF: -1). */
int lr_take(linereader *r, char **line, size_t *len, int *flags);

/* One read(2) into the buffer: > 0 bytes read, 0 end of input, -1 an
 * error (errno; EAGAIN/EINTR for a non-blocking descriptor). */
long lr_fill(linereader *r);

/* The next line, waiting until `deadline` (util_now() seconds; < 0 for
 * ever).  Returns 1 a line, 0 end of input, -1 timeout, -2 read error. */
int lr_read(linereader *r, double deadline, char **line, size_t *len,
            int *flags);

/* Milliseconds left until deadline for poll(2): -1 when deadline < 0. */
int lr_poll_ms(double deadline);

#endif
