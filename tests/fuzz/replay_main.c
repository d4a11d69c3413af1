/*
 * replay_main.c - a main() for the fuzz targets without libFuzzer: run
 * LLVMFuzzerTestOneInput() once on every file named on the command line
 * (a directory stands for the files in it, in name order).  Linked with a
 * target by make fuzz-replay, under any C99 compiler with POSIX dirent.
 *
 *     fuzz_record tests/fuzz/corpus/record [more files or dirs]
 *
 * Exit status 0 when every input ran; a failed invariant aborts, and the
 * name of the file being run is printed first.
 */
#define _POSIX_C_SOURCE 200809L

#include "fuzz.h"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *current = "";

static void on_crash(int sig)
{
    static const char msg[] = "replay: crashed on input ";
    ssize_t w;
    w = write(2, msg, sizeof msg - 1);
    w = write(2, current, strlen(current));
    w = write(2, "\n", 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *data = NULL;
    size_t size = 0, cap = 0, n;
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return 0;
    }
    do {
        if (size == cap) {
            unsigned char *d;
            cap = cap ? 2 * cap : 4096;
            d = realloc(data, cap);
            if (!d) {
                fprintf(stderr, "replay: out of memory for %s\n", path);
                free(data);
                fclose(f);
                return 0;
            }
            data = d;
        }
        n = fread(data + size, 1, cap - size, f);
        size += n;
    } while (n > 0);
    fclose(f);
    current = path;
    LLVMFuzzerTestOneInput(data, size);
    current = "";
    free(data);
    return 1;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every regular file of dir (not hidden ones); returns how many ran,
 * or -1 on an error. */
static long run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    long ran = 0;
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        char *path;
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        path = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!path)
            break;
        sprintf(path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
            free(path);
            continue;
        }
        if (n == cap) {
            char **nn;
            cap = cap ? 2 * cap : 64;
            nn = realloc(names, cap * sizeof *names);
            if (!nn) {
                free(path);
                break;
            }
            names = nn;
        }
        names[n++] = path;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n; i++) {
        if (ran >= 0 && run_file(names[i]))
            ran++;
        else
            ran = -1;
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    int i, fail = 0;
    long total = 0;
    signal(SIGABRT, on_crash);
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    signal(SIGFPE, on_crash);
    signal(SIGILL, on_crash);
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file %s\n", argv[i]);
            fail = 1;
        } else if (S_ISDIR(st.st_mode)) {
            long r = run_dir(argv[i]);
            if (r < 0)
                fail = 1;
            else
                total += r;
        } else if (run_file(argv[i])) {
            total++;
        } else {
            fail = 1;
        }
    }
    printf("%s: %ld inputs replayed\n", argv[0], total);
    return fail;
}
