/* test_split_seen_deck_brute.c — the small-deck hole-carding brute force
 * (split_seen_deck_brute.h) checked from first principles:
 *
 *   1. bad arguments are refused;
 *   2. on the decks J-Q-K-A and 2-3-4-K, K = 1 and 2, 2014-1a and v2-P1,
 *      both instant readings: the counts of situations and seen sets are
 *      the formulas, seen_by_rank adds up to situations x seen sets,
 *      seeing cannot hurt (ev >= normal), changed_lo <= changed_hi, the
 *      normal game does not depend on K, the reading that must take the
 *      highest instant pay never beats the one that chooses, and some
 *      seen sets change the decision;
 *   3. the public call equals the one enumeration for every K and reading
 *      (on a 12-card deck);
 *   4. situations of the 16-card deck: the seen sets' counts add up to 3
 *      times the normal ones (each dealer triple holds 3 seen sets), every
 *      total is the formula, and each best value is split_brute_best's on
 *      the same counts and money;
 *   5. situations of the whole deck: a seen set's counts, money and best
 *      equal split_seen_brute's (K = 1) and split_seen2_brute's (K = 2),
 *      the one-situation brute forces.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "combo.h"
#include "split_brute_rules.h"
#include "split_seen2_brute.h"
#include "split_seen_brute.h"
#include "split_seen_deck_brute.h"

static uint64_t rng = 0x5eede0c4b0e5ULL;
static unsigned next_rand(unsigned n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* The deck of a rank set, in increasing ids. */
static int deck_of(uint16_t ranks, card_t deck[NCARDS])
{
    int n = 0;
    for (int r = 0; r < NRANKS; r++)
        if (ranks >> r & 1)
            for (int s = 0; s < NSUITS; s++)
                deck[n++] = card_make(r, s);
    return n;
}

/* k distinct random cards of a deck of n. */
static void random_cards(const card_t *deck, int n, card_t *c, int k)
{
    for (int i = 0; i < k;) {
        card_t x = deck[next_rand((unsigned)n)];
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= c[j] == x;
        if (!dup)
            c[i++] = x;
    }
}

static char *fmt(wide_t v, char *buf)
{
    char t[48];
    int n = 0, k = 0;
    int neg = v < 0;
    if (neg)
        v = -v;
    do
        t[n++] = (char)('0' + (int)(v % 10)), v /= 10;
    while (v);
    if (neg)
        buf[k++] = '-';
    while (n)
        buf[k++] = t[--n];
    buf[k] = 0;
    return buf;
}

/* a/b against c/d, b and d > 0 (small enough that the products fit). */
static int cmp_frac(wide_t a, wide_t b, wide_t c, wide_t d)
{
    wide_t x = a * d, y = c * b;
    return (x > y) - (x < y);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    const struct split_paytable *pt = split_preset_find("2014-1a");
    struct split_seen_deck_brute o;
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 0, &o), -1);
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 3, &o), -1);
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, -1, &o), -1);
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x1800, 1, &o), -1); /* 2 ranks */
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x1000, 2, &o), -1); /* 1 rank */
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0, 1, &o), -1);
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x2003, 1, &o), -1); /* no rank 13 */
    assert_int_equal(split_seen_deck_brute(NULL, SPLIT_INSTANT_CHOOSE, 0x1e00, 1, &o), -1);
    assert_int_equal(split_seen_deck_brute(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 1, NULL), -1);
    assert_int_equal(split_seen_deck_brute(pt, (enum split_instant_reading)2, 0x1e00, 1, &o), -1);
    assert_int_equal(split_seen_deck_brute_all(pt, 0x1800, (struct split_seen_deck_brute(*)[2]) NULL), -1);

    struct split_seen_deck_situation *s = malloc(sizeof *s);
    assert_non_null(s);
    const card_t P[4] = {card_make(RANK_ACE, 0), card_make(RANK_ACE, 1), card_make(RANK_KING, 0),
                         card_make(RANK_QUEEN, 0)};
    const card_t dup[4] = {P[0], P[1], P[2], P[2]};
    assert_int_equal(split_seen_deck_situation(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 3, P, card_make(RANK_JACK, 0), s), -1);
    assert_int_equal(split_seen_deck_situation(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 1, P, card_make(2, 0), s), -1);
    assert_int_equal(split_seen_deck_situation(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 1, P, P[1], s), -1);
    assert_int_equal(split_seen_deck_situation(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 1, dup, card_make(RANK_JACK, 0), s),
                     -1);
    assert_int_equal(split_seen_deck_situation(pt, SPLIT_INSTANT_CHOOSE, 0x1e00, 2, P, card_make(RANK_JACK, 0), s), 0);
    free(s);
}

