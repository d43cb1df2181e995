/* buyout_hole.h — the dealer's outcomes once his upcard AND his hole card
 * are known (hole-carding, `protect buyout --seen 1`), counted so that any
 * removal of the player's seen cards costs a few table reads.
 *
 * The same counting as buyout_dealer.h with one unknown card fewer: given
 * the upcard u and the hole card h, the dealer's 2 further cards are a
 * 2-subset T of the unseen cards and, when u + h + T score under 13, a 5th
 * card e follows from the rest.  S0 = the shoe minus u and h.  An outcome
 * is a standing T with one of the N - 2 cards left (a virtual 5th card, so
 * that every outcome weighs the same) or a drawing T with its real 5th
 * card: C(N,2)(N-2) outcomes from N unseen cards.  Removing the seen cards
 * R, inclusion-exclusion over the subsets Q of R needs the outcomes of S0
 * containing Q: tabled by dealer points for every multiset q of 0..2
 * types; q of 3 types (T + e = Q exactly) is one small entry; q of 4 or
 * more types holds no outcome.  Why it is cheap: an outcome has 3 cards,
 * not 4, so there is no table of 3 types and the tables are a fifth of the
 * upcard's.
 */
#ifndef FOURCARD_BUYOUT_HOLE_H
#define FOURCARD_BUYOUT_HOLE_H

#include <stdbool.h>
#include <stdint.h>

#include "buyout_dealer.h"

enum { BUYOUT_HOLE_NT2 = NCARDS * (NCARDS + 1) / 2 }; /* multisets of 2 types */
enum { BUYOUT_HOLE_NP = BUYOUT_MAXP + 1 };             /* a player's points: 0..44 */

/* The outcomes containing a multiset q, at one player's points p: those
 * below p and those equal to it, side by side (one read gives a win and a
 * push).  Counted as they stand after a 4th card: N4 = N0 - 4 cards
 * unseen, so a standing 2-subset counts N4 - 2 times (its virtual 5th
 * cards) and a drawing outcome once; the standing 2-subsets alone are kept
 * too (stand[]), for a 3rd card (N3 = N4 + 1: one virtual card more). */
struct buyout_hole_entry {
    uint32_t less, eq;
};
struct buyout_hole_stand {
    uint16_t less, eq;
};

/* A drawing outcome of exactly 3 given cards: how many (one per copy that
 * can be the 5th card) and the dealer's points. */
struct buyout_hole_exact {
    uint8_t ways, points;
};

struct buyout_hole {
    card_t up, hole;
    enum buyout_five_reading five;
    int n[NCARDS]; /* S0: copies of each type */
    int N0;        /* |S0| */
    bool draws;    /* whether some 4 cards draw a 5th (u + h under 13 points) */
    uint8_t pts4[BUYOUT_HOLE_NT2]; /* points of u + h + each 2-multiset */
    /* q of 0, 1, 2 types (buyout_dealer_small_index), by the player's
     * points first: a 3-card hand reads one point value for every 4th
     * card, and a 4th card seldom moves the points far, so the reads stay
     * in a few rows */
    struct buyout_hole_entry small[BUYOUT_HOLE_NP][BUYOUT_DEALER_NSMALL];
    struct buyout_hole_stand stand[BUYOUT_HOLE_NP][BUYOUT_DEALER_NSMALL];
    struct buyout_hole_exact exact3[BUYOUT_DEALER_NT3]; /* q of 3 types (buyout_dealer_idx3) */
};

/* Outcomes below and at a point value, in 64 bits. */
struct buyout_hole_at {
    int64_t less, eq;
};

/* Index of a sorted multiset of 2 types in pts4. */
static inline int buyout_hole_idx2(card_t a, card_t b) { return b * (b + 1) / 2 + a; }

/* Builds the tables for the upcard and hole card over the shoe count[]
 * (both still in it; count[up], count[hole] must hold them). */
void buyout_hole_build(struct buyout_hole *d, const int count[NCARDS], card_t up, card_t hole,
                       enum buyout_five_reading five);

/* coef x the outcomes (as after a 4th card) of S0 containing the multiset
 * of small[] index qi, below and at points p, added to a. */
static inline void buyout_hole_add(const struct buyout_hole *d, int qi, int64_t coef, int p, struct buyout_hole_at *a)
{
    const struct buyout_hole_entry x = d->small[p][qi];
    a->less += coef * x.less;
    a->eq += coef * x.eq;
}

/* The inclusion-exclusion terms of seen cards R as table indices, worked
 * out once for every hole card: R's sub-multisets (buyout_submultisets) of
 * 0..2 types (small[]) and of 3 types (exact3[]), each with its factor. */
struct buyout_hole_terms {
    int nsmall, nexact;
    uint16_t small[16], exact[16];
    int64_t small_coef[16], exact_coef[16];
};
void buyout_hole_terms(const struct buyout_dealer_sub *subs, int n, struct buyout_hole_terms *t);

/* The outcomes (as after a 4th card) of S0 avoiding the seen cards of the
 * terms t, below and at each point value p of at[0..nat) (out[p]; the
 * others are left as they are).  stand: the same for the standing
 * 2-subsets alone (with no drawing outcome), or NULL. */
void buyout_hole_removed(const struct buyout_hole *d, const struct buyout_hole_terms *t, const uint8_t *at, int nat,
                         struct buyout_hole_at out[BUYOUT_HOLE_NP], struct buyout_hole_at *stand);

#endif
