/* split_seats_brute.h — the independent checker of 4 Card Split at a
 * colluding table: one situation (the player's 4 cards P, the upcard u and
 * the set `dead` of the cards the other players hold, all known) settled by
 * plain enumeration, written from the rules (shared/games/4-card-split.md),
 * not from the fast path.
 *
 * The pool V is the 52 cards less P, u and dead (R cards).  For every hand
 * H of P (a mask m = 1..14 of positions in P), every triple of V as the
 * dealer's hole cards and every completion of H to 3 cards from the R - 3
 * cards of V left after them, the dealer's 3-card hand is made from {u and
 * his 3 hole cards} by the rule version, both hands ranked by eval3_rank,
 * and the Ante and Play settled in money: C(R,3) x C(R-3, 3-|H|) couples a
 * hand.  Then every option of the situation is priced and the best taken,
 * as split_seen_brute.h does.  Shares only eval3_rank and the card helpers
 * with the solver.  About 0.2 s a call at |dead| = 0 (-O2), 0.15 s at
 * |dead| = 4, under 0.01 s at |dead| = 24.
 */
#ifndef FOURCARD_SPLIT_SEATS_BRUTE_H
#define FOURCARD_SPLIT_SEATS_BRUTE_H

#include <stdint.h>

#include "cards.h"
#include "split_hand_counts.h"
#include "split_rules.h"

struct split_seats_brute {
    struct split_hand_counts counts[SPLIT_NMASKS]; /* masks 1..14 of positions in P */
    int64_t money[SPLIT_NMASKS]; /* Ante + Play won over all couples of the hand played, in 1/den units */
    /* The best option's value (Blind excluded) as best_num / best_den units. */
    int64_t best_num, best_den;
};

/* P: 4 distinct cards; u a fifth; dead disjoint from P and u, leaving at
 * least 5 cards in the pool (so that every hand has a completion). */
void split_seats_brute(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                       card_t u, cardmask_t dead, struct split_seats_brute *out);

#endif
