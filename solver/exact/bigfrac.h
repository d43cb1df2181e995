/* bigfrac.h — exact rationals wider than 128 bits (the jackpot side bets of
 * Four Card Frenzy need them).
 *
 * Why: a jackpot's share of the meter is an expectation over the other
 * players' hands, whose denominators are products of up to seven
 * C(47 - 5i, 5) (about 2^110); the break-even meter divides two such
 * fractions.  __int128 (wide.h) overflows there, so these fractions carry
 * fixed-size naturals of BIGNAT_LIMBS 32-bit limbs and are kept reduced.
 * Every value the jackpot code forms stays far below the limit; an
 * overflow would be a bug and aborts rather than print a wrong figure.
 * Few operations are needed (tens per bet), so the arithmetic is plain
 * schoolbook and bit-serial division.
 */
#ifndef FOURCARD_BIGFRAC_H
#define FOURCARD_BIGFRAC_H

#include <stddef.h>
#include <stdint.h>

enum { BIGNAT_LIMBS = 24 }; /* 768 bits */

struct bignat {
    uint32_t w[BIGNAT_LIMBS]; /* little-endian limbs */
};

/* sign * num / den, reduced, den >= 1; zero is sign 0, num 0, den 1. */
struct bigfrac {
    int sign;
    struct bignat num, den;
};

struct bigfrac bigfrac_int(int64_t v); /* v / 1 */
struct bigfrac bigfrac_ratio(int64_t num, int64_t den); /* den != 0 */

/* Exact arithmetic, results reduced (an overflow of BIGNAT_LIMBS aborts). */
struct bigfrac bigfrac_add(struct bigfrac a, struct bigfrac b); /* a + b */
struct bigfrac bigfrac_sub(struct bigfrac a, struct bigfrac b); /* a - b */
struct bigfrac bigfrac_mul(struct bigfrac a, struct bigfrac b); /* a * b */
struct bigfrac bigfrac_div(struct bigfrac a, struct bigfrac b); /* b != 0 */

int bigfrac_sign(struct bigfrac a);                    /* -1, 0 or 1 */
int bigfrac_equal(struct bigfrac a, struct bigfrac b); /* 1 when a = b, else 0 */
double bigfrac_value(struct bigfrac a);                /* a as a double, for display */
/* "p/q" ("p" when q = 1) into buf; returns buf (truncated if too small:
 * 2 x 232 digits + 3 always fit). */
char *bigfrac_format(struct bigfrac a, char *buf, size_t len);

#endif
