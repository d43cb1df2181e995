/* team.h — the one place a run's OpenMP team starts.
 *
 * Every solver calls team_start first: it sets the thread count (the only
 * call of omp_set_num_threads), pins the threads (pinning.h) after those
 * of the ranks before this one on its node, and, once per process when
 * the layout is asked for (team_show_layout, the command line's
 * --verbose), prints the machine and the run's layout on stderr.  Every
 * parallel region after it uses that team. */
#ifndef FOURCARD_TEAM_H
#define FOURCARD_TEAM_H

#include <stdbool.h>

#include "pinning.h"

/* Starts the team: threads 0 = OpenMP's default, pinned by bind (not
 * again when the last call pinned a team of the same size the same way:
 * OpenMP keeps its threads).  A pinning failure is one note on stderr
 * (rank 0); the run goes on unbound.  Returns the team's size. */
int team_start(int threads, enum bind_mode bind);

/* Whether team_start prints the layout (a setting of the whole process). */
void team_show_layout(bool show);

#endif
