/* timed.c — one run of a command, timed from its start to its exit.
 *
 *   timed OUT COMMAND [ARGS...]
 *
 * Starts COMMAND (found on PATH, its output and error left as they are),
 * waits for it, and writes to OUT one line: the wall seconds from just
 * before the process was created to just after it was reaped, and its
 * peak resident memory in kB.  Exits with the command's status (127 when
 * it could not be started, 128 + N when signal N ended it), or 2 when timed
 * itself failed (usage, OUT, waiting).
 *
 * scripts/bench timed each run with bash's clock around /usr/bin/time,
 * whose own start (about 1 ms here) was counted in every run: 1.4 % of a
 * 70 ms Frenzy solve.  This program has no start inside the interval it
 * measures. */
#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: timed OUT COMMAND [ARGS...]\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "we"); /* close-on-exec: not the command's */
    if (!out) {
        fprintf(stderr, "timed: cannot write %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    pid_t pid;
    double start = now();
    int err = posix_spawnp(&pid, argv[2], NULL, NULL, argv + 2, environ);
    if (err != 0) {
        fprintf(stderr, "timed: cannot run %s: %s\n", argv[2], strerror(err));
        fclose(out);
        return 127;
    }
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "timed: wait4: %s\n", strerror(errno));
            fclose(out);
            return 2;
        }
    double end = now();
    fprintf(out, "%.6f %ld\n", end - start, ru.ru_maxrss);
    if (fclose(out) != 0) {
        fprintf(stderr, "timed: cannot write %s\n", argv[1]);
        return 2;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
