/* buyout_seen.h — hole-carding 4 Card Buyout (`fourcard protect buyout
 * --seen 1`): the player knows the dealer's hole card as well as his
 * upcard before every decision, and plays the strategy optimal for that.
 *
 * Exact over every situation: the player's 2 cards P, the upcard u, the
 * hole card h, the 3rd card, and every 4th card, weighted by their ordered
 * draws from the shoe.  Beside the hole-card EV, the same pass prices the
 * normal optimal strategy (decisions on P, u and the 3rd/4th card only)
 * against the same hole-card dealer outcomes: summed over h that is the
 * normal game's EV, and the pass checks it, to the last digit, against the
 * normal solve's own class values (a first-principles identity: knowing h
 * and ignoring it is the normal game).
 *
 * Structure (why it is fast): with u and h known the dealer draws 2 cards
 * (and a 5th under 13), so his outcomes after any removal are a few reads
 * of small tables per (u, h) (buyout_hole.h).  The upcard is moved to
 * clubs (buyout_eval.h's u frame); the player's 3 cards after a buy (R3)
 * are taken one per orbit of the suit permutations that fix the upcard;
 * buying the 3rd card is priced once per R3 and h, for each of R3's 3
 * splits into 2 cards + 3rd card.  Integers throughout: any thread count
 * gives the same bits.
 */
#ifndef FOURCARD_BUYOUT_SEEN_H
#define FOURCARD_BUYOUT_SEEN_H

#include <stdbool.h>
#include <stddef.h>

#include "buyout_card.h"
#include "buyout_rules.h"
#include "wide.h"

/* The dealer's points with his upcard and hole card: 0, 5..21 suited, 20
 * or 22 a pair. */
enum { BUYOUT_SEEN_DEALER_BINS = 23 };
/* The player's points with 3 cards, in ranges (buyout_seen_player_bin). */
enum { BUYOUT_SEEN_PLAYER_BINS = 9 };
enum { BUYOUT_SEEN_NORMAL = 0, BUYOUT_SEEN_HOLE = 1 }; /* the two strategies */

/* The range of 3-card points p falls in, and its label ("13-16"). */
int buyout_seen_player_bin(int p);
const char *buyout_seen_player_label(int bin);

/* A card played with the hole card seen (buyout_card.h, its 'dealer'
 * limits read; an action the rules forbid folds): its EV, in 1/den, and
 * the gain of each action over the card's own in every cell of the
 * dealer's points (upcard and hole card) and the points with the new card:
 * at the 3rd card, over every 3rd-card situation; at the 4th card, over
 * the 4th cards the card reaches (its 3rd-card action buys), both in
 * 1/den.  The hole-carder's card is learnt from them
 * (buyout_seen_card.h).  uncovered: the weight of the situations no rule
 * decides (a card file's gap; then folded). */
struct buyout_seen_card_sums {
    wide_t ev_num, uncovered;
    wide_t gain3[BUYOUT_CARD_DEALER][BUYOUT_CARD_POINTS][3];
    wide_t gain4[BUYOUT_CARD_DEALER][BUYOUT_CARD_POINTS][3];
};

/* The sums of the pass, every field a wide_t (they are added as an array).
 * Decisions by [normal choice][hole-card choice] (enum buyout_choice). */
struct buyout_seen_sums {
    /* EVs per First-bet unit (Bonus included when the rules have one), in
     * 1/den: with the hole-card strategy, and with the normal optimal one */
    wide_t ev_num, normal_num;
    wide_t deals;                 /* every 3rd-card situation's weight */
    wide_t third[3][3];           /* at the 3rd card, in 1/deals */
    wide_t fourth[3][3];          /* every 4th-card situation, reached or not, in 1/fourth_den */
    wide_t fourth_reached[3][3];  /* those the hole-card strategy reaches (it bought), over their sum */
    /* by the dealer's 2-card points (index = points), each strategy's
     * choices at the 3rd card (1/deals) and at the 4th (1/fourth_den);
     * at the 3rd card by the player's 3-card points range too */
    wide_t by_dealer3[BUYOUT_SEEN_DEALER_BINS][2][3], by_dealer4[BUYOUT_SEEN_DEALER_BINS][2][3];
    wide_t grid3[BUYOUT_SEEN_DEALER_BINS][BUYOUT_SEEN_PLAYER_BINS][2][3];
    struct buyout_seen_card_sums card; /* when a card is played (else 0) */
};

struct buyout_seen_result {
    struct buyout_rules rules;
    int seen; /* dealer cards known: 1, the hole card */
    struct buyout_seen_sums sum;
    wide_t den, fourth_den;
    double seconds;
    int threads, ranks;
};

/* Solves the rules with `seen` dealer cards known (1: the hole card);
 * card (NULL: none) is played too (sum.card).  The rules must have
 * decisions (no Bonus played alone).  Threads: the team's (team.h).  Under
 * MPI the ranks share the (upcard, hole card) pairs and rank 0 gets the
 * sums.  Returns 0, or -1 with err. */
int buyout_seen_solve(const struct buyout_rules *r, int seen, const struct buyout_card *card, bool progress,
                      struct buyout_seen_result *out, char *err, size_t errlen);

#endif
