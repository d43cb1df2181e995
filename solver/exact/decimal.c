/* decimal.c — see decimal.h. */
#include "decimal.h"

#include "wide.h"

enum { MAX_DIGITS = 18 }; /* significant digits: every part fits in int64 */

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* Appends digit c to *v; false past MAX_DIGITS significant digits
 * (counted in *digits: leading zeros are not). */
static bool append(int64_t *v, char c, int *digits)
{
    if ((*v != 0 || c != '0') && ++*digits > MAX_DIGITS)
        return false;
    *v = *v * 10 + (c - '0');
    return true;
}

/* Reads the digits at *p into *v; false when there are too many. */
static bool digits_of(const char **p, int64_t *v, int *digits)
{
    for (; is_digit(**p); (*p)++)
        if (!append(v, **p, digits))
            return false;
    return true;
}

enum decimal_status decimal_parse(const char *text, const struct decimal_limits *lim, int64_t *num, int64_t *den)
{
    const char *p = text;
    if (*p == '-')
        return DECIMAL_NEGATIVE;
    if (!is_digit(*p))
        return DECIMAL_NOT_A_NUMBER;
    int64_t n = 0, d = 1;
    int digits = 0;
    if (!digits_of(&p, &n, &digits) || n > lim->max)
        return DECIMAL_TOO_BIG;
    if (*p == '.') {
        if (!is_digit(*++p))
            return DECIMAL_NOT_A_NUMBER;
        for (int places = 0; is_digit(*p); p++) {
            if (++places > lim->max_places)
                return DECIMAL_TOO_MANY_PLACES;
            if (!append(&n, *p, &digits))
                return DECIMAL_TOO_BIG;
            d *= 10;
        }
    } else if (*p == '/' && lim->fraction) {
        int qdigits = 0;
        d = 0;
        if (!is_digit(*++p))
            return DECIMAL_NOT_A_NUMBER;
        if (!digits_of(&p, &d, &qdigits))
            return DECIMAL_TOO_BIG;
        if (d == 0)
            return DECIMAL_NOT_A_NUMBER;
    }
    if (*p)
        return DECIMAL_NOT_A_NUMBER;
    if ((wide_t)n > (wide_t)lim->max * d)
        return DECIMAL_TOO_BIG;
    int64_t g = (int64_t)wide_gcd(n, d); /* gcd(0, d) = d: 0 becomes 0/1 */
    *num = n / g, *den = d / g;
    return DECIMAL_OK;
}
