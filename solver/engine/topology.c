/* topology.c — hwloc's view of the machine.
 *
 * Each call loads a fresh topology, copies the few facts we report into a
 * plain struct and frees the topology at once; both the one-line summary
 * and the JSON object are formatted from that struct, so they always agree.
 * hwloc may lack any field (containers, exotic platforms): an unknown count
 * is -1, an unknown size 0, an unknown model "", and the formatters print
 * "?" or omit the field rather than guess.
 */
#include "topology.h"

#include "batch.h"
#include "pinning.h"

#include <hwloc.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { MAX_CACHE_GROUPS = 16 };

/* Caches of one level and type that share a size, e.g. "L1d 32 KiB x2".
 * Grouping by size as well keeps hybrid CPUs (big and little cores with
 * different L2s) honest. */
struct cache_group {
    char level[8]; /* "L1d", "L2", ... */
    uint64_t size_bytes; /* 0 when hwloc does not know */
    int count;
};

struct topo_facts {
    bool loaded;
    char cpu_model[128]; /* "" when unknown */
    int packages, cores, pus, numa_nodes; /* -1 when unknown */
    uint64_t memory_bytes; /* 0 when unknown */
    int ncaches;
    struct cache_group caches[MAX_CACHE_GROUPS];
};

/* ---- gathering ---------------------------------------------------------- */

/* Every machine has at least one of each counted type, so 0 (type absent
 * from hwloc's tree) and -1 (type at several depths) both mean unknown. */
static int count_objects(hwloc_topology_t topo, hwloc_obj_type_t type)
{
    int n = hwloc_get_nbobjs_by_type(topo, type);
    return n > 0 ? n : -1;
}

/* The CPUModel info usually sits on the package; some back ends put it on
 * the root object instead. */
static void read_cpu_model(hwloc_topology_t topo, struct topo_facts *f)
{
    const char *model = NULL;
    hwloc_obj_t package = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
    if (package)
        model = hwloc_obj_get_info_by_name(package, "CPUModel");
    if (!model)
        model = hwloc_obj_get_info_by_name(hwloc_get_root_obj(topo), "CPUModel");
    if (model)
        snprintf(f->cpu_model, sizeof f->cpu_model, "%s", model);
}

static void cache_label(hwloc_obj_t cache, char *buf, size_t len)
{
    const char *kind = "";
    if (cache->attr->cache.type == HWLOC_OBJ_CACHE_DATA)
        kind = "d";
    else if (cache->attr->cache.type == HWLOC_OBJ_CACHE_INSTRUCTION)
        kind = "i";
    snprintf(buf, len, "L%u%s", cache->attr->cache.depth, kind);
}

static void count_cache(struct topo_facts *f, const char *level, uint64_t size)
{
    for (int i = 0; i < f->ncaches; i++) {
        struct cache_group *g = &f->caches[i];
        if (g->size_bytes == size && strcmp(g->level, level) == 0) {
            g->count++;
            return;
        }
    }
    if (f->ncaches == MAX_CACHE_GROUPS)
        return; /* absurdly heterogeneous machine: drop the rest */
    struct cache_group *g = &f->caches[f->ncaches++];
    snprintf(g->level, sizeof g->level, "%s", level);
    g->size_bytes = size;
    g->count = 1;
}

/* Data and unified caches only: instruction caches do not bound the
 * working sets the benchmarks and solver care about. */
static void read_caches(hwloc_topology_t topo, struct topo_facts *f)
{
    static const hwloc_obj_type_t levels[] = {
        HWLOC_OBJ_L1CACHE, HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L3CACHE,
        HWLOC_OBJ_L4CACHE, HWLOC_OBJ_L5CACHE,
    };
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        if (!hwloc_obj_type_is_dcache(levels[i]))
            continue;
        hwloc_obj_t obj = NULL;
        while ((obj = hwloc_get_next_obj_by_type(topo, levels[i], obj)) != NULL) {
            if (!obj->attr)
                continue;
            char level[8];
            cache_label(obj, level, sizeof level);
            count_cache(f, level, obj->attr->cache.size);
        }
    }
}

static void gather_facts(struct topo_facts *f)
{
    memset(f, 0, sizeof *f);
    f->packages = f->cores = f->pus = f->numa_nodes = -1;

    hwloc_topology_t topo;
    pinning_hwloc_env();
    if (hwloc_topology_init(&topo) != 0)
        return;
    if (hwloc_topology_load(topo) == 0) {
        f->loaded = true;
        f->packages = count_objects(topo, HWLOC_OBJ_PACKAGE);
        f->cores = count_objects(topo, HWLOC_OBJ_CORE);
        f->pus = count_objects(topo, HWLOC_OBJ_PU);
        f->numa_nodes = count_objects(topo, HWLOC_OBJ_NUMANODE);
        f->memory_bytes = hwloc_get_root_obj(topo)->total_memory;
        read_cpu_model(topo, f);
        read_caches(topo, f);
    }
    hwloc_topology_destroy(topo);
}