static void test_small_decks(void **state)
{
    (void)state;
    const uint16_t decks[2] = {0x1e00, 0x0807}; /* J-Q-K-A, 2-3-4-K */
    const char *presets[2] = {"2014-1a", "v2-P1"};
    int changed = 0;
    for (int dk = 0; dk < 2; dk++)
        for (int p = 0; p < 2; p++) {
            const struct split_paytable *pt = split_preset_find(presets[p]);
            assert_non_null(pt);
            struct split_seen_deck_brute all[2][2];
            assert_int_equal(split_seen_deck_brute_all(pt, decks[dk], all), 0);
            for (int K = 1; K <= 2; K++)
                for (int rd = 0; rd < 2; rd++) {
                    const struct split_seen_deck_brute *o = &all[K - 1][rd];
                    char b[4][48];
                    printf("deck %04x %s K=%d %s: ev %s/%s normal %s/%s changed %lld..%lld\n", decks[dk], pt->name, K,
                           rd ? "highest" : "choose", fmt(o->ev_num, b[0]), fmt(o->ev_den, b[1]),
                           fmt(o->normal_num, b[2]), fmt(o->normal_den, b[3]), (long long)o->changed_lo,
                           (long long)o->changed_hi);
                    assert_int_equal(o->cards, 16);
                    assert_true(o->situations == (int64_t)binomial(16, 4) * 12);
                    assert_true(o->seen_sets == (int64_t)binomial(11, K));
                    int64_t sum = 0;
                    for (int r = 0; r < NRANKS; r++) {
                        assert_true(o->seen_by_rank[r] >= 0);
                        if (!(decks[dk] >> r & 1))
                            assert_true(o->seen_by_rank[r] == 0);
                        sum += o->seen_by_rank[r];
                    }
                    assert_true(sum == o->situations * o->seen_sets);
                    assert_true(o->ev_den > 0 && o->normal_den > 0);
                    assert_true(cmp_frac(o->ev_num, o->ev_den, o->normal_num, o->normal_den) >= 0);
                    assert_true(0 <= o->changed_lo && o->changed_lo <= o->changed_hi);
                    assert_true(o->changed_hi <= sum);
                    changed |= o->changed_lo > 0;
                    /* lowest terms */
                    wide_t g = o->ev_num < 0 ? -o->ev_num : o->ev_num, h = o->ev_den;
                    while (h) {
                        wide_t t = g % h;
                        g = h, h = t;
                    }
                    assert_true(g == 1);
                }
            for (int rd = 0; rd < 2; rd++) /* the normal game is the same whatever K */
                assert_true(all[0][rd].normal_num == all[1][rd].normal_num &&
                            all[0][rd].normal_den == all[1][rd].normal_den);
            for (int K = 1; K <= 2; K++) { /* HIGHEST's options are some of CHOOSE's */
                const struct split_seen_deck_brute *c = &all[K - 1][SPLIT_INSTANT_CHOOSE],
                                                   *h = &all[K - 1][SPLIT_INSTANT_HIGHEST];
                assert_true(cmp_frac(c->ev_num, c->ev_den, h->ev_num, h->ev_den) >= 0);
                assert_true(cmp_frac(c->normal_num, c->normal_den, h->normal_num, h->normal_den) >= 0);
            }
        }
    assert_true(changed);
}

