/* test_pinning.c — pin_threads (solver/pinning.c) checked from outside
 * hwloc: each thread's CPU set as the kernel reports it
 * (sched_getaffinity), against the CPUs the process may use.
 *   - with --bind core, every thread of the team is bound to a proper
 *     subset of the allowed CPUs (when there are two cores or more), and
 *     two threads to disjoint sets (different cores);
 *   - the first_core offset moves thread 0 to another core;
 *   - with --bind none nothing is bound and the count is 0;
 *   - the thread count is set either way.
 * On a machine with one allowed CPU the binding checks are skipped.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <omp.h>
#include <sched.h>
#include <string.h>

#include "pinning.h"

static cpu_set_t allowed; /* the process's CPUs before any binding */

static int setup(void **state)
{
    (void)state;
    return sched_getaffinity(0, sizeof allowed, &allowed);
}

/* Each thread's CPU set after pin_threads(BIND_CORE, threads, first). */
static int pinned_sets(int threads, int first, cpu_set_t *sets)
{
    char note[160];
    sched_setaffinity(0, sizeof allowed, &allowed); /* undo an earlier test's binding of this thread */
    int team = pin_threads(BIND_CORE, threads, first, note, sizeof note);
    if (team < 0)
        fail_msg("pin_threads failed: %s", note);
#pragma omp parallel num_threads(threads)
    sched_getaffinity(0, sizeof sets[0], &sets[omp_get_thread_num()]);
    return team;
}

static void test_bind_core_binds_each_thread_to_its_own_core(void **state)
{
    (void)state;
    cpu_set_t sets[2];
    assert_int_equal(pinned_sets(2, 0, sets), 2);
    assert_int_equal(omp_get_max_threads(), 2);
    if (CPU_COUNT(&allowed) < 2)
        skip();
    for (int i = 0; i < 2; i++) {
        cpu_set_t inside;
        CPU_AND(&inside, &sets[i], &allowed);
        assert_true(CPU_EQUAL(&inside, &sets[i])); /* within the allowed CPUs */
        assert_true(CPU_COUNT(&sets[i]) >= 1);
        assert_true(CPU_COUNT(&sets[i]) < CPU_COUNT(&allowed));
    }
    cpu_set_t both;
    CPU_AND(&both, &sets[0], &sets[1]);
    assert_int_equal(CPU_COUNT(&both), 0);
}

static void test_first_core_offsets_the_round_robin(void **state)
{
    (void)state;
    cpu_set_t plain[2], offset[1];
    pinned_sets(2, 0, plain);
    assert_int_equal(pinned_sets(1, 1, offset), 1);
    if (CPU_COUNT(&allowed) < 2)
        skip();
    assert_true(CPU_EQUAL(&offset[0], &plain[1])); /* thread 0 on the second core */
}

static void test_bind_none_leaves_threads_alone(void **state)
{
    (void)state;
    char note[160] = "unchanged";
    sched_setaffinity(0, sizeof allowed, &allowed);
    assert_int_equal(pin_threads(BIND_NONE, 3, 0, note, sizeof note), 0);
    assert_string_equal(note, "");
    assert_int_equal(omp_get_max_threads(), 3);
    cpu_set_t sets[3];
#pragma omp parallel num_threads(3)
    sched_getaffinity(0, sizeof sets[0], &sets[omp_get_thread_num()]);
    for (int i = 0; i < 3; i++)
        assert_true(CPU_EQUAL(&sets[i], &allowed));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* first: OpenMP keeps its threads, and a bound thread stays bound */
        cmocka_unit_test(test_bind_none_leaves_threads_alone),
        cmocka_unit_test(test_bind_core_binds_each_thread_to_its_own_core),
        cmocka_unit_test(test_first_core_offsets_the_round_robin),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
