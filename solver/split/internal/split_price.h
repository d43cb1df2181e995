/* split_price.h — pricing one situation's counts under a paytable: the
 * hot inner part of split_solve, shared with the designer (split_design);
 * split_price.c.  Internal to the split layer.
 *
 * A played hand's outcomes are put on the common scale SPLIT_L (each
 * count times SPLIT_L / total, exact: total divides SPLIT_L) once per
 * situation, then priced per paytable by a few products.  Every weight is
 * at most SPLIT_L < 2^25; money is in 1/(SPLIT_L * den).
 */
#ifndef FOURCARD_SPLIT_PRICE_H
#define FOURCARD_SPLIT_PRICE_H

#include <stdbool.h>

#include "cards.h"
#include "split_decision.h"
#include "split_hand_counts.h"
#include "split_rules.h"

struct hand_weights {
    int64_t win[E3_NCATEGORIES]; /* player higher, by his category (dealer qualified or not) */
    int64_t win_q;               /* player higher, dealer qualified */
    int64_t lose_q, lose_nq;     /* player lower, dealer qualified / not */
};

/* The weights on the scale L (total must divide L): SPLIT_L for the
 * normal game, SPLIT_SEEN_L with a hole card seen (split_seen.h). */
static inline void hand_weights_at(const struct split_hand_counts *h, int64_t L, struct hand_weights *w)
{
    int64_t scale = L / h->total;
    w->win_q = 0;
    for (int c = 0; c < E3_NCATEGORIES; c++) {
        w->win[c] = ((int64_t)h->win_q[c] + h->win_nq[c]) * scale;
        w->win_q += (int64_t)h->win_q[c] * scale;
    }
    w->lose_q = (int64_t)h->lose_q * scale;
    w->lose_nq = (int64_t)h->lose_nq * scale;
}

static inline void hand_weights(const struct split_hand_counts *h, struct hand_weights *w)
{
    hand_weights_at(h, SPLIT_L, w);
}

/* A played hand's money: the Ante part and the Play part.  The Ante is
 * paid by the draw table on a win whether or not the dealer qualifies;
 * the Play wins or loses only against a qualified dealer. */
struct hand_money {
    wide_t ante, play;
};

static inline struct hand_money hand_money(const struct split_paytable *pt, const struct hand_weights *w)
{
    wide_t ante = -(wide_t)(w->lose_q + w->lose_nq) * pt->den;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        ante += (wide_t)w->win[c] * pt->ante_draw[c];
    return (struct hand_money){ante, (wide_t)(w->win_q - w->lose_q) * pt->den};
}

/* Ante + Play, the hot path of the pricing. */
static inline wide_t hand_value(const struct split_paytable *pt, const struct hand_weights *w)
{
    wide_t v = (wide_t)(w->win_q - 2 * w->lose_q - w->lose_nq) * pt->den;
    for (int c = 0; c < E3_NCATEGORIES; c++)
        v += (wide_t)w->win[c] * pt->ante_draw[c];
    return v;
}

/* The trios by position mask into P, and the 2+2 pairs (each with its
 * complement 15 ^ mask). */
static const uint8_t SPLIT_TRIOS[4] = {7, 11, 13, 14};
static const uint8_t SPLIT_PAIRS_2_2[3] = {3, 5, 6};

/* What a situation's cards are whatever the paytable: the category of each
 * trio (by position mask) and of the 4-card Blind hand. */
struct cards_info {
    int8_t trio_cat[SPLIT_NMASKS];
    int blind_cat;
};

void split_cards_info(const card_t P[4], struct cards_info *ci);

/* Whether the trio of mask is an instant winner (Flush or better), and its category. */
static inline bool is_instant(const struct cards_info *ci, int mask, int *cat)
{
    *cat = ci->trio_cat[mask];
    return *cat >= E3_FLUSH;
}

/* The best decision under pt (ties to the earlier option, as split_solve
 * takes them), from the hands' weights. */
void split_decide_weights(const struct split_paytable *pt, enum split_instant_reading instant,
                          const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                          struct split_decision *d);

/* The best decision that plays a hand (folding both is not offered): where
 * split_decide_weights folds everything, the setting it would play. */
void split_decide_playing(const struct split_paytable *pt, enum split_instant_reading instant,
                          const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                          struct split_decision *d);

/* The same on the money scale L (the weights' own: hand_weights_at). */
void split_decide_weights_at(const struct split_paytable *pt, enum split_instant_reading instant,
                             const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS], int64_t L,
                             struct split_decision *d);
void split_decide_playing_at(const struct split_paytable *pt, enum split_instant_reading instant,
                             const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS], int64_t L,
                             struct split_decision *d);

/* The value of decision d (Blind excluded) given the hands' weights on the
 * scale L: how a decision taken without some information fares with it. */
wide_t split_decision_value(const struct split_paytable *pt, const struct cards_info *ci,
                            const struct hand_weights hw[SPLIT_NMASKS], int64_t L, const struct split_decision *d);

/* Adds a class of w situations, played by decision d, to the totals. */
void split_account(const struct split_paytable *pt, int64_t w, const struct cards_info *ci,
                   const struct hand_weights hw[SPLIT_NMASKS], const struct split_decision *d, struct split_totals *t);

void split_totals_add(struct split_totals *a, const struct split_totals *b);

#endif
