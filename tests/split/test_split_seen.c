/* test_split_seen.c — `protect split --seen 1 | 2` (split_seen.h):
 *
 *   1. the fast path's counts of every hand, each hand's money and the best
 *      option's value against the brute forces of split_seen_brute.c and
 *      split_seen2_brute.c (written from the rules, the second by a helper
 *      who did not read the fast path) on random (P, u, s) and (P, u, s, s2)
 *      situations and chosen edge ones, 2014 and v2 rules, both instant
 *      readings;
 *   2. the identities that tie it to the normal solver: over the 47 cards s
 *      the player might see, the seen counts of a hand add up to 3 times its
 *      normal counts (every (dealer hand, completion) couple is counted once
 *      for each of the dealer's 3 hole cards); with two seen, over the 46
 *      second cards 2 times the one-seen counts, over all 1,081 pairs 3
 *      times the normal ones;
 *   2b. with two seen, the fast way equals the plain way (every completion
 *      read) on all 1,081 seen pairs of random situations;
 *   3. runs on every 211th situation class (one seen) and every 4001st (two
 *      seen): seeing is worth something (EV > normal EV), the normal
 *      decisions priced with the seen counts give back the normal EV
 *      exactly (the mean of the seen counts over the seen sets is the
 *      normal game's), and the breakdowns of the changed decisions and of
 *      the situations by seen rank add up.
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
#include "split_seen2_brute.h"
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

/* One situation: fast path == brute force, hand by hand and the best
 * option; one seen card s, or two (s and s2 >= 0). */
static int check_one(const struct split_paytable *pt, enum split_instant_reading instant,
                     const struct split_dealer_tables *t, const card_t P[4], card_t u, card_t s, int s2)
{
    struct split_hand_counts fast[SPLIT_NMASKS];
    struct split_seen_brute b1;
    struct split_seen2_brute b2;
    const struct split_hand_counts *bc = s2 < 0 ? b1.counts : b2.counts;
    const int64_t *money = s2 < 0 ? b1.money : b2.money, L = split_seen_scale(s2 < 0 ? 1 : 2);
    if (s2 < 0) {
        split_seen_counts(t, P, u, s, fast);
        split_seen_brute(pt, instant, P, u, s, &b1);
    } else {
        split_seen2_counts(t, P, u, s, (card_t)s2, fast);
        split_seen2_brute(pt, instant, P, u, s, (card_t)s2, &b2);
    }
    int bad = 0;
    struct hand_weights hw[SPLIT_NMASKS];
    for (int m = 1; m < 15; m++) {
        hand_weights_at(&fast[m], L, &hw[m]);
        bad += !counts_equal(&fast[m], &bc[m]);
        bad += (wide_t)hand_value(pt, &hw[m]) != (wide_t)money[m] * (L / bc[m].total);
    }
    struct cards_info ci;
    struct split_decision d;
    split_cards_info(P, &ci);
    split_decide_weights_at(pt, instant, &ci, hw, L, &d);
    int64_t num = s2 < 0 ? b1.best_num : b2.best_num, den = s2 < 0 ? b1.best_den : b2.best_den;
    bad += d.best * den != (wide_t)num * L;
    if (bad)
        printf("mismatch: %s P %d %d %d %d u %d s %d %d (%d fields)\n", pt->name, P[0], P[1], P[2], P[3], u, s, s2,
               bad);
    return bad;
}

/* A card other than P's, u and s. */
static card_t another_card(const card_t P[4], card_t u, card_t s)
{
    cardmask_t known = cards_to_mask(P, 4) | card_bit(u) | card_bit(s);
    for (;;) {
        card_t c = (card_t)next_rand(NCARDS);
        if (!(known & card_bit(c)))
            return c;
    }
}

