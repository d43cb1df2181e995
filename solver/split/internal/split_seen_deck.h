/* split_seen_deck.h — inside `protect split --seen K` on a smaller deck
 * (split_seen_options.ranks): the counts of a situation's 14 hands the
 * plain way, every (dealer's unseen hole cards, completion) of the deck
 * visited.  The dealer's and the player's ranks are read from the 52-card
 * dealer tables (a rank does not depend on the deck).  The fast counts
 * (split_seen_counts.c, split_seen2_counts.c, split_counts.c) are for the
 * 52 cards alone; this way lets the tests' whole-game brute force check
 * the rest of the pass: the classes, their weights and orbits, the sums.
 * Not a public API.
 */
#ifndef FOURCARD_SPLIT_SEEN_DECK_H
#define FOURCARD_SPLIT_SEEN_DECK_H

#include "cards.h"
#include "split_hand_counts.h"
#include "split_tables.h"

/* The counts of the 14 hands of (P, u) with the nseen (0, 1 or 2) hole
 * cards seen[] known, over the cards of deck: out[m], m = 1..14. */
void split_seen_deck_counts(const struct split_dealer_tables *t, cardmask_t deck, const card_t P[4], card_t u,
                            const card_t *seen, int nseen, struct split_hand_counts out[SPLIT_NMASKS]);

#endif
