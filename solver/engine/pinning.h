/* pinning.h — binds the OpenMP threads to cores with hwloc.
 *
 * Thread i of the team goes to the i-th core (round robin) among the cores
 * the process may run on (its current CPU binding, so a batch system's or
 * mpirun's allocation is respected).  Binding changes where threads run,
 * never what they compute: results are the same with or without it. */
#ifndef FOURCARD_PINNING_H
#define FOURCARD_PINNING_H

#include <stddef.h>

enum bind_mode { BIND_CORE = 0, BIND_NONE = 1 };

/* Parses "core" or "none"; -1 when neither. */
int bind_mode_parse(const char *text, enum bind_mode *out);
const char *bind_mode_name(enum bind_mode m); /* "core" or "none" */

/* With BIND_CORE, binds each thread of the current team (OpenMP's
 * thread count: team.h sets it); first_core offsets the round robin
 * (several processes on one node: pass local rank x threads).  Returns the
 * number of threads bound (0 with BIND_NONE); on an hwloc failure it
 * leaves the threads unbound, says so in note (one line) and returns -1:
 * a run goes on unbound. */
int pinning_bind(enum bind_mode mode, int first_core, char *note, size_t notelen);

/* Before hwloc_topology_init: keeps hwloc from loading its plugins (GL,
 * OpenCL, PCI, libxml2 — devices fourcard never looks at), whose loading
 * took longer (about 4 ms) than reading the topology itself.  A user's own
 * HWLOC_PLUGINS_BLACKLIST is left as it is. */
void pinning_hwloc_env(void);

#endif
