/* buyout_shoe.h — shoes of any composition for 4 Card Buyout: the text of
 * `solve buyout --shoe`, a shoe's description, the standard shoe less some
 * cards (the effects of removal, the counting simulation). */
#ifndef FOURCARD_BUYOUT_SHOE_H
#define FOURCARD_BUYOUT_SHOE_H

#include <stddef.h>

#include "buyout_rules.h"
#include "wide.h"

/* Reads a shoe from text: 13 integers (the copies of each rank in every
 * suit, 2 to A) or 52 (the copies of each card, 2c 2d 2h 2s 3c ... As:
 * card id order), separated by commas or white space; '#' starts a
 * comment to the end of the line.  Sets r->shoe and r->shoe_given.
 * Returns 0, or -1 with a one-line message (a count that is not an
 * integer, negative, above 6, or the wrong number of counts). */
int buyout_shoe_parse(const char *text, struct buyout_rules *r, char *err, size_t errlen);

/* The six-deck shoe as a given shoe (every card 6 copies). */
void buyout_shoe_full(struct buyout_rules *r);

/* The six-deck shoe less one card c (as a given shoe). */
void buyout_shoe_less(struct buyout_rules *r, card_t c);

/* True when the given shoe is the same in every suit. */
int buyout_shoe_even_suits(const struct buyout_rules *r);

/* A short description: "a given shoe of 308 cards, in every suit 2:6 3:6
 * ... A:5", or with uneven suits "..., six decks less Ah x2 Kd" (the whole
 * count list when many card types are short). */
const char *buyout_shoe_describe(const struct buyout_rules *r, char *buf, size_t len);

/* The points of 4 cards drawn from a shoe: dist[p] hands (unordered) of p
 * points; returns C(N, 4), N the shoe's size.  Thread-safe once
 * buyout_hands4_init has run. */
int buyout_hands4_init(void); /* 0, or -1 out of memory */
wide_t buyout_hands4_points(const int count[NCARDS], wide_t dist[BUYOUT_NPOINTS]);

#endif
