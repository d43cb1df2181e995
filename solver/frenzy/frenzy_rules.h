/* frenzy_rules.h — Four Card Frenzy: the paytables of the Odds bet (Win
 * and Bad Beat) and of the Four Card Bonus and Prime side bets, their
 * presets, and the loader of operator paytable files.
 *
 * Every payout is "to 1" and stored as a rational num / den with one
 * denominator per table (WE-1 pays 1.5 on a Flush, so its den is 2), so
 * that EVs stay exact.  -den means the bet loses.  The rules are in
 * ../shared/games/four-card-frenzy.md; the tables come from the seed
 * ../shared/seeds/four-card-frenzy.txt.
 */
#ifndef FOURCARD_FRENZY_RULES_H
#define FOURCARD_FRENZY_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"

/* What a table prices. */
enum frenzy_table_kind {
    FT_ODDS_WIN = 0,  /* the Odds when the player wins or copies */
    FT_BAD_BEAT = 1,  /* the Odds when the player loses */
    FT_BONUS = 2,     /* the Four Card Bonus side bet */
    FT_PRIME = 3,     /* the Prime side bet */
    FT_NKINDS = 4
};

/* Rows of the two Odds tables, by the player's best 4-card hand. */
enum frenzy_odds_row {
    FO_LOW = 0,           /* Two Pair or less */
    FO_STRAIGHT = 1,
    FO_FLUSH = 2,
    FO_TRIPS = 3,
    FO_STRAIGHT_FLUSH = 4,
    FO_QUADS = 5,         /* Quads 2 to K */
    FO_QUAD_ACES = 6,     /* never a Bad Beat: nothing beats it */
    FO_NROWS = 7
};

/* Rows of the Four Card Bonus, by the player's best 4-card hand. */
enum frenzy_bonus_row {
    FB_LOSS = 0,          /* Pair of Jacks or less */
    FB_PAIR_QA = 1,       /* a pair of Queens, Kings or Aces */
    FB_TWO_PAIR = 2,
    FB_STRAIGHT = 3,
    FB_FLUSH = 4,
    FB_TRIPS = 5,         /* Trips K or less */
    FB_TRIP_ACES = 6,
    FB_STRAIGHT_FLUSH = 7, /* below the Royal */
    FB_ROYAL = 8,         /* A-K-Q-J suited */
    FB_QUADS = 9,         /* Quads K or less */
    FB_QUAD_ACES = 10,
    FB_NROWS = 11
};

/* Rows of Prime, by the colours of the player's five cards. */
enum frenzy_prime_row {
    FP_LOSS = 0,   /* three and two */
    FP_FOUR = 1,   /* four of one colour */
    FP_FIVE = 2,   /* all five of one colour */
    FP_NROWS = 3
};

enum { FRENZY_MAXROWS = FB_NROWS };

struct frenzy_table {
    enum frenzy_table_kind kind;
    char name[16];       /* "WE-1", "BB-4b", "FC-12", "Prime-2"; a file's: "WE-2", "BB-5", "FC-13", "Prime-3" */
    int64_t den;         /* common denominator of the payouts (>= 1) */
    int64_t pay[FRENZY_MAXROWS]; /* by the kind's row; -den = the bet loses; unused rows 0 */
};

/* The rows of a kind: how many, and their display names ("Quad Aces"). */
int frenzy_table_nrows(enum frenzy_table_kind kind);
const char *frenzy_row_name(enum frenzy_table_kind kind, int row);
/* False for rows that cannot happen (Bad Beat on Quad Aces). */
int frenzy_row_exists(enum frenzy_table_kind kind, int row);
const char *frenzy_kind_name(enum frenzy_table_kind kind); /* "Odds Win", ... */

/* The row of a hand from its best 4-card Frenzy rank (eval4.h). */
int frenzy_odds_row(uint32_t rank);
int frenzy_bonus_row(uint32_t rank);
/* The Prime row of five cards (clubs and spades black, diamonds and
 * hearts red). */
int frenzy_prime_row(const card_t cards[5]);

/* Presets of the seed, in its order: WE-1; BB-1, BB-2, BB-3, BB-4, BB-4b
 * (the seed's second column also headed "BB-4"); FC-1 .. FC-12; Prime-1,
 * Prime-2. */
int frenzy_preset_count(enum frenzy_table_kind kind);               /* presets of the kind */
const char *frenzy_preset_name(enum frenzy_table_kind kind, int i); /* NULL past the last */
/* Fills *out; -1 when the kind has no preset of that name. */
int frenzy_preset_get(enum frenzy_table_kind kind, const char *name, struct frenzy_table *out);

#define FRENZY_DEFAULT_ODDS_WIN "WE-1"
#define FRENZY_DEFAULT_BAD_BEAT "BB-2" /* the layout prints WE-1 beside a BB-2-like column */

/* An operator's tables (WE-2, BB-5, FC-13, Prime-3) from an INI file
 * (format in docs/frenzy-paytable-format.md). */
struct frenzy_paytable {
    char name[64];  /* [game] name */
    int ntables;    /* 1..4 */
    struct frenzy_table tables[FT_NKINDS]; /* the file's tables, in kind order */
};

/* Reads a paytable file.  Returns 0, or -1 with a one-line message
 * "FILE:LINE: ..." (or "FILE: ...") in err; on error *out is untouched.
 * err may be NULL when errlen is 0. */
int frenzy_paytable_load(const char *path, struct frenzy_paytable *out, char *err, size_t errlen);

#endif
