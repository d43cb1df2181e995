/* buyout_seen_card.h — the hole-carder's card for 4 Card Buyout (`protect
 * buyout --seen 1 --card FILE`): a strategy card (buyout_card.h; for
 * instance the standard card `card buyout` writes) with rules on the
 * dealer's points put above it, the points of his upcard and hole card
 * that the hole-carder sees:
 *
 *   3rd card, dealer 13 to 19, points with it 10 or less: fold
 *
 * Learnt and priced exactly over every situation with the hole card
 * known (buyout_seen.h plays the card in its pass and sums, in every cell
 * of the dealer's points and the points with the new card, what each
 * action gains over the card's): at the 3rd card, up to add3 rules, each
 * the box of cells and action that gains most over the cells the rules
 * above it leave; then, the 3rd-card rules fixed, at the 4th card up to
 * add4 rules the same way.  Each rule's gain is exact, so the EV after
 * each is; a pass with the final card checks the sum. */
#ifndef FOURCARD_BUYOUT_SEEN_CARD_H
#define FOURCARD_BUYOUT_SEEN_CARD_H

#include <stdbool.h>
#include <stddef.h>

#include "buyout_card.h"
#include "buyout_seen.h"

enum { BUYOUT_SEEN_CARD_MAX_ADDED = 8 }; /* rules added at each card, at most */

struct buyout_seen_card {
    struct buyout_card base, card; /* the card given; it with the hole-card rules above its own */
    int added[BUYOUT_CARD_GROUPS];  /* rules added at the 3rd and the 4th card */
    struct buyout_rule rule[BUYOUT_CARD_GROUPS][BUYOUT_SEEN_CARD_MAX_ADDED]; /* ... in order */
    /* EVs per First-bet unit, over seen.den: the card given played with the
     * hole card seen (a card without 'dealer' limits: its normal EV), after
     * each added rule, and the final card's */
    wide_t base_ev, step_ev[BUYOUT_CARD_GROUPS][BUYOUT_SEEN_CARD_MAX_ADDED], ev;
    struct buyout_seen_result seen; /* the pass of the final card: the seen game's figures too */
    int passes;
    double seconds; /* every pass's */
};

/* Plays base with the hole card seen, adds up to add3 and add4 rules
 * (0..BUYOUT_SEEN_CARD_MAX_ADDED; base must have room for them) and prices
 * the result: three passes of buyout_seen_solve.  Returns 0, or -1 with
 * err (a situation no rule of base decides; the rules; out of memory). */
int buyout_seen_card_build(const struct buyout_rules *r, const struct buyout_card *base, int add3, int add4,
                           bool progress, struct buyout_seen_card *out, char *err, size_t errlen);

#endif
