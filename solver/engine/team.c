/* team.c — see team.h. */
#include "team.h"

#include <omp.h>
#include <stdio.h>

#include "big_alloc.h"
#include "cluster.h"
#include "topology.h"
#include "wait_policy.h"

static bool show_layout;

void team_show_layout(bool show)
{
    show_layout = show;
}

/* The machine and the run's layout on stderr, from rank 0, once. */
static void say_layout(int threads, enum bind_mode bind)
{
    static bool said;
    if (!show_layout || said || cluster_rank() != 0)
        return;
    said = true;
    char topo[512], ranks[32];
    fprintf(stderr, "topology: %s\n", topology_summary(topo, sizeof topo));
    fprintf(stderr, "run: %s, %d threads each (%s), bind %s, OpenMP wait %s, huge pages %s\n",
            cluster_describe(ranks, sizeof ranks), threads ? threads : omp_get_max_threads(),
            threads ? "--threads" : "OpenMP default", bind_mode_name(bind), wait_policy_describe(),
            big_alloc_huge_pages_describe());
}

int team_start(int threads, enum bind_mode bind)
{
    static int last_team = -1; /* the team pinned last, kept by OpenMP's pool of threads */
    static enum bind_mode last_bind;
    say_layout(threads, bind);
    if (threads > 0)
        omp_set_num_threads(threads);
    int team = omp_get_max_threads();
    if (team == last_team && bind == last_bind) /* a second phase of the same run: already pinned */
        return team;
    last_team = team, last_bind = bind;
    char note[160];
    if (pinning_bind(bind, cluster_local_rank() * team, note, sizeof note) < 0 && cluster_rank() == 0)
        fprintf(stderr, "fourcard: %s\n", note);
    return team;
}
