/* frenzy_card.h — the Four Card Frenzy strategy card: the simple rule the
 * exact strategy reduces to, found from the exact decisions, and what it
 * costs.
 *
 * A rule is two thresholds on the best 4-card rank: raise 1x from one,
 * 3x from the other (where 3x is allowed: a pair of Aces or better),
 * fold below.  Two-times is never needed: a Raise's EV is linear in its
 * size, so 1x or 3x is always at least as good.  The thresholds are the
 * pair that maximise the rule's EV over all hands; the "named cards"
 * variants only cut at ranks that name their first 1 or 2 cards ("K-Q or
 * better").
 */
#ifndef FOURCARD_FRENZY_CARD_H
#define FOURCARD_FRENZY_CARD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "card_html.h"
#include "frenzy_counts.h"
#include "frenzy_solve.h"
#include "wide.h"

/* Ranks beyond every hand: "never". */
#define FRENZY_RANK_NONE UINT32_C(0xffffffff)

struct frenzy_rule {
    int named;            /* cards a threshold may name: 1, 2, or 4 (any rank) */
    uint32_t raise_from;  /* the lowest best-4 rank raised (1x or 3x) */
    uint32_t triple_from; /* the lowest raised 3x, or FRENZY_RANK_NONE */
    wide_t ev;            /* main game over all hands, in 1/(FRENZY_HANDS * FRENZY_DEALER_HANDS * den) */
    int64_t classes_off, hands_off; /* where the rule's decision is not the exact one */
    int64_t raised_below, folded_above; /* hands the exact strategy raises below the line, folds at or above */
    uint32_t lowest_raised, highest_folded; /* the exact strategy's extremes (FRENZY_RANK_NONE if none) */
    /* The thresholds and extremes in poker words, with the fewest cards
     * named that cut the same hands. */
    char raise_words[64], triple_words[64], lowest_raised_words[64], highest_folded_words[64];
};

enum { FRENZY_CARD_RULES = 3 };

struct frenzy_card {
    struct frenzy_game game;
    char source[256];           /* the card file read, or "" for the card built */
    char paytable[64];          /* the [game] name of a paytable file the game came from, or "" */
    int ntiers;                 /* coarser rules beside rules[0] (0 for a card read) */
    int64_t den;                /* frenzy_game_den */
    wide_t ev_exact;            /* the exact strategy, same units */
    int64_t choice[FRENZY_NCHOICES]; /* hands per exact decision */
    struct frenzy_rule rules[FRENZY_CARD_RULES]; /* named 4 (the rule), 2, 1 */
};

/* What the hands of one best-4 rank gain, summed over them: raising 1x
 * instead of folding (gain1), and 3x instead of 1x where 3x is allowed
 * (gain3).  A list of them, in increasing rank, one per distinct rank, is
 * what the best rule is found from. */
struct frenzy_rank_gain {
    uint32_t rank;
    wide_t gain1, gain3;
};

/* The best rule over v[0..n) that cuts only at ranks naming `named`
 * cards: its thresholds, and in r->ev its gain over folding every hand
 * (the list's units).  The other fields of r are left as they are. */
void frenzy_rule_best(const struct frenzy_rank_gain *v, long n, int named, struct frenzy_rule *r);

/* The rule's thresholds and extremes in words (the *_words fields), each
 * naming the fewest cards that cut the same hands of c. */
void frenzy_rule_describe(const struct frenzy_counts *c, struct frenzy_rule *r);

/* Returns 0, or -1 with a message (out of memory). */
int frenzy_card_build(const struct frenzy_game *g, const struct frenzy_counts *c, struct frenzy_card *out, char *err,
                      size_t errlen);

/* Reads a card file (the Markdown `fourcard card frenzy` writes, or any
 * file whose lines "Raise 3x with HAND or better", "Raise 1x with HAND or
 * better", "Fold below HAND" or "Fold every hand" — bulleted or bold as
 * the card writes them — say the rule) and prices its rule exactly in
 * out->rules[0], beside the exact strategy: out is the card
 * frenzy_card_build made of g and c, and keeps no coarser rules.  HAND is
 * in the card's words (frenzy_rank_words, any number of cards named).
 * Returns 0, or -1 with one line "FILE:LINE: problem" or "FILE: problem"
 * in err (out untouched). */
int frenzy_card_read(const struct frenzy_game *g, const struct frenzy_counts *c, const char *path,
                     struct frenzy_card *out, char *err, size_t errlen);

/* The rule's lines in words, top down ("Raise 3x with ... or better",
 * "Raise 1x with ...", "Fold below ..."); returns how many (1 to 3). */
int frenzy_rule_lines(const struct frenzy_rule *r, char out[3][224]);
/* ... as the card file writes them, a bullet each: "- **Raise 3x** with
 * HAND or better." (frenzy_card_read reads them back). */
void frenzy_rule_print(FILE *f, const struct frenzy_rule *r);

/* What a rule does with a hand of this best-4 rank. */
enum frenzy_choice frenzy_rule_choice(const struct frenzy_rule *r, uint32_t rank);

/* A best-4 rank in poker words, naming at most `named` cards:
 * "K-Q-9-7", "a pair of Aces", "a straight to the 6". */
char *frenzy_rank_words(uint32_t rank, int named, char *buf, size_t len);

/* The card as Markdown. */
void frenzy_card_write(FILE *f, const struct frenzy_card *card);

/* The card as a new JSON object: rules (the texts of rules[0]), ev,
 * optimal_ev, cost (per Ante), cost_percent, hands_otherwise, tiers. */
struct json_object *frenzy_card_json(const struct frenzy_card *card);

/* The raise line of the exact strategy (frenzy_card_page.c): by the best
 * four's kind and leading rank, the decision of most hands.  0, or -1
 * when out of memory. */
int frenzy_card_map(const struct frenzy_game *g, const struct frenzy_counts *c, struct card_map *m);
/* The card as one printable HTML page (card_html.h); map may be NULL. */
void frenzy_card_html(FILE *f, const struct frenzy_card *card, const struct card_map *map);

#endif
