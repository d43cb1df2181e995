/* split_seen_card.h — the hole-carder's strategy as a card (protect split
 * --seen 1 | 2): the player sets his four cards as the normal strategy
 * does, then plays or folds each hand by a row of thresholds chosen by the
 * seen card (the higher of two seen) and the upcard.
 *
 * The setting is the normal optimal decision's (split_solve's; where it
 * folds everything, its best setting that plays a hand).  A row gives, for
 * each kind of hand, the weakest one that plays: a single card by rank, a
 * pair by rank, a suited and an offsuit 2-card hand by high then low card,
 * a 3-card hand in poker order (eval3_rank).  Each seen rank s has a row
 * for an upcard of rank s (the dealer then holds a pair) and one or two
 * rows for the other upcards, cut at the upcard rank that earns most.
 *
 * Everything comes from exact sums gathered in the seen run: per (upcard
 * rank, seen rank, hand strength) the gain of playing the hand over
 * folding it, over every seen situation, and the value of the round with
 * every hand folded.  A threshold is the one whose hands' gains add up to
 * most, so the card is the best of its form, and its EV is exact.  The
 * same form with rows by the upcard alone (what a player without the seen
 * card can use) is made from the same sums, for comparison.
 */
#ifndef FOURCARD_SPLIT_SEEN_CARD_H
#define FOURCARD_SPLIT_SEEN_CARD_H

#include <stdbool.h>
#include <stdint.h>

#include "cards.h"
#include "wide.h"

/* Hand strengths: single cards 0..12 (rank), 2-card hands 13 + 13 x 13
 * (pairs on the diagonal, suited hi*13+lo, offsuit lo*13+hi), 3-card hands
 * 182 + their place among the 741 distinct eval3 ranks. */
enum { SPLIT_STRENGTHS = 13 + 169 + 741 };

/* The kinds a row gives a threshold for, each an ordered list of strengths. */
enum split_card_kind { SC_SINGLE, SC_PAIR, SC_SUITED, SC_OFFSUIT, SC_THREE, SC_NKINDS };

/* The strength of the hand `mask` (1, 2 or 3 of the 4 cards P). */
int split_hand_strength(const card_t P[4], int mask);

/* The sums a run gathers, per upcard rank; money on the seen scale. */
struct split_seen_card_sums {
    wide_t folded;                                    /* every hand folded (Blind and instant Antes in) */
    wide_t gain[NRANKS][NRANKS][SPLIT_STRENGTHS]; /* [upcard][seen rank][strength]: play - fold */
};

enum { SPLIT_SEEN_CARD_ROWS = 3 * NRANKS };

struct split_seen_card_row {
    int8_t seen;             /* the seen rank (the higher of two), or -1 (rows by upcard alone) */
    int8_t up_lo, up_hi;     /* the upcard ranks of the row (the seen rank excluded unless lo = hi = it) */
    int16_t from[SC_NKINDS]; /* per kind: the place in its list of the weakest hand played (the list's
                              * length: none) */
};

struct split_seen_card {
    int nrows;
    struct split_seen_card_row rows[SPLIT_SEEN_CARD_ROWS]; /* by seen rank, A first */
    struct split_seen_card_row up_rows[NRANKS];            /* by upcard alone, one each, A first */
    wide_t ev, up_ev; /* the round with each card, summed like the run's ev */
};

/* ---- gathering, in the run (split_seen.c) ---- */

struct split_paytable;
struct split_decision;
struct hand_weights;
struct cards_info;

/* The hands the card plays or folds in a class: those of the setting `set`
 * (the normal decision; where it folds everything, split_decide_playing's),
 * the instant trio paid, not played; and the instant Ante (-1: none). */
struct split_card_hands {
    int n;
    uint8_t mask[2];
    int16_t strength[2];
    int instant_cat;
};
void split_seen_card_hands(const struct cards_info *ci, const card_t P[4], const struct split_decision *set,
                           struct split_card_hands *h);
/* Adds one seen set of w situations (its hands' weights on the scale L):
 * the round with the hands folded to *folded, each hand's play - fold to
 * gain[its strength] (the row of the seen rank, of the piece's upcard). */
void split_seen_card_add(const struct split_paytable *pt, int64_t L, const struct cards_info *ci,
                         const struct split_card_hands *h, const struct hand_weights *hw, int64_t w,
                         wide_t gain[SPLIT_STRENGTHS], wide_t *folded);

/* ---- the card ---- */

/* The card and the upcard-alone card from a run's sums. */
void split_seen_card_make(const struct split_seen_card_sums *s, struct split_seen_card *c);
/* True when the row plays the hand `mask` of P. */
bool split_seen_card_plays(const struct split_seen_card_row *row, const card_t P[4], int mask);
/* The row of a card for a seen rank and an upcard rank (seen < 0: the
 * upcard-alone rows). */
const struct split_seen_card_row *split_seen_card_row_of(const struct split_seen_card *c, int seen, int up);
/* The length of a kind's list, and the text of its place k ("9", "7-7",
 * "K-7", "Q-6-4", "5-5-9", "flush Q-6-4"...). */
int split_card_kind_length(enum split_card_kind k);
const char *split_card_kind_hand(enum split_card_kind k, int place, char *buf, size_t len);
const char *split_card_kind_name(enum split_card_kind k); /* "single", "pair", ... (JSON keys) */

#endif
