/* buyout_rules.h — 4 Card Buyout: the shoe of a run, fast points of 2 to
 * 5 cards, the Bonus pay tables. */
#ifndef FOURCARD_BUYOUT_RULES_H
#define FOURCARD_BUYOUT_RULES_H

#include "buyout_solve.h"

enum {
    BUYOUT_DRAW_UNDER = 13, /* the dealer draws a 5th card under 13 points */
    BUYOUT_MAXP = 44,       /* the best hand a player can hold (four aces) */
    BUYOUT_BONUS_MIN = 21,  /* the Bonus pays from 21 points */
    BUYOUT_NTABLES = 3
};

/* Copies of each card type in the shoe of the rules (decks, or 0 for the
 * ranks left out), and the shoe's size. */
int buyout_shoe_counts(const struct buyout_rules *r, int count[NCARDS]);

/* Points of n = 2..5 cards, card ids with repeats allowed; 5 cards under
 * the reading.  Same results as buyout_points / buyout_points5 (a test
 * compares every hand), faster: one pass over the cards. */
int buyout_fast_points(const card_t *c, int n, enum buyout_five_reading reading);

/* The Bonus's result per unit on a final hand of p points: the pay (to 1)
 * from 21 points, else -1. table 1..3. */
int buyout_bonus_result(int table, int p);

#endif
