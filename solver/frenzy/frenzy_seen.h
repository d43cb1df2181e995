/* frenzy_seen.h — Four Card Frenzy when the player sees one of the
 * dealer's five cards before he decides (hole-carding): the exact EV with
 * the strategy optimal for what he sees, against the normal game.
 *
 * A situation is the player's five cards P and the seen card s, one of
 * the 47 he does not hold: 2,598,960 x 47 equally likely pairs.  The
 * dealer's other four cards are any four of the remaining 46: C(46,4) =
 * 163,185 hands per pair.  Every count is an exact integer, so the EV is
 * an exact fraction; the strategy is the argmax of each pair.
 *
 * Money: a pair's EV is an integer in 1/(FRENZY_SEEN_DEALER_HANDS * den)
 * of an Ante (frenzy_decide_among); a total sums pairs, so it is in
 * 1/(frenzy_seen_den).  Each dealer hand holds 5 cards, so summing a
 * hand's 47 pairs counts every dealer hand 5 times: 47 x 163,185 =
 * 5 x C(47,5).  The normal game's total, times 5, is in the same units.
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

#define FRENZY_SEEN_DEALER_HANDS INT64_C(163185) /* C(46,4): the dealer's four other cards */
#define FRENZY_SEEN_CARDS 47                      /* cards the seen one may be */

/* The pairs whose seen card has one rank (any suit). */
struct frenzy_seen_rank {
    int64_t pairs;                      /* 4 x C(51,5) */
    wide_t ev;                          /* the seen-optimal strategy */
    wide_t normal_ev;                   /* the normal strategy, priced with the card seen */
    int64_t choice[FRENZY_NCHOICES];    /* pairs per seen-optimal decision */
    struct frenzy_rule rule;            /* the best two-threshold rule for this seen rank; its ev absolute */
};

struct frenzy_seen {
    struct frenzy_game game;
    int64_t den;                        /* frenzy_game_den */
    int seen;                           /* cards seen: 1 */
    wide_t ev;                          /* seen-optimal, over every pair */
    wide_t normal_ev;                   /* the normal optimal strategy over every pair (= 5 x the solve's) */
    wide_t normal_total;                /* the normal solve's total x 5, from its own counts (a check) */
    wide_t card_ev;                     /* the per-rank rules (the card of the seen strategy) */
    int64_t change[FRENZY_NCHOICES][FRENZY_NCHOICES]; /* pairs by [normal decision][seen decision] */
    struct frenzy_seen_rank by_rank[NRANKS];
    double seconds;                     /* the seen enumeration (the normal counts before it not included) */
};

/* The denominator of a total: FRENZY_HANDS x 47 x 163,185 x den. */
wide_t frenzy_seen_den(const struct frenzy_seen *s);

/* One seen card (K = 1) under game g: c is the normal game's counts (rank
 * 0's, from frenzy_solve's counts_out).  OpenMP; integer sums, the same
 * for any thread count.  Returns 0, or -1 with a message in err (out of
 * memory). */
int frenzy_seen_solve(const struct frenzy_game *g, const struct frenzy_counts *c, bool progress,
                      struct frenzy_seen *out, char *err, size_t errlen);

#endif
