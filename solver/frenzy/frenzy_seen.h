/* frenzy_seen.h — Four Card Frenzy when the player sees K = 1 or 2 of
 * the dealer's five cards before he decides (hole-carding): the exact EV
 * with the strategy optimal for what he sees, against the normal game.
 *
 * A situation is the player's five cards P and the seen cards S, K of the
 * 47 he does not hold: 2,598,960 x C(47,K) equally likely pairs (P, S).
 * The dealer's other 5 - K cards are any of the 47 - K left: C(46,4) =
 * 163,185 hands per pair for K = 1, C(45,3) = 14,190 for K = 2.  Every
 * count is an exact integer, so the EV is an exact fraction; the strategy
 * is the argmax of each pair.
 *
 * Money: a pair's EV is an integer in 1/(dealer_hands * den) of an Ante
 * (frenzy_decide_among); a total sums pairs, so it is in
 * 1/(frenzy_seen_den).  Each dealer hand holds C(5,K) sets of K cards, so
 * summing a hand's pairs counts every dealer hand C(5,K) times:
 * C(47,K) x C(47-K,5-K) = C(5,K) x C(47,5).  The normal game's total,
 * times C(5,K), is in the same units.
 *
 * The same pass runs on a smaller deck (frenzy_seen_solve_ranks), for the
 * test that deals such a deck's whole game by brute force.
 */
#ifndef FOURCARD_FRENZY_SEEN_H
#define FOURCARD_FRENZY_SEEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "frenzy_card.h"
#include "frenzy_counts.h"
#include "frenzy_solve.h"
#include "wide.h"

/* The pairs whose (highest) seen card has one rank (any suit). */
struct frenzy_seen_rank {
    int64_t pairs;                      /* K = 1: 4 x C(51,5) */
    wide_t ev;                          /* the seen-optimal strategy */
    wide_t normal_ev;                   /* the normal strategy, priced with the card seen */
    int64_t choice[FRENZY_NCHOICES];    /* pairs per seen-optimal decision */
    struct frenzy_rule rule;            /* the best two-threshold rule for this seen rank; its ev absolute */
};

struct frenzy_seen {
    struct frenzy_game game;
    int64_t den;                        /* frenzy_game_den */
    int seen;                           /* cards seen: K, 1 or 2 */
    cardmask_t deck;                    /* the cards dealt: CARDMASK_ALL but in the checks */
    int64_t hands;                      /* the player's hands: C(52,5) = FRENZY_HANDS (C(n,5) of n cards) */
    int64_t seen_sets;                  /* the seen cards a hand may face: C(47,K) (C(n-5,K)) */
    int64_t dealer_hands;               /* the dealer's other cards per pair: C(47-K,5-K) (C(n-5-K,5-K)) */
    wide_t ev;                          /* seen-optimal, over every pair */
    wide_t normal_ev;                   /* the normal optimal strategy over every pair (= 5 x the solve's) */
    wide_t normal_total;                /* the normal solve's total x C(5,K), from its own counts (a check) */
    wide_t card_ev;                     /* the per-rank rules (the card of the seen strategy) */
    int64_t change[FRENZY_NCHOICES][FRENZY_NCHOICES]; /* pairs by [normal decision][seen decision] */
    struct frenzy_seen_rank by_rank[NRANKS];
    double seconds;                     /* the seen enumeration (the normal counts before it not included) */
    int pieces, pieces_resumed;         /* the run's pieces (a rank of the highest seen card each); those
                                         * taken from the resume folder */
};

/* The denominator of a total: hands x seen_sets x dealer_hands x den. */
wide_t frenzy_seen_den(const struct frenzy_seen *s);

/* k seen cards (1 or 2) under game g: c is the normal game's counts (rank
 * 0's, from frenzy_solve's counts_out).  OpenMP; integer sums, the same
 * for any thread count.  resume (checkpoint.h; NULL: none) keeps each
 * finished piece, a rank of the highest seen card, and takes those a
 * stopped run kept: its question must name the game and K.  Returns 0, or
 * -1 with a message in err (out of memory). */
struct checkpoint;
int frenzy_seen_solve(const struct frenzy_game *g, const struct frenzy_counts *c, int k, bool progress,
                      const struct checkpoint *resume, struct frenzy_seen *out, char *err, size_t errlen);

/* The same on a smaller deck, the cards of the given ranks (bit r: rank r,
 * 0 = deuce .. 12 = ace) in all four suits, for the checks that deal a
 * whole game by brute force.  Its normal counts come from the seen ones:
 * summed over every seen set, a hand's counts are C(5,K) times its normal
 * counts (each dealer hand holds C(5,K) seen sets).  normal_total is then
 * the same sum by construction, not a check.  One thread for that part;
 * no progress, no pieces.  -1 with a message: fewer than 3 ranks, k not 1
 * or 2, out of memory. */
int frenzy_seen_solve_ranks(const struct frenzy_game *g, unsigned ranks, int k, struct frenzy_seen *out, char *err,
                            size_t errlen);

#endif
