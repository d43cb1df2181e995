/* eval3.h — 3-card poker hands (4 Card Split: instant winners and showdown).
 *
 * A rank is a uint16_t: category << 12 | k0 << 8 | k1 << 4 | k2, where the
 * kickers k0..k2 are card ranks (0..12) in the order that decides ties.
 * Bigger is better; equal ranks are equal hands.  A-2-3 is the lowest
 * straight (top card 3), A-K-Q the highest.  A straight beats a flush.
 */
#ifndef FOURCARD_EVAL3_H
#define FOURCARD_EVAL3_H

#include <stdint.h>

#include "cards.h"

enum eval3_category {
    E3_HIGH = 0,
    E3_PAIR = 1,
    E3_FLUSH = 2,
    E3_STRAIGHT = 3,
    E3_TRIPS = 4,
    E3_STRAIGHT_FLUSH = 5,
    E3_ROYAL = 6, /* A-K-Q suited, kept apart because it pays more */
    E3_NCATEGORIES = 7
};

/* Plain scalar reference: counts ranks and suits, no tricks. */
uint16_t eval3_rank(const card_t cards[3]);

/* The 3-card category of a rank (rank >> 12). */
static inline enum eval3_category eval3_category_of(uint16_t rank)
{
    return (enum eval3_category)(rank >> 12);
}

/* The top kicker (the pair's rank for a pair, the top card for a straight). */
static inline int eval3_top(uint16_t rank) { return (rank >> 8) & 15; }

/* "High Card" .. "Royal Flush" ("?" when out of range). */
const char *eval3_category_name(enum eval3_category c);

#endif
