/* split_card.h — 4 Card Split strategy cards: short rules in a player's
 * words, in two parts.  The setting rules say how to set the four cards:
 * each names a shape of hand (an instant winner, two pair, one pair, no
 * pair), optional limits on two ranks of the hand, on how its suits fall
 * and on the dealer's upcard, and a setting.  The play rules then say,
 * hand by hand, whether to play or fold it: each names a size of hand (a
 * single card, a 2-card hand, a 3-card hand), limits on its ranks, its
 * kind (suited, a pair, ...) and the upcard.  In each part the first rule
 * that matches decides; each shape and each size ends with a rule that
 * matches all of them, so a card decides every situation.  The text is in
 * docs/card-format.md:
 *
 *   One pair, pair 2 to 8, upcard 10 or higher: 2+2 pair | higher+lower
 *   Fold a 2-card hand, offsuit unconnected, high card 9 or lower
 *
 * A card is priced exactly: its option in every situation class, valued
 * with the same hand values as the optimal strategy (split_solve's
 * `values`), against the best option of the class.
 */
#ifndef FOURCARD_SPLIT_CARD_H
#define FOURCARD_SPLIT_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "split_rules.h"
#include "split_situations.h"
#include "split_solve.h"
#include "wide.h"

enum split_shape { SPLIT_INSTANT_WINNER, SPLIT_TWO_PAIR, SPLIT_ONE_PAIR, SPLIT_NO_PAIR, SPLIT_NSHAPES };
enum split_rule_kind { SPLIT_RULE_SET, SPLIT_RULE_PLAY };
enum {
    SPLIT_NPATTERNS = 10,      /* suit patterns of a shape (no pair has 10) */
    SPLIT_NSETTINGS = 9,       /* settings of a shape: 0 folds both, 1..7 split, 8 (no pair) suited cards
                                * together (instant: 0, 1) */
    SPLIT_NSIZES = 3,          /* play rules: hands of 1, 2 and 3 cards */
    SPLIT_NGROUPS = SPLIT_NSHAPES + SPLIT_NSIZES, /* the rules' groups: shapes, then sizes */
    SPLIT_CARD_MAX_RULES = 64, /* a card file may hold this many */
    /* Play cells: all that a play rule sees of a hand but the upcard and
     * the seen card (its size, first and second rank, kind): 13 x 5 single
     * cards, 13 x 13 x 5 2-card hands, 13 x 13 x 2 3-card hands. */
    SPLIT_PLAY_CELLS = 13 * 5 + 13 * 13 * 5 + 13 * 13 * 2,
};

/* What a rule sees: of a situation for a setting rule (shape 0..3), of
 * one hand for a play rule (group SPLIT_NSHAPES + size - 1). */
struct split_view {
    uint8_t group;
    uint8_t first, second; /* the two named ranks, 0 = deuce .. 12 = ace (0 when unused) */
    uint8_t rank[4];       /* the ranks a rule's second limit may name: setting views, of the cards
                            * in position order; play views, first and second */
    uint8_t pattern;       /* how the suits fall (or the hand's kind), by group */
    uint8_t up;            /* the upcard's rank */
    uint8_t seen;          /* the seen hole card's rank (the higher of two), for cards played with
                            * one seen (protect split --seen K --card); 0 otherwise */
    uint8_t pos[4];        /* setting rules: the cards in the order settings name them (indexes into P) */
    uint8_t trio[2];       /* instant winner: the three each instant setting keeps (a mask into P) */
};

/* A rule: the views of its group inside the limits (inclusive rank
 * ranges; 0..12 is no limit), and its action: a setting, or 0 fold / 1
 * play for a play rule. */
struct split_rule {
    uint8_t group;
    uint8_t first_lo, first_hi, second_lo, second_hi, up_lo, up_hi;
    uint8_t second_of; /* the position (into the view's rank) the second limit names */
    int8_t pattern; /* -1: any */
    uint8_t action;
    uint8_t more_of;   /* further rank limits, setting rules only: bit k set when the rank at
                        * position k must also be in more_lo[k]..more_hi[k] (0: none) */
    uint8_t more_lo[4], more_hi[4];
    bool seen_limit;   /* a limit on the seen hole card's rank (the higher of two seen):
                        * seen_lo..seen_hi; only the hole-carder's cards have one
                        * (split_card_load_seen) */
    uint8_t seen_lo, seen_hi;
    bool seen_pair;    /* the seen card (the higher of two) has the upcard's rank: the dealer
                        * holds a pair (a hole-carder's limit too) */
};

struct split_card {
    int n;
    struct split_rule rule[SPLIT_CARD_MAX_RULES];
};

/* The option a card takes in one situation, as split_decide names them. */
struct split_option {
    enum split_choice choice;
    uint8_t hand_a, hand_b; /* masks into P; for an instant winner, the three and the single card */
    bool play_a, play_b;
};

static inline bool split_is_play_group(int group) { return group >= SPLIT_NSHAPES; }

/* ---- the views and the options (split_card_view.c) ---- */

