/* cluster.c — see cluster.h. */
#include "cluster.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FOURCARD_HAVE_MPI
#include <dlfcn.h>
#include <libgen.h>
#include <unistd.h>
#endif

#include "cluster_transport.h"

/* Set once MPI has started (under a launcher); without it, or on one
 * rank, every function below is the single process's. */
static const struct cluster_transport *mpi;
static int my_rank, my_size = 1, my_local_rank;

#ifdef FOURCARD_HAVE_MPI
/* Only under a launcher: a plain run needs no MPI start-up. */
static int launched(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE") || getenv("PMIX_RANK");
}

/* The MPI module, from the fourcard binary's own folder (where the build
 * puts it), else from the loader's search path.  RTLD_GLOBAL: Open MPI's
 * own plugins look for its symbols there. */
static const struct cluster_transport *transport_load(char *err, size_t errlen)
{
    char exe[4096], path[4200], first[1024] = "";
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    void *module = NULL;
    if (n > 0) {
        exe[n] = '\0';
        snprintf(path, sizeof path, "%s/%s", dirname(exe), CLUSTER_TRANSPORT_MODULE);
        if (!(module = dlopen(path, RTLD_NOW | RTLD_GLOBAL)))
            snprintf(first, sizeof first, "%s; ", dlerror());
    }
    if (!module && !(module = dlopen(CLUSTER_TRANSPORT_MODULE, RTLD_NOW | RTLD_GLOBAL))) {
        snprintf(err, errlen, "%s%s", first, dlerror());
        return NULL;
    }
    const struct cluster_transport *t = dlsym(module, CLUSTER_TRANSPORT_SYMBOL);
    if (!t)
        snprintf(err, errlen, "%s", dlerror());
    else if (t->version != CLUSTER_TRANSPORT_VERSION) {
        snprintf(err, errlen, "it is from another build (interface %d, this binary wants %d)", t->version,
                 CLUSTER_TRANSPORT_VERSION);
        return NULL;
    }
    return t;
}
#endif

void cluster_init(int *argc, char ***argv)
{
#ifdef FOURCARD_HAVE_MPI
    if (!launched())
        return;
    char err[1200];
    const struct cluster_transport *t = transport_load(err, sizeof err);
    if (!t) { /* every rank would run the whole job alone: stop instead */
        fprintf(stderr, "fourcard: started by an MPI launcher, but %s could not be loaded: %s\n",
                CLUSTER_TRANSPORT_MODULE, err);
        exit(1);
    }
    if (t->init(argc, argv, &my_rank, &my_size, &my_local_rank) != 0) { /* the same: stop */
        fprintf(stderr, "fourcard: started by an MPI launcher, but MPI_Init failed\n");
        exit(1);
    }
    mpi = t;
#else
    (void)argc, (void)argv;
#endif
}

void cluster_finalize(void)
{
    if (mpi)
        mpi->finalize();
    mpi = NULL;
}

void cluster_abort(int code)
{
    if (mpi && my_size > 1)
        mpi->abort(code);
}

int cluster_rank(void) { return my_rank; }
int cluster_size(void) { return my_size; }
int cluster_local_rank(void) { return my_local_rank; }

int cluster_gather(const void *mine, void *all, size_t bytes)
{
    if (mpi && my_size > 1)
        return mpi->gather(mine, all, bytes);
    memcpy(all, mine, bytes);
    return 0;
}

int cluster_gatherv(const void *mine, long n, size_t item, void *all, long *counts)
{
    if (mpi && my_size > 1)
        return mpi->gatherv(mine, n, item, all, counts);
    memcpy(all, mine, (size_t)n * item);
    counts[0] = n;
    return 0;
}

int cluster_allgather_blocks(void *data, long n, size_t item)
{
    return mpi && my_size > 1 ? mpi->allgather_blocks(data, n, item) : 0;
}

int cluster_bcast(void *data, size_t bytes)
{
    return mpi && my_size > 1 ? mpi->bcast(data, bytes) : 0;
}

long cluster_share(long n)
{
    int rank = cluster_rank(), size = cluster_size();
    return n > rank ? (n - rank + size - 1) / size : 0;
}

int cluster_owns(long i)
{
    return i % cluster_size() == cluster_rank();
}

int cluster_reduce(void *data, size_t bytes, void (*add)(void *into, const void *from, void *ctx), void *ctx)
{
    int size = cluster_size(), rank = cluster_rank();
    char *all = rank == 0 ? calloc((size_t)size, bytes) : NULL;
    if (rank == 0 && !all)
        return -1;
    int rc = cluster_gather(data, all, bytes);
    if (rc == 0 && all) {
        memset(data, 0, bytes);
        for (int r = 0; r < size; r++)
            add(data, all + (size_t)r * bytes, ctx);
    }
    free(all);
    return rc;
}

static void int_add(void *into, const void *from, void *ctx)
{
    (void)ctx;
    *(int *)into += *(const int *)from;
}

int cluster_reduce_int(int *v)
{
    return cluster_reduce(v, sizeof *v, int_add, NULL);
}

int cluster_gather_shares(const void *mine, long nmine, size_t item, void *all, long n)
{
    int rank = cluster_rank(), size = cluster_size();
    char *got = rank == 0 ? malloc((size_t)(n > 0 ? n : 1) * item) : NULL; /* rank after rank */
    long *counts = calloc((size_t)size, sizeof *counts);
    int rc = (rank == 0 && !got) || !counts ? -1 : cluster_gatherv(mine, nmine, item, got, counts);
    if (rc == 0 && rank == 0)
        for (long r = 0, at = 0; r < size; at += counts[r], r++)
            for (long j = 0; j < counts[r]; j++)
                memcpy((char *)all + (size_t)(r + j * size) * item, got + (size_t)(at + j) * item, item);
    free(got);
    free(counts);
    return rc;
}

void cluster_block(long n, long *lo, long *hi)
{
    cluster_cut(n, cluster_rank(), cluster_size(), lo, hi);
}

const char *cluster_describe(char *buf, size_t len)
{
    if (cluster_size() == 1)
        snprintf(buf, len, "1 process");
    else
        snprintf(buf, len, "%d MPI ranks", cluster_size());
    return buf;
}
