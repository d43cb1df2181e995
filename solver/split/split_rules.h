/* split_rules.h — 4 Card Split: rule versions, paytables and presets.
 *
 * Every payout is "to 1" and stored as a rational num / den with one
 * denominator per paytable (den = 1 for the published tables), so that EVs
 * stay exact.  The rules and the readings of the open points are in
 * ../shared/games/4-card-split.md.
 */
#ifndef FOURCARD_SPLIT_RULES_H
#define FOURCARD_SPLIT_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "eval3.h"
#include "eval4.h"

/* How the dealer makes his 3-card hand from the upcard and 3 hole cards. */
enum split_dealer_hand {
    SPLIT_DEALER_BEST3OF4 = 0,    /* best 3 of his 4 cards (2014) */
    SPLIT_DEALER_UP_BEST2OF3 = 1, /* the upcard plus the best 2 of 3 (v2) */
};

/* The dealing rules: what the enumeration depends on (not the payouts). */
struct split_rules {
    enum split_dealer_hand dealer;
    int qualify_high; /* dealer qualifies with this high card or better: RANK_QUEEN (2014), RANK_KING (v2) */
};

/* With several 3-card instant winners in one hand (an open point). */
enum split_instant_reading {
    SPLIT_INSTANT_CHOOSE = 0,  /* the player keeps the one that maximises his EV (default) */
    SPLIT_INSTANT_HIGHEST = 1, /* he must take the highest-paying; among equal payers he chooses */
};

struct split_paytable {
    char name[64];      /* preset name, or the file's [game] name */
    char version[16];   /* "2014", "v2" or "custom" */
    struct split_rules rules;
    int64_t den;        /* common denominator of every payout below (>= 1) */
    /* Ante paid "to 1" when the player's played hand beats the dealer,
     * by its 3-card category (High and Pair are 1:1 = den). */
    int64_t ante_draw[E3_NCATEGORIES];
    /* Ante paid at once for a 3-card instant winner (Flush or better;
     * entries below Flush are 0 and unused). */
    int64_t ante_instant[E3_NCATEGORIES];
    /* Blind paid "to 1" by 4-card Blind category; -den = the Blind loses. */
    int64_t blind[BL_NCATEGORIES];
};

/* The presets of the seeds: "2014-1a".."2014-1d", "2014-2a".."2014-2c",
 * "v2-P1".."v2-P18" (25 in all). */
int split_preset_count(void);
const struct split_paytable *split_preset_at(int i); /* NULL unless 0 <= i < split_preset_count() */
/* NULL when unknown. */
const struct split_paytable *split_preset_find(const char *name);
#define SPLIT_DEFAULT_PRESET "2014-1a"

/* Reads a user paytable (INI; format in README.md and
 * strategies/example-split-paytable.ini).  Returns 0, or -1 with a
 * one-line message naming the file and line in err.
 * The full format: docs/split-paytable-format.md.  The whole file is read
 * and checked first: on error *out is left untouched.  err may be NULL
 * when errlen is 0. */
int split_paytable_load(const char *path, struct split_paytable *out, char *err, size_t errlen);

/* The pay lines of a paytable file, each named "section.key" as in the
 * file ("ante-draw.flush", "blind.two-pair"): 5 Ante draw pays, 5 instant
 * pays, 8 Blind pays, in the file's order. */
enum split_line_table { SPLIT_LINE_ANTE_DRAW, SPLIT_LINE_ANTE_INSTANT, SPLIT_LINE_BLIND };
enum { SPLIT_NLINES = 18 };
struct split_line {
    const char *name;             /* "ante-draw.flush" */
    enum split_line_table table;
    int cat;                      /* the category: enum eval3_category, or enum blind_category for the Blind */
};
const struct split_line *split_line_at(int i); /* NULL unless 0 <= i < SPLIT_NLINES */
int split_line_find(const char *name);         /* its index, or -1 */
/* The pay of a line in pt, "to 1" times pt->den. */
int64_t *split_line_pay(struct split_paytable *pt, const struct split_line *l);
int64_t split_line_pay_of(const struct split_paytable *pt, const struct split_line *l);

/* True when two paytables share the dealing rules (one enumeration serves both). */
int split_rules_equal(const struct split_rules *a, const struct split_rules *b);

#endif
