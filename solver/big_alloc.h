/* big_alloc.h — zeroed allocations for large read-mostly tables, backed by
 * transparent huge pages where the kernel offers them (madvise mode):
 * random reads into tables of tens of MB otherwise miss the TLB. */
#ifndef FOURCARD_BIG_ALLOC_H
#define FOURCARD_BIG_ALLOC_H

#include <stddef.h>

/* Like calloc(n, size); free with free().  NULL when memory runs out or
 * n * size overflows. */
void *big_calloc(size_t n, size_t size);

/* Like malloc(n * size), not zeroed: the pages are first touched (and
 * faulted in, 2 MB at a time) by whoever writes them, e.g. the threads of
 * a parallel loop. */
void *big_malloc(size_t n, size_t size);

#endif
