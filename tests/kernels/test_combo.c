/* test_combo.c — binomials, colex enumeration, rank and unrank. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "combo.h"

/* splitmix64: a fixed-seed generator, so failures reproduce. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* C(n, k) by the product formula n (n-1) ... (n-k+1) / k!, in 128 bits:
 * an independent reference for small k. */
static uint64_t product_binomial(int n, int k)
{
    unsigned __int128 num = 1, den = 1;
    for (int i = 0; i < k; i++) {
        num *= (unsigned)(n - i);
        den *= (unsigned)(i + 1);
    }
    return (uint64_t)(num / den);
}

/* Row n from row n-1 by Pascal's rule, for every n up to 130: where the sum
 * overflows 64 bits (or a summand already did) binomial must saturate. */
static void test_binomial_pascal_rule(void **state)
{
    (void)state;
    for (int n = 0; n <= 130; n++) {
        assert_int_equal(binomial(n, 0), 1);
        assert_int_equal(binomial(n, n), 1);
        assert_int_equal(binomial(n, -1), 0);
        assert_int_equal(binomial(n, n + 1), 0);
        for (int k = 1; k < n; k++) {
            uint64_t a = binomial(n - 1, k - 1), b = binomial(n - 1, k), sum;
            int overflow = __builtin_add_overflow(a, b, &sum) || a == UINT64_MAX || b == UINT64_MAX;
            uint64_t expected = overflow ? UINT64_MAX : sum;
            if (binomial(n, k) != expected)
                fail_msg("C(%d,%d) = %llu, expected %llu", n, k,
                         (unsigned long long)binomial(n, k), (unsigned long long)expected);
        }
    }
    /* Every row through 67 fits; row 68 is the first that does not. */
    assert_true(binomial(67, 33) < UINT64_MAX);
    assert_int_equal(binomial(68, 34), UINT64_MAX);
    assert_int_equal(binomial(-1, 0), 0);
}

/* Large n with small k (a 6-deck shoe has 312 cards), where the table ends. */
static void test_binomial_large_n(void **state)
{
    (void)state;
    for (int n = 0; n <= 2000; n++)
        for (int k = 0; k <= 6 && k <= n; k++)
            if (binomial(n, k) != product_binomial(n, k))
                fail_msg("C(%d,%d) = %llu, expected %llu", n, k,
                         (unsigned long long)binomial(n, k),
                         (unsigned long long)product_binomial(n, k));
}

static void test_binomial_known_values(void **state)
{
    (void)state;
    assert_int_equal(binomial(52, 4), 270725);
    assert_int_equal(binomial(52, 5), 2598960);
    assert_int_equal(binomial(52, 26), UINT64_C(495918532948104));
    assert_int_equal(binomial(312, 4), 387278970);
    assert_int_equal(binomial(64, 32), UINT64_C(1832624140942590534));
    assert_int_equal(binomial(67, 33), UINT64_C(14226520737620288370));
    assert_int_equal(binomial(1000000, 1), 1000000);
}

static void test_combo_first_edges(void **state)
{
    (void)state;
    combo_t c;
    assert_false(combo_first(&c, 3, 4));
    assert_false(combo_first(&c, 20, COMBO_MAXK + 1));
    assert_true(combo_first(&c, 0, 0)); /* the empty set, once */
    assert_false(combo_next(&c));
    assert_true(combo_first(&c, 5, 5));
    for (int i = 0; i < 5; i++)
        assert_int_equal(c.idx[i], i);
    assert_false(combo_next(&c));
}

static uint32_t combo_bits(const combo_t *c)
{
    uint32_t bits = 0;
    for (int i = 0; i < c->k; i++)
        bits |= UINT32_C(1) << c->idx[i];
    return bits;
}

/* Colex order is exactly increasing order of the subsets read as binary
 * numbers (the largest element is the most significant bit), so for small n
 * the sequence must be the k-bit numbers below 2^n, in order. */
