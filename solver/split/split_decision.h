/* split_decision.h — 4 Card Split: the money scale, a situation's
 * decision and the totals of a round (the types alone; split_solve.h
 * computes them, split_price.h prices one situation).
 *
 * Units: a hand's EV is an integer in 1/(SPLIT_L * den) of a unit, where
 * SPLIT_L = lcm of the hands' outcome totals and den is the paytable's
 * denominator.
 */
#ifndef FOURCARD_SPLIT_DECISION_H
#define FOURCARD_SPLIT_DECISION_H

#include <stdbool.h>
#include <stdint.h>

#include "eval3.h"
#include "wide.h"

#define SPLIT_L INT64_C(30678780)
#define SPLIT_SITUATIONS INT64_C(12994800) /* 270,725 x 48 */

/* The decision taken in a situation. */
enum split_choice {
    SPLIT_FOLD_ALL = 0, /* no instant winner; both hands folded */
    SPLIT_INSTANT = 1,  /* an instant winner taken; the single card played or folded */
    SPLIT_3_1 = 2,      /* a 3-card and a 1-card hand */
    SPLIT_2_2 = 3,      /* two 2-card hands */
};

/* Every total is a weighted sum over the situations (weights add up to
 * SPLIT_SITUATIONS); money is in 1/(SPLIT_L * den). */
struct split_totals {
    wide_t ev;           /* the whole round: Blind + Antes + Plays */
    wide_t blind;
    wide_t ante_instant; /* Antes paid as instant winners */
    wide_t ante;         /* the other Antes: showdowns and folds */
    wide_t play;         /* Play bets */
    int64_t choice[4];       /* situations by enum split_choice */
    int64_t instant_by_cat[E3_NCATEGORIES]; /* instant winners taken, by category */
    int64_t hands_played, hands_folded;
    int64_t plays;           /* Play bets made (= hands played) */
};

/* One situation's decision under one paytable, for the strategy file. */
struct split_decision {
    enum split_choice choice;
    /* position masks into P: the two hands of a split (hand_a first), or
     * the instant trio (hand_a, no Play bet) and the single card (hand_b);
     * both 0 for fold all */
    uint8_t hand_a, hand_b;
    bool play_a, play_b;
    bool has_second;        /* false when the situation has one option only */
    wide_t best, second; /* EV of the best and the second-best option, Blind
                              * excluded, in 1/(SPLIT_L * den) */
};

#endif
