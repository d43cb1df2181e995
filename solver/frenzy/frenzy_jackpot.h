/* frenzy_jackpot.h — Four Card Frenzy's two jackpot side bets, exactly,
 * as a function of the meter and of the number of players at the table.
 *
 * Five Card Jackpot (PJ-1 .. PJ-4): prizes on the player's original five
 * cards as ordinary 5-card poker, highest only.  Four Card Jackpot (Pays
 * with Envy, Pays 2 with Envy 2): prizes on his best four (the Frenzy
 * order), highest only, and Envy: a fixed amount to every other player
 * at the table for each player who hits.  Every prize is "for 1": the $1
 * wager is not returned, so a prize of X nets X - 1.  A percent prize is
 * that part of the meter, shared equally by all the players at the table
 * who hold its hand.  EVs are per $1 wagered, every player at the table
 * betting; the dealer's cards do not matter.  How the sharing is counted
 * exactly: frenzy_jackpot.c.
 */
#ifndef FOURCARD_FRENZY_JACKPOT_H
#define FOURCARD_FRENZY_JACKPOT_H

#include <stddef.h>
#include <stdint.h>

#include "cards.h"
#include "bigfrac.h"

enum frenzy_jackpot_game { FRENZY_JACKPOT_FIVE_CARD = 0, FRENZY_JACKPOT_FOUR_CARD = 1, FRENZY_JACKPOT_NGAMES = 2 };

enum { FRENZY_JACKPOT_MAX_PLAYERS = 7 };

/* Ordinary 5-card poker categories (no wild cards, A-2-3-4-5 the lowest
 * straight, the Royal apart from the other straight flushes). */
enum poker5_category {
    P5_HIGH = 0,
    P5_PAIR,
    P5_TWO_PAIR,
    P5_TRIPS,
    P5_STRAIGHT,
    P5_FLUSH,
    P5_FULL_HOUSE,
    P5_QUADS,
    P5_STRAIGHT_FLUSH, /* King-high and less */
    P5_ROYAL,
    P5_NCATEGORIES
};

/* The category of five distinct cards. */
enum poker5_category poker5_category(const card_t cards[5]);
/* "High Card" .. "Royal Flush" ("?" when out of range). */
const char *poker5_category_name(enum poker5_category c);

/* Prize rows of each game, worst first. */
enum jackpot5_row {
    JP5_NONE = 0, /* two pair or less */
    JP5_TRIPS,
    JP5_STRAIGHT,
    JP5_FLUSH,
    JP5_FULL_HOUSE,
    JP5_QUADS,
    JP5_STRAIGHT_FLUSH,
    JP5_ROYAL,
    JP5_NROWS
};
enum jackpot4_row {
    JP4_NONE = 0, /* below Trips */
    JP4_TRIPS,
    JP4_STRAIGHT_FLUSH,
    JP4_QUADS, /* 2s to Kings */
    JP4_FOUR_ACES,
    JP4_NROWS
};
enum { FRENZY_JACKPOT_MAXROWS = JP5_NROWS };

int frenzy_jackpot_nrows(enum frenzy_jackpot_game g); /* JP5_NROWS or JP4_NROWS */
/* "Two Pair or less" .. "Royal Flush", "below Trips" .. "Four Aces" ("?" when out of range). */
const char *frenzy_jackpot_row_name(enum frenzy_jackpot_game g, int row);
const char *frenzy_jackpot_game_name(enum frenzy_jackpot_game g); /* "Five Card Jackpot" */
/* The row of five cards under a game. */
int frenzy_jackpot_row_of(enum frenzy_jackpot_game g, const card_t cards[5]);
/* Rows that may carry a percent prize (their hands are listed for the
 * sharing): the Royal and Straight Flush, Four Aces. */
int frenzy_jackpot_meter_row(enum frenzy_jackpot_game g, int row);

struct frenzy_jackpot_prize {
    int64_t dollars; /* a fixed prize for 1, or 0 */
    int percent;     /* or this percent of the meter, shared; 0 if none */
    int64_t envy;    /* to each other player when one player holds the row */
};

