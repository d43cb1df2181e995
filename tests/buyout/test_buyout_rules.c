/* test_buyout_rules.c — the 4 Card Buyout building blocks against the
 * scalar reference (kernels/buyout.h):
 *   - the dealer's two readings of 5 cards give the same points on every
 *     hand the dealer can draw to (4 cards under 13 points, every 5th
 *     card), which is why both readings give the same EVs;
 *   - the solver's fast points equal the reference on every multiset of
 *     2 to 5 card types (six decks allow repeats), and so do four cards'
 *     points with a fifth (buyout_points_with), each card of every
 *     5-card multiset in turn the fifth, and three cards' with a fourth,
 *     each card of every 4-card multiset in turn, under both readings,
 *     and with every card at once (buyout_points_with_each) for every
 *     3-card multiset;
 *   - the Bonus pay tables as printed in the rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "buyout.h"
#include "buyout_rules.h"

/* Every multiset of n card types a[0] <= .. <= a[n-1], calling f. */
static long each_multiset(int n, void (*f)(const card_t *, int, void *), void *ctx)
{
    card_t a[5] = {0};
    long count = 0;
    for (;;) {
        f(a, n, ctx);
        count++;
        int i = n - 1;
        while (i >= 0 && a[i] == NCARDS - 1)
            i--;
        if (i < 0)
            return count;
        a[i]++;
        for (int j = i + 1; j < n; j++)
            a[j] = a[i];
    }
}

struct draw_check {
    long drawing_hands, checked, differ;
};

/* A dealer's 4 cards (his upcard among them) under 13 points: he draws. */
static void check_readings(const card_t *four, int n, void *vctx)
{
    struct draw_check *c = vctx;
    if (buyout_points(four, n) >= 13)
        return;
    c->drawing_hands++;
    for (int e = 0; e < NCARDS; e++) {
        card_t five[5] = {four[0], four[1], four[2], four[3], (card_t)e};
        c->checked++;
        c->differ += buyout_points5(five, BUYOUT_FIVE_BEST4) != buyout_points5(five, BUYOUT_FIVE_ALL);
    }
}

static void dealer_readings_agree(void **state)
{
    (void)state;
    struct draw_check c = {0, 0, 0};
    long all = each_multiset(4, check_readings, &c);
    printf("# %ld of %ld dealer 4-card multisets draw; %ld 5-card hands checked, %ld differ\n", c.drawing_hands, all,
           c.checked, c.differ);
    assert_true(c.drawing_hands > 0);
    assert_int_equal(c.checked, c.drawing_hands * NCARDS);
    assert_int_equal(c.differ, 0);
}

/* The readings do differ on hands the dealer never keeps 5 cards with:
 * the test above is not vacuous. */
static void readings_differ_elsewhere(void **state)
{
    (void)state;
    card_t five_aces[5] = {card_make(RANK_ACE, 0), card_make(RANK_ACE, 1), card_make(RANK_ACE, 2),
                           card_make(RANK_ACE, 3), card_make(RANK_ACE, 0)};
    assert_int_equal(buyout_points5(five_aces, BUYOUT_FIVE_BEST4), 44);
    assert_int_equal(buyout_points5(five_aces, BUYOUT_FIVE_ALL), 55);
    card_t flush[5] = {card_make(0, 0), card_make(1, 0), card_make(2, 0), card_make(3, 0), card_make(4, 0)};
    assert_int_equal(buyout_points5(flush, BUYOUT_FIVE_BEST4), 3 + 4 + 5 + 6);
    assert_int_equal(buyout_points5(flush, BUYOUT_FIVE_ALL), 2 + 3 + 4 + 5 + 6);
}

struct fast_check {
    long differ, with_checked;
};

/* Four cards c: three kept and each card in turn the fourth, under both
 * readings (which 4 cards never tell apart). */
static void check_three_kept(const card_t c[4], struct fast_check *k)
{
    for (int i = 0; i < 4; i++) {
        card_t three[3];
        for (int j = 0, m = 0; j < 4; j++)
            if (j != i)
                three[m++] = c[j];
        for (int reading = BUYOUT_FIVE_BEST4; reading <= BUYOUT_FIVE_ALL; reading++) {
            struct buyout_points_kept kept;
            buyout_points_keep(&kept, three, 3, (enum buyout_five_reading)reading);
            k->differ += buyout_points_with(&kept, c[i]) != buyout_points(c, 4);
            k->with_checked++;
        }
    }
}

