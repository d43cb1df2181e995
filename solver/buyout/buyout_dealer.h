/* buyout_dealer.h — the dealer's outcomes for one upcard, counted so that
 * any removal of seen cards costs a few table reads.
 *
 * Why the hole card is just one more unknown card: it was dealt before
 * the player's 3rd and 4th cards, but every card comes out of a shuffled
 * shoe, so the hole card, the 3rd and 4th cards and the dealer's later
 * cards are exchangeable.  The player decides on what he sees (his cards
 * and the upcard) and never on the hole card; given what he has seen, the
 * dealer's hole card and his further cards are a uniform draw without
 * replacement from the unseen cards, exactly as if all were drawn after the
 * player's last card.  So the dealer's 3 further cards (hole card included)
 * are a 3-subset T of the unseen cards, and under 13 points a 5th card e
 * follows from the rest.
 *
 * Counting: S0 = the shoe minus the upcard, as physical cards.  An outcome
 * is a standing 3-subset T together with one of the N - 3 cards left (a
 * virtual 5th card, so that every outcome has the same weight), or a
 * drawing T with its real 5th card e: C(N,3)(N-3) outcomes from N unseen
 * cards.  Removing the seen cards R (physical cards of S0), the outcomes
 * avoiding R are, by inclusion-exclusion over the subsets Q of R,
 *     sum over Q of (-1)^|Q| (outcomes of S0 containing Q),
 * and "outcomes containing Q" depends only on the card types of Q: the
 * tables hold it, by dealer points, for every multiset q of 0..3 types;
 * q of 4 types (T + e = Q exactly) is read off directly.  A dealer hand that
 * touches none of R's types is thus never visited again.
 */
#ifndef FOURCARD_BUYOUT_DEALER_H
#define FOURCARD_BUYOUT_DEALER_H

#include <stdint.h>

#include "buyout_rules.h"

enum {
    BUYOUT_DEALER_NCUM = BUYOUT_MAXP + 2, /* cum[k] = outcomes with fewer than k points, k = 0..45 */
    BUYOUT_DEALER_NT3 = 24804,            /* multisets of 3 card types: C(54, 3) */
    BUYOUT_DEALER_NSMALL = 1 + 52 + 1378  /* multisets of 0, 1 and 2 types */
};

/* Outcomes containing a multiset q, cumulated by dealer points: standing
 * 3-subsets T (st) and drawing T with their 5th card (dr), side by side so
 * that one read at p is one cache line.  32 bits hold them: at most
 * C(311,3) (N0 - 3) for q empty. */
struct buyout_dealer_pair {
    uint32_t st, dr;
};
struct buyout_dealer_cum {
    struct buyout_dealer_pair at[BUYOUT_DEALER_NCUM];
};

struct buyout_dealer {
    card_t up;
    enum buyout_five_reading five;
    int n[NCARDS];                   /* S0: copies of each type */
    int N0;                          /* |S0| */
    uint8_t pts4[BUYOUT_DEALER_NT3];            /* points of the upcard plus each 3-multiset */
    struct buyout_dealer_cum small[BUYOUT_DEALER_NSMALL];  /* q of 0, 1, 2 types */
    /* The same outcomes weighted as a buy branch counts them once the
     * player's 4 cards are seen, N = N0 - 4 unseen: a standing T n4 = N -
     * 3 times (its virtual 5th cards), a drawing one once.  A 4th card's
     * counts are then one read a row, in 32 bits (at most about 4 x 10^7
     * for q of 1 type); row 0 (q empty, past 32 bits) is left 0. */
    int n4;
    int32_t small4[BUYOUT_DEALER_NSMALL][BUYOUT_DEALER_NCUM];
    /* q of 3 types, weighted so: the drawing outcomes and a standing T = q
     * (pts4) n4 times; at most (N0 - 3) x 4 designations + n4.  The
     * drawing outcomes alone are dr3w less n4 above pts4 where T = q
     * stands (as add_cum in buyout_dealer.c takes them). */
    uint16_t (*dr3w)[BUYOUT_DEALER_NCUM];
};

/* Builds the tables for the upcard over the shoe count[] (the upcard still
 * in it).  Returns 0, or -1 out of memory. */
int buyout_dealer_build(struct buyout_dealer *d, const int count[NCARDS], card_t up,
                        enum buyout_five_reading five);
