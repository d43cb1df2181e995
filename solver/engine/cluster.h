/* cluster.h — optional MPI: several processes share one solve.
 *
 * Built with MPI (CMake finds Open MPI) and launched by mpirun or srun, the
 * ranks split the canonical classes (rank r takes the classes i with
 * i mod size = r), each with OpenMP inside, and rank 0 collects the exact
 * integer totals in rank order: the output is the same bits as one
 * process.  Without MPI, or started without a launcher, there is one rank. */
#ifndef FOURCARD_CLUSTER_H
#define FOURCARD_CLUSTER_H

#include <stddef.h>

void cluster_init(int *argc, char ***argv);
void cluster_finalize(void);
int cluster_rank(void);
int cluster_size(void);
/* This rank's index among the ranks on its own node (0 without MPI): the
 * ranks of one node pin their threads to different cores. */
int cluster_local_rank(void);
/* Ends every rank at once (MPI_Abort): a rank that fails must not leave
 * the others waiting in a gather.  Without MPI it only returns. */
void cluster_abort(int code);

/* "1 process" or "K MPI ranks": for reports. */
const char *cluster_describe(char *buf, size_t len);

/* Rank 0 receives `bytes` bytes from every rank, in rank order, into all
 * (size * bytes); the other ranks only send (all may be NULL there).
 * Returns 0, or -1 on an MPI failure. */
int cluster_gather(const void *mine, void *all, size_t bytes);

/* Like cluster_gather with a count per rank: rank r sends n items of
 * `item` bytes; rank 0 receives all of them concatenated in rank order
 * into all (room for every rank's items) and each rank's count in counts
 * (size entries). */
int cluster_gatherv(const void *mine, long n, size_t item, void *all, long *counts);

/* Work dealt round robin (every rank gets the same mix): this rank r owns
 * items r, r + size, r + 2 size, ... of n; returns how many (its j-th
 * item is r + j size). */
long cluster_share(long n);

/* Whether item i (of a cluster_share cut) is this rank's; its place in
 * this rank's share is then i / size. */
int cluster_owns(long i);

/* Each rank's results for its share (cluster_share order, nmine items of
 * `item` bytes), put back into item order in all[0..n) on rank 0 (all
 * may be NULL on the others).  Every rank must call it.  Returns 0, or -1
 * on an MPI failure or when memory runs out. */
int cluster_gather_shares(const void *mine, long nmine, size_t item, void *all, long n);

/* Sums over the ranks: every rank passes its `bytes` bytes of data; rank
 * 0's become the sum, add(into, from, ctx) applied to a zeroed copy for
 * rank 0, 1, ... in turn (the same order, hence the same bits, on any
 * launch).  Every rank must call it.  Returns 0, or -1 on an MPI failure
 * or when memory runs out. */
int cluster_reduce(void *data, size_t bytes, void (*add)(void *into, const void *from, void *ctx), void *ctx);
/* The same for one int: the sum of every rank's *v on rank 0. */
int cluster_reduce_int(int *v);

/* Work cut in blocks: rank r owns items [n r / size, n (r + 1) / size). */
void cluster_block(long n, long *lo, long *hi);

/* Every rank filled its own block of data (n items of `item` bytes);
 * afterwards every rank holds all of them, in place.  Every rank must
 * call it.  Returns 0, or -1 on an MPI failure. */
int cluster_allgather_blocks(void *data, long n, size_t item);

/* Rank 0's `bytes` bytes of data, on every rank afterwards.  Every rank
 * must call it.  Returns 0, or -1 on an MPI failure. */
int cluster_bcast(void *data, size_t bytes);

#endif
