/* split_thread_slots.h — one accumulator per solve thread, made on the
 * thread's first class (split_solve's each_class runs inside its team,
 * whose size the caller does not know beforehand).  Internal. */
#ifndef FOURCARD_SPLIT_THREAD_SLOTS_H
#define FOURCARD_SPLIT_THREAD_SLOTS_H

#include <stdbool.h>
#include <stdlib.h>

enum { SPLIT_MAX_SLOTS = 1024 };

struct split_thread_slots {
    void *slot[SPLIT_MAX_SLOTS];
    size_t bytes;   /* each slot's size, zeroed */
    bool failed;    /* a thread beyond the slots, or out of memory */
};

/* Thread `thread`'s accumulator, or NULL (then failed is set). */
static inline void *split_thread_slot(struct split_thread_slots *t, int thread)
{
    if (thread < 0 || thread >= SPLIT_MAX_SLOTS) {
        t->failed = true;
        return NULL;
    }
    if (!t->slot[thread] && !(t->slot[thread] = calloc(1, t->bytes)))
        t->failed = true;
    return t->slot[thread];
}

static inline void split_thread_slots_free(struct split_thread_slots *t)
{
    for (int i = 0; i < SPLIT_MAX_SLOTS; i++)
        free(t->slot[i]), t->slot[i] = NULL;
}

#endif
