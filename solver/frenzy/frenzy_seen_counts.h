/* frenzy_seen_counts.h — the dealer counts of one situation of Four Card
 * Frenzy with K = 1 or 2 dealer cards seen: of the dealer's possible
 * other 5 - K cards (C(46,4) = 163,185 or C(45,3) = 14,190), how many make
 * his best four rank below, up to and above the player's, and how many do
 * not qualify.
 *
 * By inclusion-exclusion over the player's cards P: with the seen cards S
 * fixed, the dealer's hand is S and a set X of m = 5 - K of the other
 * 52 - K cards, X disjoint from P, and
 *   L(r) = #{X : X and P disjoint, rank(X + S) < r}
 *        = sum over T subset of P, |T| <= m, of (-1)^|T| M_T(r),
 *   M_T(r) = #{X holding T : rank(X + S) < r}.
 * The tables of one seen set keep M_T as CDF rows for |T| <= m - 2, the 48
 * ranks of each T of m - 1 cards sorted (counted by binary search), and
 * read |T| = m (X = T) from the rank of every 5-card hand.
 */
#ifndef FOURCARD_FRENZY_SEEN_COUNTS_H
#define FOURCARD_FRENZY_SEEN_COUNTS_H

#include <stdint.h>

#include "cards.h"
#include "frenzy_counts.h"
#include "frenzy_hand_ranks.h"

enum { FRENZY_SEEN_MAX = 2 }; /* cards seen at most */

/* The tables of one seen set (about 10 MB): one per thread. */
struct frenzy_seen_tables;

/* The tables of the dealer hands dealt from deck (a mask; CARDMASK_ALL:
 * the full deck, else a smaller deck for the checks that deal it whole).
 * NULL when memory runs out; r must outlive the tables. */
struct frenzy_seen_tables *frenzy_seen_tables_new(const struct frenzy_hand_ranks *r, cardmask_t deck);
void frenzy_seen_tables_free(struct frenzy_seen_tables *t);
/* Makes the tables those of the k seen cards (increasing; a few tens of ms). */
void frenzy_seen_tables_load(struct frenzy_seen_tables *t, const card_t *seen, int k);
/* The seen cards loaded into out[0..k); returns k (0: none). */
int frenzy_seen_tables_cards(const struct frenzy_seen_tables *t, card_t out[FRENZY_SEEN_MAX]);

/* The counts of the player's five cards (increasing, none seen): out->rank
 * his best four, below / upto / unqualified as in frenzy_counts.h but
 * among the dealer's C(n - 5 - k, 5 - k) hands of a deck of n cards, total = that number (a
 * check).  out->cards and weight are left alone. */
void frenzy_seen_tables_count(const struct frenzy_seen_tables *t, const card_t player[5], struct frenzy_class *out);

#endif
