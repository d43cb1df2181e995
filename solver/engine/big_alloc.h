/* big_alloc.h — zeroed allocations for large read-mostly tables, backed by
 * transparent huge pages where the kernel offers them (madvise mode):
 * random reads into tables of tens of MB otherwise miss the TLB.
 *
 * Except, by default, on a virtual machine whose balloon reports free
 * memory to the host (virtio free page reporting, e.g. Firecracker;
 * balloon.h): there the 2 MB blocks a fresh process gets are often ones
 * the host has taken back, and touching them first costs far more than
 * 4 kB pages do (README, "Threads, pinning and clusters").
 * --huge-pages on|off overrides the choice. */
#ifndef FOURCARD_BIG_ALLOC_H
#define FOURCARD_BIG_ALLOC_H

#include <stdbool.h>
#include <stddef.h>

/* The choice, "auto" (the default), "on" or "off", set before the first
 * allocation below; -1 for any other text. */
int big_alloc_set_huge_pages(const char *mode);
/* Whether the allocations ask for huge pages: on, off, or under auto on
 * unless balloon.h says the machine's balloon reports free pages. */
bool big_alloc_huge_pages(void);
/* "on", "off", "on (auto)" or "off (auto: ...)": for reports. */
const char *big_alloc_huge_pages_describe(void);
/* Whether this process has allocated a big table (Buyout never does):
 * reports state the huge-page choice only where it mattered. */
bool big_alloc_used(void);

/* Like calloc(n, size); free with free().  NULL when memory runs out or
 * n * size overflows. */
void *big_calloc(size_t n, size_t size);

/* Like malloc(n * size), not zeroed: the pages are first touched (and
 * faulted in, 2 MB at a time) by whoever writes them, e.g. the threads of
 * a parallel loop. */
void *big_malloc(size_t n, size_t size);

#endif
