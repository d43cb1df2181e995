/* cluster_transport.h — what cluster.c asks of MPI, as one table.
 *
 * The MPI calls live in a module of their own (cluster_mpi.c, built as
 * libfourcard_mpi.so beside the fourcard binary) that cluster.c loads only
 * when an MPI launcher started the process: a plain run does not load
 * Open MPI's libraries, which took 0.7 ms of every process's start
 * (results/CHANGELOG-speed.md, 2026-11-26).  Each function has the meaning
 * of the cluster.h function of the same name; once init has returned 0,
 * finalize and abort are used on any number of ranks, the exchanges only
 * on more than one. */
#ifndef FOURCARD_CLUSTER_TRANSPORT_H
#define FOURCARD_CLUSTER_TRANSPORT_H

#include <stddef.h>

/* Changes whenever the table below does: a module left over from another
 * build is refused rather than called with the wrong layout. */
#define CLUSTER_TRANSPORT_VERSION 2

struct cluster_transport {
    int version; /* CLUSTER_TRANSPORT_VERSION */
    /* Starts MPI; 0 and this rank's place, or -1. */
    int (*init)(int *argc, char ***argv, int *rank, int *size, int *local_rank);
    void (*finalize)(void);
    void (*abort)(int code);
    int (*gather)(const void *mine, void *all, size_t bytes);
    int (*gatherv)(const void *mine, long n, size_t item, void *all, long *counts);
    int (*allgather_blocks)(void *data, long n, size_t item);
    int (*bcast)(void *data, size_t bytes);
};

/* Rank r's block of n items cut into size blocks: [*lo, *hi).  Both sides
 * of the table cut alike (cluster_block, and the module's exchange of
 * every rank's block). */
static inline void cluster_cut(long n, int r, int size, long *lo, long *hi)
{
    *lo = n * r / size;
    *hi = n * (r + 1) / size;
}

/* The module's one exported symbol, and its file name. */
#define CLUSTER_TRANSPORT_SYMBOL "fourcard_cluster_mpi"
#define CLUSTER_TRANSPORT_MODULE "libfourcard_mpi.so"

#endif
