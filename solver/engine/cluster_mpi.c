/* cluster_mpi.c — the MPI side of cluster.c (see cluster_transport.h),
 * built as the module libfourcard_mpi.so. */
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "cluster_transport.h"

static int mpi_rank, mpi_size = 1;

static int mpi_init(int *argc, char ***argv, int *rank, int *size, int *local_rank)
{
    int provided;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
    *rank = mpi_rank, *size = mpi_size, *local_rank = 0;
    MPI_Comm node;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, mpi_rank, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_rank(node, local_rank);
        MPI_Comm_free(&node);
    }
    return 0;
}

static void mpi_finalize(void)
{
    MPI_Finalize();
}

static void mpi_abort(int code)
{
    MPI_Abort(MPI_COMM_WORLD, code);
}

static int mpi_gather(const void *mine, void *all, size_t bytes)
{
    return MPI_Gather(mine, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD) == MPI_SUCCESS
               ? 0
               : -1;
}

static int mpi_gatherv(const void *mine, long n, size_t item, void *all, long *counts)
{
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

static int mpi_allgather_blocks(void *data, long n, size_t item)
{
    if ((size_t)n * item > INT_MAX) /* MPI counts are ints; the same answer on every rank */
        return -1;
    int *bytes = malloc((size_t)mpi_size * sizeof *bytes), *displs = malloc((size_t)mpi_size * sizeof *displs);
    if (!bytes || !displs) { /* the other ranks are about to wait in the exchange */
        fprintf(stderr, "fourcard: rank %d: out of memory\n", mpi_rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int r = 0; r < mpi_size; r++) {
        long lo, hi;
        cluster_cut(n, r, mpi_size, &lo, &hi);
        bytes[r] = (int)((size_t)(hi - lo) * item);
        displs[r] = (int)((size_t)lo * item);
    }
    int rc = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, data, bytes, displs, MPI_BYTE, MPI_COMM_WORLD);
    free(bytes);
    free(displs);
    return rc == MPI_SUCCESS ? 0 : -1;
}

static int mpi_bcast(void *data, size_t bytes)
{
    if (bytes > INT_MAX)
        return -1;
    return MPI_Bcast(data, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
}

__attribute__((visibility("default"))) const struct cluster_transport fourcard_cluster_mpi = {
    CLUSTER_TRANSPORT_VERSION, mpi_init, mpi_finalize, mpi_abort, mpi_gather, mpi_gatherv, mpi_allgather_blocks,
    mpi_bcast,
};
