/* test_split_seen.c — `protect split --seen 1` (split_seen.h):
 *
 *   1. the fast path's counts of every hand, each hand's money and the best
 *      option's value against the brute force of split_seen_brute.c (written
 *      from the rules) on random (P, u, s) situations and chosen edge ones,
 *      2014 and v2 rules, both instant readings;
 *   2. the identity that ties it to the normal solver: over the 47 cards s
 *      the player might see, the seen counts of a hand add up to 3 times its
 *      normal counts (every (dealer hand, completion) couple is counted once
 *      for each of the dealer's 3 hole cards);
 *   3. a run on every 211th situation class: seeing a card is worth
 *      something (EV >= normal EV), the normal decisions priced with the
 *      seen counts give back the normal EV exactly (the mean of the seen
 *      counts over s is the normal game's), and the breakdown of the changed
 *      decisions adds up.
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
#include "split_seen.h"
#include "split_seen_brute.h"

enum { NRANDOM = 60 }; /* random situations per rule set and reading */

static uint64_t rng = 0x5eed5eed12345ULL;
static unsigned next_rand(unsigned n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* Six distinct random cards: P[0..3], u, s. */
static void random_situation(card_t P[4], card_t *u, card_t *s)
{
    card_t c[6];
    for (int n = 0; n < 6;) {
        card_t x = (card_t)next_rand(NCARDS);
        int dup = 0;
        for (int i = 0; i < n; i++)
            dup |= c[i] == x;
        if (!dup)
            c[n++] = x;
    }
    memcpy(P, c, 4), *u = c[4], *s = c[5];
}

static int counts_equal(const struct split_hand_counts *a, const struct split_hand_counts *b)
{
    return !memcmp(a, b, sizeof *a);
}

/* One situation: fast path == brute force, hand by hand and the best option. */
static int check_one(const struct split_paytable *pt, enum split_instant_reading instant,
                     const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s)
{
    struct split_hand_counts fast[SPLIT_NMASKS];
    struct split_seen_brute b;
    split_seen_counts(t, P, u, s, fast);
    split_seen_brute(pt, instant, P, u, s, &b);
    int bad = 0;
    struct hand_weights hw[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++) {
        hand_weights_at(&fast[m], SPLIT_SEEN_L, &hw[m]);
        bad += !counts_equal(&fast[m], &b.counts[m]);
        bad += (wide_t)hand_value(pt, &hw[m]) != (wide_t)b.money[m] * (SPLIT_SEEN_L / b.counts[m].total);
    }
    struct cards_info ci;
    struct split_decision d;
    split_cards_info(P, &ci);
    split_decide_weights_at(pt, instant, &ci, hw, SPLIT_SEEN_L, &d);
    bad += d.best * b.best_den != (wide_t)b.best_num * SPLIT_SEEN_L;
    if (bad)
        printf("mismatch: %s P %d %d %d %d u %d s %d (%d fields)\n", pt->name, P[0], P[1], P[2], P[3], u, s, bad);
    return bad;
}

static void check_rules(const char *preset, const card_t edge[][6], int nedge)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        enum split_instant_reading instant = k ? SPLIT_INSTANT_HIGHEST : SPLIT_INSTANT_CHOOSE;
        for (int i = 0; i < nedge; i++)
            bad += check_one(pt, instant, t, edge[i], edge[i][4], edge[i][5]);
        for (int i = 0; i < NRANDOM; i++) {
            card_t P[4], u, s;
            random_situation(P, &u, &s);
            bad += check_one(pt, instant, t, P, u, s);
        }
    }
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
}

#define C(r, s) (card_t)((r) * 4 + (s)) /* card_make, as a constant */
/* Edge situations: instant winners (a 4-card flush, A-K-Q-J suited), a
 * pair of aces up with an ace seen, a seen card that pairs the upcard. */
