/* test_pinning.c — pinning_bind (solver/engine/pinning.c), with the team
 * set by omp_set_num_threads as team_start sets it, checked from outside:
 * each thread's CPU set as the kernel reports it (sched_getaffinity),
 * against the CPUs the process may use and the machine's cores (hwloc is
 * only asked where the cores are).
 *   - with --bind core, every thread of the team is bound within the
 *     allowed CPUs and within one core; with two allowed cores or more, two
 *     threads are on different cores;
 *   - the first_core offset moves thread 0 to the next core;
 *   - a process narrowed to one hardware thread of a core stays on it
 *     (pinning must not widen it to the whole core; ctest also runs this
 *     file on a synthetic 1-core, 2-thread topology to reach that case);
 *   - where sysfs holds no CPU topology (a fake HWLOC_FSROOT), the cores
 *     still come (pinning_bind falls back to hwloc's x86 backend);
 *   - with --bind none nothing is bound and the count is 0;
 *   - with --bind none the team keeps the size it was given.
 * ctest runs it with OMP_PROC_BIND=false and OMP_DYNAMIC=false: OpenMP's
 * own binding, or a smaller team than asked, would not be pinning_bind's.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <hwloc.h>
#include <hwloc/glibc-sched.h>
#include <omp.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pinning.h"

static cpu_set_t allowed; /* the process's CPUs before any binding */
static hwloc_topology_t topo;

/* Made by the group's setup, removed by its teardown: a failing test
 * returns early. */
static char fake_root[] = "/tmp/fourcard-fsroot-XXXXXX";
static bool fake_root_exists, fake_root_made;

/* Copies /sys/devices/system/cpu/<name> into the fake root's. */
static bool copy_cpu_file(const char *root, const char *name)
{
    char src[64], dst[512], line[4096] = "";
    snprintf(src, sizeof src, "/sys/devices/system/cpu/%s", name);
    snprintf(dst, sizeof dst, "%s/sys/devices/system/cpu/%s", root, name);
    FILE *in = fopen(src, "r"), *out = in ? fopen(dst, "w") : NULL;
    bool ok = in && out && fgets(line, sizeof line, in) && fputs(line, out) >= 0;
    if (in)
        fclose(in);
    if (out)
        ok = fclose(out) == 0 && ok;
    return ok;
}

/* A root whose sysfs lists this machine's CPUs, each without a topology
 * directory (as some containers and old kernels show it). */
static bool fake_root_without_topology(char *root)
{
    static const char *const dirs[] = {"/sys", "/sys/devices", "/sys/devices/system", "/sys/devices/system/cpu"};
    char path[512];
    if (!mkdtemp(root))
        return false;
    fake_root_exists = true;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        snprintf(path, sizeof path, "%s%s", root, dirs[i]);
        if (mkdir(path, 0755) != 0)
            return false;
    }
    for (int c = 0; c < CPU_SETSIZE; c++) {
        snprintf(path, sizeof path, "%s/sys/devices/system/cpu/cpu%d", root, c);
        if (CPU_ISSET(c, &allowed) && mkdir(path, 0755) != 0)
            return false;
    }
    return copy_cpu_file(root, "online") && copy_cpu_file(root, "possible");
}

static int setup(void **state)
{
    (void)state;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || hwloc_topology_init(&topo) != 0)
        return -1;
    fake_root_made = fake_root_without_topology(fake_root);
    return hwloc_topology_load(topo);
}

static int teardown(void **state)
{
    (void)state;
    hwloc_topology_destroy(topo);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", fake_root);
    return fake_root_exists && system(cmd) != 0 ? -1 : 0;
}

/* The CPUs of set on the machine's core i (hwloc's order); false past
 * the last core. */
static bool core_cpus(int i, const cpu_set_t *set, cpu_set_t *out)
{
    hwloc_obj_t core = hwloc_get_obj_by_type(topo, HWLOC_OBJ_CORE, (unsigned)i);
    if (!core)
        return false;
    cpu_set_t cs;
    hwloc_cpuset_to_glibc_sched_affinity(topo, core->cpuset, &cs, sizeof cs);
    CPU_AND(out, &cs, set);
    return true;
}

/* The cores of the machine that hold a CPU of set. */
static int cores_touching(const cpu_set_t *set)
{
    int n = 0;
    cpu_set_t on;
    for (int i = 0; core_cpus(i, set, &on); i++)
        n += CPU_COUNT(&on) > 0;
    return n;
}

/* Each thread's CPU set in a team of n, as the kernel reports it; the
 * team's size is checked. */
static void thread_sets(int n, cpu_set_t *sets)
{
    int team = 0;
#pragma omp parallel num_threads(n)
    {
        sched_getaffinity(0, sizeof sets[0], &sets[omp_get_thread_num()]);
#pragma omp single
        team = omp_get_num_threads();
    }
    assert_int_equal(team, n);
}

