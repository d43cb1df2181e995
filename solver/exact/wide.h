/* wide.h — exact 128-bit integers for EVs: printing and reduced fractions. */
#ifndef FOURCARD_WIDE_H
#define FOURCARD_WIDE_H

#include <stddef.h>

typedef __int128 wide_t;

/* Decimal text of v into buf (size >= 41); returns buf. */
char *wide_format(wide_t v, char *buf, size_t len);
/* The same with a comma every three digits: 2598960 -> "2,598,960". */
char *wide_grouped(wide_t v, char *buf, size_t len);
/* "p/q" reduced, q > 0 ("p" alone when q = 1); returns buf. */
char *wide_fraction(wide_t num, wide_t den, char *buf, size_t len);
/* num / den as a double (den != 0), the integer part divided exactly first. */
double wide_ratio(wide_t num, wide_t den);
/* The greatest common divisor of |a| and |b| (0 when both are 0). */
wide_t wide_gcd(wide_t a, wide_t b);
/* num / den in units of 2^-bits, rounded to the nearest (a half away
 * from 0): den > 0, |num / den| < 2^(126 - bits) and den < 2^(126 - bits)
 * (no product overflows). */
wide_t wide_scaled_round(wide_t num, wide_t den, int bits);
/* Compares a/b with c/d (a, c >= 0; b, d > 0) exactly, without the
 * products that could overflow: -1, 0 or 1. */
int wide_ratio_compare(wide_t a, wide_t b, wide_t c, wide_t d);

#endif
