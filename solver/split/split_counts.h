/* split_counts.h — 4 Card Split: the exact outcome counts of playing one
 * hand of a split, against every dealer hand and every completion.
 *
 * A situation is the player's 4 cards P and the dealer's upcard u.  A hand
 * H is a nonempty subset of P of 1, 2 or 3 cards, named by a 4-bit mask of
 * positions in P (bit i = P[i]).  Played, it is completed to 3 cards from
 * the 47 unseen cards and meets the dealer's 3-card hand made from u and 3
 * hole cards, also from the unseen cards (disjoint from the completion).
 * The counts run over every (dealer hole cards, completion) pair:
 * C(47,3) * C(44, 3 - |H|) in all.
 */
#ifndef FOURCARD_SPLIT_COUNTS_H
#define FOURCARD_SPLIT_COUNTS_H

#include <stdint.h>

#include "cards.h"
#include "eval3.h"
#include "split_hand_counts.h"
#include "split_rules.h"
#include "split_tables.h"

/* The fast path: the counts of the 14 hands of situation (P, u); out[m]
 * for m = 1..14, out[0] and out[15] untouched.  P holds 4 distinct cards,
 * u a fifth. */
void split_situation_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                            struct split_hand_counts out[SPLIT_NMASKS]);

#endif
