/* test_buyout_bonus.c — the Bonus played alone against the 4-card points
 * frequencies of `fourcard freq buyout-points` (every 4-card multiset of
 * the six-deck shoe through the batched kernel, freq_compute), priced here
 * with the pay tables copied from the rules page. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "buyout_solve.h"
#include "freq.h"

/* The rules page, to 1: 44 250, 43 100, 42 75, 41 50, 40 40, 39 35, 38 30,
 * 35-37 25, 32-34 20, then by table 30-31 5/7/5, 27-29 3/4/4, 21-26 2/3/3;
 * under 21 the Bonus loses. */
static int pay(int table, int p)
{
    static const int top[] = {250, 100, 75, 50, 40, 35, 30};
    if (p >= 38)
        return top[44 - p];
    if (p >= 35)
        return 25;
    if (p >= 32)
        return 20;
    if (p >= 30)
        return table == 2 ? 7 : 5;
    if (p >= 27)
        return table == 1 ? 3 : 4;
    if (p >= 21)
        return table == 1 ? 2 : 3;
    return -1;
}

static struct freq_table points;

static int setup(void **state)
{
    (void)state;
    return freq_compute(K_BUYOUT_POINTS, &points);
}

static void alone(int table)
{
    __int128 num = 0;
    for (int i = 0; i < points.nrows; i++)
        num += (__int128)points.rows[i].count * pay(table, atoi(points.rows[i].category));
    __int128 den = points.total;
    assert_true(points.total == 387278970u); /* C(312, 4) */

    struct buyout_rules r = buyout_rules_default();
    r.bonus_table = table;
    r.bonus_alone = true;
    wide_t n, d;
    char err[256];
    assert_int_equal(buyout_round_ev(&r, 1, &n, &d, err, sizeof err), 0);
    assert_true(n * den == num * d);
}

static void table1(void **state)
{
    (void)state;
    alone(1);
}

static void table2(void **state)
{
    (void)state;
    alone(2);
}

static void table3(void **state)
{
    (void)state;
    alone(3);
}

/* With the main game the Bonus's part differs: it is lost on a fold and
 * judged on the cards kept. */
static void beside_main_game_is_different(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    r.decks = 1;
    r.nranks = 6;
    r.bonus_table = 2;
    r.bonus_num = 1, r.bonus_den = 1;
    struct buyout_solve_options o = {.threads = 1};
    struct buyout_result res;
    char err[256];
    assert_int_equal(buyout_solve(&r, &o, &res, err, sizeof err), 0);
    const struct buyout_totals *t = &res.tot;
    assert_true(t->bonus != 0);
    assert_true(t->first + t->second + t->third + t->bonus == t->ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table1),
        cmocka_unit_test(table2),
        cmocka_unit_test(table3),
        cmocka_unit_test(beside_main_game_is_different),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
