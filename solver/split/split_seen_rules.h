/* split_seen_rules.h — the hole-carder's card for 4 Card Split in the
 * card language (`protect split --seen K --card FILE`): a strategy card
 * (split_card.h; for instance the one `card split` writes) with play rules
 * on the seen hole card (the higher of two seen) put above its play rules:
 *
 *   Fold a 2-card hand, high card K or lower, seen card A
 *
 * The seen pass (split_seen.h) plays the card and sums, in every cell of
 * (upcard, seen rank, play cell: a hand's size, ranks and kind), the gain
 * of playing the card's hands over folding them, and the card's setting
 * with every hand folded.  The added rules change only which hands are
 * played, never the setting, and a play rule sees nothing of a hand but
 * its cell, the upcard and the seen rank: so the EV of the card with any
 * added play rules is the folded sum plus the gains of the cells it plays,
 * exact, without another pass.  Each added rule is the box of cells
 * (ranges of the seen rank, the upcard, the first and second rank; one
 * kind or any) and action that gains most over the cells the rules above
 * it leave, put below the rules added before it. */
#ifndef FOURCARD_SPLIT_SEEN_RULES_H
#define FOURCARD_SPLIT_SEEN_RULES_H

#include "split_card.h"
#include "wide.h"

enum { SPLIT_SEEN_RULES_MAX = 16 }; /* rules added, at most */

/* A run's sums, money as split_seen's totals (over split_seen_den). */
struct split_seen_cells {
    wide_t base;                                   /* the card's setting, every hand folded (Blind in) */
    wide_t gain[NRANKS][NRANKS][SPLIT_PLAY_CELLS]; /* [upcard][seen rank][cell]: play - fold */
};

struct split_seen_rules {
    struct split_card base, card; /* the card given; it with the added rules */
    int added;
    struct split_rule rule[SPLIT_SEEN_RULES_MAX]; /* the added rules, in order */
    /* EVs over split_seen_den: the card given (summed in the pass, and
     * from the cells), after each added rule, and the final card's */
    wide_t pass_ev, base_ev, step_ev[SPLIT_SEEN_RULES_MAX], ev;
};

/* base with up to max_added rules (0 .. SPLIT_SEEN_RULES_MAX, and room on
 * the card) learnt from the cells, into out (out->pass_ev is the caller's).
 * 0, or -1 with a message (out of memory). */
int split_seen_rules_learn(const struct split_seen_cells *c, const struct split_card *base, int max_added,
                           struct split_seen_rules *out, char *err, size_t errlen);

#endif
