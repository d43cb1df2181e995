/* topology.h — the machine as hwloc sees it, for benchmark records and
 * --verbose output. */
#ifndef FOURCARD_TOPOLOGY_H
#define FOURCARD_TOPOLOGY_H

#include <stddef.h>

struct json_object;

/* One line, e.g. "AMD EPYC: 1 package, 2 cores, 2 PUs, L1d 64 KiB x2,
 * L2 512 KiB x2, L3 32 MiB x1, NUMA 1, 23.4 GiB".  Returns buf. */
char *topology_summary(char *buf, size_t len);

/* The same facts as a JSON object (a new reference the caller owns):
 * {"cpu_model": s, "packages": n, "cores": n, "pus": n, "numa_nodes": n,
 *  "memory_bytes": n, "caches": [{"level": "L1d", "size_bytes": n, "count": n}, ...],
 *  "simd": ["avx2", "avx512"] (the batch variants this CPU runs)}. */
struct json_object *topology_json(void);

#endif
