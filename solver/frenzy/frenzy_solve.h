/* frenzy_solve.h — Four Card Frenzy: the best decision for every player
 * hand, the exact EV of a round, and the side bets.
 *
 * One enumeration (frenzy_counts.h) serves every pair of Odds tables and
 * every side bet: pricing reads only the integer counts of each class.
 *
 * Units: the money of one player hand is an integer in
 * 1/(FRENZY_DEALER_HANDS * den) of an Ante, den being the game's common
 * denominator (the lcm of the two Odds tables' dens); a total sums those
 * over the 2,598,960 hands (classes times weights), so it is in
 * 1/(FRENZY_HANDS * FRENZY_DEALER_HANDS * den).
 */
#ifndef FOURCARD_FRENZY_SOLVE_H
#define FOURCARD_FRENZY_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "frenzy_counts.h"
#include "frenzy_rules.h"
#include "pinning.h"
#include "wide.h"

/* Equal 4-card hands (a copy): an open point of the rules. */
enum frenzy_copy {
    FRENZY_COPY_WIN = 0,  /* Washington: the player wins the copy (Ante if qualified, Raise, Odds) */
    FRENZY_COPY_PUSH = 1, /* the Ante and Raise push on a copy; the Odds still pays as on a win */
};

enum frenzy_choice { FRENZY_FOLD = 0, FRENZY_RAISE1 = 1, FRENZY_RAISE2 = 2, FRENZY_RAISE3 = 3, FRENZY_NCHOICES = 4 };

/* A main game: the two Odds tables and the reading of copies. */
struct frenzy_game {
    struct frenzy_table win;      /* kind FT_ODDS_WIN */
    struct frenzy_table bad_beat; /* kind FT_BAD_BEAT */
    enum frenzy_copy copy;
};

/* The denominator of a game's money: lcm of the two tables' dens. */
int64_t frenzy_game_den(const struct frenzy_game *g);

/* The largest Raise a hand may make: 3 with a pair of Aces or better as
 * its best four, else 1. */
int frenzy_max_raise(uint32_t rank);

/* One class priced: the three bets of a played hand (the Raise per unit
 * raised) and the decision, in 1/(FRENZY_DEALER_HANDS * den). */
struct frenzy_decision {
    wide_t ante, odds, raise_unit;  /* when the hand is played */
    wide_t ev[FRENZY_NCHOICES];     /* per option; only 0..max_raise are legal */
    int max_raise;
    enum frenzy_choice choice;      /* the best; a tie goes to the smaller wager */
};

/* Prices class c under g, den = frenzy_game_den(g) or a multiple: the bets, each option's EV, the best legal. */
void frenzy_decide(const struct frenzy_game *g, int64_t den, const struct frenzy_class *c, struct frenzy_decision *d);
/* The same when c's counts are among `all` equally likely dealer hands
 * (not FRENZY_DEALER_HANDS: some dealer card is known, frenzy_seen.h);
 * the money is then in 1/(all * den). */
void frenzy_decide_among(const struct frenzy_game *g, int64_t den, const struct frenzy_class *c, int64_t all,
                         struct frenzy_decision *d);

/* Weighted over all hands, in 1/(FRENZY_HANDS * FRENZY_DEALER_HANDS * den). */
struct frenzy_totals {
    wide_t ev, ante, odds, raise;
    int64_t choice[FRENZY_NCHOICES]; /* hands taking each decision (of FRENZY_HANDS) */
    int64_t raise_units;             /* units raised, summed over the hands */
};

struct frenzy_result {
    struct frenzy_game game;
    int64_t den;
    struct frenzy_totals tot;
    char paytable[64];      /* the [game] name of a paytable file used, or "" */
    double seconds;         /* the whole solve */
    double seconds_counts;  /* the enumeration, shared by every table */
    double seconds_pricing; /* this game's pricing */
    int threads, ranks;     /* the run's layout: OpenMP threads per MPI rank, ranks */
    enum bind_mode bind;
};

/* A side bet: how many of the 2,598,960 hands fall in each row, and the
 * EV of one unit bet, in 1/(FRENZY_HANDS * table.den). */
struct frenzy_side_result {
    struct frenzy_table table;
    int64_t freq[FRENZY_MAXROWS];
    wide_t ev;
    double seconds;
};

/* Adds a class of w hands, played by decision d, to the totals; sums two totals. */
void frenzy_account(const struct frenzy_decision *d, int w, struct frenzy_totals *t);
void frenzy_totals_add(struct frenzy_totals *a, const struct frenzy_totals *b);

/* Prices one game over every class (OpenMP; integer sums, so the same
 * totals for any thread count). */
void frenzy_price(const struct frenzy_game *g, const struct frenzy_counts *c, struct frenzy_totals *tot);
/* Side bets: one table, or n tables (each kind's rows tallied once). */
void frenzy_side_bet(const struct frenzy_table *t, const struct frenzy_counts *c, struct frenzy_side_result *out);
void frenzy_side_bet_tables(const struct frenzy_table *tables, int n, const struct frenzy_counts *c,
                            struct frenzy_side_result *out);

struct frenzy_solve_options {
    int threads;              /* 0 = OpenMP's default */
    const char *paytable;     /* a paytable file's [game] name, or NULL */
    bool progress;            /* progress bar on stderr */
    enum bind_mode bind;      /* pinning of the threads (default core) */
    struct frenzy_counts *counts_out; /* when not NULL, rank 0's counts are handed over here
                                       * (the caller frees them) instead of freed: the strategy
                                       * file and card, PAR sheets */
};

/* One enumeration, then every game and side bet.  results[i] for
 * games[i], side_results[j] for sides[j].  Returns 0, or -1 with a
 * message in err.  Under MPI the ranks share the enumeration and only
 * rank 0 goes on to the pricing: the other ranks' results hold only the
 * run's layout.  Opens no file. */
int frenzy_solve(const struct frenzy_game *games, int ngames, const struct frenzy_table *sides, int nsides,
                 const struct frenzy_solve_options *o, struct frenzy_result *results,
                 struct frenzy_side_result *side_results, char *err, size_t errlen);

#endif
