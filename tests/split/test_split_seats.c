/* test_split_seats.c — `protect split --seats N` (split_seats.h):
 *
 *   1. with no card dead, the seats' counts are the normal fast path's
 *      (split_counts.h, a different method: Möbius terms over tables of
 *      the whole deck), every hand of random situations;
 *   1b. one card dead, each of the 47 in turn: the counts add up to a
 *      multiple of the normal ones;
 *   2. with the other seats' cards dead, the counts of every hand, each
 *      hand's money and the best option's value against the brute force of
 *      split_seats_brute.c (written from the rules), random tables of 2 to
 *      7 seats, 2014 and v2 rules, both instant readings;
 *   3. the money scale L_n: every hand's total divides it, and L_1 is the
 *      normal game's SPLIT_L;
 *   4. a run of a few tables: the same sums with 1, 2 and 3 threads, the
 *      gain never negative, the kinds of change adding up, and the seats'
 *      own mean EV within 4 standard errors of normal EV + mean gain.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "split_counts.h"
#include "split_price.h"
#include "split_seats.h"
#include "split_seats_brute.h"

static uint64_t rng = 0x5ea75ea7abcdefULL;
static unsigned next_rand(unsigned n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* n distinct random cards. */
static void random_cards(card_t *c, int n)
{
    cardmask_t used = 0;
    for (int k = 0; k < n;) {
        card_t x = (card_t)next_rand(NCARDS);
        if (!(used & card_bit(x)))
            used |= card_bit(x), c[k++] = x;
    }
}

static int64_t choose(int64_t n, int k)
{
    int64_t c = 1;
    for (int i = 0; i < k; i++)
        c = c * (n - i) / (i + 1);
    return c;
}

static void test_no_dead_is_normal(void **state)
{
    (void)state;
    const char *presets[] = {"2014-1a", "v2-P1"};
    for (int v = 0; v < 2; v++) {
        const struct split_paytable *pt = split_preset_find(presets[v]);
        struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
        assert_non_null(t);
        int bad = 0;
        for (int i = 0; i < 40; i++) {
            card_t c[5];
            random_cards(c, 5);
            struct split_hand_counts normal[SPLIT_NMASKS], seats[SPLIT_NMASKS];
            split_situation_counts(t, c, c[4], normal);
            split_seats_counts(t, c, c[4], 0, seats);
            for (int m = 1; m < 15; m++)
                bad += memcmp(&normal[m], &seats[m], sizeof normal[m]) != 0;
        }
        split_dealer_tables_free(t);
        assert_int_equal(bad, 0);
    }
}

/* One card more dead, each card of the 47 in turn: a hand's counts add up
 * to (47 - 3 - k) times the normal ones, k its filling cards (each
 * (dealer triple, filling) couple of the normal game is counted once for
 * every card it leaves out).  Ties the dead-card path to the normal one
 * with a dead card present. */
static void test_one_dead_sums_to_normal(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("2014-1a");
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int bad = 0;
    for (int i = 0; i < 4; i++) {
        card_t c[5];
        random_cards(c, 5);
        cardmask_t known = cards_to_mask(c, 5);
        struct split_hand_counts normal[SPLIT_NMASKS], one[SPLIT_NMASKS];
        uint64_t sum[SPLIT_NMASKS][sizeof(struct split_hand_counts) / 4] = {{0}};
        split_situation_counts(t, c, c[4], normal);
        for (int x = 0; x < NCARDS; x++) {
            if (known & card_bit((card_t)x))
                continue;
            split_seats_counts(t, c, c[4], card_bit((card_t)x), one);
            for (int m = 1; m < 15; m++) {
                const uint32_t *f = (const uint32_t *)&one[m];
                for (size_t k = 0; k < sizeof one[m] / 4; k++)
                    sum[m][k] += f[k];
            }
        }
        for (int m = 1; m < 15; m++) {
            int fill = 3 - __builtin_popcount((unsigned)m);
            const uint32_t *f = (const uint32_t *)&normal[m];
            for (size_t k = 0; k < sizeof normal[m] / 4; k++)
                bad += sum[m][k] != (uint64_t)f[k] * (uint64_t)(44 - fill);
        }
    }
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
}

static void test_scale(void **state)
{
    (void)state;
    assert_true(split_seats_scale(1) == SPLIT_L);
    for (int n = 1; n <= SPLIT_SEATS_MAX; n++) {
        int64_t r = 47 - 4 * (n - 1), t3 = choose(r, 3), L = split_seats_scale(n);
        assert_true(L % t3 == 0 && L % (t3 * (r - 3)) == 0 && L % (t3 * choose(r - 3, 2)) == 0);
        assert_true(L <= 2 * t3 * choose(r - 3, 2)); /* the lcm, not a multiple of it */
    }
}