/* ---- the one-line summary ---------------------------------------------- */

/* A bounded string builder: appends until the buffer is full, then
 * silently truncates (the summary is informative, never parsed). */
struct line {
    char *buf;
    size_t len, used;
};

static void append(struct line *l, const char *fmt, ...)
{
    if (l->used + 1 >= l->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->buf + l->used, l->len - l->used, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    l->used += (size_t)n;
    if (l->used >= l->len)
        l->used = l->len - 1;
}

/* "32 MiB", "4.1 GiB": whole numbers when exact, one decimal otherwise. */
static void format_bytes(uint64_t bytes, char *buf, size_t len)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    if (bytes == 0) {
        snprintf(buf, len, "?");
        return;
    }
    double v = (double)bytes;
    size_t u = 0;
    uint64_t whole = bytes;
    bool exact = true;
    while (v >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1024;
        exact = exact && whole % 1024 == 0;
        whole /= 1024;
        u++;
    }
    if (exact)
        snprintf(buf, len, "%llu %s", (unsigned long long)whole, units[u]);
    else
        snprintf(buf, len, "%.1f %s", v, units[u]);
}

/* "2 cores", "1 package", "? PUs". */
static void append_count(struct line *l, int n, const char *noun)
{
    if (n < 0)
        append(l, "? %ss", noun);
    else
        append(l, "%d %s%s", n, noun, n == 1 ? "" : "s");
}

char *topology_summary(char *buf, size_t len)
{
    if (!buf || len == 0)
        return buf;
    struct topo_facts f;
    gather_facts(&f);
    struct line l = {buf, len, 0};
    buf[0] = '\0';
    if (!f.loaded) {
        append(&l, "?: hwloc could not load the topology");
        return buf;
    }
    append(&l, "%s: ", f.cpu_model[0] ? f.cpu_model : "?");
    append_count(&l, f.packages, "package");
    append(&l, ", ");
    append_count(&l, f.cores, "core");
    append(&l, ", ");
    append_count(&l, f.pus, "PU");
    for (int i = 0; i < f.ncaches; i++) {
        char size[32];
        format_bytes(f.caches[i].size_bytes, size, sizeof size);
        append(&l, ", %s %s x%d", f.caches[i].level, size, f.caches[i].count);
    }
    if (f.numa_nodes < 0)
        append(&l, ", NUMA ?");
    else
        append(&l, ", NUMA %d", f.numa_nodes);
    char memory[32];
    format_bytes(f.memory_bytes, memory, sizeof memory);
    append(&l, ", %s", memory);
    return buf;
}

/* ---- JSON ---------------------------------------------------------------- */

static void add_count(struct json_object *o, const char *key, int n)
{
    if (n >= 0)
        json_object_object_add(o, key, json_object_new_int(n));
}

static struct json_object *caches_json(const struct topo_facts *f)
{
    struct json_object *a = json_object_new_array();
    for (int i = 0; i < f->ncaches; i++) {
        const struct cache_group *g = &f->caches[i];
        struct json_object *c = json_object_new_object();
        json_object_object_add(c, "level", json_object_new_string(g->level));
        if (g->size_bytes)
            json_object_object_add(c, "size_bytes", json_object_new_int64((int64_t)g->size_bytes));
        json_object_object_add(c, "count", json_object_new_int(g->count));
        json_object_array_add(a, c);
    }
    return a;
}

/* The variants this build and CPU can run, not merely what cpuid claims:
 * that is what the benchmark rows will show. */
static struct json_object *simd_json(void)
{
    struct json_object *a = json_object_new_array();
    for (int v = 0; v < SIMD_NVARIANTS; v++)
        if (batch_kernels_get((enum simd_variant)v) != NULL)
            json_object_array_add(a, json_object_new_string(simd_variant_name((enum simd_variant)v)));
    return a;
}

struct json_object *topology_json(void)
{
    struct topo_facts f;
    gather_facts(&f);
    struct json_object *o = json_object_new_object();
    if (f.cpu_model[0])
        json_object_object_add(o, "cpu_model", json_object_new_string(f.cpu_model));
    add_count(o, "packages", f.packages);
    add_count(o, "cores", f.cores);
    add_count(o, "pus", f.pus);
    add_count(o, "numa_nodes", f.numa_nodes);
    if (f.memory_bytes)
        json_object_object_add(o, "memory_bytes", json_object_new_int64((int64_t)f.memory_bytes));
    if (f.loaded)
        json_object_object_add(o, "caches", caches_json(&f));
    json_object_object_add(o, "simd", simd_json());
    return o;
}