/* Each thread's CPU set after pinning a team of threads (BIND_CORE, first). */
static void pinned_sets(int threads, int first, cpu_set_t *sets)
{
    char note[160];
    sched_setaffinity(0, sizeof allowed, &allowed); /* undo an earlier test's binding of this thread */
    omp_set_num_threads(threads);
    int bound = pinning_bind(BIND_CORE, first, note, sizeof note);
    if (bound < 0)
        fail_msg("pinning_bind failed: %s", note);
    assert_int_equal(bound, threads);
    thread_sets(threads, sets);
}

static void test_bind_core_binds_each_thread_to_one_core(void **state)
{
    (void)state;
    cpu_set_t sets[2];
    pinned_sets(2, 0, sets);
    assert_int_equal(omp_get_max_threads(), 2);
    for (int i = 0; i < 2; i++) {
        cpu_set_t inside;
        CPU_AND(&inside, &sets[i], &allowed);
        assert_true(CPU_COUNT(&sets[i]) >= 1);
        assert_true(CPU_EQUAL(&inside, &sets[i])); /* within the allowed CPUs */
        assert_int_equal(cores_touching(&sets[i]), 1);
    }
    if (cores_touching(&allowed) >= 2) {
        cpu_set_t both;
        CPU_AND(&both, &sets[0], &sets[1]);
        assert_int_equal(CPU_COUNT(&both), 0);
    }
}

static void test_first_core_offsets_the_round_robin(void **state)
{
    (void)state;
    cpu_set_t plain[2], offset[1];
    pinned_sets(2, 0, plain);
    pinned_sets(1, 1, offset);
    if (cores_touching(&allowed) < 2)
        skip();
    assert_true(CPU_EQUAL(&offset[0], &plain[1])); /* thread 0 on the second core */
}

static void test_bind_none_leaves_threads_alone(void **state)
{
    (void)state;
    char note[160] = "unchanged";
    sched_setaffinity(0, sizeof allowed, &allowed);
    omp_set_num_threads(3);
    assert_int_equal(pinning_bind(BIND_NONE, 0, note, sizeof note), 0);
    assert_string_equal(note, "");
    assert_int_equal(omp_get_max_threads(), 3);
    cpu_set_t sets[3];
    thread_sets(3, sets);
    for (int i = 0; i < 3; i++)
        assert_true(CPU_EQUAL(&sets[i], &allowed));
}

/* The first allowed CPU of a core with two allowed CPUs or more; -1 if none. */
static int cpu_sharing_a_core(void)
{
    cpu_set_t on;
    for (int i = 0; core_cpus(i, &allowed, &on); i++)
        if (CPU_COUNT(&on) >= 2)
            for (int c = 0; c < CPU_SETSIZE; c++)
                if (CPU_ISSET(c, &on))
                    return c;
    return -1;
}

static void test_one_hardware_thread_stays_one(void **state)
{
    (void)state;
    int c = cpu_sharing_a_core();
    if (c < 0)
        skip();
    cpu_set_t one, sets[2];
    CPU_ZERO(&one);
    CPU_SET(c, &one);
#pragma omp parallel num_threads(2) /* the whole process: the team's threads too */
    sched_setaffinity(0, sizeof one, &one);
    char note[160];
    omp_set_num_threads(2);
    int bound = pinning_bind(BIND_CORE, 0, note, sizeof note);
    thread_sets(2, sets);
#pragma omp parallel num_threads(2)
    sched_setaffinity(0, sizeof allowed, &allowed);
    assert_int_equal(bound, 2);
    assert_true(CPU_EQUAL(&sets[0], &one));
    assert_true(CPU_EQUAL(&sets[1], &one));
}

static int unset_fake_root(void **state)
{
    (void)state;
    unsetenv("HWLOC_FSROOT");
    unsetenv("HWLOC_THISSYSTEM");
    return 0;
}

static void test_cores_without_sysfs_topology(void **state)
{
    (void)state;
#if !defined(__x86_64__) && !defined(__i386__)
    skip(); /* the fallback is hwloc's x86 backend */
#endif
    if (getenv("HWLOC_SYNTHETIC"))
        skip(); /* a synthetic machine has no sysfs to fake */
    assert_true(fake_root_made);
    setenv("HWLOC_FSROOT", fake_root, 1);
    setenv("HWLOC_THISSYSTEM", "1", 1); /* binding stays real */
    cpu_set_t sets[2];
    pinned_sets(2, 0, sets);
    for (int i = 0; i < 2; i++)
        assert_int_equal(cores_touching(&sets[i]), 1);
    if (cores_touching(&allowed) >= 2) {
        cpu_set_t both;
        CPU_AND(&both, &sets[0], &sets[1]);
        assert_int_equal(CPU_COUNT(&both), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* first: OpenMP keeps its threads, and a bound thread stays bound */
        cmocka_unit_test(test_bind_none_leaves_threads_alone),
        cmocka_unit_test(test_bind_core_binds_each_thread_to_one_core),
        cmocka_unit_test(test_first_core_offsets_the_round_robin),
        cmocka_unit_test(test_one_hardware_thread_stays_one),
        cmocka_unit_test_teardown(test_cores_without_sysfs_topology, unset_fake_root),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
