/* team_start.c — how long a fresh process waits for its OpenMP team.
 *
 * Prints, in milliseconds, the time from just before the process's first
 * parallel region to the moment the last thread of the team has entered
 * it (the team has OpenMP's default size, or argv[1] threads).  A solver
 * run on N threads pays this once, a run on one thread does not: on a
 * virtual machine a new thread can wait for its virtual CPU, and on a
 * short job that wait weighs on the thread-scaling ratio.  scripts/bench
 * runs it in fresh processes and records the median.  It links the
 * solver library's OpenMP runtime and wait policy (solver/engine/wait_policy.h),
 * so it waits as fourcard waits; argv[2] "-v" also prints that policy. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wait_policy.h"

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : omp_get_max_threads();
    if (threads < 1 || threads > 4096) {
        fprintf(stderr, "team_start: bad thread count %d (1 to 4096)\n", threads);
        return 2;
    }
    double start = omp_get_wtime(), last = start;
#pragma omp parallel num_threads(threads)
    {
        double entered = omp_get_wtime();
#pragma omp critical(team_start_last)
        if (entered > last)
            last = entered;
    }
    printf("%.3f\n", (last - start) * 1e3);
    if (argc > 2 && !strcmp(argv[2], "-v"))
        printf("OpenMP wait: %s\n", wait_policy_describe());
    return 0;
}