static void check_rules(const char *preset, const card_t edge[][6], int nedge)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int bad = 0;
    for (int k = 0; k < 2; k++) {
        enum split_instant_reading instant = k ? SPLIT_INSTANT_HIGHEST : SPLIT_INSTANT_CHOOSE;
        for (int i = 0; i < nedge; i++) {
            bad += check_one(pt, instant, t, edge[i], edge[i][4], edge[i][5], -1);
            bad += check_one(pt, instant, t, edge[i], edge[i][4], edge[i][5], another_card(edge[i], edge[i][4], edge[i][5]));
        }
        for (int i = 0; i < NRANDOM; i++) {
            card_t P[4], u, s;
            random_situation(P, &u, &s);
            bad += check_one(pt, instant, t, P, u, s, -1);
            bad += check_one(pt, instant, t, P, u, s, another_card(P, u, s));
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

/* Two seen: for a seen card s, the counts over the 46 second cards add up
 * to 2 x the counts with s alone seen (each dealer pair and completion is
 * counted once for each of the pair's cards as the second seen card), a
 * different method's (the CDF tables of pairs against the dealer's 45
 * third cards); and over all 1,081 seen pairs, 3 x the normal counts. */
static void check_identity2(const char *preset)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    assert_non_null(t);
    int bad = 0;
    enum { NF = sizeof(struct split_hand_counts) / sizeof(uint32_t) };
    for (int i = 0; i < 6; i++) {
        card_t P[4], u, s;
        random_situation(P, &u, &s);
        struct split_hand_counts one[SPLIT_NMASKS], two[SPLIT_NMASKS], normal[SPLIT_NMASKS];
        uint64_t by_s[SPLIT_NMASKS][NF] = {{0}}, all[SPLIT_NMASKS][NF] = {{0}};
        split_seen_counts(t, P, u, s, one);
        split_situation_counts(t, P, u, normal);
        cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
        for (int a = 0; a < NCARDS; a++)
            for (int b = a + 1; b < NCARDS; b++) {
                if ((known & card_bit((card_t)a)) || (known & card_bit((card_t)b)))
                    continue;
                split_seen2_counts(t, P, u, (card_t)a, (card_t)b, two);
                for (int m = 1; m < 15; m++) {
                    const uint32_t *f = (const uint32_t *)&two[m];
                    for (int k = 0; k < NF; k++) {
                        all[m][k] += f[k];
                        by_s[m][k] += a == s || b == s ? f[k] : 0;
                    }
                }
            }
        for (int m = 1; m < 15; m++) {
            const uint32_t *f1 = (const uint32_t *)&one[m], *f0 = (const uint32_t *)&normal[m];
            for (int k = 0; k < NF; k++)
                bad += by_s[m][k] != 2 * (uint64_t)f1[k] || all[m][k] != 3 * (uint64_t)f0[k];
        }
    }
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
}

/* Two seen: the fast way (the completions' CDFs per class, walks per
 * pair) equals the plain way (every completion read) on every one of the
 * 1,081 seen pairs of random situations. */
static void check_fast2(const char *preset)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    struct split_seen2_class *c = split_seen2_class_new();
    assert_non_null(t);
    assert_non_null(c);
    int bad = 0;
    for (int i = 0; i < 8; i++) {
        card_t P[4], u, s;
        random_situation(P, &u, &s);
        split_seen2_class_start(c, t, P, u);
        cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
        for (int a = 0; a < NCARDS; a++)
            for (int b = a + 1; b < NCARDS; b++) {
                if ((known & card_bit((card_t)a)) || (known & card_bit((card_t)b)))
                    continue;
                struct split_hand_counts fast[SPLIT_NMASKS], ref[SPLIT_NMASKS];
                split_seen2_counts_in(c, (card_t)a, (card_t)b, fast);
                split_seen2_counts_ref(t, P, u, (card_t)a, (card_t)b, ref);
                for (int m = 1; m < 15; m++)
                    bad += !counts_equal(&fast[m], &ref[m]);
            }
    }
    split_seen2_class_free(c);
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
}

/* One seen card, the way of a run (a class's counts by rank shared by its
 * seen cards, the upcard's tables of the single cards and the pairs) equals the plain way on all 47 seen cards of random situations,
 * seen in a random order; and a situation in two suits has the same counts,
 * hand by hand, with a seen card as with that card in the other missing
 * suit (what lets the run compute one of the two). */
static void check_class1(const char *preset)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_dealer_tables *t = split_dealer_tables_build(&pt->rules);
    struct split_seen_class *c = split_seen_class_new();
    assert_non_null(t);
    assert_non_null(c);
    int bad = 0, swapped = 0;
    for (int i = 0; i < 10; i++) {
        card_t P[4], u, s;
        random_situation(P, &u, &s);
        if (i < 3) { /* suits 0 and 1 only: suits 2 and 3 may swap */
            for (int k = 0; k < 4; k++)
                P[k] = card_make(card_rank(P[k]), k & 1);
            u = card_make(card_rank(u), i & 1);
        }
        if (i < 3 && (P[0] == P[2] || P[1] == P[3] || u == P[i & 1] || u == P[2 + (i & 1)]))
            continue; /* a card twice: skip */
        struct split_seen_up *up = split_seen_up_build(t, u);
        assert_non_null(up);
        split_seen_class_start(c, t, up, P, u);
        cardmask_t known = cards_to_mask(P, 4) | card_bit(u);
        int order[NCARDS];
        for (int k = 0; k < NCARDS; k++)
            order[k] = k;
        for (int k = NCARDS - 1; k > 0; k--) {
            int j = (int)next_rand((unsigned)k + 1), x = order[k];
            order[k] = order[j], order[j] = x;
        }
        for (int k = 0; k < NCARDS; k++) {
            card_t a = (card_t)order[k];
            if (known & card_bit(a))
                continue;
            struct split_hand_counts fast[SPLIT_NMASKS], ref[SPLIT_NMASKS], other[SPLIT_NMASKS];
            split_seen_counts_in(c, a, fast);
            split_seen_counts(t, P, u, a, ref);
            for (int m = 1; m < 15; m++)
                bad += !counts_equal(&fast[m], &ref[m]);
            if (i < 3 && card_suit(a) >= 2) {
                split_seen_counts(t, P, u, card_make(card_rank(a), 5 - card_suit(a)), other);
                for (int m = 1; m < 15; m++)
                    bad += !counts_equal(&other[m], &ref[m]);
                swapped++;
            }
        }
        split_seen_up_free(up);
    }
    split_seen_class_free(c);
    split_dealer_tables_free(t);
    assert_int_equal(bad, 0);
    assert_true(swapped > 0);
}

