/* buyout.h — 4 Card Buyout points of 2 to 5 cards dealt from six decks
 * (identical cards may appear together).
 *
 * Points are the higher of
 *   - of a kind: the biggest group of equal ranks, 10 points a card
 *     (a pair 20, trips 30, quads 40), 11 a card for aces (22, 33, 44);
 *   - suited: the biggest sum of card values (A 11, K/Q/J 10, 2-10 face)
 *     over one suit holding at least two of the cards;
 * and zero with neither.  Two pairs count as the better pair.
 */
#ifndef FOURCARD_BUYOUT_H
#define FOURCARD_BUYOUT_H

#include "cards.h"

/* How the dealer's 5 cards are scored (an open point of the rules). */
enum buyout_five_reading {
    BUYOUT_FIVE_BEST4 = 0, /* best 4-card subset (default) */
    BUYOUT_FIVE_ALL = 1    /* all five cards count */
};

/* 11, 10 or face value, by rank; inline, as the solver's hot loops call it */
static const int8_t buyout_rank_value[NRANKS] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11};
static inline int buyout_card_value(card_t c) { return buyout_rank_value[card_rank(c)]; }

/* Plain scalar reference for 2..4 cards, and for 5 cards when the
 * reading is BUYOUT_FIVE_ALL (groups then score 10 or 11 a card). */
int buyout_points(const card_t *cards, int n);
/* 5 cards under either reading. */
int buyout_points5(const card_t cards[5], enum buyout_five_reading reading);

/* "all-five" for BUYOUT_FIVE_ALL, else "best-four". */
const char *buyout_reading_name(enum buyout_five_reading r);

#endif
