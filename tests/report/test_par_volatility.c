/* test_par_volatility.c — the ranges of a player's net result after many
 * rounds (solver/report/par_volatility.h): the 100-round convolution
 * against binomial quantiles from GSL on games whose sum is a binomial
 * (an even-money coin; a bet paying 9 to 1 one time in ten), and the
 * normal approximation against z values worked out by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>
#include <gsl/gsl_cdf.h>

#include "par_dist.h"
#include "par_volatility.h"

static const double LEVELS[3] = {0.90, 0.95, 0.99};

/* A round of value lose (count nl) or win (count nw), in units. */
static struct par_dist two_outcomes(long lose, long nl, long win, long nw)
{
    struct par_dist d = {.value_den = 1, .total = nl + nw, .rows = calloc(PAR_MAX_OUTCOMES, sizeof(struct par_outcome))};
    par_dist_add(&d, lose, nl);
    par_dist_add(&d, win, nw);
    return d;
}

/* The smallest k with P(Bin(n, p) <= k) >= x. */
static int binomial_quantile(double x, double p, int n)
{
    int k = 0;
    while (k < n && gsl_cdf_binomial_P((unsigned)k, p, (unsigned)n) < x)
        k++;
    return k;
}

/* n rounds of -1 (prob 1 - p) or +w (prob p): the sum is (w + 1) B - n. */
static void check_binomial(long w, long nl, long nw)
{
    struct par_dist d = two_outcomes(-1, nl, w, nw);
    double p = (double)nw / (double)(nl + nw), low[3], high[3];
    assert_int_equal(par_volatility_convolve(&d, 100, LEVELS, 3, low, high), 0);
    for (int l = 0; l < 3; l++) {
        double tail = (1 - LEVELS[l]) / 2;
        double want_lo = (double)((w + 1) * binomial_quantile(tail, p, 100) - 100);
        double want_hi = (double)((w + 1) * binomial_quantile(1 - tail, p, 100) - 100);
        if (low[l] != want_lo || high[l] != want_hi)
            fail_msg("win %ld, p %g, level %g: [%g, %g], want [%g, %g]", w, p, LEVELS[l], low[l], high[l], want_lo,
                     want_hi);
    }
    free(d.rows);
}

static void coin_flips_are_binomial(void **state)
{
    (void)state;
    check_binomial(1, 1, 1);
}

static void a_long_shot_is_binomial(void **state)
{
    (void)state;
    check_binomial(9, 9, 1);
}

/* An even-money coin: mean 0, sd 1, so after n rounds z * sqrt(n). */
static void the_normal_approximation_uses_the_right_z(void **state)
{
    (void)state;
    static const double z[3] = {1.6448536269514722, 1.959963984540054, 2.5758293035489004};
    struct par_dist d = two_outcomes(-1, 1, 1, 1);
    struct par_moments m;
    par_dist_moments(&d, &m);
    struct par_volatility v;
    par_volatility_compute(&d, &m, &v);
    assert_true(v.ok);
    assert_true(v.convolved[0]);
    assert_false(v.convolved[2]);
    assert_int_equal(v.rounds[2], 10000);
    for (int l = 0; l < 3; l++) {
        assert_float_equal(v.low[2][l], -100 * z[l], 1e-9);
        assert_float_equal(v.high[2][l], 100 * z[l], 1e-9);
    }
    free(d.rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coin_flips_are_binomial),
        cmocka_unit_test(a_long_shot_is_binomial),
        cmocka_unit_test(the_normal_approximation_uses_the_right_z),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
