/* big_alloc.h — zeroed allocations for large read-mostly tables, backed by
 * transparent huge pages where the kernel offers them (madvise mode):
 * random reads into tables of tens of MB otherwise miss the TLB.
 *
 * Huge pages can be switched off (--huge-pages off): on a virtual machine
 * whose balloon reports free memory to the host (virtio free page
 * reporting, e.g. Firecracker), the 2 MB blocks a fresh process gets are
 * often ones the host has taken back, and touching them first costs far
 * more than 4 kB pages do (README, "Threads, pinning and clusters"). */
#ifndef FOURCARD_BIG_ALLOC_H
#define FOURCARD_BIG_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

/* Whether the allocations below ask for huge pages (default true); set
 * before the first of them. */
void big_alloc_set_huge_pages(bool on);
bool big_alloc_huge_pages(void);

/* Like calloc(n, size); free with free().  NULL when memory runs out or
 * n * size overflows. */
void *big_calloc(size_t n, size_t size);

/* Like malloc(n * size), not zeroed: the pages are first touched (and
 * faulted in, 2 MB at a time) by whoever writes them, e.g. the threads of
 * a parallel loop. */
void *big_malloc(size_t n, size_t size);

#endif
