/* split_solve.h — 4 Card Split: the optimal decision in every situation
 * and the exact EV of a round, for one or many paytables that share the
 * dealing rules (one enumeration, then pricing per paytable).
 *
 * Units: a hand's EV is an integer in 1/(SPLIT_L * den) of a unit, where
 * SPLIT_L = lcm of the hands' outcome totals (16,215, 713,460, 15,339,390)
 * and den is the paytable's denominator; a round's EV sums those over the
 * 12,994,800 situations (canonical classes times their weights).
 */
#ifndef FOURCARD_SPLIT_SOLVE_H
#define FOURCARD_SPLIT_SOLVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pinning.h"
#include "split_counts.h"
#include "split_decision.h"
#include "split_rules.h"
#include "wide.h"

struct split_situation; /* split_situations.h */

struct split_result {
    struct split_paytable pt;
    enum split_instant_reading instant;
    struct split_totals tot;
    double seconds;
    int threads, ranks;     /* OpenMP threads per rank, MPI ranks */
    enum bind_mode bind;
};

/* One situation's hands, for strategy cards and advice: the value of
 * each hand (position mask 1..14 into P) played, Ante + Play, under
 * paytable 0, in 1/(SPLIT_L * den).  A folded hand is -SPLIT_L * den. */
struct split_hand_values {
    int64_t play[SPLIT_NMASKS];
};

struct split_solve_options {
    enum split_instant_reading instant;
    int threads;                  /* 0 = OpenMP's default */
    enum bind_mode bind;          /* thread pinning (BIND_CORE = 0, the default) */
    bool strategy;                /* collect the decisions of paytable 0 (every rank alike) */
    struct split_decision **decisions; /* with strategy: rank 0 gets them here, one per class in
                                        * split_situations_list order (malloc'ed; the caller frees;
                                        * split_strategy_write writes them) */
    struct split_hand_values **values; /* when not NULL: rank 0 gets every class's hand values
                                        * here, in the same order (malloc'ed; the caller frees) */
    bool progress;                /* progress bar on stderr */
    int stride;                   /* tests only: visit every stride-th class (0 or 1 = all);
                                   * the totals then describe no game */
    /* When not NULL: called for every class this rank visits, from the
     * solve's threads (thread = omp_get_thread_num()), after its counts
     * are made; the designer (split_design.h) prices them its own way. */
    void (*each_class)(void *ctx, int thread, const struct split_situation *s,
                       const struct split_hand_counts counts[SPLIT_NMASKS]);
    void *each_ctx;
};

/* Solves every paytable (all with the same rules) in one enumeration;
 * results[i] for pts[i].  Under MPI every rank calls it; the ranks share
 * the classes and rank 0 alone gets the totals (and writes the strategy).
 * Returns 0, or -1 with a message in err. */
int split_solve(const struct split_paytable *pts, int npts, const struct split_solve_options *o,
                struct split_result *results, char *err, size_t errlen);

/* Prices one situation's counts under a paytable: the decision, and the
 * value of the best decision (Blind excluded) in 1/(SPLIT_L * den). */
/* The hand values of one situation's counts under a paytable. */
void split_hand_values_of(const struct split_paytable *pt, const struct split_hand_counts counts[SPLIT_NMASKS],
                          struct split_hand_values *v);

void split_decide(const struct split_paytable *pt, enum split_instant_reading instant, const card_t P[4],
                  const struct split_hand_counts counts[SPLIT_NMASKS], struct split_decision *d);

#endif
