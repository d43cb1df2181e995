/* buyout_brute_seen.h — the independent checker of hole-carding (`protect
 * buyout --seen 1`): the player knows the dealer's upcard AND hole card
 * before each decision and takes the best option by plain enumeration and
 * backward induction, written from the rules like buyout_brute.h (whose
 * scoring and shoes it uses) and sharing no code with the solver.
 *
 * Every card is visited with its multiplicity from the counts left, in
 * dealing order: the player's 2 cards, the upcard, the hole card, the 3rd
 * card, the 4th card, then the dealer's 2 more cards (ordered) and his 5th
 * card under 13 points (a dealer who stands is weighted by the n - 2 cards
 * left, so a distribution from n cards sums to n (n-1) (n-2)). */
#ifndef FOURCARD_BUYOUT_BRUTE_SEEN_H
#define FOURCARD_BUYOUT_BRUTE_SEEN_H

#include "buyout_brute.h"

/* The dealer's final points given his upcard u and hole card h, the rest
 * drawn from shoe (u and h already out of it): w[p], summing to
 * N (N-1) (N-2), N = bb_shoe_size(shoe). */
void bb_dealer_dist_hole(const struct bb_shoe *shoe, card_t u, card_t h, const struct bb_rules *r,
                         bb_int w[BB_MAXPTS]);

/* The EV of a round (First-bet units, no Bonus) when the player knows the
 * hole card and plays optimally for it; *total_weight (if not NULL) the
 * round's total weight, N^(5) ordered draws of the cards up to the 3rd.
 * Meant for shoes of about 16 cards.  Returns 0, or -1 on a shoe too
 * small for a round or out of memory. */
int bb_round_seen(const struct bb_shoe *shoe, const struct bb_rules *r, struct bb_frac *ev, bb_int *total_weight);

/* A strategy played instead of the best option: the option (enum
 * bb_option) at the 3rd card, p[0..2] held (the 3rd card last), and at
 * the 4th, p[0..3], with the upcard u and the hole card h known; an
 * option the rules forbid is played as a fold. */
struct bb_seen_play {
    int (*third)(void *ctx, const card_t p[3], card_t u, card_t h);
    int (*fourth)(void *ctx, const card_t p[4], card_t u, card_t h);
    void *ctx;
};

/* bb_round_seen with the player's options chosen by play. */
int bb_round_seen_play(const struct bb_shoe *shoe, const struct bb_rules *r, const struct bb_seen_play *play,
                       struct bb_frac *ev, bb_int *total_weight);

#endif
