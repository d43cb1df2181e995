/* split_counts.h — 4 Card Split: the exact outcome counts of playing one
 * hand of a split, against every dealer hand and every completion.
 *
 * A situation is the player's 4 cards P and the dealer's upcard u.  A hand
 * H is a nonempty subset of P of 1, 2 or 3 cards, named by a 4-bit mask of
 * positions in P (bit i = P[i]).  Played, it is completed to 3 cards from
 * the 47 unseen cards and meets the dealer's 3-card hand made from u and 3
 * hole cards, also from the unseen cards (disjoint from the completion).
 * The counts run over every (dealer hole cards, completion) pair:
 * C(47,3) * C(44, 3 - |H|) in all.
 */
#ifndef FOURCARD_SPLIT_COUNTS_H
#define FOURCARD_SPLIT_COUNTS_H

#include <stdint.h>

#include "cards.h"
#include "eval3.h"
#include "split_rules.h"

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

/* The per-rules dealer tables the fast path reads (opaque; built once per
 * rule version, shared read-only by all threads). */
struct split_dealer_tables;

/* NULL when memory runs out. */
struct split_dealer_tables *split_dealer_tables_build(const struct split_rules *r);
/* The same tables, with the costly part (the Möbius term tables) shared
 * out between the MPI ranks; every rank must call it (one rank alone:
 * the same as split_dealer_tables_build). */
struct split_dealer_tables *split_dealer_tables_build_ranks(const struct split_rules *r);
void split_dealer_tables_free(struct split_dealer_tables *t);

/* The fast path: the counts of the 14 hands of situation (P, u); out[m]
 * for m = 1..14, out[0] and out[15] untouched.  P holds 4 distinct cards,
 * u a fifth. */
void split_situation_counts(const struct split_dealer_tables *t, const card_t P[4], card_t u,
                            struct split_hand_counts out[SPLIT_NMASKS]);

#endif
