/* eval4.h — 4-card hands: the Four Card Frenzy order, the 4 Card Split
 * Blind categories, and the Frenzy best 4 of 5.
 *
 * A rank is a uint32_t: category << 16 | k0 << 12 | k1 << 8 | k2 << 4 | k3,
 * kickers being card ranks 0..12 in tie-breaking order (grouped cards
 * first, bigger groups first).  Bigger is better; equal ranks tie.
 * Straights are 4 ranks in sequence, A-2-3-4 lowest (top card 4) and
 * J-Q-K-A highest; there is no wrap-around.
 */
#ifndef FOURCARD_EVAL4_H
#define FOURCARD_EVAL4_H

#include <stdint.h>

#include "cards.h"

/* Four Card Frenzy order: four of a kind above a straight flush. */
enum frenzy_category {
    F4_HIGH = 0,
    F4_PAIR = 1,
    F4_TWO_PAIR = 2,
    F4_STRAIGHT = 3,
    F4_FLUSH = 4,
    F4_TRIPS = 5,
    F4_STRAIGHT_FLUSH = 6,
    F4_QUADS = 7,
    F4_NCATEGORIES = 8
};

/* 4 Card Split Blind categories (the Blind paytable rows). */
enum blind_category {
    BL_HIGH = 0,
    BL_PAIR_LOW = 1,  /* pair of 2s .. 9s */
    BL_PAIR_HIGH = 2, /* pair of tens .. aces */
    BL_TWO_PAIR = 3,
    BL_STRAIGHT = 4,
    BL_FLUSH = 5,
    BL_TRIPS = 6,
    BL_STRAIGHT_FLUSH = 7,
    BL_QUADS = 8,
    BL_ROYAL = 9, /* A-K-Q-J suited */
    BL_NCATEGORIES = 10
};

/* Plain scalar references. */
uint32_t frenzy_four_rank(const card_t cards[4]); /* the Frenzy order */
uint32_t frenzy_best_rank(const card_t cards[5]); /* best 4 of 5 */
uint32_t split_blind_rank(const card_t cards[4]); /* blind_from_frenzy(frenzy_four_rank) */

/* The category of a rank (rank >> 16): enum frenzy_category, or enum blind_category for a Blind rank. */
static inline int eval4_category_of(uint32_t rank) { return (int)(rank >> 16); }
/* The top kicker k0 (the biggest group's rank, a straight's top card). */
static inline int eval4_top(uint32_t rank) { return (rank >> 12) & 15; }

/* The Blind rank of a hand from its Frenzy rank (same order inside each
 * category; Royal lifted to the top, pairs split at tens). */
static inline uint32_t blind_from_frenzy(uint32_t frenzy)
{
    static const uint8_t lift[F4_NCATEGORIES] = {
        BL_HIGH, BL_PAIR_LOW, BL_TWO_PAIR, BL_STRAIGHT,
        BL_FLUSH, BL_TRIPS, BL_STRAIGHT_FLUSH, BL_QUADS,
    };
    int cat = eval4_category_of(frenzy), top = eval4_top(frenzy);
    int b = lift[cat];
    if (cat == F4_STRAIGHT_FLUSH && top == RANK_ACE)
        b = BL_ROYAL;
    else if (cat == F4_PAIR && top >= RANK_TEN)
        b = BL_PAIR_HIGH;
    return (uint32_t)b << 16 | (frenzy & 0xffffu);
}

/* "High Card" .. "Four of a Kind" ("?" when out of range). */
const char *frenzy_category_name(enum frenzy_category c);
/* "High Card", "Pair 9-2", "Pair A-T" .. "Royal Flush" ("?" when out of range). */
const char *blind_category_name(enum blind_category c);

#endif