void buyout_dealer_free(struct buyout_dealer *d); /* the tables it allocated, not d */
/* The same into a d built before, for another upcard or shoe: its memory
 * is reused (a fresh page costs more to touch than to fill here). */
void buyout_dealer_rebuild(struct buyout_dealer *d, const int count[NCARDS], card_t up,
                           enum buyout_five_reading five);

/* C(n + 1, 2) and C(n + 2, 3) for n = 0..55: the multisets of 2 and 3
 * of n types, so the rows before the first whose highest type is n (the
 * tables' indices: a read, not 3 products) */
#define BUYOUT_TRI(n) ((n) * ((n) + 1) / 2)
#define BUYOUT_TET(n) ((n) * ((n) + 1) * ((n) + 2) / 6)
#define BUYOUT_EIGHT(F, n) F(n), F(n + 1), F(n + 2), F(n + 3), F(n + 4), F(n + 5), F(n + 6), F(n + 7)
#define BUYOUT_FIFTY_SIX(F)                                                                                       \
    BUYOUT_EIGHT(F, 0), BUYOUT_EIGHT(F, 8), BUYOUT_EIGHT(F, 16), BUYOUT_EIGHT(F, 24), BUYOUT_EIGHT(F, 32),        \
        BUYOUT_EIGHT(F, 40), BUYOUT_EIGHT(F, 48)
static const int16_t buyout_tri[56] = {BUYOUT_FIFTY_SIX(BUYOUT_TRI)};
static const int16_t buyout_tet[56] = {BUYOUT_FIFTY_SIX(BUYOUT_TET)};
#undef BUYOUT_TRI
#undef BUYOUT_TET
#undef BUYOUT_EIGHT
#undef BUYOUT_FIFTY_SIX

/* Index of a sorted multiset of 3 types in pts4 / dr3w. */
static inline int buyout_dealer_idx3(card_t a, card_t b, card_t c)
{
    return buyout_tet[c] + buyout_tri[b] + a;
}

/* Outcomes of S0 containing the sorted multiset q[0..k) (k = 0..4),
 * cumulated over every point value. */
void buyout_dealer_cum(const struct buyout_dealer *d, const card_t *q, int k, int64_t st[BUYOUT_DEALER_NCUM],
                       int64_t dr[BUYOUT_DEALER_NCUM]);
/* The drawing outcomes whose 4 cards are exactly q (sorted), and their
 * points in *x. */
int64_t buyout_dealer_exact4(const struct buyout_dealer *d, const card_t q[4], int *x);

/* The index in small[] of the pair {lo, hi}, lo <= hi: after q empty and
 * the 52 single types, by the higher type. */
static inline int buyout_dealer_pair_index(card_t lo, card_t hi)
{
    return 1 + NCARDS + buyout_tri[hi] + lo;
}

/* The index in small[] of a sorted multiset q[0..k) of k = 0..2 types. */
static inline int buyout_dealer_small_index(const card_t *q, int k)
{
    return k == 0 ? 0 : k == 1 ? 1 + q[0] : buyout_dealer_pair_index(q[0], q[1]);
}

/* The distinct sub-multisets of a sorted multiset R[0..k) (k <= 4), each
 * with its inclusion-exclusion factor (-1)^|q| prod C(r_c, q_c): how many
 * physical subsets of R have those types.  Returns how many (<= 16). */
struct buyout_dealer_sub {
    card_t q[4];
    int k;
    int64_t coef;
};
int buyout_submultisets(const card_t *R, int k, struct buyout_dealer_sub out[16]);

/* The sum over subs[0..n) of coef times the outcomes holding q
 * (buyout_dealer_cum), standing and drawing apart: with the
 * sub-multisets of seen cards (buyout_submultisets), the outcomes once
 * they left S0 (inclusion-exclusion). */
void buyout_dealer_removed_cum(const struct buyout_dealer *d, const struct buyout_dealer_sub *subs, int n,
                               int64_t st[BUYOUT_DEALER_NCUM], int64_t dr[BUYOUT_DEALER_NCUM]);

/* The dealer's outcomes once the sorted multiset R[0..k) of seen cards
 * (k <= 4) left S0, cumulated by points: full[k] = outcomes under k points,
 * out of C(N,3)(N-3), N = N0 - k. */
void buyout_dealer_removed(const struct buyout_dealer *d, const card_t *R, int k, int64_t full[BUYOUT_DEALER_NCUM]);

#endif