static const card_t EDGE[][6] = {
    {C(12, 0), C(11, 0), C(10, 0), C(9, 0), C(12, 1), C(12, 2)},
    {C(0, 1), C(3, 1), C(7, 1), C(9, 1), C(5, 2), C(5, 3)},
    {C(12, 0), C(12, 1), C(0, 2), C(1, 3), C(12, 2), C(12, 3)},
    {C(4, 0), C(6, 1), C(8, 2), C(10, 3), C(11, 0), C(11, 1)},
    {C(0, 0), C(1, 1), C(2, 2), C(3, 3), C(10, 0), C(9, 0)},
};

static void test_brute_2014(void **state)
{
    (void)state;
    check_rules("2014-1a", EDGE, (int)(sizeof EDGE / sizeof EDGE[0]));
}

static void test_brute_v2(void **state)
{
    (void)state;
    check_rules("v2-P1", EDGE, (int)(sizeof EDGE / sizeof EDGE[0]));
}

/* Sum over the 47 seen cards == 3 x the normal counts, field by field. */
static void check_identity(const char *preset)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int bad = 0;
    for (int i = 0; i < 40; i++) {
        card_t P[4], u, unused;
        random_situation(P, &u, &unused);
        struct split_hand_counts normal[SPLIT_NMASKS], seen[SPLIT_NMASKS];
        uint64_t sum[SPLIT_NMASKS][sizeof normal[0] / sizeof(uint32_t)];
        memset(sum, 0, sizeof sum);
        split_situation_counts(t, P, u, normal);
        cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
        for (int c = 0; c < NCARDS; c++) {
            if (known & card_bit((card_t)c))
                continue;
            split_seen_counts(t, P, u, (card_t)c, seen);
            for (int m = 1; m < 15; m++) {
                const uint32_t *f = (const uint32_t *)&seen[m];
                for (size_t k = 0; k < sizeof seen[m] / sizeof *f; k++)
                    sum[m][k] += f[k];
            }
        }
        for (int m = 1; m < 15; m++) {
            const uint32_t *f = (const uint32_t *)&normal[m];
            for (size_t k = 0; k < sizeof normal[m] / sizeof *f; k++)
                bad += sum[m][k] != 3 * (uint64_t)f[k];
        }
    }
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
}

static void test_identity_2014(void **state)
{
    (void)state;
    check_identity("2014-1a");
}

static void test_identity_v2(void **state)
{
    (void)state;
    check_identity("v2-P1");
}

/* A run on every 211th class: the figures agree with each other. */
static void check_run(const char *preset)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_seen_options o = {.stride = 211};
    struct split_seen_result r;
    char err[256];
    assert_int_equal(split_seen_solve(pt, &o, &r, err, sizeof err), 0);
    const struct split_seen_totals *t = &r.tot;
    assert_true(t->situations > 0);
    /* seen EV >= normal EV: tot.ev / (47 SPLIT_SEEN_L) against normal_ev / SPLIT_L */
    assert_true(t->ev * SPLIT_L >= t->normal_ev * 47 * SPLIT_SEEN_L);
    assert_true(t->ev * SPLIT_L > t->normal_ev * 47 * SPLIT_SEEN_L); /* and seeing a card is worth something */
    assert_true(t->normal_seen * SPLIT_L == t->normal_ev * 47 * SPLIT_SEEN_L);
    int64_t kinds = 0, by_rank = 0;
    wide_t gain = 0;
    for (int i = 0; i < SEEN_NCHANGES; i++)
        kinds += t->change[i];
    for (int k = 0; k < NRANKS; k++)
        by_rank += t->more_by_rank[k] + t->fewer_by_rank[k] + t->other_by_rank[k], gain += t->gain_by_rank[k];
    assert_int_equal(kinds, t->changed);
    assert_int_equal(by_rank, t->changed);
    assert_true(gain == t->ev - t->normal_seen);
    assert_true(t->changed > 0 && t->changed < t->situations * 47);
}

static void test_run_2014(void **state)
{
    (void)state;
    check_run("2014-1a");
}

static void test_run_v2(void **state)
{
    (void)state;
    check_run("v2-P1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_2014),    cmocka_unit_test(test_brute_v2),
        cmocka_unit_test(test_identity_2014), cmocka_unit_test(test_identity_v2),
        cmocka_unit_test(test_run_2014),      cmocka_unit_test(test_run_v2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