/* One seat of a random table of n seats: fast path == brute force. */
static int check_seat(const struct split_paytable *pt, enum split_instant_reading instant,
                      const struct split_dealer_tables *t, int n)
{
    card_t c[4 * SPLIT_SEATS_MAX + 1];
    random_cards(c, 4 * n + 1);
    const card_t *P = c, u = c[4 * n];
    cardmask_t dead = cards_to_mask(c + 4, 4 * (n - 1));
    int64_t L = split_seats_scale(n);
    struct split_hand_counts fast[SPLIT_NMASKS];
    struct split_seats_brute b;
    split_seats_counts(t, P, u, dead, fast);
    split_seats_brute(pt, instant, P, u, dead, &b);
    int bad = 0;
    struct hand_weights hw[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++) {
        hand_weights_at(&fast[m], L, &hw[m]);
        bad += memcmp(&fast[m], &b.counts[m], sizeof fast[m]) != 0;
        bad += (wide_t)hand_value(pt, &hw[m]) != (wide_t)b.money[m] * (L / b.counts[m].total);
    }
    struct cards_info ci;
    struct split_decision d;
    split_cards_info(P, &ci);
    split_decide_weights_at(pt, instant, &ci, hw, L, &d);
    bad += d.best * b.best_den != (wide_t)b.best_num * L;
    if (bad)
        printf("mismatch: %s, %d seats, P %d %d %d %d u %d (%d fields)\n", pt->name, n, P[0], P[1], P[2], P[3], u,
               bad);
    return bad;
}

static void check_brute(const char *preset)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        enum split_instant_reading instant = k ? SPLIT_INSTANT_HIGHEST : SPLIT_INSTANT_CHOOSE;
        bad += check_seat(pt, instant, t, 2); /* the brute force's slowest: one seat */
        for (int n = 3; n <= SPLIT_SEATS_MAX; n++)
            for (int i = 0; i < 3; i++)
                bad += check_seat(pt, instant, t, n);
    }
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
}

static void test_brute_2014(void **state)
{
    (void)state;
    check_brute("2014-1a");
}

static void test_brute_v2(void **state)
{
    (void)state;
    check_brute("v2-P1");
}

static void run(const struct split_paytable *pt, int threads, struct split_seats *s)
{
    struct split_seats_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = threads};
    char err[256];
    assert_int_equal(split_seats_run(pt, &o, 6, 7, 200, 11, s, err, sizeof err), 0);
}

static int rows_equal(const struct split_seats_row *a, const struct split_seats_row *b)
{
    return a->tables == b->tables && a->gain == b->gain && a->gain_sq == b->gain_sq && a->ev == b->ev &&
           a->ev_sq == b->ev_sq && a->changed == b->changed && !memcmp(a->change, b->change, sizeof a->change);
}

static void test_run(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("2014-1a");
    static struct split_seats one, two, three;
    run(pt, 1, &one);
    run(pt, 2, &two);
    run(pt, 3, &three);
    assert_int_equal(one.nrows, 2);
    for (int i = 0; i < one.nrows; i++) {
        const struct split_seats_row *r = &one.rows[i];
        assert_true(rows_equal(r, &two.rows[i]) && rows_equal(r, &three.rows[i]));
        assert_int_equal(r->tables, 200);
        assert_true(r->gain > 0 && r->changed > 0 && r->changed < r->tables * r->seats);
        int64_t kinds = 0;
        for (int k = 0; k < SEEN_NCHANGES; k++)
            kinds += r->change[k];
        assert_int_equal(kinds, r->changed);
        struct split_seats_figures f;
        split_seats_figures(&one, r, &f);
        assert_true(f.gain > 0 && f.se > 0 && f.se < f.gain);
        double z = (f.direct_ev - f.ev) / f.direct_se;
        printf("%d seats: EV %.5f +- %.5f, seats' own %.5f +- %.5f (z %.2f), changed %.4f\n", r->seats, f.ev, f.se,
               f.direct_ev, f.direct_se, z, f.changed);
        assert_true(z > -4 && z < 4);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_dead_is_normal), cmocka_unit_test(test_one_dead_sums_to_normal), cmocka_unit_test(test_scale), cmocka_unit_test(test_brute_2014),
        cmocka_unit_test(test_brute_v2),          cmocka_unit_test(test_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
