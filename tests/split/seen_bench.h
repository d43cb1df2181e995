/* seen_bench.h — what the benches of `protect split --seen` share
 * (split_seen_bench.c, split_seen2_bench.c): the 2014-1a tables, a
 * checksum of counts (a bench that timed a wrong kernel would say so) and
 * the median of a round's times. */
#ifndef FOURCARD_SEEN_BENCH_H
#define FOURCARD_SEEN_BENCH_H

#include <stdint.h>
#include <stdlib.h>

#include "split_seen.h"

/* Folds the 14 hands' counts into *sum. */
static inline void seen_bench_checksum(const struct split_hand_counts out[SPLIT_NMASKS], uint64_t *sum)
{
    for (int m = 1; m < 15; m++)
        *sum = *sum * 31 + out[m].win_q[0] + out[m].lose_q + out[m].tie + out[m].total;
}

static int seen_bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of t[0..n) (sorted in place). */
static inline double seen_bench_median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, seen_bench_cmp);
    return t[n / 2];
}

/* The dealer tables of 2014-1a (NULL when memory runs out). */
static inline struct split_dealer_tables *seen_bench_tables(void)
{
    return split_dealer_tables_build(&split_preset_find("2014-1a")->rules);
}

#endif
