/* split_par_table.h — 4 Card Split: the joint outcome table of a round, the
 * exact raw result from which split_par.h derives a PAR sheet's figures.
 *
 * The probability space.  A round is a uniformly shuffled 52-card deck
 * dealt as: the player's 4 cards P, the dealer's upcard u, the dealer's 3
 * hole cards D (a set), then two more cards c1, c2 in deal order, the
 * player's completion cards.  A played 1-card hand draws {c1, c2}; a lone
 * played 2-card hand draws c1; in a 2+2 split with both hands played, hand
 * A draws c1 and hand B draws c2; unused cards are dealt all the same.  So
 * every situation (P, u) carries exactly C(47,3) * 44 * 43 = SPLIT_L =
 * 30,678,780 equally likely (D, c1, c2), and a round's weight is counted
 * out of SPLIT_PAR_TOTAL = 12,994,800 * SPLIT_L (every weight an integer).
 * No other player's cards are removed (the standard one-player analysis).
 *
 * A cell of the table is every round with the same
 *   - Blind category of P (enum blind_category),
 *   - kind: fold all, 3+1 split, 2+2 split, or an instant winner by its
 *     category (enum split_par_kind),
 *   - dealer: no showdown (no hand played), or the dealer's hand did not
 *     qualify / qualified,
 *   - slot of hand A and of hand B: a played hand's final 3-card category
 *     and result (win, tie, lose against the dealer), or folded, or none.
 * Hands A and B: in a 3+1 split A is the 3-card hand and B the 1-card hand;
 * in a 2+2 split A is split_decision.hand_a (it holds P[0], a class's lowest card);
 * with an instant winner A is none (the trio is paid in the kind) and B is
 * the single card; fold all folds both.  The money of every bet follows
 * from the cell alone (split_par_cell_money), so the table determines the
 * distribution of the net result and every breakdown of it.
 */
#ifndef FOURCARD_SPLIT_PAR_TABLE_H
#define FOURCARD_SPLIT_PAR_TABLE_H

#include <stdint.h>

#include "eval3.h"
#include "eval4.h"
#include "split_rules.h"
#include "split_solve.h"

#define SPLIT_PAR_TOTAL (SPLIT_SITUATIONS * SPLIT_L) /* 398,664,610,344,000 rounds */

enum split_par_kind {
    SPLIT_PAR_FOLD_ALL = 0,
    SPLIT_PAR_SPLIT_3_1 = 1,
    SPLIT_PAR_SPLIT_2_2 = 2,
    SPLIT_PAR_INSTANT = 3, /* + (instant category - E3_FLUSH): 3..7 */
    SPLIT_PAR_NKINDS = 3 + E3_NCATEGORIES - E3_FLUSH
};

/* The kind of an instant winner of category c (E3_FLUSH .. E3_ROYAL). */
static inline int split_par_instant_kind(enum eval3_category c) { return SPLIT_PAR_INSTANT + (int)c - E3_FLUSH; }

enum split_par_result { SPLIT_PAR_WIN = 0, SPLIT_PAR_TIE = 1, SPLIT_PAR_LOSE = 2, SPLIT_PAR_NRESULTS = 3 };

/* Slots 0..20: a played hand, category * 3 + result. */
enum {
    SPLIT_PAR_SLOT_FOLDED = E3_NCATEGORIES * SPLIT_PAR_NRESULTS, /* 21: the Ante lost */
    SPLIT_PAR_SLOT_NONE = SPLIT_PAR_SLOT_FOLDED + 1,             /* 22: no hand (instant winner's A) */
    SPLIT_PAR_NSLOTS = SPLIT_PAR_SLOT_NONE + 1
};

/* The slot of a played hand by its final category and result (enum split_par_result). */
static inline int split_par_slot(int category, int result) { return category * SPLIT_PAR_NRESULTS + result; }
/* Nonzero for a played hand's slot (not folded, not none). */
static inline int split_par_slot_played(int slot) { return slot < SPLIT_PAR_SLOT_FOLDED; }
/* A played slot's category, and its result. */
static inline int split_par_slot_category(int slot) { return slot / SPLIT_PAR_NRESULTS; }
static inline int split_par_slot_result(int slot) { return slot % SPLIT_PAR_NRESULTS; }

enum split_par_dealer {
    SPLIT_PAR_NO_SHOWDOWN = 0, /* every hand folded or paid at once */
    SPLIT_PAR_DEALER_NQ = 1,   /* showdown, the dealer did not qualify */
    SPLIT_PAR_DEALER_Q = 2,    /* showdown, the dealer qualified */
    SPLIT_PAR_NDEALER = 3
};

struct split_par_table {
    /* rounds per cell, out of SPLIT_PAR_TOTAL (over a full run) */
    int64_t w[BL_NCATEGORIES][SPLIT_PAR_NKINDS][SPLIT_PAR_NDEALER][SPLIT_PAR_NSLOTS][SPLIT_PAR_NSLOTS];
    /* the dealer's final hand, [showdown or not][3-card category][qualified]:
     * kept apart because the cells record only whether he qualified */
    int64_t dealer[2][E3_NCATEGORIES][2];
};

/* One cell's money per bet, in 1/den of a unit (the paytable's den). */
struct split_par_money {
    int64_t blind, ante_instant, ante_showdown, ante_fold, play;
};

/* The money of each bet in the cell [blind_cat][kind][dealer][slot_a][slot_b] of the table, the player's view. */
struct split_par_money split_par_cell_money(const struct split_paytable *pt, int blind_cat, int kind, int dealer,
                                            int slot_a, int slot_b);

/* A cell's net result: its bets added up, in 1/den. */
static inline int64_t split_par_money_net(struct split_par_money m)
{
    return m.blind + m.ante_instant + m.ante_showdown + m.ante_fold + m.play;
}

/* a += b, cell by cell. */
void split_par_table_add(struct split_par_table *a, const struct split_par_table *b);

#endif
