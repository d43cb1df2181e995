/* test_split_published.c — the figures the seeds publish, from full
 * computations: 2014 Ante I with Blind 1a, "Overall House Edge with Optimal
 * Strategy, Blind + Ante + Play" 0.9636%; v2 with Blind P1, "Player Net"
 * -0.269%.  Both are per one unit (see ../shared/games/4-card-split.md),
 * printed to 4 and 3 decimals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "split_solve.h"
#include "wide.h"

static double ev_percent(const char *preset, int threads)
{
    const struct split_paytable *pt = split_preset_find(preset);
    assert_non_null(pt);
    struct split_solve_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = threads};
    struct split_result r;
    char err[256];
    assert_int_equal(split_solve(pt, 1, &o, &r, err, sizeof err), 0);
    /* every situation is counted once */
    int64_t n = 0;
    for (int c = 0; c < 4; c++)
        n += r.tot.choice[c];
    assert_int_equal(n, SPLIT_SITUATIONS);
    return 100 * wide_ratio(r.tot.ev, (wide_t)SPLIT_SITUATIONS * SPLIT_L * pt->den);
}

static void house_edge_2014_1a(void **state)
{
    (void)state;
    double he = -ev_percent("2014-1a", 0);
    print_message("2014-1a house edge %.6f%% (published 0.9636%%)\n", he);
    assert_true(he > 0.96355 && he < 0.96365);
}

static void player_net_v2_p1(void **state)
{
    (void)state;
    double net = ev_percent("v2-P1", 0);
    print_message("v2-P1 player net %.6f%% (published -0.269%%)\n", net);
    assert_true(net > -0.2695 && net < -0.2685);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(house_edge_2014_1a),
        cmocka_unit_test(player_net_v2_p1),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
