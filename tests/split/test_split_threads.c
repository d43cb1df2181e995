/* test_split_threads.c — the totals are bit-identical whatever the thread
 * count (every 40th class, to keep the test short). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "split_solve.h"

static struct split_totals run(const char *preset, int threads)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);
    struct split_solve_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = threads, .stride = 40};
    struct split_result r;
    char err[256];
    assert_int_equal(split_solve(pt, 1, &o, &r, err, sizeof err), 0);
    return r.tot;
}

static void same_totals(const char *preset)
{
    struct split_totals one = run(preset, 1), two = run(preset, 2), three = run(preset, 3);
    assert_true(one.ev != 0);
    assert_memory_equal(&one, &two, sizeof one);
    assert_memory_equal(&one, &three, sizeof one);
}

static void threads_2014(void **state)
{
    (void)state;
    same_totals("2014-2b");
}

static void threads_v2(void **state)
{
    (void)state;
    same_totals("v2-P7");
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(threads_2014), cmocka_unit_test(threads_v2)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
