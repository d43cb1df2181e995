/* big_alloc.c — see big_alloc.h. */
#define _DEFAULT_SOURCE
#include "big_alloc.h"
#include "balloon.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { HUGE_PAGE = 2 << 20 };

static enum huge_pages_mode mode = HUGE_PAGES_AUTO;
static pthread_once_t decided = PTHREAD_ONCE_INIT;
static bool use_huge_pages, balloon_reports;

static void decide(void)
{
    balloon_reports = mode == HUGE_PAGES_AUTO && balloon_reports_free_pages("/sys");
    use_huge_pages = mode == HUGE_PAGES_ON || (mode == HUGE_PAGES_AUTO && !balloon_reports);
}

void big_alloc_set_huge_pages(enum huge_pages_mode m)
{
    mode = m;
}

bool big_alloc_huge_pages(void)
{
    pthread_once(&decided, decide);
    return use_huge_pages;
}

const char *big_alloc_huge_pages_describe(void)
{
    bool on = big_alloc_huge_pages();
    if (mode != HUGE_PAGES_AUTO)
        return on ? "on" : "off";
    return on ? "on (auto)" : "off (auto: the VM's balloon reports free pages to its host)";
}

/* Huge-page aligned (aligned_alloc wants a multiple of the alignment) and
 * advised; NULL when memory runs out. */
static void *huge(size_t bytes)
{
    if (bytes > SIZE_MAX - HUGE_PAGE)
        return NULL;
    size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, rounded);
#ifdef MADV_HUGEPAGE
    if (p && big_alloc_huge_pages())
        madvise(p, rounded, MADV_HUGEPAGE); /* a hint: failure only costs speed */
#endif
    return p;
}

void *big_calloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    size_t bytes = n * size;
    if (bytes < HUGE_PAGE)
        return calloc(n ? n : 1, size ? size : 1);
    void *p = huge(bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}

void *big_malloc(size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    size_t bytes = n * size;
    return bytes < HUGE_PAGE ? malloc(bytes ? bytes : 1) : huge(bytes);
}
