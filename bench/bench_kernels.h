/* bench_kernels.h — `fourcard bench kernels`: evaluations per second of
 * every kernel and SIMD variant, on one thread and on all threads. */
#ifndef FOURCARD_BENCH_KERNELS_H
#define FOURCARD_BENCH_KERNELS_H

#include <stdbool.h>
#include <stdio.h>

struct bench_options {
    bool json;       /* one JSON object instead of the human table */
    bool markdown;   /* a Markdown record for results/ instead */
    int repetitions; /* timed repetitions; the median is reported (>= 5) */
    int threads;     /* "all threads" count; 0 = omp_get_max_threads() */
    double seconds;  /* about how long each timed repetition runs (0: 0.15 s) */
};

/* Runs the benchmark and prints to out.  Returns 0, or 1 on failure
 * (with a one-line message on stderr). */
int bench_kernels_run(const struct bench_options *o, FILE *out);

#endif
