/* cluster.c — see cluster.h. */
#include "cluster.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FOURCARD_HAVE_MPI
#include <mpi.h>

static int mpi_on, mpi_rank, mpi_size = 1, mpi_local_rank;

/* Only under a launcher: a plain run needs no MPI start-up. */
static int launched(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK");
}

void cluster_init(int *argc, char ***argv)
{
    if (!launched())
        return;
    int provided;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return;
    mpi_on = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    MPI_Comm node;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, mpi_rank, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_rank(node, &mpi_local_rank);
        MPI_Comm_free(&node);
    }
}

void cluster_finalize(void)
{
    if (mpi_on)
        MPI_Finalize();
    mpi_on = 0;
}

void cluster_abort(int code)
{
    if (mpi_on && mpi_size > 1)
        MPI_Abort(MPI_COMM_WORLD, code);
}

int cluster_rank(void) { return mpi_rank; }
int cluster_size(void) { return mpi_size; }
int cluster_local_rank(void) { return mpi_local_rank; }

int cluster_gather(const void *mine, void *all, size_t bytes)
{
    if (!mpi_on || mpi_size == 1) {
        memcpy(all, mine, bytes);
        return 0;
    }
    return MPI_Gather(mine, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD) == MPI_SUCCESS
               ? 0
               : -1;
}

int cluster_gatherv(const void *mine, long n, size_t item, void *all, long *counts)
{
    if (!mpi_on || mpi_size == 1) {
        memcpy(all, mine, (size_t)n * item);
        counts[0] = n;
        return 0;
    }
    if (MPI_Gather(&n, 1, MPI_LONG, counts, 1, MPI_LONG, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        return -1;
    int *bytes = NULL, *displs = NULL;
    if (mpi_rank == 0) {
        bytes = malloc((size_t)mpi_size * sizeof *bytes);
        displs = malloc((size_t)mpi_size * sizeof *displs);
        for (int r = 0, at = 0; r < mpi_size; r++) {
            bytes[r] = (int)((size_t)counts[r] * item);
            displs[r] = at;
            at += bytes[r];
        }
    }
    int rc = MPI_Gatherv(mine, (int)((size_t)n * item), MPI_BYTE, all, bytes, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
    free(bytes);
    free(displs);
    return rc == MPI_SUCCESS ? 0 : -1;
}

int cluster_allgather_blocks(void *data, long n, size_t item)
{
    if (!mpi_on || mpi_size == 1)
        return 0;
    if ((size_t)n * item > INT_MAX) /* MPI counts are ints; the same answer on every rank */
        return -1;
    int *bytes = malloc((size_t)mpi_size * sizeof *bytes), *displs = malloc((size_t)mpi_size * sizeof *displs);
    if (!bytes || !displs) { /* the other ranks are about to wait in the exchange */
        fprintf(stderr, "fourcard: rank %d: out of memory\n", mpi_rank);
        cluster_abort(1);
    }
    for (int r = 0; r < mpi_size; r++) {
        long lo = n * r / mpi_size, hi = n * (r + 1) / mpi_size; /* cluster_block's cut of rank r */
        bytes[r] = (int)((size_t)(hi - lo) * item);
        displs[r] = (int)((size_t)lo * item);
    }
    int rc = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, bytes, displs, MPI_BYTE, MPI_COMM_WORLD);
    free(bytes);
    free(displs);
    return rc == MPI_SUCCESS ? 0 : -1;
}

#else

int cluster_allgather_blocks(void *data, long n, size_t item)
{
    (void)data, (void)n, (void)item;
    return 0;
}

void cluster_init(int *argc, char ***argv) { (void)argc, (void)argv; }
void cluster_finalize(void) {}
void cluster_abort(int code) { (void)code; }
int cluster_rank(void) { return 0; }
int cluster_size(void) { return 1; }
int cluster_local_rank(void) { return 0; }

int cluster_gather(const void *mine, void *all, size_t bytes)
{
    memcpy(all, mine, bytes);
    return 0;
}

int cluster_gatherv(const void *mine, long n, size_t item, void *all, long *counts)
{
    memcpy(all, mine, (size_t)n * item);
    counts[0] = n;
    return 0;
}

#endif

void cluster_block(long n, long *lo, long *hi)
{
    int size = cluster_size(), rank = cluster_rank();
    *lo = n * rank / size;
    *hi = n * (rank + 1) / size;
}

const char *cluster_describe(char *buf, size_t len)
{
    if (cluster_size() == 1)
        snprintf(buf, len, "1 process");
    else
        snprintf(buf, len, "%d MPI ranks", cluster_size());
    return buf;
}