static void test_public_is_all(void **state)
{
    (void)state;
    const char *presets[2] = {"2014-1a", "v2-P1"};
    for (int p = 0; p < 2; p++) {
        const struct split_paytable *pt = split_preset_find(presets[p]);
        struct split_seen_deck_brute all[2][2], one;
        assert_int_equal(split_seen_deck_brute_all(pt, 0x1c00, all), 0); /* Q-K-A */
        for (int K = 1; K <= 2; K++)
            for (int rd = 0; rd < 2; rd++) {
                assert_int_equal(split_seen_deck_brute(pt, (enum split_instant_reading)rd, 0x1c00, K, &one), 0);
                assert_int_equal(one.cards, 12);
                assert_true(one.situations == (int64_t)binomial(12, 4) * 8 && one.seen_sets == (int64_t)binomial(7, K));
                assert_memory_equal(&one, &all[K - 1][rd], sizeof one);
            }
    }
}

/* The counts of one hand, field by field, as 64-bit numbers. */
enum { NFIELDS = 2 * E3_NCATEGORIES + 4 };
static void fields_of(const struct split_hand_counts *h, uint64_t f[NFIELDS])
{
    for (int k = 0; k < E3_NCATEGORIES; k++)
        f[k] = h->win_q[k], f[E3_NCATEGORIES + k] = h->win_nq[k];
    f[2 * E3_NCATEGORIES] = h->tie, f[2 * E3_NCATEGORIES + 1] = h->lose_q;
    f[2 * E3_NCATEGORIES + 2] = h->lose_nq, f[2 * E3_NCATEGORIES + 3] = h->total;
}

/* One situation's seen sets: they add up to 3 x normal, the totals are the
 * formula, and each best is split_brute_best's.  Returns the mismatches. */
static int check_situation(const struct split_paytable *pt, enum split_instant_reading instant, uint16_t ranks, int K,
                           const card_t P[4], card_t u, struct split_seen_deck_situation *s)
{
    int n = 4 * __builtin_popcount(ranks), r = n - 5, bad = 0;
    assert_int_equal(split_seen_deck_situation(pt, instant, ranks, K, P, u, s), 0);
    bad += s->nsets != (int64_t)binomial(r, K);
    for (int m = 1; m < 15; m++) {
        int fill = 3 - __builtin_popcount((unsigned)m);
        uint64_t sum[NFIELDS] = {0}, f[NFIELDS], nf[NFIELDS];
        int64_t money = 0;
        for (int k = 0; k < s->nsets; k++) {
            fields_of(&s->set[k].counts[m], f);
            for (int x = 0; x < NFIELDS; x++)
                sum[x] += f[x];
            money += s->set[k].money[m];
            bad += s->set[k].counts[m].total != (int64_t)binomial(r - K, 3 - K) * (int64_t)binomial(r - 3, fill);
        }
        fields_of(&s->normal.counts[m], nf);
        for (int x = 0; x < NFIELDS; x++)
            bad += sum[x] != 3 * nf[x];
        bad += money != 3 * s->normal.money[m];
        bad += s->normal.counts[m].total != (int64_t)binomial(r, 3) * (int64_t)binomial(r - 3, fill);
    }
    int64_t num, den;
    split_brute_best(pt, instant, P, s->normal.counts, s->normal.money, &num, &den);
    bad += (wide_t)num * s->normal_den != (wide_t)s->normal_best * den;
    for (int k = 0; k < s->nsets; k++) {
        split_brute_best(pt, instant, P, s->set[k].counts, s->set[k].money, &num, &den);
        bad += (wide_t)num * s->best_den != (wide_t)s->best[k] * den;
    }
    if (bad)
        printf("mismatch: %s K=%d P %d %d %d %d u %d (%d)\n", pt->name, K, P[0], P[1], P[2], P[3], u, bad);
    return bad;
}

