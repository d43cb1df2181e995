/* split_seen_brute.h — the independent checker of `protect split --seen`:
 * one situation (the player's 4 cards P, the upcard u, the seen hole card
 * s) settled by plain enumeration, written from the rules
 * (shared/games/4-card-split.md), not from the fast path.
 *
 * For every hand H of P, every pair {a, b} of the 46 cards left as the
 * dealer's other hole cards and every completion of H from the 44 cards
 * left after them, the dealer's 3-card hand is made from {u, s, a, b} by
 * the rule version, both hands ranked by eval3_rank, and the Ante and Play
 * settled in money.  Then every option of the situation is priced and the
 * best taken.  Shares only eval3_rank and the card helpers with the solver.
 */
#ifndef FOURCARD_SPLIT_SEEN_BRUTE_H
#define FOURCARD_SPLIT_SEEN_BRUTE_H

#include <stdint.h>

#include "cards.h"
#include "split_hand_counts.h"
#include "split_rules.h"

struct split_seen_brute {
    struct split_hand_counts counts[SPLIT_NMASKS]; /* masks 1..14 of positions in P */
    int64_t money[SPLIT_NMASKS]; /* Ante + Play won over all deals of the hand played, in 1/den units */
    /* The best option's value (Blind excluded) as best_num / best_den units. */
    int64_t best_num, best_den;
};

void split_seen_brute(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                      card_t u, card_t s, struct split_seen_brute *out);

#endif