/* Three cards c kept: every card with them at once (buyout_points_with_each). */
static void check_with_each(const card_t c[3], struct fast_check *k)
{
    struct buyout_points_kept kept;
    buyout_points_keep(&kept, c, 3, BUYOUT_FIVE_BEST4);
    int8_t each[NCARDS];
    buyout_points_with_each(&kept, each);
    for (int x = 0; x < NCARDS; x++) {
        card_t four[4] = {c[0], c[1], c[2], (card_t)x};
        k->differ += each[x] != buyout_points(four, 4);
        k->with_checked++;
    }
}

static void check_fast(const card_t *c, int n, void *vctx)
{
    struct fast_check *k = vctx;
    if (n < 5) {
        k->differ += buyout_fast_points(c, n, BUYOUT_FIVE_BEST4) != buyout_points(c, n);
        if (n == 2)
            k->differ += buyout_points2(c[0], c[1]) != buyout_points(c, 2);
        if (n == 3)
            check_with_each(c, k);
        if (n == 4)
            check_three_kept(c, k);
        return;
    }
    k->differ += buyout_fast_points(c, 5, BUYOUT_FIVE_BEST4) != buyout_points5(c, BUYOUT_FIVE_BEST4);
    k->differ += buyout_fast_points(c, 5, BUYOUT_FIVE_ALL) != buyout_points5(c, BUYOUT_FIVE_ALL);
    /* four of them kept, each card in turn the fifth (buyout_points_with) */
    for (int i = 0; i < 5; i++) {
        card_t four[4];
        for (int j = 0, m = 0; j < 5; j++)
            if (j != i)
                four[m++] = c[j];
        struct buyout_points_kept best4, all5;
        buyout_points_keep(&best4, four, 4, BUYOUT_FIVE_BEST4);
        buyout_points_keep(&all5, four, 4, BUYOUT_FIVE_ALL);
        k->differ += buyout_points_with(&best4, c[i]) != buyout_points5(c, BUYOUT_FIVE_BEST4);
        k->differ += buyout_points_with(&all5, c[i]) != buyout_points5(c, BUYOUT_FIVE_ALL);
        k->with_checked += 2;
    }
}

static void fast_points_match(void **state)
{
    (void)state;
    for (int n = 2; n <= 5; n++) {
        struct fast_check k = {0};
        long all = each_multiset(n, check_fast, &k);
        assert_int_equal(k.differ, 0);
        assert_int_equal(k.with_checked, n == 5 ? 10 * all : n == 4 ? 8 * all : n == 3 ? NCARDS * all : 0);
    }
}

static void bonus_tables(void **state)
{
    (void)state;
    /* the rules page: 21-26 / 27-29 / 30-31 differ by table, the rest is shared */
    static const int LOW[4][3] = {{0, 0, 0}, {2, 3, 5}, {3, 4, 7}, {3, 4, 5}};
    for (int t = 1; t <= 3; t++) {
        assert_int_equal(buyout_bonus_result(t, 20), -1);
        assert_int_equal(buyout_bonus_result(t, 0), -1);
        for (int p = 21; p <= 26; p++)
            assert_int_equal(buyout_bonus_result(t, p), LOW[t][0]);
        for (int p = 27; p <= 29; p++)
            assert_int_equal(buyout_bonus_result(t, p), LOW[t][1]);
        for (int p = 30; p <= 31; p++)
            assert_int_equal(buyout_bonus_result(t, p), LOW[t][2]);
        for (int p = 32; p <= 34; p++)
            assert_int_equal(buyout_bonus_result(t, p), 20);
        for (int p = 35; p <= 37; p++)
            assert_int_equal(buyout_bonus_result(t, p), 25);
        static const int TOP[7] = {30, 35, 40, 50, 75, 100, 250}; /* 38..44 */
        for (int p = 38; p <= 44; p++)
            assert_int_equal(buyout_bonus_result(t, p), TOP[p - 38]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(dealer_readings_agree),
        cmocka_unit_test(readings_differ_elsewhere),
        cmocka_unit_test(fast_points_match),
        cmocka_unit_test(bonus_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
