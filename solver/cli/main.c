/* main.c — the fourcard binary. */
#include "cli.h"
#include "cluster.h"

int main(int argc, char **argv)
{
    cluster_init(&argc, &argv);
    int rc = cli_main(argc, argv);
    if (rc != 0)
        cluster_abort(rc); /* the other ranks may be waiting for this one */
    cluster_finalize();
    return rc;
}
