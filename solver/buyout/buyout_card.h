/* buyout_card.h — 4 Card Buyout strategy cards: short rules in a player's
 * words, at the 3rd card and at the 4th card, the first rule that matches
 * deciding to buy, refuse or fold.  A rule names its card (3rd or 4th),
 * limits on the points of the cards kept so far, on the points with the
 * new card, on the points it adds, on the dealer's upcard, on the high
 * card and on the 2nd card (the highest and the second-highest rank of
 * the player's first three cards: his two and the 3rd card), and an
 * action:
 *
 *   3rd card, points 0, points with it 10 or less: fold
 *   3rd card, points with it 12 to 19, high card K or higher: buy
 *   3rd card, points with it 10 or less, high card A, 2nd card 9 or lower: refuse
 *   4th card, points with it 17 or more, adds 5 or more: buy
 *   3rd card, dealer 13 to 19, points with it 10 or less: fold   (hole card seen)
 *
 * An action the rules forbid in a situation (refusing without a playable
 * hand, buying a 4th card that leaves the hand without points) folds.
 * Each card ends with a rule that matches all of its situations.
 *
 * A card is priced exactly: every 3rd-card class of the solve, and every
 * 4th card after a buy, valued with the solver's exact option values
 * (buyout_eval.h), with the Bonus bet where the rules have one.
 */
#ifndef FOURCARD_BUYOUT_CARD_H
#define FOURCARD_BUYOUT_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buyout_solve.h"
#include "cards.h"
#include "wide.h"

enum {
    BUYOUT_CARD_GROUPS = 2,
    BUYOUT_CARD_MAX_RULES = 64,
    BUYOUT_CARD_POINTS = 45, /* 0..44 */
    BUYOUT_CARD_DEALER = 23, /* the dealer's upcard and hole card: 0..22 points */
};

/* A rule: the situations at its card (group 0: the 3rd, 1: the 4th)
 * inside the limits (inclusive; points and points added 0..44, upcard,
 * high card and 2nd card ranks 0..12), and its action (enum
 * buyout_choice). */
struct buyout_rule {
    uint8_t group;
    uint8_t points_lo, points_hi, with_lo, with_hi, adds_lo, adds_hi, up_lo, up_hi, high_lo, high_hi, second_lo,
        second_hi;
    /* the hole-carder's limit: the points of the dealer's upcard and hole
     * card (0..22), for cards played with the hole card seen (`card buyout
     * --seen 1`); a rule without it (has_dealer 0) matches any */
    uint8_t has_dealer, dealer_lo, dealer_hi;
    uint8_t action;
};

struct buyout_card {
    int n;
    struct buyout_rule rule[BUYOUT_CARD_MAX_RULES];
};

/* What a card sees of a situation: the points held, the points with the
 * card just dealt, the points it adds (with - points), the upcard's rank,
 * and the ranks of the highest and the second-highest of the player's
 * first three cards (of K-K-5: K and K; of K-5-5: K and 5). */
struct buyout_view {
    int points, with, adds, up, high, second;
    int dealer; /* the points of the dealer's upcard and hole card when seen, else -1 */
};

/* The first rule at its card (group) that matches, or -1. */
int buyout_card_match(const struct buyout_card *c, int group, const struct buyout_view *v);
/* The action of the first rule at its card (group) that matches, an
 * action the rules forbid there (legal, by enum buyout_choice) a fold; -1
 * when no rule matches. */
int buyout_card_action(const struct buyout_card *c, int group, const struct buyout_view *v, const bool legal[3]);
/* Whether a rule of the card limits the dealer's points (a card for the
 * hole card seen). */
bool buyout_card_has_dealer(const struct buyout_card *c);
/* The view at the 3rd card (held 2: cards are the two and the 3rd) or at
 * the 4th (held 3: the three and the 4th); dealer -1. */
struct buyout_view buyout_view_of(const card_t *cards, int held, card_t up);
/* The high card and the 2nd card of the player's two cards and the 3rd. */
int buyout_high_card(const card_t first3[3]);
int buyout_second_card(const card_t first3[3]);

/* The rule in words; reading it back (0, or -1 with the problem in err);
 * a card file (card_file.h: "FILE:LINE: problem" in err) for the normal
 * game: no 'dealer' limit. */
char *buyout_rule_text(const struct buyout_rule *r, char *buf, size_t len);
int buyout_rule_parse(const char *text, struct buyout_rule *r, char *err, size_t errlen);
int buyout_card_load(const char *path, struct buyout_card *c, char *err, size_t errlen);
/* ... a card played with the hole card seen: its 'dealer' limits too
 * (buyout_card_load refuses them). */
int buyout_card_load_seen(const char *path, struct buyout_card *c, char *err, size_t errlen);

/* Every 3rd-card class of a solve with what its options are worth, for
 * pricing and building cards (buyout_card_values_new; free with
 * buyout_card_values_free). */
struct buyout_card_values;
struct buyout_card_values *buyout_card_values_new(const struct buyout_solution *s, int threads, char *err,
                                                  size_t errlen);
void buyout_card_values_free(struct buyout_card_values *v);

struct buyout_card_price {
    wide_t ev, optimal_ev, den;  /* per First-bet unit: ev / den (the Bonus inside) */
    int64_t deals_otherwise;     /* deals (3rd-card situations, by their draws) the card plays worse */
    int64_t deals;               /* all of them */
    int64_t uncovered;           /* classes no rule decides (a card file's gap); ev then meaningless */
    int64_t matched[BUYOUT_CARD_MAX_RULES]; /* deals each 3rd-card rule decides (4th-card rules: 0) */
};

void buyout_card_price(const struct buyout_card *c, const struct buyout_card_values *v, struct buyout_card_price *out);

/* The optimal strategy as a card sees it, for the printed card's maps:
 * fn is called for every 3rd-card class (group 0) with its cell, its
 * deals and what fold, refuse and buy are worth there; or (group 1) for
 * every 4th-card cell of a class whose optimal action at the 3rd card is
 * to buy, with the class's deals and the three options' values summed
 * over the cell's 4th cards. */
typedef void buyout_cell_fn(void *ctx, int points, int with, int up, int64_t deals, const wide_t value[3]);
void buyout_card_each_cell(const struct buyout_card_values *v, int group, buyout_cell_fn *fn, void *ctx);

/* The cost a card aims at (issue 16): at most this percent of the First bet. */
#define BUYOUT_CARD_TARGET_PERCENT 0.05

struct buyout_card_build {
    int shortest, longest;
    int length;                                         /* the card's: the rules asked for, or fewer */
    struct buyout_card cards[BUYOUT_CARD_MAX_RULES + 1]; /* cards[k]: the card of k rules */
    wide_t ev[BUYOUT_CARD_MAX_RULES + 1];               /* over the price's den */
    wide_t best_in_language; /* no card of this form does better: every 3rd-card cell (points
                              * held, points with the 3rd card, upcard, high card, 2nd card)
                              * taking its best action, every 4th card played optimally after
                              * a buy (over the same den) */
};

/* One rule per card, then, one at a time, the rule that gains the most
 * (first or last but one at its card), to `rules` rules, that card then
 * bettered a rule at a time (each replaced by the best in its place where
 * the card gains, until none is); with to_target
 * on past them while the card costs more than BUYOUT_CARD_TARGET_PERCENT,
 * to at most BUYOUT_CARD_MAX_RULES (so that the report can say how many
 * rules reach it).  Returns 0, or -1 (out of memory). */
int buyout_card_build(const struct buyout_card_values *v, int rules, bool to_target, struct buyout_card_build *out,
                      char *err, size_t errlen);

#endif
