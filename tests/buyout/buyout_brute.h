/* buyout_brute.h — the independent checker of the 4 Card Buyout solver:
 * optimal play and exact EVs by plain enumeration and backward induction,
 * written from the rules (shared/games/4-card-buyout.md) and sharing no
 * code with the project but kernels/cards.h (card ids, rank * 4 + suit).
 *
 * The shoe is any multiset of card ids (count[id] copies of each), e.g.
 * D full decks, or D decks restricted to a few ranks so that a whole round
 * can be enumerated.  Every card that decides something is visited with its
 * exact multiplicity from the counts left: the player's 2 cards, the
 * dealer's upcard, the player's 3rd and 4th cards, the dealer's hole card
 * and 2 more cards, and his 5th card when his 4 cards score under 13.  The
 * cards are exchangeable, so they are visited in the order the decisions
 * need them (the hole card after the player's cards: it is unseen and
 * cannot matter).  Ordered draws are weighted by products of the counts
 * left, so a sequence of k draws weighs N (N-1) ... (N-k+1) in all; the
 * dealer's 3 unseen cards are visited as multisets with the number of
 * their orderings (bb_dealer_dist_ordered is the fully ordered version,
 * kept to check that).  A dealer who stands on 4 cards is weighted by the
 * count of the whole shoe left for the 5th, so every dealer distribution
 * sums to the falling factorial N_left^(4).  Sums are __int128.
 *
 * Rules modelled (one player alone, First bet 1 unit, no Bonus):
 *   points = max(of a kind: pair 20, trips 30, quads 40, aces 22/33/44,
 *   the better group when there are two; suited: the card values (A 11,
 *   J/Q/K 10, 2-10 face) summed over one suit holding >= 2 cards); zero
 *   with neither.  Identical cards (several decks) count both ways.
 *   3rd card: BUY (wager 2), REFUSE (only if the 2 cards have points;
 *   wager 1, the card is discarded), FOLD (-1).
 *   4th card: BUY (wager 3; only if the 4 cards have points), REFUSE (only
 *   if the 3 cards have points; wager 2, the card is discarded), FOLD (-2).
 *   Dealer: upcard, hole card, 2 more; under 13 points a 5th card, scored as
 *   the best 4 of the 5 (default) or with all five counted (groups of 5
 *   equal cards then score 10 a card, 11 for aces).  No qualifier.  Every
 *   wager in play is won or lost 1:1 by comparing points; equal points push;
 *   a zero-point player hand loses.
 */
#ifndef FOURCARD_BUYOUT_BRUTE_H
#define FOURCARD_BUYOUT_BRUTE_H

#include "cards.h"

typedef __int128 bb_int;

/* An exact fraction, den > 0, reduced to lowest terms. */
struct bb_frac {
    bb_int num, den;
};

enum bb_option { BB_BUY = 0, BB_REFUSE = 1, BB_FOLD = 2, BB_NOPTIONS = 3 };

struct bb_rules {
    int five_all; /* 0: dealer's 5 cards scored as the best 4 (default); 1: all five */
};

struct bb_shoe {
    int count[NCARDS]; /* copies of each card id */
};

/* Option EVs of one decision, in units of the First bet, net of all wagers. */
struct bb_options {
    int legal[BB_NOPTIONS];
    struct bb_frac ev[BB_NOPTIONS]; /* 0/1 for an illegal option */
    int best;                       /* the legal option of highest EV (first on ties, BUY < REFUSE < FOLD) */
};

/* Highest points a dealer distribution can hold (55 = five suited aces). */
enum { BB_MAXPTS = 56 };

/* ---- scoring ---- */
int bb_card_value(card_t c);                 /* 11, 10 or face value */
int bb_points(const card_t *cards, int n);   /* any number of cards, every card counting */
int bb_points_dealer5(const card_t c[5], const struct bb_rules *r);

/* ---- shoes ---- */
/* decks copies of every card whose rank bit (1 << rank) is in rank_mask. */
void bb_shoe_make(struct bb_shoe *s, int decks, unsigned rank_mask);
int bb_shoe_size(const struct bb_shoe *s);
/* Removes cards; returns -1 if some card is not (or no longer) in the shoe. */
int bb_shoe_remove(struct bb_shoe *s, const card_t *cards, int n);

/* ---- the dealer ----
 * Weights of the dealer's final points given his upcard u, drawing the rest
 * from shoe (u already removed from it): w[p] for p = 0..BB_MAXPTS-1; they
 * sum to N (N-1) (N-2) (N-3), N = bb_shoe_size(shoe). */
void bb_dealer_dist(const struct bb_shoe *shoe, card_t u, const struct bb_rules *r,
                    bb_int w[BB_MAXPTS]);
/* The same with every ordering of the hole card and the 2 more visited. */
void bb_dealer_dist_ordered(const struct bb_shoe *shoe, card_t u, const struct bb_rules *r,
                            bb_int w[BB_MAXPTS]);

/* Sum over the dealer's points of weight * (+1 win, 0 push, -1 loss) for a
 * player holding pp points (a zero-point hand loses everything). */
bb_int bb_dealer_net(const bb_int w[BB_MAXPTS], int pp);

/* ---- decisions ----
 * shoe is the full shoe before the round; the functions remove the cards
 * seen themselves.  p holds the player's cards in dealing order. */
/* At the 4th card: p[0..3], upcard u. */
int bb_options4(const struct bb_shoe *shoe, const struct bb_rules *r, const card_t p[4],
                card_t u, struct bb_options *out);
/* At the 3rd card: p[0..2], upcard u (BUY = the best 4th-card option on average). */
int bb_options3(const struct bb_shoe *shoe, const struct bb_rules *r, const card_t p[3],
                card_t u, struct bb_options *out);

/* ---- the round ----
 * EV of a round under optimal play (and, if not NULL, the round's total
 * weight, which must be the falling factorial N^(9)). Memoizes dealer
 * distributions; meant for small shoes (about 20 cards). Returns 0, or -1
 * on a shoe too small to deal a round (fewer than 9 cards). */
int bb_round(const struct bb_shoe *shoe, const struct bb_rules *r, struct bb_frac *ev,
             bb_int *total_weight);
/* A round in which the player folds every 3rd card: total weight W and
 * numerator (must be -W). */
void bb_round_fold_all(const struct bb_shoe *shoe, bb_int *num, bb_int *den);

/* ---- fractions ---- */
struct bb_frac bb_frac_make(bb_int num, bb_int den);
int bb_frac_cmp(struct bb_frac a, struct bb_frac b);
/* Decimal text of a 128-bit integer into buf (>= 41 bytes); returns buf. */
char *bb_int_str(bb_int v, char *buf);
double bb_frac_double(struct bb_frac f);
bb_int bb_falling(int n, int k);

#endif
