/* buyout_stream.h — the classes (buyout_classes) visited in the order of
 * buyout_class_r_key, with the dealer tables of their framed upcards
 * built alongside.
 *
 * Why: a shoe whose suits all differ has 52 framed upcards, and their
 * tables (2.8 MB each) are 150 MB of fresh memory; on the virtual machines
 * this runs on, a fresh page costs about as much to touch as the table's
 * own work (14 us a 4 kB page).  The visits go upcard by upcard, so a few
 * tables in reused memory serve them: a table is built (by whichever
 * thread is free) while the classes of the upcards before it are visited,
 * and its memory is reused once they are all done. */
#ifndef FOURCARD_BUYOUT_STREAM_H
#define FOURCARD_BUYOUT_STREAM_H

#include "buyout_eval.h"

struct buyout_stream {
    /* in */
    bool keep; /* the class list kept (out below) and every table left in
                * the context: the strategy files and the simulator read
                * them.  Without: no list at all; each orbit of situations
                * stands for its class by another representative
                * (buyout_classes_framed), made where it is visited, and an
                * MPI rank takes the groups of 3 cards held it owns
                * (cluster_owns of their r_key). */
    /* With keep: compacts order[0..n) to the classes this process visits
     * (an MPI rank's share), keeping their order; returns how many, or -1
     * out of memory.  NULL: all. */
    long (*select)(void *ctx, const struct buyout_context *cx, const struct buyout_class *list, long *order,
                   long n);
    /* Visits order[0..n) (indices into list), on the OpenMP thread
     * `thread`; called from several threads at once.  The ranges passed
     * cover the classes once, each holding whole runs of classes with the
     * same framed upcard and first two cards held, R[0] and R[1] (the eval
     * caches' prefix), and the tables of that upcard ready. */
    void (*visit)(void *ctx, int thread, const struct buyout_class *list, const long *order, long n);
    void *ctx;
    bool progress; /* a progress bar on stderr (progress.h) */
    /* out, with keep: the class list and the selected order (the caller
     * frees them) */
    struct buyout_class *list;
    long *order;
    long n, nselected;
};

/* Visits the classes (listed first with keep), the tables built as they
 * come (in parallel, OpenMP).  Returns 0, or -1 out of memory (list and
 * order then NULL). */
int buyout_stream_run(struct buyout_context *cx, struct buyout_stream *s);

/* The classes are visited in the order of their r_key, not of memory: a
 * visit reads each from DRAM.  Called at order[j], it asks for the class
 * this far ahead (a class's own work is a few hundred ns, a read from
 * DRAM about one). */
enum { BUYOUT_STREAM_AHEAD = 16 };
static inline void buyout_stream_prefetch(const struct buyout_class *list, const long *order, long j, long n)
{
    if (j + BUYOUT_STREAM_AHEAD < n)
        __builtin_prefetch(&list[order[j + BUYOUT_STREAM_AHEAD]]);
}

#endif
