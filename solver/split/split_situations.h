/* split_situations.h — the 12,994,800 situations of 4 Card Split (the
 * player's 4 cards, the dealer's upcard) as suit-canonical classes. */
#ifndef FOURCARD_SPLIT_SITUATIONS_H
#define FOURCARD_SPLIT_SITUATIONS_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"

struct split_situation {
    card_t P[4];    /* increasing card ids */
    card_t u;
    uint8_t weight; /* situations in the class: 1..24 */
};

/* Every class once, in a fixed order (by upcard, then by P); the
 * weights add up to 12,994,800.  Returns the count (*out malloc'ed), or
 * -1 when memory runs out. */
long split_situations_list(struct split_situation **out);

#endif