static void test_situations(void **state)
{
    (void)state;
    const uint16_t decks[2] = {0x1e00, 0x0807};
    const char *presets[2] = {"2014-1a", "v2-P1"};
    struct split_seen_deck_situation *s = malloc(sizeof *s);
    assert_non_null(s);
    int bad = 0, runs = 0;
    for (int dk = 0; dk < 2; dk++) {
        card_t deck[NCARDS];
        int n = deck_of(decks[dk], deck);
        for (int p = 0; p < 2; p++)
            for (int i = 0; i < 12; i++) {
                card_t c[5];
                random_cards(deck, n, c, 5);
                for (int K = 1; K <= 2; K++)
                    for (int rd = 0; rd < 2; rd++, runs++)
                        bad += check_situation(split_preset_find(presets[p]), (enum split_instant_reading)rd,
                                               decks[dk], K, c, c[4], s);
            }
    }
    /* situations with an instant winner, and with two (a 4-card flush) */
    const card_t flush4[4] = {card_make(RANK_JACK, 2), card_make(RANK_QUEEN, 2), card_make(RANK_KING, 2),
                              card_make(RANK_ACE, 2)};
    const card_t trips[4] = {card_make(RANK_KING, 0), card_make(RANK_KING, 1), card_make(RANK_KING, 3),
                             card_make(RANK_ACE, 2)};
    for (int p = 0; p < 2; p++)
        for (int K = 1; K <= 2; K++)
            for (int rd = 0; rd < 2; rd++, runs += 2) {
                bad += check_situation(split_preset_find(presets[p]), (enum split_instant_reading)rd, 0x1e00, K, flush4,
                                       card_make(RANK_JACK, 0), s);
                bad += check_situation(split_preset_find(presets[p]), (enum split_instant_reading)rd, 0x1e00, K, trips,
                                       card_make(RANK_QUEEN, 1), s);
            }
    free(s);
    printf("%d situations checked\n", runs);
    assert_int_equal(bad, 0);
}

static void test_whole_deck(void **state)
{
    (void)state;
    const char *presets[2] = {"2014-1a", "v2-P1"};
    struct split_seen_deck_situation *s = malloc(sizeof *s);
    assert_non_null(s);
    card_t deck[NCARDS];
    int n = deck_of(0x1fff, deck), bad = 0;
    for (int p = 0; p < 2; p++) {
        const struct split_paytable *pt = split_preset_find(presets[p]);
        card_t c[5];
        random_cards(deck, n, c, 5);
        for (int K = 1; K <= 2; K++) {
            assert_int_equal(split_seen_deck_situation(pt, SPLIT_INSTANT_CHOOSE, 0x1fff, K, c, c[4], s), 0);
            assert_true(s->nsets == (int64_t)binomial(47, K));
            for (int t = 0; t < 3; t++) {
                int k = (int)next_rand((unsigned)s->nsets);
                const struct split_hand_counts *bc;
                const int64_t *money;
                int64_t num, den;
                struct split_seen_brute b1;
                struct split_seen2_brute b2;
                if (K == 1) {
                    split_seen_brute(pt, SPLIT_INSTANT_CHOOSE, c, c[4], s->seen[k][0], &b1);
                    bc = b1.counts, money = b1.money, num = b1.best_num, den = b1.best_den;
                } else {
                    split_seen2_brute(pt, SPLIT_INSTANT_CHOOSE, c, c[4], s->seen[k][0], s->seen[k][1], &b2);
                    bc = b2.counts, money = b2.money, num = b2.best_num, den = b2.best_den;
                }
                for (int m = 1; m < 15; m++) {
                    bad += memcmp(&bc[m], &s->set[k].counts[m], sizeof bc[m]) != 0;
                    bad += money[m] != s->set[k].money[m];
                }
                bad += (wide_t)num * s->best_den != (wide_t)s->best[k] * den;
            }
        }
    }
    free(s);
    assert_int_equal(bad, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_arguments), cmocka_unit_test(test_public_is_all), cmocka_unit_test(test_situations),
        cmocka_unit_test(test_whole_deck),    cmocka_unit_test(test_small_decks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
