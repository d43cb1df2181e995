/* freq.h — exhaustive frequency tables of the evaluators
 * (`fourcard freq KERNEL`). */
#ifndef FOURCARD_FREQ_H
#define FOURCARD_FREQ_H

#include <stdint.h>

#include "batch.h"

enum { FREQ_MAXROWS = 64 };

struct freq_row {
    char category[24]; /* category name, or the points value for buyout-points */
    uint64_t count;
};

struct freq_table {
    enum kernel_id kernel;
    uint64_t total; /* sum of the counts */
    int nrows;      /* rows from best to worst */
    struct freq_row rows[FREQ_MAXROWS];
};

/* Enumerates every hand of the kernel through the batched evaluator:
 *   three-card     all C(52,3)  = 22,100 hands
 *   split-blind    all C(52,4)  = 270,725
 *   frenzy-four    all C(52,4)  = 270,725
 *   frenzy-best    all C(52,5)  = 2,598,960
 *   buyout-points  4 cards from the 312-card six-deck shoe, each multiset
 *                  of card types weighted by its number of draws:
 *                  C(312,4) = 387,278,970 in all.
 * Rows with a zero count are kept for the fixed categories and left out
 * for buyout points.  Returns 0. */
int freq_compute(enum kernel_id k, struct freq_table *t);

#endif
