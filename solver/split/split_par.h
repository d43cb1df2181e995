/* split_par.h — 4 Card Split: the exact distribution of a round's net
 * result under the optimal strategy, and the figures of a PAR sheet.
 *
 * A round is one player alone against the dealer: Blind, both Antes and
 * the Play bets, each 1 unit, settled as in ../shared/games/4-card-split.md.
 * The player takes split_solve's optimal decision in every situation (the
 * same decisions, tie-breaks included, as `fourcard solve split`).
 *
 * Exactness.  Every round of the uniform space of split_par_table.h (the
 * situation (P, u), the dealer's 3 hole cards, then the player's 2
 * completion cards in deal order) is counted once: weights are integers
 * out of `total` = SPLIT_PAR_TOTAL = 398,664,610,344,000 rounds, money is
 * an integer in 1/den of a unit (den = the paytable's denominator).  The
 * mean of the distribution is checked against the solver's exact EV, and
 * every bet's contribution and decision count against the solver's totals,
 * on every run: a mismatch is an error, not a warning.
 *
 * Usage:
 *   struct split_par par;
 *   struct split_par_options o = {.instant = SPLIT_INSTANT_CHOOSE, .threads = 2};
 *   if (split_par_compute(split_preset_find("2014-1a"), &o, &par, err, sizeof err) != 0) ...
 *   ... split_par_mean(&par), par.values[i].net / den, par.values[i].weight / total ...
 *   split_par_free(&par);
 * One process: started under mpirun with several ranks it refuses (the
 * solve inside would split the classes between ranks).  Results are the
 * same bits for any thread count.  About twice the time of a solve.
 */
#ifndef FOURCARD_SPLIT_PAR_H
#define FOURCARD_SPLIT_PAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pinning.h"
#include "split_par_table.h"
#include "split_rules.h"
#include "split_solve.h"

struct split_par_options {
    enum split_instant_reading instant;
    int threads;        /* 0 = OpenMP's default */
    enum bind_mode bind;
    bool progress;      /* progress bars on stderr */
    int stride;         /* tests only: every stride-th class (0 or 1 = all); the figures then describe no game */
};

/* One net result of a round and the rounds that end with it. */
struct split_par_value {
    int64_t net;    /* in 1/den of a unit: Blind + Antes + Plays, the player's view */
    int64_t weight; /* rounds, out of total */
};

/* Each bet's total money over all rounds, in 1/den (divide by total * den
 * for its contribution to the EV per round). */
struct split_par_bets {
    wide_t blind;
    wide_t ante_instant;  /* Antes paid at once as instant winners */
    wide_t ante_showdown; /* Antes of played hands */
    wide_t ante_fold;     /* Antes lost by folding */
    wide_t play;          /* Play bets */
};

/* What the player does, in rounds out of total (a situation's rounds all
 * take its decision, so each count is a multiple of SPLIT_L). */
struct split_par_decisions {
    int64_t choice[4];                      /* by enum split_choice */
    int64_t instant_by_cat[E3_NCATEGORIES]; /* the instant winner taken, Flush..Royal */
    int64_t instant_played;                 /* ... and its single card played (else folded) */
    int64_t split_3_1_both, split_3_1_three_only, split_3_1_one_only;
    int64_t split_2_2_both, split_2_2_one_only;
    int64_t hands_played, hands_folded;     /* hands of all rounds (0, 1 or 2 a round) */
};

/* The played hands, by which hand of the decision they are. */
enum split_par_hand {
    SPLIT_PAR_HAND_THREE = 0,   /* the 3-card hand of a 3+1 split */
    SPLIT_PAR_HAND_ONE = 1,     /* the 1-card hand of a 3+1 split */
    SPLIT_PAR_HAND_TWO = 2,     /* either 2-card hand of a 2+2 split */
    SPLIT_PAR_HAND_SINGLE = 3,  /* the single card left beside an instant winner */
    SPLIT_PAR_NHANDS = 4
};

struct split_par {
    struct split_paytable pt;
    enum split_instant_reading instant;
    int64_t total;   /* rounds: SPLIT_PAR_TOTAL (less with a stride) */
    int64_t den;     /* money unit: 1/den (= pt.den) */

    /* the distribution: distinct net results, ascending */
    long nvalues;
    struct split_par_value *values;
    wide_t sum_net;  /* sum of weight * net, in 1/den: E[X] = sum_net / (total * den) */
    wide_t sum_net2; /* sum of weight * net^2, in 1/den^2 */
    int64_t wins, pushes, losses; /* rounds with net > 0, = 0, < 0 */
    int64_t divisor; /* gcd of the values' weights (it divides total): the
                      * smallest whole cycle is weight / divisor out of
                      * total / divisor */

    struct split_par_bets bets;
    int64_t blind_by_cat[BL_NCATEGORIES]; /* the player's 4 cards, by Blind category */
    struct split_par_decisions decisions;
    /* played hands by their final 3-card category, result (enum
     * split_par_result) and whether the dealer qualified */
    int64_t played[SPLIT_PAR_NHANDS][E3_NCATEGORIES][SPLIT_PAR_NRESULTS][2];
    /* the dealer's final hand by 3-card category and qualification, over
     * all rounds and over rounds with a showdown (at least one hand played) */
    int64_t dealer_all[E3_NCATEGORIES][2], dealer_showdown[E3_NCATEGORIES][2];
    int64_t showdowns;

    struct split_par_table *table; /* the raw joint table everything above comes from */
    wide_t solver_ev;          /* split_solve's tot.ev: equals sum_net (checked) */
    double seconds, solve_seconds; /* whole run; of which the solve for the decisions */
    int threads;
};

/* Computes the distribution and figures of paytable pt.  Returns 0, or -1
 * with a one-line message in err (out of memory, or a failed cross-check
 * against the solver: a bug).  On success free out with split_par_free. */
int split_par_compute(const struct split_paytable *pt, const struct split_par_options *o, struct split_par *out,
                      char *err, size_t errlen);

/* Frees the values and the table and sets them NULL (a second call is harmless). */
void split_par_free(struct split_par *par);

/* Derives every figure of out from a joint table (tests use it on tables
 * of single situations).  Sets pt, instant, total (the table's own sum)
 * and den; the rest as above, solver_ev and timing left 0.  Returns 0, or
 * -1 when memory runs out. */
int split_par_summarise(const struct split_paytable *pt, enum split_instant_reading instant,
                        const struct split_par_table *table, struct split_par *out);

/* Names for reports: "3+1 three-card hand", ...; "win", "tie", "lose". */
const char *split_par_hand_name(enum split_par_hand h);
const char *split_par_result_name(enum split_par_result r);

/* For display only: per unit and per round. */
double split_par_mean(const struct split_par *par);   /* E[X] */
double split_par_sd(const struct split_par *par);     /* sqrt(E[X^2] - E[X]^2) */
double split_par_freq(const struct split_par *par, int64_t weight); /* weight / total */

#endif
