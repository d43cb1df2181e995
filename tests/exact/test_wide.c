/* test_wide.c — wide_ratio_compare (solver/exact/wide.h), which compares
 * fractions without the cross products: against the cross products on
 * every small fraction, and on fractions whose cross products overflow
 * 128 bits against a comparison worked out with bigfrac; and
 * wide_scaled_round against the rounding's definition. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bigfrac.h"
#include "wide.h"

static int sign(wide_t x) { return (x > 0) - (x < 0); }

static void small_fractions_agree_with_cross_products(void **state)
{
    (void)state;
    for (int a = 0; a <= 24; a++)
        for (int b = 1; b <= 24; b++)
            for (int c = 0; c <= 24; c++)
                for (int d = 1; d <= 24; d++) {
                    int want = sign((wide_t)a * d - (wide_t)c * b), got = wide_ratio_compare(a, b, c, d);
                    if (got != want)
                        fail_msg("%d/%d vs %d/%d: %d, want %d", a, b, c, d, got, want);
                }
}

/* Fractions near 2^100 / 2^90: cross products near 2^190. */
static void big_fractions_agree_with_bigfrac(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < 3000; i++) {
        wide_t v[4];
        for (int k = 0; k < 4; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            v[k] = ((wide_t)(x >> 28) << 64 | (wide_t)(x * 2654435761ULL)) + 1; /* below 2^100 */
        }
        if (i % 3 == 0)
            v[2] = v[0] * 3, v[3] = v[1] * 3; /* equal fractions */
        /* bigfrac from 64-bit pieces: hi * 2^64 + lo */
        struct bigfrac f[4];
        for (int k = 0; k < 4; k++)
            f[k] = bigfrac_add(bigfrac_mul(bigfrac_int((int64_t)(v[k] >> 64)),
                                           bigfrac_mul(bigfrac_int(INT64_C(1) << 32), bigfrac_int(INT64_C(1) << 32))),
                               bigfrac_add(bigfrac_int((int64_t)((uint64_t)v[k] >> 1)),
                                           bigfrac_add(bigfrac_int((int64_t)((uint64_t)v[k] >> 1)),
                                                       bigfrac_int((int64_t)((uint64_t)v[k] & 1)))));
        int want = bigfrac_sign(bigfrac_sub(bigfrac_div(f[0], f[1]), bigfrac_div(f[2], f[3])));
        int got = wide_ratio_compare(v[0], v[1], v[2], v[3]);
        if (got != want)
            fail_msg("case %d: %d, want %d", i, got, want);
    }
}

/* r = wide_scaled_round(n, d, bits) is the nearest to n 2^bits / d, a
 * half away from 0: |n 2^bits - r d| <= d / 2, on every small fraction
 * (ties checked to go away from 0) and on 3,000 big ones at 2^-40 (d from
 * 1 to 2^76, |n| below 2^62: whole parts below 2^62, inside the
 * precondition's 2^86, and n 2^40 - r d computed exactly in 128 bits). */
static void scaled_round_is_the_nearest(void **state)
{
    (void)state;
    for (int n = -60; n <= 60; n++)
        for (int d = 1; d <= 40; d++)
            for (int bits = 0; bits <= 6; bits++) {
                wide_t r = wide_scaled_round(n, d, bits), miss = (wide_t)n * (1 << bits) - r * d;
                wide_t two_miss = 2 * (miss < 0 ? -miss : miss);
                int tie_ok = two_miss < d || (two_miss == d && (n < 0 ? miss > 0 : miss < 0));
                if (!tie_ok)
                    fail_msg("%d/%d at 2^-%d: %lld", n, d, bits, (long long)r);
            }
    uint64_t x = 0x2545f4914f6cdd1dULL;
    for (int i = 0; i < 3000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        wide_t d = (wide_t)(x >> (8 + i % 48)) * 1000003 + 1; /* below 2^76, some small */
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        wide_t n = ((wide_t)(x >> 12) * 97 - (wide_t)(x >> 20) * 193) * (wide_t)(i % 5 + 1); /* |n / d| small */
        int bits = 40;
        wide_t r = wide_scaled_round(n, d, bits);
        /* n 2^40 - r d: both near 2^116 at most, their difference small */
        wide_t miss = n * ((wide_t)1 << bits) - r * d;
        if (2 * (miss < 0 ? -miss : miss) > d)
            fail_msg("case %d: off by more than half", i);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scaled_round_is_the_nearest),
        cmocka_unit_test(small_fractions_agree_with_cross_products),
        cmocka_unit_test(big_fractions_agree_with_bigfrac),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
