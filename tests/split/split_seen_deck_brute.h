/* split_seen_deck_brute.h — an independent brute force of hole-carding on a
 * small deck: the cards of some ranks in all four suits, every situation
 * (the player's 4 cards P, the dealer's upcard u) and every set of K = 1 or
 * 2 seen hole cards, settled by plain enumeration written from the rules
 * (shared/games/4-card-split.md), not from the solver's fast path.
 *
 * For each situation, every triple D of the n - 5 cards left is the
 * dealer's hole cards (his 3-card rank made once from {u} + D by the rule
 * version, split_brute_dealer_rank), and every hand of P is completed to 3
 * cards from the n - 8 cards left after D, each couple settled once
 * (split_brute_settle) and credited to the normal counts and to each seen
 * set S contained in D.  Then the options are priced from each seen set's
 * counts (and from the normal counts) and the best taken.  Shares only the
 * evaluators and the card helpers with the solver.
 */
#ifndef FOURCARD_SPLIT_SEEN_DECK_BRUTE_H
#define FOURCARD_SPLIT_SEEN_DECK_BRUTE_H

#include <stdint.h>

#include "cards.h"
#include "split_hand_counts.h"
#include "split_rules.h"
#include "wide.h"

struct split_seen_deck_brute {
    int cards;            /* cards in the deck: 4 x the ranks */
    int64_t situations;   /* (P, u): P a set of 4 cards of the deck, u another: C(cards,4) x (cards-4) */
    int64_t seen_sets;    /* per situation: C(cards - 5, K) */
    /* Mean money per round in units of one Ante (the Blind included: Blind
     * pay + the option's Ante/Play/instant money), exact, lowest terms, den > 0: */
    wide_t ev_num, ev_den;         /* the best option knowing P, u and the K seen hole cards; mean over situations x seen sets */
    wide_t normal_num, normal_den; /* the best option knowing only P and u; mean over situations */
    int64_t seen_by_rank[NRANKS];  /* situations x seen sets, by the rank of the seen card (with K = 2, the higher rank of the two) */
    /* Over situations x seen sets: the seen-optimal option's value (with the seen cards) is strictly above ... */
    int64_t changed_lo;   /* ... the seen value of EVERY option that is optimal in the normal game (P, u only) */
    int64_t changed_hi;   /* ... the seen value of SOME option that is optimal in the normal game */
};

/* 0, or -1 if the arguments are bad (seen not 1 or 2, fewer than 3 ranks).
 * ranks: bit r = rank r (0 = deuce .. 12 = ace), each rank in all four suits. */
int split_seen_deck_brute(const struct split_paytable *pt, enum split_instant_reading instant, uint16_t ranks, int seen,
                          struct split_seen_deck_brute *out);

/* ---- Internal, exposed for the tests. ---- */

/* One enumeration of the deck gives every K and both readings (the deals
 * are the same; only the crediting to seen sets and the pricing differ):
 * out[K - 1][instant], each as split_seen_deck_brute would give it.  0, or
 * -1 if the arguments are bad. */
int split_seen_deck_brute_all(const struct split_paytable *pt, uint16_t ranks, struct split_seen_deck_brute out[2][2]);

enum { SPLIT_SEEN_DECK_MAXSETS = 47 * 46 / 2 }; /* C(47, 2): the most seen sets of a situation (whole deck, K = 2) */

/* The 14 hands' outcome counts and money (Ante + Play won over all deals of
 * the hand played, in 1/pt->den units), masks 1..14 of positions in P. */
struct split_seen_deck_hands {
    struct split_hand_counts counts[SPLIT_NMASKS];
    int64_t money[SPLIT_NMASKS];
};

struct split_seen_deck_situation {
    int nsets;                                    /* C(cards - 5, K) */
    card_t seen[SPLIT_SEEN_DECK_MAXSETS][2];      /* each seen set's cards (K = 1: the card twice) */
    struct split_seen_deck_hands normal;          /* over every (D, completion) */
    struct split_seen_deck_hands set[SPLIT_SEEN_DECK_MAXSETS]; /* over every (unseen hole cards, completion) */
    /* The best option's value (Blind excluded), from this module's own list
     * of options, as num / (pt->den x den), den the lcm of the hands' totals. */
    int64_t normal_best, normal_den;
    int64_t best[SPLIT_SEEN_DECK_MAXSETS], best_den;
};

/* One situation of the deck of `ranks`: P (4 distinct cards of the deck)
 * and u (another).  0, or -1 on bad arguments.  out is big (about 1.3 MB):
 * allocate it. */
int split_seen_deck_situation(const struct split_paytable *pt, enum split_instant_reading instant, uint16_t ranks,
                              int seen, const card_t P[4], card_t u, struct split_seen_deck_situation *out);

#endif
