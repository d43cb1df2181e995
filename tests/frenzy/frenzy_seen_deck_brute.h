/* frenzy_seen_deck_brute.h — the independent checker of hole-carding on a
 * reduced deck: Four Card Frenzy when the player also sees K = 1 or 2 of
 * the dealer's 5 cards, worked out over a small deck by plain enumeration
 * with frenzy_brute.h's evaluator and settlement, sharing nothing with the
 * solver.
 *
 * The deck holds the cards of the ranks in rank_mask (bit r set: rank r,
 * 0 = deuce .. 12 = ace), all 4 suits: n = 4 x popcount(rank_mask) cards.
 * Every player hand P (5 cards of the deck: all C(n,5) of them, no suit
 * symmetry), every seen set S (K cards of deck \ P) and every dealer hand
 * D (5 cards of deck \ P holding S) are equally likely.  Write m = n - 5.
 *
 * Decisions.  From a set of counts, the EV of r = 0 (fold) .. max raise
 * (frenzy_brute_max_raise: 3 with a pair of aces or better, else 1) is
 * frenzy_brute_ev_rules; the decision is the r of the highest EV, ties to
 * the SMALLER r (fold before 1x before 2x before 3x).  The NORMAL decision
 * of P uses its normal counts (every dealer hand of deck \ P, none seen);
 * the SEEN decision of (P, S) uses the (P, S) counts.
 *
 * Cost: C(n,5) x C(m,5) dealer hands, each added to C(5,K) seen sets;
 * for a 20-card deck at -O2 about 0.5 s with K = 1, 2 s with K = 2.
 * Meant for decks of up to 6 ranks; a 52-card deck would take days.
 */
#ifndef FOURCARD_FRENZY_SEEN_DECK_BRUTE_H
#define FOURCARD_FRENZY_SEEN_DECK_BRUTE_H

#include <stdint.h>

#include "cards.h"
#include "frenzy_brute.h"

/* Totals over every (P, S) of a reduced deck.  An EV numerator "over den
 * X" is in units of the Ante: the EV is numerator / X. */
struct frenzy_seen_deck_brute {
    int n;                /* cards in the deck, 4 x popcount(rank_mask) */
    int k;                /* dealer cards seen, 1 or 2 */
    int64_t hands;        /* C(n,5) player hands */
    int64_t seen_sets;    /* C(n-5,k) seen sets per player hand */
    int64_t dealer_hands; /* C(n-5-k,5-k) dealer hands per (P, S) */
    /* Sum over every (P, S) of the seen decision's EV numerator under the
     * (P, S) counts, each over den 2 * dealer_hands (as returned by
     * frenzy_brute_ev_rules); so the mean seen-optimal EV per (P, S) is
     * ev / (2 * dealer_hands * hands * seen_sets) units. */
    __int128 ev;
    /* The same sum for P's normal decision (chosen blind) under the
     * (P, S) counts, same den.  Every dealer hand is counted once through
     * each of its C(5,k) seen sets, so normal_ev = C(5,k) x normal_game. */
    __int128 normal_ev;
    /* Sum over every P of its normal decision's EV numerator under its
     * normal counts, each over den 2 * C(n-5,5). */
    __int128 normal_game;
    /* (P, S) pairs by [normal decision r][seen decision r], r = 0 fold ..
     * 3; a row sums to seen_sets x the hands whose normal decision is r. */
    int64_t change[4][4];
    /* The (P, S) pairs split by the rank (0 = deuce .. 12 = ace) of S's
     * highest card (for k = 2 the higher of the two ranks): */
    int64_t rank_pairs[13];      /* (P, S) pairs of that rank */
    __int128 rank_ev[13];        /* as ev, the pairs of that rank only */
    __int128 rank_normal_ev[13]; /* as normal_ev, the pairs of that rank only */
    int64_t rank_choice[13][4];  /* pairs of that rank by seen decision r */
};

/* Fills *out with every (P, S) of the deck of rank_mask, k cards seen,
 * the Odds settled by the win and bad_beat tables, a copy paid as a win
 * (copy_pushes = 0, Washington) or pushing Ante and Raise (1); see
 * frenzy_brute_ev_rules.  Returns 0, or -1 on bad arguments (k not 1 or
 * 2, rank_mask beyond 13 bits, fewer than 10 cards so that deck \ P cannot
 * hold the dealer's 5, a NULL pointer) or when out of memory. */
int frenzy_seen_deck_brute(unsigned rank_mask, int k, const struct frenzy_brute_odds *win,
                           const struct frenzy_brute_odds *bad_beat, int copy_pushes,
                           struct frenzy_seen_deck_brute *out);

/* One player hand's counts, as frenzy_seen_deck_brute_each hands them
 * over (valid only during the call).  A seen set's index is the colex rank
 * of its positions in rest (deck \ P in increasing id order): k = 1, S =
 * {rest[i]} has index i; k = 2, S = {rest[i], rest[j]}, i < j, has index
 * j (j - 1) / 2 + i. */
struct frenzy_seen_deck_hand {
    int k;                                  /* dealer cards seen */
    card_t player[5];                       /* P, increasing id */
    struct frenzy_brute_counts normal;      /* every dealer hand of deck \ P: total C(n-5,5) */
    int64_t seen_sets;                      /* C(n-5,k) */
    const struct frenzy_brute_counts *seen; /* [seen_sets]: the dealer hands holding S, total C(n-5-k,5-k) each */
    const card_t (*seen_cards)[2];          /* [seen_sets]: S, increasing id; [1] unused when k = 1 */
};

/* Calls visit once per player hand of the deck, in colex order of P; a
 * nonzero return stops the walk.  Returns 0, -1 on bad arguments (as
 * above) or out of memory, or visit's nonzero value (keep it positive to
 * tell it from -1).  frenzy_seen_deck_brute is this walk plus the
 * decisions. */
typedef int (*frenzy_seen_deck_visit)(const struct frenzy_seen_deck_hand *hand, void *ctx);
int frenzy_seen_deck_brute_each(unsigned rank_mask, int k, frenzy_seen_deck_visit visit, void *ctx);

#endif
