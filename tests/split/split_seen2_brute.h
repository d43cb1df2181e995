/* split_seen2_brute.h — the independent checker of hole-carding with TWO of
 * the dealer's three hole cards seen: one situation (the player's 4 cards
 * P, the upcard u, the seen hole cards s1 and s2) settled by plain
 * enumeration, written from the rules (shared/games/4-card-split.md), not
 * from the fast path.
 *
 * The dealer's third hole card d is any of the 45 cards left (the 52 less
 * P, u, s1, s2).  For every hand H of P, every d and every completion of H
 * from the 44 cards left after d, the dealer's 3-card hand is made from
 * {u, s1, s2, d} by the rule version, both hands ranked by eval3_rank, and
 * the Ante and Play settled in money.  A hand's counts so run over
 * 45 x C(44, 3 - |H|) couples (45, 1,980 or 42,570).  Then every option of
 * the situation is priced and the best taken.  Shares only eval3_rank and
 * the card helpers with the solver.
 */
#ifndef FOURCARD_SPLIT_SEEN2_BRUTE_H
#define FOURCARD_SPLIT_SEEN2_BRUTE_H

#include <stdint.h>

#include "cards.h"
#include "split_hand_counts.h"
#include "split_rules.h"

struct split_seen2_brute {
    struct split_hand_counts counts[SPLIT_NMASKS]; /* masks 1..14 of positions in P */
    int64_t money[SPLIT_NMASKS]; /* Ante + Play won over all deals of the hand played, in 1/den units */
    /* The best option's value (Blind excluded) as best_num / best_den units. */
    int64_t best_num, best_den;
};

void split_seen2_brute(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                       card_t u, card_t s1, card_t s2, struct split_seen2_brute *out);

#endif
