/* shoe.h — a multiset of cards (a count per card id), for the six-deck
 * 4 Card Buyout shoe and for any card removal. */
#ifndef FOURCARD_SHOE_H
#define FOURCARD_SHOE_H

#include <stdint.h>

#include "cards.h"

typedef struct {
    uint8_t count[NCARDS];
    int total;
} shoe_t;

/* Fills s with decks copies of every card (decks <= 255: the counts are 8-bit). */
void shoe_init(shoe_t *s, int decks);
/* Removes one card; returns -1 (shoe unchanged) when none is left. */
int shoe_remove(shoe_t *s, card_t c);
void shoe_add(shoe_t *s, card_t c); /* one more copy of c, unchecked */
/* Ways to draw the multiset cards[0..n) in any order, as a product of
 * binomials C(count, multiplicity); 0 when the shoe cannot supply it. */
uint64_t shoe_ways(const shoe_t *s, const card_t *cards, int n);

#endif
