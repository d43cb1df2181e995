/* frenzy_seen_counts.h — the dealer counts of one situation of Four Card
 * Frenzy with one dealer card seen: of the dealer's 163,185 possible
 * other four cards, how many make his best four rank below, up to and
 * above the player's, and how many do not qualify.
 *
 * By inclusion-exclusion over the player's cards P: with the seen card s
 * fixed, the dealer's hand is s and a set X of four of the other 51 cards,
 * X disjoint from P, and
 *   L(r) = #{X : X and P disjoint, rank(X + s) < r}
 *        = sum over T subset of P, |T| <= 4, of (-1)^|T| M_T(r),
 *   M_T(r) = #{X holding T : rank(X + s) < r}.
 * The tables of one seen card keep M_T as CDF rows for |T| <= 2, the 48
 * ranks of each |T| = 3 sorted (counted by binary search), and read
 * |T| = 4 (X = T) from the rank of every 5-card hand.
 */
#ifndef FOURCARD_FRENZY_SEEN_COUNTS_H
#define FOURCARD_FRENZY_SEEN_COUNTS_H

#include <stdint.h>

#include "cards.h"
#include "frenzy_counts.h"
#include "frenzy_hand_ranks.h"

/* The tables of one seen card (about 10 MB): one per thread. */
struct frenzy_seen_tables;

/* NULL when memory runs out; r must outlive the tables. */
struct frenzy_seen_tables *frenzy_seen_tables_new(const struct frenzy_hand_ranks *r);
void frenzy_seen_tables_free(struct frenzy_seen_tables *t);
/* Makes the tables those of seen card s (a few tens of ms). */
void frenzy_seen_tables_load(struct frenzy_seen_tables *t, card_t seen);
card_t frenzy_seen_tables_card(const struct frenzy_seen_tables *t);

/* The counts of the player's five cards (increasing, none the seen card):
 * out->rank his best four, below / upto / unqualified as in
 * frenzy_counts.h but among FRENZY_SEEN_DEALER_HANDS, total = that
 * number (a check).  out->cards and weight are left alone. */
void frenzy_seen_tables_count(const struct frenzy_seen_tables *t, const card_t player[5], struct frenzy_class *out);

#endif
