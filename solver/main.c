/* main.c — the fourcard binary. */
#include "cli.h"
#include "cluster.h"

int main(int argc, char **argv)
{
    cluster_init(&argc, &argv);
    int rc = cli_main(argc, argv);
    cluster_finalize();
    return rc;
}
