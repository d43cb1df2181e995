/* decimal.h — the one exact reader of numbers from text: "D+[.D+]", and
 * where allowed a fraction "D+/D+", as a reduced fraction num/den with no
 * floating point (0.1 is 1/10).  Every number fourcard reads goes through
 * it: paytable payouts (paytable_ini.h), the Buyout's Bonus units, the
 * jackpot meter. */
#ifndef FOURCARD_DECIMAL_H
#define FOURCARD_DECIMAL_H

#include <stdbool.h>
#include <stdint.h>

enum decimal_status {
    DECIMAL_OK,
    DECIMAL_NOT_A_NUMBER,
    DECIMAL_NEGATIVE,
    DECIMAL_TOO_BIG,         /* above lim->max, or more than 18 significant digits */
    DECIMAL_TOO_MANY_PLACES, /* more decimal places than lim->max_places */
};

struct decimal_limits {
    int64_t max;    /* the largest value allowed */
    int max_places; /* decimal places allowed (at most 18) */
    bool fraction;  /* "p/q" (q > 0) allowed too */
};

/* Parses text under lim into *num / *den (reduced, den >= 1; 0 is 0/1),
 * set only on DECIMAL_OK. */
enum decimal_status decimal_parse(const char *text, const struct decimal_limits *lim, int64_t *num, int64_t *den);

#endif
