/* split_brute.h — the independent checker of the 4 Card Split fast path
 * (split_counts.h): the same counts by plain enumeration.
 *
 * For every hand H (mask m = 1..14 of positions in P), every dealer
 * hole-card triple D of the 47 unseen cards and every completion C of
 * 3 - |H| cards from the 44 cards left are visited one by one; nothing is
 * derived by inclusion-exclusion or suit symmetry.  Shares only eval3_rank
 * and the card helpers with the fast path.  Takes some tens of milliseconds
 * per situation at -O3.
 */
#ifndef FOURCARD_SPLIT_BRUTE_H
#define FOURCARD_SPLIT_BRUTE_H

#include "cards.h"
#include "split_counts.h"
#include "split_rules.h"

/* Fills out[m] for m = 1..14 (out[0] and out[15] untouched).  P holds 4
 * distinct cards, u a fifth. */
void split_brute_counts(const struct split_rules *r, const card_t P[4], card_t u,
                        struct split_hand_counts out[SPLIT_NMASKS]);

#endif
