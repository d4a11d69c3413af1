/*
 * proc.h - an engine's process: started through /bin/sh in a process
 * group of its own, with pipes to its standard input, output and error;
 * writes and line reads that keep a deadline and meanwhile keep the
 * last lines of its standard error; stopping it, however it behaves.
 */
#ifndef TOOLS_PROC_H
#define TOOLS_PROC_H

#include "lines.h"
#include "util.h"

#include <sys/types.h>

#define PROC_TAIL 2048 /* bytes of standard error kept */
#define PROC_LINE_MAX (1u << 20)

typedef struct {
    pid_t pid;         /* 0: not running */
    int in, out, err;  /* the engine's stdin (we write), stdout, stderr */
    linereader rd;     /* lines of its standard output */
    char tail[PROC_TAIL];
    size_t tail_len;
    int status, reaped; /* once ended: exit status, or -signal */
} proc;

/* Start `sh -c "exec CMD"`.  0, or -1 with the reason in err. */
int proc_spawn(proc *p, const char *cmd, char *err, size_t errcap);

/* Write all of buf before `deadline`.  0; -1 timeout; -2 the engine
 * closed its input (it has ended). */
int proc_write(proc *p, const char *buf, size_t len, double deadline);

/* One line of the engine's output before `deadline` (lines.h flags).
 * 1 a line; 0 end of output (the engine ended); -1 timeout; -2 error. */
int proc_line(proc *p, double deadline, char **line, size_t *len,
              int *flags);

/* How the engine ended, waiting up to `grace` seconds for it: "exited
 * with status 3", "killed by signal 11 (SIGSEGV)", "still running". */
const char *proc_status_text(proc *p, double grace, char *buf, size_t cap);

/* Stop the engine: close its input, wait up to `grace` seconds for it
 * to exit, then kill its process group; reap it.  Safe to repeat. */
void proc_stop(proc *p, double grace);

/* The last `lines` lines of its standard error, each after `prefix`. */
void proc_tail(const proc *p, int lines, const char *prefix, strbuf *out);

/* For the engine process side: ignore SIGPIPE in this program, so that a
 * write to an ended engine fails with EPIPE instead of killing us. */
void proc_ignore_sigpipe(void);

#endif
