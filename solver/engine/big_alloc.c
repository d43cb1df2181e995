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

enum huge_pages_mode { HUGE_PAGES_AUTO, HUGE_PAGES_ON, HUGE_PAGES_OFF };
static const char *const MODE_NAMES[] = {[HUGE_PAGES_AUTO] = "auto", [HUGE_PAGES_ON] = "on", [HUGE_PAGES_OFF] = "off"};
static enum huge_pages_mode mode = HUGE_PAGES_AUTO;
static pthread_once_t decided = PTHREAD_ONCE_INIT;
static bool use_huge_pages, used; /* used: a table was allocated here */

static void decide(void)
{
    use_huge_pages = mode == HUGE_PAGES_ON || (mode == HUGE_PAGES_AUTO && !balloon_reports_free_pages("/sys"));
}

int big_alloc_set_huge_pages(const char *text)
{
    for (int m = HUGE_PAGES_AUTO; m <= HUGE_PAGES_OFF; m++)
        if (!strcmp(text, MODE_NAMES[m]))
            return mode = (enum huge_pages_mode)m, 0;
    return -1;
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
        return MODE_NAMES[mode];
    return on ? "on (auto)" : "off (auto: the VM's balloon reports free pages to its host)";
}

bool big_alloc_used(void)
{
    return used;
}

/* Huge-page aligned (aligned_alloc wants a multiple of the alignment) and
 * advised either way: "off" must hold also where the kernel gives huge
 * pages unasked (transparent_hugepage=always); NULL when memory runs out. */
static void *huge(size_t bytes)
{
    if (bytes > SIZE_MAX - HUGE_PAGE)
        return NULL;
    size_t rounded = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
    void *p = aligned_alloc(HUGE_PAGE, rounded);
    used = true;
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
    if (p) /* a hint: failure only costs speed */
        madvise(p, rounded, big_alloc_huge_pages() ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
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
