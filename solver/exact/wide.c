#include "wide.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* v's digits in buf (sign first), a comma every three digits when grouped. */
static char *format_digits(wide_t v, bool grouped, char *buf, size_t len)
{
    char tmp[64];
    int n = 0, digits = 0;
    unsigned __int128 m = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
    do {
        if (grouped && digits && digits % 3 == 0)
            tmp[n++] = ',';
        tmp[n++] = (char)('0' + (int)(m % 10));
        digits++;
        m /= 10;
    } while (m);
    if (v < 0)
        tmp[n++] = '-';
    size_t i = 0;
    while (n > 0 && i + 1 < len)
        buf[i++] = tmp[--n];
    buf[i] = 0;
    return buf;
}

char *wide_format(wide_t v, char *buf, size_t len) { return format_digits(v, false, buf, len); }
char *wide_grouped(wide_t v, char *buf, size_t len) { return format_digits(v, true, buf, len); }

/* By the continued fractions: equal integer parts, then the fractional
 * parts' reciprocals, crosswise. */
int wide_ratio_compare(wide_t a, wide_t b, wide_t c, wide_t d)
{
    for (;;) {
        wide_t qa = a / b, qc = c / d, ra = a % b, rc = c % d;
        if (qa != qc)
            return qa < qc ? -1 : 1;
        if (ra == 0 || rc == 0)
            return ra == rc ? 0 : ra == 0 ? -1 : 1;
        /* a/b < c/d  <=>  ra/b < rc/d  <=>  d/rc < b/ra */
        a = d, c = b, b = rc, d = ra;
    }
}

wide_t wide_gcd(wide_t a, wide_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        wide_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

char *wide_fraction(wide_t num, wide_t den, char *buf, size_t len)
{
    if (den < 0)
        num = -num, den = -den;
    wide_t g = wide_gcd(num, den);
    if (g > 1)
        num /= g, den /= g;
    char a[48], b[48];
    wide_format(num, a, sizeof a);
    if (den == 1)
        snprintf(buf, len, "%s", a);
    else
        snprintf(buf, len, "%s/%s", a, wide_format(den, b, sizeof b));
    return buf;
}

double wide_ratio(wide_t num, wide_t den)
{
    /* exact integer part first, so that big numerators keep their digits */
    wide_t q = num / den, r = num % den;
    return (double)q + (double)r / (double)den;
}

wide_t wide_scaled_round(wide_t num, wide_t den, int bits)
{
    wide_t sign = num < 0 ? -1 : 1, a = num < 0 ? -num : num;
    wide_t whole = a / den, rest = a % den; /* a = whole den + rest: the rest scaled alone */
    wide_t frac = ((rest << bits) + den / 2) / den;
    return sign * ((whole << bits) + frac);
}
