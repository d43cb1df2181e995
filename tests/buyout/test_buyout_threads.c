/* test_buyout_threads.c — the totals are bit-identical whatever the thread
 * count, and with the solution kept or not (a six-deck shoe of the top 9
 * ranks, to keep the test short), with and without a Bonus, and on a
 * depleted shoe with uneven suits (27 framed upcards: the tables' memory
 * reused from one to the next). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "buyout_solve.h"

/* keep: the solution kept (the strategy files' path), which keeps every
 * upcard's dealer tables instead of reusing a few tables' memory */
static struct buyout_totals run(const struct buyout_rules *r, int threads, bool keep)
{
    struct buyout_solution sol;
    struct buyout_solve_options o = {.threads = threads, .solution = keep ? &sol : NULL};
    struct buyout_result res;
    char err[256];
    assert_int_equal(buyout_solve(r, &o, &res, err, sizeof err), 0);
    if (keep)
        buyout_solution_free(&sol);
    return res.tot;
}

static void same_totals(const struct buyout_rules *r)
{
    struct buyout_totals one = run(r, 1, false), two = run(r, 2, false), three = run(r, 3, false);
    struct buyout_totals kept = run(r, 2, true);
    assert_true(one.ev != 0);
    assert_memory_equal(&one, &two, sizeof one);
    assert_memory_equal(&one, &three, sizeof one);
    assert_memory_equal(&one, &kept, sizeof one);
}

static void main_game(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    r.nranks = 9;
    same_totals(&r);
}

static void with_bonus(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    r.nranks = 9;
    r.bonus_table = 1;
    r.bonus_num = 1, r.bonus_den = 2;
    same_totals(&r);
}

/* A depleted shoe with uneven suits (solve buyout --shoe): the top 9
 * ranks of six decks less an ace of spades and two kings of hearts. */
static void uneven_shoe(void **state)
{
    (void)state;
    struct buyout_rules r = buyout_rules_default();
    r.shoe_given = true;
    for (int c = 0; c < NCARDS; c++)
        r.shoe[c] = (int8_t)(card_rank((card_t)c) >= NRANKS - 9 ? 6 : 0);
    r.shoe[card_make(RANK_ACE, 3)] = 5;
    r.shoe[card_make(RANK_KING, 2)] = 4;
    r.bonus_table = 2;
    r.bonus_num = r.bonus_den = 1;
    same_totals(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(main_game), cmocka_unit_test(with_bonus),
                                       cmocka_unit_test(uneven_shoe)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
