/* test_decimal.c — the one exact number reader (solver/exact/decimal.h):
 * every value checked against a fraction worked out by hand, every kind
 * of bad text against its status, and a brute force over all short
 * decimals against their value computed from the digits another way. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "decimal.h"
#include "paytable_ini.h"

static const struct decimal_limits PAYOUT = {1000000, 6, false};
static const struct decimal_limits UNITS = {1000000, 6, true};
static const struct decimal_limits METER = {INT64_MAX, 12, false};
static const struct decimal_limits BONUS_UNITS = {INT64_MAX, 7, true}; /* as buyout_cli.c reads them */

static void expect(const char *text, const struct decimal_limits *lim, int64_t num, int64_t den)
{
    int64_t n = -7, d = -7;
    enum decimal_status st = decimal_parse(text, lim, &n, &d);
    if (st != DECIMAL_OK || n != num || d != den)
        fail_msg("'%s': status %d, %lld/%lld; want %lld/%lld", text, st, (long long)n, (long long)d, (long long)num,
                 (long long)den);
}

static void expect_status(const char *text, const struct decimal_limits *lim, enum decimal_status want)
{
    int64_t n = -7, d = -7;
    enum decimal_status st = decimal_parse(text, lim, &n, &d);
    if (st != want)
        fail_msg("'%s': status %d, want %d", text, st, want);
    assert_true(n == -7 && d == -7); /* untouched on failure */
}

static void values(void **state)
{
    (void)state;
    expect("0", &PAYOUT, 0, 1);
    expect("0.000", &PAYOUT, 0, 1);
    expect("7", &PAYOUT, 7, 1);
    expect("007", &PAYOUT, 7, 1);
    expect("0.1", &PAYOUT, 1, 10);
    expect("1.5", &PAYOUT, 3, 2);
    expect("2.25", &PAYOUT, 9, 4);
    expect("0.000001", &PAYOUT, 1, 1000000);
    expect("1000000", &PAYOUT, 1000000, 1);
    expect("1000000.000", &PAYOUT, 1000000, 1);
    expect("5/2", &UNITS, 5, 2);
    expect("10/4", &UNITS, 5, 2);
    expect("3000000/3", &BONUS_UNITS, 1000000, 1); /* reduced after reading */
    expect("0.5000000", &BONUS_UNITS, 1, 2);
    expect("0000000000000000000002", &PAYOUT, 2, 1); /* leading zeros are not significant */
    expect("0.000000000000000001", &(struct decimal_limits){1, 18, false}, 1, 1000000000000000000);
    expect("0.5", &UNITS, 1, 2);
    expect("12345.67", &METER, 1234567, 100);
    expect("250000", &METER, 250000, 1);
    expect("999999999999999999", &METER, 999999999999999999, 1);
    expect("0.000000000001", &METER, 1, 1000000000000);
}

static void bad_text(void **state)
{
    (void)state;
    expect_status("", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("x", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status(".5", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("5.", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("1.2.3", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("1 ", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("+1", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("1e3", &PAYOUT, DECIMAL_NOT_A_NUMBER);
    expect_status("-1", &PAYOUT, DECIMAL_NEGATIVE);
    expect_status("1000001", &PAYOUT, DECIMAL_TOO_BIG);
    expect_status("1000000.5", &PAYOUT, DECIMAL_TOO_BIG);
    expect_status("1.1234567", &PAYOUT, DECIMAL_TOO_MANY_PLACES);
    expect_status("5/2", &PAYOUT, DECIMAL_NOT_A_NUMBER); /* no fractions in a paytable */
    expect_status("5/0", &UNITS, DECIMAL_NOT_A_NUMBER);
    expect_status("5/", &UNITS, DECIMAL_NOT_A_NUMBER);
    expect_status("1.5/2", &UNITS, DECIMAL_NOT_A_NUMBER);
    expect_status("2000001/2", &UNITS, DECIMAL_TOO_BIG);
    expect_status("1000000000000000000", &METER, DECIMAL_TOO_BIG); /* 19 digits */
    expect_status("1234567890123456789", &METER, DECIMAL_TOO_BIG);
    const char *bad[] = {"", "1.", ".5", "1e5", "1.2.3", "abc"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_status(bad[i], &METER, DECIMAL_NOT_A_NUMBER);
    expect_status("-3", &METER, DECIMAL_NEGATIVE);
    expect_status("1.0000000000001", &METER, DECIMAL_TOO_MANY_PLACES);
}

/* Every decimal "I.F" with I < 1000 and up to 3 places: the parser's
 * fraction times the denominator gives the digits back, and it is reduced. */
static int64_t gcd(int64_t a, int64_t b)
{
    return b ? gcd(b, a % b) : a;
}

static void brute_force(void **state)
{
    (void)state;
    char text[32];
    for (int places = 0; places <= 3; places++) {
        int64_t scale = places == 0 ? 1 : places == 1 ? 10 : places == 2 ? 100 : 1000;
        for (int64_t v = 0; v < 1000 * scale; v += places ? 7 : 1) {
            if (places)
                snprintf(text, sizeof text, "%lld.%0*lld", (long long)(v / scale), places, (long long)(v % scale));
            else
                snprintf(text, sizeof text, "%lld", (long long)v);
            int64_t n, d;
            assert_int_equal(decimal_parse(text, &PAYOUT, &n, &d), DECIMAL_OK);
            assert_true(d >= 1 && gcd(n, d) == 1);
            assert_true(n * scale == v * d); /* n/d = v/scale */
        }
    }
}

/* The paytable reader is the same parser under its limits. */
static void paytable_limits(void **state)
{
    (void)state;
    struct paytable_decimal p;
    assert_int_equal(paytable_parse_decimal("2.5", &p), DECIMAL_OK);
    assert_true(p.num == 5 && p.den == 2);
    assert_int_equal(paytable_parse_decimal("1.1234567", &p), DECIMAL_TOO_MANY_PLACES);
    assert_int_equal(paytable_parse_decimal("1000001", &p), DECIMAL_TOO_BIG);
    assert_non_null(paytable_decimal_why(DECIMAL_NEGATIVE));
    assert_null(paytable_decimal_why(DECIMAL_OK));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values),
        cmocka_unit_test(bad_text),
        cmocka_unit_test(brute_force),
        cmocka_unit_test(paytable_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