/* The view of the situation (P in increasing ids, u the upcard); the
 * paytable's instant column decides which instant three pays best. */
void split_view_of(const struct split_paytable *pt, const card_t P[4], card_t u, struct split_view *v);
/* The view of the hand `mask` of P for the play rules. */
void split_hand_view_of(const card_t P[4], int mask, card_t u, struct split_view *v);
/* True when the action exists for the group under the reading. */
bool split_action_valid(int group, int action, enum split_instant_reading r);
/* The hands of a setting in the viewed situation: *a and *b are masks
 * into P (the three and the single card of an instant winner; both 0 for
 * fold both). */
void split_setting_hands(const struct split_view *v, int setting, int *a, int *b);
/* A setting's option in the viewed situation, its hands played as play_a
 * and play_b say (an instant winner's three is paid, never played; fold
 * both plays nothing). */
struct split_option split_setting_option(const struct split_view *v, int setting, bool play_a, bool play_b);
/* A rule of the group without limits, deciding `action`. */
struct split_rule split_rule_any(int group, int action);
/* An option's value (Blind excluded) in 1/(SPLIT_L * den). */
wide_t split_option_value(const struct split_paytable *pt, const card_t P[4], const struct split_hand_values *hv,
                          const struct split_option *o);
/* The best legal option (the first of equals in a fixed order) and its
 * value; a hand is played only when playing is worth more than folding. */
wide_t split_best_option(const struct split_paytable *pt, enum split_instant_reading r, const card_t P[4],
                         const struct split_hand_values *hv, struct split_option *o);
/* The best legal option's value, as split_decide finds it. */
wide_t split_best_value(const struct split_paytable *pt, enum split_instant_reading r, const card_t P[4],
                        const struct split_hand_values *hv);
/* The Blind's value of the situation in 1/(SPLIT_L * den). */
wide_t split_blind_value(const struct split_paytable *pt, const card_t P[4]);
/* The position a second limit names by default (the group's second rank). */
int split_second_default(int group);
/* True when the second limit may name position k in the group. */
bool split_second_valid(int group, int k);
/* A setting view's key: its shape, all four ranks, suit pattern and
 * upcard (all a setting rule can see). */
uint64_t split_view_key(const struct split_view *v);
/* order[0..n) = 0..n-1 sorted by key (ties by index).  0, or -1 when
 * memory runs out. */
int split_order_by_key(const uint64_t *key, long n, long *order);
/* True when the rule matches the view (of its group). */
bool split_rule_matches(const struct split_rule *r, const struct split_view *v);
/* The first rule of the card that matches the view, or -1. */
int split_card_match(const struct split_card *c, const struct split_view *v);
/* The card's option in a situation: the setting rule that decides it in
 * *set_rule and the play rules of its hands in play_rule[2] (-1 where no
 * rule matches or there is no hand).  Returns false when a rule is
 * missing. */
bool split_card_option(const struct split_card *c, const struct split_paytable *pt, const card_t P[4], card_t u,
                       struct split_option *o, int *set_rule, int play_rule[2]);
/* The same for a hole-carder's card, the seen hole card of rank `seen`
 * (the higher of two) known: its rules' seen limits apply. */
bool split_card_option_seen(const struct split_card *c, const struct split_paytable *pt, const card_t P[4], card_t u,
                            int seen, struct split_option *o, int *set_rule, int play_rule[2]);
/* True when a rule of the card has a seen limit. */
bool split_card_has_seen(const struct split_card *c);
/* The play cell of a hand's view (0 .. SPLIT_PLAY_CELLS - 1), and the view
 * of a cell with an upcard and a seen rank. */
int split_play_cell(const struct split_view *hand);
void split_play_cell_view(int cell, int up, int seen, struct split_view *v);

/* ---- the text (split_card_text.c) ---- */

/* The rule in words (docs/card-format.md). */
char *split_rule_text(const struct split_rule *r, char *buf, size_t len);
/* Reads one rule's text.  Returns 0, or -1 with the problem in err. */
int split_rule_parse(const char *text, enum split_instant_reading reading, struct split_rule *r, char *err,
                     size_t errlen);
/* Reads a card file: its numbered lines ("1. rule") are the rules in
 * order, every other line is commentary.  Returns 0, or -1 with one line
 * "FILE:LINE: problem" (or "FILE: problem") in err. */
int split_card_load(const char *path, enum split_instant_reading reading, struct split_card *c, char *err,
                    size_t errlen);
/* ... the same, 'seen card' limits allowed (split_card_load refuses them:
 * a player without the hole card cannot follow them). */
int split_card_load_seen(const char *path, enum split_instant_reading reading, struct split_card *c, char *err,
                         size_t errlen);

/* ---- the price (split_card_price.c) ---- */

