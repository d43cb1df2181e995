/* frenzy_counts.h — Four Card Frenzy: for every suit class of the
 * player's five cards, how many of the dealer's possible hands rank
 * below, equal to and above the player's best four, and how many fail
 * to qualify.  Exact integer counts; the pricing (frenzy_solve.h) reads
 * nothing else, so one enumeration serves every paytable.
 *
 * The dealer's five cards come from the 47 cards the player does not
 * hold: C(47,5) = 1,533,939 hands, each equally likely.
 */
#ifndef FOURCARD_FRENZY_COUNTS_H
#define FOURCARD_FRENZY_COUNTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cards.h"

#define FRENZY_HANDS INT64_C(2598960)       /* C(52,5) player hands */
#define FRENZY_DEALER_HANDS INT64_C(1533939) /* C(47,5) dealer hands per player hand */
#define FRENZY_CLASSES 134459                /* suit classes of 5-card hands */

/* The dealer qualifies (for the Ante) with King-high or better: a best
 * 4-card rank of at least this (a High Card hand headed by a King). */
#define FRENZY_QUALIFY_RANK ((uint32_t)RANK_KING << 12)

struct frenzy_class {
    card_t cards[5];      /* increasing ids: the class's representative */
    uint8_t weight;       /* player hands in the class (orbit size 1..24) */
    uint32_t rank;        /* the player's best 4-card Frenzy rank (eval4.h) */
    /* Dealer hands, of the C(47,5) dealt from the other 47 cards, whose
     * best four rank ... */
    uint32_t below;       /* below the player's (the player wins) */
    uint32_t upto;        /* below or equal (equal: a copy) */
    uint32_t unqualified; /* below King-high (the dealer does not qualify) */
    uint32_t total;       /* anywhere, counted the same way: C(47,5) (a check) */
};

struct frenzy_counts {
    long n;                       /* FRENZY_CLASSES */
    struct frenzy_class *classes; /* in colex order of the representatives */
    double seconds;               /* wall time of the enumeration */
};

/* Enumerates every class with OpenMP's current thread count (the counts
 * do not depend on it).  Under MPI the ranks share the classes and only
 * rank 0's list is whole.  Returns 0, or -1 with a message in err (out
 * of memory or an MPI failure). */
int frenzy_counts_build(bool progress, struct frenzy_counts *out, char *err, size_t errlen);
void frenzy_counts_free(struct frenzy_counts *c); /* frees the classes; c is left empty */

#endif