static void test_class1_2014(void **state)
{
    (void)state;
    check_class1("2014-1a");
}

static void test_class1_v2(void **state)
{
    (void)state;
    check_class1("v2-P1");
}

static void test_fast2_2014(void **state)
{
    (void)state;
    check_fast2("2014-1a");
}

static void test_fast2_v2(void **state)
{
    (void)state;
    check_fast2("v2-P1");
}

static void test_identity2_2014(void **state)
{
    (void)state;
    check_identity2("2014-1a");
}

static void test_identity2_v2(void **state)
{
    (void)state;
    check_identity2("v2-P1");
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

/* A run on every stride-th class with K cards seen (upcards: those ranks
 * alone, 0 all; a run builds the single cards' tables for each upcard it
 * meets): the figures agree with each other. */
static void check_run(const char *preset, int seen, int stride, uint16_t upcards)
{
    const struct split_paytable *pt = split_preset_find(preset);
    struct split_seen_options o = {.seen = seen, .stride = stride, .upcards = upcards};
    struct split_seen_result r;
    char err[256];
    assert_int_equal(split_seen_solve(pt, &o, &r, err, sizeof err), 0);
    const struct split_seen_totals *t = &r.tot;
    int64_t sets = split_seen_sets(seen), L = split_seen_scale(seen);
    assert_int_equal(r.seen, seen);
    assert_true(t->situations > 0);
    /* seen EV >= normal EV: tot.ev / (sets L) against normal_ev / SPLIT_L */
    assert_true(t->ev * SPLIT_L > t->normal_ev * sets * L); /* seeing a card is worth something */
    assert_true(t->normal_seen * SPLIT_L == t->normal_ev * sets * L);
    int64_t kinds = 0, by_rank = 0, situations = 0;
    wide_t gain = 0;
    for (int i = 0; i < SEEN_NCHANGES; i++)
        kinds += t->change[i];
    for (int k = 0; k < NRANKS; k++) {
        by_rank += t->more_by_rank[k] + t->fewer_by_rank[k] + t->other_by_rank[k], gain += t->gain_by_rank[k];
        situations += t->seen_by_rank[k];
    }
    assert_int_equal(kinds, t->changed);
    assert_int_equal(by_rank, t->changed);
    assert_true(situations == t->situations * sets);
    /* by the higher card of two: an ace far more often than a deuce (about
     * 14.9% against 0.45% of a whole game), as often with one card seen */
    if (seen == 2)
        assert_true(t->seen_by_rank[0] * 10 < t->seen_by_rank[NRANKS - 1]);
    else
        assert_true(t->seen_by_rank[0] * 10 > t->seen_by_rank[NRANKS - 1] * 8);
    assert_true(gain == t->ev - t->normal_seen);
    assert_true(t->changed > 0 && t->changed < t->situations * sets);
}

static void test_run_2014(void **state)
{
    (void)state;
    check_run("2014-1a", 1, 53, 1 << 0 | 1 << 7 | 1 << 12); /* deuces, nines and aces up */
    check_run("2014-1a", 2, 4001, 0);
}

static void test_run_v2(void **state)
{
    (void)state;
    check_run("v2-P1", 1, 53, 1 << 0 | 1 << 7 | 1 << 12);
    check_run("v2-P1", 2, 4001, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_brute_2014),    cmocka_unit_test(test_brute_v2),
        cmocka_unit_test(test_identity_2014), cmocka_unit_test(test_identity_v2),
        cmocka_unit_test(test_identity2_2014), cmocka_unit_test(test_identity2_v2),
        cmocka_unit_test(test_fast2_2014),     cmocka_unit_test(test_fast2_v2),
        cmocka_unit_test(test_class1_2014),    cmocka_unit_test(test_class1_v2),
        cmocka_unit_test(test_run_2014),      cmocka_unit_test(test_run_v2),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