static void test_combo_next_is_colex_bit_order(void **state)
{
    (void)state;
    for (int n = 0; n <= 16; n++) {
        for (int k = 0; k <= n && k <= COMBO_MAXK; k++) {
            combo_t c;
            assert_true(combo_first(&c, n, k));
            uint32_t expected = 0;
            for (;;) {
                while (__builtin_popcount(expected) != k)
                    expected++;
                assert_int_equal(combo_bits(&c), expected);
                expected++;
                if (!combo_next(&c))
                    break;
            }
            /* No k-subset of n items is left after the last one. */
            while (expected < (UINT32_C(1) << n) && __builtin_popcount(expected) != k)
                expected++;
            assert_true(expected >= (UINT32_C(1) << n));
        }
    }
}

/* True when a comes strictly before b in colex order: compare from the top. */
static int colex_less(const int *a, const int *b, int k)
{
    for (int i = k - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i];
    return 0;
}

/* Walks all C(n, k) combinations: valid, strictly colex-increasing, and
 * rank == position == the rank unrank inverts. */
static void check_walk(int n, int k)
{
    combo_t c;
    int prev[COMBO_MAXK], back[COMBO_MAXK];
    uint64_t position = 0;
    assert_true(combo_first(&c, n, k));
    do {
        for (int i = 0; i < k; i++) {
            assert_true(c.idx[i] >= 0 && c.idx[i] < n);
            if (i)
                assert_true(c.idx[i - 1] < c.idx[i]);
        }
        if (position)
            assert_true(colex_less(prev, c.idx, k));
        assert_int_equal(combo_rank(c.idx, k), position);
        combo_unrank(position, k, back);
        assert_memory_equal(back, c.idx, (size_t)k * sizeof back[0]);
        for (int i = 0; i < k; i++)
            prev[i] = c.idx[i];
        position++;
    } while (combo_next(&c));
    assert_int_equal(position, product_binomial(n, k));
}

static void test_combo_walk_rank_unrank(void **state)
{
    (void)state;
    static const int cases[][2] = { { 1, 1 }, { 7, 0 }, { 7, 7 }, { 9, 3 }, { 20, 1 },
                                    { 24, 8 }, { 48, 1 }, { 52, 2 }, { 52, 4 }, { 52, 5 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_walk(cases[i][0], cases[i][1]);
}

/* k distinct random indices below n, sorted. */
static void random_combo(uint64_t *rng, int n, int k, int *idx)
{
    int count = 0;
    while (count < k) {
        int x = (int)(next_random(rng) % (uint64_t)n), at = count;
        int duplicate = 0;
        for (int i = 0; i < count; i++)
            duplicate |= idx[i] == x;
        if (duplicate)
            continue;
        while (at > 0 && idx[at - 1] > x) {
            idx[at] = idx[at - 1];
            at--;
        }
        idx[at] = x;
        count++;
    }
}

/* Beyond the walks: big n (a shoe), every k up to COMBO_MAXK, both ways. */
static void test_rank_unrank_random(void **state)
{
    (void)state;
    static const int sizes[] = { 52, 64, 65, 312, 500 };
    uint64_t rng = 12345;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int n = sizes[s];
        for (int k = 1; k <= COMBO_MAXK; k++) {
            uint64_t total = product_binomial(n, k);
            for (int trial = 0; trial < 2000; trial++) {
                int idx[COMBO_MAXK], back[COMBO_MAXK];
                random_combo(&rng, n, k, idx);
                uint64_t rank = combo_rank(idx, k);
                assert_true(rank < total);
                combo_unrank(rank, k, back);
                assert_memory_equal(back, idx, (size_t)k * sizeof idx[0]);

                uint64_t r = next_random(&rng) % total;
                combo_unrank(r, k, back);
                assert_true(back[k - 1] < n);
                assert_int_equal(combo_rank(back, k), r);
            }
            /* The last combination has rank C(n, k) - 1. */
            int last[COMBO_MAXK];
            for (int i = 0; i < k; i++)
                last[i] = n - k + i;
            assert_int_equal(combo_rank(last, k), total - 1);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binomial_pascal_rule),
        cmocka_unit_test(test_binomial_large_n),
        cmocka_unit_test(test_binomial_known_values),
        cmocka_unit_test(test_combo_first_edges),
        cmocka_unit_test(test_combo_next_is_colex_bit_order),
        cmocka_unit_test(test_combo_walk_rank_unrank),
        cmocka_unit_test(test_rank_unrank_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
