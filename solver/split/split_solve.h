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
#include "split_rules.h"
#include "wide.h"

#define SPLIT_L INT64_C(30678780)
#define SPLIT_SITUATIONS INT64_C(12994800) /* 270,725 x 48 */

/* The decision taken in a situation. */
enum split_choice {
    SPLIT_FOLD_ALL = 0, /* no instant winner; both hands folded */
    SPLIT_INSTANT = 1,  /* an instant winner taken; the single card played or folded */
    SPLIT_3_1 = 2,      /* a 3-card and a 1-card hand */
    SPLIT_2_2 = 3,      /* two 2-card hands */
};

/* Every total is a weighted sum over the situations (weights add up to
 * SPLIT_SITUATIONS); money is in 1/(SPLIT_L * den). */
struct split_totals {
    wide_t ev;           /* the whole round: Blind + Antes + Plays */
    wide_t blind;
    wide_t ante_instant; /* Antes paid as instant winners */
    wide_t ante;         /* the other Antes: showdowns and folds */
    wide_t play;         /* Play bets */
    int64_t choice[4];       /* situations by enum split_choice */
    int64_t instant_by_cat[E3_NCATEGORIES]; /* instant winners taken, by category */
    int64_t hands_played, hands_folded;
    int64_t plays;           /* Play bets made (= hands played) */
};

struct split_situation; /* split_situations.h */

struct split_result {
    struct split_paytable pt;
    enum split_instant_reading instant;
    struct split_totals tot;
    double seconds;
    int threads, ranks;     /* OpenMP threads per rank, MPI ranks */
    enum bind_mode bind;
};

/* One situation's decision under one paytable, for the strategy file. */
struct split_decision {
    enum split_choice choice;
    /* position masks into P: the two hands of a split (hand_a first), or
     * the instant trio (hand_a, no Play bet) and the single card (hand_b);
     * both 0 for fold all */
    uint8_t hand_a, hand_b;
    bool play_a, play_b;
    bool has_second;        /* false when the situation has one option only */
    wide_t best, second; /* EV of the best and the second-best option, Blind
                              * excluded, in 1/(SPLIT_L * den) */
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
