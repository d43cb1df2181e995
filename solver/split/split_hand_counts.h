/* split_hand_counts.h — 4 Card Split: the outcome counts of one hand of a
 * split (the type alone; split_counts.h computes them). */
#ifndef FOURCARD_SPLIT_HAND_COUNTS_H
#define FOURCARD_SPLIT_HAND_COUNTS_H

#include <stdint.h>

#include "eval3.h"

struct split_hand_counts {
    /* player higher, by the player's final 3-card category; dealer
     * qualified (q) or not (nq) */
    uint32_t win_q[E3_NCATEGORIES];
    uint32_t win_nq[E3_NCATEGORIES];
    uint32_t tie;
    uint32_t lose_q;  /* player lower, dealer qualified */
    uint32_t lose_nq; /* player lower, dealer not qualified */
    uint32_t total;   /* all (hole cards, completion) pairs */
};

/* The 14 hands of a situation: masks 1..14 (15 = all four cards is not a
 * hand). */
enum { SPLIT_NMASKS = 16 };

#endif
