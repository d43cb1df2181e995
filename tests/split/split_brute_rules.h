/* split_brute_rules.h — the rules the independent 4 Card Split checkers
 * settle by (split_seen_brute.c, split_seen2_brute.c, split_seats_brute.c),
 * written once from shared/games/4-card-split.md, not from the fast path:
 * the dealer's hand, his qualifying, one showdown's Ante and Play, and the
 * best option of a situation.  Shares only eval3_rank with the solver. */
#ifndef FOURCARD_SPLIT_BRUTE_RULES_H
#define FOURCARD_SPLIT_BRUTE_RULES_H

#include <stdint.h>

#include "cards.h"
#include "split_hand_counts.h"
#include "split_rules.h"

/* The dealer's 3-card rank from his four cards, four[0] the upcard: 2014,
 * the best 3 of the 4; v2, the upcard with the best 2 of the other 3. */
uint16_t split_brute_dealer_rank(const struct split_rules *r, const card_t four[4]);

/* One couple of a played hand, the player's final rank p against the
 * dealer's d: into the counts, and its Ante + Play into money (1/den). */
void split_brute_settle(const struct split_paytable *pt, uint16_t p, uint16_t d, struct split_hand_counts *h,
                        int64_t *money);

/* The best option of a situation (Blind excluded) from its hands' counts
 * and money, as *num / *den units, den the lcm of the hands' totals: an
 * instant winner taken (which ones, by the reading) with the single card
 * played or folded; else fold all, or any split with each hand played or
 * folded. */
void split_brute_best(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                      const struct split_hand_counts counts[SPLIT_NMASKS], const int64_t money[SPLIT_NMASKS],
                      int64_t *num, int64_t *den);

#endif