struct split_card_price {
    wide_t ev, optimal_ev;        /* the round, Blind included, summed over the situations in 1/(SPLIT_L * den) */
    int64_t situations_otherwise; /* situations (4 cards and an upcard) where the card's option is
                                   * worth less than the best one */
    int64_t uncovered;            /* situations no rule matches (then ev is meaningless) */
    card_t uncovered_P[4], uncovered_u; /* the first of them */
    int64_t matched[SPLIT_CARD_MAX_RULES]; /* situations each setting rule decides, hands each play rule */
};

/* Prices the card over the n classes of split_situations_list with their
 * hand values (split_solve's `values`, under pt). */
void split_card_price(const struct split_card *c, const struct split_paytable *pt, enum split_instant_reading r,
                      const struct split_situation *list, const struct split_hand_values *values, long n,
                      struct split_card_price *out);

/* ---- the card built from the exact decisions (split_card_build.c) ---- */

struct split_card_build {
    int fewest;              /* the shortest card: cards[fewest..shortest - 1] are split_card_fewest's */
    int shortest, longest;   /* the learner's cards have shortest..longest rules */
    struct split_card cards[SPLIT_CARD_MAX_RULES + 1]; /* cards[k]: the card of k rules */
    wide_t ev[SPLIT_CARD_MAX_RULES + 1];             /* its exact EV (as split_card_price's ev) */
    wide_t best_in_language; /* the EV if every distinct view (shape, all four ranks, suit
                              * pattern, upcard) took its best setting and every hand were
                              * played optimally: no card of this form does better */
};

/* Builds cards of SPLIT_NGROUPS to max_rules rules: first one rule per
 * shape and per hand size (the best such card, split_card_fewest), then, one at
 * a time, the rule that gains the most, placed first or last but one in
 * its group; then each rule of the longest card in turn replaced by the
 * best one where that gains.  Returns 0, or -1 with a message (out of
 * memory). */
int split_card_build(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                     const struct split_hand_values *values, long n, int max_rules, struct split_card_build *out,
                     char *err, size_t errlen);

/* The best cards of 5, 6 and 7 rules whose rules have no limits (no card
 * decides every situation with fewer than 5), into cards[0..2] (the shape
 * rules first, then the play rules by size), their exact EVs (as
 * split_card_price's) into ev (split_card_fewest.c).  0, or -1 when
 * memory runs out. */
int split_card_fewest(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                      const struct split_hand_values *values, long n, struct split_card cards[3], wide_t ev[3]);

/* ---- the chart: how long a card must be (split_card_chart.c) ---- */

enum {
    SPLIT_CHART_NLENGTHS = 17,
    SPLIT_CHART_NORDERS = 2, /* the exceptions by gain within the whole chart (0), greedily (1) */
    SPLIT_CARD_TARGET_PER = 2000, /* the target: a card costs at most 1/2000 of a unit, 0.05% */
};

/* The chart: a card with an exception above it for each view of the
 * setting rules (shape, all four ranks, suit pattern, upcard) and each
 * cell of the play rules (size, two ranks, kind, upcard) where the chart
 * decides otherwise, the chart's settings and play decisions fitted to
 * each other. */
struct split_card_chart {
    long views, cells;      /* the distinct views and the hand cells played or folded */
    long rules;             /* the chart's rules: the card's and the exceptions */
    wide_t ev, optimal_ev;  /* the chart's exact EV and the optimal one, Blind included, as split_card_price's */
    long met_at;            /* the fewest rules whose chart (in either order) meets the target (0: none) */
    wide_t met_ev;          /* that shorter chart's EV */
    uint8_t met_order;      /* the order its exceptions were kept in */
    int nlengths;           /* shorter charts (the first exceptions of the better order): their lengths, */
    long length[SPLIT_CHART_NLENGTHS];      /* EVs and orders; the first the card alone, the last the */
    wide_t length_ev[SPLIT_CHART_NLENGTHS]; /* whole chart */
    uint8_t length_order[SPLIT_CHART_NLENGTHS];
    uint8_t *decision; /* [class]: the chart's setting, + 16 when it plays the first hand, + 32 the
                        * second (an instant winner's three is paid, not played) */
    struct split_rule *exception[SPLIT_CHART_NORDERS]; /* the exceptions as rules in each order: above */
    long nexceptions; /* the card, the first k of them make the shorter chart of card.n + k rules */
    wide_t *every_ev[SPLIT_CHART_NORDERS]; /* [order][k], k = 0..nexceptions: the EV of that shorter chart */
};

/* The order whose first k exceptions make the better shorter chart (the
 * first of equals). */
int split_chart_better_order(const struct split_card_chart *c, long k);

/* The chart over the card, over the n classes of split_situations_list
 * with their hand values; the target is a cost of at most 1/target_per
 * of a unit (2000: 0.05%).  Returns 0, or -1 with a message (out of
 * memory). */
int split_card_chart(const struct split_paytable *pt, enum split_instant_reading r, const struct split_situation *list,
                     const struct split_hand_values *values, long n, const struct split_card *card, int target_per,
                     struct split_card_chart *out, char *err, size_t errlen);
/* Frees out->decision, out->exception and out->every_ev. */
void split_card_chart_free(struct split_card_chart *out);

#endif
