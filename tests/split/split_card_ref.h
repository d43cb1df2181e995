/* split_card_ref.h — an independent reference for 4 Card Split strategy
 * cards, written from docs/card-format.md and ../shared/games/4-card-split.md
 * only (it shares nothing with solver/split/split_card_*.c but the card
 * helpers, eval3_rank and the paytables).  Plain and slow on purpose: the
 * test compares it with split_card_load / split_card_option.
 *
 * Where the documentation leaves a point open, the choice made here is
 * marked "CHOICE:" in split_card_ref.c.
 */
#ifndef FOURCARD_SPLIT_CARD_REF_H
#define FOURCARD_SPLIT_CARD_REF_H

#include <stdbool.h>
#include <stddef.h>

#include "cards.h"
#include "split_rules.h"

/* The shapes of a setting rule and the sizes of a play rule. */
enum ref_shape { REF_INSTANT_WINNER, REF_TWO_PAIR, REF_ONE_PAIR, REF_NO_PAIR };
enum ref_size { REF_SINGLE = 1, REF_TWO_CARD = 2, REF_THREE_CARD = 3 };

/* The option a card takes: what it does with the four cards. */
enum ref_choice { REF_FOLD_BOTH, REF_INSTANT, REF_3_1, REF_2_2 };

struct ref_option {
    enum ref_choice choice;
    /* Masks of positions into P (bit j = P[j]).  3+1: hand_a the three,
     * hand_b the single card; 2+2: the hands in the order the setting names
     * them; instant winner: hand_a the kept three, hand_b the single card;
     * fold both: 0 and 0. */
    int hand_a, hand_b;
    bool play_a, play_b; /* instant winner: only play_b (the single card) */
};

enum { REF_MAX_RULES = 64 };

/* The most second ranks a group has (no pair: the 2nd, 3rd and lowest card). */
enum { REF_MAX_SECOND = 3 };

/* A limit on a named rank: lo..hi inclusive (0 = deuce .. 12 = ace). */
struct ref_range {
    int lo, hi;
};

struct ref_rule {
    int number;   /* N of "N. RULE" */
    int line;     /* the line of the file */
    bool is_play; /* a play rule (else a setting rule) */
    int group;    /* enum ref_shape for a setting rule, enum ref_size for a play rule */
    struct ref_range first, upcard; /* 0..12 when not limited */
    /* The second ranks, by the group's names (no pair: 2nd, 3rd, lowest
     * card; one pair: higher, lower odd card; two pair: low pair; 2-card
     * hand: low card; 3-card hand: next rank); any number of them may be
     * limited, each 0..12 when not. */
    struct ref_range second[REF_MAX_SECOND];
    int named;    /* the rank names the rule limits (bits, to refuse one named twice) */
    int pattern;  /* suit pattern (setting rule) or kind (play rule); -1 any */
    int action;   /* setting rule: the setting index of its shape; play rule: 1 play, 0 fold */
};

struct ref_card {
    int n;
    struct ref_rule rule[REF_MAX_RULES];
};

/* Reads a card file.  allow_highest_single: the setting "take the three
 * that leaves the highest single card" is allowed (--instant choose).
 * Returns 0, or -1 with "FILE:LINE: problem" in err. */
int ref_card_load(const char *path, bool allow_highest_single, struct ref_card *c, char *err, size_t errlen);

/* The option of the card in a situation: P the player's four cards in
 * increasing id, u the upcard, pt the paytable whose instant column ranks
 * the instant threes.  *set_rule and play_rule[0..1] get the indexes (into
 * c->rule) of the rules that decided (-1 where none / no hand).  Returns
 * false when the card leaves the situation or one of its hands undecided. */
bool ref_card_option(const struct ref_card *c, const struct split_paytable *pt, const card_t P[4], card_t u,
                     struct ref_option *o, int *set_rule, int play_rule[2]);

/* The shape of four cards (P in increasing id). */
enum ref_shape ref_shape_of(const card_t P[4]);

/* The setting's text in the card language (for messages). */
const char *ref_setting_name(int shape, int action);

#endif
