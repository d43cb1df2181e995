/* test_wide.c — wide_ratio_compare (solver/exact/wide.h), which compares
 * fractions without the cross products: against the cross products on
 * every small fraction, and on fractions whose cross products overflow
 * 128 bits against a comparison worked out with bigfrac. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_fractions_agree_with_cross_products),
        cmocka_unit_test(big_fractions_agree_with_bigfrac),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