struct frenzy_jackpot_table {
    enum frenzy_jackpot_game game;
    char name[16];      /* "PJ-1", "FJ-Pays", "FJ-Pays-2" */
    char option[16];    /* its command-line name: "PJ-1", "pays", "pays2" */
    char envy_name[16]; /* "Envy", "Envy 2", or "" */
    struct frenzy_jackpot_prize prize[FRENZY_JACKPOT_MAXROWS];
};

/* PJ-1 .. PJ-4, FJ-Pays, FJ-Pays-2. */
int frenzy_jackpot_preset_count(enum frenzy_jackpot_game g);                                /* presets of game g */
const struct frenzy_jackpot_table *frenzy_jackpot_preset(enum frenzy_jackpot_game g, int i); /* NULL past the last */
/* By its option name; -1 if none. */
int frenzy_jackpot_preset_get(enum frenzy_jackpot_game g, const char *option, struct frenzy_jackpot_table *out);

/* A prize in words: "10% of the meter, shared", "$200", "-". */
char *frenzy_jackpot_prize_text(int percent, int64_t dollars, char *buf, size_t len);
/* The game's rules in one sentence, for the reports. */
const char *frenzy_jackpot_rules(enum frenzy_jackpot_game g);

/* Every hand of the deck sorted into a game's rows, once per game. */
struct frenzy_jackpot_hands {
    enum frenzy_jackpot_game game;
    int64_t freq[FRENZY_JACKPOT_MAXROWS]; /* of the 2,598,960 hands */
    cardmask_t *hits[FRENZY_JACKPOT_MAXROWS]; /* the hands of the meter rows, else NULL */
    long nhits[FRENZY_JACKPOT_MAXROWS];
};

/* Sorts every hand into game g's rows (OpenMP).  Returns 0, or -1 with a message in err (nothing left to free). */
int frenzy_jackpot_hands_build(enum frenzy_jackpot_game g, struct frenzy_jackpot_hands *out, char *err, size_t errlen);
void frenzy_jackpot_hands_free(struct frenzy_jackpot_hands *h); /* the lists of hands */

/* One bet at one table: EV(meter) = base + per_meter * meter, per $1. */
struct frenzy_jackpot_result {
    struct frenzy_jackpot_table table;
    int players;                   /* at the table, all betting: 1..7 */
    struct bigfrac meter;          /* dollars */
    int64_t freq[FRENZY_JACKPOT_MAXROWS];
    struct bigfrac base;           /* the EV with an empty meter */
    struct bigfrac per_meter;      /* the EV each meter dollar adds */
    struct bigfrac ev;             /* at the meter */
    struct bigfrac break_even;     /* the meter where the EV is 0 (when per_meter > 0) */
    double seconds;
};

/* Prices table t for 1..7 players at the meter, h built for t's game (OpenMP). */
void frenzy_jackpot_price(const struct frenzy_jackpot_table *t, const struct frenzy_jackpot_hands *h, int players, struct bigfrac meter,
                   struct frenzy_jackpot_result *out);

/* Builds the hands each game needs once, then prices every table.
 * Returns 0, or -1 with a message (out of memory). */
int frenzy_jackpot_solve(const struct frenzy_jackpot_table *tables, int n, int players, struct bigfrac meter,
                  struct frenzy_jackpot_result *out, char *err, size_t errlen);

/* The sharing, exposed for the tests.
 *
 * frenzy_jackpot_disjoint_sets: counts[j] += the sets of j hands of hits
 * (j = 0..maxj) pairwise disjoint and disjoint from avoid.
 *
 * frenzy_jackpot_share: given such counts summed over the player's hands h,
 * the sum over h of E[1 / (1 + K) | h], K being how many of `others`
 * players hold a hand of hits, each dealt `hand` cards from the `left`
 * cards h leaves. */
void frenzy_jackpot_disjoint_sets(const cardmask_t *hits, long nhits, cardmask_t avoid, int maxj, int64_t *counts);
struct bigfrac frenzy_jackpot_share(const int64_t *counts, int others, int left, int hand);

#endif
