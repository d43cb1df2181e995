/* split_options.h — every option of one 4 Card Split situation with its
 * value and how that value moves with each pay line: what the designer
 * (split_design.h) needs beyond the solver's single best decision.
 * Internal to the split layer.
 *
 * Each option's value is linear in every pay: value(pays) = value(pt) +
 * sum over lines of slope x (pay - pay in pt), pays "to 1" times pt->den.
 */
#ifndef FOURCARD_SPLIT_OPTIONS_H
#define FOURCARD_SPLIT_OPTIONS_H

#include "split_price.h"

/* One option, as split_decide_weights would record it. */
struct split_option {
    wide_t value;             /* Ante + Play money (Blind excluded), 1/(SPLIT_L den) */
    enum split_choice choice;
    uint8_t hand_a, hand_b;   /* as struct split_decision */
    bool play_a, play_b;
    int8_t instant_cat;       /* the instant winner's category, or -1 */
};

/* An instant reading's fold, 3+1 and 2+2 options come to at most this many. */
enum { SPLIT_MAX_OPTIONS = 22 };

/* The options of a situation in the order split_decide_weights offers
 * them, so the first of the highest value is the solver's decision.
 * Returns their count. */
int split_options_list(const struct split_paytable *pt, enum split_instant_reading instant,
                       const struct cards_info *ci, const struct hand_weights hw[SPLIT_NMASKS],
                       struct split_option out[SPLIT_MAX_OPTIONS]);

/* The first option of the highest value. */
int split_options_best(const struct split_option *o, int n);

/* How the option's value moves per +1 on the line's pay (times den):
 * the played hands' wins in that category for an Ante draw line, SPLIT_L
 * for the instant winner's own line, 0 otherwise (no option moves with a
 * Blind line). */
int64_t split_option_slope(const struct split_option *o, const struct hand_weights hw[SPLIT_NMASKS],
                           const struct split_line *l);

/* Everything the designer reads of one class under pt: its cards, its
 * hands' weights, its options (*n of them, the best *b) and the solver's
 * own decision d.  Returns false when the best option is not d: a bug,
 * which the callers count and report. */
struct split_class_view {
    struct cards_info ci;
    struct hand_weights hw[SPLIT_NMASKS];
    struct split_option opt[SPLIT_MAX_OPTIONS];
    int n, b;
    struct split_decision d;
};
bool split_class_view(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                      const struct split_hand_counts counts[SPLIT_NMASKS], struct split_class_view *v);

#endif
